"""The `ApCountdown` ruleset: declarations and thin hooks over the package's modules.

Public queries for views (all safe on any state, none changes anything):

- `phase(encounter)` → "setup" | "initiative" | "resolution" | "upkeep";
- `count(encounter)` → the current count (int) during the countdown, else None;
- `value_of(encounter, combatant)` → its current value, base + 5 × AP left (None
  without a base or before it joins);
- `under_way(encounter, combatant)` → its action under way as a kit `Declared` (name,
  needed AP, done = AP of earlier rounds, declared_at, resolves_at: None while it
  carries on) or None;
- `progress_of(encounter, combatant)` → (AP spent, AP needed) at the current count;
- `penalty_of(encounter, combatant)` → the penalty of its action (haste + pace);
- `due_now(encounter)` → (combatant id, "declare" | "resolve", count) of whoever acts
  now, or None;
- `track(encounter)` → a `TrackMark` per combatant, in list order (see `turns`).
"""

from __future__ import annotations

from collections.abc import Callable, Collection
from typing import Any, ClassVar

from tracker.engine.changes import Transaction
from tracker.engine.commands import RulesetAction
from tracker.engine.conditions import ConditionSpec
from tracker.engine.errors import CommandError
from tracker.engine.fields import Choice, Field, clean_all
from tracker.engine.health import HealthSpec
from tracker.engine.kit.declared import Declared
from tracker.engine.kit.ordering import check_tie_drag, sorted_place
from tracker.engine.legal import trial_refusal, tried_legal_actions
from tracker.engine.prompts import Prompt
from tracker.engine.ruleset import ActionSpec, LegalAction, Meter, Ruleset, Turn
from tracker.engine.rulesets.ap_countdown import (
    countdown,
    declare,
    durations,
    initiative,
    prompts,
    turns,
    upkeep,
)
from tracker.engine.rulesets.ap_countdown.conditions import CONDITIONS
from tracker.engine.rulesets.ap_countdown.options import OPTIONS
from tracker.engine.rulesets.ap_countdown.specs import ACTIONS, STAT_FIELDS
from tracker.engine.rulesets.ap_countdown.state import (
    AP_PER_ROUND,
    Anchor,
    Clock,
    Runtime,
    clock,
    rt,
)
from tracker.engine.state import Combatant, Effect, Encounter, StateTypes

Params = dict[str, Any]
Handler = Callable[["ApCountdown", Transaction, Encounter, "str | None", Params], None]
EFFECT_MARKERS = {
    "stunned-unable-to-parry": "stunned, unable to parry",
    "stunned": "stunned",
    "dazed": "dazed",
    "staggered": "staggered",
}


