/* Tests of the composition callbacks of gl_data_source (since 1.2): footers, spans (one at a time
 * and in bulk), per-section options and gl_config.inset, with exact frames; the footer in queries
 * and events; their errors, worded in C's names and, with gl_set_error_words, in a binding's;
 * and a 1.1-sized gl_data_source, whose new callbacks are never read.
 * Ends with "N passed, N failed". */
#include <math.h>
#include <stddef.h>
#include <stdio.h>
#include <stdint.h>
#include <string.h>
#include "gridlayout.h"
#include "expect.h"

/* A callback data source of up to 3 sections, each with its own sizes, header, footer, spans and
 * options, which a test changes between reloads. */
typedef struct section_model {
    int64_t count;
    gl_size sizes[8];
    double header, footer;      /* thickness, or < 0 for none */
    int64_t spans[8];           /* what span gives (fill: 1) */
    gl_section_options options; /* options.set = 0: none */
} section_model;

typedef struct model {
    int64_t sections;
    section_model s[3];
    int span_calls, bulk_calls, options_calls;
    int fail_span;              /* span/spans return GL_EINVAL */
} model;

static gl_status m_sections(void *ctx, int64_t *n) { *n = ((model *)ctx)->sections; return GL_OK; }
static gl_status m_count(void *ctx, int64_t s, int64_t *n) { *n = ((model *)ctx)->s[s].count; return GL_OK; }
static gl_status m_size(void *ctx, int64_t s, int64_t i, gl_size *size) {
    *size = ((model *)ctx)->s[s].sizes[i];
    return GL_OK;
}
static gl_status m_header(void *ctx, int64_t s, int *has, gl_size *size) {
    double h = ((model *)ctx)->s[s].header;
    *has = h >= 0;
    size->w = 0;
    size->h = h;
    return GL_OK;
}
static gl_status m_footer(void *ctx, int64_t s, int *has, gl_size *size) {
    double h = ((model *)ctx)->s[s].footer;
    *has = h >= 0 || isnan(h);
    size->w = 0;
    size->h = h;
    return GL_OK;
}
static gl_status m_span(void *ctx, int64_t s, int64_t i, int64_t *span) {
    model *m = (model *)ctx;
    m->span_calls++;
    EXPECT(*span == 1);
    if (m->fail_span) return GL_EINVAL;
    *span = m->s[s].spans[i];
    return GL_OK;
}
static gl_status m_spans(void *ctx, int64_t s, int64_t first, int64_t count, int64_t *spans) {
    model *m = (model *)ctx;
    m->bulk_calls++;
    if (m->fail_span) return GL_EINVAL;
    for (int64_t k = 0; k < count; k++) {
        EXPECT(spans[k] == 1);
        spans[k] = m->s[s].spans[first + k];
    }
    return GL_OK;
}
static gl_status m_options(void *ctx, int64_t s, gl_section_options *options) {
    model *m = (model *)ctx;
    m->options_calls++;
    EXPECT(options->struct_size == sizeof(gl_section_options) && options->set == 0);
    size_t size = options->struct_size;
    *options = m->s[s].options;
    options->struct_size = size;
    return GL_OK;
}

static void fill(section_model *s, int64_t count, double w, double h) {
    memset(s, 0, sizeof *s);
    s->count = count;
    for (int64_t i = 0; i < 8; i++) s->spans[i] = 1;
    for (int64_t i = 0; i < count; i++) { s->sizes[i].w = w; s->sizes[i].h = h; }
    s->header = -1;
    s->footer = -1;
}

static gl_grid *model_grid(model *m, gl_config *c, gl_data_source *ds) {
    gl_grid *g = NULL;
    OK(gl_grid_create(c, &g));
    gl_data_source_init(ds);
    ds->context = m;
    ds->section_count = m_sections;
    ds->item_count = m_count;
    ds->item_size = m_size;
    ds->header_size = m_header;
    ds->footer_size = m_footer;
    ds->span = m_span;
    ds->section_options = m_options;
    OK(gl_grid_set_data_source(g, ds));
    return g;
}

static gl_rect frame(gl_grid *g, int64_t s, int64_t i) {
    gl_rect r = { -1, -1, -1, -1 };
    OK(gl_grid_frame(g, s, i, &r));
    return r;
}

/* ---- tests ------------------------------------------------------------------------------------ */

/* Section 0: a header, three lanes items inside the grid's inset, a footer. Section 1 overrides
 * the layout (waterfall, 2 columns) and the inset (none). */
