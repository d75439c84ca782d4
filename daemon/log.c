/*
 * log: owns the process-wide log destination and threshold (set once by
 * main, changed on reload) and turns each message into exactly one line.
 */
#include "log.h"

#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

static FILE *log_out;
static enum log_level log_max = LOG_LEVEL_INFO;
static int log_prefix;

static const char *const level_names[] = {
    [LOG_LEVEL_ERR] = "error",     [LOG_LEVEL_WARNING] = "warning",
    [LOG_LEVEL_NOTICE] = "notice", [LOG_LEVEL_INFO] = "info",
    [LOG_LEVEL_DEBUG] = "debug",
};

void log_setup(FILE *out, enum log_level max_level, int prefix)
{
    log_out = out;
    log_max = max_level;
    log_prefix = prefix != 0;
}

void log_set_level(enum log_level max_level)
{
    log_max = max_level;
}

int log_stderr_is_journal(void)
{
    const char *e = getenv("JOURNAL_STREAM");
    unsigned long long dev, ino;
    struct stat st;
    char tail;

    if (e == NULL || sscanf(e, "%llu:%llu%c", &dev, &ino, &tail) != 2)
        return 0;
    if (fstat(2, &st) != 0)
        return 0;
    return (unsigned long long)st.st_dev == dev &&
           (unsigned long long)st.st_ino == ino;
}

const char *log_level_name(enum log_level level)
{
    if (level < LOG_LEVEL_ERR || level > LOG_LEVEL_DEBUG)
        return "unknown";
    return level_names[level];
}

int log_level_parse(const char *name, enum log_level *out)
{
    for (int l = LOG_LEVEL_ERR; l <= LOG_LEVEL_DEBUG; l++) {
        if (strcmp(name, level_names[l]) == 0) {
            *out = (enum log_level)l;
            return 0;
        }
    }
    return -1;
}

/* Keeps one message on one line whatever a config value or peer sent. */
static void flatten(char *s)
{
    for (; *s != '\0'; s++) {
        if ((unsigned char)*s < 0x20 || *s == 0x7f)
            *s = ' ';
    }
}

void log_msg(enum log_level level, const char *fmt, ...)
{
    int saved_errno = errno;
    char buf[LOG_MSG_MAX];
    FILE *out = log_out != NULL ? log_out : stderr;
    va_list ap;
    int n;

    if (level > log_max) {
        errno = saved_errno;
        return;
    }
    va_start(ap, fmt);
    n = vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    if (n >= (int)sizeof buf)
        memcpy(buf + sizeof buf - 4, "...", 4);
    flatten(buf);
    if (log_prefix)
        fprintf(out, "<%d>%s\n", (int)level, buf);
    else
        fprintf(out, "%s: %s\n", log_level_name(level), buf);
    fflush(out);
    errno = saved_errno;
}
