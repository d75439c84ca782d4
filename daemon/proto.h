/*
 * proto: the query socket's request language, without any I/O.
 *
 * One request per line (a trailing "\r" is ignored), words separated by
 * spaces or tabs, case-insensitive:
 *     ping | help | stats
 *     today [TIER] [solution]          every published tier when TIER is omitted
 *     get DATE [TIER] [solution]       DATE is YYYY-MM-DD, or relative to
 *                                      today (the date `today` answers):
 *                                      yesterday, today, tomorrow, today+N,
 *                                      today-N, +N or -N (N days,
 *                                      0..PROTO_RELATIVE_DAYS_MAX)
 *     list FROM TO [solution]          at most PROTO_LIST_DAYS_MAX days
 *     render DATE TIER [solution]      DATE as get's; the puzzle as SVG
 *     solve PUZZLE | grade PUZZLE      81 cells, '.' or '0' for an empty cell
 *     hint STATE [PUZZLE] | check STATE [PUZZLE]
 *                                      hint's STATE may also be the
 *                                      729-character pencil-mark line
 *     steps STATE [PUZZLE] [KEY]       every step of STATE (81 or 729
 *                                      characters), or of technique KEY;
 *                                      a word of 81 characters is PUZZLE
 *     webhook status | webhook retry ID|all | webhook replay DATE
 *     webhook test [NAME]              operator commands (see below)
 *     backup PATH                      PATH absolute, without spaces
 * A blank line is no request and gets no reply.  Every reply is one JSON
 * object on one line, {"ok":true,...} or
 * {"ok":false,"error":{"code":CODE,"message":TEXT}} with CODE one of
 * proto_error_name().
 *
 * Who may connect is socket_mode and socket_group's business.  Of those,
 * only operators — root and the daemon's own user, told apart by the
 * peer's kernel credentials (server.c) — may run the commands that act on
 * the daemon: webhook retry|replay|test (queue deliveries) and backup
 * (writes a file as the daemon's user); anyone else is answered forbidden.
 * proto_needs_operator says which, from the operator column of proto.c's
 * command table.  Their arguments keep their case (event ids, endpoint
 * names, paths).
 */
#ifndef SUDOKUD_PROTO_H
#define SUDOKUD_PROTO_H

#include <stddef.h>

#include "grid.h"
#include "human.h"
#include "schedule.h"

#define PROTO_LINE_MAX 4096          /* bytes of a request, newline excluded */
#define PROTO_LIST_DAYS_MAX 31       /* days one list request may cover */
#define PROTO_RELATIVE_DAYS_MAX 3660 /* N of get's today+N and today-N */
#define PROTO_ERR_MAX 256            /* bytes enough for any parse message */
#define PROTO_TIER_ALL (-1)
#define PROTO_ARG_MAX 1024 /* bytes of a webhook or backup argument, with NUL */
#define PROTO_STEPS_MAX \
    50 /* steps listed in one steps reply (the rest
                                    are counted: "total", "truncated") */

enum proto_command {
    PROTO_PING,
    PROTO_HELP,
    PROTO_STATS,
    PROTO_TODAY,
    PROTO_GET,
    PROTO_LIST,
    PROTO_RENDER,
    PROTO_SOLVE,
    PROTO_GRADE,
    PROTO_HINT,
    PROTO_STEPS,
    PROTO_CHECK,
    PROTO_WEBHOOK,
    PROTO_BACKUP,
    PROTO_COMMAND_COUNT,
};

enum proto_webhook_action {
    PROTO_WEBHOOK_STATUS,
    PROTO_WEBHOOK_RETRY,  /* arg: the event id, "" for all */
    PROTO_WEBHOOK_REPLAY, /* from: the date */
    PROTO_WEBHOOK_TEST,   /* arg: the endpoint, "" for every enabled one */
};

/* Also the reply codes; PROTO_OK is no error. */
enum proto_error {
    PROTO_OK = 0,
    PROTO_ERR_BAD_REQUEST,
    PROTO_ERR_NOT_FOUND,
    PROTO_ERR_TOO_LARGE,
    PROTO_ERR_BUSY,
    PROTO_ERR_INTERNAL,
    PROTO_ERR_FORBIDDEN,   /* an operator command from a client that is not one */
    PROTO_ERR_WRONG_MARKS, /* hint, steps: the state's marks lost the solution's digit
                              (or it holds a wrong one): "wrong-marks: C4 lost
                              its 7" */
    PROTO_ERR_TOO_HARD,    /* solve, grade, hint, steps, check: the search for
                              the grid's solutions outgrew socket_search_budget */
    PROTO_ERR_TIMEOUT,     /* a request line not completed within
                              socket_request_timeout seconds of its first byte */
};

/* proto_parse's result for a blank line. */
#define PROTO_EMPTY (-1)

struct proto_request {
    enum proto_command command;
    int tier;                      /* enum grade_tier, or PROTO_TIER_ALL */
    int solution;                  /* 1: include solutions */
    struct schedule_date from, to; /* get, render: from; list: from..to */
    int relative; /* get, render: DATE was relative (yesterday, today, tomorrow,
                     today+N...): the day is offset days after the
                     daemon's today, from and to are unset */
    long offset;
    struct grid grid;   /* solve, grade: the puzzle; hint, steps, check: the
                                       state (unless has_marks) */
    struct grid puzzle; /* hint, steps, check: the givens, when has_puzzle */
    int has_puzzle;
    struct human_state
        marks;     /* hint, steps: the pencil-mark state, when has_marks */
    int has_marks; /* STATE was the 729-character line */
    int tech;      /* steps: the row of technique KEY, -1: every one */
    enum proto_webhook_action webhook; /* webhook: what to do */
    char arg[PROTO_ARG_MAX];           /* webhook: see above; backup: the path */
};

struct proto_command_info {
    const char *name;  /* lower case */
    const char *usage; /* "today [TIER] [solution]" */
    const char *about; /* one sentence */
    int heavy;         /* 1: CPU-bound, run off the event loop */
    int operator_only; /* 1: operators only; PROTO_OPERATOR_BY_ACTION: per action */
};

#define PROTO_OPERATOR_BY_ACTION 2

/*
 * Parses one request of len bytes (no newline; need not be NUL-terminated).
 * Returns PROTO_OK and fills *req, PROTO_EMPTY for a blank line, or
 * PROTO_ERR_BAD_REQUEST / PROTO_ERR_TOO_LARGE with a message naming the
 * problem in err.
 */
int proto_parse(const char *line, size_t len, struct proto_request *req, char *err,
                size_t errlen);

const struct proto_command_info *proto_command_info(enum proto_command command);

/* 1 when only an operator (root or the daemon's own user) may run the
 * parsed request req, 0 when whoever may connect may. */
int proto_needs_operator(const struct proto_request *req);

/* "bad_request", "not_found", "too_large", "busy", "internal",
 * "forbidden", "wrong_marks", "too_hard", "timeout" ("ok" for PROTO_OK). */
const char *proto_error_name(enum proto_error code);

#endif
