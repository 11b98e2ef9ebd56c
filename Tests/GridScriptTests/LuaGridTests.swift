import Testing
@testable import GridScript

/// The grid object seen from Lua: options and fields, every query method, scrolling, the module table.
@Suite struct LuaGridTests {
    // MARK: - The module

    // lineSpacing along S, itemSpacing along C (docs/layout.md, "Two spacings"): lanes 2, items
    // 100×50, lineSpacing 10, itemSpacing 4: item 2 at x = 100 + 4, item 3 at y = 50 + 10.
    // `spacing` reads nil while they differ and sets both.
    @Test func twoSpacings() {
        let lua = LuaHarness()
        lua.eval("""
            g = gl.new{ lanes = 2, lineSpacing = 10, itemSpacing = 4 }
            g.dataSource = { count = function() return 3 end, size = function() return 100, 50 end }
            g:reload()
            """)
        #expect(lua.eval("return g:frame(1, 2)") == ["104", "0", "100", "50"])
        #expect(lua.eval("return g:frame(1, 3)") == ["0", "60", "100", "50"])
        #expect(lua.eval("return g.spacing, g.lineSpacing, g.itemSpacing") == ["nil", "10", "4"])
        lua.eval("g.spacing = 6")
        #expect(lua.eval("return g.spacing, g.lineSpacing, g.itemSpacing") == ["6", "6", "6"])
        #expect(lua.error("g.lineSpacing = 0/0") == "test:1: option 'lineSpacing': nan is invalid (expected a finite number >= 0)")
        #expect(lua.eval("return g.spacing, g.lineSpacing") == ["6", "6"])
    }

    // rtl mirrors every frame along x: lanes 2 in 320, items 100×50, itemSpacing 4: laid out at
    // x 0 and 104, reported at 320 − 0 − 100 = 220 and 320 − 104 − 100 = 116; queries agree.
    @Test func rightToLeft() {
        let lua = LuaHarness()
        lua.eval("""
            g = gl.new{ lanes = 2, itemSpacing = 4, rtl = true }
            g.dataSource = { count = function() return 3 end, size = function() return 100, 50 end }
            g:reload()
            """)
        #expect(lua.eval("return g:frame(1, 1)") == ["220", "0", "100", "50"])
        #expect(lua.eval("return g:frame(1, 2)") == ["116", "0", "100", "50"])
        #expect(lua.eval("return g:indexPathAt(220, 0)") == ["1", "1"])
        #expect(lua.eval("return g.rtl") == ["true"])
        #expect(lua.error("g.rtl = 1") == "test:1: option 'rtl': 1 is invalid (expected a boolean)")
        #expect(lua.eval("return g.rtl") == ["true"])
    }

    // justify and alignItems (docs/layout.md, "Flow alignment"): 100, 60 and 80 in 320 with
    // spacing 10 leave 60 free; centred from x 30, the 50-thick line puts the 30-thick item at
    // y 10 and the 20-thick one at 15. A section's keys win; bad values name the option or key.
    @Test func flowAlignment() {
        let lua = LuaHarness()
        lua.eval("""
            g = gl.new{ layout = "flow", spacing = 10, justify = "center", alignItems = "center" }
            local w, h = { 100, 60, 80 }, { 50, 30, 20 }
            g.dataSource = { count = function() return 3 end, size = function(s, i) return w[i], h[i] end }
            g:reload()
            """)
        #expect(lua.eval("return g:frame(1, 1)") == ["30", "0", "100", "50"])
        #expect(lua.eval("return g:frame(1, 2)") == ["140", "10", "60", "30"])
        #expect(lua.eval("return g:frame(1, 3)") == ["210", "15", "80", "20"])
        #expect(lua.eval("return g.justify, g.alignItems") == ["center", "center"])
        #expect(lua.error("g.justify = 'centre'") == "test:1: option 'justify': 'centre' is invalid (expected one of 'start', 'center', 'end', 'spaceBetween', 'spaceAround', 'spaceEvenly') (did you mean 'center'?)")
        #expect(lua.error("g.alignItems = 3") == "test:1: option 'alignItems': 3 is invalid (expected one of 'start', 'center', 'end')")
        #expect(lua.eval("return g.justify, g.alignItems") == ["center", "center"])
        // spaceBetween from the section: 60 free in the one gap pair, 30 each: x 0, 140, 240.
        lua.eval("g.dataSource.section = function(s) return { justify = 'spaceBetween', alignItems = 'end' } end; g:reload()")
        #expect(lua.eval("return g:frame(1, 2)") == ["140", "20", "60", "30"])
        #expect(lua.eval("return g:frame(1, 3)") == ["240", "30", "80", "20"])
        lua.eval("g.dataSource.section = function(s) return { alignItems = 'middle' } end")
        #expect(lua.error("g:reload()") == "test:1: data source 'section' returned alignItems = 'middle' for section 1 (expected one of 'start', 'center', 'end')")
        #expect(lua.eval("return g:frame(1, 3)") == ["240", "30", "80", "20"])
    }

