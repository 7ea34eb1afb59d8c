"""Crash, Break and Shift: Initiative at 0 or below, and leaving it.

Every function changes the runtimes it is handed and returns the log lines, so the
foresight in `turns` can play the same rules on copies.

- A combatant brought to 0 or below is Crashed (`Crash.by`: who did it, None when it
  was its own doing); the one who crashed it gains the Break bonus (+5i), except under
  Exalted 3e against someone who left Crash this round or last.
- Crash ends at once when Initiative is 1 or more; at the start of its turn with 3
  recovery tokens (Venture: Initiative then per the option) or after 3 of its own turns
  Crashed (Exalted 3e: reset to 3i).
- Recovery tokens (Venture): 1 at the end of each turn Crashed, 2 if it did not attack.
"""

from __future__ import annotations

from tracker.engine.rulesets.initiative_ticks.options import CRASH_RECOVERY, chosen, exalted
from tracker.engine.rulesets.initiative_ticks.state import (
    BREAK_BONUS,
    CRASH_RESET,
    CRASH_TURNS,
    TOKENS_TO_RECOVER,
    Crash,
    Runtime,
    base_initiative,
)
from tracker.engine.state import Combatant, Encounter


def crash_if_down(name: str, runtime: Runtime, by: str | None) -> list[str]:
    """Crashed when brought to 0 or below (not again while Crashed)."""
    if runtime.crash is not None or runtime.initiative.current > 0:
        return []
    runtime.crash = Crash(by)
    if by is not None:
        runtime.crashed_by = by
    return [f"{name} is Crashed (Initiative {runtime.initiative.current}): Hardness 0."]


def leave_if_up(name: str, runtime: Runtime, round_: int) -> list[str]:
    """Crash ends as soon as Initiative is 1 or more."""
    if runtime.crash is None or runtime.initiative.current < 1:
        return []
    runtime.crash = None
    runtime.left_crash = round_
    return [f"{name} leaves Crash (Initiative {runtime.initiative.current})."]


def break_bonus_due(encounter: Encounter, target: Runtime, round_: int) -> bool:
    """No Break bonus under Exalted 3e against someone who left Crash this round or last."""
    if not exalted(encounter):
        return True
    return target.left_crash is None or target.left_crash < round_ - 1


def break_bonus() -> int:
    return BREAK_BONUS


def recovery_at_start(
    encounter: Encounter, combatant: Combatant, runtime: Runtime, round_: int
) -> list[str]:
    """The start-of-turn step: 3 recovery tokens (Venture) or 3 turns Crashed (Exalted 3e)
    end Crash."""
    crash = runtime.crash
    if crash is None:
        return []
    name = combatant.name
    if exalted(encounter):
        if crash.turns < CRASH_TURNS:
            return []
        before = runtime.initiative.current
        runtime.initiative.current = max(before, CRASH_RESET)
        runtime.crash, runtime.left_crash = None, round_
        return [f"{name} leaves Crash after {crash.turns} turns: Initiative {before} → 3."]
    if crash.tokens < TOKENS_TO_RECOVER:
        return []
    before = runtime.initiative.current
    how = chosen(encounter, CRASH_RECOVERY)
    if how == "base":
        runtime.initiative.current = base_initiative(combatant)
    elif how == "three":
        runtime.initiative.current = CRASH_RESET
    runtime.crash, runtime.left_crash = None, round_
    after = runtime.initiative.current
    shown = f"Initiative {before} → {after}" if after != before else f"Initiative stays {before}"
    return [f"{name} spends {crash.tokens} recovery tokens and leaves Crash ({shown})."]


def recovery_at_end(encounter: Encounter, combatant: Combatant, runtime: Runtime) -> list[str]:
    """The end-of-turn step: a recovery token, two if it did not attack (Venture); one more
    turn Crashed (Exalted 3e)."""
    crash = runtime.crash
    if crash is None:
        return []
    if exalted(encounter):
        crash.turns += 1
        return [f"{combatant.name} has spent {crash.turns} of its turns Crashed."]
    gained = 1 if runtime.attacked else 2
    crash.tokens += gained
    why = "" if runtime.attacked else " (it did not attack)"
    return [
        f"{combatant.name} gains {gained} recovery token{'s' * (gained > 1)}{why}: "
        f"{crash.tokens} now."
    ]
