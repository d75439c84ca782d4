/*
 * ctl: the sudokuctl subcommands.  Each ctl_cmd_* takes the arguments after
 * the subcommand name and returns the process exit status (CTL_EXIT_*).
 * Shared helpers for reading puzzle input live here too.
 */
#ifndef SUDOKU_CTL_H
#define SUDOKU_CTL_H

#include <stddef.h>
#include <stdio.h>

#include <jansson.h>

#include "pencil.h"

enum ctl_exit {
    CTL_EXIT_OK = 0,          /* every input line was read (whatever its verdict) */
    CTL_EXIT_ERROR = 1,       /* I/O error, or an error reply from the daemon */
    CTL_EXIT_USAGE = 2,       /* bad flags or arguments */
    CTL_EXIT_CONNECT = 3,     /* cannot connect to the daemon */
    CTL_EXIT_WRONG_MARKS = 4, /* hint, explain: the marks lost the solution's
                                 digit ("wrong-marks: C4 lost its 7") */
};

/* Called once per puzzle line (blank lines and '#' comments are skipped);
 * line is NUL-terminated without its newline.  Non-zero stops the walk. */
typedef int (*ctl_line_cb)(void *arg, long lineno, const char *line, size_t len);

/* Reads path ("-" or NULL for stdin) line by line.  Returns 0, or -1 after
 * printing "sudokuctl: PATH: reason" to stderr on an I/O error. */
int ctl_for_each_line(const char *path, ctl_line_cb cb, void *arg);

/* 1 when the command-line argument arg is a puzzle or state written out
 * rather than a FILE: several lines, or 81 or 729 characters, or neither
 * '-', a path (no '/') nor the name of a file here. */
int ctl_arg_is_text(const char *arg);

/* The inputs of solve, count and grade: each of the n args is a puzzle
 * written out (only digits, '.' and blanks, and no file of that name; cb
 * gets it with lineno its position among the args, from 1) or a FILE ('-'
 * for stdin) walked by ctl_for_each_line; no args: stdin.  Returns 0, or
 * -1 after a FILE's I/O error. */
int ctl_for_each_input(char *const *args, int n, ctl_line_cb cb, void *arg);

/* Prints "sudokuctl CMD: message" and the usage hint to stderr; returns
 * CTL_EXIT_USAGE so callers can `return ctl_usage_error(...)`. */
