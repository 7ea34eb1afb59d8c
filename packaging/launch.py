"""The bundle's entry point (PyInstaller runs this file as __main__): Tracker's own."""

from tracker.qt.app import main

raise SystemExit(main())
