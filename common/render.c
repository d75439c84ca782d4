/*
 * render: owns the SVG drawing of a puzzle (layout, colours, the text
 * writer).  See render.h for what is drawn.  All coordinates are integers
 * in a user space of CELL units per cell; the width and height attributes
 * scale it to the requested size.
 */
#include "render.h"

#include <stdio.h>
#include <string.h>

enum {
    CELL = 48,      /* user units per cell */
    SUB = CELL / 3, /* per candidate of the mini-grid */
    MARGIN = 6,     /* around the grid: half a thick line and some air */
    LABEL = 22,     /* the row and column labels' band */
    CAPTION = 30,   /* the caption's band under the grid */
    DIGIT_PT = 32,
    CAND_PT = 12,
    LABEL_PT = 14,
    CAPTION_PT = 16,
};

/* Text goes through w: it counts every byte and stores those that fit, so
 * one pass both writes and measures (as snprintf does). */
struct writer {
    char *out;
    size_t cap; /* bytes of out, NUL included */
    size_t len; /* bytes produced so far */
};

static void w_bytes(struct writer *w, const char *s, size_t n)
{
    if (w->len < w->cap) {
        size_t room = w->cap - w->len;
        memcpy(w->out + w->len, s, n < room ? n : room);
    }
    w->len += n;
}

static void w_str(struct writer *w, const char *s)
{
    w_bytes(w, s, strlen(s));
}

static void w_int(struct writer *w, int v)
{
    char tmp[12];
    int n = 0;
    unsigned u = v < 0 ? 0u - (unsigned)v : (unsigned)v;
    do {
        tmp[sizeof tmp - 1 - (size_t)n++] = (char)('0' + u % 10);
        u /= 10;
    } while (u);
    if (v < 0)
        tmp[sizeof tmp - 1 - (size_t)n++] = '-';
    w_bytes(w, tmp + sizeof tmp - (size_t)n, (size_t)n);
}

/* name="v" with a leading space. */
static void w_attr(struct writer *w, const char *name, int v)
{
    w_str(w, " ");
    w_str(w, name);
    w_str(w, "=\"");
    w_int(w, v);
    w_str(w, "\"");
}

static void w_char(struct writer *w, char c)
{
    w_bytes(w, &c, 1);
}

/* Caption text, XML-escaped (the fields are checked printable ASCII). */
static void w_text(struct writer *w, const char *s)
{
    for (; *s; s++) {
        switch (*s) {
        case '<': w_str(w, "&lt;"); break;
        case '>': w_str(w, "&gt;"); break;
        case '&': w_str(w, "&amp;"); break;
        default: w_char(w, *s);
        }
    }
}

struct layout {
    int ox, oy;   /* the grid's top-left corner */
    int width;    /* user units */
    int height;
};

static struct layout layout_of(const struct render_input *in)
{
    struct layout l;
    int band = in->labels ? LABEL : 0;
    int caption = in->date || in->tier || in->score >= 0;
    l.ox = MARGIN + band;
    l.oy = MARGIN + band;
    l.width = l.ox + 9 * CELL + MARGIN;
    l.height = l.oy + 9 * CELL + MARGIN + (caption ? CAPTION : 0);
    return l;
}

static int size_of(const struct render_input *in)
{
    return in->size > 0 ? in->size : RENDER_DEFAULT_SIZE;
}

int render_height(const struct render_input *in)
{
    struct layout l = layout_of(in);
    return (size_of(in) * l.height + l.width / 2) / l.width;
}

int render_text_ok(const char *s)
{
    size_t n;
    for (n = 0; s[n]; n++)
        if ((unsigned char)s[n] < 0x20 || (unsigned char)s[n] > 0x7e)
            return 0;
    return n <= RENDER_TEXT_MAX;
}

static int check_field(const char *what, const char *s, char *err, size_t errlen)
{
    size_t n;
    if (!s || render_text_ok(s))
        return 0;
    for (n = 0; s[n]; n++) {
        unsigned char c = (unsigned char)s[n];
        if (c < 0x20 || c > 0x7e) {
            snprintf(err, errlen, "caption %s: byte 0x%02x at position %zu is not "
                     "printable ASCII", what, c, n + 1);
            return -1;
        }
    }
    if (n > RENDER_TEXT_MAX) {
        snprintf(err, errlen, "caption %s: %zu bytes, at most %d", what, n,
                 RENDER_TEXT_MAX);
        return -1;
    }
    return 0;
}

