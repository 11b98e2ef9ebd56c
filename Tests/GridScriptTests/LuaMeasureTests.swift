import Testing
import GridLayout

/// Sizes learnt late from Lua (docs/lua.md, "Sizes learnt late"): `estimatedSize`,
/// `grid:measure(s, i, w, h)` and `grid:measure{ {s, i, w, h}, ... }`, and their errors.
@Suite struct LuaMeasureTests {
    /// A lanes grid (3 lanes, 320×480, spacing 10) of `count` items of 100×120 that counts the
    /// `size` calls in `asked` and the largest item asked in `largest`.
    static let setup = """
        asked, largest = 0, 0
        g = gl.new{ lanes = 3, width = 320, height = 480, spacing = 10, estimatedSize = { w = 100, h = 100 } }
        g.dataSource = {
          count = function(s) return 1000000 end,
          size = function(s, i) asked = asked + 1; if i > largest then largest = i end; return 100, 120 end,
        }
        """

    @Test func estimatedSizeIsAnOption() {
        let lua = LuaAPI.harness()
        #expect(lua.eval("local g = gl.new{}; return g.estimatedSize.w, g.estimatedSize.h") == ["0", "0"])
        #expect(lua.eval("local g = gl.new{ estimatedSize = { w = 50, h = 60 } }; return g.estimatedSize.w, g.estimatedSize.h") == ["50", "60"])
        #expect(lua.error("local g = gl.new{ estimatedSize = { w = -1, h = 5 } }")
                == "test:1: option 'estimatedSize': -1x5 is invalid (expected finite sides >= 0)")
        // An estimate without thickness along the scroll axis is refused when the grid is made.
        #expect(lua.error("local g = gl.new{ estimatedSize = { w = 50, h = 0 } }") == "test:1: option 'estimatedSize': 50x0 is invalid (expected a size > 0 along the scroll axis, or 0x0 (off))")
    }

    // 3 lanes of 120-thick items, spacing 10: the reload places 18 items (6 lines, by the estimate
    // of 100 + 10 a line, for 480 points), the rest count at the estimate: (1e6 − 18)/3 lines of
    // 110, after the 770 laid out. Scrolling to 1000 places 8 more lines; nothing is asked twice.
    @Test func aLazyReloadAsksTheFirstScreenOnly() {
        let lua = LuaAPI.harness()
        #expect(lua.eval(Self.setup + """
            g:reload()
            local first = asked
            local _, h = g:contentSize()
            g:scrollTo(0, 1000)
            return first, largest, h, asked
            """) == ["18", "42", "36666850", "42"])
        // frame() of a far item asks up to it; the content becomes exact at the end.
        #expect(lua.eval("""
            local x, y, w, h = g:frame(1, 3001)
            return x, y, w, h, largest <= 3001 + 256
            """) == ["0", "130000", "100", "120", "true"])
    }

    @Test func estimatedIsTrueUntilTheFrontierReachesTheEnd() {
        let lua = LuaAPI.harness()
        #expect(lua.eval(Self.setup + """
            local before = g:estimated()
            g:reload()
            local lazy = g:estimated()
            g.dataSource.count = function() return 50 end
            g:reload()
            g:scrollTo(0, math.huge)
            return before, lazy, g:estimated()
            """) == ["false", "true", "false"])
    }

    @Test func measureOneOrManyAndTheirErrors() {
        let lua = LuaAPI.harness()
        _ = lua.eval(Self.setup + "g:reload()")
        #expect(lua.eval("g:measure(1, 2, 100, 300); return g:frame(1, 2)") == ["110", "0", "100", "300"])
        #expect(lua.eval("g:measure{ {1, 1, 100, 50}, {1, 4, 100, 10} }; return (select(4, g:frame(1, 1))), (select(2, g:frame(1, 4)))")
                == ["50", "60"])
        #expect(lua.error("g:measure(1, 2, 0/0, 5)") == "test:1: measure: size nanx5 for item (section 1, item 2) is invalid (sizes must be finite and >= 0)")
        #expect(lua.error("g:measure(1, 2000001, 5, 5)") == "test:1: measure: item (section 1, item 2000001) (size 5x5) is out of range: section 1 has 1000000 items")
        #expect(lua.error("g:measure(2, 1, 5, 5)") == "test:1: measure: item (section 2, item 1) (size 5x5) is out of range: the grid has 1 sections")
        #expect(lua.error("g:measure{ {1, 1, 5, 5}, {1, 2, -5, 5} }") == "test:1: measure: size -5x5 for item (section 1, item 2) is invalid (sizes must be finite and >= 0)")
        #expect(lua.error("g:measure{ {1, 1, 'x', 5} }") == "test:1: bad argument #1 to 'measure' (entry 1: w must be a number, got string)")
        #expect(lua.error("g:measure{ 5 }") == "test:1: bad argument #1 to 'measure' (entry 1: {s, i, w, h} expected, got number)")
        #expect(lua.error("g:measure{ {1.5, 1, 5, 5} }") == "test:1: bad argument #1 to 'measure' (entry 1: s = 1.5 has no integer representation)")
        #expect(lua.error("g:measure(1, 1, 5)") == "test:1: bad argument #4 to 'measure' (number expected, got no value)")
        // Nothing changed by the failures.
        #expect(lua.eval("return (select(4, g:frame(1, 1))), (select(4, g:frame(1, 2)))") == ["50", "300"])
    }

    @Test func measuringAboveTheViewportKeepsWhatShows() {
        let lua = LuaAPI.harness()
        #expect(lua.eval(Self.setup + """
            g:reload()
            g:scrollTo(0, 5000)
            local e = g:visible()[1]
            local _, before = g:offset()
            local onScreen = e.y - before
            local items = {}
            for i = 1, 30 do items[i] = { 1, i, 100, 200 + i / 3 } end
            g:measure(items)
            local _, after = g:offset()
            local _, y = g:frame(e.section, e.item)
            return after ~= before, math.abs((y - after) - onScreen) <= 1e-9
            """) == ["true", "true"])
    }

    // 2,000 sections of 500 with a 100×100 estimate: a rectangle 5M points down is far past the
    // first screen, so elements() answers from a jump there, on a copy of the layout. Every
    // element it lists is where frame() (the same jump) puts it, and the item indexPathAt finds
    // there is among them; the grid's own window stays at the top.
    @Test func elementsFarFromTheLaidOutWindowAreTheJumpsAnswer() {
        let lua = LuaAPI.harness()
        #expect(lua.eval("""
            local g = gl.new{ lanes = 3, width = 320, height = 480, estimatedSize = { w = 100, h = 100 } }
            g.dataSource = { sections = function() return 2000 end, count = function(s) return 500 end,
                             size = function(s, i) return 100, 50 + (i * 37) % 100 end }
            g:reload()
            local found = g:elements(0, 5000000, 320, 480)
            local agree, hit = true, false
            local hs, hi = g:indexPathAt(10, 5000010)
            for _, e in ipairs(found) do
              if e.kind == "item" then
                local x, y, w, h = g:frame(e.section, e.item)
                agree = agree and x == e.x and y == e.y and w == e.w and h == e.h
                hit = hit or (e.section == hs and e.item == hi)
              end
            end
            return #found, found[1].section, agree, hit, g:offset()
            """) == ["17", "300", "true", "true", "0", "0"])
    }
}
