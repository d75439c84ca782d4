/*
 * Tests of the hard techniques (fish, single-digit patterns, colouring,
 * remote pairs, wings, uniqueness): for each, a hand-made position where
 * it applies, with the exact eliminations or placement expected, and one
 * where it must not fire; and the ratings read from chains.
 *
 * Positions are built from an empty grid (every candidate everywhere) by
 * removing candidates, so only the pattern under test is present.
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

/* Gives cell back the candidate digit. */
static void add(struct human_state *st, int digit, const char *cell)
{
    st->cand[at(cell)] |= (uint16_t)tech_bit(digit);
}

/* Removes digit from every cell of house but the named ones. */
static void keep(struct human_state *st, int digit, int house, const char *cells)
{
    for (int i = 0; i < 9; i++) {
        int cell = tech_house_cells[house][i], kept = 0;
        for (const char *p = cells; *p; p += (p[2] == ' ') ? 3 : 2)
            kept |= at(p) == cell;
        if (!kept)
            st->cand[cell] &= (uint16_t)~tech_bit(digit);
    }
}

#define ROW(ch) TECH_ROW((ch) - 'A')
#define COL(n) TECH_COL((n)-1)
#define BOX(n) TECH_BOX((n)-1)

/* The table's rating of a step found by technique key. */
static int rating_of(const char *key, const struct human_step *step)
{
    int t = human_tech_find(key);
    assert_true(t >= 0);
    struct human_step copy = *step;
    copy.tech = t;
    const struct tech_row *row = &tech_table[t];
    return row->rate ? row->rate(&copy) : row->info.rating;
}

/* ---- fish ----------------------------------------------------------- */

static void test_x_wing(void **unused)
{
    (void)unused;
    struct human_state st;
    struct human_step step;
    empty_state(&st);
    keep(&st, 7, ROW('B'), "B2 B8");
    keep(&st, 7, ROW('F'), "F2 F8");
    keep(&st, 7, COL(2), "B2 D2 F2");
    keep(&st, 7, COL(8), "B8 F8 H8");
    expect_elims(tech_find_x_wing, &st, &step, "7D2 7H8");
    assert_string_equal(step.text,
                        "X-Wing: 7 in rows B and F is confined to "
                        "columns 2 and 8, so 7 is removed from D2 and H8");
    assert_int_equal(rating_of("x_wing", &step), 32);
    drop(&st, 7, "D2 H8");
    expect_none(tech_find_x_wing, &st);
}

static void test_swordfish(void **unused)
{
    (void)unused;
    struct human_state st;
    struct human_step step;
    empty_state(&st);
    keep(&st, 5, ROW('A'), "A1 A4");
    keep(&st, 5, ROW('E'), "E4 E7");
    keep(&st, 5, ROW('I'), "I1 I7");
    keep(&st, 5, COL(1), "A1 C1 I1");
    keep(&st, 5, COL(4), "A4 E4");
    keep(&st, 5, COL(7), "E7 G7 I7");
    expect_none(tech_find_x_wing, &st);
    expect_elims(tech_find_swordfish, &st, &step, "5C1 5G7");
    assert_string_equal(step.text,
                        "Swordfish: 5 in rows A, E and I is confined "
                        "to columns 1, 4 and 7, so 5 is removed from C1 and G7");
    add(&st, 5, "E9"); /* row E leaves the columns */
    expect_none(tech_find_swordfish, &st);
}

static void test_jellyfish(void **unused)
{
    (void)unused;
    struct human_state st;
    struct human_step step;
    empty_state(&st);
    keep(&st, 2, ROW('A'), "A2 A4");
    keep(&st, 2, ROW('C'), "C4 C6");
    keep(&st, 2, ROW('E'), "E6 E8");
    keep(&st, 2, ROW('G'), "G2 G8");
    keep(&st, 2, COL(2), "A2 G2 I2");
    keep(&st, 2, COL(4), "A4 C4");
    keep(&st, 2, COL(6), "C6 E6");
    keep(&st, 2, COL(8), "E8 G8");
    expect_none(tech_find_x_wing, &st);
    expect_none(tech_find_swordfish, &st);
    expect_elims(tech_find_jellyfish, &st, &step, "2I2");
    drop(&st, 2, "I2");
    expect_none(tech_find_jellyfish, &st);
}

