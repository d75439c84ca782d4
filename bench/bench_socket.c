/*
 * bench_socket: load on the query socket.  Starts build/sudokud with a
 * temporary config and state directory holding today's puzzles (written
 * with the store API), then, for a few seconds each, sends `today hard`
 * from C connections as fast as replies come back (one request in flight
 * per connection, or pipelined) and prints requests/s and latency
 * percentiles; then again while another client floods `grade` requests,
 * which must not slow `today` down.  When redis-server is installed the
 * same load generator sends GET of a 400-byte value to a Redis on a Unix
 * socket for comparison, and redis-benchmark's own figure is printed.
 *
 * usage: bench_socket [DATA_DIR]   (a grade-flood puzzle is taken from
 * DATA_DIR when present).  Skips with exit 0 when the daemon cannot start.
 * BENCH_SECONDS sets the duration of each run (default 3).
 */
#include <errno.h>
#include <fcntl.h>
#include <libgen.h>
#include <pthread.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/epoll.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "bench_common.h"
#include "schedule.h"
#include "solver.h"
#include "store.h"

#define CONNS_MAX 256
#define LAT_MAX (16u << 20)
#define FLOOD_PUZZLE \
    "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"

struct load {
    const char *path;    /* Unix socket */
    const char *request; /* one request, with its newline */
    int newlines_per_reply;
    int conns, pipeline;
    double seconds;
    /* results */
    double *lat; /* milliseconds */
    size_t n;
    double elapsed;
};

struct conn {
    int fd;
    int outstanding; /* replies still expected for the batch */
    int newlines;    /* counted towards the current reply */
    double sent_at;
};

static int connect_unix(const char *path)
{
    struct sockaddr_un a = {.sun_family = AF_UNIX};
    int fd = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);

    snprintf(a.sun_path, sizeof a.sun_path, "%s", path);
    if (fd >= 0 && connect(fd, (struct sockaddr *)&a, sizeof a) != 0) {
        close(fd);
        return -1;
    }
    return fd;
}

static int send_batch(struct conn *c, const struct load *l, const char *batch,
                      size_t len)
{
    if (send(c->fd, batch, len, MSG_NOSIGNAL) != (ssize_t)len)
        return -1;
    c->outstanding = l->pipeline;
    c->sent_at = bench_now();
    return 0;
}

/* Counts the replies in what arrived; returns how many completed. */
static int take_replies(struct conn *c, const struct load *l, const char *buf,
                        ssize_t n)
{
    int done = 0;

    for (const char *p = buf; (p = memchr(p, '\n', (size_t)(buf + n - p))) != NULL;
         p++) {
        if (++c->newlines == l->newlines_per_reply) {
            c->newlines = 0;
            c->outstanding--;
            done++;
        }
    }
    return done;
}

static int on_readable(struct conn *c, struct load *l, const char *batch,
                       size_t blen, double end)
{
    static char buf[1 << 16];
    ssize_t n = recv(c->fd, buf, sizeof buf, 0);
    double now;
    int done;

    if (n <= 0)
        return -1;
    done = take_replies(c, l, buf, n);
    now = bench_now();
    for (int i = 0; i < done && l->n < LAT_MAX; i++)
        l->lat[l->n++] = (now - c->sent_at) * 1000;
    if (c->outstanding == 0 && now < end)
        return send_batch(c, l, batch, blen);
    return 0;
}

/* One epoll thread drives every connection, as redis-benchmark does. */
static int run_load(struct load *l)
{
    struct conn conns[CONNS_MAX];
    struct epoll_event ev, evs[CONNS_MAX];
    size_t rlen = strlen(l->request), blen = rlen * (size_t)l->pipeline;
    char *batch = malloc(blen);
    int ep = epoll_create1(EPOLL_CLOEXEC), rc = 0, live = 0;
    double start, end;

    for (int i = 0; i < l->pipeline; i++)
        memcpy(batch + (size_t)i * rlen, l->request, rlen);
    l->n = 0;
    for (int i = 0; i < l->conns; i++) {
        if ((conns[i].fd = connect_unix(l->path)) < 0)
            return -1;
        conns[i].newlines = 0;
        ev.events = EPOLLIN;
        ev.data.ptr = &conns[i];
        epoll_ctl(ep, EPOLL_CTL_ADD, conns[i].fd, &ev);
    }
    start = bench_now();
    end = start + l->seconds;
    for (int i = 0; i < l->conns; i++)
        rc |= send_batch(&conns[i], l, batch, blen);
    live = l->conns;
    while (rc == 0 && live > 0) {
        int n = epoll_wait(ep, evs, CONNS_MAX, 1000);

        for (int i = 0; i < n && rc == 0; i++) {
            struct conn *c = evs[i].data.ptr;

            rc = on_readable(c, l, batch, blen, end);
            if (c->outstanding == 0 && bench_now() >= end)
                live--, epoll_ctl(ep, EPOLL_CTL_DEL, c->fd, NULL);
        }
        if (n == 0)
            rc = -1;
    }
    l->elapsed = bench_now() - start;
    for (int i = 0; i < l->conns; i++)
        close(conns[i].fd);
    close(ep);
    free(batch);
    return rc;
}

