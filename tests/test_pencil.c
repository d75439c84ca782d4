/*
 * Tests of pencil-mark states: each format read, told apart and written
 * back (round trips), HoDoKu's and Sudoku Explainer's grid layouts, the
 * single-digit rule, every error message with its cell, the marks-keeping
 * solution count, the wrong-marks judgement (with and without the puzzle)
 * and hint_state on top of it.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "hint.h"
#include "pencil.h"
#include "solver.h"

/* One solution; row C of the puzzle is "..18.64..". */
static const char PUZZLE[] =
    "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";
static const char SOLVED[] =
    "483921657967345821251876493548132976729564138136798245372689514814253769695417382";

static unsigned bit(int d)
{
    return 1u << (d - 1);
}

static int cell_of(const char *name)
{
    return (name[0] - 'A') * 9 + (name[1] - '1');
}

static void parse_ok(struct human_state *st, enum pencil_format want,
                     const char *text)
{
    enum pencil_format f;
    char err[PENCIL_ERR_MAX] = "";
    int rc = pencil_parse(st, &f, text, strlen(text), err, sizeof err);
    if (rc != PENCIL_OK)
        fail_msg("parse failed: %s", err);
    assert_int_equal(f, want);
}

static void expect_error(const char *text, int status, const char *message)
{
    struct human_state st;
    char err[PENCIL_ERR_MAX] = "";
    assert_int_equal(pencil_parse(&st, NULL, text, strlen(text), err, sizeof err),
                     status);
    assert_string_equal(err, message);
}

static void assert_same_state(const struct human_state *a,
                              const struct human_state *b)
{
    assert_memory_equal(a->value, b->value, sizeof a->value);
    assert_memory_equal(a->cand, b->cand, sizeof a->cand);
    assert_int_equal(a->empty, b->empty);
    assert_memory_equal(a->house_empty, b->house_empty, sizeof a->house_empty);
}

/* The puzzle after its first n steps: a state with eliminations and, at
 * 30 steps, a naked single not placed yet (D5, only 3). */
static void state_after(struct human_state *st, int n)
{
    struct human_step step;
    parse_ok(st, PENCIL_FORMAT_GRID, PUZZLE);
    step.flags = 0;
    for (int i = 0; i < n && human_find_step(st, &step); i++)
        human_apply(st, &step);
}

/* The state written in Sudoku Explainer's "Copy pencilmarks" layout:
 * '+' corners, every cell as wide as the widest of the grid. */
static void se_layout(const struct human_state *st, char *out, size_t cap)
{
    int widest = 1;
    size_t len = 0;
    char border[128];
    for (int i = 0; i < GRID_CELLS; i++) {
        int n = st->value[i] ? 1 : __builtin_popcount(st->cand[i]);
        widest = n > widest ? n : widest;
    }
    size_t b = 0;
    border[b++] = '+';
    for (int box = 0; box < 3; box++) {
        for (int k = 0; k < 3 * (widest + 1) + 1; k++)
            border[b++] = '-';
        border[b++] = '+';
    }
    border[b] = '\0';
    for (int r = 0; r < 9; r++) {
        if (r % 3 == 0)
            len += (size_t)snprintf(out + len, cap - len, "%s\r\n", border);
        len += (size_t)snprintf(out + len, cap - len, "|");
        for (int c = 0; c < 9; c++) {
            int i = r * 9 + c, n = 0;
            len += (size_t)snprintf(out + len, cap - len, " ");
            for (int d = 1; d <= 9; d++) {
                if (st->value[i] ? st->value[i] == d
                                 : (st->cand[i] & bit(d)) != 0) {
                    len += (size_t)snprintf(out + len, cap - len, "%d", d);
                    n++;
                }
            }
            len += (size_t)snprintf(out + len, cap - len, "%*s", widest - n, "");
            if (c % 3 == 2)
                len += (size_t)snprintf(out + len, cap - len, " |");
        }
        len += (size_t)snprintf(out + len, cap - len, "\r\n");
    }
    snprintf(out + len, cap - len, "%s\r\n", border);
}

