"""`gridlayout justified --flickr` (docs/json.md): flickr/justified-layout 4.1.0's own answers for
the 40 cases of Tests/fixtures/flickr, matched exactly (the same keys in the same order, the boxes
in order, every number equal), `gridlayout layout` (the engine itself) against the library's
boxes, and every error class with its exact message, exit status 2 and nothing on stdout.

With JUSTIFIED_LAYOUT set to a directory holding the library (its package.json and lib/), random
documents are also compared with what node and the library print for them.
"""

import json
import math
import os
import random
import re
import shutil
import subprocess
from pathlib import Path

import pytest

from test_cli import cli, run  # noqa: F401 (the session fixture that builds the binary)

ROOT = Path(__file__).resolve().parents[2]
FIXTURES = sorted((ROOT / "Tests" / "fixtures" / "flickr").glob("case*.json"))


def flickr(cli, document, *args):
    """The parsed output for `document` (a dict, a list or JSON text); asserts a clean exit."""
    text = document if isinstance(document, str) else json.dumps(document)
    result = run(cli, "justified", "--flickr", *args, stdin=text)
    assert result.returncode == 0, result.stderr
    assert result.stderr == ""
    return json.loads(result.stdout)


def assert_same(actual, expected):
    """Equal values, and the same keys in the same order in the output and in every box."""
    assert actual == expected
    assert list(actual) == list(expected)
    for mine, theirs in zip(actual["boxes"], expected["boxes"]):
        assert list(mine) == list(theirs)


def test_forty_fixtures():
    assert len(FIXTURES) == 40


@pytest.mark.parametrize("path", FIXTURES, ids=[p.stem for p in FIXTURES])
def test_the_librarys_own_answers(cli, path):
    # The file as it is: the command ignores "output".
    result = run(cli, "justified", "--flickr", str(path))
    assert (result.returncode, result.stderr) == (0, "")
    assert_same(json.loads(result.stdout), json.loads(path.read_text())["output"])


@pytest.mark.parametrize("path", FIXTURES, ids=[p.stem for p in FIXTURES])
def test_a_cadence_no_row_reaches_changes_nothing(cli, path):
    """A cadence past the row count makes no breakout row (nor is it past the engine's range of
    breakoutCadence): the output is the one without it."""
    case = json.loads(path.read_text())
    if case["options"].get("fullWidthBreakoutRowCadence", False) is not False:
        pytest.skip("has breakout rows")
    options = dict(case["options"], fullWidthBreakoutRowCadence=10**9)
    assert_same(flickr(cli, {"input": case["input"], "options": options}), case["output"])


def test_bare_array_defaults_and_stdin_dash(cli, tmp_path):
    # The library README's example, with its defaults (containerWidth 1060, padding 10, spacing 10,
    # targetRowHeight 320, tolerance 0.25); 4.1.0 answers 1268.619325801832 where the README,
    # older, shows 1269.
    out = flickr(cli, [0.5, 1.5, 1, 1.8, 0.4, 0.7, 0.9, 1.1, 1.7, 2, 2.1])
    assert (out["containerHeight"], out["widowCount"], len(out["boxes"])) == (1268.619325801832, 0, 11)
    assert out["boxes"][:2] == [
        {"aspectRatio": 0.5, "top": 10, "width": 170, "height": 340, "left": 10},
        {"aspectRatio": 1.5, "top": 10, "width": 510, "height": 340, "left": 190},
    ]
    assert flickr(cli, [], "-") == {"containerHeight": 10, "widowCount": 0, "boxes": []}
    path = tmp_path / "doc.json"
    path.write_text(json.dumps({"input": [1, 1], "options": {}, "note": "ignored"}))
    assert flickr(cli, "", str(path)) == flickr(cli, [1, 1])


