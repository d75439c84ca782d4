/*
 * webhook_sign: owns the Standard Webhooks signing scheme (key decoding,
 * the signed byte string, the "v1," serialization) on OpenSSL's libcrypto,
 * and webhook-ids: random from the kernel's source, or derived with HMAC.
 */
#include "webhook_sign.h"

#include <errno.h>
#include <openssl/core_names.h>
#include <openssl/err.h>
#include <openssl/evp.h>
#include <openssl/hmac.h>
#include <openssl/params.h>
#include <stdio.h>
#include <sys/random.h>
#include <string.h>

#define WHSEC_PREFIX "whsec_"
#define KEY_MAX 96  /* decoded bytes; config allows up to 64 */
#define B64_MAX 128 /* base64 characters of a key, padding included */

static int crypto_fail(char *err, size_t errlen, const char *doing)
{
    unsigned long e = ERR_get_error();
    char detail[256] = "unknown error";

    if (e != 0)
        ERR_error_string_n(e, detail, sizeof detail);
    ERR_clear_error();
    snprintf(err, errlen, "webhook signing: %s failed: %s", doing, detail);
    return WEBHOOK_SIGN_ERR_CRYPTO;
}

/* Decodes the base64 after "whsec_", padded or not.  EVP_DecodeBlock wants
 * whole quanta and counts padding as zero bytes, so pad first, then drop
 * what the padding produced. */
static int decode_key(const char *secret, unsigned char *key, size_t *keylen)
{
    char b64[B64_MAX + 1];
    size_t n, pad = 0;
    int len;

    if (strncmp(secret, WHSEC_PREFIX, strlen(WHSEC_PREFIX)) != 0)
        return -1;
    secret += strlen(WHSEC_PREFIX);
    n = strlen(secret);
    while (n > 0 && secret[n - 1] == '=')
        n--;
    if (n == 0 || n % 4 == 1 || n > B64_MAX - 3 ||
        strspn(secret, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
                       "0123456789+/") != n)
        return -1;
    memcpy(b64, secret, n);
    while ((n + pad) % 4 != 0)
        b64[n + pad++] = '=';
    b64[n + pad] = '\0';
    len = EVP_DecodeBlock(key, (const unsigned char *)b64, (int)(n + pad));
    if (len < 0 || (size_t)len < pad)
        return -1;
    *keylen = (size_t)len - pad;
    return 0;
}

static int hmac_sha256(const unsigned char *key, size_t keylen, const char *id,
                       const char *ts, const void *body, size_t body_len,
                       unsigned char *mac, size_t *maclen, char *err, size_t errlen)
{
    char digest[] = "SHA256";
    OSSL_PARAM params[] = {
        OSSL_PARAM_construct_utf8_string(OSSL_MAC_PARAM_DIGEST, digest, 0),
        OSSL_PARAM_construct_end(),
    };
    EVP_MAC *alg = EVP_MAC_fetch(NULL, "HMAC", NULL);
    EVP_MAC_CTX *ctx = alg != NULL ? EVP_MAC_CTX_new(alg) : NULL;
    int ok = ctx != NULL && EVP_MAC_init(ctx, key, keylen, params) == 1 &&
             EVP_MAC_update(ctx, (const unsigned char *)id, strlen(id)) == 1 &&
             EVP_MAC_update(ctx, (const unsigned char *)".", 1) == 1 &&
             EVP_MAC_update(ctx, (const unsigned char *)ts, strlen(ts)) == 1 &&
             EVP_MAC_update(ctx, (const unsigned char *)".", 1) == 1 &&
             EVP_MAC_update(ctx, body, body_len) == 1 &&
             EVP_MAC_final(ctx, mac, maclen, EVP_MAX_MD_SIZE) == 1;

    EVP_MAC_CTX_free(ctx);
    EVP_MAC_free(alg);
    return ok ? WEBHOOK_SIGN_OK : crypto_fail(err, errlen, "HMAC-SHA256");
}

