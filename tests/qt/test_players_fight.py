"""A whole scripted fight watched from the players' side: hidden combatants (one acting
first, one revealed mid-fight), a secret field, delays of tied combatants, effects
by and on hidden combatants, undo and redo. After every step nothing hidden or
secret shows anywhere on the players' screen.

`fight_steps` and the collectors here are shared with the proxy tests."""

from __future__ import annotations

from collections.abc import Callable, Iterator

import pytest
from PySide6.QtCore import QAbstractItemModel, Qt
from PySide6.QtWidgets import QAbstractItemView, QLabel, QWidget

from tests.qt.conftest import by_name
from tracker.engine import (
    AddCombatant,
    AddEffect,
    EditCombatant,
    EndTurn,
    MoveCombatant,
    RulesetAction,
    StartEncounter,
)
from tracker.engine.fields import Field
from tracker.engine.rulesets.war_scroll import WarScroll
from tracker.qt.app import sample_session
from tracker.qt.document import EncounterDocument
from tracker.qt.models.effects_model import EffectsModel
from tracker.qt.models.turn_order_model import TurnOrderModel
from tracker.qt.players import PlayersScreenSettings, PlayersWindow, TurnMemory
from tracker.qt.players.public_state import NEUTRAL
from tracker.qt.players.themes import GRID_PX, LIST_NAME_PX, NOW_NAME_PX, px
from tracker.qt.rulesets.war_scroll.model import StateRole
from tracker.qt.rulesets.war_scroll.players_panel import WarScrollPanel

SECRET = "Sigil-of-Xul"  # a secret field's value: never on the players' side
SECRET_LABEL = "True name"
ROLES = (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.ToolTipRole)


def add_secret_field(monkeypatch: pytest.MonkeyPatch) -> Field:
    """Give the War Scroll a stat field the GM keeps secret (for this test only)."""
    field = Field("true_name", SECRET_LABEL, "text", "", secret=True)
    monkeypatch.setattr(WarScroll, "stat_fields", (*WarScroll.stat_fields, field))
    return field


@pytest.fixture
def secret_field(monkeypatch: pytest.MonkeyPatch) -> Field:
    return add_secret_field(monkeypatch)


# --- what is on the players' side -----------------------------------------------------
def model_texts(model: QAbstractItemModel) -> list[str]:
    """Every text a model gives, cells and headers, display and tooltip."""
    texts: list[str] = []
    for row in range(model.rowCount()):
        for column in range(model.columnCount()):
            for role in ROLES:
                texts.append(model.index(row, column).data(role))
        for role in ROLES:
            texts.append(model.headerData(row, Qt.Orientation.Vertical, role))
    for column in range(model.columnCount()):
        for role in ROLES:
            texts.append(model.headerData(column, Qt.Orientation.Horizontal, role))
    return [t for t in texts if isinstance(t, str) and t]


def window_texts(window: QWidget) -> list[str]:
    """The text of every label and every cell and header of every view in the window."""
    texts = [label.text() for label in window.findChildren(QLabel) if label.isVisibleTo(window)]
    texts += [window.windowTitle()]
    for view in window.findChildren(QAbstractItemView):
        model = view.model()
        if model is not None:
            texts += model_texts(model)
    return [t for t in texts if t]


def hidden_names(document: EncounterDocument) -> set[str]:
    return {c.name for c in document.encounter.combatants if c.hidden}


def visible_names(document: EncounterDocument) -> set[str]:
    return {c.name for c in document.encounter.combatants if not c.hidden}


def leaked(texts: list[str], document: EncounterDocument) -> list[str]:
    """Texts that name a hidden combatant (outside a visible name that contains it, like
    "Shade 2" beside a hidden "Shade") or show the secret field."""
    shown = sorted(visible_names(document), key=len, reverse=True)
    found: list[str] = []
    for text in texts:
        if SECRET in text or SECRET_LABEL in text:
            found.append(text)
            continue
        rest = text
        for name in shown:
            rest = rest.replace(name, "\x00")
        if any(name in rest for name in hidden_names(document)):
            found.append(text)
    return found


# --- the fight ------------------------------------------------------------------------
Step = tuple[str, Callable[[], object]]


