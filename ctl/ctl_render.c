/*
 * ctl_render: owns `sudokuctl render`: one puzzle (an argument, or the
 * first puzzle line of a FILE) drawn by common/render as SVG, or made PNG
 * or PDF by ctl_draw, with a player's state over it (entries, pencil
 * marks), its solution, its candidates or its next hint if asked.
 */
#include "ctl.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ctl_draw.h"
#include "grid.h"
#include "hint.h"
#include "render.h"
#include "solver.h"

#define CMD "render"
#define PAPER_MARGIN 36.0 /* points: half an inch around the grid */

enum format { FORMAT_SVG, FORMAT_PNG, FORMAT_PDF };

struct render_args {
    const char *input, *out;
    int format; /* enum format, or -1 before it is known */
    int solution, candidates, hint, labels;
    const char *date, *tier;
    const char *state; /* --state STATE, or NULL */
    int size;
    double paper_w, paper_h; /* 0 without --paper */
};

static int format_of(const char *word)
{
    static const char *const names[] = {"svg", "png", "pdf"};
    for (int i = 0; i < 3; i++)
        if (strcmp(word, names[i]) == 0)
            return i;
    return -1;
}

/* The format OUT's extension names, or SVG. */
static int format_of_path(const char *path)
{
    const char *dot = strrchr(path, '.');
    int f = dot && !strchr(dot, '/') ? format_of(dot + 1) : -1;
    return f >= 0 ? f : FORMAT_SVG;
}

static int parse(int argc, char **argv, struct render_args *a)
{
    for (int i = 0; i < argc; i++) {
        const char *s = argv[i];
        const char *val = i + 1 < argc ? argv[i + 1] : NULL;
        if (!strcmp(s, "--solution"))
            a->solution = 1;
        else if (!strcmp(s, "--candidates"))
            a->candidates = 1;
        else if (!strcmp(s, "--hint"))
            a->hint = 1;
        else if (!strcmp(s, "--labels"))
            a->labels = 1;
        else if (!strcmp(s, "--format") || !strcmp(s, "--size") || !strcmp(s, "--paper") ||
                 !strcmp(s, "-o") || !strcmp(s, "--date") || !strcmp(s, "--tier") ||
                 !strcmp(s, "--state")) {
            if (!val)
                return ctl_usage_error(CMD, "%s needs a value", s);
            i++;
            if (!strcmp(s, "-o"))
                a->out = val;
            else if (!strcmp(s, "--date"))
                a->date = val;
            else if (!strcmp(s, "--tier"))
                a->tier = val;
            else if (!strcmp(s, "--state"))
                a->state = val;
            else if (!strcmp(s, "--format") && (a->format = format_of(val)) < 0)
                return ctl_usage_error(CMD, "unknown format '%s' (svg, png or pdf)", val);
            else if (!strcmp(s, "--size")) {
                char *end;
                long px = strtol(val, &end, 10);
                if (*end || end == val || px < 1 || px > RENDER_SIZE_MAX)
                    return ctl_usage_error(CMD, "--size '%s': a width in px from 1 to %d",
                                           val, RENDER_SIZE_MAX);
                a->size = (int)px;
            } else if (!strcmp(s, "--paper") && ctl_draw_paper(val, &a->paper_w, &a->paper_h))
                return ctl_usage_error(CMD, "unknown paper '%s' (a4 or letter)", val);
        } else if (s[0] == '-' && s[1] != '\0')
            return ctl_usage_error(CMD, "unknown option '%s'", s);
        else if (a->input)
            return ctl_usage_error(CMD, "unexpected argument '%s' (one PUZZLE or FILE)", s);
        else
            a->input = s;
    }
    if (!a->input)
        return ctl_usage_error(CMD, "missing PUZZLE or FILE");
    if (!a->out)
        return ctl_usage_error(CMD, "missing -o OUT ('-' for standard output)");
    if (a->format < 0)
        a->format = format_of_path(a->out);
    if (a->size && a->paper_w > 0)
        return ctl_usage_error(CMD, "--size and --paper both given (one or the other)");
    if (a->paper_w > 0 && a->format != FORMAT_PDF)
        return ctl_usage_error(CMD, "--paper is for --format pdf");
    if (a->solution && a->hint)
        return ctl_usage_error(CMD, "--solution and --hint both given (the solution "
                                    "leaves nothing to hint)");
    return CTL_EXIT_OK;
}

