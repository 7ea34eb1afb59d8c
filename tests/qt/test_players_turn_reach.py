"""The players' turn order holds the GM's lazy model for one round on only: while held
the model works out no more turns than the players' list needs (`one_round_reach`),
and what the players see (the list of one round, the page's turns) is the same as over
a model kept whole, with many hidden combatants, while hidden ones act, as combatants
are hidden and revealed. The page reads the players' proxies' rows without mapping
each (`shown_turns`, `shown_effects`): the same rows, the same texts."""

from __future__ import annotations

import random
import tempfile
from pathlib import Path

import pytest
from PySide6.QtCore import QObject, QSettings

from benchmarks.fights import add_effects, an_action, build, next_step
from tests.plugins import built_in_rulesets
from tracker.engine import EditCombatant
from tracker.engine.ruleset import Turn
from tracker.qt.document import EncounterDocument
from tracker.qt.models.turn_order_model import GLANCE, PAGE, TurnOrderModel
from tracker.qt.players.effects_proxy import REMAINING_COLUMN, PartyEffectsProxy
from tracker.qt.players.projection import EffectCard, one_round
from tracker.qt.players.public_state import PublicState
from tracker.qt.players.settings import DEFAULT_HEALTH
from tracker.qt.players.turn_order_proxy import PlayersTurnOrderProxy, one_round_reach
from tracker.qt.share.feed import PageFeed
from tracker.qt.widgets.turn_timer import TurnTimerSetting

RULESETS = built_in_rulesets()  # every built-in, however many


class Players(QObject):
    """A players' turn order and a page's feed over `model` (each with a state of its
    own, as the players' screen and the page have)."""

    def __init__(self, document: EncounterDocument, model: TurnOrderModel) -> None:
        super().__init__()
        self.public = PublicState(document, self)
        self.proxy = PlayersTurnOrderProxy(model, self.public, include_current=False, parent=self)
        store = QSettings(str(Path(tempfile.mkdtemp()) / "t.ini"), QSettings.Format.IniFormat)
        self.feed = PageFeed(
            document,
            self,
            health=DEFAULT_HEALTH,
            timer=TurnTimerSetting(store),
            turn_order_model=model,
        )
        # The players' screen's effects, with rows (the page's filter keeps none).
        self.effects = PartyEffectsProxy(self.feed.effects_model, self.public, parent=self)

    def seen(self) -> tuple[list[Turn | None], object]:
        """The players' list of one round, and the page's turns to come."""
        listed = [self.proxy.turn_at(row) for row in range(one_round(self.proxy))]
        return listed, self.feed.state().board.turns


def _mapped(proxy: PlayersTurnOrderProxy) -> list[Turn | None]:
    """The turns of the proxy's rows, each mapped to its source row by Qt."""
    model = proxy.turn_model()
    return [
        model.turn_at(proxy.mapToSource(proxy.index(r, 0)).row()) for r in range(proxy.rowCount())
    ]


def _effect_cards(proxy: PartyEffectsProxy) -> tuple[EffectCard, ...]:
    """The effects on the party as the proxy's rows give them through Qt."""
    texts = [
        [str(proxy.index(row, column).data() or "") for column in (0, 1, REMAINING_COLUMN)]
        for row in range(proxy.rowCount())
    ]
    return tuple(EffectCard(*row) for row in texts)


def _hide_most(document: EncounterDocument, rng: random.Random) -> None:
    """Two enemies in three hidden, one of the party in three."""
    for combatant in document.encounter.combatants:
        if rng.random() < (2 / 3 if combatant.side != "party" else 1 / 3):
            document.apply(EditCombatant(combatant.id, {"hidden": True}))


def _step(document: EncounterDocument, rng: random.Random) -> None:
    """End Turn mostly; an action, an undo, or someone hidden or revealed now and then."""
    session = document.session
    choice = rng.random()
    if choice < 0.1 and document.undo_stack.can_undo():
        document.undo_stack.undo()
        return
    if choice < 0.25:
        combatant = rng.choice(session.encounter.combatants)
        document.apply(EditCombatant(combatant.id, {"hidden": not combatant.hidden}))
        return
    action = an_action(session) if choice < 0.4 else None
    document.apply(action if action is not None else next_step(session))


