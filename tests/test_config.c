/* Unit tests of daemon/config: defaults, every key, every error message
 * (file:line: key: problem), long lines, secret files, the shipped
 * example files and the --print-config round trip. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "config.h"
#include "ini.h"

#define GEN "[generator]\nsecret = 0123456789abcdef\n"
#define WHSEC "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw"

static char tmpdir[] = "/tmp/test_config.XXXXXX";

static int setup(void **state)
{
    (void)state;
    return mkdtemp(tmpdir) == NULL ? -1 : 0;
}

static int teardown(void **state)
{
    char cmd[64];

    (void)state;
    snprintf(cmd, sizeof cmd, "rm -rf %s", tmpdir);
    return system(cmd);
}

static int parse(struct config *cfg, const char *text, char *err)
{
    return config_parse(cfg, "sudokud.conf", text, strlen(text), err,
                        CONFIG_ERR_MAX);
}

/* Parses text, expects failure with exactly the message expected. */
static void expect_error(const char *text, const char *expected)
{
    struct config cfg;
    char err[CONFIG_ERR_MAX] = "";
    int rc = parse(&cfg, text, err);

    if (rc == CONFIG_OK || strcmp(err, expected) != 0)
        fail_msg("for:\n%s\nexpected: %s\n     got: %s (rc %d)", text, expected,
                 err, rc);
    config_free(&cfg);
}

static void expect_ok(struct config *cfg, const char *text)
{
    char err[CONFIG_ERR_MAX] = "";

    if (parse(cfg, text, err) != CONFIG_OK)
        fail_msg("unexpected error: %s", err);
}

/* Writes a file under tmpdir with the given mode; returns its path. */
static const char *write_file(const char *name, const char *content, mode_t mode)
{
    static char path[256];
    FILE *f;

    snprintf(path, sizeof path, "%s/%s", tmpdir, name);
    f = fopen(path, "w");
    assert_non_null(f);
    fputs(content, f);
    fclose(f);
    assert_int_equal(chmod(path, mode), 0);
    return path;
}

static void test_defaults(void **state)
{
    struct config cfg;

    (void)state;
    expect_ok(&cfg, GEN);
    assert_string_equal(cfg.state_directory, "/var/lib/sudokud");
    assert_string_equal(cfg.database_path, "/var/lib/sudokud/sudokud.db");
    assert_string_equal(cfg.socket_path, "/run/sudokud/sudokud.sock");
    assert_int_equal(cfg.socket_mode, 0660);
    assert_null(cfg.socket_group);
    assert_int_equal(cfg.socket_max_clients, 2048);
    assert_int_equal(cfg.socket_idle_timeout, 60);
    assert_int_equal(cfg.socket_request_timeout, 10);
    assert_int_equal(cfg.socket_search_budget, 100000);
    assert_int_equal(cfg.log_level, LOG_LEVEL_INFO);
    assert_null(cfg.time_zone);
    assert_int_equal(cfg.publish_minute, 0);
    assert_int_equal(cfg.days_ahead, 2);
    assert_int_equal(cfg.tiers, CONFIG_TIER_BIT(GRADE_EASY) |
                                    CONFIG_TIER_BIT(GRADE_MEDIUM) |
                                    CONFIG_TIER_BIT(GRADE_HARD));
    assert_int_equal(cfg.symmetry, GEN_SYM_ROT180);
    assert_string_equal(cfg.generator_secret, "0123456789abcdef");
    assert_int_equal(cfg.webhook_count, 0);
    config_free(&cfg);
    config_free(&cfg); /* twice is harmless */
}

