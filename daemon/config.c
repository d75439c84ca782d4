/*
 * config: owns the INI reader, the table of known keys with their
 * validators, the defaults, and the printed form of a configuration.
 *
 * Why not libinih: Debian's libinih 55 is built with INI_MAX_LINE 200 and a
 * stack line buffer, so a longer line (a webhook URL with a query string,
 * 2,000 characters and more) is silently split into two "lines" and the tail
 * misparsed; the only way around that in Debian's build is a set of
 * Debian-only mutable globals (ini_max_line, ini_use_stack), not part of
 * upstream's API.  Its handler also gets no line numbers (INI_HANDLER_LINENO
 * 0), which every message here needs, and its inline ';' comments and
 * indented continuation lines would silently change values.  The format we
 * need is tiny, so this file reads it itself: whole lines of any length up
 * to CONFIG_LINE_MAX, exact line numbers, no inline comments.
 */
#include "config.h"

#include <arpa/inet.h>
#include <ctype.h>
#include <curl/curl.h>
#include <errno.h>
#include <fcntl.h>
#include <grp.h>
#include <limits.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <unistd.h>

#include "webhook_policy.h"

#define CONFIG_FILE_MAX (1024 * 1024) /* a config file larger than this is a mistake */
#define SECRET_FILE_MAX 4096
#define GENERATOR_SECRET_MIN 16       /* characters */
#define WHSEC_PREFIX "whsec_"
#define WHSEC_KEY_MIN 24              /* decoded bytes, Standard Webhooks */
#define WHSEC_KEY_MAX 64
#define WEBHOOK_TIMEOUT_MAX 300
#define WEBHOOK_NAME_MAX 64

enum section {
    SEC_NONE,
    SEC_DAEMON,
    SEC_SCHEDULE,
    SEC_GENERATOR,
    SEC_WEBHOOK,
};

struct parser;
typedef int (*key_setter)(struct parser *p, const char *value);

struct key_def {
    enum section section;
    const char *key;
    key_setter set;
    int repeatable;
};

struct parser {
    struct config *cfg;
    const char *name;         /* file name for messages */
    int line;
    enum section section;
    struct config_webhook *hook;
    int hook_line;            /* line of the current webhook header */
    const char *key;          /* key being set, for messages */
    int *seen;                /* line each key_def was set on, 0 = not yet */
    int *hook_seen;           /* same, reset for each webhook section */
    char *err;
    size_t errlen;
};

static const char *const tier_names[CONFIG_TIER_COUNT] = {
    "easy", "medium", "hard", "expert",
};

static const char *const symmetry_names[] = {
    [CONFIG_SYMMETRY_NONE] = "none",
    [CONFIG_SYMMETRY_ROTATIONAL_180] = "rotational-180",
    [CONFIG_SYMMETRY_ROTATIONAL_90] = "rotational-90",
    [CONFIG_SYMMETRY_MIRROR] = "mirror",
    [CONFIG_SYMMETRY_DIAGONAL] = "diagonal",
};

const char *
config_tier_name(enum config_tier tier)
{
    if ((unsigned)tier >= CONFIG_TIER_COUNT)
        return "unknown";
    return tier_names[tier];
}

int
config_tier_parse(const char *name, enum config_tier *out)
{
    for (int t = 0; t < CONFIG_TIER_COUNT; t++) {
        if (strcmp(name, tier_names[t]) == 0) {
            *out = (enum config_tier)t;
            return 0;
        }
    }
    return -1;
}

const char *
config_symmetry_name(enum config_symmetry symmetry)
{
    if ((unsigned)symmetry > CONFIG_SYMMETRY_DIAGONAL)
        return "unknown";
    return symmetry_names[symmetry];
}

/* ---- messages ---------------------------------------------------------- */

