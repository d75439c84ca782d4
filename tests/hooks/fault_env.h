/*
 * fault_env: SUDOKUD_TEST_FAULT for the test build of sudokud
 * (build/test/sudokud, compiled with -DSUDOKUD_TEST_HOOKS); the release
 * binary has none of it.
 *
 * SUDOKUD_TEST_FAULT=KIND:N[:COUNT] makes SQLite write points fail
 * (vfs_fault.h), counted from when the store is open.  Honoured only with
 * the test clock on (clock.h), which is itself refused under systemd.
 * Loop thread only; the failing VFS's state is process-wide.
 */
#ifndef SUDOKUD_FAULT_ENV_H
#define SUDOKUD_FAULT_ENV_H

/* Reads the variable and installs the failing VFS before any database is
 * opened.  test_clock is 1 when the test clock is on.  Returns 0 (also
 * when the variable is unset or ignored, with a warning logged), or -1
 * when its value is bad or SQLite refused the VFS (logged). */
int fault_env_setup(int test_clock);

/* Starts counting write points (the store is open).  No-op when unset. */
void fault_env_arm(void);

/* Logs how many write points were met and failed.  No-op when unset. */
void fault_env_report(void);

#endif
