import CLua
import GridScript

/// A Lua state with the standard libraries and `gridlayout` preloaded, for running test chunks.
/// `print` is redirected into a buffer so tests can compare output exactly.
final class LuaHarness {
    let L: OpaquePointer

    init() {
        L = luaL_newstate()
        luaL_openlibs(L)
        GridScript.preload(L)
        run("""
            __output = {}
            print = function(...)
              local parts = table.pack(...)
              for i = 1, parts.n do parts[i] = tostring(parts[i]) end
              __output[#__output + 1] = table.concat(parts, "\\t", 1, parts.n)
            end
            gl = require "gridlayout"
            """)
    }

    deinit { lua_close(L) }

    /// Runs `code`; returns its results as strings (`tostring` of each), or throws the error message.
    @discardableResult
    func run(_ code: String, name: String = "=test") -> [String] {
        switch attempt(code, name: name) {
        case .success(let values): return values
        case .failure(let error): fatalError("chunk failed: \(error.message)")
        }
    }

    struct ChunkError: Error { var message: String }

    /// Runs `code`, returning its results as strings or the error message.
    func attempt(_ code: String, name: String = "=test") -> Result<[String], ChunkError> {
        let base = lua_gettop(L)
        var status = luaL_loadbuffer(L, code, code.utf8.count, name)
        if status == LUA_OK { status = lua_pcall(L, 0, LUA_MULTRET, 0) }
        defer { lua_settop(L, base) }
        if status != LUA_OK {
            return .failure(ChunkError(message: lua_tostring(L, -1).map { String(cString: $0) } ?? "?"))
        }
        var values: [String] = []
        let top = lua_gettop(L)
        if top > base {
            for i in (base + 1)...top { values.append(String(cString: luaL_tolstring(L, i, nil))); lua_settop(L, -2) }
        }
        return .success(values)
    }

    /// The error message of `code`, which must fail.
    func error(_ code: String) -> String {
        switch attempt(code) {
        case .success(let values): return "no error; results \(values)"
        case .failure(let error): return error.message
        }
    }

    /// Lines printed since the last call.
    func output() -> [String] {
        let lines = run("local o = table.concat(__output, '\\n'); __output = {}; return o")[0]
        return lines.isEmpty ? [] : lines.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }
}
