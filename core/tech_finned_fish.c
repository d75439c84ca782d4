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
 * Before the search, what cannot remove anything is skipped (each skip
 * proved where it is made; tests/test_human_finned.c checks the search
 * against one written plainly): a digit and direction with n lines or
 * fewer holding it, base sets with no stack to put their fins in, and a
 * fin stack with no band where a base line and another line hold d.
 * With the solving loop's memo, the base sets whose lines' cells holding
 * the digit are those the last search of the digit in vain saw are
 * skipped too (fin_fresh).
 */
#include "tech_digits.h"

static const char *const fish_name[5] = {"", "", "X-Wing", "Swordfish",
                                         "Jellyfish"};

struct fin {
    struct tech_ctx *ctx;
    const struct human_state *st;
    struct human_step *step;
    const uint16_t *pos; /* tech_digits positions of d, by house */
    int d, n, by_col;
    unsigned line_pos[9]; /* positions (cross index) of d per line */
    unsigned in_stack[3]; /* [s]: the lines with d in stack s (fin_covers) */
    unsigned fresh; /* the lines whose base sets are searched (fin_fresh) */
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
    int n = bits_count(lines), i = 0;
    int cols = cover ? !f->by_col : f->by_col;
    tech_say(step, "%s ", cols ? "columns" : "rows");
    for (unsigned m = lines; m; m &= m - 1, i++)
        tech_say(step, "%s%c", i == 0 ? "" : (i == n - 1 ? " and " : ", "),
                 cols ? '1' + bits_lowest(m) : 'A' + bits_lowest(m));
}

/* One finned fish on the base lines: its covers, fins (all in box) and
 * the cells that lose the digit. */
struct fin_fish {
    unsigned cover;
    int box, sashimi, n_fins;
    uint8_t fins[27];
    tech_cells elim;
};

/* Base lines `base` with covers `cover`: 1 with *fish filled when the
 * fins lie in one box and some cover cell of that box off the base lines
 * holds the digit. */
static int fin_eval(const struct fin *f, unsigned base, unsigned cover,
                    struct fin_fish *fish)
{
    fish->cover = cover;
    fish->n_fins = 0;
    fish->box = -1;
    fish->sashimi = 0;
    fish->elim = 0;
    for (unsigned m = base; m; m &= m - 1) {
        int line = bits_lowest(m);
        unsigned in = f->line_pos[line] & cover, out = f->line_pos[line] & ~cover;
        if (!in)
            return 0;
        fish->sashimi |= bits_count(in) == 1;
        for (unsigned o = out; o; o &= o - 1) {
            int cell = fin_cell(f, line, bits_lowest(o));
            if (fish->box >= 0 && tech_box_of(cell) != fish->box)
                return 0;
            fish->box = tech_box_of(cell);
            fish->fins[fish->n_fins++] = (uint8_t)cell;
        }
    }
    if (fish->n_fins == 0)
        return 0;
    for (unsigned c = cover; c; c &= c - 1)
        for (int line = 0; line < 9; line++) {
            int cell = fin_cell(f, line, bits_lowest(c));
            if (!(base & (1u << line)) && tech_box_of(cell) == fish->box &&
                tech_has(f->st, cell, f->d))
                fish->elim |= tech_cell_bit(cell);
        }
    return fish->elim != 0;
}

static void say_fins(struct human_step *step, const struct fin_fish *fish)
{
    tech_say(step, " but for the fin%s ", fish->n_fins > 1 ? "s" : "");
    tech_say_cells(step, fish->fins, fish->n_fins, 1);
    tech_say(step, " in ");
    tech_say_house(step, TECH_BOX(fish->box));
}

/* The step of fish on base lines `base`, and of a second fish on the same
 * base lines with other covers when two is not NULL (HoDoKu's Siamese
 * fish: both in one step). */
static void fin_step(struct fin *f, unsigned base, const struct fin_fish *fish,
                     const struct fin_fish *two)
{
    tech_step_reset(f->step);
    for (int k = 0; k < (two ? 2 : 1); k++)
        for (tech_cells e = k ? two->elim : fish->elim; e; e &= e - 1)
            tech_eliminate(f->step, f->st, tech_cells_lowest(e), f->d);
    for (unsigned m = base; m; m &= m - 1) {
        int line = bits_lowest(m);
        for (unsigned p = f->line_pos[line]; p; p &= p - 1)
            tech_cause(f->step, fin_cell(f, line, bits_lowest(p)), f->d);
        tech_house(f->step, fin_house(f, line));
    }
    tech_house(f->step, TECH_BOX(fish->box));
    if (two && two->box != fish->box)
        tech_house(f->step, TECH_BOX(two->box));
    tech_say(f->step, "%s%s %s: the %d of ", two ? "Siamese " : "",
             fish->sashimi ? "Sashimi" : "Finned", fish_name[f->n], f->d);
    say_lines(f->step, f, base, 0);
    tech_say(f->step, " lies in ");
    say_lines(f->step, f, fish->cover, 1);
    say_fins(f->step, fish);
    if (two) {
        tech_say(f->step, ", and in ");
        say_lines(f->step, f, two->cover, 1);
        say_fins(f->step, two);
    }
    tech_say(f->step, ", so ");
    tech_say_elims(f->step);
}

