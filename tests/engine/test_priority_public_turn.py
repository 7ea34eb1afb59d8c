"""Priority's turns as told to the players (`public_turn`): "Priority N" counts only the
creatures they see, the places worked out once between two changes for every turn told
(the shared page and the players' screen tell a round of turns at each change)."""

from __future__ import annotations

from typing import Any

from benchmarks.fights import build, next_step
from tracker.engine import EditCombatant
from tracker.engine.rulesets.priority.creatures import zeal
from tracker.engine.state import Encounter


class CountingMemo(dict[Any, Any]):
    """An encounter's memo that counts what is worked out, by its key's first part."""

    def __init__(self) -> None:
        super().__init__()
        self.made: list[object] = []

    def __setitem__(self, key: Any, value: Any) -> None:
        self.made.append(key[0] if isinstance(key, tuple) else key)
        super().__setitem__(key, value)


def _told_place(encounter: Encounter, combatant_id: str, visible: frozenset[str]) -> int | None:
    """The place as the rules word it: among the creatures seen, in Priority."""
    seen = [c.id for c in encounter.combatants if c.id in visible]
    return seen.index(combatant_id) + 1 if combatant_id in seen else None


def test_places_count_only_the_creatures_seen_worked_out_once_a_change():
    session = build("priority", 16)
    ruleset, encounter = session.ruleset, session.encounter
    for combatant in encounter.combatants[1::3]:
        session.apply(EditCombatant(combatant.id, {"hidden": True}))
    for _ in range(5):
        session.apply(next_step(session))
        encounter = session.encounter
        visible = frozenset(c.id for c in encounter.combatants if not c.hidden)
        memo = encounter.memo = CountingMemo()
        turns = session.upcoming_turns(40)
        numbered = 0
        for turn in turns:
            told = ruleset.public_turn(encounter, turn, visible)
            if turn.combatant_id is None or "place" not in turn.values:
                continue
            place = _told_place(encounter, turn.combatant_id, visible)
            if place is None:  # not the players' to see: told as it is
                assert told == turn
                continue
            combatant = encounter.combatant(turn.combatant_id)
            assert told.phase == f"Priority {place} · Zeal {zeal(combatant)}"
            assert told.values["place"] == place
            numbered += 1
        assert numbered > 10
        # Every turn told, the creatures seen were placed once.
        assert memo.made.count("priority.seen_places") == 1
        # A set of ids, not the frozenset the players' state holds: the same places.
        again = ruleset.public_turn(encounter, turns[1], set(visible))
        assert again == ruleset.public_turn(encounter, turns[1], visible)
        assert memo.made.count("priority.seen_places") == 1
