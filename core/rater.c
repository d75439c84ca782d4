/*
 * rater: the two raters as orders over the technique table (rater.h):
 * HoDoKu 2.2's default solver (rater_hodoku) and Sudoku Explainer
 * 1.2.1.3's (rater_se, after it).
 *
 * The rows follow HoDoKu's Options.DEFAULT_SOLVER_STEPS sorted by its
 * index column, with only the steps it enables by default (so no
 * Squirmbag and bigger fish, no Death Blossom, templates, Kraken or
 * mutant fish) and only the techniques the table has.  Level and base
 * score are HoDoKu's per step; HoDoKu has neither WXYZ- nor VWXYZ-Wing,
 * so they are not here.  The choice column is how HoDoKu's finder picks
 * among the instances: its fish, single-digit patterns (duals are off by
 * default), wings, rectangles, colouring and subsets return the first
 * found; its chain finders (X-, XY-chain, Remote Pair, Turbot Fish as a
 * 4-link chain, nice loops and AIC, forcing chains), Sue de Coq and the
 * ALS finders collect every instance and take the first by its step
 * comparison (RATER_MOST).
 *
 * The singles (full house, naked single, hidden single) come first, as in
 * HoDoKu; their rows give their level and score, and the singles
 * themselves are found as HoDoKu finds them (rater_singles.h).
 *
 * ADDING A TECHNIQUE: one line at its place by HoDoKu's index (given in
 * the comment column), e.g. Forcing Net (index 8600) after the forcing
 * chains: { tech_find_forcing_net, NULL, GRADE_EXTREME, 700, RATER_MOST },
 */
#include "rater.h"

