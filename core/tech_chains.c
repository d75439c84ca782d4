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
 * Explainer would rate lowest), or the first it meets when any will do
 * (tech_ctx's any).  Reaching (v on) gives:
 *  - v == s: s off implies s on, so s is true (discontinuous nice loop);
 *  - v weakly linked to s: the chain closes into a continuous nice loop,
 *    every weak link of it holds as a strong one, and candidates weakly
 *    linked to both ends of any of its weak links go;
 *  - else candidates weakly linked to both s and v go.
 * The three rows restrict the links: X-chains one digit and house links,
 * XY-chains bivalue cells joined by same-digit links, AIC everything.
 * HoDoKu's X- and XY-chains (its rater's rows) also restrict the ends:
 * open chains only, ending on the start's digit in another cell.  Collect
 * mode lists, from each start, the shortest walk to every productive end
 * (chains of CH_COLLECT_LEN nodes at most).
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

#define CH_NODES TECH_NODES
#define CH_MAX_LEN 16 /* nodes in a chain at most (normal mode) */
/* collect mode's: HoDoKu's chain finders go further (its X-/XY-chains to
 * 20 links by default, its nice loops and AICs without a bound); 20 nodes
 * made the HoDoKu pass agree best (calib_hodoku: effort = score on 81.8%
 * of the rows at 16, 84.5% at 20, 83.5% at 24, 83.2% at 32) */
#define CH_COLLECT_LEN 20

enum {
    CH_HOUSE_STRONG = 1,  /* conjugate pair of a digit in a house */
    CH_CELL_STRONG = 2,   /* bivalue cell */
    CH_HOUSE_WEAK = 4,    /* same digit, cells that see each other */
    CH_CELL_WEAK = 8,     /* same cell, other digit */
    CH_BIVALUE_ONLY = 16, /* XY: only bivalue cells take part */
    CH_OPEN_ONLY = 32,    /* HoDoKu's X-/XY-chains: open chains whose ends
                             hold the start's digit, in another cell (its
                             loops are its nice loops, found by the AIC row) */
    CH_STRONG = CH_HOUSE_STRONG | CH_CELL_STRONG,
    /* the links of each row */
    CH_ROW_X = CH_HOUSE_STRONG | CH_HOUSE_WEAK,
    CH_ROW_XY = CH_CELL_STRONG | CH_HOUSE_WEAK | CH_BIVALUE_ONLY,
    CH_ROW_AIC = CH_HOUSE_STRONG | CH_CELL_STRONG | CH_HOUSE_WEAK | CH_CELL_WEAK,
    CH_ROW_X_OPEN = CH_ROW_X | CH_OPEN_ONLY,
    CH_ROW_XY_OPEN = CH_ROW_XY | CH_OPEN_ONLY,
};

#define CH_IN_CELL TECH_LINK_IN_CELL

struct ch_search {
    const struct human_state *st;
    const struct tech_links *g;
    const tech_cells *with; /* [d-1]: empty cells holding d */
    unsigned links;
    tech_cells go[9]; /* [d-1]: cells whose d has one */
    int max_len;
    /* the start of the walk: its cell, digit, the cell's candidates, the
     * cell's houses, and the cells it sees holding its digit */
    int s_cell, s_digit;
    unsigned s_cand;
    uint32_t s_houses;
    tech_cells s_victims;
    /* the breadth-first walk from one start: visited off states as cell
     * sets per digit (bit c of word c / 64); per on state (by node) the
     * walk that reached it (tag, above bit 16: walks count up, so a
     * smaller tag is an earlier walk's and no clearing is needed between
     * walks) and the off node it came from; per off state the on node it
     * came from.  Only on states are queued. */
    union {
        tech_cells set;
        uint64_t w[2];
    } off_seen[9];
    uint32_t tag;
    uint32_t on_from[CH_NODES];
    uint16_t off_from[CH_NODES];
    uint16_t queue[CH_NODES];
    /* the best chain so far */
    int best_len, best_kind;
    uint16_t best[CH_COLLECT_LEN];
    /* collect mode (chain_all): every productive end of a walk is a step
     * handed to ctx, not only the first; stop: the collector asked to
     * stop */
    int all, stop;
    int any; /* normal mode: the first productive chain will do */
    struct tech_ctx *ctx; /* the search's (its kept step, collect mode) */
    struct human_step *out;
    const char *name;
};

