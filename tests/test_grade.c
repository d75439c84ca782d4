/*
 * Tests of the grader: tier boundaries (HoDoKu's effort rule), the grade
 * of hand-made puzzles, and the HoDoKu-order counting of singles.
 */
#include <limits.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "generator.h"
#include "grade.h"
#include "rater.h"

/* A valid solution: row r is the digits shifted by 3r + r/3. */
static void pattern_solution(struct grid *g)
{
    for (int i = 0; i < GRID_CELLS; i++) {
        int r = i / 9, c = i % 9;
        g->cell[i] = (uint8_t)((r * 3 + r / 3 + c) % 9 + 1);
    }
}

static void test_tier_boundaries(void **unused)
{
    (void)unused;
    assert_int_equal(grade_tier_for(GRADE_EASY, 0), GRADE_EASY);
    assert_int_equal(grade_tier_for(GRADE_EASY, 800), GRADE_EASY);
    assert_int_equal(grade_tier_for(GRADE_EASY, 801), GRADE_MEDIUM);
    assert_int_equal(grade_tier_for(GRADE_MEDIUM, 1000), GRADE_MEDIUM);
    assert_int_equal(grade_tier_for(GRADE_MEDIUM, 1001), GRADE_HARD);
    assert_int_equal(grade_tier_for(GRADE_HARD, 1600), GRADE_HARD);
    assert_int_equal(grade_tier_for(GRADE_HARD, 1601), GRADE_EXPERT);
    assert_int_equal(grade_tier_for(GRADE_EXPERT, 1800), GRADE_EXPERT);
    assert_int_equal(grade_tier_for(GRADE_EXPERT, 1801), GRADE_EXTREME);
    assert_int_equal(grade_tier_for(GRADE_EXPERT, INT_MAX), GRADE_EXTREME);
    /* HoDoKu keeps moving up while the effort is over the ceiling. */
    assert_int_equal(grade_tier_for(GRADE_EASY, 1001), GRADE_HARD);
    assert_int_equal(grade_tier_for(GRADE_EASY, 1601), GRADE_EXPERT);
    assert_int_equal(grade_tier_for(GRADE_MEDIUM, 1801), GRADE_EXTREME);
    assert_int_equal(grade_ceiling(GRADE_EASY), 800);
    assert_int_equal(grade_ceiling(GRADE_HARD), 1600);
    assert_int_equal(grade_ceiling(GRADE_EXPERT), 1800);
    assert_int_equal(grade_ceiling(GRADE_EXTREME), INT_MAX);
    assert_string_equal(grade_tier_name(GRADE_UNRATED), "unrated");
    assert_string_equal(grade_tier_name(GRADE_MEDIUM), "medium");
    assert_string_equal(grade_tier_name(GRADE_EXTREME), "extreme");
    enum grade_tier t;
    assert_int_equal(grade_tier_parse("extreme", &t), 0);
    assert_int_equal(t, GRADE_EXTREME);
    assert_int_equal(grade_tier_parse("unrated", &t), -1);
}

/* What people type: any case, the exact length, never "unrated". */
static void test_tier_lookup(void **unused)
{
    (void)unused;
    enum grade_tier t = GRADE_UNRATED;
    char list[128];
    assert_int_equal(grade_tier_lookup("Hard", 4, &t), 0);
    assert_int_equal(t, GRADE_HARD);
    assert_int_equal(grade_tier_lookup("EASY solution", 4, &t), 0);
    assert_int_equal(t, GRADE_EASY);
    assert_int_equal(grade_tier_lookup("har", 3, &t), -1);
    assert_int_equal(grade_tier_lookup("hardest", 7, &t), -1);
    assert_int_equal(grade_tier_lookup("unrated", 7, &t), -1);
    grade_tier_list(list, sizeof list);
    assert_true(strncmp(list, "easy, medium, hard, expert", 26) == 0);
    grade_tier_list(list, 6);
    assert_string_equal(list, "easy,");
}

static void test_grade_full_houses(void **unused)
{
    (void)unused;
    struct grid g;
    struct grade gr;
    pattern_solution(&g);
    for (int r = 0; r < 9; r++) /* one hole per row: full houses */
        g.cell[r * 9 + (r * 4) % 9] = 0;
    assert_int_equal(grade_puzzle(&g, &gr), HUMAN_SOLVED);
    int fh = human_tech_find("full_house");
    assert_int_equal(gr.tier, GRADE_EASY);
    assert_int_equal(gr.score, 10);
    assert_int_equal(gr.steps, 9);
    assert_int_equal(gr.count[fh], 9);
    assert_int_equal(gr.hardest, fh);
    assert_int_equal(gr.effort, 9 * 4); /* HoDoKu's full house (or naked single) */
    /* HoDoKu may take a full house as a naked single (same score) */
    assert_true(gr.tier_hardest == fh ||
                gr.tier_hardest == human_tech_find("naked_single"));
    assert_int_equal(gr.tier_count[gr.tier_hardest], 9);
}

