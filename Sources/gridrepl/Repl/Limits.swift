import CLua
import GridScript
import Synchronization
#if canImport(Glibc)
@preconcurrency import Glibc
#endif

// `--max-memory`, `--timeout` and `--sandbox`.

enum Limits {
    /// The cap on the bytes Lua holds live plus the bytes of the grids' stored frames
    /// (`GridScript.engineBytes`) (0: none). Other Swift allocations are not counted.
    nonisolated(unsafe) static var memoryCap = 0
    /// `--max-memory` as given, for messages.
    nonisolated(unsafe) static var memoryCapText = ""

    /// The bytes Lua holds through the capped allocator.
    nonisolated(unsafe) static var liveBytes = 0
    /// Outside user code (the host printing results, loading a line) the cap is this much looser,
    /// so a host API call that cannot fail safely does not hit it right after a script did.
    static let hostSlack = 1 << 20
    /// True while user code runs (inside `Runner.docall`): the cap is strict.
    nonisolated(unsafe) static var strict = false

    /// `--timeout` in seconds, or nil.
    nonisolated(unsafe) static var timeout: Double?
    /// The monotonic time (ns) after which running code stops; 0 when none.
    /// Atomic: the watchdog thread reads it.
    static let deadlineAtomic = Atomic<UInt64>(0)
    static var deadline: UInt64 {
        get { deadlineAtomic.load(ordering: .relaxed) }
        set { deadlineAtomic.store(newValue, ordering: .relaxed) }
    }
    /// Instructions between two clock checks.
    static let checkInterval: Int32 = 1000

    /// Set by the SIGINT handler: the hook then raises "interrupted!".
    nonisolated(unsafe) static var interruptPending: sig_atomic_t = 0

    /// The `lua_Alloc` of `--max-memory`: malloc/realloc/free, counting live bytes and refusing
    /// (NULL: Lua then collects garbage, retries, and raises "not enough memory") past the cap.
    static let allocator: @convention(c) (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?, Int, Int) -> UnsafeMutableRawPointer? = { _, ptr, osize, nsize in
        let old = ptr == nil ? 0 : osize  // for a new block, osize is the object type
        if nsize == 0 {
            free(ptr)
            liveBytes -= old
            return nil
        }
        if nsize > old {
            let limit = (strict ? memoryCap : memoryCap + hostSlack) - GridScript.engineBytes
            if liveBytes - old + nsize > limit { return nil }
        }
        guard let block = realloc(ptr, nsize) else { return nil }
        liveBytes += nsize - old
        return block
    }

    /// Switches the state to the capped allocator. The state's own allocator is the same
    /// malloc/realloc/free, so blocks allocated before carry on; Lua's count of them is added to
    /// ours (the states of the browser view's playground share the one cap).
    static func installAllocator(_ L: OpaquePointer) {
        guard memoryCap > 0 else { return }
        var bytes = 0
        if Runner.callHelper(L, "memory", 0, 1) == LUA_OK { bytes = Int(lua_tonumber(L, -1)) }
        lua_settop(L, -2)
        liveBytes += bytes
        lua_setallocf(L, allocator, nil)
    }

    static func now() -> UInt64 {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return UInt64(ts.tv_sec) * 1_000_000_000 + UInt64(ts.tv_nsec)
    }

    /// Starts the time budget from now (no-op without `--timeout`).
    static func startClock() {
        guard let timeout else { return }
        deadline = now() &+ UInt64(timeout * 1e9)
    }

    /// How long the watchdog waits past the deadline for a script that Lua cannot stop (a loop in
    /// a message handler or a finalizer, where hooks are off; a long C pattern match).
    static let graceSeconds: Double = 2
    /// The exit status after the watchdog ended the process.
    static let watchdogStatus: Int32 = 124
    /// How many protected calls into user code are running (Runner.docall, the view's calls):
    /// the watchdog acts only while one runs.
    static let running = Atomic<Int>(0)