# Rows of 1040 (1060 less padding), target 320: a row closes once its ratios sum to 2.4375
# (1040 / 320 * 0.75). 1.5 + 1.5 closes one at (1040 - 10) / 3 = 343.33 high, each box 515 wide;
# the widows after it take that height. The numbers are the library's own (node, 4.1.0).
H = 343.3333333333333
ROW = [{"aspectRatio": 1.5, "top": 10, "width": 515, "height": H, "left": 10},
       {"aspectRatio": 1.5, "top": 10, "width": 515, "height": H, "left": 535}]


def test_the_docs_example(cli):
    """docs/json.md's ```json flickr blocks give, byte for byte, the ```json flickr-output after them."""
    text = (ROOT / "docs" / "json.md").read_text()
    blocks = re.findall(r"^```json (flickr|flickr-output)\n(.*?)^```$", text, re.M | re.S)
    pairs = [(a[1], b[1]) for a, b in zip(blocks, blocks[1:]) if (a[0], b[0]) == ("flickr", "flickr-output")]
    assert len(pairs) >= 1
    for document, output in pairs:
        result = run(cli, "justified", "--flickr", stdin=document)
        assert (result.returncode, result.stdout, result.stderr) == (0, output, "")


def test_widow_styles(cli):
    # Centred: (1040 - (10 + 171.67 + 10)) / 2 + 10 more spacing, the library's own offset.
    out = flickr(cli, {"input": [1.5, 1.5, 0.5], "options": {"widowLayoutStyle": "center"}})
    widow = {"aspectRatio": 0.5, "top": 363.3333333333333, "width": 171.66666666666666, "height": H, "left": 444.1666666666667}
    assert out == {"containerHeight": 716.6666666666666, "widowCount": 1, "boxes": ROW + [widow]}
    # Justified: the shortfall, -343.33 a box, is taken in rounded steps (-343, then -687 in all).
    out = flickr(cli, {"input": [1.5, 1.5, 0.5, 0.5], "options": {"widowLayoutStyle": "justify"}})
    assert out["boxes"][2:] == [
        {"aspectRatio": 0.5, "top": 363.3333333333333, "width": 514.6666666666666, "height": H, "left": 10},
        {"aspectRatio": 0.5, "top": 363.3333333333333, "width": 515.6666666666666, "height": H, "left": 534.6666666666666}]
    assert (out["widowCount"], out["containerHeight"]) == (2, 716.6666666666666)
    hidden = flickr(cli, {"input": [1.5, 1.5, 0.5], "options": {"showWidows": False}})
    assert hidden == {"containerHeight": 363.3333333333333, "widowCount": 0, "boxes": ROW}


def test_past_the_engines_extent(cli):
    # Rows 5e11 high end past 2^40 points, the engine's bound: the engine breaks them at lengths
    # divided by a power of two, which takes the same decisions; the numbers are the library's.
    out = flickr(cli, {"input": [4, 4, 4], "options": {"targetRowHeight": 1e12}})
    assert out["containerHeight"] == 1500000000040 and [b["top"] for b in out["boxes"]] == [10, 500000000020, 1000000000030]


def test_forced_ratio_and_max_rows(cli):
    # forceAspectRatio replaces every ratio and adds the flag after it; maxNumRows stops the
    # layout after that many rows, widows and all.
    out = flickr(cli, {"input": [{"width": 4, "height": 3}] * 9, "options": {"forceAspectRatio": 1, "maxNumRows": 1}})
    assert out == {"containerHeight": 360, "widowCount": 0, "boxes": [
        {"aspectRatio": 1, "forcedAspectRatio": True, "top": 10, "width": 340, "height": 340, "left": left}
        for left in (10, 360, 710)]}
    assert list(out["boxes"][0]) == ["aspectRatio", "forcedAspectRatio", "top", "width", "height", "left"]


