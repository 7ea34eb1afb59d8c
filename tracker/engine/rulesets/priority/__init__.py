"""Soulshards: Rising Legends — Priority (rules: shared/rules/priority.md).

The combatants list IS the Priority order: highest Zeal first; the Soulweaver (the GM)
has a turn after everyone, with no combatant (`Turn.combatant_id` None, title
"Soulweaver"). One turn from every participant plus the Soulweaver's = one round = 5 s.

State
-----
Typed records (`state.py`), saved under the names the untyped tables used:
`PriorityClock` (`encounter.clock`): `started`, `round`, `current` (a combatant id, or
"soulweaver"), `begun` (whether the current turn has started: see "Starting a turn"),
`gap` (the pause after a turn in which waiting creatures may act), `interrupts`
(prepared actions being taken, newest last), `exchange` (the reaction stack),
`exchanges` (a counter) and `overexertion` (reminders not yet acknowledged).
`CreatureState` (`combatant.runtime`): `done_round` (last round whose turn is done or
forfeited), `had_turn` (a turn of its own has begun: it may react), `waiting`, `moved`
(its place was changed by waiting or a delay: Zeal no longer orders it), `late` and
`batch` (late joiners), `major`/`minor` (pips marked), `tricks` (Tricks used this turn,
`kit.counters`), `prepared` (the trigger text of a Prepare Action), `conflict_rounds`,
`tiebreak` (re-roll results). `PriorityAnchor` (`effect.anchor`): `left`, `ritual`,
`uncounted_round` (see Durations). In/out of Conflict is the stat `conflict` (the GM
may edit it; the actions apply costs).

Modules: `state` (records) · `options` · `creatures` (stats, who is who) · `pools`
(pips, Tricks) · `schedule` (turns as views see them) · `durations` (anchors, ticks,
timing points) · `reactions` (the stack, prepared actions) · `order` (Zeal order,
late joiners, ties) · `prompts` · `turns` (starting, waiting, advancing, rounds) ·
`conflict` (Conflict, Overexertion) · `drags` · `actions` (the action table) ·
`conditions` (Sickened and Slow, Ailments that do not tick) · `ruleset` (the `Priority` class).

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
  An effect made (or given a new duration) while its creator's turn is up but not
  begun (not in the pause before it) was made during that turn, before anything else:
  that turn's beginning does not count (`uncounted_round`), whenever it comes (after a
  wait or a delay, or as the waiting tick), so its first tick is at the start of the
  creator's next turn; made after the turn began, it simply waits for the next.
  "Ends soon" asks the same rule (`expires_at`) about the timing points the current
  and the next turn reach.

Prompts come one at a time: reactions, then tie re-rolls, then Overexertion, then the
pause for waiting creatures (hidden while a prepared action interrupts). EndTurn,
"wait", starting a turn and StartEncounter are refused while one is pending. Keys:
("react", exchange, top item, asker) · ("resolve", exchange, top item) · ("tie", ids,
asked, level) · ("overexertion", id, minute) · ("act_now", round, after, waiting ids).
Every answer is one command, so undo walks back one decision at a time.

Health (the Conflict page is silent; Soulshards' "Damage and Healing"): damage places
Grit Pips into the Grit Pool; full, the creature falls Unconscious. The Grit Pips are
the same stat the Poise DL to leave Conflict counts. A Grit Pool of 0 is "not set":
Pips count with no maximum.
"""

from tracker.engine.rulesets.priority.durations import RoundEnded, TurnBegan, TurnEnded
from tracker.engine.rulesets.priority.ruleset import Priority
from tracker.engine.rulesets.priority.state import (
    SOULWEAVER,
    CreatureState,
    PriorityAnchor,
    PriorityClock,
)

__all__ = [
    "SOULWEAVER",
    "CreatureState",
    "Priority",
    "PriorityAnchor",
    "PriorityClock",
    "RoundEnded",
    "TurnBegan",
    "TurnEnded",
]
