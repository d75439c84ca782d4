/*
 * Tests of Sudoku Explainer 1.2.1.3's own producers (tech_se_unique.c,
 * tech_aligned.c): unique rectangles and loops, BUG, aligned pair and
 * triplet exclusion.  For each, a hand-made position where it applies,
 * with the exact eliminations and SE's difficulty, and one where it must
 * not fire; for the unique loops, SE's choice among several instances
 * (the lowest difficulty, then the lowest type).  How they compare with
 * SE itself at SE's own positions: bench/se_rules_check.
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

/* Removes digit from every cell of rows A-C but the named ones. */
static void band_only(struct human_state *st, int digit, const char *cells)
{
    for (int c = 0; c < 27; c++) {
        int kept = 0;
        for (const char *p = cells; *p; p += (p[2] == ' ') ? 3 : 2)
            kept |= at(p) == c;
        if (!kept)
            st->cand[c] &= (uint16_t)~tech_bit(digit);
    }
}

/* A grid whose cells are all filled but the named ones (which keep every
 * candidate until told otherwise): the BUG producer reads every cell. */
static void empty_only(struct human_state *st, const char *cells)
{
    empty_state(st);
    for (int c = 0; c < GRID_CELLS; c++) {
        int kept = 0;
        for (const char *p = cells; *p; p += (p[2] == ' ') ? 3 : 2)
            kept |= at(p) == c;
        if (kept)
            continue;
        st->value[c] = (uint8_t)(c % 9 + 1);
        st->cand[c] = 0;
        st->empty--;
        st->house_empty[TECH_ROW(tech_row_of(c))]--;
        st->house_empty[TECH_COL(tech_col_of(c))]--;
        st->house_empty[TECH_BOX(tech_box_of(c))]--;
    }
}

/* ---- unique rectangles and loops ------------------------------------ */

static void test_unique_rectangle_type_1(void **unused)
{
    (void)unused;
    struct human_state st;
    struct human_step step;
    rectangle(&st, "46", "467"); /* B1 B2 E1 E2 on 4 and 6, E2 also 7 */
    expect_elims(tech_find_se_unique_loop, &st, &step, "4E2 6E2");
    assert_int_equal(step.rating, 45);
    assert_non_null(strstr(step.text, "Unique Rectangle type 1"));
    /* all four only 4 and 6: no cell breaks the pattern, nothing to say */
    rectangle(&st, "46", "46");
    expect_none(tech_find_se_unique_loop, &st);
    /* E2 without 6: no rectangle */
    rectangle(&st, "46", "47");
    expect_none(tech_find_se_unique_loop, &st);
}

/* The loop A1 A5 C5 C8 B8 B1 on 1 and 2 (rows A-C; each row, column and
 * box it meets, it meets twice), the band's other cells without 1 or 2. */
static void six_loop(struct human_state *st, const char *b1)
{
    empty_state(st);
    only(st, "A1", "12");
    only(st, "A5", "12");
    only(st, "C5", "12");
    only(st, "C8", "12");
    only(st, "B8", "12");
    only(st, "B1", b1);
    band_only(st, 1, "A1 A5 C5 C8 B8 B1");
    band_only(st, 2, "A1 A5 C5 C8 B8 B1");
}

static void test_unique_loop_type_1(void **unused)
{
    (void)unused;
    struct human_state st;
    struct human_step step;
    six_loop(&st, "125");
    expect_elims(tech_find_se_unique_loop, &st, &step, "1B1 2B1");
    assert_int_equal(step.rating, 46); /* 4.5 + 0.1 for 6 cells */
    assert_non_null(strstr(step.text, "Unique Loop type 1"));
    six_loop(&st, "12");
    expect_none(tech_find_se_unique_loop, &st);
}

/* SE sorts its unique loops by difficulty, then type, and takes the
 * first: a rectangle (4.5) found after a loop of 6 (4.6) is taken. */
