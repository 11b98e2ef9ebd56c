"""The options come from the library's description (gl_option_describe): each is a keyword of
Grid() and configure(), a validated property, and a key of config; nothing else is an attribute."""

import inspect
import math
import typing

import pytest

from gridlayout import (Grid, GridError, GridTypeError, GridValueError, Insets, Size, _lib,
                        options)
from gridlayout._options import GridOptions
from gridlayout.grid import Option


def described():
    """The library's description, read here with ctypes alone (not through the package)."""
    lib = _lib.lib()
    found = []
    for i in range(lib.gl_option_count()):
        info = _lib.gl_option_info()
        assert lib.gl_option_describe(i, info) == _lib.GL_OK
        found.append((info.c_name.decode(), info.name.decode(), info.type,
                      tuple(info.choices[k].decode() for k in range(info.choice_count))))
    return found


def test_the_options_are_the_librarys():
    assert [(o.keyword, o.name, o.kind, o.choices) for o in options()] == \
        [(c_name, name, ("number", "integer", "bool", "choice", "insets", "size")[kind], choices)
         for c_name, name, kind, choices in described()]
    assert "max_pooled_views" in [o.keyword for o in options()]


def test_grid_init_names_exactly_the_described_options_as_typed_keywords():
    parameters = list(inspect.signature(Grid.__init__).parameters.values())[1:]
    assert [p.name for p in parameters] == [o.keyword for o in options()]
    assert all(p.kind is p.KEYWORD_ONLY and p.default is None for p in parameters)
    hints = typing.get_type_hints(Grid.__init__)
    for o in options():
        *hints_of, none = typing.get_args(hints[o.keyword])      # Optional[...]
        assert none is type(None), o.keyword
        hint = hints_of[0]
        if o.kind == "choice":
            assert typing.get_args(hint) == o.choices, o.keyword
        elif o.kind == "bool":
            assert hint is bool, o.keyword
        elif o.kind == "integer":
            assert hint is int, o.keyword
        elif o.kind == "number":
            assert hint is float, o.keyword


def test_a_new_grid_has_the_described_defaults():
    with Grid() as grid:
        assert grid.config == {o.keyword: o.default for o in options()}
        for o in options():
            assert getattr(grid, o.keyword) == o.default


def other_value(o: Option):
    """A valid value of the option other than its default."""
    if o.kind == "choice":
        return o.choices[-1] if o.default != o.choices[-1] else o.choices[0]
    if o.kind == "bool":
        return not o.default
    if o.kind == "insets":
        return Insets(1, 2, 3, 4)
    if o.kind == "size":
        return Size(5, 6)
    if o.kind == "integer":
        return int(o.default) + 1 if o.default + 1 <= o.max else int(o.default) - 1
    return o.default / 2 if o.default > 0 and o.max <= 1 else o.default + 1


@pytest.mark.parametrize("keyword", [o.keyword for o in options()])
def test_every_option_is_a_property_that_sets_it(keyword):
    o = {o.keyword: o for o in options()}[keyword]
    value = other_value(o)
    assert isinstance(getattr(Grid, keyword), property)
    assert getattr(Grid, keyword).__doc__.startswith(f"{o.summary}: ")
    with Grid() as grid:
        setattr(grid, keyword, value)
        assert getattr(grid, keyword) == value and grid.config[keyword] == value
        assert keyword not in vars(grid)
    with Grid(**{keyword: value}) as grid:
        assert grid.config[keyword] == value


def test_setting_lanes_takes_effect_at_the_next_reload():
    with Grid(width=320, height=480, lanes=2) as grid:
        grid.set_sizes([(100, 100)] * 8)
        grid.reload()
        assert grid.frame(0, 2) == (0, 100, 100, 100)
        grid.lanes = 4
        assert grid.lanes == 4 and grid.config["lanes"] == 4
        assert grid.frame(0, 2) == (0, 100, 100, 100)     # the layout is the previous one
        grid.reload()
        assert grid.frame(0, 2) == (200, 0, 100, 100)     # the third of four lanes


