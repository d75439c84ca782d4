/*
 * tech_se_chaining: what Sudoku Explainer 1.2.1.3's chaining producers
 * share (tech_se_chains.c: forcing chains and cycles; tech_se_multiple.c:
 * Nishio, cell/region and dynamic forcing chains): the potentials, the
 * grid a chaining reads, SE's two link rules and the table of every
 * potential's links, SE's length difficulty, and the hint kept by SE's
 * choice (offered, then filled into the step).  Internal to core/; the
 * names are prefixed sc_ (SE chaining).
 *
 * A potential is a candidate with a state: id = (cell * 9 + digit - 1) * 2
 * + on.  Nothing here allocates: the callers keep every work area.
 */
#ifndef SUDOKU_TECH_SE_CHAINING_H
#define SUDOKU_TECH_SE_CHAINING_H

#include "tech_digits.h"

#include <string.h>

#define SC_POTS (GRID_CELLS * 9 * 2)
#define SC_PATH_MAX 160  /* nodes of a chain kept for the step */
#define SC_NONE 0xFFFFu

static inline int sc_id(int cell, int digit, int on)
{
    return ((cell * 9 + digit - 1) << 1) | on;
}
static inline int sc_cell(int id)
{
    return (id >> 1) / 9;
}
static inline int sc_digit(int id)
{
    return (id >> 1) % 9 + 1;
}
static inline int sc_on(int id)
{
    return id & 1;
}

/* SE's houses of a cell, in its order (block, row, column), and the
 * cell's position in each (tech_house_cells order). */
static inline void sc_houses(int cell, int h[3], int pos[3])
{
    int r = cell / 9, c = cell - r * 9;
    h[0] = TECH_BOX((r / 3) * 3 + c / 3);
    h[1] = TECH_ROW(r);
    h[2] = TECH_COL(c);
    pos[0] = (r % 3) * 3 + c % 3;
    pos[1] = c;
    pos[2] = r;
}

/* A set of potentials emptied in constant time: id is a member when
 * mark[id] == gen (sc_marks_init once, then sc_marks_clear per use). */
struct sc_marks {
    uint32_t gen;
    uint32_t mark[SC_POTS];
};

/* Nothing is wiped here: the first sc_marks_clear wraps gen round to 0
 * and wipes the marks then, so a set that is never used costs nothing
 * (most of a multiple chaining's sets, in most calls). */
static inline void sc_marks_init(struct sc_marks *m)
{
    m->gen = UINT32_MAX;
}
static inline void sc_marks_clear(struct sc_marks *m)
{
    if (++m->gen == 0) {
        memset(m->mark, 0, sizeof m->mark);
        m->gen = 1;
    }
}
static inline int sc_marks_has(const struct sc_marks *m, int id)
{
    return m->mark[id] == m->gen;
}
static inline void sc_marks_put(struct sc_marks *m, int id)
{
    m->mark[id] = m->gen;
}

/* Every link of every potential of a grid that does not change (static
 * chains), laid out by sc_links_build from the two rules below:
 * e[start[id] .. start[id + 1]), the links before split[id] those of the
 * potential's cell (y links), the others those of its digit in its
 * houses (x links).  An "on" potential lists sc_on_to_off_in's order,
 * an "off" one sc_off_to_on_in's, with the rule of each link in
 * house[id >> 1][k] (k from start[id]: the house, -1 for the cell).
 * nodes: the candidates' potentials, digit by digit ("off", "on" of each
 * cell in order). */
struct sc_links {
    uint16_t start[SC_POTS + 1];
    uint16_t split[SC_POTS];
    uint16_t e[GRID_CELLS * 9 * 32]; /* "on": 8 + 20 links, "off": 1 + 3 */
    int8_t house[GRID_CELLS * 9][4];
    uint16_t nodes[SC_POTS];
    int n_nodes;
};

/* The links of potential id under link setting (y, x): SE's getOnToOff
 * (y) for an "on" potential, getOffToOn (y, x) for an "off" one. */
static inline int sc_links_from(const struct sc_links *lk, int id, int y)
{
    return y ? lk->start[id] : lk->split[id];
}
static inline int sc_links_to(const struct sc_links *lk, int id, int x)
{
    return x || sc_on(id) ? lk->start[id + 1] : lk->split[id];
}

