/*
 * tech_intersections: what follows from a box meeting a row or column.
 * Pointing (a digit of a box confined to one line leaves the rest of the
 * line), claiming or box/line reduction (a digit of a line confined to one
 * box leaves the rest of the box), and the locked pair/triple (a naked
 * pair/triple inside the intersection clears both the box and the line).
 * HoDoKu's locked pair/triple (the _hodoku finders, its rater's
 * definition) must remove candidates from both the box and the line
 * outside the box; one that clears only one of them is pointing or
 * claiming (or a naked pair) to HoDoKu.
 *
 * Positions inside a box are 0..8 in reading order, so box row k is the
 * bits 7 << 3k and box column k the bits 0x49 << k.
 *
 * Each pattern lies in one house (pointing, locked sets: a box; claiming:
 * a line) and removes candidates of other cells: with the solving loop's
 * memo, a house searched in vain is skipped until it changes (its
 * patterns are the same and, candidates only going, remove nothing).
 */
#include "tech_digits.h"

/* ---- the segments (tech_intersections.h) ---------------------------- */

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

/* Segments (cols, l..l + n - 1, k) from the words a, b, c of the three
 * crossing lines' masks at those positions, a lane each. */
static inline void segs_put(struct tech_segs *sg, int cols, int l, int n, int k,
                            uint64_t a, uint64_t b, uint64_t c)
{
    const uint64_t all4 = BITS_LANES16_01 * HUMAN_ALL_DIGITS;
    uint64_t any = (a | b | c) & all4, twice = ((a & b) | (c & (a | b))) & all4;
    for (int i = 0; i < n; i++) {
        sg->cand[cols][l + i][k] = (unsigned)(any >> 16 * i) & 0xFFFFu;
        sg->twice[cols][l + i][k] = (unsigned)(twice >> 16 * i) & 0xFFFFu;
    }
}

/* The same as tech_segs_build, from the grid's rows and columns (their
 * candidates already 0 where a digit is placed).  Segment k of a line is
 * that line's position in the three crossing lines 3k..3k+2, so four
 * parallel lines' segments come at once from three words of four 16-bit
 * masks (lines 0-3, 4-7; line 8 alone). */
static void segs_from_houses(const struct tech_houses *hv, struct tech_segs *sg)
{
    for (int cols = 0; cols < 2; cols++)
        for (int k = 0; k < 3; k++) {
            const uint16_t(
                *x)[9] = &hv->cand[cols ? TECH_ROW(3 * k) : TECH_COL(3 * k)];
            for (int l = 0; l < 8; l += 4)
                segs_put(sg, cols, l, 4, k, bits_load16x4(&x[0][l]),
                         bits_load16x4(&x[1][l]), bits_load16x4(&x[2][l]));
            segs_put(sg, cols, 8, 1, k, x[0][8], x[1][8], x[2][8]);
        }
}

const struct tech_segs *tech_ctx_segs(struct tech_ctx *ctx)
{
    if (!ctx->built.segs) {
        if (ctx->memo)
            segs_from_houses(tech_ctx_houses(ctx), &ctx->segs);
        else
            tech_segs_build(ctx->st, &ctx->segs);
        ctx->built.segs = 1;
    }
    return &ctx->segs;
}

/* ---- the searches ----------------------------------------------------- */

static const char *const group_word[4] = {"", "", "pair", "triple"};

static unsigned cand_of(const struct human_state *st, int cell)
{
    return st->value[cell] ? 0 : st->cand[cell] & HUMAN_ALL_DIGITS;
}

/* Digits placed in house h. */
static unsigned placed_in(const struct human_state *st, int h)
{
    unsigned placed = 0;
    for (int i = 0; i < 9; i++) {
        int v = st->value[tech_house_cells[h][i]];
        placed |= v ? tech_bit(v) : 0;
    }
    return placed;
}

/* Union of the segments of line l (in sg's direction cols) except k. */
static const int other1[3] = {1, 2, 0}, other2[3] = {2, 0, 1};

