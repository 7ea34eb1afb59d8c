"""Plain text inside the rich text of Qt's labels and tooltips, and in window titles."""

from __future__ import annotations

from PySide6.QtGui import Qt

_ESCAPES = str.maketrans({"&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#x27;"})


def escape(text: str) -> str:
    """`text` shown as itself in rich text: what `html.escape` gives, without the
    import of `html`, which loads its table of 2,000 named entities at start-up."""
    return text.translate(_ESCAPES)


# A tip made here (a name like "<qt>…</qt>" is not taken for one).
_START, _END = '<qt class="plain">', "</qt>"


def plain_title(text: str) -> str:
    """A window title that shows `text` as itself: Qt takes "[*]" in a title for the
    place of its modified mark (dropped while unmodified); "[*][*]" shows "[*]"."""
    return text.replace("[*]", "[*][*]")


def plain_tip(text: str) -> str:
    """A tooltip that shows `text` as itself. Qt takes a tooltip for rich text when its
    first line holds a tag (a combatant named "<img src=…>" would make Qt load
    that file): such a text goes as escaped rich text, its lines kept; any other as it
    is. A tip it made already is kept as it is (a view may pass on a model's tip)."""
    if not Qt.mightBeRichText(text) or _made_here(text):
        return text
    return f"{_START}{escape(text).replace(chr(10), '<br>')}{_END}"


def _made_here(tip: str) -> bool:
    """A tip `plain_tip` wrapped: nothing but escaped text and line breaks inside."""
    inner = tip.removeprefix(_START).removesuffix(_END)
    return len(inner) == len(tip) - len(_START) - len(_END) and (
        "<" not in inner.replace("<br>", "") and ">" not in inner.replace("<br>", "")
    )
