/*
 * publish: owns the nightly cycle — the schedule timer, the list of missing
 * puzzles, the generation jobs (through produce), publishing the live date
 * with its webhook events, the back-off after failures and the STATUS=
 * line.  Loop thread only.
 */
#include "publish.h"

#include <stdint.h>
#include <stdlib.h>
#include <time.h>

#include "clock.h"
#include "log.h"
#include "notify.h"
#include "produce.h"
#include "schedule.h"
#include "webhook_queue.h"

#define RETRY_FIRST_S 30 /* backoff after a failed job: 30 s, 60 s, ... */
#define RETRY_MAX_S 3600

struct publish {
    uv_timer_t timer;
    const struct config *cfg;
    struct store *store;
    struct webhook *webhook;
    struct produce *produce;      /* generation jobs off the loop */
    struct schedule_slot *slots;  /* SCHEDULE_SLOTS_MAX, for the missing list */
    struct schedule_date current; /* the live date at the last tick */
    int have_current;
    /* "Today" never moves back (a clock stepped back): the latest date
     * served or published, loaded from the store at the first tick. */
    struct schedule_date floor;
    int have_floor, floor_loaded, behind;
    time_t last_now; /* clock_now() at the last tick, to see steps back */
    time_t next_publish;
    size_t missing;
    unsigned failures; /* generations or publications failed in a row */
    time_t retry_at;   /* no new try before this, after failures */
    int unpublished;   /* publishing the live date failed: try again */
    int stopping;
};

static void send_status(struct publish *p)
{
    char when[64], today[SCHEDULE_DATE_LEN + 1];

    schedule_format_local(p->next_publish, when, sizeof when);
    schedule_date_format(p->current, today);
    notify_sendf("STATUS=serving %s; next publish %s; %zu puzzle(s) missing", today,
                 when, p->missing);
}

static int has_puzzle(void *arg, const char *date, const char *tier, int *has,
                      char *err, size_t errlen)
{
    return store_has_puzzle(arg, date, tier, has, err, errlen);
}

/* An endpoint added or enabled since date was published gets its event. */
static void catch_up_webhooks(struct publish *p, const char *date)
{
    char err[STORE_ERR_MAX];
    size_t queued = 0;

    if (webhook_catch_up(p->webhook, date, &queued, err, sizeof err) != STORE_OK)
        log_err("webhook: catching up on %s: %s", date, err);
    else if (queued > 0)
        log_notice("webhook: queued %s for %zu endpoint(s) that never had it", date,
                   queued);
}

/* After a failed generation or publication the next try waits 30 s,
 * doubling up to an hour, so a lasting fault (a full disk, a locked
 * database) is neither hammered nor forgotten.  Returns the wait. */
static long back_off(struct publish *p, time_t now)
{
    unsigned shift = p->failures < 7 ? p->failures : 7;
    long wait = (long)RETRY_FIRST_S << shift;

    p->failures++;
    if (wait > RETRY_MAX_S)
        wait = RETRY_MAX_S;
    p->retry_at = now + wait;
    return wait;
}

/* Publishing a day: the day is marked published and its puzzles.published
 * events are queued in the same transaction, then the relay is woken.  The
 * stamp is real time even under the test clock. */
static int publish_day(struct publish *p, const char *date, char *err,
                       size_t errlen)
{
    int rc = webhook_queue_publish(p->store, p->cfg, date, (int64_t)time(NULL), err,
                                   errlen);

    webhook_kick(p->webhook);
    return rc;
}

/* Publishes the live date once every configured tier is stored.  A
 * failure is tried again after back_off. */
static void publish_current_day(struct publish *p, time_t now)
{
    char date[SCHEDULE_DATE_LEN + 1], err[STORE_ERR_MAX];
    int published = 0, rc;

    schedule_date_format(p->current, date);
    for (size_t i = 0; i < p->missing; i++) {
        if (schedule_date_cmp(p->slots[i].date, p->current) != 0)
            continue;
        /* Being made (a fresh start, a new day): nothing is wrong yet.  A
         * warning only when no job will make it before the next retry. */
        if (produce_running(p->produce))
            log_info("schedule: %s is published once its %s puzzle is made", date,
                     grade_tier_name(p->slots[i].tier));
        else
            log_warning("schedule: %s is not published: its %s puzzle is missing",
                        date, grade_tier_name(p->slots[i].tier));
        return;
    }
    rc = store_is_published(p->store, date, &published, err, sizeof err);
    if (rc == STORE_OK && published) {
        p->unpublished = 0;
        catch_up_webhooks(p, date);
        return;
    }
    if (rc == STORE_OK)
        rc = publish_day(p, date, err, sizeof err);
    p->unpublished = rc != STORE_OK;
    if (rc != STORE_OK) {
        log_err("schedule: cannot publish %s: %s; trying again in %ld s", date, err,
                back_off(p, now));
        return;
    }
    p->failures = 0;
    log_notice("schedule: published %s", date);
}

/*
 * Finds which (date, tier) puzzles the store lacks for the live date
 * through days_ahead later, starts making the first missing date's (the
 * job calls back here when it ends, which starts the next), and publishes
 * the live date when it is complete.  now is on the schedule's clock
 * (clock_now).
 */
