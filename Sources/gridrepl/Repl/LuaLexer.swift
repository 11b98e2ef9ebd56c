/// A Lua 5.4 tokenizer, enough to find statements in a chunk that already compiles: names,
/// keywords, numbers, strings (quoted and long), symbols; comments and spaces are skipped.
/// It never fails: a byte it does not know is a one-byte symbol.
struct LuaToken {
    enum Kind { case name, number, string, symbol }
    var kind: Kind
    /// Byte offsets of the token in the chunk.
    var start: Int
    var end: Int
    /// The token's text (for names and symbols; strings and numbers keep theirs too).
    var text: String
}

struct LuaLexer {
    /// The tokens of `source`, and whether a comment or a token spans a line break (a chunk with
    /// neither can be joined into one line without changing its meaning, once comments are out).
    static func tokens(_ source: [UInt8]) -> (tokens: [LuaToken], comment: Bool, multiline: Bool) {
        var tokens: [LuaToken] = []
        var comment = false
        var multiline = false
        var i = 0
        let n = source.count
        func at(_ k: Int) -> UInt8 { k < n ? source[k] : 0 }
        func isNameByte(_ b: UInt8) -> Bool {
            (b >= 0x61 && b <= 0x7A) || (b >= 0x41 && b <= 0x5A) || (b >= 0x30 && b <= 0x39) || b == 0x5F || b >= 0x80
        }
        func isDigit(_ b: UInt8) -> Bool { b >= 0x30 && b <= 0x39 }
        /// The level of a long bracket `[==[` at k (its `=` count), or nil.
        func longBracket(_ k: Int) -> Int? {
            guard at(k) == UInt8(ascii: "[") else { return nil }
            var j = k + 1
            while at(j) == UInt8(ascii: "=") { j += 1 }
            return at(j) == UInt8(ascii: "[") ? j - k - 1 : nil
        }
        /// The offset after the long bracket's close `]==]`, from k (just past the opening).
        func skipLong(_ k: Int, level: Int) -> Int {
            var j = k
            while j < n {
                if source[j] == UInt8(ascii: "]") {
                    var e = j + 1
                    while at(e) == UInt8(ascii: "=") { e += 1 }
                    if e - j - 1 == level && at(e) == UInt8(ascii: "]") { return e + 1 }
                }
                j += 1
            }
            return n
        }
        func text(_ s: Int, _ e: Int) -> String { String(decoding: source[s..<e], as: UTF8.self) }
        func spansLine(_ s: Int, _ e: Int) -> Bool { source[s..<min(e, n)].contains(10) }
        while i < n {
            let b = source[i]
            if b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D || b == 0x0B || b == 0x0C {
                i += 1
                continue
            }
            if b == UInt8(ascii: "-") && at(i + 1) == UInt8(ascii: "-") {  // a comment
                comment = true
                if let level = longBracket(i + 2) {
                    i = skipLong(i + 2 + level + 2, level: level)
                } else {
                    while i < n && source[i] != 0x0A { i += 1 }
                }
                continue
            }
            let start = i
            if isNameByte(b) && !isDigit(b) {
                while i < n && isNameByte(source[i]) { i += 1 }
                tokens.append(LuaToken(kind: .name, start: start, end: i, text: text(start, i)))
            } else if isDigit(b) || (b == UInt8(ascii: ".") && isDigit(at(i + 1))) {
                while i < n {
                    let c = source[i]
                    if (c == UInt8(ascii: "+") || c == UInt8(ascii: "-")) && i > start
                        && "eEpP".utf8.contains(source[i - 1]) {
                        i += 1
                    } else if isNameByte(c) || c == UInt8(ascii: ".") {
                        i += 1
                    } else {
                        break
                    }
                }
                tokens.append(LuaToken(kind: .number, start: start, end: i, text: text(start, i)))
            } else if b == UInt8(ascii: "\"") || b == UInt8(ascii: "'") {
                i += 1
                while i < n && source[i] != b && source[i] != 0x0A {
                    if source[i] == UInt8(ascii: "\\") { i += 1 }  // the escaped byte (`\z` skips a line break)
                    i += 1
                }
                i = min(i + 1, n)
                if spansLine(start, i) { multiline = true }
                tokens.append(LuaToken(kind: .string, start: start, end: i, text: text(start, i)))
            } else if let level = longBracket(i) {
                i = skipLong(i + level + 2, level: level)
                if spansLine(start, i) { multiline = true }
                tokens.append(LuaToken(kind: .string, start: start, end: i, text: text(start, i)))
            } else {
                let three = text(i, min(i + 3, n))
                let two = text(i, min(i + 2, n))
                if three == "..." {
                    i += 3
                } else if ["..", "==", "~=", "<=", ">=", "<<", ">>", "//", "::"].contains(two) {
                    i += 2
                } else {
                    i += 1
                }
                tokens.append(LuaToken(kind: .symbol, start: start, end: i, text: text(start, i)))
            }
        }
        return (tokens, comment, multiline)
    }
}