static int
fail_at(struct parser *p, int status, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

/* "name:line: key: message" (the key part only while a key is being set). */
static int
fail_at(struct parser *p, int status, const char *fmt, ...)
{
    char msg[CONFIG_ERR_MAX];
    va_list ap;

    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    if (p->key != NULL)
        snprintf(p->err, p->errlen, "%s:%d: %s: %s", p->name, p->line, p->key, msg);
    else
        snprintf(p->err, p->errlen, "%s:%d: %s", p->name, p->line, msg);
    return status;
}

/* Quotes a value for a message, shortened so the message stays readable. */
static const char *
shown(const char *value, char buf[72])
{
    size_t n = strlen(value);

    if (n <= 60)
        snprintf(buf, 72, "'%s'", value);
    else
        snprintf(buf, 72, "'%.57s...'", value);
    return buf;
}

static int
fail_value(struct parser *p, const char *expected, const char *value)
{
    char buf[72];

    return fail_at(p, CONFIG_ERR_VALUE, "expected %s, got %s", expected,
                   shown(value, buf));
}

/* ---- value helpers ----------------------------------------------------- */

static int
replace_string(struct parser *p, char **slot, const char *value)
{
    char *copy = NULL;

    if (value != NULL && (copy = strdup(value)) == NULL)
        return fail_at(p, CONFIG_ERR_NOMEM, "out of memory");
    free(*slot);
    *slot = copy;
    return CONFIG_OK;
}

static int
parse_int(const char *value, long min, long max, long *out)
{
    char *end;
    long v;

    if (!isdigit((unsigned char)value[0]) && value[0] != '-')
        return -1;
    errno = 0;
    v = strtol(value, &end, 10);
    if (errno != 0 || *end != '\0' || v < min || v > max)
        return -1;
    *out = v;
    return 0;
}

static int
parse_bool(const char *value, int *out)
{
    static const char *const yes[] = {"true", "yes", "on", "1"};
    static const char *const no[] = {"false", "no", "off", "0"};

    for (size_t i = 0; i < 4; i++) {
        if (strcasecmp(value, yes[i]) == 0) {
            *out = 1;
            return 0;
        }
        if (strcasecmp(value, no[i]) == 0) {
            *out = 0;
            return 0;
        }
    }
    return -1;
}

static int
set_path(struct parser *p, char **slot, const char *value, int optional)
{
    if (value[0] == '\0') {
        if (!optional)
            return fail_at(p, CONFIG_ERR_VALUE, "expected a path, got an empty value");
        return replace_string(p, slot, NULL);
    }
    if (strlen(value) >= PATH_MAX)
        return fail_at(p, CONFIG_ERR_VALUE, "path longer than %d bytes", PATH_MAX - 1);
    return replace_string(p, slot, value);
}

/*
 * Reads a secret from a file: a regular file other users cannot read, at
 * most SECRET_FILE_MAX bytes, trailing whitespace dropped.  The file's
 * content never appears in a message.
 */
static int
read_secret_file(struct parser *p, const char *path, char **out)
{
    char buf[SECRET_FILE_MAX + 1];
    struct stat st;
    ssize_t n;
    int fd;

    fd = open(path, O_RDONLY | O_CLOEXEC | O_NOCTTY);
    if (fd < 0)
        return fail_at(p, CONFIG_ERR_VALUE, "cannot open secret file %s: %s", path,
                       strerror(errno));
    if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
        close(fd);
        return fail_at(p, CONFIG_ERR_VALUE, "secret file %s is not a regular file", path);
    }
    if (st.st_mode & S_IROTH) {
        close(fd);
        return fail_at(p, CONFIG_ERR_VALUE,
                       "secret file %s is readable by every user (mode %04o); "
                       "run: chmod o-rwx %s", path, (unsigned)(st.st_mode & 07777), path);
    }
    n = read(fd, buf, sizeof buf);
    close(fd);
    if (n < 0)
        return fail_at(p, CONFIG_ERR_VALUE, "cannot read secret file %s: %s", path,
                       strerror(errno));
    if (n > SECRET_FILE_MAX)
        return fail_at(p, CONFIG_ERR_VALUE, "secret file %s is longer than %d bytes",
                       path, SECRET_FILE_MAX);
    while (n > 0 && isspace((unsigned char)buf[n - 1]))
        n--;
    buf[n] = '\0';
    if (n == 0 || memchr(buf, '\0', (size_t)n) != NULL)
        return fail_at(p, CONFIG_ERR_VALUE, "secret file %s is empty or binary", path);
    return replace_string(p, out, buf);
}

/* ---- [daemon] ---------------------------------------------------------- */

static int
set_state_directory(struct parser *p, const char *value)
{
    return set_path(p, &p->cfg->state_directory, value, 0);
}

static int
set_database(struct parser *p, const char *value)
{
    return set_path(p, &p->cfg->database, value, 0);
}

static int
set_socket(struct parser *p, const char *value)
{
    /* sun_path holds 108 bytes with the NUL. */
    if (strlen(value) > 107)
        return fail_at(p, CONFIG_ERR_VALUE,
                       "a Unix socket path must be at most 107 bytes, this one has %zu",
                       strlen(value));
    return set_path(p, &p->cfg->socket_path, value, 0);
}

static int
set_socket_mode(struct parser *p, const char *value)
{
    char *end;
    unsigned long mode;

    if (value[0] < '0' || value[0] > '7')
        return fail_value(p, "an octal mode from 0000 to 0777 such as 0660", value);
    mode = strtoul(value, &end, 8);
    if (*end != '\0' || mode > 0777 || strlen(value) > 4)
        return fail_value(p, "an octal mode from 0000 to 0777 such as 0660", value);
    p->cfg->socket_mode = (unsigned)mode;
    return CONFIG_OK;
}

static int
set_socket_group(struct parser *p, const char *value)
{
    char buf[16384], shownbuf[72];
    struct group gr, *found = NULL;

    if (value[0] == '\0')
        return replace_string(p, &p->cfg->socket_group, NULL);
    if (getgrnam_r(value, &gr, buf, sizeof buf, &found) != 0 || found == NULL)
        return fail_at(p, CONFIG_ERR_VALUE, "no group named %s on this system",
                       shown(value, shownbuf));
    return replace_string(p, &p->cfg->socket_group, value);
}

