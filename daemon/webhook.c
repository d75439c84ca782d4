/*
 * webhook: owns the relay (which outbox event to send when), the HTTP
 * request of each attempt (curl_uv on the daemon's loop), and turning each
 * outcome into the next outbox state.
 */
#include "webhook.h"

#include <curl/curl.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "curl_uv.h"
#include "log.h"
#include "reply.h"
#include "webhook_policy.h"
#include "webhook_queue.h"
#include "webhook_sign.h"

#define RELAY_BATCH 256           /* pending events looked at per pass */
#define RELAY_HOP_MS (300 * 1000) /* longest sleep: absorbs clock steps */
#define RELAY_ERROR_MS (60 * 1000)
#define REPLY_SNIPPET 160 /* bytes of a failing reply kept for the log */

struct webhook_transfer {
    struct webhook *w;
    CURL *easy;
    struct curl_slist *headers;
    void *body;
    size_t body_len;
    int64_t outbox_id;
    int64_t retry_at; /* as recorded before sending */
    int attempt;
    char event_id[64];
    char endpoint[STORE_NAME_MAX];
    size_t received;
    char reply[REPLY_SNIPPET + 1];
    char errbuf[CURL_ERROR_SIZE];
    struct webhook_transfer *next;
};

struct webhook {
    uv_loop_t *loop;
    struct store *store;
    const struct config *cfg;
    char user_agent[64];
    struct curl_uv *curl;
    uv_timer_t relay_timer;
    struct webhook_transfer *inflight;
    int stopped;
};

/* ---- helpers ----------------------------------------------------------- */

/* Unix time in milliseconds: retries are due at whole seconds, and the relay
 * wakes at the millisecond one falls due rather than up to a second late. */
