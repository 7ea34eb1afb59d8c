"""Roundkeeper: an initiative tracker for tabletop role-playing games.

The import package keeps its first name, `tracker` (as Pillow ships `PIL`); the
distribution, the command and the app are Roundkeeper.
"""

# The one place the version is written: pyproject.toml reads it (dynamic version), and
# About, `roundkeeper --version`, the bundle and the AppStream metainfo follow it
# (tests/test_release.py keeps the metainfo and CHANGELOG.md equal to it).
__version__ = "0.2.0"
APP_NAME = "Roundkeeper"
APP_ID = "io.github.roundkeeper.Roundkeeper"  # reverse-DNS: desktop entry, icon, metainfo
COMMAND = "roundkeeper"
