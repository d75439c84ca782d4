/*
 * tech_direct: Sudoku Explainer's "direct" rules - an intersection or a
 * hidden subset whose eliminations leave a hidden single at once, the
 * step placing that single too.  SE tries them among the singles (its
 * pass, rater_se in core/rater.c: hidden singles 1.0-1.5, Direct Pointing
 * 1.7, Direct Claiming 1.9, Direct Hidden Pair 2.0, naked single 2.3,
 * Direct Hidden Triplet 2.5), so a puzzle that needs nothing harder is
 * rated by them, not by the pointing (2.6) or hidden pair (3.4) it
 * contains.
 *
 * The definitions are SE 1.2.1.3's, searched in its order (the first
 * instance is taken):
 *  - Direct Pointing: a digit of a box confined to one line (two or more
 *    places), whose removal from the rest of the line leaves another box
 *    crossing the line (where the digit had two or more places) one place
 *    for it.  Boxes with columns before boxes with rows; boxes, lines and
 *    the other box in index order, digits 1-9.
 *  - Direct Claiming: the same with a line's digit confined to one box,
 *    the single in another line (of the same direction) crossing the box;
 *    columns before rows.
 *  - Direct Hidden Pair / Triplet: n digits (each with two or more places)
 *    whose places in a house with more than n empty cells are n cells;
 *    removing the cells' other candidates leaves another digit (which had
 *    two or more places in the house) one place in it, the first such
 *    digit.  Boxes, then columns, then rows; the digit sets in increasing
 *    order of their masks (SE's order).
 * The step places the single and removes nothing: SE's hint shows what
 * the intersection or subset removes but applies only the placement, so
 * its path finds the same pattern again for its next single.
 */
#include "tech_digits.h"

/* Region kinds by first house (tech.h numbering). */
enum { ROWS = 0, COLS = 9, BOXES = 18 };

/* The cells of a set in increasing order into out; returns how many. */
static int cells_of(tech_cells s, uint8_t *out)
{
    int n = 0;
    for (; s; s &= s - 1)
        out[n++] = (uint8_t)tech_cells_lowest(s);
    return n;
}

/* "NAME: in HOUSE, " and, after the reason, "CELL is the only place left
 * for D in HOUSE2": the sentence both kinds share. */
static void say_head(struct human_step *step, const char *name, int h)
{
    tech_say(step, "%s: in ", name);
    tech_say_house(step, h);
    tech_say(step, ", ");
}

static void say_single(struct human_step *step, int cell, int d, int h)
{
    tech_say_cell(step, cell);
    tech_say(step, " is the only place left for %d in ", d);
    tech_say_house(step, h);
}

/* Fills step for the intersection of h1 (digit d's places p1 all in h2)
 * whose removals (removed) leave cell the only place for d in h3.  The
 * step places the single only (SE's hint): the removals justify it. */
static void say_locking(struct human_step *step, const char *name, int d, int h1,
                        int h2, int h3, tech_cells p1, tech_cells removed, int cell)
{
    uint8_t cells[9], gone[9];
    int n = cells_of(p1, cells), n_gone = cells_of(removed, gone);
    tech_step_reset(step);
    for (int i = 0; i < n; i++)
        tech_cause(step, cells[i], d);
    tech_place(step, cell, d);
    tech_house(step, h1);
    tech_house(step, h2);
    tech_house(step, h3);
    say_head(step, name, h1);
    tech_say(step, "%d can only go in ", d);
    tech_say_cells(step, cells, n, 1);
    tech_say(step, ", within ");
    tech_say_house(step, h2);
    tech_say(step, "; with %d gone from ", d);
    tech_say_cells(step, gone, n_gone, 1);
    tech_say(step, ", ");
    say_single(step, cell, d, h3);
}

/* The cells of band k (rows 3k..3k+2; [0][k]) and of stack k (columns
 * 3k..3k+2; [1][k]). */
static tech_cells lane_cells(int stack, int k)
{
    const tech_cells *h = &tech_house_set[(stack ? COLS : ROWS) + 3 * k];
    return h[0] | h[1] | h[2];
}

