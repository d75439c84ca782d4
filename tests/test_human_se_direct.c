/*
 * Tests of Sudoku Explainer's direct rules (core/tech_direct.c): for each,
 * a position where it fires, with the single it places (and nothing
 * removed: SE's hint applies the placement only), and one where it must
 * not; then their rows in the table and in SE's pass.
 *
 * Positions start from an empty grid (every candidate everywhere) and
 * narrow a few cells, so only the pattern under test is present.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "human.h"
#include "rater.h"
#include "tech.h"
#include "human_positions.h"

/* Fires with one placement, digit in cell, and no elimination. */
static void expect_place(find_fn find, const struct human_state *st,
                         struct human_step *step, const char *cell, int digit)
{
    step->flags = HUMAN_STEP_TEXT;
    tech_step_reset(step);
    assert_int_equal(run_find(find, st, step), 1);
    assert_int_equal(step->n_elim, 0);
    assert_int_equal(step->n_place, 1);
    assert_int_equal(step->place[0].cell, at(cell));
    assert_int_equal(step->place[0].digit, digit);
    assert_true(step->n_cause > 0);
}

/* Keeps digit in box 1 (A1-C3) only in the named cells. */
static void box1_only(struct human_state *st, int digit, const char *keep)
{
    static const char *const box1[9] = {"A1", "A2", "A3", "B1", "B2",
                                        "B3", "C1", "C2", "C3"};
    for (int i = 0; i < 9; i++)
        if (!strstr(keep, box1[i]))
            drop(st, digit, box1[i]);
}

static void test_direct_pointing(void **unused)
{
    (void)unused;
    struct human_state st;
    struct human_step step;
    empty_state(&st);
    box1_only(&st, 5, "A1 B1"); /* box 1: 5 in column 1 only */
    drop(&st, 5, "D2 D3 E1 E3 F1 F2 F3"); /* box 4: 5 in D1 and E2 */
    expect_place(tech_find_direct_pointing, &st, &step, "E2", 5);
    assert_string_equal(step.text,
                        "Direct Pointing: in box 1, 5 can only go in A1 and B1, "
                        "within column 1; with 5 gone from D1, G1, H1 and I1, "
                        "E2 is the only place left for 5 in box 4");
    /* the pointing leaves box 4 two places: no single */
    empty_state(&st);
    box1_only(&st, 5, "A1 B1");
    drop(&st, 5, "D2 D3 E1 E3 F1 F2"); /* box 4: 5 in D1, E2, F3 */
    expect_none(tech_find_direct_pointing, &st);
}

static void test_direct_claiming(void **unused)
{
    (void)unused;
    struct human_state st;
    struct human_step step;
    empty_state(&st);
    drop(&st, 3, "A3 A4 A5 A6 A7 A8 A9"); /* row A: 3 in box 1 only */
    drop(&st, 3, "B2 B3 B4 B6 B7 B8 B9"); /* row B: 3 in B1 and B5 */
    expect_place(tech_find_direct_claiming, &st, &step, "B5", 3);
    assert_string_equal(step.text,
                        "Direct Claiming: in row A, 3 can only go in A1 and A2, "
                        "within box 1; with 3 gone from B1, C1, C2 and C3, "
                        "B5 is the only place left for 3 in row B");
    /* row B keeps two places outside box 1 */
    empty_state(&st);
    drop(&st, 3, "A3 A4 A5 A6 A7 A8 A9");
    drop(&st, 3, "B2 B3 B4 B7 B8 B9"); /* row B: 3 in B1, B5, B6 */
    expect_none(tech_find_direct_claiming, &st);
}

