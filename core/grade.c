/*
 * grade: drives the human solver over a puzzle and turns its path into a
 * score, a tier and an effort.  Owns the effort ceilings.
 */
#include "grade.h"
#include "tech.h"

#include <limits.h>
#include <string.h>

/*
 * Effort ceilings per tier: HoDoKu 2.2's maximum scores for EASY (800),
 * MEDIUM (1000) and HARD (1600).  Our expert is HoDoKu's UNFAIR (1800)
 * and EXTREME together, so it has no ceiling.  The per-technique weights
 * are the `weight` column of tech_table.c (HoDoKu's step scores: full
 * house 4, naked single 4, hidden single 14, locked pair 40, pointing and
 * claiming 50, locked triple 60, naked pair 60, hidden pair 70, naked
 * triple 80, hidden triple 100, naked quad 120, hidden quad 150).
 */
static const int ceiling[4] = { 800, 1000, 1600, INT_MAX };

int grade_ceiling(enum grade_tier tier)
{
    if ((unsigned)tier > GRADE_EXPERT)
        return INT_MAX;
    return ceiling[tier];
}

enum grade_tier grade_tier_for(enum human_group group, int effort)
{
    int tier = (int)group;
    while (tier < GRADE_EXPERT && effort > ceiling[tier])
        tier++;
    return (enum grade_tier)tier;
}

const char *grade_tier_name(enum grade_tier tier)
{
    static const char *const names[] = { "easy", "medium", "hard", "expert",
                                         "unrated" };
    if ((unsigned)tier > GRADE_UNRATED)
        return "unknown";
    return names[tier];
}

/* HoDoKu's singles order.  Its effort replaces ours for each run of
 * singles: the run ends in the same grid whatever the order (singles only
 * ever stay singles), but HoDoKu takes the cheap naked singles first. */
static int (*const hodoku_singles[])(const struct human_state *,
                                      struct human_step *) = {
    tech_find_full_house,
    tech_find_naked_single,
    tech_find_hidden_single_box,
    tech_find_hidden_single_line,
};

static int weight_of(int (*find)(const struct human_state *,
                                 struct human_step *))
{
    for (int t = 0; t < tech_table_len; t++)
        if (tech_table[t].find == find)
            return tech_table[t].info.weight;
    return 0;
}

#define SINGLE_KINDS (sizeof hodoku_singles / sizeof hodoku_singles[0])

/* Effort of solving st with singles only, in HoDoKu's order; weight[k]
 * is hodoku_singles[k]'s. */
static int singles_effort(struct human_state *st, const int *weight)
{
    struct human_step step;
    int effort = 0, found = 1;
    step.flags = 0;
    while (found) {
        found = 0;
        for (size_t k = 0; k < SINGLE_KINDS; k++) {
            tech_step_reset(&step);
            if (hodoku_singles[k](st, &step)) {
                effort += weight[k];
                human_apply(st, &step);
                found = 1;
                break;
            }
        }
    }
    return effort;
}

static int is_single(int tech)
{
    return tech_table[tech].info.group == HUMAN_GROUP_EASY;
}

struct run {
    struct grade *g;
    struct human_state start;   /* where the current run of singles began */
    int in_singles;
    int group;
    int weight[SINGLE_KINDS];   /* of hodoku_singles[], looked up once */
};

static void close_singles(struct run *r)
{
    if (r->in_singles)
        r->g->effort += singles_effort(&r->start, r->weight);
    r->in_singles = 0;
}

static int on_step(void *arg, const struct human_state *before,
                   const struct human_step *step)
{
    struct run *r = arg;
    struct grade *g = r->g;
    int t = step->tech;
    if (is_single(t) && !r->in_singles) {
        r->start = *before;
        r->in_singles = 1;
    } else if (!is_single(t)) {
        close_singles(r);
        g->effort += tech_table[t].info.weight;
    }
    g->count[t]++;
    g->steps++;
    if ((int)tech_table[t].info.group > r->group)
        r->group = (int)tech_table[t].info.group;
    if (g->hardest < 0 || step->rating >= g->score) {
        g->hardest = t;
        g->score = step->rating;
    }
    return 0;
}

int grade_puzzle(const struct grid *puzzle, struct grade *out)
{
    struct human_state st;
    struct run r = { .g = out, .in_singles = 0, .group = HUMAN_GROUP_EASY };
    for (size_t k = 0; k < SINGLE_KINDS; k++)
        r.weight[k] = weight_of(hodoku_singles[k]);
    memset(out, 0, sizeof *out);
    out->hardest = -1;
    out->tier = GRADE_UNRATED;
    out->status = human_init(&st, puzzle);
    if (out->status == HUMAN_INVALID)
        return out->status;
    out->status = human_solve(&st, 0, on_step, &r);
    close_singles(&r);
    if (out->status == HUMAN_SOLVED)
        out->tier = grade_tier_for((enum human_group)r.group, out->effort);
    return out->status;
}
