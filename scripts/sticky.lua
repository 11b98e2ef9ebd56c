-- Sticky headers: the header of the section in view stays at the top of the viewport while
-- its section scrolls under it, and the next section's header pushes it out.
local gl = require "gridlayout"

local grid = gl.new{ layout = "flow", spacing = 4, padding = 4, width = 240, height = 160,
                     stickyHeaders = true }
grid.dataSource = {
  sections = function() return 3 end,
  count    = function(section) return ({ 9, 3, 12 })[section] end,
  size     = function(section, item) return 70, 40 end,
  header   = function(section) return 240, 20 end,
}
grid:reload()

local function show(y)
  grid:scrollTo(0, y)
  local line = {}
  for _, e in ipairs(grid:visible()) do
    if e.kind == "header" then
      line[#line + 1] = string.format("header %d at y=%g%s", e.section, e.y, e.pinned and " (pinned)" or "")
    end
  end
  print(string.format("offset %3g: %s", y, table.concat(line, ", ")))
end

print("content", grid:contentSize())
for _, section in ipairs{ 1, 2, 3 } do print("header", section, "laid out at y =", select(2, grid:headerFrame(section))) end
for y = 0, 300, 30 do show(y) end
show(172)   -- section 2's header is exactly at the viewport's top
grid:scrollTo(0, 150)
grid:draw()

-- The grid, for `dofile`, `gridrepl -i` (as `grid`) and `gridrepl --view`.
return grid
