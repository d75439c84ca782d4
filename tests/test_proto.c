/* Unit tests of daemon/proto (every command, case, option order, dates,
 * tiers, grids, limits, every error) and daemon/reply (the JSON of errors,
 * help, puzzles and of solve, grade, hint, steps and check). */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "config.h"
#include "pencil.h"
#include "proto.h"
#include "reply.h"

#define PUZZLE \
    "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
#define SOLVED \
    "483921657967345821251876493548132976729564138136798245372689514814253769695417382"
/* PUZZLE with a wrong 5 at A1 (the solution has 4) and a right 8 at A2. */
#define WRONG_A1 \
    "583.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
/* PUZZLE with a 5 at A1 and A2: a repeat in row A. */
#define CONFLICT \
    "553.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
/* PUZZLE with a bad character at A1. */
#define BAD_CHAR \
    "x.3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
/* PUZZLE with its solution's 4 given at A1. */
#define GIVEN_A1 \
    "4.3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
#define TWO_SOLUTIONS \
    "4.3921.579.7345.21251876493548132976729564138136798245372689514814253769695417382"

static struct proto_request req;
static char err[PROTO_ERR_MAX];

static int parse(const char *line)
{
    memset(err, 0, sizeof err);
    return proto_parse(line, strlen(line), &req, err, sizeof err);
}

static void expect_bad(const char *line, const char *message)
{
    assert_int_equal(parse(line), PROTO_ERR_BAD_REQUEST);
    if (strstr(err, message) == NULL)
        fail_msg("'%s': expected '%s' in '%s'", line, message, err);
}

static void test_simple_commands(void **state)
{
    (void)state;
    assert_int_equal(parse("ping"), PROTO_OK);
    assert_int_equal(req.command, PROTO_PING);
    assert_int_equal(parse("HELP"), PROTO_OK);
    assert_int_equal(req.command, PROTO_HELP);
    assert_int_equal(parse(" \tStAtS \r"), PROTO_OK);
    assert_int_equal(req.command, PROTO_STATS);
    expect_bad("ping now", "ping takes no arguments");
    expect_bad("stats x", "stats takes no arguments");
    expect_bad("frobnicate", "unknown command 'frobnicate'; send 'help'");
    assert_int_equal(parse(""), PROTO_EMPTY);
    assert_int_equal(parse("  \t \r"), PROTO_EMPTY);
}

static void test_today(void **state)
{
    (void)state;
    assert_int_equal(parse("today"), PROTO_OK);
    assert_int_equal(req.command, PROTO_TODAY);
    assert_int_equal(req.tier, PROTO_TIER_ALL);
    assert_int_equal(req.solution, 0);
    assert_int_equal(parse("Today HARD"), PROTO_OK);
    assert_int_equal(req.tier, GRADE_HARD);
    assert_int_equal(parse("today solution easy"), PROTO_OK);
    assert_int_equal(req.tier, GRADE_EASY);
    assert_int_equal(req.solution, 1);
    assert_int_equal(parse("TODAY Expert Solution"), PROTO_OK);
    assert_int_equal(req.tier, GRADE_EXPERT);
    assert_int_equal(req.solution, 1);
    assert_int_equal(parse("today solution"), PROTO_OK);
    assert_int_equal(req.tier, PROTO_TIER_ALL);
    expect_bad("today brutal",
               "today: unexpected 'brutal' (expected one tier of easy, medium");
    expect_bad("today hard easy", "unexpected 'easy'");
    expect_bad("today solution solution", "unexpected 'solution'");
}

static void test_get(void **state)
{
    (void)state;
    assert_int_equal(parse("get 2026-11-22"), PROTO_OK);
    assert_int_equal(req.command, PROTO_GET);
    assert_int_equal(req.from.year, 2026);
    assert_int_equal(req.from.month, 11);
    assert_int_equal(req.from.day, 22);
    assert_int_equal(req.tier, PROTO_TIER_ALL);
    assert_int_equal(parse("GET 2024-02-29 medium solution"), PROTO_OK);
    assert_int_equal(req.tier, GRADE_MEDIUM);
    assert_int_equal(req.solution, 1);
    expect_bad("get", "get: expected a DATE");
    expect_bad("get 2026-02-29",
               "get: expected a date YYYY-MM-DD, got '2026-02-29'");
    expect_bad("get 2026-13-01 hard", "got '2026-13-01'");
    expect_bad("get 26-11-22", "got '26-11-22'");
    expect_bad("get hard 2026-11-22", "got 'hard'");
    expect_bad("get 2026-11-22 hard x", "unexpected 'x'");
}

