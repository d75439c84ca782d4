/*
 * ctl_grade: owns the offline sudokuctl commands of the human solver:
 *   grade [FILE|-] [--json]      one verdict line per puzzle
 *   explain STATE [--puzzle PUZZLE] [--rater hodoku|se] [--json] [--candidates]
 *                                the whole path, step by step, of the tier's
 *                                pass (HoDoKu's order) or the score's (SE's)
 *   hint STATE [--puzzle PUZZLE] [--json]    the next step only
 *   check STATE [--puzzle PUZZLE] [--json]   which filled cells are wrong
 * STATE is any format of pencil.h, read by ctl_state.c; pencil-mark
 * states are judged first (exit CTL_EXIT_WRONG_MARKS when wrong).
 * Text goes to stdout; JSON (jansson) is one object per line.  Puzzles
 * that are not proper get the verdicts of `solve`: "invalid: REASON",
 * "unsolvable", "multiple".
 */
#include "check_json.h"
#include "bits.h"
#include "ctl.h"
#include "grade.h"
#include "hint.h"
#include "human_json.h"
#include "human.h"
#include "pencil.h"
#include "solver.h"

#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct opts {
    int json, candidates;
    enum grade_rater rater; /* explain --rater: whose path (default the tier's) */
    const char *arg;    /* the positional argument */
    const char *puzzle; /* --puzzle, or the socket's second word */
    char **inputs;      /* grade: its puzzles and FILEs (ctl_for_each_input) */
    int ninputs;
};

enum {
    OPT_CANDIDATES = 1, /* --candidates */
    OPT_PUZZLE = 2,     /* --puzzle PUZZLE, or PUZZLE after STATE as the
                           socket's "hint STATE PUZZLE" */
    OPT_INPUTS = 4,     /* any number of puzzles and FILEs, gathered at the
                           front of argv (each moves to a slot already read) */
    OPT_RATER = 8,      /* --rater hodoku|se */
};

/* Parses the arguments and the flags a command allows (OPT_*); returns 0
 * or a usage error. */
static int parse_opts(const char *cmd, int argc, char **argv, int allow,
                      struct opts *o)
{
    memset(o, 0, sizeof *o);
    o->inputs = argv;
    for (int i = 0; i < argc; i++) {
        if (strcmp(argv[i], "--json") == 0)
            o->json = 1;
        else if ((allow & OPT_CANDIDATES) && strcmp(argv[i], "--candidates") == 0)
            o->candidates = 1;
        else if ((allow & OPT_RATER) && strcmp(argv[i], "--rater") == 0) {
            const char *r = i + 1 < argc ? argv[++i] : "";
            if (strcmp(r, "hodoku") == 0)
                o->rater = GRADE_RATER_HODOKU;
            else if (strcmp(r, "se") == 0)
                o->rater = GRADE_RATER_SE;
            else
                return ctl_usage_error(cmd, "--rater takes hodoku (the tier's "
                                            "path) or se (the score's), not '%s'",
                                       r);
        }
        else if ((allow & OPT_PUZZLE) && strcmp(argv[i], "--puzzle") == 0 &&
                 i + 1 < argc && o->puzzle)
            return ctl_usage_error(cmd, "PUZZLE given twice");
        else if ((allow & OPT_PUZZLE) && strcmp(argv[i], "--puzzle") == 0 &&
                 i + 1 < argc)
            o->puzzle = argv[++i];
        else if (argv[i][0] == '-' && argv[i][1] != '\0')
            return ctl_usage_error(cmd, "unknown option '%s'", argv[i]);
        else if (allow & OPT_INPUTS)
            argv[o->ninputs++] = argv[i];
        else if (!o->arg)
            o->arg = argv[i];
        else if ((allow & OPT_PUZZLE) && !o->puzzle)
            o->puzzle = argv[i];
        else
            return ctl_usage_error(cmd, "unexpected argument '%s'", argv[i]);
    }
    return 0;
}

