/*
 * clock: the wall clock the schedule and the query socket's "today" read.
 *
 * In the release build clock_now() is time(NULL) and clock_real_ms()
 * returns its argument (at least 1).
 *
 * The test build only (compiled with -DSUDOKUD_TEST_HOOKS: build/test/
 * sudokud, for make soak and the fault tests) has an accelerated clock: a
 * process started with all of
 *     SUDOKUD_TEST_CLOCK=1
 *     SUDOKUD_TEST_DAY_SECONDS=S    a simulated day lasts S real seconds (0.05..86400)
 *     SUDOKUD_TEST_EPOCH=T          Unix seconds where simulated and real time meet
 * sees simulated time T + (real - T) * 86400 / S, so restarts (kill -9) keep
 * the same simulated calendar.  With SUDOKUD_TEST_CLOCK_STEP_FILE=PATH as
 * well, the integer in that file (simulated seconds, negative for a step
 * back; 0 while the file is absent) is added, read at every clock_now(), so
 * a test steps the clock of a running daemon by writing the file.  Only the choice of dates is accelerated:
 * stored timestamps, webhook events, their retries and timeouts stay on
 * real time.  Ignored without SUDOKUD_TEST_CLOCK=1, and refused under
 * systemd ($INVOCATION_ID set).
 */
#ifndef SUDOKUD_CLOCK_H
#define SUDOKUD_CLOCK_H

#include <stddef.h>
#include <stdint.h>
#include <time.h>

#ifdef SUDOKUD_TEST_HOOKS
#define CLOCK_ERR_MAX 256

/*
 * Reads the environment once, at start, from the loop thread.  Returns 0
 * for the real clock, 1 when the test clock is on (err then holds a line
 * to log as a warning), or -1 with the problem in err when a test clock is
 * asked for with bad or missing values, or under systemd.
 */
int clock_init_from_env(char *err, size_t errlen);
#endif

/* Now, in Unix seconds, as the calendar of the schedule sees it. */
time_t clock_now(void);

/* Real milliseconds a timer waits for ms of clock_now() time to pass (at
 * least 1; at least 10 under the test clock, so it never spins). */
uint64_t clock_real_ms(uint64_t ms);

#endif
