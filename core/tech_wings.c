/*
 * tech_wings: XY-Wing, XYZ-Wing and W-Wing.
 *
 *  - XY-Wing: a pivot holding only x and y sees two pincers holding only
 *    x,z and y,z: whatever the pivot is, one pincer is z, so cells seeing
 *    both pincers lose z.
 *  - XYZ-Wing: the pivot holds x, y and z: one of the three is z, so
 *    cells seeing all three lose z.
 *  - W-Wing: two cells holding only x and y, not seeing each other, and a
 *    strong link on y whose ends each see one of them: one of the two
 *    cells is x, so cells seeing both lose x.
 *
 * Pivots (or first cells) in reading order.
 */
#include "tech_digits.h"

/* Eliminates z from the cells seeing every cell of cells (none of them). */
static void eliminate_seen_by(struct human_step *step, const struct human_state *st,
                              int z, const uint8_t *cells, int n)
{
    tech_cells common = ~(tech_cells)0;
    for (int k = 0; k < n; k++)
        common &= tech_peers(cells[k]);
    for (tech_cells s = common; s; s &= s - 1) {
        int cell = tech_cells_lowest(s);
        if (cell < GRID_CELLS)
            tech_eliminate(step, st, cell, z);
    }
}

static void say_cell_digits(struct human_step *step, const struct human_state *st,
                            int cell)
{
    tech_say_cell(step, cell);
    tech_say(step, " (");
    tech_say_digits(step, st->cand[cell]);
    tech_say(step, ")");
}

static int wing_found(const struct human_state *st, struct human_step *step,
                      const char *name, const uint8_t cells[3], int z, int xyz)
{
    tech_step_reset(step);
    eliminate_seen_by(step, st, z, xyz ? cells : cells + 1, xyz ? 3 : 2);
    if (step->n_elim == 0)
        return 0;
    for (int k = 0; k < 3; k++)
        tech_cause_mask(step, st, cells[k], st->cand[cells[k]]);
    tech_say(step, "%s: pivot ", name);
    say_cell_digits(step, st, cells[0]);
    tech_say(step, " with pincers ");
    say_cell_digits(step, st, cells[1]);
    tech_say(step, " and ");
    say_cell_digits(step, st, cells[2]);
    tech_say(step, xyz ? ": one of the three is %d, so " :
             ": one pincer is %d, so ", z);
    tech_say_elims(step);
    return 1;
}

/* Pincers of pivot: bivalue cells it sees sharing one digit with it. */
static int find_wing(const struct human_state *st, struct human_step *step,
                     int xyz)
{
    uint8_t pincer[20];
    for (int pivot = 0; pivot < GRID_CELLS; pivot++) {
        unsigned pm = st->cand[pivot];
        if (st->value[pivot] || tech_count(pm) != (xyz ? 3 : 2))
            continue;
        int n = 0;
        for (tech_cells s = tech_peers(pivot); s; s &= s - 1) {
            int c = tech_cells_lowest(s);
            unsigned cm = st->cand[c];
            if (st->value[c] || tech_count(cm) != 2)
                continue;
            if (xyz ? (cm & pm) == cm : tech_count(cm & pm) == 1)
                pincer[n++] = (uint8_t)c;
        }
        for (int i = 0; i < n; i++) {
            for (int j = i + 1; j < n; j++) {
                unsigned a = st->cand[pincer[i]], b = st->cand[pincer[j]];
                unsigned zm = a & b;
                if (tech_count(zm) != 1 || (a | b | pm) != (xyz ? pm : (pm | zm)) ||
                    (zm & pm) != (xyz ? zm : 0) || a == b)
                    continue;
                uint8_t cells[3] = { (uint8_t)pivot, pincer[i], pincer[j] };
                if (wing_found(st, step, xyz ? "XYZ-Wing" : "XY-Wing", cells,
                               tech_lowest_digit(zm), xyz))
                    return 1;
            }
        }
    }
    tech_step_reset(step);
    return 0;
}

int tech_find_xy_wing(const struct human_state *st, struct human_step *step)
{
    return find_wing(st, step, 0);
}

int tech_find_xyz_wing(const struct human_state *st, struct human_step *step)
{
    return find_wing(st, step, 1);
}

/* W-Wing on a and b (both holding only the digits of pair), linked by
 * the strong link on y in house h with ends p (seeing a) and q (seeing
 * b). */
static int w_wing_found(const struct human_state *st, struct human_step *step,
                        int a, int b, int y, int h, int p, int q)
{
    int x = tech_lowest_digit(st->cand[a] & ~tech_bit(y));
    uint8_t ends[2] = { (uint8_t)a, (uint8_t)b };
    tech_step_reset(step);
    eliminate_seen_by(step, st, x, ends, 2);
    if (step->n_elim == 0)
        return 0;
    tech_cause_mask(step, st, a, st->cand[a]);
    tech_cause_mask(step, st, b, st->cand[b]);
    tech_cause(step, p, y);
    tech_cause(step, q, y);
    tech_house(step, h);
    tech_say(step, "W-Wing: ");
    tech_say_cell(step, a);
    tech_say(step, " and ");
    tech_say_cell(step, b);
    tech_say(step, " hold only %d and %d, and the %d of ", x < y ? x : y,
             x < y ? y : x, y);
    tech_say_house(step, h);
    tech_say(step, " is only in ");
    tech_say_cell(step, p);
    tech_say(step, " and ");
    tech_say_cell(step, q);
    tech_say(step, ", which see them, so one of them is %d, so ", x);
    tech_say_elims(step);
    return 1;
}

static int w_wing_pair(const struct human_state *st, struct human_step *step,
                       const struct tech_digits *dg, int a, int b)
{
    tech_cells pa = tech_peers(a), pb = tech_peers(b);
    for (unsigned m = st->cand[a]; m; m &= m - 1) {
        int y = tech_lowest_digit(m);
        for (int h = 0; h < TECH_HOUSES; h++) {
            unsigned pos = dg->pos[y - 1][h];
            if (tech_count(pos) != 2)
                continue;
            int p = tech_house_cells[h][tech_lowest(pos)];
            int q = tech_house_cells[h][tech_lowest(pos & (pos - 1))];
            for (int swap = 0; swap < 2; swap++) {
                int s = swap ? q : p, t = swap ? p : q;
                if (s == a || s == b || t == a || t == b ||
                    !(pa & tech_cell_bit(s)) || !(pb & tech_cell_bit(t)))
                    continue;
                if (w_wing_found(st, step, a, b, y, h, s, t))
                    return 1;
            }
        }
    }
    return 0;
}

int tech_find_w_wing(const struct human_state *st, struct human_step *step)
{
    struct tech_digits dg;
    tech_digits_build(st, &dg);
    for (int a = 0; a < GRID_CELLS; a++) {
        if (st->value[a] || tech_count(st->cand[a]) != 2)
            continue;
        for (int b = a + 1; b < GRID_CELLS; b++) {
            if (st->value[b] || st->cand[b] != st->cand[a] || tech_sees(a, b))
                continue;
            if (w_wing_pair(st, step, &dg, a, b))
                return 1;
        }
    }
    tech_step_reset(step);
    return 0;
}