static int
set_socket_max_clients(struct parser *p, const char *value)
{
    long v;

    if (parse_int(value, 1, CONFIG_SOCKET_CLIENTS_MAX, &v) != 0)
        return fail_value(p, "an integer from 1 to 100000", value);
    p->cfg->socket_max_clients = (int)v;
    return CONFIG_OK;
}

static int
set_socket_idle_timeout(struct parser *p, const char *value)
{
    long v;

    if (parse_int(value, 1, CONFIG_SOCKET_IDLE_MAX, &v) != 0)
        return fail_value(p, "a number of seconds from 1 to 86400", value);
    p->cfg->socket_idle_timeout = (int)v;
    return CONFIG_OK;
}

static int
set_log_level(struct parser *p, const char *value)
{
    if (log_level_parse(value, &p->cfg->log_level) != 0)
        return fail_value(p, "one of error, warning, notice, info, debug", value);
    return CONFIG_OK;
}

/* ---- [schedule] -------------------------------------------------------- */

static int
zone_name_ok(const char *name)
{
    if (name[0] == '/' || strstr(name, "..") != NULL || strlen(name) > 64)
        return 0;
    for (const char *c = name; *c != '\0'; c++) {
        if (!isalnum((unsigned char)*c) && strchr("/_+-", *c) == NULL)
            return 0;
    }
    return 1;
}

/* A zone exists when the tz database has a TZif file of that name. */
static int
zone_exists(const char *name)
{
    const char *dir = getenv("TZDIR");
    char path[PATH_MAX], magic[4];
    int fd, ok;

    snprintf(path, sizeof path, "%s/%s",
             dir != NULL && dir[0] != '\0' ? dir : "/usr/share/zoneinfo", name);
    fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0)
        return 0;
    ok = read(fd, magic, 4) == 4 && memcmp(magic, "TZif", 4) == 0;
    close(fd);
    return ok;
}

static int
set_time_zone(struct parser *p, const char *value)
{
    char buf[72];

    if (value[0] == '\0')
        return replace_string(p, &p->cfg->time_zone, NULL);
    if (!zone_name_ok(value) || !zone_exists(value))
        return fail_at(p, CONFIG_ERR_VALUE,
                       "expected a time zone name from the tz database such as "
                       "Europe/Berlin or UTC (or nothing for the system's), got %s",
                       shown(value, buf));
    return replace_string(p, &p->cfg->time_zone, value);
}

static int
set_publish_time(struct parser *p, const char *value)
{
    int h, m, n = 0;

    if (strlen(value) > 5 || sscanf(value, "%2d:%2d%n", &h, &m, &n) != 2 ||
        value[n] != '\0' || strlen(value) < 4 || value[strlen(value) - 3] != ':' ||
        h < 0 || h > 23 || m < 0 || m > 59)
        return fail_value(p, "a time HH:MM from 00:00 to 23:59", value);
    p->cfg->publish_minute = h * 60 + m;
    return CONFIG_OK;
}

static int
set_days_ahead(struct parser *p, const char *value)
{
    long v;

    if (parse_int(value, 0, CONFIG_DAYS_AHEAD_MAX, &v) != 0)
        return fail_value(p, "an integer from 0 to 366", value);
    p->cfg->days_ahead = (int)v;
    return CONFIG_OK;
}

static int
set_tiers(struct parser *p, const char *value)
{
    const char *expected = "a list of easy, medium, hard, expert";
    char copy[256], *save = NULL, buf[72];
    unsigned mask = 0;
    enum config_tier t;

    if (strlen(value) >= sizeof copy)
        return fail_value(p, expected, value);
    strcpy(copy, value);
    for (char *w = strtok_r(copy, ", \t", &save); w != NULL;
         w = strtok_r(NULL, ", \t", &save)) {
        if (config_tier_parse(w, &t) != 0)
            return fail_at(p, CONFIG_ERR_VALUE, "unknown tier %s (expected %s)",
                           shown(w, buf), expected);
        if (mask & CONFIG_TIER_BIT(t))
            return fail_at(p, CONFIG_ERR_VALUE, "tier '%s' is listed twice", w);
        mask |= CONFIG_TIER_BIT(t);
    }
    if (mask == 0)
        return fail_value(p, expected, value);
    p->cfg->tiers = mask;
    return CONFIG_OK;
}

/* ---- [generator] ------------------------------------------------------- */

static int
set_symmetry(struct parser *p, const char *value)
{
    for (int s = CONFIG_SYMMETRY_NONE; s <= CONFIG_SYMMETRY_DIAGONAL; s++) {
        if (strcmp(value, symmetry_names[s]) == 0) {
            p->cfg->symmetry = (enum config_symmetry)s;
            return CONFIG_OK;
        }
    }
    return fail_value(p, "one of none, rotational-180, rotational-90, mirror, diagonal",
                      value);
}

