/*
 * calib_hodoku: how our tier and effort agree with HoDoKu 2.2's level and
 * score on hodoku_rated_public.tsv (public puzzles rated by HoDoKu in its
 * default configuration, with its step counts; see SOURCES.md beside it).
 * A calibration tool, not a benchmark (bench/run does not run it: build
 * it with `make build/bench/calib_hodoku`).
 *
 *   calib_hodoku [-v] [DATA_DIR]   (default ../shared/bench/data)
 *
 * Prints, per source file and over all rows: the tier agreement with
 * four tiers (expert standing for HoDoKu's UNFAIR and EXTREME) and with
 * five, the share whose effort equals HoDoKu's score, and the 5-level
 * confusion matrix (rows HoDoKu's level, columns our tier).  Then, per
 * HoDoKu step name, its steps over all rows in HoDoKu's path and in ours
 * (the tier pass's counts) and the rows where they differ: what to fix
 * next.  -v lists every row whose tier or effort differs (file, line,
 * HoDoKu's level and score, ours, puzzle).  Prints "SKIPPED: ..." and
 * exits 0 when the data file is absent.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench_common.h"
#include "grade.h"
#include "grid.h"
#include "human.h"

#define MAX_SOURCES 8
#define LEVELS 5 /* EASY .. EXTREME, as enum grade_tier */

/* HoDoKu's step names, each with the keys of the table rows that count
 * as it (space separated); the names with no rows are ours to add. */
static const struct {
    const char *name;
    const char *keys;
} step_names[] = {
    {"Full House", "full_house"},
    {"Naked Single", "naked_single"},
    {"Hidden Single", "hidden_single_box hidden_single_line"},
    {"Locked Pair", "locked_pair"},
    {"Locked Triple", "locked_triple"},
    {"Locked Candidates Type 1 (Pointing)", "pointing"},
    {"Locked Candidates Type 2 (Claiming)", "claiming"},
    {"Naked Pair", "naked_pair"},
    {"Naked Triple", "naked_triple"},
    {"Naked Quadruple", "naked_quad"},
    {"Hidden Pair", "hidden_pair"},
    {"Hidden Triple", "hidden_triple"},
    {"Hidden Quadruple", "hidden_quad"},
    {"X-Wing", "x_wing"},
    {"Swordfish", "swordfish"},
    {"Jellyfish", "jellyfish"},
    {"Remote Pair", "remote_pair"},
    {"Bivalue Universal Grave + 1", "bug_plus_1"},
    {"Skyscraper", "skyscraper"},
    {"2-String Kite", "two_string_kite"},
    {"Turbot Fish", "turbot_fish"},
    {"Empty Rectangle", "empty_rectangle"},
    {"W-Wing", "w_wing"},
    {"XY-Wing", "xy_wing"},
    {"XYZ-Wing", "xyz_wing"},
    {"Uniqueness Test 1", "unique_rectangle_1"},
    {"Uniqueness Test 2", "unique_rectangle_2"},
    {"Uniqueness Test 3", "unique_rectangle_3"},
    {"Uniqueness Test 4", "unique_rectangle_4"},
    {"Uniqueness Test 5", "unique_rectangle_5"},
    {"Uniqueness Test 6", "unique_rectangle_6"},
    {"Hidden Rectangle", "hidden_rectangle"},
    {"Avoidable Rectangle Type 1", "avoidable_rectangle_1"},
    {"Avoidable Rectangle Type 2", "avoidable_rectangle_2"},
    {"Finned X-Wing", "finned_x_wing"},
    {"Sashimi X-Wing", "sashimi_x_wing"},
    /* one row finds finned and sashimi Swordfish and Jellyfish */
    {"Finned Swordfish|Sashimi Swordfish", "finned_swordfish"},
    {"Finned Jellyfish|Sashimi Jellyfish", "finned_jellyfish"},
    {"Sue de Coq", "sue_de_coq"},
    {"Simple Colors Trap", "simple_colour_trap"},
    {"Simple Colors Wrap", "simple_colour_wrap"},
    {"Multi Colors 1", "multi_colour_1"},
    {"Multi Colors 2", "multi_colour_2"},
    {"X-Chain", "x_chain"},
    {"XY-Chain", "xy_chain"},
    {"AIC|Discontinuous Nice Loop|Continuous Nice Loop", "aic"},
    {"Grouped AIC|Grouped Discontinuous Nice Loop|Grouped Continuous Nice Loop", "grouped_nice_loop"},
    {"Almost Locked Set XZ-Rule", "als_xz"},
    {"Almost Locked Set XY-Wing", "als_xy_wing"},
    {"Almost Locked Set Chain", "als_xy_chain"},
    {"Finned Franken Swordfish", "finned_franken_swordfish"},
    {"Forcing Chain", "cell_forcing_chain region_forcing_chain"},
    {"Forcing Net", ""},
    {"Brute Force", ""},
};
#define N_NAMES (sizeof step_names / sizeof step_names[0])

