/*
 * human_json: the JSON of the human solver's results, the same for
 * `sudokuctl --json`, the socket's replies and the stored technique counts.
 */
#ifndef SUDOKUD_HUMAN_JSON_H
#define SUDOKUD_HUMAN_JSON_H

#include <jansson.h>

#include "grade.h"
#include "hint.h"
#include "human.h"

/* {"technique","name","rating","text","placements","eliminations",
 *  "causes","houses"}; the caller owns the result. */
json_t *human_json_step(const struct human_step *step);

/* hint's answer: {"status","message"}, with "step" (HINT_STEP) or
 * "wrong" (HINT_WRONG: the cell names); the caller owns the result. */
json_t *human_json_hint(const struct hint *h);

/*
 * The answer of steps for a state hint_judge_* found right: every instance
 * of technique tech (a table row; -1: every technique) in st, easiest
 * first, as human_all_steps lists them:
 *   {"status":"steps","message":M,"technique":KEY (null: every one),
 *    "count":N,"total":T,"truncated":B,"steps":[step,...]}
 * with at most max steps in the array (max < 0: all of them); total counts
 * them all and truncated says whether some were left out.  NULL when out
 * of memory.
 */
json_t *human_json_steps(const struct human_state *st, int tech, int max);

/* The message M of that answer for total steps: "12 steps", "1 step", or
 * why there are none. */
void human_json_steps_message(int tech, int total, char *out, size_t outlen);

/* {"technique_key": steps, ...} for the techniques the grade used. */
json_t *human_json_counts(const struct grade *g);

/* Both passes' verdicts, as the socket's grade reply and sudokuctl grade
 * give them: {"tier","effort","tier_hardest"} of HoDoKu's pass;
 * {"score","pearl","diamond","score_hardest","hardest_technique" (the
 * same name, its older key),"steps","technique_counts"} of Sudoku
 * Explainer's.  NULL when out of memory. */
json_t *human_json_grade(const struct grade *g);

#endif