static json_t *step_json(const struct human_step *step, int number)
{
    json_t *obj = human_json_step(step);
    if (number > 0)
        json_object_set_new(obj, "n", json_integer(number));
    return obj;
}

/* ---- grade ---------------------------------------------------------- */

/*
 * Parses a puzzle and insists on one solution.  Returns NULL for a proper
 * puzzle, else the verdict ("invalid", "unsolvable", "multiple") with the
 * reason in err.
 */
static const char *improper(const char *text, size_t len, struct grid *g, char *err,
                            size_t errlen)
{
    if (grid_parse_n(g, text, len, err, errlen) != GRID_OK)
        return "invalid";
    int n = solver_count(g, 2, NULL);
    if (n == 1)
        return NULL;
    snprintf(err, errlen, "%s", n == 0 ? "no solution" : "more than one solution");
    return n == 0 ? "unsolvable" : "multiple";
}

static int grade_verdict(const struct opts *o, long lineno, const char *line,
                         const char *verdict, const char *err)
{
    if (o->json) {
        json_t *obj = json_pack("{s:I,s:s,s:s}", "line", (json_int_t)lineno,
                                "puzzle", line, "status", verdict);
        if (strcmp(verdict, "invalid") == 0)
            json_object_set_new(obj, "error", json_string(err));
        return ctl_print_json(obj);
    }
    if (strcmp(verdict, "invalid") == 0)
        return printf("invalid: %s\n", err) < 0;
    return printf("%s\n", verdict) < 0;
}

static int grade_line(void *arg, long lineno, const char *line, size_t len)
{
    const struct opts *o = arg;
    struct grid g;
    struct grade gr;
    char err[GRID_ERR_MAX], text[GRID_LINE_LEN + 1];
    const char *verdict = improper(line, len, &g, err, sizeof err);
    if (verdict)
        return grade_verdict(o, lineno, line, verdict, err);
    grade_puzzle(&g, &gr);
    /* Unrated: say which pass got stuck and what it would have needed. */
    if (!o->json && gr.tier == GRADE_UNRATED && gr.status != HUMAN_STUCK)
        return printf("unrated: stuck in HoDoKu's order, where no technique this "
                      "solver knows applies (HoDoKu would go on with forcing nets, "
                      "which this solver does not have); Sudoku Explainer rates "
                      "it %.1f\n",
                      gr.score / 10.0) < 0;
    if (!o->json && gr.tier == GRADE_UNRATED && gr.hardest < 0)
        return printf("unrated: stuck before the first step, where no technique "
                      "this solver knows applies (Sudoku Explainer would go on "
                      "with its dynamic forcing chains (+) or nested chains, 9.0 "
                      "and up, which this solver does not have)\n") < 0;
    if (!o->json && gr.tier == GRADE_UNRATED)
        return printf("unrated: stuck after %d step%s, where no technique this "
                      "solver knows applies (Sudoku Explainer would go on with its "
                      "dynamic forcing chains (+) or nested chains, 9.0 and up, "
                      "which this solver does not have); the hardest step so far "
                      "was %s (%.1f)\n",
                      gr.steps, gr.steps == 1 ? "" : "s",
                      human_tech_info(gr.hardest)->name, gr.score / 10.0) < 0;
    if (!o->json)
        return printf("%s %.1f/%.1f/%.1f %s\n", grade_tier_name(gr.tier),
                      gr.score / 10.0, gr.pearl / 10.0, gr.diamond / 10.0,
                      gr.hardest >= 0 ? human_tech_info(gr.hardest)->name : "-") <
               0;
    grid_format_line(&g, text);
    json_t *obj = human_json_grade(&gr);
    json_object_set_new(obj, "line", json_integer(lineno));
    json_object_set_new(obj, "puzzle", json_string(text));
    json_object_set_new(obj, "status", json_string("graded"));
    return ctl_print_json(obj);
}

