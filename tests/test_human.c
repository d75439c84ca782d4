/*
 * Tests of the human solver: the pencil-mark state, each technique on a
 * hand-made position (where it applies, with the exact eliminations, and
 * where it must not fire), the table order and the solving loop.
 *
 * Positions are built from an empty grid (every candidate everywhere) by
 * removing candidates, so only the pattern under test is present.
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
#include "tech.h"
#include "human_positions.h"

/* A grid with the givens listed as "A4=1 B7=1", every other cell empty. */
static void state_from(struct human_state *st, const char *givens)
{
    struct grid g;
    memset(&g, 0, sizeof g);
    for (const char *p = givens; *p; p += (p[4] == ' ') ? 5 : 4)
        g.cell[at(p)] = (uint8_t)(p[3] - '0');
    assert_int_equal(human_init(st, &g), 0);
}

static void expect_place(find_fn find, const struct human_state *st,
                         const char *cell, int digit, const char *text)
{
    struct human_step step;
    step.flags = HUMAN_STEP_TEXT;
    tech_step_reset(&step);
    assert_int_equal(run_find(find, st, &step), 1);
    assert_int_equal(step.n_place, 1);
    assert_int_equal(step.n_elim, 0);
    assert_int_equal(step.place[0].cell, at(cell));
    assert_int_equal(step.place[0].digit, digit);
    assert_string_equal(step.text, text);
}

/* ---- state ---------------------------------------------------------- */

static void test_init_candidates(void **unused)
{
    (void)unused;
    struct human_state st;
    state_from(&st, "A1=1 A2=2");
    assert_int_equal(st.empty, 79);
    assert_int_equal(st.cand[at("A1")], 0);
    assert_int_equal(st.cand[at("A3")],
                     HUMAN_ALL_DIGITS & ~(tech_bit(1) | tech_bit(2)));
    assert_int_equal(st.cand[at("B9")], HUMAN_ALL_DIGITS);
    assert_int_equal(st.cand[at("I1")], HUMAN_ALL_DIGITS & ~tech_bit(1));
}

static void test_init_invalid(void **unused)
{
    (void)unused;
    struct human_state st;
    struct grid g;
    memset(&g, 0, sizeof g);
    g.cell[0] = 5;
    g.cell[80] = 5; /* A1 and I9 do not meet: fine */
    assert_int_equal(human_init(&st, &g), 0);
    g.cell[10] = 5; /* B2 meets A1 in box 1 */
    assert_int_equal(human_init(&st, &g), HUMAN_INVALID);
    /* A9 empty with every digit around it. */
    memset(&g, 0, sizeof g);
    for (int d = 1; d <= 8; d++)
        g.cell[d - 1] = (uint8_t)d;
    g.cell[at("I9")] = 9;
    assert_int_equal(human_init(&st, &g), HUMAN_INVALID);
}

static void test_apply(void **unused)
{
    (void)unused;
    struct human_state st;
    struct human_step step;
    empty_state(&st);
    step.flags = 0;
    tech_step_reset(&step);
    tech_place(&step, at("E5"), 7);
    assert_int_equal(tech_eliminate(&step, &st, at("A1"), 3), 1);
    assert_int_equal(tech_eliminate(&step, &st, at("A1"), 3), 0); /* twice */
    human_apply(&st, &step);
    assert_int_equal(st.value[at("E5")], 7);
    assert_int_equal(st.empty, 80);
    assert_int_equal(st.cand[at("E1")] & tech_bit(7), 0);
    assert_int_equal(st.cand[at("I5")] & tech_bit(7), 0);
    assert_int_equal(st.cand[at("D6")] & tech_bit(7), 0);
    assert_int_equal(st.cand[at("D7")], HUMAN_ALL_DIGITS);
    assert_int_equal(st.cand[at("A1")], HUMAN_ALL_DIGITS & ~tech_bit(3));
    assert_int_equal(tech_eliminate(&step, &st, at("E5"), 7), 0); /* filled */
}

/* The builder never overflows: eliminations past the cap are dropped
 * (the step stays sound) and the sentence is cut, not overrun. */
