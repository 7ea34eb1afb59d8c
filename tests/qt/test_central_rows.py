"""Every ruleset's central view shows each combatant with what matters on its row: its
name, its health in the system's words, its effects as badges, the turn marker, and
the hidden and defeated marks (read from what the view paints, and from the summary its
model gives); a change to a combatant's effects announces its row; the view follows
the dark scheme."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import QModelIndex, QRect, Qt
from PySide6.QtGui import QPainter, QPalette
from PySide6.QtWidgets import QWidget

from benchmarks.fights import next_step
from tests.plugins import built_in_rulesets
from tests.qt.conftest import shown_window
from tracker.engine import AddEffect, DuplicateCombatant, EditCombatant, Session, StartEncounter
from tracker.engine.health import defeated_word, health_of
from tracker.engine.health_commands import MarkDefeated
from tracker.engine.state import Combatant
from tracker.persistence import load_encounter
from tracker.qt.appearance import appearance
from tracker.qt.document import EncounterDocument
from tracker.qt.main_window import MainWindow
from tracker.qt.models.combatant_summary import CombatantSummary, SummaryRole
from tracker.qt.models.roster_model import IdRole
from tracker.qt.ruleset_ui import ui_for
from tracker.qt.views import combatant_cell
from tracker.qt.views.combatant_cell import paint_cell

RULESETS = built_in_rulesets()  # every built-in, however many
SAMPLES = Path(__file__).parents[2] / "tracker" / "assets" / "samples"


@pytest.fixture(params=RULESETS)
def fight(request, qtbot, tmp_path: Path) -> Iterator[MainWindow]:
    """The ruleset's sample at 1,366 × 768, started, played until someone acts."""
    session = Session(load_encounter(SAMPLES / f"{request.param}_sample.json"))
    windows = shown_window(qtbot, session, tmp_path / "journal", (1366, 768))
    window = next(windows)
    window.actions_by_name["start"].trigger()
    document = window.document
    if not document.session.ruleset.is_started(document.encounter):
        document.apply(StartEncounter())
    for _ in range(30):
        turn = document.session.current_turn()
        if turn is not None and turn.combatant_id is not None:
            break
        document.apply(next_step(document.session))
    qtbot.wait(1)
    yield window
    next(windows, None)


def _index_of(view: QWidget, combatant_id: str) -> QModelIndex | None:
    """The index of the combatant's identity block in the view's own model."""
    model = {
        "war_scroll_grid": lambda: view.grid_model,  # type: ignore[attr-defined]
        "order_table": lambda: view.model(),  # type: ignore[attr-defined]
        "countdown_track": lambda: view.track_model,  # type: ignore[attr-defined]
        "side_phases": lambda: view.units_model,  # type: ignore[attr-defined]
        "tick_track": lambda: view.tick_model,  # type: ignore[attr-defined]
    }[view.objectName()]()
    for row in range(model.rowCount()):
        index = model.index(row, 0)
        if view.objectName() == "war_scroll_grid":
            summary = model.headerData(row, Qt.Orientation.Vertical, SummaryRole)
        else:
            summary = index.data(SummaryRole)
        if isinstance(summary, CombatantSummary) and summary.id == combatant_id:
            return index
    return None


def summary_in(view: QWidget, combatant_id: str) -> CombatantSummary:
    index = _index_of(view, combatant_id)
    assert index is not None, combatant_id
    if view.objectName() == "war_scroll_grid":
        summary = index.model().headerData(index.row(), Qt.Orientation.Vertical, SummaryRole)
    else:
        summary = index.data(SummaryRole)
    assert isinstance(summary, CombatantSummary)
    return summary