static int64_t wall_ms(void)
{
    struct timespec ts;

    if (clock_gettime(CLOCK_REALTIME, &ts) != 0)
        return (int64_t)time(NULL) * 1000;
    return (int64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

static uint32_t random_u32(void)
{
    uint32_t r;

    if (webhook_random(&r, sizeof r) != 0)
        r = (uint32_t)time(NULL) *
            2654435761u; /* jitter only; any spread will do */
    return r;
}

static const struct config_webhook *find_hook(const struct config *cfg,
                                              const char *name)
{
    for (size_t i = 0; i < cfg->webhook_count; i++) {
        if (strcmp(cfg->webhooks[i].name, name) == 0)
            return &cfg->webhooks[i];
    }
    return NULL;
}

static int endpoint_busy(const struct webhook *w, const char *name)
{
    for (const struct webhook_transfer *t = w->inflight; t != NULL; t = t->next) {
        if (strcmp(t->endpoint, name) == 0)
            return 1;
    }
    return 0;
}

static void unlink_transfer(struct webhook *w, struct webhook_transfer *t)
{
    struct webhook_transfer **p = &w->inflight;

    while (*p != NULL && *p != t)
        p = &(*p)->next;
    if (*p == t)
        *p = t->next;
}

static void transfer_free(struct webhook_transfer *t)
{
    if (t == NULL)
        return;
    if (t->easy != NULL)
        curl_easy_cleanup(t->easy);
    curl_slist_free_all(t->headers);
    free(t->body);
    free(t);
}

static void on_relay(uv_timer_t *timer);

void webhook_kick(struct webhook *w)
{
    if (w != NULL && !w->stopped)
        uv_timer_start(&w->relay_timer, on_relay, 0, 0);
}

/* ---- outcomes ---------------------------------------------------------- */

/* Returns 0, or -1 when the store could not record the failure. */
static int record_failure(struct webhook *w, const struct webhook_transfer *t,
                          int base_s, long code, const char *why,
                          int64_t retry_after)
{
    int64_t now_ms = wall_ms();
    int64_t delay = webhook_retry_delay(t->attempt, base_s, random_u32(),
                                        retry_after);
    char err[STORE_ERR_MAX];

    if (store_outbox_failed(w->store, t->outbox_id, (int)code, why,
                            delay < 0 ? now_ms / 1000 : webhook_due_at(now_ms, delay),
                            delay < 0, err,
                            sizeof err) != STORE_OK) {
        log_err("webhook %s: event %s: %s", t->endpoint, t->event_id, err);
        return -1;
    }
    if (delay < 0)
        log_err("webhook %s: event %s is dead after %d attempts; last error: %s; "
                "`sudokuctl webhook retry %s` sends it again",
                t->endpoint, t->event_id, t->attempt, why, t->event_id);
    else
        log_warning(
            "webhook %s: event %s, attempt %d of %d failed: %s; next attempt in "
            "%" PRId64 " s",
            t->endpoint, t->event_id, t->attempt, WEBHOOK_ATTEMPTS_MAX, why, delay);
    return 0;
}

static void record_gone(struct webhook *w, const struct webhook_transfer *t,
                        long code)
{
    char err[STORE_ERR_MAX];

    if (store_outbox_gone(w->store, t->outbox_id, (int64_t)time(NULL), (int)code,
                          "the receiver answered 410 Gone", err,
                          sizeof err) != STORE_OK) {
        log_err("webhook %s: event %s: %s", t->endpoint, t->event_id, err);
        return;
    }
    log_err(
        "webhook %s: the receiver answered 410 Gone to event %s: endpoint disabled, "
        "nothing more is sent to it until `sudokuctl webhook retry all`",
        t->endpoint, t->event_id);
}

static void record_delivered(struct webhook *w, const struct webhook_transfer *t,
                             long code)
{
    char err[STORE_ERR_MAX];

    if (store_outbox_delivered(w->store, t->outbox_id, (int64_t)time(NULL),
                               (int)code, err, sizeof err) != STORE_OK)
        log_err(
            "webhook %s: event %s was delivered but not recorded (it will be sent "
            "again): %s",
            t->endpoint, t->event_id, err);
    else
        log_info("webhook %s: event %s delivered (HTTP %ld, attempt %d)",
                 t->endpoint, t->event_id, code, t->attempt);
}

/* The reason an attempt failed, for the log and last_error. */
static void describe_failure(const struct webhook_transfer *t, CURLcode result,
                             long code, char *out, size_t outlen)
{
    if (code >= 300 && code < 400)
        snprintf(out, outlen,
                 "HTTP %ld (redirects are not followed; configure the final "
                 "URL)",
                 code);
    else if (code > 0)
        snprintf(out, outlen, "HTTP %ld%s%s", code, t->reply[0] != '\0' ? ": " : "",
                 t->reply);
    else
        snprintf(out, outlen, "%s",
                 t->errbuf[0] != '\0' ? t->errbuf : curl_easy_strerror(result));
}

static void on_done(void *arg, CURL *easy, CURLcode result)
{
    struct webhook *w = arg;
    struct webhook_transfer *t = NULL;
    const struct config_webhook *hook;
    curl_off_t retry_after = 0;
    long code = 0;
    char why[CURL_ERROR_SIZE + REPLY_SNIPPET + 64];

    curl_easy_getinfo(easy, CURLINFO_PRIVATE, (char **)&t);
    curl_easy_getinfo(easy, CURLINFO_RESPONSE_CODE, &code);
    curl_easy_getinfo(easy, CURLINFO_RETRY_AFTER, &retry_after);
    unlink_transfer(w, t);
    hook = find_hook(w->cfg, t->endpoint);
    /* A 2xx means the receiver took the event, even if its reply was cut
     * off at WEBHOOK_REPLY_MAX or came slowly. */
    if (code >= 200 && code < 300)
        record_delivered(w, t, code);
    else if (code == 410)
        record_gone(w, t, code);
    else {
        describe_failure(t, result, code, why, sizeof why);
        record_failure(
            w, t, hook != NULL ? hook->retry_base_s : WEBHOOK_RETRY_BASE_DEFAULT,
            code, why, (int64_t)retry_after);
    }
    transfer_free(t);
    webhook_kick(w);
}

/* ---- one attempt ------------------------------------------------------- */

/* Keeps the first bytes of the reply for the log; stops reading (a failed
 * transfer) past WEBHOOK_REPLY_MAX. */
static size_t on_reply(char *data, size_t size, size_t nmemb, void *arg)
{
    struct webhook_transfer *t = arg;
    size_t n = size * nmemb, keep = strlen(t->reply);

    if (keep < REPLY_SNIPPET) {
        size_t add = n < REPLY_SNIPPET - keep ? n : REPLY_SNIPPET - keep;

        memcpy(t->reply + keep, data, add);
        t->reply[keep + add] = '\0';
    }
    t->received += n;
    return t->received > WEBHOOK_REPLY_MAX ? 0 : n;
}

static int add_header(struct curl_slist **list, const char *name, const char *value)
{
    char line[512];
    struct curl_slist *next;

    if (value != NULL)
        snprintf(line, sizeof line, "%s: %s", name, value);
    else
        snprintf(line, sizeof line, "%s", name);
    if ((next = curl_slist_append(*list, line)) == NULL)
        return -1;
    *list = next;
    return 0;
}

static int build_headers(struct webhook_transfer *t,
                         const struct config_webhook *hook, int64_t now, char *err,
                         size_t errlen)
{
    char sig[WEBHOOK_SIGNATURE_MAX], ts[24];
    int rc = 0;

    if (webhook_sign(hook->secret, t->event_id, now, t->body, t->body_len, sig, err,
                     errlen) != 0)
        return -1;
    snprintf(ts, sizeof ts, "%" PRId64, now);
    rc |= add_header(&t->headers, "Content-Type", "application/json");
    rc |= add_header(&t->headers, "webhook-id", t->event_id);
    rc |= add_header(&t->headers, "webhook-timestamp", ts);
    rc |= add_header(&t->headers, "webhook-signature", sig);
    rc |= add_header(&t->headers, "Expect:", NULL); /* no 100-continue round trip */
    for (size_t i = 0; i < hook->header_count; i++) {
        struct curl_slist *next = curl_slist_append(t->headers, hook->headers[i]);

        rc |= next == NULL ? -1 : 0;
        if (next != NULL)
            t->headers = next;
    }
    if (rc != 0)
        snprintf(err, errlen, "out of memory building the request headers");
    return rc;
}

static int setup_easy(struct webhook *w, struct webhook_transfer *t,
                      const struct config_webhook *hook, char *err, size_t errlen)
{
    CURL *e = t->easy = curl_easy_init();
    int plain = 0;
    CURLcode rc;

    if (e == NULL || webhook_url_check(hook->url, &plain, err, errlen) != 0) {
        if (e == NULL)
            snprintf(err, errlen, "out of memory starting a request");
        return -1;
    }
    rc = curl_easy_setopt(e, CURLOPT_URL, hook->url);
    rc |= curl_easy_setopt(e, CURLOPT_PROTOCOLS_STR, plain ? "http" : "https");
    rc |= curl_easy_setopt(e, CURLOPT_FOLLOWLOCATION, 0L);
    rc |= curl_easy_setopt(e, CURLOPT_POSTFIELDS, t->body);
    rc |= curl_easy_setopt(e, CURLOPT_POSTFIELDSIZE_LARGE, (curl_off_t)t->body_len);
    rc |= curl_easy_setopt(e, CURLOPT_HTTPHEADER, t->headers);
    rc |= curl_easy_setopt(e, CURLOPT_USERAGENT, w->user_agent);
    rc |= curl_easy_setopt(e, CURLOPT_TIMEOUT_MS, (long)hook->timeout_s * 1000L);
    rc |= curl_easy_setopt(e, CURLOPT_CONNECTTIMEOUT_MS,
                           hook->timeout_s * 1000L < WEBHOOK_CONNECT_TIMEOUT_MS
                               ? (long)hook->timeout_s * 1000L
                               : (long)WEBHOOK_CONNECT_TIMEOUT_MS);
    rc |= curl_easy_setopt(e, CURLOPT_NOSIGNAL, 1L);
#if LIBCURL_VERSION_NUM >= 0x075700 /* 7.87.0 */
    /* Removing a transfer whose name is still being looked up abandons the
     * resolver thread instead of waiting for getaddrinfo, which a silent
     * DNS server holds for 10 s or more: SIGTERM must not wait for it. */
    rc |= curl_easy_setopt(e, CURLOPT_QUICK_EXIT, 1L);
#endif
    rc |= curl_easy_setopt(e, CURLOPT_SSL_VERIFYPEER, 1L);
    rc |= curl_easy_setopt(e, CURLOPT_SSL_VERIFYHOST, 2L);
    if (hook->ca_file != NULL)
        rc |= curl_easy_setopt(e, CURLOPT_CAINFO, hook->ca_file);
    if (plain)
        rc |= curl_easy_setopt(e, CURLOPT_NOPROXY,
                               "*"); /* loopback: never via a proxy */
    rc |= curl_easy_setopt(e, CURLOPT_MAXFILESIZE_LARGE,
                           (curl_off_t)WEBHOOK_REPLY_MAX);
    rc |= curl_easy_setopt(e, CURLOPT_WRITEFUNCTION, on_reply);
    rc |= curl_easy_setopt(e, CURLOPT_WRITEDATA, t);
    rc |= curl_easy_setopt(e, CURLOPT_ERRORBUFFER, t->errbuf);
    rc |= curl_easy_setopt(e, CURLOPT_PRIVATE, t);
    if (rc != CURLE_OK)
        snprintf(err, errlen, "this libcurl lacks an option the request needs");
    return rc == CURLE_OK ? 0 : -1;
}

/* Everything after the attempt is recorded; on failure the attempt counts
 * as failed like any other. */
static int send_attempt(struct webhook *w, struct webhook_transfer *t,
                        const struct config_webhook *hook, int64_t now, char *err,
                        size_t errlen)
{
    if (store_outbox_body(w->store, t->outbox_id, &t->body, &t->body_len, err,
                          errlen) != 0 ||
        build_headers(t, hook, now, err, errlen) != 0 ||
        setup_easy(w, t, hook, err, errlen) != 0 ||
        curl_uv_add(w->curl, t->easy, err, errlen) != 0)
        return -1;
    t->next = w->inflight;
    w->inflight = t;
    log_info("webhook %s: sending event %s (attempt %d of %d)", t->endpoint,
             t->event_id, t->attempt, WEBHOOK_ATTEMPTS_MAX);
    return 0;
}

/* Returns 0, or -1 when the store could not record what happened: the
 * relay then looks again after the endpoint's first retry delay instead
 * of its next hop. */
static int start_attempt(struct webhook *w, const struct store_outbox_row *r,
                         const struct config_webhook *hook, int64_t now)
{
    struct webhook_transfer *t = calloc(1, sizeof *t);
    char err[STORE_ERR_MAX];
    int64_t delay;
    int rc = 0;

    if (t == NULL) {
        log_err("webhook %s: out of memory", r->endpoint);
        return -1;
    }
    t->w = w;
    t->outbox_id = r->id;
    t->attempt = r->attempts + 1;
    snprintf(t->event_id, sizeof t->event_id, "%s", r->event_id);
    snprintf(t->endpoint, sizeof t->endpoint, "%s", r->endpoint);
    if (t->attempt > WEBHOOK_ATTEMPTS_MAX) {
        /* The last attempt was cut short by a crash. */
        t->attempt = WEBHOOK_ATTEMPTS_MAX;
        rc = record_failure(w, t, hook->retry_base_s, 0,
                            "the last attempt never finished", 0);
        transfer_free(t);
        return rc;
    }
    delay = webhook_retry_delay(t->attempt, hook->retry_base_s, random_u32(), 0);
    /* Kept until the reply is recorded: a crash mid-request retries then. */
    t->retry_at = webhook_due_at(wall_ms(), delay > 0 ? delay : 0);
    if (store_outbox_attempt(w->store, r->id, t->retry_at, err, sizeof err) !=
        STORE_OK) {
        log_err("webhook %s: event %s: %s; trying again in %d s", r->endpoint,
                r->event_id, err, hook->retry_base_s);
        transfer_free(t);
        return -1;
    }
    if (send_attempt(w, t, hook, now, err, sizeof err) != 0) {
        rc = record_failure(w, t, hook->retry_base_s, 0, err, 0);
        transfer_free(t);
    }
    return rc;
}

/* ---- the relay --------------------------------------------------------- */

/* next: the earliest due time (Unix seconds) of an event waiting, or
 * INT64_MAX for none. */
static void arm_relay(struct webhook *w, int64_t now_ms, int64_t next)
{
    uint64_t ms = RELAY_HOP_MS;

    if (next != INT64_MAX && next - now_ms / 1000 < RELAY_HOP_MS / 1000)
        ms = next * 1000 > now_ms ? (uint64_t)(next * 1000 - now_ms) : 0;
    uv_timer_start(&w->relay_timer, on_relay, ms, 0);
}

static void on_relay(uv_timer_t *timer)
{
    struct webhook *w = timer->data;
    struct store_outbox_row *rows = calloc(RELAY_BATCH, sizeof *rows);
    int64_t now_ms = wall_ms(), now = now_ms / 1000, next = INT64_MAX;
    char err[STORE_ERR_MAX];
    size_t n = 0;

    if (rows == NULL || store_outbox_pending(w->store, rows, RELAY_BATCH, &n, err,
                                             sizeof err) != STORE_OK) {
        log_err("webhook: cannot read the outbox, trying again in a minute: %s",
                rows == NULL ? "out of memory" : err);
        free(rows);
        uv_timer_start(&w->relay_timer, on_relay, RELAY_ERROR_MS, 0);
        return;
    }
    for (size_t i = 0; i < n && !w->stopped; i++) {
        const struct config_webhook *hook = find_hook(w->cfg, rows[i].endpoint);

        if (hook == NULL || !hook->enabled || endpoint_busy(w, rows[i].endpoint))
            continue; /* waits for the configuration, or for the reply */
        if (rows[i].next_attempt_at > now) {
            next = rows[i].next_attempt_at < next ? rows[i].next_attempt_at : next;
            continue;
        }
        if (start_attempt(w, &rows[i], hook, now) != 0 &&
            now + hook->retry_base_s < next)
            next = now + hook->retry_base_s;
    }
    free(rows);
    if (!w->stopped)
        arm_relay(w, now_ms, next);
}

/* ---- life cycle -------------------------------------------------------- */

int webhook_open(struct webhook **out, uv_loop_t *loop, struct store *store,
                 const struct config *cfg, const char *version, char *err,
                 size_t errlen)
{
    struct webhook *w = calloc(1, sizeof *w);
    const curl_version_info_data *info;

    *out = NULL;
    if (w == NULL || curl_global_init(CURL_GLOBAL_DEFAULT) != CURLE_OK) {
        free(w);
        snprintf(err, errlen, "webhook: cannot initialise libcurl");
        return STORE_ERR;
    }
    if (curl_uv_open(&w->curl, loop, on_done, w, err, errlen) != 0) {
        curl_global_cleanup();
        free(w);
        return STORE_ERR;
    }
#if LIBCURL_VERSION_NUM < 0x075700
    log_warning("webhook: built with libcurl older than 7.87 (no CURLOPT_QUICK_EXIT): "
                "SIGTERM waits for a webhook host's DNS lookup to end");
#endif
    info = curl_version_info(CURLVERSION_NOW);
    if (!(info->features & CURL_VERSION_ASYNCHDNS))
        log_warning(
            "webhook: this libcurl resolves names synchronously; a slow DNS "
            "server can stall the daemon while a webhook is sent");
    w->loop = loop;
    w->store = store;
    w->cfg = cfg;
    snprintf(w->user_agent, sizeof w->user_agent, "sudokud/%s", version);
    uv_timer_init(loop, &w->relay_timer);
    w->relay_timer.data = w;
    *out = w;
    webhook_kick(w);
    return STORE_OK;
}

void webhook_stop(struct webhook *w)
{
    char err[STORE_ERR_MAX];

    if (w == NULL || w->stopped)
        return;
    w->stopped = 1;
    uv_timer_stop(&w->relay_timer);
    uv_close((uv_handle_t *)&w->relay_timer, NULL);
    while (w->inflight != NULL) {
        struct webhook_transfer *t = w->inflight;

        w->inflight = t->next;
        curl_uv_remove(w->curl, t->easy);
        if (store_outbox_failed(w->store, t->outbox_id, 0,
                                "interrupted: sudokud stopped", t->retry_at, 0, err,
                                sizeof err) != STORE_OK)
            log_err("webhook %s: event %s: %s", t->endpoint, t->event_id, err);
        log_notice(
            "webhook %s: event %s interrupted by shutdown; it is sent again after "
            "the restart",
            t->endpoint, t->event_id);
        transfer_free(t);
    }
    curl_uv_close(w->curl);
    w->curl = NULL;
}

void webhook_free(struct webhook *w)
{
    if (w == NULL)
        return;
    curl_global_cleanup();
    free(w);
}

/* ---- operator commands ------------------------------------------------- */

static int queue_day(struct webhook *w, const char *date, int only_missing,
                     size_t *queued, char *err, size_t errlen)
{
    size_t n = 0;
    int rc = webhook_queue_day(w->store, w->cfg, date, (int64_t)time(NULL),
                               only_missing, &n, err, errlen);

    if (queued != NULL)
        *queued = n;
    if (n > 0)
        webhook_kick(w);
    return rc;
}

int webhook_catch_up(struct webhook *w, const char *date, size_t *queued, char *err,
                     size_t errlen)
{
    return queue_day(w, date, 1, queued, err, errlen);
}

int webhook_replay(struct webhook *w, const char *date, size_t *queued, char *err,
                   size_t errlen)
{
    return queue_day(w, date, 0, queued, err, errlen);
}

int webhook_retry(struct webhook *w, const char *event_id, size_t *count, char *err,
                  size_t errlen)
{
    int rc = store_outbox_retry(w->store, event_id, (int64_t)time(NULL), count, err,
                                errlen);

    webhook_kick(w);
    return rc;
}

int webhook_send_test(struct webhook *w, const char *endpoint, size_t *queued,
                      char *err, size_t errlen)
{
    int rc = webhook_queue_test(w->store, w->cfg, endpoint, (int64_t)time(NULL),
                                queued, err, errlen);

    webhook_kick(w);
    return rc;
}

/* text as a JSON string, null when empty.  A receiver's reply is kept raw
 * and may be cut inside a UTF-8 sequence: bytes outside printable ASCII
 * then become '?' rather than losing the field. */
static json_t *text_or_null(const char *text)
{
    char clean[sizeof ((struct store_webhook_stats *)0)->last_error];
    json_t *j;

    if (text[0] == '\0')
        return json_null();
    if ((j = json_string(text)) != NULL)
        return j;
    snprintf(clean, sizeof clean, "%s", text);
    for (char *c = clean; *c != '\0'; c++)
        if ((unsigned char)*c < 0x20 || (unsigned char)*c > 0x7e)
            *c = '?';
    return json_string(clean);
}

static json_t *status_entry(const struct webhook *w, const char *name,
                            const struct store_webhook_stats *st)
{
    const struct config_webhook *hook = find_hook(w->cfg, name);
    json_t *o = json_object();

    if (o == NULL)
        return NULL;
    json_object_set_new(o, "name", json_string(name));
    json_object_set_new(o, "configured", json_boolean(hook != NULL));
    json_object_set_new(o, "enabled", json_boolean(hook != NULL && hook->enabled));
    json_object_set_new(o, "disabled_at", reply_time(st->disabled_at));
    json_object_set_new(o, "disabled_reason",
                        st->disabled_at > 0 ? json_string(st->disabled_reason)
                                            : json_null());
    json_object_set_new(o, "last_success_at", reply_time(st->last_success_at));
    json_object_set_new(o, "last_error", text_or_null(st->last_error));
    json_object_set_new(o, "pending", json_integer(st->pending));
    json_object_set_new(o, "dead", json_integer(st->dead));
    json_object_set_new(o, "delivered", json_integer(st->delivered));
    json_object_set_new(o, "oldest_pending_at",
                        reply_time(st->oldest_pending_at));
    json_object_set_new(o, "in_flight", json_boolean(endpoint_busy(w, name)));
    return o;
}

/* Stats for every endpoint the store knows plus configured ones it does
 * not (yet); *out is malloc'd. */
static int collect_stats(struct webhook *w, struct store_webhook_stats **out,
                         size_t *count, char *err, size_t errlen)
{
    size_t cap = 256 + w->cfg->webhook_count;
    struct store_webhook_stats *st = calloc(cap, sizeof *st);
    int rc;

    *out = st;
    *count = 0;
    if (st == NULL) {
        snprintf(err, errlen, "webhook status: out of memory");
        return STORE_ERR;
    }
    if ((rc = store_webhook_stats(w->store, st, cap - w->cfg->webhook_count, count,
                                  err, errlen)) != STORE_OK)
        return rc;
    for (size_t i = 0; i < w->cfg->webhook_count; i++) {
        const char *name = w->cfg->webhooks[i].name;
        size_t j = 0;

        while (j < *count && strcmp(st[j].endpoint, name) != 0)
            j++;
        if (j == *count)
            snprintf(st[(*count)++].endpoint, sizeof st->endpoint, "%s", name);
    }
    return STORE_OK;
}

json_t *webhook_status(struct webhook *w, char *err, size_t errlen)
{
    struct store_webhook_stats *st;
    json_t *list = NULL;
    size_t n;

    if (collect_stats(w, &st, &n, err, errlen) == STORE_OK &&
        (list = json_array()) == NULL)
        snprintf(err, errlen, "webhook status: out of memory");
    if (list != NULL) {
        for (size_t i = 0; i < n; i++) {
            if (json_array_append_new(
                    list, status_entry(w, st[i].endpoint, &st[i])) != 0) {
                json_decref(list);
                list = NULL;
                snprintf(err, errlen, "webhook status: out of memory");
                break;
            }
        }
    }
    free(st);
    return list;
}

int webhook_backlog(struct webhook *w, int64_t *pending, int64_t *dead, char *err,
                    size_t errlen)
{
    struct store_webhook_stats *st;
    size_t n;
    int rc = collect_stats(w, &st, &n, err, errlen);

    *pending = *dead = 0;
    for (size_t i = 0; rc == STORE_OK && i < n; i++) {
        *pending += st[i].pending;
        *dead += st[i].dead;
    }
    free(st);
    return rc;
}