static unsigned line_rest(const struct tech_segs *sg, int cols, int l, int k)
{
    return sg->cand[cols][l][other1[k]] | sg->cand[cols][l][other2[k]];
}

/* Union of the segments parallel to (l, k) in the same box. */
static unsigned box_rest(const struct tech_segs *sg, int cols, int l, int k)
{
    int first = l / 3 * 3, i = l - first;
    return sg->cand[cols][first + other1[i]][k] |
           sg->cand[cols][first + other2[i]][k];
}

/*
 * The digits of a segment in two or more of its cells and nowhere else
 * in its box (pointing) or in its line (claiming), that the other side
 * still has.  (The caller drops digits placed in the house.)  Pointing:
 * the segments k of the box's three lines first..first + 2, each with
 * the other two segments of its line; claiming: the three segments of
 * line l, each with the segments k of its box's two other lines.
 */
static void pointing_digits(const struct tech_segs *sg, int cols, int first, int k,
                            unsigned out[3])
{
    const unsigned(*c)[3] = &sg->cand[cols][first],
          (*t)[3] = &sg->twice[cols][first];
    int k1 = other1[k], k2 = other2[k];
    for (int i = 0; i < 3; i++)
        out[i] = c[i][k] & t[i][k] & ~(c[other1[i]][k] | c[other2[i]][k]) &
                 (c[i][k1] | c[i][k2]);
}

static void claiming_digits(const struct tech_segs *sg, int cols, int l,
                            unsigned out[3])
{
    const unsigned *c = sg->cand[cols][l], *t = sg->twice[cols][l];
    const unsigned *a = sg->cand[cols][l / 3 * 3 + other1[l % 3]];
    const unsigned *b = sg->cand[cols][l / 3 * 3 + other2[l % 3]];
    for (int k = 0; k < 3; k++)
        out[k] = c[k] & t[k] & ~(c[other1[k]] | c[other2[k]]) & (a[k] | b[k]);
}

/* The cells of house h at the positions of posmask, in order. */
static int cells_at(int h, unsigned posmask, uint8_t cells[9])
{
    int n = 0;
    for (unsigned m = posmask; m; m &= m - 1)
        cells[n++] = tech_house_cells[h][bits_lowest(m)];
    return n;
}

/* Removes digit d from house `target` except the cells of house `keep`;
 * `from` is the house where d is confined, at positions pos. */
static int confine(const struct human_state *st, struct human_step *step, int from,
                   int target, int d, unsigned pos)
{
    uint8_t cells[9];
    int n = cells_at(from, pos, cells);
    for (int i = 0; i < 9; i++) {
        int cell = tech_house_cells[target][i];
        int inside = 0;
        for (int k = 0; k < n; k++)
            inside |= cells[k] == cell;
        if (!inside)
            tech_eliminate(step, st, cell, d);
    }
    if (step->n_elim == 0)
        return 0;
    for (int k = 0; k < n; k++)
        tech_cause(step, cells[k], d);
    tech_house(step, from);
    tech_house(step, target);
    tech_say(step, ": in ");
    tech_say_house(step, from);
    tech_say(step, " the %d can only be in ", d);
    tech_say_house(step, target);
    tech_say(step, " (");
    tech_say_cells(step, cells, n, 0);
    tech_say(step, "), so ");
    tech_say_elims(step);
    return 1;
}

/* Digit d in box b, confined to line: the step, when it removes some. */
static int pointing_step(const struct human_state *st, struct human_step *step,
                         int b, int d, int line)
{
    uint16_t pos[9];
    tech_house_positions(st, TECH_BOX(b), pos);
    tech_step_reset(step);
    tech_say(step, "Pointing %s", group_word[bits_count(pos[d - 1])]);
    return confine(st, step, TECH_BOX(b), line, d, pos[d - 1]);
}

