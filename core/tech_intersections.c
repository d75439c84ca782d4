/*
 * tech_intersections: what follows from a box meeting a row or column.
 * Pointing (a digit of a box confined to one line leaves the rest of the
 * line), claiming or box/line reduction (a digit of a line confined to one
 * box leaves the rest of the box), and the locked pair/triple (a naked
 * pair/triple inside the intersection clears both the box and the line).
 *
 * Positions inside a box are 0..8 in reading order, so box row k is the
 * bits 7 << 3k and box column k the bits 0x49 << k.
 */
#include "tech.h"

static const char *const group_word[4] = { "", "", "pair", "triple" };

/* The cells of house h at the positions of posmask, in order. */
static int cells_at(int h, unsigned posmask, uint8_t cells[9])
{
    int n = 0;
    for (unsigned m = posmask; m; m &= m - 1)
        cells[n++] = tech_house_cells[h][tech_lowest(m)];
    return n;
}

/* Removes digit d from house `target` except the cells of house `keep`;
 * `from` is the house where d is confined, at positions pos. */
static int confine(const struct human_state *st, struct human_step *step,
                   int from, int target, int d, unsigned pos)
{
    uint8_t cells[9];
    int n = cells_at(from, pos, cells);
    for (int i = 0; i < 9; i++) {
        int cell = tech_house_cells[target][i];
        int inside = 0;
        for (int k = 0; k < n; k++)
            inside |= cells[k] == cell;
        if (!inside)
            tech_eliminate(step, st, cell, d);
    }
    if (step->n_elim == 0)
        return 0;
    for (int k = 0; k < n; k++)
        tech_cause(step, cells[k], d);
    tech_house(step, from);
    tech_house(step, target);
    tech_say(step, ": in ");
    tech_say_house(step, from);
    tech_say(step, " the %d can only be in ", d);
    tech_say_house(step, target);
    tech_say(step, " (");
    tech_say_cells(step, cells, n, 0);
    tech_say(step, "), so ");
    tech_say_elims(step);
    return 1;
}

/* The line of box b holding every position of pos, or -1. */
static int box_line(int b, unsigned pos)
{
    for (int k = 0; k < 3; k++) {
        if ((pos & ~(7u << (3 * k))) == 0)
            return TECH_ROW((b / 3) * 3 + k);
        if ((pos & ~(0x49u << k)) == 0)
            return TECH_COL((b % 3) * 3 + k);
    }
    return -1;
}

int tech_find_pointing(const struct human_state *st, struct human_step *step)
{
    for (int b = 0; b < 9; b++) {
        uint16_t pos[9];
        unsigned placed = tech_house_positions(st, TECH_BOX(b), pos);
        for (int d = 1; d <= 9; d++) {
            int line = box_line(b, pos[d - 1]);
            if ((placed & tech_bit(d)) || tech_count(pos[d - 1]) < 2 || line < 0)
                continue;
            tech_step_reset(step);
            tech_say(step, "Pointing %s", group_word[tech_count(pos[d - 1])]);
            if (confine(st, step, TECH_BOX(b), line, d, pos[d - 1]))
                return 1;
        }
    }
    tech_step_reset(step);
    return 0;
}

/* The box holding every position of pos on line h, or -1. */
static int line_box(int h, unsigned pos)
{
    for (int k = 0; k < 3; k++) {
        if ((pos & ~(7u << (3 * k))) != 0)
            continue;
        int first = tech_house_cells[h][3 * k];
        return TECH_BOX(tech_box_of(first));
    }
    return -1;
}

int tech_find_claiming(const struct human_state *st, struct human_step *step)
{
    for (int h = 0; h < 18; h++) {
        uint16_t pos[9];
        unsigned placed = tech_house_positions(st, h, pos);
        for (int d = 1; d <= 9; d++) {
            int box = line_box(h, pos[d - 1]);
            if ((placed & tech_bit(d)) || tech_count(pos[d - 1]) < 2 || box < 0)
                continue;
            tech_step_reset(step);
            tech_say(step, "Claiming (box/line reduction)");
            if (confine(st, step, h, box, d, pos[d - 1]))
                return 1;
        }
    }
    tech_step_reset(step);
    return 0;
}

/* Removes digits from houses a and b except the cells given. */
static void clear_two_houses(const struct human_state *st,
                             struct human_step *step, int a, int b,
                             const uint8_t *cells, int n, unsigned digits)
{
    const int houses[2] = { a, b };
    for (int h = 0; h < 2; h++) {
        for (int i = 0; i < 9; i++) {
            int cell = tech_house_cells[houses[h]][i], inside = 0;
            for (int k = 0; k < n; k++)
                inside |= cells[k] == cell;
            if (!inside)
                tech_eliminate_mask(step, st, cell, digits);
        }
    }
}

/* Tries the n cells (positions pos of box b, all on line) as a locked
 * set. */
static int try_locked(const struct human_state *st, struct human_step *step,
                      int b, int line, unsigned pos, int n)
{
    uint8_t cells[9];
    cells_at(TECH_BOX(b), pos, cells);
    unsigned digits = 0;
    for (int k = 0; k < n; k++) {
        unsigned c = st->cand[cells[k]];
        if (st->value[cells[k]] || tech_count(c) < 2)
            return 0;
        digits |= c;
    }
    if (tech_count(digits) != n)
        return 0;
    tech_step_reset(step);
    clear_two_houses(st, step, TECH_BOX(b), line, cells, n, digits);
    if (step->n_elim == 0)
        return 0;
    for (int k = 0; k < n; k++)
        tech_cause_mask(step, st, cells[k], digits);
    tech_house(step, TECH_BOX(b));
    tech_house(step, line);
    tech_say(step, "Locked %s: ", group_word[n]);
    tech_say_cells(step, cells, n, 1);
    tech_say(step, " hold only ");
    tech_say_digits(step, digits);
    tech_say(step, " and share ");
    tech_say_house(step, TECH_BOX(b));
    tech_say(step, " and ");
    tech_say_house(step, line);
    tech_say(step, ", so ");
    tech_say_elims(step);
    return 1;
}

/* Every choice of n of the 3 positions of a box line (mask 7 or 0x49). */
static int locked_in_segment(const struct human_state *st,
                             struct human_step *step, int b, int line,
                             unsigned seg, int n)
{
    for (unsigned sub = seg; sub; sub = (sub - 1) & seg)
        if (tech_count(sub) == n && try_locked(st, step, b, line, sub, n))
            return 1;
    return 0;
}

static int find_locked(const struct human_state *st, struct human_step *step,
                       int n)
{
    for (int b = 0; b < 9; b++) {
        for (int k = 0; k < 3; k++) {
            int row = TECH_ROW((b / 3) * 3 + k), col = TECH_COL((b % 3) * 3 + k);
            if (locked_in_segment(st, step, b, row, 7u << (3 * k), n) ||
                locked_in_segment(st, step, b, col, 0x49u << k, n))
                return 1;
        }
    }
    tech_step_reset(step);
    return 0;
}

int tech_find_locked_pair(const struct human_state *st, struct human_step *step)
{
    return find_locked(st, step, 2);
}

int tech_find_locked_triple(const struct human_state *st,
                            struct human_step *step)
{
    return find_locked(st, step, 3);
}
