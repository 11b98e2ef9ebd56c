-- Replays a drag on the LÖVE photo wall's grid (examples/love/wall.lua) under plain luajit and
-- prints where the engine drops it, so the test can compare the app's drop with the engine's.
-- stdin: "viewport W H", "offset X Y", "day S ID..." (the order before the drag), "press X Y",
-- "move X Y"... (viewport points as the app received them). stdout: "drop S I TOS TOI".
local gl = require "gridlayout"
local wall = require "wall"
local photos = wall.generate()
local days, viewport, offset, points = {}, nil, nil, {}
for line in io.lines() do
  local word, rest = line:match("^(%S+)%s*(.*)$")
  local numbers = {}
  for v in rest:gmatch("%S+") do numbers[#numbers + 1] = tonumber(v) end
  if word == "day" then days[numbers[1]] = { select(2, unpack(numbers)) }
  elseif word == "viewport" then viewport = numbers
  elseif word == "offset" then offset = numbers
  else points[#points + 1] = { word, numbers[1], numbers[2] } end
end
local grid = wall.grid(gl, photos, days, viewport[1], viewport[2])
grid.delegate = { dragEnded = function(s, i, toS, toI) print("drop", s, i, toS, toI) end }
grid:reload()
grid:scrollTo(offset[1], offset[2])
for _, p in ipairs(points) do
  if p[1] == "press" then assert(grid:beginDrag(p[2], p[3]), "no photo at the press")
  else grid:dragTo(p[2], p[3]) end
  grid:step(0.05)
end
grid:endDrag()
