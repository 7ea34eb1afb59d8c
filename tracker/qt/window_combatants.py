"""The main window's commands on combatants: add (the form), duplicate, remove, move one
place with the keyboard, rename the encounter and its options. A part of `MainWindow`,
kept apart like its files, health and effects commands."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QAbstractItemView, QHeaderView, QMainWindow, QWidget

from tracker.engine import (
    AddCombatant,
    DuplicateCombatant,
    MoveCombatant,
    RemoveCombatant,
    RenameEncounter,
)
from tracker.qt.dialogs.modal import run_modal
from tracker.qt.settings_file import ENEMIES_START_HIDDEN, settings_store

if TYPE_CHECKING:
    from tracker.qt.document import EncounterDocument
    from tracker.qt.inspector_column import Fence
    from tracker.qt.models.roster_model import RosterModel
    from tracker.qt.widgets.add_form import AddCombatantForm


class CombatantCommands(QMainWindow):
    """Mixed into `MainWindow`, which sets up what is declared here."""

    document: EncounterDocument
    roster_model: RosterModel
    central_view: QWidget
    inspector_column: Fence
    add_form: AddCombatantForm | None

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
        """Edit → Add combatant: a short form in the inspector, in the editor's place
        (`Fence.open_form`): nothing is laid over the fight, which stays in view and in
        reach; the combatants it adds are selected. The form is built at
        its first use, then kept and made new again each time (building it was most of
        the wait); another encounter loaded (another ruleset's fields) drops it."""
        form = self.add_form
        if form is None:
            from tracker.qt.widgets.add_form import AddCombatantForm

            form = AddCombatantForm(self.document, settings_store())
            form.wanted.connect(self._add_from_form)
            form.cancelled.connect(self._put_add_form_away)
            self.document.replaced.connect(self._drop_add_form)
            self.add_form = form
        elif not form.isHidden():  # open already: the keyboard to it, as it is
            form.take_keyboard()
            return
        else:
            form.start_again()
        self.inspector_column.open_form(form)
        form.take_keyboard()

    def _drop_add_form(self) -> None:
        form, self.add_form = self.add_form, None
        if form is not None:
            self.document.replaced.disconnect(self._drop_add_form)
            self.inspector_column.drop_form()

    def _put_add_form_away(self) -> None:
        """Cancel or Escape: the keyboard back in the fight view, the form away (in this
        order: a form hidden with the keyboard in it hands it to the next box in line)."""
        self._keyboard_back()
        self.inspector_column.close_form()

    def _add_from_form(self, command: AddCombatant) -> None:
        """Add what the form asks and select the first added. The form is put away
        first and the inspector's column laid out once, with the question the newcomers
        may bring (a question shown lays the column out: laid out before it too, the
        editor and the effects were moved and resized twice); the form is brought back
        with the reason if the rules refuse."""
        form = self.add_form
        assert form is not None
        before = {c.id for c in self.document.encounter.combatants}
        column = self.inspector_column
        # Settled once the ones added are selected: the turn panel works out what they
        # may do, once.
        with self.document.holding():
            form.let_keyboard_go()
            column.close_form(lay_out=False)
            refusal = self.document.try_apply(command)
            if refusal is not None:
                column.open_form(form)
                form.show_refusal(refusal)
                form.take_keyboard()
                return
            column.lay_out()
            added = [c.id for c in self.document.encounter.combatants if c.id not in before]
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
        kept = self.focusWidget()  # where the keyboard is in the window (None: let go)
        if showing and kept is not showing[0]:
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
