/*
 * ctl_print: owns `sudokuctl print`: a PDF booklet of the puzzles the
 * daemon published from FROM to TO (asked over its socket with "list A B
 * solution", 31 days a request, the socket's cap), N puzzles a page with
 * their captions, then every solution small at the back, each page with a
 * footer naming its dates and its number.
 */
#include "ctl.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ctl_draw.h"
#include "grade.h"
#include "render.h"

#define CMD "print"
#define LIST_DAYS 31       /* the socket's list cap */
#define MARGIN 36.0        /* points around the page's content */
#define FOOTER 24.0        /* points under the content for the footer */
#define GAP 18.0           /* points between puzzles */
#define SOLUTION_COLS 4
#define SOLUTION_ROWS 5
#define DATE_LEN 10

struct entry {
    char date[DATE_LEN + 1];
    char tier[16];
    char label[RENDER_TEXT_MAX + 1];
    char puzzle[GRID_LINE_LEN + 1];
    char solution[GRID_LINE_LEN + 1];
    int score; /* x10 */
};

struct print_args {
    const char *from, *to, *out, *socket, *tiers;
    int per_page;
    double page_w, page_h;
    unsigned tier_mask; /* bit of each enum grade_tier kept; 0: all */
};

/* ---- dates ------------------------------------------------------------- */

/* Days since 1970-01-01 of a proleptic Gregorian date (Hinnant's
 * days_from_civil). */
static long days_of(int y, int m, int d)
{
    y -= m <= 2;
    long era = (y >= 0 ? y : y - 399) / 400;
    long yoe = y - era * 400;
    long doy = (153 * (m + (m > 2 ? -3 : 9)) + 2) / 5 + d - 1;
    long doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    return era * 146097 + doe - 719468;
}

static void date_of(long z, char out[DATE_LEN + 1])
{
    z += 719468;
    long era = (z >= 0 ? z : z - 146096) / 146097;
    long doe = z - era * 146097;
    long yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
    long doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    long mp = (5 * doy + 2) / 153;
    long d = doy - (153 * mp + 2) / 5 + 1;
    long m = mp < 10 ? mp + 3 : mp - 9;
    long y = yoe + era * 400 + (m <= 2);
    char text[64]; /* room for any long, so the compiler sees no truncation */
    snprintf(text, sizeof text, "%04ld-%02ld-%02ld", y, m, d);
    memcpy(out, text, DATE_LEN); /* years of four digits: parse_date's */
    out[DATE_LEN] = '\0';
}

/* A YYYY-MM-DD date that exists, as days since the epoch; -1 if not. */
static int parse_date(const char *s, long *days)
{
    int y, m, d, n = 0;
    char back[DATE_LEN + 1];
    if (strlen(s) != DATE_LEN || sscanf(s, "%4d-%2d-%2d%n", &y, &m, &d, &n) != 3 ||
        n != DATE_LEN || m < 1 || m > 12 || d < 1 || d > 31)
        return -1;
    *days = days_of(y, m, d);
    date_of(*days, back);
    return strcmp(back, s) == 0 ? 0 : -1; /* 2026-02-30 comes back as March */
}

/* ---- arguments ---------------------------------------------------------- */

static int parse_tiers(struct print_args *a)
{
    const char *p = a->tiers;
    while (*p) {
        size_t n = strcspn(p, ",");
        enum grade_tier t;
        if (grade_tier_lookup(p, n, &t) != 0) {
            char tiers[128];
            grade_tier_list(tiers, sizeof tiers);
            return ctl_usage_error(CMD, "unknown tier '%.*s' in --tiers (expected %s)",
                                   (int)n, p, tiers);
        }
        a->tier_mask |= 1u << t;
        p += n + (p[n] == ',');
    }
    return CTL_EXIT_OK;
}

