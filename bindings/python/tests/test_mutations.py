"""Inserts, removals, moves, the animation clock and drags from Python: exact frames, the order of
callbacks and events, queueing, views that follow their items, and bad input.

The grid (as Tests/GridLayoutTests/MutationTests.swift): two lanes 100 wide with 10 between
(viewport 210 x 200), items 100 x 50 spaced 10 along y, so item i sits in lane i % 2 at
y = 60 (i // 2). animation_duration 0.25 and steps of 0.125 keep every number exact.
"""

import math

import pytest

from gridlayout import Change, Drag, Event, Grid, GridError, IndexPath, _lib


class Model:
    """A list of item ids per section that performs the grid's mutations and logs every call and
    event in order; a newly loaded item gets a view showing its data item's id."""

    def __init__(self, *counts, adds_inserted=True):
        self.ids = []
        self.next_id = 0
        for n in counts:
            self.ids.append(list(range(self.next_id, self.next_id + n)))
            self.next_id += n
        self.adds_inserted = adds_inserted
        self.fixed = set()
        self.log = []
        self.grid = None

    def insert(self, section, item):
        self.log.append(f"insert {section}.{item}")
        if self.adds_inserted:
            self.ids[section].insert(item, self.next_id)
            self.next_id += 1

    def remove(self, section, item):
        self.log.append(f"remove {section}.{item}")
        del self.ids[section][item]

    def move(self, section, item, to_section, to_item):
        self.log.append(f"move {section}.{item} {to_section}.{to_item}")
        self.ids[to_section].insert(to_item, self.ids[section].pop(item))

    def on_event(self, e: Event):
        if e.change is not None:
            c = e.change
            self.log.append(f"{e.kind} {c.kind} {c.section}.{c.item} {c.to_section}.{c.to_item}")
            return
        if e.kind in ("loaded", "unloaded") and e.element.kind == "item":
            self.log.append(f"{e.kind} {e.element.section}.{e.element.item}")
        if e.kind == "loaded" and e.element.kind == "item":
            data = self.grid.data_index_path(e.element.section, e.element.item)
            view = self.grid.dequeue() or {}
            view["id"] = self.ids[data.section][data.item]
            self.grid.attach_view(e.element.section, e.element.item, view)

    def take_log(self):
        log, self.log = self.log, []
        return log

    def views_follow(self):
        return all(self.grid.view_at(e.section, e.item)["id"] == self.ids[e.section][e.item]
                   for e in self.grid.visible() if e.kind == "item")


def list_grid(*counts, **options):
    model = Model(*counts)
    grid = Grid(width=210, height=200, lanes=2, spacing=10, animation_duration=0.25, **options)
    model.grid = grid
    grid.set_data_source(lambda s: len(model.ids[s]), lambda s, i: (100, 50),
                         sections=len(counts), insert=model.insert, remove=model.remove,
                         move=model.move, can_move=lambda s, i: (s, i) not in model.fixed)
    grid.set_event_handler(model.on_event)
    grid.reload()
    model.take_log()
    return grid, model


def drawn(grid):
    """The drawn items as "item x,y[ aALPHA][ sSCALE][ dragged]"."""
    def fmt(v):
        return str(int(v)) if v == int(v) else repr(v)
    out = []
    for e in grid.visible():
        text = f"{e.item} {fmt(e.x)},{fmt(e.y)}"
        if e.alpha != 1:
            text += f" a{fmt(e.alpha)}"
        if e.scale != 1:
            text += f" s{fmt(e.scale)}"
        if e.dragged:
            text += " dragged"
        out.append(text)
    return out


def test_options():
    with Grid() as grid:
        c = grid.config
        assert (c["animation_duration"], c["sort"], c["drag_hysteresis"], c["auto_scroll_margin"],
                c["auto_scroll_speed"]) == (0.2, False, 10, 40, 600)
        grid.configure(animation_duration=0.5, sort=True, drag_hysteresis=4, autoScrollMargin=30,
                       auto_scroll_speed=100)
        c = grid.config
        assert (c["animation_duration"], c["sort"], c["drag_hysteresis"], c["auto_scroll_margin"],
                c["auto_scroll_speed"]) == (0.5, True, 4, 30, 100)
        with pytest.raises(GridError) as info:
            grid.configure(animation_duration=-1)
        assert info.value.message == \
            "option 'animation_duration': -1 is invalid (expected a finite number >= 0)"
        with pytest.raises(GridError, match="option 'sort': 2 is invalid"):
            grid.configure(sort=2)


