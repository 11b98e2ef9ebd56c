"""The data source adapter behind Grid.set_data_source: a gl_data_source whose callbacks are
ctypes trampolines over the Python callables (or constants) it was given.

A trampoline never lets an exception escape into ctypes, which would print and drop it and hand
the library an undefined status: the first exception of a library call is recorded on the grid
(Grid._run raises it once the library has returned) and the callback answers an error status.
An answer of the wrong type or value is the callable's own TypeError or ValueError, naming it by
its set_data_source keyword.
"""

from __future__ import annotations

import ctypes
from typing import TYPE_CHECKING, Any, Callable, List, Mapping, Optional, Union

from . import _lib as C
from ._arguments import (_INT32_MAX, _INT32_MIN, _INT64_MAX, _INT64_MIN, _integer, _pack_sizes,
                         _size)
from ._config import _section_options
from ._errors import GridError, _counted, _returned, _status_name, _type_error
from ._options import SizeLike
from ._records import Sizes
from ._sigint import _interrupts

if TYPE_CHECKING:
    from .grid import Grid

#: A callback's body: the trampoline's arguments (ctx first, then the C callback's own), its
#: answer written through the out pointers; what it raises fails the library call.
Body = Callable[..., None]


class _Counter:
    """A count kept outside the grid's attributes (callbacks update it without Grid.__setattr__)."""
    __slots__ = ("n",)

    def __init__(self) -> None:
        self.n = 0


class _Failure:
    """The first exception a Python callback raised during one library call."""
    __slots__ = ("error",)

    def __init__(self) -> None:
        self.error: Optional[BaseException] = None


def _trampoline(grid: "Grid", body: Body) -> Callable[..., int]:
    """The function ctypes calls for one callback. Every exception, BaseException included, is
    recorded for the call to raise and becomes an error status: one that escaped would be printed
    and dropped by ctypes, and the library would get an undefined status. The grid's _failure is
    read at each call: each outermost library call starts a new one."""
    interrupts = _interrupts
    in_source = grid._in_source

    def callback(*args: Any) -> int:
        try:
            failure = grid._failure
            if failure.error is not None:
                return C.GL_ECALLBACK
            try:
                in_source.n += 1
                try:
                    body(*args)
                finally:
                    in_source.n -= 1
                if interrupts.pending is not None:
                    interrupts.deliver()
                return C.GL_OK
            except BaseException as e:
                if failure.error is None:
                    failure.error = e
                if isinstance(e, GridError) and e.status and not _status_name(e.status).startswith("gl_status "):
                    return e.status
                return C.GL_ECALLBACK
        except BaseException as e:  # one raised while the first was being recorded
            if grid._failure.error is None:
                grid._failure.error = e
            return C.GL_ECALLBACK
    return callback


class _Source:
    """A gl_data_source being filled, and the ctypes function objects its fields point at: the
    grid keeps `refs` for as long as the library may call them."""
    __slots__ = ("struct", "refs", "_grid")

    def __init__(self, grid: "Grid") -> None:
        self.struct = C.gl_data_source()
        self.struct.struct_size = ctypes.sizeof(C.gl_data_source)
        self.refs: List[Any] = []
        self._grid = grid

    def put(self, field: str, fntype: Any, body: Body) -> None:
        fn = fntype(_trampoline(self._grid, body))
        self.refs.append(fn)
        setattr(self.struct, field, fn)


def _returned_integer(value: Any, what: str, lo: int = _INT64_MIN, hi: int = _INT64_MAX) -> int:
    """An integer a callback returned, checked against the C type's range (lo...hi)."""
    return _integer(value, what, lo, hi, returned=True)


# ---- one callback each: the body for what set_data_source was given ----------------------------
# A constant is checked here, when set_data_source is called; a callable's answers at each call.


def _item_count(count: Union[int, Callable[[int], int]]) -> Body:
    if callable(count):
        return lambda ctx, s, out: out.__setitem__(0, _returned_integer(count(s), f"count({s})"))
    n = _integer(count, "set_data_source: count")
    return lambda ctx, s, out: out.__setitem__(0, n)


def _item_size(size: Callable[[int, int], SizeLike]) -> Body:
    def item_size(ctx: Any, s: int, i: int, out: Any) -> None:
        w, h = size(s, i)
        o = out[0]
        try:
            o.w = w
            o.h = h
        except (TypeError, OverflowError):  # raise it again naming the callback
            with _returned():
                o.w, o.h = _size((w, h), f"size({s}, {i})")
    return item_size


