/* Unit tests of daemon/schedule: calendar arithmetic, publish instants
 * across DST changes in real tz database zones, the missing-slot finder. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "schedule.h"
#include "zone.h"

static void use_zone(const char *name)
{
    char err[ZONE_ERR_MAX];

    if (schedule_set_zone(name, err, sizeof err) != 0)
        fail_msg("%s", err);
}

static struct schedule_date date(const char *s)
{
    struct schedule_date d;

    assert_int_equal(schedule_date_parse(s, &d), 0);
    return d;
}

static void assert_date(struct schedule_date d, const char *expected)
{
    char buf[SCHEDULE_DATE_LEN + 1];

    schedule_date_format(d, buf);
    assert_string_equal(buf, expected);
}

/* Instants are written as UTC text so failures read naturally. */
static time_t utc(const char *iso)
{
    struct tm tm = {0};

    assert_non_null(strptime(iso, "%Y-%m-%d %H:%M:%S", &tm));
    return timegm(&tm);
}

static void assert_utc(time_t t, const char *expected)
{
    char buf[32];
    struct tm tm;

    gmtime_r(&t, &tm);
    strftime(buf, sizeof buf, "%Y-%m-%d %H:%M:%S", &tm);
    assert_string_equal(buf, expected);
}

static void test_date_parse_and_format(void **state)
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

static void test_date_arithmetic(void **state)
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

static void test_utc_basics(void **state)
{
    (void)state;
    use_zone("UTC");
    assert_utc(schedule_local_instant(date("2026-11-21"), 0),
               "2026-11-21 00:00:00");
    assert_date(schedule_current_date(utc("2026-11-21 00:00:00"), 0), "2026-11-21");
    assert_date(schedule_current_date(utc("2026-11-20 23:59:59"), 0), "2026-11-20");
    /* With a 06:30 publish time the 21st goes live at 06:30. */
    assert_date(schedule_current_date(utc("2026-11-21 06:29:59"), 390),
                "2026-11-20");
    assert_date(schedule_current_date(utc("2026-11-21 06:30:00"), 390),
                "2026-11-21");
    assert_utc(schedule_next_publish(utc("2026-11-21 06:30:00"), 390),
               "2026-11-22 06:30:00");
    assert_utc(schedule_next_publish(utc("2026-11-21 06:29:59"), 390),
               "2026-11-21 06:30:00");
    /* Year end and leap day. */
    assert_utc(schedule_next_publish(utc("2026-12-31 12:00:00"), 0),
               "2027-01-01 00:00:00");
    assert_utc(schedule_next_publish(utc("2028-02-28 12:00:00"), 0),
               "2028-02-29 00:00:00");
    assert_date(schedule_local_date(utc("2028-02-29 23:59:59")), "2028-02-29");
}

static void test_berlin_spring_gap(void **state)
{
    (void)state;
    use_zone("Europe/Berlin");
    /* 2026-03-29: 02:00 CET jumps to 03:00 CEST (01:00 UTC). */
    assert_utc(schedule_local_instant(date("2026-03-29"), 2 * 60 + 30),
               "2026-03-29 01:00:00");
    assert_utc(schedule_local_instant(date("2026-03-29"), 2 * 60),
               "2026-03-29 01:00:00");
    assert_utc(schedule_local_instant(date("2026-03-29"), 1 * 60 + 59),
               "2026-03-29 00:59:00");
    assert_utc(schedule_local_instant(date("2026-03-29"), 3 * 60),
               "2026-03-29 01:00:00");
    assert_utc(schedule_local_instant(date("2026-03-29"), 0),
               "2026-03-28 23:00:00");
    assert_utc(schedule_local_instant(date("2026-03-30"), 0),
               "2026-03-29 22:00:00");
    /* The day before the change publishes normally, then the gap day. */
    assert_utc(schedule_next_publish(utc("2026-03-28 12:00:00"), 150),
               "2026-03-29 01:00:00");
    assert_date(schedule_current_date(utc("2026-03-29 00:59:59"), 150),
                "2026-03-28");
    assert_date(schedule_current_date(utc("2026-03-29 01:00:00"), 150),
                "2026-03-29");
    assert_utc(schedule_next_publish(utc("2026-03-29 01:00:00"), 150),
               "2026-03-30 00:30:00");
}

