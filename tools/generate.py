#!/usr/bin/env python3
"""Writes every face's copy of the engine's vocabulary from the one source: the engine's option
table (`GridConfiguration.options`, Sources/GridLayout/Configuration/GridOptions.swift), read
from the C library's run-time description (gl_option_describe). `make generate` runs it; a test
(Tests/surface/test_generated.py) runs it with --check and fails on any difference.

It writes:
  bindings/python/gridlayout/_options.py   the Literal types of the choices, the options as
                                           data, and GridOptions: Grid's typed keyword-only
                                           parameters and one real property per option
  docs/lua.md, python.md, c.md, json.md    each face's option table, between the markers
                                           <!-- generated: options --> and <!-- end generated -->
  schemas/*.schema.json                    the JSON Schemas of `gridlayout layout` (json-schema.py)

    tools/generate.py [--check]     (GRIDLAYOUT_LIBRARY: the library; default the debug build)
"""

import ctypes
import difflib
import importlib.util
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def _load_lib():
    """The binding's declarations of the C API (gridlayout/_lib.py), loaded alone: the package
    itself imports what this writes."""
    import importlib.util
    spec = importlib.util.spec_from_file_location("gridlayout_lib", ROOT / "bindings" / "python" / "gridlayout" / "_lib.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


_lib = _load_lib()

DBL_MAX = sys.float_info.max
MAX_EXTENT = float(1 << 40)
KINDS = ("number", "integer", "bool", "choice", "insets", "size")
BEGIN = "<!-- generated: options (tools/generate.py; edit the engine's option table, then make generate) -->"
END = "<!-- end generated -->"


def _schema_module():
    spec = importlib.util.spec_from_file_location("json_schema", ROOT / "tools" / "json-schema.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


class Option:
    """One option as the library describes it, in the engine's order."""

    def __init__(self, info):
        self.name = info.name.decode()          # the engine's and Lua's name: rowHeight
        self.keyword = info.c_name.decode()     # C's field and Python's keyword: row_height
        self.kind = KINDS[info.type]
        self.min, self.max = info.min, info.max
        self.min_exclusive = info.min_exclusive != 0
        self.choices = tuple(info.choices[k].decode() for k in range(info.choice_count))
        self.summary = info.summary.decode()
        if self.kind == "choice":
            self.default = self.choices[int(info.default_number)]
        elif self.kind == "bool":
            self.default = info.default_number != 0
        elif self.kind == "integer":
            self.default = int(info.default_number)
        elif self.kind == "insets":
            d = info.default_insets
            self.default = (d.top, d.left, d.bottom, d.right)
        elif self.kind == "size":
            self.default = (info.default_size.w, info.default_size.h)
        else:
            self.default = info.default_number


def read_options(library):
    lib = _lib.load(library)
    found = []
    for i in range(lib.gl_option_count()):
        info = _lib.gl_option_info()
        if lib.gl_option_describe(i, ctypes.byref(info)) != 0:
            raise SystemExit(f"gl_option_describe({i}) failed")
        found.append(Option(info))
    return found


def num(x):
    """A number as the docs write it: whole numbers without a fraction, 2^40 by name."""
    if x == MAX_EXTENT:
        return "2^40"
    return str(int(x)) if float(x).is_integer() and abs(x) < 1e15 else repr(x)


def python_num(x):
    return str(int(x)) if float(x).is_integer() and abs(x) < 1e15 else repr(x)


def range_words(o, ellipsis="…"):
    """The range of a number or integer, in words: `0…1`, `> 0`, `≥ 0`."""
    if o.max < DBL_MAX:
        return f"{num(o.min)}{ellipsis}{num(o.max)}"
    return f"> {num(o.min)}" if o.min_exclusive else f"≥ {num(o.min)}"


def renamed(options, summary, spelling):
    """A summary names other options the engine's way (rowHeight): in a face's spelling."""
    words = {o.name: spelling(o) for o in options}
    out = []
    for token in _tokens(summary):
        out.append(words.get(token, token))
    return "".join(out)


def _tokens(text):
    word, out = "", []
    for ch in text:
        if ch.isalnum() or ch == "_":
            word += ch
        else:
            if word:
                out.append(word)
                word = ""
            out.append(ch)
    if word:
        out.append(word)
    return out


# ---- docs tables --------------------------------------------------------------------------------

def lua_value(o):
    return {"choice": ", ".join(f'`"{c}"`' for c in o.choices),
            "bool": "boolean",
            "insets": "number, or `{top=, left=, bottom=, right=}` (a missing side is 0)",
            "size": "`{w=, h=}`, sides ≥ 0",
            "integer": f"integer {range_words(o)}",
            "number": f"number {range_words(o)}"}[o.kind]


def lua_default(o):
    if o.kind == "choice":
        return f'`"{o.default}"`'
    if o.kind == "bool":
        return "`true`" if o.default else "`false`"
    if o.kind == "insets":
        t, l, b, r = o.default
        return f"`{num(t)}`" if t == l == b == r else f"`{{top={num(t)}, left={num(l)}, bottom={num(b)}, right={num(r)}}}`"
    if o.kind == "size":
        return f"`{{w={num(o.default[0])}, h={num(o.default[1])}}}`"
    return f"`{num(o.default)}`"


def json_value(o):
    return {"choice": ", ".join(f'`"{c}"`' for c in o.choices),
            "bool": "`true` or `false`",
            "insets": 'number, or `{"top", "left", "bottom", "right"}` (a missing side is 0)',
            "size": "`[w, h]`, sides ≥ 0",
            "integer": f"integer {range_words(o)}",
            "number": f"number {range_words(o)}"}[o.kind]


def json_default(o):
    if o.kind == "choice":
        return f'`"{o.default}"`'
    if o.kind == "bool":
        return "`true`" if o.default else "`false`"
    if o.kind == "insets":
        t, l, b, r = o.default
        return f"`{num(t)}`" if t == l == b == r else \
            f'`{{"top": {num(t)}, "left": {num(l)}, "bottom": {num(b)}, "right": {num(r)}}}`'
    if o.kind == "size":
        return f"`[{num(o.default[0])}, {num(o.default[1])}]`"
    return f"`{num(o.default)}`"


def python_value(o):
    if o.kind == "choice":
        return "one of " + ", ".join(f"`'{c}'`" for c in o.choices)
    return {"bool": "`True` or `False`",
            "insets": "a number, `(top, left, bottom, right)` or a dict of those keys",
            "size": "a `(w, h)` pair",
            "integer": f"an integer {range_words(o)}",
            "number": f"a number {range_words(o)}"}[o.kind]


def python_default(o):
    if o.kind == "choice":
        return f"`'{o.default}'`"
    if o.kind in ("insets", "size"):
        return "`(" + ", ".join(num(x) for x in o.default) + ")`"
    if o.kind == "bool":
        return f"`{o.default}`"
    return f"`{num(o.default)}`"


C_ENUM_PREFIX = {"layout": "GL_LAYOUT_", "direction": "GL_", "order": "GL_ORDER_", "widow": "GL_WIDOW_"}
C_TYPES = {"number": "double", "integer": "integer", "bool": "0/1", "insets": "`gl_insets`", "size": "`gl_size`"}


def c_value(o):
    if o.kind == "choice":
        return f"`gl_{o.keyword}`: " + ", ".join(f"`{C_ENUM_PREFIX[o.keyword]}{c.upper()}`" for c in o.choices)
    if o.kind in ("number", "integer"):
        return f"{C_TYPES[o.kind]} {range_words(o)}"
    return C_TYPES[o.kind]


def c_default(o):
    if o.kind == "choice":
        return f"`{C_ENUM_PREFIX[o.keyword]}{o.default.upper()}`"
    if o.kind == "bool":
        return "`1`" if o.default else "`0`"
    if o.kind == "insets":
        return "`" + ", ".join(num(x) for x in o.default) + "`"
    if o.kind == "size":
        return f"`{num(o.default[0])} x {num(o.default[1])}`"
    return f"`{num(o.default)}`"


def table(options, head, row):
    lines = [head, "|---|---|---|---|"]
    lines += [row(o) for o in options]
    return "\n".join(lines) + "\n"


def doc_tables(options):
    engine = lambda o: o.name          # noqa: E731
    keyword = lambda o: o.keyword      # noqa: E731
    return {
        "docs/lua.md": table(options, "| option | value | default | meaning |",
                             lambda o: f"| `{o.name}` | {lua_value(o)} | {lua_default(o)} | {renamed(options, o.summary, engine)} |"),
        "docs/json.md": table(options, "| option | value | default | meaning |",
                              lambda o: f"| `{o.name}` | {json_value(o)} | {json_default(o)} | {renamed(options, o.summary, engine)} |"),
        "docs/python.md": table(options, "| option | takes | default | meaning |",
                                lambda o: f"| `{o.keyword}` | {python_value(o)} | {python_default(o)} | {renamed(options, o.summary, keyword)} |"),
        "docs/c.md": table(options, "| `gl_config` field (name) | value | default | meaning |",
                           lambda o: f"| `{o.keyword}` (`\"{o.name}\"`) | {c_value(o)} | {c_default(o)} | {renamed(options, o.summary, keyword)} |"),
    }


def with_table(text, path, generated):
    try:
        start = text.index(BEGIN) + len(BEGIN)
        end = text.index(END, start)
    except ValueError:
        raise SystemExit(f"{path}: no {BEGIN!r} ... {END!r} markers")
    return text[:start] + "\n" + generated + text[end:]


# ---- Python -------------------------------------------------------------------------------------

PY_TYPES = {"number": "float", "integer": "int", "bool": "bool", "insets": "PaddingLike", "size": "SizeLike"}
PY_READ_TYPES = {"number": "float", "integer": "int", "bool": "bool", "insets": "Insets", "size": "Size"}


def literal_name(o):
    return o.keyword[0].upper() + o.keyword[1:]


def python_literal(value):
    if isinstance(value, tuple):
        return "(" + ", ".join(python_literal(v) for v in value) + ("," if len(value) == 1 else "") + ")"
    if isinstance(value, float):
        if value == DBL_MAX:
            return "DBL_MAX"
        return repr(value)
    return repr(value)


def python_module(options):
    keyword = lambda o: o.keyword  # noqa: E731
    out = [
        '"""The engine\'s options for Python: generated by tools/generate.py from the engine\'s one',
        "option table (make generate). Do not edit: change the table and generate again.\"\"\"",
        "",
        "import sys",
        "from typing import TYPE_CHECKING, Any, Dict, Literal, Mapping, Optional, Sequence, Tuple, Union",
        "",
        "if TYPE_CHECKING:",
        "    from ._records import Insets, Size",
        "",
        "DBL_MAX = sys.float_info.max",
        "",
        "#: A size: (w, h).",
        "SizeLike = Union[Tuple[float, float], Sequence[float]]",
        "#: Padding: one number for all sides, (top, left, bottom, right), or a dict of those keys.",
        "PaddingLike = Union[float, Sequence[float], Mapping[str, float]]",
        "",
    ]
    for o in options:
        if o.kind == "choice":
            out.append(f"{literal_name(o)} = Literal[{', '.join(repr(c) for c in o.choices)}]")
    out += [
        "",
        "# Every option, in the engine's order: (keyword, engine name, kind, min, max, min_exclusive,",
        "# default, choices, summary). The library describes the same at run time (gl_option_describe);",
        "# a test checks that the two agree.",
        "OPTIONS: Tuple[Tuple[Any, ...], ...] = (",
    ]
    for o in options:
        summary = renamed(options, o.summary, keyword)
        out.append(f"    ({o.keyword!r}, {o.name!r}, {o.kind!r}, {python_literal(o.min)}, {python_literal(o.max)}, "
                   f"{o.min_exclusive!r},")
        out.append(f"     {python_literal(o.default)}, {python_literal(o.choices)},")
        out.append(f"     {summary!r}),")
    out += [
        ")",
        "",
        "",
        "class GridOptions:",
        '    """Grid\'s options: every option is a keyword-only parameter of Grid() (None leaves it at',
        "    its default) and a property that reads it and sets it (grid.lanes = 4), checked at once and",
        '    taking effect at the next reload()."""',
        "",
        "    __slots__ = ()",
        "",
        "    def __init__(self, *,",
    ]
    params = []
    for o in options:
        t = literal_name(o) if o.kind == "choice" else PY_TYPES[o.kind]
        params.append(f"                 {o.keyword}: Optional[{t}] = None")
    out.append(",\n".join(params) + ") -> None:")
    out += [
        "        given = {k: v for k, v in locals().items() if k not in ('self', '__class__') and v is not None}",
        "        self._open(given)",
        "",
        "    def _open(self, options: Dict[str, Any]) -> None:",
        "        raise NotImplementedError",
        "",
        "    def _option(self, keyword: str) -> Any:",
        "        raise NotImplementedError",
        "",
        "    def configure(self, **options: Any) -> None:",
        "        raise NotImplementedError",
    ]
    for o in options:
        read = literal_name(o) if o.kind == "choice" else f'"{PY_READ_TYPES[o.kind]}"' if o.kind in ("insets", "size") else PY_READ_TYPES[o.kind]
        if o.keyword == "spacing":
            read = "Optional[float]"
        write = literal_name(o) if o.kind == "choice" else PY_TYPES[o.kind]
        doc = f"{renamed(options, o.summary, keyword)}: {python_value(o).replace('`', '')}, by default {python_default(o).replace('`', '')}."
        out += [
            "",
            "    @property",
            f"    def {o.keyword}(self) -> {read}:",
            f"        {doc!r}",
            f"        return self._option({o.keyword!r})  # type: ignore[no-any-return]",
            "",
            f"    @{o.keyword}.setter",
            f"    def {o.keyword}(self, value: {write}) -> None:",
            f"        self.configure({o.keyword}=value)",
        ]
    return "\n".join(out) + "\n"


# ---- the whole ----------------------------------------------------------------------------------

def outputs(library):
    options = read_options(library)
    files = {}
    for path, generated in doc_tables(options).items():
        files[path] = with_table((ROOT / path).read_text(), path, generated)
    files["bindings/python/gridlayout/_options.py"] = python_module(options)
    for path, text in _schema_module().texts(library).items():
        files[str(path.relative_to(ROOT))] = text
    return files


def main(argv):
    check = "--check" in argv[1:]
    library = _schema_module().library_path()
    differ = []
    for path, text in outputs(library).items():
        target = ROOT / path
        old = target.read_text() if target.exists() else ""
        if old == text:
            continue
        if check:
            differ.append(path)
            sys.stdout.writelines(difflib.unified_diff(old.splitlines(True), text.splitlines(True),
                                                       f"a/{path}", f"b/{path}", n=1))
        else:
            target.write_text(text)
            print(f"wrote {path}")
    if differ:
        print(f"not what tools/generate.py writes: {', '.join(differ)} (run make generate)")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