/* render: get's DATE (relative too), a TIER it must have, solution. */
static void test_render(void **state)
{
    (void)state;
    assert_int_equal(parse("render 2026-11-22 hard"), PROTO_OK);
    assert_int_equal(req.command, PROTO_RENDER);
    assert_int_equal(req.from.day, 22);
    assert_int_equal(req.tier, GRADE_HARD);
    assert_int_equal(req.solution, 0);
    assert_int_equal(parse("RENDER today-3 Solution easy"), PROTO_OK);
    assert_int_equal(req.relative, 1);
    assert_int_equal(req.offset, -3);
    assert_int_equal(req.tier, GRADE_EASY);
    assert_int_equal(req.solution, 1);
    expect_bad("render", "render: expected a DATE (render DATE TIER [solution])");
    expect_bad("render 2026-11-22", "render: expected a TIER after the DATE");
    expect_bad("render 2026-11-22 solution", "render: expected a TIER after the DATE");
    expect_bad("render 2026-02-30 hard", "render: expected a date YYYY-MM-DD, got '2026-02-30'");
    expect_bad("render 2026-11-22 hard x", "render: unexpected 'x'");
}

/* get's relative days: a word, today+N or +N; the daemon counts them from
 * its today. */
static void test_get_relative(void **state)
{
    static const struct {
        const char *line;
        long offset;
    } ok[] = {
        {"get yesterday", -1}, {"get TODAY hard", 0},          {"get Tomorrow", 1},
        {"get today+7", 7},    {"get today-30 solution", -30}, {"get +2", 2},
        {"get -1", -1},        {"get today-3660", -3660}};
    (void)state;
    for (size_t i = 0; i < sizeof ok / sizeof ok[0]; i++) {
        assert_int_equal(parse(ok[i].line), PROTO_OK);
        assert_int_equal(req.relative, 1);
        assert_int_equal(req.offset, ok[i].offset);
    }
    assert_int_equal(parse("get 2026-11-22"), PROTO_OK);
    assert_int_equal(req.relative, 0);
    expect_bad("get today+3661", "at most 3660");
    expect_bad("get today+", "got 'today+'");
    expect_bad("get +", "got '+'");
    expect_bad("get today+1d", "got 'today+1d'");
    expect_bad("get todays", "got 'todays'");
    expect_bad("get --1", "got '--1'");
}

static void test_list(void **state)
{
    (void)state;
    assert_int_equal(parse("list 2026-01-01 2026-01-31"), PROTO_OK);
    assert_int_equal(req.command, PROTO_LIST);
    assert_int_equal(req.to.day, 31);
    assert_int_equal(parse("LIST 2026-11-22 2026-11-22 SOLUTION"), PROTO_OK);
    assert_int_equal(req.solution, 1);
    assert_int_equal(parse("list 2025-12-20 2026-01-19"),
                     PROTO_OK); /* 31 days, over a year */
    expect_bad(
        "list 2026-01-01 2026-02-01",
        "list: at most 31 days per request; 2026-01-01 to 2026-02-01 is 32 days");
    expect_bad("list 2026-02-01 2026-01-01",
               "list: FROM 2026-02-01 is after TO 2026-01-01");
    expect_bad("list 2026-01-01", "list: expected FROM and TO dates");
    expect_bad("list 2026-01-01 2026-01-02 hard",
               "list: unexpected 'hard' (expected 'solution')");
}

