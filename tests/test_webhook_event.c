/* Unit tests of daemon/webhook_event: the exact bytes of each event type,
 * solutions and SVGs only on request, and text that must be escaped. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <jansson.h>
#include <stdlib.h>
#include <string.h>

#include "webhook_event.h"

#define SOL \
    "534678912672195348198342567859761423426853791713924856961537284287419635345286179"
#define PUZ \
    "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"

static void make(struct store_puzzle *p, const char *tier, double score,
                 const char *hardest)
{
    memset(p, 0, sizeof *p);
    snprintf(p->date, sizeof p->date, "2026-11-21");
    snprintf(p->tier, sizeof p->tier, "%s", tier);
    memcpy(p->puzzle, PUZ, 82);
    memcpy(p->solution, SOL, 82);
    p->score = score;
    snprintf(p->hardest_technique, sizeof p->hardest_technique, "%s", hardest);
    p->clues = 30;
    snprintf(p->symmetry, sizeof p->symmetry, "rotational-180");
    snprintf(p->generator_version, sizeof p->generator_version, "1");
}

#define WITH_SOLUTIONS 1
#define WITH_SVG 2

/* extras: WITH_SOLUTIONS, WITH_SVG or both. */
static int published(const char *date, int64_t published_at,
                     const struct store_puzzle *p, size_t count, int extras,
                     int64_t now, char **body, size_t *len, char *err, size_t errlen)
{
    static const char *const labels[] = {"Gentle", "Tough", "x", "y", "z", "w"};
    struct webhook_event_day day = {date,  published_at,           p,
                                    labels, count, extras & WITH_SOLUTIONS,
                                    (extras & WITH_SVG) != 0};

    return webhook_event_published(&day, now, body, len, err, errlen);
}

static void test_published_exact(void **state)
{
    struct store_puzzle p[2];
    char *body, err[256];
    size_t len;

    (void)state;
    make(&p[0], "easy", 1.5, "naked_single");
    make(&p[1], "hard", 7.2, "x_wing");
    snprintf(p[1].technique_counts, sizeof p[1].technique_counts,
             "{\"naked_single\":40,\"x_wing\":1}");
    assert_int_equal(published("2026-11-21", 1795219200, p, 2, 0, 1795219205, &body,
                               &len, err, sizeof err),
                     0);
    assert_string_equal(
        body,
        "{\"type\":\"puzzles.published\",\"schema_version\":1,"
        "\"timestamp\":\"2026-11-21T00:00:05Z\","
        "\"data\":{\"date\":\"2026-11-21\","
        "\"published_at\":\"2026-11-21T00:00:00Z\",\"puzzles\":["
        "{\"date\":\"2026-11-21\",\"tier\":\"easy\",\"label\":\"Gentle\",\"puzzle\":\"" PUZ "\",\"clues\":30,\"score\":1.5,"
        "\"hardest_technique\":\"naked_single\",\"technique_counts\":{},"
        "\"symmetry\":\"rotational-180\",\"generator_version\":\"1\"},"
        "{\"date\":\"2026-11-21\",\"tier\":\"hard\",\"label\":\"Tough\",\"puzzle\":\"" PUZ "\",\"clues\":30,\"score\":7.2,"
        "\"hardest_technique\":\"x_wing\","
        "\"technique_counts\":{\"naked_single\":40,\"x_wing\":1},"
        "\"symmetry\":\"rotational-180\",\"generator_version\":\"1\"}]}}");
    assert_int_equal(len, strlen(body));
    free(body);
}

static void test_solutions_on_request(void **state)
{
    struct store_puzzle p;
    char *body, err[256];
    size_t len;
    json_t *root, *first;

    (void)state;
    make(&p, "medium", 3.0, "hidden_pair");
    assert_int_equal(published("2026-11-21", 1795219200, &p, 1, WITH_SOLUTIONS, 1795219200, &body,
                               &len, err, sizeof err),
                     0);
    root = json_loadb(body, len, 0, NULL);
    assert_non_null(root);
    first = json_array_get(
        json_object_get(json_object_get(root, "data"), "puzzles"), 0);
    assert_string_equal(json_string_value(json_object_get(first, "solution")), SOL);
    assert_non_null(strstr(body, "\"solution\":\"" SOL "\""));
    json_decref(root);
    free(body);
}