class Painted:
    """What a paint draws: its texts and its turn markers."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.texts: list[str] = []
        self.markers = 0
        draw_text = QPainter.drawText

        def record(painter, *args):
            text = next((a for a in args if isinstance(a, str)), None)
            if text is not None:
                self.texts.append(text)
            return draw_text(painter, *args)

        marker = combatant_cell._paint_marker

        def record_marker(*args):
            self.markers += 1
            return marker(*args)

        monkeypatch.setattr(QPainter, "drawText", record)
        monkeypatch.setattr(combatant_cell, "_paint_marker", record_marker)

    def shows(self, text: str) -> bool:
        return any(text in shown for shown in self.texts)


def _pick(window: MainWindow) -> tuple[Combatant, Combatant, Combatant, Combatant]:
    """The one acting, and three others: to hurt and mark, to hide, to defeat."""
    document = window.document
    acting = document.session.current_turn().combatant_id
    others = [c for c in document.encounter.combatants if c.id != acting]
    return document.encounter.combatant(acting), others[0], others[1], others[2]


def _hurt(window: MainWindow, combatant: Combatant) -> str:
    """Give the combatant a health to show (a sample may set none) and harm it: the
    text its row must show ("Hits 9/12")."""
    document = window.document
    ruleset = document.ruleset
    spec = ruleset.health
    assert spec is not None
    health = health_of(ruleset, combatant)
    assert health is not None
    if health.maximum <= 0:
        document.apply(EditCombatant(combatant.id, {spec.maximum: 12}))
    document.apply(EditCombatant(combatant.id, {spec.taken: 1}))
    health = health_of(ruleset, document.encounter.combatant(combatant.id))
    assert health is not None and health.text()
    return health.text()


def test_each_row_shows_health_badges_marks_and_the_turn(fight, qtbot, monkeypatch):
    document = fight.document
    view = fight.central_view
    acting, hurt, hidden, beaten = _pick(fight)
    health = _hurt(fight, hurt)
    document.apply(AddEffect("Marked", hurt.id, None, {}, "by the witch"))
    document.apply(EditCombatant(hidden.id, {"hidden": True}))
    document.apply(MarkDefeated(beaten.id))
    word = defeated_word(document.ruleset)
    qtbot.wait(1)

    summaries = {c.id: summary_in(view, c.id) for c in (acting, hurt, hidden, beaten)}
    assert summaries[hurt.id].health == health
    assert [b.name for b in summaries[hurt.id].badges] == ["Marked"]
    assert summaries[hidden.id].hidden and "hidden" in summaries[hidden.id].tags
    assert summaries[beaten.id].defeated == word and word in summaries[beaten.id].tags
    assert summaries[acting.id].acting
    assert not any(summaries[c.id].acting for c in (hurt, hidden, beaten))

    cells = getattr(view, "kept", None)  # a view that keeps its drawing (`KeptPixmaps`)
    if cells is not None:
        cells.keep = False  # draws them again: their texts are seen
    painted = Painted(monkeypatch)
    view.grab()
    for name in (acting.name, hurt.name, hidden.name, beaten.name):
        assert painted.shows(name), name
    assert painted.shows(health)
    assert "Marked" in painted.texts  # the badge
    assert "hidden" in painted.texts
    assert word in painted.texts
    assert painted.markers == 1  # the one acting now


def test_a_new_effect_announces_its_carriers_row(fight, qtbot):
    view = fight.central_view
    _acting, carrier, _hidden, _beaten = _pick(fight)
    index = _index_of(view, carrier.id)
    assert index is not None
    model = index.model()
    announced: set[int] = set()
    if view.objectName() == "war_scroll_grid":  # the block is the names' header
        model.summaries_changed.connect(announced.update)
    else:
        model.dataChanged.connect(
            lambda top, bottom, *_: announced.update(range(top.row(), bottom.row() + 1))
        )
    fight.document.apply(AddEffect("Blessed", carrier.id))
    assert index.row() in announced
    assert [b.name for b in summary_in(view, carrier.id).badges] == ["Blessed"]
    fight.document.undo_stack.undo()
    assert summary_in(view, carrier.id).badges == ()


def test_the_kept_blocks_are_those_of_the_state(fight, qtbot):
    """After steps, effects, hiding, harm and undos, every block the view's model
    kept equals one worked out afresh."""
    document = fight.document
    view = fight.central_view
    combatants = document.encounter.combatants
    for number in range(12):
        someone = combatants[number % len(combatants)]
        command = {
            0: next_step(document.session),
            1: AddEffect(f"Effect {number}", someone.id),
            2: EditCombatant(someone.id, {"hidden": not someone.hidden}),
        }[number % 3]
        if document.session.refusal(command) is None:
            document.apply(command)
        if number % 5 == 4:
            document.undo_stack.undo()
        view.grab()  # the view reads (and keeps) what it shows
    fresh = ui_for(document.ruleset).central_view(document)
    try:
        for combatant in document.encounter.combatants:
            assert summary_in(view, combatant.id) == summary_in(fresh, combatant.id)
    finally:
        fresh.deleteLater()


def test_the_view_follows_the_dark_scheme(fight, qtbot):
    assert ui_for(fight.document.ruleset).follows_dark_scheme
    try:
        appearance().choose("dark")
        qtbot.wait(1)
        page = fight.central_view.palette().color(QPalette.ColorRole.Base)
        assert page.lightness() < 100
        image = fight.central_view.grab().toImage()
        corner = image.pixelColor(image.width() - 3, image.height() - 3)
        assert corner.lightness() < 100  # painted dark, not only given a dark palette
    finally:
        appearance().choose("system")


def test_the_block_draws_the_turn_on_gold_and_marks_in_words(qapp):
    """The block alone: the turn's gold behind the one acting, its name bold; hidden
    and defeated as words, not by colour alone."""
    from PySide6.QtGui import QFont, QImage

    from tracker.qt.palette import CELL_COLORS

    summary = CombatantSummary("c1", "Ayla", "party", "Hits 5/12", "", False, True)
    image = QImage(300, 44, QImage.Format.Format_RGB32)
    image.fill(0xFFFFFF)
    painter = QPainter(image)
    paint_cell(painter, QRect(0, 0, 300, 44), summary, QFont(), QPalette())
    painter.end()
    assert image.pixelColor(290, 40).name() == CELL_COLORS["current"]
    hidden = CombatantSummary("c2", "Imp", "enemy", hidden=True, defeated="down")
    assert hidden.tags == ("hidden", "down")
    assert "hidden, down" in hidden.text()


@pytest.mark.parametrize("ruleset_id", RULESETS)
def test_the_view_shows_eight_rows_in_a_laptops_room(ruleset_id, qtbot, monkeypatch):
    """In the room a 1,366 × 768 window leaves it (about 1,000 × 480), the view shows at
    least 8 combatants' blocks whole (12 on one side, as a big party)."""
    session = Session(load_encounter(SAMPLES / f"{ruleset_id}_sample.json"))
    document = EncounterDocument(session)
    party = next(c for c in session.encounter.combatants if c.side == "party")
    while sum(c.side == "party" for c in session.encounter.combatants) < 12:
        document.apply(DuplicateCombatant(party.id))
    view = ui_for(session.ruleset).central_view(document)
    qtbot.addWidget(view)
    cells = getattr(view, "kept", None)  # a view that keeps its drawing (`KeptPixmaps`)
    if cells is not None:
        cells.keep = False  # draws them straight into the view: their places are seen
    view.resize(1000, 480)
    view.show()
    qtbot.waitExposed(view)
    whole: set[str] = set()
    original = paint_cell

    def recorded(painter, rect, summary, *args, **kwargs):
        shown = painter.deviceTransform().mapRect(QRect(rect))  # in the view's grab
        if view.rect().contains(shown):
            whole.add(summary.id)
        return original(painter, rect, summary, *args, **kwargs)

    for module in list(sys.modules.values()):
        if getattr(module, "paint_cell", None) is original:
            monkeypatch.setattr(module, "paint_cell", recorded)
    view.grab()
    assert len(whole) >= 8, f"{len(whole)} whole rows"


