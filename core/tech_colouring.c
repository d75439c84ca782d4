/*
 * tech_colouring: techniques that colour a graph of cells in two colours,
 * one of which must be true.
 *
 *  - Simple colouring, on the strong links of one digit (conjugate
 *    pairs): a cluster's two colours alternate along the links, so one
 *    colour holds the digit.  Trap: a cell seeing both colours loses it.
 *    Wrap: two cells of one colour that see each other make that colour
 *    false.
 *  - Multi-colouring, on two clusters of one digit: when colour a of one
 *    sees colour b of the other, a and b are not both true, so the
 *    opposite colours are not both false (type 1: a cell seeing both
 *    loses the digit); when colour a sees both colours of the other
 *    cluster, a is false (type 2).
 *  - Remote pair: cells holding only the same two digits, linked by
 *    seeing each other, alternate the two digits along the chain.
 *
 * Sudoku Explainer has none of these: it rates what they remove as the
 * X-chain (or Y-chain for remote pairs) it would use, 6.6 plus its length
 * term.  The step's causes are that chain, shortest first, so the rating
 * functions below read its length from them.
 */
#include "tech_digits.h"

#include <string.h>

#define ADJ_MAX 20 /* a cell sees 20 others */

/* A graph's components (clusters), each in two colours. */
struct clusters {
    int n;
    uint8_t bipartite[GRID_CELLS];     /* per component */
    tech_cells members[GRID_CELLS][2]; /* [comp][colour] */
    tech_cells sees[GRID_CELLS][2];    /* peers of those */
};

struct graph {
    int n;
    uint8_t cell[GRID_CELLS];
    int8_t node[GRID_CELLS]; /* cell -> node, -1 */
    uint8_t deg[GRID_CELLS];
    uint8_t adj[GRID_CELLS][ADJ_MAX];
    uint8_t comp[GRID_CELLS], colour[GRID_CELLS];
    struct clusters cl;
};

static void graph_init(struct graph *g)
{
    g->n = 0;
    memset(g->node, -1, sizeof g->node);
}

static int graph_node(struct graph *g, int cell)
{
    if (g->node[cell] < 0) {
        g->node[cell] = (int8_t)g->n;
        g->cell[g->n] = (uint8_t)cell;
        g->deg[g->n++] = 0;
    }
    return g->node[cell];
}

static void graph_edge(struct graph *g, int a, int b)
{
    int u = graph_node(g, a), v = graph_node(g, b);
    for (int k = 0; k < g->deg[u]; k++)
        if (g->adj[u][k] == v)
            return;
    if (g->deg[u] < ADJ_MAX && g->deg[v] < ADJ_MAX) {
        g->adj[u][g->deg[u]++] = (uint8_t)v;
        g->adj[v][g->deg[v]++] = (uint8_t)u;
    }
}

/* Colours every component by breadth-first search; a component with an
 * odd cycle (only in a broken grid) is marked not bipartite. */
static void graph_colour(struct graph *g)
{
    uint8_t queue[GRID_CELLS], seen[GRID_CELLS] = {0};
    struct clusters *cl = &g->cl;
    cl->n = 0;
    for (int s = 0; s < g->n; s++) {
        if (seen[s])
            continue;
        int c = cl->n++, head = 0, tail = 0;
        cl->bipartite[c] = 1;
        cl->members[c][0] = cl->members[c][1] = 0;
        cl->sees[c][0] = cl->sees[c][1] = 0;
        seen[s] = 1;
        g->colour[s] = 0;
        queue[tail++] = (uint8_t)s;
        while (head < tail) {
            int u = queue[head++];
            g->comp[u] = (uint8_t)c;
            cl->members[c][g->colour[u]] |= tech_cell_bit(g->cell[u]);
            cl->sees[c][g->colour[u]] |= tech_peers(g->cell[u]);
            for (int k = 0; k < g->deg[u]; k++) {
                int v = g->adj[u][k];
                if (!seen[v]) {
                    seen[v] = 1;
                    g->colour[v] = (uint8_t)!g->colour[u];
                    queue[tail++] = (uint8_t)v;
                } else if (g->colour[v] == g->colour[u]) {
                    cl->bipartite[c] = 0;
                }
            }
        }
    }
}

