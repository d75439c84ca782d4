/*
 * Tests of the expert techniques (X-chains, XY-chains, AIC and nice loops,
 * finned Swordfish/Jellyfish, Sue de Coq, ALS-XZ, forcing chains, Franken
 * and Mutant fish): each on a hand-made position where it applies, with
 * the exact eliminations, and one where it must not fire; their ratings
 * on Sudoku Explainer's scale.
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
#include "generator.h"
#include "grade.h"
#include "human_positions.h"

/* Leaves digit only in the named cells of the house they share ("A1 A5"):
 * removes it from every other cell of row/column/box given by house. */
static void conjugate(struct human_state *st, int digit, int house,
                      const char *keep)
{
    for (int i = 0; i < 9; i++) {
        int cell = tech_house_cells[house][i], kept = 0;
        for (const char *p = keep; *p; p += (p[2] == ' ') ? 3 : 2)
            kept |= at(p) == cell;
        if (!kept)
            st->cand[cell] &= (uint16_t)~tech_bit(digit);
    }
}

/* ---- chains --------------------------------------------------------- */

static void test_chain_length_rating(void **unused)
{
    (void)unused;
    static const int want[][2] = {{4, 0},  {5, 1},  {6, 1},  {7, 2},
                                  {8, 2},  {9, 3},  {12, 3}, {13, 4},
                                  {16, 4}, {17, 5}, {24, 5}, {25, 6}};
    for (size_t i = 0; i < sizeof want / sizeof want[0]; i++)
        assert_int_equal(tech_se_length_bonus(want[i][0]), want[i][1]);
}

/* 1 in rows A, D, H only at A1/A5, D5/D8, H8/H2: A1 = A5 - D5 = D8 - H8 =
 * H2, so 1 leaves the cells seeing both A1 and H2. */
static void test_x_chain(void **unused)
{
    (void)unused;
    struct human_state st;
    struct human_step step;
    empty_state(&st);
    conjugate(&st, 1, TECH_ROW(0), "A1 A5");
    conjugate(&st, 1, TECH_ROW(3), "D5 D8");
    conjugate(&st, 1, TECH_ROW(7), "H8 H2");
    expect_elims(tech_find_x_chain, &st, &step, "1B2 1C2 1G1 1I1");
    expect_elims(tech_find_x_chain_hodoku, &st, &step, "1B2 1C2 1G1 1I1");
    assert_string_equal(step.text,
                        "X-chain: on 1, A1 = A5 - D5 = D8 - H8 = H2; "
                        "either (1)A1 or (1)H2 is true, so 1 is removed from "
                        "B2, C2, G1 and I1");
    assert_int_equal(step.n_cause, 6);
    /* SE: a Forcing X-Chain of 6 nodes, 6.6 + 0.1 */
    assert_int_equal(tech_rate_chain(&step), 67);
    /* Without the last pair the chain proves nothing. */
    empty_state(&st);
    conjugate(&st, 1, TECH_ROW(0), "A1 A5");
    conjugate(&st, 1, TECH_ROW(3), "D5 D8");
    expect_none(tech_find_x_chain, &st);
    expect_none(tech_find_x_chain_hodoku, &st);
}

/* An X-Wing is the shortest continuous loop: A1 = A5 - E5 = E1 - A1. */
static void test_x_loop(void **unused)
{
    (void)unused;
    struct human_state st;
    struct human_step step;
    empty_state(&st);
    conjugate(&st, 7, TECH_ROW(0), "A1 A5");
    conjugate(&st, 7, TECH_ROW(4), "E1 E5");
    expect_elims(tech_find_x_chain, &st, &step,
                 "7B1 7B5 7C1 7C5 7D1 7D5 7F1 7F5 7G1 7G5 7H1 7H5 7I1 7I5");
    assert_non_null(strstr(step.text, "continuous nice loop"));
    assert_int_equal(tech_rate_chain(&step), 65); /* SE X-cycle, 4 nodes */
    /* HoDoKu's X-chain (its rater's row) is an open chain: read from A1,
     * A1 = A5 - E5 = E1, whose ends share column 1, which loses 7 (HoDoKu
     * finds the loop itself among its nice loops) */
    expect_elims(tech_find_x_chain_hodoku, &st, &step,
                 "7B1 7C1 7D1 7F1 7G1 7H1 7I1");
    assert_null(strstr(step.text, "nice loop"));
}

static void test_xy_chain(void **unused)
{
    (void)unused;
    struct human_state st;
    struct human_step step;
    empty_state(&st);
    only(&st, "A1", "12");
    only(&st, "A5", "23");
    only(&st, "E5", "34");
    only(&st, "E9", "41");
    expect_elims(tech_find_xy_chain, &st, &step, "1A9 1E1");
    assert_string_equal(step.text,
                        "XY-chain: A1 (1=2) - A5 (2=3) - E5 (3=4) - "
                        "E9 (4=1); either (1)A1 or (1)E9 is true, so 1 is "
                        "removed from A9 and E1");
    assert_int_equal(tech_rate_chain(&step), 72); /* SE forcing chain, 8 nodes */
    only(&st, "E9", "45");                        /* ends on 5: nothing */
    expect_none(tech_find_xy_chain, &st);
}

/* Collect mode's receiver for test_chain_every_end: the eliminations of
 * each step starting at (1)A1, joined with "|". */
static int every_end_step(struct tech_ctx *ctx, struct human_step *step)
{
    char *out = ctx->collect_arg, got[256];
    if (step->cause[0].cell != at("A1") || step->cause[0].digit != 1)
        return 0;
    elims_text(step, got, sizeof got);
    size_t n = strlen(out);
    snprintf(out + n, 512 - n, "%s%s", n ? "|" : "", got);
    return 0;
}

/* HoDoKu's XY-chain, and collect mode listing every end of a start:
 * from (1)A1 the walk reaches (1)H5 (A1 (1=2) - A5 (2=3) - H5 (3=1): 1
 * leaves H1) and, two links further, (1)E9 (... - E5 (3=4) - E9 (4=1):
 * 1 leaves A9 and E1).  The solver's instance is the shortest; a rater
 * choosing by most eliminations must see the longer one too. */
