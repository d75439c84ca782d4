/*
 * hint: judges a partly filled grid against its solution (solver.h) and,
 * when it is right so far, asks the human solver for the next step.
 */
#include "hint.h"
#include "pencil.h"
#include "solver.h"

#include <stdio.h>
#include <string.h>

const char *hint_status_name(enum hint_status status)
{
    static const char *const names[] = {"step",     "solved",      "wrong",
                                        "conflict", "no-solution", "multiple",
                                        "stuck",    "wrong-marks"};
    if ((unsigned)status > HINT_WRONG_MARKS)
        return "unknown";
    return names[status];
}

/* Gives the answer status with its sentence; returns 1 (answered). */
static int answer(struct hint *out, enum hint_status status, const char *msg)
{
    out->status = status;
    snprintf(out->message, sizeof out->message, "%s", msg);
    return 1;
}

/* Lists the wrong cells into out->message. */
static void say_wrong(struct hint *out)
{
    size_t len = (size_t)snprintf(out->message, sizeof out->message,
                                  "%d %s wrong:", out->n_wrong,
                                  out->n_wrong == 1 ? "entry is" : "entries are");
    for (int i = 0; i < out->n_wrong && len + 5 < sizeof out->message; i++) {
        char name[3];
        grid_cell_name(out->wrong[i], name);
        len += (size_t)snprintf(out->message + len, sizeof out->message - len,
                                "%s %s", i ? "," : "", name);
    }
}

/* Checks state against the puzzle's solution; restores erased givens.
 * Returns 1 when an answer other than a step was given. */
static int judge_with_puzzle(struct grid *s, const struct grid *p, struct hint *out)
{
    struct grid sol;
    int n = solver_count(p, 2, &sol);
    if (n == 0)
        return answer(out, HINT_NO_SOLUTION, "the puzzle has no solution");
    if (n > 1)
        return answer(out, HINT_MULTIPLE,
                      "the puzzle has more than one solution, so no step "
                      "can be found by logic alone");
    for (int i = 0; i < GRID_CELLS; i++) {
        if (p->cell[i] && !s->cell[i])
            s->cell[i] = p->cell[i];
        if (s->cell[i] && s->cell[i] != sol.cell[i])
            out->wrong[out->n_wrong++] = (uint8_t)i;
    }
    if (out->n_wrong == 0)
        return 0;
    out->status = HINT_WRONG;
    say_wrong(out);
    return 1;
}

static int judge_alone(const struct grid *s, struct hint *out)
{
    int n = solver_count(s, 2, NULL);
    if (n == 0)
        return answer(out, HINT_NO_SOLUTION,
                      "this grid has no solution: at least one entry is "
                      "wrong (give the puzzle to find which)");
    if (n > 1)
        return answer(out, HINT_MULTIPLE,
                      "this grid has more than one solution, so no step "
                      "can be found by logic alone");
    return 0;
}

void hint_step(const struct human_state *st, struct hint *out)
{
    out->step.flags = HUMAN_STEP_TEXT;
    if (st->empty == 0)
        answer(out, HINT_SOLVED, "the grid is solved");
    else if (!human_find_step(st, &out->step))
        answer(out, HINT_STUCK,
               "no technique known to this solver applies "
               "here; the next step needs a harder technique or a guess");
    else
        answer(out, HINT_STEP, out->step.text);
}

/* A right grid: solved, or its candidates in st (returns 1). */
static int ready_from_grid(const struct grid *s, struct human_state *st,
                           struct hint *out)
{
    if (grid_count_givens(s) == GRID_CELLS)
        return !answer(out, HINT_SOLVED, "the grid is solved");
    if (human_init(st, s) != 0)
        return !answer(out, HINT_NO_SOLUTION, "this grid has no solution");
    return 1;
}

int hint_judge_state(struct human_state *st, const struct grid *puzzle,
                     struct hint *out)
{
    static const enum hint_status of_verdict[] = {
        [PENCIL_WRONG] = HINT_WRONG_MARKS,
        [PENCIL_NO_SOLUTION] = HINT_NO_SOLUTION,
        [PENCIL_MULTIPLE] = HINT_MULTIPLE,
    };
    struct pencil_judgement j;
    memset(out, 0, sizeof *out);
    if (pencil_judge(st, puzzle, &j) != PENCIL_RIGHT)
        return !answer(out, of_verdict[j.verdict], j.message);
    if (st->empty == 0)
        return !answer(out, HINT_SOLVED, "the grid is solved");
    return 1;
}

void hint_state(struct human_state *st, const struct grid *puzzle, struct hint *out)
{
    if (hint_judge_state(st, puzzle, out) == 1)
        hint_step(st, out);
}

int hint_judge_grid(const char *state, const char *puzzle, struct human_state *st,
                    struct hint *out, char *err, size_t errlen)
{
    struct grid s, p;
    char msg[GRID_ERR_MAX];
    memset(out, 0, sizeof *out);
    int rc = grid_parse(&s, state, msg, sizeof msg);
    if (rc == GRID_ERR_CONFLICT) {
        out->status = HINT_CONFLICT;
        snprintf(out->message, sizeof out->message, "contradiction: %s", msg);
        return 0;
    }
    if (rc != GRID_OK) {
        snprintf(err, errlen, "grid: %s", msg);
        return -1;
    }
    if (puzzle && grid_parse(&p, puzzle, msg, sizeof msg) != GRID_OK) {
        snprintf(err, errlen, "puzzle: %s", msg);
        return -1;
    }
    if (puzzle ? judge_with_puzzle(&s, &p, out) : judge_alone(&s, out))
        return 0;
    return ready_from_grid(&s, st, out);
}

int hint_next(const char *state, const char *puzzle, struct hint *out, char *err,
              size_t errlen)
{
    struct human_state st;
    int rc = hint_judge_grid(state, puzzle, &st, out, err, errlen);
    if (rc == 1)
        hint_step(&st, out);
    return rc < 0 ? -1 : 0;
}
