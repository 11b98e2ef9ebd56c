#if canImport(Glibc)
import Glibc
#endif
import CLua
import GridScript

/// The Lua API target: the bytes become a Lua chunk that configures a grid (good and bad option
/// values), gives it a data source whose callbacks return good values, wrong types, nothing, raise,
/// call back into the grid, or lie (answers that change from call to call), then makes a random sequence of method calls with random arguments,
/// each under `pcall`. Nothing may crash or hang; then, with a plain data source, a reload must
/// work and `visible()` must equal `elements()` over the viewport.
func runLuaFuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) {
    guard let data, size > 0 else { return }
    var r = ByteReader(bytes: UnsafeBufferPointer(start: data, count: size))
    let chunk = luaFuzzChunk(&r)
    if getenv("GRIDFUZZ_VERBOSE") != nil { debugLog(chunk) }
    guard let L = luaL_newstate() else { fatalError("gridfuzz: no Lua state") }
    defer { lua_close(L) }
    luaL_openlibs(L)
    GridScript.preload(L)
    guard luaL_loadbuffer(L, chunk, chunk.utf8.count, "=fuzz") == LUA_OK else {
        fatalError("gridfuzz: \(currentInput): the generated chunk does not compile: \(String(cString: lua_tolstring(L, -1, nil)))\n\(chunk)")
    }
    if lua_pcall(L, 0, 0, 0) != LUA_OK {
        fatalError("gridfuzz: \(currentInput): Lua API check failed: \(String(cString: lua_tolstring(L, -1, nil)))\n\(chunk)")
    }
}

/// Lua values for arguments and callback results: `V[k]` (V[16] is nil).
private let values = """
    local gl = require "gridlayout"
    local V = { 0, 1, 2, 3, -1, 0.5, 1/0, -1/0, 0/0, 1e300, 2^53, "2", "x", true, false, nil,
                {}, { 1, 2 }, function() end, math.maxinteger, math.mininteger, 1e-320, 40, 100, 7,
                1e-300, 2^32 - 1, 1/1024, 1024, 1e-9 }
    local function val(k) return V[k] end
    -- The invariant after every call: the content and every visible frame finite, the content
    -- within the largest extent (2^40).
    local function chk(g)
      local ok, w, h = pcall(g.contentSize, g)
      if not ok then return end
      assert(w == w and h == h and w <= 2^40 and h <= 2^40, "content " .. tostring(w) .. " x " .. tostring(h))
      local ok2, vis = pcall(g.visible, g)
      if not ok2 then return end
      for _, e in ipairs(vis) do
        for _, v in ipairs{ e.x, e.y, e.w, e.h } do
          assert(v == v and v > -1/0 and v < 1/0, "a visible frame is not finite: " .. tostring(v))
        end
      end
    end

    """

