/*
 * calib_grade: how our score agrees with the Sudoku Explainer ratings of
 * sudoku_exchange_diabolical.txt, technique by technique.  A calibration
 * tool, not a benchmark (bench/run does not run it: build it with
 * `make build/bench/calib_grade`).
 *
 *   calib_grade [-s STRIDE] [-k KEY] [DATA_DIR]
 *
 * Grades every STRIDE-th puzzle (default 1: all) and prints the Spearman
 * rank correlation of our score with the SE rating, then one line per
 * hardest technique: puzzles, our mean score, the SE ratings' median and
 * mean and their spread (10th and 90th percentiles), and the tiers.
 * -k KEY instead lists the puzzles whose hardest technique is KEY (line,
 * our score, SE rating, puzzle), to look at by hand.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "bench_common.h"
#include "grade.h"

struct sample {
    size_t line; /* 1-based */
    int ours;    /* x10; -1 unrated */
    int se;      /* x10 */
    int hardest;
    int tier;
};

static double spearman(const struct sample *s, size_t n)
{
    double *a = malloc(n * sizeof *a), *b = malloc(n * sizeof *b);
    double rho = 0;
    size_t m = 0;
    for (size_t i = 0; a && b && i < n; i++)
        if (s[i].ours >= 0) {
            a[m] = s[i].ours;
            b[m++] = s[i].se;
        }
    if (a && b && m > 2)
        rho = bench_spearman(a, b, m);
    free(a);
    free(b);
    return rho;
}

static int cmp_int(const void *a, const void *b)
{
    return (*(const int *)a > *(const int *)b) -
           (*(const int *)a < *(const int *)b);
}

/* One line per hardest technique (table order), then the unrated. */
static void table(const struct sample *s, size_t n)
{
    int *se = malloc(n * sizeof *se);
    printf("%-28s %6s %6s %6s %6s %9s %5s %5s %5s %5s %5s\n", "hardest", "count",
           "ours", "SEmed", "SEmean", "SE10-90", "easy", "med", "hard", "exp", "extr");
    for (int t = -1; se && t < human_tech_count(); t++) {
        size_t m = 0, tiers[GRADE_UNRATED + 1] = {0};
        double ours = 0, sum = 0;
        for (size_t i = 0; i < n; i++) {
            int rated = s[i].ours >= 0;
            if (t < 0 ? rated : (!rated || s[i].hardest != t))
                continue;
            se[m++] = s[i].se;
            ours += s[i].ours;
            sum += s[i].se;
            tiers[s[i].tier]++;
        }
        if (!m)
            continue;
        qsort(se, m, sizeof *se, cmp_int);
        printf("%-28s %6zu %6.2f %6.1f %6.2f %4.1f-%-4.1f %5zu %5zu %5zu %5zu %5zu\n",
               t < 0 ? "(unrated)" : human_tech_info(t)->key, m,
               t < 0 ? 0 : ours / (double)m / 10, se[m / 2] / 10.0,
               sum / (double)m / 10, se[m / 10] / 10.0, se[m * 9 / 10] / 10.0,
               tiers[0], tiers[1], tiers[2], tiers[3], tiers[4]);
    }
    free(se);
}

/* SE rating bucket against our score bucket (whole points). */
static void crosstab(const struct sample *s, size_t n)
{
    size_t cell[11][11];
    memset(cell, 0, sizeof cell);
    for (size_t i = 0; i < n; i++) {
        if (s[i].ours < 0)
            continue;
        int a = s[i].se / 5 - 10, b = s[i].ours / 5 - 10; /* half points from 5.0 */
        a = a < 0 ? 0 : a > 10 ? 10 : a;
        b = b < 0 ? 0 : b > 10 ? 10 : b;
        cell[a][b]++;
    }
    printf("\nSE rating (rows) against our score (columns), half points; "
           "first column/row: below 5.0\n%7s",
           "");
    for (int b = 0; b < 11; b++)
        printf(" %6.1f", 5.0 + b * 0.5);
    printf("\n");
    for (int a = 0; a < 11; a++) {
        printf("%7.1f", 5.0 + a * 0.5);
        for (int b = 0; b < 11; b++)
            printf(" %6zu", cell[a][b]);
        printf("\n");
    }
}

static int load_ratings(const char *path, int **out, size_t *count)
{
    FILE *f = fopen(path, "r");
    char line[64];
    size_t cap = 1024, n = 0;
    int *v = malloc(cap * sizeof *v);
    if (!f || !v) {
        if (f)
            fclose(f);
        free(v);
        return -1;
    }
    while (fgets(line, sizeof line, f)) {
        if (n == cap) {
            int *p = realloc(v, (cap *= 2) * sizeof *v);
            if (!p)
                break;
            v = p;
        }
        v[n++] = (int)lround(atof(line) * 10);
    }
    fclose(f);
    *out = v;
    *count = n;
    return 0;
}

int main(int argc, char **argv)
{
    size_t stride = 1;
    const char *key = NULL;
    int opt;
    while ((opt = getopt(argc, argv, "s:k:")) != -1) {
        if (opt == 's')
            stride = (size_t)atoi(optarg) > 0 ? (size_t)atoi(optarg) : 1;
        else if (opt == 'k')
            key = optarg;
        else {
            fprintf(stderr, "usage: calib_grade [-s STRIDE] [-k KEY] [DATA_DIR]\n");
            return 2;
        }
    }
    const char *dir = optind < argc ? argv[optind] : "../shared/bench/data";
    char path[1024];
    struct bench_set set;
    int *se = NULL;
    size_t n_se = 0;
    snprintf(path, sizeof path, "%s/sudoku_exchange_diabolical.txt", dir);
    if (bench_load(path, &set) != 0) {
        printf("calib_grade: %s not found, nothing to calibrate\n", path);
        return 0;
    }
    snprintf(path, sizeof path, "%s/sudoku_exchange_diabolical.se_ratings.txt",
             dir);
    if (load_ratings(path, &se, &n_se) != 0 || n_se != set.count) {
        printf("calib_grade: %s missing or not one rating per puzzle\n", path);
        free(set.puzzles);
        free(se);
        return 1;
    }
    int want = key ? human_tech_find(key) : -1;
    if (key && want < 0) {
        fprintf(stderr, "calib_grade: no technique with key %s\n", key);
        return 2;
    }
    struct sample *s = malloc((set.count / stride + 1) * sizeof *s);
    size_t n = 0;
    double start = bench_now();
    for (size_t i = 0; s && i < set.count; i += stride) {
        struct grade g;
        grade_puzzle(&set.puzzles[i], &g);
        s[n] = (struct sample){i + 1, g.tier == GRADE_UNRATED ? -1 : g.score, se[i],
                               g.hardest, (int)g.tier};
        if (want >= 0 && g.hardest == want && g.tier != GRADE_UNRATED) {
            char text[GRID_CELLS + 1];
            for (int c = 0; c < GRID_CELLS; c++)
                text[c] = set.puzzles[i].cell[c]
                              ? (char)('0' + set.puzzles[i].cell[c])
                              : '.';
            text[GRID_CELLS] = '\0';
            printf("%zu %.1f %.1f %s\n", i + 1, g.score / 10.0, se[i] / 10.0, text);
        }
        n++;
    }
    double dt = bench_now() - start;
    if (s && !key) {
        printf("%zu puzzles (every %zu), %.0f graded/s\n", n, stride,
               (double)n / dt);
        printf("Spearman(our score, SE rating) = %.4f\n\n", spearman(s, n));
        table(s, n);
        crosstab(s, n);
    }
    free(s);
    free(se);
    free(set.puzzles);
    return 0;
}
