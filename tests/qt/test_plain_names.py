"""Issue 22, point 5: every text from a file or the GM (combatant and effect names, notes,
the encounter's name, log lines quoting them) is shown as plain text wherever it
appears, and no file is ever read because of a name. Markup names go through every
view of every ruleset; `plain_audit.audit` checks what each widget would draw and an
inotify watch on the picture the names point at checks that nothing opened it."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QTextDocument
from PySide6.QtWidgets import QApplication, QLabel, QMessageBox, QWidget

from tests.qt.conftest import show_pane, shown_window
from tests.qt.plain_audit import (
    FileReads,
    audit,
    hovered_tips,
    markup_names,
    markup_note,
    sentinel_image,
)
from tests.test_samples import BUILT_IN
from tracker.engine import AddCombatant, AddEffect, RenameEncounter, Session
from tracker.library import LibraryEntry
from tracker.library.conditions import SavedCondition
from tracker.persistence.files import load_encounter
from tracker.qt.app import sample_path
from tracker.qt.dialogs import messages as plain_messages
from tracker.qt.dialogs.effect_dialog import EffectDialog
from tracker.qt.dialogs.saved_conditions import SavedConditionsDialog
from tracker.qt.library.import_dialog import ImportDialog
from tracker.qt.main_window import MainWindow
from tracker.qt.players import PlayersScreenSettings, PlayersWindow
from tracker.qt.printing import export_pdf, tables_for
from tracker.qt.rich_text import escape

ASK = plain_messages.question  # before the autouse fixture answers every question
Button = QMessageBox.StandardButton


@pytest.fixture
def sentinel() -> Iterator[tuple[Path, FileReads]]:
    path = sentinel_image()
    reads = FileReads(path)
    yield path, reads
    reads.close()
    path.unlink()
    path.parent.rmdir()


def test_the_detector_sees_qt_read_the_picture_a_rich_label_names(qapp, qtbot, sentinel):
    """The check of the other tests works: a label left to guess its format reads the
    file a name like <img src=…> points at, and the watch sees it."""
    path, reads = sentinel
    guessing = QLabel(markup_names(path)[0])
    qtbot.addWidget(guessing)
    guessing.show()
    guessing.grab()
    assert reads.opened()
    plain = QLabel()
    plain.setTextFormat(Qt.TextFormat.PlainText)
    plain.setText(markup_names(path)[0])
    qtbot.addWidget(plain)
    plain.show()
    plain.grab()
    assert not reads.opened()
    assert audit([guessing], markup_names(path)) != []
    assert audit([plain], markup_names(path)) == []
    name = markup_names(path)[1]
    escaped = QLabel(f"▶ <b>{escape(name)}</b>")  # as the turn panel shows whose turn
    twice = QLabel(f"▶ <b>{escape(escape(name))}</b>")  # would show "&lt;b&gt;…"
    assert audit([escaped], [name]) == []
    assert audit([twice], [name]) != []


def marked_session(ruleset_id: str, sentinel: Path) -> tuple[Session, tuple[str, ...]]:
    """The ruleset's sample, named like a picture, with a combatant and an effect for
    every markup name (notes full of markup too)."""
    session = Session(load_encounter(sample_path(f"{ruleset_id}_sample.json")))
    names = markup_names(sentinel)
    session.apply(RenameEncounter(names[0]))
    note = markup_note(sentinel)
    for number, name in enumerate(names):
        side = "enemy" if number % 2 else "ally"
        session.apply(AddCombatant(name, side=side, notes=note))
    for combatant in list(session.encounter.combatants):
        if combatant.name in names:
            effect = names[(names.index(combatant.name) + 1) % len(names)]
            session.apply(AddEffect(effect, combatant.id, notes=note[:200]))
    return session, names


def _windows() -> list[QWidget]:
    return [w for w in QApplication.topLevelWidgets() if w.isVisible()]


def _look(names: tuple[str, ...], step: str, found: dict[str, str], hover: bool = True) -> None:
    """Paint every window (what loads a picture) and audit what each widget shows, and
    (if `hover`) the tooltips its views show on a cell: `found` keeps each problem with
    the first step it was seen at."""
    for shown in _windows():
        shown.grab()
    problems = audit(_windows(), names) + (hovered_tips(_windows(), names) if hover else [])
    for problem in problems:
        found.setdefault(problem, step)


@pytest.mark.parametrize("ruleset_id", BUILT_IN)
def test_markup_names_show_as_themselves_in_every_view(ruleset_id, qtbot, tmp_path, sentinel):
    path, reads = sentinel
    session, names = marked_session(ruleset_id, path)
    found: dict[str, str] = {}
    for window in shown_window(qtbot, session, tmp_path / "journal", (1366, 768)):
        for pane in ("combatants", "turn_order", "log"):
            show_pane(window, pane, qtbot)
        players = PlayersWindow(
            window.document,
            PlayersScreenSettings(),
            turn_order_model=window.turn_order_model,
            effects_model=window.effects_model,
        )
        qtbot.addWidget(players)
        players.show()
        qtbot.waitExposed(players)
        _look(names, "set up", found)
        window.actions_by_name["start"].trigger()
        marked = [c.id for c in window.document.encounter.combatants if c.name in names]
        # Every turn to past the last markup combatant's, each of them selected in turn.
        for turn in range(len(window.document.encounter.combatants) + 2):
            combatant_id = marked[turn % len(marked)]
            window.select_combatant(combatant_id)
            _look(names, f"turn {turn}, {combatant_id} selected", found)
            window.actions_by_name["end_turn"].trigger()
            qtbot.wait(0)
        players.close()
        pdf = export_pdf(window.document, tmp_path / "sheets.pdf")
        assert pdf.stat().st_size > 0
        # The sheets are painted with drawText (plain): every name is printed as typed.
        tables = tables_for(window.document)
        printed = {cell.text for table in tables for row in table.rows for cell in row}
        assert set(names) <= printed
    problems = [f"{problem} (at {step})" for problem, step in found.items()]
    if reads.opened():
        problems.insert(0, "a name made Qt read the picture it points at")
    assert not problems, "\n".join(problems)


def test_message_boxes_show_their_text_as_plain_text(qapp, monkeypatch, sentinel):
    path, reads = sentinel
    shown: list[QMessageBox] = []

    def record(box: QMessageBox) -> int:
        box.show()
        box.grab()
        shown.append(box)
        box.button(Button.Cancel if box.button(Button.Cancel) else Button.Ok).click()
        return 0

    monkeypatch.setattr(QMessageBox, "exec", record)
    name = markup_names(path)[0]
    monkeypatch.setattr(plain_messages, "question", ASK)
    answer = plain_messages.question(
        None, "Unsaved changes", f"Save {name}?", Button.Save | Button.Cancel, Button.Save
    )
    assert answer == Button.Cancel
    plain_messages.warning(None, "Cannot open encounter", name)
    plain_messages.information(None, "Encounter not found", name)
    plain_messages.critical(None, "Problem", name)
    assert [box.textFormat() for box in shown] == [Qt.TextFormat.PlainText] * 4
    assert all(name in box.text() for box in shown)
    assert audit(shown, markup_names(path)) == []
    assert not reads.opened()


def test_closing_asks_about_an_encounter_named_like_markup_in_plain_text(
    qtbot, tmp_path, monkeypatch, sentinel
):
    path, reads = sentinel
    session, names = marked_session("war_scroll", path)
    shown: list[QMessageBox] = []

    def record(box: QMessageBox) -> int:
        box.grab()
        shown.append(box)
        box.button(Button.Cancel).click()
        return 0

    monkeypatch.setattr(QMessageBox, "exec", record)
    monkeypatch.setattr(plain_messages, "question", ASK)
    window = MainWindow(session, None, tmp_path / "journal")
    qtbot.addWidget(window)
    window.show()
    window.document.set_path(tmp_path / "fight.json")  # saved once: a change is asked about
    window.document.apply(RenameEncounter(names[1]))
    assert not window.close()  # the GM cancelled
    (box,) = shown
    assert box.textFormat() == Qt.TextFormat.PlainText and names[1] in box.text()
    assert not reads.opened()
    window.document.undo_stack.set_clean()


def test_no_message_box_guesses_its_format():
    """QMessageBox's static functions guess; every box goes through dialogs.messages."""
    root = Path(__file__).resolve().parents[2] / "tracker" / "qt"
    guessing = re.compile(r"QMessageBox\.(warning|question|information|critical|about)\(")
    users = [
        str(source.relative_to(root))
        for source in root.rglob("*.py")
        if guessing.search(source.read_text(encoding="utf-8"))
    ]
    assert users == []


