"""The `StaminaBattle` ruleset: declarations and thin hooks over the package's modules.

Public queries for views (safe on any state; none changes anything):

- `phase_side(encounter)` → the side whose phase it is (None before the first);
- `sides_in_order(encounter)` → the sides with Units, in the order of their phases;
- `readout(encounter, combatant)` → a `UnitReadout` (pool, wounds, who acts / acted,
  per-turn uses, reactions it can still afford, the spell it charges);
- `tallies(encounter, combatants)` → of each, its side, whether it acted and its pool:
  the cheap part of the readout, which a view keeps for every Unit;
- `readout_basis(encounter)` → (round, Unit acting): what every readout reads besides
  the Unit and its effects (see `turns.readout_basis`);
- `waiting(encounter)` → ids of the Units of the phase still to act, in order;
- `can_pick(encounter)` → whether "who goes next" may be picked now (option).
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Sequence
from typing import Any, ClassVar

from tracker.engine.changes import Transaction
from tracker.engine.conditions import ConditionSpec
from tracker.engine.errors import CommandError
from tracker.engine.fields import Choice, Field
from tracker.engine.health import HealthSpec
from tracker.engine.kit.pools import Pool
from tracker.engine.prompts import Prompt
from tracker.engine.ruleset import ActionSpec, LegalAction, Meter, Ruleset, Turn
from tracker.engine.rulesets.stamina_battle import (
    actions,
    charging,
    durations,
    legal,
    prompts,
    reactions,
    sides,
    turns,
    upgrades,
    wounds,
)
from tracker.engine.rulesets.stamina_battle.conditions import CONDITIONS
from tracker.engine.rulesets.stamina_battle.options import OPTIONS, first_side_rule, order_fixed
from tracker.engine.rulesets.stamina_battle.specs import ACTIONS, STAT_FIELDS
from tracker.engine.rulesets.stamina_battle.state import (
    Anchor,
    Clock,
    Runtime,
    clock,
    rt,
    stat,
    touch,
    touch_clock,
)
from tracker.engine.state import SIDES, Combatant, Effect, Encounter, StateTypes

Params = dict[str, Any]
Handler = Callable[[Transaction, Encounter, "str | None", Params], None]


class StaminaBattle(Ruleset[Clock, Runtime, Anchor]):
    id = "stamina_battle"
    name = "Stamina battle (Dragonpact)"
    round_name = "Round"
    state_types = StateTypes(Clock, Runtime, Anchor)
    stat_fields: ClassVar[tuple[Field, ...]] = STAT_FIELDS
    options: ClassVar[tuple[Choice, ...]] = OPTIONS
    actions: ClassVar[tuple[ActionSpec, ...]] = ACTIONS
    duration_fields: ClassVar[tuple[Field, ...]] = durations.DURATION_FIELDS
    conditions: ClassVar[tuple[ConditionSpec, ...]] = CONDITIONS
    health: ClassVar[HealthSpec | None] = wounds.HEALTH

    # --- public queries -------------------------------------------------------------------
    def phase_side(self, encounter: Encounter) -> str | None:
        return clock(encounter).side

    def sides_in_order(self, encounter: Encounter) -> tuple[str, ...]:
        present = set(sides.present_sides(encounter))
        return tuple(s for s in sides.rotation(clock(encounter).first) if s in present)

    def readout(self, encounter: Encounter, combatant: Combatant) -> turns.UnitReadout:
        return turns.readout(encounter, combatant)

    def tallies(
        self, encounter: Encounter, combatants: Sequence[Combatant]
    ) -> list[turns.UnitTally]:
        return turns.tallies(encounter, combatants)

    def readout_basis(self, encounter: Encounter) -> tuple[int, str | None]:
        return turns.readout_basis(encounter)

    def waiting(self, encounter: Encounter) -> tuple[str, ...]:
        return tuple(c.id for c in sides.waiting(encounter, clock(encounter).side))

    def can_pick(self, encounter: Encounter) -> bool:
        return not order_fixed(encounter)

    def side_title(self, side: str | None) -> str:
        return sides.side_title(side)

    def side_name(self, side: str | None) -> str:
        """ "the party", "the enemies"."""
        return sides.side_name(side)

    def phase_name(self, side: str | None) -> str:
        return sides.phase_name(side)

    # --- labels ---------------------------------------------------------------------------
    def clock_label(self, encounter: Encounter) -> str:
        now = clock(encounter)
        if not now.started:
            return "setup"
        return f"R{now.round} · {sides.side_title(now.side) if now.side else 'start'}"

    def status(self, encounter: Encounter) -> str:
        now = clock(encounter)
        if not now.started:
            return "Setting up: the battle has not begun."
        if now.first is None:
            return f"Round {now.round} · who goes first?"
        unit = sides.current_unit(encounter)
        acting = ""
        if unit is not None:
            pool = rt(unit).stamina
            acting = f" · {unit.name} acting ({pool.current}/{pool.maximum} Stamina)"
        return f"Round {now.round} · {sides.phase_name(now.side)}{acting}"

    def summary(self, encounter: Encounter, combatant: Combatant) -> str:
        state = rt(combatant)
        armor = wounds.armor_of(encounter, combatant)
        evasion = wounds.evasion_of(encounter, combatant)
        parts = [
            f"Stamina {state.stamina.current}/{state.stamina.maximum}",
            f"Armor {armor}",
            f"Evasion {evasion}",
            f"Speed {stat(combatant, 'speed')}",
        ]
        return " · ".join(parts)

    def meters(self, encounter: Encounter, combatant: Combatant) -> tuple[Meter, ...]:
        state = rt(combatant)
        found = [Meter("stamina", "Stamina", state.stamina.current, state.stamina.maximum)]
        if state.charge is not None:
            found.append(Meter("charge", state.charge.name, state.charge.done, state.charge.needed))
        return tuple(found)

    def harm(self, encounter: Encounter, combatant: Combatant, amount: int) -> tuple[int, str]:
        return wounds.harm(encounter, combatant, amount)

    def markers(self, encounter: Encounter, combatant: Combatant) -> tuple[str, ...]:
        state = rt(combatant)
        now = clock(encounter)
        found: list[str] = []
        if now.current == combatant.id:
            found.append("acting")
        elif sides.has_acted(encounter, combatant):
            found.append("acted")
        if state.charge is not None:
            found.append(f"charging {state.charge.name} {charging.progress(state.charge)}")
            found.append("vulnerable")
        if state.completed is not None:
            found.append(f"{state.completed} complete")
        return tuple(found)

    # --- Units ----------------------------------------------------------------------------
    def upgrade(self, data: dict[str, Any], version: int) -> dict[str, Any]:
        return upgrades.upgrade(data, version)

    def new_runtime(self, combatant: Combatant) -> Runtime:
        maximum = stat(combatant, "stamina_max")
        return Runtime(stamina=Pool(maximum, maximum))

    def place_new(self, encounter: Encounter, combatant: Combatant) -> int:
        """After the last Unit of its side (sides in the order of `SIDES`)."""
        rank = SIDES.index(combatant.side) if combatant.side in SIDES else len(SIDES)
        place = 0
        for index, other in enumerate(encounter.combatants):
            if (SIDES.index(other.side) if other.side in SIDES else len(SIDES)) <= rank:
                place = index + 1
        return place

    def on_added(self, tx: Transaction, encounter: Encounter, combatant: Combatant) -> None:
        now = clock(encounter)
        if now.started:
            touch(tx, combatant).refilled = now.round  # it joins with its pool as set
        if now.first is not None and now.current is None:
            sides.advance(tx, encounter)

    def on_removed(self, tx: Transaction, encounter: Encounter, combatant: Combatant) -> None:
        if clock(encounter).current == combatant.id:
            now = touch_clock(tx)
            now.current, now.fresh = None, False
            sides.advance(tx, encounter)

    def on_stats_changed(
        self, tx: Transaction, encounter: Encounter, combatant: Combatant, old: dict[str, Any]
    ) -> None:
        maximum = stat(combatant, "stamina_max")
        pool = rt(combatant).stamina
        if pool.maximum == maximum:
            return
        pool = touch(tx, combatant).stamina
        pool.maximum = maximum
        if not clock(encounter).started:
            pool.current = maximum  # set up with a full pool
        else:
            pool.current = min(pool.current, sides.pool_cap(encounter, maximum))

    def check_move(self, encounter: Encounter, combatant: Combatant, destination: int) -> None:
        if order_fixed(encounter) and clock(encounter).started:
            raise CommandError(
                "The order inside a side is fixed for this battle (option): it was set "
                "before the battle."
            )

    # --- time -----------------------------------------------------------------------------
    def start(self, tx: Transaction, encounter: Encounter) -> None:
        first: str | None = None
        if first_side_rule(encounter) == "party":
            present = sides.present_sides(encounter)
            first = "party" if "party" in present else (present[0] if present else None)
        sides.start(tx, encounter, first)

    def end_turn(self, tx: Transaction, encounter: Encounter) -> None:
        sides.end_turn(tx, encounter)

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
        handler(tx, encounter, combatant_id, params)

    def legal_actions(
        self, encounter: Encounter, targets: Collection[str] | None = None
    ) -> tuple[LegalAction, ...]:
        """Read off the rules (see `legal`), not tried action by action."""
        return legal.legal_actions(self, encounter, targets)

    # --- durations ------------------------------------------------------------------------
    def anchor_effect(self, encounter: Encounter, effect: Effect) -> Anchor:
        return durations.anchor_effect(encounter, effect)

    def expires_at(self, encounter: Encounter, effect: Effect, point: Any) -> bool:
        return durations.expires_at(encounter, effect, point)

    def remaining(self, encounter: Encounter, effect: Effect) -> str:
        return durations.remaining(encounter, effect)

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
        raise CommandError(f"{what}: select a Unit first.")
    return encounter.combatant(combatant_id)


def _own(what: str, act: Callable[[Transaction, Encounter, Combatant, Params], None]) -> Handler:
    """A handler for an action on the Unit's own turn."""

    def handler(tx: Transaction, e: Encounter, cid: str | None, p: Params) -> None:
        act(tx, e, actions.actor(e, cid, what), p)

    return handler


