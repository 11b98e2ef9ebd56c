/* gridlayout.h — the C ABI of gridlayout, a headless grid layout engine.
 *
 * Link with -lgridlayout (pkg-config gridlayout). C99, also valid C++.
 *
 * Conventions
 *  - Every function returns a gl_status (GL_OK = 0) unless it is a plain query that cannot fail
 *    (gl_version, gl_version_string, gl_last_error, gl_status_name). On failure,
 *    gl_last_error() describes what went wrong, on the calling thread, until that thread's next
 *    gl_ call. Output parameters are written only on success.
 *  - A grid is an opaque handle. A NULL, destroyed or made-up handle gives GL_EHANDLE: the
 *    library never dereferences a handle, so a stale one cannot crash it.
 *  - Sections and items count from 0. Lengths are doubles; indices are int64_t.
 *  - Structs that may grow start with `size_t struct_size` (set it to sizeof the struct: the
 *    *_init helpers do); the library reads only the fields the caller's struct has.
 *  - One grid is used by one thread at a time; distinct grids are independent.
 *  - Configuration changes take effect at the next reload (as in the engine).
 *  - Versions: a struct with struct_size grows at its end within a major version; any other
 *    change of a struct or a function (gl_element and gl_event have no struct_size) makes a new
 *    major version, with a new SONAME (libgridlayout.so.MAJOR).
 *  - A failed reload (bad size or count, a callback returning an error) leaves the previous
 *    layout and offset in place, whole.
 */
#ifndef GRIDLAYOUT_H
#define GRIDLAYOUT_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* ---- version ------------------------------------------------------------------------------ */

#define GL_VERSION_MAJOR 1
#define GL_VERSION_MINOR 0
#define GL_VERSION_PATCH 0
/* major * 10000 + minor * 100 + patch */
#define GL_VERSION_NUM (GL_VERSION_MAJOR * 10000 + GL_VERSION_MINOR * 100 + GL_VERSION_PATCH)
#define GL_VERSION_STRING "1.0.0"

/* ---- status ------------------------------------------------------------------------------- */

typedef enum gl_status {
    GL_OK = 0,
    GL_EINVAL = 1,      /* a bad argument: NULL pointer, NaN, bad option name or value */
    GL_ERANGE = 2,      /* an index path or section out of range */
    GL_ECALLBACK = 3,   /* a data source callback returned an error status */
    GL_ENOMEM = 4,      /* out of memory, or more content than the engine's limits */
    GL_EHANDLE = 5,     /* NULL, destroyed or unknown grid handle */
    GL_EDATA = 6,       /* the data source gave a bad value: a size NaN/infinite/negative, a bad
                           count, a justified item without aspect ratio, content that is not an
                           append (reload_new) */
    GL_ENOSOURCE = 7,   /* no data source is set */
    GL_EVERSION = 8,    /* header and library versions are incompatible, or struct_size too small */
    GL_EBUSY = 9,       /* called from inside a data source callback on the same grid */
    GL_ESTATE = 10      /* the call does not fit the grid's state: no drag in progress (drag_to,
                           end_drag), sort off (begin_drag), a drag in progress (begin_drag,
                           insert, remove, move) */
} gl_status;

/* ---- value types -------------------------------------------------------------------------- */

typedef struct gl_size { double w, h; } gl_size;
typedef struct gl_point { double x, y; } gl_point;
typedef struct gl_rect { double x, y, w, h; } gl_rect;
typedef struct gl_insets { double top, left, bottom, right; } gl_insets;

typedef enum gl_layout { GL_LAYOUT_LANES = 0, GL_LAYOUT_WATERFALL = 1, GL_LAYOUT_FLOW = 2,
                         GL_LAYOUT_JUSTIFIED = 3 } gl_layout;
typedef enum gl_direction { GL_VERTICAL = 0, GL_HORIZONTAL = 1 } gl_direction;
typedef enum gl_order { GL_ORDER_SHORTEST = 0, GL_ORDER_LTR = 1, GL_ORDER_RTL = 2 } gl_order;
typedef enum gl_widow { GL_WIDOW_LEFT = 0, GL_WIDOW_CENTER = 1, GL_WIDOW_JUSTIFY = 2 } gl_widow;
typedef enum gl_align { GL_ALIGN_START = 0, GL_ALIGN_CENTER = 1, GL_ALIGN_END = 2,
                        GL_ALIGN_NEAREST = 3 } gl_align;
