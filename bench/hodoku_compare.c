/*
 * hodoku_compare: our techniques against HoDoKu's own solution paths,
 * step by step.  A study tool run by hand, like calib_grade (neither
 * bench/run nor make check runs it: build it with
 * `make build/bench/hodoku_compare`).
 *
 *   hodoku_compare [-a] [-v] [-t NAME] [-n MAX] [-p STRIDE] PATHS
 *   hodoku_compare -r [-v] [-t KEY] [-n MAX] ALL_STEPS
 *
 * PATHS is what HoDoKu 2.2 prints for a batch of puzzles with its
 * "print solution path" option (/vp): a line starting with the puzzle's
 * 81 characters, then one indented line per step ("   Naked Pair: 5,6 in
 * r1c35 => r1c6<>5, r1c689<>6").  HoDoKu is not part of the project and
 * never runs here: make the file on a machine that has it.
 *
 * Each puzzle's path is replayed on a pencil-mark state of ours (HoDoKu's
 * placements and eliminations applied as they come).  At each step that
 * is not a single, the rows of ours that do what HoDoKu's technique does
 * (map[] below) list every instance they see in the position
 * (human_all_steps) and the step is counted as
 *
 *   exact     one instance of ours removes exactly HoDoKu's candidates
 *             (a placement counts as the removal of the cell's others);
 *   covered   none does, but together ours remove all of HoDoKu's;
 *   other     ours finds the technique here, not that instance;
 *   none      ours finds nothing: where the definitions differ;
 *   unsound   an instance of ours removes a digit of the solution (a
 *             bug, whatever else it finds; counted apart);
 *   elsewhere (of the steps not exact) another row of ours lists
 *             HoDoKu's step exactly, under another name.
 *
 * -a also runs every row of ours on the exact steps and counts, per
 * row before the mapped ones in our table, those that row lists too:
 * our solver would take them under that name.  Where a definition of
 * ours is wider than HoDoKu's (a HoDoKu naked pair our locked pair
 * takes), or two techniques simply meet.
 *
 * -p STRIDE prints instead, as regression-library lines, the position of
 * every STRIDE-th step past the singles: give them to HoDoKu's "find all
 * steps" (its /bsaf option) for -r.
 *
 * -r reads that output (each position line, then HoDoKu's steps there)
 * and runs, in each position, every row of ours map[] names: each step
 * ours lists is one HoDoKu lists too under that technique ("same"),
 * under another ("renamed": HoDoKu's listing keeps one step for the same
 * eliminations, so mostly a coincidence), or not at all ("absent": a
 * definition of ours wider than HoDoKu's, a step HoDoKu splits or joins
 * otherwise, or a chain it does not list).  -v prints the absent ones
 * (-t: of the rows whose key contains KEY).
 *
 * A technique of HoDoKu's that no row of ours maps to is counted in the
 * table as such.  The table has one line per HoDoKu technique met.  -v
 * prints every step not exact (at most MAX per technique, -n, default
 * 20; -t only the techniques whose HoDoKu name contains NAME): the
 * pencil marks, HoDoKu's step, ours, and the position as a line of
 * HoDoKu's regression-library format (HoDoKu's "find all steps" reads
 * it).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "grid.h"
#include "human.h"
#include "solver.h"

/* HoDoKu's technique names (as its solution path prints them) and the
 * table keys of ours doing the same, tried in order.  A key missing
 * from the table is skipped (a technique not written yet). */
struct tech_map {
    const char *name;
    const char *keys[4];
};

