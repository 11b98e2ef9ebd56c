"""Helpers of the packaging tests: the repository, its version, `make`, and the objects a program
really loads (LD_DEBUG=libs), to show that an installed artefact needs nothing of the Swift
toolchain nor of the build tree."""

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
