"""Health, declared by each ruleset and handled here for all of them.

A ruleset says what a combatant's health is in its own words (`HealthSpec`: Hits,
Wounds, Health levels, Grit, Endurance), which stat holds the most it can take and
which what it has taken, whether it is shown as what is left (hit points count down)
or as what is taken (wounds, levels filled count up), and the word for being out of
the fight ("unconscious", "Incapacitated"). Both values are declared stat fields, so
the editor, printed sheets and imports see them like any other.

The core works out the rest: the value shown, a band the players may be told (unhurt,
hurt, bloodied: half or more lost, down), whether a combatant is defeated (at the
threshold, or marked so by the GM: `Combatant.defeated`), what a change typed by the
GM means (`parse_change`: "−7", "+3", "=20", "−2d6+1") and the encounter option that
skips the turns of the defeated (`skip_defeated`, run after End Turn and Start).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import TYPE_CHECKING, Literal

from tracker.engine.changes import Transaction
from tracker.engine.dice import parse_pools
from tracker.engine.errors import CommandError
from tracker.engine.fields import Choice
from tracker.engine.state import Combatant, Encounter

if TYPE_CHECKING:
    from tracker.engine.ruleset import AnyRuleset

Band = Literal["unhurt", "hurt", "bloodied", "down"]
BANDS: tuple[Band, ...] = ("unhurt", "hurt", "bloodied", "down")
ChangeKind = Literal["harm", "heal", "set"]
MAX_CHANGE = 9_999  # more than any stat holds: a typing slip, not a blow
SIGNS = {"-": "harm", "+": "heal", "=": "set"}
# The minus signs a keyboard or a pasted rules text may bring: −, –, —, ‒, ﹣, －.
_MINUSES = str.maketrans(dict.fromkeys("\u2212\u2013\u2014\u2012\ufe63\uff0d", "-"))
_NUMBER = re.compile(r"\d+")
HOW_TO = "type −7 to harm, +3 to heal or =20 to set (dice too: −2d6+1)"

SKIP_DEFEATED = Choice(
    "skip_defeated",
    "Turns of defeated combatants",
    (
        ("play", "are played as usual: the GM ends them"),
        ("skip", "are skipped: End Turn passes over them (the log says so)"),
    ),
)
CORE_OPTIONS: tuple[Choice, ...] = (SKIP_DEFEATED,)
"""Options every encounter has, whatever its ruleset (offered after the ruleset's)."""


@dataclass(frozen=True)
class HealthSpec:
    """What a ruleset calls health. `maximum` and `taken` name int stat fields; a
    maximum of 0 means none is set for that combatant (then health counted down is not
    tracked, and a count up just counts). `beyond`: how far what is taken may go past
    the maximum (None: as far as the `taken` field allows). `help`: how the system
    counts, shown beside the damage box. `damage_dice`: a text stat holding the dice a
    combatant deals damage with, rolled against those it harms ("" for none)."""

    label: str
    maximum: str
    taken: str
    counts_down: bool = True
    defeated: str = "down"
    beyond: int | None = 0
    help: str = ""
    damage_dice: str = ""


@dataclass(frozen=True)
class Health:
    """One combatant's health as it stands."""

    spec: HealthSpec
    taken: int
    maximum: int
    marked: bool  # marked defeated by the GM

    @property
    def tracked(self) -> bool:
        """Counted: with a maximum, or counting up (wounds need no maximum to count)."""
        return self.maximum > 0 or not self.spec.counts_down

    @property
    def shown(self) -> int:
        """The number the system speaks of: what is left, or what is taken."""
        return self.maximum - self.taken if self.spec.counts_down else self.taken

    @property
    def at_threshold(self) -> bool:
        return self.maximum > 0 and self.taken >= self.maximum

    @property
    def defeated(self) -> bool:
        return self.marked or self.at_threshold

    @property
    def band(self) -> Band:
        if self.defeated:
            return "down"
        if self.taken <= 0:
            return "unhurt"
        if self.maximum > 0 and 2 * self.taken >= self.maximum:
            return "bloodied"
        return "hurt"

    def text(self) -> str:
        """ "Hits 5/12", "Wounds 2/3", "Wounds 2" (no maximum); "" when not tracked, or
        when a count with no maximum has nothing counted yet."""
        if not self.tracked or (self.maximum <= 0 and self.taken <= 0):
            return ""
        if self.maximum > 0:
            return f"{self.spec.label} {self.shown}/{self.maximum}"
        return f"{self.spec.label} {self.shown}"


def _whole(combatant: Combatant, name: str) -> int:
    value = combatant.stats.get(name, 0)
    return value if isinstance(value, int) and not isinstance(value, bool) else 0


def health_of(ruleset: AnyRuleset, combatant: Combatant) -> Health | None:
    """The combatant's health, or None when the ruleset declares none."""
    spec = ruleset.health
    if spec is None:
        return None
    defaults = {f.name: f.default for f in ruleset.stat_fields}
    taken = combatant.stats.get(spec.taken, defaults.get(spec.taken, 0))
    maximum = combatant.stats.get(spec.maximum, defaults.get(spec.maximum, 0))
    return Health(
        spec,
        taken if isinstance(taken, int) else 0,
        maximum if isinstance(maximum, int) else 0,
        combatant.defeated,
    )


def defeated_by(spec: HealthSpec | None, stats: dict[str, object], marked: bool) -> bool:
    """Whether a combatant with these stats (and the GM's mark) is defeated: for a
    ruleset's rules that follow defeat (War Scroll deals no AP to the defeated)."""
    if marked:
        return True
    if spec is None:
        return False
    taken, maximum = stats.get(spec.taken, 0), stats.get(spec.maximum, 0)
    return isinstance(taken, int) and isinstance(maximum, int) and 0 < maximum <= taken


def is_defeated(ruleset: AnyRuleset, combatant: Combatant) -> bool:
    """Marked defeated by the GM, or at its health's threshold."""
    health = health_of(ruleset, combatant)
    return combatant.defeated if health is None else health.defeated


def defeated_word(ruleset: AnyRuleset) -> str:
    return ruleset.health.defeated if ruleset.health is not None else "down"


def band_of(ruleset: AnyRuleset, combatant: Combatant) -> Band:
    health = health_of(ruleset, combatant)
    if health is None:
        return "down" if combatant.defeated else "unhurt"
    return health.band


def taken_limit(ruleset: AnyRuleset, health: Health) -> int:
    """The most the `taken` stat may hold for this combatant."""
    field = next(f for f in ruleset.stat_fields if f.name == health.spec.taken)
    highest = field.maximum if field.maximum is not None else MAX_CHANGE * 10
    if health.maximum > 0 and health.spec.beyond is not None:
        highest = min(highest, health.maximum + health.spec.beyond)
    return highest


# --- the GM's text ---------------------------------------------------------------------------
@dataclass(frozen=True)
class HealthChange:
    """What the GM typed: harm, heal or set, by a number or by dice (`amount` None and
    `dice` the expression: the caller rolls it and sends the faces in the command)."""

    kind: ChangeKind
    amount: int | None
    dice: str = ""

    @property
    def sign(self) -> str:
        return {"harm": "−", "heal": "+", "set": "="}[self.kind]


def parse_change(text: object) -> HealthChange:
    """ "−7" harms 7, "+3" heals 3, "=20" sets the value shown to 20; after the sign, a
    whole number or a dice expression ("−2d6+1"). Any minus sign a keyboard brings (−,
    –, —) counts. Raises `CommandError` (field "change") for anything else."""
    raw = "" if text is None else str(text)
    cleaned = re.sub(r"\s+", "", raw.translate(_MINUSES))
    if not cleaned:
        raise CommandError(f"Type a change: {HOW_TO}.", "change")
    sign, rest = cleaned[0], cleaned[1:]
    if sign not in SIGNS:
        if _NUMBER.fullmatch(cleaned):
            raise CommandError(
                f"Say what {cleaned} does: −{cleaned} harms, +{cleaned} heals, ={cleaned} sets.",
                "change",
            )
        raise CommandError(f"“{raw.strip()}” is not a change of health: {HOW_TO}.", "change")
    kind: ChangeKind = "harm" if sign == "-" else "heal" if sign == "+" else "set"
    shown_sign = {"harm": "−", "heal": "+", "set": "="}[kind]
    if not rest:
        raise CommandError(
            f"After {shown_sign} comes a number or dice, e.g. {shown_sign}7 or {shown_sign}2d6+1.",
            "change",
        )
    if kind == "set" and re.fullmatch(r"-\d+", rest):
        amount = -int(rest[1:])  # below 0: hit points that go on counting (War Scroll)
        if amount < -MAX_CHANGE:
            raise CommandError(f"={amount} is out of range.", "change")
        return HealthChange(kind, amount)
    if _NUMBER.fullmatch(rest):
        amount = int(rest)
        if amount > MAX_CHANGE:
            raise CommandError(
                f"{shown_sign}{amount} is out of range: at most {MAX_CHANGE} at once.", "change"
            )
        if amount == 0 and kind != "set":
            raise CommandError(f"{shown_sign}0 changes nothing.", "change")
        return HealthChange(kind, amount)
    try:
        dice = any(sides for _, _, sides, _, _ in parse_pools(rest)) and rest[0] not in "+-"
    except CommandError:
        dice = False
    if not dice:
        raise CommandError(
            f"“{raw.strip()}” is not a change of health: after {shown_sign} comes a number "
            f"or dice like 2d6+1.",
            "change",
        )
    return HealthChange(kind, None, rest)


# --- skipping the turns of the defeated ------------------------------------------------------
def skip_defeated(tx: Transaction, encounter: Encounter, ruleset: AnyRuleset) -> None:
    """With the option on, while the turn is a defeated combatant's, end it too (logged).
    Stops at a turn of no combatant (the GM's), at a question the rules ask someone
    else, when nobody is left standing, and after a whole round of skips: it can never
    loop."""
    if ruleset.option(encounter, SKIP_DEFEATED.name) != "skip":
        return
    if all(is_defeated(ruleset, c) for c in encounter.combatants):
        return
    first_round: int | None = None
    for _ in range(20 * (len(encounter.combatants) + 1)):
        turn = ruleset.current_turn(encounter)
        combatant = encounter.find(turn.combatant_id) if turn is not None else None
        if turn is None or combatant is None or not is_defeated(ruleset, combatant):
            return
        if first_round is None:
            first_round = turn.round
        elif turn.round > first_round + 1:
            return
        prompt = ruleset.prompt(encounter)
        if prompt is not None and prompt.asks != combatant.id:
            return
        try:
            ruleset.end_turn(tx, encounter)
        except CommandError:
            return
        tx.log(f"{combatant.name} is {defeated_word(ruleset)}: turn skipped.", "turn")
