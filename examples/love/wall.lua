-- The photo wall's data and grid, without LÖVE: main.lua draws them, and the test replays a drag
-- on them under plain luajit to learn where the engine drops it.
local wall = {}

wall.DAYS = 30
wall.HEADER_HEIGHT = 32

-- The photos: a fixed pseudo-random sequence, so every run (and the test) sees the same wall.
-- photos[id] = { w=, h=, r=, g=, b= }, the colour in 0...255 (exact in a screenshot);
-- days[s] = the day's photo ids in display order.
function wall.generate()
  local seed = 20261207
  local function random(n)   -- 1...n
    seed = (seed * 1103515245 + 12345) % 2147483648
    return math.floor(seed / 65536) % n + 1   -- the high bits: the low ones of an LCG cycle short
  end
  local ratios = { { 4, 3 }, { 3, 4 }, { 1, 1 }, { 16, 9 }, { 9, 16 }, { 3, 2 }, { 2, 3 }, { 2, 1 } }
  local photos, days = {}, {}
  for s = 1, wall.DAYS do
    local ids = {}
    for _ = 1, 60 + random(81) do
      local ratio = ratios[random(#ratios)]
      local scale = 90 + random(60)
      photos[#photos + 1] = { w = ratio[1] * scale, h = ratio[2] * scale,
                              r = 40 + random(200), g = 40 + random(200), b = 40 + random(200) }
      ids[#ids + 1] = #photos
    end
    days[s] = ids
  end
  return photos, days
end

-- A grid of the wall in a w x h viewport; `view(grid)` makes an item's view, or is nil for none.
function wall.grid(gl, photos, days, w, h, view)
  local grid = gl.new { layout = "waterfall", minColumnWidth = 180, spacing = 6, padding = 6,
                        width = w, height = h, stickyHeaders = true, sort = true, scale = 1,
                        animationDuration = 0.2 }
  grid.dataSource = {
    sections = function() return wall.DAYS end,
    count = function(s) return #days[s] end,
    size = function(s, i) local p = photos[days[s][i]]; return p.w, p.h end,
    header = function() return 0, wall.HEADER_HEIGHT end,
    view = view and function() return view(grid) end,
    moveItem = function(s, i, toS, toI) table.insert(days[toS], toI, table.remove(days[s], i)) end,
  }
  return grid
end

return wall
