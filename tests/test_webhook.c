/* Unit tests of daemon/webhook on a real libuv loop and store: a refused
 * connection is recorded as a failed attempt and scheduled for retry; the
 * operator functions (status, backlog, retry, replay, test, catch-up) as
 * the socket server will call them; and stopping closes every handle so
 * the loop closes cleanly. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <jansson.h>
#include <netinet/in.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>
#include <uv.h>

#include "config.h"
#include "log.h"
#include "store.h"
#include "webhook.h"
#include "webhook_queue.h"

#define WHSEC "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw"
#define DATE "2026-11-21"

struct fixture {
    char dir[64];
    uv_loop_t loop;
    struct store *store;
    struct config cfg;
    struct webhook *w;
    uv_timer_t poll, deadline;
    int done;
};

/* A loopback port nobody listens on: bound, never listened, closed. */
static int refused_port(void)
{
    struct sockaddr_in a = {.sin_family = AF_INET,
                            .sin_addr.s_addr = htonl(INADDR_LOOPBACK)};
    socklen_t len = sizeof a;
    int fd = socket(AF_INET, SOCK_STREAM, 0), port;

    assert_true(fd >= 0);
    assert_int_equal(bind(fd, (struct sockaddr *)&a, sizeof a), 0);
    assert_int_equal(getsockname(fd, (struct sockaddr *)&a, &len), 0);
    port = ntohs(a.sin_port);
    close(fd);
    return port;
}

static void put_day(struct store *s)
{
    static const char *const tiers[] = {"easy", "medium", "hard"};
    struct store_puzzle p[3];
    char err[STORE_ERR_MAX];

    memset(p, 0, sizeof p);
    for (int t = 0; t < 3; t++) {
        snprintf(p[t].date, sizeof p[t].date, DATE);
        snprintf(p[t].tier, sizeof p[t].tier, "%s", tiers[t]);
        for (int i = 0; i < 81; i++)
            p[t].solution[i] = (char)('1' +
                                      ((i / 9) * 3 + (i / 9) / 3 + i % 9) % 9);
        memcpy(p[t].puzzle, p[t].solution, 82);
        p[t].puzzle[t] = '.';
        p[t].clues = 80;
        snprintf(p[t].hardest_technique, sizeof p[t].hardest_technique,
                 "naked_single");
        snprintf(p[t].technique_counts, sizeof p[t].technique_counts, "{}");
    }
    if (store_put_day(s, p, 3, err, sizeof err) != STORE_OK)
        fail_msg("%s", err);
}

static int setup(void **state)
{
    struct fixture *f = calloc(1, sizeof *f);
    char path[96], err[STORE_ERR_MAX], conf[512];
    int n;

    log_setup(stderr, LOG_LEVEL_WARNING, 0);
    snprintf(f->dir, sizeof f->dir, "/tmp/test_webhook.XXXXXX");
    if (mkdtemp(f->dir) == NULL || uv_loop_init(&f->loop) != 0)
        return -1;
    snprintf(path, sizeof path, "%s/db.sqlite", f->dir);
    n = snprintf(conf, sizeof conf,
                 "[generator]\nsecret = unit-test-secret-123\n"
                 "[webhook \"a\"]\nurl = http://127.0.0.1:%d/\nsecret = " WHSEC "\n"
                 "retry_base = 60\n"
                 "[webhook \"off\"]\nurl = https://c.example/\nsecret = " WHSEC "\n"
                 "enabled = false\n",
                 refused_port());
    if (store_open(&f->store, path, err, sizeof err) != STORE_OK ||
        config_parse(&f->cfg, "t.conf", conf, (size_t)n, err, sizeof err) !=
            CONFIG_OK ||
        webhook_open(&f->w, &f->loop, f->store, &f->cfg, "test", err, sizeof err) !=
            0) {
        fprintf(stderr, "%s\n", err);
        return -1;
    }
    put_day(f->store);
    *state = f;
    return 0;
}

/* Stopping must leave nothing open: uv_loop_close succeeds. */
static int teardown(void **state)
{
    struct fixture *f = *state;
    char cmd[96];
    int rc;

    webhook_stop(f->w);
    uv_run(&f->loop, UV_RUN_DEFAULT);
    rc = uv_loop_close(&f->loop);
    webhook_free(f->w);
    store_close(f->store);
    config_free(&f->cfg);
    snprintf(cmd, sizeof cmd, "rm -rf %s", f->dir);
    free(f);
    return rc == 0 && system(cmd) == 0 ? 0 : -1;
}

static json_t *status_of(struct fixture *f, const char *name)
{
    char err[STORE_ERR_MAX];
    json_t *all = webhook_status(f->w, err, sizeof err), *v, *found = NULL;
    size_t i;

    assert_non_null(all);
    json_array_foreach(all, i, v)
    {
        if (strcmp(json_string_value(json_object_get(v, "name")), name) == 0)
            found = json_incref(v);
    }
    json_decref(all);
    assert_non_null(found);
    return found;
}

