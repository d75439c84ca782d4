/*
 * Tests of the technique fixes HoDoKu's regression library called for
 * (issue 16): for each, a hand-made position where the fixed search must
 * fire, with the exact placement or eliminations, and one where it must
 * not.  The library itself is checked by tests/test_hodoku_reglib.c.
 *
 * Positions are built from an empty grid (every candidate everywhere) by
 * removing candidates, or cell by cell, so only the pattern under test is
 * present.  Techniques are reached through the table by key (find_key).
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

#define EVERY_DIGIT "123456789"

/* The plain search of the technique whose key is key. */
static int find_key(const char *key, const struct human_state *st,
                    struct human_step *step)
{
    int t = human_tech_find(key);
    assert_true(t >= 0);
    step->flags = HUMAN_STEP_TEXT;
    tech_step_reset(step);
    return run_find(tech_table[t].find, st, step);
}

/* Asserts key fires with exactly these eliminations ("9G7 9H7"). */
static void expect_key_elims(const char *key, const struct human_state *st,
                             const char *want)
{
    struct human_step step;
    char got[2048];
    assert_int_equal(find_key(key, st, &step), 1);
    assert_int_equal(step.n_place, 0);
    elims_text(&step, got, sizeof got);
    assert_string_equal(got, want);
    assert_true(step.text[0] != '\0');
}

static void expect_key_none(const char *key, const struct human_state *st)
{
    struct human_step step;
    assert_int_equal(find_key(key, st, &step), 0);
}

/* Empties the named cells, giving each the candidates listed ("A1:124"),
 * and fills every other cell with 5 (its candidates then play no part). */
static void cells_state(struct human_state *st, const char *const *cells, int n)
{
    memset(st, 0, sizeof *st);
    for (int i = 0; i < GRID_CELLS; i++)
        st->value[i] = 5;
    for (int i = 0; i < n; i++) {
        st->value[at(cells[i])] = 0;
        only(st, cells[i], cells[i] + 3);
    }
    st->empty = n;
}

/* ---- BUG+1 ---------------------------------------------------------- */

/* A1 holds 1, 2 and 4, every other empty cell two digits, and 9 is odd in
 * row A, column 1 and box 1 (A4, B1) -- but A1 has no 9: no BUG+1 (before
 * the fix it placed 9 in A1, HoDoKu's fail case "this is not a BUG+1"). */
static void test_bug_plus_1_needs_the_candidate(void **unused)
{
    (void)unused;
    static const char *const cells[] = {"A1:124", "A4:19", "B1:19", "B4:19",
                                        "A7:24",  "C1:24", "C7:24"};
    struct human_state st;
    struct human_step step;
    cells_state(&st, cells, 7);
    expect_key_none("bug_plus_1", &st);
    /* A1 with 1, 3 and 9 over the 1-9 pattern of A4, B1, B4: 1 and 9 are
     * twice in each house, 3 only in A1, so once in each of its houses. */
    static const char *const fire[] = {"A1:139", "A4:19", "B1:19", "B4:19"};
    cells_state(&st, fire, 4);
    assert_int_equal(find_key("bug_plus_1", &st, &step), 1);
    assert_int_equal(step.n_place, 1);
    assert_int_equal(step.place[0].cell, at("A1"));
    assert_int_equal(step.place[0].digit, 3);
}

/* ---- uniqueness: a corner that lost one of the two digits ------------ */

/* Every other cell of row E loses 4, and of column 2 (but B2, E2). */
static void confine_4(struct human_state *st)
{
    drop(st, 4, "E3 E4 E5 E6 E7 E8 E9");
    drop(st, 4, "A2 C2 D2 F2 G2 H2 I2");
}

static void test_ur1_missing_candidate(void **unused)
{
    (void)unused;
    struct human_state st;
    rectangle(&st, "46", "49"); /* E2 lost 6: still type 1 */
    expect_key_elims("unique_rectangle_1", &st, "4E2");
    rectangle(&st, "46", "89"); /* E2 lost both: nothing */
    expect_key_none("unique_rectangle_1", &st);
    /* E1 lost 6 because a 6 is placed in row E: the pattern is not
     * possible by the placed digits (HoDoKu's rule), so no rectangle. */
    rectangle(&st, "4", "49");
    st.value[at("E5")] = 6;
    st.cand[at("E5")] = 0;
    expect_key_none("unique_rectangle_1", &st);
}

static void test_ur2_missing_candidate(void **unused)
{
    (void)unused;
    struct human_state st;
    rectangle(&st, "49", "469"); /* E1 lost 6 */
    drop(&st, 9, "E3 E4 E5 E6 E8 E9 D1 D2 F1 F2 F3");
    expect_key_elims("unique_rectangle_2", &st, "9D3 9E7");
    rectangle(&st, "49", "468"); /* two different extras */
    expect_key_none("unique_rectangle_2", &st);
}

