/*
 * webhook_sign: Standard Webhooks v1 symmetric signatures and event ids.
 *
 * The signature is HMAC-SHA256 over the exact bytes "id.timestamp.body",
 * keyed with the base64-decoded part of a "whsec_..." secret, sent as
 * "v1,<base64>" in the webhook-signature header.  Receivers verify it with
 * any Standard Webhooks library.
 */
#ifndef SUDOKUD_WEBHOOK_SIGN_H
#define SUDOKUD_WEBHOOK_SIGN_H

#include <stddef.h>
#include <stdint.h>

#define WEBHOOK_SIGNATURE_MAX 64 /* "v1," + 44 base64 characters + NUL fits */
#define WEBHOOK_ID_LEN 36        /* "msg_" + 32 hex digits */

enum webhook_sign_status {
    WEBHOOK_SIGN_OK = 0,
    WEBHOOK_SIGN_ERR_SECRET = -1, /* not "whsec_" + base64 */
    WEBHOOK_SIGN_ERR_ID = -2,     /* empty id, or one holding '.' */
    WEBHOOK_SIGN_ERR_CRYPTO = -3, /* libcrypto failed (the message says how) */
};

/* Writes "v1,<base64 HMAC>" for (msg_id, timestamp, body) into out
 * (WEBHOOK_SIGNATURE_MAX bytes).  Returns WEBHOOK_SIGN_OK or a negative
 * webhook_sign_status with a message in err. */
int webhook_sign(const char *secret, const char *msg_id, int64_t timestamp,
                 const void *body, size_t body_len, char out[WEBHOOK_SIGNATURE_MAX],
                 char *err, size_t errlen);

/* Fills buf with len bytes from the kernel's CSPRNG; 0, or -1 with errno. */
int webhook_random(void *buf, size_t len);

/* Writes a fresh random webhook-id ("msg_" + 128 random bits in hex). */
int webhook_new_id(char out[WEBHOOK_ID_LEN + 1], char *err, size_t errlen);

/*
 * Writes the webhook-id of the event_type event about date for endpoint:
 * "msg_" + the first 128 bits, in hex, of HMAC-SHA256 keyed with key (the
 * generator secret) over "sudokud-webhook-id/v1", endpoint, date and
 * event_type, each followed by a NUL byte.  Two daemons with the same
 * secret give the same event the same id, so a receiver that deduplicates
 * on webhook-id processes it once whichever daemon delivers it.  Returns
 * WEBHOOK_SIGN_OK, or a negative webhook_sign_status with err set.
 */
int webhook_derived_id(const char *key, size_t key_len, const char *endpoint,
                       const char *date, const char *event_type,
                       char out[WEBHOOK_ID_LEN + 1], char *err, size_t errlen);

#endif
