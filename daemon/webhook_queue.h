/*
 * webhook_queue: decides which webhook events are queued, for whom, and
 * writes them to the store's outbox.  An endpoint gets events when it is
 * configured with enabled = true and no 410 has disabled it.  The relay
 * (webhook.h) sends what is queued.
 *
 * Functions return 0 or a negative store_status with a message in err.
 */
#ifndef SUDOKUD_WEBHOOK_QUEUE_H
#define SUDOKUD_WEBHOOK_QUEUE_H

#include <stddef.h>
#include <stdint.h>

#include "config.h"
#include "store.h"

/* Marks date published at now together with its puzzles.published events,
 * one per receiving endpoint, in one transaction. */
int webhook_queue_publish(struct store *s, const struct config *cfg,
                          const char *date, int64_t now, char *err, size_t errlen);

/* Queues date's puzzles.published event (date must be published) for each
 * receiving endpoint; only_missing skips endpoints that ever had one.
 * *queued gets the number of events queued.  The webhook-ids of
 * publication and of only_missing (catch-up) events are derived from the
 * generator secret, the endpoint, date and the event type
 * (webhook_derived_id), the same in every daemon sharing the secret; a
 * replay (only_missing 0) gets fresh random ones. */
int webhook_queue_day(struct store *s, const struct config *cfg, const char *date,
                      int64_t now, int only_missing, size_t *queued, char *err,
                      size_t errlen);

/* Queues a webhook.test event for endpoint, or every receiving endpoint
 * when it is NULL.  STORE_NOT_FOUND for a name not configured,
 * STORE_INVALID for an endpoint that does not receive events. */
int webhook_queue_test(struct store *s, const struct config *cfg,
                       const char *endpoint, int64_t now, size_t *queued, char *err,
                       size_t errlen);

#endif
