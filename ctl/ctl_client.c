/*
 * ctl_client: owns the sudokuctl commands that ask a running sudokud over
 * its query socket (today, get, list, stats, ping, webhook, backup, and
 * hint, steps and check when --socket names one; the socket is --socket
 * PATH, else $SUDOKUD_SOCKET, else the default): one request line, one JSON reply line,
 * printed as a grid or text, or raw with --json.  Exit status: 0 ok, 1 an error reply
 * (its code and message on stderr), 2 usage, 3 no daemon at the socket, 4
 * hint's and steps' wrong_marks reply (its message on stdout, as the local hint does).
 */
#include "ctl.h"

#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <time.h>
#include <unistd.h>

#include "defaults.h"
#include "grade.h"
#include "grid.h"

#define ARGS_MAX 3
#define REPLY_MAX (16 * 1024 * 1024)
#define LINE_MAX_BYTES 4096 /* the daemon's request limit */

struct client {
    const char *cmd;
    const char *socket;
    int json;
    int solution;
    const char *puzzle;    /* hint, steps, check: --puzzle */
    const char *technique; /* steps: --technique */
    int nargs;
    const char *args[ARGS_MAX];
};

static int is_cmd(const char *cmd, const char *name)
{
    return strcmp(cmd, name) == 0;
}

static int takes_solution(const char *cmd)
{
    return is_cmd(cmd, "today") || is_cmd(cmd, "get") || is_cmd(cmd, "list");
}

static int takes_puzzle(const char *cmd)
{
    return is_cmd(cmd, "check") || is_cmd(cmd, "hint") || is_cmd(cmd, "steps");
}

/* The socket asked when --socket PATH is not given: $SUDOKUD_SOCKET when
 * set and not empty, else the default.  hint, steps and check stay
 * offline without --socket (sudokuctl.c), whatever the environment. */
static const char *ctl_socket_path(void)
{
    const char *env = getenv("SUDOKUD_SOCKET");

    return env != NULL && env[0] != '\0' ? env : SUDOKUD_DEFAULT_SOCKET;
}

/* today's and get's TIER, in any case; the daemon would refuse any other
 * word too, but in the socket's terms. */
static int check_tier(const struct client *c, const char *word)
{
    enum grade_tier t;
    char tiers[128];

    if (grade_tier_lookup(word, strlen(word), &t) == 0)
        return CTL_EXIT_OK;
    grade_tier_list(tiers, sizeof tiers);
    return ctl_usage_error(c->cmd, "unknown tier '%s' (expected one of %s)", word,
                           tiers);
}

/* [--socket PATH] [--json] [--solution] and up to max positional words.
 * The socket's own word "solution" is taken as --solution (today, get,
 * list), so a request reads the same on the socket and on the command
 * line. */
static int parse_args(struct client *c, int argc, char **argv, int min, int max)
{
    for (int i = 0; i < argc; i++) {
        const char *a = argv[i];

        if (strcmp(a, "--json") == 0)
            c->json = 1;
        else if ((strcmp(a, "--solution") == 0 || strcasecmp(a, "solution") == 0) &&
                 takes_solution(c->cmd))
            c->solution = 1;
        else if (strcmp(a, "--socket") == 0 && i + 1 < argc)
            c->socket = argv[++i];
        else if (strcmp(a, "--puzzle") == 0 && i + 1 < argc && takes_puzzle(c->cmd))
            c->puzzle = argv[++i];
        else if (strcmp(a, "--technique") == 0 && i + 1 < argc &&
                 is_cmd(c->cmd, "steps"))
            c->technique = argv[++i];
        else if (a[0] == '-' && a[1] != '\0' &&
                 !(is_cmd(c->cmd, "get") && isdigit((unsigned char)a[1])))
            return ctl_usage_error(c->cmd, "unknown option '%s'", a);
        else if (c->nargs == max)
            return ctl_usage_error(c->cmd, "unexpected argument '%s'", a);
        else
            c->args[c->nargs++] = a;
    }
    if (c->nargs < min)
        return ctl_usage_error(c->cmd, "missing argument");
    if ((is_cmd(c->cmd, "today") && c->nargs == 1) ||
        (is_cmd(c->cmd, "get") && c->nargs == 2)) {
        int rc = check_tier(c, c->args[c->nargs - 1]);

        if (rc != CTL_EXIT_OK)
            return rc;
    }
    if (c->puzzle != NULL && c->nargs == 2)
        return ctl_usage_error(c->cmd, "PUZZLE given twice");
    if (c->puzzle != NULL)
        c->args[c->nargs++] = c->puzzle;
    if (c->technique != NULL)
        c->args[c->nargs++] = c->technique;
    if (c->socket == NULL)
        c->socket = ctl_socket_path();
    return CTL_EXIT_OK;
}

