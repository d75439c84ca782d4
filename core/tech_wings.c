/*
 * tech_wings: XY-Wing, XYZ-Wing and W-Wing.
 *
 *  - XY-Wing: a pivot holding only x and y sees two pincers holding only
 *    x,z and y,z: whatever the pivot is, one pincer is z, so cells seeing
 *    both pincers lose z.
 *  - XYZ-Wing: the pivot holds x, y and z: one of the three is z, so
 *    cells seeing all three lose z.
 *  - W-Wing: two cells holding only x and y, not seeing each other, and a
 *    strong link on y whose ends each see one of them: one of the two
 *    cells is x, so cells seeing both lose x.
 *
 * Pivots (or first cells) in reading order.
 */
#include "tech_digits.h"

/* Eliminates z from the cells seeing every cell of cells (none of them);
 * with: the cells holding z. */
static void eliminate_seen_by(struct human_step *step, const struct human_state *st,
                              tech_cells with, int z, const uint8_t *cells, int n)
{
    tech_cells common = with;
    for (int k = 0; k < n; k++)
        common &= tech_peers(cells[k]);
    for (tech_cells s = common; s; s &= s - 1)
        tech_eliminate(step, st, tech_cells_lowest(s), z);
}

static void say_cell_digits(struct human_step *step, const struct human_state *st,
                            int cell)
{
    tech_say_cell(step, cell);
    tech_say(step, " (");
    tech_say_digits(step, st->cand[cell]);
    tech_say(step, ")");
}

static int wing_found(const struct human_state *st, struct human_step *step,
                      const char *name, const uint8_t cells[3], tech_cells with,
                      int z, int xyz)
{
    tech_step_reset(step);
    eliminate_seen_by(step, st, with, z, xyz ? cells : cells + 1, xyz ? 3 : 2);
    if (step->n_elim == 0)
        return 0;
    for (int k = 0; k < 3; k++)
        tech_cause_mask(step, st, cells[k], st->cand[cells[k]]);
    tech_say(step, "%s: pivot ", name);
    say_cell_digits(step, st, cells[0]);
    tech_say(step, " with pincers ");
    say_cell_digits(step, st, cells[1]);
    tech_say(step, " and ");
    say_cell_digits(step, st, cells[2]);
    tech_say(step,
             xyz ? ": one of the three is %d, so " : ": one pincer is %d, so ", z);
    tech_say_elims(step);
    return 1;
}

/* The bivalue cells that can be a pincer of a pivot holding pm: sharing
 * one digit with it (XY-Wing: one of its two, not both), or holding two of
 * its three (XYZ-Wing). */
static tech_cells pincer_cells(const struct tech_digits *dg, tech_cells bivalue,
                               unsigned pm, int xyz)
{
    unsigned rest = pm & (pm - 1);
    tech_cells ca = dg->cells[bits_lowest(pm)], cb = dg->cells[bits_lowest(rest)];
    if (!xyz)
        return bivalue & (ca ^ cb);
    rest &= rest - 1;
    tech_cells cc = dg->cells[bits_lowest(rest)];
    return bivalue & ((ca & cb) | (ca & cc) | (cb & cc));
}

/* A wing's pattern is its three cells: after a search found nothing,
 * only pivots that changed or see a changed cell (a pincer) are tried. */
