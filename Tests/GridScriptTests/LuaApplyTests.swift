import Testing
import GridLayout

/// `grid:apply{ {id, ...}, ... }` from Lua (docs/lua.md, "grid:apply"): the diff in Lua's index
/// paths, the events, and every bad snapshot in Lua's words.
@Suite struct LuaApplyTests {
    /// Two lanes of 100×50 items, 10 apart (210×200), over the list `ids` (sizes from `heights`).
    static let setup = """
        ids = { "a", "b", "c", "d", "e" }
        heights = { a = 50, b = 50, c = 50, d = 50, e = 50, x = 20, y = 20 }
        events = {}
        g = gl.new{ lanes = 2, width = 210, height = 200, spacing = 10, animationDuration = 0.25 }
        g.dataSource = { count = function(s) return #ids end, size = function(s, i) return 100, heights[ids[i]] end }
        g.delegate = {
          didInsert = function(s, i) events[#events + 1] = "inserted " .. s .. "." .. i end,
          didRemove = function(s, i) events[#events + 1] = "removed " .. s .. "." .. i end,
          didMove = function(s, i, ts, ti) events[#events + 1] = "moved " .. s .. "." .. i .. " " .. ts .. "." .. ti end,
        }
        g:reload()
        function show(d)
          local out = {}
          for _, p in ipairs(d.removed) do out[#out + 1] = "-" .. p[1] .. "." .. p[2] end
          for _, p in ipairs(d.inserted) do out[#out + 1] = "+" .. p[1] .. "." .. p[2] end
          for _, m in ipairs(d.moved) do out[#out + 1] = m.from[1] .. "." .. m.from[2] .. ">" .. m.to[1] .. "." .. m.to[2] end
          return table.concat(out, " ")
        end

        """

    @Test func diffEventsAndFrames() {
        let lua = LuaAPI.harness()
        _ = lua.eval(Self.setup)
        #expect(lua.eval("return show(g:apply{ ids })") == [""])
        #expect(lua.eval("ids = { 'e', 'x', 'a', 'c', 'y' }; return show(g:apply{ { 'e', 'x', 'a', 'c', 'y' } })")
                == ["-1.2 -1.4 +1.2 +1.5 1.5>1.1"])
        #expect(lua.eval("return #events") == ["0"])
        #expect(lua.eval("g:step(1); return table.concat(events, ', ')")
                == ["removed 1.4, removed 1.2, inserted 1.2, inserted 1.5, moved 1.5 1.1"])
        // x is 20 tall: a sits under it in the second lane.
        #expect(lua.eval("return g:frame(1, 3)") == ["110", "30", "100", "50"])
        // Integers and strings mix; 1 and "1" are different ids.
        #expect(lua.eval("ids = { 'e', 'x', 'a', 'c', 'y' }; return show(g:apply({ { 1, '1', 'a', 'c', 'y' } }, false))")
                == ["-1.1 -1.2 +1.1 +1.2"])
    }

    /// A string's key is never an integer id's, whatever integers come later.
    @Test func stringsAndIntegersNeverShareAKey() {
        let lua = LuaAPI.harness()
        _ = lua.eval(Self.setup + "ids = { 'a', 'b' }; g:reload(); g:apply({ { 'a', 5 } }, false)")
        // "a" holds the first key a string gets; the smallest integer then comes as an id of its own.
        #expect(lua.eval("ids = { 'a', 'b', 'c' }; return show(g:apply({ { math.mininteger, 'a', 5 } }, false))") == ["+1.1"])
        #expect(lua.eval("ids = { 'a', 'b' }; return show(g:apply({ { math.mininteger, 5 } }, false))") == ["-1.2"])
        #expect(lua.eval("ids = { 'a', 'b', 'c' }; return show(g:apply({ { 'a', math.mininteger, 5 } }, false))") == ["+1.1"])
        #expect(lua.eval("return show(g:apply({ { 5, 'a', math.mininteger } }, false))") == ["1.3>1.1"])
    }

    @Test func badSnapshotsInLuasWords() {
        let lua = LuaAPI.harness()
        _ = lua.eval(Self.setup + "g:apply{ ids }")
        #expect(lua.error("g:apply{ { 'a', 'b', 'c', 'd', 'a' } }")
                == "test:1: bad argument #1 to 'apply' (the id of item (section 1, item 5) is also the id of item (section 1, item 1) (ids must be unique in the grid))")
        #expect(lua.error("g:apply{ { 'a', 'b', 'c', 'd', {} } }") == "test:1: bad argument #1 to 'apply' (id at {1, 5}: integer or string expected, got table)")
        #expect(lua.error("g:apply{ { 'a', 'b', 'c', 'd', 1.5 } }") == "test:1: bad argument #1 to 'apply' (id at {1, 5}: 1.5 has no integer representation)")
        #expect(lua.error("g:apply{ { 'a', 'b' } }") == "test:1: bad argument #1 to 'apply' (the snapshot's section 1 has 2 ids where data source 'count' returned 5)")
        #expect(lua.error("g:apply{ ids, {} }") == "test:1: bad argument #1 to 'apply' (the snapshot has 2 sections where data source 'sections' returned 1)")
        #expect(lua.error("g:apply{ 'a' }") == "test:1: bad argument #1 to 'apply' (section 1: table of ids expected, got string)")
        #expect(lua.error("g:apply(5)") == "test:1: bad argument #1 to 'apply' (table of sections expected, got number)")
        #expect(lua.error("g:apply({ ids }, 3)") == "test:1: bad argument #2 to 'apply' (boolean expected, got number)")
        // Nothing changed: the ids held are still a ... e.
        #expect(lua.eval("return show(g:apply{ ids })") == [""])
    }
}
