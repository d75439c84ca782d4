/*
 * step_hash: a fingerprint of everything the grader says, to prove that a
 * speed or tidying change leaves it identical and to list exactly which
 * puzzles a fidelity change moves.
 *
 *   step_hash [-p PER_PUZZLE_FILE] [DATA_DIR]   (default ../shared/bench/data,
 *                                                or $SUDOKU_DATA_DIR)
 *
 * For each *.txt puzzle file of DATA_DIR, every puzzle is solved by the human
 * solver with sentences (human_solve, the path explain prints) and graded
 * (grade_puzzle, the path the daemon publishes).  Every step (technique,
 * rating, placements, eliminations, causes, houses, sentence) and every
 * grade field go into a SHA-256 per file; then the SHA-256 over all files,
 * and the score part alone (the SE path and the grade's score fields:
 * status, score, hardest, steps, counts; not the tier, effort,
 * tier_hardest and tier counts, which HoDoKu's pass gives), to show that a
 * change to the tier pass leaves the score as it was.  With -p, one line per puzzle ("FILE:LINE TIER SCORE EFFORT
 * HASH") goes to PER_PUZZLE_FILE, so that two runs can be diffed.
 * Not a benchmark: bench/run does not run it.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <openssl/evp.h>

#include "bench_common.h"
#include "grade.h"
#include "human.h"

#define MAX_FILES 64

struct hasher {
    EVP_MD_CTX *file;   /* over the whole file */
    EVP_MD_CTX *puzzle; /* over one puzzle, for the per-puzzle lines */
    EVP_MD_CTX *score;  /* the score part, over every file: the SE path
                           and the grade's score fields */
    int to_score;       /* what is fed now belongs to the score part */
};

static void feed(struct hasher *h, const void *data, size_t len)
{
    EVP_DigestUpdate(h->file, data, len);
    EVP_DigestUpdate(h->puzzle, data, len);
    if (h->to_score)
        EVP_DigestUpdate(h->score, data, len);
}

static void feed_int(struct hasher *h, int v)
{
    feed(h, &v, sizeof v);
}

static void feed_cands(struct hasher *h, const struct human_cand *c, int n)
{
    feed_int(h, n);
    for (int i = 0; i < n; i++) {
        feed(h, &c[i].cell, 1);
        feed(h, &c[i].digit, 1);
    }
}

static int on_step(void *arg, const struct human_state *before,
                   const struct human_step *s)
{
    struct hasher *h = arg;
    (void)before;
    feed_int(h, s->tech);
    feed_int(h, s->rating);
    feed_cands(h, s->place, s->n_place);
    feed_cands(h, s->elim, s->n_elim);
    feed_cands(h, s->cause, s->n_cause);
    feed_int(h, s->n_house);
    feed(h, s->house, (size_t)s->n_house);
    feed(h, s->text, strlen(s->text) + 1);
    return 0;
}

static void hex(const unsigned char *d, unsigned n, char *out)
{
    for (unsigned i = 0; i < n; i++)
        sprintf(out + 2 * i, "%02x", d[i]);
}

