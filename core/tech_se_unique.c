/*
 * tech_se_unique: Sudoku Explainer 1.2.1.3's two uniqueness producers,
 * as it defines, chooses and rates them, for its rating pass.  Both rely
 * on the puzzle having one solution.
 *
 * Unique loops (SE's "Unique Rectangle type N", "Unique Loop type N",
 * "Unique Loop 8 type N" ...).  Cells holding both digits x and y, each
 * the next one's partner in a box, row or column (never twice the same
 * kind of house in a row), closing on the first after 4 cells or more,
 * each house they pass through met exactly twice, once at an even place
 * and once at an odd place of the loop: if every cell held only x and y,
 * x and y could swap (two solutions).  So the cells holding more than x
 * and y (SE allows two, or more when all hold one same extra digit)
 * break the pattern:
 *  - type 1: one such cell: it is neither x nor y;
 *  - type 2: their extras are one digit z: one of them is z, so the cells
 *    that see them all lose z;
 *  - type 3: two cells, both in one house: they act as one cell holding
 *    their extras, which with other cells of the house makes a naked set
 *    (its digits leave the house's other cells), or the two stand for one
 *    cell of a hidden set holding x, y and others (the set's cells lose
 *    their other candidates);
 *  - type 4: two cells, both in one house where x is only in them: one of
 *    them is x, so neither is y.
 * Difficulty 4.5, +0.1 for a loop of 6 cells, +0.2 for 8, +0.5 for 10 or
 * more; type 3 adds 0.1 per digit of the naked set past one (for a
 * hidden set, per cell past one besides the two loop cells).  SE finds
 * every instance, starting from each cell of exactly two candidates in
 * reading order, sorts them by difficulty then type (stably) and takes
 * the first.
 *
 * Bivalue Universal Grave (SE's "BUG type 1" to "BUG type 4").  The cells
 * whose candidates make a digit appear other than twice (or never) in a
 * house, one per such house and digit (the only cell of three or more
 * candidates among them), are the BUG cells and those digits their BUG
 * digits.  If, without them, every empty cell holds two candidates and
 * every digit appears twice or never in every house, the grid would have
 * two solutions or none, so some BUG cell holds a BUG digit:
 *  - type 1 (5.6): one BUG cell: it keeps only its BUG digits;
 *  - type 2 (5.7): one BUG digit: the cells that see every BUG cell lose it;
 *  - type 3 (5.7, +0.1 per digit of the set past one): the BUG cells share
 *    a house; their BUG digits act as one cell making a naked set with
 *    other cells of the house that see them all; the house's other such
 *    cells lose the set's digits;
 *  - type 4 (5.7): two BUG cells in one house share a digit d besides
 *    their BUG digits: d is in that house only in them (the pattern has it
 *    twice), so one is d and the other its BUG digit: each loses its third
 *    digit.
 * SE takes the first hint in the order: type 1; type 2, then type 4;
 * or type 4 then type 3 (houses box, row, column; sets by size).
 *
 * Both report SE's difficulty in step->rating (x10); tech_rate_by_find is
 * their rows' rate hook.
 */
#include "tech_digits.h"
#include "tech_se.h"

#include <string.h>

int tech_rate_by_find(const struct human_step *step)
{
    return step->rating;
}

/* What a producer does with each instance it has built into cur: keep
 * SE's choice (normal mode) or hand it on (collect mode). */
struct se_offer {
    struct tech_ctx *ctx;
    struct human_step *out;  /* the step the find function reports */
    struct human_step cur;   /* the instance being built */
    struct human_step best;  /* normal mode: the instance chosen so far */
    int have;                /* best holds one */
    int probe;               /* only asked whether any instance exists */
    int n_offered;           /* instances offered that remove something */
    double best_diff;
    int best_type;
};

static void offer_init(struct se_offer *o, struct tech_ctx *ctx, struct human_step *out)
{
    o->ctx = ctx;
    o->out = out;
    o->have = 0;
    o->probe = 0;
    o->n_offered = 0;
    o->cur.flags = out->flags;
    o->best.flags = out->flags;
}

/* Starts a new instance in o->cur. */
static struct human_step *offer_begin(struct se_offer *o)
{
    tech_step_reset(&o->cur);
    return &o->cur;
}

/* The instance in o->cur is complete, of SE difficulty diff and type.
 * sorted: SE keeps the lowest (diff, type), the first of equals; else SE
 * keeps the first.  Returns 1 when the search is over (normal mode and
 * the first is taken; collect mode and told to stop; probe mode and it
 * removes something). */
static int offer_done(struct se_offer *o, double diff, int type, int sorted)
{
    struct human_step *s = &o->cur;
    if (s->n_elim == 0)
        return 0; /* SE drops a hint that removes nothing */
    o->n_offered++;
    if (o->probe)
        return 1; /* one is enough */
    s->rating = tech_se_tenths(diff);
    if (o->ctx->collect) {
        *o->out = *s;
        return tech_found(o->ctx, o->out);
    }
    if (!o->have || diff < o->best_diff || (diff == o->best_diff && type < o->best_type)) {
        o->best = *s;
        o->have = 1;
        o->best_diff = diff;
        o->best_type = type;
    }
    return !sorted;
}

/* The find function's result: the chosen instance into out (normal
 * mode); collect mode reported everything already. */
