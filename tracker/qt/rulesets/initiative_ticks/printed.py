"""The tick sheet on paper: each combatant from the highest tick to the lowest, its
Initiative, Crash (with recovery tokens), Onslaught, motes and room to write; blank rows
fill the page. Printed before the generic turn order. The players' copy leaves hidden
combatants out, and any text that would name one."""

from __future__ import annotations

from tracker.engine.rulesets.initiative_ticks import InitiativeTicks
from tracker.qt.document import EncounterDocument
from tracker.qt.players.visibility import Visibility
from tracker.qt.printing import Cell, Column, Table
from tracker.qt.rulesets.initiative_ticks.texts import motes_text, number, state_words

ROW_MM = 11.0
BLANK_ROWS = 3
COLUMNS = (
    Column("Tick", 14.0, centered=True),
    Column("Name", 50.0),
    Column("Initiative", 20.0, centered=True),
    Column("State", 62.0),
    Column("Onslaught", 20.0, centered=True),
    Column("Motes", 18.0, centered=True),
    Column("Notes", -1.0),
)


def ticks_table(document: EncounterDocument, include_hidden: bool = False) -> Table:
    ruleset = document.ruleset
    assert isinstance(ruleset, InitiativeTicks)
    encounter = document.encounter
    visibility = Visibility.of(encounter)
    exalted = encounter.options.get("flavour") == "exalted3e"
    marks = {mark.combatant_id: mark for mark in ruleset.track(encounter)}
    rows: list[tuple[Cell, ...]] = []
    for combatant in encounter.combatants:
        if combatant.hidden and not include_hidden:
            continue
        mark = marks[combatant.id]
        now = "current" if mark.now else ""
        side = combatant.side + (" · hidden" if combatant.hidden else "")
        rows.append(
            (
                Cell(number(mark.tick), state=now),
                Cell(combatant.name, side, state=now),
                Cell(number(mark.initiative), state=now),
                Cell(" · ".join(state_words(mark, exalted)), state=now),
                Cell(f"−{mark.onslaught}" if mark.onslaught else "", state=now),
                Cell(motes_text(mark), state=now),
                Cell(state=now),
            )
        )
    rows += [tuple(Cell() for _ in COLUMNS)] * BLANK_ROWS
    phase = ruleset.phase(encounter)
    if phase == "round":
        tick = ruleset.tick(encounter)
        acting = next((c for c in encounter.combatants if marks[c.id].now), None)
        shown = acting is not None and (include_hidden or visibility.is_visible(acting.id))
        when = f"Round {ruleset.round_number(encounter)}" + (
            f", tick {number(tick)}" if shown else ""
        )
    else:
        when = {"setup": "Before the fight", "join": "Join Battle", "free": "Free actions"}[phase]
    return Table(
        title=f"Ticks — {encounter.name}",
        subtitle=(
            f"{when}.  Each acts on the tick equal to its Initiative; withering hits move "
            "Initiative, 0 or less is Crash (+5 Break bonus). Write changes under Notes."
        ),
        columns=COLUMNS,
        rows=tuple(rows),
        row_mm=ROW_MM,
        fill_page=True,
    )