static int check_cands(const char *what, const struct human_cand *c, int n, int max,
                       char *err, size_t errlen)
{
    if (n < 0 || n > max) {
        snprintf(err, errlen, "hint step: %d %s (0 to %d)", n, what, max);
        return -1;
    }
    for (int i = 0; i < n; i++) {
        if (c[i].cell >= GRID_CELLS || c[i].digit > 9) {
            snprintf(err, errlen, "hint step: %s %d has cell %d digit %d", what, i + 1,
                     c[i].cell, c[i].digit);
            return -1;
        }
    }
    return 0;
}

static int check_grid(const char *what, const struct grid *g, char *err, size_t errlen)
{
    for (int i = 0; g && i < GRID_CELLS; i++) {
        if (g->cell[i] > 9) {
            char name[3];
            grid_cell_name(i, name);
            snprintf(err, errlen, "%s: %s holds %d, not a digit", what, name, g->cell[i]);
            return -1;
        }
    }
    return 0;
}

static int check_input(const struct render_input *in, char *err, size_t errlen)
{
    char name[3];
    if (!in->puzzle) {
        snprintf(err, errlen, "no puzzle");
        return -1;
    }
    if (in->size < 0 || in->size > RENDER_SIZE_MAX) {
        snprintf(err, errlen, "size %d px: 1 to %d (0 for %d)", in->size, RENDER_SIZE_MAX,
                 RENDER_DEFAULT_SIZE);
        return -1;
    }
    if (check_grid("puzzle", in->puzzle, err, errlen) ||
        check_grid("entries", in->entries, err, errlen) ||
        check_grid("solution", in->solution, err, errlen))
        return -1;
    for (int i = 0; i < GRID_CELLS; i++) {
        int given = in->puzzle->cell[i];
        grid_cell_name(i, name);
        if (in->entries && given && in->entries->cell[i] &&
            in->entries->cell[i] != given) {
            snprintf(err, errlen, "entry %d at %s is on a given's cell (%d)",
                     in->entries->cell[i], name, given);
            return -1;
        }
        if (in->cand && in->cand[i] > HUMAN_ALL_DIGITS) {
            snprintf(err, errlen, "pencil marks of %s: mask 0x%x has bits past digit 9",
                     name, in->cand[i]);
            return -1;
        }
    }
    if (in->step) {
        const struct human_step *s = in->step;
        if (check_cands("placements", s->place, s->n_place, HUMAN_STEP_MAX_PLACE, err,
                        errlen) ||
            check_cands("eliminations", s->elim, s->n_elim, HUMAN_STEP_MAX_ELIM, err,
                        errlen) ||
            check_cands("causes", s->cause, s->n_cause, HUMAN_STEP_MAX_CAUSE, err, errlen))
            return -1;
        if (s->n_house < 0 || s->n_house > HUMAN_STEP_MAX_HOUSE) {
            snprintf(err, errlen, "hint step: %d houses (0 to %d)", s->n_house,
                     HUMAN_STEP_MAX_HOUSE);
            return -1;
        }
        for (int i = 0; i < s->n_house; i++) {
            if (s->house[i] >= 27) {
                snprintf(err, errlen, "hint step: house %d is %d (0 to 26)", i + 1,
                         s->house[i]);
                return -1;
            }
        }
    }
    return check_field("date", in->date, err, errlen) ||
                   check_field("tier", in->tier, err, errlen)
               ? -1
               : 0;
}

static void cell_rect(struct writer *w, const struct layout *l, int cell, const char *fill)
{
    w_str(w, "<rect");
    w_attr(w, "x", l->ox + grid_col(cell) * CELL);
    w_attr(w, "y", l->oy + grid_row(cell) * CELL);
    w_attr(w, "width", CELL);
    w_attr(w, "height", CELL);
    w_str(w, " fill=\"");
    w_str(w, fill);
    w_str(w, "\"/>\n");
}

/* The centre of digit d's place in the cell's mini-grid. */
static int sub_x(const struct layout *l, int cell, int d)
{
    return l->ox + grid_col(cell) * CELL + ((d - 1) % 3) * SUB + SUB / 2;
}

static int sub_y(const struct layout *l, int cell, int d)
{
    return l->oy + grid_row(cell) * CELL + ((d - 1) / 3) * SUB + SUB / 2;
}