enum { CH_KIND_AIC = 0, CH_KIND_LOOP = 1, CH_KIND_PLACE = 2 };

/* A node's cell and digit, from tables: the walk asks on every state it
 * reaches, and a load is cheaper than a division by 9. */
#define CH_D9 1, 2, 3, 4, 5, 6, 7, 8, 9
#define CH_D81 CH_D9, CH_D9, CH_D9, CH_D9, CH_D9, CH_D9, CH_D9, CH_D9, CH_D9
static const uint8_t ch_digit[CH_NODES] = {CH_D81, CH_D81, CH_D81, CH_D81, CH_D81,
                                           CH_D81, CH_D81, CH_D81, CH_D81};
#define CH_C9(c) c, c, c, c, c, c, c, c, c
#define CH_R9(r) \
    CH_C9(9 * (r)), CH_C9(9 * (r) + 1), CH_C9(9 * (r) + 2), CH_C9(9 * (r) + 3), \
        CH_C9(9 * (r) + 4), CH_C9(9 * (r) + 5), CH_C9(9 * (r) + 6), \
        CH_C9(9 * (r) + 7), CH_C9(9 * (r) + 8)
static const uint8_t ch_cell[CH_NODES] = {CH_R9(0), CH_R9(1), CH_R9(2),
                                          CH_R9(3), CH_R9(4), CH_R9(5),
                                          CH_R9(6), CH_R9(7), CH_R9(8)};

static int node_cell(int n)
{
    return ch_cell[n];
}
static int node_digit(int n)
{
    return ch_digit[n];
}

static int sees(int a, int b)
{
    return (int)(tech_peers(a) >> b) & 1;
}

/* 1 when a and b (different candidates) cannot both be true. */
static int weak_linked(int a, int b)
{
    if (a == b)
        return 0;
    if (node_cell(a) == node_cell(b))
        return 1;
    return node_digit(a) == node_digit(b) && tech_sees(node_cell(a), node_cell(b));
}

/* A node has at most three house links (house_links makes a box pair that
 * is also a line pair once) and one cell link; the test keeps a mistake
 * there from writing past strong[a]. */
static void add_strong(struct tech_links *g, int a, int b, unsigned flag)
{
    if (g->n_strong[a] == 4)
        return;
    g->strong[a][g->n_strong[a]++] = (uint16_t)((unsigned)b | flag);
    g->kinds[a] |= flag ? CH_CELL_STRONG : CH_HOUSE_STRONG;
}

/* The strong link between digit da of cell ca and digit db of cell cb
 * (flag: CH_IN_CELL when ca is cb), both ways. */
static void add_link(struct tech_links *g, int ca, int da, int cb, int db,
                     unsigned flag)
{
    add_strong(g, ca * 9 + da - 1, cb * 9 + db - 1, flag);
    add_strong(g, cb * 9 + db - 1, ca * 9 + da - 1, flag);
    g->linked[ca] |= (uint16_t)tech_bit(da);
    g->linked[cb] |= (uint16_t)tech_bit(db);
}

/* Digits with exactly two places in house h, less those placed there: a
 * count to two, bit-sliced over the house's cells (none for a filled
 * cell). */
static unsigned house_pairs(const struct tech_houses *hv, int h)
{
    unsigned once = 0, twice = 0, more = 0;
    for (int i = 0; i < 9; i++) {
        unsigned c = hv->cand[h][i];
        more |= twice & c;
        twice |= once & c;
        once |= c;
    }
    return twice & ~more & ~(unsigned)hv->placed[h];
}

/* Whether cells a and b, the two places of d in a box, are also the two
 * places of d on a line (pairs: per line, the digits it has in two). */
static int line_pair(const unsigned *pairs, int a, int b, int d)
{
    if (tech_row_of(a) == tech_row_of(b))
        return (pairs[TECH_ROW(tech_row_of(a))] & tech_bit(d)) != 0;
    if (tech_col_of(a) == tech_col_of(b))
        return (pairs[TECH_COL(tech_col_of(a))] & tech_bit(d)) != 0;
    return 0;
}

/* The strong links of the houses (conjugate pairs), house by house.  A
 * box's pair on one line that is the line's pair too was linked with the
 * line (lines come first): it is not linked twice. */
