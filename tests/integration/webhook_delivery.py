#!/usr/bin/env python3
"""Webhook delivery against the real build/sudokud and HTTP receivers on
127.0.0.1: signed deliveries (checked with the example receiver's verifier,
an independent hmac check here, and the standardwebhooks npm package when
npm can install it), solutions only where configured, 500 then 200 (same
webhook-id), a receiver down then up, 410 disabling the endpoint across a
restart, kill -9 mid-delivery resumed after a restart with the same
webhook-id, a receiver that never answers (timeout, retried; SIGHUP and
SIGTERM still prompt), and catch-up sending today only.  Retries use
retry_base = 1 so the test takes seconds, not minutes."""

import json
import os
import re
import shutil
import signal
import socket
import sqlite3
import subprocess
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "lib"))
import sudokud_test as sd  # noqa: E402
from sudokud_test import (GRID, SECRET, Receiver, check, store_day, today,  # noqa: E402
                          verify_request, wait_until)

def test_delivery(tmp):
    site, full = Receiver([200]), Receiver([204])
    d = sd.Daemon(tmp, "deliver", webhooks={
        "site": sd.webhook(f"http://127.0.0.1:{site.port}/hook", header="X-Site: one"),
        "full": sd.webhook(f"http://localhost:{full.port}/h", include_solutions="true")})
    d.create_db()
    store_day(d.db, sd.days_from(today(), -1), 1)
    store_day(d.db, today(), 2)
    with sqlite3.connect(d.db) as db:
        db.execute("UPDATE puzzle SET technique_counts = '{\"naked_single\":30}'")
    check(d.start(), "daemon with two webhooks starts")
    check(wait_until(lambda: site.count() >= 1 and full.count() >= 1, 10),
          "each endpoint receives a delivery")
    time.sleep(0.5)
    check(site.count() == 1 and full.count() == 1, "exactly one delivery each (today only)")
    h = verify_request(site.requests[0], SECRET, "site")
    verify_request(full.requests[0], SECRET, "full")
    event = json.loads(site.requests[0][2])
    check(event["type"] == "puzzles.published" and event["data"]["date"] == today(),
          "puzzles.published event for today (no catch-up flood of yesterday)")
    check([p["tier"] for p in event["data"]["puzzles"]] == ["easy", "medium", "hard"],
          "all three tiers, easiest first")
    check(event["schema_version"] == 1, "payload schema_version 1")
    check(event["data"]["published_at"] == today() + "T00:00:00Z",
          f"published_at is the day's publish time ({event['data']['published_at']})")
    p0 = event["data"]["puzzles"][0]
    check(set(p0) == {"date", "tier", "label", "puzzle", "score", "hardest_technique", "clues",
                      "technique_counts", "symmetry", "generator_version"}
          and p0["score"] == 1.5, f"no solutions unless configured ({sorted(p0)})")
    check(p0["technique_counts"] == {"naked_single": 30} and p0["symmetry"] == "none"
          and p0["generator_version"] == "test",
          f"technique counts, symmetry and generator version as stored ({p0})")
    full_p0 = json.loads(full.requests[0][2])["data"]["puzzles"][0]
    check(full_p0.get("solution") == GRID, "include_solutions = true adds solutions")
    check(h["content-type"] == "application/json", "Content-Type: application/json")
    check(h["user-agent"].startswith("sudokud/"), f"User-Agent names sudokud ({h['user-agent']})")
    check(h.get("x-site") == "one", "the endpoint's extra header is sent")
    check(abs(int(h["webhook-timestamp"]) - time.time()) < 30, "webhook-timestamp is now")
    check(h["webhook-id"].startswith("msg_") and "." not in h["webhook-id"], "webhook-id shape")
    check(d.stop() == 0, "SIGTERM: exit 0")
    rows = d.query("SELECT endpoint, status, attempts, last_http_status FROM webhook_outbox "
                  "ORDER BY endpoint")
    check(rows == [("full", "delivered", 1, 204), ("site", "delivered", 1, 200)],
          f"outbox rows delivered after one attempt ({rows})")
    check(d.query("SELECT count(*) FROM webhook_endpoint WHERE last_success_at > 0")[0][0] == 2,
          "last success recorded per endpoint")
    # Restart: nothing sent again; an endpoint added later gets today's event once.
    late = Receiver([200])
    d.write_config(webhooks={"site": sd.webhook(f"http://127.0.0.1:{site.port}/hook"),
                             "full": sd.webhook(f"http://localhost:{full.port}/h"),
                             "late": sd.webhook(f"http://127.0.0.1:{late.port}/")})
    d.start()
    check(wait_until(lambda: late.count() >= 1, 10), "an endpoint added later catches up today")
    time.sleep(0.5)
    check(site.count() == 1 and full.count() == 1 and late.count() == 1,
          "a restart sends nothing twice")
    late_event = json.loads(late.requests[0][2])
    check(late_event["data"]["published_at"] == event["data"]["published_at"]
          and late_event["timestamp"] > event["data"]["published_at"],
          "an endpoint added later: published_at is the day's, timestamp when queued "
          f"({late_event['data']['published_at']}, {late_event['timestamp']})")
    reply = d.ask(f"webhook replay {today()}")
    check(reply.get("ok") is True, f"webhook replay of today ({reply})")
    check(wait_until(lambda: late.count() >= 2, 10), "the replay is delivered")
    replayed = json.loads(late.requests[1][2])
    check(replayed["data"]["published_at"] == event["data"]["published_at"],
          f"a replay keeps the day's published_at ({replayed['data']['published_at']})")
    d.stop()
    for r in (site, full, late):
        r.close()


