#!/usr/bin/env python3
"""The daemon's hold on its state: one daemon per database (a second one
on the same database, even with its own socket and state directory, exits
75 naming the PID that holds the lock, 20 times out of 20, and touches
nothing; the lock goes with the holder, kill -9 included),"""

import os
import signal
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


if __name__ == "__main__":
    signal.signal(signal.SIGPIPE, signal.SIG_DFL)
    sys.exit(sd.main([test_one_daemon_per_database], needs=("sudokud",)))
