/*
 * tech_sue_de_coq: Sue de Coq (two-sector disjoint subsets).
 *
 * Take 2 or 3 empty cells C where a box meets a line, holding the digits
 * V (at least |C| + 2 of them), cells LA of the line outside the box with
 * digits LV, and cells BA of the box outside the line with digits BV,
 * each set holding some digit of V, LV and BV sharing no digit of V
 * (HoDoKu's definition: any number of cells, and the two sets may share
 * digits outside V).  A digit of V can then appear at most once in all
 * the cells (in LA + C, one line, or BA + C, one box, not both), and a
 * digit outside V at most once in LA and once in BA (C has none).  When
 * the cells number |V| plus the digits of LV outside V plus those of BV
 * outside V, every digit takes all the places it may: each digit of V is
 * in the cells once, and a shared digit outside V is in LA and in BA.
 * Then the rest of the line loses V + LV less BV, and the shared digits;
 * the rest of the box loses V + BV less LV, and the shared digits.
 *
 * Scanned box by box, rows then columns through it.  With the solving
 * loop's memo, a search that found nothing is remembered (the memo's
 * sue_de_coq stamp) and the next one skips the box-line pairs none of
 * whose cells changed since.
 */
#include "tech.h"
#include "tech_digits.h"

/* A part: cells of the line, or of the box, outside C. */
struct sdc_part {
    unsigned cells; /* positions (house order) */
    unsigned digits;
    unsigned inter; /* its cells in the intersection (box positions) */
    int gain;       /* cells less digits outside V */
};

/* The empty cells of a house outside C (at most 7: the intersection's
 * cell not in C belongs to both the line and the box, and may be in
 * either part) and, for each subset t of them (bit j: the j-th), its
 * positions, digits, intersection cells and size.  In decreasing order
 * of t, the subsets are in decreasing order of their position masks too
 * (the numbering keeps the cells' order). */
#define SDC_POOL 7
#define SDC_SUBSETS (1 << SDC_POOL)
struct sdc_table {
    unsigned avail; /* the subsets' cells, by j */
    uint16_t pos[SDC_SUBSETS], digits[SDC_SUBSETS];
    uint8_t inter[SDC_SUBSETS], n[SDC_SUBSETS];
};

