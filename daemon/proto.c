/*
 * proto: owns the request grammar of the query socket (words, commands,
 * dates, tiers, grids) and the help texts.  Pure: no I/O, no allocation,
 * so every rule is unit-tested without a socket.
 */
#include "proto.h"

#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "config.h"
#include "pencil.h"

#define WORDS_MAX 5
#define SHOWN_MAX 40    /* bytes of a bad word quoted back */
#define EVENT_ID_MAX 63 /* the store's event ids (msg_ + 32 hex digits today) */
#define ENDPOINT_MAX 64 /* config.c's webhook names */
#define KEY_MAX 40      /* bytes of a technique key; the table's are shorter */
#define TEXT_OF(x) #x
#define STEPS_MAX_TEXT_OF(x) TEXT_OF(x)
#define STEPS_MAX_TEXT STEPS_MAX_TEXT_OF(PROTO_STEPS_MAX) /* "50" in the help */

struct word {
    const char *text;
    size_t len;
};

/* The last column says who may run a command (proto_needs_operator): 0
 * whoever may connect, 1 operators only; webhook decides per action, in
 * webhook_actions below. */
static const struct proto_command_info commands[PROTO_COMMAND_COUNT] = {
    [PROTO_PING] = {"ping", "ping", "Answers {\"ok\":true,\"pong\":true}.", 0, 0},
    [PROTO_HELP] = {"help", "help", "Lists the commands.", 0, 0},
    [PROTO_STATS] = {"stats", "stats",
                     "Uptime, puzzles stored, requests served, errors, last "
                     "generation, webhook backlog.",
                     0, 0},
    [PROTO_TODAY] = {"today", "today [TIER] [solution]",
                     "Today's puzzle of TIER (every tier when omitted), in the "
                     "configured time zone.",
                     0, 0},
    [PROTO_GET] = {"get", "get DATE [TIER] [solution]",
                   "The puzzles of a published DATE: YYYY-MM-DD, or yesterday, "
                   "today, tomorrow, today+N, today-N (N days from today).",
                   0, 0},
    [PROTO_LIST] = {"list", "list FROM TO [solution]",
                    "The published puzzles from FROM to TO, at most 31 days.", 0,
                    0},
    [PROTO_RENDER] = {"render", "render DATE TIER [solution]",
                      "The puzzle of TIER on a published DATE (as get takes it) "
                      "drawn as SVG 1.1 text, with its solution's digits when "
                      "asked.",
                      0, 0},
    [PROTO_SOLVE] = {"solve", "solve PUZZLE",
                     "Solves an 81-cell puzzle ('.' or '0' for empty cells).", 1,
                     0},
    [PROTO_GRADE] = {"grade", "grade PUZZLE",
                     "Grades a puzzle with the human-technique solver.", 1, 0},
    [PROTO_HINT] =
        {"hint", "hint STATE [PUZZLE]",
         "The next logical step from a partly filled grid, or from a "
         "pencil-mark state (the 729-character line); with the PUZZLE, "
         "wrong entries are named.  Marks that lost the solution's digit "
         "get the error wrong_marks.",
         1, 0},
    [PROTO_STEPS] =
        {"steps", "steps STATE [PUZZLE] [KEY]",
         "Every step that applies in STATE (81 characters, or the "
         "729-character pencil-mark line), or every one of technique KEY "
         "(the keys: sudokuctl steps --list-techniques), easiest first, as "
         "HoDoKu's \"all steps\" panel lists them; at most " STEPS_MAX_TEXT
         ", with the total and \"truncated\".  Judged as hint judges "
         "(wrong_marks).",
         1, 0},
    [PROTO_CHECK] = {"check", "check STATE [PUZZLE]",
                     "Which filled cells disagree with the unique solution (with "
                     "PUZZLE), or whether any does (without).",
                     1, 0},
    [PROTO_WEBHOOK] =
        {"webhook", "webhook status | retry ID|all | replay DATE | test [NAME]",
         "Operators: per-endpoint delivery state; retry a dead or waiting "
         "event (or all, re-enabling endpoints a 410 disabled); send a "
         "published DATE again with a new webhook-id; queue a signed "
         "webhook.test event now.",
         0, PROTO_OPERATOR_BY_ACTION},
    [PROTO_BACKUP] =
        {"backup", "backup PATH",
         "Operators: copies the live database to PATH (absolute, no spaces, "
         "a file the daemon's user may write) while the daemon runs.",
         0, 1},
};

