"""The AP countdown's wording, shared by the GM's track, the players' panel and the
printed sheet. Everything is read from a `TrackMark` (see the engine's
`ApCountdown.track`) or the ruleset's public queries; nothing here changes state."""

from __future__ import annotations

from typing import Protocol

from tracker.engine.rulesets.ap_countdown import ApCountdown
from tracker.engine.state import Encounter

AP_PER_ROUND = 4  # the rules deal 4 AP a round: an action above that is multi-round
MINUS = "−"


class Mark(Protocol):
    """What a view reads of the engine's `TrackMark` (one combatant on the track)."""

    @property
    def combatant_id(self) -> str: ...
    @property
    def value(self) -> int | None: ...
    @property
    def base(self) -> int | None: ...
    @property
    def ap(self) -> int: ...
    @property
    def action(self) -> str | None: ...
    @property
    def declared_at(self) -> int | None: ...
    @property
    def starts_at(self) -> int | None: ...
    @property
    def resolves_at(self) -> int | None: ...
    @property
    def progress(self) -> tuple[int, int] | None: ...
    @property
    def penalty(self) -> int: ...
    @property
    def due(self) -> str | None: ...


def signed(number: int) -> str:
    """ "−25" with a true minus sign, "+5", "0"."""
    if number < 0:
        return f"{MINUS}{-number}"
    return f"+{number}" if number > 0 else "0"


def number(value: int | None) -> str:
    """A value on the track ("35", "−5"), or "—" when there is none."""
    if value is None:
        return "—"
    return f"{MINUS}{-value}" if value < 0 else str(value)


def cost_of(mark: Mark) -> int | None:
    """The action's whole cost in AP."""
    return mark.progress[1] if mark.progress is not None else None


def is_multi_round(mark: Mark) -> bool:
    cost = cost_of(mark)
    return cost is not None and cost > AP_PER_ROUND


def bar_start(mark: Mark) -> int | None:
    """Where the action's bar begins on this round's track: where this round's AP began
    to run (the declaration, or base + 20 in a later round of a multi-round action)."""
    if mark.action is None:
        return None
    return mark.starts_at if mark.starts_at is not None else mark.declared_at


def progress_text(mark: Mark) -> str:
    """ "2/6 AP" for a multi-round action, "" otherwise."""
    if mark.progress is None or not is_multi_round(mark):
        return ""
    spent, needed = mark.progress
    return f"{spent}/{needed} AP"


def action_text(mark: Mark) -> str:
    """ "Melee Attack · 3 AP · −25", "Reload · 2/6 AP", or "" without an action."""
    if mark.action is None:
        return ""
    parts = [mark.action]
    shown = progress_text(mark)
    cost = cost_of(mark)
    if shown:
        parts.append(shown)
    elif cost is not None:
        parts.append(f"{cost} AP")
    if mark.penalty:
        parts.append(signed(mark.penalty))
    return " · ".join(parts)


def action_labels(mark: Mark) -> list[str]:
    """The action's label, longest first, for a bar that may be short: in full, without
    the cost, the name alone."""
    if mark.action is None:
        return []
    shorter = mark.action + (f" · {signed(mark.penalty)}" if mark.penalty else "")
    return list(dict.fromkeys([action_text(mark), shorter, mark.action]))


def span_text(mark: Mark) -> str:
    """ "35 → 20": where the action was declared (or starts this round) and where it
    resolves; "35 → next round" while it carries on."""
    start = bar_start(mark)
    if start is None:
        return ""
    end = number(mark.resolves_at) if mark.resolves_at is not None else "next round"
    return f"{number(start)} → {end}"


def state_word(mark: Mark, phase: str) -> str:
    """What the combatant is doing on the track: declares / resolves now, carries on,
    done for this round, or "" (waiting for its value)."""
    if mark.due == "declare":
        return "declares now"
    if mark.due == "resolve":
        return "resolves now"
    if mark.action is not None and mark.resolves_at is None and phase == "resolution":
        return "carries on next round"
    if mark.action is None and mark.ap == 0 and phase == "resolution":
        return "done this round"
    return ""


def details(mark: Mark, name: str) -> str:
    """One line about a combatant for a tooltip."""
    parts = [f"{name}: value {number(mark.value)} (base {number(mark.base)}, {mark.ap} AP left)"]
    if mark.action is not None:
        parts.append(f"{action_text(mark)}, {span_text(mark)}")
        if mark.declared_at is not None and mark.declared_at != bar_start(mark):
            parts.append(f"declared at {number(mark.declared_at)} in an earlier round")
    return "; ".join(parts)


def phase_text(ruleset: ApCountdown, encounter: Encounter, round_number: int) -> str:
    """ "Round 1 · Resolution at count 35", "Round 2 · Initiative", "Setting up"."""
    phase = ruleset.phase(encounter)
    if phase == "setup":
        return "Setting up: the fight has not begun"
    where = f"Round {round_number} · " if round_number > 0 else ""
    if phase == "initiative":
        return f"{where}Initiative phase"
    if phase == "upkeep":
        return f"{where}Upkeep"
    count = ruleset.count(encounter)
    return (
        f"{where}Resolution at count {number(count)}" if count is not None else f"{where}Resolution"
    )


def phase_tag(ruleset: ApCountdown, encounter: Encounter, round_number: int) -> str:
    """The short form, for the corner of the track: "Round 1 · Resolution"."""
    phase = ruleset.phase(encounter)
    if phase == "setup":
        return "Setting up"
    word = {"initiative": "Initiative", "upkeep": "Upkeep"}.get(phase, "Resolution")
    return f"Round {round_number} · {word}"


def phase_hint(ruleset: ApCountdown, encounter: Encounter, round_number: int) -> str:
    """What the phase is about, under the lanes while there is no count."""
    phase = ruleset.phase(encounter)
    if phase == "setup":
        return "Markers show where everyone starts: base + 20 (4 AP). Start the fight."
    if phase == "initiative":
        return (
            "Initiative phase: bases, parries and paces. The countdown then runs down "
            "from the highest value."
        )
    if phase == "upkeep":
        return f"Upkeep: the checklist is applied, then round {round_number + 1} begins."
    return ""
