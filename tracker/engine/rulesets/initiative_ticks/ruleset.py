"""The `InitiativeTicks` ruleset: declarations and thin hooks over the package's modules.

Public queries for views (safe on any state, none changes anything):

- `phase(encounter)` → "setup" | "join" | "free" | "round"; `tick(encounter)` → the tick
  counted down to (None outside a round); `round_number(encounter)`;
- `track(encounter)` → a `TickMark` per combatant, in list order (see `turns`);
  `mark(encounter, combatant)` → one of them; `marks_changed(changes)` → the ids whose
  marks a change may have changed (None: any);
- `start_checklist(encounter, combatant)`, `end_checklist(...)` → kit `Checklist`s;
- `hardness(encounter, combatant)` → its Hardness against decisive attacks (0 Crashed);
- `defense(encounter, combatant)` → its Defense less Onslaught (None: not tracked).
"""

from __future__ import annotations

from collections.abc import Callable, Collection
from typing import Any, ClassVar

from tracker.engine.changes import ChangeSet, Transaction
from tracker.engine.commands import RulesetAction
from tracker.engine.conditions import ConditionSpec
from tracker.engine.errors import CommandError
from tracker.engine.fields import Choice, Field
from tracker.engine.health import HealthSpec
from tracker.engine.kit.checklists import Checklist
from tracker.engine.kit.ordering import check_tie_drag
from tracker.engine.kit.pools import Pool
from tracker.engine.legal import trial_refusal, tried_legal_actions
from tracker.engine.prompts import Prompt
from tracker.engine.ruleset import ActionSpec, LegalAction, Meter, Ruleset, Turn
from tracker.engine.rulesets.initiative_ticks import (
    attacks,
    durations,
    flow,
    join,
    prompts,
    specs,
    turns,
)
from tracker.engine.rulesets.initiative_ticks.conditions import CONDITIONS
from tracker.engine.rulesets.initiative_ticks.options import OPTIONS, exalted
from tracker.engine.rulesets.initiative_ticks.order import (
    current,
    first_pending,
    ranker,
    sorted_order,
)
from tracker.engine.rulesets.initiative_ticks.play import Real
from tracker.engine.rulesets.initiative_ticks.specs import ACTIONS, STAT_FIELDS
from tracker.engine.rulesets.initiative_ticks.state import (
    TOKENS_TO_RECOVER,
    Anchor,
    Clock,
    Runtime,
    clock,
    defense_left,
    rt,
    stat,
    touch,
    touch_clock,
)
from tracker.engine.state import Combatant, Effect, Encounter, StateTypes

Params = dict[str, Any]
Handler = Callable[[Transaction, Encounter, "str | None", Params], None]
UPCOMING_LIMIT = 60


