"""What the shared page is sent: the players' board's projection
(`tracker.qt.players.projection`, the same the players' screen shows), the ruleset's
panel as data (`tracker.qt.players.page_content`) and the turn timer as the wall-clock
times the turn and round began (the page counts on by itself).

Plain data, made on the GUI thread in a pass over the players' proxies; it is turned
into JSON on the server's thread (`to_json`)."""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass
from typing import Any

from tracker.qt.players.page_content import PanelContent
from tracker.qt.players.projection import BoardProjection, wall_clock_ms


@dataclass(frozen=True)
class PageTimer:
    """When the turn (and the round, None before the first) began, in ms since the epoch
    by the GM's clock; the page is told the GM's clock with every event."""

    turn_started_ms: int
    round_started_ms: int | None
    round_name: str


@dataclass(frozen=True)
class PageState:
    board: BoardProjection
    panel: PanelContent | None
    timer: PageTimer | None

    def as_dict(self) -> dict[str, Any]:
        board = self.board
        return {
            "title": board.title,
            "round": board.round,
            "now": {
                "caption": board.now_caption,
                "name": board.now_name,
                "detail": board.now_detail,
            },
            "next_caption": board.next_caption,
            "up_next": board.up_next if self.timer is not None else "",
            "turns": [asdict(card) for card in board.turns],
            "effects": [asdict(card) for card in board.effects],
            "panel": asdict(self.panel) if self.panel is not None else None,
            "timer": asdict(self.timer) if self.timer is not None else None,
        }

    def to_json(self) -> bytes:
        """ASCII JSON: any text at all (a lone surrogate from a file, a line separator)
        is escaped, so it always encodes and never breaks an event's line."""
        return json.dumps(self.as_dict(), separators=(",", ":")).encode("ascii")


def page_state(board: BoardProjection, panel: PanelContent | None) -> PageState:
    """The page's state from the board's projection and the panel's content."""
    timer = board.timer
    shown = None
    if timer is not None:
        round_ms = wall_clock_ms(timer.round_seconds) if timer.round_seconds is not None else None
        shown = PageTimer(wall_clock_ms(timer.turn_seconds), round_ms, timer.round_name)
    return PageState(board, panel, shown)
