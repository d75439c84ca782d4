/*
 * store: owns the SQLite connection, its prepared statements, the migration
 * runner and the mapping of SQLite failures to messages an operator can act
 * on.  Nothing else in the daemon talks SQL.
 */
#include "store.h"

#include <errno.h>
#include <fcntl.h>
#include <jansson.h>
#include <sqlite3.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "config.h"
#include "schedule.h"
#include "schema_sql.h"

enum stmt_id {
    ST_BEGIN,
    ST_COMMIT,
    ST_ROLLBACK,
    ST_INSERT_PUZZLE,
    ST_GET_PUZZLE,
    ST_HAS_PUZZLE,
    ST_FIND_GIVENS,
    ST_LIST,
    ST_COUNT_DATE,
    ST_INSERT_PUBLICATION,
    ST_IS_PUBLISHED,
    ST_INSERT_EVENT,
    ST_STATS,
    ST_OUTBOX_PENDING,
    ST_OUTBOX_BODY,
    ST_OUTBOX_ATTEMPT,
    ST_OUTBOX_DELIVERED,
    ST_ENDPOINT_SUCCESS,
    ST_OUTBOX_FAILED,
    ST_ENDPOINT_DISABLE,
    ST_ENDPOINT_DISABLED,
    ST_HAS_EVENT,
    ST_EVENT_STATUS,
    ST_RETRY_ENABLE,
    ST_RETRY,
    ST_WEBHOOK_STATS,
    ST_COUNT,
};

#define STORE_CACHE_KIB "256" /* SQLite page cache bound, see set_pragmas */

#define PUZZLE_COLUMNS \
    "date, tier, puzzle, solution, score, hardest_technique, " \
    "technique_counts, clues, symmetry, seed, generator_version, created_at"
/* Tiers sort easiest first, not alphabetically. */
#define TIER_ORDER \
    "CASE tier WHEN 'easy' THEN 0 WHEN 'medium' THEN 1 WHEN 'hard' THEN 2 " \
    "WHEN 'expert' THEN 3 ELSE 4 END"

static const char *const stmt_sql[ST_COUNT] = {
    [ST_BEGIN] = "BEGIN IMMEDIATE",
    [ST_COMMIT] = "COMMIT",
    [ST_ROLLBACK] = "ROLLBACK",
    [ST_INSERT_PUZZLE] =
        "INSERT INTO puzzle (" PUZZLE_COLUMNS ") "
        "VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12)",
    [ST_GET_PUZZLE] = "SELECT " PUZZLE_COLUMNS
                      " FROM puzzle WHERE date = ?1 AND tier = ?2",
    [ST_HAS_PUZZLE] = "SELECT 1 FROM puzzle WHERE date = ?1 AND tier = ?2",
    [ST_FIND_GIVENS] = "SELECT date, tier FROM puzzle WHERE puzzle = ?1",
    [ST_LIST] = "SELECT " PUZZLE_COLUMNS
                " FROM puzzle WHERE date BETWEEN ?1 AND ?2 "
                "ORDER BY date, " TIER_ORDER,
    [ST_COUNT_DATE] = "SELECT count(*) FROM puzzle WHERE date = ?1",
    [ST_INSERT_PUBLICATION] =
        "INSERT INTO publication (date, published_at) VALUES (?1, ?2)",
    [ST_IS_PUBLISHED] = "SELECT 1 FROM publication WHERE date = ?1",
    [ST_INSERT_EVENT] =
        "INSERT INTO webhook_outbox (event_id, endpoint, event_type, date, "
        "body, created_at, next_attempt_at) "
        "VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?6)",
    [ST_STATS] = "SELECT (SELECT count(*) FROM puzzle), "
                 "(SELECT coalesce(max(created_at), 0) FROM puzzle), "
                 "(SELECT count(*) FROM webhook_outbox WHERE status = 'pending'), "
                 "(SELECT count(*) FROM webhook_outbox WHERE status = 'dead')",
    [ST_OUTBOX_PENDING] =
        "SELECT o.id, o.event_id, o.endpoint, o.event_type, coalesce(o.date, ''), "
        "o.attempts, o.next_attempt_at, o.created_at FROM webhook_outbox o "
        "LEFT JOIN webhook_endpoint e ON e.name = o.endpoint "
        "WHERE o.status = 'pending' AND e.disabled_at IS NULL "
        "ORDER BY o.next_attempt_at, o.id LIMIT ?1",
    [ST_OUTBOX_BODY] = "SELECT body FROM webhook_outbox WHERE id = ?1",
    [ST_OUTBOX_ATTEMPT] =
        "UPDATE webhook_outbox SET attempts = attempts + 1, "
        "next_attempt_at = ?2 WHERE id = ?1 AND status = 'pending'",
    [ST_OUTBOX_DELIVERED] =
        "UPDATE webhook_outbox SET status = 'delivered', "
        "delivered_at = ?2, last_http_status = ?3, last_error = NULL "
        "WHERE id = ?1 AND status = 'pending'",
    /* WHERE keeps the upsert's SELECT from parsing ON as a join. */
    [ST_ENDPOINT_SUCCESS] = "INSERT INTO webhook_endpoint (name, last_success_at) "
                            "SELECT endpoint, ?2 FROM webhook_outbox WHERE id = ?1 "
                            "ON CONFLICT (name) DO UPDATE SET "
                            "last_success_at = excluded.last_success_at",
    [ST_OUTBOX_FAILED] =
        "UPDATE webhook_outbox SET last_http_status = ?2, last_error = ?3, "
        "next_attempt_at = ?4, "
        "status = CASE WHEN ?5 THEN 'dead' ELSE 'pending' END "
        "WHERE id = ?1 AND status = 'pending'",
    [ST_ENDPOINT_DISABLE] =
        "INSERT INTO webhook_endpoint (name, disabled_at, disabled_reason) "
        "SELECT endpoint, ?2, ?3 FROM webhook_outbox WHERE id = ?1 "
        "ON CONFLICT (name) DO UPDATE SET "
        "disabled_at = excluded.disabled_at, "
        "disabled_reason = excluded.disabled_reason",
    [ST_ENDPOINT_DISABLED] = "SELECT 1 FROM webhook_endpoint WHERE name = ?1 "
                             "AND disabled_at IS NOT NULL",
    [ST_HAS_EVENT] =
        "SELECT 1 FROM webhook_outbox WHERE endpoint = ?1 AND date = ?2 "
        "AND event_type = ?3 LIMIT 1",
    [ST_EVENT_STATUS] = "SELECT status FROM webhook_outbox WHERE event_id = ?1",
    [ST_RETRY_ENABLE] =
        "UPDATE webhook_endpoint SET disabled_at = NULL, "
        "disabled_reason = NULL WHERE name IN (SELECT endpoint FROM "
        "webhook_outbox WHERE status <> 'delivered' AND "
        "(?1 IS NULL OR event_id = ?1))",
    [ST_RETRY] = "UPDATE webhook_outbox SET status = 'pending', attempts = 0, "
                 "next_attempt_at = ?2 WHERE status <> 'delivered' AND "
                 "(?1 IS NULL OR event_id = ?1)",
    [ST_WEBHOOK_STATS] =
        "SELECT name, sum(status = 'pending'), sum(status = 'dead'), "
        "sum(status = 'delivered'), min(CASE WHEN status = 'pending' THEN created_at END), "
        "max(last_success_at), max(disabled_at), max(disabled_reason), "
        /* delivery clears last_error: the newest event still holding one */
        "(SELECT o.last_error FROM webhook_outbox o WHERE o.endpoint = u.name "
        "AND o.last_error IS NOT NULL ORDER BY o.id DESC LIMIT 1) FROM ("
        "SELECT endpoint AS name, status, created_at, NULL AS last_success_at, "
        "NULL AS disabled_at, NULL AS disabled_reason FROM webhook_outbox UNION ALL "
        "SELECT name, NULL, NULL, last_success_at, disabled_at, disabled_reason "
        "FROM webhook_endpoint) AS u GROUP BY u.name ORDER BY u.name",
};

