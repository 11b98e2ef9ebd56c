-- Drag reordering: with sort = true, beginDrag(x, y) picks up the item under a point (viewport
-- coordinates, like a touch), dragTo moves it with the point, the others re-flow around the
-- slot it would drop into (the nearest one, with hysteresis), and endDrag drops it: the data
-- source's moveItem(section, item, toSection, toItem) is called exactly once. Near the viewport's edge
-- the grid auto-scrolls as step(dt) runs. canMoveToSection lets items change sections.
local gl = require "gridlayout"

local grid = gl.new{ width = 320, height = 240, lanes = 3, spacing = 10, padding = 5, sort = true,
                     animationDuration = 0.2 }
local sections = { { "A1", "A2", "A3", "A4", "A5", "A6", "A7" }, { "B1", "B2", "B3", "B4", "B5" } }
grid.dataSource = {
  sections = function() return #sections end,
  count    = function(s) return #sections[s] end,
  size     = function(s, i) return 100, 60 end,
  header   = function(s) return 320, 20 end,
  canMove  = function(s, i) return sections[s][i] ~= "B5" end,   -- B5 is pinned in place
  canMoveToSection = function(from, to) return true end,
  moveItem = function(s, i, toSection, toItem)
    print("  dataSource.moveItem", s, i, toSection, toItem)
    table.insert(sections[toSection], toItem, table.remove(sections[s], i))
  end,
}
grid.delegate = {
  dragStarted = function(s, i) print("  delegate: dragStarted", s, i) end,
  dragEnded   = function(s, i, ts, ti) print("  delegate: dragEnded", s, i, ts, ti) end,
}
grid:reload()

local function show(label)
  local parts = {}
  for _, e in ipairs(grid:visible()) do
    if e.kind == "item" then
      parts[#parts + 1] = ("%d.%d %g,%g%s"):format(e.section, e.item, e.x, e.y, e.dragged and "*" or "")
    end
  end
  print(label, table.concat(parts, " "))
end

print("pick up A1 at (55, 55):", grid:beginDrag(55, 55))
grid:dragTo(265, 125)                      -- over A6's slot (row 2, lane 3)
print("target slot:", grid:dragging())
show("t=0.0 ")
grid:step(0.1)
show("t=0.1 ")
print("mid-drag (the dragged item has % corners):")
grid:draw{ cols = 64, rows = 26 }
grid:dragTo(260, 128)                      -- a few points: hysteresis keeps the target
print("target slot:", grid:dragging())
grid:endDrag()
grid:step(0.2)
show("dropped")
print("section 1:", table.concat(sections[1], " "))

print("drag A2 to the bottom edge: the grid auto-scrolls while the clock runs, and the item")
print("crosses into section 2 (canMoveToSection allows it)")
print("pick up at (55, 55):", grid:beginDrag(55, 55))
grid:dragTo(55, 235)
for _ = 1, 4 do
  grid:step(0.1)
  local _, y = grid:offset()
  print(("  offset y %g, target"):format(y), grid:dragging())
end
grid:endDrag()
grid:step(0.2)
print("section 1:", table.concat(sections[1], " "))
print("section 2:", table.concat(sections[2], " "))

-- The centre of the item named `name`, in viewport coordinates.
local function centreOf(name)
  local ox, oy = grid:offset()
  for _, e in ipairs(grid:visible()) do
    if e.kind == "item" and sections[e.section][e.item] == name then return e.x + e.w / 2 - ox, e.y + e.h / 2 - oy end
  end
end
grid:scrollTo(0, 1e9)
print("B5 cannot move:", grid:beginDrag(centreOf("B5")))
grid:draw()

-- The grid, for `dofile`, `gridrepl -i` (as `grid`) and `gridrepl --view`.
return grid
