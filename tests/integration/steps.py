#!/usr/bin/env python3
"""sudokuctl steps and the socket's steps request through the real
interfaces: every step of a state (HoDoKu's "all steps" panel), the same
list from the plain grid, the 729-character line, HoDoKu's pm grid in a
FILE and Sudoku Explainer's on standard input; --technique KEY (in the
list, and only it), --json (the step objects of hint, the count and the
total), --list-techniques; wrong marks answered "wrong-marks: C1 lost its
2" with exit 4 and no list; an unknown KEY a usage error that says where
the keys are; and a real build/sudokud answering `steps STATE [PUZZLE]
[KEY]` in its thread pool (at most 50 steps, "truncated" and the total),
and sudokuctl --socket steps printing what the offline command prints."""

import json
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "lib"))
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import sudokud_test as sd  # noqa: E402
from sudokud_test import PUZZLE, check, code_of  # noqa: E402
from pencil_states import (candidates, cell, hodoku_grid, line729, se_grid,  # noqa: E402
                           wrong_marks_file)

SOCKET_MAX = 50  # PROTO_STEPS_MAX


def ctl(*args, stdin=None):
    return sd.ctl(*args, input=stdin, timeout=60)


def numbered(stdout):
    """The numbered sentences of steps' text output, without their numbers."""
    out = []
    for n, line in enumerate(stdout.splitlines()[:-1], 1):
        prefix = f"{n}. "
        if not line.startswith(prefix):
            return None
        out.append(line[len(prefix):])
    return out


def test_formats(tmp, cands):
    plain = ctl("steps", PUZZLE)
    lines = plain.stdout.splitlines()
    steps = numbered(plain.stdout)
    check(plain.returncode == 0 and steps and lines[-1] == f"{len(steps)} steps"
          and len(steps) > SOCKET_MAX, f"steps of the plain grid: {lines[-1:]}")
    first_hint = ctl("hint", PUZZLE).stdout
    check(steps and first_hint == "step: " + steps[0] + "\n",
          "the first step listed is hint's step")
    path = os.path.join(tmp, "hodoku.txt")
    with open(path, "w") as f:
        f.write(hodoku_grid(cands))
    for what, r in (("HoDoKu pm grid FILE", ctl("steps", path)),
                    ("SE pm grid on stdin", ctl("steps", "-", stdin=se_grid(cands))),
                    ("729-character line", ctl("steps", line729(cands))),
                    ("729 line with --puzzle", ctl("steps", line729(cands), "--puzzle", PUZZLE))):
        check(r.returncode == 0 and r.stdout == plain.stdout,
              f"steps of the same state as {what}: the same list "
              f"({r.returncode} {r.stderr.strip()})")
    return steps


def test_json_and_keys(steps):
    r = ctl("steps", PUZZLE, "--json")
    d = json.loads(r.stdout) if r.returncode == 0 else {}
    check(d.get("status") == "steps" and d.get("technique") is None
          and d.get("count") == d.get("total") == len(steps) and d.get("truncated") is False
          and [s["text"] for s in d.get("steps", [])] == steps,
          "steps --json: every step, count and total, the text's sentences")
    hint = json.loads(ctl("hint", PUZZLE, "--json").stdout)
    check(d.get("steps") and d["steps"][0] == hint["step"],
          "steps --json: the step objects hint --json gives")
    check(all(s["eliminations"] or s["placements"] for s in d.get("steps", [])),
          "every step places or eliminates something")
    # A technique's steps are deduplicated (two techniques may still find
    # the same elimination: cell and region forcing chains do here).
    seen = [(s["technique"], json.dumps(s["placements"]), json.dumps(s["eliminations"]))
            for s in d.get("steps", [])]
    check(seen and len(set(seen)) == len(seen), "no technique lists a step twice")
    keys = [s["technique"] for s in d.get("steps", [])]
    table = [json.loads(x) for x in ctl("steps", "--list-techniques", "--json").stdout.splitlines()]
    order = [t["key"] for t in table]
    check(set(keys) <= set(order) and
          [order.index(k) for k in keys] == sorted(order.index(k) for k in keys),
          "steps are listed easiest first (the technique table's order)")
    text = ctl("steps", "--list-techniques")
    check(text.returncode == 0 and len(text.stdout.splitlines()) == len(table)
          and text.stdout.startswith("full_house "), "steps --list-techniques: one key a line")
    # One technique: exactly its part of the whole list.
    key = next(k for k in keys if keys.count(k) >= 2 and k != keys[0])
    r = ctl("steps", PUZZLE, "--technique", key, "--json")
    one = json.loads(r.stdout) if r.returncode == 0 else {}
    check(one.get("technique") == key and one.get("steps") == [s for s in d["steps"]
                                                               if s["technique"] == key],
          f"--technique {key}: its steps of the whole list, and only those")
    r = ctl("steps", PUZZLE, "--technique", "full_house")
    check(r.returncode == 0 and r.stdout == "Full house does not apply here\n",
          "--technique of a technique that does not apply: says so")
    r = ctl("steps", PUZZLE, "--technique", "no_such_wing")
    check(r.returncode == 2 and "unknown technique 'no_such_wing'" in r.stderr
          and "sudokuctl steps --list-techniques" in r.stderr and r.stdout == "",
          "an unknown KEY: exit 2, where the keys are listed")
    return d


