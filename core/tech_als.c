/*
 * tech_als: ALS-XZ, ALS-XY-Wing, ALS-XY-Chain and Death Blossom.
 *
 * An almost locked set (ALS) is N cells of one house holding N + 1 digits:
 * take one digit away and the rest are locked.  Two ALS A and B sharing no
 * cell, with a restricted common digit X (every X of A sees every X of B,
 * so X is in at most one of them), lock each other: if X is not in A, A
 * is locked without it, and the same for B, and one of them lacks X.  So
 * for any other digit Z of both, one of the sets must hold Z: a cell
 * seeing every Z of A and of B cannot be Z.
 *
 * Doubly linked (two restricted common digits X1 and X2, as HoDoKu): each
 * set holds at most one of them, and A lacks one digit only, so without
 * X1 and X2 each set is locked: a cell outside both seeing every Z of A
 * for a digit Z of A other than X1, X2 cannot be Z (the same for B); and
 * X1 (X2) is in A or in B: a cell outside both seeing every X1 of both
 * cannot be X1.
 *
 * ALS of 1 to 4 cells are collected house by house (boxes, rows, columns;
 * a set found twice is kept once), then pairs are tried in that order.
 *
 * HoDoKu's ALS-overlap option (off in its default solver; the library's
 * own rows here, tech_find_als_xy_wing_overlap and
 * tech_find_death_blossom_overlap): the sets of a wing and the petals of
 * a blossom may share cells.  Two linked sets may share cells but not
 * their restricted common digit's (restricted() holds for no digit a
 * shared cell holds: a cell does not see itself); the wing's two outer
 * sets may share cells but neither may lie inside the other; the
 * blossom's petals may share cells (only one of them, the stem's
 * digit's, is locked).  Those rows report only the instances that need
 * the option (sets sharing a cell): the others are the plain rows'.
 */
#include "tech_digits.h"

#include <string.h>

#define ALS_MAX TECH_ALS_MAX
#define ALS_CELLS TECH_ALS_CELLS
#define ALS_XZ_MAX TECH_ALS_XZ_MAX
#define ALS_XZ_CELLS 4
#define ALS_WORDS TECH_ALS_WORDS
/* Links an ALS-XY-Chain search tries from each first set at most: the
 * paths grow exponentially with the sets on an open grid (HoDoKu walks
 * them all; seconds on some positions). */
#define ALS_CHAIN_BUDGET 1000L

/* A set's cells hold only its digits: each cell narrows the reach of
 * the digits it holds. */
static void als_add(struct tech_als_search *s, int h, unsigned pos, unsigned digits)
{
    int i = s->n++;
    struct tech_als_set *a = &s->set[i];
    tech_cells reach = 0;
    unsigned open = 0;
    a->house = (uint8_t)h;
    a->n = 0;
    a->cells = 0;
    a->digits = (uint16_t)digits;
    for (unsigned m = digits; m; m &= m - 1)
        a->seen[bits_lowest(m)] = ~(tech_cells)0;
    for (unsigned m = pos; m; m &= m - 1) {
        int cell = tech_house_cells[h][bits_lowest(m)];
        tech_cells peers = tech_peers(cell);
        a->list[a->n++] = (uint8_t)cell;
        a->cells |= tech_cell_bit(cell);
        for (unsigned dm = s->st->cand[cell]; dm; dm &= dm - 1)
            a->seen[bits_lowest(dm)] &= peers;
    }
    for (unsigned m = digits; m; m &= m - 1) {
        int d = bits_lowest(m);
        reach |= a->seen[d] & s->with[d];
        open |= a->seen[d] & s->with[d] ? m & -m : 0;
        if (i < ALS_XZ_MAX)
            s->having[d][i / 64] |= (uint64_t)1 << (i % 64);
    }
    s->reach[i] = reach;
    s->cells[i] = a->cells;
    s->digits[i] = a->digits;
    s->open[i] = (uint16_t)open;
}

/* One house's sets: the subsets of its empty cells (positions p of
 * cand[p], candidates m[p]) of 1 to 4 cells holding one digit more than
 * cells, in decreasing order of their position masks (the order the
 * original scan of every subset met them).  Children are taken highest
 * position first and a set after its children (post-order), which is
 * that order; a set with more than 5 digits has no such superset. */
struct als_house {
    struct tech_als_search *s;
    int h;
    int line;       /* a row or column: skip sets inside a box */
    unsigned empty; /* positions of the empty cells */
    unsigned cand[9];
};

static void als_walk(struct als_house *w, unsigned pos, unsigned digits, int n,
                     int below)
{
    for (unsigned m = n < w->s->max_cells ? w->empty & ((1u << below) - 1) : 0;
         m;) {
        int p = bits_highest(m);
        m &= ~(1u << p);
        unsigned u = digits | w->cand[p];
        if (bits_count(u) <= w->s->max_cells + 1)
            als_walk(w, pos | (1u << p), u, n + 1, p);
    }
    if (n == 0 || bits_count(digits) != n + 1 || w->s->n >= w->s->cap)
        return;
    /* a row's or column's set inside one box is that box's, met before */
    if (w->line &&
        ((pos & 7u) == pos || (pos & 070u) == pos || (pos & 0700u) == pos))
        return;
    als_add(w->s, w->h, pos, digits);
}

