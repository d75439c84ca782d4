/*
 * pencil: owns the text formats of a pencil-mark state (the 729-character
 * line and the pencil-mark grid; the plain grid is grid.c's), telling
 * them apart, turning marks into a human_state (which single digits are
 * values), and judging a state's marks against its solution with a small
 * search that respects the marks.
 */
#include "pencil.h"
#include "solver.h"

#include <stdio.h>
#include <string.h>

#define ALL_DIGITS 0x1FFu
#define HOUSES 27

static unsigned digit_bit(int d)
{
    return 1u << (d - 1);
}

static int count_bits(unsigned m)
{
    int n = 0;
    for (; m; m &= m - 1)
        n++;
    return n;
}

static int lowest_digit(unsigned m)
{
    int d = 1;
    while (m && !(m & 1u)) {
        m >>= 1;
        d++;
    }
    return d;
}

static int is_space(char c)
{
    return c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '\v' ||
           c == '\f';
}

static int is_digit(char c)
{
    return c >= '1' && c <= '9';
}

/* What a cell shows: its value, or its candidates. */
static unsigned shown(const struct human_state *st, int cell)
{
    return st->value[cell] ? digit_bit(st->value[cell]) : st->cand[cell];
}

/* The three houses of cell (grid.h numbering). */
static void houses_of(int cell, int h[3])
{
    h[0] = grid_row(cell);
    h[1] = 9 + grid_col(cell);
    h[2] = 18 + grid_box(cell);
}

/* "bad character 'x' in C4", or its byte value when it is not printable. */
static int bad_char(char *err, size_t errlen, char c, int cell)
{
    char name[3];
    unsigned char u = (unsigned char)c;
    grid_cell_name(cell, name);
    if (u >= 0x20 && u < 0x7f)
        snprintf(err, errlen, "bad character '%c' in %s", c, name);
    else
        snprintf(err, errlen, "bad character 0x%02x in %s", u, name);
    return PENCIL_ERR_CHAR;
}

/* ---- the shape of the text ---------------------------------------------- */

struct span {
    const char *p;
    size_t len;
};

static struct span trim(const char *s, size_t len)
{
    struct span t = {s, len};
    while (t.len > 0 && is_space(t.p[0])) {
        t.p++;
        t.len--;
    }
    while (t.len > 0 && is_space(t.p[t.len - 1]))
        t.len--;
    return t;
}

/* The next line of text at *pos (without its '\n' and a trailing '\r');
 * returns 0 when there is none. */
static int next_line(const char *s, size_t len, size_t *pos, struct span *line)
{
    if (*pos >= len)
        return 0;
    const char *nl = memchr(s + *pos, '\n', len - *pos);
    size_t end = nl ? (size_t)(nl - s) : len;
    line->p = s + *pos;
    line->len = end - *pos;
    if (line->len > 0 && line->p[line->len - 1] == '\r')
        line->len--;
    *pos = end + 1;
    return 1;
}

/* A blank line, or a box border: no digit, only border characters. */
static int is_skipped(struct span line)
{
    for (size_t i = 0; i < line.len; i++)
        if (!is_space(line.p[i]) && (!line.p[i] || !strchr("-=+.:'*|", line.p[i])))
            return 0;
    for (size_t i = 0; i < line.len; i++)
        if (line.p[i] == '-' || line.p[i] == '=')
            return 1;
    return trim(line.p, line.len).len == 0;
}

/* Splits a row into its cells (separated by white space and '|'); returns
 * how many there are, storing the first max. */
static int split_cells(struct span line, struct span *cell, int max)
{
    int n = 0;
    size_t i = 0;
    while (i < line.len) {
        while (i < line.len && (is_space(line.p[i]) || line.p[i] == '|'))
            i++;
        if (i == line.len)
            break;
        size_t start = i;
        while (i < line.len && !is_space(line.p[i]) && line.p[i] != '|')
            i++;
        if (n < max) {
            cell[n].p = line.p + start;
            cell[n].len = i - start;
        }
        n++;
    }
    return n;
}

enum pencil_format pencil_detect(const char *text, size_t len)
{
    struct span t = trim(text, len), line;
    size_t pos = 0;
    if (!memchr(t.p, '\n', t.len))
        return t.len == PENCIL_LINE_LEN ? PENCIL_FORMAT_LINE : PENCIL_FORMAT_GRID;
    while (next_line(t.p, t.len, &pos, &line)) {
        struct span cell[9];
        if (is_skipped(line) || split_cells(line, cell, 9) != 9)
            continue;
        for (int c = 0; c < 9; c++)
            if (cell[c].len >= 2)
                return PENCIL_FORMAT_PM;
    }
    return PENCIL_FORMAT_GRID;
}

