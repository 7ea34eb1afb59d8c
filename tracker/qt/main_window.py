"""The game master's main window: the order, the turn, the ruleset's central view (its
`RulesetUi` chooses it), effects and log."""

from __future__ import annotations

import re
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import (
    QByteArray,
    QModelIndex,
    Qt,
    QTimer,
    Signal,
)
from PySide6.QtGui import QCloseEvent, QShowEvent
from PySide6.QtWidgets import QLabel, QVBoxLayout, QWidget

from tracker.engine import Session
from tracker.engine.errors import TrackerError
from tracker.engine.session import SessionEvent
from tracker.persistence import paths
from tracker.qt.appearance import appearance
from tracker.qt.dialogs.modal import run_modal
from tracker.qt.document import EncounterDocument
from tracker.qt.first_frame import AfterPaint, EarlyKeys, probing, report, title_menus
from tracker.qt.models.turn_order_model import TurnOrderModel
from tracker.qt.rich_text import plain_title
from tracker.qt.ruleset_ui import ui_for
from tracker.qt.settings_file import settings_store
from tracker.qt.widgets.play_toolbar import PlayToolBar
from tracker.qt.widgets.steady import SteadyBox
from tracker.qt.widgets.turn_panel import TurnPanel
from tracker.qt.widgets.turn_timer import TurnTimerLabel
from tracker.qt.widgets.up_next import UpNext
from tracker.qt.window_central import CentralView
from tracker.qt.window_combatants import CombatantCommands
from tracker.qt.window_effects import EffectCommands
from tracker.qt.window_files import EncounterFiles
from tracker.qt.window_health import HealthCommands
from tracker.qt.window_library import LibraryCommands
from tracker.qt.window_panes import WindowPanes
from tracker.qt.window_players import PlayersCommands
from tracker.qt.window_selection import SelectionCommands

if TYPE_CHECKING:
    from PySide6.QtCore import QItemSelectionModel
    from PySide6.QtGui import QAction
    from PySide6.QtWidgets import QListView, QTableView

    from tracker.persistence.journal import Journal
    from tracker.qt.inspector_column import Fence
    from tracker.qt.keyboard import WindowKeys
    from tracker.qt.models.effects_model import EffectsModel
    from tracker.qt.models.log_model import LogModel
    from tracker.qt.models.roster_model import RosterModel
    from tracker.qt.players.window import PlayersWindow
    from tracker.qt.widgets.add_form import AddCombatantForm
    from tracker.qt.widgets.banner import Banner
    from tracker.qt.widgets.combatant_editor import CombatantEditor
    from tracker.qt.widgets.effects_panel import EffectsPanel
    from tracker.qt.widgets.health_box import HealthBox
    from tracker.qt.widgets.prompt_panel import PromptPanel
    from tracker.qt.widgets.recent_menu import RecentMenu

LAYOUT_VERSION = 2  # of the panes' saved layout: 2, the one view with its inspector
# The rest is built this long after the window is shown at the latest, should its view
# never be painted (hidden, or a plugin's view that paints nothing), in milliseconds.
REST_AT_THE_LATEST = 1000
# The window's construction: its first frame, then the rest (`MainWindow.complete`).
FIRST_FRAME, BUILDING, DONE = "first frame", "building", "done"

# Dialogs, printing and the players' window are imported where they are first used:
# the window opens sooner without them (see benchmarks/startup.py).