static void cand_marks(struct writer *w, const struct layout *l, const struct human_cand *c,
                       int n, const char *fill)
{
    for (int i = 0; i < n; i++) {
        if (!c[i].digit)
            continue;
        w_str(w, "<circle");
        w_attr(w, "cx", sub_x(l, c[i].cell, c[i].digit));
        w_attr(w, "cy", sub_y(l, c[i].cell, c[i].digit));
        w_attr(w, "r", SUB / 2 - 1);
        w_str(w, " fill=\"");
        w_str(w, fill);
        w_str(w, "\"/>\n");
    }
}

/* Cell backgrounds first (houses, then whole cells that justify the step,
 * then the cells it fills), the candidate marks over them. */
static void highlights(struct writer *w, const struct layout *l, const struct human_step *s)
{
    uint8_t done[GRID_CELLS] = {0};
    w_str(w, "<g class=\"hint\">\n");
    for (int h = 0; h < s->n_house; h++) {
        for (int i = 0; i < 9; i++) {
            int cell = grid_house_cell(s->house[h], i);
            if (!done[cell])
                cell_rect(w, l, cell, "#fff3c4");
            done[cell] = 1;
        }
    }
    for (int i = 0; i < s->n_cause; i++)
        if (!s->cause[i].digit)
            cell_rect(w, l, s->cause[i].cell, "#cfe3ff");
    for (int i = 0; i < s->n_place; i++)
        cell_rect(w, l, s->place[i].cell, "#c9f0c9");
    cand_marks(w, l, s->cause, s->n_cause, "#8fbcff");
    cand_marks(w, l, s->elim, s->n_elim, "#f19a9a");
    cand_marks(w, l, s->place, s->n_place, "#6cc46c");
    w_str(w, "</g>\n");
}

/* One path of either the thin cell lines (positions 1, 2, 4, 5, 7, 8) or
 * the thick box lines (0, 3, 6, 9), each across the whole grid. */
static void grid_lines(struct writer *w, const struct layout *l, int thick)
{
    w_str(w, thick ? "<path stroke=\"#000\" stroke-width=\"3\" stroke-linecap=\"square\""
                   : "<path stroke=\"#888\" stroke-width=\"1\"");
    w_str(w, " fill=\"none\" d=\"");
    for (int i = 0; i <= 9; i++) {
        if ((i % 3 == 0) != thick)
            continue;
        w_char(w, 'M');
        w_int(w, l->ox + i * CELL);
        w_char(w, ' ');
        w_int(w, l->oy);
        w_char(w, 'v');
        w_int(w, 9 * CELL);
        w_char(w, 'M');
        w_int(w, l->ox);
        w_char(w, ' ');
        w_int(w, l->oy + i * CELL);
        w_char(w, 'h');
        w_int(w, 9 * CELL);
    }
    w_str(w, "\"/>\n");
}

/* The digits of g in the cells where show[cell] is set, as one group;
 * nothing when there are none. */
static void digits(struct writer *w, const struct layout *l, const char *group,
                   const struct grid *g, const uint8_t *show)
{
    if (!memchr(show, 1, GRID_CELLS))
        return;
    w_str(w, group);
    for (int i = 0; i < GRID_CELLS; i++) {
        if (!show[i])
            continue;
        w_str(w, "<text");
        w_attr(w, "x", l->ox + grid_col(i) * CELL + CELL / 2);
        w_attr(w, "y", l->oy + grid_row(i) * CELL + CELL / 2 + (DIGIT_PT * 36 + 50) / 100);
        w_char(w, '>');
        w_char(w, (char)('0' + g->cell[i]));
        w_str(w, "</text>\n");
    }
    w_str(w, "</g>\n");
}

static void candidates(struct writer *w, const struct layout *l, const uint16_t *cand,
                       const uint8_t *filled)
{
    w_str(w, "<g class=\"candidates\" font-size=\"12\" fill=\"#444\">\n");
    for (int i = 0; i < GRID_CELLS; i++) {
        if (filled[i])
            continue;
        for (int d = 1; d <= 9; d++) {
            if (!(cand[i] >> (d - 1) & 1u))
                continue;
            w_str(w, "<text");
            w_attr(w, "x", sub_x(l, i, d));
            w_attr(w, "y", sub_y(l, i, d) + (CAND_PT * 36 + 50) / 100);
            w_char(w, '>');
            w_char(w, (char)('0' + d));
            w_str(w, "</text>\n");
        }
    }
    w_str(w, "</g>\n");
}