static const struct tech_map map[] = {
    {"Locked Candidates Type 1 (Pointing)", {"pointing"}},
    {"Locked Candidates Type 2 (Claiming)", {"claiming"}},
    {"Locked Pair", {"locked_pair"}},
    {"Locked Triple", {"locked_triple"}},
    {"Naked Pair", {"naked_pair"}},
    {"Naked Triple", {"naked_triple"}},
    {"Naked Quadruple", {"naked_quad"}},
    {"Hidden Pair", {"hidden_pair"}},
    {"Hidden Triple", {"hidden_triple"}},
    {"Hidden Quadruple", {"hidden_quad"}},
    {"X-Wing", {"x_wing"}},
    {"Swordfish", {"swordfish"}},
    {"Jellyfish", {"jellyfish"}},
    {"Finned X-Wing", {"finned_x_wing"}},
    {"Sashimi X-Wing", {"sashimi_x_wing"}},
    {"Finned Swordfish", {"finned_swordfish"}},
    {"Sashimi Swordfish", {"finned_swordfish"}},
    {"Finned Jellyfish", {"finned_jellyfish"}},
    {"Sashimi Jellyfish", {"finned_jellyfish"}},
    {"Skyscraper", {"skyscraper"}},
    {"2-String Kite", {"two_string_kite"}},
    {"Dual 2-String Kite", {"two_string_kite"}},
    {"Turbot Fish", {"turbot_fish"}},
    {"Empty Rectangle", {"empty_rectangle"}},
    {"Dual Empty Rectangle", {"empty_rectangle"}},
    {"Simple Colors Trap", {"simple_colour_trap"}},
    {"Simple Colors Wrap", {"simple_colour_wrap"}},
    {"Multi Colors 1", {"multi_colour_1"}},
    {"Multi Colors 2", {"multi_colour_2"}},
    {"Remote Pair", {"remote_pair"}},
    {"XY-Wing", {"xy_wing"}},
    {"XYZ-Wing", {"xyz_wing"}},
    {"W-Wing", {"w_wing"}},
    {"Uniqueness Test 1", {"unique_rectangle_1"}},
    {"Uniqueness Test 2", {"unique_rectangle_2"}},
    {"Uniqueness Test 3", {"unique_rectangle_3"}},
    {"Uniqueness Test 4", {"unique_rectangle_4"}},
    {"Uniqueness Test 5", {"unique_rectangle_5"}},
    {"Uniqueness Test 6", {"unique_rectangle_6"}},
    {"Hidden Rectangle", {"hidden_rectangle"}},
    {"Avoidable Rectangle Type 1", {"avoidable_rectangle_1"}},
    {"Avoidable Rectangle Type 2", {"avoidable_rectangle_2"}},
    {"Bivalue Universal Grave + 1", {"bug_plus_1"}},
    {"X-Chain", {"x_chain", "aic"}},
    {"XY-Chain", {"xy_chain", "aic"}},
    {"Continuous Nice Loop", {"aic", "x_chain", "xy_chain"}},
    {"Discontinuous Nice Loop", {"aic", "x_chain", "xy_chain"}},
    {"AIC", {"aic", "x_chain", "xy_chain"}},
    {"Grouped Continuous Nice Loop", {"grouped_aic"}},
    {"Grouped Discontinuous Nice Loop", {"grouped_aic"}},
    {"Grouped AIC", {"grouped_aic"}},
    {"Almost Locked Set XZ-Rule", {"als_xz"}},
    {"Almost Locked Set XY-Wing", {"als_xy_wing"}},
    {"Almost Locked Set Chain", {"als_xy_chain"}},
    {"Sue de Coq", {"sue_de_coq"}},
    {"Forcing Chain Contradiction", {"cell_forcing_chain", "region_forcing_chain"}},
    {"Forcing Chain Verity", {"cell_forcing_chain", "region_forcing_chain"}},
};

#define N_MAP ((int)(sizeof map / sizeof map[0]))
#define MAX_NAMES 96 /* HoDoKu techniques met, mapped or not */
#define NAME_LEN 64

enum outcome { O_EXACT, O_COVERED, O_OTHER, O_NONE, O_COUNT };

struct tally {
    char name[NAME_LEN];
    const struct tech_map *m; /* NULL: no row of ours */
    int steps, out[O_COUNT], unsound, elsewhere, shown;
    int also[HUMAN_TECH_MAX]; /* -a: exact steps other rows list too */
};

struct options {
    int verbose, max_shown, also;
    int stride; /* -p: print positions only */
    const char *only;
};

/* HoDoKu's step, parsed: what it removes (a placement as the removal of
 * the cell's other candidates) and what it places. */
