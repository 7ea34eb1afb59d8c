"""The `WarScroll` ruleset: what it declares (stats, options, actions, duration fields,
its records) and the hooks the core calls, each handing over to the module that holds
that part of the rules."""

from __future__ import annotations

from collections.abc import Collection
from typing import Any, ClassVar

from tracker.engine.changes import Transaction
from tracker.engine.conditions import ConditionSpec
from tracker.engine.fields import Choice, Field
from tracker.engine.health import HealthSpec
from tracker.engine.ruleset import ActionSpec, LegalAction, Meter, Ruleset, Turn
from tracker.engine.rulesets.war_scroll import durations, legal, order, scroll, turns
from tracker.engine.rulesets.war_scroll.actions import perform
from tracker.engine.rulesets.war_scroll.conditions import CONDITIONS
from tracker.engine.rulesets.war_scroll.deal import SEGMENT_AP, TURN_CAP
from tracker.engine.rulesets.war_scroll.options import OPTIONS
from tracker.engine.rulesets.war_scroll.state import (
    ANCHOR_TYPE,
    HEALTH,
    WarAnchor,
    WarClock,
    WarState,
    anchor_of,
    clock_of,
    fresh_state,
    speed_of,
    state_of,
)
from tracker.engine.state import Combatant, Effect, Encounter, StateTypes

ALLEGIANCES = ("holy", "fallen", "other")


