/*
 * tech_als_wings: WXYZ-Wing and VWXYZ-Wing, Sukaku Explainer's wings.
 *
 * A wing is an ALS-XZ whose smaller set is one bivalue cell Y (digits X
 * and Z): N cells of one house holding exactly N + 1 digits (N = 3 for
 * WXYZ, 4 for VWXYZ), Y outside them with both its digits among those.
 * When every X of the set sees Y, X is in Y or in the set but not both;
 * without X the set is locked and Y is Z, so either the set or Y holds Z:
 * a cell seeing Y and every Z of the set cannot be Z.  Sound for any such
 * set; no uniqueness assumed.
 *
 * Rated as Sukaku Explainer rates them (SE 1.2.1 has neither and proves
 * the same eliminations with chains): 5.5 for a WXYZ-Wing and 6.2 for a
 * VWXYZ-Wing, plus its size term: the set's largest cell counts, easiest
 * at the extremes (2, or N + 1 candidates), hardest at 3.  Of all the
 * wings on the grid the lowest rated is taken (first found on ties).
 */
#include "tech.h"

#include <stdlib.h>

struct wing_search {
    const struct human_state *st;
    int n;                       /* cells in the set: 3 or 4 */
    uint64_t with[9][2];         /* empty cells holding digit d */
    uint64_t peers[GRID_CELLS][2];
    int n_bivalue;
    unsigned bivalue_union;      /* digits of the bivalue cells */
    int min_rating;              /* nothing can be rated lower: stop */
    uint8_t bivalue[GRID_CELLS];
    /* best so far */
    int best_rating;
    int best_y, best_x, best_z, best_house;
    uint8_t best_set[4];
};

static void add_cell(uint64_t m[2], int cell)
{
    m[cell / 64] |= (uint64_t)1 << (cell % 64);
}

static int has_cell(const uint64_t m[2], int cell)
{
    return (int)((m[cell / 64] >> (cell % 64)) & 1u);
}

static void setup(struct wing_search *s, const struct human_state *st, int n)
{
    uint64_t house[TECH_HOUSES][2] = { { 0 } };
    s->st = st;
    s->n = n;
    s->best_rating = 0;
    s->n_bivalue = 0;
    s->bivalue_union = 0;
    s->min_rating = n == 3 ? 55 : 62;
    for (int h = 0; h < TECH_HOUSES; h++)
        for (int i = 0; i < 9; i++)
            add_cell(house[h], tech_house_cells[h][i]);
    for (int d = 0; d < 9; d++)
        s->with[d][0] = s->with[d][1] = 0;
    for (int cell = 0; cell < GRID_CELLS; cell++) {
        int r = TECH_ROW(tech_row_of(cell)), c = TECH_COL(tech_col_of(cell));
        int b = TECH_BOX(tech_box_of(cell));
        for (int k = 0; k < 2; k++)
            s->peers[cell][k] = house[r][k] | house[c][k] | house[b][k];
        s->peers[cell][cell / 64] &= ~((uint64_t)1 << (cell % 64));
        for (unsigned m = st->value[cell] ? 0 : st->cand[cell]; m; m &= m - 1)
            add_cell(s->with[tech_lowest(m)], cell);
        if (!st->value[cell] && tech_count(st->cand[cell]) == 2) {
            s->bivalue[s->n_bivalue++] = (uint8_t)cell;
            s->bivalue_union |= st->cand[cell];
        }
    }
}

/* Sukaku Explainer's size term: the largest cell of the set, easiest at
 * 2 or n + 1 candidates, hardest at 3. */
static int wing_rating(int n, int largest)
{
    return (n == 3 ? 55 : 62) + (n - 2) - abs(3 - largest);
}

/* Cells seeing every cell of the set holding digit d, and y. */
static void targets(const struct wing_search *s, const uint8_t *set, int y, int d,
                    uint64_t out[2])
{
    out[0] = s->peers[y][0] & s->with[d - 1][0];
    out[1] = s->peers[y][1] & s->with[d - 1][1];
    for (int i = 0; i < s->n; i++)
        if (s->st->cand[set[i]] & tech_bit(d)) {
            out[0] &= s->peers[set[i]][0];
            out[1] &= s->peers[set[i]][1];
        }
}

/* Tries every bivalue cell against the set (house h); keeps the best. */
static void try_set(struct wing_search *s, int h, const uint8_t *set, unsigned digits)
{
    const struct human_state *st = s->st;
    int largest = 0;
    uint64_t in_set[2] = { 0, 0 };
    for (int i = 0; i < s->n; i++) {
        int c = tech_count(st->cand[set[i]]);
        largest = c > largest ? c : largest;
        add_cell(in_set, set[i]);
    }
    int rating = wing_rating(s->n, largest);
    if (s->best_rating && rating >= s->best_rating)
        return;
    for (int b = 0; b < s->n_bivalue; b++) {
        int y = s->bivalue[b];
        unsigned yc = st->cand[y];
        if ((yc & ~digits) || has_cell(in_set, y))
            continue;
        for (int k = 0; k < 2; k++) {
            int x = k ? tech_lowest_digit(yc & (yc - 1u)) : tech_lowest_digit(yc);
            int z = tech_lowest_digit(yc & ~tech_bit(x));
            int restricted = 1;
            for (int i = 0; i < s->n; i++)
                if ((st->cand[set[i]] & tech_bit(x)) && !has_cell(s->peers[y], set[i]))
                    restricted = 0;
            if (!restricted)
                continue;
            uint64_t t[2];
            targets(s, set, y, z, t);
            if (!((t[0] & ~in_set[0]) | (t[1] & ~in_set[1])))
                continue;
            s->best_rating = rating;
            s->best_y = y;
            s->best_x = x;
            s->best_z = z;
            s->best_house = h;
            for (int i = 0; i < s->n; i++)
                s->best_set[i] = set[i];
            return;
        }
    }
}