struct first_line {
    char text[256];
    int found;
};

static int keep_first(void *arg, long lineno, const char *line, size_t len)
{
    struct first_line *f = arg;
    (void)lineno;
    snprintf(f->text, sizeof f->text, "%.*s", (int)len, line);
    f->found = 1;
    return 1;
}

/* The puzzle of the argument, or of the first puzzle line of FILE, into
 * line (one 81-character line) and g. */
static int load_puzzle(const char *input, char line[GRID_LINE_LEN + 1], struct grid *g)
{
    struct first_line f = {"", 0};
    char err[GRID_ERR_MAX];
    const char *text = input;

    if (!ctl_arg_is_text(input)) {
        if (ctl_for_each_line(input, keep_first, &f) != 0)
            return CTL_EXIT_ERROR;
        if (!f.found) {
            fprintf(stderr, "sudokuctl %s: %s: no puzzle line\n", CMD, input);
            return CTL_EXIT_ERROR;
        }
        text = f.text;
    }
    if (grid_parse(g, text, err, sizeof err) != GRID_OK)
        return ctl_usage_error(CMD, "not a puzzle: %s", err);
    grid_format_line(g, line);
    return CTL_EXIT_OK;
}

/* The player's STATE (--state) over the puzzle's givens: its digits as
 * entries, and the marks of a pencil-mark state, or with want_cands the
 * candidates a plain grid leaves, into *st. */
static int state_entries(struct ctl_state *state, struct grid *entries, struct human_state *st,
                         int want_cands, int *have_cands)
{
    char err[GRID_ERR_MAX];
    *have_cands = 0;
    if (state->format != PENCIL_FORMAT_GRID) {
        *st = state->st;
        *have_cands = 1;
        for (int i = 0; i < GRID_CELLS; i++)
            entries->cell[i] = state->st.value[i];
        return CTL_EXIT_OK;
    }
    int rc = grid_parse(entries, state->text, err, sizeof err);
    if (rc != GRID_OK && rc != GRID_ERR_CONFLICT)
        return ctl_usage_error(CMD, "STATE: %s", err);
    if (want_cands) {
        if (rc != GRID_OK || human_init(st, entries) != 0) {
            fprintf(stderr, "sudokuctl %s: STATE: %s\n", CMD,
                    rc != GRID_OK ? err : "an empty cell has no candidate left");
            return CTL_EXIT_ERROR;
        }
        *have_cands = 1;
    }
    return CTL_EXIT_OK;
}

/* The next step: of the puzzle, or of the player's state judged against
 * the puzzle (line), with the candidates it was found on into *st. */
static int next_step(struct ctl_state *state, const char *line, struct hint *h,
                     struct human_state *st)
{
    char err[HINT_MESSAGE_MAX];
    int rc = state ? ctl_state_judge(state, line, st, h, err, sizeof err)
                   : hint_judge_grid(line, line, st, h, err, sizeof err);
    if (rc == 1)
        hint_step(st, h);
    if (rc < 0 || h->status != HINT_STEP) {
        fprintf(stderr, "sudokuctl %s: no hint: %s\n", CMD, rc < 0 ? err : h->message);
        return CTL_EXIT_ERROR;
    }
    return CTL_EXIT_OK;
}

/* The SVG of the puzzle as asked (state, solution, candidates, hint) into
 * svg (RENDER_SVG_MAX bytes). */