    /// Starts the watchdog thread (with `--timeout`): once `graceSeconds` past the deadline a
    /// script still runs, it prints why to stderr and ends the process with `watchdogStatus`.
    /// The hook stops ordinary code at the deadline; this covers what Lua cannot interrupt.
    static func startWatchdog() {
        guard timeout != nil else { return }
        var thread = pthread_t()
        _ = pthread_create(&thread, nil, { _ in
            while true {
                var pause = timespec(tv_sec: 0, tv_nsec: 100_000_000)
                nanosleep(&pause, nil)
                let deadline = Limits.deadline
                if Limits.running.load(ordering: .relaxed) > 0, deadline != 0, Limits.now() > deadline &+ UInt64(Limits.graceSeconds * 1e9) {
                    let text = "\(Runner.progname): \(Limits.timeoutMessage), and could not be stopped within \(Int(Limits.graceSeconds)) more second\(Int(Limits.graceSeconds) == 1 ? "" : "s") (a loop Lua cannot interrupt: in a message handler, a finalizer or a pattern match); ending the process (exit status \(Limits.watchdogStatus))\n"
                    var bytes = Array(text.utf8)
                    _ = write(2, &bytes, bytes.count)
                    _exit(Limits.watchdogStatus)
                }
            }
        }, nil)
    }

    /// Makes the gridlayout module's Swift loops (layouts, drawing, element lists) honour
    /// `--timeout` and Ctrl-C, and its layouts' frame storage count against `--max-memory`.
    static func installModuleLimits() {
        if timeout != nil {
            GridScript.interruption = {
                if Limits.interruptPending != 0 {
                    Limits.interruptPending = 0
                    return "interrupted!"
                }
                if Limits.deadline != 0 && Limits.now() >= Limits.deadline { return Limits.timeoutMessage }
                return nil
            }
        } else {
            GridScript.interruption = {
                guard Limits.interruptPending != 0 else { return nil }
                Limits.interruptPending = 0
                return "interrupted!"
            }
        }
        if memoryCap > 0 {
            GridScript.memoryLeft = {
                (Swift.max(0, Limits.memoryCap - Limits.liveBytes), "--max-memory \(Limits.memoryCapText)")
            }
        }
    }

    /// The timeout's message.
    static var timeoutMessage: String {
        guard let timeout else { return "timeout" }
        let n = timeout == timeout.rounded() && timeout < 1e15 ? String(Int(timeout)) : String(timeout)
        return "timeout: script ran longer than \(n) second" + (n == "1" ? "" : "s")
    }

    /// The hook's question, called from Lua: 1 after Ctrl-C, 2 past the deadline, else 0.
    /// Never raises (the Lua side does).
    static let check: gl_SwiftFunction = { L in
        guard let L else { return 0 }
        var result: lua_Integer = 0
        if interruptPending != 0 {
            interruptPending = 0
            result = 1
        } else if deadline != 0 && now() >= deadline {
            result = 2
        }
        lua_pushinteger(L, result)
        return 1
    }

    /// Lua code run after the libraries are open and the helpers installed, when `--sandbox`.
    /// It cannot raise past `lua_pcall`; failures are reported and end the program.
    static let sandboxSource = """
    local G, loaded, rawload, select = _G, package.loaded, load, select
    -- require finds preloaded (and already loaded) modules only.
    package.searchers = {package.searchers[1]}
    for _, name in ipairs{"io", "os", "package", "debug"} do
      G[name] = nil
      loaded[name] = nil
    end
    G.dofile, G.loadfile = nil, nil
    G.string.dump = nil
    -- load takes text chunks only.
    function G.load(chunk, name, mode, ...)
      if select("#", ...) > 0 then return rawload(chunk, name, "t", (...)) end
      return rawload(chunk, name, "t")
    end
    """

    /// Applies `--sandbox`; false (after reporting) on failure. `grid:svg(path)` writes files:
    /// the module refuses it (`GridScript.writesFiles`); `grid:svg()` still returns the picture.
    static func applySandbox(_ L: OpaquePointer) -> Bool {
        GridScript.writesFiles = false
        var status = luaL_loadbufferx(L, sandboxSource, sandboxSource.utf8.count, "=[gridrepl sandbox]", "t")
        if status == LUA_OK { status = lua_pcall(L, 0, 0, 0) }
        if status != LUA_OK {
            Runner.report(L, status)
            return false
        }
        return true
    }
}
