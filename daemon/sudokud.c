/*
 * sudokud: the daemon's main program.  Owns the command line, the libuv
 * loop and its handles (signals, the schedule timer, the watchdog timer),
 * the running configuration and the store connection, and the decisions
 * that end the process: exit codes are 0, 64 (bad flags, EX_USAGE) and 78
 * (bad configuration or a database this binary must not touch, EX_CONFIG,
 * so the unit's RestartPreventExitStatus stops a restart loop); 1 for
 * failures a restart may cure.
 */
#include <errno.h>
#include <getopt.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <uv.h>

#include "clock.h"
#include "config.h"
#include "log.h"
#include "notify.h"
#include "produce.h"
#include "schedule.h"
#include "server.h"
#include "store.h"
#include "vfs_fault.h"
#include "webhook.h"

#ifndef SUDOKUD_VERSION
#define SUDOKUD_VERSION "0.1.0"
#endif

#define EXIT_USAGE 64
#define EXIT_CONFIG 78

struct daemon {
    uv_loop_t loop;
    uv_signal_t sigterm, sigint, sighup;
    uv_timer_t schedule_timer;
    uv_timer_t watchdog_timer;
    const char *config_path;
    struct config cfg;
    struct store *store;
    struct produce *produce;            /* generation jobs off the loop */
    struct server *server;              /* the query socket */
    struct webhook *webhook;
    struct schedule_slot *slots;        /* SCHEDULE_SLOTS_MAX, for the missing list */
    struct schedule_date current;       /* the live date at the last tick */
    int have_current;
    time_t next_publish;
    size_t missing;
    unsigned failures;                  /* generations or publications failed in a row */
    time_t retry_at;                    /* no new try before this, after failures */
    int unpublished;                    /* publishing the live date failed: try again */
    int stopping;
    int test_fault;                     /* SUDOKUD_TEST_FAULT: arm once the store is open */
    struct vfs_fault_spec fault;
};

#define RETRY_FIRST_S 30                /* backoff after a failed job: 30 s, 60 s, ... */
#define RETRY_MAX_S 3600

struct options {
    const char *config_path;
    int check_config;
    int print_config;
    int foreground;
};

static void
usage(FILE *out, const char *prog)
{
    fprintf(out,
            "usage: %s [-c|--config FILE] [--check-config] [--print-config]\n"
            "       %*s [--foreground] [--version] [--help]\n"
            "  -c, --config FILE  configuration file (default: "
            "$CONFIGURATION_DIRECTORY/sudokud.conf, else " CONFIG_DEFAULT_PATH ")\n"
            "  --check-config     validate the configuration and exit (0 ok, 78 bad)\n"
            "  --print-config     print the effective configuration (secrets hidden)\n"
            "  --foreground       plain log lines even when stderr is the journal\n"
            "  --version          print the version and exit\n"
            "  --help             print this help and exit\n",
            prog, (int)strlen(prog), "");
}

/* Returns -1 to go on, or the exit status to leave with. */
static int
parse_options(int argc, char **argv, struct options *o)
{
    enum { OPT_CHECK = 256, OPT_PRINT, OPT_FOREGROUND, OPT_VERSION, OPT_HELP };
    static const struct option longopts[] = {
        {"config", required_argument, NULL, 'c'},
        {"check-config", no_argument, NULL, OPT_CHECK},
        {"print-config", no_argument, NULL, OPT_PRINT},
        {"foreground", no_argument, NULL, OPT_FOREGROUND},
        {"version", no_argument, NULL, OPT_VERSION},
        {"help", no_argument, NULL, OPT_HELP},
        {NULL, 0, NULL, 0},
    };
    int c;

    while ((c = getopt_long(argc, argv, "c:", longopts, NULL)) != -1) {
        switch (c) {
        case 'c': o->config_path = optarg; break;
        case OPT_CHECK: o->check_config = 1; break;
        case OPT_PRINT: o->print_config = 1; break;
        case OPT_FOREGROUND: o->foreground = 1; break;
        case OPT_VERSION: printf("sudokud %s\n", SUDOKUD_VERSION); return EXIT_SUCCESS;
        case OPT_HELP: usage(stdout, argv[0]); return EXIT_SUCCESS;
        default: usage(stderr, argv[0]); return EXIT_USAGE;
        }
    }
    if (optind < argc) {
        fprintf(stderr, "%s: unexpected argument '%s'\n", argv[0], argv[optind]);
        usage(stderr, argv[0]);
        return EXIT_USAGE;
    }
    return -1;
}

