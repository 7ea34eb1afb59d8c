"""Plain text inside the rich text of Qt's labels and tooltips."""

from __future__ import annotations

from PySide6.QtGui import Qt

_ESCAPES = str.maketrans({"&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#x27;"})


def escape(text: str) -> str:
    """`text` shown as itself in rich text: what `html.escape` gives, without the
    import of `html`, which loads its table of 2,000 named entities at start-up."""
    return text.translate(_ESCAPES)


def plain_tip(text: str) -> str:
    """A tooltip that shows `text` as itself. Qt takes a tooltip for rich text when its
    first line starts with a tag (a combatant named "<img src=…>" would make Qt load
    that file): such a text goes as escaped rich text, its lines kept; any other as it
    is."""
    if not Qt.mightBeRichText(text):
        return text
    return "<qt>" + escape(text).replace("\n", "<br>") + "</qt>"
