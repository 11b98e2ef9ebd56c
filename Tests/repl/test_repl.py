"""gridrepl: the script runner (options, `arg`, LUA_INIT, errors) and the interactive REPL
driven through a pseudo-terminal (printing, continuation lines, history, Ctrl-C, Ctrl-D,
completion). Standard library only; every wait has a timeout so a hang fails fast."""

import fcntl
import os
import pty
import re
import select
import signal
import struct
import subprocess
import sys
import termios
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
TIMEOUT = 10


@pytest.fixture(scope="session")
def gridrepl():
    if os.environ.get("GRIDREPL_BIN"):  # an already built binary: skip the build
        return os.environ["GRIDREPL_BIN"]
    subprocess.run(["swift", "build", "--product", "gridrepl"], cwd=ROOT, check=True,
                   stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, timeout=900)
    bin_path = subprocess.run(["swift", "build", "--show-bin-path"], cwd=ROOT, check=True,
                              capture_output=True, text=True, timeout=120).stdout.strip()
    path = os.path.join(bin_path, "gridrepl")
    assert os.access(path, os.X_OK), path
    return path


def clean_env(**extra):
    env = {k: v for k, v in os.environ.items() if not k.startswith("LUA_")}
    env.update(extra)
    return env


def run(gridrepl, *args, stdin="", env=None, cwd=None):
    return subprocess.run([gridrepl, *args], input=stdin, capture_output=True, text=True,
                          timeout=TIMEOUT, env=env or clean_env(), cwd=cwd)


def script(tmp_path, text, name="script.lua"):
    path = tmp_path / name
    path.write_text(text)
    return str(path)


# ---------------------------------------------------------------------------------------------
# Script runner


def test_script_arguments_and_arg_table(gridrepl, tmp_path):
    s = script(tmp_path, 'print(select("#", ...), ...)\n'
                         'for i = -2, #arg do io.write(i, "=", arg[i], ";") end print()\n')
    r = run(gridrepl, "-E", s, "a", "b c")
    assert r.returncode == 0, r.stderr
    assert r.stdout.splitlines() == [
        "2\ta\tb c",
        f"-2={gridrepl};-1=-E;0={s};1=a;2=b c;",
    ]


def test_script_without_arguments_has_empty_varargs(gridrepl, tmp_path):
    s = script(tmp_path, 'print(select("#", ...), #arg, arg[0] == ...)\n')
    r = run(gridrepl, s)
    assert r.stdout == "0\t0\tfalse\n"


def test_e_runs_in_order_and_arg_holds_all_options(gridrepl):
    r = run(gridrepl, "-e", "x = 20", "-ex = x + 1", "-e", "print(x, arg[0] == arg[-0], arg[1], #arg)")
    assert r.returncode == 0, r.stderr
    assert r.stdout == "21\ttrue\t-e\t5\n"


def test_e_error_reports_command_line_and_exits_1(gridrepl):
    r = run(gridrepl, "-e", "error('bad thing')")
    assert r.returncode == 1
    assert r.stderr.startswith("gridrepl: (command line):1: bad thing\nstack traceback:\n")
    assert "[C]: in function 'error'" in r.stderr


def test_l_requires_modules_into_globals(gridrepl):
    r = run(gridrepl, "-l", "gl=gridlayout", "-lstring", "-e", "print(type(gl), gl.version == require('gridlayout').version, string.upper('ok'))")
    assert r.returncode == 0, r.stderr
    assert r.stdout == "table\ttrue\tOK\n"


def test_l_missing_module_fails(gridrepl):
    r = run(gridrepl, "-l", "no_such_module", "-e", "print('not reached')")
    assert r.returncode == 1
    assert r.stdout == ""
    assert r.stderr.startswith("gridrepl: module 'no_such_module' not found:")
    assert "stack traceback:" in r.stderr


def test_gridlayout_is_preloaded(gridrepl):
    r = run(gridrepl, "-e", "print(type(package.preload.gridlayout), type(require"
                            "('gridlayout')), type(string), type(math.pi), type(io.write))")
    assert r.stdout == "function\ttable\ttable\tnumber\tfunction\n"


def test_v_prints_versions(gridrepl):
    version = re.search(r'version = "([^"]+)"', (ROOT / "Sources/GridScript/GridScript.swift").read_text()).group(1)
    r = run(gridrepl, "-v")
    assert r.returncode == 0
    assert r.stdout == f"gridrepl {version}\nLua 5.4.4  Copyright (C) 1994-2022 Lua.org, PUC-Rio\n" or \
        re.fullmatch(rf"gridrepl {re.escape(version)}\nLua 5\.4\.\d+  Copyright \(C\) 1994-\d+ Lua\.org, PUC-Rio\n", r.stdout)
    # -v with -e prints the version and runs the code, without a REPL.
    r = run(gridrepl, "-v", "-e", "print 'after'")
    assert r.stdout.endswith("PUC-Rio\nafter\n")