static int
check_generator_secret(struct parser *p, const char *secret)
{
    if (strlen(secret) < GENERATOR_SECRET_MIN)
        return fail_at(p, CONFIG_ERR_VALUE,
                       "the secret must be at least %d characters (it has %zu); "
                       "make one with: head -c 32 /dev/urandom | base64",
                       GENERATOR_SECRET_MIN, strlen(secret));
    return CONFIG_OK;
}

static int
set_generator_secret(struct parser *p, const char *value)
{
    int rc;

    if (p->cfg->generator_secret_file != NULL)
        return fail_at(p, CONFIG_ERR_KEY, "set either secret or secret_file, not both");
    if ((rc = check_generator_secret(p, value)) != CONFIG_OK)
        return rc;
    return replace_string(p, &p->cfg->generator_secret, value);
}

static int
set_generator_secret_file(struct parser *p, const char *value)
{
    int rc;

    if (p->cfg->generator_secret != NULL)
        return fail_at(p, CONFIG_ERR_KEY, "set either secret or secret_file, not both");
    if ((rc = set_path(p, &p->cfg->generator_secret_file, value, 0)) != CONFIG_OK)
        return rc;
    if ((rc = read_secret_file(p, value, &p->cfg->generator_secret)) != CONFIG_OK)
        return rc;
    return check_generator_secret(p, p->cfg->generator_secret);
}

/* ---- [webhook "NAME"] -------------------------------------------------- */

/* The same rules the sender applies again before each request. */
static int
check_url(struct parser *p, const char *url)
{
    char msg[CONFIG_ERR_MAX];

    if (webhook_url_check(url, NULL, msg, sizeof msg) != 0)
        return fail_at(p, CONFIG_ERR_VALUE, "%s", msg);
    return CONFIG_OK;
}

static int
set_url(struct parser *p, const char *value)
{
    int rc;

    for (const char *c = value; *c != '\0'; c++) {
        if ((unsigned char)*c <= ' ' || (unsigned char)*c >= 0x7f)
            return fail_at(p, CONFIG_ERR_VALUE,
                           "the URL contains a space or non-ASCII byte at offset %zu; "
                           "percent-encode it", (size_t)(c - value));
    }
    if ((rc = check_url(p, value)) != CONFIG_OK)
        return rc;
    return replace_string(p, &p->hook->url, value);
}

/* Standard base64 with optional padding; returns the decoded length or -1. */
static long
base64_decoded_len(const char *s)
{
    size_t n = strlen(s), pad = 0;

    while (pad < 2 && n > pad && s[n - 1 - pad] == '=')
        pad++;
    for (size_t i = 0; i < n - pad; i++) {
        if (!isalnum((unsigned char)s[i]) && s[i] != '+' && s[i] != '/')
            return -1;
    }
    if ((pad > 0 && n % 4 != 0) || (n - pad) % 4 == 1)
        return -1;
    return (long)((n - pad) * 3 / 4);
}

static int
check_whsec(struct parser *p, const char *secret)
{
    size_t plen = strlen(WHSEC_PREFIX);
    long keylen;

    if (strncmp(secret, WHSEC_PREFIX, plen) != 0)
        return fail_at(p, CONFIG_ERR_VALUE, "the secret must start with " WHSEC_PREFIX);
    keylen = base64_decoded_len(secret + plen);
    if (keylen < WHSEC_KEY_MIN || keylen > WHSEC_KEY_MAX)
        return fail_at(p, CONFIG_ERR_VALUE,
                       "expected " WHSEC_PREFIX " followed by the base64 of %d to %d "
                       "random bytes (e.g. " WHSEC_PREFIX "$(head -c 32 /dev/urandom "
                       "| base64)), got something else", WHSEC_KEY_MIN, WHSEC_KEY_MAX);
    return CONFIG_OK;
}

/* "whsec_..." is the secret itself; anything else names a file holding it. */
static int
set_webhook_secret(struct parser *p, const char *value)
{
    int rc;

    if (strncmp(value, WHSEC_PREFIX, strlen(WHSEC_PREFIX)) == 0) {
        if ((rc = check_whsec(p, value)) != CONFIG_OK)
            return rc;
        return replace_string(p, &p->hook->secret, value);
    }
    if ((rc = set_path(p, &p->hook->secret_file, value, 0)) != CONFIG_OK)
        return rc;
    if ((rc = read_secret_file(p, value, &p->hook->secret)) != CONFIG_OK)
        return rc;
    return check_whsec(p, p->hook->secret);
}

static int
set_include_solutions(struct parser *p, const char *value)
{
    if (parse_bool(value, &p->hook->include_solutions) != 0)
        return fail_value(p, "true or false", value);
    return CONFIG_OK;
}