def test_markup_names_show_as_themselves_in_the_dialogs(qtbot, tmp_path, sentinel):
    """The library (entries, search, form), saved conditions, the effect dialog (its
    names list, carriers, a refusal), the recent files menu and the rename prompt."""
    path, reads = sentinel
    session, names = marked_session("war_scroll", path)
    note = markup_note(path)[:200]
    found: dict[str, str] = {}
    for window in shown_window(qtbot, session, tmp_path / "journal"):
        library = window.library()
        assert library is not None
        library.save_entries(
            [LibraryEntry("war_scroll", name, notes=note, tags=("tag",)) for name in names]
        )
        for name in names:
            library.save_condition(SavedCondition("war_scroll", name, {"cycles": 2}, note))
        window.actions_by_name["library"].trigger()
        dialog = window.library_dialog
        assert dialog is not None
        dialog.search_edit.setText(names[0][:12])  # quoted by the count of entries found
        dialog.search_edit.clear()
        dialog.view.selectRow(0)
        _look(names, "library", found)
        dialog.close()
        conditions = SavedConditionsDialog(library, "war_scroll")
        qtbot.addWidget(conditions)
        conditions.show()
        _look(names, "saved conditions", found)
        conditions.close()
        carrier = next(c.id for c in window.document.encounter.combatants if c.name in names)
        effect = EffectDialog(window.document, carrier, window, library=window.library)
        qtbot.addWidget(effect)
        effect.show()
        effect.name_box.showPopup()
        _look(names, "effect dialog", found)
        effect.name_box.hidePopup()
        effect.reject()
        source = tmp_path / "import.csv"  # a file's own headings and values
        headings = ",".join(f'"{n.replace(chr(34), chr(34) * 2)}"' for n in ("name", *names))
        values = ",".join(f'"{n.replace(chr(34), chr(34) * 2)}"' for n in (names[0], *names))
        source.write_text(f"{headings}\n{values}\n", encoding="utf-8")
        importer = ImportDialog(library, window.document.ruleset, window)
        qtbot.addWidget(importer)
        assert importer.load(source)
        importer.show()
        _look(names, "import", found)
        importer.reject()
        for name in names:  # the recent files menu names the files
            shown_path = tmp_path / f"{name.replace('/', '_')[:40]}.json"
            window.save_to(shown_path)
        window.recent_menu.aboutToShow.emit()
        _look(names, "recent files", found)
        window.document.undo_stack.set_clean()
    problems = [f"{problem} (at {step})" for problem, step in found.items()]
    if reads.opened():
        problems.insert(0, "a name made Qt read the picture it points at")
    assert not problems, "\n".join(problems)