/*
 * The digits (tech_bit) that may hold a direct intersection of row kind
 * kind (0: pointing, 1: claiming) in band k ([0][k]) and in stack k
 * ([1][k]).  An instance with lines of rows reads its digit's cells in
 * one band alone (the box, or the row, and the other two of the band),
 * one with columns one stack alone; the memo keeps each digit's cells as
 * the last search of the kind that found nothing saw them, so a digit
 * whose cells in a band or stack are still those has none there.  Every
 * digit everywhere without that record.
 */
static void direct_live(struct tech_ctx *ctx, const struct tech_digits *dg, int kind,
                        unsigned live[2][3])
{
    const struct tech_memo *m = tech_memo_of(ctx);
    int known = m && (m->direct_valid >> kind & 1u);
    for (int lane = 0; lane < 2; lane++) {
        for (int k = 0; k < 3; k++) {
            tech_cells in = lane_cells(lane, k);
            live[lane][k] = HUMAN_ALL_DIGITS;
            for (int d = 0; known && d < 9; d++)
                if (!((dg->cells[d] ^ m->direct_seen[kind][d]) & in))
                    live[lane][k] &= ~tech_bit(d + 1);
        }
    }
}

/* The search of kind found nothing in the grid as it is now. */
static void direct_failed(struct tech_ctx *ctx, const struct tech_digits *dg, int kind)
{
    struct tech_memo *m = tech_memo_of(ctx);
    if (m) {
        memcpy(m->direct_seen[kind], dg->cells, sizeof m->direct_seen[kind]);
        m->direct_valid |= 1u << kind;
    }
}

/*
 * What region h's candidates (cand: its cells', tech.h order) say of
 * lane j, the three places at[j][0..2]: confined[j] the digits with two
 * places or more, all in the lane; single[j] those with a place in the
 * lane and exactly one outside it.  All digits at once: a[j] the digits
 * seen in lane j, two[j] those seen twice or more there.
 */
struct lane_digits {
    unsigned confined[3], single[3];
};

static void lane_digits(const uint16_t cand[9], const uint8_t at[3][3],
                        struct lane_digits *out)
{
    unsigned a[3], two[3];
    for (int j = 0; j < 3; j++) {
        unsigned x = cand[at[j][0]], y = cand[at[j][1]], z = cand[at[j][2]];
        a[j] = x | y | z;
        two[j] = (x & y) | (z & (x | y));
    }
    for (int j = 0; j < 3; j++) {
        int k = (j + 1) % 3, l = (j + 2) % 3;
        unsigned out_any = a[k] | a[l], out_two = two[k] | two[l] | (a[k] & a[l]);
        out->confined[j] = two[j] & ~out_any;
        out->single[j] = a[j] & out_any & ~out_two;
    }
}

/*
 * SE's direct intersections with region1 of kind k1 and region2 of kind
 * k2 (one of them boxes): a digit of region1 confined to region2, the
 * single in a third region of kind k1 crossing region2.  region2 crosses
 * region1 and each region3 in the same three positions (lane: the line's
 * three cells in a box, or the box's three cells on a line), so
 * "confined to region2" is "two places or more, none outside lane" and
 * the single's place is region3's one place outside it, region3 having
 * one in the lane too (lane_digits).  live: the digits that may have
 * one, by band and stack (direct_live).  In SE's order: region1, lane,
 * digit, region3.
 */