struct hstep {
    char name[NAME_LEN];
    const char *line;
    uint16_t removed[GRID_CELLS];
    int n_place;
    struct human_cand place[GRID_CELLS];
};

/* The end of the run of digits 1-9 at s. */
static const char *digit_run(const char *s)
{
    while (*s >= '1' && *s <= '9')
        s++;
    return s;
}

/* Reads "r<rows>c<cols>[,r<rows>c<cols>...]" (each a run of digits
 * 1-9) at *p, marking the cells; advances *p.  -1 on bad text. */
static int parse_cells(const char **p, unsigned char cells[GRID_CELLS])
{
    const char *s = *p;
    for (;;) {
        if (*s != 'r')
            return -1;
        const char *rows = s + 1, *rows_end = digit_run(rows);
        if (*rows_end != 'c' || rows == rows_end)
            return -1;
        const char *cols = rows_end + 1;
        s = digit_run(cols);
        if (cols == s)
            return -1;
        for (const char *r = rows; r < rows_end; r++)
            for (const char *c = cols; c < s; c++)
                cells[(*r - '1') * 9 + (*c - '1')] = 1;
        if (*s != ',' || s[1] != 'r')
            break;
        s++;
    }
    *p = s;
    return 0;
}

/* Parses the effects after " => " ("r1c79,r3c123<>2, r4c1=6") against
 * st (the state before the step).  0 on success. */
static int parse_effects(const char *s, const struct human_state *st,
                         struct hstep *h)
{
    memset(h->removed, 0, sizeof h->removed);
    h->n_place = 0;
    while (*s && *s != '\n') {
        unsigned char cells[GRID_CELLS] = {0};
        if (parse_cells(&s, cells) != 0)
            return -1;
        int place = 0;
        if (s[0] == '<' && s[1] == '>')
            s += 2;
        else if (s[0] == '=') {
            place = 1;
            s++;
        } else
            return -1;
        if (*s < '1' || *s > '9')
            return -1;
        int digit = *s++ - '0';
        unsigned bit = 1u << (digit - 1);
        for (int c = 0; c < GRID_CELLS; c++) {
            if (!cells[c])
                continue;
            if (place) {
                if (h->n_place == GRID_CELLS)
                    return -1;
                h->place[h->n_place].cell = (uint8_t)c;
                h->place[h->n_place++].digit = (uint8_t)digit;
                h->removed[c] |= (uint16_t)(st->cand[c] & ~bit);
            } else {
                h->removed[c] |= (uint16_t)bit;
            }
        }
        if (s[0] == ',' && s[1] == ' ')
            s += 2;
        else if (*s && *s != '\n' && *s != '\r')
            return -1;
        else
            break;
    }
    return 0;
}

/* What one step of ours removes, as masks (placements as removals). */
static void step_removed(const struct human_state *st,
                         const struct human_step *step, uint16_t out[GRID_CELLS])
{
    memset(out, 0, GRID_CELLS * sizeof out[0]);
    for (int i = 0; i < step->n_elim; i++)
        out[step->elim[i].cell] |= (uint16_t)(1u << (step->elim[i].digit - 1));
    for (int i = 0; i < step->n_place; i++)
        out[step->place[i].cell] |= (uint16_t)(st->cand[step->place[i].cell] &
                                               ~(1u << (step->place[i].digit - 1)));
}

/* What the rows of ours listed in one position. */
struct listing {
    const struct hstep *h;
    const struct grid *solution;
    int n, exact, unsound;
    uint16_t cover[GRID_CELLS]; /* union of what they remove */
    int show;                   /* print each (verbose) */
    int match_tech;             /* the row of the first exact one */
    uint64_t exact_rows;        /* every row with an exact one */
};