static void test_step_limits(void **unused)
{
    (void)unused;
    struct human_state st;
    struct human_step step;
    empty_state(&st);
    step.flags = HUMAN_STEP_TEXT;
    tech_step_reset(&step);
    int added = 0;
    for (int cell = 0; cell < GRID_CELLS; cell++)
        added += tech_eliminate_mask(&step, &st, cell, HUMAN_ALL_DIGITS);
    assert_int_equal(added, HUMAN_STEP_MAX_ELIM);
    assert_int_equal(step.n_elim, HUMAN_STEP_MAX_ELIM);
    tech_say(&step, "Test: ");
    tech_say_elims(&step);
    tech_say_elims(&step);
    assert_int_equal(strlen(step.text), HUMAN_STEP_TEXT_MAX - 1);
    for (int i = 0; i < 2 * HUMAN_STEP_MAX_CAUSE; i++)
        tech_cause(&step, i % GRID_CELLS, 0);
    assert_int_equal(step.n_cause, HUMAN_STEP_MAX_CAUSE);
    for (int h = 0; h < 27; h++)
        tech_house(&step, h);
    assert_int_equal(step.n_house, HUMAN_STEP_MAX_HOUSE);
    char name[12];
    tech_house_name(26, name);
    assert_string_equal(name, "box 9");
    tech_house_name(17, name);
    assert_string_equal(name, "column 9");
}

/* ---- singles -------------------------------------------------------- */

static void test_full_house(void **unused)
{
    (void)unused;
    struct human_state st;
    state_from(&st, "A1=1 A2=2 A3=3 A4=4 A5=5 A6=6 A7=7 A8=8");
    expect_place(tech_find_full_house, &st, "A9", 9,
                 "Full house: A9 is the last empty cell in row A, so it is 9");
    empty_state(&st);
    expect_none(tech_find_full_house, &st);
    state_from(&st, "A1=1 A2=2 A3=3 A4=4 A5=5 A6=6 A7=7");
    expect_none(tech_find_full_house, &st);
}

static void test_hidden_single_box(void **unused)
{
    (void)unused;
    struct human_state st;
    /* 1 in A4, B7, D1 and G2: in box 1 only C3 can take a 1. */
    state_from(&st, "A4=1 B7=1 D1=1 G2=1");
    expect_place(tech_find_hidden_single_box, &st, "C3", 1,
                 "Hidden single: in box 1 the 1 can only go in C3");
    empty_state(&st);
    expect_none(tech_find_hidden_single_box, &st);
}

static void test_hidden_single_line(void **unused)
{
    (void)unused;
    struct human_state st;
    empty_state(&st);
    drop(&st, 5, "A1 A2 A3 A4 A5 A6 A7 A8");
    expect_none(tech_find_hidden_single_box, &st);
    expect_place(tech_find_hidden_single_line, &st, "A9", 5,
                 "Hidden single: in row A the 5 can only go in A9");
    empty_state(&st);
    expect_none(tech_find_hidden_single_line, &st);
}

static void test_naked_single(void **unused)
{
    (void)unused;
    struct human_state st;
    empty_state(&st);
    only(&st, "E5", "7");
    expect_place(tech_find_naked_single, &st, "E5", 7,
                 "Naked single: E5 has one candidate left, so it is 7");
    only(&st, "E5", "79");
    expect_none(tech_find_naked_single, &st);
}

/* ---- intersections -------------------------------------------------- */

static void test_pointing(void **unused)
{
    (void)unused;
    struct human_state st;
    struct human_step step;
    empty_state(&st);
    drop(&st, 9, "A8 A9 B7 B8 B9 C8 C9"); /* box 3: 9 only in A7, C7 */
    drop(&st, 9, "D7 E7 F7 I7");
    expect_elims(tech_find_pointing, &st, &step, "9G7 9H7");
    assert_string_equal(step.text,
                        "Pointing pair: in box 3 the 9 can only be "
                        "in column 7 (A7, C7), so 9 is removed from G7 and H7");
    drop(&st, 9, "G7 H7"); /* nothing left to remove */
    expect_none(tech_find_pointing, &st);
}

static void test_claiming(void **unused)
{
    (void)unused;
    struct human_state st;
    struct human_step step;
    empty_state(&st);
    drop(&st, 4, "C1 C2 C3 C5 C7 C8 C9"); /* row C: 4 only in C4, C6 */
    expect_elims(tech_find_claiming, &st, &step, "4A4 4A5 4A6 4B4 4B5 4B6");
    assert_string_equal(step.text,
                        "Claiming (box/line reduction): in row C "
                        "the 4 can only be in box 2 (C4, C6), so 4 is removed "
                        "from A4, A5, A6, B4, B5 and B6");
    empty_state(&st);
    drop(&st, 4, "C1 C2 C3 C5 C8 C9"); /* C4, C6, C7: two boxes */
    expect_none(tech_find_claiming, &st);
}

