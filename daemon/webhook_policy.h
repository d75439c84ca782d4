/*
 * webhook_policy: the pure rules of webhook delivery -- when to try again
 * and which URLs may be sent to.
 *
 * Retries: attempt n (1-based) that fails is followed by attempt n + 1
 * after base * 4^(n-1) seconds, capped at WEBHOOK_BACKOFF_CAP_S, plus up to
 * 25% random jitter (so receivers that fail together do not get retried
 * together).  After WEBHOOK_ATTEMPTS_MAX attempts the event is dead.  With
 * any base >= 1 s the attempts span more than 24 hours (about 30 h at 1 s,
 * 40 h at the default 5 s).  A Retry-After from the receiver postpones the
 * next attempt further, never brings it forward, and is capped at a day.
 */
#ifndef SUDOKUD_WEBHOOK_POLICY_H
#define SUDOKUD_WEBHOOK_POLICY_H

#include <stddef.h>
#include <stdint.h>

#define WEBHOOK_ATTEMPTS_MAX 12
#define WEBHOOK_RETRY_BASE_DEFAULT 5 /* seconds before the first retry */
#define WEBHOOK_RETRY_BASE_MAX 300
#define WEBHOOK_BACKOFF_CAP_S (8 * 3600)
#define WEBHOOK_RETRY_AFTER_MAX_S (24 * 3600)

/*
 * Seconds to wait after failed attempt number attempt (1-based) before the
 * next one, or -1 when that was the last attempt.  random is a uniformly
 * random 32-bit value choosing the jitter; retry_after_s is the receiver's
 * Retry-After in seconds (0 or less: none).
 */
int64_t webhook_retry_delay(int attempt, int base_s, uint32_t random,
                            int64_t retry_after_s);

/*
 * The outbox's time for an attempt due delay_s seconds after now_ms (Unix
 * milliseconds): the first whole second at or after it.  The outbox keeps
 * whole seconds; rounding down would let a retry come up to a second
 * before its delay has passed.
 */
int64_t webhook_due_at(int64_t now_ms, int64_t delay_s);

/* 1 for "localhost", 127.0.0.0/8 and [::1] (IPv6 in brackets, as in URLs). */
int webhook_host_is_loopback(const char *host);

/*
 * Checks that url is absolute, without credentials, and https:// -- or
 * http:// to a loopback host.  Returns 0 and sets *plain_http (may be NULL)
 * when it is http://, or -1 with the problem in err.
 */
int webhook_url_check(const char *url, int *plain_http, char *err, size_t errlen);

#endif
