import CLua
import GridHost
import GridLayout
#if canImport(Glibc)
import Glibc
#endif

extension TextPicture {
    /// The terminal's size, from the terminal itself, else $COLUMNS/$LINES, else 80×24.
    static func terminalSize() -> (columns: Int, rows: Int) {
        var size = winsize()
        if ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0, size.ws_row > 0 {
            return (Int(size.ws_col), Int(size.ws_row))
        }
        func env(_ name: String) -> Int? { getenv(name).flatMap { Int(String(cString: $0)) }.flatMap { $0 > 0 ? $0 : nil } }
        return (env("COLUMNS") ?? 80, env("LINES") ?? 24)
    }
}

/// The options table of `draw` (`{cols=, rows=, text=}`) and `svg` (`{viewport=}`).
struct PictureOptions {
    /// Terminal columns and rows to fit the drawing into (default: the terminal's size).
    var columns: Int?
    var rows: Int?
    /// `draw` returns the picture as a string instead of printing it.
    var returnText = false
    /// `svg` draws only the viewport instead of the whole content.
    var viewportOnly = false

    /// Reads the table at stack `index`, which is argument number `argument` of `function`.
    init(_ L: LuaState, _ index: Int32, argument: Int32, _ function: String) throws(ScriptError) {
        switch lua_type(L, index) {
        case LUA_TNONE, LUA_TNIL: return
        case LUA_TTABLE: break
        default: throw ScriptError("bad argument #\(argument) to '\(function)' (table expected, got \(typeName(L, index)))")
        }
        let table = lua_absindex(L, index)
        // Each function takes only the options that mean something to it.
        let known = function == "svg" ? ["viewport"] : ["cols", "rows", "text"]
        lua_pushnil(L)
        while lua_next(L, table) != 0 {
            let key = lua_type(L, -2) == LUA_TSTRING ? String(lua: L, -2) ?? "" : describeValue(L, -2)
            guard known.contains(key) else {
                lua_settop(L, -3)
                throw ScriptError("\(function): unknown option '\(key)' (expected \(known.joined(separator: ", ")))"
                                  + Suggestion.didYouMean(key, among: known))
            }
            switch key {
            case "cols", "rows":
                guard lua_type(L, -1) == LUA_TNUMBER, let n = exactInteger(lua_tonumberx(L, -1, nil)), n >= 1, n <= 10_000 else {
                    let shown = describeValue(L, -1)
                    lua_settop(L, -3)
                    throw ScriptError("\(function): option '\(key)' must be an integer in 1...10000, got \(shown)")
                }
                if key == "cols" { columns = n } else { rows = n }
            case "text": returnText = lua_toboolean(L, -1) != 0
            case "viewport": viewportOnly = lua_toboolean(L, -1) != 0
            default: break
            }
            lua_settop(L, -2)
        }
    }
}

/// Writes text to standard output through C's stdio, the stream Lua's `print` uses.
func writeStdout(_ text: String) {
    fflush(nil)  // what Lua's print buffered comes first
    var text = text
    text.withUTF8 { buffer in
        var rest = UnsafeRawBufferPointer(buffer)
        while !rest.isEmpty {
            let n = write(STDOUT_FILENO, rest.baseAddress, rest.count)
            if n <= 0 { if errno == EINTR { continue } else { return } }
            rest = UnsafeRawBufferPointer(rebasing: rest[n...])
        }
    }
}

/// Writes `text` to the file at `path`, replacing it.
func writeFile(_ path: String, _ text: String) throws(ScriptError) {
    guard let file = fopen(path, "w") else {
        throw ScriptError("cannot open '\(path)' for writing: \(String(cString: strerror(errno)))")
    }
    let written = fputs(text, file)
    let closed = fclose(file)
    guard written >= 0, closed == 0 else {
        throw ScriptError("cannot write '\(path)': \(String(cString: strerror(errno)))")
    }
}