/* ---- reading marks ------------------------------------------------------ */

static int parse_line(uint16_t marks[GRID_CELLS], struct span t, char *err,
                      size_t errlen)
{
    for (int i = 0; i < PENCIL_LINE_LEN; i++) {
        int cell = i / 9, d = i % 9 + 1;
        char c = t.p[i];
        if (c == '.' || c == '0')
            continue;
        if (c == '0' + d) {
            marks[cell] |= (uint16_t)digit_bit(d);
            continue;
        }
        if (!is_digit(c))
            return bad_char(err, errlen, c, cell);
        char name[3];
        grid_cell_name(cell, name);
        snprintf(err, errlen,
                 "bad character '%c' in %s: character %d is the "
                 "place of digit %d",
                 c, name, i + 1, d);
        return PENCIL_ERR_CHAR;
    }
    return PENCIL_OK;
}

/* One cell of a pencil-mark row: its digits, or "." / "0" for none. */
static int parse_pm_cell(uint16_t *mark, struct span s, int cell, char *err,
                         size_t errlen)
{
    if (s.len == 1 && (s.p[0] == '.' || s.p[0] == '0'))
        return PENCIL_OK;
    for (size_t i = 0; i < s.len; i++) {
        if (!is_digit(s.p[i]))
            return bad_char(err, errlen, s.p[i], cell);
        *mark |= (uint16_t)digit_bit(s.p[i] - '0');
    }
    return PENCIL_OK;
}

static int parse_pm(uint16_t marks[GRID_CELLS], struct span t, char *err,
                    size_t errlen)
{
    struct span line;
    size_t pos = 0;
    int rows = 0;
    while (next_line(t.p, t.len, &pos, &line)) {
        struct span cell[9];
        if (is_skipped(line))
            continue;
        rows++;
        int n = split_cells(line, cell, 9);
        if (n != 9) {
            snprintf(err, errlen, "row %d has %d cells, expected 9", rows, n);
            return PENCIL_ERR_SIZE;
        }
        if (rows > 9)
            continue;
        for (int c = 0; c < 9; c++) {
            int rc = parse_pm_cell(&marks[(rows - 1) * 9 + c], cell[c],
                                   (rows - 1) * 9 + c, err, errlen);
            if (rc != PENCIL_OK)
                return rc;
        }
    }
    if (rows != 9) {
        snprintf(err, errlen, "expected 9 rows, got %d", rows);
        return PENCIL_ERR_SIZE;
    }
    return PENCIL_OK;
}

/* ---- from marks to a state ---------------------------------------------- */

/* 1 when a cell seen from cell shows digit among two or more candidates. */
static int shown_around(const uint16_t marks[GRID_CELLS], int cell, int digit)
{
    int h[3];
    houses_of(cell, h);
    for (int k = 0; k < 3; k++) {
        for (int i = 0; i < 9; i++) {
            int other = grid_house_cell(h[k], i);
            if (other != cell && count_bits(marks[other]) >= 2 &&
                (marks[other] & digit_bit(digit)))
                return 1;
        }
    }
    return 0;
}

/* Two cells of a house that show the same digit alone; how says it of
 * marks the user wrote ("placed twice in") or of computed ones. */
static int check_lone_digits(const uint16_t marks[GRID_CELLS], const char *how,
                             char *err, size_t errlen)
{
    struct grid lone;
    char where[GRID_ERR_MAX / 2]; /* "column 9 (I9, I9)" at most */
    for (int cell = 0; cell < GRID_CELLS; cell++)
        lone.cell[cell] = (uint8_t)(count_bits(marks[cell]) == 1
                                        ? lowest_digit(marks[cell])
                                        : 0);
    int d = grid_find_repeat(&lone, where, sizeof where);
    if (d == 0)
        return PENCIL_OK;
    snprintf(err, errlen, "digit %d %s %s", d, how, where);
    return PENCIL_ERR_CONFLICT;
}

/* An empty cell with no candidate left. */
static int check_state(const struct human_state *st, char *err, size_t errlen)
{
    char name[3];
    for (int cell = 0; cell < GRID_CELLS; cell++) {
        if (!st->value[cell] && !st->cand[cell]) {
            grid_cell_name(cell, name);
            snprintf(err, errlen, "cell %s: no candidate left", name);
            return PENCIL_ERR_EMPTY;
        }
    }
    return PENCIL_OK;
}

