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
#include <stdio.h>
#include <string.h>
#include <strings.h>

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

int grade_tier_lookup(const char *name, size_t len, enum grade_tier *out)
{
    for (int t = 0; t < GRADE_TIERS; t++) {
        if (strlen(tier_names[t]) == len &&
            strncasecmp(name, tier_names[t], len) == 0) {
            *out = (enum grade_tier)t;
            return 0;
        }
    }
    return -1;
}

void grade_tier_list(char *out, size_t outlen)
{
    size_t len = 0;

    if (outlen == 0)
        return;
    out[0] = '\0';
    for (int t = 0; t < GRADE_TIERS && len + 1 < outlen; t++) {
        int n = snprintf(out + len, outlen - len, "%s%s", t > 0 ? ", " : "",
                         tier_names[t]);
        if (n < 0)
            break;
        len += (size_t)n < outlen - len ? (size_t)n : outlen - len - 1;
    }
}

/* ---- the raters resolved against the table --------------------------- */

/* A rater resolved against the table: its order (without the singles
 * when it takes them from HoDoKu's queues, rater_singles), and per table
 * row the level and score of its steps (-1: not in the rater). */
struct resolved {
    struct tech_order_row rows[HUMAN_TECH_MAX];
    int n;
    int level[HUMAN_TECH_MAX];
    int score[HUMAN_TECH_MAX];
    int single_row[RATER_SINGLE_KINDS]; /* table row of each kind */
};

/* The table row whose find is find (each row has its own), looked for
 * from row from on, round the table: a rater lists most rows in the
 * table's order, so from the row after the last one found the search is
 * short.  -1: none. */
static int row_from(tech_find_fn *find, int from)
{
    /* two plain runs, not one with a remainder: HoDoKu's rows are out of
     * the table's order, so most searches go far round, and a division
     * per row cost about a seventh of an easy puzzle's grade */
    for (int t = from; t < tech_table_len; t++)
        if (tech_table[t].find == find)
            return t;
    for (int t = 0; t < from && t < tech_table_len; t++)
        if (tech_table[t].find == find)
            return t;
    return -1;
}

static int row_of(tech_find_fn *find)
{
    return row_from(find, 0);
}

/* The singles' rows, by kind (the hidden singles' box row stands for
 * both). */
static tech_find_fn *const single_find[RATER_SINGLE_KINDS] = {
    tech_find_full_house,
    tech_find_naked_single,
    tech_find_hidden_single_box,
};

static enum tech_choose choose_of(enum rater_choice c)
{
    return c == RATER_MOST          ? TECH_CHOOSE_MOST
           : c == RATER_LINES_FIRST ? TECH_CHOOSE_LINES_FIRST
                                    : TECH_CHOOSE_FIRST;
}

/* Resolves rater r; returns 0, or -1 when a row names no table row. */
static int resolve(const struct rater *r, struct resolved *out)
{
    int queued = r->rule == RATER_TIER, from = 0;
    out->n = 0;
    for (int t = 0; t < tech_table_len; t++)
        out->level[t] = out->score[t] = -1;
    for (int i = 0; i < r->n_rows && i < HUMAN_TECH_MAX; i++) {
        const struct rater_row *rr = &r->rows[i];
        int t = row_from(rr->as ? rr->as : rr->find, from);
        if (t < 0)
            return -1;
        from = t + 1;
        out->level[t] = (int)rr->level;
        out->score[t] = rr->score;
        if (!queued || tech_table[t].kind != TECH_KIND_SINGLE)
            out->rows[out->n++] = (struct tech_order_row){
                rr->find,
                t,
                choose_of(rr->choice),
                rr->choice == RATER_FIRST_ELIMINATING,
                queued || rr->score == RATER_BY_STEP ? -1 : rr->score};
    }
    for (int k = 0; queued && k < RATER_SINGLE_KINDS; k++)
        if ((out->single_row[k] = row_of(single_find[k])) < 0 ||
            out->score[out->single_row[k]] < 0)
            return -1;
    return 0;
}

/* ---- the score: Sudoku Explainer's pass (rater_se) -------------------- */

/*
 * A step of SE's pass: the score is the highest difficulty met (hardest
 * its row, the last of the highest); the diamond the difficulty after
 * the first step, the pearl the highest up to the first step that
 * places a digit (Solver.getDifficulty's ED and EP).
 */
