/*
 * tech_chains: X-chains, XY-chains and alternating inference chains (AIC)
 * with nice loops, continuous and discontinuous.
 *
 * A candidate is a node (cell * 9 + digit - 1).  A strong link joins two
 * candidates of which at least one is true (the only two places of a
 * digit in a house, or the only two digits of a cell); a weak link joins
 * two candidates that cannot both be true (same cell, or same digit in
 * cells that see each other).  An AIC x1 = x2 - x3 = ... = xn reads "x1
 * false, so x2 true, so x3 false, ... so xn true": x1 or xn holds, and any
 * candidate weakly linked to both is false.
 *
 * The search is a breadth-first walk of the implication graph from each
 * start s, on states (candidate, on/off): (u off) -> (v on) along strong
 * links, (u on) -> (v off) along weak links.  Every edge is a valid
 * implication, so every walk is a sound deduction, repeated nodes or not;
 * breadth first gives the shortest chain from each start, and the search
 * keeps the shortest productive chain over all starts (what Sudoku
 * Explainer would rate lowest).  Reaching (v on) gives:
 *  - v == s: s off implies s on, so s is true (discontinuous nice loop);
 *  - v weakly linked to s: the chain closes into a continuous nice loop,
 *    every weak link of it holds as a strong one, and candidates weakly
 *    linked to both ends of any of its weak links go;
 *  - else candidates weakly linked to both s and v go.
 * The three rows restrict the links: X-chains one digit and house links,
 * XY-chains bivalue cells joined by same-digit links, AIC everything.
 *
 * Ratings (Sudoku Explainer 1.2.1): a loop whose strong links are all
 * house links (X) or all cell links (Y) is 6.5 ("Bidirectional X-/Y-
 * Cycle"), an open X-chain 6.6 ("Forcing X-Chain"); SE looks for open
 * chains with cell links only among its mixed "Forcing Chains", so open
 * XY-chains, like anything mixing both kinds, are 7.0; plus SE's length
 * increment (tech_se_length_bonus).  A weak link inside a cell ("this
 * digit is true, so that one is false") counts as a cell link: SE only
 * follows it in chains that allow cell inferences.  The step's causes are the
 * chain's nodes in order, which is what the rating reads.
 */
#include "tech_digits.h"

#include <string.h>

#define CH_NODES 729
#define CH_STATES (2 * CH_NODES)
#define CH_MAX_LEN 16          /* nodes in a chain at most */

enum {
    CH_HOUSE_STRONG = 1,       /* conjugate pair of a digit in a house */
    CH_CELL_STRONG = 2,        /* bivalue cell */
    CH_HOUSE_WEAK = 4,         /* same digit, cells that see each other */
    CH_CELL_WEAK = 8,          /* same cell, other digit */
    CH_BIVALUE_ONLY = 16,      /* XY: only bivalue cells take part */
};

#define CH_IN_CELL 0x8000u     /* strong partner flag: the link is a cell's */

/* A set of cells: bit i of w[i / 64]. */
struct ch_cells {
    uint64_t w[2];
};

struct ch_graph {
    const struct human_state *st;
    uint8_t n_strong[CH_NODES];
    uint16_t strong[CH_NODES][4];
    struct ch_cells peers[GRID_CELLS];   /* cells each cell sees */
    struct ch_cells with[9];             /* empty cells holding digit d */
    struct ch_cells bivalue;             /* cells with two candidates */
};

struct ch_search {
    struct ch_graph g;
    unsigned links;
    int max_len;
    uint16_t gen;
    uint16_t stamp[CH_STATES];
    uint16_t parent[CH_STATES];
    uint8_t len[CH_STATES];
    uint16_t queue[CH_STATES];
    /* the best chain so far */
    int best_len, best_kind;
    uint16_t best[CH_MAX_LEN];
};

enum { CH_KIND_AIC = 0, CH_KIND_LOOP = 1, CH_KIND_PLACE = 2 };