static void test_direct_hidden_pair(void **unused)
{
    (void)unused;
    struct human_state st;
    struct human_step step;
    empty_state(&st);
    box1_only(&st, 1, "A1 A2"); /* 1 and 2: a hidden pair in A1, A2 */
    box1_only(&st, 2, "A1 A2");
    box1_only(&st, 3, "A1 B2"); /* 3 is left only B2 by it */
    expect_place(tech_find_direct_hidden_pair, &st, &step, "B2", 3);
    assert_string_equal(step.text,
                        "Direct Hidden Pair: in box 1, 1 and 2 can only go in "
                        "A1 and A2; with their other candidates gone, B2 is the "
                        "only place left for 3 in box 1");
    /* 3 keeps two places outside the pair */
    empty_state(&st);
    box1_only(&st, 1, "A1 A2");
    box1_only(&st, 2, "A1 A2");
    box1_only(&st, 3, "A1 B2 C3");
    expect_none(tech_find_direct_hidden_pair, &st);
    /* a house of two empty cells has no direct hidden pair (SE: more
     * empty cells than digits in the set) */
    empty_state(&st);
    box1_only(&st, 1, "A1 A2");
    box1_only(&st, 2, "A1 A2");
    box1_only(&st, 3, "A1 B2");
    st.house_empty[TECH_BOX(0)] = 2;
    expect_none(tech_find_direct_hidden_pair, &st);
}

static void test_direct_hidden_triple(void **unused)
{
    (void)unused;
    struct human_state st;
    struct human_step step;
    empty_state(&st);
    box1_only(&st, 1, "A1 A2"); /* 1, 2, 3: a hidden triple in row A */
    box1_only(&st, 2, "A2 A3");
    box1_only(&st, 3, "A1 A3");
    box1_only(&st, 4, "A1 B1"); /* 4 is left only B1 by it */
    expect_place(tech_find_direct_hidden_triple, &st, &step, "B1", 4);
    assert_string_equal(step.text,
                        "Direct Hidden Triplet: in box 1, 1, 2 and 3 can only go "
                        "in A1, A2 and A3; with their other candidates gone, B1 "
                        "is the only place left for 4 in box 1");
    /* no pair among them: the pair rule finds nothing */
    expect_none(tech_find_direct_hidden_pair, &st);
    /* 4 keeps two places outside the triple */
    box1_only(&st, 4, "A1 B1 C1");
    st.cand[at("C1")] |= (uint16_t)tech_bit(4);
    expect_none(tech_find_direct_hidden_triple, &st);
}

/* The rows: SE's ratings, a block after the forcing chains, and in SE's
 * pass among the singles: hidden singles, direct pointing and claiming,
 * direct hidden pair, naked single, direct hidden triplet, then
 * pointing. */
static void test_direct_rows(void **unused)
{
    (void)unused;
    static const struct {
        const char *key;
        int rating;
    } rows[] = {
        {"direct_pointing", 17},
        {"direct_claiming", 19},
        {"direct_hidden_pair", 20},
        {"direct_hidden_triple", 25},
    };
    static const char *const se_order[] = {
        "full_house",         "hidden_single_box", "hidden_single_line",
        "direct_pointing",    "direct_claiming",   "direct_hidden_pair",
        "naked_single",       "direct_hidden_triple", "pointing",
    };
    int first = human_tech_find(rows[0].key);
    assert_true(first > human_tech_find("region_forcing_chain"));
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
        int t = human_tech_find(rows[i].key);
        assert_int_equal(t, first + (int)i);
        assert_int_equal(human_tech_info(t)->rating, rows[i].rating);
    }
    for (size_t i = 0; i < sizeof se_order / sizeof se_order[0]; i++) {
        const struct rater_row *r = &rater_se.rows[i];
        int t = human_tech_find(se_order[i]);
        assert_true(t >= 0);
        assert_ptr_equal(r->find, tech_table[t].find);
        assert_int_equal(r->score, tech_table[t].info.rating);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_direct_pointing),
        cmocka_unit_test(test_direct_claiming),
        cmocka_unit_test(test_direct_hidden_pair),
        cmocka_unit_test(test_direct_hidden_triple),
        cmocka_unit_test(test_direct_rows),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
