/*
 * query: answers the cheap requests of the query socket (ping, help,
 * stats, today, get, list) from the store, and the operator commands
 * (webhook, backup) through admin.h, on the loop thread.
 *
 * "Today" is the live date (schedule_current_date) in the configured time
 * zone; dates after it are not published yet and are answered not_found.
 * The replies for today are kept rendered once all their puzzles exist
 * (stored puzzles never change), so `today hard` costs a copy.
 */
#ifndef SUDOKUD_QUERY_H
#define SUDOKUD_QUERY_H

#include <stdint.h>
#include <time.h>

#include "config.h"
#include "proto.h"
#include "reply.h"
#include "store.h"
#include "webhook.h"

/* What the server counts, shown by stats. */
struct query_counters {
    uint64_t started_ns;        /* uv_hrtime() at start: uptime is monotonic */
    uint64_t requests;          /* requests answered, errors included */
    uint64_t errors;            /* error replies */
    uint64_t connections;       /* open now */
    uint64_t connections_total; /* accepted since start */
    uint64_t refused;           /* turned away: too many connections */
    uint64_t timed_out;         /* closed: idle, or not reading replies */
    uint64_t jobs_running;      /* CPU-heavy requests in the thread pool */
    uint64_t jobs_queued;       /* waiting for a thread */
};

struct query;

/* cfg, store and webhook (the relay; NULL: none) must outlive q; cfg is
 * read at every request. */
struct query *query_new(const struct config *cfg, struct store *store,
                        struct webhook *webhook);
void query_free(struct query *q);

/*
 * Answers req (a command that is not heavy) as of now, writing one reply
 * line through emit.  Returns 0 for an ok reply, 1 for an error reply, -1
 * when emit failed or memory ran out.
 */
int query_answer(struct query *q, const struct proto_request *req, time_t now,
                 const struct query_counters *counters, reply_emit_fn emit,
                 void *arg);

#endif
