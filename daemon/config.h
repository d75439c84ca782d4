/*
 * config: sudokud's settings, read from an INI file, validated, printable.
 *
 * File format: "[section]" or "[webhook \"NAME\"]" headers, "key = value"
 * lines, comments on their own lines starting with '#' or ';'.  Values run
 * to the end of the line (a ';' or '#' inside a URL is part of it) and may be
 * long (CONFIG_LINE_MAX).  Unknown sections and keys, repeated keys and bad
 * values are errors naming the file, line and key:
 *     sudokud.conf:12: days_ahead: expected an integer from 0 to 366, got 'two'
 * config/sudokud.conf documents every key and its default.
 */
#ifndef SUDOKUD_CONFIG_H
#define SUDOKUD_CONFIG_H

#include <stddef.h>
#include <stdio.h>

#include "log.h"

#define CONFIG_DEFAULT_PATH "/etc/sudokud/sudokud.conf"
#define CONFIG_DEFAULT_SOCKET "/run/sudokud/sudokud.sock"
#define CONFIG_SOCKET_CLIENTS_MAX 100000
#define CONFIG_SOCKET_IDLE_MAX 86400 /* seconds */
#define CONFIG_LINE_MAX 8192     /* bytes per line, newline excluded */
#define CONFIG_ERR_MAX 512       /* bytes enough for any config message */
#define CONFIG_DAYS_AHEAD_MAX 366
#define CONFIG_WEBHOOK_MAX 16
#define CONFIG_HEADER_MAX 16     /* extra headers per webhook */

enum config_status {
    CONFIG_OK = 0,
    CONFIG_ERR_IO = -1,     /* the file could not be read */
    CONFIG_ERR_SYNTAX = -2, /* a line that is not a header, key or comment */
    CONFIG_ERR_KEY = -3,    /* unknown, repeated or misplaced key/section */
    CONFIG_ERR_VALUE = -4,  /* a value out of range or malformed */
    CONFIG_ERR_NOMEM = -5,
};

/* Publication tiers, easiest first; also the order puzzles are listed in. */
enum config_tier {
    CONFIG_TIER_EASY,
    CONFIG_TIER_MEDIUM,
    CONFIG_TIER_HARD,
    CONFIG_TIER_EXPERT,
    CONFIG_TIER_COUNT,
};
#define CONFIG_TIER_BIT(t) (1u << (t))
#define CONFIG_TIERS_DEFAULT                                                   \
    (CONFIG_TIER_BIT(CONFIG_TIER_EASY) | CONFIG_TIER_BIT(CONFIG_TIER_MEDIUM) | \
     CONFIG_TIER_BIT(CONFIG_TIER_HARD))

enum config_symmetry {
    CONFIG_SYMMETRY_NONE,
    CONFIG_SYMMETRY_ROTATIONAL_180,
    CONFIG_SYMMETRY_ROTATIONAL_90,
    CONFIG_SYMMETRY_MIRROR,
    CONFIG_SYMMETRY_DIAGONAL,
};

struct config_webhook {
    char *name;              /* from [webhook "NAME"] */
    char *url;               /* https://, or http:// to a loopback host */
    char *secret;            /* "whsec_..." (read from secret_file if set) */
    char *secret_file;       /* NULL when the secret was given inline */
    int include_solutions;   /* default 0 */
    int timeout_s;           /* whole request, default 30 */
    char *headers[CONFIG_HEADER_MAX]; /* "Name: value" lines, in file order */
    size_t header_count;
    int enabled;             /* default 1 */
    char *ca_file;           /* NULL: the system's CA store */
    int retry_base_s;        /* first retry delay, default 5 (webhook_policy.h) */
};

/* Every string is owned by the struct and freed by config_free. */
struct config {
    char *path;                     /* the file this came from */
    char *state_directory;          /* default /var/lib/sudokud */
    char *database;                 /* as written; default "sudokud.db" */
    char *database_path;            /* database resolved against state_directory */
    char *socket_path;              /* default /run/sudokud/sudokud.sock */
    unsigned socket_mode;           /* default 0660 */
    char *socket_group;             /* NULL: the daemon's own group */
    int socket_max_clients;         /* connections served at once; default 2048 */
    int socket_idle_timeout;        /* seconds without progress; default 60 */
    enum log_level log_level;       /* default info */
    char *time_zone;                /* IANA name; NULL: the system's */
    int publish_minute;             /* minutes after local midnight; default 0 */
    int days_ahead;                 /* default 2 */
    unsigned tiers;                 /* CONFIG_TIER_BIT mask; default easy..hard */
    enum config_symmetry symmetry;  /* default rotational-180 */
    char *generator_secret;         /* inline or read from generator_secret_file */
    char *generator_secret_file;    /* NULL when given inline */
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
int config_parse(struct config *cfg, const char *name, const char *text,
                 size_t len, char *err, size_t errlen);

/* Frees every string; cfg may be NULL or already freed. */
void config_free(struct config *cfg);

/* Writes the effective configuration as a config file that parses again,
 * every key present, secrets replaced by "(hidden)". */
void config_print(const struct config *cfg, FILE *out);

const char *config_tier_name(enum config_tier tier);
/* Returns 0 and sets *out, or -1 for an unknown name. */
int config_tier_parse(const char *name, enum config_tier *out);
const char *config_symmetry_name(enum config_symmetry symmetry);

#endif
