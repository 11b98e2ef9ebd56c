import CLua
import Testing
#if canImport(Glibc)
import Glibc
#endif
@testable import GridScript
import GridLayout

/// A `lua_Alloc` with a byte cap, for running the module with Lua out of memory at every point.
final class CappedAllocator {
    var live = 0
    /// The most bytes Lua may hold (Int.max: no cap).
    var cap = Int.max

    static let allocate: lua_Alloc = { ud, ptr, osize, nsize in
        let me = Unmanaged<CappedAllocator>.fromOpaque(ud!).takeUnretainedValue()
        let old = ptr == nil ? 0 : osize
        if nsize == 0 {
            free(ptr)
            me.live -= old
            return nil
        }
        if nsize > old && me.live - old + nsize > me.cap { return nil }
        guard let block = realloc(ptr, nsize) else { return nil }
        me.live += nsize - old
        return block
    }
}

/// Issue 15: Lua errors never cross Swift frames (a memory error anywhere leaves the grid usable),
/// re-entrant callbacks lose no view, and messages read the Lua way.
@Suite struct LuaRobustnessTests {
    /// Every method of the API surface, driven by callbacks that make and format errors.
    static let surface = """
        g = gl.new{width = 100, height = 100, layout = "lanes", lanes = 2, overscan = 0}
        local n = 30
        g.dataSource = {
          count = function(s) return n end,
          insert = function() n = n + 1 end,
          remove = function() n = n - 1 end,
          size = function(s, i) return 40, 30 end,
          header = function(s) return 100, 10 end,
          view = function(s, i) return g:dequeue() or {s, i} end,
          headerView = function(s) return {s} end,
          willQueue = function(v) end,
        }
        g:reload()
        g:scrollTo(0, 50)
        g:scrollBy(0, 200)
        g:scrollToItem(1, 20, "center")
        local n = #g:visible() + #g:elements(0, 0, 100, 400)
        g:frame(1, 3); g:headerFrame(1); g:loaderFrame(); g:contentSize(); g:offset(); g:stats()
        g:indexPathAt(10, 10); g:page(); g:pageCount(); g:sectionCount(); g:itemCount(1)
        g:resize(120, 100)
        g:draw{cols = 40, rows = 20, text = true}
        tostring(g); local _ = g.lanes, g.padding, g.viewport, g.dataSource, g.layout
        g.spacing = 2
        g:insert(1, 1, true); g:step(1); g:remove(1, 2, false); g:move(1, 1, 1, 3, false)
        g:reloadNew(); g:reloadSection(1)
        g.sort = true
        if g:beginDrag(10, 10) then g:dragTo(10, 60); g:endDrag() end
        bad = gl.new{width = 100, height = 100}
        bad.dataSource = {count = function() return {} end, size = function() return 1, 1 end}
        pcall(bad.reload, bad)
        bad.dataSource = {count = function() return 5 end, size = function() error(setmetatable({}, {__tostring = function() return "boom" end})) end}
        pcall(bad.reload, bad)
        bad.dataSource = {count = function() return 5 end, size = function() return 1.5, "x" end}
        pcall(bad.reload, bad)
        -- Lua's memory runs out right where the module makes a message or a result.
        bad.dataSource = {count = function() if starvePoint == 1 then starve() end return 1.5 end, size = function() return 1, 1 end}
        pcall(bad.reload, bad)
        bad.dataSource = {count = function() return 2 end, size = function() if starvePoint == 2 then starve() end error("boom") end}
        pcall(bad.reload, bad)
        bad.dataSource = {count = function() return 2 end, size = function() return 10, 10 end,
                          view = function(s, i) if starvePoint == 3 then starve() end return {s, i} end}
        pcall(bad.reload, bad)
        bad.dataSource = {count = function() return 2 end, size = function() if starvePoint == 4 then starve() end return 1, "x" end}
        pcall(bad.reload, bad)
        gl.new{width = 1}
        """

