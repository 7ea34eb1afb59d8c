"""An open deletes the fight view it replaces as it stands, without taking it out of the
window first (issue 26: taken out, it became a window of its own, restyled and polished
again for nothing: ~8 ms of a 1,000 open's swap). Counts, no timings."""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject
from pytestqt.qtbot import QtBot

from benchmarks.idle_timer import IdleClock
from tests.qt.test_step_work import close, open_window
from tracker.qt.views.order_table import OrderTable

# What a widget hears as it is taken out of its window and restyled alone.
RESTYLED = {QEvent.Type.ParentChange, QEvent.Type.StyleChange, QEvent.Type.Polish}


class Heard(QObject):
    """The events of those types a watched object hears."""

    def __init__(self) -> None:
        super().__init__()
        self.types: list[QEvent.Type] = []

    def eventFilter(self, _watched: QObject, event: QEvent) -> bool:  # noqa: N802 (Qt)
        if event.type() in RESTYLED:
            self.types.append(event.type())
        return False


def test_the_view_an_open_replaces_is_deleted_as_it_stands(qtbot: QtBot, tmp_path) -> None:
    window = open_window(qtbot, tmp_path, "priority", 300, 4)
    path = tmp_path / "fight.json"
    try:
        assert window.save_to(path)
        IdleClock().settle()
        old = window.central_view
        assert isinstance(old, OrderTable)
        heard, gone = Heard(), []
        old.installEventFilter(heard)
        old.destroyed.connect(lambda: gone.append(1))
        assert window.open_path(path)
        IdleClock().settle()
        assert gone, "deleted"
        assert isinstance(window.central_view, OrderTable)
        assert heard.types == []
    finally:
        close(window, qtbot)
