/*
 * tech_franken_fish: Franken and Mutant fish, with and without fins
 * (sizes 2 to 4), as HoDoKu 2.2 defines them.
 *
 * A fish on digit d: n base sets (houses) and n cover sets (other
 * houses), every cover holding d in some base cell.  Each base set holds
 * d once; base sets sharing no candidate of d need n different true
 * cells, all inside the covers when every base candidate is covered, and
 * each cover holds d at most once, so every cover holds exactly one of
 * them: d leaves the cover cells off the base sets, and a base cell in
 * two covers (one digit there would fill two covers: "cannibalism").
 * Fins: base candidates in no cover ("exo" fins) and base candidates in
 * two base sets ("endo" fins: one digit there fills two base sets).
 * Either a fin holds d or the fish holds, so with fins only the cells
 * that see every fin lose d.  HoDoKu's limits: at most 5 fins, 2 of them
 * endo fins; without fins, no base set holds d in more than n places.
 *
 * The kinds (HoDoKu's names, by the houses used): basic, rows covered by
 * columns or columns by rows (tech_basic_fish.c, tech_finned_fish.c);
 * Franken, rows and boxes covered by columns and boxes (a row and a
 * column at least, and a box somewhere), or the same with rows and
 * columns swapped; Mutant, anything else.  HoDoKu's default solver uses
 * Franken X-Wing and Swordfish, finned or not; it ships the Franken
 * Jellyfish and every Mutant fish switched off (library techniques
 * here).
 *
 * Mutant fish with fins are searched up to the X-Wing only: the finned
 * Mutant Swordfish and Jellyfish cost several times the finned Franken
 * Jellyfish (every house may be a base or cover set; early positions hold
 * thousands of them), for techniques HoDoKu ships switched off.
 *
 * Search.  Digit by digit (for Franken fish rows as base lines first,
 * then columns), every base set in HoDoKu's order (houses by number:
 * rows, columns, boxes).  For one base set the covers are built around
 * one base candidate neither covered nor a fin (chosen by what is
 * left, ff_covers): one of its houses covers it (each later choice
 * barring the earlier houses) or it is a fin (barring all its houses);
 * once every base candidate is covered or a fin, the covers still
 * missing are any houses meeting the base set, in order.  So each set of
 * covers and fins is met once.  With fins, the cells that could lose d
 * are found first (ff_targets): a fin that none of them sees ends the
 * branch.  The solver takes, of the first base set
 * with a fish, the fish whose covers come first in HoDoKu's order, as
 * HoDoKu's search does.  Collect mode lists every fish, and every two on
 * the same base sets that remove different candidates as one step
 * (HoDoKu's Siamese fish; among the first FF_FOUND_MAX of a base set).
 */
#include "tech_digits.h"

#define FF_MAX_FINS 5
#define FF_MAX_ENDO 2
#define FF_FOUND_MAX 64 /* fish of one base set kept for the Siamese pairs */
#define FF_LISTED_SLOTS 512 /* collect mode: what was listed (a power of 2) */

#define FF_ROWS 0x1FFu
#define FF_COLS (0x1FFu << 9)
#define FF_BOXES (0x1FFu << 18)

enum ff_kind { FF_FRANKEN, FF_MUTANT };

/* One fish of the base set being searched. */
struct ff_fish {
    uint32_t cover;  /* cover houses, bit h */
    tech_cells fins; /* exo and endo fins */
    tech_cells elim; /* the cells that lose d */
};