static int connect_daemon(const char *path)
{
    struct sockaddr_un a = {.sun_family = AF_UNIX};
    int fd;

    if (strlen(path) >= sizeof a.sun_path) {
        fprintf(stderr, "sudokuctl: cannot connect to %s: path too long\n", path);
        return -1;
    }
    memcpy(a.sun_path, path, strlen(path) + 1);
    fd = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
    if (fd < 0 || connect(fd, (struct sockaddr *)&a, sizeof a) != 0) {
        fprintf(stderr,
                "sudokuctl: cannot connect to %s: %s (is sudokud running? "
                "--socket PATH or SUDOKUD_SOCKET=PATH names another socket)\n",
                path, strerror(errno));
        if (fd >= 0)
            close(fd);
        return -1;
    }
    return fd;
}

static int send_all(int fd, const char *data, size_t len)
{
    while (len > 0) {
        ssize_t n = send(fd, data, len, MSG_NOSIGNAL);

        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0)
            return -1;
        data += n;
        len -= (size_t)n;
    }
    return 0;
}

/* Reads one reply line; returns it (malloc'd, NUL-terminated) or NULL. */
static char *read_line(int fd)
{
    size_t len = 0, cap = 4096;
    char *buf = malloc(cap), *nl = NULL;

    while (buf != NULL && nl == NULL) {
        ssize_t n;

        if (len + 1 == cap) {
            char *p = cap < REPLY_MAX ? realloc(buf, cap * 2) : NULL;

            if (p == NULL)
                break;
            buf = p;
            cap *= 2;
        }
        n = recv(fd, buf + len, cap - len - 1, 0);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0)
            break;
        nl = memchr(buf + len, '\n', (size_t)n);
        len += (size_t)n;
    }
    if (nl == NULL) {
        free(buf);
        return NULL;
    }
    *nl = '\0';
    return buf;
}

/* Parses text (freed here) into *out.  Returns a CTL_EXIT_*. */
static int parse_reply(const struct client *c, char *text, json_t **out)
{
    json_error_t jerr;

    *out = json_loads(text, 0, &jerr);
    free(text);
    if (*out == NULL || !json_is_object(*out)) {
        fprintf(stderr, "sudokuctl: the reply from %s is not a JSON object\n",
                c->socket);
        json_decref(*out);
        return CTL_EXIT_ERROR;
    }
    return CTL_EXIT_OK;
}

/* Sends line, parses the reply into *out.  Returns a CTL_EXIT_*. */
static int ask(const struct client *c, const char *line, json_t **out)
{
    int fd = connect_daemon(c->socket);
    char *text;

    if (fd < 0)
        return CTL_EXIT_CONNECT;
    if (send_all(fd, line, strlen(line)) != 0 || send_all(fd, "\n", 1) != 0) {
        int err = errno;

        /* A daemon at socket_max_clients answers busy and closes without
         * reading: the send then fails (EPIPE) but that reply is already
         * here, and it is the answer to show. */
        if ((err == EPIPE || err == ECONNRESET) && (text = read_line(fd)) != NULL) {
            close(fd);
            return parse_reply(c, text, out);
        }
        fprintf(stderr, "sudokuctl: sending to %s: %s\n", c->socket, strerror(err));
        close(fd);
        return CTL_EXIT_CONNECT;
    }
    text = read_line(fd);
    close(fd);
    if (text == NULL) {
        fprintf(stderr, "sudokuctl: %s closed the connection without a reply\n",
                c->socket);
        return CTL_EXIT_ERROR;
    }
    return parse_reply(c, text, out);
}

