/*
 * solver: owns the brute-force search used to solve puzzles and to prove
 * uniqueness (count up to a limit).
 *
 * Representation: for each digit d and band b (three rows), a 27-bit mask
 * cand[d*3+b] of the cells where d may still go; bit r*9+c is row r of the
 * band, column c.  A placed digit keeps its bit and loses it everywhere
 * else, so a solved grid is nine masks of one cell per row, column and box.
 *
 *   band b:  row 0  bits  0..8    minirow (r,k) = bits r*9+3k .. r*9+3k+2
 *            row 1  bits  9..17
 *            row 2  bits 18..26
 *
 * Propagation per digit-band: a digit fills one minirow per row and per box
 * of a band (a permutation), which a table turns into the cells still
 * allowed (locked candidates and hidden singles in rows and boxes come out
 * of it); a row left with one cell places the digit there.  Across digits,
 * a cell left with one candidate is a naked single.  The search branches
 * on a cell with two candidates when there is one, else on the cell with
 * fewest, copying the 236-byte state per branch.
 */
#include "solver.h"
#include "bits.h"

#include <limits.h>
#include <string.h>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#include "solver_tables.h"

#define BAND_ALL 0x7ffffffu
#define ROW_ALL 0x1ffu

/* cand[27] and seen[27] are padding, both zero, so the arrays compare four
 * at a time. */
struct sstate {
    uint32_t cand[28]; /* [digit * 3 + band] */
    uint32_t seen[28]; /* cand[] as last examined: a difference = work */
    uint32_t unsolved[3];
};

struct search {
    int limit;
    int count;
    struct grid *solution;
    unsigned long nodes, max_nodes; /* max_nodes 0: no budget */
    int over_budget;
};


/* Places digit d on the cell at bit pos of band b: removes the digit from
 * the cell's row, box and column, and every other digit from the cell. */
static inline __attribute__((always_inline)) void assign(struct sstate *s, int d,
                                                         int b, int pos)
{
    uint32_t m = 1u << pos;
    int row = pos / 9, col = pos % 9;
    uint32_t peers = (ROW_ALL << (row * 9)) | (0x1c0e07u << ((col / 3) * 3));
    uint32_t col_mask = 0x40201u << col;
    uint32_t *c = s->cand;

    for (int e = 0; e < 9; e++)
        c[e * 3 + b] &= ~m;
    c[d * 3 + b] = (c[d * 3 + b] & ~peers) | m;
    c[d * 3 + (b + 1) % 3] &= ~col_mask;
    c[d * 3 + (b + 2) % 3] &= ~col_mask;
    s->unsolved[b] &= ~m;
}

/* Places digit d on every cell of cells (band b) at once, without a branch:
 * a loop over the cells, each taken or not at random, cost more in
 * mispredictions than the work (12-20% faster on the hard sets).  The
 * cells come from update_band(), which leaves them consistent: one per
 * row, and the table has already emptied the rest of their rows and boxes
 * for d, so d's own mask keeps as it is. */
static inline __attribute__((always_inline)) void
place_singles(struct sstate *s, int d, int b, uint32_t cells)
{
    uint32_t *c = s->cand;
    uint32_t own = c[d * 3 + b];
    uint32_t cols = (cells | cells >> 9 | cells >> 18) & ROW_ALL;
    uint32_t col_mask = cols | cols << 9 | cols << 18;

    for (int e = 0; e < 9; e++)
        c[e * 3 + b] &= ~cells;
    c[d * 3 + b] = own;
    c[d * 3 + (b + 1) % 3] &= ~col_mask;
    c[d * 3 + (b + 2) % 3] &= ~col_mask;
    s->unsolved[b] &= ~cells;
}

/* Re-examines one digit-band; returns 0 on a contradiction. */
static inline __attribute__((always_inline)) int update_band(struct sstate *s,
                                                             int i)
{
    uint32_t f = s->cand[i];
    unsigned occupied = solver_row_triads[f & ROW_ALL] |
                        (unsigned)solver_row_triads[(f >> 9) & ROW_ALL] << 3 |
                        (unsigned)solver_row_triads[f >> 18] << 6;
    f &= solver_band_allowed[occupied];
    if (f == 0)
        return 0;
    s->cand[i] = f;
    s->seen[i] = f;
    int d = i / 3, b = i % 3;
    /* Rows left with one cell place the digit there (rows are never empty
     * here: the table leaves a band with an empty row at zero). */
    uint32_t r0 = f & ROW_ALL, r1 = f & (ROW_ALL << 9), r2 = f & (ROW_ALL << 18);
    uint32_t singles = (r0 & (r0 - 1) ? 0 : r0) | (r1 & (r1 - 1) ? 0 : r1) |
                       (r2 & (r2 - 1) ? 0 : r2);
    place_singles(s, d, b, singles & s->unsolved[b]);
    return 1;
}