struct store {
    sqlite3 *db;
    char *path;
    sqlite3_stmt *stmt[ST_COUNT];
};

int store_schema_version(void)
{
    return schema_migration_count;
}

/* ---- errors ------------------------------------------------------------ */

static int fail(struct store *s, char *err, size_t errlen, int status,
                const char *fmt, ...) __attribute__((format(printf, 5, 6)));

static int fail(struct store *s, char *err, size_t errlen, int status,
                const char *fmt, ...)
{
    char msg[STORE_ERR_MAX];
    va_list ap;

    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    snprintf(err, errlen, "database %s: %s", s->path, msg);
    return status;
}

/* Turns an SQLite result into a status and a message saying what to do. */
static int fail_sqlite(struct store *s, char *err, size_t errlen, int rc,
                       const char *doing)
{
    const char *detail = s->db != NULL ? sqlite3_errmsg(s->db) : sqlite3_errstr(rc);

    switch (rc & 0xff) {
    case SQLITE_FULL:
        return fail(s, err, errlen, STORE_FULL,
                    "%s: disk full (%s); nothing was written; free space on the "
                    "filesystem holding the database",
                    doing, detail);
    case SQLITE_BUSY:
    case SQLITE_LOCKED:
        return fail(s, err, errlen, STORE_BUSY,
                    "%s: locked by another process for over %d ms (%s); is another "
                    "sudokud or an sqlite3 shell writing to it?",
                    doing, STORE_BUSY_TIMEOUT_MS, detail);
    case SQLITE_CORRUPT:
    case SQLITE_NOTADB:
        return fail(s, err, errlen, STORE_CORRUPT,
                    "%s: %s; restore the latest backup (sudokuctl backup)", doing,
                    detail);
    case SQLITE_IOERR:
        return fail(
            s, err, errlen, STORE_ERR,
            "%s: %s (error %d); nothing was written; check free space, quotas "
            "and the kernel log",
            doing, detail, rc);
    case SQLITE_READONLY:
    case SQLITE_CANTOPEN:
    case SQLITE_PERM:
        return fail(s, err, errlen, STORE_ERR,
                    "%s: %s; the daemon's user needs write access to the file and "
                    "its directory (for the -wal and -shm files)",
                    doing, detail);
    default:
        return fail(s, err, errlen, STORE_ERR, "%s: %s", doing, detail);
    }
}

/* ---- small helpers ----------------------------------------------------- */

static int exec_sql(struct store *s, const char *sql, const char *doing, char *err,
                    size_t errlen)
{
    int rc = sqlite3_exec(s->db, sql, NULL, NULL, NULL);

    return rc == SQLITE_OK ? STORE_OK : fail_sqlite(s, err, errlen, rc, doing);
}

/* Runs a one-row integer query such as "PRAGMA user_version". */
static int query_int(struct store *s, const char *sql, int64_t *out, char *err,
                     size_t errlen)
{
    sqlite3_stmt *st;
    int rc = sqlite3_prepare_v2(s->db, sql, -1, &st, NULL);

    if (rc == SQLITE_OK) {
        rc = sqlite3_step(st);
        if (rc == SQLITE_ROW) {
            *out = sqlite3_column_int64(st, 0);
            rc = SQLITE_OK;
        }
    }
    sqlite3_finalize(st);
    return rc == SQLITE_OK ? STORE_OK : fail_sqlite(s, err, errlen, rc, sql);
}

static sqlite3_stmt *stmt(struct store *s, enum stmt_id id)
{
    sqlite3_stmt *st = s->stmt[id];

    sqlite3_reset(st);
    sqlite3_clear_bindings(st);
    return st;
}

static void bind_text(sqlite3_stmt *st, int i, const char *text)
{
    sqlite3_bind_text(st, i, text, -1, SQLITE_STATIC);
}

static void copy_column(sqlite3_stmt *st, int col, char *out, size_t outlen)
{
    const unsigned char *t = sqlite3_column_text(st, col);

    snprintf(out, outlen, "%s", t != NULL ? (const char *)t : "");
}

static int begin(struct store *s, char *err, size_t errlen)
{
    int rc = sqlite3_step(stmt(s, ST_BEGIN));

    return rc == SQLITE_DONE
               ? STORE_OK
               : fail_sqlite(s, err, errlen, rc, "starting a transaction");
}

/* On failure SQLite may have rolled back already; ROLLBACK then fails
 * harmlessly and the state is the same: nothing written. */
static void rollback(struct store *s)
{
    if (!sqlite3_get_autocommit(s->db))
        sqlite3_step(stmt(s, ST_ROLLBACK));
}

