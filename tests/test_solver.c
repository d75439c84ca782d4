/* Unit tests of core/solver: counting, edge grids, contradictions, and
 * correctness over thousands of puzzles of ../shared/bench/data. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>

#include "grid.h"
#include "solver.h"
#include "test_data.h"

static const char *SOLVED =
    "483921657967345821251876493548132976729564138136798245372689514814253769695417382";
/* SOLVED with a deadly rectangle (A2, A7, B2, B7 hold 8/6 and 6/8) blanked:
 * exactly two solutions. */
static const char *TWO_SOLUTIONS =
    "4.3921.579.7345.21251876493548132976729564138136798245372689514814253769695417382";

static void parse(struct grid *g, const char *text)
{
    char err[GRID_ERR_MAX];
    assert_int_equal(grid_parse(g, text, err, sizeof err), GRID_OK);
}

/* The solution is a valid grid that keeps every given. */
static void assert_solution_of(const struct grid *puzzle, const struct grid *sol)
{
    assert_true(grid_is_complete_valid(sol));
    for (int i = 0; i < GRID_CELLS; i++)
        if (puzzle->cell[i])
            assert_int_equal(puzzle->cell[i], sol->cell[i]);
}

static void test_empty_grid_has_many(void **state)
{
    (void)state;
    struct grid g = {{0}}, sol;
    assert_int_equal(solver_count(&g, 2, &sol), 2);
    assert_solution_of(&g, &sol);
    assert_int_equal(solver_count(&g, 50, NULL), 50);
    assert_int_equal(solver_solve(&g, &sol), 1);
}

static void test_full_grid(void **state)
{
    (void)state;
    struct grid g, sol;
    parse(&g, SOLVED);
    assert_int_equal(solver_count(&g, 2, &sol), 1);
    assert_memory_equal(&g, &sol, sizeof g);
}

static void test_exactly_two(void **state)
{
    (void)state;
    struct grid g, sol;
    parse(&g, TWO_SOLUTIONS);
    assert_int_equal(solver_count(&g, 2, &sol), 2);
    assert_int_equal(solver_count(&g, 10, NULL), 2);
    assert_solution_of(&g, &sol);
}

static void test_unique_known(void **state)
{
    (void)state;
    struct grid g, sol, expected;
    parse(
        &g,
        "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..");
    parse(&expected, SOLVED);
    assert_int_equal(solver_count(&g, 2, &sol), 1);
    assert_memory_equal(&sol, &expected, sizeof sol);
    memset(&sol, 0, sizeof sol);
    assert_int_equal(solver_solve(&g, &sol), 1);
    assert_memory_equal(&sol, &expected, sizeof sol);
}

/* Consistent givens that no grid completes: A1..A8 hold 1..8, so A9 must be
 * 9, but I9 is a given 9 in the same column. */
static void test_no_solution(void **state)
{
    (void)state;
    struct grid g, sol;
    parse(
        &g,
        "12345678........................................................................9");
    assert_int_equal(solver_count(&g, 2, &sol), 0);
    assert_int_equal(solver_solve(&g, &sol), 0);
}

/* Givens repeating a digit are rejected by the parser ("invalid"); the
 * solver, handed such a grid anyway, finds no solution. */
static void test_contradictory_givens(void **state)
{
    (void)state;
    struct grid g = {{0}};
    char err[GRID_ERR_MAX];
    g.cell[0] = 5;
    g.cell[8] = 5;
    assert_int_equal(grid_check(&g, err, sizeof err), GRID_ERR_CONFLICT);
    assert_int_equal(solver_count(&g, 2, NULL), 0);
    g.cell[8] = 0;
    g.cell[10] = 5; /* same box */
    assert_int_equal(solver_count(&g, 2, NULL), 0);
}

static void test_deterministic(void **state)
{
    (void)state;
    struct grid g = {{0}}, a, b;
    g.cell[40] = 5;
    assert_int_equal(solver_solve(&g, &a), 1);
    assert_int_equal(solver_solve(&g, &b), 1);
    assert_memory_equal(&a, &b, sizeof a);
}

/* The work budget: a grid whose proof of no solution needs ~1.4 million
 * nodes stops at the budget, and gives the unbudgeted answer with enough. */
static void test_budget(void **state)
{
    (void)state;
    struct grid g, sol;
    parse(&g, ".....5.8....6.1.43..........1.5........1.6...3.......553....."
              "61........4.........");
    assert_int_equal(solver_count_budget(&g, 2, 1000, NULL), SOLVER_OVER_BUDGET);
    assert_int_equal(solver_count_budget(&g, 2, 100000, NULL), SOLVER_OVER_BUDGET);
    assert_int_equal(solver_count_budget(&g, 2, 2000000, NULL), 0);
    parse(&g, SOLVED);
    g.cell[0] = 0;
    assert_int_equal(solver_count_budget(&g, 2, 1, &sol), 1);
    assert_int_equal(sol.cell[0], 4);
    parse(&g, TWO_SOLUTIONS);
    assert_int_equal(solver_count_budget(&g, 2, 1, NULL), SOLVER_OVER_BUDGET);
    assert_int_equal(solver_count_budget(&g, 2, 10, NULL), 2);
}

/* Every puzzle of a set: count-to-2 is exactly 1 and the solution valid. */
static void check_set(const char *name, int max, int step)
{
    static struct grid puzzles[4000];
    FILE *f = test_data_open(name);
    if (!f) {
        skip();
        return;
    }
    int n = test_data_read(f, puzzles, max, step);
    fclose(f);
    assert_true(n > 0);
    for (int i = 0; i < n; i++) {
        struct grid sol;
        if (solver_count(&puzzles[i], 2, &sol) != 1)
            fail_msg("%s: puzzle %d does not count exactly 1", name, i);
        assert_solution_of(&puzzles[i], &sol);
    }
    printf("[          ] %s: %d puzzles unique and solved\n", name, n);
}

static void test_data_17_clue(void **state)
{
    (void)state;
    check_set("17_clue_49158.txt", 2000, 24);
}

static void test_data_hardest(void **state)
{
    (void)state;
    check_set("forum_hardest_1905_11plus.txt", 1000, 48);
    check_set("forum_hardest_1106.txt", 375, 1);
}

static void test_data_magictour(void **state)
{
    (void)state;
    check_set("magictour_top1465.txt", 1465, 1);
}

/* serg_benchmark holds only puzzles with two or more solutions. */
static void test_data_multiple(void **state)
{
    (void)state;
    static struct grid puzzles[500];
    FILE *f = test_data_open("serg_benchmark.txt");
    if (!f) {
        skip();
        return;
    }
    int n = test_data_read(f, puzzles, 500, 20);
    fclose(f);
    for (int i = 0; i < n; i++)
        assert_int_equal(solver_count(&puzzles[i], 2, NULL), 2);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_empty_grid_has_many),
        cmocka_unit_test(test_full_grid),
        cmocka_unit_test(test_exactly_two),
        cmocka_unit_test(test_unique_known),
        cmocka_unit_test(test_no_solution),
        cmocka_unit_test(test_contradictory_givens),
        cmocka_unit_test(test_deterministic),
        cmocka_unit_test(test_budget),
        cmocka_unit_test(test_data_17_clue),
        cmocka_unit_test(test_data_hardest),
        cmocka_unit_test(test_data_magictour),
        cmocka_unit_test(test_data_multiple),
    };
    return cmocka_run_group_tests_name("solver", tests, NULL, NULL);
}
