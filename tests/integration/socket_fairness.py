#!/usr/bin/env python3
"""Who may keep a slot of the query socket and for how long, against the
real daemon: the idle timeout counts complete requests only (blank lines
and a trickle of bytes never postpone it), a request line slower than
socket_request_timeout gets `timeout` and is closed, a grid whose search
outgrows socket_search_budget gets `too_hard`, and one client pipelining
costly solves queues behind itself instead of making every other client's
solve `busy`."""

import os
import sys
import threading
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path[:0] = [HERE, os.path.join(HERE, "..", "lib")]
import sudokud_test as sd  # noqa: E402
from sudokud_test import PUZZLE, SOLVED, check, code_of, read_replies  # noqa: E402
from socket_protocol import query_daemon  # noqa: E402
from socket_limits import recv_until_closed  # noqa: E402

# No solution; the solver needs ~1.4 million search nodes to prove it
# (0.3-0.9 s of one core), where published puzzles need at most ~1,000.
UNSAT = ".....5.8....6.1.43..........1.5........1.6...3.......553.....61........4........."


def closed_within(s, seconds):
    """Whether the daemon closed s within seconds; what it sent meanwhile."""
    data, closed = recv_until_closed(s, timeout=seconds)
    return closed, data


def dribble(s, chunks, every, stop):
    """Sends each chunk of chunks in turn every `every` s until stop is set
    or the daemon closes s."""
    def run():
        i = 0
        while not stop.is_set():
            try:
                s.sendall(chunks[i % len(chunks)])
            except OSError:
                return
            i += 1
            time.sleep(every)
    t = threading.Thread(target=run, daemon=True)
    t.start()
    return t


def test_timeouts(tmp):
    with query_daemon(tmp, "idle", socket_idle_timeout=2, socket_request_timeout=1) as d:
        check(d.start(), "daemon with socket_idle_timeout 2, socket_request_timeout 1 starts")
        stop = threading.Event()
        blank, trickle, pinger = d.connect(), d.connect(), d.connect()
        dribble(blank, [b"\n"], 0.2, stop)
        dribble(trickle, [b"p", b"i", b"n"], 0.2, stop)  # never a newline
        dribble(pinger, [b"ping\n"], 0.5, stop)
        t0 = time.monotonic()
        closed, data = closed_within(blank, 8)
        took = time.monotonic() - t0
        check(closed and data == b"",
              f"a client sending only blank lines is closed by the idle timeout ({took:.1f} s)")
        check(took < 6, f"... within 6 s of its last request (took {took:.1f} s, timeout 2 s)",
              native_only="a deadline for a native binary")
        closed, data = closed_within(trickle, 8)
        check(closed and b'"code":"timeout"' in data
              and b"not finished within 1 s (socket_request_timeout)" in data,
              "a client trickling a line without its newline gets timeout and is closed: "
              + data.decode(errors="replace").strip())
        pinger.settimeout(0.1)
        alive = True
        try:
            pinger.recv(65536)  # drain the pongs so far
            pinger.sendall(b"ping\n")
            pinger.settimeout(5)
            alive = b'"pong":true' in pinger.recv(65536)
        except OSError:
            alive = False
        check(alive, "a client sending complete requests keeps its connection past both timeouts")
        stop.set()
        for s in (blank, trickle, pinger):
            s.close()
        st = d.ask("stats")
        check(st["timed_out"] >= 2, f"stats counts the closed connections ({st['timed_out']})")
        check(d.stop() == 0, "SIGTERM: exit 0")


def test_budget(tmp):
    with query_daemon(tmp, "budget") as d:
        check(d.start(), "daemon with the default socket_search_budget starts")
        for cmd in ("solve", "grade", "check", "hint"):
            r = d.ask(f"{cmd} {UNSAT}")
            check(code_of(r) == "too_hard"
                  and "socket_search_budget" in r["error"]["message"],
                  f"{cmd} of a grid too costly to search: too_hard "
                  f"({r.get('error', r)})")
        # The marks search: UNSAT's givens each widened to a pair of
        # candidates, no values, no PUZZLE (the previous daemon took 100 s).
        marks = "".join("123456789" if ch == "." else "".join(
            str(k) if k in (int(ch), int(ch) % 9 + 1) else "." for k in range(1, 10))
            for ch in UNSAT)
        r = d.ask(f"hint {marks}", timeout=20)
        check(code_of(r) == "too_hard",
              f"hint of a 729-character state whose marks are too costly to search: "
              f"too_hard ({r.get('error', r)})")
        r = d.ask(f"solve {UNSAT}", f"solve {PUZZLE}", "ping")
        check([code_of(x) for x in r] == ["too_hard", "ok", "ok"]
              and r[1].get("solution") == SOLVED and r[2].get("pong"),
              "a too_hard reply keeps the connection and the order of the replies")
        check(d.stop() == 0, "SIGTERM: exit 0")