static const char *str(const json_t *obj, const char *key)
{
    const char *s = json_string_value(json_object_get(obj, key));

    return s != NULL ? s : "";
}

/* ---- printing ----------------------------------------------------------- */

static void print_grid(const char *text)
{
    struct grid g;
    char err[GRID_ERR_MAX], pretty[GRID_PRETTY_MAX];

    if (grid_parse(&g, text, err, sizeof err) != GRID_OK) {
        printf("%s\n", text);
        return;
    }
    grid_format_pretty(&g, pretty);
    fputs(pretty, stdout);
}

/* The tier as people read it: its label, with the key when they differ
 * ("Tough going (hard)"); the key alone when there is no label. */
static const char *tier_shown(const json_t *p, char *buf, size_t len)
{
    const char *tier = str(p, "tier"), *label = str(p, "label");

    if (label[0] == '\0' || strcmp(label, tier) == 0)
        return tier;
    snprintf(buf, len, "%s (%s)", label, tier);
    return buf;
}

static void print_puzzle(const json_t *p)
{
    char tier[96];

    printf("%s %s: score %g, %lld clues, hardest %s\n", str(p, "date"),
           tier_shown(p, tier, sizeof tier),
           json_number_value(json_object_get(p, "score")),
           (long long)json_integer_value(json_object_get(p, "clues")),
           str(p, "hardest_technique"));
    print_grid(str(p, "puzzle"));
    if (json_object_get(p, "solution") != NULL) {
        printf("solution:\n");
        print_grid(str(p, "solution"));
    }
}

static void print_puzzles(const struct client *c, const json_t *reply)
{
    const json_t *list = json_object_get(reply, "puzzles"), *p;
    size_t i;

    if (json_array_size(list) == 0)
        printf("no puzzles published from %s to %s\n", str(reply, "from"),
               str(reply, "to"));
    json_array_foreach(list, i, p)
    {
        if (strcmp(c->cmd, "list") == 0) {
            char tier[96];

            printf("%s %-6s %s%s%s\n", str(p, "date"), tier_shown(p, tier, sizeof tier),
                   str(p, "puzzle"), c->solution ? " " : "",
                   c->solution ? str(p, "solution") : "");
            continue;
        }
        if (i > 0)
            putchar('\n');
        print_puzzle(p);
    }
}

void ctl_print_verdict(const json_t *reply, int list_wrong)
{
    const json_t *wrong = json_object_get(reply, "wrong"), *cell;
    size_t i;

    printf("%s: %s\n", str(reply, "status"), str(reply, "message"));
    if (list_wrong && json_array_size(wrong) > 0) {
        printf("wrong:");
        json_array_foreach(wrong, i, cell) printf(" %s", json_string_value(cell));
        putchar('\n');
    }
}

/* A reply's time (ISO 8601 UTC, or null) as printed: "never" for null. */
static const char *when(const json_t *t)
{
    return json_is_string(t) ? json_string_value(t) : "never";
}

static long long num(const json_t *obj, const char *key)
{
    return (long long)json_integer_value(json_object_get(obj, key));
}

/* One line per endpoint: its state, then its counts; its last error on a
 * second line. */
