"""The history in the crash journal, and checkpoints: how recovery rebuilds a long fight
without running its commands again.

Each apply line carries, besides the command, its text and its undo record
(`tracker.engine.stored`), the edits of the log apart (``"log"``) so that recovery can
rebuild the log without reading the rest of the record. Every so often (`Journal`
decides when) the journal writes a checkpoint line: the encounter as it then is,
without its log, which would make every checkpoint as long as the fight::

    {"seq":412,"op":"checkpoint","document_size":30122,"document":{"format":…,
     "encounter":{…,"log":[]}},"log":3107,"log_digest":"9a0c…","crc":"…"}

Recovery starts at the last checkpoint it can use (`resume_point`): the encounter is read
from it; its log is rebuilt from the log edits of the records before it; the undo and
redo stacks are worked out from the apply, undo and redo lines before it, each entry's
record read only when the GM undoes or redoes that far. The lines after the checkpoint
are then replayed, each line's command run and kept only if it makes exactly the
line's record (`replay_apply`). A checkpoint is used only
if every apply line before it carries a record (a journal begun by an older Roundkeeper has
none: it replays from its base), its document reads, the rebuilt log has the length and
the fingerprint it names (`log_digest`; older checkpoints name only the length), and the
lines since the checkpoint before it replay to its very encounter (`verified`);
otherwise the checkpoint before it is tried, and then the base. Replay checks every
line against its command (`replay_apply`). A damaged
checkpoint line fails its checksum like any other line, so recovery stops before it and
starts from the one before.
"""

from __future__ import annotations

import json
import re
import zlib
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from tracker.engine.changes import Record, Undoable
from tracker.engine.commands import Command
from tracker.engine.errors import CommandError, TrackerError
from tracker.engine.session import Session
from tracker.engine.state import Encounter, LogEntry
from tracker.engine.stored import StoredRecord, record_data, whole_record_data
from tracker.persistence.files import (
    FORMAT,
    SCHEMA_VERSION,
    FileFormatError,
    encounter_from_document,
    envelope,
)
from tracker.persistence.journal_lines import Framed, Lines, dumps, parse_record, written

if TYPE_CHECKING:  # (imported by a resume: a change's line or a checkpoint needs none)
    from tracker.persistence.restored import Commands

EDITED = "it does not follow from the changes before it: the journal was edited"
_DAMAGE = (TrackerError, KeyError, TypeError, ValueError, IndexError, AttributeError)


# --- writing -----------------------------------------------------------------------------
def apply_entry(command: Command, text: str, record: Undoable | None) -> dict[str, Any]:
    """An apply line: the command, its text and its undo record (a sealed `Record`, or a
    `StoredRecord`). Raises `TypeError`/`ValueError` for what JSON cannot hold."""
    if isinstance(record, StoredRecord):
        record = record.bound()
    if not isinstance(record, Record):
        raise TypeError("a change without its undo record cannot be journaled")
    data = record_data(record)
    log = data.pop("log")
    return {"op": "apply", "record": data, "log": log, "command": command.to_dict(), "text": text}


def checkpoint_entry(encounter: Encounter, digests: LogDigests | None = None) -> dict[str, Any]:
    """A checkpoint line: the encounter without its log, and the length and fingerprint
    of its log (worked out by `digests`: a journal's `LogDigests` hashes only the
    entries added since its last checkpoint)."""
    return {
        "op": "checkpoint",
        "document": envelope(encounter, log=False),
        "log": len(encounter.log),
        "log_digest": (digests or log_digest)(encounter.log),
    }


def log_digest(log: list[LogEntry]) -> str:
    """A fingerprint of the log a checkpoint leaves out: the log rebuilt from the lines
    before it must have it (an edited log entry, checksum made anew, is found)."""
    hashed = zlib.crc32(b"")
    for entry in log:
        hashed = _hash_entry(entry, hashed)
    return f"{hashed:08x}"


def _hash_entry(entry: LogEntry, hashed: int) -> int:
    """`hashed` carried on over the entry's moment, text and kind, each after its length
    (in one call: a CRC-32 carried over two pieces is that of both together)."""
    when = entry.when.encode("utf-8", "surrogatepass")
    text = entry.text.encode("utf-8", "surrogatepass")
    kind = entry.kind.encode("utf-8", "surrogatepass")
    data = b"%d:%b%d:%b%d:%b" % (len(when), when, len(text), text, len(kind), kind)
    return zlib.crc32(data, hashed)


