/*
 * ctl_generate: owns `sudokuctl generate`, the offline front end of the
 * generator: options in, one puzzle line (or JSON object) per puzzle out.
 * Puzzle i of a run uses seed S+i, so any one of them can be made again
 * alone with --seed.
 */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>
#include <time.h>

#include "ctl.h"
#include "generator.h"
#include "human.h"

struct gen_cli {
    struct gen_options opts;
    int count, json, have_seed;
    uint64_t seed;
};

static int parse_int(const char *s, long lo, long hi, long *out)
{
    char *end;
    errno = 0;
    long v = strtol(s, &end, 10);
    if (errno || *end || end == s || v < lo || v > hi)
        return -1;
    *out = v;
    return 0;
}

/* Options taking a value; returns 0, or a usage error. */
static int parse_valued(struct gen_cli *c, const char *flag, const char *val)
{
    long v;
    if (strcmp(flag, "--difficulty") == 0) {
        if (grade_tier_parse(val, &c->opts.tier) != 0)
            return ctl_usage_error("generate",
                                   "--difficulty: expected easy, "
                                   "medium, hard, expert or extreme, got '%s'",
                                   val);
    } else if (strcmp(flag, "--symmetry") == 0) {
        int s = gen_symmetry_parse(val);
        if (s < 0)
            return ctl_usage_error("generate",
                                   "--symmetry: expected none, "
                                   "rotational-180, rotational-90, mirror or "
                                   "diagonal, got '%s'",
                                   val);
        c->opts.symmetry = (enum gen_symmetry)s;
    } else if (strcmp(flag, "--seed") == 0) {
        char *end;
        errno = 0;
        c->seed = strtoull(val, &end, 10);
        if (errno || *end || end == val || val[0] == '-')
            return ctl_usage_error("generate",
                                   "--seed: expected an unsigned "
                                   "64-bit number, got '%s'",
                                   val);
        c->have_seed = 1;
    } else if (strcmp(flag, "--count") == 0 && parse_int(val, 1, 100000, &v) == 0) {
        c->count = (int)v;
    } else if (strcmp(flag, "--min-clues") == 0 &&
               parse_int(val, 17, 81, &v) == 0) {
        c->opts.min_clues = (int)v;
    } else if (strcmp(flag, "--max-clues") == 0 &&
               parse_int(val, 17, 81, &v) == 0) {
        c->opts.max_clues = (int)v;
    } else if (strcmp(flag, "--attempts") == 0 &&
               parse_int(val, 1, 1000000, &v) == 0) {
        c->opts.max_attempts = (int)v;
    } else {
        return ctl_usage_error("generate", "%s: bad value '%s'", flag, val);
    }
    return 0;
}

static int is_valued(const char *a)
{
    static const char *const names[] = {
        "--difficulty", "--symmetry",  "--seed",    "--count",
        "--min-clues",  "--max-clues", "--attempts"};
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
        if (strcmp(a, names[i]) == 0)
            return 1;
    return 0;
}

static int parse_args(struct gen_cli *c, int argc, char **argv)
{
    int have_tier = 0;
    for (int i = 0; i < argc; i++) {
        const char *a = argv[i];
        if (strcmp(a, "--json") == 0) {
            c->json = 1;
        } else if (strcmp(a, "--minimal") == 0) {
            c->opts.minimal = 1;
        } else if (is_valued(a)) {
            if (i + 1 >= argc)
                return ctl_usage_error("generate", "%s needs a value", a);
            int rc = parse_valued(c, a, argv[++i]);
            if (rc)
                return rc;
            have_tier |= strcmp(a, "--difficulty") == 0;
        } else {
            return ctl_usage_error("generate", "unknown argument '%s'", a);
        }
    }
    if (!have_tier)
        return ctl_usage_error("generate", "--difficulty is required");
    return 0;
}

static json_t *result_json(const struct gen_cli *c, const struct gen_result *r,
                           uint64_t seed)
{
    char puzzle[GRID_LINE_LEN + 1], solution[GRID_LINE_LEN + 1], seed_text[24];
    const struct human_tech_info *hardest = r->grade.hardest >= 0
                                                ? human_tech_info(r->grade.hardest)
                                                : NULL;
    grid_format_line(&r->puzzle, puzzle);
    grid_format_line(&r->solution, solution);
    /* A string: 64-bit seeds do not survive JSON numbers in every reader. */
    snprintf(seed_text, sizeof seed_text, "%" PRIu64, seed);
    return json_pack(
        "{s:s, s:s, s:s, s:f, s:s?, s:i, s:s, s:s, s:i, s:i}", "puzzle", puzzle,
        "solution", solution, "tier", grade_tier_name(r->grade.tier), "score",
        r->grade.score / 10.0, "hardest_technique", hardest ? hardest->name : NULL,
        "clues", r->clues, "symmetry", gen_symmetry_name(c->opts.symmetry), "seed",
        seed_text, "attempts", r->attempts, "generator_version", GENERATOR_VERSION);
}

static uint64_t os_seed(void)
{
    uint64_t seed = 0;
    if (getrandom(&seed, sizeof seed, 0) != (ssize_t)sizeof seed) {
        /* getrandom only fails before the kernel's pool is ready or on very
         * old kernels; the clock still gives a usable, printed seed. */
        struct timespec ts;
        clock_gettime(CLOCK_REALTIME, &ts);
        seed = (uint64_t)ts.tv_sec * 1000000007u ^ (uint64_t)ts.tv_nsec;
    }
    return seed;
}

static int emit(const struct gen_cli *c, const struct gen_result *r, uint64_t seed)
{
    if (c->json)
        return ctl_print_json(result_json(c, r, seed));
    char line[GRID_LINE_LEN + 1];
    grid_format_line(&r->puzzle, line);
    return puts(line) < 0;
}

int ctl_cmd_generate(int argc, char **argv)
{
    struct gen_cli c;
    memset(&c, 0, sizeof c);
    gen_options_default(&c.opts);
    c.count = 1;
    int rc = parse_args(&c, argc, argv);
    if (rc)
        return rc;
    if (!c.have_seed) {
        c.seed = os_seed();
        fprintf(stderr,
                "sudokuctl generate: seed %" PRIu64 " (repeat with --seed %" PRIu64
                ")\n",
                c.seed, c.seed);
    }
    for (int i = 0; i < c.count; i++) {
        struct gen_result r;
        char err[256];
        uint64_t seed = c.seed + (uint64_t)i;
        int st = gen_generate(&c.opts, seed, &r, err, sizeof err);
        if (st == GEN_ERR_OPTIONS)
            return ctl_usage_error("generate", "%s", err);
        if (st != GEN_OK) {
            fprintf(stderr, "sudokuctl generate: %s\n", err);
            ctl_finish_output();
            return CTL_EXIT_ERROR;
        }
        if (emit(&c, &r, seed))
            break;
    }
    return ctl_finish_output();
}
