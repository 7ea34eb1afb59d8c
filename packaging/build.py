"""Build Roundkeeper's one-folder bundle with PyInstaller, check it, and wrap it as the
file a game master downloads.

    python packaging/build.py              # build: packaging/dist/Roundkeeper/
    python packaging/build.py --check      # build, then move the bundle to a new folder
                                           # and run its --self-test there
    python packaging/build.py --check-only # check the bundle built before
    python packaging/build.py --package    # wrap the last build: Linux .tar.gz (with
                                           # install.sh), Windows installer (Inno Setup's
                                           # iscc), macOS .dmg (hdiutil)
    python packaging/build.py --check-release  # install that file in a new folder as a
                                           # GM would, and self-test the installed program

Needs the `package` extra (`pip install -e ".[package]"`). The check runs the bundle
with an environment stripped of everything Python (no PATH to an interpreter, no
PYTHONPATH, no virtual environment); the self-test then also fails if any module or
library was loaded from outside the bundle. What differs per system is chosen in
packaging/platforms.py.
"""

from __future__ import annotations

import argparse
import os
import platform
import re
import shutil
import subprocess
import sys
import tarfile
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import platforms  # noqa: E402 - packaging/platforms.py

ROOT = Path(__file__).resolve().parent.parent
PACKAGING = ROOT / "packaging"
DIST = PACKAGING / "dist"
BUNDLE = DIST / platforms.NAME
# Beside the program in the bundle's folder: the licence and notices, and on Linux the
# scripts that install it for the user.
LEGAL = ("LICENSE", "THIRD-PARTY-NOTICES")
LINUX_SCRIPTS = ("install.sh", "uninstall.sh")


def version() -> str:
    sys.path.insert(0, str(ROOT))
    from tracker import __version__

    return __version__


def build() -> None:
    command = [
        sys.executable,
        "-m",
        "PyInstaller",
        "--noconfirm",
        "--clean",
        "--log-level",
        "WARN",
        "--distpath",
        str(DIST),
        "--workpath",
        str(PACKAGING / "build"),
        str(PACKAGING / "roundkeeper.spec"),
    ]
    print("+", " ".join(command), flush=True)
    started = time.monotonic()
    subprocess.run(command, check=True, cwd=ROOT)
    add_files(BUNDLE, sys.platform)
    print(f"Built {BUNDLE} in {time.monotonic() - started:.0f} s: {size_text(BUNDLE)}")
    unlisted = unlisted_libraries(BUNDLE, (ROOT / "THIRD-PARTY-NOTICES").read_text("utf-8"))
    if unlisted:
        raise SystemExit(
            "The bundle carries libraries THIRD-PARTY-NOTICES does not name (add each with "
            f"its licence): {', '.join(unlisted)}"
        )


# Libraries the notices cover under their project's name (Qt, PySide6, Python).
COVERED = ("libQt6", "libpyside6", "libshiboken6", "libpython")


def unlisted_libraries(bundle: Path, notices: str) -> list[str]:
    """The shared libraries (lib*.so*, outside Qt's plugins) in the bundle whose name,
    without its version, THIRD-PARTY-NOTICES does not mention (Linux bundles: the
    build system's libraries PyInstaller copies)."""
    names = set()
    for path in bundle.rglob("lib*.so*"):
        if "plugins" in path.parts or path.name.startswith(COVERED):
            continue
        name = re.sub(r"\.so(\.[\d.]+)?$", "", path.name)
        names.add(re.sub(r"-[\d.]+$", "", name))
    return sorted(name for name in names if name not in notices)


def extra_files(system_platform: str) -> list[Path]:
    """The files copied beside the program, for this platform."""
    found = [ROOT / name for name in LEGAL]
    if platforms.system(system_platform) == "linux":
        found += [PACKAGING / name for name in LINUX_SCRIPTS]
    return found


def add_files(bundle: Path, system_platform: str) -> None:
    for source in extra_files(system_platform):
        shutil.copy2(source, bundle / source.name)


