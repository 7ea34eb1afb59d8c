"""Rebuild the sample encounters bundled in tracker/assets/samples/.

Run `python resources/make_samples.py` after changing the engine's file format; the
test suite checks the bundled files still load and match what this script makes.
"""

from __future__ import annotations

from pathlib import Path

from tracker.engine import AddCombatant, RulesetAction, Session
from tracker.persistence.files import save_encounter

SAMPLES_DIR = Path(__file__).resolve().parent.parent / "tracker" / "assets" / "samples"

# The sample War Scroll of the rules file (Echthra 17, Tirzaiel 16, Thomas 12,
# Kandor 11, in that order), plus enemies slower in Swiftness so the sample's order
# stays on top. Every one has its Endurance (the health the damage box wears down): the
# rules give no table of it, so these are the sample's own.
WAR_SCROLL_CAST = [
    (
        "Echthra",
        "party",
        False,
        {"speed": 17, "swiftness": 9, "allegiance": "holy", "endurance": 24},
    ),
    (
        "Tirzaiel",
        "party",
        False,
        {"speed": 16, "swiftness": 8, "allegiance": "holy", "endurance": 22},
    ),
    (
        "Thomas",
        "party",
        False,
        {"speed": 12, "swiftness": 6, "allegiance": "other", "endurance": 18},
    ),
    (
        "Kandor",
        "party",
        False,
        {"speed": 11, "swiftness": 5, "allegiance": "other", "endurance": 20},
    ),
    (
        "Fallen Watcher",
        "enemy",
        False,
        {"speed": 14, "swiftness": 4, "allegiance": "fallen", "endurance": 26},
    ),
    (
        "Shade",
        "enemy",
        False,
        {"speed": 9, "swiftness": 3, "allegiance": "fallen", "endurance": 10},
    ),
    (
        "Shade 2",
        "enemy",
        False,
        {"speed": 9, "swiftness": 3, "allegiance": "fallen", "endurance": 10},
    ),
    (
        "Lurking Nephil",
        "enemy",
        True,
        {"speed": 8, "swiftness": 2, "allegiance": "other", "endurance": 30},
    ),
]


def war_scroll_sample() -> Session:
    session = Session.new("Ambush at the Ruined Chapel", "war_scroll")
    for name, side, hidden, stats in WAR_SCROLL_CAST:
        notes = "Waits in the rafters." if hidden else ""
        session.apply(AddCombatant(name, side, hidden, notes, stats))
    return session


