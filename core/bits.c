/*
 * bits: the count table of bits.h (the one trick that needs data).
 */
#include "bits.h"

/* Each entry: the count of the entry's index.  COUNTk(n) lists the 2^k
 * counts of the k-bit masks, each plus n. */
#define COUNT2(n) n, n + 1, n + 1, n + 2
#define COUNT4(n) COUNT2(n), COUNT2(n + 1), COUNT2(n + 1), COUNT2(n + 2)
#define COUNT6(n) COUNT4(n), COUNT4(n + 1), COUNT4(n + 1), COUNT4(n + 2)
#define COUNT8(n) COUNT6(n), COUNT6(n + 1), COUNT6(n + 1), COUNT6(n + 2)
const uint8_t bits_count_table[512] = {COUNT8(0), COUNT8(1)};
