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
#define GL_VERSION_MINOR 2
#define GL_VERSION_PATCH 0
/* major * 10000 + minor * 100 + patch */
#define GL_VERSION_NUM (GL_VERSION_MAJOR * 10000 + GL_VERSION_MINOR * 100 + GL_VERSION_PATCH)
#define GL_VERSION_STRING "1.2.0"

/* ---- status ------------------------------------------------------------------------------- */

/* generated: status (tools/generate.py from tools/vocabulary.py; do not edit) */
typedef enum gl_status {
    GL_OK = 0,
    GL_EINVAL = 1,    /* a bad argument: NULL pointer, NaN, bad option name or value */
    GL_ERANGE = 2,    /* an index path or section out of range */
    GL_ECALLBACK = 3, /* a data source callback returned an error status */
    GL_ENOMEM = 4,    /* out of memory, or more content than the engine's limits */
    GL_EHANDLE = 5,   /* NULL, destroyed or unknown grid handle */
    GL_EDATA = 6,     /* the data given or a data source's answer has a bad value: a size NaN,
                         infinite or negative, a bad count, a justified item without aspect
                         ratio, content that is not an append (reload_new), a count that does not
                         match a mutation, an answer that disagrees with an earlier one in the
                         same call or with the counts a drag began with */
    GL_ENOSOURCE = 7, /* no data source is set */
    GL_EVERSION = 8,  /* header and library versions are incompatible, or struct_size too small */
    GL_EBUSY = 9,     /* called from inside a data source callback on the same grid */
    GL_ESTATE = 10    /* the call does not fit the grid's state: no drag in progress (drag_to,
                         end_drag), sort off (begin_drag), a drag in progress (begin_drag,
                         insert, remove, move) */
} gl_status;
/* end generated: status */

/* ---- value types -------------------------------------------------------------------------- */

typedef struct gl_size { double w, h; } gl_size;
typedef struct gl_point { double x, y; } gl_point;
typedef struct gl_rect { double x, y, w, h; } gl_rect;
typedef struct gl_insets { double top, left, bottom, right; } gl_insets;

/* generated: choices (tools/generate.py from tools/vocabulary.py; do not edit) */
typedef enum gl_layout {
    GL_LAYOUT_LANES = 0,
    GL_LAYOUT_WATERFALL = 1,
    GL_LAYOUT_FLOW = 2,
    GL_LAYOUT_JUSTIFIED = 3
} gl_layout;

typedef enum gl_direction {
    GL_VERTICAL = 0,
    GL_HORIZONTAL = 1
} gl_direction;

typedef enum gl_order {
    GL_ORDER_SHORTEST = 0,
    GL_ORDER_LTR = 1,
    GL_ORDER_RTL = 2
} gl_order;

typedef enum gl_widow {
    GL_WIDOW_LEFT = 0,
    GL_WIDOW_CENTER = 1,
    GL_WIDOW_JUSTIFY = 2
} gl_widow;

typedef enum gl_anchor {
    GL_ANCHOR_ITEM = 0,
    GL_ANCHOR_OFFSET = 1
} gl_anchor;

typedef enum gl_start_at {
    GL_START_AT_START = 0,
    GL_START_AT_END = 1
} gl_start_at;

typedef enum gl_rows {
    GL_ROWS_GREEDY = 0,
    GL_ROWS_OPTIMAL = 1
} gl_rows;

typedef enum gl_justify {
    GL_JUSTIFY_START = 0,
    GL_JUSTIFY_CENTER = 1,
    GL_JUSTIFY_END = 2,
    GL_JUSTIFY_SPACE_BETWEEN = 3,
    GL_JUSTIFY_SPACE_AROUND = 4,
    GL_JUSTIFY_SPACE_EVENLY = 5
} gl_justify;

typedef enum gl_align_items {
    GL_ALIGN_ITEMS_START = 0,
    GL_ALIGN_ITEMS_CENTER = 1,
    GL_ALIGN_ITEMS_END = 2
} gl_align_items;

typedef enum gl_scroll {
    GL_SCROLL_MAIN = 0,
    GL_SCROLL_CROSS = 1
} gl_scroll;

typedef enum gl_section_paging {
    GL_PAGING_NONE = 0,
    GL_PAGING_ITEM = 1,
    GL_PAGING_PAGE = 2
} gl_section_paging;

typedef enum gl_align {
    GL_ALIGN_START = 0,
    GL_ALIGN_CENTER = 1,
    GL_ALIGN_END = 2,
    GL_ALIGN_NEAREST = 3
} gl_align;

typedef enum gl_navigation {
    GL_NAV_UP = 0,
    GL_NAV_DOWN = 1,
    GL_NAV_LEFT = 2,
    GL_NAV_RIGHT = 3,
    GL_NAV_NEXT = 4,
    GL_NAV_PREVIOUS = 5
} gl_navigation;

typedef enum gl_kind {
    GL_KIND_ITEM = 0,
    GL_KIND_HEADER = 1,
    GL_KIND_LOADER = 2,
    GL_KIND_FOOTER = 3,     /* since 1.1 */
    GL_KIND_BACKGROUND = 4  /* since 1.2 */
} gl_kind;
/* end generated: choices */

