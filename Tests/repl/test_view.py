"""gridrepl's live view (`gridrepl --view script.lua`, `grid:view()`), driven through a
pseudo-terminal: keys and mouse events (xterm's SGR encoding) are written to it, and what the view
draws is rendered by the terminal emulator pyte, so the tests read the screen a user would see.
Each run goes through a shell in the pty that saves `stty -g` before and after, to check the
terminal is left as it was. Every wait has a timeout; nothing depends on timing."""

import fcntl
import os
import pty
import re
import select
import signal
import struct
import subprocess
import termios
import time
from pathlib import Path

import pytest

pyte = pytest.importorskip("pyte")  # tools/ensure-deps.sh installs it

from test_repl import clean_env, gridrepl  # noqa: F401,E402  (the fixture builds gridrepl)

GOLDEN = Path(__file__).resolve().parent / "golden"
TIMEOUT = 10
COLS, ROWS = 80, 24

# xterm's keys in keypad-transmit mode (what ncurses asks the terminal for; `infocmp xterm-256color`).
UP, DOWN, RIGHT, LEFT = "\x1bOA", "\x1bOB", "\x1bOC", "\x1bOD"
HOME, END, PAGE_UP, PAGE_DOWN = "\x1bOH", "\x1bOF", "\x1b[5~", "\x1b[6~"
ENTER_ALT_SCREEN, LEAVE_ALT_SCREEN = b"\x1b[?1049h", b"\x1b[?1049l"

# A 2-section lanes grid with sticky headers and the loader; `move` logs to $VIEW_LOG.
SMALL = """\
local gl = require "gridlayout"
local data = { {}, {} }
for s = 1, 2 do for i = 1, COUNT do data[s][i] = s * 100 + i end end
local log = os.getenv("VIEW_LOG")
local grid = gl.new{ layout = "lanes", width = 320, height = 240, lanes = 3, spacing = 10, padding = 10,
                     stickyHeaders = true, sort = true, loaderSize = { w = 60, h = 30 } }
grid.dataSource = {
  sections = function() return 2 end,
  count = function(s) return #data[s] end,
  size = function(s, i) return 90, 60 end,
  header = function(s) return 320, 30 end,
  showLoader = function() return true end,
  move = function(s, from, to)
    table.insert(data[s], to, table.remove(data[s], from))
    if log then
      local f = io.open(log, "a")
      f:write(("move %d %d %d: %s\\n"):format(s, from, to, table.concat(data[s], " ")))
      f:close()
    end
  end,
}
grid:reload()
print("this line is printed before the view opens")
return grid
"""


class Screen(pyte.Screen):
    """pyte's screen plus what ncurses also sends to xterm-256color: REP (`CSI n b`, repeat the
    last character) and SU/SD (`CSI n S`, `CSI n T`: scroll the scrolling region up or down)."""
    last = " "

    def draw(self, data):
        super().draw(data)
        if data:
            self.last = data[-1]

    def repeat_last(self, count=1, *args, **kwargs):
        super().draw(self.last * max(1, count))

    def _scroll(self, count, step):
        top, bottom = (self.margins.top, self.margins.bottom) if self.margins else (0, self.lines - 1)
        x, y = self.cursor.x, self.cursor.y
        for _ in range(max(1, count)):
            self.cursor.y = bottom if step == "index" else top
            getattr(self, step)()
        self.cursor.x, self.cursor.y = x, y

    def scroll_up(self, count=1, *args, **kwargs):
        self._scroll(count, "index")

    def scroll_down(self, count=1, *args, **kwargs):
        self._scroll(count, "reverse_index")


class Stream(pyte.ByteStream):
    csi = dict(pyte.ByteStream.csi, b="repeat_last", S="scroll_up", T="scroll_down")


