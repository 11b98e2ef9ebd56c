/// A JSON document as one flat array of nodes in document order (JSONReader builds it in yajl's
/// one pass over the text). An array's or object's nodes follow it and end at its `end`; an
/// object's are key, value, key, value. The request types read it by node index and build a JSON
/// path only for an error, so a large array of sizes costs a few node reads per item.
struct JSONDocument {
    enum Kind: UInt8 {
        case null, `false`, `true`, number
        /// A number no Double holds (1e400, 1e-400): not a number to the request types.
        case hugeNumber
        case string, array, object
        /// An object's key; `replacedKey` when a later member of the same key replaces it (the
        /// last value wins, as JSON.parse has it), which lookups then pass over.
        case key, replacedKey
    }

    /// 16 bytes: numbers are most of a large document's nodes.
    struct Node {
        var kind: Kind
        /// Arrays: elements begun so far (a capacity hint: it stops at UInt32.max).
        var count: UInt32 = 0
        /// Numbers: the Double's bits. Arrays and objects: the index past their last node.
        /// Strings and keys: where their length and bytes are in `strings`.
        var payload: UInt64 = 0
    }

    var nodes: [Node] = []
    /// Each string and key as its length (8 bytes) and its bytes.
    var strings: [UInt8] = []

    /// The root value's node.
    var root: Int { 0 }

    func kind(_ i: Int) -> Kind { nodes[i].kind }

    /// The index past node `i`'s value (past every node inside an array or object).
    func end(_ i: Int) -> Int {
        switch nodes[i].kind {
        case .array, .object: return Int(truncatingIfNeeded: nodes[i].payload)
        default: return i + 1
        }
    }

    /// The number at `i`, or nil for any other value (a huge number included).
    func number(_ i: Int) -> Double? {
        nodes[i].kind == .number ? Double(bitPattern: nodes[i].payload) : nil
    }

    func bool(_ i: Int) -> Bool? {
        switch nodes[i].kind {
        case .true: return true
        case .false: return false
        default: return nil
        }
    }

    /// The string (or key) at `i`, or nil.
    func string(_ i: Int) -> String? {
        switch nodes[i].kind {
        case .string, .key, .replacedKey: break
        default: return nil
        }
        let start = Int(truncatingIfNeeded: nodes[i].payload)
        return strings.withUnsafeBufferPointer { b in
            let count = UnsafeRawPointer(b.baseAddress! + start).loadUnaligned(as: Int.self)
            return String(decoding: UnsafeBufferPointer(rebasing: b[start + 8..<start + 8 + count]), as: UTF8.self)
        }
    }

    /// Whether key node `i` is `name`, without making a String.
    func keyIs(_ i: Int, _ name: StaticString) -> Bool {
        let start = Int(truncatingIfNeeded: nodes[i].payload)
        return strings.withUnsafeBufferPointer { b in
            let count = UnsafeRawPointer(b.baseAddress! + start).loadUnaligned(as: Int.self)
            return name.withUTF8Buffer { $0.elementsEqual(UnsafeBufferPointer(rebasing: b[start + 8..<start + 8 + count])) }
        }
    }

    /// The elements of the array at `i`, in order.
    func elements(_ i: Int) -> [Int] {
        var out: [Int] = []
        out.reserveCapacity(Int(nodes[i].count))
        var k = i + 1
        let stop = end(i)
        while k < stop {
            out.append(k)
            k = end(k)
        }
        return out
    }

    /// The elements of the array at `node`, read in order: `fast` reads the usual element in
    /// place from the nodes (its value and the nodes it takes), or gives nil for any other, which
    /// `slow` then reads from its node and JSON path, naming what is wrong with it.
    @inline(__always)
    func readElements<T>(_ node: Int, _ path: [any CodingKey],
                         fast: (UnsafeBufferPointer<Node>, Int) -> (T, Int)?,
                         slow: (JSONDocument, Int, [any CodingKey]) throws(RequestError) -> T) throws(RequestError) -> [T] {
        var out: [T] = []
        out.reserveCapacity(Int(nodes[node].count))
        let stop = end(node)
        var k = node + 1
        try nodes.withUnsafeBufferPointer { (nodes) throws(RequestError) in
            while k < stop {
                if let (value, taken) = fast(nodes, k) {
                    out.append(value)
                    k += taken
                } else {
                    out.append(try slow(self, k, path + [PathKey(index: out.count)]))
                    k = end(k)
                }
            }
        }
        return out
    }

    /// The members of the object at `i` (a replaced member left out): each key's node and its
    /// value's node (the next one).
    func memberKeys(_ i: Int) -> [Int] {
        var out: [Int] = []
        var k = i + 1
        let stop = end(i)
        while k < stop {
            if nodes[k].kind == .key { out.append(k) }
            k = end(k + 1)
        }
        return out
    }

    /// The value of the object at `i` for the key `name`, or nil.
    func member(_ i: Int, _ name: String) -> Int? {
        var k = i + 1
        let stop = end(i)
        var name = name
        return name.withUTF8 { wanted -> Int? in
            while k < stop {
                if nodes[k].kind == .key {
                    let start = Int(truncatingIfNeeded: nodes[k].payload)
                    let found = strings.withUnsafeBufferPointer { b in
                        let count = UnsafeRawPointer(b.baseAddress! + start).loadUnaligned(as: Int.self)
                        return wanted.elementsEqual(UnsafeBufferPointer(rebasing: b[start + 8..<start + 8 + count]))
                    }
                    if found { return k + 1 }
                }
                k = end(k + 1)
            }
            return nil
        }
    }

    /// The value at `i` in a message's words: `"x"`, `null`, `an array` (`x is invalid ...`).
    func describe(_ i: Int) -> String {
        switch nodes[i].kind {
        case .null: return "null"
        case .false: return "false"
        case .true: return "true"
        case .number: return jsonNumber(Double(bitPattern: nodes[i].payload))
        case .hugeNumber: return "a number out of range"
        case .string, .key, .replacedKey: return jsonString(string(i) ?? "")
        case .array: return "an array"
        case .object: return "an object"
        }
    }

    /// Whether JavaScript counts the value at `i` false in a test without being `false`: null, 0, "".
    func isFalsyOtherThanFalse(_ i: Int) -> Bool {
        switch nodes[i].kind {
        case .null: return true
        case .number: return Double(bitPattern: nodes[i].payload) == 0
        case .string: return string(i)?.isEmpty ?? false
        default: return false
        }
    }
}
