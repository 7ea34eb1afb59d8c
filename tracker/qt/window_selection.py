"""The main window's selection: one combatant picked in the fight view, the side list or
by a command is the inspector's everywhere (Ctrl/Shift-click for several), and edits
typed into the inspector are never dropped without a word when the selection moves.
A part of `MainWindow`, kept apart like its files and health commands."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QItemSelection, QItemSelectionModel, QModelIndex, Qt
from PySide6.QtGui import QAction, QGuiApplication
from PySide6.QtWidgets import QMainWindow, QWidget

from tracker.qt.dialogs import messages

if TYPE_CHECKING:
    from tracker.qt.document import EncounterDocument
    from tracker.qt.models.roster_model import RosterModel
    from tracker.qt.players.reveal import FirstTurnReveals
    from tracker.qt.widgets.combatant_editor import CombatantEditor
    from tracker.qt.widgets.effects_panel import EffectsPanel
    from tracker.qt.widgets.turn_panel import TurnPanel


class SelectionCommands(QMainWindow):
    """Mixed into `MainWindow`, which sets up what is declared here."""

    document: EncounterDocument
    central_view: QWidget
    roster_selection: QItemSelectionModel
    roster_model: RosterModel
    editor: CombatantEditor
    effects_panel: EffectsPanel
    turn_panel: TurnPanel
    reveals: FirstTurnReveals
    actions_by_name: dict[str, QAction]
    _reselecting: bool

    def selected_combatant_id(self) -> str | None:
        selection = self.__dict__.get("roster_selection")
        if selection is None:  # asked while the window is being built
            return None
        from tracker.qt.models.roster_model import IdRole

        index = selection.currentIndex()
        return index.data(IdRole) if index.isValid() else None

    def select_combatant(self, combatant_id: str) -> None:
        row = self.roster_model.row_of(combatant_id)
        if row >= 0:
            self.roster_selection.setCurrentIndex(
                self.roster_model.index(row, 0), QItemSelectionModel.SelectionFlag.ClearAndSelect
            )

    def _follow_central_selection(self) -> None:
        """A click on a combatant in the central view selects it everywhere; with Ctrl
        held it joins (or leaves) the selection, with Shift the run from the last one
        picked joins it (area damage, from the fight view itself)."""
        signal = getattr(self.central_view, "combatant_selected", None)
        if signal is not None:
            signal.connect(self._on_view_selected)

    def _on_view_selected(self, combatant_id: str) -> None:
        held = QGuiApplication.keyboardModifiers()
        row = self.roster_model.row_of(combatant_id)
        selection = self.roster_selection
        index = self.roster_model.index(row, 0)
        flags = QItemSelectionModel.SelectionFlag
        if row < 0:
            return
        if held & Qt.KeyboardModifier.ShiftModifier and selection.currentIndex().isValid():
            run = QItemSelection(selection.currentIndex(), index)
            selection.select(run, flags.Select)
            selection.setCurrentIndex(index, flags.NoUpdate)
        elif held & Qt.KeyboardModifier.ControlModifier:
            selection.setCurrentIndex(index, flags.Toggle)
        else:
            self.select_combatant(combatant_id)

    def _show_selected_in_view(self) -> None:
        """A ruleset view that marks the inspector's combatant (`show_selected`) is told
        whom it shows, wherever it was picked."""
        mark = getattr(self.central_view, "show_selected", None)
        if mark is not None:
            mark(self.editor.combatant_id)

    def _on_roster_current(self, current: QModelIndex, _previous: QModelIndex) -> None:
        from tracker.qt.models.roster_model import IdRole

        combatant_id = current.data(IdRole) if current.isValid() else None
        if self._reselecting or combatant_id == self.editor.combatant_id:
            return
        if not self._settle_unapplied_edits():
            # Stay on the combatant being edited (after this selection change ends).
            self._reselecting = True
            self.select_combatant(self.editor.combatant_id or "")
            self._reselecting = False
            return
        self.editor.set_combatant(combatant_id)
        self._show_selected_in_view()
        combatant = self.document.encounter.find(combatant_id) if combatant_id else None
        self.effects_panel.show_for(combatant_id, combatant.name if combatant else "")
        self.turn_panel.refresh()  # actions on the selected combatant may now be allowed
        self.actions_by_name["reveal_first_turn"].setChecked(
            combatant_id is not None and self.reveals.is_flagged(combatant_id)
        )

    def _follow_selected_name(self) -> None:
        """After a change: the effects panel's caption names the selected combatant as
        it is now (a rename keeps the selection where it is)."""
        panel = self.__dict__.get("effects_panel")
        combatant_id = self.selected_combatant_id()
        combatant = self.document.encounter.find(combatant_id) if combatant_id else None
        if panel is not None and combatant is not None:
            panel.follow_name(combatant.name)

    def _settle_unapplied_edits(self) -> bool:
        """Edits typed into the editor and not applied are never lost without a word:
        apply them, drop them, or stay (False)."""
        fields = self.editor.unapplied()
        combatant = self.editor.combatant
        if not fields or combatant is None:
            return True
        from PySide6.QtWidgets import QMessageBox  # with the first box, not at start-up

        answer = messages.question(
            self,
            "Unapplied changes",
            f"Apply your changes to {combatant.name} ({', '.join(fields)}) first?",
            QMessageBox.StandardButton.Apply
            | QMessageBox.StandardButton.Discard
            | QMessageBox.StandardButton.Cancel,
            QMessageBox.StandardButton.Apply,
        )
        if answer == QMessageBox.StandardButton.Apply:
            return self.editor.apply()
        return answer == QMessageBox.StandardButton.Discard
