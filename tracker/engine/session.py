"""A `Session` runs one encounter: it applies commands, keeps undo and redo, expires
effects at the timing points rulesets announce, and tells observers what changed.

This is the engine's public API; the GUI uses nothing else to change an encounter.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, NamedTuple

from tracker.engine.changes import ChangeSet, Record, Transaction, Undoable
from tracker.engine.commands import Command, clean_name
from tracker.engine.errors import CommandError
from tracker.engine.registry import get_ruleset
from tracker.engine.ruleset import AnyRuleset, Turn
from tracker.engine.stacks import Entries, Stack
from tracker.engine.state import Effect, Encounter
from tracker.engine.storable import unstorable

if TYPE_CHECKING:  # (a prompt is the ruleset's: its module is imported where one is made)
    from tracker.engine.prompts import Prompt


class Applied(NamedTuple):
    """One entry of the undo or redo stack: the command, its text and its undo record
    (a named tuple rather than a frozen dataclass: as immutable, compared alike, and
    made in half the time, which tells when a resume makes thousands of them)."""

    command: Command
    text: str
    record: Undoable


@dataclass(frozen=True)
class SessionEvent:
    """What observers hear: `kind` is "apply", "undo", "redo" or "reset"; an "apply"
    carries the undo record of the change (the journal writes it down)."""

    kind: str
    changes: ChangeSet
    command: Command | None = None
    text: str = ""
    record: Undoable | None = None


Listener = Callable[[SessionEvent], None]


class Session:
    def __init__(self, encounter: Encounter, ruleset: AnyRuleset | None = None) -> None:
        self.encounter = encounter
        self.ruleset = ruleset if ruleset is not None else get_ruleset(encounter.ruleset_id)
        self._done: Stack[Applied] = Stack()
        self._undone: Stack[Applied] = Stack()
        self._listeners: list[Listener] = []
        self._foreseen = 0  # turns to come a reader asks for at each state (`foresee`)

    @classmethod
    def new(cls, name: str, ruleset_id: str, options: dict[str, str] | None = None) -> Session:
        """A fresh encounter with the ruleset's default options (overridden by `options`)."""
        ruleset = get_ruleset(ruleset_id)
        chosen = ruleset.default_options()
        for key, value in (options or {}).items():
            choice = next((c for c in ruleset.choices() if c.name == key), None)
            if choice is None:
                raise CommandError(f"{ruleset.name} has no option {key!r}.")
            chosen[key] = choice.clean(value)
        encounter = Encounter(
            name=clean_name(name, "Encounter name"),
            ruleset_id=ruleset.id,
            options=chosen,
            clock=ruleset.new_clock(),
        )
        return cls(encounter, ruleset)

    # --- observing ------------------------------------------------------------------
    def subscribe(self, listener: Listener) -> None:
        self._listeners.append(listener)

    def unsubscribe(self, listener: Listener) -> None:
        self._listeners.remove(listener)

    def _tell(self, event: SessionEvent) -> None:
        for listener in list(self._listeners):
            listener(event)

    # --- changing -------------------------------------------------------------------
    def apply(
        self, command: Command, check: Callable[[str, Record], None] | None = None
    ) -> ChangeSet:
        """Apply a command. Raises `CommandError` (and changes nothing) if it is refused,
        or if `check(text, record)` raises it (a journal's line is replayed so: its
        command must make exactly the record the line holds)."""
        _check_storable(command)
        tx = Transaction(
            self.encounter, self._reach, lambda: self.ruleset.clock_label(self.encounter)
        )
        before = self._holder()
        try:
            text = command.execute(tx, self.encounter, self.ruleset)
            record = tx.seal()
            if check is not None:
                check(text, record)
        except BaseException:
            tx.rollback()
            raise
        self._done.append(Applied(command, text, record))
        self._undone.clear()
        self._mark_holders(tx.changes, before)
        self._tell(SessionEvent("apply", tx.changes, command, text, record))
        return tx.changes

    def restore_history(self, done: Entries[Applied], undone: Entries[Applied]) -> None:
        """Give a session (just built on an encounter) the undo and redo history it had
        when it was recorded: `done` oldest first, `undone` the next to redo first, as
        `history` and `undone` list them. Nothing is run; the records are trusted. Both
        are kept as given, not copied, and each entry is read when first reached (a
        resumed journal makes its entries so: `stacks.Stack`)."""
        if self._done or self._undone:
            raise CommandError("This session already has a history.")
        self._done = Stack(done)
        self._undone = Stack(undone, top_first=True)

    def refusal(self, command: Command) -> CommandError | None:
        """Why the command would be refused now, or None if it would apply. It is tried
        and rolled back (nobody hears of it), so the answer comes from the same rules
        that apply it: the GUI disables what the state does not allow and says why.

        The refusal comes without its traceback: answers are kept until the next change
        (`legal.remembered_refusal`), and its frames would keep the transaction tried,
        with what was worked out before it, and so on back through the whole fight."""
        try:
            _check_storable(command)
        except CommandError as error:
            return error.with_traceback(None)
        tx = Transaction(
            self.encounter, self._reach, lambda: self.ruleset.clock_label(self.encounter)
        )
        try:
            command.execute(tx, self.encounter, self.ruleset)
        except CommandError as error:
            return error.with_traceback(None)
        finally:
            tx.rollback()
        return None

    def _holder(self) -> str | None:
        turn = self.current_turn()
        return turn.combatant_id if turn is not None else None

    def _mark_holders(self, changes: ChangeSet, before: str | None) -> None:
        changes.turn_holders = {h for h in (before, self._holder()) if h is not None}

    def _reach(self, tx: Transaction, point: Any) -> None:
        for effect in list(self.encounter.effects):
            if self.ruleset.expires_at(self.encounter, effect, point):
                carrier = self.encounter.combatant(effect.carrier_id)
                tx.remove_effect(effect)
                tx.changes.expired.append(effect)
                tx.log(f"{effect.name} on {carrier.name} expired.", "expiry")

    def undo(self) -> ChangeSet:
        if not self._done:
            raise CommandError("Nothing to undo.")
        applied = self._done.last()
        before = self._holder()
        changes = applied.record.revert()  # a record that cannot be read refuses first
        self._done.pop()
        self._mark_holders(changes, before)
        self._undone.append(applied)
        self._tell(SessionEvent("undo", changes, applied.command, applied.text))
        return changes

    def redo(self) -> ChangeSet:
        if not self._undone:
            raise CommandError("Nothing to redo.")
        applied = self._undone.last()
        before = self._holder()
        changes = applied.record.reapply()
        self._undone.pop()
        self._mark_holders(changes, before)
        self._done.append(applied)
        self._tell(SessionEvent("redo", changes, applied.command, applied.text))
        return changes

    @property
    def can_undo(self) -> bool:
        return bool(self._done)

    @property
    def can_redo(self) -> bool:
        return bool(self._undone)

    @property
    def undo_text(self) -> str:
        return self._done.last().text if self._done else ""

    @property
    def redo_text(self) -> str:
        return self._undone.last().text if self._undone else ""

    @property
    def history_size(self) -> int:
        """How many changes the undo stack holds (`len(history)`, without the copy)."""
        return len(self._done)

    @property
    def undone_size(self) -> int:
        """How many changes the redo stack holds (`len(undone)`, without the copy)."""
        return len(self._undone)

    @property
    def history(self) -> list[Applied]:
        """Commands applied so far (the undo stack), oldest first."""
        return list(self._done)

    @property
    def undone(self) -> list[Applied]:
        """Commands undone and ready to redo, the next one to redo first."""
        return list(self._undone)[::-1]

    # --- asking ---------------------------------------------------------------------
    # What the views ask many times between two changes is asked of the rules once.
    def current_turn(self) -> Turn | None:
        return self.encounter.derived(
            "session.current_turn", lambda: self.ruleset.current_turn(self.encounter)
        )

    def upcoming_turns(self, limit: int = 20) -> list[Turn]:
        """The current turn first, then those to come, at most `limit` (the first of
        the `foresee`n ones: a shorter list is the start of a longer one)."""
        ask = max(limit, self._foreseen)
        turns = self.encounter.derived(
            ("session.upcoming_turns", ask),
            lambda: tuple(self.ruleset.upcoming_turns(self.encounter, ask)),
        )
        return list(turns[:limit])

    def foresee(self, count: int) -> None:
        """A reader asks for `count` turns at each state (the shared page, after the
        window's glance): any shorter ask is answered from them, the rules asked once."""
        self._foreseen = count

    def prompt(self) -> Prompt | None:
        """The decision the rules are waiting for, if any; answer with its commands."""
        return self.encounter.derived("session.prompt", lambda: self.ruleset.prompt(self.encounter))

    def status(self) -> str:
        return self.encounter.derived("session.status", lambda: self.ruleset.status(self.encounter))

    def remaining(self, effect_id: str) -> str:
        """How long the effect has left, in the ruleset's words (worked out once between
        two changes)."""
        return self.encounter.derived(
            ("session.remaining", effect_id),
            lambda: self.ruleset.remaining(self.encounter, self.encounter.effect(effect_id)),
        )

    def effects_on(self, combatant_id: str) -> tuple[Effect, ...]:
        """The effects the combatant carries, in the order they were added: the effects
        are grouped by carrier once between two changes, so a view asking row by row
        reads only the effects of the rows it shows."""

        def by_carrier() -> dict[str, tuple[Effect, ...]]:
            grouped: dict[str, list[Effect]] = {}
            for effect in self.encounter.effects:
                grouped.setdefault(effect.carrier_id, []).append(effect)
            return {carrier: tuple(effects) for carrier, effects in grouped.items()}

        return self.encounter.derived("session.effects_by_carrier", by_carrier).get(
            combatant_id, ()
        )

    def ends_soon(self, effect_id: str) -> bool:
        """Whether the effect ends this turn or the next (see `Ruleset.ends_soon`)."""
        self.encounter.effect(effect_id)  # a clear error for an unknown effect
        return effect_id in self.ending_soon()

    def ending_soon(self) -> frozenset[str]:
        """Ids of the active effects that end this turn or the next: the timing points to
        come are worked out once for them all, once between two changes."""
        encounter = self.encounter
        return encounter.derived(
            "session.ending_soon",
            lambda: frozenset(
                e.id for e in encounter.effects if self.ruleset.ends_soon(encounter, e)
            ),
        )


def _check_storable(command: Command) -> None:
    """Refuse a command whose text or numbers an encounter file could not hold (a lone
    surrogate pasted into a name, an infinite or huge number): once in the encounter,
    nothing could be saved or journaled."""
    for field in dataclasses.fields(command):  # type: ignore[arg-type]
        problem = unstorable(getattr(command, field.name))
        if problem is not None:
            raise CommandError(
                f"This cannot be kept: it holds {problem}. Type it again.", field.name
            )
