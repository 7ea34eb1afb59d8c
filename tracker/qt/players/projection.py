"""What the players' board shows, as plain data: its projection of the encounter (the
title, the round, whose turn it is and what it grants, the turns to come with their
health and round, the effects on the party, the turn timer). The players' screen
(`PlayersBoard`) sets its labels from it and its list of turns paints `turn_detail`;
the shared page (`tracker.qt.share`) sends it. One code path: what the players' proxies
and `PublicState` let through is all either ever shows.

No widget and no layout work here: computing it costs a pass over the proxies' rows."""

from __future__ import annotations

import time
from collections.abc import Callable, Hashable, Sequence, Set
from dataclasses import dataclass
from functools import partial
from typing import Generic, TypeVar

from PySide6.QtCore import Qt
from PySide6.QtGui import QColor

from tracker.engine.ruleset import Ruleset, Turn
from tracker.engine.state import Combatant
from tracker.qt.document import EncounterDocument
from tracker.qt.palette import SIDE_COLORS
from tracker.qt.players.effects_proxy import PartyEffectsProxy
from tracker.qt.players.public_state import NEUTRAL, PublicState
from tracker.qt.players.turn_order_proxy import PlayersTurnOrderProxy
from tracker.qt.players.visibility import public_fields, public_health
from tracker.qt.widgets.turn_timer import TurnClock

CardT = TypeVar("CardT")

SIDE_OF_COLOR = {QColor(color).name(): side for side, color in SIDE_COLORS.items()}
Role = Qt.ItemDataRole


@dataclass(frozen=True)
class TurnCard:
    """A turn to come: who (or the turn's title), when and what it grants, its side."""

    name: str
    detail: str
    side: str  # "party", "enemy", …; "" when none


@dataclass(frozen=True)
class EffectCard:
    name: str
    carrier: str
    left: str  # the time left ("2 rounds"), "" when it lasts


@dataclass(frozen=True)
class TimerState:
    """The turn timer as shown now: seconds the turn (and round, None before the first)
    has lasted, and the round's name ("Round")."""

    turn_seconds: float
    round_seconds: float | None
    round_name: str


@dataclass(frozen=True)
class BoardProjection:
    title: str
    round: str
    now_caption: str
    now_name: str
    now_detail: str
    next_caption: str
    up_next: str  # "Up next: Bren", shown with the turn timer
    turns: tuple[TurnCard, ...]  # up to the first combatant already listed (one round)
    effects: tuple[EffectCard, ...]
    timer: TimerState | None  # None while the timer is off or nothing is timed


# The same by the colour's RGB (opaque, as `name()` reads it): a colour read without a copy.
SIDE_OF_RGB = {QColor(color).rgb(): side for side, color in SIDE_COLORS.items()}


def side_of(decoration: object) -> str:
    """The side a row's colour stands for ("" for none)."""
    if isinstance(decoration, QColor):  # a panel's rows, at every publish
        return SIDE_OF_RGB.get(decoration.rgb(), "")
    if not isinstance(decoration, str):
        return ""
    return SIDE_OF_COLOR.get(QColor(decoration).name(), "")


# The side a model's side colour (`SIDE_COLORS`, neutral's for an unknown side) stands
# for, by the side itself: what `side_of` reads off that colour, without the colour.
SHOWN_SIDE = {side: side_of(QColor(color)) for side, color in SIDE_COLORS.items()}


def shown_side(side: str) -> str:
    """`side_of` the colour a model decorates a combatant of `side` with."""
    return SHOWN_SIDE.get(side, SHOWN_SIDE["neutral"])


def health_text(
    document: EncounterDocument,
    modes: dict[str, str],
    combatant_id: str | None,
    public: Set[str] | None = None,
) -> str:
    """What the players are told of a visible combatant's health, per its side's mode
    ("Hits 5/12", "bloodied", "" for a hidden one or a turn of no combatant); `public`:
    the public fields' names, when worked out once for a projection."""
    return combatant_health(document, modes, document.encounter.find(combatant_id), public)


