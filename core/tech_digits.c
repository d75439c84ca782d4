/*
 * tech_digits: what the search context builds for every family (the
 * per-digit position masks of every house in one pass over the grid, the
 * houses, the cells by candidate count), the constant cell tables, and
 * the solving loop's memo, kept up to date by comparing the grid with
 * its copy.
 */
#include "tech_digits.h"

#include <stddef.h>
#include <string.h>

/* The cells of each digit come from its rows' positions at the end: one
 * shift per row instead of a 128-bit bit per candidate. */
void tech_digits_build(const struct human_state *st, struct tech_digits *dg)
{
    memset(dg->pos, 0, sizeof dg->pos);
    for (int r = 0, cell = 0; r < 9; r++) {
        for (int c = 0; c < 9; c++, cell++) {
            int b = TECH_BOX(r / 3 * 3 + c / 3), bp = r % 3 * 3 + c % 3;
            for (unsigned m = st->value[cell] ? 0 : st->cand[cell]; m; m &= m - 1) {
                uint16_t *p = dg->pos[bits_lowest(m)];
                p[TECH_ROW(r)] = (uint16_t)(p[TECH_ROW(r)] | (1u << c));
                p[TECH_COL(c)] = (uint16_t)(p[TECH_COL(c)] | (1u << r));
                p[b] = (uint16_t)(p[b] | (1u << bp));
            }
        }
    }
    for (int d = 0; d < 9; d++) {
        tech_cells cells = 0;
        for (int r = 8; r >= 0; r--)
            cells = cells << 9 | dg->pos[d][TECH_ROW(r)];
        dg->cells[d] = cells;
    }
}

const struct tech_digits *tech_ctx_digits(struct tech_ctx *ctx)
{
    struct tech_memo *m = tech_memo_of(ctx);
    if (m)
        return &m->dg;
    if (!ctx->built.digits) {
        tech_digits_build(ctx->st, &ctx->dg);
        ctx->built.digits = 1;
    }
    return &ctx->dg;
}

#define CELL_HOUSES(c) \
    ((1u << TECH_ROW((c) / 9)) | (1u << TECH_COL((c) % 9)) | \
     (1u << TECH_BOX((c) / 27 * 3 + (c) % 9 / 3)))
#define CELL_HOUSES_ROW(r) \
    CELL_HOUSES(9 * (r)), CELL_HOUSES(9 * (r) + 1), CELL_HOUSES(9 * (r) + 2), \
        CELL_HOUSES(9 * (r) + 3), CELL_HOUSES(9 * (r) + 4), \
        CELL_HOUSES(9 * (r) + 5), CELL_HOUSES(9 * (r) + 6), \
        CELL_HOUSES(9 * (r) + 7), CELL_HOUSES(9 * (r) + 8)

const uint32_t tech_cell_houses[GRID_CELLS] = {
    CELL_HOUSES_ROW(0), CELL_HOUSES_ROW(1), CELL_HOUSES_ROW(2),
    CELL_HOUSES_ROW(3), CELL_HOUSES_ROW(4), CELL_HOUSES_ROW(5),
    CELL_HOUSES_ROW(6), CELL_HOUSES_ROW(7), CELL_HOUSES_ROW(8),
};

void tech_memo_init(struct tech_memo *memo)
{
    memo->version = 0;
    memo->synced = TECH_MEMO_NEVER;
}

/* Field by field where it pays: changed[] past the version is never
 * read (a comparison writes a version's entry before it is read), and
 * SE's chain records, the struct's last fields (from se_x_cells on), are
 * left out and marked empty, as memo_reset does (a memo may always
 * forget): the second solve is HoDoKu's, whose rows never read them, and
 * they are most of the struct (the kept hints). */
