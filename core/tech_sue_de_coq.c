/*
 * tech_sue_de_coq: Sue de Coq (two-sector disjoint subsets).
 *
 * Take 2 or 3 empty cells C where a box meets a line, holding the digits
 * V (at least |C| + 2 of them), cells LA of the line outside the box with
 * digits LV, and cells BA of the box outside the line with digits BV, LV
 * and BV disjoint.  A digit can appear at most once in LA + C (one line)
 * and at most once in BA + C (one box), and not in both LA and BA (LV and
 * BV share none), so when the cells number as many as their digits
 * D = V + LV + BV, each digit of D is in exactly one of them.  Then the
 * rest of the line loses D less BV (those could sit in BA, off the line),
 * and the rest of the box loses D less LV.
 *
 * Scanned box by box, rows then columns through it; the line and box
 * cells are chosen as subsets whose digits mostly lie in V.
 */
#include "tech.h"
#include "tech_digits.h"

struct sdc_part {
    unsigned cells; /* positions (house order) */
    unsigned digits;
    int gain; /* cells less digits outside V */
};

/* The empty cells of a house outside the other house (at most 6) and, for
 * each subset t of them (bit j: the j-th), its positions, digits and
 * size: built once for the line and once for the box of an intersection,
 * read by each choice of its cells.  Subsets of the cells holding some
 * digit of V, in decreasing order of t, are in decreasing order of their
 * position masks too (the numbering keeps the cells' order). */
struct sdc_table {
    int built;
    unsigned cand[6];
    unsigned avail; /* the subsets' cells, by j */
    uint16_t pos[64], digits[64];
    uint8_t n[64];
};

struct sdc {
    struct tech_ctx *ctx;
    const struct human_state *st;
    struct human_step *step;
    struct sdc_table line_cells, box_cells;
    int box, line;
    unsigned c_cells; /* intersection cells chosen (cell indexes via list) */
    uint8_t c_list[3];
    int n_c;
    unsigned v;
};

static int in_list(const uint8_t *list, int n, int cell)
{
    for (int i = 0; i < n; i++)
        if (list[i] == cell)
            return 1;
    return 0;
}

static void sdc_table_build(const struct sdc *s, struct sdc_table *t, int h,
                            int other)
{
    int k = 0;
    uint16_t bit[6];
    for (int i = 0; i < 9; i++) {
        int cell = tech_house_cells[h][i];
        int inside = other < 9    ? tech_row_of(cell) == other
                     : other < 18 ? tech_col_of(cell) == other - 9
                                  : tech_box_of(cell) == other - 18;
        if (!s->st->value[cell] && !inside) {
            bit[k] = (uint16_t)(1u << i);
            t->cand[k++] = s->st->cand[cell];
        }
    }
    t->avail = (1u << k) - 1;
    t->pos[0] = t->digits[0] = 0;
    t->n[0] = 0;
    for (unsigned x = 1; x <= t->avail; x++) {
        unsigned rest = x & (x - 1);
        int j = bits_lowest(x);
        t->pos[x] = (uint16_t)(t->pos[rest] | bit[j]);
        t->digits[x] = (uint16_t)(t->digits[rest] | t->cand[j]);
        t->n[x] = (uint8_t)(t->n[rest] + 1);
    }
    t->built = 1;
}

/* Subsets of the empty cells of house h outside the other house `other`,
 * each cell holding a digit of V, whose digits are useful: gain >= 1, in
 * decreasing order of their position masks.  Returns how many. */
static int sdc_parts(const struct sdc *s, struct sdc_table *t, int h, int other,
                     struct sdc_part *out)
{
    if (!t->built)
        sdc_table_build(s, t, h, other);
    unsigned avail = 0;
    for (unsigned m = t->avail; m; m &= m - 1)
        if (t->cand[bits_lowest(m)] & s->v)
            avail |= m & -m;
    int n = 0;
    for (unsigned x = avail; x; x = (x - 1) & avail) {
        int size = t->n[x];
        if (size > 4)
            continue;
        unsigned digits = t->digits[x];
        int gain = size - bits_count(digits & ~s->v);
        if (gain >= 1 && bits_count(digits) > size)
            out[n++] = (struct sdc_part){t->pos[x], digits, gain};
    }
    return n;
}

static void sdc_clear(struct sdc *s, int h, unsigned keep_pos, unsigned digits)
{
    for (int i = 0; i < 9; i++) {
        int cell = tech_house_cells[h][i];
        if (!(keep_pos & (1u << i)) && !in_list(s->c_list, s->n_c, cell))
            tech_eliminate_mask(s->step, s->st, cell, digits);
    }
}

static void say_part(struct human_step *step, int h, unsigned pos, unsigned digits)
{
    uint8_t cells[9];
    int n = 0;
    for (unsigned m = pos; m; m &= m - 1)
        cells[n++] = tech_house_cells[h][bits_lowest(m)];
    tech_say_cells(step, cells, n, 1);
    tech_say(step, " (");
    tech_say_digits(step, digits);
    tech_say(step, ") in ");
    tech_say_house(step, h);
}

