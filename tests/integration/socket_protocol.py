#!/usr/bin/env python3
"""The query socket of the real build/sudokud on a real Unix socket: every
command and error code, case-insensitivity, pipelining with replies in
order (also behind slow thread-pool requests), the socket's mode, a stale
socket file replaced and a live one refused, socket activation on fd 3,
and sudokuctl against it (output, --json, exit codes 0/1/2/3).

A complete day is written into the database with sqlite3 before the daemon
starts, since the generator is not wired in yet.  socket_limits.py imports
the Daemon helper from here."""

import datetime
import json
import os
import signal
import socket
import sqlite3
import stat
import subprocess
import sys
import tempfile
import time

BUILD = os.environ.get("BUILD", "build")
SUDOKUD = os.path.abspath(os.path.join(BUILD, "sudokud"))
SUDOKUCTL = os.path.abspath(os.path.join(BUILD, "sudokuctl"))
ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
FAILURES = []

PUZZLE = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
SOLVED = "483921657967345821251876493548132976729564138136798245372689514814253769695417382"
WRONG_A1 = "5" + PUZZLE[1:]
TIERS = ["easy", "medium", "hard"]


def check(cond, what):
    print(("ok   " if cond else "FAIL ") + what)
    if not cond:
        FAILURES.append(what)
    return cond


def today_utc():
    return datetime.datetime.now(datetime.timezone.utc).date().isoformat()


def day_puzzles(date, n):
    """Three distinct puzzles (givens of SOLVED) for date; n varies them."""
    out = []
    for t, tier in enumerate(TIERS):
        holes = {(n * 7 + t * 13 + k * 5) % 81 for k in range(30 + t * 5)}
        puzzle = "".join("." if i in holes else SOLVED[i] for i in range(81))
        out.append((date, tier, puzzle))
    return out


def fill_database(path, dates):
    """Creates the database as sudokud would and stores a day per date."""
    db = sqlite3.connect(path)
    with open(os.path.join(ROOT, "schema", "001_initial.sql")) as f:
        db.executescript(f.read())
    db.execute("PRAGMA user_version = 1")
    db.execute("PRAGMA application_id = %d" % 0x53644B64)
    for n, date in enumerate(dates):
        for d, tier, puzzle in day_puzzles(date, n):
            db.execute(
                "INSERT INTO puzzle (date, tier, puzzle, solution, score, hardest_technique, "
                "technique_counts, clues, symmetry, seed, generator_version, created_at) "
                "VALUES (?,?,?,?,?,?,?,?,?,?,?,?)",
                (d, tier, puzzle, SOLVED, 1.5 + TIERS.index(tier), "hidden_single",
                 '{"hidden_single": 12}', 81 - puzzle.count("."), "none", "test-seed", "test-1",
                 1700000000 + n))
    db.commit()
    db.close()