static int offer_result(struct se_offer *o)
{
    if (o->ctx->collect || !o->have) {
        tech_step_reset(o->out);
        return 0;
    }
    *o->out = o->best;
    return 1;
}

/* The end of a type 3 hint (unique loop or BUG) in s, whose set is the n
 * cells holding digits in house h besides the pattern's: " with CELLS in
 * HOUSE: ", the cells' digits as causes, the house, the eliminations. */
static void say_set_end(struct human_step *s, const struct human_state *st,
                        const uint8_t *cells, int n, unsigned digits, int h)
{
    tech_say(s, " with ");
    tech_say_cells(s, cells, n, 1);
    tech_say(s, " in ");
    tech_say_house(s, h);
    tech_say(s, ": ");
    for (int i = 0; i < n; i++)
        tech_cause_mask(s, st, cells[i], digits);
    tech_house(s, h);
    tech_say_elims(s);
}

/* ---- unique loops ---------------------------------------------------- */

#define UL_DONE_MAX 256

struct ul {
    struct se_offer o;
    const struct human_state *st;
    unsigned pair; /* x and y */
    int n;         /* cells on the loop so far */
    uint8_t loop[GRID_CELLS];
    tech_cells on; /* the cells on the loop */
    tech_cells both; /* the cells holding x and y */
    tech_cells core; /* those that can be on a loop of them (ul_core) */
    tech_cells plain; /* the cells holding x and y only */
    /* the cells of the core with another after them in each of their
     * houses: where a loop of the core can have its lowest cell */
    tech_cells starts;
    uint32_t seen[2]; /* houses met by the cells at even, odd places */
    /* the cells of those houses: [p], no cell there can join the loop at
     * parity p */
    tech_cells bad[2];
    /* the cells outside both whose candidates the hints of the loops
     * closed so far read (ul_closed) */
    tech_cells area;
    /* The loops whose hints were offered already: a loop's hints depend
     * only on its cells and digits (not on where the walk entered it or
     * its direction), so the walk meeting it again adds nothing. */
    int n_done;
    struct {
        tech_cells cells;
        unsigned pair;
    } done[UL_DONE_MAX];
};

static double ul_base(int n)
{
    double d = 4.5;
    if (n >= 10)
        d += 0.3;
    if (n >= 8)
        d += 0.2;
    else if (n >= 6)
        d += 0.1;
    return d;
}

static void ul_say_start(struct human_step *s, const struct ul *u, int type)
{
    tech_say(s, "Unique %s", u->n == 4 ? "Rectangle" : "Loop");
    if (u->n > 6)
        tech_say(s, " %d", u->n);
    tech_say(s, " type %d: ", type);
    tech_say_cells(s, u->loop, u->n, 1);
    tech_say(s, " must not all hold only ");
    tech_say_digits(s, u->pair);
    tech_say(s, " (one solution)");
    for (int i = 0; i < u->n; i++)
        tech_cause_mask(s, u->st, u->loop[i], u->pair);
}

static int ul_type1(struct ul *u, int cell)
{
    struct human_step *s = offer_begin(&u->o);
    tech_eliminate_mask(s, u->st, cell, u->pair);
    ul_say_start(s, u, 1);
    tech_say(s, ", so ");
    tech_say_elims(s);
    return offer_done(&u->o, ul_base(u->n), 1, 1);
}

static int ul_type2(struct ul *u, const uint8_t *extra, int n_extra)
{
    const struct human_state *st = u->st;
    int z = tech_lowest_digit(st->cand[extra[0]] & ~u->pair);
    tech_cells common = ~(tech_cells)0;
    for (int i = 0; i < n_extra; i++)
        common &= tech_peers(extra[i]);
    struct human_step *s = offer_begin(&u->o);
    for (int i = 0; i < n_extra; i++)
        common &= ~tech_cell_bit(extra[i]);
    for (; common; common &= common - 1)
        tech_eliminate(s, st, tech_cells_lowest(common), z);
    ul_say_start(s, u, 2);
    tech_say(s, ", so one of ");
    tech_say_cells(s, extra, n_extra, 1);
    tech_say(s, " is %d: ", z);
    for (int i = 0; i < n_extra; i++)
        tech_cause(s, extra[i], z);
    tech_say_elims(s);
    return offer_done(&u->o, ul_base(u->n), 2, 1);
}

/* Position of cell in house h. */
static int pos_in(int h, int cell)
{
    for (int i = 0; i < 9; i++)
        if (tech_house_cells[h][i] == cell)
            return i;
    return -1;
}

/* Type 3 with a naked set: the cells at positions m of house h (c1's
 * position among them standing for c1 and c2 with their extras). */
