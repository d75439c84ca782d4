/*
 * tech_single_digit: the single-digit patterns built from strong links
 * (a house where a digit has exactly two places: one of them holds it).
 *
 * Two strong links a1=b1 and a2=b2 whose ends b1 and b2 see each other
 * make a1 or a2 hold the digit (if a1 does not, b1 does, so b2 does not,
 * so a2 does): every cell seeing both a1 and a2 loses it.  SudokuWiki
 * names the shapes: Skyscraper (two parallel lines, b1 and b2 in one
 * cross line), 2-String Kite (a row and a column, b1 and b2 in one box),
 * Turbot Fish (any other pair, e.g. through a box link).  The Empty
 * Rectangle uses a box whose digit lies on one row and one column of it
 * as a link to a strong link outside.
 *
 * Digits in order, links in house order (rows, columns, boxes).
 */
#include "tech_digits.h"

enum sdp_kind { SDP_SKYSCRAPER, SDP_KITE, SDP_TURBOT };

/*
 * The strong links of one digit in house order (link i in house[i]),
 * with what the pair search asks of them.  For end e of link i: its cell
 * end[e][i], its houses houses[e][i] (bit h: two cells see each other
 * when they differ and share one), and far[e][i], its peers holding the
 * digit but the link's other end: a pattern removes the digit from the
 * cells the far sets of its two outer ends share.
 */
struct sdp_links {
    int n;
    uint8_t house[TECH_HOUSES], end[2][TECH_HOUSES];
    uint32_t houses[2][TECH_HOUSES];
    tech_cells far[2][TECH_HOUSES];
};

static const char *const sdp_name[3] = {"Skyscraper", "2-String Kite",
                                        "Turbot Fish"};

static int is_line_pair(int h1, int h2, int kind) /* kind 0 rows, 1 cols */
{
    return h1 / 9 == kind && h2 / 9 == kind;
}

static enum sdp_kind classify(int h1, int h2, int a1, int b1, int a2, int b2)
{
    if ((is_line_pair(h1, h2, 0) && tech_col_of(b1) == tech_col_of(b2)) ||
        (is_line_pair(h1, h2, 1) && tech_row_of(b1) == tech_row_of(b2)))
        return SDP_SKYSCRAPER;
    if (h1 < 18 && h2 < 18 && h1 / 9 != h2 / 9 &&
        tech_box_of(b1) == tech_box_of(b2) && tech_box_of(a1) != tech_box_of(b1) &&
        tech_box_of(a2) != tech_box_of(b1))
        return SDP_KITE;
    return SDP_TURBOT;
}

/* Eliminates digit from the cells of set. */
static void eliminate_set(struct human_step *step, const struct human_state *st,
                          int digit, tech_cells set)
{
    for (tech_cells s = set; s; s &= s - 1)
        tech_eliminate(step, st, tech_cells_lowest(s), digit);
}

static void say_link(struct human_step *step, int house, int a, int b)
{
    tech_say_house(step, house);
    tech_say(step, " is only in ");
    tech_say_cell(step, a);
    tech_say(step, " and ");
    tech_say_cell(step, b);
}

/* The step of a pattern (chain a1 b1 b2 a2, links in house[0] and
 * house[1]), and of its dual when dual is not NULL: a kite on the same two
 * box cells the other way round (a1' b2 b1 a2', links in dual_house),
 * HoDoKu's dual 2-String Kite, both in one step. */
static void sdp_found(const struct human_state *st, struct human_step *step,
                      enum sdp_kind kind, int d, const uint8_t house[2],
                      const uint8_t chain[4], tech_cells elim,
                      const uint8_t *dual_house, const uint8_t *dual)
{
    int a1 = chain[0], b1 = chain[1], b2 = chain[2], a2 = chain[3];
    tech_step_reset(step);
    eliminate_set(step, st, d, elim);
    for (int k = 0; k < 4; k++)
        tech_cause(step, chain[k], d);
    if (dual) {
        tech_cause(step, dual[0], d);
        tech_cause(step, dual[3], d);
    }
    tech_house(step, house[0]);
    tech_house(step, house[1]);
    if (dual) {
        tech_house(step, dual_house[0]);
        tech_house(step, dual_house[1]);
    }
    tech_say(step, "%s: the %d of ", sdp_name[kind], d);
    say_link(step, house[0], a1, b1);
    tech_say(step, ", that of ");
    say_link(step, house[1], b2, a2);
    tech_say(step, "; ");
    tech_say_cell(step, b1);
    tech_say(step, " and ");
    tech_say_cell(step, b2);
    tech_say(step, " see each other, so ");
    tech_say_cell(step, a1);
    tech_say(step, " or ");
    tech_say_cell(step, a2);
    tech_say(step, " is %d", d);
    if (dual) {
        tech_say(step, "; and the %d of ", d);
        say_link(step, dual_house[0], dual[0], dual[1]);
        tech_say(step, ", that of ");
        say_link(step, dual_house[1], dual[2], dual[3]);
        tech_say(step, ", so ");
        tech_say_cell(step, dual[0]);
        tech_say(step, " or ");
        tech_say_cell(step, dual[3]);
        tech_say(step, " is %d", d);
    }
    tech_say(step, ", so ");
    tech_say_elims(step);
}

