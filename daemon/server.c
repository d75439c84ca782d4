/*
 * server: owns the listening socket (bound or passed by systemd), the
 * connections, their input lines and ordered output, the limits that keep
 * one client from hurting the others, and the thread-pool jobs of the
 * CPU-heavy commands.  Answers come from query (cheap) and reply (heavy).
 *
 * Order: a connection's replies go to its output buffer, unless a heavy
 * request before them is still running; then they wait in "slots" behind
 * it, so replies always leave in request order.
 */
#include "server.h"

#include <errno.h>
#include <grp.h>
#if defined(__GLIBC__)
#include <malloc.h>
#endif
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/un.h>
#include <unistd.h>

#include "clock.h"
#include "log.h"
#include "notify.h"
#include "proto.h"
#include "query.h"
#include "reply.h"

#define IN_CAP 8192       /* read buffer per connection; > PROTO_LINE_MAX + 2 */
#define OUT_KEEP 4096     /* an emptied output buffer larger than this is freed */
#define JOBS_PER_THREAD 8 /* heavy requests queued per running one */
#define JOBS_PER_CONN 1   /* heavy requests of one connection queued or running */
#define JOB_NICE 10       /* pool threads yield the CPU to the loop */
#define SWEEP_MIN_MS 50
#define SWEEP_MAX_MS 1000
#define REFUSED_LOG_EVERY_MS 60000
#define TRIM_QUIET_MS 2000 /* load over for this long: give memory back */
#define TRIM_LOAD 256      /* connections + requests that make that worth it */

struct conn;

/* A reply that waits for an earlier heavy request: job is set until the
 * job is done, then text holds the reply. */
struct slot {
    struct slot *next;
    struct job *job;
    struct reply_buf text;
};

struct job {
    uv_work_t work;
    struct server *srv;
    struct conn *conn; /* NULL once the connection closed */
    struct slot *slot;
    struct job *next; /* in the server's waiting queue */
    struct proto_request req;
    unsigned long budget; /* socket_search_budget when it was asked */
    struct reply_buf text;
    int is_error;
    int failed;
};

struct conn {
    uv_pipe_t pipe;
    struct server *srv;
    struct conn *prev, *next;
    struct slot *slots, *slots_tail;
    struct reply_buf out;  /* replies ready to send */
    struct reply_buf wbuf; /* being written by uv_write, from woff */
    size_t woff;
    uv_write_t wreq;
    size_t held; /* bytes of replies not yet taken by the kernel */
    /* uv_now of the last complete request (or of its heavy answer being
     * ready): the idle timeout counts from here, never from a byte. */
    uint64_t last_request;
    uint64_t line_started; /* uv_now the unfinished line began; 0: none */
    unsigned jobs;         /* heavy requests queued or running */
    /* paused: reading stopped with lines held, because too many reply
     * bytes wait or (job_wait) a heavy line waits for this connection's
     * earlier one. */
    unsigned writing : 1, paused : 1, job_wait : 1, finishing : 1, closing : 1,
        eof : 1;
    unsigned operator_ok : 1; /* the peer is root or the daemon's own user */
    long peer_uid;            /* -1 when unknown */
    size_t in_len;
    char *in; /* IN_CAP bytes while a line is unfinished or held; else NULL */
};

struct server {
    uv_loop_t *loop;
    const struct config *cfg;
    struct query *query;
    uv_pipe_t listener;
    uv_timer_t sweep;
    uv_timer_t trim;
    uint64_t load;      /* connections + requests since the last trim */
    uint64_t loaded_at; /* uv_now of the last of them */
    int stopped;
    char *bound_path; /* the socket file this process created */
    dev_t bound_dev;
    ino_t bound_ino;
    struct conn *conns;
    struct job *wait_head, *wait_tail;
    unsigned max_running, max_jobs;
    struct query_counters n;
    uint64_t refused_logged_at, refused_unlogged;
};

/* ---- replies ------------------------------------------------------------ */

/* Where the next reply goes: the output buffer, or a slot behind the
 * heavy requests still running. */
static struct reply_buf *reply_target(struct conn *c)
{
    struct slot *s;

    if (c->slots == NULL)
        return &c->out;
    if (c->slots_tail->job == NULL)
        return &c->slots_tail->text;
    if ((s = calloc(1, sizeof *s)) == NULL)
        return NULL;
    c->slots_tail->next = s;
    c->slots_tail = s;
    return &s->text;
}

static void conn_close(struct conn *c);

