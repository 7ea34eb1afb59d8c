"""Import combatants from a CSV or JSON file: each column read as one of the ruleset's
fields (guessed, the GM can change it), a preview of every row with its problems in red
and a summary, and nothing stored until Import."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFrame,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QMessageBox,
    QPushButton,
    QScrollArea,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from tracker.engine.errors import TrackerError
from tracker.engine.ruleset import AnyRuleset
from tracker.library import Library, LibraryError
from tracker.library.entries import entry_fields
from tracker.library.sources import SourceTable, read_table
from tracker.library.transfer import (
    Clashes,
    ImportPreview,
    clashes,
    confirm_import,
    preview_import,
)
from tracker.qt.dialogs import messages
from tracker.qt.dialogs.parts import error_label
from tracker.qt.layout_items import add_layout
from tracker.qt.library.files import choose_import_file
from tracker.qt.library.preview_model import ImportPreviewModel
from tracker.qt.rich_text import plain_tip

NOT_IMPORTED = "(not imported)"
PAIRS_PER_ROW = 3  # column → field pairs side by side in the mapping grid


class ImportDialog(QDialog):
    def __init__(self, library: Library, ruleset: AnyRuleset, parent: QWidget | None = None):
        super().__init__(parent)
        self.setWindowTitle(f"Import combatants — {ruleset.name}")
        self.setObjectName("import_dialog")
        self._library = library
        self._ruleset = ruleset
        self._table: SourceTable | None = None
        self.preview: ImportPreview | None = None
        self.outcome = ""  # what the import did, in words
        self.combos: list[QComboBox] = []
        layout = QVBoxLayout(self)

        top = QHBoxLayout()
        self.file_label = QLabel("No file chosen.")
        self.file_label.setObjectName("import_file")
        self.file_label.setTextFormat(Qt.TextFormat.PlainText)  # the file's name
        choose = QPushButton("Choose another file…")
        choose.clicked.connect(self.choose_file)
        top.addWidget(self.file_label, 1)
        top.addWidget(choose)
        add_layout(layout, top)

        mapping_box = QGroupBox("Read each column of the file as")
        mapping_layout = QVBoxLayout(mapping_box)
        self.mapping_holder = QWidget()
        self.mapping_grid = QGridLayout(self.mapping_holder)
        self.mapping_grid.setContentsMargins(0, 0, 0, 0)
        scroller = QScrollArea()
        scroller.setWidget(self.mapping_holder)
        scroller.setWidgetResizable(True)
        scroller.setFrameShape(QFrame.Shape.NoFrame)
        scroller.setMaximumHeight(130)
        mapping_layout.addWidget(scroller)
        layout.addWidget(mapping_box)

        self.model = ImportPreviewModel(self)
        self.view = QTableView()
        self.view.setObjectName("import_preview")
        self.view.setModel(self.model)
        self.view.verticalHeader().hide()
        self.view.setWordWrap(False)
        self.view.horizontalHeader().setStretchLastSection(True)
        self.view.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Interactive)
        layout.addWidget(self.view, 1)

        self.summary = QLabel()
        self.summary.setTextFormat(Qt.TextFormat.PlainText)
        self.summary.setObjectName("import_summary")
        self.summary.setStyleSheet("font-weight: bold;")
        self.summary.setWordWrap(True)
        self.notes = QLabel()
        self.notes.setTextFormat(Qt.TextFormat.PlainText)
        self.notes.setObjectName("import_notes")
        self.notes.setWordWrap(True)
        self.error = error_label()
        self.error.setTextFormat(Qt.TextFormat.PlainText)  # a message naming entries
        layout.addWidget(self.summary)
        layout.addWidget(self.notes)
        layout.addWidget(self.error)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Cancel)
        self.import_button = buttons.addButton("Import", QDialogButtonBox.ButtonRole.AcceptRole)
        self.import_button.setObjectName("import_button")
        self.import_button.setEnabled(False)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout.addWidget(buttons)
        screen = self.screen().availableGeometry()
        self.resize(min(1000, screen.width() - 60), min(620, screen.height() - 80))

    # --- the file ---------------------------------------------------------------------
    def choose_file(self) -> bool:
        """Ask for a file and read it; False if the GM cancelled or it cannot be read."""
        path = choose_import_file(self)
        return path is not None and self.load(path)

    def load(self, path: Path) -> bool:
        """Read `path` and preview it; a file that cannot be read is a message and
        changes nothing (the file read before, if any, stays)."""
        try:
            table = read_table(path)
        except LibraryError as error:
            messages.warning(self, "Import", error.message)
            return False
        self._table = table
        self.file_label.setText(
            f"{path.name}: {len(table.rows)} rows, {len(table.columns)} columns"
        )
        self._build_mapping(table)
        self.update_preview()
        return True

    def _build_mapping(self, table: SourceTable) -> None:
        for combo in self.combos:
            combo.deleteLater()
        while self.mapping_grid.count():
            item = self.mapping_grid.takeAt(0)
            if item is not None and (widget := item.widget()) is not None:
                widget.deleteLater()
        self.combos = []
        guessed = preview_import(table, self._ruleset).mapping
        fields = entry_fields(self._ruleset)
        for n, (column, target) in enumerate(zip(table.columns, guessed, strict=True)):
            combo = QComboBox()
            combo.setObjectName(f"map_{n}")
            combo.addItem(NOT_IMPORTED, None)
            for f in fields:
                combo.addItem(f.label, f.name)
            combo.setCurrentIndex(max(0, combo.findData(target)))
            combo.currentIndexChanged.connect(lambda _index: self.update_preview())
            label = QLabel(f"“{column}”")
            label.setTextFormat(Qt.TextFormat.PlainText)  # the file's own words
            label.setToolTip(plain_tip(column))
            row, pair = divmod(n, PAIRS_PER_ROW)
            self.mapping_grid.addWidget(label, row, pair * 2)
            self.mapping_grid.addWidget(combo, row, pair * 2 + 1)
            self.combos.append(combo)

    def mapping(self) -> tuple[str | None, ...]:
        return tuple(combo.currentData() for combo in self.combos)

    def update_preview(self) -> None:
        if self._table is None:
            return
        self.preview = preview_import(self._table, self._ruleset, self.mapping())
        self.model.set_preview(self.preview, self._ruleset)
        self.view.resizeColumnsToContents()
        self.summary.setText(self.preview.summary)
        self.notes.setText(" ".join(self.preview.notes))
        self.notes.setVisible(bool(self.preview.notes))
        count = len(self.preview.good)
        self.import_button.setEnabled(count > 0)
        self.import_button.setText(f"Import {count}" if count else "Import")
        self.error.hide()

    # --- importing --------------------------------------------------------------------
    def accept(self) -> None:
        if self.preview is None:
            return
        try:
            found = clashes(self._library, self.preview)
            choice = ask_about_clashes(self, found, len(self.preview.good)) if found else KEEP
            if choice is None:
                return  # cancelled: nothing stored, the preview stays
            added, replaced = confirm_import(
                self._library, self.preview, replace_same_name=choice == REPLACE
            )
        except TrackerError as error:
            self.error.setText(str(error))
            self.error.show()
            return
        count = added + replaced
        self.outcome = (
            f"Imported {count} {'entry' if count == 1 else 'entries'} into the library"
            f" for {self._ruleset.name}"
            + (f" ({replaced} replacing entries of the same name)." if replaced else ".")
        )
        super().accept()


REPLACE, KEEP = "replace", "keep"


def ask_about_clashes(parent: QWidget, found: Clashes, rows: int) -> str | None:
    """Ask whether the rows the library already has replace its entries (REPLACE) or
    are added beside them (KEEP); None if the GM cancels."""
    box = QMessageBox(parent)
    box.setObjectName("import_clashes")
    box.setIcon(QMessageBox.Icon.Question)
    box.setWindowTitle("Already in the library")
    box.setTextFormat(Qt.TextFormat.PlainText)  # the names are the file's
    box.setText(found.question(rows))
    replace = box.addButton("Replace existing", QMessageBox.ButtonRole.AcceptRole)
    keep = box.addButton("Keep both", QMessageBox.ButtonRole.AcceptRole)
    box.addButton(QMessageBox.StandardButton.Cancel)
    box.setDefaultButton(replace)
    box.exec()
    clicked = box.clickedButton()
    box.deleteLater()
    return REPLACE if clicked is replace else KEEP if clicked is keep else None
