"""The library: find entries by name or tag as you type, edit or delete them, and add
several to the encounter at once (a count for each, numbered names, one undo)."""

from __future__ import annotations

from dataclasses import replace

from PySide6.QtCore import QItemSelectionModel, QModelIndex, QPersistentModelIndex, Qt, QTimer
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QDialog,
    QFrame,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QMessageBox,
    QPushButton,
    QScrollArea,
    QSpinBox,
    QSplitter,
    QStyledItemDelegate,
    QStyleOptionViewItem,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from tracker.engine.commands import MAX_ADDED_AT_ONCE
from tracker.engine.errors import CommandError, TrackerError
from tracker.engine.registry import available_rulesets, get_ruleset
from tracker.engine.ruleset import AnyRuleset
from tracker.library import Library, LibraryEntry
from tracker.library.entries import adding
from tracker.qt.dialogs import messages
from tracker.qt.dialogs.parts import error_label
from tracker.qt.document import EncounterDocument
from tracker.qt.layout_items import add_layout
from tracker.qt.library.entries_model import COUNT_COLUMN, LibraryEntriesModel
from tracker.qt.library.entry_form import EntryForm
from tracker.qt.library.files import export_with_dialog
from tracker.qt.settings_file import enemies_start_hidden, settings_store

SHOWN = 500  # rows listed at once; a search narrows a larger library
Index = QModelIndex | QPersistentModelIndex


class CountDelegate(QStyledItemDelegate):
    """The "Add ×" cell is edited with a spin box from 1 to the most added at once."""

    def createEditor(self, parent: QWidget, option: QStyleOptionViewItem, index: Index) -> QWidget:
        box = QSpinBox(parent)
        box.setRange(1, MAX_ADDED_AT_ONCE)
        return box


