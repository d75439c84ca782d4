/*
 * statelock: owns the lock file beside the database and its descriptor
 * (see statelock.h for why a separate file and an fcntl() lock).
 */
#include "statelock.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "log.h"

static int lock_whole(int fd, int cmd, struct flock *fl)
{
    memset(fl, 0, sizeof *fl);
    fl->l_type = F_WRLCK;
    fl->l_whence = SEEK_SET;
    return fcntl(fd, cmd, fl);
}

/* The PID holding the lock, from the kernel; 0 when it cannot say (the
 * holder exited between the two calls, or it is in another PID
 * namespace). */
static pid_t holder(int fd)
{
    struct flock fl;

    if (lock_whole(fd, F_GETLK, &fl) != 0 || fl.l_type == F_UNLCK)
        return 0;
    return fl.l_pid > 0 ? fl.l_pid : 0;
}

/* Replaces the file's text with our PID (for people: cat the file). */
static void write_pid(int fd)
{
    char text[32];
    int n = snprintf(text, sizeof text, "%ld\n", (long)getpid());

    if (ftruncate(fd, 0) != 0 || pwrite(fd, text, (size_t)n, 0) != n)
        log_warning("cannot write the PID into the lock file: %s (the lock "
                    "itself holds)",
                    strerror(errno));
}

int statelock_acquire(const char *database_path, int *fd, char *err, size_t errlen)
{
    size_t n = strlen(database_path) + sizeof ".lock";
    char *path = malloc(n);
    struct flock fl;
    int f;

    *fd = -1;
    if (path == NULL) {
        snprintf(err, errlen, "locking %s: out of memory", database_path);
        return STATELOCK_ERR;
    }
    snprintf(path, n, "%s.lock", database_path);
    f = open(path, O_RDWR | O_CREAT | O_CLOEXEC | O_NOCTTY | O_NOFOLLOW, 0640);
    if (f < 0) {
        snprintf(err, errlen, "cannot open the lock file %s: %s", path,
                 strerror(errno));
        free(path);
        return STATELOCK_ERR;
    }
    if (lock_whole(f, F_SETLK, &fl) != 0) {
        int e = errno;
        pid_t pid = e == EACCES || e == EAGAIN ? holder(f) : 0;

        if (e == EACCES || e == EAGAIN) {
            if (pid > 0)
                snprintf(err, errlen,
                         "database %s is in use by another sudokud (PID %ld holds "
                         "%s); stop it, or give this one another database",
                         database_path, (long)pid, path);
            else
                snprintf(err, errlen,
                         "database %s is in use by another sudokud (it holds %s); "
                         "stop it, or give this one another database",
                         database_path, path);
        } else {
            snprintf(err, errlen, "cannot lock %s: %s", path, strerror(e));
        }
        close(f);
        free(path);
        return e == EACCES || e == EAGAIN ? STATELOCK_HELD : STATELOCK_ERR;
    }
    write_pid(f);
    free(path);
    *fd = f;
    return STATELOCK_OK;
}

void statelock_release(int fd)
{
    if (fd >= 0)
        close(fd);
}
