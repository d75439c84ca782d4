/*
 * grid: owns the text formats of a puzzle (the 81-character line and the
 * nine-row pretty form), cell naming, and the "no repeated digit" check that
 * every parse runs so that a bad puzzle is rejected with the exact reason.
 */
#include "grid.h"

#include <stdio.h>
#include <string.h>

static int is_space(char c)
{
    return c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '\v' ||
           c == '\f';
}

static int cell_value(char c)
{
    if (c >= '1' && c <= '9')
        return c - '0';
    if (c == '.' || c == '0')
        return 0;
    return -1;
}

void grid_cell_name(int cell, char out[3])
{
    out[0] = (char)('A' + cell / 9);
    out[1] = (char)('1' + cell % 9);
    out[2] = '\0';
}

int grid_house_cell(int house, int i)
{
    if (house < 9)
        return house * 9 + i;
    if (house < 18)
        return i * 9 + (house - 9);
    int b = house - 18;
    return (b / 3) * 27 + (b % 3) * 3 + (i / 3) * 9 + i % 3;
}

void grid_house_name(int house, char out[GRID_HOUSE_NAME_MAX])
{
    if (house < 9)
        snprintf(out, GRID_HOUSE_NAME_MAX, "row %c", 'A' + house);
    else if (house < 18)
        snprintf(out, GRID_HOUSE_NAME_MAX, "column %d", house - 8);
    else
        snprintf(out, GRID_HOUSE_NAME_MAX, "box %d", house - 17);
}

int grid_find_repeat(const struct grid *g, char *where, size_t wherelen)
{
    for (int h = 0; h < 27; h++) {
        int seen[10] = {0};
        for (int i = 0; i < 9; i++) {
            int cell = grid_house_cell(h, i);
            int v = g->cell[cell];
            if (v < 1 || v > 9)
                continue;
            if (seen[v]) {
                char a[3], b[3], hn[GRID_HOUSE_NAME_MAX];
                grid_cell_name(seen[v] - 1, a);
                grid_cell_name(cell, b);
                grid_house_name(h, hn);
                snprintf(where, wherelen, "%s (%s, %s)", hn, a, b);
                return v;
            }
            seen[v] = cell + 1;
        }
    }
    return 0;
}

int grid_check(const struct grid *g, char *err, size_t errlen)
{
    char where[GRID_ERR_MAX / 2]; /* "column 9 (I9, I9)" at most */
    int v = grid_find_repeat(g, where, sizeof where);
    if (v == 0)
        return GRID_OK;
    snprintf(err, errlen, "digit %d appears twice in %s", v, where);
    return GRID_ERR_CONFLICT;
}

static int has_inner_newline(const char *s, size_t len)
{
    size_t a = 0, b = len;
    while (a < b && is_space(s[a]))
        a++;
    while (b > a && is_space(s[b - 1]))
        b--;
    return memchr(s + a, '\n', b - a) != NULL;
}

static int parse_line_form(struct grid *g, const char *s, size_t len, char *err,
                           size_t errlen)
{
    size_t a = 0, b = len;
    while (a < b && is_space(s[a]))
        a++;
    while (b > a && is_space(s[b - 1]))
        b--;
    for (size_t i = a; i < b; i++) {
        if (cell_value(s[i]) < 0) {
            unsigned char c = (unsigned char)s[i];
            if (c >= 0x20 && c < 0x7f)
                snprintf(err, errlen, "bad character '%c' at position %zu", c,
                         i - a + 1);
            else
                snprintf(err, errlen, "bad character 0x%02x at position %zu", c,
                         i - a + 1);
            return GRID_ERR_CHAR;
        }
    }
    if (b - a != GRID_CELLS) {
        snprintf(err, errlen, "expected 81 cells, got %zu", b - a);
        return GRID_ERR_SIZE;
    }
    for (int i = 0; i < GRID_CELLS; i++)
        g->cell[i] = (uint8_t)cell_value(s[a + (size_t)i]);
    return GRID_OK;
}

/* One line of the pretty form: cells and separators.  Returns the number of
 * cells found (written to row[] up to 9), or -1 on a bad character. */
static int parse_pretty_row(const char *s, size_t len, uint8_t row[9], char *bad)
{
    int n = 0;
    for (size_t i = 0; i < len; i++) {
        char c = s[i];
        if (c == '|' || c == '-' || c == '+' || is_space(c))
            continue;
        int v = cell_value(c);
        if (v < 0) {
            *bad = c;
            return -1;
        }
        if (n < 9)
            row[n] = (uint8_t)v;
        n++;
    }
    return n;
}

static int parse_pretty_form(struct grid *g, const char *s, size_t len, char *err,
                             size_t errlen)
{
    int rows = 0;
    size_t pos = 0, lineno = 0;
    while (pos < len) {
        const char *nl = memchr(s + pos, '\n', len - pos);
        size_t end = nl ? (size_t)(nl - s) : len;
        uint8_t row[9];
        char bad = 0;
        lineno++;
        int n = parse_pretty_row(s + pos, end - pos, row, &bad);
        if (n < 0) {
            snprintf(err, errlen, "bad character '%c' on line %zu", bad, lineno);
            return GRID_ERR_CHAR;
        }
        if (n > 0) {
            if (n != 9) {
                snprintf(err, errlen, "row %d: expected 9 cells, got %d", rows + 1,
                         n);
                return GRID_ERR_SIZE;
            }
            if (rows < 9)
                memcpy(g->cell + rows * 9, row, 9);
            rows++;
        }
        pos = end + 1;
    }
    if (rows != 9) {
        snprintf(err, errlen, "expected 9 rows, got %d", rows);
        return GRID_ERR_SIZE;
    }
    return GRID_OK;
}

int grid_parse_n(struct grid *g, const char *text, size_t len, char *err,
                 size_t errlen)
{
    int rc = has_inner_newline(text, len)
                 ? parse_pretty_form(g, text, len, err, errlen)
                 : parse_line_form(g, text, len, err, errlen);
    if (rc != GRID_OK)
        return rc;
    return grid_check(g, err, errlen);
}

int grid_parse(struct grid *g, const char *text, char *err, size_t errlen)
{
    return grid_parse_n(g, text, strlen(text), err, errlen);
}

void grid_format_line(const struct grid *g, char out[GRID_LINE_LEN + 1])
{
    for (int i = 0; i < GRID_CELLS; i++)
        out[i] = g->cell[i] ? (char)('0' + g->cell[i]) : '.';
    out[GRID_CELLS] = '\0';
}

void grid_format_pretty(const struct grid *g, char out[GRID_PRETTY_MAX])
{
    char *p = out;
    for (int r = 0; r < 9; r++) {
        if (r == 3 || r == 6) {
            memcpy(p, "------+-------+------\n", 22);
            p += 22;
        }
        for (int c = 0; c < 9; c++) {
            int v = g->cell[r * 9 + c];
            if (c == 3 || c == 6) {
                memcpy(p, " |", 2);
                p += 2;
            }
            if (c > 0)
                *p++ = ' ';
            *p++ = v ? (char)('0' + v) : '.';
        }
        *p++ = '\n';
    }
    *p = '\0';
}

int grid_count_givens(const struct grid *g)
{
    int n = 0;
    for (int i = 0; i < GRID_CELLS; i++)
        n += g->cell[i] != 0;
    return n;
}

int grid_is_complete_valid(const struct grid *g)
{
    char err[GRID_ERR_MAX];
    for (int i = 0; i < GRID_CELLS; i++)
        if (g->cell[i] < 1 || g->cell[i] > 9)
            return 0;
    return grid_check(g, err, sizeof err) == GRID_OK;
}
