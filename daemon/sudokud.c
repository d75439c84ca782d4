/*
 * sudokud: the daemon's main program.  Wires the modules together and owns
 * the command line, the libuv loop and its own handles (signals, the
 * watchdog timer), the running configuration and its reload, the store
 * connection, and the decisions
 * that end the process: exit codes are 0, 64 (bad flags, EX_USAGE), 75
 * (the database is locked by another sudokud, EX_TEMPFAIL: a restart once
 * it stopped may succeed) and 78 (bad configuration or a database this
 * binary must not touch, EX_CONFIG, so the unit's RestartPreventExitStatus
 * stops a restart loop); 1 for failures a restart may cure.
 */
#include <errno.h>
#include <getopt.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <uv.h>

#include "config.h"
#include "defaults.h"
#include "log.h"
#include "notify.h"
#include "publish.h"
#include "schedule.h"
#include "server.h"
#include "statelock.h"
#include "store.h"
#include "webhook.h"
#ifdef SUDOKUD_TEST_HOOKS
#include "clock.h"
#include "fault_env.h"
#endif

#define EXIT_USAGE 64
#define EXIT_TEMPFAIL 75
#define EXIT_CONFIG 78

struct daemon {
    uv_loop_t loop;
    uv_signal_t sigterm, sigint, sighup;
    uv_timer_t watchdog_timer;
    const char *config_path;
    struct config cfg;
    int lock_fd; /* statelock on the database, held until exit */
    struct store *store;
    struct publish *publish; /* the nightly cycle */
    struct server *server;   /* the query socket */
    struct webhook *webhook;
    int stopping;
};

struct options {
    const char *config_path;
    int check_config;
    int print_config;
    int foreground;
};

static void usage(FILE *out, const char *prog)
{
    fprintf(
        out,
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
static int parse_options(int argc, char **argv, struct options *o)
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
        case 'c':
            o->config_path = optarg;
            break;
        case OPT_CHECK:
            o->check_config = 1;
            break;
        case OPT_PRINT:
            o->print_config = 1;
            break;
        case OPT_FOREGROUND:
            o->foreground = 1;
            break;
        case OPT_VERSION:
            printf("sudokud %s\n", SUDOKUD_VERSION);
            return EXIT_SUCCESS;
        case OPT_HELP:
            usage(stdout, argv[0]);
            return EXIT_SUCCESS;
        default:
            usage(stderr, argv[0]);
            return EXIT_USAGE;
        }
    }
    if (optind < argc) {
        fprintf(stderr, "%s: unexpected argument '%s'\n", argv[0], argv[optind]);
        usage(stderr, argv[0]);
        return EXIT_USAGE;
    }
    return -1;
}

static const char *default_config_path(char *buf, size_t len)
{
    const char *dir = getenv("CONFIGURATION_DIRECTORY");

    if (dir == NULL || dir[0] == '\0')
        return CONFIG_DEFAULT_PATH;
    snprintf(buf, len, "%.*s/sudokud.conf", (int)strcspn(dir, ":"), dir);
    return buf;
}

/* ---- reload and stop --------------------------------------------------- */

static int same_string(const char *a, const char *b)
{
    return (a == NULL && b == NULL) ||
           (a != NULL && b != NULL && strcmp(a, b) == 0);
}

static void keep_string(char **next, char **running, const char *key)
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
static void keep_restart_only(struct config *next, struct config *running)
{
    keep_string(&next->state_directory, &running->state_directory,
                "state_directory");
    keep_string(&next->database, &running->database, "database");
    keep_string(&next->database_path, &running->database_path, "database path");
    keep_string(&next->socket_path, &running->socket_path, "socket");
    keep_string(&next->socket_group, &running->socket_group, "socket_group");
    if (next->socket_mode != running->socket_mode) {
        log_warning("reload: socket_mode changed; it takes effect after a restart");
        next->socket_mode = running->socket_mode;
    }
}

static void reload(struct daemon *d)
{
    char err[CONFIG_ERR_MAX];
    struct config next;

    notify_send("RELOADING=1");
    /* The zone is switched without touching TZ (schedule.h), so while the
     * thread pool runs. */
    if (config_load(&next, d->config_path, err, sizeof err) != CONFIG_OK ||
        schedule_set_zone(next.time_zone, err, sizeof err) != 0) {
        log_err("reload failed, keeping the running configuration: %s", err);
        config_free(&next);
    } else {
        keep_restart_only(&next, &d->cfg);
        config_free(&d->cfg);
        d->cfg = next;
        log_set_level(d->cfg.log_level);
        log_notice("reloaded configuration from %s", d->config_path);
        webhook_kick(d->webhook);
        publish_now(d->publish);
    }
    notify_send("READY=1");
}

static void on_watchdog_timer(uv_timer_t *t)
{
    (void)t;
    notify_send("WATCHDOG=1");
}

static void close_handle(uv_handle_t *h, void *arg)
{
    (void)arg;
    if (!uv_is_closing(h))
        uv_close(h, NULL);
}

static void on_signal(uv_signal_t *sig, int signum)
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
    publish_stop(d->publish);
    log_notice("stopping on %s", signum == SIGTERM ? "SIGTERM" : "SIGINT");
    server_stop(d->server);
    webhook_stop(d->webhook); /* before the walk: curl must release its sockets */
    /* Closing every handle lets uv_run return once in-flight work is done. */
    uv_walk(&d->loop, close_handle, NULL);
}

