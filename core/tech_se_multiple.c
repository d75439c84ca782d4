/*
 * tech_se_multiple: Sudoku Explainer 1.2.1.3's chainings of several
 * chains (SE's doChaining and getMultipleChainsHintList, in three
 * settings):
 *
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
 * The link rules, the link table and the hint kept are
 * tech_se_chaining's.
 *
 * Nothing is allocated: the work areas live on the stack of the find
 * function (about 350 KB); the Nishio check's answers, which hold while
 * their digit's cells stay, are kept across steps in the solving loop's
 * memo (struct tech_memo).
 *
 * Not here: SE's "Dynamic Forcing Chains (+)" and nested chains (its
 * levels 1-5, 9.0 and up), which SE tries only when these find nothing.
 */
#include "tech_se_chaining.h"

#include <string.h>

#define SC_PAR_POOL 8192 /* 1 parent per "off", at most 8 per "on"
                            (the "off" that turned it on, 7 removed) */

/* A chaining's result: SE's toOn and toOff sets, each member with its
 * parents, in insertion order (list[1] the "on", list[0] the "off"). */
struct sc_set {
    struct sc_marks in; /* the members */
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
    /* the links of the grid the search started from, read by a dynamic
     * chaining (not Nishio) for its "on" potentials (sc_chain says why
     * that is exact); NULL until the first such chaining builds them
     * (g->lk stays NULL: a dynamic chaining's "off" links are the
     * grid's) */
    const struct sc_links *lk;
    struct sc_links *lk_area;
    /* [cell]: its houses, then its places in them (sc_houses), set by
     * the first dynamic chaining (where_set): it reads them for each
     * "off" it follows */
    int8_t where[GRID_CELLS][6];
    int where_set;
    struct sc_set first, on, off, reg;
    struct sc_store keep;
    int dynamic; /* the chainings have several parents per potential */
    /* [on][d - 1]: the cells whose Nishio chaining of d ("on" or "off")
     * cannot meet a contradiction (none) or may (may), as far as
     * sc_nishio_may found, in this call or in an earlier one on the same
     * cells of d (the solving loop's memo keeps them) */
    tech_cells nishio_none[2][9], nishio_may[2][9];
    struct sc_marks visit; /* ancestor counting */
    /* the running intersections (cell, region): ids and complexities */
    uint16_t cell_id[2][GRID_CELLS * 9], reg_id[2][GRID_CELLS * 9];
    int cell_cx[2][GRID_CELLS * 9], reg_cx[2][GRID_CELLS * 9];
    int n_cell[2], n_reg[2];
};

static inline int sc_member(const struct sc_set *s, int id)
{
    return sc_marks_has(&s->in, id);
}

static void sc_set_clear(struct sc_set *s)
{
    sc_marks_clear(&s->in);
    s->n_par = 0;
    s->pbase = s->par;
    s->n[0] = s->n[1] = 0;
    s->absurd = 0;
}

static void sc_set_start(struct sc_set *s, int source)
{
    sc_set_clear(s);
    sc_marks_put(&s->in, source);
    s->par_n[source] = 0;
    s->par_at[source] = 0;
    s->depth[source] = 0;
    s->list[sc_on(source)][s->n[sc_on(source)]++] = (uint16_t)source;
}

