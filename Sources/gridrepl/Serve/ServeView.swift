import CLua
import CMicroHTTPD
import ServeCore
#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// The browser view (`gridrepl --serve [PORT] script.lua`): the script's grid served over HTTP on
/// 127.0.0.1 to a page (Serve/page) that shows it at real scale. The page sends its scroll offset
/// and size; the server sets the grid's viewport to them and answers with the grid's `visible()`
/// elements, which the page holds as its only DOM boxes.
///
/// libmicrohttpd runs without threads of its own: the loop calls `MHD_run_wait`, so every handler
/// runs on the main thread, where the Lua state lives. Every grid call goes through `lua_pcall` of
/// a small Lua helper (as in the live view), so callbacks, events and errors behave as in a script.
/// Between requests the loop advances the engine's clock while the grid animates or a drag is held,
/// and runs the script again when its file changes. What a request means, whether it is valid, the
/// state's JSON and the status of each failure are ServeCore's; this is the transport, the clock,
/// the file watching and the grid calls.
///
/// The playground (POST /api/script) serves an edit of the script from a fresh sandboxed Lua
/// state of its own (`ViewHost.runEdit`): `L` is then that state, and the script's own state
/// waits, unused, until the file changes again.
final class ServeView {
    /// The state of the served grid: the script's own, or the last edit's.
    var L: OpaquePointer
    /// The script's own state (the command line's), where the file runs.
    let scriptState: OpaquePointer
    /// The last edit's state, owned and closed when another grid replaces its grid.
    var editState: OpaquePointer?
    /// The text of the last edit that ran, served by GET /api/source while its grid is.
    var editText: String?
    /// Runs an edit in a fresh state (`ViewHost.runEdit`); nil when the script came from stdin.
    let runEdit: ((String) -> Result<OpaquePointer, ViewHost.ScriptFailure>)?
    /// The served grid, a reference in the registry.
    var gridRef: Int32
    /// The script as given on the command line (for the page's title and the messages).
    let scriptName: String
    /// Runs the script again: on success the new grid is left on the stack and nil returned, else
    /// the error message (the served grid stays). Nil when the script cannot be run again (stdin).
    let scriptReload: ((OpaquePointer) -> String?)?
    let port: Int
    /// The port listened on (the system's pick for port 0).
    var boundPort = 0

    /// Counts the script's runs: the page starts afresh when it changes.
    var generation = 1
    /// The last failure of a script run or of the loop's own grid calls, shown by the page.
    var lastError: String?
    /// The viewport the page last asked for (nil before it did), kept across the script's runs.
    var pageViewport: ViewportRequest?
    var animating = false
    var dragging = false
    /// Whether the grid's delegate has a `tick` (see `advanceClock`).
    var ticking = false
    /// Whether the loop runs at frame rate: the grid animates, a drag is held, or it ticks.
    var live: Bool { animating || dragging || ticking }
    /// When the engine's clock was last advanced (monotonic ns), while animating or dragging.
    var lastStep: UInt64 = 0
    /// The script file's modification time and size when it was last run.
    var scriptStamp: (seconds: Int, nanoseconds: Int, size: Int)?
    var lastStampCheck: UInt64 = 0
    /// The open connections, by libmicrohttpd's handle.
    var connections: [OpaquePointer: ServeConnection] = [:]

    /// How often the script's file is checked for changes.
    static let stampInterval: UInt64 = 300_000_000
    /// The loop's wake-up interval while the grid animates or a drag is held, and otherwise.
    static let frameMilliseconds: Int32 = 16
    static let idleMilliseconds: Int32 = 250
    /// How long a connection has to deliver a whole request, from its opening or its previous
    /// answer (idle time counts): a client that sends a byte now and then holds no connection
    /// longer than this.
    static let requestSeconds: UInt64 = 10
    /// How many connections may wait for a request at once: one more closes the one that has
    /// waited longest, so that a new client always gets in.
    static let waitingConnections = 64
    /// libmicrohttpd's own limit, above `waitingConnections`: the connections closed to make room
    /// leave only on its next turn.
    static let connectionLimit: UInt32 = 256