static void ensure_puzzles(struct publish *p, time_t now)
{
    char err[STORE_ERR_MAX], list[768];
    int rc;

    rc = schedule_missing(p->current, p->cfg->days_ahead, p->cfg->tiers, has_puzzle,
                          p->store, p->slots, SCHEDULE_SLOTS_MAX, &p->missing, err,
                          sizeof err);
    if (rc != 0) {
        log_err("schedule: cannot read the stored puzzles: %s", err);
        return;
    }
    if (p->missing > 0) {
        schedule_describe(p->slots, p->missing, list, sizeof list);
        log_info("schedule: %zu puzzle(s) to make: %s", p->missing, list);
        if (now >= p->retry_at)
            produce_start(p->produce, p->cfg, p->slots, p->missing);
    } else {
        log_info("schedule: all puzzles present through %d day(s) ahead",
                 p->cfg->days_ahead);
    }
    publish_current_day(p, now);
    send_status(p);
}

static void on_timer(uv_timer_t *t);

#define STEP_BACK_MIN_S 2 /* smaller steps back are NTP's business */

/*
 * The live date for now, never earlier than one already served or
 * published: after the clock steps back (a bad RTC, a manual date, NTP
 * correcting a clock that ran ahead) the latest day keeps being served and
 * nothing earlier is published, until the clock catches up.  Both the
 * step and the wait are logged as warnings.
 */
static struct schedule_date live_date(struct publish *p, time_t now)
{
    struct schedule_date cur = schedule_current_date(now, p->cfg->publish_minute), live;
    char err[STORE_ERR_MAX], have[SCHEDULE_DATE_LEN + 1], keep[SCHEDULE_DATE_LEN + 1];

    if (p->last_now != 0 && now + STEP_BACK_MIN_S <= p->last_now)
        log_warning("schedule: the clock stepped back: it reads %lld s before its last "
                    "reading",
                    (long long)(p->last_now - now));
    p->last_now = now;
    if (!p->floor_loaded) {
        if (store_latest_published(p->store, &p->floor, &p->have_floor, err, sizeof err) !=
            STORE_OK)
            log_err("schedule: %s", err); /* tried again at the next tick */
        else
            p->floor_loaded = 1;
    }
    live = schedule_no_earlier(cur, &p->floor, &p->have_floor);
    if (schedule_date_cmp(live, cur) != 0 && !p->behind) {
        schedule_date_format(cur, have);
        schedule_date_format(live, keep);
        log_warning("schedule: the clock says %s, before %s, the latest day served; "
                    "%s stays today until the clock catches up",
                    have, keep, keep);
    } else if (schedule_date_cmp(live, cur) == 0 && p->behind) {
        log_notice("schedule: the clock caught up");
    }
    p->behind = schedule_date_cmp(live, cur) != 0;
    return live;
}

/*
 * Runs at start, after a reload and on every wake-up: when the live date
 * changed (a publish instant passed, or the clock jumped) the puzzles are
 * checked again.  Sleeps at most SCHEDULE_HOP_S so suspend and clock steps
 * are noticed within minutes instead of trusting one long monotonic timer.
 */
static void tick(struct publish *p, int force)
{
    time_t now = clock_now();
    struct schedule_date cur = live_date(p, now);

    /* Also retried while puzzles are missing or the live date could not be
     * published (a full disk, a failed job) and no job is running. */
    if (force || !p->have_current || schedule_date_cmp(cur, p->current) != 0 ||
        ((p->missing > 0 || p->unpublished) && !produce_running(p->produce) &&
         now >= p->retry_at)) {
        p->current = cur;
        p->have_current = 1;
        ensure_puzzles(p, now);
    }
    p->next_publish = schedule_next_publish(now, p->cfg->publish_minute);
    uint64_t sleep_ms = schedule_sleep_ms(now, p->next_publish);
    if (p->retry_at > now && (uint64_t)(p->retry_at - now) * 1000 < sleep_ms)
        sleep_ms = (uint64_t)(p->retry_at - now) * 1000;
    uv_timer_start(&p->timer, on_timer, clock_real_ms(sleep_ms), 0);
    send_status(p);
}

static void on_timer(uv_timer_t *t)
{
    tick(t->data, 0);
}

/* A generation job ended.  Stored: look again at once (the next missing
 * date).  Failed (full disk, locked database, ...): back off. */
static void on_produced(void *arg, int stored)
{
    struct publish *p = arg;
    time_t now = clock_now(); /* retry_at is compared on the schedule's clock */

    if (p->stopping)
        return;
    if (stored) {
        p->failures = 0;
        p->retry_at = 0;
        tick(p, 1); /* and the timer wakes for a retry if publishing fails */
        return;
    }
    long wait = back_off(p, now);
    log_warning(
        "schedule: generation failed %u time(s) in a row; retrying in %ld s",
        p->failures, wait);
    tick(p, 0);
}

int publish_open(struct publish **out, uv_loop_t *loop, const struct config *cfg,
                 struct store *store, struct webhook *webhook)
{
    struct publish *p = calloc(1, sizeof *p);

    *out = NULL;
    if (p == NULL ||
        (p->slots = calloc(SCHEDULE_SLOTS_MAX, sizeof *p->slots)) == NULL ||
        produce_init(&p->produce, loop, store, on_produced, p) != 0) {
        if (p != NULL)
            free(p->slots);
        free(p);
        return -1;
    }
    p->cfg = cfg;
    p->store = store;
    p->webhook = webhook;
    uv_timer_init(loop, &p->timer);
    p->timer.data = p;
    *out = p;
    return 0;
}

void publish_now(struct publish *p)
{
    tick(p, 1);
}

void publish_stop(struct publish *p)
{
    if (p == NULL || p->stopping)
        return;
    p->stopping = 1;
    produce_stop(p->produce);
    uv_timer_stop(&p->timer);
    uv_close((uv_handle_t *)&p->timer, NULL);
}

void publish_free(struct publish *p)
{
    if (p == NULL)
        return;
    produce_free(p->produce);
    free(p->slots);
    free(p);
}
