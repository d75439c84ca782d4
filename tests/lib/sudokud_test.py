"""What every Python integration test of sudokud shares (standard library
only): the programs under test, check() and the failure count, a daemon on
a temporary state directory (its config, its start with READY=1 over a
notify socket the test owns, its socket, its database, its stop), sudokuctl,
and an HTTP receiver for webhooks on 127.0.0.1.

Every daemon started here is stopped whatever happens short of SIGKILL to
the test itself: `with Daemon(...)` sends SIGTERM on leaving the block;
main() kills what a test left running when it returns or raises; and at
exit (also on SIGTERM, SIGHUP or Ctrl-C to the test) the process group of
each one still running gets SIGKILL.

A test is a file in tests/integration/ that ends with
    sys.exit(sd.main([test_one, test_two]))
where each test takes the temporary directory:
    def test_one(tmp):
        with sd.Daemon(tmp) as d:
            sd.check(d.start(), "starts")
            sd.check(d.ask("ping") == {"ok": True, "pong": True}, "ping")

Environment: BUILD (default "build") is the build directory; the release
daemon is $BUILD/sudokud and the test build with the test hooks
(SUDOKUD_TEST_CLOCK, SUDOKUD_TEST_FAULT) is $BUILD/test/sudokud
(Daemon(..., test_hooks=True)).  SUDOKUD_VALGRIND=1 (tests/valgrind-run)
marks a run under valgrind's slowdown: see check()'s native_only."""

import atexit
import base64
import datetime
import hashlib
import hmac
import http.server
import json
import os
import random
import signal
import socket
import sqlite3
import subprocess
import sys
import tempfile
import threading
import time
import traceback

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
sys.path.insert(0, os.path.join(ROOT, "tests", "integration"))
import receiver  # noqa: E402  the example receiver shipped for website owners

BUILD = os.environ.get("BUILD", "build")
UNDER_VALGRIND = os.environ.get("SUDOKUD_VALGRIND") == "1"

