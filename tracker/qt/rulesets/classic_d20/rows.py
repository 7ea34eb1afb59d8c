"""What each row of the d20 initiative view shows, worked out from the session (no Qt
widgets): the rows in the order the turns come (`row_keys`: a group of identical
monsters together at its place, the lair's row on count 20 after every creature of 20 or
more, the creatures still to roll last) and one `D20Row` per row: the initiative, the
identity block, what is left of the turn, and the states a GM plays from (concentration,
death saves or dying, Ready, Delay, surprise).

Rows are compared as values: the model announces only those that look different."""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass, replace
from functools import cached_property
from typing import Literal

from tracker.engine.rulesets.classic_d20 import concentration, hit_points, resources
from tracker.engine.rulesets.classic_d20.options import has_lair, is_pf2e
from tracker.engine.rulesets.classic_d20.order import groups, slots
from tracker.engine.rulesets.classic_d20.state import LAIR, LAIR_COUNT, anchor_of, rt, stat
from tracker.engine.rulesets.classic_d20.valued import (
    VALUED_KINDS,
    VALUED_WORDS,
    base_name,
    condition_word,
)
from tracker.engine.session import Session
from tracker.engine.state import Combatant, Encounter
from tracker.qt.models.badges import Badge
from tracker.qt.models.combatant_summary import CombatantSummary, summarize

GroupPlace = Literal["", "first", "middle", "last"]  # "": not in a group of two or more
ChipKind = Literal["concentration", "death", "ready", "delay", "surprise", "roll", "spent", "left"]

LAIR_NAME = "Lair actions"
LAIR_DETAILS = f"initiative count {LAIR_COUNT}, losing ties"


@dataclass(frozen=True)
class Chip:
    """A word on the row, drawn as a small pill; `kind` sets its look."""

    text: str
    kind: ChipKind


class Drawn:
    """A cell's part of a row (`D20Row.drawn`), its hash worked out once: the view looks
    its cells up by it at every paint."""

    __slots__ = ("_hash", "value")

    def __init__(self, value: Hashable) -> None:
        self.value = value
        self._hash = hash(value)

    def __hash__(self) -> int:
        return self._hash

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Drawn):
            return NotImplemented
        return self._hash == other._hash and self.value == other.value

    def __repr__(self) -> str:
        return f"Drawn({self.value!r})"


@dataclass(frozen=True)
class D20Row:
    """One row: a creature's (`key` its id) or the lair's (`key` LAIR)."""

    key: str
    initiative: str  # "17", "—" for one still to roll
    summary: CombatantSummary  # the identity block (the lair's: `lair_summary`)
    acting: bool  # its turn (a group: every member; the lair on its own turn)
    group: GroupPlace = ""
    group_acting: bool = False  # the group's turn (its band is marked)
    turn: tuple[Chip, ...] = ()  # what is left of its turn (actions, reaction, legendary)
    states: tuple[Chip, ...] = ()  # concentration, death saves, Ready, Delay, …

    def __hash__(self) -> int:
        """Worked out once: the view looks its cells up by row at every paint."""
        return self._hash

    @cached_property
    def _hash(self) -> int:
        fields = (self.key, self.initiative, self.summary, self.acting, self.group)
        return hash((*fields, self.group_acting, self.turn, self.states))

    @cached_property
    def drawn(self) -> tuple[Drawn, Drawn, Drawn, Drawn]:
        """Per column (initiative, creature, turn, states): what of the row its cell
        shows, by which the view keeps the cell drawn (`painted_cells`). An action that
        changes what is left of the turn draws that cell alone anew; the row of a turn
        just ended puts back the initiative and the creature it had before its turn."""
        look = (self.is_lair, self.acting, bool(self.group))  # the tint, the turn's gold
        muted = (self.summary.hidden, self.summary.defeated)  # the cell's ink
        return (
            Drawn((look, muted, self.initiative, self.group, self.group_acting)),
            Drawn((look, self.summary)),
            Drawn((look, muted, self.turn)),
            Drawn((look, muted, self.states)),
        )

    @property
    def is_lair(self) -> bool:
        return self.key == LAIR

    def words(self, chips: tuple[Chip, ...]) -> str:
        return " · ".join(chip.text for chip in chips)


@dataclass(frozen=True)
class Layout:
    """The rows' order (`keys`) and each row's place in its group's run (`groups`)."""

    keys: list[str]
    groups: list[GroupPlace]


def layout(encounter: Encounter) -> Layout:
    """The rows in the order of the round's turns: each group's members together at its
    turn's place, the lair on count 20 (option), then who is still to roll (one pass
    over the combatants: a long fight costs no more than its length)."""
    together = {name: [m.id for m in group] for name, group in groups(encounter).items()}
    group_of = {key: name for name, group in together.items() for key in group}
    keys: list[str] = []
    seen: set[str] = set()
    for slot in slots(encounter):
        name = group_of.get(slot)
        for key in together[name] if name is not None else [slot]:
            if key not in seen:
                seen.add(key)
                keys.append(key)
    keys.extend(c.id for c in encounter.combatants if c.id not in seen)
    if has_lair(encounter) and LAIR not in seen:  # nobody has rolled yet
        keys.insert(0, LAIR)
    names = [group_of.get(k, "") for k in keys]
    names = [n if n and len(together[n]) > 1 else "" for n in names]
    return Layout(keys, [_group_place(names, place) for place in range(len(keys))])


def acting_keys(session: Session) -> frozenset[str]:
    """Whose turn it is: the lair, or the turn's members (a group: all of them)."""
    turn = session.current_turn()
    if turn is None:
        return frozenset()
    if turn.values.get("kind") == "lair":
        return frozenset({LAIR})
    found = turn.values.get("members") or [turn.combatant_id]
    return frozenset(str(m) for m in found if m)


