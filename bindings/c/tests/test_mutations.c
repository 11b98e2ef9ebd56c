/* Tests of libgridlayout's mutations, animation clock and drag reordering through the C ABI:
 * exact interpolated frames, the order of data source callbacks and events, queued mutations, a
 * drag from pick-up to drop, views that follow their items, and every bad input with its exact
 * gl_last_error. Ends with "N passed, N failed".
 *
 * The grid (as Tests/GridLayoutTests/MutationTests.swift): two lanes 100 wide with 10 between
 * (viewport 210 x 200), items 100 x 50 spaced 10 along y, so item i sits in lane i % 2 at
 * y = 60 (i / 2). animation_duration 0.25 and steps of 0.125 or 0.0625 keep every number exact. */
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "gridlayout.h"
#include "expect.h"

#define MAX_ITEMS 64

/* ---- a list data source that performs the mutations and logs every call and event ----------- */

typedef struct list {
    int64_t sections;
    int64_t counts[3];
    int ids[3][MAX_ITEMS];       /* which data item is where: the data itself */
    int next_id;
    int adds_inserted;           /* insert_item adds the item (0: the caller added it before) */
    int drops_removed;           /* remove_item drops the item (0: a data source that forgets) */
    int64_t fixed_item;          /* can_move says no for (0, fixed_item); -1: none */
    int across;                  /* can_move_to_section says yes */
    gl_status fail;              /* what insert_item, remove_item and move_item return */
    int moves;                   /* move_item calls */
    char log[2048];              /* callbacks and events in order, "|"-separated */
    int views[256];              /* a view is a slot holding the id of the data item it shows */
    int next_view;
    int mismatched_views;        /* LOADED items whose data index path was out of range */
    gl_grid *grid;
    int reenter;                 /* item_count tries gl_grid_insert and gl_grid_step */
    gl_status reentrant[2];
} list;

static void say(list *l, const char *format, ...) {
    size_t n = strlen(l->log);
    if (n && n + 1 < sizeof l->log) { l->log[n++] = '|'; l->log[n] = 0; }
    va_list args;
    va_start(args, format);
    vsnprintf(l->log + n, sizeof l->log - n, format, args);
    va_end(args);
}

static void clear_log(list *l) { l->log[0] = 0; }

static gl_status l_sections(void *ctx, int64_t *n) { *n = ((list *)ctx)->sections; return GL_OK; }
static gl_status l_count(void *ctx, int64_t s, int64_t *n) {
    list *l = (list *)ctx;
    if (l->reenter) {
        l->reentrant[0] = gl_grid_insert(l->grid, 0, 0, 1, 0);
        l->reentrant[1] = gl_grid_step(l->grid, 0.1);
    }
    *n = l->counts[s];
    return GL_OK;
}
static gl_status l_size(void *ctx, int64_t s, int64_t i, gl_size *size) {
    (void)ctx; (void)s; (void)i;
    size->w = 100;
    size->h = 50;
    return GL_OK;
}

static void list_insert(list *l, int64_t s, int64_t i, int id) {
    memmove(&l->ids[s][i + 1], &l->ids[s][i], (size_t)(l->counts[s] - i) * sizeof(int));
    l->ids[s][i] = id;
    l->counts[s]++;
}

static int list_remove(list *l, int64_t s, int64_t i) {
    int id = l->ids[s][i];
    memmove(&l->ids[s][i], &l->ids[s][i + 1], (size_t)(l->counts[s] - i - 1) * sizeof(int));
    l->counts[s]--;
    return id;
}

static gl_status l_insert(void *ctx, int64_t s, int64_t i) {
    list *l = (list *)ctx;
    say(l, "insert_item %lld.%lld", (long long)s, (long long)i);
    if (l->fail != GL_OK) return l->fail;
    if (l->adds_inserted) list_insert(l, s, i, l->next_id++);
    return GL_OK;
}
static gl_status l_remove(void *ctx, int64_t s, int64_t i) {
    list *l = (list *)ctx;
    say(l, "remove_item %lld.%lld", (long long)s, (long long)i);
    if (l->fail != GL_OK) return l->fail;
    if (l->drops_removed) list_remove(l, s, i);
    return GL_OK;
}
static gl_status l_move(void *ctx, int64_t fs, int64_t fi, int64_t ts, int64_t ti) {
    list *l = (list *)ctx;
    l->moves++;
    say(l, "move_item %lld.%lld %lld.%lld", (long long)fs, (long long)fi, (long long)ts, (long long)ti);
    if (l->fail != GL_OK) return l->fail;
    list_insert(l, ts, ti, list_remove(l, fs, fi));
    return GL_OK;
}
static gl_status l_can_move(void *ctx, int64_t s, int64_t i, int *can) {
    list *l = (list *)ctx;
    *can = !(s == 0 && i == l->fixed_item);
    return GL_OK;
}
static gl_status l_can_move_to_section(void *ctx, int64_t from, int64_t to, int *can) {
    (void)from; (void)to;
    *can = ((list *)ctx)->across;
    return GL_OK;
}

static const char *event_name(int kind) {
    static const char *names[] = { "LOADED", "UNLOADED", "LOADER_SHOWN", "LOADER_HIDDEN", "PAGE_CHANGED",
                                   "RENUMBERED", "INSERTED", "REMOVED", "MOVED", "DRAG_STARTED", "DRAG_ENDED" };
    return kind >= 0 && kind <= GL_EVENT_DRAG_ENDED ? names[kind] : "?";
}

/* Logs the event; gives a newly loaded item a view (a dequeued one first) showing its data item. */
static void on_event(void *ctx, gl_grid *grid, const gl_event *e) {
    list *l = (list *)ctx;
    const gl_change *c = &e->change;
    switch (e->kind) {
    case GL_EVENT_LOADED:
    case GL_EVENT_UNLOADED:
        say(l, "%s %lld.%lld", event_name(e->kind), (long long)e->element.section, (long long)e->element.item);
        break;
    case GL_EVENT_RENUMBERED: {
        static const char *kinds[] = { "insert", "remove", "move", "apply" };
        if (c->kind == GL_CHANGE_MOVE)
            say(l, "RENUMBERED move %lld.%lld %lld.%lld", (long long)c->section, (long long)c->item,
                (long long)c->to_section, (long long)c->to_item);
        else
            say(l, "RENUMBERED %s %lld.%lld", kinds[c->kind], (long long)c->section, (long long)c->item);
        break;
    }
    default:
        say(l, "%s %lld.%lld %lld.%lld", event_name(e->kind), (long long)c->section, (long long)c->item,
            (long long)c->to_section, (long long)c->to_item);
    }
    if (e->kind == GL_EVENT_LOADED && e->element.kind == GL_KIND_ITEM) {
        int64_t s = -1, i = -1;
        if (gl_grid_data_index_path(grid, e->element.section, e->element.item, &s, &i) != GL_OK) {
            l->mismatched_views++;
            return;
        }
        void *view = NULL;
        OK(gl_grid_dequeue(grid, &view));
        if (!view && l->next_view < 256) view = &l->views[l->next_view++];
        *(int *)view = l->ids[s][i];
        OK(gl_grid_attach_view(grid, e->element.section, e->element.item, view));
    }
}