static int list_step(void *arg, const struct human_state *before,
                     const struct human_step *step)
{
    struct listing *l = arg;
    uint16_t rem[GRID_CELLS];
    step_removed(before, step, rem);
    int sound = 1;
    for (int c = 0; c < GRID_CELLS; c++) {
        if (rem[c] & (1u << (l->solution->cell[c] - 1)))
            sound = 0;
        l->cover[c] |= rem[c];
    }
    l->unsound |= !sound;
    if (memcmp(rem, l->h->removed, sizeof rem) == 0) {
        if (!l->exact)
            l->match_tech = step->tech;
        l->exact = 1;
        l->exact_rows |= 1ull << step->tech;
    }
    if (l->show && l->n < 12)
        printf("    ours%s: %s\n", sound ? "" : " (UNSOUND)", step->text);
    l->n++;
    return 0;
}

/* The position as a line of HoDoKu's regression library: givens, placed
 * digits marked '+', then the candidates deleted (digit, row, column). */
static void print_reglib_line(const char *indent, const struct grid *givens,
                              const struct human_state *st)
{
    printf("%s:0000:x:", indent);
    for (int c = 0; c < GRID_CELLS; c++) {
        if (givens->cell[c])
            printf("%d", givens->cell[c]);
        else if (st->value[c])
            printf("+%d", st->value[c]);
        else
            printf(".");
    }
    printf(":");
    const char *sep = "";
    for (int c = 0; c < GRID_CELLS; c++) {
        if (st->value[c])
            continue;
        for (int d = 1; d <= 9; d++) {
            int seen = 0;
            for (int k = 0; k < 9 && !seen; k++) {
                int r = c / 9, col = c % 9;
                int box = (r / 3) * 3 + col / 3;
                int rc = r * 9 + k, cc = k * 9 + col,
                    bc = (box / 3) * 27 + (box % 3) * 3 + (k / 3) * 9 + k % 3;
                seen = st->value[rc] == d || st->value[cc] == d ||
                       st->value[bc] == d;
            }
            if (!seen && !(st->cand[c] & (1u << (d - 1)))) {
                printf("%s%d%d%d", sep, d, c / 9 + 1, c % 9 + 1);
                sep = " ";
            }
        }
    }
    printf("::\n");
}

static const char *const outcome_name[O_COUNT] = {"exact", "covered", "other",
                                                  "none"};

static struct tally *tally_of(struct tally *t, int *n, const char *name)
{
    for (int i = 0; i < *n; i++)
        if (strcmp(t[i].name, name) == 0)
            return &t[i];
    if (*n == MAX_NAMES)
        return NULL;
    struct tally *x = &t[(*n)++];
    memset(x, 0, sizeof *x);
    snprintf(x->name, sizeof x->name, "%s", name);
    for (int i = 0; i < N_MAP; i++)
        if (strcmp(map[i].name, name) == 0)
            for (int k = 0; k < 4 && map[i].keys[k]; k++)
                if (human_tech_find(map[i].keys[k]) >= 0)
                    x->m = &map[i];
    return x;
}

/* Compares one HoDoKu step with ours in st and counts it. */
static void compare_step(const struct hstep *h, const struct human_state *st,
                         const struct grid *givens, const struct grid *solution,
                         int puzzle, struct tally *t, const struct options *o)
{
    t->steps++;
    if (!t->m)
        return;
    int show = o->verbose && (!o->only || strstr(t->name, o->only)) &&
               t->shown < o->max_shown;
    struct listing l = {.h = h, .solution = solution};
    for (int k = 0; k < 4 && t->m->keys[k]; k++) {
        int row = human_tech_find(t->m->keys[k]);
        if (row >= 0)
            human_all_steps(st, row, list_step, &l);
    }
    enum outcome out = O_OTHER;
    if (l.exact)
        out = O_EXACT;
    else if (l.n == 0)
        out = O_NONE;
    else {
        int covered = 1;
        for (int c = 0; c < GRID_CELLS && covered; c++)
            covered = (h->removed[c] & ~l.cover[c]) == 0;
        out = covered ? O_COVERED : O_OTHER;
    }
    t->out[out]++;
    t->unsound += l.unsound;
    struct listing all = {.h = h, .solution = solution};
    int first_row = HUMAN_TECH_MAX; /* the earliest mapped row */
    for (int k = 0; k < 4 && t->m->keys[k]; k++) {
        int row = human_tech_find(t->m->keys[k]);
        if (row >= 0 && row < first_row)
            first_row = row;
    }
    if (out != O_EXACT || o->also) {
        human_all_steps(st, -1, list_step, &all);
        t->elsewhere += out != O_EXACT && all.exact;
        if (out == O_EXACT)
            for (int r = 0; r < first_row; r++)
                t->also[r] += (int)(all.exact_rows >> r & 1);
    }
    if (!show || (out == O_EXACT && !l.unsound))
        return;
    t->shown++;
    char pm[HUMAN_CANDIDATES_MAX];
    human_format_candidates(st, pm, sizeof pm);
    printf("== puzzle #%d, %s%s: %s\n", puzzle, outcome_name[out],
           l.unsound ? ", UNSOUND" : "", h->line);
    if (all.exact)
        printf("   another row of ours lists it: %s\n",
               human_tech_info(all.match_tech)->key);
    printf("%s", pm);
    print_reglib_line("    ", givens, st);
    l = (struct listing){.h = h, .solution = solution, .show = 1};
    for (int k = 0; k < 4 && t->m->keys[k]; k++) {
        int row = human_tech_find(t->m->keys[k]);
        if (row >= 0)
            human_all_steps(st, row, list_step, &l);
    }
}

