/*
 * Fuzz target: the human solver on arbitrary candidate states.  The input
 * picks a solution grid (a few seed digits completed by the fast solver)
 * and then a pencil-mark state around it: placed cells hold the solution's
 * digit, empty cells any candidates that include the solution's digit
 * (digits placed in a peer removed, as any pencil-marking would).  The
 * first STEPS_PER_INPUT steps the technique table finds from there must
 * be sound against that solution: no elimination of the solution's digit,
 * no placement of another digit, only candidates the state holds, and
 * never an empty step.  The bound costs no reach: any state further down
 * a path is itself a state an input builds (placed cells hold the
 * solution's digit, the others candidates that include it); but a state
 * with no easy step costs a scan of the whole table per step, and whole
 * paths made executions more than twice as slow.  Uniqueness techniques
 * (unique rectangles, BUG+1) assume one solution: when one of them
 * removes the planted solution, the state's solutions and those of its
 * grid of digits are counted, and only a state where both are one makes
 * it a failure.  Hard and expert
 * techniques join automatically: this drives human_find_step, i.e. the
 * whole table.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "human.h"
#include "solver.h"
#include "tech.h"
#include "tech_digits.h"
#include "../step_compare.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#define SEED_PAIRS 8
#define STEPS_PER_INPUT 4

/* Steps checked per technique, printed at exit for the figures. */
static unsigned long checked[HUMAN_TECH_MAX];
static unsigned long uniqueness_skipped;

static void print_checked(void)
{
    unsigned long total = 0;

    for (int t = 0; t < human_tech_count(); t++)
        total += checked[t];
    fprintf(stderr, "fuzz_human: %lu steps checked:", total);
    for (int t = 0; t < human_tech_count(); t++)
        fprintf(stderr, " %s=%lu", human_tech_info(t)->key, checked[t]);
    fprintf(stderr,
            "\nfuzz_human: %lu uniqueness steps met a state with several "
            "solutions (not checked)\n",
            uniqueness_skipped);
}

struct input {
    const uint8_t *p;
    size_t left;
};

static unsigned take(struct input *in)
{
    if (in->left == 0)
        return 0;
    in->left--;
    return *in->p++;
}

static int same_house(int a, int b)
{
    return grid_row(a) == grid_row(b) || grid_col(a) == grid_col(b) ||
           grid_box(a) == grid_box(b);
}

/* A solution grid chosen by the input. */
static void pick_solution(struct input *in, struct grid *sol)
{
    struct grid seed = {{0}};

    for (int i = 0; i < SEED_PAIRS; i++) {
        int cell = (int)(take(in) % GRID_CELLS), digit = (int)(take(in) % 9) + 1,
            ok = 1;
        for (int c = 0; c < GRID_CELLS; c++)
            ok &= !(seed.cell[c] == digit && same_house(c, cell));
        if (ok && seed.cell[cell] == 0)
            seed.cell[cell] = (uint8_t)digit;
    }
    if (solver_count(&seed, 1, sol) == 1)
        return;
    /* Some consistent seeds have no completion: a fixed grid then. */
    for (int c = 0; c < GRID_CELLS; c++)
        sol->cell[c] = (uint8_t)((grid_row(c) * 3 + grid_row(c) / 3 + grid_col(c)) %
                                     9 +
                                 1);
}

/* Techniques whose logic assumes the puzzle has one solution (rectangles
 * and BUG+1 avoid a "deadly pattern"); on a state with several solutions
 * they may rightly remove the planted one. */
static int assumes_uniqueness(int tech)
{
    const char *key = human_tech_info(tech)->key;
    /* empty_rectangle is plain logic: judged like every other technique. */
    return strncmp(key, "unique_", 7) == 0 ||
           strcmp(key, "hidden_rectangle") == 0 ||
           strcmp(key, "avoidable_rectangle") == 0 || strncmp(key, "bug_", 4) == 0;
}

/* The state being counted: its values and candidates, and the digits
 * placed in each row, column and box (kept as cells are filled, so a node
 * of the search costs one pass over the cells, not one over their peers:
 * the pass over peers let one input take 23 s). */
struct counter {
    uint8_t value[GRID_CELLS];
    uint16_t cand[GRID_CELLS];
    uint16_t used[27];
};

