import CLua
import GridScript
#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// gridrepl as the host of the live view: `grid:view()` (GridScript's hook) and `--view script`;
/// also how both views find the grid a script made (`loadGrid`; the browser view: ViewHost+Serve).
enum ViewHost {
    /// True while `--view` runs its script: `grid:view()` then only names the grid to view.
    nonisolated(unsafe) static var collecting = false
    /// True while a view is open: a nested `grid:view()` is an error.
    nonisolated(unsafe) static var open = false
    /// The registry field for the grid a `--view` script asked for with `grid:view()`.
    private static let requestedKey = "gridrepl.viewRequested"

    /// Makes `grid:view()` open the view (or, while `--view` runs its script, choose the grid).
    static func install() {
        GridViewHost.handler = { L, index in
            if open { return "grid:view(): the view is already open" }
            if collecting {
                lua_pushvalue(L, index)
                lua_setfield(L, gl_registryindex(), requestedKey)
                return nil
            }
            let view = LiveView(L, gridIndex: index, scriptReload: nil, nested: true)
            switch show(view) {
            case .success(.closed): return nil
            case .success(.interrupted):
                // The SIGINT also armed the stop hook (ViewSignals): left armed, it would fire
                // inside the protected formatting of this method's own error and turn it into
                // "not enough memory". Returning lets the hook raise "interrupted!" from Lua at
                // the script's next step, as Ctrl-C does anywhere else; without a running chunk
                // to stop, the method raises it itself.
                return Limits.interruptPending != 0 ? nil : "interrupted!"
            case .success(.terminated(let sig)): end(with: sig)
            case .failure(let error): return "grid:view(): \(error.message)"
            }
        }
    }

    /// Runs a view; the terminal is given back whatever happens.
    private static func show(_ view: LiveView) -> Result<LiveView.Outcome, ViewTerminal.OpenError> {
        open = true
        defer {
            open = false
            Limits.startClock()  // the time spent looking is not the script's
        }
        do {
            return .success(try view.run())
        } catch {
            return .failure(error)
        }
    }

    /// Ends the process with `sig` (SIGTERM, SIGHUP) after the view gave the terminal back.
    static func end(with sig: Int32) -> Never {
        signal(sig, SIG_DFL)
        raise(sig)
        exit(128 + sig)
    }

    /// `gridrepl --view script.lua`: runs the script, then views the grid it returns, else the one
    /// it called `grid:view()` on, else the last one it made. Returns the exit status (0 after q or
    /// Escape). Errors before the view opens are reported as a script's are.
    static func runScript(_ L: OpaquePointer, _ argv: [UnsafeMutablePointer<CChar>], _ index: Int) -> Int32 {
        let name = String(cString: argv[index])
        lua_settop(L, 0)
        switch loadGrid(L, argv, index) {
        case .failure(let failure):
            Runner.message(Runner.progname, failure.message)
            return 1
        case .success:
            break
        }
        let view = LiveView(L, gridIndex: -1, scriptReload: { L in
            Limits.startClock()  // a reload gets the whole --timeout
            switch loadGrid(L, argv, index) {
            case .success: return nil
            case .failure(let failure): return failure.message
            }
        }, nested: false)
        lua_settop(L, 0)
        switch show(view) {
        case .success(.closed):
            // For `--view -i`: the grid viewed last (after any reload) is `grid` at the prompt.
            lua_rawgeti(L, gl_registryindex(), lua_Integer(view.gridRef))
            if Runner.callHelper(L, "keepResults", 1, 0) != LUA_OK { lua_settop(L, -2) }
            return 0
        case .success(.interrupted):
            Runner.message(Runner.progname, "interrupted!")
            return 1
        case .success(.terminated(let sig)):
            end(with: sig)
        case .failure(let error):
            Runner.message(Runner.progname, "--view \(name): \(error.message)")
            return 1
        }
    }

    struct ScriptFailure: Error { var message: String }

    /// Runs the script and pushes the grid to view, or fails with a message (the stack as it was).
    /// `option` names the command line option in the message when the script made no grid; `run`
    /// runs other source in place of the script's file (leaving what `Runner.runScript` leaves).
    static func loadGrid(_ L: OpaquePointer, _ argv: [UnsafeMutablePointer<CChar>], _ index: Int,
                         option: String = "--view", run: ((OpaquePointer) -> Int32)? = nil) -> Result<Void, ScriptFailure> {
        let top = lua_gettop(L)
        Runner.forgetLastGrid(L)
        lua_pushnil(L)
        lua_setfield(L, gl_registryindex(), requestedKey)
        collecting = true
        let status = run?(L) ?? Runner.runScript(L, argv, index)
        collecting = false
        if status != LUA_OK {
            let message = Runner.string(L, -1)
            lua_settop(L, top)
            return .failure(ScriptFailure(message: message))
        }
        // The script's first result, if it is a grid; else the grid it called view() on; else the last made.
        if lua_gettop(L) > top && GridViewHost.isGrid(L, top + 1) {
            lua_pushvalue(L, top + 1)
        } else if lua_getfield(L, gl_registryindex(), requestedKey) != LUA_TUSERDATA {
            lua_settop(L, -2)
            if !Runner.pushLastGrid(L) {
                lua_settop(L, top)
                let name = String(cString: argv[index])
                return .failure(ScriptFailure(message: "\(option) \(name): the script made no grid (make one with gridlayout.new, or return the grid to view)"))
            }
        }
        lua_copy(L, -1, top + 1)
        lua_settop(L, top + 1)
        return .success(())
    }
}
