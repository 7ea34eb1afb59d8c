"""Classic d20's rows ranked by width from the creatures' data, not from the view's rows
(issue 26): the texts that make a cell wide (the initiative, the name and its line of
health and AC, the pills' words) are read from each creature as `rows.make_row` words
them, without working its row out (the whole identity block, the badges, the states:
an open of 1,000 creatures made every row to rank them, ~50 ms of the GUI thread).
The view then measures exactly the rows in sight and the few ranked widest
(`widest_rows.rows_to_measure`), and only those rows are worked out.

A text is measured with its digits as zeros: every digit is as wide as another in a
table's fonts, so the widths of "Orc 17, HP 12/30" and "Orc 42, HP 30/30" are one
measure, not one each (an estimate ranks; the widest are measured exactly).

An open works every creature's initiative, name and second line out on its worker
(`texts_ahead`, kept in the encounter's memo until it changes): the ranking of a large
fight looks them up."""

from __future__ import annotations

from collections.abc import Callable, Sequence, Set

from PySide6.QtGui import QFont

from tracker.engine.health import health_of
from tracker.engine.ruleset import AnyRuleset
from tracker.engine.rulesets.classic_d20.options import is_pf2e
from tracker.engine.rulesets.classic_d20.state import LAIR, LAIR_COUNT, rt, stat
from tracker.engine.session import Session
from tracker.engine.state import Combatant
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

Measure = Callable[[str | None], int]  # a row's key → its cell's estimated width
Texts = tuple[str, str, str]  # a creature's initiative, name and second line
TEXTS = "classic_d20.ranked_texts"  # the encounter's memo: id → `Texts`, worked out ahead


def texts_ahead(session: Session) -> None:
    """Every creature's `Texts`, kept in the encounter's memo until it changes (an
    open's worker)."""
    encounter, ruleset = session.encounter, session.ruleset

    def texts(creature: Combatant) -> Texts:
        return _initiative(creature), creature.name, _second_line(ruleset, creature)

    encounter.derived(TEXTS, lambda: {c.id: texts(c) for c in encounter.combatants})


def _initiative(creature: Combatant) -> str:
    return str(stat(creature, "initiative")) if rt(creature).rolled else "—"


def _second_line(ruleset: AnyRuleset, creature: Combatant) -> str:
    """The line under a creature's name: its health, then its AC."""
    health = health_of(ruleset, creature)
    told, line = health.text() if health is not None else "", ac_line(creature)
    return f"{told} · {line}" if told else line


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
    memo = encounter.memo
    ahead: dict[str, Texts] = (memo.get(TEXTS) if memo is not None else None) or {}

    bold_width = texts.in_font(bold(font), digits_alike=True)
    if column == INIT:

        def initiative(key: str | None) -> int:
            if key == LAIR:
                return bold_width(str(LAIR_COUNT))
            if key is not None and (known := ahead.get(key)) is not None:
                return bold_width(known[0])
            creature = find(key)
            return 0 if creature is None else bold_width(_initiative(creature))

        return initiative
    if column == WHO:
        small_width = texts.in_font(small_font(font), digits_alike=True)
        ruleset = session.ruleset

        def who(key: str | None) -> int:
            if key == LAIR:
                name, second = LAIR_NAME, LAIR_DETAILS
            elif key is not None and (known := ahead.get(key)) is not None:
                _, name, second = known
            elif (creature := find(key)) is None:
                return 0
            else:
                name, second = creature.name, _second_line(ruleset, creature)
            first, then = bold_width(name), small_width(second)
            return first + then if one_line else max(first, then)

        return who
    tag_width = texts.in_font(tag_font(font), digits_alike=True)
    acting = acting_keys(session)
    if column == TURN:
        return _turn_pills(session, tag_width, acting)

    def states(key: str | None) -> int:
        creature = None if key == LAIR else find(key)
        if creature is None:
            return 0
        return sum(tag_width(chip.text) for chip in state_chips(encounter, creature))

    return states


def _turn_pills(session: Session, tag_width: Callable[[str], int], acting: Set[str]) -> Measure:
    """The width of what is left of a creature's turn, kept by the pools it reads (most
    rows, waiting their turn, show the same few: "Reaction", "Legendary 3/3")."""
    encounter, find = session.encounter, session.encounter.find
    pf2e = is_pf2e(encounter)
    kept: dict[tuple[object, ...], int] = {}

    def pills(key: str | None) -> int:
        creature = None if key == LAIR else find(key)
        if creature is None:
            return 0
        now, state = key in acting, rt(creature)
        pools = (state.actions, state.bonus, state.reaction, state.legendary)
        shown = (now, pf2e, *((pool.current, pool.maximum) for pool in pools))
        width = kept.get(shown)
        if width is None:
            chips = turn_chips(encounter, creature, now)
            width = kept[shown] = sum(tag_width(chip.text) for chip in chips)
        return width

    return pills
