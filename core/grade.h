/*
 * grade: how hard a puzzle is for a person.
 *
 * The human solver (human.h) solves the puzzle taking the easiest step
 * each time.  The grade is:
 *  - score: the Sudoku Explainer rating (x10) of the hardest step taken;
 *  - tier: the group (easy/medium/hard/expert) of the hardest technique,
 *    pushed up a group while the effort exceeds that tier's ceiling
 *    (HoDoKu's rule), or unrated when the solver is stuck (the puzzle needs
 *    guessing, or techniques not written yet);
 *  - effort: the sum of the techniques' weights over the path.  Singles
 *    are counted as HoDoKu takes them (full house, naked single, then
 *    hidden single), so the effort matches HoDoKu's score even though the
 *    path prefers hidden singles as Sudoku Explainer does.
 * The weights are a column of the technique table (tech_table.c); the
 * ceilings are grade_ceiling().
 *
 * The puzzle is assumed to have one solution (check with solver_count
 * first): uniqueness techniques rely on it.
 */
#ifndef SUDOKU_GRADE_H
#define SUDOKU_GRADE_H

#include "grid.h"
#include "human.h"

enum grade_tier {
    GRADE_EASY = HUMAN_GROUP_EASY,
    GRADE_MEDIUM = HUMAN_GROUP_MEDIUM,
    GRADE_HARD = HUMAN_GROUP_HARD,
    GRADE_EXPERT = HUMAN_GROUP_EXPERT, /* HoDoKu's UNFAIR */
    GRADE_EXTREME = 4,                 /* HoDoKu's EXTREME */
    GRADE_UNRATED = 5,
};

struct grade {
    enum grade_tier tier;
    int status; /* human_status: HUMAN_SOLVED, _STUCK or _INVALID */
    int score;  /* SE rating x10 of the hardest step; 0: no step */
    int effort;
    int hardest;               /* table row of the hardest step, -1 when none */
    int steps;                 /* steps taken (stuck: up to where it stopped) */
    int count[HUMAN_TECH_MAX]; /* steps per technique table row */
};

/* Grades puzzle into out.  Returns out->status. */
int grade_puzzle(const struct grid *puzzle, struct grade *out);

/*
 * The tier of a puzzle whose hardest technique is in group and whose
 * effort is effort: the group, moved up while effort is above the tier's
 * ceiling.
 */
enum grade_tier grade_tier_for(enum human_group group, int effort);

/* Effort ceiling of a tier (INT_MAX for extreme). */
int grade_ceiling(enum grade_tier tier);

/* The tiers a puzzle can be asked for, easy to extreme (unrated is not one). */
#define GRADE_TIERS (GRADE_EXTREME + 1)

/* "easy", "medium", "hard", "expert", "extreme", "unrated". */
const char *grade_tier_name(enum grade_tier tier);

/* Sets *out to the tier named name, "easy" to "extreme"; returns 0, or -1
 * for any other name ("unrated" included). */
int grade_tier_parse(const char *name, enum grade_tier *out);

#endif
