"""The `Priority` ruleset: what it declares (stats, options, actions, durations, its
records) and the hooks the core calls, each handing over to the module of its concern
(see the package's notes for the readings of the rules)."""

from __future__ import annotations

from collections.abc import Collection
from typing import Any, ClassVar

from tracker.engine.changes import Transaction
from tracker.engine.conditions import ConditionSpec
from tracker.engine.dice import check_dice
from tracker.engine.fields import Choice, Field
from tracker.engine.health import HealthSpec
from tracker.engine.prompts import Prompt
from tracker.engine.ruleset import ActionSpec, LegalAction, Meter, Ruleset, Turn
from tracker.engine.rulesets.priority import (
    actions,
    drags,
    durations,
    legal,
    order,
    prompts,
    reactions,
    schedule,
    turns,
    upgrades,
)
from tracker.engine.rulesets.priority.conditions import CONDITIONS
from tracker.engine.rulesets.priority.conflict import CONFLICT_ENTRIES, LEAVING
from tracker.engine.rulesets.priority.creatures import (
    has_slot,
    in_conflict,
    interrupted,
    leave_dl,
    minor_pool,
    zeal,
)
from tracker.engine.rulesets.priority.options import OPTIONS
from tracker.engine.rulesets.priority.pools import major_left, minor_left, pools_text
from tracker.engine.rulesets.priority.prompts import (
    OVEREXERTION_RESULT,
    REACTION_TEXT,
    REROLL_RESULT,
    TRIGGER_TEXT,
)
from tracker.engine.rulesets.priority.state import (
    CreatureState,
    PriorityAnchor,
    PriorityClock,
    clock_of,
    state_of,
    touch_state,
)
from tracker.engine.state import Combatant, Effect, Encounter, StateTypes