struct ff {
    struct tech_ctx *ctx;
    const struct human_state *st;
    struct human_step *step;
    enum ff_kind kind;
    int d, n, finned;
    tech_cells all;               /* the cells holding d */
    tech_cells unit[TECH_HOUSES]; /* the cells of each house holding d */
    uint32_t base_ok, cover_ok;   /* houses that may be base, cover sets */
    /* per cell holding d: its houses that may be covers, their cells */
    uint32_t cover_houses[GRID_CELLS];
    tech_cells cover_cells[GRID_CELLS];
    uint32_t line;                /* Franken: the base set's kind of line */
    uint32_t fresh; /* the houses whose base sets are searched (ff_fresh) */
    /* the base set being searched */
    uint32_t base, touch; /* touch: the cover houses meeting it */
    tech_cells cands, endo, touch_cells; /* touch_cells: their cells */
    /* normal mode: the fish with the first covers; collect mode: the
     * fish found (for the Siamese pairs) */
    int has_best, n_found;
    struct ff_fish best, found[FF_FOUND_MAX];
    /* collect mode: the eliminations listed (digit at bit 96), so that
     * the many fish removing the same are not each written out; 0: a
     * free slot.  When full, the collector's own check is left. */
    int n_listed;
    tech_cells listed[FF_LISTED_SLOTS];
};

static int cells_count(tech_cells s)
{
    int n = 0;
    for (; s; s &= s - 1)
        n++;
    return n;
}

static int houses_count(uint32_t h)
{
    return bits_count(h & 0xFFFFu) + bits_count(h >> 16);
}

/* Bit 0: some row, 1: some column, 2: some box. */
static unsigned house_kinds(uint32_t houses)
{
    return (houses & FF_ROWS ? 1u : 0u) | (houses & FF_COLS ? 2u : 0u) |
           (houses & FF_BOXES ? 4u : 0u);
}

/* HoDoKu's kind of a fish by the kinds of its base and cover houses. */
static int is_basic(unsigned b, unsigned c)
{
    return (b == 1 && c == 2) || (b == 2 && c == 1);
}

static int is_franken(unsigned b, unsigned c)
{
    return !is_basic(b, c) && (((b == 1 || b == 5) && (c == 2 || c == 6)) ||
                               ((b == 2 || b == 6) && (c == 1 || c == 5)));
}

/* ---- the step ---------------------------------------------------------- */

static const char *const size_name[5] = {"", "", "X-Wing", "Swordfish",
                                         "Jellyfish"};

/* "row A, row E and box 9" */
static void say_houses(struct human_step *step, uint32_t houses)
{
    int n = houses_count(houses), i = 0;
    for (uint32_t m = houses; m; m &= m - 1, i++) {
        tech_say(step, "%s", i == 0 ? "" : (i == n - 1 ? " and " : ", "));
        tech_say_house(step, bits_lowest(m));
    }
}

/* " but for the fins A1 and B2 and the endo fin C3" */
static void say_fins(const struct ff *f, const struct ff_fish *fish)
{
    tech_cells exo = fish->fins & ~f->endo;
    if (!fish->fins)
        return;
    tech_say(f->step, " but for ");
    if (exo) {
        tech_say(f->step, "the fin%s ", exo & (exo - 1) ? "s" : "");
        tech_say_cell_set(f->step, exo);
    }
    if (f->endo) {
        tech_say(f->step, "%sthe endo fin%s ", exo ? " and " : "",
                 f->endo & (f->endo - 1) ? "s" : "");
        tech_say_cell_set(f->step, f->endo);
    }
}

/* Collect mode: 1 when eliminations elim of d were listed already, else
 * records them. */
static int ff_listed(struct ff *f, tech_cells elim)
{
    tech_cells key = elim | (tech_cells)f->d << 96;
    uint64_t h = (uint64_t)key ^ (uint64_t)(key >> 64) * 0x9E3779B97F4A7C15ull;
    h ^= h >> 29;
    h *= 0xBF58476D1CE4E5B9ull;
    unsigned i = (unsigned)(h >> 40) & (FF_LISTED_SLOTS - 1);
    for (; f->listed[i]; i = (i + 1) & (FF_LISTED_SLOTS - 1))
        if (f->listed[i] == key)
            return 1;
    if (f->n_listed >= FF_LISTED_SLOTS / 2)
        return 0;
    f->listed[i] = key;
    f->n_listed++;
    return 0;
}