/* The candidates a chaining reads: cand (an empty cell's, 0 when filled)
 * and pos[d-1][h] (positions of d in house h, tech.h order), kept in
 * step; dcells[d-1]: the cells with candidate d when the search started
 * (sc_grid_off leaves it); lk: the links of these candidates when they
 * do not change during the search (static chains: sc_links_build sets
 * it), else NULL. */
struct sc_grid {
    uint16_t cand[GRID_CELLS];
    uint16_t pos[9][TECH_HOUSES];
    const tech_cells *dcells;
    const struct sc_links *lk;
};

/* g from the search's grid (its digits' places and cells, which
 * tech_ctx_digits keeps), lk NULL; dcells points to those cells (in ctx
 * or its memo), valid for the call. */
void sc_grid_init(struct sc_grid *g, struct tech_ctx *ctx);

/* Removes digit d from cell (SE's Potential.off, dynamic chains); h,
 * pos: the cell's houses and places (sc_houses). */
static inline void sc_grid_off(struct sc_grid *g, int cell, int d, const int *h,
                               const int *pos)
{
    g->cand[cell] &= (uint16_t)~tech_bit(d);
    for (int k = 0; k < 3; k++)
        g->pos[d - 1][h[k]] &= (uint16_t)~(1u << pos[k]);
}

/* SE's getOnToOff: what "on" potential (cell, d) turns off, in SE's
 * order (the cell's other values when y, then the digit's other cells in
 * the block, row and column); h, pos: the cell's houses and places
 * (sc_houses).  Returns how many, into out. */
static inline int sc_on_to_off_in(const struct sc_grid *g, int cell, int d, int y,
                                  const int h[3], const int pos[3], uint16_t out[restrict 28])
{
    int n = 0;
    if (y)
        for (unsigned m = g->cand[cell] & ~tech_bit(d); m; m &= m - 1)
            out[n++] = (uint16_t)sc_id(cell, bits_lowest(m) + 1, 0);
    /* the block's cells come first; a row or column lists the others
     * (SE's set keeps the first occurrence): in a row the block holds
     * the three positions of the cell's column band, in a column those
     * of its row band */
    unsigned skip[3] = {1u << pos[0], 7u << (pos[1] / 3 * 3), 7u << (pos[2] / 3 * 3)};
    for (int k = 0; k < 3; k++)
        for (unsigned m = g->pos[d - 1][h[k]] & ~skip[k]; m; m &= m - 1)
            out[n++] = (uint16_t)sc_id(tech_house_cells[h[k]][bits_lowest(m)], d, 0);
    return n;
}

/* sc_on_to_off_in for "on" potential p, read from g's link table when it
 * has one. */
static inline int sc_on_to_off(const struct sc_grid *g, int p, int y, uint16_t out[28])
{
    int n = 0;
    if (g->lk) {
        const struct sc_links *lk = g->lk;
        for (int j = sc_links_from(lk, p, y), e = lk->start[p + 1]; j < e; j++)
            out[n++] = lk->e[j];
        return n;
    }
    int h[3], pos[3];
    sc_houses(sc_cell(p), h, pos);
    return sc_on_to_off_in(g, sc_cell(p), sc_digit(p), y, h, pos, out);
}

/* One result of SE's getOffToOn: the "on" potential and the rule that
 * gave it (house, or -1 for the cell's last value). */
struct sc_on {
    uint16_t id;
    int8_t house;
};

/* SE's getOffToOn: what "off" potential (cell, d) turns on (the cell's
 * other value when y and the cell has two; the other position of the
 * digit in the block, row or column when x and it has two there, each
 * potential once); h, pos as for sc_on_to_off_in. */
