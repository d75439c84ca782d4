/*
 * notify: the systemd service protocols, written directly (no libsystemd).
 *
 * notify_send writes one datagram ("READY=1", "STATUS=...", "WATCHDOG=1",
 * "STOPPING=1", "RELOADING=1") to the socket named by $NOTIFY_SOCKET, a path
 * or "@name" in the abstract namespace.  notify_listen_fds adopts the
 * sockets systemd passes by socket activation ($LISTEN_PID, $LISTEN_FDS,
 * descriptors from 3).  Nothing here is needed when not run by systemd.
 */
#ifndef SUDOKUD_NOTIFY_H
#define SUDOKUD_NOTIFY_H

#include <stdint.h>

#define NOTIFY_LISTEN_FDS_START 3

/* Sends state.  Returns 1 when sent, 0 when $NOTIFY_SOCKET is unset, or a
 * negative errno (-EINVAL for a malformed variable). */
int notify_send(const char *state);

/* Same with a printf format, e.g. notify_sendf("STATUS=%s", text). */
int notify_sendf(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/*
 * The watchdog interval systemd expects keep-alives within, in
 * microseconds, or 0 when no watchdog is set ($WATCHDOG_USEC unset or
 * invalid, or $WATCHDOG_PID naming another process).  Send WATCHDOG=1 every
 * half of it.
 */
uint64_t notify_watchdog_usec(void);

/*
 * Returns how many descriptors systemd passed (they are 3 .. 3+n-1), 0 when
 * none were passed to this process, or a negative errno.  Marks them
 * close-on-exec and unsets LISTEN_PID, LISTEN_FDS and LISTEN_FDNAMES so
 * children do not inherit the claim.  It changes the environment, so call
 * it before any other thread starts (server_start does, before the thread
 * pool and libcurl's resolver threads exist).
 */
int notify_listen_fds(void);

/* 1 when fd is a listening AF_UNIX stream socket (what the query socket
 * must be), 0 otherwise. */
int notify_is_unix_listener(int fd);

#endif
