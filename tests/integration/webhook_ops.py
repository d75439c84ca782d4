#!/usr/bin/env python3
"""The operator commands against the real build/sudokud, through
build/sudokuctl and the raw socket, with HTTP receivers on 127.0.0.1:
`webhook replay DATE` sends a published day again (new webhook-id, same
data), `webhook test` delivers a signed webhook.test event, `webhook
status` and `stats` show the endpoint, `webhook retry all` revives an event
a 410 killed (same webhook-id, endpoint enabled again), `backup` writes an
SQLite file that passes integrity_check and holds the puzzles, and every
refusal has its code and exit status.  While a receiver never answers,
`today` keeps answering: its latency is printed, not asserted (timing
targets belong to the benchmarks)."""

import json
import os
import sqlite3
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "lib"))
import sudokud_test as sd  # noqa: E402
from sudokud_test import Receiver, check, store_day, verify_request, wait_until  # noqa: E402


def events(rcv):
    return [json.loads(body) for _, _, body in rcv.requests]


def ids(rcv):
    return [h.get("webhook-id") or h.get("Webhook-Id") for _, h, _ in rcv.requests]


def test_replay_and_test(tmp):
    rcv = Receiver([200])
    d = sd.Daemon(tmp, "ops", webhooks={"site": sd.webhook(f"http://127.0.0.1:{rcv.port}/hook")})
    d.create_db()
    today = sd.today()
    yesterday = sd.days_from(today, -1)
    store_day(d.db, yesterday, 1)  # stored, never published
    store_day(d.db, today, 2)
    check(d.start(), "daemon starts")
    check(wait_until(lambda: rcv.count() >= 1, 10), "today's event is delivered")
    check(wait_until(lambda: "delivered" in d.ctl("webhook", "status").stdout, 5),
          "the delivery is recorded")

    r = d.ctl("webhook", "status")
    check(r.returncode == 0 and r.stdout.startswith("site: enabled, pending 0, dead 0, "
                                                    "delivered 1, last success 20"),
          f"webhook status: one readable line per endpoint ({r.stdout.strip()!r})")
    r, j = d.ctl_json("webhook", "status")
    e = (j or {}).get("webhooks", [{}])[0]
    check(r.returncode == 0 and e.get("name") == "site" and e.get("delivered") == 1
          and e.get("configured") is True and e.get("in_flight") is False,
          f"webhook status --json ({e})")

    r = d.ctl("webhook", "replay", today)
    check(r.returncode == 0 and r.stdout == f"queued {today} again for 1 endpoint(s)\n",
          f"webhook replay DATE ({r.stdout.strip()!r} {r.stderr.strip()!r})")
    check(wait_until(lambda: rcv.count() >= 2, 10), "the replay is delivered")
    first, again = events(rcv)[:2]
    h = verify_request(rcv.requests[1], sd.SECRET, "replay")
    check(h["webhook-id"] != ids(rcv)[0], "the replay has a new webhook-id")
    check(again["type"] == "puzzles.published" and again["data"] == first["data"],
          "the replay carries the same day's content")

    r = d.ctl("webhook", "test")
    check(r.returncode == 0 and "webhook.test event for 1 endpoint(s)" in r.stdout,
          f"webhook test ({r.stdout.strip()!r} {r.stderr.strip()!r})")
    check(wait_until(lambda: rcv.count() >= 3, 10), "the test event is delivered")
    verify_request(rcv.requests[2], sd.SECRET, "webhook.test")
    check(events(rcv)[2]["type"] == "webhook.test", f"a webhook.test event ({events(rcv)[2]})")
    r = d.ctl("webhook", "test", "site")
    check(r.returncode == 0 and wait_until(lambda: rcv.count() >= 4, 10),
          "webhook test NAME")

    refusals = [
        (("webhook", "replay", yesterday), "bad_request", "is not published"),
        (("webhook", "replay", "2026-02-30"), "bad_request", "expected a date"),
        (("webhook", "test", "nosuch"), "not_found", 'no webhook "nosuch"'),
        (("webhook", "retry", "msg_nosuch"), "not_found", "no webhook event msg_nosuch"),
        (("webhook", "retry", ids(rcv)[0]), "bad_request", "was delivered already"),
    ]
    for args, code, text in refusals:
        r = d.ctl(*args)
        check(r.returncode == 1 and f": {code}: " in r.stderr and text in r.stderr
              and "database " not in r.stderr,
              f"{' '.join(args[:2])} refused: exit 1, {code} ({r.stderr.strip()!r})")
    r = d.ctl("webhook", "replay")
    check(r.returncode == 2, "webhook replay without DATE: usage error (exit 2)")
    r = d.ask("WEBHOOK Retry ALL")
    check(r == {"ok": True, "requeued": 0}, f"raw socket, any case: retry all ({r})")
    r = d.ask("webhook retry")
    check(r["error"]["code"] == "bad_request", "raw socket: retry without ID is bad_request")

    st = d.ask("stats")
    check(st.get("webhook_backlog") == 0 and st.get("webhook_dead") == 0
          and [w["name"] for w in st.get("webhooks", [])] == ["site"]
          and st["webhooks"][0]["delivered"] == 4,
          f"stats: backlog and the endpoint's state ({st.get('webhooks')})")
    time.sleep(0.3)
    check(rcv.count() == 4, "nothing sent twice")
    test_backup(d, tmp)
    d.stop()
    rcv.close()


