/*
 * reply: the query socket's JSON replies, built with jansson.
 *
 * Everything here is pure and reentrant: reply_compute runs in the libuv
 * thread pool for the CPU-heavy commands (solve, grade, hint, steps,
 * check).
 * Each builder returns a new reference the caller owns, or NULL when out
 * of memory.
 */
#ifndef SUDOKUD_REPLY_H
#define SUDOKUD_REPLY_H

#include <stddef.h>
#include <stdint.h>

#include <jansson.h>

#include "proto.h"
#include "store.h"

/* Called with consecutive pieces of one serialized reply; 0 to go on. */
typedef int (*reply_emit_fn)(const char *data, size_t len, void *arg);

/* {"ok":true} */
json_t *reply_ok(void);

/* {"ok":false,"error":{"code":CODE,"message":message}} */
json_t *reply_error(enum proto_error code, const char *message);

/* One puzzle's public fields, "label" its tier's display label
 * (config_tier_label), with its solution only when solution is 1. */
json_t *reply_puzzle(const struct store_puzzle *p, const char *label, int solution);

/* One puzzle drawn as SVG 1.1 text (common/render.h): the givens, the
 * solution's digits too when solution is 1, a caption of its date, label
 * (its tier's key when the label is not printable ASCII of at most
 * RENDER_TEXT_MAX bytes) and score.  NULL when out of memory or when the
 * stored grids do not parse (a damaged row; the caller says so). */
json_t *reply_svg(const struct store_puzzle *p, const char *label, int solution);

/* Unix seconds t as an ISO 8601 UTC string "2026-11-21T00:00:00Z", the
 * one form of every time in replies and events; null when t <= 0 (never). */
json_t *reply_time(int64_t t);

/* {"ok":true,"commands":[{"name","usage","about"},...]} */
json_t *reply_help(void);

/* Answers a solve, grade, hint, steps or check request; an error reply for a
 * request the command cannot judge (e.g. a puzzle with two solutions), and
 * too_hard when proving the grid's solutions takes more than max_nodes
 * search nodes (solver_count_budget; 0: no limit). */
json_t *reply_compute(const struct proto_request *req, unsigned long max_nodes);

/* A growing byte buffer; reply_buf_append is a reply_emit_fn for it. */
struct reply_buf {
    char *data;
    size_t len, cap;
};

int reply_buf_append(const char *data, size_t len, void *buf);
void reply_buf_free(struct reply_buf *b);

/* Writes reply as one compact line ending in "\n" through emit, then
 * releases it (takes ownership).  Returns 0, or -1 when emit failed. */
int reply_write(json_t *reply, reply_emit_fn emit, void *arg);

#endif
