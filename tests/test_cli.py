"""The `roundkeeper` command line: answered before Qt starts, an encounter to open, and
a clear error with exit status 2 for anything else (Qt's options included)."""

from __future__ import annotations

import gc
import subprocess
import sys
from pathlib import Path

import pytest

from tracker import __version__, cli

ROOT = Path(__file__).resolve().parent.parent


def said(argv: list[str]) -> tuple[cli.Options | int, list[tuple[str, bool]]]:
    lines: list[tuple[str, bool]] = []
    result = cli.parse(argv, lambda text, error: lines.append((text, error)))
    return result, lines


def test_version_and_help_answer_with_status_0():
    status, lines = said(["roundkeeper", "--version"])
    assert status == 0 and lines == [(f"Roundkeeper {__version__}\n", False)]
    status, lines = said(["roundkeeper", "--help"])
    assert status == 0 and not lines[0][1]
    for option in ("--self-test", "--install-desktop-entry", "encounter", "QT_QPA_PLATFORM"):
        assert option in lines[0][0]


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--bogus"], "unrecognized arguments: --bogus"),
        (["a.json", "b.json"], "unrecognized arguments: b.json"),
        (["-platform", "offscreen"], "set QT_QPA_PLATFORM in the environment instead"),
        (["-style=fusion"], "set QT_STYLE_OVERRIDE"),
        (["--self-test", "--install-desktop-entry"], "not allowed with argument"),
        (["--self-test", "a.json"], "an encounter file cannot be given with that option"),
        (["--self"], "unrecognized arguments: --self"),  # no abbreviations
    ],
)
def test_anything_else_is_an_error_with_status_2(argv, message):
    status, lines = said(["roundkeeper", *argv])
    assert status == 2
    ((text, error),) = lines
    assert error and message in text and text.startswith("usage: roundkeeper")


def test_the_options_taken():
    assert said(["roundkeeper"])[0] == cli.Options()
    assert said(["roundkeeper", "war.json"])[0] == cli.Options(encounter=Path("war.json"))
    assert said(["roundkeeper", "--self-test"])[0] == cli.Options(self_test=True)
    options = said(["roundkeeper", "--uninstall-desktop-entry"])[0]
    assert options == cli.Options(uninstall_desktop_entry=True)


def test_without_a_console_the_text_goes_to_a_message_box(qapp, monkeypatch):
    from PySide6.QtWidgets import QMessageBox

    shown: list[tuple[str, str, QMessageBox.Icon]] = []

    def exec_(box: QMessageBox) -> int:
        shown.append((box.windowTitle(), box.text(), box.icon()))
        return 0

    monkeypatch.setattr(QMessageBox, "exec", exec_)
    monkeypatch.setattr(sys, "stdout", None)
    monkeypatch.setattr(sys, "stderr", None)
    assert cli.parse(["roundkeeper", "--version"]) == 0
    assert cli.parse(["roundkeeper", "--nope"]) == 2
    assert shown[0] == ("Roundkeeper", f"Roundkeeper {__version__}\n", QMessageBox.Icon.Information)
    assert "unrecognized arguments: --nope" in shown[1][1]
    assert shown[1][2] == QMessageBox.Icon.Warning


def test_version_answers_without_importing_qt():
    result = subprocess.run(
        [
            sys.executable,
            "-X",
            "importtime",
            "-c",
            "import sys, tracker.cli as c; sys.exit(c.main(['roundkeeper', '--version']))",
        ],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 0 and result.stdout == f"Roundkeeper {__version__}\n"
    assert "PySide6" not in result.stderr  # -X importtime lists every module imported


def test_an_encounter_on_the_command_line_is_opened(monkeypatch, tmp_path):
    from tracker.qt import app as app_module

    started: list[cli.Options] = []
    monkeypatch.setattr(app_module, "start", lambda options: started.append(options) or 0)
    assert cli.main(["roundkeeper", str(tmp_path / "ford.json")]) == 0
    assert started == [cli.Options(encounter=tmp_path / "ford.json")]


def test_the_start_runs_without_the_garbage_collector_and_gives_it_back(monkeypatch):
    from tracker.qt import app as app_module

    collecting: list[bool] = []
    monkeypatch.setattr(app_module, "start", lambda options: collecting.append(gc.isenabled()) or 0)
    assert gc.isenabled()
    assert cli.main(["roundkeeper"]) == 0
    assert collecting == [False]  # the app switches it on once its window is whole
    assert gc.isenabled()  # however the start ended
    monkeypatch.setattr(app_module, "start", lambda options: 1 / 0)
    with pytest.raises(ZeroDivisionError):
        cli.main(["roundkeeper"])
    assert gc.isenabled()
