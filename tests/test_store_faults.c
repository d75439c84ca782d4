/*
 * Fault injection for the store: a VFS wrapping SQLite's default one
 * (tests/hooks/vfs_fault.h) fails the Nth write, fsync or truncate with a full
 * disk (SQLITE_FULL, and every later write too until space is freed) or an
 * I/O error (SQLITE_IOERR_WRITE or _TRUNCATE at a write, SQLITE_IOERR_FSYNC
 * at a sync, once).  For every N up to the last write point of
 * each operation -- storing a generated day, publishing a day with its
 * webhook events, and each delivery state update (attempt, failed,
 * delivered, gone, queueing) -- the real store on a real file must report
 * the failure, keep serving reads, hold the operation wholly or not at
 * all (also after closing and reopening, as after a restart), lose no
 * outbox event, and succeed when the operation is retried.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>
#include <sqlite3.h>

#include "store.h"
#include "hooks/vfs_fault.h"

/* ---- the faulty VFS (tests/hooks/vfs_fault.h) ---------------------------- */

#define FAULT_KINDS VFS_FAULT_KINDS
static const char *const kind_name[] = {"ENOSPC (sticky)", "EIO on write",
                                        "EIO on fsync"};

static void install_vfs(void)
{
    assert_int_equal(vfs_fault_install(NULL), 0);
}

/* A full disk stays full until disarm(); an I/O error happens once. */
static void arm(long n, enum vfs_fault_kind kind)
{
    struct vfs_fault_spec spec = {kind, n,
                                  kind == VFS_FAULT_FULL ? VFS_FAULT_FOREVER : 1};

    vfs_fault_arm(n > 0 ? &spec : NULL);
}

static void disarm(void)
{
    vfs_fault_disarm();
}

/* ---- fixtures ------------------------------------------------------------ */

static char tmpdir[] = "/tmp/test_store_faults.XXXXXX";
static char dbpath[300];
static int dbseq;
static long points_total, injected_total, committed_despite_error;

static const char *const tiers[] = {"easy", "medium", "hard"};

static void make_day(struct store_puzzle day[3], const char *date,
                     unsigned long base)
{
    for (int t = 0; t < 3; t++) {
        struct store_puzzle *p = &day[t];
        unsigned long n = base * 4 + (unsigned long)t + 1;
        memset(p, 0, sizeof *p);
        snprintf(p->date, sizeof p->date, "%s", date);
        snprintf(p->tier, sizeof p->tier, "%s", tiers[t]);
        for (int i = 0; i < 81; i++)
            p->solution[i] = (char)('1' + ((i / 9) * 3 + (i / 9) / 3 + i % 9) % 9);
        memcpy(p->puzzle, p->solution, 82);
        p->clues = 81;
        for (int i = 0; i < 40; i++)
            if (n >> i & 1) {
                p->puzzle[i] = '.';
                p->clues--;
            }
        p->score = 1.5;
        snprintf(p->hardest_technique, sizeof p->hardest_technique, "Naked single");
        snprintf(p->technique_counts, sizeof p->technique_counts, "{}");
        snprintf(p->symmetry, sizeof p->symmetry, "none");
        snprintf(p->seed, sizeof p->seed, "%lu", n);
        snprintf(p->generator_version, sizeof p->generator_version, "1");
        p->created_at = 1795262400;
    }
}

static void date_of(int k, char out[11])
{
    unsigned u = (unsigned)k;
    snprintf(out, 11, "2027-%02u-%02u", 1 + u / 28 % 12, 1 + u % 28);
}

static struct store *open_ok(void)
{
    struct store *s;
    char err[STORE_ERR_MAX];

    if (store_open(&s, dbpath, err, sizeof err) != STORE_OK)
        fail_msg("store_open: %s", err);
    return s;
}

static int setup(void **state)
{
    (void)state;
    install_vfs();
    return mkdtemp(tmpdir) == NULL ? -1 : 0;
}

static int teardown(void **state)
{
    char cmd[64];

    (void)state;
    fprintf(stderr,
            "fault injection: %ld write points failed, %ld faults injected; "
            "%ld operations reported an error yet were durable (all of them)\n",
            points_total, injected_total, committed_despite_error);
    snprintf(cmd, sizeof cmd, "rm -rf %s", tmpdir);
    return system(cmd);
}

static int fresh_db(void **state)
{
    (void)state;
    snprintf(dbpath, sizeof dbpath, "%s/db%d.sqlite", tmpdir, ++dbseq);
    return 0;
}