    init(_ L: OpaquePointer, gridIndex: Int32, scriptName: String, port: Int, scriptReload: ((OpaquePointer) -> String?)?,
         runEdit: ((String) -> Result<OpaquePointer, ViewHost.ScriptFailure>)? = nil) {
        self.L = L
        scriptState = L
        self.runEdit = runEdit
        lua_pushvalue(L, gridIndex)
        gridRef = luaL_ref(L, gl_registryindex())
        self.scriptName = scriptName
        self.port = port
        self.scriptReload = scriptReload
    }

    deinit {
        if let editState { lua_close(editState) } else { luaL_unref(L, gl_registryindex(), gridRef) }
    }

    enum Outcome: Equatable {
        /// SIGINT (Ctrl-C).
        case interrupted
        /// SIGTERM or SIGHUP: the caller ends the process with it.
        case terminated(Int32)
    }

    struct StartError: Error { var message: String }

    // MARK: The loop

    /// Listens, prints the URL on stderr, and serves until a signal.
    func run() throws(StartError) -> Outcome {
        if let error = loadHelpers(into: L) { throw StartError(message: error) }
        if let failure = call("reload") { lastError = "reload failed: \(failure.message)" }
        updateBusy()
        scriptStamp = stamp()
        let cls = Unmanaged.passUnretained(self).toOpaque()
        errno = 0
        guard let daemon = gl_mhd_start_loopback(UInt16(port), serveAccessHandler, cls, serveCompletedHandler,
                                                 serveConnectionHandler, ServeView.connectionLimit, 256 << 10, 30) else {
            let reason = errno != 0 ? String(cString: strerror(errno)) : "libmicrohttpd could not start"
            let hint = port == 0 ? "" : "; --serve 0 picks a free port"
            throw StartError(message: "cannot listen on 127.0.0.1:\(port) (\(reason)\(hint))")
        }
        defer { MHD_stop_daemon(daemon) }
        boundPort = Int(gl_mhd_port(daemon))
        writeError("\(Runner.progname): serving http://127.0.0.1:\(boundPort)/\n")
        ViewSignals.install()
        interruptState = L
        defer { ViewSignals.restore() }
        while ViewSignals.exitSignal == 0 {
            _ = MHD_run_wait(daemon, live ? ServeView.frameMilliseconds : ServeView.idleMilliseconds)
            ViewSignals.drainPipe()
            if ViewSignals.exitSignal != 0 { break }
            if live { advanceClock() } else { lastStep = 0 }
            let now = Limits.now()
            closeSlowConnections(now: now)
            if now &- lastStampCheck >= ServeView.stampInterval {
                lastStampCheck = now
                reloadIfChanged()
            }
            fflush(nil)  // what the script printed, in order, for whoever reads its output
        }
        // A Ctrl-C that came while no Lua ran left the stop hook armed: not for what follows (-i).
        lua_sethook(L, nil, 0, 0)
        Limits.interruptPending = 0
        return ViewSignals.exitSignal == SIGINT ? .interrupted : .terminated(ViewSignals.exitSignal)
    }

    /// With the real time since the last step (at most 0.1 s at once): the delegate's `tick(dt)`
    /// when it has one (a script's own clock: a chat's arriving messages), then `grid:step(dt)`;
    /// then whether the grid still animates, drags or ticks.
    func advanceClock() {
        let now = Limits.now()
        let dt = lastStep == 0 ? 0 : min(0.1, Double(now &- lastStep) / 1e9)
        lastStep = now
        if dt > 0 && ticking, let failure = helperCall("tick", nil, [dt], results: 0) { lastError = "tick: \(failure.message)" }
        if dt > 0, let failure = call("step", [dt]) { lastError = "step: \(failure.message)" }
        updateBusy()
    }

