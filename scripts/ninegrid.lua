-- The nine-grid (九宫格): a fixed item size, 3 items per line, fixed gaps.
-- The seed's grid: 10 items of 100x120, gaps of 10. Every item has one size, so the
-- engine places them analytically (sameSize): nothing is stored per item.
local gl = require "gridlayout"

local grid = gl.new{ layout = "lanes", lanes = 3, spacing = 10, width = 320, height = 300 }
grid.dataSource = {
  count    = function(section) return 10 end,
  size     = function(section, item) return 100, 120 end,
  sameSize = function() return true end,
}
grid:reload()

local function show(title)
  print(title)
  for _, e in ipairs(grid:visible()) do
    print(e.kind, e.section, e.item, e.x, e.y, e.w, e.h)
  end
end

print("content", grid:contentSize())   -- 320  510: four lines of 120 and three gaps of 10
show("at the top")
grid:scrollTo(0, 200)
show("scrolled to y=200")
grid:draw()

-- `gridrepl scripts/ninegrid.lua out.svg` also draws the whole content as an SVG picture
-- (`make docs-images` writes docs/images/ninegrid.svg so).
if arg and arg[1] then grid:svg(arg[1]) end

-- The grid, for `dofile`, `gridrepl -i` (as `grid`) and `gridrepl --view`.
return grid
