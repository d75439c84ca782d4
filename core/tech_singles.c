/*
 * tech_singles: the techniques that place a digit: full house, hidden
 * single (in a box, then in a row or column, as Sudoku Explainer rates
 * them 1.2 and 1.5) and naked single.
 */
#include "tech.h"

#include <string.h>

#define BYTES_01 0x0101010101010101ull
#define LANES_HI 0x8000800080008000ull
#define LANES_01 0x0001000100010001ull

/* 1 unless every byte of the first n of p differs from 1 (a filter: a
 * word without one is skipped at once). */
static int may_hold_one(const uint8_t *p, int n)
{
    uint64_t x = 0;
    memcpy(&x, p, (size_t)n);
    x ^= BYTES_01;
    if (n < 8)
        x |= ~0ull << (8 * n);
    return ((x - BYTES_01) & ~x & (BYTES_01 << 7)) != 0;
}

int tech_find_full_house(const struct human_state *st, struct human_step *step)
{
    for (int h = 0; h < TECH_HOUSES; h++) {
        if (h % 8 == 0 && !may_hold_one(&st->house_empty[h], h < 24 ? 8 : 3)) {
            h += 7;
            continue;
        }
        if (st->house_empty[h] != 1)
            continue;
        int empty = -1;
        unsigned placed = 0;
        for (int i = 0; i < 9; i++) {
            int cell = tech_house_cells[h][i];
            if (st->value[cell])
                placed |= tech_bit(st->value[cell]);
            else
                empty = cell;
        }
        unsigned missing = HUMAN_ALL_DIGITS & ~placed;
        if (empty < 0 || tech_count(missing) != 1 || !(st->cand[empty] & missing))
            continue;   /* a contradiction: left to human_check */
        int d = tech_lowest_digit(missing);
        tech_place(step, empty, d);
        tech_house(step, h);
        tech_say(step, "Full house: ");
        tech_say_cell(step, empty);
        tech_say(step, " is the last empty cell in ");
        tech_say_house(step, h);
        tech_say(step, ", so it is %d", d);
        return 1;
    }
    return 0;
}

/* The digits with one place left among the nine cells p[0..2],
 * p[step9..step9 + 2], p[2 * step9 ..] (each gap apart): digits seen
 * once are found for all nine at a time, `more` collecting those already
 * seen in an earlier cell. */
static inline unsigned once_in(const uint16_t *p, int step9, int gap)
{
    unsigned once = 0, more = 0;
    for (int r = 0; r < 3; r++, p += step9) {
        for (int k = 0; k < 3; k++) {
            unsigned m = p[k * gap];
            more |= once & m;
            once |= m;
        }
    }
    return once & ~more;
}

/* Places the lowest digit of once (each with one place left in house h). */
static int hidden_single_step(const struct human_state *st, int h,
                              unsigned once, struct human_step *step)
{
    int d = tech_lowest_digit(once);
    int cell = -1;
    for (int i = 0; i < 9 && cell < 0; i++)
        if (st->cand[tech_house_cells[h][i]] & tech_bit(d))
            cell = tech_house_cells[h][i];
    tech_place(step, cell, d);
    tech_house(step, h);
    tech_say(step, "Hidden single: in ");
    tech_say_house(step, h);
    tech_say(step, " the %d can only go in ", d);
    tech_say_cell(step, cell);
    return 1;
}

int tech_find_hidden_single_box(const struct human_state *st,
                                struct human_step *step)
{
    for (int b = 0; b < 9; b++) {
        unsigned once = once_in(&st->cand[b / 3 * 27 + b % 3 * 3], 9, 1);
        if (once)
            return hidden_single_step(st, TECH_BOX(b), once, step);
    }
    return 0;
}

int tech_find_hidden_single_line(const struct human_state *st,
                                 struct human_step *step)
{
    for (int r = 0; r < 9; r++) {
        unsigned once = once_in(&st->cand[9 * r], 3, 1);
        if (once)
            return hidden_single_step(st, TECH_ROW(r), once, step);
    }
    for (int c = 0; c < 9; c++) {
        unsigned once = once_in(&st->cand[c], 27, 9);
        if (once)
            return hidden_single_step(st, TECH_COL(c), once, step);
    }
    return 0;
}

/* 0 when none of the four 16-bit candidate masks of x is a single digit
 * (masks past 9 bits are left to the exact test). */
static int may_hold_single(uint64_t x)
{
    if (x & ~(LANES_01 * HUMAN_ALL_DIGITS))
        return 1;
    uint64_t nonzero = ((x | LANES_HI) - LANES_01) & LANES_HI;
    uint64_t y = ((x | LANES_HI) - LANES_01) & x;   /* m & (m - 1) per lane */
    uint64_t y_nonzero = ((y | LANES_HI) - LANES_01) & LANES_HI;
    return (nonzero & ~y_nonzero) != 0;
}

int tech_find_naked_single(const struct human_state *st, struct human_step *step)
{
    for (int cell = 0; cell < GRID_CELLS; cell++) {
        uint64_t x;
        while (cell + 4 <= GRID_CELLS &&
               (memcpy(&x, &st->cand[cell], sizeof x), !may_hold_single(x)))
            cell += 4;
        if (cell >= GRID_CELLS)
            break;
        if (st->value[cell] || tech_count(st->cand[cell]) != 1)
            continue;
        int d = tech_lowest_digit(st->cand[cell]);
        tech_place(step, cell, d);
        tech_cause(step, cell, 0);
        tech_say(step, "Naked single: ");
        tech_say_cell(step, cell);
        tech_say(step, " has one candidate left, so it is %d", d);
        return 1;
    }
    return 0;
}
