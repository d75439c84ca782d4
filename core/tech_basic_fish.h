/*
 * tech_basic_fish: what the fish family keeps in the search context (the
 * finned fish of tech_finned_fish.c read it too).
 * Internal to core/; the context (tech_digits.h) holds it.
 */
#ifndef SUDOKU_TECH_BASIC_FISH_H
#define SUDOKU_TECH_BASIC_FISH_H

#include "tech.h"

/* The base lines of one digit's fish (tech_basic_fish.c): rows (cols 0)
 * or columns (cols 1), bit l for line l, holding the digit in 2 to n
 * places (upto[cols][n - 2], n = 2, 3, 4: [0] exactly two) and in two or
 * more (some).  lines: the number of rows holding the digit when as many
 * columns do and no line holds it in one place only, else 0. */
struct tech_fish_lines {
    uint16_t upto[2][3], some[2];
    uint8_t lines;
};

#endif
