-- A grid to look at in the browser: `gridrepl --serve scripts/browser.lua` and open the URL it
-- prints. Three sections of tags of varied widths wrap onto lines (`flow`), so widening the
-- window re-flows them; headers stay pinned while their section scrolls (`stickyHeaders`);
-- `overscan` loads a line's worth beyond the viewport; items can be dragged to reorder them
-- within their section (`sort = true`), and each drop prints the data source's `move`. `style`
-- labels each tag with its name and fills it by the section it came from.
local gl = require "gridlayout"

local tags = {}                  -- tags[section][i]: the tag shown at that place
for s = 1, 3 do
  tags[s] = {}
  for i = 1, 40 do tags[s][i] = ("%s%d"):format(string.char(64 + s), i) end
end
local grid = gl.new{ layout = "flow", width = 480, height = 320, padding = 8, spacing = 8,
                     stickyHeaders = true, overscan = 60, sort = true, loaderSize = { w = 120, h = 32 },
                     animationDuration = 0.35 }   -- a drop slides for a while: watch it
grid.dataSource = {
  sections   = function() return #tags end,
  count      = function(s) return #tags[s] end,
  -- Widths 60...140 in steps of 20, the same for a tag wherever it goes.
  size       = function(s, i) return 60 + (tonumber(tags[s][i]:sub(2)) * 7 % 5) * 20, 48 end,
  header     = function(s) return 0, 28 end,
  showLoader = function() return true end,
  -- Each tag labelled with its name and filled by its section's colour (and their drags follow).
  style      = function(s, i)
    return { label = tags[s][i], fill = ({ "#cfe3ff", "#d7f5d0", "#ffe2c6" })[tags[s][i]:byte(1) - 64] }
  end,
  moveItem   = function(s, from, toSection, to)
    table.insert(tags[toSection], to, table.remove(tags[s], from))
    print(("move %d %d %d %d: %s"):format(s, from, to, toSection, table.concat(tags[s], " ", 1, 6)))
  end,
}
grid:reload()

print("content", grid:contentSize())
for _, e in ipairs(grid:visible()) do print(e.kind, e.section, e.item, e.x, e.y, e.w, e.h) end
grid:scrollTo(0, 700)            -- section 2 under its pinned header
for _, e in ipairs(grid:visible()) do
  if e.kind == "header" then print("header", e.section, "at y", e.y, e.pinned and "(pinned)" or "") end
end
grid:scrollTo(0, 0)
grid:draw()
return grid