static int ul_type3_naked(struct ul *u, int c1, int c2, int h, unsigned m, int i1,
                          unsigned extra)
{
    const struct human_state *st = u->st;
    unsigned naked = extra & st->cand[c1] & st->cand[c2], all = extra;
    int degree = bits_count(m);
    uint8_t others[9];
    int n_others = 0;
    for (int i = 0; i < 9; i++) {
        if (!(m & (1u << i)) || i == i1)
            continue;
        int c = tech_house_cells[h][i];
        unsigned p = st->cand[c];
        if (bits_count(p) <= 1)
            return 0;
        naked |= p;
        all |= p;
        others[n_others++] = (uint8_t)c;
    }
    if (bits_count(naked) != degree || bits_count(all) != degree)
        return 0;
    struct human_step *s = offer_begin(&u->o);
    for (int i = 0; i < 9; i++) {
        int c = tech_house_cells[h][i];
        if (!(m & (1u << i)) && c != c1 && c != c2)
            tech_eliminate_mask(s, st, c, st->cand[c] & all);
    }
    ul_say_start(s, u, 3);
    tech_say(s, ", so ");
    tech_say_cell(s, c1);
    tech_say(s, " or ");
    tech_say_cell(s, c2);
    tech_say(s, " holds one of its other digits (");
    tech_say_digits(s, extra);
    tech_say(s, "), a naked set on ");
    tech_say_digits(s, all);
    say_set_end(s, st, others, n_others, all, h);
    return offer_done(&u->o, ul_base(u->n) + (bits_count(all) - 1) * 0.1, 3, 1);
}

/* Type 3 with a hidden set: the digits values (x, y and others) of house
 * h, c2 left out of their places. */
static int ul_type3_hidden(struct ul *u, int c1, int c2, int h, unsigned values,
                           int i1, int i2)
{
    const struct human_state *st = u->st;
    unsigned places = 0;
    for (unsigned v = values; v; v &= v - 1) {
        unsigned p = 0;
        for (int i = 0; i < 9; i++)
            if (i != i2 && (st->cand[tech_house_cells[h][i]] & (v & -v)))
                p |= 1u << i;
        if (!p)
            return 0;
        places |= p;
    }
    if (bits_count(places) != bits_count(values))
        return 0;
    places &= ~(1u << i1);
    uint8_t cells[9];
    int n = 0;
    struct human_step *s = offer_begin(&u->o);
    for (int i = 0; i < 9; i++)
        if (places & (1u << i)) {
            int c = tech_house_cells[h][i];
            cells[n++] = (uint8_t)c;
            tech_eliminate_mask(s, st, c, st->cand[c] & ~values);
        }
    ul_say_start(s, u, 3);
    tech_say(s, ", so at most one of ");
    tech_say_cell(s, c1);
    tech_say(s, " and ");
    tech_say_cell(s, c2);
    tech_say(s, " holds one of ");
    tech_say_digits(s, values);
    tech_say(s, ", a hidden set");
    say_set_end(s, st, cells, n, values, h);
    return offer_done(&u->o, ul_base(u->n) + (n - 1) * 0.1, 3, 1);
}

static int ul_type3(struct ul *u, int c1, int c2)
{
    const struct human_state *st = u->st;
    unsigned extra = (st->cand[c1] | st->cand[c2]) & ~u->pair;
    int n_extra = bits_count(extra);
    unsigned rest = HUMAN_ALL_DIGITS & ~u->pair & ~extra; /* the hidden set's others */
    int n_rest = bits_count(rest);
    uint8_t rest_digit[9];
    for (int k = 0, d = 1; d <= 9; d++)
        if (rest & tech_bit(d))
            rest_digit[k++] = (uint8_t)d;
    for (int degree = n_extra; degree <= 7; degree++)
        for (int t = 0; t < 3; t++) {
            int h = tech_se_house(c1, t);
            if (h != tech_se_house(c2, t))
                continue;
            int empty = st->house_empty[h], i1 = pos_in(h, c1), i2 = pos_in(h, c2);
            if (degree * 2 <= empty)
                for (unsigned m = (1u << degree) - 1; m < 512; m = tech_se_comb_next(m))
                    if ((m & (1u << i1)) && !(m & (1u << i2)) &&
                        ul_type3_naked(u, c1, c2, h, m, i1, extra))
                        return 1;
            if (degree * 2 >= empty || degree - 2 > n_rest)
                continue;
            int k = degree - 2;
            for (unsigned m = (1u << k) - 1; m < (1u << n_rest);
                 m = k ? tech_se_comb_next(m) : 1u << n_rest) {
                unsigned values = u->pair;
                for (int i = 0; i < n_rest; i++)
                    if (m & (1u << i))
                        values |= tech_bit(rest_digit[i]);
                if (ul_type3_hidden(u, c1, c2, h, values, i1, i2))
                    return 1;
            }
        }
    return 0;
}

static int ul_type4(struct ul *u, int c1, int c2)
{
    const struct human_state *st = u->st;
    int x = tech_lowest_digit(u->pair), y = tech_lowest_digit(u->pair & (u->pair - 1));
    int hx = -1, hy = -1;
    for (int t = 0; t < 3; t++) {
        int h = tech_se_house(c1, t);
        if (h != tech_se_house(c2, t))
            continue;
        unsigned others = 0;
        for (int i = 0; i < 9; i++) {
            int c = tech_house_cells[h][i];
            if (c != c1 && c != c2)
                others |= st->cand[c];
        }
        if (!(others & tech_bit(x)))
            hx = h; /* SE keeps the last house type where it is so */
        if (!(others & tech_bit(y)))
            hy = h;
    }
    int lock = hx >= 0 ? x : y, h = hx >= 0 ? hx : hy;
    if (h < 0)
        return 0;
    int gone = lock == x ? y : x;
    struct human_step *s = offer_begin(&u->o);
    tech_eliminate(s, st, c1, gone);
    tech_eliminate(s, st, c2, gone);
    ul_say_start(s, u, 4);
    tech_say(s, ", and %d in ", lock);
    tech_say_house(s, h);
    tech_say(s, " is only in ");
    tech_say_cell(s, c1);
    tech_say(s, " and ");
    tech_say_cell(s, c2);
    tech_say(s, ", so ");
    tech_say_elims(s);
    tech_house(s, h);
    return offer_done(&u->o, ul_base(u->n), 4, 1);
}

