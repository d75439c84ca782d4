/*
 * rater_singles: the singles as HoDoKu 2.2 finds them, for its rater's
 * pass (grade.c).  Internal to core/.
 *
 * HoDoKu does not scan the grid for singles: its grid keeps a queue of
 * naked singles (a cell pushed when it is left with one candidate) and
 * one of hidden singles (a house and digit pushed when the digit is left
 * with one place in it), filled as candidates go, in the order they go,
 * the givens included.  A full house is the first queued naked single
 * alone in one of its houses; otherwise it takes the oldest naked single
 * still open, otherwise the oldest hidden single.  Which single comes
 * first decides which hidden singles are needed at all, so HoDoKu's score
 * (a hidden single weighs 14, the others 4) depends on that order: this
 * module keeps the same queues, fed the same way, to take the same
 * singles.  HoDoKu's other steps are fed in by their eliminations and
 * placements (rater_singles_step).
 */
#ifndef SUDOKU_RATER_SINGLES_H
#define SUDOKU_RATER_SINGLES_H

#include <stdint.h>

#include "bits.h"
#include "grid.h"
#include "human.h"

enum rater_single {
    RATER_FULL_HOUSE,
    RATER_NAKED_SINGLE,
    RATER_HIDDEN_SINGLE,
    RATER_SINGLE_KINDS,
};

/* At most one naked single per cell and one hidden single per house and
 * digit are ever queued (candidates only go). */
#define RATER_NS_MAX 96
#define RATER_HS_MAX 256

struct rater_queue {
    int get, put;
    uint8_t cell[RATER_HS_MAX];
    uint8_t digit[RATER_HS_MAX];
};

struct rater_singles {
    uint16_t cand[GRID_CELLS]; /* bit d - 1 */
    uint8_t value[GRID_CELLS];
    uint8_t free[27][10]; /* [house][digit]: cells where it may go */
    bits128 with[9]; /* [d-1]: bit c when cand[c] has d */
    struct rater_queue ns, hs;
};

/* The grid after HoDoKu placed puzzle's givens in reading order. */
void rater_singles_init(struct rater_singles *rs, const struct grid *puzzle);

/* HoDoKu's next single: its kind (cell and digit in *cell, *digit), or -1
 * when there is none.  Takes it off the queues (not off the grid). */
int rater_singles_next(struct rater_singles *rs, int *cell, int *digit);

/* Places digit in cell. */
void rater_singles_place(struct rater_singles *rs, int cell, int digit);

/* A step taken: its eliminations in order, then its placements. */
void rater_singles_step(struct rater_singles *rs, const struct human_step *step);

#endif