static int make_svg(const struct render_args *a, char *svg, size_t *len)
{
    char line[GRID_LINE_LEN + 1], err[RENDER_ERR_MAX];
    struct grid g, solution, entries;
    struct human_state st;
    struct ctl_state state = {0};
    struct hint *h = NULL;
    struct render_input in = {.labels = a->labels, .date = a->date, .tier = a->tier,
                              .score = -1, .size = a->size, .puzzle = &g};
    int have_cands = 0, rc = load_puzzle(a->input, line, &g);

    if (rc == CTL_EXIT_OK && a->state)
        rc = ctl_state_load(CMD, a->state, &state);
    if (rc == CTL_EXIT_OK && a->state) {
        rc = state_entries(&state, &entries, &st, a->candidates, &have_cands);
        in.entries = &entries;
    } else if (rc == CTL_EXIT_OK && a->candidates) {
        have_cands = human_init(&st, &g) == 0;
        if (!have_cands) {
            fprintf(stderr, "sudokuctl %s: an empty cell has no candidate left\n", CMD);
            rc = CTL_EXIT_ERROR;
        }
    }
    if (rc == CTL_EXIT_OK && a->solution) {
        int n = solver_count(&g, 2, &solution);
        if (n != 1) {
            fprintf(stderr, "sudokuctl %s: the puzzle has %s\n", CMD,
                    n == 0 ? "no solution" : "more than one solution");
            rc = CTL_EXIT_ERROR;
        }
        in.solution = &solution;
    }
    if (rc == CTL_EXIT_OK && a->hint) {
        h = malloc(sizeof *h);
        rc = h ? next_step(a->state ? &state : NULL, line, h, &st) : CTL_EXIT_ERROR;
        if (!h)
            fprintf(stderr, "sudokuctl %s: out of memory\n", CMD);
        in.step = rc == CTL_EXIT_OK ? &h->step : NULL;
        have_cands = 1;
    }
    if (have_cands)
        in.cand = st.cand;
    if (rc == CTL_EXIT_OK && render_svg(&in, svg, RENDER_SVG_MAX, len, err, sizeof err) != RENDER_OK)
        rc = ctl_usage_error(CMD, "%s", err); /* a caption, or an entry over a given */
    free(h);
    ctl_state_free(&state);
    return rc;
}

static int draw(const struct render_args *a, const char *svg, size_t len, FILE *out,
                const struct render_input *dims)
{
    char err[CTL_DRAW_ERR_MAX];
    double w = dims->size ? dims->size : RENDER_DEFAULT_SIZE, h = render_height(dims);
    double page_w = a->paper_w > 0 ? a->paper_w : w, page_h = a->paper_w > 0 ? a->paper_h : h;
    cairo_surface_t *s = a->format == FORMAT_PNG
                             ? ctl_draw_png((int)w, (int)h, err, sizeof err)
                             : ctl_draw_pdf(out, page_w, page_h, err, sizeof err);
    int rc = 0;

    if (!s) {
        fprintf(stderr, "sudokuctl %s: %s\n", CMD, err);
        return CTL_EXIT_ERROR;
    }
    cairo_t *cr = cairo_create(s);
    if (a->paper_w > 0)
        rc = ctl_draw_svg(cr, svg, len, PAPER_MARGIN, PAPER_MARGIN, page_w - 2 * PAPER_MARGIN,
                          page_h - 2 * PAPER_MARGIN, err, sizeof err);
    else
        rc = ctl_draw_svg(cr, svg, len, 0, 0, w, h, err, sizeof err);
    cairo_destroy(cr);
    if (rc == 0)
        rc = ctl_draw_finish(s, out, err, sizeof err);
    else
        cairo_surface_destroy(s);
    if (rc != 0) {
        fprintf(stderr, "sudokuctl %s: %s\n", CMD, err);
        return CTL_EXIT_ERROR;
    }
    return CTL_EXIT_OK;
}

int ctl_cmd_render(int argc, char **argv)
{
    struct render_args a = {.format = -1};
    struct ctl_output out;
    size_t len = 0;
    char *svg;
    int rc = parse(argc, argv, &a);

    if (rc != CTL_EXIT_OK)
        return rc;
    svg = malloc(RENDER_SVG_MAX);
    if (!svg) {
        fprintf(stderr, "sudokuctl %s: out of memory\n", CMD);
        return CTL_EXIT_ERROR;
    }
    rc = make_svg(&a, svg, &len);
    if (rc == CTL_EXIT_OK)
        rc = ctl_output_open(CMD, a.out, &out);
    if (rc == CTL_EXIT_OK) {
        struct render_input dims = {.labels = a.labels, .date = a.date, .tier = a.tier,
                                    .score = -1, .size = a.size};
        if (a.format == FORMAT_SVG)
            fwrite(svg, 1, len, out.f); /* a short write is ferror's, which the commit reports */
        else
            rc = draw(&a, svg, len, out.f, &dims);
        if (rc == CTL_EXIT_OK)
            rc = ctl_output_commit(CMD, &out);
        else
            ctl_output_abort(&out);
    }
    free(svg);
    return rc;
}
