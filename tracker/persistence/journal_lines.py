"""The crash journal's lines: each one numbered and checksummed, so that a changed,
dropped, repeated or swapped line is told from a good one.

A line is one JSON object ending in a newline::

    {"seq":7,"op":"undo","crc":"5d1c0e4a"}

``seq`` counts the lines of the file from 0 (the ``begin`` header). ``crc`` is the
CRC-32 of the line's bytes without the ``,"crc":"…"`` member, computed after the
journal's id (so a line copied from another journal fails too). Reading checks every
complete line in order and stops at the first that fails: a wrong checksum, a number
out of sequence, or a record that is not a journal entry. The last piece of the file,
if it has no newline, was being written when the app stopped: a whole line that passes
every check is used (only its newline was lost), anything else is dropped, as the
change it described never completed (resuming keeps a copy of the file first).

An apply line's undo record (``"record"``, the bulk of the journal) comes first, after
its length in bytes, so that reading checks the line but parses the record only when it
is needed (`Lines.records` hold its JSON as bytes); so does a checkpoint's encounter
(``"document"``: recovery reads the last two of them at most, so `Lines.records` hold
where it is in the file, a `Framed`)::

    {"seq":8,"op":"apply","record_size":412,"record":{…},"log":[…],"command":{…},…}
    {"seq":9,"op":"checkpoint","document_size":30122,"document":{…},"log":118,…}

Checkpoints written before theirs was framed (no ``"document_size"``) are read whole.

Journals written before lines were numbered (no ``seq``, no ``crc``: the header is just
``{"op":"begin","journal_id":"…"}``) are read too, each line checked only for being a
journal entry; `Lines.legacy` says so, and the journal is rewritten numbered when it is
resumed.
"""

from __future__ import annotations

import json
import re
import zlib
from bisect import bisect_left
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, overload

CRC_SUFFIX = re.compile(rb',"crc":"([0-9a-f]{8})"\}$')
SUFFIX_LENGTH = len(b',"crc":"01234567"}')
CHANGE_OPS = ("apply", "undo", "redo")
MARK_OPS = ("saving", "saved", "checkpoint")


def checksum(journal_id: str, payload: bytes) -> int:
    return zlib.crc32(payload, _seed(journal_id))


def _seed(journal_id: str) -> int:
    """The checksum of the journal's id, which each line's continues."""
    return zlib.crc32(journal_id.encode("utf-8"))


_DECODER = json.JSONDecoder()
# What `raw_decode` calls (raises StopIteration where it fails), called without its steps.
_SCAN: Callable[[str, int], tuple[Any, int]] = _DECODER.scan_once  # type: ignore[attr-defined]
_COMMA = ord(",")
_NO_LOG: list[Any] = []  # (an apply line without "log" has no edits of it)

# The member each kind of line writes first, framed by its length (and read as bytes).
FRAMED = {"apply": "record", "checkpoint": "document"}
# (Matched where a line starts, in the file's bytes: `match` holds it there, no "^".)
_HEAD = rb'(\{"seq":\d+,"op":"(apply|checkpoint)")'
FRAME = re.compile(_HEAD + rb',"(record|document)_size":(\d+),"\3":')
_FRAMED_AS = {(op.encode(), member.encode()): member for op, member in FRAMED.items()}


def dumps(value: Any) -> bytes:
    """`value` as a journal line writes it (compact, UTF-8)."""
    text = json.dumps(value, ensure_ascii=False, separators=(",", ":"), allow_nan=False)
    return text.encode("utf-8")


def encode_line(journal_id: str, seq: int, record: dict[str, Any]) -> bytes:
    """One journal line: `record` with its sequence number and checksum (an apply line's
    undo record, a checkpoint's document first, framed by its length; either may be
    given as JSON bytes)."""
    body = {"seq": seq, **record}
    op = str(body.get("op"))
    member = FRAMED.get(op)
    framed = body.pop(member, None) if member is not None else None
    if framed is None or member is None:
        data = dumps(body)
    else:
        blob = framed if isinstance(framed, bytes) else dumps(framed)
        del body["seq"], body["op"]
        rest = dumps(body)[1:]  # the other members and the closing brace
        name = member.encode()
        head = b'{"seq":%d,"op":"%s","%s_size":%d,"%s":' % (seq, op.encode(), name, len(blob), name)
        data = head + blob + (b"," + rest if rest != b"}" else rest)
    crc = checksum(journal_id, data)
    return data[:-1] + b',"crc":"%08x"}\n' % crc


