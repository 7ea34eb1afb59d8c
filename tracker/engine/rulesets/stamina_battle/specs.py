"""What the ruleset asks the DM for: Unit stats, action parameters and actions.

Actions (`ActionSpec.on`: "current" = the Unit whose turn it is, "any" = the Unit
selected, "prompt" = only as an answer): attack, move, guard, item, technique, hide,
spell and charge on the Unit's own turn; react (any time, any Unit), go_next (a Unit of
the side whose phase it is), damage, set_wounds, set_stamina and drop_charge for any
Unit; first_side and spell_done answer prompts.
"""

from __future__ import annotations

from tracker.engine.dice import check_dice
from tracker.engine.fields import Field
from tracker.engine.ruleset import ActionSpec
from tracker.engine.rulesets.stamina_battle.actions import GUARD_STATS, WEAPONS
from tracker.engine.rulesets.stamina_battle.reactions import REACTION_CHOICES, check_reactions
from tracker.engine.rulesets.stamina_battle.wounds import HITS
from tracker.engine.state import SIDES

STAT_FIELDS: tuple[Field, ...] = (
    Field("stamina_max", "Stamina", "int", 6, 0, 99, help="The Stamina maximum."),
    Field(
        "health",
        "Health",
        "int",
        1,
        0,
        99,
        help="Wounds it can take before it falls: 1 for a Minion (0: not set, wounds just count).",
    ),
    Field("wounds", "Wounds", "int", 0, 0, 99, help="Wounds taken."),
    Field(
        "damage_dice",
        "Damage dice",
        "text",
        "",
        check=check_dice,
        help="Its attack's damage with bonuses, e.g. 2d8+3 (a greatsword, Strength 3): the "
        "damage box's Roll rolls it against the selected.",
    ),
    Field("armor", "Armor", "int", 0, 0, 99, help="Damage above it inflicts wounds."),
    Field("evasion", "Evasion", "int", 0, 0, 99),
    Field("speed", "Speed", "int", 5, 0, 99, help="Spaces a Move covers."),
    Field(
        "evade_cost",
        "Evade cost",
        "int",
        1,
        0,
        9,
        help="Stamina an Evade costs (the rules page gives no cost; 1 unless told).",
    ),
    Field("shield", "Shield", "bool", False, help="A shield equipped: the Unit can Block."),
    Field(
        "prowess",
        "Warrior's Prowess",
        "bool",
        False,
        help="Two levels in the Warrior class: the reaction, once per round.",
    ),
    Field(
        "reactions",
        "Own reactions",
        "text",
        "",
        check=check_reactions,
        help="Its other reactions with their cost, e.g. “Riposte 2, Shield Wall 1/round”.",
    ),
)

NAME = Field("name", "Name", "text", "")
COST = Field("cost", "Cost", "int", 1, 0, 99, help="Stamina.")
ACTIONS: tuple[ActionSpec, ...] = (
    ActionSpec(
        "attack",
        "Attack",
        (Field("weapon", "Weapon", "choice", "one-handed", choices=WEAPONS),),
        help="1 Stamina; 2 with a two-handed weapon or a versatile one held in two hands.",
    ),
    ActionSpec("move", "Move", help="1 Stamina, at most 3 times a turn."),
    ActionSpec(
        "guard",
        "Guard",
        (
            Field("stat", "Stat", "choice", "strength", choices=GUARD_STATS),
            Field("roll", "Roll", "int", 1, 1, 99, help="The stat's roll: the boost."),
        ),
        help="1 Stamina, once a turn: the roll boosts Armor (Strength), Evasion (Agility), "
        "skill reactions (Intelligence) or Resistances (Will) until the start of its next turn.",
    ),
    ActionSpec(
        "item",
        "Item",
        (Field("cost", "Cost", "int", 1, 1, 99), Field("what", "What", "text", "")),
        help="1 Stamina (more for some interactions), once a turn.",
    ),
    ActionSpec(
        "technique", "Technique", (NAME, COST), help="Its cost; each Technique once a turn."
    ),
    ActionSpec("hide", "Hide", help="1 Stamina, once a turn."),
    ActionSpec(
        "spell",
        "Cast spell",
        (NAME, Field("cost", "Cost", "int", 3, 1, 99, help="Stamina.")),
        help="Cast at once if the pool can pay; otherwise the pool goes into a charge "
        "across rounds (vulnerable until complete).",
    ),
    ActionSpec("charge", "Charge spell", help="Once a turn: the pool goes into the charge."),
    ActionSpec(
        "react",
        "React",
        (
            Field("reaction", "Reaction", "choice", "evade", choices=REACTION_CHOICES),
            Field("name", "Name", "text", "", help="A custom reaction's name."),
            Field("cost", "Cost", "int", 1, 0, 99, help="A custom reaction's Stamina."),
            Field("per_round", "Per round", "int", 0, 0, 9, help="Its limit a round (0: none)."),
        ),
        on="any",
        help="At any time, also on the other side's turn: Evade, Block 1, Parry 2, Warrior's "
        "Prowess 1 (once a round), or a custom reaction (its own listed cost, or the one typed).",
    ),
    ActionSpec(
        "go_next",
        "Goes next",
        on="any",
        help="A Unit of the side whose phase it is takes the next turn (at once if the acting "
        "Unit has done nothing yet).",
    ),
    ActionSpec(
        "damage",
        "Damage",
        (
            Field("amount", "Damage", "int", 0, 0, 999),
            Field("hit", "Hit", "choice", "normal", choices=HITS),
            Field("extra", "Crit die", "int", 0, 0, 999, help="A Critical Hit's extra die."),
            Field("reduction", "Reduced by", "int", 0, 0, 999, help="Block, Resistances, ..."),
        ),
        on="any",
        help="Damage above Armor: 1 wound; 20 or more excess 2; 30 or more 3; and so on.",
    ),
    ActionSpec("set_wounds", "Set wounds", (Field("wounds", "Wounds", "int", 0, 0, 99),), on="any"),
    ActionSpec(
        "set_stamina",
        "Set Stamina",
        (Field("stamina", "Stamina", "int", 0, 0, 198),),
        on="any",
        help="The DM sets the pool.",
    ),
    ActionSpec("drop_charge", "Drop charge", on="any", help="The Stamina put in stays spent."),
    ActionSpec(
        "first_side",
        "Goes first",
        (Field("side", "Side", "choice", "party", choices=SIDES),),
        on="prompt",
    ),
    ActionSpec("spell_done", "Spell resolved", on="prompt"),
)
