"""Every error path: a typed GridError with the library's message, and nothing changed."""

import gc
import inspect
import math
import os
import subprocess
import sys

import pytest

import gridlayout
from gridlayout import (Grid, Transition, GridCallbackError, GridError, GridIndexError, GridMemoryError,
                        GridStateError, GridTypeError, GridValueError, LibraryNotFound, Uniform,
                        _lib)


def laid_out():
    grid = Grid(width=320, height=480, lanes=3, spacing=10)
    grid.set_sizes([(100, 120)] * 10)
    grid.reload()
    return grid


def test_unknown_keyword_is_a_type_error_naming_it():
    with pytest.raises(TypeError, match="'lane'"):
        Grid(lane=3)
    with laid_out() as grid, pytest.raises(TypeError, match="'colour'"):
        grid.configure(colour="red")


@pytest.mark.parametrize("option, value, words", [
    ("lanes", 0, "lanes"),
    ("lanes", 2.5, "integer"),
    ("layout", "grid", "'grid'"),
    ("direction", "diagonal", "direction"),
    ("tolerance", 2, "tolerance"),
    ("spacing", math.nan, "spacing"),
    ("sticky_headers", 2, "option 'sticky_headers': 2 is invalid (expected True or False)"),
    ("row_height", -1, "option 'row_height'"),
    ("loader_size", (-1, 5), "option 'loader_size'"),
    ("padding", (1, 2, math.inf, 4), "padding"),
    ("width", "wide", "width"),
])
def test_bad_option_value_is_a_grid_error_with_the_library_message(option, value, words):
    with pytest.raises(GridError) as info:
        Grid(**{option: value})
    assert info.value.status == _lib.GL_EINVAL and info.value.name == "GL_EINVAL"
    assert words in info.value.message
    assert info.value.message in str(info.value)


def test_configure_is_all_or_nothing():
    with laid_out() as grid:
        before = grid.config
        with pytest.raises(GridError):
            grid.configure(lanes=5, spacing=2, layout="nope")
        assert grid.config == before
        with pytest.raises(TypeError):
            grid.configure(padding=[1, 2])
        with pytest.raises(TypeError):
            grid.configure(lanes=None)
        assert grid.config == before


def test_bad_sizes_keep_the_previous_data():
    with laid_out() as grid:
        for bad in ([(100, 120), (math.nan, 5)], [(100, 120), (-1, 5)], [(100, 120), (math.inf, 5)]):
            with pytest.raises(GridError) as info:
                grid.set_sizes(bad)
            assert info.value.status == _lib.GL_EDATA
            assert "item 1" in info.value.message
        with pytest.raises(GridError, match="header"):
            grid.set_sizes([(1, 1)], header=(0, math.nan))
        grid.reload()
        assert grid.item_count(0) == 10 and grid.frame(0, 4) == (110, 130, 100, 120)


def test_malformed_sizes_are_python_errors():
    with laid_out() as grid:
        with pytest.raises(TypeError, match="item 1"):
            grid.set_sizes([(1, 2), (1, 2, 3), (4,)])
        with pytest.raises(TypeError, match="item 0"):
            grid.set_sizes([("a", 2)])
        with pytest.raises(TypeError, match="item 2"):
            grid.set_sizes([(1, 2), (3, 4), 5])
        with pytest.raises(ValueError, match="even"):
            from array import array
            grid.set_sizes(array("d", [1, 2, 3]))
        with pytest.raises(TypeError, match="float64"):
            grid.set_sizes(b"abcd")
        with pytest.raises(ValueError, match="headers"):
            grid.set_sections([[(1, 1)]], headers=[None, None])


def test_callback_exception_fails_the_reload_and_keeps_the_layout():
    with laid_out() as grid:
        def size(s, i):
            if i == 3:
                raise ValueError("no size for item three")
            return (100, 120)

        grid.set_data_source(count=lambda s: 20, size=size)
        with pytest.raises(GridError) as info:
            grid.reload()
        e = info.value
        assert e.status == _lib.GL_ECALLBACK
        assert e.message == ("data source 'size' failed for item (section 0, item 3): "
                             "ValueError: no size for item three")
        assert isinstance(e.__cause__, ValueError)
        # the previous layout, whole
        assert grid.item_count(0) == 10 and grid.content_size() == (320, 510)
        assert grid.frame(0, 4) == (110, 130, 100, 120)
        # and the grid still works
        grid.set_data_source(20, lambda s, i: (100, 120))
        grid.reload()
        assert grid.item_count(0) == 20