def _item_sizes(sizes: Callable[[int], Sizes]) -> Body:
    def item_sizes(ctx: Any, s: int, out: Any, n: int) -> None:
        value = sizes(s)
        with _returned():
            data, m = _pack_sizes(value, f"sizes({s})")
        if m != n:
            raise ValueError(f"sizes({s}) gave {_counted(m, 'size')}, count({s}) is {n}")
        if m:
            ctypes.memmove(out, data, m * ctypes.sizeof(C.gl_size))
    return item_sizes


def _section_count(sections: Union[int, Callable[[], int]]) -> Optional[Body]:
    """None for 1: without the callback the library lays out one section."""
    if callable(sections):
        return lambda ctx, out: out.__setitem__(0, _returned_integer(sections(), "sections()"))
    if sections == 1:
        return None
    k = _integer(sections, "set_data_source: sections")
    return lambda ctx, out: out.__setitem__(0, k)


def _optional_size(name: str, answer: Callable[[int], Optional[SizeLike]]) -> Body:
    """header(section) and footer(section): (w, h), or None for none."""
    def optional_size(ctx: Any, s: int, has: Any, out: Any) -> None:
        value = answer(s)
        if value is None:
            has[0] = 0
        else:
            with _returned():
                w, h = _size(value, f"{name}({s})")
            out[0] = C.gl_size(w, h)
            has[0] = 1
    return optional_size


def _flag(value: Union[bool, Callable[[], bool]]) -> Optional[Body]:
    """show_loader() and same_size(): a callable asked at each reload, or a constant; None for a
    false constant, the library's default."""
    if callable(value):
        return lambda ctx, out: out.__setitem__(0, 1 if value() else 0)
    if value:
        return lambda ctx, out: out.__setitem__(0, 1)
    return None


def _lanes(lanes: Union[int, Callable[[int], Optional[int]]]) -> Body:
    """lanes(section): a section's lanes, None (0 to the library) for the configuration's."""
    if callable(lanes):
        def lanes_of(ctx: Any, s: int, out: Any) -> None:
            value = lanes(s)
            out[0] = 0 if value is None else _returned_integer(value, f"lanes({s})", _INT32_MIN,
                                                               _INT32_MAX)
        return lanes_of
    n_lanes = _integer(lanes, "set_data_source: lanes", _INT32_MIN, _INT32_MAX)

    def constant(ctx: Any, s: int, out: Any) -> None:
        out[0] = n_lanes
    return constant


def _can_move_to_section(value: Union[bool, Callable[[int, int], bool]]) -> Optional[Body]:
    """None for a false constant, the library's default (a drag stays in its section)."""
    if callable(value):
        return lambda ctx, s, t, out: out.__setitem__(0, 1 if value(s, t) else 0)
    if value:
        return lambda ctx, s, t, out: out.__setitem__(0, 1)
    return None


def _style(style: Callable[[int, int], Optional[Mapping[str, str]]]) -> Body:
    """style(section, item): {"label": str, "fill": str}, either key left out, or None. The
    strings' bytes are kept until the next call: the library copies them before it asks again."""
    if not callable(style):
        raise _type_error(f"set_data_source: style must be callable or None, "
                          f"not {type(style).__name__} {style!r}")
    kept: List[Optional[bytes]] = []

    def style_of(ctx: Any, s: int, i: int, out: Any) -> None:
        answer = style(s, i)
        kept.clear()
        if answer is None:
            return
        if not isinstance(answer, Mapping):
            raise TypeError(f"style({s}, {i}) returned {type(answer).__name__} {answer!r}, "
                            f"expected a dict with 'label' and 'fill', or None")
        unknown = [key for key in answer if key not in ("label", "fill")]
        if unknown:
            raise TypeError(f"style({s}, {i}) returned the key {unknown[0]!r}, "
                            f"expected only 'label' and 'fill'")
        for key in ("label", "fill"):
            value = answer.get(key)
            if value is None:
                continue
            if not isinstance(value, str):
                raise TypeError(f"style({s}, {i}) returned {key} {type(value).__name__} "
                                f"{value!r}, expected a str")
            if "\0" in value:
                raise ValueError(f"style({s}, {i}) returned {key} {value!r}, which holds "
                                 f"a NUL character")
            data = value.encode("utf-8", "replace")
            kept.append(data)
            setattr(out[0], key, data)
    return style_of


