import CLua
#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// gridrepl as the host of the browser view.
extension ViewHost {
    /// `gridrepl --serve [PORT] script.lua`: runs the script, then serves the grid `--view` would
    /// show to a browser (`ServeView`) until Ctrl-C (exit status 0), SIGTERM or SIGHUP. Errors
    /// before the server listens are reported as a script's are (exit status 1).
    static func serveScript(_ L: OpaquePointer, _ argv: [UnsafeMutablePointer<CChar>], _ index: Int, port: Int) -> Int32 {
        let name = String(cString: argv[index])
        lua_settop(L, 0)
        switch loadGrid(L, argv, index, option: "--serve") {
        case .failure(let failure):
            Runner.message(Runner.progname, failure.message)
            return 1
        case .success:
            break
        }
        fflush(nil)
        // The script is run again when its file changes; not stdin, which cannot be read twice.
        let fromStdin = name == "-" && (index == 0 || String(cString: argv[index - 1]) != "--")
        let server = ServeView(L, gridIndex: -1, scriptName: name, port: port, scriptReload: fromStdin ? nil : { L in
            Limits.startClock()  // a run gets the whole --timeout
            switch loadGrid(L, argv, index, option: "--serve") {
            case .success: return nil
            case .failure(let failure): return failure.message
            }
        }, runEdit: fromStdin ? nil : { text in runEdit(text, argv, index) })
        lua_settop(L, 0)
        open = true  // grid:view() in a callback is refused while the page is served
        defer { open = false }
        do {
            switch try server.run() {
            case .interrupted:
                return 0
            case .terminated(let sig):
                end(with: sig)
            }
        } catch {
            Runner.message(Runner.progname, "--serve \(name): \(error.message)")
            return 1
        }
    }
}
