/*
 * store: the daemon's SQLite database of puzzles, publication state and
 * webhook outbox.
 *
 * One connection, used only from the loop thread.  WAL mode, synchronous
 * FULL (a commit survives power loss, so a published day or a queued webhook
 * event is never lost and never re-created with a new id), busy_timeout for
 * admins and backups reading alongside.  store_open applies the migrations
 * compiled in from schema/ in one transaction, refuses a database from a
 * newer sudokud or another program, and runs quick_check.  Every write is
 * one short transaction: after a crash, kill -9 or full disk each one is
 * either wholly there or wholly absent, and a stored puzzle never changes.
 *
 * Every function returns STORE_OK or a negative store_status and, on error,
 * writes a message naming the database and what to do into err.
 */
#ifndef SUDOKUD_STORE_H
#define SUDOKUD_STORE_H

#include <stddef.h>
#include <stdint.h>

struct schedule_date;

#define STORE_APPLICATION_ID 0x53644b64 /* "SdKd" at offset 68 of the file */
#define STORE_ERR_MAX 512
#define STORE_BUSY_TIMEOUT_MS 5000
#define STORE_DAY_MAX 8       /* puzzles per store_put_day */
#define STORE_COUNTS_MAX 2048 /* technique_counts JSON, with NUL */

enum store_status {
    STORE_OK = 0,
    STORE_ERR = -1, /* SQLite or I/O failure; the message says which */
    STORE_NOT_FOUND = -2,
    STORE_EXISTS = -3,    /* already stored or published; nothing written */
    STORE_DUPLICATE = -4, /* these givens are already stored for another day */
    STORE_INVALID = -5,   /* malformed argument; nothing written */
    STORE_FULL = -6,      /* disk or quota full; nothing written */
    STORE_BUSY = -7,      /* another process held the lock past busy_timeout */
    STORE_CORRUPT = -8,   /* not a database, or it failed quick_check */
    STORE_TOO_NEW = -9,   /* written by a newer sudokud */
    STORE_FOREIGN = -10,  /* an SQLite database of some other program */
};

/* A stored puzzle.  Strings are NUL-terminated. */
struct store_puzzle {
    char date[11];     /* YYYY-MM-DD, local publication date */
    char tier[8];      /* easy, medium, hard, expert, extreme */
    char puzzle[82];   /* 81 cells, '.' for empty */
    char solution[82]; /* 81 digits */
    double score;      /* the grader's difficulty score */
    char hardest_technique[64];
    char technique_counts
        [STORE_COUNTS_MAX]; /* JSON object, e.g. {"naked_single":40} */
    int clues;              /* givens in puzzle */
    char symmetry[24];
    char seed[80]; /* what the generator was seeded with, as text */
    char generator_version[32];
    int64_t created_at; /* Unix seconds */
};

/* A webhook event queued by store_mark_published; body is sent verbatim. */
struct store_event {
    const char *event_id;   /* the webhook-id: unique, no '.' */
    const char *endpoint;   /* the [webhook "NAME"] */
    const char *event_type; /* e.g. "puzzles.published" */
    const void *body;
    size_t body_len;
};

struct store;

/* Opens (creating if needed, mode 0640) and migrates the database at path.
 * On failure *out is NULL. */
int store_open(struct store **out, const char *path, char *err, size_t errlen);

/* Finalizes statements, runs PRAGMA optimize, closes.  NULL is ignored. */
void store_close(struct store *s);

/* The schema version this binary creates and understands. */
int store_schema_version(void);

/*
 * Stores count puzzles (1..STORE_DAY_MAX) of one date, distinct tiers, all
 * or none.  Checks each puzzle's shape: 81 cells, givens agreeing with the
 * solution, clues equal to the givens.  STORE_EXISTS when one (date, tier)
 * is already stored, STORE_DUPLICATE when its givens were stored for another
 * (date, tier) -- the generator then makes another.  created_at is set by
 * the caller.
 */
int store_put_day(struct store *s, const struct store_puzzle *puzzles, size_t count,
                  char *err, size_t errlen);

/* STORE_NOT_FOUND when there is no puzzle for (date, tier). */
int store_get_puzzle(struct store *s, const char *date, const char *tier,
                     struct store_puzzle *out, char *err, size_t errlen);

/* Sets *has to 1 or 0. */
int store_has_puzzle(struct store *s, const char *date, const char *tier, int *has,
                     char *err, size_t errlen);

/* Called per puzzle; a non-zero return stops the walk (store_list then
 * returns STORE_OK). */
typedef int (*store_puzzle_cb)(void *arg, const struct store_puzzle *p);

/* Walks the puzzles with from <= date <= to, by date then tier (easiest
 * first). */
int store_list(struct store *s, const char *from, const char *to,
               store_puzzle_cb cb, void *arg, char *err, size_t errlen);

/*
 * Marks date published at now and queues events (count may be 0) in one
 * transaction.  STORE_EXISTS when the date is already published,
 * STORE_INVALID when no puzzle is stored for it.
 */
int store_mark_published(struct store *s, const char *date, int64_t now,
                         const struct store_event *events, size_t count, char *err,
                         size_t errlen);