static const char *
default_config_path(char *buf, size_t len)
{
    const char *dir = getenv("CONFIGURATION_DIRECTORY");

    if (dir == NULL || dir[0] == '\0')
        return CONFIG_DEFAULT_PATH;
    snprintf(buf, len, "%.*s/sudokud.conf", (int)strcspn(dir, ":"), dir);
    return buf;
}

/* ---- status ------------------------------------------------------------ */

static void
send_status(struct daemon *d)
{
    char when[64], today[SCHEDULE_DATE_LEN + 1];
    struct tm tm;

    localtime_r(&d->next_publish, &tm);
    strftime(when, sizeof when, "%Y-%m-%d %H:%M %Z", &tm);
    schedule_date_format(d->current, today);
    notify_sendf("STATUS=serving %s; next publish %s; %zu puzzle(s) missing", today, when,
                 d->missing);
}

/* ---- the nightly schedule ---------------------------------------------- */

static int
has_puzzle(void *arg, const char *date, const char *tier, int *has, char *err,
           size_t errlen)
{
    return store_has_puzzle(arg, date, tier, has, err, errlen);
}

/* An endpoint added or enabled since date was published gets its event. */
static void
catch_up_webhooks(struct daemon *d, const char *date)
{
    char err[STORE_ERR_MAX];
    size_t queued = 0;

    if (webhook_catch_up(d->webhook, date, &queued, err, sizeof err) != STORE_OK)
        log_err("webhook: catching up on %s: %s", date, err);
    else if (queued > 0)
        log_notice("webhook: queued %s for %zu endpoint(s) that never had it", date, queued);
}

/* After a failed generation or publication the next try waits 30 s,
 * doubling up to an hour, so a lasting fault (a full disk, a locked
 * database) is neither hammered nor forgotten.  Returns the wait. */
static long
back_off(struct daemon *d, time_t now)
{
    unsigned shift = d->failures < 7 ? d->failures : 7;
    long wait = (long)RETRY_FIRST_S << shift;

    d->failures++;
    if (wait > RETRY_MAX_S)
        wait = RETRY_MAX_S;
    d->retry_at = now + wait;
    return wait;
}

/* Marks the live date published once every configured tier is stored;
 * stamps (and the webhook retries that follow) use the real time even
 * under the test clock.  A failure is tried again after back_off. */
static void
publish_current_day(struct daemon *d, time_t now)
{
    char date[SCHEDULE_DATE_LEN + 1], err[STORE_ERR_MAX];
    int published = 0, rc;

    schedule_date_format(d->current, date);
    for (size_t i = 0; i < d->missing; i++) {
        if (schedule_date_cmp(d->slots[i].date, d->current) == 0) {
            log_warning("schedule: %s is not published: its %s puzzle is missing", date,
                        grade_tier_name(d->slots[i].tier));
            return;
        }
    }
    rc = store_is_published(d->store, date, &published, err, sizeof err);
    if (rc == STORE_OK && published) {
        d->unpublished = 0;
        catch_up_webhooks(d, date);
        return;
    }
    /* The day's webhook events are queued in the same transaction. */
    if (rc == STORE_OK)
        rc = webhook_publish_day(d->webhook, date, (int64_t)time(NULL), err, sizeof err);
    d->unpublished = rc != STORE_OK;
    if (rc != STORE_OK) {
        log_err("schedule: cannot publish %s: %s; trying again in %ld s", date, err,
                back_off(d, now));
        return;
    }
    d->failures = 0;
    log_notice("schedule: published %s", date);
}

/*
 * Finds which (date, tier) puzzles the store lacks for the live date
 * through days_ahead later, starts making the first missing date's (the
 * job calls back here when it ends, which starts the next), and publishes
 * the live date when it is complete.  now is on the schedule's clock
 * (clock_now).
 */
