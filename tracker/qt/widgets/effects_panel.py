"""The effects panel of the main window: the active effects, and buttons to add, edit
and end one, plus the ruleset's own actions on an effect."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHBoxLayout,
    QHeaderView,
    QPushButton,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from tracker.engine.ruleset import ActionSpec
from tracker.qt.models.effects_model import EffectsModel

COLUMN_WIDTHS = (84, 72, 72)  # effect, on, by; the time left takes the rest


@dataclass(frozen=True)
class EffectCalls:
    """What the panel's buttons do (the window's own commands)."""

    add: Callable[[], None]
    edit_selected: Callable[[], None]
    end_selected: Callable[[], None]
    ruleset_action: Callable[[str], None]  # by the action's name


class EffectsPanel(QWidget):
    def __init__(
        self,
        model: EffectsModel,
        actions: list[ActionSpec],
        calls: EffectCalls,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        layout = QVBoxLayout(self)
        self.view = view = QTableView()
        view.setObjectName("effects_view")
        view.setModel(model)
        view.verticalHeader().hide()
        # Sizes set, never measured from the contents: measuring visits every effect
        # whenever one changes. Three lines a row; the tooltip holds a longer text.
        header = view.horizontalHeader()
        for column, width in enumerate(COLUMN_WIDTHS):
            header.setSectionResizeMode(column, QHeaderView.ResizeMode.Interactive)
            header.resizeSection(column, width)
        header.setSectionResizeMode(len(COLUMN_WIDTHS), QHeaderView.ResizeMode.Stretch)
        view.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        view.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        view.setWordWrap(True)
        view.setTextElideMode(Qt.TextElideMode.ElideRight)
        rows = view.verticalHeader()
        rows.setSectionResizeMode(QHeaderView.ResizeMode.Fixed)
        rows.setDefaultSectionSize(3 * view.fontMetrics().lineSpacing() + 6)
        view.doubleClicked.connect(lambda _index: calls.edit_selected())
        layout.addWidget(view, 1)
        buttons = QHBoxLayout()
        for text, slot in (
            ("Add effect…", calls.add),
            ("Edit…", calls.edit_selected),
            ("End effect", calls.end_selected),
        ):
            button = QPushButton(text)
            button.clicked.connect(lambda _=False, slot=slot: slot())
            buttons.addWidget(button)
        self.action_buttons: dict[str, QPushButton] = {}
        for spec in actions:
            button = QPushButton(spec.label)
            button.setToolTip(spec.help)
            button.clicked.connect(lambda _=False, name=spec.name: calls.ruleset_action(name))
            buttons.addWidget(button)
            self.action_buttons[spec.name] = button
        buttons.addStretch(1)
        layout.addLayout(buttons)