/* The step of fish on the current base set, joined with a second fish on
 * the same base set when two is not NULL (Siamese). */
static void ff_step(struct ff *f, const struct ff_fish *fish,
                    const struct ff_fish *two)
{
    struct human_step *step = f->step;
    tech_step_reset(step);
    for (tech_cells e = fish->elim | (two ? two->elim : 0); e; e &= e - 1)
        tech_eliminate(step, f->st, tech_cells_lowest(e), f->d);
    for (tech_cells c = f->cands; c; c &= c - 1)
        tech_cause(step, tech_cells_lowest(c), f->d);
    uint32_t houses = f->base | fish->cover | (two ? two->cover : 0);
    for (uint32_t m = houses; m; m &= m - 1)
        tech_house(step, bits_lowest(m));
    tech_say(step, "%s%s%s %s: the %d of base sets ", two ? "Siamese " : "",
             f->finned ? "Finned " : "",
             f->kind == FF_FRANKEN ? "Franken" : "Mutant", size_name[f->n], f->d);
    say_houses(step, f->base);
    tech_say(step, " lies in cover sets ");
    say_houses(step, fish->cover);
    say_fins(f, fish);
    if (two) {
        tech_say(step, ", and in cover sets ");
        say_houses(step, two->cover);
        say_fins(f, two);
    }
    tech_say(step, ", so ");
    tech_say_elims(step);
}

/* ---- the covers of one base set ------------------------------------------ */

/* Whether cover set a comes before b in HoDoKu's order (combinations of
 * the houses by number: the set with the lowest house of the two that
 * are not in both). */
static int covers_before(uint32_t a, uint32_t b)
{
    uint32_t x = a ^ b;
    return x && (a & x & (0u - x)) != 0;
}

/* Covers complete, exo fins chosen: a fish of the row's kind?  seen:
 * the cells with d that see every fin. */
static int ff_leaf(struct ff *f, uint32_t cover, tech_cells exo, tech_cells seen)
{
    tech_cells fins = exo | f->endo;
    if ((fins != 0) != f->finned)
        return 0;
    unsigned b = house_kinds(f->base), c = house_kinds(cover);
    if (f->kind == FF_FRANKEN ? !is_franken(b, c)
                              : is_franken(b, c) || is_basic(b, c))
        return 0;
    tech_cells all = 0, twice = 0;
    for (uint32_t m = cover; m; m &= m - 1) {
        tech_cells u = f->unit[bits_lowest(m)];
        twice |= all & u;
        all |= u;
    }
    tech_cells elim = (all & ~f->cands) | twice;
    if (fins)
        elim &= seen;
    if (!elim)
        return 0;
    struct ff_fish fish = {cover, fins, elim};
    if (!f->ctx->collect) {
        if (!f->has_best || covers_before(cover, f->best.cover))
            f->best = fish;
        f->has_best = 1;
        return 0;
    }
    if (f->n_found < FF_FOUND_MAX)
        f->found[f->n_found++] = fish;
    if (ff_listed(f, elim))
        return 0;
    ff_step(f, &fish, NULL);
    return tech_found(f->ctx, f->step);
}

/* Whether some cell of s (seeing every fin) could lose d: a cell off the
 * base set in reach (the cells of the covers and of the houses that may
 * still be covers), or a base cell in two of houses (the same). */
static int ff_reaches(const struct ff *f, tech_cells s, tech_cells reach,
                      uint32_t houses)
{
    if (s & reach & ~f->cands)
        return 1;
    for (s &= f->cands; s; s &= s - 1) {
        uint32_t in = tech_cell_houses[tech_cells_lowest(s)] & houses;
        if (in & (in - 1))
            return 1;
    }
    return 0;
}

/* Every base candidate covered or a fin, k covers: the n - k missing are
 * any cover houses meeting the base set, from house `from` on. */