struct source {
    char name[64];
    int rows, tier4, tier5, effort;
    int confusion[LEVELS][LEVELS + 1]; /* [HoDoKu][ours, LEVELS: unrated] */
};

struct totals {
    long hodoku[N_NAMES], ours[N_NAMES];
    int rows_differ[N_NAMES];
    long unnamed; /* HoDoKu steps of a name not in step_names */
};

/* Index of the step name (or one of its |-joined names) name. */
static int name_index(const char *name, size_t len)
{
    for (size_t i = 0; i < N_NAMES; i++) {
        const char *p = step_names[i].name;
        while (*p) {
            const char *end = strchr(p, '|');
            size_t n = end ? (size_t)(end - p) : strlen(p);
            if (n == len && strncmp(p, name, len) == 0)
                return (int)i;
            p += n + (end != NULL);
        }
    }
    return -1;
}

/* Our steps counted as name i: the tier pass's counts of its keys. */
static int our_count(const struct grade *g, size_t i)
{
    char keys[128];
    int n = 0;
    snprintf(keys, sizeof keys, "%s", step_names[i].keys);
    for (char *save = NULL, *k = strtok_r(keys, " ", &save); k;
         k = strtok_r(NULL, " ", &save)) {
        int t = human_tech_find(k);
        if (t >= 0)
            n += g->tier_count[t];
    }
    return n;
}

/* HoDoKu's counts per name from "Name*count,Name*count". */
static void hodoku_counts(const char *steps, int counts[N_NAMES], long *unnamed)
{
    memset(counts, 0, N_NAMES * sizeof *counts);
    for (const char *p = steps; *p;) {
        const char *star = strchr(p, '*');
        if (!star)
            break;
        int i = name_index(p, (size_t)(star - p)), n = atoi(star + 1);
        if (i >= 0)
            counts[i] += n;
        else
            *unnamed += n;
        const char *comma = strchr(star, ',');
        if (!comma)
            break;
        p = comma + 1;
    }
}

static int level_of(const char *word)
{
    static const char *const names[LEVELS] = {"EASY", "MEDIUM", "HARD", "UNFAIR",
                                              "EXTREME"};
    for (int l = 0; l < LEVELS; l++)
        if (strcmp(word, names[l]) == 0)
            return l;
    return -1;
}

/* expert and extreme are one tier with four tiers */
static int four(int level)
{
    return level > GRADE_EXPERT && level < LEVELS ? GRADE_EXPERT : level;
}

