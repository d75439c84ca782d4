/*
 * tech_uniqueness: techniques that rely on the puzzle having exactly one
 * solution (the grader grades only such puzzles; hints check the grid
 * against its unique solution first).  Four empty cells on two rows, two
 * columns and two boxes that could all hold only x and y would be a
 * "deadly pattern": x and y could swap, giving two solutions.  So the
 * pattern must be broken:
 *
 *  - Unique rectangle type 1: three corners hold only x,y: the fourth is
 *    neither.
 *  - Type 2: two corners hold only x,y, the two others x,y and one same
 *    extra z: one of those is z; cells seeing both lose z.
 *  - Type 3: as type 2 but with any extras: the two act as one cell
 *    holding the extras, which can make a naked subset in a house they
 *    share.
 *  - Type 4: as type 3, and x is confined to the two in a house they
 *    share: neither can be y.
 *  - Type 5: one or two corners hold only x,y (two: on a diagonal), the
 *    others x,y and one same extra z: one of those is z; cells seeing all
 *    of them lose z.  (Type 2's on a side; ours finds a diagonal pair as
 *    type 2 too, HoDoKu calls it type 5.)
 *  - Type 6: two corners on a diagonal hold only x,y, the two others have
 *    extras; if x of the rectangle's two rows and two columns is only in
 *    its corners, the extra corners cannot be x.
 *  - Hidden rectangle: one corner holds only x,y; if x is confined to the
 *    rectangle in the row and in the column of the opposite corner, that
 *    corner cannot be y.
 *  - BUG+1: every empty cell but one holds two candidates, and that one
 *    three: a grid where every candidate appears twice per house has two
 *    solutions or none, so the third cell takes the digit that appears
 *    three times in its houses.
 *
 * A corner may have lost x or y to an elimination (HoDoKu's "missing
 * candidates"): any solution with all four corners in {x, y} is still
 * deadly, so the arguments hold; a corner whose candidates are all in
 * {x, y} counts as holding only the pair.  The digit a corner lost must
 * still be possible there by the placed digits (not placed in a house of
 * the corner), as HoDoKu asks; a corner must keep one of the two (one
 * holding neither could not make the pattern deadly: what a rectangle
 * with it would remove, the singles do), and one corner must hold exactly
 * x and y.  When every corner holds both, nothing changes.
 *
 * Rectangles are scanned by their top-left corner in reading order.
 */
#include "tech_digits.h"

#include <string.h>


static unsigned cand_of(const struct human_state *st, int cell)
{
    return st->value[cell] ? 0 : st->cand[cell];
}

/* A pattern's test of one rectangle. */
typedef int (*rect_try)(struct tech_ctx *, struct human_step *,
                        const struct tech_rect *);

/* The positions of line `line` (kind 0: row, 1: column) whose cell could
 * be a rectangle corner for x and y: it holds both, or one of them with
 * the other still possible by the placed digits (not placed in a house of
 * the cell: tech_houses' possible).  A cell holding neither could not make
 * the pattern deadly. */
static inline unsigned corner_mask(const struct tech_houses *hv,
                                   const struct tech_digits *dg, int kind, int line,
                                   int x, int y)
{
    int h = kind ? TECH_COL(line) : TECH_ROW(line);
    unsigned px = dg->pos[x - 1][h], py = dg->pos[y - 1][h];
    /* both, or one and the other possible (px, py: the cell is empty) */
    return (px | hv->possible[x - 1][kind][line]) &
           (py | hv->possible[y - 1][kind][line]) & (px | py);
}

/* Calls visit on every rectangle of empty cells on two boxes whose
 * corners can hold x and y (corner_mask) and one of which holds only
 * those (every pattern here has such a corner); stops at the first that
 * returns 1.  Scanned by that corner in reading order, then the rest of
 * its row, then of its column (a rectangle with several such corners is
 * met several times). */
