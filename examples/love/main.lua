-- A photo wall in LÖVE over gridlayout's LuaJIT binding: a few thousand generated photos
-- (coloured rectangles of varied aspect ratios) in a waterfall, one section a day with a sticky
-- header; the wheel scrolls, the mouse drags a photo to reorder the day, the arrows move a focus
-- through the engine's `neighbor`. Every frame draws exactly the engine's `visible()`.
-- Run it from the repository as `love examples/love` (README.md beside this file).

local ffi = require "ffi"

-- The repository is two folders above this one. LÖVE's own loaders look only inside the game,
-- so Lua's path gets the binding's folder; the library is the checkout's staged build unless
-- GRIDLAYOUT_LIBRARY names one (the binding reads that variable).
local function repositoryRoot()
  local source = love.filesystem.getSource()
  if source:sub(1, 1) ~= "/" then source = love.filesystem.getWorkingDirectory() .. "/" .. source end
  return source:gsub("/+$", "") .. "/../.."
end
local root = repositoryRoot()
package.path = root .. "/bindings/luajit/?.lua;" .. package.path
ffi.cdef "int setenv(const char *name, const char *value, int overwrite);"
if not os.getenv("GRIDLAYOUT_LIBRARY") then
  for _, config in ipairs { "release", "debug" } do
    local path = root .. "/.build/gridlayout-c/" .. config .. "/lib/libgridlayout.so"
    local file = io.open(path, "rb")
    if file then file:close(); ffi.C.setenv("GRIDLAYOUT_LIBRARY", path, 1); break end
  end
end
local gl = require "gridlayout"

local wall = require "wall"
local photos, days = wall.generate()
local DAYS = wall.DAYS
local BACKGROUND = { 18, 18, 22 }
local HEADER = { 44, 44, 54 }
local HEADER_HEIGHT = wall.HEADER_HEIGHT

local grid
local viewsMade = 0
local lastDrop            -- { s, i, toS, toI } of the last drag that ended
local focus = { 1, 1 }    -- the focused photo's index path
local frameTime, drawTime = 0, 0
local hud = { x = 8, y = 0, w = 0, h = 0 }   -- the status box, in window coordinates

local function newGrid(w, h)
  -- A view is a table the pool hands back; the wall draws from `visible()`, so a view only
  -- counts how many the engine keeps (its stats) against how many photos there are.
  grid = wall.grid(gl, photos, days, w, h, function(g)
    local v = g:dequeue()
    if not v then viewsMade = viewsMade + 1; v = { serial = viewsMade } end
    return v
  end)
  grid.delegate = {
    dragEnded = function(s, i, toS, toI)
      lastDrop = { s, i, toS, toI }
      focus = { toS, toI }
    end,
  }
  grid:reload()
end

-- The test mode: GRIDLAYOUT_LOVE_TEST names a folder; the test writes commands to its file
-- `command` ("dump NAME", "quit") and reads back NAME.txt (and, at quit, final.txt and final.png).
local testDir = os.getenv("GRIDLAYOUT_LOVE_TEST")
local pending = {}         -- commands read, not yet done
local quitting = false

local function setColor(c) love.graphics.setColor(c[1] / 255, c[2] / 255, c[3] / 255, 1) end

