import CLua
import LiveViewCore
#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// The live view (`gridrepl --view script.lua`, `grid:view()`): the grid's viewport drawn full
/// screen, scaled to fit (LiveViewCore's `ViewGeometry`), with a status line, driven by keys and
/// the mouse. It is a client of the grid's Lua API: every grid call goes through `lua_pcall` of a
/// small Lua helper (`LiveView+Lua.swift`), so data source callbacks, delegate events and errors
/// behave as they do in a script, and no Lua error unwinds through Swift.
///
/// The loop blocks on input, except while the grid animates or a drag is held (the drag may
/// auto-scroll): then it wakes every 16 ms and advances the engine's clock by the real time that
/// passed (`grid:step(dt)`).
final class LiveView {
    enum Outcome: Equatable {
        /// q or Escape.
        case closed
        /// SIGINT (Ctrl-C).
        case interrupted
        /// SIGTERM or SIGHUP: the caller ends the process with it, the terminal given back.
        case terminated(Int32)
    }

    /// `r` in `--view`: runs the script again; on success the grid to view is left on the stack
    /// and nil returned, else the error message (the view keeps its grid).
    typealias ScriptReload = (OpaquePointer) -> String?

    let L: OpaquePointer
    /// The viewed grid, a reference in the registry.
    var gridRef: Int32
    let scriptReload: ScriptReload?
    /// Inside a running chunk (`grid:view()`): the chunk's `--timeout` hook is re-armed after each call.
    let nested: Bool

    var terminal: ViewTerminal?
    var zoom = 1.0
    /// The message line: a click's element, an error, the `g` prompt's answer; nil shows the keys.
    var message: String?
    /// The text typed after `g`, while its prompt is open.
    var prompt: String?
    var status = ViewStatus()
    var elements: [ViewElement] = []
    var viewport = ViewRect(x: 0, y: 0, width: 0, height: 0)
    var vertical = true
    var animating = false
    var dragging = false
    /// The item the keyboard's focus is on (1-based, as Lua numbers it), or nil: arrows scroll.
    var focus: (section: Int, item: Int)? {
        didSet { status.focusing = focus != nil }
    }
    /// Whether the grid's delegate has a `tick` (see `advanceClock`).
    var ticking = false
    /// Whether the view redraws at frame rate: the grid animates, a drag is held, or it ticks.
    var live: Bool { animating || dragging || ticking }
    var geometry = ViewGeometry(viewport: ViewRect(x: 0, y: 0, width: 1, height: 1), columns: 1, rows: 1)
    var canvas = ViewCanvas(width: 1, height: 1)
    var outcome: Outcome?
    /// When the engine's clock was last advanced (monotonic ns), while animating or dragging.
    var lastStep: UInt64 = 0

    /// Rows below the canvas: two status lines and the message line.
    static let statusRows = 3
    static let zoomStep = 1.25
    static let zoomRange = (1.0 / 16)...16.0
    /// Wake-up interval while the grid animates or a drag is held.
    static let frameMilliseconds: Int32 = 16

    /// Views the grid at `gridIndex` of `L`.
    init(_ L: OpaquePointer, gridIndex: Int32, scriptReload: ScriptReload?, nested: Bool) {
        self.L = L
        lua_pushvalue(L, gridIndex)
        gridRef = luaL_ref(L, gl_registryindex())
        self.scriptReload = scriptReload
        self.nested = nested
    }

    deinit {
        luaL_unref(L, gl_registryindex(), gridRef)
    }

    /// Opens the terminal, runs until q, Escape or a signal, and gives the terminal back.
    func run() throws(ViewTerminal.OpenError) -> Outcome {
        let terminal = try ViewTerminal.open()
        self.terminal = terminal
        interruptState = L
        defer {
            terminal.close()
            self.terminal = nil
        }
        if let error = loadHelpers() {
            message = error
        } else {
            timedReload()
        }
        setUpColors()
        redraw()
        while outcome == nil {
            while outcome == nil, let key = terminal.nextKey() {
                handle(key)
                if ViewSignals.exitSignal != 0 { break }
            }
            if ViewSignals.exitSignal != 0 {
                outcome = ViewSignals.exitSignal == SIGINT ? .interrupted : .terminated(ViewSignals.exitSignal)
            }
            if outcome != nil { break }
            if ViewSignals.resized != 0 {
                ViewSignals.resized = 0
                terminal.resize()
            }
            if live { advanceClock() }
            redraw()
            terminal.wait(milliseconds: live ? LiveView.frameMilliseconds : -1)
        }
        return outcome ?? .closed
    }

    /// Reads the grid and draws it.
    func redraw() {
        read()
        draw()
    }

    /// With the real time since the last step (at most 0.1 s at once): the delegate's `tick(dt)`
    /// when it has one (a script's own clock), then `grid:step(dt)`.
    func advanceClock() {
        let now = Limits.now()
        let dt = lastStep == 0 ? 0 : min(0.1, Double(now &- lastStep) / 1e9)
        lastStep = now
        if dt > 0 && ticking, let error = protectedCall("tick", nil, [dt], results: 0) { message = "tick: \(error)" }
        if dt > 0, let error = call("step", [dt]) { message = "step: \(error)" }
    }

    /// `grid:reload()`, timed for the status line.
    func timedReload() {
        let start = Limits.now()
        if let error = call("reload") {
            status.layoutSeconds = nil
            message = "reload failed: \(error)"
        } else {
            status.layoutSeconds = Double(Limits.now() &- start) / 1e9
        }
    }

    /// `r`: the script again (a new grid, the offset and zoom kept when they still fit), or
    /// `grid:reload()` when the view has no script.
    func reload() {
        guard let scriptReload else {
            timedReload()
            if status.layoutSeconds != nil { message = "reloaded the grid (grid:reload())" }
            return
        }
        let (x, y) = (status.offsetX, status.offsetY)
        let error = scriptReload(L)
        ViewSignals.reinstall()  // running the script set gridrepl's own Ctrl-C handling
        if let error {
            message = "reload failed (the grid stays): \(firstLine(error))"
            return
        }
        luaL_unref(L, gl_registryindex(), gridRef)
        gridRef = luaL_ref(L, gl_registryindex())
        dragging = false
        message = nil
        timedReload()
        if let error = call("scrollTo", [x, y]) { message = "scrollTo: \(error)" }
        if message == nil { message = "reloaded the script" }
    }
}
