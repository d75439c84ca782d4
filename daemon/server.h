/*
 * server: the local query socket (see proto.h for the language).
 *
 * Serves the descriptor systemd passed by socket activation when there is
 * one, else binds config's socket path with its socket_mode and
 * socket_group (a stale socket file left by a killed daemon is replaced; a
 * live one is never touched).  Requests are answered in order per
 * connection.  Protection: lines over PROTO_LINE_MAX get too_large and the
 * connection closed; at most socket_max_clients connections (one more gets
 * a busy reply and is closed); a connection that sends no complete request
 * for socket_idle_timeout seconds is closed (blank lines, bytes without a
 * newline and reading replies do not count; a connection whose heavy
 * answer is still being computed is kept); a request line not finished
 * socket_request_timeout seconds after its first byte gets timeout and the
 * connection closed; a client that stops reading is not read from once
 * SERVER_OUTPUT_PAUSE bytes of its replies are waiting, then closed by the
 * idle timeout.  solve, grade, hint, steps and check run in the libuv
 * thread pool, a bounded number at once (busy when full), one per
 * connection at a time (the next waits unread for it), each stopped with
 * too_hard past socket_search_budget search nodes, so cheap requests stay
 * fast and one client cannot crowd out the others.  An idle connection
 * holds no input buffer and no output buffer over 4 KiB.
 */
#ifndef SUDOKUD_SERVER_H
#define SUDOKUD_SERVER_H

#include <stddef.h>
#include <uv.h>

#include "config.h"
#include "store.h"
#include "webhook.h"

#define SERVER_ERR_MAX 512
#define SERVER_OUTPUT_PAUSE (64 * 1024) /* bytes of replies held per client */

struct server;

/*
 * Starts listening on loop.  cfg, store and webhook (the relay the webhook
 * commands act on; NULL: none) must outlive the server; cfg is
 * read at each request and connection, so a reload applies to everything
 * but the socket's path, mode and group.  Returns 0, or -1 with a message
 * in err (another daemon listening, a path that is not a socket, a missing
 * directory, a group the daemon cannot give the socket to).
 */
int server_start(struct server **out, uv_loop_t *loop, const struct config *cfg,
                 struct store *store, struct webhook *webhook, char *err,
                 size_t errlen);

/* Stops listening, closes every connection and removes the socket file it
 * created.  The handles finish closing when the loop runs again; requests
 * already in the thread pool complete and are dropped.  Safe to repeat. */
void server_stop(struct server *srv);

/* Frees srv once uv_run has returned after server_stop.  NULL is ignored. */
void server_free(struct server *srv);

#endif
