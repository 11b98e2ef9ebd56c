import GridLayout

/// One section of a request: its items (sizes one by one, or a count of one size), its header,
/// footer and lanes, its items' spans and its overrides of the grid's options.
struct SectionRequest {
    enum Items {
        case sizes([Size])
        case same(count: Int, size: Size)

        var count: Int {
            switch self {
            case .sizes(let sizes): return sizes.count
            case .same(let count, _): return count
            }
        }
    }

    var items: Items
    var header: Size?
    var lanes: Int?
    var footer: Size?
    /// One per item (nil for 1), or nil when the section gives none.
    var spans: [ItemSpan?]?
    var options: SectionOptions?
    /// Where a section that scrolls sideways starts (`scrollSection`), or nil.
    var offset: Double?
    /// The JSON path of the section's item list (`sections[2]` or `sections[2].items`): engine
    /// errors about an item name `itemsPath[item]`.
    var itemsPath: [any CodingKey]
}

/// A layout request (docs/json.md; schemas/layout-request.schema.json).
struct Request {
    var configuration = GridConfiguration()
    var sections: [SectionRequest] = []
    var showLoader = false
    var offsets: [Point] = []
    /// Whether the response lists every element's frame (false: content size and offsets only).
    var frames = true

    static let keys = ["options", "sections", "showLoader", "offsets", "frames"]
}

private let lengthExpected = "a finite number >= 0"

/// Refuses any key of `object` not in `known`, the first in sorted order.
private func refuseUnknownKeys(_ object: JSONObject, known: [String], what: String = "key") throws(RequestError) {
    for key in object.keys.sorted() where !known.contains(key) {
        throw RequestError(object.path + [PathKey(key)], "unknown \(what) (expected one of \(known.joined(separator: ", ")))"
                           + didYouMean(key, among: known))
    }
}

private func decodeBool(_ c: JSONObject, _ key: String) throws(RequestError) -> Bool {
    let value = c.value(key)!
    guard let b = c.document.bool(value) else {
        throw RequestError.invalid(c.path(key), c.document.describe(value), expected: "true or false")
    }
    return b
}

private func decodeNumber(_ c: JSONObject, _ key: String) throws(RequestError) -> Double {
    let value = c.value(key)!
    guard let n = c.document.number(value) else {
        throw RequestError.invalid(c.path(key), c.document.describe(value), expected: "a number")
    }
    return n
}

private func decodeString(_ c: JSONObject, _ key: String, expected: String) throws(RequestError) -> String {
    let value = c.value(key)!
    guard c.document.kind(value) == .string, let s = c.document.string(value) else {
        throw RequestError.invalid(c.path(key), c.document.describe(value), expected: expected)
    }
    return s
}

/// A whole number in `range`, or an error naming the path.
private func decodeInteger(_ c: JSONObject, _ key: String, _ range: ClosedRange<Int>) throws(RequestError) -> Int {
    let n = try decodeNumber(c, key)
    guard n == n.rounded(), n >= Double(range.lowerBound), n <= Double(range.upperBound) else {
        throw RequestError.invalid(c.path(key), jsonNumber(n), expected: "an integer in \(range.lowerBound)...\(range.upperBound)")
    }
    return Int(n)
}

/// `[a, b]` at `node`: two numbers, each finite and, for `lengths`, >= 0.
private func decodePair(_ d: JSONDocument, _ node: Int, _ path: [any CodingKey], names: String, lengths: Bool) throws(RequestError) -> (Double, Double) {
    guard d.kind(node) == .array else { throw RequestError.invalid(path, d.describe(node), expected: names) }
    let elements = d.elements(node)
    guard elements.count == 2 else {
        let count = elements.count
        throw RequestError.invalid(path, "an array of \(count) element\(count == 1 ? "" : "s")", expected: names)
    }
    var pair = (0.0, 0.0)
    for (index, element) in elements.enumerated() {
        guard let n = d.number(element) else {
            throw RequestError.invalid(path + [PathKey(index: index)], d.describe(element), expected: "a number")
        }
        guard lengths ? (n >= 0 && n.isFinite) : n.isFinite else {
            throw RequestError.invalid(path + [PathKey(index: index)], jsonNumber(n), expected: lengths ? lengthExpected : "a finite number")
        }
        if index == 0 { pair.0 = n } else { pair.1 = n }
    }
    return pair
}

