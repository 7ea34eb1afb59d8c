"""The wording every Initiative ticks view shares: ticks, Initiative with its change,
states (acted, Crashed with its tokens, delayed, Onslaught, flurry)."""

from __future__ import annotations

from tracker.engine.rulesets.initiative_ticks import TickMark


def signed(number: int) -> str:
    return f"+{number}" if number > 0 else f"−{-number}"


def number(value: int | None) -> str:
    """ "—" for no value; a minus sign, not a hyphen, below 0."""
    if value is None:
        return "—"
    return f"−{-value}" if value < 0 else str(value)


def initiative_text(mark: TickMark, delta: int = 0) -> str:
    """ "12 (+5)"."""
    shown = number(mark.initiative)
    return f"{shown} ({signed(delta)})" if delta and mark.initiative is not None else shown


def tick_text(mark: TickMark) -> str:
    return number(mark.tick)


def state_words(mark: TickMark, exalted: bool) -> list[str]:
    words: list[str] = []
    if mark.initiative is None:
        return ["needs Join Battle"]
    if mark.now:
        words.append("acting now")
    elif mark.acted:
        words.append("acted ✓")
    if mark.crashed:
        unit = "turns" if exalted else "tokens"
        words.append(f"CRASHED ({mark.tokens}/3 {unit})")
    if mark.delayed:
        words.append("delayed" if mark.delayed == "holding" else f"delayed {mark.delayed}")
    if mark.flurry:
        words.append("flurry −3")
    if mark.first_penalty:
        words.append(f"first action {mark.first_penalty}")
    return words


def onslaught_text(mark: TickMark, defense: int | None) -> str:
    if not mark.onslaught:
        return "" if defense is None else f"Def {defense}"
    shown = f"−{mark.onslaught}"
    return shown if defense is None else f"{shown} (Def {defense})"


def motes_text(mark: TickMark) -> str:
    return "" if mark.motes is None else f"{mark.motes[0]}/{mark.motes[1]}"