/* ---- configuration ------------------------------------------------------------------------ */

/* Every option of the engine (the Lua key in brackets). Fill with gl_config_init(). */
/* generated: config (tools/generate.py from tools/vocabulary.py; do not edit) */
typedef struct gl_config {
    size_t struct_size;         /* sizeof(gl_config) */
    int layout;                 /* [layout] gl_layout: the layout algorithm; default
                                   GL_LAYOUT_LANES */
    int direction;              /* [direction] gl_direction: the scroll axis: vertical scrolls
                                   along y; default GL_VERTICAL */
    double width;               /* [width] 0...2^40: the viewport's width; default 320 */
    double height;              /* [height] 0...2^40: the viewport's height; default 480 */
    gl_insets padding;          /* [padding] space between the content's edges and its elements;
                                   default 0, 0, 0, 0 */
    double spacing;             /* [spacing] 0...2^40: sets line_spacing and item_spacing; reads
                                   their value when equal; default 0 */
    int lanes;                  /* [lanes] 1...10000: lanes per section (lanes layout); the data
                                   source's lanes for a section win; default 1 */
    int columns;                /* [columns] 1...10000: columns (waterfall layout); default 2 */
    int order;                  /* [order] gl_order: the column each waterfall item goes into;
                                   default GL_ORDER_SHORTEST */
    int widow;                  /* [widow] gl_widow: how a justified section lays out its last,
                                   incomplete row; default GL_WIDOW_LEFT */
    double row_height;          /* [rowHeight] > 0: the target row thickness (justified layout);
                                   default 100 */
    double tolerance;           /* [tolerance] 0...1: how far a justified row may stray from
                                   row_height, as a fraction; default 0.25 */
    gl_size loader_size;        /* [loaderSize] the loader's size; default 44 x 44 */
    int sticky_headers;         /* [stickyHeaders] 0/1: the current section's header stays at the
                                   viewport's leading edge; default 0 */
    int paging;                 /* [paging] 0/1: scrolling snaps to pages of one viewport;
                                   default 0 */
    int paging_inverse_order;   /* [pagingInverseOrder] 0/1: with paging, same-size lanes fill
                                   each lane first; default 0 */
    double overscan;            /* [overscan] 0...2^40: how far beyond the viewport, along the
                                   scroll axis, elements count as loaded; default 0 */
    /* since 1.0 */
    double animation_duration;  /* [animationDuration] >= 0: seconds an insert, removal (twice),
                                   move or drag re-flow takes; 0 makes them instant; default 0.2 */
    int sort;                   /* [sort] 0/1: items can be dragged to reorder them; default 0 */
    double drag_hysteresis;     /* [dragHysteresis] >= 0: how much nearer another slot must be
                                   before a drag retargets to it; default 10 */
    double auto_scroll_margin;  /* [autoScrollMargin] >= 0: a drag this near the viewport's edge
                                   auto-scrolls; default 40 */
    double auto_scroll_speed;   /* [autoScrollSpeed] >= 0: the auto-scroll speed at the
                                   viewport's edge, in points per second; default 600 */
    /* since 1.1 */
    int64_t max_pooled_views;   /* [maxPooledViews] 0...1000000: the most views the reuse pool
                                   keeps; the oldest beyond it are released; default 256 */
    double line_spacing;        /* [lineSpacing] 0...2^40: space along the scroll axis: between
                                   items of a lane or column, lines, rows, headers and sections;
                                   default 0 */
    double item_spacing;        /* [itemSpacing] 0...2^40: space across the scroll axis: between
                                   lanes, columns and the items of a line or row; default 0 */
    int rtl;                    /* [rtl] 0/1: right to left: every frame is mirrored along x
                                   after layout; default 0 */
    double scale;               /* [scale] 0...1024: device pixels per point, 1/1024...1024:
                                   frames' edges snap to multiples of 1/scale; 0 is off; default
                                   0 */
    gl_insets inset;            /* [inset] space around a section's items, inside its header and
                                   footer; a section's options may give its own; default 0, 0, 0,
                                   0 */
    gl_size estimated_size;     /* [estimatedSize] an item's size until it is asked for: sizes
                                   are asked only as far as needed; 0x0 is off, 0 along the
                                   scroll axis alone an error; default 0 x 0 */
    int64_t breakout_cadence;   /* [breakoutCadence] 0...100000000: every n-th justified row is
                                   its first item alone, full width, when that item is square or
                                   wider; 0 is off; default 0 */
    /* since 1.2 */
    int anchor;                 /* [anchor] gl_anchor: what stays still when something before the
                                   viewport changes: the first element shown, or the offset;
                                   default GL_ANCHOR_ITEM */
    int follow_end;             /* [followEnd] 0/1: a viewport at the content's end stays at the
                                   end when the content changes; default 0 */
    int start_at;               /* [startAt] gl_start_at: where a reload at offset 0 opens the
                                   grid: its start, or its end; default GL_START_AT_START */
    double min_column_width;    /* [minColumnWidth] >= 0: adaptive lanes and columns: as many as
                                   fit at least this wide, instead of lanes and columns; 0 is
                                   off; default 0 */
    int sticky_footers;         /* [stickyFooters] 0/1: a visible section's footer stays at the
                                   viewport's trailing edge while its place is past it; default 0 */
    int rows;                   /* [rows] gl_rows: where justified rows break: flickr's greedy
                                   rule, or the breaks nearest row_height over the section; a
                                   section's options may give its own; default GL_ROWS_GREEDY */
    int justify;                /* [justify] gl_justify: how a flow line shares its free space
                                   among its items, as CSS justify-content; default
                                   GL_JUSTIFY_START */
    int align_items;            /* [alignItems] gl_align_items: where a flow item sits across its
                                   line, which is as thick as its thickest item; default
                                   GL_ALIGN_ITEMS_START */
    int background;             /* [background] 0/1: each section with elements gets a background
                                   element beneath them, across the content less the padding; a
                                   section's options may give its own; default 0 */
    int scroll;                 /* [scroll] gl_scroll: a section's items scroll with the grid, or
                                   sideways by the section's own offset in lanes lines; a
                                   section's options may give its own; default GL_SCROLL_MAIN */
    int section_paging;         /* [sectionPaging] gl_section_paging: where a sideways section's
                                   offset snaps: anywhere, an item's start, or a multiple of the
                                   items' range; a section's options may give its own; default
                                   GL_PAGING_NONE */
} gl_config;
/* end generated: config */