static void test_finned_x_wing(void **unused)
{
    (void)unused;
    struct human_state st;
    struct human_step step;
    empty_state(&st);
    keep(&st, 4, ROW('B'), "B2 B8");
    keep(&st, 4, ROW('E'), "E2 E8 E9"); /* fin E9 in box 6 */
    expect_elims(tech_find_finned_x_wing, &st, &step, "4D8 4F8");
    assert_string_equal(step.text,
                        "Finned X-Wing: 4 in rows B and E is "
                        "confined to columns 2 and 8 but for the fin E9 in "
                        "box 6, so 4 is removed from D8 and F8");
    expect_none(tech_find_sashimi_x_wing, &st);
    keep(&st, 4, ROW('E'), "E2 E8 E5"); /* the fin sees nothing */
    expect_none(tech_find_finned_x_wing, &st);
}

static void test_sashimi_x_wing(void **unused)
{
    (void)unused;
    struct human_state st;
    struct human_step step;
    empty_state(&st);
    keep(&st, 4, ROW('B'), "B2 B8");
    keep(&st, 4, ROW('E'), "E2 E9"); /* no E8: sashimi */
    drop(&st, 4, "A9 C9"); /* the mirror sashimi (fin B8) removes nothing */
    expect_elims(tech_find_sashimi_x_wing, &st, &step, "4D8 4F8");
    expect_none(tech_find_finned_x_wing, &st);
    drop(&st, 4, "D8 F8");
    expect_none(tech_find_sashimi_x_wing, &st);
}

/* ---- single-digit patterns ------------------------------------------ */

static void test_skyscraper(void **unused)
{
    (void)unused;
    struct human_state st;
    struct human_step step;
    empty_state(&st);
    keep(&st, 1, ROW('B'), "B2 B5");
    keep(&st, 1, ROW('H'), "H2 H6");
    expect_elims(tech_find_skyscraper, &st, &step, "1A6 1C6 1G5 1I5");
    assert_string_equal(step.text,
                        "Skyscraper: the 1 of row B is only in B5 "
                        "and B2, that of row H is only in H2 and H6; B2 and H2 "
                        "see each other, so B5 or H6 is 1, so 1 is removed from "
                        "A6, C6, G5 and I5");
    assert_int_equal(rating_of("skyscraper", &step), 66);
    expect_none(tech_find_two_string_kite, &st);
    empty_state(&st);
    keep(&st, 1, ROW('B'), "B2 B5");
    keep(&st, 1, ROW('H'), "H3 H6"); /* B2 and H3 do not meet */
    expect_none(tech_find_skyscraper, &st);
}

static void test_two_string_kite(void **unused)
{
    (void)unused;
    struct human_state st;
    struct human_step step;
    empty_state(&st);
    keep(&st, 1, ROW('C'), "C2 C8");
    keep(&st, 1, COL(3), "B3 G3");
    expect_elims(tech_find_two_string_kite, &st, &step, "1G8");
    expect_none(tech_find_skyscraper, &st);
    drop(&st, 1, "G8");
    expect_none(tech_find_two_string_kite, &st);
}

static void test_turbot_fish(void **unused)
{
    (void)unused;
    struct human_state st;
    struct human_step step;
    empty_state(&st);
    keep(&st, 1, BOX(1), "A2 B3");
    keep(&st, 1, ROW('E'), "E3 E7");
    expect_elims(tech_find_turbot_fish, &st, &step, "1A7");
    expect_none(tech_find_skyscraper, &st);
    expect_none(tech_find_two_string_kite, &st);
    drop(&st, 1, "A7");
    expect_none(tech_find_turbot_fish, &st);
}

static void test_empty_rectangle(void **unused)
{
    (void)unused;
    struct human_state st;
    struct human_step step;
    empty_state(&st);
    drop(&st, 3, "D4 D6 F4 F6"); /* box 5: row E and column 5 */
    keep(&st, 3, COL(8), "E8 H8");
    expect_elims(tech_find_empty_rectangle, &st, &step, "3H5");
    assert_string_equal(step.text,
                        "Empty rectangle: in box 5 the 3 is only in "
                        "row E and column 5 (D5, E4, E5, E6, F5), and the 3 of "
                        "column 8 is only in E8 and H8, so 3 is removed from H5");
    drop(&st, 3, "H5");
    expect_none(tech_find_empty_rectangle, &st);
}

/* ---- colouring and remote pairs -------------------------------------- */

