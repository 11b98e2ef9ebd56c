import CLua
import LiveViewCore
#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// The view's Lua helpers: every grid call runs in Lua under `lua_pcall`; results come back as
/// plain tables and numbers that Swift reads raw. Each visible element comes labelled (GridScript's
/// `visible`, as `draw()` labels it: an item by its `style` label, asked with its index path in
/// the data, else its index path).
private let viewHelperSource = """
local visible = ...
local H = {}
function H.call(g, name, ...) return g[name](g, ...) end
local function ticks(g) local d = g.delegate; return type(d) == "table" and type(d.tick) == "function" end
function H.tick(g, dt) g.delegate.tick(dt) end
local directions = { "up", "down", "left", "right" }
function H.neighbor(g, s, i, d) return g:neighbor(s, i, directions[d]) end
function H.reveal(g, s, i) g:scrollToItem(s, i, "nearest") end
function H.zoomOptions(g)
  return g.layout, g.columns, g.lanes, g.rowHeight, g.minColumnWidth or 0, g.animationDuration
end
function H.zoom(g, option, value, duration) g:animateTo({ [option] = value }, duration) end
\(sidewaysHelperSource)
-- The section `[` and `]` scroll: the focused item's (fs > 0) when it scrolls sideways, else the
-- sideways section whose shown items come nearest the viewport's centre along the scroll axis
-- (the first in element order on a tie); nil when none is shown.
local function sidewaysSection(g, fs, list)
  if fs > 0 and sideways(g, fs) then return fs end
  local vertical = g.direction == "vertical"
  local ox, oy = g:offset()
  local centre = vertical and oy + g.height / 2 or ox + g.width / 2
  local best, nearest, known = nil, math.huge, {}
  for _, e in ipairs(list or g:visible()) do
    if e.kind == "item" then
      if known[e.section] == nil then known[e.section] = sideways(g, e.section) end
      if known[e.section] then
        local s0 = vertical and e.y or e.x
        local s1 = s0 + (vertical and e.h or e.w)
        local d = centre < s0 and s0 - centre or centre > s1 and centre - s1 or 0
        if d < nearest then best, nearest = e.section, d end
      end
    end
  end
  return best
end
-- Scrolls that section by `by` along the cross axis; when its sectionPaging snaps it back to
-- where it was, by twice that (a page snaps to the nearest multiple of its range, a tie to the
-- lower). Returns the section and its offset before and after, or nothing.
function H.scrollSideways(g, fs, by)
  local s = sidewaysSection(g, fs)
  if not s then return end
  local before = g:sectionOffset(s)
  g:scrollSection(s, before + by)
  if g:sectionOffset(s) == before then g:scrollSection(s, before + 2 * by) end
  return s, before, g:sectionOffset(s)
end
function H.read(g)
  local s = g:stats()
  local t = { visible = visible(g), created = s.created, reused = s.reused, width = g.width,
              height = g.height, vertical = g.direction == "vertical", paging = g.paging,
              sort = g.sort, page = g:page(), pages = g:pageCount(), animating = g:animating(),
              dragging = g:dragging() ~= nil, ticking = ticks(g) }
  t.ox, t.oy = g:offset()
  t.cw, t.ch = g:contentSize()
  t.estimated = g:estimated()
  t.sideways = sidewaysSection(g, 0, t.visible) ~= nil
  return t
end
return H
"""

private let viewHelpersKey = "gridrepl.view"

extension LiveView {
    /// Loads the helpers into the registry (once per state); an error message, or nil.
    func loadHelpers() -> String? {
        loadHelperTable(L, source: viewHelperSource, key: viewHelpersKey, chunkName: "=[gridrepl view]")
    }

    /// Calls helper `helper` with the grid and `arguments` (after `method`, for `call`), under
    /// `lua_pcall`, with gridrepl's limits (see `callGridHelper`). Leaves `results` values on the
    /// stack and returns nil, or returns the error's first line (leaving nothing).
    func protectedCall(_ helper: String, _ method: String?, _ arguments: [Double], results: Int32) -> String? {
        callGridHelper(L, helpers: viewHelpersKey, helper, grid: gridRef, method, arguments, results: results, nested: nested)?.message
    }