static double pct(const double *sorted, size_t n, double p)
{
    size_t i = (size_t)(p * (double)(n - 1));
    return n > 0 ? sorted[i] : 0;
}

static void report(const char *what, struct load *l)
{
    qsort(l->lat, l->n, sizeof *l->lat, bench_cmp_double);
    printf("%-44s %3d conn x%-3d %9.0f req/s  p50 %.3f  p99 %.3f  p99.9 %.3f ms\n",
           what, l->conns, l->pipeline, (double)l->n / l->elapsed,
           pct(l->lat, l->n, 0.5), pct(l->lat, l->n, 0.99),
           pct(l->lat, l->n, 0.999));
    fflush(stdout);
}

/* ---- the grade flood ---------------------------------------------------- */

struct flood {
    const char *path;
    const char *puzzle;
    volatile int stop;
    long ok, busy, other;
};

static void *flood_main(void *arg)
{
    struct flood *f = arg;
    char req[128], buf[1 << 16];
    int fd = connect_unix(f->path), inflight = 0;

    snprintf(req, sizeof req, "grade %s\n", f->puzzle);
    while (fd >= 0 && !f->stop) {
        while (inflight < 16) {
            if (send(fd, req, strlen(req), MSG_NOSIGNAL) < 0)
                return NULL;
            inflight++;
        }
        ssize_t n = recv(fd, buf, sizeof buf - 1, 0);
        if (n <= 0)
            break;
        buf[n] = '\0';
        for (char *p = buf; (p = strchr(p, '\n')) != NULL; p++)
            inflight--;
        for (char *p = buf; (p = strstr(p, "\"ok\":")) != NULL; p += 5) {
            if (strncmp(p, "\"ok\":true", 9) == 0)
                f->ok++;
            else if (strstr(p, "\"busy\"") != NULL)
                f->busy++;
            else
                f->other++;
        }
    }
    if (fd >= 0)
        close(fd);
    return NULL;
}

/* ---- the daemon under test ---------------------------------------------- */

static int write_file(const char *path, const char *text)
{
    FILE *f = fopen(path, "w");

    if (f == NULL)
        return -1;
    fputs(text, f);
    return fclose(f);
}

/* Three puzzles for today: givens of one solution, distinct per tier. */
static int fill_today(const char *dbpath, char *err, size_t errlen)
{
    struct store *s;
    struct store_puzzle day[3];
    struct grid g, sol;
    char date[SCHEDULE_DATE_LEN + 1], text[GRID_LINE_LEN + 1];
    const char *tiers[3] = {"easy", "medium", "hard"};
    int rc;

    if (schedule_set_zone("UTC", err, sizeof err) != 0)
        return -1;
    schedule_date_format(schedule_current_date(time(NULL), 0), date);
    grid_parse(&g, FLOOD_PUZZLE, err, errlen);
    solver_solve(&g, &sol);
    grid_format_line(&sol, text);
    memset(day, 0, sizeof day);
    for (int t = 0; t < 3; t++) {
        struct store_puzzle *p = &day[t];
        snprintf(p->date, sizeof p->date, "%s", date);
        snprintf(p->tier, sizeof p->tier, "%s", tiers[t]);
        memcpy(p->solution, text, sizeof p->solution);
        memcpy(p->puzzle, text, sizeof p->puzzle);
        p->clues = 81;
        for (int i = t; i < 81; i += 2 + t, p->clues--)
            p->puzzle[i] = '.';
        p->score = 1.5 + t;
        snprintf(p->hardest_technique, sizeof p->hardest_technique,
                 "hidden_single");
        snprintf(p->technique_counts, sizeof p->technique_counts,
                 "{\"hidden_single\":30}");
        snprintf(p->symmetry, sizeof p->symmetry, "none");
        snprintf(p->seed, sizeof p->seed, "bench");
        snprintf(p->generator_version, sizeof p->generator_version, "bench");
        p->created_at = (int64_t)time(NULL);
    }
    if (store_open(&s, dbpath, err, errlen) != STORE_OK)
        return -1;
    rc = store_put_day(s, day, 3, err, errlen);
    store_close(s);
    return rc == STORE_OK ? 0 : -1;
}

