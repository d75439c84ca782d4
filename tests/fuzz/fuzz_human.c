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
    fprintf(stderr, "\nfuzz_human: %lu uniqueness steps met a state with several "
            "solutions (not checked)\n", uniqueness_skipped);
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
    struct grid seed = { { 0 } };

    for (int i = 0; i < SEED_PAIRS; i++) {
        int cell = (int)(take(in) % GRID_CELLS), digit = (int)(take(in) % 9) + 1, ok = 1;
        for (int c = 0; c < GRID_CELLS; c++)
            ok &= !(seed.cell[c] == digit && same_house(c, cell));
        if (ok && seed.cell[cell] == 0)
            seed.cell[cell] = (uint8_t)digit;
    }
    if (solver_count(&seed, 1, sol) == 1)
        return;
    /* Some consistent seeds have no completion: a fixed grid then. */
    for (int c = 0; c < GRID_CELLS; c++)
        sol->cell[c] = (uint8_t)((grid_row(c) * 3 + grid_row(c) / 3 + grid_col(c)) % 9 + 1);
}

/* Techniques whose logic assumes the puzzle has one solution (rectangles
 * and BUG+1 avoid a "deadly pattern"); on a state with several solutions
 * they may rightly remove the planted one. */
static int assumes_uniqueness(int tech)
{
    const char *key = human_tech_info(tech)->key;
    /* empty_rectangle is plain logic: judged like every other technique. */
    return strncmp(key, "unique_", 7) == 0 || strcmp(key, "hidden_rectangle") == 0 ||
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
    return &k->used[h == 0 ? grid_row(c) : h == 1 ? 9 + grid_col(c) : 18 + grid_box(c)];
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
    if (__builtin_popcount(best_mask) > 1 && counter_hidden_single(k, &best, &best_mask) < 0)
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
    struct counter k = { .used = { 0 } };

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
static void build_state(struct input *in, const struct grid *sol, struct human_state *st)
{
    unsigned mode = take(in) & 1;
    struct grid g = { { 0 } };

    for (int c = 0; c < GRID_CELLS; c++) {
        unsigned a = take(in), b = take(in);
        g.cell[c] = (a & 0x80) ? sol->cell[c] : 0;
        st->cand[c] = (uint16_t)((((a & 0x7Fu) << 2) | (b & 3u)) & HUMAN_ALL_DIGITS);
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
    if (step->n_place < 0 || step->n_place > HUMAN_STEP_MAX_PLACE || step->n_elim < 0 ||
        step->n_elim > HUMAN_STEP_MAX_ELIM || step->tech < 0 ||
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

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    struct input in = { data, size };
    struct grid sol, end;
    struct human_state st;
    struct human_step step;
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
    for (int n = 0; n < STEPS_PER_INPUT; n++) {
        step.flags = (flags & 1) ? HUMAN_STEP_TEXT : 0;
        if (!human_find_step(&st, &step))
            break;
        if (check_step(&st, &step, &sol) != 0)
            break;
        checked[step.tech]++;
        if ((flags & 1) && step.text[0] == '\0')
            fail(&st, &step, &sol, "no sentence");
        human_apply(&st, &step);
        if (human_check(&st) != 0)
            fail(&st, &step, &sol, "left the state invalid");
    }
    if (st.empty == 0) {
        human_to_grid(&st, &end);
        if (memcmp(end.cell, sol.cell, sizeof end.cell) != 0)
            abort();
    }
    return 0;
}