static int commit(struct store *s, char *err, size_t errlen)
{
    int rc = sqlite3_step(stmt(s, ST_COMMIT));

    if (rc == SQLITE_DONE)
        return STORE_OK;
    rc = fail_sqlite(s, err, errlen, rc, "committing");
    rollback(s);
    return rc;
}

/* ---- open, migrate, close ---------------------------------------------- */

/* Opens path, creating it with mode 0640 when missing (the umask can only
 * make it stricter); returns 0 or an errno. */
static int create_private(const char *path)
{
    int fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC | O_NOCTTY, 0640);

    if (fd < 0)
        return errno;
    close(fd);
    return 0;
}

/* Creates the file with the daemon's chosen mode; SQLite gives the -wal and
 * -shm files the same mode. */
static int create_file(struct store *s, char *err, size_t errlen)
{
    int e = create_private(s->path);

    if (e != 0)
        return fail(s, err, errlen, STORE_ERR, "cannot open or create: %s",
                    strerror(e));
    return STORE_OK;
}

static int set_pragmas(struct store *s, char *err, size_t errlen)
{
    char mode[16] = "";
    sqlite3_stmt *st;
    int rc;

    sqlite3_extended_result_codes(s->db, 1);
    sqlite3_busy_timeout(s->db, STORE_BUSY_TIMEOUT_MS);
    rc = sqlite3_prepare_v2(s->db, "PRAGMA journal_mode=WAL", -1, &st, NULL);
    if (rc == SQLITE_OK && (rc = sqlite3_step(st)) == SQLITE_ROW) {
        copy_column(st, 0, mode, sizeof mode);
        rc = SQLITE_OK;
    }
    sqlite3_finalize(st);
    if (rc != SQLITE_OK)
        return fail_sqlite(s, err, errlen, rc, "switching to WAL mode");
    if (strcmp(mode, "wal") != 0)
        return fail(
            s, err, errlen, STORE_ERR,
            "cannot use WAL mode (got journal_mode %s); put the database on a "
            "local filesystem",
            mode);
    /* A small page cache: today's replies are cached by query, the rest
     * reads a few pages from the OS's cache.  SQLite's default (2 MB)
     * fills up by quick_check's pass over the whole file at each start,
     * and would stay in the idle daemon's memory once the database has
     * grown past it (about two years of puzzles and webhook events). */
    return exec_sql(s,
                    "PRAGMA synchronous=FULL; PRAGMA foreign_keys=ON; "
                    "PRAGMA trusted_schema=OFF; PRAGMA journal_size_limit=4194304; "
                    "PRAGMA cache_size=-" STORE_CACHE_KIB,
                    "setting pragmas", err, errlen);
}

static int quick_check(struct store *s, char *err, size_t errlen)
{
    char first[256] = "";
    sqlite3_stmt *st;
    int rc = sqlite3_prepare_v2(s->db, "PRAGMA quick_check(1)", -1, &st, NULL);

    if (rc == SQLITE_OK && (rc = sqlite3_step(st)) == SQLITE_ROW) {
        copy_column(st, 0, first, sizeof first);
        rc = SQLITE_OK;
    }
    sqlite3_finalize(st);
    if (rc != SQLITE_OK)
        return fail_sqlite(s, err, errlen, rc, "quick_check");
    if (strcmp(first, "ok") != 0)
        return fail(s, err, errlen, STORE_CORRUPT,
                    "quick_check failed: %s; restore the latest backup", first);
    return STORE_OK;
}

/* Refuses files that are not ours before touching them. */
static int check_identity(struct store *s, int64_t version, char *err,
                          size_t errlen)
{
    int64_t app_id, tables;
    int rc;

    if ((rc = query_int(s, "PRAGMA application_id", &app_id, err, errlen)) !=
            STORE_OK ||
        (rc = query_int(s, "SELECT count(*) FROM sqlite_schema", &tables, err,
                        errlen)) != STORE_OK)
        return rc;
    if (app_id != STORE_APPLICATION_ID &&
        (app_id != 0 || tables != 0 || version != 0))
        return fail(s, err, errlen, STORE_FOREIGN,
                    "not a sudokud database (application_id %lld); point [daemon] "
                    "database at another file",
                    (long long)app_id);
    if (version > schema_migration_count)
        return fail(
            s, err, errlen, STORE_TOO_NEW,
            "schema version %lld was written by a newer sudokud (this one knows "
            "up to %d); run the newer sudokud or restore a backup made by this one",
            (long long)version, schema_migration_count);
    return STORE_OK;
}

static int migrate(struct store *s, char *err, size_t errlen)
{
    char sql[96], doing[96];
    int64_t version;
    int rc;

    if ((rc = exec_sql(s, "BEGIN IMMEDIATE", "starting the migration", err,
                       errlen)) != 0)
        return rc;
    if ((rc = query_int(s, "PRAGMA user_version", &version, err, errlen)) !=
            STORE_OK ||
        (rc = check_identity(s, version, err, errlen)) != STORE_OK)
        goto out;
    for (int64_t v = version; v < schema_migration_count; v++) {
        snprintf(doing, sizeof doing, "applying migration %s",
                 schema_migrations[v].name);
        if ((rc = exec_sql(s, schema_migrations[v].sql, doing, err, errlen)) !=
            STORE_OK)
            goto out;
    }
    snprintf(sql, sizeof sql, "PRAGMA user_version=%d; PRAGMA application_id=%d",
             schema_migration_count, STORE_APPLICATION_ID);
    if ((rc = exec_sql(s, sql, "recording the schema version", err, errlen)) !=
        STORE_OK)
        goto out;
    return exec_sql(s, "COMMIT", "committing the migration", err, errlen);
out:
    sqlite3_exec(s->db, "ROLLBACK", NULL, NULL, NULL);
    return rc;
}

static int prepare_all(struct store *s, char *err, size_t errlen)
{
    for (int i = 0; i < ST_COUNT; i++) {
        int rc = sqlite3_prepare_v3(s->db, stmt_sql[i], -1,
                                    SQLITE_PREPARE_PERSISTENT, &s->stmt[i], NULL);

        if (rc != SQLITE_OK)
            return fail_sqlite(s, err, errlen, rc, stmt_sql[i]);
    }
    return STORE_OK;
}