def _span(span: Callable[[int, int], Union[None, int, bool]]) -> Body:
    """span(section, item): an int >= 1, True for every lane or column, or None for 1."""
    def span_of(ctx: Any, s: int, i: int, out: Any) -> None:
        value = span(s, i)
        if value is True:
            out[0] = C.GL_SPAN_ALL
        elif value is not None:
            if value is False:
                raise TypeError(f"span({s}, {i}) returned False, expected an integer "
                                f">= 1, True or None")
            n = _returned_integer(value, f"span({s}, {i})")
            # -1 is C's GL_SPAN_ALL, which Python spells True
            if n < 1:
                raise ValueError(f"span({s}, {i}) returned {n}, expected an integer "
                                 f">= 1, True or None")
            out[0] = n
    return span_of


def _section(section: Callable[[int], Optional[Mapping[str, Any]]]) -> Body:
    """section(section): the section's overrides of the grid's options, or None."""
    def section_options(ctx: Any, s: int, out: Any) -> None:
        value = section(s)
        with _returned():
            _section_options(value, f"section({s})", out[0])
    return section_options


# ---- the data source ------------------------------------------------------------------------------


def _data_source(
        grid: "Grid", count: Union[int, Callable[[int], int]],
        size: Optional[Callable[[int, int], SizeLike]],
        sizes: Optional[Callable[[int], Sizes]],
        sections: Union[int, Callable[[], int]],
        header: Optional[Callable[[int], Optional[SizeLike]]],
        show_loader: Union[bool, Callable[[], bool]],
        same_size: Union[bool, Callable[[], bool]],
        lanes: Union[None, int, Callable[[int], Optional[int]]],
        insert: Optional[Callable[[int, int], Any]],
        remove: Optional[Callable[[int, int], Any]],
        move: Optional[Callable[[int, int, int, int], Any]],
        can_move: Optional[Callable[[int, int], bool]],
        can_move_to_section: Union[bool, Callable[[int, int], bool]],
        style: Optional[Callable[[int, int], Optional[Mapping[str, str]]]],
        footer: Optional[Callable[[int], Optional[SizeLike]]],
        span: Optional[Callable[[int, int], Union[None, int, bool]]],
        section: Optional[Callable[[int], Optional[Mapping[str, Any]]]]) -> _Source:
    """The data source of Grid.set_data_source's arguments (see there), for the grid's library
    handle. A bad constant, or a style that is not callable, raises here."""
    source = _Source(grid)
    source.put("item_count", C.item_count_fn, _item_count(count))
    if size is not None:
        source.put("item_size", C.item_size_fn, _item_size(size))
    if sizes is not None:
        source.put("item_sizes", C.item_sizes_fn, _item_sizes(sizes))
    body = _section_count(sections)
    if body is not None:
        source.put("section_count", C.section_count_fn, body)
    if header is not None:
        source.put("header_size", C.header_size_fn, _optional_size("header", header))
    for field, fntype, value in (("show_loader", C.show_loader_fn, show_loader),
                                 ("same_size", C.same_size_fn, same_size)):
        body = _flag(value)
        if body is not None:
            source.put(field, fntype, body)
    if lanes is not None:
        source.put("lanes", C.lanes_fn, _lanes(lanes))
    if insert is not None:
        source.put("insert_item", C.insert_item_fn, lambda ctx, s, i: insert(s, i))
    if remove is not None:
        source.put("remove_item", C.remove_item_fn, lambda ctx, s, i: remove(s, i))
    if move is not None:
        source.put("move_item", C.move_item_fn, lambda ctx, s, i, ts, ti: move(s, i, ts, ti))
    if can_move is not None:
        source.put("can_move", C.can_move_fn,
                   lambda ctx, s, i, out: out.__setitem__(0, 1 if can_move(s, i) else 0))
    body = _can_move_to_section(can_move_to_section)
    if body is not None:
        source.put("can_move_to_section", C.can_move_to_section_fn, body)
    if style is not None:
        source.put("style", C.style_fn, _style(style))
    if footer is not None:
        source.put("footer_size", C.footer_size_fn, _optional_size("footer", footer))
    if span is not None:
        source.put("span", C.span_fn, _span(span))
    if section is not None:
        source.put("section_options", C.section_options_fn, _section(section))
    return source
