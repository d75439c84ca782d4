#!/usr/bin/env python3
"""Operator commands (webhook retry/replay/test, backup) are refused with
"forbidden" to a client that may query but is neither root nor the daemon's
user; queries and `webhook status` still work for it.  Needs root (to act
as another user); skips otherwise."""

import json
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "lib"))
import sudokud_test as sd  # noqa: E402
from sudokud_test import check  # noqa: E402

NOBODY = 65534


def ask(d, line, uid=None):
    """Sends one request as uid (a forked child) and returns the reply."""
    r, w = os.pipe()
    pid = os.fork()
    if pid == 0:
        os.close(r)
        try:
            if uid is not None:
                os.setgid(uid)
                os.setuid(uid)
            os.write(w, json.dumps(d.ask(line)).encode())
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


def test_operator(tmp):
    os.chmod(tmp, 0o755)
    with sd.Daemon(tmp, "op", config={
            "daemon": {"log_level": None, "socket_mode": "0666"},
            "schedule": {"publish_time": None},
            "generator": {"secret": "operator-test-secret-0123"}}) as d:
        os.chmod(d.dir, 0o755)
        check(d.start(), "the daemon starts")
        r = ask(d, "ping", NOBODY)
        check(r is not None and r.get("ok"), "another user may query (ping)")
        r = ask(d, "webhook status", NOBODY)
        check(r is not None and r.get("ok"), "another user may read webhook status")
        for line in ("webhook retry all", "webhook replay 2026-01-01",
                     "webhook test", f"backup {tmp}/copy.db"):
            r = ask(d, line, NOBODY)
            code = r and r.get("error", {}).get("code")
            check(code == "forbidden" and "uid 65534" in r["error"]["message"],
                  f"'{line}' from another user: forbidden ({r})")
        check(not os.path.exists(f"{tmp}/copy.db"), "no backup file was written")
        r = ask(d, "webhook retry all")
        check(r is not None and r.get("ok"), f"root may run webhook retry ({r})")
        r = ask(d, f"backup {tmp}/copy.db")
        check(r is not None and r.get("ok") and os.path.exists(f"{tmp}/copy.db"),
              "root may back up")


if __name__ == "__main__":
    if os.geteuid() != 0:
        sys.exit(sd.skipped("needs root to act as another user"))
    sys.exit(sd.main([test_operator], needs=("sudokud",)))