/* The cells seeing both a1 and a2 that hold d, the pattern's four cells
 * excepted. */
static tech_cells sdp_elims(const struct tech_digits *dg, int d,
                            const uint8_t chain[4])
{
    tech_cells elim = tech_peers(chain[0]) & tech_peers(chain[3]) &
                      dg->cells[d - 1];
    for (int k = 0; k < 4; k++)
        elim &= ~tech_cell_bit(chain[k]);
    return elim;
}

/* The other end of the strong link of d in house h through cell, or -1. */
static int sdp_other_end(const struct tech_digits *dg, int d, int h, int cell)
{
    unsigned p = dg->pos[d - 1][h];
    if (bits_count(p) != 2)
        return -1;
    int e0 = tech_house_cells[h][bits_lowest(p)];
    int e1 = tech_house_cells[h][bits_lowest(p & (p - 1))];
    return e0 == cell ? e1 : e1 == cell ? e0 : -1;
}

/* The dual of kite chain (links in house): the line of house[0]'s kind
 * through b2 and of house[1]'s kind through b1, each a strong link, whose
 * far ends lie outside the box, removing something the kite does not.
 * Fills dual_house, dual and *more; returns 1 when there is one. */
static int sdp_dual_kite(const struct tech_digits *dg, int d,
                         const uint8_t house[2], const uint8_t chain[4],
                         tech_cells elim, uint8_t dual_house[2], uint8_t dual[4],
                         tech_cells *more)
{
    int b1 = chain[1], b2 = chain[2], box = tech_box_of(b1);
    int h0 = house[0] < 9 ? TECH_ROW(tech_row_of(b2)) : TECH_COL(tech_col_of(b2));
    int h1 = house[1] < 9 ? TECH_ROW(tech_row_of(b1)) : TECH_COL(tech_col_of(b1));
    int a1 = sdp_other_end(dg, d, h0, b2), a2 = sdp_other_end(dg, d, h1, b1);
    if (a1 < 0 || a2 < 0 || a1 == a2 || tech_box_of(a1) == box ||
        tech_box_of(a2) == box)
        return 0;
    dual_house[0] = (uint8_t)h0;
    dual_house[1] = (uint8_t)h1;
    dual[0] = (uint8_t)a1;
    dual[1] = (uint8_t)b2;
    dual[2] = (uint8_t)b1;
    dual[3] = (uint8_t)a2;
    *more = sdp_elims(dg, d, dual) & ~elim;
    return *more != 0;
}

static void collect_links(const struct tech_digits *dg, int d, struct sdp_links *l)
{
    l->n = 0;
    for (int h = 0; h < TECH_HOUSES; h++) {
        unsigned p = dg->pos[d - 1][h];
        if (bits_count(p) != 2)
            continue;
        int i = l->n++;
        l->house[i] = (uint8_t)h;
        l->end[0][i] = tech_house_cells[h][bits_lowest(p)];
        l->end[1][i] = tech_house_cells[h][bits_lowest(p & (p - 1))];
        for (int e = 0; e < 2; e++) {
            l->houses[e][i] = tech_cell_houses[l->end[e][i]];
            l->far[e][i] = tech_peers(l->end[e][i]) & dg->cells[d - 1] &
                           ~tech_cell_bit(l->end[!e][i]);
        }
    }
}

/* The memo slot of each kind. */
static int sdp_slot(int kind)
{
    return TECH_MEMO_SKYSCRAPER + kind;
}

/* 1 when links i and j have a cell in common (a pattern's four cells
 * differ). */
static int sdp_share_cell(const struct sdp_links *l, int i, int j)
{
    return l->end[0][i] == l->end[0][j] || l->end[0][i] == l->end[1][j] ||
           l->end[1][i] == l->end[0][j] || l->end[1][i] == l->end[1][j];
}