/* Every set of n cells of each house with n + 1 digits, each cell holding
 * two or more (boxes, rows, columns; positions in increasing order). */
static void search(struct wing_search *s)
{
    static const int order[3][2] = { { 18, 27 }, { 0, 9 }, { 9, 18 } };
    const struct human_state *st = s->st;
    int limit = s->n + 1;
    if (s->n_bivalue == 0)
        return;
    for (int o = 0; o < 3; o++)
        for (int h = order[o][0]; h < order[o][1]; h++) {
            if (s->best_rating == s->min_rating)
                return;
            uint8_t cells[9];
            int m = 0;
            for (int i = 0; i < 9; i++) {
                int cell = tech_house_cells[h][i];
                if (!st->value[cell] && tech_count(st->cand[cell]) >= 2 &&
                    tech_count(st->cand[cell]) <= limit)
                    cells[m++] = (uint8_t)cell;
            }
            int idx[4];
            uint8_t set[4];
            unsigned u[5];
            u[0] = 0;
            /* iterative n-combinations with pruning on the union */
            int depth = 0;
            idx[0] = -1;
            while (depth >= 0) {
                idx[depth]++;
                if (idx[depth] > m - (s->n - depth)) {
                    depth--;
                    continue;
                }
                set[depth] = cells[idx[depth]];
                u[depth + 1] = u[depth] | st->cand[set[depth]];
                if (tech_count(u[depth + 1]) > limit)
                    continue;
                if (depth + 1 == s->n) {
                    if (tech_count(u[s->n]) == limit &&
                        tech_count(u[s->n] & s->bivalue_union) >= 2)
                        try_set(s, h, set, u[s->n]);
                    continue;
                }
                depth++;
                idx[depth] = idx[depth - 1];
            }
        }
}

static int build_step(const struct wing_search *s, struct human_step *step,
                      const char *name)
{
    const struct human_state *st = s->st;
    uint64_t t[2], in_set[2] = { 0, 0 };
    unsigned digits = 0;
    tech_step_reset(step);
    if (!s->best_rating)
        return 0;
    for (int i = 0; i < s->n; i++) {
        add_cell(in_set, s->best_set[i]);
        digits |= st->cand[s->best_set[i]];
    }
    targets(s, s->best_set, s->best_y, s->best_z, t);
    for (int k = 0; k < 2; k++)
        for (uint64_t m = t[k] & ~in_set[k]; m; m &= m - 1)
            tech_eliminate(step, st, k * 64 + __builtin_ctzll(m), s->best_z);
    /* the bivalue cell first: tech_rate_als_wing reads the set after it */
    tech_cause_mask(step, st, s->best_y, st->cand[s->best_y]);
    for (int i = 0; i < s->n; i++)
        tech_cause_mask(step, st, s->best_set[i], st->cand[s->best_set[i]]);
    tech_house(step, s->best_house);
    tech_say(step, "%s: ", name);
    tech_say_cells(step, s->best_set, s->n, 1);
    tech_say(step, " (");
    tech_say_digits(step, digits);
    tech_say(step, ") with ");
    tech_say_cell(step, s->best_y);
    tech_say(step, " (%d or %d): every %d of the set sees ", s->best_x, s->best_z,
             s->best_x);
    tech_say_cell(step, s->best_y);
    tech_say(step, ", so the set or ");
    tech_say_cell(step, s->best_y);
    tech_say(step, " holds %d; ", s->best_z);
    tech_say_elims(step);
    return 1;
}

int tech_find_wxyz_wing(const struct human_state *st, struct human_step *step)
{
    struct wing_search s;
    setup(&s, st, 3);
    search(&s);
    return build_step(&s, step, "WXYZ-Wing");
}

int tech_find_vwxyz_wing(const struct human_state *st, struct human_step *step)
{
    struct wing_search s;
    setup(&s, st, 4);
    search(&s);
    return build_step(&s, step, "VWXYZ-Wing");
}

int tech_rate_als_wing(const struct human_step *step)
{
    /* causes: the bivalue cell's two candidates, then the set's cells */
    int n = 0, largest = 0;
    for (int i = 2; i < step->n_cause;) {
        int j = i;
        while (j < step->n_cause && step->cause[j].cell == step->cause[i].cell)
            j++;
        largest = j - i > largest ? j - i : largest;
        n++;
        i = j;
    }
    return wing_rating(n == 4 ? 4 : 3, largest);
}
