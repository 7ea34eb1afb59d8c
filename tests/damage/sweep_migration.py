"""Moving the former user folders (`tracker` → `roundkeeper`), cut off anywhere and on
any mix of old and new contents: random old and new trees (names that collide, empty
folders the new version made, a file where a folder was expected), a recent-files list
that is valid, damaged or not there, and a kill after a random number of moves, then
the next start's full run. Every file must end up exactly once, with its content: in
the new folder, or left in the old one where the new folder already had that name;
nothing the new folder had is changed; a further start moves nothing; and nothing
escapes but the simulated kill."""

from __future__ import annotations

import json
import random
import shutil
from pathlib import Path

from tests.damage.tally import Tally
from tracker.persistence import migration
from tracker.persistence.migration import (
    CONFIG_NAMES,
    DATA_NAMES,
    FolderMove,
    migrate_user_folders,
)
from tracker.persistence.recent import RECENT_FILE, load_recent

NAMES = ("journal", "encounters", "unsaved", "library.sqlite3", "a.json", "b.json", "x")
# At the top of the folders: the app's own names, and another program's (GNOME's file
# indexer also used ~/.local/share/tracker), which must stay where they are.
OURS = ("journal", "encounters", "unsaved", "library.sqlite3", "recent.json", "tracker.ini")
FOREIGN = ("data", "meta.db", "x")


class Killed(BaseException):
    """The process was killed here (nothing after this line runs)."""


def _tree(rng: random.Random, root: Path, label: str, depth: int = 0) -> dict[Path, bytes]:
    files: dict[Path, bytes] = {}
    names = NAMES if depth else OURS + FOREIGN
    for name in rng.sample(names, rng.randint(0, 4)):
        path = root / name
        if depth < 2 and rng.random() < 0.4:
            path.mkdir(parents=True, exist_ok=True)
            files.update(_tree(rng, path, label, depth + 1))
        else:
            path.parent.mkdir(parents=True, exist_ok=True)
            data = f"{label}:{path.name}:{rng.random()}".encode()
            path.write_bytes(data)
            files[path] = data
    return files


def _recent(rng: random.Random, config: Path, old_data: Path, files: list[Path]) -> str:
    kind = rng.choice(("valid", "valid", "damaged", "list", "none"))
    if kind == "none" or (config / RECENT_FILE).is_dir():
        return kind
    config.mkdir(parents=True, exist_ok=True)
    if kind == "damaged":
        (config / RECENT_FILE).write_bytes(b'{"last": "/x", "rec')
    elif kind == "list":
        (config / RECENT_FILE).write_text("[1, 2]", encoding="utf-8")
    else:
        named = [str(p) for p in rng.sample(files, min(len(files), 3))] + ["/elsewhere/c.json"]
        last = named[0] if rng.random() < 0.7 else str(old_data / "gone.json")
        (config / RECENT_FILE).write_text(json.dumps({"last": last, "recent": named}))
    return kind


def _snapshot(*folders: Path) -> dict[Path, bytes]:
    """Every file under `folders`, with its contents."""
    return {
        path: path.read_bytes()
        for folder in folders
        if folder.is_dir()
        for path in folder.rglob("*")
        if path.is_file()
    }


def _case(rng: random.Random, folder: Path, tally: Tally) -> None:
    old_data, old_config = folder / "share" / "tracker", folder / "config" / "tracker"
    new_data, new_config = folder / "share" / "roundkeeper", folder / "config" / "roundkeeper"
    if rng.random() < 0.1:  # a file where the old folder was expected
        old_data.parent.mkdir(parents=True)
        old_data.write_bytes(b"not a folder")
    old = _tree(rng, old_data, "old") if not old_data.is_file() else {}
    old.update(_tree(rng, old_config, "old"))
    if rng.random() < 0.3:
        _recent(rng, old_config, old_data, list(old))
    new = _tree(rng, new_data, "new") if rng.random() < 0.5 else {}
    if rng.random() < 0.3 and not (new_data / "journal").exists():
        (new_data / "journal").mkdir(parents=True)  # made by an earlier start
    if rng.random() < 0.2:
        _recent(rng, new_config, old_data, list(old))
    old = _snapshot(old_data, old_config)
    new = _snapshot(new_data, new_config)
    moves = [
        FolderMove(old_data, new_data, DATA_NAMES),
        FolderMove(old_config, new_config, CONFIG_NAMES),
    ]

    kill_after = rng.randint(0, 6)
    real_move = migration._move
    done = [0]

    def move_then_die(source: Path, target: Path) -> None:
        if done[0] >= kill_after:
            raise Killed
        real_move(source, target)
        done[0] += 1

    migration._move = move_then_die
    try:
        migrate_user_folders(moves)
    except Killed:
        pass
    except Exception as error:  # noqa: BLE001 - the sweep counts it
        tally.fail(f"{folder.name}: cut-off run raised {error!r}")
        return
    finally:
        migration._move = real_move
    try:
        result = migrate_user_folders(moves)
        again = migrate_user_folders(moves)
    except Exception as error:  # noqa: BLE001
        tally.fail(f"{folder.name}: the next start raised {error!r}")
        return
    if again.moved:
        tally.fail(f"{folder.name}: a third start moved {again.moved}")
    for path, data in new.items():
        if path.name == RECENT_FILE:
            continue  # rewritten on purpose; checked below
        if not path.is_file() or path.read_bytes() != data:
            tally.fail(f"{folder.name}: the new folder's {path} was changed")
    for path, data in old.items():
        base, new_base = (
            (old_data, new_data) if path.is_relative_to(old_data) else (old_config, new_config)
        )
        target = new_base / path.relative_to(base)
        if path.relative_to(base).parts[0] in FOREIGN:
            if not path.is_file() or path.read_bytes() != data:
                tally.fail(f"{folder.name}: another program's {path} was moved or changed")
            continue
        rewritten = path.name == RECENT_FILE  # its paths may be rewritten: not its bytes
        places = [
            p for p in (path, target) if p.is_file() and (rewritten or p.read_bytes() == data)
        ]
        if len(places) != 1 and not (target in new and path.is_file()):
            tally.fail(f"{folder.name}: {path} ended up in {len(places)} places")
    if (new_config / RECENT_FILE).is_file() and load_recent(new_config).recent:
        stale = [p for p in load_recent(new_config).recent if p.is_relative_to(old_data)]
        kept = [p for p in stale if p.is_file()]  # left behind: the new folder had its name
        if stale != kept:
            tally.fail(f"{folder.name}: recent files still point into the old folder: {stale}")
    if result.problems:
        tally.refused += 1
    else:
        tally.accepted += 1


def sweep(cases: int, seed: int, workdir: Path) -> Tally:
    tally = Tally("migration")
    rng = random.Random(seed)
    for number in range(cases):
        folder = workdir / f"case-{number}"
        folder.mkdir()
        tally.tried += 1
        _case(rng, folder, tally)
        shutil.rmtree(folder)
    return tally
