/*
 * pencil: pencil-mark states as text, the way players and other solvers
 * exchange them, and the check that the marks kept the solution.
 *
 * pencil_parse reads three formats and tells which it read:
 *
 *  PENCIL_FORMAT_GRID  the plain puzzle grid of grid.h: 81 characters on
 *      one line, or nine rows of nine single characters ('.' or '0' for an
 *      empty cell).  Values only: the candidates are computed (human_init).
 *
 *  PENCIL_FORMAT_LINE  729 characters on one line: for each cell, A1 to I9
 *      row by row, nine characters for the digits 1 to 9, the digit itself
 *      when it is still possible in the cell and '.' or '0' when it is not.
 *      Character 9 * cell + d - 1 (0-based) is digit d of cell: a digit at
 *      another place is an error.  This is the line of Sukaku Explainer's
 *      "Copy line 729" and of serate's 729-character input.
 *
 *  PENCIL_FORMAT_PM    a pencil-mark grid: nine rows of nine cells, each
 *      cell the string of its candidates ("19", "578") or its value, cells
 *      separated by spaces and '|', as HoDoKu's "Copy pm grid" and Sudoku
 *      Explainer's "Copy pencilmarks" write it.  Lines with no digit made
 *      of border characters ('-', '=', '+', '.', ':', '\'', '*', '|') are
 *      box borders and are skipped, as are blank lines; a trailing '\r' is
 *      ignored.  Step markers HoDoKu adds with "pm grid with step" ('*',
 *      '#', '@', letters) are refused as bad characters.
 *
 * A text of several lines is a pencil-mark grid when one of its rows has
 * nine cells and one of them shows two digits or more; otherwise it is
 * read as the plain grid (a grid whose every cell shows one digit or none
 * means the same either way).  A one-line text of 729 characters
 * (surrounding white space ignored) is the 729-character line; any other
 * one-line text is the plain grid.
 *
 * A cell that shows one digit: neither of the two pencil-mark formats
 * tells a given or placed digit from a last candidate not placed yet.
 * As HoDoKu and Sukaku Explainer do on import, a cell showing only d is a
 * value (given or placed) unless another cell of its row, column or box
 * still shows d among two or more candidates; then it is a naked single
 * not yet placed and keeps d as its only candidate.  Two cells of a house
 * that both show only d are an error.  Givens and placed digits are not
 * told apart (a human_state has values only); pencil_judge takes the
 * givens separately.
 *
 * The formatters write values as their digit, so for every state
 * pencil_parse returns from the 729-character line or the pencil-mark
 * grid, formatting and parsing again gives the same state.  Another state
 * (from the plain grid, or after steps) may hold a cell whose only
 * candidate d no other cell around shows among several; written out and
 * read back, that cell becomes a value: the state pencil_canonical makes.
 *
 * Pure: no I/O, no allocation, no mutable globals.
 */
#ifndef SUDOKU_PENCIL_H
#define SUDOKU_PENCIL_H

#include <stddef.h>

#include "grid.h"
#include "human.h"

#define PENCIL_LINE_LEN 729  /* characters in the candidate line */
#define PENCIL_GRID_MAX 1536 /* bytes enough for pencil_format_grid */
#define PENCIL_ERR_MAX 160   /* bytes enough for any message */

enum pencil_format {
    PENCIL_FORMAT_GRID = 0, /* values only (grid.h) */
    PENCIL_FORMAT_LINE = 1, /* 729 characters */
    PENCIL_FORMAT_PM = 2,   /* pencil-mark grid */
};

enum pencil_status {
    PENCIL_OK = 0,
    PENCIL_ERR_SIZE = -1,     /* wrong length, row count or cells in a row */
    PENCIL_ERR_CHAR = -2,     /* a character the format does not allow there */
    PENCIL_ERR_CONFLICT = -3, /* one digit placed twice in a house, or the
                                 last candidate of two cells of a house */
    PENCIL_ERR_EMPTY = -4,    /* a cell with no candidate and no value */
    PENCIL_ERR_HOUSE = -5,    /* plain grid: a digit with no place in a house */
};

/*
 * The format text (len bytes, need not be NUL-terminated) is written in,
 * by its shape alone, by the rules above.  Callers that keep another path
 * for the plain grid ask this first.
 */
enum pencil_format pencil_detect(const char *text, size_t len);