/* Writes the defaults into the first struct_size bytes of *config and sets its struct_size. */
gl_status gl_config_defaults(gl_config *config, size_t struct_size);

static inline gl_status gl_config_init(gl_config *config) {
    return gl_config_defaults(config, sizeof *config);
}

/* ---- options, described at run time (since 1.1) -------------------------------------------- */

/* The library describes every option it has, from the engine's one list of options: a binding
 * (Python's Grid builds its properties from it) or a tool can list, check and document them
 * without a copy of this header. Enumerated options (GL_OPTION_CHOICE) take their case's index:
 * the values of gl_layout, gl_direction, gl_order and gl_widow. */
typedef enum gl_option_type { GL_OPTION_NUMBER = 0, GL_OPTION_INTEGER = 1, GL_OPTION_BOOL = 2,
                              GL_OPTION_CHOICE = 3, GL_OPTION_INSETS = 4,
                              GL_OPTION_SIZE = 5 } gl_option_type;

typedef struct gl_option_info {
    const char *name;           /* the engine's (Lua's) name, as gl_grid_set_option_* take it: "rowHeight" */
    const char *c_name;         /* the gl_config field and Python's keyword: "row_height" */
    int type;                   /* gl_option_type */
    double min, max;            /* NUMBER and INTEGER: the range (max DBL_MAX: any finite number) */
    int min_exclusive;          /* 1 when min itself is not allowed (rowHeight > 0) */
    double default_number;      /* NUMBER, INTEGER, BOOL (0/1), CHOICE (the case's index) */
    gl_insets default_insets;   /* INSETS */
    gl_size default_size;       /* SIZE */
    int64_t choice_count;       /* CHOICE: the cases' names, in the order of their C values */
    const char *const *choices;
    const char *summary;        /* one line of documentation */
} gl_option_info;

/* How many options there are, and option `index` (0...count-1; GL_ERANGE past them). The strings
 * are the library's, valid as long as it is loaded. */
int64_t gl_option_count(void);
gl_status gl_option_describe(int64_t index, gl_option_info *info);

/* ---- grids -------------------------------------------------------------------------------- */

typedef struct gl_grid gl_grid;

/* config may be NULL (the defaults). *grid is set to the new handle. */
gl_status gl_grid_create(const gl_config *config, gl_grid **grid);
/* Releases the grid (and its data source's context via its release callback). A second destroy
 * of the same handle gives GL_EHANDLE. */
gl_status gl_grid_destroy(gl_grid *grid);

/* The whole configuration (takes effect at the next reload; checked first, so a bad value
 * changes nothing). Fields beyond the caller's struct_size keep the grid's values. Each of
 * `spacing`, line_spacing and item_spacing changed from what gl_grid_get_config gives now does
 * what it says: a changed `spacing` (not NaN) sets both, then a changed line_spacing or
 * item_spacing sets its own. So fill the struct with gl_grid_get_config, change fields, set. */
gl_status gl_grid_set_config(gl_grid *grid, const gl_config *config);
gl_status gl_grid_get_config(gl_grid *grid, gl_config *config);

/* One option by its Lua name ("lanes", "rowHeight", "stickyHeaders", "animationDuration", "sort", ...;
 * gl_option_describe lists them). Numbers set numeric options, 0/1 the boolean ones, a case's C
 * value (GL_LAYOUT_FLOW, …) an enumerated one, and a number sets all four sides of "padding";
 * strings set every choice ("layout", "direction", "order", "widow", "rows", …) by name. An
 * unknown name or a bad value gives GL_EINVAL. */
