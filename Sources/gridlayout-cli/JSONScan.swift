import CYAJL

// A first reading of the document, before Foundation's JSONDecoder decodes it, for what the
// decoder cannot tell: where a document stops being UTF-8 or JSON (the decoder says neither
// where nor, for bytes that are not UTF-8, what), and a key given twice in one object (the
// decoder keeps one of them and says nothing). yajl's event parser reads the document; this file
// keeps the JSON path of each event and each object's keys.

/// What to do with a key an object gives twice.
enum RepeatedKeys {
    /// Refuse the document, naming the key's JSON path (`gridlayout layout`).
    case refuse
    /// The last value wins, as JavaScript's JSON.parse has it (`justified --flickr`).
    case lastWins
}

/// The deepest nesting of arrays and objects a document may have (the decoder's own limit).
let maxJSONDepth = 512

/// Checks `bytes` and returns the document to decode: `bytes` itself, or, with `.lastWins` and a
/// repeated key, the same document with only the last value of each repeated key.
func scanJSON(_ bytes: [UInt8], repeatedKeys: RepeatedKeys) throws(RequestError) -> [UInt8] {
    if let bad = firstInvalidUTF8(bytes) {
        let byte = String(bytes[bad], radix: 16, uppercase: true)
        throw RequestError([], "the input is not UTF-8 (byte 0x\(byte.count == 1 ? "0" : "")\(byte) at \(position(bad, in: bytes)))")
    }
    let scanner = KeyScanner(repeatedKeys: repeatedKeys)
    let failure = runParser(bytes, scanner)
    if let stop = scanner.failure { throw stop }
    if let deep = scanner.tooDeep {
        throw RequestError([], "arrays and objects nested more than \(maxJSONDepth) deep (at \(position(deep, in: bytes)))")
    }
    if let failure { throw RequestError([], "invalid JSON (\(failure))") }
    guard !scanner.overridden.isEmpty else { return bytes }
    let rewriter = LastValueWriter(overridden: scanner.overridden)
    rewriter.output.reserveCapacity(bytes.count)
    if let failure = runParser(bytes, rewriter) { throw RequestError([], "invalid JSON (\(failure))") }
    return rewriter.output
}

/// "line L, column C" of byte `offset` (columns count characters from 1).
func position(_ offset: Int, in bytes: [UInt8]) -> String {
    var line = 1, lineStart = 0
    for k in 0..<min(offset, bytes.count) where bytes[k] == 0x0A {
        line += 1
        lineStart = k + 1
    }
    // Continuation bytes (10xxxxxx) start no character.
    let column = bytes[lineStart..<min(offset, bytes.count)].reduce(1) { $0 + ($1 & 0xC0 == 0x80 ? 0 : 1) }
    return "line \(line), column \(column)"
}

/// The offset of the first byte that is not part of well-formed UTF-8 (overlong forms,
/// surrogates and code points past U+10FFFF are not), or nil.
func firstInvalidUTF8(_ bytes: [UInt8]) -> Int? {
    bytes.withUnsafeBufferPointer { b -> Int? in
        var i = 0
        while i < b.count {
            // ASCII, eight bytes at a time.
            if i + 8 <= b.count,
               UnsafeRawPointer(b.baseAddress! + i).loadUnaligned(as: UInt64.self) & 0x8080_8080_8080_8080 == 0 {
                i += 8
                continue
            }
            if b[i] < 0x80 {
                i += 1
                continue
            }
            var parser = Unicode.UTF8.ForwardParser()
            var input = UnsafeBufferPointer(rebasing: b[i..<min(i + 4, b.count)]).makeIterator()
            switch parser.parseScalar(from: &input) {
            case .valid(let scalar): i += scalar.count
            case .error, .emptyInput: return i
            }
        }
        return nil
    }
}

/// A member of an object: the object's place among all objects in document order, and the
/// member's among its object's.
struct MemberID: Hashable {
    var object: Int
    var member: Int
}

/// What yajl's events go to; each returns false to stop the parse.
class JSONEvents {
    /// The parser, while it runs (for the offset of the event).
    var handle: yajl_handle?
    func scalar() -> Bool { true }
    func null() -> Bool { scalar() }
    func bool(_ value: Bool) -> Bool { scalar() }
    func number(_ text: UnsafeBufferPointer<UInt8>) -> Bool { scalar() }
    func string(_ text: UnsafeBufferPointer<UInt8>) -> Bool { scalar() }
    func startObject() -> Bool { true }
    func key(_ text: UnsafeBufferPointer<UInt8>) -> Bool { true }
    func endObject() -> Bool { true }
    func startArray() -> Bool { true }
    func endArray() -> Bool { true }
}

private func events(_ context: UnsafeMutableRawPointer?) -> JSONEvents {
    Unmanaged<JSONEvents>.fromOpaque(context!).takeUnretainedValue()
}

private func buffer(_ p: UnsafePointer<UInt8>?, _ n: Int) -> UnsafeBufferPointer<UInt8> {
    UnsafeBufferPointer(start: p, count: n)
}

