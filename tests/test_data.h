/*
 * test_data: reading puzzle files of ../shared/bench/data in unit tests.
 * The sets are not part of the project; tests skip (cmocka's skip()) when
 * they are absent, saying so.
 */
#ifndef SUDOKU_TEST_DATA_H
#define SUDOKU_TEST_DATA_H

#include <stdio.h>
#include <stdlib.h>

#include "grid.h"

#define TEST_DATA_DIR "../shared/bench/data"

/* Opens a data file; NULL (after printing why) when the set is absent. */
static inline FILE *test_data_open(const char *name)
{
    char path[512];
    const char *dir = getenv("SUDOKU_DATA_DIR");
    snprintf(path, sizeof path, "%s/%s", dir ? dir : TEST_DATA_DIR, name);
    FILE *f = fopen(path, "r");
    if (!f)
        printf("[ SKIPPED  ] %s not found (puzzle sets live outside the "
               "project)\n",
               path);
    return f;
}

/* Reads up to max puzzles (every step-th line) into out; returns the count. */
static inline int test_data_read(FILE *f, struct grid *out, int max, int step)
{
    char line[256], err[GRID_ERR_MAX];
    int n = 0, lineno = 0;
    while (n < max && fgets(line, sizeof line, f)) {
        if (lineno++ % step != 0)
            continue;
        if (grid_parse(&out[n], line, err, sizeof err) == GRID_OK)
            n++;
    }
    return n;
}

#endif
