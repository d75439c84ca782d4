/*
 * webhook_event: owns the JSON shape of each event type.  Everything goes
 * through jansson; nothing here formats JSON by hand.
 */
#include "webhook_event.h"

#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* Enough digits for the grader's scores (like 7.2) without binary noise
 * such as 7.2000000000000002. */
#define DUMP_FLAGS (JSON_COMPACT | JSON_REAL_PRECISION(12))

static json_t *iso_time(int64_t t)
{
    time_t tt = (time_t)t;
    char buf[32];
    struct tm tm;

    if (gmtime_r(&tt, &tm) == NULL)
        return NULL;
    strftime(buf, sizeof buf, "%Y-%m-%dT%H:%M:%SZ", &tm);
    return json_string(buf);
}

static json_t *puzzle_json(const struct store_puzzle *p, int include_solutions)
{
    json_t *o = json_object();

    if (o == NULL || json_object_set_new(o, "tier", json_string(p->tier)) != 0 ||
        json_object_set_new(o, "puzzle", json_string(p->puzzle)) != 0 ||
        (include_solutions &&
         json_object_set_new(o, "solution", json_string(p->solution)) != 0) ||
        json_object_set_new(o, "score", json_real(p->score)) != 0 ||
        json_object_set_new(o, "hardest_technique",
                            json_string(p->hardest_technique)) != 0 ||
        json_object_set_new(o, "clues", json_integer(p->clues)) != 0) {
        json_decref(o);
        return NULL;
    }
    return o;
}

/* Wraps data into the envelope, serializes it and frees everything. */
static int finish(const char *type, int64_t now, json_t *data, char **body,
                  size_t *len, char *err, size_t errlen)
{
    json_t *root = json_object();
    int ok = root != NULL && data != NULL &&
             json_object_set_new(root, "type", json_string(type)) == 0 &&
             json_object_set_new(root, "timestamp", iso_time(now)) == 0 &&
             json_object_set(root, "data", data) == 0;

    *body = ok ? json_dumps(root, DUMP_FLAGS) : NULL;
    json_decref(root);
    json_decref(data);
    if (*body == NULL) {
        snprintf(err, errlen, "building the %s event: out of memory or bad text",
                 type);
        return -1;
    }
    *len = strlen(*body);
    return 0;
}

int webhook_event_published(const char *date, const struct store_puzzle *puzzles,
                            size_t count, int include_solutions, int64_t now,
                            char **body, size_t *len, char *err, size_t errlen)
{
    json_t *data = json_object(), *list = json_array();
    int ok = data != NULL && list != NULL &&
             json_object_set_new(data, "date", json_string(date)) == 0 &&
             json_object_set(data, "puzzles", list) == 0;

    for (size_t i = 0; ok && i < count; i++)
        ok = json_array_append_new(
                 list, puzzle_json(&puzzles[i], include_solutions)) == 0;
    json_decref(list);
    if (!ok) {
        json_decref(data);
        data = NULL;
    }
    return finish(WEBHOOK_EVENT_PUBLISHED, now, data, body, len, err, errlen);
}

int webhook_event_test(const char *endpoint, int64_t now, char **body, size_t *len,
                       char *err, size_t errlen)
{
    json_t *data = json_object();

    if (data != NULL &&
        json_object_set_new(data, "endpoint", json_string(endpoint)) != 0) {
        json_decref(data);
        data = NULL;
    }
    return finish(WEBHOOK_EVENT_TEST, now, data, body, len, err, errlen);
}
