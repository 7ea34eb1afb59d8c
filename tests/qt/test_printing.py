"""Printing the War Scroll and the turn order: a real PDF whose text (read back without
any outside tool) holds every visible name and none of the hidden ones; tables laid
out to be filled in by hand."""

from __future__ import annotations

import re
import shutil
import subprocess
import zlib
from pathlib import Path

import pytest
from PySide6.QtGui import QPageSize, QPdfWriter
from PySide6.QtPrintSupport import QPrintDialog, QPrinter
from PySide6.QtWidgets import QDialog

from tests.qt.conftest import by_name
from tests.qt.test_players_fight import (
    SECRET,
    SECRET_LABEL,
    add_secret_field,
    fight_steps,
)
from tests.qt.test_players_rulesets import NARRATOR, round_robin_session
from tracker.engine import EndTurn, StartEncounter
from tracker.engine.fields import Field
from tracker.qt.document import EncounterDocument
from tracker.qt.printing import (
    export_pdf,
    print_sheets,
    print_with_dialog,
    tables_for,
    turn_order_table,
)
from tracker.qt.rulesets.war_scroll.printed import war_scroll_table

OBJECT = re.compile(rb"(\d+) 0 obj(.*?)endobj", re.S)
HEX = re.compile(rb"<([0-9A-Fa-f]+)>")


@pytest.fixture
def secret_field(monkeypatch: pytest.MonkeyPatch) -> Field:
    return add_secret_field(monkeypatch)


# --- reading a PDF's text back (Qt's PDF writer: Type0 fonts with ToUnicode maps) ---
def _stream(body: bytes, objects: dict[int, bytes]) -> bytes:
    start = body.find(b"stream")
    if start < 0:
        return b""
    data = body[start + len(b"stream") :].lstrip(b"\r\n")
    length = re.search(rb"/Length (\d+)( 0 R)?", body)
    if length is not None:
        size = int(length.group(1))
        if length.group(2):
            size = int(objects[size].strip())
        data = data[:size]
    return zlib.decompress(data) if b"/FlateDecode" in body[:start] else data


def _cmap(text: bytes) -> dict[int, str]:
    """A ToUnicode CMap's glyph → text map (bfchar and bfrange, arrays included)."""
    mapping: dict[int, str] = {}
    for block in re.findall(rb"beginbfchar(.*?)endbfchar", text, re.S):
        pairs = HEX.findall(block)
        for code, value in zip(pairs[::2], pairs[1::2], strict=True):
            mapping[int(code, 16)] = bytes.fromhex(value.decode()).decode("utf-16-be")
    for block in re.findall(rb"beginbfrange(.*?)endbfrange", text, re.S):
        for line in re.findall(rb"<[0-9A-Fa-f]+>\s*<[0-9A-Fa-f]+>\s*(?:\[[^\]]*\]|<[^>]*>)", block):
            values = HEX.findall(line)
            first, last = int(values[0], 16), int(values[1], 16)
            targets = values[2:]
            for offset, code in enumerate(range(first, last + 1)):
                if b"[" in line:
                    value = bytes.fromhex(targets[offset].decode())
                else:
                    start = int(targets[0], 16) + offset
                    value = start.to_bytes(2, "big")
                mapping[code] = value.decode("utf-16-be")
    return mapping


def pdf_text(path: Path) -> str:
    """The text shown on the PDF's pages, one line per text block."""
    data = path.read_bytes()
    objects = {int(m.group(1)): m.group(2) for m in OBJECT.finditer(data)}
    maps: dict[bytes, dict[int, str]] = {}
    for name, number in re.findall(rb"/(F\d+)\s+(\d+) 0 R", data):
        font = objects[int(number)]
        to_unicode = re.search(rb"/ToUnicode (\d+) 0 R", font)
        if to_unicode:
            maps[name] = _cmap(_stream(objects[int(to_unicode.group(1))], objects))
    lines: list[str] = []
    for body in objects.values():
        content = _stream(body, objects)
        if b" Tf" not in content:
            continue
        font: dict[int, str] = {}
        line = ""
        for token in re.finditer(rb"/(F\d+) [-\d.]+ Tf|<([0-9A-Fa-f]+)> Tj|\bET\b", content):
            if token.group(1):
                font = maps.get(token.group(1), {})
            elif token.group(2):
                codes = token.group(2).decode()
                for i in range(0, len(codes), 4):
                    line += font.get(int(codes[i : i + 4], 16), "?")
            else:
                lines.append(line.replace("\t", " "))
                line = ""
    return "\n".join(lines)