class InitiativeTicks(Ruleset[Clock, Runtime, Anchor]):
    id = "initiative_ticks"
    name = "Initiative ticks (Venture / Exalted 3e)"
    round_name = "Round"
    state_types = StateTypes(Clock, Runtime, Anchor)
    stat_fields: ClassVar[tuple[Field, ...]] = STAT_FIELDS
    options: ClassVar[tuple[Choice, ...]] = OPTIONS
    actions: ClassVar[tuple[ActionSpec, ...]] = ACTIONS
    duration_fields: ClassVar[tuple[Field, ...]] = durations.DURATION_FIELDS
    conditions: ClassVar[tuple[ConditionSpec, ...]] = CONDITIONS
    health: ClassVar[HealthSpec | None] = specs.HEALTH

    def new_runtime(self, combatant: Combatant) -> Runtime:
        motes = stat(combatant, "motes")
        return Runtime(motes=Pool(motes, motes))

    # --- public queries -----------------------------------------------------------------
    def phase(self, encounter: Encounter) -> str:
        return clock(encounter).phase

    def tick(self, encounter: Encounter) -> int | None:
        return clock(encounter).tick

    def round_number(self, encounter: Encounter) -> int:
        return clock(encounter).round

    def track(self, encounter: Encounter) -> tuple[turns.TickMark, ...]:
        return turns.track(encounter)

    def mark(self, encounter: Encounter, combatant: Combatant) -> turns.TickMark:
        return turns.mark(encounter, combatant)

    def marks_changed(self, changes: ChangeSet) -> set[str] | None:
        return turns.marks_changed(changes)

    def start_checklist(self, encounter: Encounter, combatant: Combatant) -> Checklist:
        return turns.start_checklist(encounter, combatant)

    def end_checklist(self, encounter: Encounter, combatant: Combatant) -> Checklist:
        return turns.end_checklist(encounter, combatant)

    def hardness(self, encounter: Encounter, combatant: Combatant) -> int:
        return attacks.hardness_of(combatant, rt(combatant))

    def defense(self, encounter: Encounter, combatant: Combatant) -> int | None:
        return defense_left(combatant, rt(combatant))

    # --- labels ---------------------------------------------------------------------------
    def clock_label(self, encounter: Encounter) -> str:
        now = clock(encounter)
        if now.phase == "round":
            return f"R{now.round}" + (f" · tick {now.tick}" if now.tick is not None else "")
        return {"setup": "setup", "join": "Join Battle", "free": "free actions"}[now.phase]

    def status(self, encounter: Encounter) -> str:
        now = clock(encounter)
        who = current(encounter)
        if now.phase == "setup":
            return "Setting up: the fight has not begun."
        if now.phase == "join" and prompts.first_waiting(encounter) is None:
            return "Join Battle: everyone has joined; begin the free actions."
        if now.phase == "join":
            return "Join Battle: enter each combatant's successes."
        if now.phase == "free":
            return f"Free actions · {who.name}" if who else "Free actions"
        if who is None:
            return f"Round {now.round} · the ticks have run down"
        return f"Round {now.round} · tick {now.tick} · {who.name} acts (Initiative {rt(who).value})"

    def summary(self, encounter: Encounter, combatant: Combatant) -> str:
        runtime = rt(combatant)
        if not runtime.joined:
            return "has not joined battle"
        parts = [f"Initiative {runtime.value}"]
        if runtime.crash is not None:
            parts.append("Crashed")
        defense = self.defense(encounter, combatant)
        if defense is not None:
            parts.append(f"Defense {defense}")
        return " · ".join(parts)

    def meters(self, encounter: Encounter, combatant: Combatant) -> tuple[Meter, ...]:
        runtime = rt(combatant)
        if not runtime.joined:
            return ()
        found = [Meter("initiative", "Initiative", runtime.value)]
        if runtime.onslaught:
            found.append(Meter("onslaught", "Onslaught", runtime.onslaught))
        crash = runtime.crash
        if crash is not None and exalted(encounter):
            found.append(Meter("crash_turns", "Crashed turns", crash.turns, 3))
        elif crash is not None:
            found.append(Meter("tokens", "Recovery", crash.tokens, TOKENS_TO_RECOVER))
        if runtime.motes.maximum:
            found.append(Meter("motes", "Motes", runtime.motes.current, runtime.motes.maximum))
        return tuple(found)

    def markers(self, encounter: Encounter, combatant: Combatant) -> tuple[str, ...]:
        runtime = rt(combatant)
        now = clock(encounter)
        found: list[str] = []
        if not runtime.joined:
            found.append("needs Join Battle")
        elif runtime.joins > now.round and now.phase == "round":
            found.append(f"acts from round {runtime.joins}")
        if runtime.crash is not None:
            found.append("Crashed · Hardness 0")
        if runtime.hold is not None:
            at = runtime.hold.at
            found.append("delayed" if at is None else f"delayed to tick {at}")
        if runtime.acted and now.phase == "round":
            found.append("acted")
        if runtime.onslaught:
            found.append(f"Onslaught −{runtime.onslaught}")
        if runtime.flurry:
            found.append("flurry: second action −3")
        if runtime.first_penalty or runtime.flurry_next:
            found.append("first action −3")
        levels, filled = stat(combatant, "health_levels"), stat(combatant, "levels_filled")
        penalty = specs.wound_penalty(levels, filled)
        if penalty is not None:
            found.append(f"wounds −{-penalty}")
        return tuple(found)

    # --- combatants -----------------------------------------------------------------------
    def tidy_loaded(self, encounter: Encounter) -> None:
        """The list sorted by rank (ties in the file's order), as every change keeps it:
        a change places only the combatants it touched among the others (`order.arrange`),
        which would leave a file's unsorted list unsorted. The tick track worked out
        too, kept until the encounter changes: an open tidies off the window's thread,
        and the view reads the track when it shows the fight (7 ms at 5,000)."""
        order = sorted_order(encounter, encounter.combatants)
        if [c.id for c in order] != [c.id for c in encounter.combatants]:
            encounter.combatants[:] = order
            encounter.shape += 1  # the places index, if one was built, is out of date
        self.track(encounter)

    def place_new(self, encounter: Encounter, combatant: Combatant) -> int:
        return len(encounter.combatants)  # not joined yet: at the bottom

    def on_added(self, tx: Transaction, encounter: Encounter, combatant: Combatant) -> None:
        settle(tx, encounter)

    def on_removed(self, tx: Transaction, encounter: Encounter, combatant: Combatant) -> None:
        now = clock(encounter)
        if now.current == combatant.id:
            touch_clock(tx).current = None
            if now.phase in ("free", "round"):
                flow.advance(Real(tx))
        settle(tx, encounter)

    def on_side_changed(self, tx: Transaction, encounter: Encounter, combatant: Combatant) -> None:
        settle(tx, encounter)  # player characters first on a shared tick (the default)

    def on_stats_changed(
        self, tx: Transaction, encounter: Encounter, combatant: Combatant, old: dict[str, Any]
    ) -> None:
        motes = stat(combatant, "motes")
        runtime = rt(combatant)
        if motes != runtime.motes.maximum and (motes or runtime.motes.maximum):
            runtime = touch(tx, combatant)
            was = runtime.motes.maximum or 0
            runtime.motes = Pool(min(runtime.motes.current + max(motes - was, 0), motes), motes)
        settle(tx, encounter)

    def check_move(self, encounter: Encounter, combatant: Combatant, destination: int) -> None:
        now = clock(encounter)
        runtime = rt(combatant)
        if runtime.hold is not None and now.phase == "round" and now.current != combatant.id:
            who = current(encounter)
            if who is not None and destination <= encounter.index_of(who.id):
                raise CommandError(
                    f"{combatant.name}'s delayed turn comes later than {who.name}'s: drag it below."
                )
            return
        check_tie_drag(
            encounter.combatants,
            ranker(encounter),
            encounter.index_of(combatant.id),
            destination,
            lambda c: c.name,
            "the ticks are ordered by Initiative (player characters first, per the option); "
            "only ties are the GM's to order",
        )

    def on_moved(self, tx: Transaction, encounter: Encounter, combatant: Combatant) -> None:
        now = clock(encounter)
        if rt(combatant).hold is not None and now.phase == "round" and now.current != combatant.id:
            join.place_dragged(tx, encounter, combatant)
        settle(tx, encounter)

    # --- time -----------------------------------------------------------------------------
    def start(self, tx: Transaction, encounter: Encounter) -> None:
        if not encounter.combatants:
            raise CommandError("Add combatants before the fight begins.")
        now = touch_clock(tx)
        now.started, now.phase = True, "join"
        tx.log("The fight begins: Join Battle.", "start")
        settle(tx, encounter)

    def end_turn(self, tx: Transaction, encounter: Encounter) -> None:
        now = clock(encounter)
        if now.phase == "setup":
            raise CommandError("The fight has not begun.")
        if now.phase == "join":
            missing = [c.name for c in encounter.combatants if not rt(c).joined]
            if missing:
                raise CommandError(f"{', '.join(missing)}: Join Battle first.")
        flow.end_turn(Real(tx))
        settle(tx, encounter)

    def current_turn(self, encounter: Encounter) -> Turn | None:
        slots = turns.sequence(encounter, 1)
        return turns.turn_of(encounter, slots[0]) if slots else None

    def upcoming_turns(self, encounter: Encounter, limit: int) -> list[Turn]:
        return turns.upcoming(encounter, max(min(limit, UPCOMING_LIMIT), 0))

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
        handler(tx, encounter, combatant_id, params)
        settle(tx, encounter)

    def legal_actions(
        self, encounter: Encounter, targets: Collection[str] | None = None
    ) -> tuple[LegalAction, ...]:
        """Each action's own handler decides, tried up to its first change, without
        `settle` (which never refuses): the default's answers without re-sorting the
        whole order for every trial (the cost at 1,000 combatants)."""

        def run(tx: Transaction, command: RulesetAction, params: Params) -> None:
            handler = _HANDLERS.get(command.action)
            if handler is None:
                raise CommandError(f"{self.name} has no action {command.action!r}.")
            handler(tx, encounter, command.combatant_id, params)

        refusal = trial_refusal(self, encounter, run)
        return tried_legal_actions(self, encounter, targets, refusal=refusal)

    # --- durations ------------------------------------------------------------------------
    def anchor_effect(self, encounter: Encounter, effect: Effect) -> Anchor:
        return durations.anchor_effect(encounter, effect)

    def expires_at(self, encounter: Encounter, effect: Effect, point: Any) -> bool:
        return durations.expires_at(effect, point)

    def remaining(self, encounter: Encounter, effect: Effect) -> str:
        return durations.remaining(encounter, effect)

    def remaining_unnamed(self, encounter: Encounter, effect: Effect) -> str:
        return durations.remaining(encounter, effect, named=False)

    def coming_points(self, encounter: Encounter) -> list[Any]:
        return turns.coming_points(encounter)

    # --- decisions ------------------------------------------------------------------------
    def prompt(self, encounter: Encounter) -> Prompt | None:
        return prompts.prompt(encounter)


