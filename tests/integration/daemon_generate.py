#!/usr/bin/env python3
"""The real build/sudokud makes its own puzzles: each stored puzzle has one
solution (checked with sudokuctl count), grades to its tier (sudokuctl
grade), has the configured symmetry, and carries its seed and generator
version; the same secret gives the same puzzles in a fresh state directory;
kill -9 in the middle of generation leaves no partial day, and a restart
completes the schedule."""

import os
import random
import signal
import sqlite3
import subprocess
import sys
import tempfile
import time

BUILD = os.environ.get("BUILD", "build")
SUDOKUD = os.path.abspath(os.path.join(BUILD, "sudokud"))
SUDOKUCTL = os.path.abspath(os.path.join(BUILD, "sudokuctl"))
FAILURES = []
TIERS = ["easy", "medium"]


def check(cond, what):
    print(("ok   " if cond else "FAIL ") + what)
    if not cond:
        FAILURES.append(what)


def config(state, days_ahead, secret="generate-test-secret"):
    return (
        "[daemon]\n"
        f"state_directory = {state}\n"
        f"socket = {state}/sudokud.sock\n"
        "log_level = info\n"
        "[schedule]\n"
        "time_zone = UTC\n"
        f"days_ahead = {days_ahead}\n"
        f"tiers = {', '.join(TIERS)}\n"
        "[generator]\n"
        "symmetry = mirror\n"
        f"secret = {secret}\n"
    )


def start(tmp, name, days_ahead, secret="generate-test-secret"):
    state = os.path.join(tmp, name)
    conf = os.path.join(tmp, name + ".conf")
    with open(conf, "w") as f:
        f.write(config(state, days_ahead, secret))
    err = open(os.path.join(tmp, name + ".err"), "a")
    env = dict(os.environ)
    env.pop("NOTIFY_SOCKET", None)
    errpath = os.path.join(tmp, name + ".err")
    before = os.path.getsize(errpath)
    proc = subprocess.Popen([SUDOKUD, "-c", conf], stdout=subprocess.DEVNULL,
                            stderr=err, env=env)
    # Signals sent before the loop installs its handlers would kill it.
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline and proc.poll() is None:
        with open(errpath) as f:
            f.seek(before)
            if "started with" in f.read():
                break
        time.sleep(0.02)
    return proc, os.path.join(state, "sudokud.db")


def rows(dbpath):
    if not os.path.exists(dbpath):
        return []
    db = sqlite3.connect(dbpath, timeout=5)
    try:
        return db.execute("SELECT date, tier, puzzle, solution, clues, symmetry, seed,"
                          " generator_version FROM puzzle ORDER BY date, tier").fetchall()
    except sqlite3.OperationalError:
        return []
    finally:
        db.close()


def wait_rows(dbpath, count, timeout=60):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        r = rows(dbpath)
        if len(r) >= count:
            return r
        time.sleep(0.1)
    return rows(dbpath)


def stop(proc):
    proc.send_signal(signal.SIGTERM)
    try:
        return proc.wait(timeout=20)
    except subprocess.TimeoutExpired:
        proc.kill()
        return None


def mirrored(puzzle):
    return all((puzzle[r * 9 + c] == ".") == (puzzle[r * 9 + 8 - c] == ".")
               for r in range(9) for c in range(9))


def ctl(args, text):
    return subprocess.run([SUDOKUCTL] + args, input=text, capture_output=True,
                          text=True, timeout=60).stdout.split("\n")


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
        check(seed.isdigit() and version == "2", f"{what}: seed {seed}, generator v{version}")


def test_generates(tmp):
    proc, db = start(tmp, "a", 1)
    found = wait_rows(db, 2 * len(TIERS))
    check(len(found) == 2 * len(TIERS), f"today and tomorrow made ({len(found)} puzzles)")
    check(stop(proc) == 0, "SIGTERM exits 0")
    check_puzzles(found)
    again, db2 = start(tmp, "b", 1)
    found2 = wait_rows(db2, 2 * len(TIERS))
    stop(again)
    check([r[:3] for r in found2] == [r[:3] for r in found],
          "the same secret makes the same puzzles in a fresh state directory")
    other, db3 = start(tmp, "c", 0, secret="another-test-secret-of-length")
    found3 = wait_rows(db3, len(TIERS))
    stop(other)
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
    for k in range(kills):
        proc, db = start(tmp, "k", days)
        time.sleep(rng.uniform(0.0, 0.03))
        proc.send_signal(signal.SIGKILL)
        proc.wait()
        found = rows(db)
        whole, n = whole_days(found)
        check(whole, f"kill {k + 1}: every stored day is whole ({n} days)")
        now = {(r[0], r[1]): r[2] for r in found}
        check(all(now.get(key) == v for key, v in before.items()),
              f"kill {k + 1}: no stored puzzle changed")
        before = now
        conn = sqlite3.connect(db)
        check(conn.execute("PRAGMA integrity_check").fetchone()[0] == "ok",
              f"kill {k + 1}: integrity_check is ok")
        conn.close()
    proc, db = start(tmp, "k", days)
    found = wait_rows(db, (days + 1) * len(TIERS), timeout=120)
    rc = stop(proc)
    check(rc == 0, f"restarted daemon exits 0 (got {rc})")
    check(len(found) == (days + 1) * len(TIERS),
          f"the restart completes all {days + 1} days ({len(found) // len(TIERS)})")
    check(all({(r[0], r[1]): r[2] for r in found}.get(key) == v for key, v in before.items()),
          "the final run changed no stored puzzle")
    check(len({r[2] for r in found}) == len(found), "no puzzle repeats across days")


def main():
    for exe in (SUDOKUD, SUDOKUCTL):
        if not os.access(exe, os.X_OK):
            print(f"FAIL {exe} not built")
            return 1
    with tempfile.TemporaryDirectory(prefix="sudokud-generate.") as tmp:
        test_generates(tmp)
        test_kill_during_generation(tmp)
    print(f"daemon_generate: {len(FAILURES)} failure(s)")
    return 1 if FAILURES else 0


if __name__ == "__main__":
    sys.exit(main())