/* Tiers of date stored: 0 or 3 (never in between). */
static int tiers_stored(struct store *s, const char *date)
{
    char err[STORE_ERR_MAX];
    int n = 0;

    for (int t = 0; t < 3; t++) {
        int has = 0;
        if (store_has_puzzle(s, date, tiers[t], &has, err, sizeof err) != STORE_OK)
            fail_msg("reading after a fault: %s", err);
        n += has;
    }
    if (n != 0 && n != 3)
        fail_msg("%s has %d of 3 puzzles: a partial day", date, n);
    return n;
}

/* Reads keep working and the day stored before the faults is unchanged. */
static void check_reads(struct store *s, const struct store_puzzle *before)
{
    struct store_puzzle got;
    char err[STORE_ERR_MAX];

    if (store_get_puzzle(s, before->date, before->tier, &got, err, sizeof err) !=
        STORE_OK)
        fail_msg("reads fail after a fault: %s", err);
    assert_string_equal(got.puzzle, before->puzzle);
    assert_string_equal(got.solution, before->solution);
}

static void check_error(int rc, const char *err, const char *what)
{
    if (rc != STORE_FULL && rc != STORE_ERR)
        fail_msg("%s: unexpected status %d: %s", what, rc, err);
    assert_true(err[0] != '\0');
}

/* Write points of one successful operation, counted by the VFS. */
#define MEASURE(count, call) \
    do { \
        arm(0, VFS_FAULT_FULL); \
        call; \
        (count) = vfs_fault_points(); \
    } while (0)

/* ---- (a) storing a generated day ------------------------------------------ */

/* A fresh database holding the base day, so that every put_day meets the
 * same write points (a growing file would move them). */
static struct store *with_base_day(const struct store_puzzle base[3])
{
    char err[STORE_ERR_MAX];

    fresh_db(NULL);
    struct store *s = open_ok();
    assert_int_equal(store_put_day(s, base, 3, err, sizeof err), STORE_OK);
    return s;
}

static void test_put_day_faults(void **state)
{
    struct store_puzzle base[3], day[3];
    char err[STORE_ERR_MAX], date[11];
    long points;
    int k = 1;

    (void)state;
    make_day(base, "2026-12-31", 1);
    struct store *s = with_base_day(base);
    date_of(0, date);
    make_day(day, date, 2);
    MEASURE(points,
            assert_int_equal(store_put_day(s, day, 3, err, sizeof err), STORE_OK));
    assert_true(points >= 2);
    fprintf(stderr, "store_put_day: %ld write points (writes, fsyncs, truncates)\n",
            points);
    for (int kind = 0; kind < FAULT_KINDS; kind++) {
        for (long n = 1; n <= points + 1; n++, k++) {
            date_of(k, date);
            make_day(day, date, 2);
            store_close(s);
            s = with_base_day(base);
            arm(n, (enum vfs_fault_kind)kind);
            err[0] = '\0';
            int rc = store_put_day(s, day, 3, err, sizeof err);
            disarm();
            injected_total += vfs_fault_injected();
            if (vfs_fault_injected() == 0) {
                assert_int_equal(rc, STORE_OK);
                continue;
            }
            points_total++;
            int there = tiers_stored(s, date);
            if (rc == STORE_OK) {
                assert_int_equal(there, 3); /* a fault SQLite absorbed */
            } else {
                check_error(rc, err, kind_name[kind]);
                committed_despite_error += there == 3;
            }
            check_reads(s, &base[0]);
            /* A restart sees the same: all or nothing, and a sound file. */
            store_close(s);
            s = open_ok();
            assert_int_equal(tiers_stored(s, date), there);
            assert_int_equal(store_integrity_check(s, err, sizeof err), STORE_OK);
            /* The daemon's retry: stores it, or finds it stored. */
            rc = store_put_day(s, day, 3, err, sizeof err);
            if (rc != STORE_OK && !(there == 3 && rc == STORE_EXISTS))
                fail_msg("%s at write point %ld: the retry failed (%d): %s",
                         kind_name[kind], n, rc, err);
            assert_int_equal(tiers_stored(s, date), 3);
        }
    }
    store_close(s);
}

/* ---- (b) publication and webhook delivery state ---------------------------- */

struct outbox_state {
    int exists;
    char status[16];
    int attempts;
    int64_t next_attempt_at;
    int64_t last_success_at;
    int64_t disabled_at;
    int published;
};

static int64_t raw_int(sqlite3 *db, const char *sql, const char *arg)
{
    sqlite3_stmt *st;
    int64_t v = -1;

    assert_int_equal(sqlite3_prepare_v2(db, sql, -1, &st, NULL), SQLITE_OK);
    if (arg != NULL)
        sqlite3_bind_text(st, 1, arg, -1, SQLITE_STATIC);
    if (sqlite3_step(st) == SQLITE_ROW)
        v = sqlite3_column_type(st, 0) == SQLITE_NULL ? 0
                                                      : sqlite3_column_int64(st, 0);
    sqlite3_finalize(st);
    return v;
}

