import Testing
@testable import GridScript

/// Every error a script can meet, with its exact message (positions are the chunk `test`'s lines),
/// and the rule that a failed reload leaves the previous layout whole.
@Suite struct LuaErrorTests {
    // MARK: - Calling methods wrongly

    @Test(arguments: LuaGridMethods.names)
    func badSelf(method: String) {
        let lua = LuaAPI.referenceHarness()
        #expect(lua.error("grid.\(method)()")
            == "test:1: bad self to '\(method)' (gridlayout.Grid expected, got no value; call it as grid:\(method)(...))")
        #expect(lua.error("grid.\(method)(1, 1, 1, 1)")
            == "test:1: bad self to '\(method)' (gridlayout.Grid expected, got number; call it as grid:\(method)(...))")
        #expect(lua.error("grid.\(method)({}, 1, 1, 1, 1)")
            == "test:1: bad self to '\(method)' (gridlayout.Grid expected, got table; call it as grid:\(method)(...))")
        // Another userdata is not a grid either.
        #expect(lua.error("grid.\(method)(io.stdout, 1, 1, 1, 1)")
            == "test:1: bad self to '\(method)' (gridlayout.Grid expected, got userdata; call it as grid:\(method)(...))")
    }

    @Test func badArgumentTypes() {
        let lua = LuaAPI.referenceHarness()
        let cases: [(String, String)] = [
            ("grid:frame('a', 1)", "bad argument #1 to 'frame' (number expected, got string)"),
            ("grid:frame(1)", "bad argument #2 to 'frame' (number expected, got no value)"),
            ("grid:frame(1, nil)", "bad argument #2 to 'frame' (number expected, got nil)"),
            ("grid:frame(1.5, 1)", "bad argument #1 to 'frame' (number has no integer representation)"),
            ("grid:frame(1, 0/0)", "bad argument #2 to 'frame' (number has no integer representation)"),
            ("grid:frame(1, math.huge)", "bad argument #2 to 'frame' (number has no integer representation)"),
            ("grid:headerFrame()", "bad argument #1 to 'headerFrame' (number expected, got no value)"),
            ("grid:headerFrame(1.25)", "bad argument #1 to 'headerFrame' (number has no integer representation)"),
            ("grid:itemCount({})", "bad argument #1 to 'itemCount' (number expected, got table)"),
            ("grid:elements(0, 0, 10)", "bad argument #4 to 'elements' (number expected, got no value)"),
            ("grid:elements('x', 0, 10, 10)", "bad argument #1 to 'elements' (number expected, got string)"),
            ("grid:indexPathAt(1)", "bad argument #2 to 'indexPathAt' (number expected, got no value)"),
            ("grid:scrollTo('x', 0)", "bad argument #1 to 'scrollTo' (number expected, got string)"),
            ("grid:scrollTo(0)", "bad argument #2 to 'scrollTo' (number expected, got no value)"),
            ("grid:scrollBy(0, true)", "bad argument #2 to 'scrollBy' (number expected, got boolean)"),
            ("grid:svg(5)", "bad argument #1 to 'svg' (string or table expected, got number)"),
            ("grid:svg{ size = 1 }", "svg: unknown option 'size' (expected viewport)"),
            ("grid:draw{ cols = 0 }", "draw: option 'cols' must be an integer in 1...10000, got 0"),
            ("grid:draw{ rows = 2.5 }", "draw: option 'rows' must be an integer in 1...10000, got 2.5"),
            ("grid:draw{ cols = 10001 }", "draw: option 'cols' must be an integer in 1...10000, got 10001"),
            ("grid:draw{ cols = '10' }", "draw: option 'cols' must be an integer in 1...10000, got '10'"),
            ("grid:draw{ colour = 1 }", "draw: unknown option 'colour' (expected cols, rows, text)"),
            ("grid:draw{ viewport = 1 }", "draw: unknown option 'viewport' (expected cols, rows, text)"),
            ("grid:draw{ rwos = 1 }", "draw: unknown option 'rwos' (expected cols, rows, text) (did you mean 'rows'?)"),
            ("grid:svg('/tmp/x.svg', { size = 1 })", "svg: unknown option 'size' (expected viewport)"),
            ("grid:svg('/tmp/x.svg', { cols = 1 })", "svg: unknown option 'cols' (expected viewport)"),
        ]
        for (code, message) in cases {
            #expect(lua.error(code) == "test:1: " + message, "\(code)")
        }
        // Nothing above changed the grid.
        #expect(lua.eval("return grid:offset()") == ["0", "0"])
    }

    /// An options argument of the wrong type reads like every other bad argument: numbered, and
    /// "table expected" as luaL_checktype would say it.
    @Test func badOptionsArgumentIsNumbered() {
        let lua = LuaAPI.referenceHarness()
        #expect(lua.error("grid:draw(5)") == "test:1: bad argument #1 to 'draw' (table expected, got number)")
        #expect(lua.error("grid:svg('/tmp/x.svg', 'viewport')") == "test:1: bad argument #2 to 'svg' (table expected, got string)")
    }

    @Test func outOfRangeIndexPaths() {
        let lua = LuaAPI.referenceHarness()
        let cases: [(String, String)] = [
            ("grid:frame(3, 1)", "item (section 3, item 1) is out of range: there is no section 3"),
            ("grid:frame(0, 1)", "item (section 0, item 1) is out of range: there is no section 0"),
            ("grid:frame(-1, 1)", "item (section -1, item 1) is out of range: there is no section -1"),
            ("grid:frame(1, 4)", "item (section 1, item 4) is out of range: section 1 has 3 items"),
            ("grid:frame(2, 3)", "item (section 2, item 3) is out of range: section 2 has 2 items"),
            ("grid:frame(1, 0)", "item (section 1, item 0) is out of range: section 1 has 3 items"),
            ("grid:headerFrame(3)", "section 3 is out of range: the grid has 2 sections"),
            ("grid:headerFrame(0)", "section 0 is out of range: the grid has 2 sections"),
            ("grid:itemCount(3)", "section 3 is out of range: the grid has 2 sections"),
            ("grid:itemCount(0)", "section 0 is out of range: the grid has 2 sections"),
        ]
        for (code, message) in cases {
            #expect(lua.error(code) == "test:1: " + message, "\(code)")
        }
        // Before any reload there are no sections: a frame or a scroll to an element says so,
        // a count is of the empty grid, and visible() is empty.
        #expect(lua.error("gl.new():frame(1, 1)") == "test:1: item (section 1, item 1): the grid has not been reloaded yet (call reload() first)")
        #expect(lua.error("gl.new():headerFrame(2)") == "test:1: header of section 2: the grid has not been reloaded yet (call reload() first)")
        #expect(lua.error("gl.new():scrollToItem(1, 3)") == "test:1: item (section 1, item 3): the grid has not been reloaded yet (call reload() first)")
        #expect(lua.error("gl.new():neighbor(1, 1, 'down')") == "test:1: item (section 1, item 1): the grid has not been reloaded yet (call reload() first)")
        #expect(lua.error("assert(#gl.new():visible() == 0); error('visible is empty')") == "test:1: visible is empty")
        #expect(lua.error("gl.new():itemCount(1)") == "test:1: section 1 is out of range: the grid has 0 sections")
    }

    // MARK: - Options

    @Test func newErrors() {
        let lua = LuaHarness()
        #expect(lua.error("gl.new{ foo = 1 }") == "test:1: unknown option 'foo'")
        #expect(lua.error("gl.new{ Lanes = 2 }") == "test:1: unknown option 'Lanes' (did you mean 'lanes'?)")
        #expect(lua.error("gl.new(5)") == "test:1: bad argument #1 to 'new' (table expected, got number)")
        #expect(lua.error("gl.new('lanes')") == "test:1: bad argument #1 to 'new' (table expected, got string)")
        #expect(lua.error("gl.new{ 1 }") == "test:1: bad argument #1 to 'new' (option names are strings, got number)")
        #expect(lua.error("gl.new{ lanes = 0 }") == "test:1: option 'lanes': 0 is invalid (expected 1...10000)")
        #expect(lua.error("gl.new{ layout = 'grid' }")
            == "test:1: option 'layout': 'grid' is invalid (expected one of 'lanes', 'waterfall', 'flow', 'justified')")
        #expect(lua.error("gl.new{ dataSource = 5 }") == "test:1: grid.dataSource must be a table or nil, got number")
        #expect(lua.error("gl.new{ padding = { top = 1, middle = 2 } }")
            == "test:1: option 'padding': unexpected key 'middle' (expected top, left, bottom, right)")
        // A grid can be made with no table or nil.
        #expect(lua.eval("return gl.new().lanes, gl.new(nil).lanes") == ["1", "1"])
    }

    /// A misspelt option, method, choice or picture option: the message names the nearest one.
    @Test func didYouMean() {
        let lua = LuaAPI.referenceHarness()
        let cases: [(String, String)] = [
            ("grid.colums = 3", "unknown option 'colums' (did you mean 'columns'?)"),
            ("gl.new{ lanse = 3 }", "unknown option 'lanse' (did you mean 'lanes'?)"),
            ("grid.datasource = {}", "unknown option 'datasource' (did you mean 'dataSource'?)"),
            ("grid.layout = 'masonry'",
             "option 'layout': 'masonry' is invalid (expected one of 'lanes', 'waterfall', 'flow', 'justified') (did you mean 'waterfall'?)"),
            ("grid.layout = 'Flow'",
             "option 'layout': 'Flow' is invalid (expected one of 'lanes', 'waterfall', 'flow', 'justified') (did you mean 'flow'?)"),
            ("grid.order = 'shortst'", "option 'order': 'shortst' is invalid (expected one of 'shortest', 'ltr', 'rtl') (did you mean 'shortest'?)"),
            ("grid.rows = 'optimla'", "option 'rows': 'optimla' is invalid (expected one of 'greedy', 'optimal') (did you mean 'optimal'?)"),
            ("grid:relaod()", "unknown method 'relaod' (did you mean 'reload'?)"),
            ("grid:scrolTo(0, 0)", "unknown method 'scrolTo' (did you mean 'scrollTo'?)"),
            ("grid:scrollToItem(1, 1, 'centre')",
             "bad argument #3 to 'scrollToItem' (expected one of 'start', 'center', 'end', 'nearest', got 'centre') (did you mean 'center'?)"),
        ]
        for (code, message) in cases {
            #expect(lua.error(code) == "test:1: " + message, "\(code)")
        }
        // Far from every name: nil, as any field that is not an option; near an option: nil too.
        #expect(lua.eval("return grid.nosuch, grid.widht, type(grid.relaod)") == ["nil", "nil", "function"])
        #expect(lua.error("grid.layout = 'grid'")
            == "test:1: option 'layout': 'grid' is invalid (expected one of 'lanes', 'waterfall', 'flow', 'justified')")
    }

    @Test func assignmentErrors() {
        let lua = LuaAPI.referenceHarness()
        let cases: [(String, String)] = [
            ("grid.foo = 1", "unknown option 'foo'"),
            ("grid.contentsize = 1", "unknown option 'contentsize'"),
            ("grid.reload = 1", "unknown option 'reload'"),
            ("grid[1] = 2", "grid fields are named by strings, got number"),
            ("grid.lanes = '3'", "option 'lanes': '3' is invalid (expected an integer)"),
            ("grid.lanes = 2.5", "option 'lanes': 2.5 is invalid (expected an integer)"),
            ("grid.lanes = 0", "option 'lanes': 0 is invalid (expected 1...10000)"),
            ("grid.lanes = -3", "option 'lanes': -3 is invalid (expected 1...10000)"),
            ("grid.lanes = 10001", "option 'lanes': 10001 is invalid (expected 1...10000)"),
            ("grid.lanes = true", "option 'lanes': true is invalid (expected an integer)"),
            ("grid.lanes = nil", "option 'lanes': nil is invalid"),
            ("grid.columns = 0", "option 'columns': 0 is invalid (expected 1...10000)"),
            ("grid.width = -1", "option 'width': -1 is invalid (expected a finite number >= 0)"),
            ("grid.height = math.huge", "option 'height': inf is invalid (expected a finite number >= 0)"),
            ("grid.width = 0/0", "option 'width': nan is invalid (expected a finite number >= 0)"),
            ("grid.spacing = '5'", "option 'spacing': '5' is invalid (expected a number)"),
            ("grid.spacing = -0.5", "option 'spacing': -0.5 is invalid (expected a finite number >= 0)"),
            ("grid.lineSpacing = 0/0", "option 'lineSpacing': nan is invalid (expected a finite number >= 0)"),
            ("grid.itemSpacing = -1", "option 'itemSpacing': -1 is invalid (expected a finite number >= 0)"),
            ("grid.layout = 'grid'", "option 'layout': 'grid' is invalid (expected one of 'lanes', 'waterfall', 'flow', 'justified')"),
            ("grid.layout = 1", "option 'layout': 1 is invalid (expected one of 'lanes', 'waterfall', 'flow', 'justified')"),
            ("grid.direction = 'diagonal'", "option 'direction': 'diagonal' is invalid (expected one of 'vertical', 'horizontal')"),
            ("grid.order = 'up'", "option 'order': 'up' is invalid (expected one of 'shortest', 'ltr', 'rtl')"),
            ("grid.widow = 'right'", "option 'widow': 'right' is invalid (expected one of 'left', 'center', 'justify')"),
            ("grid.rowHeight = 0", "option 'rowHeight': 0 is invalid (expected a finite number > 0)"),
            ("grid.tolerance = 1.5", "option 'tolerance': 1.5 is invalid (expected a number in 0...1)"),
            ("grid.tolerance = -0.1", "option 'tolerance': -0.1 is invalid (expected a number in 0...1)"),
            ("grid.padding = 'x'", "option 'padding': 'x' is invalid (expected a number or {top, left, bottom, right})"),
            ("grid.padding = true", "option 'padding': true is invalid (expected a number or {top, left, bottom, right})"),
            ("grid.padding = -1", "option 'padding': {top=-1, left=-1, bottom=-1, right=-1} is invalid (expected finite sides >= 0)"),
            ("grid.padding = { top = 1, middle = 2 }", "option 'padding': unexpected key 'middle' (expected top, left, bottom, right)"),
            ("grid.padding = { 1, 2 }", "option 'padding': unexpected key 1 (expected top, left, bottom, right)"),
            ("grid.padding = { top = '1' }", "option 'padding': top must be a number, got string"),
            ("grid.padding = { left = -2 }", "option 'padding': {top=0, left=-2, bottom=0, right=0} is invalid (expected finite sides >= 0)"),
            ("grid.loaderSize = 5", "option 'loaderSize': 5 is invalid (expected a size {w, h})"),
            ("grid.loaderSize = { w = 1, x = 2 }", "option 'loaderSize': unexpected key 'x' (expected w, h)"),
            ("grid.loaderSize = { w = -1 }", "option 'loaderSize': -1x0 is invalid (expected finite sides >= 0)"),
            ("grid.loaderSize = { h = 'big' }", "option 'loaderSize': h must be a number, got string"),
            ("grid.dataSource = 5", "grid.dataSource must be a table or nil, got number"),
            ("grid.delegate = 'x'", "grid.delegate must be a table or nil, got string"),
            ("grid.delegate = print", "grid.delegate must be a table or nil, got function"),
        ]
        for (code, message) in cases {
            #expect(lua.error(code) == "test:1: " + message, "\(code)")
        }
        // A rejected value leaves the field as it was.
        #expect(lua.eval("""
            local p = grid.padding
            return grid.lanes, grid.width, grid.height, grid.spacing, grid.layout, grid.tolerance,
                   p.top, p.left, grid.loaderSize.w, type(grid.dataSource)
            """) == ["2", "100", "50", "10", "lanes", "0.25", "5", "5", "44", "table"])
        // ...and the grid still reloads to the same layout.
        #expect(lua.eval("grid:reload(); return grid:contentSize()") == ["100", "169"])
    }

    /// The name is checked before the value: an unknown name is reported as such whatever its value.
    @Test func unknownOptionWinsOverValueType() {
        let lua = LuaAPI.referenceHarness()
        #expect(lua.error("grid.foo = print") == "test:1: unknown option 'foo'")
        #expect(lua.error("grid.foo = { x = 1 }") == "test:1: unknown option 'foo'")
        #expect(lua.error("grid.foo = nil") == "test:1: unknown option 'foo'")
        #expect(lua.error("gl.new{ foo = { x = 1 } }") == "test:1: unknown option 'foo'")
    }

    // MARK: - Reload errors

    /// Runs `source` (one line, a data source constructor) as the grid's data source and reloads on
    /// line 1; returns the error message; checks that the previous layout is whole.
    private func failingReload(_ lua: LuaHarness, _ source: String, sourceLocation: SourceLocation = #_sourceLocation) -> String {
        let before = lua.eval("return snapshot(grid)")
        let message = lua.error("grid.dataSource = \(source); grid:reload()")
        #expect(lua.eval("return snapshot(grid)") == before, "layout changed by a failed reload of \(source)",
                sourceLocation: sourceLocation)
        return message
    }

    /// The reference grid, scrolled to (0, 60) so the offset's survival is checked too.
    private func scrolledReference() -> LuaHarness {
        let lua = LuaAPI.referenceHarness()
        lua.eval("grid:scrollTo(0, 60)")
        #expect(lua.eval("return grid:offset()") == ["0", "60"])
        return lua
    }

    @Test func reloadWithoutDataSourceOrRequiredCallbacks() {
        let lua = scrolledReference()
        #expect(failingReload(lua, "nil")
            == "test:1: reload: the grid has no dataSource (set grid.dataSource to a table of callbacks)")
        #expect(failingReload(lua, "{ size = function() return 1, 1 end }")
            == "test:1: reload: the dataSource has no 'count' function (count(section) returns the section's item count)")
        #expect(failingReload(lua, "{ count = function() return 1 end }")
            == "test:1: reload: the dataSource has no 'size' function (size(section, item) returns width, height)")
        #expect(failingReload(lua, "{ count = 5, size = function() return 1, 1 end }")
            == "test:1: reload: dataSource.count must be a function, got number")
        #expect(failingReload(lua, "{ count = function() return 1 end, size = { 1, 1 } }")
            == "test:1: reload: dataSource.size must be a function, got table")
        #expect(failingReload(lua, "{ count = function() return 1 end, size = function() return 1, 1 end, header = 'x' }")
            == "test:1: reload: dataSource.header must be a function, got string")
        #expect(failingReload(lua, "{ count = function() return 1 end, size = function() return 1, 1 end, lanes = 2 }")
            == "test:1: reload: dataSource.lanes must be a function, got number")
        #expect(failingReload(lua, "{ count = function() return 1 end, size = function() return 1, 1 end, sizes = {} }")
            == "test:1: reload: dataSource.sizes must be a function, got table")
        // Fixed, it reloads.
        #expect(lua.eval("grid.dataSource = { count = function() return 1 end, size = function() return 1, 1 end }; grid:reload(); return grid:itemCount(1)") == ["1"])
    }

    @Test func raisingCallbacksNameCallbackAndIndexPathWithTraceback() {
        let lua = scrolledReference()
        let base = "count = function(s) return 2 end, size = function(s, i) return 10, 10 end"
        let cases: [(String, String)] = [
            ("{ sections = function() return 2 end, count = function(s) return 2 end, size = function(s, i) if s == 2 and i == 1 then error('boom') end return 10, 10 end }",
             "test:1: data source 'size' failed for item (section 2, item 1): test:1: boom"),
            ("{ sections = function() return 2 end, count = function(s) if s == 2 then error('no count') end return 2 end, size = function(s, i) return 10, 10 end }",
             "test:1: data source 'count' failed for section 2: test:1: no count"),
            ("{ sections = function() error('no sections') end, \(base) }",
             "test:1: data source 'sections' failed for grid: test:1: no sections"),
            ("{ sameSize = function() error('no sameSize') end, \(base) }",
             "test:1: data source 'sameSize' failed for grid: test:1: no sameSize"),
            ("{ header = function(s) error('no header ' .. s) end, \(base) }",
             "test:1: data source 'header' failed for header of section 1: test:1: no header 1"),
            ("{ lanes = function(s) error('no lanes') end, \(base) }",
             "test:1: data source 'lanes' failed for section 1: test:1: no lanes"),
            ("{ showLoader = function() error('no loader') end, \(base) }",
             "test:1: data source 'showLoader' failed for loader: test:1: no loader"),
            ("{ count = function(s) error({ code = 1 }) end, size = function() return 1, 1 end }",
             "test:1: data source 'count' failed for section 1: (error object is a table value)"),
            ("{ count = function(s) error('plain', 0) end, size = function() return 1, 1 end }",
             "test:1: data source 'count' failed for section 1: plain"),
            ("{ count = function(s) return 1 end, size = function() local t = nil; return t.x end }",
             "test:1: data source 'size' failed for item (section 1, item 1): test:1: attempt to index a nil value (local 't')"),
            // Sizes are asked in batches of 256: an error inside one, and in a later one, names its item.
            ("{ count = function(s) return 600 end, size = function(s, i) if i == 7 then error('seven') end return 10, 10 end }",
             "test:1: data source 'size' failed for item (section 1, item 7): test:1: seven"),
            ("{ count = function(s) return 600 end, size = function(s, i) if i == 300 then error('three hundred') end return 10, 10 end }",
             "test:1: data source 'size' failed for item (section 1, item 300): test:1: three hundred"),
        ]
        for (source, first) in cases {
            let message = failingReload(lua, source)
            #expect(firstLine(message) == first, "\(source)")
            #expect(message.contains("\nstack traceback:\n"), "no traceback: \(message)")
        }
        // The traceback goes through the callback.
        let message = failingReload(lua, "{ count = function() return 1 end, size = function() error('deep') end }")
        #expect(message.contains("[C]: in function 'error'"), "\(message)")
        #expect(message.contains("test:1: in "), "\(message)")
        // A later good reload works (the grid is not stuck "reloading").
        #expect(lua.eval("grid.dataSource = { \(base) }; grid:reload(); return grid:itemCount(1)") == ["2"])
    }

    @Test func badReturnValuesNameCallbackAndIndexPath() {
        let lua = scrolledReference()
        let count = "count = function(s) return 1 end"
        let size = "size = function(s, i) return 10, 10 end"
        let cases: [(String, String)] = [
            // Wrong types.
            ("{ \(count), size = function() return '10', '20' end }",
             "test:1: data source 'size' failed for item (section 1, item 1): returned '10', '20'; expected two numbers (width, height)"),
            ("{ \(count), size = function() end }",
             "test:1: data source 'size' failed for item (section 1, item 1): returned nil, nil; expected two numbers (width, height)"),
            ("{ \(count), size = function() return 10 end }",
             "test:1: data source 'size' failed for item (section 1, item 1): returned 10, nil; expected two numbers (width, height)"),
            ("{ \(count), size = function() return { w = 10, h = 10 } end }",
             "test:1: data source 'size' failed for item (section 1, item 1): returned table, nil; expected two numbers (width, height)"),
            ("{ count = function() return 600 end, size = function(s, i) if i == 513 then return 10, '20' end return 10, 10 end }",
             "test:1: data source 'size' failed for item (section 1, item 513): returned 10, '20'; expected two numbers (width, height)"),
            ("{ \(count), \(size), header = function() return 30 end }",
             "test:1: data source 'header' failed for header of section 1: returned 30, nil; expected two numbers (width, height)"),
            ("{ count = function() return '3' end, \(size) }",
             "test:1: data source 'count' failed for section 1: returned '3', expected an integer"),
            ("{ count = function() end, \(size) }",
             "test:1: data source 'count' failed for section 1: returned nil, expected an integer"),
            ("{ count = function() return 2.5 end, \(size) }",
             "test:1: data source 'count' failed for section 1: returned 2.5, expected an integer"),
            ("{ sections = function() return true end, \(count), \(size) }",
             "test:1: data source 'sections' failed for grid: returned boolean, expected an integer"),
            ("{ \(count), \(size), lanes = function() return '2' end }",
             "test:1: data source 'lanes' failed for section 1: returned '2', expected an integer"),
            // Bad sizes: NaN, negative, infinite.
            ("{ \(count), size = function() return 0/0, 10 end }",
             "test:1: data source 'size' returned nanx10 for item (section 1, item 1) (sizes must be finite and >= 0)"),
            ("{ count = function() return 3 end, size = function(s, i) return 10, i == 3 and -1 or 10 end }",
             "test:1: data source 'size' returned 10x-1 for item (section 1, item 3) (sizes must be finite and >= 0)"),
            ("{ \(count), size = function() return math.huge, 10 end }",
             "test:1: data source 'size' returned infx10 for item (section 1, item 1) (sizes must be finite and >= 0)"),
            ("{ \(count), size = function() return 10, -math.huge end }",
             "test:1: data source 'size' returned 10x-inf for item (section 1, item 1) (sizes must be finite and >= 0)"),
            ("{ sections = function() return 2 end, \(count), \(size), header = function(s) if s == 2 then return 10, -5 end end }",
             "test:1: data source 'header' returned 10x-5 for header of section 2 (sizes must be finite and >= 0)"),
            // The bulk sizes(section) callback.
            ("{ count = function() return 3 end, sizes = function() return { 1, 1, 2, 2 } end }",
             "test:1: data source 'sizes' returned 2 sizes for section 1, but 'count' returned 3 earlier in the same reload"),
            ("{ count = function() return 2 end, sizes = function() return { 1, 1, 2 } end }",
             "test:1: data source 'sizes' failed for section 1: returned a flat table of 3 numbers, expected width, height pairs"),
            ("{ count = function() return 2 end, sizes = function() return { 1, 1, 'a', 2 } end }",
             "test:1: data source 'sizes' failed for section 1: entries 3, 4 returned 'a', 2; expected two numbers (width, height)"),
            ("{ count = function() return 2 end, sizes = function() return { { 1, 1 }, 5 } end }",
             "test:1: data source 'sizes' failed for section 1: returned a table whose entry 2 is a number, expected {width, height}"),
            ("{ count = function() return 2 end, sizes = function() return { { 1, 1 }, { 2 } } end }",
             "test:1: data source 'sizes' failed for section 1: entry 2 returned 2, nil; expected two numbers (width, height)"),
            ("{ count = function() return 2 end, sizes = function() return { 1, 1, -2, 2 } end }",
             "test:1: data source 'sizes' returned -2x2 for item (section 1, item 2) (sizes must be finite and >= 0)"),
            ("{ count = function() return 1 end, sizes = function() end }",
             "test:1: data source 'sizes' failed for section 1: returned nil, expected a table of sizes or a string of packed doubles"),
            // Bad counts.
            ("{ count = function() return -1 end, \(size) }",
             "test:1: data source 'count' returned -1 for section 1 (expected 0...9007199254740992)"),
            ("{ sections = function() return -1 end, \(count), \(size) }",
             "test:1: data source 'sections' returned -1 (expected 0...1000000)"),
            ("{ \(count), \(size), lanes = function() return 0 end }",
             "test:1: data source 'lanes' returned 0 for section 1 (expected 1...10000)"),
            ("{ sections = function() return 2 end, \(count), \(size), lanes = function(s) return s == 2 and 10001 or 1 end }",
             "test:1: data source 'lanes' returned 10001 for section 2 (expected 1...10000)"),
        ]
        for (source, first) in cases {
            #expect(firstLine(failingReload(lua, source)) == first, "\(source)")
        }
    }

    /// The issue: "A callback that raises, or returns a wrong type, NaN or a negative size, becomes a
    /// Lua error with a traceback that names the callback and the index path".
    @Test func badReturnValuesCarryATraceback() {
        let lua = scrolledReference()
        let sources = [
            "{ count = function() return 1 end, size = function() return '10', '20' end }",
            "{ count = function() return 1 end, size = function() end }",
            "{ count = function() return 1 end, size = function() return 0/0, 10 end }",
            "{ count = function() return 1 end, size = function() return 10, -1 end }",
            "{ count = function() return 1 end, size = function() return math.huge, 10 end }",
            "{ count = function() return 'x' end, size = function() return 10, 10 end }",
        ]
        for source in sources {
            let message = failingReload(lua, source)
            #expect(message.contains("\nstack traceback:\n"), "no traceback for \(source): \(message)")
        }
    }

    @Test func reentrantReloadIsAnError() {
        let lua = scrolledReference()
        let message = failingReload(lua, "{ count = function() grid:reload() return 1 end, size = function() return 1, 1 end }")
        #expect(firstLine(message)
            == "test:1: data source 'count' failed for section 1: test:1: reload: called from inside a data source callback of the same grid")
        #expect(message.contains("\nstack traceback:\n"))
        // From size, too; and caught by the callback itself, the reload still completes.
        #expect(firstLine(failingReload(lua, "{ count = function() return 1 end, size = function() grid:reload() return 1, 1 end }"))
            == "test:1: data source 'size' failed for item (section 1, item 1): test:1: reload: called from inside a data source callback of the same grid")
        #expect(lua.eval("""
            local inner
            grid.dataSource = { count = function() inner = select(2, pcall(grid.reload, grid)); return 1 end,
                                size = function() return 7, 7 end }
            grid:reload()
            return inner, rect(grid:frame(1, 1))
            """) == ["reload: called from inside a data source callback of the same grid", "5,5,7,7"])
        // Not stuck: the next reload works.
        #expect(lua.eval("""
            grid.dataSource = { count = function() return 2 end, size = function() return 8, 8 end }
            grid:reload()
            return grid:itemCount(1)
            """) == ["2"])
    }

    @Test func reloadingAnotherGridFromACallbackIsAllowed() {
        let lua = LuaAPI.harness()
        #expect(lua.eval("""
            local other = gl.new{ lanes = 2, width = 100 }
            other.dataSource = { count = function() return 3 end, size = function() return 50, 10 end }
            local g = gl.new{ width = 100 }
            g.dataSource = { count = function() other:reload(); return other:itemCount(1) end,
                             size = function(s, i) return 10, 10 * i end }
            g:reload()
            return g:itemCount(1), rect(g:frame(1, 3)), rect(other:frame(1, 3))
            """) == ["3", "0,30,10,30", "0,10,50,10"])
        // A failure in the inner grid's callback propagates through the outer one, naming both.
        let message = lua.error("""
            local other = gl.new()
            other.dataSource = { count = function() return 1 end, size = function() error('inner') end }
            local g = gl.new()
            g.dataSource = { count = function() other:reload() return 1 end, size = function() return 1, 1 end }
            g:reload()
            """)
        #expect(firstLine(message)
            == "test:5: data source 'count' failed for section 1: test:4: data source 'size' failed for item (section 1, item 1): test:2: inner")
    }

    @Test func layoutErrorsKeepThePreviousLayout() {
        let lua = LuaAPI.harness()
        lua.eval("""
            grid = gl.new{ width = 100 }
            grid.dataSource = { count = function() return 2 end, size = function() return 10, 0 end }
            grid:reload()
            """)
        let before = lua.eval("return snapshot(grid)")
        // Justified needs an S size > 0.
        #expect(firstLine(lua.error("grid.layout = 'justified'; grid:reload()"))
            == "test:1: item (section 1, item 1): size 10x0 has no aspect ratio (justified needs a size > 0 along the scroll axis)")
        #expect(lua.eval("return snapshot(grid)") == before)
        // Waterfall columns that do not fit.
        #expect(lua.error("grid.layout = 'waterfall'; grid.columns = 3; grid.spacing = 60; grid:reload()")
            == "test:1: waterfall: 3 columns with itemSpacing 60 do not fit in 100 (the viewport less padding)")
        #expect(lua.eval("return snapshot(grid)") == before)
        // The configuration keeps the new values (they were valid on their own).
        #expect(lua.eval("return grid.layout, grid.columns, grid.spacing") == ["waterfall", "3", "60"])
    }

    @Test func errorPositionIsTheCallersLine() {
        let lua = LuaAPI.referenceHarness()
        #expect(lua.error("""
            local x = 1

            grid:frame(9, 9)
            """) == "test:3: item (section 9, item 9) is out of range: there is no section 9")
        // Through pcall the message has no position (pcall is a C function), as luaL_error does.
        #expect(lua.eval("return select(2, pcall(grid.frame, grid, 9, 9))")
            == ["item (section 9, item 9) is out of range: there is no section 9"])
    }

    // MARK: - Robustness

    @Test func yieldingCallbackIsAnErrorNotACrash() {
        let lua = scrolledReference()
        let before = lua.eval("return snapshot(grid)")
        let r = lua.eval("""
            local co = coroutine.create(function()
              grid.dataSource = { count = function() coroutine.yield() return 1 end, size = function() return 1, 1 end }
              grid:reload()
            end)
            local ok, message = coroutine.resume(co)
            return ok, message
            """)
        #expect(r.count == 2)
        #expect(r.first == "false")
        #expect(firstLine(r.last ?? "").hasPrefix("test:3: data source 'count' failed for section 1: attempt to yield across a C-call boundary"),
                "\(r)")
        #expect(lua.eval("return snapshot(grid)") == before)
    }

    /// A data source whose lookups raise (an `__index` metamethod that errors) must fail like a raising
    /// callback: a Lua error, the grid whole, and the grid still usable (not stuck "reloading").
    @Test func dataSourceWhoseLookupRaises() {
        let lua = scrolledReference()
        let before = lua.eval("return snapshot(grid)")
        let message = lua.error("""
            grid.dataSource = setmetatable({ count = function() return 1 end, size = function() return 1, 1 end },
                                           { __index = function(t, k) error("no field " .. k) end })
            grid:reload()
            """)
        #expect(message.contains("no field sections"), "\(message)")
        #expect(firstLine(message).contains("dataSource.sections") || firstLine(message).contains("'sections'"),
                "the message should name the callback: \(message)")
        #expect(lua.eval("return snapshot(grid)") == before)
        #expect(lua.eval("""
            grid.dataSource = { count = function() return 1 end, size = function() return 6, 6 end }
            grid:reload()
            return rect(grid:frame(1, 1))
            """) == ["5,5,6,6"])
    }

    @Test func hugeIndicesAreErrors() {
        let lua = LuaAPI.referenceHarness()
        #expect(lua.error("grid:frame(math.maxinteger, 1)")
            == "test:1: item (section 9223372036854775807, item 1) is out of range: there is no section 9223372036854775807")
        #expect(lua.error("grid:frame(1, math.maxinteger)")
            == "test:1: item (section 1, item 9223372036854775807) is out of range: section 1 has 3 items")
        #expect(lua.error("grid:itemCount(math.maxinteger)")
            == "test:1: section 9223372036854775807 is out of range: the grid has 2 sections")
        #expect(lua.error("grid:frame(2^62, 1)")
            == "test:1: item (section 4611686018427387904, item 1) is out of range: there is no section 4611686018427387904")
    }

    /// The smallest integers must be errors too, not a trap that kills the host (1-based → 0-based
    /// conversion must not overflow). Run in a child process so a crash fails only this test.
    @Test func smallestIntegerIndicesDoNotCrashTheHost() async {
        await #expect(processExitsWith: .success) {
            let lua = LuaAPI.referenceHarness()
            for code in ["grid:frame(1, math.mininteger)", "grid:frame(math.mininteger, 1)",
                         "grid:headerFrame(math.mininteger)", "grid:itemCount(math.mininteger)"] {
                precondition(lua.error(code).hasPrefix("test:1: "), code)
            }
        }
    }

    /// Counts are integers: one past the limit (2^53 + 1, exact as a Lua integer) is out of range,
    /// not rounded down to the limit.
    @Test func countOnePastTheLimit() {
        let lua = scrolledReference()
        let message = lua.error("grid.dataSource = { count = function() return 9007199254740993 end, size = function() return 1, 1 end, sameSize = function() return true end }; grid:reload()")
        #expect(firstLine(message) == "test:1: data source 'count' returned 9007199254740993 for section 1 (expected 0...9007199254740992)")
        #expect(lua.eval("return grid:sectionCount(), grid:itemCount(1), grid:itemCount(2)") == ["2", "3", "2"])
    }

    @Test func collectedGridRaisesInsteadOfCrashing() {
        let lua = LuaAPI.referenceHarness()
        lua.eval("getmetatable(grid).__gc(grid)")
        #expect(lua.error("grid:frame(1, 1)").hasPrefix("test:1: bad self to 'frame'"))
        #expect(lua.error("grid.lanes = 3").hasPrefix("test:1: bad self to '__newindex'"))
        #expect(lua.eval("getmetatable(grid).__gc(grid); return 1") == ["1"])  // twice is harmless
    }

    @Test func largeReloadKeepsTheStackBalanced() {
        let lua = LuaAPI.harness()
        #expect(lua.eval("""
            local g = gl.new{ lanes = 4, width = 400 }
            g.dataSource = { sections = function() return 10 end, count = function() return 20000 end,
                             size = function(s, i) return 100, 10 + i % 7 end,
                             header = function() return 0, 3 end, lanes = function() return nil end }
            g:reload()
            g:reload()
            local n = 0
            for s = 1, g:sectionCount() do n = n + g:itemCount(s) end
            return n, select("#", g:contentSize())
            """) == ["200000", "2"])
    }
}
