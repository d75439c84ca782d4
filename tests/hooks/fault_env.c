/*
 * fault_env: owns the test daemon's reading of SUDOKUD_TEST_FAULT and the
 * log lines of each fault it injects (see fault_env.h).
 */
#include "fault_env.h"

#include <stdlib.h>
#include <string.h>

#include "log.h"
#include "vfs_fault.h"

static int fault_on;
static struct vfs_fault_spec fault;

static void report_fault(long point, const char *op, const char *file,
                         const char *failure)
{
    const char *base = file != NULL ? strrchr(file, '/') : NULL;
    const char *name = base != NULL   ? base + 1
                       : file != NULL ? file
                                      : "a temporary file";

    if (failure != NULL)
        log_warning("TEST FAULT: write point %ld (%s of %s) fails with %s", point,
                    op, name, failure);
    else
        log_debug("test fault: write point %ld (%s of %s)", point, op, name);
}

int fault_env_setup(int test_clock)
{
    const char *text = getenv("SUDOKUD_TEST_FAULT");
    char err[160];

    if (text == NULL || text[0] == '\0')
        return 0;
    if (!test_clock) {
        log_warning(
            "SUDOKUD_TEST_FAULT ignored: it works only with SUDOKUD_TEST_CLOCK=1");
        return 0;
    }
    if (vfs_fault_parse(text, &fault, err, sizeof err) != 0) {
        log_err("SUDOKUD_TEST_FAULT: %s", err);
        return -1;
    }
    if (vfs_fault_install(report_fault) != 0) {
        log_err("SUDOKUD_TEST_FAULT: SQLite refused the failing VFS");
        return -1;
    }
    fault_on = 1;
    log_warning(
        "TEST FAULT: SQLite write points %ld to %ld fail as %s; never use this in "
        "production",
        fault.at, fault.at + fault.count - 1, vfs_fault_kind_name(fault.kind));
    return 0;
}

void fault_env_arm(void)
{
    if (fault_on)
        vfs_fault_arm(&fault);
}

void fault_env_report(void)
{
    if (fault_on)
        log_warning("TEST FAULT: %ld write points met, %ld failed",
                    vfs_fault_points(), vfs_fault_injected());
}
