/*
 * tech_digits: builds the per-digit position masks of every house in one
 * pass over the grid, and owns SE's chain-length rating rule shared by the
 * techniques rated as the chain Sudoku Explainer would use.
 */
#include "tech_digits.h"

#include <string.h>

void tech_digits_build(const struct human_state *st, struct tech_digits *dg)
{
    memset(dg, 0, sizeof *dg);
    for (int cell = 0; cell < GRID_CELLS; cell++) {
        if (st->value[cell])
            continue;
        int r = tech_row_of(cell), c = tech_col_of(cell);
        int b = tech_box_of(cell), bp = tech_box_pos(cell);
        for (unsigned m = st->cand[cell]; m; m &= m - 1) {
            uint16_t *p = dg->pos[tech_lowest(m)];
            p[TECH_ROW(r)] = (uint16_t)(p[TECH_ROW(r)] | (1u << c));
            p[TECH_COL(c)] = (uint16_t)(p[TECH_COL(c)] | (1u << r));
            p[TECH_BOX(b)] = (uint16_t)(p[TECH_BOX(b)] | (1u << bp));
            dg->cells[tech_lowest(m)] |= tech_cell_bit(cell);
        }
    }
}

tech_cells tech_peers(int cell)
{
    const tech_cells row0 = 0x1FF;
    const tech_cells col0 = ((tech_cells)1 << 72) | 0x8040201008040201ull;
    const tech_cells box0 = 0x7 | (0x7 << 9) | (0x7 << 18);
    int r = tech_row_of(cell), c = tech_col_of(cell);
    tech_cells s = (row0 << (9 * r)) | (col0 << c) |
                   (box0 << (27 * (r / 3) + 3 * (c / 3)));
    return s & ~tech_cell_bit(cell);
}

int tech_chain_length_rating(int length)
{
    int added = 0, ceil = 4, odd = 0;
    while (length > ceil) {
        added++;
        ceil = odd ? ceil * 4 / 3 : ceil * 3 / 2;
        odd = !odd;
    }
    return added;
}
