/*
 * config: owns the table of known keys (one row per key: section, type,
 * bounds, default, doc), the checks of each type, the defaults, and the
 * printed form of a configuration.  The file is read by ini.c.
 */
#include "config.h"
#include "defaults.h"

#include <ctype.h>
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
#include <jansson.h>

#include "ini.h"
#include "webhook_policy.h"

#define CONFIG_FILE_MAX \
    (1024 * 1024) /* a config file larger than this is a mistake */
#define SECRET_FILE_MAX 4096
#define GENERATOR_SECRET_MIN 16 /* characters */
#define WHSEC_PREFIX "whsec_"
#define WHSEC_KEY_MIN 24 /* decoded bytes, Standard Webhooks */
#define WHSEC_KEY_MAX 64
#define WEBHOOK_TIMEOUT_MAX 300
#define WEBHOOK_NAME_MAX 64
#define SUN_PATH_MAX 107 /* sun_path holds 108 bytes with the NUL */
#define STRINGIFY(x) #x
#define STR(x) STRINGIFY(x)

/* Integer, unsigned and enum fields are stored and read as an int. */
_Static_assert(sizeof(enum log_level) == sizeof(int), "log_level is int-sized");
_Static_assert(sizeof(enum gen_symmetry) == sizeof(int),
               "gen_symmetry is int-sized");
_Static_assert(sizeof(unsigned) == sizeof(int), "unsigned is int-sized");

/* Sections in file order.  The named one ([webhook "NAME"]) may appear once
 * per NAME and fills one struct config_webhook each. */
static const struct section {
    const char *name;
    int named;
} sections[] = {{"daemon", 0}, {"schedule", 0}, {"generator", 0}, {"webhook", 1}};
#define SECTION_COUNT (sizeof sections / sizeof sections[0])

enum key_flag {
    KEY_OPTIONAL = 1, /* PATH, TEXT: empty unsets it */
    KEY_REPEATS = 2,  /* may be given more than once */
    KEY_REQUIRED = 4, /* a named section without it is refused */
};

struct parser;

struct key_row {
    struct config_key info;
    size_t field;  /* offset in struct config, or struct config_webhook for
                     * the named section */
    size_t field2; /* SECRET, SECRET_FILE, WHSEC: the other of secret and
                     * secret file; HEADER: the count */
    const char *(*names)(int); /* CHOICE and TIERS: the names of min..max */
    /* Extra check of a value, before the type's; not run on an empty value
     * that unsets the key. */
    int (*check)(struct parser *p, const char *value);
    unsigned flags;
};

struct parser {
    struct config *cfg;
    const char *name; /* file name for messages */
    int line;
    const struct section *section;
    struct config_webhook *hook;
    int hook_line;   /* line of the current webhook header */
    const char *key; /* key being set, for messages */
    int *seen;       /* line each row was set on, 0 = not yet */
    int *hook_seen;  /* same, reset for each webhook section */
    int status;      /* why a handler stopped the reading */
    char *err;
    size_t errlen;
};

/* ---- messages ---------------------------------------------------------- */

