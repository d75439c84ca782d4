/*
 * human_all_steps: every instance of a technique in a state (HoDoKu's
 * "all steps").  Hand-made positions with several instances (exact
 * list), and every state along the paths of the in-repo corpus
 * (tests/corpus/generated.txt): each step listed is sound against the
 * solution, complete (row, rating, sentence), listed once per row, and
 * the step the solver's search takes for a row is among those listed.
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
#include "solver.h"
#include "tech.h"
#include "human_positions.h"

#define CORPUS "tests/corpus/generated.txt"
#define LISTED_MAX 4096

/* What human_all_steps listed: each step's row and eliminations (and
 * placements) as text, its sentence. */
struct listed {
    int n;
    int tech[LISTED_MAX];
    char what[LISTED_MAX][256];
    char text[LISTED_MAX][HUMAN_STEP_TEXT_MAX];
    int stop_after; /* > 0: ask to stop after that many */
};

/* Placements and eliminations as "=5A9 1B2 ..." (sorted). */
static void what_text(const struct human_step *step, char *out, size_t len)
{
    size_t n;
    elims_text(step, out, len);
    for (int i = 0; i < step->n_place; i++) {
        n = strlen(out);
        snprintf(out + n, len - n, " =%d%c%d", step->place[i].digit,
                 'A' + step->place[i].cell / 9, step->place[i].cell % 9 + 1);
    }
}

static int list_step(void *arg, const struct human_state *before,
                     const struct human_step *step)
{
    struct listed *l = arg;
    (void)before;
    assert_true(l->n < LISTED_MAX);
    l->tech[l->n] = step->tech;
    what_text(step, l->what[l->n], sizeof l->what[0]);
    snprintf(l->text[l->n], sizeof l->text[0], "%s", step->text);
    l->n++;
    return l->stop_after > 0 && l->n >= l->stop_after;
}

static struct listed *list_all(const struct human_state *st, int tech)
{
    struct listed *l = calloc(1, sizeof *l);
    assert_non_null(l);
    int n = human_all_steps(st, tech, list_step, l);
    assert_int_equal(n, l->n);
    return l;
}

/* Two naked pairs, A1 A2 (1 and 2) and E5 E6 (3 and 4), each a pair of
 * its row and its box. */
static void two_pairs(struct human_state *st)
{
    empty_state(st);
    only(st, "A1", "12");
    only(st, "A2", "12");
    only(st, "E5", "34");
    only(st, "E6", "34");
}

/* Two naked pairs, each seen in a row and a box: four instances, boxes
 * first (the search's order), each once. */
static void test_naked_pairs_listed(void **unused)
{
    (void)unused;
    struct human_state st;
    two_pairs(&st);
    int t = human_tech_find("naked_pair");
    struct listed *l = list_all(&st, t);
    assert_int_equal(l->n, 4);
    for (int i = 0; i < l->n; i++)
        assert_int_equal(l->tech[i], t);
    assert_string_equal(
        l->text[0],
        "Naked pair: in box 1, A1 and A2 hold only 1 and 2, "
        "so 1 is removed from A3, B1, B2, B3, C1, C2 and C3, and 2 from "
        "A3, B1, B2, B3, C1, C2 and C3");
    assert_true(strncmp(l->text[1],
                        "Naked pair: in box 5, E5 and E6 hold only 3 and 4",
                        49) == 0);
    assert_true(strncmp(l->text[2], "Naked pair: in row A, A1 and A2", 31) == 0);
    assert_true(strncmp(l->text[3], "Naked pair: in row E, E5 and E6", 31) == 0);
    /* the solver's search takes the first */
    struct human_step step;
    step.flags = HUMAN_STEP_TEXT;
    tech_step_reset(&step);
    assert_int_equal(run_find(tech_find_naked_pair, &st, &step), 1);
    assert_string_equal(step.text, l->text[0]);
    free(l);
}

