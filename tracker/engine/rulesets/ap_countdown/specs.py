"""What the ruleset asks the GM for: combatant stats, action parameters and actions.

Actions (`ActionSpec.on`: "current" = the combatant due now, "any" = the one chosen,
"prompt" = only as an answer):

- roll_initiative (any; roll: the `initiative_dice` result): base = roll + Qu − 1 per
  full −10 penalty. set_initiative (any; base): the base typed as is. (The prompt asks
  the same: roll the dice, type their result, or type the base.)
- parry (any; amount, against), pace (any; penalty): for this round.
- declare (current; action: an AP table key, ap: 0 = its normal cost, a range: its
  maximum), declare_free (current; name, ap: 0 = instantaneous, above 4 = multi-round).
- instant (any; name, note): an instantaneous action, declared and resolved now.
- resolve (current; note), hold (current: declare nothing now, 1 AP passes), done
  (current: done for this round), abandon (any: drop the action under way).
- begin_countdown, apply_upkeep (prompt): what EndTurn also does in those phases.
"""

from __future__ import annotations

from tracker.engine.dice import check_dice
from tracker.engine.fields import Field
from tracker.engine.ruleset import ActionSpec
from tracker.engine.rulesets.ap_countdown.actions_table import DECLARABLE, choice_labels

STAT_FIELDS: tuple[Field, ...] = (
    Field("qu", "Qu", "int", 0, -50, 50, help="Quickness bonus: added to base initiative."),
    Field(
        "penalty",
        "Penalty",
        "int",
        0,
        -999,
        0,
        help="Current penalty (negative): base initiative −1 for every full −10.",
    ),
    Field(
        "initiative_dice",
        "Initiative dice",
        "text",
        "2d10",
        check=check_dice,
        help="Rolled for base initiative (2d10 by the rules).",
    ),
    Field("hits", "Hits", "int", 0, 0, 9_999, help="Total hits (0: not tracked)."),
    Field("hits_taken", "Hits taken", "int", 0, 0, 99_999, help="Bleeding adds to it."),
)

ROLL = Field(
    "roll",
    "Dice result",
    "int",
    0,
    -99,
    999,
    help="The initiative dice result (2d10); Qu and the penalty are added by the tracker.",
    roll_from="initiative_dice",
)
BASE = Field("base", "Base initiative", "int", 0, -999, 999, help="The base initiative itself.")
PARRY_AMOUNT = Field("amount", "Parry", "int", 0, 0, 999, help="0: no parry this round.")
PARRY_AGAINST = Field("against", "Against", "text", "", help="Whom the parry is used against.")
PACE = Field(
    "penalty",
    "Pace penalty",
    "int",
    0,
    -999,
    0,
    help="The movement pace penalty: it applies to every other action this round.",
)
TABLE_ACTION = Field(
    "action",
    "Action",
    "choice",
    "melee attack",
    choices=DECLARABLE,
    choice_labels=choice_labels(DECLARABLE),
)
TABLE_AP = Field(
    "ap", "AP", "int", 0, 0, 99, help="0: the table's cost (for a range, its maximum)."
)
ACTION_NAME = Field("name", "Action", "text", "", help="What the combatant does.")
FREE_AP = Field(
    "ap", "AP", "int", 1, 0, 99, help="0: instantaneous; above 4: a multi-round action."
)
NOTE = Field("note", "Result", "text", "", help="The roll or what came of it (optional).")

ACTIONS: tuple[ActionSpec, ...] = (
    ActionSpec(
        "roll_initiative",
        "Initiative roll",
        (ROLL,),
        on="any",
        help="Base initiative = the dice result (typed, or rolled for the selected) + Qu − 1 "
        "for every full −10 penalty.",
    ),
    ActionSpec(
        "set_initiative", "Base initiative", (BASE,), on="any", help="Type the base itself."
    ),
    ActionSpec(
        "parry",
        "Parry",
        (PARRY_AMOUNT, PARRY_AGAINST),
        on="any",
        help="Announced at the start of the round or as soon as melee ensues.",
    ),
    ActionSpec(
        "pace",
        "Movement pace",
        (PACE,),
        on="any",
        help="Its penalty applies to every other action of the round.",
    ),
    ActionSpec(
        "declare",
        "Declare",
        (TABLE_ACTION, TABLE_AP),
        help="Declare an action of the AP table: it resolves at the count − 5 × its AP.",
    ),
    ActionSpec(
        "declare_free",
        "Declare free-form",
        (ACTION_NAME, FREE_AP),
        help="Declare any action with its AP cost.",
    ),
    ActionSpec(
        "instant",
        "Instantaneous",
        (ACTION_NAME, NOTE),
        on="any",
        help="At base + 20 or later: the first of a round is free, each further one 1 AP.",
    ),
    ActionSpec("resolve", "Resolve", (NOTE,), help="The action's AP have run out: roll it."),
    ActionSpec("hold", "Hold", help="Declare nothing now: asked again 5 lower (1 AP passes)."),
    ActionSpec("done", "Done for the round", help="Declare nothing more this round."),
    ActionSpec(
        "abandon",
        "Abandon action",
        on="any",
        help="Drop the action under way; the AP already spent stay spent.",
    ),
    ActionSpec("begin_countdown", "Begin the countdown", on="prompt"),
    ActionSpec("apply_upkeep", "Apply Upkeep", on="prompt"),
)