static int direct_locking(struct tech_ctx *ctx, struct human_step *step,
                          const char *name, int k1, int k2, unsigned live[2][3])
{
    static const uint8_t row_lanes[3][3] = {{0, 1, 2}, {3, 4, 5}, {6, 7, 8}};
    static const uint8_t col_lanes[3][3] = {{0, 3, 6}, {1, 4, 7}, {2, 5, 8}};
    const struct tech_houses *hv = tech_ctx_houses(ctx);
    int box1 = k1 == BOXES, lines = box1 ? k2 : k1, across = box1 && lines == COLS;
    /* region1 and every region3 lie in one band (lines of rows) or one
     * stack (of columns): the regions of a unit without live digits are
     * not read */
    struct lane_digits ld[9];
    unsigned unit_live[9];
    for (int i = 0; i < 9; i++) {
        unit_live[i] = live[lines == COLS][across ? i % 3 : i / 3];
        if (unit_live[i])
            lane_digits(hv->cand[k1 + i], across ? col_lanes : row_lanes, &ld[i]);
    }
    for (int i1 = 0; i1 < 9; i1++) {
        int h1 = k1 + i1;
        unsigned digits = unit_live[i1];
        for (int j = 0; j < 3 && digits; j++) {
            unsigned in = ld[i1].confined[j] & digits;
            if (!in)
                continue;
            int i2, first3; /* first3: the first region3's index */
            if (box1) { /* a box and the lines through it */
                i2 = (lines == ROWS ? i1 / 3 : i1 % 3) * 3 + j;
                first3 = lines == ROWS ? i1 / 3 * 3 : i1 % 3;
            } else { /* a line and the boxes it passes */
                i2 = lines == ROWS ? i1 / 3 * 3 + j : j * 3 + i1 / 3;
                first3 = i1 / 3 * 3;
            }
            int h2 = k2 + i2, step3 = across ? 3 : 1;
            unsigned single[3], any = 0;
            for (int t = 0; t < 3; t++) {
                int i3 = first3 + t * step3;
                single[t] = i3 == i1 ? 0 : ld[i3].single[j];
                any |= single[t];
            }
            for (unsigned m = in & any; m; m &= m - 1) {
                int d = tech_lowest_digit(m);
                for (int t = 0; t < 3; t++) {
                    if (!(single[t] & tech_bit(d)))
                        continue;
                    const struct tech_digits *dg = tech_ctx_digits(ctx);
                    int h3 = k1 + first3 + t * step3;
                    unsigned lane = 0;
                    for (int k = 0; k < 3; k++)
                        lane |= 1u << (across ? col_lanes : row_lanes)[j][k];
                    unsigned left = dg->pos[d - 1][h3] & ~lane;
                    say_locking(step, name, d, h1, h2, h3,
                                dg->cells[d - 1] & tech_house_set[h1],
                                dg->cells[d - 1] & tech_house_set[h2] &
                                    ~tech_house_set[h1],
                                tech_house_cells[h3][bits_lowest(left)]);
                    if (tech_found(ctx, step))
                        return 1;
                }
            }
        }
    }
    return 0;
}

/* The direct intersections of kind (0: pointing, regions of kind k1 the
 * boxes; 1: claiming, the lines), columns before rows. */
static int direct_kind(struct tech_ctx *ctx, struct human_step *step, int kind)
{
    const struct tech_digits *dg = tech_ctx_digits(ctx);
    const char *name = kind ? "Direct Claiming" : "Direct Pointing";
    unsigned live[2][3];
    direct_live(ctx, dg, kind, live);
    if (direct_locking(ctx, step, name, kind ? COLS : BOXES, kind ? BOXES : COLS,
                       live) ||
        direct_locking(ctx, step, name, kind ? ROWS : BOXES, kind ? BOXES : ROWS,
                       live))
        return 1;
    direct_failed(ctx, dg, kind);
    return 0;
}

int tech_find_direct_pointing(struct tech_ctx *ctx, struct human_step *step)
{
    return direct_kind(ctx, step, 0);
}

int tech_find_direct_claiming(struct tech_ctx *ctx, struct human_step *step)
{
    return direct_kind(ctx, step, 1);
}

/* Fills step for the hidden set of digits (places at within house h)
 * whose removals leave position single the only place for digit d.  The
 * step places the single only (SE's hint): the removals justify it. */
static void say_hidden(const struct human_state *st, struct human_step *step,
                       const char *name, int h, unsigned digits, unsigned at,
                       int d, int single)
{
    uint8_t cells[4];
    int n = 0;
    tech_step_reset(step);
    for (unsigned m = at; m; m &= m - 1) {
        int cell = tech_house_cells[h][bits_lowest(m)];
        cells[n++] = (uint8_t)cell;
        tech_cause_mask(step, st, cell, digits);
    }
    int cell = tech_house_cells[h][single];
    tech_place(step, cell, d);
    tech_house(step, h);
    say_head(step, name, h);
    tech_say_digits(step, digits);
    tech_say(step, " can only go in ");
    tech_say_cells(step, cells, n, 1);
    tech_say(step, "; with their other candidates gone, ");
    say_single(step, cell, d, h);
}

