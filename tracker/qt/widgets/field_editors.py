"""Editors generated from declared `Field`s, each with its error message beside it.

Numbers are typed into line edits rather than spin boxes so that a wrong entry is
kept on screen and explained ("Speed must be between 0 and 60") instead of being
silently clamped."""

from __future__ import annotations

from collections.abc import Collection
from typing import Any, cast

from PySide6.QtCore import QRect, Qt
from PySide6.QtGui import QResizeEvent
from PySide6.QtWidgets import (
    QApplication,
    QCheckBox,
    QComboBox,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPlainTextEdit,
    QVBoxLayout,
    QWidget,
)

from tracker.engine.errors import CommandError
from tracker.engine.fields import Field
from tracker.engine.ruleset import AnyRuleset
from tracker.engine.state import Encounter
from tracker.qt.appearance import is_dark
from tracker.qt.indicator_style import outlined
from tracker.qt.layout_items import add_layout
from tracker.qt.palette import ERROR_INK
from tracker.qt.views.quiet_combo import QuietCombo

WRAP = int(Qt.TextFlag.TextWordWrap) | int(Qt.AlignmentFlag.AlignLeft)


def error_style() -> str:
    """A field's error message: red enough to see, readable on the scheme in force."""
    dark = is_dark(QApplication.palette())
    return f"color: {ERROR_INK[dark]}; font-weight: bold;"


def fill_choices(combo: QComboBox, field: Field) -> None:
    """The field's choices in the system's words, each holding its choice as its data."""
    combo.clear()
    for choice, label in field.labelled_choices():
        combo.addItem(label, choice)


class WrappedLabel(QLabel):
    """A wrapping label that is always as tall as its lines at its width: a form
    (QFormLayout) sizes a row across its width from an earlier text's height, and would
    clip a longer message."""

    def setText(self, text: str) -> None:
        super().setText(text)
        self._fit_height()

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self._fit_height()

    def _fit_height(self) -> None:
        """The height of the text's lines at the label's width, measured from the text
        (the label's own `heightForWidth` never drops below its minimum height)."""
        needed = 0
        if self.text():
            margins = self.contentsMargins()
            extra_width = margins.left() + margins.right() + 2 * self.margin()
            extra_height = margins.top() + margins.bottom() + 2 * self.margin()
            room = QRect(0, 0, max(self.width() - extra_width, 1), 1 << 20)
            lines = self.fontMetrics().boundingRect(room, WRAP, self.text())
            needed = lines.height() + extra_height
        if needed != self.minimumHeight():
            self.setMinimumHeight(needed)


class FieldEditor(QWidget):
    """One field: an input widget, and the error shown when its value is bad (`error`,
    which the form places below the field, across the whole form's width: a message
    wraps there on a line as wide as the form, never squeezed into the field's column
    and never wider than the form). The error's label is made when first needed (a
    form's fields are seldom wrong: the inspector's editor made nine labels, each with
    a style sheet of its own, at every start)."""

    def __init__(
        self,
        field: Field,
        parent: QWidget | None = None,
        multiline: bool = False,
        form: QFormLayout | None = None,
    ):
        """`form`: the form layout the editor is a row of (its error goes below it)."""
        super().__init__(parent)
        self.field = field
        self._form = form
        self._error: WrappedLabel | None = None
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(2)
        if field.kind == "choice":
            self.input: QComboBox | QCheckBox | QPlainTextEdit | QLineEdit = QuietCombo()
            fill_choices(self.input, field)
        elif field.kind == "bool":
            self.input = outlined(QCheckBox())
        elif multiline:
            self.input = QPlainTextEdit()
            self.input.setFixedHeight(70)
            self.input.setTabChangesFocus(True)  # Tab goes on to the next field
        else:
            self.input = QLineEdit()
            if field.kind == "int" and field.minimum is not None and field.maximum is not None:
                self.input.setPlaceholderText(f"{field.minimum}–{field.maximum}")
        self.input.setObjectName(f"field_{field.name}")
        if field.help:
            self.input.setToolTip(field.help)
        self.row = QHBoxLayout()  # the input, and a Roll button where one is added
        self.row.setContentsMargins(0, 0, 0, 0)
        self.row.addWidget(self.input, 1)
        add_layout(layout, self.row)
        self.loaded: Any = self.raw_value()

    @property
    def error(self) -> WrappedLabel:
        """The error's label, hidden until a message is shown: made now if it is not
        yet, below the editor's row of its form (in its own layout, on its own)."""
        if self._error is None:
            form = self._form
            holder = form.parentWidget() if form is not None else None
            self._error = label = WrappedLabel(holder or self)
            label.setObjectName(f"error_{self.field.name}")
            label.setStyleSheet(error_style())
            label.setWordWrap(True)
            label.setTextFormat(Qt.TextFormat.PlainText)  # it may quote what was typed
            label.hide()
            row = -1
            if form is not None:  # (PySide types the position as an object)
                row = cast("tuple[int, QFormLayout.ItemRole]", form.getWidgetPosition(self))[0]
            if form is not None and row >= 0:
                form.insertRow(row + 1, label)
            else:
                own = self.layout()
                assert own is not None  # (its QVBoxLayout)
                own.addWidget(label)
        return self._error

    def showing_error(self) -> bool:
        """Whether the editor shows an error now."""
        return self._error is not None and not self._error.isHidden()

    def refit(self, field: Field) -> None:
        """Edit `field` from now on: a field of the same name and kind whose default,
        range, choices or help differ (the same question asked of someone else)."""
        if field == self.field:
            return
        old, self.field = self.field, field
        widget = self.input
        if isinstance(widget, QComboBox) and field.labelled_choices() != old.labelled_choices():
            fill_choices(widget, field)
        elif isinstance(widget, QLineEdit) and field.kind == "int":
            ranged = field.minimum is not None and field.maximum is not None
            widget.setPlaceholderText(f"{field.minimum}–{field.maximum}" if ranged else "")
        if field.help != old.help:
            widget.setToolTip(field.help)

    def set_value(self, value: Any) -> None:
        self._set(value)
        self.loaded = self.raw_value()
        self.show_error("")

    def clear(self) -> None:
        """Show nothing, as when just made (a text field empty, its range as a hint)."""
        widget = self.input
        if isinstance(widget, QComboBox):
            widget.setCurrentIndex(0)
        elif isinstance(widget, QCheckBox):
            widget.setChecked(False)
        else:
            widget.clear()
        self.loaded = self.raw_value()
        self.show_error("")

    @property
    def edited(self) -> bool:
        """Whether the GM changed the value since it was last set."""
        return bool(self.raw_value() != self.loaded)

    def _set(self, value: Any) -> None:
        """Show `value`. A notes box that shows it already keeps its text (the editor is
        filled again at each change of its combatant, and the notes were laid out and
        repainted anew for the same text); its typing history is forgotten all the same,
        as a line's is, so Ctrl+Z and Ctrl+Shift+Z go on to the fight."""
        widget = self.input
        if isinstance(widget, QComboBox):
            widget.setCurrentIndex(max(0, widget.findData(str(value))))
        elif isinstance(widget, QCheckBox):
            widget.setChecked(bool(value))
        elif isinstance(widget, QPlainTextEdit):
            if widget.toPlainText() != str(value):
                widget.setPlainText(str(value))
            else:
                widget.document().clearUndoRedoStacks()
        else:
            widget.setText(str(value))

    def raw_value(self) -> Any:
        widget = self.input
        if isinstance(widget, QComboBox):
            return widget.currentData()  # the choice; the GM reads its label
        if isinstance(widget, QCheckBox):
            return widget.isChecked()
        if isinstance(widget, QPlainTextEdit):
            return widget.toPlainText()
        return widget.text()

    def show_error(self, message: str) -> None:
        if not message and self._error is None:
            return  # no message shown yet: nothing to hide
        if message != self.error.text():
            self.error.setText(message)
        if self.error.isHidden() == bool(message):
            self.error.setVisible(bool(message))


