"""The Python face's data paths: the bulk API, callables, buffers and the padding forms give the
same layouts. Exact frames of every layout are the shared fixtures (test_fixtures.py)."""

import random
from array import array

import pytest

from gridlayout import (Element, Grid, GridTypeError, GridValueError, IndexPath, Insets, Rect,
                        Section, Size, Uniform)


def all_elements(grid):
    w, h = grid.content_size()
    return grid.elements_in((0, 0, w, h))


def nine_grid(**options):
    grid = Grid(layout="lanes", width=320, height=480, lanes=3, spacing=10, **options)
    grid.set_sizes([(100, 120)] * 10)
    grid.reload()
    return grid


def test_nine_grid():
    # Its frames and visible elements are the shared fixture lanes-ninegrid (test_fixtures.py).
    with nine_grid() as grid:
        assert grid.frame(0, 4) == Rect(110, 130, 100, 120)
        vis = grid.visible()
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


def test_breakout_rows():
    # docs/layout.md, "justified": W 600, T 100 (minAR 4.5), breakout_cadence 2. Row 1 is 2 + 3,
    # 120 thick; row 2, a breakout row, the 1.5 alone (600 / 1.5 = 400 clamped to 200), 600 wide;
    # row 3 is 2 + 3 again; row 4 is a breakout row started by 0.5, narrower than square: an
    # ordinary row, 0.5 + 4.5; the 1 is the widow.
    ratios = [2, 3, 1.5, 2, 3, 0.5, 4.5, 1]
    with Grid(layout="justified", width=600, row_height=100, breakout_cadence=2) as grid:
        assert grid.breakout_cadence == 2
        grid.set_sizes([(r * 100, 100) for r in ratios])
        grid.reload()
        assert [grid.frame(0, i) for i in range(len(ratios))] == [
            (0, 0, 240, 120), (240, 0, 360, 120),
            (0, 120, 600, 200),
            (0, 320, 240, 120), (240, 320, 360, 120),
            (0, 440, 60, 120), (60, 440, 540, 120),
            (0, 560, 100, 100)]
        assert grid.content_size() == (600, 660)
        grid.breakout_cadence = 0
        grid.reload()
        thickness = 600 / 6.5  # off, 1.5 + 2 + 3 = 6.5 closes a row
        assert grid.frame(0, 2) == (0, 120, 1.5 * thickness, thickness)


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


def test_flow_resize():
    with Grid(layout="flow", width=320, spacing=10) as grid:
        # resize re-lays out: 430 holds four 100-wide items
        grid.set_sizes([(100, 100)] * 10)
        grid.reload()
        assert grid.frame(0, 3) == (0, 110, 100, 100)
        grid.resize(430, 480)
        assert grid.frame(0, 3) == (330, 0, 100, 100)
        assert grid.content_size() == (430, 320)


def test_adaptive_columns_follow_the_width():
    """min_column_width 100 with spacing 10: (320 + 10) / 110 = 3 columns of 100; a resize to 550
    fits (560 / 110) 5 of (550 - 40) / 5 = 102; a section's own 150 fits (330 / 160) 2 of 155."""
    with Grid(layout="waterfall", width=320, spacing=10, columns=7, min_column_width=100) as grid:
        assert grid.min_column_width == 100
        grid.set_sections([[(100, 100)] * 4, Section([(100, 100)] * 2, options={"minColumnWidth": 150})])
        grid.reload()
        assert grid.frame(0, 2) == (220, 0, 100, 100)
        assert grid.frame(0, 3) == (0, 110, 100, 100)
        assert grid.frame(1, 1) == (165, 220, 155, 155)
        grid.resize(550, 480)
        assert grid.frame(0, 3) == (336, 0, 102, 102)
        with pytest.raises(GridValueError) as error:
            grid.min_column_width = -1
        assert str(error.value) == ("option 'min_column_width': -1 is invalid "
                                    "(expected a finite number >= 0)")
        assert grid.min_column_width == 100
        grid.min_column_width = 0   # off: the 7 columns
        grid.reload()
        assert grid.frame(0, 1)[2] == pytest.approx((550 - 60) / 7)


def test_pinned_footers():
    """sticky_footers: section 0's footer (its place 170) pinned at 100 - 10 = 90 with the viewport
    at 0; at 110 section 1's at max(210 - 10, its header's end 200) = 200."""
    with Grid(width=100, height=100, lanes=1, spacing=0, sticky_footers=True) as grid:
        grid.set_sections([Section([(100, 30)] * 5, header=(100, 20), footer=(100, 10)),
                           Section([(100, 30)] * 2, header=(100, 20), footer=(100, 10))])
        grid.reload()
        footers = lambda: [(e.section, e.rect.y, e.pinned) for e in grid.visible() if e.kind == "footer"]
        assert footers() == [(0, 90, True)]
        grid.scroll_to(0, 110)
        assert footers() == [(0, 170, False), (1, 200, True)]
        assert grid.footer_frame(1) == Rect(0, 260, 100, 10)
        grid.sticky_footers = False
        grid.reload()
        assert footers() == [(0, 170, False)]


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


