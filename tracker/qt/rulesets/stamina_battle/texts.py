"""The wording every Stamina battle view shares, from a Unit's readout."""

from __future__ import annotations

from tracker.engine.rulesets.stamina_battle import MOVES_PER_TURN, UnitReadout


def signed(number: int) -> str:
    return f"+{number}" if number > 0 else f"−{-number}"


def stamina_text(readout: UnitReadout, delta: int = 0) -> str:
    """ "4/6", with the last command's change: "4/6 (−2)"."""
    shown = f"{readout.stamina}/{readout.maximum}"
    return f"{shown} ({signed(delta)})" if delta else shown


def status_text(readout: UnitReadout) -> str:
    if readout.acting:
        return "acting"
    return "acted" if readout.acted else "to act"


def uses_text(readout: UnitReadout) -> str:
    """This turn's limited uses: "Move 2/3 · Guard · Cleave" ("" when none)."""
    if not readout.acting:
        return ""
    parts = [f"Move {readout.moves}/{MOVES_PER_TURN}"] if readout.moves else []
    parts += list(readout.used)
    return " · ".join(parts)


def reactions_text(readout: UnitReadout) -> str:
    """The reactions it can still afford: "Evade 1 · Parry 2" ("none" when none)."""
    if not readout.reactions:
        return "none"
    return " · ".join(f"{name} {cost}" for name, cost in readout.reactions)


def charge_text(readout: UnitReadout) -> str:
    """ "Fireball 6/15 · vulnerable", "Fireball complete", or ""."""
    if readout.charging is not None:
        return f"{readout.charging} {readout.charged}/{readout.needed} · vulnerable"
    if readout.completed is not None:
        return f"{readout.completed} complete"
    return ""


def wounds_text(readout: UnitReadout) -> str:
    """ "2 wounds", "3 wounds · defeated"."""
    wounds = "" if not readout.wounds else f"{readout.wounds} wound{'s' * (readout.wounds > 1)}"
    return " · ".join(filter(None, (wounds, "defeated" if readout.defeated else "")))