/* ---- formats ------------------------------------------------------------ */

static void test_detect(void **unused)
{
    (void)unused;
    struct human_state st;
    char line[PENCIL_LINE_LEN + 1], pm[PENCIL_GRID_MAX], pretty[GRID_PRETTY_MAX];
    struct grid g;
    char err[GRID_ERR_MAX];
    state_after(&st, 10);
    pencil_format_line(&st, line);
    pencil_format_grid(&st, pm, sizeof pm);
    assert_int_equal(grid_parse(&g, PUZZLE, err, sizeof err), GRID_OK);
    grid_format_pretty(&g, pretty);
    assert_int_equal(pencil_detect(PUZZLE, strlen(PUZZLE)), PENCIL_FORMAT_GRID);
    assert_int_equal(pencil_detect(line, strlen(line)), PENCIL_FORMAT_LINE);
    assert_int_equal(pencil_detect(pm, strlen(pm)), PENCIL_FORMAT_PM);
    /* Nine rows of single characters are the plain grid, spaced or not. */
    assert_int_equal(pencil_detect(pretty, strlen(pretty)), PENCIL_FORMAT_GRID);
    assert_int_equal(pencil_detect("abc", 3), PENCIL_FORMAT_GRID);
}

static void test_plain_grid(void **unused)
{
    (void)unused;
    struct human_state st, want;
    struct grid g;
    char err[GRID_ERR_MAX];
    parse_ok(&st, PENCIL_FORMAT_GRID, PUZZLE);
    assert_int_equal(grid_parse(&g, PUZZLE, err, sizeof err), GRID_OK);
    assert_int_equal(human_init(&want, &g), 0);
    assert_same_state(&st, &want);
    /* Surrounding white space is ignored, as grid_parse does. */
    char padded[100];
    snprintf(padded, sizeof padded, "  %s\n", PUZZLE);
    parse_ok(&st, PENCIL_FORMAT_GRID, padded);
    assert_same_state(&st, &want);
}

static void test_line_convention(void **unused)
{
    (void)unused;
    struct human_state st;
    char line[PENCIL_LINE_LEN + 1];
    state_after(&st, 0);
    pencil_format_line(&st, line);
    assert_int_equal(strlen(line), PENCIL_LINE_LEN);
    /* A1 is empty with candidates 4 and 5 ... */
    assert_int_equal(st.cand[0], bit(4) | bit(5));
    assert_memory_equal(line, "...45....", 9);
    /* ... A3 holds 3: its nine characters show only the 3. */
    assert_memory_equal(line + 2 * 9, "..3......", 9);
    /* '0' is read as '.' too. */
    for (int i = 0; i < PENCIL_LINE_LEN; i++)
        if (line[i] == '.')
            line[i] = '0';
    struct human_state again;
    parse_ok(&again, PENCIL_FORMAT_LINE, line);
    assert_same_state(&again, &st);
}

static void test_round_trips(void **unused)
{
    (void)unused;
    for (int n = 0; n <= 40; n += 5) {
        struct human_state st, again, first;
        char line[PENCIL_LINE_LEN + 1], pm[PENCIL_GRID_MAX],
            se[PENCIL_GRID_MAX * 2];
        state_after(&st, n);
        /* Written out, a state comes back canonical ... */
        first = st;
        pencil_format_line(&first, line);
        pencil_canonical(&st);
        parse_ok(&again, PENCIL_FORMAT_LINE, line);
        assert_same_state(&again, &st);
        /* ... and from there every format gives it back as it is. */
        pencil_format_line(&st, line);
        parse_ok(&again, PENCIL_FORMAT_LINE, line);
        assert_same_state(&again, &st);
        size_t len = pencil_format_grid(&st, pm, sizeof pm);
        assert_int_equal(len, strlen(pm));
        parse_ok(&again, PENCIL_FORMAT_PM, pm);
        assert_same_state(&again, &st);
        se_layout(&st, se, sizeof se);
        parse_ok(&again, PENCIL_FORMAT_PM, se);
        assert_same_state(&again, &st);
    }
}

