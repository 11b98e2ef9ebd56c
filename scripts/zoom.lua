-- Layout transitions: a pinch that takes a waterfall from 3 columns to 5. grid:transition{...}
-- lays out the target beside the grid's own layout and anchors it on the item at the viewport's
-- centre: at every progress that item's centre stays where it is on screen, while every element
-- moves in a straight line from its frame in one layout to its frame in the other, and the offset
-- goes from one layout's to the other's. t:commit() keeps the target; grid:animateTo{...} runs the
-- same on the engine's clock (grid:step), eased (half-way at half the time), and commits at its end.
local gl = require "gridlayout"

local heights = { 100, 150, 80, 120, 200, 90 }   -- square-wide photos of mixed heights
local grid = gl.new{ layout = "waterfall", columns = 3, spacing = 10, width = 320, height = 300 }
grid.dataSource = {
  count = function(section) return 30 end,
  size  = function(section, item) return 100, heights[(item - 1) % #heights + 1] end,
}
grid:reload()
grid:scrollTo(0, 400)

local _, oy = grid:offset()
local anchor = select(2, grid:indexPathAt(160, oy + 150))   -- the item at the viewport's centre
local shown = { 1, anchor - 3, anchor, anchor + 3, 30 }
print(("3 columns, offset %g: the item at the viewport's centre (160, %g) is 1.%d"):format(oy, oy + 150, anchor))

-- Each shown item's frame where the grid draws it (when it meets the viewport), and the anchor's
-- centre on screen: its centre less the offset.
local function show(label)
  local _, y = grid:offset()
  local parts = {}
  for _, e in ipairs(grid:visible()) do
    for _, i in ipairs(shown) do
      if e.item == i then parts[#parts + 1] = ("1.%d %g,%g %gx%g"):format(i, e.x, e.y, e.w, e.h) end
    end
    if e.item == anchor then
      parts[#parts + 1] = ("centre on screen %g,%g"):format(e.x + e.w / 2, e.y + e.h / 2 - y)
    end
  end
  print(("%-6s offset %-7g %s"):format(label, y, table.concat(parts, "  ")))
end

print("transition to 5 columns:")
local t = grid:transition{ columns = 5 }
for _, p in ipairs{ 0, 0.25, 0.5, 1 } do
  t:progress(p)
  show(("p=%g"):format(p))
  if p == 0.5 then grid:draw{ cols = 40, rows = 14 } end
end
t:commit()
print("committed:", "columns", grid.columns, "offset", select(2, grid:offset()))

-- Back to 3 columns on the engine's clock: 0.3 s in steps of 0.05 s. The progress shown is how
-- far the anchor has come from its 5-column frame to its 3-column one (eased, half-way at 0.15 s).
local fx, fy = grid:frame(1, anchor)
local target = gl.new{ layout = "waterfall", columns = 3, spacing = 10, width = 320, height = 300 }
target.dataSource = grid.dataSource
target:reload()
local tx = target:frame(1, anchor)
print("animateTo 3 columns over 0.3 s:")
grid:animateTo({ columns = 3 }, 0.3)
local elapsed = 0
while grid:animating() do
  grid:step(0.05)
  elapsed = elapsed + 0.05
  for _, e in ipairs(grid:visible()) do
    if e.item == anchor then
      print(("t=%.2f progress %.3f  offset %g  1.%d at %g,%g"):format(
        elapsed, (e.x - fx) / (tx - fx), select(2, grid:offset()), anchor, e.x, e.y))
    end
  end
end
print("columns", grid.columns, "offset", select(2, grid:offset()))
return grid