def test_lua_init_code_file_and_E(gridrepl, tmp_path):
    r = run(gridrepl, "-e", "print(x)", env=clean_env(LUA_INIT="x = 'init'"))
    assert r.stdout == "init\n"
    # LUA_INIT_5_4 wins over LUA_INIT; @file runs a file.
    f = script(tmp_path, "x = 'from file'\n", "init.lua")
    r = run(gridrepl, "-e", "print(x)", env=clean_env(LUA_INIT="x = 'plain'", LUA_INIT_5_4="@" + f))
    assert r.stdout == "from file\n"
    # -E ignores both.
    r = run(gridrepl, "-E", "-e", "print(x)", env=clean_env(LUA_INIT="x = 'plain'", LUA_INIT_5_4="x = 'v'"))
    assert r.stdout == "nil\n"
    # A failing LUA_INIT stops everything.
    r = run(gridrepl, "-e", "print('not reached')", env=clean_env(LUA_INIT="error('init failed')"))
    assert r.returncode == 1
    assert r.stderr.startswith("gridrepl: LUA_INIT:1: init failed\n")
    assert r.stdout == ""


def test_dash_runs_stdin_with_arguments(gridrepl):
    r = run(gridrepl, "-", "x", "y", stdin="print('stdin', ...) print(arg[0], arg[1])\n")
    assert r.returncode == 0, r.stderr
    assert r.stdout == "stdin\tx\ty\n-\tx\n"


def test_no_arguments_and_piped_stdin_runs_it_as_a_script(gridrepl):
    r = run(gridrepl, stdin="local t = {} print(#arg, 1 + 1)\n")
    assert r.stdout == "0\t2\n"
    assert "Copyright" not in r.stdout


def test_double_dash_stops_option_handling(gridrepl, tmp_path):
    s = script(tmp_path, "print(...)\n")
    r = run(gridrepl, "--", s, "-e", "-v")
    assert r.returncode == 0, r.stderr
    assert r.stdout == "-e\t-v\n"


def test_script_error_has_message_traceback_and_status_1(gridrepl, tmp_path):
    s = "script.lua"  # relative: Lua shortens long chunk names
    script(tmp_path, "local function inner()\n  error('boom')\nend\ninner()\nprint('unreachable')\n", s)
    r = run(gridrepl, s, cwd=tmp_path)
    assert r.returncode == 1
    assert r.stdout == ""
    assert r.stderr.startswith(f"gridrepl: {s}:2: boom\nstack traceback:\n")
    assert f"{s}:2: in local 'inner'" in r.stderr
    assert f"{s}:4: in main chunk" in r.stderr


def test_non_string_error_objects(gridrepl):
    r = run(gridrepl, "-e", "error({})")
    assert r.returncode == 1
    assert r.stderr.startswith("gridrepl: (error object is a table value)\n")
    r = run(gridrepl, "-e", "error(setmetatable({}, {__tostring = function() return 'custom' end}))")
    assert r.stderr == "gridrepl: custom\n"


def test_sigint_interrupts_a_script(gridrepl):
    p = subprocess.Popen([gridrepl, "-e", "io.write('started\\n') io.flush() while true do end"],
                         stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=clean_env())
    try:
        assert p.stdout.readline() == "started\n"
        p.send_signal(signal.SIGINT)
        _, err = p.communicate(timeout=TIMEOUT)
    finally:
        p.kill()
    assert p.returncode == 1
    # "interrupted!" has the position of the caller of the interrupted function, if any.
    assert err.startswith("gridrepl: ")
    assert "interrupted!\nstack traceback:\n" in err


def test_syntax_error(gridrepl, tmp_path):
    s = script(tmp_path, "x = = 1\n", "bad.lua")
    r = run(gridrepl, s)
    assert r.returncode == 1
    assert r.stderr == f"gridrepl: {s}:1: unexpected symbol near '='\n"


def test_missing_script(gridrepl, tmp_path):
    r = run(gridrepl, str(tmp_path / "nope.lua"))
    assert r.returncode == 1
    assert r.stderr == f"gridrepl: cannot open {tmp_path / 'nope.lua'}\n" or "No such file" in r.stderr


