/*
 * human: the pencil-mark state (set up, checked, changed by steps) and the
 * solving loop that always takes the easiest step of the technique table.
 */
#include "human.h"
#include "tech.h"
#include "tech_digits.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

/* The houses of cell: its row, column and box (tech.h numbering). */
static void houses_of(int cell, int h[3])
{
    h[0] = TECH_ROW(tech_row_of(cell));
    h[1] = TECH_COL(tech_col_of(cell));
    h[2] = TECH_BOX(tech_box_of(cell));
}

/*
 * One pass over the rows finds each house's digits and empty cells, a
 * second sets the candidates and checks what human_check does (every
 * empty cell keeps a candidate, every house has every digit placed or
 * possible) from the houses' unions, without walking the houses again.
 */
int human_init(struct human_state *st, const struct grid *g)
{
    unsigned placed[TECH_HOUSES] = {0}, have[TECH_HOUSES];
    int bad = 0;
    st->empty = 0;
    st->solved[0] = st->solved[1] = 0;
    memset(st->house_empty, 0, sizeof st->house_empty);
    for (int r = 0, i = 0; r < 9; r++) {
        for (int c = 0; c < 9; c++, i++) {
            int v = g->cell[i] <= 9 ? g->cell[i] : 0;
            int b = TECH_BOX(r / 3 * 3 + c / 3);
            st->value[i] = (uint8_t)v;
            if (!v) {
                st->house_empty[TECH_ROW(r)]++;
                st->house_empty[TECH_COL(c)]++;
                st->house_empty[b]++;
                st->empty++;
                continue;
            }
            unsigned bit = tech_bit(v);
            bad |= ((placed[TECH_ROW(r)] | placed[TECH_COL(c)] | placed[b]) &
                    bit) != 0;
            placed[TECH_ROW(r)] |= bit;
            placed[TECH_COL(c)] |= bit;
            placed[b] |= bit;
        }
    }
    memcpy(have, placed, sizeof have);
    for (int r = 0, i = 0; r < 9; r++) {
        for (int c = 0; c < 9; c++, i++) {
            int b = TECH_BOX(r / 3 * 3 + c / 3);
            unsigned m = 0;
            if (!st->value[i]) {
                m = HUMAN_ALL_DIGITS &
                    ~(placed[TECH_ROW(r)] | placed[TECH_COL(c)] | placed[b]);
                bad |= m == 0;
            }
            st->cand[i] = (uint16_t)m;
            have[TECH_ROW(r)] |= m;
            have[TECH_COL(c)] |= m;
            have[b] |= m;
        }
    }
    for (int h = 0; h < TECH_HOUSES; h++)
        bad |= have[h] != HUMAN_ALL_DIGITS;
    return bad ? HUMAN_INVALID : 0;
}

void human_to_grid(const struct human_state *st, struct grid *g)
{
    memcpy(g->cell, st->value, sizeof g->cell);
}

int human_check(const struct human_state *st)
{
    for (int h = 0; h < TECH_HOUSES; h++) {
        unsigned have = 0;
        for (int i = 0; i < 9; i++) {
            int cell = tech_house_cells[h][i];
            if (!st->value[cell] && !st->cand[cell])
                return HUMAN_INVALID;
            have |= st->value[cell] ? tech_bit(st->value[cell]) : st->cand[cell];
        }
        if (have != HUMAN_ALL_DIGITS)
            return HUMAN_INVALID;
    }
    return 0;
}

static void place_digit(struct human_state *st, int cell, int digit)
{
    uint16_t keep = (uint16_t)~tech_bit(digit);
    int houses[3];
    if (st->value[cell])
        return;
    houses_of(cell, houses);
    st->value[cell] = (uint8_t)digit;
    st->cand[cell] = 0;
    st->solved[cell / 64] |= (uint64_t)1 << (cell % 64);
    st->empty--;
    for (int h = 0; h < 3; h++) {
        st->house_empty[houses[h]]--;
        for (int i = 0; i < 9; i++)
            st->cand[tech_house_cells[houses[h]][i]] &= keep;
    }
}

void human_apply(struct human_state *st, const struct human_step *step)
{
    for (int i = 0; i < step->n_elim; i++)
        st->cand[step->elim[i].cell] &= (uint16_t)~tech_bit(step->elim[i].digit);
    for (int i = 0; i < step->n_place; i++)
        place_digit(st, step->place[i].cell, step->place[i].digit);
}

/* The rating of a step the row found: by the step (chains, by length) or
 * the row's fixed one. */
