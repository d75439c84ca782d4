/*
 * tech_forcing: cell and region (digit) forcing chains, the last resort
 * before "unrated".
 *
 * A cell with k candidates, or a digit with k places in a house, must take
 * one of them.  Each choice is assumed in turn on a copy of the grid and
 * followed by singles only (naked and hidden, to a fixed point): what
 * every surviving branch agrees on (a digit placed, a candidate removed)
 * is true, and a branch that runs into a contradiction (a cell or a house
 * left without a place for a digit) proves its assumption false.  Sound by
 * construction: each branch only applies singles to its assumption, and
 * the branches cover every possibility.
 *
 * Bivalue cells and conjugate pairs are tried first (two branches), then
 * three.  The rating follows Sudoku Explainer's forcing chains: a base
 * plus its length increment, the length being the singles each branch
 * needed to reach the conclusion (they are the step's causes, after the
 * assumptions).
 */
#include "tech.h"
#include "tech_digits.h"

#include <string.h>

#define FC_MAX_BRANCH 3

struct fc_grid {
    uint16_t cand[GRID_CELLS];
    uint8_t value[GRID_CELLS];
    int placed; /* singles placed since the assumption */
};

static void fc_from(struct fc_grid *g, const struct human_state *st)
{
    memcpy(g->cand, st->cand, sizeof g->cand);
    memcpy(g->value, st->value, sizeof g->value);
    g->placed = 0;
}

/* Places d in cell; 0 when it contradicts (d no longer possible there). */
static int fc_place(struct fc_grid *g, int cell, int d)
{
    if (g->value[cell])
        return g->value[cell] == d;
    if (!(g->cand[cell] & tech_bit(d)))
        return 0;
    g->value[cell] = (uint8_t)d;
    g->cand[cell] = 0;
    const int houses[3] = {TECH_ROW(tech_row_of(cell)), TECH_COL(tech_col_of(cell)),
                           TECH_BOX(tech_box_of(cell))};
    uint16_t keep = (uint16_t)~tech_bit(d);
    for (int k = 0; k < 3; k++)
        for (int i = 0; i < 9; i++)
            g->cand[tech_house_cells[houses[k]][i]] &= keep;
    return 1;
}

/* One pass of hidden singles over house h; -1 contradiction, else the
 * number placed. */
static int fc_hidden(struct fc_grid *g, int h)
{
    unsigned once = 0, twice = 0, placed = 0;
    for (int i = 0; i < 9; i++) {
        int cell = tech_house_cells[h][i];
        unsigned m = g->cand[cell];
        if (g->value[cell])
            placed |= tech_bit(g->value[cell]);
        twice |= once & m;
        once |= m;
    }
    if ((once | placed) != HUMAN_ALL_DIGITS)
        return -1;
    unsigned single = once & ~twice & ~placed;
    int n = 0;
    for (unsigned m = single; m; m &= m - 1) {
        int d = tech_lowest_digit(m);
        for (int i = 0; i < 9; i++) {
            int cell = tech_house_cells[h][i];
            if (!(g->cand[cell] & tech_bit(d)))
                continue;
            if (!fc_place(g, cell, d))
                return -1;
            n++;
            break;
        }
    }
    return n;
}

/* Singles to a fixed point, or until the target candidate is decided
 * (target < 0: no target).  Returns 0, or -1 on a contradiction. */
static int fc_propagate(struct fc_grid *g, int target)
{
    for (;;) {
        int changed = 0;
        if (target >= 0) {
            int cell = target / 9, d = target % 9 + 1;
            if (g->value[cell] == d ||
                (g->value[cell] != d && !(g->cand[cell] & tech_bit(d))))
                return 0;
        }
        for (int cell = 0; cell < GRID_CELLS; cell++) {
            if (g->value[cell])
                continue;
            unsigned m = g->cand[cell];
            if (m == 0)
                return -1;
            if ((m & (m - 1)) == 0) {
                if (!fc_place(g, cell, tech_lowest_digit(m)))
                    return -1;
                g->placed++;
                changed = 1;
            }
        }
        for (int h = 0; h < TECH_HOUSES; h++) {
            int n = fc_hidden(g, h);
            if (n < 0)
                return -1;
            g->placed += n;
            changed |= n > 0;
        }
        if (!changed)
            return 0;
    }
}

/* The choices being forced: k candidates of which one is true. */
struct fc_choice {
    int n;
    int cell[FC_MAX_BRANCH], digit[FC_MAX_BRANCH];
    int house; /* -1 for a cell */
};

struct fc_search {
    const struct human_state *st;
    struct human_step *step;
    struct fc_grid branch[FC_MAX_BRANCH];
    int dead[FC_MAX_BRANCH];
};

static void say_choice(struct human_step *step, const struct fc_choice *ch)
{
    if (ch->house < 0) {
        tech_say(step, "Cell forcing chain: ");
        tech_say_cell(step, ch->cell[0]);
        tech_say(step, " is ");
        for (int b = 0; b < ch->n; b++)
            tech_say(step, "%s%d", b == 0 ? "" : (b == ch->n - 1 ? " or " : ", "),
                     ch->digit[b]);
        return;
    }
    tech_say(step, "Region forcing chain: in ");
    tech_say_house(step, ch->house);
    tech_say(step, " the %d is in ", ch->digit[0]);
    for (int b = 0; b < ch->n; b++) {
        tech_say(step, "%s", b == 0 ? "" : (b == ch->n - 1 ? " or " : ", "));
        tech_say_cell(step, ch->cell[b]);
    }
}

/* Records the causes: the assumptions, then the singles each live branch
 * needs to reach the first conclusion (counted again from the start). */
