/*
 * tech: the technique table and the helpers technique writers share.
 * Internal to core/ (the public API is human.h).
 *
 * HOW TO ADD A TECHNIQUE
 *
 *  1. Write its find function in a core/tech_<family>.c file (one file per
 *     family: tech_fish.c, tech_wings.c, tech_chains.c ...):
 *
 *         int tech_find_x_wing(const struct human_state *st,
 *                              struct human_step *step);
 *
 *     It looks at st (never changes it) and, when the technique applies,
 *     fills step and returns 1; otherwise returns 0 (what it left in step
 *     is then ignored).  Build the step only through the helpers below:
 *     call tech_step_reset(step) before each attempt, then tech_place() or
 *     tech_eliminate() (which adds a candidate only if st still has it, so
 *     "did I eliminate anything?" is step->n_elim > 0), tech_cause() and
 *     tech_house() for what justifies the step (the cells and candidates a
 *     user interface highlights), and the tech_say*() functions for the
 *     sentence.  Saying is free when no text was asked for (grading), so
 *     always say.  The sentence is SudokuWiki's wording with cells A1..I9,
 *     rows A-I, columns 1-9, boxes 1-9, ending with the eliminations:
 *     "X-Wing: ... so 4 is removed from B3 and H3".
 *     Return the first step found, scanning in a fixed order (boxes, rows,
 *     columns unless the technique has a natural order): the path must be
 *     deterministic.  Keep it fast: no allocation, bit masks not loops over
 *     digits where a mask will do.
 *
 *  2. Declare it below in the block of find functions.
 *
 *  3. Add one row to tech_table[] in core/tech_table.c at its place: rows
 *     are grouped easy, medium, hard, expert, cheapest first (by Sudoku
 *     Explainer rating) within a group; the loop takes the first row that
 *     applies, except that a chain (rate tech_rate_chain) is compared with
 *     what the later chain rows find, and the lowest-rated one taken, as
 *     SE does.  A row is { { name, key, SE rating x10, group, effort
 *     weight }, find, rate, find_ctx }: rate is NULL for a fixed rating,
 *     or a function computing it from the step (chains: by length);
 *     find_ctx is NULL, or the same search taking a struct tech_ctx
 *     (tech_digits.h) so that what several techniques compute from the
 *     state (per-digit positions ...) is computed once per search.
 *
 *  4. Add to tests/test_human_<family>.c one hand-made position where it
 *     applies (assert the exact eliminations) and one where it must not.
 *     The soundness test (tests/test_human_sound.c) checks every technique
 *     on real puzzles against the true solution automatically.
 *
 * Houses are numbered 0-8 rows A-I, 9-17 columns 1-9, 18-26 boxes 1-9;
 * a position inside a house is 0..8 (tech_house_cells order).
 */
#ifndef SUDOKU_TECH_H
#define SUDOKU_TECH_H

#include "human.h"

#include <string.h>

/* Several searches read four 16-bit candidate masks (or eight bytes) as
 * one 64-bit word and take lane i for element i. */
_Static_assert(__BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__,
               "core reads arrays as little-endian words");

/* Each 16-bit lane's lowest and highest bit. */
#define TECH_LANES_01 0x0001000100010001ull
#define TECH_LANES_HI 0x8000800080008000ull

/* The four masks p[0..3] as one word, p[i] in lane i. */
static inline uint64_t tech_lanes4(const uint16_t *p)
{
    uint64_t x;
    memcpy(&x, p, sizeof x);
    return x;
}

#define TECH_HOUSES 27
#define TECH_ROW(r) (r)
#define TECH_COL(c) (9 + (c))
#define TECH_BOX(b) (18 + (b))

/* What the techniques of one human_find_step share, built from the
 * state on demand (tech_digits.h). */
struct tech_ctx;

struct tech_row {
    struct human_tech_info info;
    int (*find)(const struct human_state *st, struct human_step *step);
    int (*rate)(const struct human_step *step);  /* NULL: info.rating */
    /* The same search on a shared context (NULL: find is used).  Only a
     * speed-up: it must find exactly what find finds. */
    int (*find_ctx)(struct tech_ctx *ctx, struct human_step *step);
};

extern const struct tech_row tech_table[];
extern const int tech_table_len;

/* The 9 cells of each house, in reading order. */
extern const uint8_t tech_house_cells[TECH_HOUSES][9];

/* ---- bits and cells ------------------------------------------------ */

