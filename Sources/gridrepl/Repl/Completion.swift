@preconcurrency import CEdit
import CLua
import GridScript
#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// Tab completion through libedit: global names and keywords; `a.b.` and `a.b:` complete the
/// keys of the table at that path (following `__index` tables); for a grid (metatable
/// `__name == "gridlayout.Grid"`), `g.` completes the module's `fields` and `g:` its `methods`,
/// and `g.dataSource.` and `g.delegate.` the keys of those tables. At the prompt, the names of
/// persistent top-level locals complete as globals do, and paths may start from them.
/// Only raw accesses: completing never runs Lua code, so it cannot raise.
enum Completion {
    /// The state completions come from (the callback has no context argument).
    nonisolated(unsafe) static var state: OpaquePointer?

    static let gridTypeName = "gridlayout.Grid"

    static func install(_ L: OpaquePointer) {
        state = L
        rl_attempted_completion_function = complete
        rl_basic_word_break_characters = UnsafePointer(strdup(" \t\n\"\\'><=;+-*/%^~#&|(){}[],"))
        rl_completion_append_character = 0
    }

    static let complete: @convention(c) (UnsafePointer<CChar>?, Int32, Int32) -> UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = { text, _, _ in
        rl_attempted_completion_over = 1  // no file name completion
        guard let text, let L = state else { return nil }
        return matchArray(candidates(L, String(cString: text)))
    }

    private static let keywords = [
        "and", "break", "do", "else", "elseif", "end", "false", "for", "function", "goto", "if", "in",
        "local", "nil", "not", "or", "repeat", "return", "then", "true", "until", "while",
    ]

