/*
 * webhook_queue: owns the choice of recipients and the assembly of
 * store_event batches (ids, bodies) for publication, catch-up, replay and
 * test pings.
 */
#include "webhook_queue.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "schedule.h"
#include "webhook_event.h"
#include "webhook_sign.h"

struct batch {
    struct store_event ev[CONFIG_WEBHOOK_MAX];
    char ids[CONFIG_WEBHOOK_MAX][WEBHOOK_ID_LEN + 1];
    char *bodies[CONFIG_WEBHOOK_MAX];
    size_t count;
    struct store_puzzle puzzles[STORE_DAY_MAX];
    const char *labels[STORE_DAY_MAX]; /* the config's label of each tier */
    size_t puzzle_count;
    unsigned tiers;
    int64_t published_at; /* the day's publish instant, for every event */
    const char *id_key; /* the generator secret for derived ids, or NULL */
    const char *date;   /* the day of a batch of derived ids */
};

static void batch_free(struct batch *b)
{
    if (b == NULL)
        return;
    for (size_t i = 0; i < b->count; i++)
        free(b->bodies[i]);
    free(b);
}

/* Whether endpoint w receives events now. */
static int receives(struct store *s, const struct config_webhook *w, int *yes,
                    char *err, size_t errlen)
{
    int disabled = 0, rc;

    *yes = 0;
    if (!w->enabled)
        return STORE_OK;
    if ((rc = store_webhook_disabled(s, w->name, &disabled, err, errlen)) !=
        STORE_OK)
        return rc;
    *yes = !disabled;
    return STORE_OK;
}

/* Adds one event (body owned by b from here on), its webhook-id derived
 * from (b->id_key, endpoint, b->date, type) when b->id_key is set
 * (webhook_sign.h), random otherwise. */
static int batch_add(struct batch *b, const char *endpoint, const char *type,
                     char *body, size_t len, char *err, size_t errlen)
{
    size_t i = b->count;
    int rc = b->id_key != NULL
                 ? webhook_derived_id(b->id_key, strlen(b->id_key), endpoint,
                                      b->date, type, b->ids[i], err, errlen)
                 : webhook_new_id(b->ids[i], err, errlen);

    if (rc != 0) {
        free(body);
        return STORE_ERR;
    }
    b->bodies[i] = body;
    b->ev[i] = (struct store_event){b->ids[i], endpoint, type, body, len};
    b->count++;
    return STORE_OK;
}

static int collect_puzzle(void *arg, const struct store_puzzle *p)
{
    struct batch *b = arg;
    enum grade_tier t;

    if (grade_tier_parse(p->tier, &t) == 0 && (b->tiers & CONFIG_TIER_BIT(t)) &&
        b->puzzle_count < STORE_DAY_MAX)
        b->puzzles[b->puzzle_count++] = *p;
    return 0;
}

static int add_day_event(struct store *s, struct batch *b,
                         const struct config_webhook *w, const char *date,
                         int64_t now, int only_missing, char *err, size_t errlen)
{
    struct webhook_event_day day;
    char *body;
    size_t len;
    int yes, rc;

    if ((rc = receives(s, w, &yes, err, errlen)) != STORE_OK || !yes)
        return rc;
    if (only_missing &&
        ((rc = store_outbox_has_event(s, w->name, date, WEBHOOK_EVENT_PUBLISHED,
                                      &yes, err, errlen)) != STORE_OK ||
         yes))
        return rc;
    day = (struct webhook_event_day){date, b->published_at, b->puzzles, b->labels,
                                     b->puzzle_count, w->include_solutions,
                                     w->include_svg};
    if (webhook_event_published(&day, now, &body, &len, err, errlen) != 0)
        return STORE_ERR;
    return batch_add(b, w->name, WEBHOOK_EVENT_PUBLISHED, body, len, err, errlen);
}

/* The events of date for every receiving endpoint; *out owned by the
 * caller (batch_free).  derived: the first event of each (endpoint, date),
 * whose webhook-id any daemon with the same secret derives alike; a replay
 * gets random ids, so receivers that deduplicate see it anew. */
