/* gl_grid_svg and gl_grid_draw: the pictures Lua and Python draw, byte for byte (the files in
 * Tests/fixtures/pictures, whose directory GL_PICTURES_DIR names), the style callback and its
 * errors, the options, the buffer convention. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "gridlayout.h"
#include "expect.h"

#ifndef GL_PICTURES_DIR
#error "GL_PICTURES_DIR must name Tests/fixtures/pictures"
#endif

/* The whole file, NUL-terminated (freed by the caller); NULL when it cannot be read. */
static char *read_file(const char *name) {
    char path[4096];
    snprintf(path, sizeof path, "%s/%s", GL_PICTURES_DIR, name);
    FILE *f = fopen(path, "rb");
    if (!f) { fprintf(stderr, "cannot open %s\n", path); return NULL; }
    fseek(f, 0, SEEK_END);
    long n = ftell(f);
    fseek(f, 0, SEEK_SET);
    char *text = malloc((size_t)n + 1);
    size_t got = fread(text, 1, (size_t)n, f);
    text[got] = 0;
    fclose(f);
    return text;
}

/* A picture as a malloc'd string, sized by a first call with size 0; NULL on failure. */
typedef gl_status (*picture_fn)(gl_grid *, const gl_picture_options *, char *, size_t, size_t *);
static char *picture(picture_fn f, gl_grid *grid, const gl_picture_options *options) {
    size_t needed = 0;
    if (f(grid, options, NULL, 0, &needed) != GL_OK) return NULL;
    char *text = malloc(needed);
    size_t again = 0;
    if (f(grid, options, text, needed, &again) != GL_OK || again != needed) { free(text); return NULL; }
    return text;
}

static void expect_picture(picture_fn f, gl_grid *grid, const gl_picture_options *options, const char *file) {
    char *want = read_file(file), *got = picture(f, grid, options);
    EXPECT(want != NULL && got != NULL);
    if (want && got) EXPECT_STR(got, want);
    free(want);
    free(got);
}

/* The fixture's data source: five 100x100 items; `mode` picks the style callback's answers. */
enum { STYLE_FIXTURE, STYLE_BAD_FILL, STYLE_FAILS, STYLE_RELOADS, STYLE_BAD_UTF8 };
typedef struct fixture { int mode; gl_grid *grid; int asked; int64_t last_section, last_item; char label[64]; } fixture;

static gl_status count5(void *c, int64_t s, int64_t *n) { (void)c; (void)s; *n = 5; return GL_OK; }
static gl_status size100(void *c, int64_t s, int64_t i, gl_size *size) {
    (void)c; (void)s; (void)i; size->w = 100; size->h = 100; return GL_OK;
}
static gl_status style(void *context, int64_t section, int64_t item, gl_style *style) {
    fixture *f = context;
    f->asked++;
    f->last_section = section;
    f->last_item = item;
    EXPECT(style->label == NULL && style->fill == NULL);  /* comes zeroed */
    switch (f->mode) {
    case STYLE_BAD_FILL:
        if (item == 3) style->fill = "#12345";
        return GL_OK;
    case STYLE_FAILS:
        return item == 1 ? GL_EINVAL : GL_OK;
    case STYLE_RELOADS: {
        EXPECT_STATUS(gl_grid_reload(f->grid), GL_EBUSY);
        EXPECT_LAST_ERROR("gl_grid_reload: called from inside a data source callback of the same grid");
        size_t needed = 0;  /* a picture would ask this callback again */
        EXPECT_STATUS(gl_grid_svg(f->grid, NULL, NULL, 0, &needed), GL_EBUSY);
        EXPECT_LAST_ERROR("gl_grid_svg: called from inside a data source callback of the same grid");
        return GL_OK;
    }
    case STYLE_BAD_UTF8:
        style->label = "a\xff" "b\x01";
        return GL_OK;
    }
    /* The fixture: labels "photo N" (N from 1), two fills, one label to escape, one not ASCII. */
    if (item == 2) snprintf(f->label, sizeof f->label, "photo 3 <&>");
    else if (item == 4) snprintf(f->label, sizeof f->label, "photo 5 \xc3\xa9");
    else snprintf(f->label, sizeof f->label, "photo %d", (int)item + 1);
    style->label = f->label;
    if (item == 1) style->fill = "#ff0000";
    if (item == 3) style->fill = "hsl(120, 50%, 50%)";
    return GL_OK;
}

static gl_grid *fixture_grid(fixture *f) {
    gl_config config;
    gl_config_init(&config);
    config.lanes = 2;
    config.spacing = 10;
    config.width = 210;
    config.height = 230;
    config.sort = 1;
    config.animation_duration = 0;
    gl_grid *grid = NULL;
    OK(gl_grid_create(&config, &grid));
    gl_data_source source;
    gl_data_source_init(&source);
    source.context = f;
    source.item_count = count5;
    source.item_size = size100;
    source.style = style;
    OK(gl_grid_set_data_source(grid, &source));
    OK(gl_grid_reload(grid));
    f->grid = grid;
    return grid;
}