int store_open(struct store **out, const char *path, char *err, size_t errlen)
{
    struct store *s = calloc(1, sizeof *s);
    int rc;

    *out = NULL;
    if (s == NULL || (s->path = strdup(path)) == NULL) {
        free(s);
        snprintf(err, errlen, "database %s: out of memory", path);
        return STORE_ERR;
    }
    if ((rc = create_file(s, err, errlen)) != STORE_OK)
        goto fail;
    rc = sqlite3_open_v2(path, &s->db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_NOFOLLOW,
                         NULL);
    if (rc != SQLITE_OK) {
        rc = fail_sqlite(s, err, errlen, rc, "opening");
        goto fail;
    }
    if ((rc = set_pragmas(s, err, errlen)) != STORE_OK ||
        (rc = quick_check(s, err, errlen)) != STORE_OK ||
        (rc = migrate(s, err, errlen)) != STORE_OK ||
        (rc = prepare_all(s, err, errlen)) != STORE_OK)
        goto fail;
    *out = s;
    return STORE_OK;
fail:
    store_close(s);
    return rc;
}

void store_close(struct store *s)
{
    if (s == NULL)
        return;
    for (int i = 0; i < ST_COUNT; i++)
        sqlite3_finalize(s->stmt[i]);
    if (s->db != NULL) {
        sqlite3_exec(s->db, "PRAGMA optimize", NULL, NULL, NULL);
        sqlite3_close(s->db);
    }
    free(s->path);
    free(s);
}

/* ---- puzzles ----------------------------------------------------------- */

static int bounded(const char *s, size_t size)
{
    return memchr(s, '\0', size) != NULL;
}

/* technique_counts must be a JSON object of technique -> count.  Checked
 * here because SQLite refuses json_valid() in a CHECK constraint while
 * trusted_schema is off. */
static int check_counts(struct store *s, const struct store_puzzle *p, char *err,
                        size_t errlen)
{
    json_error_t jerr;
    json_t *obj = json_loads(p->technique_counts, JSON_REJECT_DUPLICATES, &jerr);
    const char *key;
    json_t *value;
    int ok = json_is_object(obj);

    json_object_foreach(obj, key, value)
    {
        ok = ok && json_is_integer(value) && json_integer_value(value) >= 0;
    }
    json_decref(obj);
    if (!ok)
        return fail(s, err, errlen, STORE_INVALID,
                    "%s %s: technique_counts must be a JSON object of counts, "
                    "like {\"naked_single\":40}",
                    p->date, p->tier);
    return STORE_OK;
}

/* The shape checks a database CHECK cannot phrase well. */
static int check_puzzle(struct store *s, const struct store_puzzle *p, char *err,
                        size_t errlen)
{
    struct schedule_date d;
    enum grade_tier t;
    int givens = 0;

    if (!bounded(p->date, sizeof p->date) || schedule_date_parse(p->date, &d) != 0)
        return fail(s, err, errlen, STORE_INVALID,
                    "bad date (expected YYYY-MM-DD)");
    if (!bounded(p->tier, sizeof p->tier) || grade_tier_parse(p->tier, &t) != 0)
        return fail(s, err, errlen, STORE_INVALID, "%s: unknown tier", p->date);
    if (strnlen(p->puzzle, sizeof p->puzzle) != 81 ||
        strnlen(p->solution, sizeof p->solution) != 81)
        return fail(s, err, errlen, STORE_INVALID,
                    "%s %s: puzzle and solution must have 81 cells", p->date,
                    p->tier);
    for (int i = 0; i < 81; i++) {
        char c = p->puzzle[i], v = p->solution[i];

        if (v < '1' || v > '9' || (c != '.' && c != v))
            return fail(s, err, errlen, STORE_INVALID,
                        "%s %s: cell %d: puzzle '%c' does not fit solution '%c'",
                        p->date, p->tier, i, c, v);
        givens += c != '.';
    }
    if (givens != p->clues)
        return fail(s, err, errlen, STORE_INVALID,
                    "%s %s: clues is %d but %d cells are given", p->date, p->tier,
                    p->clues, givens);
    if (!bounded(p->technique_counts, sizeof p->technique_counts) ||
        !bounded(p->hardest_technique, sizeof p->hardest_technique) ||
        !bounded(p->symmetry, sizeof p->symmetry) ||
        !bounded(p->seed, sizeof p->seed) ||
        !bounded(p->generator_version, sizeof p->generator_version))
        return fail(s, err, errlen, STORE_INVALID, "%s %s: unterminated text field",
                    p->date, p->tier);
    return check_counts(s, p, err, errlen);
}

static int check_day(struct store *s, const struct store_puzzle *p, size_t count,
                     char *err, size_t errlen)
{
    int rc;

    if (count == 0 || count > STORE_DAY_MAX)
        return fail(s, err, errlen, STORE_INVALID,
                    "a day holds 1 to %d puzzles, not %zu", STORE_DAY_MAX, count);
    for (size_t i = 0; i < count; i++) {
        if ((rc = check_puzzle(s, &p[i], err, errlen)) != STORE_OK)
            return rc;
        if (strcmp(p[i].date, p[0].date) != 0)
            return fail(s, err, errlen, STORE_INVALID,
                        "one day at a time: %s and %s", p[0].date, p[i].date);
        for (size_t j = 0; j < i; j++) {
            if (strcmp(p[i].tier, p[j].tier) == 0 ||
                strcmp(p[i].puzzle, p[j].puzzle) == 0)
                return fail(s, err, errlen, STORE_INVALID,
                            "%s: tiers %s and %s repeat a tier or a puzzle",
                            p[0].date, p[j].tier, p[i].tier);
        }
    }
    return STORE_OK;
}