def test_verdicts(tmp, cands):
    marks, path = wrong_marks_file(tmp, cands)
    for what, args in (("pm grid", [path]), ("729 line", [line729(marks)]),
                       ("with --puzzle", [path, "--puzzle", PUZZLE]),
                       ("with --technique", [path, "--technique", "x_wing"])):
        r = ctl("steps", *args)
        check(r.returncode == 4 and r.stdout == "wrong-marks: C1 lost its 2\n",
              f"steps of wrong marks ({what}): exit 4, the cell named, no list "
              f"({r.returncode} {r.stdout[:60].strip()})")
    r = ctl("steps", path, "--json")
    check(r.returncode == 4 and json.loads(r.stdout) ==
          {"status": "wrong-marks", "message": "C1 lost its 2"}, "steps --json of wrong marks")
    wrong = "5" + PUZZLE[1:]
    r = ctl("steps", wrong, "--puzzle", PUZZLE)
    check(r.returncode == 0 and r.stdout == "wrong: 1 entry is wrong: A1\n",
          f"steps of a grid with a wrong entry: hint's verdict, once ({r.stdout.strip()})")
    r = ctl("steps", sd.SOLVED)
    check(r.returncode == 0 and r.stdout == "solved: the grid is solved\n",
          "steps of a solved grid")
    r = ctl("steps", PUZZLE[:80])
    check(r.returncode == 2 and "expected 81 cells, got 80" in r.stderr,
          "steps of a short grid: a usage error")
    r = ctl("help", "steps")
    check(r.returncode == 0 and "--technique KEY" in r.stdout and "at most 50" in r.stdout,
          "help steps: the options and the socket's limit")


def test_offline(tmp):
    cands = candidates(PUZZLE)
    steps = test_formats(tmp, cands)
    test_json_and_keys(steps)
    test_verdicts(tmp, cands)


def test_socket(d, tmp, cands):
    local = json.loads(ctl("steps", PUZZLE, "--json").stdout)
    r = d.ask("steps " + PUZZLE)
    check(r.get("ok") and r.get("status") == "steps" and r.get("count") == SOCKET_MAX
          and r.get("total") == local["total"] and r.get("truncated") is True
          and r.get("steps") == local["steps"][:SOCKET_MAX],
          f"socket steps: the first {SOCKET_MAX} of the list, the total, truncated")
    key = "naked_pair"
    mine = [s for s in local["steps"] if s["technique"] == key]
    r = d.ask(f"steps {line729(cands)} {key.upper()} {PUZZLE}")
    check(r.get("ok") and r.get("technique") == key and r.get("steps") == mine
          and r.get("truncated") is False and mine,
          f"socket steps LINE KEY PUZZLE: only {key}, all {len(mine)} of them")
    marks = [set(c) for c in cands]
    marks[cell("C1")] = {5}
    r = d.ask("steps " + line729(marks))
    check(code_of(r) == "wrong_marks" and r["error"]["message"] == "wrong-marks: C1 lost its 2",
          f"socket steps of wrong marks: the error wrong_marks ({r})")
    r = d.ask("steps " + PUZZLE + " no_such_wing")
    check(code_of(r) == "bad_request" and "--list-techniques" in r["error"]["message"],
          "socket steps with an unknown KEY: bad_request saying where the keys are")
    r = d.ask("help")
    check(any(c["name"] == "steps" for c in r.get("commands", [])), "socket help lists steps")
    # sudokuctl --socket steps: the same text as offline, up to the limit.
    path = os.path.join(tmp, "state.txt")
    with open(path, "w") as f:
        f.write(se_grid(cands))
    offline = ctl("steps", path, "--technique", key)
    r = ctl("--socket", d.sock, "steps", path, "--technique", key)
    check(r.returncode == 0 and r.stdout == offline.stdout,
          "sudokuctl --socket steps FILE --technique: the offline answer")
    r = ctl("--socket", d.sock, "steps", PUZZLE)
    lines = r.stdout.splitlines()
    check(r.returncode == 0 and len(lines) == SOCKET_MAX + 2
          and lines[SOCKET_MAX].startswith(f"... and {local['total'] - SOCKET_MAX} more")
          and lines[-1] == f"{local['total']} steps",
          "sudokuctl --socket steps: the socket's 50, and how many more")
    r = ctl("--socket", d.sock, "steps", line729(marks))
    check(r.returncode == 4 and r.stdout == "wrong-marks: C1 lost its 2\n",
          "sudokuctl --socket steps of wrong marks: exit 4")
    r = ctl("--socket", d.sock, "steps", PUZZLE, "--technique", "nope")
    check(r.returncode == 2 and "unknown technique 'nope'" in r.stderr,
          "sudokuctl --socket steps with an unknown KEY: exit 2 before asking")
    r = ctl("--socket", d.sock, "steps", "--list-techniques")
    check(r.returncode == 0 and r.stdout == ctl("steps", "--list-techniques").stdout,
          "sudokuctl --socket steps --list-techniques: sudokuctl's own table")
    stats = d.ask("stats")
    check(stats.get("ok") and stats.get("errors", 0) >= 2, "the error replies are counted")


def test_daemon(tmp):
    sd.daemon_session(tmp, lambda d: test_socket(d, tmp, candidates(PUZZLE)))


if __name__ == "__main__":
    sys.exit(sd.main([test_offline, test_daemon]))
