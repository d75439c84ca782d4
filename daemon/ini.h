/*
 * ini: reads INI text and hands each section header and "key = value" line
 * to a handler, with its line number; knows nothing of what keys mean.
 *
 * Format: "[name]" or "[name \"SUB\"]" headers; "key = value" lines whose
 * key is lower-case letters and '_'; comments on their own lines starting
 * with '#' or ';'.  Spaces and tabs around the '=' and at the ends of a
 * line are dropped.  A value runs to the end of its line: a ';' or '#'
 * inside it is part of it (URLs carry both).  Lines may be INI_LINE_MAX
 * bytes long, newline excluded; a UTF-8 byte order mark and CRLF line ends
 * are accepted.
 */
#ifndef SUDOKUD_INI_H
#define SUDOKUD_INI_H

#include <stddef.h>

#define INI_LINE_MAX 8192

enum ini_status {
    INI_OK = 0,
    INI_ERR_SYNTAX = -1,  /* a line that is not a header, key or comment */
    INI_ERR_HANDLER = -2, /* a handler refused a line (its message is in err) */
};

struct ini_handler {
    /*
     * A section header on line: header is the text between the brackets,
     * trimmed; its first word is header's first name_len bytes, and sub is
     * what follows that word, trimmed ("" when nothing does).  Returns 0,
     * or non-zero (having written its message to the err given to
     * ini_read) to stop the reading.
     */
    int (*section)(void *ctx, int line, const char *header, size_t name_len,
                   const char *sub);
    /* A "key = value" line; returns as section does. */
    int (*key)(void *ctx, int line, const char *key, const char *value);
    /* The header named in the message for a malformed one, e.g. "[daemon]". */
    const char *section_example;
};

/*
 * Reads the len bytes at text (changed in place; text[len] must be a
 * writable byte) line by line, calling h's functions with ctx.  Returns
 * INI_OK, INI_ERR_SYNTAX with "name:line: problem" in err, or
 * INI_ERR_HANDLER when a handler returned non-zero.
 */
int ini_read(char *text, size_t len, const char *name, const struct ini_handler *h,
             void *ctx, char *err, size_t errlen);

/*
 * The NAME of a "NAME" sub (as a section handler gets it) into out, which
 * holds outlen bytes.  Returns the name's length, or -1 when sub is not a
 * quoted string of 1 to outlen - 1 characters.
 */
int ini_unquote(const char *sub, char *out, size_t outlen);

#endif
