/*
 * tech_se_chains: Sudoku Explainer 1.2.1.3's chaining rules, as SE defines
 * them (its Chaining producer in four settings):
 *
 *   tech_find_se_chains       forcing chains and cycles (SE's
 *                             Chaining(false, false, false)): bidirectional
 *                             X-, Y- and XY-cycles, forcing X-chains,
 *                             forcing chains; 6.5 / 6.6 / 7.0 + length
 *   tech_find_se_nishio       Nishio forcing chains (7.5 + length)
 *   tech_find_se_multiple     cell and region forcing chains (8.0 + length)
 *   tech_find_se_dynamic      dynamic forcing chains: contradiction,
 *                             double, cell and region (8.5 + length)
 *
 * Each producer does what SE's does: it builds the same implications in
 * the same breadth-first order (so each deduction has the parents SE gives
 * it), rates each hint it finds by SE's formula - the base of its kind
 * plus SE's length increment of its complexity, the number of distinct
 * potentials the chain(s) hold, computed in doubles as SE computes them -
 * and takes SE's choice: the lowest difficulty, then the lowest
 * complexity, then SE's sort key of the hint kind, then the first found.
 * The step's rating is that difficulty x10 (tech_rate_se_chain reads it
 * back).  A hint whose result is a value (the potential "on") places it,
 * as SE's hint does; else it removes the candidate(s).
 *
 * A potential is a candidate with a state: id = (cell * 9 + digit - 1) * 2
 * + on.  Nothing is allocated: the work areas live on the stack of the
 * find function (about 165 KB for the forcing chains and cycles, 300 KB
 * for the multiple-chain producers).
 *
 * Not here: SE's "Dynamic Forcing Chains (+)" and nested chains (its
 * levels 1-5, 9.0 and up), which SE tries only when these find nothing.
 */
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
static void sc_houses(int cell, int h[3], int pos[3])
{
    int r = cell / 9, c = cell - r * 9;
    h[0] = TECH_BOX((r / 3) * 3 + c / 3);
    h[1] = TECH_ROW(r);
    h[2] = TECH_COL(c);
    pos[0] = (r % 3) * 3 + c % 3;
    pos[1] = c;
    pos[2] = r;
}

struct sc_links;

/* The candidates a chaining reads: cand (an empty cell's, 0 when filled)
 * and pos[h][d-1] (positions of d in house h), kept in step; lk: the
 * "off to on" links of these candidates when they do not change during
 * the search (static chains), else NULL. */
struct sc_grid {
    uint16_t cand[GRID_CELLS];
    uint16_t pos[TECH_HOUSES][9];
    const struct sc_links *lk;
};

static void sc_grid_init(struct sc_grid *g, const struct human_state *st)
{
    memcpy(g->cand, st->cand, sizeof g->cand);
    memset(g->pos, 0, sizeof g->pos);
    g->lk = NULL;
    for (int h = 0; h < TECH_HOUSES; h++)
        for (int i = 0; i < 9; i++) {
            unsigned m = st->cand[tech_house_cells[h][i]];
            while (m) {
                int d = bits_lowest(m);
                g->pos[h][d] |= (uint16_t)(1u << i);
                m &= m - 1;
            }
        }
}

/* Removes digit d from cell (SE's Potential.off, dynamic chains). */
static void sc_grid_off(struct sc_grid *g, int cell, int d)
{
    int h[3], pos[3];
    g->cand[cell] &= (uint16_t)~tech_bit(d);
    sc_houses(cell, h, pos);
    for (int k = 0; k < 3; k++)
        g->pos[h[k]][d - 1] &= (uint16_t)~(1u << pos[k]);
}

/* SE's getOnToOff: what "on" potential p turns off, in SE's order (the
 * cell's other values when y, then the digit's other cells in the block,
 * row and column).  Returns how many, into out. */
static int sc_on_to_off(const struct sc_grid *g, int p, int y, uint16_t out[28])
{
    int cell = sc_cell(p), d = sc_digit(p), n = 0, h[3];
    if (y) {
        unsigned m = g->cand[cell] & ~tech_bit(d);
        while (m) {
            out[n++] = (uint16_t)sc_id(cell, bits_lowest(m) + 1, 0);
            m &= m - 1;
        }
    }
    int pos[3];
    sc_houses(cell, h, pos);
    /* the block's cells come first; a row or column lists the others
     * (SE's set keeps the first occurrence): in a row the block holds
     * the three positions of the cell's column band, in a column those
     * of its row band */
    unsigned skip[3] = {1u << pos[0], 7u << (pos[1] / 3 * 3), 7u << (pos[2] / 3 * 3)};
    for (int k = 0; k < 3; k++)
        for (unsigned m = g->pos[h[k]][d - 1] & ~skip[k]; m; m &= m - 1)
            out[n++] = (uint16_t)sc_id(tech_house_cells[h[k]][bits_lowest(m)], d, 0);
    return n;
}

/* One result of SE's getOffToOn: the "on" potential and the rule that
 * gave it (house, or -1 for the cell's last value). */
struct sc_on {
    uint16_t id;
    int8_t house;
};

/* SE's getOffToOn: what "off" potential p turns on (the cell's other
 * value when y and the cell has two; the other position of the digit in
 * the block, row or column when x and it has two there). */