static void conn_add_reply(struct conn *c, const char *data, size_t len)
{
    struct reply_buf *b;

    if (c->closing)
        return;
    b = reply_target(c);
    if (b == NULL || reply_buf_append(data, len, b) != 0) {
        log_err("server: out of memory; closing a connection");
        conn_close(c);
        return;
    }
    c->held += len;
}

/*
 * The socket's mode and group decide who may query (the websites); the
 * commands that change state or write files are narrower: root and the
 * daemon's own user only, told apart by the peer's kernel credentials.
 */
static void note_peer(struct conn *c)
{
    struct ucred cred;
    socklen_t len = sizeof cred;
    uv_os_fd_t fd;

    c->peer_uid = -1;
    c->operator_ok = 0;
    if (uv_fileno((uv_handle_t *)&c->pipe, &fd) != 0 ||
        getsockopt(fd, SOL_SOCKET, SO_PEERCRED, &cred, &len) != 0)
        return;
    c->peer_uid = (long)cred.uid;
    c->operator_ok = cred.uid == 0 || cred.uid == geteuid();
}

static void conn_error(struct conn *c, enum proto_error code, const char *message)
{
    struct reply_buf text = {0};

    c->srv->n.errors++;
    if (reply_write(reply_error(code, message), reply_buf_append, &text) == 0)
        conn_add_reply(c, text.data, text.len);
    else
        conn_close(c);
    reply_buf_free(&text);
}

/* ---- writing ------------------------------------------------------------ */

static void on_write(uv_write_t *req, int status);

static void conn_finish_if_done(struct conn *c)
{
    if (c->finishing && !c->closing && !c->writing && c->out.len == 0 &&
        c->slots == NULL)
        conn_close(c);
}

/* Sends what the kernel takes now; the rest goes through uv_write.
 * Returns -1 when the connection was closed. */
static int conn_write(struct conn *c)
{
    uv_buf_t b = uv_buf_init(c->out.data, (unsigned)c->out.len);
    struct reply_buf tmp;
    int n = uv_try_write((uv_stream_t *)&c->pipe, &b, 1);

    if (n == UV_EAGAIN)
        n = 0;
    if (n < 0) {
        conn_close(c);
        return -1;
    }
    c->held -= (size_t)n;
    if ((size_t)n == c->out.len) {
        c->out.len = 0;
        if (c->out.cap > OUT_KEEP)
            reply_buf_free(&c->out);
        return 0;
    }
    tmp = c->wbuf;
    c->wbuf = c->out;
    c->out = tmp;
    c->out.len = 0;
    c->woff = (size_t)n;
    b = uv_buf_init(c->wbuf.data + c->woff, (unsigned)(c->wbuf.len - c->woff));
    c->wreq.data = c;
    if (uv_write(&c->wreq, (uv_stream_t *)&c->pipe, &b, 1, on_write) != 0) {
        conn_close(c);
        return -1;
    }
    c->writing = 1;
    return 0;
}

static void conn_resume(struct conn *c);

/* Writes the ready replies; while the kernel keeps taking them, answers
 * the lines held back by a pause. */
static void conn_flush(struct conn *c)
{
    while (!c->closing) {
        if (!c->writing && c->out.len > 0 && conn_write(c) != 0)
            return;
        if (c->writing || !c->paused || c->job_wait ||
            c->held >= SERVER_OUTPUT_PAUSE)
            break;
        conn_resume(c);
    }
    conn_finish_if_done(c);
}

/* Moves the replies whose turn has come from the slots to the output. */
static void conn_drain_slots(struct conn *c)
{
    while (c->slots != NULL && c->slots->job == NULL) {
        struct slot *s = c->slots;

        if (reply_buf_append(s->text.data != NULL ? s->text.data : "", s->text.len,
                             &c->out) != 0) {
            conn_close(c);
            return;
        }
        c->slots = s->next;
        if (c->slots == NULL)
            c->slots_tail = NULL;
        reply_buf_free(&s->text);
        free(s);
    }
}

static void on_write(uv_write_t *req, int status)
{
    struct conn *c = req->data;

    c->writing = 0;
    if (c->closing)
        return;
    if (status < 0) {
        conn_close(c);
        return;
    }
    c->held -= c->wbuf.len - c->woff;
    c->wbuf.len = 0;
    if (c->wbuf.cap > OUT_KEEP)
        reply_buf_free(&c->wbuf);
    conn_flush(c);
}

/* ---- heavy requests ----------------------------------------------------- */