/* Shortest path from a cell of from to a cell of to, through the graph;
 * writes its cells (from end first) and returns how many, 0 if none. */
static int graph_path(const struct graph *g, tech_cells from, tech_cells to,
                      uint8_t *path)
{
    uint8_t queue[GRID_CELLS];
    int8_t parent[GRID_CELLS];
    int head = 0, tail = 0;
    memset(parent, -2, sizeof parent);
    for (int u = 0; u < g->n; u++)
        if (from & tech_cell_bit(g->cell[u])) {
            parent[u] = -1;
            queue[tail++] = (uint8_t)u;
        }
    while (head < tail) {
        int u = queue[head++];
        if (to & tech_cell_bit(g->cell[u])) {
            int n = 0;
            uint8_t rev[GRID_CELLS];
            for (int v = u; v >= 0; v = parent[v])
                rev[n++] = g->cell[v];
            for (int k = 0; k < n; k++)
                path[k] = rev[n - 1 - k];
            return n;
        }
        for (int k = 0; k < g->deg[u]; k++) {
            int v = g->adj[u][k];
            if (parent[v] == -2) {
                parent[v] = (int8_t)u;
                queue[tail++] = (uint8_t)v;
            }
        }
    }
    return 0;
}

/* The strong links of digit d. */
static void graph_strong(struct graph *g, const struct tech_digits *dg, int d)
{
    graph_init(g);
    for (int h = 0; h < TECH_HOUSES; h++) {
        unsigned p = dg->pos[d - 1][h];
        if (bits_count(p) == 2)
            graph_edge(g, tech_house_cells[h][bits_lowest(p)],
                       tech_house_cells[h][bits_lowest(p & (p - 1))]);
    }
    graph_colour(g);
}

/* The strong links of digit d as clusters only, found on sets of nodes
 * (64-bit: 27 links have at most 54 ends), without adjacency lists or
 * paths: what the rows test before one builds its step.  Their order and
 * colours are not the graph's, which a test does not read: it asks only
 * whether some cluster (or two) applies. */
static void clusters_strong(struct clusters *cl, const struct tech_digits *dg,
                            int d)
{
    int8_t node[GRID_CELLS];
    uint8_t cell[2 * TECH_HOUSES];
    uint64_t adj[2 * TECH_HOUSES], left = 0;
    int n = 0;
    memset(node, -1, sizeof node);
    for (int h = 0; h < TECH_HOUSES; h++) {
        unsigned p = dg->pos[d - 1][h];
        if (bits_count(p) != 2)
            continue;
        int ends[2] = {tech_house_cells[h][bits_lowest(p)],
                       tech_house_cells[h][bits_lowest(p & (p - 1))]},
            u[2];
        for (int e = 0; e < 2; e++) {
            if (node[ends[e]] < 0) {
                node[ends[e]] = (int8_t)n;
                cell[n] = (uint8_t)ends[e];
                adj[n] = 0;
                left |= (uint64_t)1 << n++;
            }
            u[e] = node[ends[e]];
        }
        adj[u[0]] |= (uint64_t)1 << u[1];
        adj[u[1]] |= (uint64_t)1 << u[0];
    }
    for (cl->n = 0; left; cl->n++) {
        int c = cl->n, k = 0;
        uint64_t front = left & -left, col[2] = {front, 0};
        cl->bipartite[c] = 1;
        while (front) {
            uint64_t next = 0;
            for (uint64_t f = front; f; f &= f - 1)
                next |= adj[bits_lowest64(f)];
            if (next & col[k])
                cl->bipartite[c] = 0; /* an odd cycle */
            k = !k;
            front = next & ~(col[0] | col[1]);
            col[k] |= front;
        }
        for (k = 0; k < 2; k++) {
            tech_cells members = 0, sees = 0;
            for (uint64_t f = col[k]; f; f &= f - 1) {
                members |= tech_cell_bit(cell[bits_lowest64(f)]);
                sees |= tech_peers(cell[bits_lowest64(f)]);
            }
            cl->members[c][k] = members;
            cl->sees[c][k] = sees;
        }
        left &= ~(col[0] | col[1]);
    }
}

