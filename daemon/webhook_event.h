/*
 * webhook_event: the bodies of webhook events, built with jansson as
 * compact JSON and then stored and sent byte for byte.
 *
 * puzzles.published (one per endpoint and day, all published tiers, easiest
 * first):
 *   {"type":"puzzles.published","timestamp":"2026-11-21T00:00:00Z",
 *    "data":{"date":"2026-11-21","puzzles":[{"tier":"easy","puzzle":"...",
 *    "solution":"...","score":2.3,"hardest_technique":"Naked single",
 *    "clues":36},...]}}
 * "solution" only when the endpoint has include_solutions.
 *
 * webhook.test (sudokuctl webhook test):
 *   {"type":"webhook.test","timestamp":"...","data":{"endpoint":"NAME"}}
 */
#ifndef SUDOKUD_WEBHOOK_EVENT_H
#define SUDOKUD_WEBHOOK_EVENT_H

#include <stddef.h>
#include <stdint.h>

#include "store.h"

#define WEBHOOK_EVENT_PUBLISHED "puzzles.published"
#define WEBHOOK_EVENT_TEST "webhook.test"

/* Builds the puzzles.published body for date from its count puzzles at
 * instant now.  On success *body is a malloc'd NUL-terminated string (the
 * caller frees it) of *len bytes; returns 0, or -1 with err set. */
int webhook_event_published(const char *date, const struct store_puzzle *puzzles,
                            size_t count, int include_solutions, int64_t now,
                            char **body, size_t *len, char *err, size_t errlen);

/* Builds the webhook.test body for endpoint; same contract. */
int webhook_event_test(const char *endpoint, int64_t now, char **body, size_t *len,
                       char *err, size_t errlen);

#endif