/*
 * Whether fin_eval could find a fish with covers outside | sub (sub: the
 * covers inside the fins' stack): every base line meets the covers, the
 * fins (base candidates in the stack off sub) lie in one band of base
 * lines, and a cover of sub has the digit on a line of that band off the
 * base.  Cheaper than fin_eval, which finds the same or nothing.
 */
static int fin_may_remove(const struct fin *f, unsigned base, unsigned cover,
                          unsigned fin_pos, unsigned sub)
{
    unsigned fin_lines = 0;
    for (unsigned m = base; m; m &= m - 1) {
        int line = bits_lowest(m);
        if (!(f->line_pos[line] & cover))
            return 0;
        if (f->line_pos[line] & fin_pos)
            fin_lines |= 1u << line;
    }
    if (!fin_lines)
        return 0;
    unsigned band = 7u << (bits_lowest(fin_lines) / 3 * 3);
    if (fin_lines & ~band)
        return 0;
    for (unsigned m = band & ~base; m; m &= m - 1)
        if (f->pos[fin_house(f, bits_lowest(m))] & sub)
            return 1;
    return 0;
}

/* The bands (all their lines) that lines (a set) meets. */
static unsigned fin_bands(unsigned lines)
{
    return (lines & 7u ? 7u : 0) | (lines & 070u ? 070u : 0) | (lines & 0700u ? 0700u : 0);
}

/* The covers: all fins lie in one box, so in one stack (band) of cross
 * lines; every line of the union outside that stack is a cover, and the
 * rest are chosen inside it, leaving at least one fin.  With no cover
 * inside the stack nothing can go: the cells that lose the digit are
 * covers' cells in the fins' box.  The first fish found makes the step;
 * the covers after it are then tried for a second fish on the same base
 * lines that removes something else, which joins the step (Siamese).
 * Collect mode lists each fish alone as it is found and the first with
 * every such second fish. */
static int fin_covers(struct fin *f, unsigned base, unsigned uni)
{
    struct fin_fish first, two;
    int found = 0;
    if (bits_count(uni) <= f->n || bits_count(uni) > f->n + 3)
        return 0;
    for (int stack = 0; stack < 3; stack++) {
        /* A fish whose fins are in this stack removes d from a cell of
         * the fins' box on a line off the base, which holds d there;
         * the fins are base cells of that box, so a base line of the
         * same band holds d in the stack too (and a base line's cells
         * holding d are its positions).  Without such two lines in one
         * band no covers chosen here remove anything. */
        unsigned with_d = f->in_stack[stack];
        if (!(fin_bands(with_d & base) & fin_bands(with_d & ~base)))
            continue;
        unsigned inside = uni & (7u << (3 * stack)), outside = uni & ~inside;
        int need = f->n - bits_count(outside);
        if (need <= 0 || need >= bits_count(inside))
            continue;
        for (unsigned sub = inside & (inside - 1);; sub = (sub - 1) & inside) {
            struct fin_fish *fish = found ? &two : &first;
            if (bits_count(sub) == need &&
                fin_may_remove(f, base, outside | sub, inside & ~sub, sub) &&
                fin_eval(f, base, outside | sub, fish)) {
                /* collect mode: each fish alone is an instance too */
                if (f->ctx->collect) {
                    fin_step(f, base, fish, NULL);
                    if (tech_found(f->ctx, f->step))
                        return 1;
                }
                if (!found) {
                    found = 1;
                    if (f->ctx->alone && !f->ctx->collect) {
                        /* no Siamese fish: the first alone */
                        fin_step(f, base, &first, NULL);
                        return tech_found(f->ctx, f->step);
                    }
                } else if (two.elim & ~first.elim) {
                    fin_step(f, base, &first, &two);
                    if (tech_found(f->ctx, f->step))
                        return 1;
                }
            }
            if (sub == 0)
                break;
        }
    }
    if (!found || f->ctx->collect) /* collect: listed when found */
        return 0;
    fin_step(f, base, &first, NULL);
    return tech_found(f->ctx, f->step);
}

/* The stacks (bit s: stack s) of those asked in which base lines with
 * positions uni, or more, can have their fins: fin_covers needs a stack
 * (the fins') with fewer than n lines of the union outside it, and more
 * lines only add to the union, so a stack that fails a set fails every
 * set holding it. */
