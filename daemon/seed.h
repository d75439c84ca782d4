/*
 * seed: the generator seed of a day's puzzle, derived from the config's
 * secret with a keyed hash, so each day's puzzles are fixed by (secret,
 * date, tier) and can be regenerated for an audit, while nobody without
 * the secret can predict tomorrow's.
 */
#ifndef SUDOKUD_SEED_H
#define SUDOKUD_SEED_H

#include <stddef.h>
#include <stdint.h>

/*
 * seed = the first 8 bytes (big-endian) of HMAC-SHA256(secret,
 * "sudokud-generator/v<VERSION>/<date>/<tier>/<retry>").  The generator
 * version is part of the message: a new algorithm never reuses an old
 * seed's meaning.  retry is 0 unless the puzzle had to be made again (its
 * givens were already used on another day).  Returns 0, or -1 when
 * libcrypto fails.
 */
int seed_derive(const char *secret, size_t secret_len, int version,
                const char *date, const char *tier, int retry, uint64_t *out);

#endif