/* The ways (bit ib + 2 jb: end ib of link i, b1, and end jb of link j,
 * b2, see each other) links i and j may make a pattern: b1 and b2 share a
 * house, and the other ends' far sets meet. */
static unsigned sdp_ways(const struct sdp_links *l, int i, int j)
{
    unsigned ways = 0;
    for (int e = 0; e < 4; e++) {
        int ib = e & 1, jb = e >> 1;
        ways |= ((l->houses[ib][i] & l->houses[jb][j]) &&
                 (l->far[!ib][i] & l->far[!jb][j]))
                    ? 1u << e
                    : 0;
    }
    return ways;
}

static void sdp_keep(struct tech_sdp *sdp, int k, int d, int h1, int h2, int a1,
                     int b1, int b2, int a2)
{
    sdp->found[k] |= (uint16_t)(1u << (d - 1));
    sdp->first[k][d - 1].house[0] = (uint8_t)h1;
    sdp->first[k][d - 1].house[1] = (uint8_t)h2;
    sdp->first[k][d - 1].chain[0] = (uint8_t)a1;
    sdp->first[k][d - 1].chain[1] = (uint8_t)b1;
    sdp->first[k][d - 1].chain[2] = (uint8_t)b2;
    sdp->first[k][d - 1].chain[3] = (uint8_t)a2;
}

/* The kinds of open not yet found among the patterns of links i and j
 * (ways: as sdp_ways gives them), each way in order; those found are
 * kept. */
static unsigned sdp_pair(struct tech_sdp *sdp, const struct sdp_links *l, int d,
                         int i, int j, unsigned ways, unsigned open)
{
    for (; ways && open; ways &= ways - 1) {
        int ib = bits_lowest(ways) & 1, jb = bits_lowest(ways) >> 1;
        int b1 = l->end[ib][i], a1 = l->end[!ib][i];
        int b2 = l->end[jb][j], a2 = l->end[!jb][j];
        int k = (int)classify(l->house[i], l->house[j], a1, b1, a2, b2);
        if (!(open & (1u << k)))
            continue;
        open &= ~(1u << k);
        sdp_keep(sdp, k, d, l->house[i], l->house[j], a1, b1, b2, a2);
    }
    return open;
}

/* The first pattern of each kind of kinds (bit k) for digit d, kept in
 * ctx->sdp: links pairwise in order (i, then j > i), their ends each way.
 * The three rows look for the same pairs and keep those of their kind, so
 * one pass serves those still to come in the search.  A pair of links in
 * houses unchanged since a kind's last search of the digit was there
 * then, and removed nothing: only pairs with a house changed for some
 * kind of kinds are looked at. */
static void sdp_digit(struct tech_ctx *ctx, const struct tech_digits *dg, int d,
                      unsigned kinds)
{
    enum { ALL = (1u << TECH_HOUSES) - 1 };
    struct tech_sdp *sdp = &ctx->sdp;
    struct sdp_links l;
    uint32_t fresh = 0, fresh_links = 0;
    unsigned open = kinds;
    collect_links(dg, d, &l);
    for (unsigned m = kinds; m; m &= m - 1) {
        sdp->found[bits_lowest(m)] &= (uint16_t) ~(1u << (d - 1));
        if (fresh != ALL)
            fresh |= tech_memo_houses_since(ctx, sdp_slot(bits_lowest(m)), d);
    }
    for (int i = 0; i < l.n; i++)
        fresh_links |= ((fresh >> l.house[i]) & 1) << i;
    for (int i = 0; i < l.n && open; i++) {
        uint32_t later = ~0u << i << 1;
        uint32_t js = ((fresh_links >> i) & 1) ? later : later & fresh_links;
        for (js &= (1u << l.n) - 1; js && open; js &= js - 1) {
            int j = bits_lowest(js);
            if (!((l.houses[0][i] | l.houses[1][i]) &
                  (l.houses[0][j] | l.houses[1][j])) ||
                sdp_share_cell(&l, i, j))
                continue;
            unsigned ways = sdp_ways(&l, i, j);
            if (ways)
                open = sdp_pair(sdp, &l, d, i, j, ways, open);
        }
    }
    for (unsigned m = kinds; m; m &= m - 1)
        ctx->built.sdp_known[bits_lowest(m)] |= (uint16_t)(1u << (d - 1));
}

