"""The AP table of the rules, as data: what each action costs and how it may be done.

- "fixed": a number of AP (0 = instantaneous: the first of a round is free, each
  further one costs 1 AP);
- "range": done at any AP from `low` to `high`, at -25 for each AP below `high`;
- "continuous" (the table's "C", Hold position): it takes all the AP left this round;
- "special" (Movement): not declared; the GM enters the pace, whose penalty applies
  to every other action of the round.

Costs above 4 AP make multi-round actions. Keys are the lowercased names (the values of
the "action" choice of a declaration).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

HASTE_PER_AP = -25

Kind = Literal["fixed", "range", "continuous", "special"]


@dataclass(frozen=True)
class TableAction:
    name: str
    low: int
    high: int
    kind: Kind = "fixed"

    @property
    def key(self) -> str:
        return self.name.lower()

    @property
    def cost_text(self) -> str:
        if self.kind == "continuous":
            return "all AP left (C)"
        if self.kind == "special":
            return "special: enter the pace"
        if self.kind == "range":
            return f"{self.low}–{self.high} AP"
        return "0 AP, instantaneous" if self.high == 0 else f"{self.high} AP"

    def line(self) -> str:
        """One line of the table for a prompt: "Melee Attack: 2–4 AP (3 AP: -25, ...)"."""
        text = f"{self.name}: {self.cost_text}"
        if self.kind == "range":
            faster = ", ".join(
                f"{ap} AP: {haste(self, ap)}" for ap in range(self.high - 1, self.low - 1, -1)
            )
            text += f" (faster: {faster})"
        elif self.high > 4:
            text += " (multi-round)"
        return text


TABLE: tuple[TableAction, ...] = (
    TableAction("Drop item", 0, 0),
    TableAction("Use shield in melee", 0, 0),
    TableAction("Shift item to other hand", 1, 1),
    TableAction("Draw weapon/ammo/item", 1, 1),
    TableAction("Prone <-> Stand", 1, 1),
    TableAction("Perception", 1, 2, "range"),
    TableAction("Ranged Attack", 1, 3, "range"),
    TableAction("Eat or drink (herb/potion)", 2, 2),
    TableAction("Melee Attack", 2, 4, "range"),
    TableAction("Get item from ground", 3, 3),
    TableAction("Dodge", 4, 4),
    TableAction("Mount/dismount", 4, 4),
    TableAction("Reload", 6, 6),
    TableAction("Load Light Crossbow", 8, 8),
    TableAction("Load Heavy Crossbow", 16, 16),
    TableAction("Pick Lock / Disarm Trap", 20, 20),
    TableAction("Hold position (Swim/Climb)", 1, 4, "continuous"),
    TableAction("Movement", 0, 0, "special"),
)
BY_KEY: dict[str, TableAction] = {entry.key: entry for entry in TABLE}
DECLARABLE: tuple[str, ...] = tuple(entry.key for entry in TABLE if entry.kind != "special")


def choice_labels(keys: tuple[str, ...]) -> tuple[str, ...]:
    """The table's actions as the GM reads them: "Drop item (0 AP, instantaneous)"."""
    return tuple(f"{BY_KEY[key].name} ({BY_KEY[key].cost_text})" for key in keys)


RANGES: tuple[TableAction, ...] = tuple(entry for entry in TABLE if entry.kind == "range")


def haste(entry: TableAction, ap: int) -> int:
    """The penalty for doing a range action at `ap`: -25 per AP below its maximum."""
    if entry.kind != "range":
        return 0
    return HASTE_PER_AP * max(entry.high - ap, 0)


def fits(entry: TableAction, ap_left: int) -> bool:
    """Whether the action can be declared at its normal cost with `ap_left` AP: costs of
    at most 4 must fit in the round; multi-round ones always start."""
    if entry.kind == "special":
        return False
    if entry.kind == "continuous":
        return ap_left > 0
    return entry.high > 4 or entry.high <= ap_left


def table_lines() -> tuple[str, ...]:
    return tuple(entry.line() for entry in TABLE)