static void sc_set_add(struct sc_set *s, int id, const uint16_t *par, int n)
{
    sc_marks_put(&s->in, id);
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
        unsigned gone = w->save.pos[d - 1][o->house] & ~w->g.pos[d - 1][o->house];
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
static void sc_chain_static(const struct sc_links *lk, struct sc_set *s, int lim);

/* 1 when some potential waiting to be followed in s (from hon in its
 * "on" list, hoff in its "off" list) is lim deep or less: sc_chain's
 * rule, "stop once none is", without counting them.  The potentials are
 * followed in order of depth, so the first ones waiting tell: each "on"
 * added is followed before the next "off" (its turn comes first), so
 * those waiting are all from the last "off" followed, one deeper than
 * it (the source alone at first); and the "off" list never decreases in
 * depth: an "off" added comes from an "on" one deeper than the last
 * "off" followed, every "off" before it from an "on" no deeper.  (A
 * potential's depth is that of the one followed when it was added, its
 * first parent, + 1.) */
static inline int sc_waiting(const struct sc_set *s, int hon, int hoff, int lim)
{
    return (hon < s->n[1] && s->depth[s->list[1][hon]] <= lim) ||
           (hoff < s->n[0] && s->depth[s->list[0][hoff]] <= lim);
}

static void sc_chain(const struct sc_run *r, struct sc_multi *w, struct sc_set *s)
{
    uint16_t offs[28], par[9];
    struct sc_on ons[4];
    int y = !r->nishio, hon = 0, hoff = 0;
    int lim = sc_cx_bound(r) - 3;
    if (!r->dynamic) {
        sc_chain_static(w->g.lk, s, lim);
        return;
    }
    if (!w->where_set) {
        /* Nishio's chainings are few (sc_nishio_may): they compute their
         * links, which costs less there than building the table */
        if (!r->nishio) {
            struct sc_grid g0 = w->save;
            sc_links_build(w->lk_area, &g0);
            w->lk = w->lk_area;
        }
        w->where_set = 1;
        for (int cell = 0; cell < GRID_CELLS; cell++) {
            int h[3], pos[3];
            sc_houses(cell, h, pos);
            for (int k = 0; k < 3; k++) {
                w->where[cell][k] = (int8_t)h[k];
                w->where[cell][3 + k] = (int8_t)pos[k];
            }
        }
    }
    const struct sc_links *lk = w->lk;
    while (sc_waiting(s, hon, hoff, lim)) {
        if (hon < s->n[1]) {
            int p = s->list[1][hon++];
            /* with lk, the "off" links of the grid the search started
             * from (else the grid's): those
             * of the candidates this chaining removed are extra, and
             * change nothing - a removed candidate's "off" is a member
             * (it was removed when followed) and its "on" is not (a
             * chaining holding both stopped at the first), so the tests
             * below pass over it as they pass over any member; the
             * others are the grid's, in the same order (sc_on_to_off) */
            const uint16_t *qs = offs;
            int n;
            if (lk) {
                qs = lk->e + sc_links_from(lk, p, y);
                n = lk->start[p + 1] - sc_links_from(lk, p, y);
            } else {
                n = sc_on_to_off(&w->g, p, y, offs);
            }
            for (int i = 0; i < n; i++) {
                int q = qs[i];
                if (sc_member(s, q ^ 1)) {
                    s->absurd = 1;
                    s->a_member = q ^ 1;
                    s->a_new = q;
                    s->xpar[0] = (uint16_t)p;
                    s->n_xpar = 1;
                    w->g = w->save;
                    return;
                }
                if (!sc_member(s, q)) {
                    par[0] = (uint16_t)p;
                    sc_set_add(s, q, par, 1);
                }
            }
        } else {
            int p = s->list[0][hoff++];
            int cell = sc_cell(p), d = sc_digit(p), h[3], pos[3];
            for (int k = 0; k < 3; k++) {
                h[k] = w->where[cell][k];
                pos[k] = w->where[cell][3 + k];
            }
            int n = sc_off_to_on_in(&w->g, cell, d, y, 1, h, pos, ons);
            uint16_t opar[4][9];
            int on_par[4];
            /* the parents of those the loop below adds or finds absurd
             * (adding one "on" changes neither for the others) */
            for (int i = 0; i < n; i++)
                if (sc_member(s, ons[i].id) && !sc_member(s, ons[i].id ^ 1))
                    on_par[i] = 0;
                else
                    on_par[i] = sc_parents(w, &ons[i], p, opar[i]);
            sc_grid_off(&w->g, cell, d, h, pos);
            for (int i = 0; i < n; i++) {
                int o = ons[i].id;
                if (sc_member(s, o ^ 1)) {
                    s->absurd = 1;
                    s->a_member = o ^ 1;
                    s->a_new = o;
                    memcpy(s->xpar, opar[i], (size_t)on_par[i] * sizeof *par);
                    s->n_xpar = on_par[i];
                    w->g = w->save;
                    return;
                }
                if (!sc_member(s, o)) {
                    sc_set_add(s, o, opar[i], on_par[i]);
                }
            }
        }
    }
    w->g = w->save;
}

/* One step of a static chaining: follows p's links, adding the new
 * potentials to list (the "off" ones of an "on" p, the "on" ones of an
 * "off"), counted by *n.  Returns 0 when a link meets a member's
 * conjugate (the contradiction recorded). */
static inline int sc_static_step(const struct sc_links *lk, struct sc_set *s, int p,
                                 uint16_t *list, int *n)
{
    const uint32_t gen = s->in.gen;
    uint32_t *mark = s->in.mark;
    int dp = s->depth[p] + 1, k = *n;
    for (int j = lk->start[p], e = lk->start[p + 1]; j < e; j++) {
        int q = lk->e[j];
        if (mark[q ^ 1] == gen) {
            s->absurd = 1;
            s->a_member = q ^ 1;
            s->a_new = q;
            s->xpar[0] = (uint16_t)p;
            s->n_xpar = 1;
            *n = k;
            return 0;
        }
        if (mark[q] != gen) {
            mark[q] = gen;
            s->depth[q] = (uint16_t)dp;
            list[k++] = (uint16_t)q;
        }
    }
    *n = k;
    return 1;
}

/* sc_chain for a static chaining (SE's cell and region forcing chains:
 * every link, y and x, read from lk, the grid unchanged): the same steps
 * in the same order, without the parents, which a static chaining's
 * users never read (its ancestor count is its depth + 1, sc_anc1; its
 * contradictions are not offered).  s: its source added. */
static void sc_chain_static(const struct sc_links *lk, struct sc_set *s, int lim)
{
    uint16_t *on = s->list[1], *off = s->list[0];
    const uint16_t *depth = s->depth;
    int hon = 0, hoff = 0;
    /* sc_waiting's test, once for all the "on" potentials waiting:
     * following them adds only "off" potentials, at the end of the "off"
     * list, so neither the depth of the "on" ones waiting nor the first
     * "off" one waiting changes: the test holds for all of them or none.
     *
     * "on" first (its links turn potentials off, an "off"'s on): two
     * calls, so that each kind's loop has branches of its own */
    for (;;) {
        if (hon < s->n[1]) {
            if (!sc_waiting(s, hon, hoff, lim))
                break;
            do
                if (!sc_static_step(lk, s, on[hon++], off, &s->n[0]))
                    return;
            while (hon < s->n[1]);
        } else if (hoff < s->n[0] && depth[off[hoff]] <= lim) {
            if (!sc_static_step(lk, s, off[hoff++], on, &s->n[1]))
                return;
        } else {
            break;
        }
    }
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
                const uint16_t *pp = s->pbase + s->par_at[id];
                *e++ = s->par_n[id];
                for (int j = 0; j < s->par_n[id]; j++) /* at most 9: no call to memcpy */
                    *e++ = pp[j];
            }
        }
}

