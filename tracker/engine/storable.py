"""What an encounter may hold so that it can always be saved and read back: text UTF-8
can write (a lone surrogate, which a pasted or a JSON-escaped "\\ud800" can carry, is
not) and numbers that are finite and within ±`MAX_NUMBER`. Loading refuses a file that
holds anything else, and `Session.apply` refuses a command that would bring it in."""

from __future__ import annotations

import math
from typing import Any

# The largest number an encounter may hold, either sign: what a Qt number field can
# show, far beyond any count, score or clock of a fight.
MAX_NUMBER = 2**31 - 1


def storable_text(text: str) -> bool:
    """True if UTF-8 can write `text`."""
    if text.isascii():
        return True
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def broken_character(text: str) -> str:
    """The first character of `text` UTF-8 cannot write, as a code point ("U+D800")."""
    bad = next((c for c in text if 0xD800 <= ord(c) <= 0xDFFF), "\ufffd")
    return f"U+{ord(bad):04X}"


def value_problem(value: Any) -> str | None:
    """What keeps a single value (text, number, ...) from being stored, in words that
    follow "it holds", or None."""
    if isinstance(value, str):
        if not storable_text(value):
            return f"text with a broken character ({broken_character(value)})"
    elif isinstance(value, float):
        if not math.isfinite(value):
            return f"an impossible number ({value})"
        if abs(value) > MAX_NUMBER:
            return f"a number far too large (beyond ±{MAX_NUMBER})"
    elif isinstance(value, int) and not isinstance(value, bool) and abs(value) > MAX_NUMBER:
        return f"a number far too large (beyond ±{MAX_NUMBER})"
    return None


def key_problem(key: Any) -> str | None:
    """What keeps a table's key from being stored, in words that follow "it holds"."""
    if isinstance(key, str) and not storable_text(key):
        return f"a name with a broken character ({broken_character(key)})"
    return None


def unstorable(value: Any) -> str | None:
    """What, anywhere inside `value` (tables, lists, tuples, dataclasses' fields), could
    not be stored, or None. Walks without recursion."""
    pending = [value]
    while pending:
        item = pending.pop()
        problem = value_problem(item)
        if problem is not None:
            return problem
        if isinstance(item, dict):
            for key, inner in item.items():
                problem = key_problem(key)
                if problem is not None:
                    return problem
                pending.append(inner)
        elif isinstance(item, list | tuple | set | frozenset):
            pending.extend(item)
        elif hasattr(item, "__dataclass_fields__") and not isinstance(item, type):
            pending.extend(getattr(item, name) for name in item.__dataclass_fields__)
    return None
