/*
 * tech: the technique table and the helpers technique writers share.
 * Internal to core/ (the public API is human.h).
 *
 * THE CONTRACT.  A technique is one find function (tech_find_fn):
 *
 *     int tech_find_x_wing(struct tech_ctx *ctx, struct human_step *step);
 *
 * It reads the state ctx->st (never changes it) and what the context
 * builds from it on demand (tech_digits.h: tech_ctx_digits(),
 * tech_ctx_houses() ...).  Each instance it finds it fills into step and
 * reports with tech_found(ctx, step) (tech_digits.h): 1 means stop and
 * return 1 (the solver's normal mode: the first instance); 0 means the
 * step was handed on (collect mode, human_all_steps) and the search goes
 * on to the next instance.  Having searched everything it returns 0
 * (what it left in step is then ignored).  It is searched through its
 * row of tech_table[] only.
 *
 * HOW TO ADD A TECHNIQUE
 *
 *  1. One function.  Write it in the core/tech_<family>.c file of its
 *     family (tech_basic_fish.c, tech_wings.c, tech_chains.c ...) and
 *     declare it below in the block of find functions.  Build the step
 *     only through the helpers below: tech_step_reset(step) before each
 *     attempt, then tech_place() or tech_eliminate() (which records a
 *     candidate only if the state still has it, so "did I eliminate
 *     anything?" is step->n_elim > 0), tech_cause() and tech_house() for
 *     what justifies the step (the cells and candidates a user interface
 *     highlights), and the tech_say*() functions for the sentence.
 *     Saying is free when no text was asked for (grading), so always say.
 *     The sentence is SudokuWiki's wording with cells A1..I9, rows A-I,
 *     columns 1-9, boxes 1-9, ending with the eliminations: "X-Wing: ...
 *     so 4 is removed from B3 and H3".  Report each instance found with
 *     `if (tech_found(ctx, step)) return 1;`, scanning in a fixed order
 *     (boxes, rows, columns unless the technique has a natural order): the
 *     path must be deterministic.  Keep it fast: no allocation, bit masks
 *     not loops over digits where a mask will do.  Nothing else is needed:
 *     the memo (below) is an option, not a duty; a search that returns 1
 *     without tech_found lists its first instance only in collect mode.
 *     So are two hints of struct tech_ctx (tech_digits.h) for a row
 *     whose instances HoDoKu's order chooses among: any (normal mode:
 *     any instance will do, not the one it would take) and kept (collect
 *     mode: the receiver takes no instance with fewer eliminations than
 *     its kept step, nor one with as many and a larger index sum).
 *
 *  2. One row in tech_table[] (core/tech_table.c), at its place: rows are
 *     grouped easy, medium, hard, expert, cheapest first (by Sudoku
 *     Explainer rating) within a group (HoDoKu's techniques SE lacks: in
 *     the block after the forcing chains); the solver takes the first row
 *     that applies, except that a row of kind TECH_KIND_CHAIN is compared
 *     with what the later chain rows find and the lowest-rated one taken,
 *     as SE does.  The columns are struct tech_row's, below.
 *
 *  3. One test-file entry: in the tests/test_human*.c file of its group
 *     (test_human.c easy and medium, test_human_hard.c, test_human_expert.c;
 *     test_human_als_wings.c the wings), a hand-made position where it
 *     applies, run alone with run_find() or expect_elims()
 *     (tests/human_positions.h: the exact eliminations), and one where it
 *     must not.  The rest is automatic: the soundness test
 *     (test_human_sound.c) checks every row on real puzzles against the
 *     true solution, the reference test (test_human_reference.c) the memo
 *     path against the plain one, test_human_all_steps.c collect mode, and
 *     test_human.c the table's order and columns.
 *
 * A family that caches what it derives from the state declares the cache
 * in its own header (core/tech_<family>.h, which tech_digits.h includes),
 * gives struct tech_ctx a member of it and puts its "built" flag (or its
 * small "known" record) in struct tech_built, the one member that
 * tech_ctx_init clears and that the plain reference path clears before
 * every row.  A technique that skips what it searched in vain before uses
 * the solving loop's memo (tech_digits.h): it names its memo slot and
 * how the memo keys it in its row, and must find exactly what a search
 * without the memo finds (tests/test_human_reference.c checks it).
 *
 * Houses are numbered 0-8 rows A-I, 9-17 columns 1-9, 18-26 boxes 1-9;
 * a position inside a house is 0..8 (tech_house_cells order).
 */
