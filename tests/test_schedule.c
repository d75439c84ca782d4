/* Unit tests of daemon/schedule: calendar arithmetic, publish instants
 * across DST changes in real tz database zones, the missing-slot finder. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <string.h>
#include <time.h>

#include "schedule.h"

static struct schedule_date
date(const char *s)
{
    struct schedule_date d;

    assert_int_equal(schedule_date_parse(s, &d), 0);
    return d;
}

static void
assert_date(struct schedule_date d, const char *expected)
{
    char buf[SCHEDULE_DATE_LEN + 1];

    schedule_date_format(d, buf);
    assert_string_equal(buf, expected);
}

/* Instants are written as UTC text so failures read naturally. */
static time_t
utc(const char *iso)
{
    struct tm tm = {0};

    assert_non_null(strptime(iso, "%Y-%m-%d %H:%M:%S", &tm));
    return timegm(&tm);
}

static void
assert_utc(time_t t, const char *expected)
{
    char buf[32];
    struct tm tm;

    gmtime_r(&t, &tm);
    strftime(buf, sizeof buf, "%Y-%m-%d %H:%M:%S", &tm);
    assert_string_equal(buf, expected);
}

static void
test_date_parse_and_format(void **state)
{
    struct schedule_date d;

    (void)state;
    assert_date(date("2026-11-21"), "2026-11-21");
    assert_int_equal(schedule_date_parse("2024-02-29", &d), 0);
    assert_int_equal(schedule_date_parse("2026-02-29", &d), -1);
    assert_int_equal(schedule_date_parse("2100-02-29", &d), -1);
    assert_int_equal(schedule_date_parse("2000-02-29", &d), 0);
    assert_int_equal(schedule_date_parse("2026-13-01", &d), -1);
    assert_int_equal(schedule_date_parse("2026-04-31", &d), -1);
    assert_int_equal(schedule_date_parse("2026-4-01", &d), -1);
    assert_int_equal(schedule_date_parse("2026-04-011", &d), -1);
    assert_int_equal(schedule_date_parse("0000-01-01", &d), -1);
    assert_int_equal(schedule_date_parse("", &d), -1);
}

static void
test_date_arithmetic(void **state)
{
    (void)state;
    assert_int_equal(schedule_days_from_civil(date("1970-01-01")), 0);
    assert_int_equal(schedule_days_from_civil(date("2000-03-01")), 11017);
    assert_date(schedule_date_add(date("2026-12-31"), 1), "2027-01-01");
    assert_date(schedule_date_add(date("2024-02-28"), 1), "2024-02-29");
    assert_date(schedule_date_add(date("2024-02-29"), 1), "2024-03-01");
    assert_date(schedule_date_add(date("2026-02-28"), 1), "2026-03-01");
    assert_date(schedule_date_add(date("2027-01-01"), -1), "2026-12-31");
    assert_date(schedule_date_add(date("2026-11-21"), 366), "2027-11-22");
    assert_true(schedule_date_cmp(date("2026-11-21"), date("2026-11-22")) < 0);
    assert_true(schedule_date_cmp(date("2027-01-01"), date("2026-12-31")) > 0);
    assert_int_equal(schedule_date_cmp(date("2026-11-21"), date("2026-11-21")), 0);
    /* Every day of a 400-year cycle round-trips. */
    for (long n = -1000; n < 146097; n += 7)
        assert_int_equal(schedule_days_from_civil(schedule_civil_from_days(n)), n);
}

static void
test_utc_basics(void **state)
{
    (void)state;
    schedule_set_zone("UTC");
    assert_utc(schedule_local_instant(date("2026-11-21"), 0), "2026-11-21 00:00:00");
    assert_date(schedule_current_date(utc("2026-11-21 00:00:00"), 0), "2026-11-21");
    assert_date(schedule_current_date(utc("2026-11-20 23:59:59"), 0), "2026-11-20");
    /* With a 06:30 publish time the 21st goes live at 06:30. */
    assert_date(schedule_current_date(utc("2026-11-21 06:29:59"), 390), "2026-11-20");
    assert_date(schedule_current_date(utc("2026-11-21 06:30:00"), 390), "2026-11-21");
    assert_utc(schedule_next_publish(utc("2026-11-21 06:30:00"), 390), "2026-11-22 06:30:00");
    assert_utc(schedule_next_publish(utc("2026-11-21 06:29:59"), 390), "2026-11-21 06:30:00");
    /* Year end and leap day. */
    assert_utc(schedule_next_publish(utc("2026-12-31 12:00:00"), 0), "2027-01-01 00:00:00");
    assert_utc(schedule_next_publish(utc("2028-02-28 12:00:00"), 0), "2028-02-29 00:00:00");
    assert_date(schedule_local_date(utc("2028-02-29 23:59:59")), "2028-02-29");
}

