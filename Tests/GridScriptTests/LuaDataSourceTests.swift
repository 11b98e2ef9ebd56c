import Testing
@testable import GridScript

/// The data source callbacks seen from Lua: what they are asked, in which order, with which
/// (1-based) arguments, and how their answers shape the frames.
@Suite struct LuaDataSourceTests {
    /// `size` is called in batches (256 items each): over several batches and two sections the
    /// frames equal those from the bulk `sizes` tables, every item, and each item is asked once.
    @Test func sizeCallbacksInBatchesGiveTheBulkFrames() {
        let lua = LuaHarness()
        let r = lua.eval("""
            local counts = { 600, 300 }
            local function w(s, i) return 10 + (i * 7 + s) % 13 end
            local function h(s, i) return 20 + (i * 5) % 11 end
            local asked = 0
            local each = gl.new{ width = 100, lanes = 3, spacing = 2 }
            each.dataSource = { sections = function() return 2 end, count = function(s) return counts[s] end,
                                size = function(s, i) asked = asked + 1; return w(s, i), h(s, i) end }
            local bulk = gl.new{ width = 100, lanes = 3, spacing = 2 }
            bulk.dataSource = { sections = function() return 2 end, count = function(s) return counts[s] end,
                                sizes = function(s)
                                  local t = {}
                                  for i = 1, counts[s] do t[#t + 1] = w(s, i); t[#t + 1] = h(s, i) end
                                  return t
                                end }
            each:reload(); bulk:reload()
            local differ = 0
            for s = 1, 2 do
              for i = 1, counts[s] do
                local a = { each:frame(s, i) }
                local b = { bulk:frame(s, i) }
                for k = 1, 4 do if a[k] ~= b[k] then differ = differ + 1 end end
              end
            end
            return asked, differ, each:frame(2, 300)
            """)
        #expect(r == ["900", "0", "42", "8091", "19", "24"])  // item 2.300: 19 × 24 (w and h above), in lane 2 (x = 2 · (19 + 2))
    }