typedef enum gl_kind { GL_KIND_ITEM = 0, GL_KIND_HEADER = 1, GL_KIND_LOADER = 2 } gl_kind;

/* ---- configuration ------------------------------------------------------------------------ */

/* Every option of the engine (the Lua key in brackets). Fill with gl_config_init(). */
typedef struct gl_config {
    size_t struct_size;         /* sizeof(gl_config) */
    int layout;                 /* gl_layout [layout], default GL_LAYOUT_LANES */
    int direction;              /* gl_direction [direction], default GL_VERTICAL */
    double width, height;       /* the viewport [width, height], default 320 x 480 */
    gl_insets padding;          /* [padding], default 0 */
    double spacing;             /* [spacing], default 0 */
    int lanes;                  /* [lanes] 1...10000, default 1 */
    int columns;                /* waterfall [columns] 1...10000, default 2 */
    int order;                  /* gl_order, waterfall [order], default GL_ORDER_SHORTEST */
    int widow;                  /* gl_widow, justified [widow], default GL_WIDOW_LEFT */
    double row_height;          /* justified [rowHeight] > 0, default 100 */
    double tolerance;           /* justified [tolerance] 0...1, default 0.25 */
    gl_size loader_size;        /* [loaderSize], default 44 x 44 */
    int sticky_headers;         /* [stickyHeaders] 0/1 */
    int paging;                 /* [paging] 0/1 */
    int paging_inverse_order;   /* [pagingInverseOrder] 0/1 */
    double overscan;            /* [overscan] >= 0, default 0 */
    /* since 1.0 */
    double animation_duration;  /* [animationDuration] seconds >= 0 an insert, removal (twice:
                                   fade, then slide), move or drag re-flow takes; 0 makes them
                                   instant; default 0.2 */
    int sort;                   /* [sort] 0/1: items can be dragged to reorder them */
    double drag_hysteresis;     /* [dragHysteresis] >= 0: how much nearer another slot must be
                                   before a drag retargets to it; default 10 */
    double auto_scroll_margin;  /* [autoScrollMargin] >= 0: a drag this near the viewport's edge
                                   (along the scroll axis) auto-scrolls; default 40 */
    double auto_scroll_speed;   /* [autoScrollSpeed] >= 0 points per second at the edge; default 600 */
} gl_config;

/* Writes the defaults into the first struct_size bytes of *config and sets its struct_size. */
gl_status gl_config_defaults(gl_config *config, size_t struct_size);

static inline gl_status gl_config_init(gl_config *config) {
    return gl_config_defaults(config, sizeof *config);
}

/* ---- grids -------------------------------------------------------------------------------- */

typedef struct gl_grid gl_grid;

/* config may be NULL (the defaults). *grid is set to the new handle. */
gl_status gl_grid_create(const gl_config *config, gl_grid **grid);
/* Releases the grid (and its data source's context via its release callback). A second destroy
 * of the same handle gives GL_EHANDLE. */
gl_status gl_grid_destroy(gl_grid *grid);

/* The whole configuration (takes effect at the next reload; checked first, so a bad value
 * changes nothing). Fields beyond the caller's struct_size keep the grid's values. */
gl_status gl_grid_set_config(gl_grid *grid, const gl_config *config);
gl_status gl_grid_get_config(gl_grid *grid, gl_config *config);

/* One option by its Lua name ("lanes", "rowHeight", "stickyHeaders", "animationDuration", "sort", ...). Numbers set numeric
 * options, 0/1 the boolean ones, and a number sets all four sides of "padding"; strings set
 * "layout", "direction", "order", "widow". An unknown name or a bad value gives GL_EINVAL. */
gl_status gl_grid_set_option_number(gl_grid *grid, const char *name, double value);
gl_status gl_grid_set_option_string(gl_grid *grid, const char *name, const char *value);
/* Numeric and boolean options (1/0); "padding" gives its top side. */
gl_status gl_grid_get_option_number(gl_grid *grid, const char *name, double *value);

/* ---- data ---------------------------------------------------------------------------------- */

