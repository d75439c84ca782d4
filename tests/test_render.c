/*
 * Tests of the SVG renderer: the same bytes for the same input, each
 * feature drawn (givens, entries, solution, pencil marks, hint highlights,
 * labels, caption), the errors that name the bad cell or field, the
 * measuring pass of a short buffer and the worst case inside
 * RENDER_SVG_MAX.
 *
 * Every document goes through xml_check below, a small XML 1.0
 * well-formedness checker (prolog, balanced and matching tags, quoted and
 * unique attributes, only the five predefined entities and numeric
 * references, one root) that also checks the SVG 1.1 structure: the root is
 * <svg> in the SVG namespace with version="1.1" and a viewBox, and every
 * element and attribute is one SVG 1.1 defines for it.  It lives here
 * because no XML library is a dependency of the project (libexpat or
 * libxml2 would be one for a test only); tests/integration/render.py
 * parses the same output with Python's xml.etree as a second opinion.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "grid.h"
#include "human.h"
#include "render.h"
#include "solver.h"

static const char PUZZLE[] =
    "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";

/* ---- the checker ---------------------------------------------------------- */

struct xml_elem {
    const char *name;
    const char *attrs; /* space-separated, with spaces at both ends */
};

/* The elements the renderer may write and the SVG 1.1 attributes each
 * takes (presentation attributes included where SVG 1.1 allows them). */
#define PRESENT " fill font-family font-size font-weight text-anchor stroke stroke-width " \
                "stroke-linecap class "
static const struct xml_elem SVG_ELEMS[] = {
    {"svg", " xmlns version width height viewBox" PRESENT},
    {"title", " "},
    {"g", PRESENT},
    {"rect", " x y width height" PRESENT},
    {"circle", " cx cy r" PRESENT},
    {"path", " d" PRESENT},
    {"text", " x y" PRESENT},
};

static const struct xml_elem *svg_elem(const char *name, size_t n)
{
    for (size_t i = 0; i < sizeof SVG_ELEMS / sizeof SVG_ELEMS[0]; i++)
        if (strlen(SVG_ELEMS[i].name) == n && !memcmp(SVG_ELEMS[i].name, name, n))
            return &SVG_ELEMS[i];
    return NULL;
}

static int attr_allowed(const struct xml_elem *e, const char *name, size_t n)
{
    char key[40];
    if (n + 3 > sizeof key)
        return 0;
    key[0] = ' ';
    memcpy(key + 1, name, n);
    key[n + 1] = ' ';
    key[n + 2] = '\0';
    return strstr(e->attrs, key) != NULL;
}

static int name_char(char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
           c == '-' || c == '_' || c == ':' || c == '.';
}

/* Text or attribute value up to stop: no '<', and every '&' a reference. */
static const char *xml_chars(const char *p, char stop, char *why)
{
    while (*p && *p != stop) {
        if (*p == '<' || (unsigned char)*p < 0x09 || (unsigned char)*p > 0x7e) {
            snprintf(why, 100, "bad character 0x%02x in text", (unsigned char)*p);
            return NULL;
        }
        if (*p == '&') {
            static const char *const ent[] = {"&lt;", "&gt;", "&amp;", "&quot;", "&apos;"};
            int ok = 0;
            for (int i = 0; i < 5; i++)
                if (!strncmp(p, ent[i], strlen(ent[i]))) {
                    p += strlen(ent[i]);
                    ok = 1;
                    break;
                }
            if (!ok && p[1] == '#') {
                const char *q = p + 2;
                while (*q >= '0' && *q <= '9')
                    q++;
                if (q > p + 2 && *q == ';') {
                    p = q + 1;
                    ok = 1;
                }
            }
            if (!ok) {
                snprintf(why, 100, "bad reference at \"%.8s\"", p);
                return NULL;
            }
            continue;
        }
        p++;
    }
    return p;
}

/* 0 when doc is well-formed XML and the SVG 1.1 structure above, else -1
 * with the reason printed. */