#ifndef SUDOKU_TECH_H
#define SUDOKU_TECH_H

#include "bits.h"
#include "human.h"

#include <string.h>

#define TECH_HOUSES 27

/* A set of cells, bit i for cell i (a compiler extension that GCC and
 * Clang both have: one register pair instead of loops over 81 cells). */
typedef bits128 tech_cells;

#define TECH_ROW(r) (r)
#define TECH_COL(c) (9 + (c))
#define TECH_BOX(b) (18 + (b))

/* The search context of one human_find_step (tech_digits.h). */
struct tech_ctx;

/* Every technique's one entry point (see THE CONTRACT above). */
typedef int tech_find_fn(struct tech_ctx *ctx, struct human_step *step);

/* The family a technique belongs to.  The solver reads it where the
 * family changes what it does: the chain rows (TECH_KIND_CHAIN) are
 * compared with one another (cheapest chain), the singles
 * (TECH_KIND_SINGLE) are what HoDoKu's pass takes from its own queues
 * (grade.c, rater_singles.h).  The others only describe. */
enum tech_kind {
    TECH_KIND_SINGLE,       /* full house, hidden and naked singles */
    TECH_KIND_INTERSECTION, /* pointing, claiming, locked sets */
    TECH_KIND_SUBSET,       /* naked and hidden pairs, triples, quads */
    TECH_KIND_FISH,         /* X-Wing to Jellyfish, finned and sashimi */
    TECH_KIND_SINGLE_DIGIT, /* Skyscraper, Kite, Turbot, empty rectangle */
    TECH_KIND_WING,         /* XY-, XYZ-, W-, WXYZ-, VWXYZ-Wing */
    TECH_KIND_COLOURING,    /* simple and multi colouring, Remote Pair */
    TECH_KIND_UNIQUENESS,   /* unique and hidden rectangles, BUG+1 */
    TECH_KIND_CHAIN,        /* X-, XY-chains and AICs: cheapest taken */
    TECH_KIND_ALS,          /* Sue de Coq, ALS-XZ */
    TECH_KIND_FORCING,      /* cell and region forcing chains */
    TECH_KIND_GROUPED_CHAIN, /* grouped nice loops and AICs: SE has no
                                group nodes, so they are not compared */
    TECH_KIND_TEMPLATE,      /* templates: every pattern a digit can make */
};

/* How the solving loop's memo keys a technique's record of where it
 * searched in vain (tech_digits.h): not at all, by house (the houses
 * changed since), by digit (the digits changed since), or for the whole
 * grid (the cells changed since). */
enum tech_memo_key {
    TECH_KEYED_NONE,
    TECH_KEYED_BY_HOUSE,
    TECH_KEYED_BY_DIGIT,
    TECH_KEYED_WHOLE,
};

struct tech_row {
    struct human_tech_info info; /* name, key, SE rating, group, weight */
    tech_find_fn *find;
    int (*rate)(const struct human_step *step); /* NULL: info.rating */
    enum tech_kind kind;
    enum tech_memo_key memo_key;
    int memo_slot; /* enum tech_memo_slot (tech_digits.h); -1: none */
    /* 1 when its search for a first instance finds one exactly when a
     * search for all of them does, and costs nearly as much (no memo, no
     * early end that saves much): an order's row of it that chooses among
     * its instances searches once, for all of them, not first for one and
     * then again for all (tech_find_order) */
    int all_at_once;
};