def test_labels(tmp):
    """[schedule] labels: shown in the payload, the socket's replies and
    sudokuctl's output; the tier key stays; a SIGHUP that changes them is
    seen at once (today's cached reply is not served stale)."""
    r = Receiver([200])
    d = sd.Daemon(tmp, "labels",
                  config={"schedule": {"labels": "easy: Gentle, hard: Tough going"}},
                  webhooks={"site": sd.webhook(f"http://127.0.0.1:{r.port}/")})
    d.create_db()
    store_day(d.db, today(), 9)
    check(d.start(), "daemon with tier labels starts")
    check(wait_until(lambda: r.count() >= 1, 10), "the day's event is delivered")
    puzzles = json.loads(r.requests[0][2])["data"]["puzzles"]
    got = [(p["tier"], p["label"]) for p in puzzles]
    check(got == [("easy", "Gentle"), ("medium", "medium"), ("hard", "Tough going")],
          f"payload: each puzzle's tier key and label, the key for a tier not named ({got})")
    reply = d.ask("today")
    got = [(p["tier"], p["label"]) for p in reply["puzzles"]]
    check(got == [("easy", "Gentle"), ("medium", "medium"), ("hard", "Tough going")],
          f"socket today: tier key and label ({got})")
    out = d.ctl("today", "hard")
    check(out.returncode == 0 and f"{today()} Tough going (hard): score" in out.stdout,
          f"sudokuctl today hard shows the label ({out.stdout.splitlines()[:1]})")
    out = d.ctl("list", today(), today())
    check(out.returncode == 0 and "Gentle (easy)" in out.stdout,
          f"sudokuctl list shows the label ({out.stdout.strip()[:80]})")
    d.write_config(config={"schedule": {"labels": "hard: Brutal"}},
                   webhooks={"site": sd.webhook(f"http://127.0.0.1:{r.port}/")})
    d.notify.forget()
    d.signal(signal.SIGHUP)
    check(d.notify.wait_for("READY=1", 5), "SIGHUP reloads")
    got = [(p["tier"], p["label"]) for p in d.ask("today")["puzzles"]]
    check(got == [("easy", "easy"), ("medium", "medium"), ("hard", "Brutal")],
          f"after SIGHUP today's reply has the new labels ({got})")
    d.stop()
    r.close()


