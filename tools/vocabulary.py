"""The engine's vocabulary beside its options, described once: statuses, data source callbacks,
operations, element kinds, events, alignments and changes, each with every face's name for it.
tools/generate.py (`make generate`) writes from these tables the C header's enums, the C
library's names, Swift's enums of callbacks and operations, the Lua face's names, the Python
binding's constants and literals, and the docs' status table. The options themselves are the
engine's option table (GridConfiguration.options), which the C library describes at run time.

Adding a case is one row here (at the end of its table: C numbers the cases in this order), then
`make generate`. A `since` names the release that added it, when that is not the first one of
its table.
"""

# gl_status: (C name, meaning).
STATUSES = [
    ("GL_OK", "success"),
    ("GL_EINVAL", "a bad argument: NULL pointer, NaN, bad option name or value"),
    ("GL_ERANGE", "an index path or section out of range"),
    ("GL_ECALLBACK", "a data source callback returned an error status"),
    ("GL_ENOMEM", "out of memory, or more content than the engine's limits"),
    ("GL_EHANDLE", "NULL, destroyed or unknown grid handle"),
    ("GL_EDATA", "the data given or a data source's answer has a bad value: a size NaN, infinite or "
                 "negative, a bad count, a justified item without aspect ratio, content that is not an "
                 "append (reload_new), a count that does not match a mutation, an answer that disagrees "
                 "with an earlier one in the same call or with the counts a drag began with"),
    ("GL_ENOSOURCE", "no data source is set"),
    ("GL_EVERSION", "header and library versions are incompatible, or struct_size too small"),
    ("GL_EBUSY", "called from inside a data source callback on the same grid"),
    ("GL_ESTATE", "the call does not fit the grid's state: no drag in progress (drag_to, end_drag), "
                  "sort off (begin_drag), a drag in progress (begin_drag, insert, remove, move)"),
]

# DataSourceCallback / gl_callback: (engine case, C enum suffix, gl_data_source field, Python
# keyword of set_data_source, Lua data source key, Swift GridDataSource requirement, since).
CALLBACKS = [
    ("sections", "SECTIONS", "section_count", "sections", "sections", "numberOfSections()", None),
    ("itemCount", "ITEM_COUNT", "item_count", "count", "count", "numberOfItems(inSection:)", None),
    ("itemSize", "ITEM_SIZE", "item_size", "size", "size", "sizeForItem(at:)", None),
    ("itemSizes", "ITEM_SIZES", "item_sizes", "sizes", "sizes", "sizesForItems(inSection:)", None),
    ("header", "HEADER", "header_size", "header", "header", "headerSize(inSection:)", None),
    ("showLoader", "SHOW_LOADER", "show_loader", "show_loader", "showLoader", "showsLoader()", None),
    ("sameSize", "SAME_SIZE", "same_size", "same_size", "sameSize", "itemsHaveSameSize()", None),
    ("lanes", "LANES", "lanes", "lanes", "lanes", "lanes(inSection:)", None),
    ("insertItem", "INSERT_ITEM", "insert_item", "insert", "insert", "insertItem(at:)", None),
    ("removeItem", "REMOVE_ITEM", "remove_item", "remove", "remove", "removeItem(at:)", None),
    ("moveItem", "MOVE_ITEM", "move_item", "move", "moveItem", "moveItem(from:to:)", None),
    ("canMove", "CAN_MOVE", "can_move", "can_move", "canMove", "canMoveItem(at:)", None),
    ("canMoveToSection", "CAN_MOVE_TO_SECTION", "can_move_to_section", "can_move_to_section",
     "canMoveToSection", "canMoveItem(fromSection:toSection:)", None),
    ("style", "STYLE", "style", "style", "style", "style(at:)", None),
    ("footer", "FOOTER", "footer_size", "footer", "footer", "footerSize(inSection:)", None),
    ("span", "SPAN", "span", "span", "span", "span(at:)", None),
    ("sectionOptions", "SECTION_OPTIONS", "section_options", "section", "section", "options(forSection:)", None),
]