static void test_ur4_missing_candidate(void **unused)
{
    (void)unused;
    struct human_state st;
    rectangle(&st, "49", "468");          /* E1 lost 6 */
    drop(&st, 4, "E3 E4 E5 E6 E7 E8 E9"); /* 4 of row E in E1, E2 */
    expect_key_elims("unique_rectangle_4", &st, "6E2");
    only(&st, "E7", "34"); /* row E's 4 elsewhere too */
    expect_key_none("unique_rectangle_4", &st);
}

static void test_hidden_rectangle_missing_candidate(void **unused)
{
    (void)unused;
    struct human_state st;
    rectangle(&st, "49", EVERY_DIGIT); /* E1 lost 6 */
    confine_4(&st);
    expect_key_elims("hidden_rectangle", &st, "6E2");
    only(&st, "H2", "48"); /* column 2's 4 elsewhere too */
    expect_key_none("hidden_rectangle", &st);
}

/* ---- Remote Pair: every pair, not the first of each lower digit ------ */

static void test_remote_pair_second_pair(void **unused)
{
    (void)unused;
    struct human_state st;
    empty_state(&st);
    only(&st, "A1", "38"); /* the first pair holding 3 */
    only(&st, "B1", "35"); /* B1 - A2 - A4 - D4 */
    only(&st, "A2", "35");
    only(&st, "A4", "35");
    only(&st, "D4", "35");
    expect_key_elims("remote_pair", &st, "3D1 5D1");
    only(&st, "D4", EVERY_DIGIT); /* three cells: no chain */
    expect_key_none("remote_pair", &st);
}

/* ---- UR type 3: any number of extras, and a locked set's box --------- */

static void test_ur3_locked_in_box(void **unused)
{
    (void)unused;
    struct human_state st;
    empty_state(&st);
    only(&st, "B1", "468"); /* roof B1 B2: row B, box 1 */
    only(&st, "B2", "469");
    only(&st, "E1", "46");
    only(&st, "E2", "46");
    only(&st, "B3", "89"); /* with the extras: 8 9 */
    drop(&st, 8, "B4 B5 B6 B8 B9 A1 A2 C1 C2 C3");
    drop(&st, 9, "B4 B5 B6 B8 B9 A1 A2 C1 C2 C3");
    /* the set is in row B and in box 1: both lose 8 and 9 */
    expect_key_elims("unique_rectangle_3", &st, "8A3 8B7 9A3 9B7");
    only(&st, "B3", "789"); /* no set */
    expect_key_none("unique_rectangle_3", &st);
}

static void test_ur3_four_extras(void **unused)
{
    (void)unused;
    struct human_state st;
    empty_state(&st);
    only(&st, "B1", "1246"); /* roof B1 B4 in row B */
    only(&st, "B4", "3456");
    only(&st, "C1", "46");
    only(&st, "C4", "46");
    only(&st, "B6", "12"); /* 1 2 3 5 in B1 B4 B6 B7 B8 */
    only(&st, "B7", "35");
    only(&st, "B8", "15");
    only(&st, "B3", "46789");
    only(&st, "B5", "46789");
    only(&st, "B9", "46789");
    expect_key_elims("unique_rectangle_3", &st, "1B2 2B2 3B2 5B2");
    only(&st, "B8", "157"); /* five digits in four cells */
    expect_key_none("unique_rectangle_3", &st);
}

/* ---- Multi-colouring type 2: a colour seeing both colours by two cells */

/* Clusters of 4: A1 = A5 = F5 = F8 and C6 = C8 (row C unless moved). */
static void two_clusters(struct human_state *st, const char *c_row)
{
    empty_state(st);
    drop(st, 4, "A2 A3 A4 A6 A7 A8 A9"); /* row A: A1 A5 */
    drop(st, 4, "B5 C5 D5 E5 G5 H5 I5"); /* column 5: A5 F5 */
    drop(st, 4, "F1 F2 F3 F4 F6 F7 F9"); /* row F: F5 F8 */
    drop(st, 4, c_row);                  /* row C: the other two */
}

static void test_multi_colour_2_two_cells(void **unused)
{
    (void)unused;
    struct human_state st;
    /* A5 sees C6, F8 sees C8: colour A5 F8 sees both colours of C6 = C8,
     * though no one cell sees both */
    two_clusters(&st, "C1 C2 C3 C4 C7 C9");
    expect_key_elims("multi_colour_2", &st, "4A5 4F8");
    two_clusters(&st, "C1 C2 C3 C4 C7 C8"); /* C6 = C9: F8 sees neither */
    expect_key_none("multi_colour_2", &st);
}

/* ---- Dual 2-String Kite and dual Empty Rectangle: both in one step --- */