static void
scheduler_ensure_puzzles(struct daemon *d, time_t now)
{
    char err[STORE_ERR_MAX], list[768];
    int rc;

    rc = schedule_missing(d->current, d->cfg.days_ahead, d->cfg.tiers, has_puzzle,
                          d->store, d->slots, SCHEDULE_SLOTS_MAX, &d->missing, err,
                          sizeof err);
    if (rc != 0) {
        log_err("schedule: cannot read the stored puzzles: %s", err);
        return;
    }
    if (d->missing > 0) {
        schedule_describe(d->slots, d->missing, list, sizeof list);
        log_info("schedule: %zu puzzle(s) to make: %s", d->missing, list);
        if (now >= d->retry_at)
            produce_start(d->produce, &d->cfg, d->slots, d->missing);
    } else {
        log_info("schedule: all puzzles present through %d day(s) ahead",
                 d->cfg.days_ahead);
    }
    publish_current_day(d, now);
    send_status(d);
}

static void schedule_tick(struct daemon *d, int force);

/* A generation job ended.  Stored: look again at once (the next missing
 * date).  Failed (full disk, locked database, ...): back off. */
static void
on_produced(void *arg, int stored)
{
    struct daemon *d = arg;
    time_t now = clock_now(); /* retry_at is compared on the schedule's clock */

    if (d->stopping)
        return;
    if (stored) {
        d->failures = 0;
        d->retry_at = 0;
        schedule_tick(d, 1); /* and the timer wakes for a retry if publishing fails */
        return;
    }
    long wait = back_off(d, now);
    log_warning("schedule: generation failed %u time(s) in a row; retrying in %ld s",
                d->failures, wait);
    schedule_tick(d, 0);
}

static void on_schedule_timer(uv_timer_t *t);

/*
 * Runs at start, after a reload and on every wake-up: when the live date
 * changed (a publish instant passed, or the clock jumped) the puzzles are
 * checked again.  Sleeps at most SCHEDULE_HOP_S so suspend and clock steps
 * are noticed within minutes instead of trusting one long monotonic timer.
 */
static void
schedule_tick(struct daemon *d, int force)
{
    time_t now = clock_now();
    struct schedule_date cur = schedule_current_date(now, d->cfg.publish_minute);

    /* Also retried while puzzles are missing or the live date could not be
     * published (a full disk, a failed job) and no job is running. */
    if (force || !d->have_current || schedule_date_cmp(cur, d->current) != 0 ||
        ((d->missing > 0 || d->unpublished) && !produce_running(d->produce) &&
         now >= d->retry_at)) {
        d->current = cur;
        d->have_current = 1;
        scheduler_ensure_puzzles(d, now);
    }
    d->next_publish = schedule_next_publish(now, d->cfg.publish_minute);
    uint64_t sleep_ms = schedule_sleep_ms(now, d->next_publish);
    if (d->retry_at > now && (uint64_t)(d->retry_at - now) * 1000 < sleep_ms)
        sleep_ms = (uint64_t)(d->retry_at - now) * 1000;
    uv_timer_start(&d->schedule_timer, on_schedule_timer, clock_real_ms(sleep_ms), 0);
    send_status(d);
}

static void
on_schedule_timer(uv_timer_t *t)
{
    schedule_tick(t->data, 0);
}

static void
on_watchdog_timer(uv_timer_t *t)
{
    (void)t;
    notify_send("WATCHDOG=1");
}

/* ---- reload and stop --------------------------------------------------- */

static int
same_string(const char *a, const char *b)
{
    return (a == NULL && b == NULL) || (a != NULL && b != NULL && strcmp(a, b) == 0);
}

static void
keep_string(char **next, char **running, const char *key)
{
    char *tmp;

    if (same_string(*next, *running))
        return;
    log_warning("reload: %s changed; it takes effect after a restart", key);
    tmp = *next;
    *next = *running;
    *running = tmp; /* freed with the old configuration */
}

/* Keys bound to what is already open stay as they are until a restart. */
static void
keep_restart_only(struct config *next, struct config *running)
{
    keep_string(&next->state_directory, &running->state_directory, "state_directory");
    keep_string(&next->database, &running->database, "database");
    keep_string(&next->database_path, &running->database_path, "database path");
    keep_string(&next->socket_path, &running->socket_path, "socket");
    keep_string(&next->socket_group, &running->socket_group, "socket_group");
    if (next->socket_mode != running->socket_mode) {
        log_warning("reload: socket_mode changed; it takes effect after a restart");
        next->socket_mode = running->socket_mode;
    }
}

