"""One surface, four faces: the engine's options, callbacks and operations are defined once
(GridConfiguration.options, DataSourceCallback, GridOperation) and every face and the docs are
checked against that one definition here.

The options come from the C library's run-time description (gl_option_describe), which is made
from the engine's descriptor; the header, the docs' option tables and the Python face must each
name every one of them.
"""

import ctypes
import os
import sys
import re
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
HEADER = (ROOT / "bindings" / "c" / "gridlayout.h").read_text()


sys.path.insert(0, str(ROOT / "bindings" / "python"))
from gridlayout import _lib  # noqa: E402  (the binding's declarations of the C API)


@pytest.fixture(scope="module")
def options():
    path = os.environ.get("GRIDLAYOUT_LIBRARY")
    if not path:
        bin_dir = subprocess.run(["swift", "build", "--show-bin-path"], cwd=ROOT, check=True,
                                 capture_output=True, text=True, timeout=120).stdout.strip()
        path = str(Path(bin_dir) / "libgridlayout.so")
        if not Path(path).exists():
            subprocess.run(["swift", "build", "--product", "gridlayout"], cwd=ROOT, check=True, timeout=900)
    lib = _lib.load(path)
    found = []
    for i in range(lib.gl_option_count()):
        info = _lib.gl_option_info()
        assert lib.gl_option_describe(i, ctypes.byref(info)) == 0
        found.append({"name": info.name.decode(), "c_name": info.c_name.decode(), "type": info.type,
                      "choices": [info.choices[k].decode() for k in range(info.choice_count)]})
    assert len(found) >= 23
    return found


def test_every_option_is_a_gl_config_field_tagged_with_its_name(options):
    config = re.search(r"typedef struct gl_config \{(.*?)\} gl_config;", HEADER, re.S).group(1)
    import vocabulary
    assert sorted(option for _, _, option, _ in vocabulary.CONFIG_FIELDS) == sorted(o["name"] for o in options)
    for o in options:
        assert re.search(rf"\b{o['c_name']};\s*/\*[^*]*\[{o['name']}\]", config), \
            f"gridlayout.h's gl_config lacks the field {o['c_name']} tagged [{o['name']}]"


def test_the_headers_enums_name_the_described_cases(options):
    enums = {option: (ctype, prefix) for option, ctype, prefix in vocabulary.CHOICE_ENUMS}
    for o in options:
        if o["choices"]:
            ctype, prefix = enums[o["name"]]
            body = re.search(rf"typedef enum {ctype} \{{(.*?)\}}", HEADER, re.S).group(1)
            values = {m.group(1): int(m.group(2)) for m in re.finditer(rf"{prefix}([A-Z_]+) = (\d+)", body)}
            # A choice of several words is one C word each: spaceBetween is SPACE_BETWEEN.
            upper = {c: re.sub(r"([A-Z])", r"_\1", c).upper() for c in o["choices"]}
            assert {c: values.get(upper[c]) for c in o["choices"]} == {c: k for k, c in enumerate(o["choices"])}, o["name"]


def test_the_style_callback_is_in_every_face():
    """`style` (the pictures' labels and fills) is a data source callback of every face by that
    name: Lua's dataSource.style, the C struct's field, Python's keyword; each face's docs say so."""
    data_source = re.search(r"typedef struct gl_data_source \{(.*?)\} gl_data_source;", HEADER, re.S).group(1)
    assert re.search(r"gl_status \(\*style\)\(void \*context, int64_t section, int64_t item, gl_style \*style\);", data_source)
    # The struct grows at its end: style (1.1), then the composition callbacks (1.2).
    fields = re.findall(r"\(\*(\w+)\)\(", data_source)
    assert fields[-5:] == ["style", "footer_size", "span", "spans", "section_options"], fields
    grid_py = (ROOT / "bindings" / "python" / "gridlayout" / "grid.py").read_text()
    assert re.search(r"def set_data_source\(.*?\bstyle: Optional\[Callable", grid_py, re.S)
    assert ("style", _lib.style_fn) in [(f, t) for f, t in _lib.gl_data_source._fields_]
    lua = (ROOT / "Sources" / "GridScript" / "LuaPictures.swift").read_text()
    assert 'pushField(L, lua_gettop(L), "style"' in lua
    for doc, spelling in (("lua.md", "style = function(section, item)"), ("c.md", "gl_style"),
                          ("python.md", "style=")):
        assert spelling in (ROOT / "docs" / doc).read_text(), f"docs/{doc} lacks {spelling!r}"


sys.path.insert(0, str(ROOT / "tools"))
import vocabulary  # noqa: E402  (the Lua methods' one list)

