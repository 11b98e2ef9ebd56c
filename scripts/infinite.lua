-- An endless feed: while more is coming the loader follows the last item; when it scrolls into
-- view the data source's loadMore() appends a page of posts and calls reloadNew(), which lays out
-- only the new items. Views are recycled: only those near the viewport exist.
local gl = require "gridlayout"

local posts, pages, maxPages = 0, 0, 4
local grid = gl.new{ layout = "waterfall", columns = 2, spacing = 8, padding = 8,
                     width = 320, height = 480, overscan = 100 }
grid.dataSource = {
  count      = function(section) return posts end,
  size       = function(section, item) return 100, 60 + (item * 37) % 90 end,
  showLoader = function() return pages < maxPages end,
  view       = function(section, item) return grid:dequeue() or { created = true } end,
  loadMore   = function()
    pages = pages + 1
    posts = posts + 20
    print(string.format("  loadMore: page %d, now %d posts", pages, posts))
    grid:reloadNew()
  end,
}
grid.delegate = {
  loaderShown  = function() print("  loader shown") end,
  loaderHidden = function() print("  loader hidden") end,
}

print("reload with no posts yet")
grid:reload()
for step = 1, 12 do
  grid:scrollBy(0, 400)
  local _, y = grid:offset()
  local _, h = grid:contentSize()
  local s = grid:stats()
  print(string.format("scrolled to %g of %g: %d visible, views created %d, reused %d, live %d",
                      y, h, #grid:visible(), s.created, s.reused, s.live))
end
print("loader frame", grid:loaderFrame())
grid:draw()

-- The grid, for `dofile`, `gridrepl -i` (as `grid`) and `gridrepl --view`.
return grid