ERRORS = [
    ('{"input": [1, 2', "document: invalid JSON (line 1, column 16: premature EOF)"),
    ('{"input": [1, "\udcff"]}', "document: the input is not UTF-8 (byte 0xFF at line 1, column 16)"),
    ('[' * 513 + ']' * 513, "document: arrays and objects nested more than 512 deep (at line 1, column 513)"),
    ('"photos"', 'document: "photos" is invalid (expected an object with "input" or an array of items)'),
    ('{"options": {}}', "input: missing (the items to lay out)"),
    ('{"input": {"width": 1, "height": 1}}', 'input: an object is invalid (expected an array of aspect ratios or {"width", "height"})'),
    ('[1, "2"]', 'input[1]: "2" is invalid (expected an aspect ratio or {"width", "height"})'),
    ('[1, 0]', "input[1]: 0 is invalid (expected an aspect ratio: a finite number > 0)"),
    ('{"input": [1, {"width": 3}]}', "input[1].height: missing (an item object needs width and height)"),
    ('{"input": [' + "1, " * 17 + '{"width": -3, "height": 2}]}', "input[17].width: -3 is invalid (expected a finite number > 0)"),
    ('[{"width": 2, "height": null}]', "input[0].height: null is invalid (expected a finite number > 0)"),
    ('[1e400]', 'input[0]: a number out of range is invalid (expected an aspect ratio or {"width", "height"})'),
    ('[1e308, 1]', "input[0]: its box's width comes out NaN or infinite (its row's spacing takes all the width, or a number overflows)"),
    # Two boxes in a row of 10 with 10 between them: no width left (the library scales the widths
    # by 0 / 0 and prints null).
    ('{"input": [5, 5], "options": {"containerWidth": 10, "containerPadding": 0, "targetRowHeight": 1, "targetRowHeightTolerance": 0}}',
     "options.boxSpacing: 10 between the 2 boxes of row 1 leaves them no width (the row is 10 wide)"),
    # Spacing past the row's width: the library's widths would be negative.
    ('{"input": [1, 2, 3, 4], "options": {"boxSpacing": 1e300}}',
     "options.boxSpacing: 1e+300 is invalid (expected a number in 0...1099511627776 (the largest content extent))"),
    ('{"input": [1, 2, 3, 4], "options": {"boxSpacing": 1e6}}',
     "options.boxSpacing: 1000000 between the 2 boxes of row 1 leaves them no width (the row is 1040 wide)"),
    ('{"input": [1, 1, 1, 1, 1, 1, 1, 1], "options": {"boxSpacing": {"horizontal": 600, "vertical": 1}}}',
     "options.boxSpacing.horizontal: 600 between the 3 boxes of row 1 leaves them no width (the row is 1040 wide)"),
    # A {width, height} whose ratio overflows or underflows: named as the document has it, not as
    # the engine gets it.
    ('{"input": [1, {"width": 1e308, "height": 1e-10}]}',
     'input[1]: {"width": 1e+308, "height": 1e-10} gives the aspect ratio inf (expected width / height to be a finite number > 0)'),
    ('[{"width": 1e-300, "height": 1e300}]',
     'input[0]: {"width": 1e-300, "height": 1e+300} gives the aspect ratio 0 (expected width / height to be a finite number > 0)'),
    # Two rows 5e307 high with 1e308 between them (past the engine's extent: broken scaled down).
    ('{"input": [4, 4], "options": {"targetRowHeight": 1e308, "boxSpacing": {"horizontal": 10, "vertical": 1e308}}}',
     "input: containerHeight comes out infinite (the rows' heights overflow)"),
    # Rows past 2^40 points that a row this narrow cannot be scaled down to hold exactly (the
    # library answers: its widths are about 1e-20, its heights 5e299).
    ('{"input": [4, 4, 4], "options": {"containerWidth": 1e-20, "containerPadding": 0, "targetRowHeight": 1e300}}',
     "input: the rows end past 1099511627776 points, and a row 1e-20 wide with boxSpacing 10 is too narrow for "
     "targetRowHeight 1e+300 to lay them out scaled down"),
    ('{"input": [], "options": null}', "options: null is invalid (expected an object of options)"),
    ('{"input": [], "options": {"rowHeight": 200}}',
     "options.rowHeight: unknown option (expected one of containerWidth, containerPadding, boxSpacing, targetRowHeight, "
     "targetRowHeightTolerance, maxNumRows, forceAspectRatio, showWidows, widowLayoutStyle, fullWidthBreakoutRowCadence)"),
    ('{"input": [], "options": {"containerWidth": 0}}', "options.containerWidth: 0 is invalid (expected a number > 0 and <= 1099511627776)"),
    ('{"input": [], "options": {"containerWidth": "wide"}}', 'options.containerWidth: "wide" is invalid (expected a number > 0 and <= 1099511627776)'),
    ('{"input": [], "options": {"containerPadding": -1}}', "options.containerPadding: -1 is invalid (expected a finite number >= 0)"),
    ('{"input": [], "options": {"containerPadding": {"top": 1, "right": 1, "bottom": 1}}}',
     "options.containerPadding.left: missing (containerPadding as an object needs top, right, bottom, left)"),
    ('{"input": [], "options": {"containerPadding": {"top": 1, "right": 1, "bottom": 1, "left": 1, "up": 2}}}',
     "options.containerPadding.up: unknown key (expected one of top, right, bottom, left)"),
    ('{"input": [], "options": {"containerPadding": [1, 2]}}',
     'options.containerPadding: an array is invalid (expected a number >= 0 or {"top", "right", "bottom", "left"})'),
    ('{"input": [], "options": {"containerWidth": 100, "containerPadding": {"top": 0, "right": 50, "bottom": 0, "left": 50}}}',
     "options.containerPadding: left 50 and right 50 leave no room in containerWidth 100"),
    ('{"input": [], "options": {"boxSpacing": {"horizontal": -3, "vertical": 2}}}',
     "options.boxSpacing.horizontal: -3 is invalid (expected a finite number >= 0)"),
    ('{"input": [], "options": {"boxSpacing": {"horizontal": 3}}}',
     "options.boxSpacing.vertical: missing (boxSpacing as an object needs horizontal, vertical)"),
    ('{"input": [], "options": {"targetRowHeight": 0}}', "options.targetRowHeight: 0 is invalid (expected a finite number > 0)"),
    ('{"input": [], "options": {"targetRowHeightTolerance": 1.5}}', "options.targetRowHeightTolerance: 1.5 is invalid (expected a number in 0...1)"),
    ('{"input": [], "options": {"maxNumRows": 0}}', "options.maxNumRows: 0 is invalid (expected an integer >= 1)"),
    ('{"input": [], "options": {"maxNumRows": 2.5}}', "options.maxNumRows: 2.5 is invalid (expected an integer >= 1)"),
    ('{"input": [], "options": {"forceAspectRatio": true}}', "options.forceAspectRatio: true is invalid (expected false or a finite number > 0)"),
    ('{"input": [], "options": {"forceAspectRatio": -1}}', "options.forceAspectRatio: -1 is invalid (expected false or a finite number > 0)"),
    ('{"input": [], "options": {"showWidows": 1}}', "options.showWidows: 1 is invalid (expected true or false)"),
    ('{"input": [], "options": {"widowLayoutStyle": "right"}}',
     'options.widowLayoutStyle: "right" is invalid (expected one of "left", "center", "justify")'),
    ('{"input": [], "options": {"fullWidthBreakoutRowCadence": 0}}',
     "options.fullWidthBreakoutRowCadence: 0 is invalid (expected false or an integer >= 1)"),
]