static int scan_rects(struct tech_ctx *ctx,
                      int (*visit)(void *, const struct tech_rect *), void *arg)
{
    const struct human_state *st = ctx->st;
    const struct tech_digits *dg = tech_ctx_digits(ctx);
    const struct tech_houses *hv = tech_ctx_houses(ctx);
    tech_cells bv = tech_ctx_counts(ctx)[2];
    for (int ra = 0; ra < 9; ra++) {
        for (unsigned ma = (unsigned)(bv >> (9 * ra)) & 0x1FFu; ma; ma &= ma - 1) {
            int ca = bits_lowest(ma);
            unsigned pair = cand_of(st, ra * 9 + ca);
            int x = tech_lowest_digit(pair),
                y = tech_lowest_digit(pair & (pair - 1));
            /* the other rows where a's column can have a corner */
            unsigned down = corner_mask(hv, dg, 1, ca, x, y) & ~(1u << ra);
            unsigned band = 7u << (ra / 3 * 3);
            for (unsigned mb = down ? corner_mask(hv, dg, 0, ra, x, y) & ~(1u << ca)
                                    : 0;
                 mb; mb &= mb - 1) {
                int cb = bits_lowest(mb);
                /* on two boxes only (not one, not four) */
                unsigned rows = down & corner_mask(hv, dg, 1, cb, x, y) &
                                (ca / 3 == cb / 3 ? ~band : band);
                for (; rows; rows &= rows - 1) {
                    int rc = bits_lowest(rows);
                    int r1 = ra < rc ? ra : rc, r2 = ra ^ rc ^ r1;
                    int c1 = ca < cb ? ca : cb, c2 = ca ^ cb ^ c1;
                    struct tech_rect rect = {
                        {(uint8_t)(r1 * 9 + c1), (uint8_t)(r1 * 9 + c2),
                         (uint8_t)(r2 * 9 + c1), (uint8_t)(r2 * 9 + c2)},
                        pair};
                    if (visit(arg, &rect))
                        return 1;
                }
            }
        }
    }
    return 0;
}

/* Adds a rectangle to the list unless it is there already. */
static int list_rect(void *arg, const struct tech_rect *rc)
{
    struct tech_rects *l = arg;
    for (int i = 0; i < l->n; i++)
        if (memcmp(l->rect[i].cell, rc->cell, sizeof rc->cell) == 0)
            return 0;
    if (l->n == TECH_RECTS_MAX) {
        l->overflow = 1;
        return 1;
    }
    l->rect[l->n++] = *rc;
    return 0;
}

const struct tech_rects *tech_ctx_rects(struct tech_ctx *ctx)
{
    if (!ctx->built.rects) {
        ctx->rects.n = ctx->rects.overflow = 0;
        scan_rects(ctx, list_rect, &ctx->rects);
        ctx->built.rects = 1;
    }
    return &ctx->rects;
}

struct rect_visit {
    struct tech_ctx *ctx;
    struct human_step *step;
    rect_try try;
};

static int visit_rect(void *arg, const struct tech_rect *rc)
{
    struct rect_visit *v = arg;
    return v->try(v->ctx, v->step, rc) && tech_found(v->ctx, v->step);
}

/* Calls try on every rectangle (scan_rects order); stops at the first
 * that returns 1 (collect mode: goes on, tech_found).  A rectangle met again gives what it gave the first
 * time, so the shared list (each once, in first-met order) gives the
 * same first. */
static int each_rect(struct tech_ctx *ctx, struct human_step *step, rect_try try)
{
    const struct tech_rects *l = tech_ctx_rects(ctx);
    if (l->overflow) {
        struct rect_visit v = {ctx, step, try};
        if (scan_rects(ctx, visit_rect, &v))
            return 1;
    } else {
        for (int i = 0; i < l->n; i++)
            if (try(ctx, step, &l->rect[i]) && tech_found(ctx, step))
                return 1;
    }
    tech_step_reset(step);
    return 0;
}

static void say_rect(struct human_step *step, const char *name,
                     const struct tech_rect *rc)
{
    tech_say(step, "%s: ", name);
    tech_say_cells(step, rc->cell, 4, 1);
    tech_say(step, " must not all hold only ");
    tech_say_digits(step, rc->pair);
    tech_say(step, " (one solution)");
}

static void cause_rect(struct human_step *step, const struct human_state *st,
                       const struct tech_rect *rc)
{
    for (int k = 0; k < 4; k++)
        tech_cause_mask(step, st, rc->cell[k], rc->pair);
}

/* A corner holding only the pair, or what is left of it. */
static int is_bare(const struct human_state *st, int cell, unsigned pair)
{
    return (cand_of(st, cell) & ~pair) == 0;
}

/* Bits k of the corners that hold only the pair (or part of it). */
static unsigned bare_corners(const struct human_state *st,
                             const struct tech_rect *rc)
{
    unsigned bare = 0;
    for (int k = 0; k < 4; k++)
        if (is_bare(st, rc->cell[k], rc->pair))
            bare |= 1u << k;
    return bare;
}

/* 1 when every corner still holds both digits of the pair. */
static int all_hold_pair(const struct human_state *st, const struct tech_rect *rc)
{
    for (int k = 0; k < 4; k++)
        if ((cand_of(st, rc->cell[k]) & rc->pair) != rc->pair)
            return 0;
    return 1;
}