static int xml_check(const char *doc)
{
    const char *stack[32];
    size_t stack_len[32];
    int depth = 0, roots = 0;
    char why[100] = "";
    const char *p = doc;
    static const char prolog[] = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n";

    if (strncmp(p, prolog, sizeof prolog - 1)) {
        snprintf(why, sizeof why, "no XML declaration");
        goto bad;
    }
    p += sizeof prolog - 1;
    while (*p) {
        if (*p != '<') {
            const char *q = xml_chars(p, '<', why);
            if (!q)
                goto bad;
            if (depth == 0) {
                for (; p < q; p++)
                    if (*p != ' ' && *p != '\n') {
                        snprintf(why, sizeof why, "text outside the root");
                        goto bad;
                    }
            }
            p = q;
            continue;
        }
        if (p[1] == '/') {
            const char *n = p + 2, *q = n;
            while (name_char(*q))
                q++;
            if (depth == 0 || (size_t)(q - n) != stack_len[depth - 1] ||
                memcmp(n, stack[depth - 1], stack_len[depth - 1]) || *q != '>') {
                snprintf(why, sizeof why, "unmatched end tag at \"%.12s\"", p);
                goto bad;
            }
            depth--;
            p = q + 1;
            continue;
        }
        {
            const char *n = p + 1, *q = n;
            const char *seen[16];
            size_t seen_len[16];
            int nseen = 0;
            const struct xml_elem *e;
            while (name_char(*q))
                q++;
            e = svg_elem(n, (size_t)(q - n));
            if (q == n || !e) {
                snprintf(why, sizeof why, "element \"%.*s\" is not SVG 1.1's here",
                         (int)(q - n), n);
                goto bad;
            }
            if (depth == 0) {
                if (roots++ || strcmp(e->name, "svg")) {
                    snprintf(why, sizeof why, "the root is not one <svg>");
                    goto bad;
                }
                char tag[400];
                size_t len = strcspn(q, ">");
                snprintf(tag, sizeof tag, "%.*s", (int)(len < sizeof tag ? len : 0), q);
                if (!strstr(tag, " xmlns=\"http://www.w3.org/2000/svg\"") ||
                    !strstr(tag, " version=\"1.1\"") || !strstr(tag, " viewBox=\"")) {
                    snprintf(why, sizeof why, "<svg> lacks xmlns, version 1.1 or viewBox");
                    goto bad;
                }
            }
            for (;;) {
                const char *a;
                while (*q == ' ' || *q == '\n')
                    q++;
                if (*q == '>' || (q[0] == '/' && q[1] == '>'))
                    break;
                a = q;
                while (name_char(*q))
                    q++;
                if (q == a || q[0] != '=' || q[1] != '"') {
                    snprintf(why, sizeof why, "bad attribute in <%s> at \"%.12s\"", e->name,
                             a);
                    goto bad;
                }
                if (!attr_allowed(e, a, (size_t)(q - a))) {
                    snprintf(why, sizeof why, "<%s> takes no attribute %.*s", e->name,
                             (int)(q - a), a);
                    goto bad;
                }
                for (int i = 0; i < nseen; i++)
                    if (seen_len[i] == (size_t)(q - a) && !memcmp(seen[i], a, seen_len[i])) {
                        snprintf(why, sizeof why, "attribute %.*s twice", (int)(q - a), a);
                        goto bad;
                    }
                if (nseen < 16) {
                    seen[nseen] = a;
                    seen_len[nseen++] = (size_t)(q - a);
                }
                q = xml_chars(q + 2, '"', why);
                if (!q || *q != '"') {
                    if (!why[0])
                        snprintf(why, sizeof why, "unterminated attribute");
                    goto bad;
                }
                q++;
            }
            if (*q == '/') {
                p = q + 2;
            } else {
                if (depth == 32) {
                    snprintf(why, sizeof why, "too deep");
                    goto bad;
                }
                stack[depth] = e->name;
                stack_len[depth++] = strlen(e->name);
                p = q + 1;
            }
        }
    }
    if (depth || roots != 1) {
        snprintf(why, sizeof why, "%d unclosed elements, %d roots", depth, roots);
        goto bad;
    }
    return 0;
bad:
    print_error("not well-formed SVG 1.1: %s (at byte %td)\n", why, p - doc);
    return -1;
}

/* ---- helpers -------------------------------------------------------------- */