# A Soulshards Conflict: Zeal results entered, one tie (Bren and the Hollow Knight)
# for the Soulweaver to order, dice expressions to roll late joiners' Zeal; each has a
# Grit Pool (the Pips of damage it holds before falling Unconscious: the sample's own).
PRIORITY_CAST = [
    (
        "Ayla",
        "party",
        False,
        {"zeal": 9, "zeal_dice": "2d12", "minor_pool": 2, "grit_pool": 6, "grit_pips": 1},
    ),
    (
        "Bren",
        "party",
        False,
        {"zeal": 7, "zeal_dice": "2d12", "minor_pool": 1, "grit_pool": 5, "grit_pips": 2},
    ),
    (
        "Hollow Knight",
        "enemy",
        False,
        {"zeal": 7, "zeal_dice": "2d12+1", "minor_pool": 1, "social_tier": 2, "grit_pool": 8},
    ),
    ("Corin", "party", False, {"zeal": 5, "zeal_dice": "2d12", "minor_pool": 2, "grit_pool": 5}),
    (
        "Mire Witch",
        "enemy",
        True,
        {"zeal": 4, "zeal_dice": "1d12+2", "minor_pool": 2, "social_tier": 1, "grit_pool": 4},
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


# A Dragonpact battle on a bridge: a warrior with a shield and Warrior's Prowess, a
# mage who will have to charge her bigger spells, a scout; bandits with a captain whose
# own reactions are listed, and a hidden crossbowman.
STAMINA_BATTLE_CAST = [
    (
        "Kael",
        "party",
        False,
        {
            "stamina_max": 7,
            "armor": 4,
            "evasion": 2,
            "shield": True,
            "prowess": True,
            "health": 5,
            "damage_dice": "2d8+3",
        },
    ),
    (
        "Mira",
        "party",
        False,
        {"stamina_max": 6, "armor": 1, "evasion": 3, "speed": 4, "health": 4},
    ),
    (
        "Tobin",
        "party",
        False,
        {"stamina_max": 5, "armor": 2, "evasion": 5, "speed": 7, "health": 4},
    ),
    # Bandits are Minions: one Health, down at the first wound.
    (
        "Bandit",
        "enemy",
        False,
        {"stamina_max": 4, "armor": 2, "evasion": 2, "damage_dice": "1d6+1"},
    ),
    (
        "Bandit 2",
        "enemy",
        False,
        {"stamina_max": 4, "armor": 2, "evasion": 2, "damage_dice": "1d6+1"},
    ),
    (
        "Bandit Captain",
        "enemy",
        False,
        {
            "stamina_max": 6,
            "armor": 3,
            "evasion": 3,
            "reactions": "Riposte 2",
            "health": 3,
            "damage_dice": "1d10+2",
        },
    ),
    ("Crossbowman", "enemy", True, {"stamina_max": 4, "armor": 1, "evasion": 4}),
]


def stamina_battle_sample() -> Session:
    session = Session.new("Battle on the Old Bridge", "stamina_battle")
    for name, side, hidden, stats in STAMINA_BATTLE_CAST:
        notes = "Behind the toll house." if hidden else ""
        session.apply(AddCombatant(name, side, hidden, notes, stats))
    return session


# An Exalted skirmish at a river ford: Join Battle pools (Wits + Awareness d10s, 7+ a
# success, 10s count twice) and Stamina for the base Initiative; the hidden Sniper waits
# to join late.
INITIATIVE_TICKS_CAST = [
    ("Swift Wind", "party", False, {"join_battle": "7d10>=7!10", "stamina": 4, "defense": 4}),
    ("Iron Lotus", "party", False, {"join_battle": "5d10>=7!10", "stamina": 5, "defense": 5}),
    ("Jade Whisper", "party", False, {"join_battle": "6d10>=7!10", "stamina": 2, "motes": 15}),
    (
        "Wyld Hunter",
        "enemy",
        False,
        {"join_battle": "6d10>=7!10", "stamina": 4, "defense": 3, "hardness": 2},
    ),
    ("Bandit", "enemy", False, {"join_battle": "3d10>=7!10", "stamina": 2, "defense": 2}),
    ("Sniper", "enemy", True, {"join_battle": "5d10>=7!10", "stamina": 3, "defense": 3}),
]


def initiative_ticks_sample() -> Session:
    session = Session.new("Skirmish at the River Ford", "initiative_ticks")
    for name, side, hidden, stats in INITIATIVE_TICKS_CAST:
        notes = "Joins from the reeds." if hidden else ""
        session.apply(AddCombatant(name, side, hidden, notes, stats))
    return session


# A 5e goblin ambush: initiative typed for the party (the players rolled), the goblins
# one group acting together (option), a bugbear with advantage, a hidden ogre. HP and AC
# are the SRD's; the party's are the sample's own.
CLASSIC_D20_CAST = [
    (
        "Ayla",
        "party",
        False,
        {"initiative": 17, "init_mod": 3, "dex_mod": 3, "hp_max": 28, "ac": 18},
    ),
    (
        "Bren",
        "party",
        False,
        {"initiative": 12, "init_mod": 2, "dex_mod": 2, "hp_max": 18, "ac": 12},
    ),
    ("Corin", "party", False, {"initiative": 9, "init_mod": 0, "hp_max": 24, "ac": 16}),
    (
        "Goblin",
        "enemy",
        False,
        {"initiative": 14, "init_mod": 2, "dex_mod": 2, "hp_max": 7, "ac": 15},
    ),
    (
        "Goblin 2",
        "enemy",
        False,
        {"initiative": 14, "init_mod": 2, "dex_mod": 2, "hp_max": 7, "ac": 15},
    ),
    (
        "Bugbear",
        "enemy",
        False,
        {"initiative": 12, "init_mod": 2, "dex_mod": 2, "hp_max": 27, "ac": 16, "advantage": True},
    ),
    (
        "Ogre",
        "enemy",
        True,
        {"initiative": 8, "init_mod": -1, "dex_mod": -1, "hp_max": 59, "ac": 11},
    ),
]


def classic_d20_sample() -> Session:
    options = {"flavour": "5e", "groups": "group"}
    session = Session.new("Goblin Ambush at the Old Mill", "classic_d20", options=options)
    for name, side, hidden, stats in CLASSIC_D20_CAST:
        notes = "Sleeps in the mill loft." if hidden else ""
        session.apply(AddCombatant(name, side, hidden, notes, stats))
    return session


# A Pathfinder 2e fight in a flooded shrine: Perception for initiative (Stealth for the
# sneaking skeleton), a tie the foe wins, a wounded cleric, a hidden ghoul.
CLASSIC_D20_PF2E_CAST = [
    ("Kyra", "party", False, {"initiative": 21, "init_mod": 9, "hp_max": 38, "ac": 19}),
    ("Valeros", "party", False, {"initiative": 16, "init_mod": 6, "hp_max": 45, "ac": 21}),
    ("Ezren", "party", False, {"initiative": 13, "init_mod": 7, "hp_max": 26, "ac": 17}),
    ("Skeleton Guard", "enemy", False, {"initiative": 16, "init_mod": 2, "hp_max": 4, "ac": 16}),
    ("Zombie Shambler", "enemy", False, {"initiative": 7, "init_mod": 0, "hp_max": 20, "ac": 13}),
    ("Ghoul", "enemy", True, {"initiative": 11, "init_mod": 7, "hp_max": 20, "ac": 16}),
]


def classic_d20_pf2e_sample() -> Session:
    session = Session.new("The Sunken Shrine", "classic_d20", options={"flavour": "pf2e"})
    for name, side, hidden, stats in CLASSIC_D20_PF2E_CAST:
        notes = "Waits under the water." if hidden else ""
        session.apply(AddCombatant(name, side, hidden, notes, stats))
    return session


# Every sample, by its file: `tracker/assets/samples/<name>_sample.json`, where <name> is
# the ruleset's id, or its id and a variant ("classic_d20_pf2e": the PF2e flavour).
SAMPLES = {
    "war_scroll": war_scroll_sample,
    "priority": priority_sample,
    "ap_countdown": ap_countdown_sample,
    "stamina_battle": stamina_battle_sample,
    "initiative_ticks": initiative_ticks_sample,
    "classic_d20": classic_d20_sample,
    "classic_d20_pf2e": classic_d20_pf2e_sample,
}


def main() -> None:
    SAMPLES_DIR.mkdir(parents=True, exist_ok=True)
    for name, make in SAMPLES.items():
        save_encounter(make().encounter, SAMPLES_DIR / f"{name}_sample.json")


if __name__ == "__main__":
    main()
