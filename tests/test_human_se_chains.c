/*
 * Sudoku Explainer's chaining producers (core/tech_se_chains.c and
 * core/tech_se_multiple.c), each
 * run alone on positions where it must fire - the exact eliminations or
 * placement, rating and name of the hint SE 1.2.1.3 takes there - and
 * where it must not.  The positions are pencil-mark states met while
 * solving puzzles of this project's generator (sudokuctl generate
 * --difficulty extreme --seed 1), and hand-made ones; the expected hints
 * are what SE 1.2.1.3's own Chaining rule returns first on the same
 * states (checked on a machine with SE, never from this test).
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

/* A state as 81 comma-separated cells: "=5" holds 5, "139" candidates. */
static void load_state(struct human_state *st, const char *s)
{
    struct grid g;
    uint16_t cand[GRID_CELLS];
    memset(&g, 0, sizeof g);
    for (int c = 0; c < GRID_CELLS; c++) {
        cand[c] = 0;
        if (*s == '=') {
            g.cell[c] = (uint8_t)(s[1] - '0');
            s += 2;
        } else {
            for (; *s >= '1' && *s <= '9'; s++)
                cand[c] |= (uint16_t)tech_bit(*s - '0');
        }
        assert_true(*s == (c < GRID_CELLS - 1 ? ',' : '\0'));
        s++;
    }
    assert_int_equal(human_init(st, &g), 0);
    for (int c = 0; c < GRID_CELLS; c++)
        if (!st->value[c]) {
            assert_int_equal(st->cand[c] & cand[c], cand[c]);
            st->cand[c] = cand[c];
        }
}

struct se_case {
    tech_find_fn *find;
    int rating;       /* SE's difficulty x10; 0: must not fire */
    const char *want; /* "A1=5" placed, or the eliminations ("3C8 3D8") */
    const char *name; /* SE's name of the hint */
    const char *state;
};

