/* Threads and libgridlayout's C ABI: distinct gl_grid handles used from several threads at once
 * give exactly what the same calls give run one by one, and gl_last_error() is per thread (an
 * error on one thread never shows on another). One handle is not thread-safe: each thread here
 * has its own. Ends with "N passed, N failed". */
#define _POSIX_C_SOURCE 200809L
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "gridlayout.h"

#define THREADS 6
#define ROUNDS 10

static int passed, failed;   /* touched by the main thread only */

#define EXPECT(cond) do { if (cond) passed++; else { failed++; \
    fprintf(stderr, "%s:%d: FAILED: %s\n", __FILE__, __LINE__, #cond); } } while (0)

/* ---- a trace: every status and every number the calls gave, in order ------------------------ */

typedef struct trace { double *v; size_t n, cap; int oom; } trace;

static void put(trace *t, double x) {
    if (t->n == t->cap) {
        size_t cap = t->cap ? t->cap * 2 : 1024;
        double *v = realloc(t->v, cap * sizeof *v);
        if (!v) { t->oom = 1; return; }
        t->v = v;
        t->cap = cap;
    }
    t->v[t->n++] = x;
}

static uint64_t splitmix(uint64_t *state) {
    uint64_t z = (*state += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}
static int64_t rnd(uint64_t *state, int64_t lo, int64_t hi) {
    return lo + (int64_t)(splitmix(state) % (uint64_t)(hi - lo + 1));
}

/* The status, the visible elements, the offset and the content size after one call. */
static void snapshot(trace *t, gl_grid *g, gl_status status) {
    put(t, status);
    if (status != GL_OK) return;
    size_t count = 0;
    put(t, gl_grid_visible(g, NULL, 0, &count));
    gl_element *buf = count ? malloc(count * sizeof *buf) : NULL;
    size_t got = 0;
    put(t, gl_grid_visible(g, buf, count, &got));
    put(t, (double)got);
    for (size_t i = 0; i < got && i < count; i++) {
        put(t, buf[i].kind); put(t, buf[i].pinned); put(t, (double)buf[i].section); put(t, (double)buf[i].item);
        put(t, buf[i].x); put(t, buf[i].y); put(t, buf[i].w); put(t, buf[i].h);
    }
    free(buf);
    gl_point o = { 0, 0 };
    gl_size size = { 0, 0 };
    put(t, gl_grid_offset(g, &o)); put(t, o.x); put(t, o.y);
    put(t, gl_grid_content_size(g, &size)); put(t, size.w); put(t, size.h);
}

/* A run decided by `seed` alone: a grid of random layout and sizes, reloads, scrolls, visible,
 * appends with reload_new, scroll_to_item. */
static void workload(uint64_t seed, trace *t) {
    uint64_t rng = seed;
    gl_config c;
    gl_config_init(&c);
    c.layout = (int)rnd(&rng, 0, 3);
    c.direction = (int)rnd(&rng, 0, 1);
    c.width = (double)rnd(&rng, 200, 400);
    c.height = (double)rnd(&rng, 200, 400);
    c.spacing = (double)rnd(&rng, 0, 10);
    c.lanes = (int)rnd(&rng, 1, 4);
    c.columns = (int)rnd(&rng, 1, 4);
    c.sticky_headers = (int)rnd(&rng, 0, 1);
    gl_grid *g = NULL;
    gl_status s = gl_grid_create(&c, &g);
    put(t, s);
    if (s != GL_OK) return;

    enum { MAX_ITEMS = 400 };
    gl_size sizes[2][MAX_ITEMS];
    gl_section sections[2];
    for (int k = 0; k < 2; k++) {
        size_t n = (size_t)rnd(&rng, 0, 40);
        for (size_t i = 0; i < MAX_ITEMS; i++) {
            sizes[k][i].w = (double)rnd(&rng, 20, 150);
            sizes[k][i].h = (double)rnd(&rng, 20, 150);
        }
        sections[k].sizes = sizes[k];
        sections[k].count = n;
        sections[k].has_header = (int)rnd(&rng, 0, 1);
        sections[k].header.w = 30;
        sections[k].header.h = 30;
        sections[k].lanes = 0;
    }
    int flags = (int)rnd(&rng, 0, 1) ? GL_SHOW_LOADER : 0;
    put(t, gl_grid_set_sections(g, sections, 2, flags));
    snapshot(t, g, gl_grid_reload(g));

    for (int round = 0; round < ROUNDS; round++) {
        for (int k = 0; k < 4; k++) {
            snapshot(t, g, gl_grid_scroll_to(g, (double)rnd(&rng, 0, 2000), (double)rnd(&rng, 0, 2000)));
            double d = (double)rnd(&rng, -100, 100);
            snapshot(t, g, gl_grid_scroll_by(g, d / 2, d));
        }
        if (sections[1].count + 8 <= MAX_ITEMS) sections[1].count += (size_t)rnd(&rng, 1, 8);
        put(t, gl_grid_set_sections(g, sections, 2, flags));
        snapshot(t, g, gl_grid_reload_new(g));
        if (round % 3 == 2) snapshot(t, g, gl_grid_reload(g));
        if (sections[1].count > 0)
            snapshot(t, g, gl_grid_scroll_to_item(g, 1, rnd(&rng, 0, (int64_t)sections[1].count - 1), GL_ALIGN_CENTER));
    }
    put(t, gl_grid_destroy(g));
}

/* ---- distinct grids on threads -------------------------------------------------------------- */

typedef struct job { uint64_t seed; trace t; } job;

static pthread_barrier_t start;

static void *run_job(void *arg) {
    job *j = (job *)arg;
    pthread_barrier_wait(&start);   /* all threads start together */
    workload(j->seed, &j->t);
    return NULL;
}

static int same(const trace *a, const trace *b) {
    return !a->oom && !b->oom && a->n == b->n && memcmp(a->v, b->v, a->n * sizeof *a->v) == 0;
}

static void test_distinct_grids(void) {
    job serial[THREADS], concurrent[THREADS];
    memset(serial, 0, sizeof serial);
    memset(concurrent, 0, sizeof concurrent);
    for (int i = 0; i < THREADS; i++) {
        serial[i].seed = concurrent[i].seed = 1000 + 7 * (uint64_t)i;
        workload(serial[i].seed, &serial[i].t);
        EXPECT(serial[i].t.n > 1000);   /* mostly successful calls with elements */
    }
    pthread_t threads[THREADS];
    EXPECT(pthread_barrier_init(&start, NULL, THREADS) == 0);
    for (int i = 0; i < THREADS; i++) EXPECT(pthread_create(&threads[i], NULL, run_job, &concurrent[i]) == 0);
    for (int i = 0; i < THREADS; i++) EXPECT(pthread_join(threads[i], NULL) == 0);
    pthread_barrier_destroy(&start);
    for (int i = 0; i < THREADS; i++) {
        EXPECT(same(&serial[i].t, &concurrent[i].t));
        free(serial[i].t.v);
        free(concurrent[i].t.v);
    }
}

/* ---- gl_last_error per thread --------------------------------------------------------------- */

typedef struct err_job {
    int index;
    int fails;                  /* even threads fail a call, odd ones only succeed */
    char name[32];
    int own_error_kept, clean_seen, cleared;
} err_job;

static pthread_barrier_t errors_set, errors_checked;

static void *run_err_job(void *arg) {
    err_job *j = (err_job *)arg;
    gl_grid *g = NULL;
    int created = gl_grid_create(NULL, &g) == GL_OK;
    snprintf(j->name, sizeof j->name, "no_such_option_%d", j->index);
    if (j->fails) {
        gl_grid_set_option_number(g, j->name, 1);
    } else {
        gl_grid_set_option_number(g, "lanes", 2);
    }
    pthread_barrier_wait(&errors_set);       /* every thread has made its call */
    if (j->fails) {
        j->own_error_kept = strstr(gl_last_error(), j->name) != NULL;
        /* nobody else's name shows here */
        for (int k = 0; k < THREADS; k++) {
            char other[32];
            snprintf(other, sizeof other, "no_such_option_%d", k);
            if (k != j->index && strstr(gl_last_error(), other)) j->own_error_kept = 0;
        }
    } else {
        j->clean_seen = strcmp(gl_last_error(), "") == 0;
    }
    pthread_barrier_wait(&errors_checked);
    double lanes = 0;
    j->cleared = created && gl_grid_get_option_number(g, "lanes", &lanes) == GL_OK && gl_last_error()[0] == 0;
    if (created) gl_grid_destroy(g);
    return NULL;
}

static void test_last_error_per_thread(void) {
    err_job jobs[THREADS];
    memset(jobs, 0, sizeof jobs);
    pthread_t threads[THREADS];
    EXPECT(pthread_barrier_init(&errors_set, NULL, THREADS) == 0);
    EXPECT(pthread_barrier_init(&errors_checked, NULL, THREADS) == 0);
    for (int i = 0; i < THREADS; i++) {
        jobs[i].index = i;
        jobs[i].fails = i % 2 == 0;
        EXPECT(pthread_create(&threads[i], NULL, run_err_job, &jobs[i]) == 0);
    }
    for (int i = 0; i < THREADS; i++) EXPECT(pthread_join(threads[i], NULL) == 0);
    pthread_barrier_destroy(&errors_set);
    pthread_barrier_destroy(&errors_checked);
    for (int i = 0; i < THREADS; i++) {
        if (jobs[i].fails) EXPECT(jobs[i].own_error_kept);
        else EXPECT(jobs[i].clean_seen);
        EXPECT(jobs[i].cleared);
    }
    EXPECT(gl_last_error()[0] == 0);          /* the main thread saw none of it */
}

int main(void) {
    test_distinct_grids();
    test_last_error_per_thread();
    printf("%d passed, %d failed\n", passed, failed);
    return failed ? 1 : 0;
}
