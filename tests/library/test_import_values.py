"""A JSON import holding a value no entry can keep (a text with a lone surrogate, a
number of thousands of digits, NaN or Infinity, a number beyond ±2**53) is refused
whole, with a message naming the file, before anything is previewed or stored; the
library itself refuses such a text with a message, never an exception escaping."""

from __future__ import annotations

from pathlib import Path

import pytest

from tracker.engine.errors import TrackerError
from tracker.library import LibraryEntry, LibraryError, open_library
from tracker.library.sources import read_table

BAD = {
    "surrogate in a name": (
        '[{"name": "Gob\\ud800lin"}]',
        "holds a text that is not valid Unicode ('Gob\\ud800lin')",
    ),
    "surrogate in a key": (
        '[{"name": "Goblin", "n\\udfffotes": "x"}]',
        "holds a text that is not valid Unicode ('n\\udfffotes')",
    ),
    "surrogate deep in a list": (
        '[{"name": "Goblin", "tags": ["ok", "\\udc80"]}]',
        "holds a text that is not valid Unicode ('\\udc80')",
    ),
    "5,001 digits": (
        '[{"name": "Goblin", "speed": ' + "9" * 5001 + "}]",
        "holds a number far too long to be a value",
    ),
    "NaN": ('[{"name": "Goblin", "speed": NaN}]', "holds a number that is not finite (nan)"),
    "Infinity": (
        '{"format": "tracker-combatants", "version": 1, "combatants": '
        '[{"name": "Goblin", "speed": -Infinity}]}',
        "holds a number that is not finite (-inf)",
    ),
    "beyond 2**53": (
        '[{"name": "Goblin", "speed": 9007199254740993}]',
        "holds a number too large to be a value (9007199254740993…)",
    ),
}


@pytest.mark.parametrize("case", sorted(BAD))
def test_a_json_import_with_a_value_no_entry_can_keep_is_refused(case: str, tmp_path: Path) -> None:
    text, said = BAD[case]
    path = tmp_path / "bestiary.json"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(LibraryError) as refused:
        read_table(path)
    assert refused.value.message == f"bestiary.json {said}; nothing was imported."


def test_numbers_in_range_and_plain_texts_are_kept(tmp_path: Path) -> None:
    path = tmp_path / "bestiary.json"
    path.write_text(
        '[{"name": "Gøblin 🗡", "speed": 9007199254740992, "endurance": -2.5}]', encoding="utf-8"
    )
    table = read_table(path)
    assert table.rows[0].values == ("Gøblin 🗡", 2**53, -2.5)


def test_the_library_refuses_a_text_it_cannot_store(tmp_path: Path) -> None:
    library = open_library(tmp_path / "lib.sqlite3")
    with pytest.raises(TrackerError):
        library.save_entry(LibraryEntry("war_scroll", "Gob\ud800lin"))
    with pytest.raises(TrackerError):
        library.save_entry(LibraryEntry("war_scroll", "Goblin", tags=("\udc80",)))
    with pytest.raises(TrackerError):
        library.search("war_scroll", "\ud800")
    assert library.count() == 0
    library.close()