# The refusals of ERRORS that only --strict keeps: the library lays these documents out.
LENIENT = {
    "options.rowHeight: unknown option": "ignored",
    "options.maxNumRows: 0 is invalid": "read as 1",
    "options.maxNumRows: 2.5 is invalid": "read as 3",
    "options.showWidows: 1 is invalid": "read as true",
    'options.widowLayoutStyle: "right" is invalid': 'laid out as "left"',
    "options.fullWidthBreakoutRowCadence: 0 is invalid": "no breakout rows",
}


@pytest.mark.parametrize("text,message", ERRORS, ids=[e[1][:60] for e in ERRORS])
def test_error(cli, text, message):
    # Lone surrogates stand for the bytes that are not UTF-8.
    stdin = text.encode("utf-8", "surrogateescape")
    result = run(cli, "justified", "--flickr", "--strict", stdin=stdin)
    assert (result.returncode, result.stdout, result.stderr) == (2, "", f"gridlayout: {message}\n")
    result = run(cli, "justified", "--flickr", stdin=stdin)
    lenient = [what for start, what in LENIENT.items() if message.startswith(start)]
    if lenient:
        assert (result.returncode, result.stderr) == \
            (0, f"gridlayout: warning: {message}; {lenient[0]}, as the library does (--strict refuses it)\n")
    else:
        assert (result.returncode, result.stdout, result.stderr) == (2, "", f"gridlayout: {message}\n")


