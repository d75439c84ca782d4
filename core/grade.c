/*
 * grade: drives the human solver over a puzzle and turns its path into a
 * score, a tier and an effort.  Owns the effort ceilings.
 */
#include "grade.h"
#include "tech_digits.h"

#include <limits.h>
#include <stdint.h>
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

/* HoDoKu's singles order (replay_round's), whose weights grade a run of
 * singles.  Its effort replaces ours for each run: the run ends in the
 * same grid whatever the order (singles only ever stay singles), but
 * HoDoKu takes the cheap naked singles first. */
enum { SINGLE_FULL_HOUSE, SINGLE_NAKED, SINGLE_HIDDEN_BOX, SINGLE_HIDDEN_LINE,
       SINGLE_KINDS };

static int (*const hodoku_singles[SINGLE_KINDS])(const struct human_state *,
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

/*
 * A run replayed in HoDoKu's order.  Each round takes what the finders
 * of hodoku_singles[] would return in turn, but the full houses and the
 * naked singles (nearly every round's choice) are kept as sets updated
 * at each placement instead of rescanning the grid: last holds the
 * houses with one empty cell (house_empty 1), naked the empty cells with
 * one candidate.
 */
struct replay {
    struct human_state *st;
    uint32_t last;
    uint64_t naked[2];   /* cell x: bit x % 64 of word x / 64 */
};

static void replay_init(struct replay *rp, struct human_state *st)
{
    rp->st = st;
    rp->last = 0;
    rp->naked[0] = rp->naked[1] = 0;
    for (int h = 0; h < TECH_HOUSES; h++)
        rp->last |= st->house_empty[h] == 1 ? 1u << h : 0;
    for (int cell = 0; cell < GRID_CELLS; cell++)
        if (!st->value[cell] && tech_count(st->cand[cell]) == 1)
            rp->naked[cell >> 6] |= 1ull << (cell & 63);
}

/* Cell x loses candidate bit (which it has): left with one candidate or
 * none, it enters or leaves naked. */
static void replay_drop(struct replay *rp, int x, unsigned bit)
{
    unsigned m = rp->st->cand[x] & ~bit;
    rp->st->cand[x] = (uint16_t)m;
    if (!(m & (m - 1)))
        rp->naked[x >> 6] ^= 1ull << (x & 63);
}

/* The same for those of the cells x..x + n - 1 (n 1 to 4) that have bit,
 * read as one word of four 16-bit masks. */
static void replay_drop_run(struct replay *rp, int x, int n, unsigned bit)
{
    uint64_t masks = 0;
    memcpy(&masks, &rp->st->cand[x], (size_t)n * sizeof rp->st->cand[0]);
    for (uint64_t hit = masks & bit * 0x0001000100010001ull; hit; hit &= hit - 1)
        replay_drop(rp, x + __builtin_ctzll(hit) / 16, bit);
}

/* place_digit's placement, keeping last and naked. */
static void replay_place(struct replay *rp, int cell, int d)
{
    struct human_state *st = rp->st;
    unsigned bit = tech_bit(d);
    int row = cell - cell % 9, col = cell % 9, box = cell / 27 * 27 + col / 3 * 3;
    const int houses[3] = { TECH_ROW(row / 9), TECH_COL(col), TECH_BOX(tech_box_of(cell)) };
    st->value[cell] = (uint8_t)d;
    st->cand[cell] = 0;
    st->empty--;
    rp->naked[cell >> 6] &= ~(1ull << (cell & 63));
    for (int k = 0; k < 3; k++)
        if (--st->house_empty[houses[k]] <= 1)   /* from 2 to 1, or 1 to 0 */
            rp->last ^= 1u << houses[k];
    replay_drop_run(rp, row, 4, bit);
    replay_drop_run(rp, row + 4, 4, bit);
    replay_drop_run(rp, row + 8, 1, bit);
    for (int x = col; x < GRID_CELLS; x += 9)
        if (st->cand[x] & bit)
            replay_drop(rp, x, bit);
    for (int x = box; x < box + 27; x += 9)
        if (x / 9 != cell / 9)
            replay_drop_run(rp, x, 3, bit);
}

/* One round: places HoDoKu's single and returns its kind, or -1 when
 * none is left.  The full houses are those of last, the first naked
 * single the first of naked. */
static int replay_round(struct replay *rp)
{
    const struct human_state *st = rp->st;
    struct human_cand at;
    for (uint32_t h = rp->last; h; h &= h - 1) {
        int d, cell = tech_full_house_cell(st, __builtin_ctz(h), &d);
        if (cell >= 0) {
            replay_place(rp, cell, d);
            return SINGLE_FULL_HOUSE;
        }
    }
    if (rp->naked[0] | rp->naked[1]) {
        int cell = rp->naked[0] ? __builtin_ctzll(rp->naked[0])
                                : 64 + __builtin_ctzll(rp->naked[1]);
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

/* Effort of solving st with singles only, in HoDoKu's order; weight[k]
 * is hodoku_singles[k]'s. */
static int singles_effort(struct human_state *st, const int *weight)
{
    struct replay rp;
    int effort = 0;
    replay_init(&rp, st);
    for (int k; (k = replay_round(&rp)) >= 0;)
        effort += weight[k];
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
    for (int k = 0; k < SINGLE_KINDS; k++)
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
