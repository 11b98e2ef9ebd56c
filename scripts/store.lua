-- An app store's front page: a vertical feed with three carousels (sections that scroll
-- sideways, scroll = "cross"), each with its own offset, between ordinary sections.
--   1. "Featured": one line of wide banners, paged by item (sectionPaging = "item");
--   2. a grid of categories (lanes, 2 per line) that scrolls with the feed;
--   3. "Top games": two lines of square icons, scrolled freely;
--   4. "New": one line of portrait cards, paged by the width of the screen.
local gl = require "gridlayout"

local grid = gl.new{ width = 320, height = 480, padding = 12, lineSpacing = 10, itemSpacing = 8, lanes = 2 }
local counts = { 6, 4, 15, 8 }
grid.dataSource = {
  sections = function() return #counts end,
  count = function(s) return counts[s] end,
  size = function(s, i)
    if s == 1 then return 280, 140 end        -- banners almost as wide as the screen
    if s == 2 then return 144, 48 end         -- two categories a line: (296 - 8) / 2
    if s == 3 then return 72, 72 end          -- icons
    return 110, 160                           -- portrait cards
  end,
  header = function(s) return 0, 24 end,
  section = function(s)
    if s == 1 then return { scroll = "cross", lanes = 1, sectionPaging = "item" } end
    if s == 3 then return { scroll = "cross", lanes = 2 } end
    if s == 4 then return { scroll = "cross", lanes = 1, sectionPaging = "page", inset = { left = 4, right = 4 } } end
  end,
}
grid:reload()

local function shelf(s)
  local parts = {}
  for i = 1, grid:itemCount(s) do
    local x, y = grid:frame(s, i)
    parts[#parts + 1] = string.format("%g,%g", x, y)
  end
  return table.concat(parts, " ")
end

print("content", grid:contentSize())
for s = 1, grid:sectionCount() do
  print(string.format("section %d: header at y=%g, offset %g", s, select(2, grid:headerFrame(s)), grid:sectionOffset(s)))
  print("  items", shelf(s))
end

-- A swipe on the banners: 200 points snaps to the nearest banner start (288 on, one banner).
grid:scrollSection(1, 200)
print("featured swiped to 200: offset", grid:sectionOffset(1), "banner 2 at x =", (grid:frame(1, 2)))
-- Past the end: clamped so that the last banner ends at the right edge's padding.
grid:scrollSection(1, 1e9)
print("featured swiped past the end: offset", grid:sectionOffset(1), "banner 6 at x =", (grid:frame(1, 6)))
-- Icons scroll freely, in two lines; the grid's own offset does not move.
grid:scrollSection(3, 123.5)
print("games scrolled to 123.5: offset", grid:sectionOffset(3), "grid offset y", select(2, grid:offset()))
-- Cards page by the screen's width less the padding and inset (320 - 24 - 8 = 288).
grid:scrollSection(4, 200)
print("new paged from 200: offset", grid:sectionOffset(4))

-- scrollToItem reaches into a carousel: the grid scrolls down, the shelf sideways.
grid:scrollToItem(4, 8, "end")
print("to the last card: grid offset y", select(2, grid:offset()), "shelf offset", grid:sectionOffset(4))

-- What is visible: each carousel shows only the items its offset brings on screen.
grid:scrollTo(0, 0)
local shown = {}
for _, e in ipairs(grid:visible()) do
  if e.kind == "item" then shown[e.section] = (shown[e.section] or 0) + 1 end
end
print("visible items per section at the top:", shown[1] or 0, shown[2] or 0, shown[3] or 0, shown[4] or 0)
print("item under (100, 150):", grid:indexPathAt(100, 150))

-- Offsets are kept across a reload while the sections exist.
grid:reload()
print("after reload:", grid:sectionOffset(1), grid:sectionOffset(3), grid:sectionOffset(4))
grid:draw{ cols = 40, rows = 24 }

-- The grid, for `dofile`, `gridrepl -i` (as `grid`) and `gridrepl --view`.
return grid