static const struct se_case cases[] = {
    {tech_find_se_dynamic, 86, "3C8", "Dynamic Cell Forcing Chains",
     "13,=6,25,=8,12,=9,=7,=4,35,=4,158,=7,=6,12,=3,=9,28,58,=9,38,28,=4,=7,=5,=6,238,=1,"
     "=7,58,58,=1,=9,=4,=3,=6,=2,13,13,=4,=7,=6,=2,=8,=5,=9,=6,=2,=9,=5,=3,=8,=4,=1,=7,"
     "=8,=9,=3,=2,=5,=6,=1,=7,=4,=2,=4,=1,=3,=8,=7,=5,=9,=6,=5,=7,=6,=9,=4,=1,=2,38,38"},
    {tech_find_se_dynamic, 87, "6A3", "Dynamic Contradiction Forcing Chains",
     "1236,=5,1236,1236,=8,=4,127,=9,2367,=4,=9,=8,1236,123,=7,126,36,=5,1236,236,=7,=9,1235,1235,1268,48,3468,"
     "1236,=8,1236,=5,2379,239,=4,36,367,=7,=4,23,23,=6,=8,=9,=5,=1,=5,36,=9,=4,137,13,678,=2,3678,"
     "239,=7,34,123,239,=6,=5,148,48,=8,26,456,=7,125,125,=3,14,=9,39,=1,35,=8,=4,359,26,=7,26"},
    {tech_find_se_dynamic, 88, "9B5", "Dynamic Double Forcing Chains",
     "46,69,=1,25,=7,=8,349,345,29,47,=3,479,=6,129,2459,1489,45,289,=5,=2,=8,14,149,=3,149,=7,=6,"
     "=1,578,=6,38,59,79,39,=2,=4,=9,=4,=3,12,126,26,=7,=8,=5,=2,578,57,38,45,4579,=6,13,139,"
     "=3,=1,45,=9,=8,45,=2,=6,=7,4678,57,2457,245,2456,=1,348,=9,38,468,69,249,=7,=3,246,=5,14,18"},
    {tech_find_se_dynamic, 85, "7H7", "Dynamic Region Forcing Chains",
     "=6,=5,=2,38,78,=9,137,=4,17,=3,78,78,=1,=4,=6,25,25,=9,=9,=1,=4,35,=2,57,37,=8,=6,"
     "=4,38,=9,=6,13,58,15,=7,=2,=1,=6,58,78,57,=2,=9,=3,=4,=7,=2,35,=9,13,=4,=8,=6,15,"
     "=8,37,=6,25,=9,=1,=4,25,37,=5,=4,=1,27,=6,=3,27,=9,=8,=2,=9,37,=4,58,78,=6,=1,357"},
    {tech_find_se_chains, 72, "3G4 5A5", "Bidirectional Cycle",
     "17,=6,17,35,345,=8,234,2459,239,39,45,49,=2,=7,=1,=8,56,356,23,25,=8,=9,=6,345,34,=7,=1,"
     "=4,=8,=2,=6,=1,=9,57,=3,57,=5,=1,=6,=7,23,23,=9,=8,=4,79,=3,79,=8,45,45,=1,26,26,"
     "=8,=9,14,135,235,=6,2347,245,37,12,24,=5,13,=8,=7,=6,49,39,=6,=7,=3,=4,=9,25,25,=1,=8"},
    {tech_find_se_chains, 69, "2B5", "Bidirectional Y-Cycle",
     "18,=3,=5,=9,12,=7,48,24,=6,18,26,67,=4,123,23,=5,=9,78,=4,=9,27,=5,=8,=6,17,23,13,"
     "=2,=8,14,=3,=5,=9,=6,47,17,=5,=7,13,=6,24,24,13,=8,=9,36,46,=9,=8,=7,=1,34,=5,=2,"
     "=9,=1,38,=2,=6,=5,78,37,=4,=7,=5,348,=1,=9,34,=2,=6,38,36,24,26,=7,34,=8,=9,=1,=5"},
    {tech_find_se_chains, 71, "A1=1", "Forcing Chain",
     "13,=6,25,=8,12,=9,=7,=4,35,=4,158,=7,=6,12,=3,=9,28,58,=9,38,28,=4,=7,=5,=6,238,=1,"
     "=7,58,58,=1,=9,=4,=3,=6,=2,13,13,=4,=7,=6,=2,=8,=5,=9,=6,=2,=9,=5,=3,=8,=4,=1,=7,"
     "=8,=9,=3,=2,=5,=6,=1,=7,=4,=2,=4,=1,=3,=8,=7,=5,=9,=6,=5,=7,=6,=9,=4,=1,=2,38,38"},
    {tech_find_se_chains, 67, "2I9", "Forcing X-Chain",
     "16,26,=8,34,=5,14,123,=7,=9,=7,=4,125,=9,=8,13,=6,23,25,15,=3,=9,=7,=2,=6,18,48,458,"
     "456,=8,=7,=2,46,=9,45,=1,=3,=2,=9,45,=1,=3,=8,45,=6,=7,=3,=1,46,=5,46,=7,28,=9,28,"
     "146,=5,14,=8,=9,23,=7,234,246,=8,26,=3,46,=7,24,=9,=5,=1,=9,=7,246,36,=1,=5,38,248,2468"},
    {tech_find_se_chains, 66, "C6=7", "Turbot Fish",
     "=6,=5,=2,38,78,=9,137,=4,17,=3,78,78,=1,=4,=6,25,25,=9,=9,=1,=4,35,=2,57,37,=8,=6,"
     "=4,38,=9,=6,13,58,15,=7,=2,=1,=6,58,78,57,=2,=9,=3,=4,=7,=2,35,=9,13,=4,=8,=6,15,"
     "=8,37,=6,25,=9,=1,=4,25,37,=5,=4,=1,27,=6,=3,27,=9,=8,=2,=9,37,=4,58,78,=6,=1,357"},
    {tech_find_se_chains, 0, "", "",
     "46,69,=1,25,=7,=8,349,345,29,47,=3,479,=6,129,2459,1489,45,289,=5,=2,=8,14,149,=3,149,=7,=6,=1,578,=6,38,59,79,39,=2,=4,=9,=4,=3,12,126,26,=7,=8,=5,=2,578,57,38,45,4579,=6,13,139,=3,=1,45,=9,=8,45,=2,=6,=7,4678,57,2457,245,2456,=1,348,=9,38,468,69,249,=7,=3,246,=5,14,18"},
    {tech_find_se_multiple, 83, "1H6", "Cell Forcing Chains",
     "39,=7,38,589,24,=6,=1,48,245,168,69,=5,789,12489,127,278,=3,248,=2,=4,18,578,138,135,578,=9,=6,"
     "=5,=8,=2,=3,=6,=9,=4,=1,=7,39,=1,=6,=2,=7,=4,89,=5,38,=4,39,=7,=1,=5,=8,239,=6,23,"
     "18,=5,=4,=6,1238,12,38,=7,=9,17,=2,138,5789,389,1357,=6,48,134,1678,36,=9,=4,138,37,58,=2,15"},
    {tech_find_se_multiple, 81, "A3=5", "Region Forcing Chains",
     "13,=6,25,=8,12,=9,=7,=4,35,=4,158,=7,=6,12,=3,=9,28,58,=9,38,28,=4,=7,=5,=6,238,=1,"
     "=7,58,58,=1,=9,=4,=3,=6,=2,13,13,=4,=7,=6,=2,=8,=5,=9,=6,=2,=9,=5,=3,=8,=4,=1,=7,"
     "=8,=9,=3,=2,=5,=6,=1,=7,=4,=2,=4,=1,=3,=8,=7,=5,=9,=6,=5,=7,=6,=9,=4,=1,=2,38,38"},
    {tech_find_se_nishio, 76, "C6=7", "Nishio Forcing Chains",
     "=6,=5,=2,38,78,=9,137,=4,17,=3,78,78,=1,=4,=6,25,25,=9,=9,=1,=4,35,=2,57,37,=8,=6,"
     "=4,38,=9,=6,13,58,15,=7,=2,=1,=6,58,78,57,=2,=9,=3,=4,=7,=2,35,=9,13,=4,=8,=6,15,"
     "=8,37,=6,25,=9,=1,=4,25,37,=5,=4,=1,27,=6,=3,27,=9,=8,=2,=9,37,=4,58,78,=6,=1,357"},
    {tech_find_se_nishio, 0, "", "",
     "13,=6,25,=8,12,=9,=7,=4,35,=4,158,=7,=6,12,=3,=9,28,58,=9,38,28,=4,=7,=5,=6,238,=1,=7,58,58,=1,=9,=4,=3,=6,=2,13,13,=4,=7,=6,=2,=8,=5,=9,=6,=2,=9,=5,=3,=8,=4,=1,=7,=8,=9,=3,=2,=5,=6,=1,=7,=4,=2,=4,=1,=3,=8,=7,=5,=9,=6,=5,=7,=6,=9,=4,=1,=2,38,38"},
};