/* Inside the transaction: is the slot free and are the givens new? */
static int check_new(struct store *s, const struct store_puzzle *p, char *err,
                     size_t errlen)
{
    sqlite3_stmt *st = stmt(s, ST_HAS_PUZZLE);
    char date[11], tier[8];
    int rc;

    bind_text(st, 1, p->date);
    bind_text(st, 2, p->tier);
    rc = sqlite3_step(st);
    sqlite3_reset(st);
    if (rc == SQLITE_ROW)
        return fail(s, err, errlen, STORE_EXISTS,
                    "%s %s is already stored; stored puzzles never change", p->date,
                    p->tier);
    if (rc != SQLITE_DONE)
        return fail_sqlite(s, err, errlen, rc, "looking up a puzzle");
    st = stmt(s, ST_FIND_GIVENS);
    bind_text(st, 1, p->puzzle);
    rc = sqlite3_step(st);
    if (rc == SQLITE_ROW) {
        copy_column(st, 0, date, sizeof date);
        copy_column(st, 1, tier, sizeof tier);
        sqlite3_reset(st);
        return fail(s, err, errlen, STORE_DUPLICATE,
                    "the %s %s puzzle was already published as %s %s", p->date,
                    p->tier, date, tier);
    }
    return rc == SQLITE_DONE ? STORE_OK
                             : fail_sqlite(s, err, errlen, rc, "looking up givens");
}

static int insert_puzzle(struct store *s, const struct store_puzzle *p, char *err,
                         size_t errlen)
{
    sqlite3_stmt *st = stmt(s, ST_INSERT_PUZZLE);
    int rc;

    bind_text(st, 1, p->date);
    bind_text(st, 2, p->tier);
    bind_text(st, 3, p->puzzle);
    bind_text(st, 4, p->solution);
    sqlite3_bind_double(st, 5, p->score);
    bind_text(st, 6, p->hardest_technique);
    bind_text(st, 7, p->technique_counts);
    sqlite3_bind_int(st, 8, p->clues);
    bind_text(st, 9, p->symmetry);
    bind_text(st, 10, p->seed);
    bind_text(st, 11, p->generator_version);
    sqlite3_bind_int64(st, 12, p->created_at);
    rc = sqlite3_step(st);
    if (rc == SQLITE_CONSTRAINT_CHECK)
        return fail(s, err, errlen, STORE_INVALID, "%s %s: %s", p->date, p->tier,
                    sqlite3_errmsg(s->db));
    return rc == SQLITE_DONE ? STORE_OK
                             : fail_sqlite(s, err, errlen, rc, "storing a puzzle");
}

int store_put_day(struct store *s, const struct store_puzzle *puzzles, size_t count,
                  char *err, size_t errlen)
{
    int rc;

    if ((rc = check_day(s, puzzles, count, err, errlen)) != STORE_OK ||
        (rc = begin(s, err, errlen)) != STORE_OK)
        return rc;
    for (size_t i = 0; i < count; i++) {
        if ((rc = check_new(s, &puzzles[i], err, errlen)) != STORE_OK ||
            (rc = insert_puzzle(s, &puzzles[i], err, errlen)) != STORE_OK) {
            rollback(s);
            return rc;
        }
    }
    return commit(s, err, errlen);
}

static void read_puzzle(sqlite3_stmt *st, struct store_puzzle *p)
{
    memset(p, 0, sizeof *p);
    copy_column(st, 0, p->date, sizeof p->date);
    copy_column(st, 1, p->tier, sizeof p->tier);
    copy_column(st, 2, p->puzzle, sizeof p->puzzle);
    copy_column(st, 3, p->solution, sizeof p->solution);
    p->score = sqlite3_column_double(st, 4);
    copy_column(st, 5, p->hardest_technique, sizeof p->hardest_technique);
    copy_column(st, 6, p->technique_counts, sizeof p->technique_counts);
    p->clues = sqlite3_column_int(st, 7);
    copy_column(st, 8, p->symmetry, sizeof p->symmetry);
    copy_column(st, 9, p->seed, sizeof p->seed);
    copy_column(st, 10, p->generator_version, sizeof p->generator_version);
    p->created_at = sqlite3_column_int64(st, 11);
}

int store_get_puzzle(struct store *s, const char *date, const char *tier,
                     struct store_puzzle *out, char *err, size_t errlen)
{
    sqlite3_stmt *st = stmt(s, ST_GET_PUZZLE);
    int rc;

    bind_text(st, 1, date);
    bind_text(st, 2, tier);
    rc = sqlite3_step(st);
    if (rc == SQLITE_ROW) {
        read_puzzle(st, out);
        sqlite3_reset(st);
        return STORE_OK;
    }
    if (rc == SQLITE_DONE)
        return fail(s, err, errlen, STORE_NOT_FOUND, "no %s puzzle for %s", tier,
                    date);
    return fail_sqlite(s, err, errlen, rc, "reading a puzzle");
}

int store_has_puzzle(struct store *s, const char *date, const char *tier, int *has,
                     char *err, size_t errlen)
{
    sqlite3_stmt *st = stmt(s, ST_HAS_PUZZLE);
    int rc;

    bind_text(st, 1, date);
    bind_text(st, 2, tier);
    rc = sqlite3_step(st);
    sqlite3_reset(st);
    if (rc != SQLITE_ROW && rc != SQLITE_DONE)
        return fail_sqlite(s, err, errlen, rc, "looking up a puzzle");
    *has = rc == SQLITE_ROW;
    return STORE_OK;
}

int store_list(struct store *s, const char *from, const char *to,
               store_puzzle_cb cb, void *arg, char *err, size_t errlen)
{
    sqlite3_stmt *st = stmt(s, ST_LIST);
    struct store_puzzle p;
    int rc;

    bind_text(st, 1, from);
    bind_text(st, 2, to);
    while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
        read_puzzle(st, &p);
        if (cb(arg, &p) != 0)
            break;
    }
    sqlite3_reset(st);
    if (rc != SQLITE_ROW && rc != SQLITE_DONE)
        return fail_sqlite(s, err, errlen, rc, "listing puzzles");
    return STORE_OK;
}

/* ---- publication and outbox -------------------------------------------- */

static int step_done(struct store *s, sqlite3_stmt *st, const char *doing,
                     char *err, size_t errlen)
{
    int rc = sqlite3_step(st);

    return rc == SQLITE_DONE ? STORE_OK : fail_sqlite(s, err, errlen, rc, doing);
}