/// `[w, h]`: a size whose sides are finite and >= 0.
func decodeSize(_ d: JSONDocument, _ node: Int, _ path: [any CodingKey]) throws(RequestError) -> Size {
    let (w, h) = try decodePair(d, node, path, names: "[w, h]", lengths: true)
    return Size(width: w, height: h)
}

private func decodeSize(_ c: JSONObject, _ key: String) throws(RequestError) -> Size {
    try decodeSize(c.document, c.value(key)!, c.path(key))
}

/// `[x, y]`: a point whose coordinates are finite.
private func decodePoint(_ d: JSONDocument, _ node: Int, _ path: [any CodingKey]) throws(RequestError) -> Point {
    let (x, y) = try decodePair(d, node, path, names: "[x, y]", lengths: false)
    return Point(x: x, y: y)
}

/// An array of `[w, h]`. The usual item, two numbers >= 0, is read in place; anything else goes
/// to `decodeSize`, which names what is wrong.
private func decodeSizes(_ d: JSONDocument, _ node: Int, _ path: [any CodingKey]) throws(RequestError) -> [Size] {
    guard d.kind(node) == .array else { throw RequestError.invalid(path, d.describe(node), expected: "an array of [w, h]") }
    var read = 0
    let sizes = try d.readElements(node, path, fast: { nodes, k in
        read += 1
        if read & 0xFFF == 0 { Progress.shared.countRead(0x1000) }
        guard nodes[k].kind == .array, nodes[k].payload == UInt64(k + 3), nodes[k + 1].kind == .number,
              nodes[k + 2].kind == .number else { return nil }
        // Not NaN, so >= 0 is the whole check: JSON's numbers are finite.
        let w = Double(bitPattern: nodes[k + 1].payload), h = Double(bitPattern: nodes[k + 2].payload)
        return w >= 0 && h >= 0 ? (Size(width: w, height: h), 3) : nil
    }, slow: decodeSize)
    Progress.shared.countRead(read & 0xFFF)
    return sizes
}

extension SectionRequest {
    static let keys = ["items", "count", "size", "header", "footer", "lanes", "spans", "options", "offset"]

    init(_ d: JSONDocument, _ node: Int, _ path: [any CodingKey]) throws(RequestError) {
        if d.kind(node) == .array {
            self.init(items: .sizes(try decodeSizes(d, node, path)), header: nil, lanes: nil, itemsPath: path)
            return
        }
        guard let c = JSONObject(d, node, path) else {
            throw RequestError.invalid(path, d.describe(node), expected: "an array of [w, h] or an object with \"items\" or \"count\"")
        }
        try refuseUnknownKeys(c, known: Self.keys)
        let items: Items
        if let list = c.value("items") {
            for key in ["count", "size"] where c.contains(key) {
                throw RequestError(c.path(key), "not allowed with \"items\"")
            }
            items = .sizes(try decodeSizes(d, list, c.path("items")))
        } else if c.contains("count") {
            let count = try decodeInteger(c, "count", 0...GridLimits.maxItemsPerSection)
            guard c.contains("size") else { throw RequestError(c.path("size"), "missing (required with \"count\")") }
            items = .same(count: count, size: try decodeSize(c, "size"))
        } else if c.contains("size") {
            throw RequestError(c.path("count"), "missing (required with \"size\")")
        } else {
            throw RequestError(path, "missing \"items\" or \"count\"")
        }
        self.init(items: items,
                  header: c.contains("header") ? try decodeSize(c, "header") : nil,
                  lanes: c.contains("lanes") ? try decodeInteger(c, "lanes", 1...GridLimits.maxLanes) : nil,
                  itemsPath: c.contains("items") ? c.path("items") : path)
        if c.contains("footer") { footer = try decodeSize(c, "footer") }
        if let list = c.value("spans") {
            let spans = try decodeSpans(d, list, c.path("spans"))
            guard spans.count == items.count else {
                throw RequestError(c.path("spans"), "\(spans.count) span\(spans.count == 1 ? "" : "s") for \(items.count) item\(items.count == 1 ? "" : "s") (expected one per item)")
            }
            self.spans = spans
        }
        if let given = c.value("options") { options = try decodeSectionOptions(d, given, c.path("options")) }
        if c.contains("offset") { offset = try decodeNumber(c, "offset") }
    }
}