static void test_grids(void **state)
{
    (void)state;
    assert_int_equal(parse("solve " PUZZLE), PROTO_OK);
    assert_int_equal(req.command, PROTO_SOLVE);
    assert_int_equal(req.grid.cell[2], 3);
    assert_int_equal(parse("GRADE " PUZZLE), PROTO_OK);
    assert_int_equal(req.command, PROTO_GRADE);
    assert_int_equal(parse("hint " PUZZLE), PROTO_OK);
    assert_int_equal(req.has_puzzle, 0);
    assert_int_equal(parse("Check " WRONG_A1 " " PUZZLE), PROTO_OK);
    assert_int_equal(req.command, PROTO_CHECK);
    assert_int_equal(req.has_puzzle, 1);
    assert_int_equal(req.grid.cell[0], 5);
    assert_int_equal(req.puzzle.cell[0], 0);
    /* A repeated digit in a state is a verdict for hint/check, not an error. */
    assert_int_equal(parse("check " CONFLICT), PROTO_OK);
    expect_bad("solve " CONFLICT,
               "solve: PUZZLE is not a grid: digit 5 appears twice");
    expect_bad("solve 123",
               "solve: PUZZLE is not a grid: expected 81 cells, got 3");
    expect_bad("solve", "solve: expected one PUZZLE");
    expect_bad("grade " PUZZLE " " PUZZLE, "grade: expected one PUZZLE");
    expect_bad("hint", "hint: expected STATE");
    expect_bad("hint " BAD_CHAR, "hint: STATE is not a grid: bad character 'x'");
    expect_bad("check " PUZZLE " " CONFLICT, "check: PUZZLE is not a grid");
}

static void test_webhook(void **state)
{
    char word[100];

    (void)state;
    assert_int_equal(parse("webhook status"), PROTO_OK);
    assert_int_equal(req.command, PROTO_WEBHOOK);
    assert_int_equal(req.webhook, PROTO_WEBHOOK_STATUS);
    assert_int_equal(parse("WebHook STATUS\r"), PROTO_OK);
    assert_int_equal(req.webhook, PROTO_WEBHOOK_STATUS);
    assert_int_equal(parse("webhook retry all"), PROTO_OK);
    assert_int_equal(req.webhook, PROTO_WEBHOOK_RETRY);
    assert_string_equal(req.arg, "");
    assert_int_equal(parse("webhook Retry ALL"), PROTO_OK);
    assert_string_equal(req.arg, "");
    assert_int_equal(parse("webhook retry msg_0A1b2c3d4e5f"), PROTO_OK);
    assert_string_equal(req.arg, "msg_0A1b2c3d4e5f"); /* ids keep their case */
    assert_int_equal(parse("webhook replay 2026-11-21"), PROTO_OK);
    assert_int_equal(req.webhook, PROTO_WEBHOOK_REPLAY);
    assert_int_equal(req.from.year, 2026);
    assert_int_equal(req.from.month, 11);
    assert_int_equal(req.from.day, 21);
    assert_int_equal(parse("webhook test"), PROTO_OK);
    assert_int_equal(req.webhook, PROTO_WEBHOOK_TEST);
    assert_string_equal(req.arg, "");
    assert_int_equal(parse("webhook TEST My.Site-2_x"), PROTO_OK);
    assert_string_equal(req.arg, "My.Site-2_x");
    expect_bad("webhook",
               "webhook: expected status, retry, replay or test (webhook status |");
    expect_bad("webhook frob", "webhook: unknown action 'frob'");
    expect_bad("webhook status now", "webhook status takes no arguments");
    expect_bad("webhook retry", "webhook retry: expected an event ID or 'all'");
    expect_bad("webhook retry a b", "webhook retry: expected an event ID or 'all'");
    expect_bad("webhook retry msg.1",
               "webhook: event ID 'msg.1' may only use letters");
    expect_bad("webhook replay", "webhook replay: expected one DATE");
    expect_bad("webhook replay 2026-02-30",
               "webhook replay: expected a date YYYY-MM-DD, got "
               "'2026-02-30'");
    expect_bad("webhook replay today", "webhook replay: expected a date");
    expect_bad("webhook test a b",
               "webhook test: expected at most one endpoint NAME");
    expect_bad("webhook test a/b",
               "webhook: endpoint name 'a/b' may only use letters");
    memset(word, 'a', sizeof word);
    memcpy(word, "webhook test ", 13);
    word[13 + 65] = '\0';
    expect_bad(word, "is longer than 64 characters");
    memcpy(word, "webhook retry ", 14);
    word[14 + 64] = '\0';
    expect_bad(word, "is longer than 63 characters");
    word[14 + 63] = '\0';
    assert_int_equal(parse(word), PROTO_OK);
    assert_int_equal(strlen(req.arg), 63);
}

