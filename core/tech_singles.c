/*
 * tech_singles: the techniques that place a digit: full house, hidden
 * single (in a box, then in a row or column, as Sudoku Explainer rates
 * them 1.2 and 1.5) and naked single.
 */
#include "tech.h"
#include "tech_digits.h"

#include <string.h>

/* House h's full house: its cell (digit in *digit), or -1.  A house that
 * is a contradiction has none: left to human_check. */
static int tech_full_house_cell(const struct human_state *st, int h, int *digit)
{
    int empty = -1;
    unsigned placed = 0;
    for (int i = 0; i < 9; i++) {
        int cell = tech_house_cells[h][i], v = st->value[cell];
        placed |= (1u << v) >> 1; /* tech_bit(v), or 0 for an empty cell */
        empty = v ? empty : cell;
    }
    unsigned missing = HUMAN_ALL_DIGITS & ~placed;
    if (empty < 0 || bits_count(missing) != 1 || !(st->cand[empty] & missing))
        return -1;
    *digit = tech_lowest_digit(missing);
    return empty;
}

/* House h's full house; the text only when asked for (the grader never
 * asks). */
static int full_house_in(const struct human_state *st, int h,
                         struct human_step *step)
{
    int d, empty = tech_full_house_cell(st, h, &d);
    if (empty < 0)
        return 0;
    tech_place(step, empty, d);
    tech_house(step, h);
    if (step->flags & HUMAN_STEP_TEXT) {
        tech_say(step, "Full house: ");
        tech_say_cell(step, empty);
        tech_say(step, " is the last empty cell in ");
        tech_say_house(step, h);
        tech_say(step, ", so it is %d", d);
    }
    return 1;
}

/* The houses with one empty cell, eight counts of house_empty at a time
 * (the last word is houses 19 to 26, of which 19 to 23 were seen in the
 * word before: only 24 to 26 are new). */
int tech_find_full_house(struct tech_ctx *ctx, struct human_step *step)
{
    const struct human_state *st = ctx->st;
    for (int w = 0; w < 4; w++) {
        int h0 = w < 3 ? 8 * w : TECH_HOUSES - 8;
        uint64_t x = bits_load8x8(&st->house_empty[h0]);
        uint64_t one = bits_bytes_one(x) & (w < 3 ? ~0ull : ~0ull << 40);
        for (; one; one &= one - 1)
            if (full_house_in(st, h0 + bits_lowest64(one) / 8, step) &&
                tech_found(ctx, step))
                return 1;
    }
    return 0;
}

/*
 * Hidden singles are found four cells at a time: a 64-bit word holds the
 * candidate masks of four cells of a row, one per 16-bit lane.  For a set
 * of cells, `any` collects the digits seen and `more` those seen in two
 * or more; the digits seen once are any & ~more (bits_load16x4).
 */

/* The digits seen once in lanes 0..2 of (any, more). */
static inline unsigned once_in_3_lanes(uint64_t any, uint64_t more)
{
    uint64_t a1 = any >> 16, a2 = any >> 32;
    more |= (more >> 16) | (more >> 32) | (any & a1) | (a2 & (any | a1));
    return (unsigned)((any | a1 | a2) & ~more & 0xFFFFu);
}

/* The digits seen once in the nine cells p[0..8]. */
static inline unsigned once_in_row(const uint16_t *p)
{
    uint64_t x = bits_load16x4(p), y = bits_load16x4(p + 4);
    uint64_t any = x | y, more = x & y;
    more |= (more >> 32) | (any & (any >> 32));
    any |= any >> 32;
    more |= (more >> 16) | (any & (any >> 16));
    any |= any >> 16;
    more |= any & p[8];
    any |= p[8];
    return (unsigned)(any & ~more & 0xFFFFu);
}

/* The lowest digit of once (each with one place left in house h) and
 * its cell, in *at; returns h. */
static int hidden_single_at(const struct human_state *st, int h, unsigned once,
                            struct human_cand *at)
{
    int d = tech_lowest_digit(once), i = 0;
    while (!(st->cand[tech_house_cells[h][i]] & tech_bit(d)))
        i++;
    at->cell = tech_house_cells[h][i];
    at->digit = (uint8_t)d;
    return h;
}

/* The hidden single of digit at.digit in house h, cell at.cell, as a
 * step; the text only when asked for. */
static inline __attribute__((always_inline)) void
hidden_single_say(struct human_step *step, int h, struct human_cand at)
{
    tech_place(step, at.cell, at.digit);
    tech_house(step, h);
    if (step->flags & HUMAN_STEP_TEXT) {
        tech_say(step, "Hidden single: in ");
        tech_say_house(step, h);
        tech_say(step, " the %d can only go in ", at.digit);
        tech_say_cell(step, at.cell);
    }
}

/* The hidden single that find returns; in collect mode, every hidden
 * single of houses first..last, house by house (the order find scans
 * them in), digits in order. */
static int hidden_single_step(struct tech_ctx *ctx,
                              int (*find)(const struct human_state *,
                                          struct human_cand *),
                              int first, int last, struct human_step *step)
{
    const struct human_state *st = ctx->st;
    struct human_cand at;
    if (!ctx->collect) {
        int h = find(st, &at);
        if (h < 0)
            return 0;
        hidden_single_say(step, h, at);
        return 1;
    }
    for (int h = first; h <= last; h++) {
        uint16_t pos[9];
        tech_house_positions(st, h, pos);
        for (int d = 1; d <= 9; d++) {
            if (bits_count(pos[d - 1]) != 1)
                continue;
            at.cell = tech_house_cells[h][bits_lowest(pos[d - 1])];
            at.digit = (uint8_t)d;
            hidden_single_say(step, h, at);
            if (tech_found(ctx, step))
                return 1;
        }
    }
    return 0;
}