static void test_footers_inset_and_section_options(void) {
    gl_config c;
    gl_config_init(&c);
    c.lanes = 2;
    c.line_spacing = 10;
    c.item_spacing = 4;
    c.inset = (gl_insets){ 5, 6, 7, 8 };
    model m;
    memset(&m, 0, sizeof m);
    m.sections = 2;
    fill(&m.s[0], 3, 100, 50);
    m.s[0].header = 20;
    m.s[0].footer = 30;
    fill(&m.s[1], 3, 100, 100);
    m.s[1].options.set = GL_SECTION_LAYOUT | GL_SECTION_COLUMNS | GL_SECTION_INSET;
    m.s[1].options.layout = GL_LAYOUT_WATERFALL;
    m.s[1].options.columns = 2;
    m.s[1].options.inset = (gl_insets){ 0, 0, 0, 0 };
    gl_data_source ds;
    gl_grid *g = model_grid(&m, &c, &ds);
    OK(gl_grid_reload(g));
    EXPECT(m.options_calls == 2);
    int has = -1;
    gl_rect r = { 0, 0, 0, 0 };
    OK(gl_grid_header_frame(g, 0, &has, &r));
    EXPECT(has == 1);
    EXPECT_RECT(r, 0, 0, 320, 20);
    /* items after the header, lineSpacing and the inset's top; lanes from the inset's left */
    EXPECT_RECT(frame(g, 0, 0), 6, 35, 100, 50);
    EXPECT_RECT(frame(g, 0, 1), 110, 35, 100, 50);
    EXPECT_RECT(frame(g, 0, 2), 6, 95, 100, 50);
    /* the footer after the inset's bottom (145 + 7) and lineSpacing */
    OK(gl_grid_footer_frame(g, 0, &has, &r));
    EXPECT(has == 1);
    EXPECT_RECT(r, 0, 162, 320, 30);
    /* waterfall columns (320 - 4) / 2 = 158 wide, the items scaled to them */
    EXPECT_RECT(frame(g, 1, 0), 0, 202, 158, 158);
    EXPECT_RECT(frame(g, 1, 1), 162, 202, 158, 158);
    EXPECT_RECT(frame(g, 1, 2), 0, 370, 158, 158);
    OK(gl_grid_footer_frame(g, 1, &has, &r));
    EXPECT(has == 0);
    EXPECT_RECT(r, 0, 162, 320, 30);  /* untouched */
    EXPECT_STATUS(gl_grid_footer_frame(g, 2, &has, &r), GL_ERANGE);
    EXPECT_STATUS(gl_grid_footer_frame(g, 0, NULL, &r), GL_EINVAL);
    EXPECT_LAST_ERROR("has_footer is NULL");
    gl_size size;
    OK(gl_grid_content_size(g, &size));
    EXPECT(size.w == 320 && size.h == 528);

    /* the footer is an element: listed after its section's items, kind GL_KIND_FOOTER */
    gl_element e[8];
    size_t n = 0;
    OK(gl_grid_elements_in(g, (gl_rect){ 0, 140, 320, 30 }, e, 8, &n));
    EXPECT(n == 2);
    EXPECT(e[0].kind == GL_KIND_ITEM && e[0].section == 0 && e[0].item == 2);
    EXPECT(e[1].kind == GL_KIND_FOOTER && e[1].section == 0 && e[1].item == -1);
    EXPECT(e[1].x == 0 && e[1].y == 162 && e[1].w == 320 && e[1].h == 30);

    /* the inset round-trips through gl_config and is an option by name */
    gl_config got;
    gl_config_init(&got);
    OK(gl_grid_get_config(g, &got));
    EXPECT(got.inset.top == 5 && got.inset.left == 6 && got.inset.bottom == 7 && got.inset.right == 8);
    double top = 0;
    OK(gl_grid_get_option_number(g, "inset", &top));
    EXPECT(top == 5);
    OK(gl_grid_set_option_number(g, "inset", 0));
    OK(gl_grid_reload(g));
    EXPECT_RECT(frame(g, 0, 0), 0, 30, 100, 50);
    got.inset.left = NAN;
    EXPECT_STATUS(gl_grid_set_config(g, &got), GL_EINVAL);
    EXPECT_LAST_ERROR("gl_config.inset: {top=5, left=nan, bottom=7, right=8} is invalid (expected finite sides >= 0)");
    OK(gl_grid_destroy(g));
}

/* Lanes: item 1 takes 2 of 3 lanes; waterfall: a banner takes every column (GL_SPAN_ALL), asked
 * one item at a time and in bulk. */
static void test_spans(void) {
    gl_config c;
    gl_config_init(&c);
    c.lanes = 3;
    c.spacing = 10;
    model m;
    memset(&m, 0, sizeof m);
    m.sections = 1;
    fill(&m.s[0], 4, 100, 50);
    m.s[0].sizes[1].w = 210;
    m.s[0].spans[1] = 2;
    gl_data_source ds;
    gl_grid *g = model_grid(&m, &c, &ds);
    OK(gl_grid_reload(g));
    EXPECT(m.span_calls == 4);
    EXPECT_RECT(frame(g, 0, 0), 0, 0, 100, 50);
    EXPECT_RECT(frame(g, 0, 1), 110, 0, 210, 50);
    EXPECT_RECT(frame(g, 0, 2), 0, 60, 100, 50);
    EXPECT_RECT(frame(g, 0, 3), 110, 60, 100, 50);

    /* waterfall: 2 columns of 155; the banner after the taller column, the whole width */
    OK(gl_grid_set_option_string(g, "layout", "waterfall"));
    OK(gl_grid_set_option_number(g, "columns", 2));
    m.s[0].sizes[0] = (gl_size){ 100, 100 };
    m.s[0].sizes[1] = (gl_size){ 100, 50 };
    m.s[0].sizes[2] = (gl_size){ 320, 40 };
    m.s[0].sizes[3] = (gl_size){ 100, 100 };
    m.s[0].spans[1] = 1;
    m.s[0].spans[2] = GL_SPAN_ALL;
    OK(gl_grid_reload(g));
    EXPECT_RECT(frame(g, 0, 0), 0, 0, 155, 155);
    EXPECT_RECT(frame(g, 0, 1), 165, 0, 155, 77.5);
    EXPECT_RECT(frame(g, 0, 2), 0, 165, 320, 40);
    EXPECT_RECT(frame(g, 0, 3), 0, 215, 155, 155);

    /* in bulk: spans is preferred over span, and gives the same frames */
    ds.spans = m_spans;
    OK(gl_grid_set_data_source(g, &ds));
    m.span_calls = 0;
    OK(gl_grid_reload(g));
    EXPECT(m.span_calls == 0 && m.bulk_calls == 1);
    EXPECT_RECT(frame(g, 0, 2), 0, 165, 320, 40);
    EXPECT_RECT(frame(g, 0, 3), 0, 215, 155, 155);

    /* only spans: a drag asks the item it picks up one at a time, through spans too */
    ds.span = NULL;
    OK(gl_grid_set_data_source(g, &ds));
    OK(gl_grid_set_option_number(g, "sort", 1));
    OK(gl_grid_set_option_number(g, "animationDuration", 0));
    OK(gl_grid_reload(g));
    EXPECT(m.span_calls == 0);
    int found = 0;
    int64_t s = -1, i = -1;
    OK(gl_grid_begin_drag(g, 10, 180, &found, &s, &i));
    EXPECT(found == 1 && s == 0 && i == 2);
    OK(gl_grid_drag_to(g, 10, 190));
    EXPECT_RECT(frame(g, 0, 2), 0, 165, 320, 40);
    OK(gl_grid_end_drag(g));
    EXPECT_RECT(frame(g, 0, 2), 0, 165, 320, 40);
    /* item 0 dragged past the banner: the preview asks the others' spans one at a time */
    OK(gl_grid_begin_drag(g, 10, 10, &found, &s, &i));
    EXPECT(found == 1 && s == 0 && i == 0);
    OK(gl_grid_drag_to(g, 250, 250));
    int dragging = 0;
    int64_t fs, fi, ts, ti;
    OK(gl_grid_drag_state(g, &dragging, &fs, &fi, &ts, &ti));
    EXPECT(dragging == 1 && fs == 0 && fi == 0 && ts == 0 && ti == 2);
    EXPECT_RECT(frame(g, 0, 0), 0, 0, 155, 77.5);      /* item 1 */
    EXPECT_RECT(frame(g, 0, 1), 0, 87.5, 320, 40);     /* the banner, still across both columns */
    EXPECT_RECT(frame(g, 0, 2), 0, 137.5, 155, 155);   /* the dragged item's slot */
    EXPECT_RECT(frame(g, 0, 3), 165, 137.5, 155, 155);
    OK(gl_grid_end_drag(g));
    EXPECT(m.span_calls == 0);
    OK(gl_grid_destroy(g));
}