static int fail_at(struct parser *p, int status, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

/* "name:line: key: message" (the key part only while a key is being set). */
static int fail_at(struct parser *p, int status, const char *fmt, ...)
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
static const char *shown(const char *value, char buf[72])
{
    size_t n = strlen(value);

    if (n <= 60)
        snprintf(buf, 72, "'%s'", value);
    else
        snprintf(buf, 72, "'%.57s...'", value);
    return buf;
}

/* names(min) ... names(max), joined by ", ". */
static void name_list(const struct key_row *row, char *out, size_t len)
{
    size_t used = 0;

    out[0] = '\0';
    for (long v = row->info.min; v <= row->info.max && used < len; v++)
        used += (size_t)snprintf(out + used, len - used, "%s%s",
                                 v > row->info.min ? ", " : "", row->names((int)v));
}

/* What a value of row may be, as the messages say it. */
static void expected(const struct key_row *row, char *out, size_t len)
{
    const struct config_key *k = &row->info;
    char list[128];

    switch (k->type) {
    case CONFIG_TYPE_INT:
        snprintf(out, len, "%s from %ld to %ld", k->unit, k->min, k->max);
        break;
    case CONFIG_TYPE_MODE:
        snprintf(out, len, "an octal mode from %04lo to %04lo such as %s",
                 (unsigned long)k->min, (unsigned long)k->max, k->def);
        break;
    case CONFIG_TYPE_CLOCK:
        snprintf(out, len, "a time HH:MM from %02ld:%02ld to %02ld:%02ld",
                 k->min / 60, k->min % 60, k->max / 60, k->max % 60);
        break;
    case CONFIG_TYPE_BOOL:
        snprintf(out, len, "true or false");
        break;
    case CONFIG_TYPE_CHOICE:
    case CONFIG_TYPE_TIERS:
        name_list(row, list, sizeof list);
        snprintf(out, len, "%s %s",
                 k->type == CONFIG_TYPE_CHOICE ? "one of" : "a list of", list);
        break;
    case CONFIG_TYPE_LABELS:
        name_list(row, list, sizeof list);
        snprintf(out, len, "pairs TIER: LABEL with TIER one of %s", list);
        break;
    default:
        snprintf(out, len, "a value");
        break;
    }
}

static int fail_value(struct parser *p, const struct key_row *row,
                      const char *value)
{
    char buf[72], what[256];

    expected(row, what, sizeof what);
    return fail_at(p, CONFIG_ERR_VALUE, "expected %s, got %s", what,
                   shown(value, buf));
}

/* ---- value helpers ----------------------------------------------------- */

static int replace_string(struct parser *p, char **slot, const char *value)
{
    char *copy = NULL;

    if (value != NULL && (copy = strdup(value)) == NULL)
        return fail_at(p, CONFIG_ERR_NOMEM, "out of memory");
    free(*slot);
    *slot = copy;
    return CONFIG_OK;
}

static void put_int(void *field, long v)
{
    int i = (int)v;

    memcpy(field, &i, sizeof i);
}

static int get_int(const void *field)
{
    int i;

    memcpy(&i, field, sizeof i);
    return i;
}

static int parse_int(const char *value, long min, long max, long *out)
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

static int parse_mode(const char *value, long min, long max, long *out)
{
    char *end;
    unsigned long mode;

    if (value[0] < '0' || value[0] > '7' || strlen(value) > 4)
        return -1;
    mode = strtoul(value, &end, 8);
    if (*end != '\0' || mode < (unsigned long)min || mode > (unsigned long)max)
        return -1;
    *out = (long)mode;
    return 0;
}

/* "HH:MM" (or "H:MM") as minutes after midnight. */
static int parse_clock(const char *value, long min, long max, long *out)
{
    int h, m, n = 0;
    size_t len = strlen(value);

    if (len > 5 || len < 4 || strspn(value, "0123456789") != len - 3 ||
        sscanf(value, "%2d:%2d%n", &h, &m, &n) != 2 || value[n] != '\0' ||
        value[len - 3] != ':' || strspn(value + len - 2, "0123456789") != 2 ||
        h > 23 || m > 59 || h * 60 + m < min || h * 60 + m > max)
        return -1;
    *out = h * 60 + m;
    return 0;
}

static int parse_bool(const char *value, int *out)
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

/* Any case: "Hard" and "DEBUG" are what people type. */
static int parse_choice(const struct key_row *row, const char *value, long *out)
{
    for (long v = row->info.min; v <= row->info.max; v++) {
        if (strcasecmp(value, row->names((int)v)) == 0) {
            *out = v;
            return 0;
        }
    }
    return -1;
}

static int set_path(struct parser *p, char **slot, const char *value, int optional)
{
    if (value[0] == '\0') {
        if (!optional)
            return fail_at(p, CONFIG_ERR_VALUE,
                           "expected a path, got an empty value");
        return replace_string(p, slot, NULL);
    }
    if (strlen(value) >= PATH_MAX)
        return fail_at(p, CONFIG_ERR_VALUE, "path longer than %d bytes",
                       PATH_MAX - 1);
    return replace_string(p, slot, value);
}

/*
 * Reads a secret from a file: a regular file other users cannot read, at
 * most SECRET_FILE_MAX bytes, trailing whitespace dropped.  The file's
 * content never appears in a message.
 */
static int read_secret_file(struct parser *p, const char *path, char **out)
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
        return fail_at(p, CONFIG_ERR_VALUE, "secret file %s is not a regular file",
                       path);
    }
    if (st.st_mode & S_IROTH) {
        close(fd);
        return fail_at(p, CONFIG_ERR_VALUE,
                       "secret file %s is readable by every user (mode %04o); "
                       "run: chmod o-rwx %s",
                       path, (unsigned)(st.st_mode & 07777), path);
    }
    n = read(fd, buf, sizeof buf);
    close(fd);
    if (n < 0)
        return fail_at(p, CONFIG_ERR_VALUE, "cannot read secret file %s: %s", path,
                       strerror(errno));
    if (n > SECRET_FILE_MAX)
        return fail_at(p, CONFIG_ERR_VALUE,
                       "secret file %s is longer than %d bytes", path,
                       SECRET_FILE_MAX);
    while (n > 0 && isspace((unsigned char)buf[n - 1]))
        n--;
    buf[n] = '\0';
    if (n == 0 || memchr(buf, '\0', (size_t)n) != NULL)
        return fail_at(p, CONFIG_ERR_VALUE, "secret file %s is empty or binary",
                       path);
    return replace_string(p, out, buf);
}

/* ---- checks of single keys (on non-empty values) ----------------------- */

static int check_socket(struct parser *p, const char *value)
{
    if (strlen(value) > SUN_PATH_MAX)
        return fail_at(
            p, CONFIG_ERR_VALUE,
            "a Unix socket path must be at most %d bytes, this one has %zu",
            SUN_PATH_MAX, strlen(value));
    return CONFIG_OK;
}

static int check_group(struct parser *p, const char *value)
{
    char buf[16384], shownbuf[72];
    struct group gr, *found = NULL;

    if (getgrnam_r(value, &gr, buf, sizeof buf, &found) != 0 || found == NULL)
        return fail_at(p, CONFIG_ERR_VALUE, "no group named %s on this system",
                       shown(value, shownbuf));
    return CONFIG_OK;
}

static int zone_name_ok(const char *name)
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
static int zone_exists(const char *name)
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

static int check_zone(struct parser *p, const char *value)
{
    char buf[72];

    if (!zone_name_ok(value) || !zone_exists(value))
        return fail_at(p, CONFIG_ERR_VALUE,
                       "expected a time zone name from the tz database such as "
                       "Europe/Berlin or UTC (or nothing for the system's), got %s",
                       shown(value, buf));
    return CONFIG_OK;
}

static int check_ca_file(struct parser *p, const char *value)
{
    if (access(value, R_OK) != 0)
        return fail_at(p, CONFIG_ERR_VALUE, "cannot read CA file %s: %s", value,
                       strerror(errno));
    return CONFIG_OK;
}

static int check_generator_secret(struct parser *p, const char *secret)
{
    if (strlen(secret) < GENERATOR_SECRET_MIN)
        return fail_at(p, CONFIG_ERR_VALUE,
                       "the secret must be at least %d characters (it has %zu); "
                       "make one with: head -c 32 /dev/urandom | base64",
                       GENERATOR_SECRET_MIN, strlen(secret));
    return CONFIG_OK;
}