static void test_grid_layout(void **unused)
{
    (void)unused;
    struct human_state st;
    char pm[PENCIL_GRID_MAX];
    state_after(&st, 30);
    pencil_format_grid(&st, pm, sizeof pm);
    /* HoDoKu's borders: '.' on top, ':' and '+' between bands, '\'' at
     * the bottom; rows between '|'. */
    assert_int_equal(pm[0], '.');
    assert_non_null(strstr(pm, "\n:-"));
    assert_non_null(strstr(pm, "-+-"));
    assert_non_null(strstr(pm, "\n'-"));
    assert_non_null(strstr(pm, "\n| 4 "));
    /* A short buffer gets a truncated, terminated text. */
    char small[40];
    assert_int_equal(pencil_format_grid(&st, small, sizeof small),
                     sizeof small - 1);
    assert_int_equal(strlen(small), sizeof small - 1);
}

/* ---- the single-digit rule ---------------------------------------------- */

static void test_single_digit(void **unused)
{
    (void)unused;
    struct human_state st, again;
    char pm[PENCIL_GRID_MAX];
    state_after(&st, 30);
    /* D5 shows only 3 while D1, D2 and D8 still show 3 among others: a
     * naked single, not a value. */
    int d5 = cell_of("D5");
    assert_int_equal(st.value[d5], 0);
    assert_int_equal(st.cand[d5], bit(3));
    pencil_format_grid(&st, pm, sizeof pm);
    parse_ok(&again, PENCIL_FORMAT_PM, pm);
    assert_int_equal(again.value[d5], 0);
    assert_int_equal(again.cand[d5], bit(3));
    assert_int_equal(pencil_canonical(&st), 0);
    /* Once the 3 is placed, E5 (3 6) keeps only 6, which no other cell
     * around shows: written out and read back it is a value. */
    int e5 = cell_of("E5");
    struct human_step step = {.n_place = 1, .place = {{(uint8_t)d5, 3}}};
    human_apply(&st, &step);
    assert_int_equal(st.cand[e5], bit(6));
    pencil_format_grid(&st, pm, sizeof pm);
    parse_ok(&again, PENCIL_FORMAT_PM, pm);
    assert_int_equal(again.value[d5], 3);
    assert_int_equal(again.value[e5], 6);
    assert_int_equal(pencil_canonical(&st), 1);
    assert_same_state(&again, &st);
}

/* ---- errors ------------------------------------------------------------- */

/* The pm grid of the state after 30 steps with cell `name` replaced by
 * text (the column keeps its width when text is not longer). */
static void pm_with(char *pm, size_t cap, const char *name, const char *text)
{
    struct human_state st;
    state_after(&st, 30);
    pencil_format_grid(&st, pm, cap);
    int cell = cell_of(name), row = cell / 9, col = cell % 9;
    char *p = pm;
    for (int r = -1; r < row;) { /* to the start of the row */
        p = strchr(p, '\n') + 1;
        if (*p == '|')
            r++;
    }
    for (int c = 0; c <= col; c++) { /* to the cell */
        while (*p == '|' || *p == ' ')
            p++;
        if (c < col)
            while (*p != ' ' && *p != '|')
                p++;
    }
    size_t old = strcspn(p, " |"), add = strlen(text);
    memmove(p + add, p + old, strlen(p + old) + 1);
    memcpy(p, text, add);
}

