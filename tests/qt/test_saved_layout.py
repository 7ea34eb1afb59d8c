"""The window's saved size and panes come back from the settings file; a settings file
whose values are not what Roundkeeper wrote (edited by hand, another version) is
passed over: the window opens at its own size instead of failing to start."""

from __future__ import annotations

import pytest

from tracker.qt.app import sample_session
from tracker.qt.main_window import MainWindow
from tracker.qt.settings_file import settings_store


@pytest.mark.parametrize("value", ["not a layout", 5])
def test_a_saved_layout_of_another_kind_is_passed_over(qtbot, value: object) -> None:
    store = settings_store()
    store.setValue("main_window/geometry", value)
    store.setValue("main_window/state", value)
    store.sync()

    window = MainWindow(sample_session())
    qtbot.addWidget(window)

    assert not window._geometry_restored
    assert not window._layout_restored


def test_a_saved_layout_comes_back(qtbot) -> None:
    first = MainWindow(sample_session())
    qtbot.addWidget(first)
    first.resize(900, 600)
    first._save_layout()

    second = MainWindow(sample_session())
    qtbot.addWidget(second)

    assert second._geometry_restored
    assert second.size() == first.size()
