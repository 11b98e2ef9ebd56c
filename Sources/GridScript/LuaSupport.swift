import CLua

/// A Lua state pointer, as Swift imports `lua_State *`.
typealias LuaState = OpaquePointer

/// An error raised to Lua by a Swift function: its message becomes the Lua error value.
struct ScriptError: Error, CustomStringConvertible {
    var message: String
    init(_ message: String) { self.message = message }
    var description: String { message }
}

/// The signature of Swift functions registered behind `gl_pushswiftclosure`.
typealias SwiftLuaFunction = @convention(c) (LuaState?) -> Int32

/// Runs `body` for a Swift function called from Lua. A thrown `ScriptError` is pushed with the
/// caller's position (as `luaL_error` does) and -1 is returned, so the C trampoline raises it:
/// the Lua error never unwinds through Swift frames.
@inline(__always)
func luaFunction(_ L: LuaState?, _ body: (LuaState) throws(ScriptError) -> Int32) -> Int32 {
    guard let L else { return 0 }
    do {
        return try body(L)
    } catch {
        luaL_where(L, 1)
        lua_pushstring(L, error.message)
        lua_concat(L, 2)
        return -1
    }
}

extension String {
    /// The string at `index` of the Lua stack (a string or a number), or nil.
    init?(lua L: LuaState, _ index: Int32) {
        var length = 0
        guard lua_type(L, index) == LUA_TSTRING || lua_type(L, index) == LUA_TNUMBER,
              let chars = lua_tolstring(L, index, &length) else { return nil }
        self = String(decoding: UnsafeRawBufferPointer(start: chars, count: length), as: UTF8.self)
    }
}

/// The type name of the value at `index`, as Lua's error messages spell it.
func typeName(_ L: LuaState, _ index: Int32) -> String {
    String(cString: luaL_typename(L, index))
}

/// How a Lua value reads in an error message: numbers and strings as themselves, others by type.
func describeValue(_ L: LuaState, _ index: Int32) -> String {
    switch lua_type(L, index) {
    case LUA_TNUMBER: return String(lua: L, index) ?? "number"
    case LUA_TSTRING: return "'\(String(lua: L, index) ?? "")'"
    default: return typeName(L, index)
    }
}

/// Reads a number argument; `name` is the function's name for the error message.
func checkNumber(_ L: LuaState, _ index: Int32, argument: Int32, _ function: String) throws(ScriptError) -> Double {
    guard lua_type(L, index) == LUA_TNUMBER else {
        throw ScriptError("bad argument #\(argument) to '\(function)' (number expected, got \(typeName(L, index)))")
    }
    return lua_tonumberx(L, index, nil)
}

/// Reads an integer argument (a float with an integral value counts).
func checkInteger(_ L: LuaState, _ index: Int32, argument: Int32, _ function: String) throws(ScriptError) -> Int {
    _ = try checkNumber(L, index, argument: argument, function)
    var isInteger: Int32 = 0
    let value = lua_tointegerx(L, index, &isInteger)
    guard isInteger != 0 else {
        throw ScriptError("bad argument #\(argument) to '\(function)' (number has no integer representation)")
    }
    return Int(value)
}

/// `n` as an Int when it is integral and in range, else nil.
func exactInteger(_ n: Double) -> Int? {
    guard n == n.rounded(), n >= -9.2e18, n <= 9.2e18 else { return nil }
    return Int(n)
}

/// Pushes a Swift string.
func pushString(_ L: LuaState, _ s: String) {
    var s = s
    s.withUTF8 { buffer in
        buffer.withMemoryRebound(to: CChar.self) { _ = lua_pushlstring(L, $0.baseAddress, $0.count) }
    }
}

/// Sets `t[key] = number` for the table at the top of the stack (an integer when integral).
func setField(_ L: LuaState, _ key: String, _ value: Double) {
    pushNumber(L, value)
    lua_setfield(L, -2, key)
}

/// Sets `t[key] = integer` for the table at the top of the stack.
func setField(_ L: LuaState, _ key: String, integer value: Int) {
    lua_pushinteger(L, lua_Integer(value))
    lua_setfield(L, -2, key)
}

/// Sets `t[key] = string` for the table at the top of the stack.
func setField(_ L: LuaState, _ key: String, _ value: String) {
    pushString(L, value)
    lua_setfield(L, -2, key)
}

/// Pushes a number: an integer subtype when integral, so Lua prints `5` rather than `5.0`.
func pushNumber(_ L: LuaState, _ n: Double) {
    if let i = exactInteger(n), abs(n) < 1e15 { lua_pushinteger(L, lua_Integer(i)) } else { lua_pushnumber(L, n) }
}

/// The message handler for protected calls into scripts: adds a traceback to the error message.
let tracebackHandler: @convention(c) (LuaState?) -> Int32 = { L in
    guard let L else { return 0 }
    if let message = lua_tostring(L, 1) {
        luaL_traceback(L, L, message, 1)
    } else {
        let text = "(error object is a \(typeName(L, 1)) value)"
        luaL_traceback(L, L, text, 1)
    }
    return 1
}

/// Pushes `t[key]` for the table (or object) at absolute index `table`, read by a tiny Lua function
/// under `lua_pcall` with the message handler at `handler`: an `__index` metamethod may run code,
/// and may raise, which must not happen in a Swift frame. Returns the value's type; throws the
/// error message (with traceback) when reading raises.
func pushField(_ L: LuaState, _ table: Int32, _ key: String, handler: Int32) throws(ScriptError) -> Int32 {
    let reader = "local t, k = ...; return t[k]"
    guard luaL_loadbuffer(L, reader, reader.utf8.count, "=field") == LUA_OK else {
        let message = String(lua: L, -1) ?? "cannot load the field reader"
        lua_settop(L, -2)
        throw ScriptError(message)
    }
    lua_pushvalue(L, table)
    pushString(L, key)
    if lua_pcall(L, 2, 1, handler) != LUA_OK {
        let message = String(lua: L, -1) ?? typeName(L, -1)
        lua_settop(L, -2)
        throw ScriptError(message)
    }
    return lua_type(L, -1)
}