/* A closed loop of u->n cells, every house met once at an even place and
 * once at an odd one: its hints, in SE's order. */
static int ul_closed(struct ul *u)
{
    const struct human_state *st = u->st;
    if (u->seen[0] != u->seen[1])
        return 0;
    tech_cells cells = 0;
    for (int i = 0; i < u->n; i++)
        cells |= tech_cell_bit(u->loop[i]);
    for (int i = 0; i < u->n_done; i++)
        if (u->done[i].cells == cells && u->done[i].pair == u->pair)
            return 0;
    if (u->n_done < UL_DONE_MAX) {
        u->done[u->n_done].cells = cells;
        u->done[u->n_done++].pair = u->pair;
    }
    uint8_t extra[GRID_CELLS];
    int n_extra = 0;
    for (int i = 0; i < u->n; i++)
        if (bits_count(st->cand[u->loop[i]]) > 2)
            extra[n_extra++] = u->loop[i];
    if (n_extra == 1)
        return ul_type1(u, extra[0]);
    if (n_extra > 2)
        return ul_type2(u, extra, n_extra);
    if (n_extra != 2)
        return 0; /* none: the puzzle would have two solutions */
    /* types 3 and 4 read the houses the two share (type 2 only removes,
     * from cells whose candidates only ever go) */
    for (uint32_t hs = tech_cell_houses[extra[0]] & tech_cell_houses[extra[1]]; hs;
         hs &= hs - 1)
        u->area |= tech_house_set[bits_lowest(hs)];
    unsigned rest = (st->cand[extra[0]] | st->cand[extra[1]]) & ~u->pair;
    if (bits_count(rest) == 1 ? ul_type2(u, extra, 2) : ul_type3(u, extra[0], extra[1]))
        return 1;
    return ul_type4(u, extra[0], extra[1]);
}

/* cell joins the loop at place u->n; returns what ul_leave restores. */
static tech_cells ul_enter(struct ul *u, int cell)
{
    int p = u->n & 1;
    tech_cells was = u->bad[p];
    u->loop[u->n++] = (uint8_t)cell;
    u->on |= tech_cell_bit(cell);
    u->seen[p] |= tech_cell_houses[cell];
    u->bad[p] |= tech_peers(cell) | tech_cell_bit(cell);
    return was;
}

/* The last cell, cell, leaves the loop (was: what ul_enter returned). */
static void ul_leave(struct ul *u, int cell, tech_cells was)
{
    int p = --u->n & 1;
    u->bad[p] = was;
    u->seen[p] &= ~tech_cell_houses[cell];
    u->on &= ~tech_cell_bit(cell);
}

/* 0 when the loop so far can close on no cells of avail (the cells it
 * can still take): a house met once, at parity p, must be met again at
 * the other by one of them, none of whose houses is met at that parity
 * (a closed loop meets every house it meets once at each parity). */
static int ul_can_close(const struct ul *u, tech_cells avail)
{
    for (int p = 0; p < 2; p++) {
        tech_cells at_other = avail & ~u->bad[1 - p];
        for (uint32_t open = u->seen[p] & ~u->seen[1 - p]; open; open &= open - 1)
            if (!(tech_house_set[bits_lowest(open)] & at_other))
                return 0;
    }
    return 1;
}

/* SE's walk: cell joins the loop; from it, through each kind of house
 * but the one just used, to every cell holding both digits that keeps
 * the extras allowed; a loop closes on its first cell after 4 or more.
 * ex: the extras of the cells looked at from here so far (SE gathers
 * them over the cells it tries, not only the loop's).  A cell whose house
 * the loop met already at the same parity, or outside u->core, cannot end
 * in a valid loop: not walked (SE walks it and rejects its loops); nor is
 * any cell once the loop can no longer close (ul_can_close: SE walks on
 * and closes no valid loop; once the two cells with extras allowed are
 * taken and the extras met are of two digits or more, only cells without
 * extras can follow). */
static int ul_walk(struct ul *u, int cell, int allowed, unsigned ex, int last_t)
{
    const struct human_state *st = u->st;
    int at = u->n, stop = 0;
    tech_cells was = ul_enter(u, cell);
    /* the cells looked at: off the loop, or its first once it can close
     * (the loop does not change between two of them); those walked: in
     * the core, off the loop, none of their houses met at their parity */
    tech_cells first = at >= 3 ? tech_cell_bit(u->loop[0]) : 0;
    tech_cells look = u->both & (~u->on | first), go = u->core & ~u->on;
    if (!ul_can_close(u, allowed <= 0 && (ex & (ex - 1)) ? go & u->plain : go)) {
        ul_leave(u, cell, was);
        return 0;
    }
    go &= ~u->bad[(at + 1) & 1];
    for (int t = 0; t < 3 && !stop; t++) {
        if (t == last_t)
            continue;
        /* the house's cells holding both digits, in its order (a house's
         * cells are in increasing order) */
        tech_cells m = look & tech_house_set[tech_se_house(cell, t)];
        for (; m && !stop; m &= m - 1) {
            tech_cells bit = m & -m;
            if (bit & first) {
                stop = ul_closed(u);
                continue;
            }
            int next = tech_cells_lowest(m);
            unsigned more = st->cand[next] & ~u->pair; /* its extras */
            ex |= more;
            if ((!more || allowed > 0 || !(ex & (ex - 1))) && (go & bit))
                stop = ul_walk(u, next, allowed - (more != 0), ex, t);
        }
    }
    ul_leave(u, cell, was);
    return stop;
}