@pytest.mark.parametrize("args, complaint", [
    (["-x"], "unrecognized option '-x'"),
    (["-vx"], "unrecognized option '-vx'"),
    (["-e"], "'-e' needs argument"),
    (["-l", "-v"], "'-l' needs argument"),
])
def test_usage_errors(gridrepl, args, complaint):
    r = run(gridrepl, *args)
    assert r.returncode == 1
    assert r.stdout == ""
    assert r.stderr.startswith(f"gridrepl: {complaint}\nusage: gridrepl [options] [script [args]]\n")
    assert "  -l g=mod  require library 'mod' into global 'g'\n" in r.stderr


def test_a_bad_long_option_is_one_line_with_the_nearest_option(gridrepl):
    # gridrepl's own long options; lua.c's short ones above keep its whole usage.
    for args, line in [(["--veiw", "x.lua"], "unrecognized option '--veiw' (did you mean '--view'?)"),
                       (["--x"], "unrecognized option '--x'"),
                       (["--sandbox=1"], "option '--sandbox' takes no value"),
                       (["--time-out=3"], "unrecognized option '--time-out=3' (did you mean '--timeout'?)")]:
        r = run(gridrepl, *args)
        assert (r.returncode, r.stdout, r.stderr) == (1, "", f"gridrepl: {line} (the options: gridrepl --help)\n")


def test_i_after_script_with_piped_input(gridrepl, tmp_path):
    s = script(tmp_path, "y = 41\n")
    r = run(gridrepl, "-i", s, stdin="y + 1\n")
    assert r.returncode == 0, r.stderr
    assert "Copyright" in r.stdout
    assert "> 42\n> \n" in r.stdout


# ---------------------------------------------------------------------------------------------
# Interactive, through a pseudo-terminal

ANSI = re.compile(rb"\x1b\[[0-9;?]*[A-Za-z]|\x1b[=>]|\x07")


class Repl:
    """gridrepl on a pseudo-terminal: `send` keys, `expect` output (escapes removed)."""

    def __init__(self, gridrepl, home, args=()):
        env = clean_env(TERM="xterm", HOME=str(home), GRIDREPL_HISTORY=str(home / "history"))
        self.pid, self.fd = pty.fork()
        if self.pid == 0:  # child
            try:
                os.execve(gridrepl, [gridrepl, *args], env)
            finally:
                os._exit(127)
        fcntl.ioctl(self.fd, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 100, 0, 0))
        self.raw = b""
        self.seen = 0  # `expect` searches after the previous match
        self.status = None

    @property
    def text(self):
        return ANSI.sub(b"", self.raw).decode(errors="replace")

    def _pump(self, timeout):
        r, _, _ = select.select([self.fd], [], [], timeout)
        if not r:
            return True
        try:
            data = os.read(self.fd, 65536)
        except OSError:  # the child is gone
            return False
        if not data:
            return False
        self.raw += data
        return True

    def expect(self, needle, timeout=5):
        deadline = time.monotonic() + timeout
        while True:
            i = self.text.find(needle, self.seen)
            if i >= 0:
                self.seen = i + len(needle)
                return
            left = deadline - time.monotonic()
            if left <= 0 or not self._pump(min(left, 0.1)) and self.text.find(needle, self.seen) < 0:
                raise AssertionError(f"{needle!r} not in output after {timeout}s:\n{self.text[self.seen:]!r}")

    def editing(self, timeout=5):
        """Waits until libedit has the terminal in raw mode: it prints the prompt first, and a
        control key typed before that is taken by the cooked terminal (Ctrl-D would be lost)."""
        deadline = time.monotonic() + timeout
        while termios.tcgetattr(self.fd)[3] & termios.ICANON:  # the master shares the termios
            if time.monotonic() > deadline:
                raise AssertionError("the terminal never left canonical mode")
            self._pump(0.01)

    def send(self, keys, wait_for_editing=True):
        if wait_for_editing:
            self.editing()
        os.write(self.fd, keys.encode())

    def line(self, text):
        self.send(text + "\r")

    def wait(self, timeout=5):
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            pid, status = os.waitpid(self.pid, os.WNOHANG)
            if pid:
                self.status = os.waitstatus_to_exitcode(status)
                return self.status
            self._pump(0.05)
        raise AssertionError(f"gridrepl did not exit:\n{self.raw!r}")

    def close(self):
        if self.status is None:
            try:
                os.kill(self.pid, signal.SIGKILL)
                os.waitpid(self.pid, 0)
            except (ProcessLookupError, ChildProcessError):
                pass
        os.close(self.fd)


@pytest.fixture
def repl(gridrepl, tmp_path):
    sessions = []

    def start(args=()):
        r = Repl(gridrepl, tmp_path, args)
        sessions.append(r)
        r.expect("> ")
        return r

    yield start
    for r in sessions:
        r.close()


