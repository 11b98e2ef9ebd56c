@preconcurrency import CCurses
#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// The terminal while the live view is open, through ncurses: the alternate screen, keys and
/// mouse, colours. `open` checks that standard input and output are a terminal before it writes
/// anything; `close` gives the terminal back as it was (ncurses' `endwin`), and runs on every way
/// out of the view: q, Escape, errors, SIGINT, SIGTERM, SIGHUP (the signals only set flags that
/// the view's loop reads, so the loop always gets to close the terminal itself).
///
/// While the view is open, file descriptors 1 and 2 point at /dev/null (ncurses writes to its own
/// copy of the terminal), so what a script prints does not scribble over the screen.
final class ViewTerminal {
    struct OpenError: Error { var message: String }

    private let screen: OpaquePointer
    private let output: UnsafeMutablePointer<FILE>
    private let input: UnsafeMutablePointer<FILE>
    private let ttyFd: Int32
    private var savedStdout: Int32 = -1, savedStderr: Int32 = -1
    private var closed = false
    let hasColors: Bool

    /// Opens the view's screen, or explains why not (nothing is written to the terminal then).
    static func open() throws(OpenError) -> ViewTerminal {
        guard isatty(0) != 0, isatty(1) != 0 else {
            throw OpenError(message: "the live view needs a terminal (standard \(isatty(0) == 0 ? "input" : "output") is not one)")
        }
        if let term = getenv("TERM").map({ String(cString: $0) }), term == "dumb" || term.isEmpty {
            throw OpenError(message: "the live view needs a terminal that can move the cursor (TERM is '\(term)')")
        }
        let ttyFd = dup(1), inFd = dup(0)
        guard ttyFd >= 0, inFd >= 0, let output = fdopen(ttyFd, "w"), let input = fdopen(inFd, "r") else {
            throw OpenError(message: "the live view cannot use the terminal: \(String(cString: strerror(errno)))")
        }
        fflush(nil)
        // ncurses installs its own SIGINT/SIGTERM/SIGWINCH handlers only where none is set: ours
        // come first, so the view's loop hears of them and closes the terminal itself.
        ViewSignals.install()
        guard let screen = newterm(nil, output, input) else {
            ViewSignals.restore()
            fclose(output)
            fclose(input)
            let term = getenv("TERM").map { String(cString: $0) } ?? "(unset)"
            throw OpenError(message: "the live view cannot drive this terminal (ncurses does not know TERM '\(term)')")
        }
        return ViewTerminal(screen: screen, output: output, input: input, ttyFd: ttyFd)
    }

    private init(screen: OpaquePointer, output: UnsafeMutablePointer<FILE>, input: UnsafeMutablePointer<FILE>, ttyFd: Int32) {
        self.screen = screen
        self.output = output
        self.input = input
        self.ttyFd = ttyFd
        _ = set_term(screen)
        _ = cbreak()
        _ = noecho()
        _ = nonl()
        _ = keypad(stdscr, true)
        _ = nodelay(stdscr, true)
        _ = curs_set(0)
        _ = set_escdelay(25)
        _ = mouseinterval(0)  // presses and releases as they come: a press starts a drag at once
        _ = mousemask(gl_all_mouse_events() | gl_report_mouse_position(), nil)
        hasColors = has_colors()
        if hasColors {
            _ = start_color()
            _ = use_default_colors()
        }
        _ = refresh()
        // Button-event tracking: xterm reports motion while a button is held, which a drag needs
        // (ncurses' xterm entry asks for clicks only). Written after ncurses' own mouse setup.
        writeTTY("\u{1B}[?1002h")
        redirectOutput()
    }

    deinit { close() }

    /// Gives the terminal back: tracking off, `endwin` (the normal screen, the modes it had),
    /// standard output and error back, the signal handlers as they were. Safe to call twice.
    func close() {
        guard !closed else { return }
        closed = true
        writeTTY("\u{1B}[?1002l")
        _ = endwin()
        fflush(output)
        delscreen(screen)
        fclose(output)
        fclose(input)
        restoreOutput()
        ViewSignals.restore()
    }

    /// Rows and columns of the terminal now.
    var size: (columns: Int, rows: Int) {
        var ws = winsize()
        if ioctl(ttyFd, UInt(TIOCGWINSZ), &ws) == 0, ws.ws_col > 0, ws.ws_row > 0 { return (Int(ws.ws_col), Int(ws.ws_row)) }
        return (Int(COLS), Int(LINES))
    }

    /// Takes the terminal's new size after SIGWINCH.
    func resize() {
        let (columns, rows) = size
        _ = resizeterm(Int32(rows), Int32(columns))
    }

    /// The next key or mouse event ncurses has decoded, or nil when there is none yet.
    func nextKey() -> Int32? {
        let key = getch()
        return key == ERR ? nil : key
    }

    /// Waits until input or a signal arrives, or `milliseconds` pass (-1: no limit).
    func wait(milliseconds: Int32) {
        var fds = [pollfd(fd: fileno(input), events: Int16(POLLIN), revents: 0),
                   pollfd(fd: ViewSignals.pipe.read, events: Int16(POLLIN), revents: 0)]
        _ = poll(&fds, 2, milliseconds)  // EINTR: a signal, which the caller reads
        ViewSignals.drainPipe()
    }

    private func writeTTY(_ text: String) {
        fflush(output)
        writeAll(ttyFd, text)
    }

    private func redirectOutput() {
        fflush(nil)
        let null = Glibc.open("/dev/null", O_WRONLY)
        guard null >= 0 else { return }
        savedStdout = dup(1)
        savedStderr = dup(2)
        dup2(null, 1)
        dup2(null, 2)
        Glibc.close(null)
    }

    private func restoreOutput() {
        fflush(nil)  // what was printed while the view was open goes to /dev/null
        if savedStdout >= 0 { dup2(savedStdout, 1); Glibc.close(savedStdout) }
        if savedStderr >= 0 { dup2(savedStderr, 2); Glibc.close(savedStderr) }
        savedStdout = -1
        savedStderr = -1
    }
}
