import CLua
import Testing
@testable import GridScript

/// `grid:view()` asks the host for a view; without one it is an error naming what is missing.
@Suite(.serialized) struct LuaViewHostTests {
    @Test func viewWithoutAHostViewIsAClearError() {
        let lua = LuaHarness()
        let saved = GridViewHost.handler
        GridViewHost.handler = nil
        defer { GridViewHost.handler = saved }
        #expect(lua.error("gl.new():view()") ==
            "test:1: grid:view() needs gridrepl's terminal view; this host has none (run the script with gridrepl, or draw the grid with grid:draw())")
        #expect(lua.error("gl.new().view({})").hasPrefix("test:1: bad self to 'view'"))
    }

    @Test func viewCallsTheHostWithTheGridAndRaisesItsError() {
        let lua = LuaHarness()
        let saved = GridViewHost.handler
        defer { GridViewHost.handler = saved }
        nonisolated(unsafe) var seen: [Bool] = []
        GridViewHost.handler = { L, index in
            seen.append(GridViewHost.isGrid(L, index))
            return seen.count == 1 ? nil : "no terminal"
        }
        #expect(lua.eval("local g = gl.new(); return select('#', g:view())") == ["0"])
        #expect(lua.error("gl.new():view()") == "test:1: no terminal")
        #expect(seen == [true, true])
    }
}

/// The visible elements a host's view draws come labelled as `draw()` labels them, the style
/// asked leniently: what it gets wrong keeps the defaults instead of raising.
@Suite struct LuaViewLabelTests {
    /// `visible(grid)` from GridViewHost, as global `visible` of the harness's state.
    func harness() -> LuaHarness {
        let lua = LuaHarness()
        #expect(GridViewHost.pushLabelledVisible(lua.L))
        lua_setglobal(lua.L, "visible")
        return lua
    }

    let grid = """
        local g = gl.new{ lanes = 2, spacing = 10, width = 210, height = 400, sort = true }
        local names = { "a", "b", "c", "d" }
        g.dataSource = { count = function() return #names end, size = function() return 100, 100 end,
                         header = function() return 210, 20 end,
                         moveItem = function(s, i, ts, ti) table.insert(names, ti, table.remove(names, i)) end }
        g:reload()
        local function labels()
          local out = {}
          for _, e in ipairs(visible(g)) do out[#out + 1] = e.label .. (e.fill and ("=" .. e.fill) or "") end
          return table.concat(out, " ")
        end

        """

    @Test func withoutAStyleElementsHaveTheirIndexPathsAndKinds() {
        let lua = harness()
        #expect(lua.eval(grid + "return labels()") == ["header 1 1.1 1.2 1.3 1.4"])
    }

    @Test func aStyleLabelsAndFillsItemsByTheirPlaceInTheData() {
        let lua = harness()
        let styled = grid + "g.dataSource.style = function(s, i) return { label = names[i], fill = i == 1 and '#3a7' or 'url(x)' } end\n"
        #expect(lua.eval(styled + "return labels()") == ["header 1 a=#3a7 b c d"])
        // Mid-drag the preview shows item 1 in slot 3: its label goes with it.
        #expect(lua.eval(styled + "g:beginDrag(50, 70); g:dragTo(50, 190); return labels()") == ["header 1 b c a=#3a7 d"])
    }

    @Test func whatAStyleGetsWrongKeepsTheDefaults() {
        let lua = harness()
        let wrong = grid + """
            g.dataSource.style = function(s, i)
              if i == 1 then error("boom") elseif i == 2 then return "not a table"
              elseif i == 3 then return { label = {}, fill = "red", extra = 1 } end
              return { label = 4.5 }
            end
            """
        #expect(lua.eval(wrong + "\nreturn labels()") == ["header 1 1.1 1.2 1.3=red 4.5"])
        #expect(lua.error(grid + "g.dataSource.style = function() error('boom') end; g:draw()").contains("boom"))
    }
}