static void job_work(uv_work_t *w)
{
    struct job *job = w->data;
    json_t *reply;

    /* Linux nice values are per thread: a pool thread busy grading must
     * not take the core the loop needs to answer `today`.  Raising one's
     * own nice needs no privilege; it stays raised, which suits the other
     * pool work (generation) too. */
    setpriority(PRIO_PROCESS, (id_t)syscall(SYS_gettid), JOB_NICE);
    reply = reply_compute(&job->req, job->budget);
    job->is_error = reply != NULL && !json_is_true(json_object_get(reply, "ok"));
    job->failed = reply_write(reply, reply_buf_append, &job->text) != 0;
}

static void dispatch_jobs(struct server *srv);

static void job_done(uv_work_t *w, int status)
{
    struct job *job = w->data;
    struct server *srv = job->srv;
    struct conn *c = job->conn;

    srv->n.jobs_running--;
    if (c != NULL) {
        c->jobs--;
        c->job_wait = 0;
        c->last_request = uv_now(srv->loop);
        job->slot->job = NULL;
        if (status != 0 || job->failed) {
            reply_buf_free(&job->text);
            reply_write(reply_error(PROTO_ERR_INTERNAL,
                                    "the request could not be computed"),
                        reply_buf_append, &job->text);
            job->is_error = 1;
        }
        srv->n.errors += (uint64_t)job->is_error;
        job->slot->text = job->text;
        c->held += job->text.len;
        memset(&job->text, 0, sizeof job->text);
        conn_drain_slots(c);
        conn_flush(c);
    }
    reply_buf_free(&job->text);
    free(job);
    dispatch_jobs(srv);
}

/* Starts waiting jobs while fewer than max_running run: the loop keeps a
 * core, so `today` stays fast whatever is being graded. */
static void dispatch_jobs(struct server *srv)
{
    while (!srv->stopped && srv->wait_head != NULL &&
           srv->n.jobs_running < srv->max_running) {
        struct job *job = srv->wait_head;

        srv->wait_head = job->next;
        if (srv->wait_head == NULL)
            srv->wait_tail = NULL;
        srv->n.jobs_queued--;
        if (job->conn == NULL) {
            free(job);
            continue;
        }
        job->work.data = job;
        srv->n.jobs_running++;
        if (uv_queue_work(srv->loop, &job->work, job_work, job_done) != 0)
            job_done(&job->work, UV_EINVAL);
    }
}

static void submit_job(struct conn *c, const struct proto_request *req)
{
    struct server *srv = c->srv;
    struct slot *slot;
    struct job *job;
    char msg[160];

    if (srv->n.jobs_running + srv->n.jobs_queued >= srv->max_jobs) {
        snprintf(msg, sizeof msg,
                 "%u solve/grade/hint/steps/check requests are already running or "
                 "queued; retry later",
                 srv->max_jobs);
        conn_error(c, PROTO_ERR_BUSY, msg);
        return;
    }
    job = calloc(1, sizeof *job);
    slot = calloc(1, sizeof *slot);
    if (job == NULL || slot == NULL) {
        free(job);
        free(slot);
        conn_error(c, PROTO_ERR_INTERNAL, "out of memory");
        return;
    }
    *job = (struct job){.srv = srv,
                        .conn = c,
                        .slot = slot,
                        .req = *req,
                        .budget = (unsigned long)srv->cfg->socket_search_budget};
    slot->job = job;
    c->jobs++;
    if (c->slots == NULL)
        c->slots = slot;
    else
        c->slots_tail->next = slot;
    c->slots_tail = slot;
    if (srv->wait_tail == NULL)
        srv->wait_head = job;
    else
        srv->wait_tail->next = job;
    srv->wait_tail = job;
    srv->n.jobs_queued++;
    dispatch_jobs(srv);
}

/* ---- memory after load -------------------------------------------------- */

/*
 * A burst of connections leaves the heap fragmented by their freed
 * buffers and replies (in the loop's arena and the pool threads' ones),
 * and glibc keeps those pages: once TRIM_LOAD connections and requests
 * have come and then TRIM_QUIET_MS passed without any, malloc_trim gives
 * every arena's free pages back.  bench/bench_socket_load.py measures it.
 * A client asking now and then never triggers it; a quiet daemon has no
 * timer running for it.
 */
