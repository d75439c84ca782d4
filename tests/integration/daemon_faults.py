#!/usr/bin/env python3
"""The test build of sudokud ($BUILD/test/sudokud, the one with the test
hooks) meets a full or failing disk at each SQLite write point of making a
day and of delivering its webhook.

The receiver answers the first request with HTTP 500, then 200.  A clean
run (the failing VFS installed, no fault reached) lists the write points
with their place: storing the day, publishing it with its event, recording
each delivery attempt, recording the failed one, recording the delivery.
Then, for each
point in turn, a fresh daemon runs with SUDOKUD_TEST_FAULT making that
point fail: with ENOSPC for three write points (the disk fills, then space
is freed), with EIO once, or with EIO on fsync once for a sync point.  Each
time: the log names the problem at error level; the socket answers ping
and stats right after the fault; no partial day is ever visible; the day
is then stored whole, the same puzzles as the clean run; it is published
once; the receiver processes its event exactly once (deduped by
webhook-id, as the example receiver does); the outbox says delivered;
PRAGMA integrity_check is ok; SIGTERM exits 0.

The daemon runs on the test clock (SUDOKUD_TEST_FAULT is honoured only
there) with a simulated day of two real minutes starting just after the
day's publish time, so a failed generation is retried within a fraction
of a second; webhook retries use retry_base = 1.  Under tests/valgrind-run
(SUDOKUD_VALGRIND=1) only every seventh point is tried.
"""

import concurrent.futures
import os
import queue
import sys
import threading
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "lib"))
import sudokud_test as sd  # noqa: E402
from sudokud_test import check  # noqa: E402

TIERS = ["easy", "medium"]
DAY_SECONDS = 120
NEVER = 2147483647  # a write point no run reaches: the VFS counts, nothing fails
SLOW = sd.UNDER_VALGRIND
TIMEOUT = 120 if SLOW else 20
WORKERS = 2 if SLOW else 6

# Log lines that close each kind of operation: a write point belongs to
# the first of them logged after it.
PHASES = [("produce: ", "storing the day"),
          ("schedule: published", "publishing the day and its event"),
          ("sending event", "recording a delivery attempt"),
          (" failed: HTTP 500", "recording the failed attempt"),
          ("delivered (HTTP", "recording the delivery")]


def test_clock_env():
    """A simulated day of DAY_SECONDS real seconds that begins one minute
    after today's (UTC) publish time of 00:00."""
    now = time.time()
    return sd.test_clock_env(DAY_SECONDS), time.strftime("%Y-%m-%d", time.gmtime(now))


class Run(sd.Daemon):
    """One daemon of the test build on a fresh state directory, with one
    fault; a thread watches the days a reader sees."""

    def __init__(self, tmp, name, port, fault):
        super().__init__(tmp, name, test_hooks=True, config={
            "schedule": {"tiers": ", ".join(TIERS)},
            "generator": {"symmetry": "none", "secret": "fault-test-secret"}},
            webhooks={"site": sd.webhook(f"http://127.0.0.1:{port}/hook", timeout=5)})
        clock, self.date = test_clock_env()
        self.partial = []
        self.watching = True
        self.start(env=dict(clock, SUDOKUD_TEST_FAULT=fault), wait=False)
        self.watcher = threading.Thread(target=self.watch_days, daemon=True)
        self.watcher.start()

    def query(self, sql):
        return super().query(sql, readonly=True, missing_ok=True)

    def watch_days(self):
        """A reader's view while the daemon works: never part of a day."""
        while self.watching:
            for date, n in self.query("SELECT date, count(*) FROM puzzle GROUP BY date"):
                if n != len(TIERS):
                    self.partial.append((date, n))
            time.sleep(0.02)

    def wait(self, pred):
        """Until pred() holds, the daemon exits or TIMEOUT passes."""
        deadline = time.monotonic() + TIMEOUT
        while not pred():
            if self.proc.poll() is not None or time.monotonic() > deadline:
                return pred()
            time.sleep(0.02)
        return True

    def delivered(self):
        return self.query("SELECT status FROM webhook_outbox") == [("delivered",)]

    def stop(self):
        rc = super().stop(timeout=TIMEOUT)
        self.watching = False
        self.watcher.join()
        return rc


def write_points(log):
    """(number, op, file, phase) of each write point of a clean run's log,
    up to the last operation."""
    points, pending = [], []
    for line in log.splitlines():
        if line.startswith("debug: test fault: write point "):
            n, rest = line[len("debug: test fault: write point "):].split(" ", 1)
            op, _, file = rest.strip("()").partition(" of ")
            pending.append((int(n), op, file))
            continue
        for marker, phase in PHASES:
            if marker in line:
                points += [p + (phase,) for p in pending]
                pending = []
    return points


