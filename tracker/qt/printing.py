"""Printing the turn order, and a ruleset's own sheets before it (the War Scroll's grid,
say: see `RulesetUi.printed_tables`), as tables to fill in by hand: the turns to come
with a box to tick and room for notes.

Hidden combatants (and everything of theirs) are left out unless `include_hidden`;
secret fields never print. Text stays text in a PDF (searchable, copyable).

- `export_pdf(document, path)` writes an A4 landscape PDF;
- `print_sheets(document, printer)` paints on any QPrinter / QPdfWriter;
- `print_with_dialog(document, parent)` asks through the system's print dialog;
- `preview_with_dialog(document, parent)` shows Qt's print preview.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from PySide6.QtCore import QMarginsF, QRectF, Qt
from PySide6.QtGui import (
    QBrush,
    QColor,
    QFont,
    QPagedPaintDevice,
    QPageLayout,
    QPageSize,
    QPainter,
    QPen,
)
from PySide6.QtPrintSupport import QPrintDialog, QPrinter, QPrintPreviewDialog
from PySide6.QtWidgets import QDialog, QWidget

from tracker.qt.document import EncounterDocument
from tracker.qt.players.public_state import public_turn, shown_now
from tracker.qt.players.visibility import Visibility
from tracker.qt.ruleset_ui import ui_for

MARGIN_MM = 10.0
TITLE_MM = 16.0
HEADER_MM = 9.0
TURN_ROW_MM = 8.5
SHARED_MM = (16.0, 30.0)  # narrowest and widest of the columns sharing the room (width 0)
NOTES_MIN_MM = 30.0
MAX_TURN_ROWS = 120
SHADES = {"played": "#dedede", "missed": "#f0dede", "current": "#fff1b8", "now": "#fff1b8"}
LINE = "#555555"
QUIET = "#666666"


@dataclass(frozen=True)
class Column:
    title: str
    width: float = 0.0  # millimetres; 0 shares what the others leave
    centered: bool = False
    gap: bool = False


@dataclass(frozen=True)
class Cell:
    text: str = ""
    note: str = ""  # small: under the text (a name's side), or alone in the corner
    state: str = ""  # shades the cell: "pending", "played", "missed", "current", "none", …


@dataclass(frozen=True)
class Table:
    title: str
    subtitle: str
    columns: tuple[Column, ...]
    rows: tuple[tuple[Cell, ...], ...]
    row_mm: float
    fill_page: bool = False  # the last row (a blank one) repeats to the foot of the page


# --- what is printed ------------------------------------------------------------------
def turn_order_table(document: EncounterDocument, include_hidden: bool = False) -> Table:
    """The players' copy starts from the turn they see as current (the last visible one
    while a hidden combatant acts) and numbers only the combatants they see."""
    encounter, ruleset = document.encounter, document.ruleset
    visibility = Visibility.of(encounter)
    names = {c.id: c.name for c in encounter.combatants}
    current = document.session.current_turn()
    turns = document.session.upcoming_turns(MAX_TURN_ROWS)
    now_key = current.key if current is not None else None
    if not include_hidden:
        turns = [public_turn(document, t, visibility) for t in turns]
        turns = [t for t in turns if visibility.turn_is_visible(t)]
        shown = shown_now(document)
        if shown is not None and current is not None and shown.key != current.key:
            # A hidden one acts: the players still see this turn (once: one that waited
            # keeps its key).
            turns = [shown, *(t for t in turns if t.key != shown.key)]
            now_key = shown.key
    rows: list[tuple[Cell, ...]] = []
    last_round = (turns[0].round if turns else 0) + 1  # this round (or Cycle) and the next
    for turn in turns:
        if turn.round > last_round:
            break
        name = names.get(turn.combatant_id or "", turn.title or "—")
        when = f"{ruleset.round_name} {turn.round} · {turn.phase}" if turn.round > 0 else turn.phase
        state = "now" if turn.key == now_key else ""
        grant = turn.grant
        if not include_hidden:  # a typed action may name someone hidden
            when, grant = visibility.safe(when), visibility.safe(grant)
        texts = ("", when, name, grant, "")
        rows.append(tuple(Cell(text, state=state) for text in texts))
    columns = (
        Column("✓", 9.0, centered=True),
        Column("When", 84.0),
        Column("Name", 62.0),
        Column("Grants", 46.0),
        Column("Notes"),
    )
    return Table(
        title=f"Turn order — {encounter.name}",
        subtitle="The turns to come, in order. Tick each as it is played.",
        columns=columns,
        rows=tuple(rows),
        row_mm=TURN_ROW_MM,
    )


def tables_for(document: EncounterDocument, include_hidden: bool = False) -> list[Table]:
    """The ruleset's own sheets, then the turn order."""
    tables = ui_for(document.ruleset).printed_tables(document, include_hidden)
    return [*tables, turn_order_table(document, include_hidden)]