/* A band's three boxes at once: columns 0-3 and 4-7 of its three rows as
 * words, column 8 alone; box 1 is lane 3 of the first word and lanes 0-1
 * of the second. */
static int tech_hidden_single_box_at(const struct human_state *st, struct human_cand *at)
{
    for (int band = 0; band < 3; band++) {
        const uint16_t *p = &st->cand[27 * band];
        uint64_t any[2] = {0, 0}, more[2] = {0, 0};
        unsigned any8 = 0, more8 = 0, once;
        for (int r = 0; r < 3; r++, p += 9) {
            for (int w = 0; w < 2; w++) {
                uint64_t x = bits_load16x4(p + 4 * w);
                more[w] |= any[w] & x;
                any[w] |= x;
            }
            more8 |= any8 & p[8];
            any8 |= p[8];
        }
        if ((once = once_in_3_lanes(any[0], more[0])) != 0)
            return hidden_single_at(st, TECH_BOX(3 * band), once, at);
        if ((once = once_in_3_lanes(any[0] >> 48 | any[1] << 16,
                                    more[0] >> 48 | more[1] << 16)) != 0)
            return hidden_single_at(st, TECH_BOX(3 * band + 1), once, at);
        if ((once = once_in_3_lanes(any[1] >> 32 | (uint64_t)any8 << 32,
                                    more[1] >> 32 | (uint64_t)more8 << 32)) != 0)
            return hidden_single_at(st, TECH_BOX(3 * band + 2), once, at);
    }
    return -1;
}

int tech_find_hidden_single_box(struct tech_ctx *ctx, struct human_step *step)
{
    return hidden_single_step(ctx, tech_hidden_single_box_at, TECH_BOX(0),
                              TECH_BOX(8), step);
}

/* Rows one by one; columns four at a time (a lane per column), column 8
 * alone. */
static int tech_hidden_single_line_at(const struct human_state *st, struct human_cand *at)
{
    for (int r = 0; r < 9; r++) {
        unsigned once = once_in_row(&st->cand[9 * r]);
        if (once)
            return hidden_single_at(st, TECH_ROW(r), once, at);
    }
    for (int c = 0; c < 8; c += 4) {
        uint64_t any = 0, more = 0;
        for (int r = 0; r < 9; r++) {
            uint64_t x = bits_load16x4(&st->cand[9 * r + c]);
            more |= any & x;
            any |= x;
        }
        for (int k = 0; k < 4; k++) {
            unsigned once = (unsigned)((any & ~more) >> (16 * k) & 0xFFFFu);
            if (once)
                return hidden_single_at(st, TECH_COL(c + k), once, at);
        }
    }
    unsigned any = 0, more = 0;
    for (int r = 0; r < 9; r++) {
        more |= any & st->cand[9 * r + 8];
        any |= st->cand[9 * r + 8];
    }
    if (any & ~more)
        return hidden_single_at(st, TECH_COL(8), any & ~more, at);
    return -1;
}

int tech_find_hidden_single_line(struct tech_ctx *ctx, struct human_step *step)
{
    return hidden_single_step(ctx, tech_hidden_single_line_at, TECH_ROW(0),
                              TECH_COL(8), step);
}

#define LANES_WIDE (~(BITS_LANES16_01 * HUMAN_ALL_DIGITS))

/* 0 when none of the four 16-bit candidate masks of x is a single digit
 * (masks past 9 bits are left to the exact test). */
static int may_hold_single(uint64_t x)
{
    return (x & LANES_WIDE) || bits_lanes16_single(x);
}

/* 0 when no cell of the grid has a single candidate: the whole grid in
 * one pass without a branch (most searches that get here find none). */
static int may_hold_naked_single(const struct human_state *st)
{
    uint64_t single = 0, all = 0;
    for (int cell = 0; cell + 4 <= GRID_CELLS; cell += 4) {
        uint64_t x = bits_load16x4(&st->cand[cell]);
        single |= bits_lanes16_single(x);
        all |= x;
    }
    return single || (all & LANES_WIDE) ||
           bits_count(st->cand[GRID_CELLS - 1]) == 1;
}

int tech_find_naked_single(struct tech_ctx *ctx, struct human_step *step)
{
    const struct human_state *st = ctx->st;
    if (!may_hold_naked_single(st))
        return 0;
    for (int cell = 0; cell < GRID_CELLS; cell++) {
        while (cell + 4 <= GRID_CELLS &&
               !may_hold_single(bits_load16x4(&st->cand[cell])))
            cell += 4;
        if (cell >= GRID_CELLS)
            break;
        if (st->value[cell] || bits_count(st->cand[cell]) != 1)
            continue;
        int d = tech_lowest_digit(st->cand[cell]);
        tech_place(step, cell, d);
        tech_cause(step, cell, 0);
        if (step->flags & HUMAN_STEP_TEXT) {
            tech_say(step, "Naked single: ");
            tech_say_cell(step, cell);
            tech_say(step, " has one candidate left, so it is %d", d);
        }
        if (tech_found(ctx, step))
            return 1;
    }
    return 0;
}