static void test_locked_pair(void **unused)
{
    (void)unused;
    struct human_state st;
    struct human_step step;
    empty_state(&st);
    only(&st, "B1", "36");
    only(&st, "B3", "36");
    drop(&st, 3, "A1 A2 A3 B2 C1 C2 C3 B5 B6 B7 B8 B9");
    drop(&st, 6, "A1 A2 A3 C1 C2 C3 B4 B5 B6 B7 B8 B9");
    /* left: 3 in B2? no, removed; 3 in B4, 6 in B2 */
    expect_elims(tech_find_locked_pair, &st, &step, "3B4 6B2");
    assert_string_equal(step.text,
                        "Locked pair: B1 and B3 hold only 3 and 6 "
                        "and share box 1 and row B, so 3 is removed from B4, "
                        "and 6 from B2");
    /* HoDoKu's definition: it clears the box (B2) and the row (B4) */
    expect_elims(tech_find_locked_pair_hodoku, &st, &step, "3B4 6B2");
    drop(&st, 3, "B4"); /* the box alone: HoDoKu's pointing, not a locked pair */
    expect_elims(tech_find_locked_pair, &st, &step, "6B2");
    expect_none(tech_find_locked_pair_hodoku, &st);
    drop(&st, 6, "B2");
    only(&st, "B4", "34"); /* the row alone: claiming to HoDoKu */
    expect_elims(tech_find_locked_pair, &st, &step, "3B4");
    expect_none(tech_find_locked_pair_hodoku, &st);
    empty_state(&st);
    only(&st, "B1", "36");
    only(&st, "B5", "36"); /* same row, not same box */
    expect_none(tech_find_locked_pair, &st);
}

static void test_locked_triple(void **unused)
{
    (void)unused;
    struct human_state st;
    struct human_step step;
    empty_state(&st);
    only(&st, "D4", "12");
    only(&st, "E4", "23");
    only(&st, "F4", "13");
    for (int d = 1; d <= 3; d++)
        drop(&st, d, "D5 D6 E5 E6 F5 F6 A4 B4 C4 G4 H4");
    expect_elims(tech_find_locked_triple, &st, &step, "1I4 2I4 3I4");
    /* nothing left to remove in box 5: not a locked triple to HoDoKu */
    expect_none(tech_find_locked_triple_hodoku, &st);
    expect_none(tech_find_locked_pair, &st);
    only(&st, "F4", "134"); /* four digits: no triple */
    expect_none(tech_find_locked_triple, &st);
}

/* ---- subsets -------------------------------------------------------- */

static void test_naked_pair(void **unused)
{
    (void)unused;
    struct human_state st;
    struct human_step step;
    empty_state(&st);
    only(&st, "A1", "12");
    only(&st, "A5", "12");
    drop(&st, 1, "A2 A3 A4 A6 A7 A8");
    drop(&st, 2, "A2 A3 A4 A6 A7");
    expect_elims(tech_find_naked_pair, &st, &step, "1A9 2A8 2A9");
    assert_string_equal(step.text,
                        "Naked pair: in row A, A1 and A5 hold only "
                        "1 and 2, so 1 is removed from A9, and 2 from A8 and A9");
    only(&st, "A5", "13");
    expect_none(tech_find_naked_pair, &st);
}

static void test_hidden_pair(void **unused)
{
    (void)unused;
    struct human_state st;
    struct human_step step;
    empty_state(&st);
    drop(&st, 1, "A2 A3 A4 A6 A7 A8 A9");
    drop(&st, 2, "A2 A3 A4 A6 A7 A8 A9");
    only(&st, "A1", "123");
    only(&st, "A5", "1247");
    expect_elims(tech_find_hidden_pair, &st, &step, "3A1 4A5 7A5");
    assert_string_equal(step.text,
                        "Hidden pair: in row A, 1 and 2 can only be "
                        "in A1 and A5, so 3 is removed from A1, 4 from A5, and "
                        "7 from A5");
    empty_state(&st);
    drop(&st, 1, "A2 A3 A4 A6 A7 A8 A9");
    drop(&st, 2, "A2 A3 A4 A5 A7 A8 A9"); /* 1: A1 A5, 2: A1 A6 */
    expect_none(tech_find_hidden_pair, &st);
}