static void on_trim(uv_timer_t *t)
{
    struct server *srv = t->data;
    uint64_t quiet = uv_now(srv->loop) - srv->loaded_at;

    if (quiet < TRIM_QUIET_MS) {
        uv_timer_start(&srv->trim, on_trim, TRIM_QUIET_MS - quiet, 0);
        return;
    }
    srv->load = 0;
#if defined(__GLIBC__)
    malloc_trim(0);
#endif
}

static void note_load(struct server *srv)
{
    srv->loaded_at = uv_now(srv->loop);
    if (++srv->load == TRIM_LOAD && !srv->stopped)
        uv_timer_start(&srv->trim, on_trim, TRIM_QUIET_MS, 0);
}

/* ---- requests ----------------------------------------------------------- */

static int emit_to_conn(const char *data, size_t len, void *arg)
{
    struct conn *c = arg;

    conn_add_reply(c, data, len);
    return c->closing ? -1 : 0;
}

/* Answers one line; returns 1, leaving it unanswered, when it is a heavy
 * request and this connection already has JOBS_PER_CONN of them queued or
 * running: it waits for them so that one client's pipelined solves queue
 * behind each other, not in front of every other client's. */
static int handle_line(struct conn *c, const char *line, size_t len)
{
    struct proto_request req;
    char err[PROTO_ERR_MAX];
    int rc = proto_parse(line, len, &req, err, sizeof err);

    if (rc == PROTO_EMPTY)
        return 0; /* not a request: it does not postpone the idle timeout */
    if (rc == PROTO_OK && proto_command_info(req.command)->heavy &&
        c->jobs >= JOBS_PER_CONN)
        return 1;
    c->srv->n.requests++;
    c->last_request = uv_now(c->srv->loop);
    note_load(c->srv);
    if (rc != PROTO_OK) {
        conn_error(c, (enum proto_error)rc, err);
        if (rc == PROTO_ERR_TOO_LARGE)
            c->finishing = 1;
        return 0;
    }
    if (proto_command_info(req.command)->heavy) {
        submit_job(c, &req);
        return 0;
    }
    if (proto_needs_operator(&req) && !c->operator_ok) {
        char msg[160];
        snprintf(msg, sizeof msg,
                 "%s changes the daemon's state: only root or the "
                 "daemon's own user may run it (this client is uid %ld)",
                 proto_command_info(req.command)->name, c->peer_uid);
        conn_error(c, PROTO_ERR_FORBIDDEN, msg); /* counts the error */
        return 0;
    }
    rc = query_answer(c->srv->query, &req, clock_now(), &c->srv->n, emit_to_conn,
                      c);
    if (rc == 1)
        c->srv->n.errors++;
    return 0;
}

static void conn_too_large(struct conn *c)
{
    char msg[96];

    snprintf(msg, sizeof msg,
             "request longer than %d bytes; closing the connection",
             PROTO_LINE_MAX);
    c->srv->n.requests++;
    conn_error(c, PROTO_ERR_TOO_LARGE, msg);
    c->finishing = 1;
}

static void conn_pause(struct conn *c)
{
    c->paused = 1;
    uv_read_stop((uv_stream_t *)&c->pipe);
}

/* Stops reading until a heavy request of this connection is answered. */
static void conn_wait_job(struct conn *c)
{
    c->job_wait = 1;
    conn_pause(c);
}

/* An idle connection holds no input buffer. */
static void conn_release_input(struct conn *c)
{
    free(c->in);
    c->in = NULL;
    c->in_len = 0;
    c->line_started = 0;
}

/* Answers every complete line, stopping while too much output waits or a
 * heavy line waits for the connection's earlier one. */
static void conn_process(struct conn *c)
{
    size_t pos = 0;
    char *nl;

    while (!c->paused && !c->finishing && !c->closing && pos < c->in_len &&
           (nl = memchr(c->in + pos, '\n', c->in_len - pos)) != NULL) {
        if (handle_line(c, c->in + pos, (size_t)(nl - (c->in + pos))) != 0) {
            conn_wait_job(c);
            break;
        }
        pos = (size_t)(nl - c->in) + 1;
        if (c->held >= SERVER_OUTPUT_PAUSE && !c->closing)
            conn_pause(c);
    }
    if (c->closing)
        return;
    if (pos > 0) {
        memmove(c->in, c->in + pos, c->in_len - pos);
        c->in_len -= pos;
        c->line_started = 0; /* what is left began in the latest read */
    }
    if (c->finishing) {
        conn_release_input(c);
        uv_read_stop((uv_stream_t *)&c->pipe);
    } else if (!c->paused && c->in_len > PROTO_LINE_MAX + 1) {
        conn_too_large(c); /* no newline in more than a line's worth */
    } else if (c->eof && !c->paused) {
        /* The last line may come without its newline ("printf ping | socat"). */
        if (c->in_len > 0 && handle_line(c, c->in, c->in_len) != 0) {
            conn_wait_job(c);
            return;
        }
        conn_release_input(c);
        c->finishing = 1;
    }
    if (c->in_len == 0)
        conn_release_input(c);
    else if (c->line_started == 0)
        c->line_started = uv_now(c->srv->loop);
}