/* Sets *published to 1 or 0. */
int store_is_published(struct store *s, const char *date, int *published, char *err,
                       size_t errlen);

/* The latest published date into *date and *found = 1, or *found = 0
 * when no day is published. */
int store_latest_published(struct store *s, struct schedule_date *date, int *found,
                           char *err, size_t errlen);

/* Counts for the daemon's stats. */
struct store_stats {
    int64_t puzzles;         /* puzzles stored */
    int64_t last_created_at; /* newest puzzle's created_at, 0 when none */
    int64_t outbox_pending;  /* webhook events not delivered yet */
    int64_t outbox_dead;     /* webhook events given up on */
};

int store_get_stats(struct store *s, struct store_stats *out, char *err,
                    size_t errlen);
/* ---- webhook delivery state (the outbox's state machine) ---------------
 * An event is 'pending' until a 2xx marks it 'delivered', or it runs out of
 * attempts or meets a 410 and becomes 'dead'.  A 410 also disables its
 * endpoint (webhook_endpoint.disabled_at); pending events of a disabled
 * endpoint wait, untouched, until store_outbox_retry re-enables it. */

#define STORE_NAME_MAX 72 /* endpoint names, with NUL */

/* One outbox event, without its body. */
struct store_outbox_row {
    int64_t id;
    char event_id[64];
    char endpoint[STORE_NAME_MAX];
    char event_type[64];
    char date[11];           /* "" for events about no day */
    int attempts;            /* attempts started so far */
    int64_t next_attempt_at; /* Unix seconds */
    int64_t created_at;
};

/* Per-endpoint counts and state, for status and stats. */
struct store_webhook_stats {
    char endpoint[STORE_NAME_MAX];
    int64_t pending, dead, delivered;
    int64_t oldest_pending_at; /* created_at of the oldest pending event; 0: none */
    int64_t last_success_at;   /* 0: never */
    int64_t disabled_at;       /* 0: enabled */
    char disabled_reason[128];
    /* why the newest undelivered event that failed did ("HTTP 500: ...",
     * a curl error); "" when none */
    char last_error[512];
};

/* Queues events outside a publication (catch-up, replay, test pings), all
 * or none.  date NULL: events about no day; otherwise the date must be
 * published (STORE_INVALID). */
int store_enqueue_events(struct store *s, const char *date, int64_t now,
                         const struct store_event *events, size_t count, char *err,
                         size_t errlen);

/* Up to cap pending events of endpoints not disabled, soonest due first. */
int store_outbox_pending(struct store *s, struct store_outbox_row *out, size_t cap,
                         size_t *count, char *err, size_t errlen);

/* The exact bytes to send, in a malloc'd buffer with a NUL after them
 * (owned by the caller). */
int store_outbox_body(struct store *s, int64_t id, void **body, size_t *len,
                      char *err, size_t errlen);

/* Counts an attempt before it starts, and when to try again should it never
 * report back (a crash mid-request).  STORE_NOT_FOUND unless pending. */
int store_outbox_attempt(struct store *s, int64_t id, int64_t next_attempt_at,
                         char *err, size_t errlen);

/* Marks a pending event delivered and its endpoint's last success, at now. */
int store_outbox_delivered(struct store *s, int64_t id, int64_t now,
                           int http_status, char *err, size_t errlen);

/* Records a failed attempt (http_status 0: no HTTP answer): the event stays
 * pending until next_attempt_at, or is dead when dead is non-zero. */
int store_outbox_failed(struct store *s, int64_t id, int http_status,
                        const char *error, int64_t next_attempt_at, int dead,
                        char *err, size_t errlen);

/* A 410 Gone: the event is dead and its endpoint disabled, in one
 * transaction. */
int store_outbox_gone(struct store *s, int64_t id, int64_t now, int http_status,
                      const char *reason, char *err, size_t errlen);

/* Sets *disabled to 1 when a 410 disabled the endpoint. */
int store_webhook_disabled(struct store *s, const char *endpoint, int *disabled,
                           char *err, size_t errlen);

/* Sets *has to 1 when the outbox ever held an event_type event about date
 * for endpoint. */
int store_outbox_has_event(struct store *s, const char *endpoint, const char *date,
                           const char *event_type, int *has, char *err,
                           size_t errlen);

/* Makes a dead or pending event (event_id) or every one (event_id NULL) due
 * at now with its attempts reset, and re-enables the endpoints concerned.
 * *count gets the number requeued.  For one event: STORE_NOT_FOUND when
 * unknown, STORE_EXISTS when already delivered. */
int store_outbox_retry(struct store *s, const char *event_id, int64_t now,
                       size_t *count, char *err, size_t errlen);

/* Every endpoint named in the outbox or the endpoint table, by name (the
 * backlog for `stats` is the pending and dead counts). */
int store_webhook_stats(struct store *s, struct store_webhook_stats *out,
                        size_t cap, size_t *count, char *err, size_t errlen);

/* Copies the live database to dest with SQLite's online backup API (the
 * daemon keeps running), through a temporary file renamed into place. */
int store_backup(struct store *s, const char *dest, char *err, size_t errlen);

/* Full PRAGMA integrity_check; STORE_CORRUPT with its first finding. */
int store_integrity_check(struct store *s, char *err, size_t errlen);

#endif
