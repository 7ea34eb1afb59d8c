"""Names sweep (issue 22, point 5): random names, notes and effect names made of markup
(tags, entities, a picture's `<img src>`, deep tables, "&" mnemonics, line breaks, the
window title's "[*]", right-to-left marks) go through the main window of every
ruleset and the players' screen: added, selected, played turn after turn, painted.

A case is one random name. It goes wrong when Qt would take it for rich text anywhere
(`tests.qt.plain_audit.audit`: labels, tooltips of widgets, actions and model rows,
message boxes; `hovered_tips`: the tooltips views show over a cell), a "&" in it
becomes a mnemonic, the picture it points at is read
(inotify), or an exception escapes. A name the engine refuses (empty, too long) is
counted as refused."""

from __future__ import annotations

import random
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from types import TracebackType

from tests.damage.tally import Tally

BATCH = 6  # names per encounter: one window each
FRAGMENTS = (
    "<b>",
    "</b>",
    "<i>x</i>",
    "<br>",
    "<p>",
    "<qt>",
    "</qt>",
    "<!--",
    "-->",
    "<table><tr><td>",
    '<a href="https://x.example">',
    "</a>",
    '<font color="red">',
    "<h1>",
    "<ul><li>",
    "&amp;",
    "&lt;",
    "&#60;",
    "&nbsp;",
    "&",
    "&&",
    "<",
    ">",
    '"',
    "'",
    "[*]",
    "%1",
    "\u202e",
    "\n",
    "Goblin",
    "Orc",
    " ",
)


def random_name(rng: random.Random, picture: Path, number: int) -> str:
    """A name of markup fragments, sometimes starting with a picture (the case the
    issue saw: Qt read the file, or aborted on /dev/zero). Each holds a word of its own
    ("Zq12"), so that a name is never part of Tracker's own markup ("<br>" alone
    would be) and the audit finds it only where it is shown."""
    parts = [rng.choice(FRAGMENTS) for _ in range(rng.randint(1, 7))] + [f"Zq{number}"]
    if rng.random() < 0.4:
        parts.insert(0, f'<img src="{picture}">')
    rng.shuffle(parts[1:])
    name = "".join(parts)
    if rng.random() < 0.05:
        name = "<table>" * 12  # longer than a name may be: refused
    return name


@contextmanager
def escaped_errors() -> Iterator[list[str]]:
    """Exceptions raised in Qt's slots (they reach sys.excepthook), collected."""
    caught: list[str] = []
    previous = sys.excepthook

    def hook(kind: type[BaseException], error: BaseException, _tb: TracebackType | None) -> None:
        caught.append(f"{kind.__name__}: {error}")

    sys.excepthook = hook
    try:
        yield caught
    finally:
        sys.excepthook = previous


def _batch(
    ruleset_id: str, names: list[str], note: str, workdir: Path, tally: Tally, number: int
) -> None:
    from PySide6.QtWidgets import QApplication

    from tests.qt.plain_audit import audit, hovered_tips
    from tracker.engine import AddCombatant, AddEffect, RenameEncounter, Session
    from tracker.engine.errors import CommandError
    from tracker.persistence.files import load_encounter
    from tracker.qt.app import sample_path
    from tracker.qt.main_window import MainWindow
    from tracker.qt.players import PlayersScreenSettings, PlayersWindow

    session = Session(load_encounter(sample_path(f"{ruleset_id}_sample.json")))
    taken: list[str] = []
    for name in names:
        tally.tried += 1
        try:
            session.apply(AddCombatant(name, side="enemy", notes=note))
        except CommandError:
            tally.refused += 1
            continue
        taken.append(session.encounter.combatants[-1].name)
        carrier = session.encounter.combatants[-1].id
        session.apply(AddEffect(taken[-1], carrier, notes=note[:200]))
    if taken:
        session.apply(RenameEncounter(taken[0]))
    window = MainWindow(session, None, workdir / f"journal{number}")
    window.resize(1366, 768)
    window.show()
    players = PlayersWindow(
        window.document,
        PlayersScreenSettings(),
        turn_order_model=window.turn_order_model,
        effects_model=window.effects_model,
    )
    players.show()
    found: dict[str, str] = {}  # a problem: the step it was first seen at
    app = QApplication.instance()
    assert app is not None

    def look(step: str) -> None:
        app.processEvents()
        for shown in (window, players):
            shown.grab()
        shown = [window, players]
        for problem in audit(shown, taken) + hovered_tips(shown, taken, cells=20):
            found.setdefault(problem, f"{ruleset_id} {step}")

    look("set up")
    window.actions_by_name["start"].trigger()
    marked = [c.id for c in window.document.encounter.combatants if c.name in taken]
    for turn in range(len(window.document.encounter.combatants) + 1):
        for combatant_id in marked:
            window.select_combatant(combatant_id)
        look(f"turn {turn}")
        window.actions_by_name["end_turn"].trigger()
    players.close()
    window.document.undo_stack.set_clean()
    window.close()
    players.deleteLater()
    window.deleteLater()
    app.processEvents()
    for name in taken:
        if any(name in problem for problem in found):
            tally.fail(f"{name!r}: shown as rich text or a mnemonic")
        else:
            tally.accepted += 1
    for problem, step in found.items():
        tally.fail(f"{problem} (at {step})")


def sweep(cases: int, seed: int, workdir: Path) -> Tally:
    from PySide6.QtWidgets import QApplication

    from tests.qt.plain_audit import FileReads, markup_note, sentinel_image
    from tracker.engine.registry import available_rulesets

    _app = QApplication.instance() or QApplication([])
    tally = Tally("names")
    rng = random.Random(seed)
    picture = sentinel_image()
    reads = FileReads(picture)
    rulesets = sorted(
        ruleset_id
        for ruleset_id in available_rulesets()
        if (Path(__file__).parents[2] / "tracker" / "assets" / "samples")
        .joinpath(f"{ruleset_id}_sample.json")
        .exists()
    )
    try:
        with escaped_errors() as caught:
            number = 0
            while tally.tried < cases:
                count = min(BATCH, cases - tally.tried)
                names = [random_name(rng, picture, tally.tried + n) for n in range(count)]
                ruleset_id = rulesets[number % len(rulesets)]
                _batch(ruleset_id, names, markup_note(picture), workdir, tally, number)
                if reads.opened():
                    tally.fail(f"{ruleset_id}: one of {names!r} made Qt read {picture}")
                number += 1
            tally.failures += [f"escaped: {error}" for error in caught]
    finally:
        reads.close()
        picture.unlink()
        picture.parent.rmdir()
    return tally
