/*
 * ctl_io: owns what the sudokuctl subcommands share — walking the puzzle
 * lines of a file or stdin or the puzzles written as arguments, and
 * reporting usage errors the same way.
 */
#include "ctl.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "grid.h"
#include "pencil.h"

static int is_skipped(const char *line, size_t len)
{
    size_t i = 0;
    while (i < len && (line[i] == ' ' || line[i] == '\t' || line[i] == '\r'))
        i++;
    return i == len || line[i] == '#';
}

int ctl_for_each_line(const char *path, ctl_line_cb cb, void *arg)
{
    int from_stdin = path == NULL || strcmp(path, "-") == 0;
    FILE *f = from_stdin ? stdin : fopen(path, "r");
    if (!f) {
        fprintf(stderr, "sudokuctl: %s: %s\n", path, strerror(errno));
        return -1;
    }
    char *line = NULL;
    size_t cap = 0;
    ssize_t n;
    long lineno = 0;
    int rc = 0;
    while ((n = getline(&line, &cap, f)) >= 0) {
        size_t len = (size_t)n;
        lineno++;
        while (len > 0 && (line[len - 1] == '\n' || line[len - 1] == '\r'))
            line[--len] = '\0';
        if (is_skipped(line, len))
            continue;
        if (cb(arg, lineno, line, len) != 0)
            break;
    }
    if (ferror(f)) {
        fprintf(stderr, "sudokuctl: %s: %s\n", from_stdin ? "stdin" : path,
                strerror(errno));
        rc = -1;
    }
    free(line);
    if (!from_stdin)
        fclose(f);
    return rc;
}

int ctl_arg_is_text(const char *arg)
{
    size_t len = strlen(arg);
    if (strchr(arg, '\n'))
        return 1;
    while (len > 0 &&
           (arg[len - 1] == ' ' || arg[len - 1] == '\t' || arg[len - 1] == '\r'))
        len--;
    if (len == GRID_LINE_LEN || len == PENCIL_LINE_LEN)
        return 1;
    return strcmp(arg, "-") != 0 && !strchr(arg, '/') && access(arg, F_OK) != 0;
}

/* A puzzle written as an argument: the characters of a grid only, and no
 * file of that name (a mistyped FILE is still "No such file"). */
static int is_puzzle_arg(const char *arg)
{
    size_t len = strlen(arg);
    return len > 0 && strspn(arg, "0123456789. \t\r\n") == len &&
           access(arg, F_OK) != 0;
}

int ctl_for_each_input(char *const *args, int n, ctl_line_cb cb, void *arg)
{
    if (n == 0)
        return ctl_for_each_line(NULL, cb, arg);
    for (int i = 0; i < n; i++) {
        if (!is_puzzle_arg(args[i])) {
            if (ctl_for_each_line(args[i], cb, arg) != 0)
                return -1;
        } else if (cb(arg, i + 1, args[i], strlen(args[i])) != 0) {
            break;
        }
    }
    return 0;
}

int ctl_usage_error(const char *cmd, const char *fmt, ...)
{
    va_list ap;
    fprintf(stderr, "sudokuctl %s: ", cmd);
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fprintf(stderr, "\nTry 'sudokuctl help %s'.\n", cmd);
    return CTL_EXIT_USAGE;
}

int ctl_finish_output(void)
{
    if (fflush(stdout) != 0 || ferror(stdout)) {
        fprintf(stderr, "sudokuctl: writing output: %s\n", strerror(errno));
        return CTL_EXIT_ERROR;
    }
    return CTL_EXIT_OK;
}

int ctl_print_json(json_t *obj)
{
    /* 15 significant digits print ratings such as 2.6 as written, not as
     * the nearest double's 17 digits (2.6000000000000001). */
    int rc = json_dumpf(obj, stdout, JSON_COMPACT | JSON_REAL_PRECISION(15)) == 0
                 ? 0
                 : -1;
    json_decref(obj);
    if (rc == 0 && putchar('\n') == EOF)
        rc = -1;
    return rc;
}

int ctl_output_open(const char *cmd, const char *path, struct ctl_output *o)
{
    o->path = path;
    o->tmp = NULL;
    if (strcmp(path, "-") == 0) {
        o->f = stdout;
        return CTL_EXIT_OK;
    }
    size_t n = strlen(path) + sizeof ".tmp";
    o->tmp = malloc(n);
    if (o->tmp == NULL) {
        fprintf(stderr, "sudokuctl %s: out of memory\n", cmd);
        return CTL_EXIT_ERROR;
    }
    snprintf(o->tmp, n, "%s.tmp", path);
    o->f = fopen(o->tmp, "wb");
    if (o->f == NULL) {
        fprintf(stderr, "sudokuctl %s: %s: %s\n", cmd, o->tmp, strerror(errno));
        free(o->tmp);
        o->tmp = NULL;
        return CTL_EXIT_ERROR;
    }
    return CTL_EXIT_OK;
}

int ctl_output_commit(const char *cmd, struct ctl_output *o)
{
    if (o->tmp == NULL)
        return ctl_finish_output();
    int bad = ferror(o->f) != 0;
    int err = errno;
    if (fclose(o->f) != 0 && !bad) {
        bad = 1;
        err = errno;
    }
    if (!bad && rename(o->tmp, o->path) != 0) {
        bad = 1;
        err = errno;
    }
    if (bad) {
        fprintf(stderr, "sudokuctl %s: writing %s: %s\n", cmd, o->path, strerror(err));
        unlink(o->tmp);
    }
    free(o->tmp);
    o->tmp = NULL;
    return bad ? CTL_EXIT_ERROR : CTL_EXIT_OK;
}

void ctl_output_abort(struct ctl_output *o)
{
    if (o->tmp == NULL)
        return;
    fclose(o->f);
    unlink(o->tmp);
    free(o->tmp);
    o->tmp = NULL;
}
