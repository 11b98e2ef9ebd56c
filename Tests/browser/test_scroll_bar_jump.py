"""gridrepl --serve: dragging or clicking the page's scroll bar sends one offset (POST
/api/viewport), which the server hands to the grid's scrollTo: with estimatedSize that is a jump
(docs/layout.md, "Live data"), laying out only the sections the viewport needs, not every size
between the old offset and the new one."""

from test_serve import Server, gridrepl  # noqa: F401  (Server skips without selenium, as the other view tests)

SCRIPT = """
local gl = require "gridlayout"
local seen = {}
local grid = gl.new{ lanes = 3, spacing = 4, width = 300, height = 200, overscan = 20,
                     estimatedSize = { w = 90, h = 90 } }
grid.dataSource = {
  sections = function() return 2000 end,
  count = function(s) return 50 end,
  size = function(s, i)
    if not seen[s] then seen[s] = true; print("asked " .. s) end
    return 90, 60 + (i * 37) % 80
  end,
}
grid:reload()
return grid
"""


def asked(server):
    return {int(line.split()[1]) for line in list(server.stdout) if line.startswith("asked ")}


def test_a_scroll_bar_drag_is_a_jump(gridrepl, tmp_path):
    script = tmp_path / "timeline.lua"
    script.write_text(SCRIPT)
    server = Server(gridrepl, script)
    try:
        server.wait_output(lambda line: line.startswith("asked "), "first screen")
        before = asked(server)
        assert before == {1}
        status, state = server.post("/api/viewport", {"x": 0, "y": 0, "width": 300, "height": 200})
        assert status == 200
        middle = state["content"]["height"] / 2
        # The thumb dragged to the middle: one offset, as the page sends it.
        status, state = server.post("/api/viewport", {"x": 0, "y": middle, "width": 300, "height": 200})
        assert status == 200
        assert state["offset"]["y"] == middle
        jumped = asked(server) - before
        shown = {e["section"] for e in state["elements"]}
        assert 1 <= len(jumped) <= 3 and shown <= jumped
        assert 900 < min(jumped) and max(jumped) < 1100
    finally:
        server.stop()
