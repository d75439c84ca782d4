/*
 * human: the pencil-mark solver that uses the techniques a person uses.
 *
 * The state is the values plus a 9-bit candidate mask per cell (bit d-1 set
 * when digit d is still possible).  A technique finds one step on the
 * current candidates and returns it as data (struct human_step); the loop
 * applies the easiest step available (technique table order) until the
 * grid is solved or no technique applies.  The technique table, its rows
 * and the helpers technique writers use are in tech.h.
 *
 * No allocation, no I/O, no mutable globals: reentrant.
 */
#ifndef SUDOKU_HUMAN_H
#define SUDOKU_HUMAN_H

#include <stddef.h>
#include <stdint.h>

#include "grid.h"

#define HUMAN_ALL_DIGITS 0x1FFu /* candidate mask with every digit */
#define HUMAN_TECH_MAX 96       /* table rows at most (array sizes) */
#define HUMAN_STEP_MAX_PLACE 4
#define HUMAN_STEP_MAX_ELIM 160
#define HUMAN_STEP_MAX_CAUSE 64
#define HUMAN_STEP_MAX_HOUSE 8
#define HUMAN_STEP_TEXT_MAX 400
#define HUMAN_PATH_MAX 729        /* every step removes a candidate or more */
#define HUMAN_CANDIDATES_MAX 2048 /* bytes enough for human_format_candidates */

/* Difficulty groups, easiest first; the grader's tiers are these groups. */
enum human_group {
    HUMAN_GROUP_EASY = 0,
    HUMAN_GROUP_MEDIUM = 1,
    HUMAN_GROUP_HARD = 2,
    HUMAN_GROUP_EXPERT = 3,
};

enum human_status {
    HUMAN_SOLVED = 0,  /* every cell filled */
    HUMAN_STUCK = 1,   /* no technique applies: would need guessing */
    HUMAN_INVALID = 2, /* a cell or a house has no candidate left */
    HUMAN_STOPPED = 3, /* the step callback asked to stop */
};

struct human_state {
    uint8_t value[GRID_CELLS]; /* 0 empty, 1..9 */
    uint16_t cand[GRID_CELLS]; /* candidates of an empty cell; 0 once filled */
    int empty;                 /* number of empty cells */
    uint8_t house_empty[27];   /* empty cells per house (tech.h order) */
    /* bit c % 64 of word c / 64: cell c was filled by solving, not given
     * (human_init clears them, human_apply sets them; avoidable rectangles
     * read them) */
    uint64_t solved[2];
};

/* A candidate: cell 0..80 and digit 1..9.  In a step's causes, digit 0
 * means the whole cell. */
struct human_cand {
    uint8_t cell;
    uint8_t digit;
};

/* Set in human_step.flags by the caller before a search (human_solve's
 * flags are copied there): build the text. */
#define HUMAN_STEP_TEXT 1u
/* The same: take the plain reference path - every technique searches
 * from the state alone, with no memo of earlier searches and nothing
 * shared between techniques.  It must find exactly the steps of the
 * normal path (tests and the human fuzzer check it); it is slower. */
#define HUMAN_PLAIN 2u

struct human_step {
    int tech;   /* row of the technique table */
    int rating; /* Sudoku Explainer rating x10 (23 = 2.3) */
    unsigned flags;
    int n_place, n_elim, n_cause, n_house;
    struct human_cand place[HUMAN_STEP_MAX_PLACE]; /* digits placed */
    struct human_cand elim[HUMAN_STEP_MAX_ELIM];   /* candidates removed */
    struct human_cand cause[HUMAN_STEP_MAX_CAUSE]; /* what justifies it */
    uint8_t house[HUMAN_STEP_MAX_HOUSE];           /* houses involved: 0-8 rows A-I,
                                             9-17 columns 1-9, 18-26 boxes */
    char text[HUMAN_STEP_TEXT_MAX]; /* one sentence, when asked for */
};

/* A technique as the table describes it. */
struct human_tech_info {
    const char *name; /* "Pointing", as SudokuWiki names it */
    const char *key;  /* stable identifier for JSON: "pointing" */
    int rating;       /* Sudoku Explainer rating x10 (base) */
    enum human_group group;
    int weight; /* HoDoKu's base score per use (information: the grade's
                   effort reads HoDoKu's rater, core/rater.c) */
};

