/*
 * webhook_event: owns the JSON envelope of each event type; a puzzle is
 * the socket's object (reply_puzzle), so both speak one vocabulary.
 * Everything goes through jansson; nothing here formats JSON by hand.
 */
#include "webhook_event.h"

#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "reply.h"

/* Enough digits for the grader's scores (like 7.2) without binary noise
 * such as 7.2000000000000002. */
#define DUMP_FLAGS (JSON_COMPACT | JSON_REAL_PRECISION(12))

/* Events always carry real times: an instant before 1970-01-01T00:00:01Z
 * or past what gmtime handles (reply_time's null) fails the event. */
static json_t *event_time(int64_t t)
{
    json_t *j = reply_time(t);

    if (!json_is_string(j)) {
        json_decref(j);
        return NULL;
    }
    return j;
}

/* Wraps data into the envelope, serializes it and frees everything. */
static int finish(const char *type, int64_t now, json_t *data, char **body,
                  size_t *len, char *err, size_t errlen)
{
    json_t *root = json_object();
    int ok = root != NULL && data != NULL &&
             json_object_set_new(root, "type", json_string(type)) == 0 &&
             json_object_set_new(root, "schema_version",
                                 json_integer(WEBHOOK_SCHEMA_VERSION)) == 0 &&
             json_object_set_new(root, "timestamp", event_time(now)) == 0 &&
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

int webhook_event_published(const struct webhook_event_day *day, int64_t now,
                            char **body, size_t *len, char *err, size_t errlen)
{
    json_t *data = json_object(), *list = json_array();
    int ok = data != NULL && list != NULL &&
             json_object_set_new(data, "date", json_string(day->date)) == 0 &&
             json_object_set_new(data, "published_at",
                                 event_time(day->published_at)) == 0 &&
             json_object_set(data, "puzzles", list) == 0;

    for (size_t i = 0; ok && i < day->count; i++) {
        json_t *p = reply_puzzle(&day->puzzles[i], day->labels[i], day->include_solutions);
        if (p != NULL && day->include_svg)
            ok = json_object_set_new(p, "svg",
                                     reply_svg(&day->puzzles[i], day->labels[i], 0)) == 0;
        ok = json_array_append_new(list, p) == 0 && ok;
    }
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
