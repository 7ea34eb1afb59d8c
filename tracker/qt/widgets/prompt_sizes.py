"""How tall the question panel (`prompt_panel.PromptPanel`) makes its parts: the
context's lines, and how long the panel keeps its height for a shorter question."""

from __future__ import annotations

from PySide6.QtCore import QRect, Qt
from PySide6.QtGui import QFontMetrics

CONTEXT_LINES = 8  # the context's height at most, in lines; more scrolls
CONTEXT_LEAST = 3  # ... and at least, with many answers to show (a line fewer an answer)


def wrapped_lines(metrics: QFontMetrics, text: str, width: int) -> int:
    """The lines `text` takes, wrapped at words, at `width` pixels (one at least)."""
    if width <= 0:
        return 1
    wrap = int(Qt.TextFlag.TextWordWrap.value)
    taken = metrics.boundingRect(QRect(0, 0, width, 1 << 20), wrap, text).height()
    return max(1, -(-taken // max(1, metrics.lineSpacing())))


def context_lines(context: int, answers: int) -> int:
    """The context's height in lines: a prompt of many answers keeps its answers in
    view on a laptop and scrolls its context sooner (AP countdown's ten answers)."""
    room = max(CONTEXT_LEAST, min(CONTEXT_LINES, CONTEXT_LINES + 3 - answers))
    return min(context, room)


# The panel keeps its height for a shorter prompt (it lays out and repaints alone)
# while it takes no more than a share of the column and leaves little of it blank:
# the editor and the effects under it keep their room (a tall prompt that pushed
# them aside gives it back; Join Battle's roll and context, gone, would leave a
# third of the column blank and the effects a row).
KEEP_SHARE = 0.6
KEEP_SPARE = 0.15  # of the column's height, blank under a prompt at most
