/*
 * rater_singles: HoDoKu's singles queues (rater_singles.h).  Houses are
 * numbered as tech.h's (rows, columns, boxes), each house's cells in
 * reading order, and a cell's peers in increasing order: the order HoDoKu
 * visits them, which decides the queues' order.
 */
#include "rater_singles.h"
#include "tech_digits.h"

#include <string.h>

/* The houses of each cell: row, column, box. */
#define RS_HOUSES(c) \
    {(uint8_t)TECH_ROW((c) / 9), (uint8_t)TECH_COL((c) % 9), \
     (uint8_t)TECH_BOX((c) / 27 * 3 + (c) % 9 / 3)}
#define RS_HOUSES_ROW(r) \
    RS_HOUSES(9 * (r)), RS_HOUSES(9 * (r) + 1), RS_HOUSES(9 * (r) + 2), \
        RS_HOUSES(9 * (r) + 3), RS_HOUSES(9 * (r) + 4), RS_HOUSES(9 * (r) + 5), \
        RS_HOUSES(9 * (r) + 6), RS_HOUSES(9 * (r) + 7), RS_HOUSES(9 * (r) + 8)
static const uint8_t house_of[GRID_CELLS][3] = {
    RS_HOUSES_ROW(0), RS_HOUSES_ROW(1), RS_HOUSES_ROW(2),
    RS_HOUSES_ROW(3), RS_HOUSES_ROW(4), RS_HOUSES_ROW(5),
    RS_HOUSES_ROW(6), RS_HOUSES_ROW(7), RS_HOUSES_ROW(8),
};

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

/* digit has one place left in house: queue that cell (the first of the
 * house's cells in reading order, the lowest numbered). */
static void push_hidden(struct rater_singles *rs, int house, int digit)
{
    tech_cells at = tech_house_set[house] & rs->with[digit - 1];
    if (at)
        push(&rs->hs, tech_cells_lowest(at), digit, RATER_HS_MAX);
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
    rs->with[digit - 1] &= ~tech_cell_bit(cell);
    if (!rs->cand[cell])
        return;
    if (bits_count(rs->cand[cell]) == 1)
        push(&rs->ns, cell, tech_lowest_digit(rs->cand[cell]), RATER_NS_MAX);
    for (int k = 0; k < 3; k++) {
        int h = house_of[cell][k], left = --rs->free[h][digit];
        if (left == 1)
            push_hidden(rs, h, digit);
        else if (left == 0)
            drop_hidden(rs, h, digit);
    }
}

/* The peers are visited in increasing order; those without digit would
 * be left as they are, so only those with it are. */
void rater_singles_place(struct rater_singles *rs, int cell, int digit)
{
    unsigned had = rs->cand[cell];
    rs->value[cell] = (uint8_t)digit;
    rs->cand[cell] = 0;
    for (unsigned m = had; m; m &= m - 1)
        rs->with[bits_lowest(m)] &= ~tech_cell_bit(cell);
    for (tech_cells peers = tech_peers(cell) & rs->with[digit - 1]; peers;
         peers &= peers - 1)
        eliminate(rs, tech_cells_lowest(peers), digit);
    for (unsigned m = had; m; m &= m - 1) {
        int d = tech_lowest_digit(m);
        for (int k = 0; k < 3; k++) {
            int h = house_of[cell][k];
            if (--rs->free[h][d] == 1 && d != digit)
                push_hidden(rs, h, d);
        }
    }
}

void rater_singles_init(struct rater_singles *rs, const struct grid *puzzle)
{
    rs->ns.get = rs->ns.put = rs->hs.get = rs->hs.put = 0;
    memset(rs->value, 0, sizeof rs->value);
    for (int cell = 0; cell < GRID_CELLS; cell++)
        rs->cand[cell] = HUMAN_ALL_DIGITS;
    memset(rs->free, 9, sizeof rs->free);
    for (int d = 0; d < 9; d++)
        rs->with[d] = (tech_cell_bit(GRID_CELLS) - 1);
    for (int cell = 0; cell < GRID_CELLS; cell++)
        if (puzzle->cell[cell] >= 1 && puzzle->cell[cell] <= 9)
            rater_singles_place(rs, cell, puzzle->cell[cell]);
}

/* Whether no digit but digit has a place in house h: the counts of
 * digits 1-8 read as one word, digit's own byte masked (the mask built
 * as bytes too, so the byte order does not matter). */
static int only_digit(const struct rater_singles *rs, int h, int digit)
{
    uint8_t keep[8];
    uint64_t w, mask;
    memset(keep, 0xFF, sizeof keep);
    if (digit <= 8)
        keep[digit - 1] = 0;
    memcpy(&mask, keep, sizeof mask);
    memcpy(&w, &rs->free[h][1], sizeof w);
    return !(w & mask) && (digit == 9 || !rs->free[h][9]);
}

/* The cell's only empty house with nothing but digit left, if any. */
static int alone(const struct rater_singles *rs, int cell, int digit)
{
    return only_digit(rs, house_of[cell][0], digit) ||
           only_digit(rs, house_of[cell][1], digit) ||
           only_digit(rs, house_of[cell][2], digit);
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
            if (rs->free[house_of[c][k]][d] == 1) {
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
