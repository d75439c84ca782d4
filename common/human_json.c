/*
 * human_json: owns the one JSON form of a solver step and of a grade's
 * technique counts (built with jansson).
 */
#include "human_json.h"

static json_t *cands_json(const struct human_cand *c, int n)
{
    json_t *list = json_array();
    char name[3];

    for (int i = 0; i < n; i++) {
        grid_cell_name(c[i].cell, name);
        json_array_append_new(list, json_pack("{s:s,s:i}", "cell", name, "digit",
                                              c[i].digit));
    }
    return list;
}

static json_t *houses_json(const struct human_step *step)
{
    json_t *list = json_array();

    for (int i = 0; i < step->n_house; i++) {
        int h = step->house[i];

        json_array_append_new(list, json_pack("{s:s,s:i}", "kind",
                                              h < 9 ? "row" : h < 18 ? "column" : "box",
                                              "index", h % 9 + 1));
    }
    return list;
}

json_t *human_json_step(const struct human_step *step)
{
    const struct human_tech_info *t = human_tech_info(step->tech);

    return json_pack("{s:s,s:s,s:f,s:s,s:o,s:o,s:o,s:o}", "technique", t->key, "name",
                     t->name, "rating", step->rating / 10.0, "text", step->text,
                     "placements", cands_json(step->place, step->n_place), "eliminations",
                     cands_json(step->elim, step->n_elim), "causes",
                     cands_json(step->cause, step->n_cause), "houses", houses_json(step));
}

json_t *human_json_counts(const struct grade *g)
{
    json_t *counts = json_object();

    for (int t = 0; t < human_tech_count(); t++)
        if (g->count[t] > 0)
            json_object_set_new(counts, human_tech_info(t)->key, json_integer(g->count[t]));
    return counts;
}