def combatant_health(
    document: EncounterDocument,
    modes: dict[str, str],
    combatant: Combatant | None,
    public: Set[str] | None = None,
) -> str:
    """`health_text` of the combatant found."""
    if combatant is None or combatant.hidden:
        return ""
    mode = modes.get(combatant.side, "nothing")
    return public_health(document.ruleset, document.encounter, combatant, mode, public)


class ToldHealth:
    """`combatant_health` remembered by what it is worked out from (the side's mode, the
    health's two stats as stored, the GM's mark, hidden), for as long as the ruleset and
    the public fields stay: a publish tells the same health of most turns to come as
    the last one did, and working it out asks the ruleset each time."""

    def __init__(self) -> None:
        self._basis: tuple[object, Set[str]] | None = None
        self._told: dict[tuple[object, ...], str] = {}
        self.cards = KeptCards[TurnCard]()  # the turns to come's cards, made of what is told
        self.effect_cards = KeptCards[EffectCard]()  # the effects', by their three texts

    def teller(
        self, document: EncounterDocument, modes: dict[str, str], public: Set[str]
    ) -> Callable[[Combatant | None], str]:
        """The health told of a combatant, for one projection (what it is worked out
        from but the combatant asked once, not for each turn)."""
        ruleset = document.ruleset
        basis = (ruleset, public)
        if basis != self._basis:
            self._basis, self._told = basis, {}
        told_by, spec = self._told, ruleset.health

        def text(combatant: Combatant | None) -> str:
            if combatant is None or combatant.hidden:
                return ""
            stats = combatant.stats
            mode = modes.get(combatant.side, "nothing")
            taken, maximum = (stats.get(spec.taken), stats.get(spec.maximum)) if spec else (0, 0)
            key = (mode, taken, maximum, combatant.defeated)
            try:
                told = told_by.get(key)
            except TypeError:  # a stat that is no number (and cannot be a key): as it is
                return combatant_health(document, modes, combatant, public)
            if told is None:
                told = told_by[key] = combatant_health(document, modes, combatant, public)
            return told

        return text


class KeptCards(Generic[CardT]):
    """The turns to come's cards by what each is made of (the turn as the players are
    told it, its holder's name and side, the health told), for as long as what makes a
    text safe (`Visibility.texts_basis`: nothing while nobody is hidden), the round
    shown and its name stay: a publish shows most of the last one's cards again, after
    a visible combatant's rename, arrival or leaving too. The effects' cards likewise,
    by their texts before they are made safe (the very objects again: the pages' writer
    keeps their JSON by identity, `KeptJson`)."""

    LIMIT = 1024  # cards kept at most (then forgotten, and made again as needed)

    def __init__(self) -> None:
        self._basis: tuple[object, ...] | None = None
        self._cards: dict[Hashable, CardT] = {}

    def of(self, basis: tuple[object, ...]) -> dict[Hashable, CardT]:
        """The cards kept, forgotten if `basis` is not the last one's."""
        if basis != self._basis or len(self._cards) > self.LIMIT:
            self._basis, self._cards = basis, {}
        return self._cards


def turn_detail(
    turn: Turn | None,
    safe: Callable[[str], str],
    health: str,
    shown_round: int,
    round_name: str,
) -> str:
    """A turn to come's second line: its health first (a long line is cut at its end,
    and this is what players look for), its round when not the one shown, its phase
    and what it grants."""
    if turn is None:
        return ""
    phase, grant = safe(turn.phase), safe(turn.grant)
    grant = f" · {grant}" if grant else ""
    health = f"{health} · " if health else ""
    if turn.round > 0 and turn.round != shown_round:
        return f"{health}{round_name} {turn.round} · {phase}{grant}"
    return f"{health}{phase}{grant}"