/* A grid of the shape above (sort 0/1: drags), without data. */
static gl_grid *lane_grid(int sort) {
    gl_config c;
    gl_config_init(&c);
    c.width = 210;
    c.height = 200;
    c.lanes = 2;
    c.spacing = 10;
    c.animation_duration = 0.25;
    c.sort = sort;
    gl_grid *g = NULL;
    OK(gl_grid_create(&c, &g));
    return g;
}

/* A grid over a list of `count` items (ids 0, 1, ...) in section 0 (and `second` in section 1). */
static gl_grid *list_grid(list *l, int count, int second, int sort) {
    memset(l, 0, sizeof *l);
    l->sections = second ? 2 : 1;
    l->counts[0] = count;
    l->counts[1] = second;
    for (int i = 0; i < count; i++) l->ids[0][i] = l->next_id++;
    for (int i = 0; i < second; i++) l->ids[1][i] = l->next_id++;
    l->adds_inserted = 1;
    l->drops_removed = 1;
    l->fixed_item = -1;
    gl_grid *g = lane_grid(sort);
    gl_data_source ds;
    gl_data_source_init(&ds);
    ds.context = l;
    ds.section_count = l_sections;
    ds.item_count = l_count;
    ds.item_size = l_size;
    ds.insert_item = l_insert;
    ds.remove_item = l_remove;
    ds.move_item = l_move;
    ds.can_move = l_can_move;
    ds.can_move_to_section = l_can_move_to_section;
    OK(gl_grid_set_data_source(g, &ds));
    OK(gl_grid_set_event_handler(g, on_event, l));
    OK(gl_grid_reload(g));
    l->grid = g;
    clear_log(l);
    return g;
}

/* The drawn items of section 0 as "item x,y[ aALPHA][ sSCALE][ dragged]", "|"-separated. */
static const char *drawn(gl_grid *g) {
    static char text[2048];
    gl_element buf[64];
    size_t count = 0;
    text[0] = 0;
    OK(gl_grid_visible(g, buf, 64, &count));
    size_t n = 0;
    for (size_t k = 0; k < count && k < 64 && n < sizeof text - 64; k++) {
        const gl_element *e = &buf[k];
        if (e->kind != GL_KIND_ITEM) continue;
        n += (size_t)snprintf(text + n, sizeof text - n, "%s%lld %g,%g", n ? "|" : "", (long long)e->item, e->x, e->y);
        if (e->alpha != 1) n += (size_t)snprintf(text + n, sizeof text - n, " a%g", e->alpha);
        if (e->scale != 1) n += (size_t)snprintf(text + n, sizeof text - n, " s%g", e->scale);
        if (e->dragged) n += (size_t)snprintf(text + n, sizeof text - n, " dragged");
    }
    return text;
}

/* The data ids of section 0, "|"-separated. */
static const char *data(const list *l) {
    static char text[512];
    size_t n = 0;
    text[0] = 0;
    for (int64_t i = 0; i < l->counts[0] && n < sizeof text - 16; i++)
        n += (size_t)snprintf(text + n, sizeof text - n, "%s%d", i ? "|" : "", l->ids[0][i]);
    return text;
}

/* Every loaded item's view shows the data item at its index path. */
static int views_follow(gl_grid *g, const list *l) {
    gl_element buf[64];
    size_t count = 0;
    if (gl_grid_visible(g, buf, 64, &count) != GL_OK || l->mismatched_views) return 0;
    for (size_t k = 0; k < count && k < 64; k++) {
        if (buf[k].kind != GL_KIND_ITEM) continue;
        void *view = NULL;
        if (gl_grid_view(g, buf[k].section, buf[k].item, &view) != GL_OK || view == NULL) return 0;
        if (*(int *)view != l->ids[buf[k].section][buf[k].item]) return 0;
    }
    return 1;
}

/* Nothing animates any more, the log is `events`, and every loaded item's view shows its item. */
#define EXPECT_SETTLED(g, l, events) do { EXPECT_STR((l)->log, events); EXPECT(animating(g) == 0); \
    EXPECT(views_follow(g, l)); } while (0)
/* Advances the clock, then checks what is drawn. */
#define STEP_DRAWS(g, dt, frames) do { OK(gl_grid_step(g, dt)); EXPECT_STR(drawn(g), frames); } while (0)

static int animating(gl_grid *g) {
    int a = -1;
    OK(gl_grid_is_animating(g, &a));
    return a;
}

/* ---- tests ------------------------------------------------------------------------------------ */

