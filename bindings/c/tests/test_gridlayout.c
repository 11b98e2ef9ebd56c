/* Tests of libgridlayout's C ABI: every error path (NULL, destroyed and made-up
 * handles, out-of-range indices, NaN sizes, failing callbacks that leave the layout whole, a
 * buffer too small), events, view reuse and the version check. Every layout's exact frames are the
 * shared fixtures (test_fixtures.c, generated from Tests/fixtures/layout). Ends with "N passed, N failed". */
#include <math.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <stdint.h>
#include <string.h>
#include "gridlayout.h"
#include "expect.h"

/* ---- helpers ---------------------------------------------------------------------------------- */

/* The nine-grid: 10 items of 100 x 120, 3 lanes, spacing 10, in 320 x 480. */
static gl_grid *ninegrid(void) {
    gl_config c;
    gl_config_init(&c);
    c.lanes = 3;
    c.spacing = 10;
    gl_grid *g = NULL;
    OK(gl_grid_create(&c, &g));
    gl_size sizes[10];
    for (int i = 0; i < 10; i++) { sizes[i].w = 100; sizes[i].h = 120; }
    gl_section s = { sizes, 10, 0, { 0, 0 }, 0 };
    OK(gl_grid_set_sections(g, &s, 1, 0));
    OK(gl_grid_reload(g));
    return g;
}

/* A callback data source whose answers a test can change. */
typedef struct model {
    int64_t sections;
    int64_t counts[4];
    double w, h;
    int64_t fail_item;       /* item_size fails for this item (-1: never) */
    int nan_item;            /* item_size returns NaN for item 3 */
    int negative_count;
    int size_calls, released;
    gl_grid *grid;           /* for re-entrant calls */
    gl_status reentrant;     /* what a reload from inside item_count gave */
    int reenter, query_ok;
} model;

static gl_status m_sections(void *ctx, int64_t *n) { *n = ((model *)ctx)->sections; return GL_OK; }
static gl_status m_count(void *ctx, int64_t s, int64_t *n) {
    model *m = (model *)ctx;
    if (m->reenter) {
        gl_size size;
        m->reentrant = gl_grid_reload(m->grid);
        m->query_ok = gl_grid_content_size(m->grid, &size) == GL_OK;
    }
    *n = m->negative_count ? -1 : m->counts[s];
    return GL_OK;
}
static gl_status m_size(void *ctx, int64_t s, int64_t i, gl_size *size) {
    model *m = (model *)ctx;
    (void)s;
    m->size_calls++;
    if (i == m->fail_item) return GL_EINVAL;
    size->w = m->w;
    size->h = (m->nan_item && i == 3) ? NAN : m->h;
    return GL_OK;
}
static void m_release(void *ctx) { ((model *)ctx)->released++; }

static gl_grid *model_grid(model *m, gl_data_source *ds) {
    gl_config c;
    gl_config_init(&c);
    c.lanes = 2;
    gl_grid *g = NULL;
    OK(gl_grid_create(&c, &g));
    gl_data_source_init(ds);
    ds->context = m;
    ds->section_count = m_sections;
    ds->item_count = m_count;
    ds->item_size = m_size;
    ds->release = m_release;
    OK(gl_grid_set_data_source(g, ds));
    m->grid = g;
    return g;
}

/* ---- tests ------------------------------------------------------------------------------------ */

static void test_version(void) {
    EXPECT(gl_version() == GL_VERSION_NUM);
    EXPECT(strcmp(gl_version_string(), GL_VERSION_STRING) == 0);
    OK(GL_CHECK_VERSION());
    EXPECT(strcmp(gl_last_error(), "") == 0);
    EXPECT_STATUS(gl_check_version(GL_VERSION_NUM + 10000), GL_EVERSION);
    EXPECT_ERROR("version mismatch");
    EXPECT_STATUS(gl_check_version(GL_VERSION_NUM + 100), GL_EVERSION);   /* a newer header */
    EXPECT_STATUS(gl_check_version(-1), GL_EVERSION);
    if (GL_VERSION_MINOR > 0 || GL_VERSION_PATCH > 0) OK(gl_check_version(GL_VERSION_MAJOR * 10000));
    EXPECT(strcmp(gl_status_name(GL_EHANDLE), "GL_EHANDLE") == 0);
    EXPECT(strcmp(gl_status_name((gl_status)99), "GL_E?") == 0);
}

static void test_config(void) {
    gl_config c;
    OK(gl_config_init(&c));
    EXPECT(c.struct_size == sizeof c);
    EXPECT(c.layout == GL_LAYOUT_LANES && c.direction == GL_VERTICAL);
    EXPECT(c.width == 320 && c.height == 480 && c.lanes == 1 && c.columns == 2);
    EXPECT(c.row_height == 100 && c.tolerance == 0.25 && c.loader_size.w == 44 && c.overscan == 0);
    EXPECT_STATUS(gl_config_defaults(NULL, sizeof c), GL_EINVAL);
    EXPECT_STATUS(gl_config_defaults(&c, 8), GL_EVERSION);

    gl_grid *g = NULL;
    OK(gl_grid_create(NULL, &g));                       /* the defaults */
    gl_config got;
    gl_config_init(&got);
    OK(gl_grid_get_config(g, &got));
    EXPECT(got.width == 320 && got.lanes == 1);
    EXPECT_STATUS(gl_grid_create(NULL, NULL), GL_EINVAL);

    c.layout = 9;
    gl_grid *bad = NULL;
    EXPECT_STATUS(gl_grid_create(&c, &bad), GL_EINVAL);
    EXPECT_STR(gl_last_error(), "gl_config.layout: 9 is invalid (expected one of GL_LAYOUT_LANES, GL_LAYOUT_WATERFALL, GL_LAYOUT_FLOW, GL_LAYOUT_JUSTIFIED)");
    EXPECT(bad == NULL);
    gl_config_init(&c);
    c.lanes = 0;
    EXPECT_STATUS(gl_grid_set_config(g, &c), GL_EINVAL);
    EXPECT_ERROR("gl_config.lanes");
    c.lanes = 1;
    c.width = NAN;
    EXPECT_STATUS(gl_grid_set_config(g, &c), GL_EINVAL);
    EXPECT_ERROR("gl_config.width");
    c.width = 100;
    c.sticky_headers = 2;
    EXPECT_STATUS(gl_grid_set_config(g, &c), GL_EINVAL);
    c.sticky_headers = 1;
    c.struct_size = 4;
    EXPECT_STATUS(gl_grid_set_config(g, &c), GL_EVERSION);
    c.struct_size = sizeof c;
    OK(gl_grid_set_config(g, &c));
    OK(gl_grid_get_config(g, &got));
    EXPECT(got.width == 100 && got.sticky_headers == 1);
    EXPECT_STATUS(gl_grid_set_config(g, NULL), GL_EINVAL);
    EXPECT_STATUS(gl_grid_get_config(g, NULL), GL_EINVAL);

    /* Options by their Lua names. */
    double v = 0;
    OK(gl_grid_set_option_number(g, "lanes", 4));
    OK(gl_grid_get_option_number(g, "lanes", &v));
    EXPECT(v == 4);
    OK(gl_grid_set_option_number(g, "padding", 5));
    OK(gl_grid_get_option_number(g, "padding", &v));
    EXPECT(v == 5);
    OK(gl_grid_set_option_number(g, "paging", 1));
    OK(gl_grid_get_option_number(g, "paging", &v));
    EXPECT(v == 1);
    EXPECT_STATUS(gl_grid_set_option_number(g, "paging", 2), GL_EINVAL);
    OK(gl_grid_set_option_string(g, "layout", "waterfall"));
    OK(gl_grid_get_config(g, &got));
    EXPECT(got.layout == GL_LAYOUT_WATERFALL && got.lanes == 4 && got.padding.left == 5 && got.paging == 1);
    EXPECT_STATUS(gl_grid_set_option_number(g, "lane", 4), GL_EINVAL);
    EXPECT_LAST_ERROR("unknown option 'lane' (did you mean 'lanes'?)");   /* the nearest name */
    EXPECT_STATUS(gl_grid_set_option_string(g, "layout", "grid"), GL_EINVAL);
    EXPECT_ERROR("'lanes'");                             /* lists the choices */
    EXPECT_STATUS(gl_grid_set_option_string(g, "layout", "masonry"), GL_EINVAL);
    EXPECT_LAST_ERROR("option 'layout': 'masonry' is invalid (expected one of 'lanes', 'waterfall', 'flow', 'justified') (did you mean 'waterfall'?)");
    EXPECT_STATUS(gl_grid_set_option_number(g, "layout", 7), GL_EINVAL);    /* not a gl_layout */
    EXPECT_STATUS(gl_grid_set_option_number(g, "layout", 0.5), GL_EINVAL);
    EXPECT_STATUS(gl_grid_set_option_number(g, "lanes", 2.5), GL_EINVAL);
    EXPECT_STATUS(gl_grid_set_option_number(g, "spacing", NAN), GL_EINVAL);
    EXPECT_STATUS(gl_grid_set_option_number(g, NULL, 1), GL_EINVAL);
    EXPECT_STATUS(gl_grid_set_option_string(g, "layout", NULL), GL_EINVAL);
    OK(gl_grid_get_option_number(g, "layout", &v));
    EXPECT(v == GL_LAYOUT_WATERFALL);                    /* an enumerated option reads as its C value */
    EXPECT_STATUS(gl_grid_get_option_number(g, "loaderSize", &v), GL_EINVAL);
    EXPECT_STATUS(gl_grid_get_option_number(g, "colums", &v), GL_EINVAL);
    EXPECT_LAST_ERROR("unknown option 'colums' (did you mean 'columns'?)");
    EXPECT_STATUS(gl_grid_get_option_number(g, "lanes", NULL), GL_EINVAL);
    OK(gl_grid_get_option_number(g, "lanes", &v));
    EXPECT(v == 4);                                      /* failed sets changed nothing */
    OK(gl_grid_destroy(g));
}

/* The nine-grid's frames, content size and visible elements are the shared fixture
 * lanes-ninegrid (test_fixtures.c); here: the C face's buffers, scrolling and errors on it. */