static int check_publishable(struct store *s, const char *date, char *err,
                             size_t errlen)
{
    sqlite3_stmt *st = stmt(s, ST_IS_PUBLISHED);
    int rc;

    bind_text(st, 1, date);
    rc = sqlite3_step(st);
    sqlite3_reset(st);
    if (rc == SQLITE_ROW)
        return fail(s, err, errlen, STORE_EXISTS, "%s is already published", date);
    if (rc != SQLITE_DONE)
        return fail_sqlite(s, err, errlen, rc, "reading publication state");
    st = stmt(s, ST_COUNT_DATE);
    bind_text(st, 1, date);
    if ((rc = sqlite3_step(st)) != SQLITE_ROW)
        return fail_sqlite(s, err, errlen, rc, "counting puzzles");
    rc = sqlite3_column_int(st, 0);
    sqlite3_reset(st);
    if (rc == 0)
        return fail(s, err, errlen, STORE_INVALID, "no puzzles stored for %s",
                    date);
    return STORE_OK;
}

static int insert_event(struct store *s, const char *date, int64_t now,
                        const struct store_event *e, char *err, size_t errlen)
{
    sqlite3_stmt *st = stmt(s, ST_INSERT_EVENT);

    if (e->body_len > INT32_MAX || strchr(e->event_id, '.') != NULL)
        return fail(s, err, errlen, STORE_INVALID, "bad webhook event %s",
                    e->event_id);
    bind_text(st, 1, e->event_id);
    bind_text(st, 2, e->endpoint);
    bind_text(st, 3, e->event_type);
    bind_text(st, 4, date);
    sqlite3_bind_blob(st, 5, e->body, (int)e->body_len, SQLITE_STATIC);
    sqlite3_bind_int64(st, 6, now);
    return step_done(s, st, "queueing a webhook event", err, errlen);
}

int store_mark_published(struct store *s, const char *date, int64_t now,
                         const struct store_event *events, size_t count, char *err,
                         size_t errlen)
{
    struct schedule_date d;
    sqlite3_stmt *st;
    int rc;

    if (schedule_date_parse(date, &d) != 0)
        return fail(s, err, errlen, STORE_INVALID,
                    "bad date (expected YYYY-MM-DD)");
    if ((rc = begin(s, err, errlen)) != STORE_OK)
        return rc;
    if ((rc = check_publishable(s, date, err, errlen)) != STORE_OK)
        goto out;
    st = stmt(s, ST_INSERT_PUBLICATION);
    bind_text(st, 1, date);
    sqlite3_bind_int64(st, 2, now);
    if ((rc = step_done(s, st, "marking a day published", err, errlen)) != STORE_OK)
        goto out;
    for (size_t i = 0; i < count; i++) {
        if ((rc = insert_event(s, date, now, &events[i], err, errlen)) != STORE_OK)
            goto out;
    }
    return commit(s, err, errlen);
out:
    rollback(s);
    return rc;
}

int store_is_published(struct store *s, const char *date, int *published, char *err,
                       size_t errlen)
{
    sqlite3_stmt *st = stmt(s, ST_IS_PUBLISHED);
    int rc;

    bind_text(st, 1, date);
    rc = sqlite3_step(st);
    sqlite3_reset(st);
    if (rc != SQLITE_ROW && rc != SQLITE_DONE)
        return fail_sqlite(s, err, errlen, rc, "reading publication state");
    *published = rc == SQLITE_ROW;
    return STORE_OK;
}

int store_latest_published(struct store *s, struct schedule_date *date, int *found,
                           char *err, size_t errlen)
{
    char text[32] = "";
    sqlite3_stmt *st;
    int rc = sqlite3_prepare_v2(s->db, "SELECT max(date) FROM publication", -1, &st,
                                NULL);

    *found = 0;
    if (rc == SQLITE_OK && (rc = sqlite3_step(st)) == SQLITE_ROW) {
        copy_column(st, 0, text, sizeof text);
        rc = SQLITE_OK;
    }
    sqlite3_finalize(st);
    if (rc != SQLITE_OK)
        return fail_sqlite(s, err, errlen, rc, "reading the latest published day");
    /* NULL (no day published) reads as "": not found. */
    *found = text[0] != '\0' && schedule_date_parse(text, date) == 0;
    return STORE_OK;
}

int store_get_stats(struct store *s, struct store_stats *out, char *err,
                    size_t errlen)
{
    sqlite3_stmt *st = stmt(s, ST_STATS);
    int rc = sqlite3_step(st);

    if (rc != SQLITE_ROW) {
        sqlite3_reset(st);
        return fail_sqlite(s, err, errlen, rc, "counting for stats");
    }
    out->puzzles = sqlite3_column_int64(st, 0);
    out->last_created_at = sqlite3_column_int64(st, 1);
    out->outbox_pending = sqlite3_column_int64(st, 2);
    out->outbox_dead = sqlite3_column_int64(st, 3);
    sqlite3_reset(st);
    return STORE_OK;
}

/* ---- webhook delivery state ------------------------------------------- */

int store_enqueue_events(struct store *s, const char *date, int64_t now,
                         const struct store_event *events, size_t count, char *err,
                         size_t errlen)
{
    int published = 1, rc;

    if (date != NULL &&
        (rc = store_is_published(s, date, &published, err, errlen)) != 0)
        return rc;
    if (!published)
        return fail(s, err, errlen, STORE_INVALID,
                    "%s is not published; only published days are sent", date);
    if ((rc = begin(s, err, errlen)) != STORE_OK)
        return rc;
    for (size_t i = 0; i < count; i++) {
        if ((rc = insert_event(s, date, now, &events[i], err, errlen)) !=
            STORE_OK) {
            rollback(s);
            return rc;
        }
    }
    return commit(s, err, errlen);
}

static void read_outbox_row(sqlite3_stmt *st, struct store_outbox_row *r)
{
    memset(r, 0, sizeof *r);
    r->id = sqlite3_column_int64(st, 0);
    copy_column(st, 1, r->event_id, sizeof r->event_id);
    copy_column(st, 2, r->endpoint, sizeof r->endpoint);
    copy_column(st, 3, r->event_type, sizeof r->event_type);
    copy_column(st, 4, r->date, sizeof r->date);
    r->attempts = sqlite3_column_int(st, 5);
    r->next_attempt_at = sqlite3_column_int64(st, 6);
    r->created_at = sqlite3_column_int64(st, 7);
}

int store_outbox_pending(struct store *s, struct store_outbox_row *out, size_t cap,
                         size_t *count, char *err, size_t errlen)
{
    sqlite3_stmt *st = stmt(s, ST_OUTBOX_PENDING);
    int rc;

    *count = 0;
    sqlite3_bind_int64(st, 1, (int64_t)cap);
    while ((rc = sqlite3_step(st)) == SQLITE_ROW && *count < cap)
        read_outbox_row(st, &out[(*count)++]);
    sqlite3_reset(st);
    if (rc != SQLITE_ROW && rc != SQLITE_DONE)
        return fail_sqlite(s, err, errlen, rc, "reading the webhook outbox");
    return STORE_OK;
}

