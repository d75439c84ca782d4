/*
 * grade: how hard a puzzle is for a person, as two raters see it.
 *
 * The human solver (human.h) solves the puzzle twice, each time taking
 * the first technique of a rater's order that applies (core/rater.h):
 *  - in Sudoku Explainer 1.2.1.3's order, with its direct rules and
 *    difficulties, for the score: the SE rating (x10) of the hardest step
 *    taken, and SE's pearl and diamond (hardest, steps and count describe
 *    this path);
 *  - in HoDoKu 2.2's default order, with its definitions, choice among
 *    instances and base scores, for the tier: the highest HoDoKu level
 *    of the steps taken (easy, medium, hard, expert = HoDoKu's UNFAIR,
 *    extreme = its EXTREME), pushed up a tier while the effort (the sum of
 *    the steps' base scores: HoDoKu's score) exceeds that tier's ceiling;
 *    tier_hardest and tier_count describe this path.  Unrated when either
 *    pass is stuck (the puzzle needs guessing, or techniques not written
 *    yet).  The singles are the ones HoDoKu takes, in its order
 *    (core/rater_singles.h: its queues decide which hidden singles are
 *    needed).
 * The ceilings are grade_ceiling().
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
    enum grade_tier tier; /* HoDoKu's pass */
    int status;           /* human_status of SE's pass: SOLVED, STUCK or INVALID */
    int score;            /* SE rating x10 of the hardest step; 0: no step */
    int pearl;            /* SE's pearl x10: the highest rating up to the
                             first step that places a digit; 0: none */
    int diamond;          /* SE's diamond x10: the first step's rating;
                             0: no step */
    int effort;           /* HoDoKu's pass: its score */
    int hardest;          /* SE's pass: table row of the hardest step, -1: none */
    int tier_hardest;     /* HoDoKu's pass: the same (highest level, then
                             base score), -1 when none */
    int steps;            /* SE's pass: steps (stuck: up to where it stopped) */
    int count[HUMAN_TECH_MAX];      /* SE's pass: steps per table row */
    int tier_count[HUMAN_TECH_MAX]; /* HoDoKu's pass: steps per table row */
};

/* Grades puzzle into out.  Returns out->status. */
int grade_puzzle(const struct grid *puzzle, struct grade *out);

/* The two passes, by the rater they follow (core/rater.h). */
enum grade_rater {
    GRADE_RATER_HODOKU, /* the tier's: HoDoKu 2.2's default solver */
    GRADE_RATER_SE,     /* the score's: Sudoku Explainer 1.2.1.3 */
};

/*
 * Solves st along one pass's path: the steps grade_puzzle's pass of that
 * rater takes (HoDoKu's singles from its queues, set up from st's digits
 * and candidates), each handed to cb before it is applied, as
 * human_solve does (flags: HUMAN_STEP_TEXT for the sentences; cb may be
 * NULL, non-zero from it stops).  Returns a human_status.
 */
int grade_solve(struct human_state *st, enum grade_rater rater, unsigned flags,
                human_step_cb cb, void *arg);

/*
 * The tier of a puzzle whose hardest step has level level and whose
 * effort is effort: the level, moved up while effort is above the tier's
 * ceiling.
 */
enum grade_tier grade_tier_for(enum grade_tier level, int effort);

/* Effort ceiling of a tier (INT_MAX for extreme). */
int grade_ceiling(enum grade_tier tier);

/* The tiers a puzzle can be asked for, easy to extreme (unrated is not one). */
#define GRADE_TIERS (GRADE_EXTREME + 1)

/* "easy", "medium", "hard", "expert", "extreme", "unrated". */
const char *grade_tier_name(enum grade_tier tier);

/* Sets *out to the tier named name, "easy" to "extreme"; returns 0, or -1
 * for any other name ("unrated" included). */
int grade_tier_parse(const char *name, enum grade_tier *out);

/* As grade_tier_parse for the len bytes at name, in any case ("Hard"):
 * what people type (the socket's words, sudokuctl, the config file). */
int grade_tier_lookup(const char *name, size_t len, enum grade_tier *out);

/* Writes the tiers a puzzle can be asked for, "easy, medium, hard, expert",
 * to out (cut to outlen - 1 bytes), for messages that list them. */
void grade_tier_list(char *out, size_t outlen);

#endif