static void test_ninegrid_frames(void) {
    gl_grid *g = ninegrid();
    gl_rect r;
    int64_t n = 0;

    /* Visible: the viewport 320 x 480 shows all 10 (the last row starts at 390). */
    size_t count = 99;
    OK(gl_grid_visible(g, NULL, 0, &count));
    EXPECT(count == 10);
    gl_element buf[12];
    memset(buf, 0xAB, sizeof buf);
    OK(gl_grid_visible(g, buf, 3, &count));             /* too small: 3 written, 10 reported */
    EXPECT(count == 10);
    EXPECT(buf[2].kind == GL_KIND_ITEM && buf[2].section == 0 && buf[2].item == 2 && buf[2].x == 220);
    unsigned char untouched[sizeof buf[3]];
    memset(untouched, 0xAB, sizeof untouched);
    EXPECT(memcmp(&buf[3], untouched, sizeof buf[3]) == 0);
    OK(gl_grid_visible(g, buf, 12, &count));
    EXPECT(count == 10 && buf[9].item == 9 && buf[9].y == 390 && buf[9].pinned == 0);
    EXPECT_STATUS(gl_grid_visible(g, NULL, 5, &count), GL_EINVAL);
    EXPECT_STATUS(gl_grid_visible(g, buf, 12, NULL), GL_EINVAL);

    /* Scrolling clamps: max offset 510 - 480 = 30. */
    OK(gl_grid_scroll_to(g, 0, 1000));
    gl_point p;
    OK(gl_grid_offset(g, &p));
    EXPECT(p.x == 0 && p.y == 30);
    OK(gl_grid_scroll_by(g, 0, -20));
    OK(gl_grid_offset(g, &p));
    EXPECT(p.y == 10);
    OK(gl_grid_visible(g, buf, 12, &count));
    EXPECT(count == 10);                                 /* row 0 still overlaps (0..120) */
    EXPECT_STATUS(gl_grid_scroll_to(g, NAN, 0), GL_EINVAL);
    EXPECT_STATUS(gl_grid_scroll_by(g, 0, NAN), GL_EINVAL);
    OK(gl_grid_offset(g, &p));
    EXPECT(p.y == 10);                                   /* unchanged */
    OK(gl_grid_scroll_to(g, -INFINITY, INFINITY));
    OK(gl_grid_offset(g, &p));
    EXPECT(p.x == 0 && p.y == 30);
    OK(gl_grid_scroll_to_item(g, 0, 3, GL_ALIGN_START));
    OK(gl_grid_offset(g, &p));
    EXPECT(p.y == 30);                                   /* 130, clamped */
    OK(gl_grid_scroll_to_item(g, 0, 0, GL_ALIGN_START));
    OK(gl_grid_offset(g, &p));
    EXPECT(p.y == 0);
    EXPECT_STATUS(gl_grid_scroll_to_item(g, 0, 0, (gl_align)7), GL_EINVAL);

    /* The item under a point. */
    int found = -1;
    int64_t s = -1, i = -1;
    OK(gl_grid_index_path_at(g, (gl_point){ 115, 135 }, &found, &s, &i));
    EXPECT(found == 1 && s == 0 && i == 4);
    OK(gl_grid_index_path_at(g, (gl_point){ 105, 5 }, &found, &s, &i));   /* the gap */
    EXPECT(found == 0);
    EXPECT_STATUS(gl_grid_index_path_at(g, (gl_point){ NAN, 5 }, &found, &s, &i), GL_EINVAL);
    EXPECT_STATUS(gl_grid_index_path_at(g, (gl_point){ 1, 5 }, NULL, &s, &i), GL_EINVAL);

    /* Elements in any rectangle. */
    OK(gl_grid_elements_in(g, (gl_rect){ 0, 125, 320, 10 }, buf, 12, &count));
    EXPECT(count == 3 && buf[0].item == 3 && buf[2].item == 5);
    EXPECT_STATUS(gl_grid_elements_in(g, (gl_rect){ 0, NAN, 1, 1 }, buf, 12, &count), GL_EINVAL);

    /* Out of range. */
    EXPECT_STATUS(gl_grid_frame(g, 0, 10, &r), GL_ERANGE);
    EXPECT_ERROR("item (section 0, item 10) is out of range: section 0 has 10 items");
    EXPECT_STATUS(gl_grid_frame(g, 1, 0, &r), GL_ERANGE);
    EXPECT_STATUS(gl_grid_frame(g, -1, 0, &r), GL_ERANGE);
    EXPECT_STATUS(gl_grid_frame(g, 0, -1, &r), GL_ERANGE);
    EXPECT_STATUS(gl_grid_frame(g, INT64_MAX, INT64_MIN, &r), GL_ERANGE);
    EXPECT_STATUS(gl_grid_frame(g, 0, 0, NULL), GL_EINVAL);
    int has = -1;
    EXPECT_STATUS(gl_grid_header_frame(g, 5, &has, &r), GL_ERANGE);
    OK(gl_grid_header_frame(g, 0, &has, &r));
    EXPECT(has == 0);
    EXPECT_STATUS(gl_grid_item_count(g, 3, &n), GL_ERANGE);
    EXPECT_STATUS(gl_grid_scroll_to_item(g, 0, 99, GL_ALIGN_START), GL_ERANGE);
    EXPECT_STATUS(gl_grid_reload_section(g, 7), GL_ERANGE);
    EXPECT_STATUS(gl_grid_reload_section(g, -1), GL_ERANGE);
    OK(gl_grid_reload_section(g, 0));
    int shown = -1;
    OK(gl_grid_loader_frame(g, &shown, &r));
    EXPECT(shown == 0);
    OK(gl_grid_destroy(g));
}

/* A frame or a scroll to an element before the first reload: the grid is not reloaded
   (GL_ESTATE), not "there is no section 0"; visible() is empty. */
static void test_before_the_first_reload(void) {
    gl_grid *g;
    OK(gl_grid_create(NULL, &g));
    gl_rect r;
    EXPECT_STATUS(gl_grid_frame(g, 0, 2, &r), GL_ESTATE);
    EXPECT_STR(gl_last_error(), "item (section 0, item 2): the grid has not been reloaded yet (call gl_grid_reload() first)");
    EXPECT_STATUS(gl_grid_scroll_to_item(g, 1, 0, GL_ALIGN_START), GL_ESTATE);
    EXPECT_STR(gl_last_error(), "item (section 1, item 0): the grid has not been reloaded yet (call gl_grid_reload() first)");
    size_t count = 99;
    OK(gl_grid_visible(g, NULL, 0, &count));
    EXPECT(count == 0);
    OK(gl_grid_destroy(g));
}

static void test_handles(void) {
    gl_rect r;
    gl_size size;
    size_t count;
    int64_t n;
    gl_config c;
    gl_config_init(&c);
    EXPECT_STATUS(gl_grid_frame(NULL, 0, 0, &r), GL_EHANDLE);
    EXPECT_ERROR("NULL");
    EXPECT_STATUS(gl_grid_destroy(NULL), GL_EHANDLE);
    EXPECT_STATUS(gl_grid_reload(NULL), GL_EHANDLE);

    gl_grid *g = ninegrid();
    OK(gl_grid_destroy(g));
    /* Every call on a destroyed handle: GL_EHANDLE, never a crash. */
    EXPECT_STATUS(gl_grid_destroy(g), GL_EHANDLE);
    EXPECT_ERROR("not a live grid");
    EXPECT_STATUS(gl_grid_set_config(g, &c), GL_EHANDLE);
    EXPECT_STATUS(gl_grid_get_config(g, &c), GL_EHANDLE);
    EXPECT_STATUS(gl_grid_set_option_number(g, "lanes", 2), GL_EHANDLE);
    EXPECT_STATUS(gl_grid_set_option_string(g, "layout", "flow"), GL_EHANDLE);
    EXPECT_STATUS(gl_grid_set_sections(g, NULL, 0, 0), GL_EHANDLE);
    EXPECT_STATUS(gl_grid_set_data_source(g, NULL), GL_EHANDLE);
    EXPECT_STATUS(gl_grid_reload(g), GL_EHANDLE);
    EXPECT_STATUS(gl_grid_reload_new(g), GL_EHANDLE);
    EXPECT_STATUS(gl_grid_reload_section(g, 0), GL_EHANDLE);
    EXPECT_STATUS(gl_grid_content_size(g, &size), GL_EHANDLE);
    EXPECT_STATUS(gl_grid_visible(g, NULL, 0, &count), GL_EHANDLE);
    EXPECT_STATUS(gl_grid_frame(g, 0, 0, &r), GL_EHANDLE);
    EXPECT_STATUS(gl_grid_scroll_to(g, 0, 0), GL_EHANDLE);
    EXPECT_STATUS(gl_grid_scroll_by(g, 0, 0), GL_EHANDLE);
    EXPECT_STATUS(gl_grid_scroll_to_item(g, 0, 0, GL_ALIGN_START), GL_EHANDLE);
    EXPECT_STATUS(gl_grid_resize(g, 10, 10), GL_EHANDLE);
    EXPECT_STATUS(gl_grid_page(g, &n), GL_EHANDLE);
    EXPECT_STATUS(gl_grid_page_count(g, &n), GL_EHANDLE);
    EXPECT_STATUS(gl_grid_scroll_to_page(g, 0), GL_EHANDLE);
    EXPECT_STATUS(gl_grid_set_event_handler(g, NULL, NULL), GL_EHANDLE);
    EXPECT_STATUS(gl_grid_stats(g, NULL), GL_EHANDLE);

    /* Made-up handles: a small number, a stack address, an odd pointer. */
    int local = 0;
    EXPECT_STATUS(gl_grid_reload((gl_grid *)(uintptr_t)0x1234), GL_EHANDLE);
    EXPECT_STATUS(gl_grid_content_size((gl_grid *)&local, &size), GL_EHANDLE);
    EXPECT_STATUS(gl_grid_destroy((gl_grid *)(uintptr_t)UINTPTR_MAX), GL_EHANDLE);

    /* A new grid never gets a destroyed one's handle. */
    gl_grid *h = ninegrid();
    EXPECT(h != g);
    EXPECT_STATUS(gl_grid_content_size(g, &size), GL_EHANDLE);
    OK(gl_grid_content_size(h, &size));
    OK(gl_grid_destroy(h));
}

static void test_bad_bulk_data(void) {
    gl_grid *g = ninegrid();
    gl_size sizes[4] = { { 10, 10 }, { 10, 10 }, { 10, 10 }, { 10, 10 } };
    gl_section s = { sizes, 4, 0, { 0, 0 }, 0 };
    gl_size content;

    sizes[2].h = NAN;
    EXPECT_STATUS(gl_grid_set_sections(g, &s, 1, 0), GL_EDATA);
    EXPECT_ERROR("item (section 0, item 2)");
    sizes[2].h = -1;
    EXPECT_STATUS(gl_grid_set_sections(g, &s, 1, 0), GL_EDATA);
    sizes[2].h = INFINITY;
    EXPECT_STATUS(gl_grid_set_sections(g, &s, 1, 0), GL_EDATA);
    sizes[2].h = 10;
    s.has_header = 1;
    s.header.h = NAN;
    EXPECT_STATUS(gl_grid_set_sections(g, &s, 1, 0), GL_EDATA);
    EXPECT_ERROR("header of section 0");
    s.has_header = 0;
    s.lanes = -2;
    EXPECT_STATUS(gl_grid_set_sections(g, &s, 1, 0), GL_EINVAL);
    s.lanes = 0;
    s.sizes = NULL;
    EXPECT_STATUS(gl_grid_set_sections(g, &s, 1, 0), GL_EINVAL);
    EXPECT_STATUS(gl_grid_set_sections(g, NULL, 2, 0), GL_EINVAL);
    EXPECT_STATUS(gl_grid_set_sections(g, &s, (size_t)-1, 0), GL_EINVAL);
    s.sizes = sizes;
    s.count = (size_t)1 << 40;
    EXPECT_STATUS(gl_grid_set_sections(g, &s, 1, 0), GL_ENOMEM);

    /* The previous data source is still the grid's: a reload gives the nine-grid again. */
    OK(gl_grid_reload(g));
    OK(gl_grid_content_size(g, &content));
    EXPECT(content.w == 320 && content.h == 510);

    /* Lanes from the data source beyond the engine's limit: the reload fails, the layout stays. */
    s.count = 4;
    s.lanes = 10001;
    EXPECT_STATUS(gl_grid_set_sections(g, &s, 1, 0), GL_EINVAL);
    s.lanes = 2;
    OK(gl_grid_set_sections(g, &s, 1, GL_SHOW_LOADER));
    OK(gl_grid_reload(g));
    gl_rect r;
    OK(gl_grid_frame(g, 0, 3, &r));                      /* 2 lanes, spacing 10 */
    EXPECT_RECT(r, 20, 20, 10, 10);
    int shown = 0;
    OK(gl_grid_loader_frame(g, &shown, &r));
    EXPECT(shown == 1);
    EXPECT_RECT(r, 138, 40, 44, 44);                     /* centred on 320, after the last item */
    EXPECT_STATUS(gl_grid_set_sections(g, &s, 1, 4), GL_EINVAL);   /* unknown flag */

    /* GL_SAME_SIZE: one size per section, any count (a billion items stores nothing). */
    s.count = 1000000000;
    s.lanes = 0;
    OK(gl_grid_set_sections(g, &s, 1, GL_SAME_SIZE));
    OK(gl_grid_reload(g));
    OK(gl_grid_frame(g, 0, 999999999, &r));
    EXPECT_RECT(r, 0, 333333333.0 * 20, 10, 10);        /* 3 lanes: row 333333333 */
    OK(gl_grid_content_size(g, &content));
    EXPECT(content.h == 333333334.0 * 20 - 10);
    s.count = 4;

    /* Without a data source. */
    OK(gl_grid_set_data_source(g, NULL));
    EXPECT_STATUS(gl_grid_reload(g), GL_ENOSOURCE);
    EXPECT_ERROR("no data source");
    OK(gl_grid_frame(g, 0, 3, &r));                      /* the layout stays */
    OK(gl_grid_set_sections(g, NULL, 0, 0));
    OK(gl_grid_reload(g));
    OK(gl_grid_content_size(g, &content));
    EXPECT(content.h == 0);

    /* Resize: NaN is an error; a new width re-lays out. */
    EXPECT_STATUS(gl_grid_resize(g, NAN, 100), GL_EINVAL);
    EXPECT_STATUS(gl_grid_resize(g, -1, 100), GL_EINVAL);
    OK(gl_grid_resize(g, 200, 100));
    OK(gl_grid_content_size(g, &content));
    EXPECT(content.w == 200);
    OK(gl_grid_destroy(g));
}