static void test_every_key(void **state)
{
    struct config cfg;

    (void)state;
    expect_ok(&cfg,
              "# comment\n; comment\n\n[daemon]\nstate_directory = var\n"
              "database = /abs/x.db\nsocket = var/s.sock\nsocket_mode = 0600\n"
              "socket_group = root\nlog_level = debug\n[schedule]\n"
              "time_zone = Europe/Berlin\npublish_time = 04:30\ndays_ahead = 366\n"
              "tiers = hard,expert  easy extreme\n[generator]\nsymmetry = diagonal\n"
              "secret = 0123456789abcdef#;x\n"
              "[webhook \"site-1\"]\nurl = https://example.org/h?a=1;b=2#frag\n"
              "secret = " WHSEC "\ninclude_solutions = yes\ntimeout = 10\n"
              "header = X-Site: one\nheader = Authorization: Bearer x\n"
              "enabled = off\nca_file = /etc/hostname\nretry_base = 1\n"
              "[webhook \"local\"]\nurl = http://127.0.0.1:8080/\nsecret = " WHSEC
              "\n");
    assert_string_equal(cfg.state_directory, "var");
    assert_string_equal(cfg.database_path, "/abs/x.db");
    assert_int_equal(cfg.socket_mode, 0600);
    assert_string_equal(cfg.socket_group, "root");
    assert_int_equal(cfg.log_level, LOG_LEVEL_DEBUG);
    assert_string_equal(cfg.time_zone, "Europe/Berlin");
    assert_int_equal(cfg.publish_minute, 270);
    assert_int_equal(cfg.days_ahead, 366);
    assert_int_equal(cfg.tiers, CONFIG_TIER_BIT(GRADE_EASY) |
                                    CONFIG_TIER_BIT(GRADE_HARD) |
                                    CONFIG_TIER_BIT(GRADE_EXPERT) |
                                    CONFIG_TIER_BIT(GRADE_EXTREME));
    assert_int_equal(cfg.symmetry, GEN_SYM_DIAGONAL);
    /* No inline comments: '#' and ';' belong to the value. */
    assert_string_equal(cfg.generator_secret, "0123456789abcdef#;x");
    assert_int_equal(cfg.webhook_count, 2);
    assert_string_equal(cfg.webhooks[0].name, "site-1");
    assert_string_equal(cfg.webhooks[0].url, "https://example.org/h?a=1;b=2#frag");
    assert_string_equal(cfg.webhooks[0].secret, WHSEC);
    assert_null(cfg.webhooks[0].secret_file);
    assert_int_equal(cfg.webhooks[0].include_solutions, 1);
    assert_int_equal(cfg.webhooks[0].timeout_s, 10);
    assert_int_equal(cfg.webhooks[0].header_count, 2);
    assert_string_equal(cfg.webhooks[0].headers[1], "Authorization: Bearer x");
    assert_int_equal(cfg.webhooks[0].enabled, 0);
    assert_string_equal(cfg.webhooks[0].ca_file, "/etc/hostname");
    assert_int_equal(cfg.webhooks[0].retry_base_s, 1);
    assert_int_equal(cfg.webhooks[1].enabled, 1);
    assert_int_equal(cfg.webhooks[1].retry_base_s, 5);
    assert_int_equal(cfg.webhooks[1].timeout_s, 30);
    assert_int_equal(cfg.webhooks[1].include_solutions, 0);
    config_free(&cfg);
}

static void test_value_errors(void **state)
{
    (void)state;
    expect_error(
        "[schedule]\n\ndays_ahead = two\n" GEN,
        "sudokud.conf:3: days_ahead: expected an integer from 0 to 366, got 'two'");
    expect_error(
        "[schedule]\ndays_ahead = 367\n",
        "sudokud.conf:2: days_ahead: expected an integer from 0 to 366, got '367'");
    expect_error(
        "[schedule]\ndays_ahead = -1\n",
        "sudokud.conf:2: days_ahead: expected an integer from 0 to 366, got '-1'");
    expect_error(
        "[schedule]\ndays_ahead =\n",
        "sudokud.conf:2: days_ahead: expected an integer from 0 to 366, got ''");
    expect_error(
        "[schedule]\npublish_time = 24:00\n",
        "sudokud.conf:2: publish_time: expected a time HH:MM from 00:00 to 23:59, "
        "got '24:00'");
    expect_error(
        "[schedule]\npublish_time = 4:5\n",
        "sudokud.conf:2: publish_time: expected a time HH:MM from 00:00 to 23:59, "
        "got '4:5'");
    expect_error(
        "[schedule]\npublish_time = 04:30pm\n",
        "sudokud.conf:2: publish_time: expected a time HH:MM from 00:00 to 23:59, "
        "got '04:30pm'");
    expect_error(
        "[schedule]\npublish_time = +4:30\n",
        "sudokud.conf:2: publish_time: expected a time HH:MM from 00:00 to 23:59, "
        "got '+4:30'");
    expect_error(
        "[schedule]\npublish_time = 00: 0\n",
        "sudokud.conf:2: publish_time: expected a time HH:MM from 00:00 to 23:59, "
        "got '00: 0'");
    expect_error(
        "[schedule]\ntiers = easy, brutal\n",
        "sudokud.conf:2: tiers: unknown tier 'brutal' (expected a list of easy, "
        "medium, hard, expert, extreme)");
    expect_error("[schedule]\ntiers = hard hard\n",
                 "sudokud.conf:2: tiers: tier 'hard' is listed twice");
    expect_error(
        "[schedule]\ntiers = ,\n",
        "sudokud.conf:2: tiers: expected a list of easy, medium, hard, expert, extreme, got ','");
    expect_error(
        "[schedule]\ntime_zone = Mars/Olympus\n",
        "sudokud.conf:2: time_zone: expected a time zone name from the tz database "
        "such as Europe/Berlin or UTC (or nothing for the system's), got "
        "'Mars/Olympus'");
    expect_error(
        "[schedule]\ntime_zone = ../../etc/passwd\n",
        "sudokud.conf:2: time_zone: expected a time zone name from the tz database "
        "such as Europe/Berlin or UTC (or nothing for the system's), got "
        "'../../etc/passwd'");
    expect_error("[generator]\nsymmetry = spiral\n",
                 "sudokud.conf:2: symmetry: expected one of none, rotational-180, "
                 "rotational-90, mirror, diagonal, got 'spiral'");
    expect_error(
        "[daemon]\nlog_level = loud\n",
        "sudokud.conf:2: log_level: expected one of error, warning, notice, info, "
        "debug, got 'loud'");
    expect_error(
        "[daemon]\nsocket_mode = 0999\n",
        "sudokud.conf:2: socket_mode: expected an octal mode from 0000 to 0777 such "
        "as 0660, got '0999'");
    expect_error(
        "[daemon]\nsocket_mode = 01777\n",
        "sudokud.conf:2: socket_mode: expected an octal mode from 0000 to 0777 such "
        "as 0660, got '01777'");
    expect_error(
        "[daemon]\nsocket_group = no-such-group-xyz\n",
        "sudokud.conf:2: socket_group: no group named 'no-such-group-xyz' on this "
        "system");
    expect_error(
        "[daemon]\nstate_directory =\n",
        "sudokud.conf:2: state_directory: expected a path, got an empty value");
    expect_error(
        "[daemon]\nsocket = /run/aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"
        "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa.sock\n",
        "sudokud.conf:2: socket: a Unix socket path must be at most 107 bytes, this "
        "one has 118");
}