    // scale snaps frames' edges: waterfall, 3 columns in 100 (33.33… wide) at scale 2: column
    // edges 0, 33.5, 66.5, 100. A negative scale names the option and the value.
    @Test func pixelSnapping() {
        let lua = LuaHarness()
        lua.eval("""
            g = gl.new{ layout = "waterfall", columns = 3, width = 100, scale = 2 }
            g.dataSource = { count = function() return 3 end, size = function() return 30, 10 end }
            g:reload()
            """)
        #expect(lua.eval("return g:frame(1, 1)") == ["0", "0", "33.5", "11"])
        #expect(lua.eval("return g:frame(1, 2)") == ["33.5", "0", "33", "11"])
        #expect(lua.eval("return g:frame(1, 3)") == ["66.5", "0", "33.5", "11"])
        #expect(lua.error("g.scale = -1") == "test:1: option 'scale': -1 is invalid (expected 0 (off) or a number in 1/1024...1024)")
        #expect(lua.eval("return g.scale") == ["2"])
    }

    // breakoutCadence (docs/layout.md, "justified"): W 600, T 100, cadence 2. Row 1 is ARs 2 + 3,
    // 120 thick; row 2, a breakout row, is the 1.5 alone, 600 / 1.5 = 400 clamped to 200, 600 wide.
    @Test func breakoutRows() {
        let lua = LuaHarness()
        lua.eval("""
            g = gl.new{ layout = "justified", width = 600, rowHeight = 100, breakoutCadence = 2 }
            local w = { 200, 300, 150, 100 }
            g.dataSource = { count = function() return #w end, size = function(s, i) return w[i], 100 end }
            g:reload()
            """)
        #expect(lua.eval("return g:frame(1, 2)") == ["240", "0", "360", "120"])
        #expect(lua.eval("return g:frame(1, 3)") == ["0", "120", "600", "200"])
        #expect(lua.eval("return g:frame(1, 4)") == ["0", "320", "100", "100"])
        #expect(lua.error("g.breakoutCadence = 0.5") == "test:1: option 'breakoutCadence': 0.5 is invalid (expected an integer)")
        #expect(lua.eval("return g.breakoutCadence") == ["2"])
    }

    /// grid:neighbor on the README's waterfall (docs/layout.md, "Spatial navigation"): 1-based, nil at an edge.
    @Test func neighbor() {
        let lua = LuaHarness()
        lua.eval("""
            local heights = { 120, 80, 200, 150, 90, 170, 60 }
            g = gl.new{ layout = "waterfall", columns = 3, spacing = 10, width = 320, height = 300 }
            g.dataSource = { count = function() return #heights end, size = function(s, i) return 100, heights[i] end }
            g:reload()
            """)
        #expect(lua.eval("return g:neighbor(1, 1, 'down')") == ["1", "5"])
        #expect(lua.eval("return g:neighbor(1, 4, 'left')") == ["1", "5"])
        #expect(lua.eval("return g:neighbor(1, 7, 'down')") == ["nil"])
        #expect(lua.eval("return g:neighbor(1, 7, 'next')") == ["nil"])
        #expect(lua.eval("return g:neighbor(1, 7, 'previous')") == ["1", "6"])
        #expect(lua.error("g:neighbor(1, 1, 'dwon')") == "test:1: bad argument #3 to 'neighbor' (expected one of 'up', 'down', 'left', 'right', 'next', 'previous', got 'dwon') (did you mean 'down'?)")
        #expect(lua.error("g:neighbor(1, 8, 'down')") == "test:1: item (section 1, item 8) is out of range: section 1 has 7 items")
    }