extern const struct tech_row tech_table[];
extern const int tech_table_len;
/* The rows the table's order (human_solve, human_find_step) searches are
 * [0, tech_solver_len); the rows after them (tech_table.c) are SE's own
 * rules, which its pass (rater_se) names, and the library's own, which
 * only the steps listing (human_all_steps) and a search by key use. */
extern const int tech_solver_len;

/*
 * A rater's order (rater.h) resolved to table rows, which the solving
 * loop follows instead of the table's order: each row searches with
 * find (with the memo of row tech's slot) and reports its steps as table
 * row tech; choose: which instance is taken (rater.h's enum rater_choice:
 * the first found, HoDoKu's step comparison, or lines before columns);
 * eliminating: its placements become the removal of the cells' other
 * candidates (RATER_FIRST_ELIMINATING); rating: its steps' rating x10, or
 * -1 for the table row's (its rate function's or its fixed one).
 */
enum tech_choose {
    TECH_CHOOSE_FIRST,
    TECH_CHOOSE_MOST,        /* RATER_MOST */
    TECH_CHOOSE_LINES_FIRST, /* RATER_LINES_FIRST */
};

struct tech_order_row {
    tech_find_fn *find;
    int tech;
    enum tech_choose choose;
    int eliminating; /* placements made as eliminations (rater.h) */
    int rating;      /* x10; -1: the table row's rating of the step */
};

/* A set of table rows, bit t for row t. */
typedef bits128 tech_rows;
_Static_assert(HUMAN_TECH_MAX <= 128, "tech_rows holds a bit per table row");

/* The solving loop's memo (tech_digits.h). */
struct tech_memo;

/* human_find_step (human.h) in the order rows[0..n): the first row that
 * applies (or its producer's lowest-rated step), its step in step (whose
 * flags are the caller's), an instance alone (no dual kite or empty
 * rectangle, no Siamese fish joined to it: HoDoKu's default); memo is
 * the caller's solving loop's (tech_memo_init, tech_memo_step after each
 * step applied), or NULL.  Rows searching with their table row's own
 * find whose table row is in skip are skipped (known to find nothing in
 * st).  shared: the table rows another order sharing memo searches
 * (their slots hold that order's records of the table rows' finds): a
 * row with a find of its own whose table row is among them searches
 * without memo; one whose table row is not keeps the slot to itself.
 * *empty (when empty is not NULL) gets the table rows that were searched
 * with their own find and found nothing in st.  Returns 1, or 0 when no
 * row applies. */
int tech_find_order(const struct human_state *st, const struct tech_order_row *rows,
                    int n, struct human_step *step, struct tech_memo *memo,
                    tech_rows skip, tech_rows shared, tech_rows *empty);

/* human_solve (human.h) in the order rows[0..n) (tech_find_order's steps,
 * with its own memo). */
int tech_solve_order(struct human_state *st, const struct tech_order_row *rows, int n,
                     unsigned flags, human_step_cb cb, void *arg);

/* The 9 cells of each house, in reading order. */
extern const uint8_t tech_house_cells[TECH_HOUSES][9];

/* ---- bits and cells ------------------------------------------------ */

/* Digit d's bit in a candidate mask (bit d - 1). */
static inline unsigned tech_bit(int digit)
{
    return 1u << (digit - 1);
}
/* Lowest digit of a non-empty candidate mask (1..9). */
static inline int tech_lowest_digit(unsigned mask)
{
    return bits_lowest(mask) + 1;
}

static inline int tech_row_of(int cell)
{
    return cell / 9;
}
static inline int tech_col_of(int cell)
{
    return cell % 9;
}
static inline int tech_box_of(int cell)
{
    return (cell / 27) * 3 + (cell % 9) / 3;
}

/* 1 when two different cells share a row, column or box. */
static inline int tech_sees(int a, int b)
{
    return a != b &&
           (tech_row_of(a) == tech_row_of(b) || tech_col_of(a) == tech_col_of(b) ||
            tech_box_of(a) == tech_box_of(b));
}