def test_banner_and_expression_printing(repl):
    r = repl()
    assert "gridrepl " in r.text and "Copyright (C) 1994-" in r.text
    r.line("1+1")
    r.expect("1+1\r\n2\r\n> ")
    r.line('"a", nil')
    r.expect("\r\na\tnil\r\n> ")
    r.line("=10 // 3")
    r.expect("\r\n3\r\n> ")
    r.line("x = 5")  # a statement prints nothing
    r.expect("x = 5\r\n> ")
    r.line("x * 2, 'five'")
    r.expect("\r\n10\tfive\r\n> ")


def test_tables_print_readably(repl):
    r = repl()
    r.line('{kind = "item", section = 1, item = 2, x = 5, y = 10, w = 100, h = 80}')
    r.expect('\r\n{kind = "item", section = 1, item = 2, x = 5, y = 10, w = 100, h = 80}\r\n> ')
    r.line('{3, 2, 1, b = true, a = "s"}')
    r.expect('\r\n{3, 2, 1, a = "s", b = true}\r\n> ')
    r.line("e = {x = 1, y = 2}; return {e, e}, 'tail'")
    r.expect("\r\n{\r\n  {x = 1, y = 2},\r\n  {x = 1, y = 2},\r\n}\ttail\r\n> ")
    r.line("t = {name = 'loop'}; t.me = t; return t")
    r.expect('\r\n{me = <cycle>, name = "loop"}\r\n> ')
    r.line("{}")
    r.expect("\r\n{}\r\n> ")


def test_errors_in_the_repl_have_no_program_name(repl):
    r = repl()
    r.line("error('oops')")
    r.expect("\r\nstdin:1: oops\r\nstack traceback:")
    r.expect("> ")
    r.line("x = = 1")
    r.expect("\r\nstdin:1: unexpected symbol near '='\r\n> ")
    r.line("1+1")
    r.expect("\r\n2\r\n> ")


def test_multiline_input(repl):
    r = repl()
    r.line("function f()")
    r.expect("\r\n>> ")
    r.line("return 3")
    r.expect("\r\n>> ")
    r.line("end")
    r.expect("\r\n> ")
    r.line("f()")
    r.expect("f()\r\n3\r\n> ")


def test_prompt_globals(repl):
    r = repl()
    r.line("_PROMPT = 'lua$ '; _PROMPT2 = setmetatable({}, {__tostring = function() return '...$ ' end})")
    r.expect("lua$ ")
    r.line("do")
    r.expect("...$ ")
    r.line("end")
    r.expect("lua$ ")


def test_history_persists_across_sessions(repl, tmp_path):
    r = repl()
    r.line("12345+1")
    r.expect("12346\r\n> ")
    r.line("for i = 1, 2 do")
    r.expect(">> ")
    r.line("end")
    r.expect("\r\n> ")
    history = (tmp_path / "history").read_text()  # written after each line
    assert "12345+1\n" in history
    assert "for\\040i\\040=\\0401,\\0402\\040do\\040end\n" in history  # one line; libedit's encoding
    r.send("\x04")
    assert r.wait() == 0

    r = repl()
    r.send("\x1b[A")  # up: the last chunk
    r.send("\x1b[A")  # up: 12345+1
    r.send("\r")
    r.expect("12346\r\n> ")


def test_ctrl_c_interrupts_a_running_chunk(repl):
    r = repl()
    r.line("while true do end")
    time.sleep(0.3)
    r.send("\x03", wait_for_editing=False)
    r.expect("interrupted!")
    r.expect("stack traceback:")
    r.expect("> ")
    r.line("1+1")
    r.expect("\r\n2\r\n> ")
    # Again, inside a function called from the loop.
    r.line("function spin() while true do end end")
    r.line("spin()")
    time.sleep(0.3)
    r.send("\x03", wait_for_editing=False)
    r.expect("interrupted!")
    r.line("'alive'")
    r.expect("\r\nalive\r\n> ")


def test_ctrl_c_at_the_prompt_clears_the_line(repl):
    r = repl()
    r.send("1 + ")
    time.sleep(0.2)
    r.send("\x03")
    r.expect("\n> ")
    r.line("2+2")
    r.expect("\r\n4\r\n> ")
    # In a continuation line it drops the whole chunk.
    r.line("if true then")
    r.expect(">> ")
    r.send("\x03")
    r.expect("> ")
    r.line("3+3")
    r.expect("\r\n6\r\n> ")


def test_ctrl_d_quits_with_status_0(repl):
    r = repl()
    r.line("1+1")
    r.expect("2\r\n> ")
    r.send("\x04")
    assert r.wait() == 0


