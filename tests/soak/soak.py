#!/usr/bin/env python3
"""make soak: the test build of sudokud ($BUILD/test/sudokud) under the
test clock (a simulated day every --day-seconds real seconds, see
daemon/clock.h) for --days days, with a webhook receiver failing
--fail-rate of requests and --kills random kill -9 (each followed by an
immediate restart, as systemd's Restart= would).  Then a drain: the
daemon restarts on the real clock (no new days) and the receiver recovers,
until every pending delivery's next retry has passed.  Checks:
  - every simulated day has every tier, and was published;
  - every puzzle has one solution and grades to its tier (sudokuctl count,
    grade); no givens repeat across days;
  - every published day's webhook event was delivered -- the receiver
    verified its signature and got the stored puzzles -- or is dead in the
    outbox; nothing the outbox calls delivered is unknown to the receiver;
  - PRAGMA integrity_check is ok;
  - RSS of the longest-lived daemon (the last half, kept free of kills)
    did not grow once it had warmed up (rss_trend).
Webhook retries run on real time (retry_base = 1 s): the simulated days only
choose dates.  Python 3 standard library only."""

import argparse
import datetime
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "lib"))
import sudokud_test as sd  # noqa: E402
from sudokud_test import check  # noqa: E402

TIERS = ["easy", "medium", "hard"]
DAYS_AHEAD = 7  # a buffer against the generator's slow days


class Daemon(sd.Daemon):
    """The test build of sudokud on the soak's state directory, on the test
    clock or the real one; RSS samples per process."""

    def __init__(self, tmp, port, day_seconds, epoch):
        super().__init__(tmp, "state", test_hooks=True, config={
            "daemon": {"log_level": "notice"},
            "schedule": {"days_ahead": DAYS_AHEAD, "tiers": ", ".join(TIERS)},
            "generator": {"symmetry": "none", "secret": "soak-test-secret"}},
            webhooks={"site": sd.webhook(f"http://127.0.0.1:{port}/hook", timeout=5)})
        self.day_seconds, self.epoch = day_seconds, epoch
        self.rss = {}  # pid -> [(t, kB)]

    def start(self, test_clock=True):
        env = {}
        if test_clock:
            env = dict(SUDOKUD_TEST_CLOCK="1", SUDOKUD_TEST_DAY_SECONDS=str(self.day_seconds),
                       SUDOKUD_TEST_EPOCH=str(self.epoch))
        super().start(env=env, wait=False)
        self.rss[self.proc.pid] = []

    def sample_rss(self):
        try:
            kb = self.rss_kib()
        except OSError:
            return
        if kb >= 0:
            self.rss[self.proc.pid].append((time.monotonic(), kb))

    def wait_ready(self, timeout=30):
        return super().wait_ready(timeout)

    def stop(self):
        return super().stop(timeout=30)

    def query(self, sql, args=()):
        return super().query(sql, args, readonly=True)


def sim_date(epoch, day_seconds, real):
    sim = epoch + (real - epoch) * 86400.0 / day_seconds
    return datetime.datetime.fromtimestamp(int(sim), datetime.timezone.utc).date()


def ctl_today(d):
    r = d.ctl("today", "hard", "--json", timeout=10)
    return r.returncode, r.stdout


def run_days(args, d, rec):
    """The simulated days, the kills, RSS samples and reads of `today`."""
    total = args.days * args.day_seconds
    # Kills in the first half only: the last half is one long-lived
    # process whose RSS trend is measured.
    rng = random.Random(args.seed)
    kills = sorted(rng.uniform(0.05, 0.5) * total for _ in range(args.kills))
    d.start()
    t0 = time.monotonic()
    reads = read_errors = 0
    next_read = 0.0
    while True:
        now = time.monotonic() - t0
        if now >= total:
            break
        if kills and now >= kills[0]:
            kills.pop(0)
            d.kill9()
            d.start()
        d.sample_rss()
        if now >= next_read:
            rc, _ = ctl_today(d)
            reads += 1
            read_errors += rc != 0
            next_read = now + 1.0
        if d.proc.poll() is not None:
            check(False, f"sudokud exited by itself with status {d.proc.returncode}")
            d.start()
        time.sleep(0.1)
    return reads, read_errors