static void fc_causes(struct fc_search *s, const struct fc_choice *ch, int target)
{
    for (int b = 0; b < ch->n; b++)
        tech_cause(s->step, ch->cell[b], ch->digit[b]);
    for (int b = 0; b < ch->n; b++) {
        struct fc_grid g;
        fc_from(&g, s->st);
        if (s->dead[b] || !fc_place(&g, ch->cell[b], ch->digit[b]))
            continue;
        fc_propagate(&g, target);
        for (int i = 0; i < g.placed; i++)
            tech_cause(s->step, ch->cell[b], 0);
    }
}

/* A branch ran into a contradiction: its assumption is false. */
static int fc_contradiction(struct fc_search *s, const struct fc_choice *ch, int b)
{
    struct human_step *step = s->step;
    tech_step_reset(step);
    tech_eliminate(step, s->st, ch->cell[b], ch->digit[b]);
    tech_cause(step, ch->cell[b], ch->digit[b]);
    for (int i = 0; i < s->branch[b].placed; i++)
        tech_cause(step, ch->cell[b], 0);
    tech_say(step, "Forcing chain: if ");
    tech_say_cell(step, ch->cell[b]);
    tech_say(step,
             " were %d, singles would leave a cell or a house without a "
             "place for a digit, so ",
             ch->digit[b]);
    tech_say_elims(step);
    return 1;
}

/* What every live branch agrees on. */
static int fc_common(struct fc_search *s, const struct fc_choice *ch)
{
    const struct human_state *st = s->st;
    struct human_step *step = s->step;
    int target = -1;
    tech_step_reset(step);
    for (int cell = 0; cell < GRID_CELLS; cell++) {
        if (st->value[cell])
            continue;
        unsigned left = 0;
        int value = -1;
        for (int b = 0; b < ch->n; b++) {
            if (s->dead[b])
                continue;
            const struct fc_grid *g = &s->branch[b];
            left |= g->value[cell] ? tech_bit(g->value[cell]) : g->cand[cell];
            value = (value == -1 || value == g->value[cell]) ? g->value[cell] : 0;
        }
        if (value > 0) {
            if (target < 0)
                target = cell * 9 + value - 1;
            tech_place(step, cell, value);
        } else if (st->cand[cell] & ~left) {
            if (target < 0)
                target = cell * 9 + bits_lowest(st->cand[cell] & ~left);
            tech_eliminate_mask(step, st, cell, ~left);
        }
    }
    if (target < 0)
        return 0;
    if (step->n_place)
        step->n_elim = 0; /* the placements say it all */
    fc_causes(s, ch, target);
    say_choice(step, ch);
    tech_say(step, "; each way, singles lead to the same result, so ");
    if (step->n_place) {
        for (int i = 0; i < step->n_place; i++) {
            tech_say(step, "%s",
                     i == 0 ? "" : (i == step->n_place - 1 ? " and " : ", "));
            tech_say_cell(step, step->place[i].cell);
            tech_say(step, " is %d", step->place[i].digit);
        }
    } else {
        tech_say_elims(step);
    }
    return 1;
}

static int fc_try(struct fc_search *s, const struct fc_choice *ch)
{
    int live = 0;
    for (int b = 0; b < ch->n; b++) {
        struct fc_grid *g = &s->branch[b];
        fc_from(g, s->st);
        s->dead[b] = !fc_place(g, ch->cell[b], ch->digit[b]) ||
                     fc_propagate(g, -1) < 0;
        if (s->dead[b])
            return fc_contradiction(s, ch, b);
        live++;
    }
    return live > 0 && fc_common(s, ch);
}

int tech_find_cell_forcing_chain(struct tech_ctx *ctx, struct human_step *step)
{
    const struct human_state *st = ctx->st;
    struct fc_search s = {.st = st, .step = step};
    for (int k = 2; k <= FC_MAX_BRANCH; k++) {
        for (int cell = 0; cell < GRID_CELLS; cell++) {
            unsigned m = st->cand[cell];
            if (st->value[cell] || bits_count(m) != k)
                continue;
            struct fc_choice ch = {.n = k, .house = -1};
            for (int b = 0; b < k; b++, m &= m - 1) {
                ch.cell[b] = cell;
                ch.digit[b] = tech_lowest_digit(m);
            }
            if (fc_try(&s, &ch) && tech_found(ctx, step))
                return 1;
        }
    }
    tech_step_reset(step);
    return 0;
}

int tech_find_region_forcing_chain(struct tech_ctx *ctx, struct human_step *step)
{
    const struct human_state *st = ctx->st;
    struct fc_search s = {.st = st, .step = step};
    for (int k = 2; k <= FC_MAX_BRANCH; k++) {
        for (int h = 0; h < TECH_HOUSES; h++) {
            uint16_t pos[9];
            unsigned placed = tech_house_positions(st, h, pos);
            for (int d = 1; d <= 9; d++) {
                if ((placed & tech_bit(d)) || bits_count(pos[d - 1]) != k)
                    continue;
                struct fc_choice ch = {.n = k, .house = h};
                unsigned m = pos[d - 1];
                for (int b = 0; b < k; b++, m &= m - 1) {
                    ch.cell[b] = tech_house_cells[h][bits_lowest(m)];
                    ch.digit[b] = d;
                }
                if (fc_try(&s, &ch) && tech_found(ctx, step))
                    return 1;
            }
        }
    }
    tech_step_reset(step);
    return 0;
}

/* Causes past the assumptions are the singles the branches needed. */
int tech_rate_forcing_chain(const struct human_step *step)
{
    int assumptions = 0;
    for (int i = 0; i < step->n_cause; i++)
        assumptions += step->cause[i].digit != 0;
    int base = assumptions == 1 ? 75 : 80;
    return base + tech_se_length_bonus(step->n_cause);
}
