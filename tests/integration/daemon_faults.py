#!/usr/bin/env python3
"""The real build/sudokud meets a full or failing disk at each SQLite write
point of making a day and of delivering its webhook.

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
import signal
import sqlite3
import subprocess
import sys
import tempfile
import threading
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "soak"))
# make soak's receiver: verifies each request with the example receiver's
# Verifier and counts what it accepted per webhook-id.
from soak import SECRET, Receiver  # noqa: E402

BUILD = os.environ.get("BUILD", "build")
SUDOKUD = os.path.abspath(os.path.join(BUILD, "test", "sudokud"))
SUDOKUCTL = os.path.abspath(os.path.join(BUILD, "sudokuctl"))
TIERS = ["easy", "medium"]
DAY_SECONDS = 120
NEVER = 2147483647  # a write point no run reaches: the VFS counts, nothing fails
SLOW = os.environ.get("SUDOKUD_VALGRIND") == "1"
TIMEOUT = 120 if SLOW else 20
WORKERS = 2 if SLOW else 6
FAILURES = []

# Log lines that close each kind of operation: a write point belongs to
# the first of them logged after it.
PHASES = [("produce: ", "storing the day"),
          ("schedule: published", "publishing the day and its event"),
          ("sending event", "recording a delivery attempt"),
          (" failed: HTTP 500", "recording the failed attempt"),
          ("delivered (HTTP", "recording the delivery")]


def check(cond, what):
    print(("ok   " if cond else "FAIL ") + what, flush=True)
    if not cond:
        FAILURES.append(what)
    return cond


def test_clock_env():
    """A simulated day of DAY_SECONDS real seconds that begins one minute
    after today's (UTC) publish time of 00:00."""
    factor = 86400.0 / DAY_SECONDS
    now = time.time()
    start = now // 86400 * 86400 + 60
    epoch = (now * factor - start) / (factor - 1)
    return dict(SUDOKUD_TEST_CLOCK="1", SUDOKUD_TEST_DAY_SECONDS=str(DAY_SECONDS),
                SUDOKUD_TEST_EPOCH=f"{epoch:.3f}"), time.strftime("%Y-%m-%d", time.gmtime(now))


class Run:
    """One daemon on a fresh state directory, with one fault."""

    def __init__(self, tmp, name, port, fault):
        self.dir = os.path.join(tmp, name)
        os.mkdir(self.dir)
        self.db = os.path.join(self.dir, "sudokud.db")
        self.sock = os.path.join(self.dir, "sudokud.sock")
        self.err = os.path.join(self.dir, "stderr")
        conf = os.path.join(self.dir, "sudokud.conf")
        with open(conf, "w") as f:
            f.write("[daemon]\n"
                    f"state_directory = {self.dir}\nsocket = {self.sock}\n"
                    "log_level = debug\n"
                    "[schedule]\ntime_zone = UTC\npublish_time = 00:00\ndays_ahead = 0\n"
                    f"tiers = {', '.join(TIERS)}\n"
                    "[generator]\nsymmetry = none\nsecret = fault-test-secret\n"
                    f'[webhook "site"]\nurl = http://127.0.0.1:{port}/hook\n'
                    f"secret = {SECRET}\nretry_base = 1\ntimeout = 5\n")
        env = dict(os.environ)
        for k in ("NOTIFY_SOCKET", "JOURNAL_STREAM", "INVOCATION_ID", "http_proxy",
                  "HTTP_PROXY", "all_proxy", "ALL_PROXY"):
            env.pop(k, None)
        clock, self.date = test_clock_env()
        env.update(clock, SUDOKUD_TEST_FAULT=fault)
        self.partial = []
        self.watching = True
        self.proc = subprocess.Popen([SUDOKUD, "-c", conf, "--foreground"],
                                     stdout=subprocess.DEVNULL,
                                     stderr=open(self.err, "w"), env=env)
        self.watcher = threading.Thread(target=self.watch_days, daemon=True)
        self.watcher.start()

    def log(self):
        with open(self.err) as f:
            return f.read()

    def query(self, sql):
        if not os.path.exists(self.db):
            return []
        db = sqlite3.connect(f"file:{self.db}?mode=ro", uri=True, timeout=10)
        try:
            return db.execute(sql).fetchall()
        except sqlite3.OperationalError:
            return []  # the schema is not made yet
        finally:
            db.close()

    def watch_days(self):
        """A reader's view while the daemon works: never part of a day."""
        while self.watching:
            for date, n in self.query("SELECT date, count(*) FROM puzzle GROUP BY date"):
                if n != len(TIERS):
                    self.partial.append((date, n))
            time.sleep(0.02)

    def ctl(self, *args):
        return subprocess.run([SUDOKUCTL, "--socket", self.sock] + list(args),
                              capture_output=True, text=True, timeout=30)

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
        self.proc.send_signal(signal.SIGTERM)
        try:
            rc = self.proc.wait(timeout=TIMEOUT)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()
            rc = None
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


class FirstFails:
    """make soak's receiver fails a request when rng.random() < fail_rate:
    this fails the first one only."""

    def __init__(self):
        self.calls = 0

    def random(self):
        self.calls += 1
        return 0.0 if self.calls == 1 else 1.0


def forget(rec):
    """The receiver, as new for the next run."""
    with rec.lock:
        rec.requests = rec.failed = rec.bad = 0
        rec.accepted, rec.events = {}, {}
        rec.rng = FirstFails()


def clean_run(tmp, rec):
    forget(rec)
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
    forget(rec)
    run = Run(tmp, f"{kind}-{n}", rec.port, f"{kind}:{n}:{count}")
    marker = f"TEST FAULT: write point {n} "
    injected = run.wait(lambda: marker in run.log())
    ping, stats = run.ctl("ping"), run.ctl("stats", "--json")
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
          f" ({rec.requests} request(s))")
    return not problems


def main():
    for exe in (SUDOKUD, SUDOKUCTL):
        if not os.access(exe, os.X_OK):
            print(f"FAIL {exe} not built")
            return 1
    t0 = time.monotonic()
    # The runs mostly wait (for retries): WORKERS at once, each with its
    # own receiver.
    receivers = queue.Queue()
    for _ in range(WORKERS):
        receivers.put(Receiver(fail_rate=0.5, seed=0))

    def one(tmp, point, kind, puzzles):
        rec = receivers.get()
        try:
            faulty_run(tmp, rec, point, kind, puzzles)
        finally:
            receivers.put(rec)

    with tempfile.TemporaryDirectory(prefix="sudokud-faults.") as tmp:
        puzzles, points = clean_run(tmp, receivers.queue[0])
        check(len(puzzles) == len(TIERS), f"clean run stored {len(puzzles)} puzzles")
        faults = [(point, kind) for i, point in enumerate(points) if not SLOW or i % 7 == 0
                  for kind in (["eio-fsync"] if point[1] == "sync" else ["enospc", "eio"])]
        with concurrent.futures.ThreadPoolExecutor(WORKERS) as pool:
            for f in [pool.submit(one, tmp, point, kind, puzzles) for point, kind in faults]:
                f.result()
    print(f"daemon_faults: {len(faults)} faults at {len(points)} write points in "
          f"{time.monotonic() - t0:.0f} s, {len(FAILURES)} failure(s)")
    return 1 if FAILURES else 0


if __name__ == "__main__":
    sys.exit(main())