def test_no_identity_block_reaches_the_players(qapp):
    """The blocks carry the GM's notes (in the badges) and hidden combatants: the
    players' proxies pass none of them, by row nor by header."""
    from tests.qt.test_effect_badges import war_with_effects
    from tests.qt.test_players_proxies import Players

    session, _ids = war_with_effects()
    players = Players(EncounterDocument(session))
    for name, proxy in players.proxies().items():
        assert proxy.rowCount() > 0, name
        for row in range(proxy.rowCount()):
            assert proxy.headerData(row, Qt.Orientation.Vertical, SummaryRole) is None, name
            for column in range(proxy.columnCount()):
                assert proxy.data(proxy.index(row, column), SummaryRole) is None, name


def _current_id(view: QWidget) -> str | None:
    """The combatant the ruleset's view has current (its own way of showing a pick)."""
    if hasattr(view, "columns"):  # Stamina battle: a list a side
        for column in view.columns.values():
            index = column.list_view.currentIndex()
            if index.isValid() and column.list_view.selectionModel().isSelected(index):
                return index.data(IdRole)
        return None
    if hasattr(view, "grid_model"):  # War Scroll: the names mark it
        return view.verticalHeader().selected_id
    table = getattr(view, "table", view)
    index = table.currentIndex()
    model = table.model()
    if not index.isValid():
        return None
    found = index.siblingAtColumn(0).data(IdRole)
    if found is None and hasattr(model, "combatant_at"):
        combatant = model.combatant_at(index.row())
        found = combatant.id if combatant is not None else None
    return found


def test_the_view_marks_the_inspectors_combatant_picked_elsewhere(fight, qtbot):
    """Picked in the combatants list (or just added), the inspector's combatant is the
    one the ruleset's view marks, in every ruleset."""
    window = fight
    for combatant in window.document.encounter.combatants[1:4]:
        window.select_combatant(combatant.id)  # as the list pane does
        assert window.editor.combatant_id == combatant.id
        assert _current_id(window.central_view) == combatant.id