/* Keeps the shorter of two chains. */
static void keep_shorter(uint8_t *best, int *n_best, const uint8_t *path, int n)
{
    if (n > 0 && (*n_best == 0 || n < *n_best)) {
        memcpy(best, path, (size_t)n);
        *n_best = n;
    }
}

static void cause_chain(struct human_step *step, const uint8_t *chain, int n,
                        unsigned digits)
{
    for (int k = 0; k < n; k++)
        for (unsigned m = digits; m; m &= m - 1)
            tech_cause(step, chain[k], tech_lowest_digit(m));
}

static void say_chain(struct human_step *step, const uint8_t *chain, int n)
{
    tech_say_cells(step, chain, n, 0);
}

/* The chain, then `after`, its first cell, `join` and its last. */
static void say_chain_ends(struct human_step *step, const uint8_t *chain, int n,
                           const char *after, const char *join)
{
    say_chain(step, chain, n);
    tech_say(step, "%s", after);
    tech_say_cell(step, chain[0]);
    tech_say(step, "%s", join);
    tech_say_cell(step, chain[n - 1]);
}

/* Eliminates d from every cell of set; returns how many. */
static int eliminate_set(struct human_step *step, const struct human_state *st,
                         tech_cells set, int d)
{
    int n = 0;
    for (tech_cells s = set; s; s &= s - 1)
        n += tech_eliminate(step, st, tech_cells_lowest(s), d);
    return n;
}

/* For each eliminated cell, the shortest chain from a cell of `from` it
 * sees to a cell of `to` it sees. */
static int trap_chain(const struct graph *g, const struct human_step *step,
                      tech_cells from, tech_cells to, uint8_t *best)
{
    uint8_t path[GRID_CELLS];
    int n_best = 0;
    for (int i = 0; i < step->n_elim; i++) {
        tech_cells p = tech_peers(step->elim[i].cell);
        keep_shorter(best, &n_best, path, graph_path(g, from & p, to & p, path));
    }
    return n_best;
}

/* What each colouring row looks for in the clusters of digit d (`with`:
 * the cells holding d), shared by its test and its step. */

/* Trap: the cells outside cluster c seeing both its colours. */
static tech_cells trap_cells(const struct clusters *cl, int c, tech_cells with)
{
    if (!cl->bipartite[c])
        return 0;
    return cl->sees[c][0] & cl->sees[c][1] & with &
           ~(cl->members[c][0] | cl->members[c][1]);
}

/* Multi-colouring type 1: colour ka of a seeing colour kb of b, the cells
 * outside both seeing their other colours. */
static tech_cells multi_1_cells(const struct clusters *cl, int a, int ka, int b,
                                int kb, tech_cells with)
{
    if (a == b || !cl->bipartite[a] || !cl->bipartite[b] ||
        !(cl->sees[a][ka] & cl->members[b][kb]))
        return 0;
    tech_cells all = cl->members[a][0] | cl->members[a][1] | cl->members[b][0] |
                     cl->members[b][1];
    return cl->sees[a][!ka] & cl->sees[b][!kb] & with & ~all;
}

/* Multi-colouring type 2: colour ka of a sees both colours of b (one
 * cell of it one colour, maybe another cell the other, as HoDoKu asks):
 * the cells of that colour, else 0. */
static tech_cells multi_2_cells(const struct clusters *cl, int a, int ka, int b)
{
    if (a == b || !cl->bipartite[a] || !cl->bipartite[b] ||
        !(cl->sees[a][ka] & cl->members[b][0]) ||
        !(cl->sees[a][ka] & cl->members[b][1]))
        return 0;
    return cl->members[a][ka];
}

/* Each colouring row's test of digit d on its clusters: whether it
 * applies, in any cluster. */
typedef int colour_test(const struct clusters *cl, tech_cells with);

static int trap_test(const struct clusters *cl, tech_cells with)
{
    for (int c = 0; c < cl->n; c++)
        if (trap_cells(cl, c, with))
            return 1;
    return 0;
}

