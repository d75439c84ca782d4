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

const struct tech_digits *tech_ctx_digits(struct tech_ctx *ctx)
{
    if (!ctx->have_digits) {
        tech_digits_build(ctx->st, &ctx->dg);
        ctx->have_digits = 1;
    }
    return &ctx->dg;
}

void tech_segs_build(const struct human_state *st, struct tech_segs *sg)
{
    unsigned m[GRID_CELLS];
    for (int cell = 0; cell < GRID_CELLS; cell++)
        m[cell] = st->value[cell] ? 0 : st->cand[cell] & HUMAN_ALL_DIGITS;
    for (int l = 0; l < 9; l++) {
        for (int k = 0; k < 3; k++) {
            const unsigned *r = &m[l * 9 + 3 * k], *c = &m[27 * k + l];
            sg->cand[0][l][k] = r[0] | r[1] | r[2];
            sg->twice[0][l][k] = (r[0] & r[1]) | (r[2] & (r[0] | r[1]));
            sg->cand[1][l][k] = c[0] | c[9] | c[18];
            sg->twice[1][l][k] = (c[0] & c[9]) | (c[18] & (c[0] | c[9]));
        }
    }
}

void tech_memo_init(struct tech_memo *memo)
{
    memo->version = 0;
    memset(memo->house_changed, 0, sizeof memo->house_changed);
    memset(memo->digit_changed, 0, sizeof memo->digit_changed);
    memset(memo->failed, 0, sizeof memo->failed);
    memset(memo->whole, 0, sizeof memo->whole);
}

/* Marks the three houses of cell changed at version v. */
static void memo_cell(struct tech_memo *m, int cell, uint16_t v)
{
    m->changed[v] |= tech_cell_bit(cell);
    m->house_changed[TECH_ROW(tech_row_of(cell))] = v;
    m->house_changed[TECH_COL(tech_col_of(cell))] = v;
    m->house_changed[TECH_BOX(tech_box_of(cell))] = v;
}

void tech_memo_note(struct tech_memo *memo, const struct human_state *st,
                    const struct human_step *step)
{
    if (memo->version + 1 >= TECH_MEMO_VERSIONS) {
        tech_memo_init(memo);     /* never in a solve: forget everything */
        return;
    }
    uint16_t v = ++memo->version;
    memo->changed[v] = 0;
    for (int i = 0; i < step->n_elim; i++) {
        memo_cell(memo, step->elim[i].cell, v);
        memo->digit_changed[step->elim[i].digit - 1] = v;
    }
    /* A placement changes its cell, the digits it held, and the peers
     * that lose the digit (marked whether or not an earlier placement of
     * the step already took it: more is only slower). */
    for (int i = 0; i < step->n_place; i++) {
        int cell = step->place[i].cell, d = step->place[i].digit;
        memo_cell(memo, cell, v);
        memo->digit_changed[d - 1] = v;
        for (unsigned m = st->cand[cell]; m; m &= m - 1)
            memo->digit_changed[tech_lowest(m)] = v;
        for (tech_cells p = tech_peers(cell); p; p &= p - 1) {
            int q = tech_cells_lowest(p);
            if (st->cand[q] & tech_bit(d))
                memo_cell(memo, q, v);
        }
    }
}

tech_cells tech_memo_changed(const struct tech_ctx *ctx, int slot)
{
    const struct tech_memo *m = ctx->memo;
    if (!m || !m->whole[slot])
        return ~(tech_cells)0;
    tech_cells changed = 0;
    for (int v = m->whole[slot]; v <= m->version; v++)
        changed |= m->changed[v];
    return changed;
}

const tech_cells *tech_ctx_counts(struct tech_ctx *ctx)
{
    if (!ctx->have_counts) {
        /* a 4-bit counter per cell, bit-sliced: adds the nine digits' cell
         * sets (which hold empty cells only) */
        const struct tech_digits *dg = tech_ctx_digits(ctx);
        tech_cells b0 = 0, b1 = 0, b2 = 0, b3 = 0;
        for (int d = 0; d < 9; d++) {
            tech_cells x = dg->cells[d], c0 = b0 & x, c1, c2;
            b0 ^= x;
            c1 = b1 & c0;
            b1 ^= c0;
            c2 = b2 & c1;
            b2 ^= c1;
            b3 |= c2;
        }
        ctx->counts[0] = b0 | b1 | b2 | b3;
        for (int k = 1; k <= 9; k++)
            ctx->counts[k] = (k & 1 ? b0 : ~b0) & (k & 2 ? b1 : ~b1) &
                             (k & 4 ? b2 : ~b2) & (k & 8 ? b3 : ~b3);
        ctx->have_counts = 1;
    }
    return ctx->counts;
}

const struct tech_segs *tech_ctx_segs(struct tech_ctx *ctx)
{
    if (!ctx->have_segs) {
        tech_segs_build(ctx->st, &ctx->segs);
        ctx->have_segs = 1;
    }
    return &ctx->segs;
}

#define PEERS_ROW0 ((tech_cells)0x1FF)
#define PEERS_COL0 (((tech_cells)1 << 72) | (tech_cells)0x8040201008040201ull)
#define PEERS_BOX0 ((tech_cells)(0x7 | (0x7 << 9) | (0x7 << 18)))
#define PEERS(c) ((PEERS_ROW0 << (9 * ((c) / 9)) | PEERS_COL0 << ((c) % 9) | \
                   PEERS_BOX0 << (27 * ((c) / 27) + 3 * ((c) % 9 / 3))) & \
                  ~((tech_cells)1 << (c)))
#define PEERS_ROW(r) PEERS(9 * (r)), PEERS(9 * (r) + 1), PEERS(9 * (r) + 2), \
    PEERS(9 * (r) + 3), PEERS(9 * (r) + 4), PEERS(9 * (r) + 5), \
    PEERS(9 * (r) + 6), PEERS(9 * (r) + 7), PEERS(9 * (r) + 8)

#define HOUSE_ROW(r) (PEERS_ROW0 << (9 * (r)))
#define HOUSE_COL(c) (PEERS_COL0 << (c))
#define HOUSE_BOX(b) (PEERS_BOX0 << (27 * ((b) / 3) + 3 * ((b) % 3)))

const tech_cells tech_house_set[TECH_HOUSES] = {
    HOUSE_ROW(0), HOUSE_ROW(1), HOUSE_ROW(2), HOUSE_ROW(3), HOUSE_ROW(4),
    HOUSE_ROW(5), HOUSE_ROW(6), HOUSE_ROW(7), HOUSE_ROW(8),
    HOUSE_COL(0), HOUSE_COL(1), HOUSE_COL(2), HOUSE_COL(3), HOUSE_COL(4),
    HOUSE_COL(5), HOUSE_COL(6), HOUSE_COL(7), HOUSE_COL(8),
    HOUSE_BOX(0), HOUSE_BOX(1), HOUSE_BOX(2), HOUSE_BOX(3), HOUSE_BOX(4),
    HOUSE_BOX(5), HOUSE_BOX(6), HOUSE_BOX(7), HOUSE_BOX(8),
};

const tech_cells tech_peers_table[GRID_CELLS] = {
    PEERS_ROW(0), PEERS_ROW(1), PEERS_ROW(2), PEERS_ROW(3), PEERS_ROW(4),
    PEERS_ROW(5), PEERS_ROW(6), PEERS_ROW(7), PEERS_ROW(8),
};