/* The same eliminations found twice by one technique are listed once:
 * a naked pair in a row that is also in a box's line, with nothing else
 * in the box to clear, is the row's step only. */
static void test_same_step_listed_once(void **unused)
{
    (void)unused;
    struct human_state st;
    empty_state(&st);
    only(&st, "A1", "12");
    only(&st, "A2", "12");
    /* the rest of box 1 and row A lose 1 and 2 but for A9: box 1's pair
     * removes nothing, row A's removes 1 and 2 from A9 */
    drop(&st, 1, "A3 B1 B2 B3 C1 C2 C3 A4 A5 A6 A7 A8");
    drop(&st, 2, "A3 B1 B2 B3 C1 C2 C3 A4 A5 A6 A7 A8");
    int t = human_tech_find("hidden_single_line");
    /* 1 and 2 are hidden singles of no row: only columns 3..9 could give
     * some; the list has each placement once even when a digit is a
     * hidden single of its row and its column both */
    struct listed *l = list_all(&st, t);
    for (int i = 0; i < l->n; i++)
        for (int j = i + 1; j < l->n; j++)
            assert_string_not_equal(l->what[i], l->what[j]);
    free(l);
    t = human_tech_find("naked_pair");
    l = list_all(&st, t);
    assert_int_equal(l->n, 1);
    assert_string_equal(l->what[0], "1A9 2A9");
    free(l);
}

/* A callback's non-zero stops the listing; a row that is not one is
 * refused. */
static void test_stop_and_bad_row(void **unused)
{
    (void)unused;
    struct human_state st;
    two_pairs(&st);
    struct listed *l = calloc(1, sizeof *l);
    assert_non_null(l);
    l->stop_after = 2;
    assert_int_equal(human_all_steps(&st, -1, list_step, l), 2);
    assert_int_equal(l->n, 2);
    free(l);
    assert_int_equal(human_all_steps(&st, human_tech_count(), list_step, NULL), -1);
    /* no callback: only counted (the four naked pairs) */
    assert_int_equal(
        human_all_steps(&st, human_tech_find("naked_pair"), NULL, NULL), 4);
    assert_int_equal(human_all_steps(&st, -2, list_step, NULL), -1);
}

/* ---- every state of the corpus' paths --------------------------------- */

struct corpus_check {
    const struct grid *sol;
    struct listed *l;
    long states, steps;
    int most[HUMAN_TECH_MAX]; /* most instances of a row in one state */
};

/* Checks the listing of state st against the solution and the solver's
 * own search of each row. */
static void check_state(struct corpus_check *c, const struct human_state *st)
{
    struct listed *l = c->l;
    int per_row[HUMAN_TECH_MAX] = {0};
    l->n = 0;
    l->stop_after = 0;
    int n = human_all_steps(st, -1, list_step, l);
    assert_int_equal(n, l->n);
    for (int i = 0; i < l->n; i++) {
        per_row[l->tech[i]]++;
        assert_true(l->text[i][0] != '\0');
        if (i > 0)
            assert_true(l->tech[i] >= l->tech[i - 1]); /* easiest first */
        for (int j = i + 1; j < l->n && l->tech[j] == l->tech[i]; j++)
            if (strcmp(l->what[i], l->what[j]) == 0)
                fail_msg("%s listed twice: %s", human_tech_info(l->tech[i])->key,
                         l->text[i]);
    }
    for (int t = 0; t < human_tech_count(); t++) {
        if (per_row[t] > c->most[t])
            c->most[t] = per_row[t];
        struct human_step step;
        char what[256];
        step.flags = HUMAN_STEP_TEXT;
        tech_step_reset(&step);
        if (!run_find(tech_table[t].find, st, &step))
            continue;
        what_text(&step, what, sizeof what);
        int seen = 0;
        for (int i = 0; i < l->n && !seen; i++)
            seen = l->tech[i] == t && strcmp(l->what[i], what) == 0;
        if (!seen)
            fail_msg("the search's %s step is not listed: %s",
                     human_tech_info(t)->key, step.text);
    }
    c->states++;
    c->steps += l->n;
}

