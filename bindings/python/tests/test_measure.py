"""Sizes learnt late: estimated_size, Grid.measure (docs/layout.md, "Sizes learnt late")."""

import pytest

from gridlayout import Grid, GridError, GridIndexError, GridTypeError, GridValueError, Rect


def grid_of(n, asked, estimated=(100, 100)):
    grid = Grid(lanes=2, width=210, height=300, spacing=10, estimated_size=estimated)

    def size(section, item):
        asked.append(item)
        return (100, 50)
    grid.set_data_source(count=n, size=size)
    return grid


def test_a_reload_asks_only_the_first_screen():
    asked = []
    with grid_of(1_000_000, asked) as grid:
        assert grid.estimated_size == (100, 100)
        grid.reload()
        # 12 items (6 lines of 60 = 350 > 300); the rest at the estimate: 499994 lines of 110.
        assert asked == list(range(12))
        assert grid.content_size() == (210, 350 + 499_994 * 110)
        grid.scroll_to(0, 1000)
        assert asked == list(range(len(asked))) and 30 < len(asked) < 50
        assert grid.frame(0, 5000) == Rect(0, 150_000, 100, 50)
        assert max(asked) < 5000 + 256


def test_measure_one_many_and_bad_input():
    asked = []
    with grid_of(100, asked) as grid:
        grid.reload()
        grid.measure([(0, 0, 100, 200), (0, 3, 100, 20)])
        assert grid.frame(0, 0) == Rect(0, 0, 100, 200)
        assert grid.frame(0, 3) == Rect(110, 120, 100, 20)
        with pytest.raises(GridValueError) as bad:
            grid.measure([(0, 1, 5, 5), (0, 2, -1, 5)])
        assert bad.value.message == "measure: size -1x5 for item (section 0, item 2) is invalid (sizes must be finite and >= 0)"
        with pytest.raises(GridIndexError) as far:
            grid.measure([(0, 100, 5, 5)])
        assert far.value.message == "measure: item (section 0, item 100) (size 5x5) is out of range: section 0 has 100 items"
        with pytest.raises(GridTypeError) as shape:
            grid.measure([(0, 1, 5)])
        assert shape.value.message == "measure: entry 0: (0, 1, 5) is not (section, item, w, h)"
        assert grid.frame(0, 1) == Rect(110, 0, 100, 50)   # nothing changed
        grid.measure(iter([]))


def test_measuring_above_the_viewport_keeps_what_shows():
    asked = []
    with grid_of(10_000, asked) as grid:
        grid.reload()
        grid.scroll_to(0, 20_000)
        first = grid.visible()[0]
        before = grid.offset().y
        grid.measure((0, i, 100, 80 + i / 3) for i in range(20))
        after = grid.offset().y
        now = grid.frame(first.section, first.item)
        assert after != before
        assert abs((now.y - after) - (first.y - before)) <= 1e-9


def test_a_zero_thick_estimate_is_an_error():
    with pytest.raises(GridValueError) as bad:
        Grid(estimated_size=(100, 0))
    assert bad.value.message == "option 'estimated_size': 100x0 is invalid (expected a size > 0 along the scroll axis, or 0x0 (off))"


def test_a_tiny_estimate_asks_only_the_first_screen():
    """An estimate far too small must not make a reload ask every size."""
    for estimate in ((100, 1e-9), (100, 1e-300)):
        asked = []
        with grid_of(1_000_000, asked, estimated=estimate) as grid:
            grid.reload()
            assert 12 <= len(asked) <= 256
            grid.scroll_by(0, 300)
            assert len(asked) <= 2 * 256


def test_an_impossible_measure_past_the_frontier_is_refused_at_once():
    asked = []
    with grid_of(100_000, asked) as grid:
        grid.reload()
        with pytest.raises(GridError) as huge:
            grid.measure([(0, 90_000, 100, 1e300)])
        assert "past the largest content extent" in huge.value.message
        grid.scroll_to(0, float("inf"))          # the end is reachable: nothing waits there
        last = grid.frame(0, 99_999)
        assert grid.content_size().h == last.y + last.h
