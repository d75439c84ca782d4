/* Unit tests of daemon/notify with real AF_UNIX datagram sockets (a path
 * and the abstract namespace) and real descriptors for socket activation. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <unistd.h>

#include "notify.h"

/* Binds a datagram socket at name (a path, or "@abstract"). */
static int bind_receiver(const char *name)
{
    struct sockaddr_un sa = {.sun_family = AF_UNIX};
    size_t n = strlen(name);
    int fd = socket(AF_UNIX, SOCK_DGRAM | SOCK_CLOEXEC, 0);

    assert_true(fd >= 0);
    memcpy(sa.sun_path, name, n);
    if (name[0] == '@')
        sa.sun_path[0] = '\0';
    else
        unlink(name);
    assert_int_equal(bind(fd, (struct sockaddr *)&sa,
                          (socklen_t)(offsetof(struct sockaddr_un, sun_path) + n)),
                     0);
    return fd;
}

static void expect_message(int fd, const char *expected)
{
    char buf[256];
    ssize_t n = recv(fd, buf, sizeof buf - 1, MSG_DONTWAIT);

    assert_true(n >= 0);
    buf[n] = '\0';
    assert_string_equal(buf, expected);
}

static void test_send_to_path(void **state)
{
    char path[64];
    int fd;

    (void)state;
    snprintf(path, sizeof path, "/tmp/test_notify.%d.sock", (int)getpid());
    fd = bind_receiver(path);
    setenv("NOTIFY_SOCKET", path, 1);
    assert_int_equal(notify_send("READY=1"), 1);
    expect_message(fd, "READY=1");
    assert_int_equal(notify_sendf("STATUS=%d puzzle(s) missing", 9), 1);
    expect_message(fd, "STATUS=9 puzzle(s) missing");
    close(fd);
    unlink(path);
    /* The receiver is gone: an error, not a crash. */
    assert_int_equal(notify_send("STOPPING=1"), -ENOENT);
    unsetenv("NOTIFY_SOCKET");
}

static void test_send_to_abstract(void **state)
{
    char name[64];
    int fd;

    (void)state;
    snprintf(name, sizeof name, "@test_notify.%d", (int)getpid());
    fd = bind_receiver(name);
    setenv("NOTIFY_SOCKET", name, 1);
    assert_int_equal(notify_send("WATCHDOG=1"), 1);
    expect_message(fd, "WATCHDOG=1");
    close(fd);
    unsetenv("NOTIFY_SOCKET");
}

static void test_unset_and_malformed(void **state)
{
    char longpath[200];

    (void)state;
    unsetenv("NOTIFY_SOCKET");
    assert_int_equal(notify_send("READY=1"), 0);
    setenv("NOTIFY_SOCKET", "", 1);
    assert_int_equal(notify_send("READY=1"), 0);
    setenv("NOTIFY_SOCKET", "relative/path", 1);
    assert_int_equal(notify_send("READY=1"), -EINVAL);
    setenv("NOTIFY_SOCKET", "@", 1);
    assert_int_equal(notify_send("READY=1"), -EINVAL);
    memset(longpath, 'a', sizeof longpath - 1);
    longpath[0] = '/';
    longpath[sizeof longpath - 1] = '\0';
    setenv("NOTIFY_SOCKET", longpath, 1);
    assert_int_equal(notify_send("READY=1"), -ENAMETOOLONG);
    unsetenv("NOTIFY_SOCKET");
}

static void test_watchdog_usec(void **state)
{
    char pid[32];

    (void)state;
    unsetenv("WATCHDOG_PID");
    unsetenv("WATCHDOG_USEC");
    assert_int_equal(notify_watchdog_usec(), 0);
    setenv("WATCHDOG_USEC", "30000000", 1);
    assert_int_equal(notify_watchdog_usec(), 30000000);
    snprintf(pid, sizeof pid, "%d", (int)getpid());
    setenv("WATCHDOG_PID", pid, 1);
    assert_int_equal(notify_watchdog_usec(), 30000000);
    snprintf(pid, sizeof pid, "%d", (int)getpid() + 1);
    setenv("WATCHDOG_PID", pid, 1);
    assert_int_equal(notify_watchdog_usec(), 0);
    unsetenv("WATCHDOG_PID");
    setenv("WATCHDOG_USEC", "soon", 1);
    assert_int_equal(notify_watchdog_usec(), 0);
    setenv("WATCHDOG_USEC", "0", 1);
    assert_int_equal(notify_watchdog_usec(), 0);
    unsetenv("WATCHDOG_USEC");
}

