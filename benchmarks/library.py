"""The library at 10,000 combatants: searching it and adding 50 from it to an encounter.

Run by hand (never in the test suite; this machine is shared and noisy):

    .venv/bin/python benchmarks/library.py [--entries 10000] [--runs 15]

Builds a library of `--entries` War Scroll combatants (names from a vocabulary, two or
three tags each) in a temporary folder, by importing a CSV file of them (preview, then
the import's one transaction). Then, with the main window and the Library dialog open
(offscreen), prints the median wall and CPU time of:

- a search through the store (`Library.search`, as many rows as the dialog lists), by
  part of a name and by tag, and the same typed into the dialog's search box (the query,
  the model's reset and the repaint);
- adding 50 to the encounter through the dialog's "Add to the encounter" (5 entries
  × 10, then 1 entry × 50), the views' updates included; each is undone before the next
  run.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from functools import partial
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from benchmarks.own_home import own_home  # noqa: E402

own_home()

from PySide6.QtCore import QItemSelectionModel, QtMsgType, qInstallMessageHandler  # noqa: E402
from PySide6.QtWidgets import QApplication  # noqa: E402

from tracker.engine.registry import get_ruleset  # noqa: E402
from tracker.library.sources import read_table  # noqa: E402
from tracker.library.transfer import confirm_import, preview_import  # noqa: E402
from tracker.qt.app import sample_session  # noqa: E402
from tracker.qt.library.entries_model import COUNT_COLUMN  # noqa: E402
from tracker.qt.library.library_dialog import SHOWN, LibraryDialog  # noqa: E402
from tracker.qt.main_window import MainWindow  # noqa: E402

ADJECTIVES = ("Ancient", "Young", "Feral", "Cursed", "Royal", "Hill", "Cave", "Frost", "Fire")
CREATURES = ("Goblin", "Orc", "Troll", "Skeleton", "Wight", "Dragon", "Wolf", "Bandit", "Imp")
TAGS = ("undead", "beast", "boss", "minion", "caster", "ranged", "giant", "flying", "swarm")
NAME_QUERIES = ("gob", "troll", "ancient dra", "zzz")  # the last finds nothing
TAG_QUERIES = ("undead", "boss", "caster ranged")


def _quiet(kind: QtMsgType, _context: object, message: str) -> None:
    if "propagateSizeHints" not in message:
        print(message, file=sys.stderr)


def write_bestiary(path: Path, count: int) -> None:
    rng = random.Random(11)
    lines = ["name,side,speed,swiftness,allegiance,tags"]
    for n in range(count):
        name = f"{rng.choice(ADJECTIVES)} {rng.choice(CREATURES)} {n}"
        tags = ", ".join(rng.sample(TAGS, rng.randint(2, 3)))
        allegiance = rng.choice(("holy", "fallen", "other"))
        lines.append(
            f'{name},enemy,{rng.randint(3, 30)},{rng.randint(1, 20)},{allegiance},"{tags}"'
        )
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")


def median_ms(
    action: Callable[[], object], runs: int, after: Callable[[], object] = lambda: None
) -> tuple[float, float]:
    """The median wall and CPU times of `action`, in milliseconds."""
    walls, cpus = [], []
    for _ in range(runs):
        wall, cpu = time.perf_counter(), time.process_time()
        action()
        walls.append((time.perf_counter() - wall) * 1000)
        cpus.append((time.process_time() - cpu) * 1000)
        after()
    return statistics.median(walls), statistics.median(cpus)


def select(dialog: LibraryDialog, rows: list[int], count: int) -> None:
    selection = dialog.view.selectionModel()
    selection.clearSelection()
    for row in rows:
        dialog.model.setData(dialog.model.index(row, COUNT_COLUMN), count)
        selection.select(
            dialog.model.index(row, 0),
            QItemSelectionModel.SelectionFlag.Select | QItemSelectionModel.SelectionFlag.Rows,
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--entries", type=int, default=10_000)
    parser.add_argument("--runs", type=int, default=15)
    args = parser.parse_args()
    qInstallMessageHandler(_quiet)
    app = QApplication.instance() or QApplication([])
    window = MainWindow(sample_session(), None, Path(tempfile.mkdtemp(prefix="journal-")))
    window.show()
    app.processEvents()
    library = window.library()
    assert library is not None
    ruleset = get_ruleset("war_scroll")

    source = Path(tempfile.mkdtemp(prefix="bestiary-")) / "bestiary.csv"
    write_bestiary(source, args.entries)
    start = time.perf_counter()
    preview = preview_import(read_table(source), ruleset)
    previewed = time.perf_counter()
    confirm_import(library, preview)
    imported = time.perf_counter()
    size = library.path.stat().st_size

    rows: list[tuple[str, str, tuple[float, float], str]] = []
    for query in (*NAME_QUERIES, *TAG_QUERIES, ""):
        kind = "name" if query in NAME_QUERIES else "tag" if query else "all (first 501)"
        found = len(library.search("war_scroll", query))
        ms = median_ms(partial(library.search, "war_scroll", query, limit=SHOWN + 1), args.runs)
        rows.append(("store search", f"{kind}: {query!r}", ms, f"{found} found"))

    window.open_library_dialog()
    dialog = window.library_dialog
    assert dialog is not None
    app.processEvents()
    for query in ("gob", "undead", ""):
        shown: list[str] = []

        def typed(q: str = query, shown: list[str] = shown) -> None:
            dialog.search_edit.setText(q)
            app.processEvents()
            shown[:] = [dialog.found_label.text()]

        ms = median_ms(typed, args.runs, after=lambda: dialog.search_edit.setText("x"))
        rows.append(("dialog search", f"typed {query!r}", ms, shown[0]))

    dialog.search_edit.setText("gob")
    app.processEvents()
    document = window.document
    for groups, each in ((5, 10), (1, 50)):

        def add(groups: int = groups, each: int = each) -> None:
            select(dialog, list(range(groups)), each)
            assert dialog.add_selected(), dialog.error.text()
            app.processEvents()

        def undo() -> None:
            document.undo_stack.undo()
            app.processEvents()

        before = len(document.encounter.combatants)
        ms = median_ms(add, args.runs, after=undo)
        assert len(document.encounter.combatants) == before
        rows.append(("add to encounter", f"{groups} entries × {each}", ms, "one undo step"))

    print(f"Library of {args.entries:,} combatants ({size / 1e6:.1f} MB file)")
    print(
        f"  import of the CSV: preview {(previewed - start) * 1000:.0f} ms, "
        f"one transaction {(imported - previewed) * 1000:.0f} ms"
    )
    print(f"  median of {args.runs} runs, milliseconds")
    print(f"  {'what':<18}{'case':<26}{'wall':>7}{'CPU':>7}  notes")
    for what, case, (wall, cpu), notes in rows:
        print(f"  {what:<18}{case:<26}{wall:>7.1f}{cpu:>7.1f}  {notes}")
    document.undo_stack.set_clean()
    dialog.close()
    window.close()


if __name__ == "__main__":
    main()
