"""Scrolling, paging, sticky headers, incremental reloads, events and view reuse."""

import random

import pytest

from gridlayout import Event, Grid, GridError, IndexPath, Point, Rect, Stats


def all_elements(grid):
    w, h = grid.content_size()
    return grid.elements_in((0, 0, w, h))


def test_scroll_clamps_and_scroll_to_item():
    with Grid(width=320, height=200, lanes=3, spacing=10) as grid:
        grid.set_sizes([(100, 120)] * 10)
        grid.reload()
        grid.scroll_to(0, 1e9)
        assert grid.offset() == Point(0, 310)          # 510 - 200
        grid.scroll_by(0, -400)
        assert grid.offset() == Point(0, 0)
        grid.scroll_to_item(0, 9, align="end")
        assert grid.offset() == (0, 390 + 120 - 200)
        grid.scroll_to_item(0, 6)                       # start
        assert grid.offset() == (0, 390 - 130)
        grid.scroll_to_item(0, 6, "center")
        assert grid.offset() == (0, 260 + 60 - 100)
        grid.scroll_to_item(0, 0, "nearest")
        assert grid.offset() == (0, 0)
        grid.scroll_to(0, 150)
        assert [e.item for e in grid.visible()] == [3, 4, 5, 6, 7, 8]   # 150...350
        assert grid.elements_in(Rect(0, 0, 320, 120)) == grid.elements_in((0, 0, 320, 120))
        assert [e.item for e in grid.elements_in((0, 0, 320, 120))] == [0, 1, 2]


def test_sticky_headers_are_pinned():
    with Grid(lanes=2, width=320, height=200, spacing=10, sticky_headers=True) as grid:
        grid.set_sections([[(100, 100)] * 6, [(100, 100)] * 6], headers=[(320, 30), (320, 30)])
        grid.reload()
        assert grid.header_frame(1) == (0, 370, 320, 30)
        grid.scroll_to(0, 100)
        headers = [e for e in grid.visible() if e.kind == "header"]
        assert [(e.section, e.y, e.pinned) for e in headers] == [(0, 100, True)]
        grid.scroll_to(0, 350)    # the next header pushes the pinned one out
        headers = [e for e in grid.visible() if e.kind == "header"]
        assert [(e.section, e.y, e.pinned) for e in headers] == [(0, 340, True), (1, 370, False)]
        grid.scroll_to(0, 380)
        headers = [e for e in grid.visible() if e.kind == "header"]
        assert [(e.section, e.y, e.pinned) for e in headers] == [(1, 380, True)]
        # elements_in reports headers at their laid-out place
        assert grid.elements_in((0, 0, 320, 30))[0].pinned is False


def test_paging_vertical_and_events():
    events = []
    with Grid(lanes=3, width=320, height=250, spacing=10, paging=True) as grid:
        grid.set_event_handler(events.append)
        grid.set_data_source(14, lambda s, i: (100, 100), same_size=True)
        grid.reload()
        # six items a page; none straddles a page: page 1 starts at 250
        assert grid.frame(0, 5) == (220, 110, 100, 100)
        assert grid.frame(0, 6) == (0, 250, 100, 100)
        assert grid.frame(0, 13) == (110, 500, 100, 100)
        assert grid.page_count() == 3 and grid.page() == 0
        assert [(e.kind, e.element.item) for e in events] == [("loaded", i) for i in range(6)]
        events.clear()
        grid.scroll_to(0, 300)                           # snapped to the page
        assert grid.offset() == (0, 250) and grid.page() == 1
        assert [e.kind for e in events] == ["unloaded"] * 6 + ["loaded"] * 6 + ["page_changed"]
        assert events[-1] == Event("page_changed", page=1)
        assert events[0].element.item == 0 and events[0].element.w == 0   # unloaded: zero frame
        grid.scroll_to_page(2)
        assert grid.offset() == (0, 500) and grid.page() == 2


def test_paging_inverse_order():
    with Grid(direction="horizontal", lanes=2, width=320, height=210, spacing=10, paging=True) as grid:
        grid.set_data_source(8, lambda s, i: (100, 100), same_size=True)
        grid.reload()
        assert [grid.frame(0, i)[:2] for i in range(8)] == [
            (0, 0), (0, 110), (110, 0), (110, 110), (220, 0), (220, 110), (320, 0), (320, 110)]
        grid.configure(paging_inverse_order=True)
        grid.reload()
        assert [grid.frame(0, i)[:2] for i in range(8)] == [
            (0, 0), (110, 0), (220, 0), (0, 110), (110, 110), (220, 110), (320, 0), (430, 0)]
        assert grid.page_count() == 2


def flow_sizes(n, seed):
    rng = random.Random(seed)
    return [(rng.randint(20, 300), rng.randint(20, 200)) for _ in range(n)]