    /// The completions of `text`, sorted, each the whole word.
    static func candidates(_ L: OpaquePointer, _ text: String) -> [String] {
        let top = lua_gettop(L)
        defer { lua_settop(L, top) }
        guard lua_checkstack(L, 10) != 0 else { return [] }
        let bytes = Array(text.utf8)
        guard let sep = bytes.lastIndex(where: { $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: ":") }) else {
            lua_pushglobaltable(L)
            var names = Set(keys(L, methods: false) + keywords)
            if pushLocals(L) { names.formUnion(keys(L, methods: false)) }
            return names.filter { $0.hasPrefix(text) }.sorted()
        }
        let pathBytes = Array(bytes[..<sep])
        let partial = String(decoding: bytes[(sep + 1)...], as: UTF8.self)
        let methods = bytes[sep] == UInt8(ascii: ":")
        let segments = pathBytes.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false)
        guard segments.allSatisfy({ PrettyPrinter.isIdentifier(Array($0)) }) else { return [] }
        // The first name: a prompt local, else a global.
        let first = String(decoding: segments[0], as: UTF8.self)
        var found = false
        if pushLocals(L) {
            lua_pushstring(L, first)
            found = lua_rawget(L, -2) != LUA_TNIL
            lua_remove(L, -2)
            if !found { lua_settop(L, -2) }
        }
        if !found {
            lua_pushglobaltable(L)
            guard field(L, first) else { return [] }
        }
        for segment in segments.dropFirst() {
            guard field(L, String(decoding: segment, as: UTF8.self)) else { return [] }
        }
        let prefix = String(decoding: bytes[...sep], as: UTF8.self)
        return Set(keys(L, methods: methods)).filter { $0.hasPrefix(partial) }.sorted().map { prefix + $0 }
    }

    /// Pushes the table of the prompt's persistent locals and returns true; false (nothing
    /// pushed) with `--lua-locals`.
    private static func pushLocals(_ L: OpaquePointer) -> Bool {
        guard Interactive.persistLocals else { return false }
        Runner.pushHelper(L, "locals")
        if lua_type(L, -1) == LUA_TTABLE { return true }
        lua_settop(L, -2)
        return false
    }

    /// Replaces the value on top by its field `name`, read raw through `__index` tables (a
    /// grid's `dataSource` and `delegate` from the grid itself).
    private static func field(_ L: OpaquePointer, _ name: String) -> Bool {
        if GridViewHost.pushAttachment(L, -1, name) {
            lua_remove(L, -2)
            return lua_type(L, -1) != LUA_TNIL
        }
        for _ in 0..<16 {
            if lua_type(L, -1) == LUA_TTABLE {
                lua_pushstring(L, name)
                if lua_rawget(L, -2) != LUA_TNIL {
                    lua_remove(L, -2)
                    return true
                }
                lua_settop(L, -2)
            }
            guard pushIndexTable(L) else { return false }
            lua_remove(L, -2)
        }
        return false
    }

    /// Pushes the `__index` table of the value on top's metatable; false (nothing pushed) if none.
    private static func pushIndexTable(_ L: OpaquePointer) -> Bool {
        let type = luaL_getmetafield(L, -1, "__index")
        if type == LUA_TTABLE { return true }
        if type != LUA_TNIL { lua_settop(L, -2) }
        return false
    }

    /// The names the value on top offers after `.` (or `:` when `methods`). Pops nothing.
    private static func keys(_ L: OpaquePointer, methods: Bool) -> [String] {
        if isGrid(L), let names = gridNames(L, methods ? "methods" : "fields") { return names }
        var names: [String] = []
        lua_pushvalue(L, -1)
        for _ in 0..<16 {
            if lua_type(L, -1) == LUA_TTABLE {
                lua_pushnil(L)
                while lua_next(L, -2) != 0 {
                    if lua_type(L, -2) == LUA_TSTRING && (!methods || lua_type(L, -1) == LUA_TFUNCTION) {
                        let key = Array(Runner.string(L, -2).utf8)
                        if PrettyPrinter.isIdentifier(key) { names.append(String(decoding: key, as: UTF8.self)) }
                    }
                    lua_settop(L, -2)
                }
            }
            guard pushIndexTable(L) else { break }
            lua_remove(L, -2)
        }
        lua_settop(L, -2)
        return names
    }

    private static func isGrid(_ L: OpaquePointer) -> Bool {
        guard lua_type(L, -1) == LUA_TUSERDATA else { return false }
        guard luaL_getmetafield(L, -1, "__name") != LUA_TNIL else { return false }
        defer { lua_settop(L, -2) }
        return lua_type(L, -1) == LUA_TSTRING && Runner.string(L, -1) == gridTypeName
    }

    /// `require("gridlayout")[list]` as strings, read raw from package.loaded; nil if absent.
    private static func gridNames(_ L: OpaquePointer, _ list: String) -> [String]? {
        let top = lua_gettop(L)
        defer { lua_settop(L, top) }
        guard lua_getfield(L, gl_registryindex(), LUA_LOADED_TABLE) == LUA_TTABLE else { return nil }
        lua_pushstring(L, "gridlayout")
        guard lua_rawget(L, -2) == LUA_TTABLE else { return nil }
        lua_pushstring(L, list)
        guard lua_rawget(L, -2) == LUA_TTABLE else { return nil }
        var names: [String] = []
        var i: lua_Integer = 1
        while lua_rawgeti(L, -1, i) == LUA_TSTRING {
            names.append(Runner.string(L, -1))
            lua_settop(L, -2)
            i += 1
        }
        return names.isEmpty ? nil : names
    }

    /// A readline match list: the common prefix, then the matches, then NULL (malloc'd).
    private static func matchArray(_ matches: [String]) -> UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? {
        guard let first = matches.first else { return nil }
        var common = Array(first.utf8)
        for m in matches.dropFirst() {
            let b = Array(m.utf8)
            var n = 0
            while n < common.count && n < b.count && common[n] == b[n] { n += 1 }
            common.removeLast(common.count - n)
        }
        let size = MemoryLayout<UnsafeMutablePointer<CChar>?>.stride * (matches.count + 2)
        guard let raw = malloc(size) else { return nil }
        let array = raw.bindMemory(to: UnsafeMutablePointer<CChar>?.self, capacity: matches.count + 2)
        array[0] = strdup(String(decoding: common, as: UTF8.self))
        for (i, m) in matches.enumerated() { array[i + 1] = strdup(m) }
        array[matches.count + 1] = nil
        return array
    }
}
