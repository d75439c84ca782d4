/*
 * human_json: owns the one JSON form of a solver step, of a hint's answer
 * and of a grade's technique counts (built with jansson).
 */
#include "human_json.h"

#include <stdio.h>

static json_t *cands_json(const struct human_cand *c, int n)
{
    json_t *list = json_array();
    char name[3];

    for (int i = 0; i < n; i++) {
        grid_cell_name(c[i].cell, name);
        json_array_append_new(
            list, json_pack("{s:s,s:i}", "cell", name, "digit", c[i].digit));
    }
    return list;
}

static json_t *houses_json(const struct human_step *step)
{
    json_t *list = json_array();

    for (int i = 0; i < step->n_house; i++) {
        int h = step->house[i];

        json_array_append_new(list, json_pack("{s:s,s:i}", "kind",
                                              h < 9    ? "row"
                                              : h < 18 ? "column"
                                                       : "box",
                                              "index", h % 9 + 1));
    }
    return list;
}

json_t *human_json_step(const struct human_step *step)
{
    const struct human_tech_info *t = human_tech_info(step->tech);

    return json_pack(
        "{s:s,s:s,s:f,s:s,s:o,s:o,s:o,s:o}", "technique", t->key, "name", t->name,
        "rating", step->rating / 10.0, "text", step->text, "placements",
        cands_json(step->place, step->n_place), "eliminations",
        cands_json(step->elim, step->n_elim), "causes",
        cands_json(step->cause, step->n_cause), "houses", houses_json(step));
}

json_t *human_json_hint(const struct hint *h)
{
    char name[3];
    json_t *obj = json_pack("{s:s,s:s}", "status", hint_status_name(h->status),
                            "message", h->message);

    if (obj != NULL && h->status == HINT_STEP)
        json_object_set_new(obj, "step", human_json_step(&h->step));
    if (obj != NULL && h->status == HINT_WRONG) {
        json_t *wrong = json_array();

        for (int i = 0; i < h->n_wrong; i++) {
            grid_cell_name(h->wrong[i], name);
            json_array_append_new(wrong, json_string(name));
        }
        json_object_set_new(obj, "wrong", wrong);
    }
    return obj;
}

json_t *human_json_counts(const struct grade *g)
{
    json_t *counts = json_object();

    for (int t = 0; t < human_tech_count(); t++)
        if (g->count[t] > 0)
            json_object_set_new(counts, human_tech_info(t)->key,
                                json_integer(g->count[t]));
    return counts;
}

json_t *human_json_grade(const struct grade *g)
{
    const char *hardest = g->hardest >= 0 ? human_tech_info(g->hardest)->name : NULL;
    return json_pack("{s:s,s:i,s:s?,s:f,s:f,s:f,s:s?,s:s?,s:i,s:o}", "tier",
                     grade_tier_name(g->tier), "effort", g->effort, "tier_hardest",
                     g->tier_hardest >= 0 ? human_tech_info(g->tier_hardest)->name
                                          : NULL,
                     "score", g->score / 10.0, "pearl", g->pearl / 10.0, "diamond",
                     g->diamond / 10.0, "score_hardest", hardest,
                     "hardest_technique", hardest, "steps", g->steps,
                     "technique_counts", human_json_counts(g));
}

struct steps_list {
    json_t *array;
    int max, total;
};

static int steps_add(void *arg, const struct human_state *before,
                     const struct human_step *step)
{
    struct steps_list *l = arg;

    (void)before;
    if (l->max < 0 || l->total < l->max)
        json_array_append_new(l->array, human_json_step(step));
    l->total++;
    return 0;
}

void human_json_steps_message(int tech, int total, char *out, size_t outlen)
{
    if (total > 0)
        snprintf(out, outlen, "%d step%s", total, total == 1 ? "" : "s");
    else if (tech >= 0)
        snprintf(out, outlen, "%s does not apply here",
                 human_tech_info(tech)->name);
    else
        snprintf(out, outlen,
                 "no technique known to this solver applies here; the next "
                 "step needs a harder technique or a guess");
}

json_t *human_json_steps(const struct human_state *st, int tech, int max)
{
    struct steps_list l = {json_array(), max, 0};
    char msg[HUMAN_STEP_TEXT_MAX];

    if (l.array == NULL)
        return NULL;
    human_all_steps(st, tech, steps_add, &l);
    human_json_steps_message(tech, l.total, msg, sizeof msg);
    int count = (int)json_array_size(l.array);
    json_t *obj = json_pack("{s:s,s:s,s:s?,s:i,s:i,s:b}", "status", "steps",
                            "message", msg, "technique",
                            tech >= 0 ? human_tech_info(tech)->key : NULL, "count",
                            count, "total", l.total, "truncated", count < l.total);
    if (obj == NULL) {
        json_decref(l.array);
        return NULL;
    }
    json_object_set_new(obj, "steps", l.array);
    return obj;
}