# --- tests ----------------------------------------------------------------------------
def _visible(document) -> list[str]:
    return [c.name for c in document.encounter.combatants if not c.hidden]


def test_the_pdf_holds_every_visible_name_and_no_hidden_one(document, tmp_path):
    document.apply(StartEncounter())
    for _ in range(3):
        document.apply(EndTurn())
    path = export_pdf(document, tmp_path / "war scroll.pdf")
    data = path.read_bytes()
    assert data.startswith(b"%PDF-") and len(data) > 5_000
    assert data.count(b"/Type /Page\n") >= 2  # the War Scroll, then the turn order
    text = pdf_text(path)
    for name in _visible(document):
        assert name in text
    assert "Lurking Nephil" not in text
    assert "War Scroll — Ambush at the Ruined Chapel" in text
    assert "Turn order — Ambush at the Ruined Chapel" in text
    assert "Cycle 1 · Segment 1" in text

    gm_copy = pdf_text(export_pdf(document, tmp_path / "gm.pdf", include_hidden=True))
    assert "Lurking Nephil" in gm_copy


@pytest.mark.skipif(shutil.which("pdftotext") is None, reason="poppler-utils not installed")
def test_pdftotext_reads_the_same_names(document, tmp_path):
    path = export_pdf(document, tmp_path / "scroll.pdf")
    result = subprocess.run(["pdftotext", str(path), "-"], capture_output=True, text=True)
    for name in _visible(document):
        assert name in result.stdout
    assert "Lurking Nephil" not in result.stdout


def test_any_paged_device_can_be_printed_on(document, tmp_path):
    path = tmp_path / "writer.pdf"
    writer = QPdfWriter(str(path))
    writer.setPageSize(QPageSize(QPageSize.PageSizeId.Letter))
    print_sheets(document, writer)
    del writer
    assert "Echthra" in pdf_text(path)
    printer = QPrinter(QPrinter.PrinterMode.HighResolution)
    printer.setOutputFormat(QPrinter.OutputFormat.PdfFormat)
    printer.setOutputFileName(str(tmp_path / "printer.pdf"))
    print_sheets(document, printer)
    assert "Shade 2" in pdf_text(tmp_path / "printer.pdf")


def test_the_scroll_is_a_table_to_fill_in_by_hand(document, secret_field):
    document.apply(StartEncounter())
    table = war_scroll_table(document)
    titles = [c.title for c in table.columns]
    assert titles[0] == "Name" and titles[-1] == "Notes"
    assert [c.title for c in table.columns if c.width == 0 or c.gap] == ["1", "2", "", "A"]
    assert SECRET_LABEL not in titles
    names = [row[0].text for row in table.rows]
    assert names[:7] == _visible(document) and names[7:] == ["", "", ""]
    echthra = table.rows[0]
    segment_one = echthra[titles.index("1")]
    assert (segment_one.note, segment_one.state) == ("7", "current")
    assert all(SECRET not in cell.text for row in table.rows for cell in row)


def test_the_turn_order_leaves_hidden_turns_out_through_a_fight(document, secret_field):
    for _label, action in fight_steps(document):
        action()
        hidden = {c.name for c in document.encounter.combatants if c.hidden}
        for table in (war_scroll_table(document), turn_order_table(document)):
            texts = {cell.text for row in table.rows for cell in row}
            assert not texts & hidden
    rows = turn_order_table(document).rows
    assert rows and all(len(row) == 5 for row in rows)


def test_printing_through_the_dialog_can_be_cancelled(document, monkeypatch):
    monkeypatch.setattr(QPrintDialog, "exec", lambda _dialog: QDialog.DialogCode.Rejected)
    assert print_with_dialog(document) is False
    assert by_name(document, "Echthra")


def test_other_rulesets_print_their_turn_order(qapp, tmp_path):
    document = EncounterDocument(round_robin_session())
    document.apply(StartEncounter())
    assert [t.title for t in tables_for(document)] == ["Turn order — Tavern brawl"]
    text = pdf_text(export_pdf(document, tmp_path / "brawl.pdf"))
    assert "Mira" in text and "Bruno" in text and NARRATOR in text
    assert "The Cutpurse" not in text and "War Scroll" not in text
