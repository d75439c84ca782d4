#!/usr/bin/env python3
"""Operator commands (webhook retry/replay/test, backup) are refused with
"forbidden" to a client that may query but is neither root nor the daemon's
user; queries and `webhook status` still work for it.  Needs root (to act
as another user); skips otherwise."""

import json
import os
import socket
import subprocess
import sys
import tempfile
import time

BUILD = os.environ.get("BUILD", "build")
SUDOKUD = os.path.abspath(os.path.join(BUILD, "sudokud"))
NOBODY = 65534
FAILURES = []


def check(cond, what):
    print(("ok   " if cond else "FAIL ") + what)
    if not cond:
        FAILURES.append(what)


def ask(path, line, uid=None):
    """Sends one request as uid (a forked child) and returns the reply."""
    r, w = os.pipe()
    pid = os.fork()
    if pid == 0:
        os.close(r)
        try:
            if uid is not None:
                os.setgid(uid)
                os.setuid(uid)
            s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
            s.connect(path)
            s.sendall(line.encode() + b"\n")
            data = b""
            while not data.endswith(b"\n"):
                chunk = s.recv(65536)
                if not chunk:
                    break
                data += chunk
            os.write(w, data)
        finally:
            os._exit(0)
    os.close(w)
    data = b""
    while True:
        chunk = os.read(r, 65536)
        if not chunk:
            break
        data += chunk
    os.close(r)
    os.waitpid(pid, 0)
    return json.loads(data.decode()) if data else None


def main():
    if os.geteuid() != 0:
        print("[ SKIPPED  ] socket_operator: needs root to act as another user")
        return 0
    with tempfile.TemporaryDirectory(prefix="sudokud-operator.") as tmp:
        os.chmod(tmp, 0o755)
        sock = os.path.join(tmp, "sudokud.sock")
        conf = os.path.join(tmp, "sudokud.conf")
        with open(conf, "w") as f:
            f.write("[daemon]\n"
                    f"state_directory = {tmp}/state\n"
                    f"socket = {sock}\n"
                    "socket_mode = 0666\n"
                    "[schedule]\ntime_zone = UTC\ndays_ahead = 0\n"
                    "[generator]\nsecret = operator-test-secret-0123\n")
        err = open(os.path.join(tmp, "err"), "w")
        proc = subprocess.Popen([SUDOKUD, "-c", conf], stderr=err, stdout=subprocess.DEVNULL)
        deadline = time.monotonic() + 10
        while not os.path.exists(sock) and time.monotonic() < deadline:
            time.sleep(0.02)
        try:
            r = ask(sock, "ping", NOBODY)
            check(r is not None and r.get("ok"), "another user may query (ping)")
            r = ask(sock, "webhook status", NOBODY)
            check(r is not None and r.get("ok"), "another user may read webhook status")
            for line in ("webhook retry all", "webhook replay 2026-01-01",
                         "webhook test", f"backup {tmp}/copy.db"):
                r = ask(sock, line, NOBODY)
                code = r and r.get("error", {}).get("code")
                check(code == "forbidden" and "uid 65534" in r["error"]["message"],
                      f"'{line}' from another user: forbidden ({r})")
            check(not os.path.exists(f"{tmp}/copy.db"), "no backup file was written")
            r = ask(sock, "webhook retry all")
            check(r is not None and r.get("ok"), f"root may run webhook retry ({r})")
            r = ask(sock, f"backup {tmp}/copy.db")
            check(r is not None and r.get("ok") and os.path.exists(f"{tmp}/copy.db"),
                  "root may back up")
        finally:
            proc.terminate()
            proc.wait(timeout=20)
    print(f"socket_operator: {len(FAILURES)} failure(s)")
    return 1 if FAILURES else 0


if __name__ == "__main__":
    sys.exit(main())