int webhook_sign(const char *secret, const char *msg_id, int64_t timestamp,
                 const void *body, size_t body_len, char out[WEBHOOK_SIGNATURE_MAX],
                 char *err, size_t errlen)
{
    unsigned char key[KEY_MAX], mac[EVP_MAX_MD_SIZE];
    size_t keylen = 0, maclen = 0;
    char ts[24];
    int rc;

    if (decode_key(secret, key, &keylen) != 0) {
        snprintf(err, errlen,
                 "webhook signing: the secret is not whsec_ followed by base64");
        return WEBHOOK_SIGN_ERR_SECRET;
    }
    if (msg_id[0] == '\0' || strchr(msg_id, '.') != NULL) {
        snprintf(err, errlen,
                 "webhook signing: bad webhook-id '%s' (empty or has '.')", msg_id);
        return WEBHOOK_SIGN_ERR_ID;
    }
    snprintf(ts, sizeof ts, "%lld", (long long)timestamp);
    rc = hmac_sha256(key, keylen, msg_id, ts, body, body_len, mac, &maclen, err,
                     errlen);
    OPENSSL_cleanse(key, sizeof key);
    if (rc != WEBHOOK_SIGN_OK)
        return rc;
    memcpy(out, "v1,", 3);
    EVP_EncodeBlock((unsigned char *)out + 3, mac, (int)maclen);
    return WEBHOOK_SIGN_OK;
}

/* getrandom(2) rather than RAND_bytes: the kernel's CSPRNG is what
 * OpenSSL seeds from anyway, and its DRBGs would cost the idle daemon
 * about 0.25 MB more. */
int webhook_random(void *buf, size_t len)
{
    size_t got = 0;
    ssize_t n;

    while (got < len) {
        if ((n = getrandom((char *)buf + got, len - got, 0)) < 0 && errno != EINTR)
            return -1;
        got += n > 0 ? (size_t)n : 0;
    }
    return 0;
}

/* "msg_" + the 16 bytes in hex. */
static void format_id(const unsigned char r[16], char out[WEBHOOK_ID_LEN + 1])
{
    memcpy(out, "msg_", 4);
    for (size_t i = 0; i < 16; i++)
        snprintf(out + 4 + 2 * i, 3, "%02x", r[i]);
}

int webhook_new_id(char out[WEBHOOK_ID_LEN + 1], char *err, size_t errlen)
{
    unsigned char r[16];

    if (webhook_random(r, sizeof r) != 0) {
        snprintf(err, errlen, "random webhook-id: getrandom failed: %s",
                 strerror(errno));
        return WEBHOOK_SIGN_ERR_CRYPTO;
    }
    format_id(r, out);
    return WEBHOOK_SIGN_OK;
}

/* Appends part and a NUL separator (so "a" + "bc" and "ab" + "c" differ). */
static int append_part(unsigned char *msg, size_t cap, size_t *len, const char *part)
{
    size_t n = strlen(part) + 1;

    if (n > cap - *len)
        return -1;
    memcpy(msg + *len, part, n);
    *len += n;
    return 0;
}

int webhook_derived_id(const char *key, size_t key_len, const char *endpoint,
                       const char *date, const char *event_type,
                       char out[WEBHOOK_ID_LEN + 1], char *err, size_t errlen)
{
    unsigned char msg[512], mac[EVP_MAX_MD_SIZE];
    unsigned int mac_len = 0;
    size_t len = 0;

    if (append_part(msg, sizeof msg, &len, "sudokud-webhook-id/v1") != 0 ||
        append_part(msg, sizeof msg, &len, endpoint) != 0 ||
        append_part(msg, sizeof msg, &len, date) != 0 ||
        append_part(msg, sizeof msg, &len, event_type) != 0 || key_len > 0x7fffffff) {
        snprintf(err, errlen, "webhook-id of %s for %s: endpoint name too long", date,
                 endpoint);
        return WEBHOOK_SIGN_ERR_ID;
    }
    if (HMAC(EVP_sha256(), key, (int)key_len, msg, len, mac, &mac_len) == NULL ||
        mac_len < 16)
        return crypto_fail(err, errlen, "HMAC-SHA256 of a webhook-id");
    format_id(mac, out);
    return WEBHOOK_SIGN_OK;
}
