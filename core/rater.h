/*
 * rater: a way of rating a puzzle, as data over the technique table.
 * Internal to core/ (the public API is grade.h).
 *
 * A rater is an order: a list of techniques, each with how its steps are
 * rated and its choice among several instances.  The solving loop takes,
 * at each step, the first technique of the order that applies (tech.h:
 * tech_find_order).  A rater rates a puzzle by one of two rules (enum
 * rater_rule): HoDoKu's, the highest level of the steps taken, moved up
 * while the sum of their scores exceeds that level's ceiling; or Sudoku
 * Explainer's, the highest difficulty of the steps taken.
 *
 * Two raters rate every puzzle (grade.h): Sudoku Explainer 1.2.1.3's,
 * rater_se, for the score (and pearl and diamond); HoDoKu 2.2's default
 * solver, rater_hodoku, for the tier and the effort.
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

/* A row's score in a rater of rule RATER_HARDEST that is the step's own
 * rating (the table row's rate function: chains by their length ...),
 * not a fixed difficulty. */
#define RATER_BY_STEP (-1)

struct rater_row {
    tech_find_fn *find;
    /* the table row whose technique this is (its key names the steps);
     * NULL: the row of find itself.  A find that is not a table row's
     * (a rater's own definition) uses that row's memo slot: a rater lists
     * a table row once, so one solve never mixes two definitions. */
    tech_find_fn *as;
    enum grade_tier level; /* RATER_TIER: the level its steps imply */
    /* RATER_TIER: the score one step adds (HoDoKu's base score);
     * RATER_HARDEST: the difficulty x10 of its steps, or RATER_BY_STEP */
    int score;
    enum rater_choice choice;
};

enum rater_rule {
    RATER_TIER,    /* HoDoKu's: levels and ceilings; the singles taken
                      from its queues (rater_singles.h), so its rows'
                      singles give only their level and score */
    RATER_HARDEST, /* SE's: the highest difficulty; the singles are rows
                      of the order like any other */
};

struct rater {
    const struct rater_row *rows;
    int n_rows;
    enum rater_rule rule;
};

/* Sudoku Explainer 1.2.1.3's solver (core/rater.c). */
extern const struct rater rater_se;

/* HoDoKu 2.2's default solver (core/rater.c). */
extern const struct rater rater_hodoku;

#endif
