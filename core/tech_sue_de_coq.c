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
 * either part), numbered in the house's order (bit j: the j-th), and
 * each subset t of them: in decreasing order of t, the subsets are in
 * decreasing order of their position masks too.  The six cells of the
 * house off the intersection are the same for every C of one box and
 * line: their subsets' positions, digits and sizes are built once
 * (struct sdc_outer), and the intersection's cell joins them as a
 * subset is read (sdc_parts). */
#define SDC_POOL 7
#define SDC_SUBSETS (1 << SDC_POOL)
#define SDC_OUTER 6
struct sdc_outer {
    int built;
    int k;          /* the empty cells off the intersection */
    uint16_t at[SDC_OUTER]; /* their positions */
    uint16_t pos[1 << SDC_OUTER], digits[1 << SDC_OUTER];
    uint8_t n[1 << SDC_OUTER];
};

struct sdc {
    struct tech_ctx *ctx;
    const struct human_state *st;
    struct human_step *step;
    int box, line;
    uint8_t c_list[3]; /* the intersection cells chosen: C */
    int n_c;
    unsigned v;
    struct sdc_outer outer[2]; /* [0]: the line's, [1]: the box's */
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

/* The subsets of house h's empty cells off the intersection (the box's
 * cells on the line, the line's in the box). */
static void sdc_outer_build(const struct sdc *s, struct sdc_outer *o, int h)
{
    unsigned cand[SDC_OUTER];
    int k = 0;
    for (int i = 0; i < 9; i++) {
        int cell = tech_house_cells[h][i];
        int both = h < 18 ? tech_box_of(cell) == s->box
                          : (s->line < 9 ? tech_row_of(cell) == s->line
                                         : tech_col_of(cell) == s->line - 9);
        if (s->st->value[cell] || both)
            continue;
        o->at[k] = (uint16_t)(1u << i);
        cand[k++] = s->st->cand[cell];
    }
    o->k = k;
    o->pos[0] = o->digits[0] = 0;
    o->n[0] = 0;
    for (unsigned x = 1; x < 1u << k; x++) {
        unsigned rest = x & (x - 1);
        int j = bits_lowest(x);
        o->pos[x] = (uint16_t)(o->pos[rest] | o->at[j]);
        o->digits[x] = (uint16_t)(o->digits[rest] | cand[j]);
        o->n[x] = (uint8_t)(o->n[rest] + 1);
    }
    o->built = 1;
}

/* Subsets of the empty cells of house h outside C (side: 0 the line, 1
 * the box) holding some digit of V, whose digits are useful: gain >= 1,
 * in decreasing order of their position masks.  Returns how many.  The
 * intersection's cell outside C, when empty, is bit r of a subset t (r:
 * the cells off the intersection before it in the house), the others
 * those of the outer subset u. */
static int sdc_parts(struct sdc *s, int h, int side, const uint8_t *inter,
                     struct sdc_part *out)
{
    struct sdc_outer *o = &s->outer[side];
    if (!o->built)
        sdc_outer_build(s, o, h);
    int x_cell = -1;
    for (int i = 0; i < 3 && s->n_c == 2; i++)
        if (!in_list(s->c_list, s->n_c, inter[i]) && !s->st->value[inter[i]])
            x_cell = inter[i];
    unsigned x_pos = 0, x_cand = 0, x_inter = 0;
    int r = o->k, x_in = x_cell >= 0; /* r: all of them without the cell */
    if (x_in) {
        for (int i = 0; i < 9; i++)
            if (tech_house_cells[h][i] == x_cell)
                x_pos = 1u << i;
        for (r = 0; r < o->k && o->at[r] < x_pos;)
            r++;
        x_cand = s->st->cand[x_cell];
        x_inter = box_bit(x_cell, s->box);
    }
    /* t = hi, xb, lo (bits above r, bit r, bits below) in decreasing
     * order, t = 0 left out */
    int n = 0;
    for (unsigned hi = 1u << (o->k - r); hi-- > 0;)
        for (int xb = x_in; xb >= 0; xb--) {
            unsigned pos = xb ? x_pos : 0, cand = xb ? x_cand : 0;
            unsigned inter_bits = xb ? x_inter : 0;
            for (unsigned lo = 1u << r; lo-- > 0;) {
                unsigned u = hi << r | lo;
                unsigned digits = o->digits[u] | cand;
                /* (nine bits: the count table at once) */
                int gain = o->n[u] + xb - bits_count_table[digits & ~s->v & HUMAN_ALL_DIGITS];
                if (gain >= 1 && (digits & s->v))
                    out[n++] = (struct sdc_part){o->pos[u] | pos, digits, inter_bits,
                                                 gain};
            }
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
static int sdc_try(struct sdc *s, const uint8_t *inter)
{
    struct sdc_part la[SDC_SUBSETS], ba[SDC_SUBSETS];
    uint8_t by_gain[SDC_POOL + 1][SDC_SUBSETS];
    uint16_t gain_digits[SDC_POOL + 1][SDC_SUBSETS];
    int n_gain[SDC_POOL + 1] = {0};
    /* [g]: the digits of V some box part of gain g lacks: a line part
     * holding one outside them meets none of the group */
    unsigned lacked[SDC_POOL + 1] = {0};
    int n_la = sdc_parts(s, s->line, 0, inter, la);
    if (n_la == 0)
        return 0;
    int n_ba = sdc_parts(s, TECH_BOX(s->box), 1, inter, ba);
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
    s->outer[0].built = s->outer[1].built = 0;
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
        if (ok && bits_count(s->v) >= s->n_c + 2 && sdc_try(s, inter))
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
