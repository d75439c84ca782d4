/* Unit tests of daemon/webhook_sign: the Standard Webhooks known-answer
 * vector, key decoding with and without padding, refusals, fresh ids. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <string.h>

#include "webhook_sign.h"

/* From the Standard Webhooks reference tests (conventions notes, 3.1). */
#define VEC_SECRET "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw"
#define VEC_ID "msg_p5jXN8AQM9LWM0D4loKWxJek"
#define VEC_TS 1614265330
#define VEC_BODY "{\"test\": 2432232314}"
#define VEC_SIG "v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE="

static void test_known_answer(void **state)
{
    char sig[WEBHOOK_SIGNATURE_MAX], err[256];

    (void)state;
    assert_int_equal(webhook_sign(VEC_SECRET, VEC_ID, VEC_TS, VEC_BODY,
                                  strlen(VEC_BODY), sig, err, sizeof err),
                     WEBHOOK_SIGN_OK);
    assert_string_equal(sig, VEC_SIG);
}

static void test_every_input_matters(void **state)
{
    char sig[WEBHOOK_SIGNATURE_MAX], err[256];

    (void)state;
    webhook_sign(VEC_SECRET, VEC_ID, VEC_TS + 1, VEC_BODY, strlen(VEC_BODY), sig,
                 err, sizeof err);
    assert_string_not_equal(sig, VEC_SIG);
    webhook_sign(VEC_SECRET, "msg_p5jXN8AQM9LWM0D4loKWxJeK", VEC_TS, VEC_BODY,
                 strlen(VEC_BODY), sig, err, sizeof err);
    assert_string_not_equal(sig, VEC_SIG);
    webhook_sign(VEC_SECRET, VEC_ID, VEC_TS, VEC_BODY, strlen(VEC_BODY) - 1, sig,
                 err, sizeof err);
    assert_string_not_equal(sig, VEC_SIG);
    webhook_sign("whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSx", VEC_ID, VEC_TS, VEC_BODY,
                 strlen(VEC_BODY), sig, err, sizeof err);
    assert_string_not_equal(sig, VEC_SIG);
}

/* A body with NUL bytes is signed in full, not up to the first NUL. */
static void test_binary_body(void **state)
{
    char a[WEBHOOK_SIGNATURE_MAX], b[WEBHOOK_SIGNATURE_MAX], err[256];

    (void)state;
    assert_int_equal(
        webhook_sign(VEC_SECRET, "msg_1", 1, "x\0y", 3, a, err, sizeof err), 0);
    assert_int_equal(
        webhook_sign(VEC_SECRET, "msg_1", 1, "x\0z", 3, b, err, sizeof err), 0);
    assert_string_not_equal(a, b);
}

/* 25 bytes of key: base64 with "==" padding, which may also be left off. */
static void test_padding_optional(void **state)
{
    char a[WEBHOOK_SIGNATURE_MAX], b[WEBHOOK_SIGNATURE_MAX], err[256];
    const char *padded = "whsec_AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGA==";
    const char *bare = "whsec_AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGA";

    (void)state;
    assert_int_equal(webhook_sign(padded, "msg_1", 5, "{}", 2, a, err, sizeof err),
                     0);
    assert_int_equal(webhook_sign(bare, "msg_1", 5, "{}", 2, b, err, sizeof err),
                     0);
    assert_string_equal(a, b);
}

static void test_refusals(void **state)
{
    char sig[WEBHOOK_SIGNATURE_MAX], err[256];

    (void)state;
    assert_int_equal(webhook_sign("MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw", "msg_1", 1,
                                  "", 0, sig, err, sizeof err),
                     WEBHOOK_SIGN_ERR_SECRET);
    assert_non_null(strstr(err, "whsec_"));
    assert_int_equal(
        webhook_sign("whsec_not base64!", "msg_1", 1, "", 0, sig, err, sizeof err),
        WEBHOOK_SIGN_ERR_SECRET);
    assert_int_equal(
        webhook_sign("whsec_", "msg_1", 1, "", 0, sig, err, sizeof err),
        WEBHOOK_SIGN_ERR_SECRET);
    assert_int_equal(
        webhook_sign(VEC_SECRET, "msg.1", 1, "", 0, sig, err, sizeof err),
        WEBHOOK_SIGN_ERR_ID);
    assert_non_null(strstr(err, "msg.1"));
    assert_int_equal(webhook_sign(VEC_SECRET, "", 1, "", 0, sig, err, sizeof err),
                     WEBHOOK_SIGN_ERR_ID);
}

static void test_new_id(void **state)
{
    char a[WEBHOOK_ID_LEN + 1], b[WEBHOOK_ID_LEN + 1], err[256];

    (void)state;
    assert_int_equal(webhook_new_id(a, err, sizeof err), 0);
    assert_int_equal(webhook_new_id(b, err, sizeof err), 0);
    assert_int_equal(strlen(a), WEBHOOK_ID_LEN);
    assert_memory_equal(a, "msg_", 4);
    assert_int_equal(strspn(a + 4, "0123456789abcdef"), WEBHOOK_ID_LEN - 4);
    assert_string_not_equal(a, b);
}

/* The id two daemons with one secret agree on, checked against Python's
 * hmac: hmac.new(b"integration-test-secret", b"sudokud-webhook-id/v1\0site\0"
 * b"2026-11-25\0puzzles.published\0", "sha256").hexdigest()[:32]. */
static void test_derived_id(void **state)
{
    static const char key[] = "integration-test-secret";
    static const char *const inputs[][3] = {
        {"site", "2026-11-25", "puzzles.published"},
        {"sitf", "2026-11-25", "puzzles.published"},
        {"site", "2026-11-26", "puzzles.published"},
        {"site", "2026-11-25", "webhook.test"},
        {"site2026-11-25", "", "puzzles.published"},
    };
    char a[WEBHOOK_ID_LEN + 1], b[WEBHOOK_ID_LEN + 1], err[256];

    (void)state;
    assert_int_equal(webhook_derived_id(key, strlen(key), "site", "2026-11-25",
                                        "puzzles.published", a, err, sizeof err),
                     0);
    assert_string_equal(a, "msg_31103d6f849c6aa703f758be2480b995");
    assert_int_equal(webhook_derived_id(key, strlen(key) - 1, "site", "2026-11-25",
                                        "puzzles.published", b, err, sizeof err),
                     0);
    assert_string_not_equal(a, b); /* the key matters */
    for (size_t i = 1; i < sizeof inputs / sizeof inputs[0]; i++) {
        assert_int_equal(webhook_derived_id(key, strlen(key), inputs[i][0],
                                            inputs[i][1], inputs[i][2], b, err,
                                            sizeof err),
                         0);
        assert_string_not_equal(a, b);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_known_answer),
        cmocka_unit_test(test_every_input_matters),
        cmocka_unit_test(test_binary_body),
        cmocka_unit_test(test_padding_optional),
        cmocka_unit_test(test_refusals),
        cmocka_unit_test(test_new_id),
        cmocka_unit_test(test_derived_id),
    };

    return cmocka_run_group_tests(tests, NULL, NULL);
}