def one_round(proxy: PlayersTurnOrderProxy) -> int:
    """How many of the turns to come are shown: up to the first one of a combatant
    already listed (each comes once; the list goes no further than a round on). Read
    with the proxy's own filter (`shown_turns`), not its `data()` a row."""
    seen: set[str] = set()
    count = 0
    for turn in proxy.shown_turns():
        holder = turn.combatant_id
        if holder is not None and holder in seen:
            return count
        if holder is not None:
            seen.add(holder)
        count += 1
    return count


def shown_name(document: EncounterDocument, public: PublicState) -> str:
    turn = public.shown_turn()
    if turn is None:
        return ""
    if turn.combatant_id is None:
        return turn.title or "—"
    combatant = document.encounter.find(turn.combatant_id)
    return combatant.name if combatant is not None else "—"


def follow_clock(clock: TurnClock, public: PublicState) -> None:
    """Tell the clock the turn the players see: a hidden one's restarts it as any change
    of turn does, and its round is the one shown."""
    started = public.is_started()
    round_number = public.shown_round()
    shown = public.shown_turn() if started else None
    actual = public.actual_turn()
    key: Hashable | None = shown.key if shown is not None else None
    if shown is not None and actual is not None and public.is_held():
        key = ("neutral", actual.key)
    timed_round = round_number if shown is not None and round_number > 0 else None
    clock.follow(key, timed_round, public.last_kind)


def timer_state(clock: TurnClock, public: PublicState, round_name: str) -> TimerState | None:
    """The timer as `follow_clock` set it (no round before the first: Join Battle)."""
    if not clock.is_timing():
        return None
    has_round = public.is_started() and public.shown_round() > 0
    return TimerState(
        clock.turn_seconds(), clock.round_seconds() if has_round else None, round_name
    )


def round_title(public: PublicState, round_name: str) -> str:
    """The corner's "Cycle 2"; before the first round, once a turn is shown, that turn's
    phase (Initiative ticks' "Free action" after Join Battle); else "Setting up"."""
    if not public.is_started():
        return "Setting up"
    round_number = public.shown_round()
    if round_number > 0:
        return f"{round_name} {round_number}"
    turn = public.shown_turn()
    phase = public.visibility.safe(turn.phase) if turn is not None else ""
    return phase[:1].upper() + phase[1:] if phase else "Setting up"


def project(
    document: EncounterDocument,
    public: PublicState,
    turn_proxy: PlayersTurnOrderProxy,
    effects_proxy: PartyEffectsProxy,
    health_modes: dict[str, str],
    clock: TurnClock | None,
    told: ToldHealth | None = None,
    upcoming: Sequence[Turn] | None = None,
) -> BoardProjection:
    """The board's content now. `turn_proxy` is a `PlayersTurnOrderProxy` without the
    current turn, `effects_proxy` a `PartyEffectsProxy`; `clock` the turn timer's (None
    while the timer is off); `told`: the health told at the last projection, kept;
    `upcoming`: the turns to come the proxy's filter is run over (the engine's, the
    current turn first), instead of its model's rows."""
    started = public.is_started()
    round_name = document.ruleset.round_name
    encounter = document.encounter
    safe = public.visibility.safe  # `Visibility.of(encounter)`, as of the last event
    # What is public, once for the projection (not for each combatant's health).
    shown = frozenset(f.name for f in public_fields(document.ruleset, encounter))
    turn = public.shown_turn()
    if started and public.is_held():  # a hidden one acts: nobody is named
        now = ("NOW", NEUTRAL, "")
    elif started and turn is not None:
        parts = [safe(part) for part in (turn.phase, turn.grant)]
        parts.append(health_text(document, health_modes, turn.combatant_id, shown))
        now = ("NOW", shown_name(document, public), " · ".join(p for p in parts if p))
    else:
        now = ("NOW" if started else "NOT STARTED", "Get ready", "")
    told = told or ToldHealth()
    cards = _turn_cards(document, public, turn_proxy, health_modes, shown, told, upcoming)
    first = cards[0].name if cards else ""
    return BoardProjection(
        title=document.encounter.name,
        round=round_title(public, round_name),
        now_caption=now[0],
        now_name=now[1],
        now_detail=now[2],
        next_caption="NEXT" if started else "ORDER",
        up_next=f"Up next: {first}" if started and first else "",
        turns=cards,
        effects=effect_cards(effects_proxy, told.effect_cards),
        timer=timer_state(clock, public, round_name) if clock is not None else None,
    )


