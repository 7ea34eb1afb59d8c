"""No window leaves PySide wrappers of its layout items behind: one kept after Qt
deleted its item is handed back for the next object made at its address (CI once got
a QWidgetItem for a label's style). Layouts are added with `add_layout` and read with
`layout_widgets`, which let go of the wrappers PySide makes."""

from __future__ import annotations

import gc
from pathlib import Path

import pytest
import shiboken6
from PySide6.QtCore import QEvent
from PySide6.QtWidgets import (
    QApplication,
    QHBoxLayout,
    QLabel,
    QLayout,
    QLayoutItem,
    QVBoxLayout,
    QWidget,
)

import tracker
from tracker.engine import Session, StartEncounter
from tracker.persistence.files import load_encounter
from tracker.qt.app import sample_path
from tracker.qt.layout_items import add_layout, layout_widgets
from tracker.qt.main_window import MainWindow
from tracker.qt.widgets.flow_layout import FlowLayout
from tracker.qt.widgets.sample_menu import samples_by_ruleset

SAMPLES = [path.name for _name, path in samples_by_ruleset()]


def item_wrappers() -> list[QLayoutItem]:
    """The live wrappers of layout items (layouts left out), but those a flow layout
    keeps in its own list (Python's, handed to Qt by it)."""
    gc.collect()
    kept = {id(item) for o in gc.get_objects() if isinstance(o, FlowLayout) for item in o._items}
    return [
        o
        for o in gc.get_objects()
        if isinstance(o, QLayoutItem)
        and not isinstance(o, QLayout)
        and shiboken6.isValid(o)
        and id(o) not in kept
    ]


def test_a_filled_row_added_leaves_no_wrapper(qtbot) -> None:
    before = len(item_wrappers())
    host = QWidget()
    qtbot.addWidget(host)
    layout = QVBoxLayout(host)
    row, inner = QHBoxLayout(), QVBoxLayout()
    inner.addWidget(QLabel("deep"))
    add_layout(row, inner)
    row.addWidget(QLabel("a"))
    row.addStretch(1)
    add_layout(layout, row, 1)
    gone = QLabel("gone")
    layout.addWidget(gone)
    assert layout_widgets(layout) == [None, gone]
    assert len(item_wrappers()) == before
    gone.deleteLater()
    QApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete.value)
    assert layout_widgets(layout) == [None] and layout.stretch(0) == 1


@pytest.mark.parametrize("sample", SAMPLES)
def test_a_window_through_a_fight_leaves_no_item_wrapper(qtbot, tmp_path, sample: str) -> None:
    before = len(item_wrappers())
    window = MainWindow(Session(load_encounter(sample_path(sample))), None, tmp_path / "j")
    qtbot.addWidget(window)
    window.show()
    qtbot.waitExposed(window)
    window.document.apply(StartEncounter())
    for combatant in window.document.encounter.combatants[:2]:  # its editor's fields built
        window.select_combatant(combatant.id)
        qtbot.wait(1)
    for _ in range(4):
        window.turn_panel.end_turn_button.click()
        qtbot.wait(1)
    assert [type(o).__name__ for o in item_wrappers()[before:]] == []
    window.document.undo_stack.set_clean()


def test_the_app_adds_and_reads_layouts_only_through_the_helpers() -> None:
    """A plain `addLayout` or `itemAt` anywhere in the package would leave wrappers again
    (a flow layout, which is a layout of Python's, answers `itemAt` itself)."""
    root = Path(tracker.__file__).parent
    allowed = {root / "qt" / "layout_items.py", root / "qt" / "widgets" / "flow_layout.py"}
    found = [
        f"{path.relative_to(root)}:{number}"
        for path in sorted(root.rglob("*.py"))
        if path not in allowed
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if ".addLayout(" in line or ".itemAt(" in line
    ]
    assert found == []