class Priority(Ruleset[PriorityClock, CreatureState, PriorityAnchor]):
    id = "priority"
    name = "Soulshards — Priority"
    state_types = StateTypes(PriorityClock, CreatureState, PriorityAnchor)
    round_name = "Round"
    stat_fields: ClassVar[tuple[Field, ...]] = (
        Field(
            "zeal",
            "Zeal",
            "int",
            0,
            minimum=0,
            maximum=99,
            help="The Zeal result: Priority, highest acts first.",
            roll_from="zeal_dice",
        ),
        Field(
            "zeal_dice",
            "Zeal dice",
            "text",
            "",
            help='What the creature rolls for Zeal, e.g. "3d12+2".',
            check=check_dice,
        ),
        Field(
            "minor_pool",
            "Minor pool",
            "int",
            1,
            minimum=0,
            maximum=9,
            help="Minor Action pips per turn (the Major pool is always 1).",
        ),
        Field(
            "grit_pool",
            "Grit Pool",
            "int",
            0,
            minimum=0,
            maximum=99,
            help="Grit Pips it holds: full, it falls Unconscious (0: not set, Pips just count).",
        ),
        Field(
            "grit_pips",
            "Grit Pips",
            "int",
            0,
            minimum=0,
            maximum=99,
            help="Damage (Injury) taken; leaving Conflict while aware of a threat: Poise DL "
            "9 + Grit Pips.",
        ),
        Field(
            "social_tier",
            "Social Opinion Tier",
            "int",
            5,
            minimum=0,
            maximum=12,
            help="7 or higher: Ally; 3 or lower: Enemy (party members keep their side).",
        ),
        Field(
            "conflict",
            "In Conflict",
            "bool",
            True,
            help="Off: it rolled Poise (DL 6) not to enter Conflict; it still acts in Priority.",
        ),
    )
    options: ClassVar[tuple[Choice, ...]] = OPTIONS
    actions: ClassVar[tuple[ActionSpec, ...]] = (
        ActionSpec(
            "begin_turn",
            "Begin turn",
            help="Take the turn now (pips clear, effects tick) instead of waiting.",
        ),
        ActionSpec("wait", "Wait", help="As the turn would start, wait instead."),
        ActionSpec(
            "major",
            "Major Action",
            (Field("what", "What", "text", ""),),
            help="Mark the Major pip.",
        ),
        ActionSpec(
            "minor",
            "Minor Action",
            (Field("what", "What", "text", ""),),
            help="Mark a Minor pip (the Major pays when no Minor is left).",
        ),
        ActionSpec(
            "trick",
            "Trick",
            (Field("name", "Trick", "text", ""),),
            help="A Minor Action; each Trick once per turn.",
        ),
        ActionSpec(
            "prepare",
            "Prepare Action",
            (Field("trigger", "Trigger", "text", ""),),
            help="Major: name the event that triggers the prepared action.",
        ),
        ActionSpec(
            "fire_prepared",
            "Fire prepared action",
            on="any",
            help="The event happened: the prepared creature interrupts the current turn.",
        ),
        ActionSpec(
            "raise_trigger",
            "Raise trigger",
            (TRIGGER_TEXT,),
            on="any",
            help="Something happened (source: the selected creature): ask for reactions.",
        ),
        ActionSpec(
            "react",
            "React",
            (
                Field("to", "To #", "int", 0, 0, 999, help="Stack item (0: the newest)."),
                REACTION_TEXT,
            ),
            on="prompt",
            help="Answer to the reaction prompt: react (a Minor).",
        ),
        ActionSpec("pass", "Pass", on="prompt", help="Answer to the reaction prompt: no reaction."),
        ActionSpec(
            "resolve",
            "Resolve",
            on="prompt",
            help="Complete the newest item on the reaction stack.",
        ),
        ActionSpec(
            "act_now",
            "Act now",
            on="prompt",
            help="After a turn: the selected waiting creature takes its turn now.",
        ),
        ActionSpec(
            "no_one_acts", "No one acts now", on="prompt", help="No waiting creature acts now."
        ),
        ActionSpec(
            "enter_conflict",
            "Enter Conflict",
            (
                Field(
                    "how",
                    "How",
                    "choice",
                    "gm",
                    choices=tuple(CONFLICT_ENTRIES),
                    choice_labels=tuple(CONFLICT_ENTRIES.values()),
                ),
            ),
            on="any",
        ),
        ActionSpec(
            "leave_conflict",
            "Leave Conflict",
            (
                Field(
                    "how",
                    "How",
                    "choice",
                    "aware",
                    choices=LEAVING,
                    choice_labels=(
                        "aware of a threat (Major + Poise)",
                        "aware of no threat (a Minor)",
                        "set by the Soulweaver",
                    ),
                ),
                Field("poise", "Poise roll", "int", 0, 0, 99),
            ),
            on="any",
            help="Aware of a threat: Major + Poise DL 9 + Grit Pips; unaware: a Minor.",
        ),
        ActionSpec(
            "roll_zeal",
            "Zeal result",
            (Field("result", "Result", "int", 0, 0, 99, roll_from="zeal_dice"),),
            on="any",
            help="Record the selected creature's Zeal result: type it, or roll its Zeal dice.",
        ),
        ActionSpec("reroll_tie", "Tie re-roll", (REROLL_RESULT,), on="prompt"),
        ActionSpec(
            "overexertion",
            "Overexertion rolled",
            (OVEREXERTION_RESULT,),
            on="prompt",
            help="Acknowledge the selected creature's Overexertion roll.",
        ),
    )
    duration_fields: ClassVar[tuple[Field, ...]] = (
        Field(
            "amount",
            "Turns",
            "int",
            1,
            minimum=1,
            maximum=999,
            help="Turns of its creator in Conflict: loses 1 as each begins; ends at 0.",
        ),
        Field("ritual", "Ritual", "bool", False, help="Ritual effects do not tick in Conflict."),
    )
    conditions: ClassVar[tuple[ConditionSpec, ...]] = CONDITIONS
    # Soulshards' "Damage and Healing": damage places Pips into a Pool, Grit unless told
    # otherwise; with the Grit Pool full the creature falls Unconscious. (The Conflict
    # page the tracker follows does not speak of it; this is the game's own count.)
    health: ClassVar[HealthSpec | None] = HealthSpec(
        "Grit",
        maximum="grit_pool",
        taken="grit_pips",
        counts_down=False,
        defeated="Unconscious",
        help="Grit Pips of damage (Injury); +N heals Pips. Full Pool: Unconscious.",
    )

    # --- typed state ----------------------------------------------------------------
    def new_clock(self) -> PriorityClock:
        return PriorityClock()

    def upgrade(self, data: dict[str, Any], version: int) -> dict[str, Any]:
        return upgrades.upgrade(data, version)

    def new_runtime(self, combatant: Combatant) -> CreatureState:
        return CreatureState()

    # --- the clock ------------------------------------------------------------------
    def is_started(self, encounter: Encounter) -> bool:
        return clock_of(encounter).started

    def clock_label(self, encounter: Encounter) -> str:
        return schedule.clock_label(encounter)

    @staticmethod
    def elapsed(round_: int) -> int:
        """Seconds elapsed when a round begins: rounds before it × 5."""
        return schedule.elapsed(round_)

    def round_text(self, encounter: Encounter, turn: Turn) -> str:
        return f"Round {turn.round} · {schedule.elapsed(turn.round)} s"

    def status(self, encounter: Encounter) -> str:
        return schedule.status(encounter)

    # --- combatants -----------------------------------------------------------------
    def place_new(self, encounter: Encounter, combatant: Combatant) -> int:
        return order.place_new(encounter, combatant)

    def on_added(self, tx: Transaction, encounter: Encounter, combatant: Combatant) -> None:
        order.on_added(tx, encounter, combatant)

    def on_removed(self, tx: Transaction, encounter: Encounter, combatant: Combatant) -> None:
        turns.on_removed(tx, encounter, combatant)

    def on_stats_changed(
        self, tx: Transaction, encounter: Encounter, combatant: Combatant, old: dict[str, Any]
    ) -> None:
        stats = combatant.stats
        if stats.get("social_tier") != old.get("social_tier"):
            order.follow_tier(tx, combatant)
        if stats.get("conflict") != old.get("conflict"):
            touch_state(tx, combatant).conflict_rounds = 0
        if stats.get("zeal") != old.get("zeal"):
            order.resort(tx, encounter, combatant)

    def summary(self, encounter: Encounter, combatant: Combatant) -> str:
        """Zeal, the pips left, and the Poise DL to leave Conflict when aware."""
        parts = [
            f"Zeal {zeal(combatant)}",
            pools_text(major_left(combatant), minor_left(combatant)),
        ]
        if in_conflict(combatant):
            parts.append(f"leave DL {leave_dl(combatant)}")
        return " · ".join(parts)

    def meters(self, encounter: Encounter, combatant: Combatant) -> tuple[Meter, ...]:
        """The Major and Minor pips left of the pools."""
        return (
            Meter("major", "Major", major_left(combatant), 1),
            Meter("minor", "Minor", minor_left(combatant), minor_pool(combatant)),
        )

    def markers(self, encounter: Encounter, combatant: Combatant) -> tuple[str, ...]:
        state = state_of(combatant)
        clock = clock_of(encounter)
        words: list[str] = []
        if in_conflict(combatant):
            words.append("in Conflict")
        if state.waiting:
            words.append("waiting")
        if state.prepared:
            words.append(f"prepared: {state.prepared}")
        if clock.started and not has_slot(encounter, combatant):
            words.append("acts in the Soulweaver's turn")
        if any(entry.combatant_id == combatant.id for entry in clock.overexertion):
            words.append("Overexertion due")
        if interrupted(encounter) == combatant.id:
            words.append("interrupted")
        return tuple(words)

    def check_move(self, encounter: Encounter, combatant: Combatant, destination: int) -> None:
        drags.check_move(encounter, combatant, destination)

    def on_moved(self, tx: Transaction, encounter: Encounter, combatant: Combatant) -> None:
        drags.on_moved(tx, encounter, combatant)

    # --- time -----------------------------------------------------------------------
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

    def perform(
        self,
        tx: Transaction,
        encounter: Encounter,
        action: str,
        combatant_id: str | None,
        params: dict[str, Any],
    ) -> None:
        actions.perform(tx, encounter, action, combatant_id, params, self.name)

    def legal_actions(
        self, encounter: Encounter, targets: Collection[str] | None = None
    ) -> tuple[LegalAction, ...]:
        """The actions on any creature read off the rules (see `legal`)."""
        return legal.legal_actions(self, encounter, targets)

    # --- durations ------------------------------------------------------------------
    def anchor_effect(self, encounter: Encounter, effect: Effect) -> PriorityAnchor:
        return durations.anchor_effect(encounter, effect)

    def expires_at(self, encounter: Encounter, effect: Effect, point: Any) -> bool:
        return durations.expires_at(effect, point)

    def coming_points(self, encounter: Encounter) -> list[Any]:
        return list(durations.coming_points(encounter))

    def remaining(self, encounter: Encounter, effect: Effect) -> str:
        return durations.remaining(encounter, effect)

    def remaining_unnamed(self, encounter: Encounter, effect: Effect) -> str:
        return durations.remaining_unnamed(effect)

    # --- decisions ------------------------------------------------------------------
    def prompt(self, encounter: Encounter) -> Prompt | None:
        return prompts.prompt(encounter)

    def tie_groups(self, encounter: Encounter) -> list[list[Combatant]]:
        """Unsettled ties (option "reroll") in which someone still owes a re-roll."""
        return order.tie_groups(encounter)

    def stack_lines(self, encounter: Encounter) -> tuple[str, ...]:
        """The reaction stack, newest (completed first) on top."""
        return reactions.stack_lines(encounter)
