/*
 * ctl_draw: owns the librsvg and cairo calls of sudokuctl (SVG drawn on a
 * cairo surface, PDF and PNG surfaces writing to a FILE).  See ctl_draw.h.
 */
#include "ctl_draw.h"

#include <cairo-pdf.h>
#include <librsvg/rsvg.h>

#include <string.h>

int ctl_draw_paper(const char *name, double *w, double *h)
{
    if (strcmp(name, "a4") == 0) {
        *w = CTL_A4_W;
        *h = CTL_A4_H;
    } else if (strcmp(name, "letter") == 0) {
        *w = CTL_LETTER_W;
        *h = CTL_LETTER_H;
    } else
        return -1;
    return 0;
}

int ctl_draw_svg(cairo_t *cr, const char *svg, size_t len, double x, double y, double w,
                 double h, char *err, size_t errlen)
{
    GError *gerr = NULL;
    RsvgHandle *handle = rsvg_handle_new_from_data((const guint8 *)svg, len, &gerr);
    RsvgRectangle viewport = {x, y, w, h};
    int rc = 0;

    if (handle == NULL) {
        snprintf(err, errlen, "librsvg cannot read the SVG: %s",
                 gerr ? gerr->message : "no reason given");
        g_clear_error(&gerr);
        return -1;
    }
    if (!rsvg_handle_render_document(handle, cr, &viewport, &gerr)) {
        snprintf(err, errlen, "librsvg cannot draw the SVG: %s",
                 gerr ? gerr->message : "no reason given");
        g_clear_error(&gerr);
        rc = -1;
    }
    g_object_unref(handle);
    if (rc == 0 && cairo_status(cr) != CAIRO_STATUS_SUCCESS) {
        snprintf(err, errlen, "cairo: %s", cairo_status_to_string(cairo_status(cr)));
        rc = -1;
    }
    return rc;
}

static cairo_status_t write_file(void *closure, const unsigned char *data,
                                 unsigned int length)
{
    return fwrite(data, 1, length, closure) == length ? CAIRO_STATUS_SUCCESS
                                                      : CAIRO_STATUS_WRITE_ERROR;
}

static cairo_surface_t *checked(cairo_surface_t *s, char *err, size_t errlen)
{
    if (cairo_surface_status(s) == CAIRO_STATUS_SUCCESS)
        return s;
    snprintf(err, errlen, "cairo: %s", cairo_status_to_string(cairo_surface_status(s)));
    cairo_surface_destroy(s);
    return NULL;
}

cairo_surface_t *ctl_draw_pdf(FILE *out, double w, double h, char *err, size_t errlen)
{
    cairo_surface_t *s = cairo_pdf_surface_create_for_stream(write_file, out, w, h);
    if (cairo_surface_status(s) == CAIRO_STATUS_SUCCESS)
        cairo_pdf_surface_set_metadata(s, CAIRO_PDF_METADATA_CREATOR, "sudokuctl");
    return checked(s, err, errlen);
}

cairo_surface_t *ctl_draw_png(int w, int h, char *err, size_t errlen)
{
    return checked(cairo_image_surface_create(CAIRO_FORMAT_ARGB32, w, h), err, errlen);
}

int ctl_draw_finish(cairo_surface_t *surface, FILE *out, char *err, size_t errlen)
{
    cairo_status_t st;

    cairo_surface_flush(surface);
    if (cairo_surface_get_type(surface) == CAIRO_SURFACE_TYPE_IMAGE)
        st = cairo_surface_write_to_png_stream(surface, write_file, out);
    else {
        cairo_surface_finish(surface);
        st = cairo_surface_status(surface);
    }
    cairo_surface_destroy(surface);
    if (st != CAIRO_STATUS_SUCCESS) {
        snprintf(err, errlen, "cairo: %s", cairo_status_to_string(st));
        return -1;
    }
    return 0;
}