def fight_steps(document: EncounterDocument) -> Iterator[Step]:
    """The fight, one (label, action) at a time; each action changes the encounter."""
    apply = document.apply
    undo, redo = document.undo_stack.undo, document.undo_stack.redo

    def ok(command) -> Callable[[], None]:
        def run() -> None:
            assert apply(command), command

        return run

    def moved(name: str, onto: str) -> Callable[[], None]:
        def run() -> None:
            target = document.encounter.index_of(by_name(document, onto).id)
            assert apply(MoveCombatant(by_name(document, name).id, target))

        return run

    def end_turns_until(name: str) -> Callable[[], None]:
        def run() -> None:
            for _ in range(40):
                turn = document.session.current_turn()
                if turn is not None and turn.combatant_id == by_name(document, name).id:
                    return
                assert apply(EndTurn())
            raise AssertionError(f"{name} never got a turn")

        return run

    def end_turns_until_cycle(cycle: int) -> Callable[[], None]:
        def run() -> None:
            while document.encounter.clock.cycle < cycle:
                assert apply(EndTurn())

        return run

    def edit(name: str, **changes) -> Callable[[], None]:
        return lambda: ok(EditCombatant(by_name(document, name).id, changes))()

    def effect(name: str, on: str, by: str | None, **duration) -> Callable[[], None]:
        def run() -> None:
            creator = by_name(document, by).id if by else None
            ok(AddEffect(name, by_name(document, on).id, creator, duration))()

        return run

    yield (
        "hidden fastest joins",
        ok(
            AddCombatant(
                "Azazel the Veiled",
                "enemy",
                hidden=True,
                stats={"speed": 30, "swiftness": 10, "true_name": SECRET},
            )
        ),
    )
    yield "secret on a visible one", edit("Fallen Watcher", true_name=SECRET)
    yield "tie delayed before War", moved("Shade 2", "Shade")
    yield "effect by a hidden one", effect("Dread", "Thomas", "Azazel the Veiled", cycles=2)
    yield "effect on a hidden one", effect("Veil of Night", "Azazel the Veiled", None, cycles=3)
    yield "War begins (hidden first)", ok(StartEncounter())
    yield "effect during a hidden turn", effect("Blessed", "Thomas", None, cycles=1)
    yield "hidden spends AP", ok(RulesetAction("spend_ap", None, {"amount": 2}))
    yield "first visible turn", ok(EndTurn())
    yield "effect on an enemy", effect("Marked", "Shade", "Echthra", cycles=1)
    yield "visible spends AP", ok(RulesetAction("spend_ap", None, {"amount": 3}))
    yield "song by a visible one", effect("Hymn", "Kandor", "Tirzaiel", ongoing_song=True)
    yield "to the lurker's turn", end_turns_until("Lurking Nephil")
    yield "undo into the last visible turn", undo
    yield "redo into the hidden turn", redo
    yield "the lurker is revealed", edit("Lurking Nephil", hidden=False)
    yield "undo the reveal", undo
    yield "redo the reveal", redo
    yield "a visible one is hidden", edit("Shade", hidden=True)
    yield "to Segment 2", end_turns_until("Echthra")
    yield "ties swapped back in War", moved("Shade 2", "Shade")
    yield "to the hidden one's second turn", end_turns_until("Azazel the Veiled")
    yield "undo", undo
    yield "undo again", undo
    yield "redo", redo
    yield "to the next Cycle", end_turns_until_cycle(2)
    yield "on to the hidden one", end_turns_until("Azazel the Veiled")
    yield "the hidden one shows itself", edit("Azazel the Veiled", hidden=False)
    yield "and hides again", edit("Azazel the Veiled", hidden=True)
    yield "undo three times", lambda: [undo() for _ in range(3)]


# --- the players' window through the fight ------------------------------------------
@pytest.mark.parametrize("theme", ["dark", "light"])
def test_nothing_hidden_or_secret_reaches_the_players_window(document, qtbot, secret_field, theme):
    window = PlayersWindow(document, PlayersScreenSettings(theme=theme))
    qtbot.addWidget(window)
    window.resize(1920, 1080)
    window.show()
    qtbot.waitExposed(window)
    assert leaked(window_texts(window), document) == []
    for label, action in fight_steps(document):
        action()
        texts = window_texts(window)
        assert leaked(texts, document) == [], label
        shown = set(texts)
        for name in ("Echthra", "Thomas"):
            assert any(name in text for text in shown), (label, name)
    window.grab()  # paints every delegate once: no warning, no error


