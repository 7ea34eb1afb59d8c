"""The `ClassicD20` ruleset: declarations and thin hooks over the package's modules.

Public queries for views (safe on any state):

- `flavour(encounter)` → "5e" or "pf2e";
- `roll_all_needs(encounter)` → who Roll all rolls for, with the number of d20 each
  (the GUI rolls the faces and sends them with `roll_all`);
- `concentrating_on(encounter, combatant)` → the spell it concentrates on, or None.
- `concentration_spells(encounter)` → every caster's spell, by its id (one pass).
"""

from __future__ import annotations

from collections.abc import Callable, Collection
from typing import Any, ClassVar

from tracker.engine.changes import COMBATANTS, Transaction
from tracker.engine.commands import RulesetAction
from tracker.engine.conditions import ConditionSpec
from tracker.engine.errors import CommandError
from tracker.engine.fields import Choice, Field
from tracker.engine.health import HealthSpec
from tracker.engine.kit.ordering import sorted_place
from tracker.engine.kit.pools import Pool
from tracker.engine.prompts import Prompt
from tracker.engine.ruleset import ActionSpec, LegalAction, Meter, Ruleset, Turn
from tracker.engine.rulesets.classic_d20 import (
    concentration,
    durations,
    effects_turn,
    hit_points,
    initiative,
    legal,
    order,
    prompts,
    resources,
    schedule,
    turns,
)
from tracker.engine.rulesets.classic_d20.conditions import CONDITIONS, offered
from tracker.engine.rulesets.classic_d20.options import (
    FLAVOUR,
    OPTIONS,
    chosen,
    is_pf2e,
    may_delay,
    ties,
)
from tracker.engine.rulesets.classic_d20.specs import (
    ACTIONS,
    STAT_FIELDS,
    offered_actions,
    offered_stat_fields,
)
from tracker.engine.rulesets.classic_d20.state import (
    LAIR,
    Anchor,
    Clock,
    Runtime,
    anchor_of,
    clock,
    rt,
    stat,
    touch_clock,
)
from tracker.engine.state import Combatant, Effect, Encounter, StateTypes

Params = dict[str, Any]
Handler = Callable[[Transaction, Encounter, "str | None", Params], None]