static int sdc_pair(struct sdc *s, const struct sdc_part *la,
                    const struct sdc_part *ba)
{
    unsigned d_all = s->v | la->digits | ba->digits;
    int cells = s->n_c + bits_count(la->cells) + bits_count(ba->cells);
    if ((la->digits & ba->digits) || bits_count(d_all) != cells)
        return 0;
    tech_step_reset(s->step);
    sdc_clear(s, s->line, la->cells, d_all & ~ba->digits);
    sdc_clear(s, TECH_BOX(s->box), ba->cells, d_all & ~la->digits);
    if (s->step->n_elim == 0)
        return 0;
    for (int i = 0; i < s->n_c; i++)
        tech_cause_mask(s->step, s->st, s->c_list[i], d_all);
    for (unsigned m = la->cells; m; m &= m - 1)
        tech_cause_mask(s->step, s->st, tech_house_cells[s->line][bits_lowest(m)],
                        d_all);
    for (unsigned m = ba->cells; m; m &= m - 1)
        tech_cause_mask(s->step, s->st,
                        tech_house_cells[TECH_BOX(s->box)][bits_lowest(m)], d_all);
    tech_house(s->step, s->line);
    tech_house(s->step, TECH_BOX(s->box));
    tech_say(s->step, "Sue de Coq: ");
    tech_say_cells(s->step, s->c_list, s->n_c, 1);
    tech_say(s->step, " (");
    tech_say_digits(s->step, s->v);
    tech_say(s->step, ") with ");
    say_part(s->step, s->line, la->cells, la->digits);
    tech_say(s->step, " and ");
    say_part(s->step, TECH_BOX(s->box), ba->cells, ba->digits);
    tech_say(s->step, " hold exactly %d digits in %d cells, so ", cells, cells);
    tech_say_elims(s->step);
    return 1;
}

/* The box parts are grouped by gain (1 to 4, as a part has at most 4
 * cells), in their order, so each line part meets only the box parts that
 * complete it: the first pair found is the one a plain double loop finds,
 * without walking the many pairs whose gains do not add up.  Their digits
 * are packed by gain too: most pairs share one, which sdc_pair refuses. */
static int sdc_try(struct sdc *s)
{
    struct sdc_part la[64], ba[64];
    uint8_t by_gain[5][64];
    uint16_t gain_digits[5][64];
    int n_gain[5] = {0};
    int n_la = sdc_parts(s, &s->line_cells, s->line, TECH_BOX(s->box), la);
    if (n_la == 0)
        return 0;
    int n_ba = sdc_parts(s, &s->box_cells, TECH_BOX(s->box), s->line, ba);
    for (int j = 0; j < n_ba; j++) {
        int g = ba[j].gain;
        by_gain[g][n_gain[g]] = (uint8_t)j;
        gain_digits[g][n_gain[g]++] = (uint16_t)ba[j].digits;
    }
    int need = bits_count(s->v) - s->n_c;
    for (int i = 0; i < n_la; i++) {
        int g = need - la[i].gain;
        if (g < 1 || g > 4)
            continue;
        for (int j = 0; j < n_gain[g]; j++)
            if (!(gain_digits[g][j] & la[i].digits) &&
                sdc_pair(s, &la[i], &ba[by_gain[g][j]]) &&
                tech_found(s->ctx, s->step))
                return 1;
    }
    return 0;
}

/* Every choice of 2 or 3 empty intersection cells with enough digits. */
static int sdc_intersection(struct sdc *s, const uint8_t *inter)
{
    for (unsigned sub = 7; sub; sub--) {
        if (bits_count(sub) < 2)
            continue;
        s->n_c = 0;
        s->v = 0;
        int ok = 1;
        for (unsigned m = sub; m; m &= m - 1) {
            int cell = inter[bits_lowest(m)];
            ok &= !s->st->value[cell];
            s->c_list[s->n_c++] = (uint8_t)cell;
            s->v |= s->st->cand[cell];
        }
        if (ok && bits_count(s->v) >= s->n_c + 2 && sdc_try(s))
            return 1;
    }
    return 0;
}

int tech_find_sue_de_coq(struct tech_ctx *ctx, struct human_step *step)
{
    const struct human_state *st = ctx->st;
    struct sdc s = {.ctx = ctx, .st = st, .step = step};
    for (s.box = 0; s.box < 9; s.box++) {
        for (int k = 0; k < 6; k++) {
            uint8_t inter[3];
            int r0 = (s.box / 3) * 3, c0 = (s.box % 3) * 3;
            if (k < 3) {
                s.line = TECH_ROW(r0 + k);
                for (int i = 0; i < 3; i++)
                    inter[i] = (uint8_t)((r0 + k) * 9 + c0 + i);
            } else {
                s.line = TECH_COL(c0 + k - 3);
                for (int i = 0; i < 3; i++)
                    inter[i] = (uint8_t)((r0 + i) * 9 + c0 + k - 3);
            }
            s.line_cells.built = s.box_cells.built = 0;
            if (sdc_intersection(&s, inter))
                return 1;
        }
    }
    tech_step_reset(step);
    return 0;
}