int ctl_usage_error(const char *cmd, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

/* Flushes stdout; returns CTL_EXIT_OK, or CTL_EXIT_ERROR after saying why
 * the output could not be written (a full disk, a closed pipe). */
int ctl_finish_output(void);

/* An output file written whole or not at all: OUT.tmp, renamed to OUT by
 * ctl_output_commit (which closes it) or removed by ctl_output_abort; "-"
 * is standard output, flushed by the commit. */
struct ctl_output {
    FILE *f;
    const char *path;
    char *tmp; /* owned; NULL for standard output */
};
/* Each returns CTL_EXIT_OK or CTL_EXIT_ERROR after saying why (as
 * "sudokuctl CMD: PATH: reason"). */
int ctl_output_open(const char *cmd, const char *path, struct ctl_output *o);
int ctl_output_commit(const char *cmd, struct ctl_output *o);
void ctl_output_abort(struct ctl_output *o);

/* Prints obj as one compact JSON line and releases it (takes ownership).
 * Returns 0, or -1 on a write error. */
int ctl_print_json(json_t *obj);

/* ctl_state.c: the STATE of hint, explain and steps.  arg is the state itself
 * (81 or 729 characters, or several lines), '-' for standard input, or a
 * FILE holding it; a one-line argument that is no path (no '/') and names
 * no file is the state. */
struct ctl_state {
    char *text;                /* as read (owned; ctl_state_free) */
    enum pencil_format format; /* pencil_detect's */
    struct human_state st;     /* parsed, unless format is PENCIL_FORMAT_GRID
                                   (the plain grid keeps hint_next's path) */
};

/* Reads and, unless it is the plain grid, parses arg.  Returns CTL_EXIT_OK
 * or the exit status after saying why (a usage error names the cell). */
int ctl_state_load(const char *cmd, const char *arg, struct ctl_state *out);

/* The state as the socket's one-line STATE: the 729-character line for a
 * pencil-mark grid, else the text on one line.  Returns CTL_EXIT_*. */
int ctl_state_line(const char *cmd, const struct ctl_state *s, char *out,
                   size_t outlen);

/* hint_next for the plain grid, hint_state (marks judged against PUZZLE
 * when given) for the others.  Returns 0, or -1 with the reason in err
 * when the plain grid or PUZZLE is not a grid. */
struct hint;
int ctl_state_hint(struct ctl_state *s, const char *puzzle, struct hint *h,
                   char *err, size_t errlen);

/* The judgement alone (hint_judge_grid or hint_judge_state on a copy of
 * the state): 1 when the state is right and unsolved (its candidates in
 * *st), 0 when h holds the answer, -1 as ctl_state_hint. */
int ctl_state_judge(struct ctl_state *s, const char *puzzle, struct human_state *st,
                    struct hint *h, char *err, size_t errlen);

void ctl_state_free(struct ctl_state *s);

int ctl_cmd_solve(int argc, char **argv);
int ctl_cmd_count(int argc, char **argv);

/* ctl_grade.c: offline grading, explanations and hints. */
int ctl_cmd_grade(int argc, char **argv);
int ctl_cmd_explain(int argc, char **argv);
int ctl_cmd_hint(int argc, char **argv);
int ctl_cmd_check(int argc, char **argv);
/* ctl_steps.c: every step of a state, as HoDoKu's "all steps" panel. */
int ctl_cmd_steps(int argc, char **argv);
/* The row of technique key in *tech (-1 when key is NULL: every one);
 * returns CTL_EXIT_OK, or a usage error that says where the keys are. */
int ctl_steps_technique(const char *key, int *tech);
/* Prints steps' answer {"steps":[...],"total","message"} as text: one
 * numbered sentence per step, what was left out, the message. */
void ctl_print_steps(const json_t *answer);
int ctl_cmd_generate(int argc, char **argv);
/* ctl_render.c: a puzzle drawn as SVG, PNG or PDF (common/render.h,
 * ctl_draw.h). */
int ctl_cmd_render(int argc, char **argv);
/* ctl_print.c: a booklet of the daemon's published days as PDF. */
int ctl_cmd_print(int argc, char **argv);

/* Commands answered by a running sudokud (ctl_client.c). */

int ctl_cmd_today(int argc, char **argv);
int ctl_cmd_get(int argc, char **argv);
int ctl_cmd_list(int argc, char **argv);
int ctl_cmd_check_remote(int argc, char **argv);
int ctl_cmd_hint_remote(int argc, char **argv);
int ctl_cmd_steps_remote(int argc, char **argv);
/* Prints a verdict {"status","message","wrong"?} as text: "STATUS:
 * MESSAGE", then, with list_wrong (check's, whose message counts them),
 * "wrong: A1 C7" when cells are named. */
void ctl_print_verdict(const json_t *answer, int list_wrong);
/* Sends one request line to the daemon at socket (NULL: $SUDOKUD_SOCKET,
 * else the default) and parses its reply into *reply (the caller's).  An
 * error reply is printed ("sudokuctl CMD: code: message"), released and
 * answered CTL_EXIT_ERROR.  Returns a CTL_EXIT_*. */
int ctl_request(const char *cmd, const char *socket, const char *line, json_t **reply);
int ctl_cmd_stats(int argc, char **argv);
int ctl_cmd_ping(int argc, char **argv);
int ctl_cmd_webhook(int argc, char **argv);
int ctl_cmd_backup(int argc, char **argv);

#endif
