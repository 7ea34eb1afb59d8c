"""The initiative sheet on paper: each combatant in initiative order with its
initiative, AC, HP (temporary HP after a "+"), the turn's resources left (action, bonus
action, reaction in 5e; actions and reaction in PF2e), its legendary actions, its state
(concentration, Ready, Delay, death saves, dying and wounded) and room to write; the lair
on count 20 when the encounter has one; blank rows fill the page. Printed before the
generic turn order. The players' copy leaves hidden combatants out, and any text that
would name one, and gives the HP of the party only (the others: unhurt, hurt, bloodied,
down)."""

from __future__ import annotations

from collections.abc import Callable

from tracker.engine.health import band_of, health_of
from tracker.engine.ruleset import Meter
from tracker.engine.rulesets.classic_d20 import ClassicD20
from tracker.engine.state import Combatant
from tracker.qt.document import EncounterDocument
from tracker.qt.players.visibility import Visibility
from tracker.qt.printing import Cell, Column, Table

ROW_MM = 11.0
BLANK_ROWS = 3
LAIR_COUNT = 20
PARTY = "party"
COLUMNS = (
    Column("Init", 13.0, centered=True),
    Column("Name", 40.0),
    Column("AC", 11.0, centered=True),
    Column("HP", 24.0, centered=True),
    Column("Turn", 52.0),
    Column("Legendary", 24.0, centered=True),
    Column("State", 56.0),
    Column("Notes", -1.0),
)
RULES = {
    "5e": "A turn: move, one action, one bonus action; one reaction a round. "
    "At 0 HP: death saves (d20, 10 or more a success).",
    "pf2e": "A turn: 3 actions and 1 reaction. At 0 HP: dying 1 + wounded; "
    "recovery check DC 10 + dying; dying 4 kills.",
}


def d20_table(document: EncounterDocument, include_hidden: bool = False) -> Table:
    encounter, ruleset, session = document.encounter, document.ruleset, document.session
    assert isinstance(ruleset, ClassicD20)
    visibility = Visibility.of(encounter)
    safe: Callable[[str], str] = _as_is if include_hidden else visibility.safe
    turn = session.current_turn()
    acting: set[str] = set()
    if turn is not None and turn.combatant_id is not None:
        members = turn.values.get("members", ())
        acting = {turn.combatant_id, *(m for m in members if isinstance(m, str))}
    lair = any(
        t.combatant_id is None for t in session.upcoming_turns(len(encounter.combatants) + 2)
    )
    rows: list[tuple[Cell, ...]] = []
    for combatant in encounter.combatants:
        if combatant.hidden and not include_hidden:
            continue
        if lair and _initiative(combatant) < LAIR_COUNT:
            rows.append(_lair_row(turn is not None and turn.combatant_id is None))
            lair = False
        state = "current" if combatant.id in acting else ""
        meters = {m.name: m for m in ruleset.meters(encounter, combatant)}
        note = combatant.side + (" · hidden" if combatant.hidden else "")
        words = list(ruleset.markers(encounter, combatant))
        held = ruleset.concentrating_on(encounter, combatant)
        if held:
            words.insert(0, f"concentrating: {held}")
        rows.append(
            (
                Cell(_number(combatant, "initiative"), state=state),
                Cell(combatant.name, note, state=state),
                Cell(_number(combatant, "ac"), state=state),
                Cell(_hp(document, combatant, meters, include_hidden), state=state),
                Cell(_turn_text(meters), state=state),
                Cell(_pool(meters.get("legendary")), state=state),
                Cell(safe(" · ".join(words)), state=state),
                Cell(state=state),
            )
        )
    if lair:
        rows.append(_lair_row(turn is not None and turn.combatant_id is None))
    rows += [tuple(Cell() for _ in COLUMNS)] * BLANK_ROWS
    flavour = ruleset.flavour(encounter)
    if turn is None or not ruleset.is_started(encounter):
        when = "Before the fight"
    elif turn.combatant_id is None:
        when = f"Round {turn.round} · {turn.title}"
    elif not include_hidden and not visibility.is_visible(turn.combatant_id):
        when = f"Round {turn.round}"
    else:
        when = f"Round {turn.round} · {encounter.combatant(turn.combatant_id).name} acting"
    return Table(
        title=f"Initiative — {encounter.name}",
        subtitle=f"{when}.  {RULES[flavour]}",
        columns=COLUMNS,
        rows=tuple(rows),
        row_mm=ROW_MM,
        fill_page=True,
    )


def _lair_row(now: bool) -> tuple[Cell, ...]:
    state = "current" if now else ""
    texts = (str(LAIR_COUNT), "Lair", "", "", "lair action (loses ties)", "", "", "")
    return tuple(Cell(text, state=state) for text in texts)


def _initiative(combatant: Combatant) -> int:
    value = combatant.stats.get("initiative", 0)
    return value if isinstance(value, int) else 0


def _number(combatant: Combatant, name: str) -> str:
    value = combatant.stats.get(name)
    return str(value) if isinstance(value, int) and not isinstance(value, bool) else ""


def _hp(
    document: EncounterDocument,
    combatant: Combatant,
    meters: dict[str, Meter],
    include_hidden: bool,
) -> str:
    """ "24/28 +5" (temporary HP after the plus); the players' copy gives the band of
    anyone not of the party."""
    ruleset = document.ruleset
    health = health_of(ruleset, combatant)
    if health is None or not health.tracked:
        return ""
    if not include_hidden and combatant.side != PARTY:
        return band_of(ruleset, combatant)
    temp = meters.get("temp_hp")
    extra = f" +{temp.value}" if temp is not None and temp.value else ""
    return f"{max(health.shown, 0)}/{health.maximum}{extra}"


def _turn_text(meters: dict[str, Meter]) -> str:
    """What is left of the turn: "action · bonus · reaction" (5e) or "2 actions ·
    reaction" (PF2e); "—" when nothing is."""
    parts: list[str] = []
    actions, bonus, reaction = meters.get("actions"), meters.get("bonus"), meters.get("reaction")
    if actions is not None and actions.value > 0:
        if actions.maximum == 1 and bonus is not None:
            parts.append("action")
        else:
            parts.append(f"{actions.value} action" + ("s" if actions.value != 1 else ""))
    if bonus is not None and bonus.value > 0:
        parts.append("bonus")
    if reaction is not None and reaction.value > 0:
        parts.append("reaction")
    return " · ".join(parts) or "—"


def _pool(meter: Meter | None) -> str:
    if meter is None or not meter.maximum:
        return ""
    return f"{meter.value}/{meter.maximum}"


def _as_is(text: str) -> str:
    return text
