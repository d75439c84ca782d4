/*
 * clock: owns the daemon's notion of "now" for the calendar, and in the
 * test build only the accelerated clock of make soak (see clock.h for its
 * rules), set once at start on the loop thread, read-only afterwards.
 */
#include "clock.h"

#ifndef SUDOKUD_TEST_HOOKS

time_t clock_now(void)
{
    return time(NULL);
}

uint64_t clock_real_ms(uint64_t ms)
{
    return ms > 0 ? ms : 1;
}

#else

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define DAY_S 86400.0

static struct {
    int on;
    double factor;         /* simulated seconds per real second */
    double epoch;          /* where the two clocks meet */
    const char *step_file; /* SUDOKUD_TEST_CLOCK_STEP_FILE, or NULL */
} test_clock;

/* The step the test asks for now: the integer in the step file, in
 * simulated seconds (0 without the file or with no number in it). */
static double step_s(void)
{
    FILE *f;
    long long step = 0;

    if (test_clock.step_file == NULL || (f = fopen(test_clock.step_file, "re")) == NULL)
        return 0;
    if (fscanf(f, "%lld", &step) != 1)
        step = 0;
    fclose(f);
    return (double)step;
}

static int parse_number(const char *name, double lo, double hi, double *out,
                        char *err, size_t errlen)
{
    const char *text = getenv(name);
    char *end;

    if (text == NULL || text[0] == '\0') {
        snprintf(err, errlen, "SUDOKUD_TEST_CLOCK=1 needs %s", name);
        return -1;
    }
    errno = 0;
    *out = strtod(text, &end);
    if (errno != 0 || *end != '\0' || !(*out >= lo && *out <= hi)) {
        snprintf(err, errlen, "%s: expected a number from %g to %g, got '%.40s'",
                 name, lo, hi, text);
        return -1;
    }
    return 0;
}

int clock_init_from_env(char *err, size_t errlen)
{
    const char *on = getenv("SUDOKUD_TEST_CLOCK");
    double day_s, epoch;

    test_clock.on = 0;
    if (on == NULL || strcmp(on, "1") != 0)
        return 0;
    if (getenv("INVOCATION_ID") != NULL) {
        snprintf(err, errlen,
                 "SUDOKUD_TEST_CLOCK is for tests and refused under systemd "
                 "($INVOCATION_ID is set); remove it from the unit");
        return -1;
    }
    if (parse_number("SUDOKUD_TEST_DAY_SECONDS", 0.05, DAY_S, &day_s, err,
                     errlen) != 0 ||
        parse_number("SUDOKUD_TEST_EPOCH", 0, 253402300799.0, &epoch, err,
                     errlen) != 0)
        return -1;
    test_clock.on = 1;
    test_clock.factor = DAY_S / day_s;
    test_clock.epoch = epoch;
    test_clock.step_file = getenv("SUDOKUD_TEST_CLOCK_STEP_FILE");
    snprintf(err, errlen,
             "TEST CLOCK: a day passes every %g real seconds from %.0f; "
             "never use this in production",
             day_s, epoch);
    return 1;
}

time_t clock_now(void)
{
    struct timespec ts;

    if (!test_clock.on)
        return time(NULL);
    clock_gettime(CLOCK_REALTIME, &ts);
    double real = (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
    return (time_t)(test_clock.epoch + (real - test_clock.epoch) * test_clock.factor +
                    step_s());
}

uint64_t clock_real_ms(uint64_t ms)
{
    if (!test_clock.on)
        return ms > 0 ? ms : 1;
    uint64_t real = (uint64_t)((double)ms / test_clock.factor);
    return real > 10 ? real : 10;
}

#endif