/* The same rules the sender applies again before each request. */
static int check_url(struct parser *p, const char *value)
{
    char msg[CONFIG_ERR_MAX];

    for (const char *c = value; *c != '\0'; c++) {
        if ((unsigned char)*c <= ' ' || (unsigned char)*c >= 0x7f)
            return fail_at(
                p, CONFIG_ERR_VALUE,
                "the URL contains a space or non-ASCII byte at offset %zu; "
                "percent-encode it",
                (size_t)(c - value));
    }
    if (webhook_url_check(value, NULL, msg, sizeof msg) != 0)
        return fail_at(p, CONFIG_ERR_VALUE, "%s", msg);
    return CONFIG_OK;
}

/* Standard base64 with optional padding; returns the decoded length or -1. */
static long base64_decoded_len(const char *s)
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

static int check_whsec(struct parser *p, const char *secret)
{
    size_t plen = strlen(WHSEC_PREFIX);
    long keylen;

    if (strncmp(secret, WHSEC_PREFIX, plen) != 0)
        return fail_at(p, CONFIG_ERR_VALUE,
                       "the secret must start with " WHSEC_PREFIX);
    keylen = base64_decoded_len(secret + plen);
    if (keylen < WHSEC_KEY_MIN || keylen > WHSEC_KEY_MAX)
        return fail_at(
            p, CONFIG_ERR_VALUE,
            "expected " WHSEC_PREFIX " followed by the base64 of %d to %d "
            "random bytes (e.g. " WHSEC_PREFIX "$(head -c 32 /dev/urandom "
            "| base64)), got something else",
            WHSEC_KEY_MIN, WHSEC_KEY_MAX);
    return CONFIG_OK;
}

static int header_name_reserved(const char *name, size_t len)
{
    static const char *const reserved[] = {
        "webhook-id",        "webhook-timestamp", "webhook-signature",
        "content-type",      "content-length",    "host",
        "transfer-encoding", "connection",        "expect",
    };

    for (size_t i = 0; i < sizeof reserved / sizeof reserved[0]; i++) {
        if (strlen(reserved[i]) == len && strncasecmp(name, reserved[i], len) == 0)
            return 1;
    }
    return 0;
}

static int check_header(struct parser *p, const char *value)
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
        return fail_at(p, CONFIG_ERR_VALUE,
                       "the daemon sets the %.*s header itself", (int)nlen, value);
    for (const char *c = colon + 1; *c != '\0'; c++) {
        if (((unsigned char)*c < ' ' && *c != '\t') || *c == 0x7f)
            return fail_at(p, CONFIG_ERR_VALUE,
                           "the header value has a control character");
    }
    return CONFIG_OK;
}

/* ---- the table --------------------------------------------------------- */

static const char *log_name(int v)
{
    return log_level_name((enum log_level)v);
}

static const char *tier_name(int v)
{
    return grade_tier_name((enum grade_tier)v);
}

static const char *symmetry_name(int v)
{
    return gen_symmetry_name((enum gen_symmetry)v);
}

#define IN_CONFIG(f) offsetof(struct config, f)
#define IN_HOOK(f) offsetof(struct config_webhook, f)