/*
 * Whether the walks of u->pair can offer anything, asked more cheaply:
 * each loop once, from its lowest cell (u->loop[0]: the cells walked are
 * in u->core past it), closed in one direction.  The loops SE's walks
 * close are among those closed here: a loop's validity (each house met
 * once at each parity; then no two links in a row are of one kind of
 * house, or the house of both would hold three cells) does not depend on
 * where it starts or its direction, and SE's rule on extras asks more
 * (past two cells with extras, the extras SE met are one digit: those of
 * the loop's cells, exl, are).  Loops without a cell of x and y only,
 * where SE's walks start, are not closed.  ul_closed offers the hints of
 * each (which depend only on its cells): in probe mode, 1 at the first
 * that removes something.  n_ex: the cells with extras so far.  The next
 * cell is any peer (u->bad keeps out those of the house of the last link,
 * which would meet it three times: so no two links in a row are of one
 * kind, each loop walked once).
 */
static int ul_probe(struct ul *u, int cell, int n_ex, unsigned exl)
{
    const struct human_state *st = u->st;
    int at = u->n, stop = 0;
    tech_cells was = ul_enter(u, cell);
    tech_cells first = tech_cell_bit(u->loop[0]);
    tech_cells go = u->core & ~u->on & (~(tech_cells)0 << (u->loop[0] + 1));
    if (n_ex >= 2 && (exl & (exl - 1)))
        go &= u->plain;
    if (at >= 3 && (tech_peers(cell) & first) && u->seen[0] == u->seen[1] &&
        u->loop[1] < cell && (u->on & u->plain))
        stop = ul_closed(u);
    if (stop || !ul_can_close(u, go)) {
        ul_leave(u, cell, was);
        return stop;
    }
    go &= ~u->bad[(at + 1) & 1];
    for (tech_cells m = go & tech_peers(cell); m && !stop; m &= m - 1) {
        int next = tech_cells_lowest(m);
        unsigned more = st->cand[next] & ~u->pair, all = exl | more;
        if (!more || n_ex < 2 || !(all & (all - 1)))
            stop = ul_probe(u, next, n_ex + (more != 0), all);
    }
    ul_leave(u, cell, was);
    return stop;
}

/*
 * The cells that can be on a loop of x and y that ul_closed accepts: each
 * house met by such a loop is met once at an even place and once at an
 * odd one (ul_walk never meets a house twice at one parity), so it holds
 * exactly two of the loop's cells: each cell of the loop has another in
 * its row, its column and its box.  Taken from the cells holding both
 * digits (dg: the grid's digits) by removing, until none is left, each
 * that is alone of them in a house; into starts, u->starts of it.  No
 * loop has a cell outside; a loop inside with no cell of more candidates
 * than x and y (wide) gives no hint, so neither does a pair whose core
 * has no such cell: then 0.
 */
static tech_cells ul_core(const struct tech_digits *dg, int x, int y, tech_cells wide,
                          tech_cells *starts)
{
    /* [h]: the positions of house h holding both (dg->pos's order); todo:
     * the houses to look at again */
    uint16_t in[TECH_HOUSES];
    uint32_t todo = 0;
    for (int h = 0; h < TECH_HOUSES; h++) {
        in[h] = dg->pos[x - 1][h] & dg->pos[y - 1][h];
        if (in[h] && !(in[h] & (in[h] - 1)))
            todo |= 1u << h;
    }
    tech_cells core = dg->cells[x - 1] & dg->cells[y - 1];
    while (todo) {
        int h = bits_lowest(todo);
        todo &= todo - 1;
        if (!in[h] || (in[h] & (in[h] - 1)))
            continue;
        int cell = tech_house_cells[h][bits_lowest(in[h])];
        core &= ~tech_cell_bit(cell);
        tech_pos_flip(in, cell); /* a cell of the core is in its three houses' */
        todo |= tech_cell_houses[cell];
    }
    /* the last cell of the core in each house has no other after it */
    tech_cells last = 0;
    for (int h = 0; h < TECH_HOUSES; h++)
        if (in[h])
            last |= tech_cell_bit(tech_house_cells[h][bits_highest(in[h])]);
    *starts = core & ~last;
    return core & wide ? core : 0;
}

/* ul_probe from every cell of u->starts (u->pair's, with u->both,
 * u->core and u->plain): 1 when some loop's hints remove something, then
 * SE's walks are made; 0 when none does, adding to area the cells the
 * hints read.  The offers and done list are left as they were. */
