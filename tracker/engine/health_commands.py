"""The GM's changes of health: harm, heal or set for one or several combatants at once
(area damage: one undo step, one line in the log), marking a combatant defeated, and
reviving it. What health is comes from the ruleset's `HealthSpec` (see
`tracker.engine.health`); a ruleset may deal the GM's harm in its own way
(`Ruleset.deal_harm`: temporary HP first, a blow at 0 HP). A change typed with dice
carries the faces the caller rolled, so undo, redo and a replayed journal give the same
numbers."""

from __future__ import annotations

from dataclasses import dataclass

from tracker.engine.changes import Transaction
from tracker.engine.commands import Command
from tracker.engine.dice import Rolled, faces_total
from tracker.engine.errors import CommandError
from tracker.engine.health import (
    Health,
    HealthChange,
    HealthSpec,
    defeated_word,
    health_of,
    is_defeated,
    parse_change,
    taken_limit,
)
from tracker.engine.ruleset import AnyRuleset
from tracker.engine.state import Combatant, Encounter


@dataclass(frozen=True)
class _Step:
    """What a change does to one combatant: its health before, what it has taken after,
    and a note for the log ("vs Armor 3: 2 wounds", "stops at 0")."""

    combatant: Combatant
    before: Health
    taken: int
    note: str

    @property
    def changes(self) -> bool:
        return self.taken != self.before.taken

    def text(self, change: HealthChange, amount: int, word: str) -> str:
        before = self.before
        after = Health(before.spec, self.taken, before.maximum, before.marked)
        if self.changes:
            values = f"{before.spec.label} {before.shown} → {after.shown}"
        else:
            values = f"{before.spec.label} stays {before.shown}"
        notes = [n for n in (self.note,) if n]
        if after.defeated and not before.defeated:
            notes.append(word)
        elif before.at_threshold and not after.defeated:
            notes.append(f"no longer {word}")
        elif before.marked and self.changes:
            notes.append(f"still marked {word}")
        detail = "; ".join([values, *notes])
        return f"{self.combatant.name} {change.sign}{amount} ({detail})"


def _tracked(ruleset: AnyRuleset, spec: HealthSpec, combatant: Combatant) -> Health:
    health = health_of(ruleset, combatant)
    if health is None or not health.tracked:
        label = next(f.label for f in ruleset.stat_fields if f.name == spec.maximum)
        raise CommandError(
            f"{combatant.name} has no {label} set: give it in the editor first.", "change"
        )
    return health


def _step(
    ruleset: AnyRuleset,
    encounter: Encounter,
    combatant: Combatant,
    change: HealthChange,
    amount: int,
) -> _Step:
    spec = ruleset.health
    assert spec is not None
    health = _tracked(ruleset, spec, combatant)
    limit = taken_limit(ruleset, health)
    lowest_shown = health.maximum - limit if spec.counts_down else limit
    if change.kind == "set":
        taken = health.maximum - amount if spec.counts_down else amount
        if not 0 <= taken <= limit:
            high = health.maximum if spec.counts_down else limit
            low = lowest_shown if spec.counts_down else 0
            bound = f"up to {high}" if amount > high else f"down to {low}"
            raise CommandError(
                f"{combatant.name}'s {spec.label} goes {bound}; ={amount} is out of range.",
                "change",
            )
        return _Step(combatant, health, taken, "")
    if change.kind == "heal":
        taken = max(health.taken - amount, 0)
        clamped = health.taken - amount < 0
        full = f"stops at {health.maximum}, the most" if spec.counts_down else "stops at 0"
        return _Step(combatant, health, taken, full if clamped else "")
    units, how = ruleset.harm(encounter, combatant, amount)
    taken = min(health.taken + max(units, 0), limit)
    clamped = health.taken + units > limit
    stop = f"stops at {lowest_shown}" if clamped else ""
    return _Step(combatant, health, taken, ", ".join(n for n in (how, stop) if n))


def _amount(change: HealthChange, faces: tuple[int, ...]) -> tuple[int, Rolled | None]:
    """The amount of the change, and the roll it came from (dice)."""
    if not change.dice:
        if faces:
            raise CommandError("Only a change by dice has faces rolled.", "change")
        assert change.amount is not None
        return change.amount, None
    total = faces_total(change.dice, faces)
    return max(total, 0), Rolled(change.dice, faces, total)


def _names(combatants: list[Combatant]) -> str:
    if len(combatants) == 1:
        return combatants[0].name
    if len(combatants) == 2:
        return f"{combatants[0].name} and {combatants[1].name}"
    return f"{len(combatants)} combatants"


