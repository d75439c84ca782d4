/*
 * statelock: one daemon per database.  The lock is an exclusive fcntl()
 * record lock on "<database>.lock" beside the database, taken before the
 * database is opened and held until the process ends (the kernel drops it
 * on any exit, kill -9 included, so a stale file never blocks a start).
 * The file holds the holder's PID as text, for people; the PID a refused
 * start names comes from the kernel (F_GETLK), so it is the live holder.
 *
 * SQLite's own locks are fcntl() locks on the database file; this lock is
 * on a separate file so that opening and closing it never releases
 * SQLite's (POSIX record locks belong to the process and fall with any
 * close() of the file they are on).
 */
#ifndef SUDOKUD_STATELOCK_H
#define SUDOKUD_STATELOCK_H

#include <stddef.h>
#include <sys/types.h>

#define STATELOCK_ERR_MAX 512

enum statelock_status {
    STATELOCK_OK = 0,
    STATELOCK_HELD = 1,  /* another process holds it; err names its PID */
    STATELOCK_ERR = -1,  /* the lock file cannot be created or locked */
};

/*
 * Locks "<database_path>.lock" (created 0640 when missing).  On
 * STATELOCK_OK *fd is the open lock file, kept open for the life of the
 * process (statelock_release closes it); otherwise *fd is -1 and err says
 * what to do.
 */
int statelock_acquire(const char *database_path, int *fd, char *err, size_t errlen);

/* Closes the lock file, which releases the lock.  -1 is fine. */
void statelock_release(int fd);

#endif
