#!/usr/bin/env python3
"""sudokuctl and the query socket speak one vocabulary, through the real
build/sudokuctl and build/sudokud on a real socket: the socket's words on
the command line (`today hard solution`), tiers in any case everywhere
(the socket, sudokuctl, `generate --difficulty`, the config file), and
usage errors in sudokuctl's own terms."""

import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "lib"))
import sudokud_test as sd  # noqa: E402
from sudokud_test import SOLVED, check, code_of  # noqa: E402
from socket_protocol import query_daemon  # noqa: E402


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


def test_queries(tmp):
    with query_daemon(tmp) as d:
        check(d.start(), "the daemon starts")
        test_socket_words(d)
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


if __name__ == "__main__":
    sys.exit(sd.main([test_queries, test_generate_case, test_config_case]))
