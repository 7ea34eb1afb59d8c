"""What players may know, as plain functions of the encounter (no Qt): who is visible,
which stat fields are public, and whether a text would give a hidden name away."""

from __future__ import annotations

from collections.abc import Iterable, Set
from dataclasses import dataclass
from functools import cached_property
from typing import Any

from tracker.engine.fields import Field
from tracker.engine.health import defeated_word, health_of
from tracker.engine.ruleset import AnyRuleset, Turn
from tracker.engine.state import Combatant, Effect, Encounter

PARTY_SIDES: tuple[str, ...] = ("party",)
# How the players are told a combatant's health, per side (the GM's choice): the
# number ("Hits 5/12"), a band (hurt, bloodied, down; nothing while unhurt), or nothing.
HEALTH_MODES: tuple[str, ...] = ("exact", "band", "nothing")
VISIBILITY_KEY = "players.visibility"  # `Visibility.kept`'s key in the encounter's memo


def public_fields(ruleset: AnyRuleset, encounter: Encounter) -> tuple[Field, ...]:
    """The stat fields players may see: neither secret by the ruleset's declaration nor
    marked secret by the GM for this encounter."""
    marked = set(encounter.secret_fields)
    return tuple(f for f in ruleset.stat_fields if not f.secret and f.name not in marked)


def public_stats(ruleset: AnyRuleset, encounter: Encounter, combatant: Combatant) -> str:
    """ "Speed 9, Swiftness 3": the combatant's public stats, secret fields left out, and
    its health's too (the players are told health as the GM chose per side:
    `public_health`)."""
    spec = ruleset.health
    own = {spec.maximum, spec.taken} if spec is not None else set()
    return ", ".join(
        f"{f.label} {combatant.stats.get(f.name, f.default)}"
        for f in public_fields(ruleset, encounter)
        if f.name not in own
    )


def public_health(
    ruleset: AnyRuleset,
    encounter: Encounter,
    combatant: Combatant,
    mode: str,
    public: Set[str] | None = None,
) -> str:
    """What the players are told of the combatant's health in `mode`. "exact" falls back
    to the band when a field of its health is secret (by the ruleset or the GM): a band
    says no number. `public`: the names of `public_fields`, when the caller has them
    (worked out once for many combatants)."""
    if mode not in ("exact", "band"):
        return ""
    health = health_of(ruleset, combatant)
    defeated = combatant.defeated if health is None else health.defeated  # `is_defeated`
    if health is None or not health.tracked:
        return defeated_word(ruleset) if defeated else ""
    if public is None:
        public = {f.name for f in public_fields(ruleset, encounter)}
    secret = not {health.spec.maximum, health.spec.taken} <= public
    if mode == "exact" and not secret:
        return f"{health.text()}, {defeated_word(ruleset)}" if defeated else health.text()
    if defeated:
        return defeated_word(ruleset)
    return "" if health.band == "unhurt" else health.band


@dataclass(frozen=True)
class Visibility:
    """A snapshot of who the players may see. Turns of no combatant (the GM's own) are
    visible; an id this snapshot does not know is not. Worked out in one pass over the
    fight; the names are ordered for `leaks` only when a text is first checked against
    a hidden name (an open of a large fight works a snapshot out inside its swap)."""

    visible_ids: frozenset[str]
    shown_names: frozenset[str]
    hidden_set: frozenset[str]

    @classmethod
    def of(cls, encounter: Encounter) -> Visibility:
        ids: list[str] = []
        shown: set[str] = set()
        hidden: set[str] = set()
        for c in encounter.combatants:
            if c.hidden:
                hidden.add(c.name)
            else:
                ids.append(c.id)
                shown.add(c.name)
        shown.discard("")
        hidden.discard("")
        return cls(frozenset(ids), frozenset(shown), frozenset(hidden))

    @classmethod
    def kept(cls, encounter: Encounter) -> Visibility:
        """`of` the encounter, worked out once until it changes (kept in its memo: an
        open works it out on its worker, before the swap)."""
        return encounter.derived(VISIBILITY_KEY, lambda: cls.of(encounter))

    @property
    def texts_basis(self) -> tuple[frozenset[str], ...]:
        """What `safe` answers by: nothing while nobody is hidden (every text is safe as
        it is), else the hidden names and the visible ones beside them."""
        return (self.hidden_set, self.shown_names) if self.hidden_set else ()

    @cached_property
    def visible_names(self) -> tuple[str, ...]:
        """Longest first, so "Shade 2" is matched before "Shade"."""
        return _longest_first(self.shown_names)

    @cached_property
    def hidden_names(self) -> tuple[str, ...]:
        return _longest_first(self.hidden_set)

    def is_visible(self, combatant_id: str | None) -> bool:
        return combatant_id is None or combatant_id in self.visible_ids

    def turn_is_visible(self, turn: Turn | None) -> bool:
        return turn is not None and self.is_visible(turn.combatant_id)

    def effect_is_visible(
        self, effect: Effect | None, encounter: Encounter, sides: Iterable[str]
    ) -> bool:
        """Carried by a visible combatant of one of `sides`, created by nobody hidden."""
        if effect is None or effect.carrier_id not in self.visible_ids:
            return False
        if effect.creator_id is not None and effect.creator_id not in self.visible_ids:
            return False
        carrier = encounter.find(effect.carrier_id)  # a look-up, not a pass over the fight
        return carrier is not None and carrier.side in tuple(sides)

    def leaks(self, text: Any) -> bool:
        """True if the text names a hidden combatant (a visible name that merely contains
        a hidden one, like "Shade 2" beside a hidden "Shade", does not count)."""
        if not isinstance(text, str) or not self.hidden_set:
            return False
        # Taking the visible names out only removes places a hidden name could be
        # matched (none holds "\x00"): a text that names none leaks none, read without
        # the thousands of replacements a large fight's visible names cost.
        if not any(name in text for name in self.hidden_set):
            return False
        rest = text
        for name in self.visible_names:
            rest = rest.replace(name, "\x00")
        return any(name in rest for name in self.hidden_names)

    def safe(self, text: Any) -> Any:
        """The text itself, or "" when it would name a hidden combatant."""
        return "" if self.leaks(text) else text


def _longest_first(names: Set[str]) -> tuple[str, ...]:
    return tuple(sorted(names, key=len, reverse=True))
