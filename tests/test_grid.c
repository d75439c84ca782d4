/* Unit tests of core/grid: both text formats, every parse error's
 * message, round trips and cell names. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>

#include "grid.h"

static const char *PUZZLE =
    "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";

static void expect_error(const char *text, int status, const char *message)
{
    struct grid g;
    char err[GRID_ERR_MAX] = "";
    assert_int_equal(grid_parse(&g, text, err, sizeof err), status);
    assert_string_equal(err, message);
}

static void test_line_format_round_trip(void **state)
{
    (void)state;
    struct grid g;
    char err[GRID_ERR_MAX], out[GRID_LINE_LEN + 1];
    assert_int_equal(grid_parse(&g, PUZZLE, err, sizeof err), GRID_OK);
    assert_int_equal(g.cell[2], 3);
    assert_int_equal(g.cell[0], 0);
    grid_format_line(&g, out);
    assert_string_equal(out, PUZZLE);
    assert_int_equal(grid_count_givens(&g), 32);
}

static void test_zeros_and_whitespace(void **state)
{
    (void)state;
    char text[128], out[GRID_LINE_LEN + 1], err[GRID_ERR_MAX];
    struct grid g;
    snprintf(text, sizeof text, "  \t%s \r\n", PUZZLE);
    for (char *p = text; *p; p++)
        if (*p == '.')
            *p = '0';
    assert_int_equal(grid_parse(&g, text, err, sizeof err), GRID_OK);
    grid_format_line(&g, out);
    assert_string_equal(out, PUZZLE);
}

static void test_pretty_round_trip(void **state)
{
    (void)state;
    struct grid g, h;
    char err[GRID_ERR_MAX], pretty[GRID_PRETTY_MAX];
    assert_int_equal(grid_parse(&g, PUZZLE, err, sizeof err), GRID_OK);
    grid_format_pretty(&g, pretty);
    assert_true(strncmp(pretty, ". . 3 | . 2 . | 6 . .\n", 22) == 0);
    assert_non_null(strstr(pretty, "------+-------+------\n"));
    assert_int_equal(grid_parse(&h, pretty, err, sizeof err), GRID_OK);
    assert_memory_equal(&g, &h, sizeof g);
}

static void test_pretty_plain_rows(void **state)
{
    (void)state;
    const char *text = "\n..3.2.6..\n9..3.5..1\n..18.64..\n..81.29..\n"
                       "7.......8\n..67.82..\n..26.95..\n8..2.3..9\n..5.1.3..\n\n";
    struct grid g;
    char err[GRID_ERR_MAX], out[GRID_LINE_LEN + 1];
    assert_int_equal(grid_parse(&g, text, err, sizeof err), GRID_OK);
    grid_format_line(&g, out);
    assert_string_equal(out, PUZZLE);
}

static void test_length_errors(void **state)
{
    (void)state;
    char text[128];
    snprintf(text, sizeof text, "%.80s", PUZZLE);
    expect_error(text, GRID_ERR_SIZE, "expected 81 cells, got 80");
    snprintf(text, sizeof text, "%s.", PUZZLE);
    expect_error(text, GRID_ERR_SIZE, "expected 81 cells, got 82");
    expect_error("", GRID_ERR_SIZE, "expected 81 cells, got 0");
}

static void test_bad_character(void **state)
{
    (void)state;
    char text[128];
    snprintf(text, sizeof text, "%s", PUZZLE);
    text[16] = 'x';
    expect_error(text, GRID_ERR_CHAR, "bad character 'x' at position 17");
    text[16] = '\x01';
    expect_error(text, GRID_ERR_CHAR, "bad character 0x01 at position 17");
}

static void test_conflicts_named(void **state)
{
    (void)state;
    char text[128];
    /* Row C (third row) gets a second 5 at C2 and C7. */
    snprintf(text, sizeof text, "%s", PUZZLE);
    memcpy(text + 18, ".5.....5.", 9);
    expect_error(text, GRID_ERR_CONFLICT,
                 "digit 5 appears twice in row C (C2, C8)");
    snprintf(text, sizeof text, "%s", PUZZLE);
    text[9 * 8 + 0] = '9'; /* I1 repeats the 9 of B1 in column 1 */
    expect_error(text, GRID_ERR_CONFLICT,
                 "digit 9 appears twice in column 1 (B1, I1)");
    snprintf(text, sizeof text, "%s", PUZZLE);
    text[19] = '3'; /* C2 repeats the 3 of A3 in box 1 */
    expect_error(text, GRID_ERR_CONFLICT,
                 "digit 3 appears twice in box 1 (A3, C2)");
}

static void test_pretty_errors(void **state)
{
    (void)state;
    expect_error("123|456|78\n123456789\n", GRID_ERR_SIZE,
                 "row 1: expected 9 cells, got 8");
    expect_error("123456789\n12345678a\n", GRID_ERR_CHAR,
                 "bad character 'a' on line 2");
    expect_error("123456789\n456789123\n", GRID_ERR_SIZE, "expected 9 rows, got 2");
}

static void test_cell_names(void **state)
{
    (void)state;
    char name[3];
    grid_cell_name(0, name);
    assert_string_equal(name, "A1");
    grid_cell_name(80, name);
    assert_string_equal(name, "I9");
    grid_cell_name(13, name);
    assert_string_equal(name, "B5");
    assert_int_equal(grid_box(80), 8);
    assert_int_equal(grid_box(30), 4);
}

static void test_complete_valid(void **state)
{
    (void)state;
    struct grid g;
    char err[GRID_ERR_MAX];
    const char *solved =
        "483921657967345821251876493548132976729564138136798245372689514814253769695417382";
    assert_int_equal(grid_parse(&g, solved, err, sizeof err), GRID_OK);
    assert_true(grid_is_complete_valid(&g));
    g.cell[0] = 0;
    assert_false(grid_is_complete_valid(&g));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_line_format_round_trip),
        cmocka_unit_test(test_zeros_and_whitespace),
        cmocka_unit_test(test_pretty_round_trip),
        cmocka_unit_test(test_pretty_plain_rows),
        cmocka_unit_test(test_length_errors),
        cmocka_unit_test(test_bad_character),
        cmocka_unit_test(test_conflicts_named),
        cmocka_unit_test(test_pretty_errors),
        cmocka_unit_test(test_cell_names),
        cmocka_unit_test(test_complete_valid),
    };
    return cmocka_run_group_tests_name("grid", tests, NULL, NULL);
}
