/*
 * render: a puzzle as SVG 1.1 text, the one drawing the daemon (socket
 * render, webhook payloads) and sudokuctl (render, print) share.
 *
 * What is drawn: thin cell lines and thick box lines; the givens in bold
 * black; a player's entries in a lighter blue; with a solution, the digits
 * the solution adds in grey; pencil marks as a 3x3 mini-grid per empty
 * cell (digit d at row (d-1)/3, column (d-1)%3 of the cell); a hint step's
 * houses, cells and candidates on tinted backgrounds (houses pale yellow,
 * the cells and candidates that justify it blue, what it places green,
 * what it removes red); optional row labels A-I and column labels 1-9; an
 * optional caption line under the grid (date, tier, score).
 *
 * Deterministic: the same input gives the same bytes (integer coordinates
 * only, no clock, no locale).  Pure: no I/O, no allocation, no globals; the
 * text goes into the caller's buffer.
 */
#ifndef SUDOKU_RENDER_H
#define SUDOKU_RENDER_H

#include <stddef.h>
#include <stdint.h>

#include "grid.h"
#include "human.h"

#define RENDER_TEXT_MAX 64     /* bytes of a caption field, NUL excluded */
#define RENDER_SVG_MAX 65536   /* bytes enough for any render_svg output */
#define RENDER_ERR_MAX 128     /* bytes enough for any message */
#define RENDER_DEFAULT_SIZE 450 /* width in px when size is 0 */
#define RENDER_SIZE_MAX 20000   /* width in px at most */

enum render_status {
    RENDER_OK = 0,
    RENDER_ERR_ARG = -1,   /* a bad cell, digit or caption (named in err) */
    RENDER_ERR_SPACE = -2, /* outlen too small: *written says how much */
};

struct render_input {
    const struct grid *puzzle;   /* the givens (required) */
    const struct grid *entries;  /* a player's digits, or NULL; a given's cell
                                    must be 0 or the given's digit */
    const uint16_t *cand;        /* pencil marks per cell (bit d-1 for d), or
                                    NULL; drawn only in cells with no digit */
    const struct grid *solution; /* digits for the cells still empty, or NULL */
    const struct human_step *step; /* highlighted, or NULL */
    int labels;                  /* non-zero: rows A-I, columns 1-9 */
    const char *date;            /* caption fields, each NULL or printable */
    const char *tier;            /*   ASCII of at most RENDER_TEXT_MAX bytes */
    int score;                   /* Sudoku Explainer rating x10 (26 is
                                    "score 2.6"), shown when >= 0 */
    int size;                    /* width in px, 0 (RENDER_DEFAULT_SIZE) to
                                    RENDER_SIZE_MAX */
};

/*
 * Writes the SVG document for in into out (NUL-terminated) and its length,
 * NUL excluded, into *written.  Returns RENDER_OK; RENDER_ERR_SPACE when
 * outlen is too small (*written is then the length needed; out holds a
 * truncated prefix); RENDER_ERR_ARG with a message naming the bad cell,
 * digit or field ("entry 5 at A3 is on a given's cell") and nothing
 * written.  outlen of RENDER_SVG_MAX is always enough.
 */
int render_svg(const struct render_input *in, char *out, size_t outlen, size_t *written,
               char *err, size_t errlen);

/* 1 when s may be a caption field (printable ASCII, at most
 * RENDER_TEXT_MAX bytes), else 0: callers fall back to another text (a
 * tier's key for its label) rather than fail. */
int render_text_ok(const char *s);

/* The size in px of the height for the width in->size (the SVG's height
 * attribute): the caption and labels make the drawing taller than wide. */
int render_height(const struct render_input *in);

#endif