static void collect(struct tech_als_search *s)
{
    static const int order[3][2] = {{18, 27}, {0, 9}, {9, 18}};
    s->n = 0;
    s->cap = ALS_XZ_MAX;
    s->max_cells = ALS_XZ_CELLS;
    memset(s->having, 0, sizeof s->having);
    for (int o = 0; o < 3; o++)
        for (int h = order[o][0]; h < order[o][1]; h++) {
            struct als_house w = {.s = s, .h = h, .line = h < 18, .empty = 0};
            for (int i = 0; i < 9; i++) {
                int cell = tech_house_cells[h][i];
                w.cand[i] = s->st->cand[cell];
                w.empty |= s->st->value[cell] ? 0 : 1u << i;
            }
            als_walk(&w, 0, 0, 0, 9);
        }
}

/* HoDoKu's order: rows, columns, boxes; in a house the sets by their
 * positions in lexicographic order (a set before its supersets); a set
 * met before in another house is skipped (a single cell is its row's, a
 * box's set on one line the line's). */
static void als_walk_lex(struct als_house *w, unsigned pos, unsigned digits, int n,
                         int next)
{
    struct tech_als_search *s = w->s;
    for (int p = next; p < 9 && s->n < s->cap; p++) {
        if (!(w->empty & (1u << p)))
            continue;
        unsigned np = pos | (1u << p), u = digits | w->cand[p];
        int k = bits_count(u);
        int met = w->h >= 18 ? ((np & 7u) == np || (np & 070u) == np ||
                                (np & 0700u) == np || (np & 0111u) == np ||
                                (np & 0222u) == np || (np & 0444u) == np)
                             : w->h >= 9 && n == 0;
        if (k == n + 2 && !met)
            als_add(s, w->h, np, u);
        /* a set below holds k digits or more in n + 1 cells and more, one
         * cell more than digits: it needs k - n - 2 more cells at least,
         * from those after p */
        if (n + 1 < s->max_cells && k <= s->max_cells + 1 &&
            k - n - 2 <= bits_count(w->empty >> (p + 1)))
            als_walk_lex(w, np, u, n + 1, p + 1);
    }
}

static void collect_hodoku(struct tech_als_search *s)
{
    s->n = 0;
    s->cap = ALS_MAX;
    s->max_cells = ALS_CELLS;
    memset(s->having, 0, sizeof s->having);
    for (int h = 0; h < TECH_HOUSES; h++) {
        struct als_house w = {.s = s, .h = h, .empty = 0};
        for (int i = 0; i < 9; i++) {
            int cell = tech_house_cells[h][i];
            w.cand[i] = s->st->cand[cell];
            w.empty |= s->st->value[cell] ? 0 : 1u << i;
        }
        als_walk_lex(&w, 0, 0, 0, 0);
    }
}

static void say_set(struct human_step *step, const struct tech_als_set *a)
{
    tech_say_cells(step, a->list, a->n, 1);
    tech_say(step, " (");
    tech_say_digits(step, a->digits);
    tech_say(step, ")");
}

/* Every x of a sees every x of b. */
static int restricted(const struct tech_als_search *s, const struct tech_als_set *a,
                      const struct tech_als_set *b, int x)
{
    return (b->cells & s->with[x - 1] & ~a->seen[x - 1]) == 0;
}

/* Whether the pair, with x restricted, removes some other common digit.
 * Neither set has a cell there: its cells holding z do not see
 * themselves, the others do not hold z. */
static int pair_removes(const struct tech_als_search *s, const struct tech_als_set *a,
                        const struct tech_als_set *b, unsigned zs)
{
    for (unsigned zm = zs; zm; zm &= zm - 1) {
        int z = bits_lowest(zm);
        if (a->seen[z] & b->seen[z] & s->with[z])
            return 1;
    }
    return 0;
}

static void say_pair(struct human_step *step, const struct tech_als_set *a,
                     const struct tech_als_set *b)
{
    tech_say(step, "ALS-XZ: ");
    say_set(step, a);
    tech_say(step, " and ");
    say_set(step, b);
}

static void cause_pair(struct tech_als_search *s, const struct tech_als_set *a,
                       const struct tech_als_set *b)
{
    for (int i = 0; i < a->n; i++)
        tech_cause_mask(s->step, s->st, a->list[i], a->digits);
    for (int i = 0; i < b->n; i++)
        tech_cause_mask(s->step, s->st, b->list[i], b->digits);
    tech_house(s->step, a->house);
    tech_house(s->step, b->house);
}

/* Removes each digit of zs from the cells outside a and b seeing every
 * one of it in a (and in b, when b is not NULL). */
static void eliminate_seeing(struct tech_als_search *s, const struct tech_als_set *a,
                             const struct tech_als_set *b, const struct tech_als_set *out,
                             unsigned zs)
{
    for (unsigned zm = zs; zm; zm &= zm - 1) {
        int z = tech_lowest_digit(zm);
        tech_cells t = a->seen[z - 1] & ~a->cells & ~out->cells;
        if (b)
            t &= b->seen[z - 1];
        for (; t; t &= t - 1)
            tech_eliminate(s->step, s->st, tech_cells_lowest(t), z);
    }
}

