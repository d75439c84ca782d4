/*
 * tech_als_wings: what the WXYZ- and VWXYZ-Wing search keeps in the solving
 * loop's memo (tech_digits.h).
 * Internal to core/; the context (tech_digits.h) holds it.
 */
#ifndef SUDOKU_TECH_ALS_WINGS_H
#define SUDOKU_TECH_ALS_WINGS_H

#include "tech.h"

/* The sets of n cells holding n + 1 digits of one house, each cell
 * holding 2 to n + 1 digits, in the order of their positions (the WXYZ-
 * and VWXYZ-Wing search, tech_als_wings.c): position masks and digits. */
#define TECH_WING_SETS 40

struct tech_wing_sets {
    uint16_t stamp;      /* memo: valid while the house is unchanged */
    uint8_t m, overflow; /* cells that fit; more sets than kept */
    uint16_t all;        /* their digits */
    uint16_t n_sets;
    uint16_t used; /* positions in some set (all: overflow) */
    uint16_t fit;  /* positions of the cells that fit */
    uint16_t pos[TECH_WING_SETS + 1], uni[TECH_WING_SETS + 1]; /* and one
                                    to write past the end, unkept */
};

#endif