ISO_UTC = re.compile(r"^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$")


def test_status_vocabulary(tmp):
    """webhook status over the socket: times in ISO 8601 UTC (as in every
    reply), each endpoint's last error; sudokuctl webhook status prints the
    error and sudokuctl stats prints the endpoints as lines, not JSON."""
    r = Receiver([(500, 10), 200])
    d = sd.Daemon(tmp, "status",
                  webhooks={"site": sd.webhook(f"http://127.0.0.1:{r.port}/", retry_base=60)})
    d.create_db()
    store_day(d.db, today(), 10)
    d.start()
    check(wait_until(lambda: "attempt 1 of 12 failed" in d.log(), 10), "the 500 is recorded")
    e = d.ask("webhook status")["webhooks"][0]
    check(e["last_error"] == "HTTP 500: nnnnnnnnnn", f"status: the last error ({e})")
    check(ISO_UTC.match(e["oldest_pending_at"] or "") and e["last_success_at"] is None,
          f"status: oldest_pending_at in ISO 8601 UTC, last_success_at null ({e})")
    out = d.ctl("webhook", "status")
    check(out.returncode == 0 and "last error: HTTP 500: nnnnnnnnnn" in out.stdout
          and f"(oldest {e['oldest_pending_at']})" in out.stdout,
          f"sudokuctl webhook status prints the last error ({out.stdout.strip()})")
    out = d.ctl("stats")
    check(out.returncode == 0 and "\n  site: enabled, pending 1" in out.stdout
          and "last error: HTTP 500" in out.stdout and "[{" not in out.stdout,
          f"sudokuctl stats prints webhooks as lines ({out.stdout.strip()[-160:]})")
    check(d.ask("webhook retry all").get("requeued") == 1, "retry all requeues the event")
    check(wait_until(lambda: r.count() >= 2, 10), "the retry is delivered")
    check(wait_until(lambda: d.ask("webhook status")["webhooks"][0]["delivered"] == 1, 5),
          "status counts it delivered")
    e = d.ask("webhook status")["webhooks"][0]
    check(ISO_UTC.match(e["last_success_at"] or "") and e["last_error"] is None
          and e["oldest_pending_at"] is None,
          f"after delivery: last_success_at in ISO 8601 UTC, no last error ({e})")
    d.stop()
    r.close()


def test_500_then_200(tmp):
    r = Receiver([500, 200])
    d = sd.Daemon(tmp, "retry", webhooks={"site": sd.webhook(f"http://127.0.0.1:{r.port}/")})
    d.create_db()
    store_day(d.db, today(), 3)
    d.start()
    check(wait_until(lambda: r.count() >= 2, 10), "500 is retried")
    first = verify_request(r.requests[0], SECRET, "500 attempt")
    second = verify_request(r.requests[1], SECRET, "retry")
    check(first["webhook-id"] == second["webhook-id"], "the retry keeps the webhook-id")
    gap = r.requests[1][0] - r.requests[0][0]
    check(0.9 <= gap, f"first retry not before retry_base ({gap:.2f} s)")
    check(gap <= 3.0, f"first retry within retry_base plus jitter ({gap:.2f} s)",
          native_only="a deadline for a native binary")
    time.sleep(0.3)
    check(d.stop() == 0, "SIGTERM: exit 0")
    rows = d.query("SELECT status, attempts, last_http_status FROM webhook_outbox")
    check(rows == [("delivered", 2, 200)], f"delivered on attempt 2 ({rows})")
    check("attempt 1 of 12 failed: HTTP 500" in d.log(), "the failed attempt is logged")
    r.close()