static inline unsigned tech_bit(int digit) { return 1u << (digit - 1); }
/* Bits set in each 9-bit mask: one load instead of a bit count on the
 * masks the techniques count in their inner loops. */
extern const uint8_t tech_count_table[512];

/* Bits set in a mask of up to 16 bits (SWAR past 9 bits: no libgcc call
 * without -mpopcnt). */
static inline int tech_count(unsigned mask)
{
    if (mask < 512)
        return tech_count_table[mask];
    unsigned x = mask - ((mask >> 1) & 0x5555u);
    x = (x & 0x3333u) + ((x >> 2) & 0x3333u);
    x = (x + (x >> 4)) & 0x0F0Fu;
    return (int)((x + (x >> 8)) & 0x1Fu);
}
/* Lowest digit of a non-empty candidate mask (1..9), or lowest position. */
static inline int tech_lowest_digit(unsigned mask) { return __builtin_ctz(mask) + 1; }
static inline int tech_lowest(unsigned mask) { return __builtin_ctz(mask); }

static inline int tech_row_of(int cell) { return cell / 9; }
static inline int tech_col_of(int cell) { return cell % 9; }
static inline int tech_box_of(int cell) { return (cell / 27) * 3 + (cell % 9) / 3; }

/* 1 when two different cells share a row, column or box. */
static inline int tech_sees(int a, int b)
{
    return a != b && (tech_row_of(a) == tech_row_of(b) ||
                      tech_col_of(a) == tech_col_of(b) ||
                      tech_box_of(a) == tech_box_of(b));
}

/* Where digit can go in a house: pos[d-1] has bit i set when cell i of
 * the house (tech_house_cells order) has candidate d.  Returns the mask of
 * digits placed in the house. */
unsigned tech_house_positions(const struct human_state *st, int house,
                              uint16_t pos[9]);

/* Union of the candidates of the house's cells whose positions are in
 * posmask. */
unsigned tech_house_cands(const struct human_state *st, int house,
                          unsigned posmask);

/* ---- building a step ----------------------------------------------- */

/* Empties the step (keeps step->flags). */
void tech_step_reset(struct human_step *step);

/* Records digit placed in cell. */
void tech_place(struct human_step *step, int cell, int digit);

/* Records the removal of digit from cell when st still has it there (and
 * it is not recorded already).  Returns 1 when recorded. */
int tech_eliminate(struct human_step *step, const struct human_state *st,
                   int cell, int digit);

/* The same for every digit of mask; returns how many were recorded. */
int tech_eliminate_mask(struct human_step *step, const struct human_state *st,
                        int cell, unsigned mask);

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
    (((step)->flags & HUMAN_STEP_TEXT) ? tech_say_text((step), __VA_ARGS__) : (void)0)

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

/* "7", "3 and 7", "3, 7 and 8". */
void tech_say_digits(struct human_step *step, unsigned mask);

/* The eliminations grouped by digit: "9 is removed from G7 and H7" or
 * "3 is removed from B1 and B8, and 7 from B1". */
void tech_say_elims(struct human_step *step);

/* Writes a house's name ("row A", "column 7", "box 3") into out. */
void tech_house_name(int house, char out[12]);

/* ---- find functions, one per table row (core/tech_table.c) --------- */

/* tech_singles.c */
int tech_find_full_house(const struct human_state *st, struct human_step *step);
int tech_find_hidden_single_box(const struct human_state *st,
                                struct human_step *step);
int tech_find_hidden_single_line(const struct human_state *st,
                                 struct human_step *step);
int tech_find_naked_single(const struct human_state *st, struct human_step *step);
/* Where those rows' singles are, without a step (the grader's replay of
 * singles, grade.c): house h's full house, its cell (digit in *digit), or
 * -1; the first hidden single of each row, its house (digit and cell in
 * *at), or -1. */
int tech_full_house_cell(const struct human_state *st, int h, int *digit);
int tech_hidden_single_box_at(const struct human_state *st,
                              struct human_cand *at);
int tech_hidden_single_line_at(const struct human_state *st,
                               struct human_cand *at);

/* tech_intersections.c */
int tech_find_pointing(const struct human_state *st, struct human_step *step);
int tech_find_claiming(const struct human_state *st, struct human_step *step);
int tech_find_locked_pair(const struct human_state *st, struct human_step *step);
int tech_find_locked_triple(const struct human_state *st,
                            struct human_step *step);