/* 1 when the cells of house h with candidate d are among cells (the
 * digit, if anywhere in h, is in those). */
static int digit_only_in(const struct tech_digits *dg, int h, int d,
                         tech_cells cells)
{
    return (dg->cells[d - 1] & tech_house_set[h] & ~cells) == 0;
}

static int try_type1(struct tech_ctx *ctx, struct human_step *step,
                     const struct tech_rect *rc)
{
    const struct human_state *st = ctx->st;
    unsigned bare = bare_corners(st, rc);
    if (bits_count(bare) != 3)
        return 0;
    int k = bits_lowest(~bare & 0xF);
    tech_step_reset(step);
    if (!tech_eliminate_mask(step, st, rc->cell[k], rc->pair))
        return 0; /* the fourth corner lost both digits already */
    cause_rect(step, st, rc);
    say_rect(step, "Unique rectangle type 1", rc);
    tech_say(step, ", so ");
    tech_say_elims(step);
    return 1;
}

int tech_find_unique_rectangle_1(struct tech_ctx *ctx, struct human_step *step)
{
    return each_rect(ctx, step, try_type1);
}

/* The two corners that are not bare when the two bare ones are a side
 * (or a diagonal when diagonal is set); 0 otherwise. */
static int roof_of(const struct human_state *st, const struct tech_rect *rc,
                   int roof[2], int diagonal)
{
    unsigned bare = bare_corners(st, rc);
    if (bits_count(bare) != 2)
        return 0;
    int is_diag = bare == 0x9 || bare == 0x6;
    if (is_diag != diagonal)
        return 0;
    unsigned rest = ~bare & 0xF;
    roof[0] = rc->cell[bits_lowest(rest)];
    roof[1] = rc->cell[bits_lowest(rest & (rest - 1))];
    return 1;
}

static void eliminate_seen_by_both(struct human_step *step,
                                   const struct human_state *st, int a, int b,
                                   unsigned digits, tech_cells skip)
{
    tech_cells common = tech_peers(a) & tech_peers(b) & ~skip;
    for (tech_cells s = common; s; s &= s - 1)
        tech_eliminate_mask(step, st, tech_cells_lowest(s), digits);
}

static tech_cells rect_cells(const struct tech_rect *rc)
{
    tech_cells s = 0;
    for (int k = 0; k < 4; k++)
        s |= tech_cell_bit(rc->cell[k]);
    return s;
}

static int try_type2(struct tech_ctx *ctx, struct human_step *step,
                     const struct tech_rect *rc)
{
    const struct human_state *st = ctx->st;
    int roof[2];
    for (int diag = 0; diag < 2; diag++) {
        if (!roof_of(st, rc, roof, diag))
            continue;
        unsigned e0 = cand_of(st, roof[0]) & ~rc->pair;
        unsigned e1 = cand_of(st, roof[1]) & ~rc->pair;
        if (e0 != e1 || bits_count(e0) != 1)
            return 0;
        tech_step_reset(step);
        eliminate_seen_by_both(step, st, roof[0], roof[1], e0, rect_cells(rc));
        if (step->n_elim == 0)
            return 0;
        cause_rect(step, st, rc);
        tech_cause_mask(step, st, roof[0], e0);
        tech_cause_mask(step, st, roof[1], e0);
        say_rect(step, "Unique rectangle type 2", rc);
        tech_say(step, ", so ");
        tech_say_cell(step, roof[0]);
        tech_say(step, " or ");
        tech_say_cell(step, roof[1]);
        tech_say(step, " is %d, so ", tech_lowest_digit(e0));
        tech_say_elims(step);
        return 1;
    }
    return 0;
}

int tech_find_unique_rectangle_2(struct tech_ctx *ctx, struct human_step *step)
{
    return each_rect(ctx, step, try_type2);
}

/* The corners that are not bare (bits k), each holding extras: type 5
 * wants them to share one extra digit; HoDoKu calls a pair of them on a
 * side type 2 (which ours finds on a side and on a diagonal), so type 5
 * takes three of them, or two on a diagonal. */