/* labels: TIER: LABEL pairs; a tier not named is shown by its key; every
 * bad pair is refused naming the problem; --print-config gives them back. */
static void test_labels(void **state)
{
    struct config cfg, again;
    char *printed, *line, text[512], err[CONFIG_ERR_MAX] = "";
    size_t len = 0;
    FILE *f;

    (void)state;
    expect_ok(&cfg, GEN "[schedule]\nlabels = easy: Gentle ,hard:Tough going\n");
    assert_string_equal(config_tier_label(&cfg, "easy"), "Gentle");
    assert_string_equal(config_tier_label(&cfg, "hard"), "Tough going");
    assert_string_equal(config_tier_label(&cfg, "medium"), "medium");
    assert_string_equal(config_tier_label(&cfg, "unrated"), "unrated");
    f = open_memstream(&printed, &len);
    assert_non_null(f);
    config_print(&cfg, f);
    fclose(f);
    line = strstr(printed, "\nlabels = easy: Gentle, hard: Tough going\n");
    assert_non_null(line);
    /* The printed line reads back as the same labels. */
    snprintf(text, sizeof text, GEN "[schedule]%.*s", (int)strcspn(line + 1, "\n") + 2,
             line);
    expect_ok(&again, text);
    assert_memory_equal(again.tier_labels, cfg.tier_labels, sizeof cfg.tier_labels);
    config_free(&again);
    free(printed);
    config_free(&cfg);
    /* The message lists the tiers the engine has, whatever they are. */
    assert_int_not_equal(parse(&again, "[schedule]\nlabels = easy: A, simple: B\n", err),
                         CONFIG_OK);
    assert_non_null(strstr(err, "sudokud.conf:2: labels: unknown tier 'simple' "
                                "(expected pairs TIER: LABEL with TIER one of easy, "));
    config_free(&again);
    expect_error("[schedule]\nlabels = easy Gentle\n",
                 "sudokud.conf:2: labels: expected TIER: LABEL pairs separated by "
                 "commas, got 'easy Gentle'");
    expect_error("[schedule]\nlabels = hard: A, hard: B\n",
                 "sudokud.conf:2: labels: tier 'hard' is labelled twice");
    expect_error("[schedule]\nlabels = hard:\n",
                 "sudokud.conf:2: labels: tier 'hard' has an empty label");
    expect_error("[schedule]\nlabels = hard: 123456789012345678901234567890123\n",
                 "sudokud.conf:2: labels: the label of tier 'hard' is longer than 32 "
                 "bytes: '123456789012345678901234567890123'");
    expect_error("[schedule]\nlabels = hard: Tr\xe8s dur\n",
                 "sudokud.conf:2: labels: the label of tier 'hard' is not UTF-8");
    expect_ok(&cfg, GEN "[schedule]\nlabels = hard: Tr\xc3\xa8s dur\n");
    assert_string_equal(config_tier_label(&cfg, "hard"), "Tr\xc3\xa8s dur");
    config_free(&cfg);
    expect_error("[schedule]\nlabels = hard: a\tb\n",
                 "sudokud.conf:2: labels: the label of tier 'hard' holds a control "
                 "character, ',' or ':': 'a\tb'");
}

static void test_structure_errors(void **state)
{
    (void)state;
    expect_error(GEN "[daemon]\nstate_dir = x\n",
                 "sudokud.conf:4: state_dir: unknown key in [daemon] (known keys: "
                 "state_directory, database, socket, socket_mode, socket_group, "
                 "socket_max_clients, socket_idle_timeout, socket_request_timeout, "
                 "socket_search_budget, log_level)");
    expect_error(
        "[deamon]\n",
        "sudokud.conf:1: unknown section [deamon] (expected [daemon], [schedule], "
        "[generator] or [webhook \"NAME\"])");
    expect_error("days_ahead = 2\n",
                 "sudokud.conf:1: days_ahead: key before any [section]");
    expect_error(
        "[schedule]\ndays_ahead = 1\n[daemon]\n[schedule]\ndays_ahead = 2\n",
        "sudokud.conf:5: days_ahead: set twice (first on line 2)");
    expect_error(
        "[daemon]\njust words\n",
        "sudokud.conf:2: expected \"key = value\", a [section] header or a comment");
    expect_error(
        "[daemon]\nLog_Level = info\n",
        "sudokud.conf:2: expected \"key = value\", a [section] header or a comment");
    expect_error("[daemon\n",
                 "sudokud.conf:1: expected a section header such as [daemon]");
    expect_error("[daemon] x\n",
                 "sudokud.conf:1: expected a section header such as [daemon]");
    expect_error("[daemon]\n",
                 "sudokud.conf: [generator]: secret or secret_file is required "
                 "(the puzzles are derived from it; make one with: head -c 32 "
                 "/dev/urandom | base64)");
    expect_error("[daemon]\nx\0y\n",
                 "sudokud.conf:2: expected \"key = value\", a [section] "
                 "header or a comment");
}

