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

/*
 * solver_count with a work budget, so that a caller serving strangers can
 * bound the CPU one puzzle costs without the engine reading a clock: the
 * search stops after max_nodes nodes (one node = one branch propagated;
 * a few million a second on one core) and returns
 * SOLVER_OVER_BUDGET; solution is then unspecified.  max_nodes 0: no
 * budget (solver_count).  Deterministic: the same puzzle and budget give
 * the same answer on every machine.
 */
#define SOLVER_OVER_BUDGET (-1)
int solver_count_budget(const struct grid *puzzle, int limit,
                        unsigned long max_nodes, struct grid *solution);

/* Finds one solution; returns 1 and fills solution, or 0 when there is none. */
int solver_solve(const struct grid *puzzle, struct grid *solution);

#endif