int tech_find_pointing_ctx(struct tech_ctx *ctx, struct human_step *step);
int tech_find_claiming_ctx(struct tech_ctx *ctx, struct human_step *step);
int tech_find_locked_pair_ctx(struct tech_ctx *ctx, struct human_step *step);
int tech_find_locked_triple_ctx(struct tech_ctx *ctx, struct human_step *step);

/* tech_subsets.c */
int tech_find_naked_pair(const struct human_state *st, struct human_step *step);
int tech_find_hidden_pair(const struct human_state *st, struct human_step *step);
int tech_find_naked_triple(const struct human_state *st, struct human_step *step);
int tech_find_hidden_triple(const struct human_state *st,
                            struct human_step *step);
int tech_find_naked_quad(const struct human_state *st, struct human_step *step);
int tech_find_hidden_quad(const struct human_state *st, struct human_step *step);
int tech_find_naked_pair_ctx(struct tech_ctx *ctx, struct human_step *step);
int tech_find_naked_triple_ctx(struct tech_ctx *ctx, struct human_step *step);
int tech_find_naked_quad_ctx(struct tech_ctx *ctx, struct human_step *step);
int tech_find_hidden_pair_ctx(struct tech_ctx *ctx, struct human_step *step);
int tech_find_hidden_triple_ctx(struct tech_ctx *ctx, struct human_step *step);
int tech_find_hidden_quad_ctx(struct tech_ctx *ctx, struct human_step *step);

/* tech_basic_fish.c */
int tech_find_x_wing(const struct human_state *st, struct human_step *step);
int tech_find_swordfish(const struct human_state *st, struct human_step *step);
int tech_find_jellyfish(const struct human_state *st, struct human_step *step);
int tech_find_finned_x_wing(const struct human_state *st,
                            struct human_step *step);
int tech_find_sashimi_x_wing(const struct human_state *st,
                             struct human_step *step);
int tech_find_x_wing_ctx(struct tech_ctx *ctx, struct human_step *step);
int tech_find_swordfish_ctx(struct tech_ctx *ctx, struct human_step *step);
int tech_find_jellyfish_ctx(struct tech_ctx *ctx, struct human_step *step);
int tech_find_finned_x_wing_ctx(struct tech_ctx *ctx, struct human_step *step);
int tech_find_sashimi_x_wing_ctx(struct tech_ctx *ctx, struct human_step *step);

/* tech_single_digit.c */
int tech_find_skyscraper(const struct human_state *st, struct human_step *step);
int tech_find_two_string_kite(const struct human_state *st,
                              struct human_step *step);
int tech_find_turbot_fish(const struct human_state *st, struct human_step *step);
int tech_find_empty_rectangle(const struct human_state *st,
                              struct human_step *step);
int tech_find_skyscraper_ctx(struct tech_ctx *ctx, struct human_step *step);
int tech_find_two_string_kite_ctx(struct tech_ctx *ctx,
                                  struct human_step *step);
int tech_find_turbot_fish_ctx(struct tech_ctx *ctx, struct human_step *step);
int tech_find_empty_rectangle_ctx(struct tech_ctx *ctx,
                                  struct human_step *step);

/* tech_colouring.c; the rate functions read the chain from the causes */
int tech_find_simple_colour_trap(const struct human_state *st,
                                 struct human_step *step);
int tech_find_simple_colour_wrap(const struct human_state *st,
                                 struct human_step *step);
int tech_find_multi_colour_1(const struct human_state *st,
                             struct human_step *step);
int tech_find_multi_colour_2(const struct human_state *st,
                             struct human_step *step);
int tech_find_remote_pair(const struct human_state *st, struct human_step *step);
int tech_find_remote_pair_ctx(struct tech_ctx *ctx, struct human_step *step);
int tech_find_simple_colour_trap_ctx(struct tech_ctx *ctx, struct human_step *step);
int tech_find_simple_colour_wrap_ctx(struct tech_ctx *ctx, struct human_step *step);
int tech_find_multi_colour_1_ctx(struct tech_ctx *ctx, struct human_step *step);
int tech_find_multi_colour_2_ctx(struct tech_ctx *ctx, struct human_step *step);
int tech_rate_chain_open(const struct human_step *step);
int tech_rate_chain_closed(const struct human_step *step);