/* gl_grid_set_sections_composed's uniform: a section passes one size for all its items. Without GL_SAME_SIZE
 * they are laid out one by one, exactly as the expanded sizes; a count past the stored-items
 * limit fails at once, before anything is repeated, and the previous data stays. */
static void test_uniform_sections(void) {
    gl_grid *g = ninegrid(), *expanded = ninegrid();
    gl_size one = { 100, 120 }, five[5], two[2] = { { 50, 60 }, { 70, 80 } };
    for (int i = 0; i < 5; i++) five[i] = one;
    gl_section s[2] = { { &one, 5, 1, { 0, 30 }, 0 }, { two, 2, 0, { 0, 0 }, 2 } };
    gl_section e[2] = { { five, 5, 1, { 0, 30 }, 0 }, { two, 2, 0, { 0, 0 }, 2 } };
    int uniform[2] = { 1, 0 };
    OK(gl_grid_set_sections_composed(g, s, 2, GL_SHOW_LOADER, uniform, NULL));
    OK(gl_grid_reload(g));
    OK(gl_grid_set_sections(expanded, e, 2, GL_SHOW_LOADER));
    OK(gl_grid_reload(expanded));
    gl_size a, b;
    OK(gl_grid_content_size(g, &a));
    OK(gl_grid_content_size(expanded, &b));
    EXPECT(a.w == b.w && a.h == b.h);
    int64_t n = 0;
    OK(gl_grid_item_count(g, 0, &n));
    EXPECT(n == 5);
    for (int64_t sec = 0; sec < 2; sec++) {
        for (int64_t i = 0; i < (sec == 0 ? 5 : 2); i++) {
            gl_rect r1, r2;
            OK(gl_grid_frame(g, sec, i, &r1));
            OK(gl_grid_frame(expanded, sec, i, &r2));
            EXPECT_RECT(r1, r2.x, r2.y, r2.w, r2.h);
        }
    }
    gl_rect r;
    OK(gl_grid_frame(g, 0, 4, &r));
    EXPECT_RECT(r, 110, 170, 100, 120);                 /* row 1, below the header (30) and spacing (10) */

    /* A count past the stored-items limit: the library's error, at once; the data stays. */
    s[0].count = 100000001;
    EXPECT_STATUS(gl_grid_set_sections_composed(g, s, 2, 0, uniform, NULL), GL_ENOMEM);
    EXPECT_LAST_ERROR("section 0: 100000001 items make more than the engine's 100000000 stored items (GL_SAME_SIZE stores none)");
    s[0].count = (size_t)1 << 40;
    EXPECT_STATUS(gl_grid_set_sections_composed(g, s, 2, 0, uniform, NULL), GL_ENOMEM);
    /* With GL_SAME_SIZE the same section is fine: one size, nothing stored. */
    OK(gl_grid_set_sections_composed(g, s, 1, GL_SAME_SIZE, uniform, NULL));
    s[0].count = 5;
    one.w = NAN;
    EXPECT_STATUS(gl_grid_set_sections_composed(g, s, 2, 0, uniform, NULL), GL_EDATA);
    EXPECT_ERROR("item (section 0, item 0)");
    one.w = 100;
    s[0].sizes = NULL;
    EXPECT_STATUS(gl_grid_set_sections_composed(g, s, 2, 0, uniform, NULL), GL_EINVAL);
    EXPECT_ERROR("section 0: sizes is NULL with count 5");
    s[0].sizes = &one;
    EXPECT_STATUS(gl_grid_set_sections_composed(NULL, s, 2, 0, uniform, NULL), GL_EHANDLE);
    /* NULL uniform: gl_grid_set_sections (section 0 then reads 5 sizes: give it five). */
    OK(gl_grid_set_sections_composed(g, e, 2, 0, NULL, NULL));
    OK(gl_grid_reload(g));
    OK(gl_grid_frame(g, 1, 1, &r));
    gl_rect want;
    OK(gl_grid_frame(expanded, 1, 1, &want));
    EXPECT_RECT(r, want.x, want.y, want.w, want.h);
    OK(gl_grid_destroy(g));
    OK(gl_grid_destroy(expanded));
}

static void test_callbacks(void) {
    model m;
    memset(&m, 0, sizeof m);
    m.sections = 2;
    m.counts[0] = 5;
    m.counts[1] = 3;
    m.w = 50;
    m.h = 40;
    m.fail_item = -1;
    gl_data_source ds;
    gl_grid *g = model_grid(&m, &ds);
    OK(gl_grid_reload(g));
    gl_size content;
    OK(gl_grid_content_size(g, &content));
    EXPECT(content.w == 320 && content.h == 120 + 80);   /* 3 rows, then 2 rows */
    gl_rect r;
    OK(gl_grid_frame(g, 1, 2, &r));
    EXPECT_RECT(r, 0, 200 - 40, 50, 40);
    OK(gl_grid_frame(g, 0, 3, &r));
    EXPECT_RECT(r, 50, 40, 50, 40);

    /* A failing callback: GL_ECALLBACK naming it and the item; the layout stays whole. */
    m.fail_item = 2;
    m.h = 99;
    EXPECT_STATUS(gl_grid_reload(g), GL_ECALLBACK);
    EXPECT_ERROR("item_size returned GL_EINVAL");
    EXPECT_ERROR("item (section 0, item 2)");
    OK(gl_grid_content_size(g, &content));
    EXPECT(content.h == 200);
    OK(gl_grid_frame(g, 1, 2, &r));
    EXPECT_RECT(r, 0, 160, 50, 40);
    m.fail_item = -1;

    /* A NaN size: GL_EDATA, layout whole. */
    m.nan_item = 1;
    EXPECT_STATUS(gl_grid_reload(g), GL_EDATA);
    EXPECT_ERROR("item (section 0, item 3)");
    OK(gl_grid_frame(g, 0, 3, &r));
    EXPECT_RECT(r, 50, 40, 50, 40);
    m.nan_item = 0;
    m.negative_count = 1;
    EXPECT_STATUS(gl_grid_reload(g), GL_EDATA);
    m.negative_count = 0;
    int64_t n = 0;
    OK(gl_grid_item_count(g, 0, &n));
    EXPECT(n == 5);

    /* reloadNew asks only for the appended items. */
    m.h = 40;
    OK(gl_grid_reload(g));
    m.counts[1] = 6;
    m.size_calls = 0;
    OK(gl_grid_reload_new(g));
    EXPECT(m.size_calls == 3);
    OK(gl_grid_frame(g, 1, 5, &r));
    EXPECT_RECT(r, 50, 200, 50, 40);
    m.counts[1] = 2;                                     /* shrank: not an append */
    EXPECT_STATUS(gl_grid_reload_new(g), GL_EDATA);
    EXPECT_ERROR("call gl_grid_reload()");
    OK(gl_grid_item_count(g, 1, &n));
    EXPECT(n == 6);
    OK(gl_grid_reload(g));
    OK(gl_grid_item_count(g, 1, &n));
    EXPECT(n == 2);

    /* Re-entrance: a reload from inside a callback is refused; queries work. */
    m.reenter = 1;
    OK(gl_grid_reload(g));
    EXPECT(m.reentrant == GL_EBUSY);
    EXPECT(m.query_ok == 1);
    m.reenter = 0;

    /* Bad data source structs. */
    gl_data_source bad = ds;
    bad.item_count = NULL;
    EXPECT_STATUS(gl_grid_set_data_source(g, &bad), GL_EINVAL);
    EXPECT_ERROR("item_count");
    bad = ds;
    bad.item_size = NULL;
    EXPECT_STATUS(gl_grid_set_data_source(g, &bad), GL_EINVAL);
    bad = ds;
    bad.struct_size = 0;
    EXPECT_STATUS(gl_grid_set_data_source(g, &bad), GL_EVERSION);
    EXPECT(m.released == 0);

    /* The release callback runs once when the source is replaced, and at destroy. */
    OK(gl_grid_set_data_source(g, &ds));
    EXPECT(m.released == 1);
    OK(gl_grid_destroy(g));
    EXPECT(m.released == 2);
}

/* The bulk callback: one call per section. */
static int bulk_calls;
static gl_status b_count(void *ctx, int64_t s, int64_t *n) { (void)ctx; *n = s == 0 ? 4 : 0; return GL_OK; }
static gl_status b_sizes(void *ctx, int64_t s, gl_size *sizes, int64_t n) {
    (void)ctx; (void)s;
    bulk_calls++;
    for (int64_t i = 0; i < n; i++) { sizes[i].w = 100; sizes[i].h = (double)(10 * (i + 1)); }
    return GL_OK;
}
static gl_status b_lanes(void *ctx, int64_t s, int *lanes) { (void)ctx; (void)s; *lanes = 2; return GL_OK; }

static void test_bulk_callback(void) {
    gl_grid *g = NULL;
    OK(gl_grid_create(NULL, &g));
    gl_data_source ds;
    gl_data_source_init(&ds);
    ds.item_count = b_count;
    ds.item_sizes = b_sizes;
    ds.lanes = b_lanes;
    OK(gl_grid_set_data_source(g, &ds));
    OK(gl_grid_reload(g));
    EXPECT(bulk_calls == 1);
    gl_rect r;
    OK(gl_grid_frame(g, 0, 2, &r));                     /* lanes end at 10 and 20: lane 0 */
    EXPECT_RECT(r, 0, 10, 100, 30);
    OK(gl_grid_frame(g, 0, 3, &r));                     /* 40 vs 20: lane 1 */
    EXPECT_RECT(r, 100, 20, 100, 40);
    OK(gl_grid_destroy(g));
}