def test_every_lenient_refusal_is_in_errors():
    assert sorted(start for start in LENIENT if any(m.startswith(start) for _, m in ERRORS)) == sorted(LENIENT)


LIBRARY_WORDS = "as the library does (--strict refuses it)"
STYLES = '(expected one of "left", "center", "justify")'
NAMES = ("containerWidth, containerPadding, boxSpacing, targetRowHeight, targetRowHeightTolerance, maxNumRows, "
         "forceAspectRatio, showWidows, widowLayoutStyle, fullWidthBreakoutRowCadence")
# Tests/fixtures/flickr/lenient.json, document by document: the warnings, then the refusal
# under --strict (the first of them, in the order the options are read).
LENIENT_WARNINGS = [
    [f'options.widowLayoutStyle: "porkchop sandwiches" is invalid {STYLES}; laid out as "left"'],
    ['options.showWidows: "no" is invalid (expected true or false); read as true',
     f'options.widowLayoutStyle: 7 is invalid {STYLES}; laid out as "left"'],
    [f'options.containerWidht: unknown option (expected one of {NAMES}) (did you mean "containerWidth"?); ignored',
     "options.maxNumRows: 0.5 is invalid (expected an integer >= 1); read as 1",
     "options.forceAspectRatio: 0 is invalid (expected false or a finite number > 0); read as false",
     "options.showWidows: 0 is invalid (expected true or false); read as false",
     f'options.widowLayoutStyle: "centre" is invalid {STYLES} (did you mean "center"?); laid out as "left"',
     "options.fullWidthBreakoutRowCadence: null is invalid (expected false or an integer >= 1); no breakout rows"],
    ["input[1].width: 0 is invalid (expected a finite number > 0); replaced by forceAspectRatio"],
    ["options.maxNumRows: 2.5 is invalid (expected an integer >= 1); read as 3"],
    ['options.showWidows: "" is invalid (expected true or false); read as false',
     "options.fullWidthBreakoutRowCadence: 0 is invalid (expected false or an integer >= 1); no breakout rows"],
    [f"options.rowHeight: unknown option (expected one of {NAMES}); ignored",
     "options.forceAspectRatio: null is invalid (expected false or a finite number > 0); read as false"],
]


def test_what_the_library_lays_out_its_own_way_is_laid_out_so_with_warnings(cli):
    """flickr/justified-layout's answers for documents it reads its own way (its test suite's
    "porkchop sandwiches" widow style among them): the same output, a warning for each, and
    under --strict the first of them refused."""
    documents = json.loads((ROOT / "Tests" / "fixtures" / "flickr" / "lenient.json").read_text())
    assert len(documents) == len(LENIENT_WARNINGS)
    for document, warnings in zip(documents, LENIENT_WARNINGS):
        text = json.dumps(document)
        result = run(cli, "justified", "--flickr", stdin=text)
        assert result.returncode == 0
        assert_same(json.loads(result.stdout), document["output"])
        assert result.stderr == "".join(f"gridlayout: warning: {w}, {LIBRARY_WORDS}\n" for w in warnings)
        strict = run(cli, "justified", "--flickr", "--strict", stdin=text)
        assert (strict.returncode, strict.stdout, strict.stderr) == \
            (2, "", "gridlayout: " + warnings[0].rsplit("; ", 1)[0] + "\n")
    # The library's own test: the first widow sits where the first box does.
    porkchop = json.loads(run(cli, "justified", "--flickr", stdin=json.dumps(documents[0])).stdout)
    assert porkchop == flickr(cli, {"input": documents[0]["input"], "options": {"boxSpacing": 10}})
    assert porkchop["boxes"][-1]["left"] == porkchop["boxes"][0]["left"] == 10


