"""Composition through set_data_source: footers, spans, per-section options and the inset option,
with exact frames (the same layouts as bindings/c/tests/test_composition.c), and their errors in
Python's words."""

import math

import pytest

from gridlayout import Element, Grid, GridError, Insets, Rect


def sizes(*pairs):
    return lambda s, i: pairs[s][i]


def test_footers_inset_and_section_options():
    items = [[(100, 50)] * 3, [(100, 100)] * 3]
    with Grid(lanes=2, line_spacing=10, item_spacing=4, inset=(5, 6, 7, 8)) as grid:
        asked = []

        def section(s):
            asked.append(s)
            return {"layout": "waterfall", "columns": 2, "inset": 0} if s == 1 else None

        grid.set_data_source(3, lambda s, i: items[s][i], sections=2,
                             header=lambda s: (0, 20) if s == 0 else None,
                             footer=lambda s: (0, 30) if s == 0 else None, section=section)
        grid.reload()
        assert asked == [0, 1]
        assert grid.inset == Insets(5, 6, 7, 8)
        assert grid.header_frame(0) == Rect(0, 0, 320, 20)
        assert [grid.frame(0, i) for i in range(3)] == [
            Rect(6, 35, 100, 50), Rect(110, 35, 100, 50), Rect(6, 95, 100, 50)]
        assert grid.footer_frame(0) == Rect(0, 162, 320, 30)
        assert [grid.frame(1, i) for i in range(3)] == [
            Rect(0, 202, 158, 158), Rect(162, 202, 158, 158), Rect(0, 370, 158, 158)]
        assert grid.footer_frame(1) is None
        assert grid.content_size() == (320, 528)
        assert grid.elements_in((0, 140, 320, 30)) == [
            Element("item", 0, 2, 6, 95, 100, 50), Element("footer", 0, None, 0, 162, 320, 30)]
        with pytest.raises(GridError) as info:
            grid.footer_frame(2)
        assert info.value.name == "GL_ERANGE"

        # the engine's names are keys too, and the inset's other forms
        grid.set_data_source(3, lambda s, i: items[s][i], sections=2,
                             section=lambda s: {"lineSpacing": 20, "inset": {"left": 10}})
        grid.inset = 0
        grid.reload()
        assert [grid.frame(0, i) for i in range(3)] == [
            Rect(10, 0, 100, 50), Rect(114, 0, 100, 50), Rect(10, 70, 100, 50)]
        # sections are the grid's line_spacing apart (10), their lines the section's (20)
        assert grid.frame(1, 0) == Rect(10, 130, 100, 100)


def test_spans_in_lanes_and_a_waterfall_banner():
    lanes = [(100, 50), (210, 50), (100, 50), (100, 50)]
    with Grid(lanes=3, spacing=10) as grid:
        grid.set_data_source(4, lambda s, i: lanes[i], span=lambda s, i: 2 if i == 1 else None)
        grid.reload()
        assert [grid.frame(0, i) for i in range(4)] == [
            Rect(0, 0, 100, 50), Rect(110, 0, 210, 50), Rect(0, 60, 100, 50), Rect(110, 60, 100, 50)]
        waterfall = [(100, 100), (100, 50), (320, 40), (100, 100)]
        grid.configure(layout="waterfall", columns=2)
        grid.set_data_source(4, lambda s, i: waterfall[i], span=lambda s, i: i == 2 or 1)
        grid.reload()
        assert [grid.frame(0, i) for i in range(4)] == [
            Rect(0, 0, 155, 155), Rect(165, 0, 155, 77.5), Rect(0, 165, 320, 40),
            Rect(0, 215, 155, 155)]


def message(grid):
    with pytest.raises(GridError) as info:
        grid.reload()
    return info.value.name, info.value.message


