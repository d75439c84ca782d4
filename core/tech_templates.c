/*
 * tech_templates: templates (SudokuWiki's Pattern Overlay Method; HoDoKu's
 * TEMPLATE_SET and TEMPLATE_DEL, which it ships switched off).
 *
 * A digit's pattern (template) is one cell in every row, column and box,
 * taking every cell where the digit is placed and otherwise only cells
 * that still have it as a candidate.  The digit's solution is one of its
 * patterns, so a cell that every pattern takes holds the digit (Template
 * set) and a candidate no pattern takes is false (Template delete).  A
 * Template set step places its digit as the removal of its cells' other
 * candidates (a step places 4 cells at most, HUMAN_STEP_MAX_PLACE, and a
 * digit can be placed in 9), which is the same step; cells left with the
 * digit alone (naked singles) are the singles' to place.
 *
 * As HoDoKu, the patterns are refined against the other digits: the cells
 * every pattern of a digit k takes are k's, so a pattern of another digit
 * that takes one of them is not a solution and is dropped; dropping
 * patterns can only add cells that all of a digit's remaining patterns
 * take, so this is repeated until nothing changes (the fixed point does
 * not depend on the order: a pattern, once dropped, stays dropped).
 *
 * Patterns are never listed: a search walks a digit's patterns row by row
 * and keeps only what the steps need (the cells all of them take, the
 * cells any takes, how many there are): at most 46656 per digit on an
 * empty grid, a few dozen on a real position.  Library only: neither
 * rater's order uses templates (tech_table.c).
 */
#include "tech.h"
#include "tech_digits.h"

/* What the patterns of one digit have in common. */
struct tpl_digit {
    tech_cells all;    /* the cells every pattern takes */
    tech_cells any;    /* the cells some pattern takes */
    tech_cells placed; /* the cells where the digit is placed */
    tech_cells cands;  /* the cells where it is a candidate */
    long count;        /* how many patterns */
};

/* One digit's walk: free[r] the columns of row r the pattern may take
 * (rows where the digit is placed are already in path). */
struct tpl_walk {
    uint16_t free[9];
    uint8_t rows[9]; /* the rows without the digit, in order */
    int n_rows;
    struct tpl_digit *out;
};

/* Walks the rows from rows[i] on, columns used and, in the current band,
 * the stacks used (bit s), the cells taken so far in path. */
static void tpl_walk(struct tpl_walk *w, int i, unsigned used_cols,
                     unsigned band_stacks, tech_cells path)
{
    if (i == w->n_rows) {
        w->out->all &= path;
        w->out->any |= path;
        w->out->count++;
        return;
    }
    int r = w->rows[i];
    unsigned open = w->free[r] & ~used_cols;
    for (unsigned s = band_stacks; s; s &= s - 1)
        open &= ~(7u << (3 * bits_lowest(s)));
    int last_of_band = i + 1 == w->n_rows || w->rows[i + 1] / 3 != r / 3;
    for (; open; open &= open - 1) {
        int c = bits_lowest(open);
        unsigned stacks = band_stacks | 1u << (c / 3);
        tpl_walk(w, i + 1, used_cols | 1u << c, last_of_band ? 0 : stacks,
                 path | tech_cell_bit(r * 9 + c));
    }
}

/* The patterns of digit d that avoid the cells of blocked. */
static void tpl_digit(const struct human_state *st, int d, tech_cells blocked,
                      struct tpl_digit *out)
{
    struct tpl_walk w;
    unsigned used_cols = 0;
    uint16_t stacks[3] = {0, 0, 0}; /* per band, the stacks holding d */
    out->placed = out->cands = 0;
    out->count = 0;
    w.n_rows = 0;
    w.out = out;
    for (int r = 0; r < 9; r++) {
        w.free[r] = 0;
        int placed_at = -1;
        for (int c = 0; c < 9; c++) {
            int cell = r * 9 + c;
            if (st->value[cell] == d)
                placed_at = c;
            else if (tech_has(st, cell, d)) {
                out->cands |= tech_cell_bit(cell);
                if (!(blocked & tech_cell_bit(cell)))
                    w.free[r] |= (uint16_t)(1u << c);
            }
        }
        if (placed_at >= 0) {
            out->placed |= tech_cell_bit(r * 9 + placed_at);
            used_cols |= 1u << placed_at;
            stacks[r / 3] |= (uint16_t)(1u << (placed_at / 3));
        } else {
            w.rows[w.n_rows++] = (uint8_t)r;
        }
    }
    /* a candidate never shares a house with the digit placed (the
     * candidates are the placed digits' peers' complement), so the
     * placed cells' columns and stacks need no masking; checked anyway
     * for a position whose candidates were set by hand */
    for (int i = 0; i < w.n_rows; i++) {
        int r = w.rows[i];
        unsigned s = stacks[r / 3];
        w.free[r] &= (uint16_t)~used_cols;
        for (; s; s &= s - 1)
            w.free[r] &= (uint16_t)~(7u << (3 * bits_lowest(s)));
    }
    out->all = ~(tech_cells)0;
    out->any = 0;
    tpl_walk(&w, 0, used_cols, 0, out->placed);
}

