"""A library entry: a combatant kept between encounters, with its ruleset's stats.

Entries are cleaned by the same declarations the engine uses to add a combatant (the
base fields and the ruleset's `stat_fields`), so a value the library accepts is one an
encounter accepts, and a refusal reads the same everywhere.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from tracker.engine.add_group import AddCombatants
from tracker.engine.commands import BASE_FIELDS, clean_base
from tracker.engine.errors import CommandError
from tracker.engine.fields import Field, clean_all
from tracker.engine.registry import get_ruleset
from tracker.engine.ruleset import AnyRuleset
from tracker.engine.state import Combatant

MAX_TAG_LENGTH = 30
MAX_TAGS = 20
TAGS_FIELD = Field("tags", "Tags", "text", "", help="Words to find it by, separated by commas.")
PARTY_FIELD = Field(
    "party", "In the party", "bool", False, help="Brought along to every new encounter."
)


def entry_fields(ruleset: AnyRuleset) -> tuple[Field, ...]:
    """Everything an entry holds, as fields: every combatant's, the library's tags and
    party mark, then the ruleset's declared stats (the editor's form, the columns of an
    import or export)."""
    return (*BASE_FIELDS, TAGS_FIELD, PARTY_FIELD, *ruleset.stat_fields)


@dataclass(frozen=True)
class LibraryEntry:
    ruleset_id: str
    name: str
    side: str = "enemy"
    hidden: bool = False
    notes: str = ""
    stats: dict[str, Any] = field(default_factory=dict)  # the ruleset's stat_fields
    tags: tuple[str, ...] = ()
    in_party: bool = False
    id: int | None = None  # None until the library has stored it

    def add_spec(self, ruleset: AnyRuleset, count: int = 1) -> dict[str, Any]:
        """What `AddCombatant` needs to add this entry `count` times to an encounter of
        `ruleset`: stats the ruleset no longer declares are left out (the others keep
        their values; new ones get their defaults)."""
        declared = {f.name for f in ruleset.stat_fields}
        return {
            "name": self.name,
            "side": self.side,
            "hidden": self.hidden,
            "notes": self.notes,
            "stats": {k: v for k, v in self.stats.items() if k in declared},
            "count": count,
        }


def clean_tags(raw: Any) -> tuple[str, ...]:
    """Tags from a list or from text separated by commas or semicolons: trimmed, without
    duplicates (ignoring case), in the order given. An item of a list holding a comma or
    a semicolon is several tags, as in the text (which is how a CSV export writes them)."""
    if raw is None:
        items: Iterable[Any] = ()
    elif isinstance(raw, str):
        items = [raw]
    elif isinstance(raw, list | tuple):
        items = raw
    else:
        raise CommandError("Tags must be text separated by commas.", "tags")
    if not all(isinstance(item, str) for item in items):
        raise CommandError("Tags must be text separated by commas.", "tags")
    tags: list[str] = []
    seen: set[str] = set()
    for item in (part for text in items for part in text.replace(";", ",").split(",")):
        tag = " ".join(item.split())
        if not tag or tag.casefold() in seen:
            continue
        if len(tag) > MAX_TAG_LENGTH:
            raise CommandError(
                f"The tag {tag[:MAX_TAG_LENGTH]}… is longer than {MAX_TAG_LENGTH} characters.",
                "tags",
            )
        seen.add(tag.casefold())
        tags.append(tag)
    if len(tags) > MAX_TAGS:
        raise CommandError(f"An entry takes at most {MAX_TAGS} tags.", "tags")
    return tuple(tags)


def clean_entries(entries: Iterable[LibraryEntry]) -> list[LibraryEntry]:
    """Each entry with every value cleaned by its ruleset's declarations (stats missing
    get their defaults); raises CommandError naming the field, or RulesetNotFoundError."""
    rulesets: dict[str, AnyRuleset] = {}
    cleaned: list[LibraryEntry] = []
    for entry in entries:
        if entry.ruleset_id not in rulesets:
            rulesets[entry.ruleset_id] = get_ruleset(entry.ruleset_id)
        cleaned.append(_clean(entry, rulesets[entry.ruleset_id]))
    return cleaned


def _clean(entry: LibraryEntry, ruleset: AnyRuleset) -> LibraryEntry:
    if not isinstance(entry.stats, dict):
        raise CommandError("Stats must be a mapping of field to value.", "stats")
    base = clean_base(
        {"name": entry.name, "side": entry.side, "hidden": entry.hidden, "notes": entry.notes}
    )
    return LibraryEntry(
        ruleset_id=ruleset.id,
        stats=clean_all(ruleset.stat_fields, dict(entry.stats)),
        tags=clean_tags(entry.tags),
        in_party=bool(entry.in_party),
        id=entry.id,
        **base,
    )


def entry_from_combatant(
    ruleset_id: str, combatant: Combatant, *, in_party: bool = False
) -> LibraryEntry:
    """A library entry holding what the GM typed for `combatant` (not its state in the
    fight)."""
    return LibraryEntry(
        ruleset_id=ruleset_id,
        name=combatant.name,
        side=combatant.side,
        hidden=combatant.hidden,
        notes=combatant.notes,
        stats=dict(combatant.stats),
        in_party=in_party,
    )


def adding(ruleset: AnyRuleset, picks: Sequence[tuple[LibraryEntry, int]]) -> AddCombatants:
    """The one command that adds each picked entry `count` times (numbered when more than
    one) to an encounter of `ruleset`."""
    for entry, _count in picks:
        if entry.ruleset_id != ruleset.id:
            raise CommandError(f"{entry.name} is kept for another ruleset ({entry.ruleset_id}).")
    return AddCombatants([entry.add_spec(ruleset, count) for entry, count in picks])