static void test_berlin_autumn_repeat(void **state)
{
    (void)state;
    use_zone("Europe/Berlin");
    /* 2026-10-25: 03:00 CEST falls back to 02:00 CET (01:00 UTC); 02:30
     * happens at 00:30 UTC and again at 01:30 UTC: the first counts. */
    assert_utc(schedule_local_instant(date("2026-10-25"), 150),
               "2026-10-25 00:30:00");
    assert_date(schedule_current_date(utc("2026-10-25 00:30:00"), 150),
                "2026-10-25");
    /* The second 02:30 does not publish again: the next one is tomorrow. */
    assert_utc(schedule_next_publish(utc("2026-10-25 01:30:00"), 150),
               "2026-10-26 01:30:00");
    assert_utc(schedule_next_publish(utc("2026-10-25 00:29:59"), 150),
               "2026-10-25 00:30:00");
    assert_utc(schedule_local_instant(date("2026-10-25"), 0),
               "2026-10-24 22:00:00");
    assert_utc(schedule_local_instant(date("2026-10-26"), 0),
               "2026-10-25 23:00:00");
}

static void test_new_york_and_london(void **state)
{
    (void)state;
    use_zone("America/New_York");
    /* 2026-03-08: 02:00 EST jumps to 03:00 EDT (07:00 UTC). */
    assert_utc(schedule_local_instant(date("2026-03-08"), 150),
               "2026-03-08 07:00:00");
    assert_utc(schedule_local_instant(date("2026-03-08"), 0),
               "2026-03-08 05:00:00");
    assert_utc(schedule_local_instant(date("2026-03-09"), 0),
               "2026-03-09 04:00:00");
    /* 2026-11-01: 02:00 EDT falls back to 01:00 EST; 01:30 repeats. */
    assert_utc(schedule_local_instant(date("2026-11-01"), 90),
               "2026-11-01 05:30:00");
    assert_utc(schedule_next_publish(utc("2026-11-01 06:30:00"), 90),
               "2026-11-02 06:30:00");
    assert_date(schedule_local_date(utc("2026-11-01 03:59:59")), "2026-10-31");
    use_zone("Europe/London");
    /* 2026-03-29: 01:00 GMT jumps to 02:00 BST. */
    assert_utc(schedule_local_instant(date("2026-03-29"), 60 + 15),
               "2026-03-29 01:00:00");
    assert_utc(schedule_local_instant(date("2026-10-25"), 60 + 15),
               "2026-10-25 00:15:00");
    use_zone("Australia/Sydney");
    /* Southern hemisphere: 2026-10-04 02:00 AEST jumps to 03:00 AEDT. */
    assert_utc(schedule_local_instant(date("2026-10-04"), 150),
               "2026-10-03 16:00:00");
}

/*
 * zone.c reads TZif files itself so the daemon never sets TZ; its offsets
 * and abbreviations must be the C library's for the same file.  This test
 * is single-threaded, so it may set TZ to ask localtime_r.  Instants every
 * 3 days plus an odd number of seconds from 1890 to 2120 (before the first
 * transition, across every transition in the file, and far into the
 * footer's rule), and each side of every transition glibc reports.
 */
/* zone.c and localtime_r agree on the offset and abbreviation at t;
 * returns the offset. */
static long assert_same_at(const struct zone *z, const char *name, long long t)
{
    time_t tt = (time_t)t;
    struct tm tm;
    const char *abbr;
    long off = zone_offset(z, tt, &abbr);

    assert_non_null(localtime_r(&tt, &tm));
    if (off != tm.tm_gmtoff || strcmp(abbr, tm.tm_zone) != 0)
        fail_msg("%s at %lld: zone.c says %ld %s, localtime_r %ld %s", name, t, off,
                 abbr, (long)tm.tm_gmtoff, tm.tm_zone);
    return off;
}

static long libc_offset(long long t)
{
    time_t tt = (time_t)t;
    struct tm tm;

    localtime_r(&tt, &tm);
    return tm.tm_gmtoff;
}

