/*
 * ctl_steps: owns sudokuctl steps, the "all steps" panel of HoDoKu on the
 * command line:
 *   steps STATE [--technique KEY] [--puzzle PUZZLE] [--json]
 *                        every step that applies in STATE, easiest first
 *   steps --list-techniques [--json]    the technique keys KEY may name
 * STATE is read by ctl_state.c and judged as hint judges it (wrong marks
 * exit CTL_EXIT_WRONG_MARKS).  The answer is built once as JSON
 * (human_json_steps, the socket's form) and printed raw or as text, so the
 * local command and `--socket` print the same.
 */
#include "ctl.h"
#include "hint.h"
#include "human.h"
#include "human_json.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct steps_opts {
    int json, list;
    const char *arg, *puzzle, *key;
};

static int parse_steps_opts(int argc, char **argv, struct steps_opts *o)
{
    memset(o, 0, sizeof *o);
    for (int i = 0; i < argc; i++) {
        if (strcmp(argv[i], "--json") == 0)
            o->json = 1;
        else if (strcmp(argv[i], "--list-techniques") == 0)
            o->list = 1;
        else if (strcmp(argv[i], "--puzzle") == 0 && i + 1 < argc)
            o->puzzle = argv[++i];
        else if (strcmp(argv[i], "--technique") == 0 && i + 1 < argc)
            o->key = argv[++i];
        else if (argv[i][0] == '-' && argv[i][1] != '\0')
            return ctl_usage_error("steps", "unknown option '%s'", argv[i]);
        else if (o->arg)
            return ctl_usage_error("steps", "unexpected argument '%s'", argv[i]);
        else
            o->arg = argv[i];
    }
    if (o->list && (o->arg || o->puzzle || o->key))
        return ctl_usage_error("steps",
                               "--list-techniques takes no STATE and no other "
                               "option but --json");
    return CTL_EXIT_OK;
}

int ctl_steps_technique(const char *key, int *tech)
{
    *tech = -1;
    if (!key)
        return CTL_EXIT_OK;
    *tech = human_tech_find(key);
    if (*tech < 0)
        return ctl_usage_error(
            "steps",
            "unknown technique '%s' (the keys, such as "
            "naked_pair or x_wing, are listed by 'sudokuctl steps "
            "--list-techniques')",
            key);
    return CTL_EXIT_OK;
}

static int list_techniques(int json)
{
    for (int t = 0; t < human_tech_count(); t++) {
        const struct human_tech_info *i = human_tech_info(t);
        if (json) {
            if (ctl_print_json(json_pack("{s:s,s:s,s:f,s:s}", "key", i->key, "name",
                                         i->name, "rating", i->rating / 10.0,
                                         "group", human_group_name(i->group))) != 0)
                break;
        } else {
            printf("%-22s %-26s %.1f %s\n", i->key, i->name, i->rating / 10.0,
                   human_group_name(i->group));
        }
    }
    return ctl_finish_output();
}

void ctl_print_steps(const json_t *answer)
{
    const json_t *steps = json_object_get(answer, "steps"), *step;
    size_t i;
    long long listed = (long long)json_array_size(steps);
    long long total = (long long)json_integer_value(
        json_object_get(answer, "total"));

    json_array_foreach(steps, i, step) printf(
        "%zu. %s\n", i + 1, json_string_value(json_object_get(step, "text")));
    if (total > listed)
        printf(
            "... and %lld more: the socket lists at most %lld; run 'sudokuctl steps' "
            "without --socket for all\n",
            total - listed, listed);
    printf("%s\n", json_string_value(json_object_get(answer, "message")));
}

int ctl_cmd_steps(int argc, char **argv)
{
    struct steps_opts o;
    struct ctl_state s;
    struct human_state st;
    char err[256];
    int tech, rc = parse_steps_opts(argc, argv, &o);
    if (rc)
        return rc;
    if (o.list)
        return list_techniques(o.json);
    if ((rc = ctl_steps_technique(o.key, &tech)) != CTL_EXIT_OK ||
        (rc = ctl_state_load("steps", o.arg, &s)) != CTL_EXIT_OK)
        return rc;
    struct hint *h = malloc(sizeof *h);
    if (!h) {
        fprintf(stderr, "sudokuctl steps: out of memory\n");
        ctl_state_free(&s);
        return CTL_EXIT_ERROR;
    }
    int ready = ctl_state_judge(&s, o.puzzle, &st, h, err, sizeof err);
    ctl_state_free(&s);
    if (ready < 0) {
        free(h);
        return ctl_usage_error("steps", "%s", err);
    }
    json_t *answer = ready ? human_json_steps(&st, tech, -1) : human_json_hint(h);
    if (!answer) {
        fprintf(stderr, "sudokuctl steps: out of memory\n");
        free(h);
        return CTL_EXIT_ERROR;
    }
    if (o.json)
        ctl_print_json(answer);
    else {
        if (ready)
            ctl_print_steps(answer);
        else
            ctl_print_verdict(answer, 0);
        json_decref(answer);
    }
    rc = ctl_finish_output();
    if (rc == CTL_EXIT_OK && !ready && h->status == HINT_WRONG_MARKS)
        rc = CTL_EXIT_WRONG_MARKS;
    free(h);
    return rc;
}