static void
test_berlin_spring_gap(void **state)
{
    (void)state;
    schedule_set_zone("Europe/Berlin");
    /* 2026-03-29: 02:00 CET jumps to 03:00 CEST (01:00 UTC). */
    assert_utc(schedule_local_instant(date("2026-03-29"), 2 * 60 + 30), "2026-03-29 01:00:00");
    assert_utc(schedule_local_instant(date("2026-03-29"), 2 * 60), "2026-03-29 01:00:00");
    assert_utc(schedule_local_instant(date("2026-03-29"), 1 * 60 + 59), "2026-03-29 00:59:00");
    assert_utc(schedule_local_instant(date("2026-03-29"), 3 * 60), "2026-03-29 01:00:00");
    assert_utc(schedule_local_instant(date("2026-03-29"), 0), "2026-03-28 23:00:00");
    assert_utc(schedule_local_instant(date("2026-03-30"), 0), "2026-03-29 22:00:00");
    /* The day before the change publishes normally, then the gap day. */
    assert_utc(schedule_next_publish(utc("2026-03-28 12:00:00"), 150), "2026-03-29 01:00:00");
    assert_date(schedule_current_date(utc("2026-03-29 00:59:59"), 150), "2026-03-28");
    assert_date(schedule_current_date(utc("2026-03-29 01:00:00"), 150), "2026-03-29");
    assert_utc(schedule_next_publish(utc("2026-03-29 01:00:00"), 150), "2026-03-30 00:30:00");
}

static void
test_berlin_autumn_repeat(void **state)
{
    (void)state;
    schedule_set_zone("Europe/Berlin");
    /* 2026-10-25: 03:00 CEST falls back to 02:00 CET (01:00 UTC); 02:30
     * happens at 00:30 UTC and again at 01:30 UTC: the first counts. */
    assert_utc(schedule_local_instant(date("2026-10-25"), 150), "2026-10-25 00:30:00");
    assert_date(schedule_current_date(utc("2026-10-25 00:30:00"), 150), "2026-10-25");
    /* The second 02:30 does not publish again: the next one is tomorrow. */
    assert_utc(schedule_next_publish(utc("2026-10-25 01:30:00"), 150), "2026-10-26 01:30:00");
    assert_utc(schedule_next_publish(utc("2026-10-25 00:29:59"), 150), "2026-10-25 00:30:00");
    assert_utc(schedule_local_instant(date("2026-10-25"), 0), "2026-10-24 22:00:00");
    assert_utc(schedule_local_instant(date("2026-10-26"), 0), "2026-10-25 23:00:00");
}

static void
test_new_york_and_london(void **state)
{
    (void)state;
    schedule_set_zone("America/New_York");
    /* 2026-03-08: 02:00 EST jumps to 03:00 EDT (07:00 UTC). */
    assert_utc(schedule_local_instant(date("2026-03-08"), 150), "2026-03-08 07:00:00");
    assert_utc(schedule_local_instant(date("2026-03-08"), 0), "2026-03-08 05:00:00");
    assert_utc(schedule_local_instant(date("2026-03-09"), 0), "2026-03-09 04:00:00");
    /* 2026-11-01: 02:00 EDT falls back to 01:00 EST; 01:30 repeats. */
    assert_utc(schedule_local_instant(date("2026-11-01"), 90), "2026-11-01 05:30:00");
    assert_utc(schedule_next_publish(utc("2026-11-01 06:30:00"), 90), "2026-11-02 06:30:00");
    assert_date(schedule_local_date(utc("2026-11-01 03:59:59")), "2026-10-31");
    schedule_set_zone("Europe/London");
    /* 2026-03-29: 01:00 GMT jumps to 02:00 BST. */
    assert_utc(schedule_local_instant(date("2026-03-29"), 60 + 15), "2026-03-29 01:00:00");
    assert_utc(schedule_local_instant(date("2026-10-25"), 60 + 15), "2026-10-25 00:15:00");
    schedule_set_zone("Australia/Sydney");
    /* Southern hemisphere: 2026-10-04 02:00 AEST jumps to 03:00 AEDT. */
    assert_utc(schedule_local_instant(date("2026-10-04"), 150), "2026-10-03 16:00:00");
}

