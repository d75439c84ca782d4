/*
 * tech: the helpers every technique uses: house geometry, candidate
 * positions, and the step builder that records placements, eliminations,
 * causes and writes the sentence without ever overflowing.
 */
#include "tech.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

/* The houses as a 9x9 picture. */
/* clang-format off */
const uint8_t tech_house_cells[TECH_HOUSES][9] = {
    { 0,  1,  2,  3,  4,  5,  6,  7,  8},
    { 9, 10, 11, 12, 13, 14, 15, 16, 17},
    {18, 19, 20, 21, 22, 23, 24, 25, 26},
    {27, 28, 29, 30, 31, 32, 33, 34, 35},
    {36, 37, 38, 39, 40, 41, 42, 43, 44},
    {45, 46, 47, 48, 49, 50, 51, 52, 53},
    {54, 55, 56, 57, 58, 59, 60, 61, 62},
    {63, 64, 65, 66, 67, 68, 69, 70, 71},
    {72, 73, 74, 75, 76, 77, 78, 79, 80},
    { 0,  9, 18, 27, 36, 45, 54, 63, 72},
    { 1, 10, 19, 28, 37, 46, 55, 64, 73},
    { 2, 11, 20, 29, 38, 47, 56, 65, 74},
    { 3, 12, 21, 30, 39, 48, 57, 66, 75},
    { 4, 13, 22, 31, 40, 49, 58, 67, 76},
    { 5, 14, 23, 32, 41, 50, 59, 68, 77},
    { 6, 15, 24, 33, 42, 51, 60, 69, 78},
    { 7, 16, 25, 34, 43, 52, 61, 70, 79},
    { 8, 17, 26, 35, 44, 53, 62, 71, 80},
    { 0,  1,  2,  9, 10, 11, 18, 19, 20},
    { 3,  4,  5, 12, 13, 14, 21, 22, 23},
    { 6,  7,  8, 15, 16, 17, 24, 25, 26},
    {27, 28, 29, 36, 37, 38, 45, 46, 47},
    {30, 31, 32, 39, 40, 41, 48, 49, 50},
    {33, 34, 35, 42, 43, 44, 51, 52, 53},
    {54, 55, 56, 63, 64, 65, 72, 73, 74},
    {57, 58, 59, 66, 67, 68, 75, 76, 77},
    {60, 61, 62, 69, 70, 71, 78, 79, 80},
};
/* clang-format on */

unsigned tech_house_positions(const struct human_state *st, int house,
                              uint16_t pos[9])
{
    unsigned placed = 0;
    memset(pos, 0, 9 * sizeof pos[0]);
    for (int i = 0; i < 9; i++) {
        int cell = tech_house_cells[house][i];
        if (st->value[cell]) {
            placed |= tech_bit(st->value[cell]);
            continue;
        }
        for (unsigned m = st->cand[cell]; m; m &= m - 1)
            pos[bits_lowest(m)] |= (uint16_t)(1u << i);
    }
    return placed;
}

void tech_step_reset(struct human_step *step)
{
    step->n_place = step->n_elim = step->n_cause = step->n_house = 0;
    step->text[0] = '\0';
}

void tech_place(struct human_step *step, int cell, int digit)
{
    if (step->n_place >= HUMAN_STEP_MAX_PLACE)
        return;
    step->place[step->n_place].cell = (uint8_t)cell;
    step->place[step->n_place].digit = (uint8_t)digit;
    step->n_place++;
}

int tech_eliminate(struct human_step *step, const struct human_state *st, int cell,
                   int digit)
{
    if (st->value[cell] || !(st->cand[cell] & tech_bit(digit)))
        return 0;
    for (int i = 0; i < step->n_elim; i++)
        if (step->elim[i].cell == cell && step->elim[i].digit == digit)
            return 0;
    /* Dropping an elimination past the cap keeps the step sound. */
    if (step->n_elim >= HUMAN_STEP_MAX_ELIM)
        return 0;
    step->elim[step->n_elim].cell = (uint8_t)cell;
    step->elim[step->n_elim].digit = (uint8_t)digit;
    step->n_elim++;
    return 1;
}

int tech_eliminate_mask(struct human_step *step, const struct human_state *st,
                        int cell, unsigned mask)
{
    int n = 0;
    for (unsigned m = mask & st->cand[cell]; m; m &= m - 1)
        n += tech_eliminate(step, st, cell, tech_lowest_digit(m));
    return n;
}