/* The band rule turned sideways: in each stack a digit takes one column per
 * band and one band per column.  one[b] holds the columns where d may go
 * in band b; columns no permutation can use are removed.  Returns 0 on a
 * contradiction. */
static inline __attribute__((always_inline)) int
stack_permutations(struct sstate *s, int d, uint32_t one[3])
{
    uint32_t keep[3] = {0, 0, 0};
    for (int k = 0; k < 3; k++) {
        int sh = 3 * k;
        unsigned occ = ((one[0] >> sh) & 7u) | ((one[1] >> sh) & 7u) << 3 |
                       ((one[2] >> sh) & 7u) << 6;
        unsigned ok = solver_perm_allowed[occ];
        if (ok == 0)
            return 0;
        for (int b = 0; b < 3; b++)
            keep[b] |= ((ok >> (3 * b)) & 7u) << sh;
    }
    for (int b = 0; b < 3; b++) {
        if (keep[b] == one[b])
            continue;
        one[b] = keep[b];
        s->cand[d * 3 + b] &= keep[b] | keep[b] << 9 | keep[b] << 18;
    }
    return 1;
}

/* Each column must hold digit d exactly once: fails when a column has no
 * cell left for d, and places d where a column has a single cell left (a
 * hidden single in a column, which the band tables cannot see). */
static inline __attribute__((always_inline)) int columns_of_digit(struct sstate *s,
                                                                  int d)
{
    uint32_t one[3], two[3];
    for (int b = 0; b < 3; b++) {
        uint32_t f = s->cand[d * 3 + b];
        uint32_t r0 = f & ROW_ALL, r1 = (f >> 9) & ROW_ALL, r2 = f >> 18;
        one[b] = r0 | r1 | r2;
        two[b] = (r0 & r1) | (r0 & r2) | (r1 & r2);
    }
    if ((one[0] | one[1] | one[2]) != ROW_ALL)
        return 0;
    if (!stack_permutations(s, d, one))
        return 0;
    uint32_t many = two[0] | two[1] | two[2] | (one[0] & one[1]) |
                    (one[0] & one[2]) | (one[1] & one[2]);
    /* Solved columns count as singles too, so test for new ones once for
     * the three bands: a test per band mispredicted often (6% faster). */
    uint32_t cells[3], any = 0;
    for (int b = 0; b < 3; b++) {
        uint32_t single = one[b] & ~many;
        cells[b] = s->cand[d * 3 + b] & (single | single << 9 | single << 18) &
                   s->unsolved[b];
        any |= cells[b];
    }
    if (any == 0)
        return 1;
    for (int b = 0; b < 3; b++) {
        for (uint32_t x = cells[b]; x; x &= x - 1) {
            int pos = bits_lowest(x);
            if (s->cand[d * 3 + b] & (1u << pos))
                assign(s, d, b, pos);
        }
    }
    return 1;
}

/* Places every naked single; returns -1 on a contradiction, else how many
 * were placed. */
static int naked_singles(struct sstate *s)
{
    int placed = 0;
    for (int b = 0; b < 3; b++) {
        uint32_t u = s->unsolved[b];
        if (u == 0)
            continue;
        uint32_t ones = 0, twos = 0;
        for (int d = 0; d < 9; d++) {
            uint32_t f = s->cand[d * 3 + b];
            twos |= ones & f;
            ones |= f;
        }
        if (u & ~ones)
            return -1;
        uint32_t singles = u & ~twos;
        if (singles == 0)
            continue;
        /* By digit rather than by cell: no search for each cell's digit.
         * A cell an earlier placement emptied is left for the next pass,
         * which fails on it. */
        for (int d = 0; d < 9; d++) {
            for (uint32_t x = s->cand[d * 3 + b] & singles; x; x &= x - 1) {
                int pos = bits_lowest(x);
                if (s->cand[d * 3 + b] & (1u << pos)) {
                    assign(s, d, b, pos);
                    placed++;
                }
            }
        }
    }
    return placed;
}

/* The digit-bands whose mask changed since last examined (bit i for
 * cand[i]).  Comparing all 27 at once and visiting only the changed ones
 * replaced a test per digit-band, whose unpredictable branches cost more
 * than the updates (8-9% faster on the hard sets). */
