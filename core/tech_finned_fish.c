/*
 * tech_finned_fish: finned (and sashimi) Swordfish and Jellyfish.
 *
 * n base lines (rows, or columns) whose candidates of a digit lie in n
 * cover lines except for some fins, all fins in one box: either the fish
 * holds (the digit of each base line is in the covers) or a fin is true
 * (the digit is in the fin box).  Both ways the cover lines' cells inside
 * the fin box, off the base lines, lose the digit.  Sashimi: some base
 * line keeps a single candidate in the covers.  Finned X-Wings belong to
 * the hard group (tech_fish.c); the plain fish too.
 *
 * Lines are scanned digit by digit, rows as base first, then columns.
 */
#include "tech_digits.h"

static const char *const fish_name[5] = { "", "", "X-Wing", "Swordfish", "Jellyfish" };

struct fin {
    struct tech_ctx *ctx;
    const struct human_state *st;
    struct human_step *step;
    const uint16_t *pos;       /* tech_digits positions of d, by house */
    int d, n, by_col;
    unsigned line_pos[9];      /* positions (cross index) of d per line */
};

/* Cell at line i, cross position j. */
static int fin_cell(const struct fin *f, int line, int j)
{
    return f->by_col ? j * 9 + line : line * 9 + j;
}

static int fin_house(const struct fin *f, int line)
{
    return f->by_col ? TECH_COL(line) : TECH_ROW(line);
}

static void say_lines(struct human_step *step, const struct fin *f, unsigned lines,
                      int cover)
{
    int n = tech_count(lines), i = 0;
    int cols = cover ? !f->by_col : f->by_col;
    tech_say(step, "%s ", cols ? "columns" : "rows");
    for (unsigned m = lines; m; m &= m - 1, i++)
        tech_say(step, "%s%c", i == 0 ? "" : (i == n - 1 ? " and " : ", "),
                 cols ? '1' + tech_lowest(m) : 'A' + tech_lowest(m));
}

/* Tries base lines `base` with covers `cover`; 1 when it eliminates. */
static int fin_try(struct fin *f, unsigned base, unsigned cover)
{
    uint8_t fins[27];
    int n_fins = 0, box = -1, sashimi = 0;
    for (unsigned m = base; m; m &= m - 1) {
        int line = tech_lowest(m);
        unsigned in = f->line_pos[line] & cover, out = f->line_pos[line] & ~cover;
        if (!in)
            return 0;
        sashimi |= tech_count(in) == 1;
        for (unsigned o = out; o; o &= o - 1) {
            int cell = fin_cell(f, line, tech_lowest(o));
            if (box >= 0 && tech_box_of(cell) != box)
                return 0;
            box = tech_box_of(cell);
            fins[n_fins++] = (uint8_t)cell;
        }
    }
    if (n_fins == 0)
        return 0;
    tech_step_reset(f->step);
    for (unsigned c = cover; c; c &= c - 1)
        for (int line = 0; line < 9; line++) {
            int cell = fin_cell(f, line, tech_lowest(c));
            if (!(base & (1u << line)) && tech_box_of(cell) == box)
                tech_eliminate(f->step, f->st, cell, f->d);
        }
    if (f->step->n_elim == 0)
        return 0;
    for (unsigned m = base; m; m &= m - 1) {
        int line = tech_lowest(m);
        for (unsigned p = f->line_pos[line]; p; p &= p - 1)
            tech_cause(f->step, fin_cell(f, line, tech_lowest(p)), f->d);
        tech_house(f->step, fin_house(f, line));
    }
    tech_house(f->step, TECH_BOX(box));
    tech_say(f->step, "%s %s: the %d of ", sashimi ? "Sashimi" : "Finned",
             fish_name[f->n], f->d);
    say_lines(f->step, f, base, 0);
    tech_say(f->step, " lies in ");
    say_lines(f->step, f, cover, 1);
    tech_say(f->step, " but for the fin%s ", n_fins > 1 ? "s" : "");
    tech_say_cells(f->step, fins, n_fins, 1);
    tech_say(f->step, " in ");
    tech_say_house(f->step, TECH_BOX(box));
    tech_say(f->step, ", so ");
    tech_say_elims(f->step);
    return 1;
}

/*
 * Whether fin_try could eliminate with covers outside | sub (sub: the
 * covers inside the fins' stack): every base line meets the covers, the
 * fins (base candidates in the stack off sub) lie in one band of base
 * lines, and a cover of sub has the digit on a line of that band off the
 * base.  Cheaper than fin_try, which finds the same or nothing.
 */
