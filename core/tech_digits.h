/*
 * tech_digits: where every digit can go in every house, all at once, for
 * the techniques that follow one digit across many houses (fish, single
 * digit patterns, colouring).  Internal to core/.
 */
#ifndef SUDOKU_TECH_DIGITS_H
#define SUDOKU_TECH_DIGITS_H

#include "tech.h"

#include <string.h>

/* A set of cells, bit i for cell i (a compiler extension that GCC and
 * Clang both have: one register pair instead of loops over 81 cells). */
__extension__ typedef unsigned __int128 tech_cells;

static inline tech_cells tech_cell_bit(int cell)
{
    return (tech_cells)1 << cell;
}

/* The cells that see each cell (its row, column and box, itself
 * excepted): a constant table, as the techniques ask for peers in their
 * inner loops. */
extern const tech_cells tech_peers_table[GRID_CELLS];

static inline tech_cells tech_peers(int cell)
{
    return tech_peers_table[cell];
}

/* The cells of each house (tech.h numbering). */
extern const tech_cells tech_house_set[TECH_HOUSES];

/* The houses of each cell (bit h for house h): two different cells see
 * each other when they share one. */
extern const uint32_t tech_cell_houses[GRID_CELLS];

/* Lowest cell of a non-empty set. */
static inline int tech_cells_lowest(tech_cells s)
{
    uint64_t lo = (uint64_t)s;
    return lo ? __builtin_ctzll(lo) : 64 + __builtin_ctzll((uint64_t)(s >> 64));
}

struct tech_digits {
    /* pos[d-1][house]: bit i set when position i of the house (tech.h
     * order) still has candidate d. */
    uint16_t pos[9][TECH_HOUSES];
    tech_cells cells[9];   /* [d-1]: the cells with candidate d */
};

void tech_digits_build(const struct human_state *st, struct tech_digits *dg);

/*
 * The 54 segments (three cells where a line meets a box), summarised
 * once per search so that the intersection techniques test each box or
 * line with a few mask operations and build a step only where it
 * succeeds.  [0][r][k]: row r in box column k; [1][c][k]: column c in
 * box row k.  cand: digits of the segment's empty cells; twice: digits in
 * two or more of them.
 */
struct tech_segs {
    unsigned cand[2][9][3], twice[2][9][3];
};

void tech_segs_build(const struct human_state *st, struct tech_segs *sg);

/*
 * The grid house by house: cand[h][i] the candidates of the house's cell
 * i (tech.h order; 0 when it holds a digit), placed[h] the digits placed
 * in it.
 */
struct tech_houses {
    uint16_t cand[TECH_HOUSES][9];
    uint16_t placed[TECH_HOUSES];
};

/* One house as its subsets see it (tech_subsets.c): digits[k - 2] the
 * digits not placed that 2 to k cells hold (k = 2, 3, 4); paired the
 * number of its cells with candidates when they pair off with the digits
 * they hold (as many of each, none placed, every cell with two or more
 * digits and every digit in two or more cells), else 0. */
struct tech_house_hidden {
    uint16_t digits[3];
    uint8_t paired;
};

/* The base lines of one digit's fish (tech_basic_fish.c): rows (cols 0)
 * or columns (cols 1), bit l for line l, holding the digit in 2 to n
 * places (upto[cols][n - 2], n = 2, 3, 4: [0] exactly two) and in two or
 * more (some).  lines: the number of rows holding the digit when as many
 * columns do and no line holds it in one place only, else 0. */
struct tech_fish_lines {
    uint16_t upto[2][3], some[2];
    uint8_t lines;
};

/*
 * The strong links of every candidate (node cell * 9 + digit - 1), for
 * the chains: conjugate pairs of the houses in house order, then the
 * bivalue cell's other digit (flagged TECH_LINK_IN_CELL).  kinds: 1 when
 * the node has a house link, 2 a cell link.
 */
#define TECH_NODES 729
#define TECH_LINK_IN_CELL 0x8000u

struct tech_links {
    uint8_t n_strong[TECH_NODES];
    uint8_t kinds[TECH_NODES];
    uint16_t linked[GRID_CELLS];  /* digits with a strong link, per cell */
    uint16_t strong[TECH_NODES][4];
    tech_cells bivalue;          /* cells with two candidates */
    tech_cells house_strong[9];  /* [d-1]: cells whose d has a house link */
};

