/*
 * reply: owns the JSON shape of every query-socket reply and the pure
 * computations behind solve, grade, hint, steps and check.  Key names follow
 * `sudokuctl ... --json` so a script reads both the same way.
 */
#include "reply.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "check_json.h"
#include "grade.h"
#include "hint.h"
#include "human.h"
#include "human_json.h"
#include "pencil.h"
#include "render.h"
#include "solver.h"

/* 15 significant digits print ratings such as 2.6 as written (as
 * sudokuctl --json does), not as 2.6000000000000001. */
#define REPLY_DUMP_FLAGS (JSON_COMPACT | JSON_REAL_PRECISION(15))

json_t *reply_ok(void)
{
    return json_pack("{s:b}", "ok", 1);
}

json_t *reply_error(enum proto_error code, const char *message)
{
    return json_pack("{s:b,s:{s:s,s:s}}", "ok", 0, "error", "code",
                     proto_error_name(code), "message", message);
}

json_t *reply_time(int64_t t)
{
    char text[32];
    time_t tt = (time_t)t;
    struct tm tm;

    if (t <= 0 || gmtime_r(&tt, &tm) == NULL)
        return json_null();
    strftime(text, sizeof text, "%Y-%m-%dT%H:%M:%SZ", &tm);
    return json_string(text);
}

static json_t *technique_counts(const char *text)
{
    json_t *counts = json_loads(text, 0, NULL);

    if (counts == NULL || !json_is_object(counts)) {
        json_decref(counts);
        return json_object();
    }
    return counts;
}

json_t *reply_puzzle(const struct store_puzzle *p, const char *label, int solution)
{
    json_t *obj = json_pack("{s:s,s:s,s:s,s:s,s:i,s:f,s:s,s:o,s:s,s:s}", "date",
                            p->date, "tier", p->tier, "label", label, "puzzle",
                            p->puzzle, "clues",
                            p->clues, "score", p->score, "hardest_technique",
                            p->hardest_technique, "technique_counts",
                            technique_counts(p->technique_counts), "symmetry",
                            p->symmetry, "generator_version", p->generator_version);

    if (obj != NULL && solution)
        json_object_set_new(obj, "solution", json_string(p->solution));
    return obj;
}

json_t *reply_svg(const struct store_puzzle *p, const char *label, int solution)
{
    struct grid puzzle, solved;
    char err[RENDER_ERR_MAX > GRID_ERR_MAX ? RENDER_ERR_MAX : GRID_ERR_MAX];
    struct render_input in = {.puzzle = &puzzle, .solution = solution ? &solved : NULL,
                              .date = p->date,
                              .tier = render_text_ok(label) ? label : p->tier,
                              .score = (int)(p->score * 10 + 0.5)};
    char *svg;
    size_t len;
    json_t *text = NULL;

    if (grid_parse(&puzzle, p->puzzle, err, sizeof err) != GRID_OK ||
        (solution && grid_parse(&solved, p->solution, err, sizeof err) != GRID_OK) ||
        !render_text_ok(in.tier) || (svg = malloc(RENDER_SVG_MAX)) == NULL)
        return NULL;
    if (render_svg(&in, svg, RENDER_SVG_MAX, &len, err, sizeof err) == RENDER_OK)
        text = json_stringn(svg, len);
    free(svg);
    return text;
}

json_t *reply_help(void)
{
    json_t *list = json_array();

    for (int c = 0; c < PROTO_COMMAND_COUNT; c++) {
        const struct proto_command_info *info = proto_command_info(
            (enum proto_command)c);

        json_array_append_new(list, json_pack("{s:s,s:s,s:s}", "name", info->name,
                                              "usage", info->usage, "about",
                                              info->about));
    }
    return json_pack("{s:b,s:o}", "ok", 1, "commands", list);
}

static json_t *grid_json(const struct grid *g)
{
    char text[GRID_LINE_LEN + 1];

    grid_format_line(g, text);
    return json_string(text);
}

