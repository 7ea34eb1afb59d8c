"""The players' screen with a ruleset that is not the War Scroll (a tiny round robin
made here, with a turn of the GM's own): no grid, turn titles shown, hidden
combatants left out, and switching encounters between rulesets."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from tests.qt.test_players_fight import leaked, window_texts
from tracker.engine import AddCombatant, EditCombatant, EndTurn, Session, StartEncounter
from tracker.engine.changes import Transaction
from tracker.engine.fields import Field
from tracker.engine.kit.typed_access import TypedAccess
from tracker.engine.ruleset import Ruleset, Turn
from tracker.engine.state import Encounter, StateTypes
from tracker.qt.app import sample_session
from tracker.qt.document import EncounterDocument
from tracker.qt.players import PlayersScreenSettings, PlayersWindow
from tracker.qt.players.public_state import NEUTRAL
from tracker.qt.rulesets.war_scroll.players_panel import WarScrollPanel

NARRATOR = "The Narrator"


@dataclass
class RoundClock:
    started: bool = False
    round: int = 0
    index: int = 0


@dataclass
class NoState:
    """Round robin keeps nothing per combatant or per effect."""


_typed: TypedAccess[RoundClock, NoState, NoState] = TypedAccess(RoundClock, NoState, NoState)


class RoundRobin(Ruleset[RoundClock, NoState, NoState]):
    """Everyone in list order, then the GM's own turn; then the next round."""

    id = "round_robin_test"
    name = "Round robin (test)"
    round_name = "Round"
    state_types = StateTypes(RoundClock, NoState, NoState)
    stat_fields: ClassVar[tuple[Field, ...]] = (Field("motive", "Motive", "text", "", secret=True),)

    def start(self, tx: Transaction, encounter: Encounter) -> None:
        clock = tx.touch_clock(RoundClock)
        clock.started, clock.round, clock.index = True, 1, 0

    def end_turn(self, tx: Transaction, encounter: Encounter) -> None:
        clock = tx.touch_clock(RoundClock)
        clock.index += 1
        if clock.index > len(encounter.combatants):
            clock.index, clock.round = 0, clock.round + 1

    def _turn(self, encounter: Encounter, round_: int, index: int) -> Turn:
        if index == len(encounter.combatants):
            return Turn(None, (round_, index, None), round_, "GM", "", title=NARRATOR)
        combatant = encounter.combatants[index]
        return Turn(
            combatant.id, (round_, index, combatant.id), round_, f"Turn {index + 1}", "1 action"
        )

    def current_turn(self, encounter: Encounter) -> Turn | None:
        clock = _typed.clock(encounter)
        if not clock.started:
            return None
        return self._turn(encounter, clock.round, clock.index)

    def upcoming_turns(self, encounter: Encounter, limit: int) -> list[Turn]:
        clock = _typed.clock(encounter)
        round_, index = (clock.round, clock.index) if clock.started else (0, 0)
        turns: list[Turn] = []
        for step in range(2 * (len(encounter.combatants) + 1)):
            if len(turns) >= limit:
                break
            position = index + step
            per_round = len(encounter.combatants) + 1
            turns.append(
                self._turn(encounter, round_ + position // per_round, position % per_round)
            )
        return turns


def round_robin_session() -> Session:
    encounter = Encounter(
        name="Tavern brawl", ruleset_id=RoundRobin.id, clock=RoundRobin().new_clock()
    )
    session = Session(encounter, RoundRobin())
    session.apply(AddCombatant("Mira", "party"))
    session.apply(AddCombatant("Bruno", "enemy"))
    session.apply(AddCombatant("The Cutpurse", "enemy", hidden=True, stats={"motive": "revenge"}))
    return session


def test_another_ruleset_shows_no_grid_and_the_gms_own_turn(qtbot):
    document = EncounterDocument(round_robin_session())
    window = PlayersWindow(document, PlayersScreenSettings())
    qtbot.addWidget(window)
    board = window.board
    assert board.panel is None
    document.apply(StartEncounter())
    assert board.now_panel.name.full_text() == "Mira"
    assert board.round_label.text() == "Round 1"
    for _ in range(2):
        document.apply(EndTurn())
    # The Cutpurse's turn: the players see nobody named, and Bruno's turn is over.
    assert board.now_panel.name.full_text() == NEUTRAL
    assert board.round_label.text() == "Round 1"
    assert board.turn_proxy.index(0, 0).data() == NARRATOR
    document.apply(EndTurn())
    assert board.now_panel.name.full_text() == NARRATOR
    texts = window_texts(window)
    assert leaked(texts, document) == [] and not any("revenge" in t for t in texts)
    cutpurse = document.encounter.combatants[2].id
    document.apply(EditCombatant(cutpurse, {"hidden": False}))
    assert "The Cutpurse" in window_texts(window)


def test_switching_between_rulesets_rebuilds_the_board(document, qtbot):
    window = PlayersWindow(document, PlayersScreenSettings())
    qtbot.addWidget(window)
    assert isinstance(window.board.panel, WarScrollPanel)
    assert window.board.panel.grid_view is not None
    document.replace_session(round_robin_session())
    assert window.board.panel is None
    assert window.windowTitle().startswith("Tavern brawl")
    document.apply(StartEncounter())
    assert window.board.now_panel.name.full_text() == "Mira"
    document.replace_session(sample_session())
    assert isinstance(window.board.panel, WarScrollPanel)
    assert window.board.panel.grid_view is not None
    assert leaked(window_texts(window), document) == []