def test_redirect_and_big_replies(tmp):
    big = 4 * 1024 * 1024
    r = Receiver([302, (500, big), (200, big)])
    d = sd.Daemon(tmp, "big", webhooks={"site": sd.webhook(f"http://127.0.0.1:{r.port}/")})
    d.create_db()
    store_day(d.db, today(), 8)
    d.start()
    check(wait_until(lambda: r.count() >= 3, 15), "302 and an oversized 500 are retried")
    time.sleep(0.5)
    check(r.count() == 3, "the redirect is not followed (no request elsewhere or extra)")
    check(d.running(), "the daemon survives a 4 MiB reply")
    check(d.stop() == 0, "SIGTERM: exit 0")
    rows = d.query("SELECT status, attempts, last_http_status FROM webhook_outbox")
    check(rows == [("delivered", 3, 200)],
          f"a 2xx with an oversized reply counts as delivered ({rows})")
    log = d.log()
    check("HTTP 302 (redirects are not followed" in log, "the 302 is logged as such")
    r.close()


def free_port():
    s = socket.socket()
    s.bind(("127.0.0.1", 0))
    port = s.getsockname()[1]
    s.close()
    return port


def test_down_then_up(tmp):
    port = free_port()
    d = sd.Daemon(tmp, "down", webhooks={"site": sd.webhook(f"http://127.0.0.1:{port}/")})
    d.create_db()
    store_day(d.db, today(), 4)
    d.start()
    check(wait_until(lambda: "attempt 2 of 12 failed" in d.log(), 10),
          "connection refused is retried")
    r = Receiver([200], port=port)
    check(wait_until(lambda: r.count() >= 1, 15), "delivered once the receiver is up")
    time.sleep(0.3)
    check(r.count() == 1, "delivered exactly once")
    verify_request(r.requests[0], SECRET, "after downtime")
    d.stop()
    rows = d.query("SELECT status, attempts FROM webhook_outbox")
    check(rows == [("delivered", 3)], f"delivered on attempt 3 ({rows})")
    r.close()


def test_gone(tmp):
    r = Receiver([410])
    d = sd.Daemon(tmp, "gone", webhooks={"site": sd.webhook(f"http://127.0.0.1:{r.port}/")})
    d.create_db()
    store_day(d.db, today(), 5)
    d.start()
    check(wait_until(lambda: r.count() >= 1, 10), "410 receiver gets the delivery")
    check(wait_until(lambda: "410 Gone" in d.log(), 5), "410 is logged")
    time.sleep(2.5)
    check(r.count() == 1, "no retry after 410")
    d.stop()
    rows = d.query("SELECT status, last_http_status FROM webhook_outbox")
    check(rows == [("dead", 410)], f"the event is dead ({rows})")
    dis = d.query("SELECT disabled_at IS NOT NULL FROM webhook_endpoint WHERE name='site'")
    check(dis == [(1,)], "the endpoint is disabled in the database")
    d.start()
    time.sleep(1.5)
    check(r.count() == 1, "still disabled after a restart")
    d.stop()
    r.close()


def test_kill9_resume(tmp):
    r = Receiver(["hang", 200])
    d = sd.Daemon(tmp, "kill9",
                  webhooks={"site": sd.webhook(f"http://127.0.0.1:{r.port}/", timeout=60)})
    d.create_db()
    store_day(d.db, today(), 6)
    d.start()
    check(wait_until(lambda: r.count() >= 1, 10), "the first attempt is in flight")
    d.kill9()
    rows = d.query("SELECT status, attempts FROM webhook_outbox")
    check(rows == [("pending", 1)], f"after kill -9: pending, 1 attempt recorded ({rows})")
    d.start()
    check(wait_until(lambda: r.count() >= 2, 10), "the restarted daemon sends it again")
    a = verify_request(r.requests[0], SECRET, "before kill -9")
    b = verify_request(r.requests[1], SECRET, "after restart")
    check(a["webhook-id"] == b["webhook-id"], "same webhook-id after kill -9")
    time.sleep(0.3)
    d.stop()
    rows = d.query("SELECT status, attempts FROM webhook_outbox")
    check(rows == [("delivered", 2)], f"delivered on attempt 2 ({rows})")
    r.close()


