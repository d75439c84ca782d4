/*
 * HoDoKu's chain rows choose among their instances (tech_find_order,
 * RATER_MOST): their first search stops at any instance (tech_ctx's any)
 * and their collect search leaves out what cannot beat the step it keeps
 * (tech_ctx's kept).  Both are checked here against searches that use
 * neither, on real positions: the states along HoDoKu's pass
 * (grade_solve) of SAMPLE of the diabolical puzzles (spread over the
 * file), before each of its expert steps.  For each chain row that reads them, the order's
 * step must be the one an unpruned collect of every instance gives under
 * HoDoKu's comparison (more eliminations, then a smaller index sum, then
 * fewer causes, then the first found), and the row must apply exactly
 * when a normal search of it (the shortest chain) finds something.
 * Skips, saying so, when the data set is absent.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "grade.h"
#include "human.h"
#include "step_compare.h"
#include "tech.h"
#include "tech_digits.h"
#include "test_data.h"

#define DATA_FILE "sudoku_exchange_diabolical.txt"
#define SAMPLE 1000

/* The rows whose searches read any and kept, as HoDoKu's order has them
 * (core/rater.c). */
struct chain_row {
    const char *key;
    tech_find_fn *find;
};

static const struct chain_row chain_rows[] = {
    {"x_chain", tech_find_x_chain_hodoku},
    {"xy_chain", tech_find_xy_chain_hodoku},
    {"aic", tech_find_aic},
    {"grouped_nice_loop", tech_find_grouped_nice_loop},
};
#define N_ROWS (sizeof chain_rows / sizeof chain_rows[0])

/* An unpruned collect: every instance, the one HoDoKu takes kept. */
struct pick {
    struct human_step best;
    long best_sum;
    int have, seen;
};

static long index_sum(const struct human_step *s)
{
    uint16_t key[HUMAN_STEP_MAX_ELIM];
    return tech_index_sum(key, tech_elims_by_cell(s, key));
}

static int pick_step(struct tech_ctx *ctx, struct human_step *step)
{
    struct pick *p = ctx->collect_arg;
    long sum = index_sum(step);
    p->seen++;
    if (!p->have || step->n_elim > p->best.n_elim ||
        (step->n_elim == p->best.n_elim &&
         (sum < p->best_sum ||
          (sum == p->best_sum && step->n_cause < p->best.n_cause)))) {
        p->best = *step;
        p->best_sum = sum;
        p->have = 1;
    }
    return 0;
}

/* A step's eliminations, then its causes (the chain), as text:
 * "-5A9 -1B2 : 5A1 5A4 ...", into out. */
#define NAMED_MAX ((HUMAN_STEP_MAX_ELIM + HUMAN_STEP_MAX_CAUSE) * 12 + 4)
static const char *step_named(const struct human_step *s, char out[NAMED_MAX])
{
    size_t n = 0;
    out[0] = '\0';
    for (int i = 0; i < s->n_elim && n < NAMED_MAX; i++)
        n += (size_t)snprintf(out + n, NAMED_MAX - n, " -%d%c%d", s->elim[i].digit,
                              'A' + s->elim[i].cell / 9, s->elim[i].cell % 9 + 1);
    if (n < NAMED_MAX)
        n += (size_t)snprintf(out + n, NAMED_MAX - n, " :");
    for (int i = 0; i < s->n_cause && n < NAMED_MAX; i++)
        n += (size_t)snprintf(out + n, NAMED_MAX - n, " %d%c%d", s->cause[i].digit,
                              'A' + s->cause[i].cell / 9, s->cause[i].cell % 9 + 1);
    return out;
}

struct tally {
    int positions, applied, several;
    const char *what;
};

static void check_row(const struct human_state *st, const struct chain_row *cr,
                      struct tally *t)
{
    int tech = human_tech_find(cr->key);
    assert_true(tech >= 0);
    const struct tech_order_row row = {cr->find, tech, TECH_CHOOSE_MOST, 0, -1};
    struct human_step got, normal;
    got.flags = normal.flags = 0;
    int applies = tech_find_order(st, &row, 1, &got, NULL, 0, 0, NULL);

    /* the normal search, whole (no any, no memo) */
    struct tech_ctx ctx;
    tech_ctx_init(&ctx, st);
    tech_step_reset(&normal);
    int finds = cr->find(&ctx, &normal);
    if (applies != finds)
        fail_msg("%s: %s %s applies in HoDoKu's order, its whole search %s", t->what,
                 cr->key, applies ? "" : "never", finds ? "finds one" : "finds none");
    if (!applies)
        return;

    /* every instance, no kept step told */
    struct pick p;
    p.have = p.seen = 0;
    p.best.flags = 0;
    struct human_step scratch;
    scratch.flags = 0;
    tech_ctx_init(&ctx, st);
    ctx.plain = 1;
    ctx.collect = pick_step;
    ctx.collect_arg = &p;
    tech_ctx_row(&ctx, tech);
    tech_step_reset(&scratch);
    if (cr->find(&ctx, &scratch))
        pick_step(&ctx, &scratch);
    assert_true(p.have);
    t->applied++;
    t->several += p.seen > 1;
    if (got.n_place != p.best.n_place || got.n_elim != p.best.n_elim ||
        got.n_cause != p.best.n_cause ||
        !step_cands_same(got.place, p.best.place, got.n_place) ||
        !step_cands_same(got.elim, p.best.elim, got.n_elim) ||
        !step_cands_same(got.cause, p.best.cause, got.n_cause)) {
        static char a[NAMED_MAX], b[NAMED_MAX];
        fail_msg("%s: %s takes the step%s\n  the unpruned choice among %d "
                 "instances is%s",
                 t->what, cr->key, step_named(&got, a), p.seen, step_named(&p.best, b));
    }
}

/* Before each expert step of the pass, every chain row. */
static int check_position(void *arg, const struct human_state *before,
                          const struct human_step *step)
{
    struct tally *t = arg;
    if (human_tech_info(step->tech)->group != HUMAN_GROUP_EXPERT)
        return 0;
    t->positions++;
    for (size_t i = 0; i < N_ROWS; i++)
        check_row(before, &chain_rows[i], t);
    return 0;
}

static void test_pruned_choice_is_unpruned_choice(void **unused)
{
    (void)unused;
    FILE *f = test_data_open(DATA_FILE);
    if (!f) {
        skip();
        return;
    }
    static struct grid g[SAMPLE];
    char line[256];
    int lines = 0;
    while (fgets(line, sizeof line, f))
        lines++;
    rewind(f);
    int n = test_data_read(f, g, SAMPLE, lines / SAMPLE > 1 ? lines / SAMPLE : 1);
    fclose(f);
    assert_true(n > 0);
    struct tally t = {0, 0, 0, NULL};
    for (int k = 0; k < n; k++) {
        char what[96];
        struct human_state st;
        snprintf(what, sizeof what, DATA_FILE " puzzle %d of the sample", k + 1);
        t.what = what;
        assert_int_equal(human_init(&st, &g[k]), 0);
        grade_solve(&st, GRADE_RATER_HODOKU, 0, check_position, &t);
    }
    printf("%d positions, %d rows applying (%d with several instances): the "
           "pruned choice is the unpruned one\n",
           t.positions, t.applied, t.several);
    /* the sample must reach the rows, and choices among instances */
    assert_true(t.several >= 20);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_pruned_choice_is_unpruned_choice),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
