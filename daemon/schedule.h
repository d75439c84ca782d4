/*
 * schedule: calendar dates and the nightly publish instants in the
 * configured time zone, and which (date, tier) puzzles are missing.
 *
 * A day's puzzles go live at the publish time on that local date.  The
 * "current date" is the date whose publish instant is the latest one at or
 * before now; puzzles must exist for the current date through current +
 * days_ahead.  Daylight saving time:
 *   - a publish time that does not exist that day (inside a spring-forward
 *     gap) means the first instant after the gap (02:30 on 2026-03-29 in
 *     Europe/Berlin publishes at 03:00 CEST);
 *   - a publish time that happens twice (autumn) means its first occurrence,
 *     and the day is published once because all work is keyed by date.
 * Callers never sleep until a wall-clock instant in one go: they wake at most
 * SCHEDULE_HOP_S later and recompute, so suspends, clock steps and zone
 * changes are absorbed within minutes.
 *
 * The zone functions use the zone schedule_set_zone loaded (UTC before);
 * everything else is pure.
 */
#ifndef SUDOKUD_SCHEDULE_H
#define SUDOKUD_SCHEDULE_H

#include <stddef.h>
#include <stdint.h>
#include <time.h>

#include "config.h"

#define SCHEDULE_DATE_LEN 10 /* "YYYY-MM-DD" without the NUL */
#define SCHEDULE_HOP_S 300   /* longest sleep before recomputing */
#define SCHEDULE_SLOTS_MAX ((CONFIG_DAYS_AHEAD_MAX + 1) * GRADE_TIERS)

struct schedule_date {
    int year;  /* 1..9999 */
    int month; /* 1..12 */
    int day;   /* 1..31 */
};

/* One puzzle the store must hold. */
struct schedule_slot {
    struct schedule_date date;
    enum grade_tier tier;
};

/* ---- pure calendar arithmetic (proleptic Gregorian) -------------------- */

/* Days since 1970-01-01 (negative before). */
long schedule_days_from_civil(struct schedule_date d);
struct schedule_date schedule_civil_from_days(long days);
struct schedule_date schedule_date_add(struct schedule_date d, long days);
/* <0, 0, >0 like strcmp. */
int schedule_date_cmp(struct schedule_date a, struct schedule_date b);
/* Writes "YYYY-MM-DD" and a NUL. */
void schedule_date_format(struct schedule_date d, char out[SCHEDULE_DATE_LEN + 1]);
/* Strict "YYYY-MM-DD" naming a real day; returns 0, or -1. */
int schedule_date_parse(const char *text, struct schedule_date *out);

/* ---- the local time zone ----------------------------------------------- */

/*
 * Makes zone (an IANA name, or NULL for the system's /etc/localtime) the
 * zone of the functions below, read from its TZif file (zone.h); the
 * process environment is left alone.  Returns 0, or -1 with the problem in
 * err (the zone in use stays).  The zone is the schedule module's state:
 * set it and call the zone functions from one thread (the loop thread).
 */
int schedule_set_zone(const char *zone, char *err, size_t errlen);

/* Frees the loaded zone (back to UTC). */
void schedule_free_zone(void);

/* Writes instant t as "YYYY-MM-DD HH:MM ABBR" in the local time zone
 * (ABBR as the zone names it, e.g. CET), for log and status lines. */
void schedule_format_local(time_t t, char *out, size_t outlen);

/* The local calendar date at instant t. */
struct schedule_date schedule_local_date(time_t t);

/* The first instant whose local wall time is date d at minute_of_day
 * (0..1439), or the first instant after it when that wall time does not
 * exist (DST gap). */
time_t schedule_local_instant(struct schedule_date d, int minute_of_day);

/* The date whose puzzles are live at now. */
struct schedule_date schedule_current_date(time_t now, int publish_minute);

/* The first publish instant strictly after now. */
time_t schedule_next_publish(time_t now, int publish_minute);

/* How long to sleep from now towards target: at most SCHEDULE_HOP_S
 * seconds, at least 1 ms.  Returns milliseconds. */
uint64_t schedule_sleep_ms(time_t now, time_t target);

/* "Today" never moves back.  Returns cur, or *floor when cur is earlier
 * (the clock stepped back) and *have_floor is set; otherwise *floor
 * becomes cur and *have_floor 1.  The caller keeps *floor between calls,
 * seeded with the latest published date. */
struct schedule_date schedule_no_earlier(struct schedule_date cur,
                                         struct schedule_date *floor, int *have_floor);

/* ---- what is missing --------------------------------------------------- */

/* Sets *has to 1 when the store holds a puzzle for (date, tier); returns 0,
 * or a negative status after writing a message to err. */
typedef int (*schedule_has_cb)(void *arg, const char *date, const char *tier,
                               int *has, char *err, size_t errlen);

/*
 * Lists the (date, tier) pairs from first through first + days_ahead, for
 * each tier in the tiers mask (CONFIG_TIER_BIT), that has() reports absent;
 * in date order, tiers easiest first.  out holds cap slots
 * (SCHEDULE_SLOTS_MAX is always enough); *count gets the number missing.
 * Returns 0, or has()'s error.
 */
int schedule_missing(struct schedule_date first, int days_ahead, unsigned tiers,
                     schedule_has_cb has, void *arg, struct schedule_slot *out,
                     size_t cap, size_t *count, char *err, size_t errlen);

/* Describes slots for a log line, grouped by date:
 * "2026-11-21 easy medium hard; 2026-11-22 hard", ending in
 * "; ... (N more)" when outlen is too small. */
void schedule_describe(const struct schedule_slot *slots, size_t count, char *out,
                       size_t outlen);

#endif