def make_row(session: Session, key: str, group: GroupPlace, acting: frozenset[str]) -> D20Row:
    """One row as the session stands."""
    if key == LAIR:
        return D20Row(LAIR, str(LAIR_COUNT), lair_summary(LAIR in acting), LAIR in acting)
    encounter = session.encounter
    combatant = encounter.combatant(key)
    now = key in acting
    return D20Row(
        key=key,
        initiative=str(stat(combatant, "initiative")) if rt(combatant).rolled else "—",
        summary=_summary(session, combatant, now),
        acting=now,
        group=group,
        group_acting=bool(group) and now,
        turn=turn_chips(encounter, combatant, now),
        states=state_chips(encounter, combatant),
    )


def lair_summary(acting: bool) -> CombatantSummary:
    """The lair's row drawn as a block of its own: no side, no health."""
    return CombatantSummary(
        LAIR, LAIR_NAME, "neutral", acting=acting, details=LAIR_DETAILS, markers=("lair",)
    )


def _group_place(groups: list[str], place: int) -> GroupPlace:
    """Where the row stands in a run of rows of one group."""
    group = groups[place]
    if not group:
        return ""
    before = place > 0 and groups[place - 1] == group
    after = place + 1 < len(groups) and groups[place + 1] == group
    if before and after:
        return "middle"
    if before:
        return "last"
    return "first" if after else ""


def _summary(session: Session, combatant: Combatant, acting: bool) -> CombatantSummary:
    """The identity block: its health and AC (temporary HP too) on the second line."""
    summary = summarize(session, combatant, ac_line(combatant), ())
    badges = _valued_badges(session, combatant, summary.badges)
    if summary.acting != acting or badges != summary.badges:
        summary = replace(summary, acting=acting, badges=badges)
    return summary


def ac_line(combatant: Combatant) -> str:
    """What the second line tells after the health: temporary HP and AC."""
    temp = stat(combatant, "temp_hp")
    ac = f"AC {stat(combatant, 'ac')}"
    return f"+{temp} temp · {ac}" if temp else ac


def _valued_badges(
    session: Session, combatant: Combatant, badges: tuple[Badge, ...]
) -> tuple[Badge, ...]:
    """A valued condition's badge says its value ("Frightened 2"), from the first."""
    effects = session.effects_on(combatant.id)
    if len(effects) != len(badges):
        return badges
    shown: list[Badge] = []
    for effect, badge in zip(effects, badges, strict=True):
        anchor = anchor_of(effect)
        if (
            anchor is not None
            and anchor.kind in VALUED_KINDS
            and anchor.value > 0
            and condition_word(effect) in VALUED_WORDS
        ):
            badge = replace(badge, name=f"{base_name(effect)} {anchor.value}")
        shown.append(badge)
    return tuple(shown)


def turn_chips(encounter: Encounter, combatant: Combatant, acting: bool) -> tuple[Chip, ...]:
    """What is left of its turn: on its turn 5e action and bonus action, PF2e actions
    left; its reaction (used on anyone's turn) and legendary actions (5e) always."""
    state = rt(combatant)
    chips: list[Chip] = []
    if acting and is_pf2e(encounter):
        left, most = state.actions.current, state.actions.maximum or 0
        diamonds = "◆" * left + "◇" * max(most - left, 0)
        chips.append(Chip(f"{diamonds} {left}/{most}", "left" if left else "spent"))
    elif acting:
        chips.append(_pool_chip("Action", state.actions.current))
        chips.append(_pool_chip("Bonus", state.bonus.current))
    chips.append(_pool_chip("Reaction", state.reaction.current))
    if state.legendary.maximum:
        legendary = f"Legendary {state.legendary.current}/{state.legendary.maximum}"
        chips.append(Chip(legendary, "left" if state.legendary.current else "spent"))
    return tuple(chips)


def _pool_chip(name: str, left: int) -> Chip:
    return Chip(name, "left") if left else Chip(f"{name} used", "spent")


def state_chips(encounter: Encounter, combatant: Combatant) -> tuple[Chip, ...]:
    """The states a GM plays from, the most urgent first."""
    state = rt(combatant)
    chips: list[Chip] = []
    if not state.rolled:
        chips.append(Chip("to roll", "roll"))
    spell = concentration.spell(encounter, combatant)
    if spell is not None:
        chips.append(Chip(f"Concentrating: {spell}", "concentration"))
    if state.concentration_checks:
        dcs = ", ".join(str(dc) for dc in state.concentration_checks)
        chips.append(Chip(f"Con save DC {dcs}", "concentration"))
    if state.dead:
        chips.append(Chip("dead", "death"))
    elif hit_points.dying_5e(encounter, combatant):
        saves = f"Death saves {state.death.successes}✓ {state.death.failures}✗"
        chips.append(Chip(saves, "death"))
    elif state.death.stable and hit_points.at_zero(combatant):
        chips.append(Chip("stable", "death"))
    if state.dying:
        chips.append(Chip(f"Dying {state.dying}", "death"))
    if state.wounded:
        chips.append(Chip(f"Wounded {state.wounded}", "death"))
    if state.doomed:
        chips.append(Chip(f"Doomed {state.doomed}", "death"))
    if state.ready is not None:
        chips.append(Chip(f"Ready: {state.ready}", "ready"))
    if state.delay is not None:
        chips.append(Chip("Delaying", "delay"))
    if resources.surprised_now(combatant):
        chips.append(Chip("Surprised", "surprise"))
    return tuple(chips)