/* The doubly linked pair (restricted commons rcc, two digits): the
 * common digits from the cells seeing all of them in both, and each
 * set's other digits from the cells seeing all of them in it. */
static int als_doubly(struct tech_als_search *s, const struct tech_als_set *a,
                      const struct tech_als_set *b, unsigned rcc)
{
    tech_step_reset(s->step);
    eliminate_seeing(s, a, b, b, a->digits & b->digits);
    eliminate_seeing(s, a, NULL, b, a->digits & ~rcc);
    eliminate_seeing(s, b, NULL, a, b->digits & ~rcc);
    if (s->step->n_elim == 0)
        return 0;
    cause_pair(s, a, b);
    say_pair(s->step, a, b);
    tech_say(s->step, " are almost locked sets sharing ");
    tech_say_digits(s->step, rcc);
    tech_say(s->step, ", each in one of them only (doubly linked), so without "
                      "those both are locked; ");
    tech_say_elims(s->step);
    return 1;
}

/* Sets a and b share two digits or more and no cell (the caller's masks). */
static int als_pair(struct tech_als_search *s, const struct tech_als_set *a,
                    const struct tech_als_set *b)
{
    unsigned common = a->digits & b->digits, rcc = 0;
    for (unsigned xm = common; xm; xm &= xm - 1)
        if (restricted(s, a, b, tech_lowest_digit(xm)))
            rcc |= xm & -xm;
    if (bits_count(rcc) >= 2)
        return als_doubly(s, a, b, rcc) && tech_found(s->ctx, s->step);
    for (unsigned xm = rcc; xm; xm &= xm - 1) {
        int x = tech_lowest_digit(xm);
        if (!pair_removes(s, a, b, common & ~tech_bit(x)))
            continue;
        tech_step_reset(s->step);
        for (unsigned zm = common & ~tech_bit(x); zm; zm &= zm - 1) {
            int z = tech_lowest_digit(zm);
            for (tech_cells t =
                     a->seen[z - 1] & b->seen[z - 1] & ~a->cells & ~b->cells;
                 t; t &= t - 1)
                tech_eliminate(s->step, s->st, tech_cells_lowest(t), z);
        }
        if (s->step->n_elim == 0)
            continue;
        cause_pair(s, a, b);
        say_pair(s->step, a, b);
        tech_say(s->step,
                 " are almost locked sets sharing %d, which cannot be in "
                 "both, so one of them holds every other digit they share; ",
                 x);
        tech_say_elims(s->step);
        if (tech_found(s->ctx, s->step))
            return 1;
    }
    return 0;
}

/* Adds set i to the sets of each cell of cells. */
static void sets_by_cell(uint64_t by_cell[GRID_CELLS][ALS_WORDS], tech_cells cells,
                         int i)
{
    for (; cells; cells &= cells - 1)
        by_cell[tech_cells_lowest(cells)][i / 64] |= (uint64_t)1 << (i % 64);
}

/* The union of the sets of each cell of cells. */
static void sets_of_cells(uint64_t out[ALS_WORDS],
                          uint64_t by_cell[GRID_CELLS][ALS_WORDS], tech_cells cells)
{
    for (int k = 0; k < ALS_WORDS; k++)
        out[k] = 0;
    for (; cells; cells &= cells - 1) {
        const uint64_t *b = by_cell[tech_cells_lowest(cells)];
        for (int k = 0; k < ALS_WORDS; k++)
            out[k] |= b[k];
    }
}

/* Pairs in order (i, then j > i); only the sets sharing two digits or
 * more with set i and no cell are looked at, and of those only the ones
 * with set i a cell in their reach and a cell in the reach of set i (a
 * restricted common digit needs both): masks of sets from the sets of
 * each cell, then a test of the few left: each set with a cell in the
 * other's reach (the x of either sees every x of the other).  After a
 * search found nothing
 * (memo), a pair of sets whose cells did not change (both of them) was
 * there then, removing nothing: only pairs with a changed cell are
 * tried. */
