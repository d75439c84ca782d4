/*
 * bench_render: SVGs per second of the renderer (common/render.c) in
 * process, one thread: every puzzle of magictour_top1465.txt drawn as the
 * daemon draws it (givens and caption), with its solution, and with every
 * candidate (the largest drawing), median of RUNS passes each.  The
 * candidates and solutions are computed before the clock starts.
 */
#include <stdint.h>

#include "bench_common.h"
#include "human.h"
#include "render.h"
#include "solver.h"

#define RUNS 5
#define SET "magictour_top1465.txt"

enum mode { PLAIN, SOLUTION, CANDIDATES, MODES };

static double pass(const struct bench_set *set, const struct grid *solved,
                   const struct human_state *st, enum mode m, char *svg, size_t *bytes)
{
    char err[RENDER_ERR_MAX];
    double t0 = bench_now();
    *bytes = 0;
    for (size_t i = 0; i < set->count; i++) {
        struct render_input in = {.puzzle = &set->puzzles[i], .date = "2026-11-25",
                                  .tier = "hard", .score = 72};
        size_t len;
        if (m == SOLUTION)
            in.solution = &solved[i];
        if (m == CANDIDATES)
            in.cand = st[i].cand;
        if (render_svg(&in, svg, RENDER_SVG_MAX, &len, err, sizeof err) != RENDER_OK) {
            fprintf(stderr, "bench_render: puzzle %zu: %s\n", i + 1, err);
            exit(1);
        }
        *bytes += len;
    }
    return bench_now() - t0;
}

int main(int argc, char **argv)
{
    static const char *const names[MODES] = {"givens + caption", "with the solution",
                                              "with every candidate"};
    const char *dir = argc > 1 ? argv[1] : "../shared/bench/data";
    char path[1024];
    struct bench_set set;
    snprintf(path, sizeof path, "%s/%s", dir, SET);
    if (bench_load(path, &set) != 0 || set.count == 0) {
        printf("bench_render: %s not found, skipping the renderer benchmark\n", path);
        return 0;
    }
    struct grid *solved = malloc(set.count * sizeof *solved);
    struct human_state *st = malloc(set.count * sizeof *st);
    char *svg = malloc(RENDER_SVG_MAX);
    if (!solved || !st || !svg)
        return 1;
    for (size_t i = 0; i < set.count; i++) {
        if (solver_count(&set.puzzles[i], 2, &solved[i]) != 1 ||
            human_init(&st[i], &set.puzzles[i]) != 0) {
            fprintf(stderr, "bench_render: puzzle %zu is not proper\n", i + 1);
            return 1;
        }
    }
    bench_print_cpu();
    printf("renderer, one thread, %zu puzzles of %s, median of %d passes\n", set.count, SET,
           RUNS);
    printf("%-22s %12s %14s %12s\n", "drawing", "SVGs/s", "us per SVG", "bytes each");
    for (int m = 0; m < MODES; m++) {
        double t[RUNS];
        size_t bytes = 0;
        for (int r = 0; r < RUNS; r++)
            t[r] = pass(&set, solved, st, (enum mode)m, svg, &bytes);
        double med = bench_median(t, RUNS);
        printf("%-22s %12.0f %14.2f %12zu\n", names[m], (double)set.count / med,
               med / (double)set.count * 1e6, bytes / set.count);
    }
    free(svg);
    free(st);
    free(solved);
    free(set.puzzles);
    return 0;
}