static int try_type5(struct tech_ctx *ctx, struct human_step *step,
                     const struct tech_rect *rc)
{
    const struct human_state *st = ctx->st;
    unsigned rest = ~bare_corners(st, rc) & 0xF;
    int n = bits_count(rest);
    if (n != 3 && (n != 2 || (rest != 0x9 && rest != 0x6)))
        return 0;
    unsigned extra = 0;
    uint8_t roof[3];
    int k = 0;
    tech_cells seen = ~(tech_cells)0;
    for (unsigned m = rest; m; m &= m - 1) {
        int cell = rc->cell[bits_lowest(m)];
        roof[k++] = (uint8_t)cell;
        extra |= cand_of(st, cell) & ~rc->pair;
        seen &= tech_peers(cell);
    }
    if (bits_count(extra) != 1)
        return 0;
    int z = tech_lowest_digit(extra);
    tech_step_reset(step);
    for (tech_cells t = seen & tech_ctx_digits(ctx)->cells[z - 1]; t; t &= t - 1)
        tech_eliminate(step, st, tech_cells_lowest(t), z);
    if (step->n_elim == 0)
        return 0;
    cause_rect(step, st, rc);
    for (int i = 0; i < n; i++)
        tech_cause(step, roof[i], z);
    say_rect(step, "Unique rectangle type 5", rc);
    tech_say(step, ", so one of ");
    tech_say_cells(step, roof, n, 1);
    tech_say(step, " is %d, so ", z);
    tech_say_elims(step);
    return 1;
}

int tech_find_unique_rectangle_5(struct tech_ctx *ctx, struct human_step *step)
{
    return each_rect(ctx, step, try_type5);
}

/* Type 6: two bare corners on a diagonal, the two others with extras.
 * When the rows and columns of the rectangle hold x only in its corners
 * (an X-Wing), x is on one diagonal; on the extras' it would leave y on
 * the bare ones: deadly.  So neither extra corner is x.  HoDoKu tries the
 * lower digit of the pair first and takes the first whose lines allow
 * it. */
static int try_type6(struct tech_ctx *ctx, struct human_step *step,
                     const struct tech_rect *rc)
{
    const struct human_state *st = ctx->st;
    const struct tech_digits *dg = tech_ctx_digits(ctx);
    int roof[2];
    if (!roof_of(st, rc, roof, 1))
        return 0;
    tech_cells in_rect = rect_cells(rc);
    int lines[4] = {TECH_ROW(tech_row_of(rc->cell[0])),
                    TECH_ROW(tech_row_of(rc->cell[3])),
                    TECH_COL(tech_col_of(rc->cell[0])),
                    TECH_COL(tech_col_of(rc->cell[3]))};
    for (unsigned m = rc->pair; m; m &= m - 1) {
        int x = tech_lowest_digit(m);
        int in_lines = 0;
        for (int i = 0; i < 4; i++)
            in_lines |= !digit_only_in(dg, lines[i], x, in_rect);
        if (in_lines)
            continue; /* x outside the rectangle in one of its lines */
        tech_step_reset(step);
        tech_eliminate(step, st, roof[0], x);
        tech_eliminate(step, st, roof[1], x);
        if (step->n_elim == 0)
            return 0;
        cause_rect(step, st, rc);
        for (int i = 0; i < 4; i++)
            tech_house(step, lines[i]);
        say_rect(step, "Unique rectangle type 6", rc);
        tech_say(step, ", and the %d of rows %c and %c and columns %d and %d "
                       "is only in the rectangle, so ",
                 x, 'A' + tech_row_of(rc->cell[0]), 'A' + tech_row_of(rc->cell[3]),
                 tech_col_of(rc->cell[0]) + 1, tech_col_of(rc->cell[3]) + 1);
        tech_say_elims(step);
        return 1;
    }
    return 0;
}

int tech_find_unique_rectangle_6(struct tech_ctx *ctx, struct human_step *step)
{
    return each_rect(ctx, step, try_type6);
}

/* ---- avoidable rectangles ---------------------------------------------
 *
 * Cells the solver filled (not givens) can make a deadly pattern too: if
 * A1 = a and A2 = b were solved, D1 = b and D2 = a would let the four
 * swap, the givens allowing both.  HoDoKu's rule: the solved corners a
 * (start) and b share a box and a line; of the far side, one solved with
 * its deadly digit and the other empty holding two candidates, its deadly
 * digit one of them: that cell is not it (type 1); both empty, two
 * candidates each, the deadly digit and the same other z: one of them is
 * z, which the cells seeing both lose (type 2).
 */

static int is_solved(const struct human_state *st, int cell)
{
    return st->value[cell] && ((st->solved[cell / 64] >> (cell % 64)) & 1);
}

/* far[0] is in line with a (deadly digit b), far[1] with b (digit a). */
struct avoidable {
    int a, b, far[2];
};

typedef int (*avoidable_try)(struct tech_ctx *, struct human_step *,
                             const struct avoidable *);

/* Every rectangle of two solved cells in one box and line and two cells
 * of another box, by the first solved cell in reading order, one of the
 * two others of two candidates (as both types ask: far_open). */