static void test_grade_solved_and_stuck(void **unused)
{
    (void)unused;
    struct grid g;
    struct grade gr;
    pattern_solution(&g);
    assert_int_equal(grade_puzzle(&g, &gr), HUMAN_SOLVED);
    assert_int_equal(gr.tier, GRADE_EASY);
    assert_int_equal(gr.steps, 0);
    assert_int_equal(gr.score, 0);
    assert_int_equal(gr.hardest, -1);

    memset(&g, 0, sizeof g); /* nothing to go on: stuck */
    assert_int_equal(grade_puzzle(&g, &gr), HUMAN_STUCK);
    assert_int_equal(gr.tier, GRADE_UNRATED);

    g.cell[0] = 3; /* a repeated given */
    g.cell[8] = 3;
    assert_int_equal(grade_puzzle(&g, &gr), HUMAN_INVALID);
    assert_int_equal(gr.tier, GRADE_UNRATED);
}

/*
 * Half the cells empty (a checkerboard): the path takes hidden singles
 * first (SE's order), but the effort counts the run as HoDoKu would,
 * naked singles first.  Each empty cell then has few candidates, so the
 * effort must be below what the path's own techniques would weigh.
 */
static void test_effort_counts_singles_as_hodoku(void **unused)
{
    (void)unused;
    struct grid g;
    struct grade gr;
    pattern_solution(&g);
    for (int i = 0; i < GRID_CELLS; i++)
        if ((i / 9 + i % 9) % 2 == 0)
            g.cell[i] = 0;
    assert_int_equal(grade_puzzle(&g, &gr), HUMAN_SOLVED);
    assert_int_equal(gr.steps, 41);
    int path_effort = 0;
    for (int t = 0; t < human_tech_count(); t++)
        path_effort += gr.count[t] * human_tech_info(t)->weight;
    int hidden = gr.count[human_tech_find("hidden_single_box")] +
                 gr.count[human_tech_find("hidden_single_line")];
    assert_true(hidden > 0);
    assert_true(gr.effort >= 41 * 4);
    assert_true(gr.effort < path_effort);
    assert_int_equal(gr.tier, GRADE_EASY);
}

/* HoDoKu's rater: each row names a table row once, with a level and a
 * score; no WXYZ- or VWXYZ-Wing (HoDoKu has neither). */
static void test_rater_rows(void **unused)
{
    (void)unused;
    int seen[HUMAN_TECH_MAX] = {0};
    for (int i = 0; i < rater_hodoku.n_rows; i++) {
        const struct rater_row *r = &rater_hodoku.rows[i];
        tech_find_fn *as = r->as ? r->as : r->find;
        int t = -1;
        for (int k = 0; k < tech_table_len; k++)
            if (tech_table[k].find == as)
                t = k;
        if (t < 0)
            fail_msg("rater row %d names no table row", i);
        assert_int_equal(seen[t]++, 0);
        assert_in_range(r->level, GRADE_EASY, GRADE_EXTREME);
        assert_true(r->score > 0);
    }
    assert_int_equal(seen[human_tech_find("wxyz_wing")], 0);
    assert_int_equal(seen[human_tech_find("vwxyz_wing")], 0);
    /* the library's own rows (switched off in HoDoKu's default solver) */
    for (int t = tech_solver_len; t < tech_table_len; t++)
        assert_int_equal(seen[t], 0);
    assert_int_equal(seen[human_tech_find("locked_pair")], 1);
}

/* The tier pass's own record adds up: its effort is the sum of its
 * steps' base scores, its tier the level of its hardest step moved up by
 * the effort, on generated puzzles of every tier. */
