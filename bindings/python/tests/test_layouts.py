"""Exact frames of every layout, through the bulk API and through callables."""

import random
from array import array

import pytest

from gridlayout import Element, Grid, IndexPath, Insets, Rect, Size


def all_elements(grid):
    w, h = grid.content_size()
    return grid.elements_in((0, 0, w, h))


def nine_grid(**options):
    grid = Grid(layout="lanes", width=320, height=480, lanes=3, spacing=10, **options)
    grid.set_sizes([(100, 120)] * 10)
    grid.reload()
    return grid


def test_nine_grid():
    with nine_grid() as grid:
        assert grid.frame(0, 4) == Rect(110, 130, 100, 120)
        assert grid.content_size() == Size(320, 510)
        for i in range(10):
            assert grid.frame(0, i) == (i % 3 * 110, i // 3 * 130, 100, 120)
        assert grid.section_count() == 1 and grid.item_count(0) == 10
        vis = grid.visible()
        assert [e.item for e in vis] == list(range(10))
        assert vis[4] == Element("item", 0, 4, 110, 130, 100, 120, False)
        assert vis[4].rect == Rect(110, 130, 100, 120)
        assert grid.index_path_at(115, 135) == IndexPath(0, 4)
        assert grid.index_path_at(105, 5) is None  # in the gap between lanes


def test_nine_grid_through_callables_is_the_same():
    with nine_grid() as bulk, Grid(width=320, height=480, lanes=3, spacing=10) as grid:
        grid.set_data_source(count=lambda s: 10, size=lambda s, i: (100, 120))
        grid.reload()
        assert all_elements(grid) == all_elements(bulk)
        grid.set_data_source(10, lambda s, i: (100, 120), same_size=True)
        grid.reload()
        assert all_elements(grid) == all_elements(bulk)
        grid.set_data_source(10, sizes=lambda s: [(100, 120)] * 10)
        grid.reload()
        assert all_elements(grid) == all_elements(bulk)


def test_padding_forms():
    with Grid(width=320, lanes=3, padding=5, spacing=5) as grid:
        grid.set_sizes([(100, 100)] * 4)
        grid.reload()
        assert grid.frame(0, 0) == (5, 5, 100, 100)
        assert grid.frame(0, 1) == (110, 5, 100, 100)
        assert grid.frame(0, 3) == (5, 110, 100, 100)
        assert grid.content_size() == (320, 215)
        grid.configure(padding=(1, 2, 3, 4))
        grid.reload()
        assert grid.frame(0, 0) == (2, 1, 100, 100)
        assert grid.content_size().h == 1 + 100 + 5 + 100 + 3
        grid.configure(padding={"top": 7})
        grid.reload()
        assert grid.frame(0, 0) == (0, 7, 100, 100)
        assert grid.config["padding"] == Insets(7, 0, 0, 0)


def test_waterfall():
    sizes = [(100, 100), (100, 200), (50, 50), (100, 100)]
    with Grid(layout="waterfall", width=320, columns=2, spacing=10) as grid:
        grid.set_sizes(sizes)
        grid.reload()
        # columns (320 - 10) / 2 = 155 wide; heights scaled to it: 155, 310, 155, 155
        assert [grid.frame(0, i) for i in range(4)] == [
            (0, 0, 155, 155), (165, 0, 155, 310), (0, 165, 155, 155), (165, 320, 155, 155)]
        assert grid.content_size() == (320, 475)  # the tallest column
        grid.configure(order="rtl")
        grid.reload()
        assert [grid.frame(0, i)[:2] for i in range(4)] == [(165, 0), (0, 0), (165, 155 + 10), (0, 320)]
        assert grid.content_size() == (320, 475)


def test_flow():
    sizes = [(100, 50), (100, 80), (100, 60), (150, 40), (200, 30)]
    with Grid(layout="flow", width=320, spacing=10) as grid:
        grid.set_sizes(sizes)
        grid.reload()
        assert [grid.frame(0, i) for i in range(5)] == [
            (0, 0, 100, 50), (110, 0, 100, 80), (220, 0, 100, 60),   # exactly reaching 320 fits
            (0, 90, 150, 40), (0, 140, 200, 30)]
        assert grid.content_size() == (320, 170)
        # resize re-lays out: 430 holds four 100-wide items
        grid.set_sizes([(100, 100)] * 10)
        grid.reload()
        assert grid.frame(0, 3) == (0, 110, 100, 100)
        grid.resize(430, 480)
        assert grid.frame(0, 3) == (330, 0, 100, 100)
        assert grid.content_size() == (430, 320)


def test_justified():
    sizes = [(120, 100), (120, 100), (100, 100)]     # aspect ratios 1.2, 1.2, 1
    with Grid(layout="justified", width=300, row_height=100, tolerance=0.25) as grid:
        grid.set_sizes(sizes)
        grid.reload()
        # 1.2 + 1.2 = 2.4 in [2.25, 3.75] closes the row: 300 / 2.4 = 125 thick
        assert [grid.frame(0, i) for i in range(3)] == [
            (0, 0, 150, 125), (150, 0, 150, 125), (0, 125, 100, 100)]   # the widow row: left
        assert grid.content_size() == (300, 225)
        grid.configure(widow="center")
        grid.reload()
        assert grid.frame(0, 2) == (100, 125, 100, 100)
        grid.configure(widow="justify")
        grid.reload()
        assert grid.frame(0, 2) == (0, 125, 300, 100)


def test_horizontal_lanes():
    with Grid(direction="horizontal", width=320, height=210, lanes=2, spacing=10) as grid:
        grid.set_sizes([(100, 100)] * 5)
        grid.reload()
        assert [grid.frame(0, i)[:2] for i in range(5)] == [(0, 0), (0, 110), (110, 0), (110, 110), (220, 0)]
        assert grid.content_size() == (320, 210)


def test_sections_headers_and_loader():
    with Grid(lanes=2, width=320, height=480, spacing=10, loader_size=(40, 20)) as grid:
        grid.set_sections([[(100, 100)] * 3, [(100, 50)] * 2], headers=[(320, 30), (0, 40)],
                          show_loader=True)
        grid.reload()
        assert grid.header_frame(0) == (0, 0, 320, 30)
        assert [grid.frame(0, i) for i in range(3)] == [(0, 40, 100, 100), (110, 40, 100, 100), (0, 150, 100, 100)]
        assert grid.header_frame(1) == (0, 260, 320, 40)   # spans the width whatever its w
        assert [grid.frame(1, i) for i in range(2)] == [(0, 310, 100, 50), (110, 310, 100, 50)]
        assert grid.loader_frame() == (140, 370, 40, 20)  # centred, after spacing
        assert grid.content_size() == (320, 390)
        kinds = [(e.kind, e.section, e.item) for e in grid.visible()]
        assert kinds == [("header", 0, None), ("item", 0, 0), ("item", 0, 1), ("item", 0, 2),
                         ("header", 1, None), ("item", 1, 0), ("item", 1, 1), ("loader", None, None)]
        grid.set_sections([[(100, 100)]], headers=[None])
        grid.reload()
        assert grid.header_frame(0) is None and grid.loader_frame() is None


def test_lanes_per_section():
    with Grid(lanes=3, width=320, spacing=10) as grid:
        grid.set_sections([[(100, 100)] * 2, [(100, 100)] * 2], lanes=[1, None])
        grid.reload()
        assert grid.frame(0, 1) == (0, 110, 100, 100)
        assert grid.frame(1, 1) == (110, 220, 100, 100)
        with Grid(lanes=3, width=320, spacing=10) as other:
            other.set_data_source(2, lambda s, i: (100, 100), sections=2,
                                  lanes=lambda s: 1 if s == 0 else None)
            other.reload()
            assert all_elements(other) == all_elements(grid)


def test_callable_data_source_options():
    with Grid(lanes=2, width=320, height=480, spacing=10, loader_size=(40, 20)) as bulk:
        bulk.set_sections([[(100, 100)] * 3, [(100, 50)] * 2], headers=[(320, 30), (0, 40)],
                          show_loader=True)
        bulk.reload()
        with Grid(lanes=2, width=320, height=480, spacing=10, loader_size=(40, 20)) as grid:
            grid.set_data_source(count=lambda s: (3, 2)[s],
                                 size=lambda s, i: (100, (100, 50)[s]),
                                 sections=lambda: 2,
                                 header=lambda s: ((320, 30), (0, 40))[s],
                                 show_loader=lambda: True)
            grid.reload()
            assert all_elements(grid) == all_elements(bulk)
            assert grid.loader_frame() == bulk.loader_frame()


def test_flat_buffers_are_the_same_as_pairs():
    rng = random.Random(7)
    pairs = [(rng.randint(10, 200), rng.randint(10, 200)) for _ in range(500)]
    flat = array("d", [v for p in pairs for v in p])
    with Grid(layout="flow", width=1000, spacing=3) as a, Grid(layout="flow", width=1000, spacing=3) as b:
        a.set_sizes(pairs)
        a.reload()
        b.set_sizes(flat)
        b.reload()
        assert all_elements(a) == all_elements(b)
        b.set_sizes(memoryview(flat))
        b.reload()
        assert all_elements(a) == all_elements(b)
        b.set_sizes(bytes(flat) and memoryview(bytes(flat)).cast("d"))  # read-only: copied
        b.reload()
        assert all_elements(a) == all_elements(b)
        b.set_sizes(Size(w, h) for w, h in pairs)  # any iterable of pairs
        b.reload()
        assert all_elements(a) == all_elements(b)
        np = pytest.importorskip("numpy")
        b.set_sizes(np.array(pairs, dtype=np.float64))
        b.reload()
        assert all_elements(a) == all_elements(b)


def test_large_bulk_and_elements_in():
    rng = random.Random(1)
    sizes = [(100, rng.randint(100, 200)) for _ in range(100_000)]
    with Grid(layout="flow", width=1000, height=3000) as grid:
        grid.set_sizes(sizes)
        grid.reload()
        elements = all_elements(grid)
        assert len(elements) == 100_000
        assert elements[12] == Element("item", 0, 12, 200, grid.frame(0, 12).y, 100, sizes[12][1])
        assert len(grid.visible()) > 64   # more than the first buffer holds
