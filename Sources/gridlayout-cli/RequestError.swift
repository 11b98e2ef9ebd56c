import GridLayout

/// A key of a JSON path: an object's member or an array's index.
struct PathKey: CodingKey {
    var stringValue: String
    var intValue: Int?

    init(_ string: String) { stringValue = string; intValue = nil }
    init(index: Int) { stringValue = String(index); intValue = index }
    init?(stringValue: String) { self.init(stringValue) }
    init?(intValue: Int) { self.init(index: intValue) }
}

/// A request the command refuses: what was wrong, at which JSON path. Printed as one line,
/// `PATH: MESSAGE`; the command then exits with status 2 and writes nothing on stdout.
struct RequestError: Error {
    var path: [any CodingKey]
    var message: String

    init(_ path: [any CodingKey], _ message: String) {
        self.path = path
        self.message = message
    }

    /// `VALUE is invalid (expected EXPECTED)`, the form of every bad value, then `hint` (a "did
    /// you mean").
    static func invalid(_ path: [any CodingKey], _ value: String, expected: String, hint: String = "") -> RequestError {
        RequestError(path, "\(value) is invalid (expected \(expected))" + hint)
    }

    var line: String { line(root: "request") }

    /// The line with `root` naming the whole document when the path is empty.
    func line(root: String) -> String { "\(path.isEmpty ? root : describePath(path)): \(message)" }
}

/// " (did you mean "NAME"?)" for the known name nearest a misspelt key or choice (the engine's
/// rule, in JSON's quotes), or "".
func didYouMean(_ name: String, among known: [String]) -> String {
    Suggestion.nearest(name, among: known).map { " (did you mean \(jsonString($0))?)" } ?? ""
}

/// The path as JavaScript would reach it: `sections[2].items[17][1]`, `options.lanes`; the whole
/// document is `request`.
func describePath(_ path: [any CodingKey]) -> String {
    var text = ""
    for key in path {
        if let index = key.intValue {
            text += "[\(index)]"
        } else if isIdentifier(key.stringValue) {
            text += (text.isEmpty ? "" : ".") + key.stringValue
        } else {
            text += "[" + jsonString(key.stringValue) + "]"
        }
    }
    return text.isEmpty ? "request" : text
}

private func isIdentifier(_ s: String) -> Bool {
    guard let first = s.unicodeScalars.first, first == "_" || first.properties.isAlphabetic && first.isASCII else { return false }
    return s.unicodeScalars.allSatisfy { $0.isASCII && ($0 == "_" || $0.properties.isAlphabetic || ("0"..."9").contains($0)) }
}

/// `s` as a JSON string literal.
func jsonString(_ s: String) -> String {
    var out = "\""
    for scalar in s.unicodeScalars {
        switch scalar {
        case "\"": out += "\\\""
        case "\\": out += "\\\\"
        case "\n": out += "\\n"
        case "\r": out += "\\r"
        case "\t": out += "\\t"
        default:
            if scalar.value < 0x20 {
                let hex = String(scalar.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
    }
    return out + "\""
}

/// A number as the response and the messages write it: integers without ".0", others in the
/// shortest form that reads back as the same Double.
func jsonNumber(_ value: Double) -> String {
    if value == value.rounded(.towardZero), abs(value) < 1e15 { return String(Int64(value)) }
    return value.description
}
