"""Soulshards: Rising Legends — Priority (rules: shared/rules/priority.md).

The combatants list IS the Priority order: highest Zeal first; the Soulweaver (the GM)
has a turn after everyone, with no combatant (`Turn.combatant_id` None, title
"Soulweaver"). One turn from every participant plus the Soulweaver's = one round = 5 s.

State
-----
`encounter.clock`: `started`, `round`, `current` (a combatant id, or "soulweaver"),
`begun` (whether the current turn has started: see "Starting a turn"), `gap` (the pause
after a turn in which waiting creatures may act), `interrupts` (prepared actions being
taken, newest last), `exchange` (the reaction stack), `exchanges` (a counter) and
`overexertion` (reminders not yet acknowledged: [combatant id, minute]).
`combatant.runtime`: `done_round` (last round whose turn is done or forfeited),
`had_turn` (a turn of its own has begun: it may react), `waiting`, `moved` (its place
was changed by waiting or a delay: Zeal no longer orders it), `late` and `batch` (late
joiners), `major`/`minor` (pips marked), `tricks` (Tricks used this turn), `prepared`
(the trigger text of a Prepare Action), `conflict_rounds`, `tiebreak` (re-roll results).
In/out of Conflict is the stat `conflict` (the GM may edit it; the actions apply costs).

Readings of the rules (where the text leaves room)
--------------------------------------------------
* Starting a turn. "As your turn would start, you can choose to wait instead", and
  pips clear / durations tick "as you begin your turn". So a turn that comes up is
  *up* but not yet *begun*: it begins (pips clear, a lapsed prepared action is dropped,
  effects tick) with the first thing the creature does — "begin_turn", "major",
  "minor", "trick", "prepare", leaving Conflict, or EndTurn — and until then it may
  "wait". The Soulweaver's turn begins at once.
* Waiting. "wait" keeps the creature's turn; the next creature's turn comes up. After
  every later *turn* that ends (a creature's, or the Soulweaver's), while anyone waits,
  the round pauses (the "gap") and a prompt offers "act now" to each waiting creature
  or "no one acts now". Acting moves the creature in the list to just after the
  creature whose turn ended (after the Soulweaver's turn: to the top) for good; its
  turn begins at once. While it pauses, nothing else moves on (EndTurn is refused).
  A creature still waiting when the Soulweaver's turn ends has its effects tick then,
  as if its turn had started (pips are not cleared); option `waiting_at_soulweaver`:
  it keeps waiting into the next round (it then gets no normal turn in that round: it
  acts when it chooses, and that is its turn of the new round) / it stops waiting and
  has lost this round's turn (acting normally at its place next round).
* Drags (MoveCombatant; `to_index` is the final place). Before the start: only among
  equal Zeal (ties), and not with the "re-roll" tie option. After the start, never
  while reactions are open or a prepared action interrupts, and:
  - the current creature, up but not begun, dragged later = it delays: its place
    changes for good and it acts when the order reaches it this round (not while a
    question is pending);
  - a waiting creature dragged to just above the creature whose turn is up (to the
    end of the list when that is the Soulweaver), during the pause after a turn = it
    acts now (as "act_now", but at the place chosen); dragged below the creature whose
    turn is up = it stops waiting and acts at that place; any higher place has passed
    (refused); not while a question other than the pause is pending;
  - a creature still to act this round dragged later = a delay set in advance; it may
    move earlier only past creatures of the same Zeal still to act (ordering a tie);
  - creatures that already acted this round, the current creature once its turn began,
    and (NPC option) NPCs acting inside the Soulweaver's turn cannot be dragged.
* Late joiners (added after the start), option `late_joiners`: "append" (default):
  after everyone present, and late joiners of the same round (one batch) sorted by
  their own Zeal among themselves; "slot": before the first creature of lower Zeal
  whose place was not changed by waiting. A late joiner slotted above the creature
  whose turn is current (or joining during the Soulweaver's turn) acts from the next
  round; otherwise it acts this round. Its Zeal may still be rolled ("roll_zeal") or
  edited until its first turn: it is placed again.
* Ties, option `ties`: "drag" (default): equal Zeal keeps the order of entry and the GM
  drags. "reroll": creatures of equal Zeal next to each other that have not acted yet
  (before the start: everyone) must re-roll; a prompt asks each in turn for the re-roll
  result ("reroll_tie"), everyone once before anyone again; a creature keeps
  re-rolling while its results so far equal the start of another tied creature's; when
  nobody owes a roll the tie is sorted by the results, highest first. The start (and,
  after it, EndTurn) waits until all ties are settled. A late joiner tied with a
  creature that has already acted goes after it without a re-roll.
* NPCs, option `npc_turns`: an NPC is any combatant whose side is not "party" (allies,
  enemies and neutrals are the Soulweaver's). "own_slot" (default) / "soulweaver_turn":
  NPCs get no turns of their own; their turn begins with the Soulweaver's (pips clear,
  effects tick), and their own-turn actions take their id explicitly.
* Action pools: Major 1, Minor = the `minor_pool` stat; each action marks a pip; a
  Minor may be paid with the Major when no Minor pip is left; a Trick is a Minor, each
  Trick (by name, case-insensitive) once per turn. Actions are only taken on the
  creature's own turn, except reactions (and entering Conflict by choice, "any time").
  All pips clear when its own turn begins: pips marked by reactions before that are
  cleared, those marked after it stay until its next turn begins.
* Reactions. "raise_trigger" (text, source = the combatant or none) opens an exchange:
  the stack holds the trigger; one *pass* asks every creature in reverse Priority (the
  list read bottom-up, fixed when the pass starts), each once. A creature is asked only
  if it has had a turn begin, can pay a Minor (Minor pip, or the Major paying), and has
  something to react to: an item on the stack that is not its own and that it has not
  reacted to yet ("each only once per trigger"); so the source is skipped unless a
  reaction before it gave it something to answer. Its answers: react to any such item
  (newest first; the reaction goes on top of the stack, is itself a trigger for those
  asked later) or pass. When the pass has no one left to ask, the stack is completed
  newest first, one "resolve" each; while resolving, a reaction that causes a new
  trigger ("raise_trigger" again, the prompt offers it) is pushed and a new pass asks
  everyone again about it or any item still on the stack. A lone trigger that nobody
  can react to completes at once. Reactions of one trigger thus resolve in Priority
  order (the highest-Priority decider reacts last and completes first).
* Prepare Action (Major): "prepare" names the trigger (marker "prepared: ..."); it
  lapses unused when the creature's next turn begins. "fire_prepared" interrupts the
  current turn (or the pause, or the Soulweaver's turn): the prepared creature holds
  the turn (a Turn whose values name what it interrupts); its single action is already
  paid, so pool actions are refused; EndTurn ends it and the interrupted turn resumes
  exactly as it was. Not while reactions are open.
* Conflict: "enter_conflict" (how: by choice = a Minor, a Conflict Action, an attack
  that succeeded, or set by the GM), "leave_conflict" (how: aware of a threat = a Major
  and a Poise roll against DL 9 + Grit Pips, the result given as `poise`, success when
  it reaches the DL, the Major spent either way; unaware = a Minor; or set by the GM).
* Overexertion: at every round's end each creature in Conflict counts one round; at
  12, 24, ... (each minute, counted per creature, restarted when it leaves or enters
  Conflict) a reminder is queued; the prompt asks the GM for each, one at a time.
* Durations: `amount` turns of the creator (1..999) and `ritual`. When the creator's
  own turn begins while it is in Conflict, each non-Ritual effect it created loses 1;
  at 0 it ends. Rituals and effects without a creator never tick (end them by hand).

Prompts come one at a time: reactions, then tie re-rolls, then Overexertion, then the
pause for waiting creatures (hidden while a prepared action interrupts). EndTurn,
"wait", starting a turn and StartEncounter are refused while one is pending. Keys:
("react", exchange, top item, asker) · ("resolve", exchange, top item) · ("tie", ids,
asked, level) · ("overexertion", id, minute) · ("act_now", round, after, waiting ids).
Every answer is one command, so undo walks back one decision at a time.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from tracker.engine.changes import Transaction
from tracker.engine.commands import RulesetAction
from tracker.engine.dice import check_dice
from tracker.engine.errors import CommandError
from tracker.engine.fields import Choice, Field
from tracker.engine.prompts import Prompt, PromptAnswer
from tracker.engine.ruleset import ActionSpec, Ruleset, Turn
from tracker.engine.state import Combatant, Effect, Encounter, StateTypes

SOULWEAVER = "soulweaver"
ROUND_SECONDS = 5
MINUTE_ROUNDS = 12
MAJOR_POOL = 1
LEAVE_BASE_DL = 9
ALLY_TIER = 7
ENEMY_TIER = 3

REACTION_TEXT = Field("text", "Reaction", "text", "", help="What the creature does.")
TRIGGER_TEXT = Field("text", "Trigger", "text", "", help="What happened.")
REROLL_RESULT = Field(
    "result", "Re-roll", "int", 0, 0, 99, help="The Zeal re-roll result.", roll_from="zeal_dice"
)
OVEREXERTION_RESULT = Field("result", "Result", "text", "", help="The roll and its outcome.")

CONFLICT_ENTRIES = {
    "gm": "set by the Soulweaver",
    "minor": "by choice, a Minor Action",
    "conflict_action": "by taking a Conflict Action",
    "hit": "an attack succeeded against it",
}


@dataclass(frozen=True)
class TurnBegan:
    """Timing point: a creature's turn began (`waiting`: it is still waiting at the end
    of the Soulweaver's turn and ticks as if its turn had started)."""

    combatant_id: str
    round: int
    waiting: bool = False