def test_completion_of_a_global(repl):
    r = repl()
    r.send("stri\t")
    time.sleep(0.2)
    r.line('.len("abcd")')
    r.expect("\r\n4\r\n> ")


def test_completion_of_table_fields(repl):
    r = repl()
    r.send("string.up\t")
    time.sleep(0.2)
    r.line('("abc")')
    r.expect("\r\nABC\r\n> ")
    r.line("a = {b = {cdef = 7}}")
    r.expect("> ")
    r.send("a.b.c\t")
    time.sleep(0.2)
    r.line(" + 1")
    r.expect("\r\n8\r\n> ")
    r.line("s = 'xyz'")
    r.expect("> ")
    r.send("s:rev\t")  # through the string metatable's __index
    time.sleep(0.2)
    r.line("()")
    r.expect("\r\nzyx\r\n> ")


def test_completion_of_grid_methods_and_fields(repl, tmp_path):
    r = repl()
    r.line('gl = require "gridlayout"; g = gl.new{layout = "lanes", width = 320, height = 480}')
    r.expect("> ")
    r.line("#gl.methods > 0, #gl.fields > 0")
    r.expect("true\ttrue\r\n> ")
    # A method only gridlayout's `methods` lists, and a field only `fields` lists.
    r.line("for _, m in ipairs(gl.methods) do if m:find('^rel') then return m end end")
    r.expect("reload")
    r.send("g:relo\t")
    time.sleep(0.2)
    r.line("()")
    r.expect("> ")
    r.send("g.dataS\t")
    time.sleep(0.2)
    r.line("")
    # The completed lines are in the history (the screen shows them redrawn in pieces).
    deadline = time.monotonic() + 5
    while time.monotonic() < deadline:
        history = (tmp_path / "history").read_text()
        if "g.dataSource\n" in history:
            break
        time.sleep(0.05)
    assert "g:reload()\n" in history
    assert "g.dataSource\n" in history


# ---------------------------------------------------------------------------------------------
# The prompt's own conveniences (a documented difference from lua5.4)


def test_top_level_locals_persist_at_the_prompt(gridrepl):
    lines = [
        "local x = 5",
        "x + 1",
        "local a, b <const> = 1, 2",                 # <const> is dropped: the names persist
        "local function f(n) if n == 0 then return 0 end return n + f(n - 1) end",
        "f(3), a, b, rawget(_G, 'x'), rawget(_G, 'f')",
        "local print = print",                       # the right side sees the old value
        "print('via local')",
        "local t = {1, 2,",
        "3}",
        "#t",
        "local y",
        "y",
        "local s = 'a' .. 'b' local z = s:upper()",
        "z",
        "do local inner = 1 end",                    # not top level: ends with its block
        "inner",
        "local c <close> = nil",                     # to-be-closed: a real local
        "c",
        "gl.version == require('gridlayout').version, gridlayout == gl",
        "x = 7",                                     # assignment to a prompt local
        "x, rawget(_G, 'x')",
        "error('boom')",                             # line numbers are the user's
    ]
    r = run(gridrepl, "-i", stdin="\n".join(lines) + "\n")
    assert r.returncode == 0, r.stderr
    out = r.stdout.split("PUC-Rio\n", 1)[1]
    assert out == ("> > 6\n> > > 6\t1\t2\tnil\tnil\n> > via local\n> >> > 3\n> > nil\n> > AB\n"
                   "> > nil\n> > nil\n> true\ttrue\n> > 7\tnil\n> > \n")
    assert r.stderr.startswith("stdin:1: boom\nstack traceback:\n")


def test_lua_locals_turns_persistent_locals_off(gridrepl):
    r = run(gridrepl, "--lua-locals", "-i", stdin="local x = 5\nx\nlocal y = 1; return y\n")
    assert r.returncode == 0, r.stderr
    assert r.stdout.endswith("> nil\n> 1\n> \n")


def test_i_script_leaves_its_grid_and_results(gridrepl, tmp_path):
    r = run(gridrepl, "-i", str(ROOT / "scripts" / "ninegrid.lua"),
            stdin="select(2, grid:offset()), grid == results[1], results.n\n", env=clean_env(COLUMNS="80"))
    assert r.returncode == 0, r.stderr
    assert r.stdout.endswith("> 200\ttrue\t1\n> \n")
    # A script that returns no grid: `grid` is the grid it made last; `results` holds what it returned.
    s = script(tmp_path, "local g = gridlayout.new{lanes = 2}\nlocal h = gridlayout.new{lanes = 4}\nreturn 'done', 42\n")
    r = run(gridrepl, "-l", "gridlayout", "-i", s, stdin="grid.lanes, results[1], results[2], results.n\n")
    assert r.returncode == 0, r.stderr
    assert r.stdout.endswith("> 4\tdone\t42\t2\n> \n")
    # Names the script set itself are left alone.
    s = script(tmp_path, "grid = 'mine'\nreturn gridlayout.new()\n", "own.lua")
    r = run(gridrepl, "-l", "gridlayout", "-i", s, stdin="grid\n")
    assert r.stdout.endswith("> mine\n> \n")


