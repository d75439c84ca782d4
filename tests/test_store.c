/* Unit tests of daemon/store against real SQLite files in a temp dir:
 * migrations (fresh, version-1 fixture, too new, foreign, not a database),
 * atomic days, refusals, publication with outbox rows, backup, a failing
 * disk, and kill -9 in the middle of writes. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <signal.h>
#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "store.h"

static char tmpdir[] = "/tmp/test_store.XXXXXX";
static char dbpath[256];
static int dbseq;
static const char *const tiers[] = {"easy", "medium", "hard"};

static int setup_dir(void **state)
{
    (void)state;
    return mkdtemp(tmpdir) == NULL ? -1 : 0;
}

static int teardown_dir(void **state)
{
    char cmd[64];

    (void)state;
    snprintf(cmd, sizeof cmd, "rm -rf %s", tmpdir);
    return system(cmd);
}

/* Each test gets a fresh database path. */
static int fresh_db(void **state)
{
    (void)state;
    snprintf(dbpath, sizeof dbpath, "%s/db%d.sqlite", tmpdir, ++dbseq);
    return 0;
}

static void solution_text(char out[82])
{
    for (int i = 0; i < 81; i++)
        out[i] = (char)('1' + ((i / 9) * 3 + (i / 9) / 3 + i % 9) % 9);
    out[81] = '\0';
}

/* A distinct, well-formed puzzle for every n >= 1: the bits of n pick which
 * of the first 40 cells are empty. */
static void make_puzzle(struct store_puzzle *p, const char *date, const char *tier,
                        unsigned long n)
{
    memset(p, 0, sizeof *p);
    snprintf(p->date, sizeof p->date, "%s", date);
    snprintf(p->tier, sizeof p->tier, "%s", tier);
    solution_text(p->solution);
    memcpy(p->puzzle, p->solution, 82);
    p->clues = 81;
    for (int i = 0; i < 40; i++) {
        if (n >> i & 1) {
            p->puzzle[i] = '.';
            p->clues--;
        }
    }
    p->score = (double)n / 4.0;
    snprintf(p->hardest_technique, sizeof p->hardest_technique, "x_wing");
    snprintf(p->technique_counts, sizeof p->technique_counts,
             "{\"naked_single\": %lu}", n);
    snprintf(p->symmetry, sizeof p->symmetry, "rotational-180");
    snprintf(p->seed, sizeof p->seed, "seed-%lu", n);
    snprintf(p->generator_version, sizeof p->generator_version, "test-1");
    p->created_at = 1700000000 + (int64_t)n;
}

static void make_day(struct store_puzzle day[3], const char *date,
                     unsigned long base)
{
    for (int t = 0; t < 3; t++)
        make_puzzle(&day[t], date, tiers[t], base * 4 + (unsigned long)t + 1);
}

static struct store *open_ok(void)
{
    struct store *s;
    char err[STORE_ERR_MAX];

    if (store_open(&s, dbpath, err, sizeof err) != STORE_OK)
        fail_msg("store_open: %s", err);
    return s;
}

static int64_t raw_int(const char *sql)
{
    sqlite3 *db;
    sqlite3_stmt *st;
    int64_t v = -1;

    assert_int_equal(sqlite3_open(dbpath, &db), SQLITE_OK);
    assert_int_equal(sqlite3_prepare_v2(db, sql, -1, &st, NULL), SQLITE_OK);
    if (sqlite3_step(st) == SQLITE_ROW)
        v = sqlite3_column_int64(st, 0);
    sqlite3_finalize(st);
    sqlite3_close(db);
    return v;
}

/* The one text value sql selects, malloc'd (the caller frees it). */
static char *raw_text(const char *sql)
{
    sqlite3 *db;
    sqlite3_stmt *st;
    char *v = NULL;

    assert_int_equal(sqlite3_open(dbpath, &db), SQLITE_OK);
    assert_int_equal(sqlite3_prepare_v2(db, sql, -1, &st, NULL), SQLITE_OK);
    assert_int_equal(sqlite3_step(st), SQLITE_ROW);
    v = strdup((const char *)sqlite3_column_text(st, 0));
    sqlite3_finalize(st);
    sqlite3_close(db);
    assert_non_null(v);
    return v;
}

