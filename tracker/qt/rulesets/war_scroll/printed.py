"""The War Scroll on paper: names down the left, the public stats, Segments across with
the AP dealt in a corner of each cell and room to write, then notes; blank rows for
late joiners fill the page. Printed before the generic turn order."""

from __future__ import annotations

from tracker.engine.rulesets.war_scroll import WarScroll, is_lettered, segment_label
from tracker.engine.state import Combatant
from tracker.qt.document import EncounterDocument
from tracker.qt.players.public_state import shown_now
from tracker.qt.players.visibility import public_fields
from tracker.qt.printing import Cell, Column, Table

SCROLL_ROW_MM = 13.0  # room to write in each War Scroll cell
BLANK_ROWS = 3  # empty War Scroll rows for late joiners, at least (the page is filled)
NAME_MM = 52.0
STAT_MM = 25.0
GAP_MM = 4.0


def _included(document: EncounterDocument, include_hidden: bool) -> list[Combatant]:
    return [c for c in document.encounter.combatants if include_hidden or not c.hidden]


def _segment_slots(
    ruleset: WarScroll, document: EncounterDocument, people: list[Combatant], include_hidden: bool
) -> list[int]:
    """The Segments anyone printed has (or had) a Turn in, in play order. With none (no
    Speed, everyone Defeated), the GM's copy keeps the grid's columns; the players'
    copy has none, as on their screen: the columns could only come from hidden ones."""
    encounter = document.encounter
    slots = ruleset.columns(encounter)
    used = [s for s in slots if any(ruleset.cell(encounter, c, s)[1] != "none" for c in people)]
    return used or (slots if include_hidden else [])


def _held_cell(ruleset: WarScroll, document: EncounterDocument) -> tuple[str, int] | None:
    """(combatant id, Segment) of the Turn the players still see as current while a
    hidden combatant acts, if it is on this Cycle's grid."""
    shown, actual = shown_now(document), document.session.current_turn()
    if shown is None or actual is None or shown.key == actual.key:
        return None
    if shown.combatant_id is None or "slot" not in shown.values:
        return None
    if shown.round != ruleset.cycle(document.encounter):
        return None
    return shown.combatant_id, int(shown.values["slot"])


def _when(ruleset: WarScroll, document: EncounterDocument) -> str:
    encounter = document.encounter
    if not ruleset.is_started(encounter):
        return "Before the War"
    return f"Cycle {ruleset.cycle(encounter)}"


def war_scroll_table(document: EncounterDocument, include_hidden: bool = False) -> Table:
    ruleset = document.ruleset
    assert isinstance(ruleset, WarScroll)
    encounter = document.encounter
    people = _included(document, include_hidden)
    # A GM's copy (hidden combatants included) shows every stat; the players' copy only
    # the public ones.
    fields = ruleset.stat_fields if include_hidden else public_fields(ruleset, encounter)
    slots = _segment_slots(ruleset, document, people, include_hidden)
    numbered = [s for s in slots if not is_lettered(s)]
    lettered = [s for s in slots if is_lettered(s)]
    keys: list[int | None] = [*numbered, *([None] if lettered else []), *lettered]
    columns = [Column("Name", NAME_MM)]
    columns += [Column(f.label, STAT_MM, centered=True) for f in fields]
    columns += [
        Column("", GAP_MM, gap=True) if k is None else Column(segment_label(k), centered=True)
        for k in keys
    ]
    columns.append(Column("Notes", -1.0))
    held = None if include_hidden else _held_cell(ruleset, document)
    rows: list[tuple[Cell, ...]] = []
    for combatant in people:
        side = combatant.side + (" · hidden" if combatant.hidden else "")
        row = [Cell(combatant.name, side)]
        row += [Cell(str(combatant.stats.get(f.name, f.default))) for f in fields]
        for key in keys:
            if key is None:
                row.append(Cell(state="gap"))
                continue
            ap, state = ruleset.cell(encounter, combatant, key)
            if (combatant.id, key) == held:
                state = "current"
            row.append(Cell(note=str(ap) if state != "none" else "", state=state))
        row.append(Cell())
        rows.append(tuple(row))
    blank = tuple(Cell(state="gap") if c.gap else Cell() for c in columns)
    rows += [blank] * BLANK_ROWS
    return Table(
        title=f"War Scroll — {encounter.name}",
        subtitle=(
            f"{_when(ruleset, document)}.  "
            "Corner numbers: AP dealt; write spent AP, bonus and Carry Over."
        ),
        columns=tuple(columns),
        rows=tuple(rows),
        row_mm=SCROLL_ROW_MM,
        fill_page=True,
    )