/* Some cell of a colour sees another one of it. */
static int wrap_test(const struct clusters *cl, tech_cells with)
{
    (void)with;
    for (int c = 0; c < cl->n; c++)
        if (cl->bipartite[c] && ((cl->sees[c][0] & cl->members[c][0]) |
                                 (cl->sees[c][1] & cl->members[c][1])))
            return 1;
    return 0;
}

static int multi_1_test(const struct clusters *cl, tech_cells with)
{
    for (int a = 0; a < cl->n; a++)
        for (int b = 0; b < cl->n && cl->bipartite[a]; b++)
            for (int k = 0; k < 4; k++)
                if (multi_1_cells(cl, a, k >> 1, b, k & 1, with))
                    return 1;
    return 0;
}

static int multi_2_test(const struct clusters *cl, tech_cells with)
{
    (void)with;
    for (int a = 0; a < cl->n; a++)
        for (int b = 0; b < cl->n && cl->bipartite[a]; b++)
            if (multi_2_cells(cl, a, 0, b) | multi_2_cells(cl, a, 1, b))
                return 1;
    return 0;
}

/* Each colouring row's step on digit d, where its test found it applies,
 * on the graph: the first cluster (or two) in the graph's order. */
typedef int colour_search(struct tech_ctx *ctx, const struct graph *g,
                          const struct tech_digits *dg, int d,
                          struct human_step *step);

static int trap_digit(struct tech_ctx *ctx, const struct graph *g,
                      const struct tech_digits *dg, int d, struct human_step *step)
{
    const struct human_state *st = ctx->st;
    uint8_t chain[GRID_CELLS];
    const struct clusters *cl = &g->cl;
    for (int c = 0; c < cl->n; c++) {
        tech_cells both = trap_cells(cl, c, dg->cells[d - 1]);
        if (!both)
            continue;
        tech_step_reset(step);
        eliminate_set(step, st, both, d);
        int n = trap_chain(g, step, cl->members[c][0], cl->members[c][1], chain);
        cause_chain(step, chain, n, tech_bit(d));
        tech_say(step, "Simple colouring (trap): the conjugate %ds ", d);
        say_chain_ends(step, chain, n, " alternate, so ", " or ");
        tech_say(step, " is %d, so ", d);
        tech_say_elims(step);
        if (tech_found(ctx, step))
            return 1;
    }
    return 0;
}

static int wrap_digit(struct tech_ctx *ctx, const struct graph *g,
                      const struct tech_digits *dg, int d, struct human_step *step)
{
    const struct human_state *st = ctx->st;
    const struct clusters *cl = &g->cl;
    (void)dg;
    for (int u = 0; u < g->n; u++) {
        int c = g->comp[u], k = g->colour[u];
        tech_cells twin = tech_peers(g->cell[u]) & cl->members[c][k];
        if (!cl->bipartite[c] || !twin)
            continue;
        uint8_t chain[GRID_CELLS];
        tech_step_reset(step);
        eliminate_set(step, st, cl->members[c][k], d);
        int n = graph_path(g, tech_cell_bit(g->cell[u]), twin, chain);
        cause_chain(step, chain, n, tech_bit(d));
        tech_say(step, "Simple colouring (wrap): along the conjugate %ds ", d);
        say_chain_ends(step, chain, n, ", ", " and ");
        tech_say(step, " take the same colour and see each other, so that "
                       "colour is false: ");
        tech_say_elims(step);
        if (tech_found(ctx, step))
            return 1;
    }
    return 0;
}

/* Multi-colouring type 1 on clusters a and b, colour ka of a seeing
 * colour kb of b, removing d from hit.  The chain recorded: from the far
 * colour of b seen by an eliminated cell, along b to a cell y of colour
 * kb, across to a cell z of colour ka that y sees, along a to the far
 * colour of a seen by the same eliminated cell. */