def test_gridrepl_remembers_the_last_grid_without_changing_new(gridrepl, tmp_path):
    """gridrepl wraps gridlayout.new to remember the grid made last (the module keeps no such
    slot): its errors name the script's line, its traceback shows the C function the script
    called, and a `new` that failed made no grid."""
    s = script(tmp_path, "local gl = require 'gridlayout'\nlocal ok, e = pcall(gl.new, {lanes = 0})\n"
                         "print(e)\nlocal g = gl.new{lanes = 3}\npcall(gl.new, {lanes = 0})\nreturn 'no grid'\n")
    r = run(gridrepl, "-i", s, stdin="grid.lanes, results[1]\n")
    assert r.returncode == 0, r.stderr
    assert r.stdout.endswith("\noption 'lanes': 0 is invalid (expected 1...10000)\n> 3\tno grid\n> \n")
    s = script(tmp_path, "local gl = require 'gridlayout'\n\nlocal g = gl.new{lanes = 0}\n", "bad.lua")
    r = run(gridrepl, "bad.lua", cwd=tmp_path)
    assert r.returncode == 1
    assert r.stderr == ("gridrepl: bad.lua:3: option 'lanes': 0 is invalid (expected 1...10000)\nstack traceback:\n"
                        "\t[C]: in function 'gridlayout.new'\n\tbad.lua:3: in main chunk\n")


def test_every_script_returns_its_grid(gridrepl, tmp_path):
    for path in sorted((ROOT / "scripts").glob("*.lua")):
        r = run(gridrepl, "-e", f"io.stdout:setvbuf('full') local g = dofile({str(path)!r}) "
                                "io.stderr:write(tostring(g):match('^gridlayout%.Grid') or 'none')",
                env=clean_env(COLUMNS="80", LINES="24"), cwd=tmp_path)  # arg[1] is "-e": a script may write it
        assert r.returncode == 0, (path.name, r.stderr)
        assert r.stderr == "gridlayout.Grid", path.name


def test_version_and_help_exit_0(gridrepl):
    version = (ROOT / "VERSION").read_text().strip()
    r = run(gridrepl, "--version")
    assert r.returncode == 0 and r.stderr == ""
    assert r.stdout.startswith(f"gridrepl {version}\nLua 5.4.") and r.stdout.count("\n") == 2
    for flag in ("-h", "--help"):
        r = run(gridrepl, flag, "-e", "print('not run')")
        assert r.returncode == 0 and r.stderr == ""
        assert r.stdout.startswith("usage: gridrepl [options] [script [args]]\n")
        assert "  --version           show version information and exit\n" in r.stdout
        assert "  -h, --help          show this help\n" in r.stdout
        assert "not run" not in r.stdout
    r = run(gridrepl, "--version=2")
    assert r.returncode == 1
    assert r.stderr == "gridrepl: option '--version' takes no value (the options: gridrepl --help)\n"


def test_messages_begin_with_the_name_it_was_run_by(gridrepl, tmp_path):
    link = tmp_path / "mygrid"
    link.symlink_to(gridrepl)
    r = run(str(link), "-e", "error('bad')")
    assert r.returncode == 1
    assert r.stderr.startswith("mygrid: (command line):1: bad\n")
    r = run(str(link), "-x")
    assert r.stderr.startswith("mygrid: unrecognized option '-x'\nusage: mygrid [options] [script [args]]\n")
    r = run(str(link), "--view")
    assert r.stderr == "mygrid: '--view' needs a script: mygrid --view script.lua [args]\n"


def test_a_callback_error_has_one_traceback(gridrepl, tmp_path):
    s = "cb.lua"
    script(tmp_path, "local gl = require 'gridlayout'\nlocal grid = gl.new{ lanes = 2 }\n"
                     "grid.dataSource = { count = function() return 3 end, size = function(s, i) error('no photo') end }\n"
                     "grid:reload()\n", s)
    r = run(gridrepl, s, cwd=tmp_path)
    assert r.returncode == 1
    assert r.stderr == ("gridrepl: cb.lua:4: data source 'size' failed for item (section 1, item 1): cb.lua:3: no photo\n"
                        "stack traceback:\n\t[C]: in function 'error'\n\tcb.lua:3: in function <cb.lua:3>\n"
                        "\t[C]: in ?\n\t[C]: in method 'reload'\n\tcb.lua:4: in main chunk\n")