/* The hidden set digits (its places at in house h) as SE's direct
 * rule: the first other digit of two places or more left one place by
 * it, among others (those of two to n + 1 places: one of more keeps two
 * places or more outside the n of the set).  Returns 1 when the search
 * is to stop. */
static int hidden_single_after(struct tech_ctx *ctx, struct human_step *step,
                               const char *name, int h, unsigned digits,
                               unsigned at, unsigned others)
{
    const struct tech_digits *dg = tech_ctx_digits(ctx);
    for (unsigned m = others & ~digits; m; m &= m - 1) {
        unsigned left = dg->pos[bits_lowest(m)][h] & ~at;
        if (left == 0 || (left & (left - 1)))
            continue;
        say_hidden(ctx->st, step, name, h, digits, at, tech_lowest_digit(m),
                   bits_lowest(left));
        return tech_found(ctx, step);
    }
    return 0;
}

/* The places in house h of the digit of bit (a candidate mask's). */
static inline unsigned places(const struct tech_digits *dg, unsigned bit, int h)
{
    return dg->pos[bits_lowest(bit)][h];
}

/* SE's direct hidden sets of n (2 or 3) digits in house h.  Its order is
 * the digit sets' masks in increasing order: by highest digit, then the
 * next.  Returns 1 when the search is to stop. */
static int direct_hidden_in(struct tech_ctx *ctx, struct human_step *step,
                            const char *name, int n, int h)
{
    if (ctx->st->house_empty[h] <= n)
        return 0;
    /* the set's digits: two to n places; the single's: two to n + 1
     * (hidden_single_after), one more than the set's at least */
    const struct tech_house_hidden *z = tech_ctx_house_hidden(ctx, h);
    unsigned member = z->digits[n - 2], usable = z->digits[n - 1];
    if (bits_count(member) < n || bits_count(usable) <= n)
        return 0;
    const struct tech_digits *dg = tech_ctx_digits(ctx);
    for (unsigned c = member; c; c &= c - 1) {
        unsigned top = c & -c;
        for (unsigned b = member & (top - 1); b; b &= b - 1) {
            unsigned mid = b & -b, at2 = places(dg, top, h) | places(dg, mid, h);
            if (n == 2) {
                if (bits_count(at2) == 2 &&
                    hidden_single_after(ctx, step, name, h, top | mid, at2, usable))
                    return 1;
                continue;
            }
            if (bits_count(at2) > 3)
                continue;
            for (unsigned a = member & (mid - 1); a; a &= a - 1) {
                unsigned low = a & -a, at3 = at2 | places(dg, low, h);
                if (bits_count(at3) == 3 &&
                    hidden_single_after(ctx, step, name, h, top | mid | low, at3,
                                        usable))
                    return 1;
            }
        }
    }
    return 0;
}

/* The houses in SE's order (boxes, columns, rows).  A house's search
 * reads its own cells alone: with the memo, one searched in vain is
 * skipped until it changes. */
static int direct_hidden(struct tech_ctx *ctx, struct human_step *step,
                         const char *name, int n)
{
    static const int kinds[3] = {BOXES, COLS, ROWS};
    int slot = n == 2 ? TECH_MEMO_DIRECT_HIDDEN_2 : TECH_MEMO_DIRECT_HIDDEN_3;
    uint32_t dirty = tech_memo_dirty(ctx, slot);
    for (int k = 0; k < 3; k++) {
        for (int i = 0; i < 9; i++) {
            int h = kinds[k] + i;
            if (!(dirty >> h & 1u))
                continue;
            if (direct_hidden_in(ctx, step, name, n, h))
                return 1;
            tech_memo_house_failed(ctx, slot, h);
        }
    }
    return 0;
}

int tech_find_direct_hidden_pair(struct tech_ctx *ctx, struct human_step *step)
{
    return direct_hidden(ctx, step, "Direct Hidden Pair", 2);
}

int tech_find_direct_hidden_triple(struct tech_ctx *ctx, struct human_step *step)
{
    return direct_hidden(ctx, step, "Direct Hidden Triplet", 3);
}