def settle(tx: Transaction, encounter: Encounter) -> None:
    """After any change: the list sorted; in a round with nobody acting, the next
    pending combatant takes its turn."""
    Real(tx).arrange()
    now = clock(encounter)
    if now.phase == "round" and now.current is None:
        following = first_pending(encounter, encounter.combatants, now.round)
        if following is not None:
            flow.take_turn(Real(tx), following)
    if now.phase == "free" and now.current is None:
        flow.advance(Real(tx))


# --- action handlers -------------------------------------------------------------------------
def _chosen(encounter: Encounter, combatant_id: str | None, what: str) -> Combatant:
    if combatant_id is None:
        raise CommandError(f"{what}: select a combatant first.")
    return encounter.combatant(combatant_id)


def _join(tx: Transaction, e: Encounter, cid: str | None, p: Params) -> None:
    join.join_battle(tx, e, _chosen(e, cid, "Join Battle"), p["successes"])


def _withering(tx: Transaction, e: Encounter, cid: str | None, p: Params) -> None:
    attacks.withering(tx, e, cid, p["hit"], p["damage"], p["shift"])


def _decisive(tx: Transaction, e: Encounter, cid: str | None, p: Params) -> None:
    attacks.decisive(tx, e, cid, p["hit"])


def _gambit(tx: Transaction, e: Encounter, cid: str | None, p: Params) -> None:
    attacks.gambit(tx, e, cid, p["gambit"], p["established"], p["cost"])