class View:
    """`gridrepl ARGS` in a pty of COLS x ROWS, inside `bash -c` that records `stty -g` before and
    after and the exit status."""

    def __init__(self, gridrepl, tmp_path, *args, env=None, cols=COLS, rows=ROWS, cwd=None):
        self.dir = tmp_path / f"run{len(list(tmp_path.glob('run*')))}"
        self.dir.mkdir()
        wrapper = 'stty -g > "$D/before"; trap : INT; "$@"; echo $? > "$D/status"; stty -g > "$D/after"'
        environment = clean_env(TERM="xterm-256color", D=str(self.dir), VIEW_LOG=str(self.dir / "log"),
                                **(env or {}))
        self.pid, self.fd = pty.fork()
        if self.pid == 0:  # child: the pty is its terminal
            try:
                fcntl.ioctl(0, termios.TIOCSWINSZ, struct.pack("HHHH", rows, cols, 0, 0))
                if cwd:
                    os.chdir(cwd)
                os.execve("/bin/bash", ["bash", "-c", wrapper, "bash", gridrepl, *args], environment)
            finally:
                os._exit(127)
        self.screen = Screen(cols, rows)
        self.stream = Stream(self.screen)
        self.raw = b""
        self.closed = False

    def pump(self, timeout):
        """Reads what the pty has within `timeout` seconds; False once the child is gone."""
        if self.closed:
            return False
        r, _, _ = select.select([self.fd], [], [], timeout)
        if not r:
            return True
        try:
            data = os.read(self.fd, 65536)
        except OSError:
            data = b""
        if not data:
            self.closed = True
            return False
        self.raw += data
        self.stream.feed(data)
        return True

    @property
    def lines(self):
        return [line.rstrip() for line in self.screen.display]

    @property
    def status(self):
        """The two status lines and the message line."""
        return self.lines[-3:]

    def wait(self, predicate, what):
        deadline = time.monotonic() + TIMEOUT
        while not predicate():
            if time.monotonic() > deadline or not self.pump(0.2) and not predicate():
                raise AssertionError(f"timed out waiting for {what}; screen:\n" + "\n".join(self.lines))
        self.settle()
        return True

    def settle(self):
        """Reads on until the pty has been quiet for 50 ms (at most half a second, as an animation
        redraws every 16 ms): a redraw can arrive in several reads, and the line a test waited for
        may come before the rest of the screen (on a loaded machine, the status lines after the
        offset)."""
        deadline = time.monotonic() + 0.5
        while time.monotonic() < deadline and not self.closed:
            r, _, _ = select.select([self.fd], [], [], 0.05)
            if not r or not self.pump(0):
                return

    def wait_status(self, text):
        self.wait(lambda: any(text in line for line in self.status), repr(text))

    def send(self, keys):
        os.write(self.fd, keys.encode() if isinstance(keys, str) else keys)

    def offset(self):
        m = re.match(r"offset (\S+),(\S+)", self.status[0])
        return (float(m.group(1)), float(m.group(2))) if m else None

    def wait_offset(self, x, y):
        self.wait(lambda: self.offset() == (x, y), f"offset {x},{y}")

    def find(self, label):
        """(column, row) of a label on the canvas, 0-based."""
        for row, line in enumerate(self.lines[:-3]):
            m = re.search(rf"(?<![\d.]){re.escape(label)}(?![\d.])", line)
            if m:
                return m.start(), row
        raise AssertionError(f"{label} not on screen:\n" + "\n".join(self.lines))

    def mouse(self, button, column, row, release=False):
        """An SGR (xterm 1006) mouse report at a 0-based cell."""
        self.send(f"\x1b[<{button};{column + 1};{row + 1}{'m' if release else 'M'}")

    def finish(self):
        """Waits for the wrapper to end; returns (exit status of gridrepl, stty before, stty after)."""
        deadline = time.monotonic() + TIMEOUT
        while self.pump(0.2):
            if time.monotonic() > deadline:
                os.kill(self.pid, signal.SIGKILL)
                raise AssertionError("the view did not exit; screen:\n" + "\n".join(self.lines))
        os.waitpid(self.pid, 0)
        os.close(self.fd)
        read = lambda name: (self.dir / name).read_text().strip()  # noqa: E731
        return int(read("status")), read("before"), read("after")

    def log(self):
        path = self.dir / "log"
        return path.read_text().splitlines() if path.exists() else []


def small_script(tmp_path, count=12, name="small.lua"):
    path = tmp_path / name
    path.write_text(SMALL.replace("COUNT", str(count)))
    return str(path)


@pytest.fixture
def view(gridrepl, tmp_path):  # noqa: F811
    """The small grid in the view, open and drawn."""
    small_script(tmp_path)
    v = View(gridrepl, tmp_path, "--view", "small.lua", cwd=tmp_path)
    v.wait_offset(0, 0)
    yield v
    if not v.closed:
        os.kill(v.pid, signal.SIGKILL)
        os.waitpid(v.pid, 0)


def quit_cleanly(v, key="q"):
    v.send(key)
    status, before, after = v.finish()
    assert status == 0
    assert v.raw.count(ENTER_ALT_SCREEN) == 1 and v.raw.rindex(LEAVE_ALT_SCREEN) > v.raw.index(ENTER_ALT_SCREEN)
    assert b"\x1b[?1002l" in v.raw  # mouse tracking off again
    assert before == after  # the terminal's modes as they were


def masked(lines):
    """The screen with the layout time (which varies) masked."""
    return "\n".join(re.sub(r"layout [\d.]+ ms", "layout # ms", line) for line in lines) + "\n"


# ---------------------------------------------------------------------------------------------
# Opening, drawing, quitting


def test_opens_on_the_alternate_screen_and_q_quits_restoring_the_terminal(view):
    assert ENTER_ALT_SCREEN in view.raw
    assert view.status[0] == "offset 0,0  content 320x690  zoom 100%"
    assert re.fullmatch(r"10 visible  views 0 created, 0 reused  layout [\d.]+ ms", view.status[1])
    assert view.status[2].startswith("f focus  q quit  hjkl/arrows  PgUp/PgDn/space  Home/End  g go to  +/- zoom  </>")
    quit_cleanly(view)
    # What the script printed before the view opened is on the normal screen.
    assert b"this line is printed before the view opens" in view.raw


def test_escape_quits(view):
    quit_cleanly(view, "\x1b")


