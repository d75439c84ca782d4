/*
 * tech_table: THE list of techniques, in the order the solver tries them.
 * See "HOW TO ADD A TECHNIQUE" in tech.h.
 *
 * Rows are grouped by the tier they imply (easy, medium, hard, expert:
 * HoDoKu's levels, expert standing for UNFAIR and EXTREME) and ordered
 * cheapest first within a group by Sudoku Explainer (SE) 1.2.1 rating, so
 * the solver takes the step SE would take whenever the groups allow; but
 * the rows after the forcing chains, HoDoKu 2.2's techniques that SE lacks,
 * are a block of their own (by rating among themselves) that the solver
 * tries only when everything before finds nothing.
 *
 * Columns: name (SudokuWiki's), key (JSON), SE rating x10, group, weight
 * (HoDoKu 2.2's base score per step, as information: the grade's effort
 * reads HoDoKu's rater, core/rater.c), find function, rating function
 * (NULL: fixed rating), family (enum tech_kind: the chains are compared
 * for the cheapest, the singles found HoDoKu's way in its pass), how the
 * memo keys its record of where it searched in vain and its memo slot
 * (-1: it keeps none; see tech.h and tech_digits.h), whether a search for
 * its first instance costs as much as a search for all (struct tech_row's
 * all_at_once).  SE has no "locked
 * pair": it rates one as the naked pair (3.0) or naked triple (3.6) it
 * is.
 *
 * The grader's effort ceilings per tier are in grade.c (grade_ceiling).
 */
#include "tech.h"
#include "tech_digits.h"

