"""Benchmarks run in user folders of their own, whatever the environment names: a GM's
(or a developer's) dark scheme once made the bare-Qt yardstick four times cheaper and
every ratio to it four times worse; `TRACKER_HOME`, which the benchmarks set, loses to
a `ROUNDKEEPER_HOME` already set."""

from __future__ import annotations

import subprocess
from pathlib import Path

from benchmarks import table_ops
from benchmarks.own_home import own_home
from tracker.persistence import paths


def test_own_home_wins_over_the_home_the_environment_names(monkeypatch, tmp_path: Path):
    monkeypatch.setenv("ROUNDKEEPER_HOME", str(tmp_path / "the GM's"))
    home = own_home()
    assert Path(home) != tmp_path / "the GM's" and not any(Path(home).iterdir())
    assert paths.config_dir() == Path(home) / "config"
    assert own_home(str(tmp_path / "given")) == str(tmp_path / "given")
    assert paths.data_dir() == tmp_path / "given" / "data"


def test_each_child_of_the_table_benchmark_gets_a_new_home(monkeypatch, tmp_path: Path):
    monkeypatch.setenv("ROUNDKEEPER_HOME", str(tmp_path / "the GM's"))
    runs: list[tuple[list[str], dict[str, str]]] = []

    def run(command: list[str], *, env: dict[str, str], **_: object) -> subprocess.CompletedProcess:
        runs.append((command, env))
        return subprocess.CompletedProcess(command, 0)

    monkeypatch.setattr(table_ops.subprocess, "run", run)
    for ruleset_id in ("war_scroll", "priority"):
        assert table_ops.run_child(["--child", "ops", "--rulesets", ruleset_id]) == 0
    homes = [env["ROUNDKEEPER_HOME"] for _, env in runs]
    assert len(set(homes)) == 2 and str(tmp_path) not in "".join(homes)
    for (command, env), home in zip(runs, homes, strict=True):
        assert command[command.index("--home") + 1] == home == env["ROUNDKEEPER_HOME"]
