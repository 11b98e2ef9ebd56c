"""Helpers of the packaging tests: the repository, its version, `make`, and the objects a program
really loads (LD_DEBUG=libs), to show that an installed artefact needs nothing of the Swift
toolchain nor of the build tree."""

import json
import os
import pathlib
import re
import shutil
import subprocess
import sys

ROOT = pathlib.Path(__file__).resolve().parents[2]
VERSION = (ROOT / "VERSION").read_text().strip()
MAJOR = VERSION.split(".")[0]
STAGE = ROOT / ".build-static" / "stage"
DIST = ROOT / "dist"


def toolchain() -> pathlib.Path:
    """The Swift toolchain's root (/opt/swift for /opt/swift/usr/bin/swift)."""
    swift = shutil.which("swift")
    assert swift, "swift is not on PATH"
    return pathlib.Path(os.path.realpath(swift)).parents[2]


def make(*args: str) -> str:
    """Runs `make -s ARGS` at the root; its output, or a failure showing it."""
    r = subprocess.run(["make", "-s", "--no-print-directory", *args], cwd=ROOT,
                       capture_output=True, text=True)
    assert r.returncode == 0, f"make {' '.join(args)} failed:\n{r.stdout[-4000:]}\n{r.stderr[-4000:]}"
    return r.stdout


def clean_env(home: pathlib.Path, **extra: str) -> dict:
    """An environment with no trace of the toolchain or the build: a plain PATH, no LD_*, LUA_*,
    PYTHON* or GRIDLAYOUT_* variables."""
    env = {"PATH": "/usr/local/bin:/usr/bin:/bin", "HOME": str(home), "LANG": "C.UTF-8",
           "COLUMNS": "80", "LINES": "24"}
    env.update(extra)
    return env


def run_traced(cmd, env: dict, cwd, tmp: pathlib.Path):
    """Runs cmd with LD_DEBUG=libs; returns the completed process and the paths of every shared
    object the loader initialised (dlopen'ed modules included)."""
    trace = tmp / f"ld-{len(list(tmp.glob('ld-*')))}"
    trace.mkdir()
    r = subprocess.run([str(c) for c in cmd], env={**env, "LD_DEBUG": "libs",
                       "LD_DEBUG_OUTPUT": str(trace / "log")}, cwd=cwd, capture_output=True, text=True)
    objects = []
    for log in trace.iterdir():
        objects += re.findall(r"calling init: (\S+)", log.read_text())
    assert objects, f"LD_DEBUG traced nothing for {cmd}"
    return r, objects


def assert_self_contained(objects, *, within=None):
    """No loaded object comes from the toolchain or the repository; `within`: the folders the
    project's own objects must come from (and at least one does)."""
    tc, root = str(toolchain()), str(ROOT)
    for o in objects:
        real = os.path.realpath(o)
        for p in (o, real):
            assert not p.startswith(tc + "/"), f"{o} is the toolchain's"
            assert not p.startswith(root + "/"), f"{o} is in the build tree"
        assert "libswift" not in os.path.basename(real), o
    if within is not None:
        ours = [o for o in objects if "gridlayout" in os.path.basename(os.path.realpath(o))]
        assert ours, f"no gridlayout object among {objects}"
        for o in ours:
            assert any(os.path.realpath(o).startswith(os.path.realpath(w) + "/") for w in within), o


def python() -> str:
    return sys.executable


def needed(path: pathlib.Path) -> list:
    """The NEEDED entries of an ELF file (readelf -d)."""
    out = subprocess.run(["readelf", "-d", str(path)], capture_output=True, text=True, check=True).stdout
    return re.findall(r"\(NEEDED\)\s+Shared library: \[(.*)\]", out)


def loads_lua(objects) -> bool:
    return any(os.path.basename(o).startswith("liblua") for o in objects)


def check_installed(usr: pathlib.Path, libdir: pathlib.Path, tmp: pathlib.Path):
    """From an installed tree (usr: its prefix; libdir: the library's folder, with lua/5.4 in it):
    gridrepl and the stock lua5.4 run the installed example script as the build tree's golden
    output says, gridlayout lays out a JSON request, and Python lays out a grid with the installed package; none of them loads
    anything of the toolchain or the build tree, and the library comes from libdir. The C library
    needs no Lua (Python loads none); the Lua module is a library of its own (lua5.4 loads no
    libgridlayout.so)."""
    library = libdir / f"libgridlayout.so.{VERSION}"
    assert not [n for n in needed(library) if "lua" in n], needed(library)
    module = libdir / "lua/5.4/gridlayout.so"
    assert module.is_file() and not module.is_symlink(), module
    assert not [n for n in needed(module) if "gridlayout" in n], needed(module)
    work = tmp / "work"
    work.mkdir(exist_ok=True)
    expected = (ROOT / "scripts/expected/smgridview.out").read_text()
    script = usr / "share/doc/gridlayout/scripts/smgridview.lua"
    env = clean_env(tmp)

    r = subprocess.run([usr / "bin/gridrepl", "-v"], env=env, cwd=work, capture_output=True, text=True)
    assert r.stdout.splitlines()[0] == f"gridrepl {VERSION}"
    r, objects = run_traced([usr / "bin/gridrepl", script], env, work, tmp)
    assert (r.returncode, r.stderr, r.stdout) == (0, "", expected)
    assert_self_contained(objects)

    lua_env = clean_env(tmp, LUA_CPATH=f"{libdir}/lua/5.4/?.so")
    r, objects = run_traced(["lua5.4", script], lua_env, work, tmp)
    assert (r.returncode, r.stderr, r.stdout) == (0, "", expected)
    assert_self_contained(objects, within=[libdir])
    assert [o for o in objects if "gridlayout" in os.path.basename(o)] == [str(module)], objects

    # gridlayout, the JSON command line: needs no Lua, nothing of the toolchain.
    r = subprocess.run([usr / "bin/gridlayout", "--version"], env=env, cwd=work, capture_output=True, text=True)
    assert (r.returncode, r.stdout) == (0, f"gridlayout {VERSION}\n")
    request = work / "request.json"
    request.write_text('{"options": {"lanes": 3, "spacing": 10}, "sections": [[[100, 120], [100, 120]]]}')
    r, objects = run_traced([usr / "bin/gridlayout", "layout", request], env, work, tmp)
    assert (r.returncode, r.stderr) == (0, "")
    assert json.loads(r.stdout)["sections"] == [{"items": [[0, 0, 100, 120], [110, 0, 100, 120]]}]
    assert_self_contained(objects)
    assert not loads_lua(objects), objects

    py_env = clean_env(tmp, PYTHONPATH=str(usr / "lib/python3/dist-packages"))
    code = ("import gridlayout; g = gridlayout.Grid(lanes=3, spacing=10); g.set_sizes([(100, 120)] * 10); "
            "g.reload(); print(gridlayout.__version__, gridlayout.library_version(), tuple(g.frame(0, 4)))")
    r, objects = run_traced([python(), "-c", code], py_env, work, tmp)
    assert r.returncode == 0, r.stderr
    assert r.stdout.split() == [VERSION, VERSION, "(110.0,", "130.0,", "100.0,", "120.0)"]
    assert_self_contained(objects, within=[libdir])
    assert not loads_lua(objects), objects