    /// Reads `animating()`, `dragging()` and whether the delegate has a `tick`.
    func updateBusy() {
        let top = lua_gettop(L)
        defer { lua_settop(L, top) }
        guard helperCall("busy", nil, [], results: 3) == nil else {
            animating = false
            dragging = false
            ticking = false
            return
        }
        animating = lua_toboolean(L, -3) != 0
        dragging = lua_toboolean(L, -2) != 0
        ticking = lua_toboolean(L, -1) != 0
    }

    /// The script file's modification time and size, or nil (stdin, or the file is gone).
    func stamp() -> (seconds: Int, nanoseconds: Int, size: Int)? {
        guard scriptReload != nil else { return nil }
        var info = stat()
        guard stat(scriptName, &info) == 0 else { return nil }
        return (info.st_mtim.tv_sec, info.st_mtim.tv_nsec, Int(info.st_size))
    }

    /// Runs the script again when its file changed: a new grid for the page, given the page's
    /// viewport and offset; on failure the grid stays and the page shows the error.
    func reloadIfChanged() {
        guard let scriptReload, let now = stamp() else { return }
        if let old = scriptStamp, old == now { return }
        scriptStamp = now
        let error = scriptReload(scriptState)
        ViewSignals.reinstall()  // running the script set gridrepl's own Ctrl-C handling
        interruptState = L
        if let error {
            lastError = "\(scriptName) changed; running it failed (the grid stays): \(firstLine(error))"
            Runner.message(Runner.progname, lastError ?? "")
            return
        }
        serve(scriptState, edit: nil)
    }

    /// Serves the grid on top of `state`'s stack (popped) in place of the served one: the script's
    /// own state, or an edit's (`edit`: its text) with the serve helpers loaded. The grid gets the
    /// page's viewport and offset; an edit's state replaced is closed.
    func serve(_ state: OpaquePointer, edit: String?) {
        if let editState { lua_close(editState) } else { luaL_unref(L, gl_registryindex(), gridRef) }
        L = state
        editState = edit == nil ? nil : state
        editText = edit
        interruptState = L
        gridRef = luaL_ref(L, gl_registryindex())
        generation += 1
        lastError = nil
        if let failure = call("reload") { lastError = "reload failed: \(failure.message)" }
        if let v = pageViewport, let failure = helperCall("viewport", nil, [v.x, v.y, v.width, v.height], results: 0) {
            lastError = "the page's viewport: \(failure.message)"
        }
        updateBusy()
    }

    /// Loads the serve helpers into `state` (once per state); the failure's message, or nil.
    func loadHelpers(into state: OpaquePointer) -> String? {
        loadHelperTable(state, source: serveHelperSource, key: serveHelpersKey, chunkName: "=[gridrepl serve]")
    }

    // MARK: Grid calls

    func helperCall(_ helper: String, _ method: String?, _ arguments: [Double], results: Int32) -> GridCallFailure? {
        callGridHelper(L, helpers: serveHelpersKey, helper, grid: gridRef, method, arguments, results: results, nested: false)
    }

    /// `grid:method(arguments…)`, its results dropped; the failure, or nil.
    func call(_ method: String, _ arguments: [Double] = []) -> GridCallFailure? {
        helperCall("call", method, arguments, results: 0)
    }

    // MARK: Requests

    /// The answer to a request: ServeCore routes it and validates its body; the page's files are
    /// embedded in the binary; the API's requests call the grid.
    func answer(method: String, path: String, body: [UInt8], contentType: String? = "application/json") -> ServeAnswer {
        let route: ServeRoute
        do { route = try ServeRoute.route(method: method, path: path, contentType: contentType, body: body) } catch {
            return .failure(error)
        }
        switch route {
        case .page(let file): return .page(file, ServePage.bytes(file))
        case .state: return stateAnswer()
        case .viewport(let request): return viewportAnswer(request)
        case .drag(let request): return dragAnswer(request)
        case .neighbor(let request): return neighborAnswer(request)
        case .scrollSection(let request): return scrollSectionAnswer(request)
        case .layout(let request): return layoutAnswer(request)
        case .source: return sourceAnswer()
        case .script(let request): return scriptAnswer(request)
        case .vendor(let file): return vendorAnswer(file)
        }
    }