/* Applies HoDoKu's step to st.  -1 when it removes a candidate st does
 * not have or places a digit st does not allow (the replay lost step). */
static int apply_step(struct human_state *st, const struct hstep *h)
{
    for (int c = 0; c < GRID_CELLS; c++) {
        if (h->removed[c] & ~st->cand[c])
            return -1;
        st->cand[c] &= (uint16_t)~h->removed[c];
    }
    for (int i = 0; i < h->n_place; i++) {
        struct human_step s;
        memset(&s, 0, sizeof s);
        s.n_place = 1;
        s.place[0] = h->place[i];
        if (st->value[h->place[i].cell])
            continue;
        human_apply(st, &s);
    }
    return 0;
}

static int is_single(const char *name)
{
    return strcmp(name, "Full House") == 0 || strcmp(name, "Hidden Single") == 0 ||
           strcmp(name, "Naked Single") == 0;
}

/* The step's name: the text before ':' (or before " => " when no ':'
 * comes first: BUG+1), less where a forcing chain's contradiction is
 * (" in r2"). */
static int step_name(const char *text, const char *arrow, char out[NAME_LEN])
{
    const char *colon = strchr(text, ':');
    const char *end = colon && colon < arrow ? colon : arrow;
    const char *in = strstr(text, " in "); /* "Forcing Chain Contradiction in r2" */
    if (in && in < end)
        end = in;
    while (end > text && end[-1] == ' ')
        end--;
    size_t len = (size_t)(end - text);
    if (len == 0 || len >= NAME_LEN)
        return -1;
    memcpy(out, text, len);
    out[len] = '\0';
    return 0;
}

/* The table's order: most steps first. */
static int by_steps(const void *a, const void *b)
{
    const struct tally *x = a, *y = b;
    return (y->steps > x->steps) - (y->steps < x->steps);
}

/* Reads a step's text (after its indent) into h against st. */
static int parse_step(const char *text, const struct human_state *st,
                      struct hstep *h)
{
    const char *arrow = NULL;
    for (const char *p = strstr(text, " => "); p; p = strstr(p + 1, " => "))
        arrow = p;
    const char *effects = arrow ? arrow + 4 : NULL;
    if (!arrow) { /* the singles: "Naked Single: r6c7=3" */
        arrow = strstr(text, ": ");
        effects = arrow ? arrow + 2 : NULL;
    }
    if (!arrow || step_name(text, arrow, h->name) != 0)
        return -1;
    return parse_effects(effects, st, h);
}

/* ---- -r: our steps against HoDoKu's "find all steps" ------------------ */

/* A position of HoDoKu's regression-library format
 * (":code:x:givens and +placed:deleted candidates:..."); 0 on success. */
