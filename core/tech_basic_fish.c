/*
 * tech_basic_fish: X-Wing, Swordfish and Jellyfish (n base lines whose
 * candidates for a digit lie in n cover lines: the digit leaves the rest
 * of the cover lines), and the finned and sashimi X-Wing (an X-Wing whose
 * second row also holds the digit in "fin" cells of one box: whatever the
 * fins hold, the cover cells of that box outside the base lines lose it).
 *
 * Lines are scanned digit by digit, rows as base lines first, then
 * columns; a side that provably holds no fish (fish_sides: complements)
 * is skipped.  Larger finned fish belong to the expert group (elsewhere).
 */
#include "tech_digits.h"

struct fish {
    struct tech_ctx *ctx;
    const struct human_state *st;
    struct human_step *step;
    const struct tech_digits *dg;
    const char *name;
    int digit, cols, size; /* cols: base lines are columns */
    int n_lines;
    int line[9];      /* candidate base lines */
    unsigned mask[9]; /* their positions (cover line numbers) */
};

static int base_house(int cols, int line)
{
    return cols ? TECH_COL(line) : TECH_ROW(line);
}

static int cover_house(int cols, int line)
{
    return cols ? TECH_ROW(line) : TECH_COL(line);
}

/* "rows B and F", "columns 2, 5 and 8". */
static void say_lines(struct human_step *step, int cols, unsigned lines)
{
    int n = bits_count(lines), i = 0;
    tech_say(step, "%s ", cols ? "columns" : "rows");
    for (unsigned m = lines; m; m &= m - 1, i++)
        tech_say(step, "%s%c", i == 0 ? "" : (i == n - 1 ? " and " : ", "),
                 cols ? (char)('1' + bits_lowest(m))
                      : (char)('A' + bits_lowest(m)));
}

/* Base lines chosen (bits of line numbers) covered by cover lines. */
static int fish_found(struct fish *f, unsigned base, unsigned cover)
{
    struct human_step *step = f->step;
    tech_step_reset(step);
    for (unsigned m = cover; m; m &= m - 1) {
        int c = bits_lowest(m);
        unsigned outside = f->dg->pos[f->digit - 1][cover_house(f->cols, c)] &
                           ~base;
        for (unsigned o = outside; o; o &= o - 1)
            tech_eliminate(step, f->st, tech_line_cell(f->cols, bits_lowest(o), c),
                           f->digit);
    }
    if (step->n_elim == 0)
        return 0;
    for (unsigned m = base; m; m &= m - 1) {
        int b = bits_lowest(m);
        for (unsigned p = f->dg->pos[f->digit - 1][base_house(f->cols, b)]; p;
             p &= p - 1)
            tech_cause(step, tech_line_cell(f->cols, b, bits_lowest(p)), f->digit);
        tech_house(step, base_house(f->cols, b));
    }
    tech_say(step, "%s: %d in ", f->name, f->digit);
    say_lines(step, f->cols, base);
    tech_say(step, " is confined to ");
    say_lines(step, !f->cols, cover);
    tech_say(step, ", so ");
    tech_say_elims(step);
    return 1;
}

/* Quick test before building a step: does the cover reach outside? */
static int fish_eliminates(const struct fish *f, unsigned base, unsigned cover)
{
    for (unsigned m = cover; m; m &= m - 1)
        if (f->dg->pos[f->digit - 1][cover_house(f->cols, bits_lowest(m))] & ~base)
            return 1;
    return 0;
}

/* The lines of digit d, built once per context: the fish rows of a
 * search all read them.  A row's count of places is the sum over the
 * columns of their masks of rows (and the other way round), added bit by
 * bit for all nine lines at once, the rows in the low half of each word
 * and the columns in the high. */
static const struct tech_fish_lines *fish_lines(struct tech_ctx *ctx,
                                                const struct tech_digits *dg, int d)
{
    struct tech_fish_lines *fl = &ctx->fish[d - 1];
    if (ctx->built.fish & (1u << (d - 1)))
        return fl;
    const uint16_t *pos = dg->pos[d - 1];
    uint32_t b0 = 0, b1 = 0, b2 = 0, b3 = 0; /* the count's bits */
    for (int l = 0; l < 9; l++) {
        uint32_t x = pos[TECH_COL(l)] | (uint32_t)pos[TECH_ROW(l)] << 16,
                 c = b0 & x;
        b0 ^= x;
        x = b1 & c;
        b1 ^= c;
        b3 |= b2 & x;
        b2 ^= x;
    }
    uint32_t low = ~b2 & ~b3, two = b1 & ~b0 & low, upto3 = b1 & low;
    uint32_t upto4 = upto3 | (b2 & ~b1 & ~b0 & ~b3), any = b0 | b1 | b2 | b3;
    uint32_t once = b0 & ~b1 & low;
    for (int cols = 0; cols < 2; cols++) {
        int sh = 16 * cols;
        fl->upto[cols][0] = (uint16_t)(two >> sh);
        fl->upto[cols][1] = (uint16_t)(upto3 >> sh);
        fl->upto[cols][2] = (uint16_t)(upto4 >> sh);
        fl->some[cols] = (uint16_t)((any & ~once) >> sh);
    }
    int k = bits_count(any & 0x1FF);
    fl->lines = (uint8_t)(!once && k == bits_count(any >> 16) ? k : 0);
    ctx->built.fish |= 1u << (d - 1);
    return fl;
}

