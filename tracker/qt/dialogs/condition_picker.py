"""The effect dialog's name box: type any name, or pick one of the conditions of the
encounter's system (the ruleset's own first, then those the GM saved for it), with
completion that finds a name by any part of it, whatever its case.

Which conditions are offered is `catalogue`: the ruleset's declared `conditions` (those
of the encounter's flavour: `Ruleset.offered_conditions`), then
the GM's saved ones (a saved condition replaces a plain one of the ruleset of the same
name: the GM's usual duration wins; a mechanic of the rules is never replaced)."""

from __future__ import annotations

import weakref
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QFont
from PySide6.QtWidgets import QComboBox, QCompleter, QWidget

from tracker.engine.conditions import ConditionSpec, condition_duration
from tracker.engine.fields import Field
from tracker.engine.ruleset import AnyRuleset
from tracker.engine.state import Encounter
from tracker.library import SavedCondition
from tracker.qt.rich_text import plain_tip


@dataclass(frozen=True)
class Entry:
    """A condition offered: its name, duration and note, and the ruleset's declaration
    (None for a condition the GM saved)."""

    name: str
    duration: dict[str, Any] = field(default_factory=dict)
    note: str = ""
    condition: ConditionSpec | None = None

    @property
    def saved(self) -> bool:
        return self.condition is None

    @property
    def mechanic(self) -> bool:
        return self.condition is not None and self.condition.is_mechanic


def catalogue(
    ruleset: AnyRuleset,
    encounter: Encounter,
    saved: Sequence[SavedCondition],
    *,
    mechanics: bool = True,
) -> list[Entry]:
    """The conditions the ruleset offers in the encounter (mechanics only with
    `mechanics`), then the saved ones."""
    mine = {condition.name.casefold() for condition in saved}
    entries = [
        Entry(c.name, {} if c.is_mechanic else condition_duration(ruleset, c), c.note, c)
        for c in ruleset.offered_conditions(encounter)
        if (mechanics or not c.is_mechanic) and (c.is_mechanic or c.name.casefold() not in mine)
    ]
    taken = {entry.name.casefold() for entry in entries}
    entries += [
        Entry(c.name, dict(c.duration), c.note)
        for c in saved
        if c.ruleset_id == ruleset.id and c.name.casefold() not in taken
    ]
    return entries


def describe(ruleset: AnyRuleset, entry: Entry) -> str:
    """An entry's tooltip: where it comes from, its duration and its note."""
    if entry.mechanic:
        assert entry.condition is not None
        spec = ruleset.action_spec(entry.condition.action)
        head = f"A rule of {ruleset.name}: applies “{spec.label}”."
    else:
        fields = {f.name: f for f in ruleset.duration_fields}
        shown = ", ".join(
            _duration_part(fields.get(name), name, value)
            for name, value in entry.duration.items()
            if value is not False
        )
        origin = "Saved by you" if entry.saved else f"From {ruleset.name}"
        head = f"{origin}: {shown}." if shown else f"{origin}."
    return f"{head}\n{entry.note}" if entry.note else head


def _duration_part(declared: Field | None, name: str, value: Any) -> str:
    """ "Until the end of its next turn", "Rounds 2", "Ongoing Song": a duration's value
    in the system's words (a saved condition may name a field the system no longer has)."""
    if declared is None:
        return f"{name} {value}"
    if value is True:
        return declared.label
    return f"{declared.label} {declared.shown(value)}"


class ConditionBox(QComboBox):
    """An editable combo box of the catalogue; `picked` carries the `Entry` the GM chose
    from the list or the completion (typing a name that is not one picks nothing)."""

    picked = Signal(object)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("condition_box")
        self.setEditable(True)
        self.setInsertPolicy(QComboBox.InsertPolicy.NoInsert)
        self.setMaxVisibleItems(16)
        self.entries: list[Entry] = []
        completer = QCompleter(self.model(), self)
        completer.setCaseSensitivity(Qt.CaseSensitivity.CaseInsensitive)
        completer.setFilterMode(Qt.MatchFlag.MatchContains)
        completer.setCompletionMode(QCompleter.CompletionMode.PopupCompletion)
        self.setCompleter(completer)  # a completion chosen is `activated` too
        box = weakref.ref(self)
        self.activated.connect(lambda row: _pick_row(box, row))

    def set_entries(self, ruleset: AnyRuleset, entries: list[Entry]) -> None:
        """Offer these entries, the text typed kept."""
        text = self.currentText()
        self.clear()
        self.entries = list(entries)
        italic = QFont(self.font())
        italic.setItalic(True)
        for row, entry in enumerate(entries):
            self.addItem(entry.name, row)
            tip = plain_tip(describe(ruleset, entry))
            self.setItemData(row, tip, Qt.ItemDataRole.ToolTipRole)
            if entry.saved:
                self.setItemData(row, italic, Qt.ItemDataRole.FontRole)
        self.setCurrentIndex(-1)
        self.setEditText(text)

    def entry_named(self, name: str) -> Entry | None:
        wanted = " ".join(name.split()).casefold()
        return next((e for e in self.entries if e.name.casefold() == wanted), None)


def _pick_row(box: weakref.ref[ConditionBox], row: int) -> None:
    """The GM chose a row of the list or of the completion. (A weak reference, not a
    bound method: a completion popup may still deliver it once the dialog is gone.)"""
    found = box()
    if found is not None and 0 <= row < len(found.entries):
        found.picked.emit(found.entries[row])