static int on_path(void *arg, const struct human_state *before,
                   const struct human_step *step)
{
    (void)step;
    check_state(arg, before);
    return 0;
}

/* The listed steps' soundness: checked by a second listing callback. */
static int check_sound(void *arg, const struct human_state *before,
                       const struct human_step *step)
{
    const struct grid *sol = arg;
    for (int i = 0; i < step->n_elim; i++) {
        assert_true(before->cand[step->elim[i].cell] &
                    tech_bit(step->elim[i].digit));
        if (sol->cell[step->elim[i].cell] == step->elim[i].digit)
            fail_msg("unsound: %s", step->text);
    }
    for (int i = 0; i < step->n_place; i++)
        if (sol->cell[step->place[i].cell] != step->place[i].digit)
            fail_msg("unsound: %s", step->text);
    assert_true(step->n_elim + step->n_place > 0);
    return 0;
}

static int on_path_sound(void *arg, const struct human_state *before,
                         const struct human_step *step)
{
    (void)step;
    human_all_steps(before, -1, check_sound, arg);
    return 0;
}

static void test_corpus_states(void **unused)
{
    (void)unused;
    FILE *f = fopen(CORPUS, "r");
    if (!f)
        fail_msg(CORPUS " missing (tests run from the repository root)");
    struct corpus_check c = {.l = calloc(1, sizeof(struct listed))};
    assert_non_null(c.l);
    char line[512], err[GRID_ERR_MAX];
    int k = 0;
    while (fgets(line, sizeof line, f)) {
        struct grid g, sol;
        struct human_state st;
        if (line[0] == '#' || k++ % 6 != 0) /* every sixth puzzle */
            continue;
        line[81] = '\0';
        assert_int_equal(grid_parse(&g, line, err, sizeof err), GRID_OK);
        assert_int_equal(solver_count(&g, 2, &sol), 1);
        c.sol = &sol;
        assert_int_equal(human_init(&st, &g), 0);
        struct human_state st2 = st;
        assert_int_equal(human_solve(&st, 0, on_path, &c), HUMAN_SOLVED);
        assert_int_equal(human_solve(&st2, 0, on_path_sound, &sol), HUMAN_SOLVED);
    }
    fclose(f);
    printf("%ld states, %ld steps listed; most instances in one state:", c.states,
           c.steps);
    for (int t = 0; t < human_tech_count(); t++)
        if (c.most[t])
            printf(" %s=%d", human_tech_info(t)->key, c.most[t]);
    printf("\n");
    /* the techniques the corpus reaches list several instances at once */
    static const char *const several[] = {
        "full_house",
        "hidden_single_box",
        "hidden_single_line",
        "naked_single",
        "pointing",
        "claiming",
        "naked_pair",
        "hidden_pair",
        "x_wing",
        "xy_wing",
        "two_string_kite",
        "empty_rectangle",
        "w_wing",
        "skyscraper",
        "turbot_fish",
        "finned_x_wing",
        "simple_colour_trap",
        "multi_colour_1",
        "wxyz_wing",
        "vwxyz_wing",
        "x_chain",
        "xy_chain",
        "aic",
        "finned_swordfish",
        "als_xz",
        "cell_forcing_chain",
        "region_forcing_chain",
    };
    for (size_t i = 0; i < sizeof several / sizeof several[0]; i++) {
        int t = human_tech_find(several[i]);
        if (c.most[t] < 2)
            fail_msg("%s: never more than %d instance in a state", several[i],
                     c.most[t]);
    }
    free(c.l);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_naked_pairs_listed),
        cmocka_unit_test(test_same_step_listed_once),
        cmocka_unit_test(test_stop_and_bad_row),
        cmocka_unit_test(test_corpus_states),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
