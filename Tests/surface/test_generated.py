"""The generated surface: `make generate` (tools/generate.py) writes every face's copy of the
engine's option table, and the tree must be exactly what it writes. A difference means a face was
edited by hand or the engine's table changed without `make generate`.
"""

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def library():
    path = os.environ.get("GRIDLAYOUT_LIBRARY")
    if path:
        return path
    bin_dir = subprocess.run(["swift", "build", "--show-bin-path"], cwd=ROOT, check=True,
                             capture_output=True, text=True, timeout=120).stdout.strip()
    path = Path(bin_dir) / "libgridlayout.so"
    if not path.exists():
        subprocess.run(["swift", "build", "--product", "gridlayout"], cwd=ROOT, check=True, timeout=900)
    return str(path)


def run(*args, **env):
    return subprocess.run([sys.executable, *args], cwd=ROOT, capture_output=True, text=True, timeout=300,
                          env={**os.environ, "GRIDLAYOUT_LIBRARY": library(), **env})


def test_the_tree_is_what_make_generate_writes():
    done = run("tools/generate.py", "--check")
    assert done.returncode == 0, done.stdout[-4000:] + done.stderr[-2000:]


def test_the_check_fails_on_a_face_edited_by_hand(tmp_path):
    """--check is not a test that cannot fail: a changed row in a copy of the tree is found."""
    copy = tmp_path / "tree"
    subprocess.run(["git", "clone", "-q", "--no-hardlinks", str(ROOT), str(copy)], check=True, timeout=120)
    # The clone holds what is committed: bring over what the working tree changed since.
    changed = subprocess.run(["git", "ls-files", "-m", "-o", "--exclude-standard"], cwd=ROOT, check=True,
                             capture_output=True, text=True, timeout=60).stdout.split()
    for path in changed:
        if (ROOT / path).is_file():
            (copy / path).parent.mkdir(parents=True, exist_ok=True)
            (copy / path).write_bytes((ROOT / path).read_bytes())
    lua = copy / "docs" / "lua.md"
    lua.write_text(lua.read_text().replace("| `lanes` | integer 1…10000 | `1` |", "| `lanes` | integer 1…100 | `1` |"))
    done = subprocess.run([sys.executable, "tools/generate.py", "--check"], cwd=copy, capture_output=True,
                          text=True, timeout=300, env={**os.environ, "GRIDLAYOUT_LIBRARY": library()})
    assert done.returncode == 1
    assert "docs/lua.md" in done.stdout and "integer 1…10000" in done.stdout


def test_the_options_are_properties_of_grid_before_any_grid_is_made():
    """Type checkers and help(Grid) see the options: they are real properties of the class, and
    Grid()'s keywords are typed, without loading the library."""
    code = (
        "import inspect, typing\n"
        "from gridlayout import Grid\n"
        "from gridlayout import _config as module\n"
        "assert module._described is None\n"
        "assert isinstance(Grid.row_height, property) and Grid.row_height.__doc__.startswith('the target row')\n"
        "hints = typing.get_type_hints(Grid.__init__)\n"
        "assert hints['lanes'] == typing.Optional[int], hints['lanes']\n"
        "assert typing.get_args(typing.get_args(hints['layout'])[0]) == ('lanes', 'waterfall', 'flow', 'justified')\n"
        "assert module._described is None\n"
        "print('ok')\n"
    )
    done = run("-c", code, PYTHONPATH=str(ROOT / "bindings" / "python"))
    assert done.returncode == 0 and done.stdout == "ok\n", done.stderr[-2000:]


def test_mypy_checks_options_against_their_kinds(tmp_path):
    """What the generated signatures and properties buy: mypy refuses a wrong choice, a string
    for an integer and a read into the wrong type, and accepts the right ones."""
    good = tmp_path / "good.py"
    good.write_text("from gridlayout import Grid\n"
                    "g = Grid(layout='waterfall', columns=3, padding=(1, 2, 3, 4), loader_size=(10, 10))\n"
                    "n: int = g.columns\nh: float = g.row_height\ng.layout = 'flow'\n")
    bad = tmp_path / "bad.py"
    bad.write_text("from gridlayout import Grid\n"
                   "g = Grid(layout='grid', columns='3')\n"
                   "g.lanes = 'four'\nx: str = g.columns\n")
    env = {**os.environ, "PYTHONPATH": str(ROOT / "bindings" / "python")}
    mypy = [sys.executable, "-m", "mypy", "--strict", "--follow-imports=silent", "--no-incremental"]
    done = subprocess.run([*mypy, str(good)], capture_output=True, text=True, timeout=300, env=env)
    assert done.returncode == 0, done.stdout
    done = subprocess.run([*mypy, str(bad)], capture_output=True, text=True, timeout=300, env=env)
    assert done.returncode == 1
    assert [line.split(": error: ")[1].split("  [")[0][:40] for line in done.stdout.splitlines() if ": error: " in line] == [
        'Argument "layout" to "Grid" has incompat',
        'Argument "columns" to "Grid" has incompa',
        'Incompatible types in assignment (expres',
        'Incompatible types in assignment (expres',
    ]