/* The event's whole state as a fresh connection (a restart) sees it. */
static void read_state(const char *event_id, const char *date,
                       struct outbox_state *o)
{
    sqlite3 *db;
    sqlite3_stmt *st;

    memset(o, 0, sizeof *o);
    assert_int_equal(sqlite3_open_v2(dbpath, &db, SQLITE_OPEN_READONLY, NULL),
                     SQLITE_OK);
    assert_int_equal(
        sqlite3_prepare_v2(db,
                           "SELECT status, attempts, next_attempt_at FROM "
                           "webhook_outbox WHERE event_id = ?1",
                           -1, &st, NULL),
        SQLITE_OK);
    sqlite3_bind_text(st, 1, event_id, -1, SQLITE_STATIC);
    if (sqlite3_step(st) == SQLITE_ROW) {
        o->exists = 1;
        snprintf(o->status, sizeof o->status, "%s",
                 (const char *)sqlite3_column_text(st, 0));
        o->attempts = sqlite3_column_int(st, 1);
        o->next_attempt_at = sqlite3_column_int64(st, 2);
    }
    sqlite3_finalize(st);
    o->last_success_at = raw_int(
        db, "SELECT max(last_success_at) FROM webhook_endpoint", NULL);
    o->disabled_at = raw_int(db, "SELECT max(disabled_at) FROM webhook_endpoint",
                             NULL);
    o->published = (int)raw_int(
        db, "SELECT count(*) FROM publication WHERE date = ?1", date);
    sqlite3_close(db);
}

static int same_state(const struct outbox_state *a, const struct outbox_state *b)
{
    return a->exists == b->exists && strcmp(a->status, b->status) == 0 &&
           a->attempts == b->attempts && a->next_attempt_at == b->next_attempt_at &&
           a->last_success_at == b->last_success_at &&
           a->disabled_at == b->disabled_at && a->published == b->published;
}

enum op {
    OP_PUBLISH,
    OP_ENQUEUE,
    OP_ATTEMPT,
    OP_FAILED,
    OP_DELIVERED,
    OP_GONE,
    OP_COUNT
};
static const char *const op_name[] = {"mark_published+events", "enqueue_events",
                                      "outbox_attempt",        "outbox_failed",
                                      "outbox_delivered",      "outbox_gone"};

struct scenario {
    struct store *s;
    char date[11];
    char event_id[64];
    int64_t id;
};

static int64_t outbox_id(struct store *s, const char *event_id)
{
    struct store_outbox_row rows[64];
    char err[STORE_ERR_MAX];
    size_t n = 0;

    assert_int_equal(store_outbox_pending(s, rows, 64, &n, err, sizeof err),
                     STORE_OK);
    for (size_t i = 0; i < n; i++)
        if (strcmp(rows[i].event_id, event_id) == 0)
            return rows[i].id;
    return -1;
}

static int run_op(struct scenario *sc, enum op op, char *err, size_t errlen)
{
    static const char body[] = "{\"type\":\"puzzles.published\"}";
    struct store_event ev = {sc->event_id, "site", "puzzles.published", body,
                             sizeof body - 1};

    switch (op) {
    case OP_PUBLISH:
        return store_mark_published(sc->s, sc->date, 1795262400, &ev, 1, err,
                                    errlen);
    case OP_ENQUEUE:
        return store_enqueue_events(sc->s, sc->date, 1795262401, &ev, 1, err,
                                    errlen);
    case OP_ATTEMPT:
        return store_outbox_attempt(sc->s, sc->id, 1795262500, err, errlen);
    case OP_FAILED:
        return store_outbox_failed(sc->s, sc->id, 500, "HTTP 500", 1795262600, 0,
                                   err, errlen);
    case OP_DELIVERED:
        return store_outbox_delivered(sc->s, sc->id, 1795262700, 200, err, errlen);
    case OP_GONE:
        return store_outbox_gone(sc->s, sc->id, 1795262800, 410, "gone", err,
                                 errlen);
    case OP_COUNT:
        break;
    }
    return STORE_INVALID;
}

