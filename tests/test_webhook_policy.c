/* Unit tests of daemon/webhook_policy: the retry schedule (exact values,
 * jitter bounds, span of over 24 hours, Retry-After) and the URL rules. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <string.h>

#include "webhook_policy.h"

static void test_schedule_exact(void **state)
{
    static const int64_t want[] = {5,     20,    80,    320,   1280, 5120,
                                   20480, 28800, 28800, 28800, 28800};

    (void)state;
    for (int a = 1; a < WEBHOOK_ATTEMPTS_MAX; a++)
        assert_int_equal(webhook_retry_delay(a, 5, 0, 0), want[a - 1]);
    assert_int_equal(webhook_retry_delay(WEBHOOK_ATTEMPTS_MAX, 5, 0, 0), -1);
    assert_int_equal(webhook_retry_delay(WEBHOOK_ATTEMPTS_MAX + 1, 5, 0, 0), -1);
    assert_int_equal(webhook_retry_delay(0, 5, 0, 0), -1);
    assert_int_equal(webhook_retry_delay(1, 1, 0, 0), 1);
    assert_int_equal(webhook_retry_delay(2, 1, 0, 0), 4);
}

/* Jitter only lengthens a delay, by less than a quarter. */
static void test_jitter_bounds(void **state)
{
    static const uint32_t randoms[] = {0, 1, 0x40000000u, 0x80000000u, 0xffffffffu};

    (void)state;
    for (int a = 1; a < WEBHOOK_ATTEMPTS_MAX; a++) {
        int64_t base = webhook_retry_delay(a, 5, 0, 0);

        for (size_t i = 0; i < sizeof randoms / sizeof randoms[0]; i++) {
            int64_t d = webhook_retry_delay(a, 5, randoms[i], 0);

            assert_true(d >= base && d < base + base / 4 + 1);
        }
    }
    assert_int_equal(webhook_retry_delay(8, 5, 0xffffffffu, 0), 28800 + 7199);
    assert_int_equal(webhook_retry_delay(8, 5, 0x80000000u, 0), 28800 + 3600);
}

static void test_span_over_a_day(void **state)
{
    static const int bases[] = {1, 2, 5, 60, WEBHOOK_RETRY_BASE_MAX};

    (void)state;
    for (size_t i = 0; i < sizeof bases / sizeof bases[0]; i++) {
        int64_t total = 0;

        for (int a = 1; a < WEBHOOK_ATTEMPTS_MAX; a++)
            total += webhook_retry_delay(a, bases[i], 0, 0);
        assert_true(total >= 24 * 3600);
        assert_true(total <= 4 * 24 * 3600);
    }
}

static void test_retry_after(void **state)
{
    (void)state;
    assert_int_equal(webhook_retry_delay(1, 5, 0, 120), 120);
    assert_int_equal(webhook_retry_delay(1, 5, 0, 2), 5); /* never sooner */
    assert_int_equal(webhook_retry_delay(7, 5, 0, 60), 20480);
    assert_int_equal(webhook_retry_delay(1, 5, 0, 1000000000),
                     WEBHOOK_RETRY_AFTER_MAX_S);
    assert_int_equal(webhook_retry_delay(1, 5, 0, -5), 5);
    assert_int_equal(webhook_retry_delay(WEBHOOK_ATTEMPTS_MAX, 5, 0, 120), -1);
}

/* A retry is never due before its delay has passed, and at most a second
 * after: the outbox keeps whole seconds. */
static void test_due_at_rounds_up(void **state)
{
    (void)state;
    assert_int_equal(webhook_due_at(12000, 1), 13);
    assert_int_equal(webhook_due_at(12001, 1), 14);
    assert_int_equal(webhook_due_at(12950, 1), 14);
    assert_int_equal(webhook_due_at(12999, 0), 13);
    assert_int_equal(webhook_due_at(12000, 0), 12);
    for (int64_t ms = 1700000000000; ms < 1700000002000; ms += 7) {
        int64_t due = webhook_due_at(ms, 5);

        assert_true(due * 1000 >= ms + 5000);
        assert_true(due * 1000 < ms + 6000);
    }
}

static void test_loopback_hosts(void **state)
{
    (void)state;
    assert_true(webhook_host_is_loopback("localhost"));
    assert_true(webhook_host_is_loopback("LocalHost"));
    assert_true(webhook_host_is_loopback("127.0.0.1"));
    assert_true(webhook_host_is_loopback("127.255.0.9"));
    assert_true(webhook_host_is_loopback("[::1]"));
    assert_false(webhook_host_is_loopback("128.0.0.1"));
    assert_false(webhook_host_is_loopback("10.0.0.1"));
    assert_false(webhook_host_is_loopback("::1")); /* URLs bracket IPv6 */
    assert_false(webhook_host_is_loopback("[::2]"));
    assert_false(webhook_host_is_loopback("localhost.example.org"));
    assert_false(webhook_host_is_loopback("127.0.0.1.nip.io"));
    assert_false(webhook_host_is_loopback(""));
}

static void expect_url(const char *url, int ok, int plain, const char *message)
{
    char err[512] = "";
    int got_plain = -1;

    assert_int_equal(webhook_url_check(url, &got_plain, err, sizeof err),
                     ok ? 0 : -1);
    if (ok)
        assert_int_equal(got_plain, plain);
    else if (strstr(err, message) == NULL)
        fail_msg("%s: expected '%s' in '%s'", url, message, err);
}

static void test_url_rules(void **state)
{
    (void)state;
    expect_url("https://example.org/hook?a=1", 1, 0, NULL);
    expect_url("HTTPS://example.org/", 1, 0, NULL);
    expect_url("http://localhost:8080/h", 1, 1, NULL);
    expect_url("http://127.0.0.1/", 1, 1, NULL);
    expect_url("http://[::1]:9/", 1, 1, NULL);
    expect_url("http://example.org/", 0, 0, "got http://example.org");
    expect_url("http://10.1.2.3/", 0, 0, "must use https://");
    expect_url("http://localhost.example.org/", 0, 0, "must use https://");
    expect_url("ftp://localhost/", 0, 0, "got ftp://localhost");
    expect_url("https://user:pw@example.org/", 0, 0, "credentials in the URL");
    expect_url("example.org/hook", 0, 0, "expected an absolute URL");
    expect_url("", 0, 0, "expected an absolute URL");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_schedule_exact),
        cmocka_unit_test(test_jitter_bounds),
        cmocka_unit_test(test_span_over_a_day),
        cmocka_unit_test(test_retry_after),
        cmocka_unit_test(test_due_at_rounds_up),
        cmocka_unit_test(test_loopback_hosts),
        cmocka_unit_test(test_url_rules),
    };

    return cmocka_run_group_tests(tests, NULL, NULL);
}
