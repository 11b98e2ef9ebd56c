import CLua

/// The `gridlayout` Lua module: entry points for hosts (gridrepl, the C library).
public enum GridScript {
    /// The module's version: the project's, from VERSION (Tests/packaging/test_version.py checks).
    public static let version = "1.0.0"

    /// Makes `require "gridlayout"` find the module in `L` (registers it in `package.preload`).
    public static func preload(_ L: OpaquePointer) {
        luaL_getsubtable(L, gl_registryindex(), LUA_PRELOAD_TABLE)
        lua_pushcclosure(L, openModule, 0)
        lua_setfield(L, -2, "gridlayout")
        lua_settop(L, -2)
    }

    /// `luaopen_gridlayout`: pushes the module table.
    public static let openModule: @convention(c) (OpaquePointer?) -> Int32 = { L in
        guard let L else { return 0 }
        LuaModule.push(L)
        return 1
    }
}
