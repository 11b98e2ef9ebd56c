/// Lua source of `style_of(g, e)`, which the live view's and the browser view's helper chunks
/// share: the data source's `style` answer (a table) for the visible item `e`, asked with the
/// item's index path in the data — during a drag the preview shows the dragged item (data fs.fi)
/// in slot ts.ti and the others shifted around it, as `draw()` and `svg()` ask. Nil when the data
/// source has no `style`, or it fails or answers something else (the pictures name such errors;
/// a view keeps the default label).
let styleOfLuaSource = """
local function style_of(g, e)
  local ok, style = pcall(function() return g.dataSource.style end)
  if not ok or type(style) ~= "function" then return nil end
  local s, i = e.section, e.item
  local fs, fi, ts, ti = g:dragging()
  if fs and s == ts and i == ti then
    s, i = fs, fi
  elseif fs then
    if s == ts and i > ti then i = i - 1 end
    if s == fs and i >= fi then i = i + 1 end
  end
  local answered, answer = pcall(style, s, i)
  if answered and type(answer) == "table" then return answer end
  return nil
end
"""