def _turn_cards(
    document: EncounterDocument,
    public: PublicState,
    proxy: PlayersTurnOrderProxy,
    modes: dict[str, str],
    shown: Set[str],
    told: ToldHealth,
    upcoming: Sequence[Turn] | None,
) -> tuple[TurnCard, ...]:
    """The turns to come of one round on (`one_round`): the proxy's rows in order
    (`shown_turns`), each told as the players may be told it (`TurnRole`) and named as
    the model's name column names it, made safe as the proxy's `data()` does; its
    health (`shown`: the public fields' names), its side (none for a turn of no one)."""
    encounter, ruleset, visibility = document.encounter, document.ruleset, public.visibility
    safe, find, health_of = visibility.safe, encounter.find, told.teller(document, modes, shown)
    # The ruleset's own `public_turn` (the base one tells every turn as it is), asked as
    # `PublicState.public_turn` asks it, of the same visibility.
    tells = type(ruleset).public_turn is not Ruleset.public_turn
    public_turn = partial(ruleset.public_turn, encounter) if tells else None
    visible_ids = visibility.visible_ids
    round_number, round_name = public.shown_round(), ruleset.round_name
    kept = told.cards.of((visibility.texts_basis, round_number, round_name))
    cards = []
    seen: set[str] = set()
    for turn in proxy.shown_turns(upcoming):
        holder = turn.combatant_id
        if holder is not None:
            if holder in seen:
                break
            seen.add(holder)
        combatant = find(holder)
        told_turn = public_turn(turn, visible_ids) if public_turn is not None else turn
        health = health_of(combatant)
        if combatant is not None:
            key: Hashable = (told_turn, combatant.name, combatant.side, health)
        else:
            key = (told_turn, None, turn.title, health)
        try:
            card = kept.get(key)
        except TypeError:  # a turn's key that cannot be a key (no ruleset's): made anew
            key, card = None, None
        if card is None:
            name = combatant.name if combatant is not None else (turn.title or "—")
            detail = turn_detail(told_turn, safe, health, round_number, round_name)
            side = combatant.side if combatant is not None else ""
            card = TurnCard(str(safe(name) or ""), detail, side)
            if key is not None:
                kept[key] = card
        cards.append(card)
    return tuple(cards)


def effect_cards(
    proxy: PartyEffectsProxy, kept: KeptCards[EffectCard] | None = None
) -> tuple[EffectCard, ...]:
    """The effects on the party as their rows show them (name, carrier, time left):
    what the proxy's `data` gives over its rows (`shown_effects`), read from the effect
    and the encounter as the model behind words them (its name, its carrier's name: a
    visible combatant's, the proxy lets no other through), without a `QModelIndex`.
    `kept`: the cards of earlier projections, by their texts (the same card again)."""
    visibility = proxy.public.visibility
    safe = visibility.safe
    find, remaining = proxy.public.document.encounter.find, proxy.remaining_at
    made = kept.of((visibility.texts_basis,)) if kept is not None else {}
    cards = []
    for source_row, effect in proxy.shown_effects():
        carrier = find(effect.carrier_id)
        carried = carrier.name if carrier is not None else "(gone)"
        key = (effect.name, carried, remaining(source_row))
        card = made.get(key)
        if card is None:
            card = made[key] = EffectCard(str(safe(key[0]) or ""), str(safe(carried) or ""), key[2])
        cards.append(card)
    return tuple(cards)


def wall_clock_ms(seconds_ago: float) -> int:
    """The wall-clock time (ms since the epoch) of a moment `seconds_ago`: what a page on
    another device counts from."""
    return int((time.time() - seconds_ago) * 1000)
