/*
 * tech_subsets: naked and hidden pairs, triples and quads.
 *
 * Naked: n cells of a house whose candidates together are n digits; those
 * digits leave the house's other cells.  Hidden: n digits of a house that
 * together fit in n cells; those cells lose every other digit.  Both are
 * one search over combinations of masks: cells by their digit masks, or
 * digits by their position masks.  Houses are scanned boxes, rows, columns;
 * a house is skipped when the subsets of the other kind that a subset
 * there would come with were searched for there in vain (other_kind_failed).
 */
#include "tech_digits.h"

static const char *const size_word[5] = {"", "", "pair", "triple", "quad"};

struct subset {
    struct tech_ctx *ctx;
    const struct human_state *st;
    struct human_step *step;
    int house, size, hidden;
    const uint16_t *cand; /* candidates of the house's empty cells */
    const struct tech_houses *hv;
    int n_items;
    int item[9];      /* positions (naked) or digits (hidden) */
    unsigned mask[9]; /* their digit masks (naked) or positions (hidden) */
};

static void say_naked(struct subset *s, const uint8_t *cells, unsigned digits)
{
    tech_say(s->step, "Naked %s: in ", size_word[s->size]);
    tech_say_house(s->step, s->house);
    tech_say(s->step, ", ");
    tech_say_cells(s->step, cells, s->size, 1);
    tech_say(s->step, " hold only ");
    tech_say_digits(s->step, digits);
    tech_say(s->step, ", so ");
    tech_say_elims(s->step);
}

static void say_hidden(struct subset *s, const uint8_t *cells, unsigned digits)
{
    tech_say(s->step, "Hidden %s: in ", size_word[s->size]);
    tech_say_house(s->step, s->house);
    tech_say(s->step, ", ");
    tech_say_digits(s->step, digits);
    tech_say(s->step, " can only be in ");
    tech_say_cells(s->step, cells, s->size, 1);
    tech_say(s->step, ", so ");
    tech_say_elims(s->step);
}

/* chosen: bits of item indexes; uni: union of their masks. */
static int subset_found(struct subset *s, unsigned chosen, unsigned uni)
{
    uint8_t cells[4];
    unsigned posmask = 0, digits = 0;
    for (unsigned m = chosen; m; m &= m - 1) {
        int it = s->item[bits_lowest(m)];
        if (s->hidden)
            digits |= tech_bit(it);
        else
            posmask |= 1u << it;
    }
    if (s->hidden)
        posmask = uni;
    else
        digits = uni;
    int n = 0;
    for (unsigned m = posmask; m; m &= m - 1)
        cells[n++] = tech_house_cells[s->house][bits_lowest(m)];
    tech_step_reset(s->step);
    for (int i = 0; i < 9; i++) {
        int cell = tech_house_cells[s->house][i];
        int in_set = (posmask >> i) & 1u;
        if (s->hidden && in_set)
            tech_eliminate_mask(s->step, s->st, cell, ~digits & HUMAN_ALL_DIGITS);
        else if (!s->hidden && !in_set)
            tech_eliminate_mask(s->step, s->st, cell, digits);
    }
    if (s->step->n_elim == 0)
        return 0;
    for (int k = 0; k < n; k++)
        tech_cause_mask(s->step, s->st, cells[k], digits);
    tech_house(s->step, s->house);
    if (s->hidden)
        say_hidden(s, cells, digits);
    else
        say_naked(s, cells, digits);
    return 1;
}

/* Whether subset_found would eliminate something: a cheap test first. */
static int subset_removes(const struct subset *s, unsigned chosen, unsigned uni)
{
    unsigned posmask = 0, digits = 0, rest = 0;
    for (unsigned m = chosen; m; m &= m - 1) {
        int it = s->item[bits_lowest(m)];
        if (s->hidden)
            digits |= tech_bit(it);
        else
            posmask |= 1u << it;
    }
    if (s->hidden) {
        for (unsigned m = uni; m; m &= m - 1)
            rest |= s->cand[bits_lowest(m)];
        return (rest & ~digits) != 0;
    }
    for (int i = 0; i < 9; i++)
        if (!(posmask & (1u << i)))
            rest |= s->cand[i];
    return (rest & uni) != 0;
}

/* Tries the chosen items (bits of item indexes) whose union is u. */
static int try_subset(struct subset *s, unsigned chosen, unsigned u)
{
    return subset_removes(s, chosen, u) && subset_found(s, chosen, u) &&
           tech_found(s->ctx, s->step);
}

/* Every choice of size items in lexicographic order, skipping those
 * whose union already has more than size digits (or positions).  Items
 * hold 2..size each, so single items need no test; masks are of nine
 * bits (the count table directly). */