static void print_source(const struct source *s)
{
    static const char *const short_names[LEVELS] = {"EASY", "MEDIUM", "HARD",
                                                    "UNFAIR", "EXTREME"};
    printf("%s: %d rows; tier = level %.1f%% (4 tiers), %.1f%% (5 tiers); "
           "effort = score %.1f%%\n",
           s->name, s->rows, 100.0 * s->tier4 / s->rows, 100.0 * s->tier5 / s->rows,
           100.0 * s->effort / s->rows);
    printf("  %-9s %7s %7s %7s %7s %7s %7s\n", "HoDoKu", "easy", "medium", "hard",
           "expert", "extreme", "unrated");
    for (int l = 0; l < LEVELS; l++) {
        printf("  %-9s", short_names[l]);
        for (int t = 0; t <= LEVELS; t++)
            printf(" %7d", s->confusion[l][t]);
        printf("\n");
    }
}

static struct source *source_of(struct source *src, int *n, const char *name)
{
    for (int i = 0; i < *n; i++)
        if (strcmp(src[i].name, name) == 0)
            return &src[i];
    if (*n == MAX_SOURCES - 1)
        return NULL;
    memset(&src[*n], 0, sizeof src[*n]);
    snprintf(src[*n].name, sizeof src[*n].name, "%s", name);
    return &src[(*n)++];
}

static void count_row(struct source *s, int level, int tier, int effort_ok)
{
    s->rows++;
    s->tier4 += four(level) == four(tier);
    s->tier5 += level == tier;
    s->effort += effort_ok;
    s->confusion[level][tier < LEVELS ? tier : LEVELS]++;
}

int main(int argc, char **argv)
{
    int verbose, bad_usage;
    FILE *f = bench_calib_open(argc, argv, "calib_hodoku", "hodoku_rated_public.tsv",
                               &verbose, &bad_usage);
    if (!f)
        return bad_usage ? 2 : 0;
    static struct source src[MAX_SOURCES];
    static struct totals tot;
    int n_src = 0, bad = 0;
    struct source *all = source_of(src, &n_src, "all rows");
    char line[4096];
    while (fgets(line, sizeof line, f)) {
        char *field[9];
        int nf = bench_tsv_split(line, field, 9);
        if (nf < 6 || strcmp(field[0], "source_file") == 0)
            continue;
        int level = level_of(field[3]), score = atoi(field[4]);
        struct grid g;
        char err[GRID_ERR_MAX];
        struct source *s = source_of(src, &n_src, field[0]);
        if (level < 0 || !s || grid_parse(&g, field[2], err, sizeof err) != GRID_OK) {
            bad++;
            continue;
        }
        struct grade gr;
        int hcount[N_NAMES];
        grade_puzzle(&g, &gr);
        int tier = (int)gr.tier, effort_ok = gr.effort == score;
        count_row(s, level, tier, effort_ok);
        count_row(all, level, tier, effort_ok);
        hodoku_counts(field[5], hcount, &tot.unnamed);
        for (size_t i = 0; i < N_NAMES; i++) {
            int ours = our_count(&gr, i);
            tot.hodoku[i] += hcount[i];
            tot.ours[i] += ours;
            tot.rows_differ[i] += ours != hcount[i];
        }
        if (verbose && (level != tier || !effort_ok))
            printf("%s:%s %s %d -> %s %d %s\n", field[0], field[1], field[3], score,
                   grade_tier_name(gr.tier), gr.effort, field[2]);
    }
    fclose(f);
    for (int i = 1; i < n_src; i++)
        print_source(&src[i]);
    print_source(all);
    if (bad)
        printf("%d rows not read (bad level or puzzle)\n", bad);
    printf("\n%-50s %8s %8s %8s\n", "HoDoKu step", "HoDoKu", "ours", "rows!=");
    for (size_t i = 0; i < N_NAMES; i++)
        if (tot.hodoku[i] || tot.ours[i])
            printf("%-50.50s %8ld %8ld %8d%s\n", step_names[i].name, tot.hodoku[i],
                   tot.ours[i], tot.rows_differ[i],
                   step_names[i].keys[0] ? "" : "  (no technique of ours)");
    if (tot.unnamed)
        printf("steps of other names: %ld\n", tot.unnamed);
    return 0;
}
