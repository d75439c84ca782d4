/*
 * calib_se: how our score agrees with Sudoku Explainer 1.2.1.3's rating
 * on hodoku_rated_public.tsv (public puzzles rated by SE's serate, with
 * the rule of each puzzle's hardest step; see SOURCES.md beside it).  A
 * calibration tool, not a benchmark (bench/run does not run it: build it
 * with `make build/bench/calib_se`).
 *
 *   calib_se [-v] [DATA_DIR]   (default ../shared/bench/data)
 *
 * Prints, per source file, per SE band (1.0-1.9, 2.0-2.9 ... 8.0 and
 * up) and over all rows: the share whose score equals SE's rating, is
 * within 0.1 and within 0.3 of it, and Spearman's rank correlation
 * (ties ranked by their mean rank; a puzzle the score pass cannot solve
 * ranks as 20.0, SE's own value for a puzzle it cannot solve).  Then, per
 * SE hardest rule name, its rows, the misses (score not equal) and how
 * many of them are above and below SE: what to fix next.  -v lists every
 * miss (file, line, SE's rating and rule, our score and hardest row,
 * puzzle).  Prints "SKIPPED: ..." and exits 0 when the data file is
 * absent.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench_common.h"
#include "grade.h"
#include "grid.h"
#include "human.h"

#define MAX_SOURCES 8
#define MAX_ROWS 20000
#define MAX_RULES 64
#define BANDS 8 /* 1.0-1.9 ... 7.0-7.9, 8.0 and up */
#define UNSOLVED 200 /* SE's 20.0: no rule applies */

struct tally {
    char name[64];
    int rows, exact, within1, within3;
    int first, n; /* the rows of this set in the pairs (sources only) */
};

struct rule {
    char name[48];
    int rows, misses, above, below;
};

static struct {
    int se, ours, src;
} pairs[MAX_ROWS];

static struct tally *tally_of(struct tally *t, int *n, int max, const char *name)
{
    for (int i = 0; i < *n; i++)
        if (strcmp(t[i].name, name) == 0)
            return &t[i];
    if (*n == max)
        return NULL;
    memset(&t[*n], 0, sizeof t[*n]);
    snprintf(t[*n].name, sizeof t[*n].name, "%s", name);
    return &t[(*n)++];
}

static void count(struct tally *t, int se, int ours)
{
    int d = abs(se - ours);
    t->rows++;
    t->exact += d == 0;
    t->within1 += d <= 1;
    t->within3 += d <= 3;
}

/* Spearman's rho of the pairs [first, first + n). */
static double spearman(int first, int n)
{
    static double a[MAX_ROWS], b[MAX_ROWS];
    if (n < 3)
        return 0.0;
    for (int i = 0; i < n; i++) {
        a[i] = pairs[first + i].se;
        b[i] = pairs[first + i].ours;
    }
    return bench_spearman(a, b, (size_t)n);
}

static void print_tally(const struct tally *t, const char *spear)
{
    if (t->rows == 0)
        return;
    printf("%-40s %6d  exact %5.1f%%  within 0.1 %5.1f%%  within 0.3 %5.1f%%%s\n",
           t->name, t->rows, 100.0 * t->exact / t->rows, 100.0 * t->within1 / t->rows,
           100.0 * t->within3 / t->rows, spear);
}

/* SE's rating as tenths: "7.2" -> 72; -1 when not a rating. */
static int tenths(const char *s)
{
    char *end;
    double v = strtod(s, &end);
    if (end == s || v < 1.0 || v > 20.0)
        return -1;
    return (int)lround(v * 10.0);
}