static int each_avoidable(struct tech_ctx *ctx, struct human_step *step,
                          avoidable_try try)
{
    const struct human_state *st = ctx->st;
    tech_cells two = tech_ctx_counts(ctx)[2];
    tech_cells solved = (tech_cells)st->solved[1] << 64 | st->solved[0];
    /* the cells of two candidates as positions: [0][r] the columns of row
     * r, [1][c] the rows of column c (a rectangle's far corners are
     * asked of them, all nine places of a line at once) */
    unsigned two_at[2][9] = {{0}};
    for (tech_cells m = two; m; m &= m - 1) {
        int c = tech_cells_lowest(m);
        two_at[0][tech_row_of(c)] |= 1u << tech_col_of(c);
        two_at[1][tech_col_of(c)] |= 1u << tech_row_of(c);
    }
    for (tech_cells ma = solved; ma; ma &= ma - 1) {
        int a = tech_cells_lowest(ma);
        if (!is_solved(st, a))
            continue;
        int box = TECH_BOX(tech_box_of(a));
        /* b: in a's box and row or column, after a (a box's cells in
         * reading order are in increasing order) */
        tech_cells line = tech_house_set[TECH_ROW(tech_row_of(a))] |
                          tech_house_set[TECH_COL(tech_col_of(a))];
        for (tech_cells mb = solved & tech_house_set[box] & line &
                             ~(tech_cells)0 << (a + 1);
             mb; mb &= mb - 1) {
            int b = tech_cells_lowest(mb);
            int row = tech_row_of(a) == tech_row_of(b);
            if (!is_solved(st, b))
                continue;
            /* along the other line through a and through b: the places k
             * outside a's box where one of the two far corners has two
             * candidates */
            int ia = row ? tech_col_of(a) : tech_row_of(a),
                ib = row ? tech_col_of(b) : tech_row_of(b);
            unsigned own = 7u << (row ? tech_row_of(a) / 3 * 3 : tech_col_of(a) / 3 * 3);
            unsigned places = (two_at[row][ia] | two_at[row][ib]) & ~own;
            for (; places; places &= places - 1) {
                int k = bits_lowest(places);
                struct avoidable av = {a, b, {row ? k * 9 + ia : ia * 9 + k,
                                              row ? k * 9 + ib : ib * 9 + k}};
                if (try(ctx, step, &av) && tech_found(ctx, step))
                    return 1;
            }
        }
    }
    tech_step_reset(step);
    return 0;
}

/* Far corner k empty, two candidates, one of them its deadly digit. */
static int far_open(const struct human_state *st, const struct avoidable *av, int k)
{
    int cell = av->far[k];
    unsigned deadly = tech_bit(st->value[k ? av->a : av->b]);
    return !st->value[cell] && bits_count(st->cand[cell]) == 2 &&
           (st->cand[cell] & deadly);
}

static void say_avoidable(struct human_step *step, const char *name,
                          const struct human_state *st, const struct avoidable *av)
{
    uint8_t cells[4] = {(uint8_t)av->a, (uint8_t)av->b, (uint8_t)av->far[0],
                        (uint8_t)av->far[1]};
    tech_say(step, "%s: ", name);
    tech_say_cells(step, cells, 4, 1);
    tech_say(step, " must not hold %d, %d, %d and %d (", st->value[av->a],
             st->value[av->b], st->value[av->b], st->value[av->a]);
    tech_say_cell(step, av->a);
    tech_say(step, " and ");
    tech_say_cell(step, av->b);
    tech_say(step, " were solved, not given: they could swap), so ");
}

static int try_avoidable_1(struct tech_ctx *ctx, struct human_step *step,
                           const struct avoidable *av)
{
    const struct human_state *st = ctx->st;
    int digit[2] = {st->value[av->b], st->value[av->a]};
    for (int k = 0; k < 2; k++) {
        int set = av->far[1 - k];
        if (st->value[set] != digit[1 - k] || !is_solved(st, set) ||
            !far_open(st, av, k))
            continue;
        tech_step_reset(step);
        tech_eliminate(step, st, av->far[k], digit[k]);
        tech_cause(step, av->a, 0);
        tech_cause(step, av->b, 0);
        tech_cause(step, set, 0);
        tech_cause_mask(step, st, av->far[k], tech_bit(digit[k]));
        say_avoidable(step, "Avoidable rectangle type 1", st, av);
        tech_say_elims(step);
        return 1;
    }
    return 0;
}

int tech_find_avoidable_rectangle_1(struct tech_ctx *ctx, struct human_step *step)
{
    return each_avoidable(ctx, step, try_avoidable_1);
}

