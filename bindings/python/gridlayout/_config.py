"""The options at run time: the library's description of them (Option, options()), a Grid
property for any option the generated GridOptions lacks, and an option's value read from a
gl_config or set on a grid; a section's overrides of them (gl_section_options).

The description is read once, by the first call that needs it (the first Grid, options(), or a
section's options). _CONFIG_FIELDS are the gl_config fields this binding declares: an option of
a newer library than the binding has none and is read and set by its name.
"""

from __future__ import annotations

import ctypes
import difflib
import numbers
import re
import threading
from ctypes import byref
from typing import (TYPE_CHECKING, Any, Callable, Dict, Literal, Mapping, NamedTuple, Optional,
                    Tuple)

from . import _lib as C
from ._arguments import _INT32_MAX, _INT32_MIN, _insets, _integer, _real, _size
from ._errors import GridTypeError, _check, _type_error, _value_error
from ._options import GridOptions
from ._records import Insets, Size

if TYPE_CHECKING:
    from .grid import Grid


OptionKind = Literal["number", "integer", "bool", "choice", "insets", "size"]
_OPTION_KINDS: Tuple[OptionKind, ...] = ("number", "integer", "bool", "choice", "insets", "size")


class Option(NamedTuple):
    """One option of the engine as the library describes it (gl_option_describe): its Python
    keyword (the Grid property and the gl_config field, `row_height`), its name in the engine and
    in Lua (`rowHeight`), its kind, its range (number and integer: min...max, without min when
    min_exclusive), its default, its choices (a choice's values) and one line of documentation."""
    keyword: str
    name: str
    kind: OptionKind
    min: float
    max: float
    min_exclusive: bool
    default: Any
    choices: Tuple[str, ...]
    summary: str

    def expected(self) -> str:
        """What the option takes, in words."""
        if self.kind == "choice":
            return "one of " + ", ".join(map(repr, self.choices))
        if self.kind == "bool":
            return "True or False"
        if self.kind == "insets":
            return "a number, (top, left, bottom, right) or a dict of those keys"
        if self.kind == "size":
            return "a (w, h) pair"
        kind = "an integer" if self.kind == "integer" else "a number"
        if self.max < 1.7976931348623157e308:
            return f"{kind} in {_number(self.min)}...{_number(self.max)}"
        return f"{kind} {'>' if self.min_exclusive else '>='} {_number(self.min)}"


def _number(x: float) -> str:
    """A limit as the docs write it: whole numbers without a fraction."""
    return str(int(x)) if float(x).is_integer() else repr(x)


def _describe(lib: Any) -> Tuple[Option, ...]:
    """Every option, from the library's description, in its order."""
    found = []
    for index in range(lib.gl_option_count()):
        info = C.gl_option_info()
        _check(lib.gl_option_describe(index, byref(info)))
        kind = _OPTION_KINDS[info.type] if 0 <= info.type < len(_OPTION_KINDS) else "number"
        choices = tuple(info.choices[k].decode() for k in range(info.choice_count))
        if kind == "choice":
            default: Any = choices[int(info.default_number)]
        elif kind == "bool":
            default = info.default_number != 0
        elif kind == "integer":
            default = int(info.default_number)
        elif kind == "insets":
            d = info.default_insets
            default = Insets(d.top, d.left, d.bottom, d.right)
        elif kind == "size":
            default = Size(info.default_size.w, info.default_size.h)
        else:
            default = info.default_number
        found.append(Option(info.c_name.decode(), info.name.decode(), kind, info.min, info.max,
                            info.min_exclusive != 0, default, choices,
                            info.summary.decode()))
    # The summaries name options the engine's way (rowHeight): in Python's (row_height).
    renamed = {o.name: o.keyword for o in found if o.name != o.keyword}
    if renamed:
        pattern = re.compile(r"\b(" + "|".join(map(re.escape, renamed)) + r")\b")
        found = [o._replace(summary=pattern.sub(lambda m: renamed[m.group(1)], o.summary))
                 for o in found]
    return tuple(found)


_described: Optional[Dict[str, Option]] = None   # by keyword, in the library's order
_CONFIG_FIELDS = frozenset(name for name, _ in C.gl_config._fields_)
_describing = threading.Lock()


def _options() -> Dict[str, Option]:
    """The options by keyword. The first call (the first Grid) loads the library, reads its
    description and gives Grid a property for each option."""
    global _described
    if _described is None:
        with _describing:
            if _described is None:
                described = {o.keyword: o for o in _describe(C.lib())}
                for o in described.values():
                    _install_property(o)
                _described = described
    return _described


def options() -> Tuple[Option, ...]:
    """Every option of the engine, as the loaded library describes it."""
    return tuple(_options().values())


_option_properties: Dict[str, property] = {}   # the Grid properties made from the description


def _install_property(o: Option) -> None:
    """A property for an option of a newer library than this package's generated GridOptions."""
    if isinstance(getattr(GridOptions, o.keyword, None), property):
        return
    # Imported here: grid.py imports this module. The package has loaded grid.py before any
    # description is read (the package's __init__ imports it).
    from .grid import Grid
    existing = Grid.__dict__.get(o.keyword)
    if existing is not None and existing is not _option_properties.get(o.keyword):
        raise RuntimeError(f"the library's option {o.keyword!r} has the name of Grid.{o.keyword}")

    def get(self: "Grid") -> Any:
        return self._option(o.keyword)

    def set(self: "Grid", value: Any) -> None:
        self.configure(**{o.keyword: value})

    default = o.default if not isinstance(o.default, tuple) else tuple(o.default)
    made = property(get, set, doc=f"{o.summary}: {o.expected()}, by default {default!r}. "
                                  f"Setting it takes effect at the next reload, like "
                                  f"configure({o.keyword}=...).")
    _option_properties[o.keyword] = made
    setattr(Grid, o.keyword, made)


