/*
 * human_positions: the helpers the human-solver tests share to build
 * pencil-mark positions by cell name ("A1") and to check what a technique
 * finds.  Header-only (static inline): each test binary is one file.
 */
#ifndef SUDOKU_TEST_HUMAN_POSITIONS_H
#define SUDOKU_TEST_HUMAN_POSITIONS_H

#include <stdio.h>
#include <string.h>

#include "human.h"
#include "tech.h"
#include "tech_digits.h"

/* "C7" -> cell index. */
static inline int at(const char *name)
{
    return (name[0] - 'A') * 9 + (name[1] - '1');
}

static inline void empty_state(struct human_state *st)
{
    struct grid g;
    memset(&g, 0, sizeof g);
    assert_int_equal(human_init(st, &g), 0);
}

/* Leaves cell only the digits written in digits ("12"). */
static inline void only(struct human_state *st, const char *cell,
                        const char *digits)
{
    unsigned m = 0;
    for (const char *d = digits; *d; d++)
        m |= tech_bit(*d - '0');
    st->cand[at(cell)] = (uint16_t)m;
}

/* Removes digit from each named cell ("A1 A2 B3"). */
static inline void drop(struct human_state *st, int digit, const char *cells)
{
    for (const char *p = cells; *p; p += (p[2] == ' ') ? 3 : 2)
        st->cand[at(p)] &= (uint16_t)~tech_bit(digit);
}

/* The rectangle B1 B2 E1 E2 (boxes 1 and 4) on an empty grid, B1 and B2
 * holding only 4 and 6, E1 and E2 the digits given. */
static inline void rectangle(struct human_state *st, const char *e1, const char *e2)
{
    empty_state(st);
    only(st, "B1", "46");
    only(st, "B2", "46");
    only(st, "E1", e1);
    only(st, "E2", e2);
}

/* Eliminations as "9G7 9H7" sorted by digit then cell, for comparing. */
static inline void elims_text(const struct human_step *step, char *out, size_t len)
{
    out[0] = '\0';
    for (int d = 1; d <= 9; d++)
        for (int cell = 0; cell < GRID_CELLS; cell++)
            for (int i = 0; i < step->n_elim; i++)
                if (step->elim[i].cell == cell && step->elim[i].digit == d) {
                    size_t n = strlen(out);
                    snprintf(out + n, len - n, "%s%d%c%d", n ? " " : "", d,
                             'A' + cell / 9, cell % 9 + 1);
                }
}

/* The digits placed in st as one 81-character line (for messages). */
static inline void state_line(const struct human_state *st, char out[GRID_LINE_LEN + 1])
{
    struct grid g;
    human_to_grid(st, &g);
    grid_format_line(&g, out);
}

typedef tech_find_fn *find_fn;

/* Runs one technique alone on st (a fresh context, no memo). */
static inline int run_find(find_fn find, const struct human_state *st,
                           struct human_step *step)
{
    struct tech_ctx ctx;
    tech_ctx_init(&ctx, st);
    return find(&ctx, step);
}

/* Runs find with text on; asserts it fires with exactly these
 * eliminations and no placement. */
static inline void expect_elims(find_fn find, const struct human_state *st,
                                struct human_step *step, const char *want)
{
    char got[2048];
    step->flags = HUMAN_STEP_TEXT;
    tech_step_reset(step);
    assert_int_equal(run_find(find, st, step), 1);
    assert_int_equal(step->n_place, 0);
    elims_text(step, got, sizeof got);
    assert_string_equal(got, want);
    assert_true(step->text[0] != '\0');
    assert_true(step->n_cause > 0);
}

static inline void expect_none(find_fn find, const struct human_state *st)
{
    struct human_step step;
    step.flags = HUMAN_STEP_TEXT;
    tech_step_reset(&step);
    assert_int_equal(run_find(find, st, &step), 0);
}

#endif
