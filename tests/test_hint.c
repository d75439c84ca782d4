/*
 * Tests of hints: a solved grid, a wrong entry (with and without the
 * puzzle), a contradictory grid, bad input, several solutions, and a
 * correct grid getting its next step.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "hint.h"
#include "solver.h"

/* A valid solution: row r is the digits shifted by 3r + r/3. */
static void pattern_solution(struct grid *g)
{
    for (int i = 0; i < GRID_CELLS; i++) {
        int r = i / 9, c = i % 9;
        g->cell[i] = (uint8_t)((r * 3 + r / 3 + c) % 9 + 1);
    }
}

/* The puzzle used throughout: the pattern with a checkerboard of holes
 * (41 empty cells, one solution). */
static void puzzle(struct grid *g)
{
    pattern_solution(g);
    for (int i = 0; i < GRID_CELLS; i++)
        if ((i / 9 + i % 9) % 2 == 0)
            g->cell[i] = 0;
}

static void test_solved(void **unused)
{
    (void)unused;
    struct grid g;
    struct hint h;
    char line[GRID_LINE_LEN + 1], err[128];
    pattern_solution(&g);
    grid_format_line(&g, line);
    assert_int_equal(hint_next(line, NULL, &h, err, sizeof err), 0);
    assert_int_equal(h.status, HINT_SOLVED);
    assert_string_equal(hint_status_name(h.status), "solved");
}

static void test_next_step(void **unused)
{
    (void)unused;
    struct grid g, sol;
    struct hint h;
    char line[GRID_LINE_LEN + 1], err[128];
    puzzle(&g);
    pattern_solution(&sol);
    grid_format_line(&g, line);
    assert_int_equal(hint_next(line, line, &h, err, sizeof err), 0);
    assert_int_equal(h.status, HINT_STEP);
    assert_int_equal(h.step.n_place, 1);
    assert_int_equal(h.step.place[0].digit, sol.cell[h.step.place[0].cell]);
    assert_string_equal(h.message, h.step.text);
    assert_non_null(strstr(h.message, "single"));
}

/* The first empty cell of the puzzle and a digit for it that is wrong
 * but repeats nothing in the grid. */
static void wrong_entry(struct grid *g, int *cell, int *digit)
{
    struct grid sol;
    char err[GRID_ERR_MAX];
    pattern_solution(&sol);
    for (*cell = 0; g->cell[*cell]; (*cell)++)
        ;
    for (*digit = 1; *digit <= 9; (*digit)++) {
        if (*digit == sol.cell[*cell])
            continue;
        g->cell[*cell] = (uint8_t)*digit;
        if (grid_check(g, err, sizeof err) == GRID_OK)
            return;
    }
    fail_msg("no quiet wrong digit for the test");
}

static void test_wrong_entry(void **unused)
{
    (void)unused;
    struct grid p, s;
    struct hint h;
    char pline[GRID_LINE_LEN + 1], sline[GRID_LINE_LEN + 1], err[128];
    int cell, digit;
    puzzle(&p);
    s = p;
    /* Empty a cell's neighbourhood so a wrong digit can sit quietly. */
    s.cell[1] = s.cell[9] = s.cell[19] = s.cell[11] = 0;
    p = s;
    wrong_entry(&s, &cell, &digit);
    grid_format_line(&p, pline);
    grid_format_line(&s, sline);
    assert_int_equal(solver_count(&p, 2, NULL), 1);

    assert_int_equal(hint_next(sline, pline, &h, err, sizeof err), 0);
    assert_int_equal(h.status, HINT_WRONG);
    assert_int_equal(h.n_wrong, 1);
    assert_int_equal(h.wrong[0], cell);
    char name[3], want[64];
    grid_cell_name(cell, name);
    snprintf(want, sizeof want, "1 entry is wrong: %s", name);
    assert_string_equal(h.message, want);

    /* Without the puzzle the mistake is still caught, not explained. */
    assert_int_equal(hint_next(sline, NULL, &h, err, sizeof err), 0);
    assert_int_equal(h.status, HINT_NO_SOLUTION);
    assert_int_equal(h.step.n_place + h.step.n_elim, 0);
}

static void test_conflict(void **unused)
{
    (void)unused;
    struct hint h;
    char err[128];
    char line[GRID_LINE_LEN + 1];
    memset(line, '.', GRID_LINE_LEN);
    line[GRID_LINE_LEN] = '\0';
    line[0] = '7';
    line[5] = '7'; /* 7 twice in row A */
    assert_int_equal(hint_next(line, NULL, &h, err, sizeof err), 0);
    assert_int_equal(h.status, HINT_CONFLICT);
    assert_non_null(strstr(h.message, "contradiction"));
    assert_non_null(strstr(h.message, "7"));
}

static void test_bad_input(void **unused)
{
    (void)unused;
    struct hint h;
    char err[128] = "";
    assert_int_equal(hint_next("12x", NULL, &h, err, sizeof err), -1);
    assert_true(strlen(err) > 0);
    err[0] = '\0';
    char line[GRID_LINE_LEN + 1];
    memset(line, '.', GRID_LINE_LEN);
    line[GRID_LINE_LEN] = '\0';
    assert_int_equal(hint_next(line, "123", &h, err, sizeof err), -1);
    assert_non_null(strstr(err, "puzzle"));
}

static void test_several_solutions(void **unused)
{
    (void)unused;
    struct hint h;
    char err[128];
    char line[GRID_LINE_LEN + 1];
    memset(line, '.', GRID_LINE_LEN);
    line[GRID_LINE_LEN] = '\0';
    assert_int_equal(hint_next(line, NULL, &h, err, sizeof err), 0);
    assert_int_equal(h.status, HINT_MULTIPLE);
    assert_int_equal(hint_next(line, line, &h, err, sizeof err), 0);
    assert_int_equal(h.status, HINT_MULTIPLE);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_solved),
        cmocka_unit_test(test_next_step),
        cmocka_unit_test(test_wrong_entry),
        cmocka_unit_test(test_conflict),
        cmocka_unit_test(test_bad_input),
        cmocka_unit_test(test_several_solutions),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
