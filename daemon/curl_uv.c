/*
 * curl_uv: owns the CURLM handle, its uv_timer and the uv_poll of every
 * socket libcurl asks to watch, following curl's multi-uv pattern with its
 * known pitfalls handled:
 *   - the timer callback's -1 deletes the timer; 0 means "soon", never a
 *     call into libcurl from inside its callback (uv timers fire on the
 *     next loop iteration anyway);
 *   - curl_multi_info_read is drained after every socket action, on the
 *     timeout path too, so a transfer that ends on a timeout is reported;
 *   - a poll error (UV_EBADF after POLLERR) is passed on as
 *     CURL_CSELECT_ERR instead of being dropped;
 *   - a socket context is freed only in its uv_close callback, and a
 *     REMOVE closes it at once so a reused fd number gets a fresh poll;
 *   - the socket list lets curl_uv_close close what libcurl never removed.
 */
#include "curl_uv.h"

#include <stdio.h>
#include <stdlib.h>

struct curl_uv_sock {
    uv_poll_t poll;
    curl_socket_t fd;
    struct curl_uv *owner;
    struct curl_uv_sock *prev, *next;
};

struct curl_uv {
    uv_loop_t *loop;
    CURLM *multi;
    uv_timer_t timer;
    struct curl_uv_sock *socks;
    curl_uv_done_cb done;
    void *arg;
    int closing;
};

static void drain(struct curl_uv *c)
{
    CURLMsg *msg;
    int left;

    while ((msg = curl_multi_info_read(c->multi, &left)) != NULL) {
        CURL *easy = msg->easy_handle;
        CURLcode result = msg->data.result;

        if (msg->msg != CURLMSG_DONE)
            continue;
        /* msg is invalid after remove_handle: copied out above. */
        curl_multi_remove_handle(c->multi, easy);
        c->done(c->arg, easy, result);
    }
}

static void on_poll(uv_poll_t *h, int status, int events)
{
    struct curl_uv_sock *k = h->data;
    struct curl_uv *c = k->owner;
    int flags = 0, running;

    if (status < 0)
        flags = CURL_CSELECT_ERR;
    else {
        flags |= (events & UV_READABLE) ? CURL_CSELECT_IN : 0;
        flags |= (events & UV_WRITABLE) ? CURL_CSELECT_OUT : 0;
    }
    curl_multi_socket_action(c->multi, k->fd, flags, &running);
    drain(c);
}

static void on_timeout(uv_timer_t *t)
{
    struct curl_uv *c = t->data;
    int running;

    curl_multi_socket_action(c->multi, CURL_SOCKET_TIMEOUT, 0, &running);
    drain(c);
}

static void free_sock(uv_handle_t *h)
{
    free(h->data);
}

static void close_sock(struct curl_uv *c, struct curl_uv_sock *k)
{
    if (k->prev != NULL)
        k->prev->next = k->next;
    else
        c->socks = k->next;
    if (k->next != NULL)
        k->next->prev = k->prev;
    if (!uv_is_closing((uv_handle_t *)&k->poll)) {
        uv_poll_stop(&k->poll);
        uv_close((uv_handle_t *)&k->poll, free_sock);
    }
}

static struct curl_uv_sock *open_sock(struct curl_uv *c, curl_socket_t fd)
{
    struct curl_uv_sock *k = calloc(1, sizeof *k);

    if (k == NULL)
        return NULL;
    if (uv_poll_init_socket(c->loop, &k->poll, fd) != 0) {
        free(k);
        return NULL;
    }
    k->fd = fd;
    k->owner = c;
    k->poll.data = k;
    k->next = c->socks;
    if (c->socks != NULL)
        c->socks->prev = k;
    c->socks = k;
    curl_multi_assign(c->multi, fd, k);
    return k;
}

static int on_socket(CURL *easy, curl_socket_t fd, int what, void *userp,
                     void *socketp)
{
    struct curl_uv *c = userp;
    struct curl_uv_sock *k = socketp;
    int events = 0;

    (void)easy;
    if (what == CURL_POLL_REMOVE) {
        if (k != NULL) {
            close_sock(c, k);
            if (!c->closing)
                curl_multi_assign(c->multi, fd, NULL);
        }
        return 0;
    }
    if (k == NULL && (k = open_sock(c, fd)) == NULL)
        return -1; /* fails the transfers on this socket, reported by drain */
    events |= (what == CURL_POLL_IN || what == CURL_POLL_INOUT) ? UV_READABLE : 0;
    events |= (what == CURL_POLL_OUT || what == CURL_POLL_INOUT) ? UV_WRITABLE : 0;
    return uv_poll_start(&k->poll, events, on_poll) == 0 ? 0 : -1;
}

static int on_curl_timer(CURLM *multi, long timeout_ms, void *userp)
{
    struct curl_uv *c = userp;

    (void)multi;
    if (timeout_ms < 0)
        uv_timer_stop(&c->timer);
    else if (!c->closing)
        uv_timer_start(&c->timer, on_timeout, (uint64_t)timeout_ms, 0);
    return 0;
}

int curl_uv_open(struct curl_uv **out, uv_loop_t *loop, curl_uv_done_cb done,
                 void *arg, char *err, size_t errlen)
{
    struct curl_uv *c = calloc(1, sizeof *c);

    *out = NULL;
    if (c == NULL || (c->multi = curl_multi_init()) == NULL) {
        free(c);
        snprintf(err, errlen,
                 "cannot set up libcurl's multi interface (out of memory?)");
        return -1;
    }
    c->loop = loop;
    c->done = done;
    c->arg = arg;
    uv_timer_init(loop, &c->timer);
    c->timer.data = c;
    curl_multi_setopt(c->multi, CURLMOPT_SOCKETFUNCTION, on_socket);
    curl_multi_setopt(c->multi, CURLMOPT_SOCKETDATA, c);
    curl_multi_setopt(c->multi, CURLMOPT_TIMERFUNCTION, on_curl_timer);
    curl_multi_setopt(c->multi, CURLMOPT_TIMERDATA, c);
    *out = c;
    return 0;
}

/* curl_multi_add_handle sets a 0 timeout through on_curl_timer, so the
 * transfer starts on the next loop iteration; no kick-start call here,
 * which would run done callbacks inside the caller's add. */
int curl_uv_add(struct curl_uv *c, CURL *easy, char *err, size_t errlen)
{
    CURLMcode rc = curl_multi_add_handle(c->multi, easy);

    if (rc == CURLM_OK)
        return 0;
    snprintf(err, errlen, "cannot start a transfer: %s", curl_multi_strerror(rc));
    return -1;
}

void curl_uv_remove(struct curl_uv *c, CURL *easy)
{
    curl_multi_remove_handle(c->multi, easy);
}

static void free_owner(uv_handle_t *h)
{
    free(h->data);
}

void curl_uv_close(struct curl_uv *c)
{
    if (c == NULL)
        return;
    c->closing = 1;
    uv_timer_stop(&c->timer);
    /* Closes the cached connections; libcurl reports them as REMOVE. */
    curl_multi_cleanup(c->multi);
    c->multi = NULL;
    while (c->socks != NULL)
        close_sock(c, c->socks);
    uv_close((uv_handle_t *)&c->timer, free_owner);
}
