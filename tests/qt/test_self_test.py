"""`tracker --self-test`: passes on a whole Roundkeeper, fails with the reason when a sample,
a ruleset, its views or a window is missing."""

from __future__ import annotations

import io
import shutil
from pathlib import Path

import pytest

from tests.plugins import built_in_rulesets, forget_plugins
from tracker.engine import registry
from tracker.qt import app as app_module
from tracker.qt import ruleset_ui, self_test
from tracker.qt.self_test import default_samples_dir, run_self_test

# The built-in rulesets, however many: those the roundkeeper distribution registers.
BUILT_IN = built_in_rulesets()


def run(qapp, **kwargs) -> tuple[int, str]:
    out = io.StringIO()
    status = run_self_test(out=out, **kwargs)
    return status, out.getvalue()


def samples(tmp_path: Path, *ruleset_ids: str) -> Path:
    """A samples folder with the bundled samples of these rulesets only."""
    folder = tmp_path / "samples"
    folder.mkdir()
    for ruleset_id in ruleset_ids:
        name = f"{ruleset_id}_sample.json"
        shutil.copy(default_samples_dir() / name, folder / name)
    return folder


@pytest.fixture
def without_entry(monkeypatch: pytest.MonkeyPatch):
    """Uninstall one entry point of a group (as a bundle without it would be)."""

    def remove(module, name: str | None) -> None:
        installed = module.entry_points

        def entry_points(*, group: str, distribution: str | None = None):
            found = installed(group=group, distribution=distribution)
            return [e for e in found if name is not None and e.name != name]

        monkeypatch.setattr(module, "entry_points", entry_points)
        forget_plugins()

    yield remove
    forget_plugins()


def test_a_whole_tracker_passes(qapp, tracker_home):
    status, output = run(qapp, turns=2)
    assert status == 0, output
    for ruleset_id in BUILT_IN:
        assert (
            f"ok    ruleset {ruleset_id} (built in): rules and " in output
        )  # its views, or the generic
        assert f"ok    {ruleset_id}_sample.json (" in output
    assert "GM's and players' windows, 2 turns played" in output
    assert output.rstrip().endswith("Self-test passed.")
    # It played in a temporary home: the GM's own is untouched and still in force.
    assert not (tracker_home / "data" / "journal").exists()
    assert str(tracker_home) == str(app_module.paths.data_dir().parent)


def test_a_missing_sample_fails_naming_the_ruleset(qapp, tmp_path):
    status, output = run(qapp, samples_dir=samples(tmp_path, "war_scroll"), turns=1)
    assert status == 1
    for ruleset_id in BUILT_IN:
        missing = f"samples: none for the ruleset {ruleset_id}"
        assert (missing in output) == (ruleset_id != "war_scroll"), ruleset_id
    assert "ok    war_scroll_sample.json" in output
    assert f"Self-test FAILED ({len(BUILT_IN) - 1}):" in output


def test_no_samples_at_all_fails(qapp, tmp_path):
    status, output = run(qapp, samples_dir=samples(tmp_path), turns=1)
    assert status == 1
    assert f"samples: none in {tmp_path / 'samples'}" in output


def test_a_missing_ruleset_fails_with_the_sample_that_needs_it(qapp, tmp_path, without_entry):
    without_entry(registry, "priority")
    status, output = run(qapp, samples_dir=samples(tmp_path, "priority"), turns=1)
    assert status == 1
    assert "priority_sample.json: cannot be opened:" in output
    assert "'priority', which is not installed" in output


def test_no_ruleset_metadata_fails_saying_so(qapp, tmp_path, without_entry):
    without_entry(registry, None)  # what a bundle without Tracker's dist-info finds
    status, output = run(qapp, samples_dir=samples(tmp_path, "war_scroll"), turns=1)
    assert status == 1
    assert "rulesets: none installed" in output
    assert "is Roundkeeper's package metadata bundled?" in output


def test_missing_views_of_a_ruleset_fail(qapp, tmp_path, without_entry):
    without_entry(ruleset_ui, "stamina_battle")
    status, output = run(qapp, samples_dir=samples(tmp_path, *BUILT_IN), turns=1)
    assert status == 1
    assert "ruleset stamina_battle: its views are not installed" in output
    assert "ok    ruleset war_scroll (built in): rules and views load" in output


def test_a_players_window_that_does_not_open_fails(qapp, tmp_path, monkeypatch):
    from tracker.qt.players import launcher

    monkeypatch.setattr(launcher, "open_players_screen", lambda *args, **kwargs: None)
    status, output = run(qapp, samples_dir=samples(tmp_path, "priority"), turns=1)
    assert status == 1
    assert "priority_sample.json: the players' window did not open" in output


def test_an_exception_while_playing_fails_with_its_traceback(qapp, tmp_path, monkeypatch):
    def broken(*_args, **_kwargs):
        raise RuntimeError("the PDF writer is missing")

    monkeypatch.setattr("tracker.qt.printing.export_pdf", broken)
    status, output = run(qapp, samples_dir=samples(tmp_path, "war_scroll"), turns=1)
    assert status == 1
    assert "RuntimeError: the PDF writer is missing" in output


def test_a_sample_whose_turns_cannot_be_played_fails(qapp, tmp_path, monkeypatch):
    monkeypatch.setattr(self_test, "MAX_STEPS", 2)
    status, output = run(qapp, samples_dir=samples(tmp_path, "war_scroll"), turns=5)
    assert status == 1
    assert "war_scroll_sample.json: the turn changed only 2 times in 2 steps" in output


def test_the_command_line_option_runs_it(monkeypatch):
    ran: list[list[str]] = []

    def fake(qt_argv):
        ran.append(qt_argv)
        return 7

    monkeypatch.setattr(self_test, "run_self_test", fake)
    assert app_module.main(["roundkeeper", "--self-test"]) == 7
    assert ran == [["roundkeeper"]]


def test_a_built_in_ruleset_without_views_of_its_own_uses_the_generic_ones(
    qapp, tmp_path, without_entry, monkeypatch
):
    # Classic d20 as a built-in that ships no Qt package (as it first did).
    without_entry(ruleset_ui, "classic_d20")
    own = self_test._has_own_views
    monkeypatch.setattr(self_test, "_has_own_views", lambda r: r != "classic_d20" and own(r))
    status, output = run(qapp, samples_dir=samples(tmp_path, *BUILT_IN), turns=1)
    assert "ok    ruleset classic_d20 (built in): rules and the generic views load" in output
    assert status == 0, output
