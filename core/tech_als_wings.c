/*
 * tech_als_wings: WXYZ-Wing and VWXYZ-Wing, Sukaku Explainer's wings.
 *
 * A wing is an ALS-XZ whose smaller set is one bivalue cell Y (digits X
 * and Z): N cells of one house holding exactly N + 1 digits (N = 3 for
 * WXYZ, 4 for VWXYZ), Y outside them with both its digits among those.
 * When every X of the set sees Y, X is in Y or in the set but not both;
 * without X the set is locked and Y is Z, so either the set or Y holds Z:
 * a cell seeing Y and every Z of the set cannot be Z.  Sound for any such
 * set; no uniqueness assumed.
 *
 * Rated as Sukaku Explainer rates them (SE 1.2.1 has neither and proves
 * the same eliminations with chains): 5.5 for a WXYZ-Wing and 6.2 for a
 * VWXYZ-Wing, plus its size term: the set's largest cell counts, easiest
 * at the extremes (2, or N + 1 candidates), hardest at 3.  Of all the
 * wings on the grid the lowest rated is taken (first found on ties).
 */
#include "tech_digits.h"

#include <stdlib.h>

struct wing_search {
    const struct human_state *st;
    struct tech_ctx *ctx;
    int n;                       /* cells in the set: 3 or 4 */
    const tech_cells *with;      /* [d-1]: empty cells holding digit d */
    tech_cells bivalue;          /* cells with two candidates */
    tech_cells biv_with[9];      /* [d-1]: those of them holding d */
    int n_bivalue;
    unsigned bivalue_union;      /* digits of the bivalue cells */
    int min_rating;              /* nothing can be rated lower: stop */
    tech_cells changed;          /* the memo's: only wings with a changed
                                    cell can remove something */
    /* best so far */
    int best_rating;
    int best_y, best_x, best_z, best_house;
    uint8_t best_set[4];
};

static void setup(struct wing_search *s, struct tech_ctx *ctx, int n)
{
    s->st = ctx->st;
    s->ctx = ctx;
    s->n = n;
    s->best_rating = 0;
    s->n_bivalue = 0;
    s->bivalue_union = 0;
    s->min_rating = n == 3 ? 55 : 62;
    s->with = tech_ctx_digits(ctx)->cells;
    s->bivalue = tech_ctx_counts(ctx)[2];
    s->n_bivalue = s->bivalue != 0;
    for (int d = 0; d < 9; d++) {
        s->biv_with[d] = s->bivalue & s->with[d];
        s->bivalue_union |= s->biv_with[d] ? 1u << d : 0;
    }
    s->changed = tech_memo_changed(ctx, n == 3 ? TECH_MEMO_WXYZ_WING
                                               : TECH_MEMO_VWXYZ_WING);
}

/* Sukaku Explainer's size term: the largest cell of the set, easiest at
 * 2 or n + 1 candidates, hardest at 3. */
static int wing_rating(int n, int largest)
{
    return (n == 3 ? 55 : 62) + (n - 2) - abs(3 - largest);
}

/* Cells seeing every cell of the set holding digit d, and y. */
static tech_cells targets(const struct wing_search *s, const uint8_t *set, int y,
                          int d)
{
    tech_cells out = tech_peers(y) & s->with[d - 1];
    for (int i = 0; i < s->n; i++)
        if (s->st->cand[set[i]] & tech_bit(d))
            out &= tech_peers(set[i]);
    return out;
}

/* Tries every bivalue cell against the set (house h); keeps the best.
 * The bivalue cells are taken in cell order, each with its lower digit as
 * x first, and the first that works is kept: a bivalue cell y with both
 * digits in the set, outside it, seeing every x of the set (seen[x]), and
 * a z to remove. */