/// `spans`: per item null (1), an integer >= 1 (that many lanes or columns) or true (all of them).
private func decodeSpans(_ d: JSONDocument, _ node: Int, _ path: [any CodingKey]) throws(RequestError) -> [ItemSpan?] {
    let expected = "an integer >= 1, true or null"
    guard d.kind(node) == .array else {
        throw RequestError.invalid(path, d.describe(node), expected: "an array of spans (\(expected))")
    }
    var spans: [ItemSpan?] = []
    spans.reserveCapacity(Int(d.nodes[node].count))
    for (index, element) in d.elements(node).enumerated() {
        let at = path + [PathKey(index: index)]
        if d.kind(element) == .null { spans.append(nil); continue }
        if let flag = d.bool(element) {
            guard flag else { throw RequestError.invalid(at, "false", expected: expected) }
            spans.append(.all)
            continue
        }
        guard let n = d.number(element) else { throw RequestError.invalid(at, d.describe(element), expected: expected) }
        guard n == n.rounded(), n >= 1, n <= Double(GridLimits.maxItemsPerSection) else {
            throw RequestError.invalid(at, jsonNumber(n), expected: expected)
        }
        spans.append(n == 1 ? nil : .lanes(Int(n)))
    }
    return spans
}

/// A section's `options`: the engine's `SectionOptions.keys` by their engine names, each checked
/// as the grid's options are, in the keys' order (so `spacing`, then `lineSpacing` and
/// `itemSpacing`, whatever the request's order).
private func decodeSectionOptions(_ d: JSONDocument, _ node: Int, _ path: [any CodingKey]) throws(RequestError) -> SectionOptions {
    guard let c = JSONObject(d, node, path) else {
        throw RequestError.invalid(path, d.describe(node), expected: "an object of section options")
    }
    try refuseUnknownKeys(c, known: SectionOptions.keys, what: "section option")
    var options = SectionOptions()
    for name in SectionOptions.keys {
        guard c.contains(name), let option = GridConfiguration.option(named: name) else { continue }
        let value = try optionValue(option, c, name)
        do {
            options.entries.append(SectionOptions.Entry(name, try option.checked(value)))
        } catch {
            if case let .invalidOption(_, _, expected) = error {
                throw RequestError.invalid(c.path(name), optionText(value), expected: expected)
            }
            throw RequestError(c.path(name), error.message(in: .swift))
        }
    }
    return options
}

/// An array of `what`, each read by `element`.
private func decodeList<T>(_ d: JSONDocument, _ node: Int, _ path: [any CodingKey], expected: String,
                           _ element: (JSONDocument, Int, [any CodingKey]) throws(RequestError) -> T) throws(RequestError) -> [T] {
    guard d.kind(node) == .array else { throw RequestError.invalid(path, d.describe(node), expected: expected) }
    var out: [T] = []
    for (index, k) in d.elements(node).enumerated() { out.append(try element(d, k, path + [PathKey(index: index)])) }
    return out
}

/// The options object: every option of `GridConfiguration.options` by its engine name, each
/// validated by `GridConfiguration.set` (a new option is accepted here without a change).
private func decodeOptions(_ d: JSONDocument, _ node: Int, _ path: [any CodingKey]) throws(RequestError) -> GridConfiguration {
    guard let c = JSONObject(d, node, path) else {
        throw RequestError.invalid(path, d.describe(node), expected: "an object of options")
    }
    for key in c.keys.sorted() where GridConfiguration.option(named: key) == nil {
        throw RequestError(c.path(key), "unknown option" + didYouMean(key, among: GridConfiguration.options.map(\.name)))
    }
    var configuration = GridConfiguration()
    // The descriptor's order, so that a request means one thing whatever its key order.
    for option in GridConfiguration.options where c.contains(option.name) {
        let value = try optionValue(option, c, option.name)
        do {
            try configuration.set(option.name, to: value)
        } catch {
            if case let .invalidOption(_, _, expected) = error {
                throw RequestError.invalid(c.path(option.name), optionText(value), expected: expected)
            }
            throw RequestError(c.path(option.name), error.message(in: .swift))
        }
    }
    return configuration
}