static int row_rating(const struct tech_row *row, const struct human_step *step)
{
    return row->rate ? row->rate(step) : row->info.rating;
}

/* SE takes the lowest-rated chain of all it finds; our chain rows each
 * find their own shortest, so the first row to fire is not always the
 * chain SE would take. */
static void cheapest_chain(struct tech_ctx *ctx, int first, struct human_step *best)
{
    struct human_step other;
    other.flags = best->flags;
    for (int t = first + 1; t < tech_solver_len; t++) {
        const struct tech_row *row = &tech_table[t];
        if (row->kind != TECH_KIND_CHAIN)
            continue;
        tech_ctx_row(ctx, t);
        tech_step_reset(&other);
        if (!row->find(ctx, &other))
            continue;
        other.tech = t;
        other.rating = row_rating(row, &other);
        if (other.rating < best->rating)
            *best = other;
    }
}

/* The first row that applies; memo is the solving loop's, or NULL (and
 * not used on the plain path). */
static int find_step(const struct human_state *st, struct human_step *step,
                     struct tech_memo *memo)
{
    struct tech_ctx ctx;
    tech_ctx_init(&ctx, st);
    ctx.plain = (step->flags & HUMAN_PLAIN) != 0;
    ctx.memo = ctx.plain ? NULL : memo;
    for (int t = 0; t < tech_solver_len; t++) {
        const struct tech_row *row = &tech_table[t];
        tech_ctx_row(&ctx, t);
        tech_step_reset(step);
        if (!row->find(&ctx, step))
            continue;
        step->tech = t;
        step->rating = row_rating(row, step);
        if (row->kind == TECH_KIND_CHAIN)
            cheapest_chain(&ctx, t, step);
        return 1;
    }
    tech_step_reset(step);
    return 0;
}

int human_find_step(const struct human_state *st, struct human_step *step)
{
    return find_step(st, step, NULL);
}

/* ---- a rater's order (tech_solve_order) ------------------------------ */

/* HoDoKu's weighted index sum of a step's eliminations (its step
 * comparison's tie-break), the eliminations taken by cell and digit. */
static long elim_index_sum(const struct human_step *s)
{
    uint16_t key[HUMAN_STEP_MAX_ELIM];
    return tech_index_sum(key, tech_elims_by_cell(s, key));
}

/* A single-digit pattern's place in HoDoKu's search: links in rows
 * before links in columns, then the digit, then the links' houses. */
static long lines_key(const struct human_step *s)
{
    int a = s->n_house > 0 ? s->house[0] : 0, b = s->n_house > 1 ? s->house[1] : a;
    int lo = a < b ? a : b, hi = a < b ? b : a;
    int digit = s->n_elim ? s->elim[0].digit : 0;
    return ((long)(lo >= 9) * 10 + digit) * 1000 + lo * 30 + hi;
}

struct choice {
    struct human_step best;
    enum tech_choose choose;
    /* have: best holds a step; its n_elim and (not for lines first) its
     * elim_index_sum */
    struct tech_kept kept;
};

/* 1 when a comes before the kept step in HoDoKu's step comparison
 * (rater.h, RATER_MOST: more eliminations, then a smaller index sum of
 * them, then fewer causes; equal steps keep the first found), the kept
 * step's index sum known; *sum gets a's when it was needed (else -1). */
static int before_kept(const struct choice *c, const struct human_step *a, long *sum)
{
    *sum = -1;
    if (a->n_elim != c->best.n_elim)
        return a->n_elim > c->best.n_elim;
    *sum = elim_index_sum(a);
    if (*sum != c->kept.index_sum)
        return *sum < c->kept.index_sum;
    return a->n_cause < c->best.n_cause;
}

/* Collect mode's receiver for a row that compares its instances: keeps
 * the best step. */
static int choose_step(struct tech_ctx *ctx, struct human_step *step)
{
    struct choice *c = ctx->collect_arg;
    long sum = -1;
    if (c->kept.have && (c->choose == TECH_CHOOSE_LINES_FIRST
                             ? lines_key(step) >= lines_key(&c->best)
                             : !before_kept(c, step, &sum)))
        return 0;
    c->best = *step;
    if (c->choose != TECH_CHOOSE_LINES_FIRST)
        c->kept.index_sum = sum >= 0 ? sum : elim_index_sum(step);
    c->kept.have = 1;
    c->kept.n_elim = step->n_elim;
    return 0;
}