def test_bad_answers_name_the_callback_the_place_and_the_value():
    with Grid(lanes=2) as grid:
        spans = {}
        footers = {}
        options = {}
        grid.set_data_source(4, lambda s, i: (100, 50), sections=2,
                             span=lambda s, i: spans.get((s, i)),
                             footer=lambda s: footers.get(s), section=lambda s: options.get(s))
        grid.reload()
        before = grid.content_size()
        for bad in (0, -1, -2):   # -1 is C's GL_SPAN_ALL: not "all" here (True is)
            spans[(0, 3)] = bad
            assert message(grid) == ("GL_ECALLBACK", "data source 'span' failed for item (section 0, "
                                     f"item 3): ValueError: span(0, 3) returned {bad}, expected an "
                                     "integer >= 1, True or None")
        spans[(0, 3)] = False
        assert message(grid) == ("GL_ECALLBACK", "data source 'span' failed for item (section 0, "
                                 "item 3): TypeError: span(0, 3) returned False, expected an "
                                 "integer >= 1, True or None")
        spans[(0, 3)] = "2"
        assert message(grid) == ("GL_ECALLBACK", "data source 'span' failed for item (section 0, "
                                 "item 3): TypeError: span(0, 3) returned str '2', expected an "
                                 "integer")
        del spans[(0, 3)]
        footers[1] = (0, math.nan)
        assert message(grid) == ("GL_EDATA", "data source 'footer' returned 0xnan for footer of "
                                             "section 1 (sizes must be finite and >= 0)")
        del footers[1]
        options[1] = {"lanes": 0}
        assert message(grid) == ("GL_EDATA", "data source 'section' returned lanes = 0 for section "
                                             "1 (expected 1...10000)")
        options[1] = {"row_height": -1}
        assert message(grid) == ("GL_EDATA", "data source 'section' returned row_height = -1 for "
                                             "section 1 (expected a finite number > 0)")
        options[1] = {"layout": "grid"}
        assert message(grid) == ("GL_ECALLBACK", "data source 'section' failed for section 1: "
                                 "ValueError: section(1)['layout']: 'grid' is invalid (expected one "
                                 "of 'lanes', 'waterfall', 'flow', 'justified')")
        options[1] = {"padding": 3}
        assert message(grid) == ("GL_ECALLBACK", "data source 'section' failed for section 1: "
                                 "ValueError: section(1) returned an unknown key 'padding' (expected "
                                 "one of layout, lanes, columns, order, row_height, tolerance, "
                                 "widow, spacing, line_spacing, item_spacing, inset, min_column_width, rows, justify, align_items, background, scroll, section_paging)")
        options[1] = {"rows": "best"}
        assert message(grid) == ("GL_ECALLBACK", "data source 'section' failed for section 1: "
                                 "ValueError: section(1)['rows']: 'best' is invalid (expected one "
                                 "of 'greedy', 'optimal')")
        options[1] = {"justify": "centre"}
        assert message(grid) == ("GL_ECALLBACK", "data source 'section' failed for section 1: "
                                 "ValueError: section(1)['justify']: 'centre' is invalid (expected one "
                                 "of 'start', 'center', 'end', 'spaceBetween', 'spaceAround', "
                                 "'spaceEvenly') (did you mean 'center'?)")
        options[1] = [("lanes", 2)]
        assert message(grid) == ("GL_ECALLBACK", "data source 'section' failed for section 1: "
                                 "TypeError: section(1) returned list [('lanes', 2)], expected a "
                                 "dict of options or None")
        options[1] = {"lanes": 2.5}
        assert message(grid) == ("GL_ECALLBACK", "data source 'section' failed for section 1: "
                                 "TypeError: section(1)['lanes'] must be an integer, not float 2.5")
        del options[1]
        assert grid.content_size() == before
        grid.reload()