static void test_backup(void **state)
{
    char line[PROTO_ARG_MAX + 16];

    (void)state;
    assert_int_equal(parse("backup /var/lib/sudokud/Backup-1.db"), PROTO_OK);
    assert_int_equal(req.command, PROTO_BACKUP);
    assert_string_equal(req.arg, "/var/lib/sudokud/Backup-1.db");
    assert_int_equal(parse("BACKUP /b"), PROTO_OK);
    assert_string_equal(req.arg, "/b");
    expect_bad("backup", "backup: expected one absolute PATH");
    expect_bad("backup /a /b", "backup: expected one absolute PATH");
    expect_bad("backup b.db", "backup: PATH 'b.db' is not absolute");
    expect_bad("backup ./b.db", "is not absolute");
    expect_bad("backup /var/backups/", "names a directory");
    memset(line, 'x', sizeof line);
    memcpy(line, "backup /", 8);
    line[7 + PROTO_ARG_MAX] = '\0'; /* a path of PROTO_ARG_MAX bytes */
    expect_bad(line, "backup: PATH is longer than 1023 bytes");
    line[7 + PROTO_ARG_MAX - 1] = '\0';
    assert_int_equal(parse(line), PROTO_OK);
    assert_int_equal(strlen(req.arg), PROTO_ARG_MAX - 1);
}

static void test_limits_and_bytes(void **state)
{
    char line[PROTO_LINE_MAX + 2];

    (void)state;
    memset(line, ' ', sizeof line);
    memcpy(line, "ping", 4);
    assert_int_equal(proto_parse(line, PROTO_LINE_MAX, &req, err, sizeof err),
                     PROTO_OK);
    line[PROTO_LINE_MAX] = '\r'; /* a CRLF line of the maximum length */
    assert_int_equal(proto_parse(line, PROTO_LINE_MAX + 1, &req, err, sizeof err),
                     PROTO_OK);
    line[PROTO_LINE_MAX] = ' ';
    assert_int_equal(proto_parse(line, PROTO_LINE_MAX + 1, &req, err, sizeof err),
                     PROTO_ERR_TOO_LARGE);
    assert_string_equal(err, "request longer than 4096 bytes");
    assert_int_equal(proto_parse("pi\0ng", 5, &req, err, sizeof err),
                     PROTO_ERR_BAD_REQUEST);
    assert_string_equal(
        err, "byte 0x00 at column 3 is not text; requests are lines of ASCII "
             "words");
    expect_bad("today h\xc3\xa4rd", "byte 0xc3 at column 8");
    expect_bad("a b c d e f", "too many words (at most 5)");
    memset(line, 'x', 100);
    line[100] = '\0';
    expect_bad(line,
               "unknown command 'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx...'");
}

static void test_names(void **state)
{
    (void)state;
    assert_string_equal(proto_error_name(PROTO_ERR_BAD_REQUEST), "bad_request");
    assert_string_equal(proto_error_name(PROTO_ERR_NOT_FOUND), "not_found");
    assert_string_equal(proto_error_name(PROTO_ERR_TOO_LARGE), "too_large");
    assert_string_equal(proto_error_name(PROTO_ERR_BUSY), "busy");
    assert_string_equal(proto_error_name(PROTO_ERR_INTERNAL), "internal");
    assert_string_equal(proto_error_name(PROTO_ERR_FORBIDDEN), "forbidden");
    assert_string_equal(proto_error_name(PROTO_ERR_WRONG_MARKS), "wrong_marks");
    for (int c = 0; c < PROTO_COMMAND_COUNT; c++) {
        const struct proto_command_info *info = proto_command_info(
            (enum proto_command)c);

        int heavy = c >= PROTO_SOLVE && c <= PROTO_CHECK;

        assert_int_equal(parse(info->name),
                         c == PROTO_GET || c == PROTO_LIST || c >= PROTO_RENDER
                             ? PROTO_ERR_BAD_REQUEST
                             : PROTO_OK);
        assert_int_equal(info->heavy, heavy);
    }
}

/* ---- replies ------------------------------------------------------------ */

