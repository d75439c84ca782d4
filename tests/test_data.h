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
#include "human.h"

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

/* Puzzles of a data file: up to max, every stride-th line. */
struct test_data_sample {
    const char *file;
    int max, stride;
};

/* Solves the puzzles of each sample with human_solve, each step handed
 * to cb with the position before it; returns how many puzzles, or -1
 * (after printing "SKIPPED" and why) when a set is absent or empty. */
static inline long test_data_solve(const struct test_data_sample *sets, int n_sets,
                                   human_step_cb cb, void *arg)
{
    long total = 0;
    for (int s = 0; s < n_sets; s++) {
        FILE *f = test_data_open(sets[s].file);
        if (!f) {
            fprintf(stderr, "SKIPPED: %s absent (set SUDOKU_DATA_DIR)\n", sets[s].file);
            return -1;
        }
        struct grid *g = calloc((size_t)sets[s].max, sizeof *g);
        int n = g ? test_data_read(f, g, sets[s].max, sets[s].stride) : 0;
        fclose(f);
        for (int i = 0; i < n; i++) {
            struct human_state st;
            if (human_init(&st, &g[i]) == 0)
                human_solve(&st, 0, cb, arg);
        }
        free(g);
        if (n == 0) {
            fprintf(stderr, "SKIPPED: no puzzle read from %s\n", sets[s].file);
            return -1;
        }
        total += n;
    }
    return total;
}

#endif