# GRID: a valid solution grid; PUZZLE: a puzzle whose one solution is SOLVED.
GRID = "".join(str((r * 3 + r // 3 + c) % 9 + 1) for r in range(9) for c in range(9))
PUZZLE = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
SOLVED = "483921657967345821251876493548132976729564138136798245372689514814253769695417382"
# A whsec_ secret for webhook signatures.
SECRET = "whsec_" + base64.b64encode(bytes(range(32))).decode()


def binary(name, test_hooks=False):
    """The absolute path of $BUILD/name, or of the test build's
    $BUILD/test/name when test_hooks."""
    return os.path.abspath(os.path.join(BUILD, "test" if test_hooks else "", name))


SUDOKUD = binary("sudokud")
SUDOKUCTL = binary("sudokuctl")


# ---- checks ------------------------------------------------------------

FAILURES = []
SKIPPED = []


def check(cond, what, native_only=None):
    """Prints "ok   what" or "FAIL what" and counts the failure; returns
    cond.  native_only: why the check cannot hold under valgrind's 20-50x
    slowdown (it times something); under SUDOKUD_VALGRIND=1 it is then
    printed as skipped, with that reason, and not judged."""
    if native_only and UNDER_VALGRIND:
        print(f"skip {what} (under valgrind: {native_only})", flush=True)
        SKIPPED.append(what)
        return cond
    print(("ok   " if cond else "FAIL ") + what, flush=True)
    if not cond:
        FAILURES.append(what)
    return cond


def wait_until(pred, timeout, step=0.05):
    """Until pred() holds or timeout seconds pass; returns pred()."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if pred():
            return True
        time.sleep(step)
    return pred()


def _name():
    return os.path.splitext(os.path.basename(sys.argv[0]))[0]


def skipped(reason):
    """For a test that cannot run here: prints why; returns exit status 0."""
    print(f"SKIPPED: {_name()}: {reason}", flush=True)
    return 0


def missing(what, packages):
    """For a test that cannot run for want of a tool: tests/missing says
    so; returns its exit status (0 skipped, 1 under CI=true)."""
    return subprocess.run([os.path.join(ROOT, "tests", "missing"), what, packages]).returncode


def main(tests, test_hooks=False, needs=("sudokud", "sudokuctl")):
    """Runs each test(tmp) with one temporary directory: a test that raises
    counts as one failure (its traceback printed) and the next one runs.
    Stops every daemon, prints "NAME: N failure(s)" and returns the exit
    status (1 if anything failed).  needs: the programs that must be built
    (sudokud from the test build when test_hooks)."""
    for exe in needs:
        path = binary(exe, test_hooks and exe == "sudokud")
        if not os.access(path, os.X_OK):
            print(f"FAIL {path} not built", flush=True)
            return 1
    name = _name()
    with tempfile.TemporaryDirectory(prefix=f"sudokud-{name}.") as tmp:
        for test in tests:
            try:
                test(tmp)
            except Exception as e:
                traceback.print_exc()
                check(False, f"{test.__name__} raised {type(e).__name__}: {e}")
            finally:
                stop_all()
    extra = f", {len(SKIPPED)} skipped under valgrind" if SKIPPED else ""
    print(f"{name}: {len(FAILURES)} failure(s){extra}", flush=True)
    return 1 if FAILURES else 0


# ---- every started process is stopped --------------------------------------

_RUNNING = set()
_RUNNING_LOCK = threading.RLock()  # also taken by the signal handler


def _started(proc):
    with _RUNNING_LOCK:
        _RUNNING.add(proc)


def _kill_group(proc):
    """SIGKILL to the process group proc leads (start_new_session), so a
    wrapper's children (strace, valgrind) go too."""
    if proc.poll() is None:
        try:
            os.killpg(proc.pid, signal.SIGKILL)
        except OSError:
            proc.kill()
    proc.wait()


def stop_all():
    """SIGKILL to every process started here that still runs."""
    with _RUNNING_LOCK:
        procs = list(_RUNNING)
        _RUNNING.clear()
    for proc in procs:
        _kill_group(proc)


def _on_signal(signum, frame):
    stop_all()
    sys.exit(128 + signum)


atexit.register(stop_all)
for _sig in (signal.SIGTERM, signal.SIGHUP):
    signal.signal(_sig, _on_signal)


# ---- sudokud -------------------------------------------------------------

def sudokud(*args, timeout=20, **kw):
    """Runs the release sudokud to its end (flags, --check-config...)."""
    return subprocess.run([SUDOKUD] + list(args), capture_output=True, text=True,
                          timeout=timeout, **kw)


def ctl(*args, input=None, cwd=None, timeout=20):
    """Runs sudokuctl to its end; a CompletedProcess with text output."""
    return subprocess.run([SUDOKUCTL] + list(args), input=input, capture_output=True,
                          text=True, timeout=timeout, cwd=cwd)


class Notify:
    """A datagram socket standing in for systemd's notify socket.  A thread
    reads it all the time, as systemd does: the daemon's sendto() blocks
    once a few messages wait unread."""

    def __init__(self, path):
        self.path = path
        self.sock = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
        self.sock.bind(path)
        self.sock.settimeout(0.2)
        self.seen = []
        self.cond = threading.Condition()
        self.closed = False
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self):
        while not self.closed:
            try:
                data = self.sock.recv(4096)
            except socket.timeout:
                continue
            except OSError:
                break
            with self.cond:
                self.seen.extend(data.decode(errors="replace").split("\n"))
                self.cond.notify_all()
        self.sock.close()

    def wait_for(self, message, timeout=10.0):
        """Whether a message starting with `message` arrives (since the
        last forget()) within timeout seconds."""
        with self.cond:
            return self.cond.wait_for(lambda: any(m.startswith(message) for m in self.seen),
                                      max(0.0, timeout))

    def forget(self):
        with self.cond:
            self.seen = []

    def close(self):
        self.closed = True


# Variables of the caller's environment that would change how the daemon
# runs: systemd's (journal logging, socket activation, its watchdog), the
# test hooks' and proxies (the receivers are local).
_ENV_DROP = ("NOTIFY_SOCKET", "JOURNAL_STREAM", "INVOCATION_ID", "LISTEN_FDS", "LISTEN_PID",
             "LISTEN_FDNAMES", "WATCHDOG_USEC", "WATCHDOG_PID", "http_proxy", "https_proxy",
             "HTTP_PROXY", "HTTPS_PROXY", "all_proxy", "ALL_PROXY")


def daemon_env(extra=None):
    env = {k: v for k, v in os.environ.items()
           if k not in _ENV_DROP and not k.startswith("SUDOKUD_TEST_")}
    env.update(extra or {})
    return env


def config_text(sections):
    """INI text of {section: {key: value}}; a value None leaves the key out."""
    out = []
    for section, keys in sections.items():
        out.append(f"[{section}]\n")
        out += [f"{k} = {v}\n" for k, v in keys.items() if v is not None]
    return "".join(out)


def webhook(url, secret=SECRET, **keys):
    """The keys of a [webhook "NAME"] section, retry_base 1 s unless given."""
    return dict({"url": url, "secret": secret, "retry_base": 1}, **keys)


class Daemon:
    """A state directory tmp/name holding its config (sudokud.conf), socket
    (sudokud.sock), database (sudokud.db), the daemons' stderr (stderr) and
    a notify socket; and the sudokud processes run on it, one at a time.

    config: {section: {key: value}} merged over the defaults below (a value
    None removes a default key); webhooks: {name: webhook(...)}."""

    def __init__(self, tmp, name="d", config=None, webhooks=None, test_hooks=False):
        self.dir = os.path.join(tmp, name)
        os.makedirs(self.dir, exist_ok=True)
        self.conf = os.path.join(self.dir, "sudokud.conf")
        self.sock = os.path.join(self.dir, "sudokud.sock")
        self.db = os.path.join(self.dir, "sudokud.db")
        self.errpath = os.path.join(self.dir, "stderr")
        self.exe = binary("sudokud", test_hooks)
        self.notify = Notify(os.path.join(self.dir, "notify.sock"))
        self.proc = None
        self.wrapped = False
        self.write_config(config, webhooks)

    def write_config(self, config=None, webhooks=None):
        sections = {
            "daemon": {"state_directory": self.dir, "socket": self.sock, "log_level": "debug"},
            "schedule": {"time_zone": "UTC", "publish_time": "00:00", "days_ahead": 0},
            "generator": {"secret": "integration-test-secret"},
        }
        for section, keys in (config or {}).items():
            sections.setdefault(section, {}).update(keys)
        for name, keys in (webhooks or {}).items():
            sections[f'webhook "{name}"'] = keys
        self.config, self.webhooks = config, webhooks
        with open(self.conf, "w") as f:
            f.write(config_text(sections))

    def start(self, env=None, wait=True, timeout=10, wrap=(), activate=None):
        """Starts sudokud -c CONF --foreground (after the command wrap, e.g.
        strace) with a clean environment plus env, NOTIFY_SOCKET set to the
        notify socket, stderr appended to self.errpath.  activate: a
        listening socket handed over as systemd's socket activation does
        (fd 3, LISTEN_FDS=1).  With wait, returns whether READY=1 arrived
        within timeout seconds."""
        self.notify.forget()
        e = daemon_env(env)
        e["NOTIFY_SOCKET"] = self.notify.path
        argv = list(wrap) + [self.exe, "-c", self.conf, "--foreground"]
        pass_fds, preexec = (), None
        if activate is not None:
            # LISTEN_PID must be the daemon's own pid: sh sets its own and
            # execs the daemon in its place.  Popen closes the descriptors
            # not in pass_fds after preexec_fn, so 3 is kept explicitly.
            argv = ["sh", "-c", 'LISTEN_PID=$$; export LISTEN_PID; exec "$@"', "sh"] + argv
            e["LISTEN_FDS"] = "1"
            fd = activate.fileno()
            pass_fds, preexec = (fd, 3), lambda: os.dup2(fd, 3)
        with open(self.errpath, "a") as err:
            self.proc = subprocess.Popen(argv, stdin=subprocess.DEVNULL,
                                         stdout=subprocess.DEVNULL, stderr=err, env=e,
                                         pass_fds=pass_fds, preexec_fn=preexec,
                                         start_new_session=True)
        self.wrapped = bool(wrap)
        _started(self.proc)
        return self.wait_ready(timeout) if wait else None

    def wait_ready(self, timeout=10):
        """Whether READY=1 arrives (since start) before timeout or the exit."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.notify.wait_for("READY=1", min(0.1, deadline - time.monotonic())):
                return True
            if self.proc.poll() is not None:
                return False
        return False

    def pid(self):
        """The daemon's pid: with a wrapper, its child."""
        if not self.wrapped:
            return self.proc.pid
        for entry in os.listdir("/proc"):
            if entry.isdigit():
                try:
                    with open(f"/proc/{entry}/stat") as f:
                        if int(f.read().rsplit(")", 1)[1].split()[1]) == self.proc.pid:
                            return int(entry)
                except OSError:
                    continue
        raise RuntimeError(f"no child of {self.proc.pid}")

    def signal(self, signum):
        os.kill(self.pid(), signum)

    def stop(self, timeout=10):
        """SIGTERM and the exit status; None if it had to be killed after
        timeout seconds (or was never started)."""
        if self.proc is None:
            return None
        if self.proc.poll() is None:
            self.signal(signal.SIGTERM)
        try:
            return self.proc.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            _kill_group(self.proc)
            return None

    def kill9(self):
        _kill_group(self.proc)

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.stop()
        self.notify.close()

    def running(self):
        return self.proc is not None and self.proc.poll() is None

    def log(self):
        with open(self.errpath) as f:
            return f.read()

    def rss_kib(self):
        with open(f"/proc/{self.pid()}/status") as f:
            for line in f:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1])
        return -1

    # -- the socket --

    def connect(self, timeout=5):
        s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        s.settimeout(timeout)
        s.connect(self.sock)
        return s

    def ask(self, *lines, timeout=10):
        """Sends the lines on one connection; the parsed reply (for several
        lines, the list of those that came within timeout)."""
        s = self.connect(timeout)
        try:
            s.sendall("".join(line + "\n" for line in lines).encode())
            replies = read_replies(s, len(lines), timeout)
        finally:
            s.close()
        if len(lines) > 1:
            return replies
        if not replies:
            raise ConnectionError(f"no reply to {lines[0]!r}")
        return replies[0]

    def ctl(self, *args, **kw):
        """sudokuctl --socket SOCK args..."""
        return ctl("--socket", self.sock, *args, **kw)

    def ctl_json(self, *args):
        """sudokuctl --socket SOCK args... --json: the run and its parsed
        output (None when empty)."""
        r = self.ctl(*args, "--json")
        return r, (json.loads(r.stdout) if r.stdout.strip() else None)

    # -- the database --

    def query(self, sql, args=(), readonly=False, missing_ok=False):
        return query(self.db, sql, args, readonly, missing_ok)

    def create_db(self):
        """Lets sudokud create its database in a short run without webhooks:
        it may make and publish today before SIGTERM arrives, and no
        receiver may hear of that run (store_day replaces the day).
        Returns the run's exit status."""
        config, webhooks = self.config, self.webhooks
        self.write_config(config)
        self.start()
        rc = self.stop()
        self.write_config(config, webhooks)
        return rc