int main(int argc, char **argv)
{
    int verbose, bad_usage;
    FILE *f = bench_calib_open(argc, argv, "calib_se", "hodoku_rated_public.tsv",
                               &verbose, &bad_usage);
    if (!f)
        return bad_usage ? 2 : 0;
    static struct tally src[MAX_SOURCES], band[BANDS], all;
    static struct rule rules[MAX_RULES];
    int n_src = 0, n_rules = 0, n = 0, bad = 0, unsolved = 0;
    snprintf(all.name, sizeof all.name, "all rows");
    for (int b = 0; b < BANDS; b++)
        snprintf(band[b].name, sizeof band[b].name,
                 b == BANDS - 1 ? "SE %d.0 and up" : "SE %d.0-%d.9", b + 1, b + 1);
    char line[4096];
    while (fgets(line, sizeof line, f) && n < MAX_ROWS) {
        char *field[9];
        int nf = bench_tsv_split(line, field, 9);
        if (nf < 9 || strcmp(field[0], "source_file") == 0)
            continue;
        int se = tenths(field[7]);
        struct grid g;
        char err[GRID_ERR_MAX];
        struct tally *s = tally_of(src, &n_src, MAX_SOURCES, field[0]);
        if (se < 0 || !s || grid_parse(&g, field[2], err, sizeof err) != GRID_OK) {
            bad++;
            continue;
        }
        struct grade gr;
        int ours = grade_puzzle(&g, &gr) == HUMAN_SOLVED ? gr.score : UNSOLVED;
        unsolved += ours == UNSOLVED;
        int bi = se / 10 - 1;
        bi = bi < 0 ? 0 : bi >= BANDS ? BANDS - 1 : bi;
        count(s, se, ours);
        count(&band[bi], se, ours);
        count(&all, se, ours);
        pairs[n].se = se;
        pairs[n].ours = ours;
        pairs[n].src = (int)(s - src);
        n++;
        int ri = 0;
        for (; ri < n_rules; ri++)
            if (strcmp(rules[ri].name, field[8]) == 0)
                break;
        if (ri == n_rules && n_rules < MAX_RULES)
            snprintf(rules[n_rules++].name, sizeof rules[0].name, "%s", field[8]);
        if (ri < n_rules) {
            rules[ri].rows++;
            rules[ri].misses += ours != se;
            rules[ri].above += ours > se;
            rules[ri].below += ours < se;
        }
        if (verbose && ours != se) {
            const struct human_tech_info *h = human_tech_info(gr.hardest);
            printf("%s:%s SE %s %s -> %d.%d %s %s\n", field[0], field[1], field[7],
                   field[8], ours / 10, ours % 10, h ? h->key : "-", field[2]);
        }
    }
    fclose(f);
    /* the pairs per source, in file order, for Spearman per source */
    static int order[MAX_ROWS];
    int k = 0;
    for (int s = 0; s < n_src; s++) {
        src[s].first = k;
        for (int i = 0; i < n; i++)
            if (pairs[i].src == s)
                order[k++] = i;
        src[s].n = k - src[s].first;
    }
    static int se_v[MAX_ROWS], ours_v[MAX_ROWS];
    for (int i = 0; i < n; i++) {
        se_v[i] = pairs[order[i]].se;
        ours_v[i] = pairs[order[i]].ours;
    }
    for (int i = 0; i < n; i++) {
        pairs[i].se = se_v[i];
        pairs[i].ours = ours_v[i];
    }
    char spear[64];
    printf("per source file:\n");
    for (int s = 0; s < n_src; s++) {
        snprintf(spear, sizeof spear, "  Spearman %.3f", spearman(src[s].first, src[s].n));
        print_tally(&src[s], spear);
    }
    printf("per SE band:\n");
    for (int b = 0; b < BANDS; b++)
        print_tally(&band[b], "");
    snprintf(spear, sizeof spear, "  Spearman %.3f", spearman(0, n));
    print_tally(&all, spear);
    if (unsolved)
        printf("%d rows the score pass could not solve (ranked as 20.0)\n", unsolved);
    if (bad)
        printf("%d rows not read (bad rating or puzzle)\n", bad);
    /* the rules by misses, most first */
    for (int i = 1; i < n_rules; i++)
        for (int j = i; j > 0 && rules[j].misses > rules[j - 1].misses; j--) {
            struct rule t = rules[j];
            rules[j] = rules[j - 1];
            rules[j - 1] = t;
        }
    printf("\n%-36s %6s %6s %6s %6s\n", "SE hardest rule", "rows", "misses", "above",
           "below");
    for (int i = 0; i < n_rules; i++)
        printf("%-36s %6d %6d %6d %6d\n", rules[i].name, rules[i].rows, rules[i].misses,
               rules[i].above, rules[i].below);
    return 0;
}
