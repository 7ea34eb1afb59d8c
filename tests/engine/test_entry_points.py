"""Roundkeeper's own reader of entry points finds what importlib.metadata finds."""

from __future__ import annotations

import importlib.metadata
import sys
from pathlib import Path

import pytest

from tracker.engine.entry_points import EntryPoint, entry_points


@pytest.mark.parametrize(
    "group", ["tracker.rulesets", "tracker.qt_rulesets", "console_scripts", "pytest11"]
)
def test_the_same_entry_points_as_importlib_metadata(group):
    ours = sorted((e.name, e.value) for e in entry_points(group=group))
    theirs = sorted((e.name, e.value) for e in importlib.metadata.entry_points(group=group))
    assert ours == theirs
    if group.startswith("tracker."):
        assert any(name == "war_scroll" for name, _ in ours)  # the built-ins
        assert any(name == "highest_roll" for name, _ in ours)  # and the tests' plugin


def test_loading_an_entry_point_gives_the_named_object():
    ruleset_class = EntryPoint(
        "war_scroll", "tracker.engine.rulesets.war_scroll:WarScroll", "tracker.rulesets"
    ).load()
    assert ruleset_class().id == "war_scroll"
    assert EntryPoint("m", "tracker.engine", "g").load() is sys.modules["tracker.engine"]
    nested = EntryPoint("n", "tracker.engine.session:Session.apply [extra]", "g").load()
    assert nested.__qualname__ == "Session.apply"


def _distribution(site: Path, folder: str, text: str) -> None:
    info = site / folder
    info.mkdir(parents=True)
    (info / "entry_points.txt").write_text(text, encoding="utf-8")


def test_the_first_distribution_of_a_name_on_the_path_wins(tmp_path, monkeypatch):
    first, second = tmp_path / "first", tmp_path / "second"
    _distribution(first, "My_Plugin-2.0.dist-info", "[tracker.test]\nkept = a:B\n")
    _distribution(second, "my.plugin-1.0.dist-info", "[tracker.test]\nshadowed = c:D\n")
    _distribution(
        second,
        "other-1.0.egg-info",
        "# a comment\n[other.group]\nno = x:Y\n\n[tracker.test]\n  also = e.f : G \n",
    )
    monkeypatch.setattr(sys, "path", [str(first), str(tmp_path / "missing"), str(second)])
    found = entry_points(group="tracker.test")
    assert found == [
        EntryPoint("kept", "a:B", "tracker.test"),
        EntryPoint("also", "e.f : G", "tracker.test"),
    ]
    assert [(e.name, e.value) for e in importlib.metadata.entry_points(group="tracker.test")] == [
        ("kept", "a:B"),
        ("also", "e.f : G"),
    ]


def test_a_ruleset_once_found_is_found_again_without_reading_metadata(monkeypatch):
    from tracker.engine import registry

    first = registry.get_ruleset("priority")

    def no_metadata(*, group: str):
        raise AssertionError("the installed packages were read again")

    monkeypatch.setattr(registry, "entry_points", no_metadata)
    assert registry.get_ruleset("priority") is first


def test_an_entry_point_names_its_distribution_and_version(tmp_path, monkeypatch):
    _distribution(tmp_path, "My_Plugin-2.0.1.dist-info", "[tracker.test]\nkept = a:B\n")
    _distribution(tmp_path, "old_style.egg-info", "[tracker.test]\nold = c:D\n")
    with monkeypatch.context() as patch:
        patch.setattr(sys, "path", [str(tmp_path)])
        found = {e.name: (e.distribution, e.version) for e in entry_points(group="tracker.test")}
    assert found == {"kept": ("My_Plugin", "2.0.1"), "old": ("old_style", "")}
    # What Roundkeeper's own metadata says: its rulesets come from the distribution.
    (war_scroll,) = [e for e in entry_points(group="tracker.rulesets") if e.name == "war_scroll"]
    assert war_scroll.distribution == "roundkeeper"
    assert war_scroll.version == importlib.metadata.version("roundkeeper")


def test_one_distribution_is_read_alone(monkeypatch: pytest.MonkeyPatch) -> None:
    from tracker.engine import entry_points as module
    from tracker.engine.registry import distribution_key

    read: list[str] = []
    real = module._read
    monkeypatch.setattr(module, "_read", lambda path, *rest: read.append(path) or real(path, *rest))
    ours = entry_points(group="tracker.rulesets", distribution="Roundkeeper")
    assert len(read) == 1 and "roundkeeper" in Path(read[0]).parent.name.lower()
    everyone = entry_points(group="tracker.rulesets")
    assert len(read) > 2  # the other distributions' metadata too
    expected = [e for e in everyone if distribution_key(e.distribution) == "roundkeeper"]
    assert ours == expected and len(ours) == 6


def test_a_built_in_ruleset_is_found_without_reading_other_distributions(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from tracker.engine import entry_points as module
    from tracker.engine import registry

    monkeypatch.setattr(registry, "_found", {})
    read: list[str] = []
    real = module._read
    monkeypatch.setattr(module, "_read", lambda path, *rest: read.append(path) or real(path, *rest))
    assert registry.get_ruleset("war_scroll").id == "war_scroll"
    assert len(read) == 1
    with pytest.raises(registry.RulesetNotFoundError, match="not installed"):
        registry.get_ruleset("no_such_ruleset")  # every distribution is looked at then
    assert len(read) > 2


def test_one_distribution_found_ends_the_search(tmp_path, monkeypatch):
    # The built-in rulesets are looked up before the first frame: the folders on the
    # path after Roundkeeper's (the standard library's, some hundreds of names) are not
    # listed for them.
    from tracker.engine import entry_points as module

    first, second = tmp_path / "first", tmp_path / "second"
    _distribution(first, "my_plugin-2.0.dist-info", "[tracker.test]\nkept = a:B\n")
    _distribution(second, "my_plugin-1.0.dist-info", "[tracker.test]\nshadowed = c:D\n")
    monkeypatch.setattr(sys, "path", [str(first), str(second)])
    listed: list[str] = []
    real = module._metadata_folders
    monkeypatch.setattr(
        module, "_metadata_folders", lambda folder: listed.append(folder) or real(folder)
    )
    found = entry_points(group="tracker.test", distribution="My-Plugin")
    assert [(e.name, e.version) for e in found] == [("kept", "2.0")]
    assert listed == [str(first)]
    assert [e.name for e in entry_points(group="tracker.test")] == ["kept"]
    assert listed == [str(first), str(first), str(second)]
