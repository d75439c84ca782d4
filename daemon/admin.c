/*
 * admin: owns the answers to the operator commands of the query socket
 * (webhook status, retry, replay, test; backup): turning the relay's and
 * the store's statuses into reply codes, and the checks on a backup's
 * destination.
 */
#include "admin.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <uv.h>

#include "log.h"
#include "schedule.h"

#define MSG_MAX (PROTO_ARG_MAX + STORE_ERR_MAX)

static int send_error(enum proto_error code, const char *message,
                      reply_emit_fn emit, void *arg)
{
    return reply_write(reply_error(code, message), emit, arg) == 0 ? 1 : -1;
}

static int send_ok(json_t *reply, reply_emit_fn emit, void *arg)
{
    return reply_write(reply, emit, arg) == 0 ? 0 : -1;
}

static enum proto_error store_code(int rc)
{
    switch (rc) {
    case STORE_NOT_FOUND:
        return PROTO_ERR_NOT_FOUND;
    case STORE_INVALID:
    case STORE_EXISTS:
        return PROTO_ERR_BAD_REQUEST;
    case STORE_BUSY:
        return PROTO_ERR_BUSY;
    default:
        return PROTO_ERR_INTERNAL;
    }
}

/* The store's messages begin "database PATH: "; the client asked about no
 * database, so they get the rest. */
static const char *client_message(const struct config *cfg, const char *err)
{
    const char *p = cfg->database_path;
    size_t n = p != NULL ? strlen(p) : 0;

    if (n > 0 && strncmp(err, "database ", 9) == 0 && strncmp(err + 9, p, n) == 0 &&
        strncmp(err + 9 + n, ": ", 2) == 0)
        return err + 11 + n;
    return err;
}

/* Refusals name the problem; failures of the database itself are logged
 * and only pointed at. */
static int send_failure(const struct config *cfg, const char *what, int rc,
                        const char *err, reply_emit_fn emit, void *arg)
{
    enum proto_error code = store_code(rc);
    char msg[128];

    if (code != PROTO_ERR_INTERNAL && code != PROTO_ERR_BUSY)
        return send_error(code, client_message(cfg, err), emit, arg);
    log_err("%s: %s", what, err);
    snprintf(msg, sizeof msg, "%s failed: %s; the daemon's log says more", what,
             rc == STORE_BUSY ? "the database is locked by another process"
                              : "the database failed");
    return send_error(code, msg, emit, arg);
}

/* ---- webhook ------------------------------------------------------------- */

static int answer_status(struct webhook *w, const struct config *cfg,
                         reply_emit_fn emit, void *arg)
{
    char err[STORE_ERR_MAX];
    json_t *list = webhook_status(w, err, sizeof err);

    if (list == NULL)
        return send_failure(cfg, "webhook status", STORE_ERR, err, emit, arg);
    return send_ok(json_pack("{s:b,s:o}", "ok", 1, "webhooks", list), emit, arg);
}

static int answer_retry(struct webhook *w, const struct config *cfg, const char *id,
                        reply_emit_fn emit, void *arg)
{
    char err[STORE_ERR_MAX];
    size_t n = 0;
    int rc = webhook_retry(w, id[0] != '\0' ? id : NULL, &n, err, sizeof err);

    if (rc != STORE_OK)
        return send_failure(cfg, "webhook retry", rc, err, emit, arg);
    log_notice("webhook: retry %s requeued %zu event(s)",
               id[0] != '\0' ? id : "all", n);
    return send_ok(json_pack("{s:b,s:I}", "ok", 1, "requeued", (json_int_t)n), emit,
                   arg);
}

static int answer_replay(struct webhook *w, const struct config *cfg,
                         struct schedule_date day, reply_emit_fn emit, void *arg)
{
    char err[STORE_ERR_MAX], date[SCHEDULE_DATE_LEN + 1];
    size_t n = 0;
    int rc;

    schedule_date_format(day, date);
    if ((rc = webhook_replay(w, date, &n, err, sizeof err)) != STORE_OK)
        return send_failure(cfg, "webhook replay", rc, err, emit, arg);
    log_notice("webhook: replay of %s queued for %zu endpoint(s)", date, n);
    return send_ok(
        json_pack("{s:b,s:s,s:I}", "ok", 1, "date", date, "queued", (json_int_t)n),
        emit, arg);
}

