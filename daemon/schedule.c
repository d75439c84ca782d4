/*
 * schedule: owns the date arithmetic, the configured time zone and the
 * mapping between local wall times and instants.  It finds instants by
 * probing the zone's offsets rather than trusting mktime's handling of
 * nonexistent or repeated times, which differs between C libraries.  The
 * zone is read from its TZif file (zone.h), never through TZ and
 * localtime_r: changing TZ with setenv while the thread pool runs is
 * unsafe, and the daemon changes zone on reload.
 */
#include "schedule.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "zone.h"

/* Set by schedule_set_zone; UTC until then.  Loop thread only. */
static struct zone *local_zone;

#define DAY_S 86400LL

/* Howard Hinnant's days_from_civil, valid far beyond years 1..9999. */
long schedule_days_from_civil(struct schedule_date d)
{
    long y = d.month <= 2 ? d.year - 1 : d.year;
    long era = (y >= 0 ? y : y - 399) / 400;
    long yoe = y - era * 400;
    long mp = d.month > 2 ? d.month - 3 : d.month + 9;
    long doy = (153 * mp + 2) / 5 + d.day - 1;
    long doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;

    return era * 146097 + doe - 719468;
}

struct schedule_date schedule_civil_from_days(long days)
{
    long z = days + 719468;
    long era = (z >= 0 ? z : z - 146096) / 146097;
    long doe = z - era * 146097;
    long yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
    long doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    long mp = (5 * doy + 2) / 153;
    struct schedule_date d;

    d.day = (int)(doy - (153 * mp + 2) / 5 + 1);
    d.month = (int)(mp < 10 ? mp + 3 : mp - 9);
    d.year = (int)(yoe + era * 400 + (d.month <= 2));
    return d;
}

struct schedule_date schedule_date_add(struct schedule_date d, long days)
{
    return schedule_civil_from_days(schedule_days_from_civil(d) + days);
}

int schedule_date_cmp(struct schedule_date a, struct schedule_date b)
{
    long da = schedule_days_from_civil(a), db = schedule_days_from_civil(b);

    return (da > db) - (da < db);
}

void schedule_date_format(struct schedule_date d, char out[SCHEDULE_DATE_LEN + 1])
{
    snprintf(out, SCHEDULE_DATE_LEN + 1, "%04u-%02u-%02u",
             (unsigned)d.year % 10000u, (unsigned)d.month % 100u,
             (unsigned)d.day % 100u);
}

