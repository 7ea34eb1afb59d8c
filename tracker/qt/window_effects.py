"""The main window's commands on effects: add one to the selected combatant, edit, end
or act on the one picked in the inspector's list, and the saved conditions. A part of
`MainWindow`, kept apart so that a reader finds them in one place."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtWidgets import QMainWindow, QTableView

from tracker.engine import RulesetAction
from tracker.qt.dialogs.modal import run_modal

if TYPE_CHECKING:
    from tracker.library.store import Library
    from tracker.qt.dialogs.effect_dialog import EffectDialog
    from tracker.qt.document import EncounterDocument
    from tracker.qt.widgets.effects_panel import EffectsPanel


class EffectCommands(QMainWindow):
    """Mixed into `MainWindow`, which sets up what is declared here."""

    document: EncounterDocument
    effects_panel: EffectsPanel
    effects_view: QTableView
    _effect_dialog: EffectDialog | None = None  # Ctrl+E's, kept once built (`add_effect`)

    def selected_combatant_id(self) -> str | None:
        raise NotImplementedError  # the main window's selection

    def _on_refused(self, message: str, field: str) -> None:
        raise NotImplementedError  # the main window's banner

    def library(self) -> Library | None:
        raise NotImplementedError  # the library's commands

    def add_effect(self) -> None:
        """Ctrl+E: the Add effect dialog, built at its first use and then kept hidden
        (building it took most of the time the GM waited), made new again each time.
        It is deleted with the window, or when another encounter is loaded (File → Open,
        New: another ruleset's fields)."""
        dialog = self._effect_dialog
        if dialog is None:
            from tracker.qt.dialogs.effect_dialog import EffectDialog

            dialog = EffectDialog(
                self.document, self.selected_combatant_id(), self, library=self.library
            )
            self._effect_dialog = dialog
            self.document.replaced.connect(self._drop_effect_dialog)
        else:
            dialog.start_adding(self.selected_combatant_id())
        dialog.exec()  # kept: not `run_modal`, which deletes it

    def _drop_effect_dialog(self) -> None:
        dialog, self._effect_dialog = self._effect_dialog, None
        if dialog is not None:
            self.document.replaced.disconnect(self._drop_effect_dialog)
            dialog.deleteLater()

    def _selected_effect_id(self) -> str | None:
        effect = self.effects_panel.effect_at(self.effects_view.currentIndex().row())
        return effect.id if effect is not None else None

    def edit_selected_effect(self) -> None:
        effect_id = self._selected_effect_id()
        if effect_id is None:
            self._on_refused("Select the effect to edit first.", "")
            return
        from tracker.qt.dialogs.effect_dialog import EffectDialog

        run_modal(
            EffectDialog(self.document, None, self, effect_id=effect_id, library=self.library)
        )

    def manage_saved_conditions(self) -> None:
        from tracker.qt.dialogs.saved_conditions import SavedConditionsDialog

        library = self.library()
        if library is not None:
            run_modal(SavedConditionsDialog(library, self.document.ruleset.id, self))

    def end_selected_effect(self) -> None:
        effect_id = self._selected_effect_id()
        if effect_id is None:
            self._on_refused("Select the effect to end first.", "")
            return
        from tracker.engine.effect_commands import EndEffect  # not at start-up

        self.document.apply(EndEffect(effect_id))

    def effect_action(self, action: str) -> None:
        effect_id = self._selected_effect_id()
        if effect_id is None:
            self._on_refused("Select the effect first.", "")
            return
        self.document.apply(RulesetAction(action, None, {"effect": effect_id}))
