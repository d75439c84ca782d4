/*
 * zone: owns reading TZif files and the POSIX TZ rule of their footer, and
 * answering the offset at an instant as glibc's localtime_r would for the
 * same file (see zone.h).  No global state: each struct zone is read-only
 * once zone_load returns.
 */
#include "zone.h"

#include <errno.h>
#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define ZONE_FILE_MAX (1 << 20) /* real TZif files are under 4 KiB */
#define DAY_S 86400LL

struct zone_type {
    long utoff;
    int isdst;
    char abbr[ZONE_ABBR_MAX];
};

/* A POSIX TZ transition rule: Jn (1..365, no Feb 29), n (0..365) or
 * Mm.w.d, at secs seconds after local midnight. */
struct zone_rule {
    char kind;             /* 'J', 'N' or 'M' */
    int day;               /* J, N */
    int month, week, wday; /* M */
    long secs;
};

struct zone {
    size_t ntrans;
    int64_t *trans; /* ascending */
    unsigned char *trans_type;
    size_t ntypes;
    struct zone_type *types;
    size_t before; /* the type before the first transition */
    int has_rule;  /* a footer TZ string applies after the last transition */
    struct zone_type std, dst;
    int has_dst;
    struct zone_rule start,
        end; /* into DST (local standard time), out (local DST) */
};

/* ---- the footer: a POSIX TZ string ------------------------------------- */

static const char *parse_name(const char *s, char out[ZONE_ABBR_MAX])
{
    size_t n = 0;

    if (*s == '<') {
        for (s++; *s != '>'; s++) {
            if (*s == '\0' || n + 1 >= ZONE_ABBR_MAX ||
                !((*s >= 'A' && *s <= 'Z') || (*s >= 'a' && *s <= 'z') ||
                  (*s >= '0' && *s <= '9') || *s == '+' || *s == '-'))
                return NULL;
            out[n++] = *s;
        }
        s++;
    } else {
        for (; (*s >= 'A' && *s <= 'Z') || (*s >= 'a' && *s <= 'z'); s++) {
            if (n + 1 >= ZONE_ABBR_MAX)
                return NULL;
            out[n++] = *s;
        }
    }
    out[n] = '\0';
    return n >= 3 ? s : NULL;
}

static const char *parse_number(const char *s, int lo, int hi, int *out)
{
    int v = 0, digits = 0;

    for (; *s >= '0' && *s <= '9' && digits < 3; s++, digits++)
        v = v * 10 + (*s - '0');
    if (digits == 0 || v < lo || v > hi)
        return NULL;
    *out = v;
    return s;
}

/* [+-]hh[:mm[:ss]], hours up to 167 (RFC 8536's extension). */
static const char *parse_hms(const char *s, long *secs)
{
    int sign = 1, h, m = 0, sec = 0;

    if (*s == '+' || *s == '-')
        sign = *s++ == '-' ? -1 : 1;
    if ((s = parse_number(s, 0, 167, &h)) == NULL)
        return NULL;
    if (*s == ':' && (s = parse_number(s + 1, 0, 59, &m)) != NULL && *s == ':')
        s = parse_number(s + 1, 0, 59, &sec);
    if (s == NULL)
        return NULL;
    *secs = sign * (h * 3600L + m * 60L + sec);
    return s;
}

static const char *parse_rule(const char *s, struct zone_rule *r)
{
    r->secs = 2 * 3600;
    if (*s == 'M') {
        r->kind = 'M';
        if ((s = parse_number(s + 1, 1, 12, &r->month)) == NULL || *s != '.' ||
            (s = parse_number(s + 1, 1, 5, &r->week)) == NULL || *s != '.' ||
            (s = parse_number(s + 1, 0, 6, &r->wday)) == NULL)
            return NULL;
    } else if (*s == 'J') {
        r->kind = 'J';
        if ((s = parse_number(s + 1, 1, 365, &r->day)) == NULL)
            return NULL;
    } else {
        r->kind = 'N';
        if ((s = parse_number(s, 0, 365, &r->day)) == NULL)
            return NULL;
    }
    if (*s == '/')
        s = parse_hms(s + 1, &r->secs);
    return s;
}