def _from_config(o: Option, config: Any, read: Callable[[bytes], float]) -> Any:
    """The option's value in a gl_config (the field named by its keyword). An option of a newer
    library than this binding's gl_config has no field here: `read` asks the library by name."""
    if o.keyword in _CONFIG_FIELDS:
        raw = getattr(config, o.keyword)
    else:
        raw = read(o.name.encode())
        if o.kind in ("choice", "integer"):
            raw = int(raw)
    if o.kind == "choice":
        return o.choices[raw] if 0 <= raw < len(o.choices) else raw
    if o.kind == "bool":
        return bool(raw)
    if o.kind == "integer":
        return int(raw)
    if o.kind == "insets":
        return Insets(raw.top, raw.left, raw.bottom, raw.right)
    if o.kind == "size":
        return Size(raw.w, raw.h)
    if raw != raw:      # NaN: no value (spacing when line_spacing and item_spacing differ)
        return None
    return raw


def _set_option(lib: Any, h: Optional[int], o: Option, value: Any) -> None:
    """Sets the option on the grid `h` (configure's one step): a wrong type is a GridTypeError
    naming the option and what it takes, a bad value the library's GridValueError."""
    kind, key = o.kind, o.keyword
    name = o.name.encode()

    def wrong_type() -> GridTypeError:
        return _type_error(f"option {key!r}: {type(value).__name__} {value!r} is not "
                           f"{o.expected()}")

    if kind == "choice":
        if not isinstance(value, str):
            raise wrong_type()
        _check(lib.gl_grid_set_option_string(h, name, value.encode()))
    elif kind == "bool":
        if not isinstance(value, numbers.Integral):
            raise wrong_type()
        if value not in (0, 1):
            raise _value_error(f"option {key!r}: {value!r} is invalid (expected True or False)")
        _check(lib.gl_grid_set_option_number(h, name, 1.0 if value else 0.0))
    elif kind in ("number", "integer") or kind == "insets" and \
            isinstance(value, numbers.Real) and not isinstance(value, bool):
        if isinstance(value, (str, bytes)) or not isinstance(value, numbers.Real):
            raise wrong_type()
        number = _real(value, f"option {key!r}:")
        if isinstance(value, numbers.Integral) and number != value:
            # the library takes a double: this integer would arrive as another one
            raise OverflowError(f"option {key!r}: {value} is out of range "
                                f"(no double holds it exactly)")
        _check(lib.gl_grid_set_option_number(h, name, number))
    elif kind in ("insets", "size"):
        if value is None or isinstance(value, (str, bytes, bool, numbers.Number)) or \
                key not in _CONFIG_FIELDS:     # (a newer library's: only by number)
            raise wrong_type()
        config = C.gl_config()
        config.struct_size = ctypes.sizeof(C.gl_config)
        _check(lib.gl_grid_get_config(h, byref(config)))
        setattr(config, key, _insets(value, key) if kind == "insets"
                else C.gl_size(*_size(value, key)))
        _check(lib.gl_grid_set_config(h, byref(config)))
    else:
        raise wrong_type()


_SECTION_BITS = dict(C.SECTION_OPTION_BITS)


def _section_options(value: Any, what: str, out: Any, returned: str = " returned") -> None:
    """Writes the overrides `value` (a mapping, or None for none) into the gl_section_options
    `out`: keys by keyword or engine name, values as configure takes them. A wrong key or type is a
    GridValueError or GridTypeError naming `what` (a data source callback turns them into its own
    ValueError and TypeError); a bad value of the right type reaches the library, whose message
    names the section, the option and the value."""
    if value is None:
        return
    if not isinstance(value, Mapping):
        raise _type_error(f"{what}{returned} {type(value).__name__} {value!r}, expected a dict of "
                          f"options or None")
    described = _options()
    by_name = {o.name: o for o in described.values()}
    for key, v in value.items():
        o = (described.get(key) or by_name.get(key)) if isinstance(key, str) else None
        if o is None or o.keyword not in _SECTION_BITS:
            raise _value_error(f"{what}{returned} an unknown key {key!r} (expected one of "
                               f"{', '.join(_SECTION_BITS)})")
        field = f"{what}[{key!r}]"
        if o.kind == "choice":
            if not isinstance(v, str):
                raise _type_error(f"{field}: {type(v).__name__} {v!r} is not {o.expected()}")
            if v not in o.choices:
                close = difflib.get_close_matches(v, o.choices, 1)
                hint = f" (did you mean {close[0]!r}?)" if close else ""
                raise _value_error(f"{field}: {v!r} is invalid (expected {o.expected()}){hint}")
            raw: Any = o.choices.index(v)
        elif o.kind == "integer":
            if isinstance(v, bool):
                raise _type_error(f"{field}: bool {v!r} is not {o.expected()}")
            raw = _integer(v, field, _INT32_MIN, _INT32_MAX)
        elif o.kind == "bool":
            if not isinstance(v, bool):
                raise _type_error(f"{field}: {type(v).__name__} {v!r} is not {o.expected()}")
            raw = int(v)
        elif o.kind == "insets":
            raw = C.gl_insets(*([_real(v, field)] * 4)) if isinstance(v, numbers.Real) and \
                not isinstance(v, bool) else _insets(v, field)
        else:
            if isinstance(v, bool):
                raise _type_error(f"{field}: bool {v!r} is not {o.expected()}")
            raw = _real(v, field)
        setattr(out, o.keyword, raw)
        out.set |= _SECTION_BITS[o.keyword]