static void house_links(struct tech_links *g, const struct tech_houses *hv,
                        const struct tech_digits *dg)
{
    unsigned pairs[TECH_HOUSES];
    for (int h = 0; h < TECH_HOUSES; h++) {
        pairs[h] = house_pairs(hv, h);
        for (unsigned m = pairs[h]; m; m &= m - 1) {
            int d = tech_lowest_digit(m);
            unsigned pos = dg->pos[d - 1][h];
            int ca = tech_house_cells[h][bits_lowest(pos)];
            int cb = tech_house_cells[h][bits_lowest(pos & (pos - 1u))];
            if (h >= TECH_BOX(0) && line_pair(pairs, ca, cb, d))
                continue;
            add_link(g, ca, d, cb, d, 0);
            g->house_strong[d - 1] |= tech_cell_bit(ca) | tech_cell_bit(cb);
        }
    }
}

const struct tech_links *tech_ctx_links(struct tech_ctx *ctx)
{
    struct tech_links *g = &ctx->links;
    const struct human_state *st = ctx->st;
    if (ctx->built.links)
        return g;
    ctx->built.links = 1;
    memset(g->n_strong, 0, sizeof g->n_strong);
    memset(g->kinds, 0, sizeof g->kinds);
    memset(g->linked, 0, sizeof g->linked);
    memset(g->house_strong, 0, sizeof g->house_strong);
    house_links(g, tech_ctx_houses(ctx), tech_ctx_digits(ctx));
    g->bivalue = tech_ctx_counts(ctx)[2];
    for (tech_cells b = g->bivalue; b; b &= b - 1) {
        int cell = tech_cells_lowest(b);
        unsigned m = st->cand[cell];
        add_link(g, cell, tech_lowest_digit(m), cell,
                 tech_lowest_digit(m & (m - 1u)), CH_IN_CELL);
    }
    return g;
}

/* ---- what a chain proves -------------------------------------------- */

/* Removes every candidate weakly linked to both a and b. */
static void elim_both(struct human_step *step, const struct ch_search *s, int a,
                      int b)
{
    const struct human_state *st = s->st;
    int ca = node_cell(a), cb = node_cell(b), da = node_digit(a),
        db = node_digit(b);
    if (ca == cb) {
        tech_eliminate_mask(step, st, ca,
                            ~(tech_bit(da) | tech_bit(db)) & HUMAN_ALL_DIGITS);
        return;
    }
    if (da != db) {
        if (tech_sees(ca, cb)) {
            tech_eliminate(step, st, ca, db);
            tech_eliminate(step, st, cb, da);
        }
        return;
    }
    for (tech_cells m = tech_peers(ca) & tech_peers(cb) & s->with[da - 1]; m;
         m &= m - 1)
        tech_eliminate(step, st, tech_cells_lowest(m), da);
}

/* Whether elim_both(a, b) would remove anything: the test on every chain
 * end, before a step is built for the one kept. */
static int elim_any(const struct ch_search *s, int a, int b)
{
    const struct human_state *st = s->st;
    int ca = node_cell(a), cb = node_cell(b), da = node_digit(a),
        db = node_digit(b);
    if (ca == cb)
        return !st->value[ca] &&
               (st->cand[ca] & ~(tech_bit(da) | tech_bit(db)) & HUMAN_ALL_DIGITS);
    if (da != db)
        return sees(ca, cb) && ((!st->value[ca] && (st->cand[ca] & tech_bit(db))) ||
                                (!st->value[cb] && (st->cand[cb] & tech_bit(da))));
    return (tech_peers(ca) & tech_peers(cb) & s->with[da - 1]) != 0;
}

/* Records what the chain nodes[0..n-1] of this kind proves. */
static void conclude(struct human_step *step, const struct ch_search *s,
                     const uint16_t *nodes, int n, int kind)
{
    if (kind == CH_KIND_PLACE) {
        tech_place(step, node_cell(nodes[0]), node_digit(nodes[0]));
        return;
    }
    elim_both(step, s, nodes[0], nodes[n - 1]);
    if (kind == CH_KIND_LOOP)
        for (int i = 1; i + 1 < n; i += 2)
            elim_both(step, s, nodes[i], nodes[i + 1]);
}

