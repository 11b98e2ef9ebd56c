"""The records the API takes and returns: sizes, points, rectangles, insets, index paths, the
elements, events and changes a grid reports, drag and reuse statistics, and the sections
set_sections takes (Section, Uniform).

Every record but Uniform is a NamedTuple (a tuple: unpacks, compares and hashes as one; its
__slots__ is empty, so it has no __dict__). Uniform is a Sequence that stores no items.
"""

from __future__ import annotations

import collections.abc
from array import array
from typing import Any, List, Mapping, NamedTuple, Optional, Sequence, Union

from ._arguments import _SIZE_T_MAX, _integer, _size
from ._options import SizeLike


from ._vocabulary import Align, ChangeKind, EventKind, Kind  # noqa: E402  (generated)


class Size(NamedTuple):
    w: float
    h: float


class Point(NamedTuple):
    x: float
    y: float


class Rect(NamedTuple):
    x: float
    y: float
    w: float
    h: float


class Insets(NamedTuple):
    top: float
    left: float
    bottom: float
    right: float


class IndexPath(NamedTuple):
    section: int
    item: int


class Element(NamedTuple):
    """An item, a section's header, footer or background, or the loader, with its frame in
    content coordinates. `section` is None for the loader, `item` None for a header, a footer, a
    background or the loader. `pinned` is True
    for a sticky header or footer drawn pinned at the viewport's edge. During an animation or a drag the
    frame is where the element is drawn at this moment, `alpha` its opacity and `scale` its scale
    about the frame's centre (an inserted item fades in, a removed one fades and shrinks; both 1
    otherwise), and `dragged` is True for the item being dragged."""
    kind: Kind
    section: Optional[int]
    item: Optional[int]
    x: float
    y: float
    w: float
    h: float
    pinned: bool = False
    alpha: float = 1.0
    scale: float = 1.0
    dragged: bool = False

    @property
    def rect(self) -> Rect:
        return Rect(self.x, self.y, self.w, self.h)


class Change(NamedTuple):
    """How an insert, removal or move renumbers the items: the inserted or removed item
    (section, item), or a move from (section, item) to (to_section, to_item). For an insert or a
    removal, to_section and to_item repeat section and item."""
    kind: ChangeKind
    section: int
    item: int
    to_section: int
    to_item: int


class Event(NamedTuple):
    """What the grid reports after a call: `element` for loaded/unloaded (its frame is zero for
    unloaded) and the loader events, `page` for page_changed, `view` for an unloaded item whose
    attached view went to the reuse queue and for view_released (a view the full reuse queue let
    go: the grid no longer holds it), `change` for renumbered (the loaded items now have
    the index paths it gives; their views follow), inserted, removed, moved, drag_started (a move
    of the picked item to itself) and drag_ended (from the item's index path in the data to where
    it dropped)."""
    kind: EventKind
    element: Optional[Element] = None
    page: Optional[int] = None
    view: Any = None
    change: Optional[Change] = None


class Move(NamedTuple):
    """A kept item whose place changed: from its old index path to its new one."""
    from_: IndexPath
    to: IndexPath


class Diff(NamedTuple):
    """What Grid.apply found: the removed items (old index paths), the inserted ones (new index
    paths) and the kept ones that moved, each list ascending (moved by its new index paths)."""
    removed: List[IndexPath]
    inserted: List[IndexPath]
    moved: List[Move]


class Drag(NamedTuple):
    """A drag in progress: the dragged item's index path in the data, and the slot it would drop
    into."""
    origin: IndexPath
    target: IndexPath


class Stats(NamedTuple):
    created: int
    reused: int
    live: int
    queued: int


#: One section's item sizes: a sequence of (w, h) pairs, or a flat buffer of doubles
#: w0, h0, w1, h1, ... (array('d'), memoryview, a C-contiguous float64 array of shape (n, 2)).
Sizes = Union[Sequence[SizeLike], array, memoryview]


class Uniform(collections.abc.Sequence):  # type: ignore[type-arg]
    """`count` items of one size, without storing them: a section for set_sections, e.g.
    Uniform((100, 120), 10**9) with same_size=True. It reaches the library as its count and one
    size, never item by item."""

    __slots__ = ("size", "count")   # a record like the NamedTuples: no per-instance __dict__

    def __init__(self, size: SizeLike, count: int) -> None:
        w, h = _size(size, "Uniform: size")
        self.size = Size(w, h)
        self.count = _integer(count, "Uniform: count", 0, _SIZE_T_MAX)

    def __len__(self) -> int:
        return self.count

    def __getitem__(self, index: Any) -> Any:
        if isinstance(index, slice):
            return [self.size] * len(range(*index.indices(self.count)))
        i = index.__index__()
        if not -self.count <= i < self.count:
            raise IndexError(index)
        return self.size

    def __repr__(self) -> str:
        return f"Uniform({tuple(self.size)}, {self.count})"


class Section(NamedTuple):
    """One section for set_sections, with what it carries: its item sizes (as set_sizes takes
    them, or a Uniform), and optionally its header size (w, h), footer size, lanes (None or 0
    for the configuration's), spans (one per item: None, an int >= 1 or True) and options (a
    dict of its overrides of the grid's options, as set_data_source's `section` answers).
    set_sections may mix Sections with plain sections (their sizes alone). A field left None
    may come from set_sections' keyword of the same meaning instead (headers, lanes, footers,
    spans, section_options); a section may not give it both ways."""
    sizes: Sizes
    header: Optional[SizeLike] = None
    footer: Optional[SizeLike] = None
    lanes: Optional[int] = None
    spans: Optional[Sequence[Union[None, int, bool]]] = None
    options: Optional[Mapping[str, Any]] = None
