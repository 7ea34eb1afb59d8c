"""JSON read a piece at a time (`json_pieces.loads`) is `json.loads`: the same value for
every document, the same refusal (kind, message and place) for every damaged one, so
that a file's error message names the same line and column; and, unlike `json.loads`,
it lets another thread run while it reads a large document."""

from __future__ import annotations

import json
import math
import sys
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tracker.persistence import files, json_pieces

keys = st.text(max_size=6)
leaves = (
    st.none()
    | st.booleans()
    | st.integers()
    | st.floats()  # NaN and the infinities too: Python's JSON reads them
    | st.text(max_size=8)
)
values = st.recursive(
    leaves,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(keys, inner, max_size=4),
    max_leaves=25,
)
# What damage brings into a file: JSON's own marks, spaces, letters, a BOM, a control.
JUNK = st.sampled_from(list('{}[],:" \n\t0-1.eE+truefalsnNaI\\\ufeff\x00xé'))


def outcome(read: Callable[[str], Any], text: str) -> tuple[Any, ...]:
    """What reading `text` gives: the value (as JSON, NaN included), or the error's kind,
    message and place."""
    try:
        value = read(text)
    except json.JSONDecodeError as error:
        return ("refused", error.msg, error.pos, error.lineno, error.colno)
    except (ValueError, RecursionError) as error:
        return ("refused", type(error).__name__, str(error))
    return ("read", json.dumps(value))


def assert_read_alike(text: str) -> None:
    expected = outcome(json.loads, text)
    for depth in range(5):
        assert outcome(lambda t, d=depth: json_pieces.loads(t, d), text) == expected, depth


@st.composite
def damaged(draw: st.DrawFn) -> str:
    """A JSON document, indented or not, cut short, or with characters removed,
    replaced or added."""
    text = json.dumps(draw(values), indent=draw(st.sampled_from([None, 1])))
    for _ in range(draw(st.integers(min_value=0, max_value=3))):
        kind = draw(st.sampled_from(["cut", "remove", "replace", "add"]))
        at = draw(st.integers(min_value=0, max_value=len(text)))
        if kind == "cut":
            text = text[:at]
        elif kind == "remove":
            text = text[:at] + text[at + 1 :]
        elif kind == "replace":
            text = text[:at] + draw(JUNK) + text[at + 1 :]
        else:
            text = text[:at] + draw(JUNK) + text[at:]
    return text


@given(values, st.sampled_from([None, 2]))
def test_every_document_reads_as_json_does(value: Any, indent: int | None):
    assert_read_alike(json.dumps(value, indent=indent))


@settings(max_examples=400)
@given(damaged())
def test_every_damaged_document_is_refused_as_json_does(text: str):
    assert_read_alike(text)


HOSTILE = [
    "",
    "   ",
    "\ufeff{}",  # a second BOM (files strip one)
    '{"a": 1,}',
    '{"a": 1 "b": 2}',
    '{"a" 1}',
    "{1: 2}",
    "[1,]",
    "[1 2]",
    '{"a": [1}',
    "[] x",
    '{"a": 1}}',
    "[",
    '{"a": "cut',
    '{"a": "\x01"}',  # a control character in a string
    '{"\\ud800": "\\udfff"}',  # lone surrogates
    '{"a": 1, "a": 2, "b": 3, "a": 4}',  # a duplicate key: the last one wins
    '{"a": NaN, "b": [Infinity, -Infinity]}',
    '{"a": 1e999, "b": -1e999}',
    '{"a": [' + "9" * 5000 + "]}",  # more digits than Python reads
    '{"a": {"b": {"c": {"d": 1}}}}',
    "[" * 100_000 + "]" * 100_000,  # nested too deep
    '{"a": ' + "[" * 100_000 + "]" * 100_000 + "}",
    '{"a": {"b": ' + "{" * 50_000 + "}",
    "nul",
    "-",
    '"\\u12"',
]


@pytest.mark.parametrize("text", HOSTILE, ids=range(len(HOSTILE)))
def test_hostile_documents_are_refused_as_json_does(text: str):
    assert_read_alike(text)


@pytest.mark.parametrize("text", HOSTILE, ids=range(len(HOSTILE)))
def test_a_hostile_file_gives_the_message_it_gave(
    text: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
):
    """The GM reads the same words as when the file was read in one call."""
    raw = ('{"format": "tracker-encounter", "encounter": ' + text + "}").encode(
        "utf-8", "surrogatepass"
    )
    path = tmp_path / "hostile.json"
    for data in (raw, text.encode("utf-8", "surrogatepass")):
        messages = []
        for loads in (json_pieces.loads, json.loads):
            monkeypatch.setattr(files.json_pieces, "loads", loads)
            try:
                result = files.parse_document(data, path)
            except files.FileFormatError as error:
                messages.append(error.message)
            else:
                messages.append(json.dumps(result))
        assert messages[0] == messages[1]


