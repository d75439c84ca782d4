/*
 * bench_solver: speed of the fast solver on every puzzle file of the data
 * directory, single thread: solve (first solution) and count-to-2 (the
 * uniqueness check), each the median of several runs.
 */
#include <stdio.h>
#include <stdlib.h>

#include "bench_common.h"
#include "solver.h"

#define RUNS 5
#define MIN_SECONDS 0.3

/* Seconds per pass over the set; repeats short sets to get a stable time. */
static double time_pass(const struct bench_set *set, int limit, long *sink)
{
    int reps = 0;
    double t0 = bench_now(), t;
    do {
        struct grid out;
        for (size_t i = 0; i < set->count; i++)
            *sink += solver_count(&set->puzzles[i], limit, &out) + out.cell[0];
        reps++;
        t = bench_now() - t0;
    } while (t < MIN_SECONDS);
    return t / reps;
}

static void bench_set_run(const struct bench_set *set, long *sink)
{
    double solve[RUNS], count[RUNS];
    for (int r = 0; r < RUNS; r++) {
        solve[r] = time_pass(set, 1, sink);
        count[r] = time_pass(set, 2, sink);
    }
    double ts = bench_median(solve, RUNS), tc = bench_median(count, RUNS);
    double n = (double)set->count;
    printf("%-52s %7zu  %10.0f/s %7.2f us  %10.0f/s %7.2f us\n", set->name,
           set->count, n / ts, ts / n * 1e6, n / tc, tc / n * 1e6);
}

int main(int argc, char **argv)
{
    const char *dir = argc > 1 ? argv[1] : "../shared/bench/data";
    char *names[64];
    int n = bench_list(dir, names, 64);
    if (n < 0) {
        printf("bench_solver: %s not found, skipping the solver benchmark\n", dir);
        return 0;
    }
    bench_print_cpu();
    printf("solver, one thread, median of %d runs\n", RUNS);
    printf("%-52s %7s  %21s  %21s\n", "set", "puzzles", "solve", "count-to-2");
    long sink = 0;
    for (int i = 0; i < n; i++) {
        char path[1024];
        struct bench_set set;
        snprintf(path, sizeof path, "%s/%s", dir, names[i]);
        if (bench_load(path, &set) == 0 && set.count > 0)
            bench_set_run(&set, &sink);
        free(set.puzzles);
        free(names[i]);
    }
    return sink == 42 ? 1 : 0;
}