/* The same bytes as Lua's grid:draw / grid:svg and Python's Grid.draw / Grid.svg. */
static void test_fixture_pictures(void) {
    fixture f = { STYLE_FIXTURE, NULL, 0, 0, 0, "" };
    gl_grid *grid = fixture_grid(&f);
    gl_picture_options options;
    gl_picture_options_init(&options);
    options.cols = 30;
    options.rows = 14;
    expect_picture(gl_grid_draw, grid, &options, "styled.txt");
    expect_picture(gl_grid_svg, grid, NULL, "styled.svg");
    int found = 0;
    int64_t s = -1, i = -1;
    OK(gl_grid_begin_drag(grid, 50, 50, &found, &s, &i));
    EXPECT(found == 1 && s == 0 && i == 0);
    OK(gl_grid_drag_to(grid, 160, 60));
    expect_picture(gl_grid_draw, grid, &options, "dragged.txt");
    gl_picture_options viewport;
    gl_picture_options_init(&viewport);
    viewport.viewport = 1;
    expect_picture(gl_grid_svg, grid, &viewport, "dragged.svg");
    /* During the drag the style is asked with the data's index paths: the last item drawn by
     * svg is the dragged one, the data's item 0. */
    size_t needed = 0;
    OK(gl_grid_svg(grid, &viewport, NULL, 0, &needed));
    EXPECT(f.last_section == 0 && f.last_item == 0);
    OK(gl_grid_end_drag(grid));
    OK(gl_grid_destroy(grid));
}

/* Without a style callback, or with a data source of 1.0 (whose struct ends before `style`),
 * items are labelled by their index paths, from 0. */
static void test_default_labels(void) {
    gl_config config;
    gl_config_init(&config);
    config.width = 20;
    config.height = 10;
    gl_grid *grid = NULL;
    OK(gl_grid_create(&config, &grid));
    gl_data_source source;
    gl_data_source_init(&source);
    source.item_count = count5;
    source.item_size = size100;
    source.style = style;  /* beyond a 1.0 struct_size: never called */
    source.struct_size = offsetof(gl_data_source, style);
    OK(gl_grid_set_data_source(grid, &source));
    OK(gl_grid_reload(grid));
    gl_picture_options options;
    gl_picture_options_init(&options);
    options.cols = 10;
    options.rows = 4;
    char buffer[256];
    size_t needed = 0;
    OK(gl_grid_draw(grid, &options, buffer, sizeof buffer, &needed));
    /* The item (100 wide) is cut at the viewport's right edge; trailing blanks are trimmed. */
    EXPECT_STR(buffer, "offset (0, 0)  content 20x500  1 visible\n+-------\n|0.0\n");
    EXPECT(needed == strlen(buffer) + 1);
    /* base (since 1.2): the labels count from 1, as Lua's; only 0 and 1. */
    options.base = 1;
    OK(gl_grid_draw(grid, &options, buffer, sizeof buffer, &needed));
    EXPECT_STR(buffer, "offset (0, 0)  content 20x500  1 visible\n+-------\n|1.1\n");
    options.base = 2;
    EXPECT_STATUS(gl_grid_draw(grid, &options, buffer, sizeof buffer, &needed), GL_EINVAL);
    EXPECT_ERROR("gl_picture_options.base: 2 is invalid (expected 0 or 1)");
    /* A 1.1 struct (up to rows) leaves base unread, whatever follows it: labels from 0. */
    options.struct_size = offsetof(gl_picture_options, base);
    OK(gl_grid_draw(grid, &options, buffer, sizeof buffer, &needed));
    EXPECT_STR(buffer, "offset (0, 0)  content 20x500  1 visible\n+-------\n|0.0\n");
    OK(gl_grid_destroy(grid));
}

/* The buffer convention: *needed counts the NUL; a short buffer gets what fits, NUL-terminated,
 * cut at a whole character. */
static void test_buffer_sizes(void) {
    fixture f = { STYLE_FIXTURE, NULL, 0, 0, 0, "" };
    gl_grid *grid = fixture_grid(&f);
    char *whole = picture(gl_grid_draw, grid, NULL);
    EXPECT(whole != NULL);
    if (!whole) return;
    size_t n = strlen(whole);
    char small[12];
    size_t needed = 0;
    memset(small, 'x', sizeof small);
    OK(gl_grid_draw(grid, NULL, small, sizeof small, &needed));
    EXPECT(needed == n + 1);
    EXPECT_STR(small, "offset (0, ");
    /* The é of "photo 5 é" (2 bytes) is not cut in half: one byte short of it keeps neither. */
    const char *e = strstr(whole, "\xc3\xa9");
    EXPECT(e != NULL);
    if (e) {
        size_t cut = (size_t)(e - whole) + 2;  /* room for the bytes before é, its first byte and the NUL */
        char *part = malloc(cut);
        OK(gl_grid_draw(grid, NULL, part, cut, &needed));
        EXPECT(strlen(part) == (size_t)(e - whole));
        EXPECT(strncmp(part, whole, (size_t)(e - whole)) == 0);
        free(part);
    }
    /* size 1: only the NUL. */
    char one = 'x';
    OK(gl_grid_svg(grid, NULL, &one, 1, &needed));
    EXPECT(one == 0);
    free(whole);
    OK(gl_grid_destroy(grid));
}