static void test_errors_pm(void **unused)
{
    (void)unused;
    char pm[PENCIL_GRID_MAX * 2];
    pm_with(pm, sizeof pm, "C4", ".");
    expect_error(pm, PENCIL_ERR_EMPTY, "cell C4: no candidate left");
    pm_with(pm, sizeof pm, "C4", "8x");
    expect_error(pm, PENCIL_ERR_CHAR, "bad character 'x' in C4");
    pm_with(pm, sizeof pm, "E2", "2\x01");
    expect_error(pm, PENCIL_ERR_CHAR, "bad character 0x01 in E2");
    pm_with(pm, sizeof pm, "C4", "");
    expect_error(pm, PENCIL_ERR_SIZE, "row 3 has 8 cells, expected 9");
    pm_with(pm, sizeof pm, "C4", "8 8");
    expect_error(pm, PENCIL_ERR_SIZE, "row 3 has 10 cells, expected 9");
    /* C2 holds 5: a lone 5 in C7 too is a digit placed twice. */
    pm_with(pm, sizeof pm, "C7", "5");
    expect_error(pm, PENCIL_ERR_CONFLICT, "digit 5 placed twice in row C (C2, C7)");
    /* A digit with no place left in a row parses (the first row and digit
     * whose cells all show two others besides it lose it); judging names
     * the cell that lost it. */
    {
        struct human_state st;
        char text[PENCIL_GRID_MAX], want[PENCIL_ERR_MAX], name[3];
        struct pencil_judgement j;
        int row = -1, digit = 0;
        state_after(&st, 0);
        for (int r = 0; r < 9 && row < 0; r++) {
            for (int d = 1; d <= 9 && row < 0; d++) {
                int ok = 0;
                for (int c = 0; c < 9; c++) {
                    unsigned m = st.cand[r * 9 + c];
                    if (m & bit(d))
                        ok = __builtin_popcount(m) >= 3 ? ok | 1 : ok | 2;
                }
                if (ok == 1) {
                    row = r;
                    digit = d;
                }
            }
        }
        assert_true(row >= 0);
        for (int c = 0; c < 9; c++)
            st.cand[row * 9 + c] = (uint16_t)(st.cand[row * 9 + c] & ~bit(digit));
        pencil_format_grid(&st, text, sizeof text);
        parse_ok(&st, PENCIL_FORMAT_PM, text);
        int at = (int)(strchr(SOLVED + row * 9, '0' + digit) - SOLVED);
        grid_cell_name(at, name);
        snprintf(want, sizeof want, "%s lost its %d", name, digit);
        assert_int_equal(pencil_judge(&st, NULL, &j), PENCIL_WRONG);
        assert_string_equal(j.message, want);
    }
    /* Rows: one missing, one too many. */
    {
        struct human_state st;
        char full[PENCIL_GRID_MAX];
        state_after(&st, 30);
        pencil_format_grid(&st, full, sizeof full);
        char *last = strrchr(full, '|');
        while (last > full && last[-1] != '\n')
            last--;
        char cut[PENCIL_GRID_MAX];
        snprintf(cut, sizeof cut, "%.*s", (int)(last - full), full);
        expect_error(cut, PENCIL_ERR_SIZE, "expected 9 rows, got 8");
        char more[PENCIL_GRID_MAX * 2];
        snprintf(more, sizeof more, "%s%.*s", full,
                 (int)(strchr(last, '\n') - last + 1), last);
        expect_error(more, PENCIL_ERR_SIZE, "expected 9 rows, got 10");
    }
}

static void test_errors_line(void **unused)
{
    (void)unused;
    struct human_state st;
    char line[PENCIL_LINE_LEN + 1];
    state_after(&st, 0);
    pencil_format_line(&st, line);
    int c4 = cell_of("C4") * 9;
    char saved[10];
    memcpy(saved, line + c4, 9);
    /* C4 (a given 8) with nothing at all. */
    memset(line + c4, '.', 9);
    expect_error(line, PENCIL_ERR_EMPTY, "cell C4: no candidate left");
    memcpy(line + c4, saved, 9);
    line[c4 + 2] = 'x';
    expect_error(line, PENCIL_ERR_CHAR, "bad character 'x' in C4");
    line[c4 + 2] = '5';
    expect_error(line, PENCIL_ERR_CHAR,
                 "bad character '5' in C4: character 192 is the place of digit 3");
    memcpy(line + c4, saved, 9);
    /* A1 (empty) showing only 3, as A3 (a given 3) does. */
    memcpy(line, "..3......", 9);
    expect_error(line, PENCIL_ERR_CONFLICT,
                 "digit 3 placed twice in row A (A1, A3)");
}