static int find_wing(struct tech_ctx *ctx, struct human_step *step, int xyz)
{
    const struct human_state *st = ctx->st;
    int slot = xyz ? TECH_MEMO_XYZ_WING : TECH_MEMO_XY_WING;
    uint8_t pincer[20];
    const tech_cells *counts = tech_ctx_counts(ctx);
    const struct tech_digits *dg = tech_ctx_digits(ctx);
    tech_cells bivalue = counts[2];
    tech_cells pivots = counts[xyz ? 3 : 2], changed = tech_memo_changed(ctx, slot);
    if (~changed) {
        tech_cells near = changed;
        for (tech_cells c = changed; c; c &= c - 1)
            near |= tech_peers(tech_cells_lowest(c));
        pivots &= near;
    }
    for (; pivots; pivots &= pivots - 1) {
        int pivot = tech_cells_lowest(pivots);
        unsigned pm = st->cand[pivot];
        int n = 0;
        for (tech_cells s = tech_peers(pivot) & pincer_cells(dg, bivalue, pm, xyz);
             s; s &= s - 1)
            pincer[n++] = (uint8_t)tech_cells_lowest(s);
        for (int i = 0; i < n; i++) {
            for (int j = i + 1; j < n; j++) {
                unsigned a = st->cand[pincer[i]], b = st->cand[pincer[j]];
                unsigned zm = a & b;
                if (bits_count(zm) != 1 || (a | b | pm) != (xyz ? pm : (pm | zm)) ||
                    (zm & pm) != (xyz ? zm : 0) || a == b)
                    continue;
                uint8_t cells[3] = {(uint8_t)pivot, pincer[i], pincer[j]};
                if (wing_found(st, step, xyz ? "XYZ-Wing" : "XY-Wing", cells,
                               dg->cells[bits_lowest(zm)], tech_lowest_digit(zm),
                               xyz) &&
                    tech_found(ctx, step))
                    return 1;
            }
        }
    }
    tech_memo_whole_failed(ctx, slot);
    tech_step_reset(step);
    return 0;
}

int tech_find_xy_wing(struct tech_ctx *ctx, struct human_step *step)
{
    return find_wing(ctx, step, 0);
}

int tech_find_xyz_wing(struct tech_ctx *ctx, struct human_step *step)
{
    return find_wing(ctx, step, 1);
}

/* W-Wing on a and b (both holding only the digits of pair), linked by
 * the strong link on y in house h with ends p (seeing a) and q (seeing
 * b). */
static int w_wing_found(const struct human_state *st, struct human_step *step,
                        const struct tech_digits *dg, int a, int b, int y, int h,
                        int p, int q)
{
    int x = tech_lowest_digit(st->cand[a] & ~tech_bit(y));
    uint8_t ends[2] = {(uint8_t)a, (uint8_t)b};
    tech_step_reset(step);
    eliminate_seen_by(step, st, dg->cells[x - 1], x, ends, 2);
    if (step->n_elim == 0)
        return 0;
    tech_cause_mask(step, st, a, st->cand[a]);
    tech_cause_mask(step, st, b, st->cand[b]);
    tech_cause(step, p, y);
    tech_cause(step, q, y);
    tech_house(step, h);
    tech_say(step, "W-Wing: ");
    tech_say_cell(step, a);
    tech_say(step, " and ");
    tech_say_cell(step, b);
    tech_say(step, " hold only %d and %d, and the %d of ", x < y ? x : y,
             x < y ? y : x, y);
    tech_say_house(step, h);
    tech_say(step, " is only in ");
    tech_say_cell(step, p);
    tech_say(step, " and ");
    tech_say_cell(step, q);
    tech_say(step, ", which see them, so one of them is %d, so ", x);
    tech_say_elims(step);
    return 1;
}

/* The strong links of one digit in house order: link i in house[i],
 * its ends end[e][i] and their houses houses[e][i] (bit h), bit i of
 * fresh when its house changed since the last search. */
struct w_links {
    int n;
    uint32_t fresh;
    uint8_t house[TECH_HOUSES], end[2][TECH_HOUSES];
    uint32_t houses[2][TECH_HOUSES];
};

/* The strong links of digit d + 1 (fresh: the house has a cell in
 * changed). */
static void collect_strong_links(const struct tech_digits *dg, int d,
                                 tech_cells changed, struct w_links *l)
{
    l->n = 0;
    l->fresh = 0;
    for (int h = 0; h < TECH_HOUSES; h++) {
        unsigned pos = dg->pos[d][h];
        if (bits_count(pos) != 2)
            continue;
        int i = l->n++;
        l->house[i] = (uint8_t)h;
        l->end[0][i] = tech_house_cells[h][bits_lowest(pos)];
        l->end[1][i] = tech_house_cells[h][bits_lowest(pos & (pos - 1))];
        l->houses[0][i] = tech_cell_houses[l->end[0][i]];
        l->houses[1][i] = tech_cell_houses[l->end[1][i]];
        l->fresh |= (changed & tech_house_set[h]) ? 1u << i : 0;
    }
}