static int
set_enabled(struct parser *p, const char *value)
{
    if (parse_bool(value, &p->hook->enabled) != 0)
        return fail_value(p, "true or false", value);
    return CONFIG_OK;
}

static int
set_timeout(struct parser *p, const char *value)
{
    long v;

    if (parse_int(value, 1, WEBHOOK_TIMEOUT_MAX, &v) != 0)
        return fail_value(p, "a number of seconds from 1 to 300", value);
    p->hook->timeout_s = (int)v;
    return CONFIG_OK;
}

static int
set_retry_base(struct parser *p, const char *value)
{
    long v;

    if (parse_int(value, 1, WEBHOOK_RETRY_BASE_MAX, &v) != 0)
        return fail_value(p, "a number of seconds from 1 to 300", value);
    p->hook->retry_base_s = (int)v;
    return CONFIG_OK;
}

static int
header_name_reserved(const char *name, size_t len)
{
    static const char *const reserved[] = {
        "webhook-id", "webhook-timestamp", "webhook-signature", "content-type",
        "content-length", "host", "transfer-encoding", "connection", "expect",
    };

    for (size_t i = 0; i < sizeof reserved / sizeof reserved[0]; i++) {
        if (strlen(reserved[i]) == len && strncasecmp(name, reserved[i], len) == 0)
            return 1;
    }
    return 0;
}

static int
set_header(struct parser *p, const char *value)
{
    const char *colon = strchr(value, ':');
    size_t nlen = colon != NULL ? (size_t)(colon - value) : 0;

    if (nlen == 0 || strspn(value, "!#$%&'*+-.^_`|~0123456789"
                                   "abcdefghijklmnopqrstuvwxyz"
                                   "ABCDEFGHIJKLMNOPQRSTUVWXYZ") != nlen)
        return fail_at(p, CONFIG_ERR_VALUE,
                       "expected a header line \"Name: value\" such as "
                       "\"X-Site: example.org\"");
    if (header_name_reserved(value, nlen))
        return fail_at(p, CONFIG_ERR_VALUE, "the daemon sets the %.*s header itself",
                       (int)nlen, value);
    for (const char *c = colon + 1; *c != '\0'; c++) {
        if (((unsigned char)*c < ' ' && *c != '\t') || *c == 0x7f)
            return fail_at(p, CONFIG_ERR_VALUE, "the header value has a control character");
    }
    if (p->hook->header_count == CONFIG_HEADER_MAX)
        return fail_at(p, CONFIG_ERR_VALUE, "at most %d header lines per webhook",
                       CONFIG_HEADER_MAX);
    return replace_string(p, &p->hook->headers[p->hook->header_count++], value);
}

static int
set_ca_file(struct parser *p, const char *value)
{
    if (value[0] != '\0' && access(value, R_OK) != 0)
        return fail_at(p, CONFIG_ERR_VALUE, "cannot read CA file %s: %s", value,
                       strerror(errno));
    return set_path(p, &p->hook->ca_file, value, 1);
}

static const struct key_def keys[] = {
    {SEC_DAEMON, "state_directory", set_state_directory, 0},
    {SEC_DAEMON, "database", set_database, 0},
    {SEC_DAEMON, "socket", set_socket, 0},
    {SEC_DAEMON, "socket_mode", set_socket_mode, 0},
    {SEC_DAEMON, "socket_group", set_socket_group, 0},
    {SEC_DAEMON, "socket_max_clients", set_socket_max_clients, 0},
    {SEC_DAEMON, "socket_idle_timeout", set_socket_idle_timeout, 0},
    {SEC_DAEMON, "log_level", set_log_level, 0},
    {SEC_SCHEDULE, "time_zone", set_time_zone, 0},
    {SEC_SCHEDULE, "publish_time", set_publish_time, 0},
    {SEC_SCHEDULE, "days_ahead", set_days_ahead, 0},
    {SEC_SCHEDULE, "tiers", set_tiers, 0},
    {SEC_GENERATOR, "symmetry", set_symmetry, 0},
    {SEC_GENERATOR, "secret", set_generator_secret, 0},
    {SEC_GENERATOR, "secret_file", set_generator_secret_file, 0},
    {SEC_WEBHOOK, "url", set_url, 0},
    {SEC_WEBHOOK, "secret", set_webhook_secret, 0},
    {SEC_WEBHOOK, "include_solutions", set_include_solutions, 0},
    {SEC_WEBHOOK, "timeout", set_timeout, 0},
    {SEC_WEBHOOK, "header", set_header, 1},
    {SEC_WEBHOOK, "enabled", set_enabled, 0},
    {SEC_WEBHOOK, "ca_file", set_ca_file, 0},
    {SEC_WEBHOOK, "retry_base", set_retry_base, 0},
};
#define KEY_COUNT (sizeof keys / sizeof keys[0])

static const char *const section_names[] = {
    [SEC_DAEMON] = "daemon", [SEC_SCHEDULE] = "schedule",
    [SEC_GENERATOR] = "generator", [SEC_WEBHOOK] = "webhook",
};