def test_a_repeated_key_keeps_its_last_value_as_json_parse_does(cli):
    """The library reads the document with JSON.parse, where a key given twice in an object keeps
    its last value: so does the command, at any depth."""
    assert flickr(cli, '{"input": [1], "input": [1, 2, 3]}') == flickr(cli, {"input": [1, 2, 3]})
    assert flickr(cli, '{"input": [1, 2, 3], "options": {"targetRowHeight": 100, "boxSpacing": 4, '
                       '"targetRowHeight": 200}, "output": 1, "output": 2}') == \
        flickr(cli, {"input": [1, 2, 3], "options": {"targetRowHeight": 200, "boxSpacing": 4}})
    # Three times, the value an object, inside items; other keys untouched.
    assert flickr(cli, '{"options": {"boxSpacing": {"horizontal": 1, "vertical": 1}, "boxSpacing": 7, '
                       '"boxSpacing": {"horizontal": 3, "vertical": 9}}, '
                       '"input": [{"width": 1, "height": 2, "width": 4}, {"height": 1, "width": 2, "height": 2}]}') == \
        flickr(cli, {"options": {"boxSpacing": {"horizontal": 3, "vertical": 9}},
                     "input": [{"width": 4, "height": 2}, {"width": 2, "height": 2}]})
    # A repeated key inside a value that a later repeat replaces whole.
    assert flickr(cli, '{"input": [1], "options": {"containerWidth": 500, "containerWidth": 600}, '
                       '"options": {"targetRowHeight": 50}}') == \
        flickr(cli, {"input": [1], "options": {"targetRowHeight": 50}})


def test_numbers_read_as_pythons_float_reads_them(cli):
    """Every aspect ratio comes back as the Double its text stands for (the library writes each
    item's own ratio): the nearest Double, as Python's float() (and strtod) read it. Random texts
    of every kind: whole numbers, short and long decimals, exponents, past 15 digits."""
    rng = random.Random(7)
    texts = ["1", "0.5", "3.0", "2.675", "0.1", "0.30000000000000004", "1e2", "9007199254740993",
             "0.000001", "1.00000000000000011102230246251565", "7E-3", "2.5e+2", "123.456789012345",
             "1234.567890123456", "0.1234567890123456789", "12345678901234567890e-19"]
    while len(texts) < 400:
        digits = "".join(rng.choice("0123456789") for _ in range(rng.randint(1, 25))).lstrip("0") or "1"
        point = rng.randint(0, len(digits))
        text = (digits[:point] or "0") + ("." + digits[point:] if point < len(digits) else "")
        if rng.random() < 0.3:
            text += rng.choice(["e", "E"]) + rng.choice(["", "+", "-"]) + str(rng.randint(0, 30))
        if 1e-4 < float(text) < 1e4:
            texts.append(text)
    out = flickr(cli, "[" + ", ".join(texts) + "]", "--strict")
    assert [box["aspectRatio"] for box in out["boxes"]] == [float(t) for t in texts]


def test_the_extremes_of_a_double_read_exactly(cli):
    # A message names the number it refuses: a negative size, as the command read it.
    for text in ["1.7976931348623157e308", "4.9e-324", "2.2250738585072011e-308", "2.2250738585072012e-308",
                 "123456789012345678901234567890", "1e22", "1e23", "8.98846567431158e307", "3e-324"]:
        result = run(cli, "layout", stdin=f'{{"sections": [[[1, -{text}]]]}}')
        message = re.fullmatch(r"gridlayout: sections\[0\]\[0\]\[1\]: (\S+) is invalid \(expected a finite number >= 0\)\n",
                               result.stderr)
        assert message and float(message.group(1)) == -float(text), (text, result.stderr)


