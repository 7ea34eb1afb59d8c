"""`python -m tracker` starts the desktop app (the `roundkeeper` command)."""

from tracker.cli import main

if __name__ == "__main__":
    raise SystemExit(main())