def test_the_window_follows_every_change_and_undo(document, qtbot):
    window = PlayersWindow(document, PlayersScreenSettings())
    qtbot.addWidget(window)
    board = window.board
    assert board.now_panel.name.full_text() == "Get ready"
    assert board.round_label.text() == "Setting up"
    document.apply(StartEncounter())
    assert board.now_panel.name.full_text() == "Echthra"
    assert board.now_panel.detail.full_text() == "Segment 1 · 7 AP · Endurance 24/24"
    assert board.round_label.text() == "Cycle 1"
    assert board.turn_proxy.index(0, 0).data() == "Tirzaiel"  # next, not current
    document.apply(EndTurn())
    assert board.now_panel.name.full_text() == "Tirzaiel"
    document.undo_stack.undo()
    assert board.now_panel.name.full_text() == "Echthra"
    assert board.turn_proxy.index(0, 0).data() == "Tirzaiel"
    document.apply(EditCombatant(by_name(document, "Echthra").id, {"name": "Echthra the Bold"}))
    assert board.now_panel.name.full_text() == "Echthra the Bold"
    document.undo_stack.undo()
    document.undo_stack.undo()
    assert board.now_panel.name.full_text() == "Get ready"


def test_a_hidden_turn_names_nobody_and_marks_no_cell(document, qtbot):
    window = PlayersWindow(document, PlayersScreenSettings())
    qtbot.addWidget(window)
    board = window.board
    nephil = by_name(document, "Lurking Nephil")
    document.apply(StartEncounter())
    while document.session.current_turn().combatant_id != nephil.id:
        before = board.now_panel.name.full_text()
        document.apply(EndTurn())
    assert before == "Shade 2"
    assert board.now_panel.name.full_text() == NEUTRAL
    assert board.now_panel.detail.full_text() == ""
    assert board.round_label.text() == "Cycle 1"
    assert isinstance(board.panel, WarScrollPanel)
    grid_proxy = board.panel.grid_proxy
    cell = grid_proxy.index(grid_proxy.rowCount() - 1, 0)
    assert grid_proxy.headerData(cell.row(), Qt.Orientation.Vertical) == "Shade 2"
    assert cell.data(StateRole) == "played"  # its Turn is over, as after any turn
    states = {grid_proxy.index(r, 0).data(StateRole) for r in range(grid_proxy.rowCount())}
    assert "current" not in states
    document.apply(EndTurn())  # Segment 2: Echthra
    assert board.now_panel.name.full_text() == "Echthra"
    document.undo_stack.undo()
    assert board.now_panel.name.full_text() == NEUTRAL
    document.apply(EditCombatant(nephil.id, {"hidden": False}))
    assert board.now_panel.name.full_text() == "Lurking Nephil"


def test_a_new_encounter_is_followed(document, qtbot):
    window = PlayersWindow(document, PlayersScreenSettings())
    qtbot.addWidget(window)
    document.apply(StartEncounter())
    document.replace_session(sample_session())
    assert window.board.now_panel.name.full_text() == "Get ready"
    assert leaked(window_texts(window), document) == []


def test_opened_during_a_hidden_turn_it_shows_the_neutral_turn(document, qtbot):
    TurnMemory.of(document)  # the GM's window starts it with the encounter
    nephil = by_name(document, "Lurking Nephil").id
    document.apply(StartEncounter())
    while document.session.current_turn().combatant_id != nephil:
        document.apply(EndTurn())
    window = PlayersWindow(document, PlayersScreenSettings())
    qtbot.addWidget(window)
    assert window.board.now_panel.name.full_text() == NEUTRAL
    assert window.board.round_label.text() == "Cycle 1"  # the fight has begun for them
    assert TurnMemory.of(document) is window.board.public.memory


def test_the_gms_models_can_be_shared(document, qtbot, secret_field):
    turns, effects = TurnOrderModel(document), EffectsModel(document)
    window = PlayersWindow(
        document, PlayersScreenSettings(), turn_order_model=turns, effects_model=effects
    )
    qtbot.addWidget(window)
    assert window.board.turn_proxy.sourceModel() is turns
    assert window.board.effects_proxy.sourceModel() is effects
    for _label, action in fight_steps(document):
        action()
        assert leaked(window_texts(window), document) == []


def test_type_is_large_on_a_1080p_screen_and_scales_with_the_window(document, qtbot):
    window = PlayersWindow(document, PlayersScreenSettings())
    qtbot.addWidget(window)
    window.resize(1920, 1080)
    window.show()
    qtbot.waitExposed(window)
    board = window.board
    document.apply(StartEncounter())
    assert board.scale == pytest.approx(1.0)
    assert board.turn_delegate.px(LIST_NAME_PX) >= 28
    assert isinstance(board.panel, WarScrollPanel)
    assert board.panel.name_header is not None and px(GRID_PX, board.scale) >= 28
    assert board.now_panel.name.font().pixelSize() >= 96
    window.resize(960, 540)
    qtbot.waitUntil(lambda: board.scale == pytest.approx(0.5))
    assert board.now_panel.name.font().pixelSize() == px(NOW_NAME_PX, 0.5)