/*
 * Parses text (len bytes, any of the three formats) into st and stores the
 * format read in *format (may be NULL).  Returns PENCIL_OK, or a negative
 * pencil_status with a message that names the problem and, where there is
 * one, the cell: "cell C4: no candidate left", "row 3 has 8 cells,
 * expected 9", "bad character 'x' in C4", "digit 5 placed twice in row C
 * (C2, C7)".  The plain grid keeps the messages of grid_parse ("digit 5
 * appears twice in row C (C2, C7)", "expected 81 cells, got 80" becomes
 * "expected 81 or 729 characters, got 80"), and its values must leave
 * every digit a place in every house ("row C has no place left for 5")
 * and two cells of a house other last candidates ("digit 7 is the
 * only candidate left in two cells of column 5 (B5, C5)").
 * A state read from marks can still have no solution (a house where a
 * digit lost every place, marks that lost the solution's digit):
 * pencil_judge says so, naming the cell when it can.
 */
int pencil_parse(struct human_state *st, enum pencil_format *format,
                 const char *text, size_t len, char *err, size_t errlen);

/*
 * Places every empty cell's lone candidate d that no other cell of its
 * row, column or box shows among two or more.  Afterwards formatting and
 * parsing st gives st again, for any state pencil_parse accepts written
 * out (no empty cell without a candidate, no digit shown alone by two
 * cells of a house).  Returns the number of cells placed.
 */
int pencil_canonical(struct human_state *st);

/* Writes st as the 729-character line and a terminating NUL. */
void pencil_format_line(const struct human_state *st,
                        char out[PENCIL_LINE_LEN + 1]);

/*
 * Writes st as a pencil-mark grid in HoDoKu's layout: nine rows between
 * '.', ':' and '\'' border lines, each column as wide as its longest cell.
 * Returns the bytes written (the text is always NUL-terminated and is
 * complete when outlen >= PENCIL_GRID_MAX).
 */
size_t pencil_format_grid(const struct human_state *st, char *out, size_t outlen);

enum pencil_verdict {
    PENCIL_RIGHT = 0,       /* every value and every cell's marks agree with
                               the solution */
    PENCIL_WRONG = 1,       /* wrong-marks: see cell, digit, held */
    PENCIL_NO_SOLUTION = 2, /* nothing to judge against: the puzzle, or the
                               state's values, have no solution */
    PENCIL_MULTIPLE = 3,    /* the puzzle, or the state, has several */
};

struct pencil_judgement {
    enum pencil_verdict verdict;
    int cell;  /* PENCIL_WRONG: the first wrong cell (row-major), or -1
                     when no solution keeps the marks and the puzzle is not
                     known to name one */
    int digit; /* the solution's digit of that cell */
    int held;  /* the other value the cell holds; 0 when its marks lost
                     the digit */
    char message[PENCIL_ERR_MAX]; /* every verdict but PENCIL_RIGHT: one
                     sentence, "C4 lost its 7", "C4 holds 5, not its 7";
                     users see wrong ones as "wrong-marks: " and it */
};

/*
 * Judges st against the puzzle's solution.  With puzzle (the givens,
 * already checked by grid_parse), the solution is the puzzle's own (it
 * must have exactly one); every given must be the cell's value or among
 * its candidates, and once the state is judged right, givens that were
 * still candidates are placed in st.  Without puzzle, the solution is the
 * one the state's values complete to when they have exactly one (the
 * values hold the givens, so that is the puzzle's); when they have more,
 * the one completion that keeps every mark, if there is exactly one
 * (then the marks cannot be wrong against it; none is PENCIL_WRONG with
 * cell -1, several PENCIL_MULTIPLE).  A cell is wrong when it
 * holds another digit than the solution's, or is empty and its marks lost
 * the solution's digit; the first such cell is reported.  Returns the
 * verdict (also in out->verdict).
 */
int pencil_judge(struct human_state *st, const struct grid *puzzle,
                 struct pencil_judgement *out);

/*
 * Counts the completions of st that keep its values and give every empty
 * cell one of its candidates, stopping at limit (>= 1); the first is
 * written to solution when not NULL.  Returns 0..limit.  A depth-first
 * search with singles: the marks-only path of pencil_judge, measured at
 * 28 ms on average and 83 ms at worst on the 1,000 hardest-to-solve forum
 * puzzles with every given turned into a pair of candidates.
 */
int pencil_count(const struct human_state *st, int limit, struct grid *solution);

/* pencil_count stopped after max_nodes search nodes (0: no budget), as
 * solver_count_budget is: returns PENCIL_OVER_BUDGET when it stopped
 * unfinished.  Deterministic, no clock. */
#define PENCIL_OVER_BUDGET (-1)
int pencil_count_budget(const struct human_state *st, int limit,
                        unsigned long max_nodes, struct grid *solution);

#endif
