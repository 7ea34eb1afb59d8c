"""Files at the table: the app reopens the encounter the GM was running after a clean
quit (a never-saved one is kept for them), File → Open Recent lists the last files
(gone ones are taken off with a word), and leftovers of a cut-off save are removed."""

from __future__ import annotations

from pathlib import Path

import pytest

from tracker.engine import EndTurn, RenameEncounter, StartEncounter
from tracker.persistence import paths
from tracker.persistence.files import load_encounter, save_encounter
from tracker.persistence.recent import MAX_RECENT, load_recent
from tracker.qt.app import open_main_window, sample_session
from tracker.qt.dialogs import messages as plain_messages
from tracker.qt.main_window import MainWindow
from tracker.qt.widgets import recent_menu


@pytest.fixture
def told(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Information boxes, recorded instead of shown (they would hang an offscreen test)."""
    messages: list[str] = []
    monkeypatch.setattr(
        plain_messages, "information", lambda _parent, _title, text, *a, **k: messages.append(text)
    )
    return messages


def _start(qtbot, tmp_path: Path, tell: list[str] | None = None) -> MainWindow:
    messages = tell if tell is not None else []
    window = open_main_window(
        tmp_path / "journal", ask=lambda _q: True, tell=lambda m, _f: messages.append(m)
    )
    qtbot.addWidget(window)
    window.complete()  # as once its first frame is painted: the menus are built
    return window


def _recent_texts(window: MainWindow) -> list[str]:
    menu = window.recent_menu
    menu.refresh()
    return [action.text() for action in menu.actions() if action.text()]


def test_a_clean_quit_reopens_the_saved_encounter(qtbot, tmp_path):
    window = _start(qtbot, tmp_path)
    window.document.apply(StartEncounter())
    target = paths.encounters_dir() / "chapel.json"
    assert window.save_to(target)
    window.document.apply(EndTurn())
    window.save()
    expected = window.document.encounter.to_dict()
    window.close()
    assert load_recent().last == target
    again = _start(qtbot, tmp_path)
    assert again.document.path == target
    assert again.document.encounter.to_dict() == expected
    assert again.document.undo_stack.is_clean()


def test_a_never_saved_encounter_is_kept_at_quit_and_reopened(qtbot, tmp_path):
    window = _start(qtbot, tmp_path)
    window.document.apply(RenameEncounter("Bridge of Sighs"))
    window.document.apply(StartEncounter())
    expected = window.document.encounter.to_dict()
    window.close()
    kept = load_recent().last
    assert kept is not None and kept.parent == paths.data_dir() / "unsaved"
    assert kept.name == "Unsaved – Bridge of Sighs.json"
    assert load_encounter(kept).to_dict() == expected
    again = _start(qtbot, tmp_path)
    assert again.document.encounter.to_dict() == expected
    assert again.document.path is None  # Save asks for a name of the GM's own
    assert "never saved" in again.statusBar().currentMessage()
    again.document.apply(EndTurn())
    later = again.document.encounter.to_dict()
    again.close()  # kept again, with the new turn
    assert load_recent().last == kept and load_encounter(kept).to_dict() == later


def test_an_untouched_sample_is_not_kept(qtbot, tmp_path):
    window = _start(qtbot, tmp_path)
    window.close()
    assert load_recent().last is None
    assert not (paths.data_dir() / "unsaved").exists() or not any(
        (paths.data_dir() / "unsaved").iterdir()
    )


def test_a_last_encounter_that_is_gone_opens_the_sample_with_a_word(qtbot, tmp_path):
    window = _start(qtbot, tmp_path)
    window.document.apply(StartEncounter())
    target = paths.encounters_dir() / "gone.json"
    window.save_to(target)
    window.close()
    target.unlink()
    messages: list[str] = []
    again = _start(qtbot, tmp_path, messages)
    assert again.document.encounter.to_dict() == sample_session().encounter.to_dict()
    (message,) = messages
    assert "“gone.json”" in message and "Roundkeeper opens the sample" in message


def test_open_recent_lists_the_last_files_newest_first(qtbot, tmp_path, told):
    window = _start(qtbot, tmp_path)
    assert _recent_texts(window) == ["No recent encounters", "&Clear list"]
    saved = []
    for number in range(MAX_RECENT + 2):
        path = tmp_path / f"fight {number}.json"
        save_encounter(sample_session().encounter, path)
        saved.append(path)
        assert window.open_path(path)
    window.document.apply(RenameEncounter("Renamed"))
    window.save()  # saving the open one puts it first (it already is)
    texts = _recent_texts(window)
    assert len(texts) == MAX_RECENT + 1
    assert texts[0] == f"&1  fight {MAX_RECENT + 1}.json   —   {tmp_path}"
    assert texts[MAX_RECENT - 1].startswith(f"&{MAX_RECENT}  fight 2.json")
    # The third entry opens its file.
    entry = window.recent_menu.actions()[2]
    entry.trigger()
    assert window.document.path == saved[MAX_RECENT - 1]
    # A file that is gone is taken off the list, with a word.
    saved[MAX_RECENT].unlink()
    assert not window.recent_menu.open_recent(saved[MAX_RECENT])
    assert "no longer in" in told[-1] and "taken off the list" in told[-1]
    assert saved[MAX_RECENT] not in load_recent().recent
    assert window.document.path == saved[MAX_RECENT - 1]  # nothing else changed
    # Clear list empties it.
    clear = window.recent_menu.findChild(type(entry), "clear_recent")
    clear.trigger()
    assert load_recent().recent == []
    assert _recent_texts(window) == ["No recent encounters", "&Clear list"]


def test_the_recent_list_is_read_as_its_menu_opens_not_with_the_window(
    qtbot, tmp_path, monkeypatch: pytest.MonkeyPatch
):
    saved = tmp_path / "chapel.json"
    save_encounter(sample_session().encounter, saved)
    first = _start(qtbot, tmp_path)
    assert first.open_path(saved)  # now on the list
    reads: list[int] = []

    def counted_load_recent() -> object:
        reads.append(1)
        return load_recent()

    monkeypatch.setattr(recent_menu, "load_recent", counted_load_recent)
    window = _start(qtbot, tmp_path)
    assert reads == []  # the whole window built: the list not read for the menu
    menu = window.recent_menu
    menu.popup(window.mapToGlobal(window.rect().center()))  # the GM opens it
    qtbot.waitUntil(menu.isVisible)
    menu.hide()
    assert reads == [1]
    texts = [action.text() for action in menu.actions() if action.text()]
    assert texts == [f"&1  chapel.json   —   {tmp_path}", "&Clear list"]


def test_the_recent_menu_is_in_the_file_menu(qtbot, tmp_path):
    window = _start(qtbot, tmp_path)
    file_menu = window.menuBar().actions()[0].menu()
    titles = [action.text() for action in file_menu.actions()]
    assert titles[:3] == ["&New encounter…", "&Open…", "Open &Recent"]


def test_leftovers_of_a_cut_off_save_are_removed_at_start(qtbot, tmp_path):
    folder = tmp_path / "campaign"
    folder.mkdir()
    target = folder / "war.json"
    save_encounter(sample_session().encounter, target)
    window = _start(qtbot, tmp_path)
    window.open_path(target)
    window.close()
    leftovers = [
        folder / ".war.json.1a2b3c4d.tmp",
        paths.encounters_dir() / ".other.json.deadbeef.tmp",
        tmp_path / "journal" / ".base.json.0badf00d.tmp",
    ]
    for path in leftovers:
        path.write_bytes(b"half a save")
    kept = [folder / "notes.tmp", folder / ".war.json.tmp", folder / ".x.json.NOTHEX00.tmp"]
    for path in kept:
        path.write_bytes(b"not ours")
    _start(qtbot, tmp_path)
    assert [p for p in leftovers if p.exists()] == []
    assert all(p.exists() for p in kept)


def test_the_recent_list_is_written_off_the_windows_thread(qtbot, tmp_path, monkeypatch):
    """Writing the list syncs it to disk (tens of ms on a busy disk): an open or a save
    hands it to a thread of its own and the window goes on; the next read sees it."""
    import threading

    from tracker.persistence import recent

    writers: list[threading.Thread] = []
    write = recent.write_atomic

    def written(path: Path, data: bytes) -> None:
        writers.append(threading.current_thread())
        write(path, data)

    monkeypatch.setattr(recent, "write_atomic", written)
    window = _start(qtbot, tmp_path)
    saved = [paths.encounters_dir() / f"{name}.json" for name in ("ford", "keep")]
    for path in saved:
        assert window.save_to(path)
    assert window.open_path(saved[0])
    assert load_recent().recent[:2] == [saved[0], saved[1]]  # in the order asked
    assert len(writers) == 3
    assert threading.main_thread() not in writers