    /// grid:transition and grid:animateTo (docs/layout.md, "Layout transitions"): docs/layout.md's
    /// worked example, then every bad input, each leaving the transition as it was.
    @Test func layoutTransition() {
        let lua = LuaHarness()
        lua.eval("""
            g = gl.new{ layout = "waterfall", columns = 3, spacing = 10, width = 320, height = 300 }
            g.dataSource = { count = function() return 30 end, size = function() return 100, 100 end }
            g:reload()
            g:scrollTo(0, 400)
            t = g:transition{ columns = 5 }
            function frame(i) for _, e in ipairs(g:visible()) do if e.item == i then return e.x, e.y, e.w, e.h, e.alpha end end end
            """)
        #expect(lua.eval("t:progress(0.5) return g:offset()") == ["0", "213"])
        #expect(lua.eval("return frame(17)") == ["88", "374", "78", "78", "1"])
        #expect(lua.error("t:progress(0/0)") == "test:1: progress: progress nan is invalid (expected a number from 0 to 1)")
        #expect(lua.error("t:progress(1.5)") == "test:1: progress: progress 1.5 is invalid (expected a number from 0 to 1)")
        #expect(lua.error("t:progress('x')") == "test:1: bad argument #1 to 'progress' (number expected, got string)")
        #expect(lua.error("g:reload()") == "test:1: reload: not allowed during a layout transition (call commit() or cancel() first)")
        #expect(lua.error("g:scrollTo(0, 0)") == "test:1: scrollTo: not allowed during a layout transition (call commit() or cancel() first)")
        #expect(lua.error("g:transition{ columns = 2 }") == "test:1: transition: not allowed during a layout transition (call commit() or cancel() first)")
        #expect(lua.eval("return g:offset()") == ["0", "213"])
        #expect(lua.eval("t:cancel() return g:offset()") == ["0", "400"])
        #expect(lua.error("t:commit()") == "test:1: commit: no layout transition is running (call transition() first)")
        #expect(lua.error("g:transition{ colums = 5 }") == "test:1: transition: unknown option 'colums' (did you mean 'columns'?)")
        #expect(lua.error("g:transition{ direction = 'horizontal' }") == "test:1: option 'direction': 'horizontal' is invalid (expected 'vertical', the grid's: a transition keeps the direction and the viewport)")
        #expect(lua.error("g:transition(5)") == "test:1: bad argument #1 to 'transition' (table of options expected, got number)")
        #expect(lua.error("g:animateTo({ columns = 5 }, -1)") == "test:1: animateTo: duration -1 is invalid (expected a finite number of seconds >= 0)")
        #expect(lua.eval("return g.columns, g:offset()") == ["3", "0", "400"])
        #expect(lua.eval("t = g:transition{ columns = 5 } t:commit() return g.columns, g:offset()") == ["5", "0", "26"])
        #expect(lua.eval("g:animateTo({ columns = 3 }, 0.2) g:step(0.1) return g:animating()") == ["true"])
        #expect(lua.eval("g:step(0.1) return g:animating(), g.columns") == ["false", "3"])
    }

    /// grid:sectionOffset and grid:scrollSection (docs/layout.md, "Sections that scroll sideways"):
    /// five 30 × 40 items at x 10, 50, …, 170, offsets up to 110; item paging snaps 47 to 40.
    @Test func sectionsThatScrollSideways() {
        let lua = LuaHarness()
        lua.run("""
            g = gl.new{ width = 100, height = 200, padding = 10, spacing = 10, lanes = 1 }
            g.dataSource = { sections = function() return 2 end, count = function(s) return s == 1 and 5 or 1 end,
                             size = function() return 30, 40 end,
                             section = function(s) if s == 1 then return { scroll = "cross", sectionPaging = "item" } end end }
            g:reload()
            """)
        #expect(lua.eval("return g:frame(1, 5)") == ["170", "10", "30", "40"])
        #expect(lua.eval("g:scrollSection(1, 47) return g:sectionOffset(1), g:frame(1, 2)") == ["40.0", "10", "10", "30", "40"])
        #expect(lua.eval("return g:sectionOffset(2)") == ["0.0"])
        #expect(lua.error("g:scrollSection(2, 5)") == "test:1: scrollSection: section 2 does not scroll sideways (it needs the option 'scroll' = 'cross' and items)")
        #expect(lua.error("g:scrollSection(1, 0/0)") == "test:1: scrollSection: offset nan for section 1 is invalid (expected a finite number)")
        #expect(lua.error("g:scrollSection(1, 'x')") == "test:1: bad argument #2 to 'scrollSection' (number expected, got string)")
        #expect(lua.error("g:sectionOffset(3)") == "test:1: section 3 is out of range: the grid has 2 sections")
        #expect(lua.eval("return g:sectionOffset(1)") == ["40.0"])
    }