static void test_nul_and_long_lines(void **state)
{
    struct config cfg;
    char err[CONFIG_ERR_MAX];
    char *text = malloc(INI_LINE_MAX + 64);
    int n;

    (void)state;
    /* A NUL byte inside a line. */
    assert_int_equal(config_parse(&cfg, "sudokud.conf",
                                  "[daemon]\nlog_level = i\0nfo\n", 23, err,
                                  sizeof err),
                     CONFIG_ERR_SYNTAX);
    assert_string_equal(err, "sudokud.conf:2: line contains a NUL byte");
    config_free(&cfg);
    n = snprintf(text, 64, "[daemon]\n# ");
    memset(text + n, 'x', INI_LINE_MAX);
    text[n + INI_LINE_MAX - 1] = '\0';
    assert_int_equal(parse(&cfg, strcat(text, "\n" GEN), err), CONFIG_ERR_SYNTAX);
    assert_string_equal(
        err, "sudokud.conf:2: line is 8193 bytes long; the limit is 8192");
    config_free(&cfg);
    free(text);
}

static void test_generator_secret_errors(void **state)
{
    char text[512];
    const char *path;

    (void)state;
    expect_error(
        "[generator]\nsecret = short\n",
        "sudokud.conf:2: secret: the secret must be at least 16 characters (it has "
        "5); make one with: head -c 32 /dev/urandom | base64");
    path = write_file("gen.secret", "0123456789abcdef0123\n", 0640);
    snprintf(text, sizeof text,
             "[generator]\nsecret = 0123456789abcdef\nsecret_file = %s\n", path);
    expect_error(
        text,
        "sudokud.conf:3: secret_file: set either secret or secret_file, not both");
    path = write_file("open.secret", "0123456789abcdef0123\n", 0644);
    snprintf(text, sizeof text, "[generator]\nsecret_file = %s\n", path);
    {
        char expected[512];

        snprintf(
            expected, sizeof expected,
            "sudokud.conf:2: secret_file: secret file %s is readable by every user "
            "(mode 0644); run: chmod o-rwx %s",
            path, path);
        expect_error(text, expected);
    }
    snprintf(text, sizeof text, "[generator]\nsecret_file = %s/missing\n", tmpdir);
    {
        char expected[512];

        snprintf(
            expected, sizeof expected,
            "sudokud.conf:2: secret_file: cannot open secret file %s/missing: No such "
            "file or directory",
            tmpdir);
        expect_error(text, expected);
    }
}

static void test_generator_secret_file(void **state)
{
    struct config cfg;
    char text[512];
    const char *path;

    (void)state;
    path = write_file("ok.secret", "0123456789abcdef0123\n\n", 0600);
    snprintf(text, sizeof text, "[generator]\nsecret_file = %s\n", path);
    expect_ok(&cfg, text);
    assert_string_equal(cfg.generator_secret, "0123456789abcdef0123");
    assert_string_equal(cfg.generator_secret_file, path);
    config_free(&cfg);
}