def test_insert_frames():
    grid, model = list_grid(4)
    assert drawn(grid) == ["0 0,0", "1 110,0", "2 0,60", "3 110,60"]
    assert not grid.is_animating
    grid.insert(0, 0)
    assert model.take_log() == ["insert 0.0", "renumbered insert 0.0 0.0", "loaded 0.0"]
    assert model.ids == [[4, 0, 1, 2, 3]]
    assert grid.is_animating
    assert grid.frame(0, 4) == (0, 120, 100, 50)          # the target layout at once
    # start, middle (eased 0.5), three quarters (eased 1 - 0.5**3 / 2), end
    assert drawn(grid) == ["0 0,0 a0", "1 0,0", "2 110,0", "3 0,60", "4 110,60"]
    grid.step(0.125)
    assert drawn(grid) == ["0 0,0 a0.5", "1 55,0", "2 55,30", "3 55,60", "4 55,90"]
    grid.step(0.0625)
    assert drawn(grid) == ["0 0,0 a0.9375", "1 103.125,0", "2 6.875,56.25", "3 103.125,60",
                           "4 6.875,116.25"]
    assert model.take_log() == []
    grid.step(0.0625)
    assert drawn(grid) == ["0 0,0", "1 110,0", "2 0,60", "3 110,60", "4 0,120"]
    assert model.take_log() == ["inserted insert 0.0 0.0"]
    assert not grid.is_animating
    assert model.views_follow()
    assert grid.stats().live == 5

    grid.insert(0, 5, animated=False)
    assert model.take_log() == ["insert 0.5", "renumbered insert 0.5 0.5", "loaded 0.5",
                                "inserted insert 0.5 0.5"]
    assert model.views_follow()


def test_insert_of_an_item_the_data_has_already():
    model = Model(3, adds_inserted=False)
    with Grid(width=210, height=200, lanes=2, spacing=10) as grid:
        sizes = [(100, 50)] * 3
        grid.set_data_source(lambda s: len(sizes), lambda s, i: sizes[i], insert=model.insert)
        grid.reload()
        sizes.insert(1, (100, 20))
        grid.insert(0, 1, animated=False)
        assert model.log == ["insert 0.1"]
        assert grid.frame(0, 1) == (110, 0, 100, 20)
        sizes.insert(0, (100, 20))
        grid.configure(animation_duration=0)                # 0: every mutation at once
        grid.insert(0, 0)
        assert not grid.is_animating and grid.item_count(0) == 5


def test_removal_fades_then_asks_the_data_source_then_slides():
    grid, model = list_grid(4)
    grid.remove(0, 1)
    assert model.take_log() == []                         # the item fades first
    grid.step(0.125)
    assert drawn(grid) == ["0 0,0", "1 110,0 a0.5 s0.5", "2 0,60", "3 110,60"]
    assert model.take_log() == [] and model.ids == [[0, 1, 2, 3]]
    grid.step(0.125)
    assert model.take_log() == ["remove 0.1", "unloaded 0.1", "renumbered remove 0.1 0.1"]
    assert model.ids == [[0, 2, 3]]
    assert drawn(grid) == ["0 0,0", "1 0,60", "2 110,60"]
    grid.step(0.125)
    assert drawn(grid) == ["0 0,0", "1 55,30", "2 55,60"]
    grid.step(0.125)
    assert drawn(grid) == ["0 0,0", "1 110,0", "2 0,60"]
    assert model.take_log() == ["removed remove 0.1 0.1"]
    assert model.views_follow()


def test_queued_mutations_run_in_order():
    grid, model = list_grid(4)
    grid.insert(0, 0)                                     # 5 items planned
    grid.remove(0, 2)                                     # 4
    grid.move(0, 0, 0, 3)                                 # 4
    with pytest.raises(GridError) as info:
        grid.remove(0, 4)
    assert info.value.status == _lib.GL_ERANGE
    assert info.value.message == ("remove: item (section 0, item 4) is out of range: section 0 "
                                  "has 4 items (remove takes items 0...3)")
    assert model.take_log() == ["insert 0.0", "renumbered insert 0.0 0.0", "loaded 0.0"]
    grid.step(10)
    assert model.take_log() == [
        "remove 0.2", "move 0.0 0.3",
        "inserted insert 0.0 0.0", "unloaded 0.2", "renumbered remove 0.2 0.2",
        "removed remove 0.2 0.2", "renumbered move 0.0 0.3", "moved move 0.0 0.3"]
    assert model.ids == [[0, 2, 3, 4]]
    assert not grid.is_animating
    assert model.views_follow()


def test_move_frames():
    grid, model = list_grid(5)
    grid.move(0, 0, 0, 4)
    assert model.take_log() == ["move 0.0 0.4", "renumbered move 0.0 0.4"]
    assert drawn(grid) == ["0 110,0", "1 0,60", "2 110,60", "3 0,120", "4 0,0"]
    grid.step(0.125)
    assert drawn(grid) == ["0 55,0", "1 55,30", "2 55,60", "3 55,90", "4 0,60"]
    grid.step(0.125)
    assert drawn(grid) == ["0 0,0", "1 110,0", "2 0,60", "3 110,60", "4 0,120"]
    assert model.take_log() == ["moved move 0.0 0.4"]
    assert model.ids == [[1, 2, 3, 4, 0]] and model.views_follow()


