/*
 * rng: a small seedable pseudo-random generator, xoshiro256** seeded by
 * splitmix64 (both public-domain designs by Blackman and Vigna).  The
 * state is the caller's: nothing global, so a seed fixes every draw.
 * Not for secrets: the daemon derives seeds with a keyed hash instead.
 */
#ifndef SUDOKU_RNG_H
#define SUDOKU_RNG_H

#include <stdint.h>

struct rng {
    uint64_t s[4];
};

/* Seeds the generator; any 64-bit value, 0 included, gives a good state. */
void rng_seed(struct rng *r, uint64_t seed);

/* The next 64 random bits. */
uint64_t rng_next(struct rng *r);

/* A uniform integer in [0, n), n >= 1, without modulo bias. */
uint32_t rng_below(struct rng *r, uint32_t n);

/* Shuffles n bytes in place (Fisher-Yates). */
void rng_shuffle_bytes(struct rng *r, uint8_t *v, int n);

#endif