/* Hashes one file into digest; returns 0, or -1 with a message. */
static int hash_file(const char *dir, const char *name, FILE *per,
                     EVP_MD_CTX *score, unsigned char digest[EVP_MAX_MD_SIZE],
                     size_t *count)
{
    char path[1024];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    FILE *f = fopen(path, "r");
    if (!f) {
        fprintf(stderr, "step_hash: cannot open %s: %s\n", path, strerror(errno));
        return -1;
    }
    struct hasher h = {EVP_MD_CTX_new(), EVP_MD_CTX_new(), score, 1};
    EVP_DigestInit_ex(h.file, EVP_sha256(), NULL);
    char line[512], err[GRID_ERR_MAX];
    size_t lineno = 0;
    *count = 0;
    while (fgets(line, sizeof line, f)) {
        struct grid g;
        lineno++;
        if (grid_parse(&g, line, err, sizeof err) != 0)
            continue;
        (*count)++;
        EVP_DigestInit_ex(h.puzzle, EVP_sha256(), NULL);
        struct human_state st;
        int status = human_init(&st, &g);
        if (status == 0)
            status = human_solve(&st, HUMAN_STEP_TEXT, on_step, &h);
        feed_int(&h, status);
        struct grade gr;
        grade_puzzle(&g, &gr);
        feed_int(&h, gr.status);
        feed_int(&h, gr.score);
        feed_int(&h, gr.hardest);
        feed_int(&h, gr.steps);
        feed(&h, gr.count, sizeof gr.count);
        h.to_score = 0; /* the tier part */
        feed_int(&h, (int)gr.tier);
        feed_int(&h, gr.effort);
        feed_int(&h, gr.tier_hardest);
        feed(&h, gr.tier_count, sizeof gr.tier_count);
        h.to_score = 1;
        unsigned char pd[EVP_MAX_MD_SIZE];
        unsigned pn = 0;
        EVP_DigestFinal_ex(h.puzzle, pd, &pn);
        if (per) {
            char px[2 * EVP_MAX_MD_SIZE + 1];
            hex(pd, 8, px);
            fprintf(per, "%s:%zu %s %d %d %s\n", name, lineno,
                    grade_tier_name(gr.tier), gr.score, gr.effort, px);
        }
    }
    fclose(f);
    unsigned n = 0;
    EVP_DigestFinal_ex(h.file, digest, &n);
    EVP_MD_CTX_free(h.file);
    EVP_MD_CTX_free(h.puzzle);
    return 0;
}

int main(int argc, char **argv)
{
    const char *per_path = NULL;
    int a = 1;
    if (a + 1 < argc && strcmp(argv[a], "-p") == 0) {
        per_path = argv[a + 1];
        a += 2;
    }
    const char *env = getenv("SUDOKU_DATA_DIR");
    const char *dir = a < argc      ? argv[a]
                      : env && *env ? env
                                    : "../shared/bench/data";
    char *names[MAX_FILES];
    int n = bench_list(dir, names, MAX_FILES);
    if (n < 0) {
        printf(
            "step_hash: %s not found; the puzzle sets live outside the project, skipping\n",
            dir);
        return 0;
    }
    FILE *per = NULL;
    if (per_path && !(per = fopen(per_path, "w"))) {
        fprintf(stderr, "step_hash: cannot write %s: %s\n", per_path,
                strerror(errno));
        return 1;
    }
    EVP_MD_CTX *all = EVP_MD_CTX_new(), *score = EVP_MD_CTX_new();
    EVP_DigestInit_ex(all, EVP_sha256(), NULL);
    EVP_DigestInit_ex(score, EVP_sha256(), NULL);
    int status = 0;
    for (int i = 0; i < n; i++) {
        unsigned char d[EVP_MAX_MD_SIZE];
        size_t count;
        if (hash_file(dir, names[i], per, score, d, &count) != 0) {
            status = 1;
        } else if (count > 0) {
            char x[2 * EVP_MAX_MD_SIZE + 1];
            hex(d, 32, x);
            printf("%-52s %7zu  %s\n", names[i], count, x);
            EVP_DigestUpdate(all, d, 32);
        }
        free(names[i]);
    }
    unsigned char d[EVP_MAX_MD_SIZE];
    unsigned dn = 0;
    EVP_DigestFinal_ex(all, d, &dn);
    EVP_MD_CTX_free(all);
    char x[2 * EVP_MAX_MD_SIZE + 1];
    hex(d, 32, x);
    printf("all files %s\n", x);
    EVP_DigestFinal_ex(score, d, &dn);
    EVP_MD_CTX_free(score);
    hex(d, 32, x);
    printf("score part (SE path, status, score, hardest, steps, counts) %s\n", x);
    if (per && fclose(per) != 0) {
        fprintf(stderr, "step_hash: cannot write %s: %s\n", per_path,
                strerror(errno));
        status = 1;
    }
    return status;
}