class Framed:
    """A framed member as written, in the events file's bytes, read from them when
    asked (`bytes`): a checkpoint's document (30 KB for a fight of 50 combatants), of
    which recovery reads the last two; a copy of each as the file was read was
    megabytes of new memory for a long fight."""

    __slots__ = ("_data", "_end", "_start")

    def __init__(self, data: bytes, start: int, end: int) -> None:
        self._data, self._start, self._end = data, start, end

    def bytes(self) -> bytes:
        return self._data[self._start : self._end]


def written(value: bytes | Framed | dict[str, Any]) -> bytes | dict[str, Any]:
    """A framed member as `Lines.records` hold it: its JSON as bytes (or, in a line of
    an older journal, the data it holds)."""
    return value.bytes() if isinstance(value, Framed) else value


def parse_record(value: bytes | Framed | dict[str, Any]) -> dict[str, Any]:
    """An apply line's undo record or a checkpoint's document as `Lines.records` hold
    it, parsed. Raises `ValueError`/`TypeError` if it is not a JSON object (a
    `RecursionError`, nested too deep, is a `ValueError` here)."""
    value = written(value)
    try:
        data = json.loads(value) if isinstance(value, bytes) else value
    except RecursionError:
        raise ValueError("the JSON is nested too deep") from None
    if not isinstance(data, dict):
        raise TypeError("an undo record is not a table")
    return data


def header(journal_id: str) -> dict[str, Any]:
    return {"op": "begin", "journal_id": journal_id}


class RawLines(Sequence[bytes]):
    """The good lines of an events file as written, each with its newline: sliced from
    the file's bytes when read, not copied as the file is read (a long fight's journal
    is 5 MB, and a copy of it as many new pages the process faults in, some 3 ms). A
    last line whose newline was lost ends one byte past the file's end (`ends`)."""

    def __init__(self, data: bytes = b"", ends: list[int] | None = None) -> None:
        self._data = data
        self._ends = ends if ends is not None else []

    def __len__(self) -> int:
        return len(self._ends)

    @overload
    def __getitem__(self, index: int) -> bytes: ...

    @overload
    def __getitem__(self, index: slice) -> list[bytes]: ...

    def __getitem__(self, index: int | slice) -> bytes | list[bytes]:
        if isinstance(index, slice):
            return [self[number] for number in range(*index.indices(len(self)))]
        number = range(len(self._ends))[index]
        start = self._ends[number - 1] if number else 0
        end = self._ends[number]
        if end > len(self._data):
            return self._data[start:] + b"\n"
        return self._data[start:end]

    @property
    def size(self) -> int:
        """How many bytes the lines hold together."""
        return self._ends[-1] if self._ends else 0


@dataclass
class Lines:
    """What reading found: the good lines in order (decoded and as written), how many
    complete lines after them could not be used, and why the first of those failed."""

    records: list[dict[str, Any]] = field(default_factory=list)
    raw: RawLines = field(default_factory=RawLines)
    # The lines that may be other than an apply line of this form (`_plain_apply`), in
    # order: the header, undos, redos, saves, checkpoints (a few hundred of a long
    # fight's thousands of lines); what asks for those finds them here.
    marks: list[int] = field(default_factory=list)
    unread: int = 0
    problem: str | None = None
    stale: bool = False  # the lines belong to an older journal: this base has none yet
    legacy: bool = False  # written before lines were numbered: no sequence, no checksum

    @property
    def stop_line(self) -> int:
        """The 1-based line number of the first line not used."""
        return len(self.raw) + 1

    def stop(self, complete: list[bytes], problem: str) -> None:
        self.unread = sum(1 for line in complete[len(self.raw) :] if line.strip())
        self.problem = problem

    def marked(self, start: int = 0, stop: int | None = None) -> list[dict[str, Any]]:
        """The records of the `marks` among lines `start` to `stop` (not included)."""
        marks, records = self.marks, self.records
        low = bisect_left(marks, start)
        high = len(marks) if stop is None else bisect_left(marks, stop, low)
        return [records[index] for index in marks[low:high]]

    def changes(self, start: int, stop: int) -> int:
        """How many of lines `start` to `stop` (not included) are applies, undos and
        redos."""
        stop = min(stop, len(self.records))
        others = sum(1 for record in self.marked(start, stop) if record["op"] not in CHANGE_OPS)
        return max(stop - start, 0) - others