static int parse(int argc, char **argv, struct print_args *a)
{
    const char *pos[2] = {NULL, NULL};
    int npos = 0;
    for (int i = 0; i < argc; i++) {
        const char *s = argv[i], *val = i + 1 < argc ? argv[i + 1] : NULL;
        if (!strcmp(s, "-o") || !strcmp(s, "--tiers") || !strcmp(s, "--socket") ||
            !strcmp(s, "--paper") || !strcmp(s, "--per-page")) {
            if (!val)
                return ctl_usage_error(CMD, "%s needs a value", s);
            i++;
            if (!strcmp(s, "-o"))
                a->out = val;
            else if (!strcmp(s, "--tiers"))
                a->tiers = val;
            else if (!strcmp(s, "--socket"))
                a->socket = val;
            else if (!strcmp(s, "--paper")) {
                if (ctl_draw_paper(val, &a->page_w, &a->page_h))
                    return ctl_usage_error(CMD, "unknown paper '%s' (a4 or letter)", val);
            } else if (!strcmp(val, "1") || !strcmp(val, "2") || !strcmp(val, "4") ||
                       !strcmp(val, "6"))
                a->per_page = val[0] - '0';
            else
                return ctl_usage_error(CMD, "--per-page '%s': 1, 2, 4 or 6", val);
        } else if (s[0] == '-' && s[1] != '\0')
            return ctl_usage_error(CMD, "unknown option '%s'", s);
        else if (npos == 2)
            return ctl_usage_error(CMD, "unexpected argument '%s'", s);
        else
            pos[npos++] = s;
    }
    if (npos < 2)
        return ctl_usage_error(CMD, "missing FROM and TO (dates, YYYY-MM-DD)");
    if (!a->out)
        return ctl_usage_error(CMD, "missing -o OUT ('-' for standard output)");
    a->from = pos[0];
    a->to = pos[1];
    return a->tiers ? parse_tiers(a) : CTL_EXIT_OK;
}

/* ---- the puzzles ---------------------------------------------------------- */

static const char *field(const json_t *p, const char *key)
{
    const char *s = json_string_value(json_object_get(p, key));
    return s ? s : "";
}

static int keep(const struct print_args *a, const char *tier)
{
    enum grade_tier t;
    if (!a->tier_mask)
        return 1;
    return grade_tier_parse(tier, &t) == 0 && (a->tier_mask >> t & 1u);
}

/* Appends the puzzles of one list reply to *list (n of cap). */
static int take(const struct print_args *a, const json_t *reply, struct entry **list,
                size_t *n, size_t *cap)
{
    const json_t *p;
    size_t i;
    json_array_foreach(json_object_get(reply, "puzzles"), i, p)
    {
        struct entry *e;
        if (!keep(a, field(p, "tier")))
            continue;
        if (*n == *cap) {
            size_t more = *cap ? *cap * 2 : 64;
            struct entry *grown = realloc(*list, more * sizeof **list);
            if (!grown) {
                fprintf(stderr, "sudokuctl %s: out of memory\n", CMD);
                return CTL_EXIT_ERROR;
            }
            *list = grown;
            *cap = more;
        }
        e = &(*list)[(*n)++];
        snprintf(e->date, sizeof e->date, "%s", field(p, "date"));
        snprintf(e->tier, sizeof e->tier, "%s", field(p, "tier"));
        /* A label render cannot show (another script) gives way to the key. */
        snprintf(e->label, sizeof e->label, "%s",
                 render_text_ok(field(p, "label")) ? field(p, "label") : e->tier);
        snprintf(e->puzzle, sizeof e->puzzle, "%s", field(p, "puzzle"));
        snprintf(e->solution, sizeof e->solution, "%s", field(p, "solution"));
        e->score = (int)lround(json_number_value(json_object_get(p, "score")) * 10);
    }
    return CTL_EXIT_OK;
}

