/*
 * grade: drives the human solver over a puzzle twice - in Sudoku
 * Explainer's order (the table's) for the score, in HoDoKu's (rater.h)
 * for the tier and the effort - and turns the paths into the grade.  Owns
 * the effort ceilings.
 */
#include "grade.h"
#include "rater.h"
#include "tech.h"

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

/* HoDoKu's singles order (replay_round's), whose weights grade a run of
 * singles.  Its effort replaces ours for each run: the run ends in the
 * same grid whatever the order (singles only ever stay singles), but
 * HoDoKu takes the cheap naked singles first. */
enum {
    SINGLE_FULL_HOUSE,
    SINGLE_NAKED,
    SINGLE_HIDDEN_BOX,
    SINGLE_HIDDEN_LINE,
    SINGLE_KINDS
};

static tech_find_fn *const hodoku_singles[SINGLE_KINDS] = {
    tech_find_full_house,
    tech_find_naked_single,
    tech_find_hidden_single_box,
    tech_find_hidden_single_line,
};

/*
 * A run replayed in HoDoKu's order.  Each round takes what the finders
 * of hodoku_singles[] would return in turn, but the full houses and the
 * naked singles (nearly every round's choice) are kept as sets updated
 * at each placement instead of rescanning the grid: last holds the
 * houses with one empty cell (house_empty 1), naked the empty cells with
 * one candidate.  Without houses, full houses are not looked for (last
 * stays empty) and only the candidates are kept (singles_effort).
 */
struct replay {
    struct human_state *st;
    int houses;
    int spent; /* a cell lost its last candidate */
    uint32_t last;
    uint64_t naked[2]; /* cell x: bit x % 64 of word x / 64 */
};

static void replay_init(struct replay *rp, struct human_state *st, int houses)
{
    rp->st = st;
    rp->houses = houses;
    rp->spent = 0;
    rp->last = 0;
    rp->naked[0] = rp->naked[1] = 0;
    for (int h = 0; h < TECH_HOUSES && houses; h++)
        rp->last |= st->house_empty[h] == 1 ? 1u << h : 0;
    for (int cell = 0; cell < GRID_CELLS; cell++)
        if (!st->value[cell] && bits_count(st->cand[cell]) == 1)
            rp->naked[cell >> 6] |= 1ull << (cell & 63);
}

/* Cell x loses candidate bit (which it has): left with one candidate or
 * none, it enters or leaves naked. */
static void replay_drop(struct replay *rp, int x, unsigned bit)
{
    unsigned m = rp->st->cand[x] & ~bit;
    rp->st->cand[x] = (uint16_t)m;
    if (!(m & (m - 1))) {
        rp->naked[x >> 6] ^= 1ull << (x & 63);
        rp->spent |= !m;
    }
}

/* The same for those of the cells x..x + 3, read as one word of four
 * 16-bit masks, that have bit in the lanes of lanes (bit in each lane
 * looked at). */
static void replay_drop_lanes(struct replay *rp, int x, unsigned bit,
                              uint64_t lanes)
{
    for (uint64_t hit = bits_load16x4(&rp->st->cand[x]) & lanes; hit;
         hit &= hit - 1)
        replay_drop(rp, x + bits_lowest64(hit) / 16, bit);
}

/* Cell x loses bit if it has it. */
static void replay_drop_if(struct replay *rp, int x, unsigned bit)
{
    if (rp->st->cand[x] & bit)
        replay_drop(rp, x, bit);
}

/* With houses, cell is filled: its houses lose an empty cell (from 2 to
 * 1 a house enters last, from 1 to 0 it leaves). */
static void replay_fill(struct replay *rp, int cell, int d)
{
    struct human_state *st = rp->st;
    const int houses[3] = {TECH_ROW(tech_row_of(cell)), TECH_COL(tech_col_of(cell)),
                           TECH_BOX(tech_box_of(cell))};
    if (!rp->houses)
        return;
    st->value[cell] = (uint8_t)d;
    st->empty--;
    for (int k = 0; k < 3; k++)
        if (--st->house_empty[houses[k]] <= 1)
            rp->last ^= 1u << houses[k];
}

#define LANE_0 0xFFFFull
#define LANE_3 (0xFFFFull << 48)

/* The two others of 0, 1, 2: rows of a band, bands of the grid. */
static const int other1[3] = {1, 2, 0}, other2[3] = {2, 0, 1};

