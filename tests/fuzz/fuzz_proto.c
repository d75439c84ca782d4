/*
 * Fuzz target: the query socket's request parser (proto_parse) and, for
 * the commands answered on the loop thread (ping, help, stats, today, get,
 * list, webhook without a relay; backup's path is only checked), the whole reply from a real SQLite store holding three published
 * days.  Any bytes: a known status, a message on error, fields in range on
 * success, and exactly one JSON object line per reply with "ok" a boolean.
 */
#include <jansson.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "config.h"
#include "proto.h"
#include "query.h"
#include "reply.h"
#include "schedule.h"
#include "store.h"

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#define NOW 1795262400 /* 2026-11-21T09:20:00Z */

static struct config cfg;
static struct store *store;
static struct query *query;
static char dir[] = "/tmp/fuzz_proto.XXXXXX";

static void make_day(const char *date, int base)
{
    static const char *const tiers[] = {"easy", "medium", "hard"};
    struct store_puzzle day[3];
    char err[STORE_ERR_MAX];

    for (int t = 0; t < 3; t++) {
        struct store_puzzle *p = &day[t];
        unsigned n = (unsigned)(base * 4 + t + 1);
        memset(p, 0, sizeof *p);
        snprintf(p->date, sizeof p->date, "%s", date);
        snprintf(p->tier, sizeof p->tier, "%s", tiers[t]);
        for (int i = 0; i < 81; i++)
            p->solution[i] = (char)('1' + ((i / 9) * 3 + (i / 9) / 3 + i % 9) % 9);
        memcpy(p->puzzle, p->solution, 82);
        p->clues = 81;
        for (int i = 0; i < 20; i++)
            if (n >> i & 1) {
                p->puzzle[i] = '.';
                p->clues--;
            }
        p->score = 1.5 + t;
        snprintf(p->hardest_technique, sizeof p->hardest_technique, "Naked single");
        snprintf(p->technique_counts, sizeof p->technique_counts,
                 "{\"naked_single\":3}");
        snprintf(p->symmetry, sizeof p->symmetry, "none");
        snprintf(p->seed, sizeof p->seed, "%u", n);
        snprintf(p->generator_version, sizeof p->generator_version, "1");
        p->created_at = NOW;
    }
    if (store_put_day(store, day, 3, err, sizeof err) != STORE_OK ||
        store_mark_published(store, date, NOW, NULL, 0, err, sizeof err) !=
            STORE_OK) {
        fprintf(stderr, "fuzz_proto: setting up the store: %s\n", err);
        abort();
    }
}

static void cleanup(void)
{
    char path[128];

    query_free(query);
    store_close(store);
    config_free(&cfg);
    for (const char *const *f = (const char *const[]){"", "-wal", "-shm", NULL}; *f;
         f++) {
        snprintf(path, sizeof path, "%s/fuzz.db%s", dir, *f);
        unlink(path);
    }
    rmdir(dir);
}

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    char text[512],
        err[CONFIG_ERR_MAX > STORE_ERR_MAX ? CONFIG_ERR_MAX : STORE_ERR_MAX];

    (void)argc;
    (void)argv;
    if (mkdtemp(dir) == NULL)
        abort();
    snprintf(
        text, sizeof text,
        "[daemon]\nstate_directory = %s\ndatabase = fuzz.db\nlog_level = error\n"
        "[schedule]\ntime_zone = UTC\n[generator]\nsecret = fuzz-secret-0123456789\n",
        dir);
    if (config_parse(&cfg, "fuzz.conf", text, strlen(text), err, sizeof err) !=
            CONFIG_OK ||
        store_open(&store, cfg.database_path, err, sizeof err) != STORE_OK) {
        fprintf(stderr, "fuzz_proto: %s\n", err);
        abort();
    }
    if (schedule_set_zone("UTC", err, sizeof err) != 0) {
        fprintf(stderr, "fuzz_proto: %s\n", err);
        abort();
    }
    make_day("2026-11-20", 1);
    make_day("2026-11-21", 2);
    make_day("2026-11-22", 3);
    query = query_new(&cfg, store, NULL); /* webhook commands: no relay */
    if (query == NULL)
        abort();
    atexit(cleanup);
    return 0;
}

static int date_ok(struct schedule_date d)
{
    char text[SCHEDULE_DATE_LEN + 1];
    struct schedule_date back;

    schedule_date_format(d, text);
    return schedule_date_parse(text, &back) == 0 && schedule_date_cmp(back, d) == 0;
}

static void check_request(const struct proto_request *req)
{
    if ((int)req->command < 0 || req->command >= PROTO_COMMAND_COUNT ||
        req->tier < PROTO_TIER_ALL || req->tier >= GRADE_TIERS ||
        (req->solution != 0 && req->solution != 1))
        abort();
    if (req->command == PROTO_GET && !date_ok(req->from))
        abort();
    if (req->command == PROTO_LIST &&
        (!date_ok(req->from) || !date_ok(req->to) ||
         schedule_date_cmp(req->from, req->to) > 0 ||
         schedule_days_from_civil(req->to) - schedule_days_from_civil(req->from) >=
             PROTO_LIST_DAYS_MAX))
        abort();
    for (int i = 0; i < GRID_CELLS; i++)
        if (req->grid.cell[i] > 9 || req->puzzle.cell[i] > 9)
            abort();
    if (memchr(req->arg, '\0', sizeof req->arg) == NULL)
        abort();
}

static void check_reply(const struct reply_buf *b)
{
    json_error_t jerr;

    if (b->len == 0 || b->data[b->len - 1] != '\n' ||
        memchr(b->data, '\n', b->len) != b->data + b->len - 1)
        abort();
    json_t *root = json_loadb(b->data, b->len - 1, 0, &jerr);
    if (root == NULL || !json_is_boolean(json_object_get(root, "ok")))
        abort();
    json_decref(root);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    struct proto_request req;
    char err[PROTO_ERR_MAX];
    struct query_counters counters = {.started_ns = 0, .requests = 7};

    size_t len = size > 0 && data[size - 1] == '\r' ? size - 1 : size;

    memset(err, 'x', sizeof err);
    int rc = proto_parse((const char *)data, size, &req, err, sizeof err);
    if (rc == PROTO_EMPTY)
        return 0;
    if (rc != PROTO_OK) {
        if ((rc != PROTO_ERR_BAD_REQUEST && rc != PROTO_ERR_TOO_LARGE) ||
            memchr(err, '\0', sizeof err) == NULL || err[0] == '\0' ||
            (rc == PROTO_ERR_TOO_LARGE) != (len > PROTO_LINE_MAX))
            abort();
        return 0;
    }
    if (len > PROTO_LINE_MAX)
        abort();
    check_request(&req);
    /* backup would write a file anywhere: its path is checked, not used. */
    if (req.command == PROTO_BACKUP) {
        if (req.arg[0] != '/' || strchr(req.arg, ' ') != NULL)
            abort();
        return 0;
    }
    if (proto_command_info(req.command)->heavy)
        return 0;
    struct reply_buf b = {0};
    time_t now = NOW + (time_t)(size % 3) * 86400; /* today is each stored day */
    if (query_answer(query, &req, now, &counters, reply_buf_append, &b) < 0)
        abort();
    check_reply(&b);
    reply_buf_free(&b);
    return 0;
}