    /// `starve()`: from now on every allocation of Lua fails (until the test lifts the cap).
    static let starve: lua_CFunction = { L in
        var ud: UnsafeMutableRawPointer?
        _ = lua_getallocf(L, &ud)
        let allocator = Unmanaged<CappedAllocator>.fromOpaque(ud!).takeUnretainedValue()
        allocator.cap = 0  // even what a collection would free: no allocation may grow
        return 0
    }

    @Test func theWholeSurfaceUnderManyMemoryCapsLeavesEveryGridUsable() {
        let allocator = CappedAllocator()
        let lua = LuaHarness()
        lua_setallocf(lua.L, CappedAllocator.allocate, Unmanaged.passUnretained(allocator).toOpaque())
        // The state's blocks so far were made by the same malloc: count them from Lua's own count.
        allocator.live = Int(Double(lua.run("return collectgarbage('count') * 1024")[0]) ?? 0)
        lua_pushcclosure(lua.L, Self.starve, 0)
        lua_setglobal(lua.L, "starve")
        lua.run("""
            outer = gl.new{width = 100, height = 100}
            outer.dataSource = {count = function() return 10 end, size = function() return 10, 10 end,
                                view = function(s, i) return {s, i} end}
            outer:reload()
            function surface() \(Self.surface) end
            """)
        lua.run("""
            function underTheCap()
              outer.dataSource.size = function() surface() return 10, 10 end
              outer:reload()
            end
            """)
        for (n, extra) in stride(from: 0, to: 120_000, by: 1_500).enumerated() {
            lua.run("collectgarbage(); starvePoint = \(n % 5)")
            allocator.cap = allocator.live + extra
            // Called without loading a chunk (which would need memory too): whatever fails under
            // the cap, a script error or a memory error, ends in this pcall and nowhere else.
            lua_getglobal(lua.L, "underTheCap")
            _ = lua_pcall(lua.L, 0, 0, 0)
            lua_settop(lua.L, 0)
            allocator.cap = Int.max
            // Whatever failed, nothing is left "inside a data source callback", and both work.
            check(lua, extra, """
                starvePoint = 0
                outer.dataSource.size = function() return 10, 10 end
                local good = {count = function() return 4 end, size = function() return 10, 10 end,
                              insert = function() end, view = function() return {} end}
                for _, grid in ipairs{outer, g or outer, bad or outer} do
                  grid.dataSource = grid == outer and outer.dataSource or good
                  grid:reload(); grid:scrollTo(0, 20); grid:step(1); grid:resize(100, 100); grid:reload()
                end
                surface()
                """)
        }
        #expect(lua.run("return outer:itemCount(1), outer:stats().live") == ["10", "10"])
    }

    private func check(_ lua: LuaHarness, _ extra: Int, _ code: String, sourceLocation: SourceLocation = #_sourceLocation) {
        if case .failure(let error) = lua.attempt(code) {
            Issue.record("cap +\(extra): \(error.message)", sourceLocation: sourceLocation)
        }
    }

    /// A view, willQueue or headerView callback that moves its own grid: every view made is live
    /// (attached to a loaded item) or pooled, and live counts the loaded items.
    @Test(arguments: [
        "g:scrollBy(0, 35)",
        "g:resize(100, 60)",
        "g:insert(1, 1, false)",
        "count = 3; g:reload()",
        "g:scrollTo(0, 10000)",
    ])
    func reentrantCallbacksLoseNoView(action: String) {
        for callback in ["view", "willQueue", "headerView"] {
            let lua = LuaHarness()
            lua.run("""
                count = 40
                local busy = false
                g = gl.new{width = 100, height = 100, lanes = 2, overscan = 0}
                local function act() if not busy then busy = true; \(action) end end
                g.dataSource = {
                  count = function() return count end,
                  size = function() return 40, 20 end,
                  header = function() return 100, 10 end,
                  insert = function() count = count + 1 end,
                  view = function(s, i) if "\(callback)" == "view" then act() end return {s, i} end,
                  headerView = function(s) if "\(callback)" == "headerView" then act() end return {s} end,
                  willQueue = function(v) if "\(callback)" == "willQueue" then act() end end,
                }
                g:reload()
                g:scrollBy(0, 50)
                g:scrollBy(0, -50)
                """)
            let values = lua.run("""
                local items = 0
                for _, e in ipairs(g:visible()) do if e.kind == "item" then items = items + 1 end end
                local s = g:stats()
                return items, s.live, s.created, s.pooled
                """).compactMap { Int($0) }
            #expect(values.count == 4)
            guard values.count == 4 else { continue }
            #expect(values[1] == values[0], "\(callback) doing \(action): live \(values[1]), loaded items \(values[0])")
            #expect(values[2] == values[1] + values[3], "\(callback) doing \(action): created \(values[2]) = live \(values[1]) + pooled \(values[3])")
        }
    }

