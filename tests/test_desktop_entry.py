"""`roundkeeper --install-desktop-entry` for a pip install, and the Linux download's
install.sh / uninstall.sh: the entry, the icon at every size and the metainfo land in
the user's XDG data folder, pass desktop-file-validate and appstreamcli validate, name
the installed program in Exec=, and are removed again."""

from __future__ import annotations

import configparser
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tracker import APP_ID, cli, desktop_entry

ROOT = Path(__file__).resolve().parent.parent
PACKAGING = ROOT / "packaging"


def validate(home: Path) -> None:
    entry = home / "applications" / f"{APP_ID}.desktop"
    subprocess.run(["desktop-file-validate", str(entry)], check=True, capture_output=True)
    metainfo = home / "metainfo" / f"{APP_ID}.metainfo.xml"
    result = subprocess.run(
        ["appstreamcli", "validate", "--no-net", str(metainfo)], capture_output=True, text=True
    )
    assert result.returncode == 0, result.stdout + result.stderr
    icons = sorted((home / "icons" / "hicolor").glob(f"*/apps/{APP_ID}.png"))
    assert [icon.parent.parent.name for icon in icons] == [
        "128x128", "16x16", "256x256", "32x32", "48x48", "64x64"
    ]  # fmt: skip


def desktop_keys(home: Path) -> configparser.SectionProxy:
    entry = configparser.ConfigParser(interpolation=None)
    entry.optionxform = str
    entry.read(home / "applications" / f"{APP_ID}.desktop", encoding="utf-8")
    return entry["Desktop Entry"]


def test_install_and_uninstall_for_a_pip_install(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "share"))
    program = tmp_path / "venv" / "bin" / "roundkeeper"
    monkeypatch.setattr(desktop_entry, "launcher", lambda: program)
    said: list[tuple[str, bool]] = []

    def say(text: str, error: bool) -> None:
        said.append((text, error))

    assert cli.run_command(cli.Options(install_desktop_entry=True), say) == 0
    validate(tmp_path / "share")
    keys = desktop_keys(tmp_path / "share")
    assert keys["Exec"] == f'"{program}" %f' and keys["TryExec"] == str(program)
    assert str(tmp_path / "share" / "applications") in said[0][0]

    assert cli.run_command(cli.Options(uninstall_desktop_entry=True), say) == 0
    assert not any(path.is_file() for path in (tmp_path / "share").rglob("*"))
    assert said[-1][0].startswith("Removed:") and said[-1][1] is False
    assert cli.run_command(cli.Options(uninstall_desktop_entry=True), say) == 0
    assert said[-1] == ("Nothing to remove.\n", False)


def test_exec_quotes_and_escapes_a_path_as_the_specification_says(tmp_path):
    odd = Path('/home/g m/a"b$c`d\\e/roundkeeper')
    assert (
        desktop_entry.exec_value(odd) == '"/home/g m/a\\\\"b\\\\$c\\\\`d\\\\\\\\e/roundkeeper" %f'
    )
    home = tmp_path / "share"
    desktop_entry.install(Path("/opt/Round keeper/roundkeeper"), home)
    validate(home)
    assert desktop_keys(home)["Exec"] == '"/opt/Round keeper/roundkeeper" %f'


def test_the_launcher_is_the_script_beside_this_python(tmp_path, monkeypatch):
    script = tmp_path / "bin" / "roundkeeper"
    script.parent.mkdir()
    script.write_text("#!/bin/sh\n")
    monkeypatch.setattr(sys, "executable", str(tmp_path / "bin" / "python"))
    assert desktop_entry.launcher() == script
    monkeypatch.setattr(sys, "frozen", True, raising=False)
    assert desktop_entry.launcher() == tmp_path / "bin" / "python"  # the bundle's program


def test_no_launcher_is_a_clear_error(tmp_path, monkeypatch):
    monkeypatch.setattr(sys, "executable", str(tmp_path / "python"))
    monkeypatch.setenv("PATH", str(tmp_path))
    said: list[tuple[str, bool]] = []
    status = cli.run_command(
        cli.Options(install_desktop_entry=True), lambda text, error: said.append((text, error))
    )
    assert status == 1 and said[0][1] is True
    assert "the roundkeeper command was not found" in said[0][0]


def test_other_systems_are_told_to_use_the_installer(monkeypatch, tmp_path):
    monkeypatch.setattr(sys, "platform", "win32")
    with pytest.raises(desktop_entry.DesktopEntryError, match="use the installer"):
        desktop_entry.install(tmp_path / "Roundkeeper.exe", tmp_path)


def fake_bundle(folder: Path) -> Path:
    """A folder laid out as the Linux bundle (PyInstaller's _internal/ with the package
    data), with the real install scripts and a stand-in program."""
    bundle = folder / "Roundkeeper"
    assets = bundle / "_internal" / "tracker" / "assets"
    shutil.copytree(ROOT / "tracker" / "assets" / "desktop", assets / "desktop")
    shutil.copytree(ROOT / "tracker" / "assets" / "icons" / "hicolor", assets / "icons" / "hicolor")
    for script in ("install.sh", "uninstall.sh"):
        shutil.copy2(PACKAGING / script, bundle / script)
    program = bundle / "roundkeeper"
    program.write_text("#!/bin/sh\necho started\n")
    program.chmod(0o755)
    return bundle


def test_the_linux_download_installs_into_the_users_folders_and_uninstalls(tmp_path):
    bundle = fake_bundle(tmp_path / "Downloads")
    home = tmp_path / "home me"
    env = {"PATH": os.environ["PATH"], "HOME": str(home), "XDG_DATA_HOME": str(home / "xdg")}
    subprocess.run([str(bundle / "install.sh")], env=env, check=True, capture_output=True)

    installed = home / ".local" / "lib" / "roundkeeper"
    assert (installed / "roundkeeper").is_file() and (installed / "uninstall.sh").is_file()
    validate(home / "xdg")
    keys = desktop_keys(home / "xdg")
    assert keys["Exec"] == f'"{installed / "roundkeeper"}" %f'
    assert keys["TryExec"] == str(installed / "roundkeeper")
    link = home / ".local" / "bin" / "roundkeeper"
    assert subprocess.run([str(link)], capture_output=True, text=True).stdout == "started\n"

    shutil.rmtree(bundle)  # the download can go: the installed copy is what runs
    subprocess.run([str(installed / "uninstall.sh")], env=env, check=True, capture_output=True)
    assert not installed.exists() and not link.is_symlink()
    assert not list((home / "xdg").rglob(f"{APP_ID}*"))  # the desktop's caches may stay


def test_install_sh_refuses_a_path_a_desktop_entry_cannot_name(tmp_path):
    bundle = fake_bundle(tmp_path)
    env = {
        "PATH": os.environ["PATH"],
        "HOME": str(tmp_path),
        "ROUNDKEEPER_PREFIX": str(tmp_path / "a$b"),
    }
    result = subprocess.run([str(bundle / "install.sh")], env=env, capture_output=True, text=True)
    assert result.returncode == 1 and "ROUNDKEEPER_PREFIX" in result.stderr
    assert not (tmp_path / "a$b").exists()