/* The links whose ends share a house, one with a and the other with b:
 * those that may link them. */
static uint32_t w_links_between(const struct w_links *l, int a, int b)
{
    uint32_t ha = tech_cell_houses[a], hb = tech_cell_houses[b], m = 0;
    for (int i = 0; i < l->n; i++) {
        uint32_t h0 = l->houses[0][i], h1 = l->houses[1][i];
        m |= (((h0 & ha) && (h1 & hb)) || ((h1 & ha) && (h0 & hb))) ? 1u << i : 0;
    }
    return m;
}

/* A W-Wing's pattern is its two cells and the link's house: after a
 * search found nothing, a pair of unchanged cells needs a link in a
 * changed house (fresh: a or b changed). */
static int w_wing_pair(struct tech_ctx *ctx, struct human_step *step,
                       const struct tech_digits *dg, const struct w_links links[9],
                       int a, int b, int fresh)
{
    const struct human_state *st = ctx->st;
    tech_cells pa = tech_peers(a), pb = tech_peers(b);
    for (unsigned m = st->cand[a]; m; m &= m - 1) {
        int y = tech_lowest_digit(m);
        const struct w_links *l = &links[y - 1];
        uint32_t ls = w_links_between(l, a, b) & (fresh ? ~0u : l->fresh);
        for (; ls; ls &= ls - 1) {
            int i = bits_lowest(ls);
            for (int swap = 0; swap < 2; swap++) {
                int s = l->end[swap][i], t = l->end[!swap][i];
                if (s == a || s == b || t == a || t == b ||
                    !(pa & tech_cell_bit(s)) || !(pb & tech_cell_bit(t)))
                    continue;
                if (w_wing_found(st, step, dg, a, b, y, l->house[i], s, t) &&
                    tech_found(ctx, step))
                    return 1;
            }
        }
    }
    return 0;
}

/* Pairs of cells in cell order; the second holds the same two digits as
 * the first (the cells holding both of them) and does not see it. */
int tech_find_w_wing(struct tech_ctx *ctx, struct human_step *step)
{
    const struct human_state *st = ctx->st;
    struct w_links links[9];
    tech_cells bivalue = tech_ctx_counts(ctx)[2];
    if (!bivalue)
        return 0;
    const struct tech_digits *dg = tech_ctx_digits(ctx);
    tech_cells changed = tech_memo_changed(ctx, TECH_MEMO_W_WING);
    unsigned have = 0; /* digits whose links are collected */
    for (tech_cells sa = bivalue; sa; sa &= sa - 1) {
        int a = tech_cells_lowest(sa);
        unsigned pair = st->cand[a];
        tech_cells others = bivalue & dg->cells[bits_lowest(pair)] &
                            dg->cells[bits_lowest(pair & (pair - 1))] &
                            ~tech_peers(a) & ~(((tech_cells)2 << a) - 1);
        if (others && (pair & ~have)) {
            for (unsigned m = pair & ~have; m; m &= m - 1)
                collect_strong_links(dg, bits_lowest(m), changed,
                                     &links[bits_lowest(m)]);
            have |= pair;
        }
        for (tech_cells sb = others; sb; sb &= sb - 1) {
            int b = tech_cells_lowest(sb);
            int fresh = (changed & (tech_cell_bit(a) | tech_cell_bit(b))) != 0;
            if (w_wing_pair(ctx, step, dg, links, a, b, fresh))
                return 1;
        }
    }
    tech_memo_whole_failed(ctx, TECH_MEMO_W_WING);
    tech_step_reset(step);
    return 0;
}
