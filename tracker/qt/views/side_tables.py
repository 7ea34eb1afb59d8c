"""The main window's side views: the combatants in order (drag to break ties), the turn
order to come and the log. Their sizes are fixed, never measured from the contents, so
a long fight costs nothing to repaint."""

from __future__ import annotations

from PySide6.QtCore import QAbstractItemModel, Qt
from PySide6.QtWidgets import QAbstractItemView, QHeaderView, QListView, QTableView


def roster_list(model: QAbstractItemModel) -> QListView:
    view = QListView()
    view.setObjectName("roster_view")
    view.setModel(model)
    view.setDragDropMode(QAbstractItemView.DragDropMode.InternalMove)
    view.setDefaultDropAction(Qt.DropAction.MoveAction)
    view.setDragDropOverwriteMode(False)
    view.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
    view.setStyleSheet("font-size: 12pt;")
    view.setUniformItemSizes(True)  # no measuring of every row
    return view


def turn_order_table(model: QAbstractItemModel) -> QTableView:
    view = QTableView()
    view.setObjectName("turn_order_view")
    view.setModel(model)
    view.verticalHeader().hide()
    view.horizontalHeader().setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
    view.setSelectionMode(QAbstractItemView.SelectionMode.NoSelection)
    # Fixed sizes: measuring contents would visit every row on every change.
    view.horizontalHeader().resizeSection(1, 165)
    view.horizontalHeader().resizeSection(2, 100)
    view.verticalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Fixed)
    view.verticalHeader().setDefaultSectionSize(28)
    view.setWordWrap(False)
    return view


def log_table(model: QAbstractItemModel) -> QTableView:
    view = QTableView()
    view.setObjectName("log_view")
    view.setModel(model)
    view.verticalHeader().hide()
    view.horizontalHeader().setSectionResizeMode(1, QHeaderView.ResizeMode.Stretch)
    view.setWordWrap(False)
    view.verticalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Fixed)
    view.verticalHeader().setDefaultSectionSize(22)
    return view