def read_lines(data: bytes, journal_id: str) -> Lines:
    """The good lines of an events file whose base has `journal_id`."""
    first = data.find(b"\n")
    if first >= 0 and _legacy_header(data[:first]) is not None:
        return _read_legacy(data, journal_id)
    ends: list[int] = []
    result = Lines(raw=RawLines(data, ends))
    records, marks = result.records, result.marks
    view = memoryview(data)
    seed = _seed(journal_id)
    start, number = 0, 0
    while (end := data.find(b"\n", start) + 1) > 0:
        record = _framed(data, view, start, end, seed, number)
        if record is None or not (number and _plain_apply(record)):
            if record is None or _entry_problem(record, journal_id, number) is not None:
                line = data[start : end - 1]
                record, problem = _decode(line, journal_id, seed, number)
                if number == 0 and record is None and _is_other_journal(line, journal_id):
                    result.stale = True
                    return result
                if problem is not None or record is None:
                    result.stop(data.split(b"\n")[:-1], problem or "it cannot be read")
                    return result
            marks.append(number)
        records.append(record)
        ends.append(end)
        start, number = end, number + 1
    last = data[start:]
    if last.strip():  # a whole line whose newline never reached the disk
        record, problem = _decode(last, journal_id, seed, number)
        if record is not None and problem is None:
            records.append(record)
            marks.append(number)
            ends.append(len(data) + 1)
    return result


def _framed(
    data: bytes, view: memoryview, start: int, end: int, seed: int, seq: int
) -> dict[str, Any] | None:
    """The record of a well-formed framed line numbered `seq` (`data[start:end]`, its
    newline included), its checksum checked, read in fewer steps than `_decode` takes;
    None for any other line, which `_decode` then reads (and says what is wrong with
    it). The line is not copied whole: the checksum runs over its bytes up to the
    ``,"crc"`` member (in `view`, the file's bytes) then over the closing brace, and the
    decoder reads the members around the framed one (without `raw_decode`'s steps: the
    text begins with the frame's "{")."""
    crc = CRC_SUFFIX.match(data, max(start, end - 1 - SUFFIX_LENGTH), end)
    frame = FRAME.match(data, start, end)
    if crc is None or frame is None:
        return None
    cut = crc.start()
    if zlib.crc32(b"}", zlib.crc32(view[start:cut], seed)) != int(crc.group(1), 16):
        return None
    framed = frame.end()
    stop = framed + int(frame.group(4))
    member = _FRAMED_AS.get((frame.group(2), frame.group(3)))
    # The framed member ends where the others go on (","), or the line does.
    if member is None or stop > cut or (stop < cut and data[stop] != _COMMA):
        return None
    try:
        text = b"".join((view[start : frame.end(1)], view[stop:cut], b"}")).decode("utf-8")
        record, parsed = _SCAN(text, 0)
    except (UnicodeDecodeError, StopIteration, ValueError, RecursionError):
        return None
    if parsed != len(text) or type(record) is not dict or record.get("seq") != seq:
        return None
    record[member] = data[framed:stop] if member == "record" else Framed(data, framed, stop)
    return record


def _plain_apply(record: dict[str, Any]) -> bool:
    """True for an apply line after the first that `_entry_problem` would pass (most of
    a journal, told in fewer steps: JSON makes no subclasses, so types are compared)."""
    return (
        record.get("op") == "apply"
        and type(record.get("command")) is dict
        and type(record.get("log", _NO_LOG)) is list
        and type(record.get("text", "")) is str
        and type(record.get("record")) is bytes
    )


def _legacy_header(line: bytes) -> str | None:
    """The journal id of an unnumbered journal's header, or None."""
    if not line.startswith(b'{"op":"begin"'):
        return None
    try:
        record = json.loads(line.decode("utf-8"))
    except (UnicodeDecodeError, ValueError, RecursionError):
        return None
    if not isinstance(record, dict) or set(record) != {"op", "journal_id"}:
        return None
    journal_id = record["journal_id"]
    return journal_id if isinstance(journal_id, str) else None


