/*
 * bench_grade: how fast the grader is and what it says, per puzzle file.
 *
 *   bench_grade [DATA_DIR]     (default ../shared/bench/data)
 *
 * For each *.txt puzzle file: puzzles graded per second on one thread
 * (median of three runs), the tier distribution, the median and slowest
 * time per puzzle (each on its fastest run) and how many took over 50 ms.
 * When sudoku_exchange_diabolical.se_ratings.txt is present, also the
 * Spearman rank correlation of our score with those Sudoku Explainer
 * ratings, over the puzzles we rate (and the share we rate).
 * Targets for the whole grade (the score's pass and HoDoKu's tier pass):
 * >= 8,000/s on qqwing_1.3.4_expert_2000.txt, >= 3,000/s on
 * sudoku_exchange_diabolical.txt, no puzzle over 50 ms.  The rates are
 * wall-clock: on a shared machine compare builds side by side (A B A B)
 * and with their CPU time (perf stat -e task-clock over the same run).
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench_common.h"
#include "grade.h"

#define RUNS 3

struct result {
    double rate; /* median puzzles per second */
    size_t tiers[GRADE_UNRATED + 1];
    double median;       /* seconds, per puzzle (its fastest run) */
    double slowest;      /* seconds */
    size_t over_50ms;    /* puzzles over 50 ms on their fastest run */
    size_t slowest_line; /* 1-based */
    int *score;          /* per puzzle; -1 unrated */
    double *best;        /* per puzzle: fastest of the runs */
};

/* One run over every puzzle; returns puzzles per second. */
static double grade_run(const struct bench_set *p, struct result *r)
{
    struct grade g;
    memset(r->tiers, 0, sizeof r->tiers);
    double start = bench_now();
    for (size_t i = 0; i < p->count; i++) {
        double t0 = bench_now();
        grade_puzzle(&p->puzzles[i], &g);
        double dt = bench_now() - t0;
        if (dt < r->best[i])
            r->best[i] = dt;
        r->tiers[g.tier]++;
        if (r->score)
            r->score[i] = g.tier == GRADE_UNRATED ? -1 : g.score;
    }
    return (double)p->count / (bench_now() - start);
}

/* The slowest puzzle is judged on its fastest run, so that a preemption
 * during one run does not make a puzzle look slow. */
static void grade_all(const struct bench_set *p, struct result *r)
{
    double rates[RUNS];
    for (size_t i = 0; i < p->count; i++)
        r->best[i] = 1e9;
    for (int run = 0; run < RUNS; run++)
        rates[run] = grade_run(p, r);
    r->rate = bench_median(rates, RUNS);
    for (size_t i = 0; i < p->count; i++) {
        if (r->best[i] > r->slowest) {
            r->slowest = r->best[i];
            r->slowest_line = i + 1;
        }
        r->over_50ms += r->best[i] > 0.050;
    }
    double *sorted = malloc(p->count * sizeof *sorted);
    if (sorted) {
        memcpy(sorted, r->best, p->count * sizeof *sorted);
        r->median = bench_median(sorted, (int)p->count);
        free(sorted);
    }
}

static void calibrate(const char *dir, const struct result *r, size_t n)
{
    char path[1024], line[64];
    snprintf(path, sizeof path, "%s/sudoku_exchange_diabolical.se_ratings.txt",
             dir);
    FILE *f = fopen(path, "r");
    if (!f) {
        printf("calibration: SKIPPED (%s not found)\n", path);
        return;
    }
    double *ours = malloc(n * sizeof *ours), *se = malloc(n * sizeof *se);
    size_t m = 0, i = 0;
    while (ours && se && i < n && fgets(line, sizeof line, f)) {
        if (r->score[i] >= 0) {
            ours[m] = r->score[i];
            se[m++] = atof(line);
        }
        i++;
    }
    fclose(f);
    if (m > 2) {
        printf("calibration: Spearman(our score, SE rating) = %.3f over %zu "
               "rated puzzles (%.1f%% of %zu)\n",
               bench_spearman(ours, se, m), m, 100.0 * (double)m / (double)n, n);
    } else {
        printf("calibration: only %zu puzzles rated: no correlation\n", m);
    }
    free(ours);
    free(se);
}

static void bench_file(const char *dir, const char *name)
{
    char path[1024];
    struct bench_set set;
    struct result r;
    int is_diabolical = strcmp(name, "sudoku_exchange_diabolical.txt") == 0;
    snprintf(path, sizeof path, "%s/%s", dir, name);
    if (bench_load(path, &set) != 0 || set.count == 0) {
        printf("%s: no puzzles read\n", name);
        free(set.puzzles);
        return;
    }
    memset(&r, 0, sizeof r);
    r.score = is_diabolical ? malloc(set.count * sizeof *r.score) : NULL;
    r.best = malloc(set.count * sizeof *r.best);
    if (r.best) {
        grade_all(&set, &r);
        printf("%-52s %6zu %9.0f/s %5zu %6zu %5zu %6zu %7zu %7zu %6.3f ms %8.3f ms "
               "(line %zu) %zu\n",
               name, set.count, r.rate, r.tiers[0], r.tiers[1], r.tiers[2],
               r.tiers[3], r.tiers[4], r.tiers[5], r.median * 1e3, r.slowest * 1e3,
               r.slowest_line, r.over_50ms);
        if (is_diabolical && r.score)
            calibrate(dir, &r, set.count);
    }
    free(r.score);
    free(r.best);
    free(set.puzzles);
}

int main(int argc, char **argv)
{
    const char *dir = argc > 1 ? argv[1] : "../shared/bench/data";
    char *names[64];
    int n = bench_list(dir, names, 64);
    if (n < 0) {
        printf("bench_grade: %s not found, skipping the grader benchmark\n", dir);
        return 0;
    }
    bench_print_cpu();
    printf("grader, one thread, median of %d runs; slowest puzzle on its "
           "fastest run\n",
           RUNS);
    printf("%-52s %6s %11s %5s %6s %5s %6s %7s %7s %9s %s\n", "set", "puzzles",
           "graded", "easy", "medium", "hard", "expert", "extreme", "unrated", "median",
           "slowest (line) over-50-ms");
    for (int i = 0; i < n; i++) {
        bench_file(dir, names[i]);
        free(names[i]);
    }
    return 0;
}