class MainWindow(
    SelectionCommands,  # first: its selection answers the others' stubs
    CentralView,
    WindowPanes,
    EncounterFiles,
    PlayersCommands,
    LibraryCommands,
    HealthCommands,
    EffectCommands,
    CombatantCommands,
):
    completed = Signal()  # the rest of the window is built (see `complete`)
    # Built by `complete` (tracker/qt/window_rest.py builds the inspector and the panes).
    roster_model: RosterModel
    log_model: LogModel
    effects_model: EffectsModel
    roster_selection: QItemSelectionModel
    roster_view: QListView  # when its pane is first on (`window_rest.LATER_PANES`)
    editor: CombatantEditor
    health_box: HealthBox
    effects_panel: EffectsPanel
    effects_view: QTableView
    banner: Banner
    prompt_panel: PromptPanel  # when the rules first ask (`window_rest.LaterPrompt`)
    inspector: QWidget
    inspector_column: Fence
    turn_order_view: QTableView
    log_view: QTableView
    actions_by_name: dict[str, QAction]
    recent_menu: RecentMenu
    keys: WindowKeys
    journal: Journal | None
    # The app's window journals its encounter once the whole window is painted (or at
    # the first change, before it is applied, if that comes first): `_start_due_journal`.
    _journal_due = False

    def __init__(
        self,
        session: Session,
        path: Path | None = None,
        journal_dir: Path | None = None,
        *,
        resume: bool = False,
        first_frame_only: bool = False,
    ) -> None:
        """`resume`: the session was recovered from the journal in `journal_dir`; keep
        appending to that journal so its undo history survives another crash.
        `first_frame_only`: build what the first frame shows (the turn over the
        ruleset's view, the title) and the rest once it is painted (`complete`)."""
        super().__init__()
        self._stage = FIRST_FRAME
        self.document = EncounterDocument(session, path, self)
        self.players_window: PlayersWindow | None = None
        self.add_form: AddCombatantForm | None = None
        self._shown = False
        self._expired_text = ""  # what the last expiries were told as (status bar)
        self._panes_shared = False  # the side panes get their share at the first show
        self._layout_restored = False  # unless the GM's own layout was restored
        self._reselecting = False  # going back to the combatant with unapplied edits
        self._journal_dir = journal_dir if journal_dir is not None else paths.journal_dir()
        self._resume = resume
        self._journal_after_paint = first_frame_only
        self.kept_from: Path | None = None  # the "Unsaved – …" file this encounter came from
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
        if resume:
            self.document.mark_history_unsaved()
        self._build_fight()
        if first_frame_only:
            self.turn_panel.hold_actions()  # shown with the rest (`complete`)
        # Whatever changes first (a key, a test, a plugin), the window is whole and the
        # change journaled: the rest is built before the first change is applied.
        self.document.about_to_change.connect(self._before_change)
        self.document.changed.connect(self._on_changed)
        self.document.replaced.connect(self._on_replaced)
        self.document.refused.connect(self._on_refused)
        self.document.path_changed.connect(self._update_title)
        self.document.undo_stack.clean_changed.connect(self._update_title)
        self._update_title()
        self._dress_central_view()
        self._hold_places()
        self._geometry_restored = self._restore_geometry()
        if not self._geometry_restored:
            self.fit_to_screen()
        self._restore_state()
        if first_frame_only:
            AfterPaint(self.central_view, self.complete)
            self._early = EarlyKeys(self, self.complete)  # a key first: built first
        if probing():  # the filter installed last is asked first: told before the rest
            AfterPaint(self.central_view, lambda: report("first-paint"))
        if not first_frame_only:
            self.complete()

    if not TYPE_CHECKING:  # mypy checks the attributes `complete` sets, not any name

        def __getattr__(self, name):
            """A part of the window asked for before it is built (a click, a key, a
            test): the rest of the window is built first; a part built when first needed
            (`window_rest.LATER_PARTS`), then. Python asks here only for an attribute
            not set yet."""
            stage = self.__dict__.get("_stage")
            if name.startswith("__") or stage not in (FIRST_FRAME, DONE):
                raise AttributeError(name)
            if stage == FIRST_FRAME:
                self.complete()
                return getattr(self, name)
            from tracker.qt.window_rest import LATER_PARTS, build_later_part  # (imported)

            if name not in LATER_PARTS:
                raise AttributeError(name)
            build_later_part(self, name)
            return getattr(self, name)

    def complete(self) -> None:
        """Build the rest of the window: the inspector, the panes, the menus, the keys and
        the journal. Called once the first frame is on screen, or as soon as something
        needs the rest (whichever is first); does nothing once done."""
        if self._stage != FIRST_FRAME:
            return
        self._stage = BUILDING
        early = self.__dict__.pop("_early", None)
        if early is not None:
            early.stop()
        # Imported now: the first frame does without them.
        from tracker.qt.keyboard import WindowKeys
        from tracker.qt.main_menus import build_menus
        from tracker.qt.players.reveal import FirstTurnReveals
        from tracker.qt.players.turn_memory import TurnMemory
        from tracker.qt.window_rest import build_parts

        # Remember, from the first change on, which turn the players were shown (no
        # change comes before this: `about_to_change` builds the rest first).
        TurnMemory.of(self.document)
        self.reveals = FirstTurnReveals(self.document, self)
        self.journal = None
        self.turn_panel.add_keys()
        build_parts(self)
        self.roster_selection.currentChanged.connect(self._on_roster_current)
        self.log_model.rowsInserted.connect(self._on_logged)
        self.actions_by_name = build_menus(self)
        # The toolbar's buttons placed now, not at its next layout request: else the frame
        # the rest arrives in shows the toolbar empty (its stand-in gone, its buttons not
        # shown yet), and the next one fills it.
        toolbar_layout = self.play_toolbar.layout()
        if toolbar_layout is not None:  # a toolbar always has its own
            toolbar_layout.activate()
        if "roster_view" in self.__dict__:  # its pane on (the GM's layout): built already
            self.add_roster_menu()
        appearance().changed.connect(self._on_scheme_changed)
        # What was just built is in the scheme's colours (the icons in its ink, the
        # prompt panel styled, the banner has no message yet); the fight view is dressed
        # again only if the scheme changed since its first frame (else drawing every
        # icon twice, the view's palette set twice and the view painted again).
        if self.dressed_dark != appearance().dark:
            self._on_scheme_changed()
        if self._resume:
            from tracker.persistence.journal import Journal
            from tracker.qt.journal_timing import after_the_change

            try:
                session = self.document.session
                self.journal = Journal.resume(
                    self._journal_dir, session, self._journal_failed, later=after_the_change
                )
            except TrackerError as error:
                self._journal_failed(error)
        elif self._journal_after_paint:
            # Nothing to journal before the first change (the encounter is its file's,
            # or the sample): its first lines are written once the whole window is on
            # screen, not before it is (~5 ms, and a write to the disk), or at the first
            # change, before it is applied (`_before_change`).
            self._journal_due = True
            AfterPaint(self.inspector, self._start_due_journal)
        else:
            self._start_journal()
        # Space, Ctrl+Z, … reach the window's shortcuts whatever has the focus.
        self.keys = WindowKeys(self)
        self._stage = DONE
        self.completed.emit()
        if probing():
            AfterPaint(self.inspector, self._report_ready)

    def _before_change(self) -> None:
        """A change is about to be applied: the window is whole and journaling first, so
        the journal holds the change with its undo."""
        self.complete()
        self._start_due_journal()

    def _start_due_journal(self) -> None:
        """The journal, if it is still due (not started by an open meanwhile, nor the
        window closed: a journal begun then would be asked about at the next start)."""
        if self._journal_due:
            self._journal_due = False
            if self.journal is None:
                self._start_journal()

    @property
    def whole(self) -> bool:
        """The rest of the window is built (`complete` has run)."""
        return self._stage == DONE

    def _report_ready(self) -> None:
        report("ready")
        # Closed once the journal is begun too (its call, queued after this one, is due
        # first), so that the start-up's peak memory counts it.
        QTimer.singleShot(0, self, self.close)

    # --- construction -----------------------------------------------------------------
    def _build_fight(self) -> None:
        """The first frame: the turn, whose turns come next and the ruleset's view."""
        self.turn_order_model = TurnOrderModel(self.document, self, lazy=True)
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

    def _hold_places(self) -> None:
        """The menu bar with its titles, the toolbar and the panes' docks, in the first
        frame already: the fight view has its final place from the first frame on, and
        the rest of the window fills them in (`complete`)."""
        self.top_menus = title_menus(self.menuBar(), self.complete)
        self.play_toolbar = PlayToolBar(self)
        self.play_toolbar.hold_place()
        self.addToolBar(self.play_toolbar)
        self.add_docks()

    def _on_logged(self, _parent: QModelIndex, _first: int, last: int) -> None:
        """While the log's pane is off, its newest line shows in the status bar (a roll's
        faces are read there); the log keeps itself at its last line."""
        if self.dock("dock_log").isVisible():
            return
        entry = self.log_model.entry_at(last)
        if entry is None:
            return
        # Expiries come last in a step's lines: the status bar ends on all of them, as
        # the banner tells them (`_on_changed`), not on the turn that began before.
        text = self._expired_text if entry.kind == "expiry" else entry.text
        self.statusBar().showMessage(text or entry.text, 8000)

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        if not self._shown:
            self._shown = True
            if self._stage == FIRST_FRAME:
                QTimer.singleShot(REST_AT_THE_LATEST, self, self.complete)
            # The window manager tells the frame's size once the window is mapped.
            QTimer.singleShot(0, self.keep_inside_screen)
            QTimer.singleShot(250, self.keep_inside_screen)
        self._share_panes_once()

    def _share_panes_once(self) -> None:
        """At the window's first show, the side panes get their share (unless the GM's
        own layout was restored)."""
        if not self._panes_shared:
            self._panes_shared = True
            if not self._layout_restored:
                self.share_panes()

    def show_shortcuts(self) -> None:
        from tracker.qt.dialogs.shortcuts_dialog import ShortcutsDialog

        run_modal(ShortcutsDialog(self.shortcut_rows(), self))

    def show_about(self) -> None:
        from tracker.qt.dialogs.about_dialog import AboutDialog

        run_modal(AboutDialog(self))

    def show_rulesets(self) -> None:
        from tracker.qt.dialogs.rulesets_dialog import show_rulesets  # when first asked

        show_rulesets(self)

    def shortcut_rows(self) -> list[tuple[str, str]]:
        """(what, keys) for every action with a shortcut: menus, the turn panel and the
        answers of the prompt shown now."""
        from PySide6.QtGui import QKeySequence

        from tracker.qt.keyboard import EXTRA_KEYS
        from tracker.qt.window_rest import prompt_panel_built

        rows = []
        for action in [*self.actions_by_name.values(), *self.turn_panel.shortcut_actions]:
            keys = ", ".join(
                k.toString(QKeySequence.SequenceFormat.NativeText) for k in action.shortcuts()
            )
            if keys:
                rows.append((re.sub("&(.)", r"\1", action.text()), keys))  # "&&" is "&"
        panel = prompt_panel_built(self)  # none before the rules first ask
        return rows + (panel.shortcut_rows() if panel else []) + list(EXTRA_KEYS)

    def _on_scheme_changed(self) -> None:
        """Light or dark: redraw what carries colours of its own."""
        from tracker.qt.action_icons import retint  # the window is whole by now
        from tracker.qt.window_rest import prompt_panel_built

        dark = appearance().dark
        retint(list(self.actions_by_name.values()))
        self.banner.restyle()
        panel = prompt_panel_built(self)  # (made in the scheme in force, else)
        if panel is not None:
            panel.set_scheme(dark)
        self._dress_central_view()

    # --- following the engine ---------------------------------------------------------
    def _on_changed(self, event: SessionEvent) -> None:
        self._clear_refusal()  # the situation it spoke of has changed
        expired = event.changes.expired
        if expired and event.kind != "undo":
            names = {c.id: c.name for c in self.document.encounter.combatants}
            text = "; ".join(f"{e.name} on {names.get(e.carrier_id, '?')} expired" for e in expired)
            self.banner.announce(f"{text}.", "expiry")
            self.statusBar().showMessage(text, 8000)
            self._expired_text = text
        elif self.banner.kind == "error":
            self.banner.hide()
        self._follow_selected_name()
        self._update_title()

    def _on_replaced(self) -> None:
        ui = ui_for(self.document.ruleset)
        self._drop_built_view()
        if self.file_work is not None:
            # An open: the fight view is built in a slot of its own, and shown in the
            # next (its first layout and paint come in the loop's turn after that):
            # no slot of the event loop over 50 ms at thousands of rows (issue 26). A
            # blank stands in for it meanwhile, the GM's input set aside.
            self._blank = QWidget()
            self._set_central_view(self._blank)
            QTimer.singleShot(1, self, self._build_hidden_view)  # after the timers due
        else:
            self._set_central_view(ui.central_view(self.document))
        from tracker.qt.widgets.effects_panel import effect_actions

        document = self.document
        self.effects_panel.set_actions(effect_actions(document.ruleset, document.encounter))
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
        modified = "" if document.undo_stack.is_clean() else " *"
        name = plain_title(document.encounter.name)
        self.setWindowTitle(f"{name}{modified}{plain_title(where)} · Roundkeeper")
        self.status_label.setText(document.session.status())

    def closeEvent(self, event: QCloseEvent) -> None:
        from tracker.qt.widgets.recent_menu import keep_at_quit  # (the menus' module)

        if self.close_after_files(event):  # a save under way: closes at its end
            return
        if not self._settle_unapplied_edits() or not keep_at_quit(
            self, self.kept_from, self._may_discard
        ):
            event.ignore()
            return
        self.keys.stop()
        self._journal_due = False  # closed before it started: nothing was journaled
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

    def _restore_geometry(self) -> bool:
        """The GM's last window size, if one was saved: True if restored."""
        geometry = _saved_bytes("main_window/geometry")
        if geometry.isEmpty() or not self.restoreGeometry(geometry):
            return False
        self.placed_size = self.size()
        return True

    def _restore_state(self) -> None:
        """The GM's last panes, if they were saved (their docks are built)."""
        state = _saved_bytes("main_window/state")
        if not state.isEmpty():
            self._layout_restored = self.restoreState(state, LAYOUT_VERSION)


def _saved_bytes(key: str) -> QByteArray:
    """A layout saved in the settings file; empty when there is none or the value is
    not one Roundkeeper wrote (a hand-edited file gives a string or a number)."""
    value = settings_store().value(key, QByteArray(), type=QByteArray)
    return value if isinstance(value, QByteArray) else QByteArray()