static json_int_t status_int(struct fixture *f, const char *name, const char *key)
{
    json_t *s = status_of(f, name);
    json_int_t v = json_integer_value(json_object_get(s, key));

    json_decref(s);
    return v;
}

/* Stops the loop once the first attempt has been made and has failed. */
static void on_poll(uv_timer_t *t)
{
    struct fixture *f = t->data;
    struct store_outbox_row row;
    char err[STORE_ERR_MAX];
    size_t n = 0;
    json_t *s = status_of(f, "a");
    int busy = json_is_true(json_object_get(s, "in_flight"));

    json_decref(s);
    store_outbox_pending(f->store, &row, 1, &n, err, sizeof err);
    if (n == 1 && row.attempts == 1 && !busy) {
        f->done = 1;
        uv_stop(&f->loop);
    }
}

static void on_deadline(uv_timer_t *t)
{
    uv_stop(t->loop);
}

static void run_until_attempted(struct fixture *f)
{
    uv_timer_init(&f->loop, &f->poll);
    uv_timer_init(&f->loop, &f->deadline);
    f->poll.data = f;
    uv_timer_start(&f->poll, on_poll, 10, 10);
    uv_timer_start(&f->deadline, on_deadline, 10000, 0);
    uv_run(&f->loop, UV_RUN_DEFAULT);
    uv_close((uv_handle_t *)&f->poll, NULL);
    uv_close((uv_handle_t *)&f->deadline, NULL);
}

/* What the daemon's publish module does for a day: mark it published with
 * its events, then wake the relay. */
static int publish(struct fixture *f, int64_t now, char *err, size_t errlen)
{
    int rc = webhook_queue_publish(f->store, &f->cfg, DATE, now, err, errlen);

    webhook_kick(f->w);
    return rc;
}

static void test_refused_is_retried_later(void **state)
{
    struct fixture *f = *state;
    struct store_outbox_row row;
    char err[STORE_ERR_MAX];
    int64_t now = (int64_t)time(NULL);
    json_t *s;
    size_t n;

    assert_int_equal(publish(f, now, err, sizeof err), STORE_OK);
    run_until_attempted(f);
    assert_true(f->done);
    assert_int_equal(store_outbox_pending(f->store, &row, 1, &n, err, sizeof err),
                     0);
    assert_int_equal(n, 1);
    /* retry_base 60: the next attempt is a minute or so away. */
    assert_true(row.next_attempt_at >= now + 60 && row.next_attempt_at <= now + 80);
    s = status_of(f, "a");
    assert_true(json_is_true(json_object_get(s, "configured")));
    assert_int_equal(json_integer_value(json_object_get(s, "pending")), 1);
    assert_true(json_is_null(json_object_get(s, "last_success_at")));
    json_decref(s);
}

static void test_operator_functions(void **state)
{
    struct fixture *f = *state;
    char err[STORE_ERR_MAX];
    int64_t pending, dead;
    size_t n;
    json_t *s;

    assert_int_equal(webhook_replay(f->w, DATE, &n, err, sizeof err),
                     STORE_INVALID);
    assert_non_null(strstr(err, "not published"));
    assert_int_equal(publish(f, 1, err, sizeof err), STORE_OK);
    assert_int_equal(webhook_catch_up(f->w, DATE, &n, err, sizeof err), STORE_OK);
    assert_int_equal(n, 0);
    assert_int_equal(webhook_replay(f->w, DATE, &n, err, sizeof err), STORE_OK);
    assert_int_equal(n, 1);
    assert_int_equal(webhook_send_test(f->w, NULL, &n, err, sizeof err), STORE_OK);
    assert_int_equal(n, 1);
    assert_int_equal(webhook_send_test(f->w, "off", &n, err, sizeof err),
                     STORE_INVALID);
    assert_int_equal(webhook_backlog(f->w, &pending, &dead, err, sizeof err),
                     STORE_OK);
    assert_int_equal(pending, 3);
    assert_int_equal(dead, 0);
    assert_int_equal(status_int(f, "a", "pending"), 3);
    s = status_of(f, "off");
    assert_true(json_is_false(json_object_get(s, "enabled")));
    assert_int_equal(json_integer_value(json_object_get(s, "pending")), 0);
    json_decref(s);
    assert_int_equal(webhook_retry(f->w, "msg_nope", &n, err, sizeof err),
                     STORE_NOT_FOUND);
    assert_int_equal(webhook_retry(f->w, NULL, &n, err, sizeof err), STORE_OK);
    assert_int_equal(n, 3);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(test_refused_is_retried_later, setup,
                                        teardown),
        cmocka_unit_test_setup_teardown(test_operator_functions, setup, teardown),
    };

    return cmocka_run_group_tests(tests, NULL, NULL);
}