/* Bad answers: each fails the reload with its status and a message naming the callback, the
 * index path or section and the value; the previous layout stays. */
static void test_errors(void) {
    gl_config c;
    gl_config_init(&c);
    c.lanes = 2;
    model m;
    memset(&m, 0, sizeof m);
    m.sections = 2;
    fill(&m.s[0], 4, 100, 50);
    fill(&m.s[1], 2, 100, 50);
    gl_data_source ds;
    gl_grid *g = model_grid(&m, &c, &ds);
    OK(gl_grid_reload(g));
    gl_size before;
    OK(gl_grid_content_size(g, &before));

    m.s[0].spans[3] = 0;
    EXPECT_STATUS(gl_grid_reload(g), GL_EDATA);
    EXPECT_LAST_ERROR("data source 'span' returned 0 for item (section 0, item 3) (expected an integer >= 1, or all lanes)");
    m.s[0].spans[3] = -2;
    EXPECT_STATUS(gl_grid_reload(g), GL_EDATA);
    EXPECT_LAST_ERROR("data source 'span' returned -2 for item (section 0, item 3) (expected an integer >= 1, or all lanes)");
    m.s[0].spans[3] = 1;
    m.fail_span = 1;
    EXPECT_STATUS(gl_grid_reload(g), GL_ECALLBACK);
    EXPECT_LAST_ERROR("data source 'span' failed for item (section 0, item 0): span returned GL_EINVAL");
    ds.spans = m_spans;
    OK(gl_grid_set_data_source(g, &ds));
    EXPECT_STATUS(gl_grid_reload(g), GL_ECALLBACK);
    EXPECT_LAST_ERROR("data source 'span' failed for section 0: spans returned GL_EINVAL");
    m.fail_span = 0;

    m.s[1].footer = NAN;
    EXPECT_STATUS(gl_grid_reload(g), GL_EDATA);
    EXPECT_LAST_ERROR("data source 'footer_size' returned 0xnan for footer of section 1 (sizes must be finite and >= 0)");
    m.s[1].footer = -1;

    m.s[1].options.set = GL_SECTION_LANES;
    m.s[1].options.lanes = 0;
    EXPECT_STATUS(gl_grid_reload(g), GL_EDATA);
    EXPECT_LAST_ERROR("data source 'section_options' returned lanes = 0 for section 1 (expected 1...10000)");
    m.s[1].options.set = GL_SECTION_LAYOUT;
    m.s[1].options.layout = 9;
    EXPECT_STATUS(gl_grid_reload(g), GL_EDATA);
    EXPECT_LAST_ERROR("data source 'section_options' returned layout = 9 for section 1 (expected one of 'lanes', 'waterfall', 'flow', 'justified')");
    m.s[1].options.set = GL_SECTION_ROW_HEIGHT | GL_SECTION_INSET;
    m.s[1].options.row_height = 100;
    m.s[1].options.inset = (gl_insets){ 0, -1, 0, 0 };
    EXPECT_STATUS(gl_grid_reload(g), GL_EDATA);
    EXPECT_LAST_ERROR("data source 'section_options' returned inset = {top=0, left=-1, bottom=0, right=0} for section 1 (expected finite sides >= 0)");
    m.s[1].options.set = GL_SECTION_ROWS;
    m.s[1].options.rows = 5;
    EXPECT_STATUS(gl_grid_reload(g), GL_EDATA);
    EXPECT_LAST_ERROR("data source 'section_options' returned rows = 5 for section 1 (expected one of 'greedy', 'optimal')");
    m.s[1].options.set = GL_SECTION_SECTION_PAGING << 1;
    EXPECT_STATUS(gl_grid_reload(g), GL_EDATA);
    EXPECT_LAST_ERROR("data source 'section_options' returned an unknown key 'bit 18' for section 1 (expected one of layout, lanes, columns, order, row_height, tolerance, widow, spacing, line_spacing, item_spacing, inset, min_column_width, rows, justify, align_items, background, scroll, section_paging)");
    /* since 1.2: a gl_scroll past its enum */
    m.s[1].options.set = GL_SECTION_SCROLL;
    m.s[1].options.scroll = 2;
    EXPECT_STATUS(gl_grid_reload(g), GL_EDATA);
    EXPECT_LAST_ERROR("data source 'section_options' returned scroll = 2 for section 1 (expected one of 'main', 'cross')");
    /* since 1.2: a gl_justify or gl_align_items past its enum */
    m.s[1].options.set = GL_SECTION_JUSTIFY;
    m.s[1].options.justify = 6;
    EXPECT_STATUS(gl_grid_reload(g), GL_EDATA);
    EXPECT_LAST_ERROR("data source 'section_options' returned justify = 6 for section 1 (expected one of 'start', 'center', 'end', 'spaceBetween', 'spaceAround', 'spaceEvenly')");
    m.s[1].options.set = GL_SECTION_ALIGN_ITEMS;
    m.s[1].options.justify = GL_JUSTIFY_START;
    m.s[1].options.align_items = -1;
    EXPECT_STATUS(gl_grid_reload(g), GL_EDATA);
    EXPECT_LAST_ERROR("data source 'section_options' returned align_items = -1 for section 1 (expected one of 'start', 'center', 'end')");
    m.s[1].options.align_items = GL_ALIGN_ITEMS_START;
    m.s[1].options.set = 0;

    gl_size after;
    OK(gl_grid_content_size(g, &after));
    EXPECT(after.w == before.w && after.h == before.h);
    OK(gl_grid_reload(g));
    OK(gl_grid_destroy(g));
}

