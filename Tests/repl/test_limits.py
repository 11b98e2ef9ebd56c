"""gridrepl's limits: --max-memory (a capped allocator), --timeout (a count hook checking a
monotonic clock) and --sandbox. Standard library only; the helpers come from test_repl."""

import time

from test_repl import TIMEOUT, clean_env, gridrepl, repl, run, script  # noqa: F401 (fixtures)

import subprocess

FILL = "local t = {} for i = 1, 1e8 do t[i] = i end"


# ---------------------------------------------------------------------------------------------
# --max-memory


def test_memory_cap_stops_a_script(gridrepl):
    start = time.monotonic()
    r = run(gridrepl, "--max-memory", "10M", "-e", FILL)
    assert r.returncode == 1
    assert "not enough memory" in r.stderr
    assert time.monotonic() - start < 5


def test_memory_cap_suffixes_and_freed_memory_is_reusable(gridrepl):
    # Each table is garbage once the next starts: the cap counts live bytes only.
    code = "for i = 1, 20 do local t = {} for j = 1, 1e5 do t[j] = j end end print('done')"
    for size in ["4194304", "4096k", "4M", "1G"]:
        r = run(gridrepl, f"--max-memory={size}" if size == "1G" else "--max-memory", *([] if size == "1G" else [size]), "-e", code)
        assert r.returncode == 0, (size, r.stderr)
        assert r.stdout == "done\n"


def test_memory_error_can_be_caught_and_the_script_goes_on(gridrepl):
    r = run(gridrepl, "--max-memory", "8M", "-e",
            f"print(pcall(function() {FILL} end)) print(#string.rep('x', 1000))")
    assert r.returncode == 0, r.stderr
    assert r.stdout == "false\tnot enough memory\n1000\n"


def test_memory_cap_holds_when_a_lazy_frontier_moves(gridrepl):
    """A lazy grid (estimatedSize) lays out as far as a call needs: every batch a call lays out
    counts against --max-memory, which refuses the call before it allocates past the cap."""
    code = """
local gl = require "gridlayout"
local g = gl.new{ width = 320, height = 480, estimatedSize = { w = 100, h = 12 } }
g.dataSource = { count = function() return 2e8 end, size = function(s, i) return 100, 10 + i % 7 end }
g:reload()
print(pcall(g.scrollToItem, g, 1, 9e7))
print(select(2, g:offset()))
"""
    start = time.monotonic()
    r = run(gridrepl, "--max-memory", "64M", "-e", code)
    assert r.returncode == 0, r.stderr
    first, offset = r.stdout.splitlines()
    assert first.startswith("false\t")
    assert "bytes of frames, more than the" in first and "left under --max-memory 64M" in first
    assert offset == "0"
    assert time.monotonic() - start < 30


def test_memory_cap_stops_a_justified_row_that_never_closes(gridrepl):
    """Items without width in a horizontal justified grid make one row that never closes: a
    lazy reload lays them out in linear time and is refused at the cap, never crashing."""
    code = """
local gl = require "gridlayout"
local g = gl.new{ layout = "justified", direction = "horizontal", width = 300, height = 300,
                  rowHeight = 50, estimatedSize = { w = 25, h = 10 } }
g.dataSource = { count = function() return 2^32 - 1 end, size = function() return 25, 0 end }
print(pcall(g.reload, g))
"""
    start = time.monotonic()
    r = run(gridrepl, "--max-memory", "64M", "-e", code)
    assert r.returncode == 0, r.stderr
    assert r.stdout.startswith("false\t")
    assert "left under --max-memory 64M" in r.stdout
    assert time.monotonic() - start < 30


def test_repl_lives_on_after_a_memory_error(repl):
    r = repl(["--max-memory", "10M"])
    r.line(FILL)
    r.expect("not enough memory")
    r.expect("> ")
    r.line("1+1")
    r.expect("\r\n2\r\n> ")
    r.line("#string.rep('ab', 100000)")
    r.expect("\r\n200000\r\n> ")


# ---------------------------------------------------------------------------------------------
# --timeout


def test_timeout_stops_a_runaway_script(gridrepl):
    start = time.monotonic()
    r = run(gridrepl, "--timeout", "0.5", "-e", "while true do end")
    elapsed = time.monotonic() - start
    assert r.returncode == 1
    assert "timeout: script ran longer than 0.5 seconds" in r.stderr
    assert 0.4 < elapsed < 2


