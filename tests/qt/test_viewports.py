"""`viewport_of`: a scroll area's viewport, the one `viewport()` gives."""

from __future__ import annotations

from PySide6.QtWidgets import QLineEdit, QListView, QTableView, QWidget

from tracker.qt.views.viewports import viewport_of


def test_it_is_the_viewport_qt_made(qtbot):
    view = QTableView()
    qtbot.addWidget(view)
    viewport = viewport_of(view)
    assert viewport is view.viewport()
    assert viewport.parent() is view
    assert viewport_of(view.verticalHeader()) is view.verticalHeader().viewport()


def test_it_is_a_viewport_set_in_its_place(qtbot):
    view = QListView()
    qtbot.addWidget(view)
    own = QWidget()
    view.setViewport(own)
    assert viewport_of(view) is own


def test_a_viewport_inside_a_child_is_not_taken_for_the_views(qtbot):
    outer = QTableView()
    qtbot.addWidget(outer)
    inner = QListView(outer)  # its viewport is a grandchild of `outer`, also so named
    QLineEdit(outer)
    assert viewport_of(outer) is outer.viewport()
    assert viewport_of(inner) is inner.viewport() is not outer.viewport()