    /// grid:neighbor moves the lazy frontier (estimatedSize): down from the last item a reload asked
    /// for, it asks for more and finds the item a full layout of the same data gives, at its frame.
    @Test func neighborMovesTheLazyFrontier() {
        let lua = LuaHarness()
        lua.eval("""
            asked = 0
            local function source()
              return { count = function() return 300 end,
                       size = function(s, i) if i > asked then asked = i end return 100, 40 + i * 37 % 120 end }
            end
            local options = { layout = "waterfall", columns = 3, spacing = 10, width = 320, height = 300 }
            full = gl.new(options)
            full.dataSource = source()
            full:reload()
            options.estimatedSize = { w = 100, h = 50 }
            asked = 0
            g = gl.new(options)
            g.dataSource = source()
            g:reload()
            """)
        #expect(lua.eval("return asked, g:estimated()") == ["18", "true"])
        #expect(lua.eval("return g:frame(1, 18)") == ["0", "562", "100", "106"])
        #expect(lua.eval("return g:neighbor(1, 18, 'down')") == ["1", "21"])
        #expect(lua.eval("return full:neighbor(1, 18, 'down')") == ["1", "21"])
        #expect(lua.eval("return asked") == ["33"])
        #expect(lua.eval("return g:frame(1, 21)") == ["0", "678", "100", "97"])
        #expect(lua.eval("return full:frame(1, 21)") == ["0", "678", "100", "97"])
        #expect(lua.eval("return g:estimated()") == ["true"])
    }

