/*
 * query: owns the answers read from the store (today, get, list, render,
 * stats),
 * the notion of "today" for queries, and the cache of today's rendered
 * replies.
 */
#include "query.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <uv.h>

#include "admin.h"
#include "log.h"
#include "schedule.h"

#define CACHE_ALL GRADE_TIERS /* the row for "every tier" */
#define PONG "{\"ok\":true,\"pong\":true}\n"

/* One rendered reply of today's puzzles. */
struct cached {
    char date[SCHEDULE_DATE_LEN + 1];
    unsigned tiers; /* the configured tiers it was complete for */
    /* the labels it was rendered with (a SIGHUP may change them) */
    char labels[GRADE_TIERS][CONFIG_LABEL_MAX + 1];
    struct reply_buf text;
};

struct query {
    const struct config *cfg;
    struct store *store;
    struct webhook *webhook;
    time_t today_at;
    int today_minute;
    struct schedule_date today;
    /* Today never moves back (the clock stepped back): the latest day
     * served or published, loaded from the store at the first request. */
    struct schedule_date floor;
    int have_floor, floor_loaded;
    struct cached cache[GRADE_TIERS + 1][2]; /* [tier or CACHE_ALL][solution] */
};

struct query *query_new(const struct config *cfg, struct store *store,
                        struct webhook *webhook)
{
    struct query *q = calloc(1, sizeof *q);

    if (q != NULL) {
        q->cfg = cfg;
        q->store = store;
        q->webhook = webhook;
        q->today_at = (time_t)-1;
    }
    return q;
}

void query_free(struct query *q)
{
    if (q == NULL)
        return;
    for (int t = 0; t <= CACHE_ALL; t++)
        for (int s = 0; s < 2; s++)
            reply_buf_free(&q->cache[t][s].text);
    free(q);
}

/* Recomputed once a second at most: it reads the time zone.  Never
 * earlier than a day already served or published (publish.c logs the
 * clock's steps back). */
static struct schedule_date today(struct query *q, time_t now)
{
    char err[STORE_ERR_MAX];

    if (now != q->today_at || q->today_minute != q->cfg->publish_minute) {
        q->today = schedule_current_date(now, q->cfg->publish_minute);
        q->today_at = now;
        q->today_minute = q->cfg->publish_minute;
        if (!q->floor_loaded) {
            if (store_latest_published(q->store, &q->floor, &q->have_floor, err,
                                       sizeof err) == STORE_OK)
                q->floor_loaded = 1;
            else
                log_err("today: %s", err); /* tried again at the next request */
        }
        q->today = schedule_no_earlier(q->today, &q->floor, &q->have_floor);
    }
    return q->today;
}

static int send_error(enum proto_error code, const char *message,
                      reply_emit_fn emit, void *arg)
{
    return reply_write(reply_error(code, message), emit, arg) == 0 ? 1 : -1;
}

static int send_store_error(const char *err, reply_emit_fn emit, void *arg)
{
    log_err("query: %s", err);
    return send_error(PROTO_ERR_INTERNAL,
                      "the database failed; the daemon's log says why", emit, arg);
}

/* ---- puzzles ------------------------------------------------------------ */

struct collect {
    const struct config *cfg; /* for the tiers' labels */
    json_t *list;
    int solution;
    unsigned tiers; /* CONFIG_TIER_BIT of the tiers seen */
};

static int collect_puzzle(void *arg, const struct store_puzzle *p)
{
    struct collect *c = arg;
    enum grade_tier tier;

    if (grade_tier_parse(p->tier, &tier) == 0)
        c->tiers |= CONFIG_TIER_BIT(tier);
    return json_array_append_new(c->list, reply_puzzle(p, config_tier_label(c->cfg, p->tier), c->solution));
}

/* Fills c with the puzzles of date (one tier or all); returns a store
 * status. */