struct sdc {
    struct tech_ctx *ctx;
    const struct human_state *st;
    struct human_step *step;
    int box, line;
    uint8_t c_list[3]; /* the intersection cells chosen: C */
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

/* The box position of a cell of the intersection, as a bit; 0 for a
 * cell outside box b. */
static unsigned box_bit(int cell, int b)
{
    return tech_box_of(cell) == b
               ? 1u << ((tech_row_of(cell) % 3) * 3 + tech_col_of(cell) % 3)
               : 0;
}

static void sdc_table_build(const struct sdc *s, struct sdc_table *t, int h)
{
    int k = 0;
    uint16_t bit[SDC_POOL];
    unsigned cand[SDC_POOL];
    uint8_t inter[SDC_POOL];
    for (int i = 0; i < 9; i++) {
        int cell = tech_house_cells[h][i];
        if (s->st->value[cell] || in_list(s->c_list, s->n_c, cell))
            continue;
        /* a line cell in the box, or a box cell on the line */
        int both = h < 18 ? tech_box_of(cell) == s->box
                          : (s->line < 9 ? tech_row_of(cell) == s->line
                                         : tech_col_of(cell) == s->line - 9);
        bit[k] = (uint16_t)(1u << i);
        inter[k] = (uint8_t)(both ? box_bit(cell, s->box) : 0);
        cand[k++] = s->st->cand[cell];
    }
    t->avail = (1u << k) - 1;
    t->pos[0] = t->digits[0] = 0;
    t->n[0] = t->inter[0] = 0;
    for (unsigned x = 1; x <= t->avail; x++) {
        unsigned rest = x & (x - 1);
        int j = bits_lowest(x);
        t->pos[x] = (uint16_t)(t->pos[rest] | bit[j]);
        t->digits[x] = (uint16_t)(t->digits[rest] | cand[j]);
        t->inter[x] = (uint8_t)(t->inter[rest] | inter[j]);
        t->n[x] = (uint8_t)(t->n[rest] + 1);
    }
}

/* Subsets of the empty cells of house h outside C holding some digit of
 * V, whose digits are useful: gain >= 1, in decreasing order of their
 * position masks.  Returns how many. */
static int sdc_parts(const struct sdc *s, int h, struct sdc_part *out)
{
    struct sdc_table t;
    sdc_table_build(s, &t, h);
    int n = 0;
    for (unsigned x = t.avail; x; x--) {
        unsigned digits = t.digits[x];
        int gain = t.n[x] - bits_count(digits & ~s->v);
        if (gain >= 1 && (digits & s->v))
            out[n++] = (struct sdc_part){t.pos[x], digits, t.inter[x], gain};
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

/* The line and box parts la and ba, whose gains add up to |V| - |C|. */
static int sdc_pair(struct sdc *s, const struct sdc_part *la,
                    const struct sdc_part *ba)
{
    unsigned d_all = s->v | la->digits | ba->digits;
    unsigned shared = la->digits & ba->digits;
    int cells = s->n_c + bits_count(la->cells) + bits_count(ba->cells);
    if ((shared & s->v) || (la->inter & ba->inter))
        return 0;
    tech_step_reset(s->step);
    sdc_clear(s, s->line, la->cells, (d_all & ~ba->digits) | shared);
    sdc_clear(s, TECH_BOX(s->box), ba->cells, (d_all & ~la->digits) | shared);
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
    tech_say(s->step, " hold exactly %d digits in %d cells", bits_count(d_all),
             cells);
    if (shared) {
        tech_say(s->step, ", ");
        tech_say_digits(s->step, shared);
        tech_say(s->step, " once in each part");
    }
    tech_say(s->step, ", so ");
    tech_say_elims(s->step);
    return 1;
}

/* The box parts are grouped by gain (1 to 7, as a part has at most 7
 * cells), in their order, so each line part meets only the box parts that
 * complete it: the first pair found is the one a plain double loop finds,
 * without walking the many pairs whose gains do not add up.  Their digits
 * are packed by gain too: most pairs share a digit of V, which sdc_pair
 * refuses. */
static int sdc_try(struct sdc *s)
{
    struct sdc_part la[SDC_SUBSETS], ba[SDC_SUBSETS];
    uint8_t by_gain[SDC_POOL + 1][SDC_SUBSETS];
    uint16_t gain_digits[SDC_POOL + 1][SDC_SUBSETS];
    int n_gain[SDC_POOL + 1] = {0};
    /* [g]: the digits of V some box part of gain g lacks: a line part
     * holding one outside them meets none of the group */
    unsigned lacked[SDC_POOL + 1] = {0};
    int n_la = sdc_parts(s, s->line, la);
    if (n_la == 0)
        return 0;
    int n_ba = sdc_parts(s, TECH_BOX(s->box), ba);
    for (int j = 0; j < n_ba; j++) {
        int g = ba[j].gain;
        by_gain[g][n_gain[g]] = (uint8_t)j;
        gain_digits[g][n_gain[g]++] = (uint16_t)ba[j].digits;
        lacked[g] |= ~ba[j].digits;
    }
    int need = bits_count(s->v) - s->n_c;
    for (int i = 0; i < n_la; i++) {
        int g = need - la[i].gain;
        if (g < 1 || g > SDC_POOL || (la[i].digits & s->v & ~lacked[g]))
            continue;
        for (int j = 0; j < n_gain[g]; j++)
            if (!(gain_digits[g][j] & la[i].digits & s->v) &&
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
    /* a box and line whose cells did not change since a search found
     * nothing still hold nothing: all it reads and removes is theirs */
    struct tech_memo *memo = tech_memo_of(ctx);
    tech_cells changed = tech_memo_changed_since(ctx, memo ? memo->sue_de_coq : 0);
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
            if (!((tech_house_set[TECH_BOX(s.box)] | tech_house_set[s.line]) &
                  changed))
                continue;
            if (sdc_intersection(&s, inter))
                return 1;
        }
    }
    tech_step_reset(step);
    if (memo && !ctx->collect) /* (collect mode has no memo) */
        memo->sue_de_coq = tech_memo_stamp(memo);
    return 0;
}