void tech_cause(struct human_step *step, int cell, int digit)
{
    if (step->n_cause >= HUMAN_STEP_MAX_CAUSE)
        return;
    step->cause[step->n_cause].cell = (uint8_t)cell;
    step->cause[step->n_cause].digit = (uint8_t)digit;
    step->n_cause++;
}

void tech_cause_mask(struct human_step *step, const struct human_state *st,
                     int cell, unsigned mask)
{
    for (unsigned m = mask & st->cand[cell]; m; m &= m - 1)
        tech_cause(step, cell, tech_lowest_digit(m));
}

void tech_house(struct human_step *step, int house)
{
    for (int i = 0; i < step->n_house; i++)
        if (step->house[i] == house)
            return;
    if (step->n_house < HUMAN_STEP_MAX_HOUSE)
        step->house[step->n_house++] = (uint8_t)house;
}

static int wants_text(const struct human_step *step)
{
    return (step->flags & HUMAN_STEP_TEXT) != 0;
}

static void say_v(struct human_step *step, const char *fmt, va_list ap)
{
    size_t len = strlen(step->text);
    if (len + 1 >= sizeof step->text)
        return;
    vsnprintf(step->text + len, sizeof step->text - len, fmt, ap);
}

void tech_say_text(struct human_step *step, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    say_v(step, fmt, ap);
    va_end(ap);
}

void tech_house_name(int house, char out[12])
{
    static const char *const kind[3] = {"row ", "column ", "box "};
    int k = (house / 9) % 3, i = house % 9;
    char tag = k == 0 ? (char)('A' + i) : (char)('1' + i);
    snprintf(out, 12, "%s%c", kind[k], tag);
}

void tech_say_house(struct human_step *step, int house)
{
    char name[12];
    if (!wants_text(step))
        return;
    tech_house_name(house, name);
    tech_say(step, "%s", name);
}

/* Joins n items: ", " between them, or " and " before the last in prose. */
static const char *joiner(int i, int n, int prose)
{
    if (i == 0)
        return "";
    return (prose && i == n - 1) ? " and " : ", ";
}

void tech_say_cells(struct human_step *step, const uint8_t *cells, int n, int prose)
{
    if (!wants_text(step))
        return;
    for (int i = 0; i < n; i++) {
        tech_say(step, "%s", joiner(i, n, prose));
        tech_say_cell(step, cells[i]);
    }
}

void tech_say_cell_set(struct human_step *step, tech_cells s)
{
    uint8_t cells[GRID_CELLS];
    int n = 0;
    if (!wants_text(step))
        return;
    for (; s; s &= s - 1)
        cells[n++] = (uint8_t)bits_lowest128(s);
    tech_say_cells(step, cells, n, 1);
}

void tech_say_digits(struct human_step *step, unsigned mask)
{
    int n = bits_count(mask), i = 0;
    if (!wants_text(step))
        return;
    for (unsigned m = mask; m; m &= m - 1, i++)
        tech_say(step, "%s%d", joiner(i, n, 1), tech_lowest_digit(m));
}

void tech_say_elims(struct human_step *step)
{
    uint8_t cells[HUMAN_STEP_MAX_ELIM];
    unsigned digits = 0;
    if (!wants_text(step))
        return;
    for (int i = 0; i < step->n_elim; i++)
        digits |= tech_bit(step->elim[i].digit);
    int groups = bits_count(digits), g = 0;
    for (unsigned m = digits; m; m &= m - 1, g++) {
        int d = tech_lowest_digit(m), n = 0;
        for (int i = 0; i < step->n_elim; i++)
            if (step->elim[i].digit == d)
                cells[n++] = step->elim[i].cell;
        if (g == 0)
            tech_say(step, "%d is removed from ", d);
        else
            tech_say(step, "%s%d from ", g == groups - 1 ? ", and " : ", ", d);
        tech_say_cells(step, cells, n, 1);
    }
}

int tech_elims_by_cell(const struct human_step *step,
                       uint16_t key[HUMAN_STEP_MAX_ELIM])
{
    int n = step->n_elim;
    for (int i = 0; i < n; i++) {
        int k = step->elim[i].cell * 16 + step->elim[i].digit, j = i;
        for (; j > 0 && key[j - 1] > k; j--)
            key[j] = key[j - 1];
        key[j] = (uint16_t)k;
    }
    return n;
}

long tech_index_sum(const uint16_t *key, int n)
{
    long sum = 0, offset = 1;
    for (int i = 0; i < n; i++, offset += 80)
        sum += key[i] / 16 * offset + key[i] % 16;
    return sum;
}