int ctl_cmd_grade(int argc, char **argv)
{
    struct opts o;
    int rc = parse_opts("grade", argc, argv, OPT_INPUTS, &o);
    if (rc)
        return rc;
    if (ctl_for_each_input(o.inputs, o.ninputs, grade_line, &o) != 0)
        return CTL_EXIT_ERROR;
    return ctl_finish_output();
}

/* ---- explain -------------------------------------------------------- */

struct explain {
    const struct opts *o;
    json_t *steps;
    int n;
    int hardest, score; /* the hardest step so far: table row (-1), rating */
};

/* Where column c starts in a line of human_format_candidates: each column
 * as wide as its widest cell (a value, or its candidates), one space
 * after it, "| " before columns 4 and 7. */
static void column_starts(const struct human_state *st, int start[9])
{
    int width[9] = {0};
    for (int cell = 0; cell < GRID_CELLS; cell++) {
        int n = st->value[cell] ? 1 : bits_count(st->cand[cell]);
        if (n > width[cell % 9])
            width[cell % 9] = n;
    }
    start[0] = 0;
    for (int c = 1; c < 9; c++)
        start[c] = start[c - 1] + width[c - 1] + 1 + (c == 3 || c == 6 ? 2 : 0);
}

/* The candidates grid with the names the sentences use: columns 1-9
 * above, rows A-I on the left.  (--json's "candidates" stays the bare
 * pencil-mark grid that hint reads back.) */
static void print_candidates(const struct human_state *st)
{
    static char buf[HUMAN_CANDIDATES_MAX];
    int start[9], at = 0;
    char row = 'A';
    human_format_candidates(st, buf, sizeof buf);
    column_starts(st, start);
    printf("  ");
    for (int c = 0; c < 9; c++) {
        printf("%*s%d", start[c] - at, "", c + 1);
        at = start[c] + 1;
    }
    putchar('\n');
    for (const char *line = buf; *line;) {
        size_t len = strcspn(line, "\n");
        printf("%c %.*s\n", line[0] == '-' ? ' ' : row++, (int)len, line);
        line += len + (line[len] == '\n');
    }
}

/* explain --json --candidates: the grid where the path ended. */
static void add_candidates(json_t *obj, const struct human_state *st)
{
    static char buf[HUMAN_CANDIDATES_MAX];
    human_format_candidates(st, buf, sizeof buf);
    json_object_set_new(obj, "candidates", json_string(buf));
}

static int explain_step(void *arg, const struct human_state *before,
                        const struct human_step *step)
{
    struct explain *e = arg;
    e->n++;
    if (step->rating > e->score) {
        e->score = step->rating;
        e->hardest = step->tech;
    }
    if (e->o->json) {
        json_array_append_new(e->steps, step_json(step, e->n));
        return 0;
    }
    if (e->o->candidates && human_tech_info(step->tech)->group != HUMAN_GROUP_EASY)
        print_candidates(before);
    printf("%d. %s\n", e->n, step->text);
    return 0;
}

static const char *status_word(int status)
{
    switch (status) {
    case HUMAN_SOLVED:
        return "solved";
    case HUMAN_STUCK:
        return "stuck";
    default:
        return "invalid";
    }
}

/* The summary of a path that stopped short, and where it stopped. */
static void say_stuck(int steps, const struct human_state *st, const struct opts *o)
{
    printf("stuck after %d steps: the next step needs a technique this "
           "solver does not know yet, or a guess\n",
           steps);
    if (o->candidates)
        print_candidates(st);
}

static void explain_summary(const struct grade *gr, int status, int steps,
                            const struct human_state *st, const struct opts *o)
{
    if (status == HUMAN_STUCK) {
        say_stuck(steps, st, o);
        return;
    }
    int hardest = o->rater == GRADE_RATER_SE ? gr->hardest : gr->tier_hardest;
    printf("%s in %d steps: %s, score %.1f (pearl %.1f, diamond %.1f), effort %d, "
           "hardest %s\n",
           status_word(status), steps, grade_tier_name(gr->tier), gr->score / 10.0,
           gr->pearl / 10.0, gr->diamond / 10.0, gr->effort,
           hardest >= 0 ? human_tech_info(hardest)->name : "-");
}