static unsigned fin_fits(const struct fin *f, unsigned uni, unsigned stacks)
{
    /* the lines of the union in each stack, added up two at a time */
    int c0 = bits_count(uni & 7u), c1 = bits_count(uni >> 3 & 7u),
        c2 = bits_count(uni >> 6 & 7u), n = f->n;
    unsigned ok = (unsigned)(c1 + c2 < n) | (unsigned)(c0 + c2 < n) << 1 |
                  (unsigned)(c0 + c1 < n) << 2;
    return ok & stacks;
}

/* The sets of n - depth more base lines from lines (a set: in
 * increasing order, the order of a loop over them), added to base
 * (positions uni; its fins possible in stacks only); only those with a
 * line of f->fresh. */
static int fin_bases(struct fin *f, unsigned lines, int depth, unsigned base,
                     unsigned uni, unsigned stacks)
{
    if (!((base | lines) & f->fresh))
        return 0;
    if (depth == f->n)
        return fin_covers(f, base, uni);
    /* each line in turn, the lowest, while enough are left (counted
     * down, not counted again) */
    for (int left = bits_count(lines); left >= f->n - depth; left--) {
        int line = bits_lowest(lines);
        lines &= lines - 1;
        unsigned u = uni | f->line_pos[line], ok = fin_fits(f, u, stacks);
        if (ok && fin_bases(f, lines, depth + 1, base | 1u << line, u, ok))
            return 1;
    }
    return 0;
}

/*
 * The lines (of f->by_col's direction) whose cells holding d differ from
 * those seen, d's cells when the last search of d in vain was made (the
 * memo's record; every line without it).  A base set none of whose lines
 * is among them held no fish that removed anything then, and holds none
 * now: all a fish on it asks (the fins in one box, each base line in the
 * covers, the covers inside the fin stack) is of its lines' cells
 * holding d, the same now, or of where d is placed, which only ever
 * empties a line of d (a change of its cells); the cells it would remove
 * d from only lost d since.  So only base sets with a line of these are
 * searched: the first fish found is the same.
 */
static unsigned fin_fresh(const struct fin *f, const struct tech_digits *dg,
                          const struct tech_memo *m, int k)
{
    if (!m || !((m->finned_valid[k] >> (f->d - 1)) & 1u))
        return 0x1FFu;
    tech_cells diff = dg->cells[f->d - 1] ^ m->finned_seen[k][f->d - 1];
    unsigned fresh = 0;
    for (int line = 0; line < 9; line++)
        fresh |= diff & tech_house_set[fin_house(f, line)] ? 1u << line : 0;
    return fresh;
}

static int find_finned(struct tech_ctx *ctx, struct human_step *step, int n)
{
    struct fin f = {.ctx = ctx, .st = ctx->st, .step = step, .n = n};
    const struct tech_digits *dg = tech_ctx_digits(ctx);
    const struct tech_houses *hv = tech_ctx_houses(ctx);
    int slot = n == 3 ? TECH_MEMO_FINNED_3 : TECH_MEMO_FINNED_4;
    struct tech_memo *m = tech_memo_of(ctx);
    for (f.d = 1; f.d <= 9; f.d++) {
        if (tech_memo_digit_clean(ctx, slot, f.d))
            continue;
        f.pos = dg->pos[f.d - 1];
        uint32_t placed = hv->placed_at[f.d - 1]; /* bit h: d placed in house h */
        for (f.by_col = 0; f.by_col < 2; f.by_col++) {
            /* a line where d is placed is no base line */
            unsigned lines = 0; /* the lines that may be base lines */
            unsigned in[3] = {0, 0, 0};
            for (int line = 0; line < 9; line++) {
                int h = fin_house(&f, line);
                unsigned p = f.pos[h], t = (p | p >> 1 | p >> 2) & 0111u;
                f.line_pos[line] = (placed >> h) & 1 ? 0 : p;
                lines |= f.line_pos[line] ? 1u << line : 0;
                in[0] |= (t & 1u) << line;
                in[1] |= (t >> 3 & 1u) << line;
                in[2] |= (t >> 6 & 1u) << line;
            }
            /* a fish needs n base lines holding d, and a cell that loses
             * d on another line, which holds d there (in[]: the lines
             * holding d, by stack) */
            if (bits_count(in[0] | in[1] | in[2]) <= n)
                continue;
            memcpy(f.in_stack, in, sizeof in);
            f.fresh = fin_fresh(&f, dg, m, n - 3);
            if (fin_bases(&f, lines, 0, 0, 0, 7))
                return 1;
        }
        tech_memo_digit_failed(ctx, slot, f.d);
        if (m) {
            m->finned_seen[n - 3][f.d - 1] = dg->cells[f.d - 1];
            m->finned_valid[n - 3] |= 1u << (f.d - 1);
        }
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
