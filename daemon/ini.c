/*
 * ini: owns the reading of INI text into headers and key lines, with line
 * numbers, and the messages for lines that are neither.
 *
 * Why not libinih: Debian's libinih 55 is built with INI_MAX_LINE 200 and a
 * stack line buffer, so a longer line (a webhook URL with a query string,
 * 2,000 characters and more) is silently split into two "lines" and the tail
 * misparsed; the only way around that in Debian's build is a set of
 * Debian-only mutable globals (ini_max_line, ini_use_stack), not part of
 * upstream's API.  Its handler also gets no line numbers (INI_HANDLER_LINENO
 * 0), which every message needs, and its inline ';' comments and indented
 * continuation lines would silently change values.  The format is tiny, so
 * this file reads it itself: whole lines of any length up to INI_LINE_MAX,
 * exact line numbers, no inline comments.
 */
#include "ini.h"

#include <stdio.h>
#include <string.h>

struct reader {
    const struct ini_handler *h;
    void *ctx;
    const char *name;
    int line;
    char *err;
    size_t errlen;
};

static int syntax(const struct reader *r, const char *msg)
{
    snprintf(r->err, r->errlen, "%s:%d: %s", r->name, r->line, msg);
    return INI_ERR_SYNTAX;
}

static char *trim(char *s)
{
    char *end;

    while (*s == ' ' || *s == '\t')
        s++;
    end = s + strlen(s);
    while (end > s && (end[-1] == ' ' || end[-1] == '\t'))
        *--end = '\0';
    return s;
}

/* line starts with '['. */
static int header(const struct reader *r, char *line)
{
    char *close = strrchr(line, ']'), *inner;
    size_t name_len;
    char msg[128];

    if (close == NULL || *trim(close + 1) != '\0') {
        snprintf(msg, sizeof msg, "expected a section header such as %s",
                 r->h->section_example);
        return syntax(r, msg);
    }
    *close = '\0';
    inner = trim(line + 1);
    name_len = strcspn(inner, " \t");
    if (r->h->section(r->ctx, r->line, inner, name_len,
                      inner + name_len + strspn(inner + name_len, " \t")) != 0)
        return INI_ERR_HANDLER;
    return INI_OK;
}

static int one_line(const struct reader *r, char *raw, size_t len)
{
    char *line, *eq, *key, msg[64];

    if (len > 0 && raw[len - 1] == '\r')
        raw[--len] = '\0';
    if (len > INI_LINE_MAX) {
        snprintf(msg, sizeof msg, "line is %zu bytes long; the limit is %d", len,
                 INI_LINE_MAX);
        return syntax(r, msg);
    }
    if (memchr(raw, '\0', len) != NULL)
        return syntax(r, "line contains a NUL byte");
    line = trim(raw);
    if (line[0] == '\0' || line[0] == '#' || line[0] == ';')
        return INI_OK;
    if (line[0] == '[')
        return header(r, line);
    eq = strchr(line, '=');
    if (eq != NULL) {
        *eq = '\0';
        key = trim(line);
        if (key[0] != '\0' &&
            strspn(key, "abcdefghijklmnopqrstuvwxyz_") == strlen(key))
            return r->h->key(r->ctx, r->line, key, trim(eq + 1)) != 0
                       ? INI_ERR_HANDLER
                       : INI_OK;
    }
    return syntax(r, "expected \"key = value\", a [section] header or a comment");
}

int ini_read(char *text, size_t len, const char *name, const struct ini_handler *h,
             void *ctx, char *err, size_t errlen)
{
    struct reader r = {
        .h = h, .ctx = ctx, .name = name, .err = err, .errlen = errlen};
    size_t pos = 0;
    int rc;

    /* A UTF-8 byte order mark, as some editors write, is not content. */
    if (len >= 3 && memcmp(text, "\xEF\xBB\xBF", 3) == 0)
        pos = 3;
    while (pos < len) {
        char *nl = memchr(text + pos, '\n', len - pos);
        size_t end = nl != NULL ? (size_t)(nl - text) : len;

        text[end] = '\0';
        r.line++;
        if ((rc = one_line(&r, text + pos, end - pos)) != INI_OK)
            return rc;
        pos = end + 1;
    }
    return INI_OK;
}

int ini_unquote(const char *sub, char *out, size_t outlen)
{
    size_t n = strlen(sub);

    if (n < 3 || sub[0] != '"' || sub[n - 1] != '"' || n - 2 >= outlen)
        return -1;
    memcpy(out, sub + 1, n - 2);
    out[n - 2] = '\0';
    return (int)(n - 2);
}