class ApCountdown(Ruleset[Clock, Runtime, Anchor]):
    id = "ap_countdown"
    name = "AP countdown (Rolemaster-style)"
    round_name = "Round"
    state_types = StateTypes(Clock, Runtime, Anchor)
    stat_fields: ClassVar[tuple[Field, ...]] = STAT_FIELDS
    options: ClassVar[tuple[Choice, ...]] = OPTIONS
    actions: ClassVar[tuple[ActionSpec, ...]] = ACTIONS
    duration_fields: ClassVar[tuple[Field, ...]] = durations.DURATION_FIELDS
    conditions: ClassVar[tuple[ConditionSpec, ...]] = CONDITIONS
    # Rolemaster's concussion hits: the total and those taken (bleeding adds to them at
    # Upkeep). The rules text is silent on them; a Rolemaster GM counts what is left,
    # and at 0 or below the character is unconscious, the count going on below 0 (the
    # rules' death threshold lies there), so no floor.
    health: ClassVar[HealthSpec | None] = HealthSpec(
        "Hits",
        maximum="hits",
        taken="hits_taken",
        defeated="unconscious",
        beyond=None,
        help="Concussion hits left: unconscious at 0 or below; the count goes on below 0.",
    )

    # --- public queries -----------------------------------------------------------------
    def phase(self, encounter: Encounter) -> str:
        return clock(encounter).phase

    def count(self, encounter: Encounter) -> int | None:
        return clock(encounter).count

    def round_number(self, encounter: Encounter) -> int:
        return clock(encounter).round

    def value_of(self, encounter: Encounter, combatant: Combatant) -> int | None:
        return countdown.value_of(encounter, combatant)

    def under_way(self, encounter: Encounter, combatant: Combatant) -> Declared | None:
        action = rt(combatant).action
        return action.declared if action is not None else None

    def progress_of(self, encounter: Encounter, combatant: Combatant) -> tuple[int, int] | None:
        return countdown.progress(encounter, combatant)

    def penalty_of(self, encounter: Encounter, combatant: Combatant) -> int:
        return declare.action_penalty(combatant)

    def due_now(self, encounter: Encounter) -> tuple[str, str, int] | None:
        due = countdown.current_due(encounter)
        return None if due is None else (due.combatant.id, due.kind, due.at)

    def track(self, encounter: Encounter) -> tuple[turns.TrackMark, ...]:
        return turns.track(encounter)

    def tidy_loaded(self, encounter: Encounter) -> None:
        self.track(encounter)  # on the open's worker: the view reads it (40 ms at 5,000)

    def mark(self, encounter: Encounter, combatant: Combatant) -> turns.TrackMark:
        """The combatant's mark on the track (as in `track`)."""
        return turns.mark_of(encounter, combatant)

    # --- labels ---------------------------------------------------------------------------
    def clock_label(self, encounter: Encounter) -> str:
        now = clock(encounter)
        if not now.started:
            return "setup"
        if now.phase == "resolution":
            return f"R{now.round} · {'countdown' if now.count is None else now.count}"
        return f"R{now.round} · {now.phase}"

    def status(self, encounter: Encounter) -> str:
        now = clock(encounter)
        if not now.started:
            return "Setting up: the fight has not begun."
        if now.phase == "initiative":
            waiting = initiative.needs_base(encounter)
            needs = f" · {waiting.name} needs a base initiative" if waiting else ""
            return f"Round {now.round} · Initiative phase{needs}"
        if now.phase == "upkeep":
            return f"Round {now.round} · Upkeep"
        due = countdown.current_due(encounter)
        if due is None:
            return f"Round {now.round} · count {now.count}"
        action = rt(due.combatant).action
        what = f"resolves {action.name}" if due.kind == "resolve" and action else "declares"
        left = rt(due.combatant).ap
        return f"Round {now.round} · count {due.at} · {due.combatant.name} {what} ({left} AP left)"

    def summary(self, encounter: Encounter, combatant: Combatant) -> str:
        runtime = rt(combatant)
        if not countdown.active(encounter, combatant):
            return f"joins in round {runtime.joins}"
        value = countdown.value_of(encounter, combatant)
        if value is None or runtime.base is None:
            return "no base initiative yet"
        return f"{value} (base {runtime.base})"

    def meters(self, encounter: Encounter, combatant: Combatant) -> tuple[Meter, ...]:
        found = [Meter("ap", "AP", rt(combatant).ap, AP_PER_ROUND)]
        action = rt(combatant).action
        done = countdown.progress(encounter, combatant)
        if action is not None and done is not None:
            found.append(Meter("progress", action.name, done[0], done[1]))
        return tuple(found)

    def follows_clock(self, encounter: Encounter) -> Collection[str]:
        """Actions under way show their progress counted from the count."""
        return [c.id for c in encounter.combatants if rt(c).action is not None]

    def markers(self, encounter: Encounter, combatant: Combatant) -> tuple[str, ...]:
        runtime = rt(combatant)
        found: list[str] = []
        now = clock(encounter)
        if not countdown.active(encounter, combatant):
            found.append(f"joins in round {runtime.joins}")
        elif runtime.base is None and now.phase in ("initiative", "resolution"):
            found.append("needs initiative")
        due = countdown.current_due(encounter)
        action = runtime.action
        if due is not None and due.combatant is combatant and due.kind == "declare":
            found.append("declaring")
        if action is not None:
            done = countdown.progress(encounter, combatant) or (0, 0)
            if action.multi_round:
                found.append(f"charging {action.name} {done[0]}/{done[1]}")
            if action.declared.resolves_at is not None:
                penalty = declare.action_penalty(combatant)
                found.append(f"resolving: {action.name}" + (f" ({penalty})" if penalty else ""))
        elif runtime.ap == 0 and now.phase == "resolution" and runtime.base is not None:
            found.append("done")
        if runtime.pace:
            found.append(f"pace {runtime.pace}")
        if runtime.parry is not None:
            found.append(f"parry {runtime.parry.amount} vs {runtime.parry.against}")
        for effect in encounter.effects:
            anchor = effect.anchor
            if effect.carrier_id == combatant.id and isinstance(anchor, Anchor):
                word = EFFECT_MARKERS.get(anchor.kind)
                if anchor.kind == "bleeding":
                    word = f"bleeding {anchor.hits}/round"
                if word is not None and word not in found:
                    found.append(word)
        return tuple(found)

    # --- combatants -----------------------------------------------------------------------
    def place_new(self, encounter: Encounter, combatant: Combatant) -> int:
        return sorted_place(encounter.combatants, countdown.ranker(encounter), combatant)

    def on_added(self, tx: Transaction, encounter: Encounter, combatant: Combatant) -> None:
        initiative.on_added(tx, encounter, combatant)
        countdown.settle(tx, encounter)

    def on_removed(self, tx: Transaction, encounter: Encounter, combatant: Combatant) -> None:
        countdown.settle(tx, encounter)

    def on_stats_changed(
        self, tx: Transaction, encounter: Encounter, combatant: Combatant, old: dict[str, Any]
    ) -> None:
        countdown.settle(tx, encounter)

    def on_option_changed(self, tx: Transaction, encounter: Encounter, name: str) -> None:
        countdown.settle(tx, encounter, everyone=True)  # ties by Qu, values floored

    def check_move(self, encounter: Encounter, combatant: Combatant, destination: int) -> None:
        check_tie_drag(
            encounter.combatants,
            countdown.ranker(encounter),
            encounter.index_of(combatant.id),
            destination,
            lambda c: c.name,
            "the countdown is ordered by value (then Qu, per the option); only ties are the "
            "GM's to order",
        )

    def on_moved(self, tx: Transaction, encounter: Encounter, combatant: Combatant) -> None:
        countdown.settle(tx, encounter, moved=combatant)

    # --- time -----------------------------------------------------------------------------
    def start(self, tx: Transaction, encounter: Encounter) -> None:
        if not encounter.combatants:
            raise CommandError("Add combatants before the fight begins.")
        tx.log("The fight begins.", "start")
        countdown.begin_round(tx, encounter, 1)

    def end_turn(self, tx: Transaction, encounter: Encounter) -> None:
        """Initiative phase: begin the countdown. Countdown: the combatant due is done
        for this round (no declaration) or resolves its action (no note), so the next turn
        is the one `upcoming_turns` announced. Upkeep: apply it, then the next round."""
        now = clock(encounter)
        if now.phase == "initiative":
            countdown.begin_countdown(tx, encounter)
        elif now.phase == "upkeep":
            upkeep.apply_upkeep(tx, encounter)
        elif now.phase == "resolution":
            due = countdown.current_due(encounter)
            if due is not None and due.kind == "declare":
                countdown.done(tx, encounter, due.combatant)
            elif due is not None:
                declare.resolve(tx, encounter, due.combatant, "")
            countdown.settle(tx, encounter)
        else:
            raise CommandError("The fight has not begun.")

    def current_turn(self, encounter: Encounter) -> Turn | None:
        return turns.current_turn(encounter)

    def upcoming_turns(self, encounter: Encounter, limit: int) -> list[Turn]:
        return turns.upcoming_turns(encounter, limit)

    # --- actions --------------------------------------------------------------------------
    def perform(
        self,
        tx: Transaction,
        encounter: Encounter,
        action: str,
        combatant_id: str | None,
        params: dict[str, Any],
    ) -> None:
        handler = _HANDLERS.get(action)
        if handler is None:
            raise CommandError(f"{self.name} has no action {action!r}.")
        handler(self, tx, encounter, combatant_id, params)
        countdown.settle(tx, encounter)

    def legal_actions(
        self, encounter: Encounter, targets: Collection[str] | None = None
    ) -> tuple[LegalAction, ...]:
        """An action with checks of its own (`_CHECKS`: all but beginning the countdown
        and Upkeep) is tried by them alone, outside any transaction: what it would then
        change never refuses (a trial of a parry, a pace, a roll or an instantaneous
        action for each of 30 combatants copied its state and rolled it back, at every
        step). The others run their handler up to its first change, without `settle`
        (which never refuses): the default's answers without moving the count for every
        trial."""

        def run(tx: Transaction, command: RulesetAction, params: dict[str, Any]) -> None:
            handler = _HANDLERS.get(command.action)
            if handler is None:
                raise CommandError(f"{self.name} has no action {command.action!r}.")
            handler(self, tx, encounter, command.combatant_id, params)

        trial = trial_refusal(self, encounter, run)
        cleaned: dict[tuple[str, tuple[tuple[str, Any], ...]], dict[str, Any]] = {}

        def clean(command: RulesetAction) -> dict[str, Any]:
            """The parameters cleaned once per action and values (the same for every
            combatant tried); a refusal is not kept (raised again)."""
            key = (command.action, tuple(sorted(command.params.items())))
            params = cleaned.get(key)
            if params is None:
                spec = self.action_spec(command.action)
                params = cleaned[key] = clean_all(spec.params, command.params)
            return params

        def refusal(command: RulesetAction) -> CommandError | None:
            check = _CHECKS.get(command.action)
            if check is None:
                return trial(command)
            try:  # the core's checks of a `RulesetAction` (`trial_refusal`'s), then these
                params = clean(command)
                if command.combatant_id is not None:
                    encounter.combatant(command.combatant_id)
                check(encounter, command.combatant_id, params)
            except CommandError as error:
                return error
            return None

        return tried_legal_actions(self, encounter, targets, refusal=refusal)

    # --- durations ------------------------------------------------------------------------
    def anchor_effect(self, encounter: Encounter, effect: Effect) -> Anchor:
        return durations.anchor_effect(encounter, effect)

    def expires_at(self, encounter: Encounter, effect: Effect, point: Any) -> bool:
        return durations.expires_at(encounter, effect, point)

    def remaining(self, encounter: Encounter, effect: Effect) -> str:
        return durations.remaining(encounter, effect)

    def public_remaining(
        self, encounter: Encounter, effect: Effect, visible: Collection[str]
    ) -> str | None:
        return durations.remaining(encounter, effect, visible)

    def remaining_unnamed(self, encounter: Encounter, effect: Effect) -> str:
        return durations.remaining(encounter, effect)  # it names nobody

    def coming_points(self, encounter: Encounter) -> list[Any]:
        return durations.coming_points(encounter)

    # --- decisions ------------------------------------------------------------------------
    def prompt(self, encounter: Encounter) -> Prompt | None:
        return prompts.prompt(encounter)


