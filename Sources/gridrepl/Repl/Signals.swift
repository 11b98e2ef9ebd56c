import CLua
#if canImport(Glibc)
@preconcurrency import Glibc
#endif

// Ctrl-C handling, as lua.c's `laction`/`lstop`. A signal handler may only touch these globals.

/// The state whose running chunk a SIGINT interrupts (lua.c's `globalL`).
nonisolated(unsafe) var interruptState: OpaquePointer?
/// The C hook that raises "interrupted!". It is the debug library's own hook function, whose Lua
/// side (the `stop` helper) raises the error from Lua, so no Lua error ever crosses a Swift frame.
nonisolated(unsafe) var stopHook: lua_Hook?
/// Set when SIGINT arrives while a line is being read.
nonisolated(unsafe) var sigintAtPrompt: sig_atomic_t = 0

/// Installs `handler` for `sig` without SA_RESTART (so a blocking read returns EINTR), or the
/// default action when `handler` is nil.
func setSignal(_ sig: Int32, _ handler: (@convention(c) (Int32) -> Void)?) {
    var action = sigaction()
    action.__sigaction_handler.sa_handler = handler ?? SIG_DFL
    sigemptyset(&action.sa_mask)
    action.sa_flags = 0
    sigaction(sig, &action, nil)
}

/// SIGINT while a chunk runs: arm a hook that stops it at the next call, return, line or
/// instruction. A second SIGINT before that kills the process (the default action).
let interruptAction: @convention(c) (Int32) -> Void = { sig in
    setSignal(sig, nil)
    guard let L = interruptState, let hook = stopHook else { return }
    Limits.interruptPending = 1
    let mask: Int32 = 1 | 2 | 4 | 8  // LUA_MASKCALL | LUA_MASKRET | LUA_MASKLINE | LUA_MASKCOUNT
    lua_sethook(L, hook, mask, 1)
}

/// SIGINT while reading a line: remember it; the line reader then clears the line.
let promptAction: @convention(c) (Int32) -> Void = { _ in
    sigintAtPrompt = 1
}

/// The same function pointer? (Swift cannot compare C function values directly.)
func sameHook(_ a: lua_Hook?, _ b: lua_Hook?) -> Bool {
    switch (a, b) {
    case (nil, nil): return true
    case let (x?, y?): return unsafeBitCast(x, to: UnsafeRawPointer.self) == unsafeBitCast(y, to: UnsafeRawPointer.self)
    default: return false
    }
}
