#!/usr/bin/env python3
"""Writes every face's copy of the engine's vocabulary from its two tables: the engine's option
table (`GridConfiguration.options`, Sources/GridLayout/Configuration/GridOptions.swift), read
from the C library's run-time description (gl_option_describe), and tools/vocabulary.py (statuses,
callbacks, operations, element kinds, events, alignments, changes, the section options).
`make generate` runs it; a test (Tests/surface/test_generated.py) runs it with --check and fails
on any difference.

From the vocabulary it writes gridlayout.h's enums and GL_SECTION_* bits, the C library's status
names (support.c), Swift's DataSourceCallback, GridOperation and SectionOptions.keys
(Vocabulary.generated.swift), C's and Lua's names for callbacks and operations
(CNames.generated.swift, LuaNames.generated.swift), _lib.py's constants and Python's words,
Python's literals (_vocabulary.py) and docs/c.md's status table, each between
`generated: NAME` markers or as a whole generated file. From the options it writes:
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
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def _schema_module():
    spec = importlib.util.spec_from_file_location("json_schema", ROOT / "tools" / "json-schema.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


# json-schema.py reads the library's description of the options as this does: its loader of the
# binding's declarations and of the library serve both.
_schema = _schema_module()
_lib = _schema._lib
_lib_describing = _schema._lib_describing

DBL_MAX = sys.float_info.max
MAX_EXTENT = float(1 << 40)
KINDS = ("number", "integer", "bool", "choice", "insets", "size")
BEGIN = "<!-- generated: options (tools/generate.py; edit the engine's option table, then make generate) -->"
END = "<!-- end generated -->"


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
    lib = _lib_describing(library)
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

class ScriptSpelling:
    """How Lua and JSON write values, which differ only in booleans, insets and sizes."""

    def __init__(self, boolean, true, false, insets, size, insets_value, size_value):
        self.boolean, self.true, self.false = boolean, true, false
        self.insets, self.size = insets, size
        self.insets_value, self.size_value = insets_value, size_value

    def value(self, o):
        return {"choice": ", ".join(f'`"{c}"`' for c in o.choices),
                "bool": self.boolean,
                "insets": f"number, or {self.insets} (a missing side is 0)",
                "size": f"{self.size}, sides ≥ 0",
                "integer": f"integer {range_words(o)}",
                "number": f"number {range_words(o)}"}[o.kind]

    def default(self, o):
        if o.kind == "choice":
            return f'`"{o.default}"`'
        if o.kind == "bool":
            return self.true if o.default else self.false
        if o.kind == "insets":
            t, l, b, r = o.default
            return f"`{num(t)}`" if t == l == b == r else f"`{self.insets_value(*map(num, o.default))}`"
        if o.kind == "size":
            return f"`{self.size_value(*map(num, o.default))}`"
        return f"`{num(o.default)}`"


LUA = ScriptSpelling("boolean", "`true`", "`false`", "`{top=, left=, bottom=, right=}`", "`{w=, h=}`",
                     lambda t, l, b, r: f"{{top={t}, left={l}, bottom={b}, right={r}}}",
                     lambda w, h: f"{{w={w}, h={h}}}")
JSON = ScriptSpelling("`true` or `false`", "`true`", "`false`", '`{"top", "left", "bottom", "right"}`', "`[w, h]`",
                      lambda t, l, b, r: f'{{"top": {t}, "left": {l}, "bottom": {b}, "right": {r}}}',
                      lambda w, h: f"[{w}, {h}]")


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


def c_enum_prefix(o):
    """The C enum prefix of a choice option's values (tools/vocabulary.py's CHOICE_ENUMS)."""
    return next(prefix for option, _, prefix in V.CHOICE_ENUMS if option == o.name)
C_TYPES = {"number": "double", "integer": "integer", "bool": "0/1", "insets": "`gl_insets`", "size": "`gl_size`"}


def c_value(o):
    if o.kind == "choice":
        return f"`gl_{o.keyword}`: " + ", ".join(f"`{c_enum_prefix(o)}{snake(c).upper()}`" for c in o.choices)
    if o.kind in ("number", "integer"):
        return f"{C_TYPES[o.kind]} {range_words(o)}"
    return C_TYPES[o.kind]


def c_default(o):
    if o.kind == "choice":
        return f"`{c_enum_prefix(o)}{snake(o.default).upper()}`"
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
                             lambda o: f"| `{o.name}` | {LUA.value(o)} | {LUA.default(o)} | {renamed(options, o.summary, engine)} |"),
        "docs/json.md": table(options, "| option | value | default | meaning |",
                              lambda o: f"| `{o.name}` | {JSON.value(o)} | {JSON.default(o)} | {renamed(options, o.summary, engine)} |"),
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


# ---- the vocabulary beside the options (tools/vocabulary.py) -------------------------------------

import textwrap  # noqa: E402

sys.path.insert(0, str(ROOT / "tools"))
import vocabulary as V  # noqa: E402


def block(text, path, name, generated, comment):
    """`text` with the block `name` replaced by `generated`: between the lines
    `<comment> generated: name ...` and `<comment> end generated: name`."""
    open_, close = comment
    begin = f"{open_} generated: {name} (tools/generate.py from tools/vocabulary.py; do not edit){close}"
    end = f"{open_} end generated: {name}{close}"
    try:
        start = text.index(begin) + len(begin)
        stop = text.index(end, start)
    except ValueError:
        raise SystemExit(f"{path}: no block {name!r} ({begin!r} ... {end!r})")
    return text[:start] + "\n" + generated + text[stop:]


C_COMMENT, HASH = ("/*", " */"), ("#", "")


def c_enum(ctype, rows, width=100):
    """A C enum, one case a line with its comment wrapped beside it: rows of (name, value, comment)."""
    out = [f"typedef enum {ctype} {{"]
    pad = max([len(f"    {name} = {value},") + 1 for name, value, comment in rows if comment] + [0])
    for k, (name, value, comment) in enumerate(rows):
        case = f"    {name} = {value}{',' if k < len(rows) - 1 else ''}"
        if not comment:
            out.append(case)
            continue
        lines = textwrap.wrap(comment, width - pad - 6, break_on_hyphens=False)
        out.append(f"{case.ljust(pad)}/* {lines[0]}" + (" */" if len(lines) == 1 else ""))
        for j, line in enumerate(lines[1:], 1):
            out.append(" " * pad + "   " + line + (" */" if j == len(lines) - 1 else ""))
    out.append(f"}} {ctype};")
    return "\n".join(out) + "\n"


def since(note):
    return f"since {note}" if note else ""


def header_blocks(options):
    choice = {o.name: o for o in options}
    choices = []
    for option, ctype, prefix in V.CHOICE_ENUMS:
        choices.append(c_enum(ctype, [(prefix + snake(c).upper(), k, "") for k, c in enumerate(choice[option].choices)]))
    choices.append(c_enum("gl_align", [("GL_ALIGN_" + c, k, "") for k, (c, _) in enumerate(V.ALIGNMENTS)]))
    choices.append(c_enum("gl_navigation", [("GL_NAV_" + c, k, "") for k, (c, _) in enumerate(V.NAVIGATIONS)]))
    choices.append(c_enum("gl_kind", [("GL_KIND_" + c, k, since(s)) for k, (c, _, s) in enumerate(V.ELEMENT_KINDS)]))
    bits = ["enum {"] + [f"    GL_SECTION_{snake(o).upper()} = {1 << k}{',' if k < len(V.SECTION_OPTIONS) - 1 else ''}"
                         for k, o in enumerate(V.SECTION_OPTIONS)] + ["};"]
    events = c_enum("gl_event_kind", [("GL_EVENT_" + c, k, (f"{since(s)}: " if s and s != "1.0" else "") + text)
                                      for k, (c, _, text, s) in enumerate(V.EVENTS)])
    events += "\n" + c_enum("gl_change_kind", [("GL_CHANGE_" + c, k, "") for k, (c, _) in enumerate(V.CHANGE_KINDS)])
    callbacks = c_enum("gl_callback", [("GL_CALLBACK_" + row[1], k, "") for k, row in enumerate(V.CALLBACKS)]
                       + [("GL_CALLBACK_COUNT", len(V.CALLBACKS), "")])
    callbacks += c_enum("gl_operation", [("GL_OPERATION_" + row[1], k, "") for k, row in enumerate(V.OPERATIONS)]
                        + [("GL_OPERATION_COUNT", len(V.OPERATIONS), "")])
    return {
        "status": c_enum("gl_status", [(name, k, meaning if k else "") for k, (name, meaning) in enumerate(V.STATUSES)]),
        "choices": "\n".join(choices),
        "section-bits": "\n".join(bits) + "\n",
        "events": events,
        "callbacks": callbacks,
    }


def snake(name):
    return "".join("_" + c.lower() if c.isupper() else c for c in name)


def swift_string_array(name, values, indent="", per_line=6):
    rows = [", ".join(f'"{v}"' for v in values[k:k + per_line]) for k in range(0, len(values), per_line)]
    return f"{indent}{name} = [\n" + ",\n".join(f"{indent}    {r}" for r in rows) + f",\n{indent}]\n"


GENERATED_SWIFT = "// Generated by tools/generate.py from tools/vocabulary.py (make generate). Do not edit.\n\n"


def swift_engine():
    out = [GENERATED_SWIFT]
    out.append("/// A data source callback, as the engine names it; a face words it in its own names\n"
               "/// (`ErrorVocabulary`). C's `gl_callback` numbers the cases in this order.\n")
    out.append("public enum DataSourceCallback: String, CaseIterable, Hashable, Sendable {\n")
    out.append("".join(f"    case {row[0]}\n" for row in V.CALLBACKS))
    out.append("\n    /// The `GridDataSource` requirement that answers it.\n    public var swiftName: String {\n"
               "        switch self {\n")
    out.append("".join(f'        case .{row[0]}: return "{row[5]}"\n' for row in V.CALLBACKS))
    out.append("        }\n    }\n}\n\n")
    out.append("/// What a caller asked the grid to do, as the engine names it; a face words it in its own names.\n"
               "/// C's `gl_operation` numbers the cases in this order; the raw value is Lua's method.\n")
    out.append("public enum GridOperation: String, CaseIterable, Hashable, Sendable {\n")
    out.append("".join(f"    case {row[0]}\n" for row in V.OPERATIONS))
    out.append("\n    /// The `Grid` method.\n    public var swiftName: String {\n        switch self {\n")
    out.append("".join(f'        case .{row[0]}: return "{row[4]}"\n' for row in V.OPERATIONS))
    out.append("        }\n    }\n}\n\n")
    out.append("extension SectionOptions {\n    /// The options a section may override, by their engine names, in the order of C's\n"
               "    /// GL_SECTION_* bits.\n")
    out.append(swift_string_array("    public static let keys", V.SECTION_OPTIONS))
    out.append("}\n")
    return "".join(out)


def swift_limits():
    out = [GENERATED_SWIFT, "/// The engine's hard limits: inputs beyond them are errors, never an attempt to allocate the impossible.\n",
           "public enum GridLimits {\n"]
    for name, swift_type, value, doc in V.LIMITS:
        out += [f"    /// {line}\n" for line in textwrap.wrap(doc, 96)]
        out.append(f"    public static let {name}: {swift_type} = {value}\n")
    out.append("}\n")
    return "".join(out)


CTYPES = {"int": "c_int", "double": "c_double", "int64_t": "c_int64", "gl_insets": "gl_insets", "gl_size": "gl_size"}


def config_struct(options):
    by_name = {o.name: o for o in options}
    keyword = lambda o: o.keyword  # noqa: E731
    out = ["typedef struct gl_config {", "    size_t struct_size;         /* sizeof(gl_config) */"]
    last = None
    for field, ctype, option, added in V.CONFIG_FIELDS:
        if added != last:
            out.append(f"    /* since {added} */")
            last = added
        o = by_name[option]
        what = (f"{c_type_name(o)}: " if o.kind == "choice" else "0/1: " if o.kind == "bool" else
                f"{range_words(o, '...').replace('≥', '>=')}: " if o.kind in ("number", "integer") else "")
        comment = f"[{o.name}] {what}{renamed(options, o.summary, keyword)}; default {c_default(o).strip('`')}"
        decl = f"    {ctype} {field};"
        pad = max(len(decl) + 1, 32)
        lines = textwrap.wrap(comment, 100 - pad - 6, break_on_hyphens=False)
        out.append(decl.ljust(pad) + "/* " + lines[0] + (" */" if len(lines) == 1 else ""))
        for j, line in enumerate(lines[1:], 1):
            out.append(" " * pad + "   " + line + (" */" if j == len(lines) - 1 else ""))
    out.append("} gl_config;")
    return "\n".join(out) + "\n"


def c_type_name(o):
    return next(ctype for option, ctype, _ in V.CHOICE_ENUMS if option == o.name)


def python_config_struct():
    out = ["class gl_config(Structure):", "    _fields_ = [", '        ("struct_size", c_size_t),']
    last = None
    for field, ctype, _, added in V.CONFIG_FIELDS:
        if added != last:
            out.append(f"        # since {added}")
            last = added
        out.append(f'        ("{field}", {CTYPES[ctype]}),')
    out += ["    ]"]
    return "\n".join(out) + "\n"


SPACINGS = ("spacing", "line_spacing", "item_spacing")


def swift_c_config(options):
    index = {o.name: k for k, o in enumerate(options)}
    kind = {o.name: o.kind for o in options}
    out = [GENERATED_SWIFT, "import GridLayout\nimport GridLayoutCSupport\n\n",
           "/// The C configuration from the engine's: each field from its option (`GridConfiguration.options`).\n",
           "func cConfig(_ c: GridConfiguration) -> gl_config {\n",
           "    let o = GridConfiguration.options\n    var g = gl_config()\n",
           "    g.struct_size = MemoryLayout<gl_config>.size\n"]
    for field, ctype, option, _ in V.CONFIG_FIELDS:
        k, what = index[option], kind[option]
        value = {"choice": f"cChoice(o[{k}], c)", "bool": f"cFlag(o[{k}], c)", "insets": f"cInsets(o[{k}], c)",
                 "size": f"cSize(o[{k}], c)", "number": f"cNumber(o[{k}], c)",
                 "integer": f"{'Int64' if ctype == 'int64_t' else 'Int32'}(cNumber(o[{k}], c))"}[what]
        out.append(f"    g.{field} = {value}\n")
    out.append("    return g\n}\n\n")
    out += ["/// The engine's configuration from the C one's fields over `base`, unchecked but for what only C\n",
            "/// can get wrong (a choice's position, a flag other than 0 or 1, an int64_t past the option's\n",
            "/// range): `swiftConfig` reads the spacings and validates the whole.\n",
            "func configuration(fromFields g: gl_config, base: GridConfiguration) throws(CFailure) -> GridConfiguration {\n",
            "    let o = GridConfiguration.options\n    var c = base\n"]
    for field, ctype, option, _ in V.CONFIG_FIELDS:
        if field in SPACINGS:
            continue
        k, what = index[option], kind[option]
        call = {"choice": f'try setChoice(o[{k}], g.{field}, "{field}", &c)',
                "bool": f'try setFlag(o[{k}], g.{field}, "{field}", &c)',
                "insets": f"setInsets(o[{k}], g.{field}, &c)", "size": f"setSize(o[{k}], g.{field}, &c)",
                "number": f"setNumber(o[{k}], g.{field}, &c)",
                "integer": (f'try setInteger(o[{k}], g.{field}, "{field}", &c)' if ctype == "int64_t"
                            else f"setNumber(o[{k}], Double(g.{field}), &c)")}[what]
        out.append(f"    {call}\n")
    out.append("    return c\n}\n")
    return "".join(out)


def swift_c_face(options):
    out = [GENERATED_SWIFT, "import GridLayoutCSupport\n\n"]
    out.append("/// The C constants of each choice option's values, by the option's engine name, in the\n"
               "/// order of its choices (`gl_layout`'s `GL_LAYOUT_LANES`, ...).\n")
    out.append("let cChoiceNames: [String: [String]] = [\n")
    for o in options:
        if o.kind == "choice":
            names = ", ".join(f'"{c_enum_prefix(o)}{snake(c).upper()}"' for c in o.choices)
            out.append(f'    "{o.name}": [{names}],\n')
    out.append("]\n")
    out.append("/// The `gl_data_source` fields, in the order of `gl_callback` (= `DataSourceCallback.allCases`).\n")
    out.append(swift_string_array("let cCallbackNames", [row[2] for row in V.CALLBACKS]))
    out.append("/// The `gl_grid_*` functions, in the order of `gl_operation` (= `GridOperation.allCases`).\n")
    out.append(swift_string_array("let cOperationNames", [row[2] for row in V.OPERATIONS], per_line=4))
    out.append("/// `gl_section_options`' bits by the option each sets, in the order of `SectionOptions.keys`.\n")
    out.append("let sectionOptionBits: [(key: String, bit: UInt32)] = [\n")
    out.append("".join(f'    ("{o}", UInt32(GL_SECTION_{snake(o).upper()})),\n' for o in V.SECTION_OPTIONS))
    out.append("]\n")
    return "".join(out)


def swift_lua_methods():
    out = [GENERATED_SWIFT, "import CLua\nimport GridHost\nimport GridLayout\n\n", "extension LuaGridMethods {\n",
           "    /// Every method, by its Lua name, in the order `gl.methods` lists them.\n",
           "    static let all: [(String, SwiftLuaFunction)] = [\n"]
    out += [f'        ("{name}", {swift}),\n' for name, swift, _ in V.LUA_METHODS]
    out.append("    ]\n}\n")
    return "".join(out)


def swift_lua_fuzz_methods():
    out = [GENERATED_SWIFT,
           "/// The Lua grid's methods the Lua fuzzer calls, with how many arguments it passes each.\n",
           "let luaFuzzMethods: [(String, Int)] = [\n"]
    out += [f'    ("{name}", {argc}),\n' for name, _, argc in V.LUA_METHODS if argc is not None]
    out.append("]\n")
    return "".join(out)


def swift_lua_face():
    out = [GENERATED_SWIFT, "import GridLayout\n\n", "extension ErrorVocabulary {\n",
           "    /// The data source key that answers `callback`.\n",
           "    static func luaName(_ callback: DataSourceCallback) -> String {\n        switch callback {\n"]
    out.append("".join(f'        case .{row[0]}: return "{row[4]}"\n' for row in V.CALLBACKS))
    out.append("        }\n    }\n}\n")
    return "".join(out)


def support_c_block():
    return "".join(f'    case {name}: return "{name}";\n' for name, _ in V.STATUSES)


def python_lib_blocks(options):
    choice = {o.name: o for o in options}
    consts = [f"{name} = {k}" for k, (name, _) in enumerate(V.STATUSES)]
    consts.append("")
    for option, _, prefix in V.CHOICE_ENUMS:
        consts.append(f"{', '.join(prefix + snake(c).upper() for c in choice[option].choices)} = "
                      f"{', '.join(str(k) for k in range(len(choice[option].choices)))}")
    for prefix, rows in (("GL_ALIGN_", V.ALIGNMENTS), ("GL_NAV_", V.NAVIGATIONS), ("GL_KIND_", V.ELEMENT_KINDS), ("GL_CHANGE_", V.CHANGE_KINDS)):
        consts += [f"{prefix}{row[0]} = {k}" for k, row in enumerate(rows)]
    consts += [f"GL_EVENT_{row[0]} = {k}" for k, row in enumerate(V.EVENTS)]
    bits = [f"GL_SECTION_{snake(o).upper()} = {1 << k}" for k, o in enumerate(V.SECTION_OPTIONS)]
    bits.append("SECTION_OPTION_BITS = (")
    bits += [f"    ({snake(o)!r}, GL_SECTION_{snake(o).upper()})," for o in V.SECTION_OPTIONS]
    bits.append(")")
    callbacks = [f"GL_CALLBACK_{row[1]} = {k}" for k, row in enumerate(V.CALLBACKS)]
    callbacks.append(f"GL_CALLBACK_COUNT = {len(V.CALLBACKS)}")
    callbacks += [f"GL_OPERATION_{row[1]} = {k}" for k, row in enumerate(V.OPERATIONS)]
    callbacks.append(f"GL_OPERATION_COUNT = {len(V.OPERATIONS)}")
    callbacks.append("# Python's words for the library's errors (gl_set_error_words): set_data_source's keywords")
    callbacks.append("# and Grid's methods, in gl_callback and gl_operation order.")
    callbacks.append(f"PYTHON_CALLBACKS = {tuple(row[3] for row in V.CALLBACKS)!r}")
    callbacks.append(f"PYTHON_OPERATIONS = {tuple(row[3] for row in V.OPERATIONS)!r}")
    wrap = lambda lines: "\n".join(lines) + "\n"  # noqa: E731
    return {"constants": wrap(consts), "section-bits": wrap(bits), "callbacks": wrap(wrap_long(callbacks))}


def wrap_long(lines, width=100):
    out = []
    for line in lines:
        if len(line) <= width or "(" not in line:
            out.append(line)
            continue
        head, rest = line.split("(", 1)
        items = rest.rstrip(")").split(", ")
        current = head + "("
        for k, item in enumerate(items):
            piece = item + (", " if k < len(items) - 1 else ")")
            if len(current) + len(piece.rstrip()) > width:
                out.append(current.rstrip())
                current = " " * len(head + "(") + piece
            else:
                current += piece
        out.append(current)
    return out


def python_vocabulary_module():
    literal = lambda name, values: f"{name} = Literal[{', '.join(repr(v) for v in values)}]"  # noqa: E731
    return "\n".join([
        '"""The engine\'s names for Python: generated by tools/generate.py from tools/vocabulary.py',
        '(make generate). Do not edit: change the table and generate again."""',
        "",
        "from typing import Literal, Tuple",
        "",
        literal("Kind", [row[1] for row in V.ELEMENT_KINDS]),
        literal("EventKind", [row[1] for row in V.EVENTS]),
        literal("ChangeKind", [row[1] for row in V.CHANGE_KINDS]),
        literal("Align", [row[1] for row in V.ALIGNMENTS]),
        literal("Navigation", [row[1] for row in V.NAVIGATIONS]),
        "",
        "# The event kinds, by their gl_event_kind value.",
        f"EVENT_KINDS: Tuple[EventKind, ...] = {tuple(row[1] for row in V.EVENTS)!r}",
        "# The element kinds, by their gl_kind value.",
        f"KINDS: Tuple[Kind, ...] = {tuple(row[1] for row in V.ELEMENT_KINDS)!r}",
        "# The changes, by their gl_change_kind value.",
        f"CHANGE_KINDS: Tuple[ChangeKind, ...] = {tuple(row[1] for row in V.CHANGE_KINDS)!r}",
        "# The alignments, by their gl_align value.",
        f"ALIGNS: Tuple[Align, ...] = {tuple(row[1] for row in V.ALIGNMENTS)!r}",
        "# The directions of neighbor, by their gl_navigation value.",
        f"NAVIGATIONS: Tuple[Navigation, ...] = {tuple(row[1] for row in V.NAVIGATIONS)!r}",
        "",
    ])