static int parse_position(const char *line, struct grid *values,
                          struct human_state *st)
{
    const char *p = line;
    for (int k = 0; k < 3; k++) {
        p = strchr(p, ':');
        if (!p)
            return -1;
        p++;
    }
    memset(values, 0, sizeof *values);
    int cell = 0;
    for (; *p && *p != ':' && cell < GRID_CELLS; p++) {
        if (*p == '+')
            continue;
        if (*p >= '1' && *p <= '9')
            values->cell[cell] = (uint8_t)(*p - '0');
        cell++;
    }
    if (cell != GRID_CELLS || *p != ':' || human_init(st, values) != 0)
        return -1;
    for (p++; *p && *p != ':';) {
        if (*p == ' ') {
            p++;
            continue;
        }
        if (p[0] < '1' || p[0] > '9' || p[1] < '1' || p[1] > '9' || p[2] < '1' ||
            p[2] > '9')
            return -1;
        st->cand[(p[1] - '1') * 9 + (p[2] - '1')] &= (uint16_t) ~(1u
                                                                  << (p[0] - '1'));
        p += 3;
    }
    return 0;
}

#define HSTEPS_MAX 8192 /* HoDoKu's steps in one position */

/* HoDoKu's steps of one position, and the tally per row of ours. */
struct reverse {
    int n;
    char name[HSTEPS_MAX][NAME_LEN];
    uint16_t removed[HSTEPS_MAX][GRID_CELLS];
    int listed[HUMAN_TECH_MAX], same[HUMAN_TECH_MAX], renamed[HUMAN_TECH_MAX],
        absent[HUMAN_TECH_MAX], shown[HUMAN_TECH_MAX];
    int renamed_to[HUMAN_TECH_MAX][N_MAP + 1]; /* map[] index; N_MAP other */
    char other[HUMAN_TECH_MAX][4][NAME_LEN];   /* the first names not in map[] */
};

/* Whether HoDoKu's technique name is one map[] gives row for. */
static int name_maps_to(const char *name, int row)
{
    for (int i = 0; i < N_MAP; i++)
        if (strcmp(map[i].name, name) == 0)
            for (int k = 0; k < 4 && map[i].keys[k]; k++)
                if (human_tech_find(map[i].keys[k]) == row)
                    return 1;
    return 0;
}

struct reverse_pos {
    struct reverse *r;
    const struct options *o;
    const char *line;
};

static int reverse_step(void *arg, const struct human_state *before,
                        const struct human_step *step)
{
    struct reverse_pos *rp = arg;
    struct reverse *r = rp->r;
    uint16_t rem[GRID_CELLS];
    step_removed(before, step, rem);
    int t = step->tech, same = 0, other = -1;
    for (int i = 0; i < r->n && !same; i++) {
        if (memcmp(rem, r->removed[i], sizeof rem) != 0)
            continue;
        if (name_maps_to(r->name[i], t))
            same = 1;
        else if (other < 0)
            other = i;
    }
    r->listed[t]++;
    if (same) {
        r->same[t]++;
        return 0;
    }
    if (other >= 0) {
        int m = N_MAP;
        for (int i = 0; i < N_MAP; i++)
            if (strcmp(map[i].name, r->name[other]) == 0)
                m = i;
        r->renamed[t]++;
        r->renamed_to[t][m]++;
        for (int k = 0; m == N_MAP && k < 4; k++) {
            if (!r->other[t][k][0])
                memcpy(r->other[t][k], r->name[other], NAME_LEN);
            if (strcmp(r->other[t][k], r->name[other]) == 0)
                break;
        }
        return 0;
    }
    r->absent[t]++;
    const struct options *o = rp->o;
    if (o->verbose && (!o->only || strstr(human_tech_info(t)->key, o->only)) &&
        r->shown[t]++ < o->max_shown) {
        char pm[HUMAN_CANDIDATES_MAX];
        human_format_candidates(before, pm, sizeof pm);
        printf("== HoDoKu lists no step doing ours: %s\n%s    %s\n", step->text, pm,
               rp->line);
    }
    return 0;
}