static const struct key_row rows[] = {
    {{"daemon", "state_directory", CONFIG_TYPE_PATH, 0, 0, NULL, "/var/lib/sudokud",
      "directory of the database, created when missing"},
     IN_CONFIG(state_directory),
     0,
     NULL,
     NULL,
     0},
    {{"daemon", "database", CONFIG_TYPE_PATH, 0, 0, NULL, "sudokud.db",
      "the SQLite database; a relative name is inside state_directory"},
     IN_CONFIG(database),
     0,
     NULL,
     NULL,
     0},
    {{"daemon", "socket", CONFIG_TYPE_PATH, 0, 0, NULL, SUDOKUD_DEFAULT_SOCKET,
      "the query socket, unless systemd passes one"},
     IN_CONFIG(socket_path),
     0,
     NULL,
     check_socket,
     0},
    {{"daemon", "socket_mode", CONFIG_TYPE_MODE, 0, 0777, NULL, "0660",
      "permissions of a socket the daemon binds itself"},
     IN_CONFIG(socket_mode),
     0,
     NULL,
     NULL,
     0},
    {{"daemon", "socket_group", CONFIG_TYPE_TEXT, 0, 0, NULL, "",
      "group of that socket; empty keeps the daemon's own"},
     IN_CONFIG(socket_group),
     0,
     NULL,
     check_group,
     KEY_OPTIONAL},
    {{"daemon", "socket_max_clients", CONFIG_TYPE_INT, 1, CONFIG_SOCKET_CLIENTS_MAX,
      "an integer", "2048",
      "connections served at once; one more is answered busy"},
     IN_CONFIG(socket_max_clients),
     0,
     NULL,
     NULL,
     0},
    {{"daemon", "socket_idle_timeout", CONFIG_TYPE_INT, 1, CONFIG_SOCKET_IDLE_MAX,
      "a number of seconds", "60",
      "seconds a connection may stay without sending a complete request"},
     IN_CONFIG(socket_idle_timeout),
     0,
     NULL,
     NULL,
     0},
    {{"daemon", "socket_request_timeout", CONFIG_TYPE_INT, 1,
      CONFIG_SOCKET_IDLE_MAX, "a number of seconds", "10",
      "seconds a request line may take from its first byte to its newline"},
     IN_CONFIG(socket_request_timeout),
     0,
     NULL,
     NULL,
     0},
    {{"daemon", "socket_search_budget", CONFIG_TYPE_INT, CONFIG_SEARCH_BUDGET_MIN,
      CONFIG_SEARCH_BUDGET_MAX, "a number of search nodes", "100000",
      "search nodes a solve, grade, hint, steps or check may spend"},
     IN_CONFIG(socket_search_budget),
     0,
     NULL,
     NULL,
     0},
    {{"daemon", "log_level", CONFIG_TYPE_CHOICE, LOG_LEVEL_ERR, LOG_LEVEL_DEBUG,
      NULL, "info", "least severe messages logged"},
     IN_CONFIG(log_level),
     0,
     log_name,
     NULL,
     0},
    {{"schedule", "time_zone", CONFIG_TYPE_TEXT, 0, 0, NULL, "",
      "IANA time zone of the calendar; empty: the system's"},
     IN_CONFIG(time_zone),
     0,
     NULL,
     check_zone,
     KEY_OPTIONAL},
    {{"schedule", "publish_time", CONFIG_TYPE_CLOCK, 0, 24 * 60 - 1, NULL, "00:00",
      "local time a day's puzzles go live and its webhooks fire"},
     IN_CONFIG(publish_minute),
     0,
     NULL,
     NULL,
     0},
    {{"schedule", "days_ahead", CONFIG_TYPE_INT, 0, CONFIG_DAYS_AHEAD_MAX,
      "an integer", "2", "days after today whose puzzles are kept ready"},
     IN_CONFIG(days_ahead),
     0,
     NULL,
     NULL,
     0},
    {{"schedule", "tiers", CONFIG_TYPE_TIERS, GRADE_EASY, GRADE_EXTREME, NULL,
      "easy, medium, hard", "tiers published each day"},
     IN_CONFIG(tiers),
     0,
     tier_name,
     NULL,
     0},
    {{"schedule", "labels", CONFIG_TYPE_LABELS, GRADE_EASY, GRADE_TIERS - 1, NULL, "",
      "display labels of tiers, TIER: LABEL, ...; the tier keys stay"},
     IN_CONFIG(tier_labels),
     0,
     tier_name,
     NULL,
     0},
    {{"generator", "symmetry", CONFIG_TYPE_CHOICE, GEN_SYM_NONE, GEN_SYM_DIAGONAL,
      NULL, "rotational-180", "pattern of the givens"},
     IN_CONFIG(symmetry),
     0,
     symmetry_name,
     NULL,
     0},
    {{"generator", "secret", CONFIG_TYPE_SECRET, 0, 0, NULL, NULL,
      "the secret the puzzles derive from (or secret_file)"},
     IN_CONFIG(generator_secret),
     IN_CONFIG(generator_secret_file),
     NULL,
     NULL,
     0},
    {{"generator", "secret_file", CONFIG_TYPE_SECRET_FILE, 0, 0, NULL, NULL,
      "a file holding that secret (or secret)"},
     IN_CONFIG(generator_secret_file),
     IN_CONFIG(generator_secret),
     NULL,
     NULL,
     0},
    {{"webhook", "url", CONFIG_TYPE_TEXT, 0, 0, NULL, NULL, "where to POST"},
     IN_HOOK(url),
     0,
     NULL,
     check_url,
     KEY_REQUIRED},
    {{"webhook", "secret", CONFIG_TYPE_WHSEC, 0, 0, NULL, NULL,
      "the signing secret whsec_..., or a file holding it"},
     IN_HOOK(secret),
     IN_HOOK(secret_file),
     NULL,
     NULL,
     KEY_REQUIRED},
    {{"webhook", "include_solutions", CONFIG_TYPE_BOOL, 0, 0, NULL, "false",
      "whether events carry each puzzle's solution"},
     IN_HOOK(include_solutions),
     0,
     NULL,
     NULL,
     0},
    {{"webhook", "include_svg", CONFIG_TYPE_BOOL, 0, 0, NULL, "false",
      "whether events carry each puzzle drawn as SVG (some 2 KB a puzzle)"},
     IN_HOOK(include_svg),
     0,
     NULL,
     NULL,
     0},
    {{"webhook", "timeout", CONFIG_TYPE_INT, 1, WEBHOOK_TIMEOUT_MAX,
      "a number of seconds", "30", "time a delivery attempt may take"},
     IN_HOOK(timeout_s),
     0,
     NULL,
     NULL,
     0},
    {{"webhook", "header", CONFIG_TYPE_HEADER, 0, CONFIG_HEADER_MAX, NULL, NULL,
      "an extra header \"Name: value\" sent with every request"},
     IN_HOOK(headers),
     IN_HOOK(header_count),
     NULL,
     check_header,
     KEY_REPEATS},
    {{"webhook", "enabled", CONFIG_TYPE_BOOL, 0, 0, NULL, "true",
      "false keeps the section but sends nothing"},
     IN_HOOK(enabled),
     0,
     NULL,
     NULL,
     0},
    {{"webhook", "ca_file", CONFIG_TYPE_PATH, 0, 0, NULL, "",
      "CA certificates to verify the receiver with; empty: the system's"},
     IN_HOOK(ca_file),
     0,
     NULL,
     check_ca_file,
     KEY_OPTIONAL},
    {{"webhook", "retry_base", CONFIG_TYPE_INT, 1, WEBHOOK_RETRY_BASE_MAX,
      "a number of seconds", STR(WEBHOOK_RETRY_BASE_DEFAULT),
      "seconds before the first retry"},
     IN_HOOK(retry_base_s),
     0,
     NULL,
     NULL,
     0},
};
#define KEY_COUNT (sizeof rows / sizeof rows[0])

size_t config_key_count(void)
{
    return KEY_COUNT;
}

const struct config_key *config_key_at(size_t i)
{
    return i < KEY_COUNT ? &rows[i].info : NULL;
}

static int in_section(const struct key_row *row, const struct section *s)
{
    return strcmp(row->info.section, s->name) == 0;
}