static void test_naked_triple(void **unused)
{
    (void)unused;
    struct human_state st;
    struct human_step step;
    empty_state(&st);
    only(&st, "B2", "12");
    only(&st, "E2", "23");
    only(&st, "H2", "13");
    for (int d = 1; d <= 3; d++)
        drop(&st, d, "A2 C2 D2 F2 G2");
    expect_elims(tech_find_naked_triple, &st, &step, "1I2 2I2 3I2");
    expect_none(tech_find_naked_pair, &st);
    only(&st, "H2", "14");
    expect_none(tech_find_naked_triple, &st);
}

static void test_hidden_triple(void **unused)
{
    (void)unused;
    struct human_state st;
    struct human_step step;
    empty_state(&st);
    for (int d = 1; d <= 3; d++)
        drop(&st, d, "E1 E2 E4 E5 E6 E8"); /* 1-3 only in E3, E7, E9 */
    only(&st, "E3", "129");
    only(&st, "E7", "23");
    only(&st, "E9", "13");
    expect_elims(tech_find_hidden_triple, &st, &step, "9E3");
    expect_none(tech_find_hidden_pair, &st);
    only(&st, "E3", "12"); /* already bare: nothing to do */
    expect_none(tech_find_hidden_triple, &st);
}

static void test_naked_quad(void **unused)
{
    (void)unused;
    struct human_state st;
    struct human_step step;
    empty_state(&st);
    only(&st, "A1", "12");
    only(&st, "A4", "23");
    only(&st, "A7", "34");
    only(&st, "A9", "14");
    for (int d = 1; d <= 4; d++)
        drop(&st, d, "A2 A3 A5 A6");
    expect_elims(tech_find_naked_quad, &st, &step, "1A8 2A8 3A8 4A8");
    expect_none(tech_find_naked_triple, &st);
    only(&st, "A9", "15");
    expect_none(tech_find_naked_quad, &st);
}

static void test_hidden_quad(void **unused)
{
    (void)unused;
    struct human_state st;
    struct human_step step;
    empty_state(&st);
    for (int d = 1; d <= 4; d++) /* column 5: 1-4 in A5 C5 E5 G5 */
        drop(&st, d, "B5 D5 F5 H5 I5");
    only(&st, "A5", "12");
    only(&st, "C5", "23");
    only(&st, "E5", "348");
    only(&st, "G5", "14");
    expect_elims(tech_find_hidden_quad, &st, &step, "8E5");
    expect_none(tech_find_hidden_triple, &st);
    only(&st, "E5", "34");
    expect_none(tech_find_hidden_quad, &st);
}

/* ---- table and loop ------------------------------------------------- */

static void test_table(void **unused)
{
    (void)unused;
    int n = human_tech_count();
    assert_true(n > 0 && n <= HUMAN_TECH_MAX);
    /* the rows after the forcing chains are HoDoKu's techniques SE lacks,
     * a block of their own (tech_table.c), by rating among themselves */
    int tail = human_tech_find("region_forcing_chain") + 1;
    assert_true(tail > 0);
    /* and Sudoku Explainer's chaining producers (its rater's), a last
     * block by rating among themselves */
    int se_block = human_tech_find("se_forcing_chain");
    assert_true(se_block > tail);
    for (int t = 1; t < n; t++) {
        const struct human_tech_info *a = human_tech_info(t - 1);
        const struct human_tech_info *b = human_tech_info(t);
        /* grouped easy..expert, and by rating inside a group */
        assert_true(a->group < b->group ||
                    (a->group == b->group && (a->rating <= b->rating || t == tail || t == se_block)));
        assert_int_equal(human_tech_find(b->key), t);
        assert_true(b->weight > 0);
    }
    assert_null(human_tech_info(n));
    assert_int_equal(human_tech_find("no_such_technique"), -1);
    /* the columns: a memo slot is one row's, named with how it is keyed;
     * the singles are the easy rows */
    int slot_row[TECH_MEMO_SLOTS];
    for (int s = 0; s < TECH_MEMO_SLOTS; s++)
        slot_row[s] = -1;
    for (int t = 0; t < n; t++) {
        const struct tech_row *row = &tech_table[t];
        assert_true((row->memo_slot >= 0) == (row->memo_key != TECH_KEYED_NONE));
        assert_true(row->memo_slot < TECH_MEMO_SLOTS);
        if (row->memo_slot >= 0) {
            assert_int_equal(slot_row[row->memo_slot], -1);
            slot_row[row->memo_slot] = t;
        }
        assert_int_equal(row->kind == TECH_KIND_SINGLE,
                         row->info.group == HUMAN_GROUP_EASY);
        assert_true(row->kind != TECH_KIND_CHAIN || row->rate != NULL);
    }
    for (int s = 0; s < TECH_MEMO_SLOTS; s++)
        assert_true(slot_row[s] >= 0);
    assert_string_equal(human_group_name(HUMAN_GROUP_HARD), "hard");
}