/*
 * Complements.  Say d is in k rows and in k columns, no line holding it
 * in one place only.  n rows B whose d lie in n columns U leave the
 * k - n other columns holding d only in the k - n rows off B (its places
 * in B are in U): a fish of k - n columns, as each holds d in two places
 * or more, eliminating what B does (d in U off B); and the other way
 * round.  Unless those columns hold d in fewer rows than they are (no
 * solution then): then a smaller fish among them eliminates from the
 * rest (k - n <= 4: two of them in two rows, or three in three).
 * So with no fish of 2 to m = k - n, none of n either way when m < n;
 * when m == n, with none smaller, none in the columns when none in the
 * rows; none at all when m <= 1 (k - n lines holding d once, or no line
 * left to lose it).  Bits of the sides (rows 1, columns 2) to search.
 */
static unsigned fish_sides(const struct tech_ctx *ctx,
                           const struct tech_fish_lines *fl, int n, int d)
{
    int m = fl->lines - n;
    if (!fl->lines || m > n || ctx->collect) /* collect: every fish */
        return 3;
    if (m <= 1)
        return 0;
    for (int s = 2; s <= (m < n ? m : n - 1); s++)
        if (!tech_memo_digit_clean(ctx, TECH_MEMO_FISH_2 + s - 2, d))
            return 3;
    return m < n ? 0 : 1;
}

static int combine(struct fish *f, int start, int depth, unsigned base,
                   unsigned cover)
{
    if (depth == f->size)
        return bits_count(cover) == f->size && fish_eliminates(f, base, cover) &&
               fish_found(f, base, cover) && tech_found(f->ctx, f->step);
    for (int i = start; i <= f->n_lines - (f->size - depth); i++) {
        unsigned u = cover | f->mask[i];
        if (bits_count(u) > f->size)
            continue;
        if (combine(f, i + 1, depth + 1, base | (1u << f->line[i]), u))
            return 1;
    }
    return 0;
}

static int find_fish(struct tech_ctx *ctx, struct human_step *step, int size,
                     const char *name)
{
    const struct tech_digits *dg = tech_ctx_digits(ctx);
    struct fish f = {.ctx = ctx,
                     .st = ctx->st,
                     .step = step,
                     .dg = dg,
                     .name = name,
                     .size = size};
    int slot = TECH_MEMO_FISH_2 + size - 2;
    for (f.digit = 1; f.digit <= 9; f.digit++) {
        if (tech_memo_digit_clean(ctx, slot, f.digit))
            continue;
        const struct tech_fish_lines *fl = fish_lines(ctx, dg, f.digit);
        unsigned sides = fish_sides(ctx, fl, size, f.digit);
        for (f.cols = 0; f.cols < 2; f.cols++) {
            if (!((sides >> f.cols) & 1))
                continue;
            f.n_lines = 0;
            for (unsigned m = fl->upto[f.cols][size - 2]; m; m &= m - 1) {
                int l = bits_lowest(m);
                f.line[f.n_lines] = l;
                f.mask[f.n_lines++] = dg->pos[f.digit - 1][base_house(f.cols, l)];
            }
            if (f.n_lines >= size && combine(&f, 0, 0, 0, 0))
                return 1;
        }
        tech_memo_digit_failed(ctx, slot, f.digit);
    }
    tech_step_reset(step);
    return 0;
}

int tech_find_x_wing(struct tech_ctx *ctx, struct human_step *step)
{
    return find_fish(ctx, step, 2, "X-Wing");
}

int tech_find_swordfish(struct tech_ctx *ctx, struct human_step *step)
{
    return find_fish(ctx, step, 3, "Swordfish");
}

int tech_find_jellyfish(struct tech_ctx *ctx, struct human_step *step)
{
    return find_fish(ctx, step, 4, "Jellyfish");
}

/*
 * Finned X-Wing on base lines l1 (with fins) and l2 (exactly two
 * positions, the covers).  The fins lie in one box, which also holds one
 * cover; the cells of that cover inside the fins' box, outside both base
 * lines, see the fins and the X-Wing both.  Sashimi: l1 lacks the cover
 * cell of the fins' box.
 */