/* A caller built against 1.1's header has a smaller gl_data_source: the new callbacks are past its
 * struct_size and never read, whatever the bytes there. */
static void test_old_data_source(void) {
    model m;
    memset(&m, 0, sizeof m);
    m.sections = 1;
    fill(&m.s[0], 2, 100, 50);
    m.s[0].footer = 30;
    m.s[0].spans[0] = GL_SPAN_ALL;
    gl_data_source ds;
    gl_grid *g = model_grid(&m, NULL, &ds);
    ds.struct_size = offsetof(gl_data_source, footer_size);
    OK(gl_grid_set_data_source(g, &ds));
    OK(gl_grid_reload(g));
    EXPECT(m.span_calls == 0 && m.options_calls == 0);
    int has = -1;
    gl_rect r;
    OK(gl_grid_footer_frame(g, 0, &has, &r));
    EXPECT(has == 0);
    EXPECT_RECT(frame(g, 0, 1), 0, 50, 100, 50);
    OK(gl_grid_destroy(g));
}

/* Footers are loaded and unloaded like headers. */
/* Counts the loaded and unloaded events of elements of one kind, and keeps the last loaded. */
typedef struct kind_events { int kind, loaded, unloaded; gl_element last; } kind_events;
static void on_event(void *ctx, gl_grid *grid, const gl_event *e) {
    kind_events *f = (kind_events *)ctx;
    (void)grid;
    if (e->element.kind != f->kind) return;
    if (e->kind == GL_EVENT_LOADED) { f->loaded++; f->last = e->element; }
    if (e->kind == GL_EVENT_UNLOADED) f->unloaded++;
}

static void test_footer_events(void) {
    gl_config c;
    gl_config_init(&c);
    c.height = 100;
    model m;
    memset(&m, 0, sizeof m);
    m.sections = 1;
    fill(&m.s[0], 4, 100, 50);
    m.s[0].footer = 40;
    gl_data_source ds;
    gl_grid *g = model_grid(&m, &c, &ds);
    kind_events f;
    memset(&f, 0, sizeof f);
    f.kind = GL_KIND_FOOTER;
    OK(gl_grid_set_event_handler(g, on_event, &f));
    OK(gl_grid_reload(g));
    EXPECT(f.loaded == 0);
    OK(gl_grid_scroll_to(g, 0, 1000));
    EXPECT(f.loaded == 1 && f.unloaded == 0);
    EXPECT(f.last.section == 0 && f.last.item == -1 && f.last.y == 200 && f.last.h == 40 && f.last.w == 320);
    size_t n = 0;
    gl_element e[4];
    OK(gl_grid_visible(g, e, 4, &n));
    EXPECT(n == 3 && e[0].item == 2 && e[1].item == 3 && e[2].kind == GL_KIND_FOOTER);
    OK(gl_grid_scroll_to(g, 0, 0));
    EXPECT(f.unloaded == 1);
    OK(gl_grid_destroy(g));
}

/* gl_set_error_words reads as many callback and operation names as it is told; those after
 * them keep C's (a binding built with an older header names fewer). */
