/*
 * Aligned Pair Exclusion's screens against its full reasoning.  SE's
 * search for a pair (core/tech_aligned.c) is made only when
 * aligned_any finds a pair with a removal, and aligned_any asks two
 * quick questions in place of aligned_fills (every way of filling the
 * two cells tried): aligned_screen_of/aligned_screen_pass, a necessary
 * condition from all of one cell's excluders, then aligned_pair_blocked,
 * which its comment says answers exactly what aligned_fills does.  A
 * screen that rejected a pair with a removal would lose a step, so here,
 * at every position along the solve paths of real puzzles and in a few
 * hand-made ones, every pair of cells of two candidates or more with two
 * common excluders or more is asked both ways:
 *  - aligned_pair_blocked must equal aligned_fills;
 *  - the screen must pass every pair aligned_fills finds a removal in;
 * and every triplet of them after such a pair with two common excluders
 * or more (Aligned Triplet Exclusion's sets), at one position in
 * TRIPLET_EVERY (each has thousands): aligned_fills, which
 * leaves out excluders that cannot be emptied and stops early without
 * them, must equal every way tried plainly (plain_triplet).
 * Then the memo's skips: along solve paths, the searches with the
 * solving loop's memo against searches from nothing.
 * The static functions are reached by compiling tech_aligned.c into this
 * test (the library's copy of it is then not linked): the production API
 * stays as it is.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "tech_aligned.c"

#include "human_positions.h"
#include "test_data.h"

#define TRIPLET_EVERY 8

struct tally {
    long positions, pairs, removals, triplets, triplet_removals;
};

/* 1 when some candidate of the cells c[0..2] is in no way of giving each
 * one of its candidates: no two that see each other get the same digit,
 * and no cell of common loses all its candidates to them. */
static int plain_triplet(const struct human_state *st, const uint8_t c[3], tech_cells common)
{
    unsigned used[3] = {0, 0, 0};
    for (unsigned m0 = st->cand[c[0]]; m0; m0 &= m0 - 1)
        for (unsigned m1 = st->cand[c[1]]; m1; m1 &= m1 - 1)
            for (unsigned m2 = st->cand[c[2]]; m2; m2 &= m2 - 1) {
                unsigned b[3] = {m0 & -m0, m1 & -m1, m2 & -m2};
                int ok = 1;
                for (int i = 0; i < 3; i++)
                    for (int j = i + 1; j < 3; j++)
                        ok &= !(b[i] == b[j] && tech_sees(c[i], c[j]));
                for (tech_cells x = common; x; x &= x - 1)
                    ok &= (st->cand[tech_cells_lowest(x)] & ~(b[0] | b[1] | b[2])) != 0;
                for (int i = 0; ok && i < 3; i++)
                    used[i] |= b[i];
            }
    return used[0] != st->cand[c[0]] || used[1] != st->cand[c[1]] ||
           used[2] != st->cand[c[2]];
}

/* The triplets of ci < cj (common: their common excluders, two or more)
 * and a third cell after cj of wide, checked (excluders: cells of two or
 * three candidates). */
static void check_triplets(const struct human_state *st, int ci, int cj, tech_cells wide,
                           tech_cells small3, struct tally *t)
{
    struct aligned a;
    memset(&a, 0, sizeof a);
    a.st = st;
    a.degree = 3;
    a.small = small3;
    tech_cells two = tech_peers(ci) & tech_peers(cj) & small3;
    for (int ck = cj + 1; ck < GRID_CELLS; ck++) {
        tech_cells common = two & tech_peers(ck);
        if (!(wide & tech_cell_bit(ck)) || !two_or_more(common))
            continue;
        uint8_t cells[3] = {(uint8_t)ci, (uint8_t)cj, (uint8_t)ck};
        unsigned used[3] = {0, 0, 0};
        int fast = aligned_fills(&a, cells, common, used), plain = plain_triplet(st, cells, common);
        t->triplets++;
        t->triplet_removals += plain;
        if (fast != plain) {
            char g[GRID_LINE_LEN + 1];
            state_line(st, g);
            fail_msg("cells %c%d %c%d %c%d of %s: aligned_fills %d, every way %d",
                     'A' + ci / 9, ci % 9 + 1, 'A' + cj / 9, cj % 9 + 1, 'A' + ck / 9,
                     ck % 9 + 1, g, fast, plain);
        }
    }
}

/* Every pair of st as aligned_any forms them (ci < cj, both of two
 * candidates or more, two common excluders or more), checked; returns
 * the pairs with a removal. */
