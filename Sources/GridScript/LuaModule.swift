import CLua
import GridLayout

/// The `gridlayout` module table: `new`, `version`, and the names of grid methods and fields.
enum LuaModule {
    static func push(_ L: LuaState) throws(ScriptError) {
        try createTable(L, 0, 5)
        try protect(gl_pushswiftclosure_p(L, new, 0))
        try setField(L, -2, "new")
        try setField(L, "version", GridScript.version)
        try pushNames(L, LuaGridMethods.names)
        try setField(L, -2, "methods")
        try pushNames(L, fieldNames)
        try setField(L, -2, "fields")
        try pushNames(L, LayoutKind.allCases.map(\.rawValue))
        try setField(L, -2, "layouts")
    }

    /// Every field a grid has: the configuration options, `dataSource` and `delegate`.
    static let fieldNames = GridConfiguration.optionNames + ["dataSource", "delegate"]

    private static func pushNames(_ L: LuaState, _ names: [String]) throws(ScriptError) {
        try createTable(L, names.count, 0)
        for (i, name) in names.enumerated() {
            try pushString(L, name)
            try rawSet(L, -2, i + 1)
        }
    }

    /// gridlayout.new{...}: a grid configured by the table's fields (any field a grid has).
    private static let new: SwiftLuaFunction = { L in
        luaFunction(L) { L throws(ScriptError) in
            let type = lua_type(L, 1)
            guard type == LUA_TTABLE || type == LUA_TNONE || type == LUA_TNIL else {
                throw ScriptError("bad argument #1 to 'new' (table expected, got \(typeName(L, 1)))")
            }
            let object = ScriptGrid()
            try LuaGrid.push(L, object)  // 2 (or 1 without options)
            let grid = lua_gettop(L)
            guard type == LUA_TTABLE else { return 1 }
            lua_pushnil(L)
            while lua_next(L, 1) != 0 {
                guard let key = lua_type(L, -2) == LUA_TSTRING ? String(lua: L, -2) : nil else {
                    throw ScriptError("bad argument #1 to 'new' (option names are strings, got \(typeName(L, -2)))")
                }
                try LuaGrid.set(L, object, gridIndex: grid, key: key, valueIndex: lua_gettop(L))
                lua_settop(L, -2)
            }
            lua_settop(L, grid)
            return 1
        }
    }
}