static void test_error_words_counts(void) {
    model m;
    memset(&m, 0, sizeof m);
    m.sections = 1;
    fill(&m.s[0], 1, 100, 50);
    m.s[0].footer = NAN;
    gl_data_source ds;
    gl_grid *g = model_grid(&m, NULL, &ds);
    const char *callbacks[GL_CALLBACK_COUNT] = { "sections", "count", "size", "sizes", "header", "show_loader",
                                                 "same_size", "lanes", "insert", "remove", "move", "can_move",
                                                 "can_move_to_section", "style", "footer", "span", "section" };
    const char *operations[GL_OPERATION_COUNT] = { "reload", "reload_new", "reload_section", "insert", "remove",
                                                   "move", "step", "begin_drag", "drag_to", "end_drag", "measure", "apply",
                                                   "scroll_section", "transition", "progress", "commit", "cancel", "animate_to",
                                                   "scroll_to", "resize" };
    gl_error_words words = { 0, callbacks, 13, operations, 10, 1 };
    OK(gl_set_error_words(&words));
    EXPECT_STATUS(gl_grid_reload(g), GL_EDATA);
    EXPECT_LAST_ERROR("data source 'footer_size' returned 0xnan for footer of section 0 (sizes must be finite and >= 0)");
    gl_measure bad = { 0, 5, { 1, 1 } };
    EXPECT_STATUS(gl_grid_measure(g, &bad, 1), GL_ERANGE);
    EXPECT(strncmp(gl_last_error(), "gl_grid_measure: ", 17) == 0);
    words.callback_count = GL_CALLBACK_COUNT;
    words.operation_count = GL_OPERATION_COUNT;
    OK(gl_set_error_words(&words));
    EXPECT_STATUS(gl_grid_reload(g), GL_EDATA);
    EXPECT_LAST_ERROR("data source 'footer' returned 0xnan for footer of section 0 (sizes must be finite and >= 0)");
    EXPECT_STATUS(gl_grid_measure(g, &bad, 1), GL_ERANGE);
    EXPECT(strncmp(gl_last_error(), "measure: ", 9) == 0);
    words.callback_count = GL_CALLBACK_COUNT + 1;
    EXPECT_STATUS(gl_set_error_words(&words), GL_EINVAL);
    EXPECT_LAST_ERROR("gl_error_words.callback_count: 18 is invalid (expected 0...17)");
    words.callback_count = GL_CALLBACK_COUNT;
    words.operation_count = (size_t)-1;
    EXPECT_STATUS(gl_set_error_words(&words), GL_EINVAL);
    EXPECT_LAST_ERROR("gl_error_words.operation_count: 18446744073709551615 is invalid (expected 0...20)");
    words.operation_count = 0;
    callbacks[14] = NULL;
    EXPECT_STATUS(gl_set_error_words(&words), GL_EINVAL);
    EXPECT_LAST_ERROR("gl_error_words.callbacks[14] is NULL");
    gl_error_words none = { 0, NULL, 0, NULL, 0, 0 };
    OK(gl_set_error_words(&none));
    OK(gl_set_error_words(NULL));
    EXPECT_STATUS(gl_grid_reload(g), GL_EDATA);
    EXPECT_LAST_ERROR("data source 'footer_size' returned 0xnan for footer of section 0 (sizes must be finite and >= 0)");
    OK(gl_grid_destroy(g));
}

/* The bulk data's composition (gl_grid_set_sections_composed): the layout of the first test,
 * then a banner from spans; bad entries are refused when set, naming the section and item. */
