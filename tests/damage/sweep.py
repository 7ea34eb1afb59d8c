"""Run every damage sweep and print its counts: `python -m tests.damage.sweep
[--cases N] [--seed S] [--only NAME]`. Exit status 1 if any case went wrong.

A sweep is a module `tests/damage/sweep_<name>.py` with a function
`sweep(cases: int, seed: int, workdir: Path) -> Tally`; it makes at most `cases`
damaged inputs from `seed`, writes only under `workdir`, and counts what happened."""

from __future__ import annotations

import argparse
import importlib
import os
import pkgutil
import sys
import tempfile
from pathlib import Path

import tests.damage
from tests.damage.tally import Tally


def sweep_names() -> list[str]:
    return sorted(
        info.name.removeprefix("sweep_")
        for info in pkgutil.iter_modules(tests.damage.__path__)
        if info.name.startswith("sweep_")
    )


def run_sweep(name: str, cases: int, seed: int, workdir: Path) -> Tally:
    module = importlib.import_module(f"tests.damage.sweep_{name}")
    folder = workdir / name
    folder.mkdir(parents=True, exist_ok=True)
    tally: Tally = module.sweep(cases, seed, folder)
    return tally


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cases", type=int, default=300, help="cases per sweep")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--only", choices=sweep_names(), action="append")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="tracker-damage-") as temporary:
        os.environ["TRACKER_HOME"] = str(Path(temporary) / "home")
        os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
        tallies = [
            run_sweep(name, args.cases, args.seed, Path(temporary))
            for name in (args.only or sweep_names())
        ]
    for tally in tallies:
        print(tally.line())
        for failure in tally.failures[:10]:
            print(f"    {failure}")
    total = sum(t.tried for t in tallies)
    failed = sum(len(t.failures) for t in tallies)
    print(f"{'all sweeps':<28} tried {total:>6}  failures {failed:>4}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
