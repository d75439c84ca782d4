/*
 * calib_se_chains: Sudoku Explainer 1.2.1.3's chaining producers
 * (core/tech_se_chains.c) measured against SE's own ratings, before a
 * rater of SE's order exists: each puzzle of
 * ../shared/bench/data/hodoku_rated_public.tsv (or $SUDOKU_DATA_DIR) is
 * solved with the table rows SE 1.2.1.3 has, in SE's order (singles,
 * intersections, subsets, fish, XY- and XYZ-Wing, unique rectangles, BUG,
 * then SE's producers: forcing chains and cycles, Nishio, cell and region
 * forcing chains, dynamic forcing chains), and the hardest step's rating
 * compared with the tsv's se_rating: exact and within 0.1 per SE hardest
 * rule, and the CPU time per puzzle (median, 99th percentile, worst).
 * The rules SE has that the table lacks (direct pointing and hidden
 * subsets, unique loops, BUG types 2-4, aligned exclusion) are missing
 * here, so only the rows whose SE hardest rule is a chain measure the
 * producers.
 *
 *   calib_se_chains [--chains] [--puzzles FILE]
 *
 * --chains: only the rows whose SE hardest rule is one of SE's chains.
 * --puzzles FILE: instead, time the puzzles of FILE (81-character lines),
 * printing each one's rating and CPU milliseconds.
 */
#include "bench_common.h"

#include "human.h"
#include "tech.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static const char *const se_keys[] = {
    "full_house", "hidden_single_box", "hidden_single_line", "naked_single", "pointing",
    "claiming", "locked_pair", "naked_pair", "x_wing", "hidden_pair", "locked_triple",
    "naked_triple", "swordfish", "hidden_triple", "xy_wing", "xyz_wing",
    "unique_rectangle_1", "unique_rectangle_2", "unique_rectangle_3", "unique_rectangle_4",
    "naked_quad", "jellyfish", "hidden_quad", "bug_plus_1", "se_forcing_chain",
    "se_nishio", "se_multiple_forcing_chain", "se_dynamic_forcing_chain",
};
#define N_KEYS (sizeof se_keys / sizeof se_keys[0])

static const char *const chain_rules[] = {
    "Forcing Chain", "Turbot Fish", "Bidirectional Cycle", "Bidirectional Y-Cycle",
    "Bidirectional X-Cycle", "Generalized X-Wing", "Forcing X-Chain",
    "Cell Forcing Chains", "Region Forcing Chains", "Nishio Forcing Chains",
    "Dynamic Cell Forcing Chains", "Dynamic Region Forcing Chains",
    "Dynamic Contradiction Forcing Chains", "Dynamic Double Forcing Chains",
};

static double cpu_ms(void)
{
    struct timespec t;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
    return (double)t.tv_sec * 1e3 + (double)t.tv_nsec / 1e6;
}