/* A fresh database where op is the next thing to happen to event k. */
static void prepare(struct scenario *sc, enum op op, int k)
{
    struct store_puzzle day[3];
    char err[STORE_ERR_MAX];

    snprintf(sc->event_id, sizeof sc->event_id, "evt_%s_%d", op_name[op], k);
    snprintf(sc->date, sizeof sc->date, "2026-11-21");
    fresh_db(NULL);
    sc->s = open_ok();
    make_day(day, sc->date, 1);
    assert_int_equal(store_put_day(sc->s, day, 3, err, sizeof err), STORE_OK);
    if (op == OP_PUBLISH)
        return;
    if (op == OP_ENQUEUE) {
        assert_int_equal(store_mark_published(sc->s, sc->date, 1795262400, NULL, 0,
                                              err, sizeof err),
                         STORE_OK);
        return;
    }
    assert_int_equal(run_op(sc, OP_PUBLISH, err, sizeof err), STORE_OK);
    sc->id = outbox_id(sc->s, sc->event_id);
    assert_true(sc->id > 0);
    assert_int_equal(run_op(sc, OP_ATTEMPT, err, sizeof err), STORE_OK);
    if (op == OP_ATTEMPT) {
        assert_int_equal(run_op(sc, OP_FAILED, err, sizeof err), STORE_OK);
    }
}

static void test_delivery_faults(void **state)
{
    (void)state;
    for (int op = 0; op < OP_COUNT; op++) {
        struct scenario sc;
        struct outbox_state before, after, got;
        char err[STORE_ERR_MAX];
        long points;
        int k = 0;

        /* The state before and after a clean run, and its write points. */
        prepare(&sc, (enum op)op, k++);
        read_state(sc.event_id, sc.date, &before);
        MEASURE(points, assert_int_equal(run_op(&sc, (enum op)op, err, sizeof err),
                                         STORE_OK));
        read_state(sc.event_id, sc.date, &after);
        assert_false(same_state(&before, &after));
        fprintf(stderr, "store_%s: %ld write points\n", op_name[op], points);
        store_close(sc.s);
        for (int kind = 0; kind < FAULT_KINDS; kind++) {
            for (long n = 1; n <= points + 1; n++) {
                prepare(&sc, (enum op)op, k++);
                arm(n, (enum vfs_fault_kind)kind);
                err[0] = '\0';
                int rc = run_op(&sc, (enum op)op, err, sizeof err);
                disarm();
                injected_total += vfs_fault_injected();
                if (vfs_fault_injected() == 0) {
                    assert_int_equal(rc, STORE_OK);
                    store_close(sc.s);
                    continue;
                }
                points_total++;
                if (rc != STORE_OK)
                    check_error(rc, err, kind_name[kind]);
                /* Reads go on; a new connection sees before or after, whole. */
                size_t cnt = 0;
                struct store_outbox_row rows[4];
                assert_int_equal(
                    store_outbox_pending(sc.s, rows, 4, &cnt, err, sizeof err),
                    STORE_OK);
                read_state(sc.event_id, sc.date, &got);
                /* event ids differ per scenario: compare without them */
                int was_before = same_state(&got, &before) ||
                                 (op <= OP_ENQUEUE && !got.exists &&
                                  !before.exists &&
                                  got.published == before.published);
                int was_after = got.exists == after.exists &&
                                strcmp(got.status, after.status) == 0 &&
                                got.attempts == after.attempts &&
                                got.published == after.published &&
                                (got.last_success_at > 0) ==
                                    (after.last_success_at > 0) &&
                                (got.disabled_at > 0) == (after.disabled_at > 0);
                if (!was_before && !was_after)
                    fail_msg("%s, %s at write point %ld: a half-applied state "
                             "(status '%s', attempts %d, published %d)",
                             op_name[op], kind_name[kind], n, got.status,
                             got.attempts, got.published);
                if (op > OP_ENQUEUE && !got.exists)
                    fail_msg("%s: the outbox event was lost", op_name[op]);
                if (rc != STORE_OK)
                    committed_despite_error += was_after && !was_before;
                /* Restart, then retry unless it already took. */
                store_close(sc.s);
                sc.s = open_ok();
                assert_int_equal(store_integrity_check(sc.s, err, sizeof err),
                                 STORE_OK);
                if (!was_after) {
                    rc = run_op(&sc, (enum op)op, err, sizeof err);
                    if (rc != STORE_OK)
                        fail_msg(
                            "%s, %s at write point %ld: the retry failed (%d): %s",
                            op_name[op], kind_name[kind], n, rc, err);
                }
                read_state(sc.event_id, sc.date, &got);
                assert_string_equal(got.status, after.status);
                assert_int_equal(got.attempts, after.attempts);
                assert_int_equal(got.published, after.published);
                store_close(sc.s);
            }
        }
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_put_day_faults),
        cmocka_unit_test(test_delivery_faults),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