static int node_cell(int n) { return n / 9; }
static int node_digit(int n) { return n % 9 + 1; }

/* 1 when a and b (different candidates) cannot both be true. */
static int weak_linked(int a, int b)
{
    if (a == b)
        return 0;
    if (node_cell(a) == node_cell(b))
        return 1;
    return node_digit(a) == node_digit(b) && tech_sees(node_cell(a), node_cell(b));
}

static void add_strong(struct ch_graph *g, int a, int b, unsigned flag)
{
    for (int i = 0; i < g->n_strong[a]; i++)
        if ((g->strong[a][i] & ~CH_IN_CELL) == (unsigned)b)
            return;
    if (g->n_strong[a] < 4)
        g->strong[a][g->n_strong[a]++] = (uint16_t)((unsigned)b | flag);
}

static void cells_add(struct ch_cells *set, int cell)
{
    set->w[cell / 64] |= (uint64_t)1 << (cell % 64);
}

static void cells_from(struct ch_cells *set, tech_cells cells)
{
    set->w[0] = (uint64_t)cells;
    set->w[1] = (uint64_t)(cells >> 64);
}

/* Digits placed in house h. */
static unsigned placed_in(const struct human_state *st, int h)
{
    unsigned placed = 0;
    for (int i = 0; i < 9; i++) {
        int v = st->value[tech_house_cells[h][i]];
        placed |= v ? tech_bit(v) : 0;
    }
    return placed;
}

/* The strong links of the houses (conjugate pairs), house by house. */
static void house_links(struct ch_graph *g, const struct tech_digits *dg)
{
    for (int h = 0; h < TECH_HOUSES; h++) {
        unsigned pairs = 0;
        for (int d = 1; d <= 9; d++)
            pairs |= tech_count(dg->pos[d - 1][h]) == 2 ? tech_bit(d) : 0;
        if (pairs)
            pairs &= ~placed_in(g->st, h);
        for (unsigned m = pairs; m; m &= m - 1) {
            int d = tech_lowest_digit(m);
            unsigned pos = dg->pos[d - 1][h];
            int p = tech_lowest(pos), q = tech_lowest(pos & (pos - 1u));
            int a = tech_house_cells[h][p] * 9 + d - 1;
            int b = tech_house_cells[h][q] * 9 + d - 1;
            add_strong(g, a, b, 0);
            add_strong(g, b, a, 0);
        }
    }
}

static void build_graph(struct ch_graph *g, struct tech_ctx *ctx)
{
    const struct human_state *st = ctx->st;
    const struct tech_digits *dg = tech_ctx_digits(ctx);
    g->st = st;
    memset(g->n_strong, 0, sizeof g->n_strong);
    memset(&g->bivalue, 0, sizeof g->bivalue);
    for (int d = 0; d < 9; d++)
        cells_from(&g->with[d], dg->cells[d]);
    for (int cell = 0; cell < GRID_CELLS; cell++) {
        cells_from(&g->peers[cell], tech_peers(cell));
        if (!st->value[cell] && tech_count(st->cand[cell]) == 2)
            cells_add(&g->bivalue, cell);
    }
    house_links(g, dg);
    for (int cell = 0; cell < GRID_CELLS; cell++) {
        unsigned m = st->cand[cell];
        if (st->value[cell] || tech_count(m) != 2)
            continue;
        int a = cell * 9 + tech_lowest(m), b = cell * 9 + tech_lowest(m & (m - 1u));
        add_strong(g, a, b, CH_IN_CELL);
        add_strong(g, b, a, CH_IN_CELL);
    }
}

/* ---- what a chain proves -------------------------------------------- */