/* A lying data source (issue 15, fault 1): item_count answers from a list, one answer per call
 * (the last repeats); every item is w x h. */
typedef struct liar {
    int64_t answers[4];
    int n, calls;
    double w, h;
} liar;
static gl_status l_count(void *ctx, int64_t s, int64_t *n) {
    liar *l = (liar *)ctx;
    (void)s;
    *n = l->answers[l->calls < l->n ? l->calls : l->n - 1];
    l->calls++;
    return GL_OK;
}
static gl_status l_sizes(void *ctx, int64_t s, gl_size *sizes, int64_t n) {
    liar *l = (liar *)ctx;
    (void)s;
    for (int64_t i = 0; i < n; i++) { sizes[i].w = l->w; sizes[i].h = l->h; }
    return GL_OK;
}
static gl_status l_same(void *ctx, int *same) { (void)ctx; *same = 1; return GL_OK; }

static gl_grid *liar_grid(liar *l, int same) {
    gl_grid *g = NULL;
    OK(gl_grid_create(NULL, &g));
    gl_data_source ds;
    gl_data_source_init(&ds);
    ds.context = l;
    ds.item_count = l_count;
    ds.item_sizes = l_sizes;
    if (same) ds.same_size = l_same;
    OK(gl_grid_set_data_source(g, &ds));
    return g;
}

static void test_lying_data_source(void) {
    /* A same-size section answered through item_sizes: item_count is asked once per reload and
     * its one answer sizes the buffer (it used to be asked three times, and 5, 5, 0 trapped). */
    liar l = { { 5, 5, 0 }, 3, 0, 100, 40 };
    gl_grid *g = liar_grid(&l, 1);
    OK(gl_grid_reload(g));
    EXPECT(l.calls == 1);
    int64_t n = 0;
    OK(gl_grid_item_count(g, 0, &n));
    EXPECT(n == 5);
    gl_rect r;
    OK(gl_grid_frame(g, 0, 4, &r));
    EXPECT_RECT(r, 0, 160, 100, 40);
    OK(gl_grid_reload(g));                              /* 5 again: one question */
    EXPECT(l.calls == 2);
    EXPECT_STATUS(gl_grid_reload(g), GL_OK);            /* now 0 */
    OK(gl_grid_item_count(g, 0, &n));
    EXPECT(n == 0);
    OK(gl_grid_destroy(g));
}

typedef struct recorder {
    int loaded, unloaded, loader_shown, loader_hidden, pages, last_page, attached, destroy_in_handler;
    gl_grid *grid;
    int views[64];
    int next_view;
} recorder;

static void record(void *ctx, gl_grid *grid, const gl_event *e) {
    recorder *r = (recorder *)ctx;
    EXPECT(grid == r->grid);
    switch (e->kind) {
    case GL_EVENT_LOADED:
        r->loaded++;
        if (e->element.kind == GL_KIND_ITEM) {
            void *view = NULL;
            OK(gl_grid_dequeue(grid, &view));
            if (!view && r->next_view < 64) view = &r->views[r->next_view++];
            if (view) { OK(gl_grid_attach_view(grid, e->element.section, e->element.item, view)); r->attached++; }
        }
        break;
    case GL_EVENT_UNLOADED:
        r->unloaded++;
        if (e->element.kind == GL_KIND_ITEM) EXPECT(e->view != NULL);
        break;
    case GL_EVENT_LOADER_SHOWN: r->loader_shown++; break;
    case GL_EVENT_LOADER_HIDDEN: r->loader_hidden++; break;
    case GL_EVENT_PAGE_CHANGED: r->pages++; r->last_page = (int)e->page; break;
    }
    if (r->destroy_in_handler) { OK(gl_grid_destroy(grid)); r->destroy_in_handler = 0; }
}

static void test_events_and_reuse(void) {
    /* A list of 100 rows of 320 x 100 in a 320 x 480 viewport, with the loader after it. */
    gl_grid *g = NULL;
    OK(gl_grid_create(NULL, &g));
    recorder rec;
    memset(&rec, 0, sizeof rec);
    rec.grid = g;
    OK(gl_grid_set_event_handler(g, record, &rec));
    gl_size sizes[100];
    for (int i = 0; i < 100; i++) { sizes[i].w = 320; sizes[i].h = 100; }
    gl_section s = { sizes, 100, 0, { 0, 0 }, 0 };
    OK(gl_grid_set_sections(g, &s, 1, GL_SHOW_LOADER));
    OK(gl_grid_reload(g));
    EXPECT(rec.loaded == 5 && rec.attached == 5);
    void *view = NULL;
    OK(gl_grid_view(g, 0, 4, &view));
    EXPECT(view == &rec.views[4]);
    OK(gl_grid_view(g, 0, 50, &view));
    EXPECT(view == NULL);
    for (int y = 0; y <= 10000; y += 37) OK(gl_grid_scroll_to(g, 0, y));
    EXPECT(rec.loader_shown == 1);
    gl_stats st;
    OK(gl_grid_stats(g, &st));
    EXPECT(st.created <= 7 && st.reused >= 90 && st.live == st.created + st.reused - rec.unloaded);
    EXPECT(st.live + st.queued == st.created);
    EXPECT(rec.next_view == st.created);
    OK(gl_grid_scroll_to(g, 0, 0));
    EXPECT(rec.loader_hidden == 1);
    EXPECT_STATUS(gl_grid_attach_view(g, 0, 99, &rec.views[0]), GL_ERANGE);   /* not loaded */
    EXPECT_STATUS(gl_grid_attach_view(g, 0, 0, NULL), GL_EINVAL);
    EXPECT_STATUS(gl_grid_dequeue(g, NULL), GL_EINVAL);
    EXPECT_STATUS(gl_grid_stats(g, NULL), GL_EINVAL);

    /* A handler may destroy the grid: the rest of the events are dropped, nothing crashes. */
    rec.destroy_in_handler = 1;
    OK(gl_grid_scroll_to(g, 0, 5000));
    EXPECT(rec.destroy_in_handler == 0);
    EXPECT_STATUS(gl_grid_scroll_to(g, 0, 0), GL_EHANDLE);
}

/* The run-time description of the options is the engine's one list: every option is described,
 * settable by its name, and the header's enums name the same cases in the same order. */
static const gl_option_info *find_option(gl_option_info *all, int64_t n, const char *name) {
    for (int64_t i = 0; i < n; i++) if (strcmp(all[i].name, name) == 0) return &all[i];
    return NULL;
}

static int choice_is(const gl_option_info *o, int value, const char *name) {
    return o && o->type == GL_OPTION_CHOICE && value < o->choice_count && strcmp(o->choices[value], name) == 0;
}

static void test_option_description(void) {
    int64_t n = gl_option_count();
    EXPECT(n == 41);
    gl_option_info all[64];
    for (int64_t i = 0; i < n && i < 64; i++) OK(gl_option_describe(i, &all[i]));
    EXPECT_STATUS(gl_option_describe(n, &all[0]), GL_ERANGE);
    EXPECT(strcmp(gl_last_error(), "gl_option_describe: option 41 is out of range (the library has options 0...40)") == 0);
    EXPECT_STATUS(gl_option_describe(-1, &all[0]), GL_ERANGE);
    EXPECT_STATUS(gl_option_describe(0, NULL), GL_EINVAL);

    const gl_option_info *row = find_option(all, n, "rowHeight");
    EXPECT(row && strcmp(row->c_name, "row_height") == 0 && row->type == GL_OPTION_NUMBER);
    EXPECT(row && row->min == 0 && row->min_exclusive == 1 && row->default_number == 100);
    const gl_option_info *lanes = find_option(all, n, "lanes");
    EXPECT(lanes && lanes->type == GL_OPTION_INTEGER && lanes->min == 1 && lanes->max == 10000 && lanes->default_number == 1);
    const gl_option_info *loader = find_option(all, n, "loaderSize");
    EXPECT(loader && loader->type == GL_OPTION_SIZE && loader->default_size.w == 44 && loader->default_size.h == 44);
    const gl_option_info *pool = find_option(all, n, "maxPooledViews");
    EXPECT(pool && strcmp(pool->c_name, "max_pooled_views") == 0 && pool->default_number == 256);

    /* gridlayout.h's enums agree with the described cases. */
    const gl_option_info *layout = find_option(all, n, "layout");
    EXPECT(layout && layout->choice_count == 4);
    EXPECT(choice_is(layout, GL_LAYOUT_LANES, "lanes") && choice_is(layout, GL_LAYOUT_WATERFALL, "waterfall"));
    EXPECT(choice_is(layout, GL_LAYOUT_FLOW, "flow") && choice_is(layout, GL_LAYOUT_JUSTIFIED, "justified"));
    const gl_option_info *direction = find_option(all, n, "direction");
    EXPECT(direction && direction->choice_count == 2);
    EXPECT(choice_is(direction, GL_VERTICAL, "vertical") && choice_is(direction, GL_HORIZONTAL, "horizontal"));
    const gl_option_info *order = find_option(all, n, "order");
    EXPECT(order && order->choice_count == 3);
    EXPECT(choice_is(order, GL_ORDER_SHORTEST, "shortest") && choice_is(order, GL_ORDER_LTR, "ltr") && choice_is(order, GL_ORDER_RTL, "rtl"));
    const gl_option_info *widow = find_option(all, n, "widow");
    EXPECT(widow && widow->choice_count == 3);
    EXPECT(choice_is(widow, GL_WIDOW_LEFT, "left") && choice_is(widow, GL_WIDOW_CENTER, "center") && choice_is(widow, GL_WIDOW_JUSTIFY, "justify"));
    const gl_option_info *rows = find_option(all, n, "rows");
    EXPECT(rows && rows->choice_count == 2 && rows->default_number == GL_ROWS_GREEDY);
    EXPECT(choice_is(rows, GL_ROWS_GREEDY, "greedy") && choice_is(rows, GL_ROWS_OPTIMAL, "optimal"));
    const gl_option_info *justify = find_option(all, n, "justify");
    EXPECT(justify && justify->choice_count == 6);
    EXPECT(choice_is(justify, GL_JUSTIFY_START, "start") && choice_is(justify, GL_JUSTIFY_CENTER, "center") && choice_is(justify, GL_JUSTIFY_END, "end"));
    EXPECT(choice_is(justify, GL_JUSTIFY_SPACE_BETWEEN, "spaceBetween") && choice_is(justify, GL_JUSTIFY_SPACE_AROUND, "spaceAround"));
    EXPECT(choice_is(justify, GL_JUSTIFY_SPACE_EVENLY, "spaceEvenly"));
    const gl_option_info *align_items = find_option(all, n, "alignItems");
    EXPECT(align_items && align_items->choice_count == 3 && strcmp(align_items->c_name, "align_items") == 0);
    EXPECT(choice_is(align_items, GL_ALIGN_ITEMS_START, "start") && choice_is(align_items, GL_ALIGN_ITEMS_CENTER, "center"));
    EXPECT(choice_is(align_items, GL_ALIGN_ITEMS_END, "end"));

    /* Every numeric and boolean option is set and read by its name, from its default to its
     * largest value (or 1 more for an open range), and a value past the range is refused. */
    gl_grid *g = NULL;
    OK(gl_grid_create(NULL, &g));
    for (int64_t i = 0; i < n; i++) {
        const gl_option_info *o = &all[i];
        double v = -1;
        if (o->type == GL_OPTION_CHOICE) {
            OK(gl_grid_get_option_number(g, o->name, &v));
            EXPECT(v == o->default_number);
            OK(gl_grid_set_option_string(g, o->name, o->choices[o->choice_count - 1]));
            OK(gl_grid_get_option_number(g, o->name, &v));
            EXPECT(v == (double)(o->choice_count - 1));
            continue;
        }
        if (o->type != GL_OPTION_NUMBER && o->type != GL_OPTION_INTEGER && o->type != GL_OPTION_BOOL) continue;
        OK(gl_grid_get_option_number(g, o->name, &v));
        EXPECT(v == o->default_number);
        double target = o->max < 1e300 ? o->max : o->default_number + 1;
        OK(gl_grid_set_option_number(g, o->name, target));
        OK(gl_grid_get_option_number(g, o->name, &v));
        EXPECT(v == target);
        if (o->max < 1e300) EXPECT_STATUS(gl_grid_set_option_number(g, o->name, o->max + 1), GL_EINVAL);
        EXPECT_STATUS(gl_grid_set_option_number(g, o->name, o->min - 1), GL_EINVAL);
        /* spacing sets lineSpacing and itemSpacing: back to the default they are checked from */
        if (strcmp(o->name, "spacing") == 0) OK(gl_grid_set_option_number(g, "spacing", 0));
    }
    OK(gl_grid_destroy(g));
}