static void
reload(struct daemon *d)
{
    char err[CONFIG_ERR_MAX];
    struct config next;

    notify_send("RELOADING=1");
    if (config_load(&next, d->config_path, err, sizeof err) != CONFIG_OK) {
        log_err("reload failed, keeping the running configuration: %s", err);
        config_free(&next);
    } else {
        keep_restart_only(&next, &d->cfg);
        config_free(&d->cfg);
        d->cfg = next;
        log_set_level(d->cfg.log_level);
        schedule_set_zone(d->cfg.time_zone);
        log_notice("reloaded configuration from %s", d->config_path);
        webhook_kick(d->webhook);
        schedule_tick(d, 1);
    }
    notify_send("READY=1");
}

static void
close_handle(uv_handle_t *h, void *arg)
{
    (void)arg;
    if (!uv_is_closing(h))
        uv_close(h, NULL);
}

static void
on_signal(uv_signal_t *sig, int signum)
{
    struct daemon *d = sig->data;

    if (signum == SIGHUP) {
        reload(d);
        return;
    }
    if (d->stopping)
        return;
    d->stopping = 1;
    notify_send("STOPPING=1");
    produce_stop(d->produce);
    log_notice("stopping on %s", signum == SIGTERM ? "SIGTERM" : "SIGINT");
    server_stop(d->server);
    webhook_stop(d->webhook); /* before the walk: curl must release its sockets */
    /* Closing every handle lets uv_run return once in-flight work is done. */
    uv_walk(&d->loop, close_handle, NULL);
}

/* ---- test-only fault injection ---------------------------------------- */

static void
report_fault(long point, const char *op, const char *file, const char *failure)
{
    const char *base = file != NULL ? strrchr(file, '/') : NULL;
    const char *name = base != NULL ? base + 1 : file != NULL ? file : "a temporary file";

    if (failure != NULL)
        log_warning("TEST FAULT: write point %ld (%s of %s) fails with %s", point, op, name,
                    failure);
    else
        log_debug("test fault: write point %ld (%s of %s)", point, op, name);
}

/*
 * SUDOKUD_TEST_FAULT=KIND:N[:COUNT] makes SQLite write points fail
 * (vfs_fault.h), counted from when the store is open.  Honoured only with
 * the test clock on, which is itself refused under systemd.  Returns 0, or
 * -1 when the value is bad.
 */
static int
test_fault_setup(struct daemon *d, int test_clock)
{
    const char *text = getenv("SUDOKUD_TEST_FAULT");
    char err[160];

    if (text == NULL || text[0] == '\0')
        return 0;
    if (!test_clock) {
        log_warning("SUDOKUD_TEST_FAULT ignored: it works only with SUDOKUD_TEST_CLOCK=1");
        return 0;
    }
    if (vfs_fault_parse(text, &d->fault, err, sizeof err) != 0) {
        log_err("SUDOKUD_TEST_FAULT: %s", err);
        return -1;
    }
    if (vfs_fault_install(report_fault) != 0) {
        log_err("SUDOKUD_TEST_FAULT: SQLite refused the failing VFS");
        return -1;
    }
    d->test_fault = 1;
    log_warning("TEST FAULT: SQLite write points %ld to %ld fail as %s; never use this in "
                "production", d->fault.at, d->fault.at + d->fault.count - 1,
                vfs_fault_kind_name(d->fault.kind));
    return 0;
}

/* ---- start ------------------------------------------------------------- */

static int
start_signal(struct daemon *d, uv_signal_t *h, int signum)
{
    h->data = d;
    if (uv_signal_init(&d->loop, h) != 0 || uv_signal_start(h, on_signal, signum) != 0)
        return -1;
    return 0;
}

static int
start_loop(struct daemon *d)
{
    uint64_t wd = notify_watchdog_usec();

    if (uv_loop_init(&d->loop) != 0 || start_signal(d, &d->sigterm, SIGTERM) != 0 ||
        start_signal(d, &d->sigint, SIGINT) != 0 || start_signal(d, &d->sighup, SIGHUP) != 0)
        return -1;
    uv_timer_init(&d->loop, &d->schedule_timer);
    d->schedule_timer.data = d;
    uv_timer_init(&d->loop, &d->watchdog_timer);
    if (wd > 0) {
        uint64_t half_ms = wd / 2000 > 0 ? wd / 2000 : 1;

        uv_timer_start(&d->watchdog_timer, on_watchdog_timer, half_ms, half_ms);
        log_info("watchdog: keep-alive every %llu ms", (unsigned long long)half_ms);
    }
    return 0;
}