def test_footers_are_loaded_and_unloaded():
    events = []
    with Grid(height=100) as grid:
        grid.set_event_handler(lambda e: events.append(e) if e.element and e.element.kind == "footer"
                               else None)
        grid.set_data_source(4, lambda s, i: (100, 50), footer=lambda s: (0, 40))
        grid.reload()
        assert events == []
        grid.scroll_to(0, 1000)
        assert [(e.kind, e.element) for e in events] == [
            ("loaded", Element("footer", 0, None, 0, 200, 320, 40))]
        assert grid.visible()[-1] == Element("footer", 0, None, 0, 200, 320, 40)
        grid.scroll_to(0, 0)
        assert [e.kind for e in events] == ["loaded", "unloaded"]


def test_inset_is_an_option():
    with Grid(inset=4) as grid:
        assert grid.inset == Insets(4, 4, 4, 4)
        grid.inset = {"top": 1, "bottom": 2}
        assert grid.config["inset"] == Insets(1, 0, 2, 0)
        with pytest.raises(GridError) as info:
            grid.inset = -1
        assert info.value.message == ("option 'inset': {top=-1, left=-1, bottom=-1, right=-1} is "
                                      "invalid (expected finite sides >= 0)")


def test_bulk_sections_compose_the_same_layout():
    with Grid(lanes=2, line_spacing=10, item_spacing=4, inset=(5, 6, 7, 8)) as grid:
        grid.set_sections([[(100, 50)] * 3, [(100, 100)] * 3], headers=[(0, 20), None],
                          footers=[(0, 30), None], spans=[None, [None, True, 1]],
                          section_options=[None, {"layout": "waterfall", "columns": 2, "inset": 0}])
        grid.reload()
        assert [grid.frame(0, i) for i in range(3)] == [
            Rect(6, 35, 100, 50), Rect(110, 35, 100, 50), Rect(6, 95, 100, 50)]
        assert grid.footer_frame(0) == Rect(0, 162, 320, 30)
        assert [grid.frame(1, i) for i in range(3)] == [
            Rect(0, 202, 158, 158), Rect(0, 370, 320, 320), Rect(0, 700, 158, 158)]
        grid.set_sizes([(100, 50)] * 2, footer=(0, 10), section_options={"lanes": 1})
        grid.reload()
        assert grid.frame(0, 1) == Rect(6, 65, 100, 50) and grid.footer_frame(0) == Rect(0, 132, 320, 10)


@pytest.mark.parametrize("kwargs,error,message", [
    ({"spans": [[1, 0]]}, "GridValueError", "spans[0][1]: 0 is not an integer >= 1, True or None"),
    ({"spans": [[1, -1]]}, "GridValueError", "spans[0][1]: -1 is not an integer >= 1, True or None"),
    ({"spans": [[1]]}, "GridValueError", "spans[0]: 1 spans for 2 items (expected one per item)"),
    ({"spans": [[1, False]]}, "GridTypeError", "spans[0][1]: False is not an integer >= 1, True or None"),
    ({"footers": [(0, math.inf)]}, "GridValueError", "footer of section 0: size 0xinf is invalid (expected "
                                                     "finite sides >= 0)"),
    ({"footers": []}, "GridValueError", "footers: 0 given for 1 section"),
    ({"section_options": [{"lanes": 0}]}, "GridValueError", "section 0: option 'lanes' 0 is invalid "
                                                           "(expected 1...10000)"),
    ({"section_options": [{"padding": 1}]}, "GridValueError", "section_options[0]: an unknown key 'padding' "
     "(expected one of layout, lanes, columns, order, row_height, tolerance, widow, spacing, line_spacing, "
     "item_spacing, inset, min_column_width, rows, justify, align_items, background, scroll, section_paging)"),
    ({"section_options": [{"order": 1}]}, "GridTypeError", "section_options[0]['order']: int 1 is not one of "
                                                          "'shortest', 'ltr', 'rtl'"),
])
def test_bulk_composition_is_checked_when_set(kwargs, error, message):
    with Grid() as grid:
        grid.set_sizes([(1, 1)] * 2)
        grid.reload()
        with pytest.raises(GridError) as info:
            grid.set_sections([[(1, 1)] * 2], **kwargs)
        assert (type(info.value).__name__, str(info.value)) == (error, message)
        grid.reload()   # the previous data stays
        assert grid.item_count(0) == 2