# --- painting -------------------------------------------------------------------------
def _widths(columns: tuple[Column, ...], available: float) -> list[float]:
    """Millimetre widths: fixed ones as asked, those of width 0 sharing the room within
    `SHARED_MM`, Notes (width -1) and other flexible ones taking the rest."""
    fixed = sum(c.width for c in columns if c.width > 0)
    shared = [c for c in columns if c.width == 0]
    notes = [c for c in columns if c.width < 0]
    low, high = SHARED_MM
    room = available - fixed - (NOTES_MIN_MM if notes else 0)
    share = max(low, min(high, room / len(shared))) if shared else 0
    if not notes:
        share = max(low, room / len(shared)) if shared else 0
    rest = available - fixed - share * len(shared)
    widths = []
    for column in columns:
        if column.width > 0:
            widths.append(column.width)
        elif column.width == 0:
            widths.append(share)
        else:
            widths.append(max(rest / len(notes), 0))
    return widths


def _font(points: float, bold: bool = False) -> QFont:
    font = QFont()
    font.setPointSizeF(points)
    font.setBold(bold)
    return font


class _Pages:
    """Millimetres to device pixels on one paged device."""

    def __init__(self, device: QPagedPaintDevice, painter: QPainter) -> None:
        self.device = device
        self.painter = painter
        self.dpi = device.logicalDpiX()
        size = device.pageLayout().paintRectPixels(self.dpi).size()
        self.width_mm = size.width() * 25.4 / self.dpi
        self.height_mm = size.height() * 25.4 / self.dpi

    def rect(self, x: float, y: float, w: float, h: float) -> QRectF:
        k = self.dpi / 25.4
        return QRectF(x * k, y * k, w * k, h * k)

    def pen(self, width_pt: float, color: str = LINE) -> QPen:
        pen = QPen(QColor(color))
        pen.setWidthF(width_pt * self.dpi / 72)
        return pen


def _paint_cell(pages: _Pages, table: Table, column: Column, cell: Cell, box: QRectF) -> None:
    painter = pages.painter
    k = pages.dpi / 25.4
    if cell.state in SHADES:
        painter.fillRect(box, QColor(SHADES[cell.state]))
    elif cell.state == "none":
        painter.fillRect(box, QBrush(QColor("#c8c8c8"), Qt.BrushStyle.BDiagPattern))
    inner = box.adjusted(1.2 * k, 0.8 * k, -1.2 * k, -0.8 * k)
    if cell.note and not cell.text:  # a number in the corner (a Segment's AP)
        painter.setFont(_font(8.5, bold=True))
        painter.setPen(QColor(QUIET))
        painter.drawText(inner, Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop, cell.note)
    if cell.state in ("played", "missed"):
        painter.setFont(_font(6.5))
        painter.setPen(QColor(QUIET))
        corner = Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignBottom
        painter.drawText(inner, corner, cell.state)
    if not cell.text:
        return
    align = Qt.AlignmentFlag.AlignHCenter if column.centered else Qt.AlignmentFlag.AlignLeft
    painter.setPen(QColor("#000000"))
    if cell.note:  # a name with its side under it
        painter.setFont(_font(11, bold=True))
        painter.drawText(inner, align | Qt.AlignmentFlag.AlignTop, cell.text)
        painter.setFont(_font(7))
        painter.setPen(QColor(QUIET))
        painter.drawText(inner, align | Qt.AlignmentFlag.AlignBottom, cell.note)
        return
    painter.setFont(_font(10.5))
    metrics = painter.fontMetrics()
    text = metrics.elidedText(cell.text, Qt.TextElideMode.ElideRight, int(inner.width()))
    painter.drawText(inner, align | Qt.AlignmentFlag.AlignVCenter, text)


