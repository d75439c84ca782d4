#!/usr/bin/env python3
"""The real build/sudokud makes its own puzzles: each stored puzzle has one
solution (checked with sudokuctl count), grades to its tier (sudokuctl
grade), has the configured symmetry, and carries its seed and generator
version; the same secret gives the same puzzles in a fresh state directory;
kill -9 in the middle of generation leaves no partial day, and a restart
completes the schedule."""

import os
import random
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "lib"))
import sudokud_test as sd  # noqa: E402
from sudokud_test import check  # noqa: E402

TIERS = ["easy", "medium", "extreme"]


def generating_daemon(tmp, name, days_ahead, secret="generate-test-secret"):
    return sd.Daemon(tmp, name, config={
        "daemon": {"log_level": "info"},
        "schedule": {"publish_time": None, "days_ahead": days_ahead, "tiers": ", ".join(TIERS)},
        "generator": {"symmetry": "mirror", "secret": secret}})


def rows(d):
    return d.query("SELECT date, tier, puzzle, solution, clues, symmetry, seed,"
                   " generator_version FROM puzzle ORDER BY date, tier", missing_ok=True)


def wait_rows(d, count, timeout=60):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        r = rows(d)
        if len(r) >= count:
            return r
        time.sleep(0.1)
    return rows(d)


def mirrored(puzzle):
    return all((puzzle[r * 9 + c] == ".") == (puzzle[r * 9 + 8 - c] == ".")
               for r in range(9) for c in range(9))


def ctl(args, text):
    return sd.ctl(*args, input=text, timeout=60).stdout.split("\n")


def check_puzzles(found):
    puzzles = "".join(r[2] + "\n" for r in found)
    counts = ctl(["count"], puzzles)
    grades = ctl(["grade"], puzzles)
    for i, (date, tier, puzzle, solution, clues, symmetry, seed, version) in enumerate(found):
        what = f"{date} {tier}"
        check(counts[i] == "1", f"{what}: exactly one solution")
        check(grades[i].split(" ")[0] == tier, f"{what}: grades {tier} ({grades[i]})")
        check(symmetry == "mirror" and mirrored(puzzle), f"{what}: mirror symmetry")
        check(clues == 81 - puzzle.count("."), f"{what}: clue count {clues}")
        check(all(p in (".", s) for p, s in zip(puzzle, solution)),
              f"{what}: the solution keeps the givens")
        check(seed.isdigit() and version == "3", f"{what}: seed {seed}, generator v{version}")


def test_generates(tmp):
    with generating_daemon(tmp, "a", 1) as d:
        d.start()
        found = wait_rows(d, 2 * len(TIERS))
        check(len(found) == 2 * len(TIERS), f"today and tomorrow made ({len(found)} puzzles)")
        check(d.stop(timeout=20) == 0, "SIGTERM exits 0")
    check_puzzles(found)
    with generating_daemon(tmp, "b", 1) as again:
        again.start()
        found2 = wait_rows(again, 2 * len(TIERS))
    check([r[:3] for r in found2] == [r[:3] for r in found],
          "the same secret makes the same puzzles in a fresh state directory")
    with generating_daemon(tmp, "c", 0, secret="another-test-secret-of-length") as other:
        other.start()
        found3 = wait_rows(other, len(TIERS))
    check(found3 and found3[0][2] != found[0][2], "another secret makes other puzzles")


def whole_days(found):
    days = {}
    for r in found:
        days.setdefault(r[0], set()).add(r[1])
    return all(t == set(TIERS) for t in days.values()), len(days)


def test_kill_during_generation(tmp):
    """kill -9 at random moments while days are being made: every time,
    the database is intact, every stored day is whole, and nothing stored
    before changes; then a clean run completes the schedule."""
    days, kills = 120, 8
    rng = random.Random(20261121)
    before = {}
    d = generating_daemon(tmp, "k", days)
    for k in range(kills):
        d.start()
        time.sleep(rng.uniform(0.0, 0.03))
        d.kill9()
        found = rows(d)
        whole, n = whole_days(found)
        check(whole, f"kill {k + 1}: every stored day is whole ({n} days)")
        now = {(r[0], r[1]): r[2] for r in found}
        check(all(now.get(key) == v for key, v in before.items()),
              f"kill {k + 1}: no stored puzzle changed")
        before = now
        check(d.query("PRAGMA integrity_check")[0][0] == "ok",
              f"kill {k + 1}: integrity_check is ok")
    with d:
        d.start()
        found = wait_rows(d, (days + 1) * len(TIERS), timeout=120)
        rc = d.stop(timeout=20)
    check(rc == 0, f"restarted daemon exits 0 (got {rc})")
    check(len(found) == (days + 1) * len(TIERS),
          f"the restart completes all {days + 1} days ({len(found) // len(TIERS)})")
    check(all({(r[0], r[1]): r[2] for r in found}.get(key) == v for key, v in before.items()),
          "the final run changed no stored puzzle")
    check(len({r[2] for r in found}) == len(found), "no puzzle repeats across days")


if __name__ == "__main__":
    sys.exit(sd.main([test_generates, test_kill_during_generation]))
