/*
 * Fuzz target: the pencil-mark parsers (pencil_parse, pencil_detect) and
 * formatters, and the wrong-marks judgement.  Any bytes: no crash, a
 * status from the list and a message on error.  A parsed state is
 * consistent (values and candidates in range, the counts human_state
 * keeps right, no empty cell without a candidate, no value's digit still
 * a candidate around it).  Parse -> format -> parse round-trips: a state
 * read from the 729-character line or a pencil-mark grid comes back as it
 * is through both formats; one read from the plain grid comes back as
 * pencil_canonical makes it.  A state judged right (without the puzzle)
 * has exactly one completion that keeps its marks, so techniques never
 * run on a state with none or several.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pencil.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static unsigned long judged[4];

static void print_judged(void)
{
    fprintf(stderr,
            "fuzz_pencil: states judged: %lu right, %lu wrong-marks, "
            "%lu no solution, %lu several\n",
            judged[PENCIL_RIGHT], judged[PENCIL_WRONG], judged[PENCIL_NO_SOLUTION],
            judged[PENCIL_MULTIPLE]);
}

static int same_house(int a, int b)
{
    return grid_row(a) == grid_row(b) || grid_col(a) == grid_col(b) ||
           grid_box(a) == grid_box(b);
}

static void check_consistent(const struct human_state *st)
{
    int empty = 0;
    uint8_t house_empty[27] = {0};
    for (int cell = 0; cell < GRID_CELLS; cell++) {
        int v = st->value[cell];
        if (v > 9 || (st->cand[cell] & ~HUMAN_ALL_DIGITS))
            abort();
        if (v) {
            if (st->cand[cell])
                abort();
            for (int other = 0; other < GRID_CELLS; other++)
                if (other != cell && same_house(cell, other) &&
                    (st->value[other] == v || (st->cand[other] & (1u << (v - 1)))))
                    abort();
            continue;
        }
        if (!st->cand[cell])
            abort();
        empty++;
        house_empty[grid_row(cell)]++;
        house_empty[9 + grid_col(cell)]++;
        house_empty[18 + grid_box(cell)]++;
    }
    if (empty != st->empty ||
        memcmp(house_empty, st->house_empty, sizeof house_empty))
        abort();
}

static void same_state(const struct human_state *a, const struct human_state *b)
{
    if (memcmp(a->value, b->value, sizeof a->value) ||
        memcmp(a->cand, b->cand, sizeof a->cand) || a->empty != b->empty ||
        memcmp(a->house_empty, b->house_empty, sizeof a->house_empty))
        abort();
}

/* Parses text written by a formatter: it must parse, as want. */
static void comes_back(const char *text, enum pencil_format format,
                       const struct human_state *want)
{
    struct human_state again;
    enum pencil_format f;
    char err[PENCIL_ERR_MAX];
    if (pencil_parse(&again, &f, text, strlen(text), err, sizeof err) != PENCIL_OK)
        abort();
    if (format != PENCIL_FORMAT_PM ? f != format
                                   : f != PENCIL_FORMAT_PM && want->empty > 0)
        abort();
    same_state(&again, want);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static int registered;
    struct human_state st, want;
    enum pencil_format format;
    char err[PENCIL_ERR_MAX], line[PENCIL_LINE_LEN + 1], pm[PENCIL_GRID_MAX];
    if (!registered) {
        registered = 1;
        atexit(print_judged);
    }
    memset(err, 'x', sizeof err);
    int rc = pencil_parse(&st, &format, (const char *)data, size, err, sizeof err);
    if (format != pencil_detect((const char *)data, size))
        abort();
    if (rc != PENCIL_OK) {
        if (rc < PENCIL_ERR_HOUSE || rc > PENCIL_ERR_SIZE ||
            memchr(err, '\0', sizeof err) == NULL || err[0] == '\0')
            abort();
        return 0;
    }
    check_consistent(&st);
    want = st;
    int placed = pencil_canonical(&want);
    if (format != PENCIL_FORMAT_GRID && placed != 0)
        abort();
    pencil_format_line(&st, line);
    comes_back(line, PENCIL_FORMAT_LINE, &want);
    if (pencil_format_grid(&st, pm, sizeof pm) != strlen(pm) ||
        strlen(pm) >= PENCIL_GRID_MAX - 1)
        abort();
    comes_back(pm, PENCIL_FORMAT_PM, &want);

    struct pencil_judgement j;
    struct grid sol;
    int verdict = pencil_judge(&st, NULL, &j);
    if (verdict < PENCIL_RIGHT || verdict > PENCIL_MULTIPLE ||
        verdict != (int)j.verdict)
        abort();
    judged[verdict]++;
    if (verdict == PENCIL_RIGHT && pencil_count(&st, 2, &sol) != 1)
        abort();
    if (verdict == PENCIL_WRONG &&
        (j.cell < -1 || j.cell >= GRID_CELLS || !j.message[0]))
        abort();
    return 0;
}