class LogDigests:
    """`log_digest` of logs that begin alike (the logs rebuilt at a journal's checkpoints
    share their first entries, the same objects): what they share is hashed once (a
    2,000-turn fight's log is hashed in 3 ms)."""

    def __init__(self) -> None:
        self._entries: list[LogEntry] = []
        self._states = [zlib.crc32(b"")]  # the hash after each entry hashed

    def __call__(self, log: list[LogEntry]) -> str:
        same = 0
        for kept, entry in zip(self._entries, log, strict=False):
            if kept is not entry:
                break
            same += 1
        if same < len(log):
            del self._entries[same:], self._states[same + 1 :]
            hashed = self._states[-1]
            for entry in log[same:]:
                hashed = _hash_entry(entry, hashed)
                self._entries.append(entry)
                self._states.append(hashed)
        return f"{self._states[len(log)]:08x}"


# --- reading -----------------------------------------------------------------------------
def resume_point(base: Callable[[], Encounter], lines: Lines) -> tuple[Session, int]:
    """The session at the last checkpoint among `lines` that can be used, its undo and
    redo history included, and the index of that line; or a session on the base and 0.
    `base` gives the base's encounter, a fresh one at each call. A checkpoint is used
    only if the lines since the one before it (or the base) replay to exactly its
    encounter (`verified`): an edited checkpoint whose checksum was recomputed holds a
    state the fight never reached. The session returned is the one so replayed (the
    same encounter and history as one built at the checkpoint, which would cost a second
    rebuild of the whole undo history)."""
    records = lines.records
    encounter = base()
    bare = next(
        (i for i in lines.marks if records[i]["op"] == "apply" and "record" not in records[i]),
        len(records),
    )
    candidates = [i for i in lines.marks if i < bare and records[i]["op"] == "checkpoint"]
    base_log = list(encounter.log)
    # The stacks and log at the last two checkpoints, which a sound journal resumes
    # from; at every checkpoint only if those cannot be used (each is a copy of the
    # whole history and log: 84 of them for a 2,000-turn fight).
    folds = _folds(base_log, records, candidates[-2:])
    from tracker.persistence.restored import Commands

    commands = Commands()  # the commands read, shared by the sessions built
    digests = LogDigests()
    for number in reversed(range(len(candidates))):
        index = candidates[number]
        before = candidates[number - 1] if number else 0
        if index not in folds or (before and before not in folds):
            folds = _folds(base_log, records, candidates)
        folded = folds[index]
        if folded is None or not _names_log(records[index], folded[2], digests):
            continue
        if before:
            start = _session_at(encounter, lines, before, folds[before], commands, digests)
        else:
            start = Session(encounter)
        between = records[before + 1 : index]
        if start is not None and verified(start, between, records[index], folded[2]):
            return start, index
        if not before:  # replayed onto, in vain: no longer the base
            encounter = base()
    return Session(encounter), 0


def verified(
    start: Session, records: list[dict[str, Any]], checkpoint: dict[str, Any], log: list[LogEntry]
) -> bool:
    """True if `records` replay from `start` (which they change) to the very encounter
    the line `checkpoint` holds, with the log `log` (the one the checkpoint names: it
    leaves it out)."""
    used, _ = replay(start, records)
    if used < len(records):
        return False
    reached = start.encounter
    # The logs compared entry by entry (thousands of entries: `to_dict` of each costs
    # ten times as much), the rest as the checkpoint wrote it.
    return reached.log == log and _holds_encounter(reached, checkpoint)


def replay(session: Session, records: list[dict[str, Any]]) -> tuple[int, str | None]:
    """Replay `records` (apply, undo and redo lines; marks are passed, a checkpoint
    only if it holds the encounter replayed) onto `session`, each checked against the
    state it applies to. Returns how many were used, and why the next one could not be
    (None if all were)."""
    for used, record in enumerate(records):
        op = record["op"]
        try:
            if op == "apply":
                replay_apply(session, record)
            elif op == "undo":
                session.undo()
            elif op == "redo":
                session.redo()
            elif op == "checkpoint" and not _holds_checkpoint(session.encounter, record):
                return used, "the encounter replayed is not the one this checkpoint holds"
        except Exception as error:  # refused, misfit, or a ruleset choking on the data
            message = getattr(error, "message", None) or f"{type(error).__name__}: {error}"
            return used, f"the change could not be replayed ({message})"
    return len(records), None


def last_checkpoint(records: list[dict[str, Any]]) -> int:
    """How many of `records` go up to their last checkpoint line (0 if none)."""
    marks = [i for i, record in enumerate(records) if record["op"] == "checkpoint"]
    return marks[-1] + 1 if marks else 0


def _holds_checkpoint(encounter: Encounter, checkpoint: dict[str, Any]) -> bool:
    """False if the checkpoint line holds another encounter than `encounter` (its log's
    length and fingerprint included): the lines before it, or the checkpoint, were
    edited. A checkpoint whose encounter cannot be read is passed over (True)."""
    if _names_log(checkpoint, encounter.log):
        return _holds_encounter(encounter, checkpoint, unreadable=True)
    try:
        _held(checkpoint)
    except (FileFormatError, *_DAMAGE):
        return True
    return False


