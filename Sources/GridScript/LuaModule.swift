import CLua

/// Builds the `gridlayout` module table.
enum LuaModule {
    static func push(_ L: OpaquePointer) {
        lua_createtable(L, 0, 4)
        lua_pushstring(L, GridScript.version)
        lua_setfield(L, -2, "version")
    }
}
