"""The self-contained artefacts: gridrepl, libgridlayout.so and the Lua module gridlayout.so carry
the Swift standard library and need no library of the Swift toolchain (readelf and ldd); the C
library needs no Lua and exports only gl_*, the Lua module only luaopen_gridlayout."""

import os
import re
import subprocess

import pytest

from pkgsupport import MAJOR, VERSION, toolchain

# What they may need: the C and C++ runtimes; Lua for gridrepl and the Lua module (never for the C
# library: C and Python users get no Lua); libedit for gridrepl's line editing, ncurses
# (libncursesw, libtinfo) for its live view and libmicrohttpd for its browser view.
RUNTIMES = {"libc.so.6", "libm.so.6", "libstdc++.so.6", "libgcc_s.so.1"}
ALLOWED = {"gridrepl": RUNTIMES | {"liblua5.4.so.0", "libedit.so.2", "libncursesw.so.6", "libtinfo.so.6",
                                   "libmicrohttpd.so.12"},
           "gridlayout": RUNTIMES,
           "lib": RUNTIMES,
           "lua": RUNTIMES | {"liblua5.4.so.0"}}


def toolchain_libraries():
    names = set()
    for folder, _, files in os.walk(toolchain() / "usr" / "lib"):
        names.update(f for f in files if re.search(r"\.so(\.\d+)*$", f))
    assert "libswiftCore.so" in names
    return names


def dynamic(path):
    out = subprocess.run(["readelf", "-d", str(path)], capture_output=True, text=True, check=True).stdout
    return (re.findall(r"\(NEEDED\)\s+Shared library: \[(.*)\]", out),
            re.findall(r"\((?:RUNPATH|RPATH)\)\s+Library r(?:un)?path: \[(.*)\]", out),
            re.findall(r"\(SONAME\)\s+Library soname: \[(.*)\]", out))


@pytest.fixture(scope="module")
def artefacts(static):
    return {"gridrepl": static / "bin" / "gridrepl", "gridlayout": static / "bin" / "gridlayout", "lib": static / "lib" / f"libgridlayout.so.{VERSION}",
            "lua": static / "lib" / "gridlayout.so"}


@pytest.mark.parametrize("name", ["gridrepl", "gridlayout", "lib", "lua"])
def test_needs_nothing_from_the_toolchain(artefacts, name):
    path = artefacts[name]
    needed, runpath, _ = dynamic(path)
    assert not set(needed) & toolchain_libraries(), needed
    assert {n for n in needed if not n.startswith("ld-linux")} <= ALLOWED[name], needed
    assert runpath in ([], ["$ORIGIN"]), runpath          # never a path into the toolchain
    ldd = subprocess.run(["ldd", str(path)], capture_output=True, text=True, check=True).stdout
    assert "not found" not in ldd, ldd
    assert str(toolchain()) not in ldd and "swift" not in ldd.lower(), ldd


@pytest.mark.parametrize("name", ["gridrepl", "gridlayout", "lib", "lua"])
def test_stripped(artefacts, name):
    sections = subprocess.run(["readelf", "-S", "-W", str(artefacts[name])], capture_output=True,
                              text=True, check=True).stdout
    assert ".debug_info" not in sections


def exports(path):
    nm = subprocess.run(["nm", "-D", "--defined-only", str(path)], capture_output=True, text=True,
                        check=True).stdout
    return {f[2] for f in (line.split() for line in nm.splitlines()) if len(f) == 3 and f[1].isupper()}


def test_library_soname_and_exports(artefacts):
    needed, _, soname = dynamic(artefacts["lib"])
    assert soname == [f"libgridlayout.so.{MAJOR}"]
    assert not [n for n in needed if "lua" in n], needed
    exported = exports(artefacts["lib"])
    assert "gl_grid_create" in exported
    assert all(s.startswith("gl_") for s in exported), exported


def test_lua_module_exports_only_its_entry_point(artefacts):
    needed, _, soname = dynamic(artefacts["lua"])
    assert soname == []                                   # loaded by path, never linked against
    assert not [n for n in needed if "gridlayout" in n], needed
    assert exports(artefacts["lua"]) == {"luaopen_gridlayout"}


def test_stock_lua_loads_the_staged_module(artefacts, tmp_path):
    r = subprocess.run(["lua5.4", "-e", "local gl = require 'gridlayout'; print(gl.version, #gl.methods > 0)"],
                       capture_output=True, text=True, cwd=tmp_path,
                       env={"PATH": "/usr/bin:/bin", "LUA_CPATH": f"{artefacts['lua'].parent}/?.so"})
    assert (r.returncode, r.stderr, r.stdout) == (0, "", f"{VERSION}\ttrue\n")


def test_gridlayout_runs_and_reports_the_version(artefacts, tmp_path):
    r = subprocess.run([str(artefacts["gridlayout"]), "--version"], capture_output=True, text=True,
                       env={"PATH": "/usr/bin:/bin"}, cwd=tmp_path)
    assert (r.returncode, r.stderr, r.stdout) == (0, "", f"gridlayout {VERSION}\n")
    r = subprocess.run([str(artefacts["gridlayout"]), "layout"], input='{"sections": [[[1, 2]]]}', capture_output=True,
                       text=True, env={"PATH": "/usr/bin:/bin"}, cwd=tmp_path)
    assert (r.returncode, r.stderr, r.stdout) == (0, "", '{"contentSize":[320,2],\n"sections":[\n{"items":[[0,0,1,2]]}],\n"offsets":[]}\n')


def test_gridrepl_runs_and_reports_the_version(artefacts, tmp_path):
    r = subprocess.run([str(artefacts["gridrepl"]), "-v", "-e",
                        "local gl = require 'gridlayout'; print(gl.version)"],
                       capture_output=True, text=True, env={"PATH": "/usr/bin:/bin"}, cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    assert r.stdout.splitlines()[0] == f"gridrepl {VERSION}"
    assert r.stdout.splitlines()[-1] == VERSION
