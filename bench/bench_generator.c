/*
 * bench_generator: the generator per tier, one thread: puzzles per second,
 * median / 95th percentile / worst time per puzzle, attempts per puzzle,
 * clue counts, and which techniques the hardest steps used (variety).
 * Seeds 0..N-1, so every figure is reproducible.  Needs no data files.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench_common.h"
#include "generator.h"
#include "human.h"

struct tier_run {
    enum grade_tier tier;
    int count;
};

static void print_clues(const int *clues, int n)
{
    int hist[82] = {0}, lo = 81, hi = 0;
    for (int i = 0; i < n; i++) {
        hist[clues[i]]++;
        lo = clues[i] < lo ? clues[i] : lo;
        hi = clues[i] > hi ? clues[i] : hi;
    }
    printf("  clues:");
    for (int c = lo; c <= hi; c++)
        if (hist[c])
            printf(" %d:%d", c, hist[c]);
    printf("\n");
}

static void print_hardest(const int *hardest, int n)
{
    int count[HUMAN_TECH_MAX + 1] = {0};
    for (int i = 0; i < n; i++)
        count[hardest[i] < 0 ? HUMAN_TECH_MAX : hardest[i]]++;
    printf("  hardest technique:");
    for (int t = 0; t < HUMAN_TECH_MAX; t++)
        if (count[t])
            printf(" %s %d;", human_tech_info(t)->name, count[t]);
    printf("\n");
}

static void run_tier(const struct tier_run *t)
{
    struct gen_options o;
    gen_options_default(&o);
    o.tier = t->tier;
    double *ms = calloc((size_t)t->count, sizeof *ms);
    int *clues = calloc((size_t)t->count, sizeof *clues);
    int *hardest = calloc((size_t)t->count, sizeof *hardest);
    long attempts = 0;
    int made = 0, failed = 0;
    double total = 0, worst = 0;
    for (int i = 0; i < t->count && ms && clues && hardest; i++) {
        struct gen_result r;
        char err[256];
        double t0 = bench_now();
        int rc = gen_generate(&o, (uint64_t)i, &r, err, sizeof err);
        double dt = (bench_now() - t0) * 1e3;
        total += dt;
        worst = dt > worst ? dt : worst;
        if (rc != GEN_OK) {
            failed++;
            continue;
        }
        ms[made] = dt;
        clues[made] = r.clues;
        hardest[made] = r.grade.hardest;
        attempts += r.attempts;
        made++;
    }
    /* bench_median sorts ms, which the 95th percentile then reads. */
    double median = made ? bench_median(ms, made) : 0.0;
    double p95 = made ? ms[(int)(made * 0.95)] : 0.0;
    printf("%-7s %5d made %3d failed  %8.1f/s  median %7.2f ms  p95 %7.2f ms  "
           "worst %8.2f ms  attempts %.1f\n",
           grade_tier_name(t->tier), made, failed, made / (total / 1e3), median,
           p95, worst, made ? (double)attempts / made : 0.0);
    if (made) {
        print_clues(clues, made);
        print_hardest(hardest, made);
    }
    free(ms);
    free(clues);
    free(hardest);
}

int main(int argc, char **argv)
{
    int scale = argc > 2 ? atoi(argv[2]) : 1;
    const struct tier_run runs[] = {
        {GRADE_EASY, 300 * scale},
        {GRADE_MEDIUM, 300 * scale},
        {GRADE_HARD, 1000 * scale},
        {GRADE_EXPERT, 100 * scale},
        {GRADE_EXTREME, 100 * scale},
    };
    bench_print_cpu();
    printf("generator v%d, rotational-180, seeds 0..N-1, one thread "
           "(p95 and median over the puzzles made)\n",
           GENERATOR_VERSION);
    for (size_t i = 0; i < sizeof runs / sizeof runs[0]; i++)
        run_tier(&runs[i]);
    return 0;
}
