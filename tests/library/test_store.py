"""The library's combatants: saving, searching by name and tag, the party, deleting."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from tracker.engine.errors import CommandError, RulesetNotFoundError
from tracker.library import Library, LibraryEntry, LibraryError, open_library


@pytest.fixture
def library(tmp_path: Path) -> Library:
    opened = open_library(tmp_path / "lib.sqlite3")
    yield opened
    opened.close()


def _names(entries: list[LibraryEntry]) -> list[str]:
    return [entry.name for entry in entries]


@pytest.fixture
def bestiary(library: Library) -> Library:
    library.save_entries(
        [
            LibraryEntry("war_scroll", "Goblin Archer", tags=("Goblin", "ranged")),
            LibraryEntry("war_scroll", "Goblin", tags=("goblin",)),
            LibraryEntry("war_scroll", "Skeleton", tags=("Undead",)),
            LibraryEntry("war_scroll", "Lich Queen", tags=("undead", "Boss")),
            LibraryEntry("war_scroll", "Ærwyn", side="party"),
            LibraryEntry("priority", "Goblin", stats={"zeal": 4}),
        ]
    )
    return library


def test_an_entry_is_cleaned_by_its_ruleset_s_fields(library: Library) -> None:
    saved = library.save_entry(
        LibraryEntry(
            "war_scroll",
            "  Brakk ",
            side="Enemy",
            hidden="yes",  # type: ignore[arg-type]  # as typed in a form or a file
            stats={"speed": "12"},
            tags=("brute", " Brute ", "orc"),
        )
    )
    assert saved.id is not None
    assert library.entry(saved.id) == LibraryEntry(
        "war_scroll",
        "Brakk",
        side="enemy",
        hidden=True,
        stats={
            "speed": 12,
            "swiftness": 1,
            "allegiance": "other",
            "endurance": 0,
            "endurance_lost": 0,
        },
        tags=("brute", "orc"),
        id=saved.id,
    )


@pytest.mark.parametrize(
    ("entry", "message"),
    [
        (LibraryEntry("war_scroll", "X", stats={"speed": 61}), "Speed must be between 0 and 60"),
        (LibraryEntry("war_scroll", "X", stats={"speed": "fast"}), "Speed must be a whole number"),
        (LibraryEntry("war_scroll", "X", side="villain"), "Side must be one of"),
        (LibraryEntry("war_scroll", ""), "Name cannot be empty"),
        (LibraryEntry("war_scroll", "X", stats={"hp": 3}), "Unknown field"),
        (LibraryEntry("war_scroll", "X", tags=("x" * 31,)), "longer than 30 characters"),
    ],
)
def test_a_bad_value_is_refused_and_nothing_is_written(
    library: Library, entry: LibraryEntry, message: str
) -> None:
    good = LibraryEntry("war_scroll", "Good")
    with pytest.raises(CommandError, match=message):
        library.save_entries([good, entry])
    assert library.count() == 0


def test_an_entry_of_a_ruleset_not_installed_is_refused(library: Library) -> None:
    with pytest.raises(RulesetNotFoundError):
        library.save_entry(LibraryEntry("no_such_system", "Ghost"))


def test_search_by_name_ignores_case_and_keeps_to_the_ruleset(bestiary: Library) -> None:
    assert _names(bestiary.search("war_scroll", "GOB")) == ["Goblin", "Goblin Archer"]
    assert _names(bestiary.search("war_scroll", "archer")) == ["Goblin Archer"]
    assert _names(bestiary.search("priority", "gob")) == ["Goblin"]
    assert _names(bestiary.search(None, "goblin")) == ["Goblin", "Goblin", "Goblin Archer"]
    assert _names(bestiary.search("war_scroll", "ærw")) == ["Ærwyn"]
    assert _names(bestiary.search("war_scroll", "%")) == []  # no wildcards


def test_search_by_tag_matches_the_start_of_a_tag(bestiary: Library) -> None:
    assert _names(bestiary.search("war_scroll", "undead")) == ["Lich Queen", "Skeleton"]
    assert _names(bestiary.search("war_scroll", "UND")) == ["Lich Queen", "Skeleton"]
    assert _names(bestiary.search("war_scroll", "ead")) == []  # tags match from their start
    assert _names(bestiary.search("war_scroll", "undead boss")) == ["Lich Queen"]
    assert _names(bestiary.search("war_scroll", "goblin ranged")) == ["Goblin Archer"]


def test_an_empty_search_lists_every_entry_by_name(bestiary: Library) -> None:
    assert _names(bestiary.search("war_scroll")) == [  # by case-folded code points
        "Goblin",
        "Goblin Archer",
        "Lich Queen",
        "Skeleton",
        "Ærwyn",
    ]
    assert bestiary.count("war_scroll") == 5 and bestiary.count() == 6


def test_editing_an_entry_replaces_it_tags_too(bestiary: Library) -> None:
    (lich,) = bestiary.search("war_scroll", "lich")
    bestiary.save_entry(replace(lich, name="Lich King", tags=("boss",), stats={"speed": 30}))
    (edited,) = bestiary.search("war_scroll", "lich")
    assert (edited.id, edited.name, edited.tags, edited.stats["speed"]) == (
        lich.id,
        "Lich King",
        ("boss",),
        30,
    )
    assert _names(bestiary.search("war_scroll", "undead")) == ["Skeleton"]


def test_saving_an_entry_deleted_meanwhile_is_a_message(bestiary: Library) -> None:
    (lich,) = bestiary.search("war_scroll", "lich")
    assert lich.id is not None
    bestiary.delete_entries([lich.id])
    with pytest.raises(LibraryError, match="no longer in the library"):
        bestiary.save_entry(replace(lich, notes="new"))
    with pytest.raises(LibraryError, match="no longer in the library"):
        bestiary.entry(lich.id)


def test_deleting_entries_takes_their_tags(bestiary: Library) -> None:
    ids = [e.id for e in bestiary.search("war_scroll", "undead") if e.id is not None]
    bestiary.delete_entries(ids)
    assert bestiary.search("war_scroll", "undead") == []
    assert bestiary.count("war_scroll") == 3
    tags = bestiary._db.execute("SELECT count(*) FROM tags WHERE key = 'undead'").fetchone()
    assert tags == (0,)


def test_saving_the_party_marks_it_and_replaces_the_old_one(library: Library) -> None:
    old = library.save_party(
        "war_scroll",
        [LibraryEntry("war_scroll", "Aurel", "party"), LibraryEntry("war_scroll", "Cira")],
    )
    library.save_entry(replace(old[0], tags=("paladin",)))
    library.save_party(
        "war_scroll",
        [
            LibraryEntry("war_scroll", "aurel", "party", stats={"speed": 20}),
            LibraryEntry("war_scroll", "Dorn", "party"),
        ],
    )
    party = library.party("war_scroll")
    assert [(e.name, e.stats["speed"], e.tags) for e in party] == [
        ("aurel", 20, ("paladin",)),
        ("Dorn", 7, ()),
    ]
    assert party[0].id == old[0].id  # the same entry, updated
    assert [e.in_party for e in library.search("war_scroll", "cira")] == [False]
    assert library.party("priority") == []


def test_saving_combatants_replaces_entries_of_the_same_name(bestiary: Library) -> None:
    added, replaced = bestiary.save_combatants(
        [
            LibraryEntry("war_scroll", "goblin", stats={"speed": 9}),
            LibraryEntry("war_scroll", "Hobgoblin"),
        ]
    )
    assert (added, replaced) == (1, ["goblin"])
    goblins = [e for e in bestiary.search("war_scroll", "goblin") if e.name.casefold() == "goblin"]
    assert [(e.stats["speed"], e.tags) for e in goblins] == [(9, ("goblin",))]


def test_a_damaged_value_read_back_is_a_library_error(bestiary: Library) -> None:
    bestiary._db.execute("UPDATE entries SET stats = '{broken' WHERE name = 'Skeleton'")
    with pytest.raises(LibraryError, match="damaged entry"):
        bestiary.search("war_scroll", "skel")