def laid_out_sections(sections, **keywords):
    """Every element, footers included, of a grid given `sections` through set_sections."""
    with Grid(width=320, height=2000, lanes=2, spacing=10, inset=4) as grid:
        grid.set_sections(sections, **keywords)
        grid.reload()
        return (all_elements(grid), grid.content_size(),
                [grid.footer_frame(s) for s in range(grid.section_count())])


def test_section_records_lay_out_as_the_keywords():
    """A Section carries what set_sections' keywords give per section: the same sections either
    way are the same layout, with plain sections (a list, a tuple, a buffer, a Uniform) mixed in."""
    sizes = [[(100, 50)] * 3, [(100, 40), (320, 40), (100, 40)], Uniform((90, 60), 5),
             ((100, 30), (100, 70)), array("d", [150, 20, 150, 25]), [(100, 10)] * 2]
    keywords = dict(headers=[(0, 30), None, (0, 20), None, None, None],
                    lanes=[None, None, 3, 1, None, None],
                    footers=[(0, 15), None, None, None, (0, 25), None],
                    spans=[None, [None, True, None], None, None, None, [2, None]],
                    section_options=[None, {"layout": "waterfall", "columns": 2}, None, None,
                                     None, {"item_spacing": 0}])
    expected = laid_out_sections(sizes, **keywords)
    assert any(e.kind == "footer" for e in expected[0]) and expected[2][4] is not None
    sections = [Section(sizes[0], header=(0, 30), footer=(0, 15)),
                Section(sizes[1], spans=[None, True, None],
                        options={"layout": "waterfall", "columns": 2}),
                Section(sizes[2], header=(0, 20), lanes=3),
                Section(sizes[3], lanes=1),
                Section(sizes[4], footer=(0, 25)),
                Section(sizes[5], spans=[2, None], options={"item_spacing": 0})]
    assert laid_out_sections(sections) == expected
    # some sections as records, the others plain with their fields in the keywords
    mixed = [sections[0], sizes[1], sections[2], sizes[3], sections[4], sizes[5]]
    assert laid_out_sections(mixed, lanes=[None, None, None, 1, None, None],
                             spans=[None, [None, True, None], None, None, None, [2, None]],
                             section_options=[None, {"layout": "waterfall", "columns": 2}, None,
                                              None, None, {"item_spacing": 0}]) == expected
    # Sections with no more than their sizes are plain sections
    assert laid_out_sections([Section(s) for s in sizes], **keywords) == expected


def test_section_records_with_same_size():
    sections = [Section([(100, 40)] * 4, header=(0, 10)), Section(Uniform((50, 50), 7), lanes=4)]
    plain = laid_out_sections([[(100, 40)] * 4, Uniform((50, 50), 7)], same_size=True,
                              headers=[(0, 10), None], lanes=[None, 4])
    assert laid_out_sections(sections, same_size=True) == plain


def test_a_section_field_given_twice_or_bad_is_refused_and_the_data_stays():
    with nine_grid() as grid:
        before = all_elements(grid)
        bad = [
            (lambda: grid.set_sections([Section([(1, 1)], header=(0, 10))], headers=[(0, 20)]),
             GridValueError, "section 0: its Section gives header and so does headers[0] "
                             "(give it one way)"),
            (lambda: grid.set_sections([[(1, 1)], Section([(1, 1)], lanes=2)], lanes=[None, 3]),
             GridValueError, "section 1: its Section gives lanes and so does lanes[1] "
                             "(give it one way)"),
            (lambda: grid.set_sections([Section([(1, 1)] * 2, spans=[None])]),
             GridValueError, "spans[0]: 1 spans for 2 items (expected one per item)"),
            (lambda: grid.set_sections([Section([(1, 1)], options={"padding": 1})]),
             GridValueError, "section_options[0]: an unknown key 'padding' (expected one of "
                             "layout, lanes, columns, order, row_height, tolerance, widow, "
                             "spacing, line_spacing, item_spacing, inset, min_column_width, rows, justify, align_items, background, scroll, section_paging)"),
            (lambda: grid.set_sections([Section([(1, 1)], footer="tall")]),
             GridTypeError, "footer of section 0: expected a (w, h) pair, got 'tall'"),
            (lambda: grid.set_sections([Section([(1, 1)])], headers=[None, None]),
             GridValueError, "headers: 2 given for 1 section"),
        ]
        for call, kind, message in bad:
            with pytest.raises(kind) as info:
                call()
            assert info.value.message == message
            grid.reload()
            assert all_elements(grid) == before


def test_a_section_is_a_record():
    section = Section([(100, 50)], footer=(0, 20))
    assert section == Section(sizes=[(100, 50)], header=None, footer=(0, 20), lanes=None,
                              spans=None, options=None)
    assert section._replace(lanes=2).lanes == 2 and not hasattr(section, "__dict__")
