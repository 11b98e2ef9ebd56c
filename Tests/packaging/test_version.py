"""One version number: every place that states it agrees with the file VERSION.

The artefacts' own reports (gridrepl -v, gl_version_string(), pkg-config --modversion, the wheel's
and the .deb's metadata) are checked where they are built: test_install.py, test_deb.py,
test_wheel.py.
"""

import ast
import re

from pkgsupport import ROOT, VERSION


def test_version_file_is_one_semantic_version():
    assert re.fullmatch(r"\d+\.\d+\.\d+", VERSION), VERSION
    assert (ROOT / "VERSION").read_text() == VERSION + "\n"


def test_c_header_and_soname():
    header = (ROOT / "bindings/c/gridlayout.h").read_text()
    parts = dict(re.findall(r"^#define GL_VERSION_(MAJOR|MINOR|PATCH) (\d+)$", header, re.M))
    assert f"{parts['MAJOR']}.{parts['MINOR']}.{parts['PATCH']}" == VERSION
    assert re.search(r'^#define GL_VERSION_STRING "([^"]*)"$', header, re.M).group(1) == VERSION
    major = VERSION.split(".")[0]
    assert f'"-soname", "-Xlinker", "libgridlayout.so.{major}"' in (ROOT / "Package.swift").read_text()


def test_lua_module():
    swift = (ROOT / "Sources/GridScript/GridScript.swift").read_text()
    assert re.search(r'public static let version = "([^"]*)"', swift).group(1) == VERSION
    tests = (ROOT / "Tests/GridScriptTests/LuaGridTests.swift").read_text()
    assert f'lua.eval("return gl.version") == ["{VERSION}"]' in tests


def test_json_command_line():
    main = (ROOT / "Sources/gridlayout-cli/main.swift").read_text()
    assert re.search(r'^let version = "([^"]*)"$', main, re.M).group(1) == VERSION


def test_python_package():
    init = (ROOT / "bindings/python/gridlayout/__init__.py").read_text()
    [value] = [node.value.value for node in ast.parse(init).body if isinstance(node, ast.Assign)
               and [getattr(t, "id", None) for t in node.targets] == ["__version__"]]
    assert value == VERSION
    pyproject = (ROOT / "bindings/python/pyproject.toml").read_text()
    assert 'dynamic = ["version"]' in pyproject      # no number of its own: __version__'s
    assert 'version = { attr = "gridlayout.__version__" }' in pyproject
    lib = (ROOT / "bindings/python/gridlayout/_lib.py").read_text()
    assert f'GL_VERSION_STRING = "{VERSION}"' in lib


def test_changelog_leads_with_this_version():
    """The newest version entry is this version (an `## Unreleased` entry may come before it)."""
    changelog = (ROOT / "CHANGELOG.md").read_text()
    versions = [v for v in re.findall(r"^## (\S+)", changelog, re.M) if v != "Unreleased"]
    assert versions[0] == VERSION


def test_generated_files_take_it_from_version():
    """The .pc, the man page and the C library's file name are filled in from VERSION."""
    assert "Version: @VERSION@" in (ROOT / "bindings/c/gridlayout.pc.in").read_text()
    assert "@VERSION@" in (ROOT / "man/gridrepl.1").read_text().split("\n.SH", 1)[0]
    assert "VERSION := $(shell cat $(ROOT)/VERSION)" in (ROOT / "bindings/c/Makefile").read_text()
    assert "VERSION := $(shell cat VERSION)" in (ROOT / "Makefile").read_text()


def test_the_header_says_since_no_version_newer_than_this_one():
    """A "since X.Y" in gridlayout.h names a release: none newer than VERSION (what is not released
    yet belongs to the version being made, and VERSION says which)."""
    header = (ROOT / "bindings/c/gridlayout.h").read_text()
    major, minor, _ = (int(p) for p in VERSION.split("."))
    since = [(int(a), int(b)) for a, b in re.findall(r"\bsince (\d+)\.(\d+)", header)]
    assert since, "gridlayout.h says since no version"
    newer = sorted({f"{a}.{b}" for a, b in since if (a, b) > (major, minor)})
    assert not newer, f"gridlayout.h says 'since' {', '.join(newer)}, newer than VERSION {VERSION}"