def daemon_session(tmp, body, **kw):
    """Starts a Daemon(tmp, **kw), runs body(d) on it and stops it, checking
    that it started and that SIGTERM made it exit 0."""
    with Daemon(tmp, **kw) as d:
        check(d.start(), "the daemon starts")
        body(d)
        rc = d.stop()
        check(rc == 0, f"SIGTERM: exit 0 (got {rc})")


def read_replies(s, n, timeout=10):
    """Up to n JSON lines from socket s, read within timeout seconds."""
    buf = b""
    deadline = time.monotonic() + timeout
    while buf.count(b"\n") < n and time.monotonic() < deadline:
        chunk = s.recv(65536)
        if not chunk:
            break
        buf += chunk
    return [json.loads(line) for line in buf.split(b"\n")[:n] if line]


def code_of(reply):
    """"ok" or the error code of a reply."""
    return reply.get("error", {}).get("code") if not reply.get("ok") else "ok"


# ---- the database ------------------------------------------------------------

def query(dbpath, sql, args=(), readonly=False, missing_ok=False):
    """The rows of sql on the database at dbpath (opened read-only when told).
    missing_ok: [] when the database or its schema does not exist yet."""
    if missing_ok and not os.path.exists(dbpath):
        return []
    db = sqlite3.connect(f"file:{dbpath}?mode=ro" if readonly else dbpath, uri=readonly,
                         timeout=10)
    try:
        return db.execute(sql, args).fetchall()
    except sqlite3.OperationalError:
        if missing_ok:
            return []
        raise
    finally:
        db.close()