class WarScroll(Ruleset[WarClock, WarState, WarAnchor]):
    id = "war_scroll"
    name = "Allies of Majesty — War Scroll"
    state_types = StateTypes(WarClock, WarState, ANCHOR_TYPE)
    round_name = "Cycle"
    stat_fields: ClassVar[tuple[Field, ...]] = (
        Field(
            "speed",
            "Speed",
            "int",
            7,
            minimum=0,
            maximum=60,
            help="AP over one Cycle, dealt 7 to a Segment.",
        ),
        Field(
            "swiftness",
            "Swiftness",
            "int",
            1,
            minimum=0,
            maximum=99,
            help="Sets the War Scroll order, highest first.",
        ),
        Field(
            "allegiance",
            "Allegiance",
            "choice",
            "other",
            choices=ALLEGIANCES,
            help="Holy elohim act first among ties in Swiftness.",
        ),
        Field(
            "endurance",
            "Endurance",
            "int",
            0,
            minimum=0,
            maximum=99,
            help="Its natural Endurance (0: not tracked).",
        ),
        Field(
            "endurance_lost",
            "Endurance lost",
            "int",
            0,
            minimum=0,
            maximum=139,
            help="Damage (Wear) to Endurance: Defeated when none is left; never below −40.",
        ),
    )
    health: ClassVar[HealthSpec | None] = HEALTH
    options: ClassVar[tuple[Choice, ...]] = OPTIONS
    actions: ClassVar[tuple[ActionSpec, ...]] = (
        ActionSpec(
            "spend_ap",
            "Spend AP",
            (Field("amount", "AP", "int", 1, 1, TURN_CAP),),
            help="Spend AP of the current Turn.",
        ),
        ActionSpec(
            "bonus_ap",
            "Bonus AP",
            (
                Field("amount", "AP", "int", 1, 1, 60),
                Field("turn", "To", "choice", "current", choices=("current", "next")),
            ),
            on="any",
            help="Give bonus AP to the current or next Turn; above 12 spills on.",
        ),
        ActionSpec(
            "carry_over",
            "Carry Over",
            (Field("amount", "AP", "int", 1, 1, SEGMENT_AP),),
            help="Move unspent AP into the next Turn (never above 7 AP).",
        ),
        ActionSpec(
            "stand_ready",
            "Stand Ready",
            help="Keep the Turn's unspent AP in reserve to react later.",
        ),
        ActionSpec(
            "use_reserve",
            "Use reserve",
            (Field("amount", "AP", "int", 1, 1, TURN_CAP),),
            on="any",
            help="Spend AP held by Stand Ready.",
        ),
        ActionSpec("rest", "Rest", help="Rest for the remainder of the Turn and end it."),
        ActionSpec(
            "stop_song",
            "Stop maintaining song",
            (Field("effect", "Song", "text", ""),),
            on="effect",
            help="The song ends at the end of its Minstrel's first Turn of a Cycle.",
        ),
    )
    duration_fields: ClassVar[tuple[Field, ...]] = (
        Field(
            "cycles",
            "Cycles",
            "int",
            1,
            minimum=1,
            maximum=99,
            help="Ends at the end of the same Turn this many Cycles later.",
        ),
        Field(
            "ongoing_song",
            "Ongoing Song",
            "bool",
            False,
            help="Lasts while its Minstrel (the creator) maintains it.",
        ),
    )
    conditions: ClassVar[tuple[ConditionSpec, ...]] = CONDITIONS

    # --- typed state ----------------------------------------------------------------
    def new_clock(self) -> WarClock:
        return WarClock(started=False, cycle=0, current=None, spent=0, columns=0)

    def new_runtime(self, combatant: Combatant) -> WarState:
        return fresh_state(speed_of(combatant))

    # --- the clock and the grid -----------------------------------------------------
    def is_started(self, encounter: Encounter) -> bool:
        return clock_of(encounter).started

    def cycle(self, encounter: Encounter) -> int:
        """The current Cycle (0 before the War)."""
        return clock_of(encounter).cycle

    def clock_label(self, encounter: Encounter) -> str:
        return turns.clock_label(encounter)

    def status(self, encounter: Encounter) -> str:
        return turns.status(encounter)

    def columns(self, encounter: Encounter) -> list[int]:
        """Segment slots shown as grid columns, in display (= play) order."""
        return scroll.columns(encounter)

    def cell(self, encounter: Encounter, combatant: Combatant, slot: int) -> tuple[int, str]:
        """AP and state of one grid cell: state is "none", "played", "current", "missed"
        or "pending"."""
        return scroll.cell(encounter, combatant, slot)

    def meters(self, encounter: Encounter, combatant: Combatant) -> tuple[Meter, ...]:
        """AP left of the current Turn out of its AP (for its holder), and the AP held by
        Stand Ready (when there are any)."""
        clock = clock_of(encounter)
        state = state_of(combatant)
        shown: list[Meter] = []
        if clock.current is not None and clock.current[0] == combatant.id:
            total = state.total(clock.current[1])
            shown.append(Meter("ap", "AP", total - clock.spent, total))
        if state.reserve > 0:
            shown.append(Meter("reserve", "Reserve", state.reserve))
        return tuple(shown)

    # --- order ----------------------------------------------------------------------
    @staticmethod
    def order_key(combatant: Combatant) -> tuple[int, int]:
        """Higher sorts first: Swiftness, then holy elohim before the rest."""
        return order.order_key(combatant)

    def place_new(self, encounter: Encounter, combatant: Combatant) -> int:
        return order.place_new(encounter, combatant)

    def check_move(self, encounter: Encounter, combatant: Combatant, destination: int) -> None:
        order.check_move(encounter, combatant, destination)

    def on_added(self, tx: Transaction, encounter: Encounter, combatant: Combatant) -> None:
        order.on_added(tx, encounter, combatant)

    def on_removed(self, tx: Transaction, encounter: Encounter, combatant: Combatant) -> None:
        order.on_removed(tx, encounter, combatant)

    def on_defeat_changed(
        self, tx: Transaction, encounter: Encounter, combatant: Combatant
    ) -> None:
        order.on_defeat_changed(tx, encounter, combatant)

    def on_stats_changed(
        self, tx: Transaction, encounter: Encounter, combatant: Combatant, old: dict[str, Any]
    ) -> None:
        order.on_stats_changed(tx, encounter, combatant, old)

    def on_option_changed(self, tx: Transaction, encounter: Encounter, name: str) -> None:
        """Columns set to shrink at once shrink now if the fastest is already gone."""
        if name == "columns_on_defeat":
            scroll.update_columns(tx, encounter)

    def tidy_loaded(self, encounter: Encounter) -> None:
        scroll.tidy_columns(encounter)

    # --- the War --------------------------------------------------------------------
    def start(self, tx: Transaction, encounter: Encounter) -> None:
        turns.start(tx, encounter)

    def end_turn(self, tx: Transaction, encounter: Encounter) -> None:
        turns.end_turn(tx, encounter)

    def current_turn(self, encounter: Encounter) -> Turn | None:
        return turns.current_turn(encounter)

    def upcoming_turns(self, encounter: Encounter, limit: int) -> list[Turn]:
        return turns.upcoming_turns(encounter, limit)

    def perform(
        self,
        tx: Transaction,
        encounter: Encounter,
        action: str,
        combatant_id: str | None,
        params: dict[str, Any],
    ) -> None:
        perform(tx, encounter, action, combatant_id, params)

    def legal_actions(
        self, encounter: Encounter, targets: Collection[str] | None = None
    ) -> tuple[LegalAction, ...]:
        """Read off the rules (see `legal`), not tried action by action."""
        return legal.legal_actions(encounter, targets)

    # --- durations ------------------------------------------------------------------
    def anchor_effect(self, encounter: Encounter, effect: Effect) -> WarAnchor:
        return durations.anchor_effect(encounter, effect)

    def expires_at(self, encounter: Encounter, effect: Effect, point: Any) -> bool:
        return durations.expires_at(anchor_of(effect), effect.creator_id, point)

    def coming_points(self, encounter: Encounter) -> list[Any]:
        return list(durations.coming_points(encounter))

    def remaining(self, encounter: Encounter, effect: Effect) -> str:
        return durations.remaining(encounter, effect)

    def remaining_unnamed(self, encounter: Encounter, effect: Effect) -> str:
        return durations.remaining_unnamed(effect)
