/*
 * tech_se_chains: Sudoku Explainer 1.2.1.3's forcing chains and cycles
 * (tech_find_se_chains, SE's Chaining(false, false, false)): bidirectional
 * X-, Y- and XY-cycles, forcing X-chains and forcing chains, rated 6.5 /
 * 6.6 / 7.0 + SE's length increment.  The link rules, the link table and
 * SE's choice of hint are tech_se_chaining's.
 *
 * Like SE it builds the same implications in the same breadth-first
 * order (so each chain has the links SE gives it), rates each hint by
 * SE's formula - the base of its kind plus SE's length increment of its
 * complexity, the number of distinct potentials of the chain - and takes
 * SE's choice: the lowest difficulty, then the lowest complexity, then
 * SE's sort key of the hint kind, then the first found in SE's order.
 *
 * Nothing is allocated: the work areas live on the stack of
 * tech_find_se_chains (about 280 KB).
 */
#include "tech_se_chaining.h"

#include <string.h>

/*
 * The grid does not change during these searches, so each call first
 * lays the links of every potential out in one table (sc_links), and for
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
                                 component may remove, 2 none can, 3 as 1
                                 and its links laid out (kbeg) */
    uint8_t reach[SC_POTS];   /* forcing: s reaches its conjugate */
    uint16_t rank[SC_POTS];   /* reach: the target components, ranked */
    bits128 mask[SC_POTS];    /* reach: per component, the targets reached */
    bits128 acc[SC_POTS];     /* reach: per potential, while its component
                                 is found: the targets its links reach */
    int n;                    /* components */
    int n_target;             /* ranked while found; over 128: not done */
    /* cycles: the links of a component's potentials that stay in it, in
     * their order, ke[kbeg[id] .. kend[id]), laid out (sc_scc_lay) when
     * the component's cycles are first searched; n_ke: ke's length */
    uint16_t kbeg[SC_POTS], kend[SC_POTS];
    uint16_t ke[GRID_CELLS * 9 * 32];
    int n_ke;
};

/* The Y-links' table: without x-links an "off" potential leads on only
 * in a bivalue cell (to its cell's other value), so every Y-cycle runs
 * through potentials of bivalue cells only, and a link to any other
 * potential can never be part of one (in the Y-cycles' search a link
 * that leaves the source's component is passed over).  b holds the
 * potentials of bivalue cells only, each with its links to those in
 * sc_links_build's order (the order SE's searches read): an "off" one
 * its cell link, an "on" one sc_on_to_off_in's list on a grid with the
 * bivalue cells' candidates only.  The Y-links' components and searches
 * read b, and so never look at the other potentials.  two: the bivalue
 * cells laid out, all of them or whole components of them (sc_loops_y):
 * a potential's links stay in its cell's component (they join bivalue
 * cells that share a house and a digit), so each component's part of b
 * is the same either way. */
static void sc_links_bivalue(struct sc_links *b, const struct sc_grid *g, tech_cells two)
{
    struct sc_grid t; /* g's candidates of the cells two only */
    uint16_t in[TECH_HOUSES];
    int n = 0, h[3], pos[3];
    memset(in, 0, sizeof in);
    memcpy(t.cand, g->cand, sizeof t.cand);
    for (tech_cells m = two; m; m &= m - 1) {
        sc_houses(bits_lowest128(m), h, pos);
        for (int k = 0; k < 3; k++)
            in[h[k]] |= (uint16_t)(1u << pos[k]);
    }
    for (int d = 0; d < 9; d++)
        for (int k = 0; k < TECH_HOUSES; k++)
            t.pos[d][k] = g->pos[d][k] & in[k];
    b->n_nodes = 0;
    for (int d = 1; d <= 9; d++)
        for (tech_cells m = g->dcells[d - 1] & two; m; m &= m - 1) {
            int cell = bits_lowest128(m);
            b->nodes[b->n_nodes++] = (uint16_t)sc_id(cell, d, 0);
            b->nodes[b->n_nodes++] = (uint16_t)sc_id(cell, d, 1);
        }
    /* in the order of the ids, so that start[on + 1] (the end of an "on"
     * potential's links) is the next potential's start when it is kept */
    for (tech_cells m = two; m; m &= m - 1) {
        int cell = bits_lowest128(m);
        unsigned cand = g->cand[cell];
        sc_houses(cell, h, pos);
        for (unsigned dm = cand; dm; dm &= dm - 1) {
            int d = bits_lowest(dm) + 1, off = sc_id(cell, d, 0), on = off + 1;
            /* "off": its cell's link only (the one a Y-link reads) */
            b->start[off] = (uint16_t)n;
            b->house[off >> 1][0] = -1;
            b->e[n++] = (uint16_t)sc_id(cell, bits_lowest(cand & ~tech_bit(d)) + 1, 1);
            b->split[off] = b->start[on] = (uint16_t)n;
            b->split[on] = (uint16_t)(n + 1);
            n += sc_on_to_off_in(&t, cell, d, 1, h, pos, b->e + n);
            b->start[on + 1] = (uint16_t)n;
        }
    }
}

