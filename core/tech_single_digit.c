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

static const char *const sdp_name[3] = { "Skyscraper", "2-String Kite",
                                         "Turbot Fish" };

static int is_line_pair(int h1, int h2, int kind)  /* kind 0 rows, 1 cols */
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

static void sdp_found(const struct human_state *st, struct human_step *step,
                      enum sdp_kind kind, int d, const uint8_t house[2],
                      const uint8_t chain[4], tech_cells elim)
{
    int a1 = chain[0], b1 = chain[1], b2 = chain[2], a2 = chain[3];
    tech_step_reset(step);
    eliminate_set(step, st, d, elim);
    for (int k = 0; k < 4; k++)
        tech_cause(step, chain[k], d);
    tech_house(step, house[0]);
    tech_house(step, house[1]);
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
    tech_say(step, " is %d, so ", d);
    tech_say_elims(step);
}

static void collect_links(const struct tech_digits *dg, int d,
                          struct sdp_links *l)
{
    l->n = 0;
    for (int h = 0; h < TECH_HOUSES; h++) {
        unsigned p = dg->pos[d - 1][h];
        if (tech_count(p) != 2)
            continue;
        int i = l->n++;
        l->house[i] = (uint8_t)h;
        l->end[0][i] = tech_house_cells[h][tech_lowest(p)];
        l->end[1][i] = tech_house_cells[h][tech_lowest(p & (p - 1))];
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
                 (l->far[!ib][i] & l->far[!jb][j])) ? 1u << e : 0;
    }
    return ways;
}

static void sdp_keep(struct tech_sdp *sdp, int k, int d, int h1, int h2,
                     int a1, int b1, int b2, int a2)
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
        int ib = tech_lowest(ways) & 1, jb = tech_lowest(ways) >> 1;
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
        sdp->found[tech_lowest(m)] &= (uint16_t)~(1u << (d - 1));
        if (fresh != ALL)
            fresh |= tech_memo_houses_since(ctx, sdp_slot(tech_lowest(m)), d);
    }
    for (int i = 0; i < l.n; i++)
        fresh_links |= ((fresh >> l.house[i]) & 1) << i;
    for (int i = 0; i < l.n && open; i++) {
        uint32_t later = ~0u << i << 1;
        uint32_t js = ((fresh_links >> i) & 1) ? later : later & fresh_links;
        for (js &= (1u << l.n) - 1; js && open; js &= js - 1) {
            int j = tech_lowest(js);
            if (!((l.houses[0][i] | l.houses[1][i]) & (l.houses[0][j] | l.houses[1][j])) ||
                sdp_share_cell(&l, i, j))
                continue;
            unsigned ways = sdp_ways(&l, i, j);
            if (ways)
                open = sdp_pair(sdp, &l, d, i, j, ways, open);
        }
    }
    for (unsigned m = kinds; m; m &= m - 1)
        ctx->built.sdp_known[tech_lowest(m)] |= (uint16_t)(1u << (d - 1));
}

/* Pattern (i, j, way) of digit d's links l: its houses and four cells
 * a1 b1 b2 a2 into house and chain; returns its kind. */
static enum sdp_kind sdp_pattern(const struct sdp_links *l, int i, int j, unsigned way,
                                 uint8_t house[2], uint8_t chain[4])
{
    int ib = (int)way & 1, jb = (int)way >> 1;
    house[0] = l->house[i];
    house[1] = l->house[j];
    chain[0] = l->end[!ib][i];
    chain[1] = l->end[ib][i];
    chain[2] = l->end[jb][j];
    chain[3] = l->end[!jb][j];
    return classify(l->house[i], l->house[j], chain[0], chain[1], chain[3], chain[2]);
}

/* Collect mode: every pattern of kind want, digits in order, then pairs
 * of links and their ways in the order sdp_digit meets them. */