/* Makes s the kept chaining of "on" (cell, d), a dynamic one's parents
 * read in place (s is not added to), a static one's left out (sc_anc1
 * reads its depth), and its lists only when lists (else s->list is left
 * as it was: a set whose lists nothing reads); 0 when it was not kept. */
static int sc_store_get(const struct sc_store *k, struct sc_set *s, int cell, int d,
                        int dynamic, int lists)
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
    const uint32_t gen = s->in.gen;
    uint32_t *mark = s->in.mark;
    for (int side = 1; side >= 0; side--)
        for (int i = 0, n = side ? n1 : n0; i < n; i++) {
            int id = e[0];
            mark[id] = gen;
            s->depth[id] = e[1];
            if (lists)
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
 * keep: a region chain's position, met again later).  A kept one read
 * into w->reg leaves its lists out: the positions after a region's first
 * serve its intersection (sc_retain, sc_exact), which reads membership,
 * depths and parents. */
static void sc_chain_on(const struct sc_run *r, struct sc_multi *w, struct sc_set *s,
                        int cell, int d, int keep)
{
    if (sc_store_get(&w->keep, s, cell, d, w->dynamic, s != &w->reg))
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
    sc_marks_clear(&w->visit);
    for (int i = 0; i < n; i++)
        if (!sc_marks_has(&w->visit, from[i])) {
            sc_marks_put(&w->visit, from[i]);
            todo[tail++] = from[i];
        }
    while (head < tail && tail <= limit) {
        int p = todo[head++];
        const uint16_t *pp = s->pbase + s->par_at[p];
        for (int i = 0; i < s->par_n[p]; i++)
            if (!sc_marks_has(&w->visit, pp[i])) {
                sc_marks_put(&w->visit, pp[i]);
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
    int k = 0, bound = sc_cx_bound(r) - rest, m = *n;
    for (int i = 0; i < m; i++) {
        int id = ids[i], c = cx[i] + s->depth[id] + 1;
        if (!sc_member(s, id) || c > bound)
            continue;
        ids[k] = (uint16_t)id;
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
        unsigned m = w->g.pos[d - 1][h[k]];
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
 *
 * The closure of a potential in the closure of another is part of it
 * (the rules only add: a cell on turns its cells off, a house that lost
 * a cell and keeps one turns it on, whatever else is known): so when a
 * closure meets no contradiction, neither does that of any potential it
 * holds, which w->nishio_none keeps (for the call: dcells is the grid
 * the search started from) and the later questions read.
 */
static int sc_nishio_may(struct sc_multi *w, int cell, int d, int on)
{
    if (w->nishio_none[on][d - 1] & tech_cell_bit(cell))
        return 0;
    if (w->nishio_may[on][d - 1] & tech_cell_bit(cell))
        return 1;
    tech_cells all = w->g.dcells[d - 1], ons = 0, offs = 0, fresh = 0;
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
            break;
        int empty = 0;
        for (; touched && !empty; touched &= touched - 1) {
            tech_cells m = all & ~offs & tech_house_set[bits_lowest(touched)];
            empty = !m;
            if (!(m & (m - 1)) && !(m & ons))
                fresh |= m;
        }
        if (empty)
            break;
        if (!fresh) {
            w->nishio_none[1][d - 1] |= ons;
            w->nishio_none[0][d - 1] |= offs;
            return 0;
        }
    }
    w->nishio_may[on][d - 1] |= tech_cell_bit(cell);
    return 1;
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
            /* a Nishio chaining serves its contradiction only: it is
             * chained when it may meet one; the "off" one is used by the
             * contradictions and the double chains */
            int chain_on = !r->nishio || sc_nishio_may(w, cell, d, 1);
            int chain_off = r->nishio ? sc_nishio_may(w, cell, d, 0)
                                      : contradiction || (card >= 3 && r->dynamic);
            if (chain_on) {
                /* kept when dynamic, not Nishio and not the last value:
                 * a cell's chains count their ancestors at the end
                 * (sc_exact_all) */
                sc_chain_on(r, w, on, cell, d,
                            !r->nishio && w->dynamic && !first && (m & (m - 1)));
                if (contradiction)
                    sc_contra(r, w, on, pon);
            }
            if (chain_off) {
                sc_set_start(&w->off, pon ^ 1);
                sc_chain(r, w, &w->off);
                if (contradiction)
                    sc_contra(r, w, &w->off, pon ^ 1);
            }
            if (r->nishio)
                continue;
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
    sc_grid_init(&w.g, ctx);
    w.lk = NULL;
    w.lk_area = &lk;
    w.where_set = 0;
    if (!dynamic) /* the grid of a static chaining does not change */
        sc_links_build(&lk, &w.g);
    w.save = w.g;
    sc_marks_init(&w.first.in);
    sc_marks_init(&w.on.in);
    sc_marks_init(&w.off.in);
    sc_marks_init(&w.reg.in);
    memset(w.keep.at, 0, sizeof w.keep.at);
    w.keep.used = 0;
    w.dynamic = dynamic;
    memset(w.nishio_none, 0, sizeof w.nishio_none);
    memset(w.nishio_may, 0, sizeof w.nishio_may);
    /* sc_nishio_may's answers for d are a function of d's cells alone
     * (and the cell and state asked): those found on the same cells
     * hold */
    struct tech_memo *memo = nishio ? tech_memo_of(ctx) : NULL;
    if (memo)
        for (int d = 0; d < 9; d++)
            if ((memo->se_nishio_valid >> d & 1u) && memo->se_nishio_cells[d] == w.g.dcells[d])
                for (int on = 0; on < 2; on++) {
                    w.nishio_none[on][d] = memo->se_nishio_none[on][d];
                    w.nishio_may[on][d] = memo->se_nishio_may[on][d];
                }
    sc_marks_init(&w.visit);
    sc_multiple(&r, &w);
    if (memo) {
        memcpy(memo->se_nishio_cells, w.g.dcells, sizeof memo->se_nishio_cells);
        memcpy(memo->se_nishio_none, w.nishio_none, sizeof memo->se_nishio_none);
        memcpy(memo->se_nishio_may, w.nishio_may, sizeof memo->se_nishio_may);
        memo->se_nishio_valid = 0x1FF;
    }
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
