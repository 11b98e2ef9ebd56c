-- Spatial navigation: a focus moved with arrow keys (a television, a game pad, a terminal) through
-- a masonry (waterfall) grid. grid:neighbor(s, i, dir) gives the item a focus moves to from
-- (s, i): "up", "down", "left", "right" on screen, "next" and "previous" in index order, or nil at
-- an edge. Item 5 spans two columns: it is beside or below several items at once.
local gl = require "gridlayout"

local heights = { 120, 80, 200, 150, 90, 170, 60, 130, 110, 70 }
local grid = gl.new{ layout = "waterfall", columns = 3, spacing = 10, padding = 10,
                     width = 340, height = 520 }
grid.dataSource = {
  count = function(section) return #heights end,
  -- 100 wide, the column's width, so the heights stay as given; item 5 is 210 wide, two columns
  -- and the spacing between them.
  size  = function(section, item) return item == 5 and 210 or 100, heights[item] end,
  span  = function(section, item) if item == 5 then return 2 end end,
}
grid:reload()

print("content", grid:contentSize())
for item = 1, #heights do
  print("item", item, grid:frame(1, item))
end

local function frame(s, i)
  local x, y, w, h = grid:frame(s, i)
  return ("%d.%d (%g, %g, %g, %g)"):format(s, i, x, y, w, h)
end

-- One move: where the focus goes from (s, i), with both frames.
local function move(s, i, dir)
  local ts, ti = grid:neighbor(s, i, dir)
  print(("%-8s %s -> %s"):format(dir, frame(s, i), ts and frame(ts, ti) or "nil (an edge)"))
  return ts, ti
end

print("from the first item (the top-left corner)")
for _, dir in ipairs{ "up", "left", "down", "right", "next", "previous" } do move(1, 1, dir) end
print("from the wide item, 5")
for _, dir in ipairs{ "up", "down", "left", "right", "next", "previous" } do move(1, 5, dir) end
-- Right from 4: 3 and 6 are both 10 away and beside it; 3's centre is nearer across.
print("from 4")
for _, dir in ipairs{ "right", "down" } do move(1, 4, dir) end
print("from the right column's top, 3")
for _, dir in ipairs{ "right", "down", "left" } do move(1, 3, dir) end
print("from the last item, 10")
for _, dir in ipairs{ "down", "next", "up" } do move(1, 10, dir) end

-- A focus walked down from the top of the middle column until the edge, then right until the edge.
print("down from 2, then right")
local s, i = 1, 2
for _, dir in ipairs{ "down", "right" } do
  while true do
    local ts, ti = move(s, i, dir)
    if not ts then break end
    s, i = ts, ti
  end
end

grid:draw()

-- The grid, for `dofile`, `gridrepl -i` (as `grid`) and `gridrepl --view` (`f`, then the arrows).
return grid