/* tech_wings.c */
int tech_find_xy_wing(const struct human_state *st, struct human_step *step);
int tech_find_xyz_wing(const struct human_state *st, struct human_step *step);
int tech_find_w_wing(const struct human_state *st, struct human_step *step);
int tech_find_w_wing_ctx(struct tech_ctx *ctx, struct human_step *step);
int tech_find_xy_wing_ctx(struct tech_ctx *ctx, struct human_step *step);
int tech_find_xyz_wing_ctx(struct tech_ctx *ctx, struct human_step *step);

/* tech_uniqueness.c (the puzzle must have one solution) */
int tech_find_unique_rectangle_1(const struct human_state *st,
                                 struct human_step *step);
int tech_find_unique_rectangle_2(const struct human_state *st,
                                 struct human_step *step);
int tech_find_unique_rectangle_4(const struct human_state *st,
                                 struct human_step *step);
int tech_find_hidden_rectangle(const struct human_state *st,
                               struct human_step *step);
int tech_find_unique_rectangle_3(const struct human_state *st,
                                 struct human_step *step);
int tech_rate_unique_rectangle_3(const struct human_step *step);
int tech_find_unique_rectangle_1_ctx(struct tech_ctx *ctx, struct human_step *step);
int tech_find_unique_rectangle_2_ctx(struct tech_ctx *ctx, struct human_step *step);
int tech_find_unique_rectangle_4_ctx(struct tech_ctx *ctx, struct human_step *step);
int tech_find_hidden_rectangle_ctx(struct tech_ctx *ctx, struct human_step *step);
int tech_find_unique_rectangle_3_ctx(struct tech_ctx *ctx, struct human_step *step);
int tech_find_bug_plus_1(const struct human_state *st, struct human_step *step);
int tech_find_bug_plus_1_ctx(struct tech_ctx *ctx, struct human_step *step);

/* ---- expert ---------------------------------------------------------- */

/* tech_chains.c: the step's causes are the chain's nodes in order, which
 * tech_rate_chain reads back. */
int tech_find_x_chain(const struct human_state *st, struct human_step *step);
int tech_find_xy_chain(const struct human_state *st, struct human_step *step);
int tech_find_aic(const struct human_state *st, struct human_step *step);
int tech_find_x_chain_ctx(struct tech_ctx *ctx, struct human_step *step);
int tech_find_xy_chain_ctx(struct tech_ctx *ctx, struct human_step *step);
int tech_find_aic_ctx(struct tech_ctx *ctx, struct human_step *step);
int tech_rate_chain(const struct human_step *step);
/* Sudoku Explainer's length increment (in tenths) for a chain of length
 * potentials: +1 past 4, 6, 8, 12, 16, 24, 32, 48 ... */
int tech_se_length_bonus(int length);

/* tech_finned_fish.c */
int tech_find_finned_swordfish(const struct human_state *st,
                               struct human_step *step);
int tech_find_finned_jellyfish(const struct human_state *st,
                               struct human_step *step);
int tech_find_finned_swordfish_ctx(struct tech_ctx *ctx, struct human_step *step);
int tech_find_finned_jellyfish_ctx(struct tech_ctx *ctx, struct human_step *step);

/* tech_sue_de_coq.c */
int tech_find_sue_de_coq(const struct human_state *st, struct human_step *step);

/* tech_als.c */
int tech_find_als_xz(const struct human_state *st, struct human_step *step);
int tech_find_als_xz_ctx(struct tech_ctx *ctx, struct human_step *step);

/* tech_als_wings.c: the causes are the bivalue cell's candidates, then
 * the set's, which tech_rate_als_wing reads. */
int tech_find_wxyz_wing(const struct human_state *st, struct human_step *step);
int tech_find_vwxyz_wing(const struct human_state *st, struct human_step *step);
int tech_find_wxyz_wing_ctx(struct tech_ctx *ctx, struct human_step *step);
int tech_find_vwxyz_wing_ctx(struct tech_ctx *ctx, struct human_step *step);
int tech_rate_als_wing(const struct human_step *step);

/* tech_forcing.c: the causes are the assumptions, then one per single the
 * branches needed (digit 0), which tech_rate_forcing_chain counts. */
int tech_find_cell_forcing_chain(const struct human_state *st,
                                 struct human_step *step);
int tech_find_region_forcing_chain(const struct human_state *st,
                                   struct human_step *step);
int tech_rate_forcing_chain(const struct human_step *step);

#endif