static void raw_exec(const char *sql)
{
    sqlite3 *db;
    char *msg = NULL;

    assert_int_equal(sqlite3_open(dbpath, &db), SQLITE_OK);
    if (sqlite3_exec(db, sql, NULL, NULL, &msg) != SQLITE_OK)
        fail_msg("%s", msg);
    sqlite3_close(db);
}

static void test_fresh_database(void **state)
{
    struct store *s = open_ok();
    struct stat st;

    (void)state;
    assert_int_equal(store_schema_version(), 2);
    store_close(s);
    assert_int_equal(raw_int("PRAGMA user_version"), store_schema_version());
    assert_int_equal(raw_int("PRAGMA application_id"), STORE_APPLICATION_ID);
    assert_int_equal(
        raw_int("SELECT count(*) FROM sqlite_schema WHERE name = 'puzzle'"), 1);
    assert_int_equal(stat(dbpath, &st), 0);
    assert_int_equal(st.st_mode & 0777, 0640);
    /* Reopening an up-to-date database changes nothing. */
    s = open_ok();
    store_close(s);
    assert_int_equal(raw_int("PRAGMA user_version"), store_schema_version());
    store_close(NULL);
}

static void test_put_get_list(void **state)
{
    struct store *s = open_ok();
    struct store_puzzle day[3], got;
    char err[STORE_ERR_MAX];
    int has = -1;

    (void)state;
    make_day(day, "2026-11-21", 1);
    assert_int_equal(store_put_day(s, day, 3, err, sizeof err), STORE_OK);
    assert_int_equal(
        store_get_puzzle(s, "2026-11-21", "medium", &got, err, sizeof err),
        STORE_OK);
    assert_memory_equal(&got, &day[1], sizeof got);
    assert_int_equal(
        store_has_puzzle(s, "2026-11-21", "hard", &has, err, sizeof err), STORE_OK);
    assert_int_equal(has, 1);
    assert_int_equal(
        store_has_puzzle(s, "2026-11-22", "hard", &has, err, sizeof err), STORE_OK);
    assert_int_equal(has, 0);
    assert_int_equal(
        store_get_puzzle(s, "2026-11-22", "hard", &got, err, sizeof err),
        STORE_NOT_FOUND);
    assert_non_null(strstr(err, "no hard puzzle for 2026-11-22"));
    store_close(s);
}

struct collected {
    char seen[8][24];
    int n;
    int stop_after;
};

static int collect(void *arg, const struct store_puzzle *p)
{
    struct collected *c = arg;

    snprintf(c->seen[c->n++], sizeof c->seen[0], "%s %s", p->date, p->tier);
    return c->n == c->stop_after;
}

static void test_list_order(void **state)
{
    struct store *s = open_ok();
    struct store_puzzle day[3], hard;
    struct collected c = {.stop_after = 0};
    char err[STORE_ERR_MAX];

    (void)state;
    make_puzzle(&hard, "2026-11-22", "hard", 100);
    assert_int_equal(store_put_day(s, &hard, 1, err, sizeof err), STORE_OK);
    make_day(day, "2026-11-21", 2);
    assert_int_equal(store_put_day(s, day, 3, err, sizeof err), STORE_OK);
    assert_int_equal(
        store_list(s, "2026-11-21", "2026-11-22", collect, &c, err, sizeof err),
        STORE_OK);
    assert_int_equal(c.n, 4);
    assert_string_equal(c.seen[0], "2026-11-21 easy");
    assert_string_equal(c.seen[1], "2026-11-21 medium");
    assert_string_equal(c.seen[2], "2026-11-21 hard");
    assert_string_equal(c.seen[3], "2026-11-22 hard");
    c = (struct collected){.stop_after = 2};
    assert_int_equal(
        store_list(s, "2026-01-01", "2026-12-31", collect, &c, err, sizeof err),
        STORE_OK);
    assert_int_equal(c.n, 2);
    store_close(s);
}

