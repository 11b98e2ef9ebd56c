-- Flow (UICollectionViewFlowLayout, CSS flex-wrap): tags of varied widths placed along a
-- line and wrapped onto the next when the next one does not fit. Two sections with headers.
local gl = require "gridlayout"

local tags = {
  { "swift", "lua", "layout", "grid", "masonry", "waterfall", "justified", "flow" },
  { "headless", "scriptable", "fast", "sticky", "paging", "reuse" },
}
local grid = gl.new{ layout = "flow", spacing = 8, padding = { top = 8, left = 8, right = 8, bottom = 8 },
                     width = 300, height = 200 }
grid.dataSource = {
  sections = function() return #tags end,
  count    = function(section) return #tags[section] end,
  -- A tag is 12 points per letter plus 16 of padding, 28 high.
  size     = function(section, item) return #tags[section][item] * 12 + 16, 28 end,
  header   = function(section) return 300, 24 end,
}
grid:reload()

print("content", grid:contentSize())
for _, e in ipairs(grid:visible()) do
  local label = e.kind == "item" and tags[e.section][e.item] or ""
  print(e.kind, e.section, e.item, e.x, e.y, e.w, e.h, label)
end
print("tag under (100, 50):", grid:indexPathAt(100, 50))
grid:draw()

-- The grid, for `dofile`, `gridrepl -i` (as `grid`) and `gridrepl --view`.
return grid
