"""The example plugin is a distribution of its own (examples/roundkeeper-example-ruleset):
pip installs it and Roundkeeper from this checkout into a fresh virtual environment,
offline, and the installed app lists it, plays it and self-tests with it.

The environment is made by `venv` from this interpreter without pip. It sees nothing of
the checkout nor of the test environment except, through one `.pth` file, a folder of
links to exactly the distributions Roundkeeper declares as its dependencies (found from
pyproject.toml, then their own from their metadata: PySide6-Essentials, shiboken6,
platformdirs) plus setuptools, the build backend (the test extra brings a recent one),
which pip uses with `--no-build-isolation` (no network: `--no-index`).
A dependency missing from pyproject.toml is missing there too and fails the test. Qt's
wheels are a few hundred megabytes: linked, not installed again."""

from __future__ import annotations

import importlib.metadata
import json
import os
import re
import shutil
import subprocess
import sys
import tomllib
import venv
from pathlib import Path

from packaging.requirements import Requirement

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE = ROOT / "examples" / "roundkeeper-example-ruleset"
PLAY = Path(__file__).resolve().parent / "example_plugin_play.py"
BUILD_BACKEND = "setuptools"


def _requirement_names(requirements: list[str]) -> list[str]:
    """The names of what is required at run time here (not for an extra, nor for
    another Python or system: setuptools wants importlib-metadata below 3.10)."""
    names = []
    for text in requirements:
        requirement = Requirement(text)
        if requirement.marker is not None and not requirement.marker.evaluate({"extra": ""}):
            continue
        names.append(requirement.name)
    return names


def dependency_folder(folder: Path) -> Path:
    """A folder of links to Roundkeeper's declared dependencies and the build backend."""
    folder.mkdir()
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    wanted = [*_requirement_names(project["dependencies"]), BUILD_BACKEND]
    done: set[str] = set()
    while wanted:
        name = re.sub(r"[-_.]+", "-", wanted.pop()).lower()
        if name in done:
            continue
        done.add(name)
        distribution = importlib.metadata.distribution(name)
        wanted += _requirement_names(distribution.requires or [])
        site = Path(str(distribution.locate_file("")))
        tops = {path.parts[0] for path in distribution.files or [] if path.parts[0] != ".."}
        for top in sorted(tops - {"__pycache__"}):
            if (site / top).exists() and not (folder / top).exists():
                (folder / top).symlink_to(site / top)
    return folder


def check_build_backend() -> None:
    """The setuptools here can build Roundkeeper (the test extra brings one that can)."""
    needed = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    (requirement,) = needed["build-system"]["requires"]
    least = re.search(r">=\s*(\d+)", requirement)
    have = importlib.metadata.version(BUILD_BACKEND)
    assert least and int(have.split(".")[0]) >= int(least.group(1)), (
        f"setuptools {have} cannot build Roundkeeper ({requirement}): install the test "
        'extra again (pip install -e ".[test]")'
    )


def copy_source(source: Path, target: Path, names: list[str]) -> Path:
    """What pip builds from, copied (a build writes build/ and *.egg-info beside it)."""
    ignore = shutil.ignore_patterns("__pycache__", "*.egg-info", "build")
    for name in names:
        path = source / name
        if path.is_dir():
            shutil.copytree(path, target / name, ignore=ignore)
        else:
            target.mkdir(parents=True, exist_ok=True)
            shutil.copy2(path, target / name)
    return target


def run(command: list[str], cwd: Path, env: dict[str, str]) -> str:
    done = subprocess.run(
        command, cwd=cwd, env=env, capture_output=True, text=True, timeout=300, check=False
    )
    assert done.returncode == 0, f"{command[:4]}…\n{done.stdout}\n{done.stderr}"
    return done.stdout


def test_the_example_plugin_installs_into_a_fresh_environment_and_plays(tmp_path):
    check_build_backend()
    environment = tmp_path / "venv"
    venv.EnvBuilder(with_pip=False).create(environment)
    python = environment / "bin" / "python"
    env = {
        key: value
        for key, value in os.environ.items()
        if not key.startswith(("PYTHON", "PIP_", "VIRTUAL_ENV"))
    }
    env |= {
        "PIP_NO_INPUT": "1",
        "PIP_DISABLE_PIP_VERSION_CHECK": "1",
        "PIP_CONFIG_FILE": os.devnull,
    }
    purelib = run(
        [str(python), "-c", "import sysconfig; print(sysconfig.get_path('purelib'))"],
        tmp_path,
        env,
    ).strip()
    deps = dependency_folder(tmp_path / "dependencies")
    (Path(purelib) / "roundkeeper_test_dependencies.pth").write_text(f"{deps}\n")

    checkout = copy_source(
        ROOT,
        tmp_path / "roundkeeper",
        ["pyproject.toml", "README.md", "LICENSE", "THIRD-PARTY-NOTICES", "tracker"],
    )
    example = copy_source(
        EXAMPLE, tmp_path / "example", ["pyproject.toml", "README.md", "highest_roll"]
    )
    # This interpreter's pip, installing into the new environment (pip --python).
    pip = [sys.executable, "-m", "pip", "--python", str(python), "install", "--no-index"]
    run([*pip, "--no-build-isolation", "-q", str(checkout), str(example)], tmp_path, env)

    play = shutil.copy(PLAY, tmp_path / PLAY.name)  # run from outside the checkout
    home = {"ROUNDKEEPER_HOME": str(tmp_path / "home")}
    result = json.loads(run([str(python), str(play)], tmp_path, env | home))
    assert result["tracker"].startswith(purelib), result["tracker"]  # the installed copy
    assert result["plugin"].startswith(purelib), result["plugin"]
    version = tomllib.loads((EXAMPLE / "pyproject.toml").read_text())["project"]["version"]
    assert result["example"] == ["roundkeeper_example_ruleset", version, True]
    assert "war_scroll" in result["built_in"] and "highest_roll" not in result["built_in"]
    assert result["own_views"]
    assert result["turns"] == ["Ann", "Cid", "Bob", "Ann"] and result["round"] == 2
    output = result["self_test_output"]
    assert result["self_test"] == 0, output
    assert (
        "ok    ruleset highest_roll (from roundkeeper-example-ruleset): rules and views load"
        in output
    )
    # Nothing of the checkout, nor of this environment but the linked dependencies.
    assert not any(entry.startswith((str(ROOT), sys.prefix)) for entry in result["path"])