static void test_webhook_errors(void **state)
{
    (void)state;
    expect_error(
        GEN "[webhook \"a b\"]\n",
        "sudokud.conf:3: webhook name 'a b' may only use letters, digits, '_', '.', '-'");
    expect_error(
        GEN "[webhook site]\n",
        "sudokud.conf:3: expected [webhook \"NAME\"] with a quoted name of 1 to 64 "
        "characters");
    expect_error(GEN "[webhook \"a\"]\nurl = https://x.org/\nsecret = " WHSEC "\n"
                     "[webhook \"a\"]\n",
                 "sudokud.conf:6: webhook \"a\" is defined twice");
    expect_error(GEN "[webhook \"a\"]\nsecret = " WHSEC "\n[daemon]\n",
                 "sudokud.conf:3: [webhook \"a\"]: url is required");
    expect_error(GEN "[webhook \"a\"]\nurl = https://x.org/\n",
                 "sudokud.conf:3: [webhook \"a\"]: secret is required");
    expect_error(
        GEN "[webhook \"a\"]\nurl = http://example.org/hook\n",
        "sudokud.conf:4: url: the URL must use https:// (http:// is allowed only for "
        "localhost, 127.0.0.0/8 and [::1]), got http://example.org");
    expect_error(
        GEN "[webhook \"a\"]\nurl = ftp://localhost/\n",
        "sudokud.conf:4: url: the URL must use https:// (http:// is allowed only for "
        "localhost, 127.0.0.0/8 and [::1]), got ftp://localhost");
    expect_error(GEN "[webhook \"a\"]\nurl = example.org/hook\n",
                 "sudokud.conf:4: url: expected an absolute URL such as "
                 "https://example.org/hooks/sudoku, got 'example.org/hook'");
    expect_error(
        GEN "[webhook \"a\"]\nurl = https://user:pw@x.org/\n",
        "sudokud.conf:4: url: credentials in the URL would end up in logs; send them "
        "with a header line instead");
    expect_error(
        GEN "[webhook \"a\"]\nurl = https://x.org/a b\n",
        "sudokud.conf:4: url: the URL contains a space or non-ASCII byte at offset "
        "15; percent-encode it");
    expect_error(
        GEN "[webhook \"a\"]\nsecret = whsec_abc\n",
        "sudokud.conf:4: secret: expected whsec_ followed by the base64 of 24 to 64 "
        "random bytes (e.g. whsec_$(head -c 32 /dev/urandom | base64)), got "
        "something else");
    expect_error(
        GEN "[webhook \"a\"]\ntimeout = 0\n",
        "sudokud.conf:4: timeout: expected a number of seconds from 1 to 300, got '0'");
    expect_error(GEN "[webhook \"a\"]\nenabled = maybe\n",
                 "sudokud.conf:4: enabled: expected true or false, got 'maybe'");
    expect_error(
        GEN "[webhook \"a\"]\ninclude_solutions = 2\n",
        "sudokud.conf:4: include_solutions: expected true or false, got '2'");
    expect_error(
        GEN "[webhook \"a\"]\nheader = NoColon\n",
        "sudokud.conf:4: header: expected a header line \"Name: value\" such as "
        "\"X-Site: example.org\"");
    expect_error(
        GEN "[webhook \"a\"]\nheader = webhook-ID: 5\n",
        "sudokud.conf:4: header: the daemon sets the webhook-ID header itself");
    expect_error(
        GEN "[webhook \"a\"]\nca_file = /nonexistent/ca.pem\n",
        "sudokud.conf:4: ca_file: cannot read CA file /nonexistent/ca.pem: No such "
        "file or directory");
    expect_error(
        GEN "[webhook \"a\"]\nfoo = 1\n",
        "sudokud.conf:4: foo: unknown key in [webhook] (known keys: url, secret, "
        "include_solutions, include_svg, timeout, header, enabled, ca_file, retry_base)");
    expect_error(
        GEN "[webhook \"a\"]\nretry_base = 0\n",
        "sudokud.conf:4: retry_base: expected a number of seconds from 1 to 300, "
        "got '0'");
    expect_error(
        GEN "[webhook \"a\"]\nretry_base = 301\n",
        "sudokud.conf:4: retry_base: expected a number of seconds from 1 to 300, "
        "got '301'");
}

static void test_webhook_secret_file(void **state)
{
    struct config cfg;
    char text[512], expected[512];
    const char *path;

    (void)state;
    path = write_file("hook.whsec", WHSEC "\n", 0640);
    snprintf(text, sizeof text,
             GEN "[webhook \"a\"]\nurl = http://[::1]:9/\nsecret = %s\n", path);
    expect_ok(&cfg, text);
    assert_string_equal(cfg.webhooks[0].secret, WHSEC);
    assert_string_equal(cfg.webhooks[0].secret_file, path);
    config_free(&cfg);
    path = write_file("world.whsec", WHSEC "\n", 0604);
    snprintf(text, sizeof text,
             GEN "[webhook \"a\"]\nurl = http://localhost/\nsecret = %s\n", path);
    snprintf(
        expected, sizeof expected,
        "sudokud.conf:5: secret: secret file %s is readable by every user (mode 0604); "
        "run: chmod o-rwx %s",
        path, path);
    expect_error(text, expected);
}

/* A 2,100-character URL: past libinih's 200-byte line limit. */
static void test_long_url(void **state)
{
    struct config cfg;
    char *text = malloc(4096), *url = malloc(2200);

    (void)state;
    strcpy(url, "https://example.org/hook?token=");
    memset(url + strlen(url), 'a', 2100 - strlen(url));
    url[2100] = '\0';
    snprintf(text, 4096, GEN "[webhook \"long\"]\nurl = %s\nsecret = " WHSEC "\n",
             url);
    expect_ok(&cfg, text);
    assert_int_equal(strlen(cfg.webhooks[0].url), 2100);
    assert_string_equal(cfg.webhooks[0].url, url);
    config_free(&cfg);
    free(text);
    free(url);
}

static void test_crlf_and_bom(void **state)
{
    struct config cfg;

    (void)state;
    expect_ok(&cfg, "\xEF\xBB\xBF[schedule]\r\ndays_ahead = 5\r\n"
                    "[generator]\r\nsecret = 0123456789abcdef\r\n");
    assert_int_equal(cfg.days_ahead, 5);
    assert_string_equal(cfg.generator_secret, "0123456789abcdef");
    config_free(&cfg);
}

static char *read_all(FILE *f)
{
    char *buf = calloc(1, 65536);

    fseek(f, 0, SEEK_SET);
    assert_true(fread(buf, 1, 65535, f) > 0);
    return buf;
}

/* --print-config output parses again to the same configuration, and hides
 * secrets. */