def status_table():
    rows = ["| status | value | meaning |", "|---|---|---|"]
    rows += [f"| `{name}` | {k} | {meaning} |" for k, (name, meaning) in enumerate(V.STATUSES)]
    return "\n".join(rows) + "\n"


def vocabulary_outputs(options, files):
    def edit(path, name, generated, comment):
        text = files.get(path) or (ROOT / path).read_text()
        files[path] = block(text, path, name, generated, comment)
    for name, generated in header_blocks(options).items():
        edit("bindings/c/gridlayout.h", name, generated, C_COMMENT)
    edit("Sources/GridLayoutCSupport/support.c", "status-names", support_c_block(), C_COMMENT)
    for name, generated in python_lib_blocks(options).items():
        edit("bindings/python/gridlayout/_lib.py", name, generated, HASH)
    edit("docs/c.md", "status", status_table(), ("<!--", " -->"))
    files["Sources/GridLayout/Errors/Vocabulary.generated.swift"] = swift_engine()
    files["Sources/GridLayout/Configuration/GridLimits.generated.swift"] = swift_limits()
    files["Sources/GridLayoutC/CNames.generated.swift"] = swift_c_face(options)
    files["Sources/GridLayoutC/CConfig.generated.swift"] = swift_c_config(options)
    edit("bindings/c/gridlayout.h", "config", config_struct(options), C_COMMENT)
    edit("bindings/python/gridlayout/_lib.py", "config", python_config_struct(), HASH)
    files["Sources/GridScript/LuaNames.generated.swift"] = swift_lua_face()
    files["Sources/GridScript/LuaMethods.generated.swift"] = swift_lua_methods()
    files["Sources/gridfuzz/LuaFuzzMethods.generated.swift"] = swift_lua_fuzz_methods()
    files["bindings/python/gridlayout/_vocabulary.py"] = python_vocabulary_module()