    /// Fault 14: a `view` callback that never dequeues; the pool keeps `maxPooledViews` views and
    /// releases the rest (their references into the grid's views table go, so Lua collects them).
    @Test func thePoolIsBoundedAndReleasesWhatFallsOut() {
        let lua = LuaHarness()
        let values = lua.run("""
            local made = setmetatable({}, {__mode = "k"})
            g = gl.new{width = 100, height = 100, lanes = 1, maxPooledViews = 5}
            g.dataSource = {
              count = function() return 1000 end,
              size = function() return 100, 10 end,
              sameSize = function() return true end,
              view = function(s, i) local v = {s, i}; made[v] = true; return v end,
            }
            g:reload()
            for k = 1, 200 do g:scrollTo(0, (k % 50) * 100) end
            collectgarbage(); collectgarbage()
            local alive = 0
            for _ in pairs(made) do alive = alive + 1 end
            local s = g:stats()
            return s.pooled, s.live, s.created, alive
            """).compactMap { Int($0) }
        #expect(values.count == 4)
        guard values.count == 4 else { return }
        #expect(values[0] == 5)
        #expect(values[2] > 1000)
        #expect(values[3] == values[0] + values[1], "only the live and pooled views stay reachable")
    }

    @Test func viewAndDelegateErrorsNameTheIndexPath() {
        let lua = LuaHarness()
        let message = lua.error("""
            local g = gl.new{width = 100, height = 100}
            g.dataSource = {count = function() return 3 end, size = function() return 10, 10 end,
                            view = function(s, i) if i == 2 then error("boom", 0) end return {} end,
                            header = function() return 10, 10 end, headerView = function() error("bad header", 0) end}
            g:reload()
            """)
        #expect(message.hasPrefix("test:5: callback 'headerView' failed for header of section 1: bad header\nstack traceback:"))
        let view = lua.error("""
            local g = gl.new{width = 100, height = 100}
            g.dataSource = {count = function() return 3 end, size = function() return 10, 10 end,
                            view = function(s, i) if i == 2 then error("boom", 0) end return {} end}
            g:reload()
            """)
        #expect(view.hasPrefix("test:4: callback 'view' failed for item (section 1, item 2): boom\nstack traceback:"))
        let delegate = lua.error("""
            local g = gl.new{width = 100, height = 100}
            local n = 3
            g.dataSource = {count = function() return n end, size = function() return 10, 10 end,
                            insert = function() n = n + 1 end}
            g.delegate = {didInsert = function() error("no", 0) end}
            g:reload()
            g:insert(1, 2, false)
            """)
        #expect(delegate.hasPrefix("test:7: callback 'didInsert' failed for item (section 1, item 2): no\nstack traceback:"))
    }