static void try_set(struct wing_search *s, int h, const uint8_t *set, unsigned digits)
{
    const struct human_state *st = s->st;
    int largest = 0;
    tech_cells in_set = 0;
    for (int i = 0; i < s->n; i++) {
        int c = tech_count(st->cand[set[i]]);
        largest = c > largest ? c : largest;
        in_set |= tech_cell_bit(set[i]);
    }
    int rating = wing_rating(s->n, largest);
    if (s->best_rating && rating >= s->best_rating)
        return;
    tech_cells ys = s->bivalue & ~in_set;
    int fresh = (in_set & s->changed) != 0;
    if (!fresh)
        ys &= s->changed;       /* an unchanged set needs a changed y */
    for (unsigned m = ~digits & HUMAN_ALL_DIGITS; m && ys; m &= m - 1)
        ys &= ~s->biv_with[tech_lowest(m)];
    if (!ys)
        return;
    /* seen[d-1]: the cells seeing every cell of the set holding d: for
     * every digit of the set, or (an unchanged set: few bivalue cells)
     * for those of the bivalue cells tried */
    tech_cells seen[9];
    unsigned have = fresh ? digits : 0;
    if (fresh) {
        tech_cells any = 0;
        for (unsigned m = digits; m; m &= m - 1)
            seen[tech_lowest(m)] = ~(tech_cells)0;
        for (int i = 0; i < s->n; i++) {
            tech_cells p = tech_peers(set[i]);
            for (unsigned m = st->cand[set[i]]; m; m &= m - 1)
                seen[tech_lowest(m)] &= p;
        }
        for (unsigned m = digits; m; m &= m - 1)
            any |= s->biv_with[tech_lowest(m)] & seen[tech_lowest(m)];
        ys &= any;
    }
    for (; ys; ys &= ys - 1) {
        int y = tech_cells_lowest(ys);
        unsigned yc = st->cand[y];
        for (unsigned m = yc & ~have; m; m &= m - 1) {
            int d = tech_lowest(m);
            seen[d] = ~(tech_cells)0;
            for (int i = 0; i < s->n; i++)
                if (st->cand[set[i]] & (1u << d))
                    seen[d] &= tech_peers(set[i]);
        }
        have |= yc;
        for (int k = 0; k < 2; k++) {
            int x = k ? tech_lowest_digit(yc & (yc - 1u)) : tech_lowest_digit(yc);
            int z = tech_lowest_digit(yc & ~tech_bit(x));
            if (!(seen[x - 1] & tech_cell_bit(y)))
                continue;
            if (!(tech_peers(y) & s->with[z - 1] & seen[z - 1] & ~in_set))
                continue;
            s->best_rating = rating;
            s->best_y = y;
            s->best_x = x;
            s->best_z = z;
            s->best_house = h;
            for (int i = 0; i < s->n && i < 4; i++)
                s->best_set[i] = set[i];
            return;
        }
    }
}

/* A set of n cells with union u: tried when it holds n + 1 digits, two of
 * them in bivalue cells.  Returns 1 when nothing can be rated lower than
 * the best found. */
static int check_set(struct wing_search *s, int h, const uint8_t *set, unsigned u)
{
    if (tech_count(u) == s->n + 1 && tech_count(u & s->bivalue_union) >= 2)
        try_set(s, h, set, u);
    return s->best_rating == s->min_rating;
}

/* Tries every set of house h (too many to keep). */
static void house_sets_all(struct wing_search *s, int h)
{
    const struct human_state *st = s->st;
    int n = s->n, limit = n + 1, m = 0;
    uint8_t cells[9], set[4];
    unsigned cm[9];
    for (int i = 0; i < 9; i++) {
        int cell = tech_house_cells[h][i];
        unsigned c = st->cand[cell];
        if (st->value[cell] || tech_count(c) < 2 || tech_count(c) > limit)
            continue;
        cells[m] = (uint8_t)cell;
        cm[m++] = c;
    }
    for (int i = 0; i <= m - n; i++) {
        set[0] = cells[i];
        for (int j = i + 1; j <= m - n + 1; j++) {
            unsigned uj = cm[i] | cm[j];
            if (tech_count(uj) > limit)
                continue;
            set[1] = cells[j];
            for (int k = j + 1; k <= m - n + 2; k++) {
                unsigned uk = uj | cm[k];
                if (tech_count(uk) > limit)
                    continue;
                set[2] = cells[k];
                if (n == 3) {
                    if (check_set(s, h, set, uk))
                        return;
                    continue;
                }
                for (int l = k + 1; l < m; l++) {
                    unsigned ul = uk | cm[l];
                    if (tech_count(ul) > limit)
                        continue;
                    set[3] = cells[l];
                    if (check_set(s, h, set, ul))
                        return;
                }
            }
        }
    }
}

/* Adds a set to the house's list; 0 when it is full (overflow). */
static int keep_set(struct tech_wing_sets *hs, unsigned pos, unsigned uni)
{
    if (hs->n_sets == TECH_WING_SETS) {
        hs->overflow = 1;
        return 0;
    }
    hs->pos[hs->n_sets] = (uint16_t)pos;
    hs->uni[hs->n_sets++] = (uint16_t)uni;
    return 1;
}

/* The sets of n cells of house h with n + 1 digits, each cell holding
 * two or more, in order of their positions (the n-combinations pruned on
 * their union). */