def create_schema(dbpath):
    """Creates a version-1 database as sudokud 1 did (schema/001_initial.sql,
    user_version 1); a daemon started on it migrates it (schema/002 ...)."""
    db = sqlite3.connect(dbpath)
    with open(os.path.join(ROOT, "schema", "001_initial.sql")) as f:
        db.executescript(f.read())
    db.execute("PRAGMA user_version = 1")
    db.execute("PRAGMA application_id = %d" % 0x53644B64)
    db.commit()
    db.close()


PUZZLE_DEFAULTS = dict(score=1.0, hardest_technique="naked_single", technique_counts="{}",
                       symmetry="none", seed="test", generator_version="test", created_at=0)


def store_puzzles(dbpath, rows, replace_days=False, or_ignore=False):
    """Stores puzzles as the generator would: rows are dicts with date, tier,
    puzzle, solution and any other column of the puzzle table (the rest from
    PUZZLE_DEFAULTS, clues counted).  replace_days: first deletes the
    puzzles, publication and outbox events of the rows' dates."""
    db = sqlite3.connect(dbpath)
    if replace_days:
        for date in sorted({r["date"] for r in rows}):
            for table in ("webhook_outbox", "publication", "puzzle"):
                db.execute(f"DELETE FROM {table} WHERE date = ?", (date,))
    for r in rows:
        row = dict(PUZZLE_DEFAULTS, clues=81 - r["puzzle"].count("."), **r)
        cols = ", ".join(row)
        db.execute(f"INSERT {'OR IGNORE ' if or_ignore else ''}INTO puzzle ({cols}) "
                   f"VALUES ({', '.join('?' * len(row))})", tuple(row.values()))
    db.commit()
    db.close()