-- Draw order: the items (the dragged one last), then the headers over them; the test finds the
-- element on top at a point with the same rule.
local function ordered(elements)
  local items, headers, dragged = {}, {}, nil
  for _, e in ipairs(elements) do
    if e.kind == "item" then
      if e.dragged then dragged = e else items[#items + 1] = e end
    else
      headers[#headers + 1] = e
    end
  end
  for _, e in ipairs(headers) do items[#items + 1] = e end
  if dragged then items[#items + 1] = dragged end
  return items
end

local function dump(name, elements)
  local ox, oy = grid:offset()
  local lines = {}
  local function add(...) lines[#lines + 1] = table.concat({ ... }, " ") end
  add("offset", ox, oy)
  add("viewport", grid.width, grid.height)
  add("hud", hud.x, hud.y, hud.w, hud.h)
  add("focus", focus[1], focus[2])
  if lastDrop then add("drop", unpack(lastDrop)) end
  local st = grid:stats()
  add("stats", st.created, st.reused, st.live, st.pooled)
  for s = 1, DAYS do add("day", s, unpack(days[s])) end
  for _, e in ipairs(elements) do
    local c = HEADER
    if e.kind == "item" then local p = photos[days[e.section][e.item]]; c = { p.r, p.g, p.b } end
    add("element", e.kind, e.section, e.item or 0, e.x, e.y, e.w, e.h, c[1], c[2], c[3])
  end
  local file = assert(io.open(testDir .. "/" .. name .. ".txt.tmp", "w"))
  file:write(table.concat(lines, "\n"), "\n")
  file:close()
  assert(os.rename(testDir .. "/" .. name .. ".txt.tmp", testDir .. "/" .. name .. ".txt"))
end

local function readCommands()
  local path = testDir .. "/command"
  local file = io.open(path, "r")
  if not file then return end
  for line in file:lines() do pending[#pending + 1] = line end
  file:close()
  os.remove(path)
end

function love.load()
  love.keyboard.setKeyRepeat(true)
  newGrid(love.graphics.getDimensions())
end

function love.resize(w, h) grid:resize(w, h) end

function love.update(dt)
  frameTime = dt
  grid:step(dt)
  if testDir then readCommands() end
end

function love.wheelmoved(_, y)
  grid:scrollBy(0, -60 * y)
  if grid:dragging() then grid:dragTo(love.mouse.getPosition()) end
end

function love.mousepressed(x, y, button)
  if button ~= 1 then return end
  local ox, oy = grid:offset()
  local s, i = grid:indexPathAt(x + ox, y + oy)
  if s then focus = { s, i } end
  grid:beginDrag(x, y)
end

function love.mousemoved(x, y)
  if grid:dragging() then grid:dragTo(x, y) end
end

function love.mousereleased(_, _, button)
  if button == 1 and grid:dragging() then grid:endDrag() end
end

local arrows = { up = "up", down = "down", left = "left", right = "right", tab = "next" }
function love.keypressed(key)
  if key == "escape" then love.event.quit(0) return end
  if key == "pagedown" then grid:scrollBy(0, grid.height - HEADER_HEIGHT) return end
  if key == "pageup" then grid:scrollBy(0, HEADER_HEIGHT - grid.height) return end
  local dir = arrows[key]
  if key == "tab" and love.keyboard.isDown("lshift", "rshift") then dir = "previous" end
  if not dir then return end
  local s, i = grid:neighbor(focus[1], focus[2], dir)
  if s then
    focus = { s, i }
    grid:scrollToItem(s, i, "nearest")
  end
end

function love.draw()
  local started = love.timer.getTime()
  local elements = grid:visible()
  local ox, oy = grid:offset()
  love.graphics.clear(BACKGROUND[1] / 255, BACKGROUND[2] / 255, BACKGROUND[3] / 255, 1)
  for _, e in ipairs(ordered(elements)) do
    local x, y = e.x - ox, e.y - oy
    if e.kind == "item" then
      local p = photos[days[e.section][e.item]]
      love.graphics.setColor(p.r / 255, p.g / 255, p.b / 255, e.alpha)
      love.graphics.rectangle("fill", x, y, e.w, e.h)
      if e.section == focus[1] and e.item == focus[2] then
        love.graphics.setColor(1, 1, 1, 1)
        love.graphics.setLineWidth(3)
        love.graphics.rectangle("line", x + 1.5, y + 1.5, e.w - 3, e.h - 3)
      end
      if e.dragged then
        love.graphics.setColor(0, 0, 0, 0.6)
        love.graphics.setLineWidth(2)
        love.graphics.rectangle("line", x - 1, y - 1, e.w + 2, e.h + 2)
      end
    elseif e.kind == "header" then
      setColor(HEADER)
      love.graphics.rectangle("fill", x, y, e.w, e.h)
      love.graphics.setColor(1, 1, 1, 1)
      love.graphics.print(("Day %d  ·  %d photos"):format(e.section, #days[e.section]), x + 12, y + 9)
    end
  end
  drawTime = love.timer.getTime() - started

  local st = grid:stats()
  local text = ("%d photos in %d days   frame %.1f ms (visible + draw %.2f ms)   %d elements\n"
    .. "views: %d created, %d live, %d pooled, %d reused   focus day %d photo %d")
    :format(#photos, DAYS, frameTime * 1000, drawTime * 1000, #elements,
            st.created, st.live, st.pooled, st.reused, focus[1], focus[2])
  local font = love.graphics.getFont()
  hud.w = font:getWidth(text:match("^[^\n]*")) + 16
  hud.h = 2 * font:getHeight() + 12
  hud.y = love.graphics.getHeight() - hud.h - 8
  love.graphics.setColor(0, 0, 0, 0.75)
  love.graphics.rectangle("fill", hud.x, hud.y, hud.w, hud.h)
  love.graphics.setColor(1, 1, 1, 1)
  love.graphics.print(text, hud.x + 8, hud.y + 6)

  if not testDir then return end
  if not quitting and not grid:animating() and not grid:dragging() then
    local command = table.remove(pending, 1)
    if command == "quit" then
      -- The PNG is this frame's, captured after it is presented; the dump is the same elements.
      quitting = true
      dump("final", elements)
      love.graphics.captureScreenshot(function(image)
        local file = assert(io.open(testDir .. "/final.png", "wb"))
        file:write(image:encode("png"):getString())
        file:close()
        love.event.quit(0)
      end)
    elseif command and command:match("^dump %w+$") then
      dump(command:match("^dump (%w+)$"), elements)
    elseif command then
      error("test mode: unknown command '" .. command .. "'")
    end
  end
end
