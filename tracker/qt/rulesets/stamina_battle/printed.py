"""The battle sheet on paper: each side in the order of its phase, each Unit with its
Stamina (now / maximum), Armor, Evasion, Speed, wounds, whether it acted, its charge
and the reactions it can afford, and room to write; blank rows fill the page. Printed
before the generic turn order. The players' copy leaves hidden Units out, and any text
that would name one."""

from __future__ import annotations

from collections.abc import Callable

from tracker.engine.rulesets.stamina_battle import StaminaBattle
from tracker.qt.document import EncounterDocument
from tracker.qt.players.visibility import Visibility
from tracker.qt.printing import Cell, Column, Table
from tracker.qt.rulesets.stamina_battle.texts import charge_text, reactions_text, status_text

ROW_MM = 11.0
BLANK_ROWS = 3
COLUMNS = (
    Column("Unit", 46.0),
    Column("Stamina", 18.0, centered=True),
    Column("Armor", 13.0, centered=True),
    Column("Evasion", 16.0, centered=True),
    Column("Speed", 13.0, centered=True),
    Column("Wounds", 16.0, centered=True),
    Column("Turn", 15.0, centered=True),
    Column("Charging", 46.0),
    Column("Can afford", 72.0),
    Column("Notes", -1.0),
)


def battle_table(document: EncounterDocument, include_hidden: bool = False) -> Table:
    ruleset = document.ruleset
    assert isinstance(ruleset, StaminaBattle)
    encounter = document.encounter
    visibility = Visibility.of(encounter)
    safe: Callable[[str], str] = _as_is if include_hidden else visibility.safe
    rows: list[tuple[Cell, ...]] = []
    order = ruleset.sides_in_order(encounter)
    for side in order:
        for unit in encounter.combatants:
            if unit.side != side or (unit.hidden and not include_hidden):
                continue
            readout = ruleset.readout(encounter, unit)
            state = "current" if readout.acting else ""
            note = ruleset.side_title(side) + (" · hidden" if unit.hidden else "")
            rows.append(
                (
                    Cell(unit.name, note, state=state),
                    Cell(f"{readout.stamina} / {readout.maximum}", state=state),
                    Cell(str(readout.armor), state=state),
                    Cell(str(readout.evasion), state=state),
                    Cell(str(readout.speed), state=state),
                    Cell(str(readout.wounds) if readout.wounds else "", state=state),
                    Cell(status_text(readout), state=state),
                    Cell(safe(charge_text(readout)), state=state),
                    Cell(safe(reactions_text(readout)), state=state),
                    Cell(state=state),
                )
            )
    rows += [tuple(Cell() for _ in COLUMNS)] * BLANK_ROWS
    turn = document.session.current_turn()
    if turn is None or not ruleset.is_started(encounter):
        when = "Before the battle"
    elif turn.combatant_id is None or (
        not include_hidden and not visibility.is_visible(turn.combatant_id)
    ):
        when = f"Round {turn.round} · {turn.phase}"
    else:
        name = encounter.combatant(turn.combatant_id).name
        when = f"Round {turn.round} · {turn.phase} · {name} acting"
    return Table(
        title=f"Battle — {encounter.name}",
        subtitle=(
            f"{when}.  Attack 1 (2 two-handed) · Move 1, 3× a turn · Guard 1 · Item 1+ · "
            "Hide 1 · each Technique once a turn."
        ),
        columns=COLUMNS,
        rows=tuple(rows),
        row_mm=ROW_MM,
        fill_page=True,
    )


def _as_is(text: str) -> str:
    return text
