/*
 * check_json: the judgement of `check` (which filled cells of a grid
 * disagree with the unique solution) as JSON, the same for the query
 * socket's reply and `sudokuctl check` offline.
 */
#ifndef SUDOKUD_CHECK_JSON_H
#define SUDOKUD_CHECK_JSON_H

#include <stddef.h>

#include <jansson.h>

#include "grid.h"

#define CHECK_ERR_MAX 128 /* bytes enough for check_json's err */

/*
 * Judges state (a digit repeated in a house is allowed: it is the verdict
 * "conflict") against the unique solution of puzzle, the original givens,
 * which names the wrong cells; with puzzle NULL, against whatever
 * completes state, which says whether an entry is wrong but not which.
 * Returns {"ok":true,"status","message","wrong","filled","empty"} with
 * status correct, solved, wrong, conflict, no-solution or multiple; or
 * NULL with the reason in err when it cannot be judged: state does not
 * keep a given of puzzle, or puzzle has no or several solutions.  The
 * caller owns the result.
 */
json_t *check_json(const struct grid *state, const struct grid *puzzle, char *err,
                   size_t errlen);

#endif