@pytest.mark.parametrize("name, keys", [("top", ""), ("end", END)])
def test_snapshot_of_a_small_grid(view, name, keys):
    """The whole screen, compared with Tests/repl/golden/view_NAME.txt: items `+-|` labelled
    section.item, the header `#=|`, at the end the pinned header `@=|` and the loader `*~|`."""
    if keys:
        view.send(keys)
        view.wait_offset(0, 450)
    expected = (GOLDEN / f"view_{name}.txt").read_text()
    if os.environ.get("UPDATE_GOLDEN"):
        (GOLDEN / f"view_{name}.txt").write_text(masked(view.lines))
        expected = masked(view.lines)
    assert masked(view.lines) == expected
    quit_cleanly(view)


# ---------------------------------------------------------------------------------------------
# Keys


def test_arrows_and_hjkl_scroll_by_a_tenth_of_the_viewport(view):
    view.send("j")
    view.wait_offset(0, 24)       # 240 / 10
    view.send(DOWN)
    view.wait_offset(0, 48)
    view.send("k")
    view.wait_offset(0, 24)
    view.send(UP)
    view.wait_offset(0, 0)
    view.send(UP)                 # clamped at the top
    view.send("l")                # the content is as wide as the viewport: nothing to scroll across
    view.send("j")
    view.wait_offset(0, 24)
    quit_cleanly(view)