static void test_errors_plain(void **unused)
{
    (void)unused;
    char text[100];
    snprintf(text, sizeof text, "%.80s", PUZZLE);
    expect_error(text, PENCIL_ERR_SIZE, "expected 81 or 729 characters, got 80");
    snprintf(text, sizeof text, "%.80sx", PUZZLE);
    expect_error(text, PENCIL_ERR_CHAR, "bad character 'x' at position 81");
    snprintf(text, sizeof text, "55%.79s", PUZZLE + 2);
    expect_error(text, PENCIL_ERR_CONFLICT,
                 "digit 5 appears twice in row A (A1, A2)");
    /* Values that leave B1 no digit: 1-7 in its row, 8 in its box (C2),
     * 9 in its column (I1). */
    char g[82];
    memset(g, '.', 81);
    g[81] = '\0';
    memcpy(g + 9, ".1234567.", 9);
    g[2 * 9 + 1] = '8';
    g[8 * 9] = '9';
    expect_error(g, PENCIL_ERR_EMPTY, "cell B1: no candidate left");
    /* Row A ends 1 2; the 9 of B1, C4 and D7 keeps A1-A7 from 9. */
    memset(g, '.', 81);
    g[7] = '1';
    g[8] = '2';
    g[9] = g[2 * 9 + 3] = g[3 * 9 + 6] = '9';
    expect_error(g, PENCIL_ERR_HOUSE, "row A has no place left for 9");
    /* The fuzzer's find: B5 and C5 can only be 7, yet column 5 has a
     * place for every digit. */
    expect_error(
        "..3.2.6..4..3.5..1..18.64....81.29..7.......8..6.87......."
        "9.5..8..2.3..9..5.1.3..",
        PENCIL_ERR_CONFLICT,
        "digit 7 is the only candidate left in two cells of column 5 (B5, C5)");
    expect_error("", PENCIL_ERR_SIZE, "expected 81 or 729 characters, got 0");
}

/* ---- counting and judging ----------------------------------------------- */

/* The puzzle's first state as a line, every given turned into a pair (its
 * digit and the next one): the values say nothing, the marks alone have
 * one completion. */
static void pairs_line(char line[PENCIL_LINE_LEN + 1])
{
    struct human_state st;
    state_after(&st, 0);
    pencil_format_line(&st, line);
    for (int cell = 0; cell < GRID_CELLS; cell++) {
        int g = PUZZLE[cell] - '0';
        if (PUZZLE[cell] != '.')
            line[cell * 9 + g % 9] = (char)('0' + g % 9 + 1);
    }
}

static void empty_state(struct human_state *st)
{
    char empty[GRID_CELLS + 1];
    memset(empty, '.', GRID_CELLS);
    empty[GRID_CELLS] = '\0';
    parse_ok(st, PENCIL_FORMAT_GRID, empty);
}

static void test_count(void **unused)
{
    (void)unused;
    struct human_state st;
    struct grid sol;
    char text[GRID_LINE_LEN + 1];
    state_after(&st, 0);
    assert_int_equal(pencil_count(&st, 2, &sol), 1);
    grid_format_line(&sol, text);
    assert_string_equal(text, SOLVED);
    /* An empty grid has many completions; the count stops at the limit. */
    empty_state(&st);
    assert_int_equal(pencil_count(&st, 3, NULL), 3);
    /* Marks that lost a solution digit keep no completion. */
    state_after(&st, 0);
    st.cand[cell_of("C1")] = (uint16_t)(st.cand[cell_of("C1")] & ~bit(2));
    assert_int_equal(pencil_count(&st, 2, NULL), 0);
}

/* The budget stops the search; with enough it gives pencil_count's answer. */
static void test_count_budget(void **unused)
{
    (void)unused;
    struct human_state st;
    state_after(&st, 0);
    assert_int_equal(pencil_count_budget(&st, 2, 1000, NULL), 1);
    empty_state(&st);
    assert_int_equal(pencil_count_budget(&st, 3, 1000, NULL), 3);
    assert_int_equal(pencil_count_budget(&st, 3, 2, NULL), PENCIL_OVER_BUDGET);
}