private func luaFuzzChunk(_ r: inout ByteReader) -> String {
    func value() -> String { "val(\(Int(r.u8()) % 30 + 1))" }
    func small() -> String { r.bool() ? String(Int(r.u8() % 6)) : value() }
    var lua = values
    // Options: mostly sensible, sometimes anything.
    let options = ["layout", "direction", "width", "height", "padding", "spacing", "lanes", "columns", "order",
                   "rowHeight", "tolerance", "widow", "loaderSize", "stickyHeaders", "paging", "pagingInverseOrder",
                   "overscan", "animationDuration", "sort", "dragHysteresis", "autoScrollMargin", "autoScrollSpeed",
                   "inset", "lineSpacing", "itemSpacing", "rtl", "scale", "estimatedSize", "rows",
                   "justify", "alignItems"]
    lua += "local ok, g = pcall(gl.new, { sort = true, animationDuration = 0.125 })\nassert(ok, g)\n"
    for _ in 0..<Int(r.u8() % 6) {
        let name = options[Int(r.u8()) % options.count]
        let v: String
        switch r.u8() % 4 {
        case 0: v = ["'lanes'", "'waterfall'", "'flow'", "'justified'", "'horizontal'", "'vertical'", "'rtl'", "'center'", "'optimal'",
                     "'spaceBetween'", "'end'"][Int(r.u8() % 11)]
        case 1: v = "{ \(small()), \(small()) }"
        default: v = value()
        }
        lua += "pcall(function() g.\(name) = \(v) end)\n"
    }
    // The data source: each callback absent, well-behaved, returning random values, raising, or
    // re-entering the grid.
    lua += """
        local counts = { \(Int(r.u8() % 30)), \(Int(r.u8() % 30)), \(Int(r.u8() % 30)) }
        local nsections = \(Int(r.u8() % 4))
        local ds = {}

        """
    let good: [String: String] = [
        "sections": "function() return nsections end",
        "count": "function(s) return counts[s] or 0 end",
        "size": "function(s, i) return 20 + (i % 5) * 10, 30 + (i % 3) * 15 end",
        "sizes": "function(s) local t = {} for i = 1, counts[s] or 0 do t[#t + 1] = 30; t[#t + 1] = 20 + i % 4 end return t end",
        "header": "function(s) return 50, 20 end",
        "showLoader": "function() return true end",
        "sameSize": "function() return false end",
        "lanes": "function(s) return s end",
        "insert": "function(s, i) counts[s] = (counts[s] or 0) + 1 end",
        "remove": "function(s, i) counts[s] = (counts[s] or 1) - 1 end",
        "move": "function(s, i, j, t) counts[s] = counts[s] - 1; counts[t or s] = counts[t or s] + 1 end",
        "canMove": "function(s, i) return i % 3 ~= 0 end",
        "canMoveToSection": "function(a, b) return true end",
        "view": "function(s, i) return g:dequeue() or {} end",
        "willQueue": "function(v) end",
        "headerView": "function(s) return {} end",
        "loadMore": "function() end",
        "footer": "function(s) if s % 2 == 0 then return 0, 15 end end",
        "footerView": "function(s) return {} end",
        "span": "function(s, i) if i % 5 == 0 then return true elseif i % 7 == 0 then return 2 end end",
        "section": "function(s) if s == 2 then return { layout = 'waterfall', columns = 2, inset = 3 } elseif s == 3 then return { layout = 'justified', spacing = 2 } end end",
    ]
    // Lying callbacks: answers that change from one call to the next (within one reload, mutation
    // or drag), drawn round and round from `lies` (the input's bytes after the calls').
    let lying: [String: String] = [
        "sections": "function() return lie() % 5 == 0 and lie() % 4 or nsections end",
        "count": "function(s) local k = lie() % 6 return k == 0 and 0 or k == 1 and (counts[s] or 0) + 1 or k == 2 and math.max((counts[s] or 0) - 1, 0) or k == 3 and lie() % 9 or counts[s] or 0 end",
        "size": "function(s, i) local k = lie() % 6 if k == 0 then return 40, 1e-300 elseif k == 1 then return 1e-300, 40 elseif k == 2 then return 0, 0 elseif k == 3 then return 1e13 * lie(), 20 end return 20 + lie() % 30, 30 end",
        "sizes": "function(s) local t = {} for i = 1, (lie() % 3 == 0 and lie() % 9 or counts[s] or 0) do t[#t + 1] = lie() % 7 == 0 and 1e-300 or 30; t[#t + 1] = 20 + lie() % 4 end return t end",
        "header": "function(s) if lie() % 2 == 0 then return nil end return 50, lie() % 4 == 1 and 1e300 or 20 end",
        "showLoader": "function() return lie() % 2 == 0 end",
        "sameSize": "function() return lie() % 3 ~= 0 end",
        "lanes": "function(s) return lie() % 4 + 1 end",
        "insert": "function(s, i) if lie() % 3 ~= 0 then counts[s] = (counts[s] or 0) + 1 end end",
        "remove": "function(s, i) if lie() % 3 ~= 0 then counts[s] = (counts[s] or 1) - 1 end end",
        "move": "function(s, i, j, t) if lie() % 3 ~= 0 then counts[s] = (counts[s] or 1) - 1; counts[t or s] = (counts[t or s] or 0) + 1 end end",
        "canMove": "function(s, i) return lie() % 4 ~= 0 end",
        "canMoveToSection": "function(a, b) return lie() % 2 == 0 end",
        "footer": "function(s) if lie() % 2 == 0 then return nil end return 0, lie() % 4 == 1 and 1e300 or 15 end",
        "span": "function(s, i) local k = lie() % 5 if k == 0 then return true elseif k == 1 then return 0 elseif k == 2 then return 2 end end",
        "section": "function(s) local k = lie() % 4 if k == 0 then return { layout = 'flow' } elseif k == 1 then return { lanes = lie() % 3 } elseif k == 2 then return { bogus = 1 } end end",
    ]
    for name in good.keys.sorted() {
        switch r.u8() % 8 {
        case 0: continue
        case 1: lua += "ds.\(name) = function() return \(value()), \(value()) end\n"
        case 2: lua += "ds.\(name) = function() error('boom') end\n"
        case 3: lua += "ds.\(name) = function() g:reload(); g:step(1) end\n"
        case 4: lua += "ds.\(name) = \(value())\n"
        case 7 where lying[name] != nil: lua += "ds.\(name) = \(lying[name]!)\n"
        default: lua += "ds.\(name) = \(good[name]!)\n"
        }
    }
    lua += "pcall(function() g.dataSource = ds end)\npcall(g.reload, g)\n"
    // Calls.
    let methods = luaFuzzMethods
    for _ in 0..<Int(r.u8() % 24) where !r.atEnd {
        let (name, argc) = methods[Int(r.u8()) % methods.count]
        var args = (0..<argc).map { _ in small() }
        if name == "draw" { args = ["{ text = true, cols = \(small()), rows = \(small()) }"] }
        if name == "step" && r.bool() { args = ["0.0625"] }
        lua += "pcall(g.\(name), g\(args.map { ", " + $0 }.joined()))\nchk(g)\n"
    }
    // The lies: defined before the data source (the chunk is assembled below), read from the
    // bytes after the calls' (zeros when the input ends first: a liar that always says the same).
    let lies = (0..<16).map { _ in String(r.u8()) }.joined(separator: ", ")
    lua = lua.replacingFirst(of: "local ds = {}\n", with: """
        local ds = {}
        local lies, lieK, lieN = { \(lies) }, 0, 0
        -- After 256 lies it says 0 for good: a callback that reloads the grid from inside would
        -- otherwise reload forever, each reload different (as a script's own endless loop would).
        local function lie() lieN = lieN + 1 if lieN > 256 then return 0 end lieK = lieK % #lies + 1 return lies[lieK] end

        """)
    // Still usable: a plain data source lays out, and visible() agrees with elements().
    lua += """
        pcall(g.endDrag, g)
        g.dataSource = { count = function() return 12 end, size = function() return 30, 20 end }
        g.stickyHeaders = false
        local ok = pcall(g.reload, g)
        if ok then
          assert(not g:animating(), "animating after reload")
          local x, y = g:offset()
          local w, h = g.width, g.height
          local a, b = g:visible(), g:elements(x, y, w, h)
          assert(#a == #b, "visible " .. #a .. " vs elements " .. #b)
          for k = 1, #a do
            assert(a[k].kind == b[k].kind and a[k].item == b[k].item and a[k].x == b[k].x and a[k].y == b[k].y,
                   "visible and elements differ at " .. k)
          end
        end

        """
    return lua
}

extension String {
    /// This string with the first occurrence of `target` replaced (no Foundation).
    fileprivate func replacingFirst(of target: String, with replacement: String) -> String {
        guard let range = firstRange(of: target) else { return self }
        var copy = self
        copy.replaceSubrange(range, with: replacement)
        return copy
    }
}