/* One row per technique, aligned by hand. */
/* clang-format off */
const struct tech_row tech_table[] = {
    /* easy */
    { { "Full house", "full_house", 10, HUMAN_GROUP_EASY, 4 },
      tech_find_full_house, NULL,
      TECH_KIND_SINGLE, TECH_KEYED_NONE, -1, 0 },
    { { "Hidden single", "hidden_single_box", 12, HUMAN_GROUP_EASY, 14 },
      tech_find_hidden_single_box, NULL,
      TECH_KIND_SINGLE, TECH_KEYED_NONE, -1, 0 },
    { { "Hidden single", "hidden_single_line", 15, HUMAN_GROUP_EASY, 14 },
      tech_find_hidden_single_line, NULL,
      TECH_KIND_SINGLE, TECH_KEYED_NONE, -1, 0 },
    { { "Naked single", "naked_single", 23, HUMAN_GROUP_EASY, 4 },
      tech_find_naked_single, NULL,
      TECH_KIND_SINGLE, TECH_KEYED_NONE, -1, 0 },

    /* medium */
    { { "Pointing", "pointing", 26, HUMAN_GROUP_MEDIUM, 50 },
      tech_find_pointing, NULL,
      TECH_KIND_INTERSECTION, TECH_KEYED_BY_HOUSE, TECH_MEMO_POINTING, 0 },
    { { "Claiming", "claiming", 28, HUMAN_GROUP_MEDIUM, 50 },
      tech_find_claiming, NULL,
      TECH_KIND_INTERSECTION, TECH_KEYED_BY_HOUSE, TECH_MEMO_CLAIMING, 0 },
    { { "Locked pair", "locked_pair", 30, HUMAN_GROUP_MEDIUM, 40 },
      tech_find_locked_pair, NULL,
      TECH_KIND_INTERSECTION, TECH_KEYED_BY_HOUSE, TECH_MEMO_LOCKED_2, 0 },
    { { "Naked pair", "naked_pair", 30, HUMAN_GROUP_MEDIUM, 60 },
      tech_find_naked_pair, NULL,
      TECH_KIND_SUBSET, TECH_KEYED_BY_HOUSE, TECH_MEMO_NAKED_2, 0 },
    { { "Hidden pair", "hidden_pair", 34, HUMAN_GROUP_MEDIUM, 70 },
      tech_find_hidden_pair, NULL,
      TECH_KIND_SUBSET, TECH_KEYED_BY_HOUSE, TECH_MEMO_HIDDEN_2, 0 },
    { { "Locked triple", "locked_triple", 36, HUMAN_GROUP_MEDIUM, 60 },
      tech_find_locked_triple, NULL,
      TECH_KIND_INTERSECTION, TECH_KEYED_BY_HOUSE, TECH_MEMO_LOCKED_3, 0 },
    { { "Naked triple", "naked_triple", 36, HUMAN_GROUP_MEDIUM, 80 },
      tech_find_naked_triple, NULL,
      TECH_KIND_SUBSET, TECH_KEYED_BY_HOUSE, TECH_MEMO_NAKED_3, 0 },
    { { "Hidden triple", "hidden_triple", 40, HUMAN_GROUP_MEDIUM, 100 },
      tech_find_hidden_triple, NULL,
      TECH_KIND_SUBSET, TECH_KEYED_BY_HOUSE, TECH_MEMO_HIDDEN_3, 0 },

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
      tech_find_x_wing, NULL,
      TECH_KIND_FISH, TECH_KEYED_BY_DIGIT, TECH_MEMO_FISH_2, 0 },
    { { "Swordfish", "swordfish", 38, HUMAN_GROUP_HARD, 150 },
      tech_find_swordfish, NULL,
      TECH_KIND_FISH, TECH_KEYED_BY_DIGIT, TECH_MEMO_FISH_3, 0 },
    { { "XY-Wing", "xy_wing", 42, HUMAN_GROUP_HARD, 160 },
      tech_find_xy_wing, NULL,
      TECH_KIND_WING, TECH_KEYED_WHOLE, TECH_MEMO_XY_WING, 0 },
    { { "XYZ-Wing", "xyz_wing", 44, HUMAN_GROUP_HARD, 180 },
      tech_find_xyz_wing, NULL,
      TECH_KIND_WING, TECH_KEYED_WHOLE, TECH_MEMO_XYZ_WING, 0 },
    { { "Unique rectangle type 1", "unique_rectangle_1", 45, HUMAN_GROUP_HARD, 100 },
      tech_find_unique_rectangle_1, NULL,
      TECH_KIND_UNIQUENESS, TECH_KEYED_NONE, -1, 0 },
    { { "Unique rectangle type 2", "unique_rectangle_2", 45, HUMAN_GROUP_HARD, 100 },
      tech_find_unique_rectangle_2, NULL,
      TECH_KIND_UNIQUENESS, TECH_KEYED_NONE, -1, 0 },
    { { "Unique rectangle type 4", "unique_rectangle_4", 45, HUMAN_GROUP_HARD, 100 },
      tech_find_unique_rectangle_4, NULL,
      TECH_KIND_UNIQUENESS, TECH_KEYED_NONE, -1, 0 },
    { { "Hidden rectangle", "hidden_rectangle", 45, HUMAN_GROUP_HARD, 100 },
      tech_find_hidden_rectangle, NULL,
      TECH_KIND_UNIQUENESS, TECH_KEYED_NONE, -1, 0 },
    { { "Unique rectangle type 3", "unique_rectangle_3", 46, HUMAN_GROUP_HARD, 100 },
      tech_find_unique_rectangle_3, tech_rate_unique_rectangle_3,
      TECH_KIND_UNIQUENESS, TECH_KEYED_NONE, -1, 0 },
    { { "Naked quad", "naked_quad", 50, HUMAN_GROUP_HARD, 120 },
      tech_find_naked_quad, NULL,
      TECH_KIND_SUBSET, TECH_KEYED_BY_HOUSE, TECH_MEMO_NAKED_4, 0 },
    { { "Jellyfish", "jellyfish", 52, HUMAN_GROUP_HARD, 160 },
      tech_find_jellyfish, NULL,
      TECH_KIND_FISH, TECH_KEYED_BY_DIGIT, TECH_MEMO_FISH_4, 0 },
    { { "Hidden quad", "hidden_quad", 54, HUMAN_GROUP_HARD, 150 },
      tech_find_hidden_quad, NULL,
      TECH_KIND_SUBSET, TECH_KEYED_BY_HOUSE, TECH_MEMO_HIDDEN_4, 0 },
    { { "WXYZ-Wing", "wxyz_wing", 55, HUMAN_GROUP_HARD, 300 },
      tech_find_wxyz_wing, tech_rate_als_wing,
      TECH_KIND_WING, TECH_KEYED_WHOLE, TECH_MEMO_WXYZ_WING, 0 },
    { { "BUG+1", "bug_plus_1", 56, HUMAN_GROUP_HARD, 100 },
      tech_find_bug_plus_1, NULL,
      TECH_KIND_UNIQUENESS, TECH_KEYED_NONE, -1, 0 },
    { { "VWXYZ-Wing", "vwxyz_wing", 62, HUMAN_GROUP_HARD, 300 },
      tech_find_vwxyz_wing, tech_rate_als_wing,
      TECH_KIND_WING, TECH_KEYED_WHOLE, TECH_MEMO_VWXYZ_WING, 0 },
    { { "Skyscraper", "skyscraper", 66, HUMAN_GROUP_HARD, 130 },
      tech_find_skyscraper, NULL,
      TECH_KIND_SINGLE_DIGIT, TECH_KEYED_BY_DIGIT, TECH_MEMO_SKYSCRAPER, 0 },
    { { "2-String Kite", "two_string_kite", 66, HUMAN_GROUP_HARD, 150 },
      tech_find_two_string_kite, NULL,
      TECH_KIND_SINGLE_DIGIT, TECH_KEYED_BY_DIGIT, TECH_MEMO_KITE, 0 },
    { { "Turbot Fish", "turbot_fish", 66, HUMAN_GROUP_HARD, 120 },
      tech_find_turbot_fish, NULL,
      TECH_KIND_SINGLE_DIGIT, TECH_KEYED_BY_DIGIT, TECH_MEMO_TURBOT, 0 },
    { { "Empty rectangle", "empty_rectangle", 66, HUMAN_GROUP_HARD, 120 },
      tech_find_empty_rectangle, NULL,
      TECH_KIND_SINGLE_DIGIT, TECH_KEYED_BY_DIGIT, TECH_MEMO_EMPTY_RECTANGLE, 0 },
    { { "Finned X-Wing", "finned_x_wing", 66, HUMAN_GROUP_HARD, 130 },
      tech_find_finned_x_wing, NULL,
      TECH_KIND_FISH, TECH_KEYED_BY_DIGIT, TECH_MEMO_FINNED_X, 0 },
    { { "Sashimi X-Wing", "sashimi_x_wing", 66, HUMAN_GROUP_HARD, 150 },
      tech_find_sashimi_x_wing, NULL,
      TECH_KIND_FISH, TECH_KEYED_BY_DIGIT, TECH_MEMO_SASHIMI_X, 0 },
    { { "Simple colouring (trap)", "simple_colour_trap", 66, HUMAN_GROUP_HARD, 150 },
      tech_find_simple_colour_trap, tech_rate_chain_open,
      TECH_KIND_COLOURING, TECH_KEYED_BY_DIGIT, TECH_MEMO_COLOUR_TRAP, 0 },
    { { "Simple colouring (wrap)", "simple_colour_wrap", 66, HUMAN_GROUP_HARD, 150 },
      tech_find_simple_colour_wrap, tech_rate_chain_closed,
      TECH_KIND_COLOURING, TECH_KEYED_BY_DIGIT, TECH_MEMO_COLOUR_WRAP, 0 },
    { { "Multi-colouring (type 1)", "multi_colour_1", 66, HUMAN_GROUP_HARD, 200 },
      tech_find_multi_colour_1, tech_rate_chain_open,
      TECH_KIND_COLOURING, TECH_KEYED_BY_DIGIT, TECH_MEMO_MULTI_1, 0 },
    { { "Multi-colouring (type 2)", "multi_colour_2", 66, HUMAN_GROUP_HARD, 200 },
      tech_find_multi_colour_2, tech_rate_chain_closed,
      TECH_KIND_COLOURING, TECH_KEYED_BY_DIGIT, TECH_MEMO_MULTI_2, 0 },
    { { "Remote pair", "remote_pair", 68, HUMAN_GROUP_HARD, 110 },
      tech_find_remote_pair, tech_rate_chain_open,
      TECH_KIND_COLOURING, TECH_KEYED_WHOLE, TECH_MEMO_REMOTE_PAIR, 0 },
    { { "W-Wing", "w_wing", 71, HUMAN_GROUP_HARD, 150 },
      tech_find_w_wing, NULL,
      TECH_KIND_WING, TECH_KEYED_WHOLE, TECH_MEMO_W_WING, 0 },

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
      tech_find_x_chain, tech_rate_chain,
      TECH_KIND_CHAIN, TECH_KEYED_BY_DIGIT, TECH_MEMO_X_CHAIN, 0 },
    { { "XY-chain", "xy_chain", 65, HUMAN_GROUP_EXPERT, 260 },
      tech_find_xy_chain, tech_rate_chain,
      TECH_KIND_CHAIN, TECH_KEYED_WHOLE, TECH_MEMO_XY_CHAIN, 0 },
    { { "AIC", "aic", 70, HUMAN_GROUP_EXPERT, 280 },
      tech_find_aic, tech_rate_chain,
      TECH_KIND_CHAIN, TECH_KEYED_NONE, -1, 0 },
    /* SE has none of these four: it proves their eliminations with chains
     * of about 7.0, which is what they are given. */
    { { "Finned Swordfish", "finned_swordfish", 70, HUMAN_GROUP_EXPERT, 200 },
      tech_find_finned_swordfish, NULL,
      TECH_KIND_FISH, TECH_KEYED_BY_DIGIT, TECH_MEMO_FINNED_3, 0 },
    { { "Finned Jellyfish", "finned_jellyfish", 70, HUMAN_GROUP_EXPERT, 250 },
      tech_find_finned_jellyfish, NULL,
      TECH_KIND_FISH, TECH_KEYED_BY_DIGIT, TECH_MEMO_FINNED_4, 0 },
    { { "Sue de Coq", "sue_de_coq", 70, HUMAN_GROUP_EXPERT, 250 },
      tech_find_sue_de_coq, NULL,
      TECH_KIND_ALS, TECH_KEYED_NONE, -1, 0 },
    { { "ALS-XZ", "als_xz", 70, HUMAN_GROUP_EXPERT, 300 },
      tech_find_als_xz, NULL,
      TECH_KIND_ALS, TECH_KEYED_WHOLE, TECH_MEMO_ALS_XZ, 0 },
    { { "Cell forcing chain", "cell_forcing_chain", 75, HUMAN_GROUP_EXPERT, 500 },
      tech_find_cell_forcing_chain, tech_rate_forcing_chain,
      TECH_KIND_FORCING, TECH_KEYED_NONE, -1, 0 },
    { { "Region forcing chain", "region_forcing_chain", 75, HUMAN_GROUP_EXPERT, 500 },
      tech_find_region_forcing_chain, tech_rate_forcing_chain,
      TECH_KIND_FORCING, TECH_KEYED_NONE, -1, 0 },

    /* HoDoKu 2.2's techniques that SE 1.2.1 lacks, after the forcing
     * chains so that the paths the rows above finish do not change (the
     * HoDoKu pass orders rows its own way).  Weights are HoDoKu's base
     * scores.  SE has no rule for any of them; each is rated as what SE
     * would prove the same eliminations with.  Unique rectangle types 5
     * and 6 (HoDoKu UNIQUENESS_5, _6): the deadly-pattern argument of
     * SE's unique rectangles, 4.5, with one more extra cell or an X-Wing
     * on the rectangle's lines. */
    { { "Unique rectangle type 5", "unique_rectangle_5", 45, HUMAN_GROUP_EXPERT, 100 },
      tech_find_unique_rectangle_5, NULL,
      TECH_KIND_UNIQUENESS, TECH_KEYED_NONE, -1, 0 },
    { { "Unique rectangle type 6", "unique_rectangle_6", 45, HUMAN_GROUP_EXPERT, 100 },
      tech_find_unique_rectangle_6, NULL,
      TECH_KIND_UNIQUENESS, TECH_KEYED_NONE, -1, 0 },
    /* Avoidable rectangles 1 and 2 (HoDoKu AVOIDABLE_RECTANGLE_1, _2): SE
     * does not tell givens from solved cells; the argument is its unique
     * rectangles', 4.5. */
    { { "Avoidable rectangle type 1", "avoidable_rectangle_1", 45, HUMAN_GROUP_EXPERT, 100 },
      tech_find_avoidable_rectangle_1, NULL,
      TECH_KIND_UNIQUENESS, TECH_KEYED_NONE, -1, 0 },
    { { "Avoidable rectangle type 2", "avoidable_rectangle_2", 45, HUMAN_GROUP_EXPERT, 100 },
      tech_find_avoidable_rectangle_2, NULL,
      TECH_KIND_UNIQUENESS, TECH_KEYED_NONE, -1, 0 },
    /* ALS-XY-Wing and ALS-XY-Chain (HoDoKu ALS_XY_WING, ALS_XY_CHAIN):
     * SE proves ALS-XZ's eliminations with chains of about 7.0 (the row
     * above); a wing's chain passes one more set, 7.2 by SE's length
     * increments, and an ALS chain at least two more, 7.4. */
    { { "ALS-XY-Wing", "als_xy_wing", 72, HUMAN_GROUP_EXPERT, 320 },
      tech_find_als_xy_wing, NULL,
      TECH_KIND_ALS, TECH_KEYED_NONE, -1, 1 },
    { { "ALS-XY-Chain", "als_xy_chain", 74, HUMAN_GROUP_EXPERT, 340 },
      tech_find_als_xy_chain, NULL,
      TECH_KIND_ALS, TECH_KEYED_NONE, -1, 1 },
    /* Death Blossom (HoDoKu DEATH_BLOSSOM, off in its default solver): a
     * cell forcing chain from the stem through its petals, SE's 7.5 base
     * (the cell forcing chain row). */
    { { "Death Blossom", "death_blossom", 75, HUMAN_GROUP_EXPERT, 360 },
      tech_find_death_blossom, NULL,
      TECH_KIND_ALS, TECH_KEYED_NONE, -1, 0 },
    /* Franken and Mutant fish (tech_franken_fish.c), HoDoKu 2.2's base
     * scores as weights.  SE 1.2.1.3 has no fish with box base or cover
     * sets: it proves their eliminations with its region forcing chains
     * (the base box's candidates each forcing them: 8.0 and up; its
     * X-chains have no grouped nodes for the box's cells), so they are
     * rated 8.0, and after the forcing chains they do not change the
     * paths the Explainer ratings were calibrated on.  HoDoKu's default
     * solver uses Franken X-Wing and Swordfish, finned or not (UNFAIR);
     * the Jellyfish and the Mutant fish (EXTREME) it ships switched
     * off. */
    { { "Franken X-Wing", "franken_x_wing", 80, HUMAN_GROUP_EXPERT, 300 },
      tech_find_franken_x_wing, NULL,
      TECH_KIND_FISH, TECH_KEYED_BY_DIGIT, TECH_MEMO_FRANKEN_2, 0 },
    { { "Franken Swordfish", "franken_swordfish", 80, HUMAN_GROUP_EXPERT, 350 },
      tech_find_franken_swordfish, NULL,
      TECH_KIND_FISH, TECH_KEYED_BY_DIGIT, TECH_MEMO_FRANKEN_3, 0 },
    { { "Franken Jellyfish", "franken_jellyfish", 80, HUMAN_GROUP_EXPERT, 370 },
      tech_find_franken_jellyfish, NULL,
      TECH_KIND_FISH, TECH_KEYED_BY_DIGIT, TECH_MEMO_FRANKEN_4, 0 },
    { { "Finned Franken X-Wing", "finned_franken_x_wing", 80, HUMAN_GROUP_EXPERT, 390 },
      tech_find_finned_franken_x_wing, NULL,
      TECH_KIND_FISH, TECH_KEYED_BY_DIGIT, TECH_MEMO_FINNED_FRANKEN_2, 0 },
    { { "Finned Franken Swordfish", "finned_franken_swordfish", 80, HUMAN_GROUP_EXPERT, 410 },
      tech_find_finned_franken_swordfish, NULL,
      TECH_KIND_FISH, TECH_KEYED_BY_DIGIT, TECH_MEMO_FINNED_FRANKEN_3, 0 },
    { { "Finned Franken Jellyfish", "finned_franken_jellyfish", 80, HUMAN_GROUP_EXPERT, 430 },
      tech_find_finned_franken_jellyfish, NULL,
      TECH_KIND_FISH, TECH_KEYED_BY_DIGIT, TECH_MEMO_FINNED_FRANKEN_4, 0 },
    { { "Mutant X-Wing", "mutant_x_wing", 80, HUMAN_GROUP_EXPERT, 450 },
      tech_find_mutant_x_wing, NULL,
      TECH_KIND_FISH, TECH_KEYED_BY_DIGIT, TECH_MEMO_MUTANT_2, 0 },
    { { "Mutant Swordfish", "mutant_swordfish", 80, HUMAN_GROUP_EXPERT, 450 },
      tech_find_mutant_swordfish, NULL,
      TECH_KIND_FISH, TECH_KEYED_BY_DIGIT, TECH_MEMO_MUTANT_3, 0 },
    { { "Mutant Jellyfish", "mutant_jellyfish", 80, HUMAN_GROUP_EXPERT, 450 },
      tech_find_mutant_jellyfish, NULL,
      TECH_KIND_FISH, TECH_KEYED_BY_DIGIT, TECH_MEMO_MUTANT_4, 0 },
    { { "Finned Mutant X-Wing", "finned_mutant_x_wing", 80, HUMAN_GROUP_EXPERT, 470 },
      tech_find_finned_mutant_x_wing, NULL,
      TECH_KIND_FISH, TECH_KEYED_BY_DIGIT, TECH_MEMO_FINNED_MUTANT_2, 0 },
    /* Grouped nice loops and AICs (HoDoKu's GROUPED_CONTINUOUS_NICE_LOOP,
     * GROUPED_DISCONTINUOUS_NICE_LOOP and GROUPED_AIC, all found by its
     * one "Grouped Nice Loop" search; UNFAIR, base score 300).  Sudoku
     * Explainer 1.2.1.3 has no group node in its chains: "the digit is in
     * one of these cells of the intersection" is a pointing/claiming
     * inference, which SE's chains only draw in its Dynamic Forcing Chains
     * (+), whose level-1 rules include the intersections: 9.0, the value
     * given (fixed: SE's length term would only add to it).  Not
     * TECH_KIND_CHAIN: at 9.0 it could never be the cheapest chain, and
     * searching it beside every chain step would only cost time. */
    { { "Grouped nice loop", "grouped_nice_loop", 90, HUMAN_GROUP_EXPERT, 300 },
      tech_find_grouped_nice_loop, NULL,
      TECH_KIND_GROUPED_CHAIN, TECH_KEYED_NONE, -1, 1 },

    /* ---- past the table's order (tech_solver_len ends before them) ----
     * The table's own order (human_solve, hint) never searches these
     * rows: a puzzle it leaves stuck stays stuck.  First the rules only
     * Sudoku Explainer's pass takes (rater_se names them), then the
     * library's own rows, which no order takes.  OUTSIDE_ORDER_ROWS counts
     * them all. */

    /* Sudoku Explainer 1.2.1.3's direct rules (tech_direct.c): an
     * intersection or a hidden pair/triplet whose eliminations leave a
     * hidden single, which the step places.  SE's pass (rater_se,
     * core/rater.c) tries them among the singles, before the naked single
     * (2.3) for all but the triplet; in the table's own order the
     * singles, pointing and hidden subsets above make the same steps one
     * at a time.
     * HoDoKu has none of them: the weight is what it scores for the same
     * two steps (the intersection or subset, then a hidden single, 14). */
    { { "Direct pointing", "direct_pointing", 17, HUMAN_GROUP_MEDIUM, 64 },
      tech_find_direct_pointing, NULL,
      TECH_KIND_INTERSECTION, TECH_KEYED_NONE, -1, 0 },
    { { "Direct claiming", "direct_claiming", 19, HUMAN_GROUP_MEDIUM, 64 },
      tech_find_direct_claiming, NULL,
      TECH_KIND_INTERSECTION, TECH_KEYED_NONE, -1, 0 },
    { { "Direct hidden pair", "direct_hidden_pair", 20, HUMAN_GROUP_MEDIUM, 84 },
      tech_find_direct_hidden_pair, NULL,
      TECH_KIND_SUBSET, TECH_KEYED_BY_HOUSE, TECH_MEMO_DIRECT_HIDDEN_2, 0 },
    { { "Direct hidden triple", "direct_hidden_triple", 25, HUMAN_GROUP_MEDIUM, 114 },
      tech_find_direct_hidden_triple, NULL,
      TECH_KIND_SUBSET, TECH_KEYED_BY_HOUSE, TECH_MEMO_DIRECT_HIDDEN_3, 0 },
    /* Sudoku Explainer 1.2.1.3's producers that the rows above do not
     * reproduce (tech_se_unique.c, tech_aligned.c), each as SE defines
     * it, chooses among its instances and rates them (the step's rating,
     * set by the find function): for SE's rating pass (core/rater.c),
     * which places them in SE's order.  SE's unique
     * loops include its rectangles (types 1-4, sorted by difficulty then
     * type); its BUG has types 1-4.  Weights: HoDoKu's uniqueness 100; it
     * has no aligned exclusion (it proves those removals with ALS-XZ,
     * 300). */
    { { "Unique loop", "unique_loop", 45, HUMAN_GROUP_EXPERT, 100 },
      tech_find_se_unique_loop, tech_rate_by_find,
      TECH_KIND_UNIQUENESS, TECH_KEYED_NONE, -1, 0 },
    { { "BUG", "bug_types", 56, HUMAN_GROUP_EXPERT, 100 },
      tech_find_se_bug, tech_rate_by_find,
      TECH_KIND_UNIQUENESS, TECH_KEYED_NONE, -1, 0 },
    { { "Aligned Pair Exclusion", "aligned_pair_exclusion", 62, HUMAN_GROUP_EXPERT, 300 },
      tech_find_aligned_pair_exclusion, tech_rate_by_find,
      TECH_KIND_ALS, TECH_KEYED_NONE, -1, 0 },
    { { "Aligned Triplet Exclusion", "aligned_triplet_exclusion", 75, HUMAN_GROUP_EXPERT, 300 },
      tech_find_aligned_triplet_exclusion, tech_rate_by_find,
      TECH_KIND_ALS, TECH_KEYED_NONE, -1, 0 },
    /* Sudoku Explainer 1.2.1.3's chaining producers (tech_se_chains.c,
     * tech_se_multiple.c),
     * SE's definitions for its own pass (the SE rater): each step is
     * rated by SE's formula (tech_rate_se_chain); the base column is the
     * lowest rating a row can give.  Weights: HoDoKu 2.2's forcing chain's. */
    { { "Forcing chain (SE)", "se_forcing_chain", 65, HUMAN_GROUP_EXPERT, 500 },
      tech_find_se_chains, tech_rate_se_chain,
      TECH_KIND_FORCING, TECH_KEYED_NONE, -1, 0 },
    { { "Nishio forcing chain", "se_nishio", 75, HUMAN_GROUP_EXPERT, 500 },
      tech_find_se_nishio, tech_rate_se_chain,
      TECH_KIND_FORCING, TECH_KEYED_NONE, -1, 0 },
    { { "Cell and region forcing chains (SE)", "se_multiple_forcing_chain", 80, HUMAN_GROUP_EXPERT, 500 },
      tech_find_se_multiple, tech_rate_se_chain,
      TECH_KIND_FORCING, TECH_KEYED_NONE, -1, 0 },
    { { "Dynamic forcing chain", "se_dynamic_forcing_chain", 85, HUMAN_GROUP_EXPERT, 500 },
      tech_find_se_dynamic, tech_rate_se_chain,
      TECH_KIND_FORCING, TECH_KEYED_NONE, -1, 0 },
    /* The library's own rows: techniques HoDoKu 2.2 ships switched off,
     * which no rater names; the steps listing and a search by key use
     * them.  By rating among themselves.
     *
     * HoDoKu's ALS-overlap option (allowAlsOverlap, off by default): an
     * ALS-XY-Wing's sets or a Death Blossom's petals sharing cells; only
     * such instances (the others are the rows above), rated and weighted
     * as those rows. */
    { { "ALS-XY-Wing (overlapping sets)", "als_xy_wing_overlap", 72, HUMAN_GROUP_EXPERT, 320 },
      tech_find_als_xy_wing_overlap, NULL,
      TECH_KIND_ALS, TECH_KEYED_NONE, -1, 0 },
    { { "Death Blossom (overlapping sets)", "death_blossom_overlap", 75, HUMAN_GROUP_EXPERT, 360 },
      tech_find_death_blossom_overlap, NULL,
      TECH_KIND_ALS, TECH_KEYED_NONE, -1, 0 },
    /* Templates (HoDoKu TEMPLATE_SET, TEMPLATE_DEL; SudokuWiki's Pattern
     * Overlay Method): what a digit cannot do without breaking a house is
     * SE's Nishio forcing chain (7.5, its lowest); HoDoKu's base score
     * 10000 each. */
    { { "Template set", "template_set", 75, HUMAN_GROUP_EXPERT, 10000 },
      tech_find_template_set, NULL,
      TECH_KIND_TEMPLATE, TECH_KEYED_NONE, -1, 0 },
    { { "Template delete", "template_delete", 75, HUMAN_GROUP_EXPERT, 10000 },
      tech_find_template_delete, NULL,
      TECH_KIND_TEMPLATE, TECH_KEYED_NONE, -1, 0 },
    /* Grouped nice loops and AICs through ALS nodes: HoDoKu's option
     * (ALLOW_ALS_IN_TABLING_CHAINS, off in its default solver), so in no
     * rater's order. */
    { { "Grouped nice loop (ALS)", "grouped_nice_loop_als", 90, HUMAN_GROUP_EXPERT, 300 },
      tech_find_grouped_nice_loop_als, NULL,
      TECH_KIND_GROUPED_CHAIN, TECH_KEYED_NONE, -1, 0 },
};
/* SE's direct rules, its other producers, its chaining, the library's own */
#define OUTSIDE_ORDER_ROWS (4 + 4 + 4 + 5)
/* clang-format on */

const int tech_table_len = (int)(sizeof tech_table / sizeof tech_table[0]);
const int tech_solver_len =
    (int)(sizeof tech_table / sizeof tech_table[0]) - OUTSIDE_ORDER_ROWS;

_Static_assert(sizeof tech_table / sizeof tech_table[0] <= HUMAN_TECH_MAX,
               "raise HUMAN_TECH_MAX in human.h");
