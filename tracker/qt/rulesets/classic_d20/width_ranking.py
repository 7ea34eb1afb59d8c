"""Classic d20's rows ranked by width from the creatures' data, not from the view's rows
(issue 26): the texts that make a cell wide (the initiative, the name and its line of
health and AC, the pills' words) are read from each creature as `rows.make_row` words
them, without working its row out (the whole identity block, the badges, the states:
an open of 1,000 creatures made every row to rank them, ~50 ms of the GUI thread).
The view then measures exactly the rows in sight and the few ranked widest
(`widest_rows.rows_to_measure`), and only those rows are worked out.

A text is measured with its digits as zeros: every digit is as wide as another in a
table's fonts, so the widths of "Orc 17, HP 12/30" and "Orc 42, HP 30/30" are one
measure, not one each (an estimate ranks; the widest are measured exactly)."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from PySide6.QtGui import QFont

from tracker.engine.health import health_of
from tracker.engine.rulesets.classic_d20.state import LAIR, LAIR_COUNT, rt, stat
from tracker.engine.session import Session
from tracker.qt.rulesets.classic_d20.order_model import INIT, TURN, WHO
from tracker.qt.rulesets.classic_d20.rows import (
    LAIR_DETAILS,
    LAIR_NAME,
    ac_line,
    acting_keys,
    state_chips,
    turn_chips,
)
from tracker.qt.views.combatant_cell import small_font, tag_font
from tracker.qt.views.widest_rows import TextWidths, bold

ALIKE = str.maketrans("123456789", "000000000")  # digits measured as zeros
Measure = Callable[[str | None], int]  # a row's key → its cell's estimated width


def estimator(
    session: Session,
    key_at: Callable[[int], str | None],
    column: int,
    texts: TextWidths,
    font: QFont,
    one_line: bool,
) -> Callable[[int], int]:
    """The estimate of a column's cell at each place (`key_at`: the creature's id, or
    `LAIR`), in the view's `font` (`one_line`: the health beside the name)."""
    measure = measurer(session, column, texts, font, one_line)
    return lambda place: measure(key_at(place))


def estimates(
    session: Session,
    keys: Sequence[str],
    column: int,
    texts: TextWidths,
    font: QFont,
    one_line: bool,
) -> list[int]:
    """The estimates of a column's cells of rows of these keys (a slice of rows at once)."""
    measure = measurer(session, column, texts, font, one_line)
    return [measure(key) for key in keys]


def measurer(
    session: Session, column: int, texts: TextWidths, font: QFont, one_line: bool
) -> Measure:
    """A row's estimate of `column` from its key (0: no such creature)."""
    encounter = session.encounter
    find = encounter.find

    def alike(measure: Callable[[str], int]) -> Callable[[str], int]:
        return lambda text: measure(text.translate(ALIKE))

    bold_width = alike(texts.in_font(bold(font)))
    if column == INIT:

        def initiative(key: str | None) -> int:
            if key == LAIR:
                return bold_width(str(LAIR_COUNT))
            creature = find(key)
            if creature is None:
                return 0
            return bold_width(str(stat(creature, "initiative")) if rt(creature).rolled else "—")

        return initiative
    if column == WHO:
        small_width, ruleset = alike(texts.in_font(small_font(font))), session.ruleset

        def who(key: str | None) -> int:
            if key == LAIR:
                name, second = LAIR_NAME, LAIR_DETAILS
            elif (creature := find(key)) is None:
                return 0
            else:
                health = health_of(ruleset, creature)
                parts = (health.text() if health is not None else "", ac_line(creature))
                name, second = creature.name, " · ".join(part for part in parts if part)
            widths = bold_width(name), small_width(second)
            return sum(widths) if one_line else max(widths)

        return who
    tag_width, acting = alike(texts.in_font(tag_font(font))), acting_keys(session)

    def pills(key: str | None) -> int:
        creature = None if key == LAIR else find(key)
        if creature is None:
            return 0
        chips = (
            turn_chips(encounter, creature, key in acting)
            if column == TURN
            else state_chips(encounter, creature)
        )
        return sum(tag_width(chip.text) for chip in chips)

    return pills