static int multi_one(const struct human_state *st, struct human_step *step,
                     const struct graph *g, int d, int a, int ka, int b, int kb,
                     tech_cells hit)
{
    const struct clusters *cl = &g->cl;
    uint8_t best[GRID_CELLS], p1[GRID_CELLS], p2[GRID_CELLS];
    int n_best = 0, join = 0;
    tech_step_reset(step);
    eliminate_set(step, st, hit, d);
    for (int i = 0; i < step->n_elim; i++) {
        tech_cells e = tech_peers(step->elim[i].cell);
        for (tech_cells s = cl->members[a][ka]; s; s &= s - 1) {
            int z = tech_cells_lowest(s);
            tech_cells ys = tech_peers(z) & cl->members[b][kb];
            int n2 = ys ? graph_path(g, cl->members[b][!kb] & e, ys, p2) : 0;
            int n1 = n2 ? graph_path(g, tech_cell_bit(z), cl->members[a][!ka] & e,
                                     p1)
                        : 0;
            if (!n1 || (n_best && n1 + n2 >= n_best))
                continue;
            memcpy(best, p2, (size_t)n2);
            memcpy(best + n2, p1, (size_t)n1);
            n_best = n1 + n2;
            join = n2;
        }
    }
    cause_chain(step, best, n_best, tech_bit(d));
    tech_say(step,
             "Multi-colouring (type 1): two clusters of conjugate %ds "
             "meet where ",
             d);
    tech_say_cell(step, best[join - 1]);
    tech_say(step, " sees ");
    tech_say_cell(step, best[join]);
    tech_say(step, ", so one end of the chain ");
    say_chain(step, best, n_best);
    tech_say(step, " is %d, so ", d);
    tech_say_elims(step);
    return 1;
}

static int multi_1_digit(struct tech_ctx *ctx, const struct graph *g,
                         const struct tech_digits *dg, int d,
                         struct human_step *step)
{
    for (int a = 0; a < g->cl.n; a++)
        for (int b = 0; b < g->cl.n; b++)
            for (int k = 0; k < 4; k++) {
                tech_cells hit = multi_1_cells(&g->cl, a, k >> 1, b, k & 1,
                                               dg->cells[d - 1]);
                if (hit &&
                    multi_one(ctx->st, step, g, d, a, k >> 1, b, k & 1, hit) &&
                    tech_found(ctx, step))
                    return 1;
            }
    return 0;
}

/* The chain of a type 2 step: when a cell z of the colour sees both
 * colours of b, z then the shortest path of b between cells it sees (the
 * step's sentence names z); else z1, of the colour, seeing y0 of one
 * colour of b, along a to z2 seeing y1 of the other, then along b from y1
 * to y0 (*join: the length of a's part).  Returns the chain's length. */
static int multi_2_chain(const struct graph *g, tech_cells colour, int b,
                         uint8_t *chain, int *join)
{
    const struct clusters *cl = &g->cl;
    tech_cells both = colour & cl->sees[b][0] & cl->sees[b][1];
    if (both) {
        int zc = tech_cells_lowest(both);
        tech_cells p = tech_peers(zc);
        chain[0] = (uint8_t)zc;
        *join = 1;
        return 1 + graph_path(g, cl->members[b][0] & p, cl->members[b][1] & p,
                              chain + 1);
    }
    int z1 = tech_cells_lowest(colour & cl->sees[b][0]);
    int na = graph_path(g, tech_cell_bit(z1), colour & cl->sees[b][1], chain);
    int z2 = chain[na - 1];
    int nb = graph_path(g, cl->members[b][1] & tech_peers(z2),
                        cl->members[b][0] & tech_peers(z1), chain + na);
    *join = na;
    return na + nb;
}

