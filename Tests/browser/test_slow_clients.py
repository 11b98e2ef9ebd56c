"""gridrepl --serve against clients that hold connections: 64 of them on loopback each send one
byte every 2 s and never finish a request. The server closes each within its bound on reading a
request (docs/browser.md, "The listener": 10 s from a connection's start or its last answer),
and an honest request meanwhile is served at once. Bounded: 64 connections, about 15 s."""

import select
import socket
import threading
import time

from test_serve import SCRIPT, TIMEOUT, Server, gridrepl  # noqa: F401 (the session fixture)

SLOW = 64
READ_BOUND = 10.0     # docs/browser.md
SLACK = 3.0           # the server's loop wakes every 250 ms; scheduling on a busy machine


def test_slow_clients_neither_hold_the_server_nor_keep_their_slots(gridrepl):
    s = Server(gridrepl, SCRIPT)
    request = f"GET /api/state HTTP/1.1\r\nHost: 127.0.0.1:{s.port}\r\n".encode()
    slow, opened, closed = [], [], {}
    stop = threading.Event()
    try:
        for _ in range(SLOW):
            c = socket.create_connection(("127.0.0.1", s.port), timeout=TIMEOUT)
            c.sendall(request[:1])
            slow.append(c)
            opened.append(time.monotonic())

        def trickle():
            """One more byte of the request every 2 s on each open connection (never the end of
            its headers); notes when the server closed each."""
            sent = 1
            while not stop.is_set() and len(closed) < SLOW:
                deadline = time.monotonic() + 2
                while time.monotonic() < deadline and not stop.is_set():
                    open_ = [c for k, c in enumerate(slow) if k not in closed]
                    readable, _, _ = select.select(open_, [], [], 0.1) if open_ else ([], [], [])
                    for c in readable:
                        try:
                            data = c.recv(4096)
                        except OSError:
                            data = b""
                        if not data:
                            closed[slow.index(c)] = time.monotonic()
                for k, c in enumerate(slow):
                    if k not in closed:
                        try:
                            c.sendall(request[sent % (len(request) - 2):][:1])
                        except OSError:
                            closed[k] = time.monotonic()
                sent += 1

        thread = threading.Thread(target=trickle, daemon=True)
        thread.start()
        time.sleep(0.5)                    # every slow connection accepted and trickling

        # An honest request while all 64 hold on: answered at once.
        start = time.monotonic()
        status, state = s.get("/api/state")
        assert status == 200 and state["generation"] == 1
        assert time.monotonic() - start < 2.0

        # Each slow connection is closed within the bound, though it never went quiet.
        thread.join(timeout=READ_BOUND + SLACK + 2)
        assert len(closed) == SLOW, f"{SLOW - len(closed)} slow connections still open"
        late = [closed[k] - opened[k] for k in closed if closed[k] - opened[k] > READ_BOUND + SLACK]
        assert not late, late
        assert s.get("/api/state")[0] == 200
    finally:
        stop.set()
        for c in slow:
            c.close()
        s.stop()