static void test_refusals_write_nothing(void **state)
{
    struct store *s = open_ok();
    struct store_puzzle day[3], more[2], got;
    char err[STORE_ERR_MAX];
    int has;

    (void)state;
    make_day(day, "2026-11-21", 3);
    assert_int_equal(store_put_day(s, day, 3, err, sizeof err), STORE_OK);
    /* A new expert puzzle together with an existing easy one: nothing stored. */
    make_puzzle(&more[0], "2026-11-21", "expert", 500);
    make_puzzle(&more[1], "2026-11-21", "easy", 501);
    assert_int_equal(store_put_day(s, more, 2, err, sizeof err), STORE_EXISTS);
    assert_non_null(strstr(
        err, "2026-11-21 easy is already stored; stored puzzles never change"));
    assert_int_equal(
        store_has_puzzle(s, "2026-11-21", "expert", &has, err, sizeof err), 0);
    assert_int_equal(has, 0);
    assert_int_equal(
        store_get_puzzle(s, "2026-11-21", "easy", &got, err, sizeof err), 0);
    assert_memory_equal(&got, &day[0], sizeof got);
    /* The same givens on another day. */
    make_puzzle(&more[0], "2026-11-22", "easy", 600);
    make_puzzle(&more[1], "2026-11-22", "hard", 3 * 4 + 2);
    assert_int_equal(store_put_day(s, more, 2, err, sizeof err), STORE_DUPLICATE);
    assert_non_null(strstr(err,
                           "the 2026-11-22 hard puzzle was already published as "
                           "2026-11-21 medium"));
    assert_int_equal(
        store_has_puzzle(s, "2026-11-22", "easy", &has, err, sizeof err), 0);
    assert_int_equal(has, 0);
    store_close(s);
}

static void expect_invalid(struct store *s, struct store_puzzle *p, size_t n,
                           const char *message)
{
    char err[STORE_ERR_MAX] = "";

    assert_int_equal(store_put_day(s, p, n, err, sizeof err), STORE_INVALID);
    if (strstr(err, message) == NULL)
        fail_msg("expected '%s' in '%s'", message, err);
}

static void test_malformed_puzzles(void **state)
{
    struct store *s = open_ok();
    struct store_puzzle p[2];

    (void)state;
    make_puzzle(&p[0], "2026-02-30", "easy", 1);
    expect_invalid(s, p, 1, "bad date (expected YYYY-MM-DD)");
    make_puzzle(&p[0], "2026-11-21", "brutal", 1);
    expect_invalid(s, p, 1, "2026-11-21: unknown tier");
    make_puzzle(&p[0], "2026-11-21", "easy", 1);
    p[0].puzzle[80] = '\0';
    expect_invalid(s, p, 1, "puzzle and solution must have 81 cells");
    make_puzzle(&p[0], "2026-11-21", "easy", 1);
    p[0].puzzle[50] = p[0].puzzle[50] == '9' ? '1' : '9';
    expect_invalid(s, p, 1, "cell 50: puzzle");
    make_puzzle(&p[0], "2026-11-21", "easy", 1);
    p[0].clues = 30;
    expect_invalid(s, p, 1, "clues is 30 but 80 cells are given");
    make_puzzle(&p[0], "2026-11-21", "easy", 1);
    snprintf(p[0].technique_counts, sizeof p[0].technique_counts, "[1,2]");
    expect_invalid(s, p, 1, "technique_counts must be a JSON object of counts");
    make_puzzle(&p[0], "2026-11-21", "easy", 1);
    make_puzzle(&p[1], "2026-11-22", "hard", 2);
    expect_invalid(s, p, 2, "one day at a time: 2026-11-21 and 2026-11-22");
    make_puzzle(&p[1], "2026-11-21", "easy", 2);
    expect_invalid(s, p, 2, "repeat a tier or a puzzle");
    expect_invalid(s, p, 0, "a day holds 1 to 8 puzzles, not 0");
    store_close(s);
    assert_int_equal(raw_int("SELECT count(*) FROM puzzle"), 0);
}