static int ul_probe_pair(struct ul *u, tech_cells *area)
{
    int n_done = u->n_done, n_offered = u->o.n_offered, found = 0;
    u->o.probe = 1;
    u->area = 0;
    for (tech_cells m = u->starts; m && !found; m &= m - 1) {
        int cell = tech_cells_lowest(m);
        unsigned more = u->st->cand[cell] & ~u->pair;
        found = ul_probe(u, cell, more != 0, more);
    }
    *area |= u->area;
    u->o.probe = 0;
    u->o.n_offered = n_offered;
    u->n_done = n_done;
    return found;
}

/*
 * The walks of a digit pair read the cells holding both digits (which,
 * and their candidates) and the houses ul_closed adds to u->area; they
 * offer exactly what they offered the last time none of those cells
 * changed.  So a pair whose walks offered nothing is stamped in the memo
 * with those cells, and skipped until one of them changes (the done list
 * is only an economy: a loop offered again is never taken over its first
 * offer, which has the same difficulty and type).  When the memo is
 * there, ul_probe_pair asks first; a pair it clears is stamped with the
 * cells it read: ul_core's and the houses ul_closed added.  Those hold
 * every loop of the pair until one of them changes (the cells holding
 * both only ever go, so the core only shrinks), and the hints of those
 * loops read nothing else: the probe would find nothing still, so
 * neither would SE's walks.  A pair whose ul_core is empty is marked for
 * the rest of the solve: its core can only shrink.
 */
int tech_find_se_unique_loop(struct tech_ctx *ctx, struct human_step *step)
{
    struct ul u;
    const struct human_state *st = ctx->st;
    struct tech_memo *memo = ctx->collect ? NULL : tech_memo_of(ctx);
    offer_init(&u.o, ctx, step);
    u.st = st;
    u.n = 0;
    u.seen[0] = u.seen[1] = 0;
    u.bad[0] = u.bad[1] = 0;
    u.n_done = 0;
    u.on = 0;
    const tech_cells *counts = tech_ctx_counts(ctx);
    const struct tech_digits *dg = tech_ctx_digits(ctx);
    tech_cells wide = counts[0] & ~counts[1] & ~counts[2];
    /* [x - 1][y - 1], x < y: the cells holding x and y, and ul_core,
     * once known; the cells the pair's walks read */
    tech_cells boths[9][9], cores[9][9], areas[9][9];
    uint16_t known[9] = {0};  /* [x - 1]: bit y when cores[x - 1][y - 1] is */
    uint16_t walked[9] = {0}; /* ... when the pair is searched (not skipped) */
    uint16_t offered[9] = {0}; /* ... when its walks offered an instance */
    uint16_t since = 0;        /* the stamp whose changes are in changed */
    tech_cells changed = 0;
    int stop = 0;
    for (tech_cells m = counts[2]; m && !stop; m &= m - 1) {
        int cell = tech_cells_lowest(m);
        u.pair = st->cand[cell];
        int x = tech_lowest_digit(u.pair), y = tech_lowest_digit(u.pair & (u.pair - 1));
        uint16_t ybit = (uint16_t)(1u << y);
        if (!(known[x - 1] & ybit)) {
            known[x - 1] |= ybit;
            uint16_t stamp = memo ? memo->se_loop_stamp[x - 1][y - 1] : 0;
            if (stamp && stamp != since) {
                changed = tech_memo_changed_since(ctx, stamp);
                since = stamp;
            }
            cores[x - 1][y - 1] = 0;
            if (memo && (memo->se_loop_dead[x - 1] & ybit)) {
                /* no loop, ever */
            } else if (stamp && !(changed & memo->se_loop_area[x - 1][y - 1])) {
                /* offers nothing still */
            } else {
                boths[x - 1][y - 1] = dg->cells[x - 1] & dg->cells[y - 1];
                tech_cells core = ul_core(dg, x, y, wide, &u.starts);
                if (core) {
                    u.both = boths[x - 1][y - 1];
                    u.core = core;
                    u.plain = u.both & counts[2];
                    areas[x - 1][y - 1] = core;
                    walked[x - 1] |= ybit;
                    if (!memo || ul_probe_pair(&u, &areas[x - 1][y - 1])) {
                        cores[x - 1][y - 1] = core;
                        areas[x - 1][y - 1] = u.both;
                    }
                } else if (memo) {
                    memo->se_loop_dead[x - 1] |= ybit;
                }
            }
        }
        if (!(cores[x - 1][y - 1] & tech_cell_bit(cell)))
            continue;
        u.both = boths[x - 1][y - 1];
        u.core = cores[x - 1][y - 1];
        u.plain = u.both & counts[2];
        u.area = 0;
        int before = u.o.n_offered;
        stop = ul_walk(&u, cell, 2, 0, -1);
        areas[x - 1][y - 1] |= u.area;
        if (u.o.n_offered != before)
            offered[x - 1] |= ybit;
    }
    for (int x = 1; memo && !stop && x <= 9; x++)
        for (int y = x + 1; y <= 9; y++)
            if (walked[x - 1] & (1u << y)) {
                int none = !(offered[x - 1] & (1u << y));
                memo->se_loop_stamp[x - 1][y - 1] = none ? tech_memo_stamp(memo) : 0;
                memo->se_loop_area[x - 1][y - 1] = areas[x - 1][y - 1];
            }
    return offer_result(&u.o);
}

/* ---- Bivalue Universal Grave ----------------------------------------- */