static void se_take(struct grade *g, const struct human_step *step)
{
    int t = step->tech;
    g->count[t]++;
    g->steps++;
    if (g->hardest < 0 || step->rating >= g->score) {
        g->hardest = t;
        g->score = step->rating;
    }
    if (g->pearl == 0) {
        if (g->diamond == 0)
            g->diamond = g->score;
        if (step->n_place > 0)
            g->pearl = g->score;
    }
}

/* ---- the tier and effort: HoDoKu's pass (rater_hodoku) ---------------- */
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

/* HoDoKu's pass in progress: its grid, its singles queues, its memo (once
 * it no longer shares the score pass's) and the highest level so far. */
struct tier_run {
    struct human_state st;
    struct rater_singles sq;
    struct tech_memo memo;
    int level;
};

/* HoDoKu's singles taken from its queues until none is left, into sq
 * alone. */
static void drain_singles(struct tier_run *tr, const struct resolved *rs,
                          struct grade *g)
{
    int cell, digit, kind;
    while ((kind = rater_singles_next(&tr->sq, &cell, &digit)) >= 0) {
        take(g, rs, rs->single_row[kind], &tr->level);
        rater_singles_place(&tr->sq, cell, digit);
    }
}

/* HoDoKu's single (kind, cell, digit) in st as a step of table row
 * single_row[kind] (a hidden single in a line: the line's row), with its
 * sentence when step's flags ask. */
static void queued_single(const struct human_state *st, const struct resolved *rs,
                          int kind, int cell, int digit, struct human_step *step)
{
    int h = -1, houses[3] = {TECH_BOX(tech_box_of(cell)), TECH_ROW(tech_row_of(cell)),
                              TECH_COL(tech_col_of(cell))};
    tech_step_reset(step);
    tech_place(step, cell, digit);
    step->tech = rs->single_row[kind];
    for (int k = 0; k < 3 && h < 0 && kind != RATER_NAKED_SINGLE; k++) {
        int n = 0;
        for (int i = 0; i < 9; i++) {
            int c = tech_house_cells[houses[k]][i];
            n += kind == RATER_FULL_HOUSE ? !st->value[c] : tech_has(st, c, digit);
        }
        h = n == 1 ? houses[k] : -1;
    }
    if (kind == RATER_HIDDEN_SINGLE && h >= 0 && h < TECH_BOX(0))
        step->tech = row_of(tech_find_hidden_single_line);
    step->rating = tech_table[step->tech].info.rating;
    if (kind == RATER_NAKED_SINGLE || h < 0) {
        tech_say(step, "Naked single: ");
        tech_say_cell(step, cell);
        tech_say(step, " has one candidate left, so it is %d", digit);
    } else if (kind == RATER_FULL_HOUSE) {
        tech_say(step, "Full house: ");
        tech_say_cell(step, cell);
        tech_say(step, " is the last empty cell in ");
        tech_say_house(step, h);
        tech_say(step, ", so it is %d", digit);
    } else {
        tech_say(step, "Hidden single: in ");
        tech_say_house(step, h);
        tech_say(step, " the %d can only go in ", digit);
        tech_say_cell(step, cell);
    }
}

/* Continues HoDoKu's pass from tr (st and sq the same grid) to its end:
 * its singles from its queues, then the first row of rs's order; each
 * step added to g (when not NULL) and handed to cb (when not NULL; its
 * steps built with flags).  Returns the solver's status. */
static int tier_loop(struct tier_run *tr, const struct resolved *rs, struct grade *g,
                     unsigned flags, human_step_cb cb, void *arg)
{
    struct human_step step;
    step.flags = flags;
    while (tr->st.empty > 0) {
        int cell, digit, kind = rater_singles_next(&tr->sq, &cell, &digit);
        if (kind >= 0 && cb) {
            queued_single(&tr->st, rs, kind, cell, digit, &step);
        } else if (kind >= 0) {
            tech_step_reset(&step);
            tech_place(&step, cell, digit);
            step.tech = rs->single_row[kind];
        } else if (!tech_find_order(&tr->st, rs->rows, rs->n, &step, &tr->memo, 0, 0,
                                    NULL)) {
            return human_check(&tr->st) ? HUMAN_INVALID : HUMAN_STUCK;
        }
        if (g)
            take(g, rs, step.tech, &tr->level);
        if (cb && cb(arg, &tr->st, &step))
            return HUMAN_STOPPED;
        human_apply(&tr->st, &step);
        rater_singles_step(&tr->sq, &step);
        tech_memo_step(&tr->memo);
    }
    return human_check(&tr->st) ? HUMAN_INVALID : HUMAN_SOLVED;
}