/* Every puzzle from a->from to a->to, asked 31 days at a time. */
static int fetch(const struct print_args *a, struct entry **list, size_t *n)
{
    long from, to;
    size_t cap = 0;
    if (parse_date(a->from, &from) || parse_date(a->to, &to))
        return ctl_usage_error(CMD, "bad date '%s' (YYYY-MM-DD, a day that exists)",
                               parse_date(a->from, &from) ? a->from : a->to);
    if (from > to)
        return ctl_usage_error(CMD, "FROM %s is after TO %s", a->from, a->to);
    for (long d = from; d <= to; d += LIST_DAYS) {
        char line[64], first[DATE_LEN + 1], last[DATE_LEN + 1];
        json_t *reply;
        int rc;
        date_of(d, first);
        date_of(d + LIST_DAYS - 1 < to ? d + LIST_DAYS - 1 : to, last);
        snprintf(line, sizeof line, "list %s %s solution", first, last);
        if ((rc = ctl_request(CMD, a->socket, line, &reply)) != CTL_EXIT_OK)
            return rc;
        rc = take(a, reply, list, n, &cap);
        json_decref(reply);
        if (rc != CTL_EXIT_OK)
            return rc;
    }
    if (*n == 0) {
        fprintf(stderr, "sudokuctl %s: no puzzles published from %s to %s%s%s\n", CMD,
                a->from, a->to, a->tiers ? " in tiers " : "", a->tiers ? a->tiers : "");
        return CTL_EXIT_ERROR;
    }
    return CTL_EXIT_OK;
}

/* ---- the pages ------------------------------------------------------------ */

struct page_grid {
    int cols, rows;
};

static void footer(cairo_t *cr, const struct print_args *a, const struct entry *first,
                   const struct entry *last, const char *what, int page, int pages)
{
    char text[128];
    cairo_text_extents_t ext;
    if (strcmp(first->date, last->date))
        snprintf(text, sizeof text, "%s %s to %s  -  page %d of %d", what, first->date,
                 last->date, page, pages);
    else
        snprintf(text, sizeof text, "%s %s  -  page %d of %d", what, first->date, page,
                 pages);
    cairo_select_font_face(cr, CTL_DRAW_FONT, CAIRO_FONT_SLANT_NORMAL,
                           CAIRO_FONT_WEIGHT_NORMAL);
    cairo_set_font_size(cr, 9);
    cairo_set_source_rgb(cr, 0.3, 0.3, 0.3);
    cairo_text_extents(cr, text, &ext);
    cairo_move_to(cr, (a->page_w - ext.x_advance) / 2, a->page_h - MARGIN / 2 - 4);
    cairo_show_text(cr, text);
}

/* Draws e (its puzzle, or with solution its solved grid) in cell k of a
 * page laid out as g. */
static int draw_one(cairo_t *cr, const struct print_args *a, const struct entry *e,
                    int solution, struct page_grid g, int k, char *svg)
{
    char err[CTL_DRAW_ERR_MAX > RENDER_ERR_MAX ? CTL_DRAW_ERR_MAX : RENDER_ERR_MAX];
    struct grid puzzle, solved;
    size_t len;
    double cw = (a->page_w - 2 * MARGIN - (g.cols - 1) * GAP) / g.cols;
    double ch = (a->page_h - 2 * MARGIN - FOOTER - (g.rows - 1) * GAP) / g.rows;
    struct render_input in = {.puzzle = &puzzle, .date = e->date, .tier = e->label,
                              .score = solution ? -1 : e->score};

    if (grid_parse(&puzzle, e->puzzle, err, sizeof err) != GRID_OK ||
        (solution && grid_parse(&solved, e->solution, err, sizeof err) != GRID_OK)) {
        fprintf(stderr, "sudokuctl %s: the daemon's %s %s: %s\n", CMD, e->date, e->tier, err);
        return CTL_EXIT_ERROR;
    }
    if (solution)
        in.solution = &solved;
    if (render_svg(&in, svg, RENDER_SVG_MAX, &len, err, sizeof err) != RENDER_OK ||
        ctl_draw_svg(cr, svg, len, MARGIN + (k % g.cols) * (cw + GAP),
                     MARGIN + (k / g.cols) * (ch + GAP), cw, ch, err, sizeof err) != 0) {
        fprintf(stderr, "sudokuctl %s: %s %s: %s\n", CMD, e->date, e->tier, err);
        return CTL_EXIT_ERROR;
    }
    return CTL_EXIT_OK;
}

