"""What the ruleset asks the GM for: combatant stats, action parameters and actions.

Attacks are taken by the combatant whose turn it is against the combatant the GM
selects (`on="any"`: the selected one is the target; for Distract, the ally who gains).
"""

from __future__ import annotations

from tracker.engine.dice import check_dice
from tracker.engine.fields import Field
from tracker.engine.health import HealthSpec
from tracker.engine.ruleset import ActionSpec

GAMBITS = {"disarm": 3, "disable": 5, "distract": 0}  # distract: 2–10, chosen

STAT_FIELDS: tuple[Field, ...] = (
    Field(
        "join_battle",
        "Join Battle pool",
        "text",
        "5d10>=7!10",
        check=check_dice,
        help="Wits + Awareness d10s: 5d10>=7!10 counts 7+ as a success, a 10 twice.",
    ),
    Field("stamina", "Stamina", "int", 2, 1, 10, help="Base Initiative = 2 + ⌈Stamina / 2⌉."),
    Field("defense", "Defense", "int", 0, 0, 30, help="0: not tracked (Onslaught −1 each)."),
    Field("hardness", "Hardness", "int", 0, 0, 30, help="0 against decisive attacks when Crashed."),
    Field("motes", "Mote pool", "int", 0, 0, 999, help="0: motes not tracked."),
    Field(
        "health_levels",
        "Health levels",
        "int",
        7,
        0,
        30,
        help="−0, −1, −1, −2, −2, −4, Incapacitated for a mortal (0: not tracked).",
    ),
    Field("levels_filled", "Levels filled", "int", 0, 0, 30, help="Damage taken, in levels."),
)

HEALTH = HealthSpec(
    "Levels filled",  # "Health levels 3/7" would read as levels left
    maximum="health_levels",
    taken="levels_filled",
    counts_down=False,
    defeated="Incapacitated",
    help="Levels of damage filled (a decisive hit's successes); +N heals levels.",
)
"""Exalted's health track: damage fills levels from the top, each with its wound
penalty, the last one Incapacitated. The rules page (Venture's turn order) says nothing
of it; the track is the one an Exalted GM keeps, counted as levels filled."""


def wound_penalty(levels: int, filled: int) -> int | None:
    """The wound penalty with `filled` of `levels` health levels filled: the track of a
    mortal (−0, −1, −1, −2, −2, −4, Incapacitated) stretched or shrunk to `levels`: half
    the middle levels −1, the rest −2. None: no penalty shown (nothing filled, or
    Incapacitated)."""
    if filled <= 0 or filled >= levels:
        return None
    if filled == 1:
        return 0
    if filled == levels - 1:
        return -4
    middle = levels - 3  # between the −0 level and the −4 one
    return -1 if filled - 1 <= (middle + 1) // 2 else -2


SUCCESSES = Field(
    "successes",
    "Successes",
    "int",
    0,
    0,
    60,
    help="Join Battle successes (7+ a success, a 10 counts twice); Initiative = 3 + them.",
    roll_from="join_battle",
)
HIT = Field("hit", "Hit", "bool", True, help="Did the attack land?")
DAMAGE = Field(
    "damage", "Damage successes", "int", 0, 0, 99, help="Each moves 1i from target to attacker."
)
SHIFT = Field(
    "shift",
    "Shift: Join Battle",
    "int",
    0,
    0,
    60,
    help="Only if this Shifts (crashes who crashed the attacker): its Join Battle re-roll.",
    roll_from="join_battle",
    roll_acting=True,  # the attacker's pool, not the target's
)
GAMBIT = Field("gambit", "Gambit", "choice", "disarm", choices=tuple(GAMBITS))
ESTABLISHED = Field("established", "Succeeds", "bool", True, help="Failed: 1i less.")
DISTRACT_COST = Field("cost", "Distract cost", "int", 2, 2, 10, help="Distract only: 2–10i.")
MINE = Field("mine", "Attacker's successes", "int", 0, 0, 99, help="The opposed roll.")
THEIRS = Field("theirs", "Defender's successes", "int", 0, 0, 99, help="The opposed roll.")
AMOUNT = Field("amount", "Amount", "int", 1, -99, 99, help="Gained (+) or lost (−).")
REASON = Field("reason", "Why", "text", "", help="A Charm, aim, the GM's ruling…")
MOTES = Field("amount", "Motes", "int", 1, 1, 999)
ONSLAUGHT = Field("amount", "Onslaught", "int", 1, 1, 9, help="−1 Defense a point.")
UNTIL = Field(
    "until", "Until tick", "int", 0, -99, 999, help="0: hold until it says so; else that tick."
)
NOTE = Field("note", "What", "text", "", help="The free action taken (optional).")

ACTIONS: tuple[ActionSpec, ...] = (
    ActionSpec(
        "withering",
        "Withering",
        (HIT, DAMAGE, SHIFT),
        on="any",
        help="The one acting attacks the selected combatant: Onslaught +1; on a hit +1i, "
        "then each success moves 1i; a Crash brings the +5i Break bonus.",
    ),
    ActionSpec("flurry", "Flurry", help="A second action at −3, and −3 on the first next turn."),
    ActionSpec(
        "decisive",
        "Decisive",
        (HIT,),
        on="any",
        help="The one acting attacks the selected combatant: Onslaught +1; a hit rolls its "
        "Initiative in dice and resets it to base; a miss costs 3i (at 11+) or 2i.",
    ),
    ActionSpec(
        "gambit",
        "Gambit",
        (GAMBIT, ESTABLISHED, DISTRACT_COST),
        on="any",
        help="Disarm 3i, Disable 5i against the selected combatant; Distract 2–10i gives the "
        "selected ally the spent i − 1. 1i less when it fails.",
    ),
    ActionSpec(
        "delay",
        "Delay (1i)",
        (UNTIL,),
        help="Spend 1i and hold the turn: act when it says so, or at the tick given.",
    ),
    ActionSpec(
        "act_now",
        "Act now",
        on="any",
        help="The selected combatant's delayed turn comes now.",
    ),
    ActionSpec(
        "clash",
        "Clash",
        (MINE, THEIRS),
        on="any",
        help="The one acting and the selected combatant attack each other on the same tick: "
        "each loses 3i; ties go to the player character.",
    ),
    ActionSpec(
        "adjust",
        "Adjust Initiative",
        (AMOUNT, REASON),
        on="any",
        help="Any other gain or loss of Initiative (aim +3i, Charms, the GM's ruling).",
    ),
    ActionSpec(
        "onslaught",
        "Add Onslaught",
        (ONSLAUGHT,),
        on="any",
        help="Onslaught on the selected combatant from something other than an attack: "
        "−1 Defense a point until the start of its next turn.",
    ),
    ActionSpec("spend_motes", "Spend motes", (MOTES,), on="any"),
    ActionSpec(
        "join_battle",
        "Join Battle",
        (SUCCESSES,),
        on="any",
        help="Enter (or roll) the selected combatant's successes: Initiative = 3 + them.",
    ),
    ActionSpec("free_action", "Free action taken", (NOTE,), help="Join Battle's free action."),
    ActionSpec("apply_start", "Apply the start of turn", on="prompt"),
    ActionSpec("begin_free", "Begin the free actions", on="prompt"),
)
