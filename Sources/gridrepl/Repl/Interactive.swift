@preconcurrency import CEdit
import CLua
#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// The read-eval-print loop, as lua.c's `doREPL`, with libedit line editing and history when
/// stdin is a terminal, and readable tables.
struct Interactive {
    /// True while the loop runs: SIGINT then clears the line instead of killing the process.
    nonisolated(unsafe) static var active = false
    /// Top-level `local`s of prompt chunks stay visible to the next ones (off with `--lua-locals`).
    nonisolated(unsafe) static var persistLocals = true

    enum Input {
        case line(String)
        case endOfFile
        case interrupted
    }

    let L: OpaquePointer
    /// Reading through libedit (stdin is a terminal)?
    let editing: Bool
    /// Where history is kept, or nil.
    let historyPath: String?

    init(_ L: OpaquePointer) {
        self.L = L
        editing = isatty(0) != 0
        if let path = getenv("GRIDREPL_HISTORY").map({ String(cString: $0) }), !path.isEmpty {
            historyPath = path
        } else if let home = getenv("HOME").map({ String(cString: $0) }), !home.isEmpty {
            historyPath = home + "/.gridrepl_history"
        } else {
            historyPath = nil
        }
    }

    func run() {
        let oldPrefix = Runner.messagePrefix
        Runner.messagePrefix = nil  // no program name on errors in interactive mode
        Interactive.active = true
        if editing { setUpEditLine() }
        if Runner.callHelper(L, "promptGlobals", 0, 0) != LUA_OK { lua_settop(L, -2) }
        setSignal(SIGINT, promptAction)
        while let loaded = loadLine() {
            var status = loaded
            if status == LUA_OK { status = Runner.docall(L, 0, LUA_MULTRET) }
            if status == LUA_OK { printResults() } else { Runner.report(L, status) }
        }
        lua_settop(L, 0)
        writeOut("\n")
        Interactive.active = false
        setSignal(SIGINT, nil)
        Runner.messagePrefix = oldPrefix
    }

    // MARK: Reading

    private func setUpEditLine() {
        rl_readline_name = UnsafePointer(strdup("gridrepl"))
        rl_getc_function = Interactive.readKey  // before rl_initialize, which installs it
        _ = rl_initialize()
        using_history()
        stifle_history(1000)
        if let historyPath { _ = read_history(historyPath) }
        Completion.install(L)
    }

    /// The prompt: _PROMPT or _PROMPT2 through `tostring`, else "> " or ">> ".
    private func prompt(first: Bool) -> String {
        let fallback = first ? "> " : ">> "
        lua_pushboolean(L, first ? 1 : 0)
        defer { lua_settop(L, -2) }
        guard Runner.callHelper(L, "prompt", 1, 1) == LUA_OK, lua_type(L, -1) == LUA_TSTRING else { return fallback }
        return Runner.string(L, -1)
    }

    /// Reads one line, without its newline.
    private func readLine(first: Bool) -> Input {
        let text = prompt(first: first)
        sigintAtPrompt = 0
        if editing {
            let p = readline(text)
            if sigintAtPrompt != 0 {  // readKey ended the line: drop it
                free(p)
                return .interrupted
            }
            guard let p else { return .endOfFile }
            defer { free(p) }
            return .line(String(cString: p))
        }
        writeOut(text)
        // Unbuffered, so that `io.read` in a chunk sees the rest of the input.
        var bytes: [UInt8] = []
        var byte: UInt8 = 0
        while true {
            let n = read(0, &byte, 1)
            if sigintAtPrompt != 0 { return .interrupted }
            if n < 0 && errno == EINTR { continue }
            if n <= 0 { return bytes.isEmpty ? .endOfFile : .line(String(decoding: bytes, as: UTF8.self)) }
            if byte == UInt8(ascii: "\n") { return .line(String(decoding: bytes, as: UTF8.self)) }
            bytes.append(byte)
        }
    }

    /// libedit's input: one character from stdin, decoded from UTF-8. A SIGINT (the read fails
    /// with EINTR) ends the line with a newline, and `readLine` then drops it: Ctrl-C clears the
    /// line. (libedit's own reader retries after EINTR.)
    private static let readKey: @convention(c) (UnsafeMutablePointer<FILE>?) -> Int32 = { _ in
        func byte() -> Int32? {
            var b: UInt8 = 0
            while true {
                if sigintAtPrompt != 0 { return nil }
                let n = read(0, &b, 1)
                if n == 1 { return Int32(b) }
                if n < 0 && errno == EINTR { continue }
                return -1  // end of input or an error
            }
        }
        guard let first = byte() else { return 10 }
        guard first >= 0xC0 && first < 0xF8 else { return first }  // ASCII, EOF or a stray byte
        let extra = first >= 0xF0 ? 3 : first >= 0xE0 ? 2 : 1
        var code = first & (0x3F >> Int32(extra))
        for _ in 0..<extra {
            guard let next = byte() else { return 10 }
            guard next >= 0x80 && next < 0xC0 else { return next }
            code = code << 6 | (next & 0x3F)
        }
        return code
    }

