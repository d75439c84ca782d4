/*
 * ctl_draw: SVG text made into PNG and PDF with librsvg and cairo, for
 * sudokuctl render and print.  Only sudokuctl links these libraries (the
 * daemon answers SVG text alone); this header is included by ctl_draw.c,
 * ctl_render.c and ctl_print.c only.
 */
#ifndef SUDOKU_CTL_DRAW_H
#define SUDOKU_CTL_DRAW_H

#include <stddef.h>
#include <stdio.h>

#include <cairo.h>

#define CTL_DRAW_ERR_MAX 256

/* Page sizes in points (1/72 inch). */
#define CTL_A4_W 595.276
#define CTL_A4_H 841.890
#define CTL_LETTER_W 612.0
#define CTL_LETTER_H 792.0

/* The page size of paper "a4" or "letter" into *w, *h; -1 for another
 * name. */
int ctl_draw_paper(const char *name, double *w, double *h);

/* The font of the texts cairo writes itself (print's footers); the SVGs
 * name the same family. */
#define CTL_DRAW_FONT "DejaVu Sans"

/* Draws the SVG document svg (len bytes) on cr, scaled to fit the
 * rectangle x, y, w, h with its aspect ratio kept and centred.  Returns 0,
 * or -1 with librsvg's reason in err. */
int ctl_draw_svg(cairo_t *cr, const char *svg, size_t len, double x, double y, double w,
                 double h, char *err, size_t errlen);

/* A cairo surface writing a PDF of pages w x h points to out, or a PNG
 * image of w x h pixels (written to out by ctl_draw_finish).  The caller
 * owns out and closes it after ctl_draw_finish.  Returns NULL with the
 * reason in err. */
cairo_surface_t *ctl_draw_pdf(FILE *out, double w, double h, char *err, size_t errlen);
cairo_surface_t *ctl_draw_png(int w, int h, char *err, size_t errlen);

/* Finishes surface (a PNG is written to out here, a PDF's last page is
 * flushed) and destroys it.  Returns 0, or -1 with the reason in err. */
int ctl_draw_finish(cairo_surface_t *surface, FILE *out, char *err, size_t errlen);

#endif