/* Where digit can go in a house: pos[d-1] has bit i set when cell i of
 * the house (tech_house_cells order) has candidate d.  Returns the mask of
 * digits placed in the house. */
unsigned tech_house_positions(const struct human_state *st, int house,
                              uint16_t pos[9]);

/* ---- building a step ----------------------------------------------- */

/* Empties the step (keeps step->flags). */
void tech_step_reset(struct human_step *step);

/* Records digit placed in cell. */
void tech_place(struct human_step *step, int cell, int digit);

/* Records the removal of digit from cell when st still has it there (and
 * it is not recorded already).  Returns 1 when recorded. */
int tech_eliminate(struct human_step *step, const struct human_state *st, int cell,
                   int digit);

/* The same for every digit of mask; returns how many were recorded. */
int tech_eliminate_mask(struct human_step *step, const struct human_state *st,
                        int cell, unsigned mask);

/* The step's eliminations as keys cell * 16 + digit in increasing order
 * (by cell, then digit) into key; returns how many. */
int tech_elims_by_cell(const struct human_step *step,
                       uint16_t key[HUMAN_STEP_MAX_ELIM]);

/* HoDoKu's weighted index sum of n eliminations given as such keys, in
 * increasing order (its step comparison's tie-break, human.c). */
long tech_index_sum(const uint16_t *key, int n);

/* Records a justifying candidate (digit 0: the whole cell). */
void tech_cause(struct human_step *step, int cell, int digit);

/* Records as causes the digits of mask that cell has in st. */
void tech_cause_mask(struct human_step *step, const struct human_state *st,
                     int cell, unsigned mask);

/* Records a house involved (highlighting). */
void tech_house(struct human_step *step, int house);

/* ---- the sentence (no-ops unless HUMAN_STEP_TEXT is set) ------------ */

/* Appends printf-style text, truncating safely (tech_say: only when
 * the step wants text, tested inline because the grader never does and
 * most steps say something). */