static void test_bulk_composition(void) {
    gl_config c;
    gl_config_init(&c);
    c.lanes = 2;
    c.line_spacing = 10;
    c.item_spacing = 4;
    c.inset = (gl_insets){ 5, 6, 7, 8 };
    gl_grid *g = NULL;
    OK(gl_grid_create(&c, &g));
    gl_size small[3] = { { 100, 50 }, { 100, 50 }, { 100, 50 } };
    gl_size square[3] = { { 100, 100 }, { 100, 100 }, { 100, 100 } };
    gl_section sections[2] = { { small, 3, 1, { 0, 20 }, 0 }, { square, 3, 0, { 0, 0 }, 0 } };
    gl_section_options waterfall;
    memset(&waterfall, 0, sizeof waterfall);
    waterfall.struct_size = sizeof waterfall;
    waterfall.set = GL_SECTION_LAYOUT | GL_SECTION_COLUMNS | GL_SECTION_INSET;
    waterfall.layout = GL_LAYOUT_WATERFALL;
    waterfall.columns = 2;
    gl_section_composition comp[2];
    memset(comp, 0, sizeof comp);
    comp[0].struct_size = comp[1].struct_size = sizeof comp[0];
    comp[0].has_footer = 1;
    comp[0].footer = (gl_size){ 0, 30 };
    comp[1].options = &waterfall;
    OK(gl_grid_set_sections_composed(g, sections, 2, 0, NULL, comp));
    OK(gl_grid_reload(g));
    EXPECT_RECT(frame(g, 0, 0), 6, 35, 100, 50);
    EXPECT_RECT(frame(g, 0, 2), 6, 95, 100, 50);
    int has = -1;
    gl_rect r;
    OK(gl_grid_footer_frame(g, 0, &has, &r));
    EXPECT(has == 1);
    EXPECT_RECT(r, 0, 162, 320, 30);
    EXPECT_RECT(frame(g, 1, 0), 0, 202, 158, 158);
    EXPECT_RECT(frame(g, 1, 2), 0, 370, 158, 158);

    /* spans: section 1's item 1 across both columns, copied */
    int64_t spans[3] = { 1, GL_SPAN_ALL, 1 };
    comp[1].spans = spans;
    OK(gl_grid_set_sections_composed(g, sections, 2, 0, NULL, comp));
    spans[1] = 0;
    OK(gl_grid_reload(g));
    EXPECT_RECT(frame(g, 1, 0), 0, 202, 158, 158);
    EXPECT_RECT(frame(g, 1, 1), 0, 370, 320, 320);
    EXPECT_RECT(frame(g, 1, 2), 0, 700, 158, 158);

    /* refused when set, and the previous data stays */
    EXPECT_STATUS(gl_grid_set_sections_composed(g, sections, 2, 0, NULL, comp), GL_EDATA);
    EXPECT_LAST_ERROR("item (section 1, item 1): span 0 is invalid (expected an integer >= 1, or GL_SPAN_ALL)");
    spans[1] = 1;
    EXPECT_STATUS(gl_grid_set_sections_composed(g, sections, 2, GL_SAME_SIZE, NULL, comp), GL_EINVAL);
    EXPECT_LAST_ERROR("section 1: spans with GL_SAME_SIZE (its items are not stored one by one)");
    comp[1].spans = NULL;
    comp[0].footer.h = NAN;
    EXPECT_STATUS(gl_grid_set_sections_composed(g, sections, 2, 0, NULL, comp), GL_EDATA);
    EXPECT_LAST_ERROR("footer of section 0: size 0xnan is invalid (expected finite sides >= 0)");
    comp[0].footer.h = 30;
    waterfall.set = GL_SECTION_ROW_HEIGHT;
    waterfall.row_height = -1;
    EXPECT_STATUS(gl_grid_set_sections_composed(g, sections, 2, 0, NULL, comp), GL_EDATA);
    EXPECT_LAST_ERROR("section 1: option 'row_height' -1 is invalid (expected a finite number > 0)");
    waterfall.set = 1u << 18;
    EXPECT_STATUS(gl_grid_set_sections_composed(g, sections, 2, 0, NULL, comp), GL_EDATA);
    EXPECT_LAST_ERROR("section 1: gl_section_options.set bit 18 is invalid (expected a GL_SECTION_* bit)");
    waterfall.set = GL_SECTION_ROWS;
    waterfall.rows = 2;
    EXPECT_STATUS(gl_grid_set_sections_composed(g, sections, 2, 0, NULL, comp), GL_EDATA);
    EXPECT_LAST_ERROR("section 1: option 'rows' 2 is invalid (expected one of 'greedy', 'optimal')");
    waterfall.set = 0;
    comp[0].struct_size = comp[1].struct_size = 8;
    EXPECT_STATUS(gl_grid_set_sections_composed(g, sections, 2, 0, NULL, comp), GL_EVERSION);
    EXPECT_LAST_ERROR("gl_section_composition.struct_size is 8, expected at least 48");
    /* a size_t is printed unsigned */
    comp[0].struct_size = comp[1].struct_size = SIZE_MAX;
    EXPECT_STATUS(gl_grid_set_sections_composed(g, sections, 2, 0, NULL, comp), GL_EVERSION);
    EXPECT_LAST_ERROR("gl_section_composition.struct_size is 18446744073709551615, expected at least 48 and at most 9223372036854775807");
    comp[0].struct_size = comp[1].struct_size = sizeof comp[0];
    /* has_footer is 0 or 1 */
    comp[1].has_footer = 7;
    EXPECT_STATUS(gl_grid_set_sections_composed(g, sections, 2, 0, NULL, comp), GL_EDATA);
    EXPECT_LAST_ERROR("section 1: gl_section_composition.has_footer 7 is invalid (expected 0 or 1)");
    comp[1].has_footer = -1;
    EXPECT_STATUS(gl_grid_set_sections_composed(g, sections, 2, 0, NULL, comp), GL_EDATA);
    EXPECT_LAST_ERROR("section 1: gl_section_composition.has_footer -1 is invalid (expected 0 or 1)");
    comp[1].has_footer = 0;
    OK(gl_grid_reload(g));
    EXPECT_RECT(frame(g, 1, 1), 0, 370, 320, 320);
    /* 1.1's gl_section_options (through inset) is still read; a smaller one is not */
    waterfall.struct_size = offsetof(gl_section_options, min_column_width);
    OK(gl_grid_set_sections_composed(g, sections, 2, 0, NULL, comp));
    waterfall.struct_size = offsetof(gl_section_options, inset);
    EXPECT_STATUS(gl_grid_set_sections_composed(g, sections, 2, 0, NULL, comp), GL_EVERSION);
    waterfall.struct_size = sizeof waterfall;
    /* NULL composition: sections and uniform sizes only */
    OK(gl_grid_set_sections_composed(g, sections, 2, 0, NULL, NULL));
    OK(gl_grid_reload(g));
    OK(gl_grid_footer_frame(g, 0, &has, &r));
    EXPECT(has == 0);
    OK(gl_grid_destroy(g));
}

/* Adaptive columns: min_column_width 100 across 320 with item_spacing 10 fits (330 / 110) 3
 * columns of (320 - 20) / 3 = 100 (not the 7 of `columns`); section 1's own 150 fits (330 / 160)
 * 2 of (320 - 10) / 2 = 155. A negative width is refused, naming the option; 0 is off. */