class ClassicD20(Ruleset[Clock, Runtime, Anchor]):
    id = "classic_d20"
    name = "Classic d20 (5e, Pathfinder 2e)"
    round_name = "Round"
    state_types = StateTypes(Clock, Runtime, Anchor)
    stat_fields: ClassVar[tuple[Field, ...]] = STAT_FIELDS
    options: ClassVar[tuple[Choice, ...]] = OPTIONS
    actions: ClassVar[tuple[ActionSpec, ...]] = ACTIONS
    duration_fields: ClassVar[tuple[Field, ...]] = durations.DURATION_FIELDS
    conditions: ClassVar[tuple[ConditionSpec, ...]] = CONDITIONS
    health: ClassVar[HealthSpec | None] = hit_points.HEALTH

    # --- public queries -------------------------------------------------------------------
    def flavour(self, encounter: Encounter) -> str:
        return chosen(encounter, FLAVOUR)

    def roll_all_needs(self, encounter: Encounter) -> list[tuple[Combatant, int]]:
        return initiative.roll_all_needs(encounter)

    def concentrating_on(self, encounter: Encounter, combatant: Combatant) -> str | None:
        return concentration.spell(encounter, combatant)

    def concentration_spells(self, encounter: Encounter) -> dict[str, str]:
        return concentration.spells(encounter)

    # --- typed state ----------------------------------------------------------------------
    def new_clock(self) -> Clock:
        return Clock()

    def new_runtime(self, combatant: Combatant) -> Runtime:
        """An initiative given when it is added counts as rolled (0: still to roll)."""
        legendary = stat(combatant, "legendary")
        return Runtime(
            rolled=stat(combatant, "initiative") != 0, legendary=Pool(legendary, legendary)
        )

    # --- labels ---------------------------------------------------------------------------
    def is_started(self, encounter: Encounter) -> bool:
        return clock(encounter).started

    def no_turn_reason(self, encounter: Encounter) -> str:
        now = clock(encounter)
        if now.started and now.rolling:
            return turns.rolling_reason(encounter)
        return super().no_turn_reason(encounter)

    def round_text(self, encounter: Encounter, turn: Turn) -> str:
        return schedule.round_text(turn)

    def clock_label(self, encounter: Encounter) -> str:
        return schedule.clock_label(encounter)

    def status(self, encounter: Encounter) -> str:
        return schedule.status(encounter)

    def summary(self, encounter: Encounter, combatant: Combatant) -> str:
        parts = [
            f"Init {stat(combatant, 'initiative')}" if rt(combatant).rolled else "Init —",
            f"AC {stat(combatant, 'ac')}",
        ]
        temp = stat(combatant, "temp_hp")
        if temp:
            parts.append(f"+{temp} temp HP")
        return " · ".join(parts)

    def meters(self, encounter: Encounter, combatant: Combatant) -> tuple[Meter, ...]:
        state = rt(combatant)
        found: list[Meter] = []
        if stat(combatant, "temp_hp"):
            found.append(Meter("temp_hp", "Temp HP", stat(combatant, "temp_hp")))
        found.append(Meter("actions", "Actions", state.actions.current, state.actions.maximum))
        if not is_pf2e(encounter):
            found.append(Meter("bonus", "Bonus", state.bonus.current, state.bonus.maximum))
        found.append(Meter("reaction", "Reaction", state.reaction.current, state.reaction.maximum))
        if state.legendary.maximum:
            found.append(
                Meter("legendary", "Legendary", state.legendary.current, state.legendary.maximum)
            )
        return tuple(found)

    def markers(self, encounter: Encounter, combatant: Combatant) -> tuple[str, ...]:
        state = rt(combatant)
        words: list[str] = []
        if not state.rolled:
            words.append("to roll initiative")
        if resources.surprised_now(combatant):
            words.append("surprised")
        if state.delay is not None:
            words.append("delaying")
        if state.ready is not None:
            words.append(f"ready: {state.ready}")
        if state.dead:
            words.append("dead")
        elif hit_points.dying_5e(encounter, combatant):
            words.append(f"death saves {state.death.successes}✓ {state.death.failures}✗")
        elif state.death.stable and hit_points.at_zero(combatant):
            words.append("stable")
        if state.dying:
            words.append(f"dying {state.dying}")
        if state.wounded:
            words.append(f"wounded {state.wounded}")
        if state.doomed:
            words.append(f"doomed {state.doomed}")
        return tuple(words)

    def offered_actions(self, encounter: Encounter) -> tuple[ActionSpec, ...]:
        return offered_actions(is_pf2e(encounter), may_delay(encounter))

    def offered_stat_fields(self, encounter: Encounter) -> tuple[Field, ...]:
        return offered_stat_fields(is_pf2e(encounter), ties(encounter) == "dex")

    def offered_conditions(self, encounter: Encounter) -> tuple[ConditionSpec, ...]:
        return offered(is_pf2e(encounter))

    def deal_harm(
        self, tx: Transaction, encounter: Encounter, combatant: Combatant, amount: int
    ) -> str | None:
        return hit_points.deal_harm(tx, encounter, combatant, amount)

    # --- combatants -----------------------------------------------------------------------
    def place_new(self, encounter: Encounter, combatant: Combatant) -> int:
        if not rt(combatant).rolled:
            return len(encounter.combatants)
        return sorted_place(encounter.combatants, order.sort_key(encounter), combatant)

    def on_added(self, tx: Transaction, encounter: Encounter, combatant: Combatant) -> None:
        resources.full_pools(tx, encounter, combatant)
        order.follow_current(tx, encounter, lambda: self._pass_turn(tx, encounter))
        turns.try_open(tx, encounter)

    def on_removed(self, tx: Transaction, encounter: Encounter, combatant: Combatant) -> None:
        now = clock(encounter)
        if now.gap_after == combatant.id:  # the pause after its turn: the next turn begins
            touch_clock(tx).gap_after = None
            if now.current != combatant.id:
                turns.start_current(tx, encounter)
        if now.started and not encounter.combatants:
            touched = touch_clock(tx)
            touched.current, touched.rolling, touched.gap_after = None, True, None
            return
        order.follow_current(tx, encounter, lambda: self._pass_turn(tx, encounter))
        turns.try_open(tx, encounter)

    def _pass_turn(self, tx: Transaction, encounter: Encounter) -> None:
        """The turn's holder left: it passes to whoever now stands in its place (not
        begun yet in the pause after a turn)."""
        now = clock(encounter)
        turns.begin_slot(tx, encounter, now.index, begin=now.gap_after is None)

    def on_moved(self, tx: Transaction, encounter: Encounter, combatant: Combatant) -> None:
        order.follow_current(tx, encounter, lambda: self._pass_turn(tx, encounter))

    def check_move(self, encounter: Encounter, combatant: Combatant, destination: int) -> None:
        order.check_move(encounter, combatant, destination)

    def on_stats_changed(
        self, tx: Transaction, encounter: Encounter, combatant: Combatant, old: dict[str, Any]
    ) -> None:
        if combatant.stats.get("initiative") != old.get("initiative"):
            initiative.on_initiative_edited(tx, encounter, combatant, old)
        elif (
            ties(encounter) == "dex"
            and combatant.stats.get("dex_mod") != old.get("dex_mod")
            and not clock(encounter).started
        ):
            order.place(tx, encounter, combatant)
        if combatant.stats.get("damage") != old.get("damage"):
            hit_points.on_stats_changed(tx, encounter, combatant, old)
        if combatant.stats.get("legendary") != old.get("legendary"):
            legendary = resources.legendary_size(encounter, combatant)
            state = rt(tx.touch(combatant))
            state.legendary = Pool(min(state.legendary.current, legendary), legendary)
        order.follow_current(tx, encounter, lambda: self._pass_turn(tx, encounter))

    def on_option_changed(self, tx: Transaction, encounter: Encounter, name: str) -> None:
        if name == FLAVOUR.name:
            for combatant in encounter.combatants:
                resources.full_pools(tx, encounter, combatant)
        if not clock(encounter).started:
            order.resort(tx, encounter)
        order.follow_current(tx, encounter, lambda: self._pass_turn(tx, encounter))

    # --- time -----------------------------------------------------------------------------
    def start(self, tx: Transaction, encounter: Encounter) -> None:
        turns.start(tx, encounter)

    def end_turn(self, tx: Transaction, encounter: Encounter) -> None:
        turns.end_turn(tx, encounter)

    def current_turn(self, encounter: Encounter) -> Turn | None:
        return schedule.current_turn(encounter)

    def upcoming_turns(self, encounter: Encounter, limit: int) -> list[Turn]:
        return schedule.upcoming_turns(encounter, limit)

    def public_turn(self, encounter: Encounter, turn: Turn, visible: Collection[str]) -> Turn:
        return schedule.public_turn(encounter, turn, visible)

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
        if action in _KEEP_ORDER and not (
            tx.changes.edits_of(COMBATANTS) or tx.changes.encounter or tx.changes.clock
        ):
            return  # the order and the clock are as they were: the turn stays put
        order.follow_current(tx, encounter, lambda: self._pass_turn(tx, encounter))

    def legal_actions(
        self, encounter: Encounter, targets: Collection[str] | None = None
    ) -> tuple[LegalAction, ...]:
        """The handlers decide, tried up to their first change, without `order.follow_current`
        (see `legal`): the default's answers at a part of the cost."""

        def run(tx: Transaction, command: RulesetAction, params: Params) -> None:
            handler = _HANDLERS.get(command.action)
            if handler is None:
                raise CommandError(f"{self.name} has no action {command.action!r}.")
            handler(tx, encounter, command.combatant_id, params)

        return legal.legal_actions(self, encounter, targets, run)

    def plausible_params(
        self, encounter: Encounter, action: str, combatant_id: str | None
    ) -> tuple[dict[str, Any], ...]:
        """Roll all's faces, one per d20 still to roll (see `initiative.plausible_faces`)."""
        if action != "roll_all":
            return ()
        return tuple({"faces": faces} for faces in initiative.plausible_faces(encounter))

    # --- durations ------------------------------------------------------------------------
    def anchor_effect(self, encounter: Encounter, effect: Effect) -> Anchor:
        return durations.anchor_effect(encounter, effect)

    def expires_at(self, encounter: Encounter, effect: Effect, point: Any) -> bool:
        return durations.expires_at(encounter, effect, point)

    def coming_points(self, encounter: Encounter) -> list[Any]:
        return durations.coming_points(encounter)

    def remaining(self, encounter: Encounter, effect: Effect) -> str:
        return durations.remaining(encounter, effect)

    def remaining_unnamed(self, encounter: Encounter, effect: Effect) -> str:
        return durations.remaining(encounter, effect, named=False)

    # --- decisions ------------------------------------------------------------------------
    def prompt(self, encounter: Encounter) -> Prompt | None:
        return prompts.prompt(encounter)