/// The option's value at `key`, of the option's kind (its range is checked after).
private func optionValue(_ option: OptionDescriptor, _ c: JSONObject, _ key: String) throws(RequestError) -> OptionValue {
    switch option.kind {
    case .number, .integer:
        return .number(try decodeNumber(c, key))
    case .flag:
        return .bool(try decodeBool(c, key))
    case .choice(let cases):
        let expected = "one of " + cases.map(jsonString).joined(separator: ", ")
        let s = try decodeString(c, key, expected: expected)
        guard cases.contains(s) else {
            throw RequestError.invalid(c.path(key), jsonString(s), expected: expected, hint: didYouMean(s, among: cases))
        }
        return .string(s)
    case .insets:
        return .insets(try insets(c, key))
    case .size:
        return .size(try decodeSize(c, key))
    }
}

/// A number for all four sides, or `{top, left, bottom, right}` (a missing side is 0).
private func insets(_ c: JSONObject, _ key: String) throws(RequestError) -> Insets {
    let path = c.path(key), value = c.value(key)!
    if let n = c.document.number(value) {
        guard n >= 0, n.isFinite else { throw RequestError.invalid(path, jsonNumber(n), expected: lengthExpected) }
        return Insets(all: n)
    }
    guard let sides = JSONObject(c.document, value, path) else {
        throw RequestError.invalid(path, c.document.describe(value), expected: "a number or {\"top\", \"left\", \"bottom\", \"right\"}")
    }
    try refuseUnknownKeys(sides, known: ["top", "left", "bottom", "right"])
    var values: [Double] = []
    for name in ["top", "left", "bottom", "right"] {
        guard sides.contains(name) else { values.append(0); continue }
        let n = try decodeNumber(sides, name)
        guard n >= 0, n.isFinite else { throw RequestError.invalid(sides.path(name), jsonNumber(n), expected: lengthExpected) }
        values.append(n)
    }
    return Insets(top: values[0], left: values[1], bottom: values[2], right: values[3])
}

/// An option's value as the request wrote it.
private func optionText(_ value: OptionValue) -> String {
    switch value {
    case .number(let n): return jsonNumber(n)
    case .string(let s): return jsonString(s)
    case .bool(let b): return b ? "true" : "false"
    case .size(let s): return "[\(jsonNumber(s.width)), \(jsonNumber(s.height))]"
    case .insets(let i):
        return "{\"top\": \(jsonNumber(i.top)), \"left\": \(jsonNumber(i.left)), \"bottom\": \(jsonNumber(i.bottom)), \"right\": \(jsonNumber(i.right))}"
    }
}

extension Request {
    /// The request in document `d`, or the first thing wrong with it.
    init(_ d: JSONDocument) throws(RequestError) {
        guard let c = JSONObject(d, d.root, []) else {
            throw RequestError.invalid([], d.describe(d.root), expected: "an object")
        }
        try refuseUnknownKeys(c, known: Self.keys)
        if let given = c.value("options") { configuration = try decodeOptions(d, given, c.path("options")) }
        guard let list = c.value("sections") else { throw RequestError(c.path("sections"), "missing (a request needs \"sections\")") }
        sections = try decodeList(d, list, c.path("sections"), expected: "an array of sections") { (d, k, path) throws(RequestError) in
            try SectionRequest(d, k, path)
        }
        if c.contains("showLoader") { showLoader = try decodeBool(c, "showLoader") }
        if let list = c.value("offsets") {
            offsets = try decodeList(d, list, c.path("offsets"), expected: "an array of [x, y]", decodePoint)
        }
        if c.contains("frames") { frames = try decodeBool(c, "frames") }
        if frames {
            // Counted until past the limit: the sum of every count could pass Int.max.
            var total = 0
            for section in sections {
                total += section.items.count
                if total > GridLimits.maxStoredItems {
                    throw RequestError(c.path("frames"), "listing more than \(GridLimits.maxStoredItems) items is refused (set \"frames\": false)")
                }
            }
        }
    }
}
