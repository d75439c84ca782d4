#!/usr/bin/env python3
"""SIGTERM while curl resolves a webhook host whose DNS server never
answers: the daemon exits 0 without waiting for the lookup, the event
stays pending (sent again after a restart) and the database is intact.

The resolver that never answers is build/test/hang_resolver.so
(tests/preload/hang_resolver.c), preloaded into the release daemon: its
getaddrinfo() blocks for names under .sudokud-hang.test as glibc's does
while a DNS server stays silent.  The exit time is printed; the only limit
is HANG_CAP_S, which catches a hang, not a slow exit (how fast is a
benchmark's business, not an assertion's)."""

import os
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "lib"))
import sudokud_test as sd  # noqa: E402
from sudokud_test import check, store_day, today, wait_until  # noqa: E402

HANG_CAP_S = 5  # a hang catcher: the unfixed daemon waits for the lookup forever
PRELOAD = sd.binary("hang_resolver.so", test_hooks=True)


def test_sigterm_during_lookup(tmp):
    mark = os.path.join(tmp, "lookup-started")
    d = sd.Daemon(tmp, "dns", webhooks={
        "site": sd.webhook("https://hook.sudokud-hang.test/h", timeout=60)})
    d.create_db()
    store_day(d.db, today(), 3)
    check(d.start(env={"LD_PRELOAD": PRELOAD, "SUDOKUD_TEST_HANG_MARK": mark}),
          "the daemon starts with a webhook whose host never resolves")
    check(wait_until(lambda: os.path.exists(mark), 20), "curl is resolving the webhook host")
    time.sleep(0.2)
    t0 = time.monotonic()
    rc = d.stop(timeout=HANG_CAP_S)
    took = time.monotonic() - t0
    print(f"     SIGTERM to exit during the lookup: {took:.3f} s")
    check(rc == 0, f"SIGTERM during the lookup: exit 0 before the hang cap of {HANG_CAP_S} s "
          f"(got {rc}; None = killed at the cap)")
    rows = d.query("SELECT status FROM webhook_outbox")
    check(rows == [("pending",)], f"the event stays pending, sent after a restart ({rows})")
    check("interrupted by shutdown" in d.log(), "the interrupted attempt is logged")
    check(d.query("PRAGMA integrity_check")[0][0] == "ok", "the database passes integrity_check")


def main():
    if not os.path.exists(PRELOAD):
        if sd.UNDER_VALGRIND:
            return sd.skipped(f"{PRELOAD} is not in the valgrind wrappers' build directory")
        print(f"FAIL {PRELOAD} not built (make test-bins)", flush=True)
        return 1
    return sd.main([test_sigterm_during_lookup], needs=("sudokud",))


if __name__ == "__main__":
    sys.exit(main())
