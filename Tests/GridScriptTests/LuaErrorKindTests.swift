import CLua
import GridLayout
import Testing
import GridScript

/// A host reads the kind of the engine failure behind a Lua error value it caught, without
/// reading the message; other error values have none.
@Suite struct LuaErrorKindTests {
    /// Runs `code` (which must fail) and answers the kind of its error value.
    func kind(_ lua: LuaHarness, _ code: String) -> GridError.Kind? {
        let L = lua.L
        let top = lua_gettop(L)
        defer { lua_settop(L, top) }
        var status = luaL_loadbuffer(L, code, code.utf8.count, "=test")
        if status == LUA_OK { status = lua_pcall(L, 0, 0, 0) }
        #expect(status != LUA_OK, "\(code) did not fail")
        return GridScript.errorKind(L, -1)
    }

    let setup = """
        local g = gl.new{ lanes = 2, width = 210, height = 400 }
        g.dataSource = { count = function() return 4 end, size = function() return 100, 100 end }
        g:reload()
        """

    @Test func engineFailuresCarryTheirKind() {
        let lua = LuaHarness()
        #expect(kind(lua, setup + "g:beginDrag(10, 10)") == .wrongState)       // sorting is off
        #expect(kind(lua, setup + "g.sort = true; g:endDrag()") == .wrongState)
        #expect(kind(lua, setup + "g:frame(1, 9)") == .outOfRange)
        #expect(kind(lua, setup + "g.lanes = 0") == .invalidArgument)
        #expect(kind(lua, "gl.new{ lanes = 0 }") == .invalidArgument)
        #expect(kind(lua, setup + "g.dataSource.size = function() error('boom') end; g:reload()") == .dataSource)
        #expect(kind(lua, "local g = gl.new(); g:reload()") == .wrongState)     // no dataSource
    }

    @Test func aScriptThatRethrowsTheErrorKeepsItsKind() {
        let lua = LuaHarness()
        #expect(kind(lua, setup + "local ok, e = pcall(g.beginDrag, g, 10, 10); error(e, 0)") == .wrongState)
    }

    @Test func otherErrorValuesHaveNoKind() {
        let lua = LuaHarness()
        #expect(kind(lua, "error('mine')") == nil)
        #expect(kind(lua, "local x = nil; return x.y") == nil)
        #expect(kind(lua, "gl.new():frame('a')") == nil)                     // the face's own: a bad argument
        // The same message made by the script is not the module's error once another was raised.
        #expect(kind(lua, setup + "pcall(g.beginDrag, g, 10, 10); error('mine')") == nil)
        #expect(kind(lua, setup + "local ok, e = pcall(g.beginDrag, g, 10, 10); error(e .. '!', 0)") == nil)
    }
}