/* A house where a digit is neither placed nor possible.  The plain grid
 * only: from marks, such a digit is a mark the user lost, which
 * pencil_judge names by its cell. */
static int check_houses(const struct human_state *st, char *err, size_t errlen)
{
    for (int h = 0; h < HOUSES; h++) {
        unsigned have = 0;
        for (int i = 0; i < 9; i++)
            have |= shown(st, grid_house_cell(h, i));
        if (have != ALL_DIGITS) {
            char name[GRID_HOUSE_NAME_MAX];
            grid_house_name(h, name);
            snprintf(err, errlen, "%s has no place left for %d", name,
                     lowest_digit(ALL_DIGITS & ~have));
            return PENCIL_ERR_HOUSE;
        }
    }
    return PENCIL_OK;
}

/*
 * The values are the cells showing one digit no other cell around shows
 * among several; human_init lays out the state from them, then every
 * other cell takes its own marks.  Once no digit shows alone twice in a
 * house, the marks of an empty cell never hold a digit placed around it
 * (such a value would have stayed a candidate), so they are a subset of
 * what human_init computed and the state is consistent.
 */
static int state_from_marks(struct human_state *st,
                            const uint16_t marks[GRID_CELLS], char *err,
                            size_t errlen)
{
    struct grid g;
    int rc = check_lone_digits(marks, "placed twice in", err, errlen);
    if (rc != PENCIL_OK)
        return rc;
    for (int cell = 0; cell < GRID_CELLS; cell++) {
        int d = lowest_digit(marks[cell]);
        g.cell[cell] = (uint8_t)(count_bits(marks[cell]) == 1 &&
                                         !shown_around(marks, cell, d)
                                     ? d
                                     : 0);
    }
    human_init(st, &g);
    for (int cell = 0; cell < GRID_CELLS; cell++)
        if (!st->value[cell])
            st->cand[cell] = (uint16_t)(st->cand[cell] & marks[cell]);
    return check_state(st, err, errlen);
}

int pencil_parse(struct human_state *st, enum pencil_format *format,
                 const char *text, size_t len, char *err, size_t errlen)
{
    uint16_t marks[GRID_CELLS] = {0};
    struct span t = trim(text, len);
    enum pencil_format f = pencil_detect(text, len);
    int rc;
    if (format)
        *format = f;
    memset(st, 0, sizeof *st);
    if (f == PENCIL_FORMAT_GRID) {
        struct grid g;
        int single_line = memchr(t.p, '\n', t.len) == NULL;
        rc = grid_parse_n(&g, t.p, t.len, err, errlen);
        if (rc == GRID_ERR_SIZE && single_line) {
            snprintf(err, errlen, "expected 81 or %d characters, got %zu",
                     PENCIL_LINE_LEN, t.len);
            return PENCIL_ERR_SIZE;
        }
        if (rc != GRID_OK)
            return rc == GRID_ERR_CHAR       ? PENCIL_ERR_CHAR
                   : rc == GRID_ERR_CONFLICT ? PENCIL_ERR_CONFLICT
                                             : PENCIL_ERR_SIZE;
        human_init(st, &g);
        for (int cell = 0; cell < GRID_CELLS; cell++)
            marks[cell] = (uint16_t)shown(st, cell);
        if ((rc = check_state(st, err, errlen)) != PENCIL_OK ||
            (rc = check_lone_digits(marks,
                                    "is the only candidate left in two cells of",
                                    err, errlen)) != PENCIL_OK)
            return rc;
        return check_houses(st, err, errlen);
    }
    rc = f == PENCIL_FORMAT_LINE ? parse_line(marks, t, err, errlen)
                                 : parse_pm(marks, t, err, errlen);
    if (rc != PENCIL_OK)
        return rc;
    return state_from_marks(st, marks, err, errlen);
}

/* Places digit in cell as human_apply does (its houses lose it). */
static void place(struct human_state *st, int cell, int digit)
{
    static const struct human_step empty_step;
    struct human_step step = empty_step;
    step.n_place = 1;
    step.place[0].cell = (uint8_t)cell;
    step.place[0].digit = (uint8_t)digit;
    human_apply(st, &step);
}

int pencil_canonical(struct human_state *st)
{
    uint16_t marks[GRID_CELLS];
    int placed = 0;
    for (int cell = 0; cell < GRID_CELLS; cell++)
        marks[cell] = (uint16_t)shown(st, cell);
    for (int cell = 0; cell < GRID_CELLS; cell++) {
        int d = lowest_digit(marks[cell]);
        if (!st->value[cell] && count_bits(marks[cell]) == 1 &&
            !shown_around(marks, cell, d)) {
            place(st, cell, d);
            placed++;
        }
    }
    return placed;
}