static void test_unique_loop_choice(void **unused)
{
    (void)unused;
    struct human_state st;
    struct human_step step;
    six_loop(&st, "125");
    only(&st, "G1", "39"); /* the rectangle G1 G4 H1 H4 on 3 and 9 */
    only(&st, "G4", "39");
    only(&st, "H1", "39");
    only(&st, "H4", "379");
    expect_elims(tech_find_se_unique_loop, &st, &step, "3H4 9H4");
    assert_int_equal(step.rating, 45);
    /* collect mode lists both */
    assert_int_equal(human_all_steps(&st, human_tech_find("unique_loop"), NULL, NULL), 2);
}

/* ---- Bivalue Universal Grave ------------------------------------------ */

static void test_bug_type_1(void **unused)
{
    (void)unused;
    struct human_state st;
    struct human_step step;
    /* A1 A4 B1 B4: 1 and 2 twice in every house; B4's 3 alone */
    empty_only(&st, "A1 A4 B1 B4");
    only(&st, "A1", "12");
    only(&st, "A4", "12");
    only(&st, "B1", "12");
    only(&st, "B4", "123");
    expect_elims(tech_find_se_bug, &st, &step, "1B4 2B4");
    assert_int_equal(step.rating, 56);
    assert_non_null(strstr(step.text, "BUG type 1"));
    /* A4 and B4 both 1, 2 or 3: two BUG cells with the one BUG digit 3,
     * and no cell that sees both holds it; they share no other digit
     * alone (type 4): nothing to remove */
    only(&st, "A4", "123");
    only(&st, "B4", "123");
    expect_none(tech_find_se_bug, &st);
}

/* ---- aligned exclusion ---------------------------------------------- */

static void test_aligned_pair_exclusion(void **unused)
{
    (void)unused;
    struct human_state st;
    struct human_step step;
    /* A1 and A5 (row A) see A8 (1 or 3) and A9 (1 or 2): with A1 = 1, A5
     * (2 or 3) would empty one of them. */
    empty_only(&st, "A1 A5 A8 A9");
    only(&st, "A1", "14");
    only(&st, "A5", "23");
    only(&st, "A8", "13");
    only(&st, "A9", "12");
    expect_elims(tech_find_aligned_pair_exclusion, &st, &step, "1A1");
    assert_int_equal(step.rating, 62);
    /* A8 3 or 4 (a cycle 1-2-3-4 through the four): every digit of each
     * base pair has a way that leaves both excluders a digit */
    only(&st, "A8", "34");
    expect_none(tech_find_aligned_pair_exclusion, &st);
}

static void test_aligned_triplet_exclusion(void **unused)
{
    (void)unused;
    struct human_state st;
    struct human_step step;
    /* A1 A2 A3 (row A, box 1) see A9 (1, 2 or 3) and B3 (2 or 4): only
     * A1 = 1, A2 = 3, A3 = 4 takes neither whole. */
    empty_only(&st, "A1 A2 A3 A9 B3");
    only(&st, "A1", "12");
    only(&st, "A2", "13");
    only(&st, "A3", "234");
    only(&st, "A9", "123");
    only(&st, "B3", "24");
    expect_elims(tech_find_aligned_triplet_exclusion, &st, &step, "1A2 2A1 2A3 3A3");
    assert_int_equal(step.rating, 75);
    expect_none(tech_find_aligned_pair_exclusion, &st);
    /* A9 5, 6 or 7: no way takes it whole, and B3 alone forbids none of
     * the cells' digits */
    only(&st, "A9", "567");
    expect_none(tech_find_aligned_triplet_exclusion, &st);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_unique_rectangle_type_1),
        cmocka_unit_test(test_unique_loop_type_1),
        cmocka_unit_test(test_unique_loop_choice),
        cmocka_unit_test(test_bug_type_1),
        cmocka_unit_test(test_aligned_pair_exclusion),
        cmocka_unit_test(test_aligned_triplet_exclusion),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