    @Test func errorObjectsWithTostringUseIt() {
        let lua = LuaHarness()
        let message = lua.error("""
            local g = gl.new{width = 100, height = 100}
            local E = setmetatable({}, {__tostring = function() return "my error" end})
            g.dataSource = {count = function() error(E) end, size = function() return 10, 10 end}
            g:reload()
            """)
        #expect(message.hasPrefix("test:4: data source 'count' failed for section 1: my error\nstack traceback:"))
        // Without __tostring: the type, as before.
        let plain = lua.error("""
            local g = gl.new{width = 100, height = 100}
            g.dataSource = {count = function() error({}) end, size = function() return 10, 10 end}
            g:reload()
            """)
        #expect(plain.hasPrefix("test:3: data source 'count' failed for section 1: (error object is a table value)\nstack traceback:"))
    }

    @Test func nestedFailuresAreBounded() {
        let lua = LuaHarness()
        // Each level's grid reloads the next from its size callback; the innermost fails.
        let message = lua.error("""
            local grids = {}
            for k = 1, 60 do
              local g = gl.new{width = 100, height = 100}
              g.dataSource = {count = function() return 1 end, size = function()
                if k == 60 then error("innermost " .. string.rep("x", 400), 0) end
                grids[k + 1]:reload() return 10, 10 end}
              grids[k] = g
            end
            grids[1]:reload()
            """)
        #expect(message.utf8.count <= maxMessageBytes + 200)
        #expect(message.hasPrefix("test:9: data source 'size' failed for item (section 1, item 1): "))
        #expect(message.contains("innermost xxxx"))
        #expect(message.contains(" bytes of outer messages and tracebacks left out …]\n"))
    }

    @Test func theStoredFramesLimitCountsSectionsFromOne() {
        let lua = LuaHarness()
        let message = lua.error("""
            local g = gl.new{width = 100, height = 100, layout = "justified"}
            g.dataSource = {sections = function() return 2 end, count = function(s) return s == 2 and 100000001 or 0 end,
                            size = function() return 10, 10 end, sameSize = function() return true end}
            g:reload()
            """)
        #expect(message == "test:4: section 2: its items make 100000001 stored frames, past the limit of 100000000 (same-size lanes, flow and waterfall store none)")
    }
}

/// `ElementQuery` lists a large rectangle strip by strip: the same elements, in the same order,
/// as the engine's one query.
@Suite struct ElementQueryTests {
    @Test(arguments: [LayoutKind.lanes, .waterfall, .flow, .justified], [ScrollDirection.vertical, .horizontal])
    func stripsGiveTheEnginesAnswer(layout: LayoutKind, direction: ScrollDirection) throws {
        var seed: UInt64 = 0x9E37_79B9_7F4A_7C15 &* UInt64(layout.hashValue & 0xFFFF | 1)
        func next(_ n: Int) -> Int {
            seed = seed &* 6364136223846793005 &+ 1442695040888963407
            return Int((seed >> 33) % UInt64(n))
        }
        for _ in 0..<20 {
            var sections: [ArrayDataSource.Section] = []
            for _ in 0..<(1 + next(4)) {
                let sizes = (0..<next(400)).map { _ in Size(width: Double(1 + next(60)), height: Double(1 + next(60))) }
                sections.append(.init(sizes: sizes, header: next(2) == 0 ? Size(width: 10, height: Double(next(30))) : nil))
            }
            var configuration = GridConfiguration()
            configuration.layout = layout
            configuration.direction = direction
            configuration.viewport = Size(width: 120, height: 90)
            configuration.spacing = Double(next(5))
            let grid = Grid(configuration: configuration, dataSource: ArrayDataSource(sections: sections, showLoader: next(2) == 0))
            try grid.reload()
            let content = grid.contentSize
            for _ in 0..<10 {
                let x = Double(next(Int(content.width) + 200)) - 100, y = Double(next(Int(content.height) + 200)) - 100
                let rect = Rect(x: x, y: y, width: Double(next(Int(content.width) + 300)), height: Double(next(Int(content.height) + 300)))
                #expect(try LuaPictures.elements(of: grid, in: rect) == grid.elements(in: rect))
            }
            let everything = Rect(x: -1e6, y: -1e6, width: 3e6, height: 3e6)
            #expect(try LuaPictures.elements(of: grid, in: everything) == grid.elements(in: everything))
        }
    }
}