# ---- the LuaJIT binding's ffi.cdef, from the C header -------------------------------------------

def luajit_cdef(header):
    """bindings/luajit/gridlayout/cdef.lua: gridlayout.h as LuaJIT's ffi.cdef reads it (no
    comments, no preprocessor lines, no static inline helpers, no extern "C"), and the Lua face's
    words for gl_set_error_words: the data source keys by gl_callback, the methods by
    gl_operation, and the grid's methods in the order gl.methods lists them."""
    text = re.sub(r"/\*.*?\*/", "", header, flags=re.S)
    text = re.sub(r"^[ \t]*#.*$", "", text, flags=re.M)
    text = re.sub(r"^static inline [^{]*\{.*?^\}\n", "", text, flags=re.S | re.M)
    text = re.sub(r'^extern "C" \{$|^\}$', "", text, flags=re.M)
    lines = [line.rstrip() for line in text.splitlines()]
    body = "\n".join(line for line in lines if line.strip())
    if "]]" in body:
        raise SystemExit("gridlayout.h has ']]': it cannot go into a Lua long string")
    def names(values):
        return "{ " + ", ".join(f'"{v}"' for v in values) + " }"
    return ("-- Generated by tools/generate.py from bindings/c/gridlayout.h and tools/vocabulary.py\n"
            "-- (make generate). Do not edit.\n"
            "return {\n"
            f"  cdef = [[\n{body}\n]],\n"
            f"  callbacks = {names(row[4] for row in V.CALLBACKS)},\n"
            f"  operations = {names(row[0] for row in V.OPERATIONS)},\n"
            f"  methods = {names(row[0] for row in V.LUA_METHODS)},\n"
            f"  statuses = {names(name for name, _ in V.STATUSES)},\n"
            "}\n")


# ---- the whole ----------------------------------------------------------------------------------

def outputs(library):
    options = read_options(library)
    files = {}
    for path, generated in doc_tables(options).items():
        files[path] = with_table((ROOT / path).read_text(), path, generated)
    files["bindings/python/gridlayout/_options.py"] = python_module(options)
    vocabulary_outputs(options, files)
    files["bindings/luajit/gridlayout/cdef.lua"] = luajit_cdef(files["bindings/c/gridlayout.h"])
    for path, text in _schema.texts(library).items():
        files[str(path.relative_to(ROOT))] = text
    return files


def main(argv):
    check = "--check" in argv[1:]
    library = _schema.library_path()
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