struct bug {
    struct se_offer o;
    const struct human_state *st;
    int n;                       /* BUG cells */
    uint8_t cell[GRID_CELLS];    /* in the order found */
    uint16_t digits[GRID_CELLS]; /* each cell's BUG digits */
    unsigned all;                /* every BUG digit */
    tech_cells common;           /* cells seeing every BUG cell, not BUG */
};

static void bug_say_start(struct human_step *s, const struct bug *b, int type)
{
    tech_say(s, "BUG type %d: without ", type);
    for (int i = 0; i < b->n; i++) {
        tech_say(s, "%s", i == 0 ? "" : i == b->n - 1 ? " and " : ", ");
        tech_say_digits(s, b->digits[b->cell[i]]);
        tech_say(s, " in ");
        tech_say_cell(s, b->cell[i]);
        tech_cause_mask(s, b->st, b->cell[i], b->digits[b->cell[i]]);
    }
    tech_say(s, ", every candidate would appear twice or not at all in "
                "each house (no unique solution), so ");
}

static int bug_type1(struct bug *b)
{
    int c = b->cell[0];
    struct human_step *s = offer_begin(&b->o);
    tech_eliminate_mask(s, b->st, c, b->st->cand[c] & ~b->all);
    bug_say_start(s, b, 1);
    tech_say_cell(s, c);
    tech_say(s, " is ");
    tech_say_digits(s, b->all);
    tech_say(s, ": ");
    tech_say_elims(s);
    return offer_done(&b->o, 5.6, 1, 0);
}

static int bug_type2(struct bug *b)
{
    int z = tech_lowest_digit(b->all);
    if (!b->common)
        return 0;
    struct human_step *s = offer_begin(&b->o);
    for (tech_cells m = b->common; m; m &= m - 1)
        tech_eliminate(s, b->st, tech_cells_lowest(m), z);
    bug_say_start(s, b, 2);
    tech_say(s, "one of ");
    tech_say_cells(s, b->cell, b->n, 1);
    tech_say(s, " is %d: ", z);
    tech_say_elims(s);
    return offer_done(&b->o, 5.7, 2, 0);
}

/* The house of type t that holds every BUG cell, or -1. */
static int bug_shared(const struct bug *b, int t)
{
    int h = tech_se_house(b->cell[0], t);
    for (int i = 1; i < b->n; i++)
        if (tech_se_house(b->cell[i], t) != h)
            return -1;
    return h;
}

static int bug_type4(struct bug *b)
{
    const struct human_state *st = b->st;
    int c1 = b->cell[0], c2 = b->cell[1];
    unsigned both = st->cand[c1] & st->cand[c2] & ~b->all;
    if (bits_count(both) != 1)
        return 0;
    for (int t = 0; t < 3; t++) {
        int h = bug_shared(b, t);
        if (h < 0)
            continue;
        struct human_step *s = offer_begin(&b->o);
        tech_eliminate_mask(s, st, c1, st->cand[c1] & ~b->digits[c1] & ~both);
        tech_eliminate_mask(s, st, c2, st->cand[c2] & ~b->digits[c2] & ~both);
        bug_say_start(s, b, 4);
        tech_say(s, "one of them is its BUG digit, and %d is in ", tech_lowest_digit(both));
        tech_say_house(s, h);
        tech_say(s, " only in them, so the other is %d: ", tech_lowest_digit(both));
        tech_house(s, h);
        tech_say_elims(s);
        if (offer_done(&b->o, 5.7, 4, 0))
            return 1;
    }
    return 0;
}

static int bug_type3(struct bug *b)
{
    const struct human_state *st = b->st;
    uint8_t peers[20];
    tech_se_peers(b->cell[0], peers);
    for (int t = 0; t < 3; t++) {
        int h = bug_shared(b, t);
        if (h < 0)
            continue;
        uint8_t rc[9];
        int n = 0;
        for (int i = 0; i < 20; i++)
            if ((b->common & tech_cell_bit(peers[i])) &&
                (tech_cell_houses[peers[i]] & (1u << h)))
                rc[n++] = peers[i];
        for (int degree = 2; degree <= 6; degree++) {
            if (n < degree)
                continue;
            for (unsigned m = (1u << (degree - 1)) - 1; m < (1u << n);
                 m = tech_se_comb_next(m)) {
                unsigned other = 0;
                int ok = bits_count(b->all) > 1;
                for (int i = 0; i < n; i++)
                    if (m & (1u << i)) {
                        other |= st->cand[rc[i]];
                        ok &= bits_count(st->cand[rc[i]]) > 1;
                    }
                unsigned set = other | b->all;
                if (bits_count(other) != degree || !ok || bits_count(set) != degree)
                    continue;
                struct human_step *s = offer_begin(&b->o);
                uint8_t naked[9];
                int nn = 0;
                for (int i = 0; i < n; i++) {
                    if (m & (1u << i))
                        naked[nn++] = rc[i];
                    else
                        tech_eliminate_mask(s, st, rc[i], st->cand[rc[i]] & set);
                }
                bug_say_start(s, b, 3);
                tech_say(s, "one of them is its BUG digit, a naked set on ");
                tech_say_digits(s, set);
                say_set_end(s, st, naked, nn, set, h);
                if (offer_done(&b->o, 5.7 + (bits_count(set) - 1) * 0.1, 3, 0))
                    return 1;
            }
        }
    }
    return 0;
}

