"""The conformance state machine: random playthroughs of one ruleset through the public
engine API, with the Qt models, a save file and the crash journal following along.

Checked after every step: the queries views make (current turn, upcoming turns, prompt,
status, remaining time of every effect, ...) answer without raising and change nothing;
the Qt models mirror the engine and announce every change a view must repaint (and pass
qtmodeltester). Checked for every command: `Session.refusal` foretells the outcome; a
refused command changes nothing and tells no one; undo and redo walk exactly through the
states the session passed; End Turn brings the turns that `upcoming_turns` announced, and
the effects that expire are those `ends_soon` announced (and those end). What is legal:
the actions are mostly those `Ruleset.legal_actions` offers (each must apply, with each
choice offered), now and then one it does not offer on someone it may concern (it must
be refused), and whole turns are played as a GM plays them (`play_turns`); `TALLIES`
(`tally`) counts, per ruleset, each action applied and refused and the furthest round reached.
At the end (`teardown`): undoing everything gives the start, redoing everything the end;
a saved file and the crash journal give back the same encounter, which plays on alike;
the session the journal gives back (its checkpoints written every few changes, a random
number of them) walks through the same states when it undoes and redoes everything.

What is played: the actions `Ruleset.legal_actions` offers and those with the values
`Ruleset.plausible_params` suggests (`action_steps`); effects as a GM adds them, each
duration the ruleset declares, and harm to those they concern (`roster_steps`); turns
(`turn_steps`). Checked in `checks`; the steps share `machine_base`; `compare`,
`qt_watch` and `tally` hold what they say.

Every command tried is recorded with `hypothesis.note`, so a failing example prints the
commands that reproduce it.
"""

from __future__ import annotations

from tests.conformance.checks import Checks
from tests.conformance.roster_steps import RosterSteps
from tests.conformance.turn_steps import TurnSteps


class ConformanceMachine(Checks, TurnSteps, RosterSteps):
    """Plays one ruleset (`ruleset_id`, set by `machine_for`) at random: the steps of
    `RosterSteps`, `TurnSteps` and `ActionSteps`, checked by `Checks`."""


def machine_for(ruleset_id: str) -> type[ConformanceMachine]:
    """The conformance machine of one installed ruleset (a subclass named after it)."""
    name = "".join(part.title() for part in ruleset_id.split("_")) + "Conformance"
    return type(name, (ConformanceMachine,), {"ruleset_id": ruleset_id})
