#!/usr/bin/env python3
"""Checks that the sandbox of systemd/sudokud.service lets the daemon do its
work, without systemd: runs the real daemon under strace through a day's
work (generation, publishing, a webhook delivery over HTTP to a local
receiver, every kind of query, the operator commands including a backup,
a SIGHUP reload, SIGTERM) and checks what it
asked of the kernel against the unit:

  - every system call is allowed by the unit's SystemCallFilter= lines
    (resolved with `systemd-analyze syscall-filter`, in order: the first
    allow list, then ~removals and additions);
  - every socket it opens is of a family in RestrictAddressFamilies=;
  - no memory mapping is writable and executable at once
    (MemoryDenyWriteExecute=).

A call the filter misses would fail with EPERM under the unit
(SystemCallErrorNumber=EPERM).  Not covered: TLS and DNS to a real
receiver (curl answers "localhost" itself), the socket-activation path
(socket_protocol.py; it adds only getsockopt and getsockname).  When
this runs as root, SQLite's fchown of its journal files (which it does only
as root; the unit runs as the user sudokud) is not counted.  Skips when
strace or systemd-analyze is missing."""

import http.server
import json
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time

BUILD = os.environ.get("BUILD", "build")
SUDOKUD = os.path.abspath(os.path.join(BUILD, "sudokud"))
SERVICE = "systemd/sudokud.service"
SECRET = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw"
FAILURES = []


def check(cond, what):
    print(("ok   " if cond else "FAIL ") + what)
    if not cond:
        FAILURES.append(what)


def unit_values(key):
    with open(SERVICE) as f:
        return [line.split("=", 1)[1].strip() for line in f
                if line.startswith(key + "=")]


def resolve_group(name, seen=None):
    """The system calls of @group (nested groups expanded) or of a name."""
    if not name.startswith("@"):
        return {name}
    seen = seen if seen is not None else set()
    if name in seen:
        return set()
    seen.add(name)
    out = subprocess.run(["systemd-analyze", "syscall-filter", name],
                         capture_output=True, text=True, check=True).stdout
    calls = set()
    for line in out.splitlines()[1:]:
        word = line.strip()
        if not word or word.startswith("#"):
            continue
        calls |= resolve_group(word, seen)
    return calls


def allowed_syscalls():
    """SystemCallFilter= semantics for a unit whose first line allows."""
    allowed = None
    for value in unit_values("SystemCallFilter"):
        deny = value.startswith("~")
        names = set()
        for word in value.lstrip("~").split():
            names |= resolve_group(word)
        if allowed is None:
            if deny:
                raise SystemExit("the first SystemCallFilter= is a deny list; "
                                 "this test expects an allow list")
            allowed = names
        elif deny:
            allowed -= names
        else:
            allowed |= names
    return allowed or set()


class Receiver:
    def __init__(self):
        self.ids = []
        outer = self

        class Handler(http.server.BaseHTTPRequestHandler):
            def do_POST(self):
                self.rfile.read(int(self.headers.get("Content-Length", "0")))
                outer.ids.append(self.headers.get("webhook-id"))
                self.send_response(200)
                self.end_headers()

            def log_message(self, *args):
                pass

        self.server = http.server.HTTPServer(("127.0.0.1", 0), Handler)
        self.port = self.server.server_address[1]
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def close(self):
        self.server.shutdown()
        self.server.server_close()


def ask(path, line):
    with socket.socket(socket.AF_UNIX) as s:
        s.settimeout(20)
        s.connect(path)
        s.sendall(line.encode() + b"\n")
        data = b""
        while not data.endswith(b"\n"):
            chunk = s.recv(65536)
            if not chunk:
                break
            data += chunk
    return json.loads(data)


def wait_until(pred, timeout):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if pred():
            return True
        time.sleep(0.1)
    return pred()


def child_of(parent):
    """The process strace started (signals go to it, not to strace)."""
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat") as f:
                fields = f.read().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[1]) == parent:
            return int(entry)
    raise RuntimeError(f"no child of {parent}")