static void check_case(const struct se_case *k)
{
    struct human_state st;
    struct human_step step;
    char got[2048];
    load_state(&st, k->state);
    if (!k->rating) {
        expect_none(k->find, &st);
        return;
    }
    step.flags = HUMAN_STEP_TEXT;
    tech_step_reset(&step);
    assert_int_equal(run_find(k->find, &st, &step), 1);
    if (step.n_place) {
        assert_int_equal(step.n_place, 1);
        assert_int_equal(step.n_elim, 0);
        snprintf(got, sizeof got, "%c%d=%d", 'A' + step.place[0].cell / 9,
                 step.place[0].cell % 9 + 1, step.place[0].digit);
    } else {
        elims_text(&step, got, sizeof got);
    }
    assert_string_equal(got, k->want);
    assert_int_equal(step.rating, k->rating);
    assert_int_equal(tech_rate_se_chain(&step), k->rating);
    assert_true(strncmp(step.text, k->name, strlen(k->name)) == 0);
    assert_true(step.n_cause > 0);
}

static void test_positions(void **unused)
{
    (void)unused;
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
        check_case(&cases[i]);
}

/* An X-Wing on 1 (rows A and E, columns 1 and 5) on an otherwise empty
 * grid: SE's shortest X-cycle, four cells ("Generalized X-Wing", 6.5),
 * clears both columns; the other producers prove only B1 (the first cell
 * SE's searches meet). */
