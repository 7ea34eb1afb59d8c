"""The bundled sample encounter is what resources/make_samples.py makes, and it is
the sample War Scroll of the rules file (plus enemies)."""

from __future__ import annotations

import importlib.util
from pathlib import Path

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


def test_bundled_samples_equal_what_the_script_makes():
    script = _make_samples_module()
    bundled = load_encounter(sample_path())
    assert bundled.to_dict() == script.war_scroll_sample().encounter.to_dict()
    bundled = load_encounter(sample_path("priority_sample.json"))
    assert bundled.to_dict() == script.priority_sample().encounter.to_dict()


def test_bundled_ap_countdown_sample_equals_what_the_script_makes():
    script = _make_samples_module()
    bundled = load_encounter(sample_path("ap_countdown_sample.json"))
    assert bundled.to_dict() == script.ap_countdown_sample().encounter.to_dict()


def test_sample_is_inside_the_package():
    assert sample_path().is_relative_to(ROOT / "tracker")