void tech_memo_fork(struct tech_memo *to, const struct tech_memo *from)
{
    const char *f = (const char *)from;
    char *t = (char *)to;
    size_t changed = offsetof(struct tech_memo, changed),
           after = offsetof(struct tech_memo, house_changed),
           se_chains = offsetof(struct tech_memo, se_x_cells);
    size_t versions = from->version < TECH_MEMO_VERSIONS ? from->version + 1u
                                                         : TECH_MEMO_VERSIONS;
    memcpy(t, f, changed);
    memcpy(to->changed, from->changed, versions * sizeof from->changed[0]);
    memcpy(t + after, f + after, se_chains - after);
    to->se_x_valid = 0;
    to->se_y_n = 0;
    to->se_nishio_valid = 0;
    tech_memo_step(to);
}

/* Forgets every stamp (the first comparison of a solve, or a solve longer
 * than any). */
static void memo_reset(struct tech_memo *memo)
{
    memset(memo->house_changed, 0, sizeof memo->house_changed);
    memset(memo->failed, 0, sizeof memo->failed);
    memset(memo->whole, 0, sizeof memo->whole);
    memset(memo->dirty, 0xFF, sizeof memo->dirty);
    memset(memo->by_digit, 0, sizeof memo->by_digit);
    for (int t = 0; t < tech_table_len; t++)
        if (tech_table[t].memo_key == TECH_KEYED_BY_DIGIT)
            memo->by_digit[tech_table[t].memo_slot] = ~0u;
    for (int n = 0; n < 2; n++)
        for (int h = 0; h < TECH_HOUSES; h++)
            memo->wing[n][h].stamp = 0;
    memo->sue_de_coq = 0;
    memo->aligned[0] = memo->aligned[1] = 0;
    memset(memo->se_loop_stamp, 0, sizeof memo->se_loop_stamp);
    memset(memo->se_loop_dead, 0, sizeof memo->se_loop_dead);
    memo->direct_valid = 0;
    memo->finned_valid[0] = memo->finned_valid[1] = 0;
    memset(memo->franken_valid, 0, sizeof memo->franken_valid);
    memo->se_x_valid = 0;
    memo->se_y_n = 0;
    memo->se_nishio_valid = 0;
}

/* The cells whose candidates or value differ from the copy, as a set
 * (bit c of word c / 64): compared four candidate masks and eight values
 * at a time, a differing word's cells found at once (cell 80, the last,
 * alone). */
static void memo_diff(const struct tech_memo *memo, const struct human_state *st,
                      uint64_t diff[2])
{
    enum { LAST = GRID_CELLS - 1 };
    diff[0] = diff[1] = 0;
    for (int c = 0; c < LAST; c += 4) {
        uint64_t a = bits_load16x4(&memo->cand[c]), b = bits_load16x4(&st->cand[c]);
        if (a != b)
            diff[c >> 6] |= (uint64_t)bits_lanes16_nonzero(a ^ b) << (c & 63);
    }
    for (int c = 0; c < LAST; c += 8) {
        uint64_t a = bits_load8x8(&memo->value[c]), b = bits_load8x8(&st->value[c]);
        if (a != b)
            diff[c >> 6] |= (uint64_t)bits_bytes_nonzero(a ^ b) << (c & 63);
    }
    if (memo->cand[LAST] != st->cand[LAST] || memo->value[LAST] != st->value[LAST])
        diff[LAST >> 6] |= (uint64_t)1 << (LAST & 63);
}

/* Cell by cell, each written to its row, column and box. */
/* Three bits as three triples: bit k -> bits 3k..3k+2. */
static unsigned triples(unsigned m)
{
    static const uint16_t t[8] = {0, 07, 070, 077, 0700, 0707, 0770, 0777};
    return t[m & 7u];
}