static void test_wrong_marks(void **unused)
{
    (void)unused;
    struct human_state st;
    struct grid puzzle;
    struct pencil_judgement j;
    char err[GRID_ERR_MAX];
    assert_int_equal(grid_parse(&puzzle, PUZZLE, err, sizeof err), GRID_OK);
    /* Right marks, with and without the puzzle. */
    state_after(&st, 20);
    assert_int_equal(pencil_judge(&st, &puzzle, &j), PENCIL_RIGHT);
    assert_int_equal(pencil_judge(&st, NULL, &j), PENCIL_RIGHT);
    /* C1's solution is 2: its marks (2 5) lose it. */
    int c1 = cell_of("C1");
    state_after(&st, 0);
    assert_int_equal(st.cand[c1], bit(2) | bit(5));
    st.cand[c1] = (uint16_t)(st.cand[c1] & ~bit(2));
    assert_int_equal(pencil_judge(&st, &puzzle, &j), PENCIL_WRONG);
    assert_int_equal(j.cell, c1);
    assert_int_equal(j.digit, 2);
    assert_int_equal(j.held, 0);
    assert_string_equal(j.message, "C1 lost its 2");
    /* Without the puzzle, the values (the givens) name the same cell. */
    assert_int_equal(pencil_judge(&st, NULL, &j), PENCIL_WRONG);
    assert_string_equal(j.message, "C1 lost its 2");
    /* The first wrong cell in row-major order is reported. */
    int b2 = cell_of("B2");
    st.cand[b2] = (uint16_t)(st.cand[b2] & ~bit(SOLVED[b2] - '0'));
    assert_int_equal(pencil_judge(&st, &puzzle, &j), PENCIL_WRONG);
    assert_string_equal(j.message, "B2 lost its 6");
}

static void test_wrong_value(void **unused)
{
    (void)unused;
    struct human_state st;
    struct grid puzzle;
    struct pencil_judgement j;
    char err[GRID_ERR_MAX], text[GRID_LINE_LEN + 1];
    assert_int_equal(grid_parse(&puzzle, PUZZLE, err, sizeof err), GRID_OK);
    /* A1 (solution 4) filled with 5, a digit still possible there. */
    snprintf(text, sizeof text, "5%s", PUZZLE + 1);
    parse_ok(&st, PENCIL_FORMAT_GRID, text);
    assert_int_equal(pencil_judge(&st, &puzzle, &j), PENCIL_WRONG);
    assert_int_equal(j.cell, 0);
    assert_int_equal(j.held, 5);
    assert_string_equal(j.message, "A1 holds 5, not its 4");
    /* Without the puzzle the filled cells have no solution at all. */
    assert_int_equal(pencil_judge(&st, NULL, &j), PENCIL_NO_SOLUTION);
    assert_non_null(strstr(j.message, "give the puzzle"));
}

static void test_judge_by_marks(void **unused)
{
    (void)unused;
    struct human_state st;
    struct pencil_judgement j;
    char line[PENCIL_LINE_LEN + 1];
    /* Every given turned into a pair (its digit and the next one), so the
     * values say nothing; the marks alone have one completion. */
    pairs_line(line);
    parse_ok(&st, PENCIL_FORMAT_LINE, line);
    assert_int_equal(st.empty, GRID_CELLS);
    assert_int_equal(pencil_count(&st, 2, NULL), 1);
    assert_int_equal(pencil_judge(&st, NULL, &j), PENCIL_RIGHT);
    /* Lose C1's 2 there: no completion keeps the marks, and no cell can
     * be named without the puzzle. */
    line[cell_of("C1") * 9 + 1] = '.';
    parse_ok(&st, PENCIL_FORMAT_LINE, line);
    assert_int_equal(pencil_judge(&st, NULL, &j), PENCIL_WRONG);
    assert_int_equal(j.cell, -1);
    assert_string_equal(
        j.message,
        "no solution keeps these marks (give the puzzle to find the cell)");
    /* With the puzzle it is named. */
    struct grid puzzle;
    char err[GRID_ERR_MAX];
    assert_int_equal(grid_parse(&puzzle, PUZZLE, err, sizeof err), GRID_OK);
    assert_int_equal(pencil_judge(&st, &puzzle, &j), PENCIL_WRONG);
    assert_string_equal(j.message, "C1 lost its 2");
    /* An empty grid has many completions. */
    empty_state(&st);
    assert_int_equal(pencil_judge(&st, NULL, &j), PENCIL_MULTIPLE);
}

