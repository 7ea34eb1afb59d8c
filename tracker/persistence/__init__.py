"""Saving and loading encounters, user folders and crash recovery (pure Python, no Qt).

- `tracker.persistence.paths`: where Roundkeeper keeps its files.
- `tracker.persistence.files`: encounter files (`save_encounter`, `load_encounter`);
  their checks in `validation`, atomic writing in `atomic`.
- `tracker.persistence.journal`: the crash-recovery journal (`Journal`); its lines in
  `journal_lines`, reading it back in `recovery` (`recover_journal`).
"""

from tracker.persistence.files import (
    FORMAT,
    SCHEMA_VERSION,
    FileFormatError,
    SaveError,
    is_tracker_file,
    load_encounter,
    save_encounter,
)
from tracker.persistence.journal import (
    Journal,
    JournalInfo,
    Recovery,
    discard_journal,
    pending_journal,
    recover,
    recover_journal,
    set_aside_journal,
)
from tracker.persistence.paths import config_dir, data_dir, encounters_dir, journal_dir

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
