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
#include <string.h>

/*
 * [cell][h]: the positions of house h whose cells see the cell (its own
 * excepted), for the cell at row r, column c: of row h, all of it (its
 * own row), else its column's and, in its band, its box's; of column k
 * the same, rows for columns; of box b, all of it (its own box), else its
 * row's (b in its band) or its column's (b in its stack).  A table of
 * constants: the search asks it for every bivalue cell in every house.
 */
#define WING_VIEW_ROW(h, r, c) \
    ((h) == (r) ? 0x1FF ^ (1 << (c)) \
                : (1 << (c)) | ((h) / 3 == (r) / 3 ? 7 << ((c) / 3 * 3) : 0))
#define WING_VIEW_COL(k, r, c) WING_VIEW_ROW(k, c, r)
#define WING_VIEW_BOX(b, r, c) \
    ((b) == (r) / 3 * 3 + (c) / 3 \
         ? 0x1FF ^ (1 << ((r) % 3 * 3 + (c) % 3)) \
         : ((b) / 3 == (r) / 3 ? 7 << ((r) % 3 * 3) : 0) | \
               ((b) % 3 == (c) / 3 ? 0x49 << ((c) % 3) : 0))
#define WING_VIEW_9(F, r, c) \
    F(0, r, c), F(1, r, c), F(2, r, c), F(3, r, c), F(4, r, c), F(5, r, c), \
        F(6, r, c), F(7, r, c), F(8, r, c)
#define WING_VIEW_CELL(r, c) \
    { \
        WING_VIEW_9(WING_VIEW_ROW, r, c), WING_VIEW_9(WING_VIEW_COL, r, c), \
            WING_VIEW_9(WING_VIEW_BOX, r, c) \
    }
#define WING_VIEW_LINE(r) \
    WING_VIEW_CELL(r, 0), WING_VIEW_CELL(r, 1), WING_VIEW_CELL(r, 2), \
        WING_VIEW_CELL(r, 3), WING_VIEW_CELL(r, 4), WING_VIEW_CELL(r, 5), \
        WING_VIEW_CELL(r, 6), WING_VIEW_CELL(r, 7), WING_VIEW_CELL(r, 8)

static const uint16_t wing_view[GRID_CELLS][TECH_HOUSES] = {
    WING_VIEW_LINE(0), WING_VIEW_LINE(1), WING_VIEW_LINE(2),
    WING_VIEW_LINE(3), WING_VIEW_LINE(4), WING_VIEW_LINE(5),
    WING_VIEW_LINE(6), WING_VIEW_LINE(7), WING_VIEW_LINE(8)};

/* A bivalue cell that can be y: the cell, its digits (| WING_OLD:
 * unchanged) and their lower and higher. */
#define WING_OLD 0x200u

struct wing_biv {
    uint8_t cell, lo, hi;
    uint16_t cand;
};

/* One of them for the house searched.  as_lo (as_hi): bits 0-8, the
 * positions of the house's cells holding its lower (higher) digit that it
 * does not see (x's cells in the set must all see y); bits 16 and up, its
 * candidates and WING_OLD.  So (as_lo & (pos | skip << 16)) == 0 tests a
 * set's positions and the digits to skip with one AND. */
struct wing_y {
    uint8_t cell, lo, hi;
    uint32_t as_lo, as_hi;
};

struct wing_search {
    const struct human_state *st;
    struct tech_ctx *ctx;
    int n; /* cells in the set: 3 or 4 */
    const struct tech_digits *dg;
    const tech_cells *with;            /* [d-1]: empty cells holding digit d */
    unsigned bivalue_union;            /* digits of the bivalue cells */
    int min_rating;                    /* nothing can be rated lower: stop */
    tech_cells changed;                /* the memo's: only wings with a changed
                                    cell can remove something */
    uint16_t changed_pos[TECH_HOUSES]; /* [h]: its positions */
    /* the bivalue cells in cell order, and those of them that changed */
    int n_biv, n_young;
    struct wing_biv biv[GRID_CELLS], young[GRID_CELLS];
    /* the house searched: the positions of its changed cells (needed
     * when some y did not change), the bivalue cells that can be y of
     * its sets (digits among the house's, seeing a cell of some set) */
    unsigned fresh;
    int n_ys;
    struct wing_y ys[GRID_CELLS];
    /* collect mode (tech_found): every wing as a step, named name; the
     * collector asked to stop */
    struct human_step *step;
    const char *name;
    int stopped;
    /* best so far */
    int best_rating;
    int best_y, best_x, best_z, best_house;
    uint8_t best_set[4];
};

