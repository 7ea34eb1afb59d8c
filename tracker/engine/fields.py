"""Declared fields: what a ruleset asks the GM for (stats, action parameters, durations).

A `Field` knows its type, range and default, and turns raw input (text from a form, a
value from a script or a file) into a clean value or a clear `CommandError`. The GUI
builds its editors from these declarations; nothing is written per ruleset.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Literal

from tracker.engine.errors import CommandError
from tracker.engine.storable import MAX_NUMBER

FieldKind = Literal["int", "text", "choice", "bool"]


@dataclass(frozen=True)
class Field:
    """One value a ruleset declares (a combatant's field, an action's parameter): its name,
    label, kind and limits."""

    name: str
    label: str
    kind: FieldKind = "int"
    default: Any = 0
    minimum: int | None = None
    maximum: int | None = None
    choices: tuple[str, ...] = ()
    help: str = ""
    secret: bool = False  # never shown to players
    # A further check of the cleaned value (e.g. a dice expression); raises CommandError.
    check: Callable[[Any], None] | None = field(default=None, compare=False)
    # For an int: the stat holding a dice expression that can roll this value, of the
    # combatant the action is for (with `roll_acting`: of the one whose turn it is, as a
    # Shift's Join Battle re-roll is the attacker's when the action is on its target).
    roll_from: str = ""
    roll_acting: bool = False
    # For a choice: each choice in the system's words, in the order of `choices` (empty:
    # the choices read as they are). The value kept is the choice; the GM sees its label.
    choice_labels: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        if self.choice_labels and len(self.choice_labels) != len(self.choices):
            raise ValueError(f"{self.name}: one label for each choice.")

    def labelled_choices(self) -> tuple[tuple[str, str], ...]:
        """(choice, what the GM reads) for each choice, in order."""
        labels = self.choice_labels or self.choices
        return tuple(zip(self.choices, labels, strict=True))

    def shown(self, value: Any) -> str:
        """A value as the GM reads it: a choice in the system's words, yes or no."""
        if isinstance(value, bool):
            return "yes" if value else "no"
        if self.kind == "choice":
            return dict(self.labelled_choices()).get(str(value), str(value))
        return str(value)

    def clean(self, raw: Any) -> Any:
        """Return the value `raw` stands for, or raise `CommandError` naming this field."""
        value = self._clean_kind(raw)
        if self.check is not None:
            try:
                self.check(value)
            except CommandError as error:
                raise CommandError(f"{self.label}: {error.message}", self.name) from None
        return value

    def _clean_kind(self, raw: Any) -> Any:
        if self.kind == "int":
            return self._clean_int(raw)
        if self.kind == "bool":
            if isinstance(raw, bool):
                return raw
            if isinstance(raw, str) and raw.strip().lower() in (
                "true",
                "yes",
                "1",
                "false",
                "no",
                "0",
            ):
                return raw.strip().lower() in ("true", "yes", "1")
            raise CommandError(f"{self.label} must be yes or no.", self.name)
        if self.kind == "choice":
            value = str(raw).strip().lower() if raw is not None else ""
            for choice, label in self.labelled_choices():
                if value in (choice, label.lower()):  # the choice, or its words
                    return choice
            allowed = ", ".join(label for _, label in self.labelled_choices())
            raise CommandError(f"{self.label} must be one of: {allowed}.", self.name)
        return "" if raw is None else str(raw)

    def _clean_int(self, raw: Any) -> int:
        if isinstance(raw, bool):
            raise CommandError(f"{self.label} must be a whole number.", self.name)
        if isinstance(raw, int):
            value = raw
        elif isinstance(raw, float) and raw.is_integer():
            value = int(raw)
        else:
            text = str(raw).strip() if raw is not None else ""
            try:
                value = int(text)
            except ValueError:
                shown = text if text else "nothing"
                raise CommandError(
                    f"{self.label} must be a whole number, not {shown!r}.", self.name
                ) from None
        if abs(value) > MAX_NUMBER:
            raise CommandError(f"{self.label}: {value} is far too large a number.", self.name)
        if self.minimum is not None and value < self.minimum:
            raise CommandError(self._range_message(value), self.name)
        if self.maximum is not None and value > self.maximum:
            raise CommandError(self._range_message(value), self.name)
        return value

    def _range_message(self, value: int) -> str:
        low = "" if self.minimum is None else str(self.minimum)
        high = "" if self.maximum is None else str(self.maximum)
        return f"{self.label} must be between {low} and {high}; {value} is out of range."


@dataclass(frozen=True)
class Choice:
    """An encounter option where the rules are silent or ambiguous; first value is default."""

    name: str
    label: str
    values: tuple[tuple[str, str], ...]  # (value, description)

    @property
    def default(self) -> str:
        return self.values[0][0]

    def clean(self, raw: Any) -> str:
        allowed = [value for value, _ in self.values]
        if raw not in allowed:
            raise CommandError(f"{self.label}: {raw!r} is not one of {', '.join(allowed)}.")
        return str(raw)


def clean_all(
    fields: tuple[Field, ...], raw: dict[str, Any], *, partial: bool = False
) -> dict[str, Any]:
    """Clean a mapping of field name → raw value. Unknown names are refused. Without
    `partial`, missing fields get their defaults."""
    by_name = {f.name: f for f in fields}
    unknown = sorted(set(raw) - set(by_name))
    if unknown:
        raise CommandError(f"Unknown field(s): {', '.join(unknown)}.", unknown[0])
    cleaned = {name: by_name[name].clean(value) for name, value in raw.items()}
    if not partial:
        for f in fields:
            cleaned.setdefault(f.name, f.default)
    return cleaned