@dataclass(frozen=True)
class ChangeHealth(Command):
    """The GM's `change` ("−7", "+3", "=20", "−2d6+1"; see `health.parse_change`) for
    each of `combatant_ids`: one step. A change by dice carries the `faces` the caller
    rolled (its result is worked out from them); one roll serves every target."""

    combatant_ids: tuple[str, ...]
    change: str
    faces: tuple[int, ...] = ()

    def execute(self, tx: Transaction, encounter: Encounter, ruleset: AnyRuleset) -> str:
        spec = ruleset.health
        if spec is None:
            raise CommandError(f"{ruleset.name} does not track health.", "change")
        change = parse_change(self.change)
        ids = list(dict.fromkeys(self.combatant_ids))
        if not ids:
            raise CommandError("Select the combatants to change first.", "change")
        combatants = [encounter.combatant(combatant_id) for combatant_id in ids]
        amount, rolled = _amount(change, tuple(self.faces))
        # The ruleset deals the harm it has its own words for (temporary HP, a blow at
        # 0 HP) at once; the core works out the rest before changing anything.
        dealt = {
            c.id: own
            for c in combatants
            if change.kind == "harm"
            and (own := ruleset.deal_harm(tx, encounter, c, amount)) is not None
        }
        steps = {
            c.id: _step(ruleset, encounter, c, change, amount)
            for c in combatants
            if c.id not in dealt
        }
        word = defeated_word(ruleset)
        told = ", ".join(
            f"{c.name} {change.sign}{amount} ({dealt[c.id]})"
            if c.id in dealt
            else steps[c.id].text(change, amount, word)
            for c in combatants
        )
        came = f"Rolled {rolled.text()}" if rolled is not None else ""
        if rolled is not None and rolled.total < 0:
            came += " (counts as 0)"
        if not dealt and not any(step.changes for step in steps.values()):
            raise CommandError(f"Nothing changes: {'. '.join(filter(None, (came, told)))}.")
        for step in steps.values():
            if step.changes:
                old = dict(step.combatant.stats)
                tx.touch(step.combatant).stats[spec.taken] = step.taken
                ruleset.on_stats_changed(tx, encounter, step.combatant, old)
        tx.log(f"{came}. {told}." if came else f"{told}.", "action")
        verb = {"harm": "Harm", "heal": "Heal", "set": "Set"}[change.kind]
        shown = f"{change.sign}{change.dice or amount}"
        return f"{verb} {_names(combatants)} ({shown})"


@dataclass(frozen=True)
class MarkDefeated(Command):
    """The GM marks a combatant defeated whatever its health says (it fled, yielded, or
    its health is not tracked)."""

    combatant_id: str

    def execute(self, tx: Transaction, encounter: Encounter, ruleset: AnyRuleset) -> str:
        combatant = encounter.combatant(self.combatant_id)
        word = defeated_word(ruleset)
        if is_defeated(ruleset, combatant):
            raise CommandError(f"{combatant.name} is already {word}.")
        tx.touch(combatant).defeated = True
        tx.log(f"{combatant.name} is marked {word} by the GM.")
        ruleset.on_defeat_changed(tx, encounter, combatant)
        return f"Mark {combatant.name} {word}"


@dataclass(frozen=True)
class Revive(Command):
    """A defeated combatant comes back: its health to `value` in the system's count (the
    value shown: what is left, or what is taken), by default 1 left (one short of the
    threshold when counting up), and the GM's mark, if any, goes."""

    combatant_id: str
    value: int | None = None

    def execute(self, tx: Transaction, encounter: Encounter, ruleset: AnyRuleset) -> str:
        combatant = encounter.combatant(self.combatant_id)
        word = defeated_word(ruleset)
        if not is_defeated(ruleset, combatant):
            raise CommandError(f"{combatant.name} is not {word}.")
        health = health_of(ruleset, combatant)
        taken = self._taken(ruleset, combatant, health)
        told = ""
        if health is not None and taken is not None and taken != health.taken:
            after = Health(health.spec, taken, health.maximum, False)
            told = f" ({health.spec.label} {health.shown} → {after.shown})"
            old = dict(combatant.stats)
            tx.touch(combatant).stats[health.spec.taken] = taken
            ruleset.on_stats_changed(tx, encounter, combatant, old)
        if combatant.defeated:
            tx.touch(combatant).defeated = False
            ruleset.on_defeat_changed(tx, encounter, combatant)
        tx.log(f"{combatant.name} is no longer {word}{told}.")
        return f"Revive {combatant.name}"

    def _taken(
        self, ruleset: AnyRuleset, combatant: Combatant, health: Health | None
    ) -> int | None:
        """What the combatant has taken once revived (None: its health stays)."""
        value = self.value
        if value is not None and (not isinstance(value, int) or isinstance(value, bool)):
            raise CommandError("Revive to a whole number.", "value")
        if health is None or not health.tracked or health.maximum <= 0:
            if value is not None:
                what = "health" if health is None else health.spec.label
                raise CommandError(f"{combatant.name} has no {what} to revive to.", "value")
            return None
        if value is None and not health.at_threshold:
            return None  # only the GM's mark kept it down
        spec = health.spec
        if spec.counts_down:
            shown = 1 if value is None else value
            low, high = 1, health.maximum
            taken = health.maximum - shown
        else:
            shown = health.maximum - 1 if value is None else value
            low, high = 0, health.maximum - 1
            taken = shown
        if not low <= shown <= high:
            raise CommandError(
                f"Revived, {combatant.name}'s {spec.label} is {low} to {high}, not {shown}.",
                "value",
            )
        return taken