def test_tracebacks_name_no_chunk_of_gridrepl_itself(gridrepl):
    r = run(gridrepl, "--sandbox", "-e", "local g = require('gridlayout').new()\ng:svg('x.svg')")
    assert r.stderr == ("gridrepl: (command line):2: svg: writing a file is not allowed in the sandbox "
                        "(grid:svg() returns the picture)\n"
                        "stack traceback:\n\t[C]: in method 'svg'\n\t(command line):2: in main chunk\n")
    r = run(gridrepl, "--timeout", "0.2", "-e", "while true do end")
    assert r.returncode == 1
    assert r.stderr == ("gridrepl: timeout: script ran longer than 0.2 seconds\n"
                        "stack traceback:\n\t(command line):1: in main chunk\n")
    # A plain error keeps its whole traceback.
    r = run(gridrepl, "-e", "error('plain')")
    assert r.stderr == ("gridrepl: (command line):1: plain\nstack traceback:\n"
                        "\t[C]: in function 'error'\n\t(command line):1: in main chunk\n")


def test_completion_of_a_grids_data_source_and_prompt_locals(repl, tmp_path):
    r = repl()
    r.line("local g = gl.new{}; g.dataSource = {count = function() return 3 end, "
           "size = function() return 10, 10 end, uniqueField = 41}")
    r.expect("> ")
    r.send("g.dataSource.uniq\t")      # the data source's own keys, through the grid
    time.sleep(0.2)
    r.line(" + 1")
    r.expect("\r\n42\r\n> ")
    r.line("local myPromptLocal = {deep = 7}")
    r.expect("> ")
    r.send("myPromptL\t")              # a persistent local completes as a global does
    time.sleep(0.2)
    r.send(".de\t")                    # and a path may start from it
    time.sleep(0.2)
    r.line("")
    deadline = time.monotonic() + 5
    while time.monotonic() < deadline:
        history = (tmp_path / "history").read_text()
        if "myPromptLocal.deep\n" in history:
            break
        time.sleep(0.05)
    assert "g.dataSource.uniqueField\\040+\\0401\n" in history  # libedit encodes spaces
    assert "myPromptLocal.deep\n" in history
    r.expect("\r\n7\r\n> ")


def test_a_multi_line_entry_is_recalled_as_one_line(repl, tmp_path):
    """libedit redraws an entry holding line breaks wrongly (its `end` shown twice): a chunk of
    several lines is kept as one line when joining cannot change it, else line by line."""
    r = repl()
    r.line("for i = 1, 2 do")
    r.expect(">> ")
    r.line("  io.write(i, ';')")
    r.expect(">> ")
    r.line("end")
    r.expect("1;2;> ")
    r.line("x = 1 -- a comment")
    r.expect("> ")
    r.line("if x then -- says why")
    r.expect(">> ")
    r.line("print('yes')")
    r.expect(">> ")
    r.line("end")
    r.expect("yes\r\n> ")
    history = (tmp_path / "history").read_text().splitlines()
    assert history[-5:] == [
        "for\\040i\\040=\\0401,\\0402\\040do\\040io.write(i,\\040';')\\040end",
        "x\\040=\\0401\\040--\\040a\\040comment",
        "if\\040x\\040then\\040--\\040says\\040why",  # a comment: line by line
        "print('yes')",
        "end",
    ]
    # Up five times: the loop, whole on one line; it runs again.
    for _ in range(5):
        r.send("\x1b[A")
    time.sleep(0.2)
    r.send("\r")
    r.expect("for i = 1, 2 do io.write(i, ';') end\r\n1;2;> ")


def tutorial_chapter(number):
    """The `lua run` blocks of docs/tutorial.md's chapter `number`, each with its output block."""
    text = (ROOT / "docs" / "tutorial.md").read_text()
    chapter = re.split(r"^## ", text, flags=re.M)
    body = next(c for c in chapter if c.startswith(f"{number}. "))
    return re.findall(r"^```lua run\n(.*?)^```\n```output\n(.*?)^```\n", body, flags=re.M | re.S)


