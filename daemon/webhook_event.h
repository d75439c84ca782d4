/*
 * webhook_event: the bodies of webhook events, built with jansson as
 * compact JSON and then stored and sent byte for byte.
 *
 * Every event carries "schema_version" (WEBHOOK_SCHEMA_VERSION; the
 * payload's JSON Schema is schema/json/webhook-event.json) and "timestamp",
 * the instant the event was created (queued): the publication for the
 * day's first events, later for a replay or an endpoint added later.
 *
 * puzzles.published (one per endpoint and day, all published tiers, easiest
 * first):
 *   {"type":"puzzles.published","schema_version":1,
 *    "timestamp":"2026-11-21T00:00:03Z",
 *    "data":{"date":"2026-11-21","published_at":"2026-11-21T00:00:00Z",
 *    "puzzles":[PUZZLE,...]}}
 * "published_at" is the day's publish instant (publish_time on that date in
 * time_zone), the same in every event about the day.  Each PUZZLE is the
 * socket's puzzle object (reply_puzzle), its "label" the tier's display
 * label (config_tier_label).
 * "solution" only when the endpoint has include_solutions; "svg", the
 * puzzle drawn as SVG 1.1 (reply_svg: givens only, as a player starts),
 * only when it has include_svg.
 *
 * webhook.test (sudokuctl webhook test):
 *   {"type":"webhook.test","schema_version":1,"timestamp":"...",
 *    "data":{"endpoint":"NAME"}}
 */
#ifndef SUDOKUD_WEBHOOK_EVENT_H
#define SUDOKUD_WEBHOOK_EVENT_H

#include <stddef.h>
#include <stdint.h>

#include "store.h"

#define WEBHOOK_EVENT_PUBLISHED "puzzles.published"
#define WEBHOOK_EVENT_TEST "webhook.test"
/* Raised when a field changes meaning or goes away; new fields keep it. */
#define WEBHOOK_SCHEMA_VERSION 1

/* One day's puzzles.published event for one endpoint. */
struct webhook_event_day {
    const char *date;                   /* YYYY-MM-DD */
    int64_t published_at;               /* the day's publish instant */
    const struct store_puzzle *puzzles; /* easiest first */
    const char *const *labels;          /* labels[i]: puzzles[i]'s tier label */
    size_t count;
    int include_solutions;
    int include_svg; /* each puzzle's "svg" (reply_svg, without the solution) */
};

/* Builds the puzzles.published body of day, created at instant now.  On
 * success *body is a malloc'd NUL-terminated string (the caller frees it)
 * of *len bytes; returns 0, or -1 with err set. */
int webhook_event_published(const struct webhook_event_day *day, int64_t now,
                            char **body, size_t *len, char *err, size_t errlen);

/* Builds the webhook.test body for endpoint; same contract. */
int webhook_event_test(const char *endpoint, int64_t now, char **body, size_t *len,
                       char *err, size_t errlen);

#endif