static void print_endpoint(const json_t *e, const char *indent)
{
    printf("%s%s: ", indent, str(e, "name"));
    if (json_is_string(json_object_get(e, "disabled_at")))
        printf("disabled since %s (%s)", when(json_object_get(e, "disabled_at")),
               str(e, "disabled_reason"));
    else if (!json_is_true(json_object_get(e, "configured")))
        printf("not configured");
    else
        printf("%s", json_is_true(json_object_get(e, "enabled"))
                         ? "enabled"
                         : "enabled = false");
    printf(", pending %lld", num(e, "pending"));
    if (num(e, "pending") > 0)
        printf(" (oldest %s)", when(json_object_get(e, "oldest_pending_at")));
    printf(", dead %lld, delivered %lld, last success %s%s\n", num(e, "dead"),
           num(e, "delivered"), when(json_object_get(e, "last_success_at")),
           json_is_true(json_object_get(e, "in_flight")) ? ", sending now" : "");
    if (json_is_string(json_object_get(e, "last_error")))
        printf("%s  last error: %s\n", indent, str(e, "last_error"));
}

static void print_fields(const json_t *reply)
{
    const char *key;
    const json_t *v;

    json_object_foreach((json_t *)reply, key, v)
    {
        char *text;

        if (strcmp(key, "ok") == 0)
            continue;
        if (strcmp(key, "webhooks") == 0 && json_is_array(v)) {
            const json_t *e;
            size_t i;

            printf("webhooks:%s\n", json_array_size(v) == 0 ? " none configured" : "");
            json_array_foreach(v, i, e)
            {
                print_endpoint(e, "  ");
            }
            continue;
        }
        text = json_is_string(v) ? NULL
                                 : json_dumps(v, JSON_ENCODE_ANY | JSON_COMPACT);
        printf("%s: %s\n", key, text != NULL ? text : json_string_value(v));
        free(text);
    }
}

static void print_webhook(const struct client *c, const json_t *reply)
{
    const json_t *list = json_object_get(reply, "webhooks"), *e;
    const char *action = c->args[0];
    size_t i;

    if (strcasecmp(action, "status") == 0 && json_array_size(list) == 0)
        printf("no webhook endpoints configured\n");
    json_array_foreach(list, i, e) print_endpoint(e, "");
    if (strcasecmp(action, "retry") == 0)
        printf("requeued %lld event(s)\n", num(reply, "requeued"));
    else if (strcasecmp(action, "replay") == 0)
        printf("queued %s again for %lld endpoint(s)\n", str(reply, "date"),
               num(reply, "queued"));
    else if (strcasecmp(action, "test") == 0)
        printf("queued a webhook.test event for %lld endpoint(s)\n",
               num(reply, "queued"));
}

static void print_reply(const struct client *c, const json_t *reply)
{
    if (strcmp(c->cmd, "webhook") == 0)
        print_webhook(c, reply);
    else if (strcmp(c->cmd, "backup") == 0)
        printf("wrote %s (%lld bytes in %.1f ms)\n", str(reply, "path"),
               num(reply, "bytes"),
               json_number_value(json_object_get(reply, "ms")));
    else if (strcmp(c->cmd, "ping") == 0)
        printf("pong\n");
    else if (strcmp(c->cmd, "stats") == 0)
        print_fields(reply);
    else if (strcmp(c->cmd, "steps") == 0 &&
             strcmp(str(reply, "status"), "steps") == 0)
        ctl_print_steps(reply);
    else if (strcmp(c->cmd, "check") == 0 || strcmp(c->cmd, "hint") == 0 ||
             strcmp(c->cmd, "steps") == 0)
        /* hint's and steps' messages name the wrong cells themselves. */
        ctl_print_verdict(reply, strcmp(c->cmd, "check") == 0);
    else
        print_puzzles(c, reply);
}

/* ---- commands ----------------------------------------------------------- */

/* The request line: the command, its words, "solution". */
static int format_request(const struct client *c, char *line, size_t cap)
{
    size_t len = (size_t)snprintf(line, cap, "%s", c->cmd);

    for (int i = 0; i < c->nargs && len < cap; i++)
        len += (size_t)snprintf(line + len, cap - len, " %s", c->args[i]);
    if (c->solution && len < cap)
        len += (size_t)snprintf(line + len, cap - len, " solution");
    if (len >= cap)
        return ctl_usage_error(c->cmd,
                               "the request is longer than the daemon accepts "
                               "(%zu bytes)",
                               cap - 1);
    return CTL_EXIT_OK;
}