def warm_up(d):
    """On the real clock until today through today + DAYS_AHEAD are stored,
    so the simulated days start with the buffer a long-running daemon has."""
    d.start(test_clock=False)
    check(d.wait_ready() and d.ctl("ping", timeout=10).returncode == 0,
          "sudokud (real clock) is ready and answers ping")
    deadline = time.monotonic() + 600
    want = 3 * (DAYS_AHEAD + 1)
    while time.monotonic() < deadline:
        if os.path.exists(d.db) and d.query("SELECT count(*) FROM puzzle")[0][0] >= want:
            break
        time.sleep(0.2)
    check(d.stop() == 0, f"warm-up: {want} puzzles made, sudokud stopped cleanly")


def drain(args, d, rec):
    """Real clock, healthy receiver, until no pending event is still due."""
    d.wait_ready()
    d.stop()
    rec.fail_rate = 0.0
    d.start(test_clock=False)
    d.wait_ready()
    deadline = time.monotonic() + args.drain_max
    while time.monotonic() < deadline:
        d.sample_rss()
        pending = d.query("SELECT count(*), max(next_attempt_at) FROM webhook_outbox "
                          "WHERE status = 'pending'")[0]
        if pending[0] == 0:
            break
        time.sleep(1)
    return d.stop()


def check_store(d, first, last):
    rows = d.query("SELECT date, tier, puzzle, solution FROM puzzle ORDER BY date, tier")
    by_day = {}
    for date, tier, puzzle, sol in rows:
        by_day.setdefault(date, {})[tier] = (puzzle, sol)
    published = {r[0] for r in d.query("SELECT date FROM publication")}
    day, lost_days, unpublished = first, [], []
    while day <= last:
        iso = day.isoformat()
        if set(by_day.get(iso, {})) != set(TIERS):
            lost_days.append(iso)
        if iso not in published:
            unpublished.append(iso)
        day += datetime.timedelta(days=1)
    n_days = (last - first).days + 1
    check(not lost_days, f"{n_days} simulated days ({first} to {last}) each have "
          f"{', '.join(TIERS)}; missing: {lost_days[:5]}")
    check(not unpublished, f"every simulated day was published; not: {unpublished[:5]}")
    puzzles = [r[2] for r in rows]
    check(len(set(puzzles)) == len(puzzles),
          f"{len(puzzles)} puzzles, no givens repeated across days")
    text = "".join(p + "\n" for p in puzzles)
    counts = sd.ctl("count", input=text, timeout=None).stdout.split("\n")
    grades = sd.ctl("grade", input=text, timeout=None).stdout.split("\n")
    bad_count = [rows[i][:2] for i in range(len(rows)) if counts[i] != "1"]
    bad_grade = [rows[i][:2] for i in range(len(rows)) if grades[i].split(" ")[0] != rows[i][1]]
    check(not bad_count, f"every puzzle has exactly one solution; not: {bad_count[:5]}")
    check(not bad_grade, f"every puzzle grades to its tier; not: {bad_grade[:5]}")
    ic = d.query("PRAGMA integrity_check")
    check(ic == [("ok",)], f"PRAGMA integrity_check: {ic[:3]}")
    return by_day, published, n_days


def check_webhooks(d, rec, by_day, published):
    ev = d.query("SELECT event_id, date, status, attempts FROM webhook_outbox "
                 "WHERE event_type = 'puzzles.published'")
    per_day = {}
    for event_id, date, status, attempts in ev:
        per_day.setdefault(date, []).append((event_id, status))
    no_event = sorted(day for day in published if len(per_day.get(day, [])) != 1)
    check(not no_event, f"each of {len(published)} published days has one outbox event; "
          f"not: {no_event[:5]}")
    status = {}
    for _, _, s, _ in ev:
        status[s] = status.get(s, 0) + 1
    lost = [e for e in ev if e[2] == "delivered" and e[0] not in rec.accepted]
    pending = [e for e in ev if e[2] == "pending"]
    dead = [e for e in ev if e[2] == "dead"]
    check(not lost, f"every delivered event reached the receiver; lost: {lost[:5]}")
    check(not pending, f"no event left pending after the drain: {pending[:5]}")
    unknown = [i for i in rec.accepted if i not in {e[0] for e in ev}]
    check(not unknown, f"the receiver got no event the outbox does not know: {unknown[:5]}")
    wrong = []
    for event_id, date, s, _ in ev:
        body = rec.events.get(event_id)
        if body is None:
            continue
        got = {p["tier"]: p["puzzle"] for p in body["data"]["puzzles"]}
        if body["data"]["date"] != date or got != {t: v[0] for t, v in by_day[date].items()}:
            wrong.append(event_id)
    check(not wrong, f"every delivered payload holds its day's stored puzzles: {wrong[:5]}")
    check(rec.bad == 0, f"every request's signature verified ({rec.bad} bad)")
    redelivered = sum(n - 1 for n in rec.accepted.values())
    attempts = sum(e[3] for e in ev)
    return status, len(dead), redelivered, attempts


