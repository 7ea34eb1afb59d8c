"""A long tick order (issue 26, 5,000 combatants): after a change only the combatants it
touched or added are ranked and placed again (the whole list was ranked, several times,
at every change), and the order is exactly the whole list's stable sort, whatever the
change: Initiative up and down, ties, joins, latecomers, delays, sides, removals, undo;
the first combatant still to join battle is found from the end of the list."""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Iterator

import pytest

from benchmarks.fights import build
from tracker.engine import AddCombatant, Session
from tracker.engine.commands import EditCombatant, RemoveCombatant, RulesetAction
from tracker.engine.errors import CommandError
from tracker.engine.rulesets.initiative_ticks import order, prompts
from tracker.engine.rulesets.initiative_ticks.order import Rank
from tracker.engine.rulesets.initiative_ticks.state import rt
from tracker.engine.state import Combatant, Encounter
from tracker.persistence.files import load_encounter, save_encounter

SIZE = 300  # past order.LONG: the long list's way


def _sorted_whole(encounter: Encounter) -> list[str]:
    return [c.id for c in order.sorted_order(encounter, encounter.combatants)]


def _first_waiting_by_pass(encounter: Encounter) -> Combatant | None:
    return next((c for c in encounter.combatants if not rt(c).joined), None)


@pytest.fixture
def ranked(monkeypatch) -> Iterator[list[int]]:
    """How many ranks the rules work out (one count a call of a ranker's rank)."""
    count = [0]
    real = order.ranker

    def counting(encounter: Encounter, *args: order.RuntimeOf) -> Callable[[Combatant], Rank]:
        rank = real(encounter, *args)

        def counted(combatant: Combatant) -> Rank:
            count[0] += 1
            return rank(combatant)

        return counted

    monkeypatch.setattr(order, "ranker", counting)
    yield count


def test_a_change_of_one_combatant_ranks_a_few_not_the_whole_list(ranked):
    session = build("initiative_ticks", SIZE)
    middle = session.encounter.combatants[SIZE // 2]
    ranked[0] = 0

    session.apply(RulesetAction("adjust", middle.id, {"amount": 4, "reason": "aims"}))

    assert ranked[0] < SIZE // 4
    assert [c.id for c in session.encounter.combatants] == _sorted_whole(session.encounter)


def test_a_combatant_touched_whose_rank_stays_keeps_its_place_among_its_ties():
    session = build("initiative_ticks", SIZE)  # the free actions: everyone at 3, tied
    before = [c.id for c in session.encounter.combatants]
    for place in (1, SIZE // 3, SIZE // 2, SIZE - 2):
        someone = session.encounter.combatants[place]
        session.apply(RulesetAction("onslaught", someone.id, {"amount": 1}))
        assert [c.id for c in session.encounter.combatants] == before


def _a_change(session: Session, rng: random.Random) -> None:
    encounter = session.encounter
    someone = rng.choice(encounter.combatants)
    kind = rng.randrange(8)
    commands = {
        0: lambda: AddCombatant(f"Late {rng.randrange(10**6)}", rng.choice(["party", "enemy"])),
        1: lambda: RemoveCombatant(someone.id),
        2: lambda: EditCombatant(
            someone.id, {"side": "party" if someone.side == "enemy" else "enemy"}
        ),
    }
    if kind in commands:
        command = commands[kind]()
    elif kind == 3:
        legal = session.ruleset.legal_actions(encounter, (someone.id,))
        if not legal:
            return
        action = rng.choice(legal)
        command = RulesetAction(action.action, action.combatant_id, action.params)
    elif kind == 4:
        prompt = session.prompt()
        if prompt is None or not prompt.answers:
            return
        answer = prompt.answers[0].command
        if isinstance(answer, RulesetAction) and answer.action == "join_battle":
            answer = RulesetAction(
                "join_battle", answer.combatant_id, {"successes": rng.randrange(6)}
            )
        command = answer
    else:
        amount = rng.choice([-6, -3, -1, 1, 2, 5, 9])
        command = RulesetAction("adjust", someone.id, {"amount": amount, "reason": "test"})
    try:
        session.apply(command)
    except CommandError:
        return


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_the_order_is_always_the_whole_lists_stable_sort(seed):
    rng = random.Random(seed)
    session = build("initiative_ticks", SIZE, seed=seed)
    for step in range(120):
        _a_change(session, rng)
        if step % 10 == 9 and session.can_undo:
            session.undo()
        encounter = session.encounter
        assert [c.id for c in encounter.combatants] == _sorted_whole(encounter), step
        assert prompts.first_waiting(encounter) is _first_waiting_by_pass(encounter), step


def test_a_file_holding_the_order_unsorted_is_opened_sorted_and_kept_so(tmp_path):
    """A change places only what it touched among the others, which only works on a
    sorted list: a file edited by hand with the order shuffled is sorted as it opens
    (ties keep the file's order), and stays sorted through changes."""
    session = build("initiative_ticks", SIZE)
    path = tmp_path / "shuffled.json"
    save_encounter(session.encounter, path)
    document = json.loads(path.read_text())
    random.Random(3).shuffle(document["encounter"]["combatants"])
    path.write_text(json.dumps(document))

    opened = Session(load_encounter(path))

    assert [c.id for c in opened.encounter.combatants] == _sorted_whole(opened.encounter)
    somebody = opened.encounter.combatants[SIZE // 3]
    opened.apply(EditCombatant(somebody.id, {"defense": int(somebody.stats.get("defense", 0)) + 1}))
    opened.apply(RulesetAction("adjust", somebody.id, {"amount": -5, "reason": "stumbles"}))
    assert [c.id for c in opened.encounter.combatants] == _sorted_whole(opened.encounter)