def test_a_number_no_double_holds_is_out_of_range(cli):
    # Too large, or so small that it would read as 0; a subnormal is a Double.
    for text in ["1e400", "-1e400", "1e-400", "2e-324"]:
        result = run(cli, "justified", "--flickr", stdin=f'{{"input": [1], "options": {{"targetRowHeight": {text}}}}}')
        assert (result.returncode, result.stderr) == \
            (2, "gridlayout: options.targetRowHeight: a number out of range is invalid (expected a finite number > 0)\n")
    assert flickr(cli, '{"input": [1], "options": {"boxSpacing": 0e-500}}')["boxes"][0]["width"] == 320
    assert flickr(cli, "[3e-324]")["boxes"][0]["aspectRatio"] == 5e-324


def test_a_parse_error_names_its_line_and_column(cli):
    # Columns count characters (é is two bytes, one column).
    text = '{"input": [\n  {"width": 4, "height": 3},\n  {"width": "é" 4}\n]}'
    result = run(cli, "justified", "--flickr", stdin=text)
    assert (result.returncode, result.stdout) == (2, "")
    assert result.stderr == "gridlayout: document: invalid JSON (line 3, column 16: after key and value, inside map, I expect ',' or '}')\n"


def test_command_line(cli, tmp_path):
    usage = "(usage: gridlayout justified --flickr [--strict] [--max-input BYTES] [FILE])"
    for args, message in [(("justified",), f"justified: --flickr is needed (the one input format it reads; usage: gridlayout justified --flickr [--strict] [--max-input BYTES] [FILE])"),
                          (("justified", "--flickr", "--strcit"), f"justified: unknown option --strcit (did you mean '--strict'?) {usage}"),
                          (("justified", "--flickr", "a", "b"), f"justified: one FILE at most {usage}"),
                          (("justified", "--flickr", "--pretty"), f"justified: unknown option --pretty {usage}"),
                          (("justified", "--flickr", str(tmp_path / "none.json")),
                           f"cannot read {tmp_path / 'none.json'}: No such file or directory")]:
        result = run(cli, *args)
        assert (result.returncode, result.stdout, result.stderr) == (2, "", f"gridlayout: {message}\n")
    assert "gridlayout justified --flickr [--strict] [--max-input BYTES] [FILE]" in run(cli, "--help").stdout


def random_document(rng):
    n = rng.choice([0, 1, 2, 3, 7, 40, 300])
    if rng.random() < 0.5:
        items = [round(rng.uniform(0.2, 4), rng.choice([1, 3, 17])) for _ in range(n)]
    else:
        items = [{"width": rng.randint(1, 4000), "height": rng.randint(1, 4000)} for _ in range(n)]
    choices = {
        "containerWidth": [320, 375, 600, 1060, 1440, rng.uniform(200, 2000)],
        "containerPadding": [0, 5, rng.uniform(0, 30), {"top": rng.uniform(0, 20), "right": rng.randint(0, 30), "bottom": 3, "left": rng.uniform(0, 20)}],
        "boxSpacing": [0, 4, rng.uniform(0, 20), {"horizontal": rng.uniform(0, 20), "vertical": rng.randint(0, 20)}],
        "targetRowHeight": [80, 120, 320, rng.uniform(30, 500)],
        "targetRowHeightTolerance": [0, 0.1, 0.25, 1, rng.random()],
        "maxNumRows": [1, 2, rng.randint(1, 12)],
        "forceAspectRatio": [False, 1, rng.uniform(0.3, 3)],
        "showWidows": [True, False],
        "widowLayoutStyle": ["left", "center", "justify"],
        "fullWidthBreakoutRowCadence": [False, 1, 2, 3, 5],
    }
    options = {name: rng.choice(values) for name, values in choices.items() if rng.random() < 0.5}
    return {"input": items, "options": options}