/* ---- solve ------------------------------------------------------------- */

static json_t *compute_solve(const struct grid *puzzle)
{
    struct grid sol;
    int n = solver_count(puzzle, 2, &sol);
    json_t *obj = json_pack("{s:b,s:s}", "ok", 1, "status",
                            n == 0   ? "unsolvable"
                            : n == 1 ? "solved"
                                     : "multiple");

    if (obj != NULL && n == 1)
        json_object_set_new(obj, "solution", grid_json(&sol));
    return obj;
}

/* ---- grade and hint ---------------------------------------------------- */

/* The grader assumes one solution, so that is checked first. */
static json_t *compute_grade(const struct grid *puzzle)
{
    struct grade g;
    int n = solver_count(puzzle, 2, NULL);
    json_t *obj;

    if (n != 1)
        return json_pack("{s:b,s:s}", "ok", 1, "status",
                         n == 0 ? "unsolvable" : "multiple");
    grade_puzzle(puzzle, &g);
    obj = json_pack("{s:b,s:s}", "ok", 1, "status", "graded");
    json_t *verdicts = human_json_grade(&g);
    if (!obj || !verdicts || json_object_update(obj, verdicts) != 0) {
        json_decref(obj);
        obj = NULL;
    }
    json_decref(verdicts);
    return obj;
}

/* hint's and steps' judgement of STATE [PUZZLE]: 1 when the state is right
 * and unsolved (its candidates in *st), 0 when h holds the answer, -1 with
 * the error reply in *error. */
static int judge(const struct proto_request *req, struct human_state *st,
                 struct hint *h, json_t **error)
{
    char state[GRID_LINE_LEN + 1], puzzle[GRID_LINE_LEN + 1], err[PROTO_ERR_MAX];
    int rc;

    if (req->has_marks) {
        *st = req->marks;
        return hint_judge_state(st, req->has_puzzle ? &req->puzzle : NULL, h);
    }
    grid_format_line(&req->grid, state);
    grid_format_line(&req->puzzle, puzzle);
    rc = hint_judge_grid(state, req->has_puzzle ? puzzle : NULL, st, h, err,
                         sizeof err);
    if (rc < 0)
        *error = reply_error(PROTO_ERR_BAD_REQUEST, err);
    return rc;
}

/* {"ok":true} followed by the fields of answer (released); NULL when
 * out of memory. */
static json_t *ok_with(json_t *answer)
{
    json_t *obj = reply_ok();

    if (obj == NULL || answer == NULL || json_object_update(obj, answer) != 0) {
        json_decref(obj);
        obj = NULL;
    }
    json_decref(answer);
    return obj;
}

/* h's answer as a reply: wrong marks are an error, never explained. */
static json_t *hint_reply(const struct hint *h)
{

    if (h->status == HINT_WRONG_MARKS) {
        char msg[HINT_MESSAGE_MAX + 16];

        snprintf(msg, sizeof msg, "%s: %s", hint_status_name(h->status),
                 h->message);
        return reply_error(PROTO_ERR_WRONG_MARKS, msg);
    }
    return ok_with(human_json_hint(h));
}

/* hint: the easiest step of a right state; steps: every one of them, at
 * most PROTO_STEPS_MAX listed.  Other states get the judgement. */
static json_t *compute_hint(const struct proto_request *req)
{
    struct human_state st;
    struct hint h;
    json_t *error = NULL;
    int rc = judge(req, &st, &h, &error);

    if (rc < 0)
        return error;
    if (rc == 1 && req->command == PROTO_STEPS)
        return ok_with(human_json_steps(&st, req->tech, PROTO_STEPS_MAX));
    if (rc == 1)
        hint_step(&st, &h);
    return hint_reply(&h);
}

/* ---- check ------------------------------------------------------------- */