private func buffer(_ p: UnsafePointer<CChar>?, _ n: Int) -> UnsafeBufferPointer<UInt8> {
    p.map { UnsafeBufferPointer(start: UnsafeRawPointer($0).assumingMemoryBound(to: UInt8.self), count: n) }
        ?? UnsafeBufferPointer(start: nil, count: 0)
}

/// The callbacks into `JSONEvents`. Every number goes to `yajl_number` as its text (no
/// conversion, no range to pass).
private func makeCallbacks() -> yajl_callbacks {
    yajl_callbacks(
    yajl_null: { events($0).null() ? 1 : 0 },
    yajl_boolean: { events($0).bool($1 != 0) ? 1 : 0 },
    yajl_integer: nil,
    yajl_double: nil,
    yajl_number: { events($0).number(buffer($1, $2)) ? 1 : 0 },
    yajl_string: { events($0).string(buffer($1, $2)) ? 1 : 0 },
    yajl_start_map: { events($0).startObject() ? 1 : 0 },
    yajl_map_key: { events($0).key(buffer($1, $2)) ? 1 : 0 },
    yajl_end_map: { events($0).endObject() ? 1 : 0 },
    yajl_start_array: { events($0).startArray() ? 1 : 0 },
    yajl_end_array: { events($0).endArray() ? 1 : 0 })
}

/// Parses all of `bytes` into `handler` (strict JSON: one value, no comments, UTF-8 checked in
/// strings). Nil when it went through or the handler stopped it; else where and why it is not JSON.
func runParser(_ bytes: [UInt8], _ handler: JSONEvents) -> String? {
    // yajl keeps the pointer to the callbacks until the handle is freed, within this closure.
    withUnsafePointer(to: makeCallbacks()) { callbacks -> String? in
        guard let handle = yajl_alloc(callbacks, nil, Unmanaged.passUnretained(handler).toOpaque()) else {
            return "out of memory"
        }
        handler.handle = handle
        defer {
            handler.handle = nil
            yajl_free(handle)
        }
        var status = bytes.withUnsafeBufferPointer { yajl_parse(handle, $0.baseAddress, $0.count) }
        // yajl stops after the token it cannot take: its last byte is the one to show.
        var offset = max(0, Int(yajl_get_bytes_consumed(handle)) - 1)
        if status == yajl_status_ok {
            status = yajl_complete_parse(handle)
            offset = bytes.count
        }
        guard status == yajl_status_error else { return nil }
        let reason = bytes.withUnsafeBufferPointer { b -> String in
            guard let text = yajl_get_error(handle, 0, b.baseAddress, b.count) else { return "" }
            defer { yajl_free_error(handle, text) }
            return String(cString: text)
        }
        return "\(position(min(offset, bytes.count), in: bytes)): \(errorWords(reason))"
    }
}

/// yajl's message without its "parse error: " or "lexical error: " and its trailing full stop.
private func errorWords(_ text: String) -> String {
    var words = Substring(text)
    for prefix in ["parse error: ", "lexical error: "] where words.hasPrefix(prefix) { words = words.dropFirst(prefix.count) }
    while let last = words.last, last == "\n" || last == "." || last == " " { words = words.dropLast() }
    return String(words)
}

/// The first pass: the JSON path of each event, each open object's keys, the nesting depth.
/// With `.refuse` it stops at the first repeated key; with `.lastWins` it notes each member that a
/// later one of the same key replaces.
final class KeyScanner: JSONEvents {
    struct Frame {
        var isObject: Bool
        /// Members or elements begun so far.
        var count = 0
        /// Where the object's keys start in `keys`.
        var firstKey = 0
        /// Objects: its place among all objects.
        var ordinal = 0
        /// A large object's keys, each with its latest member.
        var index: [[UInt8]: Int]?
    }

    let repeatedKeys: RepeatedKeys
    /// The innermost open array or object; outside all of them, the document, which holds one value.
    var top = Frame(isObject: false)
    /// The frames around `top`, outermost (the document) first: as many as the arrays and objects open.
    var outer: [Frame] = []
    /// The keys of the open objects, in order: where each one's bytes are in `keyBytes`.
    var keys: [Range<Int>] = []
    var keyBytes: [UInt8] = []
    var objects = 0
    /// Members a later member of the same key replaces.
    var overridden: Set<MemberID> = []
    /// A repeated key, with `.refuse`.
    var failure: RequestError?
    /// The offset of a bracket nested past `maxJSONDepth`.
    var tooDeep: Int?
    /// Objects with more keys than this look them up in a dictionary.
    static let linearKeys = 16

    init(repeatedKeys: RepeatedKeys) { self.repeatedKeys = repeatedKeys }

    /// The JSON path of the value being read.
    var path: [any CodingKey] { outer.isEmpty ? [] : path(outer.dropFirst() + [top]) }

    private func path(_ frames: ArraySlice<Frame>) -> [any CodingKey] {
        frames.compactMap { frame -> (any CodingKey)? in
            guard frame.count > 0 else { return nil }
            if frame.isObject {
                return PathKey(String(decoding: keyBytes[keys[frame.firstKey + frame.count - 1]], as: UTF8.self))
            }
            return PathKey(index: frame.count - 1)
        }
    }

