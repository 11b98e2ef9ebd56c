import CLua
#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// The signals of the live view. A handler only sets a flag and writes a byte to a pipe that the
/// view's wait polls (async-signal-safe); the view's loop then acts: SIGWINCH redraws, SIGINT,
/// SIGTERM and SIGHUP close the view and give the terminal back. SIGINT also stops Lua code that is
/// running (a reload, a callback), as Ctrl-C does elsewhere in gridrepl.
enum ViewSignals {
    /// The last of SIGINT, SIGTERM, SIGHUP received since `install` (0: none).
    nonisolated(unsafe) static var exitSignal: sig_atomic_t = 0
    /// Set by SIGWINCH.
    nonisolated(unsafe) static var resized: sig_atomic_t = 0
    nonisolated(unsafe) static var pipe: (read: Int32, write: Int32) = (-1, -1)
    nonisolated(unsafe) private static var saved: [(Int32, sigaction)] = []

    private static let signals: [Int32] = [SIGINT, SIGTERM, SIGHUP, SIGWINCH]

    private static let handler: @convention(c) (Int32) -> Void = { sig in
        if sig == SIGWINCH {
            resized = 1
        } else {
            exitSignal = sig
            if sig == SIGINT, let L = interruptState, let hook = stopHook {  // stop running Lua code
                Limits.interruptPending = 1
                lua_sethook(L, hook, 1 | 2 | 4 | 8, 1)
            }
        }
        var byte: UInt8 = 0
        _ = write(pipe.write, &byte, 1)
    }

    /// Installs the handlers (without SA_RESTART, so a wait returns), keeping the old ones.
    static func install() {
        exitSignal = 0
        resized = 0
        if pipe.read < 0 {
            var fds: [Int32] = [0, 0]
            if Glibc.pipe(&fds) == 0 {
                for fd in fds { _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK); _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
                pipe = (fds[0], fds[1])
            }
        }
        saved = signals.map { sig in
            var old = sigaction()
            sigaction(sig, nil, &old)
            return (sig, old)
        }
        reinstall()
    }

    /// Puts the handlers back as `install` found them.
    static func restore() {
        for (sig, action) in saved {
            var action = action
            sigaction(sig, &action, nil)
        }
        saved = []
    }

    /// Installs the handlers again after code that set its own (a script run through `docall`).
    static func reinstall() {
        for sig in signals {
            var action = sigaction()
            action.__sigaction_handler.sa_handler = handler
            sigemptyset(&action.sa_mask)
            action.sa_flags = 0
            sigaction(sig, &action, nil)
        }
    }

    /// Empties the wake-up pipe.
    static func drainPipe() {
        var buffer = [UInt8](repeating: 0, count: 64)
        while read(pipe.read, &buffer, buffer.count) > 0 {}
    }
}