/*
 * The rectangles the uniqueness techniques look at (tech_uniqueness.c):
 * four empty cells on two rows, two columns and two boxes, all holding
 * the two digits of pair, one corner holding only those; each once, in
 * the order the scan by that corner first meets it.  More than
 * TECH_RECTS_MAX: overflow, and the techniques scan the grid themselves.
 */
#define TECH_RECTS_MAX 128

struct tech_rect {
    uint8_t cell[4];     /* top-left, top-right, bottom-left, bottom-right */
    unsigned pair;       /* x and y */
};

struct tech_rects {
    int n, overflow;
    struct tech_rect rect[TECH_RECTS_MAX];
};

/*
 * What the solving loop (human_solve) remembers between searches so that
 * a technique can skip the parts of the grid where it found nothing last
 * time and nothing changed since.  A technique whose search is a loop
 * over independent units (houses, or digits) in a fixed order, each unit
 * reading only its own cells, stamps each unit it searched in vain; the
 * loop records, at every step it applies, the houses and digits the step
 * changes.  A unit stamped after its last change would find nothing
 * again: skipping it leaves the first step found unchanged.
 *
 * Versions count the steps applied; stamps are version + 1 (0: never
 * searched).
 *
 * Techniques that look at the whole grid use that candidates only ever
 * go within a solve: a pattern whose cells (every cell whose candidates
 * the pattern's test reads) did not change since a search found nothing
 * was there then, with the same candidates, and removed nothing; what it
 * would remove now is a part of that.  So after a search found nothing
 * (stamped per technique, slot whole), only patterns with a changed cell
 * can remove something: tech_memo_changed gives those cells.
 */
enum tech_memo_slot {
    TECH_MEMO_NAKED_2, TECH_MEMO_NAKED_3, TECH_MEMO_NAKED_4,
    TECH_MEMO_HIDDEN_2, TECH_MEMO_HIDDEN_3, TECH_MEMO_HIDDEN_4,
    /* by digit (memo_by_digit: FISH_2 to X_CHAIN, in one run) */
    TECH_MEMO_FISH_2, TECH_MEMO_FISH_3, TECH_MEMO_FISH_4,
    TECH_MEMO_FINNED_X, TECH_MEMO_SASHIMI_X,
    TECH_MEMO_SKYSCRAPER, TECH_MEMO_KITE, TECH_MEMO_TURBOT,
    TECH_MEMO_EMPTY_RECTANGLE,
    TECH_MEMO_COLOUR_TRAP, TECH_MEMO_COLOUR_WRAP, TECH_MEMO_MULTI_1,
    TECH_MEMO_MULTI_2, TECH_MEMO_FINNED_3, TECH_MEMO_FINNED_4,
    TECH_MEMO_X_CHAIN,
    /* whole grid */
    TECH_MEMO_XY_WING, TECH_MEMO_XYZ_WING, TECH_MEMO_WXYZ_WING,
    TECH_MEMO_VWXYZ_WING, TECH_MEMO_XY_CHAIN, TECH_MEMO_ALS_XZ,
    TECH_MEMO_W_WING, TECH_MEMO_REMOTE_PAIR,
    /* by house, read alone: candidates only go (see above) */
    TECH_MEMO_POINTING, TECH_MEMO_CLAIMING, TECH_MEMO_LOCKED_2,
    TECH_MEMO_LOCKED_3,
    TECH_MEMO_SLOTS
};

/* The sets of n cells holding n + 1 digits of one house, each cell
 * holding 2 to n + 1 digits, in the order of their positions (the WXYZ-
 * and VWXYZ-Wing search, tech_als_wings.c): position masks and digits. */
#define TECH_WING_SETS 40

struct tech_wing_sets {
    uint16_t stamp;              /* memo: valid while the house is unchanged */
    uint8_t m, overflow;         /* cells that fit; more sets than kept */
    uint16_t all;                /* their digits */
    uint16_t n_sets;
    uint16_t used;               /* positions in some set (all: overflow) */
    uint16_t fit;                /* positions of the cells that fit */
    uint16_t pos[TECH_WING_SETS + 1], uni[TECH_WING_SETS + 1];   /* and one
                                    to write past the end, unkept */
};