static void on_alloc(uv_handle_t *h, size_t suggested, uv_buf_t *buf);
static void on_read(uv_stream_t *s, ssize_t nread, const uv_buf_t *buf);

static void conn_resume(struct conn *c)
{
    if (!c->paused || c->job_wait || c->held >= SERVER_OUTPUT_PAUSE)
        return;
    c->paused = 0;
    conn_process(c);
    if (!c->paused && !c->finishing && !c->closing && !c->eof)
        uv_read_start((uv_stream_t *)&c->pipe, on_alloc, on_read);
}

/* ---- connections -------------------------------------------------------- */

static void on_alloc(uv_handle_t *h, size_t suggested, uv_buf_t *buf)
{
    struct conn *c = h->data;

    (void)suggested;
    if (c->in == NULL && (c->in = malloc(IN_CAP)) == NULL) {
        *buf = uv_buf_init(NULL, 0); /* on_read gets UV_ENOBUFS: closed */
        return;
    }
    *buf = uv_buf_init(c->in + c->in_len, (unsigned)(IN_CAP - c->in_len));
}

static void on_read(uv_stream_t *s, ssize_t nread, const uv_buf_t *buf)
{
    struct conn *c = s->data;

    (void)buf;
    if (nread > 0) {
        c->in_len += (size_t)nread;
    } else if (nread == UV_EOF) {
        c->eof = 1;
        uv_read_stop(s);
    } else if (nread < 0) {
        conn_close(c); /* reset by the peer: nobody to answer */
        return;
    } else {
        if (c->in_len == 0)
            conn_release_input(c);
        return;
    }
    conn_process(c);
    conn_flush(c);
}

static void free_slots(struct conn *c)
{
    while (c->slots != NULL) {
        struct slot *s = c->slots;

        c->slots = s->next;
        reply_buf_free(&s->text);
        free(s);
    }
}

static void on_conn_closed(uv_handle_t *h)
{
    struct conn *c = h->data;

    free_slots(c);
    reply_buf_free(&c->out);
    reply_buf_free(&c->wbuf);
    free(c->in);
    free(c);
}

static void conn_close(struct conn *c)
{
    struct server *srv = c->srv;

    if (c->closing)
        return;
    c->closing = 1;
    for (struct slot *s = c->slots; s != NULL; s = s->next) {
        if (s->job != NULL) {
            s->job->conn = NULL; /* the job frees itself when done */
            s->job = NULL;
        }
    }
    if (c->prev != NULL)
        c->prev->next = c->next;
    else
        srv->conns = c->next;
    if (c->next != NULL)
        c->next->prev = c->prev;
    if (srv->conns == NULL && !srv->stopped)
        uv_timer_stop(&srv->sweep); /* nothing to watch: no wake-ups */
    srv->n.connections--;
    uv_close((uv_handle_t *)&c->pipe, on_conn_closed);
}

/* For a connection closed before it was served: the pipe is the first
 * member of struct conn, so this frees the conn. */
static void on_refused_closed(uv_handle_t *h)
{
    free(h);
}

/* Tells the client why in one line the kernel takes at once, then closes. */
static void refuse(struct server *srv, uv_pipe_t *pipe)
{
    struct reply_buf text = {0};
    char msg[128];
    uint64_t now = uv_now(srv->loop);

    srv->n.refused++;
    snprintf(msg, sizeof msg, "too many connections (%d open); try again later",
             srv->cfg->socket_max_clients);
    if (reply_write(reply_error(PROTO_ERR_BUSY, msg), reply_buf_append, &text) ==
        0) {
        uv_buf_t b = uv_buf_init(text.data, (unsigned)text.len);

        uv_try_write((uv_stream_t *)pipe, &b, 1);
    }
    reply_buf_free(&text);
    uv_close((uv_handle_t *)pipe, on_refused_closed);
    srv->refused_unlogged++;
    if (srv->refused_logged_at == 0 ||
        now - srv->refused_logged_at >= REFUSED_LOG_EVERY_MS) {
        log_warning(
            "server: refused %llu connection(s): socket_max_clients = %d reached",
            (unsigned long long)srv->refused_unlogged,
            srv->cfg->socket_max_clients);
        srv->refused_logged_at = now;
        srv->refused_unlogged = 0;
    }
}

