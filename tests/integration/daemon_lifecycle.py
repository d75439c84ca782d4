#!/usr/bin/env python3
"""Starts the real build/sudokud with temporary configs and checks its
lifecycle: --check-config (exit 0 / 78 with file:line: key), flags (64),
READY=1 / STATUS= / WATCHDOG=1 over a notify socket the test owns, SIGHUP
with a broken config (keeps running, says why) and a good one, SIGTERM
(STOPPING=1, exit 0), the database it creates, publishing a day whose
puzzles are stored, and refusing a database from a newer version (78)."""

import datetime
import os
import signal
import socket
import sqlite3
import subprocess
import sys
import tempfile
import time

BUILD = os.environ.get("BUILD", "build")
SUDOKUD = os.path.abspath(os.path.join(BUILD, "sudokud"))
FAILURES = []


def check(cond, what):
    print(("ok   " if cond else "FAIL ") + what)
    if not cond:
        FAILURES.append(what)


def config_text(state, days_ahead="2", log_level="debug"):
    return (
        "[daemon]\n"
        f"state_directory = {state}\n"
        f"socket = {state}/sudokud.sock\n"
        f"log_level = {log_level}\n"
        "[schedule]\n"
        "time_zone = UTC\n"
        "publish_time = 00:00\n"
        f"days_ahead = {days_ahead}\n"
        "[generator]\n"
        "secret = integration-test-secret\n"
    )


def write(path, text):
    with open(path, "w") as f:
        f.write(text)


def run(args, **kw):
    return subprocess.run([SUDOKUD] + args, capture_output=True, text=True, timeout=20, **kw)


class Notify:
    """A datagram socket standing in for systemd's notify socket."""

    def __init__(self, path):
        self.path = path
        self.sock = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
        self.sock.bind(path)
        self.seen = []

    def wait_for(self, message, timeout=10.0):
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if any(m == message or m.startswith(message) for m in self.seen):
                return True
            self.sock.settimeout(max(0.01, deadline - time.monotonic()))
            try:
                data = self.sock.recv(4096).decode()
            except socket.timeout:
                break
            self.seen.extend(data.split("\n"))
        return any(m == message or m.startswith(message) for m in self.seen)

    def forget(self):
        self.seen = []


def start(conf, notify, errpath, extra_env=None):
    env = dict(os.environ, NOTIFY_SOCKET=notify.path, WATCHDOG_USEC="200000")
    env.pop("JOURNAL_STREAM", None)
    env.update(extra_env or {})
    err = open(errpath, "w")
    return subprocess.Popen([SUDOKUD, "-c", conf], stdout=subprocess.DEVNULL, stderr=err,
                            env=env)


def read(path):
    with open(path) as f:
        return f.read()


def stop(proc, notify):
    proc.send_signal(signal.SIGTERM)
    try:
        rc = proc.wait(timeout=10)
    except subprocess.TimeoutExpired:
        proc.kill()
        rc = None
    return rc, notify.wait_for("STOPPING=1", 2)


def test_flags_and_check_config(tmp):
    good = os.path.join(tmp, "good.conf")
    bad = os.path.join(tmp, "bad.conf")
    write(good, config_text(os.path.join(tmp, "state")))
    write(bad, config_text(os.path.join(tmp, "state"), days_ahead="two"))
    r = run(["--check-config", "-c", good])
    check(r.returncode == 0 and "configuration OK" in r.stdout, "--check-config good: exit 0")
    r = run(["--check-config", "--config", bad])
    check(r.returncode == 78, f"--check-config bad: exit 78 (got {r.returncode})")
    line = config_text("x", days_ahead="two").splitlines().index("days_ahead = two") + 1
    want = f"{bad}:{line}: days_ahead: expected an integer from 0 to 366, got 'two'"
    check(want in r.stderr, f"bad config message names file:line: key ({r.stderr.strip()})")
    r = run(["--no-such-flag"])
    check(r.returncode == 64 and "usage:" in r.stderr, "unknown flag: exit 64 with usage")
    r = run(["-c", good, "extra"])
    check(r.returncode == 64, "stray argument: exit 64")
    r = run(["--version"])
    check(r.returncode == 0 and r.stdout.startswith("sudokud "), "--version on stdout")
    r = run(["--help"])
    check(r.returncode == 0 and "--check-config" in r.stdout, "--help on stdout")
    r = run(["--print-config", "-c", good])
    check(r.returncode == 0 and "days_ahead = 2" in r.stdout
          and "integration-test-secret" not in r.stdout, "--print-config hides the secret")
    r = run(["-c", os.path.join(tmp, "missing.conf")])
    check(r.returncode == 78 and "cannot open" in r.stderr, "missing config: exit 78")