static void test_publication_and_outbox(void **state)
{
    struct store *s = open_ok();
    struct store_puzzle day[3];
    struct store_event ev[2] = {
        {"msg_1", "site-a", "puzzles.published", "{\"a\":1}\n\x00x", 10},
        {"msg_2", "site-b", "puzzles.published", "{}", 2},
    };
    char err[STORE_ERR_MAX];
    int published = -1;

    (void)state;
    assert_int_equal(
        store_mark_published(s, "2026-11-21", 1800000000, NULL, 0, err, sizeof err),
        STORE_INVALID);
    assert_non_null(strstr(err, "no puzzles stored for 2026-11-21"));
    make_day(day, "2026-11-21", 4);
    assert_int_equal(store_put_day(s, day, 3, err, sizeof err), STORE_OK);
    assert_int_equal(
        store_is_published(s, "2026-11-21", &published, err, sizeof err), 0);
    assert_int_equal(published, 0);
    assert_int_equal(
        store_mark_published(s, "2026-11-21", 1800000000, ev, 2, err, sizeof err),
        STORE_OK);
    assert_int_equal(
        store_is_published(s, "2026-11-21", &published, err, sizeof err), 0);
    assert_int_equal(published, 1);
    assert_int_equal(
        store_mark_published(s, "2026-11-21", 1800000001, ev, 2, err, sizeof err),
        STORE_EXISTS);
    /* A bad event rolls the whole publication back. */
    make_day(day, "2026-11-22", 5);
    assert_int_equal(store_put_day(s, day, 3, err, sizeof err), STORE_OK);
    ev[0].event_id = "msg.bad";
    assert_int_equal(
        store_mark_published(s, "2026-11-22", 1800000000, ev, 2, err, sizeof err),
        STORE_INVALID);
    assert_int_equal(
        store_is_published(s, "2026-11-22", &published, err, sizeof err), 0);
    assert_int_equal(published, 0);
    store_close(s);
    assert_int_equal(raw_int("SELECT count(*) FROM webhook_outbox"), 2);
    assert_int_equal(
        raw_int("SELECT length(body) FROM webhook_outbox WHERE event_id='msg_1'"),
        10);
    assert_int_equal(
        raw_int("SELECT count(*) FROM webhook_outbox WHERE status='pending' AND "
                "next_attempt_at=1800000000 AND date='2026-11-21'"),
        2);
}

static int64_t pending_id(struct store *s, const char *event_id,
                          struct store_outbox_row *out)
{
    struct store_outbox_row rows[8];
    char err[STORE_ERR_MAX];
    size_t n;

    assert_int_equal(store_outbox_pending(s, rows, 8, &n, err, sizeof err),
                     STORE_OK);
    for (size_t i = 0; i < n; i++) {
        if (strcmp(rows[i].event_id, event_id) == 0) {
            if (out != NULL)
                *out = rows[i];
            return rows[i].id;
        }
    }
    return -1;
}

static size_t pending_count(struct store *s)
{
    struct store_outbox_row rows[8];
    char err[STORE_ERR_MAX];
    size_t n;

    assert_int_equal(store_outbox_pending(s, rows, 8, &n, err, sizeof err),
                     STORE_OK);
    return n;
}

static const struct store_webhook_stats *stats_of(struct store_webhook_stats *all,
                                                  size_t n, const char *name)
{
    for (size_t i = 0; i < n; i++) {
        if (strcmp(all[i].endpoint, name) == 0)
            return &all[i];
    }
    fail_msg("no stats for %s", name);
    return NULL;
}

/* pending -> attempt -> failed -> delivered / gone (dead + disabled) ->
 * retry, as the relay drives it, all read back through the API. */