static void test_tier_pass_adds_up(void **unused)
{
    (void)unused;
    int score[HUMAN_TECH_MAX] = {0}, level[HUMAN_TECH_MAX] = {0};
    for (int i = 0; i < rater_hodoku.n_rows; i++) {
        const struct rater_row *r = &rater_hodoku.rows[i];
        int t = 0;
        tech_find_fn *as = r->as ? r->as : r->find;
        for (int k = 0; k < tech_table_len; k++)
            if (tech_table[k].find == as)
                t = k;
        score[t] = r->score;
        level[t] = (int)r->level;
    }
    for (int tier = GRADE_EASY; tier <= GRADE_EXTREME; tier++) {
        struct gen_options o;
        struct gen_result res;
        char err[256];
        gen_options_default(&o);
        o.tier = (enum grade_tier)tier;
        assert_int_equal(gen_generate(&o, 7, &res, err, sizeof err), GEN_OK);
        const struct grade *gr = &res.grade;
        int effort = 0, top = GRADE_EASY;
        for (int t = 0; t < tech_table_len; t++) {
            effort += gr->tier_count[t] * score[t];
            if (gr->tier_count[t] && level[t] > top)
                top = level[t];
        }
        assert_int_equal(gr->effort, effort);
        assert_int_equal(gr->tier, tier);
        assert_int_equal(level[gr->tier_hardest], top);
        assert_int_equal(grade_tier_for((enum grade_tier)top, effort), tier);
    }
}

/* Grades puzzle (which must parse and solve) into gr. */
static void graded(const char *puzzle, struct grade *gr)
{
    struct grid g;
    char err[GRID_ERR_MAX];
    assert_int_equal(grid_parse(&g, puzzle, err, sizeof err), GRID_OK);
    assert_int_equal(grade_puzzle(&g, gr), HUMAN_SOLVED);
}

/*
 * Puzzles of our generator (the first of each tier for seed 1, and more)
 * with the level and score HoDoKu 2.2's default solver gives them (run
 * locally; the numbers are its output): the tier pass takes the singles
 * HoDoKu takes, from its queues, so the effort is its score to the point.
 */
static void test_effort_is_hodoku_score(void **unused)
{
    (void)unused;
    static const struct {
        const char *puzzle;
        enum grade_tier level;
        int score;
    } rated[] = {
        {"26.8..3..1.3...8...5.9.3...3..14....52.....84....58..3...4.9.6...4...2.7..5..7.41",
         GRADE_EASY, 234},
        {"..7....2.9....2..3.61..49...3..17.9.1.......2.5.89..3...31..84.4..3....9.1....3..",
         GRADE_EASY, 412},
        {"....6...3.3...12.....39.85.6..8....4.2.6.5.7.4....9..6.15.32.....21...4.3...5....",
         GRADE_EASY, 412},
        {"..5....7.3...7...8..83..4528.92.4...............8.65.4784..31..6...1...5.2....7..",
         GRADE_MEDIUM, 372},
        {".....5.....16...799......4...21.3.6.8..2.7..1.1.5.62...9......265...18.....3.....",
         GRADE_MEDIUM, 550},
        {".38.1.9..4...9..3...7..4.15...82....3.......2....56...25.6..1...7..4...9..1.3.57.",
         GRADE_MEDIUM, 412},
        {"..5..........4...5.....62144.1.2..5....9.8....8..3.7.27138.....2...7..........9..",
         GRADE_HARD, 698},
        {"956..7.2....4.235..2..9.........174....8.6....739.........8..1..386.9....6.7..298",
         GRADE_HARD, 484},
    };
    for (size_t i = 0; i < sizeof rated / sizeof rated[0]; i++) {
        struct grade gr;
        graded(rated[i].puzzle, &gr);
        if (gr.effort != rated[i].score || gr.tier != rated[i].level)
            fail_msg("%s: %s %d, HoDoKu %s %d", rated[i].puzzle,
                     grade_tier_name(gr.tier), gr.effort,
                     grade_tier_name(rated[i].level), rated[i].score);
    }
}

/* SE's rater: each row names a table row once, with SE's difficulty or
 * the step's; none of HoDoKu's techniques SE lacks, nor Sukaku
 * Explainer's wings. */
static void test_se_rater_rows(void **unused)
{
    (void)unused;
    static const char *const not_se[] = {
        "wxyz_wing",     "vwxyz_wing",      "skyscraper",   "two_string_kite",
        "turbot_fish",   "empty_rectangle", "finned_x_wing", "w_wing",
        "remote_pair",   "hidden_rectangle", "locked_pair",  "sue_de_coq",
        "als_xz",        "grouped_nice_loop", "franken_x_wing",
    };
    int seen[HUMAN_TECH_MAX] = {0};
    assert_int_equal(rater_se.rule, RATER_HARDEST);
    assert_int_equal(rater_hodoku.rule, RATER_TIER);
    for (int i = 0; i < rater_se.n_rows; i++) {
        const struct rater_row *r = &rater_se.rows[i];
        int t = -1;
        for (int k = 0; k < tech_table_len; k++)
            if (tech_table[k].find == (r->as ? r->as : r->find))
                t = k;
        if (t < 0)
            fail_msg("SE rater row %d names no table row", i);
        assert_int_equal(seen[t]++, 0);
        assert_true(r->score == RATER_BY_STEP || r->score >= 10);
    }
    for (size_t i = 0; i < sizeof not_se / sizeof not_se[0]; i++)
        assert_int_equal(seen[human_tech_find(not_se[i])], 0);
}