static char *dump(json_t *reply)
{
    struct reply_buf b = {0};

    assert_int_equal(reply_write(reply, reply_buf_append, &b), 0);
    assert_int_equal(reply_buf_append("", 1, &b), 0);
    assert_int_equal(b.data[b.len - 2], '\n');
    assert_null(memchr(b.data, '\n', b.len - 2));
    return b.data;
}

static char *compute(const char *line)
{
    assert_int_equal(parse(line), PROTO_OK);
    return dump(reply_compute(&req, 0));
}

static void expect_json(char *text, const char *want)
{
    if (strstr(text, want) == NULL)
        fail_msg("expected '%s' in %s", want, text);
    free(text);
}

static void test_reply_shapes(void **state)
{
    struct store_puzzle p = {.date = "2026-11-22",
                             .tier = "hard",
                             .puzzle = PUZZLE,
                             .solution = SOLVED,
                             .score = 2.6,
                             .hardest_technique = "x_wing",
                             .technique_counts = "{\"x_wing\":1}",
                             .clues = 32,
                             .symmetry = "rotational-180",
                             .seed = "secret-ish",
                             .generator_version = "1"};
    char *text;

    (void)state;
    expect_json(
        dump(reply_error(PROTO_ERR_NOT_FOUND, "no hard puzzle for 2026-11-22")),
        "{\"ok\":false,\"error\":{\"code\":\"not_found\",\"message\":\"no hard puzzle "
        "for 2026-11-22\"}}\n");
    expect_json(dump(reply_ok()), "{\"ok\":true}");
    expect_json(dump(reply_help()), "\"usage\":\"list FROM TO [solution]\"");
    expect_json(dump(reply_help()), "\"usage\":\"backup PATH\"");
    text = dump(reply_puzzle(&p, "Tough going", 0));
    assert_null(strstr(text, SOLVED));
    assert_null(strstr(text, "secret-ish")); /* the seed stays inside */
    expect_json(text, "\"score\":2.6,\"hardest_technique\":\"x_wing\","
                      "\"technique_counts\":{\"x_wing\":1}");
    expect_json(dump(reply_puzzle(&p, "Tough going", 0)),
                "\"tier\":\"hard\",\"label\":\"Tough going\"");
    expect_json(dump(reply_puzzle(&p, "hard", 1)), "\"solution\":\"" SOLVED "\"");
}

/* A search budget too small for the grid answers too_hard, naming the
 * config key; the grid searched is the PUZZLE when one is sent. */
static void test_compute_budget(void **state)
{
    static const char
        *unsat = ".....5.8....6.1.43..........1.5........1.6...3......."
                 "553.....61........4.........";
    char line[256];

    (void)state;
    snprintf(line, sizeof line, "solve %s", unsat);
    assert_int_equal(parse(line), PROTO_OK);
    expect_json(dump(reply_compute(&req, 100000)),
                "{\"ok\":false,\"error\":{\"code\":\"too_hard\",\"message\":"
                "\"solve: the search for this grid's solutions needs more than "
                "100000 search nodes (socket_search_budget)");
    assert_int_equal(parse("check " WRONG_A1 " " PUZZLE), PROTO_OK);
    expect_json(dump(reply_compute(&req, 1000)), "\"status\":\"wrong\"");
    assert_int_equal(parse("solve " PUZZLE), PROTO_OK);
    expect_json(dump(reply_compute(&req, 1000)), "\"status\":\"solved\"");
}

