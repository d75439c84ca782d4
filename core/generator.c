/*
 * generator: owns the making of a puzzle — a random complete grid, then
 * clues removed in symmetric groups while the puzzle keeps one solution,
 * then the tier settled by the grader.
 *
 * Grading is the costly step, so removal first goes as far as uniqueness
 * allows (the solver's count is cheap), then grades once: a puzzle at the
 * target tier is kept, a too easy one is dropped (a new grid is cheaper
 * than steering this one harder), and one that overshoots gets its last
 * removed groups back, most recent first, until it comes down to the tier.
 */
#include "generator.h"

#include <stdio.h>
#include <string.h>

#include "rng.h"
#include "solver.h"

struct groups {
    int count;
    uint8_t size[GRID_CELLS];
    uint8_t cell[GRID_CELLS][4];
};

static int sym_image(int cell, enum gen_symmetry s)
{
    int r = cell / 9, c = cell % 9;
    switch (s) {
    case GEN_SYM_ROT180:
        return 80 - cell;
    case GEN_SYM_ROT90:
        return c * 9 + (8 - r);
    case GEN_SYM_MIRROR:
        return r * 9 + (8 - c);
    case GEN_SYM_DIAGONAL:
        return c * 9 + r;
    case GEN_SYM_NONE:
    default:
        return cell;
    }
}

/* Splits the cells into orbits of the symmetry: each orbit is removed or
 * kept as a whole, so the clue pattern keeps the symmetry. */
static void build_groups(enum gen_symmetry s, struct groups *g)
{
    uint8_t seen[GRID_CELLS] = {0};
    g->count = 0;
    for (int cell = 0; cell < GRID_CELLS; cell++) {
        if (seen[cell])
            continue;
        int n = 0, x = cell;
        do {
            seen[x] = 1;
            g->cell[g->count][n++] = (uint8_t)x;
            x = sym_image(x, s);
        } while (x != cell && n < 4);
        g->size[g->count++] = (uint8_t)n;
    }
}

int gen_has_symmetry(const struct grid *g, enum gen_symmetry s)
{
    for (int cell = 0; cell < GRID_CELLS; cell++)
        if ((g->cell[cell] != 0) != (g->cell[sym_image(cell, s)] != 0))
            return 0;
    return 1;
}

struct filler {
    uint16_t row[9], col[9], box[9]; /* digits used, bit d-1 */
    struct grid *g;
    struct rng *r;
};

/* Fills the empty cells from cell on, in order, trying the open digits in
 * random order.  Kept apart from the fast solver on purpose: the solver's
 * search order may change for speed without changing which grid a seed
 * gives. */
static int fill_from(struct filler *f, int cell)
{
    while (cell < GRID_CELLS && f->g->cell[cell])
        cell++;
    if (cell == GRID_CELLS)
        return 1;
    int r = cell / 9, c = cell % 9, b = grid_box(cell);
    uint16_t open = (uint16_t)(~(f->row[r] | f->col[c] | f->box[b]) & 0x1ff);
    uint8_t digits[9];
    int n = 0;
    for (int d = 0; d < 9; d++)
        if (open & (1u << d))
            digits[n++] = (uint8_t)d;
    rng_shuffle_bytes(f->r, digits, n);
    for (int i = 0; i < n; i++) {
        uint16_t bit = (uint16_t)(1u << digits[i]);
        f->row[r] |= bit;
        f->col[c] |= bit;
        f->box[b] |= bit;
        f->g->cell[cell] = (uint8_t)(digits[i] + 1);
        if (fill_from(f, cell + 1))
            return 1;
        f->row[r] &= (uint16_t)~bit;
        f->col[c] &= (uint16_t)~bit;
        f->box[b] &= (uint16_t)~bit;
    }
    f->g->cell[cell] = 0;
    return 0;
}

static void put(struct filler *f, int cell, int digit)
{
    uint16_t bit = (uint16_t)(1u << (digit - 1));
    f->g->cell[cell] = (uint8_t)digit;
    f->row[cell / 9] |= bit;
    f->col[cell % 9] |= bit;
    f->box[grid_box(cell)] |= bit;
}

/* A random complete grid.  The three diagonal boxes share no house, so
 * they are drawn freely; randomised backtracking fills the rest, which
 * with those boxes in place rarely needs to back up far. */
static void random_solution(struct rng *r, struct grid *out)
{
    struct filler f;
    memset(&f, 0, sizeof f);
    memset(out, 0, sizeof *out);
    f.g = out;
    f.r = r;
    for (int box = 0; box < 9; box += 4) {
        uint8_t d[9] = {1, 2, 3, 4, 5, 6, 7, 8, 9};
        rng_shuffle_bytes(r, d, 9);
        for (int i = 0; i < 9; i++)
            put(&f, (box / 3) * 27 + (box % 3) * 3 + (i / 3) * 9 + i % 3, d[i]);
    }
    fill_from(&f, 0);
}

static void set_group(struct grid *p, const struct grid *sol,
                      const struct groups *gs, int gi, int on)
{
    for (int k = 0; k < gs->size[gi]; k++) {
        int c = gs->cell[gi][k];
        p->cell[c] = on ? sol->cell[c] : 0;
    }
}

