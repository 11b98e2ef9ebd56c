"""GridError, its subclasses, and the checks that raise them.

A failed library call raises the GridError subclass its status fits, with the library's message
(gl_last_error) and the status's C name as the library gives it (gl_status_name). The Python
layer's own checks raise the same classes, with status GL_EINVAL (`_type_error`, `_value_error`).
"""

from __future__ import annotations

import contextlib
import functools
from typing import Any, Dict

from . import _lib as C


def _counted(n: int, noun: str) -> str:
    """"1 section", "0 sections": counts in this binding's own messages."""
    return f"{n} {noun}" if n == 1 else f"{n} {noun}s"


@functools.lru_cache(maxsize=None)
def _status_name(status: int) -> str:
    """The status's C name, as the library names it (gl_status_name); a status it does not know
    is named by its number."""
    if not -(1 << 31) <= status < (1 << 31):
        return f"gl_status {status}"
    name = C.lib().gl_status_name(status)
    return name.decode() if name and name != b"GL_E?" else f"gl_status {status}"


class GridError(Exception):
    """A failed gridlayout call. `status` is the gl_status (an int, `name` its C name, e.g.
    "GL_EINVAL", or "gl_status 42" for one this binding does not know); `message` says what went
    wrong, in Python's names (callbacks by their set_data_source keywords, operations by their
    method names, options by their keywords, indices from 0).

    Every GridError is also the built-in exception its status fits, so code may catch either:
    GridValueError (ValueError: a bad argument, option or datum, GL_EINVAL, GL_EDATA),
    GridTypeError (TypeError: an argument of the wrong type), GridIndexError (IndexError: an index
    path, section or page out of range, GL_ERANGE), GridStateError (RuntimeError: the call is not
    allowed now, GL_ESTATE, GL_EBUSY, GL_ENOSOURCE, GL_EHANDLE), GridCallbackError (RuntimeError:
    a data source callback failed, GL_ECALLBACK; its exception is __cause__) and GridMemoryError
    (MemoryError: past the engine's storage limits, GL_ENOMEM). `GridError(status, message)`
    makes the subclass of the status."""

    def __new__(cls, status: int = 0, message: str = "", *args: Any) -> "GridError":
        if cls is GridError and status in _ERROR_CLASSES:
            kind = _ERROR_CLASSES[status]
            return kind.__new__(kind, status, message)   # type() then runs its __init__
        return super().__new__(cls, status, message)

    def __init__(self, status: int, message: str) -> None:
        super().__init__(message)
        self.status = status
        self.name = _status_name(status)
        self.message = message

    def __str__(self) -> str:
        # The message alone, as Python's own exceptions read; the C status is `name`, and repr.
        return self.message

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.name}, {self.message!r})"

    def __reduce__(self) -> Any:
        return (type(self), (self.status, self.message))


class GridValueError(GridError, ValueError):
    """A bad argument, option value or datum (GL_EINVAL, GL_EDATA)."""


class GridTypeError(GridError, TypeError):
    """An argument of the wrong type (status GL_EINVAL), raised by the Python layer."""


class GridIndexError(GridError, IndexError):
    """An index path, section or page out of range (GL_ERANGE)."""


class GridStateError(GridError, RuntimeError):
    """A call the grid's state does not allow now: begin_drag with sort off, a drag call out of
    turn, a change from inside a data source callback, a reload without data, a closed grid
    (GL_ESTATE, GL_EBUSY, GL_ENOSOURCE, GL_EHANDLE)."""


class GridCallbackError(GridError, RuntimeError):
    """A data source callback failed (GL_ECALLBACK); a Python callback's exception is __cause__."""


class GridMemoryError(MemoryError, GridError):  # MemoryError first: it has its own __new__
    """Past the engine's storage limits, or out of memory (GL_ENOMEM)."""
    __init__ = GridError.__init__
    __str__ = GridError.__str__
    __reduce__ = GridError.__reduce__


_ERROR_CLASSES: Dict[int, type] = {
    C.GL_EINVAL: GridValueError, C.GL_EDATA: GridValueError, C.GL_ERANGE: GridIndexError,
    C.GL_ESTATE: GridStateError, C.GL_EBUSY: GridStateError, C.GL_ENOSOURCE: GridStateError,
    C.GL_EHANDLE: GridStateError, C.GL_ECALLBACK: GridCallbackError, C.GL_ENOMEM: GridMemoryError,
}


def _type_error(message: str) -> GridTypeError:
    """A wrong type the Python layer found: a TypeError and a GridError (GL_EINVAL)."""
    return GridTypeError(C.GL_EINVAL, message)


def _value_error(message: str) -> GridError:
    """A bad value the Python layer found: a ValueError and a GridError (GL_EINVAL)."""
    return GridValueError(C.GL_EINVAL, message)


@contextlib.contextmanager
def _returned() -> Any:
    """Checks of a value a data source callback returned: a bad one is the callback's own
    TypeError or ValueError (the call's GridCallbackError has it as __cause__), not a GridError."""
    try:
        yield
    except GridTypeError as e:
        raise TypeError(e.message) from None
    except GridValueError as e:
        raise ValueError(e.message) from None


def _last_error() -> str:
    return C.lib().gl_last_error().decode("utf-8", "replace")


def _check(status: int) -> None:
    if status != C.GL_OK:
        raise GridError(status, _library_message(status))


def _library_message(status: int) -> str:
    """The library's last error for `status`, with what to call where the library cannot know
    Python's methods."""
    message = _last_error()
    if status == C.GL_ENOSOURCE:
        message += " (give the grid its data with set_sizes, set_sections or set_data_source)"
    return message