static int finned_found(const struct fish *f, int l1, int l2, unsigned fins,
                        int cover, int sashimi)
{
    struct human_step *step = f->step;
    int band = l1 / 3 * 3, d = f->digit;
    uint8_t fin_cells[3];
    int n_fins = 0;
    tech_step_reset(step);
    for (int l = band; l < band + 3; l++)
        if (l != l1 && l != l2)
            tech_eliminate(step, f->st, tech_line_cell(f->cols, l, cover), d);
    if (step->n_elim == 0)
        return 0;
    for (unsigned m = fins; m; m &= m - 1)
        fin_cells[n_fins++] = (uint8_t)tech_line_cell(f->cols, l1, bits_lowest(m));
    int lines[2] = {l1, l2};
    for (int k = 0; k < 2; k++) {
        for (unsigned p = f->dg->pos[d - 1][base_house(f->cols, lines[k])]; p;
             p &= p - 1)
            tech_cause(step, tech_line_cell(f->cols, lines[k], bits_lowest(p)), d);
        tech_house(step, base_house(f->cols, lines[k]));
    }
    tech_house(step, TECH_BOX(tech_box_of(fin_cells[0])));
    unsigned covers = f->dg->pos[d - 1][base_house(f->cols, l2)];
    tech_say(step, "%s X-Wing: %d in ", sashimi ? "Sashimi" : "Finned", d);
    say_lines(step, f->cols, (1u << l1) | (1u << l2));
    tech_say(step, " is confined to ");
    say_lines(step, !f->cols, covers);
    tech_say(step, " but for the fin%s ", n_fins > 1 ? "s" : "");
    tech_say_cells(step, fin_cells, n_fins, 1);
    tech_say(step, " in ");
    tech_say_house(step, TECH_BOX(tech_box_of(fin_cells[0])));
    tech_say(step, ", so ");
    tech_say_elims(step);
    return 1;
}

/* Whether a line holding d at positions p can be the finned line: all
 * but one position at most in one stack (the fins' box, and a cover
 * outside it); sashimi: one outside, as it lacks the other cover. */
static int finned_shape(unsigned p, int sashimi)
{
    for (int s = 0; s < 9; s += 3) {
        unsigned rest = p & ~(7u << s);
        if (!(rest & (rest - 1)) && (rest || !sashimi))
            return 1;
    }
    return 0;
}

/* The finned X-Wings with finned line l1 and a line of twos as the other,
 * tested by masks before a step is built (it needs an elimination: the
 * digit in the fins' box's cover off both base lines). */
static inline int finned_line(struct fish *f, unsigned twos, int l1, int sashimi)
{
    const uint16_t *pos = f->dg->pos[f->digit - 1];
    unsigned p1 = pos[base_house(f->cols, l1)], band = 7u << (l1 / 3 * 3);
    unsigned meet = 0; /* the lines sharing a position with l1 */
    for (unsigned m = p1; m; m &= m - 1)
        meet |= pos[cover_house(f->cols, bits_lowest(m))];
    for (unsigned t = twos & meet & ~(1u << l1); t; t &= t - 1) {
        int l2 = bits_lowest(t);
        unsigned p2 = pos[base_house(f->cols, l2)];
        unsigned fins = p1 & ~p2;
        if (!fins || !(p1 & p2))
            continue;
        unsigned block = 7u << (bits_lowest(fins) / 3 * 3);
        unsigned cover = p2 & block;
        if ((fins & ~block) || bits_count(cover) != 1)
            continue;
        if (((p1 & cover) == 0) != sashimi)
            continue;
        int c = bits_lowest(cover);
        if (!(pos[cover_house(f->cols, c)] & band & ~(1u << l1) & ~(1u << l2)))
            continue;
        if (finned_found(f, l1, l2, fins, c, sashimi) &&
            tech_found(f->ctx, f->step))
            return 1;
    }
    return 0;
}

static int find_finned(struct tech_ctx *ctx, struct human_step *step, int sashimi)
{
    struct fish f = {
        .ctx = ctx, .st = ctx->st, .step = step, .dg = tech_ctx_digits(ctx)};
    int slot = sashimi ? TECH_MEMO_SASHIMI_X : TECH_MEMO_FINNED_X;
    for (f.digit = 1; f.digit <= 9; f.digit++) {
        if (tech_memo_digit_clean(ctx, slot, f.digit))
            continue;
        const uint16_t *pos = f.dg->pos[f.digit - 1];
        const struct tech_fish_lines *fl = fish_lines(ctx, f.dg, f.digit);
        for (f.cols = 0; f.cols < 2; f.cols++) {
            unsigned twos = fl->upto[f.cols][0];
            if (!twos)
                continue;
            for (unsigned l1s = fl->some[f.cols]; l1s; l1s &= l1s - 1) {
                int l1 = bits_lowest(l1s);
                if (finned_shape(pos[base_house(f.cols, l1)], sashimi) &&
                    finned_line(&f, twos, l1, sashimi))
                    return 1;
            }
        }
        tech_memo_digit_failed(ctx, slot, f.digit);
    }
    tech_step_reset(step);
    return 0;
}

int tech_find_finned_x_wing(struct tech_ctx *ctx, struct human_step *step)
{
    return find_finned(ctx, step, 0);
}

int tech_find_sashimi_x_wing(struct tech_ctx *ctx, struct human_step *step)
{
    return find_finned(ctx, step, 1);
}