/* ---- the reader -------------------------------------------------------- */

static char *
trim(char *s)
{
    char *end;

    while (*s == ' ' || *s == '\t')
        s++;
    end = s + strlen(s);
    while (end > s && (end[-1] == ' ' || end[-1] == '\t'))
        *--end = '\0';
    return s;
}

/* Lists the keys of a section for the "unknown key" message. */
static void
known_keys(enum section sec, char *out, size_t outlen)
{
    size_t used = 0;

    out[0] = '\0';
    for (size_t i = 0; i < KEY_COUNT && used < outlen; i++) {
        if (keys[i].section == sec)
            used += (size_t)snprintf(out + used, outlen - used, "%s%s",
                                     used > 0 ? ", " : "", keys[i].key);
    }
}

static int
open_webhook(struct parser *p, const char *rest)
{
    struct config *cfg = p->cfg;
    size_t n = strlen(rest);
    char name[WEBHOOK_NAME_MAX + 1];

    if (n < 3 || rest[0] != '"' || rest[n - 1] != '"' || n - 2 > WEBHOOK_NAME_MAX)
        return fail_at(p, CONFIG_ERR_SYNTAX,
                       "expected [webhook \"NAME\"] with a quoted name of 1 to %d "
                       "characters", WEBHOOK_NAME_MAX);
    memcpy(name, rest + 1, n - 2);
    name[n - 2] = '\0';
    if (strspn(name, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
                     "0123456789_.-") != n - 2)
        return fail_at(p, CONFIG_ERR_SYNTAX,
                       "webhook name '%s' may only use letters, digits, '_', '.', '-'",
                       name);
    for (size_t i = 0; i < cfg->webhook_count; i++) {
        if (strcmp(cfg->webhooks[i].name, name) == 0)
            return fail_at(p, CONFIG_ERR_KEY, "webhook \"%s\" is defined twice", name);
    }
    if (cfg->webhook_count == CONFIG_WEBHOOK_MAX)
        return fail_at(p, CONFIG_ERR_KEY, "at most %d webhooks", CONFIG_WEBHOOK_MAX);
    p->hook = &cfg->webhooks[cfg->webhook_count++];
    p->hook->enabled = 1;
    p->hook->timeout_s = 30;
    p->hook->retry_base_s = WEBHOOK_RETRY_BASE_DEFAULT;
    p->hook_line = p->line;
    memset(p->hook_seen, 0, KEY_COUNT * sizeof *p->hook_seen);
    return replace_string(p, &p->hook->name, name);
}

static int check_webhook_complete(struct parser *p);

static int
open_section(struct parser *p, char *line)
{
    char *close = strrchr(line, ']'), *inner;
    int rc;

    if (close == NULL || *trim(close + 1) != '\0')
        return fail_at(p, CONFIG_ERR_SYNTAX, "expected a section header such as [daemon]");
    *close = '\0';
    inner = trim(line + 1);
    if (p->section == SEC_WEBHOOK && (rc = check_webhook_complete(p)) != CONFIG_OK)
        return rc;
    p->hook = NULL;
    for (int s = SEC_DAEMON; s < SEC_WEBHOOK; s++) {
        if (strcmp(inner, section_names[s]) == 0) {
            p->section = (enum section)s;
            return CONFIG_OK;
        }
    }
    if (strncmp(inner, "webhook", 7) == 0 && (inner[7] == ' ' || inner[7] == '\t')) {
        p->section = SEC_WEBHOOK;
        return open_webhook(p, trim(inner + 7));
    }
    return fail_at(p, CONFIG_ERR_KEY,
                   "unknown section [%.64s] (expected [daemon], [schedule], "
                   "[generator] or [webhook \"NAME\"])", inner);
}

static int
set_key(struct parser *p, char *key, char *value)
{
    char list[256];
    int *seen;

    if (p->section == SEC_NONE)
        return fail_at(p, CONFIG_ERR_KEY, "%.64s: key before any [section]", key);
    for (size_t i = 0; i < KEY_COUNT; i++) {
        if (keys[i].section != p->section || strcmp(keys[i].key, key) != 0)
            continue;
        p->key = keys[i].key;
        seen = p->section == SEC_WEBHOOK ? &p->hook_seen[i] : &p->seen[i];
        if (*seen != 0 && !keys[i].repeatable)
            return fail_at(p, CONFIG_ERR_KEY, "set twice (first on line %d)", *seen);
        *seen = p->line;
        return keys[i].set(p, value);
    }
    known_keys(p->section, list, sizeof list);
    return fail_at(p, CONFIG_ERR_KEY, "%.64s: unknown key in [%s] (known keys: %s)", key,
                   section_names[p->section], list);
}