static int search_pairs(struct tech_als_search *s, tech_cells changed)
{
    int words = (s->n + 63) / 64; /* the words holding sets */
    uint64_t touched[ALS_WORDS] = {0};
    /* [cell]: the sets holding it, the sets whose reach holds it */
    uint64_t at[GRID_CELLS][ALS_WORDS], reached[GRID_CELLS][ALS_WORDS];
    memset(at, 0, sizeof at);
    memset(reached, 0, sizeof reached);
    for (int i = 0; i < s->n; i++) {
        if (s->cells[i] & changed)
            touched[i / 64] |= (uint64_t)1 << (i % 64);
        sets_by_cell(at, s->cells[i], i);
        sets_by_cell(reached, s->reach[i], i);
    }
    for (int i = 0; i < s->n; i++) {
        int fresh = (int)(touched[i / 64] >> (i % 64)) & 1;
        uint64_t once[ALS_WORDS] = {0}, twice[ALS_WORDS] = {0};
        uint64_t back[ALS_WORDS], overlap[ALS_WORDS];
        for (unsigned m = s->set[i].digits; m; m &= m - 1) {
            const uint64_t *h = s->having[bits_lowest(m)];
            for (int k = 0; k < ALS_WORDS; k++) {
                twice[k] |= once[k] & h[k];
                once[k] |= h[k];
            }
        }
        sets_of_cells(back, reached, s->cells[i]);
        sets_of_cells(overlap, at, s->cells[i]);
        for (int k = i / 64; k < words; k++) {
            uint64_t m = twice[k] & back[k] & ~overlap[k] &
                         (fresh ? ~(uint64_t)0 : touched[k]);
            if (k == i / 64)
                m &= i % 64 == 63 ? 0 : ~(uint64_t)0 << (i % 64 + 1);
            for (; m; m &= m - 1) {
                int j = k * 64 + bits_lowest64(m);
                /* (a doubly linked pair may remove what one set sees) */
                if ((s->cells[j] & s->reach[i]) && (s->cells[i] & s->reach[j]) &&
                    als_pair(s, &s->set[i], &s->set[j]))
                    return 1;
            }
        }
    }
    return 0;
}

int tech_find_als_xz(struct tech_ctx *ctx, struct human_step *step)
{
    struct tech_als_search s; /* about 110 KB on the stack: no allocation */
    s.ctx = ctx;
    s.st = ctx->st;
    s.step = step;
    s.with = tech_ctx_digits(ctx)->cells;
    collect(&s);
    if (search_pairs(&s, tech_memo_changed(ctx, TECH_MEMO_ALS_XZ)))
        return 1;
    tech_memo_whole_failed(ctx, TECH_MEMO_ALS_XZ);
    tech_step_reset(step);
    return 0;
}

/* ---- ALS-XY-Wing and ALS-XY-Chain ---------------------------------------
 *
 * Both walk the restricted commons of pairs of sets that share no cell
 * (links): a link of A and B with digits R (one or two: each of R is in
 * at most one of A and B).  A set that lacks a digit of R on its side is
 * locked on the rest, so it holds the other digits of R, which the far
 * set then lacks: that is one step of the chain.
 */

#define ALS_LINKS_MAX TECH_ALS_LINKS_MAX

#define ALS_ALL_WORDS (ALS_MAX / 64)

/* Adds set i to the sets of each cell of cells (any set). */
static void mark_cells(uint64_t by_cell[GRID_CELLS][ALS_ALL_WORDS], tech_cells cells,
                       int i)
{
    for (; cells; cells &= cells - 1)
        by_cell[tech_cells_lowest(cells)][i / 64] |= (uint64_t)1 << (i % 64);
}

/* The links of each set to the later sets that share no cell with it
 * (with the overlap option, any later set), in order (as HoDoKu collects
 * them, forward only); at most ALS_LINKS_MAX.  Only the sets with a cell
 * in set i's reach, holding a cell in its, and (without the option) none
 * of its cells are tested (masks of sets per cell). */
static void collect_links(const struct tech_als_search *s, struct tech_als_links *l)
{
    uint64_t at[GRID_CELLS][ALS_ALL_WORDS], reached[GRID_CELLS][ALS_ALL_WORDS];
    int words = (s->n + 63) / 64;
    memset(at, 0, sizeof at);
    memset(reached, 0, sizeof reached);
    for (int i = 0; i < s->n; i++) {
        mark_cells(at, s->cells[i], i);
        mark_cells(reached, s->reach[i], i);
    }
    l->n = 0;
    for (int i = 0; i < s->n; i++) {
        l->first[i] = (uint16_t)l->n;
        const struct tech_als_set *a = &s->set[i];
        uint64_t in_reach[ALS_ALL_WORDS] = {0}, back[ALS_ALL_WORDS] = {0},
                 overlap[ALS_ALL_WORDS] = {0};
        for (tech_cells c = s->reach[i]; c; c &= c - 1)
            for (int k = i / 64; k < words; k++)
                in_reach[k] |= at[tech_cells_lowest(c)][k];
        for (tech_cells c = s->cells[i]; c; c &= c - 1)
            for (int k = i / 64; k < words; k++) {
                back[k] |= reached[tech_cells_lowest(c)][k];
                overlap[k] |= at[tech_cells_lowest(c)][k];
            }
        for (int k = i / 64; k < words && l->n < ALS_LINKS_MAX; k++) {
            uint64_t m = in_reach[k] & back[k] & (s->overlap ? ~(uint64_t)0 : ~overlap[k]);
            if (k == i / 64)
                m &= i % 64 == 63 ? 0 : ~(uint64_t)0 << (i % 64 + 1);
            for (; m && l->n < ALS_LINKS_MAX; m &= m - 1) {
                int j = k * 64 + bits_lowest64(m);
                unsigned common = s->digits[i] & s->digits[j], rcc = 0;
                for (unsigned xm = common; xm; xm &= xm - 1)
                    if (restricted(s, a, &s->set[j], tech_lowest_digit(xm)))
                        rcc |= xm & -xm;
                if (!rcc)
                    continue;
                l->to[l->n] = (uint16_t)j;
                l->digits[l->n++] = (uint16_t)rcc;
            }
        }
    }
    l->first[s->n] = (uint16_t)l->n;
}