static void test_chain_every_end(void **unused)
{
    (void)unused;
    struct human_state st;
    struct human_step step;
    struct tech_ctx ctx;
    char seen[512] = "";
    empty_state(&st);
    only(&st, "A1", "12");
    only(&st, "A5", "23");
    only(&st, "E5", "34");
    only(&st, "E9", "41");
    only(&st, "H5", "13");
    expect_elims(tech_find_xy_chain, &st, &step, "1H1");
    expect_elims(tech_find_xy_chain_hodoku, &st, &step, "1H1");
    tech_ctx_init(&ctx, &st);
    ctx.plain = 1;
    ctx.collect = every_end_step;
    ctx.collect_arg = seen;
    step.flags = 0;
    tech_step_reset(&step);
    assert_int_equal(tech_find_xy_chain_hodoku(&ctx, &step), 0);
    assert_string_equal(seen, "1H1|1A9 1E1");
    /* A1 (1=2) - A5 (2=3) - E5 (3=4) - E9 (4=5) - E1 (5=1) is an open
     * chain for HoDoKu (SE reads a loop): its ends share column 1, which
     * loses 1.  With E1 (5=6) the chain ends on 6 and proves nothing. */
    empty_state(&st);
    only(&st, "A1", "12");
    only(&st, "A5", "23");
    only(&st, "E5", "34");
    only(&st, "E9", "45");
    only(&st, "E1", "51");
    expect_elims(tech_find_xy_chain_hodoku, &st, &step,
                 "1B1 1C1 1D1 1F1 1G1 1H1 1I1");
    only(&st, "E1", "56");
    expect_none(tech_find_xy_chain_hodoku, &st);
}

/* (1)A1 = (1)A5 - (1)E5 = (2)E5 - (2)E2 = (2)B2: A1 and B2 share box 1,
 * so A1 loses 2 and B2 loses 1.  House and cell links mixed: SE 7.0+. */
static void test_aic(void **unused)
{
    (void)unused;
    struct human_state st;
    struct human_step step;
    empty_state(&st);
    conjugate(&st, 1, TECH_ROW(0), "A1 A5");
    only(&st, "E5", "12");
    conjugate(&st, 2, TECH_COL(1), "B2 E2");
    expect_none(tech_find_x_chain, &st);
    expect_none(tech_find_xy_chain, &st);
    expect_elims(tech_find_aic, &st, &step, "1B2 2A1");
    assert_string_equal(step.text,
                        "AIC: (1)A1 = (1)A5 - (1)E5 = (2)E5 - (2)E2 = "
                        "(2)B2; either (1)A1 or (2)B2 is true, so 1 is removed "
                        "from B2, and 2 from A1");
    assert_int_equal(tech_rate_chain(&step), 71);
    only(&st, "E5", "123"); /* E5 no longer bivalue */
    expect_none(tech_find_aic, &st);
}

/* A discontinuous nice loop back into the start cell: (1)A1 = (1)A5 -
 * (1)E5 = (3)E5 - (3)E1 = (2)E1, and (2)E1 sees A1: A1 cannot be 2. */
static void test_aic_discontinuous(void **unused)
{
    (void)unused;
    struct human_state st;
    struct human_step step;
    empty_state(&st);
    only(&st, "A1", "12");
    only(&st, "E1", "23");
    only(&st, "E5", "13");
    conjugate(&st, 1, TECH_ROW(0), "A1 A5");
    conjugate(&st, 1, TECH_COL(4), "A5 E5");
    expect_elims(tech_find_aic, &st, &step, "2A1");
    assert_string_equal(step.text,
                        "AIC: (1)A1 = (1)A5 - (1)E5 = (3)E5 - (3)E1 = "
                        "(2)E1; either (1)A1 or (2)E1 is true, so 2 is removed "
                        "from A1");
    only(&st, "E1", "234");
    expect_none(tech_find_aic, &st);
}

/* ---- finned fish ---------------------------------------------------- */

static void test_finned_swordfish(void **unused)
{
    (void)unused;
    struct human_state st;
    struct human_step step;
    empty_state(&st);
    conjugate(&st, 1, TECH_ROW(0), "A1 A2 A5 A9"); /* A2: the fin */
    conjugate(&st, 1, TECH_ROW(4), "E1 E5");
    conjugate(&st, 1, TECH_ROW(8), "I5 I9");
    expect_elims(tech_find_finned_swordfish, &st, &step, "1B1 1C1");
    assert_string_equal(step.text,
                        "Finned Swordfish: the 1 of rows A, E and I "
                        "lies in columns 1, 5 and 9 but for the fin A2 in box 1, "
                        "so 1 is removed from B1 and C1");
    /* Fins in two boxes: nothing. */
    empty_state(&st);
    conjugate(&st, 1, TECH_ROW(0), "A1 A2 A4 A5 A9");
    conjugate(&st, 1, TECH_ROW(4), "E1 E5");
    conjugate(&st, 1, TECH_ROW(8), "I5 I9");
    expect_none(tech_find_finned_swordfish, &st);
}

static void test_finned_jellyfish(void **unused)
{
    (void)unused;
    struct human_state st;
    struct human_step step;
    empty_state(&st);
    conjugate(&st, 4, TECH_COL(0), "A1 D1");
    conjugate(&st, 4, TECH_COL(2), "D3 F3");
    conjugate(&st, 4, TECH_COL(5), "A6 F6 I6 H6"); /* H6: the fin */
    conjugate(&st, 4, TECH_COL(8), "F9 I9");
    /* Rows A, F, H and I cover all but D1 and D3 (box 4): the sashimi
     * form is found first, and F2 sees both fins' box and row F; rows A,
     * D, F and I cover all but H6 (box 8), which removes I4 and I5: the
     * same base lines, so one Siamese step. */
    expect_elims(tech_find_finned_jellyfish, &st, &step, "4F2 4I4 4I5");
    assert_string_equal(step.text,
                        "Siamese Sashimi Jellyfish: the 4 of columns "
                        "1, 3, 6 and 9 lies in rows A, F, H and I but for the "
                        "fins D1 and D3 in box 4, and in rows A, D, F and I but "
                        "for the fin H6 in box 8, so 4 is removed from F2, I4 "
                        "and I5");
    /* No fin: a plain Jellyfish, not this row's business. */
    conjugate(&st, 4, TECH_COL(5), "A6 F6 I6");
    expect_none(tech_find_finned_jellyfish, &st);
}

/* ---- Franken and Mutant fish ----------------------------------------- */

/* An empty grid where the rows named hold digit only in their cells
 * ("A2 A8", "B2 B9": rows A and B). */
static void rows_only(struct human_state *st, int digit, const char *const *rows,
                      int n)
{
    empty_state(st);
    for (int i = 0; i < n; i++)
        conjugate(st, digit, TECH_ROW(rows[i][0] - 'A'), rows[i]);
}