/* Tarjan's components of the graph of setting (y, x), iteratively (the
 * walk's current potential and link in locals, the others in frame and
 * edge).  A potential placed in a component gets index SC_DONE, above
 * every low, so that a link to it never lowers one.  Without x-links it
 * walks sc_links_bivalue's table, whose potentials are those of bivalue
 * cells only.
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

/* Numbers the component just gathered (its potentials order[cstart[n]
 * ..)): m, the targets its links reach, target whether it is one, ons
 * its "on" potentials; returns the mask of the targets it reaches. */
static inline bits128 sc_scc_number(struct sc_scc *c, bits128 m, int target, int ons, int x)
{
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
    return m;
}

static inline void sc_scc_walk(struct sc_scc *c, const struct sc_links *a, int y, int x,
                               const int *span, int n_span)
{
    int counter = 0, sp = 0, nord = 0;
    c->n = 0;
    c->n_target = 0;
    c->n_ke = 0;
    for (int k = 0; k < n_span; k += 2)
        for (int i = span[k]; i < span[k + 1]; i++)
            c->index[a->nodes[i]] = SC_NONE;
    for (int k = 0; k < n_span; k += 2) {
        for (int i = span[k]; i < span[k + 1]; i++) {
            int v = a->nodes[i];
            if (c->index[v] != SC_NONE)
                continue;
            int fp = 0, ei = sc_links_from(a, v, y), ee = sc_links_to(a, v, x);
            bits128 acc = 0; /* v's; the other potentials' in c->acc */
            int lowv = counter; /* v's; the others' in c->low */
            c->index[v] = (uint16_t)counter++;
            c->stack[sp++] = (uint16_t)v;
            for (;;) {
                if (ei < ee) {
                    int w = a->e[ei++], iw = c->index[w];
                    if (iw == SC_NONE && sc_links_from(a, w, y) == sc_links_to(a, w, x)) {
                        /* a potential without links is a component of its
                         * own: the walk would enter it, place it and come
                         * back at once; it is placed here, as the walk would
                         * (its index is no other's low) */
                        c->cstart[c->n] = (uint16_t)nord;
                        c->comp[w] = (uint16_t)c->n;
                        c->index[w] = SC_DONE;
                        c->order[nord++] = (uint16_t)w;
                        bits128 m = sc_scc_number(c, 0, c->index[w ^ 1] != SC_DONE, sc_on(w), x);
                        if (x)
                            acc |= m;
                    } else if (iw == SC_NONE) {
                        c->frame[fp] = (uint16_t)v;
                        c->edge[fp++] = (uint16_t)ei;
                        c->acc[v] = acc;
                        c->low[v] = (uint16_t)lowv;
                        acc = 0;
                        v = w;
                        ei = sc_links_from(a, v, y);
                        ee = sc_links_to(a, v, x);
                        lowv = counter;
                        c->index[v] = (uint16_t)counter++;
                        c->stack[sp++] = (uint16_t)v;
                    } else if (iw == SC_DONE) {
                        if (x)
                            acc |= c->mask[c->comp[w]];
                    } else if (iw < lowv) {
                        lowv = iw;
                    }
                    continue;
                }
                c->acc[v] = acc;
                if (lowv == c->index[v]) {
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
                    sc_scc_number(c, m, target, ons, x);
                }
                if (!fp)
                    break;
                int low = lowv, done = c->index[v] == SC_DONE;
                int child = v;
                v = c->frame[--fp];
                ei = c->edge[fp];
                ee = sc_links_to(a, v, x);
                acc = c->acc[v];
                if (x && done)
                    acc |= c->mask[c->comp[child]];
                lowv = c->low[v];
                if (low < lowv)
                    lowv = low;
            }
        }
    }
    c->cstart[c->n] = (uint16_t)nord;
}

