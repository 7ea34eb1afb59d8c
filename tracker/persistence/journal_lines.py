"""The crash journal's lines: each one numbered and checksummed, so that a changed,
dropped, repeated or swapped line is told from a good one.

A line is one JSON object ending in a newline::

    {"seq":7,"op":"undo","crc":"5d1c0e4a"}

``seq`` counts the lines of the file from 0 (the ``begin`` header). ``crc`` is the
CRC-32 of the line's bytes without the ``,"crc":"…"`` member, computed after the
journal's id (so a line copied from another journal fails too). Reading checks every
complete line in order and stops at the first that fails: a wrong checksum, a number
out of sequence, or a record that is not a journal entry. The last piece of the file,
if it has no newline, was being written when the app stopped: it is dropped silently,
as the change it described never completed.
"""

from __future__ import annotations

import json
import re
import zlib
from dataclasses import dataclass, field
from typing import Any

CRC_SUFFIX = re.compile(rb',"crc":"([0-9a-f]{8})"\}$')
CHANGE_OPS = ("apply", "undo", "redo")
MARK_OPS = ("saving", "saved", "checkpoint")


def checksum(journal_id: str, payload: bytes) -> int:
    return zlib.crc32(payload, zlib.crc32(journal_id.encode("utf-8")))


def encode_line(journal_id: str, seq: int, record: dict[str, Any]) -> bytes:
    """One journal line: `record` with its sequence number and checksum."""
    body = {"seq": seq, **record}
    payload = json.dumps(body, ensure_ascii=False, separators=(",", ":"), allow_nan=False)
    data = payload.encode("utf-8")
    crc = checksum(journal_id, data)
    return data[:-1] + b',"crc":"%08x"}\n' % crc


def header(journal_id: str) -> dict[str, Any]:
    return {"op": "begin", "journal_id": journal_id}


@dataclass
class Lines:
    """What reading found: the good lines in order (decoded and as written), how many
    complete lines after them could not be used, and why the first of those failed."""

    records: list[dict[str, Any]] = field(default_factory=list)
    raw: list[bytes] = field(default_factory=list)
    unread: int = 0
    problem: str | None = None
    stale: bool = False  # the lines belong to an older journal: this base has none yet

    @property
    def stop_line(self) -> int:
        """The 1-based line number of the first line not used."""
        return len(self.raw) + 1

    def stop(self, complete: list[bytes], problem: str) -> None:
        self.unread = sum(1 for line in complete[len(self.raw) :] if line.strip())
        self.problem = problem


def read_lines(data: bytes, journal_id: str) -> Lines:
    """The good lines of an events file whose base has `journal_id`."""
    pieces = data.split(b"\n")
    complete = pieces[:-1]  # the last piece has no newline: torn (or empty)
    result = Lines()
    for number, line in enumerate(complete):
        record, problem = _decode(line, journal_id, number)
        if number == 0 and record is None and _is_other_journal(line, journal_id):
            result.stale = True
            return result
        if problem is not None or record is None:
            result.stop(complete, problem or "it cannot be read")
            return result
        result.records.append(record)
        result.raw.append(line + b"\n")
    return result


def _decode(line: bytes, journal_id: str, seq: int) -> tuple[dict[str, Any] | None, str | None]:
    match = CRC_SUFFIX.search(line)
    if match is None:
        return None, "it has no checksum, it was cut or changed"
    payload = line[: match.start()] + b"}"
    if checksum(journal_id, payload) != int(match.group(1), 16):
        return None, "its checksum does not match, it was changed"
    try:
        record = json.loads(payload.decode("utf-8"))
    except (UnicodeDecodeError, ValueError, RecursionError):
        return None, "it is not valid JSON"
    if not isinstance(record, dict):
        return None, "it is not a journal entry"
    if record.get("seq") != seq:
        return None, f"it is numbered {record.get('seq')!r} where {seq} was expected"
    problem = _entry_problem(record, journal_id, seq)
    return (record, None) if problem is None else (None, problem)


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
    elif op in ("saving", "saved"):
        if not (record.get("path") is None or isinstance(record.get("path"), str)):
            return "the saved file's name is not text"
    elif op not in CHANGE_OPS and op not in MARK_OPS:
        return f"unknown entry {op!r}"
    return None
