"""What the cycle collector's full passes walk: a large fight's objects are left out.

Python's cycle collector walks every live container in its full passes, which come
every few operations while the undo history grows: at 5,000 combatants a pass took
some 50 ms, paid by whichever operation it fell in. Once a large encounter is loaded
and its window built (the event loop idle again), the young generations are collected
and everything alive is frozen (`gc.freeze`): full passes walk only what was made
since. Frozen objects are still freed by their reference counts as ever.

An open makes the young collection and the freeze on its worker, once the fight is
built (`freeze_built`: the window waits for it there); the freeze after the load then
walks only what the window made since. No full pass is made at a load: it would walk
the whole new fight (80-200 ms at 1,000 combatants, in one slot of the event loop: the
window frozen, issue 26). The encounter
a load replaces needs none: the views rebuilt let go of what they held once deleted
(`release_when_deleted`), and nothing else holds it in a cycle (the tests check it with
the collector off), so it goes by its reference counts, frozen or not. A cycle among
frozen objects that becomes garbage later stays until a small fight is loaded, which
hands everything back to the collector.

The start-up freezes what it made too, and hands it back some seconds later
(`tracker.qt.app.collect_from_now_on`); that hand-back goes through
`unfreeze_start_up`, which leaves a large fight frozen.
"""

from __future__ import annotations

import gc
from functools import partial

from PySide6.QtCore import QObject, QTimer

# From this many combatants on, freezing at load is worth its young collection.
LARGE = 200
_large_frozen = False  # a large fight's objects are frozen now


def settle_after_load(combatants: int) -> None:
    """Freeze the heap when the loop is next idle, if the fight is large; hand back what
    was frozen, if it is not."""
    if combatants >= LARGE:
        QTimer.singleShot(0, _freeze_next_turn)
    elif _large_frozen:
        QTimer.singleShot(0, _thaw)


def freeze_built(combatants: int) -> None:
    """On an open's worker, once a large fight is built (the collector off): its young
    collection and freeze there, while the window waits, not in a slot of the window's
    after the swap (the new fight is all young: 10-15 ms at 5,000 combatants, and that
    slot came right after the fight view's build). The freeze after the load then walks
    only what the window made since."""
    if combatants >= LARGE:
        gc.collect(1)
        gc.freeze()


def unfreeze_start_up() -> None:
    """The start-up's objects go back to the collector, unless a large fight froze them
    (and itself) since."""
    if not _large_frozen:
        gc.unfreeze()


def release_when_deleted(root: QObject) -> None:
    """Once `root` and each of its children is deleted, its Python half lets go of what it
    holds. A view, its models and their helpers refer to each other (a model's rows to
    the model, a lambda to its owner): Python halves left in such cycles would keep the
    encounter they showed alive until a full pass, which a large fight does without."""
    for item in (root, *root.findChildren(QObject)):
        item.destroyed.connect(partial(_let_go, item))


def _let_go(item: QObject, *_: object) -> None:
    item.__dict__.clear()


def _freeze_next_turn() -> None:
    """The freeze in a turn of the event loop of its own, the one after the load's (which
    handles what the load posted: its views' layouts, paints, deletions): its young
    collection walks the whole new fight (some 5 ms at 5,000 combatants), and both in
    one turn made the longest stall of an open (issue 26)."""
    QTimer.singleShot(0, _freeze)


def _freeze() -> None:
    global _large_frozen
    gc.collect(1)  # the young generations only: a full pass would walk the whole fight
    gc.freeze()
    _large_frozen = True


def _thaw() -> None:
    global _large_frozen
    gc.unfreeze()
    _large_frozen = False
