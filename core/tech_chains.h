/*
 * tech_chains: what the chain family keeps in the search context.
 * Internal to core/; the context (tech_digits.h) holds it.
 */
#ifndef SUDOKU_TECH_CHAINS_H
#define SUDOKU_TECH_CHAINS_H

#include "tech.h"

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
    uint16_t linked[GRID_CELLS]; /* digits with a strong link, per cell */
    uint16_t strong[TECH_NODES][4];
    tech_cells bivalue;         /* cells with two candidates */
    tech_cells house_strong[9]; /* [d-1]: cells whose d has a house link */
};

/* The strong links of ctx->st (built on the first call; tech_chains.c). */
const struct tech_links *tech_ctx_links(struct tech_ctx *ctx);

#endif
