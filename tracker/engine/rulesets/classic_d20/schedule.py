"""Turns as the views see them: the current one and those to come (this round's, then
the next's in the same order), the pause after a turn while someone delays, and the
status line.

`Turn` of a creature: `phase` "initiative 17", `grant` what is left of its turn, `key`
("turn", round, id), `values`: "initiative", "members" (ids acting in it). The lair's
turn has no combatant: title "Lair", phase "count 20". In the pause after a turn while
someone delays, the turn that is up has not begun (`values["paused"]`)."""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import replace

from tracker.engine.ruleset import Turn
from tracker.engine.rulesets.classic_d20.options import grouped, is_pf2e, rerolls
from tracker.engine.rulesets.classic_d20.order import initiative, members, slots, standing_first
from tracker.engine.rulesets.classic_d20.resources import grant_text
from tracker.engine.rulesets.classic_d20.state import LAIR, LAIR_COUNT, ROUND_SECONDS, clock
from tracker.engine.rulesets.classic_d20.turns import rolling_reason
from tracker.engine.state import Encounter


def _turn(
    encounter: Encounter,
    slot: str,
    round_: int,
    current: bool,
    paused: bool = False,
    waiting: str | None = None,
    together: bool = True,
) -> Turn:
    """The turn of `slot` in `round_`. `waiting`: what a turn not begun grants, when the
    caller knows it (asked once for many turns); `together` False: the groups option is
    off (asked once for many turns), so a creature acts alone."""
    if slot == LAIR:
        values = {"kind": "lair", "initiative": LAIR_COUNT, "members": []}
        return Turn(
            None, ("lair", round_), round_, f"count {LAIR_COUNT}", "lair action", values, "Lair"
        )
    combatant = encounter.combatant(slot)
    acting = members(encounter, combatant) if together else [combatant]
    # A group's turn is shown as its first member still standing (the GM's option to
    # skip the turns of the defeated then skips it only when all are down).
    shown = standing_first(encounter, acting) if len(acting) > 1 else combatant
    if current:
        grant = grant_text(encounter, combatant)
    else:
        grant = waiting if waiting is not None else _waiting_grant(encounter)
    if len(acting) > 1:
        grant = f"{len(acting)} act together · {grant}"
    count = initiative(combatant)
    values = {
        "kind": "creature",
        "paused": paused,
        "initiative": count,
        "members": [m.id for m in acting],
        "shown": shown.id,
    }
    phase = f"initiative {count}"
    return Turn(shown.id, ("turn", round_, combatant.id), round_, phase, grant, values)


def _waiting_grant(encounter: Encounter) -> str:
    """What a turn grants before it begins."""
    return "3 actions · reaction" if is_pf2e(encounter) else "action · bonus · reaction"


def current_turn(encounter: Encounter) -> Turn | None:
    now = clock(encounter)
    if not now.started or now.rolling or now.current is None:
        return None
    if now.current != LAIR and encounter.find(now.current) is None:
        return None
    paused = now.gap_after is not None
    return _turn(encounter, now.current, now.round, not paused, paused)


def upcoming_turns(encounter: Encounter, limit: int) -> list[Turn]:
    if limit <= 0:
        return []
    found = slots(encounter)
    now = clock(encounter)
    if not found:
        return []
    turns: list[Turn] = []
    if not now.started or now.rolling or now.current is None:
        start, round_ = 0, max(now.round, 1)
    else:
        start = found.index(now.current) if now.current in found else now.index
        round_ = now.round
    position = start
    # With initiative re-rolled each round, the next round's order is not known yet.
    end = len(found) if rerolls(encounter) else start + 2 * len(found)
    waiting, together = _waiting_grant(encounter), grouped(encounter)
    seen: dict[str, Turn] = {}  # a slot's turn not begun, the same in the next round
    while len(turns) < limit and position < end:
        slot = found[position % len(found)]
        turn_round = round_ + position // len(found)
        first = now.started and not now.rolling and position == start
        paused = first and now.gap_after is not None
        if first and not paused:
            turns.append(_turn(encounter, slot, turn_round, True, together=together))
        elif paused or slot not in seen:
            turn = _turn(encounter, slot, turn_round, False, paused, waiting, together)
            turns.append(turn)
            if not paused:
                seen[slot] = turn
        else:
            turns.append(_again(seen[slot], turn_round))
        position += 1
    return turns[:limit]


def _again(turn: Turn, round_: int) -> Turn:
    """A turn not begun, in another round (the same creatures, grant and phase)."""
    key = (*turn.key[:1], round_, *turn.key[2:])
    values = dict(turn.values)  # (a `Turn` made directly: `dataclasses.replace` is slower)
    return Turn(turn.combatant_id, key, round_, turn.phase, turn.grant, values, turn.title)


def clock_label(encounter: Encounter) -> str:
    now = clock(encounter)
    if not now.started:
        return "setup"
    if now.rolling:
        return f"R{now.round} · rolling"
    if now.current == LAIR:
        return f"R{now.round} · lair"
    return f"R{now.round} · {initiative_of(encounter)}"


def initiative_of(encounter: Encounter) -> str:
    now = clock(encounter)
    combatant = encounter.find(now.current)
    return f"init {initiative(combatant)}" if combatant is not None else "—"


def status(encounter: Encounter) -> str:
    now = clock(encounter)
    if not now.started:
        return "Setting up: the fight has not begun."
    if now.rolling:
        return f"Round {now.round} · {rolling_reason(encounter)}"
    turn = current_turn(encounter)
    if turn is None:
        return f"Round {now.round}"
    if now.gap_after is not None:
        ended = encounter.find(now.gap_after)
        after = f"after {ended.name}'s turn" if ended is not None else "after a turn"
        return f"Round {now.round} · {after}: does a delaying creature act now?"
    if turn.combatant_id is None:
        return f"Round {now.round} · {turn.title}"
    name = encounter.combatant(turn.combatant_id).name
    return f"Round {now.round} · {name}'s turn ({turn.phase}) · {turn.grant}"


def public_turn(encounter: Encounter, turn: Turn, visible: Collection[str]) -> Turn:
    """The turn as the players see it: a group counts only its members they see."""
    kind = turn.values.get("kind")
    members_ = turn.values.get("members", [])
    if kind == "creature" and len(members_) > 1:
        seen = [m for m in members_ if m in visible]
        grant = turn.grant.split(" · ", 1)[-1]
        if len(seen) > 1:
            grant = f"{len(seen)} act together · {grant}"
        return replace(turn, grant=grant, values={**turn.values, "members": seen})
    return turn


def round_text(turn: Turn) -> str:
    """ "Round 3 · 12 s": a round is 6 seconds in both flavours."""
    return f"Round {turn.round} · {ROUND_SECONDS * (turn.round - 1)} s"
