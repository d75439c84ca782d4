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

/*
 * SE's direct intersections with region1 of kind k1 and region2 of kind
 * k2 (one of them boxes): a digit of region1 confined to region2, the
 * single in a third region of kind k1 crossing region2.  Searched on the
 * houses' position masks: region2 crosses region1 and each region3 in
 * the same three positions (lane: the line's three cells in a box, or
 * the box's three cells on a line), so "confined to region2" is "no
 * place outside lane" and the single's place is region3's one place
 * outside it.
 */
static int direct_locking(struct tech_ctx *ctx, struct human_step *step,
                          const char *name, int k1, int k2)
{
    const struct tech_digits *dg = tech_ctx_digits(ctx);
    int box1 = k1 == BOXES, lines = box1 ? k2 : k1;
    unsigned lanes[3];
    for (int j = 0; j < 3; j++)
        lanes[j] = box1 && lines == COLS ? 0x49u << j : 7u << (3 * j);
    for (int i1 = 0; i1 < 9; i1++) {
        int h1 = k1 + i1;
        /* the digits of region1 with two places or more, all in lane j */
        unsigned in_lane[3] = {0, 0, 0};
        for (int d = 1; d <= 9; d++) {
            unsigned p1 = dg->pos[d - 1][h1];
            if (p1 & (p1 - 1))
                for (int j = 0; j < 3; j++)
                    in_lane[j] |= (p1 & ~lanes[j]) ? 0 : tech_bit(d);
        }
        /* the three regions of kind k2 crossing region1, in order */
        for (int j = 0; j < 3; j++) {
            if (!in_lane[j])
                continue;
            int i2, first3; /* first3: the first region3's index */
            if (box1) { /* a box and the lines through it */
                i2 = (lines == ROWS ? i1 / 3 : i1 % 3) * 3 + j;
                first3 = lines == ROWS ? i1 / 3 * 3 : i1 % 3;
            } else { /* a line and the boxes it passes */
                i2 = lines == ROWS ? i1 / 3 * 3 + j : j * 3 + i1 / 3;
                first3 = i1 / 3 * 3;
            }
            int h2 = k2 + i2, step3 = box1 && lines == COLS ? 3 : 1;
            for (unsigned m = in_lane[j]; m; m &= m - 1) {
                int d = tech_lowest_digit(m);
                for (int t = 0; t < 3; t++) {
                    int i3 = first3 + t * step3, h3 = k1 + i3;
                    if (i3 == i1)
                        continue;
                    unsigned p3 = dg->pos[d - 1][h3], left = p3 & ~lanes[j];
                    if (!(p3 & (p3 - 1)) || !left || (left & (left - 1)))
                        continue;
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

int tech_find_direct_pointing(struct tech_ctx *ctx, struct human_step *step)
{
    return direct_locking(ctx, step, "Direct Pointing", BOXES, COLS) ||
           direct_locking(ctx, step, "Direct Pointing", BOXES, ROWS);
}

int tech_find_direct_claiming(struct tech_ctx *ctx, struct human_step *step)
{
    return direct_locking(ctx, step, "Direct Claiming", COLS, BOXES) ||
           direct_locking(ctx, step, "Direct Claiming", ROWS, BOXES);
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
 * rule: the first other digit of two places or more (usable) left one
 * place by it.  Returns 1 when the search is to stop. */
static int hidden_single_after(struct tech_ctx *ctx, struct human_step *step,
                               const char *name, int h, unsigned digits,
                               unsigned at, unsigned usable)
{
    const struct tech_digits *dg = tech_ctx_digits(ctx);
    for (unsigned m = usable & ~digits; m; m &= m - 1) {
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

/* SE's direct hidden sets of n (2 or 3) digits.  Its order is the digit
 * sets' masks in increasing order: by highest digit, then the next. */
static int direct_hidden(struct tech_ctx *ctx, struct human_step *step,
                         const char *name, int n)
{
    static const int kinds[3] = {BOXES, COLS, ROWS};
    const struct tech_digits *dg = tech_ctx_digits(ctx);
    for (int k = 0; k < 3; k++) {
        for (int i = 0; i < 9; i++) {
            int h = kinds[k] + i;
            if (ctx->st->house_empty[h] <= n)
                continue;
            unsigned usable = 0, member = 0; /* two places or more; at most n */
            for (int d = 1; d <= 9; d++) {
                int c = bits_count(dg->pos[d - 1][h]);
                usable |= c > 1 ? tech_bit(d) : 0;
                member |= c > 1 && c <= n ? tech_bit(d) : 0;
            }
            if (bits_count(member) < n)
                continue;
            for (unsigned c = member; c; c &= c - 1) {
                unsigned top = c & -c;
                for (unsigned b = member & (top - 1); b; b &= b - 1) {
                    unsigned mid = b & -b, at2 = places(dg, top, h) | places(dg, mid, h);
                    if (n == 2) {
                        if (bits_count(at2) == 2 &&
                            hidden_single_after(ctx, step, name, h, top | mid, at2,
                                                usable))
                            return 1;
                        continue;
                    }
                    if (bits_count(at2) > 3)
                        continue;
                    for (unsigned a = member & (mid - 1); a; a &= a - 1) {
                        unsigned low = a & -a, at3 = at2 | places(dg, low, h);
                        if (bits_count(at3) == 3 &&
                            hidden_single_after(ctx, step, name, h, top | mid | low,
                                                at3, usable))
                            return 1;
                    }
                }
            }
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