def test_timeout_stops_a_looping_callback_and_names_it(gridrepl, tmp_path):
    s = script(tmp_path, 'local g = require("gridlayout").new{}\n'
                         'g.dataSource = {count = function() while true do end end,\n'
                         '                size = function() return 10, 10 end}\n'
                         'g:reload()\n')
    start = time.monotonic()
    r = run(gridrepl, "--timeout", "0.5", s)
    assert time.monotonic() - start < 2
    assert r.returncode == 1
    assert "data source 'count' failed" in r.stderr
    assert "timeout: script ran longer than 0.5 seconds" in r.stderr


def test_timeout_cannot_be_swallowed_by_pcall(gridrepl):
    start = time.monotonic()
    r = run(gridrepl, "--timeout", "0.3", "-e",
            "local n = 0 while true do n = n + 1 pcall(function() while true do end end) end")
    assert time.monotonic() - start < 3
    assert r.returncode == 1
    assert "timeout: script ran longer than 0.3 seconds" in r.stderr


def test_timeout_covers_coroutines(gridrepl):
    r = run(gridrepl, "--timeout", "0.3", "-e",
            "local co = coroutine.create(function() while true do end end) "
            "print(coroutine.resume(co))")
    assert r.returncode == 0, r.stderr
    assert r.stdout.startswith("false\t")
    assert "timeout: script ran longer than 0.3 seconds" in r.stdout


def test_timeout_is_per_whole_script(gridrepl):
    # Each chunk is short, together they pass the budget.
    r = run(gridrepl, "--timeout", "0.5", "-e", "local t = os.clock() while os.clock() - t < 0.3 do end",
            "-e", "local t = os.clock() while os.clock() - t < 0.3 do end print('not reached')")
    assert r.returncode == 1
    assert "not reached" not in r.stdout
    assert "timeout: script ran longer than 0.5 seconds" in r.stderr


def test_quick_script_under_timeout_is_unaffected(gridrepl):
    r = run(gridrepl, "--timeout", "5", "-e", "local s = 0 for i = 1, 1e5 do s = s + i end print(s)")
    assert r.returncode == 0, r.stderr
    assert r.stdout == "5000050000\n"


def test_timeout_in_the_repl_is_per_line(repl):
    r = repl(["--timeout", "1.5"])
    r.line("while true do end")
    r.expect("timeout: script ran longer than 1.5 seconds", timeout=6)
    r.expect("> ")
    # Each line gets the whole budget: three lines of 0.6 s of wall-clock time (a sleep, which a
    # loaded machine does not stretch as it does a busy loop) do not add up to 1.5 s.
    for _ in range(3):
        r.line("os.execute('sleep 0.6') print('ok')")
        r.expect("\r\nok\r\n> ", timeout=6)
    assert "timeout" not in r.text[r.text.index("1.5 seconds") + 11:]


def test_ctrl_c_still_works_with_a_timeout(repl):
    r = repl(["--timeout", "60"])
    r.line("while true do end")
    time.sleep(0.3)
    r.send("\x03", wait_for_editing=False)
    r.expect("interrupted!")
    r.expect("> ")
    r.line("1+1")
    r.expect("\r\n2\r\n> ")


# ---------------------------------------------------------------------------------------------
# --sandbox


def test_sandbox_removes_the_unsafe_functions(gridrepl):
    r = run(gridrepl, "--sandbox", "-e",
            "print(io, os, dofile, loadfile, package, debug, string.dump, ('').dump)")
    assert r.returncode == 0, r.stderr
    assert r.stdout == "nil\tnil\tnil\tnil\tnil\tnil\tnil\tnil\n"


def test_sandbox_keeps_the_safe_libraries(gridrepl):
    r = run(gridrepl, "--sandbox", "-e",
            "print(type(print), type(string.format), type(table.concat), type(math.floor), "
            "type(utf8.char), type(coroutine.wrap), type(pcall), type(setmetatable))")
    assert r.stdout == "function\tfunction\tfunction\tfunction\tfunction\tfunction\tfunction\tfunction\n"


