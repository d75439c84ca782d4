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
    tech_cells small; /* cells of two candidates (or three: triplets) */
};

/* 1 when s holds two cells or more (no population count: without
 * -mpopcnt it is a long sequence, and only "two or more" is asked). */
static int two_or_more(tech_cells s)
{
    return (s & (s - 1)) != 0;
}

/* The base cells (a->small set first), from the cells by candidate
 * count. */
static void aligned_bases(struct aligned *a, const tech_cells *counts)
{
    a->n = 0;
    a->is_base = 0;
    tech_cells small = a->small;
    for (int k = 2; k <= 9; k++)
        for (tech_cells m = counts[k]; m; m &= m - 1) {
            int cell = tech_cells_lowest(m);
            tech_cells p = tech_peers(cell);
            if (!(p & small) || (p & counts[1]))
                continue;
            a->excl[cell] = p & small;
            a->is_base |= tech_cell_bit(cell);
        }
    for (tech_cells m = a->is_base; m; m &= m - 1)
        a->base[a->n++] = (uint8_t)tech_cells_lowest(m);
}

/*
 * The digits each of cells[0..k) (k = a->degree) gets in some possible
 * way, given their common excluders, into used[]; returns 1 when some
 * candidate is in no possible way (there is a removal).  The last cell's
 * digits are taken as a mask: for the digits p given to the others, a
 * common excluder rules out the last cell's digit that would complete
 * it (or every digit when p takes it whole).  The cell of most
 * candidates is put last, and the search ends once every candidate is
 * used: the result is the same, found with fewer ways tried.
 *
 * A common excluder with a digit that none of the cells has never has
 * all its digits taken: left out.  With none left, only two cells that
 * see each other and get the same digit rule a way out, and the cells
 * have two candidates or more: a digit d of one cell A is in no way only
 * when the others B and C both see A and each other and hold d and one
 * same digit e alone (else B takes a digit other than d, or d when it
 * does not see A, and C one that neither A's nor B's rules out).  So
 * without such a pair of cells, every candidate is used: 0 at once.
 */
static int aligned_fills(const struct aligned *a, const uint8_t *cells, tech_cells common,
                         unsigned used[3])
{
    const struct human_state *st = a->st;
    int k = a->degree;
    unsigned ex[20], digits = 0;
    int n_ex = 0;
    for (int i = 0; i < k; i++)
        digits |= st->cand[cells[i]];
    for (tech_cells m = common; m && n_ex < 20; m &= m - 1) {
        unsigned x = st->cand[tech_cells_lowest(m)];
        if (!(x & ~digits))
            ex[n_ex++] = x;
    }
    if (n_ex == 0) {
        int pair = 0; /* two cells of the same two candidates */
        for (int i = 0; i < k; i++)
            for (int j = i + 1; j < k; j++)
                pair |= st->cand[cells[i]] == st->cand[cells[j]] &&
                        bits_count(st->cand[cells[i]]) == 2;
        if (!pair)
            return 0;
    }
    int o[3] = {0, 1, 2}; /* o[k - 1]: the cell taken as a mask */
    for (int i = 0; i < k - 1; i++)
        if (bits_count(st->cand[cells[o[i]]]) > bits_count(st->cand[cells[o[k - 1]]])) {
            int t = o[i];
            o[i] = o[k - 1];
            o[k - 1] = t;
        }
    int last = cells[o[k - 1]];
    unsigned c0 = st->cand[cells[o[0]]], c1 = k > 2 ? st->cand[cells[o[1]]] : 1;
    unsigned cl = st->cand[last];
    int see01 = k > 2 && tech_sees(cells[o[0]], cells[o[1]]);
    unsigned see0l = tech_sees(cells[o[0]], last) ? ~0u : 0;
    unsigned see1l = k > 2 && tech_sees(cells[o[1]], last) ? ~0u : 0;
    unsigned u0 = 0, u1 = k > 2 ? 0 : 1, ul = 0;
    for (unsigned m0 = c0; m0; m0 &= m0 - 1) {
        unsigned b0 = m0 & -m0;
        for (unsigned m1 = c1; m1; m1 &= m1 - 1) {
            unsigned b1 = k > 2 ? m1 & -m1 : 0, p = b0 | b1;
            if (see01 && b0 == b1)
                continue;
            unsigned bad = (b0 & see0l) | (b1 & see1l);
            for (int e = 0; e < n_ex; e++) {
                unsigned r = ex[e] & ~p;
                if (!(r & (r - 1)))
                    bad |= r ? r : ~0u;
            }
            unsigned v = cl & ~bad;
            if (!v)
                continue;
            u0 |= b0;
            u1 |= b1;
            ul |= v;
            if (u1 == c1 && ul == cl)
                break; /* b0 is used; the rest adds nothing */
        }
        if (u0 == c0 && u1 == c1 && ul == cl)
            return 0; /* b0 the last digit of c0 to be used, or all are */
    }
    used[o[0]] = u0;
    used[o[k - 1]] = ul;
    if (k > 2)
        used[o[1]] = u1;
    return u0 != c0 || u1 != c1 || ul != cl;
}