/// gridrepl's persistent top-level locals: rewrites each `local` statement at the top level of a
/// prompt chunk into an assignment through the prompt's environment, which keeps the names it
/// declares (`gridrepl.helpers`' `env`). The rewrite keeps every line break where it was, so
/// messages give the user's own line numbers. A chunk the rewrite cannot follow is left as is.
enum LocalRewrite {
    /// The name of the environment's declare function; `__gridrepl_local(n, name1…nameN, values…)`
    /// marks the names as prompt locals and returns the values.
    static let declare = "__gridrepl_local"

    private static let openers: Set<String> = ["function", "do", "if", "repeat"]
    private static let closers: Set<String> = ["end", "until"]
    private static let binary: Set<String> = [
        "+", "-", "*", "/", "//", "%", "^", "..", "==", "~=", "<", "<=", ">", ">=", "and", "or",
        "&", "|", "~", "<<", ">>",
    ]
    private static let unary: Set<String> = ["not", "-", "#", "~"]

    /// The chunk with its top-level locals rewritten, or nil when it has none (or cannot be followed).
    static func rewrite(_ chunk: String) -> String? {
        let source = Array(chunk.utf8)
        let tokens = LuaLexer.tokens(source).tokens
        var edits: [(start: Int, end: Int, text: String)] = []  // byte ranges to replace, in order
        var depth = 0
        var i = 0
        while i < tokens.count {
            let t = tokens[i]
            guard t.kind == .name else { i += 1; continue }
            if openers.contains(t.text) { depth += 1 }
            if closers.contains(t.text) { depth -= 1 }
            guard depth == 0, t.text == "local" else { i += 1; continue }
            // `local function NAME`: declared before the body, which may call itself.
            if i + 2 < tokens.count, tokens[i + 1].kind == .name, tokens[i + 1].text == "function", tokens[i + 2].kind == .name {
                edits.append((t.start, t.end, "\(declare)(1, \"\(tokens[i + 2].text)\");"))
                i += 1  // `function` is counted by the loop
                continue
            }
            // `local NAME <attrib>, … [= explist]`
            var names: [String] = []
            var j = i + 1
            var removals: [(Int, Int)] = []
            var close = false
            while j < tokens.count, tokens[j].kind == .name {
                names.append(tokens[j].text)
                j += 1
                if j + 2 < tokens.count, tokens[j].text == "<", tokens[j + 1].kind == .name, tokens[j + 2].text == ">" {
                    if tokens[j + 1].text == "close" { close = true }
                    removals.append((tokens[j].start, tokens[j + 2].end))
                    j += 3
                }
                guard j < tokens.count, tokens[j].text == "," else { break }
                j += 1
            }
            guard !names.isEmpty else { return nil }
            if close {  // a to-be-closed variable ends with its chunk, as it must
                i = j
                continue
            }
            let list = "\(names.count), " + names.map { "\"\($0)\"" }.joined(separator: ", ")
            edits.append((t.start, t.end, ""))
            for (s, e) in removals { edits.append((s, e, "")) }
            if j < tokens.count, tokens[j].text == "=" {
                guard let end = skipExpressionList(tokens, j + 1) else { return nil }
                let after = tokens[j].end
                edits.append((after, after, " \(declare)(\(list),"))
                let close = tokens[end - 1].end
                edits.append((close, close, ")"))
                i = end
            } else {
                let after = tokens[j - 1].end
                edits.append((after, after, " = \(declare)(\(list))"))
                i = j
            }
        }
        guard !edits.isEmpty else { return nil }
        var out: [UInt8] = []
        var position = 0
        for edit in edits {
            out += source[position..<edit.start]
            out += Array(edit.text.utf8)
            position = edit.end
        }
        out += source[position...]
        return String(decoding: out, as: UTF8.self)
    }