/* Every instance of row r in the state of the search outer, the one its
 * choice takes kept into step: a search of its own, on the plain path
 * (collect mode keeps no memo), sharing outer's ALS sets (tech_ctx's
 * als). */
static int find_chosen(const struct tech_ctx *outer, const struct tech_order_row *r,
                       struct human_step *step)
{
    struct tech_ctx ctx;
    struct choice c;
    c.kept.have = 0;
    c.choose = r->choose;
    c.best.flags = step->flags;
    tech_ctx_init(&ctx, outer->st);
    ctx.plain = 1;
    ctx.als = outer->als;
    ctx.collect = choose_step;
    ctx.collect_arg = &c;
    /* HoDoKu's comparison takes no step with fewer eliminations than one
     * kept: the search may leave those out (tech_kept_beats) */
    ctx.kept = c.choose == TECH_CHOOSE_MOST ? &c.kept : NULL;
    tech_ctx_row(&ctx, r->tech);
    /* the chain rows' strong links of the same state, when outer (not on
     * the plain path) built them: they are built from the state alone */
    if (!outer->plain && outer->built.links) {
        ctx.links = outer->links;
        ctx.built.links = 1;
    }
    tech_step_reset(step);
    /* a search that returns its step without tech_found gives one */
    if (r->find(&ctx, step))
        choose_step(&ctx, step);
    if (!c.kept.have)
        return 0;
    *step = c.best;
    return 1;
}

/* A step's placements turned into the removal of their cells' other
 * candidates (RATER_FIRST_ELIMINATING). */
static void placements_as_eliminations(const struct human_state *st,
                                       struct human_step *step)
{
    int n = step->n_place;
    step->n_place = 0;
    for (int i = 0; i < n; i++)
        tech_eliminate_mask(step, st, step->place[i].cell,
                            st->cand[step->place[i].cell] &
                                ~tech_bit(step->place[i].digit));
}

/* Row r of an order searched in ctx (whose plain flag and row are
 * set): its step into step, chosen as r says, its tech and rating set.
 * Returns 1 when it found one. */
static int order_row_find(struct tech_ctx *ctx, const struct tech_order_row *r,
                          struct human_step *step, struct tech_memo *memo, tech_rows shared)
{
    const struct tech_row *row = &tech_table[r->tech];
    ctx->memo = ctx->plain || (r->find != row->find && ((shared >> r->tech) & 1)) ? NULL
                                                                                 : memo;
    ctx->any = r->choose != TECH_CHOOSE_FIRST;
    tech_step_reset(step);
    /* the search stops at a first instance (with the memo, fast); only a
     * row that has one is searched for every instance */
    if (r->choose != TECH_CHOOSE_FIRST && r->find == row->find && row->all_at_once) {
        if (!find_chosen(ctx, r, step))
            return 0;
    } else if (!r->find(ctx, step) ||
               (r->choose != TECH_CHOOSE_FIRST && !find_chosen(ctx, r, step))) {
        return 0;
    }
    step->tech = r->tech;
    step->rating = r->rating >= 0 ? r->rating : row_rating(row, step);
    if (r->eliminating)
        placements_as_eliminations(ctx->st, step);
    return 1;
}

int tech_find_order(const struct human_state *st, const struct tech_order_row *rows,
                    int n, struct human_step *step, struct tech_memo *memo,
                    tech_rows skip, tech_rows shared, tech_rows *empty)
{
    struct tech_ctx ctx;
    struct tech_als_share als; /* about 160 KB, built by the first row asking */
    tech_rows none = 0;
    tech_ctx_init(&ctx, st);
    ctx.plain = (step->flags & HUMAN_PLAIN) != 0;
    ctx.alone = 1;
    /* the plain path's rows each start from nothing built */
    als.ready = 0;
    ctx.als = ctx.plain ? NULL : &als;
    for (int i = 0; i < n; i++) {
        const struct tech_order_row *r = &rows[i];
        int own = r->find == tech_table[r->tech].find;
        if (own && (skip >> r->tech) & 1)
            continue;
        tech_ctx_row(&ctx, r->tech);
        if (!order_row_find(&ctx, r, step, memo, shared)) {
            none |= own ? (tech_rows)1 << r->tech : 0;
            continue;
        }
        if (empty)
            *empty = none;
        return 1;
    }
    if (empty)
        *empty = none;
    tech_step_reset(step);
    return 0;
}

/* The next step of a solving loop in st (its memo given), or 0. */
typedef int next_step_fn(const struct human_state *st, struct human_step *step,
                         struct tech_memo *memo, const void *arg);

