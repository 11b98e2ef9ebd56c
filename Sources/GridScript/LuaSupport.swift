import CLua
import GridLayout

/// A Lua state pointer, as Swift imports `lua_State *`.
typealias LuaState = OpaquePointer

/// An error raised to Lua by a Swift function: its message becomes the Lua error value.
struct ScriptError: Error, CustomStringConvertible {
    var message: String
    /// The class of the engine failure this is the Lua wording of; nil for the face's own errors
    /// (a bad argument, a callback of the wrong type). A host reads it back from the Lua error
    /// value with `GridScript.errorKind`.
    var kind: GridError.Kind?

    init(_ message: String, kind: GridError.Kind? = nil) {
        self.message = message
        self.kind = kind
    }

    /// The engine's failure in Lua's words (sections and items from 1), with its kind.
    init(_ error: GridError) { self.init(error.message(in: .lua), kind: error.kind) }

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
        let message = error.message
        // Protected: when even the message cannot be made, the trampoline raises a memory error.
        let status = message.withCString { gl_where_p(L, 1, $0, message.utf8.count) }
        guard status == LUA_OK else { return -2 }
        if let kind = error.kind { ErrorKinds.remember(L, kind) }
        return -1
    }
}

extension ScriptError {
    /// What a protected API call that failed reports (almost always Lua's memory cap).
    static let noMemory = ScriptError("not enough memory")
}

/// Throws `ScriptError.noMemory` unless `status` is `LUA_OK` (of a protected API call).
@inline(__always)
func protect(_ status: Int32) throws(ScriptError) {
    if status != LUA_OK { throw .noMemory }
}

extension String {
    /// The string at `index` of the Lua stack (a string or a number), or nil.
    init?(lua L: LuaState, _ index: Int32) {
        var length = 0
        switch lua_type(L, index) {
        case LUA_TSTRING:  // a string's text is there already: lua_tolstring allocates nothing
            guard let chars = lua_tolstring(L, index, &length) else { return nil }
            self = String(decoding: UnsafeRawBufferPointer(start: chars, count: length), as: UTF8.self)
        case LUA_TNUMBER:  // converted on a copy, protected (the conversion allocates a string)
            guard gl_tostring_p(L, index) == LUA_OK else { return nil }
            defer { lua_settop(L, -2) }
            guard let chars = lua_tolstring(L, -1, &length) else { return nil }
            self = String(decoding: UnsafeRawBufferPointer(start: chars, count: length), as: UTF8.self)
        default:
            return nil
        }
    }

