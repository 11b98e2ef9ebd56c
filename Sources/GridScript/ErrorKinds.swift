import CLua
import GridLayout

/// The kind of the engine failure behind a Lua error value. A Lua error is a string (scripts match
/// and print it), so the kind cannot travel inside it: the module notes, per Lua state, the last
/// error value it raised that has a kind, with that kind. A host that caught an error value asks
/// `GridScript.errorKind`, which answers only when the value is that same one (raw equality: the
/// very message raised, unchanged — rethrown by a script's `pcall` and `error(e, 0)` included).
enum ErrorKinds {
    /// Registry fields: the error value raised last with a kind, and the kind's name.
    static let valueKey = "gridlayout.errorValue"
    static let kindKey = "gridlayout.errorKind"

    /// Notes the error value on top of the stack (about to be raised) as one of `kind`; the
    /// stack is left as it was. When Lua has no memory for the note, the value goes unnoted (a
    /// host then sees no kind), never a second error.
    static func remember(_ L: LuaState, _ kind: GridError.Kind) {
        let top = lua_gettop(L)
        defer { lua_settop(L, top) }
        guard lua_checkstack(L, 4) != 0 else { return }
        // The value first cleared (setting nil never allocates), so that a failure half-way
        // leaves no value paired with another value's kind.
        lua_pushnil(L)
        guard gl_setfield_p(L, gl_registryindex(), valueKey) == LUA_OK else { return }
        guard (try? pushString(L, kind.rawValue)) != nil,
              gl_setfield_p(L, gl_registryindex(), kindKey) == LUA_OK else { return }
        lua_pushvalue(L, top)
        _ = gl_setfield_p(L, gl_registryindex(), valueKey)
    }

    /// The kind noted with the value at `index`, or nil when another value (or none) was noted.
    static func kind(_ L: LuaState, _ index: Int32) -> GridError.Kind? {
        let index = lua_absindex(L, index)
        guard lua_checkstack(L, 2) != 0 else { return nil }
        defer { lua_settop(L, -3) }
        lua_getfield(L, gl_registryindex(), valueKey)
        lua_getfield(L, gl_registryindex(), kindKey)
        guard lua_type(L, -2) != LUA_TNIL, lua_rawequal(L, -2, index) != 0,
              let name = String(lua: L, -1) else { return nil }
        return GridError.Kind(rawValue: name)
    }
}

extension GridScript {
    /// The kind of the engine failure behind the Lua error value at `index` of `L` — one that a
    /// call into this module raised (a grid method, a data source failure it reported) — or nil
    /// for any other value: a script's own error, a Lua runtime error, or an error of the Lua
    /// face itself (a bad argument). A host maps it to its own terms (gridrepl's browser view: an
    /// HTTP status) without reading the message. Reads the registry raw: runs no Lua code.
    public static func errorKind(_ L: OpaquePointer, _ index: Int32) -> GridError.Kind? {
        ErrorKinds.kind(L, index)
    }
}
