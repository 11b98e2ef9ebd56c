"""Arguments checked and converted to the C parameters' types, each error naming the parameter
in Python's words: integers and numbers within their C type's range, insets, sizes, and a
section's sizes packed into a gl_size array.
"""

from __future__ import annotations

import ctypes
import operator
import struct
from ctypes import c_size_t
from itertools import chain
from typing import Any, Mapping, Optional, Tuple

from . import _lib as C
from ._errors import _type_error, _value_error


# The ranges of the C parameters' types. ctypes wraps an int that does not fit (2**64 + 1 becomes
# 1) and names a wrong type only by the argument's position, so every integer and number is
# checked here first, with the parameter's Python name.
_INT32_MIN, _INT32_MAX = -(1 << 31), (1 << 31) - 1
_INT64_MIN, _INT64_MAX = -(1 << 63), (1 << 63) - 1
_SIZE_T_MAX = (1 << (8 * ctypes.sizeof(c_size_t))) - 1
_C_TYPES = {(_INT32_MIN, _INT32_MAX): "int32", (_INT64_MIN, _INT64_MAX): "int64",
            (0, _SIZE_T_MAX): "size_t"}


def _integer(value: Any, what: str, lo: int = _INT64_MIN, hi: int = _INT64_MAX,
             returned: bool = False) -> int:
    """`value` as an int within lo...hi (the C parameter's type): TypeError naming `what` (a
    parameter, or with `returned` a callback) for anything but an integer (1.5 is not one; True
    is 1), OverflowError for one out of range."""
    if type(value) is int and lo <= value <= hi:
        return value
    try:
        i = operator.index(value)
    except TypeError:
        if returned:
            raise TypeError(f"{what} returned {type(value).__name__} {value!r}, "
                            f"expected an integer") from None
        raise _type_error(f"{what} must be an integer, "
                          f"not {type(value).__name__} {value!r}") from None
    if not lo <= i <= hi:
        kind = _C_TYPES.get((lo, hi))
        limits = f"({f'{kind}: ' if kind else ''}{lo}...{hi})"
        if returned:
            raise OverflowError(f"{what} returned {i}, which is out of range {limits}")
        raise OverflowError(f"{what} {i} is out of range {limits}")
    return i


def _real(value: Any, what: str) -> float:
    """`value` as a double: TypeError naming `what` for a non-number (strings included),
    OverflowError for an int too large for a double."""
    if type(value) is float:
        return value
    if isinstance(value, (str, bytes, bytearray)) or not hasattr(value, "__float__") and \
            not hasattr(value, "__index__"):
        raise _type_error(f"{what} must be a number, not {type(value).__name__} {value!r}")
    try:
        return float(value)
    except OverflowError:
        raise OverflowError(f"{what} {value} is out of range (a double)") from None
    except (TypeError, ValueError):
        raise _type_error(f"{what} must be a number, "
                          f"not {type(value).__name__} {value!r}") from None


def _insets(value: Any, what: str) -> C.gl_insets:
    if isinstance(value, Mapping):
        unknown = set(value) - {"top", "left", "bottom", "right"}
        if unknown:
            raise _type_error(f"{what}: unknown side {sorted(unknown)[0]!r} "
                              "(expected top, left, bottom, right)")
        return C.gl_insets(*(_real(value.get(k, 0), f"{what}: {k}")
                             for k in ("top", "left", "bottom", "right")))
    try:
        sides = tuple(value)
    except TypeError:
        raise _type_error(f"{what}: expected a number or 4 sides (top, left, bottom, right), "
                          f"not {type(value).__name__} {value!r}") from None
    if len(sides) != 4:
        raise _type_error(f"{what}: expected a number or 4 sides (top, left, bottom, right), "
                          f"got {len(sides)} values")
    return C.gl_insets(*(_real(v, f"{what}: {k}")
                         for v, k in zip(sides, ("top", "left", "bottom", "right"))))


def _size(value: Any, what: str) -> Tuple[float, float]:
    if isinstance(value, Mapping):
        return _real(value["w"], f"{what}: w"), _real(value["h"], f"{what}: h")
    try:
        w, h = value
    except (TypeError, ValueError):
        raise _type_error(f"{what}: expected a (w, h) pair, got {value!r}") from None
    return _real(w, f"{what}: w"), _real(h, f"{what}: h")


def _pack_sizes(sizes: Any, what: str = "sizes") -> Tuple[Any, int]:
    """The sizes as a ctypes array of gl_size (or None when empty) and their count. Flat float64
    buffers are used in place (array('d'), writable memoryviews) or copied once."""
    if not isinstance(sizes, (list, tuple)):
        try:
            view: Optional[memoryview] = memoryview(sizes)
        except TypeError:
            view = None
        if view is None:
            sizes = list(sizes)
        else:
            if view.format.lstrip("@=<") != "d":
                raise _type_error(f"{what}: a buffer must hold float64 ('d'), not {view.format!r}")
            if not view.c_contiguous:
                raise _value_error(f"{what}: the buffer must be C-contiguous")
            if view.ndim == 2 and view.shape[1] != 2:
                raise _value_error(f"{what}: a 2-D buffer must have shape (n, 2), not {view.shape}")
            doubles = view.nbytes // 8
            if doubles % 2:
                raise _value_error(f"{what}: a flat buffer needs an even number of doubles "
                                 f"(w0, h0, w1, h1, ...), got {doubles}")
            n = doubles // 2
            if n == 0:
                return None, 0
            try:
                flat: Any = view.cast("B")
            except TypeError:  # a format memoryview cannot cast ("<d"): copy it
                return (C.gl_size * n).from_buffer_copy(view.tobytes()), n
            if view.readonly:
                return (C.gl_size * n).from_buffer_copy(flat), n
            return (C.gl_size * n).from_buffer(flat), n
    n = len(sizes)
    if n == 0:
        return None, 0
    try:
        lengths = set(map(len, sizes))
    except TypeError:
        lengths = {None}
    if lengths != {2}:
        bad = next(i for i, s in enumerate(sizes) if not hasattr(s, "__len__") or len(s) != 2)
        raise _type_error(f"{what}: item {bad} is {sizes[bad]!r}, expected a (w, h) pair")
    out = (C.gl_size * n)()
    try:
        struct.pack_into(f"{2 * n}d", out, 0, *chain.from_iterable(sizes))
    except struct.error:
        bad = next(i for i, s in enumerate(sizes) if not _numbers(s))
        raise _type_error(f"{what}: item {bad} is {sizes[bad]!r}, expected numbers") from None
    return out, n


def _numbers(pair: Any) -> bool:
    try:
        struct.pack("2d", *pair)
        return True
    except (struct.error, TypeError):
        return False