/* ---- setting a value --------------------------------------------------- */

/* A secret given inline: checked, then kept in *secret. */
static int set_secret_inline(struct parser *p, char **secret, const char *value,
                             int (*check)(struct parser *, const char *))
{
    int rc;

    if ((rc = check(p, value)) != CONFIG_OK)
        return rc;
    return replace_string(p, secret, value);
}

/* A secret read from the file named by value: the name is kept in *path,
 * the content, once checked, in *secret. */
static int set_secret_file(struct parser *p, char **path, char **secret,
                           const char *value,
                           int (*check)(struct parser *, const char *))
{
    int rc;

    if ((rc = set_path(p, path, value, 0)) != CONFIG_OK)
        return rc;
    if ((rc = read_secret_file(p, value, secret)) != CONFIG_OK)
        return rc;
    return check(p, *secret);
}

/* SECRET and SECRET_FILE: one of the two, and the secret long enough. */
static int set_generator_secret(struct parser *p, const struct key_row *row,
                                char *base, const char *value)
{
    char **field = (char **)(base + row->field),
         **other = (char **)(base + row->field2);

    if (*other != NULL)
        return fail_at(p, CONFIG_ERR_KEY,
                       "set either secret or secret_file, not both");
    if (row->info.type == CONFIG_TYPE_SECRET)
        return set_secret_inline(p, field, value, check_generator_secret);
    return set_secret_file(p, field, other, value, check_generator_secret);
}

/* "whsec_..." is the secret itself; anything else names a file holding it. */
static int set_whsec(struct parser *p, const struct key_row *row, char *base,
                     const char *value)
{
    char **secret = (char **)(base + row->field);

    if (strncmp(value, WHSEC_PREFIX, strlen(WHSEC_PREFIX)) == 0)
        return set_secret_inline(p, secret, value, check_whsec);
    return set_secret_file(p, (char **)(base + row->field2), secret, value,
                           check_whsec);
}

/* word names a tier of row not yet in *seen: adds it, sets *t.  verb says
 * how the message calls a repeat ("listed twice"). */
static int take_tier(struct parser *p, const struct key_row *row, const char *word,
                     unsigned *seen, const char *verb, long *t)
{
    char buf[72], what[128];

    if (parse_choice(row, word, t) != 0) {
        expected(row, what, sizeof what);
        return fail_at(p, CONFIG_ERR_VALUE, "unknown tier %s (expected %s)",
                       shown(word, buf), what);
    }
    if (*seen & CONFIG_TIER_BIT(*t))
        return fail_at(p, CONFIG_ERR_VALUE, "tier '%s' is %s twice", word, verb);
    *seen |= CONFIG_TIER_BIT(*t);
    return CONFIG_OK;
}

static int set_tiers(struct parser *p, const struct key_row *row, void *field,
                     const char *value)
{
    char copy[256], *save = NULL;
    unsigned mask = 0;
    long t;
    int rc;

    if (strlen(value) >= sizeof copy)
        return fail_value(p, row, value);
    strcpy(copy, value);
    for (char *w = strtok_r(copy, ", \t", &save); w != NULL;
         w = strtok_r(NULL, ", \t", &save)) {
        if ((rc = take_tier(p, row, w, &mask, "listed", &t)) != CONFIG_OK)
            return rc;
    }
    if (mask == 0)
        return fail_value(p, row, value);
    put_int(field, (long)mask);
    return CONFIG_OK;
}

/* A label is for display: printable UTF-8 text without the list's
 * separators (',' and ':'), at most CONFIG_LABEL_MAX bytes.  It goes into
 * JSON replies and events, so the JSON library judges its UTF-8. */
static int check_label(struct parser *p, const char *tier, const char *label)
{
    char buf[72];
    json_t *text = json_string(label);

    json_decref(text);
    if (text == NULL)
        return fail_at(p, CONFIG_ERR_VALUE, "the label of tier '%s' is not UTF-8",
                       tier);
    if (label[0] == '\0')
        return fail_at(p, CONFIG_ERR_VALUE, "tier '%s' has an empty label", tier);
    if (strlen(label) > CONFIG_LABEL_MAX)
        return fail_at(p, CONFIG_ERR_VALUE,
                       "the label of tier '%s' is longer than %d bytes: %s", tier,
                       CONFIG_LABEL_MAX, shown(label, buf));
    for (const char *c = label; *c != '\0'; c++)
        if ((unsigned char)*c < 0x20 || *c == 0x7f || *c == ',' || *c == ':')
            return fail_at(p, CONFIG_ERR_VALUE,
                           "the label of tier '%s' holds a control character, "
                           "',' or ':': %s",
                           tier, shown(label, buf));
    return CONFIG_OK;
}

/* s without its leading and trailing blanks (cut in place). */
static char *trim(char *s)
{
    char *end;

    s += strspn(s, " \t");
    for (end = s + strlen(s); end > s && (end[-1] == ' ' || end[-1] == '\t');)
        *--end = '\0';
    return s;
}

/* "easy: Gentle, hard: Tough going": each pair sets one tier's label; the
 * tiers not named keep none.  Empty: no labels. */