int tech_find_pointing(struct tech_ctx *ctx, struct human_step *step)
{
    const struct human_state *st = ctx->st;
    const struct tech_segs *sg = tech_ctx_segs(ctx);
    uint32_t dirty = tech_memo_dirty(ctx, TECH_MEMO_POINTING) >> TECH_BOX(0);
    for (int b = 0; b < 9; b++) {
        if (!(dirty & (1u << b)))
            continue;
        unsigned rows[3], cols[3], all = 0;
        pointing_digits(sg, 0, b / 3 * 3, b % 3, rows);
        pointing_digits(sg, 1, b % 3 * 3, b / 3, cols);
        for (int k = 0; k < 3; k++)
            all |= rows[k] | cols[k];
        if (all)
            all &= ~placed_in(st, TECH_BOX(b));
        for (unsigned m = all; m; m &= m - 1) {
            int d = tech_lowest_digit(m), line = -1;
            for (int k = 0; k < 3 && line < 0; k++) {
                if (rows[k] & tech_bit(d))
                    line = TECH_ROW(b / 3 * 3 + k);
                else if (cols[k] & tech_bit(d))
                    line = TECH_COL(b % 3 * 3 + k);
            }
            if (pointing_step(st, step, b, d, line) && tech_found(ctx, step))
                return 1;
        }
        tech_memo_house_failed(ctx, TECH_MEMO_POINTING, TECH_BOX(b));
    }
    tech_step_reset(step);
    return 0;
}

int tech_find_claiming(struct tech_ctx *ctx, struct human_step *step)
{
    const struct human_state *st = ctx->st;
    const struct tech_segs *sg = tech_ctx_segs(ctx);
    uint32_t dirty = tech_memo_dirty(ctx, TECH_MEMO_CLAIMING);
    for (int h = 0; h < 18; h++) {
        if (!(dirty & (1u << h)))
            continue;
        int cols = h >= 9, l = h % 9;
        unsigned in_box[3], all;
        claiming_digits(sg, cols, l, in_box);
        all = in_box[0] | in_box[1] | in_box[2];
        if (all)
            all &= ~placed_in(st, h);
        for (unsigned m = all; m; m &= m - 1) {
            int d = tech_lowest_digit(m), k = 0;
            while (!(in_box[k] & tech_bit(d)))
                k++;
            int box = cols ? TECH_BOX(k * 3 + l / 3) : TECH_BOX(l / 3 * 3 + k);
            unsigned pos = 0;
            for (int i = 0; i < 9; i++)
                if (cand_of(st, tech_house_cells[h][i]) & tech_bit(d))
                    pos |= 1u << i;
            tech_step_reset(step);
            tech_say(step, "Claiming (box/line reduction)");
            if (confine(st, step, h, box, d, pos) && tech_found(ctx, step))
                return 1;
        }
        tech_memo_house_failed(ctx, TECH_MEMO_CLAIMING, h);
    }
    tech_step_reset(step);
    return 0;
}

/* Removes digits from houses a and b except the cells given. */
static void clear_two_houses(const struct human_state *st, struct human_step *step,
                             int a, int b, const uint8_t *cells, int n,
                             unsigned digits)
{
    const int houses[2] = {a, b};
    for (int h = 0; h < 2; h++) {
        for (int i = 0; i < 9; i++) {
            int cell = tech_house_cells[houses[h]][i], inside = 0;
            for (int k = 0; k < n; k++)
                inside |= cells[k] == cell;
            if (!inside)
                tech_eliminate_mask(step, st, cell, digits);
        }
    }
}

/* Whether the step removes a candidate from box b and one from the line
 * outside the box (HoDoKu's condition for a locked set). */
static int clears_box_and_line(const struct human_step *step, int b)
{
    int in_box = 0, in_line = 0;
    for (int i = 0; i < step->n_elim; i++) {
        int inside = tech_box_of(step->elim[i].cell) == b;
        in_box |= inside;
        in_line |= !inside;
    }
    return in_box && in_line;
}

/* Tries the n cells (positions pos of box b, all on line) as a locked
 * set; strict: HoDoKu's, clearing both the box and the line. */
