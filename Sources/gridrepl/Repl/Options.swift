import CLua
import GridLayout
import GridScript
#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// The command line, read as lua.c's `collectargs` reads it.
struct Options {
    /// `-i`: enter interactive mode after the script (implies `version`).
    var interactive = false
    /// `-v`: print version information.
    var version = false
    /// At least one `-e`.
    var execute = false
    /// `-E`: ignore LUA_INIT (and LUA_PATH, through the registry's LUA_NOENV).
    var ignoreEnvironment = false
    /// Index in argv of the script (or of the bad option); `argv.count` when there is none.
    var first = 0
    /// A bad option was found at `first`.
    var bad = false
    /// What is wrong with the bad option, when it is not lua.c's complaint.
    var complaint: String?
    /// `--help` or `-h`: print the usage and exit.
    var help = false
    /// `--version`: print the version lines and exit.
    var showVersion = false
    /// `--max-memory BYTES`: the cap on Lua's live bytes (0: none).
    var maxMemory = 0
    /// `--max-memory` as given.
    var maxMemoryText = ""
    /// `--timeout SECONDS`.
    var timeout: Double?
    /// `--sandbox`.
    var sandbox = false
    /// `--view`: the live terminal view of the script's grid.
    var view = false
    /// `--serve [PORT]`: the browser view of the script's grid, served on 127.0.0.1.
    var serve = false
    /// The port of `--serve` (0: the system picks a free one).
    var servePort = Options.defaultServePort

    /// The port `--serve` listens on when none is given.
    static let defaultServePort = 8737

    /// A port number: 0...65535, decimal digits only.
    static func parsePort(_ text: String) -> Int? {
        guard !text.isEmpty, text.count <= 5, text.allSatisfy({ $0.isASCII && $0.isNumber }), let port = Int(text),
              port <= 65535 else { return nil }
        return port
    }
    /// `--lua-locals`: a top-level `local` at the prompt ends with its chunk, as in lua5.4.
    var luaLocals = false

    /// The value of `--max-memory`: a count of bytes, maybe with a suffix k, M or G (powers of 1024).
    static func parseBytes(_ text: String) -> Int? {
        var digits = Substring(text)
        var unit = 1
        switch digits.last {
        case "k", "K": unit = 1 << 10
        case "m", "M": unit = 1 << 20
        case "g", "G": unit = 1 << 30
        default: break
        }
        if unit > 1 { digits = digits.dropLast() }
        guard !digits.isEmpty, digits.allSatisfy({ $0.isASCII && $0.isNumber }), let n = Int(digits) else { return nil }
        let (bytes, overflow) = n.multipliedReportingOverflow(by: unit)
        return overflow || bytes <= 0 ? nil : bytes
    }

    /// The bound on `--timeout`, as its error message words it.
    static let maxSeconds = "1000000000 (about 31 years)"

    /// The value of `--timeout`: a positive number of seconds (fractions allowed), below 1e9.
    static func parseSeconds(_ text: String) -> Double? {
        guard let seconds = Double(text), seconds.isFinite, seconds > 0, seconds < 1e9 else { return nil }  // maxSeconds
        return seconds
    }

    /// A long option (`--name`, `--name=value` or `--name value`) at argv[i]; returns the index of
    /// its last word, or nil (with `bad` set) when it is bad.
    private mutating func parseLong(_ argv: [String], _ i: Int) -> Int? {
        var name = argv[i]
        var value: String?
        if let eq = name.firstIndex(of: "=") {
            value = String(name[name.index(after: eq)...])
            name = String(name[..<eq])
        }
        var last = i
        func needValue() -> String? {
            if let value { return value }
            guard i + 1 < argv.count else { return nil }
            last = i + 1
            return argv[i + 1]
        }
        func fail(_ complaint: String?) -> Int? {
            self = Options(first: i, bad: true, complaint: complaint)
            return nil
        }
        switch name {
        case "--help", "--version", "--sandbox", "--view", "--lua-locals":
            if value != nil { return fail("option '\(name)' takes no value") }
            switch name {
            case "--help": help = true
            case "--version": showVersion = true
            case "--view": view = true
            case "--lua-locals": luaLocals = true
            default: sandbox = true
            }
        case "--serve":
            // The port is optional: `--serve=PORT`, or the next word when it is all digits (a
            // script named like a number is given after `--serve 8737` or `--serve=8737`).
            serve = true
            if let value {
                guard let port = Options.parsePort(value) else { return fail("bad value '\(value)' for '\(name)' (a port number, 0...65535; 0 picks a free one)") }
                servePort = port
            } else if i + 1 < argv.count, let first = argv[i + 1].first, first.isASCII, first.isNumber {
                guard let port = Options.parsePort(argv[i + 1]) else { return fail("bad value '\(argv[i + 1])' for '\(name)' (a port number, 0...65535; 0 picks a free one)") }
                servePort = port
                last = i + 1
            }
        case "--max-memory":
            guard let text = needValue() else { return fail("'\(name)' needs argument") }
            guard let bytes = Options.parseBytes(text) else { return fail("bad value '\(text)' for '\(name)' (bytes, maybe with a suffix k, M or G)") }
            maxMemory = bytes
            maxMemoryText = text
        case "--timeout":
            guard let text = needValue() else { return fail("'\(name)' needs argument") }
            guard let seconds = Options.parseSeconds(text) else { return fail("bad value '\(text)' for '\(name)' (a positive number of seconds, less than \(Options.maxSeconds))") }
            timeout = seconds
        default:
            return fail(nil)
        }
        return last
    }

