-- A photo timeline: 2,000 days, one section each, newest last, every day a waterfall of 3 columns
-- under a header with its date. Sizes are known only from the data source, and asking them is
-- the cost: the grid lays out from an estimate (estimatedSize), opens at the newest day
-- (startAt = "end") and jumps to a date (scrollToItem) without asking the sizes of the days in
-- between. A day before the viewport laid out late moves the offset by the difference between
-- its real height and its estimate, so that what shows stays still.
local gl = require "gridlayout"

local days = 2000
local function photos(day) return 1 + (day * 37) % 23 end          -- 1 to 23 photos a day
local function date(day)                                           -- day 1 is 2021-07-01
  local t = os.time{ year = 2021, month = 7, day = 1, hour = 12 } + (day - 1) * 86400
  return os.date("!%Y-%m-%d", t)
end

local asked, askedDays = 0, {}
local grid = gl.new{ layout = "waterfall", columns = 3, spacing = 4, width = 320, height = 480,
                     overscan = 60, estimatedSize = { w = 100, h = 100 }, startAt = "end" }
grid.dataSource = {
  sections = function() return days end,
  count = function(day) return photos(day) end,
  header = function(day) return 320, 28 end,
  size = function(day, i)                                          -- a photo's pixel size
    asked = asked + 1
    askedDays[day] = true
    return 1200, 800 + ((day * 131 + i * 71) % 9) * 100
  end,
}

local function report(what)
  local list = {}
  for day in pairs(askedDays) do list[#list + 1] = day end
  table.sort(list)
  askedDays = {}
  local _, y = grid:offset()
  local _, h = grid:contentSize()
  print(string.format("%s: offset %.1f of %.1f%s; sizes asked %d, days %s", what, y, h,
                      grid:estimated() and " (estimated)" or "", asked, table.concat(list, " ")))
  for _, e in ipairs(grid:visible()) do
    if e.kind == "header" then
      print(string.format("  %s  at %6.1f", date(e.section), e.y - y))
    end
  end
  local first, last = grid:visible()[1], grid:visible()[#grid:visible()]
  print(string.format("  from %s #%s to %s #%d", date(first.section), first.item or "header",
                      date(last.section), last.item))
end

grid:reload()
report("opened at the newest")

grid:scrollToItem(days // 2, 1)                  -- a jump to a date: that day alone
report("jump to " .. date(days // 2))

grid:scrollBy(0, -200)                           -- back into the day before: laid out whole
report("200 up")

grid:scrollToEnd()
report("back to the newest")

local total = 0
for day = 1, days do total = total + photos(day) end
print(string.format("%d photos in %d days; %d sizes asked", total, days, asked))
return grid
