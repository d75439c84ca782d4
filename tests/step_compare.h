/*
 * step_compare: whether two human steps say the same thing in every field
 * a caller reads (technique, rating, placements, eliminations, causes,
 * houses, sentence) - the reference-path checks' equality (the unit test
 * and the human fuzzer).  Header-only; no test framework.
 */
#ifndef SUDOKU_TEST_STEP_COMPARE_H
#define SUDOKU_TEST_STEP_COMPARE_H

#include <string.h>

#include "human.h"

static inline int step_cands_same(const struct human_cand *a,
                                  const struct human_cand *b, int n)
{
    for (int i = 0; i < n; i++)
        if (a[i].cell != b[i].cell || a[i].digit != b[i].digit)
            return 0;
    return 1;
}

static inline int step_same(const struct human_step *a, const struct human_step *b)
{
    return a->tech == b->tech && a->rating == b->rating &&
           a->n_place == b->n_place && a->n_elim == b->n_elim &&
           a->n_cause == b->n_cause && a->n_house == b->n_house &&
           step_cands_same(a->place, b->place, a->n_place) &&
           step_cands_same(a->elim, b->elim, a->n_elim) &&
           step_cands_same(a->cause, b->cause, a->n_cause) &&
           memcmp(a->house, b->house, (size_t)a->n_house) == 0 &&
           strcmp(a->text, b->text) == 0;
}

#endif
