/*
 * Fuzz target: the puzzle parser (grid_parse_n, grid_parse).  Any bytes:
 * no crash, a status from the list, a message on error; a parsed grid is
 * valid and survives its one-line and pretty forms unchanged.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "grid.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void same_after(const struct grid *g, const char *text)
{
    struct grid again;
    char err[GRID_ERR_MAX];

    if (grid_parse(&again, text, err, sizeof err) != GRID_OK ||
        memcmp(again.cell, g->cell, sizeof g->cell) != 0)
        abort();
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    struct grid g;
    char err[GRID_ERR_MAX], line[GRID_LINE_LEN + 1], pretty[GRID_PRETTY_MAX];

    memset(err, 'x', sizeof err);
    int rc = grid_parse_n(&g, (const char *)data, size, err, sizeof err);
    if (rc != GRID_OK) {
        if ((rc != GRID_ERR_SIZE && rc != GRID_ERR_CHAR &&
             rc != GRID_ERR_CONFLICT) ||
            memchr(err, '\0', sizeof err) == NULL || err[0] == '\0')
            abort();
    } else {
        for (int i = 0; i < GRID_CELLS; i++)
            if (g.cell[i] > 9)
                abort();
        if (grid_check(&g, err, sizeof err) != GRID_OK)
            abort();
        grid_format_line(&g, line);
        same_after(&g, line);
        grid_format_pretty(&g, pretty);
        same_after(&g, pretty);
    }
    /* The NUL-terminated entry point agrees when the text holds no NUL. */
    if (memchr(data, '\0', size) == NULL) {
        char *text = malloc(size + 1);
        struct grid g2;

        if (text == NULL)
            return 0;
        memcpy(text, data, size);
        text[size] = '\0';
        if (grid_parse(&g2, text, err, sizeof err) != rc ||
            (rc == GRID_OK && memcmp(g2.cell, g.cell, sizeof g.cell) != 0))
            abort();
        free(text);
    }
    return 0;
}