static int
parse_line(struct parser *p, char *raw, size_t len)
{
    char *line, *eq, *key;

    if (len > 0 && raw[len - 1] == '\r')
        raw[--len] = '\0';
    if (len > CONFIG_LINE_MAX)
        return fail_at(p, CONFIG_ERR_SYNTAX, "line is %zu bytes long; the limit is %d",
                       len, CONFIG_LINE_MAX);
    if (memchr(raw, '\0', len) != NULL)
        return fail_at(p, CONFIG_ERR_SYNTAX, "line contains a NUL byte");
    line = trim(raw);
    if (line[0] == '\0' || line[0] == '#' || line[0] == ';')
        return CONFIG_OK;
    if (line[0] == '[')
        return open_section(p, line);
    eq = strchr(line, '=');
    if (eq != NULL) {
        *eq = '\0';
        key = trim(line);
        if (key[0] != '\0' && strspn(key, "abcdefghijklmnopqrstuvwxyz_") == strlen(key))
            return set_key(p, key, trim(eq + 1));
        *eq = '=';
    }
    return fail_at(p, CONFIG_ERR_SYNTAX,
                   "expected \"key = value\", a [section] header or a comment");
}

static int
check_webhook_complete(struct parser *p)
{
    int line = p->line, rc = CONFIG_OK;

    p->key = NULL;
    p->line = p->hook_line;
    if (p->hook->url == NULL)
        rc = fail_at(p, CONFIG_ERR_KEY, "[webhook \"%s\"]: url is required", p->hook->name);
    else if (p->hook->secret == NULL)
        rc = fail_at(p, CONFIG_ERR_KEY, "[webhook \"%s\"]: secret is required",
                     p->hook->name);
    p->line = line;
    return rc;
}

/* Cross-key rules and derived values, once every line was read. */
static int
finish(struct parser *p)
{
    struct config *cfg = p->cfg;
    const char *db = cfg->database;
    size_t n;
    int rc;

    if (p->section == SEC_WEBHOOK && (rc = check_webhook_complete(p)) != CONFIG_OK)
        return rc;
    if (cfg->generator_secret == NULL) {
        snprintf(p->err, p->errlen,
                 "%s: [generator]: secret or secret_file is required (the puzzles are "
                 "derived from it; make one with: head -c 32 /dev/urandom | base64)",
                 p->name);
        return CONFIG_ERR_KEY;
    }
    if (db[0] == '/')
        return replace_string(p, &cfg->database_path, db);
    n = strlen(cfg->state_directory) + strlen(db) + 2;
    free(cfg->database_path);
    if ((cfg->database_path = malloc(n)) == NULL)
        return fail_at(p, CONFIG_ERR_NOMEM, "out of memory");
    snprintf(cfg->database_path, n, "%s/%s", cfg->state_directory, db);
    return CONFIG_OK;
}

static int
set_defaults(struct config *cfg, const char *name)
{
    memset(cfg, 0, sizeof *cfg);
    cfg->path = strdup(name);
    cfg->state_directory = strdup("/var/lib/sudokud");
    cfg->database = strdup("sudokud.db");
    cfg->socket_path = strdup(CONFIG_DEFAULT_SOCKET);
    cfg->socket_mode = 0660;
    cfg->socket_max_clients = 2048;
    cfg->socket_idle_timeout = 60;
    cfg->log_level = LOG_LEVEL_INFO;
    cfg->days_ahead = 2;
    cfg->tiers = CONFIG_TIERS_DEFAULT;
    cfg->symmetry = CONFIG_SYMMETRY_ROTATIONAL_180;
    if (cfg->path == NULL || cfg->state_directory == NULL || cfg->database == NULL ||
        cfg->socket_path == NULL)
        return CONFIG_ERR_NOMEM;
    return CONFIG_OK;
}

static int
parse_lines(struct parser *p, char *text, size_t len)
{
    size_t pos = 0;
    int rc;

    /* A UTF-8 byte order mark, as some editors write, is not content. */
    if (len >= 3 && memcmp(text, "\xEF\xBB\xBF", 3) == 0)
        pos = 3;
    while (pos < len) {
        char *nl = memchr(text + pos, '\n', len - pos);
        size_t end = nl != NULL ? (size_t)(nl - text) : len;

        text[end] = '\0';
        p->line++;
        p->key = NULL;
        if ((rc = parse_line(p, text + pos, end - pos)) != CONFIG_OK)
            return rc;
        pos = end + 1;
    }
    p->key = NULL;
    return finish(p);
}

int
config_parse(struct config *cfg, const char *name, const char *text, size_t len,
             char *err, size_t errlen)
{
    int seen[KEY_COUNT] = {0}, hook_seen[KEY_COUNT] = {0};
    struct parser p = {
        .cfg = cfg, .name = name, .seen = seen, .hook_seen = hook_seen,
        .err = err, .errlen = errlen,
    };
    char *copy;
    int rc;

    if (set_defaults(cfg, name) != CONFIG_OK || (copy = malloc(len + 1)) == NULL) {
        snprintf(err, errlen, "%s: out of memory", name);
        return CONFIG_ERR_NOMEM;
    }
    memcpy(copy, text, len);
    copy[len] = '\0';
    rc = parse_lines(&p, copy, len);
    free(copy);
    return rc;
}