    /// Parses `argv` (argv[0] is the program name).
    static func parse(_ argv: [String]) -> Options {
        var options = Options()
        var i = 1
        options.first = argv.count
        while i < argv.count {
            options.first = i
            let a = Array(argv[i].utf8)
            guard a.first == UInt8(ascii: "-") else { return options }  // the script
            let c: UInt8 = a.count > 1 ? a[1] : 0
            switch c {
            case UInt8(ascii: "-"):  // "--", or a long option
                if a.count > 2 {
                    guard let last = options.parseLong(argv, i) else { return options }
                    i = last + 1
                    continue
                }
                options.first = i + 1
                return options
            case 0:  // "-": the script is stdin
                return options
            case UInt8(ascii: "E"):
                if a.count > 2 { return Options(first: i, bad: true) }
                options.ignoreEnvironment = true
            case UInt8(ascii: "W"):
                if a.count > 2 { return Options(first: i, bad: true) }
            case UInt8(ascii: "h"):
                if a.count > 2 { return Options(first: i, bad: true) }
                options.help = true
            case UInt8(ascii: "i"), UInt8(ascii: "v"):
                if a.count > 2 { return Options(first: i, bad: true) }
                if c == UInt8(ascii: "i") { options.interactive = true }
                options.version = true
            case UInt8(ascii: "e"), UInt8(ascii: "l"):
                if c == UInt8(ascii: "e") { options.execute = true }
                if a.count == 2 {  // the argument is the next word
                    i += 1
                    if i >= argv.count || argv[i].hasPrefix("-") { return Options(first: i - 1, bad: true) }
                }
            default:
                return Options(first: i, bad: true)
            }
            i += 1
        }
        options.first = argv.count
        return options
    }

    /// The long options `parseLong` reads.
    static let longOptions = ["--help", "--version", "--sandbox", "--view", "--lua-locals", "--serve", "--max-memory", "--timeout"]

    /// lua.c's `print_usage`, for the bad option `badOption`.
    /// With `badOption` nil (`--help`), only the usage, to stdout.
    static func printUsage(badOption: String?, complaint: String? = nil) {
        let b = Array((badOption ?? "").utf8)
        if let badOption, badOption.hasPrefix("--") {
            // gridrepl's own long options: one line, the nearest option and where the usage is
            // (lua.c's short options keep its whole usage, as Lua's test suite expects).
            let name = String(badOption.prefix { $0 != "=" })
            let line = complaint ?? "unrecognized option '\(badOption)'" + Suggestion.didYouMean(name, among: longOptions)
            writeError("\(Runner.progname): \(line) (the options: \(Runner.progname) --help)\n")
            return
        }
        var text = "\(Runner.progname): "
        if badOption == nil {
            text = ""
        } else if let complaint {
            text += complaint + "\n"
        } else if b.count > 1 && (b[1] == UInt8(ascii: "e") || b[1] == UInt8(ascii: "l")) {
            text += "'\(badOption ?? "")' needs argument\n"
        } else {
            text += "unrecognized option '\(badOption ?? "")'\n"
        }
        text += """
        usage: \(Runner.progname) [options] [script [args]]
        Available options are:
          -e stat   execute string 'stat'
          -i        enter interactive mode after executing 'script'
          -l mod    require library 'mod' into global 'mod'
          -l g=mod  require library 'mod' into global 'g'
          -v        show version information
          -E        ignore environment variables
          -W        turn warnings on
          --        stop handling options
          -         stop handling options and execute stdin
          --max-memory BYTES  cap the memory Lua uses (suffixes k, M, G)
          --timeout SECONDS   stop a script (a REPL line) running longer than that; one
                              that cannot be stopped ends the process \(Int(Limits.graceSeconds)) s
                              later with exit status \(Limits.watchdogStatus)
          --sandbox           no io, os, package, debug, dofile, loadfile, string.dump,
                              binary chunks or grid:svg(path) (grid:svg() still returns
                              the picture); require finds preloaded modules only
          --view              run 'script', then show its grid in a live full-screen
                              view (keys: arrows hjkl PgUp PgDn space Home End g + - r q)
          --serve [PORT]      run 'script', then serve its grid to a browser at
                              http://127.0.0.1:PORT/ (default \(defaultServePort); 0 picks a free
                              port); the page scrolls, drags and follows edits of 'script'
          --lua-locals        at the prompt, a top-level 'local' ends with its line
                              (as in lua5.4); by default it stays for the next lines
          --version           show version information and exit
          -h, --help          show this help

        """
        if badOption == nil {
            text += """

            Environment: LUA_INIT_5_4 or LUA_INIT (code, or @file, run first unless -E),
            LUA_PATH and LUA_CPATH (where require looks), GRIDREPL_HISTORY (the history file,
            default ~/.gridrepl_history).
            gridlayout \(GridScript.version); the manual: man gridrepl

            """
            writeOut(text)
        } else {
            writeError(text)
        }
    }
}

/// Writes `text` to file descriptor `fd` after flushing the C streams (Lua's `print` writes to
/// C's stdout), so output keeps its order.
func writeAll(_ fd: Int32, _ text: String) {
    fflush(nil)
    var bytes = Array(text.utf8)[...]
    while !bytes.isEmpty {
        let n = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
        if n < 0 && errno == EINTR { continue }
        if n <= 0 { return }
        bytes = bytes.dropFirst(n)
    }
}

/// Writes `text` to stderr.
func writeError(_ text: String) { writeAll(2, text) }

/// Writes `text` to stdout.
func writeOut(_ text: String) { writeAll(1, text) }