# Optimal rows (docs/layout.md, "Optimal rows"): W 600, row_height 100, line_spacing 10, ARs 2, 1, 3,
# 5 (a panorama), 1, 1.5, 1.5, 1. Greedy leaves the panorama alone (120 thick); optimal rows give it
# the next item (100 thick: 500 and 100 wide) and make 1.5 + 1.5 + 1 the widow row.
RATIOS = [2, 1, 3, 5, 1, 1.5, 1.5, 1]


def test_optimal_rows_as_an_option_and_a_section_key():
    with Grid(layout="justified", width=600, row_height=100, line_spacing=10) as grid:
        assert grid.rows == "greedy"
        grid.set_sections([[(r * 100, 100) for r in RATIOS]] * 2,
                          section_options=[None, {"rows": "optimal"}])
        grid.reload()
        assert grid.frame(0, 3) == Rect(0, 110, 600, 120)
        assert [grid.frame(1, i) for i in (3, 4, 5)] == [
            Rect(0, 480, 500, 100), Rect(500, 480, 100, 100), Rect(0, 590, 150, 100)]
        assert grid.content_size() == (600, 690)
        grid.rows = "optimal"
        grid.reload()
        assert grid.frame(0, 3) == Rect(0, 110, 500, 100)
        with pytest.raises(GridError) as info:
            grid.rows = "optimla"
        assert info.value.message == ("option 'rows': 'optimla' is invalid (expected one of 'greedy', "
                                      "'optimal') (did you mean 'optimal'?)")
        with pytest.raises(GridError) as info:
            grid.set_sections([[(100, 100)]], section_options=[{"rows": "best"}])
        assert "'best'" in str(info.value) and "'greedy', 'optimal'" in str(info.value)
        assert grid.rows == "optimal" and grid.frame(0, 3) == Rect(0, 110, 500, 100)


# Section backgrounds (docs/layout.md, "Section backgrounds"): width 100, padding 5, one lane, no
# spacing, items 90 x 20. Section 0 (header 10, two items) spans 5...55: background (5, 5, 90, 50).
def test_backgrounds_as_an_option_and_a_section_key():
    events = []
    with Grid(width=100, height=200, padding=5, lanes=1, spacing=0, background=True) as grid:
        assert grid.background is True
        grid.set_event_handler(lambda e: events.append((e.kind, e.element.kind, e.element.section))
                               if e.element and e.element.kind == "background" else None)
        grid.set_data_source(2, lambda s, i: (90, 20), sections=3,
                             header=lambda s: (100, 10) if s == 0 else None,
                             section=lambda s: {"background": False} if s == 1 else None)
        grid.reload()
        assert grid.background_frame(0) == Rect(5, 5, 90, 50)
        assert grid.background_frame(1) is None
        assert grid.visible()[:2] == [Element("background", 0, None, 5, 5, 90, 50),
                                      Element("header", 0, None, 0, 5, 100, 10)]
        assert [e.kind for e in grid.visible()].count("background") == 2
        assert events == [("loaded", "background", 0), ("loaded", "background", 2)]
        with pytest.raises(GridError) as info:
            grid.background_frame(3)
        assert info.value.name == "GL_ERANGE"
        # as a key of the bulk composition only
        grid.background = False
        grid.set_sections([[(90, 20)] * 2] * 2, section_options=[None, {"background": True}])
        grid.reload()
        assert grid.background_frame(0) is None and grid.background_frame(1) == Rect(5, 45, 90, 40)
        with pytest.raises(GridError) as info:
            grid.background = 3
        assert "option 'background'" in info.value.message and "3" in info.value.message
        with pytest.raises(GridError) as info:
            grid.set_sections([[(90, 20)]], section_options=[{"background": 3}])
        assert "section_options[0]['background']: int 3" in str(info.value)
        assert grid.background is False and grid.background_frame(1) == Rect(5, 45, 90, 40)