static inline uint32_t changed_bands(const struct sstate *s)
{
    uint32_t same = 0;
#if defined(__SSE2__)
    for (int k = 0; k < 7; k++) {
        __m128i c = _mm_loadu_si128((const __m128i *)&s->cand[4 * k]);
        __m128i e = _mm_loadu_si128((const __m128i *)&s->seen[4 * k]);
        __m128 eq = _mm_castsi128_ps(_mm_cmpeq_epi32(c, e));
        same |= (uint32_t)_mm_movemask_ps(eq) << (4 * k);
    }
#else
    for (int i = 0; i < 27; i++)
        same |= (uint32_t)(s->cand[i] == s->seen[i]) << i;
#endif
    return ~same & BAND_ALL;
}

/* Updates the changed digit-bands until none changes; returns 0 on a
 * contradiction.  digits collects the digits whose masks changed. */
static int sweep_bands(struct sstate *s, uint32_t *digits)
{
    for (;;) {
        uint32_t changed = changed_bands(s);
        if (changed == 0)
            return 1;
        for (; changed; changed &= changed - 1) {
            int i = bits_lowest(changed);
            if (!update_band(s, i))
                return 0;
            *digits |= 1u << (i / 3);
        }
    }
}

/* Runs columns_of_digit for each digit in digits.  A plain loop: the
 * switch with a constant digit per case it replaced cost an indirect jump,
 * mispredicted almost every time. */
static int columns_of_digits(struct sstate *s, uint32_t digits)
{
    for (; digits; digits &= digits - 1)
        if (!columns_of_digit(s, bits_lowest(digits)))
            return 0;
    return 1;
}

static int propagate(struct sstate *s)
{
    uint32_t digits = 0;
    for (;;) {
        if (!sweep_bands(s, &digits))
            return 0;
        int placed = naked_singles(s);
        if (placed < 0)
            return 0;
        if (placed > 0)
            continue;
        if (digits == 0)
            return 1;
        if (!columns_of_digits(s, digits))
            return 0;
        digits = 0;
    }
}

/* Population count without relying on the POPCNT instruction, which the
 * baseline x86-64 target lacks (the libgcc fallback is a call per use). */
static inline int bit_count(uint32_t x)
{
    x = x - ((x >> 1) & 0x55555555u);
    x = (x & 0x33333333u) + ((x >> 2) & 0x33333333u);
    x = (x + (x >> 4)) & 0x0f0f0f0fu;
    return (int)((x * 0x01010101u) >> 24);
}

/* How much a placement on the cell at pos of band b is likely to force,
 * from the unsolved cells around it.  Counting the unsolved peers ranked
 * well; weighting them by where they lie ranks better: the row outside the
 * box, the column outside the box, twice the four box cells off both lines,
 * less the cell's own minirow and minicolumn.  Tuned by node counts on
 * samples of magictour and forum_hardest, checked on other samples: 18-44%
 * fewer nodes than the plain count (12% on 17-clue puzzles).
 * As R + C + 2B - 4M - 4N, with R, C, B, M, N the unsolved cells of the
 * cell's row, column, box, minirow and minicolumn (constant terms dropped).
 * Column sums go sideways: each band adds bits 9 apart, at most 3 in each
 * 9-bit field; 0xe994 holds the bit counts of 0..7 in 2-bit fields. */
static int busy_peers(const struct sstate *s, int b, int pos)
{
    int row = pos / 9, col = pos % 9, k = col / 3;
    const uint32_t *u = s->unsolved;
    uint32_t col_mask = 0x40201u << col;
    uint32_t in_col = ((u[0] & col_mask) + (u[1] & col_mask) + (u[2] & col_mask)) >>
                      col;
    uint32_t column = (in_col + (in_col >> 9) + (in_col >> 18)) & 15u;
    uint32_t minicol = (u[b] >> col) & 0x40201u;
    minicol = (minicol + (minicol >> 9) + (minicol >> 18)) & 3u;
    uint32_t minirow = (0xe994u >> (2 * ((u[b] >> (row * 9 + k * 3)) & 7u))) & 3u;
    uint32_t box = 0x1c0e07u << (k * 3);
    /* row | box counts the minirow once, hence 3 rather than 4 below. */
    return bit_count(u[b] & ((ROW_ALL << (row * 9)) | box)) +
           bit_count(u[b] & box) + (int)column - 3 * (int)minirow -
           4 * (int)minicol;
}

/* The unsolved cell with fewest candidates (no cell has two), ties going
 * to the one busy_peers() ranks first: 5% fewer nodes on forum_hardest,
 * whose puzzles often start without a two-candidate cell. */
