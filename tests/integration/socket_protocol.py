#!/usr/bin/env python3
"""The query socket of the real build/sudokud on a real Unix socket: every
command and error code, case-insensitivity, pipelining with replies in
order (also behind slow thread-pool requests), the socket's mode, a stale
socket file replaced and a live one refused, socket activation on fd 3,
and sudokuctl against it (output, --json, exit codes 0/1/2/3).

A complete day (yesterday's and today's) is written into the database with
sqlite3 before the daemon starts, so the replies are known;
socket_limits.py starts its daemons with query_daemon() from here."""

import json
import os
import socket
import stat
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "lib"))
import sudokud_test as sd  # noqa: E402
from sudokud_test import PUZZLE, SOLVED, check, code_of, read_replies  # noqa: E402

WRONG_A1 = "5" + PUZZLE[1:]
TIERS = ["easy", "medium", "hard"]


def day_puzzles(date, n):
    """Three distinct puzzles (givens of SOLVED) for date; n varies them."""
    out = []
    for t, tier in enumerate(TIERS):
        holes = {(n * 7 + t * 13 + k * 5) % 81 for k in range(30 + t * 5)}
        puzzle = "".join("." if i in holes else SOLVED[i] for i in range(81))
        out.append((date, tier, puzzle))
    return out


def query_daemon(tmp, name="d", fill=True, **keys):
    """A daemon whose database holds yesterday's and today's puzzles (when
    fill); keys are [daemon] settings over the ones below."""
    d = sd.Daemon(tmp, name, config={"daemon": dict(
        {"socket_mode": "0660", "socket_max_clients": 64, "socket_idle_timeout": 30}, **keys),
        "schedule": {"publish_time": None}})
    d.today = sd.today()
    if fill:
        sd.create_schema(d.db)
        for n, date in enumerate([sd.days_from(d.today, -1), d.today]):
            sd.store_puzzles(d.db, [dict(
                date=day, tier=tier, puzzle=puzzle, solution=SOLVED,
                score=1.5 + TIERS.index(tier), hardest_technique="hidden_single",
                technique_counts='{"hidden_single": 12}', seed="test-seed",
                generator_version="test-1", created_at=1700000000 + n)
                for day, tier, puzzle in day_puzzles(date, n)])
    return d


# ---- tests -----------------------------------------------------------------

def test_commands(d):
    r = d.ask("ping")
    check(r == {"ok": True, "pong": True}, "ping")
    r = d.ask("HeLp")
    check(r["ok"] and [c["name"] for c in r["commands"]] ==
          ["ping", "help", "stats", "today", "get", "list", "render", "solve", "grade", "hint", "steps",
           "check", "webhook", "backup"],
          "help lists every command (case-insensitive)")
    r = d.ask("today hard")
    p = r["puzzles"][0] if r.get("ok") else {}
    check(r.get("date") == d.today and len(r["puzzles"]) == 1 and p["tier"] == "hard"
          and "solution" not in p and p["puzzle"] == day_puzzles(d.today, 1)[2][2],
          "today hard: today's hard puzzle without its solution")
    r = d.ask("TODAY Hard SOLUTION")
    check(r["puzzles"][0].get("solution") == SOLVED, "today hard solution includes it")
    r = d.ask("today")
    check([p["tier"] for p in r["puzzles"]] == TIERS, "today: every tier, easiest first")
    check(d.ask("today expert") == {"ok": False, "error": {
        "code": "not_found", "message": "tier expert is not configured ([schedule] tiers)"}},
        "today expert (not in tiers): not_found says the tier is not configured")
    check(d.ask("get 2001-01-01 hard") == {"ok": False, "error": {
        "code": "not_found", "message": "no hard puzzle for 2001-01-01"}},
        "get of a configured tier on an empty day: not_found names tier and date")
    yesterday = sd.days_from(d.today, -1)
    r = d.ask(f"get {yesterday} medium")
    check(r["ok"] and r["puzzles"][0]["date"] == yesterday, "get DATE TIER")
    r = d.ask("get 2001-01-01")
    check(code_of(r) == "not_found" and "no puzzles for 2001-01-01" in r["error"]["message"],
          "get of an empty day: not_found")
    tomorrow = sd.days_from(d.today, 1)
    r = d.ask(f"get {tomorrow}")
    check(code_of(r) == "not_found" and "not published yet" in r["error"]["message"],
          "get of a future day: not published yet")
    r = d.ask(f"list {yesterday} {tomorrow}")
    check(r["ok"] and len(r["puzzles"]) == 6 and r["puzzles"][0]["date"] == yesterday,
          "list covers published days only")
    r = d.ask("list 2026-01-01 2026-03-01")
    check(code_of(r) == "bad_request" and "at most 31 days" in r["error"]["message"],
          "list over 31 days: bad_request saying the cap")
    check(d.ask("solve " + PUZZLE) == {"ok": True, "status": "solved", "solution": SOLVED},
          "solve")
    r = d.ask("grade " + PUZZLE)
    check(r.get("status") == "graded" and r.get("tier") == "easy", "grade")
    r = d.ask("hint " + PUZZLE)
    check(r.get("status") == "step" and "text" in r.get("step", {}), "hint gives a step")
    r = d.ask(f"check {WRONG_A1} {PUZZLE}")
    check(r.get("status") == "wrong" and r.get("wrong") == ["A1"], "check names the wrong cell")
    r = d.ask("stats")
    check(r["ok"] and r["puzzles_stored"] == 6 and r["requests"] >= 10 and r["errors"] >= 3
          and r["uptime_s"] >= 0 and r["webhook_backlog"] == 0
          and r["last_generation"] == "2023-11-14T22:13:21Z", "stats counts")
    for line, code in [("bogus", "bad_request"), ("today brutal", "bad_request"),
                       ("get 2026-02-30", "bad_request"), ("solve 123", "bad_request"),
                       ("ping \x01", "bad_request")]:
        check(code_of(d.ask(line)) == code, f"{line!r}: {code}")