/* The components of the potentials of digits (bit d - 1 for digit d;
 * every digit with y-links): without y-links no link leaves a digit, so
 * the walk of the others' potentials is left out - a's nodes are laid
 * out digit by digit, each digit's cells (dcells) in order, so a digit's
 * run of them starts after two per cell of the digits before. */
static void sc_scc_build(struct sc_scc *c, const struct sc_links *a, int y, int x,
                         unsigned digits, const tech_cells dcells[9])
{
    int span[18], n_span = 0;
    if (digits == 0x1FFu) {
        span[n_span++] = 0;
        span[n_span++] = a->n_nodes;
    } else {
        for (int d = 0, at = 0; d < 9; d++) {
            int n = 2 * tech_cells_count(dcells[d]);
            if (digits >> d & 1u) {
                span[n_span++] = at;
                span[n_span++] = at + n;
            }
            at += n;
        }
    }
    /* one walk per x, each with x a constant */
    if (x)
        sc_scc_walk(c, a, y, 1, span, n_span);
    else
        sc_scc_walk(c, a, y, 0, span, n_span);
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
    return c->elim[k] & 1;
}

/* Lays out the links of component k's potentials that stay in k (under
 * link setting (y, x)), once (c->elim[k] 3): a cycle search from a
 * source of k reads no other link (sc_cycles), and each of k's sources
 * would otherwise pass over the others again. */