static void test_min_column_width(void) {
    gl_config c;
    gl_config_init(&c);
    c.layout = GL_LAYOUT_WATERFALL;
    c.columns = 7;
    c.spacing = c.line_spacing = c.item_spacing = 10;  /* as gl_grid_set_config reads them back */
    c.min_column_width = 100;
    model m;
    memset(&m, 0, sizeof m);
    m.sections = 2;
    fill(&m.s[0], 4, 50, 50);
    fill(&m.s[1], 2, 100, 100);
    m.s[1].options.set = GL_SECTION_MIN_COLUMN_WIDTH;
    m.s[1].options.min_column_width = 150;
    gl_data_source ds;
    gl_grid *g = model_grid(&m, &c, &ds);
    OK(gl_grid_reload(g));
    EXPECT_RECT(frame(g, 0, 0), 0, 0, 100, 100);
    EXPECT_RECT(frame(g, 0, 2), 220, 0, 100, 100);
    EXPECT_RECT(frame(g, 0, 3), 0, 110, 100, 100);
    /* section 1 after section 0's end (210) and lineSpacing */
    EXPECT_RECT(frame(g, 1, 0), 0, 220, 155, 155);
    EXPECT_RECT(frame(g, 1, 1), 165, 220, 155, 155);
    m.s[1].options.min_column_width = -1;
    EXPECT_STATUS(gl_grid_reload(g), GL_EDATA);
    EXPECT_LAST_ERROR("data source 'section_options' returned min_column_width = -1 for section 1 (expected a finite number >= 0)");
    m.s[1].options.set = 0;
    c.min_column_width = -1;
    EXPECT_STATUS(gl_grid_set_config(g, &c), GL_EINVAL);
    EXPECT_LAST_ERROR("gl_config.min_column_width: -1 is invalid (expected a finite number >= 0)");
    c.min_column_width = 0;  /* off: the 7 columns of (320 - 60) / 7 */
    OK(gl_grid_set_config(g, &c));
    OK(gl_grid_reload(g));
    gl_rect r = frame(g, 0, 1);
    EXPECT(fabs(r.x - 260.0 / 7 - 10) < 1e-9 && fabs(r.w - 260.0 / 7) < 1e-9);
    gl_grid_destroy(g);
}

/* Pinned footers: one section of four 100 x 50 items (0...200) and a 40-thick footer (200...240)
 * in a 100-high viewport: at offset 0 the footer is pinned at 100 - 40 = 60; at 140 (end 240) it
 * is in its place. */
static void test_sticky_footers(void) {
    gl_config c;
    gl_config_init(&c);
    c.height = 100;
    c.sticky_footers = 1;
    model m;
    memset(&m, 0, sizeof m);
    m.sections = 1;
    fill(&m.s[0], 4, 100, 50);
    m.s[0].footer = 40;
    gl_data_source ds;
    gl_grid *g = model_grid(&m, &c, &ds);
    OK(gl_grid_reload(g));
    size_t n = 0;
    gl_element e[4];
    OK(gl_grid_visible(g, e, 4, &n));
    EXPECT(n == 3 && e[2].kind == GL_KIND_FOOTER && e[2].pinned == 1);
    EXPECT(e[2].x == 0 && e[2].y == 60 && e[2].w == 320 && e[2].h == 40);
    OK(gl_grid_scroll_to(g, 0, 140));
    OK(gl_grid_visible(g, e, 4, &n));
    EXPECT(n == 3 && e[2].kind == GL_KIND_FOOTER && e[2].pinned == 0);
    EXPECT(e[2].y == 200 && e[2].h == 40);
    OK(gl_grid_destroy(g));
}

/* Optimal rows (since 1.2; docs/layout.md, "Optimal rows"): W 600, row_height 100, line_spacing 10,
 * ARs 2, 1, 3, 5, 1, 1.5, 1.5, 1 in two sections. Section 0 keeps greedy's rows: the panorama
 * alone, 120 thick, at 110; it ends at 360. Section 1 (GL_SECTION_ROWS, GL_ROWS_OPTIMAL) starts at
 * 370: the panorama and the next item 100 thick at 480 (500 and 100 wide), the widow row at 590
 * (150, 150, 100 wide). Then the grid's own rows = GL_ROWS_OPTIMAL, and a 1.1-sized
 * gl_section_options in the bulk composition (its rows field unread). */
static void test_optimal_rows(void) {
    static const double ratios[8] = { 2, 1, 3, 5, 1, 1.5, 1.5, 1 };
    gl_config c;
    gl_config_init(&c);
    EXPECT(c.rows == GL_ROWS_GREEDY);
    c.layout = GL_LAYOUT_JUSTIFIED;
    c.width = 600;
    c.row_height = 100;
    c.line_spacing = 10;
    model m;
    memset(&m, 0, sizeof m);
    m.sections = 2;
    for (int s = 0; s < 2; s++) {
        fill(&m.s[s], 8, 0, 100);
        for (int i = 0; i < 8; i++) m.s[s].sizes[i].w = ratios[i] * 100;
    }
    m.s[1].options.set = GL_SECTION_ROWS;
    m.s[1].options.rows = GL_ROWS_OPTIMAL;
    gl_data_source ds;
    gl_grid *g = model_grid(&m, &c, &ds);
    OK(gl_grid_reload(g));
    EXPECT_RECT(frame(g, 0, 3), 0, 110, 600, 120);
    EXPECT_RECT(frame(g, 0, 4), 0, 240, 120, 120);
    EXPECT_RECT(frame(g, 1, 3), 0, 480, 500, 100);
    EXPECT_RECT(frame(g, 1, 4), 500, 480, 100, 100);
    EXPECT_RECT(frame(g, 1, 5), 0, 590, 150, 100);
    EXPECT_RECT(frame(g, 1, 7), 300, 590, 100, 100);
    gl_size size;
    OK(gl_grid_content_size(g, &size));
    EXPECT(size.h == 690);

    /* the grid's option, in gl_config and by name; a bad value names it and the choices */
    gl_config now;
    gl_config_init(&now);
    OK(gl_grid_get_config(g, &now));
    now.rows = GL_ROWS_OPTIMAL;
    OK(gl_grid_set_config(g, &now));
    OK(gl_grid_reload(g));
    EXPECT_RECT(frame(g, 0, 3), 0, 110, 500, 100);
    double rows = -1;
    OK(gl_grid_get_option_number(g, "rows", &rows));
    EXPECT(rows == GL_ROWS_OPTIMAL);
    EXPECT_STATUS(gl_grid_set_option_string(g, "rows", "optimla"), GL_EINVAL);
    EXPECT_LAST_ERROR("option 'rows': 'optimla' is invalid (expected one of 'greedy', 'optimal') (did you mean 'optimal'?)");
    EXPECT_STATUS(gl_grid_set_option_string(g, "rows", "best"), GL_EINVAL);
    EXPECT_LAST_ERROR("option 'rows': 'best' is invalid (expected one of 'greedy', 'optimal')");
    now.rows = 2;
    EXPECT_STATUS(gl_grid_set_config(g, &now), GL_EINVAL);
    EXPECT_LAST_ERROR("gl_config.rows: 2 is invalid (expected one of GL_ROWS_GREEDY, GL_ROWS_OPTIMAL)");
    OK(gl_grid_reload(g));
    EXPECT_RECT(frame(g, 0, 3), 0, 110, 500, 100);
    OK(gl_grid_destroy(g));

    /* bulk: a 1.1-sized gl_section_options sets the bits it knows; GL_SECTION_ROWS in a full one */
    OK(gl_grid_create(&c, &g));
    gl_section sections[2] = { { m.s[0].sizes, 8, 0, { 0, 0 }, 0 }, { m.s[1].sizes, 8, 0, { 0, 0 }, 0 } };
    gl_section_options old, optimal;
    memset(&old, 0, sizeof old);
    old.struct_size = offsetof(gl_section_options, min_column_width);
    old.set = GL_SECTION_TOLERANCE;
    old.tolerance = 0.25;
    memset(&optimal, 0, sizeof optimal);
    optimal.struct_size = sizeof optimal;
    optimal.set = GL_SECTION_ROWS;
    optimal.rows = GL_ROWS_OPTIMAL;
    gl_section_composition comp[2];
    memset(comp, 0, sizeof comp);
    comp[0].struct_size = comp[1].struct_size = sizeof comp[0];
    comp[0].options = &old;
    comp[1].options = &optimal;
    OK(gl_grid_set_sections_composed(g, sections, 2, 0, NULL, comp));
    OK(gl_grid_reload(g));
    EXPECT_RECT(frame(g, 0, 3), 0, 110, 600, 120);
    EXPECT_RECT(frame(g, 1, 3), 0, 480, 500, 100);
    old.struct_size = offsetof(gl_section_options, min_column_width) - 1;
    EXPECT_STATUS(gl_grid_set_sections_composed(g, sections, 2, 0, NULL, comp), GL_EVERSION);
    OK(gl_grid_destroy(g));
}

