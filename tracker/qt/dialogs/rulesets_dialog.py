"""Help → Rulesets: every installed ruleset with its version, where it comes from
(Roundkeeper itself or a package) and any problem that keeps it from being offered.

A plugin that cannot be imported or declares something inconsistent is listed here with
the reason (`tracker.engine.registry.installed_rulesets`); it never stops Roundkeeper.
Every text is plain (a table item never reads rich text)."""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QAbstractItemView,
    QDialog,
    QDialogButtonBox,
    QHeaderView,
    QLabel,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from tracker.engine.registry import distribution_key, installed_rulesets
from tracker.qt.rich_text import plain_tip
from tracker.qt.ruleset_ui import DEFAULT_UI, ui_for, ui_problems

COLUMNS = ("Ruleset", "Version", "From", "State")


@dataclass(frozen=True, slots=True)
class RulesetRow:
    """One line of the dialog."""

    name: str
    ruleset_id: str
    version: str
    origin: str
    usable: bool
    state: str  # "Works", "Works (generic views)", or the problems, one a line


def ruleset_rows() -> list[RulesetRow]:
    """The installed rulesets, then views registered for no installed ruleset."""
    installed = installed_rulesets()
    views = ui_problems({item.registered_as for item in installed})
    rows: list[RulesetRow] = []
    for item in installed:
        origin = "Roundkeeper (built in)" if item.built_in else _package(item.distribution)
        problems = [*item.problems, *views.pop(item.registered_as, [])]
        if not item.usable:
            state = "Not offered:\n" + "\n".join(f"• {problem}" for problem in problems)
        elif problems:  # views that failed: the rules work with the generic views
            state = "Works with the generic views:\n" + "\n".join(f"• {p}" for p in problems)
        elif ui_for(item.registered_as) is DEFAULT_UI:
            state = "Works (generic views)"
        else:
            state = "Works"
        rows.append(
            RulesetRow(
                item.name,
                item.registered_as,
                item.version or "?",
                origin,
                item.usable,
                state,
            )
        )
    for ruleset_id, problems in views.items():
        state = "Not used:\n" + "\n".join(f"• {problem}" for problem in problems)
        rows.append(RulesetRow(ruleset_id, ruleset_id, "?", "a package", False, state))
    return rows


def _package(distribution: str) -> str:
    return f"the package {distribution_key(distribution)}" if distribution else "a package"


class RulesetsDialog(QDialog):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Rulesets")
        self.rows = ruleset_rows()
        layout = QVBoxLayout(self)
        intro = QLabel(
            "The rulesets installed with Roundkeeper and as packages. One with a problem "
            "is not offered in File → New encounter, and its encounters do not open."
        )
        intro.setTextFormat(Qt.TextFormat.PlainText)
        intro.setWordWrap(True)
        layout.addWidget(intro)
        self.table = QTableWidget(len(self.rows), len(COLUMNS))
        self.table.setHorizontalHeaderLabels(list(COLUMNS))
        self.table.verticalHeader().hide()
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.setWordWrap(True)
        for number, row in enumerate(self.rows):
            texts = (f"{row.name}\n{row.ruleset_id}", row.version, row.origin, row.state)
            for column, text in enumerate(texts):
                cell = QTableWidgetItem(text)
                cell.setToolTip(plain_tip(text))
                cell.setTextAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop)
                self.table.setItem(number, column, cell)
        header = self.table.horizontalHeader()
        for column in range(len(COLUMNS) - 1):
            header.setSectionResizeMode(column, QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(len(COLUMNS) - 1, QHeaderView.ResizeMode.Stretch)
        # Wrapped problems take the lines they need at the width their column gets.
        header.sectionResized.connect(lambda *_: self.table.resizeRowsToContents())
        layout.addWidget(self.table, 1)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        layout.addWidget(buttons)
        self.resize(1000, 560)


def show_rulesets(parent: QWidget | None) -> None:
    RulesetsDialog(parent).exec()
