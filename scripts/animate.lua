-- Animated insert, remove and move: a photo wall of 2 lanes. The engine's clock advances with
-- grid:step(dt); between steps grid:visible() gives every item's frame at that moment, with
-- alpha (an inserted item fades in, a removed one fades out) and scale (a removed one shrinks).
-- The data source changes the data when the grid says so: `insert` and `moveItem` when they start,
-- `remove` once the item has faded out. Mutations asked for during an animation are queued.
local gl = require "gridlayout"

local grid = gl.new{ width = 210, height = 200, lanes = 2, spacing = 10, animationDuration = 0.2 }
local photos = { "sea", "hill", "town", "road", "moon" }
grid.dataSource = {
  count  = function(section) return #photos end,
  size   = function(section, item) return 100, 50 end,
  insert = function(section, item) print("  dataSource.insert", section, item); table.insert(photos, item, "new") end,
  remove = function(section, item) print("  dataSource.remove", section, item, photos[item]); table.remove(photos, item) end,
  moveItem = function(section, item, toSection, toItem)   -- the order of grid:move and didMove
    print("  dataSource.moveItem", section, item, toSection, toItem)
    table.insert(photos, toItem, table.remove(photos, item))
  end,
}
grid.delegate = {
  didInsert = function(s, i) print("  delegate: didInsert", s, i) end,
  didRemove = function(s, i) print("  delegate: didRemove", s, i) end,
  didMove   = function(s, i, ts, ti) print("  delegate: didMove", s, i, ts, ti) end,
}
grid:reload()

-- One line per item: item x,y (and alpha, scale while they are not 1).
local function show(label)
  local parts = {}
  for _, e in ipairs(grid:visible()) do
    local text = ("%d %s %g,%g"):format(e.item, photos[e.item], e.x, e.y)
    if e.alpha ~= 1 then text = text .. (" a=%.2f"):format(e.alpha) end
    if e.scale ~= 1 then text = text .. (" s=%.2f"):format(e.scale) end
    parts[#parts + 1] = text
  end
  print(("%-8s %s"):format(label, table.concat(parts, " | ")))
end

-- Steps of 50 ms through each animation (cubic ease-in-out: half-way at 0.1 s).
local function run(seconds)
  local t = 0
  while grid:animating() do
    grid:step(0.05)
    t = t + 0.05
    show(("t=%.2f"):format(t))
  end
end

print("insert at 1 (the others slide along, the new photo fades in):")
grid:insert(1, 1)
show("t=0.00")
run()

print("remove 3 (fades and shrinks, then the data source drops it, then the rest slide):")
grid:remove(1, 3)
show("t=0.00")
run()

print("move 1 to 4, then remove 1, asked for at once (the removal waits its turn):")
grid:move(1, 1, 1, 4)
grid:remove(1, 1)
show("t=0.00")
run()
print("photos:", table.concat(photos, " "))
grid:draw()

-- The grid, for `dofile`, `gridrepl -i` (as `grid`) and `gridrepl --view`.
return grid