def test_reload_new_equals_full_reload():
    for layout in ("lanes", "waterfall", "flow", "justified"):
        data = [flow_sizes(300, 1), flow_sizes(200, 2)]
        options = dict(layout=layout, width=700, lanes=4, columns=3, spacing=4, padding=3)
        with Grid(**options) as grid, Grid(**options) as full:
            grid.set_data_source(lambda s: len(data[s]), lambda s, i: data[s][i],
                                 sections=lambda: len(data))
            grid.reload()
            data[1] += flow_sizes(150, 3)       # items appended to the last section
            data.append(flow_sizes(80, 4))      # and a new section
            grid.reload_new()
            full.set_sections(data)
            full.reload()
            assert all_elements(grid) == all_elements(full), layout
            assert grid.content_size() == full.content_size()


def test_reload_new_through_the_bulk_api():
    sizes = flow_sizes(1000, 5)
    with Grid(layout="flow", width=800) as grid, Grid(layout="flow", width=800) as full:
        grid.set_sizes(sizes[:600])
        grid.reload()
        grid.set_sizes(sizes)
        grid.reload_new()
        full.set_sizes(sizes)
        full.reload()
        assert all_elements(grid) == all_elements(full)


def test_reload_section():
    data = [flow_sizes(50, 6), flow_sizes(50, 7), flow_sizes(50, 8)]
    with Grid(layout="flow", width=600, spacing=2) as grid, Grid(layout="flow", width=600, spacing=2) as full:
        grid.set_data_source(lambda s: len(data[s]), lambda s, i: data[s][i], sections=3)
        grid.reload()
        data[1] = flow_sizes(70, 9)
        grid.reload_section(1)
        full.set_sections(data)
        full.reload()
        assert all_elements(grid) == all_elements(full)


def test_views_are_reused():
    class View:
        pass

    with Grid(width=320, height=200, lanes=3, spacing=10) as grid:
        queued = []

        def on_event(event):
            if event.kind == "loaded" and event.element.kind == "item":
                grid.attach_view(event.element.section, event.element.item, grid.dequeue() or View())
            elif event.kind == "unloaded" and event.view is not None:
                queued.append(event.view)

        grid.set_event_handler(on_event)
        grid.set_sizes([(100, 120)] * 30)
        grid.reload()
        first = grid.view_at(0, 0)
        assert isinstance(first, View)
        assert grid.stats() == Stats(created=6, reused=0, live=6, queued=0)
        grid.scroll_to(0, 130 * 4)
        assert first in queued or grid.view_at(0, 12) is first
        stats = grid.stats()
        assert stats.reused > 0 and stats.created < 12
        assert grid.view_at(0, 0) is None
        grid.set_event_handler(None)
        grid.scroll_to(0, 0)   # no handler: nothing attached
        assert grid.view_at(0, 0) is None


