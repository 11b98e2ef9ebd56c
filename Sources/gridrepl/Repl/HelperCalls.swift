import CLua
import GridLayout
import GridScript
#if canImport(Glibc)
@preconcurrency import Glibc
#endif

// How the live view and the browser view call a grid from Swift: through a helper chunk of their
// own, under `lua_pcall`, with the REPL's limits (`--timeout`, `--max-memory`, Ctrl-C).

/// Calls helper `helper` of the helper table in registry field `helpers` with the grid `grid` (a
/// registry reference) and `arguments` (after `method`, for a `call` helper), under `lua_pcall`,
/// with gridrepl's limits: `--timeout` gives each call the whole budget, and `--max-memory` is
/// strict while it runs. Leaves `results` values on the stack and returns nil, or returns the
/// failure (leaving nothing). `nested`: inside a running chunk (`grid:view()`), whose own
/// `--timeout` hook is re-armed afterwards.
func callGridHelper(_ L: OpaquePointer, helpers: String, _ helper: String, grid: Int32, _ method: String?,
                    _ arguments: [Double], results: Int32, nested: Bool) -> GridCallFailure? {
    let top = lua_gettop(L)
    guard lua_checkstack(L, Int32(arguments.count) + 4) != 0 else { return GridCallFailure(message: "the Lua stack is full") }
    guard lua_getfield(L, gl_registryindex(), helpers) == LUA_TTABLE else {
        lua_settop(L, top)
        return GridCallFailure(message: "the view's helpers are missing")
    }
    if helper == "call" {  // g[method](g, ...) from C: messages name no helper chunk
        lua_pushcclosure(L, gl_call_method, 0)
    } else {
        lua_getfield(L, -1, helper)
    }
    lua_remove(L, -2)
    lua_rawgeti(L, gl_registryindex(), lua_Integer(grid))
    if let method { lua_pushstring(L, method) }
    for a in arguments { lua_pushnumber(L, a) }
    Limits.startClock()
    Runner.armHook(L)
    let wasStrict = Limits.strict
    Limits.strict = true
    Limits.running.add(1, ordering: .relaxed)
    let status = lua_pcall(L, Int32(arguments.count) + (method == nil ? 1 : 2), results, 0)
    Limits.running.subtract(1, ordering: .relaxed)
    Limits.strict = wasStrict
    // The hook back as the surrounding code wants it: none at the top level; inside a chunk
    // (grid:view()) the chunk's own --timeout hook, its budget starting again.
    lua_sethook(L, nil, 0, 0)
    Limits.interruptPending = 0
    if nested {
        Limits.startClock()
        Runner.armHook(L)
    }
    guard status == LUA_OK else {
        let failure = GridCallFailure(message: firstLine(Runner.string(L, -1)), kind: GridScript.errorKind(L, -1))
        lua_settop(L, top)
        return failure
    }
    return nil
}

/// A view's grid call that failed: the error's first line, and the kind of the engine failure
/// behind it (nil when it was none: a script's own error, a Lua error).
struct GridCallFailure: Error {
    var message: String
    var kind: GridError.Kind?
}

/// Runs the Lua chunk `source` (it returns a table of helpers) and keeps its table in registry
/// field `key`, once per state; an error message, or nil. The chunk gets GridScript's
/// `visible(grid)` as its argument: the visible elements with their labels and fills, labelled as
/// `draw()` and `svg()` label them.
func loadHelperTable(_ L: OpaquePointer, source: String, key: String, chunkName: String) -> String? {
    if lua_getfield(L, gl_registryindex(), key) == LUA_TTABLE {
        lua_settop(L, -2)
        return nil
    }
    lua_settop(L, -2)
    var status = luaL_loadbufferx(L, source, source.utf8.count, chunkName, "t")
    if status == LUA_OK {
        guard GridViewHost.pushLabelledVisible(L) else {
            lua_settop(L, -2)
            return "the view's helpers failed: not enough memory"
        }
        status = lua_pcall(L, 1, 1, 0)
    }
    guard status == LUA_OK else {
        defer { lua_settop(L, -2) }
        return "the view's helpers failed: \(Runner.string(L, -1))"
    }
    lua_setfield(L, gl_registryindex(), key)
    return nil
}

/// The first line of an error message, without a position in one of gridrepl's own chunks
/// (`[gridrepl view]:4: `, when a method the view's helpers call raises): the user's code is
/// what the message is about.
func firstLine(_ text: String) -> String {
    var line = Substring(text.split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: false).first ?? "")
    if line.hasPrefix("[gridrepl"), let close = line.firstIndex(of: "]") {
        var rest = line[line.index(after: close)...]
        if rest.hasPrefix(":") {
            rest = rest.dropFirst()
            let digits = rest.prefix { $0.isASCII && $0.isNumber }
            if !digits.isEmpty, rest.dropFirst(digits.count).hasPrefix(": ") { line = rest.dropFirst(digits.count + 2) }
        }
    }
    return String(line)
}

/// Lua shared by the views' helper chunks: `sideways(g, s)`, whether section s scrolls sideways.
/// The Lua API has no question for it; scrolling the section to where it is answers (a snapped
/// offset snaps to itself, so nothing moves), and raises for any other section.
let sidewaysHelperSource = """
local function sideways(g, s)
  local ok, offset = pcall(g.sectionOffset, g, s)
  return ok and (pcall(g.scrollSection, g, s, offset))
end
"""
