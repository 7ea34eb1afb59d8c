"""The bundle's entry point (PyInstaller runs this file as __main__): the `roundkeeper`
command's own."""

from tracker.cli import main

raise SystemExit(main())
