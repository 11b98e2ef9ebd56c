import CLua
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
            case UInt8(ascii: "-"):  // "--"
                if a.count > 2 { return Options(first: i, bad: true) }
                options.first = i + 1
                return options
            case 0:  // "-": the script is stdin
                return options
            case UInt8(ascii: "E"):
                if a.count > 2 { return Options(first: i, bad: true) }
                options.ignoreEnvironment = true
            case UInt8(ascii: "W"):
                if a.count > 2 { return Options(first: i, bad: true) }
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

    /// lua.c's `print_usage`, for the bad option `badOption`.
    static func printUsage(badOption: String) {
        let b = Array(badOption.utf8)
        var text = "\(Runner.progname): "
        if b.count > 1 && (b[1] == UInt8(ascii: "e") || b[1] == UInt8(ascii: "l")) {
            text += "'\(badOption)' needs argument\n"
        } else {
            text += "unrecognized option '\(badOption)'\n"
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

        """
        writeError(text)
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