/* Reads HoDoKu's "find all steps" output of positions (-r) and lists, for
 * each row of ours that map[] names, every step it finds there: HoDoKu
 * lists the same eliminations under that technique, under another, or
 * not at all (a definition of ours wider than HoDoKu's, or HoDoKu's
 * listing left it out). */
static int run_reverse(FILE *f, const struct options *o)
{
    static struct reverse r;
    static struct hstep h;
    static char pos_line[8192];
    char line[8192];
    struct grid values;
    struct human_state st;
    int live = 0, positions = 0, bad = 0;
    memset(&r, 0, sizeof r);
    for (;;) {
        char *got = fgets(line, sizeof line, f);
        if ((!got || line[0] == ':') && live) {
            struct reverse_pos rp = {&r, o, pos_line};
            for (int row = 0; row < human_tech_count(); row++)
                for (int i = 0; i < N_MAP; i++)
                    if (name_maps_to(map[i].name, row)) {
                        human_all_steps(&st, row, reverse_step, &rp);
                        break;
                    }
            live = 0;
        }
        if (!got)
            break;
        if (line[0] == ':') {
            line[strcspn(line, "\r\n")] = '\0';
            snprintf(pos_line, sizeof pos_line, "%s", line);
            live = parse_position(line, &values, &st) == 0;
            bad += !live;
            positions += live;
            r.n = 0;
            continue;
        }
        if (!live || strncmp(line, "   ", 3) != 0 || line[3] == ' ' ||
            r.n == HSTEPS_MAX || parse_step(line + 3, &st, &h) != 0)
            continue;
        memcpy(r.name[r.n], h.name, NAME_LEN);
        memcpy(r.removed[r.n++], h.removed, sizeof h.removed);
    }
    printf("%d positions (%d unreadable)\n", positions, bad);
    printf("%-22s %7s %7s %8s %7s  renamed as\n", "ours", "listed", "same",
           "renamed", "absent");
    for (int t = 0; t < human_tech_count(); t++) {
        if (!r.listed[t])
            continue;
        printf("%-22s %7d %7d %8d %7d ", human_tech_info(t)->key, r.listed[t],
               r.same[t], r.renamed[t], r.absent[t]);
        for (int i = 0; i <= N_MAP; i++)
            if (r.renamed_to[t][i])
                printf(" %s %d;", i < N_MAP ? map[i].name : "others",
                       r.renamed_to[t][i]);
        for (int k = 0; k < 4 && r.other[t][k][0]; k++)
            printf("%s%s", k ? ", " : " (others: ", r.other[t][k]);
        printf("%s\n", r.other[t][0][0] ? ")" : "");
    }
    return 0;
}

static int usage(void)
{
    fprintf(stderr,
            "usage: hodoku_compare [-a] [-v] [-t NAME] [-n MAX] [-p STRIDE] PATHS\n"
            "       hodoku_compare -r [-v] [-t KEY] [-n MAX] ALL_STEPS\n");
    return 2;
}