static void test_franken_x_wing(void **unused)
{
    (void)unused;
    struct human_state st;
    struct human_step step;
    static const char *const plain[] = {"A2 A8", "B2 B9"};
    rows_only(&st, 1, plain, 2);
    expect_elims(tech_find_franken_x_wing, &st, &step,
                 "1C2 1C7 1C8 1C9 1D2 1E2 1F2 1G2 1H2 1I2");
    assert_string_equal(step.text,
                        "Franken X-Wing: the 1 of base sets row A and row B lies "
                        "in cover sets column 2 and box 3, so 1 is removed from "
                        "C2, C7, C8, C9, D2, E2, F2, G2, H2 and I2");
    /* Rows covered by boxes alone: Mutant. */
    expect_elims(tech_find_mutant_x_wing, &st, &step, "1C1 1C2 1C3 1C7 1C8 1C9");
    /* Box 2 (C4 C5 C6) covered by row C, row A by column 2 but for A8. */
    expect_elims(tech_find_finned_mutant_x_wing, &st, &step, "1C7 1C8 1C9");
    assert_string_equal(step.text,
                        "Finned Mutant X-Wing: the 1 of base sets row A and box 2 "
                        "lies in cover sets row C and column 2 but for the fin "
                        "A8, so 1 is removed from C7, C8 and C9");
    expect_elims(tech_find_mutant_swordfish, &st, &step,
                 "1C1 1C2 1C3 1C7 1C8 1C9 1D2 1E2 1F2 1G2 1H2 1I2");
    /* B3 too: a fin, which C2 alone of the covers' cells sees. */
    static const char *const fin[] = {"A2 A8", "B2 B3 B9"};
    rows_only(&st, 1, fin, 2);
    expect_none(tech_find_franken_x_wing, &st);
    expect_elims(tech_find_finned_franken_x_wing, &st, &step, "1C2");
    assert_string_equal(step.text,
                        "Finned Franken X-Wing: the 1 of base sets row A and row "
                        "B lies in cover sets column 2 and box 3 but for the fin "
                        "B3, so 1 is removed from C2");
    /* B5 instead: no cover cell sees that fin. */
    static const char *const blind[] = {"A2 A8", "B2 B5 B9"};
    rows_only(&st, 1, blind, 2);
    expect_none(tech_find_finned_franken_x_wing, &st);
    expect_none(tech_find_mutant_x_wing, &st);
    expect_none(tech_find_finned_mutant_x_wing, &st);
}

static void test_franken_swordfish_jellyfish(void **unused)
{
    (void)unused;
    struct human_state st;
    struct human_step step;
    /* Rows A, E and F in columns 1 and 5 and box 6. */
    static const char *const sword[] = {"A1 A5", "E5 E8", "F1 F9"};
    rows_only(&st, 1, sword, 3);
    expect_elims(tech_find_franken_swordfish, &st, &step,
                 "1B1 1B5 1C1 1C5 1D1 1D5 1D7 1D8 1D9 1G1 1G5 1H1 1H5 1I1 1I5");
    assert_string_equal(step.text,
                        "Franken Swordfish: the 1 of base sets row A, row E and "
                        "row F lies in cover sets column 1, column 5 and box 6, "
                        "so 1 is removed from B1, B5, C1, C5, D1, D5, D7, D8, D9, "
                        "G1, G5, H1, H5, I1 and I5");
    expect_none(tech_find_mutant_swordfish, &st);
    /* F4 too: a fin; D5 sees it. */
    static const char *const fin[] = {"A1 A5", "E5 E8", "F1 F4 F9"};
    rows_only(&st, 1, fin, 3);
    expect_none(tech_find_franken_swordfish, &st);
    expect_elims(tech_find_finned_franken_swordfish, &st, &step, "1D5");
    assert_string_equal(step.text,
                        "Finned Franken Swordfish: the 1 of base sets row A, row "
                        "E and row F lies in cover sets column 1, column 5 and "
                        "box 6 but for the fin F4, so 1 is removed from D5");
    /* Row D in boxes 5 and 6: a Jellyfish, E5 in two covers
     * (cannibalism). */
    static const char *const jelly[] = {"A1 A5", "D4 D6 D7", "E5 E8", "F1 F9"};
    rows_only(&st, 1, jelly, 4);
    expect_elims(tech_find_franken_jellyfish, &st, &step,
                 "1B1 1B5 1C1 1C5 1E5 1G1 1G5 1H1 1H5 1I1 1I5");
    assert_string_equal(step.text,
                        "Franken Jellyfish: the 1 of base sets row A, row D, row "
                        "E and row F lies in cover sets column 1, column 5, box 5 "
                        "and box 6, so 1 is removed from B1, B5, C1, C5, E5, G1, "
                        "G5, H1, H5, I1 and I5");
    /* Every candidate of an empty grid: no fish of any kind. */
    empty_state(&st);
    expect_none(tech_find_franken_jellyfish, &st);
    expect_none(tech_find_finned_franken_swordfish, &st);
    expect_none(tech_find_finned_franken_jellyfish, &st);
    expect_none(tech_find_mutant_jellyfish, &st);
}

/* ---- Sue de Coq and ALS-XZ ------------------------------------------ */

static void test_sue_de_coq(void **unused)
{
    (void)unused;
    struct human_state st;
    struct human_step step;
    empty_state(&st);
    only(&st, "A1", "123");
    only(&st, "A2", "124");
    only(&st, "A5", "12");
    only(&st, "B1", "34");
    expect_elims(tech_find_sue_de_coq, &st, &step,
                 "1A3 1A4 1A6 1A7 1A8 1A9 2A3 2A4 2A6 2A7 2A8 2A9 "
                 "3A3 3B2 3B3 3C1 3C2 3C3 4A3 4B2 4B3 4C1 4C2 4C3");
    assert_non_null(strstr(step.text,
                           "Sue de Coq: A1 and A2 (1, 2, 3 and 4) with "
                           "A5 (1 and 2) in row A and B1 (3 and 4) in box 1"));
    only(&st, "B1", "35"); /* one digit too many */
    expect_none(tech_find_sue_de_coq, &st);
}

/* An empty grid but for C = A1 A2 (1 2, 3 4) and the cells of cells
 * ("A5:15 B1:35"), for HoDoKu's wider Sue de Coq. */
static void sdc_position(struct human_state *st, const char *cells)
{
    empty_state(st);
    only(st, "A1", "12");
    only(st, "A2", "34");
    for (const char *p = cells; *p;) {
        char cell[3] = {p[0], p[1], '\0'}, digits[10];
        size_t n = strcspn(p + 3, " ");
        memcpy(digits, p + 3, n);
        digits[n] = '\0';
        only(st, cell, digits);
        p += 3 + n + (p[3 + n] == ' ');
    }
}

