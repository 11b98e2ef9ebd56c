import CLua
import GridScript
#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// The browser view's playground: an edit of the script, run in place of its file.
extension ViewHost {
    /// Runs `text` as `--serve` runs the script's file (the script's name for its chunk, so that
    /// errors name its lines; its arguments; the same `--timeout` and `--max-memory`), but in a
    /// fresh Lua state, sandboxed as `--sandbox` sandboxes one whatever the command line says:
    /// anyone on the machine can post an edit, and no edit may reach the files or the programs of
    /// whoever serves. The state is the caller's, the grid to serve on its stack; on failure the
    /// state is closed and the message's first line (the error and its line) is returned.
    static func runEdit(_ text: String, _ argv: [UnsafeMutablePointer<CChar>], _ index: Int) -> Result<OpaquePointer, ScriptFailure> {
        guard let L = luaL_newstate() else { return .failure(ScriptFailure(message: "cannot create a Lua state: not enough memory")) }
        luaL_openlibs(L)
        GridScript.preload(L)
        guard Runner.installHelpers(L) else {
            lua_close(L)
            return .failure(ScriptFailure(message: "the edit's Lua state could not be set up"))
        }
        Limits.installAllocator(L)
        guard Limits.applySandbox(L) else {
            lua_close(L)
            return .failure(ScriptFailure(message: "the edit's Lua state could not be sandboxed"))
        }
        Runner.createArgTable(L, argv, index)
        Limits.startClock()  // an edit gets the whole --timeout
        let chunkName = "@" + String(cString: argv[index])
        let result = loadGrid(L, argv, index, option: "--serve") { L in
            Runner.runLoaded(L, luaL_loadbufferx(L, text, text.utf8.count, chunkName, "t"))
        }
        if case .failure(let failure) = result {
            lua_close(L)
            return .failure(ScriptFailure(message: firstLine(failure.message)))
        }
        return .success(L)
    }
}