def test_an_unknown_attribute_is_an_attribute_error():
    with Grid(lanes=2) as grid:
        with pytest.raises(AttributeError) as info:
            grid.lanse = 4
        assert str(info.value) == "'Grid' object has no attribute 'lanse'; did you mean 'lanes'?"
        assert not hasattr(grid, "lanse") and grid.lanes == 2
        with pytest.raises(AttributeError, match="no attribute 'xyz' \\(options: layout, "):
            grid.xyz = "red"
        with pytest.raises(AttributeError, match="'reload' is read-only"):
            grid.reload = None                       # no instance attribute hides a method
        with pytest.raises(AttributeError):
            grid.config = {}
        grid._mine = 1                                # private attributes are the caller's
        assert grid._mine == 1


def test_misspelt_names_and_choices_say_what_was_meant():
    with Grid(lanes=2) as grid:
        with pytest.raises(AttributeError) as info:
            grid.relaod()
        assert str(info.value) == "'Grid' object has no attribute 'relaod'; did you mean 'reload'?"
        with pytest.raises(AttributeError) as info:
            grid.nothing_like_it
        assert str(info.value) == "'Grid' object has no attribute 'nothing_like_it'"
        assert not hasattr(grid, "_private")
        # A misspelt choice: the library's message names the nearest (as in Lua and C).
        with pytest.raises(GridValueError) as info:
            grid.layout = "masonry"
        assert str(info.value) == ("option 'layout': 'masonry' is invalid (expected one of 'lanes', "
                                   "'waterfall', 'flow', 'justified') (did you mean 'waterfall'?)")
        with pytest.raises(GridValueError, match=r"\(did you mean 'shortest'\?\)"):
            grid.order = "shortst"


@pytest.mark.parametrize("keyword, value, kind, message", [
    ("lanes", 0, GridValueError, "option 'lanes': 0 is invalid (expected 1...10000)"),
    ("lanes", 2.5, GridValueError, "option 'lanes': 2.5 is invalid (expected an integer)"),
    ("lanes", "3", GridTypeError, "option 'lanes': str '3' is not an integer in 1...10000"),
    ("row_height", 0, GridValueError,
     "option 'row_height': 0 is invalid (expected a finite number > 0)"),
    ("tolerance", math.nan, GridValueError,
     "option 'tolerance': nan is invalid (expected a number in 0...1)"),
    ("layout", "grid", GridValueError,
     "option 'layout': 'grid' is invalid (expected one of 'lanes', 'waterfall', 'flow', "
     "'justified')"),
    ("layout", 2, GridTypeError,
     "option 'layout': int 2 is not one of 'lanes', 'waterfall', 'flow', 'justified'"),
    ("sticky_headers", 2, GridValueError,
     "option 'sticky_headers': 2 is invalid (expected True or False)"),
    ("sticky_headers", "yes", GridTypeError,
     "option 'sticky_headers': str 'yes' is not True or False"),
    ("max_pooled_views", -1, GridValueError,
     "option 'max_pooled_views': -1 is invalid (expected 0...1000000)"),
    ("breakout_cadence", -1, GridValueError,
     "option 'breakout_cadence': -1 is invalid (expected 0...100000000)"),
    ("breakout_cadence", 1.5, GridValueError,
     "option 'breakout_cadence': 1.5 is invalid (expected an integer)"),
    ("loader_size", 5, GridTypeError, "option 'loader_size': int 5 is not a (w, h) pair"),
])
def test_a_bad_value_of_a_property_changes_nothing(keyword, value, kind, message):
    with Grid(lanes=3) as grid:
        before = grid.config
        with pytest.raises(kind) as info:
            setattr(grid, keyword, value)
        assert isinstance(info.value, GridError) and info.value.status == _lib.GL_EINVAL
        assert info.value.message == message
        assert grid.config == before