/* ---- the search ------------------------------------------------------ */

/* The node before the node at position i of the walk's path (its
 * positions alternate off, on, off ... from the start at 0). */
static int node_before(const struct ch_search *s, int node, int i)
{
    return (i & 1) ? (int)(s->on_from[node] & 0xffffu) : s->off_from[node];
}

/* Path to (v on), n nodes, into out, start first. */
static void path_to(const struct ch_search *s, int v, int n, uint16_t *out)
{
    for (int i = n - 1; i > 0; i--) {
        out[i] = (uint16_t)v;
        v = node_before(s, v, i);
    }
    out[0] = (uint16_t)v;
}

/* What a chain from start ending at (v on) would be: CH_KIND_*, or -1
 * when its ends prove nothing (a loop is judged later, on its path).
 * Without cell links every node has the start's digit. */
static inline __attribute__((always_inline)) int
end_kind(const struct ch_search *s, int start, int v, unsigned links)
{
    int cv = node_cell(v);
    int dv = (links & (CH_CELL_STRONG | CH_CELL_WEAK)) ? node_digit(v) : s->s_digit;
    if ((links & CH_OPEN_ONLY) && (cv == s->s_cell || dv != s->s_digit))
        return -1;
    if (v == start)
        return CH_KIND_PLACE;
    if (cv == s->s_cell) { /* weakly linked in the cell */
        if (links & CH_CELL_WEAK)
            return CH_KIND_LOOP;
        return (s->s_cand & ~(tech_bit(dv) | tech_bit(s->s_digit)) &
                HUMAN_ALL_DIGITS)
                   ? CH_KIND_AIC
                   : -1;
    }
    int seen = (tech_cell_houses[cv] & s->s_houses) != 0;
    if (dv == s->s_digit) {
        if (seen && (links & CH_HOUSE_WEAK) && !(links & CH_OPEN_ONLY))
            return CH_KIND_LOOP; /* weakly linked in a house */
        return (tech_peers(cv) & s->s_victims) ? CH_KIND_AIC : -1;
    }
    /* elim_any: something sees both ends */
    if (!seen)
        return -1;
    return ((s->s_cand & tech_bit(dv)) || (s->st->cand[cv] & tech_bit(s->s_digit)))
               ? CH_KIND_AIC
               : -1;
}

/* Whether the ends of a loop from the start to (v on), weakly linked,
 * prove something (elim_any, from what is known of the start). */
static inline int loop_ends_prove(const struct ch_search *s, int v)
{
    int cv = node_cell(v);
    if (cv == s->s_cell)
        return (s->s_cand & ~(tech_bit(node_digit(v)) | tech_bit(s->s_digit)) &
                HUMAN_ALL_DIGITS) != 0;
    return (tech_peers(cv) & s->s_victims) != 0;
}

/* Whether the weak links (on -> off) inside the loop to (v on), n nodes,
 * prove something, walking back, before any path is built. */
static int loop_links_prove(const struct ch_search *s, int v, int n)
{
    for (int i = n - 2; i >= 2; i -= 2) {
        int off = node_before(s, v, i + 1);
        v = node_before(s, off, i);
        if (elim_any(s, v, off))
            return 1;
    }
    return 0;
}

static void conclude(struct human_step *step, const struct ch_search *s,
                     const uint16_t *nodes, int n, int kind);
static void chain_tell(struct human_step *step, const struct ch_search *s,
                       const char *name);

/* Collect mode: whether the receiver cannot take the step of an end of
 * this kind at (v on) that is not a loop, told before it is built.  Such
 * an end's step (conclude) depends on its two ends alone: a placement
 * (no elimination), or elim_both of the start and v, which removes the
 * start's digit from the cells seeing both ends when the digits are the
 * same (tech_kept_beats_set: fewer than the kept step, or as many with a
 * larger index sum), else the start's other digits (one cell) or the
 * two digits crosswise (two cells seeing each other), each candidate
 * only where it is, as tech_eliminate records it; a count is then
 * enough (tech_kept_beats), as keep_end asks after building it. */