static void labels(struct writer *w, const struct layout *l)
{
    w_str(w, "<g class=\"labels\" font-size=\"14\" fill=\"#666\">\n");
    for (int i = 0; i < 9; i++) {
        w_str(w, "<text");
        w_attr(w, "x", l->ox - LABEL / 2);
        w_attr(w, "y", l->oy + i * CELL + CELL / 2 + (LABEL_PT * 36 + 50) / 100);
        w_char(w, '>');
        w_char(w, (char)('A' + i));
        w_str(w, "</text>\n<text");
        w_attr(w, "x", l->ox + i * CELL + CELL / 2);
        w_attr(w, "y", l->oy - LABEL / 2 + (LABEL_PT * 36 + 50) / 100);
        w_char(w, '>');
        w_char(w, (char)('1' + i));
        w_str(w, "</text>\n");
    }
    w_str(w, "</g>\n");
}

static void caption(struct writer *w, const struct render_input *in, const struct layout *l)
{
    int first = 1;
    w_str(w, "<text class=\"caption\" text-anchor=\"start\" font-size=\"16\" fill=\"#000\"");
    w_attr(w, "x", l->ox);
    w_attr(w, "y", l->oy + 9 * CELL + MARGIN + CAPTION / 2 + (CAPTION_PT * 36 + 50) / 100);
    w_char(w, '>');
    /* Fields separated by a middle dot, written as a character reference
     * so the document stays ASCII. */
    if (in->date) {
        w_text(w, in->date);
        first = 0;
    }
    if (in->tier) {
        if (!first)
            w_str(w, " &#183; ");
        w_text(w, in->tier);
        first = 0;
    }
    if (in->score >= 0) {
        if (!first)
            w_str(w, " &#183; ");
        w_str(w, "score ");
        w_int(w, in->score / 10);
        w_char(w, '.');
        w_int(w, in->score % 10);
    }
    w_str(w, "</text>\n");
}

int render_svg(const struct render_input *in, char *out, size_t outlen, size_t *written,
               char *err, size_t errlen)
{
    struct writer w = {out, outlen, 0};
    struct layout l;
    uint8_t given[GRID_CELLS], entry[GRID_CELLS], solved[GRID_CELLS], filled[GRID_CELLS];
    struct grid shown;

    *written = 0;
    if (check_input(in, err, errlen))
        return RENDER_ERR_ARG;
    l = layout_of(in);
    for (int i = 0; i < GRID_CELLS; i++) {
        int e = in->entries ? in->entries->cell[i] : 0;
        int s = in->solution ? in->solution->cell[i] : 0;
        given[i] = in->puzzle->cell[i] != 0;
        entry[i] = !given[i] && e;
        solved[i] = !given[i] && !e && s;
        filled[i] = (uint8_t)(given[i] | entry[i] | solved[i]);
        shown.cell[i] = (uint8_t)(given[i] ? in->puzzle->cell[i] : e ? e : s);
    }

    w_str(&w, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
              "<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\"");
    w_attr(&w, "width", size_of(in));
    w_attr(&w, "height", render_height(in));
    w_str(&w, " viewBox=\"0 0 ");
    w_int(&w, l.width);
    w_char(&w, ' ');
    w_int(&w, l.height);
    w_str(&w, "\" font-family=\"DejaVu Sans, sans-serif\" text-anchor=\"middle\">\n"
              "<title>Sudoku</title>\n<rect");
    w_attr(&w, "width", l.width);
    w_attr(&w, "height", l.height);
    w_str(&w, " fill=\"#fff\"/>\n");
    if (in->step)
        highlights(&w, &l, in->step);
    grid_lines(&w, &l, 0);
    if (in->cand)
        candidates(&w, &l, in->cand, filled);
    digits(&w, &l, "<g class=\"givens\" font-size=\"32\" font-weight=\"bold\" fill=\"#000\">\n",
           &shown, given);
    digits(&w, &l,
           "<g class=\"entries\" font-size=\"32\" font-weight=\"normal\" fill=\"#1f4e9c\">\n",
           &shown, entry);
    digits(&w, &l,
           "<g class=\"solution\" font-size=\"32\" font-weight=\"normal\" fill=\"#777\">\n",
           &shown, solved);
    grid_lines(&w, &l, 1);
    if (in->labels)
        labels(&w, &l);
    if (in->date || in->tier || in->score >= 0)
        caption(&w, in, &l);
    w_str(&w, "</svg>\n");

    *written = w.len;
    if (outlen == 0)
        return RENDER_ERR_SPACE;
    if (w.len >= outlen) {
        out[outlen - 1] = '\0';
        return RENDER_ERR_SPACE;
    }
    out[w.len] = '\0';
    return RENDER_OK;
}