/* Every digit's refined patterns; 0 when some digit has none (the
 * position has no solution: nothing is to be said about it). */
static int tpl_build(const struct human_state *st, struct tpl_digit t[9])
{
    tech_cells blocked[9];
    for (int d = 1; d <= 9; d++) {
        blocked[d - 1] = 0;
        tpl_digit(st, d, 0, &t[d - 1]);
        if (!t[d - 1].count)
            return 0;
    }
    for (int changed = 1; changed;) {
        changed = 0;
        for (int d = 1; d <= 9; d++) {
            tech_cells others = 0;
            for (int k = 1; k <= 9; k++)
                if (k != d)
                    others |= t[k - 1].all;
            others &= t[d - 1].cands; /* what d's patterns could take */
            if (others == blocked[d - 1])
                continue;
            blocked[d - 1] = others;
            tech_cells before = t[d - 1].all;
            tpl_digit(st, d, others, &t[d - 1]);
            if (!t[d - 1].count)
                return 0;
            changed |= t[d - 1].all != before;
        }
    }
    return 1;
}

/* "G4 loses 3 and 5, H5 loses 2": the cells of set and their candidates
 * other than d (none for a naked single). */
static void tpl_say_others(struct human_step *step, const struct human_state *st,
                           tech_cells set, int d)
{
    int first = 1;
    for (; set; set &= set - 1) {
        int cell = tech_cells_lowest(set);
        unsigned others = st->cand[cell] & ~tech_bit(d);
        if (!others)
            continue;
        tech_say(step, "%s", first ? "" : ", ");
        tech_say_cell(step, cell);
        tech_say(step, " loses ");
        tech_say_digits(step, others);
        first = 0;
    }
}

/* The sentence's start: what the patterns of d are. */
static void tpl_say_patterns(struct human_step *step, int d, const struct tpl_digit *t)
{
    tech_say(step,
             "Pattern Overlay: %d fits %ld pattern%s (one %d in every row, column and "
             "box, on its candidates and clear of the cells all patterns of another "
             "digit take); ",
             d, t->count, t->count == 1 ? "" : "s", d);
}

/* The cells the patterns of d take, as the step's causes. */
static void tpl_causes(struct human_step *step, int d, const struct tpl_digit *t)
{
    for (tech_cells s = t->any & ~t->placed; s; s &= s - 1)
        tech_cause(step, tech_cells_lowest(s), d);
}

/* Template set (set: 1) or Template delete steps, digit by digit. */
static int tpl_find(struct tech_ctx *ctx, struct human_step *step, int set)
{
    const struct human_state *st = ctx->st;
    struct tpl_digit t[9];
    if (!tpl_build(st, t))
        return 0;
    for (int d = 1; d <= 9; d++) {
        const struct tpl_digit *td = &t[d - 1];
        tech_cells cells = set ? td->all & ~td->placed : td->cands & ~td->any;
        tech_step_reset(step);
        for (tech_cells s = cells; s; s &= s - 1) {
            int cell = tech_cells_lowest(s);
            tech_eliminate_mask(step, st, cell,
                                set ? st->cand[cell] & ~tech_bit(d) : tech_bit(d));
        }
        if (!step->n_elim)
            continue; /* set: naked singles already */
        tpl_causes(step, d, td);
        tpl_say_patterns(step, d, td);
        if (set) {
            tech_say(step, "%s puts %d in ", td->count == 1 ? "it" : "every one", d);
            tech_say_cell_set(step, cells);
            tech_say(step, ", so %d is placed there: ", d);
            tpl_say_others(step, st, cells, d);
        } else {
            tech_say(step, "%s its other candidates, so ",
                     td->count == 1 ? "it leaves out" : "none takes any of");
            tech_say_elims(step);
        }
        if (tech_found(ctx, step))
            return 1;
    }
    return 0;
}

int tech_find_template_set(struct tech_ctx *ctx, struct human_step *step)
{
    return tpl_find(ctx, step, 1);
}

int tech_find_template_delete(struct tech_ctx *ctx, struct human_step *step)
{
    return tpl_find(ctx, step, 0);
}
