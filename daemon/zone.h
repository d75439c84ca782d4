/*
 * zone: UTC offsets of a tz database zone, read from its TZif file
 * (RFC 8536) without the process environment, so the daemon never changes
 * TZ (setenv is unsafe while other threads run) and a zone can be switched
 * on reload whatever the thread pool is doing.
 *
 * The answers are those of the C library's localtime_r for the same file:
 * the transitions of the file, before the first one its first type, and
 * after the last one the POSIX TZ rule of its footer (computed as glibc
 * does, on the UTC year).  Leap-second ("right/") zones are read without
 * their leap seconds.  A loaded zone is immutable: any thread may read it.
 */
#ifndef SUDOKUD_ZONE_H
#define SUDOKUD_ZONE_H

#include <stddef.h>
#include <time.h>

#define ZONE_ERR_MAX 256
#define ZONE_ABBR_MAX 16 /* bytes of an abbreviation, NUL included */

struct zone;

/*
 * Loads name (an IANA name, looked up under $TZDIR or /usr/share/zoneinfo),
 * or the system's zone (/etc/localtime; UTC when there is none) when name
 * is NULL.  Returns 0 and *out, or -1 with the file and the problem in err.
 */
int zone_load(const char *name, struct zone **out, char *err, size_t errlen);

/* NULL is fine. */
void zone_free(struct zone *z);

/* The UTC offset in seconds (east positive) in force at t; *abbr (may be
 * NULL) gets the zone's abbreviation then ("CET", "+03"), owned by z. */
long zone_offset(const struct zone *z, time_t t, const char **abbr);

#endif