static void test_outbox_state_machine(void **state)
{
    struct store *s = open_ok();
    struct store_puzzle day[3];
    struct store_event ev[2] = {
        {"msg_1", "site-a", "puzzles.published", "{\"a\":1}\n\x00x", 10},
        {"msg_2", "site-b", "puzzles.published", "{}", 2},
    };
    struct store_event ping = {"msg_3", "site-a", "webhook.test", "{}", 2};
    struct store_webhook_stats st[8];
    struct store_outbox_row row;
    char err[STORE_ERR_MAX];
    int64_t id1, id2;
    size_t n, len;
    void *body;
    int flag;

    (void)state;
    make_day(day, "2026-11-21", 7);
    assert_int_equal(store_put_day(s, day, 3, err, sizeof err), STORE_OK);
    assert_int_equal(
        store_mark_published(s, "2026-11-21", 1000, ev, 2, err, sizeof err), 0);
    assert_int_equal(
        store_enqueue_events(s, "2026-11-22", 1000, ev, 1, err, sizeof err),
        STORE_INVALID);
    assert_non_null(strstr(err, "2026-11-22 is not published"));
    assert_int_equal(pending_count(s), 2);
    id1 = pending_id(s, "msg_1", &row);
    id2 = pending_id(s, "msg_2", NULL);
    assert_int_equal(row.attempts, 0);
    assert_int_equal(row.next_attempt_at, 1000);
    assert_string_equal(row.date, "2026-11-21");
    assert_string_equal(row.endpoint, "site-a");
    assert_int_equal(store_outbox_body(s, id1, &body, &len, err, sizeof err),
                     STORE_OK);
    assert_int_equal(len, 10);
    assert_memory_equal(body, "{\"a\":1}\n\x00x", 10);
    free(body);

    assert_int_equal(store_outbox_attempt(s, id1, 1005, err, sizeof err), STORE_OK);
    pending_id(s, "msg_1", &row);
    assert_int_equal(row.attempts, 1);
    assert_int_equal(row.next_attempt_at, 1005);
    assert_int_equal(
        store_outbox_failed(s, id1, 500, "HTTP 500", 1010, 0, err, sizeof err),
        STORE_OK);
    pending_id(s, "msg_1", &row);
    assert_int_equal(row.next_attempt_at, 1010);
    assert_int_equal(row.attempts, 1);

    assert_int_equal(store_outbox_delivered(s, id2, 1020, 200, err, sizeof err),
                     STORE_OK);
    assert_int_equal(store_outbox_delivered(s, id2, 1021, 200, err, sizeof err),
                     STORE_NOT_FOUND);
    assert_int_equal(pending_id(s, "msg_2", NULL), -1);

    assert_int_equal(
        store_outbox_gone(s, id1, 1030, 410, "410 Gone", err, sizeof err), 0);
    assert_int_equal(store_webhook_disabled(s, "site-a", &flag, err, sizeof err),
                     0);
    assert_int_equal(flag, 1);
    assert_int_equal(store_enqueue_events(s, NULL, 1040, &ping, 1, err, sizeof err),
                     0);
    assert_int_equal(pending_count(s),
                     0); /* site-a's ping waits: endpoint disabled */

    assert_int_equal(store_webhook_stats(s, st, 8, &n, err, sizeof err), STORE_OK);
    assert_int_equal(n, 2);
    assert_int_equal(stats_of(st, n, "site-a")->dead, 1);
    assert_int_equal(stats_of(st, n, "site-a")->pending, 1);
    assert_int_equal(stats_of(st, n, "site-a")->oldest_pending_at, 1040);
    assert_int_equal(stats_of(st, n, "site-a")->disabled_at, 1030);
    assert_string_equal(stats_of(st, n, "site-a")->disabled_reason, "410 Gone");
    assert_int_equal(stats_of(st, n, "site-b")->delivered, 1);
    assert_int_equal(stats_of(st, n, "site-b")->last_success_at, 1020);
    assert_int_equal(stats_of(st, n, "site-b")->disabled_at, 0);

    assert_int_equal(store_outbox_has_event(s, "site-a", "2026-11-21",
                                            "puzzles.published", &flag, err,
                                            sizeof err),
                     0);
    assert_int_equal(flag, 1);
    assert_int_equal(store_outbox_has_event(s, "site-c", "2026-11-21",
                                            "puzzles.published", &flag, err,
                                            sizeof err),
                     0);
    assert_int_equal(flag, 0);

    assert_int_equal(store_outbox_retry(s, "msg_2", 2000, &n, err, sizeof err),
                     STORE_EXISTS);
    assert_int_equal(store_outbox_retry(s, "msg_9", 2000, &n, err, sizeof err),
                     STORE_NOT_FOUND);
    assert_int_equal(store_outbox_retry(s, NULL, 2000, &n, err, sizeof err),
                     STORE_OK);
    assert_int_equal(n, 2);
    assert_int_equal(store_webhook_disabled(s, "site-a", &flag, err, sizeof err),
                     0);
    assert_int_equal(flag, 0);
    assert_int_equal(pending_count(s), 2);
    pending_id(s, "msg_1", &row);
    assert_int_equal(row.attempts, 0);
    assert_int_equal(row.next_attempt_at, 2000);

    assert_int_equal(
        store_outbox_failed(s, id1, 0, "timed out", 2100, 1, err, sizeof err), 0);
    assert_int_equal(pending_count(s), 1);
    store_close(s);
    assert_int_equal(
        raw_int("SELECT count(*) FROM webhook_outbox WHERE status='dead' AND "
                "last_http_status IS NULL"),
        1);
    /* Reopened, the state is exactly as left. */
    s = open_ok();
    assert_int_equal(pending_count(s), 1);
    assert_int_equal(pending_id(s, "msg_3", &row) > 0, 1);
    assert_string_equal(row.date, "");
    store_close(s);
}