    /// The failure of a grid call as an answer: its status by the failure's kind.
    func failed(_ failure: GridCallFailure) -> ServeAnswer {
        .failure(ServeFailure(kind: failure.kind, message: failure.message))
    }

    /// The grid as the page draws it, or the failure of the grid call that read it.
    func stateAnswer(extra: (inout ServeState) -> Void = { _ in }) -> ServeAnswer {
        switch readState() {
        case .success(var state):
            extra(&state)
            return .json(state)
        case .failure(let failure):
            return failed(failure)
        }
    }

    /// POST /api/viewport: the page's scroll offset and size become the grid's (`resize` when the
    /// size changed, then `scrollTo`); answers the state.
    func viewportAnswer(_ request: ViewportRequest) -> ServeAnswer {
        pageViewport = request
        if let failure = helperCall("viewport", nil, [request.x, request.y, request.width, request.height], results: 0) {
            updateBusy()
            return failed(failure)
        }
        updateBusy()
        return stateAnswer()
    }

    /// POST /api/drag: `beginDrag(x, y)`, `dragTo(x, y)` or `endDrag()`; answers the state, with
    /// `picked` (the item picked up, or null) after "begin" and `moved` after an "end" that moved
    /// the item.
    func dragAnswer(_ request: DragRequest) -> ServeAnswer {
        updateBusy()
        if let refusal = request.outOfTurn(dragging: dragging) { return .failure(refusal) }
        let top = lua_gettop(L)
        defer { lua_settop(L, top) }
        switch request {
        case .begin(let x, let y):
            if let failure = helperCall("call", "beginDrag", [x, y], results: 2) {
                updateBusy()
                return failed(failure)
            }
            let picked = lua_type(L, -2) == LUA_TNUMBER
                ? ServeIndexPath(section: Int(lua_tointegerx(L, -2, nil)), item: Int(lua_tointegerx(L, -1, nil))) : nil
            lastStep = 0
            updateBusy()
            return stateAnswer { $0.picked = .some(picked) }
        case .move(let x, let y):
            if let failure = call("dragTo", [x, y]) {
                updateBusy()
                return failed(failure)
            }
            updateBusy()
            return stateAnswer()
        case .end:
            var moved: ServeMove?
            if helperCall("call", "dragging", [], results: 4) == nil, lua_type(L, -4) == LUA_TNUMBER {
                let n = (1...4).map { Int(lua_tointegerx(L, Int32($0 - 5), nil)) }
                if n[0] != n[2] || n[1] != n[3] {
                    moved = ServeMove(from: ServeIndexPath(section: n[0], item: n[1]), to: ServeIndexPath(section: n[2], item: n[3]))
                }
            }
            lua_settop(L, top)
            if let failure = call("endDrag") {
                updateBusy()
                return failed(failure)
            }
            updateBusy()
            return stateAnswer { $0.moved = moved }
        }
    }
}

extension ServeView {
    /// POST /api/neighbor: `neighbor(section, item, direction)`, and the neighbour scrolled into
    /// view ("nearest"); answers the state with `neighbor`, its index path or null at an edge.
    func neighborAnswer(_ request: NeighborRequest) -> ServeAnswer {
        let top = lua_gettop(L)
        defer { lua_settop(L, top) }
        if let failure = helperCall("neighbor", request.direction.rawValue,
                                    [Double(request.section), Double(request.item)], results: 2) {
            updateBusy()
            return failed(failure)
        }
        let found = lua_type(L, -2) == LUA_TNUMBER
            ? ServeIndexPath(section: Int(lua_tointegerx(L, -2, nil)), item: Int(lua_tointegerx(L, -1, nil))) : nil
        updateBusy()
        return stateAnswer { $0.neighbor = .some(found) }
    }
}