# GridOperation / gl_operation: (engine case = Lua method, C enum suffix, C function, Python
# method, Swift Grid method).
OPERATIONS = [
    ("reload", "RELOAD", "gl_grid_reload", "reload", "reload()"),
    ("reloadNew", "RELOAD_NEW", "gl_grid_reload_new", "reload_new", "reloadNew()"),
    ("reloadSection", "RELOAD_SECTION", "gl_grid_reload_section", "reload_section", "reloadSection(_:)"),
    ("insert", "INSERT", "gl_grid_insert", "insert", "insertItem(at:)"),
    ("remove", "REMOVE", "gl_grid_remove", "remove", "removeItem(at:)"),
    ("move", "MOVE", "gl_grid_move", "move", "moveItem(from:to:)"),
    ("step", "STEP", "gl_grid_step", "step", "step(_:)"),
    ("beginDrag", "BEGIN_DRAG", "gl_grid_begin_drag", "begin_drag", "beginDrag(at:)"),
    ("dragTo", "DRAG_TO", "gl_grid_drag_to", "drag_to", "drag(to:)"),
    ("endDrag", "END_DRAG", "gl_grid_end_drag", "end_drag", "endDrag()"),
    ("measure", "MEASURE", "gl_grid_measure", "measure", "measure(_:)"),
    ("apply", "APPLY", "gl_grid_apply", "apply", "apply(_:)"),
    ("scrollSection", "SCROLL_SECTION", "gl_grid_scroll_section", "scroll_section", "scrollSection(_:to:)"),
    # Layout transitions (1.2): Lua's progress, commit and cancel are methods of the transition
    # object grid:transition returns, as Python's are of the Transition grid.transition returns.
    ("transition", "TRANSITION", "gl_grid_transition", "transition", "transition(to:)"),
    ("progress", "PROGRESS", "gl_grid_transition_progress", "progress", "setTransitionProgress(_:)"),
    ("commit", "COMMIT", "gl_grid_transition_commit", "commit", "commitTransition()"),
    ("cancel", "CANCEL", "gl_grid_transition_cancel", "cancel", "cancelTransition()"),
    ("animateTo", "ANIMATE_TO", "gl_grid_animate_to", "animate_to", "animate(to:duration:)"),
    # What a layout transition refuses besides (every scroll call is named by scrollTo).
    ("scrollTo", "SCROLL_TO", "gl_grid_scroll_to", "scroll_to", "scroll(to:)"),
    ("resize", "RESIZE", "gl_grid_resize", "resize", "resize(to:)"),
]

# gl_kind: (C enum suffix, the name every face gives it, since).
ELEMENT_KINDS = [("ITEM", "item", None), ("HEADER", "header", None), ("LOADER", "loader", None),
                 ("FOOTER", "footer", "1.1"), ("BACKGROUND", "background", "1.2")]

# gl_align: (C enum suffix, name).
ALIGNMENTS = [("START", "start"), ("CENTER", "center"), ("END", "end"), ("NEAREST", "nearest")]

# gl_navigation (1.2): the directions of gl_grid_neighbor, as the engine's NavigationDirection: (C enum
# suffix, name).
NAVIGATIONS = [("UP", "up"), ("DOWN", "down"), ("LEFT", "left"), ("RIGHT", "right"), ("NEXT", "next"),
               ("PREVIOUS", "previous")]

# gl_change_kind: (C enum suffix, name).
# APPLY (1.2): an `apply`'s renumbering, every item at once; its index paths are -1 (the diff
# gl_grid_apply returned says how items moved, and gl_grid_data_index_path follows them).
CHANGE_KINDS = [("INSERT", "insert"), ("REMOVE", "remove"), ("MOVE", "move"), ("APPLY", "apply")]

# gl_event_kind: (C enum suffix, Python's kind, what it says, since).
EVENTS = [
    ("LOADED", "loaded", "element joined the loaded set (viewport plus overscan): an item, a header, "
                         "a footer or a background", None),
    ("UNLOADED", "unloaded", "element left it; for an item, `view` is its view, now queued", None),
    ("LOADER_SHOWN", "loader_shown", "the loader came into the loaded set (time to load more)", None),
    ("LOADER_HIDDEN", "loader_hidden", "", None),
    ("PAGE_CHANGED", "page_changed", "`page` is the new page (from 0)", None),
    ("RENUMBERED", "renumbered", "an insert, removal, move or apply (or a drag's new target) renumbered "
                                 "the items: loaded items now have the index paths the change gives (a "
                                 "removed item was unloaded just before); attached views follow their "
                                 "items (gl_grid_view)", "1.0"),
    ("INSERTED", "inserted", "an insert finished (change: GL_CHANGE_INSERT, its index path)", "1.0"),
    ("REMOVED", "removed", "a removal finished (GL_CHANGE_REMOVE)", "1.0"),
    ("MOVED", "moved", "a move finished (GL_CHANGE_MOVE, from and to)", "1.0"),
    ("DRAG_STARTED", "drag_started", "a drag picked up the item (GL_CHANGE_MOVE, from = to)", "1.0"),
    ("DRAG_ENDED", "drag_ended", "a drag dropped its item (GL_CHANGE_MOVE from its index path in the "
                                 "data to where it dropped; equal when it did not move)", "1.0"),
    ("VIEW_RELEASED", "view_released", "the reuse queue held more than max_pooled_views: `view`, its "
                                       "oldest, left it and is the app's again (free it)", "1.1"),
]

