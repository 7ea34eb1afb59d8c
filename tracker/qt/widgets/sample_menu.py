"""File → Open sample: one sample encounter per installed ruleset, by the ruleset's
display name. A ruleset's sample is `<id>_sample.json`, in a `samples` folder of the
ruleset's own package or among the samples bundled with Roundkeeper; a ruleset with none is
not listed. A sample opens as a new unsaved encounter: the bundled file is never
written over."""

from __future__ import annotations

from collections.abc import Callable
from contextlib import suppress
from pathlib import Path

from PySide6.QtWidgets import QMenu

from tracker.engine.registry import available_rulesets
from tracker.engine.ruleset import AnyRuleset

BUNDLED = "tracker"  # the package whose assets/samples hold Tracker's own samples


def sample_of(ruleset: AnyRuleset) -> Path | None:
    """The ruleset's sample encounter, or None if it brings none."""
    from importlib.resources import files  # when the menu opens, not with the window

    name = f"{ruleset.id}_sample.json"
    package = type(ruleset).__module__.partition(".")[0]
    folders = [files(BUNDLED) / "assets" / "samples"]
    with suppress(ModuleNotFoundError, TypeError):  # a ruleset outside any package: none
        folders.insert(0, files(package) / "samples")
    for folder in folders:
        candidate = folder / name
        if candidate.is_file():
            return Path(str(candidate))
    return None


def variants_of(ruleset: AnyRuleset, sample: Path) -> list[tuple[str, Path]]:
    """(variant, sample) of the ruleset's further samples beside its own, named
    `<id>_<variant>_sample.json` (a flavour, an option), by variant."""
    prefix, suffix = f"{ruleset.id}_", "_sample.json"
    found = (
        (path.name[len(prefix) : -len(suffix)], path)
        for path in sample.parent.glob(f"{prefix}*{suffix}")
        if path != sample
    )
    return sorted((variant, path) for variant, path in found if variant)


def samples_by_ruleset() -> list[tuple[str, Path]]:
    """(display name, sample) of every installed ruleset that has a sample, by name; its
    variants follow it ("Classic d20 — pf2e")."""
    listed: list[tuple[str, Path]] = []
    for ruleset in available_rulesets().values():
        sample = sample_of(ruleset)
        if sample is not None:
            listed.append((ruleset.name, sample))
            listed += [(f"{ruleset.name} — {v}", p) for v, p in variants_of(ruleset, sample)]
    return listed


def list_samples(menu: QMenu, open_sample: Callable[[Path], object]) -> None:
    """`menu` lists the samples (loading every ruleset then, not at start); choosing one
    calls `open_sample` with its file."""
    menu.clear()
    for name, path in samples_by_ruleset():
        action = menu.addAction(name.replace("&", "&&"))
        action.setToolTip(f"A sample {name} encounter, opened as a new unsaved encounter")
        action.triggered.connect(lambda _checked=False, p=path: open_sample(p))
    if menu.isEmpty():
        menu.addAction("No samples installed").setEnabled(False)
