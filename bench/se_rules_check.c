/*
 * se_rules_check: our Sudoku Explainer producers (unique loops, BUG,
 * aligned pair and triplet exclusion) checked against SE 1.2.1.3 itself
 * at SE's own positions.
 *
 *   se_rules_check STATES_FILE
 *
 * STATES_FILE is what a machine-local driver of SE's rating loop writes
 * (SE is not part of the project; see bench/README-style notes in the
 * final report): one line per hint SE takes, tab-separated: puzzle, step
 * number, the producer's index in SE's order, SE's difficulty, SE's rule
 * name, the pencil marks before the hint (81 fields joined by '.', "=v"
 * for a filled cell, else the candidates' digits), and the hint's
 * removals ("cell:digits" with cell = row * 9 + column, space-separated).
 *
 * For each of our producers: where SE's hint is that producer's, ours must
 * find the same removals with the same difficulty ("match"); where SE's
 * hint comes from a producer SE tries later, ours must find nothing (SE
 * would have taken it).  Prints the counts per producer and each
 * mismatch.  Exit status 0 when all match, 1 otherwise.  Not in bench/run.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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

int main(int argc, char **argv)
{
    if (argc != 2) {
        fprintf(stderr, "usage: se_rules_check STATES_FILE\n");
        return 2;
    }
    FILE *f = fopen(argv[1], "r");
    if (!f) {
        printf("SKIPPED: cannot open %s (it is written by a machine-local SE driver)\n",
               argv[1]);
        return 0;
    }
    static char line[8192];
    struct counts c[N_PROD];
    memset(c, 0, sizeof c);
    long lines = 0, bad_lines = 0;
    while (fgets(line, sizeof line, f)) {
        char *field[7];
        int n = 0;
        line[strcspn(line, "\n")] = '\0';
        for (char *p = line; n < 7; n++) {
            field[n] = p;
            char *tab = strchr(p, '\t');
            if (!tab) {
                n++;
                break;
            }
            *tab = '\0';
            p = tab + 1;
        }
        struct human_state st;
        if (n < 6 || parse_marks(field[5], &st) != 0) {
            bad_lines++;
            continue;
        }
        lines++;
        int se_prod = atoi(field[2]);
        int se_rating = (int)(atof(field[3]) * 10 + 0.5);
        uint16_t want[GRID_CELLS], got[GRID_CELLS];
        parse_removals(n > 6 ? field[6] : "", want);
        for (size_t k = 0; k < N_PROD; k++) {
            if (se_prod < producers[k].se_index)
                continue;
            struct human_step step;
            struct tech_ctx ctx;
            step.flags = HUMAN_STEP_TEXT;
            step.rating = 0;
            tech_step_reset(&step);
            tech_ctx_init(&ctx, &st);
            int found = producers[k].find(&ctx, &step);
            if (se_prod > producers[k].se_index) {
                if (found) {
                    c[k].loud++;
                    printf("FIRED %s where SE took %s (%s) in %s step %s: %s\n",
                           producers[k].name, field[4], field[3], field[0], field[1],
                           step.text);
                } else {
                    c[k].quiet++;
                }
                continue;
            }
            if (found)
                step_removals(&step, got);
            if (found && step.rating == se_rating &&
                memcmp(got, want, sizeof got) == 0) {
                c[k].same++;
            } else {
                c[k].differ++;
                printf("DIFFER %s: SE %s %s (%s) in %s step %s; ours: %s (rating %d)\n",
                       producers[k].name, field[3], field[4], n > 6 ? field[6] : "",
                       field[0], field[1], found ? step.text : "nothing",
                       found ? step.rating : 0);
            }
        }
    }
    fclose(f);
    printf("%ld states (%ld unreadable)\n", lines, bad_lines);
    int ok = bad_lines == 0;
    for (size_t k = 0; k < N_PROD; k++) {
        printf("%-24s SE's hint: %ld same, %ld different; SE took a later producer: "
               "%ld found nothing, %ld found a hint\n",
               producers[k].name, c[k].same, c[k].differ, c[k].quiet, c[k].loud);
        ok &= c[k].differ == 0 && c[k].loud == 0;
    }
    return ok ? 0 : 1;
}
