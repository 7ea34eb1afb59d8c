"""Installed entry points, read straight from the distributions' metadata.

`importlib.metadata.entry_points` gives the same answer (tests/engine/test_entry_points.py
checks it) but importing that module loads the `email` package, `zipfile` and `socket`:
about 4 MiB and a tenth of Roundkeeper's start-up, to read a few small text files. This
reads only `entry_points.txt` of each `*.dist-info` / `*.egg-info` folder on `sys.path`
(the first distribution of a name wins, as with importlib.metadata). Distributions
inside zip files are not looked at; Roundkeeper's plugins are installed by pip.
"""

from __future__ import annotations

import os
import re
import sys
from dataclasses import dataclass, field
from importlib import import_module
from typing import Any

_INFO_SUFFIXES = (".dist-info", ".egg-info")


@dataclass(frozen=True)
class EntryPoint:
    """`value` is "module:attribute" (or just "module"), as in entry_points.txt."""

    name: str
    value: str
    group: str
    # The distribution that declares it, as its metadata folder names it ("" if unknown).
    distribution: str = field(default="", compare=False)
    version: str = field(default="", compare=False)

    def load(self) -> Any:
        module_name, _, attributes = self.value.partition(":")
        loaded: Any = import_module(module_name.strip())
        for attribute in filter(None, attributes.split("[")[0].strip().split(".")):
            loaded = getattr(loaded, attribute)
        return loaded


def entry_points(*, group: str, distribution: str | None = None) -> list[EntryPoint]:
    """The entry points of `group`, from every distribution on `sys.path`, in path order;
    with `distribution`, from that one alone (its first metadata folder on the path: the
    others' files are not read, nor the folders on the path after it listed)."""
    found: list[EntryPoint] = []
    seen: set[str] = set()
    wanted = None if distribution is None else re.sub(r"[-_.]+", "_", distribution).lower()
    for folder in sys.path:
        for info in _metadata_folders(folder or "."):
            key = _normalized(info)
            if key in seen or (wanted is not None and key != wanted):
                continue
            seen.add(key)
            where = os.path.join(folder or ".", info)
            name, version = _name_and_version(info)
            if not version:  # an egg-info folder (an editable install's) names none
                version = _metadata_version(where)
            found += _read(os.path.join(where, "entry_points.txt"), group, name, version)
            if wanted is not None:  # its first metadata folder is the one that counts
                return found
    return found


def _metadata_folders(folder: str) -> list[str]:
    try:
        names = sorted(os.listdir(folder))
    except OSError:  # a zip file, or a folder that is gone
        return []
    return [name for name in names if name.endswith(_INFO_SUFFIXES)]


def _normalized(info: str) -> str:
    """The distribution's name as importlib.metadata compares it (PEP 503)."""
    stem = info.rsplit(".", 1)[0].split("-")[0]
    return re.sub(r"[-_.]+", "_", stem).lower()


def _name_and_version(info: str) -> tuple[str, str]:
    """A metadata folder's distribution and version, from its name as pip writes it
    ("my_plugin-1.2.dist-info"; an egg-info folder may name no version)."""
    stem = info.rsplit(".", 1)[0]
    name, _, version = stem.partition("-")
    return name, version.split("-")[0]


def _metadata_version(where: str) -> str:
    """The "Version:" of a metadata folder's PKG-INFO or METADATA ("" if none)."""
    for file_name in ("PKG-INFO", "METADATA"):
        try:
            with open(os.path.join(where, file_name), encoding="utf-8") as handle:
                for line in handle:
                    if line.startswith("Version:"):
                        return line.partition(":")[2].strip()
                    if not line.strip():
                        break  # the headers end at the first blank line
        except (OSError, UnicodeDecodeError):
            continue
    return ""


def _read(path: str, group: str, distribution: str = "", version: str = "") -> list[EntryPoint]:
    try:
        with open(path, encoding="utf-8") as handle:
            lines = handle.read().splitlines()
    except OSError:  # no entry points in this distribution
        return []
    found: list[EntryPoint] = []
    section = ""
    for raw in lines:
        line = raw.strip()
        if not line or line.startswith(("#", ";")):
            continue
        if line.startswith("[") and line.endswith("]"):
            section = line[1:-1]
        elif section == group and "=" in line:
            name, _, value = line.partition("=")
            found.append(EntryPoint(name.strip(), value.strip(), group, distribution, version))
    return found