static void test_compute(void **state)
{
    (void)state;
    expect_json(compute("solve " PUZZLE),
                "{\"ok\":true,\"status\":\"solved\",\"solution\":\"" SOLVED "\"}");
    expect_json(compute("solve " TWO_SOLUTIONS), "\"status\":\"multiple\"");
    expect_json(compute("grade " PUZZLE),
                "\"status\":\"graded\",\"tier\":\"easy\"");
    expect_json(compute("grade " TWO_SOLUTIONS), "\"status\":\"multiple\"");
    expect_json(compute("hint " PUZZLE), "\"status\":\"step\"");
    expect_json(compute("hint " WRONG_A1 " " PUZZLE), "\"status\":\"wrong\"");
    expect_json(compute("hint " CONFLICT), "\"status\":\"conflict\"");
    expect_json(
        compute("check " WRONG_A1 " " PUZZLE),
        "\"status\":\"wrong\",\"message\":\"1 filled cell(s) disagree with the "
        "solution\",\"wrong\":[\"A1\"],\"filled\":34,\"empty\":47}");
    expect_json(compute("check " WRONG_A1), "\"status\":\"no-solution\"");
    expect_json(compute("check " PUZZLE " " PUZZLE),
                "\"status\":\"correct\",\"message\":"
                "\"every filled cell is right so far\"");
    expect_json(compute("check " SOLVED " " PUZZLE), "\"status\":\"solved\"");
    expect_json(compute("check " SOLVED), "\"status\":\"solved\"");
    expect_json(compute("check " CONFLICT),
                "\"status\":\"conflict\",\"message\":\"digit "
                "5 appears twice in row A");
    expect_json(compute("check " TWO_SOLUTIONS), "\"status\":\"multiple\"");
    expect_json(
        compute("check " TWO_SOLUTIONS " " TWO_SOLUTIONS),
        "\"code\":\"bad_request\",\"message\":\"check: PUZZLE has more than one");
    expect_json(compute("check " PUZZLE " " GIVEN_A1),
                "\"message\":\"check: STATE does not keep the given 4 at A1\"");
}

/* Sends "CMD MARKS" with the 729-character line of PUZZLE's candidates
 * into line (sized for CMD, the line, a space and a PUZZLE): parsed into
 * marks, answered with reply_status; with C1's solution digit (2) taken
 * away, the error wrong_marks, with and without the PUZZLE after it.
 * Returns where the marks start in line. */
static char *expect_marks_request(char *line, const char *cmd,
                                  enum proto_command command,
                                  const char *reply_status)
{
    struct human_state st;
    char msg[PENCIL_ERR_MAX];
    size_t head = strlen(cmd) + 1;
    char *marks = line + head;

    memcpy(line, cmd, head - 1);
    line[head - 1] = ' ';
    assert_int_equal(
        pencil_parse(&st, NULL, PUZZLE, GRID_LINE_LEN, msg, sizeof msg), PENCIL_OK);
    pencil_format_line(&st, marks);
    assert_int_equal(parse(line), PROTO_OK);
    assert_int_equal(req.command, command);
    assert_int_equal(req.has_marks, 1);
    assert_int_equal(req.has_puzzle, 0);
    assert_memory_equal(req.marks.cand, st.cand, sizeof st.cand);
    expect_json(compute(line), reply_status);
    /* C1 (2 5; its solution is 2) loses its 2. */
    marks[18 * 9 + 1] = '.';
    expect_json(compute(line), "{\"ok\":false,\"error\":{\"code\":\"wrong_marks\","
                               "\"message\":\"wrong-marks: C1 lost its 2\"}}");
    snprintf(marks + PENCIL_LINE_LEN, GRID_LINE_LEN + 2, " %s", PUZZLE);
    assert_int_equal(parse(line), PROTO_OK);
    assert_int_equal(req.has_puzzle, 1);
    expect_json(compute(line), "\"code\":\"wrong_marks\"");
    return marks;
}

/* hint's 729-character pencil-mark line: parsed into marks, judged by
 * the reply (wrong_marks), refused with the cell named when malformed;
 * check keeps to grids. */
static void test_marks(void **state)
{
    char line[5 + PENCIL_LINE_LEN + 1 + GRID_LINE_LEN + 1];

    (void)state;
    char *marks = expect_marks_request(line, "hint", PROTO_HINT,
                                       "\"status\":\"step\"");
    marks[PENCIL_LINE_LEN] = '\0';
    marks[21 * 9 + 2] = 'x';
    expect_bad(line,
               "hint: STATE is not a pencil-mark state: bad character 'x' in C4");
    memcpy(line, "chec", 4);
    memmove(line + 5, line + 4, strlen(line + 4) + 1);
    line[4] = 'k';
    expect_bad(line, "check: STATE is not a grid");
}

/* steps STATE [PUZZLE] [KEY]: after STATE, 81 characters are the PUZZLE
 * and any other word a technique KEY (any case); an unknown KEY is refused
 * with where the keys are listed; the reply lists at most PROTO_STEPS_MAX
 * steps with the total; wrong marks are the error wrong_marks. */