/* explain of a plain puzzle: its whole path and its grade. */
static int explain_puzzle(const struct opts *opts, const char *puzzle)
{
    const struct opts o = *opts;
    struct grid g;
    struct grade gr;
    struct human_state st;
    char err[GRID_ERR_MAX];
    if (o.puzzle)
        return ctl_usage_error("explain", "--puzzle goes with a pencil-mark STATE");
    const char *verdict = improper(puzzle, strlen(puzzle), &g, err, sizeof err);
    if (verdict && strcmp(verdict, "invalid") == 0)
        return ctl_usage_error("explain", "%s", err);
    if (verdict) {
        fprintf(stderr, "sudokuctl explain: %s: the puzzle has %s\n", verdict, err);
        return CTL_EXIT_ERROR;
    }
    struct explain e = {
        .o = &o, .steps = o.json ? json_array() : NULL, .hardest = -1};
    if (o.candidates && !o.json) {
        human_init(&st, &g);
        print_candidates(&st);
    }
    human_init(&st, &g);
    int status = grade_solve(&st, o.rater, HUMAN_STEP_TEXT, explain_step, &e);
    grade_puzzle(&g, &gr);
    if (o.json) {
        char text[GRID_LINE_LEN + 1];
        grid_format_line(&g, text);
        json_t *obj = json_pack("{s:s,s:s,s:o,s:o}", "puzzle", text, "status",
                                status_word(status), "grade", human_json_grade(&gr),
                                "steps", e.steps);
        if (o.candidates)
            add_candidates(obj, &st);
        if (ctl_print_json(obj) != 0)
            return ctl_finish_output();
    } else {
        explain_summary(&gr, status, e.n, &st, &o);
    }
    return ctl_finish_output();
}

/*
 * explain of a pencil-mark state: its marks judged first (against the
 * puzzle when --puzzle gives it), then the path from its own candidates.
 * A state has no grade (the puzzle's is for the whole path): the summary
 * names the hardest step taken.
 */
static int explain_marks(const struct opts *o, struct ctl_state *s)
{
    struct grid p;
    struct pencil_judgement j;
    char err[GRID_ERR_MAX], start[PENCIL_LINE_LEN + 1];
    if (o->puzzle && grid_parse(&p, o->puzzle, err, sizeof err) != GRID_OK)
        return ctl_usage_error("explain", "puzzle: %s", err);
    if (pencil_judge(&s->st, o->puzzle ? &p : NULL, &j) == PENCIL_WRONG) {
        if (o->json)
            ctl_print_json(json_pack("{s:s,s:s}", "status", "wrong-marks",
                                     "message", j.message));
        else
            printf("wrong-marks: %s\n", j.message);
        int rc = ctl_finish_output();
        return rc != CTL_EXIT_OK ? rc : CTL_EXIT_WRONG_MARKS;
    }
    if (j.verdict != PENCIL_RIGHT) {
        fprintf(stderr, "sudokuctl explain: %s\n", j.message);
        return CTL_EXIT_ERROR;
    }
    pencil_format_line(&s->st, start);
    struct explain e = {
        .o = o, .steps = o->json ? json_array() : NULL, .hardest = -1};
    if (o->candidates && !o->json)
        print_candidates(&s->st);
    int status = grade_solve(&s->st, o->rater, HUMAN_STEP_TEXT, explain_step, &e);
    const char *hardest = e.hardest >= 0 ? human_tech_info(e.hardest)->name : "-";
    if (o->json) {
        json_t *obj = json_pack("{s:s,s:s,s:o,s:s?,s:f}", "state", start, "status",
                                status_word(status), "steps", e.steps,
                                "hardest_technique",
                                e.hardest >= 0 ? human_tech_info(e.hardest)->name
                                               : NULL,
                                "score", e.score / 10.0);
        if (o->candidates)
            add_candidates(obj, &s->st);
        if (ctl_print_json(obj) != 0)
            return ctl_finish_output();
    } else if (status == HUMAN_STUCK) {
        say_stuck(e.n, &s->st, o);
    } else {
        printf("%s in %d steps from this state, hardest %s (%.1f)\n",
               status_word(status), e.n, hardest, e.score / 10.0);
    }
    return ctl_finish_output();
}