static int try_locked(const struct human_state *st, struct human_step *step, int b,
                      int line, unsigned pos, int n, int strict)
{
    uint8_t cells[9];
    cells_at(TECH_BOX(b), pos, cells);
    unsigned digits = 0;
    for (int k = 0; k < n; k++) {
        unsigned c = st->cand[cells[k]];
        if (st->value[cells[k]] || bits_count(c) < 2)
            return 0;
        digits |= c;
    }
    if (bits_count(digits) != n)
        return 0;
    tech_step_reset(step);
    clear_two_houses(st, step, TECH_BOX(b), line, cells, n, digits);
    if (step->n_elim == 0 || (strict && !clears_box_and_line(step, b)))
        return 0;
    for (int k = 0; k < n; k++)
        tech_cause_mask(step, st, cells[k], digits);
    tech_house(step, TECH_BOX(b));
    tech_house(step, line);
    tech_say(step, "Locked %s: ", group_word[n]);
    tech_say_cells(step, cells, n, 1);
    tech_say(step, " hold only ");
    tech_say_digits(step, digits);
    tech_say(step, " and share ");
    tech_say_house(step, TECH_BOX(b));
    tech_say(step, " and ");
    tech_say_house(step, line);
    tech_say(step, ", so ");
    tech_say_elims(step);
    return 1;
}

/* Every choice of n of the 3 positions of a box line (mask 7 or 0x49),
 * segment (cols, l, k) of sg, tried only when its digits are n and some
 * other cell of the box or the line has one of them. */
static int locked_in_segment(struct tech_ctx *ctx, struct human_step *step,
                             const struct tech_segs *sg, int b, int cols, int l,
                             int k, unsigned seg, int n, int strict)
{
    const struct human_state *st = ctx->st;
    unsigned m[3], usable = 0;
    int i = 0;
    for (unsigned p = seg; p; p &= p - 1, i++) {
        m[i] = cand_of(st, tech_house_cells[TECH_BOX(b)][bits_lowest(p)]);
        if (bits_count(m[i]) >= 2 && bits_count(m[i]) <= n)
            usable |= p & -p;
    }
    if (bits_count(usable) < n)
        return 0; /* a locked set's cells hold 2..n digits */
    unsigned others = box_rest(sg, cols, l, k) | line_rest(sg, cols, l, k);
    for (unsigned sub = seg; sub; sub = (sub - 1) & seg) {
        if (bits_count(sub) != n || (sub & ~usable))
            continue;
        unsigned digits = 0, rest = others;
        i = 0;
        for (unsigned p = seg; p; p &= p - 1, i++) {
            if (sub & p & -p)
                digits |= m[i];
            else
                rest |= m[i];
        }
        if (bits_count(digits) == n && (digits & rest) &&
            try_locked(st, step, b, cols ? TECH_COL(l) : TECH_ROW(l), sub, n,
                       strict) &&
            tech_found(ctx, step))
            return 1;
    }
    return 0;
}

/* Whether segment seg (positions of box b) may hold a locked set of n
 * cells: n of its cells hold 2..n digits (fit). */
static int segment_may_lock(unsigned fit, unsigned seg, int n)
{
    return bits_count(fit & seg) >= n;
}

/* The cells of the rows in rows (bit r) at the columns in cols (bit c). */
#define GRID_ROW_(rows, cols, r) \
    ((tech_cells)(((rows) >> (r)) & 1u ? (cols) : 0u) << (9 * (r)))
#define GRID_PATTERN(rows, cols) \
    (GRID_ROW_(rows, cols, 0) | GRID_ROW_(rows, cols, 1) | \
     GRID_ROW_(rows, cols, 2) | GRID_ROW_(rows, cols, 3) | \
     GRID_ROW_(rows, cols, 4) | GRID_ROW_(rows, cols, 5) | \
     GRID_ROW_(rows, cols, 6) | GRID_ROW_(rows, cols, 7) | GRID_ROW_(rows, cols, 8))