def test_undo_names_a_step_with_an_ampersand_as_it_is(window):
    """Undo's text quotes the step: "&" doubled in the menu (else a mnemonic), single
    in the shortcuts list, and the tooltip plain."""
    window.document.apply(AddCombatant("Rock & <b>Roll</b>"))
    undo = window.actions_by_name["undo"]
    assert undo.text() == "&Undo Add Rock && <b>Roll</b>"
    assert ("Undo Add Rock & <b>Roll</b>", undo.shortcut().toString()) in [
        (what, keys.split(", ")[0]) for what, keys in window.shortcut_rows()
    ]
    tip = QTextDocument()
    tip.setHtml(undo.toolTip())
    assert tip.toPlainText() == "Undo Add Rock & <b>Roll</b>"
    window.document.undo_stack.undo()
    assert undo.text() == "&Undo" and window.actions_by_name["redo"].text().endswith(
        "Rock && <b>Roll</b>"
    )


def test_a_name_with_the_modified_mark_shows_in_the_window_titles(qtbot, tmp_path):
    """Qt takes "[*]" in a title for its modified mark (dropped while unmodified)."""
    session, _names = marked_session("priority", Path("/nowhere/s.png"))
    session.apply(RenameEncounter("Camp [*] Raid"))
    for window in shown_window(qtbot, session, tmp_path / "journal"):
        players = PlayersWindow(window.document, PlayersScreenSettings())
        qtbot.addWidget(players)
        players.show()
        qtbot.waitExposed(players)
        for shown in (window, players):
            handle = shown.windowHandle()
            assert handle is not None and "Camp [*] Raid" in handle.title()


