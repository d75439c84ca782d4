#!/usr/bin/env python3
"""sudokuctl and the query socket speak one vocabulary, through the real
build/sudokuctl and build/sudokud on a real socket: the socket's words on
the command line (`today hard solution`), tiers in any case everywhere
(the socket, sudokuctl, `generate --difficulty`, the config file), and
usage errors in sudokuctl's own terms.  Puzzles as arguments (solve,
count, grade, check), check offline with the daemon's answer, verdicts
printed once, unrated puzzles said to be stuck, the candidates grid with
the cell names the sentences use.  Relative dates in get (yesterday,
today, tomorrow, today+N), tomorrow as unreadable as any later day, and
SUDOKUD_SOCKET naming the socket instead of --socket."""

import json
import os
import subprocess
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "lib"))
import sudokud_test as sd  # noqa: E402
from sudokud_test import PUZZLE, SOLVED, check, code_of  # noqa: E402
from socket_protocol import day_puzzles, query_daemon  # noqa: E402


def test_socket_words(d):
    r = d.ctl("today", "hard", "solution")
    check(r.returncode == 0 and f"{d.today} hard" in r.stdout and "solution:" in r.stdout,
          "sudokuctl today hard solution: the socket's words")
    flags = d.ctl("today", "hard", "--solution")
    check(r.stdout == flags.stdout, "... prints what today hard --solution prints")
    r, reply = d.ctl_json("today", "HARD", "Solution")
    check(r.returncode == 0 and reply["puzzles"][0]["tier"] == "hard"
          and reply["puzzles"][0]["solution"] == SOLVED, "any case: today HARD Solution")
    yesterday = sd.days_from(d.today, -1)
    r, reply = d.ctl_json("get", yesterday, "Medium", "solution")
    check(r.returncode == 0 and reply["puzzles"][0]["tier"] == "medium"
          and "solution" in reply["puzzles"][0], "get DATE Medium solution")
    r = d.ctl("list", yesterday, d.today, "solution")
    check(r.returncode == 0 and len(r.stdout.splitlines()) == 6
          and all(line.endswith(SOLVED) for line in r.stdout.splitlines()),
          "list FROM TO solution")
    r = d.ctl("today", "brutal")
    check(r.returncode == 2 and "unknown tier 'brutal' (expected one of easy, medium, hard"
          in r.stderr and "Try 'sudokuctl help today'" in r.stderr
          and "bad_request" not in r.stderr, "an unknown tier: sudokuctl's usage error")
    check(d.ask("today Hard")["puzzles"][0]["tier"] == "hard", "the socket: today Hard")
    r = d.ask("today brutal")
    check(code_of(r) == "bad_request" and "easy, medium, hard" in r["error"]["message"],
          "the socket's unknown tier lists the tiers")


WRONG_A1 = "5" + PUZZLE[1:]
DATA = os.environ.get("SUDOKU_DATA_DIR",
                      os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                   "..", "..", "..", "shared", "bench", "data"))


def test_verdicts_once(d):
    """Through the daemon as offline: the same output, each verdict once."""
    for args in (["hint", WRONG_A1, "--puzzle", PUZZLE], ["hint", WRONG_A1, PUZZLE],
                 ["check", WRONG_A1, "--puzzle", PUZZLE], ["check", WRONG_A1, PUZZLE],
                 ["check", "55" + PUZZLE[2:]], ["check", PUZZLE],
                 ["check", WRONG_A1, PUZZLE, "--json"]):
        local, remote = sd.ctl(*args), d.ctl(*args)
        check(local.returncode == 0 and local.stdout == remote.stdout
              and local.stdout.strip() != "",
              f"sudokuctl {args[0]} {' '.join(a[:4] for a in args[1:])}: offline as "
              f"through the daemon ({local.stdout.strip()!r})")
    r = sd.ctl("hint", WRONG_A1, "--puzzle", PUZZLE)
    check(r.stdout == "wrong: 1 entry is wrong: A1\n", "hint --puzzle: the verdict once")
    r = d.ctl("hint", WRONG_A1, "--puzzle", PUZZLE)
    check(r.stdout == "wrong: 1 entry is wrong: A1\n", "hint --socket --puzzle: once too")
    r = sd.ctl("check", WRONG_A1, "--puzzle", PUZZLE)
    check(r.stdout == "wrong: 1 filled cell(s) disagree with the solution\nwrong: A1\n",
          "check: the verdict, then the wrong cells")


def ctl_env(env, *args):
    """sudokuctl with env added to the environment (SUDOKUD_SOCKET removed
    unless env sets it)."""
    e = {k: v for k, v in os.environ.items() if k != "SUDOKUD_SOCKET"}
    e.update(env)
    return subprocess.run([sd.SUDOKUCTL] + list(args), capture_output=True, text=True,
                          timeout=20, env=e)