static int pages_of(size_t n, int per)
{
    return (int)((n + (size_t)per - 1) / (size_t)per);
}

static int draw_booklet(cairo_t *cr, const struct print_args *a, const struct entry *list,
                        size_t n, char *svg)
{
    struct page_grid front = {a->per_page == 1 ? 1 : 2, a->per_page == 1 ? 1 : a->per_page / 2};
    struct page_grid back = {SOLUTION_COLS, SOLUTION_ROWS};
    int per_back = SOLUTION_COLS * SOLUTION_ROWS;
    int pages = pages_of(n, a->per_page) + pages_of(n, per_back), page = 0;

    for (int pass = 0; pass < 2; pass++) {
        int per = pass ? per_back : a->per_page;
        for (size_t i = 0; i < n; i += (size_t)per) {
            size_t end = i + (size_t)per < n ? i + (size_t)per : n;
            for (size_t j = i; j < end; j++) {
                int rc = draw_one(cr, a, &list[j], pass, pass ? back : front, (int)(j - i), svg);
                if (rc != CTL_EXIT_OK)
                    return rc;
            }
            footer(cr, a, &list[i], &list[end - 1], pass ? "Solutions" : "Puzzles", ++page,
                   pages);
            cairo_show_page(cr);
        }
    }
    if (cairo_status(cr) != CAIRO_STATUS_SUCCESS) {
        fprintf(stderr, "sudokuctl %s: cairo: %s\n", CMD,
                cairo_status_to_string(cairo_status(cr)));
        return CTL_EXIT_ERROR;
    }
    return CTL_EXIT_OK;
}

int ctl_cmd_print(int argc, char **argv)
{
    struct print_args a = {.per_page = 6, .page_w = CTL_A4_W, .page_h = CTL_A4_H};
    struct entry *list = NULL;
    struct ctl_output out;
    char err[CTL_DRAW_ERR_MAX];
    size_t n = 0;
    char *svg = NULL;
    int rc = parse(argc, argv, &a);

    if (rc == CTL_EXIT_OK)
        rc = fetch(&a, &list, &n);
    if (rc == CTL_EXIT_OK && !(svg = malloc(RENDER_SVG_MAX))) {
        fprintf(stderr, "sudokuctl %s: out of memory\n", CMD);
        rc = CTL_EXIT_ERROR;
    }
    if (rc == CTL_EXIT_OK)
        rc = ctl_output_open(CMD, a.out, &out);
    if (rc == CTL_EXIT_OK) {
        cairo_surface_t *s = ctl_draw_pdf(out.f, a.page_w, a.page_h, err, sizeof err);
        if (!s) {
            fprintf(stderr, "sudokuctl %s: %s\n", CMD, err);
            rc = CTL_EXIT_ERROR;
        } else {
            cairo_t *cr = cairo_create(s);
            rc = draw_booklet(cr, &a, list, n, svg);
            cairo_destroy(cr);
            if (ctl_draw_finish(s, out.f, err, sizeof err) != 0 && rc == CTL_EXIT_OK) {
                fprintf(stderr, "sudokuctl %s: %s\n", CMD, err);
                rc = CTL_EXIT_ERROR;
            }
        }
        if (rc == CTL_EXIT_OK)
            rc = ctl_output_commit(CMD, &out);
        else
            ctl_output_abort(&out);
    }
    free(svg);
    free(list);
    return rc;
}