def _holds_encounter(
    encounter: Encounter, checkpoint: dict[str, Any], *, unreadable: bool = False
) -> bool:
    """True if the checkpoint line holds `encounter`, its log left aside: written as
    `checkpoint_entry` writes it (compared as bytes, not parsed), or else read back
    equal (a checkpoint written by an older Roundkeeper); `unreadable` if it cannot be
    read."""
    data = encounter.to_dict(log=False)
    if _written_as(checkpoint["document"], data):
        return True
    try:
        held = _held(checkpoint)
    except (FileFormatError, *_DAMAGE):
        return unreadable
    return bool(held.to_dict(log=False) == data)


def _names_log(
    checkpoint: dict[str, Any],
    log: list[LogEntry],
    digests: Callable[[list[LogEntry]], str] = log_digest,
) -> bool:
    """True if `log` has the length and the fingerprint (if any) the checkpoint names
    (worked out by `digests`)."""
    digest = checkpoint.get("log_digest")
    return len(log) == checkpoint["log"] and (digest is None or digest == digests(log))


# A checkpoint's document as `checkpoint_entry` writes it, up to its moment of writing.
_DOCUMENT_HEAD = dumps({"format": FORMAT, "schema_version": SCHEMA_VERSION})[:-1] + b',"saved_at":'
_MOMENT = re.compile(rb'"[0-9T:.+-]{0,40}"')


def _written_as(document: bytes | Framed | dict[str, Any], encounter: dict[str, Any]) -> bool:
    """True if `document` (a checkpoint's, as `Lines.records` hold it) is the very bytes
    that `checkpoint_entry` writes for the encounter whose data is `encounter`, at
    whatever moment: it holds that encounter, and is not parsed (building the encounter
    of a fight of 50 combatants costs ten times as much as writing it)."""
    document = written(document)
    if not isinstance(document, bytes) or not document.startswith(_DOCUMENT_HEAD):
        return False
    try:
        tail = b',"encounter":' + dumps(encounter) + b"}"
    except (TypeError, ValueError):  # data no checkpoint can hold
        return False
    if not document.endswith(tail):
        return False
    return _MOMENT.fullmatch(document, len(_DOCUMENT_HEAD), len(document) - len(tail)) is not None


def replay_apply(session: Session, record: dict[str, Any]) -> None:
    """Replay an apply line: its command is run and kept only if it makes exactly this
    record and text (`Session.apply` with a check: its values before the change are
    the state as it is, its values after what the command makes of it), so that a line
    dropped, swapped or edited, even with its checksum made anew, does not fit. The
    record the command made is kept for undo (the line's own is not read again). A line
    of an older journal, which has no record, runs its command. Raises `CommandError`
    (nothing changed) for a line that does not fit, else what `Session.apply` raises."""
    command = Command.from_dict(record["command"])
    if "record" not in record:
        session.apply(command)
        return

    def check(text: str, made: Record) -> None:
        if text != record.get("text") or not _same_record(made, record):
            raise CommandError(EDITED)

    session.apply(command, check)


def _same_record(made: Record, line: dict[str, Any]) -> bool:
    """True if the undo record `made`, right after its change, is the one an apply line
    holds: written the same way (`record_data`), byte for byte (the line's record is
    kept as written), or else equal as JSON reads it back (a line written by an older
    Roundkeeper may order its members otherwise, or hold each changed record whole:
    `whole_record_data`)."""
    data = record_data(made)
    log = data.pop("log")
    written = line["record"]
    if isinstance(written, bytes) and dumps(data) == written:
        return bool(_plain(log) == _plain(line.get("log", [])))
    expected = _plain({**parse_record(written), "log": line.get("log", [])})
    if _plain({**data, "log": log}) == expected:
        return True
    return bool(_plain(whole_record_data(made)) == expected)


def _plain(data: Any) -> Any:
    """`data` as JSON reads it back (tuples as lists), for comparing records."""
    return json.loads(json.dumps(data, allow_nan=False))


def _held(checkpoint: dict[str, Any]) -> Encounter:
    """The encounter a checkpoint line holds (its document read now: `journal_lines`
    keeps it as bytes). Raises `FileFormatError` or what damaged data raises."""
    return encounter_from_document(parse_record(checkpoint["document"]), Path("checkpoint"))


