"""The library of combatants and saved conditions kept between encounters, and their
import and export (pure Python, no Qt)."""

from tracker.library.conditions import SavedCondition
from tracker.library.entries import LibraryEntry
from tracker.library.errors import LibraryError
from tracker.library.store import Library, open_library

__all__ = ["Library", "LibraryEntry", "LibraryError", "SavedCondition", "open_library"]
