"""Runs every code example of docs/*.md and the README, so the docs cannot drift from the code.

A fenced block whose info string is `lua run`, `c run` or `python run` is run: Lua through the
debug gridrepl, C compiled against bindings/c/gridlayout.h and the debug library
(`make -C bindings/c lib CONFIG=debug`), Python with bindings/python on sys.path. Each runs in a
fresh temporary folder, as `example.lua`,
`example.py` or `example.c` (so that messages name it so), and must exit 0. An ```output block right after it (blank lines between
are allowed) holds its exact standard output. A lua, c or python block marked neither `run` nor
`norun` fails the test, so no example escapes. docs/images/*.svg must equal what
`make docs-images` writes now.

`lua run pty` runs the block on a pseudo-terminal (80x24) for the live view: each time the view
opens (the alternate screen) it types q; its ```output block is what the block printed after the
last view closed. Every Lua block's folder holds a copy of scripts/, so `dofile("scripts/…")`
works as it does from the repository's root.
"""

import fcntl
import os
import pty
import re
import select
import shutil
import struct
import subprocess
import termios
import time
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
DOCS = sorted((ROOT / "docs").glob("*.md")) + [ROOT / "README.md"]
LANGUAGES = ("lua", "c", "python")
TIMEOUT = 60
FENCE = re.compile(r"^(```+)(.*)$")


class Block:
    def __init__(self, path, line, info, text):
        self.path, self.line, self.info, self.text = path, line, info.split(), text
        self.output = None

    @property
    def where(self):
        return f"{self.path.relative_to(ROOT)}:{self.line}"


def blocks(path):
    """Every fenced block of the file, with the output block that follows a run block."""
    found, lines, n = [], path.read_text().splitlines(), 0
    while n < len(lines):
        m = FENCE.match(lines[n])
        if not m:
            n += 1
            continue
        fence, info, start = m.group(1), m.group(2).strip(), n + 1
        n += 1
        body = []
        while n < len(lines) and lines[n].rstrip() != fence:
            body.append(lines[n])
            n += 1
        assert n < len(lines), f"{path.relative_to(ROOT)}:{start}: unclosed code block"
        n += 1
        block = Block(path, start, info, "".join(line + "\n" for line in body))
        if block.info[:1] == ["output"] and found and found[-1].output is None \
                and found[-1].info[1:2] == ["run"] and all(not l.strip() for l in lines[found[-1].end:start - 1]):
            found[-1].output = block.text
        else:
            found.append(block)
        block.end = n
    return found


ALL = [b for path in DOCS for b in blocks(path)]
RUN = [b for b in ALL if b.info[:1] and b.info[0] in LANGUAGES and b.info[1:2] == ["run"]]


def test_every_example_is_marked():
    assert DOCS, "no docs/*.md"
    unmarked = [f"{b.where}: ```{' '.join(b.info)}" for b in ALL
                if b.info[:1] and b.info[0] in LANGUAGES and b.info[1:2] not in (["run"], ["norun"])]
    stray = [f"{b.where}: an output block must follow a run block" for b in ALL if b.info[:1] == ["output"]]
    assert not unmarked + stray, "code blocks neither `run` nor `norun`:\n" + "\n".join(unmarked + stray)


@pytest.fixture(scope="session")
def gridrepl():
    if os.environ.get("GRIDREPL_BIN"):
        return os.environ["GRIDREPL_BIN"]
    subprocess.run(["swift", "build", "--product", "gridrepl"], cwd=ROOT, check=True,
                   stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, timeout=900)
    return str(bin_path() / "gridrepl")


def bin_path():
    return Path(subprocess.run(["swift", "build", "--show-bin-path"], cwd=ROOT, check=True,
                               capture_output=True, text=True, timeout=120).stdout.strip())


@pytest.fixture(scope="session")
def c_library():
    lib = ROOT / ".build" / "gridlayout-c" / "debug" / "lib"
    if not (lib / "libgridlayout.so").exists():
        subprocess.run(["make", "-C", "bindings/c", "lib", "CONFIG=debug"], cwd=ROOT, check=True,
                       stdout=subprocess.DEVNULL, timeout=900)
    return lib


@pytest.fixture(scope="session")
def python_library():
    if os.environ.get("GRIDLAYOUT_LIBRARY"):
        return os.environ["GRIDLAYOUT_LIBRARY"]
    path = bin_path() / "libgridlayout.so"
    if not path.exists():
        subprocess.run(["swift", "build", "--product", "gridlayout"], cwd=ROOT, check=True,
                       stdout=subprocess.DEVNULL, timeout=900)
    return str(path)


def env(**extra):
    e = {k: v for k, v in os.environ.items() if not k.startswith("LUA_")}
    e.update(COLUMNS="80", LINES="24", **extra)
    return e


def check(block, result):
    assert result.returncode == 0, f"{block.where}: exit status {result.returncode}\n{result.stdout}{result.stderr}"
    if block.output is not None:
        assert result.stdout == block.output, f"{block.where}: the output differs from the ```output block"


ENTER_ALT_SCREEN, LEAVE_ALT_SCREEN = b"\x1b[?1049h", b"\x1b[?1049l"
# ESC ( B designates a charset (one more byte); ESC = and ESC > (keypad modes) stand alone.
ANSI = re.compile(rb"\x1b\[[0-9;?]*[A-Za-z]|\x1b[()][0-9A-Za-z]|\x1b[=>]|\x07|\x0f")


