/*
 * generator: makes graded puzzles with exactly one solution, a symmetric
 * clue pattern, and a requested tier, reproducibly from a seed.
 *
 * Same seed, options and GENERATOR_VERSION give the same puzzle, byte for
 * byte, on every machine.  Any change to the algorithm (or to rng, solver
 * search order, or the grader's verdicts that it relies on) must bump
 * GENERATOR_VERSION, which is stored with every puzzle and mixed into the
 * daemon's seeds, so an old seed never silently means a new puzzle.
 */
#ifndef SUDOKU_GENERATOR_H
#define SUDOKU_GENERATOR_H

#include <stdatomic.h>
#include <stddef.h>
#include <stdint.h>

#include "grade.h"
#include "grid.h"

#define GENERATOR_VERSION 3

enum gen_symmetry {
    GEN_SYM_NONE,
    GEN_SYM_ROT180, /* default: a newspaper puzzle */
    GEN_SYM_ROT90,
    GEN_SYM_MIRROR,   /* left-right */
    GEN_SYM_DIAGONAL, /* about the A1-I9 diagonal */
};

enum gen_status {
    GEN_OK = 0,
    GEN_ERR_BUDGET = -1,    /* no puzzle within the attempt budget */
    GEN_ERR_OPTIONS = -2,   /* options that can never be met */
    GEN_ERR_CANCELLED = -3, /* *cancel became non-zero */
};

struct gen_options {
    enum grade_tier tier; /* easy, medium, hard, expert or extreme */
    enum gen_symmetry symmetry;
    int min_clues;    /* 17..81; the default is 17 */
    int max_clues;    /* min_clues..81; the default is 81 */
    int minimal;      /* every clue needed */
    int max_attempts; /* complete grids tried; the default 500 */
    /* Checked between attempts, so another thread can stop a long run (a
     * daemon shutting down); NULL when not needed. */
    const atomic_int *cancel;
};

struct gen_result {
    struct grid puzzle;
    struct grid solution;
    struct grade grade;
    int clues;
    int attempts; /* grids tried, this one included */
};

/* Fills o with the defaults (medium, rotational-180, 17..81 clues, not
 * minimal, 500 attempts). */
void gen_options_default(struct gen_options *o);

/*
 * Generates one puzzle for o from seed into out.  Returns GEN_OK, or a
 * gen_status with a message in err saying what could not be met and what
 * to change ("no hard puzzle with at least 40 clues in 500 attempts: lower
 * --min-clues or raise the budget").  Pure computation: run it off the
 * event loop.
 */
int gen_generate(const struct gen_options *o, uint64_t seed, struct gen_result *out,
                 char *err, size_t errlen);

/* 1 when the clue pattern of g has symmetry s. */
int gen_has_symmetry(const struct grid *g, enum gen_symmetry s);

/* "none", "rotational-180", "rotational-90", "mirror", "diagonal"; parse
 * returns -1 for an unknown name. */
const char *gen_symmetry_name(enum gen_symmetry s);
int gen_symmetry_parse(const char *name);

#endif