@dataclass(frozen=True)
class TurnEnded:
    combatant_id: str | None  # None: the Soulweaver's turn
    round: int


@dataclass(frozen=True)
class RoundEnded:
    round: int


def _fresh_runtime() -> dict[str, Any]:
    return {
        "done_round": 0,
        "had_turn": False,
        "waiting": False,
        "moved": False,
        "late": False,
        "batch": 0,
        "major": 0,
        "minor": 0,
        "tricks": [],
        "prepared": None,
        "conflict_rounds": 0,
        "tiebreak": [],
    }


def _rt(combatant: Combatant) -> dict[str, Any]:
    """The combatant's runtime for reading (defaults filled in, never stored here)."""
    runtime = combatant.runtime
    if "done_round" not in runtime:
        return {**_fresh_runtime(), **runtime}
    return runtime


def zeal(combatant: Combatant) -> int:
    return int(combatant.stats.get("zeal", 0))


def minor_pool(combatant: Combatant) -> int:
    return int(combatant.stats.get("minor_pool", 1))


def major_left(combatant: Combatant) -> int:
    return max(0, MAJOR_POOL - _rt(combatant)["major"])


def minor_left(combatant: Combatant) -> int:
    return max(0, minor_pool(combatant) - _rt(combatant)["minor"])


def pools_text(major: int, minor: int) -> str:
    return f"Major {major} · Minor {minor}"


def leave_dl(combatant: Combatant) -> int:
    """Poise DL to leave Conflict while aware of a threat: 9 + Grit Pips."""
    return LEAVE_BASE_DL + int(combatant.stats.get("grit_pips", 0))


def in_conflict(combatant: Combatant) -> bool:
    return bool(combatant.stats.get("conflict", False))


def _is_prefix(short: list[int], long: list[int]) -> bool:
    return long[: len(short)] == short


