import CLua
import Testing
@testable import GridScript

/// `grid:view()` asks the host for a view; without one it is an error naming what is missing.
/// The module remembers the last grid a state made, for hosts that view a script's grid.
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

    @Test func theLastGridMadeIsRemembered() {
        let lua = LuaHarness()
        let L = lua.L
        #expect(!GridViewHost.pushLastGrid(L))
        lua.run("first = gl.new{ lanes = 2 }; second = gl.new{ lanes = 5 }")
        #expect(GridViewHost.pushLastGrid(L))
        #expect(GridViewHost.isGrid(L, -1))
        lua_getglobal(L, "second")
        #expect(lua_rawequal(L, -1, -2) == 1)
        lua_settop(L, 0)
        #expect(!GridViewHost.isGrid(L, 1))
        GridViewHost.forgetLastGrid(L)
        #expect(!GridViewHost.pushLastGrid(L))
        #expect(lua_gettop(L) == 0)
    }
}