/* The solving loop: finds (next) and applies steps until solved or stuck. */
static int solve_loop(struct human_state *st, unsigned flags, human_step_cb cb,
                      void *arg, next_step_fn *next, const void *next_arg)
{
    struct human_step step;
    struct tech_memo memo; /* what each search found nothing in */
    tech_memo_init(&memo);
    step.flags = flags;
    while (st->empty > 0) {
        if (!next(st, &step, &memo, next_arg))
            return human_check(st) ? HUMAN_INVALID : HUMAN_STUCK;
        if (cb && cb(arg, st, &step))
            return HUMAN_STOPPED;
        human_apply(st, &step);
        tech_memo_step(&memo);
    }
    return human_check(st) ? HUMAN_INVALID : HUMAN_SOLVED;
}

static int table_next(const struct human_state *st, struct human_step *step,
                      struct tech_memo *memo, const void *unused)
{
    (void)unused;
    return find_step(st, step, memo);
}

int human_solve(struct human_state *st, unsigned flags, human_step_cb cb, void *arg)
{
    return solve_loop(st, flags, cb, arg, table_next, NULL);
}

/* An order and its length, for order_next. */
struct order {
    const struct tech_order_row *rows;
    int n;
};

static int order_next(const struct human_state *st, struct human_step *step,
                      struct tech_memo *memo, const void *arg)
{
    const struct order *o = arg;
    return tech_find_order(st, o->rows, o->n, step, memo, 0, 0, NULL);
}

int tech_solve_order(struct human_state *st, const struct tech_order_row *rows, int n,
                     unsigned flags, human_step_cb cb, void *arg)
{
    const struct order o = {rows, n};
    return solve_loop(st, flags, cb, arg, order_next, &o);
}

/* ---- every instance (human_all_steps) -------------------------------- */

#define ALL_SEEN_SLOTS (2 * HUMAN_ALL_STEPS_MAX)
_Static_assert((ALL_SEEN_SLOTS & (ALL_SEEN_SLOTS - 1)) == 0 &&
                   ALL_SEEN_SLOTS <= 65536,
               "the fingerprint table's size: a power of two, slots in 16 bits");

struct all_steps {
    human_step_cb cb;
    void *arg;
    int n;      /* steps reported */
    int stop;   /* cb asked to stop */
    int halted; /* the row's search was told to stop (tech_found) */
    int kept;   /* fingerprints in seen: the row's distinct steps */
    uint64_t seen[ALL_SEEN_SLOTS];    /* open addressing; 0: empty */
    uint16_t at[HUMAN_ALL_STEPS_MAX]; /* the slots used, to clear them */
};

/* splitmix64's finaliser: spreads one candidate over the 64 bits. */
static uint64_t mix64(uint64_t x)
{
    x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ull;
    x = (x ^ (x >> 27)) * 0x94D049BB133111EBull;
    return x ^ (x >> 31);
}

/* What a step does (its placements and eliminations), as a fingerprint
 * that does not depend on their order: a sum over the candidates, each
 * recorded once (tech_eliminate). */
static uint64_t step_fingerprint(const struct human_step *step)
{
    uint64_t h = 0;
    for (int i = 0; i < step->n_place; i++)
        h += mix64(1000u + step->place[i].cell * 10u + step->place[i].digit);
    for (int i = 0; i < step->n_elim; i++)
        h += mix64(step->elim[i].cell * 10u + step->elim[i].digit);
    return h ? h : 1;
}

/* 1 when the row reported a step doing the same already; else records
 * it. */
static int seen_before(struct all_steps *a, uint64_t fp)
{
    unsigned i = (unsigned)fp & (ALL_SEEN_SLOTS - 1);
    for (; a->seen[i]; i = (i + 1) & (ALL_SEEN_SLOTS - 1))
        if (a->seen[i] == fp)
            return 1;
    a->seen[i] = fp;
    a->at[a->kept++] = (uint16_t)i;
    return 0;
}

/* Collect mode's receiver (tech_found): completes the step as the
 * solver would (row, rating) and hands it on, once per placements and
 * eliminations. */
static int collect_step(struct tech_ctx *ctx, struct human_step *step)
{
    struct all_steps *a = ctx->collect_arg;
    const struct tech_row *row = &tech_table[ctx->row];
    if (seen_before(a, step_fingerprint(step)))
        return 0;
    step->tech = ctx->row;
    step->rating = row_rating(row, step);
    a->n++;
    a->stop = a->cb && a->cb(a->arg, ctx->st, step) != 0;
    a->halted = a->stop || a->kept >= HUMAN_ALL_STEPS_MAX;
    return a->halted;
}