/* The digits z of zs that the end sets a and b both hold, each removed
 * from the cells outside both that see every z of both; returns how many
 * were recorded. */
static int eliminate_common(struct tech_als_search *s, const struct tech_als_set *a,
                            const struct tech_als_set *b, unsigned zs)
{
    tech_step_reset(s->step);
    for (unsigned zm = zs & a->digits & b->digits; zm; zm &= zm - 1) {
        int z = tech_lowest_digit(zm);
        for (tech_cells t = a->seen[z - 1] & b->seen[z - 1] & s->with[z - 1] &
                            ~a->cells & ~b->cells;
             t; t &= t - 1)
            tech_eliminate(s->step, s->st, tech_cells_lowest(t), z);
    }
    return s->step->n_elim;
}

/* Collect mode: the eliminations of the wings or chains reported so far
 * (a hash each): one with the same as an earlier one is not built again
 * (the listing keeps the first of a row's equal steps; HoDoKu keeps one
 * chain per set of eliminations).  Past ALS_SEEN_MAX, all are built. */
#define ALS_SEEN_MAX 512

struct als_seen {
    int n;
    uint64_t hash[ALS_SEEN_MAX];
};

/* 1 when the step's eliminations were reported before (collect mode);
 * else records them. */
static int als_seen_before(const struct tech_als_search *s, struct als_seen *seen)
{
    if (!s->ctx->collect)
        return 0;
    uint64_t h = 14695981039346656037u;
    for (int i = 0; i < s->step->n_elim; i++)
        h = (h ^ (uint64_t)(s->step->elim[i].cell * 10 + s->step->elim[i].digit)) *
            1099511628211u;
    for (int i = 0; i < seen->n; i++)
        if (seen->hash[i] == h)
            return 1;
    if (seen->n < ALS_SEEN_MAX)
        seen->hash[seen->n++] = h;
    return 0;
}

static void cause_set(struct tech_als_search *s, const struct tech_als_set *a)
{
    for (int i = 0; i < a->n; i++)
        tech_cause_mask(s->step, s->st, a->list[i], a->digits);
    tech_house(s->step, a->house);
}

/* Wing: sets a and b each linked to c (digits ra, rb; not one same
 * digit), a and b sharing no cell (with the overlap option: neither
 * inside the other, and some two of the three sets sharing a cell).  If
 * some z of both were not in either, both would be locked on the rest,
 * holding ra and rb, which c would lack: two digits, one too many. */
static int als_wing(struct tech_als_search *s, struct als_seen *seen, int ia, int ib,
                    int ic, unsigned ra, unsigned rb)
{
    if (!(s->open[ia] & s->open[ib] & ~(ra | rb)) || (ra == rb && bits_count(ra) == 1))
        return 0;
    /* the packed cells first: most pairs end here */
    tech_cells ca = s->cells[ia], cb = s->cells[ib], ab = ca | cb;
    int apart = !(ca & cb) && !(s->cells[ic] & ab);
    if (s->overlap ? apart || ab == ca || ab == cb : (ca & cb) != 0)
        return 0;
    const struct tech_als_set *a = &s->set[ia], *b = &s->set[ib], *c = &s->set[ic];
    if (!eliminate_common(s, a, b, ~(ra | rb)) || als_seen_before(s, seen))
        return 0;
    cause_set(s, a);
    cause_set(s, b);
    cause_set(s, c);
    tech_say(s->step, "ALS-XY-Wing: almost locked sets ");
    say_set(s->step, a);
    tech_say(s->step, " and ");
    say_set(s->step, b);
    tech_say(s->step, " share ");
    tech_say_digits(s->step, ra);
    tech_say(s->step, " and ");
    tech_say_digits(s->step, rb);
    tech_say(s->step, " with ");
    say_set(s->step, c);
    tech_say(s->step, ", each digit in one of the two sets only; ");
    tech_say_cells(s->step, c->list, c->n, 1);
    tech_say(s->step, " cannot lack both, so the outer sets hold every other "
                      "digit they share%s; ",
             s->overlap ? " (sets sharing cells, but no shared digit there)" : "");
    tech_say_elims(s->step);
    return tech_found(s->ctx, s->step);
}

/* Each set's links (both ways): the link numbers, set by set. */
struct als_incidence {
    uint16_t first[ALS_MAX + 1];
    uint16_t link[2 * ALS_LINKS_MAX];
    uint16_t from[ALS_LINKS_MAX]; /* the earlier set of each link */
};

