/*
 * produce: makes the schedule's missing puzzles off the event loop.  One
 * date at a time: its missing tiers are generated in libuv's thread pool
 * (uv_queue_work), then stored together with store_put_day on the loop
 * thread, so a day is stored whole or not at all.
 */
#ifndef SUDOKUD_PRODUCE_H
#define SUDOKUD_PRODUCE_H

#include <stddef.h>
#include <stdint.h>
#include <uv.h>

#include "config.h"
#include "schedule.h"
#include "store.h"

struct produce;

/* Called on the loop after each date's job ends; stored is 1 when the day
 * was stored, 0 when it failed (logged). */
typedef void (*produce_done_cb)(void *arg, int stored);

/* Returns 0, or -1 when out of memory. */
int produce_init(struct produce **out, uv_loop_t *loop, struct store *store,
                 produce_done_cb cb, void *arg);

/*
 * Starts a job for the first date among slots (its missing tiers), seeded
 * from cfg's secret.  Returns 1 when a job started, 0 when one is already
 * running or there is nothing to do, -1 on an error (logged).
 */
int produce_start(struct produce *p, const struct config *cfg,
                  const struct schedule_slot *slots, size_t n);

int produce_running(const struct produce *p);

/* A running job's results are dropped when it ends; nothing is stored. */
void produce_stop(struct produce *p);

/* Frees p; no job may be running (the loop has drained).  NULL is fine. */
void produce_free(struct produce *p);

#endif
