#!/usr/bin/env python3
"""The daemon's hold on its state: one daemon per database (a second one
on the same database, even with its own socket and state directory, exits
75 naming the PID that holds the lock, 20 times out of 20, and touches
nothing; the lock goes with the holder, kill -9 included), and the mode of
every file it writes (database, WAL, lock file, backups) is 0640 or
stricter even under umask 000; a fresh start makes and publishes today
without a warning that today is not published."""

import os
import signal
import stat
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "lib"))
import sudokud_test as sd  # noqa: E402
from sudokud_test import check  # noqa: E402

TRIES = 20


def second_daemon(tmp, first, name):
    """A daemon with its own state directory and socket on first's database."""
    return sd.Daemon(tmp, name, config={"daemon": {"database": first.db}})


def test_one_daemon_per_database(tmp):
    with sd.Daemon(tmp, "a") as a:
        check(a.start(), "the first daemon starts")
        pid = a.pid()
        b = second_daemon(tmp, a, "b")
        refused = 0
        for i in range(TRIES):
            b.start(wait=False)
            try:
                rc = b.proc.wait(timeout=10)
            except Exception:
                rc = None
            log = b.log()
            if rc == 75 and f"PID {pid} holds" in log.splitlines()[-1]:
                refused += 1
            elif refused == i:
                print(f"     try {i + 1}: exit {rc}; log: {log.strip().splitlines()[-1:]}")
            b.stop()
        check(refused == TRIES, f"a second daemon on the same database is refused with exit 75 "
              f"naming PID {pid}: {refused} of {TRIES}")
        last = b.log().strip().splitlines()[-1]
        check(f"database {a.db} is in use by another sudokud" in last, f"the reason is plain: {last}")
        check(not os.path.exists(b.sock), "the refused daemon never created its socket")
        check(sd.code_of(a.ask("ping")) == "ok", "the first daemon still answers")
        with open(a.db + ".lock") as f:
            check(f.read().strip() == str(pid), "the lock file holds the holder's PID as text")
        a.kill9()
        check(b.start(), "after kill -9 of the holder the lock is free: the other daemon starts")
        check(b.stop() == 0, "and stops with 0")
        check(a.start(), "the first daemon starts again once the other stopped")


def mode_of(path):
    return stat.S_IMODE(os.stat(path).st_mode)


def test_modes_under_umask_000(tmp):
    d = sd.Daemon(tmp, "modes")
    old = os.umask(0)
    try:
        check(d.start(), "the daemon starts under umask 000")
    finally:
        os.umask(old)
    backup = os.path.join(d.dir, "backup.db")
    r = d.ask(f"backup {backup}")
    check(r.get("ok") is True, f"backup made ({r})")
    files = [d.db, d.db + "-wal", d.db + "-shm", d.db + ".lock", backup]
    for path in files:
        if check(os.path.exists(path), f"{os.path.basename(path)} exists"):
            m = mode_of(path)
            check(m & ~0o640 == 0, f"{os.path.basename(path)} is {m:04o}: 0640 or stricter")
    check(d.stop() == 0, "SIGTERM: exit 0")


def test_fresh_start_quiet(tmp):
    d = sd.Daemon(tmp, "fresh", config={"schedule": {"tiers": "easy"}})
    check(d.start(), "a fresh daemon starts")
    today = sd.today()
    check(sd.wait_until(lambda: f"published {today}" in d.log(), 120, 0.2),
          f"it makes and publishes {today}")
    warned = [line for line in d.log().splitlines() if "is not published" in line]
    check(not warned, f"no warning that {today} is not published while it is being made "
          f"({warned[:1]})")
    check(d.stop() == 0, "SIGTERM: exit 0")


if __name__ == "__main__":
    signal.signal(signal.SIGPIPE, signal.SIG_DFL)
    sys.exit(sd.main([test_one_daemon_per_database, test_modes_under_umask_000,
                      test_fresh_start_quiet],
                     needs=("sudokud",)))
