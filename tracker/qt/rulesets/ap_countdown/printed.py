"""The countdown sheet on paper: each combatant in the order they act next, its base,
current value and AP left, the action under way (declared → resolves, progress,
penalty) and room to write; blank rows for late joiners fill the page. Printed before
the generic turn order. The players' copy leaves hidden combatants out, and any text
that would name one."""

from __future__ import annotations

from collections.abc import Callable

from tracker.engine.rulesets.ap_countdown import ApCountdown
from tracker.qt.document import EncounterDocument
from tracker.qt.players.visibility import Visibility
from tracker.qt.printing import Cell, Column, Table
from tracker.qt.rulesets.ap_countdown.texts import (
    Mark,
    cost_of,
    number,
    phase_tag,
    phase_text,
    progress_text,
    signed,
    span_text,
)

ROW_MM = 11.0  # room to write the results
BLANK_ROWS = 3  # empty rows for late joiners, at least (the page is filled)
COLUMNS = (
    Column("Name", 50.0),
    Column("Base", 14.0, centered=True),
    Column("Value", 15.0, centered=True),
    Column("AP left", 16.0, centered=True),
    Column("Action under way", 58.0),
    Column("Declared → resolves", 44.0, centered=True),
    Column("Progress", 20.0, centered=True),
    Column("Penalty", 17.0, centered=True),
    Column("Notes", -1.0),
)


def _action(mark: Mark) -> str:
    """ "Melee Attack · 3 AP": its progress and penalty have columns of their own."""
    return "" if mark.action is None else f"{mark.action} · {cost_of(mark)} AP"


def countdown_table(document: EncounterDocument, include_hidden: bool = False) -> Table:
    ruleset = document.ruleset
    assert isinstance(ruleset, ApCountdown)
    encounter = document.encounter
    visibility = Visibility.of(encounter)
    marks = {mark.combatant_id: mark for mark in ruleset.track(encounter)}
    turn = document.session.current_turn()
    rows: list[tuple[Cell, ...]] = []
    for combatant in encounter.combatants:
        if combatant.hidden and not include_hidden:
            continue
        mark = marks[combatant.id]
        safe: Callable[[str], str] = _as_is if include_hidden else visibility.safe
        side = combatant.side + (" · hidden" if combatant.hidden else "")
        now = "current" if mark.due is not None else ""
        rows.append(
            (
                Cell(combatant.name, side, state=now),
                Cell(number(mark.base), state=now),
                Cell(number(mark.value), state=now),
                Cell(str(mark.ap), state=now),
                Cell(safe(_action(mark)), state=now),
                Cell(span_text(mark), state=now),
                Cell(progress_text(mark), state=now),
                Cell(signed(mark.penalty) if mark.penalty else "", state=now),
                Cell(state=now),
            )
        )
    rows += [tuple(Cell() for _ in COLUMNS)] * BLANK_ROWS
    number_of_round = turn.round if turn else 0
    when = phase_text(ruleset, encounter, number_of_round)
    due = ruleset.due_now(encounter)
    if not include_hidden and due is not None and not visibility.is_visible(due[0]):
        when = phase_tag(ruleset, encounter, number_of_round)  # not a hidden one's count
    return Table(
        title=f"Countdown — {encounter.name}",
        subtitle=(
            f"{when}.  Value = base + 5 × AP left; an action resolves at the count − 5 × its "
            "AP. Write results and new declarations under Notes."
        ),
        columns=COLUMNS,
        rows=tuple(rows),
        row_mm=ROW_MM,
        fill_page=True,
    )


def _as_is(text: str) -> str:
    return text