/* Removes every candidate weakly linked to both a and b. */
static void elim_both(struct human_step *step, const struct ch_graph *g,
                      int a, int b)
{
    const struct human_state *st = g->st;
    int ca = node_cell(a), cb = node_cell(b), da = node_digit(a), db = node_digit(b);
    if (ca == cb) {
        tech_eliminate_mask(step, st, ca, ~(tech_bit(da) | tech_bit(db)) & HUMAN_ALL_DIGITS);
        return;
    }
    if (da != db) {
        if (tech_sees(ca, cb)) {
            tech_eliminate(step, st, ca, db);
            tech_eliminate(step, st, cb, da);
        }
        return;
    }
    for (int k = 0; k < 2; k++)
        for (uint64_t m = g->peers[ca].w[k] & g->peers[cb].w[k] & g->with[da - 1].w[k];
             m; m &= m - 1)
            tech_eliminate(step, st, k * 64 + __builtin_ctzll(m), da);
}

/* Whether elim_both(a, b) would remove anything: the test on every chain
 * end, before a step is built for the one kept. */
static int elim_any(const struct ch_graph *g, int a, int b)
{
    const struct human_state *st = g->st;
    int ca = node_cell(a), cb = node_cell(b), da = node_digit(a), db = node_digit(b);
    if (ca == cb)
        return !st->value[ca] &&
               (st->cand[ca] & ~(tech_bit(da) | tech_bit(db)) & HUMAN_ALL_DIGITS);
    if (da != db)
        return tech_sees(ca, cb) &&
               ((!st->value[ca] && (st->cand[ca] & tech_bit(db))) ||
                (!st->value[cb] && (st->cand[cb] & tech_bit(da))));
    const struct ch_cells *pa = &g->peers[ca], *pb = &g->peers[cb], *w = &g->with[da - 1];
    return ((pa->w[0] & pb->w[0] & w->w[0]) | (pa->w[1] & pb->w[1] & w->w[1])) != 0;
}

/* Whether conclude() would record anything. */
static int concludes_any(const struct ch_graph *g, const uint16_t *nodes, int n,
                         int kind)
{
    if (kind == CH_KIND_PLACE || elim_any(g, nodes[0], nodes[n - 1]))
        return 1;
    if (kind == CH_KIND_LOOP)
        for (int i = 1; i + 1 < n; i += 2)
            if (elim_any(g, nodes[i], nodes[i + 1]))
                return 1;
    return 0;
}

/* Records what the chain nodes[0..n-1] of this kind proves. */
static void conclude(struct human_step *step, const struct ch_graph *g,
                     const uint16_t *nodes, int n, int kind)
{
    if (kind == CH_KIND_PLACE) {
        tech_place(step, node_cell(nodes[0]), node_digit(nodes[0]));
        return;
    }
    elim_both(step, g, nodes[0], nodes[n - 1]);
    if (kind == CH_KIND_LOOP)
        for (int i = 1; i + 1 < n; i += 2)
            elim_both(step, g, nodes[i], nodes[i + 1]);
}

/* ---- the search ------------------------------------------------------ */

static int state_of(int node, int on) { return node * 2 + on; }

/* Path of the state into out (start first); returns its length. */
static int path_to(const struct ch_search *s, int state, uint16_t *out)
{
    int n = s->len[state];
    for (int i = n - 1; i >= 0; i--) {
        out[i] = (uint16_t)(state / 2);
        state = s->parent[state];
    }
    return n;
}

/* Whether some candidate is weakly linked to both a and b (not both in
 * one cell): the cheap test before building an open chain's step. */
static int removes_any(const struct ch_graph *g, int a, int b)
{
    int ca = node_cell(a), cb = node_cell(b), da = node_digit(a), db = node_digit(b);
    const struct human_state *st = g->st;
    if (da != db)
        return tech_sees(ca, cb) &&
               ((st->cand[ca] & tech_bit(db)) || (st->cand[cb] & tech_bit(da)));
    const struct ch_cells *pa = &g->peers[ca], *pb = &g->peers[cb], *w = &g->with[da - 1];
    return ((pa->w[0] & pb->w[0] & w->w[0]) | (pa->w[1] & pb->w[1] & w->w[1])) != 0;
}