static void expect_open_fails(int status, const char *message)
{
    struct store *s = (struct store *)1;
    char err[STORE_ERR_MAX] = "";

    assert_int_equal(store_open(&s, dbpath, err, sizeof err), status);
    assert_null(s);
    if (strstr(err, message) == NULL)
        fail_msg("expected '%s' in '%s'", message, err);
}

static void test_stats(void **state)
{
    struct store *s = open_ok();
    struct store_puzzle day[3];
    struct store_event ev[2] = {
        {"msg_s1", "site-a", "puzzles.published", "{}", 2},
        {"msg_s2", "site-b", "puzzles.published", "{}", 2},
    };
    struct store_stats st;
    char err[STORE_ERR_MAX];

    (void)state;
    assert_int_equal(store_get_stats(s, &st, err, sizeof err), STORE_OK);
    assert_int_equal(st.puzzles, 0);
    assert_int_equal(st.last_created_at, 0);
    assert_int_equal(st.outbox_pending, 0);
    make_day(day, "2026-11-21", 7);
    assert_int_equal(store_put_day(s, day, 3, err, sizeof err), STORE_OK);
    assert_int_equal(
        store_mark_published(s, "2026-11-21", 1800000000, ev, 2, err, sizeof err),
        STORE_OK);
    store_close(s);
    raw_exec("UPDATE webhook_outbox SET status = 'dead' WHERE event_id = 'msg_s2'");
    s = open_ok();
    assert_int_equal(store_get_stats(s, &st, err, sizeof err), STORE_OK);
    assert_int_equal(st.puzzles, 3);
    assert_int_equal(st.last_created_at, day[2].created_at);
    assert_int_equal(st.outbox_pending, 1);
    assert_int_equal(st.outbox_dead, 1);
    store_close(s);
}

static void test_refuses_newer_and_foreign(void **state)
{
    char path2[sizeof dbpath];
    FILE *f;

    (void)state;
    store_close(open_ok());
    raw_exec("PRAGMA user_version = 99");
    expect_open_fails(STORE_TOO_NEW,
                      "schema version 99 was written by a newer sudokud "
                      "(this one knows up to 2)");
    assert_int_equal(raw_int("PRAGMA user_version"), 99);
    fresh_db(NULL);
    raw_exec("CREATE TABLE notes (x)");
    expect_open_fails(STORE_FOREIGN, "not a sudokud database (application_id 0)");
    assert_int_equal(raw_int("SELECT count(*) FROM sqlite_schema"), 1);
    fresh_db(NULL);
    f = fopen(dbpath, "w");
    fputs(
        "this is a text file, not a database, but long enough to have a header......"
        "................................................................",
        f);
    fclose(f);
    expect_open_fails(STORE_CORRUPT, "file is not a database");
    snprintf(path2, sizeof path2, "%s", dbpath);
    snprintf(dbpath, sizeof dbpath, "%s/missing-dir/x.db", tmpdir);
    expect_open_fails(STORE_ERR,
                      "cannot open or create: No such file or directory");
    snprintf(dbpath, sizeof dbpath, "%s", path2);
}

/* A database made by version 1 opens, migrates to the current version and
 * keeps every row byte for byte (migration 002 rebuilds the puzzle table);
 * after it the extreme tier can be stored. */