static void test_print_round_trip(void **state)
{
    struct config a, b;
    char text[1024], err[CONFIG_ERR_MAX], *first, *second, *line;
    const char *gen = write_file("rt.secret", "0123456789abcdef0123\n", 0600);
    char genpath[256];
    FILE *f;

    (void)state;
    snprintf(genpath, sizeof genpath, "%s", gen);
    gen = write_file("rt.whsec", WHSEC "\n", 0600);
    snprintf(
        text, sizeof text,
        "[schedule]\ntime_zone = UTC\npublish_time = 5:07\ntiers = expert, easy\n"
        "[generator]\nsecret_file = %s\n[webhook \"w\"]\nurl = https://x.org/\n"
        "secret = %s\nheader = Authorization: Bearer hush\n",
        genpath, gen);
    expect_ok(&a, text);
    f = tmpfile();
    config_print(&a, f);
    first = read_all(f);
    assert_null(strstr(first, "hush"));
    assert_null(strstr(first, "0123456789abcdef"));
    assert_non_null(strstr(first, "publish_time = 05:07\n"));
    assert_non_null(strstr(first, "tiers = easy, expert\n"));
    assert_int_equal(
        config_parse(&b, "printed", first, strlen(first), err, sizeof err),
        CONFIG_OK);
    fclose(f);
    f = tmpfile();
    config_print(&b, f);
    second = read_all(f);
    /* Identical after the first line (which names the source), except the
     * hidden header, which is printed only as a comment. */
    line = strstr(first, "# header = Authorization: (value hidden)\n");
    assert_non_null(line);
    memmove(line, strchr(line, '\n') + 1, strlen(strchr(line, '\n') + 1) + 1);
    assert_string_equal(strchr(first, '\n'), strchr(second, '\n'));
    fclose(f);
    free(first);
    free(second);
    config_free(&a);
    config_free(&b);
}

static char *slurp(const char *path)
{
    FILE *f = fopen(path, "r");
    char *buf;

    if (f == NULL)
        fail_msg("cannot open %s (tests run from the repository root)", path);
    buf = read_all(f);
    fclose(f);
    return buf;
}

/* The shipped files parse: the example with its secret file pointed at a
 * real one, the development file as it is. */
static void test_shipped_configs(void **state)
{
    struct config cfg;
    char *text = slurp("config/sudokud.conf"), *line, fixed[65536],
         err[CONFIG_ERR_MAX];
    const char *secret = write_file("shipped.secret", "0123456789abcdef0123\n",
                                    0600);
    const char *key = "secret_file = /etc/sudokud/generator.secret";

    (void)state;
    line = strstr(text, key);
    assert_non_null(line);
    snprintf(fixed, sizeof fixed, "%.*ssecret_file = %s%s", (int)(line - text),
             text, secret, line + strlen(key));
    if (config_parse(&cfg, "sudokud.conf", fixed, strlen(fixed), err, sizeof err) !=
        0)
        fail_msg("config/sudokud.conf: %s", err);
    assert_int_equal(cfg.days_ahead, 2);
    config_free(&cfg);
    free(text);
    if (config_load(&cfg, "config/sudokud.dev.conf", err, sizeof err) != CONFIG_OK)
        fail_msg("%s", err);
    assert_string_equal(cfg.database_path, "var/sudokud.db");
    assert_string_equal(cfg.socket_path, "var/sudokud.sock");
    config_free(&cfg);
    assert_int_equal(config_load(&cfg, "/nonexistent.conf", err, sizeof err),
                     CONFIG_ERR_IO);
    assert_string_equal(
        err, "/nonexistent.conf: cannot open: No such file or directory");
    config_free(&cfg);
}

/* ---- the table of keys ------------------------------------------------- */

/* A config that sets row's key to value, on line *line. */
static void config_with(const struct config_key *k, const char *value, char *text,
                        size_t len, int *line)
{
    if (strcmp(k->section, "webhook") == 0) {
        snprintf(text, len,
                 GEN "[webhook \"w\"]\nurl = https://x.org/\nsecret = " WHSEC
                     "\n%s = %s\n",
                 k->key, value);
        *line = 6;
    } else {
        snprintf(text, len, GEN "[%s]\n%s = %s\n", k->section, k->key, value);
        *line = 4;
    }
}

/* Each value of row k: accepted (expected NULL), or refused with
 * "sudokud.conf:LINE: key: expected WHAT, got 'VALUE'". */
static void check_key_value(const struct config_key *k, const char *value,
                            const char *what)
{
    char text[1024], msg[CONFIG_ERR_MAX];
    struct config cfg;
    int line;

    config_with(k, value, text, sizeof text, &line);
    if (what == NULL) {
        expect_ok(&cfg, text);
        config_free(&cfg);
        return;
    }
    snprintf(msg, sizeof msg, "sudokud.conf:%d: %s: expected %s, got '%s'", line,
             k->key, what, value);
    expect_error(text, msg);
}

static void hh_mm(long minutes, char out[8])
{
    snprintf(out, 8, "%02ld:%02ld", minutes / 60 % 100, minutes % 60);
}

/* Every bounded row takes its bounds and refuses one past each with the
 * message its bounds make. */