/* The 6s of A1=D1=D4=H4=H7=C7 linked by columns and rows. */
static void colour_chain(struct human_state *st)
{
    empty_state(st);
    keep(st, 6, COL(1), "A1 D1");
    keep(st, 6, ROW('D'), "D1 D4");
    keep(st, 6, COL(4), "D4 H4");
    keep(st, 6, ROW('H'), "H4 H7");
    keep(st, 6, COL(7), "H7 C7");
}

static void test_simple_colour_trap(void **unused)
{
    (void)unused;
    struct human_state st;
    struct human_step step;
    colour_chain(&st);
    expect_elims(tech_find_simple_colour_trap, &st, &step, "6A8 6A9 6C2 6C3");
    assert_string_equal(step.text,
                        "Simple colouring (trap): the conjugate 6s "
                        "C7, H7, H4, D4, D1, A1 alternate, so C7 or A1 is 6, so "
                        "6 is removed from A8, A9, C2 and C3");
    assert_int_equal(step.n_cause, 6);
    assert_int_equal(rating_of("simple_colour_trap", &step), 67);
    expect_none(tech_find_simple_colour_wrap, &st);
    drop(&st, 6, "A8 A9 C2 C3");
    expect_none(tech_find_simple_colour_trap, &st);
}

static void test_simple_colour_wrap(void **unused)
{
    (void)unused;
    struct human_state st;
    struct human_step step;
    empty_state(&st);
    keep(&st, 9, ROW('A'), "A1 A5");
    keep(&st, 9, COL(5), "A5 E5");
    keep(&st, 9, ROW('E'), "E5 E2");
    keep(&st, 9, COL(2), "E2 B2"); /* B2 meets A1 in box 1 */
    expect_elims(tech_find_simple_colour_wrap, &st, &step, "9A1 9B2 9E5");
    assert_int_equal(step.n_cause, 5);
    assert_int_equal(rating_of("simple_colour_wrap", &step), 66);
    colour_chain(&st);
    expect_none(tech_find_simple_colour_wrap, &st);
}

static void test_multi_colour_1(void **unused)
{
    (void)unused;
    struct human_state st;
    struct human_step step;
    empty_state(&st);
    keep(&st, 8, ROW('A'), "A1 A6");
    keep(&st, 8, COL(2), "B2 H2"); /* A1 sees B2 */
    expect_elims(tech_find_multi_colour_1, &st, &step, "8H6");
    expect_none(tech_find_multi_colour_2, &st);
    drop(&st, 8, "H6");
    expect_none(tech_find_multi_colour_1, &st);
}

static void test_multi_colour_2(void **unused)
{
    (void)unused;
    struct human_state st;
    struct human_step step;
    empty_state(&st);
    keep(&st, 4, ROW('A'), "A2 A7");
    keep(&st, 4, COL(7), "A7 E7");
    keep(&st, 4, ROW('E'), "E7 E3");
    keep(&st, 4, ROW('B'), "B3 B9");
    keep(&st, 4, COL(9), "B9 H9");
    /* B3 sees A2 and E3, of opposite colours: B3's colour is false; but
     * first (cluster A2's first) A7 and E3's colour sees both colours of
     * B3's cluster (B9 and B3): that colour is false */
    expect_elims(tech_find_multi_colour_2, &st, &step, "4A7 4E3");
    assert_int_equal(rating_of("multi_colour_2", &step), 66);
    empty_state(&st);
    keep(&st, 4, ROW('A'), "A2 A7");
    keep(&st, 4, ROW('B'), "B3 B9");
    expect_none(tech_find_multi_colour_2, &st);
}

static void test_remote_pair(void **unused)
{
    (void)unused;
    struct human_state st;
    struct human_step step;
    empty_state(&st);
    only(&st, "A1", "27");
    only(&st, "A5", "27");
    only(&st, "H5", "27");
    only(&st, "G6", "27");
    expect_elims(tech_find_remote_pair, &st, &step, "2G1 7G1");
    assert_string_equal(step.text,
                        "Remote pair: A1, A5, H5, G6 hold only 2 and "
                        "7 and form a chain, so A1 and G6 hold one each, so 2 "
                        "is removed from G1, and 7 from G1");
    assert_int_equal(rating_of("remote_pair", &step), 68);
    only(&st, "G6", "28");
    expect_none(tech_find_remote_pair, &st);
}

/* ---- wings ---------------------------------------------------------- */