static void xwing_state(struct human_state *st)
{
    empty_state(st);
    drop(st, 1, "A2 A3 A4 A6 A7 A8 A9 E2 E3 E4 E6 E7 E8 E9");
}

static void test_hand_x_wing(void **unused)
{
    (void)unused;
    struct human_state st;
    struct human_step step;
    xwing_state(&st);
    expect_elims(tech_find_se_chains, &st, &step,
                 "1B1 1B5 1C1 1C5 1D1 1D5 1F1 1F5 1G1 1G5 1H1 1H5 1I1 1I5");
    assert_int_equal(step.rating, 65);
    assert_true(strncmp(step.text, "Generalized X-Wing", 18) == 0);
    expect_elims(tech_find_se_nishio, &st, &step, "1B1");
    assert_int_equal(step.rating, 76);
    expect_elims(tech_find_se_multiple, &st, &step, "1B1");
    assert_int_equal(step.rating, 80);
    assert_true(strncmp(step.text, "Region Forcing Chains", 21) == 0);
    expect_elims(tech_find_se_dynamic, &st, &step, "1B1");
    assert_int_equal(step.rating, 85);
    assert_true(strncmp(step.text, "Dynamic Region Forcing Chains", 29) == 0);
}

/* Nothing to chain on an empty grid: no conjugate pair, no bivalue cell. */
static void test_hand_empty(void **unused)
{
    (void)unused;
    struct human_state st;
    empty_state(&st);
    expect_none(tech_find_se_chains, &st);
    expect_none(tech_find_se_nishio, &st);
    expect_none(tech_find_se_multiple, &st);
    expect_none(tech_find_se_dynamic, &st);
}

/* The broken X-Wing: with 1 back in A9, row A is no conjugate pair and no
 * cycle closes: the chains producer must not fire. */
static void test_hand_broken_x_wing(void **unused)
{
    (void)unused;
    struct human_state st;
    xwing_state(&st);
    st.cand[at("A9")] |= (uint16_t)tech_bit(1);
    expect_none(tech_find_se_chains, &st);
}

/* Collect mode hands on every hint, the one SE takes among them. */
static int count_hint(struct tech_ctx *ctx, struct human_step *step)
{
    int *n = ctx->collect_arg;
    (*n)++;
    assert_true(step->n_place + step->n_elim > 0);
    return 0;
}

static void test_collect(void **unused)
{
    (void)unused;
    struct human_state st;
    struct human_step step;
    struct tech_ctx ctx;
    int n = 0;
    xwing_state(&st);
    tech_ctx_init(&ctx, &st);
    ctx.collect = count_hint;
    ctx.collect_arg = &n;
    step.flags = 0;
    tech_step_reset(&step);
    assert_int_equal(tech_find_se_chains(&ctx, &step), 0);
    /* the four starts of the cycle, each both ways, and the forcing
     * X-chains the X-Wing makes */
    assert_true(n > 4);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_positions),
        cmocka_unit_test(test_hand_x_wing),
        cmocka_unit_test(test_hand_empty),
        cmocka_unit_test(test_hand_broken_x_wing),
        cmocka_unit_test(test_collect),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
