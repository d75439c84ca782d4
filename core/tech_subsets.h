/*
 * tech_subsets: what the subset family keeps in the search context.
 * Internal to core/; the context (tech_digits.h) holds it.
 */
#ifndef SUDOKU_TECH_SUBSETS_H
#define SUDOKU_TECH_SUBSETS_H

#include "tech.h"

/* One house as its subsets see it (tech_subsets.c): digits[k - 2] the
 * digits not placed that 2 to k cells hold (k = 2, 3, 4); paired the
 * number of its cells with candidates when they pair off with the digits
 * they hold (as many of each, none placed, every cell with two or more
 * digits and every digit in two or more cells), else 0. */
struct tech_house_hidden {
    uint16_t digits[3];
    uint8_t paired;
};

struct tech_ctx;

/* House h (tech.h numbering) of the context's grid as its subsets see
 * it, built on the first call of the search. */
const struct tech_house_hidden *tech_ctx_house_hidden(struct tech_ctx *ctx, int h);

#endif
