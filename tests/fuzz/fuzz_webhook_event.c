/*
 * Fuzz target: the webhook payload builder (webhook_event_published,
 * webhook_event_test).  The fields of up to STORE_DAY_MAX puzzles, the
 * date, the endpoint name, the instant and whether solutions and SVGs are
 * asked for come from the input.  A body
 * that is built must be JSON that reads back to exactly those fields; a
 * refusal must say why.
 */
#include <jansson.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "webhook_event.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

struct input {
    const uint8_t *p;
    size_t left;
};

static uint8_t take_byte(struct input *in)
{
    if (in->left == 0)
        return 0;
    in->left--;
    return *in->p++;
}

/* A NUL-terminated string of up to cap - 1 bytes; the first byte says how
 * many. */
static void take_string(struct input *in, char *out, size_t cap)
{
    size_t n = take_byte(in) % cap;
    if (n > in->left)
        n = in->left;
    memcpy(out, in->p, n);
    out[n] = '\0';
    in->p += n;
    in->left -= n;
}

static int str_is(json_t *o, const char *key, const char *want)
{
    const char *got = json_string_value(json_object_get(o, key));
    return got != NULL && strcmp(got, want) == 0;
}

static void check_published(const char *body, size_t len, const char *date,
                            const struct store_puzzle *ps, size_t count,
                            int solutions, int svg)
{
    json_error_t jerr;
    json_t *root = json_loadb(body, len, JSON_REJECT_DUPLICATES, &jerr);
    json_t *d = json_object_get(root, "data");
    json_t *list = json_object_get(d, "puzzles");

    if (root == NULL || strlen(body) != len ||
        !str_is(root, "type", "puzzles.published") ||
        json_integer_value(json_object_get(root, "schema_version")) !=
            WEBHOOK_SCHEMA_VERSION ||
        !json_is_string(json_object_get(root, "timestamp")) ||
        !json_is_string(json_object_get(d, "published_at")) ||
        !str_is(d, "date", date) || json_array_size(list) != count)
        abort();
    for (size_t i = 0; i < count; i++) {
        json_t *p = json_array_get(list, i);
        if (!str_is(p, "tier", ps[i].tier) || !str_is(p, "puzzle", ps[i].puzzle) ||
            !str_is(p, "hardest_technique", ps[i].hardest_technique) ||
            json_integer_value(json_object_get(p, "clues")) != ps[i].clues ||
            (solutions ? !str_is(p, "solution", ps[i].solution)
                       : json_object_get(p, "solution") != NULL))
            abort();
        /* An SVG only when asked, and then a drawing (puzzles that do not
         * parse refuse the whole event). */
        const char *drawing = json_string_value(json_object_get(p, "svg"));
        if (svg ? drawing == NULL || strncmp(drawing, "<?xml", 5) != 0
                : json_object_get(p, "svg") != NULL)
            abort();
    }
    json_decref(root);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    struct input in = {data, size};
    static struct store_puzzle ps[STORE_DAY_MAX];
    char date[16], endpoint[80], err[256];
    int64_t now = 0;
    char *body = NULL;
    size_t len = 0;

    uint8_t flags = take_byte(&in);
    size_t count = (size_t)(flags & 7) + ((flags & 8) ? 1 : 0);
    int solutions = (flags >> 4) & 1;
    int svg = (flags >> 6) & 1;
    for (int i = 0; i < 8; i++)
        now = (int64_t)((uint64_t)now << 8 | take_byte(&in));
    if (!(flags & 0x20))
        now = (int64_t)((uint64_t)now % 400000000000u); /* mostly real years */
    take_string(&in, date, sizeof date);
    take_string(&in, endpoint, sizeof endpoint);
    memset(ps, 0, sizeof ps);
    for (size_t i = 0; i < count; i++) {
        take_string(&in, ps[i].tier, sizeof ps[i].tier);
        take_string(&in, ps[i].puzzle, sizeof ps[i].puzzle);
        take_string(&in, ps[i].solution, sizeof ps[i].solution);
        take_string(&in, ps[i].hardest_technique, sizeof ps[i].hardest_technique);
        ps[i].clues = (int)take_byte(&in) - 20;
        ps[i].score = (double)take_byte(&in) / 10.0;
    }
    err[0] = '\0';
    const char *labels[STORE_DAY_MAX];
    for (size_t i = 0; i < count; i++)
        labels[i] = ps[i].tier;
    struct webhook_event_day day = {date, now, ps, labels, count, solutions, svg};
    if (webhook_event_published(&day, now, &body, &len, err, sizeof err) == 0) {
        check_published(body, len, date, ps, count, solutions, svg);
        free(body);
    } else if (err[0] == '\0' || body != NULL) {
        abort();
    }
    body = NULL;
    err[0] = '\0';
    if (webhook_event_test(endpoint, now, &body, &len, err, sizeof err) == 0) {
        json_t *root = json_loadb(body, len, 0, NULL);
        if (root == NULL || !str_is(root, "type", "webhook.test") ||
            !str_is(json_object_get(root, "data"), "endpoint", endpoint))
            abort();
        json_decref(root);
        free(body);
    } else if (err[0] == '\0') {
        abort();
    }
    return 0;
}