# --- action handlers -------------------------------------------------------------------------
def _chosen(encounter: Encounter, combatant_id: str | None, what: str) -> Combatant:
    if combatant_id is None:
        raise CommandError(f"{what}: select a creature first.")
    return encounter.combatant(combatant_id)


def actor(encounter: Encounter, combatant_id: str | None, what: str) -> Combatant:
    """The creature whose turn it is (in a group acting together, the member named)."""
    now = clock(encounter)
    if not now.started or now.rolling:
        raise CommandError(f"{what}: nobody has a turn yet.")
    acting = turns.current_members(encounter)
    if not acting:
        if now.current == LAIR:
            raise CommandError(f"{what}: it is the lair's turn.")
        raise CommandError(f"{what}: nobody has a turn now.")
    if combatant_id is None:
        return order.standing_first(encounter, acting)
    chosen_one = encounter.combatant(combatant_id)
    if chosen_one not in acting:
        raise CommandError(
            f"It is {acting[0].name}'s turn, not {chosen_one.name}'s: {what} is taken on "
            "one's own turn."
        )
    return chosen_one


def _own(what: str, act: Callable[[Transaction, Encounter, Combatant, Params], None]) -> Handler:
    def handler(tx: Transaction, e: Encounter, cid: str | None, p: Params) -> None:
        act(tx, e, actor(e, cid, what), p)

    return handler