/* A chain ending at state (v on) from start: keeps it when productive and
 * shorter than the best.  Returns 1 when kept. */
static int try_end(struct ch_search *s, int start, int state)
{
    uint16_t nodes[CH_MAX_LEN] = { 0 };
    int v = state / 2, kind = CH_KIND_AIC;
    if (v == start)
        kind = CH_KIND_PLACE;
    else if (weak_linked(v, start) &&
             ((s->links & CH_CELL_WEAK) || node_cell(v) != node_cell(start)) &&
             ((s->links & CH_HOUSE_WEAK) || node_cell(v) == node_cell(start)))
        kind = CH_KIND_LOOP;
    else if (node_cell(v) != node_cell(start) && !removes_any(&s->g, start, v))
        return 0;
    int n = path_to(s, state, nodes);
    if (!concludes_any(&s->g, nodes, n, kind))
        return 0;
    if (s->best_len && n >= s->best_len)
        return 0;
    s->best_len = n;
    s->best_kind = kind;
    memcpy(s->best, nodes, (size_t)n * sizeof nodes[0]);
    return 1;
}

static int visit(struct ch_search *s, int from, int to, int *tail)
{
    if (s->stamp[to] == s->gen)
        return 0;
    s->stamp[to] = s->gen;
    s->parent[to] = (uint16_t)from;
    s->len[to] = (uint8_t)(s->len[from] + 1);
    s->queue[(*tail)++] = (uint16_t)to;
    return 1;
}

/* (u on) -> (w off) for every weak link the search allows. */
static void expand_weak(struct ch_search *s, int state, int *tail)
{
    const struct ch_graph *g = &s->g;
    int u = state / 2, cell = node_cell(u), d = node_digit(u);
    if (s->links & CH_CELL_WEAK)
        for (unsigned m = g->st->cand[cell] & ~tech_bit(d); m; m &= m - 1)
            visit(s, state, state_of(cell * 9 + tech_lowest(m), 0), tail);
    if (!(s->links & CH_HOUSE_WEAK))
        return;
    const struct ch_cells *only = (s->links & CH_BIVALUE_ONLY) ? &g->bivalue : NULL;
    for (int k = 0; k < 2; k++) {
        uint64_t m = g->peers[cell].w[k] & g->with[d - 1].w[k];
        if (only)
            m &= only->w[k];
        for (; m; m &= m - 1)
            visit(s, state, state_of((k * 64 + __builtin_ctzll(m)) * 9 + d - 1, 0), tail);
    }
}

/* (u off) -> (w on) for every strong link the search allows. */
static void expand_strong(struct ch_search *s, int state, int *tail)
{
    int u = state / 2;
    for (int i = 0; i < s->g.n_strong[u]; i++) {
        unsigned link = s->g.strong[u][i];
        unsigned need = (link & CH_IN_CELL) ? CH_CELL_STRONG : CH_HOUSE_STRONG;
        if (s->links & need)
            visit(s, state, state_of((int)(link & ~CH_IN_CELL), 1), tail);
    }
}

/* Breadth first from (start off), up to the best length found so far. */
static void search_from(struct ch_search *s, int start)
{
    int head = 0, tail = 0;
    if (++s->gen == 0) {
        memset(s->stamp, 0, sizeof s->stamp);
        s->gen = 1;
    }
    int first = state_of(start, 0);
    s->stamp[first] = s->gen;
    s->len[first] = 1;
    s->queue[tail++] = (uint16_t)first;
    while (head < tail) {
        int state = s->queue[head++];
        int limit = s->best_len ? s->best_len - 1 : s->max_len;
        if (s->len[state] >= limit)
            break;            /* breadth first: every later state is as long */
        if (state & 1) {
            expand_weak(s, state, &tail);
            continue;
        }
        int before = tail;
        expand_strong(s, state, &tail);
        for (int i = before; i < tail; i++)
            if (try_end(s, start, s->queue[i]))
                return;       /* the shortest from this start */
    }
}

