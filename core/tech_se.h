/*
 * tech_se: what the producers written to Sudoku Explainer 1.2.1.3's
 * definitions share (tech_se_unique.c, tech_aligned.c): the order in
 * which SE visits a cell's houses and their cells, its order of
 * combinations, and its difficulties as the step's rating.  Internal to
 * core/.
 *
 * SE takes the first hint a producer hands it, so which instance a
 * producer reports depends on these orders; a producer that sorts its
 * hints (the unique loops) takes the first of the lowest difficulty.
 */
#ifndef SUDOKU_TECH_SE_H
#define SUDOKU_TECH_SE_H

#include "tech.h"

/* SE's house types in its order: box, row, column. */
enum { TECH_SE_BOX = 0, TECH_SE_ROW = 1, TECH_SE_COL = 2 };

/* The house of type t (TECH_SE_BOX ...) holding cell (tech.h numbering). */
static inline int tech_se_house(int cell, int t)
{
    return t == TECH_SE_BOX   ? TECH_BOX(tech_box_of(cell))
           : t == TECH_SE_ROW ? TECH_ROW(tech_row_of(cell))
                              : TECH_COL(tech_col_of(cell));
}

/* The 20 cells that see cell, in SE's order: its box in reading order,
 * then its row, then its column, each cell once. */
static inline void tech_se_peers(int cell, uint8_t out[20])
{
    int n = 0;
    for (int t = 0; t < 3; t++) {
        const uint8_t *hc = tech_house_cells[tech_se_house(cell, t)];
        for (int i = 0; i < 9; i++) {
            int c = hc[i], dup = c == cell;
            for (int k = 0; k < n && !dup; k++)
                dup = out[k] == c;
            if (!dup)
                out[n++] = (uint8_t)c;
        }
    }
}

/* The next k-subset of {0..n-1} as a bit mask after m, in SE's order
 * (increasing value); start from (1 << k) - 1 (k > 0), stop once the
 * result reaches 1 << n. */
static inline unsigned tech_se_comb_next(unsigned m)
{
    unsigned low = m & -m, ripple = m + low;
    return ripple | (((m ^ ripple) >> 2) / low);
}

/* A difficulty of SE's (a double, computed as SE computes it) in
 * tenths, as human_step.rating holds it. */
static inline int tech_se_tenths(double difficulty)
{
    return (int)(difficulty * 10.0 + 0.5);
}

#endif
