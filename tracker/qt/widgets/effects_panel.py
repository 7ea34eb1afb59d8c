"""The effects panel of the main window: the active effects, and buttons to add, edit
and end one, plus the ruleset's own actions on an effect."""

from __future__ import annotations

from collections.abc import Callable
from typing import NamedTuple

from PySide6.QtCore import QModelIndex, QPersistentModelIndex, Qt
from PySide6.QtWidgets import (
    QAbstractItemView,
    QCheckBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QPushButton,
    QStyleOptionViewItem,
    QVBoxLayout,
    QWidget,
)

from tracker.engine.ruleset import ActionSpec, AnyRuleset
from tracker.engine.state import Effect, Encounter
from tracker.qt.document import EncounterDocument
from tracker.qt.indicator_style import outlined
from tracker.qt.layout_items import add_layout
from tracker.qt.models.effects_filter import SelectedEffects
from tracker.qt.models.effects_model import EffectsModel, NoteRole
from tracker.qt.views.elided_tips import ElidedTipDelegate
from tracker.qt.views.fitted_rows import FittedRows
from tracker.qt.views.fresh_rows import FreshRows

Index = QModelIndex | QPersistentModelIndex
COLUMN_WIDTHS = (84, 72, 72)  # effect, on, by; the time left takes the rest
REMAINING = len(COLUMN_WIDTHS)


class EffectCalls(NamedTuple):
    """What the panel's buttons do (the window's own commands). (A named tuple, not a
    dataclass: made with the rest of the window, in a sixth of the time.)"""

    add: Callable[[], None]
    edit_selected: Callable[[], None]
    end_selected: Callable[[], None]
    ruleset_action: Callable[[str], None]  # by the action's name


def effect_actions(ruleset: AnyRuleset, encounter: Encounter) -> list[ActionSpec]:
    """The ruleset's own actions on a selected effect ("Stop maintaining song"), those
    offered in the encounter."""
    return [spec for spec in ruleset.offered_actions(encounter) if spec.on == "effect"]


class EffectNoteDelegate(ElidedTipDelegate):
    """The effect's name with the GM's note on the lines below it (on the GM's panel
    only: the text the model gives the players' screen is the name alone)."""

    def initStyleOption(self, option: QStyleOptionViewItem, index: Index) -> None:
        super().initStyleOption(option, index)
        note = index.data(NoteRole) if index.column() == 0 else None
        if note:
            option.text = f"{option.text}\n“{note}”"


