"""Build Tracker's one-folder bundle with PyInstaller, and optionally check it.

    python packaging/build.py            # build: packaging/dist/Tracker/
    python packaging/build.py --check    # build, then move the bundle to a new folder
                                         # and run its --self-test there
    python packaging/build.py --check-only   # check the bundle built before

Needs the `package` extra (`pip install -e ".[package]"`). The check runs the bundle
with an environment stripped of everything Python (no PATH to an interpreter, no
PYTHONPATH, no virtual environment); the self-test then also fails if any module or
library was loaded from outside the bundle.
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGING = ROOT / "packaging"
DIST = PACKAGING / "dist"
BUNDLE = DIST / "Tracker"
EXECUTABLE = {"win32": "Tracker.exe", "darwin": "Tracker"}.get(sys.platform, "tracker")


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
        str(PACKAGING / "tracker.spec"),
    ]
    print("+", " ".join(command), flush=True)
    started = time.monotonic()
    subprocess.run(command, check=True, cwd=ROOT)
    print(f"Built {BUNDLE} in {time.monotonic() - started:.0f} s: {size_text(BUNDLE)}")


def size_text(folder: Path) -> str:
    files = [path for path in folder.rglob("*") if path.is_file() and not path.is_symlink()]
    total = sum(path.stat().st_size for path in files)
    return f"{total / 2**20:.0f} MiB in {len(files)} files"


def check() -> int:
    """Copy the bundle to a fresh folder elsewhere and run its self-test there."""
    if not (BUNDLE / EXECUTABLE).exists():
        print(f"No bundle at {BUNDLE}: build it first.", file=sys.stderr)
        return 1
    with tempfile.TemporaryDirectory(prefix="tracker-bundle-check-") as folder:
        moved = Path(folder) / "moved elsewhere" / "Tracker"
        shutil.copytree(BUNDLE, moved, symlinks=True)
        env = {
            "PATH": os.pathsep.join(p for p in ("/usr/bin", "/bin") if Path(p).is_dir()),
            "HOME": folder,
            "LANG": "C.UTF-8",
            "TRACKER_HOME": str(Path(folder) / "home"),
        }
        if sys.platform == "win32":  # Windows needs these to start any program
            env.update({k: os.environ[k] for k in ("SYSTEMROOT", "TEMP", "TMP") if k in os.environ})
            env["PATH"] = os.environ.get("SYSTEMROOT", r"C:\Windows")
        command = [str(moved / EXECUTABLE), "--self-test"]
        print("+", " ".join(command), flush=True)
        started = time.monotonic()
        result = subprocess.run(command, env=env, cwd=folder, check=False)
        print(
            f"Self-test of the moved bundle: exit {result.returncode} in "
            f"{time.monotonic() - started:.1f} s"
        )
        return result.returncode


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="build, then self-test the bundle")
    parser.add_argument("--check-only", action="store_true", help="self-test the last build")
    args = parser.parse_args()
    if not args.check_only:
        build()
    if args.check or args.check_only:
        return check()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
