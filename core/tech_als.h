/*
 * tech_als: what the ALS family (tech_als.c) keeps for the rows of one
 * tech_find_order search: HoDoKu's almost locked sets of the state and
 * their links, which its ALS-XY-Wing and ALS-XY-Chain rows (and the
 * overlap wing) read alike.
 * Internal to core/; the context (tech_digits.h) points at it.
 */
#ifndef SUDOKU_TECH_ALS_H
#define SUDOKU_TECH_ALS_H

#include "tech.h"

/* ALS-XZ takes sets of 1 to 4 cells, 256 at most (the words of its set
 * masks); the wing and chain take HoDoKu's, 1 to 8 cells, 512 at most,
 * and 8192 links at most. */
#define TECH_ALS_MAX 512
#define TECH_ALS_CELLS 8
#define TECH_ALS_XZ_MAX 256
#define TECH_ALS_WORDS (TECH_ALS_XZ_MAX / 64)
#define TECH_ALS_LINKS_MAX 8192

struct tech_als_set {
    tech_cells seen[9]; /* cells seeing all of its cells holding digit d */
    tech_cells cells;   /* cell bit set */
    uint16_t digits;
    uint8_t house, n;
    uint8_t list[TECH_ALS_CELLS];
};

/* One search's sets (ctx, st, step: the search's own). */
struct tech_als_search {
    struct tech_ctx *ctx;
    const struct human_state *st;
    struct human_step *step;
    const tech_cells *with; /* [d-1]: empty cells holding d */
    int n, cap, max_cells;  /* sets, at most cap, of max_cells cells at most */
    int overlap;            /* HoDoKu's ALS-overlap option: sets may share cells */
    uint64_t having[9][TECH_ALS_WORDS]; /* [d-1]: the sets holding d */
    /* each set's cells and digits again, packed: what most pairs need */
    tech_cells cells[TECH_ALS_MAX];
    /* [i]: the cells holding a digit d of set i and seeing all of its d:
     * a set restricted with it on some digit has a cell there */
    tech_cells reach[TECH_ALS_MAX];
    uint16_t digits[TECH_ALS_MAX];
    /* [i]: the digits d of set i that a cell outside it holds and sees
     * every d of it from: the only digits it can help remove */
    uint16_t open[TECH_ALS_MAX];
    struct tech_als_set set[TECH_ALS_MAX];
};

/* The restricted commons of pairs of sets (tech_als.c). */
struct tech_als_links {
    int n;
    uint16_t first[TECH_ALS_MAX + 1]; /* set i's links to later sets: first[i].. */
    uint16_t to[TECH_ALS_LINKS_MAX];
    uint16_t digits[TECH_ALS_LINKS_MAX];
};

/*
 * HoDoKu's sets and links of one state, built by the first of its ALS
 * rows that needs them in a tech_find_order search and read by the next
 * (about 160 KB: the search's caller holds it, tech_ctx's als points at
 * it).  ready: 0 nothing built, else 1 + the overlap option they were
 * built with (the links depend on it).  Only the state is read to build
 * them, and a search's state does not change.
 */
struct tech_als_share {
    int ready;
    struct tech_als_search s;
    struct tech_als_links l;
};

#endif
