/*
 * tech_digits: where every digit can go in every house, all at once, for
 * the techniques that follow one digit across many houses (fish, single
 * digit patterns, colouring).  Internal to core/.
 */
#ifndef SUDOKU_TECH_DIGITS_H
#define SUDOKU_TECH_DIGITS_H

#include "tech.h"

/* A set of cells, bit i for cell i (a compiler extension that GCC and
 * Clang both have: one register pair instead of loops over 81 cells). */
__extension__ typedef unsigned __int128 tech_cells;

static inline tech_cells tech_cell_bit(int cell)
{
    return (tech_cells)1 << cell;
}

/* The cells that see each cell (its row, column and box, itself
 * excepted): a constant table, as the techniques ask for peers in their
 * inner loops. */
extern const tech_cells tech_peers_table[GRID_CELLS];

static inline tech_cells tech_peers(int cell)
{
    return tech_peers_table[cell];
}

/* Lowest cell of a non-empty set. */
static inline int tech_cells_lowest(tech_cells s)
{
    uint64_t lo = (uint64_t)s;
    return lo ? __builtin_ctzll(lo) : 64 + __builtin_ctzll((uint64_t)(s >> 64));
}

struct tech_digits {
    /* pos[d-1][house]: bit i set when position i of the house (tech.h
     * order) still has candidate d. */
    uint16_t pos[9][TECH_HOUSES];
    tech_cells cells[9];   /* [d-1]: the cells with candidate d */
};

void tech_digits_build(const struct human_state *st, struct tech_digits *dg);

/*
 * The 54 segments (three cells where a line meets a box), summarised
 * once per search so that the intersection techniques test each box or
 * line with a few mask operations and build a step only where it
 * succeeds.  [0][r][k]: row r in box column k; [1][c][k]: column c in
 * box row k.  cand: digits of the segment's empty cells; twice: digits in
 * two or more of them.
 */
struct tech_segs {
    unsigned cand[2][9][3], twice[2][9][3];
};

void tech_segs_build(const struct human_state *st, struct tech_segs *sg);

/*
 * The context of one search (human_find_step): the state and what is
 * derived from it, built on first use.  It lives on the caller's stack
 * for one search, so it cannot go stale; public find functions make their
 * own.
 */
struct tech_ctx {
    const struct human_state *st;
    int have_digits, have_segs;
    struct tech_digits dg;
    struct tech_segs segs;
};

static inline void tech_ctx_init(struct tech_ctx *ctx, const struct human_state *st)
{
    ctx->st = st;
    ctx->have_digits = 0;
    ctx->have_segs = 0;
}

/* The per-digit positions of ctx->st (built on the first call). */
const struct tech_digits *tech_ctx_digits(struct tech_ctx *ctx);

/* The segments of ctx->st (built on the first call). */
const struct tech_segs *tech_ctx_segs(struct tech_ctx *ctx);

/* Position of cell inside its box (0..8, reading order). */
static inline int tech_box_pos(int cell)
{
    return (tech_row_of(cell) % 3) * 3 + tech_col_of(cell) % 3;
}

/* 1 when cell still has candidate digit. */
static inline int tech_has(const struct human_state *st, int cell, int digit)
{
    return !st->value[cell] && (st->cand[cell] & tech_bit(digit)) != 0;
}

/* The cell at position i of a row (line 0..8) or a column (9..17) when
 * the lines are seen as rows (cols == 0) or columns (cols == 1). */
static inline int tech_line_cell(int cols, int line, int i)
{
    return cols ? i * 9 + line : line * 9 + i;
}

#endif
