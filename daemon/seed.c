/*
 * seed: owns the keyed derivation of generator seeds (HMAC-SHA256 from
 * OpenSSL's libcrypto: a well-reviewed keyed hash, not one of our own).
 */
#include "seed.h"

#include <stdio.h>

#include <openssl/evp.h>
#include <openssl/hmac.h>

int seed_derive(const char *secret, size_t secret_len, int version,
                const char *date, const char *tier, int retry, uint64_t *out)
{
    char msg[128];
    unsigned char mac[EVP_MAX_MD_SIZE];
    unsigned int mac_len = 0;
    int n = snprintf(msg, sizeof msg, "sudokud-generator/v%d/%s/%s/%d", version,
                     date, tier, retry);
    if (n < 0 || (size_t)n >= sizeof msg || secret_len > 0x7fffffff)
        return -1;
    if (!HMAC(EVP_sha256(), secret, (int)secret_len, (const unsigned char *)msg,
              (size_t)n, mac, &mac_len) ||
        mac_len < 8)
        return -1;
    uint64_t v = 0;
    for (int i = 0; i < 8; i++)
        v = v << 8 | mac[i];
    *out = v;
    return 0;
}
