"""Timing points of a round-based order, as `Transaction.reach` announces them and a
ruleset's durations test them (`expires_at`): a combatant's turn starts or ends in a
round, or a round ends. A ruleset whose turns are counted otherwise (ticks, a Soulweaver's
turn of nobody) keeps points of its own."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class TurnStarted:
    combatant_id: str
    round: int


@dataclass(frozen=True)
class TurnEnded:
    combatant_id: str
    round: int


@dataclass(frozen=True)
class RoundEnded:
    round: int