static void on_sweep(uv_timer_t *t);

/* The sweep runs while connections are open, often enough to honour the
 * timeouts to about a quarter of the shorter one. */
static void start_sweep(struct server *srv)
{
    int shorter = srv->cfg->socket_idle_timeout < srv->cfg->socket_request_timeout
                      ? srv->cfg->socket_idle_timeout
                      : srv->cfg->socket_request_timeout;
    uint64_t ms = (uint64_t)shorter * 1000 / 4;

    ms = ms < SWEEP_MIN_MS ? SWEEP_MIN_MS : ms > SWEEP_MAX_MS ? SWEEP_MAX_MS : ms;
    uv_timer_start(&srv->sweep, on_sweep, ms, ms);
}

static void on_connection(uv_stream_t *listener, int status)
{
    struct server *srv = listener->data;
    struct conn *c;

    if (status < 0) {
        log_warning("server: accept: %s", uv_strerror(status));
        return;
    }
    note_load(srv);
    if ((c = calloc(1, sizeof *c)) == NULL)
        return;
    c->srv = srv;
    uv_pipe_init(srv->loop, &c->pipe, 0);
    c->pipe.data = c;
    if (uv_accept(listener, (uv_stream_t *)&c->pipe) != 0) {
        uv_close((uv_handle_t *)&c->pipe, on_refused_closed);
        return;
    }
    if (srv->n.connections >= (uint64_t)srv->cfg->socket_max_clients) {
        refuse(srv, &c->pipe);
        return;
    }
    c->next = srv->conns;
    if (c->next != NULL)
        c->next->prev = c;
    srv->conns = c;
    if (c->next == NULL)
        start_sweep(srv);
    srv->n.connections++;
    srv->n.connections_total++;
    c->last_request = uv_now(srv->loop);
    note_peer(c);
    uv_read_start((uv_stream_t *)&c->pipe, on_alloc, on_read);
}

/* Closes a connection whose request line has been arriving for longer than
 * socket_request_timeout (a trickle of bytes), telling it why. */
static void conn_request_timeout(struct conn *c)
{
    char msg[160];

    snprintf(msg, sizeof msg,
             "request line not finished within %d s (socket_request_timeout); "
             "closing the connection",
             c->srv->cfg->socket_request_timeout);
    c->srv->n.requests++;
    c->srv->n.timed_out++;
    conn_error(c, PROTO_ERR_TIMEOUT, msg);
    conn_flush(c); /* what the kernel takes now; the rest is dropped */
    conn_close(c);
}

/*
 * Closes connections that sent no complete request for socket_idle_timeout
 * (idle ones, ones that only send blank lines or bytes without a newline,
 * ones whose replies are not being read), unless an answer of theirs is
 * still being computed; and connections whose current line is older than
 * socket_request_timeout.
 */
static void on_sweep(uv_timer_t *t)
{
    struct server *srv = t->data;
    uint64_t now = uv_now(srv->loop);
    uint64_t limit = (uint64_t)srv->cfg->socket_idle_timeout * 1000;
    uint64_t line_limit = (uint64_t)srv->cfg->socket_request_timeout * 1000;
    struct conn *next;

    for (struct conn *c = srv->conns; c != NULL; c = next) {
        next = c->next;
        if (c->jobs > 0)
            continue;
        if (!c->paused && c->line_started != 0 &&
            now - c->line_started >= line_limit) {
            conn_request_timeout(c);
            continue;
        }
        if (now - c->last_request < limit)
            continue;
        if (c->held > 0)
            log_info(
                "server: closing a connection that stopped reading its replies "
                "(%zu bytes waiting)",
                c->held);
        srv->n.timed_out++;
        conn_close(c);
    }
}

/* ---- the listening socket ----------------------------------------------- */

