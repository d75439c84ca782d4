/*
 * hang_resolver: a DNS server that never answers, for tests only
 * (build/test/hang_resolver.so, loaded with LD_PRELOAD; never linked into
 * a daemon).  getaddrinfo() of any name ending in ".sudokud-hang.test"
 * blocks as glibc's does while it waits on a resolver that does not
 * reply, except that it never gives up; every other name goes to the real
 * getaddrinfo.  When $SUDOKUD_TEST_HANG_MARK names a file, it is created
 * as the lookup starts, so a test knows the lookup is under way.
 */
#include <dlfcn.h>
#include <fcntl.h>
#include <netdb.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define HANG_SUFFIX ".sudokud-hang.test"

typedef int (*getaddrinfo_fn)(const char *, const char *, const struct addrinfo *,
                              struct addrinfo **);

int getaddrinfo(const char *node, const char *service, const struct addrinfo *hints,
                struct addrinfo **res)
{
    size_t n = node != NULL ? strlen(node) : 0, k = strlen(HANG_SUFFIX);
    getaddrinfo_fn real;

    if (n > k && strcmp(node + n - k, HANG_SUFFIX) == 0) {
        const char *mark = getenv("SUDOKUD_TEST_HANG_MARK");

        if (mark != NULL) {
            int fd = open(mark, O_WRONLY | O_CREAT | O_CLOEXEC, 0600);

            if (fd >= 0)
                close(fd);
        }
        for (;;)
            pause(); /* the thread is only ever abandoned */
    }
    real = (getaddrinfo_fn)(uintptr_t)dlsym(RTLD_NEXT, "getaddrinfo");
    if (real == NULL)
        return EAI_SYSTEM;
    return real(node, service, hints, res);
}