/* A cell of each box line (segment) where n of the three cells hold 2..n
 * digits (segment_may_lock), all at once: fit shifted along a row by one
 * and two columns, along a column by one and two rows, each kept where
 * the pair (or triple) lies in one segment.  A box without such a cell
 * holds no locked set of n. */
static tech_cells lockable_cells(struct tech_ctx *ctx, int n)
{
    const tech_cells *counts = tech_ctx_counts(ctx);
    tech_cells fit = counts[2] | (n == 3 ? counts[3] : 0);
    /* a segment's first column (row), its first two */
    const tech_cells first_col = GRID_PATTERN(0x1FFu, 0x49u),
                     first_row = GRID_PATTERN(0x49u, 0x1FFu),
                     two_cols = GRID_PATTERN(0x1FFu, 0xDBu),
                     two_rows = GRID_PATTERN(0xDBu, 0x1FFu);
    if (n == 3)
        return (fit & fit >> 1 & fit >> 2 & first_col) |
               (fit & fit >> 9 & fit >> 18 & first_row);
    return (fit & ((fit >> 1 & two_cols) | (fit >> 2 & first_col))) |
           (fit & ((fit >> 9 & two_rows) | (fit >> 18 & first_row)));
}

/* strict (HoDoKu's definition) uses the plain definition's memo slots:
 * a solve uses one definition or the other (a rater lists a table row
 * once, rater.h), so a slot only ever records one definition's
 * searches. */
static int find_locked(struct tech_ctx *ctx, struct human_step *step, int n,
                       int strict)
{
    const struct tech_houses *hv = tech_ctx_houses(ctx);
    int slot = n == 2 ? TECH_MEMO_LOCKED_2 : TECH_MEMO_LOCKED_3;
    uint32_t dirty = tech_memo_dirty(ctx, slot) >> TECH_BOX(0);
    /* with the memo, the cells by candidate count cost little (its
     * positions are kept); without it they would cost more than they
     * save */
    tech_cells lockable = ctx->memo && (dirty & 0x1FFu) ? lockable_cells(ctx, n)
                                                         : ~(tech_cells)0;
    for (int b = 0; b < 9; b++) {
        if (!(dirty & (1u << b)))
            continue;
        if (!(lockable & tech_house_set[TECH_BOX(b)])) {
            tech_memo_house_failed(ctx, slot, TECH_BOX(b));
            continue;
        }
        unsigned fit = 0;
        for (int i = 0; i < 9; i++) {
            int c = bits_count(hv->cand[TECH_BOX(b)][i] & HUMAN_ALL_DIGITS);
            fit |= c >= 2 && c <= n ? 1u << i : 0;
        }
        for (int k = 0; k < 3 && bits_count(fit) >= n; k++) {
            int row = (b / 3) * 3 + k, col = (b % 3) * 3 + k;
            unsigned rseg = 7u << (3 * k), cseg = 0x49u << k;
            if ((segment_may_lock(fit, rseg, n) &&
                 locked_in_segment(ctx, step, tech_ctx_segs(ctx), b, 0, row, b % 3,
                                   rseg, n, strict)) ||
                (segment_may_lock(fit, cseg, n) &&
                 locked_in_segment(ctx, step, tech_ctx_segs(ctx), b, 1, col, b / 3,
                                   cseg, n, strict)))
                return 1;
        }
        tech_memo_house_failed(ctx, slot, TECH_BOX(b));
    }
    tech_step_reset(step);
    return 0;
}

int tech_find_locked_pair(struct tech_ctx *ctx, struct human_step *step)
{
    return find_locked(ctx, step, 2, 0);
}

int tech_find_locked_triple(struct tech_ctx *ctx, struct human_step *step)
{
    return find_locked(ctx, step, 3, 0);
}

int tech_find_locked_pair_hodoku(struct tech_ctx *ctx, struct human_step *step)
{
    return find_locked(ctx, step, 2, 1);
}

int tech_find_locked_triple_hodoku(struct tech_ctx *ctx, struct human_step *step)
{
    return find_locked(ctx, step, 3, 1);
}