static uint16_t *house_used(struct counter *k, int c, int h)
{
    return &k->used[h == 0   ? grid_row(c)
                    : h == 1 ? 9 + grid_col(c)
                             : 18 + grid_box(c)];
}

static void counter_set(struct counter *k, int c, int digit, int on)
{
    uint16_t bit = (uint16_t)(1u << (digit - 1));

    k->value[c] = (uint8_t)(on ? digit : 0);
    for (int h = 0; h < 3; h++)
        *house_used(k, c, h) = (uint16_t)(on ? *house_used(k, c, h) | bit
                                             : *house_used(k, c, h) & ~bit);
}

static unsigned counter_free(struct counter *k, int c)
{
    return k->cand[c] & ~(unsigned)(*house_used(k, c, 0) | *house_used(k, c, 1) |
                                    *house_used(k, c, 2));
}

/* Cell i (0..8) of house h (rows, columns, boxes). */
static int house_cell(int h, int i)
{
    int b = h - 18;

    if (h < 9)
        return h * 9 + i;
    if (h < 18)
        return i * 9 + h - 9;
    return (b / 3 * 3 + i / 3) * 9 + b % 3 * 3 + i % 3;
}

/* A digit with one place left in a house: *cell and *mask say where and
 * which.  Returns -1 when a digit has no place left (no solution), 1 when
 * one was found, 0 otherwise. */
static int counter_hidden_single(struct counter *k, int *cell, unsigned *mask)
{
    for (int h = 0; h < 27; h++) {
        for (int d = 1; d <= 9; d++) {
            int places = 0, where = -1;
            if (k->used[h] & (1u << (d - 1)))
                continue;
            for (int i = 0; i < 9 && places < 2; i++) {
                int c = house_cell(h, i);
                if (!k->value[c] && (counter_free(k, c) & (1u << (d - 1)))) {
                    places++;
                    where = c;
                }
            }
            if (places == 0)
                return -1;
            if (places == 1) {
                *cell = where;
                *mask = 1u << (d - 1);
                return 1;
            }
        }
    }
    return 0;
}

/* Branches on a cell with fewest candidates, or on a hidden single. */
static int counter_count(struct counter *k, int limit)
{
    int best = -1;
    unsigned best_mask = 0;

    for (int c = 0; c < GRID_CELLS && __builtin_popcount(best_mask) != 1; c++) {
        if (k->value[c])
            continue;
        unsigned mask = counter_free(k, c);
        if (mask == 0)
            return 0;
        if (best < 0 || __builtin_popcount(mask) < __builtin_popcount(best_mask)) {
            best = c;
            best_mask = mask;
        }
    }
    if (best < 0)
        return 1;
    if (__builtin_popcount(best_mask) > 1 &&
        counter_hidden_single(k, &best, &best_mask) < 0)
        return 0;
    int n = 0;
    for (int d = 1; d <= 9 && n < limit; d++) {
        if (!(best_mask & (1u << (d - 1))))
            continue;
        counter_set(k, best, d, 1);
        n += counter_count(k, limit - n);
        counter_set(k, best, d, 0);
    }
    return n;
}

/* Solutions of the state (values and candidates), up to limit. */
static int count_solutions(const struct human_state *st, int limit)
{
    struct counter k = {.used = {0}};

    memcpy(k.cand, st->cand, sizeof k.cand);
    for (int c = 0; c < GRID_CELLS; c++)
        if (st->value[c])
            counter_set(&k, c, st->value[c], 1);
    return counter_count(&k, limit);
}

static void fail(const struct human_state *st, const struct human_step *step,
                 const struct grid *sol, const char *why)
{
    char line[GRID_LINE_LEN + 1], cands[HUMAN_CANDIDATES_MAX];

    grid_format_line(sol, line);
    human_format_candidates(st, cands, sizeof cands);
    fprintf(stderr, "UNSOUND %s: %s: %s\nsolution %s\n%s\n", why,
            human_tech_info(step->tech)->key, step->text, line, cands);
    abort();
}

/* Builds the state: mode 0 random supersets; mode 1 human_init's marks with
 * some removed (a player's own eliminations). */
static void build_state(struct input *in, const struct grid *sol,
                        struct human_state *st)
{
    unsigned mode = take(in) & 1;
    struct grid g = {{0}};