static int answer_test(struct webhook *w, const struct config *cfg,
                       const char *name, reply_emit_fn emit, void *arg)
{
    char err[STORE_ERR_MAX];
    size_t n = 0;
    int rc = webhook_send_test(w, name[0] != '\0' ? name : NULL, &n, err,
                               sizeof err);

    if (rc != STORE_OK)
        return send_failure(cfg, "webhook test", rc, err, emit, arg);
    log_notice("webhook: test event queued for %zu endpoint(s)", n);
    return send_ok(json_pack("{s:b,s:I}", "ok", 1, "queued", (json_int_t)n), emit,
                   arg);
}

static int answer_webhook(const struct config *cfg, struct webhook *w,
                          const struct proto_request *req, reply_emit_fn emit,
                          void *arg)
{
    if (w == NULL)
        return send_error(PROTO_ERR_INTERNAL, "webhook delivery is not running",
                          emit, arg);
    switch (req->webhook) {
    case PROTO_WEBHOOK_STATUS:
        return answer_status(w, cfg, emit, arg);
    case PROTO_WEBHOOK_RETRY:
        return answer_retry(w, cfg, req->arg, emit, arg);
    case PROTO_WEBHOOK_REPLAY:
        return answer_replay(w, cfg, req->from, emit, arg);
    case PROTO_WEBHOOK_TEST:
        return answer_test(w, cfg, req->arg, emit, arg);
    }
    return send_error(PROTO_ERR_INTERNAL, "unknown webhook action", emit, arg);
}

/* ---- backup -------------------------------------------------------------- */

/* 0 when the daemon may create path; else a message in msg. */
static int check_destination(const char *path, char *msg, size_t msglen)
{
    char dir[PROTO_ARG_MAX];
    const char *slash = strrchr(path, '/');
    struct stat st;

    if (lstat(path, &st) == 0) {
        snprintf(msg, msglen,
                 "backup: %s already exists; a backup never replaces a file "
                 "(remove it or choose another name)",
                 path);
        return -1;
    }
    if (errno != ENOENT) {
        snprintf(msg, msglen, "backup: %s: %s", path, strerror(errno));
        return -1;
    }
    snprintf(dir, sizeof dir, "%.*s", slash == path ? 1 : (int)(slash - path),
             path);
    if (stat(dir, &st) != 0) {
        snprintf(msg, msglen, "backup: directory %s: %s", dir, strerror(errno));
        return -1;
    }
    if (!S_ISDIR(st.st_mode)) {
        snprintf(msg, msglen, "backup: %s is not a directory", dir);
        return -1;
    }
    if (access(dir, W_OK | X_OK) != 0) {
        snprintf(msg, msglen,
                 "backup: the daemon's user cannot write to directory %s: %s", dir,
                 strerror(errno));
        return -1;
    }
    return 0;
}

static int answer_backup(const struct config *cfg, struct store *store,
                         const char *path, reply_emit_fn emit, void *arg)
{
    char err[STORE_ERR_MAX], msg[MSG_MAX];
    uint64_t started = uv_hrtime();
    double ms;
    struct stat st;
    int rc;

    if (check_destination(path, msg, sizeof msg) != 0)
        return send_error(PROTO_ERR_BAD_REQUEST, msg, emit, arg);
    if ((rc = store_backup(store, path, err, sizeof err)) != STORE_OK) {
        /* The message is about the file the client named: it gets it too. */
        log_err("backup to %s failed: %s", path, err);
        return send_error(rc == STORE_BUSY ? PROTO_ERR_BUSY : PROTO_ERR_INTERNAL,
                          client_message(cfg, err), emit, arg);
    }
    ms = (double)(uv_hrtime() - started) / 1e6;
    if (stat(path, &st) != 0)
        st.st_size = 0;
    log_notice("backup: wrote %s (%lld bytes in %.1f ms)", path,
               (long long)st.st_size, ms);
    return send_ok(json_pack("{s:b,s:s,s:I,s:f}", "ok", 1, "path", path, "bytes",
                             (json_int_t)st.st_size, "ms", ms),
                   emit, arg);
}

int admin_answer(const struct config *cfg, struct store *store,
                 struct webhook *webhook, const struct proto_request *req,
                 reply_emit_fn emit, void *arg)
{
    if (req->command == PROTO_WEBHOOK)
        return answer_webhook(cfg, webhook, req, emit, arg);
    if (req->command == PROTO_BACKUP)
        return answer_backup(cfg, store, req->arg, emit, arg);
    return send_error(PROTO_ERR_INTERNAL, "not an operator command", emit, arg);
}
