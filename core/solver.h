/*
 * solver: the fast brute-force solver and solution counter.
 *
 * Bitboard constraint propagation (per-digit band masks, naked singles,
 * hidden singles in rows and boxes, locked candidates inside a band) with
 * branching on a cell of fewest candidates.  Deterministic, reentrant, no
 * allocation: two threads may solve at once.
 */
#ifndef SUDOKU_SOLVER_H
#define SUDOKU_SOLVER_H

#include "grid.h"

/*
 * Counts the solutions of puzzle, stopping once limit are found (limit >= 1;
 * limit 2 answers "none, one or more than one?").  When solution is not NULL
 * and at least one solution exists, the first one found is written there.
 * Givens that repeat a digit in a house have no solution (returns 0); callers
 * that want to tell "invalid" from "unsolvable" check grid_check first.
 * Returns the count, 0..limit.
 */
int solver_count(const struct grid *puzzle, int limit, struct grid *solution);

/* Finds one solution; returns 1 and fills solution, or 0 when there is none. */
int solver_solve(const struct grid *puzzle, struct grid *solution);

#endif