class Daemon:
    """build/sudokud with a temporary config and state directory."""

    def __init__(self, tmp, name="d", max_clients=64, idle=30, fill=True, extra=""):
        self.dir = os.path.join(tmp, name)
        os.makedirs(self.dir, exist_ok=True)
        self.sock = os.path.join(self.dir, "sudokud.sock")
        self.conf = os.path.join(self.dir, "sudokud.conf")
        self.errpath = os.path.join(self.dir, "stderr")
        with open(self.conf, "w") as f:
            f.write("[daemon]\n"
                    f"state_directory = {self.dir}\n"
                    f"socket = {self.sock}\n"
                    "socket_mode = 0660\n"
                    f"socket_max_clients = {max_clients}\n"
                    f"socket_idle_timeout = {idle}\n"
                    "log_level = debug\n"
                    "[schedule]\ntime_zone = UTC\ndays_ahead = 0\n"
                    "[generator]\nsecret = integration-test-secret\n" + extra)
        self.today = today_utc()
        if fill:
            yesterday = (datetime.date.fromisoformat(self.today)
                         - datetime.timedelta(days=1)).isoformat()
            fill_database(os.path.join(self.dir, "sudokud.db"), [yesterday, self.today])
        self.proc = None

    def start(self, env=None, pass_fds=(), preexec=None, wait=True):
        e = dict(os.environ)
        e.pop("NOTIFY_SOCKET", None)
        e.pop("LISTEN_FDS", None)
        e.update(env or {})
        self.err = open(self.errpath, "a")
        self.proc = subprocess.Popen([SUDOKUD, "-c", self.conf, "--foreground"],
                                     stdout=subprocess.DEVNULL, stderr=self.err, env=e,
                                     pass_fds=pass_fds, preexec_fn=preexec)
        if wait:
            self.wait_ready()
        return self

    def wait_ready(self, timeout=10):
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            try:
                if self.ask("ping") == {"ok": True, "pong": True}:
                    return True
            except OSError:
                pass
            if self.proc.poll() is not None:
                return False
            time.sleep(0.02)
        return False

    def connect(self, timeout=5):
        s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        s.settimeout(timeout)
        s.connect(self.sock)
        return s

    def ask(self, *lines):
        """Sends the lines on one connection; returns the parsed replies."""
        s = self.connect()
        s.sendall("".join(l + "\n" for l in lines).encode())
        replies = read_replies(s, len(lines))
        s.close()
        return replies[0] if len(lines) == 1 else replies

    def log(self):
        with open(self.errpath) as f:
            return f.read()

    def rss_kib(self):
        with open(f"/proc/{self.proc.pid}/status") as f:
            for line in f:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1])
        return -1

    def stop(self):
        if self.proc is None or self.proc.poll() is not None:
            return self.proc.returncode if self.proc else None
        self.proc.send_signal(signal.SIGTERM)
        try:
            return self.proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            return None
        finally:
            self.err.close()


def read_replies(s, n, timeout=10):
    buf = b""
    deadline = time.monotonic() + timeout
    while buf.count(b"\n") < n and time.monotonic() < deadline:
        chunk = s.recv(65536)
        if not chunk:
            break
        buf += chunk
    return [json.loads(l) for l in buf.split(b"\n")[:n] if l]


def code_of(reply):
    return reply.get("error", {}).get("code") if not reply.get("ok") else "ok"


def ctl(*args):
    return subprocess.run([SUDOKUCTL] + list(args), capture_output=True, text=True, timeout=20)


# ---- tests -----------------------------------------------------------------

def test_commands(d):
    r = d.ask("ping")
    check(r == {"ok": True, "pong": True}, "ping")
    r = d.ask("HeLp")
    check(r["ok"] and [c["name"] for c in r["commands"]] ==
          ["ping", "help", "stats", "today", "get", "list", "solve", "grade", "hint", "check",
           "webhook", "backup"],
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
        "code": "not_found", "message": f"no expert puzzle for {d.today}"}},
        "today expert: not_found names tier and date")
    yesterday = (datetime.date.fromisoformat(d.today) - datetime.timedelta(days=1)).isoformat()
    r = d.ask(f"get {yesterday} medium")
    check(r["ok"] and r["puzzles"][0]["date"] == yesterday, "get DATE TIER")
    r = d.ask("get 2001-01-01")
    check(code_of(r) == "not_found" and "no puzzles for 2001-01-01" in r["error"]["message"],
          "get of an empty day: not_found")
    tomorrow = (datetime.date.fromisoformat(d.today) + datetime.timedelta(days=1)).isoformat()
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
    other = Daemon(tmp, "second", fill=False)
    other.sock = d.sock
    with open(other.conf) as f:
        text = f.read().replace(os.path.join(other.dir, "sudokud.sock"), d.sock)
    with open(other.conf, "w") as f:
        f.write(text)
    other.start(wait=False)
    rc = other.proc.wait(timeout=10)
    check(rc == 1 and "is listening on" in other.log(), "a second daemon refuses a live socket")
    check(d.ask("ping").get("pong"), "the first daemon still answers")


def test_stale_socket(tmp):
    d = Daemon(tmp, "stale")
    s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    s.bind(d.sock)  # a socket file nobody listens on, as kill -9 leaves
    s.close()
    d.start()
    check(d.ask("ping").get("pong"), "a stale socket file is replaced")
    check("removed the stale socket" in d.log(), "the stale socket is logged")
    check(d.stop() == 0 and not os.path.exists(d.sock), "SIGTERM: exit 0, socket file removed")
    with open(d.sock, "w") as f:
        f.write("not a socket")
    d.start(wait=False)
    check(d.proc.wait(timeout=10) == 1 and "is not a socket" in d.log(),
          "a regular file at the socket path is left alone and named")
    os.unlink(d.sock)


