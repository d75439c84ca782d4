/*
 * bits: the named bit tricks the solvers and the grader share - how many
 * bits are set, the lowest (or highest) one, walking the set bits, and
 * lanes: several small masks held in one 64-bit word and tested at once.
 * Header-only, no state.  Each trick that is more than its name (the
 * count table, the lane tests) is here because bench_grade showed it
 * pays; tests/test_bits.c checks every one against the plain loop.
 */
#ifndef SUDOKU_BITS_H
#define SUDOKU_BITS_H

#include <stdint.h>
#include <string.h>

/* Lanes read arrays as little-endian words: element i is lane i. */
_Static_assert(__BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__,
               "core reads arrays as little-endian words");

/* ---- one mask ---------------------------------------------------------- */

/* Bits set in each 9-bit mask (a candidate or position mask). */
extern const uint8_t bits_count_table[512];

/* Bits set in a mask of up to 16 bits: a table load for the 9-bit masks
 * the inner loops count, SWAR past 9 bits (no libgcc call without
 * -mpopcnt). */
static inline int bits_count(unsigned mask)
{
    if (mask < 512)
        return bits_count_table[mask];
    unsigned x = mask - ((mask >> 1) & 0x5555u);
    x = (x & 0x3333u) + ((x >> 2) & 0x3333u);
    x = (x + (x >> 4)) & 0x0F0Fu;
    return (int)((x + (x >> 8)) & 0x1Fu);
}

/* The lowest set bit's index; mask not 0. */
static inline int bits_lowest(unsigned mask)
{
    return __builtin_ctz(mask);
}
static inline int bits_lowest64(uint64_t mask)
{
    return __builtin_ctzll(mask);
}

/* The highest set bit's index; mask not 0. */
static inline int bits_highest(unsigned mask)
{
    return 31 - __builtin_clz(mask);
}

/* The lowest set bit's index of a 128-bit mask; mask not 0. */
__extension__ typedef unsigned __int128 bits128;
static inline int bits_lowest128(bits128 mask)
{
    uint64_t lo = (uint64_t)mask;
    return lo ? __builtin_ctzll(lo) : 64 + __builtin_ctzll((uint64_t)(mask >> 64));
}

/* Walking the set bits, lowest first:
 *     for (unsigned m = mask; m; m = bits_next(m)) ... bits_lowest(m) ...
 * bits_next drops the lowest set bit. */
static inline unsigned bits_next(unsigned mask)
{
    return mask & (mask - 1);
}
static inline uint64_t bits_next64(uint64_t mask)
{
    return mask & (mask - 1);
}

/* ---- lanes --------------------------------------------------------------- */

/* Each 16-bit lane's lowest and highest bit; each byte's. */
#define BITS_LANES16_01 0x0001000100010001ull
#define BITS_LANES16_HI 0x8000800080008000ull
#define BITS_BYTES_01 0x0101010101010101ull
#define BITS_BYTES_HI 0x8080808080808080ull

/* The four 16-bit masks p[0..3] as one word, p[i] in lane i. */
static inline uint64_t bits_load16x4(const uint16_t *p)
{
    uint64_t x;
    memcpy(&x, p, sizeof x);
    return x;
}

/* The eight bytes p[0..7] as one word, p[i] in byte i. */
static inline uint64_t bits_load8x8(const uint8_t *p)
{
    uint64_t x;
    memcpy(&x, p, sizeof x);
    return x;
}

/* The 16-bit lanes of x that are not 0, as bits 0-3 (lane i at bit i): a
 * lane's top bit, or its other bits plus all ones below the top, set the
 * top bit; the multiply gathers the four top bits into the top nibble. */
static inline unsigned bits_lanes16_nonzero(uint64_t x)
{
    uint64_t t = ((((x & ~BITS_LANES16_HI) + ~BITS_LANES16_HI) | x) &
                  BITS_LANES16_HI) >>
                 15;
    return (unsigned)((t * 0x0000200040008001ull) >> 45) & 0xFu;
}

/* The bytes of x that are not 0, as bits 0-7 (byte i at bit i). */
static inline unsigned bits_bytes_nonzero(uint64_t x)
{
    uint64_t t = ((((x & ~BITS_BYTES_HI) + ~BITS_BYTES_HI) | x) & BITS_BYTES_HI) >>
                 7;
    return (unsigned)((t * 0x0102040810204080ull) >> 56) & 0xFFu;
}

/* The bytes of x equal to 1, as their top bit (0x80); exact: a byte is 0
 * after x ^ 1 only there, and a byte is 0 only when neither its top bit
 * nor its low seven bits (plus 0x7F) carry into bit 7. */
static inline uint64_t bits_bytes_one(uint64_t x)
{
    uint64_t low7 = BITS_BYTES_01 * 0x7F;
    x ^= BITS_BYTES_01;
    return ~(((x & low7) + low7) | x | low7);
}

/* The 16-bit lanes of x holding exactly one set bit, as their top bit;
 * exact for lanes below bit 15: t's lane is m - 1 plus the top bit when
 * m is not 0, and t & m is m & (m - 1). */
static inline uint64_t bits_lanes16_single(uint64_t x)
{
    uint64_t t = (x | BITS_LANES16_HI) - BITS_LANES16_01;
    uint64_t y = ((t & x) | BITS_LANES16_HI) - BITS_LANES16_01;
    return t & ~y & BITS_LANES16_HI;
}

#endif