    /// Keeps `line` (a whole chunk) in the history, and in the history file at once. libedit
    /// edits one line: an entry holding line breaks is redrawn wrongly when recalled (its last
    /// line shown twice, the cursor lost). So a chunk of several lines is kept as one line, its
    /// line breaks turned into spaces, when that cannot change its meaning (no comment, no
    /// string across lines); else each of its lines is an entry, as Python's REPL keeps them.
    private func saveLine(_ line: String) {
        guard editing, !line.isEmpty else { return }
        if line.contains("\n") {
            let lexed = LuaLexer.tokens(Array(line.utf8))
            if lexed.comment || lexed.multiline {
                for part in line.split(separator: "\n", omittingEmptySubsequences: true) { _ = add_history(String(part)) }
            } else {
                let parts = line.split(separator: "\n").map { $0.trimmingSpaces() }.filter { !$0.isEmpty }
                _ = add_history(parts.joined(separator: " "))
            }
        } else {
            _ = add_history(line)
        }
        if let historyPath { _ = write_history(historyPath) }
    }

    /// Loads the function of a complete chunk: nil at end of input, else the load status (the
    /// function or the error message is on the stack).
    private func loadLine() -> Int32? {
        while true {
            lua_settop(L, 0)
            var line: String
            switch readLine(first: true) {
            case .endOfFile: return nil
            case .interrupted:
                if !editing { writeOut("\n") }
                continue
            case .line(let l): line = l
            }
            if line.hasPrefix("=") { line = "return " + line.dropFirst() }  // as Lua 5.2
            // First as an expression whose values are printed.
            if load("return \(line);") == LUA_OK {
                saveLine(line)
                setEnvironment()
                return LUA_OK
            }
            lua_settop(L, 0)
            // Then as a statement, maybe with continuation lines.
            var chunk = line
            while true {
                let status = load(chunk)
                if !incomplete(status) {
                    saveLine(chunk)
                    if status == LUA_OK, Interactive.persistLocals, let rewritten = LocalRewrite.rewrite(chunk) {
                        // The chunk as the user wrote it compiles; its rewrite should too (else
                        // the original runs, its locals ending with it).
                        if load(rewritten) == LUA_OK {
                            lua_remove(L, -2)
                        } else {
                            lua_settop(L, -2)
                        }
                    }
                    setEnvironment()
                    return status
                }
                switch readLine(first: false) {
                case .line(let more):
                    lua_settop(L, 0)
                    chunk += "\n" + more
                case .endOfFile:
                    saveLine(chunk)
                    return status
                case .interrupted:
                    chunk = ""
                }
                if chunk.isEmpty { break }
            }
            if !editing { writeOut("\n") }
        }
    }

    /// Gives the loaded function on top the prompt's environment (its `_ENV`, upvalue 1), which
    /// keeps top-level locals from one chunk to the next; not with `--lua-locals`.
    private func setEnvironment() {
        guard Interactive.persistLocals, lua_type(L, -1) == LUA_TFUNCTION else { return }
        Runner.pushHelper(L, "env")
        if lua_type(L, -1) != LUA_TTABLE || lua_setupvalue(L, -2, 1) == nil { lua_settop(L, -2) }
    }

    private func load(_ chunk: String) -> Int32 {
        luaL_loadbufferx(L, chunk, chunk.utf8.count, "=stdin", Runner.loadMode)
    }

    /// A syntax error at the end of the input: the chunk may go on.
    private func incomplete(_ status: Int32) -> Bool {
        status == LUA_ERRSYNTAX && Runner.string(L, -1).hasSuffix("<eof>")
    }

    // MARK: Printing

    /// lua.c's `l_print`, with tables shown by the pretty printer.
    private func printResults() {
        let n = lua_gettop(L)
        guard n > 0 else { return }
        guard lua_checkstack(L, 20) != 0 else {
            Runner.message(Runner.messagePrefix, "too many results to print")
            lua_settop(L, 0)
            return
        }
        var printer = PrettyPrinter(L)
        for i in 1...n where printer.handles(i) {
            let text = printer.render(i)
            _ = text.withUnsafeBufferPointer { b in
                b.withMemoryRebound(to: CChar.self) { lua_pushlstring(L, $0.baseAddress, $0.count) }
            }
            lua_replace(L, i)
        }
        Runner.getGlobal(L, "print")
        lua_insert(L, 1)
        if lua_pcall(L, n, 0, 0) != LUA_OK {
            Runner.message(Runner.messagePrefix, "error calling 'print' (\(Runner.string(L, -1)))")
            lua_settop(L, 0)
        }
    }
}

extension Substring {
    /// Without the spaces and tabs at either end.
    func trimmingSpaces() -> Substring {
        var s = self
        while let c = s.first, c == " " || c == "\t" { s = s.dropFirst() }
        while let c = s.last, c == " " || c == "\t" { s = s.dropLast() }
        return s
    }
}