static void test_easiest_first(void **unused)
{
    (void)unused;
    struct human_state st;
    struct human_step step;
    empty_state(&st);
    only(&st, "A1", "12"); /* a naked pair in row A */
    only(&st, "A5", "12");
    drop(&st, 9, "A8 A9 B7 B8 B9 C8 C9"); /* a pointing pair in box 3 */
    step.flags = 0;
    assert_int_equal(human_find_step(&st, &step), 1);
    assert_string_equal(human_tech_info(step.tech)->key, "pointing");
    assert_int_equal(step.rating, 26);
    assert_string_equal(step.text, ""); /* no text asked for */
}

/* A valid solution: row r is the digits shifted by 3r + r/3. */
static void pattern_solution(struct grid *g)
{
    for (int i = 0; i < GRID_CELLS; i++) {
        int r = i / 9, c = i % 9;
        g->cell[i] = (uint8_t)((r * 3 + r / 3 + c) % 9 + 1);
    }
}

static void test_solve_path(void **unused)
{
    (void)unused;
    struct grid g, sol;
    struct human_state st;
    struct human_path *path = malloc(sizeof *path);
    assert_non_null(path);
    pattern_solution(&sol);
    g = sol;
    for (int i = 0; i < GRID_CELLS; i++)
        if ((i / 9 + i % 9) % 2 == 0)
            g.cell[i] = 0;
    assert_int_equal(human_init(&st, &g), 0);
    assert_int_equal(human_solve_path(&st, path), HUMAN_SOLVED);
    assert_int_equal(path->len, 41);
    for (int i = 0; i < path->len; i++) {
        assert_int_equal(path->step[i].n_place, 1);
        assert_true(strlen(path->step[i].text) > 10);
    }
    human_to_grid(&st, &g);
    assert_memory_equal(g.cell, sol.cell, GRID_CELLS);
    free(path);
}

static void test_solve_stuck(void **unused)
{
    (void)unused;
    struct human_state st;
    empty_state(&st);
    assert_int_equal(human_solve(&st, 0, NULL, NULL), HUMAN_STUCK);
    assert_int_equal(st.empty, 81);
}

static void test_format_candidates(void **unused)
{
    (void)unused;
    struct human_state st;
    char out[HUMAN_CANDIDATES_MAX];
    state_from(&st, "A1=1 A2=2 A3=3 A4=4 A5=5 A6=6 A7=7 A8=8");
    size_t n = human_format_candidates(&st, out, sizeof out);
    assert_int_equal(n, strlen(out));
    assert_true(strncmp(out, "1 ", 2) == 0);
    const char *eol = strchr(out, '\n'); /* A9 has only the 9 left */
    assert_non_null(eol);
    assert_int_equal(eol[-1], '9');
    assert_int_equal(eol[-2], ' ');
    assert_non_null(strstr(out, "23456789")); /* B1 lacks the 1 */
    char small[16];
    n = human_format_candidates(&st, small, sizeof small);
    assert_int_equal(n, 15);
    assert_int_equal(strlen(small), 15);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_init_candidates),
        cmocka_unit_test(test_init_invalid),
        cmocka_unit_test(test_apply),
        cmocka_unit_test(test_step_limits),
        cmocka_unit_test(test_full_house),
        cmocka_unit_test(test_hidden_single_box),
        cmocka_unit_test(test_hidden_single_line),
        cmocka_unit_test(test_naked_single),
        cmocka_unit_test(test_pointing),
        cmocka_unit_test(test_claiming),
        cmocka_unit_test(test_locked_pair),
        cmocka_unit_test(test_locked_triple),
        cmocka_unit_test(test_naked_pair),
        cmocka_unit_test(test_hidden_pair),
        cmocka_unit_test(test_naked_triple),
        cmocka_unit_test(test_hidden_triple),
        cmocka_unit_test(test_naked_quad),
        cmocka_unit_test(test_hidden_quad),
        cmocka_unit_test(test_table),
        cmocka_unit_test(test_easiest_first),
        cmocka_unit_test(test_solve_path),
        cmocka_unit_test(test_solve_stuck),
        cmocka_unit_test(test_format_candidates),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