def test_lifecycle(tmp):
    state = os.path.join(tmp, "life")
    conf = os.path.join(tmp, "life.conf")
    errpath = os.path.join(tmp, "life.err")
    write(conf, config_text(state))
    notify = Notify(os.path.join(tmp, "notify.sock"))
    proc = start(conf, notify, errpath)
    check(notify.wait_for("READY=1"), "READY=1 arrives")
    check(notify.wait_for("STATUS=serving "), "STATUS= describes the state")
    check(notify.wait_for("WATCHDOG=1"), "WATCHDOG=1 arrives at half of WATCHDOG_USEC")
    log = read(errpath)
    check("9 puzzle(s) to make" in log, "the nine missing (date, tier) pairs are logged")
    check(os.path.exists(os.path.join(state, "sudokud.db")), "database created in state dir")

    notify.forget()
    write(conf, config_text(state, days_ahead="two"))
    proc.send_signal(signal.SIGHUP)
    check(notify.wait_for("RELOADING=1") and notify.wait_for("READY=1"),
          "SIGHUP: RELOADING=1 then READY=1")
    time.sleep(0.2)
    check(proc.poll() is None, "a broken config on SIGHUP keeps the daemon running")
    log = read(errpath)
    check("reload failed, keeping the running configuration" in log and "days_ahead" in log,
          "the failed reload says why")

    notify.forget()
    write(conf, config_text(state, days_ahead="1", log_level="info"))
    proc.send_signal(signal.SIGHUP)
    check(notify.wait_for("READY=1"), "SIGHUP with a good config: READY=1")
    time.sleep(0.2)
    check("reloaded configuration" in read(errpath), "a good config is applied")

    notify.forget()
    rc, stopping = stop(proc, notify)
    check(rc == 0, f"SIGTERM: exit 0 (got {rc})")
    check(stopping, "SIGTERM: STOPPING=1 sent")

    db = sqlite3.connect(os.path.join(state, "sudokud.db"))
    check(db.execute("PRAGMA integrity_check").fetchone()[0] == "ok", "database passes integrity_check")
    check(db.execute("PRAGMA journal_mode").fetchone()[0] == "wal", "database is in WAL mode")
    check(db.execute("PRAGMA user_version").fetchone()[0] == 1, "schema version 1")
    db.close()
    return state, conf, notify


def solution():
    return "".join(str((r * 3 + r // 3 + c) % 9 + 1) for r in range(9) for c in range(9))


def fill_today(dbpath, today):
    db = sqlite3.connect(dbpath)
    sol = solution()
    for n, tier in enumerate(["easy", "medium", "hard"], start=1):
        puzzle = "".join("." if i < 40 and (n >> (i % 8)) & 1 else sol[i] for i in range(81))
        db.execute(
            "INSERT OR IGNORE INTO puzzle (date, tier, puzzle, solution, score, hardest_technique,"
            " technique_counts, clues, symmetry, seed, generator_version, created_at)"
            " VALUES (?, ?, ?, ?, 1.0, 'naked_single', '{}', ?, 'none', 'test', 'test', 0)",
            (today, tier, puzzle, sol, 81 - puzzle.count(".")))
    db.commit()
    db.close()


def test_publish_and_restart(tmp, state, conf, notify):
    dbpath = os.path.join(state, "sudokud.db")
    today = datetime.datetime.now(datetime.timezone.utc).date().isoformat()
    fill_today(dbpath, today)
    errpath = os.path.join(tmp, "publish.err")
    notify.forget()
    proc = start(conf, notify, errpath)
    check(notify.wait_for("READY=1"), "restart with an existing database: READY=1")
    rc, _ = stop(proc, notify)
    check(rc == 0, "second run exits 0")
    # The first run may have made and published today's puzzles itself.
    log = read(os.path.join(tmp, "life.err")) + read(errpath)
    check(f"published {today}" in log, f"today's complete day is published ({today})")
    db = sqlite3.connect(dbpath)
    rows = db.execute("SELECT count(*) FROM publication WHERE date = ?", (today,)).fetchone()[0]
    check(rows == 1, "publication row for today")
    db.execute("PRAGMA user_version = 99")
    db.commit()
    db.close()
    r = run(["-c", conf])
    check(r.returncode == 78 and "newer sudokud" in r.stderr,
          f"a database from a newer version is refused with 78 (got {r.returncode})")


def main():
    if not os.access(SUDOKUD, os.X_OK):
        print(f"FAIL {SUDOKUD} not built")
        return 1
    with tempfile.TemporaryDirectory(prefix="sudokud-lifecycle.") as tmp:
        test_flags_and_check_config(tmp)
        state, conf, notify = test_lifecycle(tmp)
        test_publish_and_restart(tmp, state, conf, notify)
    print(f"daemon_lifecycle: {len(FAILURES)} failure(s)")
    return 1 if FAILURES else 0


if __name__ == "__main__":
    sys.exit(main())
