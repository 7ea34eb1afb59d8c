"""What the cycle collector's full passes walk: a large fight's objects are left out.

Python's cycle collector walks every live container in its full passes, which come
every few operations while the undo history grows: at 5,000 combatants a pass took
some 50 ms, paid by whichever operation it fell in. Once a large encounter is loaded
and its window built (the event loop idle again), everything frozen before is handed
back, everything alive then is collected once and frozen (`gc.freeze`): full passes
walk only what was made since. Frozen objects are still freed by their reference counts
as ever; only a cycle among them that becomes garbage later would stay. The encounter
loaded before is such garbage once another replaces it (its views and models held it
in cycles), so each load, large or small, first hands back what the last one froze.

The start-up freezes what it made too, and hands it back some seconds later
(`tracker.qt.app.collect_from_now_on`); that hand-back goes through
`unfreeze_start_up`, which leaves a large fight frozen.
"""

from __future__ import annotations

import gc

from PySide6.QtCore import QTimer

# From this many combatants on, the one collection at load is worth its cost.
LARGE = 200
_large_frozen = False  # a large fight's objects are frozen now


def settle_after_load(combatants: int) -> None:
    """Freeze the heap when the loop is next idle, if the fight is large; hand back what
    an earlier large fight froze, if it is not."""
    if combatants >= LARGE:
        QTimer.singleShot(0, _freeze)
    elif _large_frozen:
        QTimer.singleShot(0, _thaw)


def unfreeze_start_up() -> None:
    """The start-up's objects go back to the collector, unless a large fight froze them
    (and itself) since."""
    if not _large_frozen:
        gc.unfreeze()


def _freeze() -> None:
    global _large_frozen
    gc.unfreeze()  # the fight loaded before, garbage in cycles now, is collected below
    gc.collect()
    gc.freeze()
    _large_frozen = True


def _thaw() -> None:
    global _large_frozen
    gc.unfreeze()
    _large_frozen = False