static void test_abi(void) {
    EXPECT(GL_VERSION_MAJOR == 1 && strcmp(gl_version_string(), "1.2.0") == 0);
    EXPECT_STATUS(gl_check_version(100), GL_EVERSION);  /* a client of 0.1's gl_element */
    EXPECT(strcmp(gl_status_name(GL_ESTATE), "GL_ESTATE") == 0 && GL_ESTATE == 10);
    EXPECT(sizeof(gl_element) == 80 && sizeof(gl_change) == 40);

    gl_config c;
    OK(gl_config_init(&c));
    EXPECT(c.animation_duration == 0.2 && c.sort == 0 && c.drag_hysteresis == 10);
    EXPECT(c.auto_scroll_margin == 40 && c.auto_scroll_speed == 600);
    gl_grid *g = NULL;
    c.sort = 1;
    c.animation_duration = 0.5;
    OK(gl_grid_create(&c, &g));
    double v = 0;
    OK(gl_grid_get_option_number(g, "sort", &v));
    EXPECT(v == 1);
    OK(gl_grid_get_option_number(g, "animationDuration", &v));
    EXPECT(v == 0.5);

    /* A client of 0.1's gl_config (no animation fields): the grid keeps its values. */
    gl_config old;
    OK(gl_config_defaults(&old, offsetof(gl_config, animation_duration)));
    EXPECT(old.struct_size == offsetof(gl_config, animation_duration));
    old.lanes = 3;
    OK(gl_grid_set_config(g, &old));
    gl_config got;
    gl_config_init(&got);
    OK(gl_grid_get_config(g, &got));
    EXPECT(got.lanes == 3 && got.sort == 1 && got.animation_duration == 0.5);

    /* The options by their Lua names. */
    OK(gl_grid_set_option_number(g, "dragHysteresis", 4));
    OK(gl_grid_set_option_number(g, "autoScrollMargin", 30));
    OK(gl_grid_set_option_number(g, "autoScrollSpeed", 100));
    OK(gl_grid_set_option_number(g, "sort", 0));
    OK(gl_grid_get_config(g, &got));
    EXPECT(got.drag_hysteresis == 4 && got.auto_scroll_margin == 30 && got.auto_scroll_speed == 100 && got.sort == 0);
    EXPECT_STATUS(gl_grid_set_option_number(g, "sort", 2), GL_EINVAL);
    EXPECT_LAST_ERROR("option 'sort': 2 is invalid (expected 0 or 1)");
    EXPECT_STATUS(gl_grid_set_option_number(g, "animationDuration", -1), GL_EINVAL);
    EXPECT_LAST_ERROR("option 'animation_duration': -1 is invalid (expected a finite number >= 0)");
    got.sort = 2;
    EXPECT_STATUS(gl_grid_set_config(g, &got), GL_EINVAL);
    EXPECT_LAST_ERROR("gl_config.sort: 2 is invalid (expected 0 or 1)");
    got.sort = 0;
    got.auto_scroll_speed = NAN;
    EXPECT_STATUS(gl_grid_set_config(g, &got), GL_EINVAL);
    EXPECT_LAST_ERROR("gl_config.auto_scroll_speed: nan is invalid (expected a finite number >= 0)");

    /* A client of 0.1's gl_data_source (no mutation callbacks) still sets one. */
    list l;
    memset(&l, 0, sizeof l);
    gl_data_source ds;
    gl_data_source_init(&ds);
    ds.struct_size = offsetof(gl_data_source, insert_item);
    ds.context = &l;
    ds.item_count = l_count;
    ds.item_size = l_size;
    ds.insert_item = l_insert;             /* beyond struct_size: never called */
    OK(gl_grid_set_data_source(g, &ds));
    OK(gl_grid_reload(g));
    l.counts[0] = 1;                       /* the data has the item already */
    OK(gl_grid_insert(g, 0, 0, 0, 0));
    EXPECT(l.log[0] == 0);
    int64_t n = 0;
    OK(gl_grid_item_count(g, 0, &n));
    EXPECT(n == 1);
    ds.struct_size = offsetof(gl_data_source, release);
    EXPECT_STATUS(gl_grid_set_data_source(g, &ds), GL_EVERSION);
    OK(gl_grid_destroy(g));
}

static void test_insert_frames(void) {
    list l;
    gl_grid *g = list_grid(&l, 4, 0, 0);
    EXPECT_STR(drawn(g), "0 0,0|1 110,0|2 0,60|3 110,60");
    EXPECT(animating(g) == 0);
    OK(gl_grid_insert(g, 0, 0, 1, 0));
    /* The data changed at once; the views follow their items; the new item is loaded. */
    EXPECT_STR(l.log, "insert_item 0.0|RENUMBERED insert 0.0|LOADED 0.0");
    EXPECT_STR(data(&l), "4|0|1|2|3");
    EXPECT(animating(g) == 1);
    EXPECT(views_follow(g, &l));
    gl_rect r;
    OK(gl_grid_frame(g, 0, 4, &r));        /* the target layout */
    EXPECT_RECT(r, 0, 120, 100, 50);
    /* Start, middle (eased 0.5), three quarters (eased 1 - 0.5^3 / 2 = 0.9375), end. */
    EXPECT_STR(drawn(g), "0 0,0 a0|1 0,0|2 110,0|3 0,60|4 110,60");
    STEP_DRAWS(g, 0.125, "0 0,0 a0.5|1 55,0|2 55,30|3 55,60|4 55,90");
    STEP_DRAWS(g, 0.0625, "0 0,0 a0.9375|1 103.125,0|2 6.875,56.25|3 103.125,60|4 6.875,116.25");
    clear_log(&l);
    STEP_DRAWS(g, 0.0625, "0 0,0|1 110,0|2 0,60|3 110,60|4 0,120");
    EXPECT_SETTLED(g, &l, "INSERTED 0.0 0.0");
    gl_stats st;
    OK(gl_grid_stats(g, &st));
    EXPECT(st.live == 5 && st.created == 5 && st.queued == 0);

    /* Not animated: everything at once, and a step of 0 is fine. */
    clear_log(&l);
    OK(gl_grid_insert(g, 0, 5, 0, 0));
    EXPECT_STR(l.log, "insert_item 0.5|RENUMBERED insert 0.5|LOADED 0.5|INSERTED 0.5 0.5");
    EXPECT(animating(g) == 0);
    STEP_DRAWS(g, 0, "0 0,0|1 110,0|2 0,60|3 110,60|4 0,120|5 110,120");

    /* An insert with scroll: the viewport moves first (the items held), then they slide. */
    clear_log(&l);
    l.counts[0] = 6;
    OK(gl_grid_insert(g, 0, 6, 1, 1));     /* at 0,180: centred, clamped to the end (230 - 200) */
    gl_point p;
    OK(gl_grid_offset(g, &p));
    EXPECT(p.y == 0);
    OK(gl_grid_step(g, 0.125));
    OK(gl_grid_offset(g, &p));
    EXPECT(p.y == 15);
    OK(gl_grid_step(g, 0.125));
    OK(gl_grid_offset(g, &p));
    EXPECT(p.y == 30);
    OK(gl_grid_step(g, 0.25));
    EXPECT(animating(g) == 0);
    EXPECT(views_follow(g, &l));
    OK(gl_grid_destroy(g));
}

