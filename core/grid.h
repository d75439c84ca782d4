/*
 * grid: the 9x9 Sudoku grid as values, its text formats and cell names.
 *
 * Cells are numbered 0..80 row-major.  Users see them as rows A-I and
 * columns 1-9 (A1 top-left, I9 bottom-right), never as indexes.
 *
 *        1 2 3   4 5 6   7 8 9
 *     A  0 1 2 | 3 4 5 | 6 7 8      box 1 | box 2 | box 3
 *     B  9 ...                      ------+-------+------
 *     ...                           box 4 | box 5 | box 6
 *     I  72 ...            80       box 7 | box 8 | box 9
 */
#ifndef SUDOKU_GRID_H
#define SUDOKU_GRID_H

#include <stddef.h>
#include <stdint.h>

#define GRID_CELLS 81
#define GRID_LINE_LEN 81       /* characters in the one-line format */
#define GRID_PRETTY_MAX 256    /* bytes enough for grid_format_pretty */
#define GRID_ERR_MAX 128       /* bytes enough for any parse message */
#define GRID_HOUSE_NAME_MAX 20 /* bytes enough for grid_house_name */

enum grid_status {
    GRID_OK = 0,
    GRID_ERR_SIZE = -1,     /* wrong number of cells or rows */
    GRID_ERR_CHAR = -2,     /* a character that is not a digit, '.' or '0' */
    GRID_ERR_CONFLICT = -3, /* a digit repeated in a row, column or box */
};

/* Values only: 0 = empty, 1..9 = digit. */
struct grid {
    uint8_t cell[GRID_CELLS];
};

static inline int grid_row(int cell)
{
    return cell / 9;
}
static inline int grid_col(int cell)
{
    return cell % 9;
}
static inline int grid_box(int cell)
{
    return (cell / 27) * 3 + (cell % 9) / 3;
}

/*
 * Parses a puzzle written either as one line of 81 cells ('.' or '0' for an
 * empty cell, '1'-'9' for a digit; surrounding whitespace ignored) or as nine
 * rows of 9 cells each, with optional '|', '-', '+' and space separators and
 * separator-only lines.  Repeated digits in a house are an error too.
 * Returns GRID_OK or a negative grid_status; on error writes a message that
 * names the problem ("expected 81 cells, got 80", "bad character 'x' at
 * position 17", "digit 5 appears twice in row C (C2, C7)") into err.
 */
int grid_parse(struct grid *g, const char *text, char *err, size_t errlen);

/* Same, for text that is exactly len bytes and need not be NUL-terminated. */
int grid_parse_n(struct grid *g, const char *text, size_t len, char *err,
                 size_t errlen);

/*
 * The first digit repeated in a house (houses in the order below, cells in
 * house order): returns it and writes where, e.g. "row C (C2, C7)", or
 * returns 0.
 */
int grid_find_repeat(const struct grid *g, char *where, size_t wherelen);

/* Returns GRID_OK, or GRID_ERR_CONFLICT naming the first repeated digit. */
int grid_check(const struct grid *g, char *err, size_t errlen);

/* Writes the 81-character line ('.' for empty) and a terminating NUL. */
void grid_format_line(const struct grid *g, char out[GRID_LINE_LEN + 1]);

/*
 * Writes the human form: nine rows with '|' between boxes and a
 * "------+-------+------" line between bands, '.' for empty cells.
 * out must hold GRID_PRETTY_MAX bytes.
 */
void grid_format_pretty(const struct grid *g, char out[GRID_PRETTY_MAX]);

/* Writes a cell's name, e.g. "A1" for 0, "I9" for 80 (3 bytes with NUL). */
void grid_cell_name(int cell, char out[3]);

/*
 * Houses are numbered 0-8 for rows A-I, 9-17 for columns 1-9 and 18-26
 * for boxes 1-9 (left to right, top to bottom).  grid_house_cell gives the
 * i-th cell (0..8) of a house, in row-major order; grid_house_name writes
 * "row C", "column 4" or "box 5".
 */
int grid_house_cell(int house, int i);
void grid_house_name(int house, char out[GRID_HOUSE_NAME_MAX]);

/* Number of non-empty cells. */
int grid_count_givens(const struct grid *g);

/* 1 when every cell is filled and no house repeats a digit. */
int grid_is_complete_valid(const struct grid *g);

#endif