def exercise(tmp, receiver):
    state = os.path.join(tmp, "state")
    sock = os.path.join(state, "sudokud.sock")
    conf = os.path.join(tmp, "sudokud.conf")
    with open(conf, "w") as f:
        f.write("[daemon]\n"
                f"state_directory = {state}\n"
                f"socket = {sock}\n"
                "log_level = debug\n"
                "[schedule]\ntime_zone = UTC\ndays_ahead = 0\ntiers = easy\n"
                "[generator]\nsecret = unit-sandbox-test-secret\n"
                '[webhook "local"]\n'
                f"url = http://localhost:{receiver.port}/hook\n"
                f"secret = {SECRET}\nretry_base = 1\n")
    trace = os.path.join(tmp, "trace")
    log = open(os.path.join(tmp, "daemon.log"), "w")
    env = dict(os.environ, WATCHDOG_USEC="1000000")
    proc = subprocess.Popen(["strace", "-f", "-qq", "-o", trace, SUDOKUD, "-c", conf,
                             "--foreground"], stderr=log, env=env)
    try:
        check(wait_until(lambda: os.path.exists(sock), 30), "the traced daemon listens")
        check(wait_until(lambda: receiver.ids, 60),
              "the traced daemon generates, publishes and delivers a webhook")
        today = ask(sock, "today easy solution")
        check(today.get("ok") is True, "today easy")
        puzzle = today["puzzles"][0]["puzzle"] if today.get("ok") else "." * 81
        for line in ["ping", "help", "stats", f"solve {puzzle}", f"grade {puzzle}",
                     f"hint {puzzle}", f"check {puzzle} {puzzle}",
                     f"list {today.get('date', '2026-01-01')} {today.get('date', '2026-01-01')}",
                     "webhook status", "webhook test", "webhook retry all",
                     f"backup {state}/backup.db"]:
            check(ask(sock, line).get("ok") is True, " ".join(line.split()[:2])[:40])
        pid = child_of(proc.pid)
        os.kill(pid, signal.SIGHUP)
        check(ask(sock, "ping").get("ok") is True, "answers after SIGHUP")
        os.kill(pid, signal.SIGTERM)
        check(proc.wait(timeout=30) == 0, "the traced daemon stops with 0 on SIGTERM")
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
        log.close()
    return trace


def analyse(trace):
    calls, families, wx = set(), set(), []
    # "PID name(args) = result" or "PID name(args <unfinished ...>"; the
    # "<... name resumed>" halves and signal lines add nothing.
    call_re = re.compile(r"^\d+\s+([a-z0-9_]+)\(")
    with open(trace) as f:
        for line in f:
            m = call_re.match(line)
            if not m:
                continue
            name = m.group(1)
            calls.add(name)
            if name in ("socket", "socketpair"):
                fam = re.search(r"\((AF_[A-Z0-9]+|PF_[A-Z0-9]+)", line)
                if fam:
                    families.add(fam.group(1).replace("PF_", "AF_"))
            if name in ("mmap", "mprotect", "pkey_mprotect") and \
                    "PROT_WRITE" in line and "PROT_EXEC" in line:
                wx.append(line.strip())
    return calls, families, wx


def main():
    for tool in ("strace", "systemd-analyze"):
        if shutil.which(tool) is None:
            print(f"SKIP: {tool} is not installed")
            return 0
    allowed = allowed_syscalls()
    check(len(allowed) > 100, f"the unit's filter resolves ({len(allowed)} system calls)")
    families = set(" ".join(unit_values("RestrictAddressFamilies")).split())
    receiver = Receiver()
    tmp = tempfile.mkdtemp()
    try:
        trace = exercise(tmp, receiver)
        calls, used_families, wx = analyse(trace)
    finally:
        receiver.close()
    if os.geteuid() == 0:
        calls -= {"fchown", "fchown32"}
    denied = sorted(calls - allowed)
    print(f"     {len(calls)} distinct system calls: {' '.join(sorted(calls))}")
    check(not denied, "every system call is allowed by SystemCallFilter="
          + (f" (denied: {' '.join(denied)})" if denied else ""))
    outside = sorted(used_families - families)
    check(not outside, f"sockets only of {' '.join(sorted(families))}"
          + (f" (also: {' '.join(outside)})" if outside else ""))
    check(not wx, "no writable and executable mapping" + (f": {wx[0]}" if wx else ""))
    shutil.rmtree(tmp, ignore_errors=True)
    if FAILURES:
        print(f"unit_sandbox: {len(FAILURES)} failed")
        return 1
    print("unit_sandbox: all passed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