static void collect_incidence(const struct tech_als_search *s, const struct tech_als_links *l,
                              struct als_incidence *in)
{
    uint16_t count[ALS_MAX + 1] = {0};
    for (int i = 0; i < s->n; i++)
        for (int k = l->first[i]; k < l->first[i + 1]; k++) {
            in->from[k] = (uint16_t)i;
            count[i]++;
            count[l->to[k]]++;
        }
    in->first[0] = 0;
    for (int i = 0; i < s->n; i++)
        in->first[i + 1] = (uint16_t)(in->first[i] + count[i]);
    memset(count, 0, sizeof count);
    for (int k = 0; k < l->n; k++) {
        int i = in->from[k], j = l->to[k];
        in->link[in->first[i] + count[i]++] = (uint16_t)k;
        in->link[in->first[j] + count[j]++] = (uint16_t)k;
    }
}

/* HoDoKu's sets of ctx's state and (l not NULL) their links, with the
 * overlap option or without. */
static void als_begin(struct tech_als_search *s, struct tech_als_links *l,
                      struct tech_ctx *ctx, struct human_step *step, int overlap)
{
    s->ctx = ctx;
    s->overlap = overlap;
    s->st = ctx->st;
    s->step = step;
    s->with = tech_ctx_digits(ctx)->cells;
    collect_hodoku(s);
    if (l)
        collect_links(s, l);
}

/* The same into *sp and *lp: the search's share of them when it has
 * one (tech_ctx's als: built there by the first row asking, with the
 * same overlap option, and only pointed at by the next, as the state is
 * the same; the fields of one search set anew), else built into own_s
 * and own_l. */
static void als_begin_shared(struct tech_als_search **sp, struct tech_als_links **lp,
                             struct tech_als_search *own_s, struct tech_als_links *own_l,
                             struct tech_ctx *ctx, struct human_step *step, int overlap)
{
    struct tech_als_share *sh = ctx->als;
    *sp = sh ? &sh->s : own_s;
    *lp = sh ? &sh->l : own_l;
    if (sh && sh->ready == 1 + overlap && sh->s.st == ctx->st) {
        sh->s.ctx = ctx;
        sh->s.step = step;
        sh->s.with = tech_ctx_digits(ctx)->cells;
        return;
    }
    als_begin(*sp, *lp, ctx, step, overlap);
    if (sh)
        sh->ready = 1 + overlap;
}

/* The position in set u's incidence list of its first link after link k
 * (the lists are in link order). */
