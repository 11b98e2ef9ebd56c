"""The shared layout fixtures (Tests/fixtures/layout/*.json, format in Tests/fixtures/README.md)
through the Python face: options as keywords, the sections through `set_sections`, then the exact
content size, every frame, and the visible elements at each offset. Indices from 0."""

import json
import os
import subprocess
import sys

import pytest

from gridlayout import Grid, Rect, Size, Uniform, options

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))
FIXTURES = os.path.join(REPO, "Tests", "fixtures", "layout")
NAMES = sorted(f[:-5] for f in os.listdir(FIXTURES) if f.endswith(".json"))


def load(name):
    with open(os.path.join(FIXTURES, name + ".json"), encoding="utf-8") as f:
        return json.load(f)


def option(name):
    """The option the fixtures call `name` (the engine's name, rowHeight), as the library
    describes it: its keyword is Python's (row_height)."""
    return {o.name: o for o in options()}[name]


def rect(r):
    return None if r is None else Rect(*r)


def test_every_fixture_file_is_run():
    assert len(NAMES) >= 12
    for name in NAMES:
        fx = load(name)
        assert set(fx) == {"description", "options", "data", "contentSize", "frames", "viewports"}, name
        assert set(fx["data"]) <= {"sections", "showLoader", "sameSize"}, name
        for section in fx["data"]["sections"]:
            assert set(section) <= {"sizes", "count", "size", "header", "lanes"}, name


def test_the_c_test_is_generated_from_every_fixture():
    """bindings/c/tests/test_fixtures.c is what the fixtures give (the C face runs them all)."""
    result = subprocess.run([sys.executable, os.path.join(REPO, "tools", "layout_fixtures.py"), "c", "--check"],
                            capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    assert result.stdout == f"bindings/c/tests/test_fixtures.c: up to date with {len(NAMES)} fixtures\n"


@pytest.mark.parametrize("name", NAMES)
def test_fixture(name):
    fx = load(name)
    kw_options = {}
    for key, value in fx["options"].items():
        o = option(key)
        kw_options[o.keyword] = (value["w"], value["h"]) if o.kind == "size" else value
    data = fx["data"]
    same_size = data.get("sameSize", False)
    sections = [s["sizes"] if "sizes" in s else Uniform(s["size"], s["count"]) if same_size
                else [s["size"]] * s["count"] for s in data["sections"]]
    with Grid(**kw_options) as grid:
        grid.set_sections(sections, headers=[s.get("header") for s in data["sections"]],
                          lanes=[s.get("lanes") for s in data["sections"]],
                          show_loader=data.get("showLoader", False), same_size=same_size)
        grid.reload()
        assert grid.content_size() == Size(*fx["contentSize"])
        frames = fx["frames"]
        assert grid.section_count() == len(frames["items"])
        for s, items in enumerate(frames["items"]):
            assert grid.item_count(s) == len(items)
            assert [grid.frame(s, i) for i in range(len(items))] == [Rect(*r) for r in items], f"section {s}"
            assert grid.header_frame(s) == rect(frames["headers"][s]), f"header {s}"
        assert grid.loader_frame() == rect(frames["loader"])
        for viewport in fx["viewports"]:
            grid.scroll_to(*viewport["offset"])
            assert list(grid.offset()) == viewport["offset"]
            got = [[e.kind, e.section, e.item, e.x, e.y, e.w, e.h] + ([True] if e.pinned else [])
                   for e in grid.visible()]
            assert got == viewport["visible"], f"visible at {viewport['offset']}"