/* webhook's actions and who may run them: reading the delivery state is
 * for whoever may connect, what queues or re-sends events for operators. */
static const struct {
    const char *name;
    int operator_only;
} webhook_actions[] = {
    [PROTO_WEBHOOK_STATUS] = {"status", 0},
    [PROTO_WEBHOOK_RETRY] = {"retry", 1},
    [PROTO_WEBHOOK_REPLAY] = {"replay", 1},
    [PROTO_WEBHOOK_TEST] = {"test", 1},
};

static const char *const error_names[] = {
    [PROTO_OK] = "ok",
    [PROTO_ERR_BAD_REQUEST] = "bad_request",
    [PROTO_ERR_NOT_FOUND] = "not_found",
    [PROTO_ERR_TOO_LARGE] = "too_large",
    [PROTO_ERR_BUSY] = "busy",
    [PROTO_ERR_INTERNAL] = "internal",
    [PROTO_ERR_FORBIDDEN] = "forbidden",
    [PROTO_ERR_WRONG_MARKS] = "wrong_marks",
    [PROTO_ERR_TOO_HARD] = "too_hard",
    [PROTO_ERR_TIMEOUT] = "timeout",
};

const struct proto_command_info *proto_command_info(enum proto_command command)
{
    return (unsigned)command < PROTO_COMMAND_COUNT ? &commands[command] : NULL;
}

int proto_needs_operator(const struct proto_request *req)
{
    int rule = commands[req->command].operator_only;

    return rule == PROTO_OPERATOR_BY_ACTION
               ? webhook_actions[req->webhook].operator_only
               : rule;
}

const char *proto_error_name(enum proto_error code)
{
    return (unsigned)code <= PROTO_ERR_TIMEOUT ? error_names[code] : "internal";
}