static void test_xy_wing(void **unused)
{
    (void)unused;
    struct human_state st;
    struct human_step step;
    empty_state(&st);
    only(&st, "E5", "37");
    only(&st, "E1", "39");
    only(&st, "B5", "79");
    expect_elims(tech_find_xy_wing, &st, &step, "9B1");
    assert_string_equal(step.text,
                        "XY-Wing: pivot E5 (3 and 7) with pincers "
                        "B5 (7 and 9) and E1 (3 and 9): one pincer is 9, so 9 "
                        "is removed from B1");
    only(&st, "B5", "78");
    expect_none(tech_find_xy_wing, &st);
}

static void test_xyz_wing(void **unused)
{
    (void)unused;
    struct human_state st;
    struct human_step step;
    empty_state(&st);
    only(&st, "E5", "379");
    only(&st, "E1", "39");
    only(&st, "D6", "79");
    expect_elims(tech_find_xyz_wing, &st, &step, "9E4 9E6");
    expect_none(tech_find_xy_wing, &st);
    only(&st, "E1", "38");
    expect_none(tech_find_xyz_wing, &st);
}

static void test_w_wing(void **unused)
{
    (void)unused;
    struct human_state st;
    struct human_step step;
    empty_state(&st);
    only(&st, "A1", "38");
    only(&st, "H5", "38");
    keep(&st, 8, ROW('E'), "E1 E5");
    expect_elims(tech_find_w_wing, &st, &step, "3A5 3H1");
    assert_string_equal(step.text,
                        "W-Wing: A1 and H5 hold only 3 and 8, and "
                        "the 8 of row E is only in E1 and E5, which see them, so "
                        "one of them is 3, so 3 is removed from A5 and H1");
    assert_int_equal(rating_of("w_wing", &step), 71);
    add(&st, 8, "E3"); /* no strong link left */
    expect_none(tech_find_w_wing, &st);
}

/* ---- uniqueness ----------------------------------------------------- */

static void test_unique_rectangle_1(void **unused)
{
    (void)unused;
    struct human_state st;
    struct human_step step;
    rectangle(&st, "46", "469");
    expect_elims(tech_find_unique_rectangle_1, &st, &step, "4E2 6E2");
    assert_string_equal(step.text,
                        "Unique rectangle type 1: B1, B2, E1 and E2 "
                        "must not all hold only 4 and 6 (one solution), so 4 is "
                        "removed from E2, and 6 from E2");
    rectangle(&st, "469", "469");
    expect_none(tech_find_unique_rectangle_1, &st);
    empty_state(&st); /* four boxes: no pattern */
    only(&st, "B1", "46");
    only(&st, "B5", "46");
    only(&st, "E1", "46");
    expect_none(tech_find_unique_rectangle_1, &st);
}

static void test_unique_rectangle_2(void **unused)
{
    (void)unused;
    struct human_state st;
    struct human_step step;
    rectangle(&st, "469", "469");
    keep(&st, 9, ROW('E'), "E1 E2 E7");
    keep(&st, 9, BOX(4), "E1 E2 D3");
    expect_elims(tech_find_unique_rectangle_2, &st, &step, "9D3 9E7");
    rectangle(&st, "469", "468");
    expect_none(tech_find_unique_rectangle_2, &st);
}

static void test_unique_rectangle_3(void **unused)
{
    (void)unused;
    struct human_state st;
    struct human_step step;
    rectangle(&st, "468", "469");
    only(&st, "E5", "89");
    keep(&st, 8, ROW('E'), "E1 E5");
    keep(&st, 9, ROW('E'), "E2 E5 E7");
    expect_elims(tech_find_unique_rectangle_3, &st, &step, "9E7");
    assert_int_equal(rating_of("unique_rectangle_3", &step), 46);
    only(&st, "E5", "389");
    expect_none(tech_find_unique_rectangle_3, &st);
}

static void test_unique_rectangle_4(void **unused)
{
    (void)unused;
    struct human_state st;
    struct human_step step;
    rectangle(&st, "469", "468");
    keep(&st, 4, ROW('E'), "E1 E2");
    expect_elims(tech_find_unique_rectangle_4, &st, &step, "6E1 6E2");
    rectangle(&st, "469", "468");
    keep(&st, 4, ROW('E'), "E1 E2 E5");
    expect_none(tech_find_unique_rectangle_4, &st);
}

