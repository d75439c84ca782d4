/*
 * vfs_fault: FOR TESTS ONLY.  A SQLite VFS over the default one that makes
 * chosen write points fail as a full or failing disk would, to prove that
 * the store and the daemon lose nothing when writes fail.
 *
 * A write point is each xWrite, xTruncate or xSync on any file SQLite opens
 * through it (database, -wal, journal), counted from 1 after vfs_fault_arm
 * (none is counted, reported or failed before the first call).
 * Armed at point n for count points, the points n .. n+count-1 fail when
 * their kind matches:
 *   VFS_FAULT_FULL        writes and truncates fail with SQLITE_FULL (ENOSPC);
 *                         syncs pass (a full disk has nothing to flush)
 *   VFS_FAULT_EIO_WRITE   writes and truncates fail with SQLITE_IOERR_WRITE or
 *                         SQLITE_IOERR_TRUNCATE (EIO)
 *   VFS_FAULT_EIO_FSYNC   syncs fail with SQLITE_IOERR_FSYNC (EIO on fsync)
 * Reads, locks and the WAL index (shared memory) are never failed.
 *
 * Compiled only into test builds: the test daemon (build/test/sudokud)
 * installs it for SUDOKUD_TEST_FAULT=KIND:N[:COUNT] under the test clock
 * (fault_env.h), counting from when its store is open; the unit
 * tests drive it directly.  Not thread-safe: SQLite is used from one
 * thread in both.
 */
#ifndef SUDOKUD_VFS_FAULT_H
#define SUDOKUD_VFS_FAULT_H

#include <stddef.h>

enum vfs_fault_kind {
    VFS_FAULT_FULL,
    VFS_FAULT_EIO_WRITE,
    VFS_FAULT_EIO_FSYNC,
    VFS_FAULT_KINDS
};

#define VFS_FAULT_FOREVER 0x7fffffffL /* a count: until vfs_fault_disarm */

struct vfs_fault_spec {
    enum vfs_fault_kind kind;
    long at;    /* first failing write point, >= 1 */
    long count; /* write points it lasts, >= 1 */
};

/*
 * Called at every write point after arming: its number, what it is
 * ("write", "truncate", "sync"), the file's name (NULL for a temporary
 * file) and, when it was made to fail, how ("ENOSPC (SQLITE_FULL)"...),
 * else NULL.
 */
typedef void (*vfs_fault_report_cb)(long point, const char *op, const char *file,
                                    const char *failure);

/* Registers the VFS as SQLite's default, before any connection is opened.
 * report may be NULL.  Returns 0, or -1 when SQLite has no default VFS or
 * refuses the registration. */
int vfs_fault_install(vfs_fault_report_cb report);

/* Restarts the count of write points; spec NULL counts without failing. */
void vfs_fault_arm(const struct vfs_fault_spec *spec);

/* Stops failing (the disk has space again); counting goes on. */
void vfs_fault_disarm(void);

/* Write points met and faults injected since the last vfs_fault_arm. */
long vfs_fault_points(void);
long vfs_fault_injected(void);

/* "enospc", "eio", "eio-fsync". */
const char *vfs_fault_kind_name(enum vfs_fault_kind kind);

/* Parses "KIND:N" or "KIND:N:COUNT" (KIND as above, N and COUNT from 1).
 * Returns 0, or -1 with the problem in err. */
int vfs_fault_parse(const char *text, struct vfs_fault_spec *out, char *err,
                    size_t errlen);

#endif