int main(int argc, char **argv)
{
    struct options o = {.max_shown = 20};
    int opt;
    int reverse = 0;
    while ((opt = getopt(argc, argv, "avt:n:p:r")) != -1) {
        if (opt == 'v')
            o.verbose = 1;
        else if (opt == 'a')
            o.also = 1;
        else if (opt == 't')
            o.only = optarg;
        else if (opt == 'n')
            o.max_shown = atoi(optarg);
        else if (opt == 'p' && atoi(optarg) > 0)
            o.stride = atoi(optarg);
        else if (opt == 'r')
            reverse = 1;
        else
            return usage();
    }
    if (optind != argc - 1)
        return usage();
    FILE *f = fopen(argv[optind], "r");
    if (!f) {
        perror(argv[optind]);
        return 1;
    }
    if (reverse) {
        int rc = run_reverse(f, &o);
        fclose(f);
        return rc;
    }
    static struct tally tallies[MAX_NAMES];
    int n_tallies = 0, puzzles = 0, skipped = 0, lost = 0, hodoku_unsound = 0;
    int singles = 0, live = 0, lineno = 0, positions = 0;
    struct grid givens, solution;
    struct human_state st;
    static struct hstep h;
    char line[8192];
    while (fgets(line, sizeof line, f)) {
        lineno++;
        if (strspn(line, "0123456789.") >= GRID_CELLS) {
            char err[128];
            live = 0;
            puzzles++;
            if (grid_parse_n(&givens, line, GRID_CELLS, err, sizeof err) != 0 ||
                solver_count(&givens, 2, &solution) != 1 ||
                human_init(&st, &givens) != 0) {
                printf("line %d: not a puzzle with one solution; skipped\n",
                       lineno);
                skipped++;
                continue;
            }
            live = 1;
            continue;
        }
        /* A step is indented by three blanks; the forcing chains' own
         * lines by two (their detail) and are not steps. */
        if (!live || strncmp(line, "   ", 3) != 0 || line[3] == ' ')
            continue;
        const char *text = line + 3;
        if (parse_step(text, &st, &h) != 0) {
            printf("line %d: cannot read the step; puzzle abandoned\n", lineno);
            live = 0;
            lost++;
            continue;
        }
        line[strcspn(line, "\r\n")] = '\0';
        h.line = text;
        int sound = 1;
        for (int c = 0; c < GRID_CELLS; c++)
            if (h.removed[c] & (1u << (solution.cell[c] - 1)))
                sound = 0;
        if (!sound) {
            printf("line %d: HoDoKu's step removes a solution digit: %s\n", lineno,
                   text);
            hodoku_unsound++;
        }
        if (is_single(h.name))
            singles++;
        else if (o.stride) {
            if (++positions % o.stride == 0)
                print_reglib_line("", &givens, &st);
        } else {
            struct tally *t = tally_of(tallies, &n_tallies, h.name);
            if (t)
                compare_step(&h, &st, &givens, &solution, puzzles, t, &o);
        }
        if (apply_step(&st, &h) != 0) {
            printf("line %d: the replay lost step (a candidate already gone); "
                   "puzzle abandoned\n",
                   lineno);
            live = 0;
            lost++;
        }
    }
    fclose(f);
    if (o.stride)
        return 0;
    qsort(tallies, (size_t)n_tallies, sizeof tallies[0], by_steps);

    printf("%d puzzles (%d skipped, %d abandoned), %d singles replayed, "
           "%d HoDoKu steps unsound\n",
           puzzles, skipped, lost, singles, hodoku_unsound);
    printf("%-34s %-22s %6s %6s %6s %6s %6s %7s %6s %6s\n", "HoDoKu technique",
           "ours", "steps", "exact", "cover", "other", "none", "unsound", "elsew",
           "exact%");
    int tot[O_COUNT] = {0}, tot_steps = 0, tot_unsound = 0, unmapped = 0;
    for (int i = 0; i < n_tallies; i++) {
        const struct tally *t = &tallies[i];
        if (!t->m) {
            printf("%-34s %-22s %6d   no row of ours\n", t->name, "-", t->steps);
            unmapped += t->steps;
            continue;
        }
        printf("%-34s %-22s %6d %6d %6d %6d %6d %7d %6d %5.1f%%\n", t->name,
               t->m->keys[0], t->steps, t->out[O_EXACT], t->out[O_COVERED],
               t->out[O_OTHER], t->out[O_NONE], t->unsound, t->elsewhere,
               100.0 * t->out[O_EXACT] / (t->steps ? t->steps : 1));
        for (int r = 0; r < HUMAN_TECH_MAX; r++)
            if (t->also[r])
                printf("%36s exact, and earlier row %s lists it: %d\n", "",
                       human_tech_info(r)->key, t->also[r]);
        tot_steps += t->steps;
        tot_unsound += t->unsound;
        for (int k = 0; k < O_COUNT; k++)
            tot[k] += t->out[k];
    }
    printf("%-34s %-22s %6d %6d %6d %6d %6d %7d\n", "all mapped", "", tot_steps,
           tot[O_EXACT], tot[O_COVERED], tot[O_OTHER], tot[O_NONE], tot_unsound);
    printf("%d steps of techniques no row of ours does\n", unmapped);
    return tot_unsound || hodoku_unsound ? 1 : 0;
}