/* A binding words the engine's errors in its own names (gl_set_error_words); NULL restores C's. */
static void test_error_words(void) {
    gl_grid *g = NULL;
    OK(gl_grid_create(NULL, &g));
    gl_size size = { 10, 10 };
    gl_section s = { &size, 1, 0, { 0, 0 }, 0 };
    OK(gl_grid_set_sections(g, &s, 1, 0));
    OK(gl_grid_reload(g));
    EXPECT_STATUS(gl_grid_drag_to(g, 1, 1), GL_ESTATE);
    EXPECT_STR(gl_last_error(), "gl_grid_drag_to: no drag is in progress (call gl_grid_begin_drag first)");
    const char *callbacks[GL_CALLBACK_COUNT] = { "sections", "count", "size", "sizes", "header", "show_loader",
                                                 "same_size", "lanes", "insert", "remove", "move", "can_move",
                                                 "can_move_to_section" };
    const char *operations[GL_OPERATION_COUNT] = { "reload", "reload_new", "reload_section", "insert", "remove",
                                                   "move", "step", "begin_drag", "drag_to", "end_drag" };
    gl_error_words words = { 1, callbacks, 13, operations, 10, 1 };
    OK(gl_set_error_words(&words));
    EXPECT_STATUS(gl_grid_drag_to(g, 1, 1), GL_ESTATE);
    EXPECT_STR(gl_last_error(), "drag_to: no drag is in progress (call begin_drag first)");
    EXPECT_STATUS(gl_grid_remove(g, 0, 3, 0), GL_ERANGE);
    EXPECT_STR(gl_last_error(), "remove: item (section 1, item 4) is out of range: section 1 has 1 item (remove takes items 1...1)");
    EXPECT_STATUS(gl_grid_set_option_number(g, "rowHeight", 0), GL_EINVAL);
    EXPECT_STR(gl_last_error(), "option 'row_height': 0 is invalid (expected a finite number > 0)");
    words.base = 2;
    EXPECT_STATUS(gl_set_error_words(&words), GL_EINVAL);
    EXPECT_STR(gl_last_error(), "gl_error_words.base: 2 is invalid (expected 0 or 1)");
    words.base = 0;
    callbacks[3] = NULL;
    EXPECT_STATUS(gl_set_error_words(&words), GL_EINVAL);
    EXPECT_STR(gl_last_error(), "gl_error_words.callbacks[3] is NULL");
    OK(gl_set_error_words(NULL));
    EXPECT_STATUS(gl_grid_drag_to(g, 1, 1), GL_ESTATE);
    EXPECT_STR(gl_last_error(), "gl_grid_drag_to: no drag is in progress (call gl_grid_begin_drag first)");
    OK(gl_grid_destroy(g));
}

/* A handler that makes a new view for every loaded item and never dequeues (fault 14 of the
 * reliability pass): the queue keeps at most max_pooled_views, and every view beyond it comes
 * back in a VIEW_RELEASED event, to be freed. */
typedef struct hoarder { int64_t made, released; } hoarder;

static void hoard(void *ctx, gl_grid *grid, const gl_event *e) {
    hoarder *h = (hoarder *)ctx;
    if (e->kind == GL_EVENT_LOADED && e->element.kind == GL_KIND_ITEM) {
        int *view = malloc(sizeof *view);
        *view = 1;
        h->made++;
        OK(gl_grid_attach_view(grid, e->element.section, e->element.item, view));
    } else if (e->kind == GL_EVENT_VIEW_RELEASED) {
        EXPECT(e->view != NULL && *(int *)e->view == 1);
        free(e->view);
        h->released++;
    }
}

static void test_pool_is_bounded(void) {
    gl_config c;
    gl_config_init(&c);
    EXPECT(c.max_pooled_views == 256);
    c.max_pooled_views = 10;
    gl_grid *g = NULL;
    OK(gl_grid_create(&c, &g));
    hoarder h = { 0, 0 };
    OK(gl_grid_set_event_handler(g, hoard, &h));
    gl_size size = { 320, 100 };
    gl_section s = { &size, 1000, 0, { 0, 0 }, 0 };
    OK(gl_grid_set_sections(g, &s, 1, GL_SAME_SIZE));
    OK(gl_grid_reload(g));
    for (int step = 0; step < 2000; step++) OK(gl_grid_scroll_to(g, 0, (step % 200) * 480));
    gl_stats st;
    OK(gl_grid_stats(g, &st));
    EXPECT(st.queued == 10);
    EXPECT(st.created == h.made && h.made > 1000);
    EXPECT(h.released == h.made - st.live - st.queued);
    /* Bounds of the option. */
    c.max_pooled_views = -1;
    EXPECT_STATUS(gl_grid_set_config(g, &c), GL_EINVAL);
    EXPECT(strcmp(gl_last_error(), "gl_config.max_pooled_views: -1 is invalid (expected 0...1000000)") == 0);
    double v = 0;
    OK(gl_grid_get_option_number(g, "maxPooledViews", &v));
    EXPECT(v == 10);
    /* The rest are the app's to free once the grid is gone: drain them first. */
    OK(gl_grid_set_option_number(g, "maxPooledViews", 0));
    OK(gl_grid_scroll_to(g, 0, 0));
    OK(gl_grid_scroll_to(g, 0, 480 * 50));
    OK(gl_grid_stats(g, &st));
    EXPECT(st.queued == 0);
    for (int64_t i = 0; i < 1000; i++) {
        void *view = NULL;
        OK(gl_grid_view(g, 0, i, &view));
        free(view);
    }
    OK(gl_grid_destroy(g));
}

static void test_paging(void) {
    /* 30 icons of 100 x 100, 3 lanes, paging through a 320 x 240 viewport: 2 rows a page. */
    gl_config c;
    gl_config_init(&c);
    c.width = 320;
    c.height = 240;
    c.lanes = 3;
    c.spacing = 10;
    c.paging = 1;
    gl_grid *g = NULL;
    OK(gl_grid_create(&c, &g));
    recorder rec;
    memset(&rec, 0, sizeof rec);
    rec.grid = g;
    OK(gl_grid_set_event_handler(g, record, &rec));
    gl_size sizes[30];
    for (int i = 0; i < 30; i++) { sizes[i].w = 100; sizes[i].h = 100; }
    gl_section s = { sizes, 30, 0, { 0, 0 }, 0 };
    OK(gl_grid_set_sections(g, &s, 1, GL_SAME_SIZE));   /* the paged arrangement */
    OK(gl_grid_reload(g));
    int64_t pages = 0, page = -1;
    OK(gl_grid_page_count(g, &pages));
    EXPECT(pages == 5);
    gl_rect r;
    OK(gl_grid_frame(g, 0, 6, &r));                      /* first item of page 1 */
    EXPECT_RECT(r, 0, 240, 100, 100);
    OK(gl_grid_scroll_to(g, 0, 130));                    /* snaps to the nearest page */
    gl_point p;
    OK(gl_grid_offset(g, &p));
    EXPECT(p.y == 240);
    OK(gl_grid_page(g, &page));
    EXPECT(page == 1 && rec.pages == 1 && rec.last_page == 1);
    OK(gl_grid_scroll_to_page(g, 99));                   /* clamped */
    OK(gl_grid_page(g, &page));
    EXPECT(page == 4 && rec.last_page == 4);
    OK(gl_grid_scroll_to_page(g, -5));
    OK(gl_grid_page(g, &page));
    EXPECT(page == 0);
    EXPECT_STATUS(gl_grid_page(g, NULL), GL_EINVAL);
    OK(gl_grid_destroy(g));
}

static void *other_thread(void *arg) {
    (void)arg;
    return (void *)(uintptr_t)(strcmp(gl_last_error(), "") == 0);
}

static void test_last_error_per_thread(void) {
    EXPECT_STATUS(gl_grid_reload(NULL), GL_EHANDLE);
    EXPECT(gl_last_error()[0] != 0);
    pthread_t t;
    void *clean = NULL;
    EXPECT(pthread_create(&t, NULL, other_thread, NULL) == 0);
    EXPECT(pthread_join(t, &clean) == 0);
    EXPECT(clean == (void *)1);                          /* the other thread saw no error */
    EXPECT(gl_last_error()[0] != 0);                     /* this thread's stays */
    OK(GL_CHECK_VERSION());
    EXPECT(gl_last_error()[0] == 0);                     /* a success clears it */
}

static void test_many_grids(void) {
    gl_grid *grids[100];
    for (int i = 0; i < 100; i++) OK(gl_grid_create(NULL, &grids[i]));
    for (int i = 0; i < 100; i += 2) OK(gl_grid_destroy(grids[i]));
    gl_size size;
    for (int i = 0; i < 100; i++)
        EXPECT_STATUS(gl_grid_content_size(grids[i], &size), i % 2 ? GL_OK : GL_EHANDLE);
    for (int i = 1; i < 100; i += 2) OK(gl_grid_destroy(grids[i]));
}

/* lineSpacing along the scroll axis, itemSpacing across it (docs/layout.md, "Two spacings"):
 * lanes 2, items 100x50, line_spacing 10, item_spacing 4: item 1 at x = 100 + 4, item 2 at
 * y = 50 + 10. `spacing` reads NaN while they differ; a changed `spacing` sets both. */