@pytest.mark.parametrize("source", [
    dict(count=lambda s: 1 / 0, size=lambda s, i: (1, 1)),
    dict(count=lambda s: "many", size=lambda s, i: (1, 1)),
    dict(count=3, size=lambda s, i: "big"),
    dict(count=3, size=lambda s, i: None),
    dict(count=3, sizes=lambda s: [(1, 1)] * 2),
    dict(count=3, sizes=lambda s: None),
    dict(count=3, size=lambda s, i: (1, 1), sections=lambda: 1.5),
    dict(count=3, size=lambda s, i: (1, 1), header=lambda s: "top"),
    dict(count=3, size=lambda s, i: (1, 1), show_loader=lambda: [][0]),
    dict(count=3, size=lambda s, i: (1, 1), lanes=lambda s: {}),
])
def test_every_callback_failure_is_a_grid_error(source):
    with laid_out() as grid:
        grid.set_data_source(**source)
        with pytest.raises(GridError) as info:
            grid.reload()
        assert info.value.status == _lib.GL_ECALLBACK
        assert info.value.__cause__ is not None
        assert type(info.value.__cause__).__name__ in info.value.message
        assert grid.frame(0, 9) == (0, 390, 100, 120)


def test_bad_values_from_callbacks():
    with laid_out() as grid:
        grid.set_data_source(3, lambda s, i: (math.nan, 1))
        with pytest.raises(GridError) as info:
            grid.reload()
        assert info.value.status == _lib.GL_EDATA and "item 0" in info.value.message
        grid.set_data_source(-1, lambda s, i: (1, 1))
        with pytest.raises(GridError) as info:
            grid.reload()
        assert info.value.status == _lib.GL_EDATA
        assert grid.item_count(0) == 10


def test_keyboard_interrupt_in_a_callback_propagates():
    with laid_out() as grid:
        def size(s, i):
            raise KeyboardInterrupt
        grid.set_data_source(3, size)
        with pytest.raises(KeyboardInterrupt):
            grid.reload()
        assert grid.item_count(0) == 10


def test_changing_the_grid_from_a_callback_is_busy():
    with laid_out() as grid:
        def size(s, i):
            grid.reload()
            return (1, 1)
        grid.set_data_source(3, size)
        with pytest.raises(GridError) as info:
            grid.reload()
        assert info.value.message == ("data source 'size' failed for item (section 0, item 0): GridStateError: "
                                      "reload: called from inside a data source callback of the same grid")
        assert isinstance(info.value.__cause__, GridError) and info.value.__cause__.status == _lib.GL_EBUSY
        # queries from a callback are allowed
        seen = []
        grid.set_data_source(3, lambda s, i: (seen.append(grid.item_count(0)), (1, 1))[1])
        grid.reload()
        assert seen and seen[0] == 10


def test_out_of_range():
    with laid_out() as grid:
        for call in (lambda: grid.frame(0, 10), lambda: grid.frame(1, 0), lambda: grid.frame(0, -1),
                     lambda: grid.item_count(3), lambda: grid.reload_section(1),
                     lambda: grid.header_frame(2), lambda: grid.scroll_to_item(0, 99)):
            with pytest.raises(GridError) as info:
                call()
            assert info.value.status == _lib.GL_ERANGE, info.value
            assert info.value.message


def test_a_misspelt_data_keyword_names_the_nearest_one():
    with Grid(width=100, height=100) as grid:
        for call, message in [
                (lambda: grid.set_data_source(3, lambda s, i: (1, 1), hedaer=lambda s: (1, 1)),
                 "set_data_source() got an unexpected keyword argument 'hedaer' (did you mean 'header'?)"),
                (lambda: grid.set_sections([[(1, 1)]], footer=[(1, 1)]),
                 "set_sections() got an unexpected keyword argument 'footer' (did you mean 'footers'?)"),
                (lambda: grid.set_sizes([(1, 1)], show_laoder=True),
                 "set_sizes() got an unexpected keyword argument 'show_laoder' (did you mean 'show_loader'?)")]:
            with pytest.raises(TypeError) as info:
                call()
            assert str(info.value) == message
        with pytest.raises(TypeError) as info:
            grid.set_sizes([(1, 1)], zzz=1)
        assert str(info.value).startswith("set_sizes() got an unexpected keyword argument 'zzz' (it takes sizes, header,")
        # The signatures stay the methods' own.
        assert list(inspect.signature(Grid.set_data_source).parameters)[:3] == ["self", "count", "size"]