void tech_say_text(struct human_step *step, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
#define tech_say(step, ...) \
    (((step)->flags & HUMAN_STEP_TEXT) ? tech_say_text((step), __VA_ARGS__) \
                                       : (void)0)

/* "row A", "column 7", "box 3". */
void tech_say_house(struct human_step *step, int house);

/* "A7" */
static inline void tech_say_cell(struct human_step *step, int cell)
{
    tech_say(step, "%c%d", 'A' + cell / 9, cell % 9 + 1);
}

/* "A7, C7" (sep ", ") or "G7 and H7" (prose: the last joined by "and"). */
void tech_say_cells(struct human_step *step, const uint8_t *cells, int n,
                    int prose);

/* The cells of a set in increasing order, in prose ("G7 and H7"). */
void tech_say_cell_set(struct human_step *step, tech_cells s);

/* "7", "3 and 7", "3, 7 and 8". */
void tech_say_digits(struct human_step *step, unsigned mask);

/* The eliminations grouped by digit: "9 is removed from G7 and H7" or
 * "3 is removed from B1 and B8, and 7 from B1". */
void tech_say_elims(struct human_step *step);

/* Writes a house's name ("row A", "column 7", "box 3") into out. */
void tech_house_name(int house, char out[12]);

/* ---- find functions, one per table row (core/tech_table.c) --------- */

/* tech_singles.c */
tech_find_fn tech_find_full_house;
tech_find_fn tech_find_hidden_single_box;
tech_find_fn tech_find_hidden_single_line;
tech_find_fn tech_find_naked_single;

/* tech_intersections.c */
tech_find_fn tech_find_pointing;
tech_find_fn tech_find_claiming;
tech_find_fn tech_find_locked_pair;
tech_find_fn tech_find_locked_triple;
/* HoDoKu's definitions (its rater only, core/rater.c): removing from
 * both the box and the line outside it. */
tech_find_fn tech_find_locked_pair_hodoku;
tech_find_fn tech_find_locked_triple_hodoku;

/* tech_subsets.c */
tech_find_fn tech_find_naked_pair;
tech_find_fn tech_find_hidden_pair;
tech_find_fn tech_find_naked_triple;
tech_find_fn tech_find_hidden_triple;
tech_find_fn tech_find_naked_quad;
tech_find_fn tech_find_hidden_quad;

/* tech_basic_fish.c */
tech_find_fn tech_find_x_wing;
tech_find_fn tech_find_swordfish;
tech_find_fn tech_find_jellyfish;
tech_find_fn tech_find_finned_x_wing;
tech_find_fn tech_find_sashimi_x_wing;

/* tech_single_digit.c */
tech_find_fn tech_find_skyscraper;
tech_find_fn tech_find_two_string_kite;
tech_find_fn tech_find_turbot_fish;
tech_find_fn tech_find_empty_rectangle;

/* tech_colouring.c; the rate functions read the chain from the causes */
tech_find_fn tech_find_simple_colour_trap;
tech_find_fn tech_find_simple_colour_wrap;
tech_find_fn tech_find_multi_colour_1;
tech_find_fn tech_find_multi_colour_2;
tech_find_fn tech_find_remote_pair;
int tech_rate_chain_open(const struct human_step *step);
int tech_rate_chain_closed(const struct human_step *step);

/* tech_wings.c */
tech_find_fn tech_find_xy_wing;
tech_find_fn tech_find_xyz_wing;
tech_find_fn tech_find_w_wing;

/* tech_uniqueness.c (the puzzle must have one solution) */
tech_find_fn tech_find_unique_rectangle_1;
tech_find_fn tech_find_unique_rectangle_2;
tech_find_fn tech_find_unique_rectangle_4;
tech_find_fn tech_find_hidden_rectangle;
tech_find_fn tech_find_unique_rectangle_3;
int tech_rate_unique_rectangle_3(const struct human_step *step);
tech_find_fn tech_find_bug_plus_1;
tech_find_fn tech_find_unique_rectangle_5;
tech_find_fn tech_find_unique_rectangle_6;
tech_find_fn tech_find_avoidable_rectangle_1;
tech_find_fn tech_find_avoidable_rectangle_2;

/* ---- expert ---------------------------------------------------------- */

/* tech_chains.c: the step's causes are the chain's nodes in order, which
 * tech_rate_chain reads back. */
tech_find_fn tech_find_x_chain;
tech_find_fn tech_find_xy_chain;
tech_find_fn tech_find_aic;
/* HoDoKu's X-/XY-chains (its rater only, core/rater.c): open chains
 * whose ends hold the start's digit (its loops are its nice loops). */
tech_find_fn tech_find_x_chain_hodoku;
tech_find_fn tech_find_xy_chain_hodoku;
int tech_rate_chain(const struct human_step *step);
/* Sudoku Explainer's length increment (in tenths) for a chain of length
 * potentials: +1 past 4, 6, 8, 12, 16, 24, 32, 48 ... */
int tech_se_length_bonus(int length);

/* tech_finned_fish.c */
tech_find_fn tech_find_finned_swordfish;
tech_find_fn tech_find_finned_jellyfish;

/* tech_sue_de_coq.c */
tech_find_fn tech_find_sue_de_coq;

/* tech_als.c */
tech_find_fn tech_find_als_xz;
tech_find_fn tech_find_als_xy_wing;
tech_find_fn tech_find_als_xy_chain;
tech_find_fn tech_find_death_blossom;
/* HoDoKu's ALS-overlap option (library only): the sets may share cells */
tech_find_fn tech_find_als_xy_wing_overlap;
tech_find_fn tech_find_death_blossom_overlap;

/* tech_als_wings.c: the causes are the bivalue cell's candidates, then
 * the set's, which tech_rate_als_wing reads. */
tech_find_fn tech_find_wxyz_wing;
tech_find_fn tech_find_vwxyz_wing;
int tech_rate_als_wing(const struct human_step *step);

/* tech_forcing.c: the causes are the assumptions, then one per single the
 * branches needed (digit 0), which tech_rate_forcing_chain counts. */
tech_find_fn tech_find_cell_forcing_chain;
tech_find_fn tech_find_region_forcing_chain;
int tech_rate_forcing_chain(const struct human_step *step);

/* tech_grouped_chains.c: grouped nice loops and grouped AICs (HoDoKu's);
 * the causes are the chain's nodes' cells, in order. */
tech_find_fn tech_find_grouped_nice_loop;
/* The same with ALS nodes (HoDoKu's allowAlsInTablingChains, off in its
 * default solver): chains passing an ALS, whose nodes are "the digit is
 * in the set" (two of them strongly linked); the causes are the nodes'
 * cells holding their digit, in order. */
tech_find_fn tech_find_grouped_nice_loop_als;
/* tech_direct.c: Sudoku Explainer's direct rules (its pass only,
 * core/rater.c): an intersection or hidden subset whose eliminations
 * leave a hidden single, placed in the same step. */
tech_find_fn tech_find_direct_pointing;
tech_find_fn tech_find_direct_claiming;
tech_find_fn tech_find_direct_hidden_pair;
tech_find_fn tech_find_direct_hidden_triple;
/* tech_se_chains.c (forcing chains and cycles), tech_se_multiple.c (the
 * others): Sudoku Explainer 1.2.1.3's chaining producers, as SE defines
 * them (its Chaining rule in four settings), each reporting the hint SE
 * takes (lowest difficulty, then complexity, then kind) with
 * SE's difficulty x10 in step->rating, which tech_rate_se_chain returns:
 * forcing chains and cycles (SE's ForcingChainCycle: bidirectional X-,
 * Y- and XY-cycles 6.5, forcing X-chains 6.6, forcing chains 7.0, + SE's
 * length increment), Nishio (7.5+), cell and region forcing chains
 * (SE's Multiple, 8.0+), dynamic forcing chains (8.5+). */
tech_find_fn tech_find_se_chains;
tech_find_fn tech_find_se_nishio;
tech_find_fn tech_find_se_multiple;
tech_find_fn tech_find_se_dynamic;
int tech_rate_se_chain(const struct human_step *step);

/* tech_franken_fish.c: Franken and Mutant fish, plain and finned */
tech_find_fn tech_find_franken_x_wing;
tech_find_fn tech_find_franken_swordfish;
tech_find_fn tech_find_franken_jellyfish;
tech_find_fn tech_find_finned_franken_x_wing;
tech_find_fn tech_find_finned_franken_swordfish;
tech_find_fn tech_find_finned_franken_jellyfish;
tech_find_fn tech_find_mutant_x_wing;
tech_find_fn tech_find_mutant_swordfish;
tech_find_fn tech_find_mutant_jellyfish;
tech_find_fn tech_find_finned_mutant_x_wing;
/* tech_templates.c: templates (pattern overlay), library only */
tech_find_fn tech_find_template_set;
tech_find_fn tech_find_template_delete;

/* ---- Sudoku Explainer 1.2.1.3's own producers ------------------------ */

/* Each reports, in normal mode, the instance SE takes, and every instance
 * in collect mode; the step's rating is SE's difficulty, which the find
 * function sets and tech_rate_by_find (their rows' rate hook) returns.
 * tech_se_unique.c: unique rectangles and loops of 6 cells or more,
 * types 1-4 (SE's UniqueLoops: 4.5 and up); BUG types 1-4 (5.6-6.2). */
tech_find_fn tech_find_se_unique_loop;
tech_find_fn tech_find_se_bug;
int tech_rate_by_find(const struct human_step *step);
/* tech_aligned.c: Aligned Pair Exclusion (6.2), Aligned Triplet
 * Exclusion (7.5). */
tech_find_fn tech_find_aligned_pair_exclusion;
tech_find_fn tech_find_aligned_triplet_exclusion;

#endif