# --- action handlers -------------------------------------------------------------------------
def _chosen(encounter: Encounter, combatant_id: str | None, what: str) -> Combatant:
    if combatant_id is None:
        raise CommandError(f"{what}: choose a combatant first.")
    return encounter.combatant(combatant_id)


def _roll(rs: ApCountdown, tx: Transaction, e: Encounter, cid: str | None, p: Params) -> None:
    combatant = _chosen(e, cid, "Initiative roll")
    base = initiative.rolled_base(combatant, p["roll"])
    initiative.set_base(tx, e, combatant, base, p["roll"])


def _enter(rs: ApCountdown, tx: Transaction, e: Encounter, cid: str | None, p: Params) -> None:
    initiative.set_base(tx, e, _chosen(e, cid, "Base initiative"), p["base"], None)


def _parry(rs: ApCountdown, tx: Transaction, e: Encounter, cid: str | None, p: Params) -> None:
    initiative.set_parry(tx, e, _chosen(e, cid, "Parry"), p["amount"], p["against"])


def _pace(rs: ApCountdown, tx: Transaction, e: Encounter, cid: str | None, p: Params) -> None:
    initiative.set_pace(tx, e, _chosen(e, cid, "Movement pace"), p["penalty"])


def _declare(rs: ApCountdown, tx: Transaction, e: Encounter, cid: str | None, p: Params) -> None:
    due = countdown.due_for(e, cid, "declare")
    declare.declare_table(tx, e, due.combatant, p["action"], p["ap"])