static int sc_off_to_on_live(const struct sc_grid *g, int p, int y, int x,
                             struct sc_on out[4])
{
    int cell = sc_cell(p), d = sc_digit(p), n = 0, h[3];
    if (y && bits_count(g->cand[cell]) == 2) {
        out[n].id = (uint16_t)sc_id(cell, bits_lowest(g->cand[cell] & ~tech_bit(d)) + 1, 1);
        out[n++].house = -1;
    }
    if (!x)
        return n;
    int pos[3];
    sc_houses(cell, h, pos);
    for (int k = 0; k < 3; k++) {
        unsigned m = g->pos[h[k]][d - 1];
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

/* The "off to on" links of every candidate of a grid that does not
 * change (each candidate's own: its cell's other value when bivalue, the
 * other positions of its digit where it has two): the unary chains meet
 * the same "off" potential many times. */
struct sc_links {
    uint16_t cell_on[GRID_CELLS * 9]; /* [cell * 9 + d - 1]; SC_NONE: none */
    uint16_t house_on[GRID_CELLS * 9][3];
    int8_t house[GRID_CELLS * 9][3];
    uint8_t n_house[GRID_CELLS * 9];
};

static void sc_links_build(struct sc_links *lk, struct sc_grid *g)
{
    struct sc_on ons[4];
    g->lk = NULL;
    for (int c = 0; c < GRID_CELLS; c++)
        for (unsigned m = g->cand[c]; m; m &= m - 1) {
            int d = bits_lowest(m) + 1, k = c * 9 + d - 1;
            int off = sc_id(c, d, 0);
            lk->cell_on[k] = sc_off_to_on_live(g, off, 1, 0, ons) ? ons[0].id : SC_NONE;
            int n = sc_off_to_on_live(g, off, 0, 1, ons);
            lk->n_house[k] = (uint8_t)n;
            for (int i = 0; i < n; i++) {
                lk->house_on[k][i] = ons[i].id;
                lk->house[k][i] = ons[i].house;
            }
        }
    g->lk = lk;
}

static int sc_off_to_on(const struct sc_grid *g, int p, int y, int x, struct sc_on out[4])
{
    const struct sc_links *lk = g->lk;
    if (!lk)
        return sc_off_to_on_live(g, p, y, x, out);
    int k = p >> 1, n = 0;
    if (y && lk->cell_on[k] != SC_NONE) {
        out[n].id = lk->cell_on[k];
        out[n++].house = -1;
    }
    for (int i = 0; x && i < lk->n_house[k]; i++) {
        out[n].id = lk->house_on[k][i];
        out[n++].house = lk->house[k][i];
    }
    return n;
}

/* SE's length increment of a complexity, as SE adds it (in doubles). */
static double sc_length_difficulty(int complexity)
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

/* 1 when (diff, cx, key) comes before the kept hint in SE's sort. */
static int sc_better(const struct sc_run *r, double diff, int cx, int key)
{
    if (!r->have || diff < r->best.diff)
        return 1;
    if (diff > r->best.diff)
        return 0;
    if (cx != r->best.cx)
        return cx < r->best.cx;
    return key < r->best.key;
}

/* The distinct cells of a chain's path. */
static int sc_path_cells(const struct sc_hint *h)
{
    tech_cells cells = 0;
    int n = 0;
    for (int i = 0; i < h->n_path; i++)
        if (!(cells & tech_cell_bit(sc_cell(h->path[i])))) {
            cells |= tech_cell_bit(sc_cell(h->path[i]));
            n++;
        }
    return n;
}

static const char *sc_name(const struct sc_run *r, const struct sc_hint *h)
{
    switch (h->kind) {
    case SC_CYCLE:
        if (h->x && h->y)
            return "Bidirectional Cycle";
        if (h->y)
            return "Bidirectional Y-Cycle";
        return sc_path_cells(h) == 4 ? "Generalized X-Wing" : "Bidirectional X-Cycle";
    case SC_FORCING:
        if (h->y)
            return "Forcing Chain";
        return h->cx == 6 ? "Turbot Fish" : "Forcing X-Chain";
    case SC_CONTRA:
        if (r->nishio)
            return "Nishio Forcing Chains";
        return "Dynamic Contradiction Forcing Chains";
    case SC_DOUBLE:
        return "Dynamic Double Forcing Chains";
    case SC_CELL:
        return r->dynamic ? "Dynamic Cell Forcing Chains" : "Cell Forcing Chains";
    case SC_REGION:
        return r->dynamic ? "Dynamic Region Forcing Chains" : "Region Forcing Chains";
    }
    return "";
}

static void sc_say_pot(struct human_step *step, int id)
{
    tech_say(step, "%c%d%s%d", 'A' + sc_cell(id) / 9, sc_cell(id) % 9 + 1,
             sc_on(id) ? "=" : "<>", sc_digit(id));
}

/* Fills the step from hint h; returns 1 when it removes or places. */
static int sc_fill(const struct sc_run *r, const struct sc_hint *h, struct human_step *step)
{
    const struct human_state *st = r->st;
    tech_step_reset(step);
    step->rating = (int)(h->diff * 10.0 + 0.5);
    if (h->kind == SC_CYCLE) {
        for (int d = 1; d <= 9; d++) {
            tech_cells m = h->elim[d - 1];
            while (m) {
                int c = bits_lowest128(m);
                m &= m - 1;
                tech_eliminate(step, st, c, d);
            }
        }
    } else if (sc_on(h->target)) {
        tech_place(step, sc_cell(h->target), sc_digit(h->target));
    } else {
        tech_eliminate(step, st, sc_cell(h->target), sc_digit(h->target));
    }
    for (int i = 0; i < h->n_path && step->n_cause < HUMAN_STEP_MAX_CAUSE; i++)
        tech_cause(step, sc_cell(h->path[i]), sc_digit(h->path[i]));
    if (h->kind == SC_CELL)
        tech_cause(step, h->src, 0);
    if (h->kind == SC_DOUBLE || h->kind == SC_CONTRA)
        tech_cause(step, sc_cell(h->src), sc_digit(h->src));
    if (h->kind == SC_REGION) {
        tech_house(step, h->src);
        for (int i = 0; i < 9; i++)
            tech_cause_mask(step, st, tech_house_cells[h->src][i], tech_bit(h->src_digit));
    }
    tech_say(step, "%s (SE %d.%d): ", sc_name(r, h), step->rating / 10, step->rating % 10);
    switch (h->kind) {
    case SC_CYCLE:
    case SC_FORCING:
        for (int i = 0; i < h->n_path; i++) {
            if (i)
                tech_say(step, " > ");
            sc_say_pot(step, h->path[i]);
        }
        break;
    case SC_CONTRA:
        tech_say(step, "assuming ");
        sc_say_pot(step, h->src);
        tech_say(step, " leads to a contradiction");
        break;
    case SC_DOUBLE:
        tech_say(step, "both ");
        sc_say_pot(step, h->src);
        tech_say(step, " and ");
        sc_say_pot(step, h->src ^ 1);
        tech_say(step, " lead to ");
        sc_say_pot(step, h->target);
        break;
    case SC_CELL:
        tech_say(step, "every candidate of ");
        tech_say_cell(step, h->src);
        tech_say(step, " leads to ");
        sc_say_pot(step, h->target);
        break;
    case SC_REGION:
        tech_say(step, "every place for %d in ", h->src_digit);
        tech_say_house(step, h->src);
        tech_say(step, " leads to ");
        sc_say_pot(step, h->target);
        break;
    }
    if (step->n_place) {
        tech_say(step, ", so ");
        tech_say_cell(step, step->place[0].cell);
        tech_say(step, " is %d", step->place[0].digit);
    } else if (step->n_elim) {
        tech_say(step, ", so ");
        tech_say_elims(step);
    }
    return step->n_place + step->n_elim > 0;
}

/* A hint found (r->cur, complete): kept when SE would sort it first, or
 * handed on in collect mode.  Returns 1 when the search must stop. */
static int sc_offer(struct sc_run *r)
{
    if (r->ctx->collect) {
        if (sc_fill(r, &r->cur, r->step) && tech_found(r->ctx, r->step)) {
            r->stop = 1;
            return 1;
        }
        return 0;
    }
    if (sc_better(r, r->cur.diff, r->cur.cx, r->cur.key)) {
        r->best = r->cur;
        r->have = 1;
    }
    return 0;
}

/* The producer's answer: SE's first hint, or 0. */
static int sc_finish(struct sc_run *r)
{
    if (r->ctx->collect)
        return r->stop;
    if (!r->have)
        return 0;
    sc_fill(r, &r->best, r->step);
    return tech_found(r->ctx, r->step);
}

/* ---- forcing chains and cycles (SE's unary chaining) ---------------- */

/*
 * The grid does not change during these searches, so each call first
 * lays the links of every potential out in one array (sc_adj), and for
 * each link setting finds the strongly connected components of the
 * implication graph (sc_scc).  The graph is skew-symmetric: p implies q
 * exactly when not-q implies not-p (a weak link read backwards is a weak
 * link, a strong one a strong one).  That gives exact pruning:
 *   - a cycle through s uses only potentials of s's component, so a
 *     cycle search walks that component only, and is not run when the
 *     component holds no other "on" potential, or no cell that sees an
 *     "on" and an "off" potential of one digit in it (sc_scc_may_elim);
 *   - a forcing chain from s needs s to reach its conjugate: the search
 *     is run only when the components say it does, and walks only
 *     potentials v that can still lie on such a chain (v reaches the
 *     conjugate, so comp(v) >= comp(conjugate); s reaches not-v, so
 *     comp(not-v) <= comp(s), with components numbered sinks first).
 * A potential that cannot lead to the target never decides how or in
 * which order the potentials that can are reached (their parents can
 * lead to the target too), so the breadth-first order, the parents and
 * hence the hint found are those of the full search.
 */

/* Every link of every potential: e[start[id] .. start[id + 1]); the
 * links before split[id] are those of the potential's cell (y links),
 * the others those of its digit in its houses.  An "on" potential lists
 * SE's getOnToOff order, an "off" one its getOffToOn. */
struct sc_adj {
    uint16_t start[SC_POTS + 1];
    uint16_t split[SC_POTS];
    uint16_t e[GRID_CELLS * 9 * 32]; /* "on": 8 + 20 links, "off": 1 + 3 */
    uint16_t nodes[SC_POTS];         /* the candidates' potentials */
    int n_nodes;
};

/* Lays out what sc_on_to_off (y) and sc_off_to_on (y, x) give, in the
 * same order, a cell at a time (its houses found once); dcells: the
 * cells of each digit. */
static void sc_adj_build(struct sc_adj *a, const struct sc_grid *g, const tech_cells dcells[9])
{
    int n = 0;
    a->n_nodes = 0;
    /* digit by digit: the X-links' graph is one graph per digit, and so
     * each digit's components are numbered together (sc_scc_reach) */
    for (int d = 1; d <= 9; d++)
        for (tech_cells m = dcells[d - 1]; m; m &= m - 1) {
            int cell = bits_lowest128(m);
            a->nodes[a->n_nodes++] = (uint16_t)sc_id(cell, d, 0);
            a->nodes[a->n_nodes++] = (uint16_t)sc_id(cell, d, 1);
        }
    for (int cell = 0; cell < GRID_CELLS; cell++) {
        unsigned cand = g->cand[cell];
        int h[3], pos[3];
        sc_houses(cell, h, pos);
        /* see sc_on_to_off: a row or column skips the block's cells */
        unsigned skip[3] = {1u << pos[0], 7u << (pos[1] / 3 * 3), 7u << (pos[2] / 3 * 3)};
        for (int d = 1; d <= 9; d++) {
            int off = sc_id(cell, d, 0);
            a->start[off] = a->split[off] = (uint16_t)n;
            if (!(cand & tech_bit(d))) {
                a->start[off + 1] = a->split[off + 1] = (uint16_t)n;
                continue;
            }
            /* "off": the cell's other value, then the digit's other
             * place in each house where it has two (once each) */
            if (bits_count(cand) == 2)
                a->e[n++] = (uint16_t)sc_id(cell, bits_lowest(cand & ~tech_bit(d)) + 1, 1);
            a->split[off] = (uint16_t)n;
            int first = n;
            for (int k = 0; k < 3; k++) {
                unsigned m = g->pos[h[k]][d - 1];
                if (bits_count(m) != 2)
                    continue;
                int id = sc_id(tech_house_cells[h[k]][bits_lowest(m & ~(1u << pos[k]))], d, 1);
                int dup = 0;
                for (int i = first; i < n; i++)
                    dup |= a->e[i] == id;
                if (!dup)
                    a->e[n++] = (uint16_t)id;
            }
            /* "on": the cell's other values, then the digit's other
             * places in the block, row and column */
            a->start[off + 1] = (uint16_t)n;
            for (unsigned m = cand & ~tech_bit(d); m; m &= m - 1)
                a->e[n++] = (uint16_t)sc_id(cell, bits_lowest(m) + 1, 0);
            a->split[off + 1] = (uint16_t)n;
            for (int k = 0; k < 3; k++)
                for (unsigned m = g->pos[h[k]][d - 1] & ~skip[k]; m; m &= m - 1)
                    a->e[n++] = (uint16_t)sc_id(tech_house_cells[h[k]][bits_lowest(m)], d, 0);
        }
    }
    a->start[SC_POTS] = (uint16_t)n;
}

/* The links of potential id under link setting (y, x): SE's getOnToOff
 * (y) for an "on" potential, getOffToOn (y, x) for an "off" one. */
static inline int sc_adj_from(const struct sc_adj *a, int id, int y)
{
    return y ? a->start[id] : a->split[id];
}
static inline int sc_adj_to(const struct sc_adj *a, int id, int x)
{
    return x || sc_on(id) ? a->start[id + 1] : a->split[id];
}

/* The components of one link setting; comp numbers them in the order
 * they complete (a component only reaches itself and lower ones). */
struct sc_scc {
    uint16_t comp[SC_POTS];   /* the candidates' potentials only */
    uint16_t index[SC_POTS];
    uint16_t low[SC_POTS];
    uint16_t stack[SC_POTS];
    uint16_t frame[SC_POTS];  /* depth-first walk: the potentials */
    uint16_t edge[SC_POTS];   /* and the next link of each */
    uint16_t order[SC_POTS];  /* the potentials, by component */
    uint16_t cstart[SC_POTS + 1];
    uint8_t ons[SC_POTS];     /* "on" potentials per component, capped */
    uint8_t elim[SC_POTS];    /* cycles: 0 not asked yet, 1 a cycle of the
                                 component may remove, 2 none can */
    uint8_t reach[SC_POTS];   /* forcing: s reaches its conjugate */
    uint16_t rank[SC_POTS];   /* reach: the target components, ranked */
    bits128 mask[SC_POTS];    /* reach: per component, the targets reached */
    bits128 acc[SC_POTS];     /* reach: per potential, while its component
                                 is found: the targets its links reach */
    int n;                    /* components */
    int n_target;             /* ranked while found; over 128: not done */
};

/* Tarjan's components of the graph of setting (y, x), iteratively (the
 * walk's current potential and link in locals, the others in frame and
 * edge).  A potential placed in a component gets index SC_DONE, above
 * every low, so that a link to it never lowers one.  Without x-links an
 * "off" potential leads on only in a bivalue cell, so a cycle runs
 * through bivalue cells only: the other potentials are left out (as if
 * placed already; comp SC_NONE), and the walk is short.
 *
 * With x-links (the forcing chains: sc_scc_reach) the walk also finds
 * which targets each component reaches: a target is a component placed
 * while the conjugate of one of its potentials is not (a source s can
 * reach not-s only when comp(s) > comp(not-s)), ranked in the order
 * placed, up to 128; mask[C] has the bits of the targets C reaches,
 * gathered in acc from the links to components already placed (a link
 * leads to a placed component, or to one of the walk's potentials, which
 * then end in C). */
#define SC_DONE 0xFFFEu
static void sc_scc_build(struct sc_scc *c, const struct sc_adj *a, const struct sc_grid *g,
                         int y, int x)
{
    int counter = 0, sp = 0, nord = 0;
    c->n = 0;
    c->n_target = 0;
    for (int i = 0; i < a->n_nodes; i++) {
        int id = a->nodes[i];
        c->index[id] = SC_NONE;
        if (!x && bits_count(g->cand[sc_cell(id)]) != 2) {
            c->index[id] = SC_DONE;
            c->comp[id] = SC_NONE;
        }
    }
    for (int i = 0; i < a->n_nodes; i++) {
        int v = a->nodes[i];
        if (c->index[v] != SC_NONE)
            continue;
        int fp = 0, ei = sc_adj_from(a, v, y), ee = sc_adj_to(a, v, x);
        bits128 acc = 0; /* v's; the other potentials' in c->acc */
        c->index[v] = c->low[v] = (uint16_t)counter++;
        c->stack[sp++] = (uint16_t)v;
        for (;;) {
            if (ei < ee) {
                int w = a->e[ei++];
                if (c->index[w] == SC_NONE) {
                    c->frame[fp] = (uint16_t)v;
                    c->edge[fp++] = (uint16_t)ei;
                    c->acc[v] = acc;
                    acc = 0;
                    v = w;
                    ei = sc_adj_from(a, v, y);
                    ee = sc_adj_to(a, v, x);
                    c->index[v] = c->low[v] = (uint16_t)counter++;
                    c->stack[sp++] = (uint16_t)v;
                } else if (c->index[w] == SC_DONE) {
                    if (x)
                        acc |= c->mask[c->comp[w]];
                } else if (c->index[w] < c->low[v]) {
                    c->low[v] = c->index[w];
                }
                continue;
            }
            c->acc[v] = acc;
            if (c->low[v] == c->index[v]) {
                int ons = 0, w, target = 0;
                bits128 m = 0;
                c->cstart[c->n] = (uint16_t)nord;
                do {
                    w = c->stack[--sp];
                    c->comp[w] = (uint16_t)c->n;
                    c->index[w] = SC_DONE;
                    c->order[nord++] = (uint16_t)w;
                    ons += sc_on(w);
                    m |= c->acc[w];
                    /* (a conjugate later in this component, which only an
                     * unsolvable grid has, makes a target of no use) */
                    target |= c->index[w ^ 1] != SC_DONE;
                } while (w != v);
                if (x) {
                    c->rank[c->n] = SC_NONE;
                    if (target && c->n_target < 128) {
                        c->rank[c->n] = (uint16_t)c->n_target;
                        m |= (bits128)1 << c->n_target;
                    }
                    c->n_target += target;
                    c->mask[c->n] = m;
                }
                c->elim[c->n] = 0;
                c->ons[c->n++] = (uint8_t)(ons < 255 ? ons : 255);
            }
            if (!fp)
                break;
            int low = c->low[v], done = c->index[v] == SC_DONE;
            int child = v;
            v = c->frame[--fp];
            ei = c->edge[fp];
            ee = sc_adj_to(a, v, x);
            acc = c->acc[v];
            if (x && done)
                acc |= c->mask[c->comp[child]];
            if (low < c->low[v])
                c->low[v] = (uint16_t)low;
        }
    }
    c->cstart[c->n] = (uint16_t)nord;
}

/* 1 when a cycle of component k may remove a candidate: a cycle's
 * removals are of cells that see one of its "on" potentials and one of
 * its "off" potentials of the same digit, and a cycle keeps to one
 * component, so a component where no cell sees both has no cycle worth
 * a hint (most have none: their searches are skipped). */
static int sc_scc_may_elim(struct sc_scc *c, const tech_cells dcells[9], int k)
{
    if (!c->elim[k]) {
        tech_cells on[9], off[9], both = 0;
        memset(on, 0, sizeof on);
        memset(off, 0, sizeof off);
        for (int i = c->cstart[k]; i < c->cstart[k + 1]; i++) {
            int w = c->order[i], d = sc_digit(w) - 1;
            tech_cells see = tech_peers(sc_cell(w)) & dcells[d];
            if (sc_on(w))
                on[d] |= see;
            else
                off[d] |= see;
        }
        for (int d = 0; d < 9; d++)
            both |= on[d] & off[d];
        c->elim[k] = both ? 1 : 2;
    }
    return c->elim[k] == 1;
}

/* reach[s] for every source s of SE's loops (a potential of a cell with
 * two candidates or more): whether s reaches its conjugate, so that a
 * forcing chain from s exists.  Only pairs whose components' numbers
 * allow it are asked.  With 128 targets or fewer sc_scc_build has ranked
 * them and found the masks.  Else the targets asked are ranked again and
 * taken 64 at a time, mask[C] holding which targets of the batch
 * component C reaches (the components from the batch's lowest target up
 * to its highest source, each after the lower ones it links to, read
 * from its potentials' links: a link leads to the component itself or a
 * lower one, so the masks it reads are those of this batch or its own
 * start). */
static void sc_scc_reach(struct sc_scc *c, const struct sc_adj *a, const struct sc_grid *g,
                         int y, int x)
{
    uint16_t ask[SC_POTS];
    int n_ask = 0, n_rank = 0, built = c->n_target <= 128;
    for (int i = 0; i < a->n_nodes; i++) {
        int id = a->nodes[i];
        if (bits_count(g->cand[sc_cell(id)]) < 2)
            continue;
        int s = c->comp[id], t = c->comp[id ^ 1];
        c->reach[id] = s == t;
        if (s > t && built)
            c->reach[id] = (uint8_t)(c->mask[s] >> c->rank[t] & 1);
        else if (s > t)
            ask[n_ask++] = (uint16_t)id;
    }
    if (!n_ask)
        return;
    for (int k = 0; k < c->n; k++)
        c->rank[k] = SC_NONE;
    for (int i = 0; i < n_ask; i++)
        c->rank[c->comp[ask[i] ^ 1]] = 0;
    for (int k = 0; k < c->n; k++)
        if (c->rank[k] != SC_NONE)
            c->rank[k] = (uint16_t)n_rank++;
    for (int b0 = 0; b0 < n_rank; b0 += 64) {
        int lo = SC_POTS, hi = -1;
        for (int i = 0; i < n_ask; i++) {
            int s = c->comp[ask[i]], t = c->comp[ask[i] ^ 1];
            if (c->rank[t] >= b0 && c->rank[t] < b0 + 64) {
                lo = t < lo ? t : lo;
                hi = s > hi ? s : hi;
            }
        }
        for (int k = lo; k <= hi; k++) {
            int rk = c->rank[k];
            bits128 m = rk != SC_NONE && rk >= b0 && rk < b0 + 64 ? (bits128)1 << (rk - b0) : 0;
            c->mask[k] = m;
            for (int i = c->cstart[k]; i < c->cstart[k + 1]; i++) {
                int v = c->order[i];
                for (int j = sc_adj_from(a, v, y), e = sc_adj_to(a, v, x); j < e; j++) {
                    int d = c->comp[a->e[j]];
                    if (d >= lo)
                        m |= c->mask[d];
                }
            }
            c->mask[k] = m;
        }
        for (int i = 0; i < n_ask; i++) {
            int s = c->comp[ask[i]], rt = c->rank[c->comp[ask[i] ^ 1]];
            if (rt >= b0 && rt < b0 + 64)
                c->reach[ask[i]] = (uint8_t)(c->mask[s] >> (rt - b0) & 1);
        }
    }
}

struct sc_unary {
    uint32_t gen;
    uint32_t mark[SC_POTS];   /* member when mark == gen */
    uint16_t par[SC_POTS];    /* forcing: the parent; cycles: the parent "off" */
    uint16_t gp[SC_POTS];     /* cycles: the parent's parent "on" */
    uint16_t depth[SC_POTS];  /* links from the source */
    uint16_t queue[SC_POTS];
    uint64_t anc[SC_POTS];    /* cycles: a filter of the "off" ancestors */
};

static inline int sc_u_member(const struct sc_unary *u, int id)
{
    return u->mark[id] == u->gen;
}

static void sc_u_start(struct sc_unary *u)
{
    if (++u->gen == 0) {
        memset(u->mark, 0, sizeof u->mark);
        u->gen = 1;
    }
}

static inline uint64_t sc_u_anc_bit(int q)
{
    return 1ull << ((q >> 1) & 63);
}

/* SE's isParent for the cycles: "off" q among the ancestors of "on" p
 * (anc[p] has the bit of each, so a clear bit answers at once). */
static int sc_u_is_parent(const struct sc_unary *u, int p, int q)
{
    if (!(u->anc[p] & sc_u_anc_bit(q)))
        return 0;
    while (u->par[p] != SC_NONE) {
        if (u->par[p] == q)
            return 1;
        p = u->gp[p];
    }
    return 0;
}

/* What one call's searches share: the grid's links and the components
 * of the link setting being searched. */
struct sc_unary_env {
    const struct sc_grid *g;
    const struct sc_adj *a;
    const struct sc_scc *c;
    const tech_cells *dcells;
    int y, x;
};

/* Offers the cycle closed by "off" q (a link of "on" p) back to s. */
static int sc_cycle_offer(struct sc_run *r, const struct sc_unary *u, const struct sc_unary_env *v,
                          int s, int p, int q, double base, int key)
{
    struct sc_hint *h = &r->cur;
    uint16_t rev[SC_POTS];
    int len = 0;
    /* the path: s (again), q, p, ... down to s */
    rev[len++] = (uint16_t)s;
    rev[len++] = (uint16_t)q;
    for (int a = p; a != s; a = u->gp[a]) {
        rev[len++] = (uint16_t)a;
        rev[len++] = u->par[a];
    }
    /* complexity: the distinct potentials (s once) */
    int cx = len;
    double diff = base + sc_length_difficulty(cx);
    if (!r->ctx->collect && !sc_better(r, diff, cx, key))
        return 0;
    tech_cells cells = 0, fw[9], bk[9];
    memset(fw, 0, sizeof fw);
    memset(bk, 0, sizeof bk);
    for (int k = 0; k < len; k++)
        cells |= tech_cell_bit(sc_cell(rev[k]));
    for (int k = 0; k < len; k++) {
        int c = sc_cell(rev[k]), d = sc_digit(rev[k]);
        tech_cells see = tech_peers(c) & v->dcells[d - 1] & ~cells;
        if (sc_on(rev[k]))
            fw[d - 1] |= see;
        else
            bk[d - 1] |= see;
    }
    tech_cells any = 0;
    for (int d = 0; d < 9; d++) {
        h->elim[d] = fw[d] & bk[d];
        any |= h->elim[d];
    }
    if (!any)
        return 0;
    h->kind = SC_CYCLE;
    h->y = v->y;
    h->x = v->x;
    h->diff = diff;
    h->cx = cx;
    h->key = key;
    h->target = s;
    h->n_path = 0;
    /* source first: the reverse of the walk */
    for (int k = len - 1; k >= 0 && h->n_path < SC_PATH_MAX; k--)
        h->path[h->n_path++] = rev[(k + 1) % len];
    return sc_offer(r);
}

/* SE's doCycles from "on" source s: each cycle back to s is offered as a
 * bidirectional cycle hint.  Only s's component is walked. */
static void sc_cycles(struct sc_run *r, struct sc_unary *u, const struct sc_unary_env *v, int s)
{
    const struct sc_adj *a = v->a;
    const uint16_t *comp = v->c->comp;
    int head = 0, tail = 0, y = v->y, x = v->x, cs = comp[s];
    sc_u_start(u);
    u->mark[s] = u->gen;
    u->par[s] = u->gp[s] = SC_NONE;
    u->depth[s] = 0;
    u->anc[s] = 0;
    u->queue[tail++] = (uint16_t)s;
    double base = x && y ? 7.0 : 6.5;
    int key = x && y ? 4 : y ? 3 : 2;
    while (head < tail && !r->stop) {
        int p = u->queue[head++];
        /* a cycle closed from p has 2 * depth + 2 potentials; the "on"
         * potentials come in order of depth, so once such a cycle could
         * not be taken no later one could */
        int least = 2 * u->depth[p] + 2;
        if (!r->ctx->collect && r->have &&
            !sc_better(r, base + sc_length_difficulty(least), least, key))
            break;
        for (int i = sc_adj_from(a, p, y), ie = sc_adj_to(a, p, x); i < ie; i++) {
            int q = a->e[i];
            if (comp[q] != cs)
                continue;
            int jb = sc_adj_from(a, q, y), je = sc_adj_to(a, q, x), need = 0;
            /* q matters only when it closes a cycle or reaches a new
             * potential: only then is its ancestry asked */
            for (int j = jb; j < je; j++) {
                int o = a->e[j];
                need |= (o == s && p != s) || (!sc_u_member(u, o) && comp[o] == cs);
            }
            if (!need || sc_u_is_parent(u, p, q))
                continue;
            for (int j = jb; j < je; j++) {
                int o = a->e[j];
                if (o == s && p != s) {
                    if (sc_cycle_offer(r, u, v, s, p, q, base, key))
                        return;
                    continue;
                }
                if (!sc_u_member(u, o) && comp[o] == cs) {
                    u->mark[o] = u->gen;
                    u->par[o] = (uint16_t)q;
                    u->gp[o] = (uint16_t)p;
                    u->depth[o] = (uint16_t)(u->depth[p] + 1);
                    u->anc[o] = u->anc[p] | sc_u_anc_bit(q);
                    u->queue[tail++] = (uint16_t)o;
                }
            }
        }
    }
}

/* SE's doForcingChains from source s ("on" or "off"): the first chain
 * back to its conjugate is offered as a forcing chain hint (SE keeps one
 * per target, and a source has one target).
 *
 * The chain found is a shortest one (breadth first), with L links, and
 * the graph is skew-symmetric, so L is known after half the walk: L is
 * the least depth(w) + depth(not-w) over the potentials w reached (s
 * reaches w, and w reaches not-s as s reaches not-w), and the middle w
 * of a shortest chain has both depths at most ceil(L / 2).  When the
 * walk has met every potential up to depth D, a pair found with sum
 * <= 2D is L, and without one L > 2D: so a source whose chain could not
 * be taken is left after depth about L / 2, and only one whose chain
 * would be kept is walked on (the same walk, so the same parents) to
 * its end. */
static void sc_forcing(struct sc_run *r, struct sc_unary *u, const struct sc_unary_env *v, int s)
{
    const struct sc_adj *a = v->a;
    const uint16_t *comp = v->c->comp;
    int head = 0, tail = 0, found = -1, from = -1, y = v->y;
    int cs = comp[s], ct = comp[s ^ 1];
    int prune = !r->ctx->collect && r->have, pair = SC_POTS, known = 0;
    sc_u_start(u);
    u->mark[s] = u->gen;
    u->par[s] = SC_NONE;
    u->depth[s] = 0;
    u->queue[tail++] = (uint16_t)s;
    double base = y ? 7.0 : 6.6;
    int key = y ? 4 : 2;
    while (head < tail && found < 0) {
        int p = u->queue[head++], dp = u->depth[p];
        /* every potential up to depth dp has been met: the chain has
         * pair + 1 potentials when pair <= 2 dp, else 2 dp + 2 or more
         * (in order of depth: once it could not be taken, no later one
         * could) */
        if (prune && !known) {
            known = pair <= 2 * dp;
            int least = known ? pair + 1 : 2 * dp + 2;
            if (!sc_better(r, base + sc_length_difficulty(least), least, key))
                return;
        }
        for (int i = sc_adj_from(a, p, y), ie = sc_adj_to(a, p, 1); i < ie && found < 0; i++) {
            int q = a->e[i];
            if ((q ^ 1) == s) {
                found = q;
                from = p;
            }
            if (!sc_u_member(u, q) && comp[q] >= ct && comp[q ^ 1] <= cs) {
                u->mark[q] = u->gen;
                u->par[q] = (uint16_t)p;
                u->depth[q] = (uint16_t)(dp + 1);
                u->queue[tail++] = (uint16_t)q;
                if (sc_u_member(u, q ^ 1) && dp + 1 + u->depth[q ^ 1] < pair)
                    pair = dp + 1 + u->depth[q ^ 1];
            }
        }
    }
    if (found < 0)
        return;
    struct sc_hint *h = &r->cur;
    int len = 1;
    for (int k = from; k != SC_NONE; k = u->par[k])
        len++;
    /* an "on" target places a value SE only counts as worth when the
     * cell has another candidate; an "off" one always removes */
    if (sc_on(found) && !(r->st->cand[sc_cell(found)] & ~tech_bit(sc_digit(found))))
        return;
    h->kind = SC_FORCING;
    h->y = y;
    h->x = 1;
    h->cx = len;
    h->diff = base + sc_length_difficulty(len);
    h->key = key;
    h->target = found;
    h->src = s;
    if (!r->ctx->collect && !sc_better(r, h->diff, h->cx, h->key))
        return;
    int k = len < SC_PATH_MAX ? len : SC_PATH_MAX;
    h->n_path = k;
    h->path[--k] = (uint16_t)found;
    for (int w = from; w != SC_NONE && k > 0; w = u->par[w])
        h->path[--k] = (uint16_t)w;
    sc_offer(r);
}

/* 1 when no hint of link setting (y, x) could come before the kept one:
 * the shortest has 2 potentials (SE's searches then stop at once). */
static int sc_loops_useless(const struct sc_run *r, int y, int x)
{
    if (r->ctx->collect || !r->have)
        return 0;
    double cycle = x && y ? 7.0 : 6.5, forcing = y ? 7.0 : 6.6;
    int ckey = x && y ? 4 : y ? 3 : 2, fkey = y ? 4 : 2;
    return !sc_better(r, cycle, 2, ckey) && (!x || !sc_better(r, forcing, 2, fkey));
}

/* SE's loop hint list for one link setting (getLoopHintList). */
static void sc_loops(struct sc_run *r, struct sc_unary *u, struct sc_unary_env *v,
                     struct sc_scc *c)
{
    const struct sc_grid *g = v->g;
    int y = v->y, x = v->x;
    if (sc_loops_useless(r, y, x))
        return;
    sc_scc_build(c, v->a, g, y, x);
    if (x)
        sc_scc_reach(c, v->a, g, y, x);
    v->c = c;
    for (int cell = 0; cell < GRID_CELLS && !r->stop; cell++) {
        unsigned cand = g->cand[cell];
        if (bits_count(cand) < 2)
            continue;
        if (bits_count(cand) > 2 && !x)
            continue; /* Y-cycles start from a bivalue cell */
        for (unsigned m = cand; m && !r->stop; m &= m - 1) {
            int d = bits_lowest(m) + 1;
            int on = sc_id(cell, d, 1);
            /* a cycle needs another "on" potential in on's component,
             * and a hint a cell that sees both states in it */
            if (c->ons[c->comp[on]] > 1 && sc_scc_may_elim(c, v->dcells, c->comp[on]))
                sc_cycles(r, u, v, on);
            if (x && !r->stop) {
                if (c->reach[on])
                    sc_forcing(r, u, v, on);
                if (!r->stop && c->reach[on ^ 1])
                    sc_forcing(r, u, v, on ^ 1);
            }
        }
    }
}

static void sc_run_init(struct sc_run *r, struct tech_ctx *ctx, struct human_step *step)
{
    r->ctx = ctx;
    r->step = step;
    r->st = ctx->st;
    r->have = 0;
    r->stop = 0;
    r->dynamic = r->nishio = r->multiple = 0;
    r->base = 0.0;
}

int tech_find_se_chains(struct tech_ctx *ctx, struct human_step *step)
{
    struct sc_run r;
    struct sc_grid g;
    struct sc_unary u;
    struct sc_adj a;
    struct sc_scc c;
    struct sc_unary_env v;
    tech_cells dcells[9];
    sc_run_init(&r, ctx, step);
    sc_grid_init(&g, ctx->st);
    memset(dcells, 0, sizeof dcells);
    for (int k = 0; k < GRID_CELLS; k++)
        for (unsigned m = g.cand[k]; m; m &= m - 1)
            dcells[bits_lowest(m)] |= tech_cell_bit(k);
    sc_adj_build(&a, &g, dcells);
    u.gen = 0;
    memset(u.mark, 0, sizeof u.mark);
    v.g = &g;
    v.a = &a;
    v.c = NULL;
    v.dcells = dcells;
    /* SE's order: X-links, then Y-links, then both */
    v.y = 0;
    v.x = 1;
    sc_loops(&r, &u, &v, &c);
    v.y = 1;
    v.x = 0;
    if (!r.stop)
        sc_loops(&r, &u, &v, &c);
    v.x = 1;
    if (!r.stop)
        sc_loops(&r, &u, &v, &c);
    return sc_finish(&r);
}

/* ---- multiple, dynamic and Nishio chains (SE's doChaining) ---------- */

#define SC_PAR_POOL 8192 /* 1 parent per "off", at most 8 per "on"
                            (the "off" that turned it on, 7 removed) */

/* A chaining's result: SE's toOn and toOff sets, each member with its
 * parents, in insertion order (list[1] the "on", list[0] the "off"). */
struct sc_set {
    uint32_t gen;
    uint32_t mark[SC_POTS]; /* member when mark == gen */
    uint16_t par_at[SC_POTS];
    uint8_t par_n[SC_POTS];
    /* links from the source along first parents: each parent was added
     * before its child, so the potentials on the way are distinct and
     * the ancestors count is at least depth + 1 (exactly, when every
     * member has one parent: static chains) */
    uint16_t depth[SC_POTS];
    int n_par;
    uint16_t par[SC_PAR_POOL];
    const uint16_t *pbase; /* where par_at points: par, or a kept chaining */
    uint16_t list[2][GRID_CELLS * 9];
    int n[2];
    /* the contradiction, when the chaining met one: the member, and the
     * potential that met its conjugate (not a member) with its parents */
    int absurd, a_member, a_new, n_xpar;
    uint16_t xpar[9];
};

/* The "on" chainings of the region chains' positions, kept within one
 * call: a position after its house's first is chained again for each
 * house that holds it and for its own cell, on the same grid (SE chains
 * it each time), so the first result serves them all.  A kept chaining:
 * a header (the "on" and "off" member counts, the contradiction) then
 * each member of list[1], then of list[0], as id, depth, and in a dynamic
 * chaining parent count and parents (a static one's ancestor count is
 * its depth + 1: it needs no parents).  A chaining that does not fit is
 * not kept (chained again when met again). */
#define SC_STORE_POOL 65536

struct sc_store {
    uint32_t at[GRID_CELLS * 9]; /* [cell * 9 + d - 1]: start + 1; 0: not kept */
    int used;
    uint16_t pool[SC_STORE_POOL];
};

struct sc_multi {
    struct sc_grid g, save;
    struct sc_set first, on, off, reg;
    struct sc_store keep;
    int dynamic; /* the chainings have several parents per potential */
    uint32_t vgen;
    uint32_t visit[SC_POTS]; /* ancestor counting */
    tech_cells dcells[9]; /* [d-1]: the cells with candidate d (Nishio) */
    /* the running intersections (cell, region): ids and complexities */
    uint16_t cell_id[2][GRID_CELLS * 9], reg_id[2][GRID_CELLS * 9];
    int cell_cx[2][GRID_CELLS * 9], reg_cx[2][GRID_CELLS * 9];
    int n_cell[2], n_reg[2];
};

static inline int sc_member(const struct sc_set *s, int id)
{
    return s->mark[id] == s->gen;
}

static void sc_set_clear(struct sc_set *s)
{
    if (++s->gen == 0) {
        memset(s->mark, 0, sizeof s->mark);
        s->gen = 1;
    }
    s->n_par = 0;
    s->pbase = s->par;
    s->n[0] = s->n[1] = 0;
    s->absurd = 0;
}

static void sc_set_start(struct sc_set *s, int source)
{
    sc_set_clear(s);
    s->mark[source] = s->gen;
    s->par_n[source] = 0;
    s->par_at[source] = 0;
    s->depth[source] = 0;
    s->list[sc_on(source)][s->n[sc_on(source)]++] = (uint16_t)source;
}

static void sc_set_add(struct sc_set *s, int id, const uint16_t *par, int n)
{
    s->mark[id] = s->gen;
    s->par_at[id] = (uint16_t)s->n_par;
    s->par_n[id] = (uint8_t)n;
    s->depth[id] = (uint16_t)(s->depth[par[0]] + 1);
    for (int i = 0; i < n; i++) /* at most 9: no call to memcpy */
        s->par[s->n_par + i] = par[i];
    s->n_par += n;
    s->list[sc_on(id)][s->n[sc_on(id)]++] = (uint16_t)id;
}

/* The parents SE gives "on" o, which "off" p turned on through rule
 * house (-1: the cell): p, then in a dynamic chaining the candidates the
 * chaining removed that the rule needed gone (SE's hidden parents). */
static int sc_parents(const struct sc_multi *w, const struct sc_on *o, int p,
                      uint16_t par[9])
{
    int n = 0, cell = sc_cell(o->id), d = sc_digit(o->id);
    par[n++] = (uint16_t)p;
    if (o->house < 0) {
        unsigned gone = w->save.cand[cell] & ~w->g.cand[cell];
        for (; gone; gone &= gone - 1)
            par[n++] = (uint16_t)sc_id(cell, bits_lowest(gone) + 1, 0);
    } else {
        unsigned gone = w->save.pos[o->house][d - 1] & ~w->g.pos[o->house][d - 1];
        for (; gone; gone &= gone - 1)
            par[n++] = (uint16_t)sc_id(tech_house_cells[o->house][bits_lowest(gone)], d, 0);
    }
    return n;
}

/* The complexity a hint of r's producer must stay under to be taken (its
 * hints share one base, so the lowest complexity sorts first): the kept
 * hint's, or no bound in collect mode (every hint is handed on) or before
 * a first hint. */
static int sc_cx_bound(const struct sc_run *r)
{
    return r->ctx->collect || !r->have ? 1 << 30 : r->best.cx;
}

/* SE's doChaining: completes s (its source added) with every potential
 * the source forces, "on" ones first; stops at the first contradiction
 * (s->absurd).  Dynamic: each "off" is removed from the grid once its
 * consequences are drawn (the grid restored from w->save at the end: it
 * is the same grid at the start of each chaining).
 *
 * It also stops once every potential still to be followed lies deeper
 * than lim (links from the source along first parents): what it would
 * add next has more than lim + 2 ancestors (and a contradiction met next
 * would count more than lim + 3), and each use of a chaining (a
 * contradiction, or a potential common to it and another chaining) adds
 * at least one more, so with lim = the bound - 3 nothing it would still
 * find can be taken.  What it has found by then is exactly what the full
 * chaining had found at that point (the same steps in the same order),
 * so every hint that can be taken is the same. */
static void sc_chain(const struct sc_run *r, struct sc_multi *w, struct sc_set *s)
{
    uint16_t offs[28], par[9];
    struct sc_on ons[4];
    int y = !r->nishio, hon = 0, hoff = 0;
    int lim = sc_cx_bound(r) - 3;
    int live = lim >= 0; /* potentials to follow no deeper than lim: the source */
    while (live && (hon < s->n[1] || hoff < s->n[0])) {
        if (hon < s->n[1]) {
            int p = s->list[1][hon++];
            live -= s->depth[p] <= lim;
            int n = sc_on_to_off(&w->g, p, y, offs);
            for (int i = 0; i < n; i++) {
                int q = offs[i];
                if (sc_member(s, q ^ 1)) {
                    s->absurd = 1;
                    s->a_member = q ^ 1;
                    s->a_new = q;
                    s->xpar[0] = (uint16_t)p;
                    s->n_xpar = 1;
                    if (r->dynamic)
                        w->g = w->save;
                    return;
                }
                if (!sc_member(s, q)) {
                    par[0] = (uint16_t)p;
                    sc_set_add(s, q, par, 1);
                    live += s->depth[q] <= lim;
                }
            }
        } else {
            int p = s->list[0][hoff++];
            live -= s->depth[p] <= lim;
            int n = sc_off_to_on(&w->g, p, y, 1, ons);
            uint16_t opar[4][9];
            int on_par[4];
            /* the parents of those the loop below adds or finds absurd
             * (adding one "on" changes neither for the others) */
            for (int i = 0; i < n; i++)
                if (sc_member(s, ons[i].id) && !sc_member(s, ons[i].id ^ 1))
                    on_par[i] = 0;
                else
                    on_par[i] = r->dynamic ? sc_parents(w, &ons[i], p, opar[i])
                                           : (opar[i][0] = (uint16_t)p, 1);
            if (r->dynamic)
                sc_grid_off(&w->g, sc_cell(p), sc_digit(p));
            for (int i = 0; i < n; i++) {
                int o = ons[i].id;
                if (sc_member(s, o ^ 1)) {
                    s->absurd = 1;
                    s->a_member = o ^ 1;
                    s->a_new = o;
                    memcpy(s->xpar, opar[i], (size_t)on_par[i] * sizeof *par);
                    s->n_xpar = on_par[i];
                    if (r->dynamic)
                        w->g = w->save;
                    return;
                }
                if (!sc_member(s, o)) {
                    sc_set_add(s, o, opar[i], on_par[i]);
                    live += s->depth[o] <= lim;
                }
            }
        }
    }
    if (r->dynamic)
        w->g = w->save;
}

/* Keeps s, the chaining of "on" source (cell, d), when it fits. */
static void sc_store_put(struct sc_store *k, const struct sc_set *s, int cell, int d,
                         int dynamic)
{
    /* n_xpar is set only with absurd (sc_chain) */
    size_t need = 3 + (s->absurd ? 3 + (size_t)s->n_xpar : 0) +
                  (size_t)(s->n[0] + s->n[1]) * (dynamic ? 3 : 2) +
                  (dynamic ? (size_t)s->n_par : 0);
    if ((size_t)k->used + need > SC_STORE_POOL)
        return;
    uint16_t *e = k->pool + k->used;
    k->at[cell * 9 + d - 1] = (uint32_t)k->used + 1;
    k->used += (int)need;
    *e++ = (uint16_t)s->n[1];
    *e++ = (uint16_t)s->n[0];
    *e++ = (uint16_t)s->absurd;
    if (s->absurd) {
        *e++ = (uint16_t)s->a_member;
        *e++ = (uint16_t)s->a_new;
        *e++ = (uint16_t)s->n_xpar;
        memcpy(e, s->xpar, (size_t)s->n_xpar * sizeof *e);
        e += s->n_xpar;
    }
    for (int side = 1; side >= 0; side--)
        for (int i = 0; i < s->n[side]; i++) {
            int id = s->list[side][i];
            *e++ = (uint16_t)id;
            *e++ = s->depth[id];
            if (dynamic) {
                *e++ = s->par_n[id];
                memcpy(e, s->pbase + s->par_at[id], s->par_n[id] * sizeof *e);
                e += s->par_n[id];
            }
        }
}

/* Makes s the kept chaining of "on" (cell, d), a dynamic one's parents
 * read in place (s is not added to), a static one's left out (sc_anc1
 * reads its depth); 0 when it was not kept. */
static int sc_store_get(const struct sc_store *k, struct sc_set *s, int cell, int d,
                        int dynamic)
{
    uint32_t at = k->at[cell * 9 + d - 1];
    if (!at)
        return 0;
    const uint16_t *e = k->pool + at - 1;
    sc_set_clear(s);
    s->pbase = e;
    int n1 = *e++, n0 = *e++;
    s->absurd = *e++;
    if (s->absurd) {
        s->a_member = *e++;
        s->a_new = *e++;
        s->n_xpar = *e++;
        memcpy(s->xpar, e, (size_t)s->n_xpar * sizeof *e);
        e += s->n_xpar;
    }
    for (int side = 1; side >= 0; side--)
        for (int i = 0, n = side ? n1 : n0; i < n; i++) {
            int id = e[0];
            s->mark[id] = s->gen;
            s->depth[id] = e[1];
            s->list[side][i] = (uint16_t)id;
            if (!dynamic) {
                e += 2;
                continue;
            }
            s->par_n[id] = (uint8_t)e[2];
            s->par_at[id] = (uint16_t)(e + 3 - s->pbase);
            e += 3 + e[2];
        }
    s->n[1] = n1;
    s->n[0] = n0;
    return 1;
}

/* s: the chaining of "on" (cell, d), kept or chained (and kept when
 * keep: a region chain's position, met again later). */
static void sc_chain_on(const struct sc_run *r, struct sc_multi *w, struct sc_set *s,
                        int cell, int d, int keep)
{
    if (sc_store_get(&w->keep, s, cell, d, w->dynamic))
        return;
    sc_set_start(s, sc_id(cell, d, 1));
    sc_chain(r, w, s);
    if (keep)
        sc_store_put(&w->keep, s, cell, d, w->dynamic);
}

/* SE's getAncestorCount: the distinct potentials from the given ones
 * (members of s) up through their parents; once that passes limit, some
 * count over limit (the caller drops what it would rate). */
static int sc_ancestors(struct sc_multi *w, const struct sc_set *s, const uint16_t *from,
                        int n, int limit)
{
    uint16_t todo[SC_POTS];
    int head = 0, tail = 0;
    if (++w->vgen == 0) {
        memset(w->visit, 0, sizeof w->visit);
        w->vgen = 1;
    }
    for (int i = 0; i < n; i++)
        if (w->visit[from[i]] != w->vgen) {
            w->visit[from[i]] = w->vgen;
            todo[tail++] = from[i];
        }
    while (head < tail && tail <= limit) {
        int p = todo[head++];
        const uint16_t *pp = s->pbase + s->par_at[p];
        for (int i = 0; i < s->par_n[p]; i++)
            if (w->visit[pp[i]] != w->vgen) {
                w->visit[pp[i]] = w->vgen;
                todo[tail++] = pp[i];
            }
    }
    return tail;
}

static int sc_anc1(struct sc_multi *w, const struct sc_set *s, int id, int limit)
{
    uint16_t one = (uint16_t)id;
    if (!w->dynamic)
        return s->depth[id] + 1;
    return sc_ancestors(w, s, &one, 1, limit);
}

/* The complexity of a contradiction: both potentials' ancestors (or
 * some number over limit). */
static int sc_absurd_cx(struct sc_multi *w, const struct sc_set *s, int limit)
{
    int a = sc_anc1(w, s, s->a_member, limit - 1) + 1;
    if (a > limit)
        return a;
    return a + sc_ancestors(w, s, s->xpar, s->n_xpar, limit - a);
}

/* Offers the hint proving target (r->cur's kind and source set): rated
 * base + SE's length increment of cx.  An "on" target counts only when
 * its cell has another candidate to remove (SE's isWorth). */
static void sc_offer_target(struct sc_run *r, int target, int cx, int key)
{
    struct sc_hint *h = &r->cur;
    if (sc_on(target) && !(r->st->cand[sc_cell(target)] & ~tech_bit(sc_digit(target))))
        return;
    h->diff = r->base + sc_length_difficulty(cx);
    h->cx = cx;
    h->key = key;
    h->target = target;
    h->n_path = 0;
    if (!r->ctx->collect && !sc_better(r, h->diff, cx, key))
        return;
    sc_offer(r);
}

/* Offers target with complexity cx0 + its ancestors in s, unless that
 * passes the bound (the hint would not be taken). */
static void sc_offer_anc(struct sc_run *r, struct sc_multi *w, const struct sc_set *s,
                         int target, int cx0, int key)
{
    int limit = sc_cx_bound(r) - cx0;
    int a = sc_anc1(w, s, target, limit);
    if (a <= limit)
        sc_offer_target(r, target, cx0 + a, key);
}

/*
 * A cell's or region's chains: the potentials common to the chainings
 * of all its values or positions, each rated with the sum of its
 * ancestor counts in them.  The intersection is found first with
 * membership and depths only (a member's ancestor count is at least its
 * depth + 1, exactly that in a static chaining), and a dynamic
 * chaining's ancestors are counted only for what is common to all: most
 * of what two chainings share is not in a third.  A potential is dropped
 * as soon as its complexity, counted or bounded below, passes the bound;
 * those kept are rated exactly, so the hints offered are the same.
 */

/* Keeps, of list ids[0..*n), the members of s, adding to cx (the sums
 * over the chainings so far, the first one's left out) each one's depth
 * + 1 in s; drops those that can no longer be taken: more than bound
 * once the rest sets each add one at least. */
static void sc_retain(const struct sc_run *r, const struct sc_set *s, uint16_t *ids, int *cx,
                      int *n, int rest)
{
    int k = 0, bound = sc_cx_bound(r);
    for (int i = 0; i < *n; i++) {
        int c = cx[i] + s->depth[ids[i]] + 1;
        if (!sc_member(s, ids[i]) || c + rest > bound)
            continue;
        ids[k] = ids[i];
        cx[k] = c;
        k++;
    }
    *n = k;
}

/* In a dynamic chaining, replaces in cx (as sc_retain left it) the depth
 * + 1 of each id in s by its ancestor count in s, the first chaining's
 * depth + 1 standing for its part still to count; drops those over the
 * bound, and those s lacks (chained again under a lower bound, s stopped
 * before reaching them: sc_chain says why they could not be taken). */
static void sc_exact(const struct sc_run *r, struct sc_multi *w, const struct sc_set *s,
                     const struct sc_set *first, uint16_t *ids, int *cx, int *n)
{
    int k = 0, bound = sc_cx_bound(r);
    for (int i = 0; i < *n; i++) {
        if (!sc_member(s, ids[i]))
            continue;
        int rest = first->depth[ids[i]] + 1, c = cx[i] - s->depth[ids[i]] - 1;
        c += sc_anc1(w, s, ids[i], bound - rest - c);
        if (c + rest > bound)
            continue;
        ids[k] = ids[i];
        cx[k] = c;
        k++;
    }
    *n = k;
}

/* sc_exact for both lists of a cell's or region's chains: the chainings
 * of the "on" potentials (cells[j], digits[j]), j < k, after the first;
 * the last one is s (the rest are kept, or chained again into w->reg). */
static void sc_exact_all(const struct sc_run *r, struct sc_multi *w, const struct sc_set *s,
                         const struct sc_set *first, const int *cells, const int *digits, int k,
                         uint16_t ids[2][GRID_CELLS * 9], int cx[2][GRID_CELLS * 9], int n[2])
{
    if (!w->dynamic)
        return;
    for (int j = k - 1; j >= 1 && n[0] + n[1]; j--) {
        if (j < k - 1) {
            sc_chain_on(r, w, &w->reg, cells[j], digits[j], 1);
            s = &w->reg;
        }
        for (int side = 0; side < 2; side++)
            sc_exact(r, w, s, first, ids[side], cx[side], &n[side]);
    }
}

/* SE's doRegionChainings for candidate (cell, d), whose chaining is on. */
static void sc_regions(struct sc_run *r, struct sc_multi *w, int cell, int d,
                       const struct sc_set *on)
{
    int h[3], pos[3];
    sc_houses(cell, h, pos);
    for (int k = 0; k < 3 && !r->stop; k++) {
        unsigned m = w->g.pos[h[k]][d - 1];
        int card = bits_count(m);
        if (!(card == 2 || (r->multiple && card > 2)))
            continue;
        if (tech_house_cells[h[k]][bits_lowest(m)] != cell)
            continue; /* the region is met from its first cell */
        for (int s = 0; s < 2; s++) {
            w->n_reg[s] = on->n[s];
            memcpy(w->reg_id[s], on->list[s], (size_t)on->n[s] * sizeof(uint16_t));
            memset(w->reg_cx[s], 0, (size_t)on->n[s] * sizeof(int));
        }
        /* the other positions, while something is common to all so far
         * (an empty intersection gives no hint: SE's chainings of the
         * rest would change nothing) */
        int cells[9], digits[9], n = 0;
        cells[n] = cell;
        digits[n++] = d;
        for (unsigned rest = m & (m - 1); rest && w->n_reg[0] + w->n_reg[1]; rest &= rest - 1) {
            int other = tech_house_cells[h[k]][bits_lowest(rest)];
            cells[n] = other;
            digits[n++] = d;
            sc_chain_on(r, w, &w->reg, other, d, 1);
            /* still to add: the positions after this one and the first */
            int later = bits_count(rest) - 1 + 1;
            for (int s = 0; s < 2; s++)
                sc_retain(r, &w->reg, w->reg_id[s], w->reg_cx[s], &w->n_reg[s], later);
        }
        sc_exact_all(r, w, &w->reg, on, cells, digits, n, w->reg_id, w->reg_cx, w->n_reg);
        for (int s = 1; s >= 0 && !r->stop; s--)
            for (int i = 0; i < w->n_reg[s] && !r->stop; i++) {
                int id = w->reg_id[s][i];
                r->cur.kind = SC_REGION;
                r->cur.src = h[k];
                r->cur.src_digit = d;
                sc_offer_anc(r, w, on, id, w->reg_cx[s][i], 6);
            }
    }
}

/* Offers the contradiction chaining s (of source src) met, if any: src
 * is false. */
static void sc_contra(struct sc_run *r, struct sc_multi *w, const struct sc_set *s, int src)
{
    if (!s->absurd || r->stop)
        return;
    r->cur.kind = SC_CONTRA;
    r->cur.src = src;
    int cx = sc_absurd_cx(w, s, sc_cx_bound(r));
    if (cx <= sc_cx_bound(r))
        sc_offer_target(r, src ^ 1, cx, 7);
}

/*
 * 0 when the Nishio chaining of (cell, d) ("on" or "off") cannot meet a
 * contradiction.  Its links never leave digit d (no cell links), so this
 * takes the closure of the same rules on d's cells, with no order and no
 * parents: an "on" cell turns off every cell of d it sees, a house left
 * with one cell of d turns that one on.  Every potential the chaining
 * adds is in the closure (a house whose "off" made the chaining turn its
 * last cell on has that cell on in the closure, unless the closure
 * emptied the house), so unless the closure turns a cell both on and off
 * or empties a house, the chaining meets no contradiction.
 */
static int sc_nishio_may(const struct sc_multi *w, int cell, int d, int on)
{
    tech_cells all = w->dcells[d - 1], ons = 0, offs = 0, fresh = 0;
    uint32_t touched = 0; /* houses that lost a cell of d */
    if (on) {
        fresh = tech_cell_bit(cell);
    } else {
        offs = tech_cell_bit(cell);
        touched = tech_cell_houses[cell];
    }
    for (;;) {
        ons |= fresh;
        while (fresh) {
            tech_cells k = tech_peers(tech_cells_lowest(fresh)) & all & ~offs;
            fresh &= fresh - 1;
            offs |= k;
            for (; k; k &= k - 1)
                touched |= tech_cell_houses[tech_cells_lowest(k)];
        }
        if (ons & offs)
            return 1;
        for (; touched; touched &= touched - 1) {
            tech_cells m = all & ~offs & tech_house_set[bits_lowest(touched)];
            if (!m)
                return 1;
            if (!(m & (m - 1)) && !(m & ons))
                fresh |= m;
        }
        if (!fresh)
            return 0;
    }
}

/* SE's getMultipleChainsHintList for one producer's setting (r). */
static void sc_multiple(struct sc_run *r, struct sc_multi *w)
{
    int contradiction = r->dynamic || r->nishio;
    for (int cell = 0; cell < GRID_CELLS && !r->stop; cell++) {
        unsigned cand = w->g.cand[cell];
        int card = bits_count(cand);
        if (!(card > 2 || (card > 1 && r->dynamic)))
            continue;
        int first = 1, cells[9], digits[9], n = 0;
        for (unsigned m = cand; m && !r->stop; m &= m - 1) {
            int d = bits_lowest(m) + 1;
            int pon = sc_id(cell, d, 1);
            struct sc_set *on = first ? &w->first : &w->on;
            if (r->nishio) {
                /* a Nishio chaining serves its contradiction only */
                if (sc_nishio_may(w, cell, d, 1)) {
                    sc_chain_on(r, w, on, cell, d, 0);
                    sc_contra(r, w, on, pon);
                }
                if (sc_nishio_may(w, cell, d, 0)) {
                    sc_set_start(&w->off, pon ^ 1);
                    sc_chain(r, w, &w->off);
                    sc_contra(r, w, &w->off, pon ^ 1);
                }
                continue;
            }
            /* kept when dynamic and not the last value: a cell's chains
             * count their ancestors at the end (sc_exact_all) */
            sc_chain_on(r, w, on, cell, d, w->dynamic && !first && (m & (m - 1)));
            if (contradiction)
                sc_contra(r, w, on, pon);
            if (contradiction || (card >= 3 && r->dynamic)) {
                sc_set_start(&w->off, pon ^ 1);
                sc_chain(r, w, &w->off);
                if (contradiction)
                    sc_contra(r, w, &w->off, pon ^ 1);
            }
            if (card >= 3 && r->dynamic) {
                /* double forcing chains: on both ways */
                for (int s = 1; s >= 0 && !r->stop; s--)
                    for (int i = 0; i < on->n[s] && !r->stop; i++) {
                        int id = on->list[s][i];
                        if (!sc_member(&w->off, id))
                            continue;
                        r->cur.kind = SC_DOUBLE;
                        r->cur.src = pon;
                        int a = sc_anc1(w, on, id, sc_cx_bound(r) - w->off.depth[id] - 1);
                        sc_offer_anc(r, w, &w->off, id, a, 1);
                    }
            }
            sc_regions(r, w, cell, d, on);
            if (first) {
                for (int s = 0; s < 2; s++) {
                    w->n_cell[s] = on->n[s];
                    memcpy(w->cell_id[s], on->list[s], (size_t)on->n[s] * sizeof(uint16_t));
                    memset(w->cell_cx[s], 0, (size_t)on->n[s] * sizeof(int));
                }
            } else {
                /* still to add: the values after this one and the first */
                int later = bits_count(m) - 1 + 1;
                for (int s = 0; s < 2; s++)
                    sc_retain(r, on, w->cell_id[s], w->cell_cx[s], &w->n_cell[s], later);
            }
            cells[n] = cell;
            digits[n++] = d;
            first = 0;
        }
        if (r->nishio || !(card == 2 || (r->multiple && card > 2)) || r->stop)
            continue;
        sc_exact_all(r, w, &w->on, &w->first, cells, digits, n, w->cell_id, w->cell_cx, w->n_cell);
        for (int s = 1; s >= 0 && !r->stop; s--)
            for (int i = 0; i < w->n_cell[s] && !r->stop; i++) {
                int id = w->cell_id[s][i];
                r->cur.kind = SC_CELL;
                r->cur.src = cell;
                sc_offer_anc(r, w, &w->first, id, w->cell_cx[s][i], 5);
            }
    }
}

/* One multiple-chains producer: base rating and SE's three switches. */
static int sc_find_multiple(struct tech_ctx *ctx, struct human_step *step, double base,
                            int multiple, int dynamic, int nishio)
{
    struct sc_run r;
    struct sc_multi w;
    struct sc_links lk;
    sc_run_init(&r, ctx, step);
    r.base = base;
    r.multiple = multiple;
    r.dynamic = dynamic;
    r.nishio = nishio;
    sc_grid_init(&w.g, ctx->st);
    if (!dynamic) /* the grid of a static chaining does not change */
        sc_links_build(&lk, &w.g);
    w.save = w.g;
    w.first.gen = w.on.gen = w.off.gen = w.reg.gen = 0;
    memset(w.first.mark, 0, sizeof w.first.mark);
    memset(w.on.mark, 0, sizeof w.on.mark);
    memset(w.off.mark, 0, sizeof w.off.mark);
    memset(w.reg.mark, 0, sizeof w.reg.mark);
    memset(w.keep.at, 0, sizeof w.keep.at);
    w.keep.used = 0;
    w.dynamic = dynamic;
    memset(w.dcells, 0, sizeof w.dcells);
    for (int c = 0; nishio && c < GRID_CELLS; c++)
        for (unsigned m = w.g.cand[c]; m; m &= m - 1)
            w.dcells[bits_lowest(m)] |= tech_cell_bit(c);
    w.vgen = 0;
    memset(w.visit, 0, sizeof w.visit);
    sc_multiple(&r, &w);
    return sc_finish(&r);
}

int tech_find_se_nishio(struct tech_ctx *ctx, struct human_step *step)
{
    return sc_find_multiple(ctx, step, 7.5, 0, 1, 1);
}

int tech_find_se_multiple(struct tech_ctx *ctx, struct human_step *step)
{
    return sc_find_multiple(ctx, step, 8.0, 1, 0, 0);
}

int tech_find_se_dynamic(struct tech_ctx *ctx, struct human_step *step)
{
    return sc_find_multiple(ctx, step, 8.5, 1, 1, 0);
}

int tech_rate_se_chain(const struct human_step *step)
{
    return step->rating;
}