static int end_beaten(const struct ch_search *s, int v, int kind)
{
    const struct human_state *st = s->st;
    int ca = s->s_cell, cb = node_cell(v), da = s->s_digit, db = node_digit(v);
    if (kind == CH_KIND_PLACE)
        return tech_kept_beats(s->ctx, 0);
    if (kind != CH_KIND_AIC)
        return 0;
    if (da == db && ca != cb)
        return tech_kept_beats_set(s->ctx, tech_peers(ca) & tech_peers(cb) & s->with[da - 1],
                                   da);
    if (ca == cb)
        return tech_kept_beats(s->ctx,
                               bits_count(st->cand[ca] & ~(tech_bit(da) | tech_bit(db)) &
                                          HUMAN_ALL_DIGITS));
    return tech_kept_beats(s->ctx, sees(ca, cb) ? ((st->cand[ca] & tech_bit(db)) != 0) +
                                                      ((st->cand[cb] & tech_bit(da)) != 0)
                                                : 0);
}

/* Keeps the chain to (v on), n nodes, of this kind as the best.  Returns
 * 1 when the walk is to stop there: always in normal mode; in collect
 * mode (s->all) the chain is handed on as a step (unless it has fewer
 * eliminations than the receiver's kept step: never taken, so not
 * built further) and the walk goes on unless the collector asks to
 * stop. */
static int keep_end(struct ch_search *s, int v, int n, int kind)
{
    if (__builtin_expect(s->all, 0) && end_beaten(s, v, kind))
        return 0;
    s->best_len = n;
    s->best_kind = kind;
    path_to(s, v, n, s->best);
    if (__builtin_expect(!s->all, 1))
        return 1;
    tech_step_reset(s->out);
    conclude(s->out, s, s->best, n, kind);
    if (tech_kept_beats(s->ctx, s->out->n_elim))
        return 0;
    chain_tell(s->out, s, s->name);
    s->stop = tech_found(s->ctx, s->out);
    return s->stop;
}

/* A chain from start to (v on), n nodes: kept when productive (a loop,
 * when its ends or its weak links prove something; the shortest, from
 * a start's strong link back to it, has no weak link inside).  Returns 1
 * when kept and the walk is to stop (keep_end).  The walk only reaches
 * ends shorter than the best. */
static inline __attribute__((always_inline)) int
try_end(struct ch_search *s, int start, int v, int n, unsigned links)
{
    int kind = end_kind(s, start, v, links);
    if (kind < 0 || (kind == CH_KIND_LOOP && !loop_ends_prove(s, v) &&
                     (n == 2 || !loop_links_prove(s, v, n))))
        return 0;
    return keep_end(s, v, n, kind);
}

static int off_seen_has(const struct ch_search *s, int d, int cell)
{
    return (int)(s->off_seen[d - 1].w[cell >> 6] >> (cell & 63)) & 1;
}

static void off_seen_add(struct ch_search *s, int d, int cell)
{
    s->off_seen[d - 1].w[cell >> 6] |= (uint64_t)1 << (cell & 63);
}

/* The on states of the strong links of (u off), reached at length n,
 * queued at *tail and tried as ends.  Returns 1 when one was kept. */
static inline __attribute__((always_inline)) int
expand_off(struct ch_search *s, int start, int u, int n, int *tail, unsigned links)
{
    const struct tech_links *g = s->g;
    int cell_link = (g->kinds[u] & CH_CELL_STRONG) != 0;
    /* a node's house links come first, its cell link (if any) last */
    int end = (links & CH_CELL_STRONG) ? g->n_strong[u]
                                       : g->n_strong[u] - cell_link;
    int i = (links & CH_HOUSE_STRONG) ? 0 : g->n_strong[u] - cell_link;
    for (; i < end; i++) {
        int v = (int)(g->strong[u][i] & ~CH_IN_CELL);
        if (s->on_from[v] >= s->tag)
            continue;
        s->on_from[v] = s->tag | (uint32_t)u;
        s->queue[(*tail)++] = (uint16_t)v;
        if (try_end(s, start, v, n, links))
            return 1;
    }
    return 0;
}

/* The off states of the weak links of (u on) at length len, each
 * expanded as it is reached: those in u's cell first, then the same
 * digit in the cells u sees, in cell order.  An off state without a
 * strong link the search allows leads nowhere: it is not expanded.
 * Returns 1 when an end was kept. */
