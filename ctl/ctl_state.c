/*
 * ctl_state: owns the STATE argument of sudokuctl hint, explain and steps — the
 * state written on the command line, or read from a FILE or standard
 * input ('-') — and turning it into what the local commands and the
 * socket take (pencil.h formats; the socket's one-line forms).
 */
#include "ctl.h"
#include "hint.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define STATE_FILE_MAX (64 * 1024) /* a pencil-mark grid is ~1.5 kB */

/* Reads all of f; NULL after saying why. */
static char *read_all(const char *cmd, const char *name, FILE *f)
{
    char *buf = malloc(STATE_FILE_MAX + 1);
    size_t len;
    if (!buf) {
        fprintf(stderr, "sudokuctl %s: out of memory\n", cmd);
        return NULL;
    }
    len = fread(buf, 1, STATE_FILE_MAX + 1, f);
    if (ferror(f)) {
        fprintf(stderr, "sudokuctl %s: %s: %s\n", cmd, name, strerror(errno));
        free(buf);
        return NULL;
    }
    if (len > STATE_FILE_MAX) {
        fprintf(stderr, "sudokuctl %s: %s: more than %d bytes: not a state\n", cmd,
                name, STATE_FILE_MAX);
        free(buf);
        return NULL;
    }
    buf[len] = '\0';
    if (memchr(buf, '\0', len)) {
        fprintf(stderr, "sudokuctl %s: %s: binary data, not a state\n", cmd, name);
        free(buf);
        return NULL;
    }
    return buf;
}

static char *state_text(const char *cmd, const char *arg)
{
    if (strcmp(arg, "-") == 0)
        return read_all(cmd, "stdin", stdin);
    if (ctl_arg_is_text(arg)) {
        char *copy = strdup(arg);
        if (!copy)
            fprintf(stderr, "sudokuctl %s: out of memory\n", cmd);
        return copy;
    }
    FILE *f = fopen(arg, "r");
    if (!f) {
        fprintf(stderr, "sudokuctl %s: %s: %s\n", cmd, arg, strerror(errno));
        return NULL;
    }
    char *text = read_all(cmd, arg, f);
    fclose(f);
    return text;
}

int ctl_state_load(const char *cmd, const char *arg, struct ctl_state *out)
{
    char err[PENCIL_ERR_MAX];
    memset(out, 0, sizeof *out);
    if (!arg)
        return ctl_usage_error(cmd, "missing STATE (81 or 729 characters, a "
                                    "pencil-mark grid, a FILE or '-')");
    out->text = state_text(cmd, arg);
    if (!out->text)
        return CTL_EXIT_ERROR;
    out->format = pencil_detect(out->text, strlen(out->text));
    if (out->format == PENCIL_FORMAT_GRID)
        return CTL_EXIT_OK;
    if (pencil_parse(&out->st, NULL, out->text, strlen(out->text), err,
                     sizeof err) != PENCIL_OK) {
        ctl_state_free(out);
        return ctl_usage_error(cmd, "STATE: %s", err);
    }
    return CTL_EXIT_OK;
}

int ctl_state_line(const char *cmd, const struct ctl_state *s, char *out,
                   size_t outlen)
{
    if (s->format == PENCIL_FORMAT_PM) {
        char line[PENCIL_LINE_LEN + 1];
        pencil_format_line(&s->st, line);
        snprintf(out, outlen, "%s", line);
        return CTL_EXIT_OK;
    }
    const char *p = s->text;
    size_t len = strlen(p);
    while (len > 0 && strchr(" \t\r\n", p[len - 1]))
        len--;
    while (len > 0 && strchr(" \t\r\n", *p)) {
        p++;
        len--;
    }
    if (!memchr(p, '\n', len)) {
        snprintf(out, outlen, "%.*s", (int)len, p);
        return CTL_EXIT_OK;
    }
    /* Nine rows of a plain grid: a repeated digit is still a state the
     * daemon judges (conflict), so the grid is sent as it was read. */
    struct grid g;
    char err[GRID_ERR_MAX];
    int rc = grid_parse_n(&g, p, len, err, sizeof err);
    if (rc != GRID_OK && rc != GRID_ERR_CONFLICT)
        return ctl_usage_error(cmd, "STATE: %s", err);
    char line[GRID_LINE_LEN + 1];
    grid_format_line(&g, line);
    snprintf(out, outlen, "%s", line);
    return CTL_EXIT_OK;
}

void ctl_state_free(struct ctl_state *s)
{
    free(s->text);
    s->text = NULL;
}

int ctl_state_judge(struct ctl_state *s, const char *puzzle, struct human_state *st,
                    struct hint *h, char *err, size_t errlen)
{
    struct grid p;
    char why[GRID_ERR_MAX];
    if (s->format == PENCIL_FORMAT_GRID)
        return hint_judge_grid(s->text, puzzle, st, h, err, errlen);
    if (puzzle && grid_parse(&p, puzzle, why, sizeof why) != GRID_OK) {
        snprintf(err, errlen, "puzzle: %s", why);
        return -1;
    }
    *st = s->st;
    return hint_judge_state(st, puzzle ? &p : NULL, h);
}

int ctl_state_hint(struct ctl_state *s, const char *puzzle, struct hint *h,
                   char *err, size_t errlen)
{
    struct human_state st;
    int rc = ctl_state_judge(s, puzzle, &st, h, err, errlen);
    if (rc == 1)
        hint_step(&st, h);
    return rc < 0 ? -1 : 0;
}
