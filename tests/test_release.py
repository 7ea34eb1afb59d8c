"""The release's facts agree: one version (tracker/__init__.py) read by pyproject, the
AppStream metainfo, the changelog and the command line; the licence files shipped in
the package are the repository's; the desktop entry and metainfo name the app id."""

from __future__ import annotations

import configparser
import importlib.metadata
import re
import tomllib
import xml.etree.ElementTree as ElementTree
from pathlib import Path

import pytest

import tracker
from tracker import APP_ID, COMMAND, __version__

ROOT = Path(__file__).resolve().parent.parent
DESKTOP = ROOT / "tracker" / "assets" / "desktop"
METAINFO = DESKTOP / f"{APP_ID}.metainfo.xml"
PROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))


def test_pyproject_reads_the_version_from_the_package():
    project = PROJECT["project"]
    assert "version" not in project and "version" in project["dynamic"]
    assert PROJECT["tool"]["setuptools"]["dynamic"]["version"] == {"attr": "tracker.__version__"}
    assert re.fullmatch(r"\d+\.\d+\.\d+", __version__)


def test_metainfo_and_changelog_name_this_version_first():
    release = ElementTree.parse(METAINFO).getroot().find("releases/release")
    assert release.get("version") == __version__
    changelog = (ROOT / "CHANGELOG.md").read_text(encoding="utf-8")
    released = re.findall(r"^## \[(\d[^\]]*)\] - (\d{4}-\d{2}-\d{2})$", changelog, re.M)
    assert released[0] == (__version__, release.get("date"))
    assert "## [Unreleased]" in changelog  # Keep a Changelog's form


def test_the_distribution_the_command_and_the_licence():
    project = PROJECT["project"]
    assert project["name"] == COMMAND == "roundkeeper"
    assert project["gui-scripts"] == {"roundkeeper": "tracker.cli:main"}
    assert project["license"] == "MIT"
    assert set(project["license-files"]) == {"LICENSE", "THIRD-PARTY-NOTICES"}
    assert "The Roundkeeper authors" in (ROOT / "LICENSE").read_text(encoding="utf-8")
    assert ElementTree.parse(METAINFO).getroot().findtext("project_license") == "MIT"


def test_the_packaged_licence_files_are_the_repositorys():
    for name in ("LICENSE", "THIRD-PARTY-NOTICES"):
        packaged = ROOT / "tracker" / "assets" / "legal" / name
        assert packaged.read_bytes() == (ROOT / name).read_bytes(), f"copy {name} there"


def test_the_notices_name_every_library_the_app_carries():
    notices = (ROOT / "THIRD-PARTY-NOTICES").read_text(encoding="utf-8")
    for name in ("Qt 6", "PySide6", "Shiboken6", "Python", "platformdirs", "segno", "PyInstaller"):
        assert name in notices
    assert "LGPL-3.0" in notices and "PSF-2.0" in notices
    assert "Replacing these libraries" in notices and "code.qt.io" in notices
    dependencies = {re.split(r"[<>=\[ ]", d)[0] for d in PROJECT["project"]["dependencies"]}
    assert dependencies == {"PySide6-Essentials", "platformdirs", "segno"}  # a new one: add it


@pytest.mark.parametrize("name", ["platformdirs", "segno"])
def test_the_notices_carry_the_whole_terms_of_the_permissive_libraries(name):
    """MIT and BSD ask that their notice and terms go with every copy (the bundles carry
    the libraries): each line of the licence the installed library ships is in the
    notices, not a link alone."""
    notices = " ".join((ROOT / "THIRD-PARTY-NOTICES").read_text(encoding="utf-8").split())
    files = importlib.metadata.distribution(name).files or []
    licence = next(f for f in files if f.name.upper().startswith(("LICENSE", "COPYING")))
    terms = " ".join(licence.read_text(encoding="utf-8").split())
    body = terms.removeprefix("MIT License ").removeprefix("BSD 3-Clause License ")
    assert body in notices


def test_desktop_entry_and_metainfo_name_the_app_id():
    entry = configparser.ConfigParser(interpolation=None)
    entry.optionxform = str
    entry.read(DESKTOP / f"{APP_ID}.desktop", encoding="utf-8")
    desktop = entry["Desktop Entry"]
    assert desktop["Icon"] == APP_ID and desktop["Name"] == tracker.APP_NAME
    assert desktop["Exec"].split()[0] == COMMAND
    component = ElementTree.parse(METAINFO).getroot()
    assert component.findtext("id") == APP_ID
    assert component.findtext("launchable") == f"{APP_ID}.desktop"
    assert component.findtext("provides/binary") == COMMAND
    assert component.findtext("summary") == desktop["Comment"]
    icons = sorted((ROOT / "tracker/assets/icons/hicolor").glob(f"*/apps/{APP_ID}.png"))
    assert len(icons) == 6