def _encounter_like(size: int) -> dict[str, Any]:
    combatants = [
        {
            "id": f"c{number}",
            "name": f"Fighter {number}",
            "side": "enemy",
            "stats": {"might": number % 7, "notes": "x" * 40, "tags": ["a", "b"]},
            "state": {"wounds": 0, "ready": True, "order": [number, 1.5, None]},
        }
        for number in range(size)
    ]
    log = [{"round": n, "text": f"Fighter {n} acts"} for n in range(size)]
    return {
        "format": "tracker-encounter",
        "schema_version": 3,
        "encounter": {"name": "Big", "combatants": combatants, "effects": [], "log": log},
    }


@contextmanager
def _switching_every(seconds: float) -> Iterator[None]:
    before = sys.getswitchinterval()
    sys.setswitchinterval(seconds)
    try:
        yield
    finally:
        sys.setswitchinterval(before)


class _Counted(json.JSONDecoder):
    """The decoder `json_pieces` calls for each piece, counting the pieces read."""

    def __init__(self) -> None:
        super().__init__()
        self.pieces = 0

    def raw_decode(self, s: str, idx: int = 0) -> tuple[Any, int]:
        value = super().raw_decode(s, idx)
        self.pieces += 1
        return value


def _points_reached(work: Callable[[], object], progress: Callable[[], int]) -> int:
    """At how many points strictly inside `work` (its `progress()` neither where it
    began nor where it ended) a second thread got the interpreter's lock: an event
    count, not a clock. One call that keeps the lock throughout lets it in at none."""
    import time

    seen: set[int] = set()
    done = threading.Event()
    running = threading.Event()

    def other() -> None:
        running.set()
        while not done.is_set():
            seen.add(progress())
            time.sleep(0)  # the lock back at once: each turn is a short one

    thread = threading.Thread(target=other)
    with _switching_every(0.0001):
        thread.start()
        running.wait()
        first = progress()
        work()
        last = progress()
        done.set()
        thread.join()
    return len(seen - {first, last})


BIG = json.dumps(_encounter_like(3000))


def test_reading_a_large_document_lets_other_threads_run(monkeypatch: pytest.MonkeyPatch):
    """The GUI thread gets its turns while the worker reads a large file; in one call
    of the C decoder (depth 0: `json.loads`) it would get none."""
    counted = _Counted()
    monkeypatch.setattr(json_pieces, "_DECODER", counted)
    assert json_pieces.loads(BIG) == json.loads(BIG)
    assert counted.pieces > 6000

    def reached(depth: int) -> int:
        return _points_reached(lambda: json_pieces.loads(BIG, depth), lambda: counted.pieces)

    assert reached(0) == 0
    assert reached(json_pieces.DEPTH) >= 5  # dozens, as a rule


def test_writing_a_large_document_lets_other_threads_run(monkeypatch: pytest.MonkeyPatch):
    document = _encounter_like(3000)
    calls = [0]
    plain = json.dumps

    def counted(value: Any, **options: Any) -> str:
        text = plain(value, **options)
        calls[0] += 1
        return text

    monkeypatch.setattr(json_pieces.json, "dumps", counted)
    assert json_pieces.dumps(document) == plain(document)

    def reached(depth: int) -> int:
        return _points_reached(lambda: json_pieces.dumps(document, depth), lambda: calls[0])

    assert reached(0) == 0
    assert reached(json_pieces.DEPTH) >= 5  # dozens, as a rule


def test_a_long_list_is_written_in_runs_of_its_items(monkeypatch: pytest.MonkeyPatch):
    """The encounter's lists are written a run of items at a call, not an item at a
    call (each call builds an encoder: for a long log, that cost more than the text)."""
    document = _encounter_like(3000)
    written: list[Any] = []
    plain = json.dumps

    def counted(value: Any, **options: Any) -> str:
        written.append(value)
        return plain(value, **options)

    monkeypatch.setattr(json_pieces.json, "dumps", counted)
    assert json_pieces.dumps(document, ensure_ascii=False) == plain(document, ensure_ascii=False)
    runs = [value for value in written if isinstance(value, list) and len(value) > 1]
    assert sum(map(len, runs)) == 2 * 3000  # the combatants and the log, every item once
    assert len(written) < 2 * 3000 // json_pieces.RUN + 20


def test_no_float_is_changed_on_the_way():
    text = json.dumps({"encounter": {"combatants": [{"x": 0.1 + 0.2, "y": -0.0}]}})
    value = json_pieces.loads(text)["encounter"]["combatants"][0]
    assert value["x"] == 0.1 + 0.2 and math.copysign(1, value["y"]) == -1