int store_outbox_body(struct store *s, int64_t id, void **body, size_t *len,
                      char *err, size_t errlen)
{
    sqlite3_stmt *st = stmt(s, ST_OUTBOX_BODY);
    int rc;

    *body = NULL;
    sqlite3_bind_int64(st, 1, id);
    if ((rc = sqlite3_step(st)) != SQLITE_ROW) {
        sqlite3_reset(st);
        if (rc == SQLITE_DONE)
            return fail(s, err, errlen, STORE_NOT_FOUND, "no webhook event %lld",
                        (long long)id);
        return fail_sqlite(s, err, errlen, rc, "reading a webhook event");
    }
    *len = (size_t)sqlite3_column_bytes(st, 0);
    if ((*body = malloc(*len + 1)) != NULL) {
        if (*len > 0)
            memcpy(*body, sqlite3_column_blob(st, 0), *len);
        ((char *)*body)[*len] = '\0';
    }
    sqlite3_reset(st);
    return *body != NULL ? STORE_OK
                         : fail(s, err, errlen, STORE_ERR, "out of memory");
}

/* Runs one prepared update of one outbox row; STORE_NOT_FOUND when no
 * pending row matched. */
static int update_row(struct store *s, sqlite3_stmt *st, const char *doing,
                      char *err, size_t errlen)
{
    int rc = step_done(s, st, doing, err, errlen);

    if (rc == STORE_OK && sqlite3_changes(s->db) == 0)
        return fail(s, err, errlen, STORE_NOT_FOUND, "%s: no such pending event",
                    doing);
    return rc;
}

int store_outbox_attempt(struct store *s, int64_t id, int64_t next_attempt_at,
                         char *err, size_t errlen)
{
    sqlite3_stmt *st = stmt(s, ST_OUTBOX_ATTEMPT);

    sqlite3_bind_int64(st, 1, id);
    sqlite3_bind_int64(st, 2, next_attempt_at);
    return update_row(s, st, "recording a webhook attempt", err, errlen);
}

int store_outbox_delivered(struct store *s, int64_t id, int64_t now,
                           int http_status, char *err, size_t errlen)
{
    sqlite3_stmt *st;
    int rc;

    if ((rc = begin(s, err, errlen)) != STORE_OK)
        return rc;
    st = stmt(s, ST_OUTBOX_DELIVERED);
    sqlite3_bind_int64(st, 1, id);
    sqlite3_bind_int64(st, 2, now);
    sqlite3_bind_int(st, 3, http_status);
    if ((rc = update_row(s, st, "recording a delivery", err, errlen)) == STORE_OK) {
        st = stmt(s, ST_ENDPOINT_SUCCESS);
        sqlite3_bind_int64(st, 1, id);
        sqlite3_bind_int64(st, 2, now);
        rc = step_done(s, st, "recording an endpoint's success", err, errlen);
    }
    if (rc != STORE_OK) {
        rollback(s);
        return rc;
    }
    return commit(s, err, errlen);
}

int store_outbox_failed(struct store *s, int64_t id, int http_status,
                        const char *error, int64_t next_attempt_at, int dead,
                        char *err, size_t errlen)
{
    sqlite3_stmt *st = stmt(s, ST_OUTBOX_FAILED);

    sqlite3_bind_int64(st, 1, id);
    if (http_status > 0)
        sqlite3_bind_int(st, 2, http_status);
    bind_text(st, 3, error);
    sqlite3_bind_int64(st, 4, next_attempt_at);
    sqlite3_bind_int(st, 5, dead != 0);
    return update_row(s, st, "recording a failed webhook attempt", err, errlen);
}

int store_outbox_gone(struct store *s, int64_t id, int64_t now, int http_status,
                      const char *reason, char *err, size_t errlen)
{
    sqlite3_stmt *st;
    int rc;

    if ((rc = begin(s, err, errlen)) != STORE_OK)
        return rc;
    if ((rc = store_outbox_failed(s, id, http_status, reason, now, 1, err,
                                  errlen)) == STORE_OK) {
        st = stmt(s, ST_ENDPOINT_DISABLE);
        sqlite3_bind_int64(st, 1, id);
        sqlite3_bind_int64(st, 2, now);
        bind_text(st, 3, reason);
        rc = step_done(s, st, "disabling a webhook endpoint", err, errlen);
    }
    if (rc != STORE_OK) {
        rollback(s);
        return rc;
    }
    return commit(s, err, errlen);
}

/* Runs a "SELECT 1 ..." with up to three text parameters; sets *found. */
static int query_exists(struct store *s, enum stmt_id id, const char *a,
                        const char *b, const char *c, int *found, char *err,
                        size_t errlen)
{
    sqlite3_stmt *st = stmt(s, id);
    int rc;

    bind_text(st, 1, a);
    if (b != NULL)
        bind_text(st, 2, b);
    if (c != NULL)
        bind_text(st, 3, c);
    rc = sqlite3_step(st);
    sqlite3_reset(st);
    if (rc != SQLITE_ROW && rc != SQLITE_DONE)
        return fail_sqlite(s, err, errlen, rc, "reading webhook state");
    *found = rc == SQLITE_ROW;
    return STORE_OK;
}

int store_webhook_disabled(struct store *s, const char *endpoint, int *disabled,
                           char *err, size_t errlen)
{
    return query_exists(s, ST_ENDPOINT_DISABLED, endpoint, NULL, NULL, disabled,
                        err, errlen);
}

int store_outbox_has_event(struct store *s, const char *endpoint, const char *date,
                           const char *event_type, int *has, char *err,
                           size_t errlen)
{
    return query_exists(s, ST_HAS_EVENT, endpoint, date, event_type, has, err,
                        errlen);
}