def test_configure_takes_keywords_and_the_engines_names():
    with Grid() as grid:
        grid.configure(row_height=50, stickyHeaders=True)
        assert (grid.row_height, grid.sticky_headers) == (50, True)
        with pytest.raises(TypeError) as info:
            grid.configure(lanse=4)
        assert str(info.value) == "unexpected keyword argument 'lanse' (did you mean 'lanes'?)"
    with pytest.raises(TypeError) as info:
        Grid(layuot="flow")
    assert str(info.value) == "Grid() got an unexpected keyword argument 'layuot' (did you mean 'layout'?)"
    with pytest.raises(TypeError) as info:
        Grid(zzz=1)
    assert str(info.value).startswith("Grid() got an unexpected keyword argument 'zzz' (options: layout, direction, width,")
    # The check leaves Grid's signature the generated one (help(Grid), inspect).
    assert inspect.signature(Grid) == inspect.signature(GridOptions)
    assert list(inspect.signature(Grid).parameters)[:2] == ["layout", "direction"]


# ---- the generated options -----------------------------------------------------------------------

def test_the_generated_options_are_the_librarys_description():
    """_options.py is written from the library's description (tools/generate.py): the options
    as data agree with it one for one, and Grid has each property before any Grid is made."""
    from gridlayout import _options as generated
    assert [(k, n, kind, choices) for k, n, kind, _, _, _, _, choices, _ in generated.OPTIONS] == \
        [(o.keyword, o.name, o.kind, o.choices) for o in options()]
    assert [summary for *_, summary in generated.OPTIONS] == [o.summary for o in options()]
    for o in options():
        assert isinstance(generated.GridOptions.__dict__[o.keyword], property), o.keyword


def test_an_option_newer_than_the_bindings_gl_config_is_read_by_name(monkeypatch):
    """A library newer than this binding (same major) may describe an option gl_config lacks
    here: its property reads and sets it by name."""
    from gridlayout import _config as module
    monkeypatch.setattr(module, "_CONFIG_FIELDS",
                        module._CONFIG_FIELDS - {"max_pooled_views", "lanes"})
    with Grid(max_pooled_views=9, lanes=2) as g:
        assert (g.max_pooled_views, g.lanes) == (9, 2)
        g.max_pooled_views = 3
        assert g.config["max_pooled_views"] == 3 and type(g.config["max_pooled_views"]) is int


def test_a_subclass_may_add_attributes_but_not_hide_options_or_methods():
    class Tile(Grid):
        pass
    with Tile(lanes=2) as grid:
        grid.title = "photos"
        grid.lanes = 3
        assert grid.title == "photos" and grid.config["lanes"] == 3 and "lanes" not in vars(grid)
        with pytest.raises(AttributeError):
            grid.reload = None


def test_line_and_item_spacing():
    """lineSpacing along the scroll axis, itemSpacing across it: lanes 2, items 100x50, line 10,
    item 4: item 1 at x = 100 + 4, item 2 at y = 50 + 10. spacing reads None while they differ
    and sets both; a bad value names the option and the value and changes nothing."""
    with Grid(width=320, height=480, lanes=2, line_spacing=10, item_spacing=4) as grid:
        grid.set_sizes([(100, 50)] * 3)
        grid.reload()
        assert grid.frame(0, 1) == (104, 0, 100, 50)
        assert grid.frame(0, 2) == (0, 60, 100, 50)
        assert grid.spacing is None and grid.config["spacing"] is None
        assert (grid.line_spacing, grid.item_spacing) == (10, 4)
        grid.spacing = 6
        assert (grid.spacing, grid.line_spacing, grid.item_spacing) == (6, 6, 6)
        with pytest.raises(GridValueError) as e:
            grid.line_spacing = math.nan
        assert str(e.value) == "option 'line_spacing': nan is invalid (expected a finite number >= 0)"
        with pytest.raises(GridValueError) as e:
            grid.configure(item_spacing=2, spacing=-1)
        assert str(e.value) == "option 'spacing': -1 is invalid (expected a finite number >= 0)"
        assert (grid.spacing, grid.line_spacing, grid.item_spacing) == (6, 6, 6)