static int sdp_all(struct tech_ctx *ctx, struct human_step *step, enum sdp_kind want)
{
    const struct tech_digits *dg = tech_ctx_digits(ctx);
    struct sdp_links l;
    for (int d = 1; d <= 9; d++) {
        collect_links(dg, d, &l);
        for (int i = 0; i < l.n; i++)
            for (int j = i + 1; j < l.n; j++) {
                if (!((l.houses[0][i] | l.houses[1][i]) & (l.houses[0][j] | l.houses[1][j])) ||
                    sdp_share_cell(&l, i, j))
                    continue;
                for (unsigned ways = sdp_ways(&l, i, j); ways; ways &= ways - 1) {
                    uint8_t house[2], chain[4];
                    if (sdp_pattern(&l, i, j, (unsigned)tech_lowest(ways), house, chain) != want)
                        continue;
                    tech_cells elim = tech_peers(chain[0]) & tech_peers(chain[3]) &
                                      dg->cells[d - 1];
                    for (int k = 0; k < 4; k++)
                        elim &= ~tech_cell_bit(chain[k]);
                    sdp_found(ctx->st, step, want, d, house, chain, elim);
                    if (step->n_elim && tech_found(ctx, step))
                        return 1;
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
                if (!(ctx->built.sdp_known[k] & bit) && !tech_memo_digit_clean(ctx, sdp_slot(k), d))
                    kinds |= 1u << k;
            sdp_digit(ctx, dg, d, kinds);
        }
        if (sdp->found[want] & bit) {
            const uint8_t *chain = sdp->first[want][d - 1].chain;
            tech_cells elim = tech_peers(chain[0]) & tech_peers(chain[3]) &
                              dg->cells[d - 1];
            for (int k = 0; k < 4; k++)
                elim &= ~tech_cell_bit(chain[k]);
            sdp_found(ctx->st, step, want, d, sdp->first[want][d - 1].house, chain, elim);
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
static int er_found(const struct human_state *st, struct human_step *step,
                    const struct tech_digits *dg, int d, int b, int r, int c,
                    int link_house, int near, int far, int target)
{
    uint8_t cells[9];
    int n = 0;
    tech_step_reset(step);
    if (!tech_eliminate(step, st, target, d))
        return 0;
    for (unsigned p = dg->pos[d - 1][TECH_BOX(b)]; p; p &= p - 1) {
        cells[n] = tech_house_cells[TECH_BOX(b)][tech_lowest(p)];
        tech_cause(step, cells[n++], d);
    }
    tech_cause(step, near, d);
    tech_cause(step, far, d);
    tech_house(step, TECH_BOX(b));
    tech_house(step, link_house);
    tech_say(step, "Empty rectangle: in box %d the %d is only in row %c and "
             "column %d (", b + 1, d, 'A' + r, c + 1);
    tech_say_cells(step, cells, n, 0);
    tech_say(step, "), and the %d of ", d);
    say_link(step, link_house, near, far);
    tech_say(step, ", so ");
    tech_say_elims(step);
    return 1;
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
        for (unsigned q = tech_count(p) == 2 ? p : 0; q; q &= q - 1)
            ln->cols[tech_lowest(q)] = (uint16_t)(ln->cols[tech_lowest(q)] | (1u << x));
        p = dg->pos[d - 1][TECH_ROW(x)];
        for (unsigned q = tech_count(p) == 2 ? p : 0; q; q &= q - 1)
            ln->rows[tech_lowest(q)] = (uint16_t)(ln->rows[tech_lowest(q)] | (1u << x));
    }
}

/* Strong links of digit d leaving the box through row r (in columns
 * outside the stack) or through column c (in rows outside the band).
 * A link whose target cell lacks the digit removes nothing. */
static int er_links(struct tech_ctx *ctx, struct human_step *step,
                    const struct tech_digits *dg, const struct er_lines *ln,
                    int d, int b, int r, int c)
{
    const struct human_state *st = ctx->st;
    int band = b / 3 * 3, stack = b % 3 * 3;
    for (unsigned xs = ln->cols[r] & ~(7u << stack); xs; xs &= xs - 1) {
        int x = tech_lowest(xs);
        int t = tech_lowest(dg->pos[d - 1][TECH_COL(x)] & ~(1u << r));
        if (t / 3 * 3 != band && tech_has(st, t * 9 + c, d) &&
            er_found(st, step, dg, d, b, r, c, TECH_COL(x), r * 9 + x, t * 9 + x,
                     t * 9 + c) && tech_found(ctx, step))
            return 1;
    }
    for (unsigned ys = ln->rows[c] & ~(7u << band); ys; ys &= ys - 1) {
        int y = tech_lowest(ys);
        int t = tech_lowest(dg->pos[d - 1][TECH_ROW(y)] & ~(1u << c));
        if (t / 3 * 3 != stack && tech_has(st, r * 9 + t, d) &&
            er_found(st, step, dg, d, b, r, c, TECH_ROW(y), y * 9 + c, y * 9 + t,
                     r * 9 + t) && tech_found(ctx, step))
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
    int j = tech_lowest(cols);
    return (p & row & ~(0x49u << j)) ? j : -1;
}

/* Boxes in order, box rows in order; lines are built for a digit once a
 * box has its rectangle. */
static int er_digit(struct tech_ctx *ctx, struct human_step *step,
                    const struct tech_digits *dg, int d)
{
    struct er_lines ln;
    int have_lines = 0;
    for (int b = 0; b < 9; b++) {
        unsigned p = dg->pos[d - 1][TECH_BOX(b)];
        if (tech_count(p) < 2)
            continue;
        for (int i = 0; i < 3; i++) {
            int j = er_column(p, i);
            if (j < 0)
                continue;
            if (!have_lines)
                er_lines_build(dg, d, &ln);
            have_lines = 1;
            if (er_links(ctx, step, dg, &ln, d, b, b / 3 * 3 + i, b % 3 * 3 + j))
                return 1;
        }
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