/* clang-format off */
static const struct rater_row hodoku_rows[] = {
    { tech_find_full_house,           NULL, GRADE_EASY,    4,   RATER_FIRST }, /* 100 */
    { tech_find_naked_single,         NULL, GRADE_EASY,    4,   RATER_FIRST }, /* 200 */
    { tech_find_hidden_single_box,    NULL, GRADE_EASY,    14,  RATER_FIRST }, /* 300 */
    { tech_find_hidden_single_line,   NULL, GRADE_EASY,    14,  RATER_FIRST }, /* 300 */
    { tech_find_locked_pair_hodoku,   tech_find_locked_pair,
                                            GRADE_MEDIUM,  40,  RATER_FIRST }, /* 1000 */
    { tech_find_locked_triple_hodoku, tech_find_locked_triple,
                                            GRADE_MEDIUM,  60,  RATER_FIRST }, /* 1100 */
    { tech_find_pointing,             NULL, GRADE_MEDIUM,  50,  RATER_FIRST }, /* 1200 */
    { tech_find_claiming,             NULL, GRADE_MEDIUM,  50,  RATER_FIRST }, /* 1210 */
    { tech_find_naked_pair,           NULL, GRADE_MEDIUM,  60,  RATER_FIRST }, /* 1300 */
    { tech_find_naked_triple,         NULL, GRADE_MEDIUM,  80,  RATER_FIRST }, /* 1400 */
    { tech_find_hidden_pair,          NULL, GRADE_MEDIUM,  70,  RATER_FIRST }, /* 1500 */
    { tech_find_hidden_triple,        NULL, GRADE_MEDIUM,  100, RATER_FIRST }, /* 1600 */
    { tech_find_naked_quad,           NULL, GRADE_HARD,    120, RATER_FIRST }, /* 2000 */
    { tech_find_hidden_quad,          NULL, GRADE_HARD,    150, RATER_FIRST }, /* 2100 */
    { tech_find_x_wing,               NULL, GRADE_HARD,    140, RATER_FIRST }, /* 2200 */
    { tech_find_swordfish,            NULL, GRADE_HARD,    150, RATER_FIRST }, /* 2300 */
    { tech_find_jellyfish,            NULL, GRADE_HARD,    160, RATER_FIRST }, /* 2400 */
    { tech_find_remote_pair,          NULL, GRADE_HARD,    110, RATER_MOST  }, /* 2800 */
    { tech_find_bug_plus_1,           NULL, GRADE_HARD,    100, RATER_FIRST_ELIMINATING }, /* 2900 */
    { tech_find_skyscraper,           NULL, GRADE_HARD,    130, RATER_LINES_FIRST }, /* 3000 */
    { tech_find_two_string_kite,      NULL, GRADE_HARD,    150, RATER_FIRST }, /* 3100 */
    { tech_find_turbot_fish,          NULL, GRADE_HARD,    120, RATER_MOST  }, /* 3120 */
    { tech_find_empty_rectangle,      NULL, GRADE_HARD,    120, RATER_FIRST }, /* 3170 */
    { tech_find_w_wing,               NULL, GRADE_HARD,    150, RATER_FIRST }, /* 3200 */
    { tech_find_xy_wing,              NULL, GRADE_HARD,    160, RATER_FIRST }, /* 3300 */
    { tech_find_xyz_wing,             NULL, GRADE_HARD,    180, RATER_FIRST }, /* 3400 */
    { tech_find_unique_rectangle_1,   NULL, GRADE_HARD,    100, RATER_FIRST }, /* 3500 */
    { tech_find_unique_rectangle_2,   NULL, GRADE_HARD,    100, RATER_FIRST }, /* 3600 */
    { tech_find_unique_rectangle_3,   NULL, GRADE_HARD,    100, RATER_FIRST }, /* 3700 */
    { tech_find_unique_rectangle_4,   NULL, GRADE_HARD,    100, RATER_FIRST }, /* 3800 */
    { tech_find_unique_rectangle_5,   NULL, GRADE_HARD,    100, RATER_FIRST }, /* 3900 */
    { tech_find_unique_rectangle_6,   NULL, GRADE_HARD,    100, RATER_FIRST }, /* 4000 */
    { tech_find_hidden_rectangle,     NULL, GRADE_HARD,    100, RATER_FIRST }, /* 4010 */
    { tech_find_avoidable_rectangle_1, NULL, GRADE_HARD,   100, RATER_FIRST }, /* 4020 */
    { tech_find_avoidable_rectangle_2, NULL, GRADE_HARD,   100, RATER_FIRST }, /* 4030 */
    { tech_find_finned_x_wing,        NULL, GRADE_HARD,    130, RATER_FIRST }, /* 4100 */
    { tech_find_sashimi_x_wing,       NULL, GRADE_HARD,    150, RATER_FIRST }, /* 4200 */
    { tech_find_finned_swordfish,     NULL, GRADE_EXPERT,  200, RATER_FIRST }, /* 4300 */
    { tech_find_finned_jellyfish,     NULL, GRADE_EXPERT,  250, RATER_FIRST }, /* 4500 */
    { tech_find_sue_de_coq,           NULL, GRADE_EXPERT,  250, RATER_MOST  }, /* 5300 */
    { tech_find_simple_colour_trap,   NULL, GRADE_HARD,    150, RATER_FIRST }, /* 5330 */
    { tech_find_simple_colour_wrap,   NULL, GRADE_HARD,    150, RATER_FIRST }, /* 5330 */
    { tech_find_multi_colour_1,       NULL, GRADE_HARD,    200, RATER_FIRST }, /* 5360 */
    { tech_find_multi_colour_2,       NULL, GRADE_HARD,    200, RATER_FIRST }, /* 5360 */
    { tech_find_x_chain_hodoku,       tech_find_x_chain,  GRADE_EXPERT, 260, RATER_MOST }, /* 5400 */
    { tech_find_xy_chain_hodoku,      tech_find_xy_chain, GRADE_EXPERT, 260, RATER_MOST }, /* 5500 */
    { tech_find_aic,                  NULL, GRADE_EXPERT,  280, RATER_MOST  }, /* 5600 */
    { tech_find_grouped_nice_loop,    NULL, GRADE_EXPERT,  300, RATER_MOST  }, /* 5650 */
    { tech_find_als_xz,               NULL, GRADE_EXPERT,  300, RATER_MOST  }, /* 5700 */
    { tech_find_als_xy_wing,          NULL, GRADE_EXPERT,  320, RATER_MOST  }, /* 5800 */
    { tech_find_als_xy_chain,         NULL, GRADE_EXPERT,  340, RATER_MOST  }, /* 5900 */
    { tech_find_franken_x_wing,       NULL, GRADE_EXPERT,  300, RATER_FIRST }, /* 6100 */
    { tech_find_franken_swordfish,    NULL, GRADE_EXPERT,  350, RATER_FIRST }, /* 6200 */
    { tech_find_finned_franken_x_wing, NULL, GRADE_EXPERT, 390, RATER_FIRST }, /* 6700 */
    { tech_find_finned_franken_swordfish, NULL, GRADE_EXPERT, 410, RATER_FIRST }, /* 6800 */
    { tech_find_cell_forcing_chain,   NULL, GRADE_EXTREME, 500, RATER_MOST  }, /* 8500 */
    { tech_find_region_forcing_chain, NULL, GRADE_EXTREME, 500, RATER_MOST  }, /* 8500 */
};
/* clang-format on */

const struct rater rater_hodoku = {
    hodoku_rows,
    (int)(sizeof hodoku_rows / sizeof hodoku_rows[0]),
    RATER_TIER,
};

