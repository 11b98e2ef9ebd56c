/// Any JSON value, decoded only to describe what a request held where something else was
/// expected (`"x" is invalid (expected a number)`).
enum JSONValue: Decodable {
    case null, bool(Bool), number(Double), string(String), array, object
    /// A number no Double holds (1e400): the one JSON value none of the others decodes.
    case hugeNumber

    init(from decoder: any Decoder) throws {
        if let c = try? decoder.singleValueContainer() {
            if c.decodeNil() { self = .null; return }
            if let b = try? c.decode(Bool.self) { self = .bool(b); return }
            if let n = try? c.decode(Double.self) { self = .number(n); return }
            if let s = try? c.decode(String.self) { self = .string(s); return }
        }
        if (try? decoder.unkeyedContainer()) != nil { self = .array; return }
        if (try? decoder.container(keyedBy: PathKey.self)) != nil { self = .object; return }
        self = .hugeNumber
    }

    var text: String {
        switch self {
        case .null: return "null"
        case .bool(let b): return b ? "true" : "false"
        case .number(let n): return jsonNumber(n)
        case .string(let s): return jsonString(s)
        case .array: return "an array"
        case .object: return "an object"
        case .hugeNumber: return "a number out of range"
        }
    }

    /// Whether JavaScript counts the value false in a test without being `false`: null, 0, "".
    var isFalsyOtherThanFalse: Bool {
        switch self {
        case .null: return true
        case .number(let n): return n == 0
        case .string(let s): return s.isEmpty
        case .bool, .array, .object, .hugeNumber: return false
        }
    }

    /// What the value at `decoder` is, in a message's words.
    static func describe(_ decoder: any Decoder) -> String {
        (try? JSONValue(from: decoder))?.text ?? "a value"
    }
}

extension UnkeyedDecodingContainer {
    /// The element at the current index, for a message (advances past it).
    mutating func describeCurrent() -> String {
        (try? decode(JSONValue.self))?.text ?? "a value"
    }
}