def test_rtl_mirrors_the_frames():
    """rtl mirrors every frame along x: lanes 2 in 320, items 100x50, item spacing 4: laid out at
    x 0 and 104, reported at 220 and 116; a bad value names the option and changes nothing."""
    with Grid(width=320, height=480, lanes=2, item_spacing=4, rtl=True) as grid:
        grid.set_sizes([(100, 50)] * 3)
        grid.reload()
        assert grid.frame(0, 0) == (220, 0, 100, 50)
        assert grid.frame(0, 1) == (116, 0, 100, 50)
        assert grid.rtl is True and grid.config["rtl"] is True
        with pytest.raises(GridValueError) as e:
            grid.rtl = 2
        assert str(e.value) == "option 'rtl': 2 is invalid (expected True or False)"
        assert grid.rtl is True


def test_flow_alignment():
    """justify and align_items (docs/layout.md, "Flow alignment"): 100, 60 and 80 in 320 with
    spacing 10 leave 60 free: centred from x 30; the 50-thick line centres the 30-thick item at
    y 10. A section's keys win; bad values name the option or the key and change nothing."""
    sizes = [(100, 50), (60, 30), (80, 20)]
    with Grid(layout="flow", spacing=10, justify="center", align_items="center") as grid:
        grid.set_sizes(sizes)
        grid.reload()
        assert [grid.frame(0, i) for i in range(3)] == \
            [(30, 0, 100, 50), (140, 10, 60, 30), (210, 15, 80, 20)]
        assert grid.justify == "center" and grid.config["align_items"] == "center"
        with pytest.raises(GridValueError) as e:
            grid.justify = "centre"
        assert str(e.value) == ("option 'justify': 'centre' is invalid (expected one of 'start', 'center', "
                                "'end', 'spaceBetween', 'spaceAround', 'spaceEvenly') (did you mean 'center'?)")
        with pytest.raises(GridTypeError) as e:
            grid.align_items = 3
        assert str(e.value) == "option 'align_items': int 3 is not one of 'start', 'center', 'end'"
        assert grid.justify == "center" and grid.align_items == "center"
        # The section's own: spaceBetween shares the 60 between two gaps, end aligns to 50.
        grid.set_sizes(sizes, section_options={"justify": "spaceBetween", "align_items": "end"})
        grid.reload()
        assert [grid.frame(0, i) for i in range(3)] == \
            [(0, 0, 100, 50), (140, 20, 60, 30), (240, 30, 80, 20)]
        with pytest.raises(GridValueError) as e:
            grid.set_sizes(sizes, section_options={"alignItems": "middle"})
        assert "section_options[0]['alignItems']: 'middle' is invalid" in str(e.value)
        assert grid.frame(0, 2) == (240, 30, 80, 20)


def test_scale_snaps_the_frames():
    """scale snaps every frame's edges to multiples of 1/scale: waterfall, 3 columns in 100
    (33.33 wide) at scale 2: edges 0, 33.5, 66.5, 100; a negative scale names the option."""
    with Grid(layout="waterfall", columns=3, width=100, scale=2) as grid:
        grid.set_sizes([(30, 10)] * 3)
        grid.reload()
        assert [grid.frame(0, i) for i in range(3)] == \
            [(0, 0, 33.5, 11), (33.5, 0, 33, 11), (66.5, 0, 33.5, 11)]
        with pytest.raises(GridValueError) as e:
            grid.scale = -1
        assert str(e.value) == "option 'scale': -1 is invalid (expected 0 (off) or a number in 1/1024...1024)"
        # Past the range a snapped frame is no longer finite and exact.
        for bad in (1e300, 1e-300, 5e-324, 1025):
            with pytest.raises(GridValueError):
                grid.scale = bad
        assert grid.scale == 2
        grid.scale = 1024
        grid.reload()
        assert grid.frame(0, 1) == (34133 / 1024, 0, (68267 - 34133) / 1024, 11378 / 1024)


def test_counts_in_messages_agree_with_their_number():
    with Grid() as grid:
        assert repr(grid) == "<gridlayout.Grid lanes vertical 320x480, 0 sections>"
        grid.set_sections([[(10, 10)]])
        grid.reload()
        assert repr(grid) == "<gridlayout.Grid lanes vertical 320x480, 1 section>"
        with pytest.raises(GridValueError) as info:
            grid.set_sections([[(10, 10)]], headers=[(0, 10), (0, 10)])
        assert str(info.value).startswith("headers: 2 given for 1 section")
