/* Unit tests of daemon/webhook_queue against a real store and parsed
 * configuration: publication with one event per receiving endpoint in the
 * same transaction, solutions per endpoint, catch-up of missing events
 * only, replay with new ids, test pings and their refusals. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "config.h"
#include "store.h"
#include "webhook_queue.h"

#define WHSEC "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw"
#define DATE "2026-11-21"

struct fixture {
    char dir[64];
    struct store *store;
    struct config cfg;
};

static const char conf_text[] =
    "[generator]\nsecret = unit-test-secret-123\n"
    "[webhook \"a\"]\nurl = https://a.example/\nsecret = " WHSEC "\n"
    "[webhook \"b\"]\nurl = https://b.example/\nsecret = " WHSEC
    "\ninclude_solutions = true\n"
    "[webhook \"off\"]\nurl = https://c.example/\nsecret = " WHSEC
    "\nenabled = false\n";

static void put_day(struct store *s, const char *date)
{
    static const char *const tiers[] = {"easy", "medium", "hard", "expert"};
    struct store_puzzle p[4];
    char err[STORE_ERR_MAX];

    memset(p, 0, sizeof p);
    for (int t = 0; t < 4; t++) {
        snprintf(p[t].date, sizeof p[t].date, "%s", date);
        snprintf(p[t].tier, sizeof p[t].tier, "%s", tiers[t]);
        for (int i = 0; i < 81; i++)
            p[t].solution[i] = (char)('1' +
                                      ((i / 9) * 3 + (i / 9) / 3 + i % 9) % 9);
        memcpy(p[t].puzzle, p[t].solution, 82);
        p[t].puzzle[t + (date[9] - '0') * 5] = '.';
        p[t].clues = 80;
        p[t].score = 1.0 + t;
        snprintf(p[t].hardest_technique, sizeof p[t].hardest_technique,
                 "naked_single");
        snprintf(p[t].technique_counts, sizeof p[t].technique_counts, "{}");
        snprintf(p[t].symmetry, sizeof p[t].symmetry, "none");
        snprintf(p[t].seed, sizeof p[t].seed, "s");
        snprintf(p[t].generator_version, sizeof p[t].generator_version, "t");
    }
    if (store_put_day(s, p, 4, err, sizeof err) != STORE_OK)
        fail_msg("%s", err);
}

static int setup(void **state)
{
    struct fixture *f = calloc(1, sizeof *f);
    char path[96], err[STORE_ERR_MAX];

    snprintf(f->dir, sizeof f->dir, "/tmp/test_webhook_queue.XXXXXX");
    if (mkdtemp(f->dir) == NULL)
        return -1;
    snprintf(path, sizeof path, "%s/db.sqlite", f->dir);
    if (store_open(&f->store, path, err, sizeof err) != STORE_OK ||
        config_parse(&f->cfg, "test.conf", conf_text, sizeof conf_text - 1, err,
                     sizeof err) != CONFIG_OK) {
        fprintf(stderr, "%s\n", err);
        return -1;
    }
    put_day(f->store, DATE);
    *state = f;
    return 0;
}

static int teardown(void **state)
{
    struct fixture *f = *state;
    char cmd[96];

    store_close(f->store);
    config_free(&f->cfg);
    snprintf(cmd, sizeof cmd, "rm -rf %s", f->dir);
    free(f);
    return system(cmd) == 0 ? 0 : -1;
}

/* The pending events' endpoints, in id order, like "a b". */
static void pending_endpoints(struct store *s, char *out, size_t outlen,
                              struct store_outbox_row *rows)
{
    char err[STORE_ERR_MAX];
    size_t n;

    assert_int_equal(store_outbox_pending(s, rows, 16, &n, err, sizeof err),
                     STORE_OK);
    out[0] = '\0';
    for (size_t i = 0; i < n; i++)
        snprintf(out + strlen(out), outlen - strlen(out), "%s%s", i ? " " : "",
                 rows[i].endpoint);
}

static json_t *body_json(struct store *s, int64_t id)
{
    char err[STORE_ERR_MAX];
    void *body;
    size_t len;
    json_t *j;

    assert_int_equal(store_outbox_body(s, id, &body, &len, err, sizeof err),
                     STORE_OK);
    j = json_loadb(body, len, 0, NULL);
    free(body);
    assert_non_null(j);
    return j;
}

static void test_publish(void **state)
{
    struct fixture *f = *state;
    struct store_outbox_row rows[16];
    char err[STORE_ERR_MAX], names[64];
    json_t *a, *b, *list;
    int published = 0;

    assert_int_equal(
        webhook_queue_publish(f->store, &f->cfg, DATE, 1795219200, err, sizeof err),
        STORE_OK);
    assert_int_equal(
        store_is_published(f->store, DATE, &published, err, sizeof err), 0);
    assert_int_equal(published, 1);
    pending_endpoints(f->store, names, sizeof names, rows);
    assert_string_equal(names, "a b"); /* not "off" */
    assert_string_not_equal(rows[0].event_id, rows[1].event_id);
    assert_string_equal(rows[0].event_type, "puzzles.published");
    a = body_json(f->store, rows[0].id);
    b = body_json(f->store, rows[1].id);
    list = json_object_get(json_object_get(a, "data"), "puzzles");
    /* The default tiers only (the stored expert puzzle is not published). */
    assert_int_equal(json_array_size(list), 3);
    assert_null(json_object_get(json_array_get(list, 0), "solution"));
    list = json_object_get(json_object_get(b, "data"), "puzzles");
    assert_non_null(json_object_get(json_array_get(list, 2), "solution"));
    assert_string_equal(
        json_string_value(json_object_get(json_array_get(list, 2), "tier")),
        "hard");
    json_decref(a);
    json_decref(b);
    /* Publishing twice is refused and queues nothing. */
    assert_int_equal(
        webhook_queue_publish(f->store, &f->cfg, DATE, 1795219300, err, sizeof err),
        STORE_EXISTS);
    pending_endpoints(f->store, names, sizeof names, rows);
    assert_string_equal(names, "a b");
}

