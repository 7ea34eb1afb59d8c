"""What the bundle and its installer are called and made of on each system: pure
functions of the platform (`sys.platform`), the version and the machine, shared by the
PyInstaller spec (roundkeeper.spec) and the build script (build.py), and unit-tested
for every platform in tests/test_build_platforms.py (CI builds only Linux here; the
release workflow builds Windows and macOS)."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path, PurePosixPath

NAME = "Roundkeeper"  # the bundle's folder, the Windows and macOS program's name
COMMAND = "roundkeeper"  # the Linux program's name (as pip's script)
APP_ID = "io.github.roundkeeper.Roundkeeper"


def system(platform: str) -> str:
    """'linux', 'windows' or 'macos' for a `sys.platform` value."""
    if platform == "win32":
        return "windows"
    if platform == "darwin":
        return "macos"
    if platform.startswith("linux"):
        return "linux"
    raise ValueError(f"no bundle is made for {platform!r}: Linux, Windows and macOS only")


def program_name(platform: str) -> str:
    """The file name PyInstaller gives the program (EXE's `name`)."""
    return COMMAND if system(platform) == "linux" else NAME


def executable(platform: str) -> PurePosixPath:
    """The program inside the bundle's folder (dist/Roundkeeper/)."""
    name = program_name(platform)
    return PurePosixPath(f"{name}.exe" if system(platform) == "windows" else name)


def icon_file(platform: str) -> str | None:
    """The icon PyInstaller puts in the program (Linux reads the desktop entry's)."""
    return {"windows": "roundkeeper.ico", "macos": "roundkeeper.icns"}.get(system(platform))


def makes_app_bundle(platform: str) -> bool:
    """macOS also gets Roundkeeper.app (what the .dmg holds)."""
    return system(platform) == "macos"


def machine_name(machine: str) -> str:
    """A machine name as the release files spell it (`platform.machine()` differs
    between systems: AMD64, x86_64, arm64, aarch64)."""
    lowered = machine.lower()
    return {"amd64": "x86_64", "x64": "x86_64", "aarch64": "arm64"}.get(lowered, lowered)


def release_file(platform: str, version: str, machine: str) -> str:
    """The file a game master downloads: a .tar.gz (Linux), an installer (Windows), a
    disk image (macOS)."""
    kind = system(platform)
    stem = f"{NAME}-{version}-{kind}-{machine_name(machine)}"
    return {"linux": f"{stem}.tar.gz", "windows": f"{stem}-setup.exe", "macos": f"{stem}.dmg"}[kind]


@dataclass(frozen=True)
class Wrapping:
    """How the built bundle becomes the release file: a command to run, or (Linux) a
    tar.gz written by build.py itself (command empty)."""

    command: tuple[str, ...]
    output: Path


def wrapping(platform: str, version: str, machine: str, dist: Path, packaging: Path) -> Wrapping:
    """The step that turns dist/Roundkeeper (or Roundkeeper.app) into the release file
    in `dist`."""
    output = dist / release_file(platform, version, machine)
    kind = system(platform)
    if kind == "windows":
        command = (
            "iscc",
            f"/DAppVersion={version}",
            f"/DSourceDir={dist / NAME}",
            f"/DOutputDir={dist}",
            f"/DOutputName={output.stem}",
            str(packaging / "roundkeeper.iss"),
        )
        return Wrapping(command, output)
    if kind == "macos":
        command = (
            "hdiutil",
            "create",
            "-volname",
            f"{NAME} {version}",
            "-srcfolder",
            str(dist / f"{NAME}.app"),
            "-fs",
            "HFS+",
            "-format",
            "UDZO",
            "-ov",
            str(output),
        )
        return Wrapping(command, output)
    return Wrapping((), output)


def installed_executable(platform: str, root: Path) -> Path:
    """Where the installed program is, under the folder the installer was told to use
    (Windows: the /DIR of the installer; macOS: where Roundkeeper.app was copied;
    Linux: the folder install.sh copies the bundle to)."""
    kind = system(platform)
    if kind == "macos":
        return root / f"{NAME}.app" / "Contents" / "MacOS" / NAME
    return root / str(executable(platform))


def install_commands(platform: str, release: Path, root: Path) -> list[tuple[str, ...]]:
    """The commands that install the release file under `root` as a game master would
    (unpack and install.sh; the installer, silent; the disk image's app copied out),
    for the release workflow to self-test the installed program; it lands in
    `root / "installed"` (see `installed_executable`)."""
    installed = root / "installed"
    kind = system(platform)
    if kind == "linux":
        return [
            ("tar", "-xzf", str(release), "-C", str(root)),
            (
                "env",
                f"HOME={root}",
                f"XDG_DATA_HOME={root / 'share'}",
                f"ROUNDKEEPER_PREFIX={installed}",
                str(root / NAME / "install.sh"),
            ),
        ]
    if kind == "windows":
        return [
            (
                str(release),
                "/VERYSILENT",
                "/SUPPRESSMSGBOXES",
                "/NORESTART",
                "/CURRENTUSER",
                f"/DIR={installed}",
            )
        ]
    volume = root / "volume"
    return [
        ("hdiutil", "attach", "-nobrowse", "-readonly", "-mountpoint", str(volume), str(release)),
        ("mkdir", "-p", str(installed)),
        ("cp", "-R", str(volume / f"{NAME}.app"), str(installed)),
        ("hdiutil", "detach", str(volume)),
    ]
