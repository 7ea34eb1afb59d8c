"""Saving and loading encounters, user folders and crash recovery (pure Python, no Qt).

- `tracker.persistence.paths`: where Roundkeeper keeps its files.
- `tracker.persistence.files`: encounter files (`save_encounter`, `load_encounter`);
  their checks in `validation`, atomic writing in `atomic`.
- `tracker.persistence.journal`: the crash-recovery journal (`Journal`); its lines in
  `journal_lines`, reading it back in `recovery` (`recover_journal`).

The names below are imported at their first use (PEP 562): importing one module of the
package (the start-up imports `paths`, `files`, `recent`) never loads the journal's.
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from tracker.persistence.files import (
        FORMAT,
        SCHEMA_VERSION,
        FileFormatError,
        SaveError,
        is_tracker_file,
        load_encounter,
        save_encounter,
    )
    from tracker.persistence.journal import Journal, discard_journal
    from tracker.persistence.paths import config_dir, data_dir, encounters_dir, journal_dir
    from tracker.persistence.recovery import (
        JournalInfo,
        Recovery,
        pending_journal,
        recover,
        recover_journal,
        set_aside_journal,
    )

_FILES = ("FORMAT", "SCHEMA_VERSION", "FileFormatError", "SaveError", "is_tracker_file")
_JOURNAL = ("Journal", "discard_journal")
_RECOVERY = (
    "JournalInfo",
    "Recovery",
    "pending_journal",
    "recover",
    "recover_journal",
    "set_aside_journal",
)
_PATHS = ("config_dir", "data_dir", "encounters_dir", "journal_dir")
# Where each name is defined.
_MODULES = {
    **dict.fromkeys((*_FILES, "load_encounter", "save_encounter"), "tracker.persistence.files"),
    **dict.fromkeys(_JOURNAL, "tracker.persistence.journal"),
    **dict.fromkeys(_RECOVERY, "tracker.persistence.recovery"),
    **dict.fromkeys(_PATHS, "tracker.persistence.paths"),
}


def __getattr__(name: str) -> Any:
    module = _MODULES.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(import_module(module), name)
    globals()[name] = value
    return value


__all__ = [
    "FORMAT",
    "SCHEMA_VERSION",
    "FileFormatError",
    "Journal",
    "JournalInfo",
    "Recovery",
    "SaveError",
    "config_dir",
    "data_dir",
    "discard_journal",
    "encounters_dir",
    "is_tracker_file",
    "journal_dir",
    "load_encounter",
    "pending_journal",
    "recover",
    "recover_journal",
    "save_encounter",
    "set_aside_journal",
]