static int fail(char *err, size_t errlen, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

static int fail(char *err, size_t errlen, const char *fmt, ...)
{
    va_list ap;

    va_start(ap, fmt);
    vsnprintf(err, errlen, fmt, ap);
    va_end(ap);
    return -1;
}

static void fill_addr(struct sockaddr_un *a, const char *path)
{
    memset(a, 0, sizeof *a);
    a->sun_family = AF_UNIX;
    snprintf(a->sun_path, sizeof a->sun_path, "%s", path);
}

/* A socket file nobody listens on is what a killed daemon leaves: remove
 * it.  One that answers belongs to a running daemon: leave it alone. */
static int remove_stale(const char *path, char *err, size_t errlen)
{
    struct sockaddr_un a;
    struct stat st;
    int fd, rc, saved;

    if (lstat(path, &st) != 0)
        return errno == ENOENT
                   ? 0
                   : fail(err, errlen, "socket %s: %s", path, strerror(errno));
    if (!S_ISSOCK(st.st_mode))
        return fail(err, errlen,
                    "socket %s exists and is not a socket; remove it or set "
                    "another socket path",
                    path);
    fill_addr(&a, path);
    if ((fd = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0)) < 0)
        return fail(err, errlen, "socket: %s", strerror(errno));
    rc = connect(fd, (struct sockaddr *)&a, sizeof a);
    saved = errno;
    close(fd);
    if (rc == 0)
        return fail(err, errlen,
                    "another process (a running sudokud?) is listening on %s",
                    path);
    if (saved != ECONNREFUSED)
        return fail(err, errlen, "socket %s: %s", path, strerror(saved));
    if (unlink(path) != 0 && errno != ENOENT)
        return fail(err, errlen, "cannot remove the stale socket %s: %s", path,
                    strerror(errno));
    log_notice("server: removed the stale socket %s left by a stopped daemon",
               path);
    return 0;
}

static int set_owner_and_mode(const struct config *cfg, char *err, size_t errlen)
{
    const char *path = cfg->socket_path;
    char buf[16384];
    struct group gr, *found = NULL;

    if (chmod(path, cfg->socket_mode) != 0)
        return fail(err, errlen, "cannot chmod %04o socket %s: %s",
                    cfg->socket_mode, path, strerror(errno));
    if (cfg->socket_group == NULL)
        return 0;
    if (getgrnam_r(cfg->socket_group, &gr, buf, sizeof buf, &found) != 0 ||
        found == NULL)
        return fail(err, errlen, "socket_group: no group named %s",
                    cfg->socket_group);
    if (chown(path, (uid_t)-1, gr.gr_gid) != 0)
        return fail(err, errlen,
                    "cannot give socket %s to group %s: %s; the daemon's user "
                    "must be a member of it",
                    path, cfg->socket_group, strerror(errno));
    return 0;
}

/* Binds under a umask so the socket is never more open than asked. */
static int bind_path(struct server *srv, int *out, char *err, size_t errlen)
{
    const char *path = srv->cfg->socket_path;
    struct sockaddr_un a;
    struct stat st;
    mode_t old;
    int fd, rc;

    if (remove_stale(path, err, errlen) != 0)
        return -1;
    if ((fd = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0)) < 0)
        return fail(err, errlen, "socket: %s", strerror(errno));
    fill_addr(&a, path);
    old = umask(0177);
    rc = bind(fd, (struct sockaddr *)&a, sizeof a);
    umask(old);
    if (rc != 0) {
        rc = errno;
        close(fd);
        return fail(err, errlen, "cannot bind socket %s: %s%s", path, strerror(rc),
                    rc == ENOENT ? " (its directory must exist; under systemd "
                                   "RuntimeDirectory=sudokud creates /run/sudokud)"
                                 : "");
    }
    if (set_owner_and_mode(srv->cfg, err, errlen) != 0 || lstat(path, &st) != 0) {
        close(fd);
        unlink(path);
        return -1;
    }
    srv->bound_path = strdup(path);
    srv->bound_dev = st.st_dev;
    srv->bound_ino = st.st_ino;
    *out = fd;
    return 0;
}

/* Returns 1 with the descriptor systemd passed, 0 when none, -1 on error. */
static int activated_fd(int *out, char *err, size_t errlen)
{
    int n = notify_listen_fds();

    if (n < 0)
        return fail(err, errlen, "socket activation: %s", strerror(-n));
    if (n == 0)
        return 0;
    if (n > 1)
        log_warning("server: systemd passed %d sockets; serving the first only", n);
    if (!notify_is_unix_listener(NOTIFY_LISTEN_FDS_START))
        return fail(err, errlen,
                    "socket activation: descriptor %d is not a listening Unix "
                    "stream socket; check ListenStream= in sudokud.socket",
                    NOTIFY_LISTEN_FDS_START);
    *out = NOTIFY_LISTEN_FDS_START;
    return 1;
}