#define TECH_MEMO_VERSIONS (HUMAN_PATH_MAX + 1)
#define TECH_MEMO_NEVER 0xFFFFu

/*
 * The changes are found when a technique first asks, by comparing the
 * grid with the copy taken then (a solve that only ever needs singles
 * never compares): every change since is dated to the version of that
 * comparison, which is later than any stamp given before it.
 */
struct tech_memo {
    uint16_t version;
    uint16_t synced;                       /* version of the copy, or NEVER */
    uint16_t cand[GRID_CELLS];             /* the copy */
    uint8_t value[GRID_CELLS];
    tech_cells changed[TECH_MEMO_VERSIONS];   /* [v]: found at version v */
    uint16_t house_changed[TECH_HOUSES];   /* version of the last change */
    /* per slot searched by house (bit h) or by digit (bit d - 1): the
     * units changed since the slot last searched them in vain */
    uint32_t dirty[TECH_MEMO_SLOTS];
    /* [slot][d-1], slots searched by digit: the version after the last
     * search of d in vain (tech_memo_houses_since), 0 before any */
    uint16_t failed[TECH_MEMO_SLOTS][9];
    uint16_t whole[TECH_MEMO_SLOTS];       /* the whole search: stamp */
    struct tech_wing_sets wing[2][TECH_HOUSES];   /* [n - 3][h] */
    /* the grid's per-digit positions and houses, kept up to date by each
     * comparison (a few cells change between two) */
    struct tech_digits dg;
    struct tech_houses hv;
};

/* A fresh memo (nothing searched yet). */
void tech_memo_init(struct tech_memo *memo);

/* A step was applied. */
static inline void tech_memo_step(struct tech_memo *memo)
{
    memo->version++;
}

/* Finds what changed since the last comparison (st: the grid now). */
void tech_memo_compare(struct tech_memo *memo, const struct human_state *st);

static inline struct tech_memo *tech_memo_of(const struct tech_ctx *ctx);

/*
 * The first single-digit pattern of each kind (Skyscraper, 2-String Kite,
 * Turbot Fish: tech_single_digit.c) of each digit, found by one pass over
 * the digit's pairs of strong links for the rows of one search: [kind]
 * digits known (bit d-1), those with one, and the pattern (its two links'
 * houses, its four cells).
 */
struct tech_sdp {
    uint16_t known[3], found[3];
    struct { uint8_t house[2], chain[4]; } first[3][9];
};

/*
 * Which digits have a pattern of each colouring row (trap, wrap, multi 1,
 * multi 2: tech_colouring.c), found by one look at the digit's clusters
 * for the rows of one search: [row] digits known (bit d-1), those with one.
 */
struct tech_colour {
    uint16_t known[4], found[4];
};

/*
 * The context of one search (human_find_step): the state and what is
 * derived from it, built on first use.  It lives on the caller's stack
 * for one search, so it cannot go stale; public find functions make their
 * own.  memo is the solving loop's (NULL outside it).
 */
struct tech_ctx {
    const struct human_state *st;
    struct tech_memo *memo;
    int have_digits, have_segs, have_links, have_rects, have_counts, have_houses;
    uint32_t have_hidden;        /* bit h: hidden[h] built */
    uint32_t have_fish;          /* bit d - 1: fish[d - 1] built */
    struct tech_houses houses;
    struct tech_house_hidden hidden[TECH_HOUSES];
    struct tech_fish_lines fish[9];
    tech_cells counts[10];       /* [k]: empty cells with k candidates, k > 0;
                                    [0]: those with any */
    struct tech_digits dg;
    struct tech_segs segs;
    struct tech_links links;
    struct tech_rects rects;
    struct tech_sdp sdp;
    struct tech_colour colour;
};

/* The memo of ctx brought up to date, or NULL. */
static inline struct tech_memo *tech_memo_of(const struct tech_ctx *ctx)
{
    struct tech_memo *m = ctx->memo;
    if (m && m->synced != m->version)
        tech_memo_compare(m, ctx->st);
    return m;
}

