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
 * (NULL: fixed rating).  SE has no "locked pair": it rates one as the naked
 * pair (3.0) or naked triple (3.6) it is.
 *
 * The grader's effort ceilings per tier are in grade.c (grade_ceiling).
 */
#include "tech.h"

const struct tech_row tech_table[] = {
    /* easy */
    { { "Full house", "full_house", 10, HUMAN_GROUP_EASY, 4 },
      tech_find_full_house, NULL },
    { { "Hidden single", "hidden_single_box", 12, HUMAN_GROUP_EASY, 14 },
      tech_find_hidden_single_box, NULL },
    { { "Hidden single", "hidden_single_line", 15, HUMAN_GROUP_EASY, 14 },
      tech_find_hidden_single_line, NULL },
    { { "Naked single", "naked_single", 23, HUMAN_GROUP_EASY, 4 },
      tech_find_naked_single, NULL },

    /* medium */
    { { "Pointing", "pointing", 26, HUMAN_GROUP_MEDIUM, 50 },
      tech_find_pointing, NULL },
    { { "Claiming", "claiming", 28, HUMAN_GROUP_MEDIUM, 50 },
      tech_find_claiming, NULL },
    { { "Locked pair", "locked_pair", 30, HUMAN_GROUP_MEDIUM, 40 },
      tech_find_locked_pair, NULL },
    { { "Naked pair", "naked_pair", 30, HUMAN_GROUP_MEDIUM, 60 },
      tech_find_naked_pair, NULL },
    { { "Hidden pair", "hidden_pair", 34, HUMAN_GROUP_MEDIUM, 70 },
      tech_find_hidden_pair, NULL },
    { { "Locked triple", "locked_triple", 36, HUMAN_GROUP_MEDIUM, 60 },
      tech_find_locked_triple, NULL },
    { { "Naked triple", "naked_triple", 36, HUMAN_GROUP_MEDIUM, 80 },
      tech_find_naked_triple, NULL },
    { { "Hidden triple", "hidden_triple", 40, HUMAN_GROUP_MEDIUM, 100 },
      tech_find_hidden_triple, NULL },

    /* hard.  Their SE ratings, for placing the rows still to come:
     * X-Wing 3.2, Swordfish 3.8, XY-Wing 4.2, XYZ-Wing 4.4, unique
     * rectangles 4.5-5.0, Jellyfish 5.2, BUG+1 5.6; Skyscraper, 2-String
     * Kite, Turbot Fish, Empty Rectangle, colouring, Remote Pair and W-Wing
     * get the rating of the chain SE would use (6.5-6.6). */
    { { "Naked quad", "naked_quad", 50, HUMAN_GROUP_HARD, 120 },
      tech_find_naked_quad, NULL },
    { { "Hidden quad", "hidden_quad", 54, HUMAN_GROUP_HARD, 150 },
      tech_find_hidden_quad, NULL },

    /* expert (HoDoKu's UNFAIR and EXTREME).  Chains are rated as SE rates
     * them (tech_rate_chain): 6.5 for a loop whose strong links are all
     * house links (X) or all cell links (Y), 6.6 for an open X-chain, 7.0
     * for open XY-chains and anything mixing both, plus SE's length
     * increment.  Forcing chains: 7.5 when one assumption contradicts
     * itself, 8.0 for cell/region forcing chains, plus the length of the
     * singles they need (tech_rate_forcing_chain).  The base column is the
     * lowest rating a row can give.  Weights are HoDoKu 2.2's: X-/XY-chain
     * 260, nice loop/AIC 280, finned Swordfish 200, finned Jellyfish 250,
     * Sue de Coq 250, ALS-XZ 300, forcing chain 500. */
    { { "X-chain", "x_chain", 65, HUMAN_GROUP_EXPERT, 260 },
      tech_find_x_chain, tech_rate_chain },
    { { "XY-chain", "xy_chain", 65, HUMAN_GROUP_EXPERT, 260 },
      tech_find_xy_chain, tech_rate_chain },
    { { "AIC", "aic", 70, HUMAN_GROUP_EXPERT, 280 },
      tech_find_aic, tech_rate_chain },
    /* SE has none of these four: it proves their eliminations with chains
     * of about 7.0, which is what they are given. */
    { { "Finned Swordfish", "finned_swordfish", 70, HUMAN_GROUP_EXPERT, 200 },
      tech_find_finned_swordfish, NULL },
    { { "Finned Jellyfish", "finned_jellyfish", 70, HUMAN_GROUP_EXPERT, 250 },
      tech_find_finned_jellyfish, NULL },
    { { "Sue de Coq", "sue_de_coq", 70, HUMAN_GROUP_EXPERT, 250 },
      tech_find_sue_de_coq, NULL },
    { { "ALS-XZ", "als_xz", 70, HUMAN_GROUP_EXPERT, 300 },
      tech_find_als_xz, NULL },
    { { "Cell forcing chain", "cell_forcing_chain", 75, HUMAN_GROUP_EXPERT, 500 },
      tech_find_cell_forcing_chain, tech_rate_forcing_chain },
    { { "Region forcing chain", "region_forcing_chain", 75, HUMAN_GROUP_EXPERT, 500 },
      tech_find_region_forcing_chain, tech_rate_forcing_chain },
};

const int tech_table_len = (int)(sizeof tech_table / sizeof tech_table[0]);

_Static_assert(sizeof tech_table / sizeof tech_table[0] <= HUMAN_TECH_MAX,
               "raise HUMAN_TECH_MAX in human.h");
