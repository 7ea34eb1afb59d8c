"""What the ruleset asks the GM for: creature stats, action parameters and actions.

Actions (`ActionSpec.on`): "current" = the creature whose turn it is (in a group acting
together, the member selected); "any" = the creature selected (reactions, legendary
actions, damage, rolls); "effect" = the effect selected; "prompt" = only as an answer.
"""

from __future__ import annotations

from tracker.engine.dice import check_dice
from tracker.engine.fields import Field
from tracker.engine.ruleset import ActionSpec

STAT_FIELDS: tuple[Field, ...] = (
    Field(
        "initiative",
        "Initiative",
        "int",
        0,
        minimum=-20,
        maximum=99,
        help="The initiative result: type it, or roll it (Roll initiative). Highest first.",
    ),
    Field(
        "init_mod",
        "Initiative modifier",
        "int",
        0,
        minimum=-20,
        maximum=40,
        help="Added to the d20: 5e the Dexterity modifier (and any bonus); PF2e the "
        "Perception modifier, or the skill the GM calls for (Stealth).",
    ),
    Field(
        "dex_mod",
        "Dexterity modifier",
        "int",
        0,
        minimum=-5,
        maximum=10,
        help="5e ties (option): the higher Dexterity modifier goes first.",
    ),
    Field(
        "advantage",
        "Advantage",
        "bool",
        False,
        help="5e: initiative rolls two d20, keeps the higher.",
    ),
    Field(
        "die",
        "d20",
        "text",
        "1d20",
        check=check_dice,
        help="The die rolled for initiative, saves and flat checks (1d20).",
    ),
    Field(
        "hp_max", "HP", "int", 0, minimum=0, maximum=9999, help="Hit point maximum (0: not set)."
    ),
    Field("damage", "Damage taken", "int", 0, minimum=0, maximum=9999),
    Field(
        "temp_hp",
        "Temporary HP",
        "int",
        0,
        minimum=0,
        maximum=999,
        help="Absorb damage first; they do not stack (the higher is kept).",
    ),
    Field("ac", "AC", "int", 10, minimum=0, maximum=60, help="Armor Class."),
    Field(
        "legendary",
        "Legendary actions",
        "int",
        0,
        minimum=0,
        maximum=9,
        help="5e: the pool (usually 3), spent at the end of others' turns, back at its own.",
    ),
)

D20 = Field("d20", "d20", "int", 10, minimum=1, maximum=20, roll_from="die", help="The d20 rolled.")
SECOND = Field(
    "second",
    "Second d20",
    "int",
    0,
    minimum=0,
    maximum=20,
    roll_from="die",
    help="With advantage (5e): the second d20; the higher counts (0 without advantage).",
)
SECOND_DIE = Field(
    "second",
    "Second d20",
    "int",
    1,
    minimum=1,
    maximum=20,
    roll_from="die",
    help="Advantage: the second d20; the higher counts.",
)
FACES = Field(
    "faces",
    "d20 faces",
    "text",
    "",
    help="One d20 face per creature still to roll, in the order of the list (two with "
    "advantage), e.g. “14 3 17”.",
)
WHAT = Field("what", "What", "text", "")
COST = Field("cost", "Actions", "int", 1, minimum=1, maximum=3, help="PF2e: 1 to 3 actions.")
SAVED = Field("saved", "Saved", "bool", True)
AMOUNT = Field("amount", "Amount", "int", 1, minimum=1, maximum=9999)