extension ServeView {
    /// POST /api/scrollSection: `scrollSection(section, offset)`; answers the state with
    /// `scrolled`, the section and the offset the engine gave it.
    func scrollSectionAnswer(_ request: ScrollSectionRequest) -> ServeAnswer {
        let top = lua_gettop(L)
        defer { lua_settop(L, top) }
        if let failure = helperCall("scrollSection", nil, [Double(request.section), request.offset], results: 1) {
            updateBusy()
            return failed(failure)
        }
        let offset = lua_tonumberx(L, -1, nil)
        updateBusy()
        return stateAnswer { $0.scrolled = ServeSectionOffset(section: request.section, offset: offset) }
    }
}

/// The registry field of the serve helpers.
private let serveHelpersKey = "gridrepl.serve"

/// The Lua side of the browser view. Each visible element comes with its label and fill
/// (GridScript's `visible`, as `draw()` and `svg()` label them: an item by its `style`, asked
/// with its index path in the data, else its index path; a header or footer by its kind and
/// section, the loader by its kind). A style that fails or answers something else keeps the
/// default (draw() and svg() name such errors).
private let serveHelperSource = """
local visible = ...
local H = {}
function H.call(g, name, ...) return g[name](g, ...) end
local function ticks(g) local d = g.delegate; return type(d) == "table" and type(d.tick) == "function" end
function H.busy(g) return g:animating(), g:dragging() ~= nil, ticks(g) end
function H.tick(g, dt) g.delegate.tick(dt) end
-- The item a focus moves to from s, i, scrolled into view; nothing at an edge.
function H.neighbor(g, dir, s, i)
  local ns, ni = g:neighbor(s, i, dir)
  if ns then g:scrollToItem(ns, ni, "nearest") end
  return ns, ni
end
\(sidewaysHelperSource)
-- The layout switcher: the engine's layout transition to that layout, over the grid's own
-- animationDuration (the anchor item stays in place; the other options keep their values).
function H.switch(g, layout) g:animateTo({ layout = layout }, g.animationDuration) end
-- A section that scrolls sideways to c (snapped and clamped by the engine); its offset then.
function H.scrollSection(g, s, c)
  g:scrollSection(s, c)
  return g:sectionOffset(s)
end
function H.read(g)
  local t = { visible = visible(g), width = g.width, height = g.height, direction = g.direction,
              layout = g.layout, sort = g.sort, stickyHeaders = g.stickyHeaders, overscan = g.overscan,
              animating = g:animating(), ticking = ticks(g), sideways = {} }
  local known = {}
  for _, e in ipairs(t.visible) do
    local s = e.kind == "item" and e.section
    if s and known[s] == nil then
      known[s] = sideways(g, s)
      if known[s] then t.sideways[#t.sideways + 1] = { s, g:sectionOffset(s) } end
    end
  end
  t.ox, t.oy = g:offset()
  t.cw, t.ch = g:contentSize()
  local s, i, ts, ti = g:dragging()
  if s then t.drag = { s, i, ts, ti } end
  return t
end
-- The page's viewport: its size (a resize only when it changed: a resize lays out again), then
-- its offset.
function H.viewport(g, x, y, w, h)
  if w ~= g.width or h ~= g.height then g:resize(w, h) end
  g:scrollTo(x, y)
end
return H
"""

// MARK: libmicrohttpd's callbacks

/// What a request keeps between the handler's calls: its body so far.
final class ServeUpload {
    var body: [UInt8] = []
    var tooLarge = false
}