/* Pattern (i, j, way) of digit d's links l: its houses and four cells
 * a1 b1 b2 a2 into house and chain; returns its kind. */
static enum sdp_kind sdp_pattern(const struct sdp_links *l, int i, int j,
                                 unsigned way, uint8_t house[2], uint8_t chain[4])
{
    int ib = (int)way & 1, jb = (int)way >> 1;
    house[0] = l->house[i];
    house[1] = l->house[j];
    chain[0] = l->end[!ib][i];
    chain[1] = l->end[ib][i];
    chain[2] = l->end[jb][j];
    chain[3] = l->end[!jb][j];
    return classify(l->house[i], l->house[j], chain[0], chain[1], chain[3],
                    chain[2]);
}

/* Collect mode: every pattern of kind want, digits in order, then pairs
 * of links and their ways in the order sdp_digit meets them; a kite with
 * a dual is listed alone, then with its dual (dual 2-String Kite). */
static int sdp_all(struct tech_ctx *ctx, struct human_step *step,
                   enum sdp_kind want)
{
    const struct tech_digits *dg = tech_ctx_digits(ctx);
    struct sdp_links l;
    for (int d = 1; d <= 9; d++) {
        collect_links(dg, d, &l);
        for (int i = 0; i < l.n; i++)
            for (int j = i + 1; j < l.n; j++) {
                if (!((l.houses[0][i] | l.houses[1][i]) &
                      (l.houses[0][j] | l.houses[1][j])) ||
                    sdp_share_cell(&l, i, j))
                    continue;
                for (unsigned ways = sdp_ways(&l, i, j); ways; ways &= ways - 1) {
                    uint8_t house[2], chain[4];
                    if (sdp_pattern(&l, i, j, (unsigned)bits_lowest(ways), house,
                                    chain) != want)
                        continue;
                    tech_cells elim = sdp_elims(dg, d, chain), more;
                    uint8_t dual_house[2], dual[4];
                    sdp_found(ctx->st, step, want, d, house, chain, elim, NULL,
                              NULL);
                    if (step->n_elim && tech_found(ctx, step))
                        return 1;
                    /* a kite with its dual, as the solver's step takes them */
                    if (want == SDP_KITE &&
                        sdp_dual_kite(dg, d, house, chain, elim, dual_house, dual,
                                      &more)) {
                        sdp_found(ctx->st, step, want, d, house, chain, elim | more,
                                  dual_house, dual);
                        if (tech_found(ctx, step))
                            return 1;
                    }
                }
            }
    }
    return 0;
}

static int find_sdp(struct tech_ctx *ctx, struct human_step *step,
                    enum sdp_kind want)
{
    if (ctx->collect)
        return sdp_all(ctx, step, want);
    const struct tech_digits *dg = tech_ctx_digits(ctx);
    struct tech_sdp *sdp = &ctx->sdp;
    int slot = sdp_slot((int)want);
    for (int d = 1; d <= 9; d++) {
        unsigned bit = 1u << (d - 1);
        if (tech_memo_digit_clean(ctx, slot, d))
            continue;
        if (!(ctx->built.sdp_known[want] & bit)) {
            /* this kind, and the later ones that will look at d */
            unsigned kinds = 1u << want;
            for (int k = (int)want + 1; k <= SDP_TURBOT; k++)
                if (!(ctx->built.sdp_known[k] & bit) &&
                    !tech_memo_digit_clean(ctx, sdp_slot(k), d))
                    kinds |= 1u << k;
            sdp_digit(ctx, dg, d, kinds);
        }
        if (sdp->found[want] & bit) {
            const uint8_t *chain = sdp->first[want][d - 1].chain;
            const uint8_t *house = sdp->first[want][d - 1].house;
            tech_cells elim = sdp_elims(dg, d, chain), more;
            uint8_t dual_house[2], dual[4];
            if (want == SDP_KITE && !ctx->alone &&
                sdp_dual_kite(dg, d, house, chain, elim, dual_house, dual, &more))
                sdp_found(ctx->st, step, want, d, house, chain, elim | more,
                          dual_house, dual);
            else
                sdp_found(ctx->st, step, want, d, house, chain, elim, NULL, NULL);
            return 1;
        }
        tech_memo_digit_failed(ctx, slot, d);
    }
    tech_step_reset(step);
    return 0;
}

int tech_find_skyscraper(struct tech_ctx *ctx, struct human_step *step)
{
    return find_sdp(ctx, step, SDP_SKYSCRAPER);
}