def _clash(tx: Transaction, e: Encounter, cid: str | None, p: Params) -> None:
    attacks.clash(tx, e, cid, p["mine"], p["theirs"])


def _flurry(tx: Transaction, e: Encounter, cid: str | None, p: Params) -> None:
    _own_turn(e, cid)
    attacks.flurry(tx, e)


def _delay(tx: Transaction, e: Encounter, cid: str | None, p: Params) -> None:
    _own_turn(e, cid)
    join.delay(tx, e, p["until"])


def _act_now(tx: Transaction, e: Encounter, cid: str | None, p: Params) -> None:
    join.act_now(tx, e, _chosen(e, cid, "Act now"))


def _adjust(tx: Transaction, e: Encounter, cid: str | None, p: Params) -> None:
    attacks.adjust(tx, e, _chosen(e, cid, "Adjust Initiative"), p["amount"], p["reason"])


def _onslaught(tx: Transaction, e: Encounter, cid: str | None, p: Params) -> None:
    attacks.add_onslaught(tx, _chosen(e, cid, "Add Onslaught"), p["amount"])


def _motes(tx: Transaction, e: Encounter, cid: str | None, p: Params) -> None:
    attacks.spend_motes(tx, _chosen(e, cid, "Spend motes"), p["amount"])


def _free(tx: Transaction, e: Encounter, cid: str | None, p: Params) -> None:
    _own_turn(e, cid)
    join.free_action(tx, e, p["note"])


def _apply_start(tx: Transaction, e: Encounter, cid: str | None, p: Params) -> None:
    now = clock(e)
    who = current(e)
    if now.phase != "round" or who is None:
        raise CommandError("Nobody's turn is starting.")
    if rt(who).started:
        raise CommandError(f"{who.name}'s turn has already started.")
    flow.begin_turn(Real(tx), who)


def _begin_free(tx: Transaction, e: Encounter, cid: str | None, p: Params) -> None:
    if clock(e).phase != "join":
        raise CommandError("The free actions follow Join Battle.")
    missing = [c.name for c in e.combatants if not rt(c).joined]
    if missing:
        raise CommandError(f"{', '.join(missing)}: Join Battle first.")
    flow.begin_free(Real(tx))


def _own_turn(encounter: Encounter, combatant_id: str | None) -> None:
    """A "current" action named for someone else is refused."""
    who = current(encounter)
    if combatant_id is not None and (who is None or who.id != combatant_id):
        name = encounter.combatant(combatant_id).name
        raise CommandError(f"It is not {name}'s turn.")


_HANDLERS: dict[str, Handler] = {
    "join_battle": _join,
    "withering": _withering,
    "decisive": _decisive,
    "gambit": _gambit,
    "clash": _clash,
    "flurry": _flurry,
    "delay": _delay,
    "act_now": _act_now,
    "adjust": _adjust,
    "onslaught": _onslaught,
    "spend_motes": _motes,
    "free_action": _free,
    "apply_start": _apply_start,
    "begin_free": _begin_free,
}