static inline int sc_off_to_on_in(const struct sc_grid *g, int cell, int d, int y, int x,
                                  const int h[3], const int pos[3], struct sc_on out[restrict 4])
{
    int n = 0;
    if (y && bits_count(g->cand[cell]) == 2) {
        out[n].id = (uint16_t)sc_id(cell, bits_lowest(g->cand[cell] & ~tech_bit(d)) + 1, 1);
        out[n++].house = -1;
    }
    if (!x)
        return n;
    for (int k = 0; k < 3; k++) {
        unsigned m = g->pos[d - 1][h[k]];
        if (bits_count(m) != 2)
            continue;
        m &= ~(1u << pos[k]);
        int id = sc_id(tech_house_cells[h[k]][bits_lowest(m)], d, 1);
        int dup = 0;
        for (int i = 0; i < n; i++)
            dup |= out[i].id == id;
        if (!dup) {
            out[n].id = (uint16_t)id;
            out[n++].house = (int8_t)h[k];
        }
    }
    return n;
}

/* sc_off_to_on_in for "off" potential p, read from g's link table when
 * it has one. */
static inline int sc_off_to_on(const struct sc_grid *g, int p, int y, int x,
                               struct sc_on out[4])
{
    int n = 0;
    if (g->lk) {
        const struct sc_links *lk = g->lk;
        int b = lk->start[p];
        for (int j = sc_links_from(lk, p, y), e = sc_links_to(lk, p, x); j < e; j++) {
            out[n].id = lk->e[j];
            out[n++].house = lk->house[p >> 1][j - b];
        }
        return n;
    }
    int h[3], pos[3];
    sc_houses(sc_cell(p), h, pos);
    return sc_off_to_on_in(g, sc_cell(p), sc_digit(p), y, x, h, pos, out);
}

/* Lays out lk from g's candidates (the rules above) and sets g->lk: g
 * must not change while lk serves it. */
void sc_links_build(struct sc_links *lk, struct sc_grid *g);

/* SE's length increment of a complexity, as SE adds it (in doubles). */
static inline double sc_length_difficulty(int complexity)
{
    double added = 0.0;
    int ceil = 4, length = complexity - 2, odd = 0;
    while (length > ceil) {
        added += 0.1;
        ceil = odd ? ceil * 4 / 3 : ceil * 3 / 2;
        odd = !odd;
    }
    return added;
}

/* ---- the hint kept: SE's choice ------------------------------------ */

enum sc_kind {
    SC_CYCLE,       /* bidirectional cycle: eliminations in elim[] */
    SC_FORCING,     /* forcing (X-)chain: the target */
    SC_CONTRA,      /* contradiction forcing chain (or Nishio) */
    SC_DOUBLE,      /* double forcing chain */
    SC_CELL,        /* cell forcing chains */
    SC_REGION,      /* region forcing chains */
};

struct sc_hint {
    double diff;
    int cx, key;
    enum sc_kind kind;
    int y, x;       /* the links used (unary chains) */
    int target;     /* the potential proved (not cycles) */
    int src;        /* the source potential, cell or house */
    int src_digit;  /* region chains: the digit */
    tech_cells elim[9]; /* cycles */
    int n_path;
    uint16_t path[SC_PATH_MAX]; /* unary chains: the nodes, source first */
};

/* One producer's call: its setting, the hint kept (best) and the one
 * being built (cur). */
struct sc_run {
    struct tech_ctx *ctx;
    struct human_step *step;
    const struct human_state *st;
    double base;    /* the producer's base (multiple chains) */
    int dynamic, nishio, multiple;
    int have;
    struct sc_hint best, cur;
    int stop;       /* collect mode asked to stop */
};

/* r for one call (no hint kept, every switch off, base 0). */
void sc_run_init(struct sc_run *r, struct tech_ctx *ctx, struct human_step *step);

/* 1 when (diff, cx, key) comes before the kept hint in SE's sort. */
static inline int sc_better(const struct sc_run *r, double diff, int cx, int key)
{
    if (!r->have || diff < r->best.diff)
        return 1;
    if (diff > r->best.diff)
        return 0;
    if (cx != r->best.cx)
        return cx < r->best.cx;
    return key < r->best.key;
}

/* A hint found (r->cur, complete): kept when SE would sort it first, or
 * handed on in collect mode.  Returns 1 when the search must stop. */
int sc_offer(struct sc_run *r);

/* The producer's answer: SE's first hint (filled into r->step), or 0. */
int sc_finish(struct sc_run *r);

#endif