/* Puts a listening AF_UNIX stream socket on fd 3, as systemd would. */
static void fake_activation(const char *path, const char *pid)
{
    struct sockaddr_un sa = {.sun_family = AF_UNIX};
    int fd = socket(AF_UNIX, SOCK_STREAM, 0);

    snprintf(sa.sun_path, sizeof sa.sun_path, "%s", path);
    unlink(path);
    assert_int_equal(bind(fd, (struct sockaddr *)&sa, sizeof sa), 0);
    assert_int_equal(listen(fd, 4), 0);
    if (fd != NOTIFY_LISTEN_FDS_START) {
        assert_int_equal(dup2(fd, NOTIFY_LISTEN_FDS_START),
                         NOTIFY_LISTEN_FDS_START);
        close(fd);
    }
    setenv("LISTEN_PID", pid, 1);
    setenv("LISTEN_FDS", "1", 1);
    setenv("LISTEN_FDNAMES", "query", 1);
}

static void test_listen_fds(void **state)
{
    char path[64], pid[32];
    int saved = dup(NOTIFY_LISTEN_FDS_START); /* fd 3 may be in use: keep it */

    (void)state;
    snprintf(path, sizeof path, "/tmp/test_notify.%d.listen", (int)getpid());
    snprintf(pid, sizeof pid, "%d", (int)getpid());
    fake_activation(path, pid);
    assert_int_equal(notify_listen_fds(), 1);
    assert_true(fcntl(NOTIFY_LISTEN_FDS_START, F_GETFD) & FD_CLOEXEC);
    assert_int_equal(notify_is_unix_listener(NOTIFY_LISTEN_FDS_START), 1);
    assert_null(getenv("LISTEN_PID"));
    assert_null(getenv("LISTEN_FDS"));
    assert_null(getenv("LISTEN_FDNAMES"));
    /* Consumed: a second call finds nothing. */
    assert_int_equal(notify_listen_fds(), 0);
    /* Meant for another process: ignored, and the claim is dropped. */
    snprintf(pid, sizeof pid, "%d", (int)getpid() + 1);
    fake_activation(path, pid);
    assert_int_equal(notify_listen_fds(), 0);
    assert_null(getenv("LISTEN_FDS"));
    snprintf(pid, sizeof pid, "%d", (int)getpid());
    setenv("LISTEN_PID", pid, 1);
    setenv("LISTEN_FDS", "many", 1);
    assert_int_equal(notify_listen_fds(), -EINVAL);
    close(NOTIFY_LISTEN_FDS_START);
    unlink(path);
    if (saved >= 0) {
        dup2(saved, NOTIFY_LISTEN_FDS_START);
        close(saved);
    }
}

static void test_is_unix_listener(void **state)
{
    int sv[2];

    (void)state;
    assert_int_equal(socketpair(AF_UNIX, SOCK_STREAM, 0, sv), 0);
    assert_int_equal(notify_is_unix_listener(sv[0]), 0); /* not listening */
    close(sv[0]);
    close(sv[1]);
    assert_int_equal(notify_is_unix_listener(0 + 1000), 0); /* not open */
    sv[0] = socket(AF_INET, SOCK_STREAM, 0);
    assert_int_equal(listen(sv[0], 1), 0);
    assert_int_equal(notify_is_unix_listener(sv[0]), 0); /* not AF_UNIX */
    close(sv[0]);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_send_to_path),
        cmocka_unit_test(test_send_to_abstract),
        cmocka_unit_test(test_unset_and_malformed),
        cmocka_unit_test(test_watchdog_usec),
        cmocka_unit_test(test_listen_fds),
        cmocka_unit_test(test_is_unix_listener),
    };

    return cmocka_run_group_tests(tests, NULL, NULL);
}