/* A cell of two candidates, p, is one more of the cells whose partners
 * with[] holds: with[d - 1], the digits that make with d the candidates
 * of one of them. */
static void aligned_partner(unsigned p, unsigned with[9])
{
    unsigned lo = p & -p;
    with[bits_lowest(lo)] |= p ^ lo;
    with[bits_lowest(p ^ lo)] |= lo;
}

/*
 * What aligned_pair_blocked can find for the pairs of one cell cj, from
 * the partners of all its excluders (a pair's common excluders are among
 * them): another cell can lose digit d only when each candidate of cj but
 * d pairs with d in them (lose), and cj can lose d only when each
 * candidate of the other cell is d or pairs with d in them (cover[]).  A
 * pair that neither allows is not asked.
 */
struct aligned_screen {
    unsigned lose;
    int n_cover;
    unsigned cover[9];
};

/* The screen of a cell of candidates cand whose excluders' partners are
 * with[]; 0 when it allows no pair. */
static int aligned_screen_of(unsigned cand, const unsigned with[9], struct aligned_screen *sc)
{
    sc->lose = 0;
    sc->n_cover = 0;
    for (int i = 0; i < 9; i++) {
        if (!with[i])
            continue; /* (cand has two digits or more) */
        if (!(cand & ~with[i] & ~(1u << i)))
            sc->lose |= 1u << i;
        if (cand & (1u << i))
            sc->cover[sc->n_cover++] = with[i] | 1u << i;
    }
    return sc->lose || sc->n_cover;
}

/* 1 when the screen allows the pair of its cell with a cell of
 * candidates cand. */
static int aligned_screen_pass(const struct aligned_screen *sc, unsigned cand)
{
    if (cand & sc->lose)
        return 1;
    for (int i = 0; i < sc->n_cover; i++)
        if (!(cand & ~sc->cover[i]))
            return 1;
    return 0;
}

/* For a pair (a->degree 2) of cells ca, cb: 1 when aligned_fills would
 * find a candidate of one of them in no possible way, asked with less
 * work.  The common excluders hold two candidates each, so the way giving
 * ca digit d and cb digit e is impossible when e pairs with d in one of
 * them, or e is d and the two see each other: d is in no way when every
 * candidate of cb is so. */
static int aligned_pair_blocked(const struct human_state *st, int ca, int cb,
                                tech_cells common)
{
    unsigned with[9] = {0}; /* [d - 1]: the digits pairing with d */
    for (; common; common &= common - 1)
        aligned_partner(st->cand[tech_cells_lowest(common)], with);
    unsigned self = tech_sees(ca, cb) ? ~0u : 0, c[2] = {st->cand[ca], st->cand[cb]};
    for (int i = 0; i < 2; i++)
        for (unsigned m = c[i]; m; m &= m - 1) {
            unsigned d = m & -m;
            if (!(c[1 - i] & ~with[bits_lowest(d)] & ~(d & self)))
                return 1;
        }
    return 0;
}

/* The removals the cells cells[0..k) allow (k = a->degree), given their
 * common excluders, into step; returns how many. */