    /// A value starts: an array's next element.
    private func value() {
        if !top.isObject { top.count += 1 }
    }

    override func scalar() -> Bool {
        value()
        return true
    }

    private func open(object: Bool) -> Bool {
        value()
        guard outer.count < maxJSONDepth else {
            // Where the bracket past the limit is (its path would be as long as the nesting).
            tooDeep = max(0, Int(yajl_get_bytes_consumed(handle)) - 1)
            return false
        }
        outer.append(top)
        top = Frame(isObject: object, firstKey: keys.count, ordinal: object ? objects : 0)
        if object { objects += 1 }
        return true
    }

    override func startObject() -> Bool { open(object: true) }
    override func startArray() -> Bool { open(object: false) }

    override func endObject() -> Bool {
        if top.firstKey < keys.count {
            keyBytes.removeSubrange(keys[top.firstKey].lowerBound...)
            keys.removeSubrange(top.firstKey...)
        }
        top = outer.removeLast()
        return true
    }

    override func endArray() -> Bool {
        top = outer.removeLast()
        return true
    }

    override func key(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
        let member = top.count
        let firstKey = top.firstKey
        var earlier: Int?
        if let index = top.index {
            earlier = index[Array(text)]
        } else {
            // The latest member of the key: the one a repeat replaces.
            for k in stride(from: firstKey + member - 1, through: firstKey, by: -1) where keyBytes[keys[k]].elementsEqual(text) {
                earlier = k - firstKey
                break
            }
        }
        if let earlier {
            switch repeatedKeys {
            case .refuse:
                failure = RequestError(path(outer.dropFirst()) + [PathKey(String(decoding: text, as: UTF8.self))],
                                       "the key is repeated (a key may appear once in an object)")
                return false
            case .lastWins:
                overridden.insert(MemberID(object: top.ordinal, member: earlier))
            }
        }
        let start = keyBytes.count
        keyBytes.append(contentsOf: text)
        keys.append(start..<keyBytes.count)
        top.count += 1
        if top.index != nil {
            top.index![Array(text)] = member
        } else if member + 1 > KeyScanner.linearKeys {
            var index: [[UInt8]: Int] = [:]
            for k in 0...member { index[Array(keyBytes[keys[firstKey + k]])] = k }
            top.index = index
        }
        return true
    }
}

/// The second pass, for `.lastWins`: the document again, without the members a later member of
/// the same key replaces. Numbers keep their text; strings are written anew.
final class LastValueWriter: JSONEvents {
    struct Frame {
        var isObject: Bool
        var count = 0
        var ordinal = 0
        var wrote = false
    }

    let overridden: Set<MemberID>
    var output: [UInt8] = []
    var stack: [Frame] = []
    var objects = 0
    /// The member whose value is skipped next; then how deep inside a skipped value the parse is.
    var skipNext = false
    var skipping = 0

    init(overridden: Set<MemberID>) { self.overridden = overridden }

    /// Whether the value starting now is written; writes an array element's comma.
    private func begin(opening: Bool) -> Bool {
        if skipping > 0 {
            if opening { skipping += 1 }
            return false
        }
        if skipNext {
            skipNext = false
            if opening { skipping = 1 }
            return false
        }
        if let last = stack.indices.last, !stack[last].isObject {
            if stack[last].wrote { output.append(UInt8(ascii: ",")) }
            stack[last].wrote = true
        }
        return true
    }

    private func write(_ text: String) { output.append(contentsOf: text.utf8) }

    override func null() -> Bool {
        if begin(opening: false) { write("null") }
        return true
    }

    override func bool(_ value: Bool) -> Bool {
        if begin(opening: false) { write(value ? "true" : "false") }
        return true
    }

    override func number(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
        if begin(opening: false) { output.append(contentsOf: text) }
        return true
    }

    override func string(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
        if begin(opening: false) { write(jsonString(String(decoding: text, as: UTF8.self))) }
        return true
    }

    private func open(object: Bool) -> Bool {
        let ordinal = objects
        if object { objects += 1 }
        // Objects inside a skipped value are counted too: the first pass numbered them.
        guard begin(opening: true) else { return true }
        stack.append(Frame(isObject: object, ordinal: ordinal))
        write(object ? "{" : "[")
        return true
    }

    private func close(object: Bool) -> Bool {
        if skipping > 0 {
            skipping -= 1
            return true
        }
        stack.removeLast()
        write(object ? "}" : "]")
        return true
    }

    override func startObject() -> Bool { open(object: true) }
    override func startArray() -> Bool { open(object: false) }
    override func endObject() -> Bool { close(object: true) }
    override func endArray() -> Bool { close(object: false) }

    override func key(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
        guard skipping == 0 else { return true }
        let top = stack.count - 1
        let member = stack[top].count
        stack[top].count += 1
        if overridden.contains(MemberID(object: stack[top].ordinal, member: member)) {
            skipNext = true
            return true
        }
        if stack[top].wrote { output.append(UInt8(ascii: ",")) }
        stack[top].wrote = true
        write(jsonString(String(decoding: text, as: UTF8.self)))
        output.append(UInt8(ascii: ":"))
        return true
    }
}