class LibraryDialog(QDialog):
    def __init__(
        self, library: Library, document: EncounterDocument, parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self.setWindowTitle("Library")
        self.setObjectName("library_dialog")
        self._library = library
        self._document = document
        self._entry_id: int | None = None  # the entry in the form (None: a new one)
        self._fitted_for: str | None = None  # the ruleset the columns were sized for
        self.ruleset: AnyRuleset = document.ruleset  # the one listed (the combo's)
        layout = QVBoxLayout(self)

        top = QHBoxLayout()
        self.ruleset_combo = QComboBox()
        for ruleset_id, ruleset in available_rulesets().items():
            self.ruleset_combo.addItem(ruleset.name, ruleset_id)
        self.ruleset_combo.setCurrentIndex(self.ruleset_combo.findData(document.ruleset.id))
        self.search_edit = QLineEdit()
        self.search_edit.setObjectName("library_search")
        self.search_edit.setPlaceholderText("Search by name or tag (e.g. goblin, undead boss)")
        self.search_edit.setClearButtonEnabled(True)
        top.addWidget(QLabel("Ruleset:"))
        top.addWidget(self.ruleset_combo)
        top.addSpacing(12)
        top.addWidget(QLabel("Find:"))
        top.addWidget(self.search_edit, 1)
        add_layout(layout, top)

        self.model = LibraryEntriesModel(self.ruleset, self)
        self.view = QTableView()
        self.view.setObjectName("library_view")
        self.view.setModel(self.model)
        self.view.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.view.setSelectionMode(QAbstractItemView.SelectionMode.ExtendedSelection)
        self.view.setEditTriggers(
            QAbstractItemView.EditTrigger.DoubleClicked
            | QAbstractItemView.EditTrigger.EditKeyPressed
            | QAbstractItemView.EditTrigger.AnyKeyPressed
        )
        self.view.setItemDelegateForColumn(COUNT_COLUMN, CountDelegate(self.view))
        self.view.verticalHeader().hide()
        self.view.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Interactive)
        self.view.horizontalHeader().setStretchLastSection(True)
        self.view.horizontalHeader().setResizeContentsPrecision(SHOWN // 10)
        self.view.verticalHeader().setDefaultSectionSize(self.fontMetrics().height() + 8)
        self.view.setWordWrap(False)
        self.found_label = QLabel()
        self.found_label.setObjectName("library_found")
        self.found_label.setTextFormat(Qt.TextFormat.PlainText)  # the search typed
        left = QWidget()
        left_layout = QVBoxLayout(left)
        left_layout.setContentsMargins(0, 0, 0, 0)
        left_layout.addWidget(self.view, 1)
        left_layout.addWidget(self.found_label)

        right = QWidget()
        right_layout = QVBoxLayout(right)
        right_layout.setContentsMargins(6, 0, 0, 0)
        self.form_title = QLabel()
        self.form_title.setTextFormat(Qt.TextFormat.PlainText)  # an entry's name
        self.form_title.setStyleSheet("font-weight: bold;")
        right_layout.addWidget(self.form_title)
        self.form_scroller = QScrollArea()
        self.form_scroller.setWidgetResizable(True)
        self.form_scroller.setFrameShape(QFrame.Shape.NoFrame)
        self.form_scroller.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        right_layout.addWidget(self.form_scroller, 1)
        entry_buttons = QHBoxLayout()
        self.new_button = QPushButton("New")
        self.new_button.setToolTip("Clear the form to type a new entry.")
        self.delete_button = QPushButton("Delete…")
        self.save_button = QPushButton("Save entry")
        entry_buttons.addWidget(self.new_button)
        entry_buttons.addWidget(self.delete_button)
        entry_buttons.addStretch(1)
        entry_buttons.addWidget(self.save_button)
        add_layout(right_layout, entry_buttons)
        self.form = self._build_form()

        splitter = QSplitter(Qt.Orientation.Horizontal)
        splitter.addWidget(left)
        splitter.addWidget(right)
        splitter.setChildrenCollapsible(False)
        splitter.setStretchFactor(0, 3)
        splitter.setStretchFactor(1, 2)
        right.setMinimumWidth(330)
        left.setMinimumWidth(380)
        layout.addWidget(splitter, 1)

        self.message = QLabel()
        self.message.setObjectName("library_message")
        self.message.setTextFormat(Qt.TextFormat.PlainText)  # names
        self.message.setWordWrap(True)
        self.error = error_label()
        self.error.setObjectName("library_error")
        self.error.setTextFormat(Qt.TextFormat.PlainText)  # a message naming entries
        layout.addWidget(self.message)
        layout.addWidget(self.error)
        bottom = QHBoxLayout()
        self.import_button = QPushButton("Import…")
        self.export_button = QPushButton("Export…")
        self.export_button.setToolTip("Write the entries found to a CSV or JSON file.")
        self.add_button = QPushButton()
        self.add_button.setObjectName("library_add")
        self.add_button.setDefault(True)
        self.close_button = QPushButton("Close")
        bottom.addWidget(self.import_button)
        bottom.addWidget(self.export_button)
        bottom.addStretch(1)
        bottom.addWidget(self.add_button)
        bottom.addWidget(self.close_button)
        add_layout(layout, bottom)

        self.search_edit.textChanged.connect(lambda _text: self.refresh())
        self.ruleset_combo.currentIndexChanged.connect(lambda _index: self._on_ruleset())
        self.view.selectionModel().selectionChanged.connect(lambda *_: self._on_selection())
        self.model.dataChanged.connect(lambda *_: self._sync_buttons())
        self.new_button.clicked.connect(self.new_entry)
        self.save_button.clicked.connect(self.save_entry)
        self.delete_button.clicked.connect(self.delete_selected)
        self.add_button.clicked.connect(self.add_selected)
        self.import_button.clicked.connect(self.import_file)
        self.export_button.clicked.connect(self.export_found)
        self.close_button.clicked.connect(self.reject)
        self._fit()
        self.refresh()
        self.new_entry()
        self.search_edit.setFocus()

    # --- what is shown ----------------------------------------------------------------
    def _fit(self) -> None:
        screen = self.screen().availableGeometry()
        self.resize(min(1180, screen.width() - 40), min(660, screen.height() - 60))

    def _build_form(self) -> EntryForm:
        form = EntryForm(self.ruleset)
        holder = QWidget()  # the form keeps its height; the space left stays below it
        holder_layout = QVBoxLayout(holder)
        holder_layout.setContentsMargins(0, 0, 4, 0)
        holder_layout.addWidget(form)
        holder_layout.addStretch(1)
        self.form_scroller.setWidget(holder)
        return form

    def _on_ruleset(self) -> None:
        self.ruleset = get_ruleset(self.ruleset_combo.currentData())
        self.form = self._build_form()
        self.refresh()
        self.new_entry()

    def refresh(self) -> None:
        """List the entries found by the search, keeping the current one selected."""
        ruleset = self.ruleset
        keep = self._entry_id
        try:
            found = self._library.search(ruleset.id, self.search_edit.text(), limit=SHOWN + 1)
        except TrackerError as error:  # locked by another program, damaged
            self._tell_error(str(error))
            self.model.set_entries(ruleset, [])
            self.found_label.setText("Nothing is listed: the library cannot be read now.")
            self._sync_buttons()
            return
        self.model.set_entries(ruleset, found[:SHOWN])
        if found and self._fitted_for != ruleset.id:
            # Once per ruleset: measuring the rows at every key costs more than the search.
            self.view.resizeColumnsToContents()
            self._fitted_for = ruleset.id
        text = self.search_edit.text().strip()
        if len(found) > SHOWN:
            self.found_label.setText(f"The first {SHOWN} are listed: type to narrow the search.")
        elif text:
            self.found_label.setText(f"{len(found)} found for “{text}”.")
        else:
            self.found_label.setText(f"{len(found)} in the library for {ruleset.name}.")
        if self.model.row_of(keep) >= 0:
            self._select(keep)
        self._sync_buttons()

    def selected_entries(self) -> list[LibraryEntry]:
        rows = sorted(index.row() for index in self.view.selectionModel().selectedRows())
        return [entry for row in rows if (entry := self.model.entry_at(row)) is not None]

    def _on_selection(self) -> None:
        current = self.view.currentIndex()
        entry = self.model.entry_at(current.row()) if current.isValid() else None
        chosen = entry is not None and entry in self.selected_entries()
        if entry is not None and chosen and entry.id != self._entry_id and self._settle_edits():
            self._load(entry)
        self._sync_buttons()

    def _settle_edits(self) -> bool:
        """Edits typed and not saved are never lost without a word: save them (True once
        saved) or drop them (True); False keeps the entry being edited in the form."""
        if not self.form.edited():
            return True
        shown = self.form.editors["name"].raw_value() or "the new entry"
        answer = messages.question(
            self,
            "Unsaved changes",
            f"Save your changes to {shown} first?",
            QMessageBox.StandardButton.Save | QMessageBox.StandardButton.Discard,
            QMessageBox.StandardButton.Save,
        )
        if answer != QMessageBox.StandardButton.Save:
            return True
        old = self._entry_id
        entry = self.form.entry(old)
        if entry is not None and self._write(entry) is not None:
            QTimer.singleShot(0, self.refresh)  # the list shows the saved values
            return True
        QTimer.singleShot(0, lambda: self._select(old))  # back to it: its errors are shown
        return False

    def _select(self, entry_id: int | None) -> None:
        row = self.model.row_of(entry_id)
        if row < 0:
            self.view.clearSelection()
            return
        self.view.selectionModel().setCurrentIndex(
            self.model.index(row, 0),
            QItemSelectionModel.SelectionFlag.ClearAndSelect
            | QItemSelectionModel.SelectionFlag.Rows,
        )

    def _load(self, entry: LibraryEntry | None) -> None:
        self._entry_id = None if entry is None else entry.id
        self.form.show_entry(entry)
        self.form_title.setText("New entry" if entry is None else f"Edit {entry.name}")
        self.save_button.setText("Save new entry" if entry is None else "Save changes")

    def _sync_buttons(self) -> None:
        selected = self.selected_entries()
        same = self.ruleset.id == self._document.ruleset.id
        total = sum(self.model.count_of(entry) for entry in selected)
        self.add_button.setText(
            f"Add {total} to the encounter" if total else "Add to the encounter"
        )
        self.add_button.setEnabled(bool(selected) and same and total <= MAX_ADDED_AT_ONCE)
        if not same:
            tip = f"Only entries of {self._document.ruleset.name} can join this encounter."
        elif total > MAX_ADDED_AT_ONCE:
            tip = f"Add at most {MAX_ADDED_AT_ONCE} combatants at once."
        else:
            tip = "Add the selected entries, each as many times as its “Add ×” says."
        self.add_button.setToolTip(tip)
        self.delete_button.setEnabled(bool(selected))

    def _tell(self, text: str) -> None:
        self.error.hide()
        self.message.setText(text)

    def _tell_error(self, text: str) -> None:
        self.message.setText("")
        self.error.setText(text)
        self.error.show()

    # --- editing ----------------------------------------------------------------------
    def new_entry(self) -> None:
        if not self._settle_edits():
            return
        self._entry_id = None
        self.view.clearSelection()
        self._load(None)

    def save_entry(self) -> bool:
        entry = self.form.entry(self._entry_id)
        saved = None if entry is None else self._write(entry)
        if saved is None:
            return False
        self._entry_id = saved.id
        self.refresh()
        self._load(saved)
        return True

    def _write(self, entry: LibraryEntry) -> LibraryEntry | None:
        """Store `entry`; None after showing why it cannot be."""
        try:
            saved = self._library.save_entry(entry)
        except CommandError as error:
            if not self.form.show_error(error.field or "", error.message):
                self._tell_error(error.message)
            return None
        except TrackerError as error:
            self._tell_error(str(error))
            return None
        self._tell(f"Saved {saved.name} in the library.")
        return saved

    def delete_selected(self) -> None:
        chosen = self.selected_entries()
        if not chosen:
            return
        names = ", ".join(entry.name for entry in chosen[:5])
        if len(chosen) > 5:
            names += f" and {len(chosen) - 5} more"
        answer = messages.question(
            self,
            "Delete from the library",
            f"Delete {names} from the library? This cannot be undone.",
            QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No,
            QMessageBox.StandardButton.No,
        )
        if answer != QMessageBox.StandardButton.Yes:
            return
        try:
            self._library.delete_entries(e.id for e in chosen if e.id is not None)
        except TrackerError as error:
            self._tell_error(str(error))
            return
        self.refresh()
        self.new_entry()
        self._tell(f"Deleted {names} from the library.")

    # --- adding to the encounter ------------------------------------------------------
    def add_selected(self) -> bool:
        """Add every selected entry, each its "Add ×" times, in one undoable step (enemies
        hidden from the players if the GM keeps new enemies hidden)."""
        hide = enemies_start_hidden(settings_store())  # the GM's Players setting
        picks = [
            (replace(entry, hidden=True) if hide and entry.side == "enemy" else entry, count)
            for entry in self.selected_entries()
            if (count := self.model.count_of(entry))
        ]
        if not picks:
            return False
        try:
            command = adding(self._document.ruleset, picks)
        except CommandError as error:
            self._tell_error(error.message)
            return False
        refusal = self._document.try_apply(command)
        if refusal is not None:
            self._tell_error(refusal.message)
            return False
        self._tell(f"{self._document.session.undo_text} to the encounter (Undo takes it back).")
        return True

    # --- files ------------------------------------------------------------------------
    def import_file(self) -> None:
        from tracker.qt.library.import_dialog import ImportDialog

        dialog = ImportDialog(self._library, self.ruleset, self)
        if dialog.choose_file() and dialog.exec():
            self.refresh()
            self._tell(dialog.outcome)

    def export_found(self) -> None:
        ruleset = self.ruleset
        try:
            entries = self._library.search(ruleset.id, self.search_edit.text())
            outcome = export_with_dialog(self, ruleset, entries)
        except TrackerError as error:
            self._tell_error(str(error))
            return
        if outcome:
            self._tell(outcome)
