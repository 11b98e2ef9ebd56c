-- SMGridView's example app: 4 sections of 200 items, scrolling horizontally, each section
-- with a header 50 wide, and the loader after the last section while more is coming.
-- The lanes follow from the viewport: as many 150-high items as fit in its height.
local gl = require "gridlayout"

-- Items can be dragged to reorder them within their section (`sort = true`: try it with
-- `gridrepl --view scripts/smgridview.lua`); views are recycled as SMGridView recycles them.
local spacing, item = 10, 150
local photos = {}                -- photos[section][i]: the photo shown at that place
for s = 1, 4 do
  photos[s] = {}
  for i = 1, 200 do photos[s][i] = ("img%d-%d"):format(s, i) end
end
local grid = gl.new{ layout = "lanes", direction = "horizontal", width = 1024, height = 700,
                     spacing = spacing, loaderSize = { w = 44, h = 44 }, sort = true }
grid.dataSource = {
  sections   = function() return #photos end,
  count      = function(section) return #photos[section] end,
  size       = function(section, i) return item, item end,
  sameSize   = function() return true end,
  lanes      = function(section) return math.floor((grid.height + spacing) / (item + spacing)) end,
  header     = function(section) return 50, grid.height end,
  showLoader = function() return true end,
  view       = function(section, i)
    local view = grid:dequeue() or {}
    view.photo = photos[section][i]
    return view
  end,
  moveItem   = function(section, i, toSection, toItem)
    table.insert(photos[toSection], toItem, table.remove(photos[section], i))
  end,
  -- The pictures (draw, svg, the live view) label each item with its photo's name.
  style      = function(section, i) return { label = photos[section][i] } end,
}
grid:reload()

local function show(title)
  print(title, "offset", grid:offset())
  for _, e in ipairs(grid:visible()) do
    print(e.kind, e.section, e.item, e.x, e.y, e.w, e.h)
  end
end

print("content", grid:contentSize())
print("lanes", grid.dataSource.lanes(1))
print("section 2 header at", grid:headerFrame(2))
show("start")
grid:scrollTo(7900, 0)           -- across the boundary of sections 1 and 2
show("section boundary")
grid:scrollTo(math.huge, 0)      -- clamps to the end: the loader is in view
show("end")
print("loader at", grid:loaderFrame())
grid:draw()

-- `gridrepl scripts/smgridview.lua out.svg` also draws the viewport (the whole content is
-- 32,000 points wide) as an SVG picture (`make docs-images` writes docs/images/smgridview.svg so).
if arg and arg[1] then grid:svg(arg[1], { viewport = true }) end

-- The grid, for `dofile`, `gridrepl -i` (as `grid`) and `gridrepl --view`.
return grid