static void test_table_bounds(void **state)
{
    char what[256], lo[32], hi[32], below[32], above[32];
    int bounded = 0;

    (void)state;
    for (size_t i = 0; i < config_key_count(); i++) {
        const struct config_key *k = config_key_at(i);

        switch (k->type) {
        case CONFIG_TYPE_INT:
            snprintf(what, sizeof what, "%s from %ld to %ld", k->unit, k->min,
                     k->max);
            snprintf(lo, sizeof lo, "%ld", k->min);
            snprintf(hi, sizeof hi, "%ld", k->max);
            snprintf(below, sizeof below, "%ld", k->min - 1);
            snprintf(above, sizeof above, "%ld", k->max + 1);
            break;
        case CONFIG_TYPE_MODE:
            snprintf(what, sizeof what,
                     "an octal mode from %04lo to %04lo such as %s",
                     (unsigned long)k->min, (unsigned long)k->max, k->def);
            snprintf(lo, sizeof lo, "%04lo", (unsigned long)k->min);
            snprintf(hi, sizeof hi, "%04lo", (unsigned long)k->max);
            snprintf(below, sizeof below, "-1");
            snprintf(above, sizeof above, "%04lo", (unsigned long)k->max + 1);
            break;
        case CONFIG_TYPE_CLOCK:
            hh_mm(k->min, lo);
            hh_mm(k->max, hi);
            snprintf(what, sizeof what, "a time HH:MM from %s to %s", lo, hi);
            snprintf(below, sizeof below, "-0:01");
            hh_mm(k->max + 1, above);
            break;
        default:
            continue;
        }
        bounded++;
        check_key_value(k, lo, NULL);
        check_key_value(k, hi, NULL);
        check_key_value(k, below, what);
        check_key_value(k, above, what);
    }
    assert_int_equal(bounded, 9);
}

/* At most max header lines per webhook (the header row's max). */
static void test_table_header_max(void **state)
{
    const struct config_key *k = NULL;
    char text[4096], expected[128];
    size_t n = 0;
    struct config cfg;

    (void)state;
    for (size_t i = 0; i < config_key_count(); i++) {
        if (config_key_at(i)->type == CONFIG_TYPE_HEADER)
            k = config_key_at(i);
    }
    assert_non_null(k);
    n = (size_t)snprintf(text, sizeof text,
                         GEN "[webhook \"w\"]\nurl = https://x.org/\n"
                             "secret = " WHSEC "\n");
    for (long h = 0; h < k->max; h++)
        n += (size_t)snprintf(text + n, sizeof text - n, "header = X-%ld: v\n", h);
    expect_ok(&cfg, text);
    assert_int_equal(cfg.webhooks[0].header_count, k->max);
    config_free(&cfg);
    snprintf(text + n, sizeof text - n, "header = X-last: v\n");
    snprintf(expected, sizeof expected,
             "sudokud.conf:%ld: header: at most %ld header lines per webhook",
             k->max + 6, k->max);
    expect_error(text, expected);
}

/* A config that sets nothing prints every default as the table has it. */
static void test_table_defaults(void **state)
{
    struct config cfg;
    char *printed, line[512];
    size_t len = 0;
    FILE *f;

    (void)state;
    expect_ok(&cfg,
              GEN "[webhook \"w\"]\nurl = https://x.org/\nsecret = " WHSEC "\n");
    f = open_memstream(&printed, &len);
    assert_non_null(f);
    config_print(&cfg, f);
    fclose(f);
    for (size_t i = 0; i < config_key_count(); i++) {
        const struct config_key *k = config_key_at(i);

        assert_non_null(k->doc);
        assert_true(k->doc[0] != '\0' && strchr(k->doc, '\n') == NULL);
        if (k->def == NULL)
            continue;
        snprintf(line, sizeof line, "\n%s = %s\n", k->key, k->def);
        if (strstr(printed, line) == NULL)
            fail_msg("default of %s is not %s in:\n%s", k->key, k->def, printed);
    }
    free(printed);
    config_free(&cfg);
}

/* The index of section's key in the table, or -1. */
static int row_of(const char *section, const char *key)
{
    for (size_t i = 0; i < config_key_count(); i++) {
        const struct config_key *k = config_key_at(i);

        if (strcmp(k->section, section) == 0 && strcmp(k->key, key) == 0)
            return (int)i;
    }
    return -1;
}

/* Roff to text for what a default is written with: \- and quotes. */
static void unroff(const char *in, char *out, size_t len)
{
    size_t n = 0;

    for (; *in != '\0' && n + 1 < len; in++) {
        if (in[0] == '\\' && in[1] == '-')
            continue;
        if (*in != '"')
            out[n++] = *in;
    }
    out[n] = '\0';
}

/* One ".BR key ..." line of sudokud.conf(5): the key, and its default
 * ("" for "(default empty)"); returns 0 when the line documents no key. */
static int man_entry(const char *line, char *key, size_t keylen, char *def,
                     size_t deflen, int *has_def)
{
    const char *d;
    char raw[256];
    size_t n;

    if (strncmp(line, ".BR ", 4) != 0 || strstr(line, " \" = ") == NULL)
        return 0;
    n = strcspn(line + 4, " ");
    snprintf(key, keylen, "%.*s", (int)n, line + 4);
    *has_def = (d = strstr(line, "(default ")) != NULL;
    def[0] = '\0';
    if (!*has_def || strncmp(d + 9, "empty)", 6) == 0)
        return 1;
    d += 9;
    while (*d == '"' || *d == ' ')
        d++;
    n = strlen(d);
    while (n > 0 && (d[n - 1] == ')' || d[n - 1] == ' ' || d[n - 1] == '\n'))
        n--;
    snprintf(raw, sizeof raw, "%.*s", (int)n, d);
    unroff(raw, def, deflen);
    return 1;
}