def run_on_pty(command, cwd, environment):
    """Runs `command` on a pseudo-terminal, typing q whenever the live view opens; returns the
    exit status and the text written after the last view closed (escapes removed, \r\n as \n)."""
    pid, fd = pty.fork()
    if pid == 0:  # child
        try:
            os.chdir(cwd)
            os.execve(command[0], command, environment)
        finally:
            os._exit(127)
    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
    raw, answered, deadline, status = b"", 0, time.monotonic() + TIMEOUT, None
    try:
        while time.monotonic() < deadline:
            if raw.count(ENTER_ALT_SCREEN) > answered:
                answered += 1
                time.sleep(0.2)  # the view reads keys once it has drawn
                os.write(fd, b"q")
            r, _, _ = select.select([fd], [], [], 0.05)
            if r:
                try:
                    data = os.read(fd, 65536)
                except OSError:  # the child is gone
                    data = b""
                raw += data
                if data:
                    continue
            done, code = os.waitpid(pid, os.WNOHANG)
            if done:
                status = os.waitstatus_to_exitcode(code)
                break
        assert status is not None, f"did not exit in {TIMEOUT}s:\n{raw!r}"
    finally:
        if status is None:
            os.kill(pid, 9)
            os.waitpid(pid, 0)
        os.close(fd)
    tail = raw.rsplit(LEAVE_ALT_SCREEN, 1)[-1] if LEAVE_ALT_SCREEN in raw else raw
    return status, ANSI.sub(b"", tail).decode().replace("\r\n", "\n").replace("\r", "")


@pytest.mark.parametrize("block", RUN, ids=[b.where for b in RUN])
def test_example(block, tmp_path, request):
    language = block.info[0]
    if language == "lua":
        script = tmp_path / "example.lua"
        script.write_text(block.text)
        shutil.copytree(ROOT / "scripts", tmp_path / "scripts")
        command, extra = [request.getfixturevalue("gridrepl"), script.name], {}  # messages say example.lua:N
        if "pty" in block.info[2:]:
            status, out = run_on_pty(command, tmp_path, env(TERM="xterm"))
            assert status == 0, f"{block.where}: exit status {status}\n{out}"
            if block.output is not None:
                assert out == block.output, f"{block.where}: the output differs from the ```output block:\n{out}"
            return
    elif language == "python":
        script = tmp_path / "example.py"
        script.write_text(block.text)
        command = [sys.executable, script.name]
        extra = {"PYTHONPATH": str(ROOT / "bindings" / "python"),
                 "GRIDLAYOUT_LIBRARY": request.getfixturevalue("python_library")}
    else:
        lib = request.getfixturevalue("c_library")
        source, program = tmp_path / "example.c", tmp_path / "example"
        source.write_text(block.text)
        cc = subprocess.run(["cc", "-std=c99", "-Wall", "-Wextra", "-Werror", "-pedantic",
                             f"-I{ROOT / 'bindings' / 'c'}", str(source), "-o", str(program),
                             f"-L{lib}", "-lgridlayout", f"-Wl,-rpath,{lib}", "-lm", "-pthread"],
                            capture_output=True, text=True, timeout=TIMEOUT)
        assert cc.returncode == 0, f"{block.where}: does not compile\n{cc.stderr}"
        command, extra = [str(program)], {}
    result = subprocess.run(command, cwd=tmp_path, capture_output=True, text=True, timeout=TIMEOUT,
                            env=env(**extra))
    check(block, result)


IMAGES = ["ninegrid", "waterfall", "smgridview", "feed"]


def test_images_are_what_the_scripts_draw_now(gridrepl, tmp_path):
    """docs/images/NAME.svg is what `gridrepl scripts/NAME.lua OUT.svg` writes (make docs-images)."""
    for name in IMAGES:
        out = tmp_path / f"{name}.svg"
        r = subprocess.run([gridrepl, str(ROOT / "scripts" / f"{name}.lua"), str(out)], cwd=tmp_path,
                           capture_output=True, text=True, timeout=TIMEOUT, env=env())
        assert r.returncode == 0, r.stderr
        committed = ROOT / "docs" / "images" / f"{name}.svg"
        assert committed.exists(), f"{committed.relative_to(ROOT)} is missing: run make docs-images"
        assert committed.read_text() == out.read_text(), \
            f"{committed.relative_to(ROOT)} differs from what scripts/{name}.lua draws now: run make docs-images"


def test_the_focus_picture_is_what_focus_lua_draws():
    """docs/layout.md's picture of scripts/focus.lua's grid is the draw() at the end of its golden
    output (scripts/expected/focus.out, itself checked against the script by ScriptGoldenTests)."""
    expected = (ROOT / "scripts" / "expected" / "focus.out").read_text().splitlines()
    picture = expected[next(i for i, line in enumerate(expected) if line.startswith("offset (")) + 1:]
    text = [b for b in blocks(ROOT / "docs" / "layout.md") if b.info == ["text"] and "|1.5 " in b.text]
    assert len(text) == 1, "one text block in docs/layout.md pictures focus.lua's grid"
    assert text[0].text.splitlines() == picture
