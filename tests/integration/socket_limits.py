#!/usr/bin/env python3
"""The query socket's protections, against the real daemon: too_large then
close, socket_max_clients (one more gets busy and is closed),
socket_idle_timeout, a client that never reads its replies is cut off
without the daemon's memory growing, 10,000 garbage, binary and oversized
requests with half lines and abrupt disconnects while ping keeps being
answered, 1,000 idle connections at once, and SIGTERM with connections and
thread-pool work open exits 0.  Ping latencies are printed, not asserted
(speed is the benchmark's business)."""

import os
import random
import socket
import sys
import threading
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path[:0] = [HERE, os.path.join(HERE, "..", "lib")]
import sudokud_test as sd  # noqa: E402
from sudokud_test import PUZZLE, check, read_replies  # noqa: E402
from socket_protocol import query_daemon  # noqa: E402


def recv_until_closed(s, timeout=10):
    """Reads until EOF or reset; returns (bytes, closed)."""
    s.settimeout(timeout)
    data = b""
    try:
        while True:
            chunk = s.recv(65536)
            if not chunk:
                return data, True
            data += chunk
    except ConnectionResetError:
        return data, True
    except socket.timeout:
        return data, False


def test_too_large(d):
    s = d.connect()
    s.sendall(b"ping\n" + b"a" * 4097 + b"\nping\n")
    data, closed = recv_until_closed(s)
    lines = data.split(b"\n")
    check(lines[0] == b'{"ok":true,"pong":true}' and b'"too_large"' in lines[1]
          and lines[2] == b"" and closed,
          "a 4097-byte line: ping answered, then too_large and the connection closed")
    s = d.connect()
    s.sendall(b"x" * 20000)  # no newline at all
    data, closed = recv_until_closed(s)
    check(b'"code":"too_large"' in data and closed, "20000 bytes without newline: too_large, closed")
    s = d.connect()
    s.sendall(b"ping" + b" " * 4000 + b"\n")
    check(read_replies(s, 1)[0].get("pong"), "a 4004-byte line is still served")
    s.close()


def test_max_clients(d):
    held = [d.connect() for _ in range(4)]
    for s in held:
        s.sendall(b"ping\n")
        read_replies(s, 1)
    extra = d.connect()
    data, closed = recv_until_closed(extra)
    check(b'"code":"busy"' in data and b"too many connections (4 open)" in data and closed,
          "connection 5 of 4: busy reply, then closed")
    held.pop().close()
    time.sleep(0.1)
    check(d.ask("ping").get("pong"), "a slot freed: served again")
    for s in held:
        s.close()
    check("socket_max_clients = 4 reached" in d.log(), "refusals are logged")


def test_idle(d):
    s = d.connect()
    t0 = time.monotonic()
    data, closed = recv_until_closed(s, timeout=10)
    took = time.monotonic() - t0
    check(closed and data == b"", "an idle connection is closed")
    check(took < 5, f"an idle connection is closed within 5 s ({took:.1f} s, idle timeout 1 s)",
          native_only="a deadline for a native binary")


def test_slow_reader(d):
    rss0 = d.rss_kib()
    s = d.connect()
    s.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
    s.sendall(b"today hard solution\n" * 5000)  # ~6 MB of replies, never read
    time.sleep(3)
    rss1 = d.rss_kib()
    check("stopped reading its replies" in d.log(), "a client that does not read is cut off")
    data, closed = recv_until_closed(s, timeout=5)
    check(closed and len(data) < 2_000_000, f"it got {len(data)} bytes, then the end")
    check(rss1 - rss0 < 16 * 1024, f"daemon RSS grew {rss1 - rss0} KiB (bounded)",
          native_only="valgrind's own memory is in the daemon's RSS")
    check(d.ask("ping").get("pong"), "ping still answered")


class Pinger(threading.Thread):
    """Pings on its own connection every 5 ms, recording latencies."""

    def __init__(self, d):
        super().__init__(daemon=True)
        self.d, self.stop, self.lat, self.failed = d, threading.Event(), [], 0

    def run(self):
        s = self.d.connect()
        while not self.stop.is_set():
            t0 = time.perf_counter()
            try:
                s.sendall(b"ping\n")
                if s.recv(4096) != b'{"ok":true,"pong":true}\n':
                    self.failed += 1
            except OSError:
                self.failed += 1
                s = self.d.connect()
            self.lat.append((time.perf_counter() - t0) * 1000)
            time.sleep(0.005)
        s.close()