def _paint_header(pages: _Pages, table: Table, widths: list[float], y: float, page: int) -> float:
    painter = pages.painter
    title = table.title + ("  (continued)" if page > 0 else "")
    painter.setPen(QColor("#000000"))
    painter.setFont(_font(15, bold=True))
    painter.drawText(pages.rect(0, y, pages.width_mm, 9), Qt.AlignmentFlag.AlignLeft, title)
    painter.setFont(_font(9))
    painter.setPen(QColor(QUIET))
    painter.drawText(
        pages.rect(0, y + 9, pages.width_mm, 6), Qt.AlignmentFlag.AlignLeft, table.subtitle
    )
    y += TITLE_MM
    x = 0.0
    painter.setFont(_font(9.5, bold=True))
    for column, width in zip(table.columns, widths, strict=True):
        box = pages.rect(x, y, width, HEADER_MM)
        if not column.gap:
            painter.fillRect(box, QColor("#eeeeee"))
            painter.setPen(pages.pen(0.8))
            painter.drawRect(box)
            painter.setPen(QColor("#000000"))
            align = (
                Qt.AlignmentFlag.AlignCenter if column.centered else Qt.AlignmentFlag.AlignVCenter
            )
            painter.drawText(box.adjusted(pages.dpi / 25.4, 0, 0, 0), align, column.title)
        x += width
    return y + HEADER_MM


def _paint_table(pages: _Pages, table: Table) -> None:
    painter = pages.painter
    widths = _widths(table.columns, pages.width_mm)
    per_page = max(1, int((pages.height_mm - TITLE_MM - HEADER_MM) // table.row_mm))
    rows = list(table.rows)
    if table.fill_page and rows:
        rows += [rows[-1]] * (-len(rows) % per_page)
    chunks = [rows[i : i + per_page] for i in range(0, len(rows), per_page)] or [[]]
    for page, chunk in enumerate(chunks):
        if page > 0:
            pages.device.newPage()
        y = _paint_header(pages, table, widths, 0.0, page)
        for row in chunk:
            x = 0.0
            for column, cell, width in zip(table.columns, row, widths, strict=True):
                if not column.gap:
                    box = pages.rect(x, y, width, table.row_mm)
                    _paint_cell(pages, table, column, cell, box)
                    current = cell.state == "current"
                    painter.setPen(pages.pen(2.0 if current else 0.6))
                    painter.setBrush(Qt.BrushStyle.NoBrush)
                    painter.drawRect(box)
                x += width
            y += table.row_mm


def print_sheets(
    document: EncounterDocument, printer: QPagedPaintDevice, *, include_hidden: bool = False
) -> None:
    """Paint the ruleset's sheets and the turn order on `printer`, each starting on a new
    page. Raises OSError if the device cannot be painted on."""
    painter = QPainter()
    if not painter.begin(printer):
        raise OSError("Cannot print: the printer or file could not be opened.")
    try:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        pages = _Pages(printer, painter)
        for number, table in enumerate(tables_for(document, include_hidden)):
            if number > 0:
                printer.newPage()
            _paint_table(pages, table)
    finally:
        painter.end()


def _prepare(printer: QPrinter, document: EncounterDocument) -> None:
    printer.setDocName(tables_for(document)[0].title)
    printer.setPageSize(QPageSize(QPageSize.PageSizeId.A4))
    printer.setPageOrientation(QPageLayout.Orientation.Landscape)
    printer.setPageMargins(QMarginsF(*(MARGIN_MM,) * 4), QPageLayout.Unit.Millimeter)


def export_pdf(
    document: EncounterDocument, path: Path | str, *, include_hidden: bool = False
) -> Path:
    """Write the ruleset's sheets and the turn order to an A4 landscape PDF at `path`."""
    printer = QPrinter(QPrinter.PrinterMode.HighResolution)
    printer.setOutputFormat(QPrinter.OutputFormat.PdfFormat)
    printer.setOutputFileName(str(path))
    _prepare(printer, document)
    print_sheets(document, printer, include_hidden=include_hidden)
    return Path(path)


def print_with_dialog(
    document: EncounterDocument, parent: QWidget | None = None, *, include_hidden: bool = False
) -> bool:
    """Ask through the system's print dialog, then print. True if printed."""
    printer = QPrinter(QPrinter.PrinterMode.HighResolution)
    _prepare(printer, document)
    dialog = QPrintDialog(printer, parent)
    dialog.setWindowTitle(ui_for(document.ruleset).print_title)
    if dialog.exec() != QDialog.DialogCode.Accepted:
        return False
    print_sheets(document, printer, include_hidden=include_hidden)
    return True


def preview_with_dialog(
    document: EncounterDocument, parent: QWidget | None = None, *, include_hidden: bool = False
) -> None:
    """Show Qt's print preview (it can print from there)."""
    printer = QPrinter(QPrinter.PrinterMode.HighResolution)
    _prepare(printer, document)
    preview = QPrintPreviewDialog(printer, parent)
    preview.paintRequested.connect(
        lambda device: print_sheets(document, device, include_hidden=include_hidden)
    )
    preview.exec()