/* Each connection is a descriptor: raise the soft limit towards the hard
 * one (we use epoll, never select) when max_clients needs it. */
static void raise_fd_limit(int max_clients)
{
    struct rlimit rl;
    rlim_t want = (rlim_t)max_clients + 64;

    if (getrlimit(RLIMIT_NOFILE, &rl) != 0 || rl.rlim_cur >= want)
        return;
    rl.rlim_cur = rl.rlim_max < want ? rl.rlim_max : want;
    setrlimit(RLIMIT_NOFILE, &rl);
    if (rl.rlim_cur < want)
        log_warning(
            "server: only %llu file descriptors allowed (LimitNOFILE=); fewer than "
            "socket_max_clients = %d connections fit",
            (unsigned long long)rl.rlim_cur, max_clients);
}

static int start_listening(struct server *srv, char *err, size_t errlen)
{
    int fd = -1, rc = activated_fd(&fd, err, errlen);

    if (rc < 0 || (rc == 0 && bind_path(srv, &fd, err, errlen) != 0))
        return -1;
    uv_pipe_init(srv->loop, &srv->listener, 0);
    srv->listener.data = srv;
    if ((rc = uv_pipe_open(&srv->listener, fd)) != 0 ||
        (rc = uv_listen((uv_stream_t *)&srv->listener, SOMAXCONN, on_connection)) !=
            0) {
        uv_close((uv_handle_t *)&srv->listener, NULL);
        return fail(err, errlen, "cannot listen on the socket: %s",
                    uv_strerror(rc));
    }
    log_notice("server: listening on %s%s",
               srv->bound_path != NULL ? srv->bound_path
                                       : "the socket systemd passed",
               srv->bound_path != NULL ? "" : " (socket activation)");
    return 0;
}

/* ---- start and stop ----------------------------------------------------- */

static unsigned cpu_count(void)
{
    long n = sysconf(_SC_NPROCESSORS_ONLN);

    return n > 0 ? (unsigned)n : 1;
}

int server_start(struct server **out, uv_loop_t *loop, const struct config *cfg,
                 struct store *store, struct webhook *webhook, char *err,
                 size_t errlen)
{
    struct server *srv = calloc(1, sizeof *srv);
    unsigned cpus = cpu_count();

    *out = NULL;
    if (srv == NULL || (srv->query = query_new(cfg, store, webhook)) == NULL) {
        free(srv);
        return fail(err, errlen, "out of memory");
    }
    srv->loop = loop;
    srv->cfg = cfg;
    srv->max_running = cpus > 1 ? cpus - 1 : 1;
    srv->max_jobs = srv->max_running * JOBS_PER_THREAD;
    srv->n.started_ns = uv_hrtime();
    json_object_seed(0); /* before any pool thread builds an object */
    raise_fd_limit(cfg->socket_max_clients);
    if (start_listening(srv, err, errlen) != 0) {
        query_free(srv->query);
        free(srv->bound_path);
        free(srv);
        return -1;
    }
    uv_timer_init(loop, &srv->sweep);
    srv->sweep.data = srv;
    uv_timer_init(loop, &srv->trim);
    srv->trim.data = srv;
    *out = srv;
    return 0;
}

/* Removes the socket file only if it is still the one this process bound
 * (a newer daemon may have replaced it). */
static void remove_socket_file(struct server *srv)
{
    struct stat st;

    if (srv->bound_path == NULL)
        return;
    if (lstat(srv->bound_path, &st) == 0 && st.st_dev == srv->bound_dev &&
        st.st_ino == srv->bound_ino)
        unlink(srv->bound_path);
}

void server_stop(struct server *srv)
{
    if (srv == NULL || srv->stopped)
        return;
    srv->stopped = 1;
    uv_close((uv_handle_t *)&srv->listener, NULL);
    uv_close((uv_handle_t *)&srv->sweep, NULL);
    uv_close((uv_handle_t *)&srv->trim, NULL);
    while (srv->conns != NULL)
        conn_close(srv->conns);
    while (srv->wait_head != NULL) {
        struct job *job = srv->wait_head;

        srv->wait_head = job->next;
        free(job);
    }
    srv->wait_tail = NULL;
    srv->n.jobs_queued = 0;
    remove_socket_file(srv);
}

void server_free(struct server *srv)
{
    if (srv == NULL)
        return;
    query_free(srv->query);
    free(srv->bound_path);
    free(srv);
}