def store_day(dbpath, date, salt):
    """Three known puzzles of GRID (easy, medium, hard, scores 1.5, 3.0 and
    4.5; salt varies the givens) for date, in place of any stored for it."""
    rows = []
    for n, tier in enumerate(["easy", "medium", "hard"], start=1):
        bits = n + 4 * salt
        puzzle = "".join("." if i < 40 and (bits >> (i % 20)) & 1 else GRID[i] for i in range(81))
        rows.append(dict(date=date, tier=tier, puzzle=puzzle, solution=GRID, score=1.5 * n))
    store_puzzles(dbpath, rows, replace_days=True)


def store_days(dbpath, last, n):
    """store_day for the n days ending at last (salt i for the day i days
    before it); returns the first of them."""
    for i in range(n):
        store_day(dbpath, days_from(last, -i), i)
    return days_from(last, -(n - 1))


def test_clock_env(day_seconds, **extra):
    """The environment of the test build's clock (daemon/clock.h): a
    simulated day of day_seconds real seconds that begins one minute after
    today's (UTC) publish time of 00:00, the same for every daemon started
    with it; extra variables added as given."""
    factor = 86400.0 / day_seconds
    now = time.time()
    start = now // 86400 * 86400 + 60
    epoch = (now * factor - start) / (factor - 1)
    return dict(SUDOKUD_TEST_CLOCK="1", SUDOKUD_TEST_DAY_SECONDS=str(day_seconds),
                SUDOKUD_TEST_EPOCH=f"{epoch:.3f}", **extra)


def today():
    """Today's date in UTC, ISO."""
    return datetime.datetime.now(datetime.timezone.utc).date().isoformat()


def days_from(date, n):
    """The ISO date n days after (before, when negative) the ISO date."""
    return (datetime.date.fromisoformat(date) + datetime.timedelta(days=n)).isoformat()


# ---- webhooks ------------------------------------------------------------