static void test_v1_fixture(void **state)
{
    FILE *f = fopen("tests/fixtures/store_v1.sql", "r");
    char *sql = calloc(1, 65536), err[STORE_ERR_MAX];
    struct store_puzzle got;
    struct store *s;
    int published = 0;

    (void)state;
    if (f == NULL)
        fail_msg(
            "tests/fixtures/store_v1.sql missing (tests run from the repository root)");
    assert_true(fread(sql, 1, 65535, f) > 0);
    fclose(f);
    raw_exec(sql);
    free(sql);
    assert_int_equal(raw_int("PRAGMA user_version"), 1);
    /* every stored byte of every row, to compare after the migration */
    const char *rows = "SELECT sum(length(x)) || '/' || group_concat(x, '|') FROM "
                       "(SELECT quote(id) || date || tier || puzzle || solution || "
                       "quote(score) || hardest_technique || technique_counts || "
                       "clues || symmetry || seed || generator_version || "
                       "created_at AS x FROM puzzle ORDER BY id)";
    int64_t before = raw_int("SELECT count(*) FROM puzzle");
    char *text_before = raw_text(rows);
    s = open_ok();
    assert_int_equal(
        store_get_puzzle(s, "2026-01-01", "hard", &got, err, sizeof err), 0);
    assert_string_equal(got.seed, "seed-2");
    assert_string_equal(got.technique_counts, "{\"naked_single\": 40}");
    assert_int_equal(
        store_is_published(s, "2026-01-01", &published, err, sizeof err), 0);
    assert_int_equal(published, 1);
    store_close(s);
    assert_int_equal(raw_int("PRAGMA user_version"), store_schema_version());
    assert_int_equal(raw_int("SELECT count(*) FROM puzzle"), before);
    char *text_after = raw_text(rows);
    assert_string_equal(text_after, text_before);
    free(text_before);
    free(text_after);
    assert_int_equal(raw_int("SELECT count(*) FROM webhook_outbox"), 1);
    /* version 2's fifth tier is accepted now; an unknown one still is not */
    struct store_puzzle extreme, bogus;
    s = open_ok();
    make_puzzle(&extreme, "2026-01-02", "extreme", 900);
    assert_int_equal(store_put_day(s, &extreme, 1, err, sizeof err), STORE_OK);
    assert_int_equal(
        store_get_puzzle(s, "2026-01-02", "extreme", &got, err, sizeof err), 0);
    assert_memory_equal(&got, &extreme, sizeof got);
    make_puzzle(&bogus, "2026-01-03", "unfair", 901);
    assert_int_not_equal(store_put_day(s, &bogus, 1, err, sizeof err), STORE_OK);
    store_close(s);
}

static void test_backup(void **state)
{
    struct store *s = open_ok(), *b;
    struct store_puzzle day[3], got;
    char err[STORE_ERR_MAX], dest[300];

    (void)state;
    make_day(day, "2026-11-21", 6);
    assert_int_equal(store_put_day(s, day, 3, err, sizeof err), STORE_OK);
    snprintf(dest, sizeof dest, "%s/backup.db", tmpdir);
    assert_int_equal(store_backup(s, dest, err, sizeof err), STORE_OK);
    assert_int_equal(store_integrity_check(s, err, sizeof err), STORE_OK);
    snprintf(dest, sizeof dest, "%s/no-dir/backup.db", tmpdir);
    assert_int_equal(store_backup(s, dest, err, sizeof err), STORE_ERR);
    assert_non_null(strstr(err, "backup: cannot create"));
    store_close(s);
    snprintf(dbpath, sizeof dbpath, "%s/backup.db", tmpdir);
    b = open_ok();
    assert_int_equal(
        store_get_puzzle(b, "2026-11-21", "hard", &got, err, sizeof err), 0);
    assert_memory_equal(&got, &day[2], sizeof got);
    store_close(b);
}

static long file_size(const char *path)
{
    struct stat st;

    return stat(path, &st) == 0 ? (long)st.st_size : 0;
}

/* Writes fail (as on a full disk or quota): the day is refused with a
 * message, nothing is half-stored, and the store works once space is back. */
static void test_write_failure(void **state)
{
    struct store *s = open_ok(), *again;
    struct store_puzzle day[3];
    struct rlimit old, lim;
    char err[STORE_ERR_MAX] = "", wal[300];
    void (*old_handler)(int) = signal(SIGXFSZ, SIG_IGN);
    int rc, has = 1;

    (void)state;
    snprintf(wal, sizeof wal, "%s-wal", dbpath);
    assert_int_equal(getrlimit(RLIMIT_FSIZE, &old), 0);
    lim = old;
    lim.rlim_cur = (rlim_t)(file_size(wal) > file_size(dbpath) ? file_size(wal)
                                                               : file_size(dbpath));
    assert_int_equal(setrlimit(RLIMIT_FSIZE, &lim), 0);
    make_day(day, "2026-11-21", 7);
    rc = store_put_day(s, day, 3, err, sizeof err);
    assert_int_equal(setrlimit(RLIMIT_FSIZE, &old), 0);
    signal(SIGXFSZ, old_handler);
    assert_true(rc == STORE_FULL || rc == STORE_ERR);
    print_message("write refused with: %s\n", err);
    assert_non_null(strstr(err, dbpath));
    assert_non_null(strstr(err, "nothing was written"));
    assert_int_equal(
        store_has_puzzle(s, "2026-11-21", "easy", &has, err, sizeof err), 0);
    assert_int_equal(has, 0);
    assert_int_equal(store_put_day(s, day, 3, err, sizeof err), STORE_OK);
    store_close(s);
    again = open_ok();
    assert_int_equal(store_integrity_check(again, err, sizeof err), STORE_OK);
    store_close(again);
    assert_int_equal(raw_int("SELECT count(*) FROM puzzle"), 3);
}