static void test_remove_sequence(void) {
    list l;
    gl_grid *g = list_grid(&l, 4, 0, 0);
    OK(gl_grid_remove(g, 0, 1, 1));
    EXPECT(l.log[0] == 0);                  /* nothing yet: the item fades first */
    EXPECT_STR(drawn(g), "0 0,0|1 110,0|2 0,60|3 110,60");
    STEP_DRAWS(g, 0.125, "0 0,0|1 110,0 a0.5 s0.5|2 0,60|3 110,60");
    EXPECT(l.log[0] == 0);
    STEP_DRAWS(g, 0.0625, "0 0,0|1 110,0 a0.0625 s0.0625|2 0,60|3 110,60");
    EXPECT(l.log[0] == 0 && l.counts[0] == 4);
    /* Faded out: the data source drops it, then the rest slide. */
    OK(gl_grid_step(g, 0.0625));
    EXPECT_STR(l.log, "remove_item 0.1|UNLOADED 0.1|RENUMBERED remove 0.1");
    EXPECT_STR(data(&l), "0|2|3");
    EXPECT_STR(drawn(g), "0 0,0|1 0,60|2 110,60");
    STEP_DRAWS(g, 0.125, "0 0,0|1 55,30|2 55,60");
    clear_log(&l);
    STEP_DRAWS(g, 0.125, "0 0,0|1 110,0|2 0,60");
    EXPECT_SETTLED(g, &l, "REMOVED 0.1 0.1");

    /* Not animated: the callback, then everything at once. */
    clear_log(&l);
    OK(gl_grid_remove(g, 0, 0, 0));
    EXPECT_STR(l.log, "remove_item 0.0|UNLOADED 0.0|RENUMBERED remove 0.0|REMOVED 0.0 0.0");
    EXPECT_STR(drawn(g), "0 0,0|1 110,0");
    EXPECT(views_follow(g, &l));

    /* A data source that does not drop the item: GL_EDATA from the step that asked; the layout
     * stays as it was and the queue goes on. */
    l.drops_removed = 0;
    OK(gl_grid_remove(g, 0, 1, 1));
    OK(gl_grid_step(g, 0.125));
    EXPECT_STATUS(gl_grid_step(g, 0.125), GL_EDATA);
    EXPECT_LAST_ERROR("gl_grid_remove item (section 0, item 1): data source 'item_count' returned 2 for section 0 afterwards, "
                      "expected 1 (the data source's 'remove_item' must drop the item); the layout is unchanged");
    EXPECT(animating(g) == 0);
    EXPECT_STR(drawn(g), "0 0,0|1 110,0");
    /* A failing callback: GL_ECALLBACK naming it. */
    l.fail = GL_EINVAL;
    EXPECT_STATUS(gl_grid_remove(g, 0, 1, 0), GL_ECALLBACK);
    EXPECT_LAST_ERROR("data source 'remove_item' failed for item (section 0, item 1): remove_item returned GL_EINVAL");
    EXPECT_STATUS(gl_grid_insert(g, 0, 0, 1, 0), GL_ECALLBACK);
    EXPECT_LAST_ERROR("data source 'insert_item' failed for item (section 0, item 0): insert_item returned GL_EINVAL");
    EXPECT(animating(g) == 0);
    EXPECT_STR(drawn(g), "0 0,0|1 110,0");
    OK(gl_grid_destroy(g));
}

static void test_queue(void) {
    list l;
    gl_grid *g = list_grid(&l, 4, 0, 0);
    OK(gl_grid_insert(g, 0, 0, 1, 0));      /* 5 items planned */
    OK(gl_grid_remove(g, 0, 2, 1));         /* 4 */
    OK(gl_grid_move(g, 0, 0, 0, 3, 1));     /* 4 */
    /* Checked against the counts after the mutations asked for before. */
    EXPECT_STATUS(gl_grid_remove(g, 0, 4, 1), GL_ERANGE);
    EXPECT_LAST_ERROR("gl_grid_remove: item (section 0, item 4) is out of range: section 0 has 4 items (gl_grid_remove takes items 0...3)");
    OK(gl_grid_insert(g, 0, 4, 0, 0));      /* 5: appends after the others */
    EXPECT_STR(l.log, "insert_item 0.0|RENUMBERED insert 0.0|LOADED 0.0");   /* only the first started */
    EXPECT(animating(g) == 1);
    clear_log(&l);
    OK(gl_grid_step(g, 0.25));              /* the insert ends, the removal starts fading */
    EXPECT_STR(l.log, "INSERTED 0.0 0.0");
    clear_log(&l);
    OK(gl_grid_step(g, 10));                /* everything else, in order; the events after the step */
    EXPECT_STR(l.log, "remove_item 0.2|move_item 0.0 0.3|insert_item 0.4|"
                      "UNLOADED 0.2|RENUMBERED remove 0.2|REMOVED 0.2 0.2|RENUMBERED move 0.0 0.3|MOVED 0.0 0.3|"
                      "RENUMBERED insert 0.4|LOADED 0.4|INSERTED 0.4 0.4");
    EXPECT_STR(data(&l), "0|2|3|4|5");
    EXPECT(animating(g) == 0);
    EXPECT_STR(drawn(g), "0 0,0|1 110,0|2 0,60|3 110,60|4 0,120");
    EXPECT(views_follow(g, &l));

    /* A move's frames: item 0 to the end slides every item one slot back. */
    clear_log(&l);
    OK(gl_grid_move(g, 0, 0, 0, 4, 1));
    EXPECT_STR(l.log, "move_item 0.0 0.4|RENUMBERED move 0.0 0.4");
    EXPECT_STR(drawn(g), "0 110,0|1 0,60|2 110,60|3 0,120|4 0,0");
    STEP_DRAWS(g, 0.125, "0 55,0|1 55,30|2 55,60|3 55,90|4 0,60");
    STEP_DRAWS(g, 0.125, "0 0,0|1 110,0|2 0,60|3 110,60|4 0,120");
    EXPECT(views_follow(g, &l));
    OK(gl_grid_destroy(g));
}

