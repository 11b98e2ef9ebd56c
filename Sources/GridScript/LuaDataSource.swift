import CLua
import GridLayout

/// A data source whose callbacks are the functions of a Lua table (DESIGN.md, "Lua API").
/// Lua counts sections and items from 1; the engine from 0: the conversion happens here.
///
/// Lives only for one reload: it reads the table and the message handler from fixed stack slots.
/// Every call is protected (`lua_pcall`), so a script error comes back as a thrown `ScriptError`
/// carrying the script's message and traceback, never as a longjmp through Swift.
struct LuaDataSource: GridDataSource {
    let L: LuaState
    /// Absolute stack index of the data source table.
    let table: Int32
    /// Absolute stack index of the traceback message handler.
    let handler: Int32

    /// Pushes the callback `name`; returns false (pushing nothing) when the table has none.
    private func push(_ name: String) throws(ScriptError) -> Bool {
        let type = lua_getfield(L, table, name)
        if type == LUA_TFUNCTION { return true }
        lua_settop(L, -2)
        if type == LUA_TNIL { return false }
        throw ScriptError("dataSource.\(name) is a \(String(cString: lua_typename(L, type))), expected a function")
    }

    /// Pushes a section or item index, converted to Lua's count from 1.
    private func arg(_ index: Int) { lua_pushinteger(L, lua_Integer(index + 1)) }

    /// Calls the pushed function with the `nargs` pushed arguments and leaves two results on the stack.
    private func call(_ nargs: Int32) throws(ScriptError) {
        if lua_pcall(L, nargs, 2, handler) != LUA_OK {
            let message = String(lua: L, -1) ?? "(error object is a \(typeName(L, -1)) value)"
            lua_settop(L, -2)
            throw ScriptError(message)
        }
    }

    private func pop2() { lua_settop(L, -3) }

    /// The integer result at `index`, or an error naming what came back.
    private func integer(_ index: Int32) throws(ScriptError) -> Int {
        if lua_type(L, index) == LUA_TNUMBER, let i = exactInteger(lua_tonumberx(L, index, nil)) { return i }
        throw ScriptError("returned \(describeValue(L, index)), expected an integer")
    }

    /// Two number results (width, height).
    private func size() throws(ScriptError) -> Size {
        guard lua_type(L, -2) == LUA_TNUMBER, lua_type(L, -1) == LUA_TNUMBER else {
            throw ScriptError("returned \(describeValue(L, -2)), \(describeValue(L, -1)); expected two numbers (width, height)")
        }
        return Size(width: lua_tonumberx(L, -2, nil), height: lua_tonumberx(L, -1, nil))
    }

    func numberOfSections() throws -> Int {
        guard try push("sections") else { return 1 }
        try call(0)
        defer { pop2() }
        return try integer(-2)
    }

    func numberOfItems(inSection section: Int) throws -> Int {
        guard try push("count") else { throw ScriptError("the data source has no 'count' function") }
        arg(section)
        try call(1)
        defer { pop2() }
        return try integer(-2)
    }

    func sizeForItem(at path: GridIndexPath) throws -> Size {
        guard try push("size") else { throw ScriptError("the data source has no 'size' function") }
        arg(path.section)
        arg(path.item)
        try call(2)
        defer { pop2() }
        return try size()
    }

    func headerSize(inSection section: Int) throws -> Size? {
        guard try push("header") else { return nil }
        arg(section)
        try call(1)
        defer { pop2() }
        if lua_type(L, -2) == LUA_TNIL && lua_type(L, -1) == LUA_TNIL { return nil }
        return try size()
    }

    func showsLoader() throws -> Bool { try flag("showLoader") }
    func itemsHaveSameSize() throws -> Bool { try flag("sameSize") }

    func lanes(inSection section: Int) throws -> Int? {
        guard try push("lanes") else { return nil }
        arg(section)
        try call(1)
        defer { pop2() }
        return lua_type(L, -2) == LUA_TNIL ? nil : try integer(-2)
    }

    /// An optional callback whose result is read as a Lua condition (nil and false are false).
    private func flag(_ name: String) throws(ScriptError) -> Bool {
        guard try push(name) else { return false }
        try call(0)
        defer { pop2() }
        return lua_toboolean(L, -2) != 0
    }
}