def test_relative_dates(d):
    yesterday, tomorrow = sd.days_from(d.today, -1), sd.days_from(d.today, 1)
    for word, date in [("yesterday", yesterday), ("today-1", yesterday), ("-1", yesterday),
                       ("TODAY", d.today), ("today+0", d.today), ("+0", d.today)]:
        r = d.ask(f"get {word} medium solution")
        check(r.get("ok") and r["date"] == date and r == d.ask(f"get {date} medium solution"),
              f"get {word}: the puzzles of {date}")
    check(d.ask("get today") == d.ask("today"), "get today: what today answers")
    # Tomorrow's puzzles are in the database (days_ahead makes them early),
    # yet no name of the day reads them before it comes.
    sd.store_puzzles(d.db, [dict(date=date, tier=tier, puzzle=puzzle, solution=SOLVED)
                            for date, tier, puzzle in day_puzzles(tomorrow, 2)])
    future = d.ask(f"get {tomorrow} solution")
    check(code_of(future) == "not_found" and "not published yet" in future["error"]["message"],
          "get of tomorrow's date: not published yet")
    for word in ("tomorrow", "today+1", "+1", "today+400"):
        r = d.ask(f"get {word} solution")
        check(code_of(r) == "not_found" and "not published yet" in r["error"]["message"]
              and SOLVED not in json.dumps(r), f"get {word}: not published yet, nothing shown")
    check(d.ask("get tomorrow solution") == future, "get tomorrow: the answer its date gets")
    r = d.ask("get today+3661")
    check(code_of(r) == "bad_request" and "at most 3660" in r["error"]["message"],
          "get today+3661: bad_request saying the limit")
    r = d.ctl("get", "yesterday", "hard")
    check(r.returncode == 0 and f"{yesterday} hard" in r.stdout, "sudokuctl get yesterday hard")
    r = d.ctl("get", "-1", "--json")
    check(r.returncode == 0 and json.loads(r.stdout)["date"] == yesterday, "sudokuctl get -1")
    r = d.ctl("get", "tomorrow")
    check(r.returncode == 1 and "not published yet" in r.stderr, "sudokuctl get tomorrow: exit 1")


def test_socket_env(d, tmp):
    here = {"SUDOKUD_SOCKET": d.sock}
    r = ctl_env(here, "ping")
    check(r.returncode == 0 and r.stdout == "pong\n", "SUDOKUD_SOCKET: ping without --socket")
    r = ctl_env(here, "today", "hard", "solution")
    check(r.returncode == 0 and "solution:" in r.stdout, "SUDOKUD_SOCKET: today hard solution")
    nowhere = os.path.join(tmp, "nobody.sock")
    r = ctl_env({"SUDOKUD_SOCKET": nowhere}, "ping", "--socket", d.sock)
    check(r.returncode == 0, "--socket PATH wins over SUDOKUD_SOCKET")
    r = ctl_env({"SUDOKUD_SOCKET": nowhere}, "ping")
    check(r.returncode == 3 and nowhere in r.stderr and "SUDOKUD_SOCKET" in r.stderr,
          "SUDOKUD_SOCKET naming no daemon: exit 3, the path named")
    r = ctl_env({"SUDOKUD_SOCKET": nowhere}, "check", PUZZLE)
    check(r.returncode == 0 and r.stdout.startswith("correct: "),
          "SUDOKUD_SOCKET leaves check offline")
    r = ctl_env({"SUDOKUD_SOCKET": ""}, "ping")
    default = "/run/sudokud/sudokud.sock"
    check((r.returncode == 3 and default in r.stderr) or
          (r.returncode == 0 and os.path.exists(default)),
          "an empty SUDOKUD_SOCKET: the default socket")


def test_queries(tmp):
    with query_daemon(tmp) as d:
        check(d.start(), "the daemon starts")
        test_socket_words(d)
        test_verdicts_once(d)
        test_relative_dates(d)
        test_socket_env(d, tmp)
        check(d.stop() == 0, "SIGTERM: exit 0")


def test_generate_case(tmp):
    r = sd.ctl("generate", "--difficulty", "Hard", "--seed", "7", "--json")
    low = sd.ctl("generate", "--difficulty", "hard", "--seed", "7", "--json")
    check(r.returncode == 0 and r.stdout == low.stdout and '"tier":"hard"' in r.stdout,
          "generate --difficulty Hard: the hard puzzle of seed 7")
    r = sd.ctl("generate", "--difficulty", "brutal")
    check(r.returncode == 2 and "expected one of easy, medium, hard" in r.stderr,
          "generate --difficulty brutal: the tiers listed")


def test_config_case(tmp):
    d = sd.Daemon(tmp, "conf", config={"schedule": {"tiers": "Easy, HARD"}})
    r = sd.sudokud("-c", d.conf, "--check-config")
    check(r.returncode == 0, f"config tiers = Easy, HARD is accepted ({r.stderr.strip()})")
    d.write_config({"schedule": {"tiers": "easy, brutal"}})
    r = sd.sudokud("-c", d.conf, "--check-config")
    check(r.returncode != 0 and "unknown tier" in r.stderr, "config: an unknown tier named")


