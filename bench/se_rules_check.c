/*
 * se_rules_check: our Sudoku Explainer producers (unique loops, BUG,
 * aligned pair and triplet exclusion) checked against SE 1.2.1.3 itself
 * at SE's own positions.
 *
 *   se_rules_check STATES_FILE
 *
 * STATES_FILE is what a driver of SE's own rating loop writes (SE runs
 * only on a developer's machine, never in the project's tests or CI):
 * one line per hint SE takes, tab-separated: puzzle, step
 * number, the producer's index in SE's order, SE's difficulty, SE's rule
 * name, the pencil marks before the hint (81 fields joined by '.', "=v"
 * for a filled cell, else the candidates' digits), and the hint's
 * removals ("cell:digits" with cell = row * 9 + column, space-separated).
 *
 * For each of our producers: where SE's hint is that producer's, ours must
 * find the same removals with the same difficulty ("match"); where SE's
 * hint comes from a producer SE tries later, ours must find nothing (SE
 * would have taken it).  Prints the counts per producer and each
 * mismatch, then what a search costs where SE's pass makes it.  Exit
 * status 0 when all match, 1 otherwise (0 with "SKIPPED" when the file is
 * absent).  Not in bench/run.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench_common.h"
#include "human.h"
#include "tech.h"
#include "tech_digits.h"

/* Our producers with their index in SE 1.2.1.3's list of producers
 * (Solver's constructor: the direct ones, then the indirect ones). */
static const struct {
    const char *name;
    tech_find_fn *find;
    int se_index;
} producers[] = {
    {"UniqueLoops", tech_find_se_unique_loop, 14},
    {"BivalueUniversalGrave", tech_find_se_bug, 18},
    {"AlignedPairExclusion", tech_find_aligned_pair_exclusion, 19},
    {"AlignedTripletExclusion", tech_find_aligned_triplet_exclusion, 21},
};
#define N_PROD (sizeof producers / sizeof producers[0])

struct counts {
    long same, differ, quiet, loud; /* SE's hint: same/different; later: quiet/fired */
};

/* Parses the pencil marks into st; 0 on success. */
static int parse_marks(const char *marks, struct human_state *st)
{
    struct grid g;
    uint16_t cand[GRID_CELLS];
    const char *p = marks;
    for (int c = 0; c < GRID_CELLS; c++) {
        g.cell[c] = 0;
        cand[c] = 0;
        if (*p == '=') {
            g.cell[c] = (uint8_t)(p[1] - '0');
            p += 2;
        } else {
            for (; *p >= '1' && *p <= '9'; p++)
                cand[c] |= (uint16_t)tech_bit(*p - '0');
        }
        if (c < GRID_CELLS - 1 && *p++ != '.')
            return -1;
    }
    if (human_init(st, &g) != 0)
        return -1;
    for (int c = 0; c < GRID_CELLS; c++)
        if (!g.cell[c])
            st->cand[c] = cand[c];
    return 0;
}

/* The removals as a mask per cell. */
static void parse_removals(const char *s, uint16_t rm[GRID_CELLS])
{
    memset(rm, 0, GRID_CELLS * sizeof rm[0]);
    while (*s) {
        char *end;
        long cell = strtol(s, &end, 10);
        if (end == s || *end != ':' || cell < 0 || cell >= GRID_CELLS)
            return;
        for (s = end + 1; *s >= '1' && *s <= '9'; s++)
            rm[cell] |= (uint16_t)tech_bit(*s - '0');
        while (*s == ' ')
            s++;
    }
}

static void step_removals(const struct human_step *step, uint16_t rm[GRID_CELLS])
{
    memset(rm, 0, GRID_CELLS * sizeof rm[0]);
    for (int i = 0; i < step->n_elim; i++)
        rm[step->elim[i].cell] |= (uint16_t)tech_bit(step->elim[i].digit);
}

struct state {
    struct human_state st;
    int se_prod, se_rating;
    uint16_t want[GRID_CELLS];
    char *puzzle, *stepno, *diff, *name, *removals;
};

/* Reads the states file; returns how many, or -1 when absent. */
static long load_states(const char *path, struct state **out, long *bad)
{
    FILE *f = fopen(path, "r");
    if (!f)
        return -1;
    static char line[8192];
    long n = 0, cap = 0;
    struct state *v = NULL;
    *bad = 0;
    while (fgets(line, sizeof line, f)) {
        char *field[7];
        int nf = 0;
        line[strcspn(line, "\n")] = '\0';
        for (char *p = line; nf < 7; nf++) {
            field[nf] = p;
            char *tab = strchr(p, '\t');
            if (!tab) {
                nf++;
                break;
            }
            *tab = '\0';
            p = tab + 1;
        }
        if (n == cap) {
            cap = cap ? 2 * cap : 1024;
            struct state *grown = realloc(v, (size_t)cap * sizeof *v);
            if (!grown) {
                fprintf(stderr, "se_rules_check: out of memory\n");
                exit(2);
            }
            v = grown;
        }
        struct state *s = &v[n];
        if (nf < 6 || parse_marks(field[5], &s->st) != 0) {
            (*bad)++;
            continue;
        }
        s->se_prod = atoi(field[2]);
        s->se_rating = (int)(atof(field[3]) * 10 + 0.5);
        parse_removals(nf > 6 ? field[6] : "", s->want);
        s->puzzle = strdup(field[0]);
        s->stepno = strdup(field[1]);
        s->diff = strdup(field[3]);
        s->name = strdup(field[4]);
        s->removals = strdup(nf > 6 ? field[6] : "");
        n++;
    }
    fclose(f);
    *out = v;
    return n;
}