LUA_NAMES = {name for name, _, _ in vocabulary.LUA_METHODS} | {
    # data source and delegate callbacks
    "sections", "count", "size", "sizes", "header", "showLoader", "sameSize", "headerView", "willQueue",
    "loadMore", "moveItem", "canMove", "canMoveToSection", "pageChanged", "loaderShown", "loaderHidden", "didInsert",
    "didRemove", "didMove", "dragStarted", "dragEnded", "style",
}


def test_the_engine_names_no_lua_method_or_callback_in_a_string():
    found = []
    for path in sorted((ROOT / "Sources" / "GridLayout").rglob("*.swift")):
        for n, line in enumerate(path.read_text().splitlines(), 1):
            code = line.split("//", 1)[0]
            for literal in re.findall(r'"([A-Za-z]+)"', code):
                if literal in LUA_NAMES:
                    found.append(f"{path.relative_to(ROOT)}:{n}: \"{literal}\"")
    assert not found, "Lua names in the engine's strings:\n" + "\n".join(found)


OUTSIDE = re.compile(r"\.\./" + "shared|DESIGN" + r"\.md")  # spelt apart, so this file does not match


def test_the_repository_stands_alone():
    """Nothing refers to a file outside the repository (the design notes it grew from, shared/)."""
    files = subprocess.run(["git", "ls-files"], cwd=ROOT, capture_output=True, text=True, check=True).stdout.split()
    found = []
    for name in files:
        path = ROOT / name
        if name == "CHANGELOG.md" or not path.is_file() or path.suffix not in (".md", ".swift", ".py", ".c", ".h", ".lua", ".sh", ".1", ".toml", ".json", ""):
            continue
        try:
            text = path.read_text()
        except UnicodeDecodeError:
            continue
        for n, line in enumerate(text.splitlines(), 1):
            if OUTSIDE.search(line):
                found.append(f"{name}:{n}: {line.strip()[:100]}")
    assert not found, "references outside the repository:\n" + "\n".join(found)
    assert (ROOT / "LICENSE").read_text().startswith("MIT License")
    assert (ROOT / "docs" / "layout.md").exists()


def test_the_section_options_are_the_engines_in_every_face(options):
    """SectionOptions.keys (the options a section may override) are, in their order, C's
    GL_SECTION_* bits and gl_section_options fields and Python's section keys, each an option."""
    source = (ROOT / "Sources" / "GridLayout" / "Errors" / "Vocabulary.generated.swift").read_text()
    keys = re.findall(r'"(\w+)"', re.search(r"static let keys = \[(.*?)\]", source, re.S).group(1))
    c_names = {o["name"]: o["c_name"] for o in options}
    expected = [c_names[k] for k in keys]
    bits = re.findall(r"GL_SECTION_([A-Z_]+) = (\d+)", HEADER)
    assert [(name.lower(), int(v)) for name, v in bits] == [(n, 1 << k) for k, n in enumerate(expected)]
    struct = re.search(r"typedef struct gl_section_options \{(.*?)\} gl_section_options;", HEADER, re.S).group(1)
    for key, c_name in zip(keys, expected):
        assert re.search(rf"\b{c_name};\s*/\*[^*]*\[{key}\]", struct), f"gl_section_options lacks {c_name} [{key}]"
    assert [name for name, _ in _lib.SECTION_OPTION_BITS] == expected
    assert [name for name, _ in _lib.gl_section_options._fields_][2:] == expected


# The guard's and the bulk data's wording: the engine's templates (GridError.reentered,
# GridError.invalidGiven, GridError.invalidSize), never a face's own copy.
ENGINE_WORDING = ("called from inside a data source", "sizes must be finite", "finite sides >= 0")
FACES = ("Sources/GridHost", "Sources/GridScript", "Sources/GridLayoutC", "Sources/GridLayoutLua",
         "Sources/gridrepl", "Sources/gridlayout-cli", "bindings/python/gridlayout")


def test_no_face_writes_the_engines_messages():
    found = []
    for face in FACES:
        for path in sorted((ROOT / face).rglob("*")):
            if path.suffix not in (".swift", ".py", ".c", ".h", ".lua", ".js"):
                continue
            text = path.read_text()
            found += [f"{path.relative_to(ROOT)}: {w!r}" for w in ENGINE_WORDING if w in text]
    assert not found, "faces that word the engine's errors themselves:\n" + "\n".join(found)
    engine = "\n".join(p.read_text() for p in (ROOT / "Sources/GridLayout/Errors").glob("*.swift"))
    assert "called from inside a data source callback of the same grid" in engine
