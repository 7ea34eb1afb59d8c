"""CSV cells a spreadsheet would take for a formula, written so that it shows them as
text, and read back exactly (OWASP's "CSV injection" advice).

A cell that begins with "=", "+", "-", "@", a tab or a carriage return is a formula to a
spreadsheet ("=HYPERLINK(…)" runs when the sheet is opened): the export puts a single
quote before it, which a spreadsheet shows as text and does not display. The import takes
that quote off again. So that the round trip is exact for a text that really begins with
a quote ("'=x", "''x"), a quote followed by one of those characters or by another quote
gets a quote of its own too.
"""

from __future__ import annotations

FORMULA_STARTS = frozenset("=+-@\t\r")
QUOTE = "'"
_ESCAPED = FORMULA_STARTS | {QUOTE}  # what may follow the quote the export added


def neutralised(text: str) -> str:
    """`text` as an exported cell: a quote before it if a spreadsheet would read a
    formula, or would take its own leading quote for ours."""
    first, second = text[:1], text[1:2]
    if first in FORMULA_STARTS or (first == QUOTE and second in _ESCAPED):
        return QUOTE + text
    return text


def restored(cell: str) -> str:
    """The text an exported cell holds (`neutralised` undone)."""
    if cell[:1] == QUOTE and cell[1:2] in _ESCAPED:
        return cell[1:]
    return cell