static long check_position(const struct human_state *st, struct tally *t)
{
    struct aligned a;
    memset(&a, 0, sizeof a);
    a.st = st;
    a.degree = 2;
    tech_cells wide = 0, small = 0, small3 = 0;
    for (int c = 0; c < GRID_CELLS; c++) {
        if (st->value[c] || !st->cand[c])
            continue;
        if (st->cand[c] & (st->cand[c] - 1))
            wide |= tech_cell_bit(c);
        if (bits_count(st->cand[c]) == 2)
            small |= tech_cell_bit(c);
        if (bits_count(st->cand[c]) == 2 || bits_count(st->cand[c]) == 3)
            small3 |= tech_cell_bit(c);
    }
    a.small = small;
    long found = 0;
    t->positions++;
    for (tech_cells mj = wide; mj; mj &= mj - 1) {
        int cj = tech_cells_lowest(mj);
        tech_cells excl_j = tech_peers(cj) & small;
        unsigned with[9] = {0};
        seen_twice(st, excl_j, with);
        struct aligned_screen screen;
        int screened = aligned_screen_of(st->cand[cj], with, &screen);
        for (int ci = 0; ci < cj; ci++) {
            if (!(wide & tech_cell_bit(ci)))
                continue;
            if (t->positions % TRIPLET_EVERY == 0 &&
                two_or_more(tech_peers(ci) & tech_peers(cj) & small3))
                check_triplets(st, ci, cj, wide, small3, t);
            tech_cells common = tech_peers(ci) & excl_j;
            if (!two_or_more(common))
                continue;
            uint8_t cells[2] = {(uint8_t)ci, (uint8_t)cj};
            unsigned used[3] = {0, 0, 0};
            int full = aligned_fills(&a, cells, common, used);
            int blocked = aligned_pair_blocked(st, ci, cj, common);
            int passed = screened && aligned_screen_pass(&screen, st->cand[ci]);
            t->pairs++;
            found += full;
            if (blocked != full || (full && !passed)) {
                char g[GRID_LINE_LEN + 1];
                state_line(st, g);
                fail_msg("cells %c%d %c%d of %s: aligned_fills %d, "
                         "aligned_pair_blocked %d, screen %d",
                         'A' + ci / 9, ci % 9 + 1, 'A' + cj / 9, cj % 9 + 1, g, full,
                         blocked, passed);
            }
        }
    }
    t->removals += found;
    return found;
}

static int check_before(void *arg, const struct human_state *before,
                        const struct human_step *step)
{
    (void)step;
    check_position(before, arg);
    return 0;
}

/* The pair A1 A2 (row A) and its common excluders A8 A9 (bivalue); the
 * rest of the grid empty. */
static void pair_position(struct human_state *st, const char *a1, const char *a2,
                          const char *a8, const char *a9)
{
    empty_state(st);
    only(st, "A1", a1);
    only(st, "A2", a2);
    only(st, "A8", a8);
    only(st, "A9", a9);
}

static void test_hand_made(void **unused)
{
    (void)unused;
    struct human_state st;
    struct tally t = {0, 0, 0, 0, 0};
    /* A1 = 2 is in no way: with A2 = 1 it empties A8 {1,2}, with A2 = 3
     * A9 {2,3}; A1 = 1 with A2 = 3 stays */
    pair_position(&st, "12", "13", "12", "23");
    assert_true(check_position(&st, &t) > 0);
    assert_int_equal(aligned_pair_blocked(&st, at("A1"), at("A2"),
                                          tech_cell_bit(at("A8")) | tech_cell_bit(at("A9"))),
                     1);
    /* A2 {2,3}, A8 {1,3}, A9 {4,5}: 1-3 empties A8 and 2-2 repeats, but
     * 1-2 and 2-3 stay: no removal in the pair (the other pairs of the
     * grid are checked too) */
    pair_position(&st, "12", "23", "13", "45");
    check_position(&st, &t);
    assert_int_equal(aligned_pair_blocked(&st, at("A1"), at("A2"),
                                          tech_cell_bit(at("A8")) | tech_cell_bit(at("A9"))),
                     0);
    /* the cells see each other: A1 = A2 = 1 is impossible, which with
     * A8 {1,2} and A9 {1,3} (A2 = 2, 3 taken from A1 = 1) leaves A1 = 1 no
     * way */
    pair_position(&st, "12", "123", "12", "13");
    check_position(&st, &t);
    assert_int_equal(aligned_pair_blocked(&st, at("A1"), at("A2"),
                                          tech_cell_bit(at("A8")) | tech_cell_bit(at("A9"))),
                     1);
    /* two cells that do not see each other (A1, B5) may share a digit
     * (their common peers are A4-A6 and B1-B3): with A5 and B2 {1,2},
     * 1-1 and 2-2 stay */
    empty_state(&st);
    only(&st, "A1", "12");
    only(&st, "B5", "12");
    only(&st, "A5", "12");
    only(&st, "B2", "12");
    check_position(&st, &t);
    assert_int_equal(aligned_pair_blocked(&st, at("A1"), at("B5"),
                                          tech_cell_bit(at("A5")) | tech_cell_bit(at("B2"))),
                     0);
    assert_true(t.removals > 0);
}

