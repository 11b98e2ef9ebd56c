-- Paging: a page is one viewport; scrolling snaps to the nearest page, and the delegate hears
-- when the page changes. Springboard-style: 2 lanes of app icons scrolling horizontally.
local gl = require "gridlayout"

local grid = gl.new{ layout = "lanes", direction = "horizontal", lanes = 2, width = 300, height = 220,
                     spacing = 20, padding = 10, paging = true }
grid.dataSource = {
  count    = function(section) return 11 end,
  size     = function(section, item) return 80, 90 end,
  sameSize = function() return true end,
}
grid.delegate = { pageChanged = function(page) print("  delegate: page changed to", page) end }
grid:reload()

print("content", grid:contentSize())
print("pages", grid:pageCount(), "on page", grid:page())
for _, x in ipairs{ 100, 160, 450, 1e9, 0 } do
  print("scrollTo x =", x)
  grid:scrollTo(x, 0)
  print("  offset", grid:offset(), "page", grid:page())
end
grid:scrollTo(300, 0)
for _, e in ipairs(grid:visible()) do print(e.kind, e.section, e.item, e.x, e.y, e.w, e.h) end
grid:draw()

-- Springboard reading order: each lane takes 3 consecutive items on a page.
grid.pagingInverseOrder = true
grid:reload()
grid:scrollTo(0, 0)
print("inverse order, page 1:")
for _, e in ipairs(grid:visible()) do print(e.kind, e.section, e.item, e.x, e.y, e.w, e.h) end

-- The grid, for `dofile`, `gridrepl -i` (as `grid`) and `gridrepl --view`.
return grid
