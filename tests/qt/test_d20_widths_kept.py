"""Classic d20's view keeps each cell's width by what it shows, for the last two things
each cell showed, not for everything any cell ever showed (issue 26, point 5: a long
fight's widths, each health shown once a key, grew with every step until a cap of 8,192
and then were all forgotten at once). An undo still measures nothing; a health shown
three changes ago is measured again."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QSize

from tests.qt.classic_d20_view_helpers import ids_by_name
from tests.qt.table_size import settle
from tests.qt.test_classic_d20_view_work import window  # noqa: F401 - fixture
from tracker.engine.health_commands import ChangeHealth
from tracker.qt.rulesets.classic_d20.row_paint import InitDelegate, PillsDelegate, WhoDelegate
from tracker.qt.views.shown_widths import ShownWidths


def _counting(monkeypatch, calls: list[str]) -> None:
    def counted(size_hint: Callable[..., QSize]) -> Callable[..., QSize]:
        def measured(*args: object) -> QSize:
            calls.append("measured")
            return size_hint(*args)

        return measured

    for delegate in (InitDelegate, WhoDelegate, PillsDelegate):
        monkeypatch.setattr(delegate, "sizeHint", counted(delegate.sizeHint))


def test_a_cell_keeps_the_widths_of_its_last_two_showings(window, qtbot, monkeypatch):  # noqa: F811
    document = window.document
    bren = ids_by_name(document.session)["Bren"]
    for change in ("=17", "=16", "=15"):  # Bren's creature cell shows three healths
        document.apply(ChangeHealth((bren,), change))
        settle(qtbot)
    measured: list[str] = []
    _counting(monkeypatch, measured)

    document.undo_stack.undo()  # back to 16: the showing before, kept
    settle(qtbot)
    assert measured == []
    document.undo_stack.undo()  # back to 17: three showings ago, forgotten
    settle(qtbot)
    assert measured == ["measured"]  # its creature cell alone


def test_shown_widths_keeps_the_last_two_per_cell():
    widths: ShownWidths[str] = ShownWidths()
    widths.put("a", 1, "HP 7/7", 70)
    widths.put("a", 1, "HP 6/7", 60)
    assert widths.get("a", 1, "HP 7/7") == 70  # the one before (an undo)
    assert widths.get("a", 1, "HP 6/7") == 60
    widths.put("a", 1, "HP 5/7", 50)  # 6/7 was the latest looked up: 7/7 goes
    assert widths.get("a", 1, "HP 7/7") is None
    assert widths.get("a", 1, "HP 6/7") == 60
    assert widths.get("a", 2, "HP 5/7") is None  # another column
    assert widths.get("b", 1, "HP 5/7") is None  # another row
    assert len(widths) == 1