@pytest.mark.parametrize("ruleset_id", RULESETS)
def test_held_for_the_players_the_model_works_out_one_round_and_they_see_the_same(
    qtbot, qtmodeltester, ruleset_id
):
    rng = random.Random(11)
    session = build(ruleset_id, 30)
    add_effects(session, session.apply, 30, rng)
    document = EncounterDocument(session)
    owner = QObject()
    lazy = TurnOrderModel(document, owner, lazy=True)  # the GM's window's, its pane hidden
    whole = TurnOrderModel(document, owner)
    held, reference = Players(document, lazy), Players(document, whole)
    _hide_most(document, rng)
    hidden_turns = effects_seen = 0
    for number in range(40):
        _step(document, rng)
        turns = [turn for row in range(whole.rowCount()) if (turn := whole.turn_at(row))]
        reach = one_round_reach(document, turns)  # None: every turn (two rounds at most)
        needed = min(max(GLANCE, reach or len(turns)), len(turns))
        # No more rows than the players' list needs (a glance at least, for up-next).
        assert lazy.rowCount() == needed < PAGE
        assert held.seen() == reference.seen(), f"step {number}"
        for players in (held, reference):  # the rows the page reads are the proxy's own
            assert list(players.proxy.shown_turns()) == _mapped(players.proxy)
            effects = players.feed.state().board.effects
            assert effects == _effect_cards(players.effects)
            effects_seen += len(effects)
        hidden_turns += held.public.is_held()
    assert hidden_turns  # hidden ones acted (the turn still shown is left out of the list)
    assert effects_seen  # and the party carried effects
    qtmodeltester.check(lazy)
    qtmodeltester.check(held.proxy)
    with qtbot.waitSignals([held.destroyed, reference.destroyed]):
        for players in (held, reference):
            players.deleteLater()
    document.apply(next_step(document.session))
    assert lazy.rowCount() == GLANCE  # let go: nobody needs more than the glance
    owner.deleteLater()


def test_the_reach_covers_the_list_whichever_turn_it_leaves_out(document):
    """`one_round_reach` on made-up turns: past the current turn, to a second turn of one
    combatant while a visible combatant (or no one) acts, the list's end; while a hidden
    one acts (the list may leave any one turn out), to a third turn of one combatant or
    a second turn of two; hidden ones and turns of no one do not count."""
    ids = [c.id for c in document.encounter.combatants]
    document.apply(EditCombatant(ids[2], {"hidden": True}))
    a, b, hidden = ids[0], ids[1], ids[2]

    def turns(*holders: str | None) -> list[Turn]:
        return [
            Turn(key=(n,), combatant_id=holder, round=1, phase="", grant="")
            for n, holder in enumerate(holders)
        ]

    assert one_round_reach(document, turns(a, b, a, b, a)) == 4  # b again: the list's end
    assert one_round_reach(document, turns(a, a, a, a)) == 3  # the current one not counted
    assert one_round_reach(document, turns(None, b, hidden, None, b, a)) == 5
    assert one_round_reach(document, turns(a, b, hidden, None, a, hidden)) is None
    # A hidden one acts: the turn still shown as current may be left out of the list.
    assert one_round_reach(document, turns(hidden, b, a, b, a, b)) == 5  # b and a again
    assert one_round_reach(document, turns(hidden, a, a, a)) == 4
    assert one_round_reach(document, turns(hidden, a, b, hidden, None, a, hidden, b)) == 8
    assert one_round_reach(document, turns(hidden, a, b, b, None, hidden)) is None


def test_the_page_holds_no_more_turns_than_it_shows(qtbot, monkeypatch):
    """Shared with no one hidden, the GM's lazy model works out the page's turns to come,
    the one that ends them and two to spare (ending a turn moves the list on), no more:
    a change asks the engine for the turns the page shows and four, not eight."""
    session = build("classic_d20", 30)
    document = EncounterDocument(session)
    owner = QObject()
    model = TurnOrderModel(document, owner, lazy=True)
    players = Players(document, model)
    asked: list[int] = []
    upcoming = session.upcoming_turns

    def counted(limit: int = 20) -> list[Turn]:
        asked.append(limit)
        return upcoming(limit)

    monkeypatch.setattr(session, "upcoming_turns", counted)
    for _ in range(12):
        asked.clear()
        document.apply(next_step(session))
        shown = len(players.feed.state().board.turns)
        assert shown == 30  # one round: every other combatant, and the current one again
        # The current turn, the turns shown, the one ending them, two spare, one to tell
        # whether more come.
        assert max(asked) == 1 + shown + 1 + 2 + 1
    players.deleteLater()
    owner.deleteLater()