/* Backgrounds: width 320, padding 10, one lane, no spacing. Section 0 (header 20, two 100 x 50
 * items) spans 10...130: background (10, 10, 300, 120), listed first and loaded at the reload;
 * section 1 (four items, 130...330) turns it off with its options. Scrolled to the end (240),
 * section 0's background leaves the loaded set. A background of 3 is GL_EDATA naming it. */
static void test_backgrounds(void) {
    gl_config c;
    gl_config_init(&c);
    c.height = 100;
    c.lanes = 1;
    c.spacing = 0;
    c.padding.top = c.padding.left = c.padding.bottom = c.padding.right = 10;
    c.background = 1;
    model m;
    memset(&m, 0, sizeof m);
    m.sections = 2;
    fill(&m.s[0], 2, 100, 50);
    m.s[0].header = 20;
    fill(&m.s[1], 4, 100, 50);
    m.s[1].options.set = GL_SECTION_BACKGROUND;
    m.s[1].options.background = 0;
    gl_data_source ds;
    gl_grid *g = model_grid(&m, &c, &ds);
    kind_events b;
    memset(&b, 0, sizeof b);
    b.kind = GL_KIND_BACKGROUND;
    OK(gl_grid_set_event_handler(g, on_event, &b));
    OK(gl_grid_reload(g));
    EXPECT(b.loaded == 1 && b.last.section == 0 && b.last.item == -1);
    int has = -1;
    gl_rect r;
    OK(gl_grid_background_frame(g, 0, &has, &r));
    EXPECT(has == 1 && r.x == 10 && r.y == 10 && r.w == 300 && r.h == 120);
    OK(gl_grid_background_frame(g, 1, &has, &r));
    EXPECT(has == 0);
    EXPECT_STATUS(gl_grid_background_frame(g, 2, &has, &r), GL_ERANGE);
    size_t n = 0;
    gl_element e[8];
    OK(gl_grid_visible(g, e, 8, &n));
    EXPECT(n == 4 && e[0].kind == GL_KIND_BACKGROUND && e[0].section == 0 && e[0].item == -1);
    EXPECT(e[0].x == 10 && e[0].y == 10 && e[0].w == 300 && e[0].h == 120 && e[1].kind == GL_KIND_HEADER);
    EXPECT(GL_KIND_BACKGROUND == 4);
    OK(gl_grid_scroll_to(g, 0, 1000));
    EXPECT(b.unloaded == 1);
    m.s[1].options.background = 3;
    EXPECT_STATUS(gl_grid_reload(g), GL_EDATA);
    EXPECT(strstr(gl_last_error(), "background") != NULL && strstr(gl_last_error(), "3") != NULL);
    OK(gl_grid_background_frame(g, 0, &has, &r));  /* the previous layout stays */
    EXPECT(has == 1 && r.h == 120);
    OK(gl_grid_destroy(g));
    c.background = 3;
    EXPECT_STATUS(gl_grid_create(&c, &g), GL_EINVAL);
    EXPECT(strstr(gl_last_error(), "background") != NULL);
}

int main(void) {
    test_optimal_rows();
    test_bulk_composition();
    test_footers_inset_and_section_options();
    test_spans();
    test_errors();
    test_old_data_source();
    test_footer_events();
    test_error_words_counts();
    test_min_column_width();
    test_sticky_footers();
    test_backgrounds();
    return expect_summary();
}