/* Why `retry ID` can do nothing: unknown, or delivered already. */
static int check_retryable(struct store *s, const char *event_id, char *err,
                           size_t errlen)
{
    sqlite3_stmt *st = stmt(s, ST_EVENT_STATUS);
    char status[16] = "";
    int rc;

    bind_text(st, 1, event_id);
    rc = sqlite3_step(st);
    if (rc == SQLITE_ROW)
        copy_column(st, 0, status, sizeof status);
    sqlite3_reset(st);
    if (rc == SQLITE_DONE)
        return fail(s, err, errlen, STORE_NOT_FOUND, "no webhook event %s",
                    event_id);
    if (rc != SQLITE_ROW)
        return fail_sqlite(s, err, errlen, rc, "reading a webhook event");
    if (strcmp(status, "delivered") == 0)
        return fail(s, err, errlen, STORE_EXISTS,
                    "webhook event %s was delivered already", event_id);
    return STORE_OK;
}

int store_outbox_retry(struct store *s, const char *event_id, int64_t now,
                       size_t *count, char *err, size_t errlen)
{
    sqlite3_stmt *st;
    int rc;

    *count = 0;
    if (event_id != NULL &&
        (rc = check_retryable(s, event_id, err, errlen)) != STORE_OK)
        return rc;
    if ((rc = begin(s, err, errlen)) != STORE_OK)
        return rc;
    st = stmt(s, ST_RETRY_ENABLE);
    bind_text(st, 1, event_id);
    if ((rc = step_done(s, st, "re-enabling webhook endpoints", err, errlen)) ==
        STORE_OK) {
        st = stmt(s, ST_RETRY);
        bind_text(st, 1, event_id);
        sqlite3_bind_int64(st, 2, now);
        rc = step_done(s, st, "requeueing webhook events", err, errlen);
        *count = (size_t)sqlite3_changes(s->db);
    }
    if (rc != STORE_OK) {
        rollback(s);
        *count = 0;
        return rc;
    }
    return commit(s, err, errlen);
}

int store_webhook_stats(struct store *s, struct store_webhook_stats *out,
                        size_t cap, size_t *count, char *err, size_t errlen)
{
    sqlite3_stmt *st = stmt(s, ST_WEBHOOK_STATS);
    int rc;

    *count = 0;
    while ((rc = sqlite3_step(st)) == SQLITE_ROW && *count < cap) {
        struct store_webhook_stats *w = &out[(*count)++];

        memset(w, 0, sizeof *w);
        copy_column(st, 0, w->endpoint, sizeof w->endpoint);
        w->pending = sqlite3_column_int64(st, 1);
        w->dead = sqlite3_column_int64(st, 2);
        w->delivered = sqlite3_column_int64(st, 3);
        w->oldest_pending_at = sqlite3_column_int64(st, 4);
        w->last_success_at = sqlite3_column_int64(st, 5);
        w->disabled_at = sqlite3_column_int64(st, 6);
        copy_column(st, 7, w->disabled_reason, sizeof w->disabled_reason);
        copy_column(st, 8, w->last_error, sizeof w->last_error);
    }
    sqlite3_reset(st);
    if (rc != SQLITE_ROW && rc != SQLITE_DONE)
        return fail_sqlite(s, err, errlen, rc, "counting webhook events");
    return STORE_OK;
}

/* ---- maintenance ------------------------------------------------------- */

static int backup_into(struct store *s, sqlite3 *dst, char *err, size_t errlen)
{
    sqlite3_backup *b = sqlite3_backup_init(dst, "main", s->db, "main");
    int rc;

    if (b == NULL)
        return fail(s, err, errlen, STORE_ERR, "backup: %s", sqlite3_errmsg(dst));
    /* Copy in slices so a long backup lets other readers in between. */
    do {
        rc = sqlite3_backup_step(b, 256);
        if (rc == SQLITE_BUSY || rc == SQLITE_LOCKED)
            sqlite3_sleep(10);
    } while (rc == SQLITE_OK || rc == SQLITE_BUSY || rc == SQLITE_LOCKED);
    sqlite3_backup_finish(b);
    if (rc != SQLITE_DONE)
        return fail(s, err, errlen, rc == SQLITE_FULL ? STORE_FULL : STORE_ERR,
                    "backup: %s", sqlite3_errstr(rc));
    return STORE_OK;
}

int store_backup(struct store *s, const char *dest, char *err, size_t errlen)
{
    size_t n = strlen(dest) + 8;
    char *tmp = malloc(n);
    sqlite3 *dst = NULL;
    int rc;

    if (tmp == NULL)
        return fail(s, err, errlen, STORE_ERR, "backup: out of memory");
    snprintf(tmp, n, "%s.tmp~", dest);
    unlink(tmp);
    /* Created here with the database's mode: SQLite would create it 0644
     * less the umask, readable by every local user (future puzzles and
     * their solutions); its journal takes this file's mode. */
    if ((rc = create_private(tmp)) != 0) {
        rc = fail(s, err, errlen, STORE_ERR, "backup: cannot create %s: %s", tmp,
                  strerror(rc));
        free(tmp);
        return rc;
    }
    rc = sqlite3_open_v2(tmp, &dst, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE,
                         NULL);
    if (rc != SQLITE_OK)
        rc = fail(s, err, errlen, STORE_ERR, "backup: cannot create %s: %s", tmp,
                  dst != NULL ? sqlite3_errmsg(dst) : sqlite3_errstr(rc));
    else
        rc = backup_into(s, dst, err, errlen);
    sqlite3_close(dst);
    if (rc == STORE_OK && rename(tmp, dest) != 0)
        rc = fail(s, err, errlen, STORE_ERR, "backup: cannot rename %s to %s: %s",
                  tmp, dest, strerror(errno));
    if (rc != STORE_OK)
        unlink(tmp);
    free(tmp);
    return rc;
}

int store_integrity_check(struct store *s, char *err, size_t errlen)
{
    char first[256] = "";
    sqlite3_stmt *st;
    int rc = sqlite3_prepare_v2(s->db, "PRAGMA integrity_check(1)", -1, &st, NULL);

    if (rc == SQLITE_OK && (rc = sqlite3_step(st)) == SQLITE_ROW) {
        copy_column(st, 0, first, sizeof first);
        rc = SQLITE_OK;
    }
    sqlite3_finalize(st);
    if (rc != SQLITE_OK)
        return fail_sqlite(s, err, errlen, rc, "integrity_check");
    if (strcmp(first, "ok") != 0)
        return fail(s, err, errlen, STORE_CORRUPT, "integrity_check: %s", first);
    return STORE_OK;
}
