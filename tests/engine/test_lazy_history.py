"""A history given to a session (`Session.restore_history`, as a resumed journal gives
its thousands of entries) is read entry by entry as the session reaches them: the undo
text reads the entry on top, an undo or redo the one it moves, listing the history every
one; and the session undoes and redoes as one given lists."""

from __future__ import annotations

from pathlib import Path

from tests.engine.test_stored_records import stored_copy
from tests.persistence.fights import playthrough, view, walk_alike
from tracker.engine.session import Applied, Session


class Watched:
    """Entries that note which of their indexes are read."""

    def __init__(self, entries: list[Applied]) -> None:
        self.entries = entries
        self.read: list[int] = []

    def __len__(self) -> int:
        return len(self.entries)

    def __getitem__(self, index: int) -> Applied:
        self.read.append(index % len(self.entries))
        return self.entries[index]


def watched_copy(session: Session) -> tuple[Session, Watched, Watched]:
    """A stored copy of `session` (see `stored_copy`), its history given as `Watched`."""
    lists = stored_copy(session)
    done, undone = Watched(lists.history), Watched(lists.undone)
    copy = Session(lists.encounter)
    copy.restore_history(done, undone)
    return copy, done, undone


def fight(folder: Path) -> Session:
    session, _ = playthrough("initiative_ticks", 3, folder, steps=60)
    while len(session.undone) < 2:
        session.undo()
    return session


def test_a_given_history_is_read_only_where_the_session_reaches(tmp_path: Path) -> None:
    session = fight(tmp_path / "journal")
    copy, done, undone = watched_copy(session)
    assert copy.history_size == len(session.history) > 3
    assert copy.undone_size == len(session.undone)
    assert done.read == [] and undone.read == []
    assert copy.undo_text == session.undo_text and copy.redo_text == session.redo_text
    assert set(done.read) == {len(done) - 1} and set(undone.read) == {0}
    copy.undo()
    copy.undo()
    assert set(done.read) == {len(done) - 1, len(done) - 2}
    copy.redo()  # the entry undone last, moved: not read again
    assert set(undone.read) == {0}
    copy.redo()
    copy.redo()  # the first of those given to redo
    assert set(undone.read) == {0}
    assert copy.redo_text == session.undone[1].text
    assert set(undone.read) == {0, 1}
    assert len(copy.history) == len(done) + 1
    assert set(done.read) == set(range(len(done)))


def test_a_given_history_undoes_and_redoes_as_lists_do(tmp_path: Path) -> None:
    session = fight(tmp_path / "journal")
    copy, _, _ = watched_copy(session)
    assert view(copy) == view(session)
    walk_alike(session, copy)
    assert [a.text for a in copy.history] == [a.text for a in session.history]


def test_a_change_after_undoing_drops_what_was_given_to_redo(tmp_path: Path) -> None:
    session = fight(tmp_path / "journal")
    copy, _, undone = watched_copy(session)
    session.undo()
    command = session.undone[0].command
    session.apply(command)  # the same change again: the redo stack is dropped
    copy.undo()
    copy.apply(command)
    assert not copy.can_redo and copy.undone == [] and copy.redo_text == ""
    assert undone.read == []
    assert view(copy) == view(session)
