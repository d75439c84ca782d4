/*
 * Soundness of the human solver on real puzzles: every step of every path
 * is checked against the solution found by the fast solver (no true digit
 * eliminated, no wrong digit placed), sentences included.  Reads the
 * puzzle files of ../shared/bench/data (or $SUDOKU_DATA_DIR); skips, saying
 * so, when they are absent.  Also checks that the puzzles QQWing rates
 * without guessing are all solved: its techniques are a subset of ours.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "human.h"
#include "solver.h"
#include "tech.h"
#include "human_positions.h"

struct check {
    struct grid solution;
    long steps, bad;
    long used[HUMAN_TECH_MAX];
};

static int check_step(void *arg, const struct human_state *before,
                      const struct human_step *step)
{
    struct check *c = arg;
    (void)before;
    c->steps++;
    c->used[step->tech]++;
    for (int i = 0; i < step->n_elim; i++)
        if (c->solution.cell[step->elim[i].cell] == step->elim[i].digit) {
            print_error("unsound elimination: %s\n", step->text);
            c->bad++;
        }
    for (int i = 0; i < step->n_place; i++)
        if (c->solution.cell[step->place[i].cell] != step->place[i].digit) {
            print_error("unsound placement: %s\n", step->text);
            c->bad++;
        }
    if (step->n_place + step->n_elim == 0 || step->text[0] == '\0') {
        print_error("empty step: %s\n", human_tech_info(step->tech)->key);
        c->bad++;
    }
    return 0;
}

static const char *data_dir(void)
{
    const char *dir = getenv("SUDOKU_DATA_DIR");
    return dir ? dir : "../shared/bench/data";
}

/* Checks up to limit puzzles of file, one line in every stride; returns
 * how many were solved, or -1 when the file is absent. */
static long check_file(const char *name, long limit, long stride, struct check *c)
{
    char path[512], line[256], err[GRID_ERR_MAX];
    snprintf(path, sizeof path, "%s/%s", data_dir(), name);
    FILE *f = fopen(path, "r");
    if (!f)
        return -1;
    long n = 0, solved = 0, lineno = 0;
    while (n < limit && fgets(line, sizeof line, f)) {
        struct grid g;
        struct human_state st;
        if (lineno++ % stride != 0)
            continue;
        if (grid_parse_n(&g, line, GRID_LINE_LEN, err, sizeof err) != GRID_OK)
            continue;
        n++;
        assert_int_equal(solver_count(&g, 2, &c->solution), 1);
        assert_int_equal(human_init(&st, &g), 0);
        int rc = human_solve(&st, HUMAN_STEP_TEXT, check_step, c);
        assert_true(rc == HUMAN_SOLVED || rc == HUMAN_STUCK);
        solved += rc == HUMAN_SOLVED;
    }
    fclose(f);
    assert_int_equal(c->bad, 0);
    return solved;
}

static void test_sound_on_bench_data(void **unused)
{
    (void)unused;
    /* The expert techniques fire most on the diabolical set (taken across
     * the whole file), on top1465 and, forcing chains above all, on the
     * forum's hardest (which stay unrated, but only after many steps). */
    static const struct {
        const char *file;
        long limit, stride;
        int all_solved;
    } sets[] = {
        {"qqwing_1.3.4_simple_300.txt", 300, 1, 1},
        {"qqwing_1.3.4_easy_3000.txt", 1000, 1, 1},
        {"qqwing_1.3.4_intermediate_1500.txt", 1000, 1, 1},
        {"qqwing_1.3.4_expert_2000.txt", 1000, 1, 0},
        {"sudoku_exchange_diabolical.txt", 1500, 26, 0},
        {"magictour_top1465.txt", 733, 2, 0},
        {"forum_hardest_1905_11plus.txt", 200, 241, 0},
    };
    struct check *c = calloc(1, sizeof *c);
    assert_non_null(c);
    for (size_t i = 0; i < sizeof sets / sizeof sets[0]; i++) {
        long solved = check_file(sets[i].file, sets[i].limit, sets[i].stride, c);
        if (solved < 0) {
            free(c);
            fprintf(stderr,
                    "SKIPPED: puzzle data not found in %s "
                    "(set SUDOKU_DATA_DIR)\n",
                    data_dir());
            skip();
        }
        if (sets[i].all_solved)
            assert_int_equal(solved, sets[i].limit);
    }
    fprintf(stderr, "checked %ld steps; per technique:", c->steps);
    for (int t = 0; t < human_tech_count(); t++)
        fprintf(stderr, " %s=%ld", human_tech_info(t)->key, c->used[t]);
    fprintf(stderr, "\n");
    free(c);
}

/* Every technique, not only the one the loop takes: at each step of the
 * path, each table row's find function is run on the position and its
 * step checked.  Techniques that the table's order rarely lets fire
 * (remote pairs, multi-colouring type 2) are checked this way. */
static int check_every_row(void *arg, const struct human_state *before,
                           const struct human_step *taken)
{
    struct check *c = arg;
    struct human_step step;
    (void)taken;
    step.flags = HUMAN_STEP_TEXT;
    for (int t = 0; t < tech_table_len; t++) {
        tech_step_reset(&step);
        if (!run_find(tech_table[t].find, before, &step))
            continue;
        step.tech = t;
        check_step(c, before, &step);
    }
    return 0;
}

static void test_sound_every_technique(void **unused)
{
    (void)unused;
    char path[512], line[256], err[GRID_ERR_MAX];
    snprintf(path, sizeof path, "%s/%s", data_dir(),
             "sudoku_exchange_diabolical.txt");
    FILE *f = fopen(path, "r");
    if (!f) {
        fprintf(stderr,
                "SKIPPED: puzzle data not found in %s (set SUDOKU_DATA_DIR)\n",
                data_dir());
        skip();
    }
    struct check *c = calloc(1, sizeof *c);
    assert_non_null(c);
    /* Puzzles past those of the first test. */
    for (long n = 0, skipped = 0; fgets(line, sizeof line, f) && n < 150;) {
        struct grid g;
        struct human_state st;
        if (grid_parse_n(&g, line, GRID_LINE_LEN, err, sizeof err) != GRID_OK ||
            skipped++ < 3000)
            continue;
        n++;
        assert_int_equal(solver_count(&g, 2, &c->solution), 1);
        assert_int_equal(human_init(&st, &g), 0);
        human_solve(&st, 0, check_every_row, c);
    }
    fclose(f);
    assert_int_equal(c->bad, 0);
    fprintf(stderr, "every technique at every step: %ld steps; found:", c->steps);
    for (int t = 0; t < human_tech_count(); t++)
        fprintf(stderr, " %s=%ld", human_tech_info(t)->key, c->used[t]);
    fprintf(stderr, "\n");
    free(c);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_sound_on_bench_data),
        cmocka_unit_test(test_sound_every_technique),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