static pid_t spawn(char *const argv[], const char *log)
{
    pid_t pid = fork();

    if (pid == 0) {
        int fd = open(log, O_WRONLY | O_CREAT | O_TRUNC, 0600);
        if (fd >= 0) {
            dup2(fd, 1);
            dup2(fd, 2);
        }
        execv(argv[0], argv);
        _exit(127);
    }
    return pid;
}

static int wait_for_socket(const char *path, pid_t pid)
{
    for (int i = 0; i < 500; i++) {
        int fd = connect_unix(path);

        if (fd >= 0) {
            close(fd);
            return 0;
        }
        if (waitpid(pid, NULL, WNOHANG) == pid)
            return -1;
        usleep(10000);
    }
    return -1;
}

static void stop(pid_t pid)
{
    if (pid > 0) {
        kill(pid, SIGTERM);
        waitpid(pid, NULL, 0);
    }
}

static const char *flood_puzzle(const char *dir, char *out)
{
    char *names[64], path[1024];
    struct bench_set set = {0};
    int n = dir != NULL ? bench_list(dir, names, 64) : -1;

    for (int i = 0; i < n; i++) {
        if (set.count == 0 && strstr(names[i], "hard") != NULL) {
            snprintf(path, sizeof path, "%s/%s", dir, names[i]);
            if (bench_load(path, &set) == 0 && set.count > 0)
                grid_format_line(&set.puzzles[0], out);
        }
        free(names[i]);
    }
    free(set.puzzles);
    return set.count > 0 ? out : FLOOD_PUZZLE;
}

/* ---- main --------------------------------------------------------------- */

struct env {
    char dir[64], sock[128], conf[128], db[128], log[128], rsock[128];
    char sudokud[1024];
    double seconds;
    double *lat;
};

static int start_daemon(struct env *e, pid_t *pid)
{
    char text[1024], err[STORE_ERR_MAX];
    char *argv[] = {e->sudokud, "-c", e->conf, "--foreground", NULL};

    snprintf(
        text, sizeof text,
        "[daemon]\nstate_directory = %s\nsocket = %s\nsocket_max_clients = 4096\n"
        "log_level = warning\n[schedule]\ntime_zone = UTC\ndays_ahead = 0\n"
        "[generator]\nsecret = bench-secret-not-secret\n",
        e->dir, e->sock);
    if (write_file(e->conf, text) != 0 || fill_today(e->db, err, sizeof err) != 0) {
        printf("bench_socket: cannot prepare %s: %s; skipping\n", e->dir, err);
        return -1;
    }
    *pid = spawn(argv, e->log);
    if (*pid < 0 || wait_for_socket(e->sock, *pid) != 0) {
        printf("bench_socket: %s did not start (see %s); skipping\n", e->sudokud,
               e->log);
        stop(*pid);
        return -1;
    }
    return 0;
}

static void bench_daemon(struct env *e, const char *puzzle)
{
    struct load l = {.path = e->sock,
                     .request = "today hard\n",
                     .newlines_per_reply = 1,
                     .seconds = e->seconds,
                     .lat = e->lat};
    struct flood f = {.path = e->sock, .puzzle = puzzle};
    pthread_t t;
    static const int shapes[][2] = {{1, 1}, {32, 1}, {32, 16}};

    for (size_t i = 0; i < sizeof shapes / sizeof shapes[0]; i++) {
        l.conns = shapes[i][0];
        l.pipeline = shapes[i][1];
        if (run_load(&l) == 0)
            report("sudokud: today hard", &l);
    }
    l.conns = 32;
    l.pipeline = 1;
    pthread_create(&t, NULL, flood_main, &f);
    if (run_load(&l) == 0)
        report("sudokud: today hard, while grade floods", &l);
    f.stop = 1;
    pthread_join(t, NULL);
    printf("%-44s grade replies: %ld ok (%.0f/s), %ld busy, %ld other\n",
           "  the flood:", f.ok, (double)f.ok / l.elapsed, f.busy, f.other);
}