static int multi_2_digit(struct tech_ctx *ctx, const struct graph *g,
                         const struct tech_digits *dg, int d,
                         struct human_step *step)
{
    const struct human_state *st = ctx->st;
    const struct clusters *cl = &g->cl;
    uint8_t chain[GRID_CELLS];
    (void)dg;
    for (int a = 0; a < cl->n; a++) {
        for (int ka = 0; ka < 2; ka++) {
            for (int b = 0; b < cl->n; b++) {
                tech_cells z = multi_2_cells(cl, a, ka, b);
                if (!z)
                    continue;
                int join;
                int n = multi_2_chain(g, z, b, chain, &join);
                tech_step_reset(step);
                eliminate_set(step, st, cl->members[a][ka], d);
                cause_chain(step, chain, n, tech_bit(d));
                tech_say(step, "Multi-colouring (type 2): ");
                if (join == 1) {
                    tech_say_cell(step, chain[0]);
                    tech_say(step, " sees both colours of the conjugate %ds ", d);
                    say_chain(step, chain + 1, n - 1);
                    tech_say(step, ", so its colour is false: ");
                } else {
                    tech_say_cell(step, chain[0]);
                    tech_say(step, " and ");
                    tech_say_cell(step, chain[join - 1]);
                    tech_say(step, " (one colour of the conjugate %ds ", d);
                    say_chain(step, chain, join);
                    tech_say(step, ") see ");
                    tech_say_cell(step, chain[n - 1]);
                    tech_say(step, " and ");
                    tech_say_cell(step, chain[join]);
                    tech_say(step, ", the two colours of the conjugate %ds ", d);
                    say_chain(step, chain + join, n - join);
                    tech_say(step, ", so their colour is false: ");
                }
                tech_say_elims(step);
                if (tech_found(ctx, step))
                    return 1;
            }
        }
    }
    return 0;
}

static colour_test *const colour_tests[4] = {
    trap_test,
    wrap_test,
    multi_1_test,
    multi_2_test,
};

static colour_search *const colour_searches[4] = {
    trap_digit,
    wrap_digit,
    multi_1_digit,
    multi_2_digit,
};

static const int colour_slot[4] = {
    TECH_MEMO_COLOUR_TRAP,
    TECH_MEMO_COLOUR_WRAP,
    TECH_MEMO_MULTI_1,
    TECH_MEMO_MULTI_2,
};

/* Colouring row `row` (0-3, in table order), digits in order.  The four
 * rows look at the same clusters: the first to build a digit's clusters
 * answers for itself and the rows after it that will look at the digit
 * (ctx->built.colour), by their tests; a row builds the graph and its step on
 * the digit where it applies. */
static int find_colour(struct tech_ctx *ctx, struct human_step *step, int row)
{
    const struct tech_digits *dg = tech_ctx_digits(ctx);
    struct tech_colour *cc = &ctx->built.colour;
    for (int d = 1; d <= 9; d++) {
        unsigned bit = 1u << (d - 1);
        int built = 0;
        struct clusters cl;
        if (tech_memo_digit_clean(ctx, colour_slot[row], d))
            continue;
        for (int k = row; k < 4; k++) {
            if ((cc->known[k] & bit) ||
                (k > row && tech_memo_digit_clean(ctx, colour_slot[k], d)))
                continue;
            if (!built)
                clusters_strong(&cl, dg, d);
            built = 1;
            cc->known[k] |= (uint16_t)bit;
            cc->found[k] = (uint16_t)((cc->found[k] & ~bit) |
                                      (colour_tests[k](&cl, dg->cells[d - 1]) ? bit
                                                                              : 0));
        }
        if (cc->found[row] & bit) {
            struct graph g;
            graph_strong(&g, dg, d);
            int r = colour_searches[row](ctx, &g, dg, d, step);
            if (r || !ctx->collect)
                return r;
        }
        tech_memo_digit_failed(ctx, colour_slot[row], d);
    }
    tech_step_reset(step);
    return 0;
}

int tech_find_simple_colour_trap(struct tech_ctx *ctx, struct human_step *step)
{
    return find_colour(ctx, step, 0);
}

int tech_find_simple_colour_wrap(struct tech_ctx *ctx, struct human_step *step)
{
    return find_colour(ctx, step, 1);
}

int tech_find_multi_colour_1(struct tech_ctx *ctx, struct human_step *step)
{
    return find_colour(ctx, step, 2);
}

int tech_find_multi_colour_2(struct tech_ctx *ctx, struct human_step *step)
{
    return find_colour(ctx, step, 3);
}