/* Three ways the first definition missed. */
static void test_sue_de_coq_wider(void **unused)
{
    (void)unused;
    struct human_state st;
    struct human_step step;
    /* The row part A5 A6 and the box part B1 B2 share 5, a digit not in
     * A1 A2: 6 cells for 1-4 once and 5 twice, so 5 is in each part and
     * leaves the rest of the row and of the box. */
    sdc_position(&st, "A5:15 A6:25 B1:35 B2:45");
    expect_elims(tech_find_sue_de_coq, &st, &step,
                 "1A3 1A4 1A7 1A8 1A9 2A3 2A4 2A7 2A8 2A9 3A3 3B3 3C1 3C2 3C3 "
                 "4A3 4B3 4C1 4C2 4C3 5A3 5A4 5A7 5A8 5A9 5B3 5C1 5C2 5C3");
    assert_non_null(strstr(step.text, "hold exactly 5 digits in 6 cells, 5 once "
                                      "in each part"));
    /* A3, the intersection's cell not in C, is in the row part A3 A5,
     * which shares 5 with the box part B1 B2: 5 must be in B1 B2, so A3
     * loses it too.  (With A3 in C, the parts would share 5.) */
    sdc_position(&st, "A3:15 A5:25 B1:35 B2:45");
    expect_elims(tech_find_sue_de_coq, &st, &step,
                 "1A4 1A6 1A7 1A8 1A9 2A4 2A6 2A7 2A8 2A9 3B3 3C1 3C2 3C3 "
                 "4B3 4C1 4C2 4C3 5A3 5A4 5A6 5A7 5A8 5A9 5B3 5C1 5C2 5C3");
    assert_non_null(strstr(step.text, "Sue de Coq: A1 and A2 (1, 2, 3 and 4) "
                                      "with A3 and A5 (1, 2 and 5) in row A"));
    /* B2 holds no digit of A1 A2's, yet the box part B1 B2 B3 needs it. */
    sdc_position(&st, "A5:12 B1:35 B2:56 B3:36");
    expect_elims(tech_find_sue_de_coq, &st, &step,
                 "1A3 1A4 1A6 1A7 1A8 1A9 2A3 2A4 2A6 2A7 2A8 2A9 3A3 3C1 3C2 "
                 "3C3 4A3 4A4 4A6 4A7 4A8 4A9 4C1 4C2 4C3 5A3 5C1 5C2 5C3 6A3 "
                 "6C1 6C2 6C3");
    only(&st, "B2", "57"); /* one digit too many */
    expect_none(tech_find_sue_de_coq, &st);
}

/* The intersection's cell outside C may join one part, never both: a
 * cell counted in each would make the parts' cells one more than there
 * are.  Here C = I7 I8 (1 2, 3 4) in box 9 and row I, and I9 (5 6), the
 * intersection's other cell, is at box position 8 (the last bit of a
 * box's nine).  The row part I1 I2 I9 (1 5 6) and the box part G7 G8 I9
 * (3 5 6) would each gain one with I9, so together they seem to give
 * the two digits C lacks; without I9 in both there is no Sue de Coq. */
static void test_sue_de_coq_cell_in_one_part(void **unused)
{
    (void)unused;
    struct human_state st;
    empty_state(&st);
    only(&st, "I7", "12");
    only(&st, "I8", "34");
    only(&st, "I9", "56");
    only(&st, "I1", "15");
    only(&st, "I2", "16");
    only(&st, "G7", "35");
    only(&st, "G8", "36");
    expect_none(tech_find_sue_de_coq, &st);
}

static void test_als_xz(void **unused)
{
    (void)unused;
    struct human_state st;
    struct human_step step;
    empty_state(&st);
    only(&st, "A1", "12");
    only(&st, "E1", "13");
    only(&st, "E2", "23");
    expect_elims(tech_find_als_xz, &st, &step, "2A2 2B2 2C2 2D1 2F1");
    assert_non_null(strstr(step.text, "ALS-XZ: A1 (1 and 2) and E1 and E2 "
                                      "(1, 2 and 3)"));
    empty_state(&st);
    only(&st, "A1", "12");
    only(&st, "E5", "13");
    only(&st, "E6", "23");
    expect_none(tech_find_als_xz, &st);
}

/* ---- HoDoKu's uniqueness types ---------------------------------------- */

static void test_unique_rectangle_5(void **unused)
{
    (void)unused;
    struct human_state st;
    struct human_step step;
    /* the extra 9 on a diagonal: what sees B2 and E1 */
    rectangle(&st, "469", "46");
    only(&st, "B2", "469");
    expect_elims(tech_find_unique_rectangle_5, &st, &step, "9A1 9C1 9D2 9F2");
    assert_string_equal(step.text,
                        "Unique rectangle type 5: B1, B2, E1 and E2 must not all "
                        "hold only 4 and 6 (one solution), so one of B2 and E1 "
                        "is 9, so 9 is removed from A1, C1, D2 and F2");
    /* three corners with the extra 9: what sees all three */
    rectangle(&st, "469", "469");
    only(&st, "B2", "469");
    expect_elims(tech_find_unique_rectangle_5, &st, &step, "9D2 9F2");
    /* on a side it is type 2's; different extras are no pattern */
    rectangle(&st, "469", "469");
    expect_none(tech_find_unique_rectangle_5, &st);
    rectangle(&st, "469", "46");
    only(&st, "B2", "468");
    expect_none(tech_find_unique_rectangle_5, &st);
}

static void test_unique_rectangle_6(void **unused)
{
    (void)unused;
    struct human_state st;
    struct human_step step;
    rectangle(&st, "468", "46");
    only(&st, "B2", "469");
    conjugate(&st, 4, TECH_ROW(1), "B1 B2");
    conjugate(&st, 4, TECH_ROW(4), "E1 E2");
    conjugate(&st, 4, TECH_COL(0), "B1 E1");
    conjugate(&st, 4, TECH_COL(1), "B2 E2");
    expect_elims(tech_find_unique_rectangle_6, &st, &step, "4B2 4E1");
    assert_non_null(strstr(step.text, "and the 4 of rows B and E and columns 1 "
                                      "and 2 is only in the rectangle, so 4 is "
                                      "removed from B2 and E1"));
    st.cand[at("H2")] |= (uint16_t)tech_bit(4); /* a 4 outside in column 2 */
    expect_none(tech_find_unique_rectangle_6, &st);
}

/* Fills cell with digit, as solving does (not a given: solved), or as a
 * given. */
static void fill(struct human_state *st, const char *name, int digit, int solved)
{
    int cell = at(name);
    st->value[cell] = (uint8_t)digit;
    st->cand[cell] = 0;
    st->solved[cell / 64] &= ~((uint64_t)1 << (cell % 64));
    st->solved[cell / 64] |= (uint64_t)(solved != 0) << (cell % 64);
}

/* A1 = 3 and A2 = 5, both solved, on an empty grid. */
static void avoidable_start(struct human_state *st)
{
    empty_state(st);
    fill(st, "A1", 3, 1);
    fill(st, "A2", 5, 1);
}

static void test_avoidable_rectangle_1(void **unused)
{
    (void)unused;
    struct human_state st;
    struct human_step step;
    avoidable_start(&st);
    fill(&st, "D1", 5, 1);
    only(&st, "D2", "37");
    expect_elims(tech_find_avoidable_rectangle_1, &st, &step, "3D2");
    assert_string_equal(step.text,
                        "Avoidable rectangle type 1: A1, A2, D1 and D2 must not "
                        "hold 3, 5, 5 and 3 (A1 and A2 were solved, not given: "
                        "they could swap), so 3 is removed from D2");
    fill(&st, "D1", 5, 0); /* a given 5: no swap */
    expect_none(tech_find_avoidable_rectangle_1, &st);
    fill(&st, "D1", 5, 1);
    only(&st, "D2", "378"); /* HoDoKu's rule: the open corner has two */
    expect_none(tech_find_avoidable_rectangle_1, &st);
}