def test_arrows_across_a_horizontal_grid(gridrepl, tmp_path):  # noqa: F811
    v = View(gridrepl, tmp_path, "--view", str(Path(__file__).resolve().parents[2] / "scripts/smgridview.lua"))
    v.wait(lambda: v.offset() is not None, "the view")
    start = v.offset()            # the script scrolled to the end before the view opened
    assert start[0] > 0
    v.send("h")
    v.wait_offset(start[0] - 102, 0)   # 1024 / 10, rounded
    v.send(LEFT)
    v.wait_offset(start[0] - 204, 0)
    v.send(RIGHT + "l")
    v.wait_offset(start[0], 0)
    v.send(HOME)
    v.wait_offset(0, 0)
    v.send(PAGE_DOWN)             # a page along the scroll axis: x
    v.wait_offset(1024, 0)
    v.send(" ")
    v.wait_offset(2048, 0)
    # SMGridView's example sorts: drag the first item of the viewport's first lane two lanes down.
    # Its items are labelled with their photos' names (its data source's style).
    v.send(HOME)
    v.wait_offset(0, 0)
    column, row = v.find("img1-1")
    target = v.find("img1-3")
    v.mouse(0, column, row)
    v.wait_status("dragging item 1.1")
    v.mouse(32, column, (row + target[1]) // 2)
    v.mouse(32, *target)
    v.mouse(0, *target, release=True)
    v.wait_status("moved item 1.1 to 1.3")
    # The photos moved in the data, and the labels with them once the drop has slid into place.
    v.wait(lambda: [line[column:column + 8] for line in v.lines[:-3] if "img1-" in line[column:column + 8]]
           == ["img1-2  ", "img1-3  ", "img1-1  ", "img1-4  "], "the first lane's photos reordered")
    assert re.search(r"views \d+ created", v.status[1])
    quit_cleanly(v)


def test_pages_home_and_end(view):
    view.send(PAGE_DOWN)
    view.wait_offset(0, 240)
    view.send(" ")
    view.wait_offset(0, 450)      # clamped: content 690 - viewport 240
    view.send(PAGE_UP)
    view.wait_offset(0, 210)
    view.send(HOME)
    view.wait_offset(0, 0)
    view.send(END)
    view.wait_offset(0, 450)
    view.send("\x1b[1~")          # Home as tmux and the Linux console send it
    view.wait_offset(0, 0)
    view.send("\x1b[4~")          # End likewise
    view.wait_offset(0, 450)
    view.send("\x1b[99~")         # a key ncurses does not know: ignored, the view stays open
    view.wait_status("unknown key")
    quit_cleanly(view)


def test_g_goes_to_an_index_path(gridrepl, view, tmp_path):  # noqa: F811
    # Where scrollToItem(2, 4) puts the viewport (the item's top, below the pinned header).
    expected = subprocess.run([gridrepl, "-e", f"local g = dofile('{tmp_path / 'small.lua'}') g:scrollToItem(2, 4) print(select(2, g:offset()))"],
                              capture_output=True, text=True, timeout=TIMEOUT, env=clean_env()).stdout.split()[-1]
    view.send("g")
    view.wait_status("go to section.item:")
    view.send("2.4")
    view.wait_status("go to section.item: 2.4")
    view.send("\r")
    view.wait_offset(0, float(expected))
    view.wait_status("went to item 2.4")
    # A bad index path: an error naming it, and the view stays where it was.
    view.send("g9.9\r")
    view.wait_status("go to 9.9: ")
    # The method's own message: no position of gridrepl's helper chunk ("gridrepl view:2:").
    assert view.status[2].startswith("go to 9.9: item (section 9, item 9) is out of range"), view.status[2]
    assert view.offset() == (0, float(expected))
    view.send("g..\r")
    view.wait_status("go to: '..' is not an index path")
    view.send("gx\x1b")           # letters are not taken; Escape closes the prompt, not the view
    view.wait(lambda: view.status[2].startswith("f focus  q quit"), "the key help")
    quit_cleanly(view)


def test_f_focuses_and_the_arrows_move_the_focus_through_neighbor(gridrepl, view, tmp_path):  # noqa: F811
    # Where grid:neighbor takes a focus from the first item: down, right, then up.
    script = (f"local g = dofile('{tmp_path / 'small.lua'}') local s, i = g:neighbor(1, 1, 'down') "
              "local t, j = g:neighbor(s, i, 'right') print(s, i, t, j, g:neighbor(t, j, 'up'))")
    s1, i1, s2, i2, s3, i3 = subprocess.run([gridrepl, "-e", script], capture_output=True, text=True, timeout=TIMEOUT,
                                            env=clean_env()).stdout.split()[-6:]
    view.send("f")
    view.wait_status("focused item 1.1")
    assert any("$" in line for line in view.lines[:-3]), "the focused item's $ corners"
    view.send("j")
    view.wait_status(f"focused item {s1}.{i1}")
    view.send(RIGHT)
    view.wait_status(f"focused item {s2}.{i2}")
    view.send("k")
    view.wait_status(f"focused item {s3}.{i3}")
    view.send("k")                # the first row: an edge, the focus stays
    view.wait_status(f"focused item {s3}.{i3} (an edge)")
    view.send("x")                # no key: the help, now the focus's keys
    view.wait(lambda: view.status[2].rstrip() == "focus: arrows/hjkl move it  Enter reports it  f ends it  q quit",
              "the focus's key help")
    view.send("\r")               # Enter reports the focus
    view.wait(lambda: view.status[2].rstrip() == f"focused item {s3}.{i3}", "Enter's report")
    assert view.offset() == (0, 0)
    view.send("f")                # off again: the arrows scroll, and the help is the keys again
    view.wait(lambda: view.status[2].startswith("f focus  q quit"), "the key help")
    view.send("j")
    view.wait_offset(0, 24)
    quit_cleanly(view)


def test_greater_and_less_scale_the_view(view):
    view.send(">")
    view.wait_status("zoom 125%")
    view.send(">")
    view.wait_status("zoom 156%")
    view.send("0")
    view.wait_status("zoom 100%")
    view.send("<")
    view.wait_status("zoom 80%")
    # Zoomed out, the content below the viewport shows too (`:` edges), and the viewport is
    # outlined (`"` edges, `!` sides) around its cells.
    view.wait(lambda: any(":" in line for line in view.lines[:-3]), "context elements")
    view.wait(lambda: sum('+""' in line for line in view.lines[:-3]) == 2, "the viewport's outline")
    assert any(line.lstrip().startswith("!") for line in view.lines[:-3])
    view.send("<")
    view.wait_status("zoom 64%")
    quit_cleanly(view)


# A waterfall of 12 photos 100 wide in 3 columns; ZOOM_LAYOUT and ZOOM_OPTIONS make it another.
ZOOMED = """\
local gl = require "gridlayout"
local heights = { 60, 90, 70, 80 }
local grid = gl.new{ layout = "waterfall", columns = 3, spacing = 10, width = 320, height = 240 }
for name, value in pairs(ZOOM_OPTIONS) do grid[name] = value end
grid.dataSource = { count = function() return 12 end,
                    size = function(s, i) return 100, heights[(i - 1) % 4 + 1] end }
grid:reload()
return grid
"""


def zoomed(tmp_path, options="{}"):
    path = tmp_path / "zoomed.lua"
    path.write_text(ZOOMED.replace("ZOOM_OPTIONS", options))
    return path


def content_with(gridrepl, path, name, value):  # noqa: F811
    """What the status line shows once `grid:animateTo` from the script's grid at offset 0 has
    settled: the offset and the content size the engine gives."""
    script = (f"local g = dofile('{path}') g:animateTo({{ {name} = {value} }}, 0.2) "
              "while g:animating() do g:step(0.05) end print(g:offset()) print(g:contentSize())")
    x, y, w, h = subprocess.run([gridrepl, "-e", script], capture_output=True, text=True, timeout=TIMEOUT,
                                env=clean_env()).stdout.split()[-4:]
    def number(text):  # as the view prints numbers: to two decimals, whole ones without
        r = round(float(text) * 100) / 100
        return str(int(r)) if r == int(r) else str(r)
    return f"offset {number(x)},{number(y)}  content {number(w)}x{number(h)}"


def most_labels_in_a_row(v):
    """The most item labels on one line of the canvas: the columns (or lanes) shown."""
    return max(len(re.findall(r"\d+\.\d+", line)) for line in v.lines[:-3])


def test_plus_and_minus_zoom_a_waterfall_by_a_column_through_animate_to(gridrepl, tmp_path):  # noqa: F811
    path = zoomed(tmp_path)
    v = View(gridrepl, tmp_path, "--view", str(path))
    v.wait_offset(0, 0)
    assert most_labels_in_a_row(v) == 3
    v.send("-")                   # one column more
    v.wait_status("zoom: columns 3 to 4")
    four = content_with(gridrepl, path, "columns", 4)
    v.wait(lambda: v.status[0].startswith(four), four)
    assert most_labels_in_a_row(v) == 4
    for columns in (3, 2, 1):
        v.send("+")
        v.wait_status(f"zoom: columns {columns + 1} to {columns}")
        v.wait(lambda: "1 visible" in v.status[1] or most_labels_in_a_row(v) == columns and not v.status[2].startswith("step"),
               f"{columns} columns")
    v.wait(lambda: "content 320x2990" in v.status[0], "1 column: 12 photos scaled to 320 wide")
    v.settle()
    shown = v.lines[:-3]
    assert most_labels_in_a_row(v) == 1
    v.send("+")                   # the limit: nothing changes, the message says so
    v.wait_status("zoom: already 1 column, the fewest")
    assert v.lines[:-3] == shown and "content 320x2990  zoom 100%" in v.status[0]
    quit_cleanly(v)


@pytest.mark.parametrize("options, key, message, name, value", [
    ('{ layout = "lanes", lanes = 2 }', "-", "zoom: lanes 2 to 3", "lanes", 3),
    ('{ layout = "justified", rowHeight = 80 }', "+", "zoom: rowHeight 80 to 100", "rowHeight", 100),
    ('{ layout = "justified", rowHeight = 80 }', "-", "zoom: rowHeight 80 to 64", "rowHeight", 64),
])
def test_plus_and_minus_zoom_lanes_and_justified(gridrepl, tmp_path, options, key, message, name, value):  # noqa: F811
    path = zoomed(tmp_path, options)
    v = View(gridrepl, tmp_path, "--view", str(path))
    v.wait_offset(0, 0)
    v.send(key)
    v.wait_status(message)
    expected = content_with(gridrepl, path, name, value)
    v.wait(lambda: v.status[0].startswith(expected), expected)
    quit_cleanly(v)


def test_zoom_stops_at_its_limits_and_flow_scales_the_view(gridrepl, tmp_path):  # noqa: F811
    path = zoomed(tmp_path, '{ layout = "justified", rowHeight = 200 }')
    v = View(gridrepl, tmp_path, "--view", str(path))
    v.wait_offset(0, 0)
    v.send("+")                   # 250 would be thicker than the viewport (240)
    v.wait_status("zoom: rowHeight 200 at its limit (at most the viewport's 240)")
    quit_cleanly(v)
    path = zoomed(tmp_path, '{ layout = "flow" }')
    v = View(gridrepl, tmp_path, "--view", str(path))
    v.wait_offset(0, 0)
    v.send("+")
    v.wait_status("zoom: flow items keep their sizes: the view's scale zoomed (as >)")
    assert "zoom 125%" in v.status[0]
    quit_cleanly(v)


# Section 1 a carousel of 8 cards 100 wide (spacing 10: they start 110 apart); section 2 a grid
# of 24.
CAROUSEL = """\
local gl = require "gridlayout"
local grid = gl.new{ width = 320, height = 240, spacing = 10, lanes = 3 }
grid.dataSource = {
  sections = function() return 2 end,
  count = function(s) return s == 1 and 8 or 24 end,
  size = function(s, i) return 100, 60 end,
  section = function(s) if s == 1 then return { scroll = "cross", lanes = 1 } end end,
}
grid:reload()
return grid
"""


def section_labels(v, section):
    """The labels of a section's items on the canvas, left to right on their first line."""
    for line in v.lines[:-3]:
        labels = re.findall(rf"(?<![\d.]){section}\.\d+", line)
        if labels:
            return labels
    return []


def test_brackets_scroll_a_sideways_section(gridrepl, tmp_path):  # noqa: F811
    (tmp_path / "carousel.lua").write_text(CAROUSEL)
    v = View(gridrepl, tmp_path, "--view", "carousel.lua", cwd=tmp_path)
    v.wait_offset(0, 0)
    assert "[/] sideways" in v.status[2]
    assert section_labels(v, 1) == ["1.1", "1.2", "1.3"]
    v.send("]")                   # half the viewport: 160; 1.1 (0...100) is gone, 1.2 shows its last 50
    v.wait_status("section 1 sideways: offset 0 to 160")
    v.wait(lambda: section_labels(v, 1) == ["1.2", "1.3", "1.4", "1.5"], "the carousel scrolled")
    assert v.offset() == (0, 0)   # the grid itself did not move
    v.send("]]]]")                # 320, 480, then the end: 8 cards end at 870, less the range 320
    v.wait_status("section 1 sideways: at its end, offset 550")
    assert section_labels(v, 1) == ["1.6", "1.7", "1.8"]
    v.send("[[[[[")               # 390, 230, 70, 0, and the start
    v.wait_status("section 1 sideways: at its start, offset 0")
    assert section_labels(v, 1) == ["1.1", "1.2", "1.3"]
    v.send("j" * 6)               # the carousel out of view: no section to scroll
    v.wait(lambda: v.offset()[1] >= 70, "the grid scrolled")
    v.wait(lambda: not section_labels(v, 1), "the carousel out of view")
    v.send("]")
    v.wait_status("no section that scrolls sideways is in view")
    quit_cleanly(v)


# ---------------------------------------------------------------------------------------------
# Mouse


def test_mouse_wheel_scrolls(view):
    view.mouse(65, 40, 10)        # wheel down: three arrow steps
    view.wait_offset(0, 72)
    view.mouse(64, 40, 10)        # wheel up
    view.wait_offset(0, 0)
    quit_cleanly(view)


def test_click_reports_index_path_and_frame(view):
    column, row = view.find("1.5")
    view.mouse(0, column, row)
    view.mouse(0, column, row, release=True)
    view.wait(lambda: view.status[2] == "item 1.5  x=110 y=120 w=90 h=60", "the item's index path and frame")
    column, row = view.find("header 1")
    view.mouse(0, column, row)
    view.mouse(0, column, row, release=True)
    view.wait_status("header 1  x=0 y=10 w=320 h=30")
    view.mouse(0, 2, 2)           # the margin beside the viewport
    view.mouse(0, 2, 2, release=True)
    view.wait_status("nothing at column 3, row 3")
    assert view.log() == []       # a click without moving drops the item where it was
    quit_cleanly(view)


def test_drag_reorders_items(view):
    column, row = view.find("1.1")
    target = view.find("1.6")
    view.mouse(0, column, row)
    view.wait_status("dragging item 1.1")
    steps = 6
    for k in range(1, steps + 1):  # motion with the button held: SGR button 32
        view.mouse(32, column + (target[0] - column) * k // steps, row + (target[1] - row) * k // steps)
    view.wait(lambda: "%" in "".join(view.lines[:-3]), "the dragged item (% corners)")
    view.mouse(0, *target, release=True)
    view.wait_status("moved item 1.1 to 1.6")
    assert view.log() == ["move 1 1 6: 102 103 104 105 106 101 107 108 109 110 111 112"]
    # Once the item has slid into place, the drawn labels are in order again.
    view.wait(lambda: "%" not in "".join(view.lines[:-3]), "the drop animation to end")
    quit_cleanly(view)


def test_style_labels_follow_their_items_through_a_drag(gridrepl, tmp_path):  # noqa: F811
    """dataSource.style labels the items (by the data's index path, so a label moves with its
    item in a drag's preview); a label that is not printable ASCII shows '?' for those characters."""
    script = tmp_path / "styled.lua"
    script.write_text(SMALL.replace("COUNT", "12").replace(
        "  showLoader = function() return true end,\n",
        "  showLoader = function() return true end,\n"
        "  style = function(s, i) return { label = (i == 3 and 'caf\u00e9 ' or 'p') .. data[s][i] } end,\n"))
    v = View(gridrepl, tmp_path, "--view", "styled.lua", cwd=tmp_path)
    try:
        v.wait_offset(0, 0)
        assert "|p101           | |p102          | |caf? 103       |" in v.lines[5]
        column, row = v.find("p101")
        target = v.find("p102")
        v.mouse(0, column, row)
        v.wait_status("dragging item 1.1")
        for k in range(1, 5):
            v.mouse(32, column + (target[0] - column) * k // 4, row + (target[1] - row) * k // 4)
        # The preview: the dragged p101 in slot 1.2, p102 slid to slot 1.1 (its label with it).
        def swapped():
            line = next((line for line in v.lines[:-3] if "p101" in line and "p102" in line), "")
            return bool(line) and line.index("p102") < line.index("p101")
        v.wait(swapped, "p102 before p101")
        v.mouse(0, *target, release=True)
        v.wait_status("moved item 1.1 to 1.2")
        v.wait(lambda: "%" not in "".join(v.lines[:-3]), "the drop animation to end")
        assert v.find("p102")[0] < v.find("p101")[0] < v.find("caf? 103")[0]
        quit_cleanly(v)
    finally:
        if not v.closed:
            os.kill(v.pid, signal.SIGKILL)
            os.waitpid(v.pid, 0)


# ---------------------------------------------------------------------------------------------
# Reload


def test_r_reloads_the_edited_script_keeping_the_offset(view, tmp_path):
    view.send("j")
    view.wait_offset(0, 24)
    script = tmp_path / "small.lua"
    script.write_text(script.read_text().replace("for i = 1, 12", "for i = 1, 30"))
    view.send("r")
    view.wait_status("reloaded the script")
    view.wait_status("content 320x1530")
    assert view.offset() == (0, 24)
    # A script that now fails: the error in the message line, the previous grid stays.
    script.write_text("local x = = 1\n")
    view.send("r")
    view.wait(lambda: view.status[2] == "reload failed (the grid stays): small.lua:1: unexpected symbol near '='",
              "the script's error")
    view.send("j")
    view.wait_offset(0, 48)
    assert "content 320x1530" in view.status[0]
    # And a script that makes no grid.
    script.write_text("print('nothing')\n")
    view.send("r")
    view.wait_status("the script made no grid")
    quit_cleanly(view)


# ---------------------------------------------------------------------------------------------
# Every way out restores the terminal


def test_ctrl_c_closes_the_view_and_restores_the_terminal(view):
    view.send("\x03")
    status, before, after = view.finish()
    assert status == 1
    assert LEAVE_ALT_SCREEN in view.raw
    assert b"gridrepl: interrupted!" in view.raw[view.raw.rindex(LEAVE_ALT_SCREEN):]
    assert before == after


def test_sigterm_closes_the_view_and_restores_the_terminal(view):
    pids = subprocess.run(["pgrep", "-P", str(view.pid)], capture_output=True, text=True).stdout.split()
    assert len(pids) == 1
    os.kill(int(pids[0]), signal.SIGTERM)
    status, before, after = view.finish()
    assert status == 128 + signal.SIGTERM
    assert LEAVE_ALT_SCREEN in view.raw
    assert before == after


@pytest.mark.parametrize("text, message", [
    ("local gl = require 'gridlayout'\nerror('broken script')\n",
     rb"gridrepl: \S*script\.lua:2: broken script\r\nstack traceback:"),
    ("print('no grid here')\n",
     rb"gridrepl: --view \S*script\.lua: the script made no grid \(make one with gridlayout\.new, or return the grid to view\)"),
])
def test_a_script_that_fails_or_makes_no_grid_is_reported_without_opening_the_view(gridrepl, tmp_path, text, message):  # noqa: F811
    script = tmp_path / "script.lua"
    script.write_text(text)
    v = View(gridrepl, tmp_path, "--view", str(script))
    status, before, after = v.finish()
    assert status == 1
    assert ENTER_ALT_SCREEN not in v.raw
    assert re.search(message, v.raw), v.raw
    assert before == after


def test_view_needs_a_terminal_and_a_script(gridrepl, tmp_path):  # noqa: F811
    r = subprocess.run([gridrepl, "--view", small_script(tmp_path)], capture_output=True, timeout=TIMEOUT,
                       env=clean_env(TERM="xterm-256color"), stdin=subprocess.DEVNULL)
    assert r.returncode == 1
    assert r.stdout == b""        # not even the script's output: nothing ran
    assert r.stderr == b"gridrepl: --view needs a terminal: standard input is not one\n"
    r = subprocess.run([gridrepl, "--view"], capture_output=True, timeout=TIMEOUT, env=clean_env())
    assert r.returncode == 1
    assert r.stderr == b"gridrepl: '--view' needs a script: gridrepl --view script.lua [args]\n"
    # grid:view() in a script whose output is not a terminal: a Lua error.
    r = subprocess.run([gridrepl, "-e", "require('gridlayout').new():view()"], capture_output=True, text=True,
                       timeout=TIMEOUT, env=clean_env(TERM="xterm-256color"))
    assert r.returncode == 1
    assert r.stdout == ""
    assert r.stderr.startswith("gridrepl: (command line):1: grid:view(): the live view needs a terminal")


# ---------------------------------------------------------------------------------------------
# grid:view() from a script and from the REPL


def test_grid_view_in_a_script_returns_to_it(gridrepl, tmp_path):  # noqa: F811
    script = tmp_path / "calls_view.lua"
    script.write_text(f"local g = dofile('{small_script(tmp_path)}')\n"
                      "g:scrollTo(0, 100)\n"
                      "g:view()\n"
                      "print('after the view', g:offset())\n")
    v = View(gridrepl, tmp_path, str(script))
    v.wait_offset(0, 100)
    v.send("j")
    v.wait_offset(0, 124)
    v.send("q")
    status, before, after = v.finish()
    assert status == 0
    assert b"after the view\t0\t124" in v.raw
    assert before == after


def test_ctrl_c_in_grid_view_interrupts_the_script(gridrepl, tmp_path):  # noqa: F811
    """Ctrl-C closes a view opened by grid:view() and stops the script there with Lua's
    "interrupted!", as Ctrl-C does anywhere in gridrepl (it once read "not enough memory")."""
    script = tmp_path / "calls_view.lua"
    script.write_text(f"local g = dofile('{small_script(tmp_path)}')\n"
                      "g:view()\n"
                      "print('not reached')\n")
    v = View(gridrepl, tmp_path, str(script))
    v.wait_offset(0, 0)
    v.send("\x03")
    status, before, after = v.finish()
    assert status == 1
    tail = v.raw[v.raw.rindex(LEAVE_ALT_SCREEN) + len(LEAVE_ALT_SCREEN):]
    assert b"interrupted!" in tail and b"memory" not in tail and b"not reached" not in tail, tail
    assert b"calls_view.lua:2: interrupted!\r\nstack traceback:\r\n\t[C]: in method 'view'" in tail, tail
    assert before == after


def test_grid_view_at_the_repl_returns_to_the_prompt(gridrepl, tmp_path):  # noqa: F811
    v = View(gridrepl, tmp_path, "-i", small_script(tmp_path), env={"HOME": str(tmp_path)})
    v.wait(lambda: v.raw.endswith(b"> "), "the prompt")
    v.send(f"g = dofile('{tmp_path / 'small.lua'}')\r")
    v.wait(lambda: v.raw.endswith(b"opens\r\n> "), "the prompt")
    v.send("g:view()\r")
    v.wait_offset(0, 0)
    v.send(PAGE_DOWN)
    v.wait_offset(0, 240)
    v.send("q")
    prompt_again = lambda: LEAVE_ALT_SCREEN in v.raw and v.raw.rstrip(b" ").endswith(b">")  # noqa: E731
    v.wait(prompt_again, "the prompt after the view")
    v.send("print('back', g:offset())\r")
    v.wait(lambda: b"back\t0\t240\r\n> " in v.raw, "the REPL")
    v.send("os.exit(0)\r")  # a line, not Ctrl-D: a Ctrl-D typed before libedit reads is lost
    status, before, after = v.finish()
    assert status == 0
    assert before == after


def test_resizing_the_terminal_redraws(view):
    view.screen.resize(30, 100)
    fcntl.ioctl(view.fd, termios.TIOCSWINSZ, struct.pack("HHHH", 30, 100, 0, 0))  # the kernel sends SIGWINCH
    view.wait(lambda: view.lines[-3].startswith("offset 0,0") and "header 1" in "".join(view.lines[:-3]),
              "the view at 100x30")
    # 320x240 in 100x27 cells: the height fills the rows (27/240 down, twice that across: 72 columns).
    top = next(line for line in view.lines if line.strip())
    assert top == " " * 14 + "#" + "=" * 70 + "#"
    quit_cleanly(view)


def test_a_callback_error_in_the_view_names_the_users_code_only(gridrepl, tmp_path):  # noqa: F811
    """The message line shows the callback's error with the script's position, and no position
    of gridrepl's own helper code (it once read `gridrepl view:2: data source …`)."""
    (tmp_path / "failing.lua").write_text(
        "local gl = require 'gridlayout'\n"
        "local grid = gl.new{ lanes = 2, width = 200, height = 100 }\n"
        "grid.dataSource = { count = function() return 40 end, size = function() return 100, 50 end,\n"
        "  view = function(s, i) if i > 10 then error('no view ' .. i) end return i end }\n"
        "grid:reload()\n"
        "return grid\n")
    v = View(gridrepl, tmp_path, "--view", "failing.lua", cwd=tmp_path)
    try:
        v.wait_offset(0, 0)
        v.send(END)
        v.wait_status("failed")
        # (the message line is cut at the screen's width)
        assert re.fullmatch(r"scrollTo: callback 'view' failed for item \(section 1, item \d+\): failing\.lua:4:.*",
                            v.status[2]), v.status[2]
        quit_cleanly(v)
    finally:
        if not v.closed:
            os.kill(v.pid, signal.SIGKILL)
            os.waitpid(v.pid, 0)


def test_view_then_i_leaves_the_viewed_grid_as_grid(gridrepl, tmp_path):  # noqa: F811
    """`gridrepl --view -i script`: after q, the prompt has the grid it viewed, as `-i` alone does."""
    v = View(gridrepl, tmp_path, "--view", "-i", small_script(tmp_path), env={"HOME": str(tmp_path)})
    v.wait_offset(0, 0)
    v.send(PAGE_DOWN)
    v.wait_offset(0, 240)
    v.send("q")
    v.wait(lambda: LEAVE_ALT_SCREEN in v.raw and v.raw.rstrip(b" ").endswith(b">"), "the prompt after the view")
    v.send("print('viewed', grid:offset())\r")
    v.wait(lambda: b"viewed\t0\t240\r\n> " in v.raw, "the REPL")
    v.send("os.exit(0)\r")
    status, before, after = v.finish()
    assert status == 0
    assert before == after


LAZY = """\
local gl = require "gridlayout"
local log = os.getenv("VIEW_LOG")
local grid = gl.new{ layout = "lanes", width = 320, height = 240, lanes = 3, spacing = 10,
                     estimatedSize = { w = 90, h = 90 } }
local seen = {}
grid.dataSource = {
  sections = function() return 2000 end,
  count = function(s) return 30 end,
  size = function(s, i)
    if log and not seen[s] then
      seen[s] = true
      local f = io.open(log, "a")
      f:write(("asked %d\\n"):format(s))
      f:close()
    end
    return 90, 60
  end,
}
grid:reload()
return grid
"""


def test_end_and_home_jump_in_a_lazy_grid(gridrepl, tmp_path):  # noqa: F811
    """The terminal view has no scroll bar; End and Home are its jumps (scrollTo the ends): with
    estimatedSize they lay out only the sections the screen needs (docs/layout.md, "Live data")."""
    (tmp_path / "lazy.lua").write_text(LAZY)
    v = View(gridrepl, tmp_path, "--view", "lazy.lua", cwd=tmp_path)
    v.wait_offset(0, 0)
    assert v.log() == ["asked 1"]
    v.send(END)
    v.wait(lambda: v.offset()[1] > 100000, "the end")
    asked = {int(line.split()[1]) for line in v.log()}
    assert asked == {1, 2000}
    v.send(HOME)
    v.wait_offset(0, 0)
    quit_cleanly(v)