static int set_labels(struct parser *p, const struct key_row *row, void *field,
                      const char *value)
{
    char(*labels)[CONFIG_LABEL_MAX + 1] = field;
    char copy[1024], *save = NULL, buf[72];
    unsigned seen = 0;
    long t;
    int rc;

    if (strlen(value) >= sizeof copy)
        return fail_at(p, CONFIG_ERR_VALUE, "longer than %zu bytes",
                       sizeof copy - 1);
    strcpy(copy, value);
    memset(labels, 0, sizeof(char[GRADE_TIERS][CONFIG_LABEL_MAX + 1]));
    for (char *pair = strtok_r(copy, ",", &save); pair != NULL;
         pair = strtok_r(NULL, ",", &save)) {
        char *colon = strchr(pair, ':'), *tier, *label;

        if (colon == NULL)
            return fail_at(p, CONFIG_ERR_VALUE,
                           "expected TIER: LABEL pairs separated by commas, got %s",
                           shown(pair + strspn(pair, " \t"), buf));
        *colon = '\0';
        tier = trim(pair);
        label = trim(colon + 1);
        if ((rc = take_tier(p, row, tier, &seen, "labelled", &t)) != CONFIG_OK ||
            (rc = check_label(p, tier, label)) != CONFIG_OK)
            return rc;
        snprintf(labels[t], CONFIG_LABEL_MAX + 1, "%s", label);
    }
    return CONFIG_OK;
}

const char *config_tier_label(const struct config *cfg, const char *tier)
{
    enum grade_tier t;

    if (grade_tier_parse(tier, &t) != 0 || cfg->tier_labels[t][0] == '\0')
        return tier;
    return cfg->tier_labels[t];
}

static int set_header(struct parser *p, const struct key_row *row, char *base,
                      const char *value)
{
    char **headers = (char **)(base + row->field);
    size_t *count = (size_t *)(base + row->field2);

    if (*count == (size_t)row->info.max)
        return fail_at(p, CONFIG_ERR_VALUE, "at most %ld header lines per webhook",
                       row->info.max);
    return replace_string(p, &headers[(*count)++], value);
}

/* Sets row's field(s), of section s, from value, or says why not. */
static int set_value(struct parser *p, const struct section *s,
                     const struct key_row *row, const char *value)
{
    char *base = s->named ? (char *)p->hook : (char *)p->cfg;
    void *field = base + row->field;
    int unsets = value[0] == '\0' && (row->flags & KEY_OPTIONAL);
    long v = 0;
    int b, rc, bad = 0;

    if (row->check != NULL && !unsets && (rc = row->check(p, value)) != CONFIG_OK)
        return rc;
    switch (row->info.type) {
    case CONFIG_TYPE_PATH:
        return set_path(p, field, value, (row->flags & KEY_OPTIONAL) != 0);
    case CONFIG_TYPE_TEXT:
        return replace_string(p, field, value[0] != '\0' ? value : NULL);
    case CONFIG_TYPE_INT:
        bad = parse_int(value, row->info.min, row->info.max, &v);
        break;
    case CONFIG_TYPE_MODE:
        bad = parse_mode(value, row->info.min, row->info.max, &v);
        break;
    case CONFIG_TYPE_CLOCK:
        bad = parse_clock(value, row->info.min, row->info.max, &v);
        break;
    case CONFIG_TYPE_BOOL:
        bad = parse_bool(value, &b);
        v = b;
        break;
    case CONFIG_TYPE_CHOICE:
        bad = parse_choice(row, value, &v);
        break;
    case CONFIG_TYPE_TIERS:
        return set_tiers(p, row, field, value);
    case CONFIG_TYPE_SECRET:
    case CONFIG_TYPE_SECRET_FILE:
        return set_generator_secret(p, row, base, value);
    case CONFIG_TYPE_WHSEC:
        return set_whsec(p, row, base, value);
    case CONFIG_TYPE_HEADER:
        return set_header(p, row, base, value);
    case CONFIG_TYPE_LABELS:
        return set_labels(p, row, field, value);
    }
    if (bad)
        return fail_value(p, row, value);
    put_int(field, v);
    return CONFIG_OK;
}

/* Sets every key of section s that has a default to it. */
static int set_defaults(struct parser *p, const struct section *s)
{
    int rc;

    for (size_t i = 0; i < KEY_COUNT; i++) {
        if (!in_section(&rows[i], s) || rows[i].info.def == NULL)
            continue;
        p->key = rows[i].info.key;
        if ((rc = set_value(p, s, &rows[i], rows[i].info.def)) != CONFIG_OK)
            return rc;
    }
    p->key = NULL;
    return CONFIG_OK;
}

/* ---- the reader's handlers --------------------------------------------- */

/* A named section's keys that are required, in table order. */
static int check_required(struct parser *p)
{
    int line = p->line, rc = CONFIG_OK;

    p->key = NULL;
    p->line = p->hook_line;
    for (size_t i = 0; i < KEY_COUNT && rc == CONFIG_OK; i++) {
        if (in_section(&rows[i], p->section) && (rows[i].flags & KEY_REQUIRED) &&
            p->hook_seen[i] == 0)
            rc = fail_at(p, CONFIG_ERR_KEY, "[%s \"%s\"]: %s is required",
                         p->section->name, p->hook->name, rows[i].info.key);
    }
    p->line = line;
    return rc;
}

static int open_webhook(struct parser *p, const char *sub)
{
    struct config *cfg = p->cfg;
    char name[WEBHOOK_NAME_MAX + 1];

    if (ini_unquote(sub, name, sizeof name) < 0)
        return fail_at(p, CONFIG_ERR_SYNTAX,
                       "expected [webhook \"NAME\"] with a quoted name of 1 to %d "
                       "characters",
                       WEBHOOK_NAME_MAX);
    if (strspn(name, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
                     "0123456789_.-") != strlen(name))
        return fail_at(
            p, CONFIG_ERR_SYNTAX,
            "webhook name '%s' may only use letters, digits, '_', '.', '-'", name);
    for (size_t i = 0; i < cfg->webhook_count; i++) {
        if (strcmp(cfg->webhooks[i].name, name) == 0)
            return fail_at(p, CONFIG_ERR_KEY, "webhook \"%s\" is defined twice",
                           name);
    }
    if (cfg->webhook_count == CONFIG_WEBHOOK_MAX)
        return fail_at(p, CONFIG_ERR_KEY, "at most %d webhooks",
                       CONFIG_WEBHOOK_MAX);
    p->hook = &cfg->webhooks[cfg->webhook_count++];
    p->hook_line = p->line;
    memset(p->hook_seen, 0, KEY_COUNT * sizeof *p->hook_seen);
    if (replace_string(p, &p->hook->name, name) != CONFIG_OK)
        return CONFIG_ERR_NOMEM;
    return set_defaults(p, p->section);
}

