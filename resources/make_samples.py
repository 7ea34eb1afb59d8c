"""Rebuild the sample encounters bundled in tracker/assets/samples/.

Run `python resources/make_samples.py` after changing the engine's file format; the
test suite checks the bundled files still load and match what this script makes.
"""

from __future__ import annotations

from pathlib import Path

from tracker.engine import AddCombatant, RulesetAction, Session
from tracker.persistence.files import save_encounter

SAMPLES = Path(__file__).resolve().parent.parent / "tracker" / "assets" / "samples"

# The sample War Scroll of the rules file (Echthra 17, Tirzaiel 16, Thomas 12,
# Kandor 11, in that order), plus enemies slower in Swiftness so the sample's order
# stays on top.
WAR_SCROLL_CAST = [
    ("Echthra", "party", False, {"speed": 17, "swiftness": 9, "allegiance": "holy"}),
    ("Tirzaiel", "party", False, {"speed": 16, "swiftness": 8, "allegiance": "holy"}),
    ("Thomas", "party", False, {"speed": 12, "swiftness": 6, "allegiance": "other"}),
    ("Kandor", "party", False, {"speed": 11, "swiftness": 5, "allegiance": "other"}),
    ("Fallen Watcher", "enemy", False, {"speed": 14, "swiftness": 4, "allegiance": "fallen"}),
    ("Shade", "enemy", False, {"speed": 9, "swiftness": 3, "allegiance": "fallen"}),
    ("Shade 2", "enemy", False, {"speed": 9, "swiftness": 3, "allegiance": "fallen"}),
    ("Lurking Nephil", "enemy", True, {"speed": 8, "swiftness": 2, "allegiance": "other"}),
]


def war_scroll_sample() -> Session:
    session = Session.new("Ambush at the Ruined Chapel", "war_scroll")
    for name, side, hidden, stats in WAR_SCROLL_CAST:
        notes = "Waits in the rafters." if hidden else ""
        session.apply(AddCombatant(name, side, hidden, notes, stats))
    return session


# A Soulshards Conflict: Zeal results entered, one tie (Bren and the Hollow Knight)
# for the Soulweaver to order, dice expressions to roll late joiners' Zeal.
PRIORITY_CAST = [
    ("Ayla", "party", False, {"zeal": 9, "zeal_dice": "2d12", "minor_pool": 2, "grit_pips": 1}),
    ("Bren", "party", False, {"zeal": 7, "zeal_dice": "2d12", "minor_pool": 1, "grit_pips": 2}),
    (
        "Hollow Knight",
        "enemy",
        False,
        {"zeal": 7, "zeal_dice": "2d12+1", "minor_pool": 1, "social_tier": 2},
    ),
    ("Corin", "party", False, {"zeal": 5, "zeal_dice": "2d12", "minor_pool": 2}),
    (
        "Mire Witch",
        "enemy",
        True,
        {"zeal": 4, "zeal_dice": "1d12+2", "minor_pool": 2, "social_tier": 1},
    ),
]


def priority_sample() -> Session:
    session = Session.new("Bridge over the Mire", "priority")
    for name, side, hidden, stats in PRIORITY_CAST:
        session.apply(AddCombatant(name, side, hidden, "", stats))
    return session


# An AP countdown fight in a cave: Hauser of the rules' worked example (2d10 roll 14 +
# Qu 1 = base 15, acting from 35), Mirelle tied with him at 35 (her higher Qu acts
# first), an Orc Captain slowed by a -15 penalty, and a hidden Cave Troll. Every base is
# rolled (the dice results are stored), so the countdown can begin at once.
AP_COUNTDOWN_CAST = [
    ("Hauser", "party", False, {"qu": 1, "hits": 62}, 14),
    ("Mirelle", "party", False, {"qu": 4, "hits": 45}, 11),
    ("Orc Captain", "enemy", False, {"qu": 2, "penalty": -15, "hits": 80}, 12),
    ("Orc Archer", "enemy", False, {"qu": 3, "hits": 50}, 7),
    ("Cave Troll", "enemy", True, {"qu": -5, "hits": 150}, 9),
]


def ap_countdown_sample() -> Session:
    session = Session.new("Ambush in the Flooded Cave", "ap_countdown")
    for name, side, hidden, stats, roll in AP_COUNTDOWN_CAST:
        notes = "Sleeps in the back cave." if hidden else ""
        changes = session.apply(AddCombatant(name, side, hidden, notes, stats))
        combatant_id = changes.edits_of("combatants")[0].item.id
        session.apply(RulesetAction("roll_initiative", combatant_id, {"roll": roll}))
    return session


def main() -> None:
    SAMPLES.mkdir(parents=True, exist_ok=True)
    save_encounter(war_scroll_sample().encounter, SAMPLES / "war_scroll_sample.json")
    save_encounter(priority_sample().encounter, SAMPLES / "priority_sample.json")
    save_encounter(ap_countdown_sample().encounter, SAMPLES / "ap_countdown_sample.json")


if __name__ == "__main__":
    main()
