"""The tick track, the GM's central view: the round and the tick counted down to, very
large, with who acts; below, the combatants from the highest tick to the lowest (each at
its Initiative, with the change of the last command; acted ones greyed and ticked,
Crashed ones in red with their recovery tokens, delayed ones marked), and beside them
the formal start and end of the current turn as the checklists the tracker applies.

Dragging a row goes through the model's `moveRows`, the engine's `MoveCombatant`: ties
are the GM's to order, and a delayed turn dragged below the one acting comes at the
tick of the row it lands under (the engine refuses anything else, and says why)."""

from __future__ import annotations

from PySide6.QtCore import QModelIndex, QRect, Qt, Signal
from PySide6.QtGui import QColor, QPainter
from PySide6.QtWidgets import (
    QAbstractItemView,
    QFrame,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QScrollArea,
    QStyledItemDelegate,
    QStyleOptionViewItem,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from tracker.engine.rulesets.initiative_ticks import InitiativeTicks
from tracker.qt.document import EncounterDocument
from tracker.qt.models.roster_model import IdRole
from tracker.qt.rulesets.initiative_ticks.model import (
    STATE,
    TICK,
    MarkRole,
    TickModel,
)
from tracker.qt.rulesets.initiative_ticks.texts import number
from tracker.qt.views.fitting_header import FittingHeader
from tracker.qt.views.row_drag import ForeignDrops
from tracker.qt.widgets.steady import SteadyBox

PILL = {
    "now": ("#f6c343", "#000000"),
    "acted": ("#d9d9d9", "#6b6b6b"),
    "pending": ("#2f5d8a", "#ffffff"),
}
CRASHED = ("#b3261e", "#ffffff")
HINT = "Select a target, then an attack in the turn panel. Drag tied rows to order them."


class TickDelegate(QStyledItemDelegate):
    """The Tick column as a pill: gold for the one acting, grey once acted, red Crashed;
    a tick shared with the row above is drawn faint, so each tick reads as one step."""

    def paint(self, painter: QPainter, option: QStyleOptionViewItem, index: QModelIndex) -> None:
        mark = index.data(MarkRole)
        if mark is None or mark.tick is None:
            super().paint(painter, option, index)
            return
        kind = "now" if mark.now else ("acted" if mark.acted else "pending")
        background, ink = CRASHED if mark.crashed and not mark.now else PILL[kind]
        above = index.siblingAtRow(index.row() - 1).data(MarkRole) if index.row() else None
        same = above is not None and above.tick == mark.tick
        painter.save()
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        rect = option.rect.adjusted(6, 4, -6, -4)
        pill = QRect(rect.center().x() - 28, rect.top(), 56, rect.height())
        color = QColor(background)
        if same:
            color.setAlpha(110)
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(color)
        painter.drawRoundedRect(pill, 8, 8)
        painter.setPen(QColor(ink))
        font = option.font
        font.setBold(True)
        painter.setFont(font)
        painter.drawText(pill, Qt.AlignmentFlag.AlignCenter, number(mark.tick))
        painter.restore()


class TickTable(QTableView):
    def __init__(self, model: TickModel, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("tick_table")
        self.setHorizontalHeader(FittingHeader(self))  # a step announces several rows
        self.setModel(model)
        self.setDragDropMode(QAbstractItemView.DragDropMode.InternalMove)
        self.setDefaultDropAction(Qt.DropAction.MoveAction)
        self.setDragDropOverwriteMode(False)
        ForeignDrops(self, model.refuse_foreign_drop)
        self.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.setItemDelegateForColumn(TICK, TickDelegate(self))
        self.setStyleSheet("QTableView { font-size: 13pt; } QHeaderView::section { padding: 4px; }")
        self.verticalHeader().setVisible(False)
        self.verticalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Fixed)
        self.verticalHeader().setDefaultSectionSize(38)
        header = self.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(1, QHeaderView.ResizeMode.Interactive)
        header.resizeSection(1, 200)
        header.resizeSection(TICK, 80)
        header.setSectionResizeMode(TICK, QHeaderView.ResizeMode.Fixed)
        header.setSectionResizeMode(STATE, QHeaderView.ResizeMode.Stretch)
        header.setMinimumSectionSize(70)
        header.setResizeContentsPrecision(0)  # measure the rows shown, not all of them


class TickTrackView(QWidget):
    """`combatant_selected` carries the id of the row the GM clicks."""

    combatant_selected = Signal(str)

    def __init__(self, document: EncounterDocument, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("tick_track")
        self.document = document
        self.tick_model = TickModel(document, self)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        top = QFrame()
        top.setObjectName("tick_header")
        top.setStyleSheet("QFrame#tick_header { background: #1f2a36; border-radius: 6px; }")
        row = QHBoxLayout(top)
        row.setContentsMargins(14, 6, 14, 6)
        self.tick_label = QLabel()
        self.tick_label.setObjectName("tick_count")
        self.tick_label.setStyleSheet("color: #f6c343; font-size: 24pt; font-weight: 700;")
        self.tick_label.setMinimumWidth(150)
        self.acting_label = QLabel()
        self.acting_label.setObjectName("tick_acting")
        self.acting_label.setWordWrap(True)
        self.acting_label.setStyleSheet("color: #ffffff; font-size: 13pt;")
        # Both change at every step: steady, so a new text that fits repaints the label
        # alone rather than laying out the view and the main window around it.
        row.addWidget(SteadyBox(self.tick_label, grow=True))
        row.addWidget(SteadyBox(self.acting_label), 1)
        layout.addWidget(top)
        body = QHBoxLayout()
        self.table = TickTable(self.tick_model)
        body.addWidget(self.table, 3)
        self.checklist = QLabel()
        self.checklist.setObjectName("tick_checklists")
        self.checklist.setWordWrap(True)
        self.checklist.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
        self.checklist.setTextFormat(Qt.TextFormat.RichText)
        self.checklist.setStyleSheet(
            "QLabel#tick_checklists { background: #f4f1e8; border: 1px solid #d8d2bf;"
            " border-radius: 6px; padding: 8px; font-size: 10.5pt; }"
        )
        scroller = QScrollArea()
        scroller.setObjectName("tick_checklists_scroll")
        scroller.setWidgetResizable(True)
        scroller.setFrameShape(QFrame.Shape.NoFrame)
        scroller.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        scroller.setWidget(self.checklist)
        scroller.setMinimumWidth(250)
        scroller.setMaximumWidth(320)
        body.addWidget(scroller, 1)
        layout.addLayout(body, 1)
        self.hint = QLabel(HINT)
        self.hint.setObjectName("tick_hint")
        self.hint.setStyleSheet("color: #555555;")
        layout.addWidget(self.hint)
        self.table.selectionModel().currentChanged.connect(self._on_current)
        document.changed.connect(self.refresh)
        document.replaced.connect(self.refresh)
        self.refresh()

    @property
    def ruleset(self) -> InitiativeTicks | None:
        ruleset = self.document.ruleset
        return ruleset if isinstance(ruleset, InitiativeTicks) else None

    def _on_current(self, current: QModelIndex, _previous: QModelIndex) -> None:
        combatant_id = current.siblingAtColumn(0).data(IdRole) if current.isValid() else None
        if combatant_id is not None:
            self.combatant_selected.emit(combatant_id)

    def refresh(self, *_args: object) -> None:
        ruleset = self.ruleset
        if ruleset is None:
            return
        encounter = self.document.encounter
        phase = ruleset.phase(encounter)
        tick = ruleset.tick(encounter)
        turn = self.document.session.current_turn()
        if phase == "round":
            self.tick_label.setText(f"Tick {number(tick)}" if tick is not None else "—")
        else:
            self.tick_label.setText({"setup": "Setup", "join": "Join", "free": "Free"}[phase])
        self.acting_label.setText(self.document.session.status())
        who = None
        if turn is not None and turn.combatant_id is not None:
            who = next((c for c in encounter.combatants if c.id == turn.combatant_id), None)
        if who is None or phase != "round":
            self.checklist.setText(
                "<b>Turn checklists</b><br>The formal start and end of each turn show here "
                "when a round is under way."
            )
            return
        start = ruleset.start_checklist(encounter, who)
        end = ruleset.end_checklist(encounter, who)
        started = "applied" if _started(turn) else "to apply"
        self.checklist.setText(
            f"<b>{start.title}</b> <i>({started})</i>"
            + "".join(f"<br>{line}" for line in start.lines())
            + f"<br><br><b>{end.title}</b> <i>(End Turn)</i>"
            + "".join(f"<br>{line}" for line in end.lines())
        )


def _started(turn: object) -> bool:
    """Whether the current turn's formal start is applied (no start prompt waits)."""
    return getattr(turn, "values", {}).get("started", False) is True
