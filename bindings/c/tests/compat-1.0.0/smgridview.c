/* SMGridView's example app in C: 4 sections of 200 items, scrolling horizontally, each section
 * with a header 50 wide, and the loader after the last section while more is coming. The lanes
 * follow from the viewport: as many 150-high items as fit in its height. The data source is given
 * as callbacks (see minimal.c for the bulk path); events report the loader coming into view.
 * Prints what scripts/smgridview.lua prints, with sections and items counted from 0.
 *
 *     cc smgridview.c $(pkg-config --cflags --libs gridlayout) && ./a.out
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <gridlayout.h>

#define CHECK(call) do { gl_status s_ = (call); if (s_ != GL_OK) { \
    fprintf(stderr, "%s: %s: %s\n", #call, gl_status_name(s_), gl_last_error()); exit(1); } } while (0)

typedef struct app {
    double spacing, item, height;
    int loader_events;
} app;

static gl_status sections(void *context, int64_t *count) { (void)context; *count = 4; return GL_OK; }
static gl_status items(void *context, int64_t section, int64_t *count) {
    (void)context; (void)section; *count = 200; return GL_OK;
}
static gl_status item_size(void *context, int64_t section, int64_t item, gl_size *size) {
    app *a = (app *)context; (void)section; (void)item;
    size->w = a->item; size->h = a->item;
    return GL_OK;
}
static gl_status same_size(void *context, int *same) { (void)context; *same = 1; return GL_OK; }
static int lanes_for(const app *a) { return (int)floor((a->height + a->spacing) / (a->item + a->spacing)); }
static gl_status lanes(void *context, int64_t section, int *n) {
    (void)section; *n = lanes_for((app *)context); return GL_OK;
}
static gl_status header(void *context, int64_t section, int *has, gl_size *size) {
    app *a = (app *)context; (void)section;
    *has = 1; size->w = 50; size->h = a->height;
    return GL_OK;
}
static gl_status show_loader(void *context, int *show) { (void)context; *show = 1; return GL_OK; }

static void on_event(void *context, gl_grid *grid, const gl_event *event) {
    app *a = (app *)context; (void)grid;
    if (event->kind == GL_EVENT_LOADER_SHOWN) { a->loader_events++; printf("event\tloader shown\n"); }
    if (event->kind == GL_EVENT_LOADER_HIDDEN) printf("event\tloader hidden\n");
}

static const char *kind_name(int kind) {
    return kind == GL_KIND_ITEM ? "item" : kind == GL_KIND_HEADER ? "header" : "loader";
}

static void show(gl_grid *grid, const char *title) {
    gl_point offset;
    CHECK(gl_grid_offset(grid, &offset));
    printf("%s\toffset\t%g\t%g\n", title, offset.x, offset.y);
    size_t count;
    CHECK(gl_grid_visible(grid, NULL, 0, &count));          /* how many, to size the buffer */
    gl_element *elements = (gl_element *)malloc((count ? count : 1) * sizeof *elements);
    if (!elements) exit(1);
    CHECK(gl_grid_visible(grid, elements, count, &count));
    for (size_t i = 0; i < count; i++) {
        const gl_element *e = &elements[i];
        printf("%s\t%lld\t%lld\t%g\t%g\t%g\t%g\n", kind_name(e->kind), (long long)e->section,
               (long long)e->item, e->x, e->y, e->w, e->h);
    }
    free(elements);
}

int main(void) {
    CHECK(GL_CHECK_VERSION());
    app a = { 10, 150, 700, 0 };
    gl_config config;
    CHECK(gl_config_init(&config));
    config.layout = GL_LAYOUT_LANES;
    config.direction = GL_HORIZONTAL;
    config.width = 1024;
    config.height = a.height;
    config.spacing = a.spacing;
    config.loader_size.w = config.loader_size.h = 44;

    gl_grid *grid;
    CHECK(gl_grid_create(&config, &grid));
    gl_data_source source;
    gl_data_source_init(&source);
    source.context = &a;
    source.section_count = sections;
    source.item_count = items;
    source.item_size = item_size;
    source.same_size = same_size;
    source.lanes = lanes;
    source.header_size = header;
    source.show_loader = show_loader;
    CHECK(gl_grid_set_data_source(grid, &source));
    CHECK(gl_grid_set_event_handler(grid, on_event, &a));
    CHECK(gl_grid_reload(grid));

    gl_size content;
    CHECK(gl_grid_content_size(grid, &content));
    printf("content\t%g\t%g\n", content.w, content.h);
    printf("lanes\t%d\n", lanes_for(&a));
    int has;
    gl_rect r;
    CHECK(gl_grid_header_frame(grid, 1, &has, &r));
    printf("section 1 header at\t%g\t%g\t%g\t%g\n", r.x, r.y, r.w, r.h);
    show(grid, "start");
    CHECK(gl_grid_scroll_to(grid, 7900, 0));                 /* across sections 0 and 1 */
    show(grid, "section boundary");
    CHECK(gl_grid_scroll_to(grid, INFINITY, 0));             /* clamps to the end: the loader */
    show(grid, "end");
    int shown;
    CHECK(gl_grid_loader_frame(grid, &shown, &r));
    printf("loader at\t%g\t%g\t%g\t%g\n", r.x, r.y, r.w, r.h);
    printf("loader events\t%d\n", a.loader_events);
    CHECK(gl_grid_destroy(grid));
    return 0;
}
