"""The declarations match the C header, and `pip install bindings/python` gives a working package."""

import ctypes
import os
import shutil
import subprocess
import sys
import zipfile

import pytest

from gridlayout import _lib

PACKAGE_ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
HEADER_DIR = os.path.join(os.path.dirname(PACKAGE_ROOT), "c")


def test_struct_layouts_match_the_header(tmp_path):
    """Compiles a C program that prints sizeof and every field's offsetof, and compares."""
    cc = shutil.which("cc") or shutil.which("gcc") or shutil.which("clang")
    if cc is None:
        pytest.skip("no C compiler")
    structs = [v for v in vars(_lib).values()
               if isinstance(v, type) and issubclass(v, ctypes.Structure) and v.__name__.startswith("gl_")]
    assert len(structs) == 22   # every gl_ struct of the header (style and composition: 1.1, 1.2; gl_measure: 1.2; gl_ids, gl_index_path, gl_move, gl_diff: 1.2)
    lines, expected = [], []
    for s in structs:
        lines.append(f'printf("{s.__name__} %zu\\n", sizeof({s.__name__}));')
        expected.append(f"{s.__name__} {ctypes.sizeof(s)}")
        for name, _ in s._fields_:
            lines.append(f'printf("{s.__name__}.{name} %zu\\n", offsetof({s.__name__}, {name}));')
            expected.append(f"{s.__name__}.{name} {getattr(s, name).offset}")
    source = tmp_path / "abi.c"
    source.write_text('#include <stdio.h>\n#include "gridlayout.h"\nint main(void) {\n'
                      + "\n".join(lines) + "\nreturn 0;\n}\n")
    subprocess.run([cc, "-std=c99", "-I", HEADER_DIR, str(source), "-o", str(tmp_path / "abi")], check=True)
    out = subprocess.run([str(tmp_path / "abi")], capture_output=True, text=True, check=True).stdout
    assert out.split("\n")[:-1] == expected


def test_functions_and_constants_match_the_header():
    header = open(os.path.join(HEADER_DIR, "gridlayout.h")).read()
    import re
    declared = set(re.findall(r"^(?:gl_status|int64_t|int|const char \*)\s*(gl_\w+)\(", header, re.M))
    assert declared == {name for name, _, _ in _lib._FUNCTIONS}
    for name, value in re.findall(r"#define (GL_VERSION_(?:MAJOR|MINOR|PATCH)) (\d+)", header):
        assert getattr(_lib, name) == int(value)
    for name, value in re.findall(r"\b(GL_[A-Z_]+) = (\d+)", header):
        assert getattr(_lib, name) == int(value), name


def test_pip_install_into_a_venv(tmp_path):
    """Builds the wheel from a copy of the package with the library beside it, installs it into a fresh venv and uses it there with no
    GRIDLAYOUT_LIBRARY: the bundled library is found next to the package."""
    pytest.importorskip("setuptools")
    source = tmp_path / "src"
    shutil.copytree(PACKAGE_ROOT, source, ignore=shutil.ignore_patterns(
        "tests", "bench", "build", "*.egg-info", "__pycache__", ".pytest_cache", "*.so*"))
    shutil.copy(os.environ["GRIDLAYOUT_LIBRARY"], source / "gridlayout" / "libgridlayout.so")
    wheels = tmp_path / "wheels"
    pip = [sys.executable, "-m", "pip", "--disable-pip-version-check", "-q"]
    build = pip + ["wheel", "--no-deps", "-w", str(wheels), str(source)]
    result = subprocess.run(build, capture_output=True, text=True)   # isolated: fetches setuptools
    if result.returncode != 0:
        try:
            import wheel  # noqa: F401  (setuptools < 70 builds wheels with it)
        except ImportError:
            pytest.skip("cannot build a wheel: the isolated build failed (offline?) and this Python "
                        "has no `wheel` for --no-build-isolation:\n" + result.stderr[-2000:])
        subprocess.run(build + ["--no-build-isolation"], check=True)
    [wheel] = list(wheels.iterdir())
    names = zipfile.ZipFile(wheel).namelist()
    assert {"gridlayout/__init__.py", "gridlayout/_lib.py", "gridlayout/grid.py", "gridlayout/py.typed",
            "gridlayout/libgridlayout.so"} <= set(names)
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True)
    python = str(venv / "bin" / "python")
    subprocess.run(pip + ["--python", python, "install", "--no-deps", "--no-index", str(wheel)], check=True)
    env = {k: v for k, v in os.environ.items() if k not in ("GRIDLAYOUT_LIBRARY", "PYTHONPATH")}
    script = ("import gridlayout, os\n"
              "g = gridlayout.Grid(lanes=3, spacing=10)\n"
              "g.set_sizes([(100, 120)] * 10); g.reload()\n"
              "print(tuple(g.frame(0, 4)), os.path.dirname(gridlayout.library_path()) == os.path.dirname(gridlayout.__file__))\n")
    out = subprocess.run([python, "-c", script], cwd=str(tmp_path), env=env, capture_output=True, text=True)
    assert out.returncode == 0, out.stderr
    assert out.stdout.split() == ["(110.0,", "130.0,", "100.0,", "120.0)", "True"]


def test_the_records_keep_no_instance_dict():
    """Every record is a NamedTuple (its __slots__ is empty) or a class with __slots__: none
    carries a per-instance __dict__."""
    import gridlayout
    records = [gridlayout.Size(1, 2), gridlayout.Point(1, 2), gridlayout.Rect(1, 2, 3, 4),
               gridlayout.Insets(1, 2, 3, 4), gridlayout.IndexPath(0, 1),
               gridlayout.Element("item", 0, 1, 0, 0, 1, 1),
               gridlayout.Change("move", 0, 1, 0, 2), gridlayout.Event("loaded"),
               gridlayout.Drag(gridlayout.IndexPath(0, 1), gridlayout.IndexPath(0, 2)),
               gridlayout.Stats(1, 2, 3, 4), gridlayout.Uniform((1, 2), 3),
               gridlayout.Section([(1, 2)], header=(0, 10)), gridlayout.options()[0]]
    for record in records:
        assert not hasattr(record, "__dict__"), type(record).__name__
        with pytest.raises(AttributeError):
            record.extra = 1


def test_the_package_names_its_api():
    """`from gridlayout import ...` names the whole API, and gridlayout.grid names the same
    objects for its part of it (the classes are defined in the package's private modules)."""
    import gridlayout
    import gridlayout.grid
    assert set(gridlayout.__all__) == {
        "Grid", "GridError", "GridValueError", "GridTypeError", "GridIndexError", "GridStateError",
        "GridCallbackError", "GridMemoryError", "LibraryNotFound", "Element", "Event", "Change",
        "Drag", "Diff", "Move", "Rect", "Size", "Point", "Insets", "IndexPath", "Stats", "Uniform", "Section",
        "Option", "options", "Transition", "library_version", "library_path", "HEADER_VERSION", "__version__"}
    assert set(gridlayout.grid.__all__) == set(gridlayout.__all__) - {
        "LibraryNotFound", "HEADER_VERSION", "__version__"}
    for name in gridlayout.grid.__all__:
        assert getattr(gridlayout.grid, name) is getattr(gridlayout, name), name
