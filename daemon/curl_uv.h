/*
 * curl_uv: libcurl's multi-socket interface driven by a libuv loop, so
 * HTTP transfers (DNS on curl's resolver thread, TLS, the request) never
 * block the loop.  One uv_poll per socket curl watches, one uv_timer for
 * curl's single timeout.
 *
 * Use: curl_uv_open, then curl_uv_add easy handles the caller set up; each
 * finished transfer is reported once to the done callback, after it left
 * the multi handle, and the caller cleans up its easy handle.  To stop,
 * curl_uv_remove every unfinished handle, then curl_uv_close while the loop
 * still runs: the memory is freed by the loop's close callbacks.
 */
#ifndef SUDOKUD_CURL_UV_H
#define SUDOKUD_CURL_UV_H

#include <curl/curl.h>
#include <stddef.h>
#include <uv.h>

struct curl_uv;

/* Called from the loop when easy finished with result (CURLE_OK or why
 * not).  The callback may add new transfers but must not close. */
typedef void (*curl_uv_done_cb)(void *arg, CURL *easy, CURLcode result);

/* Returns 0, or -1 with a message in err. */
int curl_uv_open(struct curl_uv **out, uv_loop_t *loop, curl_uv_done_cb done,
                 void *arg, char *err, size_t errlen);

/* Starts easy (ownership stays with the caller); returns 0 or -1 with err. */
int curl_uv_add(struct curl_uv *c, CURL *easy, char *err, size_t errlen);

/* Abandons an unfinished transfer; its done callback will not run. */
void curl_uv_remove(struct curl_uv *c, CURL *easy);

/* Tears down the multi handle and closes every libuv handle; c is freed
 * by their close callbacks.  NULL is ignored. */
void curl_uv_close(struct curl_uv *c);

#endif