    /// The text of any Lua value at `index` as Lua's `tostring` makes it (a `__tostring`
    /// metamethod included), protected; nil when that fails or gives no string.
    init?(luaAny L: LuaState, _ index: Int32) {
        if lua_type(L, index) == LUA_TSTRING { self.init(lua: L, index); return }
        guard gl_tostring_p(L, index) == LUA_OK else { return nil }
        defer { lua_settop(L, -2) }
        guard let text = String(lua: L, -1) else { return nil }
        self = text
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

// Every call below that can allocate Lua memory is protected (the `gl_*_p` functions of
// Sources/CLua/shim.h): a memory error comes back as a thrown `ScriptError.noMemory`, never as a
// longjmp across Swift frames.

/// Pushes a Swift string.
func pushString(_ L: LuaState, _ s: String) throws(ScriptError) {
    let status = s.withCString { gl_pushlstring_p(L, $0, s.utf8.count) }
    try protect(status)
}

/// Pushes a new table.
func createTable(_ L: LuaState, _ narr: Int, _ nrec: Int) throws(ScriptError) {
    try protect(gl_createtable_p(L, Int32(clamping: narr), Int32(clamping: nrec)))
}

/// Sets `t[key] =` the value on top (popped) for the table at `table`.
func setField(_ L: LuaState, _ table: Int32, _ key: String) throws(ScriptError) {
    try protect(gl_setfield_p(L, table, key))
}

/// Sets `t[n] =` the value on top (popped), raw, for the table at `table`.
func rawSet(_ L: LuaState, _ table: Int32, _ n: Int) throws(ScriptError) {
    try protect(gl_rawseti_p(L, table, lua_Integer(n)))
}

/// `luaL_ref` of the value on top (popped) into the table at `table`.
func makeRef(_ L: LuaState, _ table: Int32) throws(ScriptError) -> Int32 {
    let ref = gl_ref_p(L, table)
    if ref == LUA_NOREF { throw .noMemory }
    return ref
}

/// Sets `t[key] = number` for the table at the top of the stack (an integer when integral).
func setField(_ L: LuaState, _ key: String, _ value: Double) throws(ScriptError) {
    pushNumber(L, value)
    try setField(L, -2, key)
}

/// Sets `t[key] = integer` for the table at the top of the stack.
func setField(_ L: LuaState, _ key: String, integer value: Int) throws(ScriptError) {
    lua_pushinteger(L, lua_Integer(value))
    try setField(L, -2, key)
}

/// Sets `t[key] = string` for the table at the top of the stack.
func setField(_ L: LuaState, _ key: String, _ value: String) throws(ScriptError) {
    try pushString(L, value)
    try setField(L, -2, key)
}

/// Sets `t[key] = true` for the table at the top of the stack.
func setField(_ L: LuaState, _ key: String, true: ()) throws(ScriptError) {
    lua_pushboolean(L, 1)
    try setField(L, -2, key)
}

/// `message` with a traceback of L from `level` (as luaL_traceback), or `message` alone when
/// Lua has no memory for it.
func traceback(_ L: LuaState, _ message: String, level: Int32) -> String {
    guard message.withCString({ gl_traceback_p(L, $0, level) }) == LUA_OK else { return message }
    defer { lua_settop(L, -2) }
    return String(lua: L, -1) ?? message
}

/// Pushes a number: an integer subtype when integral, so Lua prints `5` rather than `5.0`.
func pushNumber(_ L: LuaState, _ n: Double) {
    if let i = exactInteger(n), abs(n) < 1e15 { lua_pushinteger(L, lua_Integer(i)) } else { lua_pushnumber(L, n) }
}

/// The message handler for protected calls into scripts: the error's text (`__tostring` used)
/// with a traceback. It is C (`gl_traceback_handler`): it runs while an error is raised, where a
/// memory error must not cross a Swift frame.
let tracebackHandler: lua_CFunction = gl_traceback_handler

/// The most bytes of an error message the module passes on. A failure inside a callback inside a
/// grid call inside a callback … nests each level's message and traceback in the next; past
/// this, `boundedMessage` keeps the start (every level's prefix and the innermost error, as they
/// come first) and the innermost traceback, and says how much was left out.
let maxMessageBytes = 8192

/// `message`, bounded to about `maxMessageBytes` (see there).
func boundedMessage(_ message: String) -> String {
    let bytes = Array(message.utf8)
    guard bytes.count > maxMessageBytes else { return message }
    let head = maxMessageBytes * 3 / 4, tail = maxMessageBytes / 4
    // The head: up to the end of the innermost traceback when it fits, else a cut.
    var headEnd = head
    let marker = Array("\nstack traceback:\n".utf8)
    if let first = firstRange(of: marker, in: bytes, from: 0), first < head,
       let second = firstRange(of: marker, in: bytes, from: first + marker.count), second <= head {
        headEnd = second
    }
    while headEnd > 0 && bytes[headEnd] & 0xC0 == 0x80 { headEnd -= 1 }  // whole UTF-8 characters
    var tailStart = bytes.count - tail
    while tailStart < bytes.count && bytes[tailStart] & 0xC0 == 0x80 { tailStart += 1 }
    let omitted = tailStart - headEnd
    return String(decoding: bytes[..<headEnd], as: UTF8.self)
        + "\n[… \(omitted) bytes of outer messages and tracebacks left out …]\n"
        + String(decoding: bytes[tailStart...], as: UTF8.self)
}

private func firstRange(of needle: [UInt8], in bytes: [UInt8], from start: Int) -> Int? {
    guard needle.count <= bytes.count else { return nil }
    var i = start
    while i + needle.count <= bytes.count {
        if bytes[i] == needle[0] && bytes[i..<(i + needle.count)].elementsEqual(needle) { return i }
        i += 1
    }
    return nil
}

/// Pushes `t[key]` for the table (or object) at absolute index `table`, read by a tiny C function
/// under `lua_pcall` with the message handler at `handler`: an `__index` metamethod may run code,
/// and may raise, which must not happen in a Swift frame. Returns the value's type; throws the
/// error message (with traceback) when reading raises.
func pushField(_ L: LuaState, _ table: Int32, _ key: String, handler: Int32) throws(ScriptError) -> Int32 {
    // A C reader: no chunk of the module's own shows in the traceback (it read `field:1:`).
    lua_pushcclosure(L, gl_get_field, 0)
    lua_pushvalue(L, table)
    do { try pushString(L, key) } catch { lua_settop(L, -3); throw error }
    if lua_pcall(L, 2, 1, handler) != LUA_OK {
        let message = String(luaAny: L, -1) ?? typeName(L, -1)
        lua_settop(L, -2)
        throw ScriptError(message)
    }
    return lua_type(L, -1)
}