static void test_two_spacings(void) {
    gl_config c;
    gl_config_init(&c);
    EXPECT(c.line_spacing == 0 && c.item_spacing == 0);
    c.lanes = 2;
    c.line_spacing = 10;
    c.item_spacing = 4;
    gl_grid *g = NULL;
    OK(gl_grid_create(&c, &g));
    gl_size size = { 100, 50 };
    gl_section s = { &size, 3, 0, { 0, 0 }, 0 };
    OK(gl_grid_set_sections(g, &s, 1, GL_SAME_SIZE));
    OK(gl_grid_reload(g));
    gl_rect r;
    OK(gl_grid_frame(g, 0, 1, &r));
    EXPECT(r.x == 104 && r.y == 0 && r.w == 100 && r.h == 50);
    OK(gl_grid_frame(g, 0, 2, &r));
    EXPECT(r.x == 0 && r.y == 60);
    double v = 0;
    OK(gl_grid_get_option_number(g, "spacing", &v));
    EXPECT(isnan(v));
    OK(gl_grid_get_option_number(g, "itemSpacing", &v));
    EXPECT(v == 4);
    /* get, change one field, set: that field changes, the other stays. */
    gl_config got;
    got.struct_size = sizeof got;
    OK(gl_grid_get_config(g, &got));
    EXPECT(isnan(got.spacing) && got.line_spacing == 10 && got.item_spacing == 4);
    got.item_spacing = 10;
    OK(gl_grid_set_config(g, &got));
    OK(gl_grid_get_option_number(g, "spacing", &v));
    EXPECT(v == 10);
    OK(gl_grid_get_config(g, &got));
    got.spacing = 3;
    OK(gl_grid_set_config(g, &got));
    OK(gl_grid_get_config(g, &got));
    EXPECT(got.spacing == 3 && got.line_spacing == 3 && got.item_spacing == 3);
    got.line_spacing = 7;
    OK(gl_grid_set_config(g, &got));
    OK(gl_grid_get_option_number(g, "lineSpacing", &v));
    EXPECT(v == 7);
    /* Bad values name the option and the value, and change nothing. */
    EXPECT_STATUS(gl_grid_set_option_number(g, "lineSpacing", NAN), GL_EINVAL);
    EXPECT(strcmp(gl_last_error(), "option 'line_spacing': nan is invalid (expected a finite number >= 0)") == 0);
    OK(gl_grid_get_config(g, &got));
    EXPECT(isnan(got.spacing) && got.line_spacing == 7 && got.item_spacing == 3);
    /* both spacing and one of the two changed: spacing sets both, the changed one wins */
    got.spacing = 5;
    got.item_spacing = 1;
    OK(gl_grid_set_config(g, &got));
    OK(gl_grid_get_config(g, &got));
    EXPECT(got.line_spacing == 5 && got.item_spacing == 1);
    got.item_spacing = -1;
    EXPECT_STATUS(gl_grid_set_config(g, &got), GL_EINVAL);
    EXPECT(strcmp(gl_last_error(), "gl_config.item_spacing: -1 is invalid (expected a finite number >= 0)") == 0);
    got.item_spacing = 1;
    got.spacing = -2;
    EXPECT_STATUS(gl_grid_set_config(g, &got), GL_EINVAL);
    EXPECT(strcmp(gl_last_error(), "gl_config.spacing: -2 is invalid (expected a finite number >= 0)") == 0);
    OK(gl_grid_get_option_number(g, "lineSpacing", &v));
    EXPECT(v == 5);
    OK(gl_grid_get_option_number(g, "itemSpacing", &v));
    EXPECT(v == 1);
    OK(gl_grid_destroy(g));
}

/* rtl mirrors every frame along x (docs/layout.md, "Right to left"): lanes 2 in 320, items
 * 100x50, item_spacing 4: laid out at x 0 and 104, reported at 220 and 116. */
/* Layout transitions (since 1.2; docs/layout.md, "Layout transitions"): the worked example, a
 * 3-column waterfall of 30 squares going to 5 columns from offset 400, and every bad input. */
static void test_transition(void) {
    gl_config c;
    gl_config_init(&c);
    c.layout = GL_LAYOUT_WATERFALL; c.columns = 3; c.spacing = 10; c.width = 320; c.height = 300;
    gl_grid *g;
    OK(gl_grid_create(&c, &g));
    gl_size sizes[30];
    for (int i = 0; i < 30; i++) { sizes[i].w = 100; sizes[i].h = 100; }
    gl_section s = { sizes, 30, 0, { 0, 0 }, 0 };
    OK(gl_grid_set_sections(g, &s, 1, 0));
    OK(gl_grid_reload(g));
    OK(gl_grid_scroll_to(g, 0, 400));
    EXPECT_STATUS(gl_grid_transition_progress(g, 0.5), GL_ESTATE);
    EXPECT(strcmp(gl_last_error(), "gl_grid_transition_progress: no layout transition is running (call gl_grid_transition() first)") == 0);
    EXPECT_STATUS(gl_grid_transition_commit(g), GL_ESTATE);
    EXPECT_STATUS(gl_grid_transition_cancel(g), GL_ESTATE);
    gl_config target;
    gl_config_init(&target);
    OK(gl_grid_get_config(g, &target));
    target.direction = GL_HORIZONTAL;
    EXPECT_STATUS(gl_grid_transition(g, &target), GL_EINVAL);
    EXPECT(strstr(gl_last_error(), "option 'direction'") != NULL);
    target.direction = GL_VERTICAL;
    target.columns = 0;
    EXPECT_STATUS(gl_grid_transition(g, &target), GL_EINVAL);
    EXPECT(strcmp(gl_last_error(), "gl_config.columns: 0 is invalid (expected 1...10000)") == 0);
    EXPECT_STATUS(gl_grid_transition(g, NULL), GL_EINVAL);
    target.columns = 5;
    EXPECT_STATUS(gl_grid_animate_to(g, &target, NAN), GL_EINVAL);
    int running = -1;
    double progress = -1;
    OK(gl_grid_transition_state(g, &running, &progress));
    EXPECT(running == 0);
    OK(gl_grid_transition(g, &target));
    OK(gl_grid_transition_progress(g, 0.5));
    gl_point o;
    OK(gl_grid_offset(g, &o));
    EXPECT(o.x == 0 && o.y == 213);
    gl_element e[32];
    size_t n = 0;
    OK(gl_grid_visible(g, e, 32, &n));
    int found = 0;
    for (size_t k = 0; k < n; k++)
        if (e[k].item == 16) { found = 1; EXPECT(e[k].x == 88 && e[k].y == 374 && e[k].w == 78 && e[k].h == 78 && e[k].alpha == 1); }
    EXPECT(found);
    EXPECT_STATUS(gl_grid_transition_progress(g, NAN), GL_EINVAL);
    EXPECT(strcmp(gl_last_error(), "gl_grid_transition_progress: progress nan is invalid (expected a number from 0 to 1)") == 0);
    EXPECT_STATUS(gl_grid_transition_progress(g, 1.5), GL_EINVAL);
    EXPECT_STATUS(gl_grid_reload(g), GL_ESTATE);
    EXPECT(strcmp(gl_last_error(), "gl_grid_reload: not allowed during a layout transition (call gl_grid_transition_commit() or gl_grid_transition_cancel() first)") == 0);
    EXPECT_STATUS(gl_grid_scroll_to(g, 0, 0), GL_ESTATE);
    EXPECT_STATUS(gl_grid_transition(g, &target), GL_ESTATE);
    OK(gl_grid_transition_state(g, &running, &progress));
    EXPECT(running == 1 && progress == 0.5);
    OK(gl_grid_transition_cancel(g));
    OK(gl_grid_offset(g, &o));
    EXPECT(o.y == 400);
    OK(gl_grid_transition(g, &target));
    OK(gl_grid_transition_commit(g));
    OK(gl_grid_offset(g, &o));
    EXPECT(o.y == 26);
    double columns = 0;
    OK(gl_grid_get_option_number(g, "columns", &columns));
    EXPECT(columns == 5);
    target.columns = 3;
    OK(gl_grid_animate_to(g, &target, 0.2));
    int animating = 0;
    OK(gl_grid_is_animating(g, &animating));
    EXPECT(animating == 1);
    OK(gl_grid_step(g, 0.2));
    OK(gl_grid_is_animating(g, &animating));
    EXPECT(animating == 0);
    OK(gl_grid_get_option_number(g, "columns", &columns));
    EXPECT(columns == 3);
    gl_grid_destroy(g);
}

/* gl_nearest_name (since 1.2): the engine's "did you mean" rule for a binding's own names. */
static void test_nearest_name(void) {
    const char *names[] = { "reload", "frame", "scrollTo", "scrollBy" };
    int64_t index = 7;
    OK(gl_nearest_name("fraem", names, 4, &index));
    EXPECT(index == 1);
    OK(gl_nearest_name("RELOAD", names, 4, &index));
    EXPECT(index == 0);
    OK(gl_nearest_name("scrollBo", names, 4, &index)); /* scrollTo and scrollBy tie: none */
    EXPECT(index == -1);
    OK(gl_nearest_name("zzz", names, 4, &index));
    EXPECT(index == -1);
    OK(gl_nearest_name("x", NULL, 0, &index));
    EXPECT(index == -1);
    EXPECT_STATUS(gl_nearest_name(NULL, names, 4, &index), GL_EINVAL);
    EXPECT_STATUS(gl_nearest_name("x", NULL, 2, &index), GL_EINVAL);
    EXPECT_STATUS(gl_nearest_name("x", names, 4, NULL), GL_EINVAL);
}

/* Sections that scroll sideways (since 1.2): width 100, padding 10, spacing 10, five 30 x 40
 * items in one line at x 10, 50, ..., 170; the range is 10...90, offsets up to 200 - 90 = 110. */
static void test_sideways(void) {
    gl_config c;
    gl_config_init(&c);
    EXPECT(c.scroll == GL_SCROLL_MAIN && c.section_paging == GL_PAGING_NONE);
    c.width = 100;
    c.height = 200;
    c.padding = (gl_insets){ 10, 10, 10, 10 };
    c.spacing = 10;
    c.lanes = 1;
    c.scroll = GL_SCROLL_CROSS;
    c.section_paging = GL_PAGING_ITEM;
    gl_grid *g = NULL;
    OK(gl_grid_create(&c, &g));
    gl_size size = { 30, 40 };
    gl_section s = { &size, 5, 0, { 0, 0 }, 0 };
    OK(gl_grid_set_sections(g, &s, 1, GL_SAME_SIZE));
    OK(gl_grid_reload(g));
    gl_rect r;
    OK(gl_grid_frame(g, 0, 4, &r));
    EXPECT(r.x == 170 && r.y == 10 && r.w == 30 && r.h == 40);
    double offset = -1;
    OK(gl_grid_section_offset(g, 0, &offset));
    EXPECT(offset == 0);
    OK(gl_grid_scroll_section(g, 0, 47)); /* snaps to the item start at 50: offset 40 */
    OK(gl_grid_section_offset(g, 0, &offset));
    EXPECT(offset == 40);
    OK(gl_grid_frame(g, 0, 1, &r));
    EXPECT(r.x == 10 && r.y == 10);
    OK(gl_grid_scroll_section(g, 0, 1e9)); /* clamped to 110 */
    OK(gl_grid_section_offset(g, 0, &offset));
    EXPECT(offset == 110);
    EXPECT_STATUS(gl_grid_scroll_section(g, 0, NAN), GL_EINVAL);
    EXPECT(strcmp(gl_last_error(), "gl_grid_scroll_section: offset nan for section 0 is invalid (expected a finite number)") == 0);
    EXPECT_STATUS(gl_grid_scroll_section(g, 1, 0), GL_ERANGE);
    EXPECT_STATUS(gl_grid_section_offset(g, 0, NULL), GL_EINVAL);
    OK(gl_grid_section_offset(g, 0, &offset));
    EXPECT(offset == 110);
    c.scroll = GL_SCROLL_MAIN;
    OK(gl_grid_set_config(g, &c));
    OK(gl_grid_reload(g));
    OK(gl_grid_section_offset(g, 0, &offset));
    EXPECT(offset == 0);
    EXPECT_STATUS(gl_grid_scroll_section(g, 0, 5), GL_ESTATE);
    EXPECT(strcmp(gl_last_error(), "gl_grid_scroll_section: section 0 does not scroll sideways (it needs the option 'scroll' = 'cross' and items)") == 0);
    c.scroll = 2;
    EXPECT_STATUS(gl_grid_set_config(g, &c), GL_EINVAL);
    gl_grid_destroy(g);
}