static void setup(struct wing_search *s, struct tech_ctx *ctx, int n,
                  struct human_step *step, const char *name)
{
    s->st = ctx->st;
    s->ctx = ctx;
    s->n = n;
    s->step = step;
    s->name = name;
    s->stopped = 0;
    s->best_rating = 0;
    s->bivalue_union = 0;
    s->min_rating = n == 3 ? 55 : 62;
    s->dg = tech_ctx_digits(ctx);
    s->with = s->dg->cells;
    s->changed = tech_memo_changed(ctx, n == 3 ? TECH_MEMO_WXYZ_WING
                                               : TECH_MEMO_VWXYZ_WING);
    s->n_biv = s->n_young = 0;
    tech_cells grid = ((tech_cells)1 << GRID_CELLS) - 1;
    /* everything (no search yet): every position */
    memset(s->changed_pos, (s->changed & grid) == grid ? 0xFF : 0,
           sizeof s->changed_pos);
    for (tech_cells b = (s->changed & grid) == grid ? 0 : s->changed; b;
         b &= b - 1) {
        tech_pos_flip(s->changed_pos, tech_cells_lowest(b)); /* each cell once */
    }
    for (tech_cells b = tech_ctx_counts(ctx)[2]; b; b &= b - 1) {
        int y = tech_cells_lowest(b);
        unsigned c = s->st->cand[y];
        struct wing_biv *v = &s->biv[s->n_biv++];
        v->cell = (uint8_t)y;
        v->cand = (uint16_t)c;
        v->lo = (uint8_t)tech_lowest_digit(c);
        v->hi = (uint8_t)tech_lowest_digit(c & (c - 1));
        s->bivalue_union |= c;
        if (s->changed & tech_cell_bit(y))
            s->young[s->n_young++] = *v;
        else
            v->cand |= WING_OLD;
    }
}

/* Sukaku Explainer's size term: the largest cell of the set, easiest at
 * 2 or n + 1 candidates, hardest at 3. */
static int wing_rating(int n, int largest)
{
    return (n == 3 ? 55 : 62) + (n - 2) - abs(3 - largest);
}

