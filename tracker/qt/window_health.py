"""The main window's commands on health: the damage box (Edit → Damage or heal, H), mark
defeated and revive, for every combatant selected in the side list (several at once for
area damage). A part of `MainWindow`, kept apart like its files and players' commands."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import Qt
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QMainWindow

from tracker.engine.health import is_defeated

if TYPE_CHECKING:
    from PySide6.QtCore import QItemSelectionModel
    from PySide6.QtWidgets import QListView  # the side list: when its pane is first on

    from tracker.qt.document import EncounterDocument
    from tracker.qt.models.roster_model import RosterModel
    from tracker.qt.widgets.health_box import HealthBox


class HealthCommands(QMainWindow):
    """Mixed into `MainWindow`, which sets up what is declared here."""

    document: EncounterDocument
    roster_selection: QItemSelectionModel
    roster_view: QListView
    roster_model: RosterModel
    health_box: HealthBox
    actions_by_name: dict[str, QAction]

    def selected_combatant_id(self) -> str | None:
        raise NotImplementedError  # the main window's selection

    def _on_refused(self, message: str, field: str) -> None:
        raise NotImplementedError  # the main window's banner

    def selected_combatant_ids(self) -> list[str]:
        """Every combatant selected in the side list, in list order (the current one when
        the selection is empty)."""
        if "roster_selection" not in self.__dict__:  # asked while the window is being built
            return []
        selection = self.roster_selection.selectedIndexes()  # the side list's column
        rows = sorted({index.row() for index in selection})
        found = [self.roster_model.combatant_at(row) for row in rows]
        ids = [combatant.id for combatant in found if combatant is not None]
        current = self.selected_combatant_id()
        return ids or ([current] if current is not None else [])

    def focus_health_box(self) -> None:
        self.health_box.focus()

    def mark_selected_defeated(self) -> None:
        """Mark every selected combatant defeated (each its own step in the log)."""
        from tracker.engine.health_commands import MarkDefeated  # not at start-up

        chosen = self._chosen("mark defeated")
        ruleset, encounter = self.document.ruleset, self.document.encounter
        for combatant_id in chosen:
            combatant = encounter.find(combatant_id)
            if len(chosen) > 1 and combatant is not None and is_defeated(ruleset, combatant):
                continue  # several selected: those already down stay as they are
            self.document.apply(MarkDefeated(combatant_id))

    def revive_selected(self) -> None:
        """Revive every selected combatant that is defeated (back to 1, or one short)."""
        from tracker.engine.health_commands import Revive  # not at start-up

        chosen = self._chosen("revive")
        ruleset, encounter = self.document.ruleset, self.document.encounter
        for combatant_id in chosen:
            combatant = encounter.find(combatant_id)
            if len(chosen) > 1 and combatant is not None and not is_defeated(ruleset, combatant):
                continue
            self.document.apply(Revive(combatant_id))

    def _chosen(self, what: str) -> list[str]:
        chosen = self.selected_combatant_ids()
        if not chosen:
            self._on_refused(f"Select the combatants to {what} first.", "")
        return chosen

    def add_roster_menu(self) -> None:
        """The side list's context menu: the health commands, duplicate and remove."""
        self.roster_view.setContextMenuPolicy(Qt.ContextMenuPolicy.ActionsContextMenu)
        for name in ("health", "mark_defeated", "revive", "duplicate", "remove"):
            self.roster_view.addAction(self.actions_by_name[name])