static void test_dual_two_string_kite(void **unused)
{
    (void)unused;
    struct human_state st;
    empty_state(&st);
    drop(&st, 1, "D5 D6 E4 E6 F4 F5 F6"); /* box 5: D4 E5 */
    drop(&st, 1, "D1 D2 D3 D7 D8");       /* row D: D4 D9 */
    drop(&st, 1, "B5 C5 G5 H5 I5");       /* column 5: A5 E5 */
    drop(&st, 1, "E2 E3 E7 E8 E9");       /* row E: E1 E5 */
    drop(&st, 1, "A4 B4 C4 G4 I4");       /* column 4: D4 H4 */
    /* D9 = D4 - E5 = A5 removes A9; its dual E1 = E5 - D4 = H4, H1 */
    expect_key_elims("two_string_kite", &st, "1A9 1H1");
    st.cand[at("E8")] |= (uint16_t)tech_bit(1); /* row E: no link */
    expect_key_elims("two_string_kite", &st, "1A9");
}

static void test_dual_empty_rectangle(void **unused)
{
    (void)unused;
    struct human_state st;
    empty_state(&st);
    drop(&st, 2, "A1 A2 C1 C2 C3");       /* box 1: row B, column 3 */
    drop(&st, 2, "A7 C7 D7 E7 F7 H7 I7"); /* column 7: B7 G7 */
    drop(&st, 2, "E1 E2 E4 E5 E6 E7 E9"); /* row E: E3 E8 */
    /* B7 = G7 removes G3; E3 = E8 removes B8 */
    expect_key_elims("empty_rectangle", &st, "2B8 2G3");
    st.cand[at("E5")] |= (uint16_t)tech_bit(2); /* row E: no link */
    expect_key_elims("empty_rectangle", &st, "2G3");
}

/* ---- Siamese fish: two finned fish on the same base lines ------------ */

static void test_siamese_swordfish(void **unused)
{
    (void)unused;
    struct human_state st;
    empty_state(&st);
    drop(&st, 4, "A1 B1 C1 E1 G1 H1 I1"); /* column 1: D1 F1 */
    drop(&st, 4, "A3 B3 C3 E3 F3 G3 H3"); /* column 3: D3 I3 */
    drop(&st, 4, "A6 B6 C6 D6 E6 F6 G6"); /* column 6: H6 I6 */
    drop(&st, 4, "D2");
    /* rows F, H, I but for D1 D3 (box 4) remove F2; rows D, F, I but
     * for H6 (box 8) remove I4 and I5: one step */
    expect_key_elims("finned_swordfish", &st, "4F2 4I4 4I5");
    drop(&st, 4, "I4 I5"); /* the second fish: nothing */
    expect_key_elims("finned_swordfish", &st, "4F2");
}

/* ---- ALS-XZ doubly linked -------------------------------------------- */

static void test_als_xz_doubly_linked(void **unused)
{
    (void)unused;
    struct human_state st;
    empty_state(&st);
    only(&st, "A1", "13"); /* A1 A2: 1 2 3 */
    only(&st, "A2", "23");
    only(&st, "D1", "14"); /* D1 D2: 1 2 4 */
    only(&st, "D2", "24");
    /* 1 and 2 both restricted: each is in one set only, 1 and 2 leave
     * columns 1 and 2, and the sets' 3 and 4 are locked in them */
    expect_key_elims("als_xz", &st,
                     "1B1 1C1 1E1 1F1 1G1 1H1 1I1 2B2 2C2 2E2 2F2 2G2 2H2 2I2 "
                     "3A3 3A4 3A5 3A6 3A7 3A8 3A9 3B1 3B2 3B3 3C1 3C2 3C3 "
                     "4D3 4D4 4D5 4D6 4D7 4D8 4D9 4E1 4E2 4E3 4F1 4F2 4F3");
    st.cand[at("A2")] = (uint16_t)(HUMAN_ALL_DIGITS);
    only(&st, "A3", "23"); /* A3's 2 misses D2: singly */
    expect_key_elims("als_xz", &st, "2A2 2B2 2C2 2D3 2E3 2F3");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_bug_plus_1_needs_the_candidate),
        cmocka_unit_test(test_ur1_missing_candidate),
        cmocka_unit_test(test_ur2_missing_candidate),
        cmocka_unit_test(test_ur4_missing_candidate),
        cmocka_unit_test(test_hidden_rectangle_missing_candidate),
        cmocka_unit_test(test_remote_pair_second_pair),
        cmocka_unit_test(test_ur3_locked_in_box),
        cmocka_unit_test(test_ur3_four_extras),
        cmocka_unit_test(test_multi_colour_2_two_cells),
        cmocka_unit_test(test_dual_two_string_kite),
        cmocka_unit_test(test_dual_empty_rectangle),
        cmocka_unit_test(test_siamese_swordfish),
        cmocka_unit_test(test_als_xz_doubly_linked),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