/* ---- saying it -------------------------------------------------------- */

static void say_node(struct human_step *step, int n)
{
    tech_say(step, "(%d)", node_digit(n));
    tech_say_cell(step, node_cell(n));
}

static void say_chain(struct human_step *step, const uint16_t *nodes, int n,
                      unsigned links)
{
    if (links == (CH_HOUSE_STRONG | CH_HOUSE_WEAK)) {
        for (int i = 0; i < n; i++) {
            tech_say(step, "%s", i == 0 ? "" : (i % 2 ? " = " : " - "));
            tech_say_cell(step, node_cell(nodes[i]));
        }
        return;
    }
    if (links & CH_BIVALUE_ONLY) {
        for (int i = 0; i + 1 < n; i += 2) {
            tech_say(step, "%s", i == 0 ? "" : " - ");
            tech_say_cell(step, node_cell(nodes[i]));
            tech_say(step, " (%d=%d)", node_digit(nodes[i]), node_digit(nodes[i + 1]));
        }
        return;
    }
    for (int i = 0; i < n; i++) {
        tech_say(step, "%s", i == 0 ? "" : (i % 2 ? " = " : " - "));
        say_node(step, nodes[i]);
    }
}

static void say_step(struct human_step *step, const struct ch_search *s,
                     const char *name)
{
    const uint16_t *nodes = s->best;
    int n = s->best_len;
    if (s->best_kind == CH_KIND_LOOP)
        tech_say(step, "%s (continuous nice loop): ", name);
    else if (s->best_kind == CH_KIND_PLACE)
        tech_say(step, "%s (discontinuous nice loop): ", name);
    else
        tech_say(step, "%s: ", name);
    if (s->links == (CH_HOUSE_STRONG | CH_HOUSE_WEAK))
        tech_say(step, "on %d, ", node_digit(nodes[0]));
    say_chain(step, nodes, n, s->links);
    if (s->best_kind == CH_KIND_PLACE) {
        tech_say(step, "; if %d were not in ", node_digit(nodes[0]));
        tech_say_cell(step, node_cell(nodes[0]));
        tech_say(step, " it would have to be, so ");
        tech_say_cell(step, node_cell(nodes[0]));
        tech_say(step, " is %d", node_digit(nodes[0]));
        return;
    }
    if (s->best_kind == CH_KIND_LOOP)
        tech_say(step, " and back to the start; every weak link holds, so ");
    else {
        tech_say(step, "; either ");
        say_node(step, nodes[0]);
        tech_say(step, " or ");
        say_node(step, nodes[n - 1]);
        tech_say(step, " is true, so ");
    }
    tech_say_elims(step);
}

/* Whether a chain of these links can leave start: it begins with a
 * strong link of a kind the search allows. */
static int has_strong(const struct ch_graph *g, int start, unsigned links)
{
    for (int i = 0; i < g->n_strong[start]; i++) {
        unsigned need = (g->strong[start][i] & CH_IN_CELL) ? CH_CELL_STRONG
                                                            : CH_HOUSE_STRONG;
        if (links & need)
            return 1;
    }
    return 0;
}

/* Whether nothing shorter than the best chain can prove anything. */
static int done(const struct ch_search *s)
{
    return s->best_len && s->best_len <= 4 && s->best_kind != CH_KIND_PLACE;
}

/* Runs the search over every start (in cell, digit order) and builds the
 * step of the shortest productive chain. */
