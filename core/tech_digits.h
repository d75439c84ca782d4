/*
 * tech_digits: the search context (struct tech_ctx) and what it builds
 * for every family - where every digit can go in every house, all at
 * once, the houses, the cells by candidate count - and the solving
 * loop's memo.  What one family caches is declared in its own header
 * (tech_<family>.h), included here.  Internal to core/.
 */
#ifndef SUDOKU_TECH_DIGITS_H
#define SUDOKU_TECH_DIGITS_H

#include "tech.h"
/* what each family keeps in the context, beside the family */
#include "tech_als.h"
#include "tech_als_wings.h"
#include "tech_basic_fish.h"
#include "tech_chains.h"
#include "tech_colouring.h"
#include "tech_intersections.h"
#include "tech_single_digit.h"
#include "tech_subsets.h"
#include "tech_uniqueness.h"

#include <string.h>

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
    return bits_lowest128(s);
}

/* The cells of a set, counted. */
static inline int tech_cells_count(tech_cells s)
{
    return __builtin_popcountll((uint64_t)s) + __builtin_popcountll((uint64_t)(s >> 64));
}

struct tech_digits {
    /* pos[d-1][house]: bit i set when position i of the house (tech.h
     * order) still has candidate d. */
    uint16_t pos[9][TECH_HOUSES];
    tech_cells cells[9]; /* [d-1]: the cells with candidate d */
};

void tech_digits_build(const struct human_state *st, struct tech_digits *dg);

/*
 * The grid house by house: cand[h][i] the candidates of the house's cell
 * i (tech.h order; 0 when it holds a digit), placed[h] the digits placed
 * in it, and by digit: placed_at[d-1] bit h when d is placed in house h;
 * possible[d-1][0][r] the columns of row r where d is possible by the
 * placed digits (not placed in the row, the column or the box; filled
 * cells too), [1][c] the rows of column c (the uniqueness family's
 * rectangle corners, kept here as they change only when a digit is
 * placed).
 */