gl_status gl_grid_set_option_number(gl_grid *grid, const char *name, double value);
gl_status gl_grid_set_option_string(gl_grid *grid, const char *name, const char *value);
/* Numeric, boolean (1/0) and enumerated options (the case's C value); "padding" gives its top side. */
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

/* What the style callback gives an item in the pictures (gl_grid_svg, gl_grid_draw): a label
 * shown instead of its index path and a fill colour for svg, CSS syntax: #rgb, #rgba, #rrggbb,
 * #rrggbbaa, rgb()/rgba()/hsl()/hsla() (comma or space form) or a colour name. NULL keeps the
 * default. UTF-8; the library copies both before it calls the callback again (since 1.1). */
typedef struct gl_style {
    const char *label;
    const char *fill;
} gl_style;

/* ---- composition (since 1.1) ----------------------------------------------------------------- */

/* An item's span (gl_data_source.span): every lane or column of its section. */
#define GL_SPAN_ALL (-1)

/* One section's overrides of the grid's options (gl_data_source.section_options): each field
 * whose GL_SECTION_* bit is in `set` replaces the grid's option of that name for the section,
 * checked as gl_grid_set_config checks it (a bad value is GL_EDATA naming the callback, the
 * section, the field and the value); the others keep the grid's. `spacing` sets both spacings,
 * then line_spacing and item_spacing set their own. Direction, padding, paging, sticky headers,
 * rtl, scale and the loader stay grid-wide. The library fills struct_size with its own size:
 * write only the fields it covers. */
/* generated: section-bits (tools/generate.py from tools/vocabulary.py; do not edit) */
enum {
    GL_SECTION_LAYOUT = 1,
    GL_SECTION_LANES = 2,
    GL_SECTION_COLUMNS = 4,
    GL_SECTION_ORDER = 8,
    GL_SECTION_ROW_HEIGHT = 16,
    GL_SECTION_TOLERANCE = 32,
    GL_SECTION_WIDOW = 64,
    GL_SECTION_SPACING = 128,
    GL_SECTION_LINE_SPACING = 256,
    GL_SECTION_ITEM_SPACING = 512,
    GL_SECTION_INSET = 1024,
    GL_SECTION_MIN_COLUMN_WIDTH = 2048,
    GL_SECTION_ROWS = 4096,
    GL_SECTION_JUSTIFY = 8192,
    GL_SECTION_ALIGN_ITEMS = 16384,
    GL_SECTION_BACKGROUND = 32768,
    GL_SECTION_SCROLL = 65536,
    GL_SECTION_SECTION_PAGING = 131072
};
/* end generated: section-bits */
typedef struct gl_section_options {
    size_t struct_size;         /* sizeof(gl_section_options) of the library */
    unsigned set;               /* GL_SECTION_* bits: the fields given */
    int layout;                 /* gl_layout [layout] */
    int lanes;                  /* [lanes] 1...10000 (then lanes() is not asked for the section) */
    int columns;                /* [columns] 1...10000 */
    int order;                  /* gl_order [order] */
    double row_height;          /* [rowHeight] > 0 */
    double tolerance;           /* [tolerance] 0...1 */
    int widow;                  /* gl_widow [widow] */
    double spacing;             /* [spacing] >= 0: both spacings */
    double line_spacing;        /* [lineSpacing] >= 0 */
    double item_spacing;        /* [itemSpacing] >= 0 */
    gl_insets inset;            /* [inset] finite sides >= 0 */
    double min_column_width;    /* [minColumnWidth] >= 0 (0: off) (since 1.2) */
    int rows;                   /* gl_rows [rows] (since 1.2) */
    int justify;                /* gl_justify [justify] (since 1.2) */
    int align_items;            /* gl_align_items [alignItems] (since 1.2) */
    int background;             /* [background] 0/1 (since 1.2) */
    int scroll;                 /* gl_scroll [scroll] (since 1.2) */
    int section_paging;         /* gl_section_paging [sectionPaging] (since 1.2) */
} gl_section_options;

/* The bulk data's composition: one per section for gl_grid_set_sections_composed. */
typedef struct gl_section_composition {
    size_t struct_size;                 /* sizeof(gl_section_composition): the same in every entry */
    int has_footer;                     /* 0/1 (else GL_EDATA): the section ends with a footer of size `footer` */
    gl_size footer;                     /* only the scroll-axis size is used */
    const int64_t *spans;               /* the section's `count` spans (k >= 1 or GL_SPAN_ALL; see
                                           gl_data_source.span), or NULL for 1 each */
    const gl_section_options *options;  /* the section's overrides (its struct_size set), or NULL */
} gl_section_composition;

