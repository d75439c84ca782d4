#!/usr/bin/env python3
"""An idle daemon sleeps until its next timer: once today is published
and no client is connected, strace sees no epoll_wait return on a timeout
for IDLE_S seconds (the event loop used to wake every second for a sweep
of idle connections that did not exist).  The sweep still closes idle
connections when there are some: a client that connects and sends
nothing is closed after socket_idle_timeout, and the loop is idle again
afterwards.  Skipped without strace, and under valgrind (whose own
scheduler polls)."""

import os
import re
import shutil
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "lib"))
import sudokud_test as sd  # noqa: E402
from sudokud_test import check, wait_until  # noqa: E402

IDLE_S = 4
# strace -ttt: "PID SECONDS.MICROS epoll_wait(FD, EVENTS, MAX, TIMEOUT) = N"
WAIT = re.compile(r"^\d+ (\d+\.\d+) epoll_wait\(\d+, .*, \d+, (-?\d+)\)\s+= (\d+)", re.M)


def wakeups(trace, since, until):
    """The timeouts (ms) of the epoll_wait calls entered between the Unix
    times since and until that returned no event: the loop woke only
    because a timer was due.  Read after the daemon exited, as strace
    buffers what it writes to a file."""
    with open(trace) as f:
        text = f.read()
    return [int(m.group(2)) for m in WAIT.finditer(text)
            if since <= float(m.group(1)) <= until and m.group(3) == "0"]


def idle_window():
    """IDLE_S seconds of doing nothing; the window's (start, end)."""
    start = time.time()
    time.sleep(IDLE_S)
    return start, time.time()


def test_idle(tmp):
    d = sd.Daemon(tmp, "idle", config={
        "daemon": {"socket_idle_timeout": 1}, "schedule": {"tiers": "easy"}})
    trace = os.path.join(tmp, "trace")
    check(d.start(wrap=["strace", "-f", "-qq", "-ttt", "-e", "trace=epoll_wait,epoll_pwait",
                        "-o", trace], timeout=60), "the daemon starts under strace")
    today = sd.today()
    check(wait_until(lambda: f"published {today}" in d.log(), 120, 0.2), f"{today} published")
    time.sleep(0.5)
    first = idle_window()
    s = d.connect()
    closed = wait_until(lambda: s.recv(1) == b"", 10)
    s.close()
    check(closed, "a silent client is still closed after socket_idle_timeout")
    time.sleep(1.5)  # the sweep that closed it stops on its next round
    second = idle_window()
    check(d.stop() == 0, "SIGTERM: exit 0")
    woke = wakeups(trace, *first)
    check(not woke, f"idle for {IDLE_S} s: no timer wake-up (woke {len(woke)} times, "
          f"timeouts {sorted(set(woke))} ms)")
    woke = wakeups(trace, *second)
    check(not woke, f"idle again after the last client: no timer wake-up in {IDLE_S} s "
          f"(woke {len(woke)} times)")


if __name__ == "__main__":
    if shutil.which("strace") is None:
        sys.exit(sd.skipped("strace is not installed (Debian: strace)"))
    if sd.UNDER_VALGRIND:
        sys.exit(sd.skipped("valgrind's scheduler polls on its own"))
    sys.exit(sd.main([test_idle], needs=("sudokud",)))