static void pick_fewest(const struct sstate *s, int *band, int *pos)
{
    int best = INT_MAX;
    for (int b = 0; b < 3; b++) {
        for (uint32_t x = s->unsolved[b]; x; x &= x - 1) {
            int p = bits_lowest(x), n = 0;
            for (int d = 0; d < 9; d++)
                n += (int)((s->cand[d * 3 + b] >> p) & 1u);
            n = n * 64 - busy_peers(s, b, p);
            if (n < best) {
                best = n;
                *band = b;
                *pos = p;
            }
        }
    }
}

/* Chooses the cell to branch on: a cell with two candidates when there is
 * one, the one busy_peers() ranks first (its branches propagate furthest);
 * else the cell with fewest candidates. */
static void pick_cell(const struct sstate *s, int *band, int *pos)
{
    int best = INT_MIN;
    for (int b = 0; b < 3; b++) {
        uint32_t u = s->unsolved[b];
        if (u == 0)
            continue;
        uint32_t ones = 0, twos = 0, threes = 0;
        for (int d = 0; d < 9; d++) {
            uint32_t f = s->cand[d * 3 + b];
            threes |= twos & f;
            twos |= ones & f;
            ones |= f;
        }
        for (uint32_t x = u & twos & ~threes; x; x &= x - 1) {
            int p = bits_lowest(x), score = busy_peers(s, b, p);
            if (score > best) {
                best = score;
                *band = b;
                *pos = p;
            }
        }
    }
    if (best == INT_MIN)
        pick_fewest(s, band, pos);
}

static void record_solution(const struct sstate *s, struct grid *out)
{
    for (int d = 0; d < 9; d++)
        for (int b = 0; b < 3; b++)
            for (uint32_t x = s->cand[d * 3 + b]; x; x &= x - 1) {
                int p = bits_lowest(x);
                out->cell[b * 27 + p] = (uint8_t)(d + 1);
            }
}

static void search(struct search *ctx, struct sstate *s)
{
    if (ctx->max_nodes != 0 && ++ctx->nodes > ctx->max_nodes) {
        ctx->over_budget = 1;
        return;
    }
    if (!propagate(s))
        return;
    if ((s->unsolved[0] | s->unsolved[1] | s->unsolved[2]) == 0) {
        if (ctx->count == 0 && ctx->solution)
            record_solution(s, ctx->solution);
        ctx->count++;
        return;
    }
    int b = 0, pos = 0;
    pick_cell(s, &b, &pos);
    uint32_t digits = 0;
    for (int d = 0; d < 9; d++)
        if (s->cand[d * 3 + b] & (1u << pos))
            digits |= 1u << d;
    while (digits) {
        int d = bits_lowest(digits);
        digits &= digits - 1;
        if (digits == 0) {
            /* The last branch may reuse this frame's state. */
            assign(s, d, b, pos);
            search(ctx, s);
            return;
        }
        struct sstate t = *s;
        assign(&t, d, b, pos);
        search(ctx, &t);
        if (ctx->count >= ctx->limit || ctx->over_budget)
            return;
    }
}

/* Loads the givens; returns 0 when two givens contradict each other. */
static int load(struct sstate *s, const struct grid *g)
{
    for (int i = 0; i < 27; i++)
        s->cand[i] = BAND_ALL;
    s->cand[27] = 0;
    for (int b = 0; b < 3; b++)
        s->unsolved[b] = BAND_ALL;
    memset(s->seen, 0, sizeof s->seen);
    for (int cell = 0; cell < GRID_CELLS; cell++) {
        int v = g->cell[cell];
        if (v == 0)
            continue;
        if (v > 9)
            return 0;
        int b = cell / 27, pos = cell % 27, d = v - 1;
        if (!(s->cand[d * 3 + b] & (1u << pos)))
            return 0;
        assign(s, d, b, pos);
    }
    return 1;
}

int solver_count_budget(const struct grid *puzzle, int limit,
                        unsigned long max_nodes, struct grid *solution)
{
    struct sstate s;
    struct search ctx = {limit < 1 ? 1 : limit, 0, solution, 0, max_nodes, 0};
    if (!load(&s, puzzle))
        return 0;
    search(&ctx, &s);
    if (ctx.over_budget)
        return SOLVER_OVER_BUDGET;
    return ctx.count < ctx.limit ? ctx.count : ctx.limit;
}

int solver_count(const struct grid *puzzle, int limit, struct grid *solution)
{
    return solver_count_budget(puzzle, limit, 0, solution);
}

int solver_solve(const struct grid *puzzle, struct grid *solution)
{
    return solver_count(puzzle, 1, solution);
}
