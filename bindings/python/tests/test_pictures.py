"""Grid.svg, Grid.draw and Grid._repr_svg_: the pictures Lua and C draw, byte for byte (the files
in Tests/fixtures/pictures), the style callback and its errors."""

import os
import subprocess

import pytest

from gridlayout import Grid, GridCallbackError, GridError, GridMemoryError, GridStateError, _lib

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))
PICTURES = os.path.join(REPO, "Tests", "fixtures", "pictures")


def fixture(name: str) -> str:
    with open(os.path.join(PICTURES, name), encoding="utf-8") as f:
        return f.read()


LABELS = {2: "photo 3 <&>", 4: "photo 5 é"}
FILLS = {1: "#ff0000", 3: "hsl(120, 50%, 50%)"}


def fixture_grid(asked=None) -> Grid:
    """Tests/fixtures/pictures/make.lua's grid, items from 0."""
    grid = Grid(lanes=2, spacing=10, width=210, height=230, sort=True, animation_duration=0)

    def style(s, i):
        if asked is not None:
            asked.append((s, i))
        answer = {"label": LABELS.get(i, f"photo {i + 1}")}
        if i in FILLS:
            answer["fill"] = FILLS[i]
        return answer
    grid.set_data_source(5, lambda s, i: (100, 100), style=style)
    grid.reload()
    return grid


def test_the_pictures_are_luas_and_cs_byte_for_byte():
    asked = []
    grid = fixture_grid(asked)
    assert grid.draw(cols=30, rows=14) == fixture("styled.txt")
    assert grid.svg() == fixture("styled.svg")
    assert grid.begin_drag(50, 50) == (0, 0)
    grid.drag_to(160, 60)
    assert grid.draw(cols=30, rows=14) == fixture("dragged.txt")
    del asked[:]
    assert grid.svg(viewport=True) == fixture("dragged.svg")
    # Asked with the data's index paths: the dragged item (drawn last) is the data's item 0.
    assert asked == [(0, 1), (0, 2), (0, 3), (0, 4), (0, 0)]
    grid.end_drag()
    grid.close()


def test_lua_draws_the_same_bytes(tmp_path):
    """The fixtures are what gridrepl writes now (make.lua), so all three faces agree."""
    gridrepl = os.path.join(subprocess.run(["swift", "build", "--show-bin-path"], cwd=REPO, check=True,
                                           capture_output=True, text=True).stdout.strip(), "gridrepl")
    if not os.path.exists(gridrepl):
        pytest.skip("gridrepl is not built")
    subprocess.run([gridrepl, os.path.join(PICTURES, "make.lua"), str(tmp_path)], check=True)
    for name in ("styled.txt", "styled.svg", "dragged.txt", "dragged.svg"):
        assert (tmp_path / name).read_text(encoding="utf-8") == fixture(name), name


def test_default_labels_count_from_zero():
    grid = Grid(width=40, height=20, lanes=2)
    grid.set_sizes([(20, 10)] * 4)
    grid.reload()
    edge = "+" + "-" * 18 + "+"
    side = "|" + " " * 18 + "|"
    assert grid.draw(cols=40, rows=12) == "\n".join([
        "offset (0, 0)  content 40x20  4 visible",
        edge + edge,
        "|0.0" + " " * 15 + "||0.1" + " " * 15 + "|",
        side + side, side + side, edge + edge, edge + edge,
        "|1.0"[:0] + "|0.2" + " " * 15 + "||0.3" + " " * 15 + "|",
        side + side, side + side, edge + edge]) + "\n"
    svg = grid.svg()
    assert '<rect class="item" x="20" y="10" width="20" height="10"/><text x="30" y="15">0.3</text>\n' in svg
    assert grid._repr_svg_() == svg
    grid.close()


def test_repr_svg_falls_back_to_the_viewport():
    grid = Grid(width=100, height=50, lanes=10)
    grid.set_sections([[(10, 10)] * 30000])
    grid.reload()
    with pytest.raises(GridMemoryError) as e:
        grid.svg()
    assert e.value.message == "svg: more than 20000 elements; draw the viewport only with viewport=True"
    assert grid._repr_svg_() == grid.svg(viewport=True)
    assert grid._repr_svg_().count("<rect ") == 50 + 2
    grid.close()
    assert grid._repr_svg_() is None


@pytest.mark.parametrize("answer, error", [
    ({"fill": "#12345"},
     "data source 'style' returned fill '#12345' for item (section 0, item 0) (expected a CSS colour: "
     "#rgb, #rrggbb, #rrggbbaa, rgb(), rgba(), hsl(), hsla() or a colour name)"),
    ({"fill": "rgb(300, 0, 0)"},
     "data source 'style' returned fill 'rgb(300, 0, 0)' for item (section 0, item 0) (expected a CSS "
     "colour: #rgb, #rrggbb, #rrggbbaa, rgb(), rgba(), hsl(), hsla() or a colour name)"),
])
def test_a_bad_fill_names_the_item_and_the_value(answer, error):
    grid = Grid(width=20, height=20)
    grid.set_data_source(1, lambda s, i: (10, 10), style=lambda s, i: answer)
    grid.reload()
    for picture in (grid.svg, grid.draw):
        with pytest.raises(GridError) as e:
            picture()
        assert e.value.status == _lib.GL_EDATA
        assert e.value.message == error
    grid.close()


@pytest.mark.parametrize("answer, error", [
    (5, "TypeError: style(0, 0) returned int 5, expected a dict with 'label' and 'fill', or None"),
    ({"label": 7}, "TypeError: style(0, 0) returned label int 7, expected a str"),
    ({"lable": "x"}, "TypeError: style(0, 0) returned the key 'lable', expected only 'label' and 'fill'"),
    ({"label": "a\0b"}, "ValueError: style(0, 0) returned label 'a\\x00b', which holds a NUL character"),
])
def test_a_bad_answer_is_the_callbacks_error(answer, error):
    grid = Grid(width=20, height=20)
    grid.set_data_source(1, lambda s, i: (10, 10), style=lambda s, i: answer)
    grid.reload()
    with pytest.raises(GridCallbackError) as e:
        grid.svg()
    assert e.value.message == "data source 'style' failed for item (section 0, item 0): " + error
    assert type(e.value.__cause__).__name__ == error.split(":")[0]
    grid.close()


@pytest.mark.parametrize("call, name", [(lambda g: g.reload(), "reload"), (lambda g: g.svg(), "svg"),
                                        (lambda g: g.draw(cols=5, rows=5), "draw")])
def test_style_may_not_change_or_draw_the_grid(call, name):
    grid = Grid(width=20, height=20)

    def style(s, i):
        call(grid)
    grid.set_data_source(1, lambda s, i: (10, 10), style=style)
    grid.reload()
    with pytest.raises(GridCallbackError) as e:
        grid.draw(cols=10, rows=5)
    assert isinstance(e.value.__cause__, GridStateError)
    assert e.value.__cause__.message == f"{name}: called from inside a data source callback of the same grid"
    grid.close()  # and so the cycle grid -> style -> grid ends here, not in a later test's GC


def test_arguments():
    grid = Grid()
    with pytest.raises(OverflowError, match=r"^draw: cols 0 is out of range \(1\.\.\.10000\)$"):
        grid.draw(cols=0)
    with pytest.raises(TypeError, match=r"^draw: rows must be an integer, not str 'x'$"):
        grid.draw(rows="x")
    with pytest.raises(TypeError, match=r"^set_data_source: style must be callable or None, not int 3$"):
        grid.set_data_source(1, lambda s, i: (1, 1), style=3)
    grid.close()