int tech_find_two_string_kite(struct tech_ctx *ctx, struct human_step *step)
{
    return find_sdp(ctx, step, SDP_KITE);
}

int tech_find_turbot_fish(struct tech_ctx *ctx, struct human_step *step)
{
    return find_sdp(ctx, step, SDP_TURBOT);
}

/*
 * Empty rectangle in box b: the digit lies on box row r and box column c
 * only (with some off each).  A strong link (r, x)=(t, x) in column x
 * outside the box's stack removes the digit from (t, c): if (t, c) held
 * it, the box's digit would be on row r, so (r, x) would not, so (t, x)
 * would, which sees (t, c).  Likewise a strong link (y, c)=(y, t) in a row
 * outside the band removes it from (r, t).
 */
/* One empty rectangle: box row r and column c, the strong link near=far
 * in link_house, removing the digit from target. */
struct er_hit {
    int r, c, link_house, near, far, target;
};

/* The step of the first ER of a box, and of a second one of the same box
 * with another target when there is one (HoDoKu's dual ER: both in one
 * step). */
static void er_found(const struct human_state *st, struct human_step *step,
                     const struct tech_digits *dg, int d, int b,
                     const struct er_hit *hit, int n_hit)
{
    uint8_t cells[9];
    int n = 0;
    tech_step_reset(step);
    for (int k = 0; k < n_hit; k++)
        tech_eliminate(step, st, hit[k].target, d);
    for (unsigned p = dg->pos[d - 1][TECH_BOX(b)]; p; p &= p - 1) {
        cells[n] = tech_house_cells[TECH_BOX(b)][bits_lowest(p)];
        tech_cause(step, cells[n++], d);
    }
    for (int k = 0; k < n_hit; k++) {
        tech_cause(step, hit[k].near, d);
        tech_cause(step, hit[k].far, d);
    }
    tech_house(step, TECH_BOX(b));
    for (int k = 0; k < n_hit; k++)
        tech_house(step, hit[k].link_house);
    tech_say(step,
             "Empty rectangle: in box %d the %d is only in row %c and "
             "column %d (",
             b + 1, d, 'A' + hit[0].r, hit[0].c + 1);
    tech_say_cells(step, cells, n, 0);
    tech_say(step, "), and the %d of ", d);
    say_link(step, hit[0].link_house, hit[0].near, hit[0].far);
    if (n_hit > 1) {
        tech_say(step, "; and ");
        if (hit[1].r != hit[0].r || hit[1].c != hit[0].c)
            tech_say(step, "with row %c and column %d, ", 'A' + hit[1].r,
                     hit[1].c + 1);
        tech_say(step, "the %d of ", d);
        say_link(step, hit[1].link_house, hit[1].near, hit[1].far);
    }
    tech_say(step, ", so ");
    tech_say_elims(step);
}

/* The strong links of one digit by the lines they cross: bit x of
 * cols[r] when column x holds the digit in row r and one other row only,
 * bit y of rows[c] when row y holds it in column c and one other only. */
struct er_lines {
    uint16_t cols[9], rows[9];
};

static void er_lines_build(const struct tech_digits *dg, int d, struct er_lines *ln)
{
    memset(ln, 0, sizeof *ln);
    for (int x = 0; x < 9; x++) {
        unsigned p = dg->pos[d - 1][TECH_COL(x)];
        for (unsigned q = bits_count(p) == 2 ? p : 0; q; q &= q - 1)
            ln->cols[bits_lowest(q)] = (uint16_t)(ln->cols[bits_lowest(q)] |
                                                  (1u << x));
        p = dg->pos[d - 1][TECH_ROW(x)];
        for (unsigned q = bits_count(p) == 2 ? p : 0; q; q &= q - 1)
            ln->rows[bits_lowest(q)] = (uint16_t)(ln->rows[bits_lowest(q)] |
                                                  (1u << x));
    }
}

/* Strong links of digit d leaving the box through row r (in columns
 * outside the stack) or through column c (in rows outside the band), in
 * that order: adds their ERs to hit (n of max there) and returns the new
 * count.  Past the first, only an ER with another target is added.  A
 * link whose target cell lacks the digit removes nothing. */