def _checkpoint_encounter(
    base: Encounter, checkpoint: dict[str, Any], folded: _Folded | None, digests: LogDigests
) -> Encounter | None:
    """The encounter a checkpoint line holds, given the log of the lines before it
    (`folded`); None if it cannot be read, is of another ruleset, or the log it names
    (length, fingerprint) is not that one."""
    if folded is None or not _names_log(checkpoint, folded[2], digests):
        return None
    try:
        encounter = _held(checkpoint)
    except (FileFormatError, *_DAMAGE):
        return None
    if encounter.ruleset_id != base.ruleset_id:
        return None
    encounter.log = list(folded[2])
    return encounter


def _session_at(
    base: Encounter,
    lines: Lines,
    index: int,
    folded: _Folded | None,
    commands: Commands,
    digests: LogDigests,
) -> Session | None:
    """The session at the checkpoint line `index`, the lines before it `folded`; the
    commands of its history read through `commands`."""
    records = lines.records
    encounter = _checkpoint_encounter(base, records[index], folded, digests)
    if encounter is None or folded is None:
        return None
    from tracker.persistence.restored import entries

    done, undone, _log = folded
    session = Session(encounter)
    types = session.ruleset.state_types
    try:
        session.restore_history(
            entries(records, done, commands, encounter, types),
            entries(records, undone[::-1], commands, encounter, types),
        )
    except _DAMAGE:
        return None
    return session


_Folded = tuple[list[int], list[int], list[LogEntry]]
# One edit of the log as folding keeps it: inserted (else removed), where, which entry.
_LogChange = tuple[bool, int, LogEntry]


def _folds(
    log: list[LogEntry], records: list[dict[str, Any]], stops: list[int]
) -> dict[int, _Folded | None]:
    """For each of `stops` (ascending), the undo and redo stacks (indexes of apply
    lines; the next to redo last) and the log after the lines before it, worked out from
    the lines alone, in one pass (one loop, one call an apply line: a 2,000-turn fight
    has 4,400 of them, of which a few are undone). None from the first line that does
    not fit on (an undo with nothing to undo, log edits that do not fit: such a journal
    replays from its base)."""
    done: list[int] = []
    undone: list[int] = []
    log = list(log)
    folded: dict[int, _Folded | None] = dict.fromkeys(stops)
    index = 1
    for stop in stops:
        try:
            while index < stop:
                record = records[index]
                op = record["op"]
                if op == "apply":
                    _logged(log, record.get("log", _NO_EDITS))
                    done.append(index)
                    undone.clear()
                elif op == "undo" or op == "redo":
                    source, target = (done, undone) if op == "undo" else (undone, done)
                    if not source:
                        return folded
                    line = source.pop()
                    target.append(line)
                    made = _log_changes(records[line].get("log", _NO_EDITS))
                    _change_log(log, made, forward=op == "redo")
                index += 1
        except _DAMAGE:
            return folded
        folded[stop] = (list(done), list(undone), list(log))
    return folded


_NO_EDITS: list[Any] = []  # (an apply line without "log" made no edit of it)


def _logged(log: list[LogEntry], data: list[Any]) -> None:
    """Make the edits of the log an apply line's ``"log"`` holds, each checked as
    `_change_log` checks it (read and made in one go: a fold makes thousands). Raises
    `ValueError` for an edit the log cannot have (a move: the log is never reordered)
    or that does not fit it, or what damaged data raises."""
    for edit in data:
        kind, index, entry = edit[0], int(edit[1]), LogEntry(**edit[2])
        if kind == "insert":
            if not 0 <= index <= len(log):
                raise ValueError("the records do not fit the log")
            log.insert(index, entry)
        elif kind == "remove":
            if not (0 <= index < len(log) and log[index] == entry):
                raise ValueError("the records do not fit the log")
            del log[index]
        else:
            raise ValueError(f"the log has no edit {kind!r}")


def _log_changes(data: list[Any]) -> list[_LogChange]:
    """The edits of the log an apply line's ``"log"`` holds (`stored.log_edits` reads
    the same data into `Insert`s and `Remove`s), to be undone or made again. Raises
    `ValueError` for an edit the log cannot have, or what damaged data raises."""
    made: list[_LogChange] = []
    for edit in data:
        kind = edit[0]
        if kind not in ("insert", "remove"):
            raise ValueError(f"the log has no edit {kind!r}")
        made.append((kind == "insert", int(edit[1]), LogEntry(**edit[2])))
    return made


def _change_log(log: list[LogEntry], made: list[_LogChange], *, forward: bool) -> None:
    """Make the edits `made` (undo them, backwards, unless `forward`), each checked: an
    index out of place or an entry that is not the one removed means the records do not
    fit the log (`ValueError`)."""
    for inserted, index, entry in made if forward else reversed(made):
        if inserted == forward:
            if not 0 <= index <= len(log):
                raise ValueError("the records do not fit the log")
            log.insert(index, entry)
        elif 0 <= index < len(log) and log[index] == entry:
            del log[index]
        else:
            raise ValueError("the records do not fit the log")