/* HoDoKu's pass alone, from the puzzle (tr's grid and queues set up). */
static int tier_pass(const struct grid *puzzle, const struct resolved *rs,
                     struct tier_run *tr, struct grade *g)
{
    g->effort = 0;
    g->tier_hardest = -1;
    memset(g->tier_count, 0, sizeof g->tier_count);
    tr->level = GRADE_EASY;
    human_init(&tr->st, puzzle);
    rater_singles_init(&tr->sq, puzzle);
    tech_memo_init(&tr->memo);
    return tier_loop(tr, rs, g, 0, NULL, NULL);
}

/* 1 when each of the n candidates of a is among the n of b. */
static int same_cands(const struct human_cand *a, const struct human_cand *b, int n)
{
    for (int i = 0; i < n; i++) {
        int k = 0;
        while (k < n && memcmp(&a[i], &b[k], sizeof a[i]))
            k++;
        if (k == n)
            return 0;
    }
    return 1;
}

/* 1 when a and b place and remove the same candidates. */
static int same_step(const struct human_step *a, const struct human_step *b)
{
    return a->n_place == b->n_place && a->n_elim == b->n_elim &&
           same_cands(a->place, b->place, a->n_place) &&
           same_cands(a->elim, b->elim, a->n_elim);
}

enum share { SHARED, DIVERGED, TIER_DONE, TIER_AGAIN };

/* HoDoKu's grid, when SE's pass took only singles since the two last
 * took the same step: st (SE's grid) with the singles HoDoKu took and SE
 * did not yet (a single stays a single: HoDoKu's singles are all of
 * them).  Returns 0, or -1 when st has a digit HoDoKu's grid lacks. */
static int hodoku_grid(const struct human_state *st, const struct rater_singles *sq,
                       struct human_state *out)
{
    struct human_step extra;
    extra.flags = 0;
    *out = *st;
    for (int cell = 0; cell < GRID_CELLS; cell++) {
        if (st->value[cell] == sq->value[cell])
            continue;
        if (st->value[cell])
            return -1;
        tech_step_reset(&extra);
        tech_place(&extra, cell, sq->value[cell]);
        human_apply(out, &extra);
    }
    return 0;
}

/*
 * SE's pass is about to take se, not a single, in st, having taken only
 * singles since the two passes last took the same step; empty: the
 * table rows its search found nothing in st.  HoDoKu's pass takes its
 * singles.  When that leaves it SE's grid, it chooses its step in st
 * with SE's memo (se_rows: the table rows SE's order searches, whose
 * slots hold SE's records), skipping the rows known empty: SHARED when it is se,
 * taken for both; DIVERGED when not (tr goes on alone from its step).
 * When SE has taken fewer singles (its direct rules and hidden singles
 * come before naked singles), HoDoKu goes on alone from its own grid:
 * DIVERGED.  Going on alone, HoDoKu's pass keeps what SE's memo knows (its
 * grid comes from st by steps of its own: tech_memo_fork), so its rows do
 * not search again what was searched in vain on the shared grid.
 * TIER_DONE: HoDoKu's pass is stuck (its status in *status);
 * TIER_AGAIN: its grid cannot be told from st (cannot happen while
 * singles stay singles), so it must be run alone from the start.
 */
static enum share hodoku_step(const struct human_state *st, struct tech_memo *memo,
                              tech_rows empty, tech_rows se_rows, const struct human_step *se,
                              const struct resolved *rs, struct tier_run *tr,
                              struct grade *g, int *status)
{
    struct human_step ho;
    drain_singles(tr, rs, g);
    if (memcmp(tr->sq.value, st->value, sizeof st->value)) {
        if (hodoku_grid(st, &tr->sq, &tr->st) != 0)
            return TIER_AGAIN;
        tech_memo_fork(&tr->memo, memo);
        return DIVERGED;
    }
    ho.flags = 0;
    if (!tech_find_order(st, rs->rows, rs->n, &ho, memo, empty, se_rows, NULL)) {
        *status = human_check(st) ? HUMAN_INVALID : HUMAN_STUCK;
        return TIER_DONE;
    }
    take(g, rs, ho.tech, &tr->level);
    rater_singles_step(&tr->sq, &ho);
    if (same_step(se, &ho))
        return SHARED;
    tr->st = *st;
    human_apply(&tr->st, &ho);
    tech_memo_fork(&tr->memo, memo);
    return DIVERGED;
}

/*
 * Both passes in one: SE's pass (rater_se) solves st; HoDoKu's
 * (rater_hodoku) shares its grid and memo as long as both take the same
 * step (a search of HoDoKu's rows skips those SE's just found empty),
 * and goes on alone from the first step they choose differently.
 */