static int run(tech_find_fn *find, const struct human_state *st, struct human_step *step,
               unsigned flags)
{
    struct tech_ctx ctx;
    step->flags = flags;
    step->rating = 0;
    tech_step_reset(step);
    tech_ctx_init(&ctx, st);
    return find(&ctx, step);
}

int main(int argc, char **argv)
{
    if (argc != 2) {
        fprintf(stderr, "usage: se_rules_check STATES_FILE\n");
        return 2;
    }
    struct state *v = NULL;
    long bad = 0, n = load_states(argv[1], &v, &bad);
    if (n < 0) {
        printf("SKIPPED: cannot open %s (it is written by a machine-local SE driver)\n",
               argv[1]);
        return 0;
    }
    struct counts c[N_PROD];
    memset(c, 0, sizeof c);
    for (long i = 0; i < n; i++) {
        const struct state *s = &v[i];
        for (size_t k = 0; k < N_PROD; k++) {
            if (s->se_prod < producers[k].se_index)
                continue;
            struct human_step step;
            uint16_t got[GRID_CELLS];
            int found = run(producers[k].find, &s->st, &step, HUMAN_STEP_TEXT);
            if (s->se_prod > producers[k].se_index) {
                if (found) {
                    c[k].loud++;
                    printf("FIRED %s where SE took %s (%s) in %s step %s: %s\n",
                           producers[k].name, s->name, s->diff, s->puzzle, s->stepno,
                           step.text);
                } else {
                    c[k].quiet++;
                }
                continue;
            }
            if (found)
                step_removals(&step, got);
            if (found && step.rating == s->se_rating &&
                memcmp(got, s->want, sizeof got) == 0) {
                c[k].same++;
            } else {
                c[k].differ++;
                printf("DIFFER %s: SE %s %s (%s) in %s step %s; ours: %s (rating %d)\n",
                       producers[k].name, s->diff, s->name, s->removals, s->puzzle,
                       s->stepno, found ? step.text : "nothing", found ? step.rating : 0);
            }
        }
    }
    printf("%ld states (%ld unreadable)\n", n, bad);
    int ok = bad == 0;
    for (size_t k = 0; k < N_PROD; k++) {
        printf("%-24s SE's hint: %ld same, %ld different; SE took a later producer: "
               "%ld found nothing, %ld found a hint\n",
               producers[k].name, c[k].same, c[k].differ, c[k].quiet, c[k].loud);
        ok &= c[k].differ == 0 && c[k].loud == 0;
    }
    /* The cost of a search where SE's pass would make it (every state SE
     * reaches the producer in), without text: the median of 5 rounds, and
     * the slowest state (its best of the 5: the machine is shared). */
    double *best = malloc((size_t)(n ? n : 1) * sizeof *best);
    if (!best) {
        fprintf(stderr, "se_rules_check: out of memory\n");
        return 2;
    }
    for (size_t k = 0; k < N_PROD; k++) {
        double t[5], worst = 0;
        long calls = 0;
        for (long i = 0; i < n; i++)
            best[i] = 1e9;
        for (int r = 0; r < 5; r++) {
            double start = bench_now();
            calls = 0;
            for (long i = 0; i < n; i++) {
                if (v[i].se_prod < producers[k].se_index)
                    continue;
                struct human_step step;
                double t0 = bench_now();
                run(producers[k].find, &v[i].st, &step, 0);
                double dt = bench_now() - t0;
                best[i] = dt < best[i] ? dt : best[i];
                calls++;
            }
            t[r] = bench_now() - start;
        }
        for (long i = 0; i < n; i++)
            if (v[i].se_prod >= producers[k].se_index && best[i] > worst)
                worst = best[i];
        double med = bench_median(t, 5);
        printf("%-24s %ld searches: median %.1f us per search (5 rounds), slowest "
               "state %.0f us (its best of 5)\n",
               producers[k].name, calls, calls ? med / (double)calls * 1e6 : 0.0,
               worst * 1e6);
    }
    free(best);
    for (long i = 0; i < n; i++) {
        free(v[i].puzzle);
        free(v[i].stepno);
        free(v[i].diff);
        free(v[i].name);
        free(v[i].removals);
    }
    free(v);
    return ok ? 0 : 1;
}
