/*
 * produce: owns the generation jobs of the daemon — seeds derived on the
 * loop thread, puzzles made in the thread pool, the day stored on the loop
 * thread — and the retry when a puzzle's givens were already used on
 * another day (store_put_day says STORE_DUPLICATE: the next retry number
 * gives new seeds).
 */
#include "produce.h"

#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "generator.h"
#include "human.h"
#include "human_json.h"
#include "log.h"
#include "seed.h"

#define RETRY_MAX 8

struct job {
    uv_work_t req;
    struct produce *owner;
    char date[SCHEDULE_DATE_LEN + 1];
    int retry;
    size_t n;
    struct gen_options opts[GRADE_TIERS];
    uint64_t seed[GRADE_TIERS];
    struct store_puzzle out[GRADE_TIERS];
    int failed; /* set by the worker */
    char err[256];
    double ms;
};

struct produce {
    uv_loop_t *loop;
    struct store *store;
    produce_done_cb cb;
    void *arg;
    struct job *running;
    int stopping;
    atomic_int cancel; /* read by the worker between attempts */
    char *secret;      /* loop thread only; the workers get seeds */
    size_t secret_len;
};

/* technique_counts as a JSON object keyed by technique key. */
static void counts_json(const struct grade *g, char *out, size_t len)
{
    json_t *obj = human_json_counts(g);
    char *s = json_dumps(obj, JSON_COMPACT | JSON_SORT_KEYS);
    snprintf(out, len, "%s", s && strlen(s) < len ? s : "{}");
    free(s);
    json_decref(obj);
}

static void fill_puzzle(struct job *j, size_t i, const struct gen_result *r)
{
    struct store_puzzle *p = &j->out[i];
    const struct human_tech_info *h = r->grade.hardest >= 0
                                          ? human_tech_info(r->grade.hardest)
                                          : NULL;
    memset(p, 0, sizeof *p);
    snprintf(p->date, sizeof p->date, "%s", j->date);
    snprintf(p->tier, sizeof p->tier, "%s", grade_tier_name(r->grade.tier));
    grid_format_line(&r->puzzle, p->puzzle);
    grid_format_line(&r->solution, p->solution);
    p->score = r->grade.score / 10.0;
    snprintf(p->hardest_technique, sizeof p->hardest_technique, "%s",
             h ? h->name : "none");
    counts_json(&r->grade, p->technique_counts, sizeof p->technique_counts);
    p->clues = r->clues;
    snprintf(p->symmetry, sizeof p->symmetry, "%s",
             gen_symmetry_name(j->opts[i].symmetry));
    snprintf(p->seed, sizeof p->seed, "%llu", (unsigned long long)j->seed[i]);
    snprintf(p->generator_version, sizeof p->generator_version, "%d",
             GENERATOR_VERSION);
}

/* Thread pool: pure computation on the job's own memory. */
static void work(uv_work_t *req)
{
    struct job *j = req->data;
    uint64_t t0 = uv_hrtime();
    for (size_t i = 0; i < j->n; i++) {
        struct gen_result r;
        if (gen_generate(&j->opts[i], j->seed[i], &r, j->err, sizeof j->err) !=
            GEN_OK) {
            j->failed = 1;
            return;
        }
        fill_puzzle(j, i, &r);
    }
    j->ms = (double)(uv_hrtime() - t0) / 1e6;
}

static void queue(struct produce *p, struct job *j);

/* Loop thread: the seeds of every tier of the job, for its retry number. */
static int derive_seeds(const struct produce *p, struct job *j)
{
    for (size_t i = 0; i < j->n; i++) {
        const char *tier = grade_tier_name(j->opts[i].tier);
        if (seed_derive(p->secret, p->secret_len, GENERATOR_VERSION, j->date, tier,
                        j->retry, &j->seed[i]) != 0) {
            log_err("produce: cannot derive the seed of %s %s (libcrypto HMAC "
                    "failed)",
                    j->date, tier);
            return -1;
        }
    }
    return 0;
}