int ctl_cmd_explain(int argc, char **argv)
{
    struct opts o;
    struct ctl_state s;
    int rc = parse_opts("explain", argc, argv, OPT_CANDIDATES | OPT_PUZZLE | OPT_RATER,
                        &o);
    if (rc || (rc = ctl_state_load("explain", o.arg, &s)) != CTL_EXIT_OK)
        return rc;
    rc = s.format == PENCIL_FORMAT_GRID ? explain_puzzle(&o, s.text)
                                        : explain_marks(&o, &s);
    ctl_state_free(&s);
    return rc;
}

/* ---- hint ----------------------------------------------------------- */

int ctl_cmd_hint(int argc, char **argv)
{
    struct opts o;
    struct ctl_state s;
    char err[256];
    int rc = parse_opts("hint", argc, argv, OPT_PUZZLE, &o);
    if (rc || (rc = ctl_state_load("hint", o.arg, &s)) != CTL_EXIT_OK)
        return rc;
    struct hint *h = malloc(sizeof *h);
    if (!h) {
        fprintf(stderr, "sudokuctl hint: out of memory\n");
        ctl_state_free(&s);
        return CTL_EXIT_ERROR;
    }
    rc = ctl_state_hint(&s, o.puzzle, h, err, sizeof err);
    ctl_state_free(&s);
    if (rc != 0) {
        free(h);
        return ctl_usage_error("hint", "%s", err);
    }
    if (o.json)
        ctl_print_json(human_json_hint(h));
    else
        printf("%s: %s\n", hint_status_name(h->status), h->message);
    rc = ctl_finish_output();
    if (rc == CTL_EXIT_OK && h->status == HINT_WRONG_MARKS)
        rc = CTL_EXIT_WRONG_MARKS;
    free(h);
    return rc;
}

/* ---- check ---------------------------------------------------------- */

/* The daemon's judgement (check_json), computed here: the same output as
 * with --socket, without a daemon. */
int ctl_cmd_check(int argc, char **argv)
{
    struct opts o;
    struct ctl_state s;
    struct grid state, puzzle;
    char err[CHECK_ERR_MAX > GRID_ERR_MAX ? CHECK_ERR_MAX : GRID_ERR_MAX];
    int rc = parse_opts("check", argc, argv, OPT_PUZZLE, &o);
    if (rc || (rc = ctl_state_load("check", o.arg, &s)) != CTL_EXIT_OK)
        return rc;
    if (s.format != PENCIL_FORMAT_GRID) {
        ctl_state_free(&s);
        return ctl_usage_error("check", "STATE: expected a grid of values (81 "
                                        "characters), not pencil marks");
    }
    rc = grid_parse_n(&state, s.text, strlen(s.text), err, sizeof err);
    ctl_state_free(&s);
    /* A repeated digit is the player's mistake: the verdict "conflict". */
    if (rc != GRID_OK && rc != GRID_ERR_CONFLICT)
        return ctl_usage_error("check", "STATE: %s", err);
    if (o.puzzle && grid_parse(&puzzle, o.puzzle, err, sizeof err) != GRID_OK)
        return ctl_usage_error("check", "PUZZLE: %s", err);
    json_t *obj = check_json(&state, o.puzzle ? &puzzle : NULL, err, sizeof err);
    if (!obj)
        return ctl_usage_error("check", "%s", err);
    if (o.json)
        return ctl_print_json(obj) == 0 ? ctl_finish_output() : CTL_EXIT_ERROR;
    ctl_print_verdict(obj, 1);
    json_decref(obj);
    return ctl_finish_output();
}