/* The bulk data source: one section's item sizes (copied). */
typedef struct gl_section {
    const gl_size *sizes;       /* count sizes; with GL_SAME_SIZE only sizes[0] (NULL when
                                   count is 0) */
    size_t count;
    int has_header;             /* 0/1: the section starts with a header of size `header` */
    gl_size header;             /* only the scroll-axis size is used */
    int lanes;                  /* lanes for this section, or 0 for the configuration's */
} gl_section;

/* gl_grid_set_sections flags. */
enum {
    GL_SHOW_LOADER = 1,         /* the loader follows the last section */
    GL_SAME_SIZE = 2            /* every item of a section has the size of its item 0: the
                                   analytic path (any count up to 2^53, nothing stored per item;
                                   SMGridView's paged arrangement) */
};

/* Copies the sections into the grid (the fast path). flags: GL_SHOW_LOADER | GL_SAME_SIZE (so a
 * plain boolean "show loader" works too). A bad size, NULL sizes or too much content gives an
 * error and keeps the previous data source. Takes effect at the next reload. */
gl_status gl_grid_set_sections(gl_grid *grid, const gl_section *sections, size_t count,
                               int flags);

/* The callback data source. Every callback gets `context` first and returns GL_OK, or any other
 * status to fail the reload that asked (GL_ECALLBACK then; the previous layout stays).
 * Required: item_count, and item_size or item_sizes. Others may be NULL (the default in
 * brackets). Callbacks may query the grid; changing it from inside one gives GL_EBUSY. */
typedef struct gl_data_source {
    size_t struct_size;     /* sizeof(gl_data_source) */
    void *context;
    gl_status (*section_count)(void *context, int64_t *count);                        /* [1] */
    gl_status (*item_count)(void *context, int64_t section, int64_t *count);
    gl_status (*item_size)(void *context, int64_t section, int64_t item, gl_size *size);
    /* *has_header = 0 for none [none] */
    gl_status (*header_size)(void *context, int64_t section, int *has_header, gl_size *size);
    gl_status (*show_loader)(void *context, int *show);                               /* [0] */
    /* every item of a section has the size of its item 0: asked once per section [0] */
    gl_status (*same_size)(void *context, int *same);
    /* *lanes = 0 for the configuration's [0] */
    gl_status (*lanes)(void *context, int64_t section, int *lanes);
    /* bulk: writes the section's `count` sizes at once; preferred over item_size when set */
    gl_status (*item_sizes)(void *context, int64_t section, gl_size *sizes, int64_t count);
    /* called once when the data source is replaced or the grid destroyed [nothing] */
    void (*release)(void *context);
    /* since 1.0: the data changes of gl_grid_insert, gl_grid_remove, gl_grid_move and drags.
     * After each, item_count must give the count the change implies (GL_EDATA otherwise). */
    /* an insert starts: put the new item at (section, item) [nothing: the data has it already] */
    gl_status (*insert_item)(void *context, int64_t section, int64_t item);
    /* a removal's item has faded out: drop it from the data [nothing: dropped already] */
    gl_status (*remove_item)(void *context, int64_t section, int64_t item);
    /* a move starts, or a drag ends elsewhere than it began: move the item (a removal, then an
       insertion at to_section, to_item) [nothing] */
    gl_status (*move_item)(void *context, int64_t from_section, int64_t from_item,
                           int64_t to_section, int64_t to_item);
    /* *can = 0: the item cannot be dragged [1] */
    gl_status (*can_move)(void *context, int64_t section, int64_t item, int *can);
    /* *can = 1: an item of from_section may be dropped into to_section; never asked for a
       section with itself, which is always allowed [0] */
    gl_status (*can_move_to_section)(void *context, int64_t from_section, int64_t to_section,
                                     int *can);
} gl_data_source;

static inline void gl_data_source_init(gl_data_source *source) {
    unsigned char *p = (unsigned char *)source;
    size_t i;
    for (i = 0; i < sizeof *source; i++) p[i] = 0;
    source->struct_size = sizeof *source;
}

/* Copies the struct (not the context). NULL removes the data source. */
gl_status gl_grid_set_data_source(gl_grid *grid, const gl_data_source *source);

/* ---- layout -------------------------------------------------------------------------------- */