/* ---- writing ------------------------------------------------------------ */

void pencil_format_line(const struct human_state *st, char out[PENCIL_LINE_LEN + 1])
{
    for (int cell = 0; cell < GRID_CELLS; cell++) {
        unsigned m = shown(st, cell);
        for (int d = 1; d <= 9; d++)
            out[cell * 9 + d - 1] = (m & digit_bit(d)) ? (char)('0' + d) : '.';
    }
    out[PENCIL_LINE_LEN] = '\0';
}

struct out {
    char *p;
    size_t len, cap;
};

static void put_char(struct out *o, char c, int times)
{
    for (int i = 0; i < times; i++) {
        if (o->len + 1 < o->cap)
            o->p[o->len++] = c;
    }
    if (o->cap)
        o->p[o->len] = '\0';
}

/* A border line: corner, each box's width of '-', inner corners, corner. */
static void put_border(struct out *o, const int box_width[3], char edge, char inner)
{
    put_char(o, edge, 1);
    for (int b = 0; b < 3; b++) {
        put_char(o, '-', box_width[b]);
        put_char(o, b < 2 ? inner : edge, 1);
    }
    put_char(o, '\n', 1);
}

size_t pencil_format_grid(const struct human_state *st, char *out, size_t outlen)
{
    struct out o = {out, 0, outlen};
    int width[9] = {0}, box_width[3] = {0};
    if (outlen)
        out[0] = '\0';
    for (int cell = 0; cell < GRID_CELLS; cell++) {
        int n = count_bits(shown(st, cell));
        if (n > width[cell % 9])
            width[cell % 9] = n;
    }
    for (int c = 0; c < 9; c++)
        box_width[c / 3] += width[c] + 2;
    for (int r = 0; r < 9; r++) {
        if (r % 3 == 0)
            put_border(&o, box_width, r == 0 ? '.' : ':', r == 0 ? '.' : '+');
        for (int c = 0; c < 9; c++) {
            unsigned m = shown(st, r * 9 + c);
            if (c % 3 == 0)
                put_char(&o, '|', 1);
            put_char(&o, ' ', 1);
            for (int d = 1; d <= 9; d++)
                if (m & digit_bit(d))
                    put_char(&o, (char)('0' + d), 1);
            put_char(&o, ' ', width[c] - count_bits(m) + 1);
        }
        put_char(&o, '|', 1);
        put_char(&o, '\n', 1);
    }
    put_border(&o, box_width, '\'', '\'');
    return o.len;
}

/* ---- completions that keep the marks ------------------------------------ */

struct search {
    int limit, found;
    struct grid *solution;
    unsigned long nodes, max_nodes; /* max_nodes 0: no budget */
    int over_budget;
};

/*
 * Narrows m (one mask per cell, a value being a one-digit mask) until
 * nothing changes: a cell's lone digit leaves its houses, a digit with one
 * place in a house goes there.  Returns 0 on a contradiction.
 */
static int narrow(uint16_t m[GRID_CELLS])
{
    uint8_t spread[GRID_CELLS] = {0}; /* lone digit already taken out */
    int changed = 1;
    while (changed) {
        changed = 0;
        for (int cell = 0; cell < GRID_CELLS; cell++) {
            if (spread[cell] || count_bits(m[cell]) != 1)
                continue;
            int h[3];
            spread[cell] = 1;
            houses_of(cell, h);
            for (int k = 0; k < 3; k++) {
                for (int i = 0; i < 9; i++) {
                    int other = grid_house_cell(h[k], i);
                    if (other == cell || !(m[other] & m[cell]))
                        continue;
                    m[other] = (uint16_t)(m[other] & ~m[cell]);
                    if (!m[other])
                        return 0;
                    changed = 1;
                }
            }
        }
        for (int h = 0; h < HOUSES; h++) {
            for (int d = 1; d <= 9; d++) {
                int n = 0, at = -1;
                for (int i = 0; i < 9 && n < 2; i++) {
                    int cell = grid_house_cell(h, i);
                    if (m[cell] & digit_bit(d)) {
                        n++;
                        at = cell;
                    }
                }
                if (n == 0)
                    return 0;
                if (n == 1 && m[at] != digit_bit(d)) {
                    m[at] = (uint16_t)digit_bit(d);
                    changed = 1;
                }
            }
        }
    }
    return 1;
}