/* hv->possible of digit index d (0..8), from hv->placed_at. */
static void houses_possible(struct tech_houses *hv, int d)
{
    uint32_t unplaced = ~hv->placed_at[d];
    unsigned rows = unplaced & 0x1FFu, cols = (unplaced >> 9) & 0x1FFu;
    unsigned boxes = (unplaced >> 18) & 0x1FFu;
    for (int i = 0; i < 9; i++) {
        int k = i / 3;
        unsigned band = (boxes >> (3 * k)) &
                        7u; /* boxes of row i's band, by stack */
        unsigned stack = ((boxes >> k) & 1u) | ((boxes >> (k + 2)) & 2u) |
                         ((boxes >> (k + 4)) &
                          4u); /* of column i's stack, by band */
        hv->possible[d][0][i] = (uint16_t)((rows >> i & 1u) ? cols & triples(band)
                                                            : 0);
        hv->possible[d][1][i] = (uint16_t)((cols >> i & 1u) ? rows & triples(stack)
                                                            : 0);
    }
}

static void houses_build(const struct human_state *st, struct tech_houses *hv)
{
    memset(hv->placed, 0, sizeof hv->placed);
    memset(hv->placed_at, 0, sizeof hv->placed_at);
    for (int r = 0, cell = 0; r < 9; r++) {
        for (int c = 0; c < 9; c++, cell++) {
            int b = TECH_BOX(r / 3 * 3 + c / 3), bp = r % 3 * 3 + c % 3;
            int v = st->value[cell];
            uint16_t m = v ? 0 : st->cand[cell];
            hv->cand[TECH_ROW(r)][c] = m;
            hv->cand[TECH_COL(c)][r] = m;
            hv->cand[b][bp] = m;
            if (v) {
                hv->placed[TECH_ROW(r)] = (uint16_t)(hv->placed[TECH_ROW(r)] |
                                                     tech_bit(v));
                hv->placed[TECH_COL(c)] = (uint16_t)(hv->placed[TECH_COL(c)] |
                                                     tech_bit(v));
                hv->placed[b] = (uint16_t)(hv->placed[b] | tech_bit(v));
                hv->placed_at[v - 1] |= tech_cell_houses[cell];
            }
        }
    }
    for (int d = 0; d < 9; d++)
        houses_possible(hv, d);
}

/* Brings the memo's positions and houses to cell c's new candidates. */
static void memo_update_cell(struct tech_memo *m, const struct human_state *st,
                             int c)
{
    unsigned was = m->value[c] ? 0 : m->cand[c],
             now = st->value[c] ? 0 : st->cand[c];
    int r = tech_row_of(c), col = tech_col_of(c), b = tech_box_of(c),
        bp = tech_box_pos(c);
    for (unsigned d = was ^ now; d; d &= d - 1) {
        int k = bits_lowest(d);
        tech_pos_flip(m->dg.pos[k], c);
        m->dg.cells[k] ^= tech_cell_bit(c);
    }
    m->hv.cand[TECH_ROW(r)][col] = (uint16_t)now;
    m->hv.cand[TECH_COL(col)][r] = (uint16_t)now;
    m->hv.cand[TECH_BOX(b)][bp] = (uint16_t)now;
    if (m->value[c] != st->value[c]) {
        const int hs[3] = {TECH_ROW(r), TECH_COL(col), TECH_BOX(b)};
        if (!m->value[c]) {
            /* a digit placed (the solving loop only ever places) */
            for (int k = 0; k < 3; k++)
                m->hv.placed[hs[k]] = (uint16_t)(m->hv.placed[hs[k]] |
                                                 tech_bit(st->value[c]));
            m->hv.placed_at[st->value[c] - 1] |= tech_cell_houses[c];
            houses_possible(&m->hv, st->value[c] - 1);
            return;
        }
        for (int k = 0; k < 3; k++) {
            unsigned placed = 0;
            for (int i = 0; i < 9; i++) {
                int v = st->value[tech_house_cells[hs[k]][i]];
                placed |= v ? tech_bit(v) : 0;
            }
            m->hv.placed[hs[k]] = (uint16_t)placed;
            for (int d = 0; d < 9; d++)
                m->hv.placed_at[d] = (m->hv.placed_at[d] & ~(1u << hs[k])) |
                                     ((placed >> d & 1u) << hs[k]);
        }
        for (int d = 0; d < 9; d++)
            houses_possible(&m->hv, d);
    }
}

