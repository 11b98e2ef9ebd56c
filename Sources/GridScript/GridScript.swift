import CLua
import GridLayout
import Synchronization

/// The `gridlayout` Lua module: entry points for hosts (gridrepl, the C library).
public enum GridScript {
    /// The module's version: the project's, from VERSION (Tests/packaging/test_version.py checks).
    public static let version = "1.2.0"

    /// Makes `require "gridlayout"` find the module in `L` (registers it in `package.preload`).
    public static func preload(_ L: OpaquePointer) {
        luaL_getsubtable(L, gl_registryindex(), LUA_PRELOAD_TABLE)
        gl_pushswiftclosure(L, openModule, 0)
        lua_setfield(L, -2, "gridlayout")
        lua_settop(L, -2)
    }

    /// The host's interruption check (gridrepl's `--timeout` and Ctrl-C): the message to stop the
    /// running grid call with, or nil to go on. Long Swift loops reached from Lua (layouts through
    /// `GridBudget.shouldStop`, drawing, element lists) ask it every few thousand items, as Lua's
    /// own hooks do not run there. nil (stock Lua hosts): never interrupted.
    nonisolated(unsafe) public static var interruption: (() -> String?)?

    /// Whether `grid:svg(path)` may write files (false: gridrepl's `--sandbox`; `grid:svg()`,
    /// which returns the picture, is always allowed).
    nonisolated(unsafe) public static var writesFiles = true

    /// The host's memory cap (gridrepl's `--max-memory`): the bytes the engine and Lua may still
    /// take together besides what the engine holds now (`engineBytes`), and the limit's name for
    /// messages; nil: no cap. A layout operation's frame storage is refused, before it is
    /// allocated, when it would need more than that less `engineBytes`.
    nonisolated(unsafe) public static var memoryLeft: (() -> (bytes: Int, name: String)?)?

    /// Bytes the stored frames of every live grid of the module hold (updated after each layout
    /// operation and when a grid is collected): a host's allocator counts them against its cap.
    /// Process-wide, and atomic: grids of Lua states on other threads count too.
    public static var engineBytes: Int { engineBytesCounter.load(ordering: .relaxed) }
    static let engineBytesCounter = Atomic<Int>(0)

    /// `luaopen_gridlayout`: pushes the module table.
    /// Behind the trampoline (`gl_pushswiftclosure`), so that a memory error is raised from C.
    public static let openModule: @convention(c) (OpaquePointer?) -> Int32 = { L in
        luaFunction(L) { L throws(ScriptError) in
            let top = lua_gettop(L)
            do throws(ScriptError) { try LuaModule.push(L) } catch { lua_settop(L, top); throw error }
            return 1
        }
    }

    /// Pushes `luaopen_gridlayout` as a Lua function (behind the trampoline); false when Lua has
    /// no memory for it (then nothing is pushed).
    public static func pushOpenModule(_ L: OpaquePointer) -> Bool {
        gl_pushswiftclosure_p(L, openModule, 0) == LUA_OK
    }
}

/// Asks the host's `GridScript.interruption` once every `interval` units of work: a counter per
/// unit, the host's check (a clock) only now and then.
struct InterruptCheck {
    static let interval = 4096
    private var countdown = interval

    @inline(__always)
    mutating func tick(_ units: Int = 1) throws(ScriptError) {
        countdown -= units
        if countdown <= 0 {
            countdown = Self.interval
            if let check = GridScript.interruption, let reason = check() { throw ScriptError(reason, kind: .interrupted) }
        }
    }
}

extension GridScript {
    /// The budget of a layout operation of a grid of this module (`LuaDataSource.budget`).
    static func budget() -> GridBudget? {
        let left = memoryLeft?()
        guard left != nil || interruption != nil else { return nil }
        return GridBudget(maxBytes: left.map { Swift.max(0, $0.bytes - engineBytes) },
                          limitName: left?.name ?? "the memory budget",
                          shouldStop: interruption)
    }
}
