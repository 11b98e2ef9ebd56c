-- A waterfall (瀑布流): 3 columns, spacing 10, items of mixed heights. Each item goes into
-- the shortest column, scaled to the column's width; the content is as tall as the TALLEST
-- column (the seed got this wrong by using the shortest).
local gl = require "gridlayout"

local heights = { 120, 80, 200, 150, 90, 170, 60, 130, 110, 190, 70, 140 }
local grid = gl.new{ layout = "waterfall", columns = 3, spacing = 10, padding = 10,
                     width = 340, height = 400 }
grid.dataSource = {
  count = function(section) return #heights end,
  -- Images 100 wide: the engine scales them to the column width, (340 - 20 - 20) / 3 = 100.
  size  = function(section, item) return 100, heights[item] end,
}
grid:reload()

print("content", grid:contentSize())
for item = 1, #heights do
  print("item", item, grid:frame(1, item))
end
grid:scrollTo(0, 150)
print("visible at y=150")
for _, e in ipairs(grid:visible()) do
  print(e.kind, e.section, e.item, e.x, e.y, e.w, e.h)
end
grid:draw()

-- `gridrepl scripts/waterfall.lua out.svg` also draws the whole content as an SVG picture
-- (`make docs-images` writes docs/images/waterfall.svg so).
if arg and arg[1] then grid:svg(arg[1]) end

-- The grid, for `dofile`, `gridrepl -i` (as `grid`) and `gridrepl --view`.
return grid
