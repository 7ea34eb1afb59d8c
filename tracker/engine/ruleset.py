"""The one API every turn-order system implements.

The core (session, commands, durations, undo) calls these hooks; a ruleset module
supplies the rules. Rulesets mutate state only through the `Transaction` they are
given (`touch` before changing a combatant, `touch_clock` before the clock, `log`,
`reach` for timing points), so undo and change notification come for free.
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar, Generic, TypeVar, cast

from tracker.engine.changes import Transaction
from tracker.engine.errors import CommandError
from tracker.engine.fields import Choice, Field
from tracker.engine.health import CORE_OPTIONS, HealthSpec, defeated_word, health_of
from tracker.engine.state import Combatant, Effect, Encounter, StateTypes

if TYPE_CHECKING:
    from tracker.engine.conditions import ConditionSpec
    from tracker.engine.prompts import Prompt


@dataclass(frozen=True)
class ActionSpec:
    """A ruleset action the GM can take (spend AP, stand ready, ...). `on` says whose:
    "current" (the combatant whose turn it is; when that turn is the GM's own, the
    combatant the GM picks), "any" combatant, "effect", or "prompt" (only ever an
    answer to a prompt, so not offered on its own)."""

    name: str
    label: str
    params: tuple[Field, ...] = ()
    on: str = "current"
    help: str = ""


@dataclass(frozen=True)
class LegalAction:
    """An action the rules accept now, as `Ruleset.legal_actions` offers it (the way an
    OpenSpiel game lists its legal actions): `RulesetAction(action, combatant_id,
    params)` applies. `combatant_id` is whom it is taken on or for, as the command names
    it: None for a "current" action on a combatant's own turn (the ruleset finds the
    actor from its clock) and for an "effect" action (the effect is in `params`,
    "effect"). `params` is one complete set of values that applies (the defaults where
    they do); `choices` gives, for each choice parameter, the choices that apply with
    the other parameters at `params`. Numbers and text other than `params` may apply
    too, or not: `Session.refusal` tells."""

    action: str
    combatant_id: str | None
    params: dict[str, Any] = field(default_factory=dict)
    choices: dict[str, tuple[str, ...]] = field(default_factory=dict)

    def variants(self) -> list[dict[str, Any]]:
        """`params`, then `params` with each legal choice of each choice parameter."""
        found = [self.params]
        for name, values in self.choices.items():
            found += [
                {**self.params, name: value} for value in values if value != self.params.get(name)
            ]
        return found


@dataclass(frozen=True)
class Turn:
    """One turn in the order: whose, when, and what it grants. A turn that belongs to
    no combatant (the GM's own turn in some systems) has `combatant_id` None and a
    `title` to show instead of a name."""

    combatant_id: str | None
    key: tuple[Any, ...]  # identifies this turn for views (stable while it is pending)
    round: int  # the Cycle / round it belongs to
    phase: str  # "Segment 2", "tick 12", ... as the ruleset names it
    grant: str  # "7 AP", "Major 1 · Minor 2", ...
    values: dict[str, Any] = field(default_factory=dict, compare=False)
    title: str = ""


@dataclass(frozen=True)
class Meter:
    """A resource with a maximum (AP, Stamina, Initiative), shown as a number or a bar.
    `maximum` None: no maximum (Initiative). Views show the change of the last command."""

    name: str
    label: str
    value: int
    maximum: int | None = None


ClockT = TypeVar("ClockT")
RuntimeT = TypeVar("RuntimeT")
AnchorT = TypeVar("AnchorT")


class Ruleset(Generic[ClockT, RuntimeT, AnchorT]):
    """Base class of rulesets. Subclasses set the class attributes and override hooks.

    The type parameters are the ruleset's own records (dataclasses, see
    `tracker.engine.records`): its clock, a combatant's state and an effect's anchor;
    `state_types` names the same classes for reading files."""

    id: ClassVar[str]
    name: ClassVar[str]
    round_name: ClassVar[str] = "Round"
    state_types: ClassVar[StateTypes]
    stat_fields: ClassVar[tuple[Field, ...]] = ()
    options: ClassVar[tuple[Choice, ...]] = ()
    actions: ClassVar[tuple[ActionSpec, ...]] = ()
    duration_fields: ClassVar[tuple[Field, ...]] = ()
    # The named conditions and common effects of the system, for the GM to pick from
    # (see tracker.engine.conditions).
    conditions: ClassVar[tuple[ConditionSpec, ...]] = ()
    # What a combatant's health is in the system's words (None: not tracked; combatants
    # can still be marked defeated). See `tracker.engine.health`.
    health: ClassVar[HealthSpec | None] = None

    # --- typed state ----------------------------------------------------------------
    def new_clock(self) -> ClockT:
        """The clock of a new encounter."""
        return cast(ClockT, self.state_types.clock())

    def new_runtime(self, combatant: Combatant) -> RuntimeT:
        """The state of a combatant about to join (its stats are set)."""
        return cast(RuntimeT, self.state_types.runtime())

    # --- setup ----------------------------------------------------------------------

    def default_options(self) -> dict[str, str]:
        return {choice.name: choice.default for choice in self.options}

    def choices(self) -> tuple[Choice, ...]:
        """Every option of an encounter: the ruleset's, then those every ruleset has
        (`health.CORE_OPTIONS`, kept in `Encounter.options` only once chosen)."""
        return (*self.options, *CORE_OPTIONS)

    def option(self, encounter: Encounter, name: str) -> str:
        for choice in self.choices():
            if choice.name == name:
                return encounter.options.get(name, choice.default)
        raise KeyError(name)

    def is_started(self, encounter: Encounter) -> bool:
        return bool(getattr(encounter.clock, "started", False))

    def no_turn_reason(self, encounter: Encounter) -> str:
        """Why nobody has a turn (End Turn's refusal): before the start, to start; a
        ruleset whose started fight waits for something (a side to go first, initiative
        rolls) says what."""
        if not self.is_started(encounter):
            return "There is no current turn: start the encounter first."
        if not encounter.combatants:
            return "Nobody has a turn: add a combatant."
        return "Nobody has a turn right now."

    def clock_label(self, encounter: Encounter) -> str:
        """Short label of the current moment, stamped on log entries."""
        return "setup"

    def round_text(self, encounter: Encounter, turn: Turn) -> str:
        """How far the fight has come, for the turn panel ("Cycle 2", "Round 3 · 10 s")."""
        return f"{self.round_name} {turn.round}"

    def status(self, encounter: Encounter) -> str:
        """One line for the status bar: round, phase, whose turn."""
        return self.clock_label(encounter)

    # --- combatants -----------------------------------------------------------------
    def place_new(self, encounter: Encounter, combatant: Combatant) -> int:
        """Index at which a new combatant enters the order."""
        return len(encounter.combatants)

    def on_added(self, tx: Transaction, encounter: Encounter, combatant: Combatant) -> None:
        """The combatant was just inserted."""

    def on_removed(self, tx: Transaction, encounter: Encounter, combatant: Combatant) -> None:
        """The combatant was just removed."""

    def on_stats_changed(
        self, tx: Transaction, encounter: Encounter, combatant: Combatant, old: dict[str, Any]
    ) -> None:
        """The combatant's stats changed from `old` (already applied)."""

    def on_side_changed(self, tx: Transaction, encounter: Encounter, combatant: Combatant) -> None:
        """The GM put the combatant on another side (already applied): re-order what
        follows the side."""

    def upgrade(self, data: dict[str, Any], version: int) -> dict[str, Any]:
        """The encounter data (plain JSON) of a file written at schema `version`, with
        this ruleset's own records brought to the next version's shape; called once per
        version step when an older file is read. Must not change `data`. Default: no
        change (the ruleset's records kept their shape)."""
        return data

    def tidy_loaded(self, encounter: Encounter) -> None:
        """Put an encounter just read from a file (before its checks) in the form this
        ruleset keeps it in: a file edited by hand or written elsewhere may hold, say, an
        order the ruleset works out from its records, unsorted. Default: nothing."""

    def on_option_changed(self, tx: Transaction, encounter: Encounter, name: str) -> None:
        """The encounter option `name` was just set (re-order or re-count what it
        changes)."""

    def summary(self, encounter: Encounter, combatant: Combatant) -> str:
        """The combatant's state in a few words, for the order list (stats by default,
        its health as one: "Hits 5/12", when tracked)."""
        spec = self.health
        own = {spec.maximum, spec.taken} if spec is not None else set()
        parts = [
            f"{f.label} {combatant.stats.get(f.name, f.default)}"
            for f in self.stat_fields
            if not f.secret and f.kind != "text" and f.name not in own
        ]
        health = health_of(self, combatant)
        if health is not None and health.text():
            parts.append(health.text())
        return " · ".join(parts)

    def meters(self, encounter: Encounter, combatant: Combatant) -> tuple[Meter, ...]:
        """The combatant's resources with a maximum, for bars and numbers in the views."""
        return ()

    def shown_meters(self, encounter: Encounter, combatant: Combatant) -> tuple[Meter, ...]:
        """What the views show: the combatant's health (when tracked), then `meters`."""
        health = health_of(self, combatant)
        own = self.meters(encounter, combatant)
        if health is None or not health.text():
            return own
        maximum = health.maximum if health.maximum > 0 else None
        return (Meter("health", health.spec.label, health.shown, maximum), *own)

    def shown_markers(self, encounter: Encounter, combatant: Combatant) -> tuple[str, ...]:
        """What the views show beside the name: the word for defeated, then `markers`."""
        own = self.markers(encounter, combatant)
        health = health_of(self, combatant)
        defeated = combatant.defeated if health is None else health.defeated
        return (defeated_word(self), *own) if defeated else own

    def harm(self, encounter: Encounter, combatant: Combatant, amount: int) -> tuple[int, str]:
        """What `amount` harm typed by the GM inflicts on the combatant's health, and how
        (a few words for the log, "" when it is the amount itself). By default the amount
        itself; Stamina battle turns damage above Armor into wounds."""
        return amount, ""

    def deal_harm(
        self, tx: Transaction, encounter: Encounter, combatant: Combatant, amount: int
    ) -> str | None:
        """Deal the GM's harm `amount` to the combatant in the ruleset's own way, when it
        is more than `harm` can say (temporary HP taken first, a blow at 0 HP that counts
        as a failed death save): change the combatant in `tx` and return a few words for
        the log ("5 from temporary HP; HP 12 → 10"). None, by default: the core deals it
        through `harm`. Raise `CommandError` to refuse."""
        return None

    def offered_actions(self, encounter: Encounter) -> tuple[ActionSpec, ...]:
        """The actions the GM is offered in this encounter: all of `actions` by default;
        a ruleset whose options rule some out for good (a flavour without bonus actions)
        leaves those out, in `actions`' order. Never one the rules could accept in this
        encounter: `legal_actions` offers none but these (the conformance suite checks)."""
        return self.actions

    def offered_stat_fields(self, encounter: Encounter) -> tuple[Field, ...]:
        """The stats the GM is asked for in this encounter: all of `stat_fields` by
        default; a ruleset leaves out those its rules never read under the encounter's
        options (a flavour's own), in `stat_fields`' order. Their values are kept."""
        return self.stat_fields

    def offered_conditions(self, encounter: Encounter) -> tuple[ConditionSpec, ...]:
        """The conditions the GM is offered in this encounter: all of `conditions` by
        default; a ruleset with flavours offers those of the encounter's flavour."""
        return self.conditions

    def on_defeat_changed(
        self, tx: Transaction, encounter: Encounter, combatant: Combatant
    ) -> None:
        """The GM marked the combatant defeated, or revived one so marked (`combatant.
        defeated` says which). Changes of health come through `on_stats_changed`."""

    def follows_clock(self, encounter: Encounter) -> Collection[str]:
        """Ids of the combatants whose meters change when the clock moves although no
        command touched them (an action's progress counted from the clock), so that the
        views show the change. (Every row is repainted when the clock moves.)"""
        return ()

    def markers(self, encounter: Encounter, combatant: Combatant) -> tuple[str, ...]:
        """Short state words shown beside the combatant's name ("waiting", "in Conflict",
        "prepared: door opens")."""
        return ()

    def check_move(self, encounter: Encounter, combatant: Combatant, destination: int) -> None:
        """Raise `CommandError` if the GM may not move the combatant there."""

    def on_moved(self, tx: Transaction, encounter: Encounter, combatant: Combatant) -> None:
        """The combatant was moved in the order by the GM."""

    # --- time -----------------------------------------------------------------------
    def start(self, tx: Transaction, encounter: Encounter) -> None:
        raise CommandError(f"{self.name} cannot be started yet.")

    def end_turn(self, tx: Transaction, encounter: Encounter) -> None:
        raise CommandError(f"{self.name} has no turns.")

    def current_turn(self, encounter: Encounter) -> Turn | None:
        return None

    def upcoming_turns(self, encounter: Encounter, limit: int) -> list[Turn]:
        """The current turn first, then the turns to come, at most `limit`."""
        return []

    def public_turn(self, encounter: Encounter, turn: Turn, visible: Collection[str]) -> Turn:
        """The turn as told to those who see only the combatants `visible` (the players):
        a place in the order counts only them, and no text names anyone else. The turn
        as it is by default (the rulesets' own texts count and name no one)."""
        return turn

    def perform(
        self,
        tx: Transaction,
        encounter: Encounter,
        action: str,
        combatant_id: str | None,
        params: dict[str, Any],
    ) -> None:
        raise CommandError(f"{self.name} has no action {action!r}.")

    # --- durations ------------------------------------------------------------------
    def anchor_effect(self, encounter: Encounter, effect: Effect) -> AnchorT:
        """Record the moment the effect ends, from its duration and the current time."""
        return cast(AnchorT, self.state_types.anchor())

    def expires_at(self, encounter: Encounter, effect: Effect, point: Any) -> bool:
        """True when the effect ends at this timing point."""
        return False

    def remaining(self, encounter: Encounter, effect: Effect) -> str:
        """How long the effect has left, in the ruleset's units, for display."""
        return ""

    def public_remaining(
        self, encounter: Encounter, effect: Effect, visible: Collection[str]
    ) -> str | None:
        """How long the effect has left as told to those who see only the combatants
        `visible` (the players): nothing in it may follow from an effect they cannot see
        (carried or created by anyone else). None: the ruleset's `remaining` text says
        nothing of other effects, so it is the players' text too (unless it names one)."""
        return None

    def remaining_unnamed(self, encounter: Encounter, effect: Effect) -> str:
        """How long the effect has left without naming anyone (for the players when the
        full text would name a hidden combatant); "" when that cannot be said."""
        return ""

    def coming_points(self, encounter: Encounter) -> list[Any]:
        """The timing points the fight will reach, as things stand now, until the turn
        after the current one has ended (a later wait, delay or Speed change is not
        foreseen), in order. `ends_soon` asks `expires_at` about each, so "ends soon"
        follows the very rule that expires effects."""
        return []

    def ends_soon(self, encounter: Encounter, effect: Effect) -> bool:
        """True when the effect ends this turn or the next: `expires_at` holds at one of
        the `coming_points`. Views make such effects stand out. The points are worked
        out once between two changes of the encounter, whatever the number of effects."""
        points = encounter.derived(
            "ruleset.coming_points", lambda: tuple(self.coming_points(encounter))
        )
        return any(self.expires_at(encounter, effect, p) for p in points)

    # --- decisions ------------------------------------------------------------------
    def prompt(self, encounter: Encounter) -> Prompt | None:
        """The decision the rules wait for now, if any (see tracker.engine.prompts)."""
        return None

    def legal_actions(
        self, encounter: Encounter, targets: Collection[str] | None = None
    ) -> tuple[LegalAction, ...]:
        """The actions the rules accept now, each with whom it is for and values that
        apply (see `LegalAction`); with `targets`, only those on these combatants (and
        the current turn's own and effect actions, which name no combatant). Answers
        to a prompt are not listed (the prompt offers them).

        Whom each action may concern: a "current" action the current turn's holder
        (None), or when the turn is the GM's own each combatant; an "any" action each
        combatant; an "effect" action each effect. Nobody has a turn: no "current"
        action. By default every declared action is tried on each of these with its
        defaults (then other plausible values where the refusal names a parameter) and
        each choice, through `Session.refusal`, so the answer is the very rules that
        apply it. A ruleset overrides this where it can say it more cheaply; what it
        says must agree with `perform` (the conformance suite checks)."""
        from tracker.engine.legal import tried_legal_actions  # the core's commands

        return tried_legal_actions(self, encounter, targets)

    def plausible_params(
        self, encounter: Encounter, action: str, combatant_id: str | None
    ) -> tuple[dict[str, Any], ...]:
        """Complete values of an action's parameters that the rules may well accept now
        (on or for `combatant_id`, as the command names it), where neither the defaults
        nor the guesses `legal_actions` tries can: values only the state says (Classic
        d20's Roll all takes one typed d20 face per creature still to roll). The rules
        decide (`Session.refusal`); `legal_actions` does not try these (it offers what
        applies with values the GM need not make up). The conformance suite plays them;
        a form may offer them. Default: none."""
        return ()

    def action_spec(self, name: str) -> ActionSpec:
        for spec in self.actions:
            if spec.name == name:
                return spec
        raise CommandError(f"{self.name} has no action {name!r}.")


AnyRuleset = Ruleset[Any, Any, Any]
"""A ruleset whatever its records: what the core and the GUI hold."""