/* "[daemon], [schedule], [generator] or [webhook \"NAME\"]" */
static void section_list(char *out, size_t len)
{
    size_t used = 0;

    for (size_t s = 0; s < SECTION_COUNT && used < len; s++)
        used += (size_t)snprintf(out + used, len - used, "%s[%s%s]",
                                 s == 0                  ? ""
                                 : s + 1 < SECTION_COUNT ? ", "
                                                         : " or ",
                                 sections[s].name,
                                 sections[s].named ? " \"NAME\"" : "");
}

static int section(struct parser *p, const char *header, size_t name_len,
                   const char *sub)
{
    char list[128];
    int rc;

    if (p->section != NULL && p->section->named &&
        (rc = check_required(p)) != CONFIG_OK)
        return rc;
    p->hook = NULL;
    for (size_t s = 0; s < SECTION_COUNT; s++) {
        const struct section *sec = &sections[s];

        if (strlen(sec->name) != name_len ||
            strncmp(header, sec->name, name_len) != 0 ||
            (sub[0] != '\0') != sec->named)
            continue;
        p->section = sec;
        return sec->named ? open_webhook(p, sub) : CONFIG_OK;
    }
    section_list(list, sizeof list);
    return fail_at(p, CONFIG_ERR_KEY, "unknown section [%.64s] (expected %s)",
                   header, list);
}

/* Lists the keys of a section for the "unknown key" message. */
static void known_keys(const struct section *s, char *out, size_t outlen)
{
    size_t used = 0;

    out[0] = '\0';
    for (size_t i = 0; i < KEY_COUNT && used < outlen; i++) {
        if (in_section(&rows[i], s))
            used += (size_t)snprintf(out + used, outlen - used, "%s%s",
                                     used > 0 ? ", " : "", rows[i].info.key);
    }
}

static int key(struct parser *p, const char *name, const char *value)
{
    char list[256];
    int *seen;

    if (p->section == NULL)
        return fail_at(p, CONFIG_ERR_KEY, "%.64s: key before any [section]", name);
    for (size_t i = 0; i < KEY_COUNT; i++) {
        if (!in_section(&rows[i], p->section) ||
            strcmp(rows[i].info.key, name) != 0)
            continue;
        p->key = rows[i].info.key;
        seen = p->section->named ? &p->hook_seen[i] : &p->seen[i];
        if (*seen != 0 && !(rows[i].flags & KEY_REPEATS))
            return fail_at(p, CONFIG_ERR_KEY, "set twice (first on line %d)",
                           *seen);
        *seen = p->line;
        return set_value(p, p->section, &rows[i], value);
    }
    known_keys(p->section, list, sizeof list);
    return fail_at(p, CONFIG_ERR_KEY, "%.64s: unknown key in [%s] (known keys: %s)",
                   name, p->section->name, list);
}

static int on_section(void *ctx, int line, const char *header, size_t name_len,
                      const char *sub)
{
    struct parser *p = ctx;

    p->line = line;
    p->key = NULL;
    return p->status = section(p, header, name_len, sub);
}

static int on_key(void *ctx, int line, const char *name, const char *value)
{
    struct parser *p = ctx;

    p->line = line;
    p->key = NULL;
    return p->status = key(p, name, value);
}

/* Cross-key rules and derived values, once every line was read. */
static int finish(struct parser *p)
{
    struct config *cfg = p->cfg;
    const char *db = cfg->database;
    size_t n;
    int rc;

    p->key = NULL;
    if (p->section != NULL && p->section->named &&
        (rc = check_required(p)) != CONFIG_OK)
        return rc;
    if (cfg->generator_secret == NULL) {
        snprintf(
            p->err, p->errlen,
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

int config_parse(struct config *cfg, const char *name, const char *text, size_t len,
                 char *err, size_t errlen)
{
    static const struct ini_handler handler = {on_section, on_key, "[daemon]"};
    int seen[KEY_COUNT] = {0}, hook_seen[KEY_COUNT] = {0};
    struct parser p = {
        .cfg = cfg,
        .name = name,
        .seen = seen,
        .hook_seen = hook_seen,
        .err = err,
        .errlen = errlen,
    };
    char *copy;
    int rc = CONFIG_OK;

    memset(cfg, 0, sizeof *cfg);
    if ((cfg->path = strdup(name)) == NULL || (copy = malloc(len + 1)) == NULL) {
        snprintf(err, errlen, "%s: out of memory", name);
        return CONFIG_ERR_NOMEM;
    }
    for (size_t s = 0; s < SECTION_COUNT && rc == CONFIG_OK; s++) {
        if (!sections[s].named)
            rc = set_defaults(&p, &sections[s]);
    }
    if (rc == CONFIG_OK) {
        memcpy(copy, text, len);
        copy[len] = '\0';
        rc = ini_read(copy, len, name, &handler, &p, err, errlen);
        rc = rc == INI_ERR_SYNTAX    ? CONFIG_ERR_SYNTAX
             : rc == INI_ERR_HANDLER ? p.status
                                     : finish(&p);
    }
    free(copy);
    return rc;
}

int config_load(struct config *cfg, const char *path, char *err, size_t errlen)
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
                 ferror(f) ? "read error"
                           : "larger than 1 MiB; is this a config file?");
        rc = CONFIG_ERR_IO;
    } else {
        rc = config_parse(cfg, path, text, len, err, errlen);
    }
    free(text);
    fclose(f);
    return rc;
}