static void sc_scc_lay(struct sc_scc *c, const struct sc_links *a, int y, int x, int k)
{
    if (c->elim[k] == 3)
        return;
    c->elim[k] = 3;
    for (int i = c->cstart[k]; i < c->cstart[k + 1]; i++) {
        int w = c->order[i];
        c->kbeg[w] = (uint16_t)c->n_ke;
        for (int j = sc_links_from(a, w, y), e = sc_links_to(a, w, x); j < e; j++)
            if (c->comp[a->e[j]] == k)
                c->ke[c->n_ke++] = a->e[j];
        c->kend[w] = (uint16_t)c->n_ke;
    }
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
static void sc_scc_reach(struct sc_scc *c, const struct sc_links *a, const struct sc_grid *g,
                         int y, int x, unsigned digits)
{
    uint16_t ask[SC_POTS];
    int n_ask = 0, n_rank = 0, built = c->n_target <= 128;
    for (int cell = 0; cell < GRID_CELLS; cell++) {
        unsigned cand = g->cand[cell];
        if (bits_count(cand) < 2)
            continue;
        for (unsigned dm = cand & digits; dm; dm &= dm - 1)
            for (int id = sc_id(cell, bits_lowest(dm) + 1, 0), e = id + 2; id < e; id++) {
                int s = c->comp[id], t = c->comp[id ^ 1];
                c->reach[id] = s == t;
                if (s > t && built)
                    c->reach[id] = (uint8_t)(c->mask[s] >> c->rank[t] & 1);
                else if (s > t)
                    ask[n_ask++] = (uint16_t)id;
            }
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
                for (int j = sc_links_from(a, v, y), e = sc_links_to(a, v, x); j < e; j++) {
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
    struct sc_marks in;       /* the potentials reached */
    uint16_t par[SC_POTS];    /* forcing: the parent; cycles: the parent "off" */
    uint16_t gp[SC_POTS];     /* cycles: the parent's parent "on" */
    uint16_t depth[SC_POTS];  /* links from the source */
    uint16_t queue[SC_POTS];
    uint64_t anc[SC_POTS];    /* cycles: a filter of the "off" ancestors */
};

static inline int sc_u_member(const struct sc_unary *u, int id)
{
    return sc_marks_has(&u->in, id);
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

/* The kept hint as a bound on the hints of one kind (base, key): lim,
 * the greatest complexity a hint of that kind may have and still come
 * before the kept one, for the kept hint (have, diff, cx, bkey) it was
 * worked out from.  sc_better is monotone in the complexity cx for one
 * kind: base + sc_length_difficulty(cx) never decreases as cx grows, and
 * at an equal difficulty the lower cx comes first; so
 * sc_better(r, base + sc_length_difficulty(cx), cx, key) holds exactly
 * when cx <= lim, and a search compares its least complexity with lim
 * instead of working the difficulty out at every potential. */
struct sc_bound {
    double base;
    int key;
    int have, cx, bkey, lim;
    double diff;
};

/* Greater than any complexity a search asks about (2 * depth + 2, with
 * a depth below SC_POTS). */
#define SC_LIM_CAP (2 * SC_POTS + 2)

static void sc_bound_init(struct sc_bound *b, double base, int key)
{
    b->base = base;
    b->key = key;
    b->have = 0;
}

/* b's lim for the hint r keeps now: SC_LIM_CAP when there is none (or
 * in collect mode, where nothing is cut), else found by doubling and
 * halving in [0, SC_LIM_CAP] (sc_better is monotone in cx), and kept
 * until the kept hint changes. */
static int sc_bound_lim(const struct sc_run *r, struct sc_bound *b)
{
    if (r->ctx->collect || !r->have)
        return SC_LIM_CAP;
    if (b->have && b->diff == r->best.diff && b->cx == r->best.cx && b->bkey == r->best.key)
        return b->lim;
    /* sc_better holds at lo (or lo is 0), not above hi: hi found by
     * doubling (lim is most often small), then halved down to lim */
    int lo = 0, hi = 2;
    for (;;) {
        if (hi >= SC_LIM_CAP) {
            hi = SC_LIM_CAP;
            break;
        }
        if (!sc_better(r, b->base + sc_length_difficulty(hi), hi, b->key)) {
            hi--;
            break;
        }
        lo = hi;
        hi *= 2;
    }
    while (lo < hi) {
        int mid = lo + (hi - lo + 1) / 2;
        if (sc_better(r, b->base + sc_length_difficulty(mid), mid, b->key))
            lo = mid;
        else
            hi = mid - 1;
    }
    b->have = 1;
    b->diff = r->best.diff;
    b->cx = r->best.cx;
    b->bkey = r->best.key;
    b->lim = lo;
    return lo;
}

/* What one call's searches share: the grid's links, the components of
 * the link setting being searched and the bounds of its two kinds of
 * hint (cycles, forcing chains). */
struct sc_unary_env {
    const struct sc_grid *g;
    const struct sc_links *a;
    const struct sc_scc *c;
    const tech_cells *dcells;
    int y, x;
    struct sc_bound cyc, fc;
};

/* The removals of the cycle of the potentials path[0 .. len) (each
 * once), into elim: the candidates (of dcells) off the cycle that see
 * one of its "on" potentials and one of its "off" potentials of their
 * digit.  Returns whether there is any. */
static int sc_cycle_elims(const uint16_t *path, int len, const tech_cells dcells[9],
                          tech_cells elim[9])
{
    tech_cells cells = 0, fw[9], bk[9], any = 0;
    memset(fw, 0, sizeof fw);
    memset(bk, 0, sizeof bk);
    for (int k = 0; k < len; k++)
        cells |= tech_cell_bit(sc_cell(path[k]));
    for (int k = 0; k < len; k++) {
        int c = sc_cell(path[k]), d = sc_digit(path[k]);
        tech_cells see = tech_peers(c) & dcells[d - 1] & ~cells;
        if (sc_on(path[k]))
            fw[d - 1] |= see;
        else
            bk[d - 1] |= see;
    }
    for (int d = 0; d < 9; d++) {
        elim[d] = fw[d] & bk[d];
        any |= elim[d];
    }
    return any != 0;
}

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
    if (!sc_cycle_elims(rev, len, v->dcells, h->elim))
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
 * bidirectional cycle hint.  Only s's component is walked: the links
 * read are those that stay in it (sc_scc_lay: a link that leaves it is
 * passed over), in their order. */
static void sc_cycles(struct sc_run *r, struct sc_unary *u, struct sc_unary_env *v, int s)
{
    const struct sc_scc *c = v->c;
    const uint16_t *ke = c->ke;
    int head = 0, tail = 0;
    sc_marks_clear(&u->in);
    sc_marks_put(&u->in, s);
    u->par[s] = u->gp[s] = SC_NONE;
    u->depth[s] = 0;
    u->anc[s] = 0;
    u->queue[tail++] = (uint16_t)s;
    double base = v->cyc.base;
    int key = v->cyc.key, lim = sc_bound_lim(r, &v->cyc);
    while (head < tail && !r->stop) {
        int p = u->queue[head++];
        /* a cycle closed from p has 2 * depth + 2 potentials; the "on"
         * potentials come in order of depth, so once such a cycle could
         * not be taken no later one could (lim: sc_bound) */
        if (2 * u->depth[p] + 2 > lim)
            break;
        for (int i = c->kbeg[p], ie = c->kend[p]; i < ie; i++) {
            int q = ke[i];
            /* q matters only when it closes a cycle or reaches a new
             * potential: only then is its ancestry asked.  next: those
             * of its links ("off" q has 4 at most), in order; putting one
             * in the walk changes none of the others (they differ), so
             * next is what a second look at q's links would find (s is
             * in the walk: it is in next only when p is not s) */
            uint16_t next[4];
            int n_next = 0;
            for (int j = c->kbeg[q], je = c->kend[q]; j < je; j++) {
                int o = ke[j];
                if ((o == s && p != s) || !sc_u_member(u, o))
                    next[n_next++] = (uint16_t)o;
            }
            if (!n_next || sc_u_is_parent(u, p, q))
                continue;
            for (int j = 0; j < n_next; j++) {
                int o = next[j];
                if (o == s) {
                    if (sc_cycle_offer(r, u, v, s, p, q, base, key))
                        return;
                    lim = sc_bound_lim(r, &v->cyc); /* the kept hint may be this one */
                    continue;
                }
                sc_marks_put(&u->in, o);
                u->par[o] = (uint16_t)q;
                u->gp[o] = (uint16_t)p;
                u->depth[o] = (uint16_t)(u->depth[p] + 1);
                u->anc[o] = u->anc[p] | sc_u_anc_bit(q);
                u->queue[tail++] = (uint16_t)o;
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
static void sc_forcing(struct sc_run *r, struct sc_unary *u, struct sc_unary_env *v, int s)
{
    const struct sc_links *a = v->a;
    const uint16_t *comp = v->c->comp;
    int head = 0, tail = 0, found = -1, from = -1, y = v->y;
    int cs = comp[s], ct = comp[s ^ 1];
    int lim = sc_bound_lim(r, &v->fc), pair = SC_POTS, known = 0;
    sc_marks_clear(&u->in);
    sc_marks_put(&u->in, s);
    u->par[s] = SC_NONE;
    u->depth[s] = 0;
    u->queue[tail++] = (uint16_t)s;
    double base = v->fc.base;
    int key = v->fc.key;
    while (head < tail && found < 0) {
        int p = u->queue[head++], dp = u->depth[p];
        /* every potential up to depth dp has been met: the chain has
         * pair + 1 potentials when pair <= 2 dp, else 2 dp + 2 or more
         * (in order of depth: once it could not be taken, no later one
         * could; lim: sc_bound) */
        if (!known) {
            known = pair <= 2 * dp;
            if ((known ? pair + 1 : 2 * dp + 2) > lim)
                return;
        }
        for (int i = sc_links_from(a, p, y), ie = sc_links_to(a, p, 1); i < ie; i++) {
            int q = a->e[i];
            if ((q ^ 1) == s) {
                found = q;
                from = p;
                break;
            }
            if (!sc_u_member(u, q) && comp[q] >= ct && comp[q ^ 1] <= cs) {
                sc_marks_put(&u->in, q);
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

/* The searches of SE's loop hint list from the sources of one cell and
 * digit, in SE's order: cycles from "on", forcing chains from "on" and
 * from "off". */
static void sc_loops_source(struct sc_run *r, struct sc_unary *u, struct sc_unary_env *v,
                            struct sc_scc *c, int cell, int d)
{
    int on = sc_id(cell, d, 1);
    /* a cycle needs another "on" potential in on's component, and a hint
     * a cell that sees both states in it */
    if (c->ons[c->comp[on]] > 1 && sc_scc_may_elim(c, v->dcells, c->comp[on])) {
        sc_scc_lay(c, v->a, v->y, v->x, c->comp[on]);
        sc_cycles(r, u, v, on);
    }
    if (v->x && !r->stop) {
        if (c->reach[on])
            sc_forcing(r, u, v, on);
        if (!r->stop && c->reach[on ^ 1])
            sc_forcing(r, u, v, on ^ 1);
    }
}

/* The bounds of link setting (v->y, v->x) and its components (and with
 * x-links what each source reaches), for the potentials of digits. */
static void sc_loops_setup(struct sc_unary_env *v, struct sc_scc *c, unsigned digits)
{
    int y = v->y, x = v->x;
    sc_bound_init(&v->cyc, x && y ? 7.0 : 6.5, x && y ? 4 : y ? 3 : 2);
    sc_bound_init(&v->fc, y ? 7.0 : 6.6, y ? 4 : 2);
    sc_scc_build(c, v->a, y, x, digits, v->dcells);
    if (x)
        sc_scc_reach(c, v->a, v->g, y, x, digits);
    v->c = c;
}

/* The sources of SE's loop hint list for one link setting, in SE's
 * order, the components set up (sc_loops_setup). */
static void sc_loops_sweep(struct sc_run *r, struct sc_unary *u, struct sc_unary_env *v,
                           struct sc_scc *c)
{
    const struct sc_grid *g = v->g;
    int x = v->x;
    for (int cell = 0; cell < GRID_CELLS && !r->stop; cell++) {
        unsigned cand = g->cand[cell];
        if (bits_count(cand) < 2)
            continue;
        if (bits_count(cand) > 2 && !x)
            continue; /* Y-cycles start from a bivalue cell */
        for (unsigned m = cand; m && !r->stop; m &= m - 1)
            sc_loops_source(r, u, v, c, cell, bits_lowest(m) + 1);
    }
}

/* SE's loop hint list for one link setting (getLoopHintList). */
static void sc_loops(struct sc_run *r, struct sc_unary *u, struct sc_unary_env *v,
                     struct sc_scc *c)
{
    if (sc_loops_useless(r, v->y, v->x))
        return;
    sc_loops_setup(v, c, 0x1FFu);
    sc_loops_sweep(r, u, v, c);
}

_Static_assert(sizeof(struct sc_hint) <= TECH_SE_X_HINT_BYTES,
               "tech_memo's se_x_hint must hold a struct sc_hint");
_Static_assert(TECH_SE_Y_COMPS <= 32, "sc_loops_y's slot masks hold 32 slots");

/* The source potential of a hint (a cycle's is its target). */
static int sc_hint_source(const struct sc_hint *h)
{
    return h->kind == SC_CYCLE ? h->target : h->src;
}

/* Hint h, the own best of a part of a setting's sources, put together
 * with those of the other parts: r keeps it when it comes first in
 * (difficulty, complexity, kind), or ties and its source's cell comes
 * before the kept one's in SE's order of sources (*win: that source, or
 * -1 when the kept hint comes from an earlier setting and so before
 * every source). */
static void sc_merge(struct sc_run *r, const struct sc_hint *h, int *win)
{
    int src = sc_hint_source(h);
    if (sc_better(r, h->diff, h->cx, h->key) ||
        (h->diff == r->best.diff && h->cx == r->best.cx && h->key == r->best.key &&
         *win >= 0 && sc_cell(src) < sc_cell(*win))) {
        r->best = *h;
        r->have = 1;
        *win = src;
    }
}

/*
 * The X-links setting, SE's first (r keeps nothing yet), with the
 * solving loop's memo: each digit's own best hint of the setting is kept
 * across the steps, and worked out again only for the digits whose cells
 * changed.  This is exact:
 *   - without y-links every link joins two potentials of one digit
 *     (getOnToOff: the digit's other places in the houses; getOffToOn:
 *     the digit's other place in a house with two), so the links, the
 *     components, what each source reaches, every cycle and forcing
 *     X-chain from a source of digit d, and a cycle's removals (of d, in
 *     d's cells), depend only on d's cells - and on which of them are
 *     sources (cells with two candidates or more), which the key holds
 *     too (a forcing chain's "on" target is its source's cell, so SE
 *     always counts it);
 *   - the hints a source offers do not depend on the kept one: the bound
 *     only leaves out those that could not be kept (sc_bound), so the
 *     whole search keeps the first, in SE's order of sources, of the
 *     hints least in (difficulty, complexity, kind); a digit searched
 *     alone keeps the first such of its own, and the first least of all
 *     is the least of the digits' own, the tie going to the earlier
 *     source: SE's order is by cell, then digit, so sources of different
 *     digits never tie.
 * Without a memo (the plain path, collect mode) it is the plain search.
 */
static void sc_loops_x(struct sc_run *r, struct sc_unary *u, struct sc_unary_env *v,
                       struct sc_scc *c)
{
    struct tech_memo *m = r->ctx->collect || r->have ? NULL : tech_memo_of(r->ctx);
    if (!m) {
        sc_loops(r, u, v, c);
        return;
    }
    const tech_cells *dc = v->dcells;
    /* the empty cells of two candidates or more: the table's counts, kept
     * by the context (g is its grid laid out) */
    const tech_cells *counts = tech_ctx_counts(r->ctx);
    tech_cells multi = counts[0] & ~counts[1];
    unsigned dirty = 0;
    for (int d = 0; d < 9; d++)
        if (!(m->se_x_valid >> d & 1u) || m->se_x_cells[d] != dc[d] ||
            m->se_x_multi[d] != (dc[d] & multi))
            dirty |= 1u << d;
    if (dirty) {
        sc_loops_setup(v, c, dirty);
        for (unsigned dm = dirty; dm; dm &= dm - 1) {
            int d = bits_lowest(dm);
            r->have = 0;
            for (tech_cells cm = dc[d] & multi; cm; cm &= cm - 1)
                sc_loops_source(r, u, v, c, bits_lowest128(cm), d + 1);
            m->se_x_cells[d] = dc[d];
            m->se_x_multi[d] = dc[d] & multi;
            m->se_x_valid |= 1u << d;
            m->se_x_have = (m->se_x_have & ~(1u << d)) | (unsigned)r->have << d;
            if (r->have)
                memcpy(m->se_x_hint[d], &r->best, sizeof r->best);
        }
    }
    /* the least of the digits' own hints, the earlier source on a tie */
    int win_src = -1;
    r->have = 0;
    for (unsigned dm = m->se_x_have & 0x1FFu; dm; dm &= dm - 1) {
        memcpy(&r->cur, m->se_x_hint[bits_lowest(dm)], sizeof r->cur);
        sc_merge(r, &r->cur, &win_src);
    }
}

/* The components of the bivalue cells two (joined when two cells share a
 * house and a digit: a Y-link's cells) of two cells or more, into k in
 * the order of their first cells; returns how many. */
static int sc_bivalue_parts(const struct sc_grid *g, tech_cells two, tech_cells k[GRID_CELLS])
{
    int n = 0;
    while (two) {
        tech_cells part = 0, front = two & (~two + 1);
        while (front) {
            int cell = bits_lowest128(front);
            tech_cells near = 0;
            for (unsigned dm = g->cand[cell]; dm; dm &= dm - 1)
                near |= g->dcells[bits_lowest(dm)];
            part |= front & (~front + 1);
            front &= front - 1;
            near &= tech_peers(cell) & two & ~part;
            part |= near;
            front |= near;
        }
        two &= ~part;
        if (tech_cells_count(part) >= 2)
            k[n++] = part;
    }
    return n;
}

/*
 * The Y-links setting (SE's second: r keeps the X-links' hint, if any),
 * with the solving loop's memo: the own best Y-cycle of each component
 * of the bivalue cells (sc_bivalue_parts) is kept across the steps
 * (struct tech_se_y_comp), and worked out again only for a component
 * whose cells or candidates changed.  This is exact:
 *   - a Y-cycle's links join bivalue cells of one component (or a cell's
 *     two values), and its sources are its cells' potentials, so the
 *     links, components and cycles of a component's sources depend only
 *     on its cells and their candidates: its cells of each digit (key),
 *     and a component of one cell has none (its one cycle would close
 *     from the source itself);
 *   - a cycle's removals (sc_cycle_elims) are the candidates of dcells
 *     that see both states of a digit in it: with dcells a subset of
 *     those seen when the hint was worked out, every cycle's removals
 *     are a subset of its removals then, so a component that had no
 *     cycle with removals still has none, and its hint, when it still
 *     removes (its removals are worked out again), is still the first,
 *     in the order of its sources, of the cycles with removals least in
 *     (difficulty, complexity, kind) (a search with a bound only leaves
 *     out hints that could not be kept: sc_bound): else it is searched
 *     again;
 *   - the hint kept is then the least of the X-links' and the
 *     components' own (sc_merge), as for the X-links' digits: sources of
 *     different components are different cells, and the X-links' hint
 *     comes first in SE's order.
 * Without a memo (the plain path, collect mode) it is the plain search.
 */
static void sc_loops_y(struct sc_run *r, struct sc_unary *u, struct sc_unary_env *v,
                       struct sc_scc *c, struct sc_links *b)
{
    const struct sc_grid *g = v->g;
    const struct sc_links *a = v->a;
    const tech_cells *dc = v->dcells;
    if (sc_loops_useless(r, 1, 0))
        return;
    tech_cells two = tech_ctx_counts(r->ctx)[2];
    struct tech_memo *m = r->ctx->collect ? NULL : tech_memo_of(r->ctx);
    v->a = b;
    if (!m) {
        sc_links_bivalue(b, g, two);
        sc_loops_setup(v, c, 0x1FFu);
        sc_loops_sweep(r, u, v, c);
        v->a = a;
        return;
    }
    tech_cells part[GRID_CELLS], key[9], dirty = 0;
    int n = sc_bivalue_parts(g, two, part), slot[GRID_CELLS];
    unsigned claimed = 0; /* bit j: slot j is a component's */
    uint64_t clean = 0;   /* bit i: component i's kept hint holds (n <= 40) */
    /* each component's slot: the one kept for its key, else a free one
     * (none past TECH_SE_Y_COMPS: worked out at every call) */
    for (int i = 0; i < n; i++) {
        slot[i] = -1;
        for (int d = 0; d < 9; d++)
            key[d] = dc[d] & part[i];
        for (int j = 0; j < m->se_y_n && slot[i] < 0; j++)
            if (!(claimed >> j & 1u) && !memcmp(m->se_y[j].key, key, sizeof key)) {
                slot[i] = j;
                claimed |= 1u << j;
            }
    }
    for (int i = 0, j = 0; i < n; i++) {
        if (slot[i] < 0) {
            while (j < TECH_SE_Y_COMPS && (claimed >> j & 1u))
                j++;
            if (j < TECH_SE_Y_COMPS) {
                slot[i] = j;
                claimed |= 1u << j;
                for (int d = 0; d < 9; d++)
                    m->se_y[j].key[d] = dc[d] & part[i];
            }
        } else {
            struct tech_se_y_comp *e = &m->se_y[slot[i]];
            int sub = 1;
            for (int d = 0; d < 9; d++)
                sub &= !(dc[d] & ~e->seen[d]);
            if (sub && !e->have) {
                clean |= (uint64_t)1 << i;
            } else if (sub) {
                struct sc_hint *h = &r->cur;
                memcpy(h, e->hint, sizeof *h);
                if (h->n_path == h->cx && sc_cycle_elims(h->path, h->n_path, dc, h->elim)) {
                    clean |= (uint64_t)1 << i;
                    memcpy(e->hint, h, sizeof *h);
                }
            }
            if (clean >> i & 1u)
                memcpy(e->seen, dc, sizeof e->seen);
        }
        if (!(clean >> i & 1u))
            dirty |= part[i];
    }
    m->se_y_n = 0;
    for (int j = 0; j < TECH_SE_Y_COMPS; j++)
        if (claimed >> j & 1u)
            m->se_y_n = j + 1;
    for (int j = 0; j < m->se_y_n; j++)
        if (!(claimed >> j & 1u))
            memset(m->se_y[j].key, 0, sizeof m->se_y[j].key); /* matches no component */
    /* the X-links' hint, then each component's own */
    struct sc_hint win;
    int have = r->have, win_src = -1;
    if (have)
        win = r->best;
    if (dirty) {
        sc_links_bivalue(b, g, dirty);
        sc_loops_setup(v, c, 0x1FFu);
    }
    for (int i = 0; i < n; i++) {
        struct tech_se_y_comp *e = slot[i] >= 0 ? &m->se_y[slot[i]] : NULL;
        if (clean >> i & 1u) {
            r->have = e->have;
            if (e->have)
                memcpy(&r->best, e->hint, sizeof r->best);
        } else {
            r->have = 0;
            for (tech_cells cm = part[i]; cm; cm &= cm - 1) {
                int cell = bits_lowest128(cm);
                for (unsigned dm = g->cand[cell]; dm; dm &= dm - 1)
                    sc_loops_source(r, u, v, c, cell, bits_lowest(dm) + 1);
            }
            if (e) {
                e->have = r->have;
                memcpy(e->seen, dc, sizeof e->seen);
                if (r->have)
                    memcpy(e->hint, &r->best, sizeof r->best);
            }
        }
        if (!r->have)
            continue;
        r->cur = r->best;
        r->have = have;
        if (have)
            r->best = win;
        sc_merge(r, &r->cur, &win_src);
        have = r->have;
        win = r->best;
    }
    r->have = have;
    if (have)
        r->best = win;
    v->a = a;
}

int tech_find_se_chains(struct tech_ctx *ctx, struct human_step *step)
{
    struct sc_run r;
    struct sc_grid g;
    struct sc_unary u;
    struct sc_links a, b;
    struct sc_scc c;
    struct sc_unary_env v;
    sc_run_init(&r, ctx, step);
    sc_grid_init(&g, ctx);
    sc_links_build(&a, &g);
    sc_marks_init(&u.in);
    v.g = &g;
    v.a = &a;
    v.c = NULL;
    v.dcells = g.dcells;
    /* SE's order: X-links, then Y-links, then both */
    v.y = 0;
    v.x = 1;
    sc_loops_x(&r, &u, &v, &c);
    v.y = 1;
    v.x = 0;
    if (!r.stop)
        sc_loops_y(&r, &u, &v, &c, &b);
    v.x = 1;
    if (!r.stop)
        sc_loops(&r, &u, &v, &c);
    return sc_finish(&r);
}
