-- A chat: messages under the day they were sent (a section per day, its date as a sticky
-- header), the newest at the bottom. It opens at the end (startAt = "end") and sticks there as
-- messages arrive (followEnd); scrolled up, nothing moves when a message arrives below or an
-- older day is loaded above (anchor = "item", the default); a refresh from the server is one
-- grid:apply of the messages' ids: the edited, deleted and late messages in one diffed batch
-- (every change here is an apply, so the grid always holds the ids to diff against).
-- In the browser view (gridrepl --serve scripts/chat.lua) a bot posts a message every two
-- seconds from the delegate's tick.
local gl = require "gridlayout"

local WIDTH = 344                                  -- a message's width: the viewport less padding
local nextId = 1
local days = {}                                    -- days[d] = { date = "Dec 3", messages = {...} }

local function message(words)
  local m = { id = nextId, words = words }
  nextId = nextId + 1
  return m
end
-- A message's height once its words wrap: 8 letters and a space a word, 40 letters a line.
local function height(m) return 16 + math.ceil(m.words * 9 / 40) * 18 end

local function day(date, count, seed)
  local d = { date = date, messages = {} }
  for k = 1, count do d.messages[k] = message(2 + (seed * 31 + k * 17) % 23) end
  return d
end
for k, date in ipairs{ "Dec 5", "Dec 6", "Dec 7" } do days[k] = day(date, 12, k) end

-- Every section's ids, in order: what grid:apply takes.
local function snapshot()
  local s = {}
  for d, dd in ipairs(days) do
    s[d] = {}
    for k, m in ipairs(dd.messages) do s[d][k] = m.id end
  end
  return s
end

local grid = gl.new{ width = 360, height = 480, padding = 8, spacing = 6, stickyHeaders = true,
                     followEnd = true, startAt = "end", animationDuration = 0.25 }
grid.dataSource = {
  sections = function() return #days end,
  count    = function(s) return #days[s].messages end,
  size     = function(s, i) return WIDTH, height(days[s].messages[i]) end,
  header   = function(s) return WIDTH, 24 end,
  style    = function(s, i)
    local m = days[s].messages[i]
    return { label = ("#%d (%d words)"):format(m.id, m.words), fill = m.mine and "#d7f5d0" or "#e8eef8" }
  end,
}

-- Posts a message at the end of the last day: the data first, then one apply of every id, which
-- finds the new one (the grid keeps the ids it was given, so each apply is a diff).
local function post(words, mine)
  local today = days[#days].messages
  local m = message(words)
  m.mine = mine
  today[#today + 1] = m
  grid:apply(snapshot())
  return m
end

local function label(e)
  if e.kind == "header" then return "header " .. days[e.section].date end
  return "#" .. days[e.section].messages[e.item].id
end
-- Where the view is: the offset, the content, the first and last element shown and where the
-- first is on screen (what must not move).
local function report(what)
  local _, y = grid:offset()
  local _, h = grid:contentSize()
  local shown, first = grid:visible(), nil
  for _, e in ipairs(shown) do if not e.pinned then first = e; break end end
  print(("%-34s offset %7.1f of %7.1f  first %-6s at %6.1f  last %s"):format(
    what, y, h - 480, label(first), first.y - y, label(shown[#shown])))
end

grid:reload()
grid:apply(snapshot())                             -- the grid now knows the messages' ids
report("opened")
for k = 1, 3 do post(4 + k * 3, k == 2) end
grid:step(1)
report("3 messages arrive: at the end")
grid:scrollBy(0, -700)
report("scrolled up to read")
post(12)
grid:step(1)
report("a message arrives below: still")

-- Two older days come from the server: prepended, with every id the same, in one apply.
table.insert(days, 1, day("Dec 4", 9, 4))
table.insert(days, 1, day("Dec 3", 5, 5))
local diff = grid:apply(snapshot())
grid:step(1)
print(("older days loaded: %d inserted, %d moved (to later sections), %d removed"):format(
  #diff.inserted, #diff.moved, #diff.removed))
report("  and the view is still")

-- A refresh: one message edited (longer), one deleted, one that arrived late, in one batch.
local dec6 = days[4].messages
dec6[3].words = dec6[3].words + 30
table.remove(dec6, 5)
table.insert(dec6, 8, message(6))
diff = grid:apply(snapshot())
grid:step(1)
print(("refresh: removed %s, inserted %s, moved %d"):format(
  diff.removed[1][1] .. "." .. diff.removed[1][2], diff.inserted[1][1] .. "." .. diff.inserted[1][2], #diff.moved))
report("  and the view is still")

grid:scrollTo(0, math.huge)
post(9, true)
grid:step(1)
report("at the end again, one more")

-- The browser view calls tick every frame: a bot posts a message every two seconds, 50 at most.
-- The view lays the grid out again when it opens, and a reload forgets the ids apply held, so the
-- bot posts with grid:insert: it animates, and one asked for while another runs waits its turn,
-- the data source's insert adding the message when that turn comes.
local clock, posted, pending = 0, 0, {}
grid.dataSource.insert = function(s, i) table.insert(days[s].messages, i, table.remove(pending, 1)) end
grid.delegate = {
  tick = function(dt)
    clock = clock + dt
    if clock >= 2 and posted < 50 then
      clock = clock - 2
      posted = posted + 1
      pending[#pending + 1] = message(3 + posted * 7 % 20)
      grid:insert(#days, #days[#days].messages + #pending)
    end
  end,
}
return grid