/* Sends the parsed request and prints the reply. */
static int exchange(struct client *c)
{
    char line[LINE_MAX_BYTES + 1];
    json_t *reply = NULL;
    const json_t *error;
    int rc;

    if ((rc = format_request(c, line, sizeof line)) != CTL_EXIT_OK ||
        (rc = ask(c, line, &reply)) != CTL_EXIT_OK)
        return rc;
    error = json_object_get(reply, "error");
    if (c->json)
        ctl_print_json(json_incref(reply));
    else if (error == NULL)
        print_reply(c, reply);
    if (error != NULL && strcmp(str(error, "code"), "wrong_marks") == 0) {
        /* hint's and steps' answer to wrong marks, printed as the local
         * commands print it. */
        if (!c->json)
            printf("%s\n", str(error, "message"));
        rc = ctl_finish_output();
        rc = rc != CTL_EXIT_OK ? rc : CTL_EXIT_WRONG_MARKS;
    } else if (error != NULL) {
        fprintf(stderr, "sudokuctl %s: %s: %s\n", c->cmd, str(error, "code"),
                str(error, "message"));
        rc = CTL_EXIT_ERROR;
    }
    json_decref(reply);
    return rc != CTL_EXIT_OK ? rc : ctl_finish_output();
}

static int run(struct client *c, int argc, char **argv, int min, int max)
{
    int rc = parse_args(c, argc, argv, min, max);

    return rc != CTL_EXIT_OK ? rc : exchange(c);
}

int ctl_cmd_today(int argc, char **argv)
{
    struct client c = {.cmd = "today"};
    return run(&c, argc, argv, 0, 1);
}

int ctl_cmd_get(int argc, char **argv)
{
    struct client c = {.cmd = "get"};
    return run(&c, argc, argv, 1, 2);
}

int ctl_cmd_list(int argc, char **argv)
{
    struct client c = {.cmd = "list"};
    return run(&c, argc, argv, 2, 2);
}

int ctl_cmd_check_remote(int argc, char **argv)
{
    struct client c = {.cmd = "check"};
    return run(&c, argc, argv, 1, 2);
}

/* STATE may be a file or a pencil-mark grid: the daemon gets one line. */
static int state_exchange(struct client *c, int argc, char **argv, int max)
{
    struct ctl_state s;
    char line[LINE_MAX_BYTES + 1];
    int rc = parse_args(c, argc, argv, 1, max);

    if (rc != CTL_EXIT_OK ||
        (rc = ctl_state_load(c->cmd, c->args[0], &s)) != CTL_EXIT_OK)
        return rc;
    rc = ctl_state_line(c->cmd, &s, line, sizeof line);
    ctl_state_free(&s);
    if (rc != CTL_EXIT_OK)
        return rc;
    c->args[0] = line;
    return exchange(c);
}

int ctl_cmd_hint_remote(int argc, char **argv)
{
    struct client c = {.cmd = "hint"};
    return state_exchange(&c, argc, argv, 2);
}

/* steps --list-techniques with its arguments but --socket PATH. */
static int list_locally(int argc, char **argv)
{
    char *args[8];
    int n = 0;

    for (int i = 0; i < argc; i++) {
        if (strcmp(argv[i], "--socket") == 0 && i + 1 < argc)
            i++;
        else if (n == (int)(sizeof args / sizeof args[0]))
            return ctl_usage_error("steps", "unexpected argument '%s'", argv[i]);
        else
            args[n++] = argv[i];
    }
    return ctl_cmd_steps(n, args);
}

/* The KEY is checked here too, so a slip is the local command's usage
 * error.  --list-techniques lists sudokuctl's own table, the keys it
 * checks: no request is sent, --socket PATH is left out. */