static int aligned_try(const struct aligned *a, const uint8_t *cells, tech_cells common,
                       struct human_step *step)
{
    const struct human_state *st = a->st;
    int k = a->degree;
    unsigned used[3] = {0, 0, 0}; /* digits some possible way gives each cell */
    if (!aligned_fills(a, cells, common, used))
        return 0;
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

/* The cells x forms a pair with (their seeing each other and one of
 * them having three candidates or less: one is an excluder of the other,
 * as a triplet's third cell must be of one of the first two). */
static tech_cells aligned_adjacent(const struct aligned *a, tech_cells wide, int x)
{
    return tech_peers(x) & wide & (a->small & tech_cell_bit(x) ? ~(tech_cells)0 : a->small);
}

/* The cells that see two cells of s or more; with, when not NULL: the
 * partners (aligned_partner) of the cells of s, of two candidates each. */
static tech_cells seen_twice(const struct human_state *st, tech_cells s, unsigned with[9])
{
    tech_cells once = 0, twice = 0;
    for (; s; s &= s - 1) {
        int c = tech_cells_lowest(s);
        tech_cells p = tech_peers(c);
        twice |= once & p;
        once |= p;
        if (with)
            aligned_partner(st->cand[c], with);
    }
    return twice;
}

/*
 * The cells cj of wide for which aligned_any may try a set (cj its pair's
 * second cell, the third of a triplet after it): every set it tries with
 * cj unchanged has a changed cell or common excluder (the loop's tests),
 * which is one of:
 *  - a changed excluder x: x sees cj, so cj is among the peers of the
 *    changed cells of a->small;
 *  - a changed cell ci of wide (the first, or a triplet's third): the
 *    set's cells have two common excluders or more, two peers of both in
 *    a->small, so cj sees two excluders of ci (seen_twice of them).
 * So the other cells (unless changed themselves) try nothing: skipped,
 * they cost nothing.  Every cell when everything changed (no record).
 */
static tech_cells aligned_near_change(const struct aligned *a, tech_cells wide,
                                      tech_cells changed)
{
    if (changed == ~(tech_cells)0)
        return changed;
    tech_cells near = changed;
    for (tech_cells m = changed & a->small; m; m &= m - 1)
        near |= tech_peers(tech_cells_lowest(m));
    for (tech_cells m = changed & wide; m; m &= m - 1)
        near |= seen_twice(a->st, tech_peers(tech_cells_lowest(m)) & a->small, NULL);
    return near;
}

/*
 * 0 when no set of cells SE's search can meet has a removal, so that the
 * search in SE's order (which meets a triplet from several of its pairs)
 * is made only when it finds something.  The sets tried: a->degree
 * cells of two candidates or more (wide) with two common excluders or
 * more (their common peers in a->small) and, for a triplet, one of them
 * an excluder of another (SE's third cell is one of the first two's).
 * SE also asks that every cell be a base cell, which the sets tried here
 * need not be: more sets, but whether a set is tried depends only on its
 * cells and their common peers.  So once this found nothing (the memo's
 * aligned stamp), a set none of whose cells and common excluders changed
 * since holds nothing still, and only the others (changed) are tried: a
 * common peer that is no excluder now and did not change was none then,
 * and one that was but is no more was filled (changed), which only
 * removes a constraint (the ways possible are as many or more).
 * Each set once, its cells in increasing order (a set's removals do not
 * depend on the order of its cells).
 */
static int aligned_any(const struct aligned *a, tech_cells wide, tech_cells changed)
{
    int k = a->degree;
    for (tech_cells mj = wide & aligned_near_change(a, wide, changed); mj; mj &= mj - 1) {
        int cj = tech_cells_lowest(mj);
        tech_cells above = ~(tech_cells)0 << (cj + 1);
        tech_cells excl_j = tech_peers(cj) & a->small;
        tech_cells below = wide & ~above & ~tech_cell_bit(cj);
        if (!(changed & tech_cell_bit(cj)) && (k == 2 || !(changed & wide & above))) {
            /* only the pairs with a changed cell or common excluder: the
             * changed cells and the peers of cj's changed excluders */
            tech_cells near = changed;
            for (tech_cells m = changed & excl_j; m; m &= m - 1)
                near |= tech_peers(tech_cells_lowest(m));
            below &= near;
            if (!below)
                continue; /* no first cell to try */
        }
        tech_cells adj_j = k > 2 ? aligned_adjacent(a, wide, cj) : 0;
        /* the cells with two common excluders or more with cj */
        unsigned with[9] = {0};
        tech_cells firsts = seen_twice(a->st, excl_j, k == 2 ? with : NULL) & below;
        struct aligned_screen screen;
        if (k == 2 && (!firsts || !aligned_screen_of(a->st->cand[cj], with, &screen)))
            continue;
        for (tech_cells mi = firsts; mi; mi &= mi - 1) {
            int ci = tech_cells_lowest(mi);
            tech_cells two = tech_peers(ci) & excl_j;
            int dirty = ((two | tech_cell_bit(ci) | tech_cell_bit(cj)) & changed) != 0;
            if (!dirty && (k == 2 || !(changed & wide & above)))
                continue; /* nothing changed here */
            if (k == 2) {
                if (dirty && aligned_screen_pass(&screen, a->st->cand[ci]) &&
                    aligned_pair_blocked(a->st, ci, cj, two))
                    return 1;
                continue;
            }
            uint8_t cells[3] = {(uint8_t)ci, (uint8_t)cj, 0};
            unsigned used[3];
            /* the thirds with two common excluders or more: cells that
             * see two cells of two or more */
            tech_cells thirds = seen_twice(a->st, two, NULL) & wide & above;
            if (!(adj_j & tech_cell_bit(ci)))
                thirds &= adj_j | aligned_adjacent(a, wide, ci);
            if (!dirty) /* the pair's common peers hold the triplet's */
                thirds &= changed;
            for (; thirds; thirds &= thirds - 1) {
                cells[2] = (uint8_t)tech_cells_lowest(thirds);
                if (aligned_fills(a, cells, two & tech_peers(cells[2]), used))
                    return 1;
            }
        }
    }
    return 0;
}

/* aligned_any on ctx's grid, with the memo's stamp: 1 when SE's search
 * must be made. */
static int aligned_worth_search(struct tech_ctx *ctx, const struct aligned *a,
                                const tech_cells *counts)
{
    struct tech_memo *memo = tech_memo_of(ctx);
    uint16_t *stamp = memo ? &memo->aligned[a->degree - 2] : NULL;
    tech_cells changed = tech_memo_changed_since(ctx, stamp ? *stamp : 0);
    if (aligned_any(a, counts[0] & ~counts[1], changed))
        return 1;
    if (stamp && !ctx->collect) /* (collect mode has no memo) */
        *stamp = tech_memo_stamp(memo);
    return 0;
}

int tech_find_aligned_pair_exclusion(struct tech_ctx *ctx, struct human_step *step)
{
    struct aligned a;
    a.st = ctx->st;
    a.degree = 2;
    const tech_cells *counts = tech_ctx_counts(ctx);
    a.small = counts[2];
    if (!aligned_worth_search(ctx, &a, counts)) {
        tech_step_reset(step);
        return 0;
    }
    aligned_bases(&a, counts);
    for (int j = 1; j < a.n; j++)
        for (int i = 0; i < j; i++) {
            uint8_t cells[2] = {a.base[i], a.base[j]};
            tech_cells common = a.excl[cells[0]] & a.excl[cells[1]];
            if (two_or_more(common) && aligned_try(&a, cells, common, step) &&
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
    const tech_cells *counts = tech_ctx_counts(ctx);
    a.small = counts[2] | counts[3];
    if (!aligned_worth_search(ctx, &a, counts)) {
        tech_step_reset(step);
        return 0;
    }
    aligned_bases(&a, counts);
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
            if (!two_or_more(two))
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
                if (two_or_more(common) && aligned_try(&a, cells, common, step) &&
                    tech_found(ctx, step))
                    return 1;
            }
        }
    tech_step_reset(step);
    return 0;
}
