"""Classic d20 initiative: fifth edition ("5e") and Pathfinder 2e ("PF2e") in one ruleset,
the flavour an encounter option (rules: shared/rules/classic-d20.md).

Modules: `state` (records) · `options` · `order` (the order, ties, groups, the lair,
the round's turns) · `initiative` (typed, rolled, Roll all, tie rolls, surprise) ·
`turns` (the start, turns beginning and ending, Delay, rounds) · `resources` (action,
bonus action, reaction, PF2e actions, legendary actions, Ready) · `durations` (anchors,
timing points) · `effects_turn` (countdowns, persistent damage, Sustain) · `valued`
(valued conditions) · `concentration` · `hit_points` (HP, temp HP, death saves, dying)
· `prompts` · `schedule` (turns as views see them) · `specs` · `conditions` ·
`ruleset` (the `ClassicD20` class).

Readings of the rules (where the text leaves room)
--------------------------------------------------
* Initiative is the stat `initiative`: typed in the editor, or rolled (`roll_initiative`:
  the d20 faces, the modifier added; 5e advantage: two d20, the higher). A creature
  added with an initiative other than 0 counts as having rolled; with 0 it still rolls.
  The fight (and, with the re-roll option, each round) waits until everyone has rolled
  and every tie roll is made; a creature added later rolls when it joins (a prompt
  asks, the fight goes on) and takes its place: above the current turn it acts from the
  next round.
* Roll all: the GM's creatures (not of the party) still to roll, in list order, one d20
  each (two with advantage); the GUI rolls the faces and sends them (`roll_all_needs`
  says how many), one undoable step.
* Groups (5e option "one roll for each group of the same name"): creatures not of the
  party whose names differ only by a trailing number ("Goblin", "Goblin 2") form a group:
  one roll sets every member's initiative, and the group takes one turn, at its first
  member's place. Each member keeps its own row, HP, resources and effects (the rules'
  "act together"); the turn's `values["members"]` lists them; each member's own actions
  name it. A member cannot Delay alone.
* Ties: 5e by option (higher Dexterity modifier, then the GM's drag / the GM's drag /
  d20 tie rolls, each tied creature once before anyone again, highest first); PF2e: the
  enemy first ("the foe, the GM's creature"), then the GM's drag. Only true ties may be
  dragged past each other.
* The lair (5e option): its own turn (no combatant, "Lair") on count 20, after every
  creature of initiative 20 or more.
* Surprise (5e): toggled before a creature's first turn; that turn grants nothing and
  its reaction comes only when the turn ends.
* A turn's resources refresh as it starts: 5e action, bonus action; PF2e 3 actions,
  +1 quickened, less the higher of slowed X and the actions stunned takes (stunned
  lowering by those). The reaction comes back then too (one a round); legendary
  actions refill then and are spent only on other creatures' turns.
* Ready: the trigger stays on the row until used (with the reaction, `use_ready`) or
  the creature's next turn starts; it never moves in the order.
* Delay (PF2e; 5e by option): only before acting in the turn. End-of-turn effects
  happen then. After every later creature's turn (not the lair's) the fight pauses: a
  delaying creature may act now (it moves just after that creature, takes its
  initiative for good, and its turn starts) or no one does (End Turn does the same).
  Reaching its own place again still delaying, the delayed turn is lost and it acts
  there as usual.
* Durations are anchored to a creature's turns, its creator's ("X" by default) or its
  carrier's: the start / end of its next turn; N rounds (1 minute = 10) end as its N-th
  next turn starts (cast on its own turn: exactly N rounds later); a sustained effect
  ends at the end of its creator's turn unless Sustained in it (PF2e: 1 action);
  "countdown" lowers its value at the end of the carrier's turns (frightened), ending
  after 1; "persistent" deals its damage at the end of the carrier's turn, then the
  DC 15 flat check (a prompt) may end it. Valued conditions show their value in the
  name once it changes ("Frightened 1").
* Concentration (5e): an effect marked so is held by its creator's concentration; the
  creator concentrates on one spell (effects of one name) at a time, so another is
  refused until it ends. Damage queues a Constitution save (DC max(10, half)), one per
  source; a failed save, 0 HP or the GM ends every effect it holds.
* Health: HP counted down; damage, from the GM's "−7" of the damage box (the core's
  `deal_harm` hook) or the Damage action (which may say a critical hit), takes temporary
  HP first (they do not stack: the higher is kept); a blow at 0 HP is a failed death
  save (5e) or raises dying (PF2e). 5e: at 0 HP a player character (option: every
  creature) makes death saves at the start of its turns (a prompt; End Turn waits for
  it), a monster dies.
  PF2e: dying 1 (2 on a critical hit) + wounded; the recovery check (flat DC 10 + dying,
  degrees by 10, natural 20 / 1 one step) at the start of its turns; dying 4 − doomed
  kills; leaving dying raises wounded.

Prompts come one at a time: initiative rolls, tie rolls, concentration saves, the death
save / recovery check of the creature whose turn it is, persistent damage flat checks,
then "act now" after a turn while someone delays (see `prompts`).
"""

from tracker.engine.kit.moments import RoundEnded, TurnEnded, TurnStarted
from tracker.engine.rulesets.classic_d20.ruleset import ClassicD20
from tracker.engine.rulesets.classic_d20.state import LAIR, Anchor, Clock, Runtime

__all__ = [
    "LAIR",
    "Anchor",
    "ClassicD20",
    "Clock",
    "RoundEnded",
    "Runtime",
    "TurnEnded",
    "TurnStarted",
]
