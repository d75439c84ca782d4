/*
 * The grader's fast path against its plain reference path (HUMAN_PLAIN:
 * no memo, nothing shared between techniques): every puzzle is solved
 * both ways and every step must be identical - technique, rating,
 * placements, eliminations, causes, houses and sentence.  Two sets:
 *  - tests/corpus/generated.txt, puzzles the project generated itself
 *    with their expected grades (checked too), so the check runs where
 *    the data sets are absent; these also along each pass of the grade
 *    (grade_solve: SE's order, HoDoKu's);
 *  - a deterministic sample of every puzzle file of the data folder
 *    ($SUDOKU_DATA_DIR, default ../shared/bench/data): SAMPLE_PER_FILE
 *    puzzles spread evenly over each file, hard sets included; one in
 *    SE_PASS_EVERY of them along SE's pass too (its direct rules and
 *    producers keep memo records of their own).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "grade.h"
#include "human.h"
#include "step_compare.h"
#include "test_data.h"

#define CORPUS "tests/corpus/generated.txt"
#define SAMPLE_PER_FILE 250
#define SE_PASS_EVERY 10

/* The sets of the data folder that hold one puzzle per line. */
static const char *const data_files[] = {
    "17_clue_49158.txt",
    "forum_hardest_1106.txt",
    "forum_hardest_1905_11plus.txt",
    "forum_hardest_1905_msolve_hardest_to_solve_1000.txt",
    "forum_hardest_1905_msolve_hardest_to_verify_1000.txt",
    "magictour_top1465.txt",
    "magictour_top2365.txt",
    "qqwing_1.3.4_easy_3000.txt",
    "qqwing_1.3.4_expert_2000.txt",
    "qqwing_1.3.4_intermediate_1500.txt",
    "qqwing_1.3.4_simple_300.txt",
    "serg_benchmark.txt",
    "sudoku_exchange_diabolical.txt",
};

/* The fast path's steps, replayed against the plain path's. */
struct compare {
    const struct human_path *fast;
    int at;
    const char *what; /* the puzzle, for the failure message */
};

static int compare_step(void *arg, const struct human_state *before,
                        const struct human_step *step)
{
    struct compare *c = arg;
    (void)before;
    if (c->at >= c->fast->len)
        fail_msg("%s: the plain path takes a step %d the fast path does not: %s",
                 c->what, c->at + 1, step->text);
    const struct human_step *want = &c->fast->step[c->at];
    if (!step_same(want, step))
        fail_msg("%s: step %d differs\n  fast:  %s %s\n  plain: %s %s", c->what,
                 c->at + 1, human_tech_info(want->tech)->key, want->text,
                 human_tech_info(step->tech)->key, step->text);
    c->at++;
    return 0;
}

/* Solves g both ways; fails unless every step is the same.  Returns the
 * number of steps compared. */
static int check_both_ways(const struct grid *g, struct human_path *fast,
                           const char *what)
{
    struct human_state st, st2;
    if (human_init(&st, g) != 0)
        return 0;
    st2 = st;
    int s1 = human_solve_path(&st, fast);
    struct compare c = {fast, 0, what};
    int s2 = human_solve(&st2, HUMAN_STEP_TEXT | HUMAN_PLAIN, compare_step, &c);
    if (s1 != s2 || c.at != fast->len)
        fail_msg("%s: the fast path ends with status %d after %d steps, the plain "
                 "path with %d after %d",
                 what, s1, fast->len, s2, c.at);
    return c.at;
}

/* The same for the path of one of the grade's passes (grade_solve):
 * their orders and definitions differ from the table's. */
static int check_pass_both_ways(const struct grid *g, struct human_path *fast,
                                const char *what, enum grade_rater rater)
{
    struct human_state st, st2;
    if (human_init(&st, g) != 0)
        return 0;
    st2 = st;
    fast->len = 0;
    int s1 = grade_solve(&st, rater, HUMAN_STEP_TEXT, human_path_record, fast);
    struct compare c = {fast, 0, what};
    int s2 = grade_solve(&st2, rater, HUMAN_STEP_TEXT | HUMAN_PLAIN, compare_step, &c);
    if (s1 != s2 || c.at != fast->len)
        fail_msg("%s (%s pass): the fast path ends with status %d after %d steps, "
                 "the plain path with %d after %d",
                 what, rater == GRADE_RATER_SE ? "SE's" : "HoDoKu's", s1, fast->len,
                 s2, c.at);
    return c.at;
}