def _any(what: str, act: Callable[[Transaction, Encounter, Combatant, Params], None]) -> Handler:
    """A handler for an action on the Unit chosen."""

    def handler(tx: Transaction, e: Encounter, cid: str | None, p: Params) -> None:
        act(tx, e, _chosen(e, cid, what), p)

    return handler


def _damage(tx: Transaction, e: Encounter, unit: Combatant, p: Params) -> None:
    wounds.damage(tx, e, unit, p["amount"], p["hit"], p["extra"], p["reduction"])


def _first(tx: Transaction, e: Encounter, cid: str | None, p: Params) -> None:
    sides.choose_first(tx, e, p["side"])


_HANDLERS: dict[str, Handler] = {
    "attack": _own("Attack", lambda tx, e, u, p: actions.attack(tx, e, u, p["weapon"])),
    "move": _own("Move", lambda tx, e, u, p: actions.move(tx, e, u)),
    "guard": _own("Guard", lambda tx, e, u, p: actions.guard(tx, e, u, p["stat"], p["roll"])),
    "item": _own("Item", lambda tx, e, u, p: actions.item(tx, e, u, p["cost"], p["what"])),
    "technique": _own(
        "A Technique", lambda tx, e, u, p: actions.technique(tx, e, u, p["name"], p["cost"])
    ),
    "hide": _own("Hide", lambda tx, e, u, p: actions.hide(tx, e, u)),
    "spell": _own("A spell", lambda tx, e, u, p: charging.spell(tx, e, u, p["name"], p["cost"])),
    "charge": _own("Charging", lambda tx, e, u, p: charging.charge(tx, e, u)),
    "react": _any(
        "React",
        lambda tx, e, u, p: reactions.react(
            tx, e, u, p["reaction"], p["name"], p["cost"], p["per_round"]
        ),
    ),
    "go_next": _any("Goes next", lambda tx, e, u, p: sides.go_next(tx, e, u)),
    "damage": _any("Damage", _damage),
    "set_wounds": _any("Set wounds", lambda tx, e, u, p: wounds.set_wounds(tx, e, u, p["wounds"])),
    "set_stamina": _any(
        "Set Stamina", lambda tx, e, u, p: wounds.set_stamina(tx, e, u, p["stamina"])
    ),
    "drop_charge": _any("Drop charge", lambda tx, e, u, p: charging.drop(tx, e, u)),
    "first_side": _first,
    "spell_done": _any("Spell resolved", lambda tx, e, u, p: charging.resolved(tx, e, u)),
}
