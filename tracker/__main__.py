"""`python -m tracker` starts the desktop app."""

from tracker.qt.app import main

if __name__ == "__main__":
    raise SystemExit(main())