def _any(what: str, act: Callable[[Transaction, Encounter, Combatant, Params], None]) -> Handler:
    def handler(tx: Transaction, e: Encounter, cid: str | None, p: Params) -> None:
        act(tx, e, _chosen(e, cid, what), p)

    return handler


def _started(encounter: Encounter, what: str) -> None:
    if not clock(encounter).started:
        raise CommandError(f"{what}: the fight has not begun.")


def _legendary(tx: Transaction, e: Encounter, c: Combatant, p: Params) -> None:
    _started(e, "Legendary action")
    on_turn = c in turns.current_members(e)
    resources.legendary(tx, e, c, p["cost"], p["what"], on_turn)


def _act_now(tx: Transaction, e: Encounter, c: Combatant, p: Params) -> None:
    turns.act_now(tx, e, c)


def _no_one(tx: Transaction, e: Encounter, cid: str | None, p: Params) -> None:
    turns.end_pause(tx, e)


def _sustain(tx: Transaction, e: Encounter, cid: str | None, p: Params) -> None:
    effect = e.effect(str(p.get("effect", "")))
    members = turns.current_members(e)
    anchor = anchor_of(effect)
    caster = next((m for m in members if anchor is not None and m.id == anchor.whose), None)
    effects_turn.sustain(tx, e, effect, caster)


def _flat(tx: Transaction, e: Encounter, cid: str | None, p: Params) -> None:
    effects_turn.flat_check(tx, e, p["d20"])


def _roll_all(tx: Transaction, e: Encounter, cid: str | None, p: Params) -> None:
    initiative.roll_all(tx, e, p["faces"])


def _prompted_save(tx: Transaction, e: Encounter, c: Combatant, p: Params) -> None:
    hit_points.death_save(tx, e, c, p["d20"])


_HANDLERS: dict[str, Handler] = {
    "roll_initiative": _any(
        "Roll initiative", lambda tx, e, c, p: initiative.roll(tx, e, c, p["d20"], p["second"])
    ),
    "roll_all": _roll_all,
    "action": _own("An action", lambda tx, e, c, p: resources.act(tx, e, c, p["cost"], p["what"])),
    "bonus": _own("A bonus action", lambda tx, e, c, p: resources.bonus(tx, e, c, p["what"])),
    "reaction": _any("A reaction", lambda tx, e, c, p: resources.react(tx, e, c, p["what"])),
    "ready": _own("Ready", lambda tx, e, c, p: resources.ready(tx, e, c, p["trigger"])),
    "use_ready": _any("A readied action", lambda tx, e, c, p: resources.use_ready(tx, e, c)),
    "delay": _own("Delay", lambda tx, e, c, p: turns.delay(tx, e, c)),
    "act_now": _any("Act now", _act_now),
    "no_one_acts": _no_one,
    "legendary": _any("A legendary action", _legendary),
    "damage": _any(
        "Damage", lambda tx, e, c, p: hit_points.damage(tx, e, c, p["amount"], p["critical"])
    ),
    "temp_hp": _any("Temporary HP", lambda tx, e, c, p: hit_points.temp_hp(tx, c, p["amount"])),
    "death_save": _any("A death save", _prompted_save),
    "recovery": _any(
        "A recovery check", lambda tx, e, c, p: hit_points.recovery(tx, e, c, p["d20"])
    ),
    "set_dying": _any(
        "Dying",
        lambda tx, e, c, p: hit_points.set_dying(tx, c, p["dying"], p["wounded"], p["doomed"]),
    ),
    "surprise": _any("Surprise", lambda tx, e, c, p: initiative.surprise(tx, e, c)),
    "end_concentration": _any(
        "End concentration", lambda tx, e, c, p: concentration.end_by_gm(tx, e, c)
    ),
    "concentration_save": _any(
        "Concentration save", lambda tx, e, c, p: concentration.answer(tx, e, c, p["saved"])
    ),
    "sustain": _sustain,
    "flat_check": _flat,
    "tie_roll": _any("Tie roll", lambda tx, e, c, p: initiative.tie_roll(tx, e, c, p["d20"])),
}

# Actions that never change what places a turn (who rolled, initiatives, names, sides,
# the list) nor the clock by themselves: after them the turn is where it was, unless
# the list or the clock changed after all (`perform` checks).
_KEEP_ORDER = frozenset(
    {
        "action",
        "bonus",
        "reaction",
        "ready",
        "use_ready",
        "legendary",
        "damage",
        "temp_hp",
        "death_save",
        "recovery",
        "set_dying",
        "surprise",
        "end_concentration",
        "concentration_save",
        "sustain",
    }
)
