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

enum ctl_exit {
    CTL_EXIT_OK = 0,      /* every input line was read (whatever its verdict) */
    CTL_EXIT_ERROR = 1,   /* I/O error, or an error reply from the daemon */
    CTL_EXIT_USAGE = 2,   /* bad flags or arguments */
    CTL_EXIT_CONNECT = 3, /* cannot connect to the daemon */
};

/* Called once per puzzle line (blank lines and '#' comments are skipped);
 * line is NUL-terminated without its newline.  Non-zero stops the walk. */
typedef int (*ctl_line_cb)(void *arg, long lineno, const char *line, size_t len);

/* Reads path ("-" or NULL for stdin) line by line.  Returns 0, or -1 after
 * printing "sudokuctl: PATH: reason" to stderr on an I/O error. */
int ctl_for_each_line(const char *path, ctl_line_cb cb, void *arg);

/* Prints "sudokuctl CMD: message" and the usage hint to stderr; returns
 * CTL_EXIT_USAGE so callers can `return ctl_usage_error(...)`. */
int ctl_usage_error(const char *cmd, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

/* Flushes stdout; returns CTL_EXIT_OK, or CTL_EXIT_ERROR after saying why
 * the output could not be written (a full disk, a closed pipe). */
int ctl_finish_output(void);

/* Prints obj as one compact JSON line and releases it (takes ownership).
 * Returns 0, or -1 on a write error. */
int ctl_print_json(json_t *obj);

int ctl_cmd_solve(int argc, char **argv);
int ctl_cmd_count(int argc, char **argv);

/* ctl_grade.c: offline grading, explanations and hints. */
int ctl_cmd_grade(int argc, char **argv);
int ctl_cmd_explain(int argc, char **argv);
int ctl_cmd_hint(int argc, char **argv);
int ctl_cmd_generate(int argc, char **argv);

/* Commands answered by a running sudokud (ctl_client.c). */
int ctl_cmd_today(int argc, char **argv);
int ctl_cmd_get(int argc, char **argv);
int ctl_cmd_list(int argc, char **argv);
int ctl_cmd_check(int argc, char **argv);
int ctl_cmd_hint_remote(int argc, char **argv);
int ctl_cmd_stats(int argc, char **argv);
int ctl_cmd_ping(int argc, char **argv);
int ctl_cmd_webhook(int argc, char **argv);
int ctl_cmd_backup(int argc, char **argv);

#endif