/*
 * zone.c reads TZif files itself so the daemon never sets TZ; its offsets
 * and abbreviations must be the C library's for the same file.  This test
 * is single-threaded, so it may set TZ to ask localtime_r.  Probes every
 * 7 hours and a second from 1890 to 2120 (before the first transition,
 * across every transition in the file, and far into the footer's rule);
 * where the offset changed between two probes, the exact instant of the
 * change is found (by localtime_r) and both sides of it are compared too.
 */
static void assert_zone_like_libc(const char *name)
{
    char err[ZONE_ERR_MAX];
    struct zone *z;
    long long from = -2524521600LL, to = 4733510400LL; /* 1890 .. 2120 */
    long checked = 0, changes = 0, prev = 0;

    if (zone_load(name, &z, err, sizeof err) != 0)
        fail_msg("%s", err);
    setenv("TZ", name, 1);
    tzset();
    for (long long t = from; t < to; t += 7 * 3600 + 1) {
        long off = assert_same_at(z, name, t);

        if (t > from && off != prev) {
            long long lo = t - (7 * 3600 + 1), hi = t; /* libc_offset(lo) == prev */

            while (hi - lo > 1) {
                long long mid = lo + (hi - lo) / 2;

                if (libc_offset(mid) == prev)
                    lo = mid;
                else
                    hi = mid;
            }
            assert_same_at(z, name, lo);
            assert_same_at(z, name, hi);
            changes++;
        }
        prev = off;
        checked++;
    }
    unsetenv("TZ");
    tzset();
    zone_free(z);
    assert_true(checked > 100000);
    assert_true(strcmp(name, "UTC") == 0 || changes > 0);
}

static void test_zone_matches_libc(void **state)
{
    static const char *const zones[] = {
        "UTC",
        "Europe/Berlin",
        "Europe/London",
        "Europe/Dublin",
        "America/New_York",
        "America/Sao_Paulo",
        "America/Santiago",
        "Australia/Sydney",
        "Australia/Lord_Howe",
        "Pacific/Chatham",
        "Pacific/Apia",
        "Asia/Kolkata",
        "Asia/Tehran",
        "Asia/Kathmandu",
        "Africa/Casablanca",
        "Antarctica/Troll",
        "America/St_Johns",
        "Pacific/Kiritimati",
    };

    (void)state;
    for (size_t i = 0; i < sizeof zones / sizeof zones[0]; i++)
        assert_zone_like_libc(zones[i]);
}

static void test_zone_errors(void **state)
{
    char err[ZONE_ERR_MAX], line[64];
    struct zone *z;

    (void)state;
    assert_int_equal(zone_load("No/Such_Zone", &z, err, sizeof err), -1);
    assert_null(z);
    assert_non_null(strstr(err, "No/Such_Zone"));
    assert_non_null(strstr(err, "No such file"));
    /* A failed switch keeps the zone in use. */
    use_zone("Europe/Berlin");
    assert_int_equal(schedule_set_zone("No/Such_Zone", err, sizeof err), -1);
    schedule_format_local(utc("2026-07-01 10:00:00"), line, sizeof line);
    assert_string_equal(line, "2026-07-01 12:00 CEST");
    schedule_format_local(utc("2026-12-31 23:30:00"), line, sizeof line);
    assert_string_equal(line, "2027-01-01 00:30 CET");
    schedule_free_zone();
    schedule_format_local(utc("2026-12-31 23:30:00"), line, sizeof line);
    assert_string_equal(line, "2026-12-31 23:30 UTC");
}

static void test_sleep_hops(void **state)
{
    (void)state;
    assert_int_equal(schedule_sleep_ms(1000, 1010), 10000);
    assert_int_equal(schedule_sleep_ms(1000, 1000 + 86400), SCHEDULE_HOP_S * 1000);
    assert_int_equal(schedule_sleep_ms(1000, 1000), 1);
    assert_int_equal(schedule_sleep_ms(1000, 900), 1);
}

