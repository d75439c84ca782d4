/*
 * rater_singles: HoDoKu's singles queues (rater_singles.h).  Houses are
 * numbered as tech.h's (rows, columns, boxes), each house's cells in
 * reading order, and a cell's peers in increasing order: the order HoDoKu
 * visits them, which decides the queues' order.
 */
#include "rater_singles.h"
#include "tech_digits.h"

#include <string.h>

static int house_of(int cell, int k)
{
    return k == 0 ? TECH_ROW(tech_row_of(cell))
                  : k == 1 ? TECH_COL(tech_col_of(cell)) : TECH_BOX(tech_box_of(cell));
}

/* Whether cell lies in house. */
static int in_house(int cell, int house)
{
    return (tech_cell_houses[cell] >> house) & 1;
}

static void push(struct rater_queue *q, int cell, int digit, int max)
{
    if (q->put >= max)
        return; /* cannot happen: see RATER_NS_MAX, RATER_HS_MAX */
    q->cell[q->put] = (uint8_t)cell;
    q->digit[q->put++] = (uint8_t)digit;
}

/* The oldest entry, taken off (the queue empties back to the start). */
static int pop(struct rater_queue *q)
{
    if (q->get >= q->put)
        return -1;
    int at = q->get++;
    if (q->get >= q->put)
        q->get = q->put = 0;
    return at;
}

/* digit has one place left in house: queue that cell. */
static void push_hidden(struct rater_singles *rs, int house, int digit)
{
    for (int i = 0; i < 9; i++) {
        int cell = tech_house_cells[house][i];
        if (rs->cand[cell] & tech_bit(digit)) {
            push(&rs->hs, cell, digit, RATER_HS_MAX);
            return;
        }
    }
}

/* digit has no place left in house: its queued hidden single goes. */
static void drop_hidden(struct rater_singles *rs, int house, int digit)
{
    struct rater_queue *q = &rs->hs;
    for (int i = q->get; i < q->put; i++) {
        int cell = q->cell[i];
        if (q->digit[i] != digit || !in_house(cell, house))
            continue;
        memmove(&q->cell[i], &q->cell[i + 1], (size_t)(q->put - i - 1));
        memmove(&q->digit[i], &q->digit[i + 1], (size_t)(q->put - i - 1));
        q->put--;
        return;
    }
}

static void eliminate(struct rater_singles *rs, int cell, int digit)
{
    unsigned bit = tech_bit(digit);
    if (!(rs->cand[cell] & bit))
        return;
    rs->cand[cell] &= (uint16_t)~bit;
    if (!rs->cand[cell])
        return;
    if (bits_count(rs->cand[cell]) == 1)
        push(&rs->ns, cell, tech_lowest_digit(rs->cand[cell]), RATER_NS_MAX);
    for (int k = 0; k < 3; k++) {
        int h = house_of(cell, k), left = --rs->free[h][digit];
        if (left == 1)
            push_hidden(rs, h, digit);
        else if (left == 0)
            drop_hidden(rs, h, digit);
    }
}

void rater_singles_place(struct rater_singles *rs, int cell, int digit)
{
    unsigned had = rs->cand[cell];
    rs->value[cell] = (uint8_t)digit;
    rs->cand[cell] = 0;
    for (tech_cells peers = tech_peers(cell); peers; peers &= peers - 1)
        eliminate(rs, tech_cells_lowest(peers), digit);
    for (unsigned m = had; m; m &= m - 1) {
        int d = tech_lowest_digit(m);
        for (int k = 0; k < 3; k++) {
            int h = house_of(cell, k);
            if (--rs->free[h][d] == 1 && d != digit)
                push_hidden(rs, h, d);
        }
    }
}

void rater_singles_init(struct rater_singles *rs, const struct grid *puzzle)
{
    memset(rs, 0, sizeof *rs);
    for (int cell = 0; cell < GRID_CELLS; cell++)
        rs->cand[cell] = HUMAN_ALL_DIGITS;
    memset(rs->free, 9, sizeof rs->free);
    for (int cell = 0; cell < GRID_CELLS; cell++)
        if (puzzle->cell[cell] >= 1 && puzzle->cell[cell] <= 9)
            rater_singles_place(rs, cell, puzzle->cell[cell]);
}

/* The cell's only empty house with nothing but digit left, if any. */
static int alone(const struct rater_singles *rs, int cell, int digit)
{
    for (int k = 0; k < 3; k++) {
        int h = house_of(cell, k), others = 0;
        for (int d = 1; d <= 9; d++)
            others |= d != digit && rs->free[h][d];
        if (!others)
            return 1;
    }
    return 0;
}

int rater_singles_next(struct rater_singles *rs, int *cell, int *digit)
{
    struct rater_queue *ns = &rs->ns, *hs = &rs->hs;
    for (int i = ns->get; i < ns->put; i++) {
        if (!rs->value[ns->cell[i]] && alone(rs, ns->cell[i], ns->digit[i])) {
            *cell = ns->cell[i];
            *digit = ns->digit[i];
            return RATER_FULL_HOUSE;
        }
    }
    for (int at; (at = pop(ns)) >= 0;) {
        if (!rs->value[ns->cell[at]]) {
            *cell = ns->cell[at];
            *digit = ns->digit[at];
            return RATER_NAKED_SINGLE;
        }
    }
    for (int at; (at = pop(hs)) >= 0;) {
        int c = hs->cell[at], d = hs->digit[at];
        if (rs->value[c])
            continue;
        for (int k = 0; k < 3; k++) {
            if (rs->free[house_of(c, k)][d] == 1) {
                *cell = c;
                *digit = d;
                return RATER_HIDDEN_SINGLE;
            }
        }
        return -1; /* HoDoKu stops at the first open entry */
    }
    return -1;
}

void rater_singles_step(struct rater_singles *rs, const struct human_step *step)
{
    /* by cell, then digit: how most of HoDoKu's finders list them */
    uint16_t key[HUMAN_STEP_MAX_ELIM];
    int n = tech_elims_by_cell(step, key);
    for (int i = 0; i < n; i++)
        eliminate(rs, key[i] / 16, key[i] % 16);
    for (int i = 0; i < step->n_place; i++)
        if (!rs->value[step->place[i].cell])
            rater_singles_place(rs, step->place[i].cell, step->place[i].digit);
}