static int read_day(struct query *q, const char *date, int tier, struct collect *c,
                    char *err, size_t errlen)
{
    struct store_puzzle p;
    int rc;

    if (tier == PROTO_TIER_ALL)
        return store_list(q->store, date, date, collect_puzzle, c, err, errlen);
    rc = store_get_puzzle(q->store, date, grade_tier_name((enum grade_tier)tier),
                          &p, err, errlen);
    if (rc == STORE_OK)
        collect_puzzle(c, &p);
    return rc == STORE_NOT_FOUND ? STORE_OK : rc;
}

static void not_found_message(const struct config *cfg, const char *date, int tier,
                              char *msg, size_t len)
{
    if (tier == PROTO_TIER_ALL)
        snprintf(msg, len, "no puzzles for %s", date);
    else if (!(cfg->tiers & CONFIG_TIER_BIT(tier)))
        snprintf(msg, len, "tier %s is not configured ([schedule] tiers)",
                 grade_tier_name((enum grade_tier)tier));
    else
        snprintf(msg, len, "no %s puzzle for %s",
                 grade_tier_name((enum grade_tier)tier), date);
}

/* Renders the reply for one day into out; returns 0 (ok), 1 (not found)
 * or -1 (store failure, already logged and in msg). */
static int render_day(struct query *q, const char *date,
                      const struct proto_request *req, struct reply_buf *out,
                      unsigned *tiers, char *msg, size_t msglen)
{
    struct collect c = {q->cfg, json_array(), req->solution, 0};
    char err[STORE_ERR_MAX];

    if (read_day(q, date, req->tier, &c, err, sizeof err) != STORE_OK) {
        json_decref(c.list);
        snprintf(msg, msglen, "%s", err);
        return -1;
    }
    *tiers = c.tiers;
    if (json_array_size(c.list) == 0) {
        json_decref(c.list);
        not_found_message(q->cfg, date, req->tier, msg, msglen);
        return 1;
    }
    return reply_write(
               json_pack("{s:b,s:s,s:o}", "ok", 1, "date", date, "puzzles", c.list),
               reply_buf_append, out) == 0
               ? 0
               : -2;
}

/* Today's reply is kept once complete: every tier asked for is stored. */
static void keep_today(struct query *q, const char *date,
                       const struct proto_request *req, unsigned seen,
                       struct reply_buf *text)
{
    int row = req->tier == PROTO_TIER_ALL ? CACHE_ALL : req->tier;
    struct cached *slot = &q->cache[row][req->solution];
    unsigned want = q->cfg->tiers;

    if (req->tier == PROTO_TIER_ALL && (seen & want) != want)
        return;
    reply_buf_free(&slot->text);
    snprintf(slot->date, sizeof slot->date, "%s", date);
    slot->tiers = want;
    memcpy(slot->labels, q->cfg->tier_labels, sizeof slot->labels);
    slot->text = *text;
    memset(text, 0, sizeof *text);
}

static const struct cached *cached_today(struct query *q, const char *date,
                                         const struct proto_request *req)
{
    int row = req->tier == PROTO_TIER_ALL ? CACHE_ALL : req->tier;
    const struct cached *slot = &q->cache[row][req->solution];

    if (slot->text.len == 0 || strcmp(slot->date, date) != 0 ||
        memcmp(slot->labels, q->cfg->tier_labels, sizeof slot->labels) != 0 ||
        (req->tier == PROTO_TIER_ALL && slot->tiers != q->cfg->tiers))
        return NULL;
    return slot;
}

/* The day get, today and render ask for: its date into date, and how it
 * compares with today (> 0: not published yet, answered not_found here). */
static int day_asked(struct query *q, struct schedule_date day, time_t now,
                     char date[SCHEDULE_DATE_LEN + 1], reply_emit_fn emit, void *arg,
                     int *rc)
{
    struct schedule_date live = today(q, now);
    char live_text[SCHEDULE_DATE_LEN + 1], msg[96];
    int cmp = schedule_date_cmp(day, live);

    schedule_date_format(day, date);
    if (cmp > 0) {
        schedule_date_format(live, live_text);
        snprintf(msg, sizeof msg, "puzzles for %s are not published yet (today is %s)",
                 date, live_text);
        *rc = send_error(PROTO_ERR_NOT_FOUND, msg, emit, arg);
    }
    return cmp;
}

