#!/usr/bin/env python3
"""The clock steps back under a running daemon (the test build's clock,
stepped through SUDOKUD_TEST_CLOCK_STEP_FILE, daemon/clock.h): "today"
never moves back.  The latest published day keeps being served (`today`
answers it, never not_found), the step is logged at warning level, no
earlier day is published after a later one, and once the clock catches
up the next day is published as usual.  stats' uptime_s comes from a
monotonic clock: it neither jumps nor goes negative with the step."""

import os
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "lib"))
import sudokud_test as sd  # noqa: E402
from sudokud_test import check, wait_until  # noqa: E402

DAY_SECONDS = 20.0 if sd.UNDER_VALGRIND else 4.0
STEP_DAYS = 3


def published(d):
    """Published dates in the order they were published."""
    return [r[0] for r in d.query("SELECT date FROM publication ORDER BY rowid",
                                  readonly=True, missing_ok=True)]


def test_step_back(tmp):
    step_file = os.path.join(tmp, "step")
    d = sd.Daemon(tmp, "clock", test_hooks=True, config={
        "schedule": {"tiers": "easy", "days_ahead": 1},
        "generator": {"symmetry": "none"}})
    check(d.start(env=sd.test_clock_env(
        DAY_SECONDS, SUDOKUD_TEST_CLOCK_STEP_FILE=step_file)), "the daemon starts on the test clock")
    check(wait_until(lambda: len(published(d)) >= 2, 12 * DAY_SECONDS, 0.1),
          f"two simulated days published ({published(d)})")
    latest = published(d)[-1]
    up1 = d.ask("stats").get("uptime_s")
    with open(step_file, "w") as f:
        f.write(str(-STEP_DAYS * 86400))
    check(wait_until(lambda: "clock stepped back" in d.log(), 3 * DAY_SECONDS, 0.1),
          f"a step back of {STEP_DAYS} days is noticed")
    warned = [line for line in d.log().splitlines()
              if "clock stepped back" in line or "stays today" in line]
    check(len(warned) >= 2 and all(line.startswith("warning: ") for line in warned),
          f"logged at warning level: {warned}")
    before = published(d)
    served, answers = set(), 0
    deadline = time.monotonic() + 1.5 * DAY_SECONDS
    while time.monotonic() < deadline:
        r = d.ask("today easy")
        served.add(r.get("date") if r.get("ok") else sd.code_of(r))
        answers += 1
        time.sleep(0.1)
    check(served == {latest}, f"{answers} `today` answers while the clock is behind: only "
          f"{latest} ({sorted(served)})")
    up2 = d.ask("stats").get("uptime_s")
    check(isinstance(up2, int) and up1 is not None and up1 <= up2 < up1 + 60,
          f"uptime_s is monotonic across the step ({up1} then {up2})")
    check(published(d) == before, "nothing published while the clock is behind "
          f"({published(d)[len(before):]})")
    nxt = sd.days_from(latest, 1)
    check(wait_until(lambda: nxt in published(d), (STEP_DAYS + 3) * DAY_SECONDS, 0.1),
          f"once the clock catches up, {nxt} is published")
    order = published(d)
    check(order == sorted(order) and len(set(order)) == len(order),
          f"days were published in date order, each once ({order})")
    check("the clock caught up" in d.log(), "catching up is logged")
    check(d.stop() == 0, "SIGTERM: exit 0")


if __name__ == "__main__":
    sys.exit(sd.main([test_step_back], test_hooks=True, needs=("sudokud",)))
