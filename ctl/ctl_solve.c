/*
 * ctl_solve: owns `sudokuctl solve` and `sudokuctl count`, the offline
 * brute-force commands: one verdict per puzzle line, plain or JSON.
 *
 * Verdicts are kept consistent: "invalid" when the text is not a puzzle
 * (wrong length, a bad character, a digit repeated in a house — the givens
 * contradict each other on their face); "unsolvable" when it is a puzzle
 * but no grid completes it; "multiple" when more than one does.
 */
#include <stdlib.h>
#include <string.h>

#include "ctl.h"
#include "grid.h"
#include "solver.h"

struct solve_opts {
    const char *cmd;
    char **inputs; /* puzzles and FILEs (ctl_for_each_input) */
    int ninputs;
    int json;
    int limit; /* count only */
};

/* The positional arguments are gathered at the front of argv (each moves
 * to a slot already read), in o->inputs. */
static int parse_opts(struct solve_opts *o, int argc, char **argv)
{
    o->inputs = argv;
    for (int i = 0; i < argc; i++) {
        const char *a = argv[i];
        if (strcmp(a, "--json") == 0) {
            o->json = 1;
        } else if (strcmp(o->cmd, "count") == 0 && strcmp(a, "--limit") == 0) {
            char *end;
            if (i + 1 >= argc)
                return ctl_usage_error(o->cmd, "--limit needs a number");
            long v = strtol(argv[++i], &end, 10);
            if (*end || end == argv[i] || v < 1 || v > 1000000)
                return ctl_usage_error(o->cmd,
                                       "--limit: expected a number from 1 to "
                                       "1000000, got '%s'",
                                       argv[i]);
            o->limit = (int)v;
        } else if (a[0] == '-' && a[1] != '\0') {
            return ctl_usage_error(o->cmd, "unknown option '%s'", a);
        } else {
            argv[o->ninputs++] = argv[i];
        }
    }
    return CTL_EXIT_OK;
}

static json_t *json_line(long lineno, const char *puzzle, const char *status)
{
    return json_pack("{s:I, s:s, s:s}", "line", (json_int_t)lineno, "puzzle",
                     puzzle, "status", status);
}

static int emit_invalid(const struct solve_opts *o, long lineno, const char *line,
                        const char *why)
{
    if (!o->json)
        return printf("invalid: %s\n", why) < 0;
    json_t *j = json_line(lineno, line, "invalid");
    json_object_set_new(j, "error", json_string(why));
    return ctl_print_json(j);
}

static int solve_line(void *arg, long lineno, const char *line, size_t len)
{
    const struct solve_opts *o = arg;
    struct grid g, sol;
    char err[GRID_ERR_MAX], text[GRID_LINE_LEN + 1];
    if (grid_parse_n(&g, line, len, err, sizeof err) != GRID_OK)
        return emit_invalid(o, lineno, line, err);
    int n = solver_count(&g, 2, &sol);
    const char *status = n == 0 ? "unsolvable" : n == 1 ? "solved" : "multiple";
    if (!o->json) {
        if (n == 1) {
            grid_format_line(&sol, text);
            text[GRID_LINE_LEN] = '\n';
            return fwrite(text, 1, GRID_LINE_LEN + 1, stdout) != GRID_LINE_LEN + 1;
        }
        return printf("%s\n", status) < 0;
    }
    grid_format_line(&g, text);
    json_t *j = json_line(lineno, text, status);
    if (n == 1) {
        grid_format_line(&sol, text);
        json_object_set_new(j, "solution", json_string(text));
    }
    return ctl_print_json(j);
}

static int count_line(void *arg, long lineno, const char *line, size_t len)
{
    const struct solve_opts *o = arg;
    struct grid g;
    char err[GRID_ERR_MAX], text[GRID_LINE_LEN + 1];
    if (grid_parse_n(&g, line, len, err, sizeof err) != GRID_OK)
        return emit_invalid(o, lineno, line, err);
    int n = solver_count(&g, o->limit, NULL);
    if (!o->json)
        return printf("%d\n", n) < 0;
    grid_format_line(&g, text);
    json_t *j = json_line(lineno, text, "counted");
    json_object_set_new(j, "solutions", json_integer(n));
    json_object_set_new(j, "limit", json_integer(o->limit));
    return ctl_print_json(j);
}

static int run(struct solve_opts *o, int argc, char **argv, ctl_line_cb cb)
{
    int rc = parse_opts(o, argc, argv);
    if (rc != CTL_EXIT_OK)
        return rc;
    static char buf[1 << 16];
    setvbuf(stdout, buf, _IOFBF, sizeof buf);
    if (ctl_for_each_input(o->inputs, o->ninputs, cb, o) != 0)
        return CTL_EXIT_ERROR;
    return ctl_finish_output();
}

int ctl_cmd_solve(int argc, char **argv)
{
    struct solve_opts o = {"solve", NULL, 0, 0, 2};
    return run(&o, argc, argv, solve_line);
}

int ctl_cmd_count(int argc, char **argv)
{
    struct solve_opts o = {"count", NULL, 0, 0, 2};
    return run(&o, argc, argv, count_line);
}