/*
 * place_digit's placement, keeping last (with houses) and naked.  The
 * row is three words (cells 0-3, 4-7, and 8 as the last lane of 5-8);
 * each other row of the box one word, read from the box's first cell, or
 * from the cell before it in the last box column (not to read past the
 * grid); the column's cells in the two other bands one by one.
 */
static void replay_place(struct replay *rp, int cell, int d)
{
    unsigned bit = tech_bit(d);
    uint64_t all = bit * BITS_LANES16_01;
    int r = cell / 9, c = cell - 9 * r, band = r / 3, i = r - 3 * band,
        row_start = 9 * r;
    int at = c < 6 ? c - c % 3 : 5;
    uint64_t box = c < 6 ? all & ~LANE_3 : all & ~LANE_0;
    int col1 = 27 * other1[band] + c, col2 = 27 * other2[band] + c;
    replay_fill(rp, cell, d);
    rp->st->cand[cell] = 0;
    rp->naked[cell >> 6] &= ~(1ull << (cell & 63));
    replay_drop_lanes(rp, row_start, bit, all);
    replay_drop_lanes(rp, row_start + 4, bit, all);
    replay_drop_lanes(rp, row_start + 5, bit, all & LANE_3);
    replay_drop_lanes(rp, row_start + 9 * (other1[i] - i) + at, bit, box);
    replay_drop_lanes(rp, row_start + 9 * (other2[i] - i) + at, bit, box);
    for (int k = 0; k < 27; k += 9) {
        replay_drop_if(rp, col1 + k, bit);
        replay_drop_if(rp, col2 + k, bit);
    }
}

/* One round: places HoDoKu's single and returns its kind, or -1 when
 * none is left.  The full houses are those of last, the first naked
 * single the first of naked. */
static int replay_round(struct replay *rp)
{
    const struct human_state *st = rp->st;
    struct human_cand at;
    for (uint32_t h = rp->last; h; h &= h - 1) {
        int d, cell = tech_full_house_cell(st, bits_lowest(h), &d);
        if (cell >= 0) {
            replay_place(rp, cell, d);
            return SINGLE_FULL_HOUSE;
        }
    }
    if (rp->naked[0] | rp->naked[1]) {
        int cell = rp->naked[0] ? bits_lowest64(rp->naked[0])
                                : 64 + bits_lowest64(rp->naked[1]);
        replay_place(rp, cell, tech_lowest_digit(st->cand[cell]));
        return SINGLE_NAKED;
    }
    if (tech_hidden_single_box_at(st, &at) >= 0) {
        replay_place(rp, at.cell, at.digit);
        return SINGLE_HIDDEN_BOX;
    }
    if (tech_hidden_single_line_at(st, &at) >= 0) {
        replay_place(rp, at.cell, at.digit);
        return SINGLE_HIDDEN_LINE;
    }
    return -1;
}

/*
 * The effort of a run replayed from st, houses followed or not.  Our
 * solver placed n digits from st to reach end, where it found no single
 * (or none was left to find): a replay that has placed n digits and
 * holds end's candidates would find none either (the naked singles and
 * the hidden singles are read from the candidates, and a full house is
 * a naked single, see singles_effort), so it stops there without its
 * last, fruitless search.
 */
static int replay_effort(struct replay *rp, struct human_state *st, int houses,
                         const int *weight, const struct human_state *end, int n,
                         int counts[SINGLE_KINDS])
{
    int effort = 0;
    replay_init(rp, st, houses);
    memset(counts, 0, SINGLE_KINDS * sizeof *counts);
    for (int placed = 0, k;; placed++) {
        if (placed == n && !memcmp(st->cand, end->cand, sizeof st->cand))
            break;
        if ((k = replay_round(rp)) < 0)
            break;
        effort += weight[k];
        counts[k]++;
    }
    return effort;
}

/*
 * Effort of solving st with singles only, in HoDoKu's order; weight[k]
 * is hodoku_singles[k]'s.  A full house is a naked single (an empty
 * cell never keeps a digit placed in its houses, so its candidates are
 * the one digit its house misses): a round takes one or the other
 * exactly when naked is not empty.  And until a cell loses its last
 * candidate, naked singles placed in any order end in the same grid
 * (each stays a naked single of the same digit until placed, and one
 * order placing a cell that another order never places would need two
 * cells that see each other to hold the same digit): the hidden singles
 * are taken in the same grids.  So when the two weigh the same, the run
 * is replayed without its houses (a copy, no full house looked for),
 * and again in HoDoKu's own order only when a cell ran out of
 * candidates.
 */