int ctl_cmd_steps_remote(int argc, char **argv)
{
    struct client c = {.cmd = "steps"};
    int tech;

    for (int i = 0; i < argc; i++) {
        if (strcmp(argv[i], "--list-techniques") == 0)
            return list_locally(argc, argv);
    }
    for (int i = 0; i + 1 < argc; i++) {
        if (strcmp(argv[i], "--technique") == 0) {
            int rc = ctl_steps_technique(argv[i + 1], &tech);

            if (rc != CTL_EXIT_OK)
                return rc;
        }
    }
    return state_exchange(&c, argc, argv, 1);
}

int ctl_cmd_stats(int argc, char **argv)
{
    struct client c = {.cmd = "stats"};
    return run(&c, argc, argv, 0, 0);
}

int ctl_cmd_ping(int argc, char **argv)
{
    struct client c = {.cmd = "ping"};
    return run(&c, argc, argv, 0, 0);
}

/* webhook status | retry ID|all | replay DATE | test [NAME]: the words
 * each action takes are checked here so a slip is a usage error. */
int ctl_cmd_webhook(int argc, char **argv)
{
    static const struct {
        const char *action;
        int min, max;
        const char *usage;
    } actions[] = {
        {"status", 0, 0, "webhook status"},
        {"retry", 1, 1, "webhook retry ID|all"},
        {"replay", 1, 1, "webhook replay DATE"},
        {"test", 0, 1, "webhook test [NAME]"},
    };
    struct client c = {.cmd = "webhook"};
    int rc = parse_args(&c, argc, argv, 0, 2);

    if (rc != CTL_EXIT_OK)
        return rc;
    if (c.nargs == 0)
        return ctl_usage_error("webhook",
                               "expected an action: status, retry ID|all, "
                               "replay DATE or test [NAME]");
    for (size_t i = 0; i < sizeof actions / sizeof actions[0]; i++) {
        if (strcasecmp(c.args[0], actions[i].action) != 0)
            continue;
        if (c.nargs - 1 < actions[i].min || c.nargs - 1 > actions[i].max)
            return ctl_usage_error("webhook", "expected '%s'", actions[i].usage);
        return exchange(&c);
    }
    return ctl_usage_error("webhook",
                           "unknown action '%s' (status, retry, replay or test)",
                           c.args[0]);
}

/* FILE is made absolute here: the daemon's working directory is its own. */
int ctl_cmd_backup(int argc, char **argv)
{
    struct client c = {.cmd = "backup"};
    char path[LINE_MAX_BYTES], cwd[LINE_MAX_BYTES];
    int rc = parse_args(&c, argc, argv, 1, 1);

    if (rc != CTL_EXIT_OK)
        return rc;
    if (c.args[0][strcspn(c.args[0], " \t\r\n")] != '\0')
        return ctl_usage_error("backup",
                               "FILE may not contain spaces (requests are words)");
    if (c.args[0][0] != '/') {
        if (getcwd(cwd, sizeof cwd) == NULL) {
            fprintf(stderr,
                    "sudokuctl backup: cannot read the current directory: %s\n",
                    strerror(errno));
            return CTL_EXIT_ERROR;
        }
        if ((size_t)snprintf(path, sizeof path, "%s/%s",
                             strcmp(cwd, "/") == 0 ? "" : cwd,
                             c.args[0]) >= sizeof path)
            return ctl_usage_error("backup", "FILE is too long");
        c.args[0] = path;
    }
    return exchange(&c);
}

int ctl_request(const char *cmd, const char *socket, const char *line, json_t **reply)
{
    struct client c = {.cmd = cmd, .socket = socket ? socket : ctl_socket_path()};
    const json_t *error;
    int rc = ask(&c, line, reply);

    if (rc != CTL_EXIT_OK)
        return rc;
    error = json_object_get(*reply, "error");
    if (error != NULL) {
        fprintf(stderr, "sudokuctl %s: %s: %s\n", cmd, str(error, "code"),
                str(error, "message"));
        json_decref(*reply);
        *reply = NULL;
        return CTL_EXIT_ERROR;
    }
    return CTL_EXIT_OK;
}
