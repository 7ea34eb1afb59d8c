"""The main window's commands for the players: their screen, reveals, secret fields and
the printed sheets. A part of `MainWindow`, kept apart so that a reader finds what
reaches the players in one place."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtWidgets import QMainWindow

from tracker.engine import EditCombatant
from tracker.persistence import paths
from tracker.qt.dialogs.modal import run_modal

if TYPE_CHECKING:
    from PySide6.QtGui import QAction

    from tracker.qt.document import EncounterDocument
    from tracker.qt.models.effects_model import EffectsModel
    from tracker.qt.models.turn_order_model import TurnOrderModel
    from tracker.qt.players.reveal import FirstTurnReveals
    from tracker.qt.players.window import PlayersWindow


class PlayersCommands(QMainWindow):
    """Mixed into `MainWindow`, which sets up what is declared here."""

    document: EncounterDocument
    players_window: PlayersWindow | None
    reveals: FirstTurnReveals
    turn_order_model: TurnOrderModel
    effects_model: EffectsModel
    actions_by_name: dict[str, QAction]

    def selected_combatant_id(self) -> str | None:
        raise NotImplementedError  # the main window's selection

    def _on_refused(self, message: str, field: str) -> None:
        raise NotImplementedError  # the main window's banner

    def open_players_screen(self) -> None:
        """Ask where and how to show the players' screen, then show it there (moving and
        restyling it when it is open already)."""
        from tracker.qt.players.launcher import open_players_screen

        window = open_players_screen(
            self.document,
            self,
            turn_order_model=self.turn_order_model,
            effects_model=self.effects_model,
            existing=self.players_window,
        )
        if window is not None and window is not self.players_window:
            self.players_window = window
            window.closed.connect(self._on_players_closed)
        self._sync_players_action()

    def players_screen_shown(self) -> bool:
        return self.players_window is not None and self.players_window.isVisible()

    def toggle_players_screen(self) -> None:
        """The menu's toggle: open the players' screen, or close it when it is open."""
        if self.players_screen_shown():
            assert self.players_window is not None
            self.players_window.close()
        else:
            self.open_players_screen()

    def _on_players_closed(self) -> None:
        self._sync_players_action(shown=False)  # it is still visible while it closes
        self.activateWindow()  # the keyboard comes back to the GM

    def _sync_players_action(self, shown: bool | None = None) -> None:
        if shown is None:
            shown = self.players_screen_shown()
        action = self.actions_by_name["players_screen"]
        action.setText("Close players' &screen" if shown else "Players' &screen…")
        action.setToolTip("Close the players' screen" if shown else "Show the players' screen")

    def reveal_selected(self) -> None:
        selected = self.selected_combatant_id()
        if selected is None:
            self._on_refused("Select the combatant to reveal first.", "")
            return
        if not self.document.encounter.combatant(selected).hidden:
            self._on_refused("The players can already see that combatant.", "")
            return
        self.document.apply(EditCombatant(selected, {"hidden": False}))

    def toggle_first_turn_reveal(self) -> None:
        selected = self.selected_combatant_id()
        action = self.actions_by_name["reveal_first_turn"]
        if selected is None:
            action.setChecked(False)
            self._on_refused("Select the hidden combatant first.", "")
            return
        self.reveals.set_flag(selected, on=action.isChecked())
        name = self.document.encounter.combatant(selected).name
        state = "will be revealed at its first turn" if action.isChecked() else "stays hidden"
        self.statusBar().showMessage(f"{name} {state}.", 5000)

    def edit_secret_fields(self) -> None:
        from tracker.qt.dialogs.secret_fields_dialog import SecretFieldsDialog

        run_modal(SecretFieldsDialog(self.document, self))

    def print_sheets(self) -> None:
        from tracker.qt.printing import print_with_dialog

        print_with_dialog(self.document, self)

    def preview_sheets(self) -> None:
        from tracker.qt.printing import preview_with_dialog

        preview_with_dialog(self.document, self)

    def export_sheets(self) -> None:
        from PySide6.QtWidgets import QFileDialog  # a dialog: imported at its first use

        from tracker.qt.printing import export_pdf

        default = paths.encounters_dir() / f"{self.document.encounter.name}.pdf"
        filename, _ = QFileDialog.getSaveFileName(self, "Export PDF", str(default), "PDF (*.pdf)")
        if filename:
            export_pdf(self.document, Path(filename))
            self.statusBar().showMessage(f"Exported to {filename}", 5000)