static int try_avoidable_2(struct tech_ctx *ctx, struct human_step *step,
                           const struct avoidable *av)
{
    const struct human_state *st = ctx->st;
    if (!far_open(st, av, 0) || !far_open(st, av, 1))
        return 0;
    unsigned z = st->cand[av->far[0]] & ~tech_bit(st->value[av->b]);
    if (!(st->cand[av->far[1]] & z))
        return 0;
    tech_step_reset(step);
    eliminate_seen_by_both(step, st, av->far[0], av->far[1], z, 0);
    if (step->n_elim == 0)
        return 0;
    tech_cause(step, av->a, 0);
    tech_cause(step, av->b, 0);
    tech_cause_mask(step, st, av->far[0], st->cand[av->far[0]]);
    tech_cause_mask(step, st, av->far[1], st->cand[av->far[1]]);
    say_avoidable(step, "Avoidable rectangle type 2", st, av);
    tech_say_cell(step, av->far[0]);
    tech_say(step, " or ");
    tech_say_cell(step, av->far[1]);
    tech_say(step, " is %d, so ", tech_lowest_digit(z));
    tech_say_elims(step);
    return 1;
}

int tech_find_avoidable_rectangle_2(struct tech_ctx *ctx, struct human_step *step)
{
    return each_avoidable(ctx, step, try_avoidable_2);
}

/* Houses shared by two cells: up to two (a line and a box). */
static int shared_houses(int a, int b, int h[2])
{
    int n = 0;
    if (tech_row_of(a) == tech_row_of(b))
        h[n++] = TECH_ROW(tech_row_of(a));
    if (tech_col_of(a) == tech_col_of(b))
        h[n++] = TECH_COL(tech_col_of(a));
    if (tech_box_of(a) == tech_box_of(b))
        h[n++] = TECH_BOX(tech_box_of(a));
    return n;
}

static int try_type4(struct tech_ctx *ctx, struct human_step *step,
                     const struct tech_rect *rc)
{
    const struct human_state *st = ctx->st;
    const struct tech_digits *dg = tech_ctx_digits(ctx);
    int roof[2], h[2];
    if (!roof_of(st, rc, roof, 0))
        return 0;
    int nh = shared_houses(roof[0], roof[1], h);
    for (int i = 0; i < nh; i++) {
        for (unsigned m = rc->pair; m; m &= m - 1) {
            int x = tech_lowest_digit(m);
            int y = tech_lowest_digit(rc->pair & ~tech_bit(x));
            if (!digit_only_in(dg, h[i], x,
                               tech_cell_bit(roof[0]) | tech_cell_bit(roof[1])))
                continue; /* x only in the two roof cells of the house */
            tech_step_reset(step);
            tech_eliminate(step, st, roof[0], y);
            tech_eliminate(step, st, roof[1], y);
            if (step->n_elim == 0)
                continue;
            cause_rect(step, st, rc);
            tech_house(step, h[i]);
            say_rect(step, "Unique rectangle type 4", rc);
            tech_say(step, ", and the %d of ", x);
            tech_say_house(step, h[i]);
            tech_say(step, " is only in ");
            tech_say_cell(step, roof[0]);
            tech_say(step, " and ");
            tech_say_cell(step, roof[1]);
            tech_say(step, ", so ");
            tech_say_elims(step);
            return 1;
        }
    }
    return 0;
}

int tech_find_unique_rectangle_4(struct tech_ctx *ctx, struct human_step *step)
{
    return each_rect(ctx, step, try_type4);
}

/* Corner k of the rectangle bare; its opposite corner 3 - k. */
static int try_hidden(struct tech_ctx *ctx, struct human_step *step,
                      const struct tech_rect *rc)
{
    const struct human_state *st = ctx->st;
    const struct tech_digits *dg = tech_ctx_digits(ctx);
    tech_cells in_rect = rect_cells(rc);
    for (int k = 0; k < 4; k++) {
        if (!is_bare(st, rc->cell[k], rc->pair))
            continue;
        int far = rc->cell[3 - k];
        int row = TECH_ROW(tech_row_of(far)), col = TECH_COL(tech_col_of(far));
        for (unsigned m = rc->pair; m; m &= m - 1) {
            int x = tech_lowest_digit(m);
            int y = tech_lowest_digit(rc->pair & ~tech_bit(x));
            /* x of the far corner's row and column only in the rectangle */
            if (!digit_only_in(dg, row, x, in_rect) ||
                !digit_only_in(dg, col, x, in_rect))
                continue;
            tech_step_reset(step);
            if (!tech_eliminate(step, st, far, y))
                continue;
            cause_rect(step, st, rc);
            tech_house(step, row);
            tech_house(step, col);
            tech_say(step, "Hidden rectangle: ");
            tech_say_cells(step, rc->cell, 4, 1);
            if (all_hold_pair(st, rc))
                tech_say(step, " all hold %d and %d, ", x, y);
            else
                tech_say(step, " hold %d or %d (a corner lost one), ", x, y);
            tech_say_cell(step, rc->cell[k]);
            tech_say(step,
                     " only those, and the %d of row %c and column %d is "
                     "only in the rectangle, so ",
                     x, 'A' + tech_row_of(far), tech_col_of(far) + 1);
            tech_say_elims(step);
            return 1;
        }
    }
    return 0;
}