static int combine(struct subset *s)
{
    int z = s->size, n = s->n_items;
    const unsigned *mk = s->mask;
    const uint8_t *count = bits_count_table;
    for (int i = 0; i <= n - z; i++) {
        for (int j = i + 1; j <= n - z + 1; j++) {
            unsigned uj = mk[i] | mk[j];
            if (z == 2) { /* two masks of two: the same mask */
                if (mk[i] == mk[j] && try_subset(s, (1u << i) | (1u << j), uj))
                    return 1;
                continue;
            }
            if (count[uj] > z)
                continue;
            for (int k = j + 1; k <= n - z + 2; k++) {
                unsigned uk = uj | mk[k];
                if (z == 3) {
                    if (count[uk] == 3 &&
                        try_subset(s, (1u << i) | (1u << j) | (1u << k), uk))
                        return 1;
                    continue;
                }
                if (count[uk] > z)
                    continue;
                for (int l = k + 1; l < n; l++) {
                    unsigned ul = uk | mk[l];
                    if (count[ul] == 4 &&
                        try_subset(s, (1u << i) | (1u << j) | (1u << k) | (1u << l),
                                   ul))
                        return 1;
                }
            }
        }
    }
    return 0;
}

/* The positions (tech.h order) of house h's cells in set. */
static unsigned house_positions(tech_cells set, int h)
{
    if (h < 9)
        return (unsigned)(set >> (9 * h)) & 0x1FFu;
    if (h < 18) {
        /* a column: bits 9 apart; the multiply gathers rows 0..7 in the
         * top byte (the partial products never overlap) */
        tech_cells col = set >> (h - 9);
        uint64_t lo = (uint64_t)col & 0x8040201008040201ull;
        return (unsigned)((lo * 0x0101010101010101ull) >> 56) |
               ((unsigned)(col >> 64) & 0x100u);
    }
    int b = h - 18;
    unsigned rows = (unsigned)(set >> (b / 3 * 27 + b % 3 * 3)) & 0x7FFFFFFu;
    return (rows & 7u) | ((rows >> 6) & 0x38u) | ((rows >> 12) & 0x1C0u);
}

/* House h as its subsets see it, into z; cells: the positions of its
 * cells with candidates; lone: whether one holds a single digit (then
 * they do not pair off). */
static void house_build(struct tech_house_hidden *z, const struct tech_houses *hv,
                        int h, unsigned cells, int lone)
{
    /* b0..b3: the bits of how many cells hold each digit */
    unsigned b0 = 0, b1 = 0, b2 = 0, b3 = 0;
    for (unsigned m = cells; m; m &= m - 1) {
        unsigned x = hv->cand[h][bits_lowest(m)], c0 = b0 & x, c1 = b1 & c0;
        b0 ^= x;
        b1 ^= c0;
        b3 |= b2 & c1;
        b2 ^= c1;
    }
    unsigned not_placed = ~(b3 | hv->placed[h]);
    unsigned held = b0 | b1 | b2 | b3, once = b0 & ~b1 & ~b2 & ~b3;
    z->digits[0] = (uint16_t)(b1 & ~b0 & ~b2 & not_placed);
    z->digits[1] = (uint16_t)(b1 & ~b2 & not_placed);
    z->digits[2] = (uint16_t)(((b1 & ~b2) | (b2 & ~b1 & ~b0)) & not_placed);
    int e = bits_count(cells);
    z->paired = (uint8_t)(!lone && !once && !(held & hv->placed[h]) &&
                                  bits_count(held) == e
                              ? e
                              : 0);
}

/* house_hidden's build, out of line: the test that it is built is what
 * the searches' loops mostly make. */
static __attribute__((noinline)) void house_hidden_build(struct tech_ctx *ctx,
                                                         const tech_cells *counts, int h)
{
    house_build(&ctx->hidden[h], tech_ctx_houses(ctx), h, house_positions(counts[0], h),
                house_positions(counts[1], h) != 0);
    ctx->built.hidden |= 1u << h;
}

/* House h as its subsets see it, built once per context: the six rows
 * of a search read it.  counts: tech_ctx_counts. */
static inline __attribute__((always_inline)) const struct tech_house_hidden *
house_hidden(struct tech_ctx *ctx, const tech_cells *counts, int h)
{
    if (!(ctx->built.hidden & (1u << h)))
        house_hidden_build(ctx, counts, h);
    return &ctx->hidden[h];
}

const struct tech_house_hidden *tech_ctx_house_hidden(struct tech_ctx *ctx, int h)
{
    if (!(ctx->built.hidden & (1u << h))) /* (the counts only then) */
        house_hidden_build(ctx, tech_ctx_counts(ctx), h);
    return &ctx->hidden[h];
}

/*
 * The houses (bit h) where the other kind found no subset of 2 to k, on
 * the grid as it is now ([k], k = 2..4; the memo's record).
 *
 * In a house whose e cells pair off with their digits, a naked subset of
 * n cells leaves the other e - n digits to the other e - n cells: a
 * hidden subset of e - n, making the same eliminations; and the reverse.
 * Were those cells (digits) fewer than the digits (cells), the smallest
 * such set less one of them would be a subset of its kind of fewer,
 * eliminating from that one.  So a subset of n needs the other kind to
 * find one of 2 to e - n (none when e - n <= 1).
 */
