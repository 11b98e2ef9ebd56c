"""The Pythonic API over the C ABI: `Grid`. The records, errors and options it uses live in the
package's other modules (bindings/python/README.md lists them); this module names them too.

Sections and items count from 0, as in C. Every failed library call raises a `GridError` (the
subclass its status fits) with the library's message (gl_last_error), which the library words in
Python's names (set by _lib when it loads), and its status. The options are the library's own
description of them (gl_option_describe), turned into Grid's properties on first use.
"""

from __future__ import annotations

import difflib
import ctypes
import functools
import inspect
import re
import shutil
import struct
import threading
import warnings
from array import array
from ctypes import byref, c_double, c_int, c_int64, c_size_t, c_void_p
from typing import (TYPE_CHECKING, Any, Callable, Dict, Iterable, List, Mapping, Optional, Sequence,
                    Tuple, Union)

from . import _lib as C
from ._arguments import _integer, _real
from ._config import Option, _from_config, _options, _set_option, options
from ._errors import (GridCallbackError, GridError, GridIndexError, GridMemoryError,
                      GridStateError, GridTypeError, GridValueError, _check, _counted,
                      _library_message, _type_error)
from ._options import GridOptions, SizeLike
from ._records import (Align, Change, Diff, Drag, Element, Event, IndexPath, Insets, Move, Point,
                       Rect, Section, Size, Sizes, Stats, Uniform)
from ._sections import _set_sections
from ._sigint import _interrupts
from ._vocabulary import ALIGNS as _ALIGN_NAMES, CHANGE_KINDS as _CHANGE_KINDS, EVENT_KINDS as _EVENT_KINDS, KINDS as _KINDS
from ._vocabulary import NAVIGATIONS as _NAVIGATION_NAMES, Navigation
from ._source import _Counter, _Failure, _data_source

# gridlayout.grid also names the type aliases its annotations use, for code that imports them
# from here: the kinds of records and options, and the options' choices (_options.py).
from ._options import Direction as Direction, Layout as Layout, Order as Order  # noqa: F401
from ._options import PaddingLike as PaddingLike, Widow as Widow  # noqa: F401
from ._records import ChangeKind as ChangeKind, EventKind as EventKind, Kind as Kind  # noqa: F401
from ._config import OptionKind as OptionKind  # noqa: F401

__all__ = [
    "Grid", "GridError", "GridValueError", "GridTypeError", "GridIndexError", "GridStateError",
    "GridCallbackError", "GridMemoryError", "Element", "Event", "Change", "Drag", "Diff", "Move", "Rect", "Size",
    "Point", "Insets", "IndexPath", "Stats", "Uniform", "Section", "Option", "options", "Transition",
    "library_version", "library_path",
]

# The C library's own account of a failed callback ("item_size returned GL_ECALLBACK"), which a
# Python callback's exception replaces in the message.
_C_CALLBACK_STATUS = re.compile(r": [a-z_]+ returned GL_[A-Z?]+$")


def library_version() -> str:
    """The loaded library's version string."""
    return C.lib().gl_version_string().decode()


def library_path() -> str:
    """The path the library was loaded from."""
    return getattr(C.lib(), "_gridlayout_path", "")


_ALIGNS = {name: value for value, name in enumerate(_ALIGN_NAMES)}   # by gl_align value
_NAVIGATIONS = {name: value for value, name in enumerate(_NAVIGATION_NAMES)}   # by gl_navigation value

_ELEMENT = struct.Struct("iiqqddddddi4x")
assert _ELEMENT.size == ctypes.sizeof(C.gl_element)


def _did_you_mean(key: Any, described: Iterable[str]) -> str:
    """" (did you mean 'layout'?)" for the nearest option, else the list of options."""
    names = list(described)
    close = difflib.get_close_matches(key, names, 1) if isinstance(key, str) else []
    return f" (did you mean {close[0]!r}?)" if close else f" (options: {', '.join(names)})"


def _resolved(options: Mapping[str, Any]) -> List[Tuple[Option, Any]]:
    """The options of `options` (keywords, or the library's camelCase names) with their values;
    TypeError for an unknown keyword."""
    described = _options()
    by_name = {o.name: o for o in described.values()}
    resolved = []
    for key, value in options.items():
        o = described.get(key) or by_name.get(key)
        if o is None:
            raise TypeError(f"unexpected keyword argument {key!r}{_did_you_mean(key, described)}")
        resolved.append((o, value))
    return resolved


# ---- the grid ---------------------------------------------------------------------------------


def _locked(method: Callable[..., Any]) -> Callable[..., Any]:
    """The method runs holding its grid's lock (see Grid)."""
    @functools.wraps(method)
    def locked(self: "Grid", *args: Any, **kwargs: Any) -> Any:
        with self._lock:
            return method(self, *args, **kwargs)
    return locked


def _keywords_named(method: Callable[..., Any]) -> Callable[..., Any]:
    """A keyword the method does not take is a TypeError naming the nearest one it does
    (`set_data_source(hedaer=...)`: did you mean 'header'?), not Python's bare one: a
    misspelt callback must not pass unnoticed."""
    known = [n for n in inspect.signature(method).parameters if n != "self"]

    @functools.wraps(method)
    def named(self: "Grid", *args: Any, **kwargs: Any) -> Any:
        for key in kwargs:
            if key not in known:
                close = difflib.get_close_matches(key, known, 1)
                hint = f" (did you mean {close[0]!r}?)" if close else f" (it takes {', '.join(known)})"
                raise TypeError(f"{method.__name__}() got an unexpected keyword argument {key!r}{hint}")
        return method(self, *args, **kwargs)
    return named


def _idle(method: Callable[..., Any]) -> Callable[..., Any]:
    """The method runs holding its grid's lock, and changes the grid: not from inside one of the
    grid's own data source callbacks (GridStateError, GL_EBUSY, naming the method; the library
    refuses it too, in C's names)."""
    name = method.__name__

    @functools.wraps(method)
    def idle(self: "Grid", *args: Any, **kwargs: Any) -> Any:
        with self._lock:
            if self._in_source.n and self._handle is not None and not self._closed:
                _check(self._lib.gl_grid_require_idle(self._handle, name.encode()))
            return method(self, *args, **kwargs)
    return idle