static int
open_store(struct daemon *d)
{
    char err[STORE_ERR_MAX];
    int rc;

    if (mkdir(d->cfg.state_directory, 0750) != 0 && errno != EEXIST) {
        log_err("cannot create state_directory %s: %s", d->cfg.state_directory,
                strerror(errno));
        return EXIT_FAILURE;
    }
    rc = store_open(&d->store, d->cfg.database_path, err, sizeof err);
    if (rc == STORE_OK)
        return EXIT_SUCCESS;
    log_err("%s", err);
    if (rc == STORE_TOO_NEW || rc == STORE_FOREIGN || rc == STORE_CORRUPT)
        return EXIT_CONFIG;
    return EXIT_FAILURE;
}

/* A start that failed after the loop was set up: closes what was opened so
 * the exit leaks nothing (make check runs the daemon under valgrind). */
static int
abandon_start(struct daemon *d)
{
    webhook_stop(d->webhook);
    uv_walk(&d->loop, close_handle, NULL);
    uv_run(&d->loop, UV_RUN_DEFAULT);
    uv_loop_close(&d->loop);
    return EXIT_FAILURE;
}

static int
run(struct daemon *d, int foreground)
{
    char err[SERVER_ERR_MAX > STORE_ERR_MAX ? SERVER_ERR_MAX : STORE_ERR_MAX];
    int rc;

    log_setup(stderr, d->cfg.log_level, !foreground && log_stderr_is_journal());
    if ((rc = clock_init_from_env(err, sizeof err)) != 0) {
        if (rc < 0) {
            log_err("%s", err);
            return EXIT_CONFIG;
        }
        log_warning("%s", err);
    }
    if (test_fault_setup(d, rc == 1) != 0)
        return EXIT_CONFIG;
    schedule_set_zone(d->cfg.time_zone);
    signal(SIGPIPE, SIG_IGN);
    if ((rc = open_store(d)) != EXIT_SUCCESS)
        return rc;
    if (d->test_fault)
        vfs_fault_arm(&d->fault);
    if ((d->slots = calloc(SCHEDULE_SLOTS_MAX, sizeof *d->slots)) == NULL ||
        start_loop(d) != 0 ||
        produce_init(&d->produce, &d->loop, d->store, on_produced, d) != 0) {
        log_err("cannot set up the event loop");
        return EXIT_FAILURE;
    }
    if (webhook_open(&d->webhook, &d->loop, d->store, &d->cfg, SUDOKUD_VERSION, err,
                     sizeof err) != STORE_OK ||
        server_start(&d->server, &d->loop, &d->cfg, d->store, d->webhook, err,
                     sizeof err) != 0) {
        log_err("%s", err);
        return abandon_start(d);
    }
    log_notice("sudokud %s started with %s, database %s (schema %d)", SUDOKUD_VERSION,
               d->config_path, d->cfg.database_path, store_schema_version());
    schedule_tick(d, 1);
    notify_send("READY=1");
    uv_run(&d->loop, UV_RUN_DEFAULT);
    uv_run(&d->loop, UV_RUN_NOWAIT); /* close callbacks */
    if (uv_loop_close(&d->loop) != 0)
        log_warning("event loop closed with handles still open");
    if (d->test_fault)
        log_warning("TEST FAULT: %ld write points met, %ld failed", vfs_fault_points(),
                    vfs_fault_injected());
    log_notice("stopped");
    return EXIT_SUCCESS;
}

int
main(int argc, char **argv)
{
    struct options o = {0};
    struct daemon d = {0};
    char path[4096], err[CONFIG_ERR_MAX];
    int rc;

    if ((rc = parse_options(argc, argv, &o)) >= 0)
        return rc;
    d.config_path = o.config_path != NULL ? o.config_path : default_config_path(path, sizeof path);
    if (config_load(&d.cfg, d.config_path, err, sizeof err) != CONFIG_OK) {
        fprintf(stderr, "%s\n", err);
        config_free(&d.cfg);
        return EXIT_CONFIG;
    }
    if (o.check_config || o.print_config) {
        if (o.print_config)
            config_print(&d.cfg, stdout);
        else
            printf("%s: configuration OK\n", d.config_path);
        config_free(&d.cfg);
        return EXIT_SUCCESS;
    }
    rc = run(&d, o.foreground);
    produce_free(d.produce);
    server_free(d.server);
    webhook_free(d.webhook);
    store_close(d.store);
    free(d.slots);
    config_free(&d.cfg);
    return rc;
}
