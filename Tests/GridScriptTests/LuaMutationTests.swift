import Testing
@testable import GridScript

/// insert, remove, move, step and drag reordering from Lua: frames over time, the callbacks the
/// script's data source and delegate hear (and their order), view reuse across renumbering, errors.
@Suite struct LuaMutationTests {
    /// Two lanes 100 wide, 10 apart (viewport 210×200), items 100×50: item i (from 1) in lane
    /// (i − 1) % 2 at y = 60 ((i − 1) // 2). The data is a list of names; the data source changes it
    /// when the grid says so, and everything heard goes to `log`.
    static let setup = """
        grid = gl.new{ width = 210, height = 200, lanes = 2, spacing = 10, animationDuration = 0.25, sort = true }
        data = { "a", "b", "c", "d", "e", "f" }
        log = {}
        local function say(...) log[#log + 1] = table.concat({ ... }, " ") end
        grid.dataSource = {
          count = function() return #data end,
          size = function() return 100, 50 end,
          insert = function(s, i) say("insert", s, i); table.insert(data, i, "new") end,
          remove = function(s, i) say("remove", s, i, data[i]); table.remove(data, i) end,
          move = function(s, from, to, toS) say("move", s, from, to, toS); table.insert(data, to, table.remove(data, from)) end,
          view = function(s, i) say("view", data[i]); local v = grid:dequeue() or {}; v.name = data[i]; return v end,
          willQueue = function(v) say("queued", v.name) end,
        }
        grid.delegate = {
          didInsert = function(s, i) say("didInsert", s, i) end,
          didRemove = function(s, i) say("didRemove", s, i) end,
          didMove = function(s, i, ts, ti) say("didMove", s, i, ts, ti) end,
          dragStarted = function(s, i) say("dragStarted", s, i) end,
          dragEnded = function(s, i, ts, ti) say("dragEnded", s, i, ts, ti) end,
        }
        function frames()
          local t = {}
          for _, e in ipairs(grid:visible()) do
            local text = ("%d %g,%g"):format(e.item, e.x, e.y)
            if e.alpha ~= 1 then text = text .. (" a%g"):format(e.alpha) end
            if e.scale ~= 1 then text = text .. (" s%g"):format(e.scale) end
            if e.dragged then text = text .. " dragged" end
            t[#t + 1] = text
          end
          return table.concat(t, " | ")
        end
        function heard() local t = table.concat(log, "; "); log = {}; return t end
        grid:reload()
        heard()
        """

    func lua() -> LuaHarness {
        let lua = LuaHarness()
        lua.run(Self.setup)
        return lua
    }