def test_before_the_first_reload_the_grid_is_not_reloaded():
    with Grid(width=100, height=100) as grid:
        for call, where in [(lambda: grid.frame(0, 2), "item (section 0, item 2)"),
                            (lambda: grid.footer_frame(1), "footer of section 1"),
                            (lambda: grid.scroll_to_item(1, 0), "item (section 1, item 0)")]:
            with pytest.raises(GridStateError) as info:
                call()
            assert (info.value.status, info.value.message) == \
                (_lib.GL_ESTATE, f"{where}: the grid has not been reloaded yet (call reload() first)")
        assert grid.visible() == []


def test_nan_arguments_and_bad_align():
    with laid_out() as grid:
        for call in (lambda: grid.scroll_to(math.nan, 0), lambda: grid.scroll_by(0, math.nan),
                     lambda: grid.index_path_at(math.nan, 1), lambda: grid.elements_in((0, 0, math.nan, 1)),
                     lambda: grid.resize(math.nan, 100), lambda: grid.scroll_to_item(0, 1, "top")):
            with pytest.raises(GridError) as info:
                call()
            assert info.value.status == _lib.GL_EINVAL, info.value
        assert grid.offset() == (0, 0)


def test_no_data_source_and_shrinking_reload_new():
    with Grid() as grid:
        with pytest.raises(GridError) as info:
            grid.reload()
        assert info.value.status == _lib.GL_ENOSOURCE
        assert str(info.value) == \
            "no data source is set (give the grid its data with set_sizes, set_sections or set_data_source)"
        assert repr(info.value) == ("GridStateError(GL_ENOSOURCE, 'no data source is set (give the grid its data "
                                    "with set_sizes, set_sections or set_data_source)')")
    with laid_out() as grid:
        grid.set_sizes([(100, 120)] * 5)
        with pytest.raises(GridError) as info:
            grid.reload_new()
        assert info.value.status == _lib.GL_EDATA
        assert grid.item_count(0) == 10
        grid.clear_data_source()
        with pytest.raises(GridError):
            grid.reload()


def test_event_handler_exception_is_raised_by_the_call():
    with laid_out() as grid:
        def handler(event):
            raise RuntimeError("handler broke")
        grid.resize(320, 200)
        grid.set_event_handler(handler)
        grid.scroll_to(0, 5)                   # nothing loads or unloads: no event
        with pytest.raises(RuntimeError, match="handler broke"):
            grid.scroll_to(0, 300)             # items unload and load
        assert grid.offset() == (0, 300)       # the call itself succeeded
        with pytest.raises(TypeError):
            grid.set_event_handler(42)


def test_views_only_for_loaded_items():
    with laid_out() as grid:
        grid.set_sizes([(100, 120)] * 30)
        grid.reload()
        with pytest.raises(GridError) as info:
            grid.attach_view(0, 20, object())
        assert info.value.status == _lib.GL_ERANGE
        with pytest.raises(GridError):
            grid.attach_view(0, 0, None)


def test_closed_grid():
    grid = laid_out()
    grid.close()
    assert grid.closed
    grid.close()   # idempotent
    for call in (grid.reload, grid.content_size, grid.visible, lambda: grid.frame(0, 0),
                 lambda: grid.scroll_to(0, 1), lambda: grid.set_sizes([(1, 1)]), lambda: grid.config):
        with pytest.raises(GridError) as info:
            call()
        assert info.value.status == _lib.GL_EHANDLE
        assert info.value.message
    assert "closed" in repr(grid)
    with Grid() as other:
        pass
    assert other.closed


def test_grids_dropped_without_close_are_freed():
    for _ in range(200):
        g = Grid(lanes=2)
        g.set_data_source(5, lambda s, i: (1, 1))   # a reference cycle through the callback
        g.reload()
        del g
    gc.collect()


@pytest.mark.parametrize("header", [20000, 100])   # a binding for a 2.x header, for 0.1's ABI
def test_version_check(monkeypatch, header):
    monkeypatch.setattr(_lib, "GL_VERSION_NUM", header)
    with pytest.raises(LibraryNotFound, match="version mismatch"):
        _lib.load(os.environ["GRIDLAYOUT_LIBRARY"])
    assert gridlayout.library_version() == _lib.GL_VERSION_STRING


def test_library_not_found():
    env = dict(os.environ, GRIDLAYOUT_LIBRARY="/nonexistent/libgridlayout.so")
    package = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    result = subprocess.run([sys.executable, "-c", "import gridlayout; gridlayout.Grid()"],
                            cwd=package, env=env, capture_output=True, text=True)
    assert result.returncode != 0
    assert "LibraryNotFound" in result.stderr and "/nonexistent/libgridlayout.so" in result.stderr


