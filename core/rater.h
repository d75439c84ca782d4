/*
 * rater: a way of rating a puzzle, as data over the technique table.
 * Internal to core/ (the public API is grade.h).
 *
 * A rater is an order: a list of techniques, each with the level it
 * implies, the score one step of it adds, and its choice among several
 * instances; plus the level ceilings.  The solving loop takes, at each
 * step, the first technique of the order that applies (tech.h:
 * tech_find_order); the rating is the highest level of the steps taken,
 * moved up while the sum of their scores exceeds that level's ceiling.
 *
 * Two raters rate every puzzle (grade.h): Sudoku Explainer's, whose order
 * is the technique table itself (tech_table.c) and whose score is the
 * hardest step's rating; and HoDoKu 2.2's default solver, rater_hodoku
 * below, which gives the tier and the effort.
 */
#ifndef SUDOKU_RATER_H
#define SUDOKU_RATER_H

#include "grade.h"
#include "tech.h"

/* How a row chooses among the instances its search finds. */
enum rater_choice {
    RATER_FIRST, /* the first found (the search's fixed order) */
    RATER_MOST,  /* HoDoKu's step comparison: most eliminations, then the
                    lowest weighted index sum of the eliminations, then
                    the shortest chain (fewest causes), then the first */
    RATER_LINES_FIRST, /* the first of HoDoKu's order for a single-digit
                    pattern: links in rows (every digit) before links in
                    columns, digits in order, then the links' houses */
    RATER_FIRST_ELIMINATING, /* the first found, a digit it places taken
                    as the removal of the cell's other candidates (HoDoKu's
                    BUG+1: the placement is the naked single after it) */
};

struct rater_row {
    tech_find_fn *find;
    /* the table row whose technique this is (its key names the steps);
     * NULL: the row of find itself.  A find that is not a table row's
     * (a rater's own definition) uses that row's memo slot: a rater lists
     * a table row once, so one solve never mixes two definitions. */
    tech_find_fn *as;
    enum grade_tier level;
    int score;
    enum rater_choice choice;
};

struct rater {
    const struct rater_row *rows;
    int n_rows;
};

/* HoDoKu 2.2's default solver (core/rater.c). */
extern const struct rater rater_hodoku;

#endif