private let serveAccessHandler: MHD_AccessHandlerCallback = { cls, connection, url, method, _, uploadData, uploadSize, state in
    guard let cls, let connection, let state, let uploadSize else { return .NO }
    let server = Unmanaged<ServeView>.fromOpaque(cls).takeUnretainedValue()
    guard let stored = state.pointee else {
        // The first call (headers only). A foreign Host, or a body declared past what is drained,
        // is refused now.
        if let refusal = ServeGate.checkHost(gl_mhd_header(connection, "Host").map { String(cString: $0) }, port: server.boundPort)
            ?? ServeGate.checkDeclaredLength(gl_mhd_header(connection, "Content-Length").map { String(cString: $0) }) {
            return server.respond(connection, .failure(refusal))
        }
        state.pointee = Unmanaged.passRetained(ServeUpload()).toOpaque()
        return .YES
    }
    let upload = Unmanaged<ServeUpload>.fromOpaque(stored).takeUnretainedValue()
    if uploadSize.pointee > 0 {
        let count = uploadSize.pointee
        if !upload.tooLarge, let uploadData, upload.body.count + count <= ServeGate.maxBody {
            uploadData.withMemoryRebound(to: UInt8.self, capacity: count) {
                upload.body.append(contentsOf: UnsafeBufferPointer(start: $0, count: count))
            }
        } else {
            upload.tooLarge = true
            upload.body = []
        }
        uploadSize.pointee = 0
        return .YES
    }
    let path = url.map { String(cString: $0) } ?? "/"
    if upload.tooLarge {
        return server.respond(connection, .failure(ServeGate.bodyTooLarge(path: path)))
    }
    let answer = server.answer(method: method.map { String(cString: $0) } ?? "", path: path, body: upload.body,
                               contentType: gl_mhd_header(connection, "Content-Type").map { String(cString: $0) })
    fflush(nil)
    return server.respond(connection, answer)
}

private let serveCompletedHandler: MHD_RequestCompletedCallback = { _, _, state, _ in
    guard let state, let stored = state.pointee else { return }
    Unmanaged<ServeUpload>.fromOpaque(stored).release()
    state.pointee = nil
}

/// An open connection: its socket, and since when it has been waiting for a whole request (its
/// opening, or its last answer).
struct ServeConnection {
    var socket: Int32
    var waitingSince: UInt64
    /// Shut down by the server: libmicrohttpd closes it on its next turn.
    var closing = false
}

private let serveConnectionHandler: MHD_NotifyConnectionCallback = { cls, connection, _, event in
    guard let cls, let connection else { return }
    let server = Unmanaged<ServeView>.fromOpaque(cls).takeUnretainedValue()
    if event == .CONNECTION_NOTIFY_STARTED {
        server.connections[connection] = ServeConnection(socket: gl_mhd_connection_fd(connection), waitingSince: Limits.now())
        server.makeRoom()
    } else {
        server.connections[connection] = nil
    }
}

extension ServeView {
    /// Closes the connections that have waited longer than `requestSeconds` for a whole request.
    func closeSlowConnections(now: UInt64) {
        for (connection, state) in connections where !state.closing && now &- state.waitingSince > ServeView.requestSeconds * 1_000_000_000 {
            close(connection)
        }
    }

    /// Past `waitingConnections`, closes the connection that has waited longest for a request.
    func makeRoom() {
        let open = connections.filter { !$0.value.closing }
        guard open.count > ServeView.waitingConnections,
              let oldest = open.min(by: { $0.value.waitingSince < $1.value.waitingSince }) else { return }
        close(oldest.key)
    }

    /// Shuts the connection's socket down: libmicrohttpd sees it end on its next turn, closes it
    /// and forgets it (the socket itself is its to close).
    private func close(_ connection: OpaquePointer) {
        guard var state = connections[connection] else { return }
        state.closing = true
        connections[connection] = state
        if state.socket >= 0 { _ = shutdown(state.socket, Int32(SHUT_RDWR)) }
    }

    func respond(_ connection: OpaquePointer, _ answer: ServeAnswer) -> MHD_Result {
        // Answered: the connection now waits for its next request.
        connections[connection]?.waitingSince = Limits.now()
        return answer.body.withUnsafeBytes { bytes in
            gl_mhd_respond(connection, UInt32(answer.status), answer.contentType, bytes.baseAddress, bytes.count, answer.allow)
        }
    }
}
