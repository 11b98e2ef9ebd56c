"""`gridlayout layout`, the JSON command line (docs/json.md): exact frames for requests checked
by hand, the JSON Schemas against requests and responses, and every error class with its exact
message, exit status 2 and nothing on stdout.

The binary is the debug build's gridlayout-cli (installed as gridlayout), or GRIDLAYOUT_CLI.
"""

import json
import os
import re
import shutil
import subprocess
import sys
import time
from pathlib import Path

import jsonschema
import pytest

ROOT = Path(__file__).resolve().parents[2]
REQUEST_SCHEMA = json.loads((ROOT / "schemas" / "layout-request.schema.json").read_text())
RESPONSE_SCHEMA = json.loads((ROOT / "schemas" / "layout-response.schema.json").read_text())
VERSION = (ROOT / "VERSION").read_text().strip()


def bin_path():
    return Path(subprocess.run(["swift", "build", "--show-bin-path"], cwd=ROOT, check=True,
                               capture_output=True, text=True, timeout=120).stdout.strip())


@pytest.fixture(scope="session")
def cli():
    if os.environ.get("GRIDLAYOUT_CLI"):
        return os.environ["GRIDLAYOUT_CLI"]
    subprocess.run(["swift", "build", "--product", "gridlayout-cli"], cwd=ROOT, check=True,
                   stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, timeout=900)
    return str(bin_path() / "gridlayout-cli")


def run(cli, *args, stdin=""):
    """The command's result; `stdin` is text, or bytes as they are."""
    if isinstance(stdin, bytes):
        result = subprocess.run([cli, *args], input=stdin, capture_output=True, timeout=60)
        return subprocess.CompletedProcess(result.args, result.returncode, result.stdout.decode(),
                                           result.stderr.decode())
    return subprocess.run([cli, *args], input=stdin, capture_output=True, text=True, timeout=60)


def layout(cli, request):
    """Validates `request` and the response against their schemas; returns the response."""
    jsonschema.validate(request, REQUEST_SCHEMA)
    result = run(cli, "layout", stdin=json.dumps(request))
    assert result.returncode == 0, result.stderr
    assert result.stderr == ""
    response = json.loads(result.stdout)
    jsonschema.validate(response, RESPONSE_SCHEMA)
    return response


def item(s, i, x, y, w, h):
    return {"kind": "item", "section": s, "item": i, "x": x, "y": y, "w": w, "h": h, "pinned": False}


NINE = {"options": {"lanes": 3, "spacing": 10, "width": 320, "height": 200},
        "sections": [[[100, 100]] * 9], "offsets": [[0, 0], [0, 500]]}