/* std offset [dst [offset] [,start[/time],end[/time]]]; POSIX offsets are
 * west-positive, utoff east-positive.  Returns 0, or -1. */
static int parse_tz_string(const char *s, struct zone *z)
{
    long off;

    if ((s = parse_name(s, z->std.abbr)) == NULL ||
        (s = parse_hms(s, &off)) == NULL)
        return -1;
    z->std.utoff = -off;
    z->has_rule = 1;
    if (*s == '\0')
        return 0;
    if ((s = parse_name(s, z->dst.abbr)) == NULL)
        return -1;
    z->has_dst = 1;
    z->dst.isdst = 1;
    z->dst.utoff = z->std.utoff + 3600;
    if (*s != ',' && *s != '\0') {
        if ((s = parse_hms(s, &off)) == NULL)
            return -1;
        z->dst.utoff = -off;
    }
    if (*s == '\0') {
        /* No rule: glibc's default, the US rule. */
        z->start = (struct zone_rule){'M', 0, 3, 2, 0, 2 * 3600};
        z->end = (struct zone_rule){'M', 0, 11, 1, 0, 2 * 3600};
        return 0;
    }
    if (*s != ',' || (s = parse_rule(s + 1, &z->start)) == NULL || *s != ',' ||
        (s = parse_rule(s + 1, &z->end)) == NULL)
        return -1;
    return *s == '\0' ? 0 : -1;
}

/* ---- instants ------------------------------------------------------------ */

static int is_leap(long long y)
{
    return (y % 4 == 0 && y % 100 != 0) || y % 400 == 0;
}

/* Howard Hinnant's days_from_civil (as schedule.c's). */
static long long days_from_civil(long long y, int m, int d)
{
    y -= m <= 2;
    long long era = (y >= 0 ? y : y - 399) / 400;
    long long yoe = y - era * 400;
    long long doy = (153 * (m > 2 ? m - 3 : m + 9) + 2) / 5 + d - 1;
    long long doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;

    return era * 146097 + doe - 719468;
}

static long long year_of(long long t)
{
    long long z = (t >= 0 ? t : t - (DAY_S - 1)) / DAY_S + 719468;
    long long era = (z >= 0 ? z : z - 146096) / 146097;
    long long doe = z - era * 146097;
    long long yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
    long long doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    long long mp = (5 * doy + 2) / 153;

    return yoe + era * 400 + (mp >= 10);
}

/* The instant rule r happens in year, its time of day read at utoff. */
static long long rule_instant(const struct zone_rule *r, long long year, long utoff)
{
    static const int mdays[] = {31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
    long long day = days_from_civil(year, 1, 1);

    if (r->kind == 'J') {
        day += r->day - 1 + (r->day >= 60 && is_leap(year));
    } else if (r->kind == 'N') {
        day += r->day;
    } else {
        long long first = days_from_civil(year, r->month, 1);
        int len = mdays[r->month - 1] + (r->month == 2 && is_leap(year));
        int dow = (int)(((first + 4) % 7 + 7) % 7); /* 1970-01-01 was a Thursday */
        int d = (r->wday - dow + 7) % 7;

        for (int i = 1; i < r->week && d + 7 < len; i++)
            d += 7;
        day = first + d;
    }
    return day * DAY_S + r->secs - utoff;
}

static const struct zone_type *rule_type(const struct zone *z, time_t t)
{
    long long year, start, end;
    int dst;

    if (!z->has_dst)
        return &z->std;
    year = year_of((long long)t); /* the UTC year, as glibc */
    start = rule_instant(&z->start, year, z->std.utoff);
    end = rule_instant(&z->end, year, z->dst.utoff);
    dst = start > end ? (t < end || t >= start) : (t >= start && t < end);
    return dst ? &z->dst : &z->std;
}

long zone_offset(const struct zone *z, time_t t, const char **abbr)
{
    const struct zone_type *type;

    if (z->ntrans == 0 || (int64_t)t < z->trans[0]) {
        type = &z->types[z->before];
    } else if ((int64_t)t >= z->trans[z->ntrans - 1] && z->has_rule) {
        type = rule_type(z, t);
    } else {
        size_t lo = 0, hi = z->ntrans; /* trans[lo] <= t < trans[hi] */

        while (hi - lo > 1) {
            size_t mid = lo + (hi - lo) / 2;

            if ((int64_t)t >= z->trans[mid])
                lo = mid;
            else
                hi = mid;
        }
        type = &z->types[z->trans_type[lo]];
    }
    if (abbr != NULL)
        *abbr = type->abbr;
    return type->utoff;
}

/* ---- the TZif file -------------------------------------------------------- */

static uint32_t be32(const unsigned char *p)
{
    return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3];
}