/* ---- test hooks (the test build only) -------------------------------- */

#ifdef SUDOKUD_TEST_HOOKS
/* SUDOKUD_TEST_CLOCK (clock.h) and SUDOKUD_TEST_FAULT (fault_env.h), read
 * before the store opens.  Returns EXIT_SUCCESS or the exit status. */
static int test_hooks_setup(void)
{
    char err[CLOCK_ERR_MAX];
    int rc = clock_init_from_env(err, sizeof err);

    if (rc < 0) {
        log_err("%s", err);
        return EXIT_CONFIG;
    }
    if (rc == 1)
        log_warning("%s", err);
    return fault_env_setup(rc == 1) == 0 ? EXIT_SUCCESS : EXIT_CONFIG;
}
#endif

/* ---- start ------------------------------------------------------------- */

static int start_signal(struct daemon *d, uv_signal_t *h, int signum)
{
    h->data = d;
    if (uv_signal_init(&d->loop, h) != 0 ||
        uv_signal_start(h, on_signal, signum) != 0)
        return -1;
    return 0;
}

static int start_loop(struct daemon *d)
{
    uint64_t wd = notify_watchdog_usec();

    if (uv_loop_init(&d->loop) != 0 || start_signal(d, &d->sigterm, SIGTERM) != 0 ||
        start_signal(d, &d->sigint, SIGINT) != 0 ||
        start_signal(d, &d->sighup, SIGHUP) != 0)
        return -1;
    uv_timer_init(&d->loop, &d->watchdog_timer);
    if (wd > 0) {
        uint64_t half_ms = wd / 2000 > 0 ? wd / 2000 : 1;

        uv_timer_start(&d->watchdog_timer, on_watchdog_timer, half_ms, half_ms);
        log_info("watchdog: keep-alive every %llu ms", (unsigned long long)half_ms);
    }
    return 0;
}

static int open_store(struct daemon *d)
{
    char err[STORE_ERR_MAX > STATELOCK_ERR_MAX ? STORE_ERR_MAX : STATELOCK_ERR_MAX];
    int rc;

    if (mkdir(d->cfg.state_directory, 0750) != 0 && errno != EEXIST) {
        log_err("cannot create state_directory %s: %s", d->cfg.state_directory,
                strerror(errno));
        return EXIT_FAILURE;
    }
    /* Before the database is touched: a second daemon must not even run
     * its quick_check or migrations on it. */
    rc = statelock_acquire(d->cfg.database_path, &d->lock_fd, err, sizeof err);
    if (rc != STATELOCK_OK) {
        log_err("%s", err);
        return rc == STATELOCK_HELD ? EXIT_TEMPFAIL : EXIT_FAILURE;
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
static int abandon_start(struct daemon *d)
{
    webhook_stop(d->webhook);
    uv_walk(&d->loop, close_handle, NULL);
    uv_run(&d->loop, UV_RUN_DEFAULT);
    uv_loop_close(&d->loop);
    return EXIT_FAILURE;
}

static int run(struct daemon *d, int foreground)
{
    char err[SERVER_ERR_MAX > STORE_ERR_MAX ? SERVER_ERR_MAX : STORE_ERR_MAX];
    int rc;

    log_setup(stderr, d->cfg.log_level, !foreground && log_stderr_is_journal());
#ifdef SUDOKUD_TEST_HOOKS
    if ((rc = test_hooks_setup()) != EXIT_SUCCESS)
        return rc;
#endif
    if (schedule_set_zone(d->cfg.time_zone, err, sizeof err) != 0) {
        log_err("%s", err);
        return EXIT_CONFIG;
    }
    signal(SIGPIPE, SIG_IGN);
    if ((rc = open_store(d)) != EXIT_SUCCESS)
        return rc;
#ifdef SUDOKUD_TEST_HOOKS
    fault_env_arm();
#endif
    if (start_loop(d) != 0) {
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
    if (publish_open(&d->publish, &d->loop, &d->cfg, d->store, d->webhook) != 0) {
        log_err("cannot set up the schedule: out of memory");
        return abandon_start(d);
    }
    log_notice("sudokud %s started with %s, database %s (schema %d)",
               SUDOKUD_VERSION, d->config_path, d->cfg.database_path,
               store_schema_version());
    publish_now(d->publish);
    notify_send("READY=1");
    uv_run(&d->loop, UV_RUN_DEFAULT);
    uv_run(&d->loop, UV_RUN_NOWAIT); /* close callbacks */
    if (uv_loop_close(&d->loop) != 0)
        log_warning("event loop closed with handles still open");
#ifdef SUDOKUD_TEST_HOOKS
    fault_env_report();
#endif
    log_notice("stopped");
    return EXIT_SUCCESS;
}

int main(int argc, char **argv)
{
    struct options o = {0};
    struct daemon d = {.lock_fd = -1};
    char path[4096], err[CONFIG_ERR_MAX];
    int rc;

    if ((rc = parse_options(argc, argv, &o)) >= 0)
        return rc;
    d.config_path = o.config_path != NULL ? o.config_path
                                          : default_config_path(path, sizeof path);
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
    publish_free(d.publish);
    server_free(d.server);
    webhook_free(d.webhook);
    store_close(d.store);
    statelock_release(d.lock_fd);
    schedule_free_zone();
    config_free(&d.cfg);
    return rc;
}
