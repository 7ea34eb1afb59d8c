"""The small inputs of an action's parameters (generated from its `Field`s): a number
box, a choice, a tick box or a short text, each reading back its value, telling of
its edits, and performing the action on Enter."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QEvent, QObject, Qt
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import (
    QAbstractSpinBox,
    QCheckBox,
    QComboBox,
    QLineEdit,
    QSpinBox,
    QWidget,
)

from tracker.engine.fields import Field
from tracker.qt.indicator_style import outlined
from tracker.qt.views.quiet_combo import QuietCombo

# A widget with this property set is an action's input: Enter performs the action
# rather than pressing or ticking it (see `tracker.qt.keyboard`).
ACTION_INPUT = "tracker_action_input"
TEXT_WIDTH = 110  # a text parameter's box, in pixels (its label is its placeholder)
ENTER_KEYS = (Qt.Key.Key_Return, Qt.Key.Key_Enter)


def param_widget(field: Field) -> QWidget:
    """A compact input for the field, set to its default."""
    widget: QWidget
    if field.kind == "int":
        spin = QSpinBox()
        spin.setRange(field.minimum or 0, field.maximum if field.maximum is not None else 999)
        spin.setValue(int(field.default))
        spin.setButtonSymbols(QAbstractSpinBox.ButtonSymbols.NoButtons)  # arrows, wheel
        spin.setAlignment(Qt.AlignmentFlag.AlignRight)
        widget = spin
    elif field.kind == "choice":
        combo = QuietCombo()
        for choice, label in field.labelled_choices():
            combo.addItem(label, choice)  # the system's words; the choice is the data
        combo.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToContents)
        widget = combo
    elif field.kind == "bool":
        box = outlined(QCheckBox(field.label))
        box.setChecked(bool(field.default))
        widget = box
    else:
        line = QLineEdit(str(field.default))
        line.setPlaceholderText(field.label)
        line.setFixedWidth(TEXT_WIDTH)
        widget = line
    widget.setProperty(ACTION_INPUT, True)
    widget.setToolTip(f"{field.label}: {field.help}" if field.help else field.label)
    return widget


def needs_caption(field: Field, action_label: str, param_count: int) -> bool:
    """Whether the input needs its label beside it: a text box shows it as placeholder,
    a tick box as its text, and a lone parameter named by its action (Spend AP's AP)
    needs none."""
    if field.kind in ("text", "bool"):
        return False
    return not (param_count == 1 and field.label.lower() in action_label.lower())


def on_edit(widget: QWidget, slot: Callable[[], None]) -> None:
    """Call `slot` whenever the input's value changes."""
    if isinstance(widget, QSpinBox):
        widget.valueChanged.connect(lambda _value: slot())
    elif isinstance(widget, QComboBox):
        widget.currentIndexChanged.connect(lambda _index: slot())
    elif isinstance(widget, QCheckBox):
        widget.toggled.connect(lambda _checked: slot())
    elif isinstance(widget, QLineEdit):
        widget.textChanged.connect(lambda _text: slot())


def param_value(widget: QWidget) -> Any:
    if isinstance(widget, QSpinBox):
        return widget.value()
    if isinstance(widget, QComboBox):
        return widget.currentData()
    if isinstance(widget, QCheckBox):
        return widget.isChecked()
    assert isinstance(widget, QLineEdit)
    return widget.text()


def set_param_value(widget: QWidget, value: Any) -> None:
    if isinstance(widget, QSpinBox):
        widget.setValue(int(value))
    elif isinstance(widget, QComboBox):
        widget.setCurrentIndex(max(0, widget.findData(str(value))))
    elif isinstance(widget, QCheckBox):
        widget.setChecked(bool(value))
    elif isinstance(widget, QLineEdit):
        widget.setText(str(value))


class EnterPerforms(QObject):
    """Enter (or Return) in any of the inputs it watches calls `perform` instead of
    reaching the input; a spin box is watched together with its inner text box."""

    def __init__(self, perform: Callable[[], object], parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._perform = perform

    def watch(self, widget: QWidget) -> None:
        widget.installEventFilter(self)
        # A spin box's or an editable combo box's editor, a child of its own (looked for
        # among the direct children only: PySide would load the class of every widget
        # inside, the combo box's popup list too).
        direct = Qt.FindChildOption.FindDirectChildrenOnly
        for inner in widget.findChildren(QLineEdit, options=direct):
            inner.installEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if (
            event.type() == QEvent.Type.KeyPress
            and isinstance(event, QKeyEvent)
            and event.key() in ENTER_KEYS
            and not event.modifiers() & ~Qt.KeyboardModifier.KeypadModifier
        ):
            spin = watched if isinstance(watched, QAbstractSpinBox) else watched.parent()
            if isinstance(spin, QAbstractSpinBox):
                spin.interpretText()  # take the number as typed, not as last shown
            self._perform()
            return True
        return super().eventFilter(watched, event)