static void test_avoidable_rectangle_2(void **unused)
{
    (void)unused;
    struct human_state st;
    struct human_step step;
    avoidable_start(&st);
    only(&st, "D1", "57");
    only(&st, "D2", "37");
    expect_elims(tech_find_avoidable_rectangle_2, &st, &step,
                 "7D3 7D4 7D5 7D6 7D7 7D8 7D9 7E1 7E2 7E3 7F1 7F2 7F3");
    assert_non_null(strstr(step.text, "so D1 or D2 is 7, so 7 is removed from"));
    fill(&st, "A2", 5, 0); /* a given */
    expect_none(tech_find_avoidable_rectangle_2, &st);
    fill(&st, "A2", 5, 1);
    only(&st, "D2", "38"); /* different extras */
    expect_none(tech_find_avoidable_rectangle_2, &st);
}

/* ---- HoDoKu's ALS wing and chain ------------------------------------- */

/* A1 (1 and 2) linked by 1 to A5 (1 and 3) and by 2 to E1 and E2 (2, 3
 * and 4), whose 3s see A2 and E5: an ALS-XY-Wing and a Death Blossom. */
static void wing_position(struct human_state *st)
{
    empty_state(st);
    only(st, "A1", "12");
    only(st, "A5", "13");
    only(st, "E1", "24");
    only(st, "E2", "34");
}

static void test_als_xy_wing(void **unused)
{
    (void)unused;
    struct human_state st;
    struct human_step step;
    /* A5 shares 1 with A1, E1 and E2 share 2 with it: 3 of A5 or of E2 */
    wing_position(&st);
    expect_elims(tech_find_als_xy_wing, &st, &step, "3A2 3E5");
    assert_string_equal(step.text,
                        "ALS-XY-Wing: almost locked sets A5 (1 and 3) and E1 and "
                        "E2 (2, 3 and 4) share 1 and 2 with A1 (1 and 2), each "
                        "digit in one of the two sets only; A1 cannot lack both, "
                        "so the outer sets hold every other digit they share; 3 "
                        "is removed from A2 and E5");
    only(&st, "E2", "45"); /* the outer sets share no digit */
    expect_none(tech_find_als_xy_wing, &st);
}

/* What one listed step of the technique must be (its eliminations, and a
 * part of its sentence): on an open grid the big sets (8 cells of a
 * house, 9 digits) make other instances, found first, and the listing
 * keeps the first of the steps with the same eliminations. */
struct listed_want {
    const char *elims, *text;
    int seen;
};

static int listed_step(void *arg, const struct human_state *before,
                       const struct human_step *step)
{
    struct listed_want *w = arg;
    char got[2048];
    (void)before;
    elims_text(step, got, sizeof got);
    if (strcmp(got, w->elims) == 0) {
        assert_non_null(strstr(step->text, w->text));
        w->seen = 1;
    }
    return 0;
}

static void expect_listed(const char *key, const struct human_state *st,
                          const char *elims, const char *text)
{
    struct listed_want w = {elims, text, 0};
    assert_true(human_all_steps(st, human_tech_find(key), listed_step, &w) > 0);
    assert_true(w.seen);
}

/* HoDoKu's ALS-overlap option: A = E5 E6 (1, 3 and 4) and B = E4 E6 (2, 3
 * and 4) share E6; D5 (1 and 2) shares 1 with A, 2 with B.  D5 = 1 makes
 * A 3 and 4, D5 = 2 makes B 3 and 4: either way 3 and 4 are in E4 to E6. */
static void overlap_wing_position(struct human_state *st)
{
    empty_state(st);
    only(st, "D5", "12");
    only(st, "E4", "24");
    only(st, "E5", "13");
    only(st, "E6", "34");
}

static void test_als_xy_wing_overlap(void **unused)
{
    (void)unused;
    struct human_state st;
    overlap_wing_position(&st);
    expect_listed("als_xy_wing_overlap", &st,
                  "3D4 3D6 3E1 3E2 3E3 3E7 3E8 3E9 3F4 3F5 3F6 4D4 4D6 4E1 4E2 "
                  "4E3 4E7 4E8 4E9 4F4 4F5 4F6",
                  "so the outer sets hold every other digit they share (sets "
                  "sharing cells, but no shared digit there); ");
    /* sets sharing no cell are the plain row's */
    wing_position(&st);
    expect_none(tech_find_als_xy_wing_overlap, &st);
}

static void test_als_xy_chain(void **unused)
{
    (void)unused;
    struct human_state st;
    struct human_step step;
    empty_state(&st);
    only(&st, "A1", "12");
    only(&st, "A5", "23");
    only(&st, "E5", "34");
    only(&st, "E6", "46");
    only(&st, "E9", "45");
    only(&st, "I9", "15");
    expect_elims(tech_find_als_xy_chain, &st, &step, "1A9 1I1");
    assert_non_null(strstr(step.text, "ALS-XY-Chain: A1 (1 and 2) -2- A5 (2 and "
                                      "3) -3- E5 (3 and 4) -4- E6 and E9 (4, 5 "
                                      "and 6) -5- I9 (1 and 5): "));
    only(&st, "I9", "56"); /* the end sets share no digit */
    expect_none(tech_find_als_xy_chain, &st);
}

static void test_death_blossom(void **unused)
{
    (void)unused;
    struct human_state st;
    struct human_step step;
    /* stem A1: its 1 pushes 1 out of A5, its 2 out of E1 and E2; both
     * petals then hold 3 */
    wing_position(&st);
    expect_elims(tech_find_death_blossom, &st, &step, "3A2 3E5");
    assert_string_equal(step.text,
                        "Death Blossom: whatever A1 (1 and 2) is, the almost "
                        "locked set seeing all of that digit lacks it and holds "
                        "3: 1 in A5 (1 and 3), 2 in E1 and E2 (2, 3 and 4); 3 "
                        "is removed from A2 and E5");
    only(&st, "E2", "45"); /* the petals share no digit */
    expect_none(tech_find_death_blossom, &st);
}

/* The overlapping sets as petals: stem D5, 1 in E5 E6 (1, 3 and 4), 2 in
 * E4 E6 (2, 3 and 4). */
static void test_death_blossom_overlap(void **unused)
{
    (void)unused;
    struct human_state st;
    overlap_wing_position(&st);
    expect_listed("death_blossom_overlap", &st,
                  "3D4 3D6 3E1 3E2 3E3 3E7 3E8 3E9 3F4 3F5 3F6 4D4 4D6 4E1 4E2 "
                  "4E3 4E7 4E8 4E9 4F4 4F5 4F6",
                  "the sets share cells, which does not matter: only the stem's "
                  "digit's set is locked; 3 is removed from D4");
    /* petals sharing no cell are the plain row's */
    wing_position(&st);
    expect_none(tech_find_death_blossom_overlap, &st);
}