/* Lays out everything again. */
gl_status gl_grid_reload(gl_grid *grid);
/* Lays out only items and sections appended since the last layout (GL_EDATA when the content
 * shrank: call gl_grid_reload then). */
gl_status gl_grid_reload_new(gl_grid *grid);
/* Lays out one section again, moving the ones after it. */
gl_status gl_grid_reload_section(gl_grid *grid, int64_t section);

/* ---- queries ------------------------------------------------------------------------------- */

typedef struct gl_element {
    int kind;               /* gl_kind */
    int pinned;             /* 1 for a sticky header drawn pinned at the viewport's edge */
    int64_t section;        /* -1 for the loader */
    int64_t item;           /* -1 for a header or the loader */
    double x, y, w, h;      /* content coordinates; during an animation or a drag, where the
                               element is drawn at this moment */
    double alpha;           /* opacity 0...1: an inserted item fades in, a removed one out
                               (1 outside animations) */
    double scale;           /* scale about the frame's centre 0...1: a removed item shrinks (1
                               outside animations); the frame is the unscaled one */
    int dragged;            /* 1 for the item being dragged: its frame follows the drag point */
} gl_element;

gl_status gl_grid_content_size(gl_grid *grid, gl_size *size);
gl_status gl_grid_offset(gl_grid *grid, gl_point *offset);
/* The visible elements (positive-area overlap with the viewport), headers before their items,
 * items ascending, the loader last. Writes min(cap, total) of them to buf (buf may be NULL when
 * cap is 0) and the total to *count: call with cap 0 to size the buffer. */
gl_status gl_grid_visible(gl_grid *grid, gl_element *buf, size_t cap, size_t *count);
/* The same for any rectangle of the content (sticky headers at their laid-out place). */
gl_status gl_grid_elements_in(gl_grid *grid, gl_rect rect, gl_element *buf, size_t cap,
                              size_t *count);
gl_status gl_grid_frame(gl_grid *grid, int64_t section, int64_t item, gl_rect *frame);
/* *has_header = 0 (and *frame untouched) when the section has no header. */
gl_status gl_grid_header_frame(gl_grid *grid, int64_t section, int *has_header, gl_rect *frame);
/* *shown = 0 when there is no loader. */
gl_status gl_grid_loader_frame(gl_grid *grid, int *shown, gl_rect *frame);
/* *found = 0 when no item is under the point. */
gl_status gl_grid_index_path_at(gl_grid *grid, gl_point point, int *found, int64_t *section,
                                int64_t *item);
gl_status gl_grid_section_count(gl_grid *grid, int64_t *count);
gl_status gl_grid_item_count(gl_grid *grid, int64_t section, int64_t *count);

/* ---- scrolling ----------------------------------------------------------------------------- */

/* Offsets are clamped to the content (and snapped to pages with paging); NaN is GL_EINVAL. */
gl_status gl_grid_scroll_to(gl_grid *grid, double x, double y);
gl_status gl_grid_scroll_by(gl_grid *grid, double dx, double dy);
gl_status gl_grid_scroll_to_item(gl_grid *grid, int64_t section, int64_t item, gl_align align);
/* Changes the viewport size, re-laying out when the cross-axis size changes (the first visible
 * item keeps its place). */
gl_status gl_grid_resize(gl_grid *grid, double width, double height);
/* Paging: pages count from 0. */
gl_status gl_grid_page(gl_grid *grid, int64_t *page);
gl_status gl_grid_page_count(gl_grid *grid, int64_t *count);
gl_status gl_grid_scroll_to_page(gl_grid *grid, int64_t page);

/* ---- mutations and animation -------------------------------------------------------------- */

