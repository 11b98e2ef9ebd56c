import Testing
@testable import GridScript

/// The viewport from Lua: scrollToItem, resize, paging, view reuse (view/dequeue/willQueue/stats),
/// loader and page events, pinned headers in visible(), and the viewport options.
@Suite struct LuaViewportTests {
    // MARK: - View reuse over a long scroll

    /// 10,000 items 100×100 in 3 lanes, viewport 300×300, overscan 50: row r at 100r; 3334 rows
    /// (the last holds one item); content 333,400; max offset 333,100. At an offset 100k the loaded
    /// area (100k − 50 … 100k + 350) holds rows k−1 … k+3: 15 items (12 at offset 0).
    static let longGrid = """
        grid = gl.new{ width = 300, height = 300, lanes = 3, overscan = 50 }
        serial = 0
        queued = 0
        grid.dataSource = {
          count = function() return 10000 end,
          size = function() return 100, 100 end,
          sameSize = function() return true end,
          view = function(s, i)
            local v = grid:dequeue()
            if not v then serial = serial + 1; v = { serial = serial } end
            v.item = i
            return v
          end,
          willQueue = function(v) queued = queued + 1 end,
        }
        function loadedItems()
          local _, y = grid:offset()
          local n = 0
          for _, e in ipairs(grid:elements(0, y - 50, 300, 400)) do
            if e.kind == "item" then n = n + 1 end
          end
          return n
        end
        function statline()
          local s = grid:stats()
          return table.concat({s.created, s.reused, s.live, s.pooled}, " ")
        end
        grid:reload()
        """

    /// `step(k)` moves the grid one third of the viewport forward (k is the step's number).
    func longScroll(step: String) -> [String] {
        let lua = LuaHarness()
        lua.eval(Self.longGrid)
        return lua.eval("""
            \(step)
            local lines = { statline() }
            step(1); lines[#lines + 1] = statline()
            step(2); lines[#lines + 1] = statline()
            local maxCreated, mismatches = 0, 0
            for k = 3, 3400 do
              step(k)
              local s = grid:stats()
              if s.created > maxCreated then maxCreated = s.created end
              if s.live ~= loadedItems() then mismatches = mismatches + 1 end
            end
            local x, y = grid:offset()
            lines[#lines + 1] = statline()
            return table.concat(lines, " | "), maxCreated, mismatches, serial, queued, y
            """)
    }

