"""A large fight's objects are left out of the cycle collector's full passes.

Python's cycle collector walks every live container in its full passes, which come
every few operations while the undo history grows: at 5,000 combatants a pass took
some 50 ms, paid by whichever operation it fell in. Once a large encounter is loaded
and its window built (the event loop idle again), everything alive then is collected
once and frozen (`gc.freeze`): full passes walk only what was made since. Frozen
objects are still freed by their reference counts as ever; only a cycle among them that
becomes garbage later would stay (none of the encounter's records holds one).
"""

from __future__ import annotations

import gc

from PySide6.QtCore import QTimer

# From this many combatants on, the one collection at load is worth its cost.
LARGE = 200


def settle_after_load(combatants: int) -> None:
    """Freeze the heap when the loop is next idle, if the fight is large."""
    if combatants >= LARGE:
        QTimer.singleShot(0, _freeze)


def _freeze() -> None:
    gc.collect()
    gc.freeze()