static void test_errors(void) {
    fixture f = { STYLE_BAD_FILL, NULL, 0, 0, 0, "" };
    gl_grid *grid = fixture_grid(&f);
    size_t needed = 12345;
    EXPECT_STATUS(gl_grid_svg(grid, NULL, NULL, 0, &needed), GL_EDATA);
    EXPECT_LAST_ERROR("data source 'style' returned fill '#12345' for item (section 0, item 3) (expected a CSS colour: "
                      "#rgb, #rrggbb, #rrggbbaa, rgb(), rgba(), hsl(), hsla() or a colour name)");
    EXPECT(needed == 12345);  /* untouched on failure */
    /* draw shows no fill: it does not ask about colours it does not use, but checks them alike. */
    EXPECT_STATUS(gl_grid_draw(grid, NULL, NULL, 0, &needed), GL_EDATA);
    f.mode = STYLE_FAILS;
    EXPECT_STATUS(gl_grid_draw(grid, NULL, NULL, 0, &needed), GL_ECALLBACK);
    EXPECT_LAST_ERROR("data source 'style' failed for item (section 0, item 1): style returned GL_EINVAL");
    f.mode = STYLE_RELOADS;
    OK(gl_grid_draw(grid, NULL, NULL, 0, &needed));
    f.mode = STYLE_BAD_UTF8;  /* invalid UTF-8 reads as U+FFFD, control characters as '?' */
    gl_picture_options options;
    gl_picture_options_init(&options);
    options.cols = 60;
    options.rows = 30;
    char buffer[4096];
    OK(gl_grid_draw(grid, &options, buffer, sizeof buffer, &needed));
    EXPECT(strstr(buffer, "|a\xef\xbf\xbd" "b?") != NULL);

    /* Arguments. */
    EXPECT_STATUS(gl_grid_svg(grid, NULL, NULL, 0, NULL), GL_EINVAL);
    EXPECT_LAST_ERROR("needed is NULL");
    EXPECT_STATUS(gl_grid_svg(grid, NULL, NULL, 10, &needed), GL_EINVAL);
    EXPECT_LAST_ERROR("buffer is NULL with size 10");
    options.viewport = 2;
    EXPECT_STATUS(gl_grid_svg(grid, &options, NULL, 0, &needed), GL_EINVAL);
    EXPECT_LAST_ERROR("gl_picture_options.viewport: 2 is invalid (expected 0 or 1)");
    options.viewport = 0;
    options.cols = 10001;
    EXPECT_STATUS(gl_grid_draw(grid, &options, NULL, 0, &needed), GL_EINVAL);
    EXPECT_LAST_ERROR("gl_picture_options.cols: 10001 is invalid (expected 1...10000, or 0 for the default)");
    options.cols = 0;
    options.rows = -1;
    EXPECT_STATUS(gl_grid_draw(grid, &options, NULL, 0, &needed), GL_EINVAL);
    EXPECT_LAST_ERROR("gl_picture_options.rows: -1 is invalid (expected 1...10000, or 0 for the default)");
    options.rows = 0;
    options.struct_size = 4;
    EXPECT_STATUS(gl_grid_draw(grid, &options, NULL, 0, &needed), GL_EVERSION);
    EXPECT_ERROR("gl_picture_options.struct_size is 4, expected at least");
    OK(gl_grid_destroy(grid));
    EXPECT_STATUS(gl_grid_draw(grid, NULL, NULL, 0, &needed), GL_EHANDLE);

    /* Too many elements for a whole-content SVG; the viewport alone is fine. */
    gl_config config;
    gl_config_init(&config);
    config.lanes = 10;
    OK(gl_grid_create(&config, &grid));
    gl_section section = { NULL, 30000, 0, { 0, 0 }, 0 };
    gl_size one = { 10, 10 };
    section.sizes = &one;
    OK(gl_grid_set_sections(grid, &section, 1, GL_SAME_SIZE));
    OK(gl_grid_reload(grid));
    EXPECT_STATUS(gl_grid_svg(grid, NULL, NULL, 0, &needed), GL_ENOMEM);
    EXPECT_LAST_ERROR("gl_grid_svg: more than 20000 elements; draw the viewport only (gl_picture_options.viewport = 1)");
    gl_picture_options_init(&options);
    options.viewport = 1;
    OK(gl_grid_svg(grid, &options, NULL, 0, &needed));
    OK(gl_grid_destroy(grid));
}

int main(void) {
    test_fixture_pictures();
    test_default_labels();
    test_buffer_sizes();
    test_errors();
    return expect_summary();
}