def test_the_library_words_its_errors_in_pythons_names():
    """The words set at load are set_data_source's keywords and Grid's method names."""
    import inspect
    keywords = inspect.signature(Grid.set_data_source).parameters
    assert [w for w in _lib.PYTHON_CALLBACKS if w not in keywords] == []
    # A layout transition's progress, commit and cancel are methods of the Transition it returns.
    assert [w for w in _lib.PYTHON_OPERATIONS if not callable(getattr(Grid, w, None))] == ["progress", "commit", "cancel"]
    assert all(callable(getattr(Transition, w)) for w in ("progress", "commit", "cancel"))
    with laid_out() as grid:
        grid.set_data_source(lambda s: 1 / 0, lambda s, i: (1, 1))
        with pytest.raises(GridError) as info:
            grid.reload()
        assert info.value.message == ("data source 'count' failed for section 0: "
                                      "ZeroDivisionError: division by zero")
        with pytest.raises(GridError) as info:
            grid.begin_drag(1, 1)
        assert info.value.message == "begin_drag: sorting is off (set the option 'sort' to true)"


def test_except_index_error_catches_an_out_of_range_frame():
    caught = None
    with laid_out() as grid:
        try:
            grid.frame(0, 10)
        except IndexError as e:
            caught = e
    assert isinstance(caught, GridError) and caught.status == _lib.GL_ERANGE
    assert caught.message == "item (section 0, item 10) is out of range: section 0 has 10 items"


def _fail_reload_in_a_callback(grid):
    grid.set_data_source(3, lambda s, i: grid.reload())
    grid.reload()


def _closed(grid):
    grid.close()
    grid.frame(0, 0)


@pytest.mark.parametrize("call, kind, builtin, status", [
    (lambda g: g.frame(0, 10), GridIndexError, IndexError, _lib.GL_ERANGE),
    (lambda g: g.item_count(7), GridIndexError, IndexError, _lib.GL_ERANGE),
    (lambda g: g.configure(lanes=0), GridValueError, ValueError, _lib.GL_EINVAL),
    (lambda g: g.scroll_to_item(0, 1, "top"), GridValueError, ValueError, _lib.GL_EINVAL),
    (lambda g: g.set_sizes([(math.nan, 1)]), GridValueError, ValueError, _lib.GL_EDATA),
    (lambda g: g.set_sections([[(1, 1)]], headers=[]), GridValueError, ValueError, _lib.GL_EINVAL),
    (lambda g: g.frame(0, "1"), GridTypeError, TypeError, _lib.GL_EINVAL),
    (lambda g: g.configure(padding=[1, 2]), GridTypeError, TypeError, _lib.GL_EINVAL),
    (lambda g: g.begin_drag(1, 1), GridStateError, RuntimeError, _lib.GL_ESTATE),
    (lambda g: (g.clear_data_source(), g.reload()), GridStateError, RuntimeError,
     _lib.GL_ENOSOURCE),
    (_closed, GridStateError, RuntimeError, _lib.GL_EHANDLE),
    (_fail_reload_in_a_callback, GridCallbackError, RuntimeError, _lib.GL_ECALLBACK),
    (lambda g: g.set_sections([Uniform((1, 1), 10**8 + 1)]), GridMemoryError, MemoryError,
     _lib.GL_ENOMEM),
])
def test_errors_are_also_the_builtin_exception_their_kind_fits(call, kind, builtin, status):
    with laid_out() as grid:
        with pytest.raises(builtin) as info:
            call(grid)
        assert type(info.value) is kind and isinstance(info.value, GridError)
        assert info.value.status == status and info.value.message
    if kind is not GridTypeError:                      # GridError(status, ...) picks the kind
        assert type(GridError(status, "made")) is kind


def test_a_busy_grid_is_a_state_error_naming_the_method():
    with laid_out() as grid:
        grid.set_data_source(3, lambda s, i: grid.reload())
        with pytest.raises(GridCallbackError) as info:
            grid.reload()
        cause = info.value.__cause__
        assert type(cause) is GridStateError and cause.status == _lib.GL_EBUSY
        assert cause.message == "reload: called from inside a data source callback of the same grid"


def test_status_names_are_the_librarys():
    """The binding keeps no table of status names: each is gl_status_name's, and a status the
    library does not know is named by its number."""
    from gridlayout import _lib as C
    from gridlayout._errors import _status_name
    lib = C.lib()
    for status in range(0, 12):
        name = lib.gl_status_name(status).decode()
        assert _status_name(status) == (name if name != "GL_E?" else f"gl_status {status}")
    assert _status_name(C.GL_EBUSY) == "GL_EBUSY"
    assert _status_name(99) == "gl_status 99"
    assert GridError(C.GL_ESTATE, "x").name == "GL_ESTATE"
