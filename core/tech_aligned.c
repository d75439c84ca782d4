/*
 * tech_aligned: Sudoku Explainer 1.2.1.3's Aligned Pair Exclusion (6.2)
 * and Aligned Triplet Exclusion (7.5), as it defines and chooses them,
 * for its rating pass.
 *
 * Base cells: cells of two candidates or more, none of whose peers is down
 * to one candidate, with at least one peer of two candidates (pairs) or of
 * two or three (triplets): those peers are the cell's excluders.  For a
 * pair (triplet) of base cells with two excluders or more in common, every
 * way of giving the cells one candidate each is tried: it is impossible
 * when two cells that see each other get the same digit, or when it would
 * take every candidate of a common excluder.  A candidate of a base cell
 * that no possible way uses is removed.  The base cells need not see each
 * other (SE's "aligned" is that they share excluders).
 *
 * SE takes the first pair (triplet) with a removal: pairs of base cells in
 * its combination order (base cells in reading order); a triplet's third
 * cell among the base cells that are excluders of the first two (the
 * first's in SE's peer order, then the second's).
 */
#include "tech_digits.h"
#include "tech_se.h"

#include <string.h>

struct aligned {
    const struct human_state *st;
    int degree;
    int n;                         /* base cells */
    uint8_t base[GRID_CELLS];      /* in reading order */
    tech_cells excl[GRID_CELLS];   /* [cell]: its excluders */
    tech_cells is_base;
    /* [i]: the excluders of base[i] that are base cells, in SE's peer
     * order (where a triplet's third cell is looked for) */
    uint8_t n_near[GRID_CELLS];
    uint8_t near[GRID_CELLS][20];
    tech_cells near_set[GRID_CELLS]; /* [i]: the same as a set */
};

static int cells_count(tech_cells s)
{
    return __builtin_popcountll((uint64_t)s) + __builtin_popcountll((uint64_t)(s >> 64));
}

static void aligned_bases(struct aligned *a)
{
    const struct human_state *st = a->st;
    a->n = 0;
    a->is_base = 0;
    for (int cell = 0; cell < GRID_CELLS; cell++) {
        if (bits_count(st->cand[cell]) < 2)
            continue;
        tech_cells excl = 0;
        int single = 0;
        for (tech_cells p = tech_peers(cell); p; p &= p - 1) {
            int c = tech_cells_lowest(p), k = bits_count(st->cand[c]);
            single |= k == 1;
            if (k >= 2 && k <= a->degree)
                excl |= tech_cell_bit(c);
        }
        if (single || !excl)
            continue;
        a->base[a->n++] = (uint8_t)cell;
        a->excl[cell] = excl;
        a->is_base |= tech_cell_bit(cell);
    }
}

/* The removals the cells cells[0..k) allow (k = a->degree), given their
 * common excluders, into step; returns how many. */
static int aligned_try(const struct aligned *a, const uint8_t *cells, tech_cells common,
                       struct human_step *step)
{
    const struct human_state *st = a->st;
    int k = a->degree;
    unsigned ex[20];
    int n_ex = 0;
    for (tech_cells m = common; m && n_ex < 20; m &= m - 1)
        ex[n_ex++] = st->cand[tech_cells_lowest(m)];
    unsigned used[3] = {0, 0, 0}; /* digits some possible way gives each cell */
    unsigned c2 = k > 2 ? st->cand[cells[2]] : 1; /* one pass when a pair */
    int see01 = tech_sees(cells[0], cells[1]);
    int see02 = k > 2 && tech_sees(cells[0], cells[2]);
    int see12 = k > 2 && tech_sees(cells[1], cells[2]);
    for (unsigned m0 = st->cand[cells[0]]; m0; m0 &= m0 - 1)
        for (unsigned m1 = st->cand[cells[1]]; m1; m1 &= m1 - 1)
            for (unsigned m2 = c2; m2; m2 &= m2 - 1) {
                unsigned b0 = m0 & -m0, b1 = m1 & -m1, b2 = k > 2 ? m2 & -m2 : 0;
                if ((see01 && b0 == b1) || (see02 && b0 == b2) || (see12 && b1 == b2))
                    continue;
                unsigned way = b0 | b1 | b2;
                int ok = 1;
                for (int e = 0; e < n_ex && ok; e++)
                    ok = (ex[e] & ~way) != 0;
                if (!ok)
                    continue;
                used[0] |= b0;
                used[1] |= b1;
                used[2] |= b2;
            }
    tech_step_reset(step);
    for (int i = 0; i < k; i++)
        tech_eliminate_mask(step, st, cells[i], st->cand[cells[i]] & ~used[i]);
    if (step->n_elim == 0)
        return 0;
    for (int i = 0; i < k; i++)
        tech_cause(step, cells[i], 0);
    uint8_t ec[20];
    int n_ec = 0;
    for (tech_cells m = common; m && n_ec < 20; m &= m - 1) {
        ec[n_ec] = (uint8_t)tech_cells_lowest(m);
        tech_cause(step, ec[n_ec++], 0);
    }
    tech_say(step, "Aligned %s Exclusion: of the ways to fill ", k == 2 ? "Pair" : "Triplet");
    tech_say_cells(step, cells, k, 1);
    tech_say(step, ", those that would empty one of ");
    tech_say_cells(step, ec, n_ec, 1);
    tech_say(step, " (which all of them see) or repeat a digit in a house are "
                   "impossible, so ");
    tech_say_elims(step);
    step->rating = k == 2 ? 62 : 75;
    return step->n_elim;
}