static void test_givens_restored(void **unused)
{
    (void)unused;
    struct human_state st;
    struct grid puzzle;
    struct pencil_judgement j;
    char err[GRID_ERR_MAX], line[PENCIL_LINE_LEN + 1];
    assert_int_equal(grid_parse(&puzzle, PUZZLE, err, sizeof err), GRID_OK);
    /* The pairs of the test above, judged with the puzzle: right, and the
     * givens are placed again. */
    pairs_line(line);
    parse_ok(&st, PENCIL_FORMAT_LINE, line);
    assert_int_equal(pencil_judge(&st, &puzzle, &j), PENCIL_RIGHT);
    struct human_state want;
    state_after(&want, 0);
    assert_same_state(&st, &want);
    /* A puzzle with several solutions, or none, is said so. */
    struct grid several = puzzle;
    several.cell[2] = 0;
    several.cell[4] = 0;
    several.cell[6] = 0;
    several.cell[9] = 0;
    assert_int_equal(pencil_judge(&st, &several, &j), PENCIL_MULTIPLE);
    struct grid none = puzzle;
    none.cell[0] = 5;
    assert_int_equal(pencil_judge(&st, &none, &j), PENCIL_NO_SOLUTION);
}

static void test_hint_state(void **unused)
{
    (void)unused;
    struct human_state st;
    struct grid puzzle;
    struct hint h;
    char err[GRID_ERR_MAX];
    assert_int_equal(grid_parse(&puzzle, PUZZLE, err, sizeof err), GRID_OK);
    state_after(&st, 30);
    hint_state(&st, &puzzle, &h);
    assert_int_equal(h.status, HINT_STEP);
    assert_true(h.step.n_place + h.step.n_elim > 0);
    assert_string_equal(h.message, h.step.text);
    /* The step comes from the marks: from the plain grid's candidates the
     * first step differs. */
    struct human_state plain;
    struct hint first;
    state_after(&plain, 0);
    hint_state(&plain, &puzzle, &first);
    assert_int_equal(first.status, HINT_STEP);
    assert_string_not_equal(first.message, h.message);
    /* Wrong marks are never explained around. */
    state_after(&st, 30);
    int g8 = cell_of("G8");
    st.cand[g8] = (uint16_t)(st.cand[g8] & ~bit(1));
    hint_state(&st, &puzzle, &h);
    assert_int_equal(h.status, HINT_WRONG_MARKS);
    assert_string_equal(hint_status_name(h.status), "wrong-marks");
    assert_string_equal(h.message, "G8 lost its 1");
    /* A solved state. */
    char solved[GRID_LINE_LEN + 1];
    snprintf(solved, sizeof solved, "%s", SOLVED);
    parse_ok(&st, PENCIL_FORMAT_GRID, solved);
    hint_state(&st, NULL, &h);
    assert_int_equal(h.status, HINT_SOLVED);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_detect),
        cmocka_unit_test(test_plain_grid),
        cmocka_unit_test(test_line_convention),
        cmocka_unit_test(test_round_trips),
        cmocka_unit_test(test_grid_layout),
        cmocka_unit_test(test_single_digit),
        cmocka_unit_test(test_errors_pm),
        cmocka_unit_test(test_errors_line),
        cmocka_unit_test(test_errors_plain),
        cmocka_unit_test(test_count),
        cmocka_unit_test(test_count_budget),
        cmocka_unit_test(test_wrong_marks),
        cmocka_unit_test(test_wrong_value),
        cmocka_unit_test(test_judge_by_marks),
        cmocka_unit_test(test_givens_restored),
        cmocka_unit_test(test_hint_state),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
