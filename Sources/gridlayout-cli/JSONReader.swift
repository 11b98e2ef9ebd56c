import CYAJL
#if canImport(Glibc)
import Glibc
#endif

// The one reading of a document: yajl's event parser (Debian's libyajl, linked in) checks that it
// is strict JSON and says where it stops being so, and its events build a `JSONDocument`; this
// file also keeps the JSON path of each event and each open object's keys, for a key given twice.

/// What to do with a key an object gives twice.
enum RepeatedKeys {
    /// Refuse the document, naming the key's JSON path (`gridlayout layout`).
    case refuse
    /// The last value wins, as JavaScript's JSON.parse has it (`justified --flickr`).
    case lastWins
}

/// The deepest nesting of arrays and objects a document may have.
let maxJSONDepth = 512

/// Reads `bytes` into a document, or throws what is wrong with it: not UTF-8, not JSON (with the
/// line and column), nested too deep, or a key repeated under `.refuse`.
func readJSON(_ bytes: [UInt8], repeatedKeys: RepeatedKeys) throws(RequestError) -> JSONDocument {
    if let bad = firstInvalidUTF8(bytes) {
        let byte = String(bytes[bad], radix: 16, uppercase: true)
        throw RequestError([], "the input is not UTF-8 (byte 0x\(byte.count == 1 ? "0" : "")\(byte) at \(position(bad, in: bytes)))")
    }
    var reader = JSONReader(repeatedKeys: repeatedKeys)
    // A document has at most one node per two bytes, plus its root.
    reader.document.nodes.reserveCapacity(min(bytes.count / 2 + 1, 1 << 20))
    let failure = withUnsafeMutablePointer(to: &reader) { JSONReader.parse(bytes, into: $0) }
    if let stop = reader.failure { throw stop }
    if let deep = reader.tooDeep {
        throw RequestError([], "arrays and objects nested more than \(maxJSONDepth) deep (at \(position(deep, in: bytes)))")
    }
    if let failure { throw RequestError([], "invalid JSON (\(failure))") }
    return reader.document
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

/// yajl's message without its "parse error: " or "lexical error: " and its trailing full stop.
private func errorWords(_ text: String) -> String {
    var words = Substring(text)
    for prefix in ["parse error: ", "lexical error: "] where words.hasPrefix(prefix) { words = words.dropFirst(prefix.count) }
    while let last = words.last, last == "\n" || last == "." || last == " " { words = words.dropLast() }
    return String(words)
}

/// The reader a callback's context points to. A pointer, not a class: a class's stored
/// properties would each be checked for exclusive access at run time, several times an event.
private func reader(_ context: UnsafeMutableRawPointer?) -> UnsafeMutablePointer<JSONReader> {
    context!.assumingMemoryBound(to: JSONReader.self)
}

private func buffer(_ p: UnsafePointer<CChar>?, _ n: Int) -> UnsafeBufferPointer<UInt8> {
    p.map { UnsafeBufferPointer(start: UnsafeRawPointer($0).assumingMemoryBound(to: UInt8.self), count: n) }
        ?? UnsafeBufferPointer(start: nil, count: 0)
}

/// yajl's callbacks into the reader. Every number comes to `yajl_number` as its text (no
/// conversion of yajl's own, no range to pass); each callback returns 0 to stop the parse.
private func makeCallbacks() -> yajl_callbacks {
    yajl_callbacks(
    yajl_null: { reader($0).pointee.scalar(.null) },
    yajl_boolean: { reader($0).pointee.scalar($1 != 0 ? .true : .false) },
    yajl_integer: nil,
    yajl_double: nil,
    yajl_number: { reader($0).pointee.number(buffer($1, $2)) },
    yajl_string: { reader($0).pointee.string(UnsafeBufferPointer(start: $1, count: $2), kind: .string) },
    yajl_start_map: { reader($0).pointee.open(.object) },
    yajl_map_key: { reader($0).pointee.key(UnsafeBufferPointer(start: $1, count: $2)) },
    yajl_end_map: { reader($0).pointee.close(object: true) },
    yajl_start_array: { reader($0).pointee.open(.array) },
    yajl_end_array: { reader($0).pointee.close(object: false) })
}

/// Builds a `JSONDocument` from yajl's events, keeping the open arrays and objects (for a value's
/// JSON path and the nesting depth) and each open object's keys (for a key given twice).
struct JSONReader {
    struct Frame {
        var node: Int
        var isObject: Bool
        /// Objects: the latest key's node (for the path), and where the object's keys start in
        /// `keys`.
        var lastKey = -1
        var firstKey = 0
        /// A large object's keys, each with its latest key node.
        var index: [[UInt8]: Int]?
    }

    let repeatedKeys: RepeatedKeys
    var document = JSONDocument()
    /// The open arrays and objects, outermost first.
    var frames: [Frame] = []
    /// The key nodes of the open objects, in order.
    var keys: [Int] = []
    /// A repeated key, with `.refuse`.
    var failure: RequestError?
    /// The offset of a bracket nested past `maxJSONDepth`.
    var tooDeep: Int?
    /// The parser, while it runs (for the offset of a bracket too deep).
    var handle: yajl_handle?
    /// Objects with more keys than this look them up in a dictionary.
    static let linearKeys = 16

    init(repeatedKeys: RepeatedKeys) { self.repeatedKeys = repeatedKeys }

    /// Parses all of `bytes` (strict JSON: one value, no comments, UTF-8 checked in strings). Nil
    /// when it went through or a callback stopped it; else where and why it is not JSON.
    static func parse(_ bytes: [UInt8], into reader: UnsafeMutablePointer<JSONReader>) -> String? {
        // yajl keeps the pointer to the callbacks until the handle is freed, within this closure.
        withUnsafePointer(to: makeCallbacks()) { callbacks -> String? in
            guard let handle = yajl_alloc(callbacks, nil, UnsafeMutableRawPointer(reader)) else {
                return "out of memory"
            }
            reader.pointee.handle = handle
            defer {
                reader.pointee.handle = nil
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

    /// A value starts: an array's next element.
    @inline(__always)
    private mutating func value() {
        if let top = frames.indices.last, !frames[top].isObject {
            let node = frames[top].node
            if document.nodes[node].count < UInt32.max { document.nodes[node].count += 1 }
        }
    }

    mutating func scalar(_ kind: JSONDocument.Kind) -> Int32 {
        value()
        document.nodes.append(JSONDocument.Node(kind: kind))
        return 1
    }

    mutating func number(_ text: UnsafeBufferPointer<UInt8>) -> Int32 {
        value()
        if let n = parseNumber(text) {
            document.nodes.append(JSONDocument.Node(kind: .number, payload: n.bitPattern))
        } else {
            document.nodes.append(JSONDocument.Node(kind: .hugeNumber))
        }
        return 1
    }

    mutating func string(_ text: UnsafeBufferPointer<UInt8>, kind: JSONDocument.Kind) -> Int32 {
        if kind == .string { value() }
        let start = document.strings.count
        withUnsafeBytes(of: text.count) { document.strings.append(contentsOf: $0) }
        document.strings.append(contentsOf: text)
        document.nodes.append(JSONDocument.Node(kind: kind, payload: UInt64(start)))
        return 1
    }

    mutating func open(_ kind: JSONDocument.Kind) -> Int32 {
        value()
        guard frames.count < maxJSONDepth else {
            // Where the bracket past the limit is (its path would be as long as the nesting).
            tooDeep = max(0, Int(yajl_get_bytes_consumed(handle)) - 1)
            return 0
        }
        frames.append(Frame(node: document.nodes.count, isObject: kind == .object, firstKey: keys.count))
        document.nodes.append(JSONDocument.Node(kind: kind))
        return 1
    }

    mutating func close(object: Bool) -> Int32 {
        let frame = frames.removeLast()
        document.nodes[frame.node].payload = UInt64(document.nodes.count)
        if object { keys.removeSubrange(frame.firstKey...) }
        return 1
    }

    mutating func key(_ text: UnsafeBufferPointer<UInt8>) -> Int32 {
        let top = frames.count - 1
        let firstKey = frames[top].firstKey
        var earlier: Int?
        if let index = frames[top].index {
            earlier = index[Array(text)]
        } else {
            for k in stride(from: keys.count - 1, through: firstKey, by: -1) where keyEquals(keys[k], text) {
                earlier = keys[k]
                break
            }
        }
        let node = document.nodes.count
        if let earlier {
            switch repeatedKeys {
            case .refuse:
                failure = RequestError(path(frames.dropLast()) + [PathKey(String(decoding: text, as: UTF8.self))],
                                       "the key is repeated (a key may appear once in an object)")
                return 0
            case .lastWins:
                document.nodes[earlier].kind = .replacedKey
            }
        }
        _ = string(text, kind: .key)
        keys.append(node)
        frames[top].lastKey = node
        if frames[top].index != nil {
            frames[top].index![Array(text)] = node
        } else if keys.count - firstKey > JSONReader.linearKeys {
            var index: [[UInt8]: Int] = [:]
            for k in keys[firstKey...] { index[keyBytes(k)] = k }
            frames[top].index = index
        }
        return 1
    }

    /// The bytes of key node `node`.
    private func keyBytes(_ node: Int) -> [UInt8] {
        let start = Int(truncatingIfNeeded: document.nodes[node].payload)
        let count = document.strings.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: start, as: Int.self) }
        return Array(document.strings[start + 8..<start + 8 + count])
    }

    /// Whether key node `node` is `text`.
    private func keyEquals(_ node: Int, _ text: UnsafeBufferPointer<UInt8>) -> Bool {
        let start = Int(truncatingIfNeeded: document.nodes[node].payload)
        return document.strings.withUnsafeBufferPointer { b in
            let count = UnsafeRawPointer(b.baseAddress! + start).loadUnaligned(as: Int.self)
            return count == text.count && (count == 0 || memcmp(b.baseAddress! + start + 8, text.baseAddress!, count) == 0)
        }
    }

    /// The JSON path of the value being read inside `frames`.
    private func path(_ frames: ArraySlice<Frame>) -> [any CodingKey] {
        frames.compactMap { frame -> (any CodingKey)? in
            if frame.isObject {
                return frame.lastKey < 0 ? nil : PathKey(document.string(frame.lastKey) ?? "")
            }
            let count = Int(document.nodes[frame.node].count)
            return count == 0 ? nil : PathKey(index: count - 1)
        }
    }
}

/// The Double a JSON number's text stands for, as strtod reads it (the nearest Double), or nil for
/// one no Double holds: past the largest, or so small that it would read as 0 (1e-400; a
/// subnormal is a Double). Whole numbers of up to 15 digits, and decimals of up to 15 digits with no
/// exponent, are exact in a Double and so is their quotient by a power of ten up to 10^22: one
/// division rounds them as strtod does, without its cost. Anything else goes to strtod.
func parseNumber(_ text: UnsafeBufferPointer<UInt8>) -> Double? {
    var i = 0
    let negative = text.first == UInt8(ascii: "-")
    if negative { i = 1 }
    var digits: UInt64 = 0, count = 0, fraction = -1
    while i < text.count {
        let c = text[i]
        if c &- UInt8(ascii: "0") < 10 {
            digits = digits &* 10 &+ UInt64(c &- UInt8(ascii: "0"))
            count += 1
            if fraction >= 0 { fraction += 1 }
        } else if c == UInt8(ascii: "."), fraction < 0 {
            fraction = 0
        } else {
            break
        }
        i += 1
    }
    if i == text.count, count <= 15, fraction <= 22 {
        var value = Double(digits)
        if fraction > 0 { value /= powersOfTen[fraction] }
        return negative ? -value : value
    }
    // strtod wants a terminated string; yajl's text is a slice of the document.
    return withUnsafeTemporaryAllocation(of: CChar.self, capacity: text.count + 1) { buffer -> Double? in
        for k in 0..<text.count { buffer[k] = CChar(bitPattern: text[k]) }
        buffer[text.count] = 0
        var stop: UnsafeMutablePointer<CChar>?
        let value = strtod(buffer.baseAddress!, &stop)
        guard stop == buffer.baseAddress! + text.count, value.isFinite else { return nil }
        if value == 0 {
            // 0 only for a mantissa of zeros.
            for c in text {
                if c == UInt8(ascii: "e") || c == UInt8(ascii: "E") { break }
                if c &- UInt8(ascii: "1") < 9 { return nil }
            }
        }
        return value
    }
}

/// 10^0 ... 10^22, each exact in a Double.
private let powersOfTen: [Double] = (0...22).map { k in (0..<k).reduce(1.0) { x, _ in x * 10 } }
