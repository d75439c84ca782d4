/*
 * bench_common: shared helpers of the benchmark programs — loading a puzzle
 * file of ../shared/bench/data, the monotonic clock, medians, the CPU model.
 * Header-only so every bench program stays a single file.
 */
#ifndef SUDOKU_BENCH_COMMON_H
#define SUDOKU_BENCH_COMMON_H

#include <dirent.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "grid.h"

struct bench_set {
    char name[256];
    struct grid *puzzles;
    size_t count;
};

static inline double bench_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static int bench_cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static inline double bench_median(double *v, int n)
{
    qsort(v, (size_t)n, sizeof *v, bench_cmp_double);
    return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

/* Ranks with ties sharing their mean rank. */
static inline void bench_ranks(const double *v, size_t n, double *rank)
{
    double(*pairs)[2] = malloc(n * sizeof *pairs); /* value, index */
    if (!pairs)
        return;
    for (size_t i = 0; i < n; i++) {
        pairs[i][0] = v[i];
        pairs[i][1] = (double)i;
    }
    qsort(pairs, n, sizeof pairs[0], bench_cmp_double);
    for (size_t i = 0; i < n;) {
        size_t j = i;
        while (j + 1 < n && pairs[j + 1][0] == pairs[i][0])
            j++;
        for (size_t k = i; k <= j; k++)
            rank[(size_t)pairs[k][1]] = (double)(i + j) / 2.0 + 1.0;
        i = j + 1;
    }
    free(pairs);
}

static inline double bench_pearson(const double *a, const double *b, size_t n)
{
    double ma = 0, mb = 0, sab = 0, saa = 0, sbb = 0;
    for (size_t i = 0; i < n; i++) {
        ma += a[i];
        mb += b[i];
    }
    ma /= (double)n;
    mb /= (double)n;
    for (size_t i = 0; i < n; i++) {
        sab += (a[i] - ma) * (b[i] - mb);
        saa += (a[i] - ma) * (a[i] - ma);
        sbb += (b[i] - mb) * (b[i] - mb);
    }
    return saa > 0 && sbb > 0 ? sab / sqrt(saa * sbb) : 0.0;
}

/* Spearman's rank correlation of a and b (n >= 3): the Pearson
 * correlation of their ranks.  Returns 0 when memory runs out. */
static inline double bench_spearman(const double *a, const double *b, size_t n)
{
    double *ra = malloc(n * sizeof *ra), *rb = malloc(n * sizeof *rb);
    double rho = 0;
    if (ra && rb) {
        bench_ranks(a, n, ra);
        bench_ranks(b, n, rb);
        rho = bench_pearson(ra, rb, n);
    }
    free(ra);
    free(rb);
    return rho;
}

/* The calibration tools' (calib_*) way in: [-v] [DATA_DIR] (default
 * ../shared/bench/data); sets *verbose and opens DATA_DIR/name.  NULL
 * after printing "SKIPPED: ..." when the file is absent; exits the tool
 * (status 2, through *bad_usage) on a bad option. */
static inline FILE *bench_calib_open(int argc, char **argv, const char *tool,
                                     const char *name, int *verbose, int *bad_usage)
{
    char path[1024];
    const char *dir = "../shared/bench/data";
    *verbose = 0;
    *bad_usage = 0;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "-v") == 0) {
            *verbose = 1;
        } else if (argv[i][0] == '-') {
            fprintf(stderr, "usage: %s [-v] [DATA_DIR]\n", tool);
            *bad_usage = 1;
            return NULL;
        } else {
            dir = argv[i];
        }
    }
    snprintf(path, sizeof path, "%s/%s", dir, name);
    FILE *f = fopen(path, "r");
    if (!f)
        printf("SKIPPED: %s not found, nothing to calibrate against\n", path);
    return f;
}

/* Splits a line of a tab-separated file (its newline dropped) into at
 * most max fields; returns how many. */
static inline int bench_tsv_split(char *line, char **field, int max)
{
    char *save = NULL;
    int nf = 0;
    line[strcspn(line, "\n")] = '\0';
    for (char *p = strtok_r(line, "\t", &save); p && nf < max;
         p = strtok_r(NULL, "\t", &save))
        field[nf++] = p;
    return nf;
}

/* Loads every parseable puzzle line of path; returns 0 or -1. */
static inline int bench_load(const char *path, struct bench_set *set)
{
    FILE *f = fopen(path, "r");
    if (!f)
        return -1;
    size_t cap = 1024;
    char line[512], err[GRID_ERR_MAX];
    set->puzzles = malloc(cap * sizeof *set->puzzles);
    set->count = 0;
    const char *base = strrchr(path, '/');
    snprintf(set->name, sizeof set->name, "%.200s", base ? base + 1 : path);
    while (set->puzzles && fgets(line, sizeof line, f)) {
        if (set->count == cap) {
            cap *= 2;
            struct grid *p = realloc(set->puzzles, cap * sizeof *p);
            if (!p)
                break;
            set->puzzles = p;
        }
        if (grid_parse(&set->puzzles[set->count], line, err, sizeof err) == 0)
            set->count++;
    }
    fclose(f);
    return set->puzzles ? 0 : -1;
}

static int bench_cmp_name(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Lists the puzzle files (*.txt, not *ratings*) of dir, sorted; returns the
 * count (names are malloc'd into names[]) or -1 when dir cannot be read. */
static inline int bench_list(const char *dir, char *names[], int max)
{
    DIR *d = opendir(dir);
    if (!d)
        return -1;
    int n = 0;
    struct dirent *e;
    while ((e = readdir(d)) && n < max) {
        size_t len = strlen(e->d_name);
        if (len > 4 && strcmp(e->d_name + len - 4, ".txt") == 0 &&
            !strstr(e->d_name, "ratings"))
            names[n++] = strdup(e->d_name);
    }
    closedir(d);
    qsort(names, (size_t)n, sizeof *names, bench_cmp_name);
    return n;
}

static inline void bench_print_cpu(void)
{
    FILE *f = fopen("/proc/cpuinfo", "r");
    char line[256];
    while (f && fgets(line, sizeof line, f)) {
        if (strncmp(line, "model name", 10) == 0) {
            char *c = strchr(line, ':');
            printf("cpu: %s", c ? c + 2 : line);
            break;
        }
    }
    if (f)
        fclose(f);
}

#endif