static int ff_extra(struct ff *f, uint32_t cover, int k, tech_cells exo,
                    uint32_t barred, tech_cells seen, int from)
{
    if (k == f->n)
        return ff_leaf(f, cover, exo, seen);
    uint32_t opts = f->touch & ~cover & ~barred & (~0u << from);
    for (uint32_t m = opts; m && houses_count(m) >= f->n - k; m &= m - 1) {
        int u = bits_lowest(m);
        if (ff_extra(f, cover | 1u << u, k + 1, exo, barred, seen, u + 1))
            return 1;
    }
    return 0;
}

/* k covers chosen covering `covered`, exo fins exo (n_fins fins in all),
 * houses barred from the covers, seen: the cells with d that see every
 * fin.  Returns 1 when collect mode was told to stop.
 *
 * Each open candidate (neither covered nor a fin) is looked at first: one
 * that no house left can cover is a fin now; one that sees no cell seeing
 * every fin must be covered.  Those that must be covered and share no
 * house left need a cover each; all that share none need a cover or a
 * fin each.  The search goes on from the candidate with the fewest houses
 * left, one that must be covered first. */
static int ff_covers(struct ff *f, uint32_t cover, int k, tech_cells covered,
                     tech_cells exo, int n_fins, uint32_t barred, tech_cells seen)
{
    tech_cells open = f->cands & ~covered & ~exo & ~f->endo;
    uint32_t avail = f->touch & ~barred, used = 0, used_must = 0, opts = 0;
    int apart = 0, must = 0, c = -1, rank = 9, forced = 0;
    for (tech_cells o = open; o; o &= o - 1) {
        int x = tech_cells_lowest(o);
        uint32_t hm = tech_cell_houses[x] & avail;
        int finable = f->finned && (seen & tech_peers(x)) != 0;
        if (!hm) { /* a fin whatever the covers */
            if (!finable || n_fins == FF_MAX_FINS)
                return 0;
            exo |= tech_cell_bit(x);
            open &= ~tech_cell_bit(x);
            n_fins++;
            forced = 1;
            seen &= tech_peers(x);
            continue;
        }
        if (!(hm & used)) {
            used |= hm;
            apart++;
        }
        if (!finable && !(hm & used_must)) {
            used_must |= hm;
            must++;
        }
        uint32_t more = hm & (hm - 1);
        int r = (!more ? 1 : more & (more - 1) ? 3 : 2) + (finable ? 4 : 0);
        if (r < rank) {
            rank = r;
            c = x;
            opts = hm;
        }
    }
    if (forced && !ff_reaches(f, seen, covered | f->touch_cells, cover | avail))
        return 0; /* a cell seeing every fin must be in a cover */
    if (!open)
        return ff_extra(f, cover, k, exo, barred, seen, 0);
    if (k == f->n) { /* the rest are fins */
        if (!f->finned || n_fins + cells_count(open) > FF_MAX_FINS)
            return 0;
        for (tech_cells o = open; o && seen; o &= o - 1)
            seen &= tech_peers(tech_cells_lowest(o));
        return seen && ff_leaf(f, cover, exo | open, seen);
    }
    if (must > f->n - k ||
        apart > f->n - k + (f->finned ? FF_MAX_FINS - n_fins : 0))
        return 0;
    uint32_t earlier = 0;
    for (uint32_t m = opts; m; m &= m - 1) {
        int u = bits_lowest(m);
        if (ff_covers(f, cover | 1u << u, k + 1, covered | f->unit[u], exo,
                      n_fins, barred | earlier, seen))
            return 1;
        earlier |= 1u << u;
    }
    if (rank < 4 || n_fins == FF_MAX_FINS) /* c must be covered */
        return 0;
    seen &= tech_peers(c);
    barred |= tech_cell_houses[c];
    return ff_reaches(f, seen, covered | f->touch_cells, cover | (avail & ~barred)) &&
           ff_covers(f, cover, k, covered, exo | tech_cell_bit(c), n_fins + 1, barred,
                     seen);
}