static int days_in_month(int year, int month)
{
    static const int days[] = {31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
    int leap = (year % 4 == 0 && year % 100 != 0) || year % 400 == 0;

    return month == 2 && leap ? 29 : days[month - 1];
}

int schedule_date_parse(const char *text, struct schedule_date *out)
{
    static const char shape[] = "dddd-dd-dd";
    struct schedule_date d;

    for (size_t i = 0; i < sizeof shape; i++) {
        if (shape[i] == '\0'  ? text[i] != '\0'
            : shape[i] == 'd' ? (text[i] < '0' || text[i] > '9')
                              : text[i] != '-')
            return -1;
    }
    d.year = atoi(text);
    d.month = atoi(text + 5);
    d.day = atoi(text + 8);
    if (d.year < 1 || d.month < 1 || d.month > 12 || d.day < 1 ||
        d.day > days_in_month(d.year, d.month))
        return -1;
    *out = d;
    return 0;
}

int schedule_set_zone(const char *zone, char *err, size_t errlen)
{
    struct zone *z;

    if (zone_load(zone, &z, err, errlen) != 0)
        return -1;
    zone_free(local_zone);
    local_zone = z;
    return 0;
}

void schedule_free_zone(void)
{
    zone_free(local_zone);
    local_zone = NULL;
}

static long local_offset(time_t t, const char **abbr)
{
    if (local_zone == NULL) {
        if (abbr != NULL)
            *abbr = "UTC";
        return 0;
    }
    return zone_offset(local_zone, t, abbr);
}

/* The local wall time at t, as seconds since 1970-01-01 00:00 "wall". */
static long long wall_seconds(time_t t)
{
    return (long long)t + local_offset(t, NULL);
}

void schedule_format_local(time_t t, char *out, size_t outlen)
{
    const char *abbr;
    long long w = (long long)t + local_offset(t, &abbr);
    long long sod = (w % DAY_S + DAY_S) % DAY_S;
    struct schedule_date d = schedule_civil_from_days((long)((w - sod) / DAY_S));
    char date[SCHEDULE_DATE_LEN + 1];

    schedule_date_format(d, date);
    snprintf(out, outlen, "%s %02d:%02d %s", date, (int)(sod / 3600),
             (int)(sod / 60 % 60), abbr);
}

struct schedule_date schedule_local_date(time_t t)
{
    long long w = wall_seconds(t);

    /* Floor division: wall times before 1970 are negative. */
    return schedule_civil_from_days((long)(w / DAY_S - (w % DAY_S < 0)));
}

/* First instant whose wall time exceeds w, given that wall(lo) < w and
 * wall(hi) > w: a bisection across one forward transition. */
static time_t first_after_gap(long long w, time_t lo, time_t hi)
{
    while (hi - lo > 1) {
        time_t mid = lo + (hi - lo) / 2;

        if (wall_seconds(mid) > w)
            hi = mid;
        else
            lo = mid;
    }
    return hi;
}

time_t schedule_local_instant(struct schedule_date d, int minute_of_day)
{
    long long w = schedule_days_from_civil(d) * DAY_S + minute_of_day * 60LL;
    /* UTC offsets in force around that wall time: two days either side
     * brackets any single transition. */
    long long off[3] = {
        wall_seconds((time_t)(w - 2 * DAY_S)) - (w - 2 * DAY_S),
        wall_seconds((time_t)w) - w,
        wall_seconds((time_t)(w + 2 * DAY_S)) - (w + 2 * DAY_S),
    };
    long long lo_off = off[0], hi_off = off[0];
    int found = 0;
    time_t best = 0;

    for (int i = 0; i < 3; i++) {
        time_t t = (time_t)(w - off[i]);

        if (wall_seconds(t) == w && (!found || t < best)) {
            best = t;
            found = 1;
        }
        lo_off = off[i] < lo_off ? off[i] : lo_off;
        hi_off = off[i] > hi_off ? off[i] : hi_off;
    }
    if (found)
        return best;
    if (wall_seconds((time_t)(w - hi_off)) < w &&
        wall_seconds((time_t)(w - lo_off)) > w)
        return first_after_gap(w, (time_t)(w - hi_off), (time_t)(w - lo_off));
    /* Not a simple gap (no zone in the tz database does this today). */
    return (time_t)(w - off[1]);
}

struct schedule_date schedule_current_date(time_t now, int publish_minute)
{
    struct schedule_date d = schedule_local_date(now);

    if (schedule_local_instant(d, publish_minute) <= now)
        return d;
    return schedule_date_add(d, -1);
}

time_t schedule_next_publish(time_t now, int publish_minute)
{
    struct schedule_date d = schedule_current_date(now, publish_minute);

    return schedule_local_instant(schedule_date_add(d, 1), publish_minute);
}

uint64_t schedule_sleep_ms(time_t now, time_t target)
{
    long long s = (long long)target - (long long)now;

    if (s <= 0)
        return 1;
    if (s > SCHEDULE_HOP_S)
        s = SCHEDULE_HOP_S;
    return (uint64_t)s * 1000u;
}

struct schedule_date schedule_no_earlier(struct schedule_date cur,
                                         struct schedule_date *floor, int *have_floor)
{
    if (*have_floor && schedule_date_cmp(cur, *floor) < 0)
        return *floor;
    *floor = cur;
    *have_floor = 1;
    return cur;
}

int schedule_missing(struct schedule_date first, int days_ahead, unsigned tiers,
                     schedule_has_cb has, void *arg, struct schedule_slot *out,
                     size_t cap, size_t *count, char *err, size_t errlen)
{
    char date[SCHEDULE_DATE_LEN + 1];
    size_t n = 0;

    for (int i = 0; i <= days_ahead; i++) {
        struct schedule_date d = schedule_date_add(first, i);

        schedule_date_format(d, date);
        for (int t = 0; t < GRADE_TIERS; t++) {
            int present = 0, rc;

            if (!(tiers & CONFIG_TIER_BIT(t)))
                continue;
            rc = has(arg, date, grade_tier_name((enum grade_tier)t), &present, err,
                     errlen);
            if (rc != 0)
                return rc;
            if (!present && n < cap)
                out[n] = (struct schedule_slot){d, (enum grade_tier)t};
            n += !present;
        }
    }
    *count = n;
    return 0;
}

void schedule_describe(const struct schedule_slot *slots, size_t count, char *out,
                       size_t outlen)
{
    char date[SCHEDULE_DATE_LEN + 1], piece[64], more[48];
    size_t used = 0, i;

    if (outlen == 0)
        return;
    out[0] = '\0';
    for (i = 0; i < count; i++) {
        const char *tier = grade_tier_name(slots[i].tier);

        if (i > 0 && schedule_date_cmp(slots[i].date, slots[i - 1].date) == 0) {
            snprintf(piece, sizeof piece, " %s", tier);
        } else {
            schedule_date_format(slots[i].date, date);
            snprintf(piece, sizeof piece, "%s%s %s", i > 0 ? "; " : "", date, tier);
        }
        /* Keep room for the "(N more)" tail unless this is the last piece. */
        snprintf(more, sizeof more, "; ... (%zu more)", count - i - 1);
        if (used + strlen(piece) + (i + 1 < count ? strlen(more) : 0) >= outlen)
            break;
        memcpy(out + used, piece, strlen(piece) + 1);
        used += strlen(piece);
    }
    if (i < count) {
        snprintf(more, sizeof more, "; ... (%zu more)", count - i);
        if (used + strlen(more) < outlen)
            memcpy(out + used, more, strlen(more) + 1);
    }
}