def garbage_line(rng):
    kind = rng.randrange(6)
    if kind == 0:
        return bytes(rng.randrange(256) for _ in range(rng.randrange(1, 200))).replace(
            b"\n", b"") + b"\n"
    if kind == 1:
        return b"today " + bytes([rng.randrange(0x80, 0x100)]) * 5 + b"\n"
    if kind == 2:
        return rng.choice([b"get 2026-99-99\n", b"list 2026-01-01\n", b"solve 12\n",
                           b"hint " + b"9" * 81 + b"\n", b"\x00\x00\x00\n", b"\r\n"])
    if kind == 3:
        return b"a b c d e f g\n"
    if kind == 4:
        return b"TODAY HARD\n"
    return b"check " + PUZZLE.encode() + b"\n"


def test_garbage(d):
    rng = random.Random(6)
    pinger = Pinger(d)
    pinger.start()
    rss0 = d.rss_kib()
    sent = 0
    replies = 0
    while sent < 10000:
        s = d.connect()
        batch = b"".join(garbage_line(rng) for _ in range(rng.randrange(1, 60)))
        sent += batch.count(b"\n")
        end = rng.randrange(4)
        if end == 0:
            batch += b"x" * rng.randrange(4097, 9000)  # oversized, no newline
            sent += 1
        elif end == 1:
            batch += b"today ha"  # half a line, then gone
        try:
            s.sendall(batch)
            if end == 3:
                s.shutdown(socket.SHUT_WR)
                data, _ = recv_until_closed(s, timeout=5)
                replies += data.count(b"\n")
        except OSError:
            pass
        if end == 2:
            s.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, b"\x01\x00\x00\x00\x00\x00\x00\x00")
        s.close()
    time.sleep(0.3)
    pinger.stop.set()
    pinger.join()
    rss1 = d.rss_kib()
    lat = sorted(pinger.lat)
    worst = lat[-1] if lat else -1
    print(f"     ping during {sent} garbage requests: {len(lat)} pings, "
          f"median {lat[len(lat) // 2]:.2f} ms, max {worst:.2f} ms")
    check(pinger.failed == 0 and len(lat) > 10, "ping answered throughout the garbage")
    check(replies > 0 and d.running(), "garbage answered, daemon alive")
    check(rss1 - rss0 < 16 * 1024, f"RSS after garbage: +{rss1 - rss0} KiB (bounded)",
          native_only="valgrind's own memory is in the daemon's RSS")
    st = d.ask("stats")
    check(st["errors"] > 1000 and st["connections"] <= 2, "stats: errors counted, no leak of "
          f"connections ({st['connections']} open)")


def test_many_idle(d):
    rss0 = d.rss_kib()
    conns = []
    for _ in range(1000):
        conns.append(d.connect())
    time.sleep(0.3)
    t0 = time.perf_counter()
    ok = d.ask("ping").get("pong")
    took = (time.perf_counter() - t0) * 1000
    st = d.ask("stats")
    print(f"     ping with 1000 idle connections: {took:.2f} ms; RSS +{d.rss_kib() - rss0} KiB")
    check(ok and st["connections"] >= 1000, f"1000 idle connections held ({st['connections']}) "
          "and ping answered")
    conns[500].sendall(b"ping\n")
    check(read_replies(conns[500], 1)[0].get("pong"), "an idle connection still works")
    for s in conns[:10]:
        s.sendall(("grade " + PUZZLE + "\n").encode() * 3)
    rc = d.stop()
    check(rc == 0, f"SIGTERM with 1000 connections and grading in flight: exit 0 (got {rc})")
    check(not os.path.exists(d.sock), "socket file removed on exit")
    for s in conns:
        s.close()


def test_small(tmp):
    with query_daemon(tmp, "small", socket_max_clients=4, socket_idle_timeout=1) as small:
        check(small.start(), "small daemon starts")
        test_too_large(small)
        test_max_clients(small)
        test_idle(small)
        test_slow_reader(small)
        check(small.stop() == 0, "small daemon: SIGTERM exit 0")


def test_big(tmp):
    with query_daemon(tmp, "big", socket_max_clients=1100, socket_idle_timeout=60) as big:
        check(big.start(), "big daemon starts")
        test_garbage(big)
        test_many_idle(big)


if __name__ == "__main__":
    sys.exit(sd.main([test_small, test_big]))