# The choices of the options of that kind, as C names their enums: (option, C type, C prefix).
CHOICE_ENUMS = [("layout", "gl_layout", "GL_LAYOUT_"), ("direction", "gl_direction", "GL_"),
                ("order", "gl_order", "GL_ORDER_"), ("widow", "gl_widow", "GL_WIDOW_"),
                ("anchor", "gl_anchor", "GL_ANCHOR_"), ("startAt", "gl_start_at", "GL_START_AT_"),
                ("rows", "gl_rows", "GL_ROWS_"), ("justify", "gl_justify", "GL_JUSTIFY_"),
                ("alignItems", "gl_align_items", "GL_ALIGN_ITEMS_"),
                ("scroll", "gl_scroll", "GL_SCROLL_"), ("sectionPaging", "gl_section_paging", "GL_PAGING_")]

# The options a section may override (gl_section_options, GL_SECTION_* bit k in this order):
# the engine's names.
SECTION_OPTIONS = ["layout", "lanes", "columns", "order", "rowHeight", "tolerance", "widow",
                   "spacing", "lineSpacing", "itemSpacing", "inset", "minColumnWidth", "rows", "justify",
                   "alignItems", "background", "scroll", "sectionPaging"]

# GridLimits: (Swift name, Swift type, value as Swift writes it, what it bounds). The JSON Schemas
# and the docs' limits read the same values.
LIMITS = [
    ("maxSections", "Int", "1_000_000", "Sections per grid."),
    ("maxItemsPerSection", "Int", "1 << 53", "Items per section (2^53: every index is exact as a Double)."),
    ("maxStoredItems", "Int", "100_000_000",
     "Items with a stored frame, over all sections (same-size lanes, flow and waterfall store none)."),
    ("maxLanes", "Int", "10_000", "Lanes or columns per section."),
    ("maxShownItems", "Int", "1_000_000",
     "The most items of one same-size section a viewport (with its overscan) may hold: such a section's items "
     "are computed, not stored, so nothing else bounds how many of 2^53 items 1e-300 thick a reload's loaded "
     "set would list."),
    ("maxPooledViews", "Int", "1_000_000", "The largest `maxPooledViews`."),
    ("maxExtent", "Double", "1_099_511_627_776",
     "The largest content extent, in points (2^40): every section, the loader and the content end at or before "
     "it, and the viewport is no larger. Below it a Double resolves 1/4096 of a point, so frames, offsets and "
     "index arithmetic stay exact to well under a point (a same-size grid of 2^53 items would otherwise place "
     "rows 64 points apart, and sizes of 1e308 would add up to infinity)."),
    ("scaleRange", "ClosedRange<Double>", "0x1p-10...0x1p10",
     "The `scale` values besides 0 (off): 2^-10 ... 2^10 device pixels per point. An edge at up to 2^40 points "
     "times 2^10 stays below 2^53, so its snapped value is exact; a pixel of at most 1024 points keeps a "
     "snapped content within twice the largest extent, so finite."),
]


def limit(name):
    """A limit's value as Python reads it."""
    for swift, _, value, _ in LIMITS:
        if swift == name:
            return eval(value.replace("_", ""), {})  # the table's own literals: ints, 1 << 53
    raise KeyError(name)