static char *render_ok(const struct render_input *in)
{
    char *out = malloc(RENDER_SVG_MAX);
    char err[RENDER_ERR_MAX] = "";
    size_t n = 0;
    assert_non_null(out);
    int rc = render_svg(in, out, RENDER_SVG_MAX, &n, err, sizeof err);
    if (rc != RENDER_OK)
        print_error("render_svg: %d %s\n", rc, err);
    assert_int_equal(rc, RENDER_OK);
    assert_int_equal(n, strlen(out));
    assert_int_equal(xml_check(out), 0);
    return out;
}

static int count(const char *hay, const char *needle)
{
    int n = 0;
    for (const char *p = strstr(hay, needle); p; p = strstr(p + 1, needle))
        n++;
    return n;
}

/* The text between the start tag that opens with open and its </g>. */
static int count_in_group(const char *svg, const char *open, const char *needle)
{
    const char *g = strstr(svg, open), *end;
    int n = 0;
    assert_non_null(g);
    end = strstr(g, "</g>");
    assert_non_null(end);
    for (const char *p = strstr(g, needle); p && p < end; p = strstr(p + 1, needle))
        n++;
    return n;
}

static struct grid puzzle(void)
{
    struct grid g;
    char err[GRID_ERR_MAX];
    assert_int_equal(grid_parse(&g, PUZZLE, err, sizeof err), GRID_OK);
    return g;
}

/* ---- tests ---------------------------------------------------------------- */

