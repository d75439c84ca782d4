/* Unit tests of daemon/log: prefixes, thresholds, one line per message,
 * errno preserved, journal detection from $JOURNAL_STREAM. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "log.h"

static char *contents(FILE *f)
{
    static char buf[4096];
    size_t n;

    fflush(f);
    fseek(f, 0, SEEK_SET);
    n = fread(buf, 1, sizeof buf - 1, f);
    buf[n] = '\0';
    return buf;
}

static void test_plain_and_prefixed(void **state)
{
    FILE *f = tmpfile();

    (void)state;
    log_setup(f, LOG_LEVEL_INFO, 0);
    log_err("cannot open %s", "x.db");
    log_debug("hidden");
    log_info("shown %d", 2);
    assert_string_equal(contents(f), "error: cannot open x.db\ninfo: shown 2\n");
    fclose(f);
    f = tmpfile();
    log_setup(f, LOG_LEVEL_DEBUG, 1);
    log_warning("w");
    log_notice("n");
    log_debug("d");
    assert_string_equal(contents(f), "<4>w\n<5>n\n<7>d\n");
    log_set_level(LOG_LEVEL_ERR);
    log_warning("dropped");
    log_err("kept");
    assert_string_equal(contents(f), "<4>w\n<5>n\n<7>d\n<3>kept\n");
    fclose(f);
    log_setup(NULL, LOG_LEVEL_INFO, 0);
}

static void test_one_line_and_errno(void **state)
{
    FILE *f = tmpfile();
    char big[LOG_MSG_MAX * 2];

    (void)state;
    log_setup(f, LOG_LEVEL_INFO, 1);
    errno = EPIPE;
    log_info("a\nb\r\tc");
    assert_int_equal(errno, EPIPE);
    assert_string_equal(contents(f), "<6>a b  c\n");
    fclose(f);
    f = tmpfile();
    log_setup(f, LOG_LEVEL_INFO, 0);
    memset(big, 'x', sizeof big - 1);
    big[sizeof big - 1] = '\0';
    log_info("%s", big);
    assert_int_equal(strlen(contents(f)), strlen("info: ") + LOG_MSG_MAX - 1 + 1);
    assert_non_null(strstr(contents(f), "xxx...\n"));
    fclose(f);
    log_setup(NULL, LOG_LEVEL_INFO, 0);
}

static void test_levels(void **state)
{
    enum log_level l;

    (void)state;
    assert_int_equal(log_level_parse("notice", &l), 0);
    assert_int_equal(l, LOG_LEVEL_NOTICE);
    assert_int_equal(log_level_parse("verbose", &l), -1);
    assert_string_equal(log_level_name(LOG_LEVEL_DEBUG), "debug");
    assert_string_equal(log_level_name((enum log_level)9), "unknown");
}

static void test_journal_detection(void **state)
{
    struct stat st;
    char value[64];

    (void)state;
    unsetenv("JOURNAL_STREAM");
    assert_int_equal(log_stderr_is_journal(), 0);
    assert_int_equal(fstat(2, &st), 0);
    snprintf(value, sizeof value, "%llu:%llu", (unsigned long long)st.st_dev,
             (unsigned long long)st.st_ino);
    setenv("JOURNAL_STREAM", value, 1);
    assert_int_equal(log_stderr_is_journal(), 1);
    /* Inherited by a process whose stderr went elsewhere: not the journal. */
    snprintf(value, sizeof value, "%llu:%llu", (unsigned long long)st.st_dev,
             (unsigned long long)st.st_ino + 1);
    setenv("JOURNAL_STREAM", value, 1);
    assert_int_equal(log_stderr_is_journal(), 0);
    setenv("JOURNAL_STREAM", "garbage", 1);
    assert_int_equal(log_stderr_is_journal(), 0);
    unsetenv("JOURNAL_STREAM");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_plain_and_prefixed),
        cmocka_unit_test(test_one_line_and_errno),
        cmocka_unit_test(test_levels),
        cmocka_unit_test(test_journal_detection),
    };

    return cmocka_run_group_tests(tests, NULL, NULL);
}