@pytest.mark.skipif(not os.environ.get("JUSTIFIED_LAYOUT") or not shutil.which("node"),
                    reason="JUSTIFIED_LAYOUT (the library's directory) and node are needed")
def test_random_documents_against_the_library(cli):
    script = ("const lib = require(process.argv[1]);"
              "const doc = JSON.parse(require('fs').readFileSync(0, 'utf8'));"
              "process.stdout.write(JSON.stringify(lib(doc.input, doc.options)));")
    rng = random.Random(19)
    for _ in range(200):
        document = random_document(rng)
        theirs = subprocess.run(["node", "-e", script, os.path.abspath(os.environ["JUSTIFIED_LAYOUT"])],
                                input=json.dumps(document), capture_output=True, text=True, check=True, timeout=60)
        assert_same(flickr(cli, document), json.loads(theirs.stdout))


# ---- The engine's justified layout, as `gridlayout layout` gives it ------------------------------

def _sides(value, default):
    """containerPadding as {top, right, bottom, left}; boxSpacing as (horizontal, vertical)."""
    if value is None:
        value = default
    return value


MAPPED = [f for f in FIXTURES if not ({"forceAspectRatio", "maxNumRows"} & set(json.loads(f.read_text())["options"]))
          and json.loads(f.read_text())["options"].get("showWidows") is not False]


@pytest.mark.parametrize("path", MAPPED, ids=[f.stem for f in MAPPED])
def test_the_engines_justified_layout_gives_the_librarys_boxes(cli, path):
    """Where flickr's options map onto the engine's (containerWidth → width, containerPadding →
    padding, boxSpacing → itemSpacing and lineSpacing, targetRowHeight → rowHeight,
    targetRowHeightTolerance → tolerance, widowLayoutStyle → widow, fullWidthBreakoutRowCadence →
    breakoutCadence), `gridlayout layout` — the engine itself, not the drop-in — gives the
    library's boxes exactly, except the widow row (the library sizes it at the previous row's
    height, the engine at rowHeight). Some numbers are sums or products the two make in another
    order: equal to 1e-12 of their size."""
    case = json.loads(path.read_text())
    options, output = case["options"], case["output"]
    if not case["input"]:
        return
    padding = options.get("containerPadding", 10)
    if not isinstance(padding, dict):
        padding = {"top": padding, "right": padding, "bottom": padding, "left": padding}
    spacing = options.get("boxSpacing", 10)
    horizontal, vertical = (spacing["horizontal"], spacing["vertical"]) if isinstance(spacing, dict) else (spacing, spacing)
    width = options.get("containerWidth", 1060)
    boxes = output["boxes"]
    rows = [[k for k, b in enumerate(boxes) if b["top"] == top] for top in sorted({b["top"] for b in boxes})]
    sizes = [[item, 1] if not isinstance(item, dict) else [item["width"], item["height"]] for item in case["input"]]
    request = {"options": {"layout": "justified", "width": width, "height": 1000,
                           "padding": {k: padding[k] for k in ("top", "left", "bottom", "right")},
                           "itemSpacing": horizontal, "lineSpacing": vertical,
                           "rowHeight": options.get("targetRowHeight", 320),
                           "tolerance": options.get("targetRowHeightTolerance", 0.25),
                           "widow": options.get("widowLayoutStyle", "left"),
                           "breakoutCadence": options.get("fullWidthBreakoutRowCadence") or 0},
               "sections": [{"items": sizes}]}
    result = run(cli, "layout", stdin=json.dumps(request))
    assert result.returncode == 0, result.stderr
    frames = json.loads(result.stdout)["sections"][0]["items"]
    skipped = set(rows[-1]) if output["widowCount"] else set()
    compared = 0
    for k, box in enumerate(boxes):
        if k in skipped:
            continue
        expected = [box["left"], box["top"], box["width"], box["height"]]
        assert all(math.isclose(a, b, rel_tol=1e-12, abs_tol=1e-12) for a, b in zip(frames[k], expected)), \
            (path.stem, k, frames[k], expected)
        compared += 1
    assert compared == len(boxes) - len(skipped)