/* The rating of the set at positions pos of house h. */
static int set_rating(const struct wing_search *s, int h, unsigned pos)
{
    int largest = 0;
    for (; pos; pos &= pos - 1) {
        int c = bits_count(s->st->cand[tech_house_cells[h][bits_lowest(pos)]]);
        largest = c > largest ? c : largest;
    }
    return wing_rating(s->n, largest);
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

/* The bivalue cells that can be y of house h's sets (see wing_search),
 * and the positions of its changed cells.  Returns how many. */
static int house_ys(struct wing_search *s, int h, const struct tech_wing_sets *hs)
{
    /* sets of unchanged cells need a changed y */
    int changed = (s->changed_pos[h] & hs->fit) != 0;
    const struct wing_biv *v = changed ? s->biv : s->young;
    const struct wing_biv *end = v + (changed ? s->n_biv : s->n_young);
    unsigned skip = ~hs->all & HUMAN_ALL_DIGITS;
    const struct wing_biv *kept[GRID_CELLS];
    int n = 0;
    /* listed by moving on or not: the tests are data-dependent, a branch
     * on them mispredicted */
    for (; v < end; v++) {
        kept[n] = v;
        n += ((v->cand & skip) == 0) & ((wing_view[v->cell][h] & hs->used) != 0);
    }
    s->n_ys = n;
    for (int i = 0; i < n; i++) {
        v = kept[i];
        unsigned view = wing_view[v->cell][h];
        struct wing_y *y = &s->ys[i];
        y->cell = v->cell;
        y->lo = v->lo;
        y->hi = v->hi;
        y->as_lo = (s->dg->pos[v->lo - 1][h] & ~view) | (unsigned)v->cand << 16;
        y->as_hi = (s->dg->pos[v->hi - 1][h] & ~view) | (unsigned)v->cand << 16;
    }
    s->fresh = s->changed_pos[h] & hs->used;
    return s->n_ys;
}

/* 1 when a cell holding z sees y and every cell of the set (positions pz
 * of house h) holding z: one outside the set (a cell of it does not see
 * itself). */
static int has_target(const struct wing_search *s, int h, unsigned pz, int y, int z)
{
    tech_cells t = tech_peers(y) & s->with[z - 1];
    for (; pz && t; pz &= pz - 1)
        t &= tech_peers(tech_house_cells[h][bits_lowest(pz)]);
    return t != 0;
}

/* Keeps the wing (the set at positions pos of house h). */
static void keep_wing(struct wing_search *s, int h, unsigned pos, int rating, int y,
                      int x, int z)
{
    s->best_rating = rating;
    s->best_y = y;
    s->best_x = x;
    s->best_z = z;
    s->best_house = h;
    for (int i = 0; pos && i < 4; pos &= pos - 1)
        s->best_set[i++] = tech_house_cells[h][bits_lowest(pos)];
}

static int build_step(const struct wing_search *s, struct human_step *step,
                      const char *name);

/* Tries the house's bivalue cells against the set (positions pos of
 * house h, digits u); keeps the best.  Returns 1 when nothing can be
 * rated lower than the best found.  The bivalue cells are taken in cell
 * order, each with its lower digit as x first, and the first that works
 * is kept: a bivalue cell y with both digits in the set, seeing every x
 * of the set (so outside it: it holds x), and a z to remove. */
static int try_set(struct wing_search *s, int h, unsigned pos, unsigned u)
{
    int rating = s->best_rating ? set_rating(s, h, pos) : 0;
    if (rating && rating >= s->best_rating)
        return 0;
    unsigned skip = (~u & HUMAN_ALL_DIGITS) | ((pos & s->fresh) ? 0 : WING_OLD);
    const struct wing_y *pass[GRID_CELLS];
    int n = 0;
    /* the tests are data-dependent: listed by moving on or not (see
     * house_ys), then only those passing are looked at */
    unsigned test = pos | skip << 16;
    for (const struct wing_y *y = s->ys; y < s->ys + s->n_ys; y++) {
        pass[n] = y;
        n += ((y->as_lo & test) == 0) | ((y->as_hi & test) == 0);
    }
    for (int i = 0; i < n; i++) {
        const struct wing_y *y = pass[i];
        int x = 0, z = 0;
        if (!(pos & y->as_lo) &&
            has_target(s, h, pos & s->dg->pos[y->hi - 1][h], y->cell, y->hi))
            x = y->lo, z = y->hi;
        else if (!(pos & y->as_hi) &&
                 has_target(s, h, pos & s->dg->pos[y->lo - 1][h], y->cell, y->lo))
            x = y->hi, z = y->lo;
        if (!x)
            continue;
        keep_wing(s, h, pos, rating ? rating : set_rating(s, h, pos), y->cell, x,
                  z);
        if (s->ctx->collect) {
            /* every wing, each y of the set: nothing kept as the best */
            build_step(s, s->step, s->name);
            s->best_rating = 0;
            s->stopped = tech_found(s->ctx, s->step);
            if (s->stopped)
                return 1;
            continue;
        }
        return s->best_rating == s->min_rating;
    }
    return 0;
}

/* Tries every set of house h (too many to keep). */
static void house_sets_all(struct wing_search *s, int h)
{
    const struct human_state *st = s->st;
    int n = s->n, limit = n + 1, m = 0;
    unsigned cm[9], pm[9];
    for (int i = 0; i < 9; i++) {
        int cell = tech_house_cells[h][i];
        unsigned c = st->cand[cell];
        if (st->value[cell] || bits_count(c) < 2 || bits_count(c) > limit)
            continue;
        pm[m] = 1u << i;
        cm[m++] = c;
    }
    for (int i = 0; i <= m - n; i++)
        for (int j = i + 1; j <= m - n + 1; j++) {
            unsigned uj = cm[i] | cm[j];
            if (bits_count(uj) > limit)
                continue;
            for (int k = j + 1; k <= m - n + 2; k++) {
                unsigned uk = uj | cm[k];
                if (bits_count(uk) > limit)
                    continue;
                if (n == 3) {
                    if (bits_count(uk) == limit &&
                        try_set(s, h, pm[i] | pm[j] | pm[k], uk))
                        return;
                    continue;
                }
                for (int l = k + 1; l < m; l++) {
                    unsigned ul = uk | cm[l];
                    if (bits_count(ul) == limit &&
                        try_set(s, h, pm[i] | pm[j] | pm[k] | pm[l], ul))
                        return;
                }
            }
        }
}

/* A house's list being written: sets kept, positions in some. */
struct wing_list {
    unsigned n, used;
};

/* Adds a set to the house's list when keep (1), branch-free: written in
 * any case, past the end when the list is full (more than
 * TECH_WING_SETS kept is an overflow, see end_sets). */
static void keep_set(struct tech_wing_sets *hs, struct wing_list *l, unsigned pos,
                     unsigned uni, unsigned keep)
{
    unsigned i = l->n < TECH_WING_SETS ? l->n : TECH_WING_SETS;
    hs->pos[i] = (uint16_t)pos;
    hs->uni[i] = (uint16_t)uni;
    l->used |= pos & -keep;
    l->n += keep;
}

/* Closes the house's list (keep_set). */
static void end_sets(struct tech_wing_sets *hs, struct wing_list l)
{
    hs->overflow = l.n > TECH_WING_SETS;
    hs->n_sets = (uint16_t)(hs->overflow ? TECH_WING_SETS : l.n);
    hs->used = (uint16_t)(hs->overflow ? 0x1FF : l.used);
}

/* The sets of house h of both sizes (3 cells of 4 digits, 4 of 5), each
 * cell holding two or more, in order of their positions: one walk over
 * the cells of 2 to 5 digits gives both lists in order (a cell of 5
 * digits is in no set of 3; the n-combinations pruned on their union). */
static void house_sets(const struct human_state *st, int h,
                       struct tech_wing_sets *hs3, struct tech_wing_sets *hs4)
{
    const uint8_t *count = bits_count_table; /* candidates: 9 bits */
    int m = 0;
    unsigned cm[9], pm[9], all3 = 0, all4 = 0, fit3 = 0, fit4 = 0;
    /* branch-free: which cells fit is data, no pattern to predict */
    for (int i = 0; i < 9; i++) {
        int cell = tech_house_cells[h][i];
        unsigned c = st->cand[cell], k = count[c] - 2u;
        unsigned in4 = (k <= 3) & !st->value[cell], in3 = in4 & (k <= 2);
        pm[m] = 1u << i;
        cm[m] = c;
        m += (int)in4;
        fit3 |= in3 << i;
        fit4 |= in4 << i;
        all3 |= c & -in3;
        all4 |= c & -in4;
    }
    hs3->m = count[fit3];
    hs4->m = (uint8_t)m;
    hs3->fit = (uint16_t)fit3;
    hs4->fit = (uint16_t)fit4;
    hs3->all = (uint16_t)all3;
    hs4->all = (uint16_t)all4;
    struct wing_list l3 = {0, 0}, l4 = {0, 0};
    for (int i = 0; i + 2 < m; i++)
        for (int j = i + 1; j + 1 < m; j++) {
            unsigned uj = cm[i] | cm[j];
            if (count[uj] > 5)
                continue;
            for (int k = j + 1; k < m; k++) {
                unsigned uk = uj | cm[k], pk = pm[i] | pm[j] | pm[k];
                if (count[uk] > 5)
                    continue;
                keep_set(hs3, &l3, pk, uk, count[uk] == 4);
                for (int l = k + 1; l < m; l++)
                    keep_set(hs4, &l4, pk | pm[l], uk | cm[l],
                             count[uk | cm[l]] == 5);
            }
        }
    end_sets(hs3, l3);
    end_sets(hs4, l4);
}

/* Every set of n cells of each house with n + 1 digits, each cell holding
 * two or more (boxes, rows, columns; positions in increasing order).  Once
 * a wing of the lowest rating possible is found, later sets could only
 * tie: the search stops.  A house's sets depend on its cells only: the
 * solving loop's memo keeps them while the house does not change. */
static void search(struct wing_search *s)
{
    static const int order[3][2] = {{18, 27}, {0, 9}, {9, 18}};
    struct tech_memo *memo = s->ctx->memo;
    int n = s->n;
    if (!s->n_biv)
        return;
    for (int o = 0; o < 3; o++)
        for (int h = order[o][0]; h < order[o][1]; h++) {
            struct tech_wing_sets local[2], *hs = &local[n - 3];
            if (memo) {
                hs = &memo->wing[n - 3][h];
                if (hs->stamp <= memo->house_changed[h]) {
                    struct tech_wing_sets *hs3 = &memo->wing[0][h],
                                          *hs4 = &memo->wing[1][h];
                    house_sets(s->st, h, hs3, hs4);
                    hs3->stamp = hs4->stamp = tech_memo_stamp(memo);
                }
            } else {
                house_sets(s->st, h, &local[0], &local[1]);
            }
            if ((!hs->n_sets && !hs->overflow) || hs->m < n ||
                bits_count(hs->all & s->bivalue_union) < 2 || !house_ys(s, h, hs))
                continue;
            if (hs->overflow) { /* too many to keep: all of them again */
                house_sets_all(s, h);
                if (s->stopped || s->best_rating == s->min_rating)
                    return;
            }
            for (int i = 0; i < hs->n_sets && !hs->overflow; i++)
                if (try_set(s, h, hs->pos[i], hs->uni[i]))
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

int tech_find_wxyz_wing(struct tech_ctx *ctx, struct human_step *step)
{
    struct wing_search s;
    setup(&s, ctx, 3, step, "WXYZ-Wing");
    search(&s);
    if (ctx->collect)
        return s.stopped;
    if (!s.best_rating)
        tech_memo_whole_failed(ctx, TECH_MEMO_WXYZ_WING);
    return build_step(&s, step, "WXYZ-Wing");
}

int tech_find_vwxyz_wing(struct tech_ctx *ctx, struct human_step *step)
{
    struct wing_search s;
    setup(&s, ctx, 4, step, "VWXYZ-Wing");
    search(&s);
    if (ctx->collect)
        return s.stopped;
    if (!s.best_rating)
        tech_memo_whole_failed(ctx, TECH_MEMO_VWXYZ_WING);
    return build_step(&s, step, "VWXYZ-Wing");
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