def clean_run(tmp, rec):
    rec.reset()
    run = Run(tmp, "clean", rec.port, f"eio:{NEVER}")
    ok = run.wait(lambda: rec.accepted and run.delivered())
    rc = run.stop()
    check(ok and rc == 0, "clean run: the day is made, published and delivered; exit 0")
    puzzles = run.query("SELECT tier, puzzle FROM puzzle ORDER BY tier")
    points = write_points(run.log())
    phases = {}
    for _, op, _, phase in points:
        phases.setdefault(phase, []).append(op)
    for _, phase in PHASES:
        ops = phases.get(phase, [])
        check(ops, f"clean run, {phase}: {len(ops)} write points "
              f"({ops.count('sync')} syncs)")
    return puzzles, points


def faulty_run(tmp, rec, point, kind, puzzles):
    n, op, file, phase = point
    count = 3 if kind == "enospc" else 1
    what = f"{kind} at write point {n} ({op} of {file}, {phase})"
    rec.reset()
    run = Run(tmp, f"{kind}-{n}", rec.port, f"{kind}:{n}:{count}")
    marker = f"TEST FAULT: write point {n} "
    injected = run.wait(lambda: marker in run.log())
    ping, stats = run.ctl("ping", timeout=30), run.ctl("stats", "--json", timeout=30)
    answered = (ping.returncode == 0 and stats.returncode == 0 and
                '"puzzles_stored"' in stats.stdout)
    done = run.wait(lambda: len(run.query("SELECT 1 FROM puzzle")) == len(TIERS) and
                    run.delivered() and rec.accepted)
    time.sleep(0.05)  # a redelivery would show here
    rc = run.stop()
    log = run.log()
    named = [line for line in log.splitlines() if line.startswith("error: ") and
             ("disk full" in line or "disk I/O error" in line)]
    integrity = run.query("PRAGMA integrity_check")
    stored = run.query("SELECT tier, puzzle FROM puzzle ORDER BY tier")
    published = run.query("SELECT date FROM publication")
    outbox = [r[0] for r in run.query("SELECT event_id FROM webhook_outbox")]
    days = [e["data"]["date"] for e in rec.events.values()]
    problems = []
    for cond, text in ((injected, "the fault was not injected"),
                       (named, "no error line names the disk problem"),
                       (answered, f"the socket did not answer (ping {ping.returncode}, "
                                  f"stats {stats.returncode})"),
                       (not run.partial, f"a partial day was visible: {run.partial[:3]}"),
                       (done, "the day was not stored and delivered in time"),
                       (stored == puzzles, "the stored day differs from the clean run's"),
                       (published == [(run.date,)], f"published: {published}"),
                       (days == [run.date] and list(rec.accepted) == outbox,
                        f"the receiver accepted {days} (webhook-ids {list(rec.accepted)}, "
                        f"outbox {outbox})"),
                       (rec.bad == 0, "a request failed verification"),
                       (integrity == [("ok",)], f"integrity_check: {integrity}"),
                       (rc == 0, f"SIGTERM exit status {rc}")):
        if not cond:
            problems.append(text)
    check(not problems, f"{what}: {'; '.join(problems) or 'recovered'}"
          f" ({rec.count()} request(s))")
    return not problems


def test_faults(tmp):
    t0 = time.monotonic()
    # The runs mostly wait (for retries): WORKERS at once, each with its
    # own receiver.  Each receiver fails the first request it verifies.
    receivers = queue.Queue()
    for _ in range(WORKERS):
        receivers.put(sd.Receiver([500, 200], secret=sd.SECRET))

    def one(tmp, point, kind, puzzles):
        rec = receivers.get()
        try:
            faulty_run(tmp, rec, point, kind, puzzles)
        finally:
            receivers.put(rec)

    puzzles, points = clean_run(tmp, receivers.queue[0])
    check(len(puzzles) == len(TIERS), f"clean run stored {len(puzzles)} puzzles")
    faults = [(point, kind) for i, point in enumerate(points) if not SLOW or i % 7 == 0
              for kind in (["eio-fsync"] if point[1] == "sync" else ["enospc", "eio"])]
    with concurrent.futures.ThreadPoolExecutor(WORKERS) as pool:
        for f in [pool.submit(one, tmp, point, kind, puzzles) for point, kind in faults]:
            f.result()
    print(f"daemon_faults: {len(faults)} faults at {len(points)} write points in "
          f"{time.monotonic() - t0:.0f} s")


if __name__ == "__main__":
    sys.exit(sd.main([test_faults], test_hooks=True))