def size_text(folder: Path) -> str:
    files = [path for path in folder.rglob("*") if path.is_file() and not path.is_symlink()]
    total = sum(path.stat().st_size for path in files)
    return f"{total / 2**20:.0f} MiB in {len(files)} files"


def check() -> int:
    """Copy the bundle to a fresh folder elsewhere and run its self-test there."""
    program = BUNDLE / str(platforms.executable(sys.platform))
    if not program.exists():
        print(f"No bundle at {BUNDLE}: build it first.", file=sys.stderr)
        return 1
    with tempfile.TemporaryDirectory(prefix="roundkeeper-bundle-check-") as folder:
        moved = Path(folder) / "moved elsewhere" / platforms.NAME
        shutil.copytree(BUNDLE, moved, symlinks=True)
        return self_test(moved / str(platforms.executable(sys.platform)), Path(folder))


def self_test(program: Path, folder: Path) -> int:
    """Run `program --self-test` with an environment stripped of any Python."""
    env = {
        "PATH": os.pathsep.join(p for p in ("/usr/bin", "/bin") if Path(p).is_dir()),
        "HOME": str(folder),
        "LANG": "C.UTF-8",
        "ROUNDKEEPER_HOME": str(folder / "home"),
    }
    if sys.platform == "win32":  # Windows needs these to start any program
        env.update({k: os.environ[k] for k in ("SYSTEMROOT", "TEMP", "TMP") if k in os.environ})
        env["PATH"] = os.environ.get("SYSTEMROOT", r"C:\Windows")
    command = [str(program), "--self-test"]
    print("+", " ".join(command), flush=True)
    started = time.monotonic()
    result = subprocess.run(command, env=env, cwd=folder, check=False)
    print(f"Self-test of {program}: exit {result.returncode} in {time.monotonic() - started:.1f} s")
    if result.returncode != 0 and sys.platform == "win32":
        report = folder / "home" / "data" / "self-test.txt"  # a windowed program's output
        if report.is_file():
            print(report.read_text(encoding="utf-8"))
    return result.returncode


def write_tar(bundle: Path, output: Path) -> None:
    """The bundle's folder as a .tar.gz (file modes and symlinks kept)."""
    with tarfile.open(output, "w:gz", compresslevel=9) as archive:
        archive.add(bundle, arcname=bundle.name)


def package() -> Path:
    """Wrap the last build as this system's release file; its path."""
    step = platforms.wrapping(sys.platform, version(), platform.machine(), DIST, PACKAGING)
    step.output.unlink(missing_ok=True)
    if step.command:
        print("+", " ".join(step.command), flush=True)
        subprocess.run(step.command, check=True, cwd=ROOT)
    else:
        write_tar(BUNDLE, step.output)
    print(f"Wrote {step.output}: {step.output.stat().st_size / 2**20:.0f} MiB")
    return step.output


def check_release() -> int:
    """Install the release file in a fresh folder and self-test what got installed."""
    step = platforms.wrapping(sys.platform, version(), platform.machine(), DIST, PACKAGING)
    if not step.output.is_file():
        print(f"No release file {step.output}: run --package first.", file=sys.stderr)
        return 1
    with tempfile.TemporaryDirectory(prefix="roundkeeper-release-check-") as folder:
        root = Path(folder)
        for command in platforms.install_commands(sys.platform, step.output, root):
            print("+", " ".join(command), flush=True)
            subprocess.run(command, check=True)
        program = platforms.installed_executable(sys.platform, root / "installed")
        return self_test(program, root)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="build, then self-test the bundle")
    parser.add_argument("--check-only", action="store_true", help="self-test the last build")
    parser.add_argument(
        "--package", action="store_true", help="wrap the last build as the release file"
    )
    parser.add_argument(
        "--check-release",
        action="store_true",
        help="install the release file in a new folder and self-test the installed program",
    )
    args = parser.parse_args()
    if args.check_release:
        return check_release()
    if not (args.check_only or args.package):
        build()
    if args.check or args.check_only:
        status = check()
        if status != 0:
            return status
    if args.package:
        package()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
