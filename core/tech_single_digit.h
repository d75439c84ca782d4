/*
 * tech_single_digit: what the single-digit patterns keep in the search context.
 * Internal to core/; the context (tech_digits.h) holds it.
 */
#ifndef SUDOKU_TECH_SINGLE_DIGIT_H
#define SUDOKU_TECH_SINGLE_DIGIT_H

#include "tech.h"

/*
 * The first single-digit pattern of each kind (Skyscraper, 2-String Kite,
 * Turbot Fish: tech_single_digit.c) of each digit, found by one pass over
 * the digit's pairs of strong links for the rows of one search: [kind]
 * the digits with one, and the pattern (its two links' houses, its four
 * cells).  Valid for the digits known (struct tech_built's sdp_known,
 * [kind] bit d-1).
 */
struct tech_sdp {
    uint16_t found[3];
    struct {
        uint8_t house[2], chain[4];
    } first[3][9];
};

#endif