void tech_memo_compare(struct tech_memo *memo, const struct human_state *st)
{
    uint16_t v = memo->version;
    if (memo->synced == TECH_MEMO_NEVER || v >= TECH_MEMO_VERSIONS) {
        /* the first comparison (nothing stamped yet), or a solve longer
         * than any: forget everything */
        memo_reset(memo);
        memo->version = v < TECH_MEMO_VERSIONS ? v : 0;
        for (int i = 0; i <= memo->version; i++)
            memo->changed[i] = 0;
        tech_digits_build(st, &memo->dg);
        houses_build(st, &memo->hv);
    } else {
        uint32_t houses = 0;
        unsigned digits = 0;
        tech_cells cells = 0;
        uint64_t diff[2];
        memo_diff(memo, st, diff);
        for (int w = 0; w < 2; w++)
            for (; diff[w]; diff[w] &= diff[w] - 1) {
                int c = w * 64 + bits_lowest64(diff[w]);
                unsigned was = memo->cand[c], now = st->cand[c];
                memo_update_cell(memo, st, c);
                houses |= tech_cell_houses[c];
                cells |= tech_cell_bit(c);
                digits |= was ^ now;
                digits |= memo->value[c] ? tech_bit(memo->value[c]) : 0;
                digits |= st->value[c] ? tech_bit(st->value[c]) : 0;
            }
        digits &= HUMAN_ALL_DIGITS;
        /* houses, or digits where by_digit says: a loop the compiler
         * runs four slots at a time */
        for (int s = 0; s < TECH_MEMO_SLOTS; s++)
            memo->dirty[s] |= houses ^ ((houses ^ digits) & memo->by_digit[s]);
        for (; houses; houses &= houses - 1)
            memo->house_changed[bits_lowest(houses)] = v;
        for (int i = memo->synced + 1; i < v; i++)
            memo->changed[i] = 0;
        memo->changed[v] = cells;
    }
    memcpy(memo->cand, st->cand, sizeof memo->cand);
    memcpy(memo->value, st->value, sizeof memo->value);
    memo->synced = memo->version;
}

int tech_kept_beats_set(const struct tech_ctx *ctx, tech_cells elim, int d)
{
    uint16_t key[GRID_CELLS];
    int n = 0;
    if (!ctx->kept || !ctx->kept->have)
        return 0;
    if (tech_cells_count(elim) != ctx->kept->n_elim)
        return tech_cells_count(elim) < ctx->kept->n_elim;
    /* one digit: by cell is by key */
    for (; elim; elim &= elim - 1)
        key[n++] = (uint16_t)(tech_cells_lowest(elim) * 16 + d);
    return tech_index_sum(key, n) > ctx->kept->index_sum;
}

/* tech_found's collect mode: hands the step on, then empties it. */
int tech_collected(struct tech_ctx *ctx, struct human_step *step)
{
    if (ctx->collect(ctx, step))
        return 1;
    tech_step_reset(step);
    return 0;
}

uint32_t tech_memo_houses_since(const struct tech_ctx *ctx, int slot, int d)
{
    const struct tech_memo *m = tech_memo_of(ctx);
    if (!m || !m->failed[slot][d - 1])
        return (1u << TECH_HOUSES) - 1;
    uint32_t houses = 0;
    for (int h = 0; h < TECH_HOUSES; h++)
        houses |= m->house_changed[h] >= m->failed[slot][d - 1] ? 1u << h : 0;
    return houses;
}

tech_cells tech_memo_changed_since(const struct tech_ctx *ctx, uint16_t stamp)
{
    const struct tech_memo *m = tech_memo_of(ctx);
    if (!m || !stamp)
        return ~(tech_cells)0;
    tech_cells changed = 0;
    for (int v = stamp; v <= m->version; v++)
        changed |= m->changed[v];
    return changed;
}

tech_cells tech_memo_changed(const struct tech_ctx *ctx, int slot)
{
    const struct tech_memo *m = tech_memo_of(ctx);
    return tech_memo_changed_since(ctx, m ? m->whole[slot] : 0);
}