def test_the_tutorials_first_chapter_typed_at_the_prompt(repl):
    """A newcomer types chapter 1 line by line (top-level locals persist, so `local grid` on one
    line is there on the next) and sees what the tutorial shows."""
    blocks = tutorial_chapter(1)
    assert len(blocks) == 2
    for code, expected in blocks:
        r = repl()
        start = r.text.rindex("> ")    # the first prompt
        for line in code.splitlines():
            r.line(line)
            r.expect("> ")             # the prompt (or ">> ", inside a table or a loop)
        r.line("'done'")
        r.expect("\r\ndone\r\n> ")
        printed = [l for l in r.text[start:].split("\r\n")
                   if not l.startswith(("> ", ">> ")) and l not in (">", ">>")]
        assert printed[:-1] == expected.splitlines(), "\n".join(printed)
        r.send("\x04")
        assert r.wait() == 0


def test_the_local_rewrite_follows_lua_syntax(gridrepl):
    """Strings, comments, nested functions, calls and operators around top-level locals: each
    `local` the rewrite finds is a statement at the top level, and its expression list ends where
    Lua's does."""
    lines = [
        'local s = "local y = 1" -- local z = 2',
        "s, y, z",
        'local n = ("ab"):rep(2) .. [[local]] local m = #n',
        "n, m",
        "local f = function() local inner = 5 return inner end local g = f() + 1",
        "g, inner",
        "local k = 0x10 local h = -k ^ 2 // 3",
        "h",
        'local q = {a = {1, 2}, [3] = "x"} q.b = 1',
        "q.a[2], q[3], q.b",
        "local w = 1; local v = w + 1;",
        "v",
        "for i = 1, 2 do local inloop = i end",
        "inloop",
        'local r = (function(...) return select("#", ...) end)(1, 2, 3)',
        "r",
    ]
    r = run(gridrepl, "-i", stdin="\n".join(lines) + "\n")
    assert r.returncode == 0, r.stderr
    assert r.stdout.split("PUC-Rio\n", 1)[1] == (
        "> > local y = 1\tnil\tnil\n> > abablocal\t9\n> > 6\tnil\n> > -86.0\n> > 2\tx\t1\n"
        "> > 2\n> > nil\n> > 3\n> \n")


def test_a_function_under_a_key_the_grid_never_reads_is_warned_about(gridrepl):
    """A misspelt data source or delegate key holding a function: one warning line each on
    stderr, with the nearest key; the assignment and the script go on. A data source's own
    functions far from every key, and values that are not functions, pass in silence."""
    script = """
local gl = require "gridlayout"
local grid = gl.new{ width = 100, height = 100, dataSource = { count = function() return 1 end,
  size = function() return 10, 10 end, hedaer = function() return 0, 5 end, refresh = function() end,
  siez = 3, [1] = function() end } }
grid.delegate = { didScroll = function() end, pageChaned = function() end, tick = function() end }
grid.delegate = { didInsert = function() end }
grid:reload()
print(grid:contentSize())
"""
    r = run(gridrepl, "-e", script)
    assert (r.returncode, r.stdout) == (0, "100\t10\n")
    keys = "pageChanged, loaderShown, loaderHidden, didInsert, didRemove, didMove, dragStarted, dragEnded, tick"
    assert r.stderr == (
        "gridlayout: warning: grid.dataSource.hedaer is not a dataSource key and is never called (did you mean 'header'?)\n"
        f"gridlayout: warning: grid.delegate.didScroll is not a delegate key and is never called (its keys: {keys})\n"
        "gridlayout: warning: grid.delegate.pageChaned is not a delegate key and is never called (did you mean 'pageChanged'?)\n")


def test_interactive_with_stdin_not_a_terminal_as_lua_s_test_suite_checks(gridrepl):
    """Lua 5.4's own test suite (main.lua, "test interactive mode"): `-i` reading a file echoes
    none of its lines, prints each value, and ends with the newline lua.c writes at the end of
    input. (Debian's lua5.4, built with readline, echoes them; lua.c without it does not.)"""
    banner = lambda out: out.split("\n", 2)[2]  # noqa: E731  (gridrepl's line and Lua's)
    empty = "_PROMPT='' _PROMPT2=''"
    r = run(gridrepl, f"-e{empty}", "-i", stdin="(6*2-6) -- ===\na =\n10\nprint(a)\na")
    assert (r.returncode, banner(r.stdout), r.stderr) == (0, "6\n10\n10\n\n", "")
    r = run(gridrepl, f"-e{empty}", "-i", stdin="a = [[b\nc\nd\ne]]\n=a")
    assert (r.returncode, banner(r.stdout), r.stderr) == (0, "b\nc\nd\ne\n\n", "")
    r = run(gridrepl, "-i", stdin="a.\n")        # input ends inside a statement
    assert r.stderr == "stdin:1: <name> expected near <eof>\n"
    r = run(gridrepl, "-e_PROMPT='alo'", "-i", stdin=" --\na = 2\n")
    assert banner(r.stdout) == "aloaloalo\n"
