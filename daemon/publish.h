/*
 * publish: the nightly cycle of the daemon.  At start, after a reload and
 * whenever its timer wakes it finds the (date, tier) puzzles the store
 * lacks for the live date through days_ahead later (schedule.h), has them
 * made one date at a time (produce.h), and once the live date is complete
 * marks it published together with its webhook events in one transaction
 * (webhook_queue.h), then wakes the relay.  A failed generation or
 * publication is tried again after 30 s, doubling up to an hour.  It keeps
 * systemd's STATUS= line up to date ("serving DATE; next publish ...").
 *
 * Everything runs on the loop thread; only the puzzles are made in the
 * thread pool, by produce.
 */
#ifndef SUDOKUD_PUBLISH_H
#define SUDOKUD_PUBLISH_H

#include <uv.h>

#include "config.h"
#include "store.h"
#include "webhook.h"

struct publish;

/*
 * Sets the cycle up on loop; nothing runs before publish_now.  cfg, store
 * and webhook must outlive it (cfg is the running configuration, which a
 * reload replaces in place).  Returns 0, or -1 when out of memory.
 */
int publish_open(struct publish **out, uv_loop_t *loop, const struct config *cfg,
                 struct store *store, struct webhook *webhook);

/* Looks at the store and the calendar now (at start, after a reload). */
void publish_now(struct publish *p);

/* Stops the cycle: a generation in flight is dropped unstored, nothing new
 * starts, and the timer is closed.  Call while the loop runs.  Idempotent. */
void publish_stop(struct publish *p);

/* Frees p after the loop has drained (no job left).  NULL is fine. */
void publish_free(struct publish *p);

#endif
