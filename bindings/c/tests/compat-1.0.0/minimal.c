/* The smallest gridlayout client: a nine-grid (3 items of 100 x 120 per line, gaps of 10) of 10
 * items from the bulk data source, and its visible items. Build it with
 *     cc minimal.c $(pkg-config --cflags --libs gridlayout)
 */
#include <stdio.h>
#include <gridlayout.h>

#define CHECK(call) do { gl_status s_ = (call); if (s_ != GL_OK) { \
    fprintf(stderr, "%s: %s: %s\n", #call, gl_status_name(s_), gl_last_error()); return 1; } } while (0)

int main(void) {
    CHECK(GL_CHECK_VERSION());
    gl_config config;
    CHECK(gl_config_init(&config));
    config.width = 320;
    config.height = 480;
    config.lanes = 3;
    config.spacing = 10;
    config.padding.left = config.padding.right = 0;

    gl_grid *grid;
    CHECK(gl_grid_create(&config, &grid));
    gl_size sizes[10];
    for (int i = 0; i < 10; i++) { sizes[i].w = 100; sizes[i].h = 120; }
    gl_section section = { sizes, 10, 0, { 0, 0 }, 0 };
    CHECK(gl_grid_set_sections(grid, &section, 1, 0));
    CHECK(gl_grid_reload(grid));

    gl_size content;
    CHECK(gl_grid_content_size(grid, &content));
    printf("gridlayout %s: content %g x %g\n", gl_version_string(), content.w, content.h);

    gl_element visible[32];
    size_t count;
    CHECK(gl_grid_visible(grid, visible, 32, &count));
    for (size_t i = 0; i < count && i < 32; i++)
        printf("item %lld.%lld at %g,%g size %gx%g\n", (long long)visible[i].section,
               (long long)visible[i].item, visible[i].x, visible[i].y, visible[i].w, visible[i].h);
    CHECK(gl_grid_destroy(grid));
    return 0;
}