static int singles_effort(struct human_state *st, const int *weight,
                          const struct human_state *end, int n,
                          int counts[SINGLE_KINDS])
{
    struct replay rp;
    if (weight[SINGLE_FULL_HOUSE] == weight[SINGLE_NAKED]) {
        struct human_state copy = *st;
        int effort = replay_effort(&rp, &copy, 0, weight, end, n, counts);
        if (!rp.spent)
            return effort; /* full houses counted as naked singles */
    }
    return replay_effort(&rp, st, 1, weight, end, n, counts);
}

/* The rows whose runs are replayed: the singles (kind column). */
static int is_single(int tech)
{
    return tech_table[tech].kind == TECH_KIND_SINGLE;
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

/* A rater resolved against the table: its order, and per table row the
 * level and score of its steps (-1: not in the rater). */
struct resolved {
    struct tech_order_row rows[HUMAN_TECH_MAX];
    int n;
    int level[HUMAN_TECH_MAX];
    int score[HUMAN_TECH_MAX];
};

static int row_of(tech_find_fn *find)
{
    for (int t = 0; t < tech_table_len; t++)
        if (tech_table[t].find == find)
            return t;
    return -1;
}

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
        out->rows[out->n++] = (struct tech_order_row){
            rr->find, t, tech_table[t].find == rr->find, rr->choice == RATER_MOST};
        out->level[t] = (int)rr->level;
        out->score[t] = rr->score;
    }
    return 0;
}

struct run {
    struct grade *g;
    const struct resolved *rs;
    struct human_state start; /* where the current run of singles began */
    int singles;              /* its steps so far (0: not in a run) */
    int level;
    int hardest_score;
    int kind_row[SINGLE_KINDS]; /* table row of hodoku_singles[k] */
    int weight[SINGLE_KINDS];   /* its score */
};

/* Step of table row t, level and score as the rater gives them, counted
 * n times: the level, and the hardest (highest level, then score). */
static void take(struct run *r, int t, int n)
{
    struct grade *g = r->g;
    int level = r->rs->level[t], score = r->rs->score[t];
    g->tier_count[t] += n;
    if (level > r->level)
        r->level = level;
    if (g->tier_hardest < 0 || level > r->rs->level[g->tier_hardest] ||
        (level == r->rs->level[g->tier_hardest] && score > r->hardest_score)) {
        g->tier_hardest = t;
        r->hardest_score = score;
    }
}

/* The run of singles, if any, ended in end (the grid of the next step,
 * or the last). */
static void close_singles(struct run *r, const struct human_state *end)
{
    int counts[SINGLE_KINDS];
    if (!r->singles)
        return;
    r->g->effort += singles_effort(&r->start, r->weight, end, r->singles, counts);
    for (int k = 0; k < SINGLE_KINDS; k++)
        if (counts[k])
            take(r, r->kind_row[k], counts[k]);
    r->singles = 0;
}

static int on_tier_step(void *arg, const struct human_state *before,
                        const struct human_step *step)
{
    struct run *r = arg;
    int t = step->tech;
    if (is_single(t)) {
        if (!r->singles++)
            r->start = *before;
        return 0;
    }
    close_singles(r, before);
    r->g->effort += r->rs->score[t];
    take(r, t, 1);
    return 0;
}

/* The tier pass: solves puzzle in rater rs's order into g's tier,
 * effort, tier_hardest and tier_count; returns the solver's status. */
static int tier_pass(const struct grid *puzzle, const struct resolved *rs,
                     struct grade *g)
{
    struct human_state st;
    struct run r = {.g = g, .rs = rs, .singles = 0, .level = GRADE_EASY,
                    .hardest_score = 0};
    for (int k = 0; k < SINGLE_KINDS; k++) {
        r.kind_row[k] = row_of(hodoku_singles[k]);
        r.weight[k] = rs->score[r.kind_row[k]];
    }
    human_init(&st, puzzle);
    int status = tech_solve_order(&st, rs->rows, rs->n, 0, on_tier_step, &r);
    close_singles(&r, &st);
    if (status == HUMAN_SOLVED)
        g->tier = grade_tier_for((enum grade_tier)r.level, g->effort);
    return status;
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