/* Frees the strings of the rows of section s in the struct at base. */
static void free_rows(const struct section *s, char *base)
{
    for (size_t i = 0; i < KEY_COUNT; i++) {
        const struct key_row *row = &rows[i];

        if (!in_section(row, s))
            continue;
        if (row->info.type == CONFIG_TYPE_WHSEC)
            free(*(char **)(base + row->field2)); /* the secret file's name */
        switch (row->info.type) {
        case CONFIG_TYPE_WHSEC:
        case CONFIG_TYPE_PATH:
        case CONFIG_TYPE_TEXT:
        case CONFIG_TYPE_SECRET:
        case CONFIG_TYPE_SECRET_FILE:
            free(*(char **)(base + row->field));
            break;
        case CONFIG_TYPE_HEADER:
            for (size_t h = 0; h < *(size_t *)(base + row->field2); h++)
                free(((char **)(base + row->field))[h]);
            break;
        default:
            break;
        }
    }
}

void config_free(struct config *cfg)
{
    if (cfg == NULL)
        return;
    free(cfg->path);
    free(cfg->database_path);
    for (size_t s = 0; s < SECTION_COUNT; s++) {
        if (!sections[s].named) {
            free_rows(&sections[s], (char *)cfg);
            continue;
        }
        for (size_t w = 0; w < cfg->webhook_count; w++) {
            free(cfg->webhooks[w].name);
            free_rows(&sections[s], (char *)&cfg->webhooks[w]);
        }
    }
    memset(cfg, 0, sizeof *cfg);
}

/* ---- printing ---------------------------------------------------------- */

/* One row's line(s): a value as the file would give it; a secret given
 * inline only as a comment, a header only by its name. */
static void print_row(const struct key_row *row, const char *base, FILE *out)
{
    const char *key = row->info.key;
    const char *const *s = (const char *const *)(base + row->field);
    const char *const *other = (const char *const *)(base + row->field2);
    int v = 0;

    if (row->info.type >= CONFIG_TYPE_INT && row->info.type <= CONFIG_TYPE_TIERS)
        v = get_int(base + row->field);
    switch (row->info.type) {
    case CONFIG_TYPE_PATH:
    case CONFIG_TYPE_TEXT:
        fprintf(out, "%s = %s\n", key, *s != NULL ? *s : "");
        break;
    case CONFIG_TYPE_INT:
        fprintf(out, "%s = %d\n", key, v);
        break;
    case CONFIG_TYPE_MODE:
        fprintf(out, "%s = %04o\n", key, (unsigned)v);
        break;
    case CONFIG_TYPE_CLOCK:
        fprintf(out, "%s = %02d:%02d\n", key, v / 60, v % 60);
        break;
    case CONFIG_TYPE_BOOL:
        fprintf(out, "%s = %s\n", key, v ? "true" : "false");
        break;
    case CONFIG_TYPE_CHOICE:
        fprintf(out, "%s = %s\n", key, row->names(v));
        break;
    case CONFIG_TYPE_TIERS:
        fprintf(out, "%s = ", key);
        for (long t = row->info.min, n = 0; t <= row->info.max; t++) {
            if ((unsigned)v & CONFIG_TIER_BIT(t))
                fprintf(out, "%s%s", n++ > 0 ? ", " : "", row->names((int)t));
        }
        fputc('\n', out);
        break;
    case CONFIG_TYPE_SECRET:
        if (*other == NULL)
            fprintf(out, "# %s = (hidden; given inline)\n", key);
        break;
    case CONFIG_TYPE_SECRET_FILE:
        if (*s != NULL)
            fprintf(out, "%s = %s\n", key, *s);
        break;
    case CONFIG_TYPE_WHSEC:
        if (*other != NULL)
            fprintf(out, "%s = %s\n", key, *other);
        else
            fprintf(out, "# %s = (hidden; given inline)\n", key);
        break;
    case CONFIG_TYPE_HEADER:
        for (size_t h = 0; h < *(const size_t *)(base + row->field2); h++)
            fprintf(out, "# %s = %.*s: (value hidden)\n", key,
                    (int)strcspn(s[h], ":"), s[h]);
        break;
    case CONFIG_TYPE_LABELS:
        fprintf(out, "%s = ", key);
        for (long t = row->info.min, n = 0; t <= row->info.max; t++) {
            const char *label = (const char *)(base + row->field) +
                                (size_t)t * (CONFIG_LABEL_MAX + 1);

            if (label[0] != '\0')
                fprintf(out, "%s%s: %s", n++ > 0 ? ", " : "", row->names((int)t),
                        label);
        }
        fputc('\n', out);
        break;
    }
}

static void print_rows(const struct section *s, const char *base, FILE *out)
{
    for (size_t i = 0; i < KEY_COUNT; i++) {
        if (in_section(&rows[i], s))
            print_row(&rows[i], base, out);
    }
}

void config_print(const struct config *cfg, FILE *out)
{
    fprintf(out, "# effective configuration from %s\n", cfg->path);
    for (size_t s = 0; s < SECTION_COUNT; s++) {
        if (!sections[s].named) {
            fprintf(out, "%s[%s]\n", s > 0 ? "\n" : "", sections[s].name);
            print_rows(&sections[s], (const char *)cfg, out);
            continue;
        }
        for (size_t w = 0; w < cfg->webhook_count; w++) {
            fprintf(out, "\n[%s \"%s\"]\n", sections[s].name,
                    cfg->webhooks[w].name);
            print_rows(&sections[s], (const char *)&cfg->webhooks[w], out);
        }
    }
}