static void test_hidden_rectangle(void **unused)
{
    (void)unused;
    struct human_state st;
    struct human_step step;
    empty_state(&st);
    only(&st, "B1", "46");
    keep(&st, 4, ROW('E'), "E1 E2");
    keep(&st, 4, COL(2), "B2 E2");
    expect_elims(tech_find_hidden_rectangle, &st, &step, "6E2");
    add(&st, 4, "H2");
    expect_none(tech_find_hidden_rectangle, &st);
}

/* A grid filled with 9s but for a Latin square of 1, 2, 3 on rows A-C,
 * columns 1, 4, 7 (each house three cells, each digit in two of them);
 * A1 also holds 3, which is then in three cells of each of its houses. */
static void bug_state(struct human_state *st)
{
    static const char *const cells[9] = {"A1", "A4", "A7", "B1", "B4",
                                         "B7", "C1", "C4", "C7"};
    static const char *const pairs[9] = {"123", "23", "13", "23", "13",
                                         "12",  "13", "12", "23"};
    memset(st, 0, sizeof *st);
    for (int i = 0; i < GRID_CELLS; i++)
        st->value[i] = 9;
    for (int i = 0; i < 9; i++) {
        st->value[at(cells[i])] = 0;
        only(st, cells[i], pairs[i]);
    }
    st->empty = 9;
}

static void test_bug_plus_1(void **unused)
{
    (void)unused;
    struct human_state st;
    struct human_step step;
    bug_state(&st);
    step.flags = HUMAN_STEP_TEXT;
    tech_step_reset(&step);
    assert_int_equal(run_find(tech_find_bug_plus_1, &st, &step), 1);
    assert_int_equal(step.n_place, 1);
    assert_int_equal(step.place[0].cell, at("A1"));
    assert_int_equal(step.place[0].digit, 3);
    assert_string_equal(step.text,
                        "BUG+1: every empty cell but A1 holds two "
                        "candidates, and 3 appears three times in its row, "
                        "column and box, so A1 is 3");
    only(&st, "B4", "123"); /* two cells of three */
    expect_none(tech_find_bug_plus_1, &st);
    bug_state(&st);
    only(&st, "C1", "12"); /* 2 and 3 odd in row C */
    expect_none(tech_find_bug_plus_1, &st);
}

/* The solver takes the cheapest hard step: an X-Wing before a W-Wing. */
static void test_hard_order(void **unused)
{
    (void)unused;
    struct human_state st;
    struct human_step step;
    empty_state(&st);
    keep(&st, 7, ROW('B'), "B2 B8");
    keep(&st, 7, ROW('F'), "F2 F8");
    only(&st, "A1", "38");
    only(&st, "H5", "38");
    keep(&st, 8, ROW('E'), "E1 E5");
    step.flags = 0;
    assert_int_equal(human_find_step(&st, &step), 1);
    assert_string_equal(human_tech_info(step.tech)->key, "x_wing");
    assert_int_equal(step.rating, 32);
    assert_int_equal(human_tech_info(step.tech)->group, HUMAN_GROUP_HARD);
    assert_int_equal(human_tech_info(human_tech_find("w_wing"))->weight, 150);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_x_wing),
        cmocka_unit_test(test_swordfish),
        cmocka_unit_test(test_jellyfish),
        cmocka_unit_test(test_finned_x_wing),
        cmocka_unit_test(test_sashimi_x_wing),
        cmocka_unit_test(test_skyscraper),
        cmocka_unit_test(test_two_string_kite),
        cmocka_unit_test(test_turbot_fish),
        cmocka_unit_test(test_empty_rectangle),
        cmocka_unit_test(test_simple_colour_trap),
        cmocka_unit_test(test_simple_colour_wrap),
        cmocka_unit_test(test_multi_colour_1),
        cmocka_unit_test(test_multi_colour_2),
        cmocka_unit_test(test_remote_pair),
        cmocka_unit_test(test_xy_wing),
        cmocka_unit_test(test_xyz_wing),
        cmocka_unit_test(test_w_wing),
        cmocka_unit_test(test_unique_rectangle_1),
        cmocka_unit_test(test_unique_rectangle_2),
        cmocka_unit_test(test_unique_rectangle_3),
        cmocka_unit_test(test_unique_rectangle_4),
        cmocka_unit_test(test_hidden_rectangle),
        cmocka_unit_test(test_bug_plus_1),
        cmocka_unit_test(test_hard_order),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