static void house_sets(const struct human_state *st, int h, int n,
                       struct tech_wing_sets *hs)
{
    int limit = n + 1, m = 0;
    unsigned cm[9], pm[9], all = 0;
    hs->elig = 0;
    hs->n_sets = 0;
    hs->overflow = 0;
    for (int i = 0; i < 9; i++) {
        int cell = tech_house_cells[h][i];
        unsigned c = st->cand[cell];
        if (st->value[cell] || tech_count(c) < 2 || tech_count(c) > limit)
            continue;
        pm[m] = 1u << i;
        cm[m++] = c;
        all |= c;
        hs->elig |= tech_cell_bit(cell);
    }
    hs->m = (uint8_t)m;
    hs->all = (uint16_t)all;
    if (m < n)
        return;
    for (int i = 0; i <= m - n; i++)
        for (int j = i + 1; j <= m - n + 1; j++) {
            unsigned uj = cm[i] | cm[j];
            if (tech_count(uj) > limit)
                continue;
            for (int k = j + 1; k <= m - n + 2; k++) {
                unsigned uk = uj | cm[k];
                if (tech_count(uk) > limit)
                    continue;
                if (n == 3) {
                    if (tech_count(uk) == limit && !keep_set(hs, pm[i] | pm[j] | pm[k], uk))
                        return;
                    continue;
                }
                for (int l = k + 1; l < m; l++) {
                    unsigned ul = uk | cm[l];
                    if (tech_count(ul) == limit &&
                        !keep_set(hs, pm[i] | pm[j] | pm[k] | pm[l], ul))
                        return;
                }
            }
        }
}

/* The same for both sizes at once (3 cells of 4 digits, 4 of 5): one
 * walk over the cells of 2 to 5 digits gives both lists in order (a cell
 * of 5 digits is in no set of 3). */
static void house_sets_both(const struct human_state *st, int h,
                            struct tech_wing_sets *hs3, struct tech_wing_sets *hs4)
{
    int m = 0;
    unsigned cm[9], pm[9], all3 = 0, all4 = 0;
    hs3->elig = hs4->elig = 0;
    hs3->n_sets = hs4->n_sets = 0;
    hs3->overflow = hs4->overflow = 0;
    hs3->m = 0;
    for (int i = 0; i < 9; i++) {
        int cell = tech_house_cells[h][i];
        unsigned c = st->cand[cell];
        int k = tech_count(c);
        if (st->value[cell] || k < 2 || k > 5)
            continue;
        pm[m] = 1u << i;
        cm[m++] = c;
        all4 |= c;
        hs4->elig |= tech_cell_bit(cell);
        if (k <= 4) {
            all3 |= c;
            hs3->elig |= tech_cell_bit(cell);
            hs3->m++;
        }
    }
    hs4->m = (uint8_t)m;
    hs3->all = (uint16_t)all3;
    hs4->all = (uint16_t)all4;
    for (int i = 0; i + 2 < m; i++)
        for (int j = i + 1; j + 1 < m; j++) {
            unsigned uj = cm[i] | cm[j];
            if (tech_count(uj) > 5)
                continue;
            for (int k = j + 1; k < m; k++) {
                unsigned uk = uj | cm[k];
                if (tech_count(uk) > 5)
                    continue;
                if (tech_count(uk) == 4 && !hs3->overflow)
                    keep_set(hs3, pm[i] | pm[j] | pm[k], uk);
                for (int l = k + 1; l < m && !hs4->overflow; l++) {
                    unsigned ul = uk | cm[l];
                    if (tech_count(ul) == 5)
                        keep_set(hs4, pm[i] | pm[j] | pm[k] | pm[l], ul);
                }
            }
        }
}

/* Every set of n cells of each house with n + 1 digits, each cell holding
 * two or more (boxes, rows, columns; positions in increasing order).  Once
 * a wing of the lowest rating possible is found, later sets could only
 * tie: the search stops.  A house's sets depend on its cells only: the
 * solving loop's memo keeps them while the house does not change. */