/*
 * Sudoku Explainer 1.2.1.3's solver, as its Solver constructor lists its
 * producers: the direct ones (hidden singles with the full houses,
 * direct pointing and claiming, direct hidden pair, naked single, direct
 * hidden triplet), then the indirect ones in its order (X-Wing before
 * the hidden pair, the unique loops - its unique rectangles - before the
 * naked quad), then the chaining.  The score column is SE's difficulty
 * x10, RATER_BY_STEP where it depends on the instance (chains by their
 * length, unique loops by their size and type); the rating of a puzzle
 * is the highest difficulty met (grade.c).  SE takes the first hint of
 * the first producer that has one; the producers that sort their hints
 * (unique loops, each chaining producer) report the one SE takes.
 *
 * Only SE's rules are here: none of HoDoKu's (single-digit patterns,
 * colouring, finned and Franken fish, W-Wing, Sue de Coq, ALS, grouped
 * chains, hidden and avoidable rectangles, UR 5/6) nor Sukaku
 * Explainer's WXYZ- and VWXYZ-Wing: SE proves their eliminations with
 * its chains.  The level column is not read (RATER_HARDEST).  SE's BUG
 * type 1 removes the BUG cell's other candidates (its hint places
 * nothing).
 *
 * ADDING A PRODUCER: one line at its place in SE's Solver constructor,
 * with SE's difficulty or RATER_BY_STEP; a producer that sorts its hints
 * is one table row whose find reports the hint SE takes.
 */
/* clang-format off */
static const struct rater_row se_rows[] = {
    /* direct */
    { tech_find_full_house,            NULL, GRADE_EASY, 10, RATER_FIRST },
    { tech_find_hidden_single_box,     NULL, GRADE_EASY, 12, RATER_FIRST },
    { tech_find_hidden_single_line,    NULL, GRADE_EASY, 15, RATER_FIRST },
    { tech_find_direct_pointing,       NULL, GRADE_EASY, 17, RATER_FIRST },
    { tech_find_direct_claiming,       NULL, GRADE_EASY, 19, RATER_FIRST },
    { tech_find_direct_hidden_pair,    NULL, GRADE_EASY, 20, RATER_FIRST },
    { tech_find_naked_single,          NULL, GRADE_EASY, 23, RATER_FIRST },
    { tech_find_direct_hidden_triple,  NULL, GRADE_EASY, 25, RATER_FIRST },
    /* indirect */
    { tech_find_pointing,              NULL, GRADE_EASY, 26, RATER_FIRST },
    { tech_find_claiming,              NULL, GRADE_EASY, 28, RATER_FIRST },
    { tech_find_naked_pair,            NULL, GRADE_EASY, 30, RATER_FIRST },
    { tech_find_x_wing,                NULL, GRADE_EASY, 32, RATER_FIRST },
    { tech_find_hidden_pair,           NULL, GRADE_EASY, 34, RATER_FIRST },
    { tech_find_naked_triple,          NULL, GRADE_EASY, 36, RATER_FIRST },
    { tech_find_swordfish,             NULL, GRADE_EASY, 38, RATER_FIRST },
    { tech_find_hidden_triple,         NULL, GRADE_EASY, 40, RATER_FIRST },
    { tech_find_xy_wing,               NULL, GRADE_EASY, 42, RATER_FIRST },
    { tech_find_xyz_wing,              NULL, GRADE_EASY, 44, RATER_FIRST },
    /* SE's UniqueLoops: rectangles and loops of 6+ cells, types 1-4,
     * SE's choice among them (core/tech_se_unique.c) */
    { tech_find_se_unique_loop,        NULL, GRADE_EASY, RATER_BY_STEP, RATER_FIRST },
    { tech_find_naked_quad,            NULL, GRADE_EASY, 50, RATER_FIRST },
    { tech_find_jellyfish,             NULL, GRADE_EASY, 52, RATER_FIRST },
    { tech_find_hidden_quad,           NULL, GRADE_EASY, 54, RATER_FIRST },
    { tech_find_se_bug,                NULL, GRADE_EASY, RATER_BY_STEP, RATER_FIRST },
    { tech_find_aligned_pair_exclusion, NULL, GRADE_EASY, 62, RATER_FIRST },
    /* chaining (core/tech_se_chains.c, tech_se_multiple.c): each producer collects its hints
     * and reports the one SE takes, rated by SE's formula */
    { tech_find_se_chains,             NULL, GRADE_EASY, RATER_BY_STEP, RATER_FIRST },
    { tech_find_aligned_triplet_exclusion, NULL, GRADE_EASY, 75, RATER_FIRST },
    { tech_find_se_nishio,             NULL, GRADE_EASY, RATER_BY_STEP, RATER_FIRST },
    { tech_find_se_multiple,           NULL, GRADE_EASY, RATER_BY_STEP, RATER_FIRST },
    { tech_find_se_dynamic,            NULL, GRADE_EASY, RATER_BY_STEP, RATER_FIRST },
    /* SE's Dynamic Forcing Chains (+) (9.0+) and its nested chains have no
     * row: a puzzle that needs them stays unrated */
};
/* clang-format on */

const struct rater rater_se = {
    se_rows,
    (int)(sizeof se_rows / sizeof se_rows[0]),
    RATER_HARDEST,
};