def _free(rs: ApCountdown, tx: Transaction, e: Encounter, cid: str | None, p: Params) -> None:
    due = countdown.due_for(e, cid, "declare")
    declare.declare_free(tx, e, due.combatant, p["name"], p["ap"])


def _check_declare(e: Encounter, cid: str | None, p: Params) -> None:
    declare.check_table(e, countdown.due_for(e, cid, "declare").combatant, p["action"], p["ap"])


def _check_free(e: Encounter, cid: str | None, p: Params) -> None:
    declare.check_free(e, countdown.due_for(e, cid, "declare").combatant, p["name"], p["ap"])


def _instant(rs: ApCountdown, tx: Transaction, e: Encounter, cid: str | None, p: Params) -> None:
    combatant = _chosen(e, cid, "Instantaneous action")
    declare.instant(tx, e, combatant, p["name"], p["note"])


def _resolve(rs: ApCountdown, tx: Transaction, e: Encounter, cid: str | None, p: Params) -> None:
    due = countdown.due_for(e, cid, "resolve")
    declare.resolve(tx, e, due.combatant, p["note"])


def _hold(rs: ApCountdown, tx: Transaction, e: Encounter, cid: str | None, p: Params) -> None:
    countdown.hold(tx, e, countdown.due_for(e, cid, "declare").combatant)