static void test_rtl(void) {
    gl_config c;
    gl_config_init(&c);
    EXPECT(c.rtl == 0);
    c.lanes = 2;
    c.item_spacing = 4;
    c.rtl = 1;
    gl_grid *g = NULL;
    OK(gl_grid_create(&c, &g));
    gl_size size = { 100, 50 };
    gl_section s = { &size, 3, 0, { 0, 0 }, 0 };
    OK(gl_grid_set_sections(g, &s, 1, GL_SAME_SIZE));
    OK(gl_grid_reload(g));
    gl_rect r;
    OK(gl_grid_frame(g, 0, 0, &r));
    EXPECT(r.x == 220 && r.y == 0 && r.w == 100 && r.h == 50);
    OK(gl_grid_frame(g, 0, 1, &r));
    EXPECT(r.x == 116 && r.y == 0);
    /* gl_grid_neighbor (since 1.2) moves on screen: item 1 is left of item 0, item 2 below it. */
    int found = -1;
    int64_t ns = -1, ni = -1;
    OK(gl_grid_neighbor(g, 0, 0, GL_NAV_LEFT, &found, &ns, &ni));
    EXPECT(found == 1 && ns == 0 && ni == 1);
    OK(gl_grid_neighbor(g, 0, 0, GL_NAV_DOWN, &found, &ns, &ni));
    EXPECT(found == 1 && ns == 0 && ni == 2);
    OK(gl_grid_neighbor(g, 0, 0, GL_NAV_RIGHT, &found, &ns, &ni));
    EXPECT(found == 0);
    OK(gl_grid_neighbor(g, 0, 2, GL_NAV_NEXT, &found, &ns, &ni));
    EXPECT(found == 0);
    OK(gl_grid_neighbor(g, 0, 2, GL_NAV_PREVIOUS, &found, &ns, &ni));
    EXPECT(found == 1 && ns == 0 && ni == 1);
    EXPECT_STATUS(gl_grid_neighbor(g, 0, 3, GL_NAV_UP, &found, &ns, &ni), GL_ERANGE);
    EXPECT(strcmp(gl_last_error(), "item (section 0, item 3) is out of range: section 0 has 3 items") == 0);
    EXPECT_STATUS(gl_grid_neighbor(g, 0, 0, (gl_navigation)9, &found, &ns, &ni), GL_EINVAL);
    EXPECT(strstr(gl_last_error(), "direction 9 is invalid") != NULL);
    EXPECT_STATUS(gl_grid_neighbor(g, 0, 0, GL_NAV_UP, NULL, &ns, &ni), GL_EINVAL);
    double v = 0;
    OK(gl_grid_get_option_number(g, "rtl", &v));
    EXPECT(v == 1);
    c.rtl = 2;
    EXPECT_STATUS(gl_grid_set_config(g, &c), GL_EINVAL);
    EXPECT(strcmp(gl_last_error(), "gl_config.rtl: 2 is invalid (expected 0 or 1)") == 0);
    EXPECT_STATUS(gl_grid_set_option_number(g, "rtl", 0.5), GL_EINVAL);
    OK(gl_grid_get_option_number(g, "rtl", &v));
    EXPECT(v == 1);
    OK(gl_grid_destroy(g));
}

/* justify and align_items (since 1.2; docs/layout.md, "Flow alignment"): a flow line of 100, 60
 * and 80 in 320 with item_spacing 10 has 320 - 260 = 60 free; GL_JUSTIFY_CENTER starts it at 30.
 * The line is 50 thick: GL_ALIGN_ITEMS_END puts the 30-thick item at 20, the 20-thick one at 30. */
static void test_flow_alignment(void) {
    gl_config c;
    gl_config_init(&c);
    EXPECT(c.justify == GL_JUSTIFY_START && c.align_items == GL_ALIGN_ITEMS_START);
    c.layout = GL_LAYOUT_FLOW;
    c.spacing = 10;
    c.justify = GL_JUSTIFY_CENTER;
    c.align_items = GL_ALIGN_ITEMS_END;
    gl_grid *g = NULL;
    OK(gl_grid_create(&c, &g));
    gl_size sizes[] = { { 100, 50 }, { 60, 30 }, { 80, 20 }, { 150, 40 } };
    gl_section s = { sizes, 4, 0, { 0, 0 }, 0 };
    OK(gl_grid_set_sections(g, &s, 1, 0));
    OK(gl_grid_reload(g));
    gl_rect r;
    OK(gl_grid_frame(g, 0, 0, &r));
    EXPECT(r.x == 30 && r.y == 0 && r.w == 100 && r.h == 50);
    OK(gl_grid_frame(g, 0, 1, &r));
    EXPECT(r.x == 140 && r.y == 20);
    OK(gl_grid_frame(g, 0, 2, &r));
    EXPECT(r.x == 210 && r.y == 30);
    OK(gl_grid_frame(g, 0, 3, &r));  /* alone on the next line: (320 - 150) / 2 */
    EXPECT(r.x == 85 && r.y == 60);
    OK(gl_grid_set_option_string(g, "justify", "spaceBetween"));
    OK(gl_grid_reload(g));
    OK(gl_grid_frame(g, 0, 1, &r));
    EXPECT(r.x == 140);  /* 100 + 10 + 60 / 2 */
    OK(gl_grid_frame(g, 0, 2, &r));
    EXPECT(r.x == 240);

    /* A value past the enum, or a misspelt name, is refused; the layout stays. */
    c.justify = 6;
    EXPECT_STATUS(gl_grid_set_config(g, &c), GL_EINVAL);
    EXPECT(strstr(gl_last_error(), "gl_config.justify: 6 is invalid") != NULL);
    c.justify = GL_JUSTIFY_START;
    c.align_items = -1;
    EXPECT_STATUS(gl_grid_set_config(g, &c), GL_EINVAL);
    EXPECT(strstr(gl_last_error(), "gl_config.align_items: -1 is invalid") != NULL);
    EXPECT_STATUS(gl_grid_set_option_string(g, "justify", "centre"), GL_EINVAL);
    EXPECT(strstr(gl_last_error(), "'centre'") != NULL && strstr(gl_last_error(), "did you mean 'center'?") != NULL);
    EXPECT_STATUS(gl_grid_set_option_number(g, "alignItems", 3), GL_EINVAL);
    double v = -1;
    OK(gl_grid_get_option_number(g, "justify", &v));
    EXPECT(v == GL_JUSTIFY_SPACE_BETWEEN);
    OK(gl_grid_frame(g, 0, 2, &r));
    EXPECT(r.x == 240 && r.y == 30);
    OK(gl_grid_destroy(g));
}

/* scale snaps every frame's edges to multiples of 1/scale (docs/layout.md, "Pixel snapping"):
 * waterfall, 3 columns in 100: column edges 0, 33.33, 66.67, 100 snap at scale 2 to 0, 33.5,
 * 66.5, 100, still touching. */
static void test_scale(void) {
    gl_config c;
    gl_config_init(&c);
    EXPECT(c.scale == 0);
    c.layout = GL_LAYOUT_WATERFALL;
    c.columns = 3;
    c.width = 100;
    c.scale = 2;
    gl_grid *g = NULL;
    OK(gl_grid_create(&c, &g));
    gl_size size = { 30, 10 };
    gl_section s = { &size, 3, 0, { 0, 0 }, 0 };
    OK(gl_grid_set_sections(g, &s, 1, GL_SAME_SIZE));
    OK(gl_grid_reload(g));
    gl_rect r0, r1, r2;
    OK(gl_grid_frame(g, 0, 0, &r0));
    OK(gl_grid_frame(g, 0, 1, &r1));
    OK(gl_grid_frame(g, 0, 2, &r2));
    EXPECT(r0.x == 0 && r0.w == 33.5 && r0.h == 11);
    EXPECT(r1.x == 33.5 && r1.w == 33);
    EXPECT(r2.x == 66.5 && r2.x + r2.w == 100);
    EXPECT_STATUS(gl_grid_set_option_number(g, "scale", -1), GL_EINVAL);
    EXPECT(strcmp(gl_last_error(), "option 'scale': -1 is invalid (expected 0 (off) or a number in 1/1024...1024)") == 0);
    c.scale = NAN;
    EXPECT_STATUS(gl_grid_set_config(g, &c), GL_EINVAL);
    EXPECT(strcmp(gl_last_error(), "gl_config.scale: nan is invalid (expected 0 (off) or a number in 1/1024...1024)") == 0);
    /* The range keeps every snapped frame finite and exact. */
    EXPECT_STATUS(gl_grid_set_option_number(g, "scale", 1e300), GL_EINVAL);
    EXPECT(strcmp(gl_last_error(), "option 'scale': 1e+300 is invalid (expected 0 (off) or a number in 1/1024...1024)") == 0);
    EXPECT_STATUS(gl_grid_set_option_number(g, "scale", 5e-324), GL_EINVAL);
    EXPECT_STATUS(gl_grid_set_option_number(g, "scale", 1e-300), GL_EINVAL);
    double v = 0;
    OK(gl_grid_get_option_number(g, "scale", &v));
    EXPECT(v == 2);
    OK(gl_grid_destroy(g));
}

/* breakout_cadence (docs/layout.md, "justified"): W 600, T 100 (minAR 4.5), cadence 2. Row 1 is
 * 2 + 3, 120 thick; row 2, a breakout row, is the 1.5 alone: 600 / 1.5 = 400 clamped to 200, the
 * whole row wide; the 1 after it is the widow. */