static void bench_redis(struct env *e)
{
    char *argv[] = {"/usr/bin/redis-server",
                    "--port",
                    "0",
                    "--unixsocket",
                    e->rsock,
                    "--save",
                    "",
                    "--appendonly",
                    "no",
                    NULL};
    char set[600], cmd[512];
    struct load l = {.path = e->rsock,
                     .request = "*2\r\n$3\r\nGET\r\n$3\r\nkey\r\n",
                     .newlines_per_reply = 2,
                     .seconds = e->seconds,
                     .lat = e->lat};
    pid_t pid;
    int fd;

    if (access(argv[0], X_OK) != 0) {
        printf("redis: /usr/bin/redis-server not installed; no comparison\n");
        return;
    }
    snprintf(cmd, sizeof cmd, "%s/redis.log", e->dir);
    pid = spawn(argv, cmd);
    if (wait_for_socket(e->rsock, pid) != 0 || (fd = connect_unix(e->rsock)) < 0) {
        printf("redis: did not start; no comparison\n");
        stop(pid);
        return;
    }
    snprintf(set, sizeof set, "*3\r\n$3\r\nSET\r\n$3\r\nkey\r\n$400\r\n%0400d\r\n",
             0);
    send(fd, set, strlen(set), MSG_NOSIGNAL);
    recv(fd, cmd, sizeof cmd, 0);
    close(fd);
    for (int conns = 1; conns <= 32; conns += 31) {
        l.conns = conns;
        l.pipeline = 1;
        if (run_load(&l) == 0)
            report("redis: GET 400 bytes (same load generator)", &l);
    }
    for (int conns = 1; conns <= 32; conns += 31) {
        snprintf(cmd, sizeof cmd,
                 "redis-benchmark -s %s -t get -d 400 -c %d -n %d -q "
                 "2>/dev/null | tr '\\r' '\\n' | grep -v '^ *$' | tail -n 1",
                 e->rsock, conns, conns * 10000);
        printf("redis-benchmark -t get -d 400 -c %-2d: ", conns);
        fflush(stdout);
        if (system(cmd) != 0)
            printf("(redis-benchmark failed)\n");
    }
    stop(pid);
}

int main(int argc, char **argv)
{
    struct env e = {.seconds = 3};
    char self[1024], puzzle[GRID_LINE_LEN + 1], cmd[128];
    const char *secs = getenv("BENCH_SECONDS");
    pid_t pid;

    signal(SIGPIPE, SIG_IGN);
    snprintf(self, sizeof self, "%s", argv[0]);
    snprintf(e.sudokud, sizeof e.sudokud, "%s/../sudokud", dirname(self));
    if (access(e.sudokud, X_OK) != 0) {
        printf("bench_socket: %s not built; skipping\n", e.sudokud);
        return 0;
    }
    if (secs != NULL && atof(secs) > 0)
        e.seconds = atof(secs);
    snprintf(e.dir, sizeof e.dir, "/tmp/bench_socket.XXXXXX");
    if (mkdtemp(e.dir) == NULL ||
        (e.lat = malloc(LAT_MAX * sizeof *e.lat)) == NULL) {
        printf("bench_socket: no temporary directory; skipping\n");
        return 0;
    }
    snprintf(e.sock, sizeof e.sock, "%s/sudokud.sock", e.dir);
    snprintf(e.rsock, sizeof e.rsock, "%s/redis.sock", e.dir);
    snprintf(e.conf, sizeof e.conf, "%s/sudokud.conf", e.dir);
    snprintf(e.db, sizeof e.db, "%s/sudokud.db", e.dir);
    snprintf(e.log, sizeof e.log, "%s/sudokud.log", e.dir);
    bench_print_cpu();
    printf("%.1f s per run; latency is from sending a request to its reply\n",
           e.seconds);
    if (start_daemon(&e, &pid) == 0) {
        bench_daemon(&e, flood_puzzle(argc > 1 ? argv[1] : NULL, puzzle));
        stop(pid);
        bench_redis(&e);
    }
    snprintf(cmd, sizeof cmd, "rm -rf %s", e.dir);
    if (system(cmd) != 0)
        printf("bench_socket: could not remove %s\n", e.dir);
    free(e.lat);
    return 0;
}
