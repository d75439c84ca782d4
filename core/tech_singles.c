/*
 * tech_singles: the techniques that place a digit: full house, hidden
 * single (in a box, then in a row or column, as Sudoku Explainer rates
 * them 1.2 and 1.5) and naked single.
 */
#include "tech.h"

int tech_find_full_house(const struct human_state *st, struct human_step *step)
{
    for (int h = 0; h < TECH_HOUSES; h++) {
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

/* A digit with one place left in house h; 1 when found (step filled).
 * Digits seen once are found for all nine at a time: `more` collects the
 * digits already seen in an earlier cell. */
static int hidden_single_in(const struct human_state *st, int h,
                            struct human_step *step)
{
    unsigned once = 0, more = 0;
    for (int i = 0; i < 9; i++) {
        unsigned m = st->cand[tech_house_cells[h][i]];
        more |= once & m;
        once |= m;
    }
    once &= ~more;
    if (!once)
        return 0;
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
    for (int b = 0; b < 9; b++)
        if (hidden_single_in(st, TECH_BOX(b), step))
            return 1;
    return 0;
}

int tech_find_hidden_single_line(const struct human_state *st,
                                 struct human_step *step)
{
    for (int h = 0; h < 18; h++)
        if (hidden_single_in(st, h, step))
            return 1;
    return 0;
}

int tech_find_naked_single(const struct human_state *st, struct human_step *step)
{
    for (int cell = 0; cell < GRID_CELLS; cell++) {
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