    /// `moveItem(s, i, toS, toI)` has the order of `grid:move` and `didMove`; with it, the
    /// deprecated `move(s, from, to, toS)` is not called.
    @Test func moveItemTakesTheMethodsOrder() {
        let lua = lua()
        lua.run("""
            grid.dataSource.moveItem = function(s, i, toS, toI)
              log[#log + 1] = table.concat({ "moveItem", s, i, toS, toI }, " ")
              table.insert(data, toI, table.remove(data, i))
            end
            """)
        #expect(lua.eval("grid:move(1, 1, 1, 4, false); return heard(), table.concat(data, ' ')") == [
            "moveItem 1 1 1 4; didMove 1 1 1 4",
            "b c d a e f",
        ])
        // A drag's drop calls it in the same order.
        lua.run("grid.animationDuration = 0")
        #expect(lua.eval("grid:beginDrag(50, 25); grid:dragTo(160, 145); grid:endDrag(); return heard(), table.concat(data, ' ')") == [
            "dragStarted 1 1; moveItem 1 1 1 6; dragEnded 1 1 1 6",
            "c d a e f b",
        ])
    }

    @Test func insertFadesInWhileTheOthersSlide() {
        let lua = lua()
        #expect(lua.eval("grid:insert(1, 1); return frames(), heard()") == [
            "1 0,0 a0 | 2 0,0 | 3 110,0 | 4 0,60 | 5 110,60 | 6 0,120 | 7 110,120",
            // The new item gets a view of its own; the others keep theirs, renumbered.
            "insert 1 1; view new",
        ])
        #expect(lua.eval("grid:step(0.125); return frames(), grid:animating()") == [
            "1 0,0 a0.5 | 2 55,0 | 3 55,30 | 4 55,60 | 5 55,90 | 6 55,120 | 7 55,150", "true",
        ])
        #expect(lua.eval("grid:step(0.125); return frames(), heard(), grid:animating()") == [
            "1 0,0 | 2 110,0 | 3 0,60 | 4 110,60 | 5 0,120 | 6 110,120 | 7 0,180", "didInsert 1 1", "false",
        ])
    }

    @Test func removalFadesThenTheScriptDropsTheItemThenTheRestSlide() {
        let lua = lua()
        #expect(lua.eval("grid:remove(1, 2); grid:step(0.125); return frames(), heard()") == [
            "1 0,0 | 2 110,0 a0.5 s0.5 | 3 0,60 | 4 110,60 | 5 0,120 | 6 110,120", "",
        ])
        #expect(lua.eval("grid:step(0.125); return frames(), heard()") == [
            "1 0,0 | 2 0,60 | 3 110,60 | 4 0,120 | 5 110,120", "remove 1 2 b; queued b",
        ])
        #expect(lua.eval("grid:step(0.25); return heard(), table.concat(data, ' ')") == ["didRemove 1 2", "a c d e f"])
    }

    @Test func queuedMutationsAllHappenInOrder() {
        let lua = lua()
        #expect(lua.eval("""
            grid:remove(1, 1); grid:remove(1, 1); grid:move(1, 1, 1, 4); grid:insert(1, 5)
            grid:step(1.75)
            return heard(), table.concat(data, " "), grid:animating()
            """) == [
            // The data source's calls happen as the clock runs; the events it caused come when step returns.
            "remove 1 1 a; remove 1 1 b; move 1 1 4 1; insert 1 5; queued a; didRemove 1 1; queued b; didRemove 1 1; didMove 1 1 1 4; view new; didInsert 1 5",
            "d e f c new", "false",
        ])
    }

    @Test func unanimatedMutationsHappenAtOnce() {
        let lua = lua()
        #expect(lua.eval("grid:move(1, 6, 1, 1, false); return frames(), heard(), grid:animating()") == [
            "1 0,0 | 2 110,0 | 3 0,60 | 4 110,60 | 5 0,120 | 6 110,120", "move 1 6 1 1; didMove 1 6 1 1", "false",
        ])
        #expect(lua.eval("return table.concat(data, ' ')") == ["f a b c d e"])
    }

    @Test func dragReordersAndCallsMoveOnce() {
        let lua = lua()
        #expect(lua.eval("return grid:beginDrag(50, 25)") == ["1", "1"])
        #expect(lua.eval("grid:dragTo(160, 85); return frames(), grid:dragging()") == [
            "1 110,0 | 2 0,60 | 3 110,60 | 4 110,60 dragged | 5 0,120 | 6 110,120", "1", "1", "1", "4",
        ])
        #expect(lua.eval("grid:step(0.125); return frames()") == [
            "1 55,0 | 2 55,30 | 3 55,60 | 4 110,60 dragged | 5 0,120 | 6 110,120",
        ])
        #expect(lua.eval("return grid:draw{ cols = 42, rows = 12, text = true }:find('%', 1, true) ~= nil") == ["true"])
        #expect(lua.eval("grid:endDrag(); grid:step(1); return heard(), table.concat(data, ' '), grid:dragging()") == [
            "dragStarted 1 1; move 1 1 4 1; dragEnded 1 1 1 4", "b c d a e f", "nil",
        ])
        #expect(lua.eval("return frames()") == ["1 0,0 | 2 110,0 | 3 0,60 | 4 110,60 | 5 0,120 | 6 110,120"])
        #expect(lua.eval("return grid:beginDrag(105, 25)") == ["nil"])
    }

    @Test func aDragAsksForViewsOfTheDatasItems() {
        // 40 items: dragging to the bottom edge scrolls; items coming into view get views of the
        // data's items even though the preview numbers them as after the drop.
        let lua = lua()
        #expect(lua.eval("""
            for i = 7, 40 do data[i] = "x" .. i end
            grid:reload(); heard()
            grid:beginDrag(50, 25); grid:dragTo(50, 199)
            grid:step(0.1)
            local _, y = grid:offset()
            return y, heard()
            """) == ["58.5", "dragStarted 1 1; queued b; view x9; view x10"])
    }

    @Test func errorsNameTheCallAndTheIndexPath() {
        let lua = lua()
        #expect(lua.error("grid:insert(1, 8)") == "test:1: insert: item (section 1, item 8) is out of range: section 1 has 6 items (insert takes items 1...7)")
        #expect(lua.error("grid:remove(2, 1)") == "test:1: remove: item (section 2, item 1) is out of range: the grid has 1 section")
        #expect(lua.error("grid:insert('a', 1)") == "test:1: bad argument #1 to 'insert' (number expected, got string)")
        #expect(lua.error("grid:insert(1, 1, 'yes')") == "test:1: bad argument #3 to 'insert' (boolean expected, got string)")
        #expect(lua.error("grid:move(1, 1, 1)") == "test:1: bad argument #4 to 'move' (number expected, got no value)")
        #expect(lua.error("grid:step(-1)") == "test:1: step: time -1 is invalid (expected a finite number of seconds >= 0)")
        #expect(lua.error("grid:step(0/0)") == "test:1: step: time nan is invalid (expected a finite number of seconds >= 0)")
        #expect(lua.error("grid:dragTo(1, 1)") == "test:1: dragTo: no drag is in progress (call beginDrag first)")
        #expect(lua.error("grid.sort = false; grid:beginDrag(1, 1)") == "test:1: beginDrag: sorting is off (set the option 'sort' to true)")
        #expect(lua.error("grid.animationDuration = -1") == "test:1: option 'animationDuration': -1 is invalid (expected a finite number >= 0)")
        // A remove callback that keeps the item: the layout stays, the message says what to fix.
        #expect(lua.error("grid.dataSource.remove = function() end; grid:remove(1, 1, false)") ==
            "test:1: remove item (section 1, item 1): data source 'count' returned 6 for section 1 afterwards, expected 5 (the data source's 'remove' must drop the item); the layout is unchanged")
        #expect(lua.eval("return grid:itemCount(1)") == ["6"])
        // A callback that raises: its message and where.
        #expect(lua.error("grid.dataSource.move = function() error('no moving') end; grid:move(1, 1, 1, 2)")
            .hasPrefix("test:1: data source 'move' failed for item (section 1, item 1): test:1: no moving"))
        // The key the script gave is the key the message names: moveItem wins over move.
        #expect(lua.error("grid.dataSource.moveItem = function() error('no moving') end; grid:move(1, 1, 1, 2)")
            .hasPrefix("test:1: data source 'moveItem' failed for item (section 1, item 1): test:1: no moving"))
        #expect(lua.error("grid.dataSource.canMove = 3; grid:beginDrag(50, 25)") == "test:1: beginDrag: dataSource.canMove must be a function, got number")
    }

    @Test func stepWorksWithoutADataSource() {
        let lua = LuaHarness()
        #expect(lua.eval("local g = gl.new{}; g:step(0.5); return g:animating()") == ["false"])
    }
}
