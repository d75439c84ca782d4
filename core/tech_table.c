/*
 * tech_table: THE list of techniques, in the order the solver tries them.
 * See "HOW TO ADD A TECHNIQUE" in tech.h.
 *
 * Rows are grouped by the tier they imply (easy, medium, hard, expert:
 * HoDoKu's levels, expert standing for UNFAIR and EXTREME) and ordered
 * cheapest first within a group by Sudoku Explainer (SE) 1.2.1 rating, so
 * the solver takes the step SE would take whenever the groups allow.
 *
 * Columns: name (SudokuWiki's), key (JSON), SE rating x10, group, effort
 * weight (HoDoKu 2.2's per-step score), find function, rating function
 * (NULL: fixed rating), the find function on a shared struct tech_ctx
 * (NULL: none; see tech.h).  SE has no "locked pair": it rates one as the
 * naked pair (3.0) or naked triple (3.6) it is.
 *
 * The grader's effort ceilings per tier are in grade.c (grade_ceiling).
 */
#include "tech.h"

const struct tech_row tech_table[] = {
    /* easy */
    { { "Full house", "full_house", 10, HUMAN_GROUP_EASY, 4 },
      tech_find_full_house, NULL, NULL },
    { { "Hidden single", "hidden_single_box", 12, HUMAN_GROUP_EASY, 14 },
      tech_find_hidden_single_box, NULL, NULL },
    { { "Hidden single", "hidden_single_line", 15, HUMAN_GROUP_EASY, 14 },
      tech_find_hidden_single_line, NULL, NULL },
    { { "Naked single", "naked_single", 23, HUMAN_GROUP_EASY, 4 },
      tech_find_naked_single, NULL, NULL },

    /* medium */
    { { "Pointing", "pointing", 26, HUMAN_GROUP_MEDIUM, 50 },
      tech_find_pointing, NULL, tech_find_pointing_ctx },
    { { "Claiming", "claiming", 28, HUMAN_GROUP_MEDIUM, 50 },
      tech_find_claiming, NULL, tech_find_claiming_ctx },
    { { "Locked pair", "locked_pair", 30, HUMAN_GROUP_MEDIUM, 40 },
      tech_find_locked_pair, NULL, tech_find_locked_pair_ctx },
    { { "Naked pair", "naked_pair", 30, HUMAN_GROUP_MEDIUM, 60 },
      tech_find_naked_pair, NULL, tech_find_naked_pair_ctx },
    { { "Hidden pair", "hidden_pair", 34, HUMAN_GROUP_MEDIUM, 70 },
      tech_find_hidden_pair, NULL, tech_find_hidden_pair_ctx },
    { { "Locked triple", "locked_triple", 36, HUMAN_GROUP_MEDIUM, 60 },
      tech_find_locked_triple, NULL, tech_find_locked_triple_ctx },
    { { "Naked triple", "naked_triple", 36, HUMAN_GROUP_MEDIUM, 80 },
      tech_find_naked_triple, NULL, tech_find_naked_triple_ctx },
    { { "Hidden triple", "hidden_triple", 40, HUMAN_GROUP_MEDIUM, 100 },
      tech_find_hidden_triple, NULL, tech_find_hidden_triple_ctx },

    /* hard.  SE has no rule for the single-digit patterns, finned fish,
     * colouring, Remote Pair and W-Wing: each is rated as the chain SE
     * would use for the same eliminations (Forcing X- or Y-Chain 6.6,
     * XY-chain 7.0, plus SE's length term: a Turbot Fish is SE's 6-node
     * X-chain, 6.6; a Remote Pair of 4 cells an 8-link Y-chain, 6.8; a
     * W-Wing a 6-link XY-chain, 7.1).  Colouring and Remote Pair are rated
     * by their chain (tech_colouring.c).  SE has no Hidden Rectangle
     * either: rated as the unique rectangles (4.5).  HoDoKu 2.2 puts all
     * of these in HARD.
     *
     * WXYZ-Wing and VWXYZ-Wing are Sukaku Explainer's (the SE fork that
     * rated our calibration set): 5.5 and 6.2 plus its size term
     * (tech_rate_als_wing); SE 1.2.1 and HoDoKu have neither.  They are
     * the four- and five-cell members of the wing family (XY-Wing,
     * XYZ-Wing: HARD in HoDoKu), so they sit here, by rating, where the
     * solver takes them before W-Wing and the chains as both Explainers
     * would: in the calibration set the puzzles Sukaku Explainer solves
     * with them (5.5-6.4) were otherwise graded by W-Wings and XY-chains
     * (7.1-7.3).  HoDoKu would prove the same eliminations with ALS-XZ
     * (UNFAIR), whose weight, 300, they carry. */
    { { "X-Wing", "x_wing", 32, HUMAN_GROUP_HARD, 140 },
      tech_find_x_wing, NULL, tech_find_x_wing_ctx },
    { { "Swordfish", "swordfish", 38, HUMAN_GROUP_HARD, 150 },
      tech_find_swordfish, NULL, tech_find_swordfish_ctx },
    { { "XY-Wing", "xy_wing", 42, HUMAN_GROUP_HARD, 160 },
      tech_find_xy_wing, NULL, tech_find_xy_wing_ctx },
    { { "XYZ-Wing", "xyz_wing", 44, HUMAN_GROUP_HARD, 180 },
      tech_find_xyz_wing, NULL, tech_find_xyz_wing_ctx },
    { { "Unique rectangle type 1", "unique_rectangle_1", 45, HUMAN_GROUP_HARD, 100 },
      tech_find_unique_rectangle_1, NULL, tech_find_unique_rectangle_1_ctx },
    { { "Unique rectangle type 2", "unique_rectangle_2", 45, HUMAN_GROUP_HARD, 100 },
      tech_find_unique_rectangle_2, NULL, tech_find_unique_rectangle_2_ctx },
    { { "Unique rectangle type 4", "unique_rectangle_4", 45, HUMAN_GROUP_HARD, 100 },
      tech_find_unique_rectangle_4, NULL, tech_find_unique_rectangle_4_ctx },
    { { "Hidden rectangle", "hidden_rectangle", 45, HUMAN_GROUP_HARD, 100 },
      tech_find_hidden_rectangle, NULL, tech_find_hidden_rectangle_ctx },
    { { "Unique rectangle type 3", "unique_rectangle_3", 46, HUMAN_GROUP_HARD, 100 },
      tech_find_unique_rectangle_3, tech_rate_unique_rectangle_3,
      tech_find_unique_rectangle_3_ctx },
    { { "Naked quad", "naked_quad", 50, HUMAN_GROUP_HARD, 120 },
      tech_find_naked_quad, NULL, tech_find_naked_quad_ctx },
    { { "Jellyfish", "jellyfish", 52, HUMAN_GROUP_HARD, 160 },
      tech_find_jellyfish, NULL, tech_find_jellyfish_ctx },
    { { "Hidden quad", "hidden_quad", 54, HUMAN_GROUP_HARD, 150 },
      tech_find_hidden_quad, NULL, tech_find_hidden_quad_ctx },
    { { "WXYZ-Wing", "wxyz_wing", 55, HUMAN_GROUP_HARD, 300 },
      tech_find_wxyz_wing, tech_rate_als_wing, tech_find_wxyz_wing_ctx },
    { { "BUG+1", "bug_plus_1", 56, HUMAN_GROUP_HARD, 100 },
      tech_find_bug_plus_1, NULL, tech_find_bug_plus_1_ctx },
    { { "VWXYZ-Wing", "vwxyz_wing", 62, HUMAN_GROUP_HARD, 300 },
      tech_find_vwxyz_wing, tech_rate_als_wing, tech_find_vwxyz_wing_ctx },
    { { "Skyscraper", "skyscraper", 66, HUMAN_GROUP_HARD, 130 },
      tech_find_skyscraper, NULL, tech_find_skyscraper_ctx },
    { { "2-String Kite", "two_string_kite", 66, HUMAN_GROUP_HARD, 150 },
      tech_find_two_string_kite, NULL, tech_find_two_string_kite_ctx },
    { { "Turbot Fish", "turbot_fish", 66, HUMAN_GROUP_HARD, 120 },
      tech_find_turbot_fish, NULL, tech_find_turbot_fish_ctx },
    { { "Empty rectangle", "empty_rectangle", 66, HUMAN_GROUP_HARD, 120 },
      tech_find_empty_rectangle, NULL, tech_find_empty_rectangle_ctx },
    { { "Finned X-Wing", "finned_x_wing", 66, HUMAN_GROUP_HARD, 130 },
      tech_find_finned_x_wing, NULL, tech_find_finned_x_wing_ctx },
    { { "Sashimi X-Wing", "sashimi_x_wing", 66, HUMAN_GROUP_HARD, 150 },
      tech_find_sashimi_x_wing, NULL, tech_find_sashimi_x_wing_ctx },
    { { "Simple colouring (trap)", "simple_colour_trap", 66, HUMAN_GROUP_HARD, 150 },
      tech_find_simple_colour_trap, tech_rate_chain_open,
      tech_find_simple_colour_trap_ctx },
    { { "Simple colouring (wrap)", "simple_colour_wrap", 66, HUMAN_GROUP_HARD, 150 },
      tech_find_simple_colour_wrap, tech_rate_chain_closed,
      tech_find_simple_colour_wrap_ctx },
    { { "Multi-colouring (type 1)", "multi_colour_1", 66, HUMAN_GROUP_HARD, 200 },
      tech_find_multi_colour_1, tech_rate_chain_open,
      tech_find_multi_colour_1_ctx },
    { { "Multi-colouring (type 2)", "multi_colour_2", 66, HUMAN_GROUP_HARD, 200 },
      tech_find_multi_colour_2, tech_rate_chain_closed,
      tech_find_multi_colour_2_ctx },
    { { "Remote pair", "remote_pair", 68, HUMAN_GROUP_HARD, 110 },
      tech_find_remote_pair, tech_rate_chain_open, tech_find_remote_pair_ctx },
    { { "W-Wing", "w_wing", 71, HUMAN_GROUP_HARD, 150 },
      tech_find_w_wing, NULL, tech_find_w_wing_ctx },

    /* expert (HoDoKu's UNFAIR and EXTREME).  Chains are rated as SE rates
     * them (tech_rate_chain): 6.5 for a loop whose strong links are all
     * house links (X) or all cell links (Y), 6.6 for an open X-chain, 7.0
     * for open XY-chains and anything mixing both (a weak link inside a
     * cell is a cell link), plus SE's length
     * increment.  Forcing chains: 7.5 when one assumption contradicts
     * itself, 8.0 for cell/region forcing chains, plus the length of the
     * singles they need (tech_rate_forcing_chain).  The base column is the
     * lowest rating a row can give.  Weights are HoDoKu 2.2's: X-/XY-chain
     * 260, nice loop/AIC 280, finned Swordfish 200, finned Jellyfish 250,
     * Sue de Coq 250, ALS-XZ 300, forcing chain 500. */
    { { "X-chain", "x_chain", 65, HUMAN_GROUP_EXPERT, 260 },
      tech_find_x_chain, tech_rate_chain, tech_find_x_chain_ctx },
    { { "XY-chain", "xy_chain", 65, HUMAN_GROUP_EXPERT, 260 },
      tech_find_xy_chain, tech_rate_chain, tech_find_xy_chain_ctx },
    { { "AIC", "aic", 70, HUMAN_GROUP_EXPERT, 280 },
      tech_find_aic, tech_rate_chain, tech_find_aic_ctx },
    /* SE has none of these four: it proves their eliminations with chains
     * of about 7.0, which is what they are given. */
    { { "Finned Swordfish", "finned_swordfish", 70, HUMAN_GROUP_EXPERT, 200 },
      tech_find_finned_swordfish, NULL, tech_find_finned_swordfish_ctx },
    { { "Finned Jellyfish", "finned_jellyfish", 70, HUMAN_GROUP_EXPERT, 250 },
      tech_find_finned_jellyfish, NULL, tech_find_finned_jellyfish_ctx },
    { { "Sue de Coq", "sue_de_coq", 70, HUMAN_GROUP_EXPERT, 250 },
      tech_find_sue_de_coq, NULL, NULL },
    { { "ALS-XZ", "als_xz", 70, HUMAN_GROUP_EXPERT, 300 },
      tech_find_als_xz, NULL, tech_find_als_xz_ctx },
    { { "Cell forcing chain", "cell_forcing_chain", 75, HUMAN_GROUP_EXPERT, 500 },
      tech_find_cell_forcing_chain, tech_rate_forcing_chain, NULL },
    { { "Region forcing chain", "region_forcing_chain", 75, HUMAN_GROUP_EXPERT, 500 },
      tech_find_region_forcing_chain, tech_rate_forcing_chain, NULL },
};

const int tech_table_len = (int)(sizeof tech_table / sizeof tech_table[0]);

_Static_assert(sizeof tech_table / sizeof tech_table[0] <= HUMAN_TECH_MAX,
               "raise HUMAN_TECH_MAX in human.h");