    /// `grid:method(arguments…)`, its results dropped; the error, or nil.
    func call(_ method: String, _ arguments: [Double] = []) -> String? {
        protectedCall("call", method, arguments, results: 0)
    }

    /// Reads what a frame shows: the status numbers and the visible elements (and, zoomed out,
    /// the elements around the viewport).
    func read() {
        let top = lua_gettop(L)
        defer { lua_settop(L, top) }
        if let error = protectedCall("read", nil, [], results: 1) {
            message = "cannot read the grid: \(error)"
            return
        }
        let t = lua_gettop(L)
        func number(_ key: String) -> Double {
            lua_getfield(L, t, key)
            defer { lua_settop(L, -2) }
            return lua_tonumberx(L, -1, nil)
        }
        func flag(_ key: String) -> Bool {
            lua_getfield(L, t, key)
            defer { lua_settop(L, -2) }
            return lua_toboolean(L, -1) != 0
        }
        status.offsetX = number("ox")
        status.offsetY = number("oy")
        status.contentWidth = number("cw")
        status.contentHeight = number("ch")
        status.estimated = flag("estimated")
        status.paging = flag("paging")
        status.page = Int(number("page"))
        status.pageCount = Int(number("pages"))
        status.viewsCreated = Int(number("created"))
        status.viewsReused = Int(number("reused"))
        status.sort = flag("sort")
        status.sideways = flag("sideways")
        status.zoom = zoom
        viewport = ViewRect(x: status.offsetX, y: status.offsetY, width: number("width"), height: number("height"))
        vertical = flag("vertical")
        animating = flag("animating")
        ticking = flag("ticking")
        let wasDragging = dragging
        dragging = flag("dragging")
        if dragging != wasDragging || !live { lastStep = 0 }
        lua_getfield(L, t, "visible")
        elements = readElements(lua_gettop(L), context: false)
        status.visibleCount = elements.count
        updateGeometry()
        if geometry.showsContext {
            let w = geometry.window
            if protectedCall("call", "elements", [w.x, w.y, w.width, w.height], results: 1) == nil {
                elements += ViewElement.context(readElements(lua_gettop(L), context: true), visible: elements, viewport: viewport)
            }
        }
    }

    /// The element tables of the array at `index`.
    private func readElements(_ index: Int32, context: Bool) -> [ViewElement] {
        guard lua_type(L, index) == LUA_TTABLE else { return [] }
        var result: [ViewElement] = []
        var n: lua_Integer = 1
        while lua_rawgeti(L, index, n) == LUA_TTABLE {
            let e = lua_gettop(L)
            func number(_ key: String) -> Double {
                lua_getfield(L, e, key)
                defer { lua_settop(L, -2) }
                return lua_type(L, -1) == LUA_TNUMBER ? lua_tonumberx(L, -1, nil) : 0
            }
            func flag(_ key: String) -> Bool {
                lua_getfield(L, e, key)
                defer { lua_settop(L, -2) }
                return lua_toboolean(L, -1) != 0
            }
            lua_getfield(L, e, "kind")
            let kind = lua_type(L, -1) == LUA_TSTRING ? ViewElement.Kind(rawValue: Runner.string(L, -1)) : nil
            lua_settop(L, -2)
            if let kind {
                let alpha = number("alpha")
                var element = ViewElement(kind: kind, section: Int(number("section")), item: Int(number("item")),
                                          frame: ViewRect(x: number("x"), y: number("y"), width: number("w"), height: number("h")),
                                          alpha: alpha, pinned: flag("pinned"), dragged: flag("dragged"), context: context)
                if kind == .item, let focus, focus == (element.section, element.item) { element.focused = true }
                if lua_getfield(L, e, "label") == LUA_TSTRING { element.title = Runner.string(L, -1) }
                lua_settop(L, -2)
                result.append(element)
            }
            lua_settop(L, e - 1)
            n += 1
        }
        lua_settop(L, -2)  // the value that ended the array
        return result
    }
}