    @Test func moduleTable() {
        let lua = LuaHarness()
        #expect(lua.eval("return gl.version") == ["1.2.0"])
        #expect(lua.eval("return type(gl.new)") == ["function"])
        #expect(lua.eval("return table.concat(gl.methods, ' ')") == [
            "reload reloadNew reloadSection contentSize offset frame headerFrame footerFrame loaderFrame sectionCount itemCount visible elements indexPathAt scrollTo scrollBy scrollToItem scrollToEnd resize page pageCount insert remove move step animating beginDrag dragTo endDrag dragging dequeue stats draw svg view measure estimated apply backgroundFrame neighbor sectionOffset scrollSection transition animateTo",
        ])
        #expect(lua.eval("return table.concat(gl.fields, ' ')") == [
            "layout direction width height padding inset spacing lineSpacing itemSpacing lanes columns minColumnWidth order rowHeight tolerance widow breakoutCadence loaderSize stickyHeaders stickyFooters paging pagingInverseOrder overscan animationDuration sort dragHysteresis autoScrollMargin autoScrollSpeed maxPooledViews rtl scale estimatedSize anchor followEnd startAt rows justify alignItems background scroll sectionPaging dataSource delegate",
        ])
        #expect(lua.eval("return table.concat(gl.layouts, ' ')") == ["lanes waterfall flow justified"])
        // The arrays are proper sequences.
        #expect(lua.eval("return #gl.methods, #gl.fields, #gl.layouts") == ["44", "43", "4"])
        // require returns the same module each time.
        #expect(lua.eval("return rawequal(require 'gridlayout', gl)") == ["true"])
    }

    @Test func everyListedMethodExistsAndEveryFieldReads() {
        let lua = LuaHarness()
        #expect(lua.eval("""
            local g = gl.new()
            local bad = {}
            for _, m in ipairs(gl.methods) do
              if type(g[m]) ~= "function" then bad[#bad + 1] = m end
            end
            for _, f in ipairs(gl.fields) do
              if f ~= "dataSource" and f ~= "delegate" and g[f] == nil then bad[#bad + 1] = f end
            end
            return #bad, table.concat(bad, " ")
            """) == ["0", ""])
    }

    @Test func toStringDescribesTheGrid() {
        let lua = LuaHarness()
        #expect(lua.eval("return tostring(gl.new())") == ["gridlayout.Grid: lanes vertical 320x480, 0 sections"])
        #expect(lua.eval("return tostring(gl.new{ layout = 'flow', direction = 'horizontal', width = 10, height = 20.5 })")
            == ["gridlayout.Grid: flow horizontal 10x20.5, 0 sections"])
        let ref = LuaAPI.referenceHarness()
        #expect(ref.eval("return tostring(grid)") == ["gridlayout.Grid: lanes vertical 100x50, 2 sections"])
        // One section: singular.
        #expect(lua.eval("local g = gl.new() g.dataSource = { count = function() return 1 end, size = function() return 1, 1 end } g:reload() return tostring(g)")
            == ["gridlayout.Grid: lanes vertical 320x480, 1 section"])
    }

    // MARK: - Options and fields

    @Test func defaultFields() {
        let lua = LuaHarness()
        let r = lua.eval("""
            local g = gl.new()
            local p, l = g.padding, g.loaderSize
            return g.layout, g.direction, g.width, g.height, p.top, p.left, p.bottom, p.right,
                   g.spacing, g.lanes, g.columns, g.order, g.rowHeight, g.tolerance, g.widow, l.w, l.h,
                   g.dataSource, g.delegate
            """)
        #expect(r == ["lanes", "vertical", "320", "480", "0", "0", "0", "0",
                      "0", "1", "2", "shortest", "100", "0.25", "left", "44", "44", "nil", "nil"])
    }

    @Test func newWithEveryOptionReadsBack() {
        let lua = LuaHarness()
        let r = lua.eval("""
            local ds, dl = { count = function() return 0 end, size = function() return 0, 0 end }, {}
            local g = gl.new{ layout = "waterfall", direction = "horizontal", width = 200, height = 100,
                              padding = { top = 1, left = 2, bottom = 3, right = 4 }, spacing = 6,
                              lanes = 3, columns = 4, order = "rtl", rowHeight = 50, tolerance = 0.5,
                              widow = "center", loaderSize = { w = 10, h = 20 },
                              dataSource = ds, delegate = dl }
            local p, l = g.padding, g.loaderSize
            return g.layout, g.direction, g.width, g.height, p.top, p.left, p.bottom, p.right,
                   g.spacing, g.lanes, g.columns, g.order, g.rowHeight, g.tolerance, g.widow, l.w, l.h,
                   rawequal(g.dataSource, ds), rawequal(g.delegate, dl), math.type(g.lanes)
            """)
        #expect(r == ["waterfall", "horizontal", "200", "100", "1", "2", "3", "4",
                      "6", "3", "4", "rtl", "50", "0.5", "center", "10", "20", "true", "true", "integer"])
    }

    @Test func paddingAsNumberAndPartialTable() {
        let lua = LuaHarness()
        #expect(lua.eval("""
            local p = gl.new{ padding = 5 }.padding
            return p.top, p.left, p.bottom, p.right
            """) == ["5", "5", "5", "5"])
        #expect(lua.eval("""
            local p = gl.new{ padding = { left = 7 } }.padding
            return p.top, p.left, p.bottom, p.right
            """) == ["0", "7", "0", "0"])
        #expect(lua.eval("""
            local g = gl.new()
            g.padding = 2.5
            local p = g.padding
            return p.top, p.left, p.bottom, p.right
            """) == ["2.5", "2.5", "2.5", "2.5"])
        // The table read back is a copy: changing it does not change the grid.
        #expect(lua.eval("""
            local g = gl.new{ padding = 1 }
            g.padding.top = 99
            g.loaderSize.w = 99
            return g.padding.top, g.loaderSize.w
            """) == ["1", "44"])
    }

    @Test func perSidePaddingPlacesItems() {
        let lua = LuaHarness()
        // Vertical: top/bottom are the S sides, left/right the C sides.
        #expect(lua.eval("""
            local g = gl.new{ width = 100, height = 50, padding = { top = 1, left = 2, bottom = 3, right = 4 } }
            g.dataSource = { count = function() return 1 end, size = function() return 10, 10 end }
            g:reload()
            local x, y, w, h = g:frame(1, 1)
            return x, y, w, h, g:contentSize()
            """) == ["2", "1", "10", "10", "100", "14"])
        // Horizontal: left/right are the S sides, top/bottom the C sides.
        #expect(lua.eval("""
            local g = gl.new{ direction = "horizontal", width = 100, height = 50,
                              padding = { top = 1, left = 2, bottom = 3, right = 4 } }
            g.dataSource = { count = function() return 1 end, size = function() return 10, 10 end }
            g:reload()
            local x, y, w, h = g:frame(1, 1)
            return x, y, w, h, g:contentSize()
            """) == ["2", "1", "10", "10", "16", "50"])
        // No items at all: the content's S extent is the two S paddings.
        #expect(lua.eval("""
            local g = gl.new{ width = 100, height = 50, padding = { top = 1, bottom = 3 } }
            g.dataSource = { count = function() return 0 end, size = function() return 10, 10 end }
            g:reload()
            return g:contentSize()
            """) == ["100", "4"])
    }

    @Test func fieldWritesTakeEffectAtTheNextReload() {
        let lua = LuaHarness()
        lua.eval("""
            g = gl.new{ width = 400, height = 100 }
            g.dataSource = { count = function() return 8 end, size = function() return 100, 50 end }
            g:reload()
            """)
        // One lane: item 2 is below item 1.
        #expect(lua.eval("return g:frame(1, 2)") == ["0", "50", "100", "50"])
        #expect(lua.eval("return g:contentSize()") == ["400", "400"])
        lua.eval("g.lanes = 4; g.spacing = 10; g.width = 500")
        // Read back at once...
        #expect(lua.eval("return g.lanes, g.spacing, g.width") == ["4", "10", "500"])
        // ...but the layout is the old one until reload.
        #expect(lua.eval("return g:frame(1, 2)") == ["0", "50", "100", "50"])
        #expect(lua.eval("return g:contentSize()") == ["400", "400"])
        lua.eval("g:reload()")
        // Four lanes, 10 apart: item 2 is in lane 2 at C 110; item 5 starts line 2 at S 60.
        #expect(lua.eval("return g:frame(1, 2)") == ["110", "0", "100", "50"])
        #expect(lua.eval("return g:frame(1, 5)") == ["0", "60", "100", "50"])
        #expect(lua.eval("return g:contentSize()") == ["500", "110"])
    }

    // Every layout's frames through the Lua module (directions, waterfall orders, flow wrapping,
    // justified rows and widows, the loader): the shared fixtures, LuaFixtureTests.

    // MARK: - Queries

    @Test func referenceFrames() {
        let lua = LuaAPI.referenceHarness()
        #expect(lua.eval("return grid:sectionCount(), grid:itemCount(1), grid:itemCount(2)") == ["2", "3", "2"])
        #expect(lua.eval("return grid:contentSize()") == ["100", "169"])
        #expect(lua.eval("return grid:offset()") == ["0", "0"])
        #expect(lua.eval("return grid:frame(1, 1)") == ["5", "5", "40", "20"])
        #expect(lua.eval("return grid:frame(1, 2)") == ["55", "5", "40", "20"])
        #expect(lua.eval("return grid:frame(1, 3)") == ["5", "35", "40", "20"])
        #expect(lua.eval("return grid:frame(2, 1)") == ["5", "90", "40", "20"])
        #expect(lua.eval("return grid:frame(2, 2)") == ["55", "90", "40", "20"])
        // A float with an integral value counts as an index.
        #expect(lua.eval("return grid:frame(2.0, 2.0)") == ["55", "90", "40", "20"])
        // Section 1 has no header: nil. Section 2's header spans the viewport's C size (999 ignored).
        #expect(lua.eval("return grid:headerFrame(1)") == ["nil"])
        #expect(lua.eval("return select('#', grid:headerFrame(1))") == ["1"])
        #expect(lua.eval("return grid:headerFrame(2)") == ["0", "65", "100", "15"])
        // The loader is centred on C: (100 - 44) / 2 = 28, after spacing.
        #expect(lua.eval("return grid:loaderFrame()") == ["28", "120", "44", "44"])
        // Numbers come back as integers when integral.
        #expect(lua.eval("return math.type((grid:frame(1, 1))), math.type((grid:contentSize()))") == ["integer", "integer"])
    }

    @Test func visibleElementTables() {
        let lua = LuaAPI.referenceHarness()
        #expect(lua.eval("return dump(grid:visible())") == [
            "item 1 1 5 5 40 20 1 1; item 1 2 55 5 40 20 1 1; item 1 3 5 35 40 20 1 1",
        ])
        // Each element is a fresh table with exactly the documented keys.
        #expect(lua.eval("""
            local keys = {}
            for k in pairs(grid:visible()[1]) do keys[#keys + 1] = k end
            table.sort(keys)
            return table.concat(keys, " ")
            """) == ["alpha h item kind scale section w x y"])
        lua.eval("grid:scrollTo(0, 60)")
        // Header then its items; the header has no item; touching edges do not count.
        #expect(lua.eval("return dump(grid:visible())") == [
            "header 2 nil 0 65 100 15 1 1; item 2 1 5 90 40 20 1 1; item 2 2 55 90 40 20 1 1",
        ])
        #expect(lua.eval("local e = grid:visible()[1]; return e.kind, e.section, e.item") == ["header", "2", "nil"])
        // At the end: the loader alone (no section, no item).
        lua.eval("grid:scrollTo(0, 1000)")
        #expect(lua.eval("return grid:offset()") == ["0", "119"])
        #expect(lua.eval("return dump(grid:visible())") == ["loader nil nil 28 120 44 44 1 1"])
        // Item 2.2 ends at 110; offset 110 shows only the loader, 109.5 also the items.
        lua.eval("grid:scrollTo(0, 110)")
        #expect(lua.eval("return #grid:visible(), grid:visible()[1].kind") == ["1", "loader"])
        lua.eval("grid:scrollTo(0, 109.5)")
        #expect(lua.eval("return #grid:visible()") == ["3"])
    }

    @Test func elementsInRect() {
        let lua = LuaAPI.referenceHarness()
        // The whole content, in order: per section header then items, loader last.
        #expect(lua.eval("return dump(grid:elements(0, 0, 100, 169))") == [
            "item 1 1 5 5 40 20 1 1; item 1 2 55 5 40 20 1 1; item 1 3 5 35 40 20 1 1; "
                + "header 2 nil 0 65 100 15 1 1; item 2 1 5 90 40 20 1 1; item 2 2 55 90 40 20 1 1; "
                + "loader nil nil 28 120 44 44 1 1",
        ])
        // The gap between the lanes (x 45..55): only the header and the loader cross it.
        #expect(lua.eval("return dump(grid:elements(45, 0, 10, 169))") == [
            "header 2 nil 0 65 100 15 1 1; loader nil nil 28 120 44 44 1 1",
        ])
        // A rect touching item 1.1's corner only: nothing.
        #expect(lua.eval("return #grid:elements(0, 0, 5, 5)") == ["0"])
        // Zero-area rect: nothing.
        #expect(lua.eval("return #grid:elements(10, 10, 0, 10)") == ["0"])
        // Scrolling does not change elements().
        lua.eval("grid:scrollTo(0, 100)")
        #expect(lua.eval("return #grid:elements(0, 0, 100, 169)") == ["7"])
    }

    @Test func indexPathAtPoints() {
        let lua = LuaAPI.referenceHarness()
        #expect(lua.eval("return grid:indexPathAt(5, 5)") == ["1", "1"])       // top-left edge included
        #expect(lua.eval("return grid:indexPathAt(44.9, 24.9)") == ["1", "1"])
        #expect(lua.eval("return grid:indexPathAt(45, 5)") == ["nil"])         // right edge excluded
        #expect(lua.eval("return grid:indexPathAt(50, 10)") == ["nil"])        // between the lanes
        #expect(lua.eval("return grid:indexPathAt(60, 95)") == ["2", "2"])
        #expect(lua.eval("return grid:indexPathAt(5, 35)") == ["1", "3"])
        #expect(lua.eval("return grid:indexPathAt(10, 70)") == ["nil"])        // a header is not an item
        #expect(lua.eval("return grid:indexPathAt(50, 130)") == ["nil"])       // nor is the loader
        #expect(lua.eval("return grid:indexPathAt(-1, -1)") == ["nil"])
        #expect(lua.eval("return select('#', grid:indexPathAt(-1, -1))") == ["1"])
        #expect(lua.eval("return math.type((grid:indexPathAt(5, 5)))") == ["integer"])
    }

    @Test func scrollToAndScrollByClamp() {
        let lua = LuaAPI.referenceHarness()
        // Max offset: (max(0, 100 - 100), 169 - 50) = (0, 119).
        #expect(lua.eval("grid:scrollTo(30, 40); return grid:offset()") == ["0", "40"])
        #expect(lua.eval("grid:scrollBy(0, 25.5); return grid:offset()") == ["0", "65.5"])
        #expect(lua.eval("grid:scrollBy(0, -1000); return grid:offset()") == ["0", "0"])
        #expect(lua.eval("grid:scrollTo(-5, -5); return grid:offset()") == ["0", "0"])
        #expect(lua.eval("grid:scrollBy(0, math.huge); return grid:offset()") == ["0", "119"])
        #expect(lua.eval("grid:scrollBy(0, -math.huge); return grid:offset()") == ["0", "0"])
        #expect(lua.eval("grid:scrollTo(math.huge, math.huge); return grid:offset()") == ["0", "119"])
        #expect(lua.eval("grid:scrollTo(-math.huge, -math.huge); return grid:offset()") == ["0", "0"])
        // They return nothing.
        #expect(lua.eval("return select('#', grid:scrollTo(0, 1)), select('#', grid:scrollBy(0, 1))") == ["0", "0"])
        // NaN is an error and leaves the offset alone.
        lua.eval("grid:scrollTo(0, 50)")
        #expect(lua.error("grid:scrollBy(0/0, 0)") == "test:1: offset (nan, 0) is invalid (NaN)")
        #expect(lua.error("grid:scrollTo(0, 0/0)") == "test:1: offset (0, nan) is invalid (NaN)")
        #expect(lua.error("grid:scrollBy(0, 0/0)") == "test:1: offset (0, nan) is invalid (NaN)")
        #expect(lua.eval("return grid:offset()") == ["0", "50"])
    }

    @Test func horizontalScrollClampsOnX() {
        let lua = LuaHarness()
        #expect(lua.eval("""
            local g = gl.new{ direction = "horizontal", width = 100, height = 50, lanes = 2 }
            g.dataSource = { count = function() return 10 end, size = function() return 40, 20 end }
            g:reload()
            local cw, ch = g:contentSize()
            g:scrollTo(1e6, 1e6)
            local x, y = g:offset()
            return cw, ch, x, y
            """) == ["200", "50", "100", "0"])
    }

    @Test func offsetIsReclampedByReload() {
        let lua = LuaAPI.referenceHarness()
        lua.eval("grid:scrollTo(0, 119)")
        // One item (5..25), the loader after spacing (35..79), padding: content 84, max offset 34.
        lua.eval("""
            grid.dataSource = { count = function() return 1 end, size = function() return 40, 20 end,
                                showLoader = function() return true end }
            grid:reload()
            """)
        #expect(lua.eval("return grid:contentSize()") == ["100", "84"])
        #expect(lua.eval("return grid:offset()") == ["0", "34"])
    }

    @Test func emptyGridBeforeReload() {
        let lua = LuaHarness()
        // Options take effect at the first reload: until then the layout is the default
        // configuration's empty one (320 wide, no padding).
        #expect(lua.eval("""
            local g = gl.new{ width = 100, height = 50, padding = 4 }
            return g:sectionCount(), #g:visible(), g:loaderFrame(), rect(g:contentSize()), rect(g:offset())
            """.replacingRect()) == ["0", "0", "nil", "320,0", "0,0"])
    }

    @Test func methodsOnTwoGridsAreIndependent() {
        let lua = LuaHarness()
        #expect(lua.eval("""
            local a = gl.new{ lanes = 2, width = 100 }
            local b = gl.new{ lanes = 1, width = 100 }
            local ds = { count = function() return 2 end, size = function() return 50, 50 end }
            a.dataSource, b.dataSource = ds, ds
            a:reload(); b:reload()
            return rect(a:frame(1, 2)) .. " " .. rect(b:frame(1, 2)) .. " " .. a.lanes .. " " .. b.lanes
            """.replacingRect()) == ["50,0,50,50 0,50,50,50 2 1"])
    }
}

extension String {
    /// Test sources use `rect(...)` defined here too, so each chunk is standalone.
    func replacingRect() -> String {
        "local function rect(...) return table.concat({...}, ',') end\n" + self
    }

}
