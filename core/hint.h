/*
 * hint: the next step a person should take from a partly filled grid.
 *
 * The grid is judged first: a repeated digit, a grid with no solution, an
 * entry that differs from the puzzle's solution, or a puzzle with several
 * solutions is reported as such, never explained around.  Only a correct,
 * unsolved grid gets a step: the easiest one the human solver finds on the
 * candidates left by the filled cells (the user's own pencil marks are not
 * known), with its sentence.  Nothing else of the solution is revealed.
 */
#ifndef SUDOKU_HINT_H
#define SUDOKU_HINT_H

#include <stddef.h>

#include "grid.h"
#include "human.h"

#define HINT_MESSAGE_MAX HUMAN_STEP_TEXT_MAX

enum hint_status {
    HINT_STEP = 0,        /* step holds the next step */
    HINT_SOLVED = 1,      /* every cell filled and correct */
    HINT_WRONG = 2,       /* wrong[] lists the entries that are wrong */
    HINT_CONFLICT = 3,    /* a digit repeats in a house (see message) */
    HINT_NO_SOLUTION = 4, /* no repeat, but no solution: an entry is wrong */
    HINT_MULTIPLE = 5,    /* the puzzle has more than one solution */
    HINT_STUCK = 6,       /* correct so far, but no known technique applies */
    HINT_WRONG_MARKS = 7, /* hint_state: a cell's marks lost the solution's
                              digit, or it holds another (message names it) */
};

struct hint {
    enum hint_status status;
    int n_wrong;
    uint8_t wrong[GRID_CELLS];      /* cells, 0..80 */
    struct human_step step;         /* HINT_STEP only */
    char message[HINT_MESSAGE_MAX]; /* one sentence for every status */
};

/*
 * Judges state (81 cells as text, any format grid_parse accepts) and
 * fills out.  puzzle (the original givens, same format) may be NULL.  With
 * it, wrong entries are named (HINT_WRONG).  Without it a wrong entry is
 * still caught (in a puzzle with one solution, a wrong entry always leaves
 * none: HINT_NO_SOLUTION) but cannot be located.  Returns 0, or -1 when
 * state or puzzle is not a grid at all (bad character, wrong length, or a
 * puzzle whose givens repeat a digit), with the reason in err.
 */
int hint_next(const char *state, const char *puzzle, struct hint *out, char *err,
              size_t errlen);

/*
 * The same for a pencil-mark state (pencil.h) whose marks are the user's
 * own: pencil_judge checks them first against the puzzle (the givens,
 * parsed and checked by grid_parse; may be NULL) and places givens that
 * were still candidates in st.  A state whose marks lost the solution's
 * digit, or that holds a wrong digit, is answered HINT_WRONG_MARKS with
 * the cell in the message ("C4 lost its 7"), never explained around; no
 * solution or several are HINT_NO_SOLUTION and HINT_MULTIPLE.  Only a
 * right state gets a step, found on its own candidates.  Fills out; never
 * fails.
 */
void hint_state(struct human_state *st, const struct grid *puzzle,
                struct hint *out);

/*
 * The judgements of hint_next and hint_state without the step, for callers
 * that want more than the easiest step of a right state (sudokuctl steps
 * and the socket's steps list every one).  Both fill out (zeroed first).
 * They return 1 when the state is right and not solved: st then holds its
 * candidates (hint_judge_grid: those the filled cells leave, givens of
 * puzzle restored; hint_judge_state: st itself, givens placed) and out has
 * no answer yet.  They return 0 when out holds the answer (any status but
 * HINT_STEP and HINT_STUCK).  hint_judge_grid returns -1 where hint_next
 * fails, with the reason in err.
 */
int hint_judge_grid(const char *state, const char *puzzle, struct human_state *st,
                    struct hint *out, char *err, size_t errlen);
int hint_judge_state(struct human_state *st, const struct grid *puzzle,
                     struct hint *out);

/* The easiest step of st, which a hint_judge_* call found right, into out
 * (HINT_STEP, or HINT_STUCK when no technique applies). */
void hint_step(const struct human_state *st, struct hint *out);

/* "step", "solved", "wrong", "conflict", "no-solution", "multiple",
 * "stuck", "wrong-marks". */
const char *hint_status_name(enum hint_status status);

#endif