static inline void tech_ctx_init(struct tech_ctx *ctx, const struct human_state *st)
{
    ctx->st = st;
    ctx->memo = NULL;
    ctx->have_digits = 0;
    ctx->have_segs = 0;
    ctx->have_links = 0;
    ctx->have_rects = 0;
    ctx->have_counts = 0;
    memset(ctx->sdp.known, 0, sizeof ctx->sdp.known);
    memset(ctx->sdp.found, 0, sizeof ctx->sdp.found);
    memset(&ctx->colour, 0, sizeof ctx->colour);
    ctx->have_houses = 0;
    ctx->have_hidden = 0;
    ctx->have_fish = 0;
}

/* The houses of ctx->st (built on the first call). */
const struct tech_houses *tech_ctx_houses(struct tech_ctx *ctx);

/* The empty cells of ctx->st by number of candidates, 1 to 9 ([2]: the
 * bivalue cells; [0]: every empty cell with a candidate), built on the
 * first call. */
const tech_cells *tech_ctx_counts(struct tech_ctx *ctx);

/* The technique of slot (searched by house) searched house h in vain
 * (after looking at the grid as it is now: the memo is brought up to
 * date first). */
static inline void tech_memo_house_failed(struct tech_ctx *ctx, int slot, int h)
{
    struct tech_memo *m = tech_memo_of(ctx);
    if (m)
        m->dirty[slot] &= ~(1u << h);
}

/* The houses (bit h) of a slot searched by house, or the digits (bit
 * d - 1) of one searched by digit, changed since the slot last searched
 * them in vain: all of them without a memo. */
static inline uint32_t tech_memo_dirty(const struct tech_ctx *ctx, int slot)
{
    const struct tech_memo *m = tech_memo_of(ctx);
    return m ? m->dirty[slot] : ~0u;
}

/* The cells changed since the technique of slot last found nothing on
 * the whole grid; every cell when it has no such record (or no memo). */
tech_cells tech_memo_changed(const struct tech_ctx *ctx, int slot);

/* The technique of slot found nothing on the whole grid. */
static inline void tech_memo_whole_failed(struct tech_ctx *ctx, int slot)
{
    if (ctx->memo)
        ctx->memo->whole[slot] = (uint16_t)(ctx->memo->version + 1);
}

/* 1 when the technique of slot (searched by digit) searched digit d in
 * vain since d last changed (where it can be or is placed). */
static inline int tech_memo_digit_clean(const struct tech_ctx *ctx, int slot, int d)
{
    return !((tech_memo_dirty(ctx, slot) >> (d - 1)) & 1);
}

/* The houses (bit h) changed since the technique of slot last searched
 * digit d in vain; every house when it never did (or without a memo). */
uint32_t tech_memo_houses_since(const struct tech_ctx *ctx, int slot, int d);

static inline void tech_memo_digit_failed(struct tech_ctx *ctx, int slot, int d)
{
    struct tech_memo *m = tech_memo_of(ctx);
    if (m) {
        m->failed[slot][d - 1] = (uint16_t)(m->version + 1);
        m->dirty[slot] &= ~(1u << (d - 1));
    }
}

/* The per-digit positions of ctx->st (built on the first call). */
const struct tech_digits *tech_ctx_digits(struct tech_ctx *ctx);

/* The strong links of ctx->st (built on the first call; tech_chains.c). */
const struct tech_links *tech_ctx_links(struct tech_ctx *ctx);

/* The rectangles of ctx->st (built on the first call; tech_uniqueness.c). */
const struct tech_rects *tech_ctx_rects(struct tech_ctx *ctx);

/* The segments of ctx->st (built on the first call). */
const struct tech_segs *tech_ctx_segs(struct tech_ctx *ctx);

/* Position of cell inside its box (0..8, reading order). */
static inline int tech_box_pos(int cell)
{
    return (tech_row_of(cell) % 3) * 3 + tech_col_of(cell) % 3;
}

/* 1 when cell still has candidate digit. */
static inline int tech_has(const struct human_state *st, int cell, int digit)
{
    return !st->value[cell] && (st->cand[cell] & tech_bit(digit)) != 0;
}

/* The cell at position i of a row (line 0..8) or a column (9..17) when
 * the lines are seen as rows (cols == 0) or columns (cols == 1). */
static inline int tech_line_cell(int cols, int line, int i)
{
    return cols ? i * 9 + line : line * 9 + i;
}

#endif
