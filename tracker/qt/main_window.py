"""The game master's main window: the order, the turn, the ruleset's central view (its
`RulesetUi` chooses it), effects and log."""

from __future__ import annotations

import re
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QByteArray, QItemSelection, QItemSelectionModel, Qt, QTimer
from PySide6.QtGui import QCloseEvent, QGuiApplication, QKeySequence, QPalette, QShowEvent
from PySide6.QtWidgets import (
    QApplication,
    QDockWidget,
    QInputDialog,
    QLabel,
    QMessageBox,
    QVBoxLayout,
    QWidget,
)

from tracker.engine import (
    DuplicateCombatant,
    MoveCombatant,
    RemoveCombatant,
    RenameEncounter,
    Session,
)
from tracker.engine.errors import TrackerError
from tracker.engine.session import SessionEvent
from tracker.persistence import paths
from tracker.persistence.journal import Journal
from tracker.qt.appearance import appearance, retint
from tracker.qt.dialogs import messages
from tracker.qt.document import EncounterDocument
from tracker.qt.keyboard import EXTRA_KEYS, WindowKeys
from tracker.qt.main_menus import build_menus
from tracker.qt.models.effects_model import EffectsModel
from tracker.qt.models.log_model import LogModel
from tracker.qt.models.roster_model import IdRole, RosterModel
from tracker.qt.models.turn_order_model import TurnOrderModel
from tracker.qt.palette import prompt_style
from tracker.qt.players.reveal import FirstTurnReveals
from tracker.qt.players.settings import settings_store
from tracker.qt.players.turn_memory import TurnMemory
from tracker.qt.rich_text import plain_title
from tracker.qt.ruleset_ui import ui_for
from tracker.qt.views.side_tables import log_table, roster_list, turn_order_table
from tracker.qt.widgets.banner import Banner
from tracker.qt.widgets.combatant_editor import CombatantEditor
from tracker.qt.widgets.effects_panel import EffectCalls, EffectsPanel, effect_actions
from tracker.qt.widgets.health_box import HealthBox
from tracker.qt.widgets.prompt_panel import PromptPanel
from tracker.qt.widgets.recent_menu import keep_at_quit
from tracker.qt.widgets.steady import SteadyBox
from tracker.qt.widgets.turn_panel import TurnPanel
from tracker.qt.widgets.turn_timer import TurnTimerLabel
from tracker.qt.widgets.up_next import UpNext
from tracker.qt.window_effects import EffectCommands
from tracker.qt.window_files import EncounterFiles
from tracker.qt.window_health import HealthCommands
from tracker.qt.window_library import LibraryCommands
from tracker.qt.window_panes import (
    BOTTOM,
    LEFT,
    RIGHT,
    WindowPanes,
    inspector_pane,
    roster_pane,
)
from tracker.qt.window_players import PlayersCommands

if TYPE_CHECKING:
    from tracker.qt.dialogs.add_combatant import AddCombatantDialog
    from tracker.qt.players.window import PlayersWindow

LAYOUT_VERSION = 2  # of the panes' saved layout: 2, the one view with its inspector

# Dialogs, printing and the players' window are imported where they are first used:
# the window opens sooner without them (see benchmarks/startup.py).


