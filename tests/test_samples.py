"""The bundled sample encounters are what resources/make_samples.py makes; every
built-in ruleset (one the roundkeeper distribution registers, however many there are)
has one, and it loads. A third-party ruleset needs none."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

from tests.plugins import built_in_rulesets
from tracker.engine import Session
from tracker.engine.registry import installed_rulesets
from tracker.persistence.files import load_encounter
from tracker.qt.app import sample_path

ROOT = Path(__file__).resolve().parent.parent


def _make_samples_module():
    spec = importlib.util.spec_from_file_location(
        "make_samples", ROOT / "resources/make_samples.py"
    )
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


SCRIPT = _make_samples_module()
# The built-in rulesets: those the roundkeeper distribution registers (the tests install
# a third-party example too, which brings no sample).
BUILT_IN = built_in_rulesets()


def test_every_built_in_ruleset_is_sampled_by_the_script():
    assert BUILT_IN and "war_scroll" in BUILT_IN
    assert set(BUILT_IN) <= set(SCRIPT.SAMPLES)
    # Further samples are variants of a built-in ruleset: `<id>_<variant>`.
    for name in set(SCRIPT.SAMPLES) - set(BUILT_IN):
        assert any(name.startswith(f"{ruleset_id}_") for ruleset_id in BUILT_IN), name


def test_a_third_party_ruleset_is_not_built_in_and_needs_no_sample():
    example = {item.registered_as: item for item in installed_rulesets()}["highest_roll"]
    assert example.usable and not example.built_in
    assert example.distribution == "roundkeeper_example_ruleset"
    assert "highest_roll" not in SCRIPT.SAMPLES
    assert not sample_path("highest_roll_sample.json").exists()


@pytest.mark.parametrize("name", sorted(SCRIPT.SAMPLES))
def test_every_sample_is_bundled_and_loads(name):
    path = sample_path(f"{name}_sample.json")
    assert path.is_file(), f"no bundled sample {name}: run resources/make_samples.py"
    session = Session(load_encounter(path))
    assert name == session.ruleset.id or name.startswith(f"{session.ruleset.id}_")
    assert len(session.encounter.combatants) >= 4
    assert any(c.hidden for c in session.encounter.combatants)  # the reveal has a use
    assert {c.side for c in session.encounter.combatants} >= {"party", "enemy"}


@pytest.mark.parametrize("name", sorted(SCRIPT.SAMPLES))
def test_bundled_samples_equal_what_the_script_makes(name):
    bundled = load_encounter(sample_path(f"{name}_sample.json"))
    assert bundled.to_dict() == SCRIPT.SAMPLES[name]().encounter.to_dict()


def test_the_classic_d20_samples_are_one_per_flavour():
    flavours = {
        load_encounter(sample_path(f"{name}_sample.json")).options["flavour"]
        for name in ("classic_d20", "classic_d20_pf2e")
    }
    assert flavours == {"5e", "pf2e"}


def test_the_war_scroll_sample_is_the_rules_file_example():
    names = [c.name for c in load_encounter(sample_path()).combatants]
    assert names[:4] == ["Echthra", "Tirzaiel", "Thomas", "Kandor"]


def test_sample_is_inside_the_package():
    assert sample_path().is_relative_to(ROOT / "tracker")