static void test_breakout_cadence(void) {
    gl_config c;
    gl_config_init(&c);
    EXPECT(c.breakout_cadence == 0);
    c.layout = GL_LAYOUT_JUSTIFIED;
    c.width = 600;
    c.row_height = 100;
    c.breakout_cadence = 2;
    gl_grid *g = NULL;
    OK(gl_grid_create(&c, &g));
    gl_size sizes[4] = { { 200, 100 }, { 300, 100 }, { 150, 100 }, { 100, 100 } };
    gl_section s = { sizes, 4, 0, { 0, 0 }, 0 };
    OK(gl_grid_set_sections(g, &s, 1, 0));
    OK(gl_grid_reload(g));
    gl_rect r;
    OK(gl_grid_frame(g, 0, 1, &r));
    EXPECT_RECT(r, 240, 0, 360, 120);
    OK(gl_grid_frame(g, 0, 2, &r));
    EXPECT_RECT(r, 0, 120, 600, 200);
    OK(gl_grid_frame(g, 0, 3, &r));
    EXPECT_RECT(r, 0, 320, 100, 100);
    gl_config read;
    gl_config_init(&read);
    OK(gl_grid_get_config(g, &read));
    EXPECT(read.breakout_cadence == 2);
    double v = 0;
    OK(gl_grid_get_option_number(g, "breakoutCadence", &v));
    EXPECT(v == 2);
    /* Off, the 1.5 joins the next row: 1.5 + 1 stays open, the widow. */
    OK(gl_grid_set_option_number(g, "breakoutCadence", 0));
    OK(gl_grid_reload(g));
    OK(gl_grid_frame(g, 0, 2, &r));
    EXPECT_RECT(r, 0, 120, 150, 100);
    c.breakout_cadence = -1;
    EXPECT_STATUS(gl_grid_set_config(g, &c), GL_EINVAL);
    EXPECT_LAST_ERROR("gl_config.breakout_cadence: -1 is invalid (expected 0...100000000)");
    c.breakout_cadence = INT64_MAX;
    EXPECT_STATUS(gl_grid_set_config(g, &c), GL_EINVAL);
    EXPECT_LAST_ERROR("gl_config.breakout_cadence: 9223372036854775807 is invalid (expected 0...100000000)");
    EXPECT_STATUS(gl_grid_set_option_number(g, "breakoutCadence", 2.5), GL_EINVAL);
    EXPECT_LAST_ERROR("option 'breakout_cadence': 2.5 is invalid (expected an integer)");
    OK(gl_grid_destroy(g));
}

/* estimated_size and gl_grid_measure (docs/layout.md, "Sizes learnt late"). */
static void test_measure(void) {
    gl_config c;
    gl_config_init(&c);
    EXPECT(c.estimated_size.w == 0 && c.estimated_size.h == 0);
    c.lanes = 2;
    c.width = 210;
    c.height = 300;
    c.spacing = 10;
    c.estimated_size = (gl_size){ 100, 100 };
    gl_grid *g = NULL;
    OK(gl_grid_create(&c, &g));
    static gl_size sizes[1000];
    for (int i = 0; i < 1000; i++) sizes[i] = (gl_size){ 100, 50 };
    gl_section s = { sizes, 1000, 0, { 0, 0 }, 0 };
    OK(gl_grid_set_sections(g, &s, 1, 0));
    OK(gl_grid_reload(g));
    gl_size content;
    OK(gl_grid_content_size(g, &content));
    /* 12 items laid out (6 lines of 60 = 350), 988 at the estimate: 494 lines of 110. */
    EXPECT(content.w == 210 && content.h == 350 + 10 + 494 * 110 - 10);
    gl_measure m[2] = { { 0, 0, { 100, 200 } }, { 0, 3, { 100, 20 } } };
    OK(gl_grid_measure(g, m, 2));
    gl_rect r;
    OK(gl_grid_frame(g, 0, 0, &r));
    EXPECT_RECT(r, 0, 0, 100, 200);
    OK(gl_grid_frame(g, 0, 3, &r));
    EXPECT_RECT(r, 110, 120, 100, 20);
    OK(gl_grid_frame(g, 0, 999, &r));           /* moves the frontier to the end */
    OK(gl_grid_content_size(g, &content));
    EXPECT(content.h == r.y + r.h);
    gl_measure bad = { 0, 5, { NAN, 5 } };
    EXPECT_STATUS(gl_grid_measure(g, &bad, 1), GL_EINVAL);
    EXPECT(strcmp(gl_last_error(), "gl_grid_measure: size nanx5 for item (section 0, item 5) is invalid (sizes must be finite and >= 0)") == 0);
    gl_measure far = { 0, 1000, { 5, 5 } };
    EXPECT_STATUS(gl_grid_measure(g, &far, 1), GL_ERANGE);
    EXPECT(strcmp(gl_last_error(), "gl_grid_measure: item (section 0, item 1000) (size 5x5) is out of range: section 0 has 1000 items") == 0);
    EXPECT_STATUS(gl_grid_measure(g, NULL, 1), GL_EINVAL);
    OK(gl_grid_measure(g, NULL, 0));
    OK(gl_grid_frame(g, 0, 0, &r));
    EXPECT_RECT(r, 0, 0, 100, 200);
    c.estimated_size = (gl_size){ 100, 0 };
    EXPECT_STATUS(gl_grid_set_config(g, &c), GL_EINVAL);
    EXPECT(strcmp(gl_last_error(), "gl_config.estimated_size: 100x0 is invalid (expected a size > 0 along the scroll axis, or 0x0 (off))") == 0);
    OK(gl_grid_destroy(g));
}

/* gl_grid_scroll_to_end and start_at = GL_START_AT_END (since 1.2; docs/layout.md, "Live data"):
 * 50 sections of 20 items 100 x 50 in 2 lanes, 590 each, 10 between: 29,990 in all. */
static void test_scroll_to_end(void) {
    static gl_size sizes[20];
    for (int i = 0; i < 20; i++) sizes[i] = (gl_size){ 100, 50 };
    gl_section sections[50];
    for (int i = 0; i < 50; i++) sections[i] = (gl_section){ sizes, 20, 0, { 0, 0 }, 0 };
    for (int lazy = 0; lazy < 2; lazy++) {
        gl_config c;
        gl_config_init(&c);
        EXPECT(c.start_at == GL_START_AT_START);
        c.lanes = 2;
        c.width = 210;
        c.height = 300;
        c.spacing = 10;
        c.start_at = GL_START_AT_END;
        if (lazy) c.estimated_size = (gl_size){ 100, 100 };
        gl_grid *g = NULL;
        OK(gl_grid_create(&c, &g));
        OK(gl_grid_set_sections(g, sections, 50, 0));
        OK(gl_grid_reload(g));
        gl_size content;
        gl_point offset;
        OK(gl_grid_content_size(g, &content));
        OK(gl_grid_offset(g, &offset));
        if (!lazy) EXPECT(content.h == 29990);
        EXPECT(offset.y + 300 == content.h);
        gl_element e[64];
        size_t n = 0;
        OK(gl_grid_visible(g, e, 64, &n));
        EXPECT(n == 10 && e[n - 1].section == 49 && e[n - 1].item == 19 && e[n - 1].y + e[n - 1].h == content.h);
        OK(gl_grid_scroll_to(g, 0, 0));
        OK(gl_grid_offset(g, &offset));
        EXPECT(offset.y == 0);
        OK(gl_grid_scroll_to_end(g));
        OK(gl_grid_content_size(g, &content));
        OK(gl_grid_offset(g, &offset));
        EXPECT(offset.y + 300 == content.h);
        OK(gl_grid_visible(g, e, 64, &n));
        EXPECT(n == 10 && e[n - 1].section == 49 && e[n - 1].item == 19);
        EXPECT_STATUS(gl_grid_scroll_to_end(NULL), GL_EHANDLE);
        OK(gl_grid_destroy(g));
    }
}

/* The limits on every path of a lazy grid: an item 1e300 thick met by the frontier, and a measure
 * of 1e300 past it, fail as a full reload fails; every frame and the content stay finite. */
static void test_lazy_limits(void) {
    gl_config c;
    gl_config_init(&c);
    c.width = 320;
    c.height = 480;
    c.estimated_size = (gl_size){ 100, 10 };
    gl_grid *g = NULL;
    OK(gl_grid_create(&c, &g));
    static gl_size sizes[10000];
    for (int i = 0; i < 10000; i++) sizes[i] = (gl_size){ 100, i == 5000 ? 1e300 : 10 };
    gl_section s = { sizes, 10000, 0, { 0, 0 }, 0 };
    OK(gl_grid_set_sections(g, &s, 1, 0));
    OK(gl_grid_reload(g));
    gl_measure huge = { 0, 9000, { 100, 1e300 } };
    EXPECT_STATUS(gl_grid_measure(g, &huge, 1), GL_EDATA);
    EXPECT(strstr(gl_last_error(), "past the largest content extent") != NULL);
    EXPECT_STATUS(gl_grid_scroll_to(g, 0, 49800), GL_EDATA);
    EXPECT(strstr(gl_last_error(), "section 0 would end at 1e+300, past the largest content extent") != NULL);
    gl_size content;
    OK(gl_grid_content_size(g, &content));
    EXPECT(isfinite(content.h) && content.h <= 1099511627776.0);
    gl_element e[64];
    size_t n = 0;
    OK(gl_grid_visible(g, e, 64, &n));
    EXPECT(n > 0);
    for (size_t k = 0; k < n && k < 64; k++) EXPECT(isfinite(e[k].y) && isfinite(e[k].h));
    OK(gl_grid_destroy(g));
}

/* C's messages name an option as gl_config spells it, whatever name the call was given. */
static void test_option_words(void) {
    gl_grid *g = NULL;
    OK(gl_grid_create(NULL, &g));
    double v = 0;
    EXPECT_STATUS(gl_grid_get_option_number(g, "estimatedSize", &v), GL_EINVAL);
    EXPECT_LAST_ERROR("option 'estimated_size' is not a number (read it with gl_grid_get_config)");
    EXPECT_STATUS(gl_grid_set_option_number(g, "estimatedSize", 5), GL_EINVAL);
    EXPECT_ERROR("option 'estimated_size': ");
    EXPECT_STATUS(gl_grid_set_option_number(g, "stickyHeaders", 2), GL_EINVAL);
    EXPECT_LAST_ERROR("option 'sticky_headers': 2 is invalid (expected 0 or 1)");
    EXPECT_STATUS(gl_grid_set_option_number(g, "rowHeight", -1), GL_EINVAL);
    EXPECT_LAST_ERROR("option 'row_height': -1 is invalid (expected a finite number > 0)");
    EXPECT_STATUS(gl_grid_set_option_string(g, "rowHeight", NULL), GL_EINVAL);
    EXPECT_LAST_ERROR("option 'row_height': value is NULL");
    /* a struct_size is a size_t: printed unsigned */
    gl_config c;
    gl_config_init(&c);
    c.struct_size = SIZE_MAX;
    EXPECT_STATUS(gl_grid_set_config(g, &c), GL_EVERSION);
    EXPECT_ERROR("gl_config.struct_size is 18446744073709551615, expected at least ");
    EXPECT_STATUS(gl_grid_get_config(g, &c), GL_EVERSION);
    EXPECT_ERROR("gl_config.struct_size is 18446744073709551615, expected at least ");
    EXPECT_STATUS(gl_config_defaults(&c, SIZE_MAX), GL_EVERSION);
    EXPECT_ERROR("gl_config_defaults: struct_size is 18446744073709551615, expected at least ");
    OK(gl_grid_destroy(g));
}

int main(void) {
    test_lazy_limits();
    test_version();
    test_config();
    test_option_description();
    test_error_words();
    test_ninegrid_frames();
    test_handles();
    test_before_the_first_reload();
    test_bad_bulk_data();
    test_uniform_sections();
    test_callbacks();
    test_bulk_callback();
    test_lying_data_source();
    test_events_and_reuse();
    test_pool_is_bounded();
    test_two_spacings();
    test_rtl();
    test_sideways();
    test_nearest_name();
    test_transition();
    test_flow_alignment();
    test_scale();
    test_breakout_cadence();
    test_measure();
    test_scroll_to_end();
    test_option_words();
    test_paging();
    test_last_error_per_thread();
    test_many_grids();
    return expect_summary();
}