static int answer_day(struct query *q, const struct proto_request *req,
                      struct schedule_date day, time_t now, reply_emit_fn emit,
                      void *arg)
{
    char date[SCHEDULE_DATE_LEN + 1], msg[STORE_ERR_MAX + 64];
    const struct cached *hit;
    struct reply_buf text = {0};
    unsigned seen = 0;
    int rc = 0, cmp = day_asked(q, day, now, date, emit, arg, &rc);

    if (cmp > 0)
        return rc;
    if (cmp == 0 && (hit = cached_today(q, date, req)) != NULL)
        return emit(hit->text.data, hit->text.len, arg) == 0 ? 0 : -1;
    rc = render_day(q, date, req, &text, &seen, msg, sizeof msg);
    if (rc == 1)
        return send_error(PROTO_ERR_NOT_FOUND, msg, emit, arg);
    if (rc == -1)
        return send_store_error(msg, emit, arg);
    if (rc == 0 && emit(text.data, text.len, arg) != 0)
        rc = -1;
    if (rc == 0 && cmp == 0)
        keep_today(q, date, req, seen, &text);
    reply_buf_free(&text);
    return rc == 0 ? 0 : -1;
}

/* render DATE TIER [solution]: {"ok","date","tier","label","svg"}. */
static int answer_render(struct query *q, const struct proto_request *req,
                         struct schedule_date day, time_t now, reply_emit_fn emit,
                         void *arg)
{
    char date[SCHEDULE_DATE_LEN + 1], msg[STORE_ERR_MAX + 64];
    struct store_puzzle p;
    const char *label;
    json_t *svg;
    int rc = 0;

    if (day_asked(q, day, now, date, emit, arg, &rc) > 0)
        return rc;
    rc = store_get_puzzle(q->store, date, grade_tier_name((enum grade_tier)req->tier), &p,
                          msg, sizeof msg);
    if (rc == STORE_NOT_FOUND) {
        not_found_message(q->cfg, date, req->tier, msg, sizeof msg);
        return send_error(PROTO_ERR_NOT_FOUND, msg, emit, arg);
    }
    if (rc != STORE_OK)
        return send_store_error(msg, emit, arg);
    label = config_tier_label(q->cfg, p.tier);
    svg = reply_svg(&p, label, req->solution);
    if (svg == NULL) {
        log_err("render %s %s: the stored puzzle cannot be drawn", date, p.tier);
        return send_error(PROTO_ERR_INTERNAL, "the stored puzzle cannot be drawn; the "
                          "daemon's log says which", emit, arg);
    }
    return reply_write(json_pack("{s:b,s:s,s:s,s:s,s:o}", "ok", 1, "date", date, "tier",
                                 p.tier, "label", label, "svg", svg),
                       emit, arg) == 0
               ? 0
               : -1;
}

static int answer_list(struct query *q, const struct proto_request *req, time_t now,
                       reply_emit_fn emit, void *arg)
{
    struct schedule_date live = today(q, now), to = req->to;
    struct collect c = {q->cfg, json_array(), req->solution, 0};
    char from_text[SCHEDULE_DATE_LEN + 1], to_text[SCHEDULE_DATE_LEN + 1];
    char err[STORE_ERR_MAX];

    schedule_date_format(req->from, from_text);
    schedule_date_format(req->to, to_text);
    if (schedule_date_cmp(to, live) > 0)
        to = live; /* later days are not published yet */
    if (schedule_date_cmp(req->from, to) <= 0) {
        char last[SCHEDULE_DATE_LEN + 1];

        schedule_date_format(to, last);
        if (store_list(q->store, from_text, last, collect_puzzle, &c, err,
                       sizeof err) != STORE_OK) {
            json_decref(c.list);
            return send_store_error(err, emit, arg);
        }
    }
    return reply_write(json_pack("{s:b,s:s,s:s,s:o}", "ok", 1, "from", from_text,
                                 "to", to_text, "puzzles", c.list),
                       emit, arg) == 0
               ? 0
               : -1;
}