static int64_t be64(const unsigned char *p)
{
    return (int64_t)((uint64_t)be32(p) << 32 | be32(p + 4));
}

struct counts {
    size_t isut, isstd, leap, time, type, chars;
};

/* The header at p (44 bytes); the size of the block after it, with
 * times of tsize bytes.  Returns -1 when the header is not TZif. */
static long read_header(const unsigned char *p, size_t avail, size_t tsize,
                        struct counts *c)
{
    if (avail < 44 || memcmp(p, "TZif", 4) != 0)
        return -1;
    c->isut = be32(p + 20);
    c->isstd = be32(p + 24);
    c->leap = be32(p + 28);
    c->time = be32(p + 32);
    c->type = be32(p + 36);
    c->chars = be32(p + 40);
    if (c->time > 100000 || c->type == 0 || c->type > 256 || c->chars > 65536 ||
        c->leap > 100000 || c->isut > 256 || c->isstd > 256)
        return -1;
    return (long)(c->time * tsize + c->time + c->type * 6 + c->chars +
                  c->leap * (tsize + 4) + c->isstd + c->isut);
}

/* Fills z from the data block at p (times of tsize bytes). */
static int read_block(struct zone *z, const unsigned char *p, size_t tsize,
                      const struct counts *c)
{
    const unsigned char *idx = p + c->time * tsize, *types = idx + c->time;
    const char *chars = (const char *)(types + c->type * 6);

    z->ntrans = c->time;
    z->ntypes = c->type;
    z->trans = calloc(c->time + 1, sizeof *z->trans);
    z->trans_type = calloc(c->time + 1, 1);
    z->types = calloc(c->type, sizeof *z->types);
    if (z->trans == NULL || z->trans_type == NULL || z->types == NULL)
        return -1;
    for (size_t i = 0; i < c->time; i++) {
        z->trans[i] = tsize == 8 ? be64(p + i * 8) : (int32_t)be32(p + i * 4);
        z->trans_type[i] = idx[i];
        if (idx[i] >= c->type || (i > 0 && z->trans[i] <= z->trans[i - 1]))
            return -1;
    }
    for (size_t i = 0; i < c->type; i++) {
        const unsigned char *t = types + i * 6;
        size_t at = t[5];

        z->types[i].utoff = (long)(int32_t)be32(t);
        z->types[i].isdst = t[4] != 0;
        if (at >= c->chars || memchr(chars + at, '\0', c->chars - at) == NULL)
            return -1;
        snprintf(z->types[i].abbr, sizeof z->types[i].abbr, "%s", chars + at);
    }
    /* Before the first transition: the first standard-time type, as glibc. */
    z->before = 0;
    while (z->before < z->ntypes && z->types[z->before].isdst)
        z->before++;
    if (z->before == z->ntypes)
        z->before = 0;
    return 0;
}