def _read_legacy(data: bytes, journal_id: str) -> Lines:
    complete = data.split(b"\n")[:-1]
    ends: list[int] = []
    result = Lines(raw=RawLines(data, ends), legacy=True)
    if _legacy_header(complete[0]) != journal_id:
        result.stale = True
        return result
    end = 0
    for number, line in enumerate(complete):
        try:
            record = json.loads(line.decode("utf-8"))
        except (UnicodeDecodeError, ValueError, RecursionError):
            result.stop(complete, "it is not valid JSON")
            return result
        problem = "it is not a journal entry"
        if isinstance(record, dict) and "seq" not in record:
            record = {"seq": number, **record}
            problem = _entry_problem(record, journal_id, number) or ""
        if problem:
            result.stop(complete, problem)
            return result
        result.records.append(record)
        result.marks.append(number)  # (each: such a journal is short)
        end += len(line) + 1
        ends.append(end)
    return result


def _decode(
    line: bytes, journal_id: str, seed: int, seq: int
) -> tuple[dict[str, Any] | None, str | None]:
    # The checksum ends the line: looked for there only, not searched for along it.
    match = CRC_SUFFIX.match(line, max(0, len(line) - SUFFIX_LENGTH))
    if match is None:
        return None, "it has no checksum, it was cut or changed"
    payload = line[: match.start()] + b"}"
    if zlib.crc32(payload, seed) != int(match.group(1), 16):
        return None, "its checksum does not match, it was changed"
    try:
        record = _parse(payload)
    except (UnicodeDecodeError, ValueError, RecursionError):
        return None, "it is not valid JSON"
    if not isinstance(record, dict):
        return None, "it is not a journal entry"
    if record.get("seq") != seq:
        return None, f"it is numbered {record.get('seq')!r} where {seq} was expected"
    problem = _entry_problem(record, journal_id, seq)
    return (record, None) if problem is None else (None, problem)


def _parse(payload: bytes) -> Any:
    """The line's JSON, its framed member (`FRAMED`) left as written (a record as
    bytes, a document as `Framed`)."""
    frame = FRAME.match(payload)
    if frame is None:
        return json.loads(payload.decode("utf-8"))
    head, op, framed, size = frame.group(1, 2, 3, 4)
    member = _FRAMED_AS.get((op, framed))
    if member is None:
        raise ValueError("the framed member is not the line's")
    start = frame.end()
    end = start + int(size)
    rest = payload[end:]
    if not rest.startswith((b",", b"}")):
        raise ValueError(f"the length of its {member} is wrong")
    text = (head + rest).decode("utf-8")
    # Begins with the frame's "{" and ends with the line's "}": no white space around
    # it, so the decoder is called without `json.loads`'s steps (a tenth of reading).
    record, parsed = _DECODER.raw_decode(text)
    if parsed != len(text):
        raise ValueError("there is more than one JSON value")
    if isinstance(record, dict):
        framed = payload[start:end] if member == "record" else Framed(payload, start, end)
        record[member] = framed
    return record


def _is_other_journal(line: bytes, journal_id: str) -> bool:
    """A well-formed header of another journal (the app stopped between writing a new
    base and its new events file): its checksum holds with its own id."""
    match = CRC_SUFFIX.search(line)
    if match is None:
        return False
    payload = line[: match.start()] + b"}"
    try:
        record = json.loads(payload.decode("utf-8"))
    except (UnicodeDecodeError, ValueError, RecursionError):
        return False
    if not isinstance(record, dict) or record.get("op") != "begin" or record.get("seq") != 0:
        return False
    other = record.get("journal_id")
    return (
        isinstance(other, str)
        and other != journal_id
        and checksum(other, payload) == int(match.group(1), 16)
    )


def _entry_problem(record: dict[str, Any], journal_id: str, seq: int) -> str | None:
    op = record.get("op")
    if seq == 0:
        if op != "begin" or record.get("journal_id") != journal_id:
            return "the journal's first line does not match its base"
        return None
    if op == "apply":
        if not isinstance(record.get("command"), dict):
            return "the change it records is missing"
        if (
            not isinstance(record.get("record", b""), bytes | dict)
            or not isinstance(record.get("log", []), list)
            or not isinstance(record.get("text", ""), str)
        ):
            return "the undo record it carries is malformed"
    elif op == "checkpoint":
        document = record.get("document")
        if not isinstance(document, bytes | Framed | dict) or type(record.get("log")) is not int:
            return "the checkpoint it holds is malformed"
    elif op in ("saving", "saved"):
        if not (record.get("path") is None or isinstance(record.get("path"), str)):
            return "the saved file's name is not text"
    elif op not in CHANGE_OPS and op not in MARK_OPS:
        return f"unknown entry {op!r}"
    return None