static void search(const uint16_t from[GRID_CELLS], struct search *s)
{
    uint16_t m[GRID_CELLS];
    int best = -1, fewest = 10;
    if (s->max_nodes != 0 && ++s->nodes > s->max_nodes) {
        s->over_budget = 1;
        return;
    }
    memcpy(m, from, sizeof m);
    if (!narrow(m))
        return;
    for (int cell = 0; cell < GRID_CELLS; cell++) {
        int n = count_bits(m[cell]);
        if (n >= 2 && n < fewest) {
            fewest = n;
            best = cell;
        }
    }
    if (best < 0) {
        if (s->found++ == 0 && s->solution)
            for (int cell = 0; cell < GRID_CELLS; cell++)
                s->solution->cell[cell] = (uint8_t)lowest_digit(m[cell]);
        return;
    }
    for (unsigned left = m[best]; left && s->found < s->limit && !s->over_budget;
         left &= left - 1) {
        uint16_t saved = m[best];
        m[best] = (uint16_t)(left & -left);
        search(m, s);
        m[best] = saved;
    }
}

int pencil_count_budget(const struct human_state *st, int limit,
                        unsigned long max_nodes, struct grid *solution)
{
    uint16_t m[GRID_CELLS];
    struct search s = {limit < 1 ? 1 : limit, 0, solution, 0, max_nodes, 0};
    for (int cell = 0; cell < GRID_CELLS; cell++)
        m[cell] = (uint16_t)shown(st, cell);
    search(m, &s);
    return s.over_budget ? PENCIL_OVER_BUDGET : s.found;
}

int pencil_count(const struct human_state *st, int limit, struct grid *solution)
{
    return pencil_count_budget(st, limit, 0, solution);
}

/* ---- judging the marks -------------------------------------------------- */

static int verdict(struct pencil_judgement *out, enum pencil_verdict v,
                   const char *message)
{
    out->verdict = v;
    snprintf(out->message, sizeof out->message, "%s", message);
    return (int)v;
}

/* The first cell that disagrees with sol, into out; PENCIL_RIGHT when none. */
static int compare(const struct human_state *st, const struct grid *sol,
                   struct pencil_judgement *out)
{
    for (int cell = 0; cell < GRID_CELLS; cell++) {
        int d = sol->cell[cell], v = st->value[cell];
        char name[3];
        if (v ? v == d : (st->cand[cell] & digit_bit(d)) != 0)
            continue;
        grid_cell_name(cell, name);
        out->verdict = PENCIL_WRONG;
        out->cell = cell;
        out->digit = d;
        out->held = v;
        if (v)
            snprintf(out->message, sizeof out->message, "%s holds %d, not its %d",
                     name, v, d);
        else
            snprintf(out->message, sizeof out->message, "%s lost its %d", name, d);
        return PENCIL_WRONG;
    }
    return verdict(out, PENCIL_RIGHT, "");
}

/* Places the givens that are still candidates (compare found them there). */
static void place_givens(struct human_state *st, const struct grid *puzzle)
{
    for (int cell = 0; cell < GRID_CELLS; cell++)
        if (puzzle->cell[cell] && !st->value[cell])
            place(st, cell, puzzle->cell[cell]);
}

int pencil_judge(struct human_state *st, const struct grid *puzzle,
                 struct pencil_judgement *out)
{
    struct grid sol, values;
    memset(out, 0, sizeof *out);
    out->cell = -1;
    if (puzzle) {
        int n = solver_count(puzzle, 2, &sol);
        if (n != 1)
            return verdict(out, n == 0 ? PENCIL_NO_SOLUTION : PENCIL_MULTIPLE,
                           n == 0 ? "the puzzle has no solution"
                                  : "the puzzle has more than one solution, so "
                                    "no step can be found by logic alone");
        if (compare(st, &sol, out) == PENCIL_RIGHT)
            place_givens(st, puzzle);
        return (int)out->verdict;
    }
    human_to_grid(st, &values);
    int n = solver_count(&values, 2, &sol);
    if (n == 1)
        return compare(st, &sol, out);
    if (n == 0)
        return verdict(out, PENCIL_NO_SOLUTION,
                       "the filled cells have no solution: one of them is wrong "
                       "(give the puzzle to find which)");
    n = pencil_count(st, 2, &sol);
    if (n == 0)
        return verdict(out, PENCIL_WRONG,
                       "no solution keeps these marks (give the puzzle to find "
                       "the cell)");
    if (n > 1)
        return verdict(out, PENCIL_MULTIPLE,
                       "more than one solution keeps these marks, so no step "
                       "can be found by logic alone");
    return compare(st, &sol, out);
}