int grade_puzzle(const struct grid *puzzle, struct grade *out)
{
    struct human_state st;
    struct resolved se_rs, rs;
    struct tech_memo memo;
    struct tier_run tr;
    struct human_step se;
    enum share share = SHARED;
    int tier_status = HUMAN_STUCK;
    memset(out, 0, sizeof *out);
    out->hardest = out->tier_hardest = -1;
    out->tier = GRADE_UNRATED;
    out->status = human_init(&st, puzzle);
    if (out->status == HUMAN_INVALID)
        return out->status;
    if (resolve(&rater_se, &se_rs) != 0) {
        out->status = HUMAN_STUCK; /* no score: a rater row names no table row */
        return out->status;
    }
    if (resolve(&rater_hodoku, &rs) != 0)
        share = TIER_DONE; /* no tier: a rater row names no table row */
    tech_rows se_rows = 0;
    for (int i = 0; i < se_rs.n; i++)
        se_rows |= (tech_rows)1 << se_rs.rows[i].tech;
    rater_singles_init(&tr.sq, puzzle);
    tr.level = GRADE_EASY;
    tech_memo_init(&memo);
    se.flags = 0;
    out->status = HUMAN_SOLVED;
    while (st.empty > 0) {
        tech_rows empty = 0;
        if (!tech_find_order(&st, se_rs.rows, se_rs.n, &se, &memo, 0, 0, &empty)) {
            out->status = human_check(&st) ? HUMAN_INVALID : HUMAN_STUCK;
            break;
        }
        if (share == SHARED && tech_table[se.tech].kind != TECH_KIND_SINGLE)
            share = hodoku_step(&st, &memo, empty, se_rows, &se, &rs, &tr, out,
                                &tier_status);
        se_take(out, &se);
        human_apply(&st, &se);
        tech_memo_step(&memo);
    }
    if (out->status == HUMAN_SOLVED && human_check(&st))
        out->status = HUMAN_INVALID;
    if (out->status != HUMAN_SOLVED)
        return out->status;
    if (share == SHARED) {
        drain_singles(&tr, &rs, out);
        tier_status = memcmp(tr.sq.value, st.value, sizeof st.value)
                          ? tier_pass(puzzle, &rs, &tr, out)
                          : HUMAN_SOLVED;
    } else if (share == DIVERGED) {
        tier_status = tier_loop(&tr, &rs, out, 0, NULL, NULL);
    } else if (share == TIER_AGAIN) {
        tier_status = tier_pass(puzzle, &rs, &tr, out);
    }
    if (tier_status == HUMAN_SOLVED)
        out->tier = grade_tier_for((enum grade_tier)tr.level, out->effort);
    return out->status;
}

/* HoDoKu's queues for a state: its digits placed as givens, then the
 * candidates it lacks removed (a step's worth at a time). */
static void singles_of_state(const struct human_state *st, struct rater_singles *sq)
{
    struct grid g;
    struct human_step gone;
    human_to_grid(st, &g);
    rater_singles_init(sq, &g);
    gone.flags = 0;
    tech_step_reset(&gone);
    for (int cell = 0; cell < GRID_CELLS; cell++) {
        unsigned m = st->value[cell] ? 0 : sq->cand[cell] & ~st->cand[cell];
        for (; m; m &= m - 1) {
            if (gone.n_elim == HUMAN_STEP_MAX_ELIM) {
                rater_singles_step(sq, &gone);
                tech_step_reset(&gone);
            }
            gone.elim[gone.n_elim].cell = (uint8_t)cell;
            gone.elim[gone.n_elim++].digit = (uint8_t)tech_lowest_digit(m);
        }
    }
    rater_singles_step(sq, &gone);
}

int grade_solve(struct human_state *st, enum grade_rater rater, unsigned flags,
                human_step_cb cb, void *arg)
{
    struct resolved rs;
    if (rater == GRADE_RATER_HODOKU) {
        struct tier_run tr;
        if (resolve(&rater_hodoku, &rs) != 0)
            return HUMAN_STUCK;
        tr.st = *st;
        tr.level = GRADE_EASY;
        singles_of_state(st, &tr.sq);
        tech_memo_init(&tr.memo);
        int status = tier_loop(&tr, &rs, NULL, flags, cb, arg);
        *st = tr.st;
        return status;
    }
    if (resolve(&rater_se, &rs) != 0)
        return HUMAN_STUCK;
    return tech_solve_order(st, rs.rows, rs.n, flags, cb, arg);
}