int human_all_steps(const struct human_state *st, int tech, human_step_cb cb,
                    void *arg)
{
    struct all_steps a;
    struct human_step step;
    struct tech_ctx ctx;
    if (tech < -1 || tech >= tech_table_len)
        return -1;
    a.cb = cb;
    a.arg = arg;
    a.n = 0;
    a.stop = 0;
    tech_ctx_init(&ctx, st);
    ctx.plain = 1;
    ctx.collect = collect_step;
    ctx.collect_arg = &a;
    step.flags = HUMAN_STEP_TEXT;
    memset(a.seen, 0, sizeof a.seen);
    a.kept = 0;
    int first = tech < 0 ? 0 : tech, last = tech < 0 ? tech_table_len - 1 : tech;
    for (int t = first; t <= last && !a.stop; t++) {
        while (a.kept > 0)
            a.seen[a.at[--a.kept]] = 0;
        a.halted = 0;
        tech_ctx_row(&ctx, t);
        tech_step_reset(&step);
        /* a search that returns its step without tech_found reports
         * its first instance only */
        if (tech_table[t].find(&ctx, &step) && !a.halted)
            collect_step(&ctx, &step);
    }
    return a.n;
}

int human_path_record(void *arg, const struct human_state *before,
                      const struct human_step *step)
{
    struct human_path *path = arg;
    (void)before;
    if (path->len >= HUMAN_PATH_MAX)
        return 1;
    path->step[path->len++] = *step;
    return 0;
}

int human_solve_path(struct human_state *st, struct human_path *path)
{
    path->len = 0;
    return human_solve(st, HUMAN_STEP_TEXT, human_path_record, path);
}

int human_tech_count(void)
{
    return tech_table_len;
}

const struct human_tech_info *human_tech_info(int tech)
{
    if (tech < 0 || tech >= tech_table_len)
        return NULL;
    return &tech_table[tech].info;
}

int human_tech_find(const char *key)
{
    for (int t = 0; t < tech_table_len; t++)
        if (strcmp(tech_table[t].info.key, key) == 0)
            return t;
    return -1;
}

const char *human_group_name(enum human_group group)
{
    static const char *const names[] = {"easy", "medium", "hard", "expert"};
    if ((unsigned)group > HUMAN_GROUP_EXPERT)
        return "unknown";
    return names[group];
}

/* Appends printf-style text at *len, never past outlen. */
static void put(char *out, size_t outlen, size_t *len, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));

static void put(char *out, size_t outlen, size_t *len, const char *fmt, ...)
{
    va_list ap;
    if (*len + 1 >= outlen)
        return;
    va_start(ap, fmt);
    int n = vsnprintf(out + *len, outlen - *len, fmt, ap);
    va_end(ap);
    if (n > 0)
        *len += (size_t)n < outlen - *len ? (size_t)n : outlen - *len - 1;
}

/* A cell as text: its value, or its candidates in increasing order. */
static int cell_text(const struct human_state *st, int cell, char out[10])
{
    int n = 0;
    if (st->value[cell])
        out[n++] = (char)('0' + st->value[cell]);
    for (unsigned m = st->value[cell] ? 0 : st->cand[cell]; m; m &= m - 1)
        out[n++] = (char)('0' + tech_lowest_digit(m));
    out[n] = '\0';
    return n;
}

size_t human_format_candidates(const struct human_state *st, char *out,
                               size_t outlen)
{
    int width[9] = {0};
    char text[10];
    size_t len = 0;
    if (outlen == 0)
        return 0;
    out[0] = '\0';
    for (int cell = 0; cell < GRID_CELLS; cell++) {
        int n = cell_text(st, cell, text);
        if (n > width[cell % 9])
            width[cell % 9] = n;
    }
    for (int r = 0; r < 9; r++) {
        if (r == 3 || r == 6) {
            for (int c = 0; c < 9; c++)
                put(out, outlen, &len, "%s%.*s", c == 3 || c == 6 ? "+-" : "",
                    width[c] + 1, "-----------");
            put(out, outlen, &len, "\n");
        }
        for (int c = 0; c < 9; c++) {
            cell_text(st, r * 9 + c, text);
            put(out, outlen, &len, "%s%-*s%s", c == 3 || c == 6 ? "| " : "",
                c == 8 ? 0 : width[c], text, c == 8 ? "\n" : " ");
        }
    }
    return len;
}
