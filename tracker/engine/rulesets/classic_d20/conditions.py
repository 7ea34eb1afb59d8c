"""The conditions of each flavour, for the GM to pick: 5e's (SRD 5.1) and PF2e's, marked
with their flavour since several share a name. Plain effects until the GM ends them;
5e exhaustion and PF2e's valued conditions carry their value (the effect's amount),
frightened counting down at the end of its carrier's turns."""

from __future__ import annotations

from tracker.engine.conditions import ConditionSpec

ENDED = {"until": "until_ended", "of": "carrier", "amount": 1}
COUNTDOWN = {"until": "countdown", "of": "carrier", "amount": 1}

FIVE_E: tuple[tuple[str, str], ...] = (
    (
        "Blinded",
        (
            "Can't see; fails checks needing sight. Attacks against it have "
            "advantage, its own disadvantage."
        ),
    ),
    (
        "Charmed",
        (
            "Can't attack the charmer or target it with harm; the charmer has "
            "advantage on social checks."
        ),
    ),
    ("Deafened", "Can't hear; fails checks needing hearing."),
    (
        "Frightened",
        "Disadvantage on checks and attacks while the source is in sight; can't move closer to it.",
    ),
    ("Grappled", "Speed 0. Ends if the grappler is incapacitated or it is moved out of reach."),
    ("Incapacitated", "Can't take actions or reactions."),
    (
        "Invisible",
        "Can't be seen without magic; attacks against it have disadvantage, its own advantage.",
    ),
    (
        "Paralyzed",
        (
            "Incapacitated, can't move or speak; fails Str and Dex saves; hits "
            "within 5 ft are critical."
        ),
    ),
    (
        "Petrified",
        (
            "Turned to stone: incapacitated, unaware; resists all damage; immune to"
            " poison and disease."
        ),
    ),
    ("Poisoned", "Disadvantage on attack rolls and ability checks."),
    (
        "Prone",
        (
            "Crawls; disadvantage on attacks; attacks within 5 ft have advantage, "
            "farther disadvantage."
        ),
    ),
    (
        "Restrained",
        "Speed 0; disadvantage on attacks and Dex saves; attacks against it have advantage.",
    ),
    (
        "Stunned",
        (
            "Incapacitated, can't move, speaks falteringly; fails Str and Dex "
            "saves; attacked with advantage."
        ),
    ),
    (
        "Unconscious",
        (
            "Incapacitated, drops what it holds, prone; fails Str and Dex saves; "
            "hits within 5 ft critical."
        ),
    ),
)
PF2E: tuple[tuple[str, str], ...] = (
    ("Blinded", "Can't see; everything is hidden to it; −4 status to Perception."),
    ("Dazzled", "Everything is concealed to it (DC 5 flat check to target)."),
    ("Deafened", "Can't hear; −2 status to Perception; DC 5 flat check for auditory actions."),
    ("Off-guard", "−2 circumstance penalty to AC."),
    ("Prone", "Off-guard; −2 to attack rolls; only Crawl and Stand to move."),
    ("Grabbed", "Immobilized and off-guard; manipulate actions need a DC 5 flat check."),
    ("Restrained", "Immobilized and off-guard; can't attack or manipulate except to Escape."),
    ("Paralyzed", "Off-guard; can't act except Recall Knowledge and mental actions."),
    (
        "Unconscious",
        "Can't act; −4 status to AC, Perception and Reflex; blinded, off-guard, prone.",
    ),
    ("Fleeing", "Must spend its actions to move away from the source."),
    ("Immobilized", "Can't use actions with the move trait."),
    ("Invisible", "Undetected to everyone; found by Seek, then hidden."),
    ("Quickened", "1 extra action at the start of each turn (limited uses)."),
)
PF2E_VALUED: tuple[tuple[str, str, bool], ...] = (
    (
        "Frightened",
        "−X status to checks and DCs; lowers by 1 at the end of each of its turns.",
        True,
    ),
    (
        "Sickened",
        "−X status to checks and DCs; can't ingest; retch (Fortitude) to lower it.",
        False,
    ),
    ("Clumsy", "−X status to Dex-based checks and DCs: AC, Reflex, ranged attacks.", False),
    (
        "Enfeebled",
        "−X status to Str-based rolls and DCs: melee attacks and damage, Athletics.",
        False,
    ),
    (
        "Stupefied",
        "−X status to Int, Wis, Cha checks and DCs; spells need a DC 5 + X flat check.",
        False,
    ),
    (
        "Drained",
        "−X status to Con-based checks; loses X × level HP; lowers by 1 each full night's rest.",
        False,
    ),
    ("Doomed", "Dies at dying 4 − X; lowers by 1 each full night's rest.", False),
    ("Slowed", "Regains X fewer actions at the start of each turn.", False),
    ("Stunned", "Loses X actions, then stunned lowers by the actions lost.", False),
)

CONDITIONS: tuple[ConditionSpec, ...] = (
    *(ConditionSpec(f"{name} (5e)", ENDED, note) for name, note in FIVE_E),
    ConditionSpec(
        "Exhaustion (5e)",
        ENDED,
        "Levels 1–6 (the amount): 1 disadvantage on checks, 2 speed halved, 3 disadvantage "
        "on attacks and saves, 4 HP max halved, 5 speed 0, 6 death.",
    ),
    *(ConditionSpec(f"{name} (PF2e)", ENDED, note) for name, note in PF2E),
    *(
        ConditionSpec(f"{name} (PF2e)", COUNTDOWN if counts else ENDED, note)
        for name, note, counts in PF2E_VALUED
    ),
    ConditionSpec(
        "Persistent damage (PF2e)",
        {"until": "persistent", "of": "carrier", "amount": 1},
        "The amount each end of its turn, then a DC 15 flat check ends it.",
    ),
)