def test_nine_grid(cli):
    response = layout(cli, NINE)
    frames = [[110 * (i % 3), 110 * (i // 3), 100, 100] for i in range(9)]
    assert response == {
        "contentSize": [320, 320],
        "sections": [{"items": frames}],
        "offsets": [
            {"offset": [0, 0], "visible": [item(0, i, *frames[i]) for i in range(6)]},
            # 500 is past the end: the offset is clamped to 320 - 200.
            {"offset": [0, 120], "visible": [item(0, i, *frames[i]) for i in range(3, 9)]},
        ],
    }


def test_waterfall_scales_items_to_the_column_width(cli):
    # Columns (210 - 10) / 2 = 100 wide; each item goes into the shorter column.
    response = layout(cli, {"options": {"layout": "waterfall", "columns": 2, "width": 210, "spacing": 10},
                            "sections": [[[200, 100], [100, 300], [50, 50], [100, 100]]]})
    assert response == {"contentSize": [210, 300],
                        "sections": [{"items": [[0, 0, 100, 50], [110, 0, 100, 300], [0, 60, 100, 100], [0, 170, 100, 100]]}],
                        "offsets": []}


def test_adaptive_columns_as_an_option_and_a_section_key(cli):
    # minColumnWidth 100 across 320, spacing 10: (330 / 110) 3 columns of 100; the second
    # section's own 150: (330 / 160) 2 columns of (320 - 10) / 2 = 155, after 210 + 10.
    response = layout(cli, {"options": {"layout": "waterfall", "width": 320, "spacing": 10, "minColumnWidth": 100},
                            "sections": [[[100, 100]] * 4,
                                         {"items": [[100, 100]] * 2, "options": {"minColumnWidth": 150}}]})
    assert response["sections"] == [
        {"items": [[0, 0, 100, 100], [110, 0, 100, 100], [220, 0, 100, 100], [0, 110, 100, 100]]},
        {"items": [[0, 220, 155, 155], [165, 220, 155, 155]]}]


def test_backgrounds_in_the_sections_and_the_visible_elements(cli):
    # docs/layout.md, "Section backgrounds": width 100, padding 5, one lane, no spacing; section 0
    # (header 10, two 90 x 20 items) spans 5...55: background [5, 5, 90, 50]; section 1 turns it
    # off; section 2 is empty and has none. Off, no section reports one.
    request = {"options": {"width": 100, "height": 40, "padding": 5, "lanes": 1, "spacing": 0, "background": True},
               "sections": [{"header": [0, 10], "items": [[90, 20]] * 2},
                            {"items": [[90, 20]], "options": {"background": False}}, []],
               "offsets": [[0, 0]]}
    response = layout(cli, request)
    assert response["sections"] == [
        {"background": [5, 5, 90, 50], "header": [0, 5, 100, 10], "items": [[5, 15, 90, 20], [5, 35, 90, 20]]},
        {"items": [[5, 55, 90, 20]]}, {"items": []}]
    assert response["offsets"][0]["visible"][:2] == [
        {"kind": "background", "section": 0, "x": 5, "y": 5, "w": 90, "h": 50, "pinned": False},
        {"kind": "header", "section": 0, "x": 0, "y": 5, "w": 100, "h": 10, "pinned": False}]
    jsonschema.validate(response, RESPONSE_SCHEMA)
    request["options"]["background"] = False
    assert all("background" not in s for s in layout(cli, request)["sections"])


def test_a_section_that_scrolls_sideways_and_its_offset(cli):
    # docs/layout.md, "Sections that scroll sideways": width 100, padding 10, spacing 10; five
    # 30 x 40 items in one line at x 10, 50, ..., 170; the range is 10...90, the offset goes up to
    # 200 - 90 = 110. An offset of 47 snaps to the item start at 50 (offset 40): x moves by -40.
    request = {"options": {"width": 100, "height": 200, "padding": 10, "spacing": 10},
               "sections": [{"items": [[30, 40]] * 5, "options": {"scroll": "cross", "sectionPaging": "item"}, "offset": 47},
                            {"count": 1, "size": [30, 40]}],
               "offsets": [[0, 0]]}
    response = layout(cli, request)
    assert response["sections"] == [
        {"offset": 40, "items": [[-30, 10, 30, 40], [10, 10, 30, 40], [50, 10, 30, 40], [90, 10, 30, 40], [130, 10, 30, 40]]},
        {"items": [[10, 60, 30, 40]]}]
    assert [(e["section"], e["item"]) for e in response["offsets"][0]["visible"]] == [(0, 1), (0, 2), (0, 3), (1, 0)]
    request["sections"][0]["offset"] = 1000
    assert layout(cli, request)["sections"][0]["offset"] == 110
    del request["sections"][0]["offset"]
    assert layout(cli, request)["sections"][0]["offset"] == 0


def test_headers_loader_same_size_section_and_a_pinned_header(cli):
    request = {"options": {"lanes": 2, "width": 200, "height": 100, "spacing": 10, "stickyHeaders": True},
               "sections": [{"items": [[50, 40], [50, 40], [50, 40]], "header": [999, 30]},
                            {"count": 2, "size": [60, 20], "header": [0, 25]}],
               "showLoader": True, "offsets": [[0, 100]]}
    response = layout(cli, request)
    assert response == {
        "contentSize": [200, 249],
        "sections": [{"header": [0, 0, 200, 30], "items": [[0, 40, 50, 40], [60, 40, 50, 40], [0, 90, 50, 40]]},
                     {"header": [0, 140, 200, 25], "items": [[0, 175, 60, 20], [70, 175, 60, 20]]}],
        "loader": [78, 205, 44, 44],
        "offsets": [{"offset": [0, 100], "visible": [
            {"kind": "header", "section": 0, "x": 0, "y": 100, "w": 200, "h": 30, "pinned": True},
            item(0, 2, 0, 90, 50, 40),
            {"kind": "header", "section": 1, "x": 0, "y": 140, "w": 200, "h": 25, "pinned": False},
            item(1, 0, 0, 175, 60, 20), item(1, 1, 70, 175, 60, 20)]}],
    }


def test_per_section_lanes_and_padding_object(cli):
    response = layout(cli, {"options": {"lanes": 1, "width": 100, "padding": {"top": 5, "left": 7}},
                            "sections": [{"items": [[10, 10], [10, 10]], "lanes": 2}]})
    assert response["sections"] == [{"items": [[7, 5, 10, 10], [17, 5, 10, 10]]}]
    assert response["contentSize"] == [100, 15]


def test_optimal_rows_as_an_option_and_a_section_key(cli):
    # docs/layout.md, "Optimal rows": W 600, rowHeight 100, lineSpacing 10, ARs 2, 1, 3, 5, 1, 1.5,
    # 1.5, 1. Greedy (section 0) leaves the panorama alone, 120 thick; optimal rows (section 1, from
    # 370) give it the next item (100 thick) and make the last three the widow row.
    items = [[200, 100], [100, 100], [300, 100], [500, 100], [100, 100], [150, 100], [150, 100], [100, 100]]
    response = layout(cli, {"options": {"layout": "justified", "width": 600, "lineSpacing": 10},
                            "sections": [{"items": items}, {"items": items, "options": {"rows": "optimal"}}]})
    assert response["sections"][0]["items"][3:5] == [[0, 110, 600, 120], [0, 240, 120, 120]]
    assert response["sections"][1]["items"][3:] == [[0, 480, 500, 100], [500, 480, 100, 100], [0, 590, 150, 100],
                                                   [150, 590, 150, 100], [300, 590, 100, 100]]
    assert response["contentSize"] == [600, 690]
    optimal = layout(cli, {"options": {"layout": "justified", "width": 600, "lineSpacing": 10, "rows": "optimal"},
                           "sections": [{"items": items}]})
    assert optimal["sections"][0]["items"] == [[x, y - 370, w, h] for x, y, w, h in response["sections"][1]["items"]]


def test_footers_inset_spans_and_section_options(cli):
    # The layouts of bindings/c/tests/test_composition.c: section 0 inside the grid's inset with a
    # header and a footer; section 1 a waterfall of 2 columns without inset.
    request = {"options": {"lanes": 2, "lineSpacing": 10, "itemSpacing": 4,
                           "inset": {"top": 5, "left": 6, "bottom": 7, "right": 8}, "height": 100},
               "sections": [{"header": [0, 20], "items": [[100, 50]] * 3, "footer": [0, 30]},
                            {"items": [[100, 100]] * 3, "options": {"layout": "waterfall", "columns": 2, "inset": 0}}],
               "offsets": [[0, 140]]}
    response = layout(cli, request)
    assert response == {
        "contentSize": [320, 528],
        "sections": [{"header": [0, 0, 320, 20], "items": [[6, 35, 100, 50], [110, 35, 100, 50], [6, 95, 100, 50]],
                      "footer": [0, 162, 320, 30]},
                     {"items": [[0, 202, 158, 158], [162, 202, 158, 158], [0, 370, 158, 158]]}],
        "offsets": [{"offset": [0, 140], "visible": [
            item(0, 2, 6, 95, 100, 50),
            {"kind": "footer", "section": 0, "x": 0, "y": 162, "w": 320, "h": 30, "pinned": False},
            item(1, 0, 0, 202, 158, 158), item(1, 1, 162, 202, 158, 158)]}],
    }
    # lanes: item 1 takes 2 of 3 lanes; waterfall: a banner takes every column
    response = layout(cli, {"options": {"lanes": 3, "spacing": 10},
                            "sections": [{"items": [[100, 50], [210, 50], [100, 50], [100, 50]], "spans": [None, 2, 1, None]},
                                         {"items": [[100, 100], [100, 50], [320, 40], [100, 100]], "spans": [None, None, True, None],
                                          "options": {"layout": "waterfall", "columns": 2}}]})
    assert response["sections"] == [
        {"items": [[0, 0, 100, 50], [110, 0, 210, 50], [0, 60, 100, 50], [110, 60, 100, 50]]},
        {"items": [[0, 120, 155, 155], [165, 120, 155, 77.5], [0, 285, 320, 40], [0, 335, 155, 155]]}]


def test_flow_alignment_as_options_and_section_options(cli):
    # docs/layout.md, "Flow alignment": 100 and 60 in 320 (spacing 10) leave 150 free; centred
    # from 75; the section's alignItems end puts the 30-thick item at 50 - 30 = 20.
    response = layout(cli, {"options": {"layout": "flow", "spacing": 10, "width": 320, "justify": "center"},
                            "sections": [{"items": [[100, 50], [60, 30]], "options": {"alignItems": "end"}},
                                         {"items": [[100, 50], [60, 30]], "options": {"justify": "spaceBetween"}}]})
    assert response["sections"] == [{"items": [[75, 0, 100, 50], [185, 20, 60, 30]]},
                                    {"items": [[0, 60, 100, 50], [260, 60, 60, 30]]}]


def test_numbers_read_back_as_the_same_doubles(cli):
    # Justified rows have fractional widths: each is written so that it reads back equal.
    request = {"options": {"layout": "justified", "width": 1000, "rowHeight": 97.3, "spacing": 3.1},
               "sections": [[[400, 300], [333.3, 200], [100, 100.7], [1234.5, 678.9], [0.1, 0.3]]]}
    response = layout(cli, request)
    frames = [f for s in response["sections"] for f in s["items"]]
    assert any(v != int(v) for f in frames for v in f)
    text = run(cli, "layout", stdin=json.dumps(request)).stdout
    numbers = re.findall(r"-?\d+(?:\.\d+)?(?:e[+-]?\d+)?", text)
    for n in numbers:
        assert float(n) == float(repr(float(n))) and not n.endswith(".0"), n


def test_a_billion_same_size_items_answer_at_once(cli):
    request = {"options": {"lanes": 4, "width": 40, "height": 20},
               "sections": [{"count": 1_000_000_000, "size": [10, 10]}], "frames": False,
               "offsets": [[0, 1e9]]}
    start = time.monotonic()
    response = layout(cli, request)
    assert time.monotonic() - start < 20  # a hang or a pass over the items, not a timing
    assert response["contentSize"] == [40, 2_500_000_000]
    assert "sections" not in response
    visible = response["offsets"][0]["visible"]
    assert [v["item"] for v in visible] == list(range(400_000_000, 400_000_008))
    assert visible[5] == item(0, 400_000_005, 10, 1_000_000_010, 10, 10)


def test_every_option_of_the_descriptor_is_accepted_with_its_default(cli):
    options = {name: o["default"] for name, o in REQUEST_SCHEMA["properties"]["options"]["properties"].items()}
    assert len(options) >= 23
    layout(cli, {"options": options, "sections": []})


def test_schemas_are_what_the_engine_describes_now():
    result = subprocess.run([sys.executable, str(ROOT / "tools" / "json-schema.py"), "--check"], cwd=ROOT,
                            capture_output=True, text=True, timeout=900)
    assert result.returncode == 0, result.stderr
    jsonschema.Draft202012Validator.check_schema(REQUEST_SCHEMA)
    jsonschema.Draft202012Validator.check_schema(RESPONSE_SCHEMA)


# Every error class: the message, exit status 2, nothing on stdout. `schema` says whether the
# request schema refuses the request too (invalid JSON and engine errors it cannot express).
ERRORS = [
    ("{", "request: invalid JSON (line 1, column 2: premature EOF)", None),
    ('{"sections": [[[1, 2]]', "request: invalid JSON (line 1, column 23: premature EOF)", None),
    ("", "request: invalid JSON (line 1, column 1: premature EOF)", None),
    ('{"sections": []} []', "request: invalid JSON (line 1, column 18: trailing garbage)", None),
    ('{"sections":\n  [[[1, 2]] x]}', "request: invalid JSON (line 2, column 13: invalid char in json text)", None),
    # Not UTF-8: the first byte that is not, with its line and column (characters, from 1).
    ('{"sections": [], "\u00e9": "\udcff"}', "request: the input is not UTF-8 (byte 0xFF at line 1, column 24)", None),
    ('{"sections": [],\n "x": "\udcc0\udc80"}', "request: the input is not UTF-8 (byte 0xC0 at line 2, column 8)", None),
    # A key twice in one object is refused, wherever it is, naming its path (the decoder would
    # keep one of the values and never check the other).
    ('{"options": {"lanes": 2}, "sections": [], "options": {"lanes": 0}}',
     "options: the key is repeated (a key may appear once in an object)", None),
    ('{"sections": [{"items": [[1, 1]], "lanes": 2, "lanes": 0}]}',
     "sections[0].lanes: the key is repeated (a key may appear once in an object)", None),
    ('{"sections": [[], {"items": [], "options": {"inset": {"top": 1, "left": 2, "top": 3}}}]}',
     "sections[1].options.inset.top: the key is repeated (a key may appear once in an object)", None),
    ('{"sections": [], "options": {' + ", ".join(f'"k{k}": {k}' for k in range(40)) + ', "k31": 0}}',
     "options.k31: the key is repeated (a key may appear once in an object)", None),
    ('{"sections": ' + "[" * 512 + "]" * 512 + "}",
     "request: arrays and objects nested more than 512 deep (at line 1, column 525)", None),
    ('{"sections": [[[1e400, 2]]]}', "sections[0][0][0]: a number out of range is invalid (expected a number)", None),
    ("[]", "request: an array is invalid (expected an object)", True),
    ("{}", 'sections: missing (a request needs "sections")', True),
    ('{"sections": [], "bogus": 1}', "bogus: unknown key (expected one of options, sections, showLoader, offsets, frames)", True),
    ('{"sections": {}}', "sections: an object is invalid (expected an array of sections)", True),
    ('{"sections": [[], [], [[1, 2], [3, -3]]]}', "sections[2][1][1]: -3 is invalid (expected a finite number >= 0)", True),
    ('{"sections": [[[1, "x"]]]}', 'sections[0][0][1]: "x" is invalid (expected a number)', True),
    ('{"sections": [[[1, 2, 3]]]}', "sections[0][0]: an array of 3 elements is invalid (expected [w, h])", True),
    ('{"sections": [[[1, null]]]}', "sections[0][0][1]: null is invalid (expected a number)", True),
    ('{"sections": [true]}', 'sections[0]: true is invalid (expected an array of [w, h] or an object with "items" or "count")', True),
    ('{"sections": [{"items": [[1, 2], [-1, 2]]}]}', "sections[0].items[1][0]: -1 is invalid (expected a finite number >= 0)", True),
    ('{"sections": [{"items": [], "header": [3, -1]}]}', "sections[0].header[1]: -1 is invalid (expected a finite number >= 0)", True),
    ('{"sections": [{"count": 3}]}', 'sections[0].size: missing (required with "count")', True),
    ('{"sections": [{"size": [1, 1]}]}', 'sections[0].count: missing (required with "size")', True),
    ('{"sections": [{}]}', 'sections[0]: missing "items" or "count"', True),
    ('{"sections": [{"items": [], "count": 1}]}', 'sections[0].count: not allowed with "items"', True),
    ('{"sections": [{"count": -1, "size": [1, 1]}]}', "sections[0].count: -1 is invalid (expected an integer in 0...9007199254740992)", True),
    ('{"sections": [{"count": 1.5, "size": [1, 1]}]}', "sections[0].count: 1.5 is invalid (expected an integer in 0...9007199254740992)", True),
    ('{"sections": [{"items": [], "lanes": 0}]}', "sections[0].lanes: 0 is invalid (expected an integer in 1...10000)", True),
    ('{"sections": [{"items": [], "colour": 1}]}',
     "sections[0].colour: unknown key (expected one of items, count, size, header, footer, lanes, spans, options, offset)", True),
    ('{"sections": [{"items": [], "footer": [1]}]}', "sections[0].footer: an array of 1 element is invalid (expected [w, h])", True),
    ('{"sections": [{"items": [[1, 1], [1, 1], [1, 1], [1, 1]], "spans": [1, null, true, 0]}]}',
     "sections[0].spans[3]: 0 is invalid (expected an integer >= 1, true or null)", True),
    ('{"sections": [{"items": [[1, 1]], "spans": [false]}]}',
     "sections[0].spans[0]: false is invalid (expected an integer >= 1, true or null)", True),
    ('{"sections": [{"items": [[1, 1]], "spans": [1.5]}]}',
     "sections[0].spans[0]: 1.5 is invalid (expected an integer >= 1, true or null)", True),
    ('{"sections": [{"items": [[1, 1]], "spans": ["2"]}]}',
     'sections[0].spans[0]: "2" is invalid (expected an integer >= 1, true or null)', True),
    ('{"sections": [{"items": [[1, 1], [1, 1]], "spans": [1]}]}',
     "sections[0].spans: 1 span for 2 items (expected one per item)", False),
    ('{"sections": [{"items": [[1, 1]], "spans": 2}]}',
     "sections[0].spans: 2 is invalid (expected an array of spans (an integer >= 1, true or null))", True),
    ('{"sections": [[], {"items": [], "options": {"lanes": 0}}]}', "sections[1].options.lanes: 0 is invalid (expected 1...10000)", True),
    ('{"sections": [{"items": [], "options": {"rowHeight": -1}}]}',
     "sections[0].options.rowHeight: -1 is invalid (expected a finite number > 0)", True),
    ('{"sections": [{"items": [], "options": {"layout": "grid"}}]}',
     'sections[0].options.layout: "grid" is invalid (expected one of "lanes", "waterfall", "flow", "justified")', True),
    ('{"options": {"rows": "best"}, "sections": []}', 'options.rows: "best" is invalid (expected one of "greedy", "optimal")', True),
    ('{"sections": [{"items": [], "options": {"rows": "best"}}]}',
     'sections[0].options.rows: "best" is invalid (expected one of "greedy", "optimal")', True),
    ('{"sections": [{"items": [], "options": {"inset": {"top": -1}}}]}',
     "sections[0].options.inset.top: -1 is invalid (expected a finite number >= 0)", True),
    ('{"sections": [{"items": [], "options": {"padding": 1}}]}',
     "sections[0].options.padding: unknown section option (expected one of layout, lanes, columns, order, rowHeight, "
     "tolerance, widow, spacing, lineSpacing, itemSpacing, inset, minColumnWidth, rows, justify, alignItems, background, scroll, sectionPaging)", True),
    ('{"options": {"justify": "centre"}, "sections": []}',
     'options.justify: "centre" is invalid (expected one of "start", "center", "end", "spaceBetween", "spaceAround", '
     '"spaceEvenly") (did you mean "center"?)', True),
    ('{"sections": [{"items": [], "options": {"alignItems": 3}}]}',
     'sections[0].options.alignItems: 3 is invalid (expected one of "start", "center", "end")', True),
    ('{"options": {"background": 3}, "sections": []}', "options.background: 3 is invalid (expected true or false)", True),
    ('{"sections": [{"items": [], "options": {"background": 3}}]}',
     "sections[0].options.background: 3 is invalid (expected true or false)", True),
    ('{"sections": [{"items": [], "options": []}]}', "sections[0].options: an array is invalid (expected an object of section options)", True),
    ('{"sections": [{"count": 2, "size": [30, 40], "offset": 3}]}',
     "sections[0].offset: scrollSection(_:to:): section 0 does not scroll sideways (it needs the option 'scroll' = 'cross' and items)", False),
    ('{"sections": [{"count": 2, "size": [30, 40], "offset": "3"}]}', 'sections[0].offset: "3" is invalid (expected a number)', True),
    ('{"sections": [{"items": [], "options": {"scroll": "cros"}}]}',
     'sections[0].options.scroll: "cros" is invalid (expected one of "main", "cross") (did you mean "cross"?)', True),
    ('{"options": {"inset": -2}, "sections": []}', "options.inset: -2 is invalid (expected a finite number >= 0)", True),
    ('{"sections": [], "showLoader": 1}', "showLoader: 1 is invalid (expected true or false)", True),
    ('{"sections": [], "offsets": [[0, "1"]]}', 'offsets[0][1]: "1" is invalid (expected a number)', True),
    ('{"sections": [], "offsets": [0]}', "offsets[0]: 0 is invalid (expected [x, y])", True),
    ('{"options": {"lanes": 0}, "sections": []}', "options.lanes: 0 is invalid (expected 1...10000)", True),
    ('{"options": {"lanes": 2.5}, "sections": []}', "options.lanes: 2.5 is invalid (expected an integer)", True),
    ('{"options": {"lanes": "3"}, "sections": []}', 'options.lanes: "3" is invalid (expected a number)', True),
    ('{"options": {"foo": 0}, "sections": []}', "options.foo: unknown option", True),
    ('{"options": {"lanse": 3}, "sections": []}', 'options.lanse: unknown option (did you mean "lanes"?)', True),
    ('{"sections": [], "offset": [[0, 0]]}',
     'offset: unknown key (expected one of options, sections, showLoader, offsets, frames) (did you mean "offsets"?)', True),
    ('{"options": {"layout": "grid"}, "sections": []}',
     'options.layout: "grid" is invalid (expected one of "lanes", "waterfall", "flow", "justified")', True),
    ('{"options": {"rowHeight": 0}, "sections": []}', "options.rowHeight: 0 is invalid (expected a finite number > 0)", True),
    ('{"options": {"tolerance": 2}, "sections": []}', "options.tolerance: 2 is invalid (expected a number in 0...1)", True),
    ('{"options": {"sort": "yes"}, "sections": []}', 'options.sort: "yes" is invalid (expected true or false)', True),
    ('{"options": {"padding": -1}, "sections": []}', "options.padding: -1 is invalid (expected a finite number >= 0)", True),
    ('{"options": {"padding": {"top": -1}}, "sections": []}', "options.padding.top: -1 is invalid (expected a finite number >= 0)", True),
    ('{"options": {"padding": {"up": 1}}, "sections": []}', "options.padding.up: unknown key (expected one of top, left, bottom, right)", True),
    ('{"options": {"loaderSize": [1, -2]}, "sections": []}', "options.loaderSize[1]: -2 is invalid (expected a finite number >= 0)", True),
    ('{"options": [], "sections": []}', "options: an array is invalid (expected an object of options)", True),
    ('{"sections": [{"count": 1000000000, "size": [1, 1]}]}',
     'frames: listing more than 100000000 items is refused (set "frames": false)', False),
    # Engine errors name the item, section or option the engine names.
    ('{"options": {"layout": "justified"}, "sections": [[[1, 1]], {"items": [[1, 1], [2, 0]]}]}',
     "sections[1].items[1]: [2, 0] has no aspect ratio (justified needs a size > 0 along the scroll axis)", False),
    ('{"sections": [[[1, 1]], {"count": 200000000, "size": [1, 1]}], "frames": false}',
     "sections[1]: section 1: its items make 200000001 stored frames, past the limit of 100000000 "
     "(same-size lanes, flow and waterfall store none)", False),
    ('{"sections": [{"count": 9007199254740992, "size": [1, 1e300]}], "frames": false}',
     "sections[0]: section 0 would end at inf, past the largest content extent of 1099511627776 points "
     "(2^40, where frames stay exact to 1/4096 point)", False),
    ('{"sections": [{"count": 9007199254740992, "size": [1, 1]}, {"count": 9007199254740992, "size": [1, 1]}]}',
     'frames: listing more than 100000000 items is refused (set "frames": false)', False),
    ('{"options": {"layout": "waterfall", "columns": 3, "spacing": 200, "width": 300}, "sections": [[[1, 1]]]}',
     "options.columns: waterfall: 3 columns with itemSpacing 200 do not fit in 300 (the viewport less padding)", False),
    ('{"options": {"width": 300}, "sections": [[[1, 1]], {"items": [[1, 1]], "options": {"layout": "waterfall", "columns": 3, "spacing": 200}}]}',
     "sections[1].options: waterfall: section 1: 3 columns with itemSpacing 200 do not fit in 300 (the viewport less padding and the section's inset)", False),
]


@pytest.mark.parametrize("text,message,schema", ERRORS, ids=[e[1][:60] for e in ERRORS])
def test_error(cli, text, message, schema):
    # Lone surrogates stand for the bytes that are not UTF-8.
    result = run(cli, "layout", stdin=text.encode("utf-8", "surrogateescape"))
    assert (result.returncode, result.stdout, result.stderr) == (2, "", f"gridlayout: {message}\n")
    if schema is not None:
        refused = not jsonschema.Draft202012Validator(REQUEST_SCHEMA).is_valid(json.loads(text))
        assert refused == schema


def test_file_argument_and_stdin_dash(cli, tmp_path):
    request = tmp_path / "request.json"
    request.write_text(json.dumps(NINE))
    from_file = run(cli, "layout", str(request))
    from_stdin = run(cli, "layout", "-", stdin=json.dumps(NINE))
    assert from_file.returncode == 0 and from_file.stdout == from_stdin.stdout
    missing = run(cli, "layout", str(tmp_path / "nothing.json"))
    assert missing.returncode == 2 and missing.stdout == ""
    assert missing.stderr == f"gridlayout: cannot read {tmp_path / 'nothing.json'}: No such file or directory\n"


def test_command_line(cli):
    assert run(cli, "--version").stdout == f"gridlayout {VERSION}\n"
    help_text = run(cli, "--help")
    assert help_text.returncode == 0 and help_text.stdout.startswith("usage: gridlayout layout [--max-input BYTES] [FILE]\n")
    usage = "(usage: gridlayout layout [--max-input BYTES] [FILE])"
    for args, message in [((), "a command is needed (usage: gridlayout layout [FILE]; gridlayout justified --flickr [FILE]; gridlayout --help)"),
                          (("draw",), "unknown command draw (usage: gridlayout layout [FILE]; gridlayout justified --flickr [FILE]; gridlayout --help)"),
                          (("layout", "a", "b"), f"layout: one FILE at most {usage}"),
                          (("layout", "--pretty"), f"layout: unknown option --pretty {usage}"),
                          (("layout", "--max-inptu", "4"), f"layout: unknown option --max-inptu (did you mean '--max-input'?) {usage}"),
                          (("layout", "--max-input"), f"layout: --max-input needs a number of bytes {usage}"),
                          (("layout", "--max-input", "0"),
                           "layout: bad value '0' for --max-input (a number of bytes >= 1, with an optional K, M or G)"),
                          (("layout", "--max-input=12T"),
                           "layout: bad value '12T' for --max-input (a number of bytes >= 1, with an optional K, M or G)"),
                          (("layout", "--max-input", "99999999999999999999"),
                           "layout: bad value '99999999999999999999' for --max-input (a number of bytes >= 1, with an optional K, M or G)")]:
        result = run(cli, *args)
        assert (result.returncode, result.stdout, result.stderr) == (2, "", f"gridlayout: {message}\n")


def test_the_input_is_bounded(cli, tmp_path):
    """At most --max-input bytes (256 MiB by default) are read, from a file or standard input:
    past that the command stops reading and refuses the input."""
    request = json.dumps(NINE).encode()
    n = len(request)
    exact = run(cli, "layout", "--max-input", str(n), stdin=request)
    assert exact.returncode == 0 and exact.stderr == ""
    largest = run(cli, "layout", f"--max-input={2**63 - 1}", stdin=request)
    assert largest.returncode == 0 and largest.stdout == exact.stdout
    refused = run(cli, "layout", f"--max-input={n - 1}", stdin=request)
    assert (refused.returncode, refused.stdout) == (2, "")
    assert refused.stderr == (f"gridlayout: standard input: the input is larger than {n - 1} bytes "
                              "(--max-input BYTES raises the limit)\n")
    path = tmp_path / "request.json"
    path.write_bytes(request)
    from_file = run(cli, "layout", "--max-input", "1K", str(path))
    assert from_file.returncode == 0 and from_file.stdout == exact.stdout
    too_large = run(cli, "layout", str(path), "--max-input", "16")
    assert too_large.stderr == (f"gridlayout: {path}: the input is larger than 16 bytes "
                                "(--max-input BYTES raises the limit)\n")
    flickr = run(cli, "justified", "--flickr", "--max-input", "4", stdin="[1, 2, 3]")
    assert (flickr.returncode, flickr.stdout) == (2, "")
    assert flickr.stderr == ("gridlayout: standard input: the input is larger than 4 bytes "
                             "(--max-input BYTES raises the limit)\n")
    # An endless input stops at the default limit, after reading 256 MiB and no more.
    start = time.monotonic()
    endless = subprocess.run([cli, "layout", "/dev/zero"], capture_output=True, text=True, timeout=60)
    assert (endless.returncode, endless.stdout) == (2, "")
    assert endless.stderr == ("gridlayout: /dev/zero: the input is larger than 268435456 bytes "
                              "(--max-input BYTES raises the limit)\n")
    assert time.monotonic() - start < 30


def doc_examples():
    """docs/json.md's ```json request blocks, each followed by its ```json response block."""
    text = (ROOT / "docs" / "json.md").read_text()
    blocks = re.findall(r"^```json (request|response)\n(.*?)^```$", text, re.M | re.S)
    pairs = []
    for (kind, body), (next_kind, next_body) in zip(blocks, blocks[1:]):
        if kind == "request" and next_kind == "response":
            pairs.append((body, next_body))
    return pairs


def test_the_docs_examples_give_their_responses(cli):
    pairs = doc_examples()
    assert len(pairs) >= 2
    for request, response in pairs:
        assert layout(cli, json.loads(request)) == json.loads(response)


def test_the_readme_and_man_page_examples(cli):
    readme = (ROOT / "README.md").read_text()
    section = readme.split("## JSON\n", 1)[1]
    request = re.search(r"^echo '(.*)' \\$", section, re.M).group(1)
    expected = "".join(line[2:] + "\n" for line in re.findall(r"^# .*$", section.split("```", 2)[1], re.M))
    assert run(cli, "layout", stdin=request).stdout == expected
    man = (ROOT / "man" / "gridlayout.1").read_text().split(".SH EXAMPLES", 1)[1].split(".fi", 1)[0]
    lines = man.replace("\\(aq", "'").split("\n")
    start = next(i for i, line in enumerate(lines) if line.startswith("$ echo"))
    end = next(i for i, line in enumerate(lines) if "| gridlayout layout" in line)
    man_request = " ".join(line.strip() for line in lines[start:end + 1])
    man_request = man_request.removeprefix("$ echo '").split("' | gridlayout layout")[0]
    assert json.loads(man_request) == json.loads(request)
    assert "\n".join(lines[end + 1:]).strip() + "\n" == expected


def progress_output(cli, request, after):
    """What `gridlayout layout` writes on standard error when it is a terminal (a pty)."""
    import pty
    master, slave = pty.openpty()
    env = dict(os.environ, GRIDLAYOUT_PROGRESS_AFTER=after)
    result = subprocess.run([cli, "layout"], input=json.dumps(request).encode(), stdout=subprocess.PIPE,
                            stderr=slave, env=env, timeout=120)
    os.close(slave)
    written = b""
    while True:
        try:
            chunk = os.read(master, 65536)
        except OSError:
            break
        if not chunk:
            break
        written += chunk
    os.close(master)
    assert result.returncode == 0
    return written.decode(), json.loads(result.stdout)


def test_progress_shows_on_a_terminal_past_its_delay_and_never_in_a_pipe(cli):
    # 70,000 items: the progress line counts them read (every 65,536) and written, on one line
    # redrawn in place (carriage return, erase line) and erased at the end.
    request = {"options": {"layout": "waterfall", "columns": 3},
               "sections": [{"items": [[100, 50 + (i % 7) * 10] for i in range(70_000)]}], "offsets": []}
    shown, response = progress_output(cli, request, "0")
    assert "\r\x1b[Kgridlayout: read 65,536 items" in shown
    assert "\r\x1b[Kgridlayout: wrote 65,536 of 70,000 frames" in shown
    assert shown.endswith("\r\x1b[K")
    assert len(response["sections"][0]["items"]) == 70_000
    # Within its delay (1 second by default) a short command shows nothing, and a pipe never does.
    shown, _ = progress_output(cli, {"sections": [[[10, 10]]]}, "1")
    assert shown == ""
    result = run(cli, "layout", stdin=json.dumps(request))
    assert (result.returncode, result.stderr) == (0, "")


def test_help_points_at_the_installed_docs(cli, tmp_path):
    """--help names the format's page where an install put it (share/doc/gridlayout beside bin/),
    and the source tree's path when the command runs from a build."""
    prefix = tmp_path / "prefix"
    (prefix / "bin").mkdir(parents=True)
    shutil.copy(cli, prefix / "bin" / "gridlayout")
    doc = prefix / "share" / "doc" / "gridlayout"
    for name in ("docs/json.md", "schemas/layout-request.schema.json", "schemas/layout-response.schema.json"):
        (doc / name).parent.mkdir(parents=True, exist_ok=True)
        (doc / name).write_text("")
    installed = run(str(prefix / "bin" / "gridlayout"), "--help").stdout
    assert f"The format: {doc}/docs/json.md,\nthe schemas {doc}/schemas/layout-request.schema.json and\n" \
           f"{doc}/schemas/layout-response.schema.json.\n" in installed
    assert "The format: docs/json.md,\nthe schemas schemas/layout-request.schema.json and\n" \
           "schemas/layout-response.schema.json.\n" in run(cli, "--help").stdout