static void test_events_numbered_as_they_happened(void) {
    /* Three mutations start in one step: the item the second inserts loads as 0.0, and the third
     * renumbers it to 0.1 before the handler hears of it. Inside the handler index paths are the
     * event's: the view goes to 0.0 as it was then, gl_grid_data_index_path finds its data now. */
    list l;
    gl_grid *g = list_grid(&l, 2, 0, 0);
    OK(gl_grid_insert(g, 0, 2, 1, 0));      /* id 2 */
    OK(gl_grid_insert(g, 0, 0, 0, 0));      /* id 3 */
    OK(gl_grid_insert(g, 0, 0, 0, 0));      /* id 4 */
    clear_log(&l);
    OK(gl_grid_step(g, 0.25));
    EXPECT_STR(l.log, "insert_item 0.0|insert_item 0.0|INSERTED 0.2 0.2|RENUMBERED insert 0.0|LOADED 0.0|"
                      "INSERTED 0.0 0.0|RENUMBERED insert 0.0|LOADED 0.0|INSERTED 0.0 0.0");
    EXPECT_STR(data(&l), "4|3|0|1|2");
    EXPECT(views_follow(g, &l));
    void *view = NULL;
    OK(gl_grid_view(g, 0, 1, &view));
    EXPECT(view && *(int *)view == 3);
    OK(gl_grid_destroy(g));
}

static void test_drag(void) {
    list l;
    gl_grid *g = list_grid(&l, 6, 0, 1);
    clear_log(&l);
    int found = -1, dragging = -1;
    int64_t s = -1, i = -1, ts = -1, ti = -1;
    OK(gl_grid_drag_state(g, &dragging, &s, &i, &ts, &ti));
    EXPECT(dragging == 0 && s == -1);

    /* Pick up item 0 at (50, 25), move it over slot 3 (centre 160, 85), drop it. */
    OK(gl_grid_begin_drag(g, 50, 25, &found, &s, &i));
    EXPECT(found == 1 && s == 0 && i == 0);
    EXPECT_STR(l.log, "DRAG_STARTED 0.0 0.0");
    EXPECT_STR(drawn(g), "0 0,0 dragged|1 110,0|2 0,60|3 110,60|4 0,120|5 110,120");
    OK(gl_grid_drag_to(g, 160, 85));
    OK(gl_grid_drag_state(g, &dragging, &s, &i, &ts, &ti));
    EXPECT(dragging == 1 && s == 0 && i == 0 && ts == 0 && ti == 3);
    EXPECT(l.moves == 0);
    /* The preview: the dragged item (now 3) under the point, the others sliding to their slots. */
    EXPECT_STR(drawn(g), "0 110,0|1 0,60|2 110,60|3 110,60 dragged|4 0,120|5 110,120");
    STEP_DRAWS(g, 0.25, "0 0,0|1 110,0|2 0,60|3 110,60 dragged|4 0,120|5 110,120");
    /* During the drag the shown index paths are the preview's; the data's differ. */
    int64_t ds = -1, di = -1;
    OK(gl_grid_data_index_path(g, 0, 3, &ds, &di));
    EXPECT(ds == 0 && di == 0);
    OK(gl_grid_data_index_path(g, 0, 0, &ds, &di));
    EXPECT(ds == 0 && di == 1);
    EXPECT(views_follow(g, &l) == 0);       /* the data has not moved yet: views show the preview */
    EXPECT_STATUS(gl_grid_insert(g, 0, 0, 1, 0), GL_ESTATE);
    EXPECT_LAST_ERROR("gl_grid_insert: not allowed during a drag (call gl_grid_end_drag first)");
    EXPECT_STATUS(gl_grid_begin_drag(g, 50, 25, &found, &s, &i), GL_ESTATE);
    EXPECT_LAST_ERROR("gl_grid_begin_drag: a drag is already in progress (call gl_grid_end_drag first)");
    EXPECT_STATUS(gl_grid_drag_to(g, NAN, 5), GL_EINVAL);
    EXPECT_LAST_ERROR("drag point (nan, 5) is invalid (expected finite numbers)");
    clear_log(&l);
    OK(gl_grid_end_drag(g));
    EXPECT(l.moves == 1);
    EXPECT_STR(l.log, "move_item 0.0 0.3|DRAG_ENDED 0.0 0.3");
    EXPECT_STR(data(&l), "1|2|3|0|4|5");
    STEP_DRAWS(g, 0.25, "0 0,0|1 110,0|2 0,60|3 110,60|4 0,120|5 110,120");
    EXPECT(views_follow(g, &l));
    OK(gl_grid_drag_state(g, &dragging, &s, &i, &ts, &ti));
    EXPECT(dragging == 0);

    /* Dropped where it began (a small move, then away and back): no move_item at all. */
    clear_log(&l);
    OK(gl_grid_begin_drag(g, 160, 25, &found, &s, &i));
    EXPECT(found == 1 && s == 0 && i == 1);
    OK(gl_grid_drag_to(g, 163, 28));
    OK(gl_grid_drag_to(g, 50, 145));        /* over slot 4 */
    OK(gl_grid_drag_state(g, &dragging, &s, &i, &ts, &ti));
    EXPECT(ts == 0 && ti == 4);
    OK(gl_grid_drag_to(g, 160, 25));        /* back */
    OK(gl_grid_drag_state(g, &dragging, &s, &i, &ts, &ti));
    EXPECT(ts == 0 && ti == 1);
    OK(gl_grid_end_drag(g));
    EXPECT(l.moves == 1);
    EXPECT_STR(l.log, "DRAG_STARTED 0.1 0.1|RENUMBERED move 0.1 0.4|RENUMBERED move 0.4 0.1|DRAG_ENDED 0.1 0.1");
    EXPECT_STR(data(&l), "1|2|3|0|4|5");
    OK(gl_grid_step(g, 1));
    EXPECT(views_follow(g, &l));

    /* Nothing under the point, or can_move says no: no drag. */
    found = -1;
    OK(gl_grid_begin_drag(g, 105, 25, &found, &s, &i));   /* the gap between the lanes */
    EXPECT(found == 0);
    l.fixed_item = 2;
    OK(gl_grid_begin_drag(g, 50, 85, &found, &s, &i));
    EXPECT(found == 0);
    OK(gl_grid_drag_state(g, &dragging, &s, &i, &ts, &ti));
    EXPECT(dragging == 0);

    /* Out of turn and bad points. */
    EXPECT_STATUS(gl_grid_drag_to(g, 1, 1), GL_ESTATE);
    EXPECT_LAST_ERROR("gl_grid_drag_to: no drag is in progress (call gl_grid_begin_drag first)");
    EXPECT_STATUS(gl_grid_end_drag(g), GL_ESTATE);
    EXPECT_LAST_ERROR("gl_grid_end_drag: no drag is in progress (call gl_grid_begin_drag first)");
    EXPECT_STATUS(gl_grid_begin_drag(g, NAN, 5, &found, &s, &i), GL_EINVAL);
    EXPECT_LAST_ERROR("drag point (nan, 5) is invalid (expected finite numbers)");
    EXPECT_STATUS(gl_grid_begin_drag(g, 1, INFINITY, &found, &s, &i), GL_EINVAL);
    EXPECT_LAST_ERROR("drag point (1, inf) is invalid (expected finite numbers)");
    EXPECT_STATUS(gl_grid_begin_drag(g, 1, 1, NULL, &s, &i), GL_EINVAL);
    EXPECT_STATUS(gl_grid_drag_state(g, &dragging, &s, NULL, &ts, &ti), GL_EINVAL);
    OK(gl_grid_set_option_number(g, "sort", 0));
    EXPECT_STATUS(gl_grid_begin_drag(g, 50, 25, &found, &s, &i), GL_ESTATE);
    EXPECT_LAST_ERROR("gl_grid_begin_drag: sorting is off (set the option 'sort' to true)");
    OK(gl_grid_destroy(g));
}

