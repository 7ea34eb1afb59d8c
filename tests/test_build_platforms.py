"""Every platform branch of the bundle's spec and build script (packaging/platforms.py
and packaging/build.py): CI builds only the Linux bundle here, the release workflow
builds Windows and macOS, so their names, icons, wrapping commands and install paths
are checked here for all three."""

from __future__ import annotations

import importlib.util
import sys
import tarfile
from pathlib import Path, PurePosixPath

import pytest

ROOT = Path(__file__).resolve().parent.parent
PACKAGING = ROOT / "packaging"


def _load(name: str):
    spec = importlib.util.spec_from_file_location(name, PACKAGING / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


platforms = _load("platforms")
build = _load("build")

CASES = {
    # sys.platform: (system, program, executable, icon, .app?)
    "linux": ("linux", "roundkeeper", "roundkeeper", None, False),
    "win32": ("windows", "Roundkeeper", "Roundkeeper.exe", "roundkeeper.ico", False),
    "darwin": ("macos", "Roundkeeper", "Roundkeeper", "roundkeeper.icns", True),
}


@pytest.mark.parametrize("platform", sorted(CASES))
def test_names_and_icons_per_platform(platform):
    system, program, executable, icon, app = CASES[platform]
    assert platforms.system(platform) == system
    assert platforms.program_name(platform) == program
    assert platforms.executable(platform) == PurePosixPath(executable)
    assert platforms.icon_file(platform) == icon
    assert platforms.makes_app_bundle(platform) is app
    if icon is not None:
        assert (PACKAGING / icon).is_file()


def test_an_unknown_platform_gets_no_bundle():
    with pytest.raises(ValueError, match="Linux, Windows and macOS only"):
        platforms.system("aix")


@pytest.mark.parametrize(
    ("machine", "spelled"),
    [("AMD64", "x86_64"), ("x86_64", "x86_64"), ("aarch64", "arm64"), ("arm64", "arm64")],
)
def test_machine_names_are_spelled_one_way(machine, spelled):
    assert platforms.machine_name(machine) == spelled


def test_release_files_per_platform(tmp_path):
    dist, packaging = tmp_path / "dist", tmp_path / "packaging"
    linux = platforms.wrapping("linux", "1.2.3", "x86_64", dist, packaging)
    assert linux.command == () and linux.output == dist / "Roundkeeper-1.2.3-linux-x86_64.tar.gz"

    windows = platforms.wrapping("win32", "1.2.3", "AMD64", dist, packaging)
    assert windows.output == dist / "Roundkeeper-1.2.3-windows-x86_64-setup.exe"
    assert windows.command[0] == "iscc" and windows.command[-1].endswith("roundkeeper.iss")
    assert "/DAppVersion=1.2.3" in windows.command
    assert f"/DSourceDir={dist / 'Roundkeeper'}" in windows.command
    assert "/DOutputName=Roundkeeper-1.2.3-windows-x86_64-setup" in windows.command

    macos = platforms.wrapping("darwin", "1.2.3", "arm64", dist, packaging)
    assert macos.output == dist / "Roundkeeper-1.2.3-macos-arm64.dmg"
    assert macos.command[:2] == ("hdiutil", "create")
    assert macos.command[macos.command.index("-srcfolder") + 1] == str(dist / "Roundkeeper.app")
    assert macos.command[-1] == str(macos.output)


def test_installed_program_per_platform(tmp_path):
    assert platforms.installed_executable("linux", tmp_path) == tmp_path / "roundkeeper"
    assert platforms.installed_executable("win32", tmp_path) == tmp_path / "Roundkeeper.exe"
    assert (
        platforms.installed_executable("darwin", tmp_path)
        == tmp_path / "Roundkeeper.app" / "Contents" / "MacOS" / "Roundkeeper"
    )


def test_the_inno_setup_script_takes_what_the_build_script_gives():
    script = (PACKAGING / "roundkeeper.iss").read_text(encoding="utf-8")
    for define in ("AppVersion", "SourceDir", "OutputDir", "OutputName"):
        assert "{#" + define + "}" in script
    assert platforms.APP_ID in script or "AppId=" in script
    assert "roundkeeper.ico" in script and "LICENSE" in script


@pytest.mark.parametrize("platform", sorted(CASES))
def test_files_beside_the_program_per_platform(platform):
    names = [path.name for path in build.extra_files(platform)]
    assert names[:2] == ["LICENSE", "THIRD-PARTY-NOTICES"]
    assert ("install.sh" in names) is (platform == "linux")
    assert all(path.is_file() for path in build.extra_files(platform))


def test_the_linux_archive_holds_the_folder_with_modes_and_links(tmp_path):
    bundle = tmp_path / "Roundkeeper"
    (bundle / "_internal").mkdir(parents=True)
    program = bundle / "roundkeeper"
    program.write_text("#!/bin/sh\n")
    program.chmod(0o755)
    (bundle / "_internal" / "libx.so.1").write_bytes(b"x")
    (bundle / "_internal" / "libx.so").symlink_to("libx.so.1")
    build.add_files(bundle, "linux")
    output = tmp_path / "out.tar.gz"
    build.write_tar(bundle, output)
    with tarfile.open(output) as archive:
        members = {member.name: member for member in archive.getmembers()}
    assert members["Roundkeeper/roundkeeper"].mode & 0o111
    assert members["Roundkeeper/install.sh"].mode & 0o111
    assert members["Roundkeeper/_internal/libx.so"].issym()
    assert "Roundkeeper/THIRD-PARTY-NOTICES" in members


def test_install_commands_per_platform(tmp_path):
    release = tmp_path / "R.file"
    linux = platforms.install_commands("linux", release, tmp_path)
    assert linux[0] == ("tar", "-xzf", str(release), "-C", str(tmp_path))
    assert linux[1][-1] == str(tmp_path / "Roundkeeper" / "install.sh")
    assert f"ROUNDKEEPER_PREFIX={tmp_path / 'installed'}" in linux[1]

    (windows,) = platforms.install_commands("win32", release, tmp_path)
    assert windows[0] == str(release) and "/VERYSILENT" in windows
    assert f"/DIR={tmp_path / 'installed'}" in windows

    macos = platforms.install_commands("darwin", release, tmp_path)
    assert [command[:2] for command in macos] == [
        ("hdiutil", "attach"),
        ("mkdir", "-p"),
        ("cp", "-R"),
        ("hdiutil", "detach"),
    ]
    assert macos[2][-1] == str(tmp_path / "installed")


def test_a_bundled_library_the_notices_do_not_name_is_found(tmp_path):
    internal = tmp_path / "Roundkeeper" / "_internal"
    (internal / "PySide6" / "Qt" / "plugins" / "platforms").mkdir(parents=True)
    for name in ("libxcb-cursor.so.0", "libglib-2.0.so.0", "libQt6Core.so.6", "libnew.so.3.1"):
        (internal / name).write_bytes(b"")
    (internal / "PySide6" / "Qt" / "plugins" / "platforms" / "libqxcb.so").write_bytes(b"")
    notices = (ROOT / "THIRD-PARTY-NOTICES").read_text(encoding="utf-8")
    assert build.unlisted_libraries(tmp_path / "Roundkeeper", notices) == ["libnew"]