static json_t *compute_check(const struct proto_request *req)
{
    char err[CHECK_ERR_MAX], msg[CHECK_ERR_MAX + 16];
    json_t *obj = check_json(&req->grid, req->has_puzzle ? &req->puzzle : NULL, err,
                             sizeof err);

    if (obj != NULL)
        return obj;
    snprintf(msg, sizeof msg, "check: %s", err);
    return reply_error(PROTO_ERR_BAD_REQUEST, msg);
}

/* ---- dispatch and output ----------------------------------------------- */

/* The grid whose solutions the command's search counts: the PUZZLE when
 * given, else the state's values. */
static void searched_grid(const struct proto_request *req, struct grid *g)
{
    if (req->has_puzzle)
        *g = req->puzzle;
    else if (req->has_marks)
        human_to_grid(&req->marks, g);
    else
        *g = req->grid;
}

/* A node of the marks search costs about 40 solver nodes (9 against
 * 0.2 microseconds); it is charged 8, so the hardest real states (some
 * 4,000 nodes) fit the default budget. */
#define PENCIL_NODE_COST 8

/* 1 when the searches the command starts with (solver_count of one grid,
 * and for a 729-character state without PUZZLE whose values have several
 * solutions, pencil_count of its marks) would take more than max_nodes
 * nodes.  They are deterministic, so once they fit here the command's own
 * fit too; the human solver after them takes polynomial time. */
static int over_budget(const struct proto_request *req, unsigned long max_nodes)
{
    struct grid g;
    int n;

    if (max_nodes == 0)
        return 0;
    searched_grid(req, &g);
    n = solver_count_budget(&g, 2, max_nodes, NULL);
    if (n == SOLVER_OVER_BUDGET)
        return 1;
    return n > 1 && req->has_marks && !req->has_puzzle &&
           pencil_count_budget(&req->marks, 2, max_nodes / PENCIL_NODE_COST,
                               NULL) == PENCIL_OVER_BUDGET;
}

json_t *reply_compute(const struct proto_request *req, unsigned long max_nodes)
{
    if (over_budget(req, max_nodes)) {
        char msg[192];

        snprintf(
            msg, sizeof msg,
            "%s: the search for this grid's solutions needs more than %lu "
            "search nodes (socket_search_budget); it is too hard to answer here",
            proto_command_info(req->command)->name, max_nodes);
        return reply_error(PROTO_ERR_TOO_HARD, msg);
    }
    switch (req->command) {
    case PROTO_SOLVE:
        return compute_solve(&req->grid);
    case PROTO_GRADE:
        return compute_grade(&req->grid);
    case PROTO_HINT:
    case PROTO_STEPS:
        return compute_hint(req);
    case PROTO_CHECK:
        return compute_check(req);
    default:
        return reply_error(PROTO_ERR_INTERNAL, "not a computed command");
    }
}

int reply_buf_append(const char *data, size_t len, void *buf)
{
    struct reply_buf *b = buf;

    if (len > b->cap - b->len) {
        size_t cap = b->cap > 0 ? b->cap : 256;
        char *p;

        while (cap - b->len < len)
            cap *= 2;
        if ((p = realloc(b->data, cap)) == NULL)
            return -1;
        b->data = p;
        b->cap = cap;
    }
    memcpy(b->data + b->len, data, len);
    b->len += len;
    return 0;
}

void reply_buf_free(struct reply_buf *b)
{
    free(b->data);
    b->data = NULL;
    b->len = b->cap = 0;
}

struct emitter {
    reply_emit_fn emit;
    void *arg;
};

static int emit_json(const char *buffer, size_t size, void *data)
{
    const struct emitter *e = data;

    return e->emit(buffer, size, e->arg);
}

int reply_write(json_t *reply, reply_emit_fn emit, void *arg)
{
    struct emitter e = {emit, arg};
    int rc;

    if (reply == NULL)
        return -1;
    rc = json_dump_callback(reply, emit_json, &e, REPLY_DUMP_FLAGS);
    json_decref(reply);
    if (rc != 0)
        return -1;
    return emit("\n", 1, arg) == 0 ? 0 : -1;
}