class FieldForm(QWidget):
    """A form of field editors. `values()` cleans every field and shows each problem next
    to its field; it returns None if any field is wrong."""

    def __init__(
        self,
        fields: tuple[Field, ...],
        parent: QWidget | None = None,
        multiline: frozenset[str] = frozenset(),
        layout: QFormLayout | None = None,
    ) -> None:
        """With `layout`, the rows join that form (so labels align with its other rows)."""
        super().__init__(parent)
        self.editors: dict[str, FieldEditor] = {}
        if layout is None:
            layout = QFormLayout(self)
            layout.setContentsMargins(0, 0, 0, 0)
        self._layout = layout
        for field in fields:
            editor = FieldEditor(field, self, field.name in multiline, layout)
            self.editors[field.name] = editor
            layout.addRow(f"{field.label}:", editor)  # its error below it when it has one
        self._hidden: frozenset[str] = frozenset()

    def hide_fields(self, names: Collection[str]) -> None:
        """These fields' rows out of sight (the rules do not read them now), the others
        shown; a hidden field keeps its value, and `values` still gives it."""
        hidden = frozenset(names)
        if hidden == self._hidden:
            return
        self._hidden = hidden
        for name, editor in self.editors.items():
            self._layout.setRowVisible(editor, name not in hidden)

    def set_values(self, values: dict[str, Any], keep_edited: bool = False) -> None:
        """Fill the form; with `keep_edited`, a field the GM has changed keeps its text."""
        for name, editor in self.editors.items():
            if keep_edited and editor.edited:
                editor.loaded = _raw_of(values.get(name, editor.field.default), editor)
                continue
            editor.set_value(values.get(name, editor.field.default))

    def clear(self) -> None:
        """Every field as when the form was just made."""
        for editor in self.editors.values():
            editor.clear()

    def edited(self) -> list[str]:
        """The fields the GM changed since the form was filled."""
        return [name for name, editor in self.editors.items() if editor.edited]

    def untouched(self) -> bool:
        """Whether every field holds what it was filled with, and shows no error."""
        return not any(editor.edited or editor.showing_error() for editor in self.editors.values())

    def values(self) -> dict[str, Any] | None:
        cleaned: dict[str, Any] = {}
        ok = True
        for name, editor in self.editors.items():
            try:
                cleaned[name] = editor.field.clean(editor.raw_value())
                editor.show_error("")
            except CommandError as error:
                editor.show_error(error.message)
                ok = False
        return cleaned if ok else None

    def show_error(self, field_name: str, message: str) -> bool:
        """Show an error next to a field; False if the form has no such field."""
        editor = self.editors.get(field_name)
        if editor is None:
            return False
        editor.show_error(message)
        return True


def hide_unread_stats(form: FieldForm, ruleset: AnyRuleset, encounter: Encounter) -> None:
    """The ruleset's stats in `form` that it does not read under the encounter's options
    (`Ruleset.offered_stat_fields`) out of sight, the others shown."""
    offered = {field.name for field in ruleset.offered_stat_fields(encounter)}
    form.hide_fields([f.name for f in ruleset.stat_fields if f.name not in offered])


def _raw_of(value: Any, editor: FieldEditor) -> Any:
    """What the editor would hold for `value` (a check box holds a bool, a line a text)."""
    if isinstance(editor.input, QCheckBox):
        return bool(value)
    return str(value)