static void test_catch_up_and_replay(void **state)
{
    struct fixture *f = *state;
    struct store_outbox_row rows[16];
    char err[STORE_ERR_MAX], names[64];
    size_t queued = 99;

    assert_int_equal(
        webhook_queue_day(f->store, &f->cfg, DATE, 5, 1, &queued, err, sizeof err),
        STORE_INVALID);
    assert_non_null(strstr(err, "not published"));
    assert_int_equal(
        store_mark_published(f->store, DATE, 1, NULL, 0, err, sizeof err), 0);
    /* Catch-up: both receiving endpoints lack the event. */
    assert_int_equal(
        webhook_queue_day(f->store, &f->cfg, DATE, 5, 1, &queued, err, sizeof err),
        STORE_OK);
    assert_int_equal(queued, 2);
    assert_int_equal(
        webhook_queue_day(f->store, &f->cfg, DATE, 6, 1, &queued, err, sizeof err),
        STORE_OK);
    assert_int_equal(queued, 0);
    /* "off" is enabled: only it catches up. */
    f->cfg.webhooks[2].enabled = 1;
    assert_int_equal(
        webhook_queue_day(f->store, &f->cfg, DATE, 7, 1, &queued, err, sizeof err),
        STORE_OK);
    assert_int_equal(queued, 1);
    /* Replay: everyone again, with new ids. */
    assert_int_equal(
        webhook_queue_day(f->store, &f->cfg, DATE, 8, 0, &queued, err, sizeof err),
        STORE_OK);
    assert_int_equal(queued, 3);
    pending_endpoints(f->store, names, sizeof names, rows);
    assert_string_equal(names, "a b off a b off");
    for (int i = 0; i < 6; i++) {
        for (int j = 0; j < i; j++)
            assert_string_not_equal(rows[i].event_id, rows[j].event_id);
    }
}

/* published_at is the day's publish instant from the schedule (UTC here,
 * publish_time 01:30), whenever the event is queued; timestamp is when. */
static void test_published_at(void **state)
{
    struct fixture *f = *state;
    struct store_outbox_row rows[16];
    char err[STORE_ERR_MAX], names[64];
    size_t queued;
    json_t *j;

    f->cfg.publish_minute = 90;
    assert_int_equal(webhook_queue_publish(f->store, &f->cfg, DATE,
                                           1795219200 + 5 * 3600, err, sizeof err),
                     STORE_OK);
    assert_int_equal(webhook_queue_day(f->store, &f->cfg, DATE, 1795219200 + 86000, 0,
                                       &queued, err, sizeof err),
                     STORE_OK);
    pending_endpoints(f->store, names, sizeof names, rows);
    assert_string_equal(names, "a b a b");
    for (int i = 0; i < 4; i++) {
        j = body_json(f->store, rows[i].id);
        assert_string_equal(
            json_string_value(json_object_get(json_object_get(j, "data"), "published_at")),
            "2026-11-21T01:30:00Z");
        assert_string_equal(json_string_value(json_object_get(j, "timestamp")),
                            i < 2 ? "2026-11-21T05:00:00Z" : "2026-11-21T23:53:20Z");
        json_decref(j);
    }
}

static void test_ping(void **state)
{
    struct fixture *f = *state;
    struct store_outbox_row rows[16];
    char err[STORE_ERR_MAX], names[64];
    size_t queued;

    assert_int_equal(
        webhook_queue_test(f->store, &f->cfg, "nope", 1, &queued, err, sizeof err),
        STORE_NOT_FOUND);
    assert_non_null(strstr(err, "no webhook \"nope\""));
    assert_int_equal(
        webhook_queue_test(f->store, &f->cfg, "off", 1, &queued, err, sizeof err),
        STORE_INVALID);
    assert_non_null(strstr(err, "enabled = false"));
    assert_int_equal(
        webhook_queue_test(f->store, &f->cfg, "b", 1, &queued, err, sizeof err),
        STORE_OK);
    assert_int_equal(queued, 1);
    assert_int_equal(
        webhook_queue_test(f->store, &f->cfg, NULL, 2, &queued, err, sizeof err),
        STORE_OK);
    assert_int_equal(queued, 2);
    pending_endpoints(f->store, names, sizeof names, rows);
    assert_string_equal(names, "b a b");
    assert_string_equal(rows[0].event_type, "webhook.test");
    assert_string_equal(rows[0].date, "");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(test_publish, setup, teardown),
        cmocka_unit_test_setup_teardown(test_catch_up_and_replay, setup, teardown),
        cmocka_unit_test_setup_teardown(test_published_at, setup, teardown),
        cmocka_unit_test_setup_teardown(test_ping, setup, teardown),
    };

    return cmocka_run_group_tests(tests, NULL, NULL);
}
