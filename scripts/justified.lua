-- Justified rows, as image search results show them: each row is scaled so that its
-- images, kept at their aspect ratios, fill the width exactly; rows stay near rowHeight.
-- The last, incomplete row (the widow) keeps the target height.
local gl = require "gridlayout"

-- Photo sizes (width, height) as an image search might return them.
local photos = {
  {640, 480}, {480, 640}, {1024, 576}, {800, 800}, {600, 900}, {1200, 600},
  {500, 375}, {720, 1280}, {900, 600}, {640, 640}, {1280, 720}, {400, 600},
  {800, 533}, {533, 800},
}
local grid = gl.new{ layout = "justified", rowHeight = 120, tolerance = 0.25, widow = "left",
                     spacing = 4, padding = 4, width = 600, height = 400 }
grid.dataSource = {
  count = function(section) return #photos end,
  size  = function(section, item) return photos[item][1], photos[item][2] end,
}
grid:reload()

local function round(x) return string.format("%.2f", x) end
local w, h = grid:contentSize()
print("content", w, round(h))
for _, e in ipairs(grid:visible()) do
  print(e.kind, e.section, e.item, round(e.x), round(e.y), round(e.w), round(e.h))
end
grid:scrollBy(0, 200)
local x, y = grid:offset()
print("after scrolling 200: offset", x, round(y))
print("first visible", grid:visible()[1].item)
grid:draw()

-- The grid, for `dofile`, `gridrepl -i` (as `grid`) and `gridrepl --view`.
return grid
