/*
 * grade: drives the human solver over a puzzle twice - in Sudoku
 * Explainer's order (the table's) for the score, in HoDoKu's (rater.h)
 * for the tier and the effort - and turns the paths into the grade.  Owns
 * the effort ceilings.
 */
#include "grade.h"
#include "rater.h"
#include "rater_singles.h"
#include "tech.h"
#include "tech_digits.h"

#include <limits.h>
#include <stdint.h>
#include <string.h>

/*
 * Effort ceilings per tier: HoDoKu 2.2's maximum scores for EASY (800),
 * MEDIUM (1000), HARD (1600) and UNFAIR (1800, our expert); EXTREME has
 * no ceiling.  The per-step scores are HoDoKu's base scores, in its
 * rater's rows (rater.c).
 */
static const int ceiling[GRADE_TIERS] = {800, 1000, 1600, 1800, INT_MAX};

int grade_ceiling(enum grade_tier tier)
{
    if ((unsigned)tier > GRADE_EXTREME)
        return INT_MAX;
    return ceiling[tier];
}

enum grade_tier grade_tier_for(enum grade_tier level, int effort)
{
    int tier = (int)level;
    while (tier < GRADE_EXTREME && effort > ceiling[tier])
        tier++;
    return (enum grade_tier)tier;
}

static const char *const tier_names[] = {"easy",    "medium",  "hard",
                                         "expert",  "extreme", "unrated"};

const char *grade_tier_name(enum grade_tier tier)
{
    if ((unsigned)tier > GRADE_UNRATED)
        return "unknown";
    return tier_names[tier];
}

int grade_tier_parse(const char *name, enum grade_tier *out)
{
    for (int t = 0; t < GRADE_TIERS; t++) {
        if (strcmp(name, tier_names[t]) == 0) {
            *out = (enum grade_tier)t;
            return 0;
        }
    }
    return -1;
}

/* ---- the score: Sudoku Explainer's order, the table's ---------------- */

static int on_se_step(void *arg, const struct human_state *before,
                      const struct human_step *step)
{
    struct grade *g = arg;
    int t = step->tech;
    (void)before;
    g->count[t]++;
    g->steps++;
    if (g->hardest < 0 || step->rating >= g->score) {
        g->hardest = t;
        g->score = step->rating;
    }
    return 0;
}

/* ---- the tier and effort: HoDoKu's order (rater_hodoku) --------------- */

/* A rater resolved against the table: its order without the singles
 * (rater_singles finds those), and per table row the level and score of
 * its steps (-1: not in the rater). */
struct resolved {
    struct tech_order_row rows[HUMAN_TECH_MAX];
    int n;
    int level[HUMAN_TECH_MAX];
    int score[HUMAN_TECH_MAX];
    int single_row[RATER_SINGLE_KINDS]; /* table row of each kind */
};

static int row_of(tech_find_fn *find)
{
    for (int t = 0; t < tech_table_len; t++)
        if (tech_table[t].find == find)
            return t;
    return -1;
}

/* The singles' rows, by kind (the hidden singles' box row stands for
 * both). */
static tech_find_fn *const single_find[RATER_SINGLE_KINDS] = {
    tech_find_full_house,
    tech_find_naked_single,
    tech_find_hidden_single_box,
};

/* Resolves rater r; returns 0, or -1 when a row names no table row. */
static int resolve(const struct rater *r, struct resolved *out)
{
    out->n = 0;
    for (int t = 0; t < tech_table_len; t++)
        out->level[t] = out->score[t] = -1;
    for (int i = 0; i < r->n_rows && i < HUMAN_TECH_MAX; i++) {
        const struct rater_row *rr = &r->rows[i];
        int t = row_of(rr->as ? rr->as : rr->find);
        if (t < 0)
            return -1;
        out->level[t] = (int)rr->level;
        out->score[t] = rr->score;
        if (tech_table[t].kind != TECH_KIND_SINGLE)
            out->rows[out->n++] = (struct tech_order_row){
                rr->find, t,
                rr->choice == RATER_MOST          ? TECH_CHOOSE_MOST
                : rr->choice == RATER_LINES_FIRST ? TECH_CHOOSE_LINES_FIRST
                                                  : TECH_CHOOSE_FIRST,
                rr->choice == RATER_FIRST_ELIMINATING};
    }
    for (int k = 0; k < RATER_SINGLE_KINDS; k++)
        if ((out->single_row[k] = row_of(single_find[k])) < 0 ||
            out->score[out->single_row[k]] < 0)
            return -1;
    return 0;
}

/* Step of table row t as the rater rates it: the effort, the level, the
 * hardest (highest level, then score). */
static void take(struct grade *g, const struct resolved *rs, int t, int *level)
{
    int lv = rs->level[t], score = rs->score[t];
    g->effort += score;
    g->tier_count[t]++;
    if (lv > *level)
        *level = lv;
    if (g->tier_hardest < 0 || lv > rs->level[g->tier_hardest] ||
        (lv == rs->level[g->tier_hardest] && score > rs->score[g->tier_hardest]))
        g->tier_hardest = t;
}

/* The tier pass: solves puzzle as HoDoKu does - its singles from its
 * queues, then the first row of rs's order - into g's tier, effort,
 * tier_hardest and tier_count.  Returns the solver's status. */
static int tier_pass(const struct grid *puzzle, const struct resolved *rs,
                     struct grade *g)
{
    struct human_state st;
    struct rater_singles sq;
    struct tech_memo memo;
    struct human_step step;
    int level = GRADE_EASY;
    human_init(&st, puzzle);
    rater_singles_init(&sq, puzzle);
    tech_memo_init(&memo);
    step.flags = 0;
    while (st.empty > 0) {
        int cell, digit, kind = rater_singles_next(&sq, &cell, &digit);
        if (kind >= 0) {
            tech_step_reset(&step);
            tech_place(&step, cell, digit);
            take(g, rs, rs->single_row[kind], &level);
        } else if (tech_find_order(&st, rs->rows, rs->n, &step, &memo)) {
            take(g, rs, step.tech, &level);
        } else {
            return human_check(&st) ? HUMAN_INVALID : HUMAN_STUCK;
        }
        human_apply(&st, &step);
        rater_singles_step(&sq, &step);
        tech_memo_step(&memo);
    }
    if (human_check(&st))
        return HUMAN_INVALID;
    g->tier = grade_tier_for((enum grade_tier)level, g->effort);
    return HUMAN_SOLVED;
}

int grade_puzzle(const struct grid *puzzle, struct grade *out)
{
    struct human_state st;
    struct resolved rs;
    memset(out, 0, sizeof *out);
    out->hardest = out->tier_hardest = -1;
    out->tier = GRADE_UNRATED;
    out->status = human_init(&st, puzzle);
    if (out->status == HUMAN_INVALID)
        return out->status;
    out->status = human_solve(&st, 0, on_se_step, out);
    if (out->status != HUMAN_SOLVED || resolve(&rater_hodoku, &rs) != 0)
        return out->status;
    if (tier_pass(puzzle, &rs, out) != HUMAN_SOLVED)
        out->tier = GRADE_UNRATED;
    return out->status;
}
