"""The bulk data behind Grid.set_sections: each section's sizes, header, lanes and composition
packed into the library's tables (gl_section, gl_section_composition), and handed to the one of
gl_grid_set_sections, _uniform or _composed that takes them.

The library copies the tables during the call: the packed arrays need to live only until it
returns. Everything is checked before the call, so a bad section leaves the previous data.
"""

from __future__ import annotations

import ctypes
from ctypes import c_int, c_int64
from typing import Any, Dict, List, Mapping, Optional, Sequence, Tuple, Union

from . import _lib as C
from ._arguments import _INT32_MAX, _INT32_MIN, _integer, _pack_sizes, _size
from ._config import _section_options
from ._errors import _check, _counted, _type_error, _value_error
from ._records import Section, Sizes, Uniform


def _check_counts(k: int, **given: Optional[Sequence[Any]]) -> None:
    """Each per-section keyword, when given, has one entry per section."""
    for name, values in given.items():
        if values is not None and len(values) != k:
            raise _value_error(f"{name}: {len(values)} given for {_counted(k, 'section')}")


# A Section's fields, each with the set_sections keyword that gives the same for every section.
_SECTION_FIELDS = (("header", "headers"), ("lanes", "lanes"), ("footer", "footers"),
                   ("spans", "spans"), ("options", "section_options"))


def _unpack(sections: Sequence[Union[Sizes, Section]], given: Dict[str, Optional[Sequence[Any]]],
            ) -> Tuple[Sequence[Sizes], Dict[str, Optional[Sequence[Any]]]]:
    """The Section records among `sections` in the keywords' form: each Section's sizes in
    its place, its other fields in the keyword lists `given` (by keyword, each with one entry
    per section or None), which it fills where the keyword left the section None. A field only
    Sections give makes its keyword's list, None for the other sections; a field no Section
    gives leaves its keyword as it was, so Sections pack as the keywords' form would. Without
    any Section, the arguments as they are."""
    records = [(s, section) for s, section in enumerate(sections) if isinstance(section, Section)]
    if not records:
        return sections, given  # type: ignore[return-value]  # no Section: every one is Sizes
    merged = dict(given)
    for field, keyword in _SECTION_FIELDS:
        fields = [(s, getattr(section, field)) for s, section in records
                  if getattr(section, field) is not None]
        if not fields:
            continue
        column = given[keyword]
        values = list(column) if column is not None else [None] * len(sections)
        for s, value in fields:
            if values[s] is not None:
                raise _value_error(f"section {s}: its Section gives {field} and so does "
                                   f"{keyword}[{s}] (give it one way)")
            values[s] = value
        merged[keyword] = values
    plain = [section.sizes if isinstance(section, Section) else section for section in sections]
    return plain, merged


def _compose(out: Any, s: int, n: int, footers: Any, spans: Any, options: Any) -> Any:
    """Fills section s's gl_section_composition; returns what must live until the library has
    copied it."""
    out.struct_size = ctypes.sizeof(C.gl_section_composition)
    keep: List[Any] = []
    if footers is not None and footers[s] is not None:
        out.has_footer = 1
        out.footer = C.gl_size(*_size(footers[s], f"footer of section {s}"))
    if spans is not None and spans[s] is not None:
        given = spans[s]
        if len(given) != n:
            raise _value_error(f"spans[{s}]: {len(given)} spans for {n} items (expected one per item)")
        values = (c_int64 * max(n, 1))()
        for i, v in enumerate(given):
            if v is True:
                values[i] = C.GL_SPAN_ALL
            elif v is None:
                values[i] = 1
            elif v is False or isinstance(v, bool):
                raise _type_error(f"spans[{s}][{i}]: False is not an integer >= 1, True or None")
            else:
                values[i] = _integer(v, f"spans[{s}][{i}]")
                # -1 is C's GL_SPAN_ALL, which Python spells True
                if values[i] < 1:
                    raise _value_error(f"spans[{s}][{i}]: {values[i]} is not an integer >= 1, "
                                       f"True or None")
        out.spans = ctypes.cast(values, ctypes.POINTER(c_int64))
        keep.append(values)
    if options is not None and options[s] is not None:
        o = C.gl_section_options()
        o.struct_size = ctypes.sizeof(C.gl_section_options)
        _section_options(options[s], f"section_options[{s}]", o, returned=":")
        out.options = ctypes.pointer(o)
        keep.append(o)
    return keep


def _pack_section(entry: Any, s: int, sizes: Sizes, same_size: bool) -> Tuple[Any, int]:
    """Fills section s's sizes and count into its gl_section `entry`; returns the packed sizes,
    which must live until the library has copied them, and the count. A Uniform section and a
    same_size one are packed as their first size only."""
    if isinstance(sizes, Uniform):
        n = sizes.count
        data, _ = _pack_sizes([sizes.size] if n else [], f"section {s}")
    elif same_size:
        n = len(sizes)
        data, _ = _pack_sizes([sizes[0]] if n else [], f"section {s}")
    else:
        data, n = _pack_sizes(sizes, f"section {s}")
    if n:
        entry.sizes = ctypes.cast(data, ctypes.POINTER(C.gl_size))
    entry.count = n
    return data, n


def _set_sections(lib: Any, h: Optional[int], sections: Sequence[Union[Sizes, Section]],
                  headers: Optional[Sequence[Any]], lanes: Optional[Sequence[Optional[int]]],
                  show_loader: bool, same_size: bool, footers: Optional[Sequence[Any]],
                  spans: Optional[Sequence[Optional[Sequence[Union[None, int, bool]]]]],
                  section_options: Optional[Sequence[Optional[Mapping[str, Any]]]]) -> None:
    """Gives the grid `h` set_sections' data (see Grid.set_sections)."""
    k = len(sections)
    _check_counts(k, headers=headers, lanes=lanes, footers=footers, spans=spans,
                  section_options=section_options)
    sections, given = _unpack(sections, {"headers": headers, "lanes": lanes, "footers": footers,
                                         "spans": spans, "section_options": section_options})
    headers, lanes, footers = given["headers"], given["lanes"], given["footers"]
    spans, section_options = given["spans"], given["section_options"]
    composition = None
    if footers is not None or spans is not None or section_options is not None:
        composition = (C.gl_section_composition * max(k, 1))()
    table = (C.gl_section * max(k, 1))()
    uniform = (c_int * max(k, 1))()
    any_uniform = False
    keep = []
    for s, sizes in enumerate(sections):
        entry = table[s]
        data, n = _pack_section(entry, s, sizes, same_size)
        keep.append(data)
        if isinstance(sizes, Uniform):
            uniform[s] = 1
            any_uniform = True
        if headers is not None and headers[s] is not None:
            entry.has_header = 1
            entry.header = C.gl_size(*_size(headers[s], f"header of section {s}"))
        if lanes is not None and lanes[s] is not None:
            entry.lanes = _integer(lanes[s], f"set_sections: lanes[{s}]", _INT32_MIN, _INT32_MAX)
        if composition is not None:
            keep.append(_compose(composition[s], s, n, footers, spans, section_options))
    flags = (C.GL_SHOW_LOADER if show_loader else 0) | (C.GL_SAME_SIZE if same_size else 0)
    # With GL_SAME_SIZE every section is one size already: no uniform array.
    _check(lib.gl_grid_set_sections_composed(h, table, k, flags,
                                             uniform if any_uniform and not same_size else None, composition))