/* gl_grid_set_sections with two optional arrays of `count` entries (since 1.1):
 * uniform: a section s with uniform[s] != 0 passes only sizes[0], the size of each of its `count`
 * items (as GL_SAME_SIZE reads every section). Without GL_SAME_SIZE its items are still stored and
 * laid out one by one, and their count is checked against the stored-items limit before anything
 * is repeated. NULL: every section passes every size.
 * composition: composition[s] gives section s's footer, spans and options (copied). NULL: none.
 * With both NULL it is gl_grid_set_sections. Checked here: a NaN or negative footer, a span of 0
 * or below -1, an unknown GL_SECTION_* bit or a bad option value gives GL_EDATA naming the
 * section (and item), spans with GL_SAME_SIZE GL_EINVAL (nothing is stored per item), a
 * struct_size below the first version's GL_EVERSION; each keeps the previous data source. */
gl_status gl_grid_set_sections_composed(gl_grid *grid, const gl_section *sections, size_t count,
                                        int flags, const int *uniform,
                                        const gl_section_composition *composition);

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
    /* since 1.1: the pictures ask it for each item they draw, by the item's index path in the
       data (during a drag not the place it is shown at); *style comes zeroed: leave a field
       NULL for the default. A fill that is not a CSS colour gives GL_EDATA [NULL: defaults] */
    gl_status (*style)(void *context, int64_t section, int64_t item, gl_style *style);
    /* footers, spans and per-section options (read only when struct_size covers them;
     * docs/layout.md, "Composition"). */
    /* *has_footer = 0 for none [none]; a footer follows the section's items and spans the
       viewport's cross size (only the scroll-axis size is used) */
    gl_status (*footer_size)(void *context, int64_t section, int *has_footer, gl_size *size);
    /* how many lanes or columns the item takes: *span = k >= 1, or GL_SPAN_ALL for all of them
       (in flow and justified only GL_SPAN_ALL means something: a line of its own); *span is 1
       when called; 0 or below -1 is GL_EDATA [every item 1]. Set span or spans and every item
       is asked. */
    gl_status (*span)(void *context, int64_t section, int64_t item, int64_t *span);
    /* bulk: the spans of items first ... first + count - 1 of the section, written to
       spans[0 ... count - 1] (each 1 when called); preferred over span when set */
    gl_status (*spans)(void *context, int64_t section, int64_t first, int64_t count,
                       int64_t *spans);
    /* the section's overrides of the grid's options: set the fields and their GL_SECTION_*
       bits in options->set (options arrives zeroed with set = 0: none) [none] */
    gl_status (*section_options)(void *context, int64_t section, gl_section_options *options);
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

/* since 1.1: an item's real size, learnt after it was laid out (docs/layout.md, "Sizes learnt
 * late"). */
typedef struct gl_measure { int64_t section, item; gl_size size; } gl_measure;
/* Gives each of the `count` items its measured size, used instead of item_size's until its
 * section is laid out again from the data source; one relayout for all. The sections from the
 * first measured one are laid out again up to the frontier; when a measured item starts before
 * the viewport, the offset moves with what shows. A size NaN, infinite or negative (GL_EINVAL),
 * an item that does not exist (GL_ERANGE), or a data source whose same_size says 1 (GL_ESTATE):
 * nothing changes. */
gl_status gl_grid_measure(gl_grid *grid, const gl_measure *items, size_t count);

/* since 1.2: a refresh given as the items' identities (docs/layout.md, "Snapshots"). One
 * section's ids: `count` of them at `ids` (NULL when count is 0). */
typedef struct gl_ids { const int64_t *ids; size_t count; } gl_ids;
typedef struct gl_index_path { int64_t section, item; } gl_index_path;
typedef struct gl_move { gl_index_path from, to; } gl_move;
/* Where gl_grid_apply writes its diff: for each list a buffer (NULL when its size is 0), its
 * size in entries, and the count the diff has, which the call sets; min(size, count) entries are
 * written, first first (gl_grid_svg's needed size). Unlike a picture, a diff cannot be asked for
 * twice (the apply has happened): size the buffers for the most there can be (removed: the items
 * held; inserted and moved: the snapshot's). removed: old index paths, inserted: new ones, moved:
 * from old to new, each list ascending (moved by its new index paths). */
typedef struct gl_diff {
    gl_index_path *removed;  size_t removed_size;  size_t removed_count;
    gl_index_path *inserted; size_t inserted_size; size_t inserted_count;
    gl_move *moved;          size_t moved_size;    size_t moved_count;
} gl_diff;
/* Gives the items the ids of `sections` (section_count of them; unique in the grid), compares
 * them with the ids the grid holds and lays everything out again as one batch: kept items slide,
 * inserted ones fade in, removed ones vanish (animated 1; 0: at once). The data source already
 * answers for the new data (its insert, remove and move are not called). The first apply after
 * a reload (or an insert, removal, move, drop, reload_new or reload_section) names the items laid
 * out: nothing moves. Events: one GL_EVENT_RENUMBERED (GL_CHANGE_APPLY), then, when the slide
 * ends, GL_EVENT_REMOVED for each removal (last first), GL_EVENT_INSERTED for each insertion, then
 * GL_EVENT_MOVED for each move. diff may be NULL. Nothing changes on error: a duplicate id
 * (GL_EINVAL, naming both index paths), counts that are not the data source's (GL_EDATA, naming the
 * section; on the first apply, the layout's), during a drag (GL_ESTATE). */
