"""Layout transitions (docs/layout.md, "Layout transitions"): the worked example, a 3-column
waterfall of 30 squares going to 5 columns from offset 400, and every bad input."""
import math

import pytest

from gridlayout import Grid, GridStateError, GridValueError, Point, Rect, Transition


def squares():
    grid = Grid(layout="waterfall", columns=3, spacing=10, width=320, height=300)
    grid.set_sizes([(100, 100)] * 30)
    grid.reload()
    grid.scroll_to(0, 400)
    return grid


def frame(grid, item):
    return next((e.rect, e.alpha) for e in grid.visible() if e.item == item)


def test_the_worked_example_progress_cancel_commit():
    with squares() as grid:
        t = grid.transition(columns=5)
        assert isinstance(t, Transition) and grid.transition_progress == 0
        t.progress(0.5)
        assert grid.offset() == Point(0, 213)
        assert frame(grid, 16) == (Rect(88, 374, 78, 78), 1.0)
        t.cancel()
        assert grid.offset() == Point(0, 400) and grid.columns == 3 and grid.transition_progress is None
        t = grid.transition(columns=5)
        t.commit()
        assert grid.offset() == Point(0, 26) and grid.columns == 5
        assert frame(grid, 16) == (Rect(66, 198, 56, 56), 1.0)


def test_animate_to_runs_on_step():
    with squares() as grid:
        grid.animate_to(0.2, columns=5)
        assert grid.is_animating
        grid.step(0.1)
        assert grid.offset() == Point(0, 213)
        grid.step(0.1)
        assert not grid.is_animating and grid.columns == 5 and grid.offset() == Point(0, 26)


def test_bad_input_changes_nothing():
    with squares() as grid:
        with pytest.raises(GridStateError, match=r"^progress: no layout transition is running \(call transition\(\) first\)"):
            grid.transition(columns=5).cancel() or Transition(grid).progress(0.5)
        with pytest.raises(GridValueError, match=r"^option 'direction': 'horizontal' is invalid \(expected 'vertical'"):
            grid.transition(direction="horizontal")
        with pytest.raises(GridValueError, match=r"^option 'columns': 0 is invalid"):
            grid.transition(columns=0)
        with pytest.raises(TypeError, match="unexpected keyword argument 'colums'"):
            grid.transition(colums=5)
        with pytest.raises(GridValueError, match=r"^animate_to: duration -1 is invalid"):
            grid.animate_to(-1, columns=5)
        assert grid.columns == 3 and grid.transition_progress is None and grid.offset() == Point(0, 400)
        t = grid.transition(columns=5)
        t.progress(0.5)
        for bad in (math.nan, -0.1, 1.5):
            with pytest.raises(GridValueError, match=r"^progress: progress"):
                t.progress(bad)
        with pytest.raises(GridStateError, match=r"^reload: not allowed during a layout transition \(call commit\(\) or cancel\(\) first\)"):
            grid.reload()
        with pytest.raises(GridStateError, match="^scroll_to: not allowed"):
            grid.scroll_to(0, 0)
        with pytest.raises(GridStateError, match="^transition: not allowed"):
            grid.transition(columns=2)
        assert grid.transition_progress == 0.5 and grid.offset() == Point(0, 213) and grid.columns == 3
        t.commit()
        with pytest.raises(GridStateError, match=r"^commit: no layout transition is running"):
            t.commit()