def test_same_size_bulk_paging_and_a_billion_items():
    from gridlayout import Uniform
    with Grid(lanes=3, width=320, height=250, spacing=10, paging=True) as grid:
        grid.set_sizes([(100, 100)] * 14, same_size=True)
        grid.reload()
        assert grid.frame(0, 6) == (0, 250, 100, 100) and grid.page_count() == 3
        grid.set_sections([Uniform((100, 100), 10**9)], same_size=True, show_loader=True)
        grid.reload()
        assert grid.item_count(0) == 10**9
        last = 10**9 - 1
        page, slot = divmod(last, 6)
        assert grid.frame(0, last) == (slot % 3 * 110, page * 250 + slot // 3 * 110, 100, 100)
        assert grid.loader_frame().y > grid.frame(0, last).y
        grid.scroll_to_item(0, last)
        assert any(e.item == last for e in grid.visible())


def test_view_at_is_the_attached_view_and_view_its_deprecated_name():
    with Grid(lanes=2, width=200, height=100) as grid:
        grid.set_sections([[(100, 50)] * 4])
        grid.reload()
        grid.attach_view(0, 1, "the view")
        assert grid.view_at(0, 1) == "the view" and grid.view_at(0, 0) is None
        with pytest.warns(DeprecationWarning, match=r"use Grid\.view_at\(section, item\)"):
            assert grid.view(0, 1) == "the view"
        assert grid.view_at(0, 3) is None             # laid out, no view attached
        with pytest.raises(OverflowError, match=r"^view_at: item 18446744073709551617 is out of range"):
            grid.view_at(0, 2**64 + 1)                # the message names the method


@pytest.mark.parametrize("estimated", [None, (100, 100)])
def test_scroll_to_end_and_start_at_end(estimated):
    # 50 sections of 20 items 100 x 50 in 2 lanes: 590 each, 10 between, 29,990 in all.
    asked = set()

    def size(section, item):
        asked.add(section)
        return (100, 50)

    options = dict(width=210, height=300, lanes=2, spacing=10, start_at="end")
    if estimated:
        options["estimated_size"] = estimated
    with Grid(**options) as grid:
        grid.set_data_source(count=20, size=size, sections=50)
        grid.reload()
        w, h = grid.content_size()
        if not estimated:
            assert h == 29990
        assert grid.offset() == Point(0, h - 300)
        visible = grid.visible()
        assert len(visible) == 10 and (visible[-1].section, visible[-1].item) == (49, 19)
        # With estimated_size only the last section's sizes were asked.
        assert asked == ({49} if estimated else set(range(50)))
        grid.scroll_to(0, 0)
        assert grid.offset() == Point(0, 0)
        grid.scroll_to_end()
        w, h = grid.content_size()
        assert grid.offset() == Point(0, h - 300)
        assert (grid.visible()[-1].section, grid.visible()[-1].item) == (49, 19)


def test_neighbor_moves_a_focus_on_screen_and_in_index_order():
    # The README's waterfall: item 4 (0, 130) is below item 0, in its column; item 1 is beside it.
    with Grid(layout="waterfall", columns=3, spacing=10, width=320, height=300) as grid:
        grid.set_sizes([(100, h) for h in [120, 80, 200, 150, 90, 170, 60]])
        grid.reload()
        assert grid.neighbor(0, 0, "down") == IndexPath(0, 4)
        assert grid.neighbor(0, 3, "left") == IndexPath(0, 4)
        assert grid.neighbor(0, 3, "right") == IndexPath(0, 2)
        assert grid.neighbor(0, 6, "down") is None
        assert grid.neighbor(0, 6, "next") is None
        assert grid.neighbor(0, 6, "previous") == IndexPath(0, 5)
        with pytest.raises(GridError, match=r"direction 'dwon' is invalid .*did you mean 'down'"):
            grid.neighbor(0, 0, "dwon")
        with pytest.raises(GridError, match=r"item \(section 0, item 7\) is out of range"):
            grid.neighbor(0, 7, "down")


def test_a_section_that_scrolls_sideways_has_its_own_offset():
    # docs/layout.md, "Sections that scroll sideways": five 30 x 40 items in one line at x 10, 50,
    # ..., 170; the range is 10...90, so offsets go up to 110; item paging snaps 47 to 40.
    with Grid(width=100, height=200, padding=10, spacing=10, lanes=1) as grid:
        grid.set_sections([[(30, 40)] * 5, [(30, 40)]],
                          section_options=[{"scroll": "cross", "section_paging": "item"}, None])
        grid.reload()
        assert grid.frame(0, 4) == Rect(170, 10, 30, 40)
        assert grid.section_offset(0) == 0
        grid.scroll_section(0, 47)
        assert grid.section_offset(0) == 40
        assert grid.frame(0, 1) == Rect(10, 10, 30, 40)
        assert [(e.section, e.item) for e in grid.visible()] == [(0, 1), (0, 2), (0, 3), (1, 0)]
        grid.scroll_section(0, 1e9)
        assert grid.section_offset(0) == 110
        assert grid.section_offset(1) == 0
        with pytest.raises(GridError, match=r"^scroll_section: section 1 does not scroll sideways \(it needs the option "
                                             r"'scroll' = 'cross' and items\)"):
            grid.scroll_section(1, 5)
        with pytest.raises(GridError, match=r"^scroll_section: offset nan for section 0 is invalid"):
            grid.scroll_section(0, float("nan"))
        with pytest.raises(GridError, match=r"section 2 is out of range"):
            grid.scroll_section(2, 0)
        with pytest.raises(TypeError):
            grid.scroll_section(0, "3")
        assert grid.section_offset(0) == 110


def test_neighbor_moves_the_lazy_frontier():
    # With estimated_size a reload asks the sizes of the first screen only; down from the last item
    # it asked for, neighbor asks for more and finds the item a full layout of the same data gives.
    asked = []

    def size(section, item):
        asked.append(item)
        return (100, 40 + (item + 1) * 37 % 120)

    options = dict(layout="waterfall", columns=3, spacing=10, width=320, height=300)
    with Grid(**options) as full, Grid(estimated_size=(100, 50), **options) as grid:
        full.set_data_source(count=300, size=size)
        full.reload()
        grid.set_data_source(count=300, size=size)
        asked.clear()
        grid.reload()
        assert max(asked) == 17
        assert grid.frame(0, 17) == Rect(0, 562, 100, 106)
        assert grid.neighbor(0, 17, "down") == full.neighbor(0, 17, "down") == IndexPath(0, 20)
        assert max(asked) == 32
        assert grid.frame(0, 20) == full.frame(0, 20) == Rect(0, 678, 100, 97)
        assert max(asked) == 32  # as far as the answer needed, not to the end