/* Inserts, removals and moves, animated on the grid's own clock: gl_grid_step(grid, dt) advances
 * it by dt seconds (call it once a frame); nothing moves between steps. animated and scroll are
 * 0 or 1. With animated 1 (and animation_duration > 0):
 *  - insert: the data source's insert_item runs at once (for data sources that add the item
 *    then; with bulk data, set the sections with the new item first), the new item fades in
 *    (alpha 0 -> 1) while the others slide to their new frames. scroll 1 first scrolls so that
 *    the new item is at the viewport's centre.
 *  - remove: the item fades and shrinks (alpha and scale 1 -> 0), THEN remove_item drops it from
 *    the data, then the others slide (two animation_duration's in all).
 *  - move: move_item runs at once, then every item whose frame changed slides.
 * Progress follows a cubic ease-in-out (exactly 0.5 at half the duration). Mutations asked for
 * while one runs are queued and run in order as the clock advances, never dropped; index paths
 * are checked when asked, against the counts after every mutation asked for before (GL_ERANGE).
 * gl_grid_frame gives the layout after the mutations started so far, gl_grid_visible where the
 * elements are drawn at this moment. A mutation asked for during a drag gives GL_ESTATE.
 * A data source callback that fails makes the call (or the gl_grid_step that ran it) return
 * GL_ECALLBACK, a count that does not match the change afterwards GL_EDATA: that mutation is
 * dropped, the layout stays as it was, and the queue goes on. */
gl_status gl_grid_insert(gl_grid *grid, int64_t section, int64_t item, int animated, int scroll);
gl_status gl_grid_remove(gl_grid *grid, int64_t section, int64_t item, int animated);
gl_status gl_grid_move(gl_grid *grid, int64_t from_section, int64_t from_item, int64_t to_section,
                       int64_t to_item, int animated);
/* Advances the animation clock by dt >= 0 seconds (NaN, infinite or negative: GL_EINVAL):
 * animations progress, finished ones make way for the next phase or queued mutation, and a drag
 * near the viewport's edge auto-scrolls. */
gl_status gl_grid_step(gl_grid *grid, double dt);
/* *animating = 1 while a mutation runs or is queued. */
gl_status gl_grid_is_animating(gl_grid *grid, int *animating);

/* Drag reordering (the option sort = 1). Points are in viewport coordinates, as a touch gives
 * them. begin_drag picks up the item under the point (*found = 0 when there is none or can_move
 * says no; section and item are then untouched): running and queued mutations are finished
 * first. drag_to moves it (clamped to the sections it may go to); the others re-flow around its
 * target slot. end_drag drops it: move_item is called once, unless the slot is where it began.
 * begin_drag with sort off or during a drag, drag_to and end_drag without a drag: GL_ESTATE. */
gl_status gl_grid_begin_drag(gl_grid *grid, double x, double y, int *found, int64_t *section,
                             int64_t *item);
gl_status gl_grid_drag_to(gl_grid *grid, double x, double y);
gl_status gl_grid_end_drag(gl_grid *grid);
/* *dragging = 0 without a drag (the others untouched); else the dragged item's index path in the
 * data (from) and the slot it would drop into (to). */
gl_status gl_grid_drag_state(gl_grid *grid, int *dragging, int64_t *from_section,
                             int64_t *from_item, int64_t *to_section, int64_t *to_item);
/* The data's index path of the item shown at (section, item): during a drag the layout is a
 * preview with the dragged item in its target slot, so the two differ; otherwise the same. Use it
 * to find the data for an item loaded during a drag. */
gl_status gl_grid_data_index_path(gl_grid *grid, int64_t section, int64_t item,
                                  int64_t *data_section, int64_t *data_item);

/* ---- events and view reuse ------------------------------------------------------------------ */

typedef enum gl_event_kind {
    GL_EVENT_LOADED = 0,        /* element joined the loaded set (viewport plus overscan) */
    GL_EVENT_UNLOADED = 1,      /* element left it; for an item, `view` is its view, now queued */
    GL_EVENT_LOADER_SHOWN = 2,  /* the loader came into the loaded set (time to load more) */
    GL_EVENT_LOADER_HIDDEN = 3,
    GL_EVENT_PAGE_CHANGED = 4,  /* `page` is the new page (from 0) */
    /* since 1.0, with `change`: */
    GL_EVENT_RENUMBERED = 5,    /* an insert, removal or move (or a drag's new target) renumbered
                                   the items: loaded items now have the index paths the change
                                   gives (a removed item was unloaded just before); attached
                                   views follow their items (gl_grid_view) */
    GL_EVENT_INSERTED = 6,      /* an insert finished (change: GL_CHANGE_INSERT, its index path) */
    GL_EVENT_REMOVED = 7,       /* a removal finished (GL_CHANGE_REMOVE) */
    GL_EVENT_MOVED = 8,         /* a move finished (GL_CHANGE_MOVE, from and to) */
    GL_EVENT_DRAG_STARTED = 9,  /* a drag picked up the item (GL_CHANGE_MOVE, from = to) */
    GL_EVENT_DRAG_ENDED = 10    /* a drag dropped its item (GL_CHANGE_MOVE from its index path in
                                   the data to where it dropped; equal when it did not move) */
} gl_event_kind;

