-- Self-sizing cells: a chat of 10,000 messages whose heights are known only once a message is
-- drawn (its text wrapped to the width). The grid starts from an estimate (estimatedSize): a
-- reload asks only the first screen's sizes, and the data source answers the estimate. The view
-- callback "draws" its message — wraps its words, 32 characters a line, 18 points a line — and
-- tells the grid the real height with grid:measure. A message that grows above the viewport
-- moves the offset with it, so that what shows does not jump.
local gl = require "gridlayout"

local count = 10000
local function words(i) return 3 + (i * 7919) % 40 end
local function height(i)                       -- what drawing the message finds
  local lines = math.ceil(words(i) * 6 / 32)   -- 5 letters and a space a word
  return 16 + lines * 18
end

local asked, drawn = 0, 0
local grid = gl.new{ width = 320, height = 480, spacing = 8, padding = 8, overscan = 40,
                     estimatedSize = { w = 304, h = 60 } }
grid.dataSource = {
  count = function(s) return count end,
  size  = function(s, i) asked = asked + 1; return 304, 60 end,   -- not drawn yet: the estimate
  view  = function(s, i)
    drawn = drawn + 1
    grid:measure(s, i, 304, height(i))
    return grid:dequeue() or {}
  end,
}

-- The first visible message and where it is on screen.
local function first()
  local e = grid:visible()[1]
  local _, y = grid:offset()
  return e.item, e.y - y
end

local function report(what)
  local _, y = grid:offset()
  local _, h = grid:contentSize()
  local item, at = first()
  print(string.format("%-26s offset %8.1f  content %9.1f  first #%d at %5.1f  sizes asked %d, drawn %d",
                      what, y, h, item, at, asked, drawn))
end

grid:reload()
report("reload")
for _ = 1, 3 do
  grid:scrollBy(0, 480)
  report("scroll down a screen")
end

-- Jump to the middle: only the sizes up to it are asked (at the estimate); only what shows is drawn.
grid:scrollToItem(1, 5000)
report("scrollToItem 5000")

-- Messages above the viewport learn their size (as a prefetch would): the first visible message
-- stays where it is on screen, the offset moves instead.
local item, at = first()
local batch = {}
for i = 4995, 4999 do batch[#batch + 1] = { 1, i, 304, height(i) } end
grid:measure(batch)
local _, y = grid:offset()
local _, fy = grid:frame(1, item)
print(string.format("measured #4995-#4999: #%d still at %5.1f on screen (was %5.1f)", item, fy - y, at))

-- Scrolling up draws the messages that come into view; those that start above the viewport move
-- the offset by their change, so the scroll goes on from what the user sees.
for _ = 1, 3 do
  local _, before = grid:offset()
  grid:scrollBy(0, -200)
  local _, after = grid:offset()
  print(string.format("  scrolled up 200: offset %8.1f -> %8.1f (%+.1f from the messages drawn above)",
                      before, after, after - (before - 200)))
end
report("after scrolling up")
grid:scrollTo(0, math.huge)
report("the end")
return grid
