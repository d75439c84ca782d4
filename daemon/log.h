/*
 * log: the daemon's one-line messages on stderr.
 *
 * Under systemd (stderr is the journal stream named by $JOURNAL_STREAM) each
 * line starts with a "<N>" syslog priority that journald turns into the
 * message's priority; in a terminal the line reads "LEVEL: message".  No
 * timestamps: journald adds its own.  Callers never pass secrets.
 */
#ifndef SUDOKUD_LOG_H
#define SUDOKUD_LOG_H

#include <stdio.h>

/* Values are the syslog priorities journald expects in the prefix. */
enum log_level {
    LOG_LEVEL_ERR = 3,
    LOG_LEVEL_WARNING = 4,
    LOG_LEVEL_NOTICE = 5,
    LOG_LEVEL_INFO = 6,
    LOG_LEVEL_DEBUG = 7,
};

#define LOG_MSG_MAX 1024 /* longer messages are cut and end in "..." */

/*
 * Sends messages at or above max_level (numerically <= it) to out, with
 * "<N>" prefixes when prefix is non-zero.  Before the first call messages
 * go to stderr, plain, at LOG_LEVEL_INFO.
 */
void log_setup(FILE *out, enum log_level max_level, int prefix);

/* Changes only the threshold (used on config reload). */
void log_set_level(enum log_level max_level);

/* 1 when fd 2 is the journal stream named by $JOURNAL_STREAM ("dev:ino"). */
int log_stderr_is_journal(void);

/* "error", "warning", "notice", "info", "debug". */
const char *log_level_name(enum log_level level);

/* Parses one of the names above; returns 0, or -1 for anything else. */
int log_level_parse(const char *name, enum log_level *out);

/* Formats and writes one line; newlines and other control characters in
 * the message become spaces so one call is always one journal entry.
 * errno is preserved. */
void log_msg(enum log_level level, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

#define log_err(...) log_msg(LOG_LEVEL_ERR, __VA_ARGS__)
#define log_warning(...) log_msg(LOG_LEVEL_WARNING, __VA_ARGS__)
#define log_notice(...) log_msg(LOG_LEVEL_NOTICE, __VA_ARGS__)
#define log_info(...) log_msg(LOG_LEVEL_INFO, __VA_ARGS__)
#define log_debug(...) log_msg(LOG_LEVEL_DEBUG, __VA_ARGS__)

#endif
