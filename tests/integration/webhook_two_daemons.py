#!/usr/bin/env python3
"""Two daemons for one feed: A and B run on two state directories (two
hosts' worth of state) with one generator secret, one endpoint name and
one webhook secret, delivering to one receiver that verifies each request
and deduplicates on webhook-id as the Standard Webhooks contract asks.
Both run on the test clock (daemon/clock.h) through DAYS simulated days;
B is killed (kill -9) at random times and restarted after a random pause.
Then both restart on the real clock until their outboxes are empty.

Checks: every simulated day was published by A (never killed); the
receiver processed each published day exactly once (0 lost, 0 processed
twice), although most days were delivered by both daemons; the two
daemons gave each day the same webhook-id; every signature verified.
Prints the seed of the kill times, the deliveries and the duplicates the
receiver dropped."""

import os
import random
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "lib"))
import sudokud_test as sd  # noqa: E402
from sudokud_test import SECRET, check  # noqa: E402

SLOW = sd.UNDER_VALGRIND
DAYS = 12 if SLOW else 100
DAY_SECONDS = 8.0 if SLOW else 0.6
KILLS = 3 if SLOW else 12
SEED = int(os.environ.get("SUDOKUD_TEST_SEED", random.randrange(1 << 30)))


def host(tmp, name, port):
    return sd.Daemon(tmp, name, test_hooks=True, config={
        "daemon": {"log_level": "info"},
        "schedule": {"days_ahead": 2, "tiers": "easy"},
        "generator": {"symmetry": "none", "secret": "one-feed-generator-secret"}},
        webhooks={"site": sd.webhook(f"http://127.0.0.1:{port}/hook", timeout=5)})


def run_days(a, b, env, rng):
    total = DAYS * DAY_SECONDS
    kills = sorted(rng.uniform(0.05, 0.9) * total for _ in range(KILLS))
    a.start(env=env, wait=False)
    b.start(env=env, wait=False)
    t0 = time.monotonic()
    down_until = None
    while time.monotonic() - t0 < total:
        now = time.monotonic() - t0
        if down_until is None and kills and now >= kills[0]:
            kills.pop(0)
            b.kill9()
            down_until = now + rng.uniform(0, 3 * DAY_SECONDS)
        if down_until is not None and now >= down_until:
            b.start(env=env, wait=False)
            down_until = None
        for d in (a, b):
            if d.proc.poll() is not None and (d is a or down_until is None):
                check(False, f"{d.dir}: sudokud exited by itself ({d.proc.returncode}): "
                      f"{d.log().strip().splitlines()[-1:]}")
                return [None, None]
        time.sleep(0.05)
    if down_until is not None:
        b.start(env=env, wait=False)
    # A daemon restarted a moment ago may not have set up its signal
    # handlers yet (under valgrind start-up takes seconds): SIGTERM before
    # READY=1 would kill it, which is not what this test is about.
    for d in (a, b):
        check(d.wait_ready(120 if SLOW else 30), f"{d.dir}: READY=1 before the stop")
    return [a.stop(timeout=30), b.stop(timeout=30)]


def drain(a, b):
    """Both on the real clock (no new day) until nothing is pending."""
    for d in (a, b):
        d.start()
    pending = lambda: sum(d.query("SELECT count(*) FROM webhook_outbox WHERE status != "
                                  "'delivered'")[0][0] for d in (a, b))
    sd.wait_until(lambda: pending() == 0, 120 if SLOW else 60, 0.2)
    left = pending()
    return [a.stop(timeout=30), b.stop(timeout=30)], left


def outbox(d):
    return {date: eid for eid, date in d.query(
        "SELECT event_id, date FROM webhook_outbox WHERE event_type = 'puzzles.published'")}


def test_two_daemons_one_feed(tmp):
    print(f"     seed {SEED} (SUDOKUD_TEST_SEED={SEED} repeats the kill times)")
    rng = random.Random(SEED)
    rec = sd.Receiver(secret=SECRET)
    a, b = host(tmp, "a", rec.port), host(tmp, "b", rec.port)
    try:
        rcs = run_days(a, b, sd.test_clock_env(DAY_SECONDS), rng)
        check(rcs == [0, 0], f"after {DAYS} simulated days both stop with 0 ({rcs})")
        rcs, left = drain(a, b)
        check(left == 0 and rcs == [0, 0],
              f"on the real clock both outboxes drain: {left} undelivered, exits {rcs}")
    finally:
        rec.close()
    pub_a = sorted(r[0] for r in a.query("SELECT date FROM publication"))
    pub_b = {r[0] for r in b.query("SELECT date FROM publication")}
    first = pub_a[0] if pub_a else sd.today()
    want = [sd.days_from(first, i) for i in range(DAYS)]
    missing = [d for d in want if d not in pub_a]
    check(not missing, f"A published each of the {DAYS} days from {first}; not: {missing[:5]}")
    published = set(pub_a) | pub_b
    ids_by_day = {}
    for msg_id, event in rec.events.items():
        ids_by_day.setdefault(event["data"]["date"], set()).add(msg_id)
    lost = sorted(d for d in published if d not in ids_by_day)
    twice = sorted(d for d, ids in ids_by_day.items() if len(ids) > 1)
    deliveries = sum(rec.accepted.values())
    print(f"     {len(published)} days published (A {len(pub_a)}, B {len(pub_b)}); "
          f"{deliveries} deliveries accepted, {deliveries - len(rec.accepted)} duplicates "
          f"dropped by webhook-id")
    check(not lost, f"0 events lost ({len(lost)}: {lost[:5]})")
    check(not twice, f"0 events processed twice ({len(twice)}: {twice[:5]})")
    check(deliveries > len(rec.accepted), f"the test means something: B, killed {KILLS} "
          f"times, also delivered days A delivered ({deliveries - len(rec.accepted)})")
    ob_a, ob_b = outbox(a), outbox(b)
    same = [d for d in ob_b if d in ob_a and ob_a[d] == ob_b[d]]
    both = [d for d in ob_b if d in ob_a]
    check(both and len(same) == len(both),
          f"A and B gave the same webhook-id to each day both queued ({len(same)} of {len(both)})")
    check(rec.bad == 0, f"every request's signature verified ({rec.bad} bad)")


if __name__ == "__main__":
    sys.exit(sd.main([test_two_daemons_one_feed], test_hooks=True, needs=("sudokud",)))