    @Test func callOrderAndOneBasedArguments() {
        let lua = LuaHarness()
        let r = lua.eval("""
            local log = {}
            local function note(name, ...)
              local parts = { name, "#" .. select("#", ...) }
              for i = 1, select("#", ...) do
                local v = select(i, ...)
                parts[#parts + 1] = tostring(math.type(v)) .. ":" .. tostring(v)
              end
              log[#log + 1] = table.concat(parts, " ")
            end
            local g = gl.new{ width = 100, lanes = 2 }
            g.dataSource = {
              sections   = function(...) note("sections", ...) return 3 end,
              sameSize   = function(...) note("sameSize", ...) return false end,
              count      = function(...) note("count", ...) return ({ 2, 0, 1 })[...] end,
              size       = function(...) note("size", ...) return 10, 10 end,
              header     = function(...) note("header", ...) end,
              lanes      = function(...) note("lanes", ...) end,
              showLoader = function(...) note("showLoader", ...) return false end,
            }
            g:reload()
            return table.concat(log, "\\n")
            """)
        #expect(r == ["""
            sections #0
            sameSize #0
            count #1 integer:1
            header #1 integer:1
            lanes #1 integer:1
            size #2 integer:1 integer:1
            size #2 integer:1 integer:2
            count #1 integer:2
            header #1 integer:2
            count #1 integer:3
            header #1 integer:3
            lanes #1 integer:3
            size #2 integer:3 integer:1
            showLoader #0
            """])
    }

    @Test func optionalCallbacksAbsent() {
        let lua = LuaAPI.harness()
        // Only count and size: one section, no header, no loader, the configuration's lanes.
        #expect(lua.eval("""
            local g = gl.new{ width = 100, lanes = 2, spacing = 4 }
            g.dataSource = { count = function() return 3 end, size = function() return 30, 20 end }
            g:reload()
            return g:sectionCount(), g:itemCount(1), g:headerFrame(1), g:loaderFrame(),
                   rect(g:frame(1, 2)) .. " " .. rect(g:frame(1, 3)) .. " " .. rect(g:contentSize())
            """) == ["1", "3", "nil", "nil", "34,0,30,20 0,24,30,20 100,44"])
    }

    @Test func sizesPerItemMakeAMasonry() {
        let lua = LuaAPI.harness()
        // Heights 30, 10, 10, 10, 10 in 2 lanes: items 2-4 fill lane 2 while lane 1 holds item 1;
        // item 5 finds both lanes ending at 30 and takes the lowest.
        #expect(lua.eval("""
            local g = gl.new{ width = 100, lanes = 2 }
            g.dataSource = { count = function() return 5 end,
                             size = function(s, i) return 50, i == 1 and 30 or 10 end }
            g:reload()
            local t = {}
            for i = 1, 5 do t[i] = rect(g:frame(1, i)) end
            return table.concat(t, " "), rect(g:contentSize())
            """) == ["0,0,50,30 50,0,50,10 50,10,50,10 50,20,50,10 0,30,50,10", "100,40"])
    }

    @Test func sectionsCallback() {
        let lua = LuaAPI.harness()
        // Sections stack along S, spacing between non-empty ones; an empty one takes no room.
        #expect(lua.eval("""
            local g = gl.new{ width = 100, spacing = 10 }
            g.dataSource = { sections = function() return 3 end,
                             count = function(s) return ({ 1, 0, 2 })[s] end,
                             size = function(s, i) return 20, 10 * s end }
            g:reload()
            return g:sectionCount(), g:itemCount(2),
                   rect(g:frame(1, 1)) .. " " .. rect(g:frame(3, 1)) .. " " .. rect(g:frame(3, 2)) .. " " .. rect(g:contentSize())
            """) == ["3", "0", "0,0,20,10 0,20,20,30 0,60,20,30 100,90"])
        // sections = 0: nothing at all; the content is the S paddings.
        #expect(lua.eval("""
            local g = gl.new{ width = 100, padding = 6 }
            g.dataSource = { sections = function() return 0 end, count = function() return 5 end,
                             size = function() return 1, 1 end }
            g:reload()
            return g:sectionCount(), #g:visible(), rect(g:contentSize())
            """) == ["0", "0", "100,12"])
    }

    @Test func headerCallback() {
        let lua = LuaAPI.harness()
        // s1: empty, no header → no room. s2: empty with a header → the header alone, no spacing after it.
        // s3: header, spacing, its item.
        #expect(lua.eval("""
            local g = gl.new{ width = 100, height = 200, spacing = 10, padding = { left = 3, right = 3 } }
            g.dataSource = { sections = function() return 3 end,
                             count = function(s) return s == 3 and 1 or 0 end,
                             size = function() return 10, 10 end,
                             header = function(s) if s == 2 then return 50, 20 elseif s == 3 then return 0, 15 end end }
            g:reload()
            return rect(g:headerFrame(1)), rect(g:headerFrame(2)), rect(g:headerFrame(3)),
                   rect(g:frame(3, 1)), rect(g:contentSize()), dump(g:visible())
            """) == ["", "0,0,100,20", "0,30,100,15", "3,55,10,10", "100,65",
                     "header 2 nil 0 0 100 20 1 1; header 3 nil 0 30 100 15 1 1; item 3 1 3 55 10 10 1 1"])
        // Horizontal: the header's S size is its width; it spans the viewport's height.
        #expect(lua.eval("""
            local g = gl.new{ direction = "horizontal", width = 200, height = 50, spacing = 5 }
            g.dataSource = { count = function() return 1 end, size = function() return 10, 10 end,
                             header = function() return 30, 999 end }
            g:reload()
            return rect(g:headerFrame(1)), rect(g:frame(1, 1)), rect(g:contentSize())
            """) == ["0,0,30,50", "35,0,10,10", "45,50"])
        // A header returning nil, nil explicitly is no header.
        #expect(lua.eval("""
            local g = gl.new{ width = 100 }
            g.dataSource = { count = function() return 1 end, size = function() return 10, 10 end,
                             header = function() return nil, nil end }
            g:reload()
            return g:headerFrame(1), rect(g:frame(1, 1))
            """) == ["nil", "0,0,10,10"])
    }

    @Test func showLoaderCallback() {
        let lua = LuaAPI.harness()
        let setup = """
            local g = gl.new{ width = 100, spacing = 2 }
            g.dataSource = { count = function() return 1 end, size = function() return 10, 10 end,
                             showLoader = function() return VALUE end }
            g:reload()
            return rect(g:loaderFrame()), rect(g:contentSize())
            """
        #expect(lua.eval(setup.replacing("VALUE", with: "true")) == ["28,12,44,44", "100,56"])
        #expect(lua.eval(setup.replacing("VALUE", with: "1")) == ["28,12,44,44", "100,56"])  // a Lua condition
        #expect(lua.eval(setup.replacing("VALUE", with: "false")) == ["", "100,10"])
        #expect(lua.eval(setup.replacing("VALUE", with: "nil")) == ["", "100,10"])
        // The loader alone (no items): no spacing before it.
        #expect(lua.eval("""
            local g = gl.new{ width = 100, spacing = 2, padding = 1 }
            g.dataSource = { count = function() return 0 end, size = function() return 10, 10 end,
                             showLoader = function() return true end }
            g:reload()
            return rect(g:loaderFrame()), rect(g:contentSize()), dump(g:visible())
            """) == ["28,1,44,44", "100,46", "loader nil nil 28 1 44 44 1 1"])
    }

    @Test func sameSizeAsksOnceAndScalesToABillion() {
        let lua = LuaAPI.harness()
        lua.eval("""
            calls = {}
            g = gl.new{ lanes = 3, padding = 5, spacing = 5 }
            g.dataSource = {
              sections = function() return 3 end,
              count    = function(s) return ({ 1000000000, 0, 4 })[s] end,
              size     = function(s, i) calls[#calls + 1] = s .. "." .. i; return 100, 80 end,
              sameSize = function() return true end,
            }
            g:reload()
            """)
        // Asked once per non-empty section, for its first item.
        #expect(lua.eval("return table.concat(calls, ' ')") == ["1.1 3.1"])
        #expect(lua.eval("return g:itemCount(1), g:itemCount(3)") == ["1000000000", "4"])
        // Item 10^9 is item 0 of line 333333333: y = 5 + 333333333·85.
        #expect(lua.eval("return g:frame(1, 1000000000)") == ["5", "28333333310", "100", "80"])
        #expect(lua.eval("return g:frame(1, 2)") == ["110", "5", "100", "80"])
        // Section 1 ends at 28333333390; section 3 starts after spacing; its line 2 is 85 further.
        #expect(lua.eval("return g:frame(3, 4)") == ["5", "28333333480", "100", "80"])
        #expect(lua.eval("return g:contentSize()") == ["320", "28333333565"])
        #expect(lua.eval("return #g:visible()") == ["18"])  // lines at 5, 90, ..., 430 < 480
        #expect(lua.eval("return g:indexPathAt(5, 28333333310)") == ["1", "1000000000"])
        #expect(lua.eval("return g:indexPathAt(110, 28333333310)") == ["nil"])
        // At the end (max offset 28333333565 - 480): section 1's lines 333333330...333333333
        // (3 + 3 + 3 + 1 items) and section 3's 4 items.
        #expect(lua.eval("""
            g:scrollTo(0, math.huge)
            local v = g:visible()
            local _, y = g:offset()
            return y, #v, v[1].item, v[10].item, v[11].section, v[#v].section, v[#v].item
            """) == ["28333333085", "14", "999999991", "1000000000", "3", "3", "4"])
    }

    @Test func sameSizeFalseAsksEveryItem() {
        let lua = LuaAPI.harness()
        #expect(lua.eval("""
            local n = 0
            local g = gl.new{ lanes = 2 }
            g.dataSource = { count = function() return 7 end,
                             size = function() n = n + 1; return 10, 10 end,
                             sameSize = function() return false end }
            g:reload()
            return n
            """) == ["7"])
    }

    @Test func lanesCallbackPerSection() {
        let lua = LuaAPI.harness()
        // Section 1: 1 lane (from the callback); section 2: nil → the configuration's 3.
        #expect(lua.eval("""
            local asked = {}
            local g = gl.new{ width = 300, lanes = 3 }
            g.dataSource = { sections = function() return 2 end,
                             count = function(s) return s == 1 and 2 or 3 end,
                             size = function() return 100, 10 end,
                             lanes = function(s) asked[#asked + 1] = s; if s == 1 then return 1 end end }
            g:reload()
            local t = {}
            for i = 1, 2 do t[#t + 1] = rect(g:frame(1, i)) end
            for i = 1, 3 do t[#t + 1] = rect(g:frame(2, i)) end
            return table.concat(t, " "), table.concat(asked, " ")
            """) == ["0,0,100,10 0,10,100,10 0,20,100,10 100,20,100,10 200,20,100,10", "1 2"])
        // Only the lanes layout asks it.
        #expect(lua.eval("""
            local asked = 0
            local g = gl.new{ layout = "flow", width = 300 }
            g.dataSource = { count = function() return 2 end, size = function() return 100, 10 end,
                             lanes = function() asked = asked + 1; return 1 end }
            g:reload()
            return asked, rect(g:frame(1, 2))
            """) == ["0", "100,0,100,10"])
        // With sameSize too.
        #expect(lua.eval("""
            local g = gl.new{ width = 300, lanes = 1 }
            g.dataSource = { count = function() return 4 end, size = function() return 100, 10 end,
                             sameSize = function() return true end, lanes = function() return 2 end }
            g:reload()
            return rect(g:frame(1, 4)), rect(g:contentSize())
            """) == ["100,10,100,10", "300,20"])
    }

    @Test func dataSourceFieldAndReplacement() {
        let lua = LuaAPI.harness()
        #expect(lua.eval("""
            local a = { count = function() return 1 end, size = function() return 10, 10 end }
            local b = { count = function() return 2 end, size = function() return 20, 20 end }
            local g = gl.new{ dataSource = a }
            local same = rawequal(g.dataSource, a)
            g:reload()
            local n1 = g:itemCount(1)
            g.dataSource = b
            local n2 = g:itemCount(1)   -- not until reload
            g:reload()
            return same, n1, n2, g:itemCount(1), rect(g:frame(1, 2)), rawequal(g.dataSource, b)
            """) == ["true", "1", "1", "2", "0,20,20,20", "true"])
        // A data source object whose callbacks come from its metatable works too.
        #expect(lua.eval("""
            local Class = { count = function() return 2 end, size = function(s, i) return 10 * i, 10 end }
            local g = gl.new()
            g.dataSource = setmetatable({}, { __index = Class })
            g:reload()
            return rect(g:frame(1, 2))
            """) == ["0,10,20,10"])
        // The delegate field holds a table and can be cleared.
        #expect(lua.eval("""
            local g = gl.new()
            local d = { loaderShown = function() end }
            g.delegate = d
            local same = rawequal(g.delegate, d)
            g.delegate = nil
            return same, g.delegate
            """) == ["true", "nil"])
        // The grid keeps its data source alive when nothing else refers to it.
        #expect(lua.eval("""
            local g = gl.new()
            g.dataSource = { count = function() return 3 end, size = function() return 1, 1 end }
            collectgarbage(); collectgarbage()
            g:reload()
            return g:itemCount(1)
            """) == ["3"])
    }

    @Test func countsAsIntegralFloatsAreAccepted() {
        let lua = LuaAPI.harness()
        #expect(lua.eval("""
            local g = gl.new()
            g.dataSource = { sections = function() return 2.0 end, count = function() return 3.0 end,
                             size = function() return 10.5, 20 end, lanes = function() return 1.0 end }
            g:reload()
            return g:sectionCount(), g:itemCount(2), rect(g:frame(2, 3))
            """) == ["2", "3", "0,100,10.5,20"])
    }

    @Test func bulkSizesCallback() {
        let lua = LuaAPI.harness()
        let setup = """
            local asked, sizeCalls = {}, 0
            local g = gl.new{ width = 100, lanes = 2 }
            g.dataSource = { sections = function() return 2 end,
                             count = function(s) return s == 1 and 3 or 0 end,
                             size = function() sizeCalls = sizeCalls + 1; return 1, 1 end,
                             sizes = function(...) asked[#asked + 1] = table.concat({ ... }, ","); return SIZES end }
            g:reload()
            return rect(g:frame(1, 1)) .. " " .. rect(g:frame(1, 2)) .. " " .. rect(g:frame(1, 3)),
                   table.concat(asked, " "), sizeCalls
            """
        // Flat {w1, h1, w2, h2, ...} or pairs {{w1, h1}, ...}; asked once per non-empty section
        // (1-based), and size is then not asked at all.
        #expect(lua.eval(setup.replacing("SIZES", with: "{ 40, 20, 40, 20, 40, 30 }"))
            == ["0,0,40,20 40,0,40,20 0,20,40,30", "1", "0"])
        #expect(lua.eval(setup.replacing("SIZES", with: "{ { 40, 20 }, { 40, 20 }, { 40, 30 } }"))
            == ["0,0,40,20 40,0,40,20 0,20,40,30", "1", "0"])
        // Or a string of packed little-endian doubles, w1 h1 w2 h2 ….
        #expect(lua.eval(setup.replacing("SIZES", with: "string.pack('<dddddd', 40, 20, 40, 20, 40, 30)"))
            == ["0,0,40,20 40,0,40,20 0,20,40,30", "1", "0"])
        // sizes alone (no size) is a complete data source.
        #expect(lua.eval("""
            local g = gl.new{ width = 100 }
            g.dataSource = { count = function() return 2 end, sizes = function() return { 10, 10, 20, 5 } end }
            g:reload()
            return rect(g:frame(1, 2)), rect(g:contentSize())
            """) == ["0,10,20,5", "100,15"])
    }

    /// A packed string is 16 bytes an item; its numbers are checked as a table's are.
    @Test func packedSizesAreCheckedAsATablesAre() {
        let lua = LuaAPI.harness()
        func reload(_ sizes: String, count: Int = 3) -> String {
            // The message's first line (a traceback follows it).
            lua.error("""
                local g = gl.new{ width = 100 }
                g.dataSource = { count = function() return \(count) end, sizes = function() return \(sizes) end }
                g:reload()
                """).split(separator: "\n").first.map(String.init) ?? ""
        }
        #expect(reload("string.pack('<ddddd', 1, 2, 3, 4, 5)")
            == "test:3: data source 'sizes' failed for section 1: returned a string of 40 bytes, expected 16 an item (width, height as string.pack(\"<dd\", w, h))")
        #expect(reload("string.pack('<dddddd', 1, 2, 3, 0/0, 5, 6)")
            == "test:3: data source 'sizes' returned 3xnan for item (section 1, item 2) (sizes must be finite and >= 0)")
        #expect(reload("string.pack('<dddddd', 1, 2, 3, -4, 5, 6)")
            == "test:3: data source 'sizes' returned 3x-4 for item (section 1, item 2) (sizes must be finite and >= 0)")
        #expect(reload("string.pack('<dddd', 1, 2, 3, 4)")
            == "test:3: data source 'sizes' returned 2 sizes for section 1, but 'count' returned 3 earlier in the same reload")
        #expect(reload("true")
            == "test:3: data source 'sizes' failed for section 1: returned boolean, expected a table of sizes or a string of packed doubles")
    }

}