class MainWindow(
    WindowPanes, EncounterFiles, PlayersCommands, LibraryCommands, HealthCommands, EffectCommands
):
    def __init__(
        self,
        session: Session,
        path: Path | None = None,
        journal_dir: Path | None = None,
        *,
        resume: bool = False,
    ) -> None:
        """`resume`: the session was recovered from the journal in `journal_dir`; keep
        appending to that journal so its undo history survives another crash."""
        super().__init__()
        self.document = EncounterDocument(session, path, self)
        # Remember, from the first change on, which turn the players were shown.
        TurnMemory.of(self.document)
        self.reveals = FirstTurnReveals(self.document, self)
        self.players_window: PlayersWindow | None = None
        self.add_dialog: AddCombatantDialog | None = None
        self._panes_shared = False  # the side panes get their share at the first show
        self._layout_restored = False  # unless the GM's own layout was restored
        self._reselecting = False  # going back to the combatant with unapplied edits
        self._journal_dir = journal_dir if journal_dir is not None else paths.journal_dir()
        self.journal: Journal | None = None
        self.kept_from: Path | None = None  # the "Unsaved – …" file this encounter came from
        self._build_models()
        # The state of the fight stays in the status bar's permanent part; passing
        # messages (saved, refused, expired) use the temporary part beside it.
        # Both change at every step (the timer every second): in steady boxes as wide as
        # their widest text yet, a new text repaints the label, not the window.
        self.status_label = QLabel()
        self.status_label.setTextFormat(Qt.TextFormat.PlainText)  # it names who acts
        self.status_label.setObjectName("status_label")
        self.statusBar().addPermanentWidget(SteadyBox(self.status_label, grow=True))
        # How long the turn and the round have lasted (View → Turn timer).
        self.turn_timer = TurnTimerLabel(self.document, parent=self)
        self.turn_timer.setStyleSheet("font-size: 12pt; font-weight: bold; padding: 0 8px;")
        self.statusBar().addPermanentWidget(SteadyBox(self.turn_timer, grow=True))
        self._build_widgets()
        self.actions_by_name = build_menus(self)
        self.add_roster_menu()
        appearance().changed.connect(self._on_scheme_changed)
        self._on_scheme_changed()
        self.document.changed.connect(self._on_changed)
        self.document.replaced.connect(self._on_replaced)
        self.document.refused.connect(self._on_refused)
        self.document.path_changed.connect(self._update_title)
        self.document.undo_stack.cleanChanged.connect(self._update_title)
        if resume:
            self.document.mirror_history()
            try:
                self.journal = Journal.resume(self._journal_dir, session, self._journal_failed)
            except TrackerError as error:
                self._journal_failed(error)
        else:
            self._start_journal()
        self._update_title()
        if not self._restore_layout():
            self.fit_to_screen()
        # Space, Ctrl+Z, … reach the window's shortcuts whatever has the focus.
        self.keys = WindowKeys(self)

    # --- construction -----------------------------------------------------------------
    def _build_models(self) -> None:
        document = self.document
        self.roster_model = RosterModel(document, self)
        self.turn_order_model = TurnOrderModel(document, self)
        self.log_model = LogModel(document, self)
        self.effects_model = EffectsModel(document, self)

    def _build_widgets(self) -> None:
        self.turn_panel = TurnPanel(self.document, self.selected_combatant_id)
        self.central_view = ui_for(self.document.ruleset).central_view(self.document)
        self._follow_central_selection()
        # The fight in the middle, nothing laid over it: messages and questions take
        # their own place at the top of the inspector beside it.
        central = QWidget()
        self.fight_layout = QVBoxLayout(central)
        self.fight_layout.setContentsMargins(6, 6, 6, 6)
        self.fight_layout.addWidget(self.turn_panel)
        self.up_next = UpNext(self.turn_order_model, self.document)
        self.fight_layout.addWidget(self.up_next)
        self.fight_layout.addWidget(self.central_view, 1)
        self.setCentralWidget(central)

        self.roster_view = roster_list(self.roster_model)
        self.roster_view.selectionModel().currentChanged.connect(self._on_roster_current)
        self.editor = CombatantEditor(self.document)
        self.health_box = HealthBox(self.document, self.selected_combatant_ids)
        self.roster_view.selectionModel().selectionChanged.connect(
            lambda *_: self.health_box.show_targets()
        )
        self.effects_panel = EffectsPanel(
            self.effects_model,
            effect_actions(self.document.ruleset),
            EffectCalls(
                self.add_effect,
                self.edit_selected_effect,
                self.end_selected_effect,
                self.effect_action,
            ),
        )
        self.effects_view = self.effects_panel.view
        self.banner = Banner()
        self.prompt_panel = PromptPanel(self.document)
        inspector = inspector_pane(
            self.banner, self.prompt_panel, self.health_box, self.editor, self.effects_panel
        )
        self.inspector = inspector.widget()
        dock = self.add_pane("dock_inspector", "Inspector", inspector, RIGHT)
        # Never closed: the question the rules wait for shows there.
        dock.setFeatures(
            QDockWidget.DockWidgetFeature.DockWidgetMovable
            | QDockWidget.DockWidgetFeature.DockWidgetFloatable
        )

        self.add_pane("dock_combatants", "Combatants list", roster_pane(self.roster_view), LEFT)
        self.turn_order_view = turn_order_table(self.turn_order_model)
        self.add_pane("dock_turn_order", "Turn order", self.turn_order_view, LEFT)
        self.log_view = log_table(self.log_model)
        self.add_pane("dock_log", "Log", self.log_view, BOTTOM)
        self.log_model.rowsInserted.connect(self._on_logged)
        self.hide_optional_panes()
        self.follow_pane_toggles()
        self.keep_default_layout()

    def _on_logged(self, _parent, _first: int, last: int) -> None:
        """While the log's pane is off, its newest line shows in the status bar (a roll's
        faces are read there); the log keeps itself at its last line."""
        if self.dock("dock_log").isVisible():
            return
        entry = self.log_model.entry_at(last)
        if entry is not None and entry.kind != "expiry":  # an expiry has the banner
            self.statusBar().showMessage(entry.text, 8000)

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        if not self._panes_shared:
            self._panes_shared = True
            if not self._layout_restored:
                self.share_panes()
            # The window manager tells the frame's size once the window is mapped.
            QTimer.singleShot(0, self.keep_inside_screen)
            QTimer.singleShot(250, self.keep_inside_screen)

    # --- selection --------------------------------------------------------------------
    def selected_combatant_id(self) -> str | None:
        if not hasattr(self, "roster_view"):  # asked while the window is being built
            return None
        index = self.roster_view.currentIndex()
        return index.data(IdRole) if index.isValid() else None

    def select_combatant(self, combatant_id: str) -> None:
        row = self.roster_model.row_of(combatant_id)
        if row >= 0:
            self.roster_view.selectionModel().setCurrentIndex(
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
        selection = self.roster_view.selectionModel()
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

    def _on_roster_current(self, current, _previous) -> None:
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

    def _settle_unapplied_edits(self) -> bool:
        """Edits typed into the editor and not applied are never lost without a word:
        apply them, drop them, or stay (False)."""
        fields = self.editor.unapplied()
        combatant = self.editor.combatant
        if not fields or combatant is None:
            return True
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

    def show_shortcuts(self) -> None:
        from tracker.qt.dialogs.shortcuts_dialog import ShortcutsDialog

        ShortcutsDialog(self.shortcut_rows(), self).exec()

    def show_about(self) -> None:
        from tracker.qt.dialogs.about_dialog import AboutDialog

        dialog = AboutDialog(self)
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)  # not kept once closed
        dialog.exec()

    def shortcut_rows(self) -> list[tuple[str, str]]:
        """(what, keys) for every action with a shortcut: menus, the turn panel and the
        answers of the prompt shown now."""
        rows = []
        for action in [*self.actions_by_name.values(), *self.turn_panel.shortcut_actions]:
            keys = ", ".join(
                k.toString(QKeySequence.SequenceFormat.NativeText) for k in action.shortcuts()
            )
            if keys:
                rows.append((re.sub("&(.)", r"\1", action.text()), keys))  # "&&" is "&"
        return rows + self.prompt_panel.shortcut_rows() + list(EXTRA_KEYS)

    # --- combatants -------------------------------------------------------------------
    def add_combatant(self) -> None:
        """Edit → Add combatant: a short form (not modal to the app: the fight stays in
        view); the combatants it adds are selected."""
        from tracker.qt.dialogs.add_combatant import AddCombatantDialog

        dialog = AddCombatantDialog(self.document, settings_store(), self)
        dialog.accepted.connect(lambda: self._select_added(dialog.added_ids))
        dialog.finished.connect(dialog.deleteLater)
        self.add_dialog = dialog
        dialog.open()

    def _select_added(self, added: list[str]) -> None:
        if added:
            self.select_combatant(added[0])
        self.roster_view.setFocus()

    def toggle_enemies_hidden(self, on: bool) -> None:
        from tracker.qt.dialogs.add_combatant import ENEMIES_START_HIDDEN

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
        self.document.apply(RemoveCombatant(selected))

    def rename_encounter(self) -> None:
        name, ok = QInputDialog.getText(
            self, "Rename encounter", "Name:", text=self.document.encounter.name
        )
        if ok:
            self.document.apply(RenameEncounter(name))

    def edit_options(self) -> None:
        from tracker.qt.dialogs.options_dialog import OptionsDialog

        OptionsDialog(self.document, self).exec()

    def _on_scheme_changed(self) -> None:
        """Light or dark: redraw what carries colours of its own."""
        dark = appearance().dark
        retint(list(self.actions_by_name.values()))
        self.banner.restyle()
        self.prompt_panel.setStyleSheet(prompt_style(dark))
        self._dress_central_view()

    def _dress_central_view(self) -> None:
        """A ruleset view that paints with colours of its own for a light page keeps a
        light page in the dark scheme (readable, like a printed sheet)."""
        ui = ui_for(self.document.ruleset)
        if appearance().dark and not ui.follows_dark_scheme:
            self.central_view.setPalette(QApplication.style().standardPalette())
        else:
            self.central_view.setPalette(QPalette())

    # --- following the engine ---------------------------------------------------------
    def _on_changed(self, event: SessionEvent) -> None:
        self._clear_refusal()  # the situation it spoke of has changed
        expired = event.changes.expired
        if expired and event.kind != "undo":
            names = {c.id: c.name for c in self.document.encounter.combatants}
            text = "; ".join(f"{e.name} on {names.get(e.carrier_id, '?')} expired" for e in expired)
            self.banner.announce(f"{text}.", "expiry")
            self.statusBar().showMessage(text, 8000)
        elif self.banner.kind == "error":
            self.banner.hide()
        self._update_title()

    def _on_replaced(self) -> None:
        ui = ui_for(self.document.ruleset)
        old = self.central_view
        self.central_view = ui.central_view(self.document)
        self._follow_central_selection()
        self.fight_layout.replaceWidget(old, self.central_view)
        old.deleteLater()
        self._show_selected_in_view()
        self._dress_central_view()
        self.effects_panel.set_actions(effect_actions(self.document.ruleset))
        self.actions_by_name["print"].setText(ui.print_action_text)
        self.banner.hide()
        self._clear_refusal()
        self._update_title()

    def _on_refused(self, message: str, _field: str) -> None:
        self.banner.announce(message, "error")
        self.statusBar().showMessage(message, 8000)

    def _clear_refusal(self) -> None:
        """A refusal in the status bar goes at the next change: it may no longer hold."""
        if self.banner.kind == "error" and self.statusBar().currentMessage() == (
            self.banner.label.text()
        ):
            self.statusBar().clearMessage()

    def _update_title(self) -> None:
        document = self.document
        where = f" — {document.path.name}" if document.path else " — not saved yet"
        modified = "" if document.undo_stack.isClean() else " *"
        name = plain_title(document.encounter.name)
        self.setWindowTitle(f"{name}{modified}{plain_title(where)} · Roundkeeper")
        self.status_label.setText(document.session.status())

    def closeEvent(self, event: QCloseEvent) -> None:
        if not self._settle_unapplied_edits() or not keep_at_quit(
            self, self.kept_from, self._may_discard
        ):
            event.ignore()
            return
        self.keys.stop()
        if self.journal is not None:
            self.journal.close()
            self.journal = None
        if self.players_window is not None:
            self.players_window.closed.disconnect(self._on_players_closed)
            self.players_window.close()  # a window of its own, not a child
        self.close_library()
        self._save_layout()
        event.accept()

    # --- layout -----------------------------------------------------------------------
    def _save_layout(self) -> None:
        store = settings_store()
        store.setValue("main_window/geometry", self.saveGeometry())
        store.setValue("main_window/state", self.saveState(LAYOUT_VERSION))

    def _restore_layout(self) -> bool:
        """The GM's last window size and panes, if any were saved: True if restored."""
        store = settings_store()
        geometry = store.value("main_window/geometry", QByteArray(), type=QByteArray)
        state = store.value("main_window/state", QByteArray(), type=QByteArray)
        if not state.isEmpty():
            self._layout_restored = self.restoreState(state, LAYOUT_VERSION)
        if geometry.isEmpty() or not self.restoreGeometry(geometry):
            return False
        self.placed_size = self.size()
        return True