/*
 * Score, pearl and diamond as Sudoku Explainer 1.2.1.3 gives them (its
 * serate, run locally; the numbers are its output) on public puzzles
 * whose first steps are not singles: the diamond is the first step's
 * rating, the pearl the highest up to the first placement (the last one
 * 2.6 then 3.0 before it places).
 */
static void test_score_pearl_diamond(void **unused)
{
    (void)unused;
    static const struct {
        const char *puzzle;
        int score, pearl, diamond;
    } rated[] = {
        {".7..8..6....9.2...1..675..8.4.....9...3...6..9..1.6..5.2.7.4.8...85.34......2....",
         73, 20, 20},
        {".5.2.8.......9...4..16.59..6.5...2.9.2.....4.7.4...1.3..25.93..5...7.......3.1.9.",
         72, 26, 26},
        {"2..1.9.5656..4..9..........7..8.4..9.3.....4.1..9.3..5..........9..2..6187.5.6..3",
         67, 23, 23},
        {"84.....57.3.5.4..6..6..8.....42.9..13.......27..6.35.....8..1..1..4.2.7.48.....93",
         71, 30, 26},
    };
    for (size_t i = 0; i < sizeof rated / sizeof rated[0]; i++) {
        struct grade gr;
        graded(rated[i].puzzle, &gr);
        if (gr.score != rated[i].score || gr.pearl != rated[i].pearl ||
            gr.diamond != rated[i].diamond)
            fail_msg("%s: %d/%d/%d, SE %d/%d/%d", rated[i].puzzle, gr.score, gr.pearl,
                     gr.diamond, rated[i].score, rated[i].pearl, rated[i].diamond);
    }
}

/* grade_solve follows each pass: SE's path has the grade's step count and
 * hardest rating, HoDoKu's the tier pass's step count. */
static int count_step(void *arg, const struct human_state *before,
                      const struct human_step *step)
{
    int *n = arg;
    (void)before;
    n[0]++;
    if (step->rating > n[1])
        n[1] = step->rating;
    return 0;
}

static void test_grade_solve_follows_passes(void **unused)
{
    (void)unused;
    struct grid g;
    struct grade gr;
    struct human_state st;
    char err[GRID_ERR_MAX];
    assert_int_equal(grid_parse(&g, "84.....57.3.5.4..6..6..8.....42.9..13.......27..6.35"
                                    ".....8..1..1..4.2.7.48.....93",
                                err, sizeof err),
                     GRID_OK);
    assert_int_equal(grade_puzzle(&g, &gr), HUMAN_SOLVED);
    int se[2] = {0, 0}, ho[2] = {0, 0}, tier_steps = 0;
    human_init(&st, &g);
    assert_int_equal(grade_solve(&st, GRADE_RATER_SE, 0, count_step, se), HUMAN_SOLVED);
    assert_int_equal(se[0], gr.steps);
    assert_int_equal(se[1], gr.score);
    human_init(&st, &g);
    assert_int_equal(grade_solve(&st, GRADE_RATER_HODOKU, HUMAN_STEP_TEXT, count_step,
                                 ho),
                     HUMAN_SOLVED);
    for (int t = 0; t < tech_table_len; t++)
        tier_steps += gr.tier_count[t];
    assert_int_equal(ho[0], tier_steps);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_tier_boundaries),
        cmocka_unit_test(test_tier_lookup),
        cmocka_unit_test(test_grade_full_houses),
        cmocka_unit_test(test_grade_solved_and_stuck),
        cmocka_unit_test(test_effort_counts_singles_as_hodoku),
        cmocka_unit_test(test_rater_rows),
        cmocka_unit_test(test_se_rater_rows),
        cmocka_unit_test(test_score_pearl_diamond),
        cmocka_unit_test(test_grade_solve_follows_passes),
        cmocka_unit_test(test_tier_pass_adds_up),
        cmocka_unit_test(test_effort_is_hodoku_score),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