/* Parses the whole file in buf; returns 0 or -1 with why in err. */
static int parse_file(struct zone *z, const unsigned char *buf, size_t len,
                      char *err, size_t errlen)
{
    struct counts c;
    long size = read_header(buf, len, 4, &c);

    if (size < 0 || (size_t)size > len - 44) {
        snprintf(err, errlen, "not a TZif file");
        return -1;
    }
    if (buf[4] >= '2') {
        const unsigned char *p2 = buf + 44 + size;
        size_t left = len - 44 - (size_t)size;
        long size2 = read_header(p2, left, 8, &c);
        const char *foot, *nl;
        char spec[128];

        if (size2 < 0 || (size_t)size2 > left - 44) {
            snprintf(err, errlen, "truncated TZif version %c data", buf[4]);
            return -1;
        }
        if (read_block(z, p2 + 44, 8, &c) != 0) {
            snprintf(err, errlen, "bad TZif data");
            return -1;
        }
        foot = (const char *)p2 + 44 + size2;
        left = len - (size_t)(foot - (const char *)buf);
        nl = left > 1 && foot[0] == '\n' ? memchr(foot + 1, '\n', left - 1) : NULL;
        if (nl == NULL || (size_t)(nl - foot) > sizeof spec) {
            snprintf(err, errlen, "bad TZif footer");
            return -1;
        }
        memcpy(spec, foot + 1, (size_t)(nl - foot - 1));
        spec[nl - foot - 1] = '\0';
        if (spec[0] != '\0' && parse_tz_string(spec, z) != 0) {
            snprintf(err, errlen, "bad TZ rule '%s' in the TZif footer", spec);
            return -1;
        }
        return 0;
    }
    if (read_block(z, buf + 44, 4, &c) != 0) {
        snprintf(err, errlen, "bad TZif data");
        return -1;
    }
    return 0;
}

static struct zone *utc_zone(void)
{
    struct zone *z = calloc(1, sizeof *z);

    if (z == NULL || (z->types = calloc(1, sizeof *z->types)) == NULL) {
        free(z);
        return NULL;
    }
    z->ntypes = 1;
    snprintf(z->types[0].abbr, sizeof z->types[0].abbr, "UTC");
    return z;
}

int zone_load(const char *name, struct zone **out, char *err, size_t errlen)
{
    const char *dir = getenv("TZDIR");
    char path[PATH_MAX];
    unsigned char *buf = NULL;
    struct zone *z = NULL;
    size_t len = 0;
    FILE *f;
    int rc = -1;

    *out = NULL;
    if (name == NULL)
        snprintf(path, sizeof path, "/etc/localtime");
    else
        snprintf(path, sizeof path, "%s/%s",
                 dir != NULL && dir[0] != '\0' ? dir : "/usr/share/zoneinfo", name);
    f = fopen(path, "rbe"); /* close-on-exec */
    if (f == NULL && name == NULL && errno == ENOENT) {
        /* No system zone: UTC, as the C library does. */
        *out = utc_zone();
        if (*out == NULL)
            snprintf(err, errlen, "time zone: out of memory");
        return *out != NULL ? 0 : -1;
    }
    if (f == NULL) {
        snprintf(err, errlen, "time zone %s: %s", path, strerror(errno));
        return -1;
    }
    if ((buf = malloc(ZONE_FILE_MAX)) == NULL ||
        (z = calloc(1, sizeof *z)) == NULL) {
        snprintf(err, errlen, "time zone %s: out of memory", path);
        goto out;
    }
    len = fread(buf, 1, ZONE_FILE_MAX, f);
    if (ferror(f)) {
        snprintf(err, errlen, "time zone %s: %s", path, strerror(errno));
        goto out;
    }
    if (parse_file(z, buf, len, err, errlen) != 0) {
        char why[128];

        snprintf(why, sizeof why, "%s", err);
        snprintf(err, errlen, "time zone %s: %s", path, why);
        goto out;
    }
    *out = z;
    z = NULL;
    rc = 0;
out:
    fclose(f);
    free(buf);
    zone_free(z);
    return rc;
}

void zone_free(struct zone *z)
{
    if (z == NULL)
        return;
    free(z->trans);
    free(z->trans_type);
    free(z->types);
    free(z);
}
