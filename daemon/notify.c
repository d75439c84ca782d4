/*
 * notify: owns the sd_notify datagram protocol and the socket-activation
 * handshake, following sd_notify(3) and sd_listen_fds(3).  Each message opens
 * its own socket: the daemon sends a few per minute at most, and a fresh
 * socket survives the notify socket being re-created by a systemd restart.
 */
#include "notify.h"

#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <unistd.h>

static int notify_address(struct sockaddr_un *sa, socklen_t *len)
{
    const char *path = getenv("NOTIFY_SOCKET");
    size_t n;

    if (path == NULL || path[0] == '\0')
        return 0;
    n = strlen(path);
    if ((path[0] != '/' && path[0] != '@') || n < 2)
        return -EINVAL;
    if (n >= sizeof sa->sun_path)
        return -ENAMETOOLONG;
    memset(sa, 0, sizeof *sa);
    sa->sun_family = AF_UNIX;
    memcpy(sa->sun_path, path, n);
    if (path[0] == '@')
        sa->sun_path[0] = '\0'; /* abstract: the length, not a NUL, ends it */
    *len = (socklen_t)(offsetof(struct sockaddr_un, sun_path) + n +
                       (path[0] == '/'));
    return 1;
}

int notify_send(const char *state)
{
    struct sockaddr_un sa;
    socklen_t salen = 0;
    ssize_t sent;
    int fd, rc, saved;

    if ((rc = notify_address(&sa, &salen)) <= 0)
        return rc;
    fd = socket(AF_UNIX, SOCK_DGRAM | SOCK_CLOEXEC, 0);
    if (fd < 0)
        return -errno;
    sent = sendto(fd, state, strlen(state), MSG_NOSIGNAL, (struct sockaddr *)&sa,
                  salen);
    saved = errno;
    close(fd);
    if (sent < 0)
        return -saved;
    return (size_t)sent == strlen(state) ? 1 : -EMSGSIZE;
}

int notify_sendf(const char *fmt, ...)
{
    char buf[1024];
    va_list ap;

    va_start(ap, fmt);
    vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    return notify_send(buf);
}

/* Parses a decimal unsigned value filling the whole string. */
static int parse_u64(const char *s, uint64_t *out)
{
    char *end;
    unsigned long long v;

    if (s == NULL || s[0] < '0' || s[0] > '9')
        return -1;
    errno = 0;
    v = strtoull(s, &end, 10);
    if (errno != 0 || *end != '\0')
        return -1;
    *out = v;
    return 0;
}

uint64_t notify_watchdog_usec(void)
{
    const char *pid = getenv("WATCHDOG_PID");
    uint64_t usec, p;

    if (parse_u64(getenv("WATCHDOG_USEC"), &usec) != 0 || usec == 0)
        return 0;
    if (pid != NULL && (parse_u64(pid, &p) != 0 || p != (uint64_t)getpid()))
        return 0;
    return usec;
}

int notify_listen_fds(void)
{
    uint64_t pid, n;
    int rc = 0;

    if (parse_u64(getenv("LISTEN_PID"), &pid) != 0 || pid != (uint64_t)getpid())
        goto out;
    if (parse_u64(getenv("LISTEN_FDS"), &n) != 0 || n > 64) {
        rc = -EINVAL;
        goto out;
    }
    for (int fd = NOTIFY_LISTEN_FDS_START; fd < NOTIFY_LISTEN_FDS_START + (int)n;
         fd++) {
        int flags = fcntl(fd, F_GETFD);

        if (flags < 0 || fcntl(fd, F_SETFD, flags | FD_CLOEXEC) < 0) {
            rc = -errno;
            goto out;
        }
    }
    rc = (int)n;
out:
    unsetenv("LISTEN_PID");
    unsetenv("LISTEN_FDS");
    unsetenv("LISTEN_FDNAMES");
    return rc;
}

int notify_is_unix_listener(int fd)
{
    struct sockaddr_un sa;
    socklen_t len = sizeof sa;
    int type = 0, listening = 0;
    socklen_t ilen = sizeof type;

    if (getsockopt(fd, SOL_SOCKET, SO_TYPE, &type, &ilen) != 0 ||
        type != SOCK_STREAM)
        return 0;
    ilen = sizeof listening;
    if (getsockopt(fd, SOL_SOCKET, SO_ACCEPTCONN, &listening, &ilen) != 0 ||
        !listening)
        return 0;
    if (getsockname(fd, (struct sockaddr *)&sa, &len) != 0)
        return 0;
    return sa.sun_family == AF_UNIX;
}
