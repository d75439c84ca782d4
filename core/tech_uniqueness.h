/*
 * tech_uniqueness: what the uniqueness family keeps in the search context.
 * Internal to core/; the context (tech_digits.h) holds it.
 */
#ifndef SUDOKU_TECH_UNIQUENESS_H
#define SUDOKU_TECH_UNIQUENESS_H

#include "tech.h"

/*
 * The rectangles the uniqueness techniques look at (tech_uniqueness.c):
 * four empty cells on two rows, two columns and two boxes, all holding
 * the two digits of pair, one corner holding only those; each once, in
 * the order the scan by that corner first meets it.  More than
 * TECH_RECTS_MAX: overflow, and the techniques scan the grid themselves.
 */
#define TECH_RECTS_MAX 128

struct tech_rect {
    uint8_t cell[4]; /* top-left, top-right, bottom-left, bottom-right */
    unsigned pair;   /* x and y */
};

struct tech_rects {
    int n, overflow;
    struct tech_rect rect[TECH_RECTS_MAX];
};

/* The rectangles of ctx->st (built on the first call; tech_uniqueness.c). */
const struct tech_rects *tech_ctx_rects(struct tech_ctx *ctx);

#endif
