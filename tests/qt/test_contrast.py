"""Dark and light, both whole: every window of every ruleset, in both schemes, shows its
texts at WCAG AA contrast (4.5:1) against what is actually drawn behind them (measured on
the grabbed pixels, see `tests.qt.contrast`): the main window with each bundled sample
started (its prompt open where it has one, a combatant selected, an effect ending soon,
a refusal in the banner), the players' window, and the add combatant, effect, options
and library dialogs. And the scheme the GM chose is in force when Roundkeeper starts again,
before its first window paints."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtGui import QPalette
from PySide6.QtWidgets import QApplication, QWidget

from tests.qt.conftest import shown_window
from tests.qt.contrast import Finding, findings, ratio
from tracker.engine import AddEffect, EndTurn, Session, StartEncounter
from tracker.library import LibraryEntry
from tracker.persistence.files import load_encounter
from tracker.qt.app import sample_path
from tracker.qt.appearance import SCHEME_KEY, appearance, is_dark
from tracker.qt.main_window import MainWindow
from tracker.qt.settings_file import settings_store

SAMPLES = sorted(p.name for p in sample_path().parent.glob("*_sample.json"))
SCHEMES = ("light", "dark")


@pytest.fixture(params=SCHEMES)
def scheme(request: pytest.FixtureRequest) -> Iterator[str]:
    appearance().choose(request.param)
    yield request.param
    appearance().choose("system")


def settle(widget: QWidget) -> None:
    for _ in range(3):
        QApplication.processEvents()
    widget.repaint()


def assert_readable(top: QWidget, label: str) -> None:
    settle(top)
    found, measured = findings(top, label)
    assert measured >= 3, f"{label}: only {measured} texts measured (is it shown?)"
    assert not found, "texts below 4.5:1:\n" + "\n".join(map(str, found))


@pytest.fixture
def fight(qtbot, tmp_path: Path, request: pytest.FixtureRequest) -> Iterator[MainWindow]:
    """The sample started, at the laptop's size: a prompt open if one comes in the first
    steps, the first combatant selected, an effect on everyone, a refusal shown."""
    session = Session(load_encounter(sample_path(request.param)))
    for window in shown_window(qtbot, session, tmp_path / "journal", (1366, 768)):
        document = window.document
        document.apply(StartEncounter())
        for _ in range(6):
            if document.session.prompt() is not None or not document.apply(EndTurn()):
                break
        for combatant in document.encounter.combatants:  # badges on every row
            document.apply(AddEffect("Blessed", combatant.id, None, {}))
        first = document.encounter.combatants[0]
        window.select_combatant(first.id)
        window._on_refused("Nothing to undo: a refusal in the banner.", "")
        yield window


@pytest.mark.parametrize("fight", SAMPLES, indirect=True)
def test_the_main_window_reads_in_both_schemes(fight: MainWindow, scheme: str) -> None:
    assert fight.banner.isVisible()
    assert_readable(fight, f"{fight.document.ruleset.id} main window, {scheme}")


@pytest.fixture
def dark_before() -> Iterator[None]:
    """Dark chosen before the window is made, as when Roundkeeper starts again in it."""
    appearance().choose("dark")
    yield
    appearance().choose("system")


@pytest.mark.parametrize("fight", SAMPLES, indirect=True)
def test_the_main_window_made_in_the_dark_reads(dark_before: None, fight: MainWindow) -> None:
    assert_readable(fight, f"{fight.document.ruleset.id} main window made dark")


@pytest.mark.parametrize("fight", SAMPLES, indirect=True)
def test_the_players_window_reads_in_both_schemes(fight: MainWindow, scheme: str, qtbot) -> None:
    from tracker.qt.players.window import PlayersWindow

    players = PlayersWindow(
        fight.document,
        turn_order_model=fight.turn_order_model,
        effects_model=fight.effects_model,
    )
    players.resize(1366, 768)
    players.show()
    qtbot.waitExposed(players)
    try:
        assert_readable(players, f"{fight.document.ruleset.id} players' window, {scheme}")
    finally:
        players.close()
        players.deleteLater()


@pytest.mark.parametrize("fight", SAMPLES, indirect=True)
def test_the_dialogs_read_in_both_schemes(fight: MainWindow, scheme: str, qtbot) -> None:
    from tracker.qt.dialogs.effect_dialog import EffectDialog
    from tracker.qt.dialogs.options_dialog import OptionsDialog

    ruleset = fight.document.ruleset.id
    library = fight.library()
    assert library is not None
    library.save_entries(
        [
            LibraryEntry(ruleset, c.name, stats=dict(c.stats))
            for c in fight.document.encounter.combatants
        ]
    )
    failures: list[str] = []
    # The Add form is in the window (in the inspector), read with it.
    fight.actions_by_name["add"].trigger()
    form = fight.add_form
    assert form is not None and form.isVisible()
    settle(fight)
    found, measured = findings(fight, f"{ruleset} add form in the window, {scheme}")
    assert measured >= 2 + len(form.stats_form.editors), f"only {measured} texts measured"
    failures += map(str, found)
    form.reject()
    fight.actions_by_name["library"].trigger()
    selected = fight.selected_combatant_id()
    dialogs: list[tuple[str, QWidget | None]] = [
        ("library", fight.library_dialog),
        ("effect", EffectDialog(fight.document, selected, fight, library=fight.library)),
        ("options", OptionsDialog(fight.document, fight)),
    ]
    for name, dialog in dialogs:
        assert dialog is not None, name
        dialog.show()
        qtbot.waitExposed(dialog)
        settle(dialog)
        found, measured = findings(dialog, f"{ruleset} {name} dialog, {scheme}")
        assert measured >= 2, f"{name}: only {measured} texts measured"
        failures += map(str, found)
        dialog.close()
    assert not failures, "texts below 4.5:1:\n" + "\n".join(failures)


def test_the_measure_finds_ink_too_close_to_its_page(qtbot) -> None:
    """The check itself: grey on grey fails, black on white passes, whatever the
    anti-aliasing of the glyphs' edges."""
    from PySide6.QtWidgets import QLabel, QVBoxLayout

    page = QWidget()
    layout = QVBoxLayout(page)
    for name, style in (
        ("faint", "color: #8a8a8a; background: #9a9a9a;"),
        ("clear", "color: #000000; background: #ffffff;"),
        ("hidden", "color: #ffffff; background: #ffffff;"),
    ):
        label = QLabel(f"Some {name} text")
        label.setObjectName(name)
        label.setStyleSheet(style)
        layout.addWidget(label)
    qtbot.addWidget(page)
    page.show()
    qtbot.waitExposed(page)
    found, measured = findings(page, "test page")
    assert measured == 3
    assert sorted(f.name for f in found) == ["faint", "hidden"]
    hidden: Finding = next(f for f in found if f.name == "hidden")
    assert hidden.ratio == 1.0
    assert ratio(0x000000, 0xFFFFFF) == pytest.approx(21.0)