/* The hardest rating (x10) of SE's order on puzzle, or -1 when stuck. */
static int rate(const struct tech_order_row *rows, int n, const char *puzzle)
{
    struct grid g;
    struct human_state st;
    struct human_step step;
    for (int i = 0; i < GRID_CELLS; i++)
        g.cell[i] = (uint8_t)(puzzle[i] >= '1' && puzzle[i] <= '9' ? puzzle[i] - '0' : 0);
    if (human_init(&st, &g) != 0)
        return -1;
    int best = 0;
    while (st.empty > 0) {
        step.flags = 0;
        if (!tech_find_order(&st, rows, n, &step, NULL, 0, 0))
            return -1;
        if (step.rating > best)
            best = step.rating;
        human_apply(&st, &step);
    }
    return best;
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

#define MAX_RULES 64
struct tally {
    char rule[64];
    long n, exact, within;
};

int main(int argc, char **argv)
{
    int chains_only = 0;
    const char *puzzles = NULL;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--chains"))
            chains_only = 1;
        else if (!strcmp(argv[i], "--puzzles") && i + 1 < argc)
            puzzles = argv[++i];
        else {
            fprintf(stderr, "usage: calib_se_chains [--chains] [--puzzles FILE]\n");
            return 2;
        }
    }
    struct tech_order_row rows[N_KEYS];
    for (size_t i = 0; i < N_KEYS; i++) {
        int t = human_tech_find(se_keys[i]);
        if (t < 0) {
            fprintf(stderr, "calib_se_chains: no table row %s\n", se_keys[i]);
            return 1;
        }
        rows[i] = (struct tech_order_row){tech_table[t].find, t, TECH_CHOOSE_FIRST, 0};
    }
    char path[1024];
    if (!puzzles) {
        const char *dir = getenv("SUDOKU_DATA_DIR");
        snprintf(path, sizeof path, "%s/hodoku_rated_public.tsv",
                 dir ? dir : "../shared/bench/data");
    }
    FILE *f = fopen(puzzles ? puzzles : path, "r");
    if (!f) {
        printf("SKIPPED: %s not found (set SUDOKU_DATA_DIR)\n", puzzles ? puzzles : path);
        return 0;
    }
    static struct tally tally[MAX_RULES];
    static double ms[100000];
    int n_rules = 0;
    long n = 0, exact = 0, within = 0;
    char line[1024];
    while (fgets(line, sizeof line, f) && n < 100000) {
        char *field[9];
        int nf = 0;
        if (puzzles) {
            if (strlen(line) < GRID_CELLS)
                continue;
            double t0 = cpu_ms();
            int r = rate(rows, (int)N_KEYS, line);
            ms[n] = cpu_ms() - t0;
            printf("%.81s %d.%d %.2f\n", line, r / 10, r % 10, ms[n]);
            n++;
            continue;
        }
        line[strcspn(line, "\r\n")] = '\0';
        for (char *p = line; nf < 9 && p; nf++) {
            field[nf] = p;
            p = strchr(p, '\t');
            if (p)
                *p++ = '\0';
        }
        if (nf < 9 || strlen(field[2]) != GRID_CELLS)
            continue; /* the header */
        int is_chain = 0;
        for (size_t i = 0; i < sizeof chain_rules / sizeof chain_rules[0]; i++)
            is_chain |= !strcmp(field[8], chain_rules[i]);
        if (chains_only && !is_chain)
            continue;
        double t0 = cpu_ms();
        int r = rate(rows, (int)N_KEYS, field[2]);
        ms[n] = cpu_ms() - t0;
        int se = (int)(atof(field[7]) * 10.0 + 0.5);
        int t = 0;
        while (t < n_rules && strcmp(tally[t].rule, field[8]))
            t++;
        if (t == n_rules && n_rules < MAX_RULES)
            snprintf(tally[n_rules++].rule, sizeof tally[0].rule, "%s", field[8]);
        if (t < n_rules) {
            tally[t].n++;
            tally[t].exact += r == se;
            tally[t].within += r >= se - 1 && r <= se + 1;
        }
        n++;
        exact += r == se;
        within += r >= se - 1 && r <= se + 1;
    }
    fclose(f);
    if (n == 0) {
        printf("SKIPPED: no puzzle read\n");
        return 0;
    }
    if (!puzzles) {
        printf("%ld puzzles: score = SE rating %ld (%.1f%%), within 0.1 %ld (%.1f%%)\n", n,
               exact, 100.0 * (double)exact / (double)n, within,
               100.0 * (double)within / (double)n);
        for (int t = 0; t < n_rules; t++)
            printf("  %-40s %6ld  exact %6ld (%5.1f%%)  within 0.1 %6ld (%5.1f%%)\n",
                   tally[t].rule, tally[t].n, tally[t].exact,
                   100.0 * (double)tally[t].exact / (double)tally[t].n, tally[t].within,
                   100.0 * (double)tally[t].within / (double)tally[t].n);
    }
    qsort(ms, (size_t)n, sizeof ms[0], cmp_double);
    printf("CPU ms per puzzle: median %.2f, 99th percentile %.2f, worst %.2f\n", ms[n / 2],
           ms[n * 99 / 100], ms[n - 1]);
    return 0;
}