static int links_after(const struct als_incidence *in, int u, int k)
{
    int lo = in->first[u], hi = in->first[u + 1];
    while (lo < hi) { /* the first position whose link is after k */
        int mid = (lo + hi) / 2;
        if (in->link[mid] <= k)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo;
}

/* HoDoKu's order, whose first wing its solver takes: pairs of links
 * (kp, kq), kp before kq in link order, sharing one set, the middle one:
 * for each link kp, the later links of its two sets, merged in order. */
static int als_xy_wing(struct tech_ctx *ctx, struct human_step *step, int overlap)
{
    struct tech_als_search own_s, *s; /* with the links, about 200 KB of stack */
    struct tech_als_links own_l, *l;
    struct als_incidence in;
    struct als_seen seen = {0};
    als_begin_shared(&s, &l, &own_s, &own_l, ctx, step, overlap);
    collect_incidence(s, l, &in);
    for (int kp = 0; kp < l->n; kp++) {
        int u = in.from[kp], v = l->to[kp];
        unsigned r = l->digits[kp];
        /* the outer sets must share a digit neither link carries that
         * each can help remove (als_wing's first test): with u the middle
         * set, v is an outer one, so v's side needs open[v] off kp's
         * digits, else its pairs are all passed over (the others keep
         * their order) */
        int pu = s->open[v] & ~r ? links_after(&in, u, kp) : in.first[u + 1];
        int pv = s->open[u] & ~r ? links_after(&in, v, kp) : in.first[v + 1];
        while (pu < in.first[u + 1] || pv < in.first[v + 1]) {
            /* the next later link of u or of v; c the set it shares */
            int take_u = pv == in.first[v + 1] ||
                         (pu < in.first[u + 1] && in.link[pu] < in.link[pv]);
            int kq = take_u ? in.link[pu++] : in.link[pv++];
            int c = take_u ? u : v, a = take_u ? v : u;
            int b = in.from[kq] == c ? l->to[kq] : in.from[kq];
            if (als_wing(s, &seen, a, b, c, l->digits[kp], l->digits[kq]))
                return 1;
        }
    }
    tech_step_reset(step);
    return 0;
}

int tech_find_als_xy_wing(struct tech_ctx *ctx, struct human_step *step)
{
    return als_xy_wing(ctx, step, 0);
}

int tech_find_als_xy_wing_overlap(struct tech_ctx *ctx, struct human_step *step)
{
    return als_xy_wing(ctx, step, 1);
}

/* Chain: a path of sets, each linked to the next and each later than the
 * one before (HoDoKu's forward links), at least four sets; the digits a
 * link carries (its "actual" ones) are its digits less the lower one the
 * link before carried (HoDoKu's rule; a link with none left ends the
 * path).  If a digit z of the first and last sets, not carried by the
 * first or last link, were not in either, the first would be locked,
 * pushing the first link's digit out of the second set, and so on to the
 * last, locked without the last link's digits: holding z. */
#define ALS_CHAIN_MAX 8

struct als_chain {
    struct tech_als_search *s;
    const struct tech_als_links *l;
    int n;
    uint16_t set[ALS_CHAIN_MAX + 1];
    uint16_t carried[ALS_CHAIN_MAX]; /* digits link k carries */
    struct als_seen seen;
    long budget; /* links tried left: bounds the search on open grids */
};

static int chain_found(struct als_chain *ch)
{
    struct tech_als_search *s = ch->s;
    const struct tech_als_set *a = &s->set[ch->set[0]], *b = &s->set[ch->set[ch->n]];
    if (!(s->open[ch->set[0]] & s->open[ch->set[ch->n]] &
          ~(ch->carried[0] | ch->carried[ch->n - 1])) ||
        !eliminate_common(s, a, b, ~(ch->carried[0] | ch->carried[ch->n - 1])) ||
        als_seen_before(s, &ch->seen))
        return 0;
    tech_say(s->step, "ALS-XY-Chain: ");
    for (int k = 0; k <= ch->n; k++) {
        const struct tech_als_set *x = &s->set[ch->set[k]];
        cause_set(s, x);
        if (k) {
            tech_say(s->step, " -");
            tech_say_digits(s->step, ch->carried[k - 1]);
            tech_say(s->step, "- ");
        }
        say_set(s->step, x);
    }
    tech_say(s->step, ": almost locked sets, each sharing the digits between "
                      "them with the next, in one of the two only; if the "
                      "first set lacked a digit both end sets hold, it would "
                      "push each shared digit out of the next set and the "
                      "last set would hold it; ");
    tech_say_elims(s->step);
    return tech_found(s->ctx, s->step);
}

static int chain_walk(struct als_chain *ch)
{
    int i = ch->set[ch->n];
    for (int k = ch->l->first[i]; k < ch->l->first[i + 1]; k++) {
        unsigned d = ch->l->digits[k];
        /* the first link with two digits is tried with each alone */
        unsigned tries = ch->n ? 1u : (unsigned)bits_count(d);
        for (unsigned t = 0; t < tries; t++) {
            if (--ch->budget < 0)
                return 0;
            unsigned carried = d, prev = ch->n ? ch->carried[ch->n - 1] : 0;
            if (ch->n)
                carried &= ~(prev & -prev);
            else if (tries == 2)
                carried = t ? d & (d - 1) : d & -d;
            if (!carried)
                continue;
            ch->carried[ch->n] = (uint16_t)carried;
            ch->set[++ch->n] = ch->l->to[k];
            int r = (ch->n >= 3 && chain_found(ch)) ||
                    (ch->n < ALS_CHAIN_MAX && chain_walk(ch));
            ch->n--;
            if (r)
                return 1;
        }
    }
    return 0;
}

/* From each set in order, the paths depth first, links in order. */
int tech_find_als_xy_chain(struct tech_ctx *ctx, struct human_step *step)
{
    struct tech_als_search own_s, *s;
    struct tech_als_links own_l, *l;
    als_begin_shared(&s, &l, &own_s, &own_l, ctx, step, 0);
    static const struct als_chain none;
    struct als_chain ch = none;
    ch.s = s;
    ch.l = l;
    for (int i = 0; i < s->n; i++) {
        /* a first set none of whose digits some cell outside it holds and
         * sees all of removes nothing: not walked */
        if (!s->open[i])
            continue;
        ch.budget = ALS_CHAIN_BUDGET;
        ch.n = 0;
        ch.set[0] = (uint16_t)i;
        if (chain_walk(&ch))
            return 1;
    }
    tech_step_reset(step);
    return 0;
}

/* ---- Death Blossom ----------------------------------------------------
 *
 * A stem cell and, for each of its digits d, a petal: a set holding d
 * whose every d sees the stem (HoDoKu's; the stem not in it), the petals
 * sharing no cell (with the overlap option, some two sharing one).  Whatever the stem is, that digit's petal lacks it and
 * is locked on the rest: a digit z every petal holds (not the stem's) is
 * then in one of them, and the cells seeing every z of all the petals
 * lose it.  Stems in order, petals by digit, each digit's in set order. */
#define DB_PETALS 100      /* a digit's petals kept at most (HoDoKu's) */
#define DB_BUDGET 4000L    /* petal choices tried per stem at most */

struct blossom {
    struct tech_als_search *s;
    struct als_seen seen;
    int stem;
    unsigned stem_digits;
    int n_petal[9];
    uint16_t petal[9][DB_PETALS];
    uint16_t chosen[9];
    long budget;
};

/* shared: some two chosen petals share a cell. */
static int blossom_found(struct blossom *b, unsigned common, tech_cells used,
                         int shared)
{
    struct tech_als_search *s = b->s;
    if (s->overlap && !shared)
        return 0; /* the plain row's */
    tech_step_reset(s->step);
    for (unsigned zm = common & ~b->stem_digits; zm; zm &= zm - 1) {
        int z = tech_lowest_digit(zm);
        tech_cells t = s->with[z - 1] & ~used & ~tech_cell_bit(b->stem);
        for (unsigned dm = b->stem_digits; dm; dm &= dm - 1)
            t &= s->set[b->chosen[bits_lowest(dm)]].seen[z - 1];
        for (; t; t &= t - 1)
            tech_eliminate(s->step, s->st, tech_cells_lowest(t), z);
    }
    if (!s->step->n_elim || als_seen_before(s, &b->seen))
        return 0;
    tech_cause_mask(s->step, s->st, b->stem, b->stem_digits);
    tech_say(s->step, "Death Blossom: whatever ");
    tech_say_cell(s->step, b->stem);
    tech_say(s->step, " (");
    tech_say_digits(s->step, b->stem_digits);
    tech_say(s->step, ") is, the almost locked set seeing all of that digit "
                      "lacks it and holds ");
    tech_say_digits(s->step, common & ~b->stem_digits);
    tech_say(s->step, ":");
    for (unsigned dm = b->stem_digits; dm; dm &= dm - 1) {
        const struct tech_als_set *a = &s->set[b->chosen[bits_lowest(dm)]];
        cause_set(s, a);
        tech_say(s->step, " %d in ", tech_lowest_digit(dm));
        say_set(s->step, a);
        tech_say(s->step, dm & (dm - 1) ? "," : ";");
    }
    if (s->overlap)
        tech_say(s->step, " the sets share cells, which does not matter: only the "
                          "stem's digit's set is locked;");
    tech_say(s->step, " ");
    tech_say_elims(s->step);
    return tech_found(s->ctx, s->step);
}

/* Chooses the petal of each stem digit from digits (the rest of them).
 * common: the digits all chosen petals hold; target[z - 1]: the cells
 * seeing every z of them.  A choice leaving no digit z off the stem with
 * a target cell holding z outside the petals can remove nothing: not
 * walked further. */
static int blossom_grow(struct blossom *b, unsigned digits, unsigned common,
                        tech_cells used, const tech_cells target[9], int shared)
{
    if (!digits)
        return blossom_found(b, common, used, shared);
    const struct tech_als_search *s = b->s;
    int d = bits_lowest(digits);
    for (int k = 0; k < b->n_petal[d] && b->budget > 0; k++) {
        int i = b->petal[d][k];
        unsigned c = common & s->digits[i], alive = 0;
        tech_cells next[9], u = used | s->cells[i];
        b->budget--;
        if ((s->cells[i] & used) && !s->overlap)
            continue;
        for (unsigned zm = c & ~b->stem_digits; zm; zm &= zm - 1) {
            int z = bits_lowest(zm);
            next[z] = target[z] & s->set[i].seen[z];
            if (next[z] & s->with[z] & ~u)
                alive |= zm & -zm;
        }
        if (!alive)
            continue;
        b->chosen[d] = (uint16_t)i;
        if (blossom_grow(b, digits & (digits - 1), c, u, next,
                         shared || (s->cells[i] & used) != 0))
            return 1;
    }
    return 0;
}

static int death_blossom(struct tech_ctx *ctx, struct human_step *step, int overlap)
{
    struct tech_als_search s;
    struct blossom b;
    als_begin(&s, NULL, ctx, step, overlap);
    b.s = &s;
    b.seen.n = 0;
    /* [d]: the cells some set holding d sees every d of (the stems that
     * have a petal for d) */
    tech_cells cover[9] = {0};
    for (int i = 0; i < s.n; i++)
        for (unsigned dm = s.digits[i]; dm; dm &= dm - 1)
            cover[bits_lowest(dm)] |= s.set[i].seen[bits_lowest(dm)] & ~s.cells[i];
    for (int stem = 0; stem < GRID_CELLS; stem++) {
        if (s.st->value[stem])
            continue;
        unsigned covered = 1;
        for (unsigned dm = s.st->cand[stem]; dm && covered; dm &= dm - 1)
            covered = (unsigned)(cover[bits_lowest(dm)] >> stem) & 1;
        if (!covered)
            continue;
        b.stem = stem;
        b.stem_digits = s.st->cand[stem];
        unsigned have = 0;
        memset(b.n_petal, 0, sizeof b.n_petal);
        for (int i = 0; i < s.n; i++) {
            if (s.cells[i] & tech_cell_bit(stem))
                continue;
            for (unsigned dm = b.stem_digits & s.digits[i]; dm; dm &= dm - 1) {
                int d = bits_lowest(dm);
                if (!((s.set[i].seen[d] >> stem) & 1) || b.n_petal[d] == DB_PETALS)
                    continue;
                b.petal[d][b.n_petal[d]++] = (uint16_t)i;
                have |= 1u << d;
            }
        }
        if (have != b.stem_digits)
            continue;
        tech_cells target[9];
        for (int z = 0; z < 9; z++)
            target[z] = ~tech_cell_bit(stem);
        b.budget = DB_BUDGET;
        if (blossom_grow(&b, b.stem_digits, HUMAN_ALL_DIGITS, 0, target, 0))
            return 1;
    }
    tech_step_reset(step);
    return 0;
}

int tech_find_death_blossom(struct tech_ctx *ctx, struct human_step *step)
{
    return death_blossom(ctx, step, 0);
}

int tech_find_death_blossom_overlap(struct tech_ctx *ctx, struct human_step *step)
{
    return death_blossom(ctx, step, 1);
}