static void other_kind_failed(const struct tech_ctx *ctx, int hidden,
                              uint32_t *failed)
{
    int slot = hidden ? TECH_MEMO_NAKED_2 : TECH_MEMO_HIDDEN_2;
    failed[1] = ~0u;
    for (int k = 2; k <= 4; k++)
        failed[k] = failed[k - 1] & ~tech_memo_dirty(ctx, slot + k - 2);
}

/* Whether the house provably holds no subset of the row (other_kind_failed)
 * the solver needs: a complement of one is a single, which an earlier row
 * takes (collect mode lists that subset all the same). */
static int complement_failed(const struct subset *s,
                             const struct tech_house_hidden *z,
                             const uint32_t *failed)
{
    int e = z->paired, k = e - s->size;
    return e &&
           (k <= 1 ? !s->ctx->collect : k <= 4 && ((failed[k] >> s->house) & 1));
}

/* Hidden: the digits held by 2..size cells of the house, by position. */
static int collect_hidden(struct subset *s, const struct tech_house_hidden *z,
                          const struct tech_digits *dg, const uint32_t *failed)
{
    unsigned digits = z->digits[s->size - 2];
    if (bits_count(digits) < s->size || complement_failed(s, z, failed))
        return 0;
    s->n_items = 0;
    for (unsigned m = digits; m; m &= m - 1) {
        int i = bits_lowest(m);
        s->item[s->n_items] = i + 1;
        s->mask[s->n_items++] = dg->pos[i][s->house];
    }
    return 1;
}

/* Naked: the cells holding 2..size digits (fits: their positions). */
static void collect_naked(struct subset *s, unsigned fits)
{
    s->n_items = 0;
    for (; fits; fits &= fits - 1) {
        int i = bits_lowest(fits);
        s->item[s->n_items] = i;
        s->mask[s->n_items++] = s->cand[i] & HUMAN_ALL_DIGITS; /* nine bits */
    }
}

/* Naked: at least size cells of 2..size digits, and another with some
 * (a cell outside the subset must lose a digit).  Pairs skip the
 * complement test: it would spare them little (the hidden pairs are
 * searched after them) for the cost of building the house first. */
static int naked_items(struct subset *s, struct tech_ctx *ctx,
                       const tech_cells *counts, tech_cells fits,
                       const uint32_t *failed)
{
    if (s->size > 2 &&
        complement_failed(s, house_hidden(ctx, counts, s->house), failed))
        return 0;
    unsigned pos = house_positions(fits, s->house);
    if (bits_count(pos) < s->size ||
        bits_count(house_positions(counts[0], s->house)) <= s->size)
        return 0;
    collect_naked(s, pos);
    return 1;
}

static int find_subset(struct tech_ctx *ctx, struct human_step *step, int size,
                       int hidden)
{
    struct subset s = {.ctx = ctx,
                       .st = ctx->st,
                       .step = step,
                       .size = size,
                       .hidden = hidden,
                       .hv = tech_ctx_houses(ctx)};
    const struct tech_digits *dg = tech_ctx_digits(ctx);
    const tech_cells *counts = tech_ctx_counts(ctx);
    tech_cells fits = counts[2] | counts[3] | (size == 4 ? counts[4] : 0);
    if (size == 2)
        fits = counts[2];
    int slot = (hidden ? TECH_MEMO_HIDDEN_2 : TECH_MEMO_NAKED_2) + size - 2;
    uint32_t dirty = tech_memo_dirty(ctx, slot), failed[5];
    other_kind_failed(ctx, hidden, failed);
    /* the houses to search as bits in search order: boxes, rows, columns */
    uint32_t order = ((dirty >> 18) & 0x1FFu) | ((dirty & 0x3FFFFu) << 9);
    for (; order; order &= order - 1) {
        int k = bits_lowest(order), h = k < 9 ? k + 18 : k - 9;
        s.house = h;
        s.cand = s.hv->cand[h];
        if ((hidden ? collect_hidden(&s, house_hidden(ctx, counts, h), dg, failed)
                    : naked_items(&s, ctx, counts, fits, failed)) &&
            combine(&s))
            return 1;
        tech_memo_house_failed(ctx, slot, h);
    }
    tech_step_reset(step);
    return 0;
}

int tech_find_naked_pair(struct tech_ctx *ctx, struct human_step *step)
{
    return find_subset(ctx, step, 2, 0);
}

int tech_find_naked_triple(struct tech_ctx *ctx, struct human_step *step)
{
    return find_subset(ctx, step, 3, 0);
}

int tech_find_naked_quad(struct tech_ctx *ctx, struct human_step *step)
{
    return find_subset(ctx, step, 4, 0);
}

int tech_find_hidden_pair(struct tech_ctx *ctx, struct human_step *step)
{
    return find_subset(ctx, step, 2, 1);
}

int tech_find_hidden_triple(struct tech_ctx *ctx, struct human_step *step)
{
    return find_subset(ctx, step, 3, 1);
}

int tech_find_hidden_quad(struct tech_ctx *ctx, struct human_step *step)
{
    return find_subset(ctx, step, 4, 1);
}
