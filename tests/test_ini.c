/* Unit tests of daemon/ini: what the handlers get (headers split into
 * name and sub, keys and values trimmed, line numbers), what is skipped,
 * the syntax errors with FILE:LINE, and a handler stopping the reading. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ini.h"

/* Every call, one line each: "LINE [NAME|SUB]" or "LINE KEY=VALUE". */
struct log {
    char text[4096];
    size_t len;
    int stop_at; /* the handler refuses this line; 0: none */
};

static int on_section(void *ctx, int line, const char *header, size_t name_len,
                      const char *sub)
{
    struct log *l = ctx;

    l->len += (size_t)snprintf(l->text + l->len, sizeof l->text - l->len,
                               "%d [%.*s|%s]\n", line, (int)name_len, header, sub);
    return line == l->stop_at;
}

static int on_key(void *ctx, int line, const char *key, const char *value)
{
    struct log *l = ctx;

    l->len += (size_t)snprintf(l->text + l->len, sizeof l->text - l->len,
                               "%d %s=%s\n", line, key, value);
    return line == l->stop_at;
}

static const struct ini_handler handler = {on_section, on_key, "[main]"};

/* Reads text (a copy), returns ini_read's status; the calls go to l. */
static int read_text(const char *text, size_t len, struct log *l, char *err,
                     size_t errlen)
{
    char *copy = malloc(len + 1);
    int rc;

    assert_non_null(copy);
    memcpy(copy, text, len);
    copy[len] = '\0';
    rc = ini_read(copy, len, "t.ini", &handler, l, err, errlen);
    free(copy);
    return rc;
}

static void expect_calls(const char *text, const char *calls)
{
    struct log l = {.stop_at = 0};
    char err[256] = "";

    if (read_text(text, strlen(text), &l, err, sizeof err) != INI_OK)
        fail_msg("for:\n%s\nunexpected error: %s", text, err);
    assert_string_equal(l.text, calls);
}

static void expect_syntax(const char *text, size_t len, const char *msg)
{
    struct log l = {.stop_at = 0};
    char err[256] = "";

    assert_int_equal(read_text(text, len, &l, err, sizeof err), INI_ERR_SYNTAX);
    assert_string_equal(err, msg);
}

static void test_calls(void **state)
{
    (void)state;
    expect_calls(
        "# comment\n; comment\n\n[main]\nkey = value\n  spaced_key\t=\t v a l \t\n"
        "empty =\nurl = https://x.org/a;b#c\n",
        "4 [main|]\n5 key=value\n6 spaced_key=v a l\n7 empty=\n"
        "8 url=https://x.org/a;b#c\n");
    expect_calls("[ hook  \"the name\" ]\n[hook\t\"x\"]\n[a b c]\n[]\n",
                 "1 [hook|\"the name\"]\n2 [hook|\"x\"]\n3 [a|b c]\n4 [|]\n");
    expect_calls("k = a = b\n", "1 k=a = b\n");
    /* A byte order mark, CRLF ends and no final newline. */
    expect_calls("\xEF\xBB\xBF[main]\r\nk = v\r\nlast = 1",
                 "1 [main|]\n2 k=v\n3 last=1\n");
    expect_calls("", "");
}

static void test_syntax_errors(void **state)
{
    char *text = malloc(INI_LINE_MAX + 16);

    (void)state;
    expect_syntax(
        "[main]\njust words\n", 18,
        "t.ini:2: expected \"key = value\", a [section] header or a comment");
    expect_syntax(
        "Key = v\n", 8,
        "t.ini:1: expected \"key = value\", a [section] header or a comment");
    expect_syntax(
        " = v\n", 5,
        "t.ini:1: expected \"key = value\", a [section] header or a comment");
    expect_syntax("[main\n", 6,
                  "t.ini:1: expected a section header such as [main]");
    expect_syntax("[main] x\n", 9,
                  "t.ini:1: expected a section header such as [main]");
    expect_syntax("\n\nk = a\0b\n", 10, "t.ini:3: line contains a NUL byte");
    assert_non_null(text);
    memset(text, '#', INI_LINE_MAX);
    text[INI_LINE_MAX] = '\n';
    text[INI_LINE_MAX + 1] = '\0';
    expect_calls(text, ""); /* exactly the limit: a comment */
    text[INI_LINE_MAX] = '#';
    text[INI_LINE_MAX + 1] = '\n';
    expect_syntax(text, INI_LINE_MAX + 2,
                  "t.ini:1: line is 8193 bytes long; the limit is 8192");
    free(text);
}

static void test_handler_stops(void **state)
{
    struct log l = {.stop_at = 2};
    char err[64] = "untouched";

    (void)state;
    assert_int_equal(read_text("a = 1\n[s]\nb = 2\n", 16, &l, err, sizeof err),
                     INI_ERR_HANDLER);
    assert_string_equal(l.text, "1 a=1\n2 [s|]\n");
    assert_string_equal(err, "untouched"); /* the handler's message stays */
    l = (struct log){.stop_at = 3};
    assert_int_equal(
        read_text("a = 1\n[s]\nb = 2\nc = 3\n", 22, &l, err, sizeof err),
        INI_ERR_HANDLER);
    assert_string_equal(l.text, "1 a=1\n2 [s|]\n3 b=2\n");
}

static void test_unquote(void **state)
{
    char out[5];

    (void)state;
    assert_int_equal(ini_unquote("\"name\"", out, sizeof out), 4);
    assert_string_equal(out, "name");
    assert_int_equal(ini_unquote("\"names\"", out, sizeof out), -1); /* too long */
    assert_int_equal(ini_unquote("\"\"", out, sizeof out), -1);
    assert_int_equal(ini_unquote("name", out, sizeof out), -1);
    assert_int_equal(ini_unquote("\"name", out, sizeof out), -1);
    assert_int_equal(ini_unquote("\"", out, sizeof out), -1);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_calls),
        cmocka_unit_test(test_syntax_errors),
        cmocka_unit_test(test_handler_stops),
        cmocka_unit_test(test_unquote),
    };

    return cmocka_run_group_tests(tests, NULL, NULL);
}
