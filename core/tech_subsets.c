/*
 * tech_subsets: naked and hidden pairs, triples and quads.
 *
 * Naked: n cells of a house whose candidates together are n digits; those
 * digits leave the house's other cells.  Hidden: n digits of a house that
 * together fit in n cells; those cells lose every other digit.  Both are
 * one search over combinations of masks: cells by their digit masks, or
 * digits by their position masks.  Houses are scanned boxes, rows, columns.
 */
#include "tech_digits.h"

static const char *const size_word[5] = { "", "", "pair", "triple", "quad" };

struct subset {
    const struct human_state *st;
    struct human_step *step;
    const struct tech_digits *dg;   /* hidden subsets only */
    int house, size, hidden;
    unsigned cand[9];     /* candidates of the house's empty cells */
    int n_items;
    int item[9];          /* positions (naked) or digits (hidden) */
    unsigned mask[9];     /* their digit masks (naked) or positions (hidden) */
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
        int it = s->item[tech_lowest(m)];
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
        cells[n++] = tech_house_cells[s->house][tech_lowest(m)];
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
        int it = s->item[tech_lowest(m)];
        if (s->hidden)
            digits |= tech_bit(it);
        else
            posmask |= 1u << it;
    }
    if (s->hidden) {
        for (unsigned m = uni; m; m &= m - 1)
            rest |= s->cand[tech_lowest(m)];
        return (rest & ~digits) != 0;
    }
    for (int i = 0; i < 9; i++)
        if (!(posmask & (1u << i)))
            rest |= s->cand[i];
    return (rest & uni) != 0;
}

static int combine(struct subset *s, int start, int depth, unsigned chosen,
                   unsigned uni)
{
    if (depth == s->size)
        return tech_count(uni) == s->size && subset_removes(s, chosen, uni) &&
               subset_found(s, chosen, uni);
    for (int i = start; i <= s->n_items - (s->size - depth); i++) {
        unsigned u = uni | s->mask[i];
        if (tech_count(u) > s->size)
            continue;
        if (combine(s, i + 1, depth + 1, chosen | (1u << i), u))
            return 1;
    }
    return 0;
}

/* Collects the items of house h that can take part in a subset; returns
 * 0 when the house cannot have one that eliminates something. */
static int collect(struct subset *s)
{
    unsigned placed = 0;
    int filled = 0;
    for (int i = 0; i < 9; i++) {
        int cell = tech_house_cells[s->house][i], v = s->st->value[cell];
        s->cand[i] = v ? 0 : s->st->cand[cell];
        placed |= v ? tech_bit(v) : 0;
        filled += s->cand[i] == 0;
    }
    /* naked: some cell outside the subset must hold one of its digits */
    if (!s->hidden && 9 - filled <= s->size)
        return 0;
    s->n_items = 0;
    for (int i = 0; i < 9; i++) {
        unsigned m;
        if (s->hidden) {
            m = s->dg->pos[i][s->house];
            if (placed & (1u << i))
                continue;
        } else {
            m = s->cand[i];
        }
        if (tech_count(m) < 2 || tech_count(m) > s->size)
            continue;
        s->item[s->n_items] = s->hidden ? i + 1 : i;
        s->mask[s->n_items++] = m;
    }
    return s->n_items >= s->size;
}

static int find_subset(const struct human_state *st, struct human_step *step,
                       int size, int hidden)
{
    static const int house_order[3][2] = { { 18, 27 }, { 0, 9 }, { 9, 18 } };
    struct tech_digits dg;
    struct subset s = { .st = st, .step = step, .dg = &dg, .size = size,
                        .hidden = hidden };
    if (hidden)
        tech_digits_build(st, &dg);
    for (int o = 0; o < 3; o++) {
        for (int h = house_order[o][0]; h < house_order[o][1]; h++) {
            s.house = h;
            if (collect(&s) && combine(&s, 0, 0, 0, 0))
                return 1;
        }
    }
    tech_step_reset(step);
    return 0;
}

int tech_find_naked_pair(const struct human_state *st, struct human_step *step)
{
    return find_subset(st, step, 2, 0);
}

int tech_find_naked_triple(const struct human_state *st, struct human_step *step)
{
    return find_subset(st, step, 3, 0);
}

int tech_find_naked_quad(const struct human_state *st, struct human_step *step)
{
    return find_subset(st, step, 4, 0);
}

int tech_find_hidden_pair(const struct human_state *st, struct human_step *step)
{
    return find_subset(st, step, 2, 1);
}

int tech_find_hidden_triple(const struct human_state *st,
                            struct human_step *step)
{
    return find_subset(st, step, 3, 1);
}

int tech_find_hidden_quad(const struct human_state *st, struct human_step *step)
{
    return find_subset(st, step, 4, 1);
}