def test_drag_moves_the_item_once():
    grid, model = list_grid(6, sort=True)
    assert grid.drag is None
    assert grid.begin_drag(50, 25) == IndexPath(0, 0)
    assert model.take_log() == ["drag_started move 0.0 0.0"]
    assert drawn(grid)[0] == "0 0,0 dragged"
    grid.drag_to(160, 85)                                 # over slot 3
    assert grid.drag == Drag(IndexPath(0, 0), IndexPath(0, 3))
    assert drawn(grid) == ["0 110,0", "1 0,60", "2 110,60", "3 110,60 dragged", "4 0,120",
                           "5 110,120"]
    assert grid.data_index_path(0, 3) == (0, 0) and grid.data_index_path(0, 0) == (0, 1)
    with pytest.raises(GridError) as info:
        grid.insert(0, 0)
    assert info.value.status == _lib.GL_ESTATE and info.value.name == "GL_ESTATE"
    assert info.value.message == "insert: not allowed during a drag (call end_drag first)"
    model.take_log()
    grid.end_drag()
    assert model.take_log() == ["move 0.0 0.3", "drag_ended move 0.0 0.3"]
    assert model.ids == [[1, 2, 3, 0, 4, 5]]
    assert grid.drag is None
    grid.step(0.25)
    assert drawn(grid) == ["0 0,0", "1 110,0", "2 0,60", "3 110,60", "4 0,120", "5 110,120"]
    assert model.views_follow()

    # Dropped where it began: no move at all.
    assert grid.begin_drag(160, 25) == IndexPath(0, 1)
    grid.drag_to(50, 145)                                 # over slot 4
    assert grid.drag.target == (0, 4)
    grid.drag_to(160, 25)                                 # back
    grid.end_drag()
    assert [line for line in model.take_log() if not line.startswith("renumbered")] == \
        ["drag_started move 0.1 0.1", "drag_ended move 0.1 0.1"]
    assert model.ids == [[1, 2, 3, 0, 4, 5]]

    # Nothing there, or can_move says no.
    assert grid.begin_drag(105, 25) is None               # the gap between the lanes
    model.fixed.add((0, 2))
    assert grid.begin_drag(50, 85) is None
    assert grid.drag is None


@pytest.mark.parametrize("call, message", [
    (lambda g: g.drag_to(1, 1), "drag_to: no drag is in progress (call begin_drag first)"),
    (lambda g: g.end_drag(), "end_drag: no drag is in progress (call begin_drag first)"),
])
def test_drag_calls_out_of_turn(call, message):
    grid, _ = list_grid(4, sort=True)
    with pytest.raises(GridError) as info:
        call(grid)
    assert (info.value.status, info.value.message) == (_lib.GL_ESTATE, message)
    grid.configure(sort=False)
    with pytest.raises(GridError) as info:
        grid.begin_drag(50, 25)
    assert (info.value.status, info.value.message) == \
        (_lib.GL_ESTATE, "begin_drag: sorting is off (set the option 'sort' to true)")


@pytest.mark.parametrize("call, status, message", [
    (lambda g: g.step(math.nan), _lib.GL_EINVAL,
     "step: time nan is invalid (expected a finite number of seconds >= 0)"),
    (lambda g: g.step(-1), _lib.GL_EINVAL,
     "step: time -1 is invalid (expected a finite number of seconds >= 0)"),
    (lambda g: g.step(math.inf), _lib.GL_EINVAL,
     "step: time inf is invalid (expected a finite number of seconds >= 0)"),
    (lambda g: g.begin_drag(math.nan, 5), _lib.GL_EINVAL,
     "drag point (nan, 5) is invalid (expected finite numbers)"),
    (lambda g: g.insert(0, 5), _lib.GL_ERANGE,
     "insert: item (section 0, item 5) is out of range: section 0 has 4 items "
     "(insert takes items 0...4)"),
    (lambda g: g.insert(2, 0), _lib.GL_ERANGE,
     "insert: item (section 2, item 0) is out of range: the grid has 2 sections"),
    (lambda g: g.remove(0, -1), _lib.GL_ERANGE,
     "remove: item (section 0, item -1) is out of range: section 0 has 4 items "
     "(remove takes items 0...3)"),
    (lambda g: g.move(0, 0, 1, 3), _lib.GL_ERANGE,
     "move: destination item (section 1, item 3) is out of range: section 1 has 2 items "
     "(the destination takes items 0...2)"),
    (lambda g: g.data_index_path(0, 4), _lib.GL_ERANGE,
     "item (section 0, item 4) is out of range: section 0 has 4 items"),
])
def test_bad_input(call, status, message):
    grid, model = list_grid(4, 2, sort=True)
    with pytest.raises(GridError) as info:
        call(grid)
    assert (info.value.status, info.value.message) == (status, message)
    assert model.log == [] and not grid.is_animating and grid.drag is None