static int build_day(struct store *s, const struct config *cfg, const char *date,
                     int64_t now, int only_missing, int derived, struct batch **out,
                     char *err, size_t errlen)
{
    struct batch *b = calloc(1, sizeof *b);
    struct schedule_date day;
    int rc;

    *out = b;
    if (b == NULL) {
        snprintf(err, errlen, "webhook events of %s: out of memory", date);
        return STORE_ERR;
    }
    b->tiers = cfg->tiers;
    if (schedule_date_parse(date, &day) != 0) {
        snprintf(err, errlen, "webhook events: '%s' is not a date YYYY-MM-DD", date);
        return STORE_INVALID;
    }
    /* From the schedule, not the clock: a replay or an endpoint added
     * later gets the same published_at as the day's first events. */
    b->published_at = (int64_t)schedule_local_instant(day, cfg->publish_minute);
    b->id_key = derived ? cfg->generator_secret : NULL;
    b->date = date;
    if ((rc = store_list(s, date, date, collect_puzzle, b, err, errlen)) !=
        STORE_OK)
        return rc;
    for (size_t i = 0; i < b->puzzle_count; i++)
        b->labels[i] = config_tier_label(cfg, b->puzzles[i].tier);
    if (b->puzzle_count == 0) {
        snprintf(err, errlen,
                 "no puzzles of the configured tiers are stored for %s", date);
        return STORE_INVALID;
    }
    for (size_t i = 0; i < cfg->webhook_count; i++) {
        rc = add_day_event(s, b, &cfg->webhooks[i], date, now, only_missing, err,
                           errlen);
        if (rc != STORE_OK)
            return rc;
    }
    return STORE_OK;
}

int webhook_queue_publish(struct store *s, const struct config *cfg,
                          const char *date, int64_t now, char *err, size_t errlen)
{
    struct batch *b;
    int rc = build_day(s, cfg, date, now, 0, 1, &b, err, errlen);

    if (rc == STORE_OK)
        rc = store_mark_published(s, date, now, b->ev, b->count, err, errlen);
    batch_free(b);
    return rc;
}

int webhook_queue_day(struct store *s, const struct config *cfg, const char *date,
                      int64_t now, int only_missing, size_t *queued, char *err,
                      size_t errlen)
{
    struct batch *b;
    int published = 0, rc;

    *queued = 0;
    if ((rc = store_is_published(s, date, &published, err, errlen)) != STORE_OK)
        return rc;
    if (!published) {
        snprintf(err, errlen, "%s is not published; only published days are sent",
                 date);
        return STORE_INVALID;
    }
    rc = build_day(s, cfg, date, now, only_missing, only_missing, &b, err, errlen);
    if (rc == STORE_OK && b->count > 0 &&
        (rc = store_enqueue_events(s, date, now, b->ev, b->count, err, errlen)) ==
            STORE_OK)
        *queued = b->count;
    batch_free(b);
    return rc;
}

static int add_test_event(struct store *s, struct batch *b,
                          const struct config_webhook *w, int64_t now, int named,
                          char *err, size_t errlen)
{
    char *body;
    size_t len;
    int yes, rc;

    if ((rc = receives(s, w, &yes, err, errlen)) != STORE_OK)
        return rc;
    if (!yes) {
        if (!named)
            return STORE_OK;
        snprintf(err, errlen, "webhook \"%s\" %s", w->name,
                 !w->enabled
                     ? "has enabled = false in the configuration"
                     : "was disabled by a 410 Gone; `sudokuctl webhook retry "
                       "all` enables it again");
        return STORE_INVALID;
    }
    if (webhook_event_test(w->name, now, &body, &len, err, errlen) != 0)
        return STORE_ERR;
    return batch_add(b, w->name, WEBHOOK_EVENT_TEST, body, len, err, errlen);
}

int webhook_queue_test(struct store *s, const struct config *cfg,
                       const char *endpoint, int64_t now, size_t *queued, char *err,
                       size_t errlen)
{
    struct batch *b = calloc(1, sizeof *b);
    int rc = b != NULL ? STORE_OK : STORE_ERR, found = 0;

    *queued = 0;
    for (size_t i = 0; rc == STORE_OK && i < cfg->webhook_count; i++) {
        const struct config_webhook *w = &cfg->webhooks[i];

        if (endpoint == NULL || strcmp(endpoint, w->name) == 0) {
            found = 1;
            rc = add_test_event(s, b, w, now, endpoint != NULL, err, errlen);
        }
    }
    if (b == NULL)
        snprintf(err, errlen, "webhook test: out of memory");
    else if (rc == STORE_OK && endpoint != NULL && !found) {
        snprintf(err, errlen, "no webhook \"%s\" in the configuration", endpoint);
        rc = STORE_NOT_FOUND;
    } else if (rc == STORE_OK && b->count > 0 &&
               (rc = store_enqueue_events(s, NULL, now, b->ev, b->count, err,
                                          errlen)) == STORE_OK)
        *queued = b->count;
    batch_free(b);
    return rc;
}