ZERO = "<img src=/dev/zero>"  # the name: Qt read it without end and aborted


def zero_child(phase: str, journal: str) -> None:
    """In a child process (a regression aborts it): "fight" plays a fight with a
    combatant, an effect and the encounter named ZERO, every view shown, and stops
    dead (as a kill would: the journal stays); "restart" starts as Tracker does, answers
    the question to resume in a real message box and shows that fight again."""
    import os

    from PySide6.QtWidgets import QApplication

    from tracker.qt.app import open_main_window, sample_session
    from tracker.qt.dialogs.messages import plain_box

    app = QApplication([])
    if phase == "fight":
        session = sample_session()
        session.apply(AddCombatant(ZERO, notes=ZERO))
        zero = session.encounter.combatants[-1].id
        session.apply(AddEffect(ZERO, zero, notes=ZERO))
        session.apply(RenameEncounter(ZERO))
        window = MainWindow(session, None, Path(journal))
    else:

        def ask(question: str) -> bool:
            box = plain_box(QMessageBox.Icon.Question, None, "Resume encounter?", question)
            box.show()
            box.grab()
            box.close()
            return True

        window = open_main_window(Path(journal), ask=ask, tell=lambda *_: None)
        zero = next(c.id for c in window.document.encounter.combatants if c.name == ZERO)
    window.show()
    players = PlayersWindow(window.document, PlayersScreenSettings())
    players.show()
    window.actions_by_name["start"].trigger()
    for _turn in range(3):
        window.select_combatant(zero)
        app.processEvents()
        for shown in (window, players):
            shown.grab()
        hovered_tips([window, players], [ZERO])
        window.actions_by_name["end_turn"].trigger()
    print("shown", flush=True)
    os._exit(0)  # no clean quit: the journal is left for the next start


def _bounded_memory() -> None:
    import resource

    limit = 3 * 1024**3
    resource.setrlimit(resource.RLIMIT_AS, (limit, limit))


def test_a_name_pointing_at_dev_zero_neither_aborts_a_fight_nor_the_next_start(tmp_path):
    """Issue 22: a combatant named <img src=/dev/zero> aborted Tracker when selected, and
    every start after (the fight was journaled)."""
    import os
    import subprocess
    import sys

    root = Path(__file__).resolve().parents[2]
    environment = {
        **os.environ,
        "QT_QPA_PLATFORM": "offscreen",
        "TRACKER_HOME": str(tmp_path / "home"),
    }
    for phase in ("fight", "restart"):
        run = subprocess.run(
            [
                sys.executable,
                "-c",
                "import sys; from tests.qt.test_plain_names import zero_child; "
                "zero_child(sys.argv[1], sys.argv[2])",
                phase,
                str(tmp_path / "journal"),
            ],
            cwd=root,
            env=environment,
            capture_output=True,
            text=True,
            timeout=60,
            preexec_fn=_bounded_memory,  # reading /dev/zero ends in bad_alloc, soon
        )
        assert run.returncode == 0 and "shown" in run.stdout, (phase, run.stderr[-2000:])