# The Lua grid's methods (docs/lua.md), in the order `gl.methods` lists them: (name, the Swift
# function that implements it, how many arguments the Lua fuzzer passes, None: not fuzzed).
LUA_METHODS = [
    ("reload", "reload", 0), ("reloadNew", "reloadNew", 0), ("reloadSection", "reloadSection", 1),
    ("contentSize", "contentSize", 0), ("offset", "offset", 0), ("frame", "frame", 2),
    ("headerFrame", "headerFrame", 1), ("footerFrame", "footerFrame", 1), ("loaderFrame", "loaderFrame", 0),
    ("sectionCount", "sectionCount", 0), ("itemCount", "itemCount", 1), ("visible", "visible", 0),
    ("elements", "elements", 4), ("indexPathAt", "indexPathAt", 2), ("scrollTo", "scrollTo", 2),
    ("scrollBy", "scrollBy", 2), ("scrollToItem", "scrollToItem", 3), ("scrollToEnd", "scrollToEnd", 0),
    ("resize", "resize", 2),
    ("page", "page", 0), ("pageCount", "pageCount", 0), ("insert", "insert", 4), ("remove", "remove", 3),
    ("move", "move", 5), ("step", "step", 1), ("animating", "animating", 0), ("beginDrag", "beginDrag", 2),
    ("dragTo", "dragTo", 2), ("endDrag", "endDrag", 0), ("dragging", "dragging", 0), ("dequeue", "dequeue", 0),
    ("stats", "stats", 0), ("draw", "draw", 1), ("svg", "svg", None), ("view", "GridViewHost.view", None),
    ("measure", "measure", 4), ("estimated", "estimated", 0), ("apply", "apply", 1),
    ("backgroundFrame", "backgroundFrame", 1), ("neighbor", "neighbor", 3),
    ("sectionOffset", "sectionOffset", 1), ("scrollSection", "scrollSection", 2),
    ("transition", "transition", 1), ("animateTo", "animateTo", 2),
]

# gl_config's fields after struct_size, in the struct's order (the C ABI: a field is only ever
# added at the end, and struct_size tells the library which a caller has): (field, C type, the
# option it holds, the release that added it when later than the first). The choices' fields hold
# the choice's position (gl_layout, ...), the flags 0 or 1. `spacing`, `line_spacing` and
# `item_spacing` are read together (CConfig.swift): a changed `spacing` sets both spacings first.
CONFIG_FIELDS = [
    ("layout", "int", "layout", None), ("direction", "int", "direction", None),
    ("width", "double", "width", None), ("height", "double", "height", None),
    ("padding", "gl_insets", "padding", None), ("spacing", "double", "spacing", None),
    ("lanes", "int", "lanes", None), ("columns", "int", "columns", None),
    ("order", "int", "order", None), ("widow", "int", "widow", None),
    ("row_height", "double", "rowHeight", None), ("tolerance", "double", "tolerance", None),
    ("loader_size", "gl_size", "loaderSize", None), ("sticky_headers", "int", "stickyHeaders", None),
    ("paging", "int", "paging", None), ("paging_inverse_order", "int", "pagingInverseOrder", None),
    ("overscan", "double", "overscan", None),
    ("animation_duration", "double", "animationDuration", "1.0"), ("sort", "int", "sort", "1.0"),
    ("drag_hysteresis", "double", "dragHysteresis", "1.0"),
    ("auto_scroll_margin", "double", "autoScrollMargin", "1.0"),
    ("auto_scroll_speed", "double", "autoScrollSpeed", "1.0"),
    ("max_pooled_views", "int64_t", "maxPooledViews", "1.1"), ("line_spacing", "double", "lineSpacing", "1.1"),
    ("item_spacing", "double", "itemSpacing", "1.1"), ("rtl", "int", "rtl", "1.1"),
    ("scale", "double", "scale", "1.1"), ("inset", "gl_insets", "inset", "1.1"),
    ("estimated_size", "gl_size", "estimatedSize", "1.1"),
    ("breakout_cadence", "int64_t", "breakoutCadence", "1.1"),
    ("anchor", "int", "anchor", "1.2"), ("follow_end", "int", "followEnd", "1.2"),
    ("start_at", "int", "startAt", "1.2"), ("min_column_width", "double", "minColumnWidth", "1.2"),
    ("sticky_footers", "int", "stickyFooters", "1.2"), ("rows", "int", "rows", "1.2"),
    ("justify", "int", "justify", "1.2"), ("align_items", "int", "alignItems", "1.2"),
    ("background", "int", "background", "1.2"), ("scroll", "int", "scroll", "1.2"),
    ("section_paging", "int", "sectionPaging", "1.2"),
]
