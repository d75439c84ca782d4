/*
 * tech_se_chaining: the part of Sudoku Explainer 1.2.1.3's chaining
 * producers that they share (tech_se_chaining.h): the grid a chaining
 * reads, the table of every potential's links, and the hint kept by SE's
 * choice, filled into the step: its rating is SE's difficulty x10
 * (tech_rate_se_chain reads it back); a hint whose result is a value
 * (the potential "on") places it, as SE's hint does, else it removes
 * the candidate(s); then its causes and its text.
 */
#include "tech_se_chaining.h"

#include <string.h>

void sc_grid_init(struct sc_grid *g, struct tech_ctx *ctx)
{
    const struct tech_digits *dg = tech_ctx_digits(ctx);
    memcpy(g->cand, ctx->st->cand, sizeof g->cand);
    memcpy(g->pos, dg->pos, sizeof g->pos);
    g->dcells = dg->cells;
    g->lk = NULL;
}

void sc_links_build(struct sc_links *lk, struct sc_grid *g)
{
    struct sc_on ons[4];
    int n = 0;
    lk->n_nodes = 0;
    /* digit by digit: the X-links' graph is one graph per digit, and so
     * each digit's components are numbered together (tech_se_chains.c) */
    for (int d = 1; d <= 9; d++)
        for (tech_cells m = g->dcells[d - 1]; m; m &= m - 1) {
            int cell = bits_lowest128(m);
            lk->nodes[lk->n_nodes++] = (uint16_t)sc_id(cell, d, 0);
            lk->nodes[lk->n_nodes++] = (uint16_t)sc_id(cell, d, 1);
        }
    /* the candidates' potentials in the order of their ids; those of
     * the places without a candidate (all of a filled cell's) have no
     * links, and get their empty ranges in runs: next is the first id
     * not laid out yet */
    int next = 0;
    for (int cell = 0; cell < GRID_CELLS; cell++) {
        unsigned cand = g->cand[cell];
        int h[3], pos[3], others = bits_count(cand) - 1;
        if (cand)
            sc_houses(cell, h, pos);
        for (unsigned dm = cand; dm; dm &= dm - 1) {
            int d = bits_lowest(dm) + 1, off = sc_id(cell, d, 0);
            for (; next < off; next++)
                lk->start[next] = lk->split[next] = (uint16_t)n;
            next = off + 2;
            /* "off": the cell's link (first, when there is one), then
             * the houses' */
            int k = sc_off_to_on_in(g, cell, d, 1, 1, h, pos, ons);
            lk->start[off] = (uint16_t)n;
            lk->split[off] = (uint16_t)(n + (k && ons[0].house < 0));
            for (int i = 0; i < k; i++) {
                lk->house[off >> 1][i] = ons[i].house;
                lk->e[n++] = ons[i].id;
            }
            /* "on": the cell's other values, then the houses' cells */
            lk->start[off + 1] = (uint16_t)n;
            lk->split[off + 1] = (uint16_t)(n + others);
            n += sc_on_to_off_in(g, cell, d, 1, h, pos, lk->e + n);
        }
    }
    for (; next < SC_POTS; next++)
        lk->start[next] = lk->split[next] = (uint16_t)n;
    lk->start[SC_POTS] = (uint16_t)n;
    g->lk = lk;
}

/* The distinct cells of a chain's path. */
static int sc_path_cells(const struct sc_hint *h)
{
    tech_cells cells = 0;
    int n = 0;
    for (int i = 0; i < h->n_path; i++)
        if (!(cells & tech_cell_bit(sc_cell(h->path[i])))) {
            cells |= tech_cell_bit(sc_cell(h->path[i]));
            n++;
        }
    return n;
}

static const char *sc_name(const struct sc_run *r, const struct sc_hint *h)
{
    switch (h->kind) {
    case SC_CYCLE:
        if (h->x && h->y)
            return "Bidirectional Cycle";
        if (h->y)
            return "Bidirectional Y-Cycle";
        return sc_path_cells(h) == 4 ? "Generalized X-Wing" : "Bidirectional X-Cycle";
    case SC_FORCING:
        if (h->y)
            return "Forcing Chain";
        return h->cx == 6 ? "Turbot Fish" : "Forcing X-Chain";
    case SC_CONTRA:
        if (r->nishio)
            return "Nishio Forcing Chains";
        return "Dynamic Contradiction Forcing Chains";
    case SC_DOUBLE:
        return "Dynamic Double Forcing Chains";
    case SC_CELL:
        return r->dynamic ? "Dynamic Cell Forcing Chains" : "Cell Forcing Chains";
    case SC_REGION:
        return r->dynamic ? "Dynamic Region Forcing Chains" : "Region Forcing Chains";
    }
    return "";
}