static inline __attribute__((always_inline)) int
expand_on(struct ch_search *s, int start, int u, int len, int *tail, unsigned links)
{
    int cell = node_cell(u), d = node_digit(u);
    if (links & CH_CELL_WEAK)
        for (unsigned m = s->g->linked[cell] & ~tech_bit(d); m; m &= m - 1) {
            int e = tech_lowest_digit(m), w = cell * 9 + e - 1;
            if (((links & CH_STRONG) != CH_STRONG && !(s->g->kinds[w] & links)) ||
                off_seen_has(s, e, cell))
                continue;
            off_seen_add(s, e, cell);
            s->off_from[w] = (uint16_t)u;
            if (expand_off(s, start, w, len + 2, tail, links))
                return 1;
        }
    if (!(links & CH_HOUSE_WEAK))
        return 0;
    tech_cells m = tech_peers(cell) & s->go[d - 1] & ~s->off_seen[d - 1].set;
    s->off_seen[d - 1].set |= m;
    for (; m; m &= m - 1) {
        int w = tech_cells_lowest(m) * 9 + d - 1;
        s->off_from[w] = (uint16_t)u;
        if (expand_off(s, start, w, len + 2, tail, links))
            return 1;
    }
    return 0;
}

/* Whether HoDoKu's open chains (CH_OPEN_ONLY) from digit d of cell may
 * prove anything, and (collect mode) give an instance the receiver takes
 * (tech_ctx's kept).  Such a chain ends on d in a cell v of go[d] other
 * than the start's (end_kind: a strong link of d, or of a bivalue cell,
 * leads there) and removes exactly the d of the cells seeing both ends
 * (conclude, elim_both: no loop, no placement), which each end's cells
 * tell before any walk: a start none of whose ends removes anything, or
 * whose every end removes fewer than the kept step, or as many with a
 * larger index sum, gives nothing (taken). */
static int open_start_may_win(const struct ch_search *s, int cell, int d)
{
    tech_cells victims = tech_peers(cell) & s->with[d - 1];
    if (tech_kept_beats(s->ctx, tech_cells_count(victims)))
        return 0;
    for (tech_cells v = s->go[d - 1] & ~tech_cell_bit(cell); v; v &= v - 1) {
        tech_cells elim = victims & tech_peers(tech_cells_lowest(v));
        if (elim && !tech_kept_beats_set(s->ctx, elim, d))
            return 1;
    }
    return 0;
}

/* Breadth first from (start off), up to the best length found so far:
 * (u off) -> (v on) along the strong links the search allows, each end
 * tried as it is reached; (u on) -> (w off) along the weak links.  Each
 * off state is expanded as soon as it is reached, which is the order a
 * queue of them would give. */
static inline __attribute__((always_inline)) void
search_from(struct ch_search *s, int start, unsigned links)
{
    int limit = s->best_len ? s->best_len - 1 : s->max_len;
    int head = 0, tail = 0;
    s->s_cell = node_cell(start);
    s->s_digit = node_digit(start);
    /* without cell links the walk keeps to the start's digit */
    if (links & (CH_CELL_STRONG | CH_CELL_WEAK))
        memset(s->off_seen, 0, sizeof s->off_seen);
    else
        s->off_seen[s->s_digit - 1].set = 0;
    s->tag += 1u << 16;
    s->s_cand = s->st->cand[s->s_cell];
    s->s_houses = tech_cell_houses[s->s_cell];
    s->s_victims = tech_peers(s->s_cell) & s->with[s->s_digit - 1];
    off_seen_add(s, s->s_digit, s->s_cell);
    if (limit < 2 || expand_off(s, start, start, 2, &tail, links))
        return;
    /* on states of length len expand to ends of length len + 2 */
    for (int len = 2; head < tail && len + 2 <= limit; len += 2)
        for (int level_end = tail; head < level_end; head++)
            if (expand_on(s, start, s->queue[head], len, &tail, links))
                return;
}

/* Whether the search can stop at the best chain: any chain will do
 * (tech_ctx's any), or nothing shorter can prove anything. */
static int done(const struct ch_search *s)
{
    return s->best_len &&
           (s->any || (s->best_len <= 4 && s->best_kind != CH_KIND_PLACE));
}

/* The walks from the starts in cells with one of digits, in cell then
 * digit order, while a shorter chain may be found.  A chain leaves its
 * start by a strong link of a kind the search allows. */