/* ---- the base sets ----------------------------------------------------- */

/* A cell and the cells it sees. */
static tech_cells ff_near(int cell)
{
    return tech_peers(cell) | tech_cell_bit(cell);
}

/*
 * The cells e of E for which k covers (houses meeting the base set)
 * could hold the cells of S that e does not see (S \ ff_near(e)): those
 * sharing no such house need one each, counted greedily (the lowest
 * cell left starts a cover; the cells sharing a house with it, cc[x],
 * go with it).  All of E at once: the cells of E that see every cell of
 * S below y but not y are those whose first cover y starts; the rest of
 * their cells (S after y, off cc[y]) need k - 1 covers.
 */
static tech_cells ff_coverable(const tech_cells *cc, tech_cells S, int k, tech_cells E)
{
    tech_cells out = 0, all_seen = E; /* all_seen: see every cell so far */
    for (tech_cells s = S; s && all_seen; s &= s - 1) {
        int y = tech_cells_lowest(s);
        tech_cells first = all_seen & ~ff_near(y);
        if (first && k > 0)
            out |= ff_coverable(cc, (s & (s - 1)) & ~cc[y], k - 1, first);
        all_seen &= ff_near(y);
    }
    return out | all_seen;
}

/* With fins: the cells of seen that could lose d.  Such a cell e sees
 * every fin, so the base candidates it does not see are no fins: the
 * covers hold them.  A cell off the base set is in one cover, which
 * holds none of them (they do not see e): the n - 1 others do; a base
 * candidate is in two, and the n - 2 others hold them.  A base candidate
 * in no house meeting the base set can be nothing but a fin, so e must
 * see it. */
static tech_cells ff_targets(const struct ff *f, const tech_cells *cc, tech_cells seen,
                             tech_cells two)
{
    tech_cells base = f->cands & ~f->endo;
    seen &= ~f->endo;
    return ff_coverable(cc, base, f->n - 1, seen & f->touch_cells & ~f->cands) |
           ff_coverable(cc, base, f->n - 2, seen & two);
}

/* The fish of one base set: in normal mode the one with the first
 * covers is reported; in collect mode each as found, then the Siamese
 * pairs. */
static int ff_base_set(struct ff *f, uint32_t base, tech_cells cands,
                       tech_cells endo)
{
    if (f->kind == FF_FRANKEN && !(base & f->line))
        return 0; /* boxes alone: a Mutant base set */
    tech_cells seen = f->all;
    for (tech_cells e = endo; e && seen; e &= e - 1)
        seen &= tech_peers(tech_cells_lowest(e));
    if (!seen)
        return 0;
    f->base = base;
    f->cands = cands;
    f->endo = endo;
    /* the cover houses holding some base candidate (touch), their cells,
     * and per candidate x the candidates sharing one with it (cc[x]):
     * every such house holds a candidate, so the union of the cc[x] is
     * touch's cells */
    tech_cells cc[GRID_CELLS];
    tech_cells two = 0; /* (ff_targets) the base candidates in two covers */
    uint32_t touch = 0;
    f->touch_cells = 0;
    for (tech_cells c = cands; c; c &= c - 1) {
        int x = tech_cells_lowest(c);
        uint32_t hm = f->cover_houses[x];
        cc[x] = f->cover_cells[x];
        if (hm & base) { /* a house of x is a base set: no cover */
            hm &= ~base;
            cc[x] = 0;
            for (uint32_t m = hm; m; m &= m - 1)
                cc[x] |= f->unit[bits_lowest(m)];
        }
        touch |= hm;
        f->touch_cells |= cc[x];
        if (!hm && f->finned) /* bare: a fin (endo or not), which a target sees */
            seen &= ff_near(x);
        if (hm & (hm - 1))
            two |= c & (0 - c);
    }
    f->touch = touch;
    if (f->finned && !(seen = ff_targets(f, cc, seen, two & ~endo)))
        return 0;
    f->has_best = 0;
    f->n_found = 0;
    if (ff_covers(f, 0, 0, 0, 0, cells_count(endo), 0, seen))
        return 1;
    if (!f->ctx->collect) {
        if (!f->has_best)
            return 0;
        ff_step(f, &f->best, NULL);
        return tech_found(f->ctx, f->step);
    }
    for (int i = 0; i < f->n_found; i++)
        for (int j = i + 1; j < f->n_found; j++) {
            const struct ff_fish *a = &f->found[i], *b = &f->found[j];
            if (!(a->elim & ~b->elim) || !(b->elim & ~a->elim) ||
                ff_listed(f, a->elim | b->elim))
                continue;
            ff_step(f, a, b);
            if (tech_found(f->ctx, f->step))
                return 1;
        }
    return 0;
}