/* include_svg: each puzzle's drawing, givens only, captioned; none without. */
static void test_svg_on_request(void **state)
{
    struct store_puzzle p[2];
    char *body, err[256];
    size_t len;
    json_t *root, *list;

    (void)state;
    make(&p[0], "easy", 1.5, "naked_single");
    make(&p[1], "hard", 7.2, "x_wing");
    assert_int_equal(published("2026-11-21", 1795219200, p, 2, WITH_SVG | WITH_SOLUTIONS,
                               1795219200, &body, &len, err, sizeof err),
                     0);
    root = json_loadb(body, len, 0, NULL);
    assert_non_null(root);
    list = json_object_get(json_object_get(root, "data"), "puzzles");
    for (size_t i = 0; i < 2; i++) {
        const char *svg = json_string_value(json_object_get(json_array_get(list, i), "svg"));
        assert_non_null(svg);
        assert_non_null(strstr(svg, "<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\""));
        assert_non_null(strstr(svg, i ? ">2026-11-21 &#183; Tough &#183; score 7.2</text>"
                                       : ">2026-11-21 &#183; Gentle &#183; score 1.5</text>"));
        assert_null(strstr(svg, "class=\"solution\"")); /* the solution stays in "solution" */
    }
    json_decref(root);
    free(body);

    assert_int_equal(published("2026-11-21", 1795219200, p, 2, WITH_SOLUTIONS, 1795219200,
                               &body, &len, err, sizeof err),
                     0);
    assert_null(strstr(body, "\"svg\""));
    free(body);
}

/* Whatever the grader names a technique, the result is valid JSON. */
static void test_escaping(void **state)
{
    struct store_puzzle p;
    char *body, err[256];
    size_t len;
    json_t *root, *first;

    (void)state;
    make(&p, "extreme", 9.0, "quote\" and \\ back\nslash");
    assert_int_equal(
        published("2026-11-21", 1, &p, 1, 0, 1, &body, &len, err, sizeof err), 0);
    root = json_loadb(body, len, 0, NULL);
    assert_non_null(root);
    first = json_array_get(
        json_object_get(json_object_get(root, "data"), "puzzles"), 0);
    assert_string_equal(
        json_string_value(json_object_get(first, "hardest_technique")),
        "quote\" and \\ back\nslash");
    assert_string_equal(json_string_value(json_object_get(first, "tier")), "extreme");
    assert_string_equal(json_string_value(json_object_get(root, "timestamp")),
                        "1970-01-01T00:00:01Z");
    json_decref(root);
    free(body);
}

static void test_bad_text_refused(void **state)
{
    struct store_puzzle p;
    char *body = (char *)"unchanged", err[256] = "";
    size_t len;

    (void)state;
    make(&p, "easy", 1.0, "bad \xff utf-8");
    assert_int_equal(
        published("2026-11-21", 1, &p, 1, 0, 1, &body, &len, err, sizeof err), -1);
    assert_null(body);
    assert_non_null(strstr(err, "puzzles.published"));
}

/* An event without a real time is refused, not sent with a null. */
static void test_no_time_refused(void **state)
{
    struct store_puzzle p;
    char *body = (char *)"unchanged", err[256] = "";
    size_t len;

    (void)state;
    make(&p, "easy", 1.0, "naked_single");
    assert_int_equal(
        published("2026-11-21", 0, &p, 1, 0, 1, &body, &len, err, sizeof err), -1);
    assert_null(body);
    assert_int_equal(webhook_event_test("x", 0, &body, &len, err, sizeof err), -1);
    assert_null(body);
}

static void test_ping(void **state)
{
    char *body, err[256];
    size_t len;

    (void)state;
    assert_int_equal(
        webhook_event_test("site-1", 1795219200, &body, &len, err, sizeof err), 0);
    assert_string_equal(
        body, "{\"type\":\"webhook.test\",\"schema_version\":1,\"timestamp\":"
              "\"2026-11-21T00:00:00Z\",\"data\":{\"endpoint\":\"site-1\"}}");
    free(body);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_published_exact),
        cmocka_unit_test(test_solutions_on_request),
        cmocka_unit_test(test_svg_on_request),
        cmocka_unit_test(test_escaping),
        cmocka_unit_test(test_bad_text_refused),
        cmocka_unit_test(test_no_time_refused),
        cmocka_unit_test(test_ping),
    };

    return cmocka_run_group_tests(tests, NULL, NULL);
}