    @Test func longScrollByReusesViews() {
        // created = 15 (one viewport's rows plus overscan), reused = 10,000 − 15 at the end;
        // at the end 10 items are loaded (rows 3330…3333) and 5 views wait in the pool.
        #expect(longScroll(step: "function step(k) grid:scrollBy(0, 100) end") ==
                ["12 0 12 0 | 15 0 15 0 | 15 3 15 0 | 15 9985 10 5", "15", "0", "15", "9990", "333100"])
    }

    @Test func longScrollToItemReusesViews() {
        // The same walk with scrollToItem (start): row k is item 3k + 1.
        #expect(longScroll(step: "function step(k) grid:scrollToItem(1, math.min(3 * k + 1, 10000)) end") ==
                ["12 0 12 0 | 15 0 15 0 | 15 3 15 0 | 15 9985 10 5", "15", "0", "15", "9990", "333100"])
    }

    /// 30 items 100×100 in 3 lanes, viewport 300×300, no overscan; every view is tagged with
    /// the item it was last given to.
    static let taggedGrid = """
        grid = gl.new{ width = 300, height = 300, lanes = 3 }
        log = {}
        grid.dataSource = {
          count = function() return 30 end,
          size = function() return 100, 100 end,
          view = function(s, i)
            local v = grid:dequeue()
            if v then log[#log + 1] = "reuse " .. v.tag .. " for " .. s .. "." .. i
            else v = {}; log[#log + 1] = "new " .. s .. "." .. i end
            v.tag = s .. "." .. i
            return v
          end,
          willQueue = function(v) log[#log + 1] = "queue " .. v.tag end,
        }
        function takeLog() local t = table.concat(log, ", "); log = {}; return t end
        function statline()
          local s = grid:stats()
          return table.concat({s.created, s.reused, s.live, s.pooled}, " ")
        end
        function visibleItems()
          local n = 0
          for _, e in ipairs(grid:visible()) do if e.kind == "item" then n = n + 1 end end
          return n
        end
        grid:reload()
        """

    @Test func willQueueGetsTheDepartingViewAndTheOldestIsReusedFirst() {
        let lua = LuaHarness()
        lua.eval(Self.taggedGrid)
        #expect(lua.eval("return takeLog(), statline()") ==
                ["new 1.1, new 1.2, new 1.3, new 1.4, new 1.5, new 1.6, new 1.7, new 1.8, new 1.9", "9 0 9 0"])
        #expect(lua.eval("grid:scrollTo(0, 100); return takeLog(), statline()") ==
                ["queue 1.1, queue 1.2, queue 1.3, reuse 1.1 for 1.10, reuse 1.2 for 1.11, reuse 1.3 for 1.12", "9 3 9 0"])
        // Back up by 50: rows 0…3 are loaded (12 items), the pool is empty: three new views.
        #expect(lua.eval("grid:scrollTo(0, 50); return takeLog(), statline()") ==
                ["new 1.1, new 1.2, new 1.3", "12 3 12 0"])
        // Jump to the end (700..1000: rows 7…9).
        #expect(lua.eval("grid:scrollTo(0, 1e9); return takeLog(), statline()") == [
            "queue 1.1, queue 1.2, queue 1.3, queue 1.4, queue 1.5, queue 1.6, queue 1.7, queue 1.8, queue 1.9, "
                + "queue 1.10, queue 1.11, queue 1.12, "
                + "reuse 1.1 for 1.22, reuse 1.2 for 1.23, reuse 1.3 for 1.24, reuse 1.4 for 1.25, reuse 1.5 for 1.26, "
                + "reuse 1.6 for 1.27, reuse 1.7 for 1.28, reuse 1.8 for 1.29, reuse 1.9 for 1.30",
            "12 12 9 3",
        ])
    }

    @Test func liveEqualsTheVisibleItemCount() {
        let lua = LuaHarness()
        lua.eval(Self.taggedGrid)
        #expect(lua.eval("""
            local out = {}
            for _, y in ipairs({0, 30, 100, 150, 199, 450, 700, 300, 0}) do
              grid:scrollTo(0, y)
              out[#out + 1] = grid:stats().live .. "/" .. visibleItems()
            end
            return table.concat(out, " ")
            """) == ["9/9 12/12 9/9 12/12 12/12 12/12 9/9 9/9 9/9"])
    }

    @Test func liveCountsLoadedItemsWhenHeadersHaveViews() {
        // The contract: `live` equals the loaded *item* count (header views are not item views).
        // Two sections, header 300×50 each, 9 items 100×100: s1 header 0..50, items 50..350.
        // At offset 0 the loaded elements are header 1 and items 1.1…1.9.
        let lua = LuaHarness()
        #expect(lua.eval("""
            grid = gl.new{ width = 300, height = 300, lanes = 3 }
            local log = {}
            grid.dataSource = {
              sections = function() return 2 end,
              count = function() return 9 end,
              size = function() return 100, 100 end,
              header = function() return 300, 50 end,
              view = function(s, i) return grid:dequeue() or {} end,
              headerView = function(s) log[#log + 1] = "header " .. s; return {} end,
            }
            grid:reload()
            local st = grid:stats()
            return st.created, st.live, table.concat(log, ", ")
            """) == ["9", "9", "header 1"])
    }

    @Test func dequeueOutsideAViewCallback() {
        let lua = LuaHarness()
        #expect(lua.eval("""
            grid = gl.new{ width = 300, height = 300, lanes = 3 }
            local n = 0
            grid.dataSource = {
              count = function() return 30 end,
              size = function() return 100, 100 end,
              view = function(s, i) n = n + 1; return { id = n } end,  -- never dequeues
            }
            grid:reload()
            local empty = grid:dequeue()
            grid:scrollTo(0, 200)      -- rows 0, 1 leave: views 1…6 queued
            local p1 = grid:stats().pooled
            local v = grid:dequeue()   -- the oldest
            local s = grid:stats()
            return tostring(empty), p1, v.id, s.pooled, s.created, s.reused, s.live
            """) == ["nil", "6", "1", "5", "15", "0", "9"])
    }

    // MARK: - Loader and page events

    @Test func loaderEventsFireOnceWhenItComesAndGoes() {
        // 30 items 100×100, 3 lanes: rows end at 1000; loader (128,1000,44,44); content 1044, max 744.
        let lua = LuaHarness()
        lua.eval("""
            grid = gl.new{ width = 300, height = 300, lanes = 3 }
            log = {}
            grid.dataSource = {
              count = function() return 30 end,
              size = function() return 100, 100 end,
              showLoader = function() return true end,
              loadMore = function() log[#log + 1] = "loadMore" end,
            }
            grid.delegate = {
              loaderShown = function() log[#log + 1] = "shown" end,
              loaderHidden = function() log[#log + 1] = "hidden" end,
            }
            grid:reload()
            function takeLog() local t = table.concat(log, " "); log = {}; return t end
            """)
        #expect(lua.eval("return grid:loaderFrame()") == ["128", "1000", "44", "44"])
        #expect(lua.eval("grid:scrollTo(0, 700); return takeLog()") == [""], "touching is not in view")
        #expect(lua.eval("grid:scrollTo(0, 701); return takeLog()") == ["shown loadMore"])
        #expect(lua.eval("grid:scrollTo(0, 744); grid:scrollBy(0, -20); return takeLog()") == [""])
        #expect(lua.eval("grid:scrollTo(0, 600); return takeLog()") == ["hidden"])
        #expect(lua.eval("grid:scrollBy(0, 50); return takeLog()") == [""])
        #expect(lua.eval("grid:scrollToItem(1, 30); return takeLog()") == ["shown loadMore"])
        #expect(lua.eval("grid:scrollToItem(1, 1); return takeLog()") == ["hidden"])
    }

    @Test func pageChangedCountsFromOne() {
        // 27 items 100×100, 3 lanes: content 900, viewport 300 → 3 pages; max offset 600.
        let lua = LuaHarness()
        lua.eval("""
            grid = gl.new{ width = 300, height = 300, lanes = 3, paging = true }
            pages = {}
            grid.dataSource = { count = function() return 27 end, size = function() return 100, 100 end }
            grid.delegate = { pageChanged = function(p) pages[#pages + 1] = p end }
            grid:reload()
            function takePages() local t = table.concat(pages, " "); pages = {}; return t end
            """)
        #expect(lua.eval("return grid:page(), grid:pageCount(), takePages()") == ["1", "3", ""])
        #expect(lua.eval("grid:scrollTo(0, 310); return grid:page(), select(2, grid:offset()), takePages()") == ["2", "300", "2"])
        #expect(lua.eval("grid:scrollTo(0, 340); return grid:page(), takePages()") == ["2", ""])
        #expect(lua.eval("grid:scrollTo(0, 1e9); return grid:page(), select(2, grid:offset()), takePages()") == ["3", "600", "3"])
        #expect(lua.eval("grid:scrollBy(0, -170); return grid:page(), takePages()") == ["2", "2"])  // 430 → 300
        #expect(lua.eval("grid:scrollToItem(1, 1); return grid:page(), takePages()") == ["1", "1"])
        #expect(lua.eval("grid:scrollToItem(1, 20, 'center'); return grid:page(), takePages()") == ["3", "3"])  // 650 − 150 = 500 → 600
    }

    // MARK: - scrollToItem and resize

    /// 30 items 100×100, 3 lanes, viewport 300×300: item 16 is in row 5 (500..600); max offset 700.
    static let plainGrid = """
        grid = gl.new{ width = 300, height = 300, lanes = 3 }
        grid.dataSource = { count = function() return 30 end, size = function() return 100, 100 end }
        grid:reload()
        """

    @Test func scrollToItemAlignments() {
        let lua = LuaHarness()
        lua.eval(Self.plainGrid)
        #expect(lua.eval("grid:scrollToItem(1, 16); return grid:offset()") == ["0", "500"])
        #expect(lua.eval("grid:scrollToItem(1, 16, 'center'); return grid:offset()") == ["0", "400"])
        #expect(lua.eval("grid:scrollToItem(1, 16, 'end'); return grid:offset()") == ["0", "300"])
        #expect(lua.eval("grid:scrollToItem(1, 16, 'start'); return grid:offset()") == ["0", "500"])
        #expect(lua.eval("grid:scrollTo(0, 0); grid:scrollToItem(1, 16, 'nearest'); return grid:offset()") == ["0", "300"])
        #expect(lua.eval("grid:scrollToItem(1, 13, 'nearest'); return grid:offset()") == ["0", "300"])
        #expect(lua.eval("grid:scrollToItem(1, 30, nil); return grid:offset()") == ["0", "700"])
    }

    @Test func scrollToItemErrors() {
        let lua = LuaHarness()
        lua.eval(Self.plainGrid)
        let expected = "bad argument #3 to 'scrollToItem' (expected one of 'start', 'center', 'end', 'nearest', got "
        #expect(lua.error("grid:scrollToItem(1, 1, 'middle')") == "test:1: " + expected + "'middle')")
        #expect(lua.error("grid:scrollToItem(1, 1, 5)") == "test:1: " + expected + "5)")
        #expect(lua.error("grid:scrollToItem(1, 1, true)") == "test:1: " + expected + "boolean)")
        #expect(lua.error("grid:scrollToItem(1, 31)") == "test:1: item (section 1, item 31) is out of range: section 1 has 30 items")
        #expect(lua.error("grid:scrollToItem(2, 1)") == "test:1: item (section 2, item 1) is out of range: there is no section 2")
        #expect(lua.error("grid:scrollToItem('a', 1)") == "test:1: bad argument #1 to 'scrollToItem' (number expected, got string)")
        #expect(lua.eval("return grid:offset()") == ["0", "0"])
    }

    @Test func resizeRelaysOutAndKeepsTheFirstVisibleItem() {
        // Waterfall, 2 columns, 40 items 100×100; width 200: item i at (100·(i%2), 100·(i//2)).
        let lua = LuaHarness()
        lua.eval("""
            grid = gl.new{ layout = "waterfall", columns = 2, width = 200, height = 300 }
            grid.dataSource = { count = function() return 40 end, size = function() return 100, 100 end }
            grid:reload()
            grid:scrollTo(0, 450)
            """)
        #expect(lua.eval("grid:resize(400, 300); return grid:offset()") == ["0", "850"])
        #expect(lua.eval("return grid:contentSize()") == ["400", "4000"])
        #expect(lua.eval("return grid:frame(1, 9)") == ["0", "800", "200", "200"])
        #expect(lua.eval("return grid.width, grid.height") == ["400", "300"])
        #expect(lua.eval("grid:resize(400, 500); return grid:offset()") == ["0", "850"])
        #expect(lua.eval("return grid:frame(1, 9)") == ["0", "800", "200", "200"])
        #expect(lua.error("grid:resize(-1, 300)") == "test:1: option 'width': -1 is invalid (expected a finite number >= 0)")
        #expect(lua.error("grid:resize(400, 0/0)") == "test:1: option 'height': nan is invalid (expected a finite number >= 0)")
        #expect(lua.error("grid:resize('a', 300)") == "test:1: bad argument #1 to 'resize' (number expected, got string)")
        #expect(lua.eval("return grid:offset()") == ["0", "850"])
        #expect(lua.eval("return grid:frame(1, 9)") == ["0", "800", "200", "200"])
    }

    @Test func resizeDeliversViewEvents() {
        let lua = LuaHarness()
        lua.eval(Self.taggedGrid)
        lua.eval("takeLog()")
        // Taller: 0..400 holds rows 0…3; row 3 joins.
        #expect(lua.eval("grid:resize(300, 400); return takeLog(), statline()") == ["new 1.10, new 1.11, new 1.12", "12 0 12 0"])
        #expect(lua.eval("grid:resize(300, 200); return takeLog(), statline()") ==
                ["queue 1.7, queue 1.8, queue 1.9, queue 1.10, queue 1.11, queue 1.12", "12 0 6 6"])
    }

    // MARK: - Sticky headers and options

    @Test func visibleMarksThePinnedHeader() {
        // Lanes 1, 100×60, padding 5, spacing 10: s1 header 5..25, items 35, 75, 115 (30 high);
        // s2 header 155..175, items 185, 225. At 140 header 1 is pinned at 155 − 20 = 135.
        let lua = LuaHarness()
        lua.eval(LuaAPI.helpers)
        lua.eval("""
            grid = gl.new{ width = 100, height = 60, lanes = 1, padding = 5, spacing = 10, stickyHeaders = true }
            grid.dataSource = {
              sections = function() return 2 end,
              count = function(s) return s == 1 and 3 or 2 end,
              size = function() return 90, 30 end,
              header = function() return 100, 20 end,
            }
            grid:reload()
            function pins()
              local t = {}
              for _, e in ipairs(grid:visible()) do t[#t + 1] = e.kind .. (e.section or "") .. "=" .. tostring(e.pinned) end
              return table.concat(t, " ")
            end
            """)
        #expect(lua.eval("grid:scrollTo(0, 140); return dump(grid:visible()), pins()") == [
            "header 1 nil 0 135 100 20 1 1; item 1 3 5 115 90 30 1 1; header 2 nil 0 155 100 20 1 1; item 2 1 5 185 90 30 1 1",
            "header1=true item1=nil header2=nil item2=nil",
        ])
        #expect(lua.eval("grid:scrollTo(0, 200); return dump(grid:visible()), pins()") == [
            "header 2 nil 0 200 100 20 1 1; item 2 1 5 185 90 30 1 1; item 2 2 5 225 90 30 1 1",
            "header2=true item2=nil item2=nil",
        ])
        #expect(lua.eval("grid:scrollTo(0, 0); return pins()") == ["header1=nil item1=nil"])
        #expect(lua.eval("grid.stickyHeaders = false; grid:reload(); grid:scrollTo(0, 140); return pins()") ==
                ["item1=nil header2=nil item2=nil"])
    }

    @Test func visibleMarksThePinnedFooter() {
        // Lanes 1, 100×100, no spacing: s1 header 0..20, five items 20..170, footer 170..180; s2
        // header 180..200, two items, footer 260..270. At 0 footer 1 is pinned at 100 − 10 = 90;
        // at 110 footer 2 at max(200, 210 − 10) = 200, below its header.
        let lua = LuaHarness()
        lua.eval(LuaAPI.helpers)
        lua.eval("""
            grid = gl.new{ width = 100, height = 100, lanes = 1, spacing = 0, stickyFooters = true }
            grid.dataSource = {
              sections = function() return 2 end,
              count = function(s) return s == 1 and 5 or 2 end,
              size = function() return 100, 30 end,
              header = function() return 100, 20 end,
              footer = function() return 100, 10 end,
            }
            grid:reload()
            function footers()
              local t = {}
              for _, e in ipairs(grid:visible()) do
                if e.kind == "footer" then t[#t + 1] = e.section .. "@" .. e.y .. "=" .. tostring(e.pinned) end
              end
              return table.concat(t, " ")
            end
            """)
        #expect(lua.eval("return footers(), grid.stickyFooters") == ["1@90=true", "true"])
        #expect(lua.eval("grid:scrollTo(0, 110); return footers()") == ["1@170=nil 2@200=true"])
        #expect(lua.eval("grid:scrollTo(0, 170); return footers()") == ["1@170=nil 2@260=nil"])
        #expect(lua.eval("grid:scrollTo(0, 0); return rect(grid:footerFrame(1))") == ["0,170,100,10"])
    }

    @Test func viewportOptions() {
        let lua = LuaHarness()
        #expect(lua.eval("""
            local g = gl.new{ stickyHeaders = true, paging = true, pagingInverseOrder = true, overscan = 25 }
            return g.stickyHeaders, g.paging, g.pagingInverseOrder, g.overscan
            """) == ["true", "true", "true", "25"])
        #expect(lua.eval("""
            local g = gl.new()
            local before = { tostring(g.stickyHeaders), tostring(g.paging), tostring(g.pagingInverseOrder), tostring(g.overscan) }
            g.stickyHeaders = true; g.paging = true; g.pagingInverseOrder = true; g.overscan = 12.5
            return table.concat(before, " "), g.stickyHeaders, g.paging, g.pagingInverseOrder, g.overscan
            """) == ["false false false 0", "true", "true", "true", "12.5"])
        #expect(lua.error("local g = gl.new(); g.overscan = -1") == "test:1: option 'overscan': -1 is invalid (expected a finite number >= 0)")
        #expect(lua.error("local g = gl.new(); g.paging = 1") == "test:1: option 'paging': 1 is invalid (expected a boolean)")
        #expect(lua.eval("""
            local g = gl.new()
            local names = {}
            for _, m in ipairs({"scrollToItem", "resize", "page", "pageCount", "dequeue", "stats"}) do
              if type(g[m]) ~= "function" then names[#names + 1] = m end
            end
            return #names
            """) == ["0"])
    }

    @Test func overscanFieldTakesEffectAtReload() {
        let lua = LuaHarness()
        lua.eval(Self.taggedGrid)
        #expect(lua.eval("return statline()") == ["9 0 9 0"])
        // Overscan 50: at offset 0 the area is −50..350: rows 0…3.
        #expect(lua.eval("grid.overscan = 50; grid:reload(); return statline()") == ["12 0 12 0"])
    }
}