def rss_trend(d, lifetime_pid):
    """The median RSS of the fifth tenth of the daemon's samples and of the
    last tenth.  A new daemon grows for a while without leaking: the
    thread pool's workers each get their own malloc arena and stack pages
    the first time they grade, and SQLite's page cache fills.  Measured
    from the first tenth, a daemon that started late in the run (its life
    one second or two) failed on that growth alone; from the fifth, it has
    lived through several simulated days, each grading in the pool."""
    samples = [kb for _, kb in d.rss.get(lifetime_pid, [])]
    if len(samples) < 20:
        return None
    tenth = len(samples) // 10
    early = statistics.median(samples[4 * tenth:5 * tenth])
    late = statistics.median(samples[-tenth:])
    return early, late, max(samples), len(samples)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--days", type=int, default=1000)
    ap.add_argument("--kills", type=int, default=50)
    ap.add_argument("--day-seconds", type=float, default=1.5)
    ap.add_argument("--fail-rate", type=float, default=0.3)
    ap.add_argument("--drain-max", type=float, default=1800.0)
    ap.add_argument("--seed", type=int, default=int(time.time()))
    ap.add_argument("--keep", action="store_true", help="keep the temp directory")
    args = ap.parse_args()
    tmp = tempfile.mkdtemp(prefix="sudokud-soak-")
    print(f"soak: {args.days} days of {args.day_seconds} s, {args.kills} kills, receiver "
          f"failing {args.fail_rate:.0%}, seed {args.seed}, in {tmp}", flush=True)
    if not os.access(sd.binary("sudokud", test_hooks=True), os.X_OK):
        print(f"FAIL {sd.binary('sudokud', test_hooks=True)} not built")
        return 1
    rec = sd.Receiver([200], secret=sd.SECRET, fail_rate=args.fail_rate, seed=args.seed)
    d = Daemon(tmp, rec.port, args.day_seconds, 0)
    warm_up(d)
    epoch = d.epoch = int(time.time())
    start_real = time.time()
    t0 = time.monotonic()
    reads, read_errors = run_days(args, d, rec)
    end_real = time.time()
    last_pid = d.proc.pid
    first = sim_date(epoch, args.day_seconds, start_real)
    # The last day counted is the one before the date live at the end: it
    # had its whole span.
    last = sim_date(epoch, args.day_seconds, end_real) - datetime.timedelta(days=1)
    requests_during = (rec.count(), rec.failed)
    drain_t0 = time.monotonic()
    rc = drain(args, d, rec)
    drain_s = time.monotonic() - drain_t0
    check(rc == 0, f"sudokud stopped cleanly after the drain (status {rc})")

    by_day, published, n_days = check_store(d, first, last)
    status, dead, redelivered, attempts = check_webhooks(d, rec, by_day, published)
    trend = rss_trend(d, last_pid)
    if trend is None:
        check(False, "enough RSS samples of the last daemon")
    else:
        early, late, peak, n = trend
        check(late <= early * 1.10 + 512,
              f"RSS did not grow: last daemon {early:.0f} kB early, {late:.0f} kB at the "
              f"end, peak {peak} kB ({n} samples)")
    all_rss = [kb for s in d.rss.values() for _, kb in s]
    print(f"\nsoak figures: {n_days} simulated days in {time.monotonic() - t0 - drain_s:.0f} s "
          f"(+ {drain_s:.0f} s drain), {args.kills} kill -9, {len(d.rss)} daemon starts")
    print(f"  receiver: {rec.count()} requests, {requests_during[1]} failed on purpose "
          f"({requests_during[1] / max(1, requests_during[0]):.1%} during the days), "
          f"{len(rec.accepted)} distinct events accepted, {redelivered} redelivered "
          f"(deduped by webhook-id)")
    print(f"  outbox: {status}, {attempts} attempts; dead {dead}")
    print(f"  today queries: {reads}, failed {read_errors} (kills included)")
    print(f"  RSS over all daemons: min {min(all_rss)} kB, max {max(all_rss)} kB")
    print(f"  lost days 0 if ok above; puzzles {sum(len(v) for v in by_day.values())}")
    if not args.keep and not sd.FAILURES:
        subprocess.run(["rm", "-rf", tmp])
    print(f"soak: {len(sd.FAILURES)} failure(s)")
    return 1 if sd.FAILURES else 0


if __name__ == "__main__":
    sys.exit(main())