/* Remote pairs: the cells holding exactly pair (cells), linked when they
 * see each other.  A cell seeing both colours of a cluster loses both
 * digits, when the shortest chain between them has four cells or more
 * (two make a naked pair, or an XY-chain's job).  A cluster none of whose
 * cells changed since a search found nothing (changed) is the same
 * cluster, and removed nothing. */
static int remote_pair_for(struct tech_ctx *ctx, struct human_step *step,
                           unsigned pair, tech_cells cells, tech_cells changed)
{
    const struct human_state *st = ctx->st;
    struct graph g;
    uint8_t chain[GRID_CELLS], path[GRID_CELLS], list[GRID_CELLS];
    int n_cells = 0;
    for (tech_cells s = cells; s; s &= s - 1)
        list[n_cells++] = (uint8_t)tech_cells_lowest(s);
    if (n_cells < 4 || !(cells & changed))
        return 0;
    graph_init(&g);
    for (int i = 0; i < n_cells; i++)
        for (int j = i + 1; j < n_cells; j++)
            if (tech_sees(list[i], list[j]))
                graph_edge(&g, list[i], list[j]);
    graph_colour(&g);
    for (int c = 0; c < g.cl.n; c++) {
        tech_cells all = g.cl.members[c][0] | g.cl.members[c][1];
        tech_cells both = g.cl.sees[c][0] & g.cl.sees[c][1] & ~all;
        if (!g.cl.bipartite[c] || !both || !(all & changed))
            continue;
        int n_best = 0;
        tech_step_reset(step);
        for (tech_cells s = both; s; s &= s - 1) {
            int e = tech_cells_lowest(s);
            tech_cells p = tech_peers(e);
            int n = graph_path(&g, g.cl.members[c][0] & p, g.cl.members[c][1] & p,
                               path);
            if (n < 4 || !(st->cand[e] & pair) || st->value[e])
                continue;
            tech_eliminate_mask(step, st, e, pair);
            keep_shorter(chain, &n_best, path, n);
        }
        if (step->n_elim == 0)
            continue;
        cause_chain(step, chain, n_best, pair);
        tech_say(step, "Remote pair: ");
        say_chain(step, chain, n_best);
        tech_say(step, " hold only ");
        tech_say_digits(step, pair);
        tech_say(step, " and form a chain, so ");
        tech_say_cell(step, chain[0]);
        tech_say(step, " and ");
        tech_say_cell(step, chain[n_best - 1]);
        tech_say(step, " hold one each, so ");
        tech_say_elims(step);
        if (tech_found(ctx, step))
            return 1;
    }
    return 0;
}

/* Pairs in the order of the first bivalue cell holding them, every pair
 * (HoDoKu's Remote Pairs on 3/5 are found when 3/8 cells come first).  A
 * failed search tried every pair, so a cluster none of whose cells
 * changed since was searched then. */
int tech_find_remote_pair(struct tech_ctx *ctx, struct human_step *step)
{
    const struct tech_digits *dg = tech_ctx_digits(ctx);
    tech_cells left = tech_ctx_counts(ctx)[2];
    tech_cells changed = tech_memo_changed(ctx, TECH_MEMO_REMOTE_PAIR);
    while (left) {
        unsigned pair = ctx->st->cand[tech_cells_lowest(left)];
        int lo = bits_lowest(pair);
        tech_cells cells = left & dg->cells[lo] &
                           dg->cells[bits_lowest(pair & (pair - 1))];
        left &= ~cells;
        if (remote_pair_for(ctx, step, pair, cells, changed))
            return 1;
    }
    tech_memo_whole_failed(ctx, TECH_MEMO_REMOTE_PAIR);
    tech_step_reset(step);
    return 0;
}

/* A chain of n cells (one cause each): SE's X-chain from an eliminated
 * cell along the chain and back has n + 2 nodes. */
int tech_rate_chain_open(const struct human_step *step)
{
    return 66 + tech_se_length_bonus(step->n_cause);
}

/* A chain of n cells whose ends contradict the first: n + 1 nodes. */
int tech_rate_chain_closed(const struct human_step *step)
{
    return 66 + tech_se_length_bonus(step->n_cause - 1);
}