static int bad(char *err, size_t errlen, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

static int bad(char *err, size_t errlen, const char *fmt, ...)
{
    va_list ap;

    va_start(ap, fmt);
    vsnprintf(err, errlen, fmt, ap);
    va_end(ap);
    return PROTO_ERR_BAD_REQUEST;
}

/* Printf arguments quoting a word the client sent, cut at SHOWN_MAX. */
#define SHOWN(w) \
    (int)((w).len > SHOWN_MAX ? SHOWN_MAX : (w).len), (w).text, \
        (w).len > SHOWN_MAX ? "..." : ""

static int is(struct word w, const char *name)
{
    return w.len == strlen(name) && strncasecmp(w.text, name, w.len) == 0;
}

/* Rejects control bytes and anything outside ASCII: commands are ASCII,
 * and a binary client gets told rather than misparsed. */
static int check_text(const char *line, size_t len, char *err, size_t errlen)
{
    for (size_t i = 0; i < len; i++) {
        unsigned char c = (unsigned char)line[i];

        if ((c < 0x20 && c != '\t') || c >= 0x7f)
            return bad(
                err, errlen,
                "byte 0x%02x at column %zu is not text; requests are lines of "
                "ASCII words",
                c, i + 1);
    }
    return PROTO_OK;
}

/* Returns the number of words, or -1 when there are more than max. */
static int split_words(const char *line, size_t len, struct word *words, int max)
{
    int n = 0;
    size_t i = 0;

    while (i < len) {
        while (i < len && (line[i] == ' ' || line[i] == '\t'))
            i++;
        if (i == len)
            break;
        if (n == max)
            return -1;
        words[n].text = line + i;
        while (i < len && line[i] != ' ' && line[i] != '\t')
            i++;
        words[n].len = (size_t)(line + i - words[n].text);
        n++;
    }
    return n;
}

static int parse_date(struct word w, struct schedule_date *out, const char *cmd,
                      char *err, size_t errlen)
{
    char text[SCHEDULE_DATE_LEN + 1];

    if (w.len == SCHEDULE_DATE_LEN) {
        memcpy(text, w.text, w.len);
        text[w.len] = '\0';
        if (schedule_date_parse(text, out) == 0)
            return PROTO_OK;
    }
    return bad(err, errlen, "%s: expected a date YYYY-MM-DD, got '%.*s%s'", cmd,
               SHOWN(w));
}

/* get's relative DATE: yesterday, today, tomorrow, today+N, today-N, +N,
 * -N.  Returns 1 and sets *offset (days after today), else 0. */
static int parse_relative(struct word w, long *offset)
{
    static const struct {
        const char *word;
        long offset;
    } named[] = {{"yesterday", -1}, {"today", 0}, {"tomorrow", 1}};
    size_t i = 0;
    long n = 0;

    for (size_t k = 0; k < sizeof named / sizeof named[0]; k++) {
        if (is(w, named[k].word)) {
            *offset = named[k].offset;
            return 1;
        }
    }
    if (w.len > 5 && strncasecmp(w.text, "today", 5) == 0)
        i = 5;
    if (i == w.len || (w.text[i] != '+' && w.text[i] != '-') || i + 1 == w.len)
        return 0;
    for (size_t k = i + 1; k < w.len; k++) {
        if (!isdigit((unsigned char)w.text[k]))
            return 0;
        n = n * 10 + (w.text[k] - '0');
        if (n > PROTO_RELATIVE_DAYS_MAX)
            return 0;
    }
    *offset = w.text[i] == '-' ? -n : n;
    return 1;
}

static int parse_tier(struct word w, int *tier)
{
    enum grade_tier t;

    if (grade_tier_lookup(w.text, w.len, &t) != 0)
        return -1;
    *tier = (int)t;
    return 0;
}

/* [TIER] [solution] in any order, each at most once. */
static int parse_options(const struct word *w, int n, int allow_tier,
                         struct proto_request *req, const char *cmd, char *err,
                         size_t errlen)
{
    for (int i = 0; i < n; i++) {
        int tier;

        if (is(w[i], "solution") && !req->solution) {
            req->solution = 1;
        } else if (allow_tier && req->tier == PROTO_TIER_ALL &&
                   parse_tier(w[i], &tier) == 0) {
            req->tier = tier;
        } else if (allow_tier) {
            char tiers[128];

            grade_tier_list(tiers, sizeof tiers);
            return bad(err, errlen,
                       "%s: unexpected '%.*s%s' (expected one tier of %s, and "
                       "'solution')",
                       cmd, SHOWN(w[i]), tiers);
        } else {
            return bad(err, errlen, "%s: unexpected '%.*s%s' (expected 'solution')",
                       cmd, SHOWN(w[i]));
        }
    }
    return PROTO_OK;
}

static int parse_grid(struct word w, struct grid *g, const char *cmd,
                      const char *what, char *err, size_t errlen)
{
    char why[GRID_ERR_MAX];

    if (grid_parse_n(g, w.text, w.len, why, sizeof why) == GRID_OK)
        return PROTO_OK;
    return bad(err, errlen, "%s: %s is not a grid: %s", cmd, what, why);
}

static int parse_list(const struct word *w, int n, struct proto_request *req,
                      char *err, size_t errlen)
{
    long days;
    int rc;

    if (n < 2)
        return bad(err, errlen,
                   "list: expected FROM and TO dates (list FROM TO [solution])");
    if ((rc = parse_date(w[0], &req->from, "list", err, errlen)) != PROTO_OK ||
        (rc = parse_date(w[1], &req->to, "list", err, errlen)) != PROTO_OK ||
        (rc = parse_options(w + 2, n - 2, 0, req, "list", err, errlen)) != PROTO_OK)
        return rc;
    if (schedule_date_cmp(req->from, req->to) > 0)
        return bad(err, errlen, "list: FROM %.*s is after TO %.*s",
                   SCHEDULE_DATE_LEN, w[0].text, SCHEDULE_DATE_LEN, w[1].text);
    days = schedule_days_from_civil(req->to) - schedule_days_from_civil(req->from) +
           1;
    if (days > PROTO_LIST_DAYS_MAX)
        return bad(err, errlen,
                   "list: at most %d days per request; %.*s to %.*s is %ld days",
                   PROTO_LIST_DAYS_MAX, SCHEDULE_DATE_LEN, w[0].text,
                   SCHEDULE_DATE_LEN, w[1].text, days);
    return PROTO_OK;
}

/* STATE [PUZZLE] for hint, steps and check. */
static int parse_state(const struct word *w, int n, struct proto_request *req,
                       const char *cmd, char *err, size_t errlen)
{
    char why[GRID_ERR_MAX];
    int rc;

    if (n < 1 || n > 2)
        return bad(err, errlen, "%s: expected STATE and optionally PUZZLE (%s)",
                   cmd, commands[req->command].usage);
    if (req->command != PROTO_CHECK && w[0].len == PENCIL_LINE_LEN) {
        /* hint's and steps' pencil-mark line: the reply judges its marks. */
        char msg[PENCIL_ERR_MAX];

        if (pencil_parse(&req->marks, NULL, w[0].text, w[0].len, msg, sizeof msg) !=
            PENCIL_OK)
            return bad(err, errlen, "%s: STATE is not a pencil-mark state: %s", cmd,
                       msg);
        req->has_marks = 1;
    } else {
        /* A repeated digit in the state is the player's mistake, which hint
         * and check report as a verdict; only text that is no grid is
         * refused. */
        rc = grid_parse_n(&req->grid, w[0].text, w[0].len, why, sizeof why);
        if (rc != GRID_OK && rc != GRID_ERR_CONFLICT)
            return bad(err, errlen, "%s: STATE is not a grid: %s", cmd, why);
    }
    req->has_puzzle = n == 2;
    return n == 2 ? parse_grid(w[1], &req->puzzle, cmd, "PUZZLE", err, errlen)
                  : PROTO_OK;
}

/* steps STATE [PUZZLE] [KEY]: after STATE, a word of 81 characters is the
 * PUZZLE and any other the KEY of a technique. */
static int parse_steps(const struct word *w, int n, struct proto_request *req,
                       char *err, size_t errlen)
{
    struct word state[2];
    char key[KEY_MAX + 1];
    int m = 0, has_key = 0;

    req->tech = -1;
    for (int i = 0; i < n; i++) {
        if (i == 0 || w[i].len == GRID_LINE_LEN) {
            if (m == 2)
                return bad(err, errlen,
                           "steps: expected STATE, optionally PUZZLE and KEY "
                           "(%s)",
                           commands[PROTO_STEPS].usage);
            state[m++] = w[i];
            continue;
        }
        if (has_key)
            return bad(err, errlen,
                       "steps: two technique keys ('%.*s%s'); give one KEY, or "
                       "none for every technique",
                       SHOWN(w[i]));
        has_key = 1;
        for (size_t k = 0; k < w[i].len && k < KEY_MAX; k++)
            key[k] = (char)tolower((unsigned char)w[i].text[k]);
        key[w[i].len < KEY_MAX ? w[i].len : KEY_MAX] = '\0';
        req->tech = w[i].len <= KEY_MAX ? human_tech_find(key) : -1;
        if (req->tech < 0)
            return bad(err, errlen,
                       "steps: unknown technique '%.*s%s' (the keys, such as "
                       "naked_pair or x_wing, are listed by 'sudokuctl steps "
                       "--list-techniques')",
                       SHOWN(w[i]));
    }
    return parse_state(state, m, req, "steps", err, errlen);
}

/* What an event id or an endpoint name may look like. */
struct name_rule {
    const char *what;
    size_t max;
    const char *extra;   /* allowed besides letters and digits */
    const char *allowed; /* extra, said in words */
};

static const struct name_rule event_id_rule = {"event ID", EVENT_ID_MAX, "_-",
                                               "'_' and '-'"};
static const struct name_rule endpoint_rule = {"endpoint name", ENDPOINT_MAX, "_.-",
                                               "'_', '.' and '-'"};

static int parse_name(struct word w, const struct name_rule *rule, char *out,
                      char *err, size_t errlen)
{
    for (size_t i = 0; i < w.len; i++) {
        char c = w.text[i];

        if (!(c >= 'a' && c <= 'z') && !(c >= 'A' && c <= 'Z') &&
            !(c >= '0' && c <= '9') && strchr(rule->extra, c) == NULL)
            return bad(err, errlen,
                       "webhook: %s '%.*s%s' may only use letters, digits, %s",
                       rule->what, SHOWN(w), rule->allowed);
    }
    if (w.len > rule->max)
        return bad(err, errlen,
                   "webhook: %s '%.*s%s' is longer than %zu characters", rule->what,
                   SHOWN(w), rule->max);
    memcpy(out, w.text, w.len);
    out[w.len] = '\0';
    return PROTO_OK;
}

static int parse_webhook_args(const struct word *w, int n,
                              struct proto_request *req, const char *usage,
                              char *err, size_t errlen)
{
    switch (req->webhook) {
    case PROTO_WEBHOOK_STATUS:
        return n == 0 ? PROTO_OK
                      : bad(err, errlen, "webhook status takes no arguments");
    case PROTO_WEBHOOK_RETRY:
        if (n != 1)
            return bad(err, errlen,
                       "webhook retry: expected an event ID or 'all' (%s)", usage);
        if (is(w[0], "all"))
            return PROTO_OK;
        return parse_name(w[0], &event_id_rule, req->arg, err, errlen);
    case PROTO_WEBHOOK_REPLAY:
        if (n != 1)
            return bad(err, errlen, "webhook replay: expected one DATE (%s)",
                       usage);
        return parse_date(w[0], &req->from, "webhook replay", err, errlen);
    case PROTO_WEBHOOK_TEST:
        if (n > 1)
            return bad(err, errlen,
                       "webhook test: expected at most one endpoint NAME (%s)",
                       usage);
        return n == 0 ? PROTO_OK
                      : parse_name(w[0], &endpoint_rule, req->arg, err, errlen);
    }
    return bad(err, errlen, "internal: unknown webhook action");
}

/* webhook status | retry ID|all | replay DATE | test [NAME] */
static int parse_webhook(const struct word *w, int n, struct proto_request *req,
                         char *err, size_t errlen)
{
    const char *usage = commands[PROTO_WEBHOOK].usage;

    for (size_t a = 0;
         n > 0 && a < sizeof webhook_actions / sizeof webhook_actions[0]; a++) {
        if (is(w[0], webhook_actions[a].name)) {
            req->webhook = (enum proto_webhook_action)a;
            return parse_webhook_args(w + 1, n - 1, req, usage, err, errlen);
        }
    }
    if (n == 0)
        return bad(err, errlen,
                   "webhook: expected status, retry, replay or test (%s)", usage);
    return bad(err, errlen, "webhook: unknown action '%.*s%s' (%s)", SHOWN(w[0]),
               usage);
}

/* An absolute path: the daemon's working directory is no business of the
 * client's (sudokuctl makes its FILE absolute). */
static int parse_backup(const struct word *w, int n, struct proto_request *req,
                        char *err, size_t errlen)
{
    if (n != 1)
        return bad(err, errlen,
                   "backup: expected one absolute PATH without spaces "
                   "(backup PATH)");
    if (w[0].text[0] != '/')
        return bad(err, errlen,
                   "backup: PATH '%.*s%s' is not absolute (it must start with "
                   "'/')",
                   SHOWN(w[0]));
    if (w[0].len >= PROTO_ARG_MAX)
        return bad(err, errlen, "backup: PATH is longer than %d bytes",
                   PROTO_ARG_MAX - 1);
    if (w[0].text[w[0].len - 1] == '/')
        return bad(err, errlen,
                   "backup: PATH '%.*s%s' names a directory; give a file name",
                   SHOWN(w[0]));
    memcpy(req->arg, w[0].text, w[0].len);
    req->arg[w[0].len] = '\0';
    return PROTO_OK;
}

static int parse_args(const struct word *w, int n, struct proto_request *req,
                      char *err, size_t errlen)
{
    const char *cmd = commands[req->command].name;
    int rc;

    switch (req->command) {
    case PROTO_PING:
    case PROTO_HELP:
    case PROTO_STATS:
        return n == 0 ? PROTO_OK : bad(err, errlen, "%s takes no arguments", cmd);
    case PROTO_TODAY:
        return parse_options(w, n, 1, req, cmd, err, errlen);
    case PROTO_GET:
    case PROTO_RENDER:
        if (n < 1)
            return bad(err, errlen, "%s: expected a DATE (%s)", cmd,
                       commands[req->command].usage);
        req->relative = parse_relative(w[0], &req->offset);
        if (!req->relative &&
            parse_date(w[0], &req->from, cmd, err, errlen) != PROTO_OK)
            return bad(err, errlen,
                       "%s: expected a date YYYY-MM-DD, got '%.*s%s' (or "
                       "yesterday, today, tomorrow, today+N, today-N: N days "
                       "from today, at most %d)",
                       cmd, SHOWN(w[0]), PROTO_RELATIVE_DAYS_MAX);
        req->to = req->from;
        if ((rc = parse_options(w + 1, n - 1, 1, req, cmd, err, errlen)) != PROTO_OK)
            return rc;
        if (req->command == PROTO_RENDER && req->tier == PROTO_TIER_ALL)
            return bad(err, errlen, "render: expected a TIER after the DATE (%s)",
                       commands[req->command].usage);
        return PROTO_OK;
    case PROTO_LIST:
        return parse_list(w, n, req, err, errlen);
    case PROTO_SOLVE:
    case PROTO_GRADE:
        if (n != 1)
            return bad(err, errlen,
                       "%s: expected one PUZZLE of 81 cells (%s PUZZLE)", cmd, cmd);
        return parse_grid(w[0], &req->grid, cmd, "PUZZLE", err, errlen);
    case PROTO_HINT:
    case PROTO_CHECK:
        return parse_state(w, n, req, cmd, err, errlen);
    case PROTO_STEPS:
        return parse_steps(w, n, req, err, errlen);
    case PROTO_WEBHOOK:
        return parse_webhook(w, n, req, err, errlen);
    case PROTO_BACKUP:
        return parse_backup(w, n, req, err, errlen);
    case PROTO_COMMAND_COUNT:
        break;
    }
    return bad(err, errlen, "internal: unknown command");
}

int proto_parse(const char *line, size_t len, struct proto_request *req, char *err,
                size_t errlen)
{
    struct word w[WORDS_MAX];
    int n, rc;

    if (len > 0 && line[len - 1] == '\r')
        len--;
    if (len > PROTO_LINE_MAX) {
        snprintf(err, errlen, "request longer than %d bytes", PROTO_LINE_MAX);
        return PROTO_ERR_TOO_LARGE;
    }
    if ((rc = check_text(line, len, err, errlen)) != PROTO_OK)
        return rc;
    if ((n = split_words(line, len, w, WORDS_MAX)) < 0)
        return bad(err, errlen,
                   "too many words (at most %d); send 'help' for the commands",
                   WORDS_MAX);
    if (n == 0)
        return PROTO_EMPTY;
    memset(req, 0, sizeof *req);
    req->tier = PROTO_TIER_ALL;
    for (int c = 0; c < PROTO_COMMAND_COUNT; c++) {
        if (is(w[0], commands[c].name)) {
            req->command = (enum proto_command)c;
            return parse_args(w + 1, n - 1, req, err, errlen);
        }
    }
    return bad(err, errlen,
               "unknown command '%.*s%s'; send 'help' for the commands",
               SHOWN(w[0]));
}