class Priority(Ruleset[Any, Any, Any]):
    id = "priority"
    name = "Soulshards — Priority"
    state_types = StateTypes(dict, dict, dict)  # TRANSITIONAL: untyped
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
            "grit_pips",
            "Grit Pips",
            "int",
            0,
            minimum=0,
            maximum=9,
            help="Leaving Conflict while aware of a threat: Poise DL 9 + Grit Pips.",
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
    options: ClassVar[tuple[Choice, ...]] = (
        Choice(
            "ties",
            "Ties in Zeal",
            (
                ("drag", "the GM orders them (drag)"),
                ("reroll", "the tied creatures re-roll"),
            ),
        ),
        Choice(
            "late_joiners",
            "Late joiners",
            (
                (
                    "append",
                    "appended after existing participants, several at once sorted by "
                    "their own Zeal",
                ),
                ("slot", "slotted into Priority by their Zeal"),
            ),
        ),
        Choice(
            "waiting_at_soulweaver",
            "A creature still waiting at the Soulweaver's turn",
            (
                ("keep_waiting", "keeps waiting into the next round"),
                ("lose_turn", "loses this round's turn"),
            ),
        ),
        Choice(
            "npc_turns",
            "NPCs",
            (
                ("own_slot", "each has its own Priority slot"),
                ("soulweaver_turn", "they act inside the Soulweaver's turn"),
            ),
        ),
    )
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
            (Field("how", "How", "choice", "gm", choices=tuple(CONFLICT_ENTRIES)),),
            on="any",
        ),
        ActionSpec(
            "leave_conflict",
            "Leave Conflict",
            (
                Field("how", "How", "choice", "aware", choices=("aware", "unaware", "gm")),
                Field("poise", "Poise roll", "int", 0, 0, 99),
            ),
            on="any",
            help="Aware of a threat: Major + Poise DL 9 + Grit Pips; unaware: a Minor.",
        ),
        ActionSpec(
            "roll_zeal",
            "Roll Zeal",
            (Field("result", "Result", "int", 0, 0, 99, roll_from="zeal_dice"),),
            on="any",
            help="Record the Zeal result: type it, or roll the creature's Zeal dice.",
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

    # --- clock ----------------------------------------------------------------------
    def new_clock(self) -> dict[str, Any]:
        return {
            "started": False,
            "round": 0,
            "current": None,
            "begun": False,
            "gap": None,
            "interrupts": [],
            "exchange": None,
            "exchanges": 0,
            "overexertion": [],
        }

    def clock_label(self, encounter: Encounter) -> str:
        if not encounter.clock.get("started"):
            return "setup"
        return f"R{encounter.clock['round']}"

    @staticmethod
    def elapsed(round_: int) -> int:
        """Seconds elapsed when a round begins: rounds before it × 5."""
        return max(round_ - 1, 0) * ROUND_SECONDS

    def round_text(self, encounter: Encounter, turn: Turn) -> str:
        return f"Round {turn.round} · {self.elapsed(turn.round)} s"

    def status(self, encounter: Encounter) -> str:
        clock = encounter.clock
        if not clock.get("started"):
            return "Setting up: roll Zeal, then start Priority."
        parts = [f"Round {clock['round']}", f"{self.elapsed(clock['round'])} s"]
        turn = self.current_turn(encounter)
        assert turn is not None
        if turn.combatant_id is None:
            parts.append("the Soulweaver's turn")
        else:
            name = encounter.combatant(turn.combatant_id).name
            if "interrupts" in turn.values:
                parts.append(f"{name}'s prepared action (interrupting {turn.values['interrupts']})")
            else:
                up = "" if turn.values["begun"] else " (up: may wait)"
                parts.append(f"{name}: {turn.grant}{up}")
        waiting = [c.name for c in self._waiting(encounter)]
        if waiting:
            parts.append("waiting: " + ", ".join(waiting))
        exchange = clock.get("exchange")
        if exchange:
            parts.append(f"reaction stack: {len(exchange['items'])}")
        return " · ".join(parts)

    # --- who is who -----------------------------------------------------------------
    def _has_slot(self, encounter: Encounter, combatant: Combatant) -> bool:
        """False for NPCs when they act inside the Soulweaver's turn."""
        return self.option(encounter, "npc_turns") == "own_slot" or combatant.side == "party"

    def _find(self, encounter: Encounter, combatant_id: str | None) -> Combatant | None:
        return next((c for c in encounter.combatants if c.id == combatant_id), None)

    def _name(self, encounter: Encounter, combatant_id: str | None) -> str:
        if combatant_id == SOULWEAVER:
            return "the Soulweaver"
        found = self._find(encounter, combatant_id)
        return found.name if found else "a departed creature"

    def _waiting(self, encounter: Encounter) -> list[Combatant]:
        return [
            c for c in encounter.combatants if _rt(c)["waiting"] and self._has_slot(encounter, c)
        ]

    def _pending(self, encounter: Encounter) -> list[Combatant]:
        """Creatures still to act this round, in order (not the current one)."""
        clock = encounter.clock
        return [
            c
            for c in encounter.combatants
            if self._has_slot(encounter, c)
            and not _rt(c)["waiting"]
            and _rt(c)["done_round"] < clock["round"]
            and c.id != clock.get("current")
        ]

    def _npcs_in_soulweaver_turn(self, encounter: Encounter) -> list[Combatant]:
        return [c for c in encounter.combatants if not self._has_slot(encounter, c)]

    def _need(self, encounter: Encounter, combatant_id: str | None, what: str) -> Combatant:
        if combatant_id is None:
            raise CommandError(f"{what}: choose the creature first.")
        return encounter.combatant(combatant_id)

    def _require_started(self, encounter: Encounter) -> None:
        if not encounter.clock.get("started"):
            raise CommandError("Priority has not started yet.")

    def _require_no_prompt(self, encounter: Encounter) -> None:
        pending = self.prompt(encounter)
        if pending is not None:
            raise CommandError(f"First answer: {pending.title} — {pending.question}")

    # --- order ----------------------------------------------------------------------
    def _insertion_index(
        self, encounter: Encounter, others: list[Combatant], value: int, batch: int
    ) -> int:
        """Where a creature of Zeal `value` enters `others` (the list without it)."""
        clock = encounter.clock
        if not clock.get("started") or self.option(encounter, "late_joiners") == "slot":
            for index, other in enumerate(others):
                if not _rt(other)["moved"] and zeal(other) < value:
                    return index
            return len(others)
        start = len(others)
        while start > 0:
            runtime = _rt(others[start - 1])
            if not (runtime["late"] and runtime["batch"] == batch):
                break
            start -= 1
        for index in range(start, len(others)):
            if zeal(others[index]) < value:
                return index
        return len(others)

    def place_new(self, encounter: Encounter, combatant: Combatant) -> int:
        batch = encounter.clock.get("round", 0)
        return self._insertion_index(encounter, encounter.combatants, zeal(combatant), batch)

    def _placeable(self, encounter: Encounter, combatant: Combatant) -> bool:
        """Zeal still sets its place: before the start, or a late joiner before its first
        turn whose place no wait or drag has changed."""
        if not encounter.clock.get("started"):
            return True
        runtime = _rt(combatant)
        return (
            runtime["late"]
            and not runtime["had_turn"]
            and not runtime["moved"]
            and not runtime["waiting"]
            and combatant.id != encounter.clock.get("current")
        )

    def _resort(self, tx: Transaction, encounter: Encounter, combatant: Combatant) -> None:
        if not self._placeable(encounter, combatant):
            return
        others = [c for c in encounter.combatants if c is not combatant]
        index = self._insertion_index(encounter, others, zeal(combatant), _rt(combatant)["batch"])
        tx.move_combatant(encounter.index_of(combatant.id), index)
        if encounter.clock.get("started"):
            self._set_first_round(tx, encounter, combatant)

    def _set_first_round(self, tx: Transaction, encounter: Encounter, combatant: Combatant) -> bool:
        """A late joiner above the current turn (or joining in the Soulweaver's turn)
        acts from the next round. Returns whether it acts this round."""
        clock = encounter.clock
        current = clock.get("current")
        later = current != SOULWEAVER and (
            current is None or encounter.index_of(combatant.id) > encounter.index_of(current)
        )
        tx.touch(combatant).runtime["done_round"] = 0 if later else clock["round"]
        return later

    def check_move(self, encounter: Encounter, combatant: Combatant, destination: int) -> None:
        source = encounter.index_of(combatant.id)
        clock = encounter.clock
        others = [c for c in encounter.combatants if c is not combatant]
        if not clock.get("started"):
            if self.option(encounter, "ties") == "reroll":
                raise CommandError("Ties are settled by re-rolling (option): nothing to drag.")
            self._tie_only(encounter, combatant, source, destination)
            return
        if clock.get("exchange"):
            raise CommandError("Reactions are open: resolve them before changing Priority.")
        if clock.get("interrupts"):
            raise CommandError("A prepared action is interrupting: end it first.")
        if not self._has_slot(encounter, combatant):
            raise CommandError(f"{combatant.name} acts inside the Soulweaver's turn.")
        runtime = _rt(combatant)
        current = clock.get("current")
        if combatant.id == current:
            if clock.get("begun"):
                raise CommandError(
                    f"{combatant.name}'s turn has begun: a creature can only delay as its "
                    "turn would start."
                )
            self._require_no_prompt(encounter)
            if destination < source:
                raise CommandError(f"{combatant.name} can only delay to a later place.")
            return
        now = (
            others.index(self._find(encounter, current))  # type: ignore[arg-type]
            if current != SOULWEAVER
            else len(others)
        )
        if runtime["waiting"]:
            pending = self.prompt(encounter)
            if pending is not None and pending.key[0] != "act_now":
                raise CommandError(f"First answer: {pending.title} — {pending.question}")
            if clock.get("gap") and destination == now:
                return  # acts now, at this place
            if destination <= now:
                raise CommandError(
                    f"That place has passed this round: {combatant.name} can act after a "
                    "turn ends, or be dragged below the creature whose turn is up."
                )
            return
        if runtime["done_round"] >= clock["round"]:
            raise CommandError(
                f"{combatant.name} has already acted this round; it may wait when its next "
                "turn would start."
            )
        if destination <= now:
            raise CommandError(f"{combatant.name} cannot move above the current turn.")
        if destination < source:
            self._tie_only(encounter, combatant, source, destination, pending_only=True)

    def _tie_only(
        self,
        encounter: Encounter,
        combatant: Combatant,
        source: int,
        destination: int,
        *,
        pending_only: bool = False,
    ) -> None:
        low, high = sorted((source, destination))
        for other in encounter.combatants[low : high + 1]:
            if zeal(other) != zeal(combatant) or (pending_only and _rt(other)["moved"]):
                raise CommandError(
                    f"{combatant.name} cannot pass {other.name}: Priority follows Zeal; only "
                    "ties (equal Zeal) are the Soulweaver's to order."
                )

    def on_moved(self, tx: Transaction, encounter: Encounter, combatant: Combatant) -> None:
        clock = encounter.clock
        if not clock.get("started"):
            return
        runtime = tx.touch(combatant).runtime
        place = encounter.index_of(combatant.id) + 1
        if combatant.id == clock.get("current"):
            runtime["moved"] = True
            tx.log(f"{combatant.name} delays: its place in Priority is now {place}.", "action")
            self._advance(tx, encounter)
            return
        if runtime["waiting"]:
            runtime["waiting"] = False
            runtime["moved"] = True
            current = clock.get("current")
            following = encounter.combatants[place] if place < len(encounter.combatants) else None
            if clock.get("gap") and (
                (following is not None and following.id == current)
                or (following is None and current == SOULWEAVER)
            ):
                self._act_now(tx, encounter, combatant, place - 1)
                return
            tx.log(
                f"{combatant.name} stops waiting and will act at place {place} in Priority.",
                "action",
            )
            self._settle_gap(tx, encounter)
            return
        # Still in Zeal order between its neighbours: a tie was ordered, not a delay.
        order = encounter.combatants
        above = order[place - 2] if place >= 2 else None
        below = order[place] if place < len(order) else None
        in_order = (above is None or zeal(above) >= zeal(combatant)) and (
            below is None or zeal(below) <= zeal(combatant)
        )
        if not in_order:
            runtime["moved"] = True
            tx.log(f"{combatant.name} delays to place {place} in Priority.", "action")

    # --- combatants -----------------------------------------------------------------
    def on_added(self, tx: Transaction, encounter: Encounter, combatant: Combatant) -> None:
        tx.touch(combatant)
        combatant.runtime = _fresh_runtime()
        self._follow_tier(tx, combatant)
        clock = encounter.clock
        if not clock.get("started"):
            return
        runtime = combatant.runtime
        runtime["late"] = True
        if self.option(encounter, "late_joiners") == "append":
            runtime["batch"] = clock["round"]
        place = encounter.index_of(combatant.id) + 1
        if not self._has_slot(encounter, combatant):
            tx.log(f"{combatant.name} joins and acts inside the Soulweaver's turn.", "change")
            return
        if self._set_first_round(tx, encounter, combatant):
            when = "acts this round"
        else:
            when = f"acts from Round {clock['round'] + 1}"
        tx.log(f"{combatant.name} joins Priority at place {place}: {when}.", "change")

    def _follow_tier(self, tx: Transaction, combatant: Combatant) -> None:
        """Ally / Enemy follows the Social Opinion Tier; party members keep their side."""
        if combatant.side == "party":
            return
        tier = int(combatant.stats.get("social_tier", 5))
        side = "ally" if tier >= ALLY_TIER else "enemy" if tier <= ENEMY_TIER else None
        if side is not None and side != combatant.side:
            tx.touch(combatant).side = side
            tx.log(f"{combatant.name} counts as {side} (Social Opinion Tier {tier}).", "change")

    def on_removed(self, tx: Transaction, encounter: Encounter, combatant: Combatant) -> None:
        clock = encounter.clock
        if not clock.get("started"):
            return
        if any(frame["by"] == combatant.id for frame in clock["interrupts"]):
            touched = tx.touch_clock()
            touched["interrupts"] = [f for f in touched["interrupts"] if f["by"] != combatant.id]
            tx.log(f"{combatant.name}'s prepared action ends: it left.", "turn")
        if any(entry[0] == combatant.id for entry in clock["overexertion"]):
            touched = tx.touch_clock()
            touched["overexertion"] = [e for e in touched["overexertion"] if e[0] != combatant.id]
        if clock.get("current") == combatant.id:
            touched = tx.touch_clock()
            touched["current"] = None
            if touched.get("gap"):
                self._set_up_next(tx, encounter)
            else:
                self._advance(tx, encounter)
        self._settle_gap(tx, encounter)
        self._close_lone_trigger(tx, encounter)

    def on_stats_changed(
        self, tx: Transaction, encounter: Encounter, combatant: Combatant, old: dict[str, Any]
    ) -> None:
        stats = combatant.stats
        if stats.get("social_tier") != old.get("social_tier"):
            self._follow_tier(tx, combatant)
        if stats.get("conflict") != old.get("conflict"):
            tx.touch(combatant).runtime["conflict_rounds"] = 0
        if stats.get("zeal") != old.get("zeal"):
            self._resort(tx, encounter, combatant)

    def summary(self, encounter: Encounter, combatant: Combatant) -> str:
        """Zeal, the pips left, and the Poise DL to leave Conflict when aware."""
        parts = [
            f"Zeal {zeal(combatant)}",
            pools_text(major_left(combatant), minor_left(combatant)),
        ]
        if in_conflict(combatant):
            parts.append(f"leave DL {leave_dl(combatant)}")
        return " · ".join(parts)

    def markers(self, encounter: Encounter, combatant: Combatant) -> tuple[str, ...]:
        runtime = _rt(combatant)
        started = encounter.clock.get("started")
        words: list[str] = []
        if in_conflict(combatant):
            words.append("in Conflict")
        if runtime["waiting"]:
            words.append("waiting")
        if runtime["prepared"]:
            words.append(f"prepared: {runtime['prepared']}")
        if started and not self._has_slot(encounter, combatant):
            words.append("acts in the Soulweaver's turn")
        if any(entry[0] == combatant.id for entry in encounter.clock.get("overexertion", [])):
            words.append("Overexertion due")
        if self._interrupted(encounter) == combatant.id:
            words.append("interrupted")
        return tuple(words)

    @staticmethod
    def _interrupted(encounter: Encounter) -> str | None:
        """Whose turn the outermost prepared action interrupted, if one is under way."""
        clock = encounter.clock
        return clock.get("current") if clock.get("interrupts") else None

    # --- rounds and turns -----------------------------------------------------------
    def start(self, tx: Transaction, encounter: Encounter) -> None:
        if not encounter.combatants:
            raise CommandError("Add creatures to Priority before it starts.")
        self._require_no_prompt(encounter)
        clock = tx.touch_clock()
        clock.update(started=True, round=1, current=None, begun=False)
        tx.log("Priority begins: Round 1 (0 s).", "start")
        self._advance(tx, encounter)

    def _set_up_next(self, tx: Transaction, encounter: Encounter) -> None:
        """The next turn comes up (not begun); the Soulweaver's too (it begins when the
        pause is over)."""
        clock = tx.touch_clock()
        clock["current"] = None
        following = next(iter(self._pending(encounter)), None)
        clock["current"] = following.id if following is not None else SOULWEAVER
        clock["begun"] = False

    def _advance(self, tx: Transaction, encounter: Encounter) -> None:
        """Bring up the next turn of this round: a creature's (up, not begun) or, with
        nobody left, the Soulweaver's (begun at once)."""
        self._set_up_next(tx, encounter)
        clock = encounter.clock
        round_ = clock["round"]
        if clock["current"] == SOULWEAVER:
            tx.log(f"Round {round_}: the Soulweaver's turn.", "turn")
            self._begin_current(tx, encounter)
        else:
            name = self._name(encounter, clock["current"])
            tx.log(f"Round {round_}: {name}'s turn.", "turn")

    def _after_turn(self, tx: Transaction, encounter: Encounter, after: str) -> None:
        """A turn ended: pause for waiting creatures if any, else move on."""
        if not self._waiting(encounter):
            self._advance(tx, encounter)
            return
        self._set_up_next(tx, encounter)
        clock = tx.touch_clock()
        clock["gap"] = {"after": after}
        waiting = ", ".join(c.name for c in self._waiting(encounter))
        tx.log(f"Waiting ({waiting}) may act now.", "turn")

    def _settle_gap(self, tx: Transaction, encounter: Encounter) -> None:
        """Close the pause once nobody waits; the Soulweaver's turn then begins."""
        clock = encounter.clock
        if not clock.get("gap") or self._waiting(encounter):
            return
        tx.touch_clock()["gap"] = None
        if clock["current"] == SOULWEAVER and not clock["begun"]:
            tx.log(f"Round {clock['round']}: the Soulweaver's turn.", "turn")
            self._begin_current(tx, encounter)

    def _begin_current(self, tx: Transaction, encounter: Encounter) -> None:
        clock = tx.touch_clock()
        clock["begun"] = True
        if clock["current"] == SOULWEAVER:
            for npc in self._npcs_in_soulweaver_turn(encounter):
                self._start_of_turn(tx, encounter, npc)
            return
        self._start_of_turn(tx, encounter, encounter.combatant(clock["current"]))

    def _start_of_turn(self, tx: Transaction, encounter: Encounter, combatant: Combatant) -> None:
        runtime = tx.touch(combatant).runtime
        runtime["had_turn"] = True
        cleared = " (pips marked before it clear)" if runtime["major"] or runtime["minor"] else ""
        runtime.update(major=0, minor=0, tricks=[])
        pools = pools_text(MAJOR_POOL, minor_pool(combatant))
        tx.log(f"{combatant.name}'s turn begins: {pools}{cleared}.", "turn")
        if runtime["prepared"]:
            tx.log(
                f"{combatant.name}'s prepared action ({runtime['prepared']}) lapses unused.",
                "change",
            )
            runtime["prepared"] = None
        self._tick(tx, encounter, combatant, waiting=False)

    def _tick(
        self, tx: Transaction, encounter: Encounter, combatant: Combatant, *, waiting: bool
    ) -> None:
        """In Conflict, each non-Ritual effect the creature created loses 1; at 0 it ends
        (the core expires it at the TurnBegan point)."""
        if in_conflict(combatant):
            for effect in list(encounter.effects):
                anchor = effect.anchor
                if effect.creator_id != combatant.id or "left" not in anchor:
                    continue
                tx.touch_effect(effect)
                anchor["left"] -= 1
                if anchor["left"] > 0:
                    carrier = self._name(encounter, effect.carrier_id)
                    tx.log(
                        f"{effect.name} on {carrier}: {self.remaining(encounter, effect)}.",
                        "change",
                    )
        tx.reach(TurnBegan(combatant.id, encounter.clock["round"], waiting))

    def end_turn(self, tx: Transaction, encounter: Encounter) -> None:
        clock = encounter.clock
        if clock.get("interrupts"):
            self._require_no_prompt(encounter)
            self._end_interrupt(tx, encounter)
            return
        self._require_no_prompt(encounter)
        current = clock["current"]
        if current == SOULWEAVER:
            self._end_round(tx, encounter)
            return
        combatant = encounter.combatant(current)
        if not clock["begun"]:
            self._begin_current(tx, encounter)
        round_ = clock["round"]
        tx.touch(combatant).runtime["done_round"] = round_
        tx.log(f"{combatant.name}'s turn ends.", "turn")
        tx.touch_clock()["current"] = None
        tx.reach(TurnEnded(combatant.id, round_))
        self._after_turn(tx, encounter, combatant.id)

    def _end_round(self, tx: Transaction, encounter: Encounter) -> None:
        clock = tx.touch_clock()
        round_ = clock["round"]
        tx.log("The Soulweaver's turn ends.", "turn")
        clock["current"] = None
        tx.reach(TurnEnded(None, round_))
        lose = self.option(encounter, "waiting_at_soulweaver") == "lose_turn"
        for waiting in self._waiting(encounter):
            tx.log(
                f"{waiting.name} is still waiting: its effects tick as if its turn had started.",
                "turn",
            )
            self._tick(tx, encounter, waiting, waiting=True)
            if lose:
                runtime = tx.touch(waiting).runtime
                runtime["waiting"] = False
                runtime["done_round"] = round_
                tx.log(f"{waiting.name} loses Round {round_}'s turn.", "turn")
        for other in encounter.combatants:  # NPCs inside the Soulweaver's turn never wait
            if _rt(other)["waiting"] and not self._has_slot(encounter, other):
                tx.touch(other).runtime["waiting"] = False
        tx.reach(RoundEnded(round_))
        for creature in encounter.combatants:
            if not in_conflict(creature):
                continue
            runtime = tx.touch(creature).runtime
            runtime["conflict_rounds"] += 1
            if runtime["conflict_rounds"] % MINUTE_ROUNDS == 0:
                minute = runtime["conflict_rounds"] // MINUTE_ROUNDS
                clock["overexertion"].append([creature.id, minute])
                unit = "minute" if minute == 1 else "minutes"
                tx.log(
                    f"{creature.name} has been in Conflict for {minute} {unit}: roll Overexertion.",
                    "turn",
                )
        clock["round"] = round_ + 1
        tx.log(f"Round {round_ + 1} begins ({self.elapsed(round_ + 1)} s).", "turn")
        self._after_turn(tx, encounter, SOULWEAVER)

    def _holder_name(self, encounter: Encounter) -> str:
        clock = encounter.clock
        if clock.get("interrupts"):
            return self._name(encounter, clock["interrupts"][-1]["by"])
        return self._name(encounter, clock.get("current"))

    def _end_interrupt(self, tx: Transaction, encounter: Encounter) -> None:
        clock = tx.touch_clock()
        frame = clock["interrupts"].pop()
        name = self._name(encounter, frame["by"])
        tx.log(
            f"{name}'s prepared action ends; {self._holder_name(encounter)}'s turn resumes.",
            "turn",
        )

    # --- turns as views see them ----------------------------------------------------
    def current_turn(self, encounter: Encounter) -> Turn | None:
        clock = encounter.clock
        if not clock.get("started"):
            return None
        if clock.get("interrupts"):
            depth = len(clock["interrupts"]) - 1
            return self._interrupt_turn(encounter, depth)
        if clock["current"] == SOULWEAVER:
            return self._soulweaver_turn(encounter, clock["round"], current=True)
        combatant = encounter.combatant(clock["current"])
        return self._creature_turn(encounter, combatant, clock["round"], current=True)

    def upcoming_turns(self, encounter: Encounter, limit: int) -> list[Turn]:
        clock = encounter.clock
        turns: list[Turn] = []
        if not clock.get("started"):
            for combatant in encounter.combatants:
                if self._has_slot(encounter, combatant):
                    turns.append(self._creature_turn(encounter, combatant, 0))
            turns.append(self._soulweaver_turn(encounter, 0))
            return turns[:limit]
        for depth in reversed(range(len(clock.get("interrupts", [])))):
            turns.append(self._interrupt_turn(encounter, depth))
        round_ = clock["round"]
        if clock["current"] == SOULWEAVER:
            turns.append(self._soulweaver_turn(encounter, round_, current=True))
        else:
            current = encounter.combatant(clock["current"])
            turns.append(self._creature_turn(encounter, current, round_, current=True))
            for combatant in self._pending(encounter):
                turns.append(self._creature_turn(encounter, combatant, round_))
            turns.append(self._soulweaver_turn(encounter, round_))
        keep = self.option(encounter, "waiting_at_soulweaver") == "keep_waiting"
        while len(turns) < limit:
            round_ += 1
            for combatant in encounter.combatants:
                if self._has_slot(encounter, combatant) and not (
                    keep and _rt(combatant)["waiting"]
                ):
                    turns.append(self._creature_turn(encounter, combatant, round_))
            turns.append(self._soulweaver_turn(encounter, round_))
        return turns[:limit]

    def _creature_turn(
        self, encounter: Encounter, combatant: Combatant, round_: int, *, current: bool = False
    ) -> Turn:
        begun = current and bool(encounter.clock.get("begun"))
        if begun:
            major, minor = major_left(combatant), minor_left(combatant)
        else:
            major, minor = MAJOR_POOL, minor_pool(combatant)
        place = encounter.index_of(combatant.id) + 1
        return Turn(
            combatant_id=combatant.id,
            key=(round_, combatant.id),
            round=round_,
            phase=f"Priority {place} · Zeal {zeal(combatant)}",
            grant=pools_text(major, minor),
            values={
                "round": round_,
                "elapsed": self.elapsed(round_),
                "place": place,
                "zeal": zeal(combatant),
                "begun": begun,
                "major_left": major,
                "minor_left": minor,
                "major_pool": MAJOR_POOL,
                "minor_pool": minor_pool(combatant),
                "tricks": list(_rt(combatant)["tricks"]) if begun else [],
                "leave_dl": leave_dl(combatant),
            },
        )

    def _soulweaver_turn(self, encounter: Encounter, round_: int, *, current: bool = False) -> Turn:
        npcs = [c.name for c in self._npcs_in_soulweaver_turn(encounter)]
        return Turn(
            combatant_id=None,
            key=(round_, SOULWEAVER),
            round=round_,
            phase="last in the round",
            grant=("NPCs act: " + ", ".join(npcs)) if npcs else "",
            values={
                "round": round_,
                "elapsed": self.elapsed(round_),
                "begun": current and bool(encounter.clock.get("begun")),
                "npcs": npcs,
            },
            title="Soulweaver",
        )

    def _interrupt_turn(self, encounter: Encounter, depth: int) -> Turn:
        clock = encounter.clock
        frames = clock["interrupts"]
        frame = frames[depth]
        if depth > 0:
            interrupted = self._name(encounter, frames[depth - 1]["by"])
        else:
            interrupted = self._name(encounter, clock["current"])
        round_ = clock["round"]
        return Turn(
            combatant_id=frame["by"],
            key=("prepared", round_, frame["by"], depth),
            round=round_,
            phase=f"Prepared action ({frame['trigger']})",
            grant=f"a single action, already paid; {interrupted}'s turn waits",
            values={
                "round": round_,
                "elapsed": self.elapsed(round_),
                "begun": True,
                "interrupts": interrupted,
                "trigger": frame["trigger"],
            },
        )

    # --- actions --------------------------------------------------------------------
    def perform(
        self,
        tx: Transaction,
        encounter: Encounter,
        action: str,
        combatant_id: str | None,
        params: dict[str, Any],
    ) -> None:
        handler = getattr(self, f"_do_{action}", None)
        if handler is None:
            raise CommandError(f"{self.name} has no action {action!r}.")
        handler(tx, encounter, combatant_id, params)

    def _actor(self, tx: Transaction, encounter: Encounter, combatant_id: str | None) -> Combatant:
        """The creature taking an action on its own turn (an NPC inside the Soulweaver's
        turn must be named); begins a turn that is only up."""
        self._require_started(encounter)
        clock = encounter.clock
        if clock.get("interrupts"):
            raise CommandError(
                "A prepared action is interrupting: its single action is already paid by the "
                "Prepare Action. End it first."
            )
        if clock.get("exchange"):
            raise CommandError("Reactions are open: resolve them first.")
        current = clock["current"]
        if current == SOULWEAVER:
            if combatant_id is None:
                raise CommandError("The Soulweaver's turn has no action pools: name the NPC.")
            combatant = encounter.combatant(combatant_id)
            if self._has_slot(encounter, combatant):
                raise CommandError(
                    f"It is not {combatant.name}'s turn: off its turn it can only react."
                )
        else:
            combatant = encounter.combatant(combatant_id or current)
            if combatant.id != current:
                raise CommandError(
                    f"It is not {combatant.name}'s turn: off its turn it can only react."
                )
        if not clock["begun"]:
            self._require_no_prompt(encounter)
            self._begin_current(tx, encounter)
        return combatant

    def _pay_minor(self, tx: Transaction, combatant: Combatant, what: str) -> str:
        runtime = tx.touch(combatant).runtime
        if minor_left(combatant) > 0:
            runtime["minor"] += 1
            return "a Minor"  # "… paying a Minor" / "… paying with the Major (…)"
        if major_left(combatant) > 0:
            runtime["major"] += 1
            return "with the Major"
        raise CommandError(
            f"{combatant.name} has no Minor or Major Action left for {what} ({pools_text(0, 0)})."
        )

    def _left(self, combatant: Combatant) -> str:
        return pools_text(major_left(combatant), minor_left(combatant)) + " left"

    def _do_begin_turn(self, tx, encounter, combatant_id, params) -> None:
        self._require_started(encounter)
        clock = encounter.clock
        if clock.get("interrupts"):
            raise CommandError("A prepared action is interrupting: end it first.")
        if clock["current"] == SOULWEAVER or clock["begun"]:
            raise CommandError("The current turn has already begun.")
        if combatant_id not in (None, clock["current"]):
            raise CommandError(f"It is not {self._name(encounter, combatant_id)}'s turn.")
        self._require_no_prompt(encounter)
        self._begin_current(tx, encounter)

    def _do_wait(self, tx, encounter, combatant_id, params) -> None:
        self._require_started(encounter)
        clock = encounter.clock
        if clock.get("interrupts"):
            raise CommandError("A prepared action is interrupting: end it first.")
        if clock["current"] == SOULWEAVER:
            raise CommandError("The Soulweaver's turn cannot wait.")
        combatant = encounter.combatant(clock["current"])
        if combatant_id not in (None, combatant.id):
            raise CommandError(
                f"Only {combatant.name}, whose turn would start, can wait now "
                f"({self._name(encounter, combatant_id)} waits when its own turn comes)."
            )
        if clock["begun"]:
            raise CommandError(
                f"{combatant.name}'s turn has begun: a creature can only wait as its turn "
                "would start."
            )
        self._require_no_prompt(encounter)
        tx.touch(combatant).runtime["waiting"] = True
        tx.log(f"{combatant.name} waits.", "action")
        self._advance(tx, encounter)

    def _gap_open(self, encounter: Encounter) -> None:
        self._require_started(encounter)
        pending = self.prompt(encounter)
        if pending is None or pending.key[0] != "act_now":
            if encounter.clock.get("gap") and pending is not None:
                raise CommandError(f"First answer: {pending.title} — {pending.question}")
            raise CommandError("No one can act now: that is offered only after a turn ends.")

    def _do_act_now(self, tx, encounter, combatant_id, params) -> None:
        self._gap_open(encounter)
        combatant = self._need(encounter, combatant_id, "Act now")
        if combatant.id not in [c.id for c in self._waiting(encounter)]:
            raise CommandError(f"{combatant.name} is not waiting.")
        clock = encounter.clock
        after = clock["gap"]["after"]
        others = [c for c in encounter.combatants if c is not combatant]
        ids = [c.id for c in others]
        if after == SOULWEAVER:
            index = 0
        elif after in ids:
            index = ids.index(after) + 1
        elif clock["current"] in ids:
            index = ids.index(clock["current"])
        else:
            index = len(others)
        tx.move_combatant(encounter.index_of(combatant.id), index)
        runtime = tx.touch(combatant).runtime
        runtime["waiting"] = False
        runtime["moved"] = True
        self._act_now(tx, encounter, combatant, index)

    def _act_now(
        self, tx: Transaction, encounter: Encounter, combatant: Combatant, index: int
    ) -> None:
        clock = tx.touch_clock()
        after = clock["gap"]["after"]
        clock["gap"] = None
        when = (
            "as the round begins"
            if after == SOULWEAVER
            else f"after {self._name(encounter, after)}'s turn"
        )
        tx.log(
            f"{combatant.name} acts now, {when}: its place in Priority is now {index + 1}.",
            "action",
        )
        clock["current"] = combatant.id
        clock["begun"] = False
        self._begin_current(tx, encounter)

    def _do_no_one_acts(self, tx, encounter, combatant_id, params) -> None:
        self._gap_open(encounter)
        clock = tx.touch_clock()
        clock["gap"] = None
        tx.log("No waiting creature acts now.", "action")
        if clock["current"] == SOULWEAVER:
            tx.log(f"Round {clock['round']}: the Soulweaver's turn.", "turn")
            self._begin_current(tx, encounter)
        else:
            tx.log(
                f"Round {clock['round']}: {self._name(encounter, clock['current'])}'s turn.", "turn"
            )

    def _do_major(self, tx, encounter, combatant_id, params) -> None:
        combatant = self._actor(tx, encounter, combatant_id)
        if major_left(combatant) == 0:
            raise CommandError(
                f"{combatant.name} has no Major Action left ({self._left(combatant)})."
            )
        tx.touch(combatant).runtime["major"] += 1
        what = f": {params['what']}" if params["what"].strip() else ""
        tx.log(f"{combatant.name} takes a Major Action{what} ({self._left(combatant)}).", "action")

    def _do_minor(self, tx, encounter, combatant_id, params) -> None:
        combatant = self._actor(tx, encounter, combatant_id)
        paid = self._pay_minor(tx, combatant, "a Minor Action")
        what = f": {params['what']}" if params["what"].strip() else ""
        tx.log(
            f"{combatant.name} takes a Minor Action{what}, paying {paid} "
            f"({self._left(combatant)}).",
            "action",
        )

    def _do_trick(self, tx, encounter, combatant_id, params) -> None:
        name = params["name"].strip()
        if not name:
            raise CommandError("Name the Trick.", "name")
        combatant = self._actor(tx, encounter, combatant_id)
        used = _rt(combatant)["tricks"]
        if name.casefold() in (t.casefold() for t in used):
            raise CommandError(f"{combatant.name} already used the Trick “{name}” this turn.")
        paid = self._pay_minor(tx, combatant, f"the Trick “{name}”")
        combatant.runtime["tricks"] = [*used, name]
        tx.log(
            f"{combatant.name} uses the Trick “{name}”, paying {paid} ({self._left(combatant)}).",
            "action",
        )

    def _do_prepare(self, tx, encounter, combatant_id, params) -> None:
        trigger = params["trigger"].strip()
        if not trigger:
            raise CommandError("Name the event that triggers the prepared action.", "trigger")
        combatant = self._actor(tx, encounter, combatant_id)
        if major_left(combatant) == 0:
            raise CommandError(
                f"Prepare Action is a Major Action; {combatant.name} has none left "
                f"({self._left(combatant)})."
            )
        runtime = tx.touch(combatant).runtime
        runtime["major"] += 1
        runtime["prepared"] = trigger
        tx.log(
            f"{combatant.name} prepares an action for: {trigger} ({self._left(combatant)}).",
            "action",
        )

    def _do_fire_prepared(self, tx, encounter, combatant_id, params) -> None:
        self._require_started(encounter)
        combatant = self._need(encounter, combatant_id, "Fire prepared action")
        runtime = _rt(combatant)
        if not runtime["prepared"]:
            raise CommandError(f"{combatant.name} has no prepared action.")
        clock = encounter.clock
        if clock.get("exchange"):
            raise CommandError("Reactions are open: the prepared action fires once they resolve.")
        if not clock.get("interrupts") and clock["current"] == combatant.id:
            raise CommandError(f"{combatant.name} cannot interrupt its own turn.")
        interrupted = self._holder_name(encounter)
        trigger = runtime["prepared"]
        tx.touch(combatant).runtime["prepared"] = None
        tx.touch_clock()["interrupts"].append({"by": combatant.id, "trigger": trigger})
        tx.log(
            f"{combatant.name}'s prepared action fires ({trigger}): it interrupts "
            f"{interrupted}'s turn to move and take a single action.",
            "turn",
        )

    # --- Conflict -------------------------------------------------------------------
    def _do_enter_conflict(self, tx, encounter, combatant_id, params) -> None:
        combatant = self._need(encounter, combatant_id, "Enter Conflict")
        if in_conflict(combatant):
            raise CommandError(f"{combatant.name} is already in Conflict.")
        how = params["how"]
        paid = ""
        if how == "minor":
            self._require_started(encounter)
            clock = encounter.clock
            if (
                combatant.id == clock["current"]
                and not clock["begun"]
                and not clock.get("interrupts")
            ):
                self._require_no_prompt(encounter)
                self._begin_current(tx, encounter)
            paid = f", paying {self._pay_minor(tx, combatant, 'entering Conflict')}"
            paid += f" ({self._left(combatant)})"
        tx.touch(combatant).stats["conflict"] = True
        combatant.runtime["conflict_rounds"] = 0
        tx.log(f"{combatant.name} enters Conflict ({CONFLICT_ENTRIES[how]}){paid}.", "action")

    def _do_leave_conflict(self, tx, encounter, combatant_id, params) -> None:
        combatant = self._need(encounter, combatant_id, "Leave Conflict")
        if not in_conflict(combatant):
            raise CommandError(f"{combatant.name} is not in Conflict.")
        how = params["how"]
        dl = leave_dl(combatant)
        grit = int(combatant.stats.get("grit_pips", 0))
        if how == "gm":
            text = f"{combatant.name} leaves Conflict (set by the Soulweaver)."
        else:
            self._actor(tx, encounter, combatant.id)
            if how == "unaware":
                paid = self._pay_minor(tx, combatant, "leaving Conflict")
                text = (
                    f"{combatant.name} leaves Conflict, aware of no threat, paying {paid} "
                    f"({self._left(combatant)})."
                )
            else:
                if major_left(combatant) == 0:
                    raise CommandError(
                        f"Leaving Conflict while aware of a threat is a Major Action with a "
                        f"Poise roll, DL {dl}; {combatant.name} has no Major Action left."
                    )
                tx.touch(combatant).runtime["major"] += 1
                poise = params["poise"]
                roll = f"Poise {poise} against DL {dl} (9 + {grit} Grit Pips)"
                if poise < dl:
                    tx.log(
                        f"{combatant.name} tries to leave Conflict (Major Action): {roll} "
                        f"fails; it stays in Conflict ({self._left(combatant)}).",
                        "action",
                    )
                    return
                text = (
                    f"{combatant.name} leaves Conflict (Major Action): {roll} succeeds "
                    f"({self._left(combatant)})."
                )
        tx.touch(combatant).stats["conflict"] = False
        combatant.runtime["conflict_rounds"] = 0
        tx.log(text, "action")

    def _do_overexertion(self, tx, encounter, combatant_id, params) -> None:
        combatant = self._need(encounter, combatant_id, "Overexertion")
        entries = encounter.clock.get("overexertion", [])
        entry = next((e for e in entries if e[0] == combatant.id), None)
        if entry is None:
            raise CommandError(f"{combatant.name} owes no Overexertion roll.")
        clock = tx.touch_clock()
        clock["overexertion"].remove(entry)
        result = params["result"].strip()
        shown = f": {result}" if result else ""
        unit = "minute" if entry[1] == 1 else "minutes"
        tx.log(
            f"{combatant.name} rolls Overexertion after {entry[1]} {unit} in Conflict{shown}.",
            "action",
        )

    # --- Zeal and ties --------------------------------------------------------------
    def _do_roll_zeal(self, tx, encounter, combatant_id, params) -> None:
        combatant = self._need(encounter, combatant_id, "Roll Zeal")
        if not self._placeable(encounter, combatant):
            raise CommandError(
                f"{combatant.name}'s place in Priority is settled; drag it to delay, or edit "
                "its Zeal."
            )
        result = params["result"]
        dice = combatant.stats.get("zeal_dice", "")
        tx.touch(combatant).stats["zeal"] = result
        combatant.runtime["tiebreak"] = []
        shown = f" ({dice})" if dice else ""
        tx.log(f"{combatant.name} rolls Zeal{shown}: {result}.", "action")
        self._resort(tx, encounter, combatant)

    def tie_groups(self, encounter: Encounter) -> list[list[Combatant]]:
        """Unsettled ties (option "reroll"): runs of neighbours of equal Zeal (and batch)
        that have not acted, in which someone still owes a re-roll."""
        if self.option(encounter, "ties") != "reroll":
            return []
        groups: list[list[Combatant]] = []
        run: list[Combatant] = []
        for combatant in encounter.combatants:
            if self._tie_candidate(encounter, combatant):
                if run and (zeal(run[-1]), _rt(run[-1])["batch"]) == (
                    zeal(combatant),
                    _rt(combatant)["batch"],
                ):
                    run.append(combatant)
                    continue
                if len(run) > 1:
                    groups.append(run)
                run = [combatant]
            else:
                if len(run) > 1:
                    groups.append(run)
                run = []
        if len(run) > 1:
            groups.append(run)
        return [group for group in groups if self._owing(group)]

    def _tie_candidate(self, encounter: Encounter, combatant: Combatant) -> bool:
        if not encounter.clock.get("started"):
            return True
        return self._placeable(encounter, combatant)

    @staticmethod
    def _owing(group: list[Combatant]) -> list[Combatant]:
        """Members whose results so far are the start of another member's."""
        return [
            member
            for member in group
            if any(
                other is not member and _is_prefix(_rt(member)["tiebreak"], _rt(other)["tiebreak"])
                for other in group
            )
        ]

    def _do_reroll_tie(self, tx, encounter, combatant_id, params) -> None:
        combatant = self._need(encounter, combatant_id, "Tie re-roll")
        group = next(
            (g for g in self.tie_groups(encounter) if any(c is combatant for c in g)), None
        )
        if group is None or not any(c is combatant for c in self._owing(group)):
            raise CommandError(f"{combatant.name} owes no tie re-roll.")
        result = params["result"]
        runtime = tx.touch(combatant).runtime
        runtime["tiebreak"] = [*runtime["tiebreak"], result]
        tx.log(f"{combatant.name} re-rolls the Zeal tie: {result}.", "action")
        if self._owing(group):
            return
        first = encounter.index_of(group[0].id)
        ordered = sorted(group, key=lambda c: _rt(c)["tiebreak"], reverse=True)
        for offset, member in enumerate(ordered):
            tx.move_combatant(encounter.index_of(member.id), first + offset)
        tx.log(
            f"Tie at Zeal {zeal(combatant)} settled: {', '.join(c.name for c in ordered)}.",
            "change",
        )

    # --- reactions ------------------------------------------------------------------
    def _reactable(self, encounter: Encounter, combatant: Combatant) -> list[dict[str, Any]]:
        """Stack items the creature may react to, newest first."""
        exchange = encounter.clock.get("exchange")
        if not exchange:
            return []
        return [
            item
            for item in reversed(exchange["items"])
            if item["by"] != combatant.id and combatant.id not in item["reacted"]
        ]

    def _may_react(self, encounter: Encounter, combatant: Combatant) -> bool:
        return (
            _rt(combatant)["had_turn"]
            and (minor_left(combatant) > 0 or major_left(combatant) > 0)
            and bool(self._reactable(encounter, combatant))
        )

    def _asker(self, encounter: Encounter) -> Combatant | None:
        """The creature deciding now in the current pass, or None when the pass is over."""
        exchange = encounter.clock.get("exchange")
        if not exchange or not exchange.get("asking"):
            return None
        asking = exchange["asking"]
        for combatant_id in asking["order"][asking["pos"] :]:
            combatant = self._find(encounter, combatant_id)
            if combatant is not None and self._may_react(encounter, combatant):
                return combatant
        return None

    def _do_raise_trigger(self, tx, encounter, combatant_id, params) -> None:
        self._require_started(encounter)
        text = params["text"].strip()
        if not text:
            raise CommandError("Say what the trigger is.", "text")
        source = self._find(encounter, combatant_id) if combatant_id is not None else None
        if self._asker(encounter) is not None:
            raise CommandError(
                "Creatures are still deciding whether to react: answer them first; a new "
                "trigger is raised while the stack resolves."
            )
        clock = tx.touch_clock()
        if not clock.get("exchange"):
            clock["exchanges"] = clock.get("exchanges", 0) + 1
            clock["exchange"] = {"id": clock["exchanges"], "items": [], "next": 1, "asking": None}
        exchange = clock["exchange"]
        number = exchange["next"]
        exchange["next"] += 1
        exchange["items"].append(
            {
                "id": number,
                "kind": "trigger",
                "text": text,
                "by": source.id if source else None,
                "by_name": source.name if source else None,
                "to": None,
                "reacted": [],
            }
        )
        exchange["asking"] = {"order": [c.id for c in reversed(encounter.combatants)], "pos": 0}
        by = f" by {source.name}" if source else ""
        tx.log(f"Trigger #{number}{by}: {text}.", "action")
        self._close_lone_trigger(tx, encounter)

    def _close_lone_trigger(self, tx: Transaction, encounter: Encounter) -> None:
        """A single trigger nobody can react to completes at once."""
        exchange = encounter.clock.get("exchange")
        if exchange and len(exchange["items"]) == 1 and self._asker(encounter) is None:
            tx.touch_clock()["exchange"] = None
            tx.log("No one can react: the trigger completes.", "action")

    def _check_asker(self, encounter: Encounter, combatant_id: str | None) -> Combatant:
        combatant = self._need(encounter, combatant_id, "Reaction")
        if not encounter.clock.get("exchange"):
            raise CommandError("No trigger is waiting for reactions.")
        asker = self._asker(encounter)
        if asker is None:
            raise CommandError("No one is deciding on a reaction now: resolve the stack.")
        if asker is not combatant:
            raise CommandError(f"It is {asker.name}'s moment to decide, not {combatant.name}'s.")
        return combatant

    def _decided(self, tx: Transaction, encounter: Encounter, combatant: Combatant) -> None:
        asking = tx.touch_clock()["exchange"]["asking"]
        asking["pos"] = asking["order"].index(combatant.id) + 1

    def _do_react(self, tx, encounter, combatant_id, params) -> None:
        combatant = self._check_asker(encounter, combatant_id)
        options = self._reactable(encounter, combatant)
        target_id = params["to"] or options[0]["id"]
        target = next((item for item in options if item["id"] == target_id), None)
        if target is None:
            raise CommandError(
                f"{combatant.name} cannot react to #{target_id}: not on the stack, its own, "
                "or already reacted to."
            )
        paid = self._pay_minor(tx, combatant, "a reaction")
        self._decided(tx, encounter, combatant)
        exchange = encounter.clock["exchange"]
        for item in exchange["items"]:
            if item["id"] == target_id:
                item["reacted"].append(combatant.id)
        number = exchange["next"]
        exchange["next"] += 1
        text = params["text"].strip() or "a reaction"
        exchange["items"].append(
            {
                "id": number,
                "kind": "reaction",
                "text": text,
                "by": combatant.id,
                "by_name": combatant.name,
                "to": target_id,
                "reacted": [],
            }
        )
        tx.log(
            f"{combatant.name} reacts to #{target_id}: {text} (#{number}), paying {paid} "
            f"({self._left(combatant)}).",
            "action",
        )

    def _do_pass(self, tx, encounter, combatant_id, params) -> None:
        combatant = self._check_asker(encounter, combatant_id)
        self._decided(tx, encounter, combatant)
        tx.log(f"{combatant.name} does not react.", "action")
        self._close_lone_trigger(tx, encounter)

    def _do_resolve(self, tx, encounter, combatant_id, params) -> None:
        exchange = encounter.clock.get("exchange")
        if not exchange:
            raise CommandError("There is no reaction stack to resolve.")
        asker = self._asker(encounter)
        if asker is not None:
            raise CommandError(f"{asker.name} is still deciding whether to react.")
        clock = tx.touch_clock()
        exchange = clock["exchange"]
        exchange["asking"] = None
        item = exchange["items"].pop()
        tx.log(f"Completed: {self._item_line(item)}.", "action")
        if not exchange["items"]:
            clock["exchange"] = None
            tx.log("The reactions are over.", "action")

    @staticmethod
    def _item_line(item: dict[str, Any]) -> str:
        by = item["by_name"] or "no creature"
        if item["kind"] == "trigger":
            return f"#{item['id']} trigger by {by}: {item['text']}"
        return f"#{item['id']} {by} reacts to #{item['to']}: {item['text']}"

    def stack_lines(self, encounter: Encounter) -> tuple[str, ...]:
        """The reaction stack, newest (completed first) on top."""
        exchange = encounter.clock.get("exchange")
        if not exchange:
            return ()
        return tuple(self._item_line(item) for item in reversed(exchange["items"]))

    # --- prompts --------------------------------------------------------------------
    def prompt(self, encounter: Encounter) -> Prompt | None:
        clock = encounter.clock
        if clock.get("exchange"):
            return self._reaction_prompt(encounter)
        groups = self.tie_groups(encounter)
        if groups:
            return self._tie_prompt(encounter, groups[0])
        if clock.get("overexertion"):
            return self._overexertion_prompt(encounter)
        if clock.get("gap") and not clock.get("interrupts") and self._waiting(encounter):
            return self._gap_prompt(encounter)
        return None

    def _reaction_prompt(self, encounter: Encounter) -> Prompt:
        exchange = encounter.clock["exchange"]
        context = self.stack_lines(encounter)
        asker = self._asker(encounter)
        top = exchange["items"][-1]
        if asker is not None:
            answers = [
                PromptAnswer(
                    f"React to #{item['id']} ({item['by_name'] or 'no creature'}: {item['text']})",
                    RulesetAction("react", asker.id, {"to": item["id"], "text": ""}),
                    (REACTION_TEXT,),
                )
                for item in self._reactable(encounter, asker)
            ]
            answers.append(PromptAnswer("Pass", RulesetAction("pass", asker.id)))
            pays = "a Minor" if minor_left(asker) > 0 else "the Major (no Minor left)"
            return Prompt(
                key=("react", exchange["id"], top["id"], asker.id),
                title="Reaction?",
                question=(
                    f"Does {asker.name} react (in reverse Priority)? A reaction costs {pays}."
                ),
                answers=tuple(answers),
                asks=asker.id,
                context=context,
            )
        answers = [PromptAnswer("Completed", RulesetAction("resolve"))]
        answers.append(
            PromptAnswer(
                "It causes a new trigger",
                RulesetAction(
                    "raise_trigger",
                    top["by"] if self._find(encounter, top["by"]) else None,
                    {"text": ""},
                ),
                (TRIGGER_TEXT,),
            )
        )
        return Prompt(
            key=("resolve", exchange["id"], top["id"]),
            title="Complete the reactions",
            question=f"No one else reacts. Complete the newest first: {self._item_line(top)}.",
            answers=tuple(answers),
            context=context,
        )

    def _tie_prompt(self, encounter: Encounter, group: list[Combatant]) -> Prompt:
        # Everyone tied re-rolls once before anyone re-rolls again.
        asked = min(self._owing(group), key=lambda c: len(_rt(c)["tiebreak"]))
        names = ", ".join(c.name for c in group)
        context = tuple(
            f"{c.name}: re-rolls so far {', '.join(map(str, _rt(c)['tiebreak'])) or 'none'}"
            for c in group
        )
        level = len(_rt(asked)["tiebreak"]) + 1
        return Prompt(
            key=("tie", tuple(c.id for c in group), asked.id, level),
            title="Zeal tie",
            question=f"{names} tie at Zeal {zeal(asked)}: re-roll Zeal for {asked.name}.",
            answers=(
                PromptAnswer(
                    "Re-roll result",
                    RulesetAction("reroll_tie", asked.id, {"result": 0}),
                    (REROLL_RESULT,),
                ),
            ),
            asks=asked.id,
            context=context,
        )

    def _overexertion_prompt(self, encounter: Encounter) -> Prompt:
        entries = encounter.clock["overexertion"]
        combatant_id, minute = entries[0]
        name = self._name(encounter, combatant_id)
        unit = "minute" if minute == 1 else "minutes"
        return Prompt(
            key=("overexertion", combatant_id, minute),
            title="Overexertion",
            question=(
                f"{name} has been in Conflict for {minute} {unit} "
                f"({minute * MINUTE_ROUNDS} rounds): roll Overexertion."
            ),
            answers=(
                PromptAnswer(
                    "Rolled",
                    RulesetAction("overexertion", combatant_id, {"result": ""}),
                    (OVEREXERTION_RESULT,),
                ),
            ),
            asks=combatant_id,
            context=tuple(f"{self._name(encounter, cid)}: minute {m}" for cid, m in entries),
        )

    def _gap_prompt(self, encounter: Encounter) -> Prompt:
        clock = encounter.clock
        after = clock["gap"]["after"]
        waiting = self._waiting(encounter)
        if after == SOULWEAVER:
            moment = f"Round {clock['round']} begins"
        else:
            moment = f"{self._name(encounter, after)}'s turn is over"
        answers = [
            PromptAnswer(f"{c.name} acts now", RulesetAction("act_now", c.id)) for c in waiting
        ]
        answers.append(PromptAnswer("No one acts now", RulesetAction("no_one_acts")))
        upcoming = self._name(encounter, clock["current"])
        return Prompt(
            key=("act_now", clock["round"], after, tuple(c.id for c in waiting)),
            title="Waiting creatures",
            question=f"{moment}: does a waiting creature take its turn now?",
            answers=tuple(answers),
            asks=waiting[0].id if len(waiting) == 1 else None,
            context=(
                "Waiting: " + ", ".join(c.name for c in waiting),
                f"Next otherwise: {upcoming}",
            ),
        )

    # --- durations ------------------------------------------------------------------
    def anchor_effect(self, encounter: Encounter, effect: Effect) -> dict[str, Any]:
        if effect.duration.get("ritual"):
            return {"ritual": True}
        return {"left": int(effect.duration["amount"])}

    def expires_at(self, encounter: Encounter, effect: Effect, point: Any) -> bool:
        return (
            isinstance(point, TurnBegan)
            and point.combatant_id == effect.creator_id
            and effect.anchor.get("left", 1) <= 0
        )

    def remaining_unnamed(self, encounter: Encounter, effect: Effect) -> str:
        left = effect.anchor.get("left")
        return f"{left} more of its creator's turns" if isinstance(left, int) else ""

    def ends_soon(self, encounter: Encounter, effect: Effect) -> bool:
        """An effect with 1 left whose creator is in Conflict ends as the creator's turn
        begins: soon when that turn is the current one, up but not begun, or the next
        one (an NPC's turn begins with the Soulweaver's when NPCs act inside it). A
        creator still waiting ticks as the Soulweaver's turn ends: soon when that turn
        is the current one or the next. Rituals and effects without a creator never."""
        anchor = effect.anchor
        if not encounter.clock.get("started") or anchor.get("left", 2) > 1:
            return False
        creator = self._find(encounter, effect.creator_id)
        if creator is None or not in_conflict(creator):
            return False
        waiting = _rt(creator)["waiting"] and self._has_slot(encounter, creator)
        for turn in self.upcoming_turns(encounter, 2)[:2]:
            if "interrupts" in turn.values:  # a prepared action: nobody's turn begins
                continue
            if waiting:
                if turn.combatant_id is None:
                    return True
            elif turn.values["begun"]:
                continue
            elif turn.combatant_id == creator.id or (
                turn.combatant_id is None and not self._has_slot(encounter, creator)
            ):
                return True
        return False

    def remaining(self, encounter: Encounter, effect: Effect) -> str:
        anchor = effect.anchor
        if anchor.get("ritual"):
            return "Ritual: does not tick in Conflict (end it by hand)"
        left = anchor["left"]
        turns = f"{left} turn" if left == 1 else f"{left} turns"
        if effect.creator_id is None:
            return f"{turns}, but no creator to count them (end it by hand)"
        creator = self._find(encounter, effect.creator_id)
        if creator is None:
            return f"{turns}, but its creator left (end it by hand)"
        return f"{left} more of {creator.name}'s turns in Conflict"