/* Base sets of n houses from avail, in order; endo: the candidates in
 * two of them so far. */
static int ff_bases(struct ff *f, uint32_t avail, int depth, uint32_t base,
                    tech_cells cands, tech_cells endo)
{
    if (!((base | avail) & f->fresh))
        return 0;
    if (depth == f->n)
        return ff_base_set(f, base, cands, endo);
    for (uint32_t m = avail; m && houses_count(m) >= f->n - depth; m &= m - 1) {
        int u = bits_lowest(m);
        tech_cells e = endo | (cands & f->unit[u]);
        if (e != endo && (!f->finned || cells_count(e) > FF_MAX_ENDO))
            continue;
        if (ff_bases(f, m & (m - 1), depth + 1, base | 1u << u,
                     cands | f->unit[u], e))
            return 1;
    }
    return 0;
}

/*
 * The houses whose cells holding d differ from those seen, d's cells
 * when the last search of d in vain (of slot) was made (the memo's
 * record; every house without it).  A base set none of whose houses is
 * among them held no fish that removed anything then, and holds none
 * now: its candidates are the same, so are the houses that may cover
 * them (each holds one) and what the fins and the kinds ask; the cells
 * that could lose d (off the base set, in the covers or seeing every
 * fin) only lost d since, as did the cells the fins must see.  So only
 * base sets with a house of these are searched: the fish found is the
 * same.
 */
static uint32_t ff_fresh(const struct ff *f, const struct tech_memo *m, int slot)
{
    int k = slot - TECH_MEMO_FRANKEN_2;
    if (!m || !((m->franken_valid[k] >> (f->d - 1)) & 1u))
        return (1u << TECH_HOUSES) - 1;
    tech_cells diff = f->all ^ m->franken_seen[k][f->d - 1];
    uint32_t fresh = 0;
    for (int h = 0; h < TECH_HOUSES; h++)
        fresh |= diff & tech_house_set[h] ? 1u << h : 0;
    return fresh;
}

/* slot: the row's memo slot (by digit): a digit's fish read only its
 * own candidates, so a digit unchanged since a search of it in vain is
 * skipped. */