RESTART = """
import sys
from PySide6.QtGui import QPalette
from PySide6.QtWidgets import QAbstractItemView
from tracker.qt.app import make_application, open_main_window
app = make_application(sys.argv[:1])
window = open_main_window()
views = [v for v in window.findChildren(QAbstractItemView) if v.isVisibleTo(window)]
lightest = max(v.palette().color(QPalette.ColorRole.Base).lightness() for v in views)
window.document.undo_stack.set_clean()
print(lightest, len(views))
"""


def test_the_dark_scheme_is_in_force_when_tracker_starts_again(tracker_home: Path) -> None:
    """A new Roundkeeper, with Dark chosen last time, makes every list and table shown dark
    from the start (the ruleset's view too)."""
    settings_store().setValue(SCHEME_KEY, "dark")
    settings_store().sync()
    done = subprocess.run(
        [sys.executable, "-c", RESTART],
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
    )
    lightness, views = map(int, done.stdout.split()[-2:])
    assert views >= 1
    assert lightness < 80, done.stdout


def test_light_and_dark_pages_as_the_palette_says(scheme: str) -> None:
    assert is_dark(QApplication.palette()) == (scheme == "dark")
    base = QApplication.palette().color(QPalette.ColorRole.Base)
    assert (base.lightness() < 80) == (scheme == "dark")