def test_never_answers(tmp):
    r = Receiver(["hang"])
    d = sd.Daemon(tmp, "hang",
                  webhooks={"site": sd.webhook(f"http://127.0.0.1:{r.port}/", timeout=2)})
    d.create_db()
    store_day(d.db, today(), 7)
    d.start()
    check(wait_until(lambda: r.count() >= 1, 10), "request to a receiver that never answers")
    d.notify.forget()
    t0 = time.monotonic()
    d.signal(signal.SIGHUP)
    ok = d.notify.wait_for("READY=1", 2)
    check(ok, f"SIGHUP answered while the request hangs ({time.monotonic() - t0:.3f} s)")
    check(wait_until(lambda: r.count() >= 2, 10), "timed out and retried")
    check("timed out" in d.log().lower(), "the timeout is logged")
    check(r.requests[0][1]["webhook-id"] == r.requests[1][1]["webhook-id"],
          "the retry keeps the webhook-id")
    t0 = time.monotonic()
    rc = d.stop(timeout=5)
    took = time.monotonic() - t0
    check(rc == 0, "SIGTERM mid-request exits 0")
    check(took < 2, f"SIGTERM mid-request exits promptly ({took:.2f} s)",
          native_only="a deadline for a native binary")
    rows = d.query("SELECT status, attempts FROM webhook_outbox")
    check(rows[0][0] == "pending" and rows[0][1] >= 2, f"still pending, attempts kept ({rows})")
    check("interrupted by shutdown" in d.log(), "the interrupted attempt is logged")
    r.close()


def test_npm(tmp):
    """Verifies every captured request with the official standardwebhooks
    npm package (skipped when node/npm or the registry are unavailable)."""
    if not shutil.which("node") or not shutil.which("npm"):
        print("skip standardwebhooks check: node or npm missing")
        return
    pkg = os.path.join(tmp, "npm")
    os.mkdir(pkg)
    try:
        r = subprocess.run(["npm", "install", "--prefix", pkg, "--no-audit", "--no-fund",
                            "standardwebhooks@1"], capture_output=True, text=True, timeout=120)
    except subprocess.TimeoutExpired:
        r = None
    if r is None or r.returncode != 0:
        print("skip standardwebhooks check: npm install failed (offline?)")
        return
    cases = [{"secret": s, "headers": h, "body": b.decode()} for s, h, b in sd.SIGNED]
    # A tampered body must fail, or the check proves nothing.
    cases.append(dict(cases[0], body=cases[0]["body"].replace("easy", "hard", 1)))
    script = ("const {Webhook}=require('standardwebhooks');"
              "const cases=JSON.parse(require('fs').readFileSync(0,'utf8'));let ok=0;"
              "for(const c of cases){try{new Webhook(c.secret).verify(c.body,c.headers);ok++}"
              "catch(e){console.error(e.message)}}console.log(ok+'/'+cases.length)")
    out = subprocess.run(["node", "-e", script], input=json.dumps(cases), capture_output=True,
                         text=True, cwd=pkg, timeout=60,
                         env=dict(os.environ, NODE_PATH=os.path.join(pkg, "node_modules")))
    want = f"{len(cases) - 1}/{len(cases)}"
    check(out.stdout.strip() == want and len(cases) > 0,
          f"standardwebhooks (npm) verifies every delivery, rejects a tampered one "
          f"({out.stdout.strip()} "
          f"{out.stderr.strip()[:200]})")


if __name__ == "__main__":
    sys.exit(sd.main([test_delivery, test_labels, test_status_vocabulary, test_500_then_200, test_down_then_up, test_gone,
                      test_kill9_resume, test_never_answers, test_redirect_and_big_replies,
                      test_npm]))