/* ---- the in-repo corpus ------------------------------------------------ */

static void test_corpus_grades_and_paths(void **unused)
{
    (void)unused;
    FILE *f = fopen(CORPUS, "r");
    if (!f)
        fail_msg(CORPUS " missing (tests run from the repository root)");
    struct human_path *fast = malloc(sizeof *fast);
    assert_non_null(fast);
    char line[512], err[GRID_ERR_MAX];
    int n = 0, steps = 0, tiers[GRADE_UNRATED + 1] = {0};
    while (fgets(line, sizeof line, f)) {
        char puzzle[128], tier[16], hardest[64], sym[32];
        int score, effort;
        struct grid g;
        struct grade gr;
        if (line[0] == '#')
            continue;
        /* the hardest technique's name, which may hold spaces, ends the line */
        if (sscanf(line, "%127s %15s %d %d %31s %63[^\n]", puzzle, tier, &score,
                   &effort, sym, hardest) != 6)
            fail_msg(CORPUS ": bad line: %s", line);
        if (grid_parse(&g, puzzle, err, sizeof err) != GRID_OK)
            fail_msg(CORPUS ": %s: %s", puzzle, err);
        assert_int_equal(grade_puzzle(&g, &gr), HUMAN_SOLVED);
        if (strcmp(grade_tier_name(gr.tier), tier) != 0 || gr.score != score ||
            gr.effort != effort ||
            strcmp(human_tech_info(gr.hardest)->name, hardest) != 0)
            fail_msg("%s: graded %s %d %d %s, expected %s %d %d %s", puzzle,
                     grade_tier_name(gr.tier), gr.score, gr.effort,
                     human_tech_info(gr.hardest)->name, tier, score, effort,
                     hardest);
        tiers[gr.tier]++;
        steps += check_both_ways(&g, fast, puzzle);
        steps += check_pass_both_ways(&g, fast, puzzle, GRADE_RATER_SE);
        steps += check_pass_both_ways(&g, fast, puzzle, GRADE_RATER_HODOKU);
        n++;
    }
    fclose(f);
    free(fast);
    printf("corpus: %d puzzles (%d easy, %d medium, %d hard, %d expert, %d extreme), "
           "%d steps identical both ways\n",
           n, tiers[GRADE_EASY], tiers[GRADE_MEDIUM], tiers[GRADE_HARD],
           tiers[GRADE_EXPERT], tiers[GRADE_EXTREME], steps);
    /* a corpus of every tier, a few hundred puzzles */
    assert_true(n >= 200);
    for (int t = GRADE_EASY; t <= GRADE_EXTREME; t++)
        assert_true(tiers[t] > 0);
}

/* ---- the data folder --------------------------------------------------- */

static int count_lines(FILE *f)
{
    char line[256];
    int n = 0;
    while (fgets(line, sizeof line, f))
        n++;
    rewind(f);
    return n;
}

static void test_data_sample_both_ways(void **unused)
{
    (void)unused;
    struct grid *g = malloc(SAMPLE_PER_FILE * sizeof *g);
    struct human_path *fast = malloc(sizeof *fast);
    assert_non_null(g);
    assert_non_null(fast);
    int files = 0, puzzles = 0, steps = 0, se_steps = 0;
    for (size_t i = 0; i < sizeof data_files / sizeof data_files[0]; i++) {
        FILE *f = test_data_open(data_files[i]);
        if (!f)
            continue;
        int lines = count_lines(f), stride = lines / SAMPLE_PER_FILE;
        int n = test_data_read(f, g, SAMPLE_PER_FILE, stride > 1 ? stride : 1);
        fclose(f);
        for (int k = 0; k < n; k++) {
            char what[160];
            snprintf(what, sizeof what, "%s puzzle %d of the sample", data_files[i],
                     k + 1);
            steps += check_both_ways(&g[k], fast, what);
            if (k % SE_PASS_EVERY == 0)
                se_steps += check_pass_both_ways(&g[k], fast, what, GRADE_RATER_SE);
        }
        files++;
        puzzles += n;
    }
    free(fast);
    free(g);
    if (files == 0) {
        printf("SKIPPED: no data set found (set SUDOKU_DATA_DIR)\n");
        skip();
    }
    printf("data: %d files, %d puzzles, %d steps identical both ways, and %d of SE's "
           "pass\n",
           files, puzzles, steps, se_steps);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_corpus_grades_and_paths),
        cmocka_unit_test(test_data_sample_both_ways),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