/* ---- templates (pattern overlay) --------------------------------------- */

/* 1 only in A1 A5 and B1 B5: rows A and B take boxes 1 and 2 and columns
 * 1 and 5, so row C's 1 is in box 3. */
static void template_rows_ab(struct human_state *st)
{
    empty_state(st);
    conjugate(st, 1, TECH_ROW(0), "A1 A5");
    conjugate(st, 1, TECH_ROW(1), "B1 B5");
}

static void test_template_set(void **unused)
{
    (void)unused;
    struct human_state st;
    struct human_step step;
    template_rows_ab(&st);
    conjugate(&st, 1, TECH_ROW(2), "C2 C5 C8"); /* so 1 is C8 in every pattern */
    expect_elims(tech_find_template_set, &st, &step,
                 "2C8 3C8 4C8 5C8 6C8 7C8 8C8 9C8");
    assert_non_null(strstr(step.text, "Pattern Overlay: 1 fits "));
    assert_non_null(strstr(step.text, "every one puts 1 in C8, so 1 is placed "
                                      "there: C8 loses 2, 3, 4, 5, 6, 7, 8 and 9"));
    /* on an empty grid every cell has every digit in some pattern and
     * none in all */
    empty_state(&st);
    expect_none(tech_find_template_set, &st);
    expect_none(tech_find_template_delete, &st);
}

static void test_template_delete(void **unused)
{
    (void)unused;
    struct human_state st;
    struct human_step step;
    template_rows_ab(&st);
    expect_elims(tech_find_template_delete, &st, &step,
                 "1C1 1C2 1C3 1C4 1C5 1C6 1D1 1D5 1E1 1E5 1F1 1F5 1G1 1G5 1H1 "
                 "1H5 1I1 1I5");
    /* Refined against another digit: 1 is at C8 in every pattern of 1
     * (and has no candidate its patterns miss), so no pattern of 2 takes
     * C8, and row C's 2 (C8 or C9) is C9 in every pattern of 2. */
    drop(&st, 1, "C1 C2 C3 C4 C5 C6 C7 C9 D1 D5 E1 E5 F1 F5 G1 G5 H1 H5 I1 I5 "
                 "D8 E8 F8 G8 H8 I8");
    conjugate(&st, 2, TECH_ROW(2), "C8 C9");
    expect_elims(tech_find_template_delete, &st, &step,
                 "2A7 2A8 2A9 2B7 2B8 2B9 2C8 2D9 2E9 2F9 2G9 2H9 2I9");
    assert_non_null(strstr(step.text, "Pattern Overlay: 2 fits "));
    assert_non_null(strstr(step.text, "none takes any of its other candidates, so 2 "
                                      "is removed from A7, A8, A9, B7, B8, B9, C8, "
                                      "D9, E9, F9, G9, H9 and I9"));
    /* 1 only in A1 and A5 of row A: each candidate left is in some
     * pattern of its digit */
    empty_state(&st);
    conjugate(&st, 1, TECH_ROW(0), "A1 A5");
    expect_none(tech_find_template_delete, &st);
}

/* ---- forcing chains --------------------------------------------------- */

/* A1 is 1 or 2.  A1 = 1: E1 = 5.  A1 = 2: A9 = 7, E9 = 1, E1 = 5. */
static void test_cell_forcing_chain(void **unused)
{
    (void)unused;
    struct human_state st;
    struct human_step step;
    empty_state(&st);
    only(&st, "A1", "12");
    only(&st, "E1", "15");
    only(&st, "A9", "27");
    only(&st, "E9", "17");
    step.flags = HUMAN_STEP_TEXT;
    tech_step_reset(&step);
    assert_int_equal(run_find(tech_find_cell_forcing_chain, &st, &step), 1);
    assert_int_equal(step.n_place, 1);
    assert_int_equal(step.n_elim, 0);
    assert_int_equal(step.place[0].cell, at("E1"));
    assert_int_equal(step.place[0].digit, 5);
    assert_string_equal(step.text, "Cell forcing chain: A1 is 1 or 2; each way, "
                                   "singles lead to the same result, so E1 is 5");
    /* two assumptions, then the singles: 1 one way, 3 the other */
    assert_int_equal(step.n_cause, 6);
    assert_int_equal(tech_rate_forcing_chain(&step), 81);
    /* A1 alone decides nothing. */
    empty_state(&st);
    only(&st, "A1", "12");
    expect_none(tech_find_cell_forcing_chain, &st);
    empty_state(&st);
    expect_none(tech_find_cell_forcing_chain, &st);
}

/* A1 = 1 leaves E1 and F1 both needing 5 in column 1. */
static void test_forcing_chain_contradiction(void **unused)
{
    (void)unused;
    struct human_state st;
    struct human_step step;
    empty_state(&st);
    only(&st, "A1", "12");
    only(&st, "E1", "15");
    only(&st, "F1", "15");
    expect_elims(tech_find_cell_forcing_chain, &st, &step, "1A1");
    assert_string_equal(step.text,
                        "Forcing chain: if A1 were 1, singles would "
                        "leave a cell or a house without a place for a digit, "
                        "so 1 is removed from A1");
    assert_int_equal(tech_rate_forcing_chain(&step), 75);
}

/* In row A the 3 is in A1 or A9.  A1: E1 = 5, E2 = 6, E9 = 3.  A9: E9 = 6,
 * E2 = 5, E1 = 3.  Either way row E has 3, 5 and 6 in E1, E2 and E9. */
static void test_region_forcing_chain(void **unused)
{
    (void)unused;
    struct human_state st;
    struct human_step step;
    empty_state(&st);
    conjugate(&st, 3, TECH_ROW(0), "A1 A9");
    only(&st, "E1", "35");
    only(&st, "E2", "56");
    only(&st, "E9", "36");
    expect_elims(tech_find_region_forcing_chain, &st, &step,
                 "3B1 3B9 3C1 3C9 3D1 3D9 3E3 3E4 3E5 3E6 3E7 3E8 3F1 3F9 "
                 "3G1 3G9 3H1 3H9 3I1 3I9 "
                 "5D1 5D2 5D3 5E3 5E4 5E5 5E6 5E7 5E8 5F1 5F2 5F3 "
                 "6E3 6E4 6E5 6E6 6E7 6E8");
    assert_non_null(strstr(step.text, "Region forcing chain: in row A the 3 is "
                                      "in A1 or A9; each way"));
    conjugate(&st, 3, TECH_ROW(0), "A1"); /* decided: a single */
    only(&st, "E9", "367");
    expect_none(tech_find_region_forcing_chain, &st);
}

/* ---- grouped chains ---------------------------------------------------- */