static void
test_sleep_hops(void **state)
{
    (void)state;
    assert_int_equal(schedule_sleep_ms(1000, 1010), 10000);
    assert_int_equal(schedule_sleep_ms(1000, 1000 + 86400), SCHEDULE_HOP_S * 1000);
    assert_int_equal(schedule_sleep_ms(1000, 1000), 1);
    assert_int_equal(schedule_sleep_ms(1000, 900), 1);
}

/* A fake store: holds the pairs listed in arg ("2026-11-21 easy\n..."). */
static int
fake_has(void *arg, const char *d, const char *tier, int *has, char *err, size_t errlen)
{
    char key[32];

    (void)err;
    (void)errlen;
    snprintf(key, sizeof key, "%s %s\n", d, tier);
    *has = strstr(arg, key) != NULL;
    return 0;
}

static int
failing_has(void *arg, const char *d, const char *tier, int *has, char *err, size_t errlen)
{
    (void)arg;
    (void)d;
    (void)tier;
    (void)has;
    snprintf(err, errlen, "disk on fire");
    return -1;
}

static void
test_missing(void **state)
{
    struct schedule_slot slots[SCHEDULE_SLOTS_MAX];
    char text[256], err[64];
    size_t n = 99;

    (void)state;
    assert_int_equal(schedule_missing(date("2026-12-31"), 2, CONFIG_TIER_BIT(GRADE_EASY) | CONFIG_TIER_BIT(GRADE_MEDIUM) | CONFIG_TIER_BIT(GRADE_HARD), fake_has,
                                      "2026-12-31 easy\n2026-12-31 medium\n2026-12-31 hard\n"
                                      "2027-01-01 medium\n",
                                      slots, SCHEDULE_SLOTS_MAX, &n, err, sizeof err), 0);
    assert_int_equal(n, 5);
    assert_date(slots[0].date, "2027-01-01");
    assert_int_equal(slots[0].tier, GRADE_EASY);
    assert_int_equal(slots[1].tier, GRADE_HARD);
    assert_date(slots[4].date, "2027-01-02");
    schedule_describe(slots, n, text, sizeof text);
    assert_string_equal(text, "2027-01-01 easy hard; 2027-01-02 easy medium hard");
    schedule_describe(slots, n, text, 36);
    assert_string_equal(text, "2027-01-01 easy hard; ... (3 more)");
    schedule_describe(slots, n, text, 30);
    assert_string_equal(text, "2027-01-01 easy; ... (4 more)");
    /* Only the tiers asked for; days_ahead 0 is today alone. */
    assert_int_equal(schedule_missing(date("2026-11-21"), 0, CONFIG_TIER_BIT(GRADE_EXPERT),
                                      fake_has, "", slots, SCHEDULE_SLOTS_MAX, &n, err,
                                      sizeof err), 0);
    assert_int_equal(n, 1);
    assert_int_equal(slots[0].tier, GRADE_EXPERT);
    /* The largest request fits the documented bound. */
    assert_int_equal(schedule_missing(date("2026-11-21"), CONFIG_DAYS_AHEAD_MAX, 0xf, fake_has,
                                      "", slots, SCHEDULE_SLOTS_MAX, &n, err, sizeof err), 0);
    assert_int_equal(n, SCHEDULE_SLOTS_MAX);
    assert_int_equal(schedule_missing(date("2026-11-21"), 2, 0xf, failing_has, NULL, slots,
                                      SCHEDULE_SLOTS_MAX, &n, err, sizeof err), -1);
    assert_string_equal(err, "disk on fire");
}

int
main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_date_parse_and_format),
        cmocka_unit_test(test_date_arithmetic),
        cmocka_unit_test(test_utc_basics),
        cmocka_unit_test(test_berlin_spring_gap),
        cmocka_unit_test(test_berlin_autumn_repeat),
        cmocka_unit_test(test_new_york_and_london),
        cmocka_unit_test(test_sleep_hops),
        cmocka_unit_test(test_missing),
    };

    return cmocka_run_group_tests(tests, NULL, NULL);
}