gl_status gl_grid_apply(gl_grid *grid, const gl_ids *sections, size_t section_count, int animated, gl_diff *diff);

/* ---- queries ------------------------------------------------------------------------------- */

typedef struct gl_element {
    int kind;               /* gl_kind */
    int pinned;             /* 1 for a sticky header or footer drawn pinned at the viewport's edge */
    int64_t section;        /* -1 for the loader */
    int64_t item;           /* -1 for a header, a footer or the loader */
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
/* The visible elements (positive-area overlap with the viewport), per section its header, its
 * items ascending, then its footer; the loader last. Writes min(cap, total) of them to buf (buf
 * may be NULL when cap is 0) and the total to *count: call with cap 0 to size the buffer. */
gl_status gl_grid_visible(gl_grid *grid, gl_element *buf, size_t cap, size_t *count);
/* The same for any rectangle of the content (sticky headers at their laid-out place). */
gl_status gl_grid_elements_in(gl_grid *grid, gl_rect rect, gl_element *buf, size_t cap,
                              size_t *count);
gl_status gl_grid_frame(gl_grid *grid, int64_t section, int64_t item, gl_rect *frame);
/* *has_header = 0 (and *frame untouched) when the section has no header. */
gl_status gl_grid_header_frame(gl_grid *grid, int64_t section, int *has_header, gl_rect *frame);
/* *has_footer = 0 (and *frame untouched) when the section has no footer (since 1.1). */
gl_status gl_grid_footer_frame(gl_grid *grid, int64_t section, int *has_footer, gl_rect *frame);
/* *has_background = 0 (and *frame untouched) when the section has no background: the option
 * background is off for it, it has no elements, or (lazy) it is not laid out whole (since 1.2). */
gl_status gl_grid_background_frame(gl_grid *grid, int64_t section, int *has_background, gl_rect *frame);
/* *shown = 0 when there is no loader. */
gl_status gl_grid_loader_frame(gl_grid *grid, int *shown, gl_rect *frame);
/* *found = 0 when no item is under the point. */
gl_status gl_grid_index_path_at(gl_grid *grid, gl_point point, int *found, int64_t *section,
                                int64_t *item);
/* The item a focus at (section, item) moves to in direction (since 1.2): *found = 0 at an edge.
 * GL_NAV_UP/DOWN/LEFT/RIGHT compare the frames on screen (after rtl and scale); GL_NAV_NEXT and
 * GL_NAV_PREVIOUS follow index order, skipping empty sections. GL_ERANGE for an index path out
 * of range, GL_EINVAL for a direction past the enum. docs/layout.md, "Spatial navigation". */
gl_status gl_grid_neighbor(gl_grid *grid, int64_t section, int64_t item, gl_navigation direction, int *found,
                           int64_t *section_out, int64_t *item_out);
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
/* Scrolls to the content's end along the scroll axis; with estimated_size only the last sections
 * are laid out (since 1.2). */
gl_status gl_grid_scroll_to_end(gl_grid *grid);
/* Sections that scroll sideways (section option scroll = GL_SCROLL_CROSS; since 1.2): *offset is
 * how far the section's items have scrolled along the cross axis (0 for any other section).
 * gl_grid_scroll_section snaps the offset as the section's section_paging says and clamps it to
 * 0...its cross length less the items' range; GL_ESTATE for a section that does not scroll
 * sideways, GL_ERANGE for one out of range, GL_EINVAL for an offset that is not finite.
 * docs/layout.md, "Sections that scroll sideways". */
gl_status gl_grid_section_offset(gl_grid *grid, int64_t section, double *offset);
gl_status gl_grid_scroll_section(gl_grid *grid, int64_t section, double offset);

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
/* *animating = 1 while a mutation runs or is queued, or a gl_grid_animate_to transition runs. */
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

/* ---- layout transitions (since 1.2) --------------------------------------------------------- */

/* A pinch that changes the column count: docs/layout.md, "Layout transitions". gl_grid_transition
 * lays out, beside the grid's layout, the layout `target` gives the same data (fill it with
 * gl_grid_get_config and change fields, as for gl_grid_set_config; its direction, width and height
 * must be the grid's: GL_EINVAL naming the field) and places it so that the item at the viewport's
 * centre keeps its centre on screen (clamped to the target's content). gl_grid_transition_progress
 * (0...1; NaN or outside: GL_EINVAL) makes gl_grid_visible, gl_grid_offset and the pictures show
 * every element of either layout that meets the viewport at its two frames interpolated, the
 * offset the two offsets interpolated; an element in one layout only fades (gl_element.alpha).
 * commit makes the target the grid's layout and configuration at the anchored offset; cancel puts
 * the grid back as it was; neither, nor progress, asks the data source anything. While one runs,
 * reloads, mutations, apply, measure, drags, scrolls, resizes and another transition give
 * GL_ESTATE; progress, commit and cancel with none running give GL_ESTATE too.
 * gl_grid_animate_to runs one on the gl_grid_step clock (eased, as every animation; duration >= 0,
 * else GL_EINVAL) and commits at its end; gl_grid_is_animating says 1 meanwhile. */
gl_status gl_grid_transition(gl_grid *grid, const gl_config *target);
gl_status gl_grid_transition_progress(gl_grid *grid, double progress);
gl_status gl_grid_transition_commit(gl_grid *grid);
gl_status gl_grid_transition_cancel(gl_grid *grid);
/* *running = 0 with no transition running; else 1 and *progress (may be NULL) its progress. */
gl_status gl_grid_transition_state(gl_grid *grid, int *running, double *progress);
gl_status gl_grid_animate_to(gl_grid *grid, const gl_config *target, double duration);

/* ---- events and view reuse ------------------------------------------------------------------ */

/* generated: events (tools/generate.py from tools/vocabulary.py; do not edit) */
typedef enum gl_event_kind {
    GL_EVENT_LOADED = 0,         /* element joined the loaded set (viewport plus overscan): an
                                    item, a header, a footer or a background */
    GL_EVENT_UNLOADED = 1,       /* element left it; for an item, `view` is its view, now queued */
    GL_EVENT_LOADER_SHOWN = 2,   /* the loader came into the loaded set (time to load more) */
    GL_EVENT_LOADER_HIDDEN = 3,
    GL_EVENT_PAGE_CHANGED = 4,   /* `page` is the new page (from 0) */
    GL_EVENT_RENUMBERED = 5,     /* an insert, removal, move or apply (or a drag's new target)
                                    renumbered the items: loaded items now have the index paths
                                    the change gives (a removed item was unloaded just before);
                                    attached views follow their items (gl_grid_view) */
    GL_EVENT_INSERTED = 6,       /* an insert finished (change: GL_CHANGE_INSERT, its index path) */
    GL_EVENT_REMOVED = 7,        /* a removal finished (GL_CHANGE_REMOVE) */
    GL_EVENT_MOVED = 8,          /* a move finished (GL_CHANGE_MOVE, from and to) */
    GL_EVENT_DRAG_STARTED = 9,   /* a drag picked up the item (GL_CHANGE_MOVE, from = to) */
    GL_EVENT_DRAG_ENDED = 10,    /* a drag dropped its item (GL_CHANGE_MOVE from its index path
                                    in the data to where it dropped; equal when it did not move) */
    GL_EVENT_VIEW_RELEASED = 11  /* since 1.1: the reuse queue held more than max_pooled_views:
                                    `view`, its oldest, left it and is the app's again (free it) */
} gl_event_kind;

typedef enum gl_change_kind {
    GL_CHANGE_INSERT = 0,
    GL_CHANGE_REMOVE = 1,
    GL_CHANGE_MOVE = 2,
    GL_CHANGE_APPLY = 3
} gl_change_kind;
/* end generated: events */

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
    void *view;                 /* UNLOADED item: the view moved to the reuse queue, or NULL;
                                   VIEW_RELEASED: the view that left the queue */
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

/* ---- pictures (since 1.1) ------------------------------------------------------------------- */

/* The pictures of Lua's grid:svg() and grid:draw{text = true}, byte for byte (one
 * implementation serves every face), with sections and items counted from 0 and the labels the
 * data source's style callback gives. options may be NULL (every field's default). */
typedef struct gl_picture_options {
    size_t struct_size;     /* sizeof(gl_picture_options) */
    int viewport;           /* gl_grid_svg: 1 draws only the viewport, 0 the whole content [0] */
    int cols, rows;         /* gl_grid_draw: the picture's size in characters, 1...10000; 0 for
                               the default [80 columns, 24 rows] */
    /* since 1.2 (an int64_t: past 1.1's tail padding, which a 1.1 caller may leave unset) */
    int64_t base;           /* what the labels' sections and items count from: 0 or 1 (Lua's
                               pictures, byte for byte) [0] */
} gl_picture_options;

static inline void gl_picture_options_init(gl_picture_options *options) {
    unsigned char *p = (unsigned char *)options;
    size_t i;
    for (i = 0; i < sizeof *options; i++) p[i] = 0;
    options->struct_size = sizeof *options;
}

/* Each writes its picture as a NUL-terminated UTF-8 string: *needed is set to the size it needs,
 * its NUL included; min(size, *needed) bytes are written to buffer (buffer may be NULL when
 * size is 0), cut at a whole character and always NUL-terminated when size > 0: call with size
 * 0 to size the buffer (the picture is made again by the second call, style callbacks asked
 * again). svg: the whole content (or the viewport) as SVG, the viewport outlined, the dragged
 * item at the drag point with the class "dragged"; more than 20000 elements gives GL_ENOMEM
 * (draw the viewport only). draw: the viewport as text boxes, the status line first; the
 * dragged item has '%' corners. A style callback that fails gives GL_ECALLBACK. Both give
 * GL_EBUSY from inside a data source callback of the same grid (style included: a style that
 * drew the grid would ask itself again), as do calls that change the grid from inside style. */
gl_status gl_grid_svg(gl_grid *grid, const gl_picture_options *options, char *buffer, size_t size,
                      size_t *needed);
gl_status gl_grid_draw(gl_grid *grid, const gl_picture_options *options, char *buffer, size_t size,
                       size_t *needed);

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

/* "Did you mean": *index = the candidate nearest `name` by the rule every face's messages use
 * (letters compared without case, a swap of neighbours counting 1, at most a third of the longer
 * name away, no tie), or -1 when none is near enough. For a binding's own names (its methods).
 * GL_EINVAL for a NULL name, candidates with count > 0, or index (since 1.2). */
gl_status gl_nearest_name(const char *name, const char *const *candidates, int64_t count, int64_t *index);

/* The words of the engine's errors (since 1.1). Messages name the data source callback, the
 * operation and the option that failed, in C's words by default (`item_size`, `gl_grid_begin_drag`,
 * `row_height`, indices from 0). A binding on this library sets its own words, once, so that its
 * users read its names (Python: `size`, `begin_drag`). The names are copied; NULL restores C's.
 * For the whole process. */
/* generated: callbacks (tools/generate.py from tools/vocabulary.py; do not edit) */
typedef enum gl_callback {
    GL_CALLBACK_SECTIONS = 0,
    GL_CALLBACK_ITEM_COUNT = 1,
    GL_CALLBACK_ITEM_SIZE = 2,
    GL_CALLBACK_ITEM_SIZES = 3,
    GL_CALLBACK_HEADER = 4,
    GL_CALLBACK_SHOW_LOADER = 5,
    GL_CALLBACK_SAME_SIZE = 6,
    GL_CALLBACK_LANES = 7,
    GL_CALLBACK_INSERT_ITEM = 8,
    GL_CALLBACK_REMOVE_ITEM = 9,
    GL_CALLBACK_MOVE_ITEM = 10,
    GL_CALLBACK_CAN_MOVE = 11,
    GL_CALLBACK_CAN_MOVE_TO_SECTION = 12,
    GL_CALLBACK_STYLE = 13,
    GL_CALLBACK_FOOTER = 14,
    GL_CALLBACK_SPAN = 15,
    GL_CALLBACK_SECTION_OPTIONS = 16,
    GL_CALLBACK_COUNT = 17
} gl_callback;
typedef enum gl_operation {
    GL_OPERATION_RELOAD = 0,
    GL_OPERATION_RELOAD_NEW = 1,
    GL_OPERATION_RELOAD_SECTION = 2,
    GL_OPERATION_INSERT = 3,
    GL_OPERATION_REMOVE = 4,
    GL_OPERATION_MOVE = 5,
    GL_OPERATION_STEP = 6,
    GL_OPERATION_BEGIN_DRAG = 7,
    GL_OPERATION_DRAG_TO = 8,
    GL_OPERATION_END_DRAG = 9,
    GL_OPERATION_MEASURE = 10,
    GL_OPERATION_APPLY = 11,
    GL_OPERATION_SCROLL_SECTION = 12,
    GL_OPERATION_TRANSITION = 13,
    GL_OPERATION_PROGRESS = 14,
    GL_OPERATION_COMMIT = 15,
    GL_OPERATION_CANCEL = 16,
    GL_OPERATION_ANIMATE_TO = 17,
    GL_OPERATION_SCROLL_TO = 18,
    GL_OPERATION_RESIZE = 19,
    GL_OPERATION_COUNT = 20
} gl_operation;
/* end generated: callbacks */
typedef struct gl_error_words {
    int base;                           /* what sections and items count from: 0 or 1 */
    const char *const *callbacks;       /* callback_count names, by gl_callback */
    size_t callback_count;              /* 0...GL_CALLBACK_COUNT: callbacks past it keep C's names */
    const char *const *operations;      /* operation_count names, by gl_operation */
    size_t operation_count;             /* 0...GL_OPERATION_COUNT: operations past it keep C's names */
    int snake_case_options;             /* 1: "row_height" (as gl_config), 0: "rowHeight" */
} gl_error_words;
/* A count past the header's *_COUNT is GL_EINVAL: a binding built with an older header passes
 * its own counts, and the callbacks and operations added since keep C's names. */
gl_status gl_set_error_words(const gl_error_words *words);
/* GL_OK when the grid may be reloaded, reconfigured, mutated, scrolled or drawn now; GL_EBUSY
 * when this runs inside one of its own data source callbacks, with gl_last_error() saying
 * "<call>: called from inside a data source callback of the same grid". The library refuses such
 * calls itself; a binding that does work of its own first asks here, naming the call its way
 * (since 1.1). */
gl_status gl_grid_require_idle(gl_grid *grid, const char *call);
/* "GL_OK", "GL_EINVAL", ... ("GL_E?" for an unknown value). */
const char *gl_status_name(gl_status status);

#ifdef __cplusplus
}
#endif

#endif /* GRIDLAYOUT_H */