    for (int c = 0; c < GRID_CELLS; c++) {
        unsigned a = take(in), b = take(in);
        g.cell[c] = (a & 0x80) ? sol->cell[c] : 0;
        st->cand[c] = (uint16_t)((((a & 0x7Fu) << 2) | (b & 3u)) &
                                 HUMAN_ALL_DIGITS);
    }
    uint16_t extra[GRID_CELLS];
    memcpy(extra, st->cand, sizeof extra);
    if (human_init(st, &g) != 0)
        abort(); /* the givens are a subset of a solution */
    for (int c = 0; c < GRID_CELLS; c++) {
        if (st->value[c])
            continue;
        uint16_t keep = (uint16_t)(1u << (sol->cell[c] - 1));
        /* human_init left the digits no peer holds; mode 0 keeps any of
         * those the input names, mode 1 removes those it names. */
        st->cand[c] = mode == 0 ? (uint16_t)((st->cand[c] & extra[c]) | keep)
                                : (uint16_t)((st->cand[c] & ~extra[c]) | keep);
    }
}

/* 0 when the step may go on being checked, 1 when it is a uniqueness step
 * on a state with several solutions (the path stops there). */
static int check_step(const struct human_state *st, const struct human_step *step,
                      const struct grid *sol)
{
    int wrong = 0;

    for (int i = 0; i < step->n_elim; i++)
        wrong |= step->elim[i].cell < GRID_CELLS &&
                 sol->cell[step->elim[i].cell] == step->elim[i].digit;
    for (int i = 0; i < step->n_place; i++)
        wrong |= step->place[i].cell < GRID_CELLS &&
                 sol->cell[step->place[i].cell] != step->place[i].digit;
    if (wrong && assumes_uniqueness(step->tech)) {
        /* The deadly pattern's swapped solution need respect only the
         * digits (a rectangle's corner may have lost a digit to the
         * marks, as in HoDoKu): the grid of digits must have one solution
         * too, or the step is not judged. */
        struct grid digits;
        for (int c = 0; c < GRID_CELLS; c++)
            digits.cell[c] = st->value[c];
        if (count_solutions(st, 2) > 1 || solver_count(&digits, 2, NULL) > 1) {
            uniqueness_skipped++;
            return 1;
        }
    }
    if (step->n_place + step->n_elim == 0)
        fail(st, step, sol, "empty step");
    if (step->n_place < 0 || step->n_place > HUMAN_STEP_MAX_PLACE ||
        step->n_elim < 0 || step->n_elim > HUMAN_STEP_MAX_ELIM || step->tech < 0 ||
        step->tech >= human_tech_count())
        fail(st, step, sol, "step out of bounds");
    for (int i = 0; i < step->n_elim; i++) {
        const struct human_cand *e = &step->elim[i];
        if (e->cell >= GRID_CELLS || e->digit < 1 || e->digit > 9)
            fail(st, step, sol, "elimination out of range");
        if (sol->cell[e->cell] == e->digit)
            fail(st, step, sol, "eliminates the solution's digit");
        if (st->value[e->cell] || !(st->cand[e->cell] & (1u << (e->digit - 1))))
            fail(st, step, sol, "eliminates a candidate the state does not hold");
    }
    for (int i = 0; i < step->n_place; i++) {
        const struct human_cand *p = &step->place[i];
        if (p->cell >= GRID_CELLS || sol->cell[p->cell] != p->digit)
            fail(st, step, sol, "places a wrong digit");
        if (st->value[p->cell])
            fail(st, step, sol, "places into a filled cell");
    }
    return 0;
}

/* The first STEPS_PER_INPUT steps of the solving loop, checked as they
 * come (first pass), then compared with the plain path's (second). */
struct run {
    const struct grid *sol;
    struct human_step step[STEPS_PER_INPUT];
    int n;              /* steps recorded, then compared */
    int kept;           /* the first pass's count */
    int cut;            /* the first pass was stopped (not solved or stuck) */
    int last_unapplied; /* its last recorded step stopped it: not applied */
    int plain;          /* second pass: compare with step[] */
};

