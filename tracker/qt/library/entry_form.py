"""The form of one library entry, built from the ruleset's declared fields (the same
editors as the combatant editor), turning what is typed into a `LibraryEntry`."""

from __future__ import annotations

from PySide6.QtWidgets import QWidget

from tracker.engine.errors import CommandError
from tracker.engine.ruleset import AnyRuleset
from tracker.library import LibraryEntry
from tracker.library.entries import TAGS_FIELD, clean_tags, entry_fields
from tracker.qt.reading_order import ReadingOrder
from tracker.qt.widgets.field_editors import FieldForm


class EntryForm(FieldForm):
    def __init__(self, ruleset: AnyRuleset, parent: QWidget | None = None) -> None:
        super().__init__(entry_fields(ruleset), parent, multiline=frozenset({"notes"}))
        self.ruleset = ruleset
        self._reading_order = ReadingOrder(self)

    def show_entry(self, entry: LibraryEntry | None) -> None:
        """Fill the form with `entry`, or with the defaults of a new one."""
        if entry is None:
            self.set_values({})
            return
        self.set_values(
            {
                "name": entry.name,
                "side": entry.side,
                "hidden": entry.hidden,
                "notes": entry.notes,
                "tags": ", ".join(entry.tags),
                "party": entry.in_party,
                **entry.stats,
            }
        )

    def entry(self, entry_id: int | None) -> LibraryEntry | None:
        """The entry typed, or None with each problem shown beside its field."""
        values = self.values()
        if values is None:
            return None
        try:
            tags = clean_tags(values[TAGS_FIELD.name])
        except CommandError as error:
            self.show_error(TAGS_FIELD.name, error.message)
            return None
        return LibraryEntry(
            ruleset_id=self.ruleset.id,
            name=values["name"],
            side=values["side"],
            hidden=values["hidden"],
            notes=values["notes"],
            stats={f.name: values[f.name] for f in self.ruleset.stat_fields},
            tags=tags,
            in_party=values["party"],
            id=entry_id,
        )