/* The 1s: row A has them in A1, A5 and A6 (the group A56 of box 2), box 2
 * in A5, A6 and C4, column 4 in C4 and G4; row G has its 2s in G1 and
 * G4 (the rest of the grid is empty: every candidate).  (1)A1 = (1)A56 - (1)C4 = (1)G4 - (2)G4 = (2)G1: A1 is 1 or G1 is
 * 2, and the two cells see each other. */
static void grouped_position(struct human_state *st)
{
    empty_state(st);
    conjugate(st, 1, TECH_ROW(0), "A1 A5 A6");
    conjugate(st, 1, TECH_BOX(1), "A5 A6 C4");
    conjugate(st, 1, TECH_COL(3), "C4 G4");
    conjugate(st, 2, TECH_ROW(6), "G1 G4");
}

static void test_grouped_aic(void **unused)
{
    (void)unused;
    struct human_state st;
    struct human_step step;
    grouped_position(&st);
    expect_none(tech_find_aic, &st); /* it needs the group */
    expect_elims(tech_find_grouped_nice_loop, &st, &step, "1G1 2A1");
    assert_string_equal(step.text,
                        "Grouped AIC: (1)A1 = (1)A56 - (1)C4 = (1)G4 - (2)G4 = "
                        "(2)G1; either (1)A1 or (2)G1 is true, so 1 is removed "
                        "from G1, and 2 from A1");
    /* a fourth place for 1 in row A: A1 is no longer the group's partner */
    grouped_position(&st);
    st.cand[at("A9")] |= (uint16_t)tech_bit(1);
    expect_none(tech_find_grouped_nice_loop, &st);
}

/* Without the 2s' link the chain still returns to column 1: (1)G1 -
 * (1)A1 = (1)A56 - (1)C4 = (1)G4 - (1)G1 is a discontinuous loop (G1
 * assumed 1 would not be): 1 goes from G1, HoDoKu's only grouped chain
 * there. */
static void test_grouped_discontinuous_loop(void **unused)
{
    (void)unused;
    struct human_state st;
    struct human_step step;
    grouped_position(&st);
    for (int i = 0; i < 9; i++) /* 2 back everywhere in row G */
        st.cand[tech_house_cells[TECH_ROW(6)][i]] |= (uint16_t)tech_bit(2);
    expect_elims(tech_find_grouped_nice_loop, &st, &step, "1G1");
    assert_non_null(strstr(step.text, "Grouped discontinuous nice loop: (1)G1 - "));
    assert_non_null(strstr(step.text, "; if (1)G1 were true it would be false, "
                                      "so 1 is removed from G1"));
}

/* A loop through two cells with cell links: row A has its 1s in A1, A5
 * and A6, column 4 in C4 and G4, box 7 in G2, G3 and I1, column 1 its 2s
 * in A1 and I1.  (1)A1 = (1)A56 - (1)C4 = (1)G4 - (1)G23 = (1)I1 - (2)I1
 * = (2)A1 - back to (1)A1: every weak link holds, so A1 and I1 keep only
 * 1 and 2, and the 1s of box 2 and row G that see both ends of a weak
 * link go. */
static void test_grouped_continuous_loop(void **unused)
{
    (void)unused;
    struct human_state st;
    struct human_step step;
    empty_state(&st);
    conjugate(&st, 1, TECH_ROW(0), "A1 A5 A6");
    conjugate(&st, 1, TECH_COL(3), "C4 G4");
    conjugate(&st, 1, TECH_BOX(6), "G2 G3 I1");
    conjugate(&st, 2, TECH_COL(0), "A1 I1");
    expect_elims(tech_find_grouped_nice_loop, &st, &step,
                 "1B5 1B6 1C5 1C6 1G5 1G6 1G7 1G8 1G9 3A1 3I1 4A1 4I1 5A1 5I1 "
                 "6A1 6I1 7A1 7I1 8A1 8I1 9A1 9I1");
    assert_non_null(strstr(step.text, "Grouped continuous nice loop: (1)A1 = "
                                      "(1)A56 - (1)C4 = (1)G4 - (1)G23 = (1)I1 - "
                                      "(2)I1 = (2)A1 and back to the start"));
    /* a third 2 in column 1: no loop closes; the 1s' chain is an AIC */
    st.cand[at("E1")] |= (uint16_t)tech_bit(2);
    expect_elims(tech_find_grouped_nice_loop, &st, &step, "1B1 1C1 1D1 1E1 1F1");
    assert_non_null(strstr(step.text, "Grouped AIC: (1)A1 = (1)A56"));
}

/* An ALS in row A: A1 {123}, A2 {134}, A3 {234} hold four digits in
 * three cells.  Column 2 has its 2s in B2 and E2, column 7 its 4s in A7
 * and E7 (the rest of the grid is empty: every candidate).  (2)E2 =
 * (2)B2 - (2=4)ALS[A1,A2,A3] - (4)A7 = (4)E7: B2 being 2, the set has
 * no 2, so it holds its 4 (in A2 or A3) and A7 is not 4; E2 is 2 or E7
 * is 4, and the two cells see each other. */
static void als_chain_position(struct human_state *st)
{
    empty_state(st);
    only(st, "A1", "123");
    only(st, "A2", "134");
    only(st, "A3", "234");
    conjugate(st, 2, TECH_COL(1), "B2 E2");
    conjugate(st, 4, TECH_COL(6), "A7 E7");
}

static void test_grouped_aic_als(void **unused)
{
    (void)unused;
    struct human_state st;
    struct human_step step;
    als_chain_position(&st);
    expect_none(tech_find_grouped_nice_loop, &st); /* it needs the set */
    expect_elims(tech_find_grouped_nice_loop_als, &st, &step, "2E7 4E2");
    assert_string_equal(step.text,
                        "Grouped AIC: (2)E2 = (2)B2 - (2=4)ALS[A1,A2,A3] - (4)A7 "
                        "= (4)E7; either (2)E2 or (4)E7 is true, so 2 is removed "
                        "from E7, and 4 from E2");
    /* a 5 in A1 too: five digits in three cells, no ALS */
    als_chain_position(&st);
    st.cand[at("A1")] |= (uint16_t)tech_bit(5);
    expect_none(tech_find_grouped_nice_loop_als, &st);
}

/* ---- the table and the grader --------------------------------------- */

