/*
 * bits.h: every helper against the plain loop it stands for - exhaustive
 * over the 16-bit masks, and over pseudo-random words (a fixed xorshift
 * sequence) mixed with lanes forced to 0, 1, a single bit and all ones,
 * the cases the lane tricks' carries are about.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "bits.h"

static int naive_count(uint64_t x)
{
    int n = 0;
    for (; x; x >>= 1)
        n += (int)(x & 1);
    return n;
}

static int naive_lowest(uint64_t x)
{
    int i = 0;
    while (!((x >> i) & 1))
        i++;
    return i;
}

static uint64_t next_random(uint64_t *s)
{
    *s ^= *s << 13;
    *s ^= *s >> 7;
    *s ^= *s << 17;
    return *s;
}

/* A test word: random, with each lane (16-bit or byte, per wide) made 0,
 * 1, a single bit, all ones or left random by further random bits. */
static uint64_t test_word(uint64_t *s, int wide)
{
    uint64_t x = next_random(s), pick = next_random(s);
    int lanes = wide ? 4 : 8, bits = wide ? 16 : 8;
    uint64_t full = wide ? 0xFFFFu : 0xFFu;
    for (int i = 0; i < lanes; i++, pick >>= 3) {
        uint64_t lane;
        switch (pick & 7) {
        case 0:
            lane = 0;
            break;
        case 1:
            lane = 1;
            break;
        case 2:
            lane = (uint64_t)1 << (next_random(s) % (uint64_t)bits);
            break;
        case 3:
            lane = full;
            break;
        default:
            continue;
        }
        x = (x & ~(full << (bits * i))) | lane << (bits * i);
    }
    return x;
}

static void test_count(void **unused)
{
    (void)unused;
    for (unsigned m = 0; m < 512; m++)
        assert_int_equal(bits_count_table[m], naive_count(m));
    for (unsigned m = 0; m < 65536; m++)
        assert_int_equal(bits_count(m), naive_count(m));
}

static void test_lowest_highest_next(void **unused)
{
    (void)unused;
    uint64_t s = 0x9E3779B97F4A7C15ull;
    for (unsigned m = 1; m < 65536; m++) {
        assert_int_equal(bits_lowest(m), naive_lowest(m));
        int hi = 31;
        while (!((m >> hi) & 1))
            hi--;
        assert_int_equal(bits_highest(m), hi);
        assert_int_equal(bits_next(m), m & ~(1u << naive_lowest(m)));
    }
    for (int i = 0; i < 100000; i++) {
        uint64_t x = next_random(&s) >> (i % 64);
        if (!x)
            continue;
        assert_int_equal(bits_lowest64(x), naive_lowest(x));
        assert_true(bits_next64(x) == (x & ~((uint64_t)1 << naive_lowest(x))));
        bits128 w = (bits128)x << (i % 80);
        int want = naive_lowest(x) + i % 80;
        if (want < 128)
            assert_int_equal(bits_lowest128(w), want);
    }
    /* walking the bits visits each once, lowest first */
    unsigned seen = 0;
    int last = -1;
    for (unsigned m = 0x1A5u; m; m = bits_next(m)) {
        assert_true(bits_lowest(m) > last);
        last = bits_lowest(m);
        seen |= 1u << last;
    }
    assert_int_equal(seen, 0x1A5u);
}

static void test_loads(void **unused)
{
    (void)unused;
    const uint16_t w[4] = {0x0102, 0x0304, 0x0506, 0x0708};
    const uint8_t b[8] = {1, 2, 3, 4, 5, 6, 7, 8};
    assert_true(bits_load16x4(w) == 0x0708050603040102ull);
    assert_true(bits_load8x8(b) == 0x0807060504030201ull);
}

static void test_lanes(void **unused)
{
    (void)unused;
    uint64_t s = 0x2545F4914F6CDD1Dull;
    for (int i = 0; i < 200000; i++) {
        uint64_t x = test_word(&s, 1), y = test_word(&s, 0);
        uint64_t x15 = x & ~BITS_LANES16_HI; /* lanes below bit 15 */
        unsigned nz16 = 0, nz8 = 0;
        uint64_t single = 0, one = 0;
        for (int k = 0; k < 4; k++) {
            uint64_t lane = (x >> (16 * k)) & 0xFFFFu;
            nz16 |= lane ? 1u << k : 0;
            if (naive_count((x15 >> (16 * k)) & 0xFFFFu) == 1)
                single |= (uint64_t)0x8000u << (16 * k);
        }
        for (int k = 0; k < 8; k++) {
            uint64_t lane = (y >> (8 * k)) & 0xFFu;
            nz8 |= lane ? 1u << k : 0;
            one |= lane == 1 ? (uint64_t)0x80u << (8 * k) : 0;
        }
        assert_int_equal(bits_lanes16_nonzero(x), nz16);
        assert_int_equal(bits_bytes_nonzero(y), nz8);
        assert_true(bits_bytes_one(y) == one);
        assert_true(bits_lanes16_single(x15) == single);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_count),
        cmocka_unit_test(test_lowest_highest_next),
        cmocka_unit_test(test_loads),
        cmocka_unit_test(test_lanes),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