def _done(rs: ApCountdown, tx: Transaction, e: Encounter, cid: str | None, p: Params) -> None:
    countdown.done(tx, e, countdown.due_for(e, cid, "declare").combatant)


def _abandon(rs: ApCountdown, tx: Transaction, e: Encounter, cid: str | None, p: Params) -> None:
    declare.abandon(tx, e, _chosen(e, cid, "Abandon action"))


def _begin(rs: ApCountdown, tx: Transaction, e: Encounter, cid: str | None, p: Params) -> None:
    countdown.begin_countdown(tx, e)


def _upkeep(rs: ApCountdown, tx: Transaction, e: Encounter, cid: str | None, p: Params) -> None:
    if clock(e).phase != "upkeep":
        raise CommandError("Upkeep comes when the countdown is over.")
    upkeep.apply_upkeep(tx, e)


def _check_declare_due(e: Encounter, cid: str | None, p: Params) -> None:
    countdown.due_for(e, cid, "declare")  # Hold and Done refuse nothing else


def _check_resolve(e: Encounter, cid: str | None, p: Params) -> None:
    countdown.due_for(e, cid, "resolve")  # resolving refuses nothing else


def _check_abandon(e: Encounter, cid: str | None, p: Params) -> None:
    declare.check_abandon(_chosen(e, cid, "Abandon action"))


def _check_roll(e: Encounter, cid: str | None, p: Params) -> None:
    initiative.check_base(e, _chosen(e, cid, "Initiative roll"))


def _check_enter(e: Encounter, cid: str | None, p: Params) -> None:
    initiative.check_base(e, _chosen(e, cid, "Base initiative"))


def _check_parry(e: Encounter, cid: str | None, p: Params) -> None:
    initiative.check_parry(e, _chosen(e, cid, "Parry"), p["amount"], p["against"])


def _check_pace(e: Encounter, cid: str | None, p: Params) -> None:
    initiative.check_pace(e, _chosen(e, cid, "Movement pace"))


def _check_instant(e: Encounter, cid: str | None, p: Params) -> None:
    declare.check_named_instant(e, _chosen(e, cid, "Instantaneous action"), p["name"])


# What refuses an action, changing nothing (`legal_actions`' trials): what the action's
# handler refuses, all before it changes anything.
_CHECKS: dict[str, Callable[[Encounter, str | None, Params], None]] = {
    "roll_initiative": _check_roll,
    "set_initiative": _check_enter,
    "parry": _check_parry,
    "pace": _check_pace,
    "instant": _check_instant,
    "declare": _check_declare,
    "declare_free": _check_free,
    "hold": _check_declare_due,
    "done": _check_declare_due,
    "resolve": _check_resolve,
    "abandon": _check_abandon,
}

_HANDLERS: dict[str, Handler] = {
    "roll_initiative": _roll,
    "set_initiative": _enter,
    "parry": _parry,
    "pace": _pace,
    "declare": _declare,
    "declare_free": _free,
    "instant": _instant,
    "resolve": _resolve,
    "hold": _hold,
    "done": _done,
    "abandon": _abandon,
    "begin_countdown": _begin,
    "apply_upkeep": _upkeep,
}