static int fin_may_remove(const struct fin *f, unsigned base, unsigned cover,
                          unsigned fin_pos, unsigned sub)
{
    unsigned fin_lines = 0;
    for (unsigned m = base; m; m &= m - 1) {
        int line = tech_lowest(m);
        if (!(f->line_pos[line] & cover))
            return 0;
        if (f->line_pos[line] & fin_pos)
            fin_lines |= 1u << line;
    }
    if (!fin_lines)
        return 0;
    unsigned band = 7u << (tech_lowest(fin_lines) / 3 * 3);
    if (fin_lines & ~band)
        return 0;
    for (unsigned m = band & ~base; m; m &= m - 1)
        if (f->pos[fin_house(f, tech_lowest(m))] & sub)
            return 1;
    return 0;
}

/* The covers: all fins lie in one box, so in one stack (band) of cross
 * lines; every line of the union outside that stack is a cover, and the
 * rest are chosen inside it, leaving at least one fin.  With no cover
 * inside the stack nothing can go: the cells that lose the digit are
 * covers' cells in the fins' box. */
static int fin_covers(struct fin *f, unsigned base, unsigned uni)
{
    if (tech_count(uni) <= f->n || tech_count(uni) > f->n + 3)
        return 0;
    for (int stack = 0; stack < 3; stack++) {
        unsigned inside = uni & (7u << (3 * stack)), outside = uni & ~inside;
        int need = f->n - tech_count(outside);
        if (need <= 0 || need >= tech_count(inside))
            continue;
        for (unsigned sub = inside & (inside - 1);; sub = (sub - 1) & inside) {
            if (tech_count(sub) == need &&
                fin_may_remove(f, base, outside | sub, inside & ~sub, sub) &&
                fin_try(f, base, outside | sub) && tech_found(f->ctx, f->step))
                return 1;
            if (sub == 0)
                break;
        }
    }
    return 0;
}

/* Whether base lines with positions uni, or more, can have covers and
 * fins: fin_covers needs a stack (the fins') with fewer than n lines of
 * the union outside it, and more lines only add to the union. */
static int fin_fits(const struct fin *f, unsigned uni)
{
    for (int s = 0; s < 9; s += 3)
        if (tech_count(uni & ~(7u << s)) < f->n)
            return 1;
    return 0;
}

static int fin_bases(struct fin *f, int start, int depth, unsigned base, unsigned uni)
{
    if (depth == f->n)
        return fin_covers(f, base, uni);
    for (int line = start; line < 9; line++) {
        if (!f->line_pos[line])
            continue;
        unsigned u = uni | f->line_pos[line];
        if (!fin_fits(f, u))
            continue;
        if (fin_bases(f, line + 1, depth + 1, base | (1u << line), u))
            return 1;
    }
    return 0;
}

static int find_finned(struct tech_ctx *ctx, struct human_step *step, int n)
{
    struct fin f = { .ctx = ctx, .st = ctx->st, .step = step, .n = n };
    const struct tech_digits *dg = tech_ctx_digits(ctx);
    const struct tech_houses *hv = tech_ctx_houses(ctx);
    int slot = n == 3 ? TECH_MEMO_FINNED_3 : TECH_MEMO_FINNED_4;
    for (f.d = 1; f.d <= 9; f.d++) {
        if (tech_memo_digit_clean(ctx, slot, f.d))
            continue;
        f.pos = dg->pos[f.d - 1];
        for (f.by_col = 0; f.by_col < 2; f.by_col++) {
            /* a line where d is placed is no base line */
            for (int line = 0; line < 9; line++) {
                int h = fin_house(&f, line);
                f.line_pos[line] = hv->placed[h] & tech_bit(f.d) ? 0 : f.pos[h];
            }
            if (fin_bases(&f, 0, 0, 0, 0))
                return 1;
        }
        tech_memo_digit_failed(ctx, slot, f.d);
    }
    tech_step_reset(step);
    return 0;
}

int tech_find_finned_swordfish(struct tech_ctx *ctx, struct human_step *step)
{
    return find_finned(ctx, step, 3);
}

int tech_find_finned_jellyfish(struct tech_ctx *ctx, struct human_step *step)
{
    return find_finned(ctx, step, 4);
}
