/*
 * Fuzz target: the config parser (config_parse) on any bytes.  A refusal
 * names the file and says why; an accepted config has its values in range,
 * and what config_print writes parses again to the same printout (secrets
 * are printed hidden, so that check is for configs without webhooks).
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "config.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static char *print(const struct config *cfg, size_t *len)
{
    char *text = NULL;
    FILE *f = open_memstream(&text, len);

    if (f == NULL)
        abort();
    config_print(cfg, f);
    if (fclose(f) != 0)
        abort();
    return text;
}

static void check_ranges(const struct config *c)
{
    if (c->days_ahead < 0 || c->days_ahead > CONFIG_DAYS_AHEAD_MAX ||
        c->publish_minute < 0 || c->publish_minute >= 24 * 60 || c->tiers == 0 ||
        c->tiers >= (1u << GRADE_TIERS) || c->webhook_count > CONFIG_WEBHOOK_MAX ||
        c->socket_max_clients < 1 ||
        c->socket_max_clients > CONFIG_SOCKET_CLIENTS_MAX ||
        c->socket_mode > 07777 || c->database_path == NULL ||
        c->socket_path == NULL || c->state_directory == NULL)
        abort();
    for (size_t i = 0; i < c->webhook_count; i++) {
        const struct config_webhook *w = &c->webhooks[i];
        if (w->name == NULL || w->url == NULL || w->secret == NULL ||
            w->header_count > CONFIG_HEADER_MAX || w->timeout_s < 1 ||
            w->retry_base_s < 1)
            abort();
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    struct config cfg, again;
    char err[CONFIG_ERR_MAX];

    memset(err, 'x', sizeof err);
    int rc = config_parse(&cfg, "fuzz.conf", (const char *)data, size, err,
                          sizeof err);
    if (rc != CONFIG_OK) {
        if (rc > CONFIG_OK || rc < CONFIG_ERR_NOMEM ||
            memchr(err, '\0', sizeof err) == NULL ||
            strncmp(err, "fuzz.conf", 9) != 0)
            abort();
        config_free(&cfg);
        return 0;
    }
    check_ranges(&cfg);
    if (cfg.webhook_count == 0) {
        size_t len1, len2;
        char *first = print(&cfg, &len1);
        char *text = malloc(len1 + 1);
        if (text == NULL)
            abort();
        memcpy(text, first, len1 + 1);
        /* An inline secret is printed as a comment: give it one back. */
        char *gen = strstr(text, "\n[generator]\nsymmetry = ");
        char *hidden = gen ? strstr(gen, "\n# secret = (hidden; given inline)\n")
                           : NULL;
        if (hidden != NULL)
            hidden++;
        if (hidden != NULL)
            memcpy(hidden, "secret = 0123456789abcdef01234567", 33);
        rc = config_parse(&again, "fuzz.conf", text, len1, err, sizeof err);
        free(text);
        if (rc != CONFIG_OK) {
            fprintf(stderr, "printed config does not parse: %s\n%s", err, first);
            abort();
        }
        char *second = print(&again, &len2);
        if (len1 != len2 || memcmp(first, second, len1) != 0) {
            fprintf(stderr, "printout changed:\n%s---\n%s", first, second);
            abort();
        }
        free(first);
        free(second);
        config_free(&again);
    }
    config_free(&cfg);
    return 0;
}