class EffectsPanel(QWidget):
    def __init__(
        self,
        model: EffectsModel,
        actions: list[ActionSpec],
        calls: EffectCalls,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self._calls = calls
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        # Whose effects: the selected combatant's (on it or made by it), or all.
        self.shown = SelectedEffects(model, self)
        top = QHBoxLayout()
        self.caption = QLabel("Effects")
        self.caption.setObjectName("effects_caption")
        self.caption.setTextFormat(Qt.TextFormat.PlainText)  # a name may hold < or &
        self.show_all = outlined(QCheckBox("All"))
        self.show_all.setToolTip("Show every active effect, not only the selected one's")
        self.show_all.toggled.connect(self._on_show_all)
        top.addWidget(self.caption, 1)
        top.addWidget(self.show_all)
        add_layout(layout, top)
        self._name = ""
        self.view = view = FreshRows()  # an effect added or ended repaints from its row
        view.setObjectName("effects_view")
        view.setModel(self.shown)
        view.watch_rows(self.shown)
        view.setItemDelegate(EffectNoteDelegate(view))
        view.verticalHeader().hide()
        # Column widths set, never measured from the contents: measuring visits every
        # effect whenever one changes. Rows of three lines, up to six where the time left
        # needs them (FittedRows measures the rows told changed); the tooltip holds a
        # longer text (a long note below the name: elided at the third line).
        header = view.horizontalHeader()
        for column, width in enumerate(COLUMN_WIDTHS):
            header.setSectionResizeMode(column, QHeaderView.ResizeMode.Interactive)
            header.resizeSection(column, width)
        header.setSectionResizeMode(REMAINING, QHeaderView.ResizeMode.Stretch)
        view.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        view.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        view.setWordWrap(True)
        view.setTextElideMode(Qt.TextElideMode.ElideRight)
        rows = view.verticalHeader()
        rows.setSectionResizeMode(QHeaderView.ResizeMode.Fixed)
        self.fitted = FittedRows(view, (REMAINING,), least=3, most=6)
        rows.setDefaultSectionSize(self.fitted.line_height(3))
        view.doubleClicked.connect(lambda _index: calls.edit_selected())
        layout.addWidget(view, 1)
        buttons = QHBoxLayout()
        buttons.setSpacing(4)
        for text, tip, slot in (
            ("Add…", "Put an effect on the selected combatant  [Ctrl+E]", calls.add),
            ("Edit…", "Edit the selected effect  [Ctrl+Shift+E]", calls.edit_selected),
            ("End", "End the selected effect now", calls.end_selected),
        ):
            button = QPushButton(text)
            button.setToolTip(tip)
            button.clicked.connect(lambda _=False, slot=slot: slot())
            buttons.addWidget(button)
        buttons.addStretch(1)
        add_layout(layout, buttons)
        # The ruleset's own actions get a row of their own: their labels are long.
        self._ruleset_row = QHBoxLayout()
        self._ruleset_row.setSpacing(4)
        add_layout(layout, self._ruleset_row)
        self.action_buttons: dict[str, QPushButton] = {}
        self.set_actions(actions)
        self._caption()

    def show_for(self, combatant_id: str | None, name: str) -> None:
        """The selected combatant changed (None: none is)."""
        self._name = name if combatant_id is not None else ""
        self.shown.show_for(combatant_id)
        self._lay_out()
        self._caption()

    def follow_name(self, name: str) -> None:
        """The selected combatant was renamed: the caption says its new name."""
        if self.shown.combatant_id is not None and name != self._name:
            self._name = name
            self._caption()

    def _on_show_all(self, on: bool) -> None:
        self.shown.show_all(on)
        self._lay_out()
        self._caption()

    def _lay_out(self) -> None:
        """The effects shown laid out now, not by Qt's timer of 0 ms: it fires after the
        window's paint, and the rows that came or went were painted a second time, in a
        paint of their own."""
        if self.view.isVisible():
            self.view.executeDelayedItemsLayout()

    def _caption(self) -> None:
        whose = self.shown.combatant_id is not None and self._name
        self.caption.setText(f"Effects on or by {self._name}" if whose else "All effects")

    def effect_at(self, row: int) -> Effect | None:
        """The effect on a row of the panel's view."""
        return self.shown.effect_at(row)

    def follow_offers(self, document: EncounterDocument) -> None:
        """After each change, the ruleset actions the encounter offers (an option may
        change them), built again only if they changed."""
        self._document = document
        document.settled.connect(self._offer_again)

    def _offer_again(self) -> None:
        actions = effect_actions(self._document.ruleset, self._document.encounter)
        if [spec.name for spec in actions] != list(self.action_buttons):
            self.set_actions(actions)

    def set_actions(self, actions: list[ActionSpec]) -> None:
        """Show these ruleset actions (another encounter may bring another ruleset)."""
        for button in self.action_buttons.values():
            self._ruleset_row.removeWidget(button)
            button.setParent(None)  # gone from the panel at once
            button.deleteLater()
        while self._ruleset_row.count():
            self._ruleset_row.takeAt(0)
        self.action_buttons = {}
        for spec in actions:
            button = QPushButton(spec.label)
            button.setToolTip(spec.help)
            button.clicked.connect(lambda _=False, name=spec.name: self._calls.ruleset_action(name))
            self._ruleset_row.addWidget(button)
            self.action_buttons[spec.name] = button
        self._ruleset_row.addStretch(1)