def test_activation(tmp):
    d = Daemon(tmp, "activated")
    path = os.path.join(d.dir, "systemd.sock")
    lst = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    lst.bind(path)
    lst.listen(16)

    def to_fd3():
        os.dup2(lst.fileno(), 3)
        os.environ["LISTEN_PID"] = str(os.getpid())

    e = dict(os.environ, LISTEN_FDS="1")
    e.pop("NOTIFY_SOCKET", None)
    d.err = open(d.errpath, "a")
    # LISTEN_PID must be the daemon's pid: set it in the child before exec.
    d.proc = subprocess.Popen([SUDOKUD, "-c", d.conf, "--foreground"], stderr=d.err,
                              env=None, preexec_fn=lambda: (os.environ.update(e), to_fd3()),
                              pass_fds=(lst.fileno(),))
    d.sock = path
    ok = d.wait_ready()
    check(ok and "socket activation" in d.log(), "socket activation: serves fd 3")
    check(not os.path.exists(os.path.join(d.dir, "sudokud.sock")),
          "socket activation: the configured path is not bound")
    check(d.stop() == 0 and os.path.exists(path), "the activated socket file is systemd's: kept")
    lst.close()


def test_sudokuctl(d, tmp):
    r = ctl("--socket", d.sock, "today", "hard")
    check(r.returncode == 0 and f"{d.today} hard" in r.stdout and "------+-------+------"
          in r.stdout, "sudokuctl today hard: a pretty grid")
    r = ctl("today", "hard", "--json", "--socket", d.sock)
    check(r.returncode == 0 and json.loads(r.stdout)["puzzles"][0]["tier"] == "hard",
          "sudokuctl today --json: the raw reply")
    r = ctl("--socket", d.sock, "today", "expert")
    check(r.returncode == 1 and "not_found: no expert puzzle" in r.stderr,
          "sudokuctl: error reply exits 1 with code and message")
    r = ctl("--socket", d.sock, "list", d.today, d.today)
    check(r.returncode == 0 and len(r.stdout.splitlines()) == 3, "sudokuctl list")
    r = ctl("--socket", d.sock, "check", WRONG_A1, "--puzzle", PUZZLE)
    check(r.returncode == 0 and "wrong: A1" in r.stdout, "sudokuctl check --puzzle")
    r = ctl("--socket", d.sock, "hint", PUZZLE)
    check(r.returncode == 0 and r.stdout.startswith("step: "), "sudokuctl hint via the daemon")
    r = ctl("--socket", d.sock, "stats")
    check(r.returncode == 0 and "puzzles_stored: 6" in r.stdout, "sudokuctl stats")
    r = ctl("ping", "--socket", d.sock)
    check(r.returncode == 0 and r.stdout == "pong\n", "sudokuctl ping")
    r = ctl("--socket", d.sock, "get")
    check(r.returncode == 2, "sudokuctl get without DATE: usage, exit 2")
    r = ctl("--socket", d.sock, "ping", "--bogus")
    check(r.returncode == 2, "unknown option: exit 2")
    missing = os.path.join(tmp, "nobody.sock")
    r = ctl("--socket", missing, "ping")
    check(r.returncode == 3 and missing in r.stderr, "no daemon: exit 3 naming the socket")
    r = ctl("hint", PUZZLE)
    check(r.returncode == 0 and r.stdout.startswith("step: "), "sudokuctl hint works offline")


def main():
    if not os.path.exists(SUDOKUD):
        print(f"{SUDOKUD} not built")
        return 1
    with tempfile.TemporaryDirectory(prefix="sudokud-sock-") as tmp:
        d = Daemon(tmp).start()
        try:
            test_commands(d)
            test_pipelining(d)
            test_socket_file(d, tmp)
            test_sudokuctl(d, tmp)
        finally:
            rc = d.stop()
        check(rc == 0, f"SIGTERM: exit 0 (got {rc})")
        test_stale_socket(tmp)
        test_activation(tmp)
    if FAILURES:
        print(f"{len(FAILURES)} failure(s)")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