def test_pipelining(d):
    s = d.connect()
    lines = ["today hard", "grade " + PUZZLE, "ping", "solve " + PUZZLE, "", "bogus",
             "check " + PUZZLE, "today easy"] * 20
    s.sendall("".join(l + "\n" for l in lines).encode())
    want = [l for l in lines if l]
    replies = read_replies(s, len(want))
    kinds = []
    for r in replies:
        if r.get("puzzles"):
            kinds.append("today " + r["puzzles"][0]["tier"])
        elif r.get("pong"):
            kinds.append("ping")
        elif r.get("status") == "graded":
            kinds.append("grade")
        elif r.get("status") == "solved":
            kinds.append("solve")
        elif r.get("status") == "correct":
            kinds.append("check")
        elif code_of(r) == "bad_request":
            kinds.append("bogus")
        else:
            kinds.append(str(r))
        if code_of(r) == "busy":
            kinds[-1] = "busy"
    expect = [w.split(" ")[0] if not w.startswith("today") else w for w in want]
    # Heavy requests over the thread-pool bound get busy, in their place.
    same = len(kinds) == len(expect) and all(
        k == e or (k == "busy" and e in ("grade", "solve", "check")) for k, e in zip(kinds, expect))
    check(same and kinds.count("grade") >= 2,
          f"{len(want)} pipelined requests answered in order ({kinds.count('busy')} busy), "
          "blank line skipped")
    s.close()
    # One byte at a time, CRLF endings, and a last line without newline at EOF.
    s = d.connect()
    for b in b"PING\r\ntoday hard\r\nping":
        s.send(bytes([b]))
    s.shutdown(socket.SHUT_WR)
    r = read_replies(s, 3)
    check(len(r) == 3 and r[0].get("pong") and r[1].get("puzzles") and r[2].get("pong"),
          "byte-by-byte, CRLF, final line without newline before EOF")
    s.close()


def test_socket_file(d, tmp):
    mode = stat.S_IMODE(os.stat(d.sock).st_mode)
    check(stat.S_ISSOCK(os.stat(d.sock).st_mode) and mode == 0o660,
          f"socket file mode 0660 (got {mode:o})")
    other = query_daemon(tmp, "second", fill=False)
    other.sock = d.sock
    other.write_config(other.config)
    other.start(wait=False)
    rc = other.proc.wait(timeout=10)
    check(rc == 1 and "is listening on" in other.log(), "a second daemon refuses a live socket")
    check(d.ask("ping").get("pong"), "the first daemon still answers")


def test_stale_socket(tmp):
    d = query_daemon(tmp, "stale")
    s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    s.bind(d.sock)  # a socket file nobody listens on, as kill -9 leaves
    s.close()
    check(d.start() and d.ask("ping").get("pong"), "a stale socket file is replaced")
    check("removed the stale socket" in d.log(), "the stale socket is logged")
    check(d.stop() == 0 and not os.path.exists(d.sock), "SIGTERM: exit 0, socket file removed")
    with open(d.sock, "w") as f:
        f.write("not a socket")
    d.start(wait=False)
    check(d.proc.wait(timeout=10) == 1 and "is not a socket" in d.log(),
          "a regular file at the socket path is left alone and named")
    os.unlink(d.sock)