static void test_expert_rows(void **unused)
{
    (void)unused;
    static const char *const keys[] = {
        "x_chain",          "xy_chain",           "aic",
        "finned_swordfish", "finned_jellyfish",   "sue_de_coq",
        "als_xz",           "cell_forcing_chain", "region_forcing_chain",
        "unique_rectangle_5", "unique_rectangle_6", "avoidable_rectangle_1",
        "avoidable_rectangle_2", "als_xy_wing", "als_xy_chain",
        "death_blossom",
        "franken_x_wing",   "franken_swordfish",  "franken_jellyfish",
        "finned_franken_x_wing", "finned_franken_swordfish",
        "finned_franken_jellyfish", "mutant_x_wing", "mutant_swordfish",
        "mutant_jellyfish", "finned_mutant_x_wing", "grouped_nice_loop",
        "als_xy_wing_overlap", "death_blossom_overlap", "template_set",
        "template_delete", "grouped_nice_loop_als"};
    int last = -1;
    for (size_t i = 0; i < sizeof keys / sizeof keys[0]; i++) {
        int t = human_tech_find(keys[i]);
        assert_true(t > last);
        assert_int_equal(human_tech_info(t)->group, HUMAN_GROUP_EXPERT);
        last = t;
    }
    /* the forcing chains last but for HoDoKu's techniques SE lacks, the
     * Franken and Mutant fish, then the grouped chains last; after them,
     * past the table's order, SE's direct rules (its pass alone takes
     * them) and the library's own rows (no order takes them) */
    assert_int_equal(human_tech_find("region_forcing_chain"),
                     human_tech_find("unique_rectangle_5") - 1);
    assert_int_equal(human_tech_find("grouped_nice_loop"), tech_solver_len - 1);
    assert_int_equal(human_tech_find("direct_pointing"), tech_solver_len);
    assert_true(human_tech_find("als_xy_wing_overlap") > tech_solver_len);
    assert_int_equal(last, human_tech_count() - 1);
}

/* (5)H1 = (5)H4 - (5)B4 = (5)B7 - (8)B7 = (8)H7: every strong link is in a
 * house, but passing from 5 to 8 inside B7 is a cell inference, so SE
 * proves it with a forcing chain of both kinds (7.0 + length), not with
 * an X-chain (6.6 + length). */
static void test_aic_weak_link_in_cell(void **unused)
{
    (void)unused;
    struct human_state st;
    struct human_step step;
    empty_state(&st);
    conjugate(&st, 5, TECH_ROW(7), "H1 H4");
    conjugate(&st, 5, TECH_ROW(1), "B4 B7");
    conjugate(&st, 8, TECH_COL(6), "B7 H7");
    drop(&st, 5, "H7 B1"); /* no X-chain eliminations on 5 alone */
    expect_none(tech_find_x_chain, &st);
    expect_elims(tech_find_aic, &st, &step, "8H1");
    assert_int_equal(tech_rate_chain(&step), 71);
}

/* Sudoku Explainer takes the lowest-rated of all the chains it finds, so
 * whenever the solver's step is a chain, no chain row may offer a cheaper
 * one on the same candidates.  Checked along the whole path of a few
 * generated expert puzzles. */
struct cheapest_check {
    int chain_steps;
};

static int check_cheapest_chain(void *arg, const struct human_state *before,
                                const struct human_step *step)
{
    struct cheapest_check *c = arg;
    if (tech_table[step->tech].kind != TECH_KIND_CHAIN)
        return 0;
    c->chain_steps++;
    for (int t = 0; t < tech_table_len; t++) {
        struct human_step other;
        if (tech_table[t].kind != TECH_KIND_CHAIN)
            continue;
        other.flags = 0;
        tech_step_reset(&other);
        if (run_find(tech_table[t].find, before, &other))
            assert_true(step->rating <= tech_rate_chain(&other));
    }
    return 0;
}

static void test_cheapest_chain_taken(void **unused)
{
    (void)unused;
    struct gen_options o;
    gen_options_default(&o);
    o.tier = GRADE_EXPERT;
    struct cheapest_check c = {0};
    for (uint64_t seed = 1; seed <= 6; seed++) {
        struct gen_result r;
        struct human_state st;
        char err[256];
        assert_int_equal(gen_generate(&o, seed, &r, err, sizeof err), GEN_OK);
        assert_int_equal(human_init(&st, &r.puzzle), 0);
        assert_int_equal(human_solve(&st, 0, check_cheapest_chain, &c),
                         HUMAN_SOLVED);
    }
    assert_true(c.chain_steps > 0); /* the check was exercised */
}

/* A top1465 puzzle that needs chains: its effort, over 1800, makes it
 * extreme (HoDoKu's EXTREME). */
static void test_grade_expert_puzzle(void **unused)
{
    (void)unused;
    const char *p =
        "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........";
    struct grid g;
    struct grade gr;
    char err[GRID_ERR_MAX];
    assert_int_equal(grid_parse(&g, p, err, sizeof err), GRID_OK);
    assert_int_equal(grade_puzzle(&g, &gr), HUMAN_SOLVED);
    assert_int_equal(gr.tier, GRADE_EXTREME);
    assert_true(gr.effort > grade_ceiling(GRADE_EXPERT));
    assert_true(gr.score >= 65);
    assert_int_equal(human_tech_info(gr.hardest)->group, HUMAN_GROUP_EXPERT);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_chain_length_rating),
        cmocka_unit_test(test_x_chain),
        cmocka_unit_test(test_x_loop),
        cmocka_unit_test(test_xy_chain),
        cmocka_unit_test(test_chain_every_end),
        cmocka_unit_test(test_aic),
        cmocka_unit_test(test_aic_discontinuous),
        cmocka_unit_test(test_aic_weak_link_in_cell),
        cmocka_unit_test(test_cheapest_chain_taken),
        cmocka_unit_test(test_finned_swordfish),
        cmocka_unit_test(test_finned_jellyfish),
        cmocka_unit_test(test_franken_x_wing),
        cmocka_unit_test(test_franken_swordfish_jellyfish),
        cmocka_unit_test(test_sue_de_coq),
        cmocka_unit_test(test_sue_de_coq_wider),
        cmocka_unit_test(test_sue_de_coq_cell_in_one_part),
        cmocka_unit_test(test_als_xz),
        cmocka_unit_test(test_unique_rectangle_5),
        cmocka_unit_test(test_unique_rectangle_6),
        cmocka_unit_test(test_avoidable_rectangle_1),
        cmocka_unit_test(test_avoidable_rectangle_2),
        cmocka_unit_test(test_als_xy_wing),
        cmocka_unit_test(test_als_xy_wing_overlap),
        cmocka_unit_test(test_als_xy_chain),
        cmocka_unit_test(test_death_blossom),
        cmocka_unit_test(test_death_blossom_overlap),
        cmocka_unit_test(test_template_set),
        cmocka_unit_test(test_template_delete),
        cmocka_unit_test(test_cell_forcing_chain),
        cmocka_unit_test(test_forcing_chain_contradiction),
        cmocka_unit_test(test_region_forcing_chain),
        cmocka_unit_test(test_grouped_aic),
        cmocka_unit_test(test_grouped_discontinuous_loop),
        cmocka_unit_test(test_grouped_continuous_loop),
        cmocka_unit_test(test_grouped_aic_als),
        cmocka_unit_test(test_expert_rows),
        cmocka_unit_test(test_grade_expert_puzzle),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
