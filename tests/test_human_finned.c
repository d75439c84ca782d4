/*
 * Finned Swordfish and Jellyfish (core/tech_finned_fish.c) against a
 * search written plainly from the definition, at every position along
 * the solve paths of real puzzles.  The technique skips, before its
 * search, the digits, line directions and fin stacks where no fish can
 * remove anything; a skip that was wrong would lose a fish or let a
 * later one be taken.  The plain search here tries, for each digit and
 * direction, every n base lines (d not placed in them) and every n cover
 * lines among the base lines' positions: each base line meets the
 * covers, the base cells off the covers (the fins, one at least) lie in
 * one box, and the cells that lose d are the covers' cells in that box
 * off the base lines.  The technique must find a step exactly when this
 * finds a fish, of the first digit that has one, removing only what
 * fish of that digit remove.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "human_positions.h"
#include "test_data.h"

/* The cell at line `line`, cross position j (rows as lines, or
 * columns). */
static int cell_at(int by_col, int line, int j)
{
    return by_col ? j * 9 + line : line * 9 + j;
}

/* The cells a finned fish of n lines on digit d removes d from, in
 * every such fish of that digit (both directions). */
static tech_cells plain_fish(const struct human_state *st, int d, int n)
{
    tech_cells all = 0;
    for (int by_col = 0; by_col < 2; by_col++) {
        unsigned pos[9];  /* [line]: cross positions holding d */
        unsigned lines = 0; /* lines that may be base lines */
        for (int line = 0; line < 9; line++) {
            pos[line] = 0;
            int placed = 0;
            for (int j = 0; j < 9; j++) {
                int c = cell_at(by_col, line, j);
                placed |= st->value[c] == d;
                pos[line] |= tech_has(st, c, d) ? 1u << j : 0;
            }
            lines |= pos[line] && !placed ? 1u << line : 0;
        }
        for (unsigned base = 0; base < 512; base++) {
            if ((base & ~lines) || bits_count(base) != n)
                continue;
            unsigned uni = 0;
            for (int l = 0; l < 9; l++)
                uni |= base >> l & 1 ? pos[l] : 0;
            for (unsigned cover = 0; cover < 512; cover++) {
                if ((cover & ~uni) || bits_count(cover) != n)
                    continue;
                int box = -1, ok = 1, fins = 0;
                for (int l = 0; l < 9 && ok; l++) {
                    if (!(base >> l & 1))
                        continue;
                    ok = (pos[l] & cover) != 0;
                    for (unsigned o = pos[l] & ~cover; o && ok; o &= o - 1) {
                        int b = tech_box_of(cell_at(by_col, l, bits_lowest(o)));
                        ok = box < 0 || box == b;
                        box = b;
                        fins++;
                    }
                }
                if (!ok || !fins)
                    continue;
                for (int l = 0; l < 9; l++)
                    for (unsigned c = cover; c && !(base >> l & 1); c &= c - 1) {
                        int cell = cell_at(by_col, l, bits_lowest(c));
                        if (tech_box_of(cell) == box && tech_has(st, cell, d))
                            all |= tech_cell_bit(cell);
                    }
            }
        }
    }
    return all;
}

struct tally {
    long positions, found[2];
};

static void check_position(const struct human_state *st, struct tally *t)
{
    static tech_find_fn *const find[2] = {tech_find_finned_swordfish,
                                          tech_find_finned_jellyfish};
    t->positions++;
    for (int k = 0; k < 2; k++) {
        int n = 3 + k, first = 0;
        tech_cells elim = 0;
        for (int d = 1; d <= 9 && !first; d++)
            if ((elim = plain_fish(st, d, n)) != 0)
                first = d;
        struct human_step step;
        step.flags = 0;
        int got = run_find(find[k], st, &step);
        t->found[k] += got;
        int bad = got != (first != 0);
        for (int i = 0; got && !bad && i < step.n_elim; i++)
            bad = step.elim[i].digit != first ||
                  !(elim & tech_cell_bit(step.elim[i].cell));
        if (bad) {
            char g[GRID_LINE_LEN + 1];
            state_line(st, g);
            fail_msg("%s at %s: the technique %s (digit %d), the plain search %s "
                     "(first digit %d)",
                     k ? "Finned Jellyfish" : "Finned Swordfish", g,
                     got ? "found one" : "found none", got ? step.elim[0].digit : 0,
                     first ? "found one" : "found none", first);
        }
    }
}

static int check_before(void *arg, const struct human_state *before,
                        const struct human_step *step)
{
    (void)step;
    check_position(before, arg);
    return 0;
}

static void test_solve_paths(void **unused)
{
    (void)unused;
    static const struct test_data_sample sets[] = {
        {"sudoku_exchange_diabolical.txt", 60, 661},
        {"qqwing_1.3.4_expert_2000.txt", 40, 50},
    };
    struct tally t = {0, {0, 0}};
    if (test_data_solve(sets, (int)(sizeof sets / sizeof sets[0]), check_before, &t) < 0)
        skip();
    fprintf(stderr, "finned fish: %ld positions, a Swordfish in %ld, a Jellyfish in %ld\n",
            t.positions, t.found[0], t.found[1]);
    /* the check means something only if fish were met */
    assert_true(t.found[0] > 0 && t.found[1] > 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_solve_paths),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
