"""The game master's main window: the order, the turn, the ruleset's central view (its
`RulesetUi` chooses it), effects and log."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QByteArray, QEvent, QItemSelectionModel, QObject, Qt
from PySide6.QtGui import QCloseEvent, QKeyEvent, QKeySequence
from PySide6.QtWidgets import (
    QAbstractButton,
    QAbstractSpinBox,
    QApplication,
    QComboBox,
    QDockWidget,
    QFileDialog,
    QInputDialog,
    QLabel,
    QMainWindow,
    QMessageBox,
    QVBoxLayout,
    QWidget,
)

from tracker.engine import (
    AddCombatant,
    DuplicateCombatant,
    EditCombatant,
    EndEffect,
    MoveCombatant,
    RemoveCombatant,
    RenameEncounter,
    RulesetAction,
    Session,
)
from tracker.engine.errors import TrackerError
from tracker.engine.session import SessionEvent
from tracker.persistence import paths
from tracker.persistence.files import load_encounter, save_encounter
from tracker.persistence.journal import Journal
from tracker.qt.dialogs.effect_dialog import EffectDialog
from tracker.qt.dialogs.new_encounter import NewEncounterDialog
from tracker.qt.dialogs.options_dialog import OptionsDialog
from tracker.qt.dialogs.secret_fields_dialog import SecretFieldsDialog
from tracker.qt.dialogs.shortcuts_dialog import ShortcutsDialog
from tracker.qt.document import EncounterDocument
from tracker.qt.main_menus import build_menus
from tracker.qt.models.effects_model import EffectsModel
from tracker.qt.models.log_model import LogModel
from tracker.qt.models.roster_model import IdRole, RosterModel
from tracker.qt.models.turn_order_model import TurnOrderModel
from tracker.qt.players import (
    FirstTurnReveals,
    PlayersWindow,
    TurnMemory,
    open_players_screen,
    settings_store,
)
from tracker.qt.printing import export_pdf, preview_with_dialog, print_with_dialog
from tracker.qt.ruleset_ui import ui_for
from tracker.qt.views.side_tables import log_table, roster_list, turn_order_table
from tracker.qt.widgets.banner import Banner
from tracker.qt.widgets.combatant_editor import CombatantEditor
from tracker.qt.widgets.effects_panel import EffectCalls, EffectsPanel
from tracker.qt.widgets.prompt_panel import PromptPanel
from tracker.qt.widgets.recent_menu import keep_at_quit, remember_recent
from tracker.qt.widgets.turn_panel import TurnPanel

SPACE_TAKERS = (QAbstractButton, QComboBox, QAbstractSpinBox)
FILE_FILTER = "Tracker encounters (*.json);;All files (*)"


class MainWindow(QMainWindow):
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
        self._journal_dir = journal_dir if journal_dir is not None else paths.journal_dir()
        self.journal: Journal | None = None
        self.kept_from: Path | None = None  # the "Unsaved – …" file this encounter came from
        self._build_models()
        # The state of the fight stays in the status bar's permanent part; passing
        # messages (saved, refused, expired) use the temporary part beside it.
        self.status_label = QLabel()
        self.status_label.setObjectName("status_label")
        self.statusBar().addPermanentWidget(self.status_label)
        self._build_widgets()
        self.actions_by_name = build_menus(self)
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
        self.resize(1400, 860)
        self._restore_layout()
        QApplication.instance().installEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        """Space belongs to a focused button, check box, combo box or spin box of this
        window (as it does to a text field), not to End Turn."""
        if (
            event.type() == QEvent.Type.ShortcutOverride
            and isinstance(event, QKeyEvent)
            and event.key() == Qt.Key.Key_Space
            and event.modifiers() == Qt.KeyboardModifier.NoModifier
            and isinstance(watched, SPACE_TAKERS)
            and isinstance(watched, QWidget)
            and watched.window() is self
        ):
            event.accept()
            return True
        return super().eventFilter(watched, event)

    # --- construction -----------------------------------------------------------------
    def _build_models(self) -> None:
        document = self.document
        self.roster_model = RosterModel(document, self)
        self.turn_order_model = TurnOrderModel(document, self)
        self.log_model = LogModel(document, self)
        self.effects_model = EffectsModel(document, self)

    def _build_widgets(self) -> None:
        self.banner = Banner()
        self.turn_panel = TurnPanel(self.document, self.selected_combatant_id)
        self.central_view = ui_for(self.document.ruleset).central_view(self.document)
        self._follow_central_selection()
        central = QWidget()
        layout = QVBoxLayout(central)
        layout.addWidget(self.banner)
        self.prompt_panel = PromptPanel(self.document)
        layout.addWidget(self.prompt_panel)
        layout.addWidget(self.turn_panel)
        layout.addWidget(self.central_view, 1)
        self.setCentralWidget(central)

        self.roster_view = roster_list(self.roster_model)
        self.roster_view.selectionModel().currentChanged.connect(self._on_roster_current)
        self.editor = CombatantEditor(self.document)
        roster_box = QWidget()
        roster_layout = QVBoxLayout(roster_box)
        hint = QLabel("Order (drag tied characters to break ties):")
        hint.setWordWrap(True)
        roster_layout.addWidget(hint)
        roster_layout.addWidget(self.roster_view, 1)
        roster_layout.addWidget(self.editor)
        self._dock("Combatants", roster_box, Qt.DockWidgetArea.LeftDockWidgetArea)

        self.turn_order_view = turn_order_table(self.turn_order_model)
        turn_dock = self._dock(
            "Turn order", self.turn_order_view, Qt.DockWidgetArea.RightDockWidgetArea
        )

        effects_box = EffectsPanel(
            self.effects_model,
            [spec for spec in self.document.ruleset.actions if spec.on == "effect"],
            EffectCalls(
                self.add_effect,
                self.edit_selected_effect,
                self.end_selected_effect,
                self.effect_action,
            ),
        )
        self.effects_view = effects_box.view
        self.effect_action_buttons = effects_box.action_buttons
        effects_dock = self._dock("Effects", effects_box, Qt.DockWidgetArea.RightDockWidgetArea)

        self.log_view = log_table(self.log_model)
        log_dock = self._dock("Log", self.log_view, Qt.DockWidgetArea.BottomDockWidgetArea)
        self.log_model.rowsInserted.connect(lambda *_: self.log_view.scrollToBottom())
        self.resizeDocks([turn_dock, effects_dock], [460, 460], Qt.Orientation.Horizontal)
        self.resizeDocks([turn_dock, effects_dock], [420, 260], Qt.Orientation.Vertical)
        self.resizeDocks([log_dock], [170], Qt.Orientation.Vertical)

    def _dock(self, title: str, widget: QWidget, area: Qt.DockWidgetArea) -> QDockWidget:
        dock = QDockWidget(title, self)
        if area != Qt.DockWidgetArea.BottomDockWidgetArea:
            widget.setMinimumWidth(330)  # side panels never squeezed unreadable
        dock.setObjectName(f"dock_{title.lower().replace(' ', '_')}")
        dock.setWidget(widget)
        dock.setFeatures(
            QDockWidget.DockWidgetFeature.DockWidgetMovable
            | QDockWidget.DockWidgetFeature.DockWidgetFloatable
        )
        self.addDockWidget(area, dock)
        return dock

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
        """A click on a combatant in the central view selects it everywhere."""
        signal = getattr(self.central_view, "combatant_selected", None)
        if signal is not None:
            signal.connect(self.select_combatant)

    def _on_roster_current(self, current, _previous) -> None:
        combatant_id = current.data(IdRole) if current.isValid() else None
        self.editor.set_combatant(combatant_id)
        self.turn_panel.refresh()  # actions on the selected combatant may now be allowed
        self.actions_by_name["reveal_first_turn"].setChecked(
            combatant_id is not None and self.reveals.is_flagged(combatant_id)
        )

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

    # --- players ----------------------------------------------------------------------
    def open_players_screen(self) -> None:
        window = open_players_screen(
            self.document,
            self,
            turn_order_model=self.turn_order_model,
            effects_model=self.effects_model,
            existing=self.players_window,
        )
        if window is not None:
            self.players_window = window

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
        SecretFieldsDialog(self.document, self).exec()

    def print_sheets(self) -> None:
        print_with_dialog(self.document, self)

    def preview_sheets(self) -> None:
        preview_with_dialog(self.document, self)

    def export_sheets(self) -> None:
        default = paths.encounters_dir() / f"{self.document.encounter.name}.pdf"
        filename, _ = QFileDialog.getSaveFileName(self, "Export PDF", str(default), "PDF (*.pdf)")
        if filename:
            export_pdf(self.document, Path(filename))
            self.statusBar().showMessage(f"Exported to {filename}", 5000)

    def show_shortcuts(self) -> None:
        ShortcutsDialog(self.shortcut_rows(), self).exec()

    def shortcut_rows(self) -> list[tuple[str, str]]:
        """(what, keys) for every action with a shortcut: menus and the turn panel."""
        rows = []
        for action in [*self.actions_by_name.values(), *self.turn_panel.shortcut_actions]:
            keys = ", ".join(
                k.toString(QKeySequence.SequenceFormat.NativeText) for k in action.shortcuts()
            )
            if keys:
                rows.append((action.text().replace("&", ""), keys))
        return rows

    # --- combatants -------------------------------------------------------------------
    def add_combatant(self) -> None:
        names = {c.name for c in self.document.encounter.combatants}
        number = 1
        while f"New combatant {number}" in names:
            number += 1
        if self.document.apply(AddCombatant(f"New combatant {number}")):
            newest = max(self.document.encounter.combatants, key=lambda c: int(c.id[1:]))
            self.select_combatant(newest.id)
            self.editor.form.editors["name"].input.setFocus()

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
        OptionsDialog(self.document, self).exec()

    # --- effects ----------------------------------------------------------------------
    def add_effect(self) -> None:
        EffectDialog(self.document, self.selected_combatant_id(), self).exec()

    def _selected_effect_id(self) -> str | None:
        effect = self.effects_model.effect_at(self.effects_view.currentIndex().row())
        return effect.id if effect is not None else None

    def edit_selected_effect(self) -> None:
        effect_id = self._selected_effect_id()
        if effect_id is None:
            self._on_refused("Select the effect to edit first.", "")
            return
        EffectDialog(self.document, None, self, effect_id=effect_id).exec()

    def end_selected_effect(self) -> None:
        effect_id = self._selected_effect_id()
        if effect_id is None:
            self._on_refused("Select the effect to end first.", "")
            return
        self.document.apply(EndEffect(effect_id))

    def effect_action(self, action: str) -> None:
        effect_id = self._selected_effect_id()
        if effect_id is None:
            self._on_refused("Select the effect first.", "")
            return
        self.document.apply(RulesetAction(action, None, {"effect": effect_id}))

    # --- following the engine ---------------------------------------------------------
    def _on_changed(self, event: SessionEvent) -> None:
        expired = event.changes.expired
        if expired and event.kind != "undo":
            names = {c.id: c.name for c in self.document.encounter.combatants}
            text = "; ".join(f"{e.name} on {names.get(e.carrier_id, '?')} expired" for e in expired)
            self.banner.announce(f"⏳ {text}.", "expiry")
            self.statusBar().showMessage(text, 8000)
        elif self.banner.kind == "error":
            self.banner.hide()
        self._update_title()

    def _on_replaced(self) -> None:
        ui = ui_for(self.document.ruleset)
        old = self.central_view
        self.central_view = ui.central_view(self.document)
        self._follow_central_selection()
        self.centralWidget().layout().replaceWidget(old, self.central_view)
        old.deleteLater()
        self.actions_by_name["print"].setText(ui.print_action_text)
        self.banner.hide()
        self._update_title()

    def _on_refused(self, message: str, _field: str) -> None:
        self.banner.announce(message, "error")
        self.statusBar().showMessage(message, 8000)

    def _update_title(self) -> None:
        document = self.document
        where = f" — {document.path.name}" if document.path else " — not saved yet"
        modified = "" if document.undo_stack.isClean() else " *"
        self.setWindowTitle(f"{document.encounter.name}{modified}{where} · Tracker")
        self.status_label.setText(document.session.status())

    # --- files ------------------------------------------------------------------------
    def _start_journal(self) -> None:
        if self.journal is not None:
            self.journal.close()
            self.journal = None
        try:
            self.journal = Journal.begin(
                self._journal_dir, self.document.session, self.document.path, self._journal_failed
            )
        except TrackerError as error:
            self._journal_failed(error)

    def _journal_failed(self, error: TrackerError) -> None:
        """Crash recovery is off: say so plainly, and how to stay safe."""
        self.banner.announce(
            (
                f"Changes can no longer be journaled ({error}). Save the encounter now; "
                "if Tracker were killed, unsaved changes would be lost."
            ),
            "error",
        )

    def replace_session(self, session: Session, path: Path | None) -> None:
        self.document.replace_session(session, path)
        self._start_journal()

    def new_encounter(self) -> None:
        if not self._may_discard():
            return
        dialog = NewEncounterDialog(self)
        if dialog.exec() and dialog.session is not None:
            self.replace_session(dialog.session, None)

    def open_encounter(self) -> None:
        if not self._may_discard():
            return
        filename, _ = QFileDialog.getOpenFileName(
            self, "Open encounter", str(paths.encounters_dir()), FILE_FILTER
        )
        if filename:
            self.open_path(Path(filename))

    def open_recent(self, path: Path) -> bool:
        return self._may_discard() and self.open_path(path)

    def open_path(self, path: Path) -> bool:
        try:
            encounter = load_encounter(path)
            session = Session(encounter)
        except TrackerError as error:
            QMessageBox.warning(self, "Cannot open encounter", str(error))
            return False
        self.replace_session(session, path)
        self.kept_from = None
        remember_recent(path)
        return True

    def save(self) -> bool:
        if self.document.path is None:
            return self.save_as()
        return self.save_to(self.document.path)

    def save_as(self) -> bool:
        default = paths.encounters_dir() / f"{self.document.encounter.name}.json"
        filename, _ = QFileDialog.getSaveFileName(
            self, "Save encounter as", str(default), FILE_FILTER
        )
        return self.save_to(Path(filename)) if filename else False

    def save_to(self, path: Path) -> bool:
        journal = self.journal if self.journal is not None and self.journal.active else None
        try:
            save_encounter(self.document.encounter, path, journal and journal.note_saving)
        except (TrackerError, OSError) as error:
            QMessageBox.warning(self, "Cannot save encounter", str(error))
            return False
        self.document.set_path(path)
        self.document.undo_stack.setClean()
        if self.journal is not None:
            self.journal.set_saved_path(path)
        self.kept_from = None
        remember_recent(path)
        self.statusBar().showMessage(f"Saved to {path}", 5000)
        return True

    def _may_discard(self) -> bool:
        """Ask before dropping unsaved changes; True if the GM agrees or nothing is lost."""
        if self.document.undo_stack.isClean():
            return True
        answer = QMessageBox.question(
            self,
            "Unsaved changes",
            f"Save the changes to “{self.document.encounter.name}” first?",
            QMessageBox.StandardButton.Save
            | QMessageBox.StandardButton.Discard
            | QMessageBox.StandardButton.Cancel,
        )
        if answer == QMessageBox.StandardButton.Save:
            return self.save()
        return answer == QMessageBox.StandardButton.Discard

    def closeEvent(self, event: QCloseEvent) -> None:
        if not keep_at_quit(self, self.kept_from, self._may_discard):
            event.ignore()
            return
        QApplication.instance().removeEventFilter(self)
        if self.journal is not None:
            self.journal.close()
            self.journal = None
        if self.players_window is not None:
            self.players_window.close()  # a window of its own, not a child
        self._save_layout()
        event.accept()

    # --- layout -----------------------------------------------------------------------
    def _save_layout(self) -> None:
        store = settings_store()
        store.setValue("main_window/geometry", self.saveGeometry())
        store.setValue("main_window/state", self.saveState())

    def _restore_layout(self) -> None:
        store = settings_store()
        geometry = store.value("main_window/geometry", QByteArray(), type=QByteArray)
        state = store.value("main_window/state", QByteArray(), type=QByteArray)
        if not geometry.isEmpty():
            self.restoreGeometry(geometry)
        if not state.isEmpty():
            self.restoreState(state)