static inline __attribute__((always_inline)) void
search_all(struct ch_search *s, tech_cells cells, unsigned digits, unsigned links)
{
    for (; cells && !done(s); cells &= cells - 1) {
        int cell = tech_cells_lowest(cells);
        for (unsigned m = s->st->cand[cell] & digits; m && !done(s); m &= m - 1) {
            int start = cell * 9 + bits_lowest(m);
            if ((s->g->kinds[start] & links & CH_STRONG) &&
                (!(links & CH_OPEN_ONLY) || open_start_may_win(s, cell, bits_lowest(m) + 1)))
                search_from(s, start, links);
        }
    }
}

/* The walks compiled once per row: the links are constants there, and
 * the tests on them go from the inner loops. */
static inline __attribute__((always_inline)) void
search_row(struct ch_search *s, tech_cells cells, unsigned digits)
{
    switch (s->links) {
    case CH_ROW_X:
        search_all(s, cells, digits, CH_ROW_X);
        break;
    case CH_ROW_XY:
        search_all(s, cells, digits, CH_ROW_XY);
        break;
    case CH_ROW_X_OPEN:
        search_all(s, cells, digits, CH_ROW_X_OPEN);
        break;
    case CH_ROW_XY_OPEN:
        search_all(s, cells, digits, CH_ROW_XY_OPEN);
        break;
    default:
        search_all(s, cells, digits, CH_ROW_AIC);
        break;
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
    if (!(links & CH_CELL_STRONG)) {
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
            tech_say(step, " (%d=%d)", node_digit(nodes[i]),
                     node_digit(nodes[i + 1]));
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
    if (!(s->links & CH_CELL_STRONG))
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

/* The causes and sentence of the best chain kept, whose eliminations
 * the step has (conclude). */
static void chain_tell(struct human_step *step, const struct ch_search *s,
                       const char *name)
{
    for (int i = 0; i < s->best_len; i++)
        tech_cause(step, node_cell(s->best[i]), node_digit(s->best[i]));
    say_step(step, s, name);
}

/* The step of the best chain kept (from an empty step). */
static void chain_step(struct human_step *step, const struct ch_search *s,
                       const char *name)
{
    conclude(step, s, s->best, s->best_len, s->best_kind);
    chain_tell(step, s, name);
}

/* Collect mode: every productive chain of each start, starts in the
 * search's order (cells, then digits), ends in the walk's (breadth
 * first, so the shortest walk to each end), each a step: the walk of one
 * start alone, to CH_COLLECT_LEN nodes.  HoDoKu's chain finders
 * keep one chain per start and end this way and then choose among them
 * all (most eliminations first), so a rater choosing as HoDoKu does sees
 * the chains HoDoKu sees, not only each start's shortest. */
__attribute__((noinline)) static int
chain_all(struct tech_ctx *ctx, struct human_step *step, struct ch_search *s,
          tech_cells cells, unsigned digits, const char *name)
{
    s->all = 1;
    s->stop = 0;
    s->ctx = ctx;
    s->out = step;
    s->name = name;
    for (; cells; cells &= cells - 1) {
        int cell = tech_cells_lowest(cells);
        for (unsigned m = s->st->cand[cell] & digits; m; m &= m - 1) {
            s->best_len = 0;
            search_row(s, tech_cell_bit(cell), m & -m);
            if (s->stop)
                return 1;
        }
    }
    return 0;
}

/* The cells of XY-chains that can reach a changed cell: after a search
 * found nothing, an XY-chain can only remove something through a bivalue
 * cell that changed (its links join bivalue cells, and are there
 * whenever both cells are), so it starts among the bivalue cells joined
 * to a changed one by a path of bivalue cells, each seeing the next and
 * sharing a digit with it. */
static tech_cells xy_reach(const struct ch_search *s, tech_cells changed)
{
    const tech_cells bivalue = s->g->bivalue;
    tech_cells reach = changed & bivalue, frontier = reach;
    while (frontier) {
        tech_cells next = 0;
        for (; frontier; frontier &= frontier - 1) {
            int c = tech_cells_lowest(frontier);
            unsigned m = s->st->cand[c];
            next |= tech_peers(c) &
                    (s->with[bits_lowest(m)] | s->with[bits_lowest(m & (m - 1))]);
        }
        frontier = next & bivalue & ~reach;
        reach |= frontier;
    }
    return reach;
}

/* Runs the search over every start (in cell, digit order) and builds the
 * step of the shortest productive chain (of the first, when any will
 * do).  A chain leaves its start by a strong link of a kind the search
 * allows: the starts are in the cells of go, for the digits searched.
 * With the memo, starts that
 * cannot find anything are skipped: X-chains (one digit each) skip the
 * digits where nothing was found and nothing changed since (digit_slot),
 * XY-chains the cells that cannot reach a changed one (whole_slot); a
 * search finding nothing marks what it searched. */
static int find_chain(struct tech_ctx *ctx, struct human_step *step, unsigned links,
                      int max_len, const char *name, int digit_slot, int whole_slot)
{
    const struct human_state *st = ctx->st;
    struct ch_search s; /* about 6 KB: no allocation, reentrant */
    unsigned digits = HUMAN_ALL_DIGITS;
    tech_cells starts = ~(tech_cells)0;
    s.st = st;
    s.g = tech_ctx_links(ctx);
    s.with = tech_ctx_digits(ctx)->cells;
    s.links = links;
    s.max_len = max_len;
    s.best_len = 0;
    s.all = 0;
    s.any = ctx->any;
    s.ctx = ctx;
    s.tag = 0;
    memset(s.on_from, 0, sizeof s.on_from);
    if (digit_slot >= 0)
        for (int d = 1; d <= 9; d++)
            if (tech_memo_digit_clean(ctx, digit_slot, d))
                digits &= ~tech_bit(d);
    if (whole_slot >= 0) {
        tech_cells changed = tech_memo_changed(ctx, whole_slot);
        if (~changed)
            starts = xy_reach(&s, changed);
    }
    unsigned kinds = links & CH_STRONG;
    tech_cells cells = 0;
    for (int d = 0; d < 9; d++) {
        s.go[d] = ((kinds & CH_HOUSE_STRONG) ? s.g->house_strong[d] : 0) |
                  ((kinds & CH_CELL_STRONG) ? s.g->bivalue & s.with[d] : 0);
        if (links & CH_BIVALUE_ONLY)
            s.go[d] &= s.g->bivalue;
        cells |= (digits >> d) & 1 ? s.go[d] : 0;
    }
    if (ctx->collect) {
        s.max_len = CH_COLLECT_LEN;
        return chain_all(ctx, step, &s, cells & starts, digits, name);
    }
    search_row(&s, cells & starts, digits);
    tech_step_reset(step);
    if (!s.best_len) {
        if (digit_slot >= 0)
            for (unsigned m = digits; m; m &= m - 1)
                tech_memo_digit_failed(ctx, digit_slot, tech_lowest_digit(m));
        if (whole_slot >= 0)
            tech_memo_whole_failed(ctx, whole_slot);
        return 0;
    }
    chain_step(step, &s, name);
    return 1;
}

int tech_find_x_chain(struct tech_ctx *ctx, struct human_step *step)
{
    return find_chain(ctx, step, CH_ROW_X, CH_MAX_LEN, "X-chain", TECH_MEMO_X_CHAIN,
                      -1);
}

int tech_find_xy_chain(struct tech_ctx *ctx, struct human_step *step)
{
    return find_chain(ctx, step, CH_ROW_XY, CH_MAX_LEN, "XY-chain", -1,
                      TECH_MEMO_XY_CHAIN);
}

int tech_find_x_chain_hodoku(struct tech_ctx *ctx, struct human_step *step)
{
    return find_chain(ctx, step, CH_ROW_X_OPEN, CH_MAX_LEN, "X-chain",
                      TECH_MEMO_X_CHAIN, -1);
}

int tech_find_xy_chain_hodoku(struct tech_ctx *ctx, struct human_step *step)
{
    return find_chain(ctx, step, CH_ROW_XY_OPEN, CH_MAX_LEN, "XY-chain", -1,
                      TECH_MEMO_XY_CHAIN);
}

int tech_find_aic(struct tech_ctx *ctx, struct human_step *step)
{
    return find_chain(ctx, step, CH_ROW_AIC, 12, "AIC", -1, -1);
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
