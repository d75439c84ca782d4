/*
 * tech_colouring: what the colouring family keeps in the search context.
 * Internal to core/; the context (tech_digits.h) holds it.
 */
#ifndef SUDOKU_TECH_COLOURING_H
#define SUDOKU_TECH_COLOURING_H

#include "tech.h"

/*
 * Which digits have a pattern of each colouring row (trap, wrap, multi 1,
 * multi 2: tech_colouring.c), found by one look at the digit's clusters
 * for the rows of one search: [row] digits known (bit d-1), those with one.
 */
struct tech_colour {
    uint16_t known[4], found[4];
};

#endif
