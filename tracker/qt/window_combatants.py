"""The main window's commands on combatants: add (the form), duplicate, remove, move one
place with the keyboard, rename the encounter and its options. A part of `MainWindow`,
kept apart like its files, health and effects commands."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QAbstractItemView, QHeaderView, QMainWindow, QWidget

from tracker.engine import DuplicateCombatant, MoveCombatant, RemoveCombatant, RenameEncounter
from tracker.qt.dialogs.modal import run_modal
from tracker.qt.settings_file import ENEMIES_START_HIDDEN, settings_store

if TYPE_CHECKING:
    from tracker.qt.dialogs.add_combatant import AddCombatantDialog
    from tracker.qt.document import EncounterDocument
    from tracker.qt.models.roster_model import RosterModel


class CombatantCommands(QMainWindow):
    """Mixed into `MainWindow`, which sets up what is declared here."""

    document: EncounterDocument
    roster_model: RosterModel
    central_view: QWidget
    add_dialog: AddCombatantDialog | None

    def selected_combatant_id(self) -> str | None:
        raise NotImplementedError  # the main window's selection

    def select_combatant(self, combatant_id: str) -> None:
        raise NotImplementedError  # the main window's selection

    def _on_refused(self, message: str, field: str) -> None:
        raise NotImplementedError  # the main window's banner

    def move_selected(self, step: int) -> None:
        """Keyboard drag: move the selected combatant one place (the ruleset decides
        whether that is allowed and what it means, e.g. a delay)."""
        selected = self.selected_combatant_id()
        if selected is None:
            self._on_refused("Select the combatant to move first.", "")
            return
        row = self.roster_model.row_of(selected)
        if 0 <= row + step < self.roster_model.rowCount():
            self.document.apply(MoveCombatant(selected, row + step))
            self.select_combatant(selected)

    def add_combatant(self) -> None:
        """Edit → Add combatant: a short form beside the fight, modal to nothing (the
        fight stays in view and in reach); the combatants it adds are selected. The form
        is built at its first use, then kept hidden and made new again each time
        (building it was most of the wait); another encounter loaded (another ruleset's
        fields) drops it. Not window-modal: showing and closing it would block, then
        unblock, every widget of the window one by one (some 300 events each way, half a
        millisecond), for a form that changes nothing until OK."""
        dialog = self.add_dialog
        if dialog is None:
            from tracker.qt.dialogs.add_combatant import AddCombatantDialog

            dialog = AddCombatantDialog(self.document, settings_store(), self)
            dialog.accepted.connect(self._select_added)
            self.document.replaced.connect(self._drop_add_dialog)
            self.add_dialog = dialog
        elif dialog.isVisible():  # open already: to the front, as it is
            dialog.raise_()
            dialog.activateWindow()
            return
        else:
            dialog.start_again()
        dialog.show()

    def _drop_add_dialog(self) -> None:
        dialog, self.add_dialog = self.add_dialog, None
        if dialog is not None:
            self.document.replaced.disconnect(self._drop_add_dialog)
            dialog.deleteLater()

    def _select_added(self) -> None:
        added = self.add_dialog.added_ids if self.add_dialog is not None else []
        if added:
            self.select_combatant(added[0])
        self._lay_out_fight_lists()
        if added:
            self._show_added(added[0])
        self._keyboard_back()

    def _fight_lists(self) -> list[QAbstractItemView]:
        """The fight view's lists (their headers are item views too: left out)."""
        view = self.central_view
        found = [view] if isinstance(view, QAbstractItemView) else []
        found += view.findChildren(QAbstractItemView)
        return [shown for shown in found if not isinstance(shown, QHeaderView)]

    def _lay_out_fight_lists(self) -> None:
        """The fight view's lists laid out now, not by Qt's timer of 0 ms: a timer fires
        after the window's paint, so the row added repainted the list's scroll bar (its
        range) in a second paint of the window."""
        for shown in self._fight_lists():
            if shown.isVisible():
                shown.executeDelayedItemsLayout()

    def _show_added(self, combatant_id: str) -> None:
        """The combatant added in sight in each list that shows it as its current row (a
        row placed below the fold by its initiative was selected out of the GM's sight),
        or in a view that shows the selection otherwise (`bring_into_sight`)."""
        bring = getattr(self.central_view, "bring_into_sight", None)
        if callable(bring):
            bring(combatant_id)
        for shown in self._fight_lists():
            current = shown.currentIndex()
            if current.isValid() and shown.isVisible():
                shown.scrollTo(current, QAbstractItemView.ScrollHint.EnsureVisible)

    def _keyboard_back(self) -> None:
        """The keyboard back in the fight view (Space ends the turn, the arrows move from
        the combatant added): in its list that shows the selection (a view of parts, a
        list a side, has one), else where it was in the view, else in the view
        (`hand_back`). Never in the side list, mostly hidden: Qt then handed it to
        whatever came next, a prompt's box or button (Space typed there)."""
        view = self.central_view
        showing = [
            v for v in self._fight_lists() if v.currentIndex().isValid() and _takes_clicks(v)
        ]
        kept = self.focusWidget()  # the window's, given back as it is activated
        if showing and kept is not showing[0]:
            # Set while the window is inactive: only this list hears of it (a focus in),
            # the list that had it was told as the form took the keyboard.
            showing[0].setFocus(Qt.FocusReason.MouseFocusReason)  # as a click: no row moves
        elif kept is None or not kept.isVisible() or not (kept is view or view.isAncestorOf(kept)):
            from tracker.qt.keyboard import hand_back  # the window's keys: after the first frame

            hand_back(view)
            return
        if not self.isActiveWindow():
            self.activateWindow()

    def toggle_enemies_hidden(self, on: bool) -> None:
        settings_store().setValue(ENEMIES_START_HIDDEN, on)
        state = "start hidden from the players" if on else "are visible to the players at once"
        self.statusBar().showMessage(f"New enemies {state}.", 5000)

    def duplicate_combatant(self) -> None:
        selected = self.selected_combatant_id()
        if selected is None:
            self._on_refused("Select the combatant to duplicate first.", "")
            return
        self.document.apply(DuplicateCombatant(selected))

    def remove_combatant(self) -> None:
        selected = self.selected_combatant_id()
        if selected is None:
            self._on_refused("Select the combatant to remove first.", "")
            return
        if self.document.apply(RemoveCombatant(selected)):
            self._lay_out_fight_lists()

    def rename_encounter(self) -> None:
        from PySide6.QtWidgets import QInputDialog  # a dialog: imported at its first use

        name, ok = QInputDialog.getText(
            self, "Rename encounter", "Name:", text=self.document.encounter.name
        )
        if ok:
            self.document.apply(RenameEncounter(name))

    def edit_options(self) -> None:
        from tracker.qt.dialogs.options_dialog import OptionsDialog

        run_modal(OptionsDialog(self.document, self))


def _takes_clicks(widget: QWidget) -> bool:
    return bool(widget.focusPolicy() & Qt.FocusPolicy.ClickFocus) and widget.isVisible()