static void test_no_earlier(void **state)
{
    struct schedule_date d20 = {2026, 11, 20}, d21 = {2026, 11, 21}, d22 = {2026, 11, 22},
                         floor = {0, 0, 0}, got;
    int have = 0;

    (void)state;
    got = schedule_no_earlier(d21, &floor, &have); /* no floor yet: any date */
    assert_int_equal(schedule_date_cmp(got, d21), 0);
    assert_int_equal(have, 1);
    got = schedule_no_earlier(d20, &floor, &have); /* stepped back: kept */
    assert_int_equal(schedule_date_cmp(got, d21), 0);
    assert_int_equal(schedule_date_cmp(floor, d21), 0);
    got = schedule_no_earlier(d22, &floor, &have); /* forward: followed */
    assert_int_equal(schedule_date_cmp(got, d22), 0);
    assert_int_equal(schedule_date_cmp(floor, d22), 0);
    floor = d22; /* seeded with a published date ahead of the clock */
    got = schedule_no_earlier(d20, &floor, &have);
    assert_int_equal(schedule_date_cmp(got, d22), 0);
}

/* A fake store: holds the pairs listed in arg ("2026-11-21 easy\n..."). */
static int fake_has(void *arg, const char *d, const char *tier, int *has, char *err,
                    size_t errlen)
{
    char key[32];

    (void)err;
    (void)errlen;
    snprintf(key, sizeof key, "%s %s\n", d, tier);
    *has = strstr(arg, key) != NULL;
    return 0;
}

static int failing_has(void *arg, const char *d, const char *tier, int *has,
                       char *err, size_t errlen)
{
    (void)arg;
    (void)d;
    (void)tier;
    (void)has;
    snprintf(err, errlen, "disk on fire");
    return -1;
}

static void test_missing(void **state)
{
    struct schedule_slot slots[SCHEDULE_SLOTS_MAX];
    char text[256], err[64];
    size_t n = 99;

    (void)state;
    assert_int_equal(
        schedule_missing(date("2026-12-31"), 2,
                         CONFIG_TIER_BIT(GRADE_EASY) |
                             CONFIG_TIER_BIT(GRADE_MEDIUM) |
                             CONFIG_TIER_BIT(GRADE_HARD),
                         fake_has,
                         "2026-12-31 easy\n2026-12-31 medium\n2026-12-31 hard\n"
                         "2027-01-01 medium\n",
                         slots, SCHEDULE_SLOTS_MAX, &n, err, sizeof err),
        0);
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
    assert_int_equal(schedule_missing(date("2026-11-21"), 0,
                                      CONFIG_TIER_BIT(GRADE_EXPERT), fake_has, "",
                                      slots, SCHEDULE_SLOTS_MAX, &n, err,
                                      sizeof err),
                     0);
    assert_int_equal(n, 1);
    assert_int_equal(slots[0].tier, GRADE_EXPERT);
    /* The largest request fits the documented bound. */
    assert_int_equal(schedule_missing(date("2026-11-21"), CONFIG_DAYS_AHEAD_MAX,
                                      (1u << GRADE_TIERS) - 1, fake_has, "", slots, SCHEDULE_SLOTS_MAX,
                                      &n, err, sizeof err),
                     0);
    assert_int_equal(n, SCHEDULE_SLOTS_MAX);
    assert_int_equal(schedule_missing(date("2026-11-21"), 2, 0xf, failing_has, NULL,
                                      slots, SCHEDULE_SLOTS_MAX, &n, err,
                                      sizeof err),
                     -1);
    assert_string_equal(err, "disk on fire");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_date_parse_and_format),
        cmocka_unit_test(test_date_arithmetic),
        cmocka_unit_test(test_utc_basics),
        cmocka_unit_test(test_berlin_spring_gap),
        cmocka_unit_test(test_berlin_autumn_repeat),
        cmocka_unit_test(test_new_york_and_london),
        cmocka_unit_test(test_zone_matches_libc),
        cmocka_unit_test(test_zone_errors),
        cmocka_unit_test(test_sleep_hops),
        cmocka_unit_test(test_no_earlier),
        cmocka_unit_test(test_missing),
    };

    return cmocka_run_group_tests(tests, NULL, NULL);
}
