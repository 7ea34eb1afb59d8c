"""The GM's central view of a Stamina battle: the side phases, one column per side in
the order of their phases, each Unit a painted card of two lines (its identity block:
side, turn marker, name and marks, "acted", Wounds, badges, charge, this turn's uses,
what it can still afford; its Stamina bar with the change), in the window's scheme. The side
whose phase it is stands out; "Goes next" (or a double click) picks the selected Unit
of that side for the next turn; dragging inside a column sets the order of the side.
A click selects the Unit everywhere (`combatant_selected`)."""

from __future__ import annotations

from PySide6.QtCore import QEvent, QModelIndex, Qt, Signal
from PySide6.QtGui import QColor
from PySide6.QtWidgets import (
    QAbstractItemView,
    QApplication,
    QFrame,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from tracker.engine import RulesetAction
from tracker.engine.state import SIDES
from tracker.qt.appearance import is_dark
from tracker.qt.document import EncounterDocument
from tracker.qt.layout_items import add_layout, layout_widgets
from tracker.qt.models.id_drags import FOREIGN_DROP
from tracker.qt.models.roster_model import IdRole
from tracker.qt.palette import SIDE_COLORS
from tracker.qt.rich_text import escape, plain_tip
from tracker.qt.rulesets.stamina_battle.delegate import UnitDelegate
from tracker.qt.rulesets.stamina_battle.model import SideProxy, UnitsModel
from tracker.qt.rulesets.stamina_battle.unit_list import UnitList
from tracker.qt.views.row_drag import ForeignDrops
from tracker.qt.views.shown_selection import show_selected_row
from tracker.qt.widget_style import style_of

OWN_SIDE = (
    "A Unit is dragged inside its own side's column, to set the order of that side; "
    "to change its side, edit the Unit."
)


def _why_not_from(source: QWidget) -> str:
    """Why a drag from `source` (another view) does not land in a side's column."""
    return OWN_SIDE if isinstance(source, UnitList) else FOREIGN_DROP


class SideColumn(QFrame):
    """One side: its title and its Units."""

    def __init__(self, model: UnitsModel, side: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.side = side
        self.setObjectName(f"side_{side}")
        self.setFrameShape(QFrame.Shape.StyledPanel)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(6, 6, 6, 6)
        layout.setSpacing(4)
        self.title = QLabel()
        self.title.setObjectName(f"side_title_{side}")
        self._dark: bool | None = None
        self.dress()
        layout.addWidget(self.title)
        self.proxy = SideProxy(model, side, self)
        self.list_view = UnitList()
        self.list_view.setObjectName(f"side_units_{side}")
        self.list_view.setModel(self.proxy)
        self.list_view.watch_rows(self.proxy)
        self.list_view.setItemDelegate(UnitDelegate(self.list_view))
        self.list_view.setUniformItemSizes(True)
        self.list_view.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.list_view.setDragDropMode(QAbstractItemView.DragDropMode.InternalMove)
        self.list_view.setDefaultDropAction(Qt.DropAction.MoveAction)
        self.list_view.setDragDropOverwriteMode(False)
        # A Unit dragged over another side's column is refused there with the reason.
        ForeignDrops(self.list_view, lambda source: model.refuse(_why_not_from(source)))
        self.list_view.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        layout.addWidget(self.list_view, 1)

    def dress(self) -> None:
        """The side's colour on its title and the frame, in the scheme in force: a side's
        colour is lightened on a dark page (its text at least 4.5:1). Restyled only when
        the scheme changes."""
        dark = is_dark(QApplication.palette())
        if dark == self._dark:
            return
        self._dark = dark
        color = QColor(SIDE_COLORS.get(self.side, SIDE_COLORS["neutral"]))
        color = title_color(color, dark)
        self.title.setStyleSheet(
            f"QLabel {{ font-size: 13pt; font-weight: normal; color: {color.name()}; }}"
            ' QLabel[active="true"] { font-weight: bold; }'
        )
        edge = "#4a4d55" if dark else "#c8c8c8"
        self.setStyleSheet(
            f"SideColumn {{ border: 1px solid {edge}; border-radius: 6px; }}"
            ' SideColumn[active="true"] { border: 3px solid #e0a800; }'
        )

    def set_title(self, text: str, active: bool) -> None:
        """The title and, for the side whose phase it is, the gold frame and a bold title:
        restyled only when that changes (a few times a round), never at every step."""
        if self.title.text() != text:
            self.title.setText(text)
        if self.property("active") != active:
            for widget in (self, self.title):
                widget.setProperty("active", active)
                _restyle(widget)


def title_color(side: QColor, dark: bool) -> QColor:
    """A side's colour for text on the page: as it is on a light page (darkened until
    it reads at 4.5:1 on white), lightened on a dark one."""
    color = QColor(side)
    if dark:
        while color.lightness() < 170:
            color = color.lighter(115)
        return color
    while color.lightness() > 110:
        color = color.darker(115)
    return color


def _restyle(widget: QWidget) -> None:
    """Apply the widget's style sheet rules again after a property they select on changed
    (that one widget, not its children: its frame width and font follow)."""
    style = style_of(widget)
    style.unpolish(widget)
    style.polish(widget)
    QApplication.sendEvent(widget, QEvent(QEvent.Type.StyleChange))
    widget.update()


class SidePhasesView(QWidget):
    combatant_selected = Signal(str)

    def __init__(self, document: EncounterDocument, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("side_phases")
        self.document = document
        self.units_model = UnitsModel(document, self)
        self.selected: str | None = None
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        top = QHBoxLayout()
        self.phase_label = QLabel()
        self.phase_label.setObjectName("phase_label")
        self.phase_label.setStyleSheet("font-size: 11pt;")
        self.phase_label.setWordWrap(True)
        self.phase_label.setTextFormat(Qt.TextFormat.RichText)
        top.addWidget(self.phase_label, 1)
        self.next_button = QPushButton("Goes next")
        self.next_button.setObjectName("goes_next")
        self.next_button.clicked.connect(self.pick_next)
        top.addWidget(self.next_button)
        add_layout(layout, top)
        self.columns_layout = QHBoxLayout()
        self.columns: dict[str, SideColumn] = {}
        for side in SIDES:
            column = SideColumn(self.units_model, side, self)
            column.list_view.selectionModel().currentChanged.connect(
                lambda current, _previous, s=side: self._on_current(s, current)
            )
            column.list_view.doubleClicked.connect(lambda _index: self.pick_next())
            self.columns[side] = column
            self.columns_layout.addWidget(column, 1)
        add_layout(layout, self.columns_layout, 1)
        # Bound methods, not lambdas: Qt disconnects them when this view is deleted (File
        # → Open replaces it), so the document never calls into a deleted view.
        document.changed.connect(self._on_changed)
        document.replaced.connect(self.refresh)
        self.refresh()

    def _on_changed(self, _event: object) -> None:
        self.refresh()

    def changeEvent(self, event: QEvent) -> None:
        super().changeEvent(event)
        if event.type() == QEvent.Type.PaletteChange:  # light or dark
            for column in self.columns.values():
                column.dress()

    # --- choosing -----------------------------------------------------------------------
    def _on_current(self, side: str, current: QModelIndex) -> None:
        combatant_id = current.data(IdRole) if current.isValid() else None
        if combatant_id is None:
            return
        self.selected = combatant_id
        for other, column in self.columns.items():
            if other != side:
                column.list_view.clearSelection()
        self.combatant_selected.emit(combatant_id)
        self._refresh_button()

    def show_selected(self, combatant_id: str | None) -> None:
        """The inspector shows this Unit: it is the one selected in its side's column
        (the others' selection cleared), as if clicked, without saying so again."""
        self.selected = combatant_id
        for column in self.columns.values():
            index = self._index_in(column, combatant_id)
            show_selected_row(column.list_view, index.row() if index.isValid() else -1)
        self._refresh_button()

    def select(self, combatant_id: str) -> None:
        """Select the Unit in its column (as a click does)."""
        for column in self.columns.values():
            index = self._index_in(column, combatant_id)
            if index.isValid():
                column.list_view.setCurrentIndex(index)
                return

    def _index_in(self, column: SideColumn, combatant_id: str | None) -> QModelIndex:
        """The Unit's index in the column (invalid when it is not there): mapped from its
        row in the model, not looked for among the column's rows."""
        row = self.units_model.row_of(combatant_id) if combatant_id is not None else -1
        if row < 0 or column.proxy.sourceModel() is None:
            return QModelIndex()
        return column.proxy.mapFromSource(self.units_model.index(row, 0))

    def pick_next(self) -> bool:
        """The selected Unit goes next (the engine says whether it may)."""
        if self.selected is None:
            self.document.refused.emit("Select a Unit of the side whose phase it is.", "")
            return False
        return self.document.apply(RulesetAction("go_next", self.selected, {}))

    # --- showing ------------------------------------------------------------------------
    def refresh(self) -> None:
        ruleset = self.units_model.ruleset
        if ruleset is None:
            return
        encounter = self.document.encounter
        if self.selected is not None and encounter.find(self.selected) is None:
            self.selected = None
        active = ruleset.phase_side(encounter)
        order = list(ruleset.sides_in_order(encounter))
        self._place_columns(order + [s for s in SIDES if s not in order])
        for side, column in self.columns.items():
            present = self.units_model.units_of(side) > 0
            if present:
                column.proxy.attach()
            column.setVisible(present)
            title = ruleset.side_title(side)
            if side == active:
                title += f" · their phase · {self.units_model.to_act(side)} to act"
            column.set_title(title, side == active)
        text = self._phase_text()
        if self.phase_label.text() != text:
            self.phase_label.setText(text)
        self._refresh_button()

    def _place_columns(self, sides: list[str]) -> None:
        """The columns in the order of the phases (laid out again only when it changes)."""
        shown = layout_widgets(self.columns_layout)
        placed = (shown + [None] * len(sides))[: len(sides)]
        if placed == [self.columns[side] for side in sides]:
            return
        for position, side in enumerate(sides):
            self.columns_layout.insertWidget(position, self.columns[side], 1)

    def _phase_text(self) -> str:
        session = self.document.session
        ruleset = self.units_model.ruleset
        assert ruleset is not None
        turn = session.current_turn()
        if not session.ruleset.is_started(session.encounter):
            return "Setting up: drag Units inside their side to set the order."
        if turn is None:
            return session.status()
        if turn.combatant_id is None:
            return f"Round {turn.round} · {escape(turn.title)}"
        name = session.encounter.combatant(turn.combatant_id).name
        return (
            f"<b>{escape(name)}</b> acting. Pick who goes next from "
            f"{escape(ruleset.side_name(turn.values.get('side')))}"
            " (select, then Goes next, or double-click), or drag inside the side."
        )

    def _refresh_button(self) -> None:
        if self.selected is None:
            self.next_button.setEnabled(False)
            self.next_button.setToolTip("Select a Unit of the side whose phase it is.")
            return
        error = self.document.session.refusal(RulesetAction("go_next", self.selected, {}))
        self.next_button.setEnabled(error is None)
        self.next_button.setToolTip(
            plain_tip(f"Not now: {error.message}") if error else "This Unit takes the next turn."
        )