/* The positions along the solve paths of the hardest sets. */
static void test_solve_paths(void **unused)
{
    (void)unused;
    static const struct test_data_sample sets[] = {
        {"sudoku_exchange_diabolical.txt", 600, 66},
        {"magictour_top1465.txt", 293, 5},
    };
    struct tally t = {0, 0, 0, 0, 0};
    if (test_data_solve(sets, (int)(sizeof sets / sizeof sets[0]), check_before, &t) < 0)
        skip();
    fprintf(stderr,
            "aligned screens: %ld positions, %ld pairs, %ld with a removal; "
            "%ld triplets, %ld with a removal\n",
            t.positions, t.pairs, t.removals, t.triplets, t.triplet_removals);
    /* the check means something only if removals were met */
    assert_true(t.removals > 0);
    assert_true(t.triplet_removals > 0);
}

/* The eliminations of a step, in order, as one comparable value. */
static uint64_t elims_key(const struct human_step *step)
{
    uint64_t h = (uint64_t)step->n_elim;
    for (int i = 0; i < step->n_elim; i++)
        h = h * UINT64_C(0x100000001B3) ^ (uint64_t)(step->elim[i].cell * 10 + step->elim[i].digit);
    return h;
}

/*
 * The memo's skips (aligned_any: only the sets with a changed cell or
 * common excluder since the last search in vain) against a search from
 * nothing: along each solve path, both exclusions are searched at every
 * position with the path's memo (as the solving loop keeps it, so each
 * search in vain stamps it) and without, and must find the same step.
 * Searching at every position is a use the solving loop may make too.
 */
static void test_memo_along_paths(void **unused)
{
    (void)unused;
    FILE *f = test_data_open("sudoku_exchange_diabolical.txt");
    if (!f) {
        fprintf(stderr, "SKIPPED: sudoku_exchange_diabolical.txt absent (set SUDOKU_DATA_DIR)\n");
        skip();
    }
    enum { MAX = 300 };
    struct grid *g = calloc(MAX, sizeof *g);
    struct human_path *path = malloc(sizeof *path);
    struct tech_memo *memo = malloc(sizeof *memo);
    assert_true(g && path && memo);
    int n = test_data_read(f, g, MAX, 131);
    fclose(f);
    assert_true(n > 0);
    long searches = 0, found = 0;
    for (int i = 0; i < n; i++) {
        struct human_state st;
        assert_int_equal(human_init(&st, &g[i]), 0);
        human_solve_path(&st, path);
        assert_int_equal(human_init(&st, &g[i]), 0);
        tech_memo_init(memo);
        for (int s = 0; s < path->len; s++) {
            for (int k = 0; k < 2; k++) {
                tech_find_fn *find = k ? tech_find_aligned_triplet_exclusion
                                       : tech_find_aligned_pair_exclusion;
                struct tech_ctx with_memo, plain;
                struct human_step a, b;
                a.flags = b.flags = 0;
                tech_ctx_init(&with_memo, &st);
                with_memo.memo = memo;
                tech_ctx_init(&plain, &st);
                int ra = find(&with_memo, &a), rb = find(&plain, &b);
                searches++;
                found += rb;
                if (ra != rb || (ra && elims_key(&a) != elims_key(&b)))
                    fail_msg("puzzle %d, step %d, %s: with the memo %d, without %d", i,
                             s, k ? "triplet" : "pair", ra, rb);
            }
            human_apply(&st, &path->step[s]);
            tech_memo_step(memo);
        }
    }
    fprintf(stderr, "aligned memo: %ld searches, %ld found a step\n", searches, found);
    assert_true(found > 0);
    free(memo);
    free(path);
    free(g);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_hand_made),
        cmocka_unit_test(test_solve_paths),
        cmocka_unit_test(test_memo_along_paths),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
