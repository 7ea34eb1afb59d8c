"""What a row of a ruleset's central view shows of a combatant, whatever the ruleset
(`CombatantSummary`: name, side, health in the system's words, the defeated word,
hidden, whether it acts now, its effects' badges, the ruleset's resources and
markers), and `Summaries`, which keeps them by combatant and, after a change, says
which look different: the combatants the change touched, the turn's holders, the
carriers of the effects it changed and, when the clock moved, of every effect whose
badges changed (one may turn "ending soon", or say less time left: the badges are
compared before the summary is made again). A view repaints those rows only. `tracker.qt.views.
combatant_cell` draws them."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass

from PySide6.QtCore import Qt

from tracker.engine.changes import EFFECTS, Insert, Remove
from tracker.engine.health import defeated_word, health_of, is_defeated
from tracker.engine.session import Session, SessionEvent
from tracker.engine.state import Combatant
from tracker.qt.models.badges import Badge, badges_on
from tracker.qt.models.meters import meter_text

SummaryRole = Qt.ItemDataRole.UserRole + 30  # the row's CombatantSummary


@dataclass(frozen=True)
class CombatantSummary:
    """What a row shows of a combatant, whatever the ruleset."""

    id: str
    name: str
    side: str
    health: str = ""  # "Hits 5/12", in the system's words ("" when not tracked)
    defeated: str = ""  # the system's word ("unconscious") when defeated, else ""
    hidden: bool = False
    acting: bool = False  # whose turn it is
    badges: tuple[Badge, ...] = ()
    details: str = ""  # the ruleset's resources ("AP 4/7 · Reserve 2")
    markers: tuple[str, ...] = ()  # the ruleset's other words beside the name

    @property
    def tags(self) -> tuple[str, ...]:
        """The words beside the name: hidden, the defeated word, the ruleset's markers."""
        words = ("hidden",) if self.hidden else ()
        if self.defeated:
            words = (*words, self.defeated)
        return words + self.markers

    @property
    def second_line(self) -> str:
        return " · ".join(part for part in (self.health, self.details) if part)

    def text(self) -> str:
        """The whole row in words (its tooltip, and what a screen reader says)."""
        parts = [("▶ acting now: " if self.acting else "") + self.name]
        if self.tags:
            parts.append(", ".join(self.tags))
        if self.second_line:
            parts.append(self.second_line)
        if self.badges:
            parts.append("effects: " + ", ".join(badge.name for badge in self.badges))
        return " — ".join(parts)


def summarize(
    session: Session,
    combatant: Combatant,
    details: str | None = None,
    markers: tuple[str, ...] = (),
) -> CombatantSummary:
    """The combatant's summary as the session stands. `details`: the ruleset's resources
    as the view words them (by default its meters, "AP 4/7 · Reserve 2")."""
    ruleset, encounter = session.ruleset, session.encounter
    health = health_of(ruleset, combatant)
    if details is None:
        details = " · ".join(meter_text(m) for m in ruleset.meters(encounter, combatant))
    turn = session.current_turn()
    return CombatantSummary(
        id=combatant.id,
        name=combatant.name,
        side=combatant.side,
        health=health.text() if health is not None else "",
        defeated=defeated_word(ruleset) if is_defeated(ruleset, combatant) else "",
        hidden=combatant.hidden,
        acting=turn is not None and turn.combatant_id == combatant.id,
        badges=badges_on(session, combatant.id),
        details=details,
        markers=markers,
    )


class Summaries:
    """The summaries a view read, by combatant id, kept until a change may alter them.
    `make` works one out (a view passes its own details and markers)."""

    def __init__(
        self, session: Callable[[], Session], make: Callable[[Combatant], CombatantSummary]
    ):
        self._session = session
        self._make = make
        self._kept: dict[str, CombatantSummary] = {}
        self._carriers: dict[str, str] = {}  # effect id → carrier id
        self.reset()

    def get(self, combatant: Combatant) -> CombatantSummary:
        summary = self._kept.get(combatant.id)
        if summary is None:
            summary = self._kept[combatant.id] = self._make(combatant)
        return summary

    def reset(self) -> None:
        self._kept.clear()
        self._carriers = {e.id: e.carrier_id for e in self._session().encounter.effects}

    def follow(self, event: SessionEvent, also: Iterable[str] = ()) -> set[str]:
        """After a change: the ids of the combatants whose summaries look different now
        (of those read so far; the others are worked out when read). `also`: ids the
        view knows changed in its own way (its details)."""
        session = self._session()
        changes = event.changes
        before, self._carriers = (
            self._carriers,
            {e.id: e.carrier_id for e in session.encounter.effects},
        )
        clocked: set[str] = set()  # asked for by the clock's move alone (their badges)
        if changes.encounter or event.kind == "reset":
            candidates = set(self._kept)
        else:
            effects = set(changes.effects)
            effects.update(
                e.item.id for e in changes.edits_of(EFFECTS) if isinstance(e, Insert | Remove)
            )
            candidates = set(changes.combatants) | changes.turn_holders | set(also)
            candidates.update(
                c for i in effects for c in (before.get(i), self._carriers.get(i)) if c
            )
            if changes.clock:  # badges may now end soon; meters may follow the clock
                candidates.update(session.ruleset.follows_clock(session.encounter))
                turn = session.current_turn()
                if turn is not None and turn.combatant_id is not None:
                    candidates.add(turn.combatant_id)
                clocked = set(self._carriers.values()) - candidates
                candidates |= clocked
        changed: set[str] = set()
        for combatant_id in candidates:
            kept = self._kept.pop(combatant_id, None)
            combatant = session.encounter.find(combatant_id)
            if kept is None or combatant is None:
                continue
            if combatant_id in clocked and kept.badges == badges_on(session, combatant_id):
                self._kept[combatant_id] = kept  # nothing else of it follows the clock
                continue
            fresh = self._kept[combatant_id] = self._make(combatant)
            if fresh != kept:
                changed.add(combatant_id)
        return changed