class Grid(GridOptions):
    """A grid: configuration, data, layout and viewport.

    Grid(layout="lanes", direction="vertical", width=320, height=480, lanes=3, spacing=5,
         padding=5, ...) -- every option of the engine as a keyword (see `configure`).
    Give it data with `set_sections`/`set_sizes` (bulk) or `set_data_source` (callables), then
    `reload()` and query it. Close it with `close()` or use it as a context manager.

    A grid may be shared between threads: every method holds the grid's lock (reentrant, as
    callbacks and the event handler may call the grid again on the same thread), so calls from
    several threads run one at a time, each with its callbacks and events, and never meet inside
    the library. A callback that waits for another thread using the same grid deadlocks.
    """

    # Grid(**options) is GridOptions.__init__: the options as typed keyword-only parameters,
    # generated from the engine's table (None leaves an option at its default); it calls _open.
    if not TYPE_CHECKING:
        # At run time only, so that mypy checks calls against GridOptions.__init__'s parameters:
        # an unknown keyword is a TypeError naming the nearest option, which the bare binding of
        # the arguments would not. It wraps GridOptions.__init__: help(Grid), inspect and
        # typing.get_type_hints see the generated parameters.
        @functools.wraps(GridOptions.__init__)
        def __init__(self, *args: Any, **options: Any) -> None:
            known = inspect.signature(GridOptions.__init__).parameters
            for key in options:
                if key not in known or key == "self":
                    raise TypeError(f"Grid() got an unexpected keyword argument {key!r}"
                                    f"{_did_you_mean(key, (k for k in known if k != 'self'))}")
            GridOptions.__init__(self, *args, **options)

    def _open(self, options: Dict[str, Any]) -> None:
        self._lock = threading.RLock()
        self._handle: Optional[int] = None
        self._closed = True
        lib = C.lib()
        self._lib = lib
        _options()
        handle = c_void_p()
        _check(lib.gl_grid_create(None, byref(handle)))
        self._handle = handle.value
        self._closed = False
        self._source_refs: Any = None       # the CFUNCTYPE objects of the current data source
        self._failure = _Failure()          # a data source callback's exception
        self._event_error: Optional[BaseException] = None
        self._depth = 0
        self._in_source = _Counter()         # data source callbacks of this grid running now
        self._handler: Optional[Callable[[Event], Any]] = None
        self._handler_fn: Any = None         # the CFUNCTYPE object of the event handler
        self._views: Dict[int, Any] = {}     # id(view) -> view, for views handed to the library
        # apply's ids -> their int64 keys, for the ids of the last snapshot applied: an id keeps
        # its key while it stays, a new one takes a key never given before.
        self._snapshot_keys: Dict[Any, int] = {}
        self._next_key = 0
        self._buffer = (C.gl_element * 64)()
        try:
            self.configure(**options)
        except BaseException:
            self.close()
            raise

    def __getattr__(self, name: str) -> Any:
        # Only for names normal lookup did not find: a misspelt method or option says which it
        # meant in the message itself (str(e), logs), not only in the interpreter's traceback.
        public = [n for n in dir(type(self)) if not n.startswith("_")]
        close = difflib.get_close_matches(name, public, 1) if not name.startswith("_") else []
        hint = f"; did you mean {close[0]!r}?" if close else ""
        raise AttributeError(f"'{type(self).__name__}' object has no attribute {name!r}{hint}", name=name, obj=self)

    def __setattr__(self, name: str, value: Any) -> None:
        # Options and other settable properties are set; a new public attribute is a mistake
        # (g.lanse = 4 would otherwise pass silently). A subclass may add its own attributes,
        # as a subclass of a class with __slots__ may.
        if name[:1] == "_" or hasattr(getattr(type(self), name, None), "__set__") or \
                type(self) is not Grid and not hasattr(Grid, name):
            object.__setattr__(self, name, value)
            return
        if hasattr(type(self), name):
            raise AttributeError(f"'Grid' object attribute {name!r} is read-only")
        close = difflib.get_close_matches(name, list(_options()), 1)
        hint = f"; did you mean {close[0]!r}?" if close else f" (options: {', '.join(_options())})"
        raise AttributeError(f"'Grid' object has no attribute {name!r}{hint}", name=name, obj=self)

    # -- lifetime --

    @_idle
    def close(self) -> None:
        """Destroys the grid. Further calls raise GridError (GL_EHANDLE). Idempotent."""
        if self._closed or self._handle is None:
            return
        _check(self._lib.gl_grid_destroy(self._handle))
        self._closed = True
        self._source_refs = None
        self._handler = None
        self._handler_fn = None
        self._views.clear()

    @property
    def closed(self) -> bool:
        return self._closed

    def __enter__(self) -> "Grid":
        return self

    def __exit__(self, *exc: Any) -> None:
        self.close()

    def __del__(self) -> None:
        try:
            if not self._closed and self._handle is not None and self._depth == 0:
                self._lib.gl_grid_destroy(self._handle)
                self._closed = True
        except Exception:  # interpreter shutdown, or a failed __init__
            pass

    def __repr__(self) -> str:
        if self._closed:
            return "<gridlayout.Grid closed>"
        c = self.config
        return (f"<gridlayout.Grid {c['layout']} {c['direction']} {c['width']:g}x{c['height']:g}, "
                f"{_counted(self.section_count(), 'section')}>")

    # -- calls --

    @property
    def _h(self) -> Optional[int]:
        # A closed grid passes its stale handle: the library answers GL_EHANDLE with its message.
        return self._handle

    def _run(self, function: Any, *args: Any) -> None:
        """A library call that may run data source callbacks and deliver events."""
        outer = self._depth == 0
        if outer:
            self._failure = _Failure()
            self._event_error = None
        failure = self._failure
        deferring = outer and _interrupts.begin()
        try:
            self._depth += 1
            try:
                status = function(self._h, *args)
            finally:
                self._depth -= 1
            error = failure.error
            if status != C.GL_OK:
                message = _library_message(status)
                if error is not None and outer:
                    failure.error = None
                    if not isinstance(error, Exception):  # KeyboardInterrupt, SystemExit
                        raise error
                    message = _C_CALLBACK_STATUS.sub("", message)
                    raise GridError(status,
                                    f"{message}: {type(error).__name__}: {error}") from error
                raise GridError(status, message)
            if outer and error is not None:
                # The library went on without that callback's answer; its exception still
                # belongs to the caller.
                failure.error = None
                raise error
            if outer and self._event_error is not None:
                error, self._event_error = self._event_error, None
                raise error
        finally:
            if deferring:
                _interrupts.end()

    # -- configuration --

    @_idle
    def configure(self, **options: Any) -> None:
        """Sets options by their keywords (see `options()`, and the Grid properties of the same
        names); they take effect at the next reload. The library's camelCase names are accepted
        too. Either every option is set or none is: an unknown keyword raises TypeError, a value
        of the wrong type GridTypeError, a bad value GridValueError (GL_EINVAL)."""
        resolved = _resolved(options)
        if not resolved:
            return
        lib, h = self._lib, self._h
        saved = self._config()
        try:
            for o, value in resolved:
                _set_option(lib, h, o, value)
        except BaseException:
            lib.gl_grid_set_config(h, byref(saved))
            raise

    def _config(self) -> Any:
        """The grid's gl_config."""
        config = C.gl_config()
        config.struct_size = ctypes.sizeof(C.gl_config)
        _check(self._lib.gl_grid_get_config(self._h, byref(config)))
        return config

    def _target(self, options: Mapping[str, Any]) -> Any:
        """The grid's gl_config with `options` set as configure sets them (the same errors); the
        grid's own configuration is left as it was."""
        resolved = _resolved(options)
        saved = self._config()
        try:
            for o, value in resolved:
                _set_option(self._lib, self._h, o, value)
            return self._config()
        finally:
            self._lib.gl_grid_set_config(self._h, byref(saved))

    def _read_option(self, name: bytes) -> float:
        value = c_double()
        _check(self._lib.gl_grid_get_option_number(self._h, name, byref(value)))
        return value.value

    @_locked
    def _option(self, keyword: str) -> Any:
        """The option's current value (GridOptions' properties read through this)."""
        o = _options()[keyword]
        c = C.gl_config()
        c.struct_size = ctypes.sizeof(C.gl_config)
        _check(self._lib.gl_grid_get_config(self._h, byref(c)))
        return _from_config(o, c, self._read_option)

    @property
    @_locked
    def config(self) -> Dict[str, Any]:
        """Every option's current value, by its keyword (each is also a property: grid.lanes)."""
        c = C.gl_config()
        c.struct_size = ctypes.sizeof(C.gl_config)
        _check(self._lib.gl_grid_get_config(self._h, byref(c)))
        return {key: _from_config(o, c, self._read_option) for key, o in _options().items()}

    # -- data --

    @_idle
    @_keywords_named
    def set_sections(self, sections: Sequence[Union[Sizes, Section]],
                     headers: Optional[Sequence[Any]] = None,
                     lanes: Optional[Sequence[Optional[int]]] = None,
                     show_loader: bool = False, same_size: bool = False, *,
                     footers: Optional[Sequence[Any]] = None,
                     spans: Optional[Sequence[Optional[Sequence[Union[None, int, bool]]]]] = None,
                     section_options: Optional[Sequence[Optional[Mapping[str, Any]]]] = None,
                     ) -> None:
        """The bulk data source: each section's item sizes (copied by the library). `headers`
        gives each section's header size (w, h) or None; `lanes` each section's lanes (None or
        0 for the configuration's). With `same_size`, every item of a section has the size of
        its item 0 and only that one is read: the engine's analytic path (nothing stored per
        item, SMGridView's paged arrangement). A section may be `Uniform(size, count)`: it
        goes to the library as its count and one size, never item by item (without
        `same_size` the library lays its items out one by one, within its limit on stored
        items). Composition (see set_data_source's footer, span and section): `footers` gives
        each section's footer size or None, `spans` each section's spans (None, or one per item:
        None, an int >= 1 or True) and `section_options` each section's dict of overrides or
        None; a bad one is refused here, naming the section. A section may instead be a
        `Section(sizes, header=, footer=, lanes=, spans=, options=)` carrying its own; a field it
        gives fills its entry of the keyword of the same meaning, which must leave that section
        None. Takes effect at the next reload."""
        _set_sections(self._lib, self._h, sections, headers, lanes, show_loader, same_size, footers,
                      spans, section_options)
        self._source_refs = None

    @_keywords_named
    def set_sizes(self, sizes: Sizes, header: Optional[SizeLike] = None,
                  lanes: Optional[int] = None, show_loader: bool = False,
                  same_size: bool = False, *, footer: Optional[SizeLike] = None,
                  spans: Optional[Sequence[Union[None, int, bool]]] = None,
                  section_options: Optional[Mapping[str, Any]] = None) -> None:
        """One section's item sizes (see set_sections)."""
        composed = footer is not None or spans is not None or section_options is not None
        self.set_sections([sizes], headers=[header], lanes=[lanes], show_loader=show_loader,
                          same_size=same_size, footers=[footer] if composed else None,
                          spans=[spans] if composed else None,
                          section_options=[section_options] if composed else None)

    @_idle
    @_keywords_named
    def set_data_source(self, count: Union[int, Callable[[int], int]],
                        size: Optional[Callable[[int, int], SizeLike]] = None, *,
                        sizes: Optional[Callable[[int], Sizes]] = None,
                        sections: Union[int, Callable[[], int]] = 1,
                        header: Optional[Callable[[int], Optional[SizeLike]]] = None,
                        show_loader: Union[bool, Callable[[], bool]] = False,
                        same_size: Union[bool, Callable[[], bool]] = False,
                        lanes: Union[None, int, Callable[[int], Optional[int]]] = None,
                        insert: Optional[Callable[[int, int], Any]] = None,
                        remove: Optional[Callable[[int, int], Any]] = None,
                        move: Optional[Callable[[int, int, int, int], Any]] = None,
                        can_move: Optional[Callable[[int, int], bool]] = None,
                        can_move_to_section: Union[bool, Callable[[int, int], bool]] = False,
                        style: Optional[Callable[[int, int], Optional[Mapping[str, str]]]] = None,
                        footer: Optional[Callable[[int], Optional[SizeLike]]] = None,
                        span: Optional[Callable[[int, int], Union[None, int, bool]]] = None,
                        section: Optional[Callable[[int], Optional[Mapping[str, Any]]]] = None,
                        ) -> None:
        """A data source of callables, asked at each reload:
        count(section) -> int (or an int for every section); size(section, item) -> (w, h), or
        sizes(section) -> the section's sizes at once (a sequence of pairs or a flat array('d'));
        sections() -> int (or an int); header(section) -> (w, h) or None;
        show_loader() / same_size() -> bool (or a bool); lanes(section) -> int or None (or an
        int). An exception raised by a callable fails the reload with GridError naming it (the
        previous layout stays).
        The data changes of insert, remove, move and drags go through: insert(section, item)
        when an insert starts (leave it out when the data has the item before `grid.insert`),
        remove(section, item) once a removed item has faded out, move(section, item,
        to_section, to_item) when a move starts or a drag drops elsewhere than it began;
        can_move(section, item) -> bool (default True) and can_move_to_section(from_section,
        to_section) -> bool (or a bool; default False) for drags. Afterwards count must give
        the count the change implies.
        style(section, item) -> {"label": str, "fill": str} or None gives an item a label and a
        fill colour (CSS syntax) in the pictures (svg, draw), asked by the item's index path in
        the data; a missing key keeps the default.

        Composition (docs/layout.md, "Composition"): footer(section) -> (w, h) or None, a footer
        after the section's items; span(section, item) -> how many lanes or columns the item
        takes: an int >= 1, True for all of them, or None for 1 (every item is asked);
        section(section) -> a dict of the section's overrides of the grid's options, or None:
        keys layout, lanes, columns, order, row_height, tolerance, widow, rows, spacing,
        line_spacing, item_spacing and inset (the keywords, or the engine's names), values as `configure`
        takes them."""
        source = _data_source(self, count, size, sizes, sections, header, show_loader, same_size,
                              lanes, insert, remove, move, can_move, can_move_to_section, style,
                              footer, span, section)
        _check(self._lib.gl_grid_set_data_source(self._h, byref(source.struct)))
        self._source_refs = source.refs

    @_idle
    def clear_data_source(self) -> None:
        """Removes the data source (a reload then fails with GL_ENOSOURCE)."""
        _check(self._lib.gl_grid_set_data_source(self._h, None))
        self._source_refs = None

    # -- layout --

    @_idle
    def reload(self) -> None:
        """Lays out everything again."""
        self._run(self._lib.gl_grid_reload)

    @_idle
    def reload_new(self) -> None:
        """Lays out only the items and sections appended since the last layout."""
        self._run(self._lib.gl_grid_reload_new)

    @_idle
    def reload_section(self, section: int) -> None:
        """Lays out one section again, moving the ones after it."""
        self._run(self._lib.gl_grid_reload_section, _integer(section, "reload_section: section"))

    @_idle
    def measure(self, items: Iterable[Tuple[int, int, float, float]]) -> None:
        """Gives items their real sizes, learnt after they were laid out: each entry is
        (section, item, w, h); used instead of the data source's size until the section is laid
        out again from it, all in one relayout (docs/layout.md, "Sizes learnt late"). When a
        measured item starts above the viewport the offset moves with what shows."""
        entries = []
        for k, entry in enumerate(items):
            try:
                section, item, w, h = entry
            except (TypeError, ValueError):
                raise GridTypeError(C.GL_EINVAL, f"measure: entry {k}: {entry!r} is not (section, item, w, h)") from None
            entries.append(C.gl_measure(_integer(section, f"measure: entry {k}: section"),
                                        _integer(item, f"measure: entry {k}: item"),
                                        C.gl_size(_real(w, f"measure: entry {k}: w"), _real(h, f"measure: entry {k}: h"))))
        array = (C.gl_measure * len(entries))(*entries)
        self._run(self._lib.gl_grid_measure, array, len(entries))

    # -- queries --

    @_locked
    def content_size(self) -> Size:
        s = C.gl_size()
        _check(self._lib.gl_grid_content_size(self._h, byref(s)))
        return Size(s.w, s.h)

    @_locked
    def offset(self) -> Point:
        p = C.gl_point()
        _check(self._lib.gl_grid_offset(self._h, byref(p)))
        return Point(p.x, p.y)

    @_locked
    def section_count(self) -> int:
        n = c_int64()
        _check(self._lib.gl_grid_section_count(self._h, byref(n)))
        return n.value

    @_locked
    def item_count(self, section: int) -> int:
        n = c_int64()
        _check(self._lib.gl_grid_item_count(self._h, _integer(section, "item_count: section"),
                                            byref(n)))
        return n.value

    @_locked
    def frame(self, section: int, item: int) -> Rect:
        """The item's frame; GridError (GL_ERANGE) for an index path out of range."""
        r = C.gl_rect()
        # _run: with estimated_size the library may ask the data source for sizes first.
        self._run(self._lib.gl_grid_frame, _integer(section, "frame: section"),
                  _integer(item, "frame: item"), byref(r))
        return Rect(r.x, r.y, r.w, r.h)

    @_locked
    def header_frame(self, section: int) -> Optional[Rect]:
        """The section's header frame, or None when it has no header."""
        has, r = c_int(), C.gl_rect()
        self._run(self._lib.gl_grid_header_frame, _integer(section, "header_frame: section"),
                  byref(has), byref(r))
        return Rect(r.x, r.y, r.w, r.h) if has.value else None

    @_locked
    def footer_frame(self, section: int) -> Optional[Rect]:
        """The section's footer frame, or None when it has no footer."""
        return self._section_frame(self._lib.gl_grid_footer_frame, "footer_frame", section)

    @_locked
    def background_frame(self, section: int) -> Optional[Rect]:
        """The section's background frame (the option `background`), or None when it has none."""
        return self._section_frame(self._lib.gl_grid_background_frame, "background_frame", section)

    def _section_frame(self, function: Any, name: str, section: int) -> Optional[Rect]:
        has, r = c_int(), C.gl_rect()
        _check(function(self._h, _integer(section, f"{name}: section"), byref(has), byref(r)))
        return Rect(r.x, r.y, r.w, r.h) if has.value else None

    @_locked
    def loader_frame(self) -> Optional[Rect]:
        """The loader's frame, or None when there is no loader."""
        shown, r = c_int(), C.gl_rect()
        _check(self._lib.gl_grid_loader_frame(self._h, byref(shown), byref(r)))
        return Rect(r.x, r.y, r.w, r.h) if shown.value else None

    def _elements(self, function: Any, *args: Any, asks: bool = False) -> List[Element]:
        count = c_size_t()
        buffer = self._buffer
        if asks:  # may ask the data source (estimated_size): the first call runs as one that does
            self._run(function, *args, buffer, len(buffer), byref(count))
        else:
            _check(function(self._h, *args, buffer, len(buffer), byref(count)))
        n = count.value
        if n > len(buffer):
            capacity = len(buffer)
            while capacity < n:
                capacity *= 2
            buffer = (C.gl_element * capacity)()
            _check(function(self._h, *args, buffer, capacity, byref(count)))
            n = min(count.value, capacity)
            if capacity <= 4096:
                self._buffer = buffer
        raw = ctypes.string_at(buffer, n * _ELEMENT.size)
        kinds = _KINDS
        return [Element(kinds[k], s if s >= 0 else None, i if i >= 0 else None, x, y, w, h,
                        p != 0, a, sc, d != 0)
                for k, p, s, i, x, y, w, h, a, sc, d in _ELEMENT.iter_unpack(raw)]

    @_locked
    def visible(self) -> List[Element]:
        """The elements overlapping the viewport with positive area: per section its header,
        then its items ascending; the loader last. Sticky headers are where they are drawn."""
        return self._elements(self._lib.gl_grid_visible)

    @_locked
    def elements_in(self, rect: Union[Rect, Sequence[float]]) -> List[Element]:
        """The elements overlapping a rectangle (x, y, w, h) of the content."""
        x, y, w, h = rect
        return self._elements(self._lib.gl_grid_elements_in,
                              C.gl_rect(_real(x, "elements_in: x"), _real(y, "elements_in: y"),
                                        _real(w, "elements_in: w"), _real(h, "elements_in: h")), asks=True)

    @_locked
    def index_path_at(self, x: float, y: float) -> Optional[IndexPath]:
        """The item under a content point, or None."""
        found, s, i = c_int(), c_int64(), c_int64()
        point = C.gl_point(_real(x, "index_path_at: x"), _real(y, "index_path_at: y"))
        self._run(self._lib.gl_grid_index_path_at, point, byref(found), byref(s), byref(i))
        return IndexPath(s.value, i.value) if found.value else None

    @_locked
    def neighbor(self, section: int, item: int, direction: Navigation) -> Optional[IndexPath]:
        """The item a focus at (section, item) moves to: "up", "down", "left", "right" on screen,
        "next", "previous" in index order; None at an edge (docs/layout.md, "Spatial navigation")."""
        if not isinstance(direction, str) or direction not in _NAVIGATIONS:
            close = difflib.get_close_matches(direction, _NAVIGATIONS, 1) if isinstance(direction, str) else []
            hint = f" (did you mean {close[0]!r}?)" if close else ""
            raise GridError(C.GL_EINVAL, f"neighbor: direction {direction!r} is invalid "
                                         f"(expected one of {', '.join(map(repr, _NAVIGATIONS))}){hint}")
        found, s, i = c_int(), c_int64(), c_int64()
        self._run(self._lib.gl_grid_neighbor, _integer(section, "neighbor: section"), _integer(item, "neighbor: item"),
                  _NAVIGATIONS[direction], byref(found), byref(s), byref(i))
        return IndexPath(s.value, i.value) if found.value else None

    # -- pictures --

    def _picture(self, function: Any, name: str, options: Any) -> str:
        size = c_size_t()
        buffer = ctypes.create_string_buffer(1 << 16)
        try:
            self._run(function, byref(options), buffer, len(buffer), byref(size))
            if size.value > len(buffer):  # made again, larger: the style callback is asked again
                buffer = ctypes.create_string_buffer(size.value)
                self._run(function, byref(options), buffer, len(buffer), byref(size))
        except GridMemoryError as e:
            # The library's advice in Python's words.
            raise GridMemoryError(e.status, e.message.replace(f"gl_grid_{name}", name).replace(
                "(gl_picture_options.viewport = 1)", "with viewport=True")) from None
        return buffer.raw[:size.value - 1].decode("utf-8")

    @_idle
    def svg(self, viewport: bool = False) -> str:
        """The whole content (with viewport=True only the viewport) as an SVG picture: the
        viewport outlined, each element labelled with its index path (from 0) or its style
        label, items filled with their style fill, the dragged item at the drag point with the
        class "dragged". The same bytes as Lua's grid:svg() and C's gl_grid_svg. At most 20000
        elements (GridMemoryError beyond: draw the viewport only). Not from inside the grid's
        own data source callbacks (GridStateError)."""
        options = C.gl_picture_options(ctypes.sizeof(C.gl_picture_options), 1 if viewport else 0, 0, 0)
        return self._picture(self._lib.gl_grid_svg, "svg", options)

    @_idle
    def draw(self, cols: Optional[int] = None, rows: Optional[int] = None) -> str:
        """The viewport as text boxes fitted to cols x rows characters (default: the terminal's
        size, else 80 x 24), a status line first: items +-|, headers #=| (@ pinned), the loader
        *~|, an item fading in or out '.', the dragged item '%' corners. The same bytes as Lua's
        grid:draw{text = true} and C's gl_grid_draw."""
        terminal = shutil.get_terminal_size((80, 24))
        columns = terminal.columns if cols is None else _integer(cols, "draw: cols", 1, 10000)
        lines = terminal.lines if rows is None else _integer(rows, "draw: rows", 1, 10000)
        options = C.gl_picture_options(ctypes.sizeof(C.gl_picture_options), 0,
                                       min(max(columns, 1), 10000), min(max(lines, 1), 10000))
        return self._picture(self._lib.gl_grid_draw, "draw", options)

    def _repr_svg_(self) -> Optional[str]:
        """Jupyter and IPython show a grid as its picture: the whole content, or the viewport
        only when the content has more elements than an SVG may; None for a closed grid."""
        if self.closed:
            return None
        try:
            return self.svg()
        except GridMemoryError:
            return self.svg(viewport=True)

    # -- scrolling --

    @_idle
    def scroll_to(self, x: float, y: float) -> None:
        """Moves the viewport (clamped to the content; snapped to pages with paging)."""
        self._run(self._lib.gl_grid_scroll_to, _real(x, "scroll_to: x"), _real(y, "scroll_to: y"))

    @_idle
    def scroll_by(self, dx: float, dy: float) -> None:
        self._run(self._lib.gl_grid_scroll_by, _real(dx, "scroll_by: dx"),
                  _real(dy, "scroll_by: dy"))

    @_idle
    def scroll_to_item(self, section: int, item: int, align: Align = "start") -> None:
        """Scrolls so that the item is at the start, center or end of the viewport, or just
        into view ("nearest")."""
        if not isinstance(align, str) or align not in _ALIGNS:
            raise GridError(C.GL_EINVAL, f"align {align!r} is invalid "
                                         f"(expected one of {', '.join(map(repr, _ALIGNS))})")
        self._run(self._lib.gl_grid_scroll_to_item, _integer(section, "scroll_to_item: section"),
                  _integer(item, "scroll_to_item: item"), _ALIGNS[align])

    @_idle
    def resize(self, width: float, height: float) -> None:
        """Changes the viewport size (re-laying out when the cross-axis size changes)."""
        self._run(self._lib.gl_grid_resize, _real(width, "resize: width"),
                  _real(height, "resize: height"))

    @_locked
    def page(self) -> int:
        """The current page (from 0)."""
        n = c_int64()
        _check(self._lib.gl_grid_page(self._h, byref(n)))
        return n.value

    @_locked
    def page_count(self) -> int:
        n = c_int64()
        _check(self._lib.gl_grid_page_count(self._h, byref(n)))
        return n.value

    @_idle
    def scroll_to_page(self, page: int) -> None:
        self._run(self._lib.gl_grid_scroll_to_page, _integer(page, "scroll_to_page: page"))

    @_idle
    def scroll_to_end(self) -> None:
        """Scrolls to the content's end along the scroll axis; with estimated_size only the last
        sections are laid out, not those before them (library 1.2)."""
        self._run(self._lib.gl_grid_scroll_to_end)

    @_locked
    def section_offset(self, section: int) -> float:
        """How far a sideways section's items have scrolled along the cross axis (0 for any other
        section; library 1.2)."""
        v = c_double()
        self._run(self._lib.gl_grid_section_offset, _integer(section, "section_offset: section"), byref(v))
        return v.value

    @_idle
    def scroll_section(self, section: int, offset: float) -> None:
        """Scrolls a sideways section's items along the cross axis to `offset`, snapped as its
        section_paging says and clamped (library 1.2)."""
        self._run(self._lib.gl_grid_scroll_section, _integer(section, "scroll_section: section"),
                  _real(offset, "scroll_section: offset"))

    # -- mutations and animation --

    @_idle
    def insert(self, section: int, item: int, animated: bool = True, scroll: bool = False) -> None:
        """Inserts an item at (section, item): the data source's insert runs at once (or the
        data has the item already: with set_sections/set_sizes, set the sizes with the new item
        first); animated, the item fades in while the others slide, on the grid's clock (step).
        With scroll, the viewport first moves so that the new item is at its centre. Asked
        while an animation runs, it is queued; the index path is checked now (GridError,
        GL_ERANGE)."""
        self._run(self._lib.gl_grid_insert, _integer(section, "insert: section"),
                  _integer(item, "insert: item"), 1 if animated else 0, 1 if scroll else 0)

    @_idle
    def remove(self, section: int, item: int, animated: bool = True) -> None:
        """Removes the item: animated, it fades and shrinks, then the data source's remove
        drops it from the data, then the others slide (two animation_durations)."""
        self._run(self._lib.gl_grid_remove, _integer(section, "remove: section"),
                  _integer(item, "remove: item"), 1 if animated else 0)

    @_idle
    def move(self, section: int, item: int, to_section: int, to_item: int,
             animated: bool = True) -> None:
        """Moves the item to (to_section, to_item) through the data source's move (called at
        once); animated, every item whose frame changed slides."""
        self._run(self._lib.gl_grid_move, _integer(section, "move: section"),
                  _integer(item, "move: item"), _integer(to_section, "move: to_section"),
                  _integer(to_item, "move: to_item"), 1 if animated else 0)

    @_idle
    def apply(self, snapshot: Iterable[Iterable[Any]], animated: bool = True) -> Diff:
        """Gives the items the ids of `snapshot` (every section's ids, in order; any hashable,
        unique in the grid: ids that compare equal, as 1, 1.0 and True do, are one id), compares
        them with the ids the grid holds and lays everything out again as one batch: kept items
        slide, inserted ones fade in, removed ones vanish (docs/layout.md, "Snapshots"). The data
        source already answers for the new data. The first apply after a reload (or an insert,
        removal, move, drop, reload_new or reload_section) names the items laid out. Returns the
        Diff (old index paths for removed, new ones for inserted, from and to for moved). Errors
        change nothing: an unhashable id (GridTypeError), a duplicate id (GridValueError, naming
        both index paths), counts that are not the data source's (GridValueError)."""
        keys: Dict[Any, int] = {}
        old = self._snapshot_keys
        next_key = self._next_key
        kept = 0        # ids the last snapshot had: the most that can stay or move
        sections = []
        for s, ids in enumerate(snapshot):
            try:
                entries = list(ids)
            except TypeError:
                raise GridTypeError(C.GL_EINVAL, f"apply: section {s}: {ids!r} is not a sequence of ids") from None
            row = (c_int64 * len(entries))()
            for i, id_ in enumerate(entries):
                try:
                    key = keys.get(id_)
                except TypeError:
                    raise GridTypeError(C.GL_EINVAL, f"apply: item (section {s}, item {i}): "
                                                     f"unhashable id {id_!r} (ids must be hashable)") from None
                if key is None:
                    # A duplicate keeps the first one's key: the library names both index paths.
                    key = old.get(id_)
                    if key is None:
                        key = next_key
                        next_key += 1
                    else:
                        kept += 1
                    keys[id_] = key
                row[i] = key
            sections.append(row)
        ids_array = (C.gl_ids * len(sections))(*(C.gl_ids(ctypes.cast(row, ctypes.POINTER(c_int64)), len(row))
                                                  for row in sections))
        # The grid holds the last snapshot applied here (or nothing: then the diff is empty), so the
        # diff has at most these many entries of each kind.
        total = sum(len(row) for row in sections)
        gone, new = len(old) - kept, total - kept
        removed, inserted, moved = (C.gl_index_path * gone)(), (C.gl_index_path * new)(), (C.gl_move * kept)()
        diff = C.gl_diff(removed, gone, 0, inserted, new, 0, moved, kept, 0)
        self._run(self._lib.gl_grid_apply, ids_array, len(sections), 1 if animated else 0, byref(diff))
        self._snapshot_keys, self._next_key = keys, next_key
        if diff.removed_count > gone or diff.inserted_count > new or diff.moved_count > kept:
            raise GridStateError(C.GL_ESTATE, "apply: the grid holds other ids than the last snapshot applied here")
        return Diff([IndexPath(p.section, p.item) for p in removed[:diff.removed_count]],
                    [IndexPath(p.section, p.item) for p in inserted[:diff.inserted_count]],
                    [Move(IndexPath(getattr(m, "from").section, getattr(m, "from").item), IndexPath(m.to.section, m.to.item))
                     for m in moved[:diff.moved_count]])

    # -- layout transitions --

    @_idle
    def transition(self, **options: Any) -> "Transition":
        """Starts a layout transition to the grid's options with these changed (keywords as
        configure takes them; direction, width and height must stay): returns the Transition,
        whose progress(p), commit() and cancel() drive it (docs/layout.md, "Layout transitions")."""
        target = self._target(options)
        self._run(self._lib.gl_grid_transition, byref(target))
        return Transition(self)

    @_idle
    def animate_to(self, duration: float, **options: Any) -> None:
        """A layout transition to these options (as transition takes them) run by step(dt): eased
        over `duration` seconds, committed at its end."""
        duration = _real(duration, "animate_to: duration")
        target = self._target(options)
        self._run(self._lib.gl_grid_animate_to, byref(target), duration)

    @property
    @_locked
    def transition_progress(self) -> Optional[float]:
        """The running layout transition's progress (0...1), or None when none runs."""
        running, progress = c_int(), c_double()
        _check(self._lib.gl_grid_transition_state(self._h, byref(running), byref(progress)))
        return progress.value if running.value else None

    @_idle
    def _transition_progress(self, progress: float) -> None:
        self._run(self._lib.gl_grid_transition_progress, _real(progress, "progress: progress"))

    @_idle
    def _transition_commit(self) -> None:
        self._run(self._lib.gl_grid_transition_commit)

    @_idle
    def _transition_cancel(self) -> None:
        self._run(self._lib.gl_grid_transition_cancel)

    @_idle
    def step(self, dt: float) -> None:
        """Advances the animation clock by dt >= 0 seconds: animations progress (cubic
        ease-in-out), queued mutations start in order, a drag near the edge auto-scrolls."""
        self._run(self._lib.gl_grid_step, _real(dt, "step: dt"))

    @property
    @_locked
    def is_animating(self) -> bool:
        """True while a mutation runs or is queued, or an animate_to transition runs."""
        a = c_int()
        _check(self._lib.gl_grid_is_animating(self._h, byref(a)))
        return a.value != 0

    # -- drag reordering (sort=True) --

    @_idle
    def begin_drag(self, x: float, y: float) -> Optional[IndexPath]:
        """Picks up the item under the viewport point (x, y) and returns its index path, or
        None when no item is there or can_move says no. Running and queued mutations finish
        first. GridError (GL_ESTATE) with sort off or during a drag."""
        found, s, i = c_int(), c_int64(), c_int64()
        self._run(self._lib.gl_grid_begin_drag, _real(x, "begin_drag: x"),
                  _real(y, "begin_drag: y"), byref(found), byref(s), byref(i))
        return IndexPath(s.value, i.value) if found.value else None

    @_idle
    def drag_to(self, x: float, y: float) -> None:
        """Moves the dragged item with the viewport point; the others re-flow around its target
        slot. GridError (GL_ESTATE) without a drag."""
        self._run(self._lib.gl_grid_drag_to, _real(x, "drag_to: x"), _real(y, "drag_to: y"))

    @_idle
    def end_drag(self) -> None:
        """Drops the item into its target slot: the data source's move runs once, unless the slot
        is where the item began. GridError (GL_ESTATE) without a drag."""
        self._run(self._lib.gl_grid_end_drag)

    @property
    @_locked
    def drag(self) -> Optional[Drag]:
        """The drag in progress (the item's index path in the data and its target slot), or None."""
        dragging, fs, fi, ts, ti = c_int(), c_int64(), c_int64(), c_int64(), c_int64()
        _check(self._lib.gl_grid_drag_state(self._h, byref(dragging), byref(fs), byref(fi),
                                            byref(ts), byref(ti)))
        if not dragging.value:
            return None
        return Drag(IndexPath(fs.value, fi.value), IndexPath(ts.value, ti.value))

    @_locked
    def data_index_path(self, section: int, item: int) -> IndexPath:
        """The data's index path of the item shown at (section, item): during a drag the layout
        is a preview with the dragged item in its target slot; otherwise the same path."""
        s, i = c_int64(), c_int64()
        _check(self._lib.gl_grid_data_index_path(
            self._h, _integer(section, "data_index_path: section"),
            _integer(item, "data_index_path: item"), byref(s), byref(i)))
        return IndexPath(s.value, i.value)

    # -- events and views --

    @_locked
    def set_event_handler(self, handler: Optional[Callable[[Event], Any]]) -> None:
        """Calls handler(event) for each event, after the call that caused it (reload, scroll,
        resize, a mutation, step, a drag call) has done its work, in the order they happened:
        unloads, then loads, then the page change for a scroll. An exception from the handler
        skips the call's remaining events and is raised by that call. None removes the handler.
        An event's index paths are numbered as when it happened (one step may start several
        mutations): inside the handler, attach_view, view and data_index_path take them in that
        numbering, and the "renumbered" events that follow carry them (and the views) on.
        A "view_released" event hands back a view the reuse queue no longer keeps (more than
        max_pooled_views were queued): the grid holds it no longer."""
        if handler is not None and not callable(handler):
            raise _type_error(f"handler must be callable, not {type(handler).__name__}")
        if handler is None and not self._views:
            _check(self._lib.gl_grid_set_event_handler(self._h, C.gl_event_fn(), None))
            self._handler, self._handler_fn = None, None
            return
        self._listen()
        self._handler = handler

    def _listen(self) -> None:
        """Installs the grid's one event trampoline (once): it runs the handler, if any, and
        forgets the views the library releases, so it stays while views are attached even
        without a handler."""
        if self._handler_fn is not None:
            return

        def on_event(ctx: Any, grid: Any, event_p: Any) -> None:
            # A trampoline like the data source's (set_data_source): nothing escapes into ctypes.
            try:
                e = event_p[0]
                released = None
                if e.kind == C.GL_EVENT_VIEW_RELEASED and e.view:
                    released = self._views.pop(e.view, None)
                handler = self._handler
                if handler is None or self._event_error is not None:
                    return
                self._deliver_event(handler, e, released)
            except BaseException as err:
                if self._event_error is None:
                    self._event_error = err

        fn = C.gl_event_fn(on_event)
        _check(self._lib.gl_grid_set_event_handler(self._h, fn, None))
        self._handler_fn = fn

    def _deliver_event(self, handler: Callable[[Event], Any], e: Any, released: Any) -> None:
        el = e.element
        kind = _EVENT_KINDS[e.kind] if 0 <= e.kind < len(_EVENT_KINDS) else str(e.kind)
        element = change = None
        if e.kind == C.GL_EVENT_VIEW_RELEASED:
            view = released
        else:
            view = self._views.get(e.view) if e.view else None
            if e.kind >= C.GL_EVENT_RENUMBERED:
                c = e.change
                change = Change(_CHANGE_KINDS[c.kind], c.section, c.item, c.to_section, c.to_item)
            elif kind != "page_changed":
                element = Element(_KINDS[el.kind], el.section if el.section >= 0 else None,
                                  el.item if el.item >= 0 else None, el.x, el.y, el.w, el.h,
                                  el.pinned != 0, el.alpha, el.scale, el.dragged != 0)
        handler(Event(kind, element, e.page if kind == "page_changed" else None, view, change))
        if _interrupts.pending is not None:
            _interrupts.deliver()

    @_locked
    def attach_view(self, section: int, item: int, view: Any) -> None:
        """Gives a loaded item a view (any Python object); it comes back in the item's
        "unloaded" event and from dequeue() for reuse."""
        if view is None:
            raise GridError(C.GL_EINVAL, "view is None")
        token = id(view)
        self._listen()   # to hear of the views the library releases
        _check(self._lib.gl_grid_attach_view(self._h, _integer(section, "attach_view: section"),
                                             _integer(item, "attach_view: item"), token))
        self._views[token] = view

    @_locked
    def dequeue(self) -> Any:
        """The oldest queued view, or None."""
        v = c_void_p()
        _check(self._lib.gl_grid_dequeue(self._h, byref(v)))
        return self._views.get(v.value) if v.value else None

    @_locked
    def view_at(self, section: int, item: int) -> Any:
        """The view attached to a loaded item, or None. (Lua's `grid:view()` is the live
        terminal view, something else: hence not `view`.)"""
        v = c_void_p()
        _check(self._lib.gl_grid_view(self._h, _integer(section, "view_at: section"),
                                      _integer(item, "view_at: item"), byref(v)))
        return self._views.get(v.value) if v.value else None

    def view(self, section: int, item: int) -> Any:
        """Deprecated: `view_at(section, item)`, the view attached to a loaded item."""
        warnings.warn("Grid.view(section, item) is deprecated: use Grid.view_at(section, item)",
                      DeprecationWarning, stacklevel=2)
        return self.view_at(section, item)

    @_locked
    def stats(self) -> Stats:
        s = C.gl_stats()
        _check(self._lib.gl_grid_stats(self._h, byref(s)))
        return Stats(s.created, s.reused, s.live, s.queued)





class Transition:
    """A layout transition grid.transition started: progress(p) shows it at p (0...1), commit()
    makes its target the grid's layout and options, cancel() puts the grid back as it was. Each
    acts on its grid's running transition (GridStateError when none runs)."""

    def __init__(self, grid: Grid) -> None:
        self._grid = grid

    def progress(self, p: float) -> None:
        self._grid._transition_progress(p)

    def commit(self) -> None:
        self._grid._transition_commit()

    def cancel(self) -> None:
        self._grid._transition_cancel()