static int is_minimal(const struct grid *p)
{
    struct grid t = *p;
    for (int c = 0; c < GRID_CELLS; c++) {
        if (!t.cell[c])
            continue;
        uint8_t v = t.cell[c];
        t.cell[c] = 0;
        int unique = solver_count(&t, 2, NULL) == 1;
        t.cell[c] = v;
        if (unique)
            return 0;
    }
    return 1;
}

/* Removes groups in random order while one solution remains; records the
 * removed groups in order.  Returns the clue count left. */
static int remove_while_unique(struct rng *r, const struct gen_options *o,
                               const struct groups *gs, const struct grid *sol,
                               struct grid *p, uint8_t *removed, int *n_removed)
{
    uint8_t order[GRID_CELLS];
    int clues = GRID_CELLS;
    for (int i = 0; i < gs->count; i++)
        order[i] = (uint8_t)i;
    rng_shuffle_bytes(r, order, gs->count);
    *n_removed = 0;
    for (int i = 0; i < gs->count; i++) {
        int gi = order[i];
        if (clues - gs->size[gi] < o->min_clues)
            continue;
        set_group(p, sol, gs, gi, 0);
        if (solver_count(p, 2, NULL) != 1) {
            set_group(p, sol, gs, gi, 1);
            continue;
        }
        clues -= gs->size[gi];
        removed[(*n_removed)++] = (uint8_t)gi;
    }
    return clues;
}

/* One complete grid: returns 1 with out filled when it yields a puzzle. */
static int attempt(struct rng *r, const struct gen_options *o,
                   const struct groups *gs, struct gen_result *out)
{
    uint8_t removed[GRID_CELLS];
    int n_removed;
    random_solution(r, &out->solution);
    out->puzzle = out->solution;
    int clues = remove_while_unique(r, o, gs, &out->solution, &out->puzzle, removed,
                                    &n_removed);
    grade_puzzle(&out->puzzle, &out->grade);
    while (out->grade.tier > o->tier && n_removed > 0) {
        int gi = removed[--n_removed];
        set_group(&out->puzzle, &out->solution, gs, gi, 1);
        clues += gs->size[gi];
        grade_puzzle(&out->puzzle, &out->grade);
    }
    if (out->grade.tier != o->tier || clues > o->max_clues)
        return 0;
    if (o->minimal && !is_minimal(&out->puzzle))
        return 0;
    out->clues = clues;
    return 1;
}

void gen_options_default(struct gen_options *o)
{
    o->tier = GRADE_MEDIUM;
    o->symmetry = GEN_SYM_ROT180;
    o->min_clues = 17;
    o->max_clues = 81;
    o->minimal = 0;
    o->max_attempts = 500;
    o->cancel = NULL;
}

static int check_options(const struct gen_options *o, char *err, size_t errlen)
{
    if (o->tier < GRADE_EASY || o->tier > GRADE_EXTREME) {
        snprintf(err, errlen, "tier must be easy, medium, hard, expert or extreme");
        return GEN_ERR_OPTIONS;
    }
    if (!gen_symmetry_name(o->symmetry)) {
        snprintf(err, errlen, "unknown symmetry %d", (int)o->symmetry);
        return GEN_ERR_OPTIONS;
    }
    if (o->min_clues < 17 || o->max_clues > 81 || o->min_clues > o->max_clues) {
        snprintf(err, errlen,
                 "clue bounds %d..%d: need 17 <= minimum <= maximum <= 81 (no "
                 "puzzle with one solution has fewer than 17 clues)",
                 o->min_clues, o->max_clues);
        return GEN_ERR_OPTIONS;
    }
    if (o->max_attempts < 1) {
        snprintf(err, errlen, "the attempt budget must be at least 1");
        return GEN_ERR_OPTIONS;
    }
    return GEN_OK;
}

int gen_generate(const struct gen_options *o, uint64_t seed, struct gen_result *out,
                 char *err, size_t errlen)
{
    int rc = check_options(o, err, errlen);
    if (rc != GEN_OK)
        return rc;
    struct groups gs;
    struct rng r;
    build_groups(o->symmetry, &gs);
    rng_seed(&r, seed);
    for (int i = 1; i <= o->max_attempts; i++) {
        if (o->cancel && atomic_load_explicit(o->cancel, memory_order_relaxed)) {
            snprintf(err, errlen, "cancelled");
            return GEN_ERR_CANCELLED;
        }
        if (attempt(&r, o, &gs, out)) {
            out->attempts = i;
            return GEN_OK;
        }
    }
    snprintf(err, errlen,
             "no %s puzzle with %d to %d clues%s in %d attempts (seed %llu): "
             "widen the clue bounds or raise the attempt budget",
             grade_tier_name(o->tier), o->min_clues, o->max_clues,
             o->minimal ? ", minimal," : "", o->max_attempts,
             (unsigned long long)seed);
    return GEN_ERR_BUDGET;
}

static const char *const symmetry_names[] = {
    "none", "rotational-180", "rotational-90", "mirror", "diagonal",
};

const char *gen_symmetry_name(enum gen_symmetry s)
{
    if ((int)s < 0 || (int)s > GEN_SYM_DIAGONAL)
        return NULL;
    return symmetry_names[s];
}

int gen_symmetry_parse(const char *name)
{
    for (int i = 0; i <= GEN_SYM_DIAGONAL; i++)
        if (strcmp(name, symmetry_names[i]) == 0)
            return i;
    return -1;
}