/* ---- stats -------------------------------------------------------------- */

/* The webhook backlog over all endpoints and each endpoint's state, from
 * the relay (the store's counts when there is none). */
static int add_webhook_stats(struct query *q, const struct store_stats *st,
                             json_t *obj, char *err, size_t errlen)
{
    int64_t pending = st->outbox_pending, dead = st->outbox_dead;
    json_t *each = NULL;

    if (q->webhook != NULL &&
        (webhook_backlog(q->webhook, &pending, &dead, err, errlen) != STORE_OK ||
         (each = webhook_status(q->webhook, err, errlen)) == NULL))
        return -1;
    json_object_set_new(obj, "webhook_backlog", json_integer(pending));
    json_object_set_new(obj, "webhook_dead", json_integer(dead));
    json_object_set_new(obj, "webhooks", each != NULL ? each : json_array());
    return 0;
}

static int answer_stats(struct query *q, time_t now, const struct query_counters *n,
                        reply_emit_fn emit, void *arg)
{
    struct store_stats st;
    char err[STORE_ERR_MAX], date[SCHEDULE_DATE_LEN + 1];
    json_t *obj;

    if (store_get_stats(q->store, &st, err, sizeof err) != STORE_OK)
        return send_store_error(err, emit, arg);
    schedule_date_format(today(q, now), date);
    obj = json_pack(
        "{s:b,s:I,s:s,s:I,s:o,s:I,s:I,s:I,s:I,s:I,s:I,s:I,s:I}", "ok", 1,
        "uptime_s", (json_int_t)((uv_hrtime() - n->started_ns) / 1000000000u), "today",
        date, "puzzles_stored",
        (json_int_t)st.puzzles, "last_generation", reply_time(st.last_created_at),
        "requests", (json_int_t)n->requests, "errors", (json_int_t)n->errors,
        "connections", (json_int_t)n->connections, "connections_total",
        (json_int_t)n->connections_total, "refused", (json_int_t)n->refused,
        "timed_out", (json_int_t)n->timed_out, "jobs_running",
        (json_int_t)n->jobs_running, "jobs_queued", (json_int_t)n->jobs_queued);
    if (obj != NULL && add_webhook_stats(q, &st, obj, err, sizeof err) != 0) {
        json_decref(obj);
        return send_store_error(err, emit, arg);
    }
    return reply_write(obj, emit, arg) == 0 ? 0 : -1;
}

int query_answer(struct query *q, const struct proto_request *req, time_t now,
                 const struct query_counters *counters, reply_emit_fn emit,
                 void *arg)
{
    switch (req->command) {
    case PROTO_PING:
        return emit(PONG, sizeof PONG - 1, arg) == 0 ? 0 : -1;
    case PROTO_HELP:
        return reply_write(reply_help(), emit, arg) == 0 ? 0 : -1;
    case PROTO_STATS:
        return answer_stats(q, now, counters, emit, arg);
    case PROTO_TODAY:
        return answer_day(q, req, today(q, now), now, emit, arg);
    case PROTO_GET:
        /* A relative day is counted from today, so tomorrow is as
         * unpublished as any later day. */
        return answer_day(q, req,
                          req->relative
                              ? schedule_date_add(today(q, now), req->offset)
                              : req->from,
                          now, emit, arg);
    case PROTO_LIST:
        return answer_list(q, req, now, emit, arg);
    case PROTO_RENDER:
        return answer_render(q, req,
                             req->relative ? schedule_date_add(today(q, now), req->offset)
                                           : req->from,
                             now, emit, arg);
    case PROTO_WEBHOOK:
    case PROTO_BACKUP:
        return admin_answer(q->cfg, q->store, q->webhook, req, emit, arg);
    default:
        return send_error(PROTO_ERR_INTERNAL,
                          "this command runs in the thread pool", emit, arg);
    }
}