typedef enum gl_change_kind { GL_CHANGE_INSERT = 0, GL_CHANGE_REMOVE = 1,
                              GL_CHANGE_MOVE = 2 } gl_change_kind;

/* How an insert, removal or move renumbers the items. */
typedef struct gl_change {
    int kind;                   /* gl_change_kind */
    int64_t section, item;      /* the inserted or removed item; a move's from */
    int64_t to_section, to_item;/* a move's to (for an insert or a removal: section, item) */
} gl_change;

typedef struct gl_event {
    int kind;                   /* gl_event_kind */
    int64_t page;               /* GL_EVENT_PAGE_CHANGED */
    gl_element element;         /* LOADED, UNLOADED (its frame is zero for UNLOADED) */
    void *view;                 /* UNLOADED item: the view moved to the reuse queue, or NULL */
    gl_change change;           /* RENUMBERED, INSERTED, REMOVED, MOVED, DRAG_STARTED, DRAG_ENDED */
} gl_event;

/* Events are delivered after the call that caused them (scroll, reload, resize, a mutation,
 * step, a drag call) has finished its work, in the order they happened: unloads, then loads,
 * then the page change for a scroll. The handler may query the grid, dequeue and attach views,
 * and scroll or mutate (its events follow). NULL removes the handler.
 * An event's index paths are numbered as when it happened (one gl_grid_step may start several
 * mutations): inside the handler gl_grid_attach_view, gl_grid_view and gl_grid_data_index_path
 * take index paths in the numbering of the event being delivered, and the RENUMBERED events that
 * follow carry them (and the views) on. gl_grid_data_index_path gives the data's index path now. */
typedef void (*gl_event_fn)(void *context, gl_grid *grid, const gl_event *event);
gl_status gl_grid_set_event_handler(gl_grid *grid, gl_event_fn handler, void *context);

/* View reuse as SMGridView does it: give a loaded item a view with gl_grid_attach_view (inside
 * the LOADED event or later); when the item unloads its view is queued and handed back in the
 * UNLOADED event; gl_grid_dequeue takes the oldest queued view (NULL when there is none). A view
 * attached right after being dequeued counts as reused, any other as created. Views follow their
 * items through inserts, removals and moves (GL_EVENT_RENUMBERED). */
gl_status gl_grid_dequeue(gl_grid *grid, void **view);
gl_status gl_grid_attach_view(gl_grid *grid, int64_t section, int64_t item, void *view);
/* The view of a loaded item, or NULL. */
gl_status gl_grid_view(gl_grid *grid, int64_t section, int64_t item, void **view);

typedef struct gl_stats {
    int64_t created, reused, live, queued;
} gl_stats;
gl_status gl_grid_stats(gl_grid *grid, gl_stats *stats);

/* ---- library -------------------------------------------------------------------------------- */

/* GL_VERSION_NUM of the library. */
int gl_version(void);
const char *gl_version_string(void);
/* GL_OK when a client built with header_version (pass GL_VERSION_NUM) can use this library:
 * the same major version and a library at least as new. Like luaL_checkversion. */
gl_status gl_check_version(int header_version);
#define GL_CHECK_VERSION() gl_check_version(GL_VERSION_NUM)

/* What went wrong in this thread's last failed call ("" when nothing failed). Valid until the
 * thread's next gl_ call. Never NULL. */
const char *gl_last_error(void);
/* "GL_OK", "GL_EINVAL", ... ("GL_E?" for an unknown value). */
const char *gl_status_name(gl_status status);

/* The Lua 5.4 module: `require "gridlayout"` from stock lua5.4 (install or symlink the library
 * as gridlayout.so on package.cpath). Declared here for hosts that preload it. */
struct lua_State;
int luaopen_gridlayout(struct lua_State *L);

#ifdef __cplusplus
}
#endif

#endif /* GRIDLAYOUT_H */
