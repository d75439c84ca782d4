/*
 * tech_intersections: what the intersection family (pointing, claiming, locked
 * sets) keeps in the search context.
 * Internal to core/; the context (tech_digits.h) holds it.
 */
#ifndef SUDOKU_TECH_INTERSECTIONS_H
#define SUDOKU_TECH_INTERSECTIONS_H

#include "tech.h"

/*
 * The 54 segments (three cells where a line meets a box), summarised
 * once per search so that the intersection techniques test each box or
 * line with a few mask operations and build a step only where it
 * succeeds.  [0][r][k]: row r in box column k; [1][c][k]: column c in
 * box row k.  cand: digits of the segment's empty cells; twice: digits in
 * two or more of them.
 */
struct tech_segs {
    unsigned cand[2][9][3], twice[2][9][3];
};

void tech_segs_build(const struct human_state *st, struct tech_segs *sg);

/* The segments of ctx->st (built on the first call). */
const struct tech_segs *tech_ctx_segs(struct tech_ctx *ctx);

#endif