/* A drag whose data changes under it (issue 15, fault 2): waterfall, a same-size section; after
 * begin_drag the data source says no sections and no items. drag_to used to trap in
 * Grid.draggedFrame (with items 1e-300 x 40, laid out whole past 1e15: such content is refused
 * now); now it fails with GL_EDATA and the drag goes on as it was (its target, its preview), and
 * end_drag drops it once the data is back. */
typedef struct shrinking { int64_t sections, count; double w; } shrinking;
static gl_status sh_sections(void *ctx, int64_t *n) { *n = ((shrinking *)ctx)->sections; return GL_OK; }
static gl_status sh_count(void *ctx, int64_t s, int64_t *n) { (void)s; *n = ((shrinking *)ctx)->count; return GL_OK; }
static gl_status sh_sizes(void *ctx, int64_t s, gl_size *sizes, int64_t n) {
    (void)s;
    for (int64_t i = 0; i < n; i++) { sizes[i].w = ((shrinking *)ctx)->w; sizes[i].h = 40; }
    return GL_OK;
}
static gl_status sh_same(void *ctx, int *same) { (void)ctx; *same = 1; return GL_OK; }

static void test_drag_data_changed_under_it(void) {
    gl_config c;
    gl_config_init(&c);
    c.layout = GL_LAYOUT_WATERFALL;
    c.sort = 1;
    gl_grid *g = NULL;
    OK(gl_grid_create(&c, &g));
    shrinking data = { 1, 5, 1e-300 };
    gl_data_source ds;
    gl_data_source_init(&ds);
    ds.context = &data;
    ds.section_count = sh_sections;
    ds.item_count = sh_count;
    ds.item_sizes = sh_sizes;
    ds.same_size = sh_same;
    OK(gl_grid_set_data_source(g, &ds));
    EXPECT_STATUS(gl_grid_reload(g), GL_EDATA);       /* 6.4e303 tall in its column */
    data.w = 100;
    OK(gl_grid_reload(g));
    int found = 0, dragging = 0;
    int64_t s = -1, i = -1, ts = -1, ti = -1;
    OK(gl_grid_begin_drag(g, 1, 0, &found, &s, &i));
    EXPECT(found == 1 && s == 0 && i == 0);
    gl_element before[8], after[8];
    size_t n1 = 0, n2 = 0;
    OK(gl_grid_visible(g, before, 8, &n1));
    data.sections = 0;
    data.count = 0;
    EXPECT_STATUS(gl_grid_drag_to(g, 200, 300), GL_EDATA);
    EXPECT_LAST_ERROR("data source 'item_count' returned 0 for section 0, but 5 when the drag began");
    OK(gl_grid_drag_state(g, &dragging, &s, &i, &ts, &ti));
    EXPECT(dragging == 1 && s == 0 && i == 0 && ts == 0 && ti == 0);
    OK(gl_grid_visible(g, after, 8, &n2));
    EXPECT(n1 == 5 && n2 == n1 && memcmp(before, after, sizeof before[0] * n1) == 0);
    data.sections = 1;                                  /* the data is back */
    data.count = 5;
    OK(gl_grid_drag_to(g, 200, 300));
    OK(gl_grid_end_drag(g));
    OK(gl_grid_drag_state(g, &dragging, &s, &i, &ts, &ti));
    EXPECT(dragging == 0);
    OK(gl_grid_destroy(g));
}

static void test_drag_auto_scroll(void) {
    /* 20 items: content 590 high. The point 20 from the bottom edge (half the 40 margin) scrolls
     * at half of 600 points a second. */
    list l;
    gl_grid *g = list_grid(&l, 20, 0, 1);
    int found = 0;
    int64_t s, i;
    OK(gl_grid_begin_drag(g, 50, 85, &found, &s, &i));
    EXPECT(found == 1 && i == 2);
    OK(gl_grid_drag_to(g, 50, 180));
    OK(gl_grid_step(g, 0.25));
    gl_point p;
    OK(gl_grid_offset(g, &p));
    EXPECT(p.y == 75);
    OK(gl_grid_step(g, 10));                /* to the end of the content */
    OK(gl_grid_offset(g, &p));
    EXPECT(p.y == 390);
    OK(gl_grid_end_drag(g));
    EXPECT(l.moves == 1 && l.counts[0] == 20);
    OK(gl_grid_step(g, 1));
    EXPECT(views_follow(g, &l));
    OK(gl_grid_destroy(g));
}

