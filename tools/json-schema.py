#!/usr/bin/env python3
"""Writes schemas/layout-request.schema.json and schemas/layout-response.schema.json, the JSON
Schemas (draft 2020-12) of `gridlayout layout` (docs/json.md).

The request's `options` come from the engine's one list of options, read from the C library's
run-time description (gl_option_describe): an option added to the engine appears here when this
is run again. Tests/cli/test_cli.py checks that the files are what this writes now.

    tools/json-schema.py [--check]     (GRIDLAYOUT_LIBRARY: the library; default the debug build)
"""

import ctypes
import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SCHEMAS = ROOT / "schemas"
DRAFT = "https://json-schema.org/draft/2020-12/schema"
DBL_MAX = sys.float_info.max
sys.path.insert(0, str(Path(__file__).resolve().parent))
import vocabulary  # noqa: E402  (the engine's limits, as GridLimits is generated from them)

MAX_ITEMS_PER_SECTION = vocabulary.limit("maxItemsPerSection")
MAX_SECTIONS = vocabulary.limit("maxSections")
MAX_LANES = vocabulary.limit("maxLanes")




def _load_lib():
    """The binding's declarations of the C API (gridlayout/_lib.py), loaded alone: the package
    itself imports what this writes."""
    import importlib.util
    spec = importlib.util.spec_from_file_location("gridlayout_lib", ROOT / "bindings" / "python" / "gridlayout" / "_lib.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


_lib = _load_lib()


def _lib_describing(path):
    """The library at `path`, declared only as far as its description of the options: nothing
    that this generator writes (the binding's constants) is needed to read it."""
    lib = ctypes.CDLL(path)
    lib.gl_option_count.restype = ctypes.c_int64
    lib.gl_option_count.argtypes = []
    lib.gl_option_describe.restype = ctypes.c_int
    lib.gl_option_describe.argtypes = [ctypes.c_int64, ctypes.POINTER(_lib.gl_option_info)]
    return lib


def library_path():
    if os.environ.get("GRIDLAYOUT_LIBRARY"):
        return os.environ["GRIDLAYOUT_LIBRARY"]
    bin_dir = subprocess.run(["swift", "build", "--show-bin-path"], cwd=ROOT, check=True,
                             capture_output=True, text=True, timeout=120).stdout.strip()
    path = Path(bin_dir) / "libgridlayout.so"
    if not path.exists():
        subprocess.run(["swift", "build", "--product", "gridlayout"], cwd=ROOT, check=True, timeout=900)
    return str(path)


def number(n):
    return int(n) if n == int(n) and abs(n) < 1e15 else n


def option_schemas(path=None):
    """Every option's schema by its engine name, and the names by their C (Python) names."""
    lib = _lib_describing(path or library_path())
    options, names = {}, {}
    for i in range(lib.gl_option_count()):
        info = _lib.gl_option_info()
        assert lib.gl_option_describe(i, ctypes.byref(info)) == 0
        kind = info.type
        schema = {"description": info.summary.decode()}
        if kind in (0, 1):  # number, integer
            schema["type"] = "number" if kind == 0 else "integer"
            schema["exclusiveMinimum" if info.min_exclusive else "minimum"] = number(info.min)
            if info.max < DBL_MAX:
                schema["maximum"] = number(info.max)
            schema["default"] = number(info.default_number)
        elif kind == 2:
            schema["type"] = "boolean"
            schema["default"] = bool(info.default_number)
        elif kind == 3:
            choices = [info.choices[k].decode() for k in range(info.choice_count)]
            schema["enum"] = choices
            schema["default"] = choices[int(info.default_number)]
        elif kind == 4:
            schema["$ref"] = "#/$defs/insets"
            d = info.default_insets
            schema["default"] = {"top": number(d.top), "left": number(d.left), "bottom": number(d.bottom), "right": number(d.right)}
        elif kind == 5:
            schema["$ref"] = "#/$defs/size"
            schema["default"] = [number(info.default_size.w), number(info.default_size.h)]
        else:
            raise ValueError(f"option {info.name.decode()}: unknown kind {kind}")
        options[info.name.decode()] = schema
        names[info.c_name.decode()] = info.name.decode()
    return options, names


def section_option_schemas(options, names):
    """The options a section may override, in their order (tools/vocabulary.py's SECTION_OPTIONS,
    which the engine's SectionOptions.keys and C's GL_SECTION_* bits are generated from)."""
    return {name: options[name] for name in vocabulary.SECTION_OPTIONS}


def length():
    return {"type": "number", "minimum": 0}


def pair(item, what):
    return {"description": what, "type": "array", "prefixItems": [item, item], "items": False, "minItems": 2}


def request_schema(path=None):
    options, names = option_schemas(path)
    return {
        "$schema": DRAFT,
        "title": "gridlayout layout request",
        "description": "What `gridlayout layout` reads (docs/json.md). Indices count from 0.",
        "type": "object",
        "additionalProperties": False,
        "required": ["sections"],
        "properties": {
            "options": {
                "description": "The grid's options by their engine (Lua) names; a missing one has its default.",
                "type": "object",
                "additionalProperties": False,
                "properties": options,
            },
            "sections": {"type": "array", "maxItems": MAX_SECTIONS, "items": {"$ref": "#/$defs/section"}},
            "showLoader": {"description": "Whether the loader follows the last section.", "type": "boolean", "default": False},
            "offsets": {"description": "Offsets to scroll to, in order; the response lists the visible elements at each.",
                        "type": "array", "items": {"$ref": "#/$defs/point"}},
            "frames": {"description": "Whether the response lists every element's frame.", "type": "boolean", "default": True},
        },
        "$defs": {
            "length": {"description": "A finite number >= 0.", "type": "number", "minimum": 0},
            "size": pair({"$ref": "#/$defs/length"}, "[w, h]"),
            "point": pair({"type": "number"}, "[x, y]"),
            "sizes": {"description": "The items' sizes, in order.", "type": "array", "items": {"$ref": "#/$defs/size"}},
            "insets": {
                "oneOf": [
                    {"$ref": "#/$defs/length"},
                    {"type": "object", "additionalProperties": False,
                     "properties": {side: {"$ref": "#/$defs/length"} for side in ("top", "left", "bottom", "right")}},
                ],
            },
            "section": {
                "oneOf": [
                    {"$ref": "#/$defs/sizes"},
                    {
                        "type": "object",
                        "additionalProperties": False,
                        "properties": {
                            "items": {"$ref": "#/$defs/sizes"},
                            "count": {"description": "How many items, all of `size` (a same-size section).",
                                      "type": "integer", "minimum": 0, "maximum": MAX_ITEMS_PER_SECTION},
                            "size": {"$ref": "#/$defs/size"},
                            "header": {"$ref": "#/$defs/size"},
                            "lanes": {"description": "This section's lanes (the lanes layout).",
                                      "type": "integer", "minimum": 1, "maximum": MAX_LANES},
                            "footer": {"$ref": "#/$defs/size"},
                            "offset": {"description": "Where the section's items start scrolled sideways (the "
                                                      "section needs the option scroll = \"cross\"), snapped and "
                                                      "clamped as scrollSection does.",
                                       "type": "number"},
                            "spans": {"description": "Per item, how many lanes or columns it takes: null (1), "
                                                     "an integer >= 1, or true (all of them); one per item.",
                                      "type": "array",
                                      "items": {"anyOf": [{"type": "null"}, {"const": True},
                                                          {"type": "integer", "minimum": 1}]}},
                            "options": {"description": "This section's overrides of the grid's options.",
                                        "type": "object", "additionalProperties": False,
                                        "properties": section_option_schemas(options, names)},
                        },
                        "oneOf": [
                            {"required": ["items"], "not": {"anyOf": [{"required": ["count"]}, {"required": ["size"]}]}},
                            {"required": ["count", "size"], "not": {"required": ["items"]}},
                        ],
                    },
                ],
            },
        },
    }


def response_schema():
    rect = {"description": "[x, y, w, h] in content coordinates.", "type": "array",
            "prefixItems": [{"type": "number"}, {"type": "number"}, {"$ref": "#/$defs/length"}, {"$ref": "#/$defs/length"}],
            "items": False, "minItems": 4}
    index = {"type": "integer", "minimum": 0}
    return {
        "$schema": DRAFT,
        "title": "gridlayout layout response",
        "description": "What `gridlayout layout` writes (docs/json.md). Indices count from 0.",
        "type": "object",
        "additionalProperties": False,
        "required": ["contentSize", "offsets"],
        "properties": {
            "contentSize": {"description": "[w, h]", "type": "array", "prefixItems": [{"$ref": "#/$defs/length"}] * 2,
                            "items": False, "minItems": 2},
            "sections": {
                "description": "Every element's frame by section (absent with \"frames\": false).",
                "type": "array",
                "items": {
                    "type": "object",
                    "additionalProperties": False,
                    "required": ["items"],
                    "properties": {"offset": {"description": "A section that scrolls sideways: its offset along the cross axis "
                                                             "(its items' frames are moved by it).",
                                              "type": "number", "minimum": 0},
                                   "background": {"$ref": "#/$defs/rect"},
                                   "header": {"$ref": "#/$defs/rect"}, "items": {"type": "array", "items": {"$ref": "#/$defs/rect"}},
                                   "footer": {"$ref": "#/$defs/rect"}},
                },
            },
            "loader": {"$ref": "#/$defs/rect"},
            "offsets": {
                "type": "array",
                "items": {
                    "type": "object",
                    "additionalProperties": False,
                    "required": ["offset", "visible"],
                    "properties": {
                        "offset": {"description": "[x, y], the offset as the grid took it (clamped, snapped to a page).",
                                   "type": "array", "prefixItems": [{"type": "number"}] * 2, "items": False, "minItems": 2},
                        "visible": {"type": "array", "items": {"$ref": "#/$defs/element"}},
                    },
                },
            },
        },
        "$defs": {
            "length": {"type": "number", "minimum": 0},
            "rect": rect,
            "element": {
                "type": "object",
                "additionalProperties": False,
                "required": ["kind", "x", "y", "w", "h", "pinned"],
                "properties": {
                    "kind": {"enum": ["item", "header", "footer", "background", "loader"]},
                    "section": index,
                    "item": index,
                    "x": {"type": "number"},
                    "y": {"type": "number"},
                    "w": {"$ref": "#/$defs/length"},
                    "h": {"$ref": "#/$defs/length"},
                    "pinned": {"description": "A sticky header drawn pinned at the viewport's leading edge.", "type": "boolean"},
                },
                "oneOf": [
                    {"properties": {"kind": {"const": "item"}}, "required": ["section", "item"]},
                    {"properties": {"kind": {"const": "header"}}, "required": ["section"], "not": {"required": ["item"]}},
                    {"properties": {"kind": {"const": "footer"}}, "required": ["section"], "not": {"required": ["item"]}},
                    {"properties": {"kind": {"const": "background"}}, "required": ["section"], "not": {"required": ["item"]}},
                    {"properties": {"kind": {"const": "loader"}},
                     "not": {"anyOf": [{"required": ["section"]}, {"required": ["item"]}]}},
                ],
            },
        },
    }


def texts(path=None):
    return {
        SCHEMAS / "layout-request.schema.json": json.dumps(request_schema(path), indent=2) + "\n",
        SCHEMAS / "layout-response.schema.json": json.dumps(response_schema(), indent=2) + "\n",
    }


def main():
    check = sys.argv[1:] == ["--check"]
    stale = []
    for file, text in texts().items():
        if check:
            if not file.exists() or file.read_text() != text:
                stale.append(file.name)
        else:
            file.parent.mkdir(exist_ok=True)
            file.write_text(text)
    if stale:
        print("stale: " + ", ".join(stale) + " (run tools/json-schema.py)", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
