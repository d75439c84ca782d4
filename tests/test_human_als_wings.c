/*
 * Tests of WXYZ-Wing and VWXYZ-Wing (core/tech_als_wings.c): a position
 * where each applies, with the exact eliminations and Sukaku Explainer's
 * rating, one where it must not fire, and their place in the table.
 *
 * Positions start from an empty grid (every candidate everywhere) and
 * narrow a few cells, so only the pattern under test is present: cells
 * with all nine candidates can be in no wing.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "human.h"
#include "tech.h"
#include "human_positions.h"

/* Fires with exactly one elimination, digit in cell, no placement. */
static void expect_one_elim(find_fn find, const struct human_state *st,
                            struct human_step *step, const char *cell, int digit)
{
    step->flags = HUMAN_STEP_TEXT;
    tech_step_reset(step);
    assert_int_equal(run_find(find, st, step), 1);
    assert_int_equal(step->n_place, 0);
    assert_int_equal(step->n_elim, 1);
    assert_int_equal(step->elim[0].cell, at(cell));
    assert_int_equal(step->elim[0].digit, digit);
}

/* Row A: A1 {1,2}, A5 {1,3}, A9 {1,2,4} hold four digits; E5 {3,4}.
 * Every 3 of the set (A5) sees E5, so the set or E5 is 4: E9 sees E5 and
 * the set's only 4 (A9). */
static void test_wxyz_wing(void **unused)
{
    (void)unused;
    struct human_state st;
    struct human_step step;
    empty_state(&st);
    only(&st, "A1", "12");
    only(&st, "A5", "13");
    only(&st, "A9", "124");
    only(&st, "E5", "34");
    expect_one_elim(tech_find_wxyz_wing, &st, &step, "E9", 4);
    assert_string_equal(step.text,
                        "WXYZ-Wing: A1, A5 and A9 (1, 2, 3 and 4) "
                        "with E5 (3 or 4): every 3 of the set sees E5, so the "
                        "set or E5 holds 4; 4 is removed from E9");
    /* largest cell of the set: 3 candidates, Sukaku Explainer's 5.6 */
    assert_int_equal(tech_rate_als_wing(&step), 56);
    /* E6 sees neither the 3 (A5) nor the 4 (A9) of the set: no wing */
    empty_state(&st);
    only(&st, "A1", "12");
    only(&st, "A5", "13");
    only(&st, "A9", "124");
    only(&st, "E6", "34");
    expect_none(tech_find_wxyz_wing, &st);
}

/* Row A: A1 {1,2}, A3 {1,3}, A5 {2,4}, A9 {3,5} hold five digits; E5
 * {4,5}.  The set's only 4 (A5) sees E5, so the set or E5 is 5: E9 sees
 * E5 and the set's only 5 (A9). */
static void test_vwxyz_wing(void **unused)
{
    (void)unused;
    struct human_state st;
    struct human_step step;
    empty_state(&st);
    only(&st, "A1", "12");
    only(&st, "A3", "13");
    only(&st, "A5", "24");
    only(&st, "A9", "35");
    only(&st, "E5", "45");
    expect_none(tech_find_wxyz_wing, &st);
    expect_one_elim(tech_find_vwxyz_wing, &st, &step, "E9", 5);
    /* all cells bivalue: the easy extreme, 6.3 */
    assert_int_equal(tech_rate_als_wing(&step), 63);
    only(&st, "E5", "123456789");
    only(&st, "E4", "45");
    expect_none(tech_find_vwxyz_wing, &st);
}

/* Among several wings the lowest rated is taken: with A9 narrowed to two
 * candidates the same wing is the easy extreme, 5.5. */
static void test_wing_rating_extremes(void **unused)
{
    (void)unused;
    struct human_state st;
    struct human_step step;
    empty_state(&st);
    only(&st, "A1", "12");
    only(&st, "A5", "13");
    only(&st, "A9", "24");
    only(&st, "E5", "34");
    expect_one_elim(tech_find_wxyz_wing, &st, &step, "E9", 4);
    assert_int_equal(tech_rate_als_wing(&step), 55);
    /* a VWXYZ set whose largest cell holds all five digits: 6.2 */
    empty_state(&st);
    only(&st, "A1", "12");
    only(&st, "A3", "13");
    only(&st, "A5", "24");
    only(&st, "A9", "12345");
    only(&st, "A7", "45");
    step.flags = 0;
    tech_step_reset(&step);
    assert_int_equal(run_find(tech_find_vwxyz_wing, &st, &step), 1);
    assert_int_equal(tech_rate_als_wing(&step), 62);
}

/* Hard rows, by rating: after the hidden quad, WXYZ before BUG+1, VWXYZ
 * before the single-digit patterns and the W-Wing. */
static void test_wing_order(void **unused)
{
    (void)unused;
    const char *const keys[] = {"hidden_quad", "wxyz_wing",  "bug_plus_1",
                                "vwxyz_wing",  "skyscraper", "w_wing",
                                "x_chain"};
    int last = -1;
    for (size_t i = 0; i < sizeof keys / sizeof keys[0]; i++) {
        int t = human_tech_find(keys[i]);
        assert_true(t > last);
        last = t;
    }
    const struct human_tech_info *w = human_tech_info(human_tech_find("wxyz_wing"));
    const struct human_tech_info *v = human_tech_info(
        human_tech_find("vwxyz_wing"));
    assert_int_equal(w->group, HUMAN_GROUP_HARD);
    assert_int_equal(v->group, HUMAN_GROUP_HARD);
    assert_int_equal(w->rating, 55);
    assert_int_equal(v->rating, 62);
    assert_int_equal(w->weight, 300);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_wxyz_wing),
        cmocka_unit_test(test_vwxyz_wing),
        cmocka_unit_test(test_wing_rating_extremes),
        cmocka_unit_test(test_wing_order),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