def test_backup(d, tmp):
    out = os.path.join(tmp, "copies")
    os.mkdir(out)
    r = d.ctl("backup", "sudokud-copy.db", cwd=out)  # relative: taken from the cwd
    path = os.path.join(out, "sudokud-copy.db")
    check(r.returncode == 0 and r.stdout.startswith(f"wrote {path} (")
          and os.path.exists(path), f"sudokuctl backup FILE ({r.stdout.strip()!r} "
                                    f"{r.stderr.strip()!r})")
    if os.path.exists(path):
        db = sqlite3.connect(path)
        integrity = db.execute("PRAGMA integrity_check").fetchall()
        puzzles = db.execute("SELECT count(*) FROM puzzle").fetchone()[0]
        published = db.execute("SELECT count(*) FROM webhook_outbox").fetchone()[0]
        db.close()
        check(integrity == [("ok",)], f"the backup passes integrity_check ({integrity})")
        check(puzzles == 6 and published == 4,
              f"the backup holds the puzzles and the outbox ({puzzles}, {published})")
    check(not [f for f in os.listdir(out) if f.endswith("~")], "no temporary file left")
    r, j = d.ctl_json("backup", os.path.join(out, "second.db"))
    check(r.returncode == 0 and j and j["ok"] and j["bytes"] == os.path.getsize(j["path"]),
          f"backup --json ({j})")
    if j and j.get("ok"):
        print(f"     backup of {j['bytes']} bytes held the loop for {j['ms']:.1f} ms")
    refusals = [
        (path, "already exists"),
        (d.db, "already exists"),  # never the live database
        (os.path.join(tmp, "missing", "x.db"), "No such file or directory"),
        (os.path.join(path, "x.db"), "Not a directory"),
    ]
    for target, text in refusals:
        r = d.ctl("backup", target)
        check(r.returncode == 1 and ": bad_request: " in r.stderr and text in r.stderr,
              f"backup {os.path.relpath(target, tmp)} refused ({r.stderr.strip()!r})")
    r = d.ask("backup relative.db")
    check(r["error"]["code"] == "bad_request" and "not absolute" in r["error"]["message"],
          "raw socket: a relative backup path is bad_request")
    check(d.ask("ping") == {"ok": True, "pong": True}, "the daemon still answers")


def test_retry_revives_dead(tmp):
    rcv = Receiver([410, 200])
    d = sd.Daemon(tmp, "revive", webhooks={"site": sd.webhook(f"http://127.0.0.1:{rcv.port}/")})
    d.create_db()
    store_day(d.db, sd.today(), 3)
    d.start()
    check(wait_until(lambda: "410 Gone" in d.log(), 10), "410: the event dies")
    r = d.ctl("webhook", "status")
    check(r.returncode == 0 and r.stdout.startswith("site: disabled since 20")
          and "dead 1" in r.stdout, f"status shows the endpoint disabled ({r.stdout.strip()!r})")
    st = d.ask("stats")
    check(st["webhook_dead"] == 1 and st["webhooks"][0]["disabled_at"] is not None,
          "stats counts the dead event")
    r = d.ctl("webhook", "test", "site")
    check(r.returncode == 1 and "webhook retry all" in r.stderr,
          f"webhook test of a disabled endpoint says how to enable it ({r.stderr.strip()!r})")
    r = d.ctl("webhook", "retry", "all")
    check(r.returncode == 0 and r.stdout == "requeued 1 event(s)\n",
          f"webhook retry all ({r.stdout.strip()!r})")
    check(wait_until(lambda: rcv.count() >= 2, 10), "the dead event is sent again")
    check(ids(rcv)[0] == ids(rcv)[1], "with the same webhook-id")
    verify_request(rcv.requests[1], sd.SECRET, "revived")
    check(wait_until(lambda: "dead 0, delivered 1" in d.ctl("webhook", "status").stdout, 5),
          "delivered; the endpoint is enabled again")
    d.stop()
    rcv.close()


def test_hanging_receiver(tmp):
    rcv = Receiver(["hang"])
    d = sd.Daemon(tmp, "hang",
                  webhooks={"site": sd.webhook(f"http://127.0.0.1:{rcv.port}/", timeout=30)})
    d.create_db()
    store_day(d.db, sd.today(), 4)
    d.start()
    check(wait_until(lambda: rcv.count() >= 1, 10), "a request hangs at the receiver")
    r = d.ctl("webhook", "status")
    check(r.returncode == 0 and "sending now" in r.stdout, f"status: in flight ({r.stdout!r})")
    lat, ok = [], 0
    for _ in range(200):
        t0 = time.monotonic()
        reply = d.ask("today hard")
        lat.append((time.monotonic() - t0) * 1000)
        ok += reply.get("ok") is True
    lat.sort()
    check(ok == len(lat), "today answers while the receiver hangs")
    print(f"     today while a webhook hangs: p50 {lat[len(lat) // 2]:.2f} ms, "
          f"p99 {lat[int(len(lat) * 0.99)]:.2f} ms, max {lat[-1]:.2f} ms "
          f"(one connection per request)")
    check(rcv.count() == 1, "still the one request in flight")
    d.stop()
    rcv.close()


if __name__ == "__main__":
    sys.exit(sd.main([test_replay_and_test, test_retry_revives_dead, test_hanging_receiver]))