/*
 * sudokud.conf(5) documents every key of the table under its section, in
 * the table's order, with the table's default (and an integer's bounds),
 * and no key the table lacks; the example config/sudokud.conf shows each
 * default.
 */
static void test_table_man_page(void **state)
{
    FILE *f = fopen("man/sudokud.conf.5", "r");
    char line[1024], section[32] = "", key[64], def[256], want[300],
                     body[4096] = "";
    int documented[64] = {0}, has_def, last = -1;
    char *example = slurp("config/sudokud.conf");
    const struct config_key *k = NULL;

    (void)state;
    assert_true(config_key_count() <= 64);
    if (f == NULL)
        fail_msg(
            "cannot open man/sudokud.conf.5 (tests run from the repository root)");
    while (fgets(line, sizeof line, f) != NULL) {
        if (strncmp(line, ".SH ", 4) == 0 || strncmp(line, ".TP", 3) == 0) {
            /* The end of a key's paragraph: its bounds were in it. */
            if (k != NULL && k->type == CONFIG_TYPE_INT) {
                snprintf(want, sizeof want, "%ld to %ld", k->min, k->max);
                if (strstr(body, want) == NULL)
                    fail_msg("sudokud.conf(5) on %s does not say \"%s\"", k->key,
                             want);
            }
            k = NULL;
            body[0] = '\0';
        }
        if (strncmp(line, ".SH ", 4) == 0) {
            section[0] = '\0';
            if (line[4] == '[')
                snprintf(section, sizeof section, "%.*s",
                         (int)strcspn(line + 5, "] \\"), line + 5);
            continue;
        }
        if (section[0] != '\0' &&
            man_entry(line, key, sizeof key, def, sizeof def, &has_def)) {
            int row = row_of(section, key);

            if (row < 0)
                fail_msg("sudokud.conf(5) documents [%s] %s, which the table lacks",
                         section, key);
            if (row <= last)
                fail_msg("sudokud.conf(5) documents %s out of the table's order",
                         key);
            last = row;
            documented[row] = 1;
            k = config_key_at((size_t)row);
            if (has_def != (k->def != NULL) ||
                (has_def && strcmp(def, k->def) != 0))
                fail_msg(
                    "sudokud.conf(5) gives [%s] %s the default '%s'%s, the table '%s'",
                    section, key, def, has_def ? "" : " (none)",
                    k->def != NULL ? k->def : "(none)");
        }
        strncat(body, line, sizeof body - strlen(body) - 1);
    }
    fclose(f);
    for (size_t i = 0; i < config_key_count(); i++) {
        k = config_key_at(i);
        if (!documented[i])
            fail_msg("sudokud.conf(5) does not document [%s] %s", k->section,
                     k->key);
        if (k->def == NULL)
            continue;
        snprintf(want, sizeof want, "\n%s =%s%s\n", k->key, k->def[0] ? " " : "",
                 k->def);
        snprintf(line, sizeof line, "\n# %s =%s%s\n", k->key, k->def[0] ? " " : "",
                 k->def);
        if (strstr(example, want) == NULL && strstr(example, line) == NULL)
            fail_msg("config/sudokud.conf does not show %s with its default '%s'",
                     k->key, k->def);
    }
    free(example);
}

static void test_names(void **state)
{
    enum grade_tier t;

    (void)state;
    assert_int_equal(grade_tier_parse("medium", &t), 0);
    assert_int_equal(t, GRADE_MEDIUM);
    assert_int_equal(grade_tier_parse("expert", &t), 0);
    assert_int_equal(t, GRADE_EXPERT);
    assert_int_equal(grade_tier_parse("Medium", &t), -1);
    assert_int_equal(grade_tier_parse("unrated", &t), -1);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_defaults),
        cmocka_unit_test(test_every_key),
        cmocka_unit_test(test_value_errors),
        cmocka_unit_test(test_structure_errors),
        cmocka_unit_test(test_nul_and_long_lines),
        cmocka_unit_test(test_generator_secret_errors),
        cmocka_unit_test(test_generator_secret_file),
        cmocka_unit_test(test_webhook_errors),
        cmocka_unit_test(test_webhook_secret_file),
        cmocka_unit_test(test_long_url),
        cmocka_unit_test(test_crlf_and_bom),
        cmocka_unit_test(test_print_round_trip),
        cmocka_unit_test(test_shipped_configs),
        cmocka_unit_test(test_names),
        cmocka_unit_test(test_table_bounds),
        cmocka_unit_test(test_table_header_max),
        cmocka_unit_test(test_labels),
        cmocka_unit_test(test_table_defaults),
        cmocka_unit_test(test_table_man_page),
    };

    return cmocka_run_group_tests(tests, setup, teardown);
}
