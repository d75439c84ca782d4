/*
 * webhook_policy: owns the retry schedule and the URL rules, as pure
 * functions so tests can pin them down exactly.
 */
#include "webhook_policy.h"

#include <arpa/inet.h>
#include <curl/curl.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

int64_t webhook_retry_delay(int attempt, int base_s, uint32_t random,
                            int64_t retry_after_s)
{
    int64_t delay = base_s > 0 ? base_s : 1;

    if (attempt < 1 || attempt >= WEBHOOK_ATTEMPTS_MAX)
        return -1;
    for (int i = 1; i < attempt && delay < WEBHOOK_BACKOFF_CAP_S; i++)
        delay *= 4;
    if (delay > WEBHOOK_BACKOFF_CAP_S)
        delay = WEBHOOK_BACKOFF_CAP_S;
    /* Jitter in [0, 25%): random / 2^32 / 4 of the delay. */
    delay += (int64_t)(((uint64_t)delay * random) >> 34);
    if (retry_after_s > WEBHOOK_RETRY_AFTER_MAX_S)
        retry_after_s = WEBHOOK_RETRY_AFTER_MAX_S;
    return retry_after_s > delay ? retry_after_s : delay;
}

int64_t webhook_due_at(int64_t now_ms, int64_t delay_s)
{
    int64_t due_ms = now_ms + delay_s * 1000;

    return due_ms / 1000 + (due_ms % 1000 > 0);
}

int webhook_host_is_loopback(const char *host)
{
    struct in_addr a4;
    struct in6_addr a6;
    char buf[64];
    size_t n = strlen(host);

    if (strcasecmp(host, "localhost") == 0)
        return 1;
    if (inet_pton(AF_INET, host, &a4) == 1)
        return (ntohl(a4.s_addr) >> 24) == 127;
    if (n > 2 && n < sizeof buf && host[0] == '[' && host[n - 1] == ']') {
        memcpy(buf, host + 1, n - 2);
        buf[n - 2] = '\0';
        return inet_pton(AF_INET6, buf, &a6) == 1 && IN6_IS_ADDR_LOOPBACK(&a6);
    }
    return 0;
}

/* Uses libcurl's own URL parser: the one that will send to the URL. */
int webhook_url_check(const char *url, int *plain_http, char *err, size_t errlen)
{
    CURLU *u = curl_url();
    char *scheme = NULL, *host = NULL, *user = NULL;
    int rc = -1, http = 0;

    if (u == NULL)
        snprintf(err, errlen, "out of memory");
    else if (curl_url_set(u, CURLUPART_URL, url, 0) != CURLUE_OK ||
             curl_url_get(u, CURLUPART_SCHEME, &scheme, 0) != CURLUE_OK ||
             curl_url_get(u, CURLUPART_HOST, &host, 0) != CURLUE_OK)
        snprintf(err, errlen,
                 "expected an absolute URL such as "
                 "https://example.org/hooks/sudoku, got '%.57s%s'",
                 url, strlen(url) > 60 ? "..." : "");
    else if (curl_url_get(u, CURLUPART_USER, &user, 0) == CURLUE_OK)
        snprintf(err, errlen,
                 "credentials in the URL would end up in logs; "
                 "send them with a header line instead");
    else if (strcmp(scheme, "https") == 0 ||
             (strcmp(scheme, "http") == 0 &&
              (http = webhook_host_is_loopback(host))))
        rc = 0;
    else
        snprintf(err, errlen,
                 "the URL must use https:// (http:// is allowed only for "
                 "localhost, 127.0.0.0/8 and [::1]), got %s://%s",
                 scheme, host);
    if (rc == 0 && plain_http != NULL)
        *plain_http = http;
    curl_free(scheme);
    curl_free(host);
    curl_free(user);
    curl_url_cleanup(u);
    return rc;
}