static void sc_say_pot(struct human_step *step, int id)
{
    tech_say(step, "%c%d%s%d", 'A' + sc_cell(id) / 9, sc_cell(id) % 9 + 1,
             sc_on(id) ? "=" : "<>", sc_digit(id));
}

/* Fills the step from hint h; returns 1 when it removes or places. */
static int sc_fill(const struct sc_run *r, const struct sc_hint *h, struct human_step *step)
{
    const struct human_state *st = r->st;
    tech_step_reset(step);
    step->rating = (int)(h->diff * 10.0 + 0.5);
    if (h->kind == SC_CYCLE) {
        for (int d = 1; d <= 9; d++) {
            tech_cells m = h->elim[d - 1];
            while (m) {
                int c = bits_lowest128(m);
                m &= m - 1;
                tech_eliminate(step, st, c, d);
            }
        }
    } else if (sc_on(h->target)) {
        tech_place(step, sc_cell(h->target), sc_digit(h->target));
    } else {
        tech_eliminate(step, st, sc_cell(h->target), sc_digit(h->target));
    }
    for (int i = 0; i < h->n_path && step->n_cause < HUMAN_STEP_MAX_CAUSE; i++)
        tech_cause(step, sc_cell(h->path[i]), sc_digit(h->path[i]));
    if (h->kind == SC_CELL)
        tech_cause(step, h->src, 0);
    if (h->kind == SC_DOUBLE || h->kind == SC_CONTRA)
        tech_cause(step, sc_cell(h->src), sc_digit(h->src));
    if (h->kind == SC_REGION) {
        tech_house(step, h->src);
        for (int i = 0; i < 9; i++)
            tech_cause_mask(step, st, tech_house_cells[h->src][i], tech_bit(h->src_digit));
    }
    tech_say(step, "%s (SE %d.%d): ", sc_name(r, h), step->rating / 10, step->rating % 10);
    switch (h->kind) {
    case SC_CYCLE:
    case SC_FORCING:
        for (int i = 0; i < h->n_path; i++) {
            if (i)
                tech_say(step, " > ");
            sc_say_pot(step, h->path[i]);
        }
        break;
    case SC_CONTRA:
        tech_say(step, "assuming ");
        sc_say_pot(step, h->src);
        tech_say(step, " leads to a contradiction");
        break;
    case SC_DOUBLE:
        tech_say(step, "both ");
        sc_say_pot(step, h->src);
        tech_say(step, " and ");
        sc_say_pot(step, h->src ^ 1);
        tech_say(step, " lead to ");
        sc_say_pot(step, h->target);
        break;
    case SC_CELL:
        tech_say(step, "every candidate of ");
        tech_say_cell(step, h->src);
        tech_say(step, " leads to ");
        sc_say_pot(step, h->target);
        break;
    case SC_REGION:
        tech_say(step, "every place for %d in ", h->src_digit);
        tech_say_house(step, h->src);
        tech_say(step, " leads to ");
        sc_say_pot(step, h->target);
        break;
    }
    if (step->n_place) {
        tech_say(step, ", so ");
        tech_say_cell(step, step->place[0].cell);
        tech_say(step, " is %d", step->place[0].digit);
    } else if (step->n_elim) {
        tech_say(step, ", so ");
        tech_say_elims(step);
    }
    return step->n_place + step->n_elim > 0;
}


/* A hint found (r->cur, complete): kept when SE would sort it first, or
 * handed on in collect mode.  Returns 1 when the search must stop. */
int sc_offer(struct sc_run *r)
{
    if (r->ctx->collect) {
        if (sc_fill(r, &r->cur, r->step) && tech_found(r->ctx, r->step)) {
            r->stop = 1;
            return 1;
        }
        return 0;
    }
    if (sc_better(r, r->cur.diff, r->cur.cx, r->cur.key)) {
        r->best = r->cur;
        r->have = 1;
    }
    return 0;
}

/* The producer's answer: SE's first hint, or 0. */
int sc_finish(struct sc_run *r)
{
    if (r->ctx->collect)
        return r->stop;
    if (!r->have)
        return 0;
    sc_fill(r, &r->best, r->step);
    return tech_found(r->ctx, r->step);
}

void sc_run_init(struct sc_run *r, struct tech_ctx *ctx, struct human_step *step)
{
    r->ctx = ctx;
    r->step = step;
    r->st = ctx->st;
    r->have = 0;
    r->stop = 0;
    r->dynamic = r->nishio = r->multiple = 0;
    r->base = 0.0;
}

int tech_rate_se_chain(const struct human_step *step)
{
    return step->rating;
}