static void test_steps(void **state)
{
    char line[6 + PENCIL_LINE_LEN + 1 + GRID_LINE_LEN + 1];

    (void)state;
    assert_int_equal(parse("steps " PUZZLE), PROTO_OK);
    assert_int_equal(req.command, PROTO_STEPS);
    assert_int_equal(req.tech, -1);
    assert_int_equal(req.has_puzzle, 0);
    assert_int_equal(req.has_marks, 0);
    assert_int_equal(parse("STEPS " PUZZLE " X_Wing"), PROTO_OK);
    assert_int_equal(req.tech, human_tech_find("x_wing"));
    assert_true(req.tech >= 0);
    assert_int_equal(parse("steps " WRONG_A1 " pointing " PUZZLE), PROTO_OK);
    assert_int_equal(req.tech, human_tech_find("pointing"));
    assert_int_equal(req.has_puzzle, 1);
    assert_int_equal(req.grid.cell[0], 5);
    assert_int_equal(req.puzzle.cell[0], 0);
    assert_int_equal(proto_command_info(PROTO_STEPS)->heavy, 1);
    assert_int_equal(proto_needs_operator(&req), 0);
    expect_bad("steps " PUZZLE " foo", "steps: unknown technique 'foo' (the keys");
    expect_bad("steps " PUZZLE " foo", "sudokuctl steps --list-techniques");
    expect_bad("steps " PUZZLE " pointing claiming",
               "steps: two technique keys ('claiming')");
    expect_bad("steps " PUZZLE " " PUZZLE " " PUZZLE,
               "steps: expected STATE, optionally");
    expect_bad("steps",
               "steps: expected STATE and optionally PUZZLE (steps STATE [PUZZLE] "
               "[KEY])");
    expect_bad("steps pointing", "steps: STATE is not a grid");
    expect_bad("steps " BAD_CHAR, "steps: STATE is not a grid");

    expect_json(compute("steps " PUZZLE),
                "{\"ok\":true,\"status\":\"steps\",\"message\":\"");
    expect_json(
        compute("steps " PUZZLE " full_house"),
        "\"message\":\"Full house does not apply here\",\"technique\":\"full_house\","
        "\"count\":0,\"total\":0,\"truncated\":false,\"steps\":[]}");
    expect_json(compute("steps " PUZZLE " hidden_single_box"),
                "\"steps\":[{\"technique\":\"hidden_single_box\"");
    expect_json(compute("steps " CONFLICT), "\"status\":\"conflict\"");
    expect_json(
        compute("steps " WRONG_A1 " " PUZZLE),
        "\"status\":\"wrong\",\"message\":\"1 entry is wrong: A1\",\"wrong\":[\"A1\"]");
    expect_json(compute("steps " SOLVED), "\"status\":\"solved\"");

    /* PUZZLE has more steps than one reply lists (271). */
    char *text = compute("steps " PUZZLE);
    char want[64];
    snprintf(want, sizeof want, "\"count\":%d,", PROTO_STEPS_MAX);
    if (strstr(text, want) == NULL || strstr(text, "\"truncated\":true") == NULL)
        fail_msg("expected %s and truncated in %.200s", want, text);
    free(text);
    snprintf(want, sizeof want, "at most %d, with the total", PROTO_STEPS_MAX);
    assert_non_null(strstr(proto_command_info(PROTO_STEPS)->about, want));

    expect_marks_request(line, "steps", PROTO_STEPS, "\"status\":\"steps\"");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_simple_commands),
        cmocka_unit_test(test_today),
        cmocka_unit_test(test_get),
        cmocka_unit_test(test_get_relative),
        cmocka_unit_test(test_render),
        cmocka_unit_test(test_list),
        cmocka_unit_test(test_grids),
        cmocka_unit_test(test_limits_and_bytes),
        cmocka_unit_test(test_names),
        cmocka_unit_test(test_reply_shapes),
        cmocka_unit_test(test_compute),
        cmocka_unit_test(test_compute_budget),
        cmocka_unit_test(test_webhook),
        cmocka_unit_test(test_backup),
        cmocka_unit_test(test_marks),
        cmocka_unit_test(test_steps),
    };

    return cmocka_run_group_tests(tests, NULL, NULL);
}