def test_puzzle_arguments(tmp):
    lines = sd.ctl("grade", input=PUZZLE + "\n")
    r = sd.ctl("grade", PUZZLE)
    check(r.returncode == 0 and r.stdout == lines.stdout and r.stdout.startswith("easy "),
          f"grade PUZZLE: as from standard input ({r.stdout.strip()})")
    r = sd.ctl("grade", ".5.8..9..")
    check(r.returncode == 0 and r.stdout == "invalid: expected 81 cells, got 9\n"
          and "No such file" not in r.stderr, "grade of a short puzzle: invalid, not a file")
    path = os.path.join(tmp, "two.txt")
    with open(path, "w") as f:
        f.write(PUZZLE + "\n" + WRONG_A1 + "\n")
    r = sd.ctl("solve", PUZZLE, path, "55" + PUZZLE[2:])
    check(r.returncode == 0 and r.stdout.splitlines() == [
        SOLVED, SOLVED, "unsolvable", "invalid: digit 5 appears twice in row A (A1, A2)"],
        "solve PUZZLE FILE PUZZLE: each in turn")
    r = sd.ctl("solve", "--json", "55" + PUZZLE[2:], PUZZLE)
    rows = [json.loads(line) for line in r.stdout.splitlines()]
    check([row["line"] for row in rows] == [1, 2] and rows[1]["solution"] == SOLVED,
          "solve --json: line is the argument's position")
    r = sd.ctl("count", "--limit", "5", PUZZLE, "." * 81)
    check(r.returncode == 0 and r.stdout == "1\n5\n", "count PUZZLE PUZZLE")
    for name in (os.path.join(tmp, "missing.txt"), "puzles.txt"):
        r = sd.ctl("solve", name, cwd=tmp)
        check(r.returncode == 1 and f"{name}: No such file" in r.stderr,
              f"a mistyped FILE is still a missing FILE ({name})")


def test_check_offline(tmp):
    env_socket = os.path.join(tmp, "nobody.sock")
    r = sd.ctl("check", WRONG_A1, "--puzzle", PUZZLE)
    check(r.returncode == 0 and "wrong: A1" in r.stdout, "check works without a daemon")
    with open(os.path.join(tmp, "state.txt"), "w") as f:
        f.write(WRONG_A1 + "\n")
    r = sd.ctl("check", os.path.join(tmp, "state.txt"), PUZZLE)
    check(r.returncode == 0 and "wrong: A1" in r.stdout, "check FILE PUZZLE")
    r = sd.ctl("check", "-", "--json", input=PUZZLE)
    check(r.returncode == 0 and json.loads(r.stdout)["status"] == "correct", "check - --json")
    r = sd.ctl("check", "." + PUZZLE[1:], "--puzzle", SOLVED)
    check(r.returncode == 2 and "STATE does not keep the given 4 at A1" in r.stderr,
          "check: a given not kept is named")
    r = sd.ctl("check", PUZZLE, "--puzzle", "." * 81)
    check(r.returncode == 2 and "PUZZLE has more than one solution" in r.stderr,
          "check: a PUZZLE with several solutions")
    r = sd.ctl("check", PUZZLE, "--socket", env_socket)
    check(r.returncode == 3, "check --socket PATH still asks the daemon there")


def test_unrated(tmp):
    """The puzzle is the tenth of a data file read in place (never copied):
    stuck at once in the score's pass (its first step in the table's order
    is a Hidden rectangle, which Sudoku Explainer's rules do not have)."""
    path = os.path.join(DATA, "forum_hardest_1905_11plus.txt")
    if not os.path.exists(path):
        print(f"SKIPPED: grade of an unrated puzzle ({path} absent)")
        return
    with open(path) as f:
        puzzle = f.readlines()[9][:81]
    r = sd.ctl("grade", puzzle)
    check(r.returncode == 0 and r.stdout.startswith("unrated: stuck before the first step, ")
          and "no technique this solver knows applies" in r.stdout,
          f"grade of an unrated puzzle says it got stuck ({r.stdout.strip()})")
    r = sd.ctl("grade", "--json", puzzle)
    check(json.loads(r.stdout)["tier"] == "unrated", "grade --json: tier unrated")


def test_candidates_labels(tmp):
    r = sd.ctl("explain", PUZZLE, "--candidates")
    lines = r.stdout.splitlines()
    header, rows = lines[0], lines[1:12]
    check(header.split() == [str(c) for c in range(1, 10)], "the grid's columns: 1 to 9")
    check([line[:2] for line in rows] == ["A ", "B ", "C ", "  ", "D ", "E ", "F ", "  ",
                                          "G ", "H ", "I "], "the grid's rows: A to I")
    # Column 3 of row A is the given 3, under the label 3.
    check(rows[0][header.index("3")] == "3" and rows[0][header.index("5")] == "2",
          "each label stands over its column")


if __name__ == "__main__":
    sys.exit(sd.main([test_queries, test_generate_case, test_config_case,
                      test_puzzle_arguments, test_check_offline, test_unrated,
                      test_candidates_labels]))
