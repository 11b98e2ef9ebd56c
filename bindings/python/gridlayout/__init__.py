"""gridlayout: Python bindings (ctypes) of the gridlayout C library, a headless grid layout engine.

    from gridlayout import Grid
    with Grid(layout="lanes", width=320, height=480, lanes=3, spacing=10) as grid:
        grid.set_sizes([(100, 120)] * 10)
        grid.reload()
        grid.frame(0, 4)        # Rect(x=110.0, y=130.0, w=100.0, h=120.0)
        grid.visible()          # [Element(kind='item', section=0, item=0, ...), ...]

The library is found through $GRIDLAYOUT_LIBRARY (a path to libgridlayout.so), else next to this
package, else by the system loader. Sections, items and pages count from 0. Every option is a
keyword of Grid() and a property (grid.lanes = 4); errors are GridError subclasses that are
also ValueError, TypeError, IndexError, RuntimeError or MemoryError.
"""

from ._lib import GL_VERSION_STRING as HEADER_VERSION, LibraryNotFound
from ._errors import (GridCallbackError, GridError, GridIndexError, GridMemoryError,
                      GridStateError, GridTypeError, GridValueError)
from ._records import (Change, Diff, Drag, Element, Event, IndexPath, Insets, Move, Point, Rect,
                       Section, Size, Stats, Uniform)
from .grid import Grid, Option, Transition, library_path, library_version, options

__version__ = "1.2.0"   # the project's VERSION (Tests/packaging/test_version.py checks)

__all__ = [
    "Grid", "GridError", "GridValueError", "GridTypeError", "GridIndexError", "GridStateError",
    "GridCallbackError", "GridMemoryError", "LibraryNotFound", "Element", "Event", "Change",
    "Drag", "Diff", "Move", "Rect", "Size", "Point", "Insets", "IndexPath", "Stats", "Uniform", "Section",
    "Option", "options", "Transition", "library_version", "library_path", "HEADER_VERSION", "__version__",
]