static void date_of(int i, char out[11])
{
    time_t t = 1767225600 + (time_t)i * 86400; /* 2026-01-01 */
    struct tm tm;

    gmtime_r(&t, &tm);
    strftime(out, 11, "%Y-%m-%d", &tm);
}

/* The child writes day after day until killed. */
static void writer_child(void)
{
    struct store *s;
    struct store_puzzle day[3];
    char err[STORE_ERR_MAX], date[11];
    int has = 1, i = 0;

    if (store_open(&s, dbpath, err, sizeof err) != STORE_OK)
        _exit(2);
    for (; has; i++) {
        date_of(i, date);
        if (store_has_puzzle(s, date, "easy", &has, err, sizeof err) != STORE_OK)
            _exit(3);
    }
    for (i--;; i++) {
        date_of(i, date);
        make_day(day, date, (unsigned long)i + 1000);
        if (store_put_day(s, day, 3, err, sizeof err) != STORE_OK)
            _exit(4);
    }
}

/* After each kill every day is complete or absent, and unchanged. */
static int verify_days(void)
{
    struct store *s = open_ok();
    struct store_puzzle want[3], got;
    char err[STORE_ERR_MAX], date[11];
    int i, t, complete = 0;

    assert_int_equal(store_integrity_check(s, err, sizeof err), STORE_OK);
    for (i = 0;; i++) {
        int present = 0;

        date_of(i, date);
        make_day(want, date, (unsigned long)i + 1000);
        for (t = 0; t < 3; t++) {
            if (store_get_puzzle(s, date, tiers[t], &got, err, sizeof err) ==
                STORE_OK) {
                assert_memory_equal(&got, &want[t], sizeof got);
                present++;
            }
        }
        if (present == 0)
            break;
        assert_int_equal(present, 3);
        complete++;
    }
    store_close(s);
    assert_int_equal(raw_int("SELECT count(*) FROM puzzle"), complete * 3);
    return complete;
}

static void test_kill_9_during_writes(void **state)
{
    int days = 0;

    (void)state;
    store_close(open_ok());
    srand((unsigned)getpid());
    for (int round = 0; round < 12; round++) {
        pid_t pid = fork();
        int status;

        assert_true(pid >= 0);
        if (pid == 0)
            writer_child();
        usleep((useconds_t)(20000 + rand() % 60000));
        kill(pid, SIGKILL);
        assert_int_equal(waitpid(pid, &status, 0), pid);
        if (!WIFSIGNALED(status))
            fail_msg("writer exited early with status %d", WEXITSTATUS(status));
        int now = verify_days();
        assert_true(now >= days);
        days = now;
    }
    assert_true(days > 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup(test_fresh_database, fresh_db),
        cmocka_unit_test_setup(test_put_get_list, fresh_db),
        cmocka_unit_test_setup(test_list_order, fresh_db),
        cmocka_unit_test_setup(test_refusals_write_nothing, fresh_db),
        cmocka_unit_test_setup(test_malformed_puzzles, fresh_db),
        cmocka_unit_test_setup(test_publication_and_outbox, fresh_db),
        cmocka_unit_test_setup(test_stats, fresh_db),
        cmocka_unit_test_setup(test_outbox_state_machine, fresh_db),
        cmocka_unit_test_setup(test_refuses_newer_and_foreign, fresh_db),
        cmocka_unit_test_setup(test_v1_fixture, fresh_db),
        cmocka_unit_test_setup(test_backup, fresh_db),
        cmocka_unit_test_setup(test_write_failure, fresh_db),
        cmocka_unit_test_setup(test_kill_9_during_writes, fresh_db),
    };

    return cmocka_run_group_tests(tests, setup_dir, teardown_dir);
}