static void test_bad_input(void) {
    list l;
    gl_grid *g = list_grid(&l, 4, 2, 0);
    EXPECT_STATUS(gl_grid_step(g, NAN), GL_EINVAL);
    EXPECT_LAST_ERROR("gl_grid_step: time nan is invalid (expected a finite number of seconds >= 0)");
    EXPECT_STATUS(gl_grid_step(g, -0.5), GL_EINVAL);
    EXPECT_LAST_ERROR("gl_grid_step: time -0.5 is invalid (expected a finite number of seconds >= 0)");
    EXPECT_STATUS(gl_grid_step(g, INFINITY), GL_EINVAL);
    EXPECT_LAST_ERROR("gl_grid_step: time inf is invalid (expected a finite number of seconds >= 0)");
    EXPECT_STATUS(gl_grid_insert(g, 0, 5, 1, 0), GL_ERANGE);
    EXPECT_LAST_ERROR("gl_grid_insert: item (section 0, item 5) is out of range: section 0 has 4 items (gl_grid_insert takes items 0...4)");
    EXPECT_STATUS(gl_grid_insert(g, 2, 0, 1, 0), GL_ERANGE);
    EXPECT_LAST_ERROR("gl_grid_insert: item (section 2, item 0) is out of range: the grid has 2 sections");
    EXPECT_STATUS(gl_grid_insert(g, -1, 0, 1, 0), GL_ERANGE);
    EXPECT_STATUS(gl_grid_remove(g, 0, -1, 1), GL_ERANGE);
    EXPECT_LAST_ERROR("gl_grid_remove: item (section 0, item -1) is out of range: section 0 has 4 items (gl_grid_remove takes items 0...3)");
    EXPECT_STATUS(gl_grid_remove(g, 0, INT64_MAX, 1), GL_ERANGE);
    EXPECT_STATUS(gl_grid_move(g, 0, 4, 0, 0, 1), GL_ERANGE);
    EXPECT_LAST_ERROR("gl_grid_move: item (section 0, item 4) is out of range: section 0 has 4 items (gl_grid_move takes items 0...3)");
    EXPECT_STATUS(gl_grid_move(g, 0, 0, 1, 3, 1), GL_ERANGE);
    EXPECT_LAST_ERROR("gl_grid_move: destination item (section 1, item 3) is out of range: section 1 has 2 items (the destination takes items 0...2)");
    EXPECT_STATUS(gl_grid_insert(g, 0, 0, 2, 0), GL_EINVAL);
    EXPECT_LAST_ERROR("animated: 2 is invalid (expected 0 or 1)");
    EXPECT_STATUS(gl_grid_insert(g, 0, 0, 1, -1), GL_EINVAL);
    EXPECT_LAST_ERROR("scroll: -1 is invalid (expected 0 or 1)");
    EXPECT_STATUS(gl_grid_remove(g, 0, 0, 7), GL_EINVAL);
    EXPECT_STATUS(gl_grid_move(g, 0, 0, 0, 1, 7), GL_EINVAL);
    EXPECT_STATUS(gl_grid_is_animating(g, NULL), GL_EINVAL);
    int64_t s, i;
    EXPECT_STATUS(gl_grid_data_index_path(g, 0, 4, &s, &i), GL_ERANGE);
    EXPECT_LAST_ERROR("item (section 0, item 4) is out of range: section 0 has 4 items");
    EXPECT_STATUS(gl_grid_data_index_path(g, 0, 0, NULL, &i), GL_EINVAL);
    OK(gl_grid_data_index_path(g, 1, 1, &s, &i));
    EXPECT(s == 1 && i == 1);
    EXPECT(l.log[0] == 0 && animating(g) == 0);   /* nothing happened */

    /* A move to another section. */
    OK(gl_grid_move(g, 0, 0, 1, 2, 0));
    EXPECT_STR(l.log, "move_item 0.0 1.2|RENUMBERED move 0.0 1.2|MOVED 0.0 1.2");
    EXPECT(l.counts[0] == 3 && l.counts[1] == 3 && l.ids[1][2] == 0);
    EXPECT(views_follow(g, &l));

    /* Changing the grid from inside a callback: GL_EBUSY. */
    l.reenter = 1;
    OK(gl_grid_reload(g));
    EXPECT(l.reentrant[0] == GL_EBUSY && l.reentrant[1] == GL_EBUSY);
    l.reenter = 0;

    /* No data source. */
    OK(gl_grid_set_data_source(g, NULL));
    EXPECT_STATUS(gl_grid_insert(g, 0, 0, 1, 0), GL_ENOSOURCE);
    OK(gl_grid_destroy(g));

    /* A destroyed handle. */
    int a, found;
    int64_t t1, t2;
    EXPECT_STATUS(gl_grid_insert(g, 0, 0, 1, 0), GL_EHANDLE);
    EXPECT_STATUS(gl_grid_remove(g, 0, 0, 1), GL_EHANDLE);
    EXPECT_STATUS(gl_grid_move(g, 0, 0, 0, 1, 1), GL_EHANDLE);
    EXPECT_STATUS(gl_grid_step(g, 0.1), GL_EHANDLE);
    EXPECT_STATUS(gl_grid_is_animating(g, &a), GL_EHANDLE);
    EXPECT_STATUS(gl_grid_begin_drag(g, 1, 1, &found, &s, &i), GL_EHANDLE);
    EXPECT_STATUS(gl_grid_drag_to(g, 1, 1), GL_EHANDLE);
    EXPECT_STATUS(gl_grid_end_drag(g), GL_EHANDLE);
    EXPECT_STATUS(gl_grid_drag_state(g, &a, &s, &i, &t1, &t2), GL_EHANDLE);
    EXPECT_STATUS(gl_grid_data_index_path(g, 0, 0, &s, &i), GL_EHANDLE);
}

static void test_bulk_data(void) {
    /* The library's copy of bulk sizes performs removals and moves; an insert needs the sections
     * with the new item first. */
    gl_grid *g = lane_grid(0);
    gl_size sizes[5] = { { 100, 50 }, { 100, 10 }, { 100, 20 }, { 100, 30 }, { 100, 40 } };
    gl_section sec = { sizes, 4, 0, { 0, 0 }, 0 };
    OK(gl_grid_set_sections(g, &sec, 1, 0));
    OK(gl_grid_reload(g));
    OK(gl_grid_move(g, 0, 0, 0, 3, 0));     /* heights 10, 20, 30, 50 */
    gl_rect r;
    OK(gl_grid_frame(g, 0, 3, &r));
    EXPECT_RECT(r, 110, 30, 100, 50);       /* lanes end at 10+10+30 = 50 and 20+10 = 30 */
    OK(gl_grid_remove(g, 0, 0, 1));
    OK(gl_grid_step(g, 0.5));
    int64_t n = 0;
    OK(gl_grid_item_count(g, 0, &n));
    EXPECT(n == 3);
    OK(gl_grid_frame(g, 0, 2, &r));         /* 20, 30, 50 */
    EXPECT_RECT(r, 0, 30, 100, 50);
    EXPECT_STATUS(gl_grid_insert(g, 0, 0, 1, 0), GL_EDATA);
    EXPECT_ERROR("add the item to the data before gl_grid_insert, or in the data source's 'insert_item'");
    gl_size more[4] = { { 100, 40 }, { 100, 20 }, { 100, 30 }, { 100, 50 } };
    gl_section sec2 = { more, 4, 0, { 0, 0 }, 0 };
    OK(gl_grid_set_sections(g, &sec2, 1, 0));
    OK(gl_grid_insert(g, 0, 0, 0, 0));
    OK(gl_grid_frame(g, 0, 3, &r));         /* 40 | 20, 30 */
    EXPECT_RECT(r, 0, 50, 100, 50);

    /* GL_SAME_SIZE: the counts follow removals and moves. */
    gl_section same = { sizes, 1000, 0, { 0, 0 }, 0 };
    OK(gl_grid_set_sections(g, &same, 1, GL_SAME_SIZE));
    OK(gl_grid_reload(g));
    OK(gl_grid_remove(g, 0, 500, 0));
    OK(gl_grid_item_count(g, 0, &n));
    EXPECT(n == 999);
    OK(gl_grid_move(g, 0, 0, 0, 998, 0));
    OK(gl_grid_item_count(g, 0, &n));
    EXPECT(n == 999);
    OK(gl_grid_destroy(g));
}

