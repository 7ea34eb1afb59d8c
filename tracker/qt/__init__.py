"""Roundkeeper's Qt layer: models adapting engine state, views, dialogs and windows."""

from __future__ import annotations

import sys
from types import ModuleType

import PySide6.QtCore  # noqa: F401  (loads PySide's import hook, patched below)


def _uses_no_feature(module: ModuleType) -> bool:
    """Whether `module` takes part in PySide's feature switching: none does in Roundkeeper."""
    return False


def skip_feature_source_scan() -> None:
    """PySide6 reads the source of every module imported after it, to find the modules
    that could select one of its `__feature__`s (snake_case, true_property). Roundkeeper
    selects none, so no module needs the scan: it cost a tenth of the start-up and kept
    every module's source in memory (linecache), ~5 MiB. A PySide without the hook is
    left as it is."""
    feature = sys.modules.get("PySide6.support.feature")
    if feature is not None and callable(getattr(feature, "_mod_uses_pyside", None)):
        feature._mod_uses_pyside = _uses_no_feature  # type: ignore[attr-defined]


skip_feature_source_scan()