static int er_links(const struct human_state *st, const struct tech_digits *dg,
                    const struct er_lines *ln, int d, int b, int r, int c,
                    struct er_hit *hit, int n, int max)
{
    int band = b / 3 * 3, stack = b % 3 * 3;
    for (int dir = 0; dir < 2 && n < max; dir++) {
        unsigned xs = dir ? ln->rows[c] & ~(7u << band)
                          : ln->cols[r] & ~(7u << stack);
        for (; xs && n < max; xs &= xs - 1) {
            int x = bits_lowest(xs);
            struct er_hit h;
            if (!dir) {
                int t = bits_lowest(dg->pos[d - 1][TECH_COL(x)] & ~(1u << r));
                h = (struct er_hit){r,         c,         TECH_COL(x),
                                    r * 9 + x, t * 9 + x, t * 9 + c};
                if (t / 3 * 3 == band)
                    continue;
            } else {
                int t = bits_lowest(dg->pos[d - 1][TECH_ROW(x)] & ~(1u << c));
                h = (struct er_hit){r,         c,         TECH_ROW(x),
                                    x * 9 + c, x * 9 + t, r * 9 + t};
                if (t / 3 * 3 == stack)
                    continue;
            }
            if (!tech_has(st, h.target, d) || (n && h.target == hit[0].target))
                continue;
            hit[n++] = h;
        }
    }
    return n;
}

/* The ERs of a box at most: 3 box rows, each with a column, and a link
 * in each of the 6 columns outside the stack and 6 rows outside the
 * band. */
#define ER_HITS_MAX 36

/* Collect mode: every ER of box b alone (hit, n of them, the first
 * target's others left out: they remove the same), then the first with
 * each later one, as the solver's step takes a pair (dual ER). */
static int er_all(struct tech_ctx *ctx, struct human_step *step,
                  const struct tech_digits *dg, int d, int b,
                  const struct er_hit *hit, int n)
{
    for (int k = 0; k < n; k++) {
        er_found(ctx->st, step, dg, d, b, &hit[k], 1);
        if (tech_found(ctx, step))
            return 1;
    }
    for (int k = 1; k < n; k++) {
        struct er_hit two[2] = {hit[0], hit[k]};
        er_found(ctx->st, step, dg, d, b, two, 2);
        if (tech_found(ctx, step))
            return 1;
    }
    return 0;
}

/* The box column (0..2) that with box row i holds every place p of a box
 * has for a digit, some off each; -1 when none does (the cells off row i
 * lie in one column, j). */
static int er_column(unsigned p, int i)
{
    unsigned row = 7u << (3 * i), off = p & ~row;
    unsigned cols = (off | off >> 3 | off >> 6) & 7;
    if (!off || (cols & (cols - 1)))
        return -1;
    int j = bits_lowest(cols);
    return (p & row & ~(0x49u << j)) ? j : -1;
}

/* Boxes in order, box rows in order; lines are built for a digit once a
 * box has its rectangle.  The first ER found makes the step, with a
 * second of the same box when one removes something else (collect mode:
 * er_all). */
static int er_digit(struct tech_ctx *ctx, struct human_step *step,
                    const struct tech_digits *dg, int d)
{
    struct er_lines ln;
    int have_lines = 0;
    for (int b = 0; b < 9; b++) {
        unsigned p = dg->pos[d - 1][TECH_BOX(b)];
        if (bits_count(p) < 2)
            continue;
        struct er_hit hit[ER_HITS_MAX];
        int n = 0, max = ctx->collect ? ER_HITS_MAX : ctx->alone ? 1 : 2;
        for (int i = 0; i < 3 && n < max; i++) {
            int j = er_column(p, i);
            if (j < 0)
                continue;
            if (!have_lines)
                er_lines_build(dg, d, &ln);
            have_lines = 1;
            n = er_links(ctx->st, dg, &ln, d, b, b / 3 * 3 + i, b % 3 * 3 + j, hit,
                         n, max);
        }
        if (!n)
            continue;
        if (!ctx->collect) {
            er_found(ctx->st, step, dg, d, b, hit, n);
            return tech_found(ctx, step);
        }
        if (er_all(ctx, step, dg, d, b, hit, n))
            return 1;
    }
    return 0;
}

int tech_find_empty_rectangle(struct tech_ctx *ctx, struct human_step *step)
{
    const struct tech_digits *dg = tech_ctx_digits(ctx);
    for (int d = 1; d <= 9; d++) {
        if (tech_memo_digit_clean(ctx, TECH_MEMO_EMPTY_RECTANGLE, d))
            continue;
        if (er_digit(ctx, step, dg, d))
            return 1;
        tech_memo_digit_failed(ctx, TECH_MEMO_EMPTY_RECTANGLE, d);
    }
    tech_step_reset(step);
    return 0;
}