/* 1 when s holds no cell or exactly two. */
static int bug_none_or_two(tech_cells s)
{
    if (!s)
        return 1;
    s &= s - 1;
    return s && !(s & (s - 1));
}

/*
 * 0 when the cells of three candidates or more (wide) cannot be the BUG
 * cells bug_scan would accept: it accepts only when they all are (a BUG
 * cell is wide; a wide cell left out keeps three candidates), so none
 * means no BUG; and two or more of them need a cell seeing them all
 * (bug_scan's b->common) unless their BUG digits are one digit, which
 * all of them then hold as their third candidate (counts3: the cells of
 * three candidates).
 */
static int bug_may_be(const struct human_state *st, tech_cells wide, tech_cells counts3)
{
    if (!wide)
        return 0;
    if (!(wide & (wide - 1)))
        return 1;
    if (!(wide & ~counts3)) {
        unsigned one = 0x1FF;
        for (tech_cells m = wide; m && one; m &= m - 1)
            one &= st->cand[tech_cells_lowest(m)];
        if (one)
            return 1;
    }
    tech_cells common = ~wide;
    for (tech_cells m = wide; m && common; m &= m - 1)
        common &= tech_peers(tech_cells_lowest(m));
    return common != 0;
}

/* The BUG cells and digits, SE's way (houses box, row, column; digits in
 * order); 0 when the grid is no BUG pattern.  dg, counts: the grid's
 * cells by digit and by number of candidates. */
static int bug_scan(struct bug *b, const struct tech_digits *dg, const tech_cells *counts)
{
    tech_cells wide = counts[0] & ~counts[1] & ~counts[2]; /* 3 or more */
    tech_cells gone[9] = {0}; /* [d - 1]: the BUG cells of BUG digit d */
    int started = 0;
    if (counts[1])
        return 0; /* a cell of one candidate, which no BUG digit leaves two */
    if (!bug_may_be(b->st, wide, counts[3]))
        return 0;
    /* the places of the cells of three candidates or more in each house
     * (the house's positions, as dg->pos) */
    uint16_t wide_at[TECH_HOUSES] = {0};
    for (tech_cells m = wide; m; m &= m - 1)
        tech_pos_flip(wide_at, tech_cells_lowest(m));
    for (int t = 0; t < 3; t++)
        for (int r = 0; r < 9; r++) {
            int h = t == TECH_SE_BOX ? TECH_BOX(r) : t == TECH_SE_ROW ? TECH_ROW(r) : TECH_COL(r);
            for (int d = 1; d <= 9; d++) {
                unsigned in = dg->pos[d - 1][h], n_in = (unsigned)bits_count(in);
                if (n_in == 0 || n_in == 2)
                    continue;
                unsigned w = in & wide_at[h];
                if (!w)
                    return 0; /* too many places and no cell to blame */
                if (w & (w - 1))
                    continue; /* another house will name the cell */
                int cell = tech_house_cells[h][bits_lowest(w)];
                if (!b->digits[cell])
                    b->cell[b->n++] = (uint8_t)cell;
                b->digits[cell] |= (uint16_t)tech_bit(d);
                b->all |= tech_bit(d);
                gone[d - 1] |= tech_cell_bit(cell);
                b->common = started ? b->common & tech_peers(cell) : tech_peers(cell);
                started = 1;
                for (int i = 0; i < b->n; i++)
                    b->common &= ~tech_cell_bit(b->cell[i]);
                if (b->n > 1 && bits_count(b->all) > 1 && !b->common)
                    return 0;
            }
        }
    /* without the BUG digits, every empty cell holds two candidates, and
     * every digit is twice or never in every house */
    tech_cells bug_cells = 0;
    for (int i = 0; i < b->n; i++) {
        int c = b->cell[i];
        bug_cells |= tech_cell_bit(c);
        if (bits_count(b->st->cand[c] & ~(unsigned)b->digits[c]) != 2)
            return 0;
    }
    tech_cells any = counts[0]; /* (an empty cell without any is no BUG) */
    if ((any & ~counts[2] & ~bug_cells) ||
        __builtin_popcountll((uint64_t)any) + __builtin_popcountll((uint64_t)(any >> 64)) !=
            b->st->empty)
        return 0;
    for (int d = 0; d < 9; d++) {
        tech_cells rest = dg->cells[d] & ~gone[d];
        for (int h = 0; h < TECH_HOUSES; h++)
            if (!bug_none_or_two(rest & tech_house_set[h]))
                return 0;
    }
    return b->n > 0;
}

int tech_find_se_bug(struct tech_ctx *ctx, struct human_step *step)
{
    struct bug b;
    offer_init(&b.o, ctx, step);
    b.st = ctx->st;
    b.n = 0;
    b.all = 0;
    b.common = 0;
    memset(b.digits, 0, sizeof b.digits);
    if (bug_scan(&b, tech_ctx_digits(ctx), tech_ctx_counts(ctx))) {
        if (b.n == 1)
            bug_type1(&b);
        else if (bits_count(b.all) == 1)
            (void)(bug_type2(&b) || (b.n == 2 && bug_type4(&b)));
        else if (b.common)
            (void)((b.n == 2 && bug_type4(&b)) || bug_type3(&b));
    }
    return offer_result(&b.o);
}