int
config_load(struct config *cfg, const char *path, char *err, size_t errlen)
{
    FILE *f = fopen(path, "re");
    char *text;
    size_t len;
    int rc;

    memset(cfg, 0, sizeof *cfg);
    if (f == NULL) {
        snprintf(err, errlen, "%s: cannot open: %s", path, strerror(errno));
        return CONFIG_ERR_IO;
    }
    if ((text = malloc(CONFIG_FILE_MAX + 1)) == NULL) {
        fclose(f);
        snprintf(err, errlen, "%s: out of memory", path);
        return CONFIG_ERR_NOMEM;
    }
    len = fread(text, 1, CONFIG_FILE_MAX + 1, f);
    if (ferror(f) || len > CONFIG_FILE_MAX) {
        snprintf(err, errlen, "%s: %s", path,
                 ferror(f) ? "read error" : "larger than 1 MiB; is this a config file?");
        rc = CONFIG_ERR_IO;
    } else {
        rc = config_parse(cfg, path, text, len, err, errlen);
    }
    free(text);
    fclose(f);
    return rc;
}

static void
free_webhook(struct config_webhook *w)
{
    free(w->name);
    free(w->url);
    free(w->secret);
    free(w->secret_file);
    free(w->ca_file);
    for (size_t i = 0; i < w->header_count; i++)
        free(w->headers[i]);
}

void
config_free(struct config *cfg)
{
    if (cfg == NULL)
        return;
    free(cfg->path);
    free(cfg->state_directory);
    free(cfg->database);
    free(cfg->database_path);
    free(cfg->socket_path);
    free(cfg->socket_group);
    free(cfg->time_zone);
    free(cfg->generator_secret);
    free(cfg->generator_secret_file);
    for (size_t i = 0; i < cfg->webhook_count; i++)
        free_webhook(&cfg->webhooks[i]);
    memset(cfg, 0, sizeof *cfg);
}

/* ---- printing ---------------------------------------------------------- */

static void
print_tiers(unsigned mask, FILE *out)
{
    const char *sep = "";

    for (int t = 0; t < CONFIG_TIER_COUNT; t++) {
        if (mask & CONFIG_TIER_BIT(t)) {
            fprintf(out, "%s%s", sep, tier_names[t]);
            sep = ", ";
        }
    }
}

static void
print_webhook(const struct config_webhook *w, FILE *out)
{
    fprintf(out, "\n[webhook \"%s\"]\nurl = %s\n", w->name, w->url);
    if (w->secret_file != NULL)
        fprintf(out, "secret = %s\n", w->secret_file);
    else
        fprintf(out, "# secret = (hidden; given inline)\n");
    fprintf(out, "include_solutions = %s\ntimeout = %d\n",
            w->include_solutions ? "true" : "false", w->timeout_s);
    for (size_t i = 0; i < w->header_count; i++)
        fprintf(out, "# header = %.*s: (value hidden)\n",
                (int)strcspn(w->headers[i], ":"), w->headers[i]);
    fprintf(out, "enabled = %s\nca_file = %s\nretry_base = %d\n",
            w->enabled ? "true" : "false", w->ca_file != NULL ? w->ca_file : "",
            w->retry_base_s);
}

void
config_print(const struct config *cfg, FILE *out)
{
    fprintf(out, "# effective configuration from %s\n", cfg->path);
    fprintf(out, "[daemon]\nstate_directory = %s\ndatabase = %s\n", cfg->state_directory,
            cfg->database);
    fprintf(out, "socket = %s\nsocket_mode = %04o\nsocket_group = %s\nlog_level = %s\n",
            cfg->socket_path, cfg->socket_mode,
            cfg->socket_group != NULL ? cfg->socket_group : "",
            log_level_name(cfg->log_level));
    fprintf(out, "socket_max_clients = %d\nsocket_idle_timeout = %d\n",
            cfg->socket_max_clients, cfg->socket_idle_timeout);
    fprintf(out, "\n[schedule]\ntime_zone = %s\npublish_time = %02d:%02d\n",
            cfg->time_zone != NULL ? cfg->time_zone : "", cfg->publish_minute / 60,
            cfg->publish_minute % 60);
    fprintf(out, "days_ahead = %d\ntiers = ", cfg->days_ahead);
    print_tiers(cfg->tiers, out);
    fprintf(out, "\n\n[generator]\nsymmetry = %s\n", config_symmetry_name(cfg->symmetry));
    if (cfg->generator_secret_file != NULL)
        fprintf(out, "secret_file = %s\n", cfg->generator_secret_file);
    else
        fprintf(out, "# secret = (hidden; given inline)\n");
    for (size_t i = 0; i < cfg->webhook_count; i++)
        print_webhook(&cfg->webhooks[i], out);
}