def test_a_raising_callback_fails_the_mutation_and_keeps_the_layout():
    grid, model = list_grid(4)

    def broken(section, item):
        raise ValueError("no room")
    grid.set_data_source(lambda s: len(model.ids[s]), lambda s, i: (100, 50), remove=broken)
    grid.remove(0, 1)
    grid.step(0.125)
    with pytest.raises(GridError) as info:
        grid.step(0.125)
    assert info.value.status == _lib.GL_ECALLBACK
    assert info.value.message == ("data source 'remove' failed for item (section 0, item 1): "
                                  "ValueError: no room")
    assert isinstance(info.value.__cause__, ValueError)
    assert not grid.is_animating and grid.item_count(0) == 4
    assert drawn(grid) == ["0 0,0", "1 110,0", "2 0,60", "3 110,60"]


def test_forgotten_removal_is_a_data_error():
    grid, model = list_grid(4)
    grid.set_data_source(lambda s: len(model.ids[s]), lambda s, i: (100, 50),
                         remove=lambda s, i: None)
    with pytest.raises(GridError) as info:
        grid.remove(0, 1, animated=False)
    assert info.value.status == _lib.GL_EDATA
    assert info.value.message == (
        "remove item (section 0, item 1): data source 'count' returned 4 for section 0 afterwards, "
        "expected 3 (the data source's 'remove' must drop the item); the layout is unchanged")
    assert grid.item_count(0) == 4


def test_several_mutations_in_one_step_keep_views_on_their_items():
    grid, model = list_grid(2)
    grid.insert(0, 2)
    grid.insert(0, 0, animated=False)
    grid.insert(0, 0, animated=False)
    grid.step(0.25)
    assert model.ids == [[4, 3, 0, 1, 2]]
    assert model.views_follow()
    assert grid.view_at(0, 1)["id"] == 3


def test_cross_section_moves_and_bulk_data():
    grid, model = list_grid(2, 2, sort=True)
    grid.set_data_source(lambda s: len(model.ids[s]), lambda s, i: (100, 50), sections=2,
                         move=model.move, can_move_to_section=True)
    grid.reload()
    assert grid.begin_drag(50, 25) == (0, 0)
    grid.drag_to(50, 85)                                  # section 1's first slot
    assert grid.drag.target == (1, 0)
    grid.end_drag()
    assert model.ids == [[1], [0, 2, 3]]

    with Grid(width=210, lanes=2, spacing=10) as bulk:
        bulk.set_sizes([(100, 50), (100, 10), (100, 20), (100, 30)])
        bulk.reload()
        bulk.move(0, 0, 0, 3, animated=False)             # 10, 20, 30, 50
        assert bulk.frame(0, 3) == (110, 30, 100, 50)
        bulk.remove(0, 0)
        bulk.step(1)
        assert bulk.item_count(0) == 3 and bulk.frame(0, 2) == (0, 30, 100, 50)
        with pytest.raises(GridError, match="add the item to the data before insert"):
            bulk.insert(0, 0)
        bulk.set_sizes([(100, 40), (100, 20), (100, 30), (100, 50)])
        bulk.insert(0, 0, animated=False)
        assert bulk.frame(0, 3) == (0, 50, 100, 50)


def test_auto_scroll_while_dragging():
    grid, model = list_grid(20, sort=True)
    assert grid.begin_drag(50, 85) == (0, 2)
    grid.drag_to(50, 180)                                 # 20 from the edge: half speed
    grid.step(0.25)
    assert grid.offset() == (0, 75)
    grid.step(10)
    assert grid.offset() == (0, 390)
    grid.end_drag()
    grid.step(1)
    assert [line for line in model.log if line.startswith("move ")] == ["move 0.2 0.18"]
    assert model.views_follow()


def test_closed_grid():
    grid, _ = list_grid(2)
    grid.close()
    for call in (lambda: grid.insert(0, 0), lambda: grid.step(0.1), lambda: grid.is_animating,
                 lambda: grid.begin_drag(1, 1), lambda: grid.drag, lambda: grid.end_drag()):
        with pytest.raises(GridError) as info:
            call()
        assert info.value.status == _lib.GL_EHANDLE


def test_event_records():
    assert Event("inserted", change=Change("insert", 0, 1, 0, 1)).change.to_item == 1
