"""Test-only plugins: a distribution written into a temporary site folder the way pip
installs one (its modules, a `.dist-info` folder with `entry_points.txt`), put on
`sys.path` for one test, so Roundkeeper finds it exactly as it finds a real plugin.

    def test_x(plugins):
        plugins.install("broken-plugin", {"broken_rules": "raise ImportError('no')"},
                        rulesets={"broken": "broken_rules:Broken"})
"""

from __future__ import annotations

import importlib
import sys
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from tracker.engine import registry
from tracker.qt import ruleset_ui


def built_in_rulesets() -> list[str]:
    """The built-in rulesets' ids, however many: those the roundkeeper distribution
    registers (a test that goes through every built-in never lists them by hand)."""
    return sorted(item.registered_as for item in registry.installed_rulesets() if item.built_in)


def forget_plugins() -> None:
    """Roundkeeper looks for installed rulesets and views afresh."""
    registry._inspected.clear()
    registry._found.clear()
    registry.installed_rulesets.cache_clear()
    registry.available_rulesets.cache_clear()
    ruleset_ui._loaded.clear()
    ruleset_ui._refused.clear()
    ruleset_ui.available_uis.cache_clear()
    ruleset_ui._ui_named.cache_clear()


@dataclass
class Plugins:
    site: Path
    monkeypatch: pytest.MonkeyPatch
    modules: list[str] = field(default_factory=list)

    def install(
        self,
        distribution: str,
        modules: dict[str, str],
        *,
        rulesets: dict[str, str] | None = None,
        views: dict[str, str] | None = None,
        version: str = "1.0",
    ) -> None:
        """Install `distribution`: each module (name → source) and its entry points
        (ruleset id → "module:Class") in `tracker.rulesets` and `tracker.qt_rulesets`."""
        for name, source in modules.items():
            (self.site / f"{name}.py").write_text(source, encoding="utf-8")
            self.modules.append(name)
        info = self.site / f"{distribution.replace('-', '_')}-{version}.dist-info"
        info.mkdir()
        (info / "METADATA").write_text(
            f"Metadata-Version: 2.1\nName: {distribution}\nVersion: {version}\n",
            encoding="utf-8",
        )
        groups = {registry.GROUP: rulesets or {}, ruleset_ui.GROUP: views or {}}
        (info / "entry_points.txt").write_text(
            "".join(
                f"[{group}]\n" + "".join(f"{name} = {value}\n" for name, value in entries.items())
                for group, entries in groups.items()
                if entries
            ),
            encoding="utf-8",
        )
        importlib.invalidate_caches()
        forget_plugins()


@pytest.fixture
def plugins(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Plugins]:
    site = tmp_path / "site-packages"
    site.mkdir()
    monkeypatch.syspath_prepend(str(site))
    installed = Plugins(site, monkeypatch)
    yield installed
    for name in installed.modules:
        sys.modules.pop(name, None)
    forget_plugins()