class Receiver:
    """An HTTP server on 127.0.0.1 answering POSTs from a script: each entry
    is a status code, (status, reply size) or "hang" (never answers, until
    close()); the last entry repeats.  requests lists (time, headers, body)
    of each.

    With secret, each request is first verified with the example
    receiver's Verifier (a failure: 401, counted in bad, no script entry
    used); then with probability fail_rate (rng seeded with seed) it gets
    500 (counted in failed).  accepted counts 2xx answers per webhook-id
    and events holds the parsed body of each."""

    def __init__(self, script=(200,), port=0, secret=None, fail_rate=0.0, seed=0):
        self.verifier = receiver.Verifier(secret) if secret else None
        self.fail_rate = fail_rate
        self.release = threading.Event()
        self.lock = threading.Lock()
        self.reset(script, random.Random(seed))
        outer = self

        class Handler(http.server.BaseHTTPRequestHandler):
            def do_POST(self):
                body = self.rfile.read(int(self.headers.get("Content-Length") or 0))
                action, msg_id = outer.take(dict(self.headers.items()), self.headers, body)
                if action == "hang":
                    outer.release.wait(60)
                    return
                status, size = action if isinstance(action, tuple) else (action, 2)
                self.send_response(status)
                self.send_header("Content-Length", str(size))
                if 300 <= status < 400:
                    self.send_header("Location", "http://127.0.0.1:1/elsewhere")
                self.end_headers()
                try:
                    self.wfile.write(b"n" * size)
                except OSError:
                    pass  # the daemon stopped reading: the reply cap

            def log_message(self, *args):
                pass

        self.server = http.server.ThreadingHTTPServer(("127.0.0.1", port), Handler)
        self.server.daemon_threads = True
        self.port = self.server.server_address[1]
        self.url = f"http://127.0.0.1:{self.port}/"
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def reset(self, script=None, rng=None):
        """Forgets every request; a new script and rng when given."""
        with self.lock:
            if script is not None:
                self.script = list(script)
            if rng is not None:
                self.rng = rng
            self.requests = []
            self.used = self.failed = self.bad = 0
            self.accepted = {}  # webhook-id -> times answered 2xx
            self.events = {}    # webhook-id -> parsed body

    def take(self, headers, raw_headers, body):
        """Records a request; (the action, its webhook-id)."""
        with self.lock:
            self.requests.append((time.time(), headers, body))
            msg_id = raw_headers.get("webhook-id")
            if self.verifier:
                try:
                    msg_id = self.verifier.verify(raw_headers, body)
                except receiver.VerificationError:
                    self.bad += 1
                    return 401, msg_id
            action = self.script[min(self.used, len(self.script) - 1)]
            self.used += 1
            if self.fail_rate and self.rng.random() < self.fail_rate:
                self.failed += 1
                return 500, msg_id
            status = action[0] if isinstance(action, tuple) else action
            if status != "hang" and 200 <= status < 300:
                self.accepted[msg_id] = self.accepted.get(msg_id, 0) + 1
                self.events[msg_id] = json.loads(body)
            return action, msg_id

    def count(self):
        with self.lock:
            return len(self.requests)

    def close(self):
        self.release.set()
        self.server.shutdown()
        self.server.server_close()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()


SIGNED = []  # (secret, lower-case headers, body) of every request verify_request saw


def verify_request(req, secret, what):
    """Checks a Receiver request's signature with the example receiver's
    verifier and an independent hmac; returns its headers, lower-case."""
    _, headers, body = req
    lower = {k.lower(): v for k, v in headers.items()}
    try:
        receiver.Verifier(secret).verify(lower, body)
        example_ok = True
    except receiver.VerificationError as e:
        example_ok = False
        print(f"     verifier: {e}")
    key = base64.b64decode(secret[len("whsec_"):])
    signed = f"{lower['webhook-id']}.{lower['webhook-timestamp']}.".encode() + body
    want = "v1," + base64.b64encode(hmac.new(key, signed, hashlib.sha256).digest()).decode()
    check(example_ok and hmac.compare_digest(lower["webhook-signature"], want),
          f"{what}: signature verifies (example receiver and plain hmac)")
    SIGNED.append((secret, lower, body))
    return lower