/* Called for each step before it is applied; non-zero stops the solve. */
typedef int (*human_step_cb)(void *arg, const struct human_state *before,
                             const struct human_step *step);

/* The whole path of a solve, for callers that keep it (heap-allocate it:
 * it is large). */
struct human_path {
    int len;
    struct human_step step[HUMAN_PATH_MAX];
};

/*
 * Sets up st from the values of g: every empty cell gets the digits its
 * row, column and box do not hold.  Returns HUMAN_INVALID when a given
 * repeats in a house or an empty cell has no candidate, else HUMAN_SOLVED
 * (0).
 */
int human_init(struct human_state *st, const struct grid *g);

/* Copies the values back into a grid. */
void human_to_grid(const struct human_state *st, struct grid *g);

/* HUMAN_INVALID when some empty cell has no candidate or some house has a
 * digit neither placed nor possible; else 0. */
int human_check(const struct human_state *st);

/*
 * Finds the easiest step (first table row that applies; the rows the
 * table keeps for the library alone, after the others, are not
 * searched: see human_all_steps).  Set
 * step->flags (HUMAN_STEP_TEXT for the sentence, HUMAN_PLAIN for the
 * reference path) before calling.  Returns 1
 * when a step was found, 0 when none applies.
 */
int human_find_step(const struct human_state *st, struct human_step *step);

/* Applies the step's placements and eliminations to st. */
void human_apply(struct human_state *st, const struct human_step *step);

/*
 * Runs the loop: finds and applies the easiest step until solved or stuck.
 * flags are copied into every step (HUMAN_STEP_TEXT for sentences; leave it
 * out when only grading, it is the slow part; HUMAN_PLAIN for the
 * reference path).  cb may be NULL.  Returns a
 * human_status.
 */
int human_solve(struct human_state *st, unsigned flags, human_step_cb cb,
                void *arg);

/* The same, recording every step (with its sentence) into path. */
int human_solve_path(struct human_state *st, struct human_path *path);

/* The step callback that records: appends step to the struct human_path
 * arg (whose len the caller set); non-zero (stop) when it is full. */
int human_path_record(void *arg, const struct human_state *before,
                      const struct human_step *step);

/*
 * Every instance of technique tech (a table row; -1: every technique)
 * in st, as HoDoKu's "all steps" panel lists them: rows easiest first
 * (table order; the library's own rows, which the solver never takes,
 * last), a row's instances in its search's order, each with its
 * sentence, rating and tech; a row's steps with the same placements and
 * eliminations are reported once (the first).  The chains list the
 * shortest chain from each start; Remote Pair one step per cluster of
 * each pair.  Where the solver's step joins two instances (dual 2-String
 * Kite, dual Empty Rectangle, Siamese finned fish), each instance is
 * listed alone, and joined as the solver joins them (a kite with its
 * dual; the first ER of a box, or the first fish on a set of base lines,
 * with each later one).  cb gets each (before is st; NULL: only counted);
 * non-zero stops.  At most HUMAN_ALL_STEPS_MAX distinct steps of a row
 * are reported.  The grader's search is unchanged by this: it stops at a
 * row's first instance.  Returns the number of steps reported, or -1
 * when tech is not a row.  It needs about 40 KB of stack more than
 * human_find_step.
 */
#define HUMAN_ALL_STEPS_MAX 2048
int human_all_steps(const struct human_state *st, int tech, human_step_cb cb,
                    void *arg);

/* The technique table. */
int human_tech_count(void);
const struct human_tech_info *human_tech_info(int tech);
/* Row of the technique whose key is key, or -1. */
int human_tech_find(const char *key);

/* "easy", "medium", "hard", "expert". */
const char *human_group_name(enum human_group group);

/*
 * Writes the grid with candidates as a pencil-mark grid: nine rows of nine
 * cells, each cell its candidates as digits (a given or placed cell its
 * digit alone), columns padded to their widest cell, `|` between boxes and
 * a line of `-` and `+` between bands.  Returns the number of bytes written
 * (truncated to outlen - 1).
 */
size_t human_format_candidates(const struct human_state *st, char *out,
                               size_t outlen);

#endif