struct tech_houses {
    uint16_t cand[TECH_HOUSES][9];
    uint16_t placed[TECH_HOUSES];
    uint32_t placed_at[9];
    uint16_t possible[9][2][9];
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
 *
 * A slot belongs to one row of tech_table[], whose memo_key column says
 * how it is keyed (by house, by digit, whole grid): the comparison marks
 * the slot's houses or digits changed accordingly.  The technique names
 * its slot (and may read the slots of the rows after it in its family
 * that share its search).
 */
enum tech_memo_slot {
    TECH_MEMO_NAKED_2,
    TECH_MEMO_NAKED_3,
    TECH_MEMO_NAKED_4,
    TECH_MEMO_HIDDEN_2,
    TECH_MEMO_HIDDEN_3,
    TECH_MEMO_HIDDEN_4,
    TECH_MEMO_FISH_2,
    TECH_MEMO_FISH_3,
    TECH_MEMO_FISH_4,
    TECH_MEMO_FINNED_X,
    TECH_MEMO_SASHIMI_X,
    TECH_MEMO_SKYSCRAPER,
    TECH_MEMO_KITE,
    TECH_MEMO_TURBOT,
    TECH_MEMO_EMPTY_RECTANGLE,
    TECH_MEMO_COLOUR_TRAP,
    TECH_MEMO_COLOUR_WRAP,
    TECH_MEMO_MULTI_1,
    TECH_MEMO_MULTI_2,
    TECH_MEMO_FINNED_3,
    TECH_MEMO_FINNED_4,
    TECH_MEMO_X_CHAIN,
    TECH_MEMO_XY_WING,
    TECH_MEMO_XYZ_WING,
    TECH_MEMO_WXYZ_WING,
    TECH_MEMO_VWXYZ_WING,
    TECH_MEMO_XY_CHAIN,
    TECH_MEMO_ALS_XZ,
    TECH_MEMO_W_WING,
    TECH_MEMO_REMOTE_PAIR,
    TECH_MEMO_POINTING,
    TECH_MEMO_CLAIMING,
    TECH_MEMO_LOCKED_2,
    TECH_MEMO_LOCKED_3,
    TECH_MEMO_DIRECT_HIDDEN_2, /* SE's direct hidden pair, triple */
    TECH_MEMO_DIRECT_HIDDEN_3,
    TECH_MEMO_FRANKEN_2, /* Franken, Mutant fish (tech_franken_fish.c) */
    TECH_MEMO_FRANKEN_3,
    TECH_MEMO_FRANKEN_4,
    TECH_MEMO_FINNED_FRANKEN_2,
    TECH_MEMO_FINNED_FRANKEN_3,
    TECH_MEMO_FINNED_FRANKEN_4,
    TECH_MEMO_MUTANT_2,
    TECH_MEMO_MUTANT_3,
    TECH_MEMO_MUTANT_4,
    TECH_MEMO_FINNED_MUTANT_2,
    TECH_MEMO_SLOTS
};

#define TECH_MEMO_VERSIONS (HUMAN_PATH_MAX + 1)
#define TECH_MEMO_NEVER 0xFFFFu
/* room for one struct sc_hint (tech_se_chaining.h; tech_se_chains.c
 * checks that it fits) */
#define TECH_SE_X_HINT_BYTES 544
/* the components of bivalue cells whose Y-cycles the memo keeps */
#define TECH_SE_Y_COMPS 12

/*
 * The changes are found when a technique first asks, by comparing the
 * grid with the copy taken then (a solve that only ever needs singles
 * never compares): every change since is dated to the version of that
 * comparison, which is later than any stamp given before it.
 */
struct tech_memo {
    uint16_t version;
    uint16_t synced;           /* version of the copy, or NEVER */
    uint16_t cand[GRID_CELLS]; /* the copy */
    uint8_t value[GRID_CELLS];
    tech_cells changed[TECH_MEMO_VERSIONS]; /* [v]: found at version v */
    uint16_t house_changed[TECH_HOUSES];    /* version of the last change */
    /* per slot searched by house (bit h) or by digit (bit d - 1): the
     * units changed since the slot last searched them in vain */
    uint32_t dirty[TECH_MEMO_SLOTS];
    /* [s]: all ones when slot s is keyed by digit (its row's memo_key
     * column), else 0; read from the table once per solve */
    uint32_t by_digit[TECH_MEMO_SLOTS];
    /* [slot][d-1], slots searched by digit: the version after the last
     * search of d in vain (tech_memo_houses_since), 0 before any */
    uint16_t failed[TECH_MEMO_SLOTS][9];
    uint16_t whole[TECH_MEMO_SLOTS];            /* the whole search: stamp */
    struct tech_wing_sets wing[2][TECH_HOUSES]; /* [n - 3][h] */
    /* Sue de Coq's whole-grid stamp, kept as whole[] keeps a slot's (its
     * own record, as the wings keep their sets: tech_sue_de_coq.c) */
    uint16_t sue_de_coq;
    /* the aligned exclusions' whole-grid stamps, [degree - 2], kept the
     * same way (tech_aligned.c) */
    uint16_t aligned[2];
    /* SE's unique loops (tech_se_unique.c), per digit pair [x - 1][y - 1]
     * (x < y): the stamp of the last walk of the pair that offered
     * nothing (0: none since it last did), and the cells that walk read */
    uint16_t se_loop_stamp[9][9];
    tech_cells se_loop_area[9][9];
    /* [x - 1]: bit y when no loop of x and y can be made any more: ul_core
     * found none, and the cells holding both, like those holding three
     * candidates or more, only ever go */
    uint16_t se_loop_dead[9];
    /* the grid's per-digit positions and houses, kept up to date by each
     * comparison (a few cells change between two) */
    struct tech_digits dg;
    struct tech_houses hv;
    /* SE's direct pointing [0] and claiming [1] (tech_direct.c): each
     * digit's cells when the last search found nothing (direct_seen[k]
     * meaningful when direct_valid bit k is set): each band and stack of
     * a digit whose cells are still those holds no instance */
    tech_cells direct_seen[2][9];
    unsigned direct_valid;
    /* finned Swordfish [0] and Jellyfish [1] (tech_finned_fish.c): each
     * digit's cells when the last search of the digit found nothing
     * (finned_seen[k][d - 1] meaningful when finned_valid[k] bit d - 1 is
     * set): a base set whose lines still hold those cells holds no fish */
    tech_cells finned_seen[2][9];
    unsigned finned_valid[2];
    /* Franken and Mutant fish (tech_franken_fish.c), per slot [s -
     * TECH_MEMO_FRANKEN_2], kept the same way */
    tech_cells franken_seen[TECH_MEMO_SLOTS - TECH_MEMO_FRANKEN_2][9];
    unsigned franken_valid[TECH_MEMO_SLOTS - TECH_MEMO_FRANKEN_2];
    /* SE's chain records come last, from se_x_cells on: tech_memo_fork
     * leaves them out, marking each empty (se_x_valid, se_y_n,
     * se_nishio_valid) */
    /* SE's forcing chains with x-links only (tech_se_chains.c), per
     * digit d - 1, meaningful when se_x_valid bit d - 1 is set: the
     * digit's cells and those of them with another candidate when its
     * own best hint of that setting was last worked out, whether it had
     * one (se_x_have bit d - 1) and that hint (the bytes of a struct
     * sc_hint, which this header cannot name) */
    tech_cells se_x_cells[9], se_x_multi[9];
    unsigned se_x_valid, se_x_have;
    unsigned char se_x_hint[9][TECH_SE_X_HINT_BYTES];
    /* ---- SE's forcing chains and cycles, Y-links (tech_se_chains.c) ----
     * per component of the bivalue cells (joined when two share a house
     * and a digit) of two cells or more, se_y_n of them, the first
     * TECH_SE_Y_COMPS when there are more: the component's cells of each
     * digit (key), every digit's cells (seen) when its own best Y-cycle
     * was last worked out, whether it had one (have) and that hint (the
     * bytes of a struct sc_hint) */
    struct tech_se_y_comp {
        tech_cells key[9], seen[9];
        int have;
        unsigned char hint[TECH_SE_X_HINT_BYTES];
    } se_y[TECH_SE_Y_COMPS];
    int se_y_n;
    /* SE's dynamic chainings (tech_se_multiple.c): Nishio's test of
     * whether a chaining of digit d can meet a contradiction reads only
     * the digit's cells, so its answers hold while those stay: per digit
     * d - 1, meaningful when se_nishio_valid bit d - 1 is set, the
     * digit's cells when they were found, and [on][d - 1] the cells
     * found unable to meet one (none) and able to (may) */
    tech_cells se_nishio_cells[9];
    tech_cells se_nishio_none[2][9], se_nishio_may[2][9];
    unsigned se_nishio_valid;
};

/* A fresh memo (nothing searched yet). */
void tech_memo_init(struct tech_memo *memo);

/*
 * A memo for a second solve that goes on from the grid the solve of from
 * has now (from's grid, then steps of its own: candidates still only go),
 * into to: from's records hold for it as they hold for from's solve, as
 * the grid from compared last is one the second solve's grid comes from.
 * A step is counted, so the next search compares the grid with that copy
 * and finds every change since, the second solve's steps included.
 */
void tech_memo_fork(struct tech_memo *to, const struct tech_memo *from);

/* A step was applied. */
static inline void tech_memo_step(struct tech_memo *memo)
{
    memo->version++;
}

/* The stamp a search of the grid as it is now leaves (version + 1): a
 * unit stamped so is later than every change found up to now, and 0
 * still means never searched. */
static inline uint16_t tech_memo_stamp(const struct tech_memo *memo)
{
    return (uint16_t)(memo->version + 1);
}

/* Finds what changed since the last comparison (st: the grid now). */
void tech_memo_compare(struct tech_memo *memo, const struct human_state *st);

static inline struct tech_memo *tech_memo_of(const struct tech_ctx *ctx);

/*
 * What one search built so far: each cache of struct tech_ctx is valid
 * only where this says so.  tech_ctx_init clears this member alone, so a
 * new cache adds its flag (or its small "known" record) here and nothing
 * to the initialisation.
 */
struct tech_built {
    uint8_t digits, segs, links, rects, counts, houses;
    uint32_t hidden;       /* bit h: hidden[h] built */
    uint32_t fish;         /* bit d - 1: fish[d - 1] built */
    uint16_t sdp_known[3]; /* [kind]: digits whose sdp is known */
    struct tech_colour colour;
};

struct tech_ctx;

/* Collect mode's receiver of each step found (human_all_steps); returns
 * non-zero to stop the search there. */
typedef int tech_collect_fn(struct tech_ctx *ctx, struct human_step *step);

/*
 * What a collect search's receiver keeps so far when it takes the one
 * instance HoDoKu's step comparison puts first (human.c's find_chosen:
 * more eliminations first, then its weighted index sum of them, then
 * fewer causes, then the first found).  An instance with fewer
 * eliminations than the kept step can never be taken, whatever comes
 * after it, nor one with as many and a larger index sum, so a search
 * told of it (tech_ctx's kept) may leave out what can only give such
 * instances (tech_kept_beats, tech_kept_beats_set); a search that
 * ignores it stays correct.
 */
struct tech_kept {
    int have;       /* 0: nothing kept yet */
    int n_elim;     /* the kept step's eliminations */
    long index_sum; /* their weighted index sum (tech_index_sum) */
};

/*
 * The context of one search (human_find_step): the state and what is
 * derived from it, built on first use.  It lives on the caller's stack
 * for one search, so it cannot go stale.  memo is the solving loop's
 * (NULL outside it).  plain: the reference path (HUMAN_PLAIN): no memo,
 * and every row starts from nothing built (tech_ctx_row), so each
 * technique searches from the state alone.  collect: collect mode, on
 * the plain path (tech_found).
 */
struct tech_ctx {
    const struct human_state *st;
    struct tech_memo *memo;
    int plain;
    int row;                  /* plain path: the table row searched */
    tech_collect_fn *collect; /* NULL: normal mode */
    void *collect_arg;
    /* normal mode: the first instance alone, never joined with a second
     * (dual 2-String Kite, dual Empty Rectangle, Siamese fish), as HoDoKu's
     * default solver takes them (tech_find_order sets it) */
    int alone;
    /* normal mode: any instance will do, not only the one the search
     * would take (tech_find_order sets it for a row that chooses among
     * its instances: the first search only tells whether the row
     * applies, and its step is replaced by the collect search's choice),
     * so a search may stop at the first instance it meets; one that
     * ignores it stays correct */
    int any;
    /* collect mode: the receiver's kept step (above), or NULL when every
     * instance is wanted (human_all_steps) */
    const struct tech_kept *kept;
    /* HoDoKu's ALS rows' sets and links, kept for the rows of one
     * tech_find_order search (which holds them and sets this), or NULL */
    struct tech_als_share *als;
    struct tech_built built;
    /* the caches, valid where built says */
    struct tech_houses houses;
    struct tech_house_hidden hidden[TECH_HOUSES];
    struct tech_fish_lines fish[9];
    tech_cells counts[10]; /* [k]: empty cells with k candidates, k > 0;
                                    [0]: those with any */
    struct tech_digits dg;
    struct tech_segs segs;
    struct tech_links links;
    struct tech_rects rects;
    struct tech_sdp sdp;
};

/* The memo of ctx brought up to date, or NULL. */
static inline struct tech_memo *tech_memo_of(const struct tech_ctx *ctx)
{
    struct tech_memo *m = ctx->memo;
    if (m && m->synced != m->version)
        tech_memo_compare(m, ctx->st);
    return m;
}

/* A context for a search of st, nothing built yet (no memo). */
static inline void tech_ctx_init(struct tech_ctx *ctx, const struct human_state *st)
{
    ctx->st = st;
    ctx->memo = NULL;
    ctx->plain = 0;
    ctx->row = -1;
    ctx->collect = NULL;
    ctx->collect_arg = NULL;
    ctx->alone = 0;
    ctx->any = 0;
    ctx->kept = NULL;
    ctx->als = NULL;
    memset(&ctx->built, 0, sizeof ctx->built);
}

/* 1 when an instance of at most n_elim eliminations cannot be taken (the
 * kept step has more): the search may leave it out. */
static inline int tech_kept_beats(const struct tech_ctx *ctx, int n_elim)
{
    return ctx->kept && ctx->kept->have && n_elim < ctx->kept->n_elim;
}

/* 1 when an instance removing exactly digit d from the cells of elim
 * cannot be taken: fewer eliminations than the kept step, or as many
 * with a larger index sum. */
int tech_kept_beats_set(const struct tech_ctx *ctx, tech_cells elim, int d);

/*
 * A technique found step (complete: eliminations, causes, sentence).
 * Normal mode: returns 1, and the technique returns the step at once -
 * the first instance, as the solver wants.  Collect mode: hands the step
 * to ctx->collect, empties it and returns 0 (or 1 when the collector
 * asks to stop): the technique goes on to the next instance as if this
 * one had failed.  So a find function reports what it found as
 *
 *     if (found_something(...) && tech_found(ctx, step))
 *         return 1;
 */
int tech_collected(struct tech_ctx *ctx, struct human_step *step);

static inline int tech_found(struct tech_ctx *ctx, struct human_step *step)
{
    if (__builtin_expect(ctx->collect == NULL, 1))
        return 1;
    return tech_collected(ctx, step); /* out of line: the rare path */
}

/* The search moves on to table row t: on the plain path, nothing the
 * rows before built is kept (and row says which it is, for collect
 * mode). */
static inline void tech_ctx_row(struct tech_ctx *ctx, int t)
{
    if (ctx->plain) {
        ctx->row = t;
        memset(&ctx->built, 0, sizeof ctx->built);
    }
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

/* The same from a whole-grid stamp a family keeps itself (0: never
 * searched in vain): every cell when it is 0 or there is no memo. */
tech_cells tech_memo_changed_since(const struct tech_ctx *ctx, uint16_t stamp);

/* The technique of slot found nothing on the whole grid. */
static inline void tech_memo_whole_failed(struct tech_ctx *ctx, int slot)
{
    if (ctx->memo)
        ctx->memo->whole[slot] = tech_memo_stamp(ctx->memo);
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
        m->failed[slot][d - 1] = tech_memo_stamp(m);
        m->dirty[slot] &= ~(1u << (d - 1));
    }
}

/* The per-digit positions of ctx->st (built on the first call). */
const struct tech_digits *tech_ctx_digits(struct tech_ctx *ctx);

/* Position of cell inside its box (0..8, reading order). */
static inline int tech_box_pos(int cell)
{
    return (tech_row_of(cell) % 3) * 3 + tech_col_of(cell) % 3;
}

/* Flips cell's bit in the positions of its row, column and box (pos[h]:
 * house h's positions, tech_house_cells order): adds it to a set without
 * it, takes it from one with it. */
static inline void tech_pos_flip(uint16_t pos[TECH_HOUSES], int cell)
{
    int r = tech_row_of(cell), c = tech_col_of(cell);
    pos[TECH_ROW(r)] = (uint16_t)(pos[TECH_ROW(r)] ^ (1u << c));
    pos[TECH_COL(c)] = (uint16_t)(pos[TECH_COL(c)] ^ (1u << r));
    pos[TECH_BOX(tech_box_of(cell))] =
        (uint16_t)(pos[TECH_BOX(tech_box_of(cell))] ^ (1u << tech_box_pos(cell)));
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