/* Loop thread: stores the day, or says why not. */
static void after_work(uv_work_t *req, int status)
{
    struct job *j = req->data;
    struct produce *p = j->owner;
    char err[STORE_ERR_MAX];
    p->running = NULL;
    if (status == UV_ECANCELED || p->stopping) {
        free(j);
        return;
    }
    /* store_put_day leaves created_at to the caller (stats' last_generation). */
    for (size_t i = 0; i < j->n; i++)
        j->out[i].created_at = (int64_t)time(NULL);
    int rc = j->failed ? STORE_INVALID
                       : store_put_day(p->store, j->out, j->n, err, sizeof err);
    if ((rc == STORE_DUPLICATE || j->failed) && j->retry < RETRY_MAX) {
        log_warning("produce: %s: %s; making it again with new seeds", j->date,
                    j->failed ? j->err : "a puzzle repeats another day's");
        j->retry++;
        if (derive_seeds(p, j) == 0) {
            queue(p, j);
            return;
        }
    }
    int stored = !j->failed && rc == STORE_OK;
    if (j->failed) {
        log_err("produce: %s: %s", j->date, j->err);
    } else if (rc != STORE_OK) {
        log_err("produce: cannot store %s: %s", j->date, err);
    } else {
        for (size_t i = 0; i < j->n; i++)
            log_info(
                "produce: %s %s: score %.1f, %s, %d clues (%.0f ms for the day)",
                j->date, j->out[i].tier, j->out[i].score,
                j->out[i].hardest_technique, j->out[i].clues, j->ms);
    }
    free(j);
    p->cb(p->arg, stored);
}

static void queue(struct produce *p, struct job *j)
{
    j->req.data = j;
    j->failed = 0;
    p->running = j;
    int rc = uv_queue_work(p->loop, &j->req, work, after_work);
    if (rc != 0) {
        log_err("produce: cannot queue generation of %s: %s", j->date,
                uv_strerror(rc));
        p->running = NULL;
        free(j);
    }
}

int produce_init(struct produce **out, uv_loop_t *loop, struct store *store,
                 produce_done_cb cb, void *arg)
{
    struct produce *p = calloc(1, sizeof *p);
    if (!p)
        return -1;
    p->loop = loop;
    p->store = store;
    p->cb = cb;
    p->arg = arg;
    *out = p;
    return 0;
}

static int keep_secret(struct produce *p, const char *secret)
{
    size_t len = strlen(secret);
    if (p->secret && p->secret_len == len && memcmp(p->secret, secret, len) == 0)
        return 0;
    char *copy = malloc(len + 1);
    if (!copy)
        return -1;
    memcpy(copy, secret, len + 1);
    if (p->secret) {
        explicit_bzero(p->secret, p->secret_len);
        free(p->secret);
    }
    p->secret = copy;
    p->secret_len = len;
    return 0;
}

/* The job of the first date among slots: its missing tiers, with the
 * generator options the config asks for. */
static struct job *job_for(const struct config *cfg,
                           const struct schedule_slot *slots, size_t n)
{
    struct job *j = calloc(1, sizeof *j);
    if (!j)
        return NULL;
    schedule_date_format(slots[0].date, j->date);
    for (size_t i = 0; i < n && j->n < GRADE_TIERS; i++) {
        if (schedule_date_cmp(slots[i].date, slots[0].date) != 0)
            continue;
        struct gen_options *o = &j->opts[j->n++];
        gen_options_default(o);
        o->tier = slots[i].tier;
        o->symmetry = cfg->symmetry;
        /* Generous: a failed budget only costs a retry with new seeds. */
        o->max_attempts = 5000;
    }
    return j;
}

int produce_start(struct produce *p, const struct config *cfg,
                  const struct schedule_slot *slots, size_t n)
{
    if (p->running || p->stopping || n == 0)
        return 0;
    if (!cfg->generator_secret || keep_secret(p, cfg->generator_secret) != 0) {
        log_err("produce: no generator secret in memory; cannot make puzzles");
        return -1;
    }
    struct job *j = job_for(cfg, slots, n);
    if (!j) {
        log_err("produce: out of memory");
        return -1;
    }
    j->owner = p;
    for (size_t i = 0; i < j->n; i++)
        j->opts[i].cancel = &p->cancel;
    if (derive_seeds(p, j) != 0) {
        free(j);
        return -1;
    }
    queue(p, j);
    return p->running ? 1 : -1;
}

int produce_running(const struct produce *p)
{
    return p->running != NULL;
}

void produce_stop(struct produce *p)
{
    p->stopping = 1;
    atomic_store(&p->cancel, 1);
    /* A job still queued is dropped now; one already running finishes its
     * computation (milliseconds) and after_work frees it unstored. */
    if (p->running)
        uv_cancel((uv_req_t *)&p->running->req);
}

void produce_free(struct produce *p)
{
    if (!p)
        return;
    if (p->secret) {
        explicit_bzero(p->secret, p->secret_len);
        free(p->secret);
    }
    free(p);
}
