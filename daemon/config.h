/*
 * config: sudokud's settings, read from an INI file (ini.h), validated,
 * printable.
 *
 * Every key is a row of one table (config.c): its section, type, bounds,
 * default and a line of doc.  The parsing, the messages, the defaults and
 * the printed form all come from that row, and a unit test holds the table
 * against sudokud.conf(5).  Unknown sections and keys, repeated keys and
 * bad values are errors naming the file, line and key:
 *     sudokud.conf:12: days_ahead: expected an integer from 0 to 366, got 'two'
 */
#ifndef SUDOKUD_CONFIG_H
#define SUDOKUD_CONFIG_H

#include <stddef.h>
#include <stdio.h>

#include "generator.h"
#include "log.h"

#define CONFIG_DEFAULT_PATH "/etc/sudokud/sudokud.conf"
#define CONFIG_SOCKET_CLIENTS_MAX 100000
#define CONFIG_SOCKET_IDLE_MAX 86400 /* seconds */
#define CONFIG_SEARCH_BUDGET_MIN 1000
#define CONFIG_SEARCH_BUDGET_MAX 1000000000 /* search nodes */
#define CONFIG_ERR_MAX 512           /* bytes enough for any config message */
#define CONFIG_DAYS_AHEAD_MAX 366
#define CONFIG_WEBHOOK_MAX 16
#define CONFIG_HEADER_MAX 16 /* extra headers per webhook */
#define CONFIG_LABEL_MAX 32  /* bytes of a tier's display label */

enum config_status {
    CONFIG_OK = 0,
    CONFIG_ERR_IO = -1,     /* the file could not be read */
    CONFIG_ERR_SYNTAX = -2, /* a line that is not a header, key or comment */
    CONFIG_ERR_KEY = -3,    /* unknown, repeated or misplaced key/section */
    CONFIG_ERR_VALUE = -4,  /* a value out of range or malformed */
    CONFIG_ERR_NOMEM = -5,
};

/* The bit of a tier (enum grade_tier, easy to extreme) in a mask of tiers;
 * the published tiers are listed easiest first. */
#define CONFIG_TIER_BIT(t) (1u << (t))

struct config_webhook {
    char *name;            /* from [webhook "NAME"] */
    char *url;             /* https://, or http:// to a loopback host */
    char *secret;          /* "whsec_..." (read from secret_file if set) */
    char *secret_file;     /* NULL when the secret was given inline */
    int include_solutions; /* default 0 */
    int include_svg;       /* default 0: each puzzle's SVG in events */
    int timeout_s;         /* whole request, default 30 */
    char *headers[CONFIG_HEADER_MAX]; /* "Name: value" lines, in file order */
    size_t header_count;
    int enabled;      /* default 1 */
    char *ca_file;    /* NULL: the system's CA store */
    int retry_base_s; /* first retry delay, default 5 (webhook_policy.h) */
};

/* Every string is owned by the struct and freed by config_free. */
struct config {
    char *path;                  /* the file this came from */
    char *state_directory;       /* default /var/lib/sudokud */
    char *database;              /* as written; default "sudokud.db" */
    char *database_path;         /* database resolved against state_directory */
    char *socket_path;           /* default /run/sudokud/sudokud.sock */
    unsigned socket_mode;        /* default 0660 */
    char *socket_group;          /* NULL: the daemon's own group */
    int socket_max_clients;      /* connections served at once; default 2048 */
    int socket_idle_timeout;     /* seconds without a complete request; default 60 */
    int socket_request_timeout;  /* seconds a started request may take; default 10 */
    int socket_search_budget;    /* search nodes per solve/grade/...; default 100000 */
    enum log_level log_level;    /* default info */
    char *time_zone;             /* IANA name; NULL: the system's */
    int publish_minute;          /* minutes after local midnight; default 0 */
    int days_ahead;              /* default 2 */
    unsigned tiers;              /* CONFIG_TIER_BIT mask; default easy..hard */
    /* Each tier's display label ("" when none: shown by its key). */
    char tier_labels[GRADE_TIERS][CONFIG_LABEL_MAX + 1];
    enum gen_symmetry symmetry;  /* default rotational-180 */
    char *generator_secret;      /* inline or read from generator_secret_file */
    char *generator_secret_file; /* NULL when given inline */
    struct config_webhook webhooks[CONFIG_WEBHOOK_MAX];
    size_t webhook_count;
};

/*
 * Reads and validates the file at path into *cfg (which is overwritten; free
 * it with config_free whatever the result).  Secret files named in it are
 * read too, and refused when other users may read them.  Returns CONFIG_OK
 * or a negative config_status with "path:line: key: problem" in err.
 */
int config_load(struct config *cfg, const char *path, char *err, size_t errlen);

/* Same for text held in memory (len bytes); name is used in messages. */
int config_parse(struct config *cfg, const char *name, const char *text, size_t len,
                 char *err, size_t errlen);

/* Frees every string; cfg may be NULL or already freed. */
void config_free(struct config *cfg);

/* The display label of tier (its key as stored, e.g. "hard"): the
 * configured label, or the key itself when there is none or the key names
 * no tier.  The key is what replies and events identify a tier by; the
 * label is only for people. */
const char *config_tier_label(const struct config *cfg, const char *tier);

/* Writes the effective configuration as a config file that parses again,
 * every key present, secrets replaced by "(hidden)". */
void config_print(const struct config *cfg, FILE *out);

/* What a value may be, as the table says it (struct config_key). */
enum config_type {
    CONFIG_TYPE_PATH, /* a path; empty is an error, or unsets an optional key */
    CONFIG_TYPE_TEXT, /* a string (a group, a zone, a URL); empty unsets an optional key */
    /* INT to TIERS are held as an int (a mask for TIERS) */
    CONFIG_TYPE_INT,         /* an integer from min to max, in unit */
    CONFIG_TYPE_MODE,        /* an octal file mode from min to max */
    CONFIG_TYPE_CLOCK,       /* HH:MM, the minutes after midnight from min to max */
    CONFIG_TYPE_BOOL,        /* true, yes, on, 1 or false, no, off, 0 */
    CONFIG_TYPE_CHOICE,      /* one name of a list */
    CONFIG_TYPE_TIERS,       /* a list of tier names, each at most once */
    CONFIG_TYPE_SECRET,      /* the generator's secret, inline */
    CONFIG_TYPE_SECRET_FILE, /* the generator's secret, from a file */
    CONFIG_TYPE_WHSEC,       /* a webhook's signing secret, or a file holding it */
    CONFIG_TYPE_HEADER,      /* an extra request header; the key may repeat */
    CONFIG_TYPE_LABELS,      /* "TIER: LABEL, ..." pairs, each tier at most once */
};

/* One row of the table of keys, as tests and documentation checks read it. */
struct config_key {
    const char *section; /* "daemon", "schedule", "generator" or "webhook" */
    const char *key;
    enum config_type type;
    long min, max;    /* INT, MODE, CLOCK: the bounds; CHOICE, TIERS,
                           * LABELS: the values named; HEADER: max is how
                           * many */
    const char *unit; /* INT: how the message names it, "an integer" */
    const char *def;  /* the default as written in the file ("" for
                           * empty); NULL when there is none: required or
                           * repeatable */
    const char *doc;  /* one line */
};

/* The rows, in the order of the man page and of --print-config. */
size_t config_key_count(void);
const struct config_key *config_key_at(size_t i);

#endif
