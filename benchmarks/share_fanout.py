"""What the share server's threads spend per state published to many pages, without
the GM's window: a state already in JSON of `--size` bytes, published `--states`
times to `--pages` pages following from a process of their own
(`tests/share/sse_pages.py`, as phones are), each publish waited for until every page
has been written it (`ShareServer.is_idle`).

    .venv/bin/python benchmarks/share_fanout.py [--pages 30] [--size 30000] [--states 300]

Prints the median CPU of the server's threads per publish (the process's CPU less the
publishing thread's own, which only waits). The state's JSON (made on the server's
thread too) is not in it: `share_cost.py` and `table_ops.py --pages` count that."""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:  # run as a script: the repository's packages
    sys.path.insert(0, str(ROOT))

from tracker.share.assets import page_assets  # noqa: E402
from tracker.share.server import ShareServer  # noqa: E402

POLL_S = 0.0005


def measure(pages: int, size: int, states: int) -> list[float]:
    """The server threads' CPU (ms) of each publish."""
    server = ShareServer("127.0.0.1", 0, page_assets())
    server.start()
    server.publish(b'{"n": 0}')
    command = [sys.executable, "-m", "tests.share.sse_pages"]
    command += [str(server.port), server.hub.token, str(pages)]
    follow = subprocess.Popen(command, cwd=ROOT, stdin=subprocess.PIPE, stdout=subprocess.PIPE)
    assert follow.stdout is not None and follow.stdout.readline().strip() == b"ready"

    def written() -> None:
        while not server.is_idle():
            time.sleep(POLL_S)

    spent = []
    try:
        for number in range(1, states + 1):
            body = b'{"n": %d, "text": "%s"}' % (number, b"x" * size)
            written()
            process, thread = time.process_time(), time.thread_time()
            server.publish(body)
            written()
            others = (time.process_time() - process) - (time.thread_time() - thread)
            spent.append(others * 1000)
    finally:
        follow.communicate(b"", timeout=60)
        server.stop().join(5)
    return spent


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--pages", type=int, default=30)
    parser.add_argument("--size", type=int, default=30_000, help="the state's JSON, bytes")
    parser.add_argument("--states", type=int, default=300)
    arguments = parser.parse_args(argv)
    spent = measure(arguments.pages, arguments.size, arguments.states)
    print(
        f"{arguments.pages} pages, a {arguments.size}-byte state: the server's threads"
        f" {statistics.median(spent):.3f} ms of CPU per publish (median of {len(spent)})"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