int tech_find_aligned_pair_exclusion(struct tech_ctx *ctx, struct human_step *step)
{
    struct aligned a;
    a.st = ctx->st;
    a.degree = 2;
    aligned_bases(&a);
    for (int j = 1; j < a.n; j++)
        for (int i = 0; i < j; i++) {
            uint8_t cells[2] = {a.base[i], a.base[j]};
            tech_cells common = a.excl[cells[0]] & a.excl[cells[1]];
            if (cells_count(common) >= 2 && aligned_try(&a, cells, common, step) &&
                tech_found(ctx, step))
                return 1;
        }
    tech_step_reset(step);
    return 0;
}

/* 1 when the pairs before (i, j) in SE's order (j, then i, increasing)
 * met the triplet base[i], base[j], base[k] already (with the third in
 * their tail): in normal mode it had nothing to remove, in collect mode
 * it was reported; either way it adds nothing. */
static int triplet_met(const struct aligned *a, int i, int j, int k)
{
    if (k > j)
        return 0; /* (i, j) is the triplet's first pair */
    int lo = k < i ? k : i, mid = k < i ? i : k; /* the others: lo < mid < j */
    /* (lo, mid) with j in its tail, then (lo, j) with mid in its tail
     * (before (mid, j) = (i, j) when k < i) */
    tech_cells jbit = tech_cell_bit(a->base[j]), midbit = tech_cell_bit(a->base[mid]);
    if ((a->near_set[lo] | a->near_set[mid]) & jbit)
        return 1;
    return k < i && ((a->near_set[lo] | a->near_set[j]) & midbit) != 0;
}

int tech_find_aligned_triplet_exclusion(struct tech_ctx *ctx, struct human_step *step)
{
    struct aligned a;
    a.st = ctx->st;
    a.degree = 3;
    aligned_bases(&a);
    if (a.n < 3)
        return 0;
    for (int i = 0; i < a.n; i++) {
        uint8_t peers[20];
        tech_se_peers(a.base[i], peers);
        a.n_near[i] = 0;
        for (int p = 0; p < 20; p++)
            if (a.excl[a.base[i]] & a.is_base & tech_cell_bit(peers[p]))
                a.near[i][a.n_near[i]++] = peers[p];
        a.near_set[i] = a.excl[a.base[i]] & a.is_base;
    }
    int index[GRID_CELLS]; /* a base cell's place in base[] */
    for (int i = 0; i < a.n; i++)
        index[a.base[i]] = i;
    for (int j = 1; j < a.n; j++)
        for (int i = 0; i < j; i++) {
            uint8_t cells[3] = {a.base[i], a.base[j], 0};
            tech_cells two = a.excl[cells[0]] & a.excl[cells[1]];
            if (cells_count(two) < 2)
                continue;
            /* the third cell: base cells among the two's excluders, in
             * SE's order (the first's peers, then the second's) */
            uint8_t tail[40];
            int n_tail = 0;
            tech_cells have = tech_cell_bit(cells[0]) | tech_cell_bit(cells[1]);
            for (int k = 0; k < 2; k++) {
                int b = k ? j : i;
                for (int p = 0; p < a.n_near[b]; p++) {
                    tech_cells bit = tech_cell_bit(a.near[b][p]);
                    if (!(have & bit)) {
                        tail[n_tail++] = a.near[b][p];
                        have |= bit;
                    }
                }
            }
            for (int t = 0; t < n_tail; t++) {
                cells[2] = tail[t];
                if (triplet_met(&a, i, j, index[tail[t]]))
                    continue;
                tech_cells common = two & a.excl[cells[2]];
                if (cells_count(common) >= 2 && aligned_try(&a, cells, common, step) &&
                    tech_found(ctx, step))
                    return 1;
            }
        }
    tech_step_reset(step);
    return 0;
}
