-- A composed feed: three sections of different layouts in one grid, as a real home screen is.
--   1. shortcuts: a nine-grid (lanes, 4 per line) of 8 icons, inset from the edges;
--   2. photos: a 2-column waterfall with full-width banners every 7th item;
--   3. a gallery: justified rows with a "see more" footer.
-- Then the same feed mirrored for right-to-left scripts (rtl) and snapped to a 3x screen (scale).
local gl = require "gridlayout"

local heights = { 120, 80, 200, 150, 90, 170, 60, 130, 110, 190, 70, 140, 100, 160 }
local ratios = { 1.5, 0.75, 1.33, 1, 2, 0.8, 1.5, 1.2, 0.66, 1.78 }

local function feed(options)
  local grid = gl.new{ width = 360, height = 640, padding = 8, spacing = 8, lanes = 4, rowHeight = 90 }
  for k, v in pairs(options or {}) do grid[k] = v end
  grid.dataSource = {
    sections = function() return 3 end,
    count = function(s) return ({ 8, #heights, #ratios })[s] end,
    size = function(s, i)
      if s == 1 then return 75, 75 end            -- icons: 4 lanes 75 + 8 apart, from x = 8 + 4
      if s == 2 then return 100, heights[i] end  -- photos: scaled to the column, (344 - 12) / 2 = 166
      return 100 * ratios[i], 100                 -- gallery: only the aspect ratios count
    end,
    header = function(s) return 0, 24 end,
    footer = function(s) if s == 3 then return 0, 32 end end,
    -- Every 7th photo is a banner across both columns.
    span = function(s, i) if s == 2 and i % 7 == 0 then return true end end,
    section = function(s)
      if s == 1 then return { inset = { left = 4, right = 4 } } end
      if s == 2 then return { layout = "waterfall", columns = 2, itemSpacing = 12 } end
      return { layout = "justified", lineSpacing = 4, itemSpacing = 4 }
    end,
  }
  grid:reload()
  return grid
end

local function show(title, grid)
  print(title)
  print("content", grid:contentSize())
  for s = 1, grid:sectionCount() do
    print("header", s, grid:headerFrame(s))
    for i = 1, grid:itemCount(s) do print("item", s, i, grid:frame(s, i)) end
    if grid:footerFrame(s) then print("footer", s, grid:footerFrame(s)) end
  end
end

local grid = feed()
show("feed", grid)
grid:scrollTo(0, 600)
print("visible at y=600")
for _, e in ipairs(grid:visible()) do print(e.kind, e.section, e.item, e.x, e.y, e.w, e.h) end
grid:draw()

-- Mirrored: x' = content width - x - w, so the first icon is at the right edge.
local mirrored = feed{ rtl = true }
print("rtl: icon 1", mirrored:frame(1, 1))
print("rtl: photo 1", mirrored:frame(2, 1))

-- Snapped to device pixels of a 3x screen: every edge a multiple of 1/3, neighbours still touching.
local snapped = feed{ scale = 3 }
print("scale 3: gallery 1", snapped:frame(3, 1))
print("scale 3: gallery 2", snapped:frame(3, 2))

if arg and arg[1] then grid:svg(arg[1]) end
return grid