static int find_chain(struct tech_ctx *ctx, struct human_step *step,
                      unsigned links, int max_len, const char *name)
{
    const struct human_state *st = ctx->st;
    struct ch_search s;       /* about 30 KB: no allocation, reentrant */
    s.gen = 0;
    memset(s.stamp, 0, sizeof s.stamp);
    build_graph(&s.g, ctx);
    s.links = links;
    s.max_len = max_len;
    s.best_len = 0;
    for (int cell = 0; cell < GRID_CELLS && !done(&s); cell++) {
        unsigned m = st->value[cell] ? 0 : st->cand[cell] & HUMAN_ALL_DIGITS;
        if ((links & CH_BIVALUE_ONLY) && tech_count(st->cand[cell]) != 2)
            continue;
        for (; m && !done(&s); m &= m - 1) {
            int start = cell * 9 + tech_lowest(m);
            if (has_strong(&s.g, start, links))
                search_from(&s, start);
        }
    }
    tech_step_reset(step);
    if (!s.best_len)
        return 0;
    conclude(step, &s.g, s.best, s.best_len, s.best_kind);
    for (int i = 0; i < s.best_len; i++)
        tech_cause(step, node_cell(s.best[i]), node_digit(s.best[i]));
    say_step(step, &s, name);
    return 1;
}

int tech_find_x_chain_ctx(struct tech_ctx *ctx, struct human_step *step)
{
    return find_chain(ctx, step, CH_HOUSE_STRONG | CH_HOUSE_WEAK, CH_MAX_LEN,
                      "X-chain");
}

int tech_find_xy_chain_ctx(struct tech_ctx *ctx, struct human_step *step)
{
    return find_chain(ctx, step, CH_CELL_STRONG | CH_HOUSE_WEAK | CH_BIVALUE_ONLY,
                      CH_MAX_LEN, "XY-chain");
}

int tech_find_aic_ctx(struct tech_ctx *ctx, struct human_step *step)
{
    return find_chain(ctx, step, CH_HOUSE_STRONG | CH_CELL_STRONG | CH_HOUSE_WEAK |
                      CH_CELL_WEAK, 12, "AIC");
}

int tech_find_x_chain(const struct human_state *st, struct human_step *step)
{
    struct tech_ctx ctx;
    tech_ctx_init(&ctx, st);
    return tech_find_x_chain_ctx(&ctx, step);
}

int tech_find_xy_chain(const struct human_state *st, struct human_step *step)
{
    struct tech_ctx ctx;
    tech_ctx_init(&ctx, st);
    return tech_find_xy_chain_ctx(&ctx, step);
}

int tech_find_aic(const struct human_state *st, struct human_step *step)
{
    struct tech_ctx ctx;
    tech_ctx_init(&ctx, st);
    return tech_find_aic_ctx(&ctx, step);
}

/* ---- rating ------------------------------------------------------------ */

int tech_se_length_bonus(int length)
{
    int added = 0, ceiling = 4, odd = 0;
    while (length > ceiling) {
        added++;
        ceiling = odd ? ceiling * 4 / 3 : ceiling * 3 / 2;
        odd = !odd;
    }
    return added;
}

/* Reads the chain back from the causes: its strong links are the pairs
 * (0,1), (2,3) ...; a loop's ends are weakly linked. */
int tech_rate_chain(const struct human_step *step)
{
    int n = step->n_cause, house = 0, cell = 0;
    for (int i = 0; i + 1 < n; i += 2) {
        if (step->cause[i].cell == step->cause[i + 1].cell)
            cell = 1;
        else
            house = 1;
    }
    /* A weak link inside a cell (one digit true, so the others false) is
     * also a cell inference: SE needs its Y-chains to follow it. */
    for (int i = 1; i + 1 < n; i += 2)
        if (step->cause[i].cell == step->cause[i + 1].cell)
            cell = 1;
    int a = step->cause[0].cell * 9 + step->cause[0].digit - 1;
    int b = step->cause[n - 1].cell * 9 + step->cause[n - 1].digit - 1;
    int loop = step->n_place == 0 && weak_linked(a, b);
    int base = (house && cell) ? 70 : loop ? 65 : cell ? 70 : 66;
    /* SE counts the chain's potentials: the assumption and conclusion
     * around the n nodes of a chain, n + 1 around a loop (the start comes
     * back), less 2. */
    int length = step->n_place ? n - 2 : (loop ? n - 1 : n);
    return base + tech_se_length_bonus(length);
}
