"""ctypes declarations of bindings/c/gridlayout.h, and the loading of libgridlayout.so.

Everything here mirrors the header one to one (names, field order, types); the package's other
modules build the Pythonic API on top. Keep the two in step: GL_VERSION_NUM below is the header
version this binding was written against, checked with gl_check_version when the library loads.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import os
from ctypes import (CFUNCTYPE, POINTER, Structure, c_char_p, c_double, c_int, c_int64, c_size_t,
                    c_void_p)
from typing import Optional

# ---- version ----------------------------------------------------------------------------------

GL_VERSION_MAJOR = 1
GL_VERSION_MINOR = 2
GL_VERSION_PATCH = 0
GL_VERSION_NUM = GL_VERSION_MAJOR * 10000 + GL_VERSION_MINOR * 100 + GL_VERSION_PATCH
GL_VERSION_STRING = "1.2.0"

# ---- statuses and enums ----------------------------------------------------------------------

# generated: constants (tools/generate.py from tools/vocabulary.py; do not edit)
GL_OK = 0
GL_EINVAL = 1
GL_ERANGE = 2
GL_ECALLBACK = 3
GL_ENOMEM = 4
GL_EHANDLE = 5
GL_EDATA = 6
GL_ENOSOURCE = 7
GL_EVERSION = 8
GL_EBUSY = 9
GL_ESTATE = 10

GL_LAYOUT_LANES, GL_LAYOUT_WATERFALL, GL_LAYOUT_FLOW, GL_LAYOUT_JUSTIFIED = 0, 1, 2, 3
GL_VERTICAL, GL_HORIZONTAL = 0, 1
GL_ORDER_SHORTEST, GL_ORDER_LTR, GL_ORDER_RTL = 0, 1, 2
GL_WIDOW_LEFT, GL_WIDOW_CENTER, GL_WIDOW_JUSTIFY = 0, 1, 2
GL_ANCHOR_ITEM, GL_ANCHOR_OFFSET = 0, 1
GL_START_AT_START, GL_START_AT_END = 0, 1
GL_ROWS_GREEDY, GL_ROWS_OPTIMAL = 0, 1
GL_JUSTIFY_START, GL_JUSTIFY_CENTER, GL_JUSTIFY_END, GL_JUSTIFY_SPACE_BETWEEN, GL_JUSTIFY_SPACE_AROUND, GL_JUSTIFY_SPACE_EVENLY = 0, 1, 2, 3, 4, 5
GL_ALIGN_ITEMS_START, GL_ALIGN_ITEMS_CENTER, GL_ALIGN_ITEMS_END = 0, 1, 2
GL_SCROLL_MAIN, GL_SCROLL_CROSS = 0, 1
GL_PAGING_NONE, GL_PAGING_ITEM, GL_PAGING_PAGE = 0, 1, 2
GL_ALIGN_START = 0
GL_ALIGN_CENTER = 1
GL_ALIGN_END = 2
GL_ALIGN_NEAREST = 3
GL_NAV_UP = 0
GL_NAV_DOWN = 1
GL_NAV_LEFT = 2
GL_NAV_RIGHT = 3
GL_NAV_NEXT = 4
GL_NAV_PREVIOUS = 5
GL_KIND_ITEM = 0
GL_KIND_HEADER = 1
GL_KIND_LOADER = 2
GL_KIND_FOOTER = 3
GL_KIND_BACKGROUND = 4
GL_CHANGE_INSERT = 0
GL_CHANGE_REMOVE = 1
GL_CHANGE_MOVE = 2
GL_CHANGE_APPLY = 3
GL_EVENT_LOADED = 0
GL_EVENT_UNLOADED = 1
GL_EVENT_LOADER_SHOWN = 2
GL_EVENT_LOADER_HIDDEN = 3
GL_EVENT_PAGE_CHANGED = 4
GL_EVENT_RENUMBERED = 5
GL_EVENT_INSERTED = 6
GL_EVENT_REMOVED = 7
GL_EVENT_MOVED = 8
GL_EVENT_DRAG_STARTED = 9
GL_EVENT_DRAG_ENDED = 10
GL_EVENT_VIEW_RELEASED = 11
# end generated: constants

gl_status = c_int  # an enum: int-sized in the C ABI
gl_align = c_int
gl_navigation = c_int

# gl_grid_set_sections flags
GL_SHOW_LOADER = 1
GL_SAME_SIZE = 2

# ---- value types ------------------------------------------------------------------------------


class gl_size(Structure):
    _fields_ = [("w", c_double), ("h", c_double)]


class gl_point(Structure):
    _fields_ = [("x", c_double), ("y", c_double)]


class gl_measure(Structure):
    _fields_ = [("section", c_int64), ("item", c_int64), ("size", gl_size)]


class gl_ids(Structure):
    _fields_ = [("ids", POINTER(c_int64)), ("count", c_size_t)]


class gl_index_path(Structure):
    _fields_ = [("section", c_int64), ("item", c_int64)]


class gl_move(Structure):
    _fields_ = [("from", gl_index_path), ("to", gl_index_path)]   # m.from is a keyword: getattr(m, "from")


class gl_diff(Structure):
    _fields_ = [("removed", POINTER(gl_index_path)), ("removed_size", c_size_t), ("removed_count", c_size_t),
                ("inserted", POINTER(gl_index_path)), ("inserted_size", c_size_t), ("inserted_count", c_size_t),
                ("moved", POINTER(gl_move)), ("moved_size", c_size_t), ("moved_count", c_size_t)]


class gl_rect(Structure):
    _fields_ = [("x", c_double), ("y", c_double), ("w", c_double), ("h", c_double)]


class gl_insets(Structure):
    _fields_ = [("top", c_double), ("left", c_double), ("bottom", c_double), ("right", c_double)]


# ---- configuration ----------------------------------------------------------------------------


# generated: config (tools/generate.py from tools/vocabulary.py; do not edit)
class gl_config(Structure):
    _fields_ = [
        ("struct_size", c_size_t),
        ("layout", c_int),
        ("direction", c_int),
        ("width", c_double),
        ("height", c_double),
        ("padding", gl_insets),
        ("spacing", c_double),
        ("lanes", c_int),
        ("columns", c_int),
        ("order", c_int),
        ("widow", c_int),
        ("row_height", c_double),
        ("tolerance", c_double),
        ("loader_size", gl_size),
        ("sticky_headers", c_int),
        ("paging", c_int),
        ("paging_inverse_order", c_int),
        ("overscan", c_double),
        # since 1.0
        ("animation_duration", c_double),
        ("sort", c_int),
        ("drag_hysteresis", c_double),
        ("auto_scroll_margin", c_double),
        ("auto_scroll_speed", c_double),
        # since 1.1
        ("max_pooled_views", c_int64),
        ("line_spacing", c_double),
        ("item_spacing", c_double),
        ("rtl", c_int),
        ("scale", c_double),
        ("inset", gl_insets),
        ("estimated_size", gl_size),
        ("breakout_cadence", c_int64),
        # since 1.2
        ("anchor", c_int),
        ("follow_end", c_int),
        ("start_at", c_int),
        ("min_column_width", c_double),
        ("sticky_footers", c_int),
        ("rows", c_int),
        ("justify", c_int),
        ("align_items", c_int),
        ("background", c_int),
        ("scroll", c_int),
        ("section_paging", c_int),
    ]
# end generated: config


# ---- options, described at run time ----------------------------------------------------------

(GL_OPTION_NUMBER, GL_OPTION_INTEGER, GL_OPTION_BOOL, GL_OPTION_CHOICE, GL_OPTION_INSETS,
 GL_OPTION_SIZE) = 0, 1, 2, 3, 4, 5


class gl_option_info(Structure):
    _fields_ = [
        ("name", c_char_p),
        ("c_name", c_char_p),
        ("type", c_int),
        ("min", c_double),
        ("max", c_double),
        ("min_exclusive", c_int),
        ("default_number", c_double),
        ("default_insets", gl_insets),
        ("default_size", gl_size),
        ("choice_count", c_int64),
        ("choices", POINTER(c_char_p)),
        ("summary", c_char_p),
    ]


# ---- data -------------------------------------------------------------------------------------


class gl_section(Structure):
    _fields_ = [
        ("sizes", POINTER(gl_size)),
        ("count", c_size_t),
        ("has_header", c_int),
        ("header", gl_size),
        ("lanes", c_int),
    ]


# ---- composition (since 1.2) ------------------------------------------------------------------

GL_SPAN_ALL = -1

# generated: section-bits (tools/generate.py from tools/vocabulary.py; do not edit)
GL_SECTION_LAYOUT = 1
GL_SECTION_LANES = 2
GL_SECTION_COLUMNS = 4
GL_SECTION_ORDER = 8
GL_SECTION_ROW_HEIGHT = 16
GL_SECTION_TOLERANCE = 32
GL_SECTION_WIDOW = 64
GL_SECTION_SPACING = 128
GL_SECTION_LINE_SPACING = 256
GL_SECTION_ITEM_SPACING = 512
GL_SECTION_INSET = 1024
GL_SECTION_MIN_COLUMN_WIDTH = 2048
GL_SECTION_ROWS = 4096
GL_SECTION_JUSTIFY = 8192
GL_SECTION_ALIGN_ITEMS = 16384
GL_SECTION_BACKGROUND = 32768
GL_SECTION_SCROLL = 65536
GL_SECTION_SECTION_PAGING = 131072
SECTION_OPTION_BITS = (
    ('layout', GL_SECTION_LAYOUT),
    ('lanes', GL_SECTION_LANES),
    ('columns', GL_SECTION_COLUMNS),
    ('order', GL_SECTION_ORDER),
    ('row_height', GL_SECTION_ROW_HEIGHT),
    ('tolerance', GL_SECTION_TOLERANCE),
    ('widow', GL_SECTION_WIDOW),
    ('spacing', GL_SECTION_SPACING),
    ('line_spacing', GL_SECTION_LINE_SPACING),
    ('item_spacing', GL_SECTION_ITEM_SPACING),
    ('inset', GL_SECTION_INSET),
    ('min_column_width', GL_SECTION_MIN_COLUMN_WIDTH),
    ('rows', GL_SECTION_ROWS),
    ('justify', GL_SECTION_JUSTIFY),
    ('align_items', GL_SECTION_ALIGN_ITEMS),
    ('background', GL_SECTION_BACKGROUND),
    ('scroll', GL_SECTION_SCROLL),
    ('section_paging', GL_SECTION_SECTION_PAGING),
)
# end generated: section-bits


class gl_section_options(Structure):
    _fields_ = [
        ("struct_size", c_size_t),
        ("set", ctypes.c_uint),
        ("layout", c_int),
        ("lanes", c_int),
        ("columns", c_int),
        ("order", c_int),
        ("row_height", c_double),
        ("tolerance", c_double),
        ("widow", c_int),
        ("spacing", c_double),
        ("line_spacing", c_double),
        ("item_spacing", c_double),
        ("inset", gl_insets),
        ("min_column_width", c_double),  # 1.2
        ("rows", c_int),  # 1.2
        ("justify", c_int),  # 1.2
        ("align_items", c_int),  # 1.2
        ("background", c_int),  # 1.2
        ("scroll", c_int),  # 1.2
        ("section_paging", c_int),  # 1.2
    ]


class gl_section_composition(Structure):
    _fields_ = [
        ("struct_size", c_size_t),
        ("has_footer", c_int),
        ("footer", gl_size),
        ("spans", POINTER(c_int64)),
        ("options", POINTER(gl_section_options)),
    ]


# The gl_section_options fields and their GL_SECTION_* bits, in the header's order (the engine's
# SectionOptions.keys).

section_count_fn = CFUNCTYPE(gl_status, c_void_p, POINTER(c_int64))
item_count_fn = CFUNCTYPE(gl_status, c_void_p, c_int64, POINTER(c_int64))
item_size_fn = CFUNCTYPE(gl_status, c_void_p, c_int64, c_int64, POINTER(gl_size))
header_size_fn = CFUNCTYPE(gl_status, c_void_p, c_int64, POINTER(c_int), POINTER(gl_size))
show_loader_fn = CFUNCTYPE(gl_status, c_void_p, POINTER(c_int))
same_size_fn = CFUNCTYPE(gl_status, c_void_p, POINTER(c_int))
lanes_fn = CFUNCTYPE(gl_status, c_void_p, c_int64, POINTER(c_int))
item_sizes_fn = CFUNCTYPE(gl_status, c_void_p, c_int64, POINTER(gl_size), c_int64)
release_fn = CFUNCTYPE(None, c_void_p)
insert_item_fn = CFUNCTYPE(gl_status, c_void_p, c_int64, c_int64)
remove_item_fn = CFUNCTYPE(gl_status, c_void_p, c_int64, c_int64)
move_item_fn = CFUNCTYPE(gl_status, c_void_p, c_int64, c_int64, c_int64, c_int64)
can_move_fn = CFUNCTYPE(gl_status, c_void_p, c_int64, c_int64, POINTER(c_int))
can_move_to_section_fn = CFUNCTYPE(gl_status, c_void_p, c_int64, c_int64, POINTER(c_int))
footer_size_fn = CFUNCTYPE(gl_status, c_void_p, c_int64, POINTER(c_int), POINTER(gl_size))
span_fn = CFUNCTYPE(gl_status, c_void_p, c_int64, c_int64, POINTER(c_int64))
spans_fn = CFUNCTYPE(gl_status, c_void_p, c_int64, c_int64, c_int64, POINTER(c_int64))
section_options_fn = CFUNCTYPE(gl_status, c_void_p, c_int64, POINTER(gl_section_options))


class gl_style(Structure):
    _fields_ = [("label", c_char_p), ("fill", c_char_p)]


style_fn = CFUNCTYPE(gl_status, c_void_p, c_int64, c_int64, POINTER(gl_style))


class gl_data_source(Structure):
    _fields_ = [
        ("struct_size", c_size_t),
        ("context", c_void_p),
        ("section_count", section_count_fn),
        ("item_count", item_count_fn),
        ("item_size", item_size_fn),
        ("header_size", header_size_fn),
        ("show_loader", show_loader_fn),
        ("same_size", same_size_fn),
        ("lanes", lanes_fn),
        ("item_sizes", item_sizes_fn),
        ("release", release_fn),
        ("insert_item", insert_item_fn),
        ("remove_item", remove_item_fn),
        ("move_item", move_item_fn),
        ("can_move", can_move_fn),
        ("can_move_to_section", can_move_to_section_fn),
        # since 1.1
        ("style", style_fn),
                ("footer_size", footer_size_fn),
        ("span", span_fn),
        ("spans", spans_fn),
        ("section_options", section_options_fn),
    ]


# ---- queries ----------------------------------------------------------------------------------


class gl_element(Structure):
    _fields_ = [
        ("kind", c_int),
        ("pinned", c_int),
        ("section", c_int64),
        ("item", c_int64),
        ("x", c_double),
        ("y", c_double),
        ("w", c_double),
        ("h", c_double),
        ("alpha", c_double),
        ("scale", c_double),
        ("dragged", c_int),
    ]


# ---- events -----------------------------------------------------------------------------------


class gl_change(Structure):
    _fields_ = [
        ("kind", c_int),
        ("section", c_int64),
        ("item", c_int64),
        ("to_section", c_int64),
        ("to_item", c_int64),
    ]


class gl_event(Structure):
    _fields_ = [
        ("kind", c_int),
        ("page", c_int64),
        ("element", gl_element),
        ("view", c_void_p),
        ("change", gl_change),
    ]


# ---- pictures ---------------------------------------------------------------------------------


class gl_picture_options(Structure):
    _fields_ = [("struct_size", c_size_t), ("viewport", c_int), ("cols", c_int), ("rows", c_int),
                ("base", c_int64)]   # base: since 1.2


class gl_stats(Structure):
    _fields_ = [("created", c_int64), ("reused", c_int64), ("live", c_int64), ("queued", c_int64)]


# ---- error words ------------------------------------------------------------------------------

# generated: callbacks (tools/generate.py from tools/vocabulary.py; do not edit)
GL_CALLBACK_SECTIONS = 0
GL_CALLBACK_ITEM_COUNT = 1
GL_CALLBACK_ITEM_SIZE = 2
GL_CALLBACK_ITEM_SIZES = 3
GL_CALLBACK_HEADER = 4
GL_CALLBACK_SHOW_LOADER = 5
GL_CALLBACK_SAME_SIZE = 6
GL_CALLBACK_LANES = 7
GL_CALLBACK_INSERT_ITEM = 8
GL_CALLBACK_REMOVE_ITEM = 9
GL_CALLBACK_MOVE_ITEM = 10
GL_CALLBACK_CAN_MOVE = 11
GL_CALLBACK_CAN_MOVE_TO_SECTION = 12
GL_CALLBACK_STYLE = 13
GL_CALLBACK_FOOTER = 14
GL_CALLBACK_SPAN = 15
GL_CALLBACK_SECTION_OPTIONS = 16
GL_CALLBACK_COUNT = 17
GL_OPERATION_RELOAD = 0
GL_OPERATION_RELOAD_NEW = 1
GL_OPERATION_RELOAD_SECTION = 2
GL_OPERATION_INSERT = 3
GL_OPERATION_REMOVE = 4
GL_OPERATION_MOVE = 5
GL_OPERATION_STEP = 6
GL_OPERATION_BEGIN_DRAG = 7
GL_OPERATION_DRAG_TO = 8
GL_OPERATION_END_DRAG = 9
GL_OPERATION_MEASURE = 10
GL_OPERATION_APPLY = 11
GL_OPERATION_SCROLL_SECTION = 12
GL_OPERATION_TRANSITION = 13
GL_OPERATION_PROGRESS = 14
GL_OPERATION_COMMIT = 15
GL_OPERATION_CANCEL = 16
GL_OPERATION_ANIMATE_TO = 17
GL_OPERATION_SCROLL_TO = 18
GL_OPERATION_RESIZE = 19
GL_OPERATION_COUNT = 20
# Python's words for the library's errors (gl_set_error_words): set_data_source's keywords
# and Grid's methods, in gl_callback and gl_operation order.
PYTHON_CALLBACKS = ('sections', 'count', 'size', 'sizes', 'header', 'show_loader', 'same_size',
                    'lanes', 'insert', 'remove', 'move', 'can_move', 'can_move_to_section', 'style',
                    'footer', 'span', 'section')
PYTHON_OPERATIONS = ('reload', 'reload_new', 'reload_section', 'insert', 'remove', 'move', 'step',
                     'begin_drag', 'drag_to', 'end_drag', 'measure', 'apply', 'scroll_section',
                     'transition', 'progress', 'commit', 'cancel', 'animate_to', 'scroll_to',
                     'resize')
# end generated: callbacks


class gl_error_words(Structure):
    _fields_ = [
        ("base", c_int),
        ("callbacks", POINTER(c_char_p)),
        ("callback_count", c_size_t),
        ("operations", POINTER(c_char_p)),
        ("operation_count", c_size_t),
        ("snake_case_options", c_int),
    ]




def _set_python_words(lib: ctypes.CDLL) -> None:
    callbacks = (c_char_p * GL_CALLBACK_COUNT)(*(n.encode() for n in PYTHON_CALLBACKS))
    operations = (c_char_p * GL_OPERATION_COUNT)(*(n.encode() for n in PYTHON_OPERATIONS))
    words = gl_error_words(0, callbacks, GL_CALLBACK_COUNT, operations, GL_OPERATION_COUNT, 1)   # copied
    if lib.gl_set_error_words(ctypes.byref(words)) != GL_OK:
        message = lib.gl_last_error().decode("utf-8", "replace")
        raise LibraryNotFound(f"gl_set_error_words: {message}")


gl_grid_p = c_void_p  # the opaque `gl_grid *`
gl_event_fn = CFUNCTYPE(None, c_void_p, gl_grid_p, POINTER(gl_event))

# (name, restype, argtypes) of every function of the header.
_FUNCTIONS = [
    ("gl_config_defaults", gl_status, [POINTER(gl_config), c_size_t]),
    ("gl_grid_create", gl_status, [POINTER(gl_config), POINTER(gl_grid_p)]),
    ("gl_grid_destroy", gl_status, [gl_grid_p]),
    ("gl_grid_set_config", gl_status, [gl_grid_p, POINTER(gl_config)]),
    ("gl_grid_get_config", gl_status, [gl_grid_p, POINTER(gl_config)]),
    ("gl_grid_set_option_number", gl_status, [gl_grid_p, c_char_p, c_double]),
    ("gl_grid_set_option_string", gl_status, [gl_grid_p, c_char_p, c_char_p]),
    ("gl_grid_get_option_number", gl_status, [gl_grid_p, c_char_p, POINTER(c_double)]),
    ("gl_grid_set_sections", gl_status, [gl_grid_p, POINTER(gl_section), c_size_t, c_int]),
    ("gl_grid_set_sections_composed", gl_status,
     [gl_grid_p, POINTER(gl_section), c_size_t, c_int, POINTER(c_int),
      POINTER(gl_section_composition)]),
    ("gl_grid_set_data_source", gl_status, [gl_grid_p, POINTER(gl_data_source)]),
    ("gl_grid_reload", gl_status, [gl_grid_p]),
    ("gl_grid_reload_new", gl_status, [gl_grid_p]),
    ("gl_grid_reload_section", gl_status, [gl_grid_p, c_int64]),
    ("gl_grid_measure", gl_status, [gl_grid_p, c_void_p, c_size_t]),
    ("gl_grid_apply", gl_status, [gl_grid_p, c_void_p, c_size_t, c_int, POINTER(gl_diff)]),
    ("gl_grid_content_size", gl_status, [gl_grid_p, POINTER(gl_size)]),
    ("gl_grid_offset", gl_status, [gl_grid_p, POINTER(gl_point)]),
    ("gl_grid_visible", gl_status, [gl_grid_p, POINTER(gl_element), c_size_t, POINTER(c_size_t)]),
    ("gl_grid_elements_in", gl_status,
     [gl_grid_p, gl_rect, POINTER(gl_element), c_size_t, POINTER(c_size_t)]),
    ("gl_grid_frame", gl_status, [gl_grid_p, c_int64, c_int64, POINTER(gl_rect)]),
    ("gl_grid_header_frame", gl_status, [gl_grid_p, c_int64, POINTER(c_int), POINTER(gl_rect)]),
    ("gl_grid_footer_frame", gl_status, [gl_grid_p, c_int64, POINTER(c_int), POINTER(gl_rect)]),
    ("gl_grid_background_frame", gl_status, [gl_grid_p, c_int64, POINTER(c_int), POINTER(gl_rect)]),
    ("gl_grid_loader_frame", gl_status, [gl_grid_p, POINTER(c_int), POINTER(gl_rect)]),
    ("gl_grid_index_path_at", gl_status,
     [gl_grid_p, gl_point, POINTER(c_int), POINTER(c_int64), POINTER(c_int64)]),
    ("gl_grid_neighbor", gl_status,
     [gl_grid_p, c_int64, c_int64, gl_navigation, POINTER(c_int), POINTER(c_int64), POINTER(c_int64)]),
    ("gl_grid_section_count", gl_status, [gl_grid_p, POINTER(c_int64)]),
    ("gl_grid_item_count", gl_status, [gl_grid_p, c_int64, POINTER(c_int64)]),
    ("gl_grid_scroll_to", gl_status, [gl_grid_p, c_double, c_double]),
    ("gl_grid_scroll_by", gl_status, [gl_grid_p, c_double, c_double]),
    ("gl_grid_scroll_to_item", gl_status, [gl_grid_p, c_int64, c_int64, gl_align]),
    ("gl_grid_resize", gl_status, [gl_grid_p, c_double, c_double]),
    ("gl_grid_page", gl_status, [gl_grid_p, POINTER(c_int64)]),
    ("gl_grid_page_count", gl_status, [gl_grid_p, POINTER(c_int64)]),
    ("gl_grid_scroll_to_page", gl_status, [gl_grid_p, c_int64]),
    ("gl_grid_scroll_to_end", gl_status, [gl_grid_p]),
    ("gl_grid_section_offset", gl_status, [gl_grid_p, c_int64, POINTER(c_double)]),
    ("gl_grid_scroll_section", gl_status, [gl_grid_p, c_int64, c_double]),
    ("gl_grid_insert", gl_status, [gl_grid_p, c_int64, c_int64, c_int, c_int]),
    ("gl_grid_remove", gl_status, [gl_grid_p, c_int64, c_int64, c_int]),
    ("gl_grid_move", gl_status, [gl_grid_p, c_int64, c_int64, c_int64, c_int64, c_int]),
    ("gl_grid_step", gl_status, [gl_grid_p, c_double]),
    ("gl_grid_is_animating", gl_status, [gl_grid_p, POINTER(c_int)]),
    ("gl_grid_transition", gl_status, [gl_grid_p, POINTER(gl_config)]),
    ("gl_grid_transition_progress", gl_status, [gl_grid_p, c_double]),
    ("gl_grid_transition_commit", gl_status, [gl_grid_p]),
    ("gl_grid_transition_cancel", gl_status, [gl_grid_p]),
    ("gl_grid_transition_state", gl_status, [gl_grid_p, POINTER(c_int), POINTER(c_double)]),
    ("gl_grid_animate_to", gl_status, [gl_grid_p, POINTER(gl_config), c_double]),
    ("gl_grid_begin_drag", gl_status,
     [gl_grid_p, c_double, c_double, POINTER(c_int), POINTER(c_int64), POINTER(c_int64)]),
    ("gl_grid_drag_to", gl_status, [gl_grid_p, c_double, c_double]),
    ("gl_grid_end_drag", gl_status, [gl_grid_p]),
    ("gl_grid_drag_state", gl_status,
     [gl_grid_p, POINTER(c_int), POINTER(c_int64), POINTER(c_int64), POINTER(c_int64),
      POINTER(c_int64)]),
    ("gl_grid_data_index_path", gl_status,
     [gl_grid_p, c_int64, c_int64, POINTER(c_int64), POINTER(c_int64)]),
    ("gl_grid_set_event_handler", gl_status, [gl_grid_p, gl_event_fn, c_void_p]),
    ("gl_grid_dequeue", gl_status, [gl_grid_p, POINTER(c_void_p)]),
    ("gl_grid_attach_view", gl_status, [gl_grid_p, c_int64, c_int64, c_void_p]),
    ("gl_grid_view", gl_status, [gl_grid_p, c_int64, c_int64, POINTER(c_void_p)]),
    ("gl_grid_stats", gl_status, [gl_grid_p, POINTER(gl_stats)]),
    ("gl_grid_svg", gl_status,
     [gl_grid_p, POINTER(gl_picture_options), POINTER(ctypes.c_char), c_size_t, POINTER(c_size_t)]),
    ("gl_grid_draw", gl_status,
     [gl_grid_p, POINTER(gl_picture_options), POINTER(ctypes.c_char), c_size_t, POINTER(c_size_t)]),
    ("gl_version", c_int, []),
    ("gl_version_string", c_char_p, []),
    ("gl_check_version", gl_status, [c_int]),
    ("gl_last_error", c_char_p, []),
    ("gl_status_name", c_char_p, [gl_status]),
    ("gl_nearest_name", gl_status, [c_char_p, POINTER(c_char_p), c_int64, POINTER(c_int64)]),
    ("gl_option_count", c_int64, []),
    ("gl_option_describe", gl_status, [c_int64, POINTER(gl_option_info)]),
    ("gl_set_error_words", gl_status, [POINTER(gl_error_words)]),
    ("gl_grid_require_idle", gl_status, [gl_grid_p, c_char_p]),
]

# ---- loading ----------------------------------------------------------------------------------

LIBRARY_ENV = "GRIDLAYOUT_LIBRARY"
_LIBRARY_NAME = "libgridlayout.so"


class LibraryNotFound(OSError):
    """libgridlayout could not be found or loaded."""


def _candidates() -> list[str]:
    env = os.environ.get(LIBRARY_ENV)
    if env:
        # An explicit choice: only that one (a wrong path is an error, not a silent fallback).
        return [env]
    here = os.path.dirname(os.path.abspath(__file__))
    found = []
    for name in (_LIBRARY_NAME, f"{_LIBRARY_NAME}.{GL_VERSION_MAJOR}"):
        path = os.path.join(here, name)
        if os.path.exists(path):
            found.append(path)
    system = ctypes.util.find_library("gridlayout")
    if system:
        found.append(system)
    return found


def _declare(lib: ctypes.CDLL) -> ctypes.CDLL:
    for name, restype, argtypes in _FUNCTIONS:
        f = getattr(lib, name)
        f.restype = restype
        f.argtypes = argtypes
    return lib


def load(path: Optional[str] = None) -> ctypes.CDLL:
    """Loads and declares the library: `path`, else $GRIDLAYOUT_LIBRARY, else libgridlayout.so
    next to this package, else the loader's search (ctypes.util.find_library). Checks that the
    library's ABI version suits this binding."""
    candidates = [path] if path else _candidates()
    if not candidates:
        raise LibraryNotFound(
            f"libgridlayout not found: set {LIBRARY_ENV} to the path of libgridlayout.so "
            f"(`swift build --product gridlayout` builds it into `swift build --show-bin-path`), "
            f"put it next to the gridlayout package, or install it where the loader looks")
    errors = []
    for candidate in candidates:
        try:
            lib = ctypes.CDLL(candidate)
        except OSError as e:
            errors.append(f"{candidate}: {e}")
            continue
        try:
            _declare(lib)
        except AttributeError as e:
            raise LibraryNotFound(f"{candidate} is not a complete libgridlayout ({e})") from None
        if lib.gl_check_version(GL_VERSION_NUM) != GL_OK:
            raise LibraryNotFound(f"{candidate}: {lib.gl_last_error().decode('utf-8', 'replace')}")
        _set_python_words(lib)
        lib._gridlayout_path = candidate  # type: ignore[attr-defined]
        return lib
    raise LibraryNotFound("could not load libgridlayout: " + "; ".join(errors))


_lib: Optional[ctypes.CDLL] = None


def lib() -> ctypes.CDLL:
    """The library, loaded on first use."""
    global _lib
    if _lib is None:
        _lib = load()
    return _lib