static void search(struct wing_search *s)
{
    static const int order[3][2] = { { 18, 27 }, { 0, 9 }, { 9, 18 } };
    const struct human_state *st = s->st;
    struct tech_memo *memo = s->ctx->memo;
    int n = s->n;
    if (s->n_bivalue == 0)
        return;
    for (int o = 0; o < 3; o++)
        for (int h = order[o][0]; h < order[o][1]; h++) {
            struct tech_wing_sets local, *hs = &local;
            if (memo) {
                hs = &memo->wing[n - 3][h];
                if (hs->stamp <= memo->house_changed[h]) {
                    struct tech_wing_sets *hs3 = &memo->wing[0][h], *hs4 = &memo->wing[1][h];
                    house_sets_both(st, h, hs3, hs4);
                    hs3->stamp = hs4->stamp = (uint16_t)(memo->version + 1);
                }
            } else {
                house_sets(st, h, n, hs);
            }
            if (hs->m < n || tech_count(hs->all & s->bivalue_union) < 2)
                continue;
            /* sets of unchanged cells need a changed y, with its digits in
             * the house's and seeing some cell of it */
            if (!(s->changed & hs->elig)) {
                int any = 0;
                for (tech_cells y = s->changed & s->bivalue; y && !any; y &= y - 1) {
                    int c = tech_cells_lowest(y);
                    any = !(st->cand[c] & ~hs->all) && (tech_peers(c) & hs->elig);
                }
                if (!any)
                    continue;
            }
            if (hs->overflow)        /* too many to keep: all of them again */
                house_sets_all(s, h);
            for (int i = 0; i < hs->n_sets && !hs->overflow; i++) {
                uint8_t set[4];
                int k = 0;
                for (unsigned p = hs->pos[i]; p; p &= p - 1)
                    set[k++] = tech_house_cells[h][tech_lowest(p)];
                if (check_set(s, h, set, hs->uni[i]))
                    return;
            }
            if (s->best_rating == s->min_rating)
                return;
        }
}

static int build_step(const struct wing_search *s, struct human_step *step,
                      const char *name)
{
    const struct human_state *st = s->st;
    tech_cells in_set = 0;
    unsigned digits = 0;
    tech_step_reset(step);
    if (!s->best_rating)
        return 0;
    for (int i = 0; i < s->n; i++) {
        in_set |= tech_cell_bit(s->best_set[i]);
        digits |= st->cand[s->best_set[i]];
    }
    tech_cells t = targets(s, s->best_set, s->best_y, s->best_z) & ~in_set;
    for (; t; t &= t - 1)
        tech_eliminate(step, st, tech_cells_lowest(t), s->best_z);
    /* the bivalue cell first: tech_rate_als_wing reads the set after it */
    tech_cause_mask(step, st, s->best_y, st->cand[s->best_y]);
    for (int i = 0; i < s->n; i++)
        tech_cause_mask(step, st, s->best_set[i], st->cand[s->best_set[i]]);
    tech_house(step, s->best_house);
    tech_say(step, "%s: ", name);
    tech_say_cells(step, s->best_set, s->n, 1);
    tech_say(step, " (");
    tech_say_digits(step, digits);
    tech_say(step, ") with ");
    tech_say_cell(step, s->best_y);
    tech_say(step, " (%d or %d): every %d of the set sees ", s->best_x, s->best_z,
             s->best_x);
    tech_say_cell(step, s->best_y);
    tech_say(step, ", so the set or ");
    tech_say_cell(step, s->best_y);
    tech_say(step, " holds %d; ", s->best_z);
    tech_say_elims(step);
    return 1;
}

int tech_find_wxyz_wing_ctx(struct tech_ctx *ctx, struct human_step *step)
{
    struct wing_search s;
    setup(&s, ctx, 3);
    search(&s);
    if (!s.best_rating)
        tech_memo_whole_failed(ctx, TECH_MEMO_WXYZ_WING);
    return build_step(&s, step, "WXYZ-Wing");
}

int tech_find_vwxyz_wing_ctx(struct tech_ctx *ctx, struct human_step *step)
{
    struct wing_search s;
    setup(&s, ctx, 4);
    search(&s);
    if (!s.best_rating)
        tech_memo_whole_failed(ctx, TECH_MEMO_VWXYZ_WING);
    return build_step(&s, step, "VWXYZ-Wing");
}

int tech_find_wxyz_wing(const struct human_state *st, struct human_step *step)
{
    struct tech_ctx ctx;
    tech_ctx_init(&ctx, st);
    return tech_find_wxyz_wing_ctx(&ctx, step);
}

int tech_find_vwxyz_wing(const struct human_state *st, struct human_step *step)
{
    struct tech_ctx ctx;
    tech_ctx_init(&ctx, st);
    return tech_find_vwxyz_wing_ctx(&ctx, step);
}

int tech_rate_als_wing(const struct human_step *step)
{
    /* causes: the bivalue cell's two candidates, then the set's cells */
    int n = 0, largest = 0;
    for (int i = 2; i < step->n_cause;) {
        int j = i;
        while (j < step->n_cause && step->cause[j].cell == step->cause[i].cell)
            j++;
        largest = j - i > largest ? j - i : largest;
        n++;
        i = j;
    }
    return wing_rating(n == 4 ? 4 : 3, largest);
}