def test_pipeline_fairness(tmp):
    # The budget at its maximum: each UNSAT solve costs its full 0.3-0.9 s
    # (under valgrind's slowdown that would be a minute: there the default
    # budget answers each too_hard, still one at a time).
    budget = 100000 if sd.UNDER_VALGRIND else 1000000000
    mine = "too_hard" if sd.UNDER_VALGRIND else "unsolvable"
    with query_daemon(tmp, "fair", socket_search_budget=budget) as d:
        check(d.start(), f"daemon with socket_search_budget {budget} starts")
        cpus = os.cpu_count() or 1
        queue_room = max(cpus - 1, 1) * 8  # the daemon's global job queue
        hog = d.connect()
        hog.sendall(f"solve {UNSAT}\n".encode() * (queue_room + 4))
        time.sleep(0.3)
        other = d.connect(timeout=30)
        other.sendall(f"solve {PUZZLE}\ngrade {PUZZLE}\n".encode())
        r = read_replies(other, 2, timeout=30)
        check(len(r) == 2 and code_of(r[0]) == "ok" and r[0].get("solution") == SOLVED
              and code_of(r[1]) == "ok",
              f"with one client pipelining {queue_room + 4} costly solves, another "
              f"client's solve and grade are answered, not busy "
              f"({[code_of(x) for x in r]})")
        st = d.ask("stats")
        check(st["jobs_running"] + st["jobs_queued"] <= 1,
              "the pipelining client has one solve in the pool at a time "
              f"(running {st['jobs_running']}, queued {st['jobs_queued']})")
        hog.settimeout(30)
        first = read_replies(hog, 2, timeout=30)
        check(len(first) == 2 and all(x.get("status", code_of(x)) == mine for x in first),
              "the pipelining client's own solves are answered in turn")
        hog.close()
        check(d.stop() == 0, "SIGTERM with a pipeline queued: exit 0")


def test_memory_returned(tmp):
    with query_daemon(tmp, "mem", socket_max_clients=2100) as d:
        check(d.start(), "daemon with socket_max_clients 2100 starts")
        check(d.ask("ping").get("pong"), "ping")
        time.sleep(0.5)
        idle = d.rss_kib()
        conns = []
        clients = 200 if sd.UNDER_VALGRIND else 2000
        for _ in range(clients):
            s = d.connect()
            s.setblocking(False)
            try:
                s.send(b"today hard solution\n" * 200)  # ~80 KB of replies, unread
            except BlockingIOError:
                pass
            conns.append(s)
        time.sleep(1)
        peak = d.rss_kib()
        for s in conns:
            s.close()
        check(sd.wait_until(lambda: d.ask("stats")["connections"] == 1, 60),
              "the pipelining clients are gone")
        time.sleep(3.5)  # the daemon waits 2 s of quiet before trimming
        after = d.rss_kib()
        print(f"     RSS idle {idle} KiB, with {clients} pipeliners {peak} KiB, "
              f"3.5 s after they left {after} KiB")
        check(after <= idle * 1.25,
              f"memory given back after the load: RSS {after} KiB against {idle} KiB idle",
              native_only="valgrind's own memory is in the daemon's RSS")
        check(d.stop() == 0, "SIGTERM: exit 0")


def test_ctl_busy(tmp):
    with query_daemon(tmp, "full", socket_max_clients=1, socket_idle_timeout=600) as d:
        check(d.start(), "daemon with socket_max_clients 1 starts")
        held = d.connect()
        held.sendall(b"ping\n")
        check(read_replies(held, 1)[0].get("pong"), "the one slot is taken")
        outcomes = {}
        runs = 40 if sd.UNDER_VALGRIND else 200
        for _ in range(runs):
            r = d.ctl("ping")
            key = (r.returncode, r.stderr.strip())
            outcomes[key] = outcomes.get(key, 0) + 1
        busy = (1, "sudokuctl ping: busy: too many connections (1 open); try again later")
        check(list(outcomes) == [busy],
              f"{runs} sudokuctl ping at the limit: each shows the busy reply, exit 1 ({outcomes})")
        held.close()
        check(d.stop() == 0, "SIGTERM: exit 0")


if __name__ == "__main__":
    sys.exit(sd.main([test_timeouts, test_budget, test_pipeline_fairness, test_memory_returned,
                     test_ctl_busy]))
