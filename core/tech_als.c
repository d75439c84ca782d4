/*
 * tech_als: ALS-XZ.
 *
 * An almost locked set (ALS) is N cells of one house holding N + 1 digits:
 * take one digit away and the rest are locked.  Two ALS A and B sharing no
 * cell, with a restricted common digit X (every X of A sees every X of B,
 * so X is in at most one of them), lock each other: if X is not in A, A
 * is locked without it, and the same for B, and one of them lacks X.  So
 * for any other digit Z of both, one of the sets must hold Z: a cell
 * seeing every Z of A and of B cannot be Z.
 *
 * ALS of 1 to 4 cells are collected house by house (boxes, rows, columns;
 * a set found twice is kept once), then pairs are tried in that order.
 */
#include "tech.h"

#include <string.h>

#define ALS_MAX 256
#define ALS_CELLS 4

struct als_set {
    uint64_t cells[2];        /* cell bit set */
    uint64_t dcells[9][2];    /* its cells holding digit d */
    uint64_t seen[9][2];      /* cells seeing all of those */
    uint16_t digits;
    uint8_t house, n;
    uint8_t list[ALS_CELLS];
};

struct als_search {
    const struct human_state *st;
    struct human_step *step;
    uint64_t peers[GRID_CELLS][2];
    int n;
    struct als_set set[ALS_MAX];
};

static void set_bit(uint64_t m[2], int cell)
{
    m[cell / 64] |= (uint64_t)1 << (cell % 64);
}

static void build_peers(struct als_search *s)
{
    memset(s->peers, 0, sizeof s->peers);
    for (int h = 0; h < TECH_HOUSES; h++)
        for (int i = 0; i < 9; i++)
            for (int j = 0; j < 9; j++)
                if (i != j)
                    set_bit(s->peers[tech_house_cells[h][i]], tech_house_cells[h][j]);
}

/* Cells of a holding digit d, into m. */
static void digit_cells(const struct als_search *s, const struct als_set *a, int d,
                        uint64_t m[2])
{
    m[0] = m[1] = 0;
    for (int i = 0; i < a->n; i++)
        if (s->st->cand[a->list[i]] & tech_bit(d))
            set_bit(m, a->list[i]);
}

/* Cells seeing every cell of m (all ones when m is empty). */
static void seen_by_all(const struct als_search *s, const uint64_t m[2], uint64_t out[2])
{
    out[0] = out[1] = ~(uint64_t)0;
    for (int k = 0; k < 2; k++)
        for (uint64_t b = m[k]; b; b &= b - 1) {
            int cell = k * 64 + __builtin_ctzll(b);
            out[0] &= s->peers[cell][0];
            out[1] &= s->peers[cell][1];
        }
}

static void als_add(struct als_search *s, int h, unsigned pos)
{
    struct als_set a;
    memset(&a, 0, sizeof a);
    a.house = (uint8_t)h;
    for (unsigned m = pos; m; m &= m - 1) {
        int cell = tech_house_cells[h][tech_lowest(m)];
        a.list[a.n++] = (uint8_t)cell;
        set_bit(a.cells, cell);
        a.digits |= s->st->cand[cell];
    }
    if (tech_count(a.digits) != a.n + 1 || s->n >= ALS_MAX)
        return;
    for (int i = 0; i < s->n; i++)
        if (s->set[i].cells[0] == a.cells[0] && s->set[i].cells[1] == a.cells[1])
            return;
    for (unsigned m = a.digits; m; m &= m - 1) {
        int d = tech_lowest_digit(m);
        digit_cells(s, &a, d, a.dcells[d - 1]);
        seen_by_all(s, a.dcells[d - 1], a.seen[d - 1]);
    }
    s->set[s->n++] = a;
}

static void collect(struct als_search *s)
{
    static const int order[3][2] = { { 18, 27 }, { 0, 9 }, { 9, 18 } };
    s->n = 0;
    for (int o = 0; o < 3; o++)
        for (int h = order[o][0]; h < order[o][1]; h++) {
            unsigned empty = 0;
            for (int i = 0; i < 9; i++)
                if (!s->st->value[tech_house_cells[h][i]])
                    empty |= 1u << i;
            for (unsigned sub = empty; sub; sub = (sub - 1) & empty)
                if (tech_count(sub) <= ALS_CELLS)
                    als_add(s, h, sub);
        }
}

/* Every x of a sees every x of b. */
static int restricted(const struct als_set *a, const struct als_set *b, int x)
{
    return (b->dcells[x - 1][0] & ~a->seen[x - 1][0]) == 0 &&
           (b->dcells[x - 1][1] & ~a->seen[x - 1][1]) == 0;
}

static void say_set(struct human_step *step, const struct als_set *a)
{
    tech_say_cells(step, a->list, a->n, 1);
    tech_say(step, " (");
    tech_say_digits(step, a->digits);
    tech_say(step, ")");
}

static int als_pair(struct als_search *s, const struct als_set *a, const struct als_set *b)
{
    unsigned common = a->digits & b->digits;
    if (tech_count(common) < 2 || (a->cells[0] & b->cells[0]) || (a->cells[1] & b->cells[1]))
        return 0;
    for (unsigned xm = common; xm; xm &= xm - 1) {
        int x = tech_lowest_digit(xm);
        if (!restricted(a, b, x))
            continue;
        tech_step_reset(s->step);
        for (unsigned zm = common & ~tech_bit(x); zm; zm &= zm - 1) {
            int z = tech_lowest_digit(zm);
            for (int k = 0; k < 2; k++)
                for (uint64_t t = a->seen[z - 1][k] & b->seen[z - 1][k] &
                                  ~a->cells[k] & ~b->cells[k]; t; t &= t - 1) {
                    int cell = k * 64 + __builtin_ctzll(t);
                    if (cell < GRID_CELLS)
                        tech_eliminate(s->step, s->st, cell, z);
                }
        }
        if (s->step->n_elim == 0)
            continue;
        for (int i = 0; i < a->n; i++)
            tech_cause_mask(s->step, s->st, a->list[i], a->digits);
        for (int i = 0; i < b->n; i++)
            tech_cause_mask(s->step, s->st, b->list[i], b->digits);
        tech_house(s->step, a->house);
        tech_house(s->step, b->house);
        tech_say(s->step, "ALS-XZ: ");
        say_set(s->step, a);
        tech_say(s->step, " and ");
        say_set(s->step, b);
        tech_say(s->step, " are almost locked sets sharing %d, which cannot be in "
                 "both, so one of them holds every other digit they share; ", x);
        tech_say_elims(s->step);
        return 1;
    }
    return 0;
}

int tech_find_als_xz(const struct human_state *st, struct human_step *step)
{
    struct als_search s;      /* about 76 KB on the stack: no allocation */
    s.st = st;
    s.step = step;
    build_peers(&s);
    collect(&s);
    for (int i = 0; i < s.n; i++)
        for (int j = i + 1; j < s.n; j++)
            if (als_pair(&s, &s.set[i], &s.set[j]))
                return 1;
    tech_step_reset(step);
    return 0;
}