const struct tech_houses *tech_ctx_houses(struct tech_ctx *ctx)
{
    struct tech_memo *m = tech_memo_of(ctx);
    if (m)
        return &m->hv;
    if (!ctx->built.houses) {
        houses_build(ctx->st, &ctx->houses);
        ctx->built.houses = 1;
    }
    return &ctx->houses;
}

const tech_cells *tech_ctx_counts(struct tech_ctx *ctx)
{
    if (!ctx->built.counts) {
        /* a 4-bit counter per cell, bit-sliced: adds the nine digits' cell
         * sets (which hold empty cells only) */
        const struct tech_digits *dg = tech_ctx_digits(ctx);
        tech_cells b0 = 0, b1 = 0, b2 = 0, b3 = 0;
        for (int d = 0; d < 9; d++) {
            tech_cells x = dg->cells[d], c0 = b0 & x, c1, c2;
            b0 ^= x;
            c1 = b1 & c0;
            b1 ^= c0;
            c2 = b2 & c1;
            b2 ^= c1;
            b3 |= c2;
        }
        ctx->counts[0] = b0 | b1 | b2 | b3;
        for (int k = 1; k <= 9; k++)
            ctx->counts[k] = (k & 1 ? b0 : ~b0) & (k & 2 ? b1 : ~b1) &
                             (k & 4 ? b2 : ~b2) & (k & 8 ? b3 : ~b3);
        ctx->built.counts = 1;
    }
    return ctx->counts;
}

#define PEERS_ROW0 ((tech_cells)0x1FF)
#define PEERS_COL0 (((tech_cells)1 << 72) | (tech_cells)0x8040201008040201ull)
#define PEERS_BOX0 ((tech_cells)(0x7 | (0x7 << 9) | (0x7 << 18)))
#define PEERS(c) \
    ((PEERS_ROW0 << (9 * ((c) / 9)) | PEERS_COL0 << ((c) % 9) | \
      PEERS_BOX0 << (27 * ((c) / 27) + 3 * ((c) % 9 / 3))) & \
     ~((tech_cells)1 << (c)))
#define PEERS_ROW(r) \
    PEERS(9 * (r)), PEERS(9 * (r) + 1), PEERS(9 * (r) + 2), PEERS(9 * (r) + 3), \
        PEERS(9 * (r) + 4), PEERS(9 * (r) + 5), PEERS(9 * (r) + 6), \
        PEERS(9 * (r) + 7), PEERS(9 * (r) + 8)

#define HOUSE_ROW(r) (PEERS_ROW0 << (9 * (r)))
#define HOUSE_COL(c) (PEERS_COL0 << (c))
#define HOUSE_BOX(b) (PEERS_BOX0 << (27 * ((b) / 3) + 3 * ((b) % 3)))

const tech_cells tech_house_set[TECH_HOUSES] = {
    HOUSE_ROW(0), HOUSE_ROW(1), HOUSE_ROW(2), HOUSE_ROW(3), HOUSE_ROW(4),
    HOUSE_ROW(5), HOUSE_ROW(6), HOUSE_ROW(7), HOUSE_ROW(8), HOUSE_COL(0),
    HOUSE_COL(1), HOUSE_COL(2), HOUSE_COL(3), HOUSE_COL(4), HOUSE_COL(5),
    HOUSE_COL(6), HOUSE_COL(7), HOUSE_COL(8), HOUSE_BOX(0), HOUSE_BOX(1),
    HOUSE_BOX(2), HOUSE_BOX(3), HOUSE_BOX(4), HOUSE_BOX(5), HOUSE_BOX(6),
    HOUSE_BOX(7), HOUSE_BOX(8),
};

const tech_cells tech_peers_table[GRID_CELLS] = {
    PEERS_ROW(0), PEERS_ROW(1), PEERS_ROW(2), PEERS_ROW(3), PEERS_ROW(4),
    PEERS_ROW(5), PEERS_ROW(6), PEERS_ROW(7), PEERS_ROW(8),
};
