"""Grid.apply: a refresh given as the items' ids, diffed and performed as one batch
(docs/layout.md, "Snapshots")."""

import random

import pytest

from gridlayout import Diff, Grid, GridStateError, GridTypeError, GridValueError, IndexPath, Move, Rect


def lane_grid(**options):
    return Grid(layout="lanes", lanes=2, spacing=10, width=210, height=200, **options)


def test_diff_events_and_slide():
    with lane_grid(animation_duration=0.25) as grid:
        grid.set_sizes([(100, 50)] * 5)
        grid.reload()
        assert grid.apply([["a", "b", "c", "d", "e"]]) == Diff([], [], [])
        events = []
        grid.set_event_handler(lambda e: events.append((e.kind, e.change and (e.change.kind, e.change.section, e.change.item))))
        diff = grid.apply([["e", "x", "a", "c", 7]])
        assert diff == Diff([IndexPath(0, 1), IndexPath(0, 3)], [IndexPath(0, 1), IndexPath(0, 4)],
                            [Move(IndexPath(0, 4), IndexPath(0, 0))])
        assert ("renumbered", ("apply", -1, -1)) in events
        grid.step(0.125)
        assert [(e.item, e.x, e.y, e.alpha) for e in grid.visible()] == [
            (0, 0, 60, 1), (1, 110, 0, 0.5), (2, 0, 30, 1), (3, 55, 60, 1), (4, 0, 120, 0.5)]
        events.clear()
        grid.step(0.125)
        assert [e for e in events if e[0] != "loaded"] == [
            ("removed", ("remove", 0, 3)), ("removed", ("remove", 0, 1)), ("inserted", ("insert", 0, 1)),
            ("inserted", ("insert", 0, 4)), ("moved", ("move", 0, 4))]


def test_random_snapshots_equal_a_fresh_reload():
    rng = random.Random(7)
    for _ in range(30):
        ids = list(range(rng.randint(0, 40)))
        heights = {i: rng.choice([20, 50, 80]) for i in ids}
        with lane_grid(animation_duration=0) as grid:
            grid.set_sizes([(100, heights[i]) for i in ids])
            grid.reload()
            grid.apply([ids])
            new = [i for i in ids if rng.random() > 0.2] + [f"new{k}" for k in range(rng.randint(0, 5))]
            rng.shuffle(new)
            for i in new:
                heights.setdefault(i, rng.choice([20, 50, 80]))
            grid.set_sizes([(100, heights[i]) for i in new])
            diff = grid.apply([new])
            assert len(diff.removed) == len(set(ids) - set(new))
            assert len(diff.inserted) == len(set(new) - set(ids))
            assert all(ids[m.from_.item] == new[m.to.item] for m in diff.moved)
            frames = [grid.frame(0, k) for k in range(len(new))]
            grid.reload()
            assert frames == [grid.frame(0, k) for k in range(len(new))]


def test_bad_snapshots_change_nothing():
    with lane_grid() as grid:
        grid.set_sizes([(100, 50)] * 3)
        grid.reload()
        grid.apply([[1, 2, 3]])
        before = grid.frame(0, 2)
        with pytest.raises(GridValueError) as bad:
            grid.apply([[1, 2, 1.0]])    # 1 and 1.0 are one id
        assert str(bad.value) == ("apply: the id of item (section 0, item 2) is also the id of item "
                                  "(section 0, item 0) (ids must be unique in the grid)")
        with pytest.raises(GridTypeError) as bad:
            grid.apply([[1, [2], 3]])
        assert str(bad.value) == "apply: item (section 0, item 1): unhashable id [2] (ids must be hashable)"
        with pytest.raises(GridValueError) as bad:
            grid.apply([[1, 2]])
        assert str(bad.value) == "apply: the snapshot's section 0 has 2 ids where data source 'count' returned 3"
        with pytest.raises(GridValueError) as bad:
            grid.apply([[1, 2, 3], []])
        assert str(bad.value) == "apply: the snapshot has 2 sections where data source 'sections' returned 1"
        assert grid.frame(0, 2) == before == Rect(0, 60, 100, 50)
        assert grid.apply([[1, 2, 3]], animated=False) == Diff([], [], [])   # the ids held are still 1, 2, 3


def test_refused_during_a_drag():
    with lane_grid(sort=True) as grid:
        grid.set_sizes([(100, 50)] * 3)
        grid.reload()
        grid.begin_drag(10, 10)
        with pytest.raises(GridStateError) as bad:
            grid.apply([[1, 2, 3]])
        assert "apply: not allowed during a drag" in str(bad.value)
