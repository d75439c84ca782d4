/*
 * human_json: the JSON of the human solver's results, the same for
 * `sudokuctl --json`, the socket's replies and the stored technique counts.
 */
#ifndef SUDOKUD_HUMAN_JSON_H
#define SUDOKUD_HUMAN_JSON_H

#include <jansson.h>

#include "grade.h"
#include "human.h"

/* {"technique","name","rating","text","placements","eliminations",
 *  "causes","houses"}; the caller owns the result. */
json_t *human_json_step(const struct human_step *step);

/* {"technique_key": steps, ...} for the techniques the grade used. */
json_t *human_json_counts(const struct grade *g);

#endif