ACTIONS: tuple[ActionSpec, ...] = (
    ActionSpec(
        "roll_initiative",
        "Roll initiative",
        (D20, SECOND),
        on="any",
        help="d20 + initiative modifier (5e advantage: two d20, the higher); the creature "
        "takes its place (a late joiner too).",
    ),
    ActionSpec(
        "roll_all",
        "Roll all (GM's creatures)",
        (FACES,),
        on="any",
        help="The GM's creatures without initiative roll at once, one undoable step.",
    ),
    ActionSpec("action", "Action", (WHAT, COST), help="5e: its action; PF2e: 1 to 3 actions."),
    ActionSpec("bonus", "Bonus action", (WHAT,), help="5e: one a turn."),
    ActionSpec(
        "reaction",
        "Reaction",
        (WHAT,),
        on="any",
        help="One a round, on anyone's turn; back at the start of its own turn.",
    ),
    ActionSpec(
        "ready",
        "Ready",
        (Field("trigger", "Trigger", "text", ""),),
        help="5e: its action; PF2e: 2 actions. Held until its next turn; no move in the order.",
    ),
    ActionSpec(
        "use_ready",
        "Readied action",
        on="any",
        help="The trigger happened: the readied creature responds with its reaction.",
    ),
    ActionSpec(
        "delay",
        "Delay",
        help="As its turn starts (PF2e; 5e by option): act later, after another's turn.",
    ),
    ActionSpec("act_now", "Act now", on="prompt", help="A delaying creature acts now."),
    ActionSpec("no_one_acts", "No one acts now", on="prompt"),
    ActionSpec(
        "legendary",
        "Legendary action",
        (WHAT, COST),
        on="any",
        help="5e: at the end of another creature's turn, from its pool.",
    ),
    ActionSpec(
        "damage",
        "Damage",
        (AMOUNT, Field("critical", "Critical hit", "bool", False)),
        on="any",
        help="Temporary HP first; at 0 HP: death saves (5e) or dying (PF2e).",
    ),
    ActionSpec(
        "temp_hp",
        "Temporary HP",
        (Field("amount", "Amount", "int", 1, minimum=1, maximum=999),),
        on="any",
        help="They do not stack: the higher value is kept.",
    ),
    ActionSpec("death_save", "Death save", (D20,), on="any", help="5e, at 0 HP."),
    ActionSpec("recovery", "Recovery check", (D20,), on="any", help="PF2e: flat DC 10 + dying."),
    ActionSpec(
        "set_dying",
        "Dying / wounded / doomed",
        (
            Field("dying", "Dying", "int", 0, minimum=0, maximum=4),
            Field("wounded", "Wounded", "int", 0, minimum=0, maximum=3),
            Field("doomed", "Doomed", "int", 0, minimum=0, maximum=3),
        ),
        on="any",
        help="PF2e: set the values.",
    ),
    ActionSpec(
        "surprise",
        "Surprised",
        on="any",
        help="5e: surprised at the start (toggle): no move or action on its first turn.",
    ),
    ActionSpec(
        "end_concentration",
        "End concentration",
        on="any",
        help="5e: its concentration spell and the effects it holds end.",
    ),
    ActionSpec("concentration_save", "Concentration save", (SAVED,), on="prompt"),
    ActionSpec(
        "sustain",
        "Sustain",
        (Field("effect", "Effect", "text", ""),),
        on="effect",
        help="Keep a sustained effect through its creator's turn (PF2e: 1 action).",
    ),
    ActionSpec("flat_check", "Flat check", (D20,), on="prompt", help="Persistent damage: DC 15."),
    ActionSpec("tie_roll", "Tie roll", (D20,), on="prompt"),
)

# Actions the other flavour's rules refuse whatever the state: Pathfinder 2e has no
# bonus action, legendary action, death save or surprise; 5e no recovery check, and
# Delay only where the option allows it.
_FIVE_E_ONLY = frozenset({"bonus", "legendary", "death_save", "surprise"})
_PF2E_ONLY = frozenset({"recovery"})
_OFFERED: dict[tuple[bool, bool], tuple[ActionSpec, ...]] = {
    (pf2e, delay): tuple(
        spec
        for spec in ACTIONS
        if spec.name not in (_FIVE_E_ONLY if pf2e else _PF2E_ONLY)
        and (delay or spec.name != "delay")
    )
    for pf2e in (False, True)
    for delay in (False, True)
}


def offered_actions(pf2e: bool, delay: bool) -> tuple[ActionSpec, ...]:
    """The actions of a flavour (`pf2e` or 5e), with Delay or without."""
    return _OFFERED[pf2e, delay]


# Stats only some options read: advantage and legendary actions are 5e's; the Dexterity
# modifier breaks ties only in 5e with the "dex" tie rule.
_STATS_OFFERED: dict[tuple[bool, bool], tuple[Field, ...]] = {
    (pf2e, dex_ties): tuple(
        field
        for field in STAT_FIELDS
        if not (pf2e and field.name in ("advantage", "legendary"))
        and (dex_ties or field.name != "dex_mod")
    )
    for pf2e in (False, True)
    for dex_ties in (False, True)
}


def offered_stat_fields(pf2e: bool, dex_ties: bool) -> tuple[Field, ...]:
    """The stats a flavour reads (`pf2e` or 5e), with the Dexterity modifier or not."""
    return _STATS_OFFERED[pf2e, dex_ties]
