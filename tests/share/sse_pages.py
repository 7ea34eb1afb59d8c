"""Many pages following the share server's stream, as a process of their own (as
phones are): one thread reading every socket with a selector, noting when each state
arrives (`time.perf_counter`, the system's monotonic clock: comparable with the
process that publishes).

    python -m tests.share.sse_pages PORT TOKEN COUNT

It prints "ready" once every page has its first state, then, when its standard input
closes, one JSON line: for each page the list of [arrival time, state text]."""

from __future__ import annotations

import json
import selectors
import socket
import sys
import threading
import time


def main() -> None:
    port, token, count = int(sys.argv[1]), sys.argv[2], int(sys.argv[3])
    selector = selectors.DefaultSelector()
    received: list[list[tuple[float, str]]] = [[] for _ in range(count)]
    buffers = [b""] * count
    for number in range(count):
        sock = socket.create_connection(("127.0.0.1", port), timeout=10)
        sock.sendall(f"GET /{token}/events HTTP/1.1\r\n\r\n".encode())
        sock.setblocking(False)
        selector.register(sock, selectors.EVENT_READ, number)
    done = threading.Event()
    threading.Thread(target=lambda: (sys.stdin.read(), done.set()), daemon=True).start()
    ready = False
    while not done.is_set():
        for key, _mask in selector.select(0.05):
            number = key.data
            chunk = key.fileobj.recv(65536)  # type: ignore[union-attr]
            now = time.perf_counter()
            buffers[number] += chunk
            while b"\n\n" in buffers[number]:
                event, buffers[number] = buffers[number].split(b"\n\n", 1)
                lines = event.split(b"\n")
                data = [line[6:] for line in lines if line.startswith(b"data: ")]
                if data and data[0] and b"event: clock" not in lines:
                    received[number].append((now, data[0].decode()))
        if not ready and all(received):
            ready = True
            print("ready", flush=True)
    print(json.dumps(received), flush=True)


if __name__ == "__main__":
    main()