def test_activation(tmp):
    d = query_daemon(tmp, "activated")
    path = os.path.join(d.dir, "systemd.sock")
    lst = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    lst.bind(path)
    lst.listen(16)
    ok = d.start(activate=lst)
    d.sock = path
    check(ok and d.ask("ping").get("pong") and "socket activation" in d.log(),
          "socket activation: serves fd 3")
    check(not os.path.exists(os.path.join(d.dir, "sudokud.sock")),
          "socket activation: the configured path is not bound")
    check(d.stop() == 0 and os.path.exists(path), "the activated socket file is systemd's: kept")
    lst.close()


def test_sudokuctl(d, tmp):
    r = d.ctl("today", "hard")
    check(r.returncode == 0 and f"{d.today} hard" in r.stdout and "------+-------+------"
          in r.stdout, "sudokuctl today hard: a pretty grid")
    r = sd.ctl("today", "hard", "--json", "--socket", d.sock)
    check(r.returncode == 0 and json.loads(r.stdout)["puzzles"][0]["tier"] == "hard",
          "sudokuctl today --json: the raw reply")
    r = d.ctl("today", "expert")
    check(r.returncode == 1 and "not_found: tier expert is not configured" in r.stderr,
          "sudokuctl: error reply exits 1 with code and message")
    r = d.ctl("list", d.today, d.today)
    check(r.returncode == 0 and len(r.stdout.splitlines()) == 3, "sudokuctl list")
    r = d.ctl("check", WRONG_A1, "--puzzle", PUZZLE)
    check(r.returncode == 0 and "wrong: A1" in r.stdout, "sudokuctl check --puzzle")
    r = d.ctl("hint", PUZZLE)
    check(r.returncode == 0 and r.stdout.startswith("step: "), "sudokuctl hint via the daemon")
    r = d.ctl("stats")
    check(r.returncode == 0 and "puzzles_stored: 6" in r.stdout, "sudokuctl stats")
    r = sd.ctl("ping", "--socket", d.sock)
    check(r.returncode == 0 and r.stdout == "pong\n", "sudokuctl ping")
    r = d.ctl("get")
    check(r.returncode == 2, "sudokuctl get without DATE: usage, exit 2")
    r = d.ctl("ping", "--bogus")
    check(r.returncode == 2, "unknown option: exit 2")
    missing = os.path.join(tmp, "nobody.sock")
    r = sd.ctl("--socket", missing, "ping")
    check(r.returncode == 3 and missing in r.stderr, "no daemon: exit 3 naming the socket")
    r = sd.ctl("hint", PUZZLE)
    check(r.returncode == 0 and r.stdout.startswith("step: "), "sudokuctl hint works offline")


def test_extreme_after_migration(tmp):
    """A version-1 database (four tiers in its CHECK) is migrated by the
    daemon keeping every stored row as it was; then an extreme puzzle can
    be stored and `today extreme` serves it, through the socket and
    sudokuctl."""
    d = query_daemon(tmp, "migrated")
    columns = "id, date, tier, puzzle, solution, score, hardest_technique, seed, created_at"
    before = d.query(f"SELECT {columns} FROM puzzle ORDER BY id")
    with d:
        check(d.start(), "the daemon starts on a version-1 database")
        check(d.stop() == 0, "and stops")
        check(d.query("PRAGMA user_version")[0][0] == 2, "migrated to schema version 2")
        check(d.query(f"SELECT {columns} FROM puzzle ORDER BY id") == before,
              "the migration kept every stored puzzle as it was")
        puzzle = day_puzzles(d.today, 7)[2][2]
        sd.store_puzzles(d.db, [dict(date=d.today, tier="extreme", puzzle=puzzle,
                                     solution=SOLVED, score=7.5, hardest_technique="aic")])
        check(d.start(), "the daemon starts again")
        r = d.ask("today extreme")
        check(r.get("ok") and [p["tier"] for p in r["puzzles"]] == ["extreme"]
              and r["puzzles"][0]["puzzle"] == puzzle, "today extreme: the extreme puzzle")
        r = d.ask("today")
        check([p["tier"] for p in r["puzzles"]] == TIERS + ["extreme"],
              "today: extreme last, after the others")
        r = d.ctl("today", "extreme")
        check(r.returncode == 0 and f"{d.today} extreme" in r.stdout,
              "sudokuctl today extreme")
        check(d.stop() == 0, "SIGTERM: exit 0")


def test_queries(tmp):
    with query_daemon(tmp) as d:
        check(d.start(), "the daemon starts")
        test_commands(d)
        test_pipelining(d)
        test_socket_file(d, tmp)
        test_sudokuctl(d, tmp)
        rc = d.stop()
        check(rc == 0, f"SIGTERM: exit 0 (got {rc})")


if __name__ == "__main__":
    sys.exit(sd.main([test_queries, test_stale_socket, test_activation,
                      test_extreme_after_migration]))