int tech_find_hidden_rectangle(struct tech_ctx *ctx, struct human_step *step)
{
    return each_rect(ctx, step, try_hidden);
}

/* Type 3: the roof's extras as one virtual cell in house h; a naked set
 * with k other cells of h whose union with the extras has k + 1 digits. */
struct ur3 {
    const struct human_state *st;
    struct human_step *step;
    const struct tech_rect *rc;
    int roof[2], house;
    unsigned extra;
    int n_items;
    uint8_t item[9];
};

static int ur3_found(struct ur3 *u, unsigned chosen, unsigned digits)
{
    struct human_step *step = u->step;
    uint8_t cells[9];
    int n = 0;
    for (unsigned m = chosen; m; m &= m - 1)
        cells[n++] = u->item[bits_lowest(m)];
    tech_step_reset(step);
    tech_cells set = tech_cell_bit(u->roof[0]) | tech_cell_bit(u->roof[1]);
    for (int k = 0; k < n; k++)
        set |= tech_cell_bit(cells[k]);
    /* A set in a line and all in one box is locked: its digits leave
     * the box too (HoDoKu's locked subset). */
    int box = TECH_BOX(tech_box_of(u->roof[0]));
    if (u->house >= TECH_BOX(0) || (set & ~tech_house_set[box]))
        box = -1;
    for (int pass = 0; pass < 2; pass++) {
        int h = pass ? box : u->house;
        if (h < 0)
            continue;
        for (tech_cells m = tech_house_set[h] & ~set; m; m &= m - 1)
            tech_eliminate_mask(step, u->st, tech_cells_lowest(m), digits);
    }
    if (step->n_elim == 0)
        return 0;
    /* The rectangle's pair first (8 causes), then the naked set: the rating
     * reads the set's size from the digits after those 8. */
    cause_rect(step, u->st, u->rc);
    tech_cause_mask(step, u->st, u->roof[0], u->extra);
    tech_cause_mask(step, u->st, u->roof[1], u->extra);
    for (int k = 0; k < n; k++)
        tech_cause_mask(step, u->st, cells[k], digits);
    tech_house(step, u->house);
    if (box >= 0)
        tech_house(step, box);
    say_rect(step, "Unique rectangle type 3", u->rc);
    tech_say(step, ", so ");
    tech_say_cell(step, u->roof[0]);
    tech_say(step, " and ");
    tech_say_cell(step, u->roof[1]);
    tech_say(step, " act as one cell holding ");
    tech_say_digits(step, u->extra);
    tech_say(step, ", a naked set of ");
    tech_say_digits(step, digits);
    tech_say(step, " with ");
    tech_say_cells(step, cells, n, 1);
    tech_say(step, " in ");
    tech_say_house(step, u->house);
    if (box >= 0) {
        tech_say(step, " and ");
        tech_say_house(step, box);
    }
    tech_say(step, ", so ");
    tech_say_elims(step);
    return 1;
}

static int ur3_combine(struct ur3 *u, int start, int size, unsigned chosen,
                       unsigned uni)
{
    int k = bits_count(chosen);
    if (k > 0 && bits_count(uni) == k + 1 && ur3_found(u, chosen, uni))
        return 1;
    if (k == size)
        return 0;
    for (int i = start; i < u->n_items; i++) {
        unsigned nu = uni | u->st->cand[u->item[i]];
        /* the digits can still be one more than the cells: with the
         * items left at most (a branch that cannot is not walked) */
        int most = k + 1 + (u->n_items - i - 1);
        if (bits_count(nu) <= size + 1 &&
            bits_count(nu) <= (most < size ? most : size) + 1 &&
            ur3_combine(u, i + 1, size, chosen | (1u << i), nu))
            return 1;
    }
    return 0;
}

/* The cells of house h but the roof that ur3_combine may take: with at
 * most max_cands candidates each, none of them in skip. */