static int on_step(void *arg, const struct human_state *before,
                   const struct human_step *step)
{
    struct run *r = arg;
    if (r->plain) {
        if (r->n == r->kept) {
            if (r->cut)
                return 1;
            fail(before, step, r->sol,
                 "the plain path finds a step the memo path did not");
        }
        if (!step_same(&r->step[r->n], step))
            fail(before, step, r->sol, "the plain path differs from the memo path");
        r->n++;
        return 0;
    }
    if (check_step(before, step, r->sol) != 0)
        return 1;
    checked[step->tech]++;
    if ((step->flags & HUMAN_STEP_TEXT) && step->text[0] == '\0')
        fail(before, step, r->sol, "no sentence");
    struct human_state after = *before;
    human_apply(&after, step);
    if (human_check(&after) != 0)
        fail(before, step, r->sol, "left the state invalid");
    r->step[r->n++] = *step;
    r->last_unapplied = r->n == STEPS_PER_INPUT;
    return r->last_unapplied;
}

/* human_all_steps of row t on the starting state: every step listed
 * sound (as check_step) and with its sentence, and the row's own search
 * step (the solver's first instance) among them. */
#define LISTED_MAX 8192

struct listing {
    const struct grid *sol;
    int n, stopped; /* stopped: a uniqueness step, several solutions */
    int tech[LISTED_MAX];
    uint64_t key[LISTED_MAX];
};

/* What a step does, the same for the same candidates in any order (a
 * sum of one odd multiple per candidate). */
static uint64_t step_key(const struct human_step *step)
{
    uint64_t k = 0;
    for (int i = 0; i < step->n_elim; i++)
        k += (step->elim[i].cell * 10u + step->elim[i].digit) *
             0x9E3779B97F4A7C15ull;
    for (int i = 0; i < step->n_place; i++)
        k += (1000u + step->place[i].cell * 10u + step->place[i].digit) *
             0xC2B2AE3D27D4EB4Full;
    return k;
}

static int list_one(void *arg, const struct human_state *before,
                    const struct human_step *step)
{
    struct listing *l = arg;
    if (check_step(before, step, l->sol) != 0) {
        l->stopped = 1;
        return 1;
    }
    if (step->text[0] == '\0')
        fail(before, step, l->sol, "a listed step without a sentence");
    if (l->n < LISTED_MAX) {
        l->tech[l->n] = step->tech;
        l->key[l->n++] = step_key(step);
    }
    return 0;
}

static void check_listing(const struct human_state *st, const struct grid *sol,
                          int t)
{
    static struct listing l;
    l.sol = sol;
    l.n = 0;
    l.stopped = 0;
    human_all_steps(st, t, list_one, &l);
    if (l.stopped || l.n == LISTED_MAX)
        return;
    struct tech_ctx ctx;
    struct human_step step;
    tech_ctx_init(&ctx, st);
    step.flags = HUMAN_STEP_TEXT;
    tech_step_reset(&step);
    if (!tech_table[t].find(&ctx, &step))
        return;
    step.tech = t;
    uint64_t k = step_key(&step);
    for (int i = 0; i < l.n; i++)
        if (l.tech[i] == t && l.key[i] == k)
            return;
    fail(st, &step, sol, "the row's own step is not listed by human_all_steps");
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    struct input in = {data, size};
    struct grid sol, end;
    struct human_state st, start;
    static struct run r; /* four steps, 3.6 KB: off the fuzzer's stack */
    static int registered;

    if (!registered) {
        registered = 1;
        atexit(print_checked);
    }
    pick_solution(&in, &sol);
    unsigned flags = take(&in);
    build_state(&in, &sol, &st);
    if (human_check(&st) != 0)
        abort(); /* the solution is still there, so nothing is empty */
    /* the row listed: a byte after the state's, so that the seeds build
     * the states they always did */
    check_listing(&st, &sol, (int)(take(&in) % (unsigned)human_tech_count()));
    unsigned text = (flags & 1) ? HUMAN_STEP_TEXT : 0;
    start = st;
    r.sol = &sol;
    r.n = 0;
    r.last_unapplied = 0;
    r.plain = 0;
    r.cut = human_solve(&st, text, on_step, &r) == HUMAN_STOPPED;
    if (r.last_unapplied)
        human_apply(&st, &r.step[r.n - 1]);
    r.kept = r.n;
    r.n = 0;
    r.plain = 1;
    human_solve(&start, text | HUMAN_PLAIN, on_step, &r);
    if (r.n != r.kept)
        abort(); /* the plain path found fewer steps */
    if (st.empty == 0) {
        human_to_grid(&st, &end);
        if (memcmp(end.cell, sol.cell, sizeof end.cell) != 0)
            abort();
    }
    return 0;
}