/* apply: the diff into caller buffers (needed-size convention), one renumbering the views follow,
 * the events once the slide ends, and bad snapshots that change nothing. */
static void test_apply(void) {
    list l;
    gl_grid *g = list_grid(&l, 5, 0, 0);
    int64_t first[5] = { 0, 1, 2, 3, 4 };
    gl_ids ids = { first, 5 };
    gl_index_path removed[8], inserted[8];
    gl_move moved[8];
    gl_diff d = { removed, 8, 99, inserted, 8, 99, moved, 8, 99 };
    OK(gl_grid_apply(g, &ids, 1, 1, &d));      /* the first apply names the items laid out */
    EXPECT(d.removed_count == 0 && d.inserted_count == 0 && d.moved_count == 0);
    EXPECT_STR(l.log, "");

    /* 1 and 3 go, 10 and 11 come, 4 moves to the front: the data says so already. */
    int now[5] = { 4, 10, 0, 2, 11 };
    memcpy(l.ids[0], now, sizeof now);
    int64_t second[5] = { 4, 10, 0, 2, 11 };
    ids.ids = second;
    OK(gl_grid_apply(g, &ids, 1, 1, &d));
    EXPECT(d.removed_count == 2 && removed[0].item == 1 && removed[1].item == 3);
    EXPECT(d.inserted_count == 2 && inserted[0].item == 1 && inserted[1].item == 4);
    EXPECT(d.moved_count == 1 && moved[0].from.item == 4 && moved[0].to.item == 0);
    EXPECT_STR(l.log, "UNLOADED 0.1|UNLOADED 0.3|RENUMBERED apply -1.-1|LOADED 0.1|LOADED 0.4");
    EXPECT(views_follow(g, &l));
    STEP_DRAWS(g, 0.125, "0 0,60|1 110,0 a0.5|2 0,30|3 55,60|4 0,120 a0.5");
    clear_log(&l);
    STEP_DRAWS(g, 0.125, "0 0,0|1 110,0|2 0,60|3 110,60|4 0,120");
    EXPECT_SETTLED(g, &l, "REMOVED 0.3 0.3|REMOVED 0.1 0.1|INSERTED 0.1 0.1|INSERTED 0.4 0.4|MOVED 0.4 0.0");

    /* Buffers too small: the counts are the diff's, min(size, count) entries written. */
    clear_log(&l);
    int later[3] = { 20, 21, 22 };
    memcpy(l.ids[0], later, sizeof later);
    l.counts[0] = 3;
    int64_t third[3] = { 20, 21, 22 };
    ids.ids = third;
    ids.count = 3;
    gl_diff small = { removed, 1, 0, NULL, 0, 0, NULL, 0, 0 };
    removed[1].item = -7;
    OK(gl_grid_apply(g, &ids, 1, 0, &small));
    EXPECT(small.removed_count == 5 && small.inserted_count == 3 && small.moved_count == 0);
    EXPECT(removed[0].section == 0 && removed[0].item == 0 && removed[1].item == -7);
    EXPECT(views_follow(g, &l));

    /* Bad snapshots change nothing. */
    int64_t dup[3] = { 20, 21, 20 };
    ids.ids = dup;
    EXPECT_STATUS(gl_grid_apply(g, &ids, 1, 0, NULL), GL_EINVAL);
    EXPECT_LAST_ERROR("gl_grid_apply: the id of item (section 0, item 2) is also the id of item (section 0, item 0) (ids must be unique in the grid)");
    ids.ids = third;
    ids.count = 2;
    EXPECT_STATUS(gl_grid_apply(g, &ids, 1, 0, NULL), GL_EDATA);
    EXPECT_LAST_ERROR("gl_grid_apply: the snapshot's section 0 has 2 ids where data source 'item_count' returned 3");
    EXPECT_STATUS(gl_grid_apply(g, NULL, 1, 0, NULL), GL_EINVAL);
    EXPECT_LAST_ERROR("sections is NULL");
    ids.count = 3;
    ids.ids = NULL;
    EXPECT_STATUS(gl_grid_apply(g, &ids, 1, 0, NULL), GL_EINVAL);
    EXPECT_LAST_ERROR("sections[0].ids is NULL");
    ids.ids = third;
    gl_diff bad = { NULL, 2, 0, NULL, 0, 0, NULL, 0, 0 };
    EXPECT_STATUS(gl_grid_apply(g, &ids, 1, 0, &bad), GL_EINVAL);
    EXPECT_LAST_ERROR("diff.removed is NULL with diff.removed_size 2");
    OK(gl_grid_apply(g, &ids, 1, 0, &d));     /* the ids held are still 20, 21, 22 */
    EXPECT(d.removed_count == 0 && d.inserted_count == 0 && d.moved_count == 0);
    OK(gl_grid_destroy(g));
}

int main(void) {
    test_abi();
    test_insert_frames();
    test_remove_sequence();
    test_queue();
    test_events_numbered_as_they_happened();
    test_drag();
    test_drag_data_changed_under_it();
    test_drag_auto_scroll();
    test_bad_input();
    test_bulk_data();
    test_apply();
    return expect_summary();
}