static int ff_search(struct tech_ctx *ctx, struct human_step *step,
                     enum ff_kind kind, int n, int finned, int slot)
{
    const struct tech_digits *dg = tech_ctx_digits(ctx);
    struct ff f = {.ctx = ctx,
                   .st = ctx->st,
                   .step = step,
                   .kind = kind,
                   .n = n,
                   .finned = finned};
    if (ctx->collect)
        memset(f.listed, 0, sizeof f.listed);
    struct tech_memo *memo = tech_memo_of(ctx);
    for (f.d = 1; f.d <= 9; f.d++) {
        if (tech_memo_digit_clean(ctx, slot, f.d))
            continue;
        const uint16_t *pos = dg->pos[f.d - 1];
        uint32_t some = 0, few = 0; /* houses holding d, in n places at most */
        f.all = dg->cells[f.d - 1];
        for (int h = 0; h < TECH_HOUSES; h++) {
            f.unit[h] = f.all & tech_house_set[h];
            some |= pos[h] ? 1u << h : 0;
            few |= pos[h] && bits_count(pos[h]) <= n ? 1u << h : 0;
        }
        uint32_t bases = finned ? some : few;
        f.fresh = ff_fresh(&f, memo, slot);
        for (int cols = 0; cols < (kind == FF_FRANKEN ? 2 : 1); cols++) {
            if (kind == FF_FRANKEN) {
                f.line = cols ? FF_COLS : FF_ROWS;
                f.base_ok = bases & (f.line | FF_BOXES);
                f.cover_ok = some & ((cols ? FF_ROWS : FF_COLS) | FF_BOXES);
            } else {
                f.base_ok = bases;
                f.cover_ok = some;
            }
            for (tech_cells c = f.all; c; c &= c - 1) {
                int x = tech_cells_lowest(c);
                f.cover_houses[x] = tech_cell_houses[x] & f.cover_ok;
                f.cover_cells[x] = 0;
                for (uint32_t m = f.cover_houses[x]; m; m &= m - 1)
                    f.cover_cells[x] |= f.unit[bits_lowest(m)];
            }
            if (ff_bases(&f, f.base_ok, 0, 0, 0, 0))
                return 1;
        }
        tech_memo_digit_failed(ctx, slot, f.d);
        if (memo) {
            memo->franken_seen[slot - TECH_MEMO_FRANKEN_2][f.d - 1] = f.all;
            memo->franken_valid[slot - TECH_MEMO_FRANKEN_2] |= 1u << (f.d - 1);
        }
    }
    tech_step_reset(step);
    return 0;
}

int tech_find_franken_x_wing(struct tech_ctx *ctx, struct human_step *step)
{
    return ff_search(ctx, step, FF_FRANKEN, 2, 0,
                     TECH_MEMO_FRANKEN_2);
}

int tech_find_franken_swordfish(struct tech_ctx *ctx, struct human_step *step)
{
    return ff_search(ctx, step, FF_FRANKEN, 3, 0,
                     TECH_MEMO_FRANKEN_3);
}

int tech_find_franken_jellyfish(struct tech_ctx *ctx, struct human_step *step)
{
    return ff_search(ctx, step, FF_FRANKEN, 4, 0,
                     TECH_MEMO_FRANKEN_4);
}

int tech_find_finned_franken_x_wing(struct tech_ctx *ctx, struct human_step *step)
{
    return ff_search(ctx, step, FF_FRANKEN, 2, 1,
                     TECH_MEMO_FINNED_FRANKEN_2);
}

int tech_find_finned_franken_swordfish(struct tech_ctx *ctx,
                                       struct human_step *step)
{
    return ff_search(ctx, step, FF_FRANKEN, 3, 1,
                     TECH_MEMO_FINNED_FRANKEN_3);
}

int tech_find_finned_franken_jellyfish(struct tech_ctx *ctx,
                                       struct human_step *step)
{
    return ff_search(ctx, step, FF_FRANKEN, 4, 1,
                     TECH_MEMO_FINNED_FRANKEN_4);
}

int tech_find_mutant_x_wing(struct tech_ctx *ctx, struct human_step *step)
{
    return ff_search(ctx, step, FF_MUTANT, 2, 0,
                     TECH_MEMO_MUTANT_2);
}

int tech_find_mutant_swordfish(struct tech_ctx *ctx, struct human_step *step)
{
    return ff_search(ctx, step, FF_MUTANT, 3, 0,
                     TECH_MEMO_MUTANT_3);
}

int tech_find_mutant_jellyfish(struct tech_ctx *ctx, struct human_step *step)
{
    return ff_search(ctx, step, FF_MUTANT, 4, 0,
                     TECH_MEMO_MUTANT_4);
}

int tech_find_finned_mutant_x_wing(struct tech_ctx *ctx, struct human_step *step)
{
    return ff_search(ctx, step, FF_MUTANT, 2, 1,
                     TECH_MEMO_FINNED_MUTANT_2);
}
