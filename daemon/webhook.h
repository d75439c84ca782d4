/*
 * webhook: durable, signed delivery of webhook events from the store's
 * outbox, on the daemon's libuv loop.
 *
 * Events are queued in SQLite (store.h) and sent by a relay that wakes when
 * events are queued, when a retry falls due and at least every 5 minutes.
 * Each attempt is counted in the store before the request leaves, with the
 * time of the next attempt should this one never report back, so a crash or
 * kill -9 resumes exactly there; webhook-id stays the same across attempts,
 * webhook-timestamp and the signature are made per attempt.  At most one
 * request per endpoint is in flight.  Any 2xx delivers; 410 kills the event
 * and disables the endpoint until `sudokuctl webhook retry`; anything else
 * (3xx, 4xx, 5xx, timeout, connection or TLS error) is retried per
 * webhook_policy.h and the event is dead after the last attempt (logged at
 * error level).  Requests: POST, Content-Type: application/json,
 * webhook-id/-timestamp/-signature, the endpoint's extra headers,
 * User-Agent: sudokud/VERSION; TLS verified (ca_file or the system's CAs);
 * no redirects; https only, http only to loopback; the reply body is read
 * up to WEBHOOK_REPLY_MAX bytes.
 *
 * Functions taking err return 0 or a negative store_status (STORE_INVALID,
 * STORE_NOT_FOUND... as for store.h) with a message for the operator.
 */
#ifndef SUDOKUD_WEBHOOK_H
#define SUDOKUD_WEBHOOK_H

#include <jansson.h>
#include <stddef.h>
#include <stdint.h>
#include <uv.h>

#include "config.h"
#include "store.h"

#define WEBHOOK_REPLY_MAX (64 * 1024) /* bytes of a receiver's reply we read */
#define WEBHOOK_CONNECT_TIMEOUT_MS 10000

struct webhook;

/*
 * Starts the relay on loop.  cfg must stay at the same address for the
 * life of the relay (the daemon's running configuration, which a reload
 * replaces in place); store likewise.  version goes into the User-Agent.
 * Pending events are looked at on the next loop iteration.
 */
int webhook_open(struct webhook **out, uv_loop_t *loop, struct store *store,
                 const struct config *cfg, const char *version, char *err,
                 size_t errlen);

/* Looks at the outbox again soon (after a reload, or an event queued by
 * someone else). */
void webhook_kick(struct webhook *w);

/* Abandons requests in flight (they are retried after a restart, as
 * recorded), stops the relay and closes its libuv handles.  Call while the
 * loop runs (before walking and closing the other handles).  Idempotent. */
void webhook_stop(struct webhook *w);

/* Frees the relay after the loop has run its close callbacks. */
void webhook_free(struct webhook *w);

/* For a published date: queues its event for each enabled endpoint that
 * never had one (added, or enabled again, since).  *queued may be NULL. */
int webhook_catch_up(struct webhook *w, const char *date, size_t *queued, char *err,
                     size_t errlen);

/* `sudokuctl webhook replay DATE`: queues date's event again, with a new
 * webhook-id, for every enabled endpoint. */
int webhook_replay(struct webhook *w, const char *date, size_t *queued, char *err,
                   size_t errlen);

/* `sudokuctl webhook retry ID|all` (event_id NULL for all): dead and
 * waiting events become due now, attempts reset, endpoints re-enabled. */
int webhook_retry(struct webhook *w, const char *event_id, size_t *count, char *err,
                  size_t errlen);

/* `sudokuctl webhook test [NAME]`: queues a signed webhook.test event now
 * for endpoint (NULL: every enabled one). */
int webhook_send_test(struct webhook *w, const char *endpoint, size_t *queued,
                      char *err, size_t errlen);

/*
 * `sudokuctl webhook status`: a new JSON array, one object per endpoint
 * configured or known to the store: {"name", "configured", "enabled",
 * "disabled_at", "disabled_reason", "last_success_at", "last_error",
 * "pending", "dead", "delivered", "oldest_pending_at", "in_flight"} (times
 * in ISO 8601 UTC or null; last_error: why the newest undelivered event
 * that failed did, or null).  NULL with err set on failure.
 */
json_t *webhook_status(struct webhook *w, char *err, size_t errlen);

/* The backlog for `stats`: pending and dead events over all endpoints. */
int webhook_backlog(struct webhook *w, int64_t *pending, int64_t *dead, char *err,
                    size_t errlen);

#endif
