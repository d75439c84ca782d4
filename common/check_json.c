/*
 * check_json: owns check's judgement and its JSON (see check_json.h),
 * shared by the daemon's reply and sudokuctl's offline check.
 */
#include "check_json.h"

#include <stdio.h>

#include "solver.h"

static json_t *check_reply(const char *status, const char *message,
                           const struct grid *state, json_t *wrong)
{
    int filled = grid_count_givens(state);

    return json_pack("{s:b,s:s,s:s,s:o,s:i,s:i}", "ok", 1, "status", status,
                     "message", message, "wrong",
                     wrong != NULL ? wrong : json_array(), "filled", filled,
                     "empty", GRID_CELLS - filled);
}

/* Without the givens a wrong entry can be detected but not located. */
static json_t *check_alone(const struct grid *state)
{
    char why[GRID_ERR_MAX];
    int n;

    if (grid_check(state, why, sizeof why) != GRID_OK)
        return check_reply("conflict", why, state, NULL);
    n = solver_count(state, 2, NULL);
    if (n == 0)
        return check_reply(
            "no-solution",
            "an entry is wrong: no solution completes this grid; send "
            "the PUZZLE too to find which",
            state, NULL);
    if (n > 1)
        return check_reply(
            "multiple",
            "more than one solution completes this grid, so no entry "
            "can be judged; send the PUZZLE too",
            state, NULL);
    if (grid_count_givens(state) == GRID_CELLS)
        return check_reply("solved", "the grid is complete and correct", state,
                           NULL);
    return check_reply("correct", "every filled cell is right so far", state, NULL);
}

/* Returns the first given that state does not keep, or -1. */
static int changed_given(const struct grid *state, const struct grid *puzzle)
{
    for (int i = 0; i < GRID_CELLS; i++)
        if (puzzle->cell[i] != 0 && state->cell[i] != puzzle->cell[i])
            return i;
    return -1;
}

static json_t *check_against(const struct grid *state, const struct grid *puzzle,
                             char *err, size_t errlen)
{
    struct grid sol;
    char msg[CHECK_ERR_MAX], name[3];
    int given = changed_given(state, puzzle), n;
    json_t *wrong;

    if (given >= 0) {
        grid_cell_name(given, name);
        snprintf(err, errlen, "STATE does not keep the given %d at %s",
                 puzzle->cell[given], name);
        return NULL;
    }
    if ((n = solver_count(puzzle, 2, &sol)) != 1) {
        snprintf(err, errlen, "%s",
                 n == 0 ? "PUZZLE has no solution"
                        : "PUZZLE has more than one solution, so no entry can be "
                          "called wrong");
        return NULL;
    }
    wrong = json_array();
    for (int i = 0; i < GRID_CELLS; i++) {
        if (state->cell[i] != 0 && state->cell[i] != sol.cell[i]) {
            grid_cell_name(i, name);
            json_array_append_new(wrong, json_string(name));
        }
    }
    if (json_array_size(wrong) > 0) {
        snprintf(msg, sizeof msg, "%zu filled cell(s) disagree with the solution",
                 json_array_size(wrong));
        return check_reply("wrong", msg, state, wrong);
    }
    json_decref(wrong);
    if (grid_count_givens(state) == GRID_CELLS)
        return check_reply("solved", "the grid is complete and correct", state,
                           NULL);
    return check_reply("correct", "every filled cell is right so far", state, NULL);
}

json_t *check_json(const struct grid *state, const struct grid *puzzle, char *err,
                   size_t errlen)
{
    return puzzle != NULL ? check_against(state, puzzle, err, errlen)
                          : check_alone(state);
}
