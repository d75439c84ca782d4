#!/usr/bin/env python3
"""Starts the real build/sudokud with temporary configs and checks its
lifecycle: --check-config (exit 0 / 78 with file:line: key), flags (64),
READY=1 / STATUS= / WATCHDOG=1 over a notify socket the test owns, SIGHUP
with a broken config (keeps running, says why) and a good one, SIGTERM
(STOPPING=1, exit 0), the database it creates, publishing a day whose
puzzles are stored, and refusing a database from a newer version (78)."""

import os
import signal
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "lib"))
import sudokud_test as sd  # noqa: E402
from sudokud_test import check  # noqa: E402


def lifecycle_daemon(tmp, name, days_ahead=2):
    return sd.Daemon(tmp, name, config={"schedule": {"days_ahead": days_ahead}})


def test_flags_and_check_config(tmp):
    good = lifecycle_daemon(tmp, "good").conf
    bad = lifecycle_daemon(tmp, "bad", days_ahead="two").conf
    r = sd.sudokud("--check-config", "-c", good)
    check(r.returncode == 0 and "configuration OK" in r.stdout, "--check-config good: exit 0")
    r = sd.sudokud("--check-config", "--config", bad)
    check(r.returncode == 78, f"--check-config bad: exit 78 (got {r.returncode})")
    with open(bad) as f:
        line = f.read().splitlines().index("days_ahead = two") + 1
    want = f"{bad}:{line}: days_ahead: expected an integer from 0 to 366, got 'two'"
    check(want in r.stderr, f"bad config message names file:line: key ({r.stderr.strip()})")
    r = sd.sudokud("--no-such-flag")
    check(r.returncode == 64 and "usage:" in r.stderr, "unknown flag: exit 64 with usage")
    r = sd.sudokud("-c", good, "extra")
    check(r.returncode == 64, "stray argument: exit 64")
    r = sd.sudokud("--version")
    check(r.returncode == 0 and r.stdout.startswith("sudokud "), "--version on stdout")
    r = sd.sudokud("--help")
    check(r.returncode == 0 and "--check-config" in r.stdout, "--help on stdout")
    r = sd.sudokud("--print-config", "-c", good)
    check(r.returncode == 0 and "days_ahead = 2" in r.stdout
          and "integration-test-secret" not in r.stdout, "--print-config hides the secret")
    r = sd.sudokud("-c", os.path.join(tmp, "missing.conf"))
    check(r.returncode == 78 and "cannot open" in r.stderr, "missing config: exit 78")


def test_lifecycle(tmp):
    with lifecycle_daemon(tmp, "life") as d:
        check(d.start(env={"WATCHDOG_USEC": "200000"}), "READY=1 arrives")
        check(d.notify.wait_for("STATUS=serving "), "STATUS= describes the state")
        check(d.notify.wait_for("WATCHDOG=1"), "WATCHDOG=1 arrives at half of WATCHDOG_USEC")
        log = d.log()
        check("9 puzzle(s) to make" in log, "the nine missing (date, tier) pairs are logged")
        check(os.path.exists(d.db), "database created in state dir")

        d.notify.forget()
        d.write_config({"schedule": {"days_ahead": "two"}})
        d.signal(signal.SIGHUP)
        check(d.notify.wait_for("RELOADING=1") and d.notify.wait_for("READY=1"),
              "SIGHUP: RELOADING=1 then READY=1")
        time.sleep(0.2)
        check(d.running(), "a broken config on SIGHUP keeps the daemon running")
        log = d.log()
        check("reload failed, keeping the running configuration" in log and "days_ahead" in log,
              "the failed reload says why")

        d.notify.forget()
        d.write_config({"daemon": {"log_level": "info"}, "schedule": {"days_ahead": 1}})
        d.signal(signal.SIGHUP)
        check(d.notify.wait_for("READY=1"), "SIGHUP with a good config: READY=1")
        time.sleep(0.2)
        check("reloaded configuration" in d.log(), "a good config is applied")

        d.notify.forget()
        rc = d.stop()
        check(rc == 0, f"SIGTERM: exit 0 (got {rc})")
        check(d.notify.wait_for("STOPPING=1", 2), "SIGTERM: STOPPING=1 sent")

        check(d.query("PRAGMA integrity_check")[0][0] == "ok", "database passes integrity_check")
        check(d.query("PRAGMA journal_mode")[0][0] == "wal", "database is in WAL mode")
        check(d.query("PRAGMA user_version")[0][0] == 2, "schema version 2")
        publish_and_restart(d)


def publish_and_restart(d):
    today = sd.today()
    sd.store_puzzles(d.db, [dict(date=today, tier=tier, solution=sd.GRID, puzzle="".join(
        "." if i < 40 and (n >> (i % 8)) & 1 else sd.GRID[i] for i in range(81)))
        for n, tier in enumerate(["easy", "medium", "hard"], start=1)], or_ignore=True)
    check(d.start(), "restart with an existing database: READY=1")
    check(d.stop() == 0, "second run exits 0")
    # The first run may have made and published today's puzzles itself.
    check(f"published {today}" in d.log(), f"today's complete day is published ({today})")
    rows = d.query("SELECT count(*) FROM publication WHERE date = ?", (today,))[0][0]
    check(rows == 1, "publication row for today")
    d.query("PRAGMA user_version = 99")
    r = sd.sudokud("-c", d.conf)
    check(r.returncode == 78 and "newer sudokud" in r.stderr,
          f"a database from a newer version is refused with 78 (got {r.returncode})")


if __name__ == "__main__":
    sys.exit(sd.main([test_flags_and_check_config, test_lifecycle], needs=("sudokud",)))