    /// The index after the expression list starting at token `i`, or nil.
    private static func skipExpressionList(_ t: [LuaToken], _ i: Int) -> Int? {
        guard var k = skipExpression(t, i) else { return nil }
        while k < t.count, t[k].text == ",", t[k].kind == .symbol {
            guard let next = skipExpression(t, k + 1) else { return nil }
            k = next
        }
        return k
    }

    /// The index after the expression starting at token `i`, or nil.
    private static func skipExpression(_ t: [LuaToken], _ i: Int) -> Int? {
        var k = i
        while k < t.count, unary.contains(t[k].text), t[k].kind != .string { k += 1 }
        guard k < t.count else { return nil }
        let first = t[k]
        switch first.kind {
        case .number, .string:
            k += 1
        case .symbol where first.text == "...":
            k += 1
        case .symbol where first.text == "{":
            guard let e = skipBalanced(t, k) else { return nil }
            k = e
        case .name where ["nil", "true", "false"].contains(first.text):
            k += 1
        case .name where first.text == "function":
            guard let e = skipBlock(t, k) else { return nil }
            k = e
        case .name, .symbol:
            guard let e = skipPrimary(t, k) else { return nil }
            k = e
        }
        if k < t.count, binary.contains(t[k].text), t[k].kind != .string {
            return skipExpression(t, k + 1)
        }
        return k
    }

    /// A prefix expression and its suffixes (`.name`, `:name args`, `[exp]`, calls).
    private static func skipPrimary(_ t: [LuaToken], _ i: Int) -> Int? {
        var k = i
        if t[k].kind == .name, !isKeyword(t[k].text) {
            k += 1
        } else if t[k].text == "(" {
            guard let e = skipBalanced(t, k) else { return nil }
            k = e
        } else {
            return nil
        }
        while k < t.count {
            let s = t[k]
            if s.kind == .string {
                k += 1
            } else if s.kind == .symbol && (s.text == "." || s.text == ":") {
                guard k + 1 < t.count, t[k + 1].kind == .name else { return nil }
                k += 2
            } else if s.kind == .symbol && ["(", "[", "{"].contains(s.text) {
                guard let e = skipBalanced(t, k) else { return nil }
                k = e
            } else {
                break
            }
        }
        return k
    }

    /// From an opening bracket at `i`, the index after its matching close.
    private static func skipBalanced(_ t: [LuaToken], _ i: Int) -> Int? {
        var depth = 0
        var k = i
        while k < t.count {
            if t[k].kind == .symbol {
                switch t[k].text {
                case "(", "[", "{": depth += 1
                case ")", "]", "}": depth -= 1
                default: break
                }
                if depth == 0 { return k + 1 }
            }
            k += 1
        }
        return nil
    }

    /// From `function` at `i`, the index after its `end`.
    private static func skipBlock(_ t: [LuaToken], _ i: Int) -> Int? {
        var depth = 0
        var k = i
        while k < t.count {
            if t[k].kind == .name {
                if openers.contains(t[k].text) { depth += 1 }
                if closers.contains(t[k].text) { depth -= 1 }
                if depth == 0 { return k + 1 }
            }
            k += 1
        }
        return nil
    }

    private static let keywords: Set<String> = [
        "and", "break", "do", "else", "elseif", "end", "false", "for", "function", "goto", "if", "in",
        "local", "nil", "not", "or", "repeat", "return", "then", "true", "until", "while",
    ]

    static func isKeyword(_ s: String) -> Bool { keywords.contains(s) }
}