static void ur3_items(struct ur3 *u, int max_cands, unsigned skip)
{
    u->n_items = 0;
    for (int p = 0; p < 9; p++) {
        int cell = tech_house_cells[u->house][p];
        unsigned c = cand_of(u->st, cell);
        if (cell != u->roof[0] && cell != u->roof[1] && c &&
            bits_count(c) <= max_cands && !(c & skip))
            u->item[u->n_items++] = (uint8_t)cell;
    }
}

/* 1 when every item has four candidates at most (the first search's). */
static int ur3_items_small(const struct ur3 *u)
{
    for (int i = 0; i < u->n_items; i++)
        if (bits_count(u->st->cand[u->item[i]]) > 4)
            return 0;
    return 1;
}

static int try_type3(struct tech_ctx *ctx, struct human_step *step,
                     const struct tech_rect *rc)
{
    const struct human_state *st = ctx->st;
    struct ur3 u = {.st = st, .step = step, .rc = rc};
    int h[2];
    if (!roof_of(st, rc, u.roof, 0))
        return 0;
    u.extra = (cand_of(st, u.roof[0]) | cand_of(st, u.roof[1])) & ~rc->pair;
    int nh = shared_houses(u.roof[0], u.roof[1], h);
    for (int i = 0; i < nh; i++) {
        u.house = h[i];
        /* First the naked pair to quad of cells with up to four digits
         * each, with up to three extras (what the search always took, in
         * its order); then any set, as HoDoKu does: any number of extras,
         * any cells of the house without x or y. */
        int first = bits_count(u.extra) <= 3, n_first = 0;
        if (first) {
            ur3_items(&u, 4, 0);
            if (ur3_combine(&u, 0, 3, 0, u.extra))
                return 1;
            n_first = u.n_items;
        }
        ur3_items(&u, 9, rc->pair);
        /* nothing new when every set the second search can make the
         * first made: its cells among the first's, three at most */
        if (first && u.n_items <= 3 && u.n_items <= n_first && ur3_items_small(&u))
            continue;
        if (ur3_combine(&u, 0, u.n_items, 0, u.extra))
            return 1;
    }
    return 0;
}

int tech_find_unique_rectangle_3(struct tech_ctx *ctx, struct human_step *step)
{
    return each_rect(ctx, step, try_type3);
}

/* SE: 4.5 plus 0.1 per digit of the naked set past the first two. */
int tech_rate_unique_rectangle_3(const struct human_step *step)
{
    unsigned digits = 0;
    for (int i = 8; i < step->n_cause; i++)
        digits |= tech_bit(step->cause[i].digit);
    return 45 + bits_count(digits) - 1;
}

int tech_find_bug_plus_1(struct tech_ctx *ctx, struct human_step *step)
{
    const struct human_state *st = ctx->st;
    int three = -1;
    for (int cell = 0; cell < GRID_CELLS; cell++) {
        int n = bits_count(cand_of(st, cell));
        if (st->value[cell] || n == 2)
            continue;
        if (n != 3 || three >= 0)
            return 0;
        three = cell;
    }
    if (three < 0)
        return 0;
    /* Without one digit of the third cell, every digit would appear twice
     * or not at all in each house: that digit is a candidate of the cell
     * and appears an odd number of times in each of the cell's three
     * houses, and nothing else is odd.  (A digit odd in those houses but
     * not in the cell would leave them odd without it: no BUG.) */
    const struct tech_digits *dg = tech_ctx_digits(ctx);
    int h3[3] = {TECH_ROW(tech_row_of(three)), TECH_COL(tech_col_of(three)),
                 TECH_BOX(tech_box_of(three))};
    int digit = 0;
    for (int d = 1; d <= 9; d++) {
        unsigned odd = 0;
        for (int h = 0; h < TECH_HOUSES; h++) {
            int n = bits_count(dg->pos[d - 1][h]);
            if (n == 0 || n == 2)
                continue;
            int k = h == h3[0] ? 0 : h == h3[1] ? 1 : h == h3[2] ? 2 : -1;
            if (k < 0 || (n != 1 && n != 3))
                return 0;
            odd |= 1u << k;
        }
        if (odd == 7 && !digit && (st->cand[three] & tech_bit(d)))
            digit = d;
        else if (odd)
            return 0;
    }
    if (!digit)
        return 0;
    tech_step_reset(step);
    tech_place(step, three, digit);
    tech_cause_mask(step, st, three, st->cand[three]);
    tech_say(step, "BUG+1: every empty cell but ");
    tech_say_cell(step, three);
    tech_say(step,
             " holds two candidates, and %d appears three times in its "
             "row, column and box, so ",
             digit);
    tech_say_cell(step, three);
    tech_say(step, " is %d", digit);
    return 1;
}