/* The checker itself refuses what it must. */
static void test_checker_rejects(void **state)
{
    (void)state;
#define HEAD "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
#define SVG "<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\" viewBox=\"0 0 1 1\">"
    assert_int_equal(xml_check(HEAD SVG "<g></g></svg>\n"), 0);
    static const char *const bad[] = {
        SVG "</svg>",                                  /* no declaration */
        HEAD SVG "<g></svg>",                          /* unclosed */
        HEAD SVG "<g></text></svg>",                   /* mismatched */
        HEAD SVG "<text x=\"1\" x=\"2\">1</text></svg>", /* attribute twice */
        HEAD SVG "<text x=1>1</text></svg>",           /* unquoted */
        HEAD SVG "<text>a & b</text></svg>",           /* bare ampersand */
        HEAD SVG "<text>&nbsp;</text></svg>",          /* undefined entity */
        HEAD SVG "<foo/></svg>",                       /* not SVG 1.1's */
        HEAD SVG "<rect r=\"1\"/></svg>",               /* not rect's */
        HEAD SVG "</svg><svg></svg>",                  /* two roots */
        HEAD "<svg version=\"1.1\"></svg>",            /* no namespace */
        HEAD "<svg version=\"1.1\"><g class=\" xmlns=&quot;\"/></svg>", /* nor here */
        HEAD SVG "</svg>x",                            /* text after the root */
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
        assert_int_equal(xml_check(bad[i]), -1);
#undef HEAD
#undef SVG
}

static void test_same_bytes(void **state)
{
    (void)state;
    struct grid g = puzzle();
    struct human_state st;
    struct human_step step;
    assert_int_equal(human_init(&st, &g), 0);
    assert_int_equal(human_find_step(&st, &step), 1);
    struct render_input in = {.puzzle = &g, .cand = st.cand, .step = &step, .labels = 1,
                              .date = "2026-11-25", .tier = "hard", .score = 42};
    char *a = render_ok(&in);
    char *b = malloc(RENDER_SVG_MAX);
    size_t n;
    char err[RENDER_ERR_MAX];
    assert_non_null(b);
    memset(b, 'x', RENDER_SVG_MAX);
    assert_int_equal(render_svg(&in, b, RENDER_SVG_MAX, &n, err, sizeof err), RENDER_OK);
    assert_string_equal(a, b);
    free(a);
    free(b);
}

static void test_givens_only(void **state)
{
    (void)state;
    struct grid g = puzzle();
    struct render_input in = {.puzzle = &g, .score = -1};
    char *svg = render_ok(&in);
    int givens = grid_count_givens(&g);
    assert_int_equal(count_in_group(svg, "<g class=\"givens\"", "<text"), givens);
    assert_null(strstr(svg, "class=\"entries\""));
    assert_null(strstr(svg, "class=\"solution\""));
    assert_non_null(strstr(svg, "<g class=\"givens\" font-size=\"32\" font-weight=\"bold\""));
    /* Six thin lines each way in one path, four thick ones in another. */
    assert_int_equal(count(svg, "stroke-width=\"1\""), 1);
    assert_int_equal(count(svg, "stroke-width=\"3\""), 1);
    assert_int_equal(count(svg, "v432"), 10);
    assert_int_equal(count(svg, "h432"), 10);
    assert_null(strstr(svg, "class=\"caption\""));
    assert_null(strstr(svg, "class=\"labels\""));
    assert_null(strstr(svg, "class=\"candidates\""));
    assert_null(strstr(svg, "class=\"hint\""));
    assert_non_null(strstr(svg, " width=\"450\" height=\"450\" viewBox=\"0 0 444 444\""));
    free(svg);
}

static void test_entries_and_solution(void **state)
{
    (void)state;
    struct grid g = puzzle(), entries = {{0}}, solution;
    assert_int_equal(solver_count(&g, 2, &solution), 1);
    entries.cell[0] = solution.cell[0]; /* A1 */
    entries.cell[1] = solution.cell[1]; /* A2 */
    entries.cell[2] = g.cell[2];        /* a given's own digit: allowed, drawn as given */
    struct render_input in = {.puzzle = &g, .entries = &entries, .score = -1};
    char *svg = render_ok(&in);
    assert_int_equal(count_in_group(svg, "<g class=\"entries\"", "<text"), 2);
    assert_non_null(strstr(svg, "<g class=\"entries\" font-size=\"32\" font-weight=\"normal\""));
    free(svg);

    in.solution = &solution;
    svg = render_ok(&in);
    assert_int_equal(count_in_group(svg, "<g class=\"entries\"", "<text"), 2);
    assert_int_equal(count_in_group(svg, "<g class=\"solution\"", "<text"),
                     81 - grid_count_givens(&g) - 2);
    free(svg);
}

static void test_candidates(void **state)
{
    (void)state;
    struct grid g = puzzle();
    struct human_state st;
    int marks = 0;
    assert_int_equal(human_init(&st, &g), 0);
    for (int i = 0; i < GRID_CELLS; i++)
        marks += __builtin_popcount(st.cand[i]);
    struct render_input in = {.puzzle = &g, .cand = st.cand, .score = -1};
    char *svg = render_ok(&in);
    assert_int_equal(count_in_group(svg, "<g class=\"candidates\"", "<text"), marks);
    free(svg);

    /* A1 with only 9: the bottom-right of its mini-grid (x 6+32+8, y 6+32+8+4). */
    uint16_t one[GRID_CELLS] = {0};
    one[0] = 1u << 8;
    in.cand = one;
    svg = render_ok(&in);
    assert_non_null(strstr(svg, "<text x=\"46\" y=\"50\">9</text>"));
    /* Marks in a cell with a digit are not drawn. */
    one[2] = HUMAN_ALL_DIGITS; /* A3 holds the given 3 */
    free(svg);
    svg = render_ok(&in);
    assert_int_equal(count_in_group(svg, "<g class=\"candidates\"", "<text"), 1);
    free(svg);
}

static void test_hint_highlights(void **state)
{
    (void)state;
    struct grid g = puzzle();
    struct human_step step;
    memset(&step, 0, sizeof step);
    step.n_house = 1;
    step.house[0] = 20; /* box 3 */
    step.n_cause = 2;
    step.cause[0] = (struct human_cand){10, 0}; /* B2, whole cell */
    step.cause[1] = (struct human_cand){11, 4}; /* B3, candidate 4 */
    step.n_elim = 3;
    step.elim[0] = (struct human_cand){12, 4};
    step.elim[1] = (struct human_cand){13, 4};
    step.elim[2] = (struct human_cand){14, 7};
    step.n_place = 1;
    step.place[0] = (struct human_cand){0, 4};
    struct render_input in = {.puzzle = &g, .step = &step, .score = -1};
    char *svg = render_ok(&in);
    assert_int_equal(count(svg, "fill=\"#fff3c4\""), 9);
    assert_int_equal(count(svg, "<rect x=\"54\" y=\"54\" width=\"48\" height=\"48\" "
                                "fill=\"#cfe3ff\"/>"), 1);
    assert_int_equal(count(svg, "fill=\"#c9f0c9\""), 1);
    assert_int_equal(count(svg, "<circle"), 5);
    assert_int_equal(count(svg, "fill=\"#f19a9a\""), 3);
    assert_int_equal(count(svg, "fill=\"#8fbcff\""), 1);
    assert_int_equal(count(svg, "fill=\"#6cc46c\""), 1);
    /* Highlights are under the grid lines and digits. */
    assert_true(strstr(svg, "class=\"hint\"") < strstr(svg, "<path"));
    free(svg);
}

static void test_labels_and_caption(void **state)
{
    (void)state;
    struct grid g = puzzle();
    struct render_input in = {.puzzle = &g, .labels = 1, .date = "2026-11-25",
                              .tier = "R&D <hard>", .score = 1234, .size = 300};
    char *svg = render_ok(&in);
    for (int i = 0; i < 9; i++) {
        char want[24];
        snprintf(want, sizeof want, ">%c</text>", 'A' + i);
        assert_int_equal(count_in_group(svg, "<g class=\"labels\"", want), 1);
        snprintf(want, sizeof want, ">%c</text>", '1' + i);
        assert_int_equal(count_in_group(svg, "<g class=\"labels\"", want), 1);
    }
    assert_non_null(strstr(svg, ">2026-11-25 &#183; R&amp;D &lt;hard&gt; &#183; score "
                                "123.4</text>"));
    /* 466 wide with labels, 496 high with the caption too. */
    assert_non_null(strstr(svg, " width=\"300\" height=\"319\" viewBox=\"0 0 466 496\""));
    assert_int_equal(render_height(&in), 319);
    free(svg);

    struct render_input only_score = {.puzzle = &g, .score = 0};
    svg = render_ok(&only_score);
    assert_non_null(strstr(svg, ">score 0.0</text>"));
    free(svg);
}

static void test_errors(void **state)
{
    (void)state;
    struct grid g = puzzle(), entries = {{0}};
    char out[64], err[RENDER_ERR_MAX];
    size_t n = 7;
    entries.cell[2] = 5; /* A3 holds the given 3 */
    struct render_input in = {.puzzle = &g, .entries = &entries, .score = -1};
    assert_int_equal(render_svg(&in, out, sizeof out, &n, err, sizeof err), RENDER_ERR_ARG);
    assert_string_equal(err, "entry 5 at A3 is on a given's cell (3)");
    assert_int_equal(n, 0);

    struct render_input bad_tier = {.puzzle = &g, .tier = "hard\n", .score = -1};
    assert_int_equal(render_svg(&bad_tier, out, sizeof out, &n, err, sizeof err),
                     RENDER_ERR_ARG);
    assert_string_equal(err, "caption tier: byte 0x0a at position 5 is not printable ASCII");

    char long_date[RENDER_TEXT_MAX + 2];
    memset(long_date, '1', sizeof long_date - 1);
    long_date[sizeof long_date - 1] = '\0';
    struct render_input bad_date = {.puzzle = &g, .date = long_date, .score = -1};
    assert_int_equal(render_svg(&bad_date, out, sizeof out, &n, err, sizeof err),
                     RENDER_ERR_ARG);
    assert_string_equal(err, "caption date: 65 bytes, at most 64");

    uint16_t cand[GRID_CELLS] = {0};
    cand[80] = 0x200;
    struct render_input bad_cand = {.puzzle = &g, .cand = cand, .score = -1};
    assert_int_equal(render_svg(&bad_cand, out, sizeof out, &n, err, sizeof err),
                     RENDER_ERR_ARG);
    assert_string_equal(err, "pencil marks of I9: mask 0x200 has bits past digit 9");

    struct human_step step;
    memset(&step, 0, sizeof step);
    step.n_elim = 1;
    step.elim[0] = (struct human_cand){81, 1};
    struct render_input bad_step = {.puzzle = &g, .step = &step, .score = -1};
    assert_int_equal(render_svg(&bad_step, out, sizeof out, &n, err, sizeof err),
                     RENDER_ERR_ARG);
    assert_string_equal(err, "hint step: eliminations 1 has cell 81 digit 1");

    struct render_input big = {.puzzle = &g, .size = RENDER_SIZE_MAX + 1, .score = -1};
    assert_int_equal(render_svg(&big, out, sizeof out, &n, err, sizeof err), RENDER_ERR_ARG);
    assert_string_equal(err, "size 20001 px: 1 to 20000 (0 for 450)");

    struct render_input none = {.score = -1};
    assert_int_equal(render_svg(&none, out, sizeof out, &n, err, sizeof err), RENDER_ERR_ARG);
    assert_string_equal(err, "no puzzle");
}

static void test_short_buffer(void **state)
{
    (void)state;
    struct grid g = puzzle();
    struct render_input in = {.puzzle = &g, .score = -1};
    char small[100], err[RENDER_ERR_MAX];
    size_t need = 0, n = 0;
    assert_int_equal(render_svg(&in, small, sizeof small, &need, err, sizeof err),
                     RENDER_ERR_SPACE);
    assert_int_equal(strlen(small), sizeof small - 1);
    char *full = render_ok(&in);
    assert_int_equal(need, strlen(full));
    assert_memory_equal(small, full, sizeof small - 1);
    char *exact = malloc(need + 1);
    assert_non_null(exact);
    assert_int_equal(render_svg(&in, exact, need, &n, err, sizeof err), RENDER_ERR_SPACE);
    assert_int_equal(render_svg(&in, exact, need + 1, &n, err, sizeof err), RENDER_OK);
    assert_string_equal(exact, full);
    free(exact);
    free(full);
}

/* Everything at once, at its largest: RENDER_SVG_MAX holds it. */
static void test_worst_case_fits(void **state)
{
    (void)state;
    struct grid empty = {{0}};
    uint16_t cand[GRID_CELLS];
    struct human_step step;
    char caption[RENDER_TEXT_MAX + 1];
    for (int i = 0; i < GRID_CELLS; i++)
        cand[i] = HUMAN_ALL_DIGITS;
    memset(&step, 0, sizeof step);
    step.n_house = HUMAN_STEP_MAX_HOUSE;
    for (int i = 0; i < HUMAN_STEP_MAX_HOUSE; i++)
        step.house[i] = (uint8_t)(i * 3);
    step.n_elim = HUMAN_STEP_MAX_ELIM;
    for (int i = 0; i < HUMAN_STEP_MAX_ELIM; i++)
        step.elim[i] = (struct human_cand){(uint8_t)(i % 81), (uint8_t)(1 + i % 9)};
    step.n_cause = HUMAN_STEP_MAX_CAUSE;
    for (int i = 0; i < HUMAN_STEP_MAX_CAUSE; i++)
        step.cause[i] = (struct human_cand){(uint8_t)(80 - i), (uint8_t)(i % 2 ? 0 : 5)};
    step.n_place = HUMAN_STEP_MAX_PLACE;
    for (int i = 0; i < HUMAN_STEP_MAX_PLACE; i++)
        step.place[i] = (struct human_cand){(uint8_t)(40 + i), 9};
    memset(caption, '&', RENDER_TEXT_MAX);
    caption[RENDER_TEXT_MAX] = '\0';
    struct render_input in = {.puzzle = &empty, .cand = cand, .step = &step, .labels = 1,
                              .date = caption, .tier = caption, .score = 2147483647,
                              .size = RENDER_SIZE_MAX};
    char *svg = render_ok(&in);
    print_message("worst case: %zu bytes of %d\n", strlen(svg), RENDER_SVG_MAX);
    free(svg);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_checker_rejects),
        cmocka_unit_test(test_same_bytes),
        cmocka_unit_test(test_givens_only),
        cmocka_unit_test(test_entries_and_solution),
        cmocka_unit_test(test_candidates),
        cmocka_unit_test(test_hint_highlights),
        cmocka_unit_test(test_labels_and_caption),
        cmocka_unit_test(test_errors),
        cmocka_unit_test(test_short_buffer),
        cmocka_unit_test(test_worst_case_fits),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
