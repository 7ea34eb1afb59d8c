"""Rebuild the sample encounters bundled in tracker/assets/samples/.

Run `python resources/make_samples.py` after changing the engine's file format; the
test suite checks the bundled files still load and match what this script makes.
"""

from __future__ import annotations

from pathlib import Path

from tracker.engine import AddCombatant, Session
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


def main() -> None:
    SAMPLES.mkdir(parents=True, exist_ok=True)
    save_encounter(war_scroll_sample().encounter, SAMPLES / "war_scroll_sample.json")
    save_encounter(priority_sample().encounter, SAMPLES / "priority_sample.json")


if __name__ == "__main__":
    main()