def test_sandbox_require_finds_preloaded_and_loaded_modules_only(gridrepl, tmp_path):
    (tmp_path / "mymod.lua").write_text("return 42\n")
    # As in lua, require("string") answers from package.loaded; io, os, debug and package are gone
    # from there too, and no file is searched.
    r = run(gridrepl, "--sandbox", "-e",
            "print(type(require 'gridlayout'), require 'string' == string, pcall(require, 'io'))\n"
            "print(pcall(require, 'os'))\n"
            "print(pcall(require, 'mymod'))", cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    lines = r.stdout.splitlines()
    assert lines[0].startswith("table\ttrue\tfalse\tmodule 'io' not found:")
    assert "module 'os' not found" in r.stdout
    assert "false\tmodule 'mymod' not found:" in r.stdout
    assert "mymod.lua" not in r.stdout  # no file searched
    # Without the sandbox the file is found.
    r = run(gridrepl, "-e", "print(require 'mymod')", cwd=tmp_path)
    assert r.stdout.startswith("42")


def test_sandbox_load_takes_text_only(gridrepl):
    r = run(gridrepl, "-e", "print(pcall(load, string.dump(function() end)))")
    assert r.stdout.startswith("true\tfunction")  # binary chunks load outside the sandbox
    r = run(gridrepl, "--sandbox", "-e",
            "print(load('return 1')(), load('return x', 'n', 't', {x = 5})(), load('return x', 'n', 't', nil))\n"
            "print(pcall(function() return load(string.dump(function() end)) end))")
    assert r.returncode == 0, r.stderr
    lines = r.stdout.splitlines()
    assert lines[0].startswith("1\t5\tfunction")
    assert lines[1].startswith("false\t")  # string.dump is nil
    # A binary chunk made elsewhere is refused.
    r = run(gridrepl, "--sandbox", "-e",
            "local f, err = load('\\27Lua\\84\\0') print(f, err)")
    assert r.stdout.startswith("nil\t")
    assert "attempt to load a binary chunk (mode is 't')" in r.stdout


def test_sandbox_refuses_binary_scripts(gridrepl, tmp_path):
    path = tmp_path / "bin.luac"
    r = run(gridrepl, "-e", f"local f = io.open({str(path)!r}, 'wb') f:write(string.dump(load('print(1)'))) f:close()")
    assert r.returncode == 0, r.stderr
    assert run(gridrepl, str(path)).stdout == "1\n"
    r = run(gridrepl, "--sandbox", str(path))
    assert r.returncode == 1
    assert "attempt to load a binary chunk (mode is 't')" in r.stderr


def test_sandbox_refuses_svg_files_but_returns_the_picture(gridrepl, tmp_path):
    out = tmp_path / "g.svg"
    grid = ('local g = require("gridlayout").new{width = 20, height = 10} '
            'g.dataSource = {count = function() return 1 end, size = function() return 10, 10 end} '
            'g:reload() ')
    code = grid + f'g:svg({str(out)!r})'
    r = run(gridrepl, "--sandbox", "-e", code)
    assert r.returncode == 1
    assert r.stderr.startswith("gridrepl: (command line):1: svg: writing a file is not allowed in the sandbox "
                               "(grid:svg() returns the picture)\n")
    assert not out.exists()
    # As a string the picture is allowed, with or without options; its own errors still name the caller.
    r = run(gridrepl, "--sandbox", "-e", grid + "local s = g:svg() print(#s, s == g:svg{viewport = true})")
    assert r.returncode == 0, r.stderr
    assert r.stdout == f"{len(SANDBOX_SVG)}\ttrue\n"  # the viewport is the whole content
    r = run(gridrepl, "--sandbox", "-e", grid + "print(g:svg())")
    assert r.stdout == SANDBOX_SVG + "\n"
    r = run(gridrepl, "--sandbox", "-e", grid + "g:svg{bogus = 1}")
    assert r.returncode == 1
    assert r.stderr.startswith("gridrepl: (command line):1: svg: unknown option 'bogus' (expected viewport)\n")
    r = run(gridrepl, "--sandbox", "-e", "local g = require('gridlayout').new{} print(type(g.draw), type(g.svg))")
    assert r.stdout == "function\tfunction\n"
    r = run(gridrepl, "-e", code)  # outside the sandbox it writes the file
    assert r.returncode == 0, r.stderr
    assert out.read_text() == SANDBOX_SVG


SANDBOX_SVG = (
    '<svg xmlns="http://www.w3.org/2000/svg" width="20" height="10" viewBox="0 0 20 10" font-family="monospace" font-size="11">\n'
    '<style>.content{fill:#fafafa}.item{fill:#cfe3ff;stroke:#3b6ea5}.header{fill:#e3e3e3;stroke:#555}.footer{fill:#ececd9;stroke:#777}'
    '.loader{fill:#ffe0b3;stroke:#c77700}.dragged{stroke:#d00;stroke-width:3}'
    '.viewport{fill:none;stroke:#d00;stroke-width:2;stroke-dasharray:6 4}'
    'text{fill:#222;text-anchor:middle;dominant-baseline:middle}</style>\n'
    '<rect class="content" x="0" y="0" width="20" height="10"/>\n'
    '<rect class="item" x="0" y="0" width="10" height="10"/><text x="5" y="5">1.1</text>\n'
    '<rect class="viewport" x="0" y="0" width="20" height="10"/>\n'
    '</svg>\n')


# ---------------------------------------------------------------------------------------------
# Options


def test_help_lists_the_new_options(gridrepl):
    r = run(gridrepl, "--help")
    assert r.returncode == 0
    assert r.stdout.startswith("usage: gridrepl [options] [script [args]]\n")
    for option in ["--max-memory BYTES", "--timeout SECONDS", "--sandbox"]:
        assert option in r.stdout


def test_bad_long_options(gridrepl):
    for args, complaint in [(["--nope"], "unrecognized option '--nope'"),
                            (["--timeout"], "'--timeout' needs argument"),
                            (["--max-memory"], "'--max-memory' needs argument"),
                            (["--timeout", "abc"], "bad value 'abc' for '--timeout'"),
                            (["--timeout", "-1"], "bad value '-1' for '--timeout'"),
                            (["--max-memory", "10X"], "bad value '10X' for '--max-memory'")]:
        r = run(gridrepl, *args)
        assert r.returncode == 1
        assert r.stderr.startswith(f"gridrepl: {complaint}")
        assert r.stderr.endswith(" (the options: gridrepl --help)\n") and r.stderr.count("\n") == 1


def test_option_values_are_not_taken_for_options(gridrepl, tmp_path):
    # "1e1" has an "e" second, like "-e"; the value of --timeout is not an option.
    r = run(gridrepl, "--timeout", "1e1", "--max-memory", "1M", "-e", "print('ok')")
    assert r.returncode == 0, r.stderr
    assert r.stdout == "ok\n"
    # With a script, the options (values included) get negative indices in arg, as lua sets them.
    s = script(tmp_path, "print(arg[-4], arg[-3], arg[-2], arg[-1], arg[1])")
    r = run(gridrepl, "--timeout", "1e1", "--max-memory=1M", "--sandbox", s, "x")
    assert r.stdout == "--timeout\t1e1\t--max-memory=1M\t--sandbox\tx\n"


# ---------------------------------------------------------------------------------------------
# Issue 15: the engine's own loops and allocations are inside the limits


GRID = ("local g = require'gridlayout'.new{width=300, height=300} "
        "g.dataSource = {count=function() return 1000 end, size=function() return 10, 10 end} g:reload() ")


def test_a_huge_drawing_is_linear_and_stops_at_the_timeout(gridrepl):
    # 10000 x 10000 cells took minutes (time cubic in the size): now it is linear, and the
    # timeout stops it inside the Swift loop.
    start = time.monotonic()
    r = run(gridrepl, "--sandbox", "--timeout", "1", "-e",
            GRID + "for i = 1, 1000 do g:draw{cols=10000, rows=10000, text=true} end")
    assert r.returncode == 1
    assert "timeout: script ran longer than 1 second" in r.stderr
    assert time.monotonic() - start < 20


def test_a_drawing_is_still_exact(gridrepl):
    r = run(gridrepl, "-e", GRID + "local s = g:draw{cols=40, rows=12, text=true} io.write(s)")
    assert r.returncode == 0, r.stderr
    lines = r.stdout.split("\n")
    assert lines[0] == "offset (0, 0)  content 300x10000  30 visible"
    assert len(lines) == 12  # the status line, 10 rows, and the final newline
    assert all(line == line.rstrip() for line in lines)


def test_the_watchdog_ends_what_lua_cannot_interrupt(gridrepl):
    # The hook's error runs the message handler with hooks off; a finalizer runs with hooks
    # off too: only the watchdog can end these, 2 s after the deadline, with status 124.
    for code in [
        "xpcall(function() while true do end end, function() while true do end end)",
        "setmetatable({}, {__gc = function() while true do end end}) collectgarbage() collectgarbage()"
        " while true do end",
        "coroutine.wrap(function() while true do end end)()",
        "string.find(string.rep('a', 40), string.rep('a-', 40) .. 'b')",
    ]:
        start = time.monotonic()
        r = run(gridrepl, "--sandbox", "--timeout", "1", "-e", code)
        assert r.returncode == 124, (code, r.returncode, r.stderr)
        assert r.stderr == ("gridrepl: timeout: script ran longer than 1 second, and could not be stopped"
                            " within 2 more seconds (a loop Lua cannot interrupt: in a message handler,"
                            " a finalizer or a pattern match); ending the process (exit status 124)\n")
        assert time.monotonic() - start < 20


def test_the_watchdog_leaves_a_stopped_script_alone(gridrepl):
    r = run(gridrepl, "--timeout", "1", "-e",
            "print(pcall(function() while true do end end)) local t = os.clock() while os.clock() - t < 0 do end")
    assert r.returncode == 1
    assert "timeout" in r.stderr and "watchdog" not in r.stderr


def test_the_grids_frames_count_against_max_memory(gridrepl):
    # 1e8 stored frames took 2 GB under a 16 MB cap: now refused before allocating, naming the cap.
    start = time.monotonic()
    r = run(gridrepl, "--max-memory", "16M", "-e",
            "local g = require'gridlayout'.new{width=100, height=100, layout='justified'} "
            "g.dataSource = {count=function() return 100000000 end, size=function() return 10, 10 end,"
            " sameSize=function() return true end} "
            "local ok, e = pcall(g.reload, g) print(ok, e:match('^[^\\n]*')) print(g:sectionCount())")
    assert r.returncode == 0, r.stderr
    out = r.stdout.split("\n")
    assert out[0].startswith("false\tsection 1: 100000000 items need about 4125000000 bytes of frames, more than the ")
    assert out[0].endswith(" bytes left under --max-memory 16M")
    assert out[1] == "0"
    assert time.monotonic() - start < 20


def test_frames_that_fit_count_against_lua(gridrepl):
    # A grid holding about 6 MB of frames leaves Lua that much less under the cap.
    r = run(gridrepl, "--max-memory", "16M", "-e",
            "local function big() return #string.rep('x', 5500000) end print(pcall(big)) collectgarbage() "
            "local g = require'gridlayout'.new{width=100, height=100, layout='justified'} "
            "g.dataSource = {count=function() return 300000 end, size=function() return 10, 10 end,"
            " sameSize=function() return true end} g:reload() collectgarbage() print(pcall(big))")
    assert r.returncode == 0, r.stderr
    assert r.stdout == "true\t5500000\nfalse\tnot enough memory\n"


def test_timeout_error_states_the_upper_limit(gridrepl):
    r = run(gridrepl, "--timeout", "1e300", "-e", "print(1)")
    assert r.returncode == 1
    assert r.stderr.startswith("gridrepl: bad value '1e300' for '--timeout' (a positive number of seconds,"
                               " less than 1000000000 (about 31 years)) (the options: gridrepl --help)\n")


def test_ctrl_c_stops_a_long_drawing_inside_swift(gridrepl):
    # The SIGINT hook of Lua runs only between instructions; the drawing's own loop asks too.
    import signal
    p = subprocess.Popen([gridrepl, "-e", GRID + "io.write('started\\n') io.flush() "
                          "while true do g:draw{cols=10000, rows=10000, text=true} end"],
                         stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        assert p.stdout.readline() == "started\n"
        time.sleep(0.5)
        p.send_signal(signal.SIGINT)
        _, err = p.communicate(timeout=20)
    finally:
        p.kill()
    assert p.returncode == 1
    assert err.startswith("gridrepl: (command line):1: interrupted!\nstack traceback:\n\t[C]: in method 'draw'\n")


HUGE = ("local g = require'gridlayout'.new{width=100, height=100, lanes=4} "
        "g.dataSource = {count=function() return 100000000 end, size=function() return 10, 10 end,"
        " sameSize=function() return true end} g:reload() ")


def test_listing_millions_of_elements_stays_inside_the_limits(gridrepl):
    # The engine listed every element of the rectangle before Lua saw one: 1e8 of them took
    # gigabytes and minutes whatever the limits. Now it is listed a strip at a time.
    start = time.monotonic()
    r = run(gridrepl, "--sandbox", "--max-memory", "16M", "-e",
            HUGE + "print(pcall(g.elements, g, 0, 0, 1e9, 1e12)) print(#g:elements(0, 0, 100, 1000))")
    assert r.returncode == 0, r.stderr
    assert r.stdout == "false\tnot enough memory\n400\n"
    r = run(gridrepl, "--sandbox", "--timeout", "1", "-e", HUGE + "print(pcall(g.elements, g, 0, 0, 1e9, 1e12))")
    assert r.returncode == 0, r.stderr
    assert r.stdout == "false\ttimeout: script ran longer than 1 second\n"
    assert time.monotonic() - start < 30
