"""The page's own files, read from the installed package into memory when sharing
starts: the server serves these and nothing else."""

from __future__ import annotations

from importlib.resources import files

from tracker.share.server import Asset

TYPES = {
    "index.html": "text/html; charset=utf-8",
    "page.css": "text/css; charset=utf-8",
    "page.js": "text/javascript; charset=utf-8",
    "icon.svg": "image/svg+xml",
}


def page_assets() -> dict[str, Asset]:
    folder = files("tracker") / "assets" / "share"
    return {name: Asset(kind, (folder / name).read_bytes()) for name, kind in TYPES.items()}
