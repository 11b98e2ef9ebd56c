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

/// Refuses any key of `container` not in `known`, the first in sorted order.
private func refuseUnknownKeys(_ container: KeyedDecodingContainer<PathKey>, known: [String], what: String = "key") throws {
    for key in container.allKeys.sorted(by: { $0.stringValue < $1.stringValue }) where !known.contains(key.stringValue) {
        throw RequestError(container.codingPath + [key], "unknown \(what) (expected one of \(known.joined(separator: ", ")))"
                           + didYouMean(key.stringValue, among: known))
    }
}

/// The value at `key`, described for a message.
func describe(_ container: KeyedDecodingContainer<PathKey>, _ key: PathKey) -> String {
    (try? container.decode(JSONValue.self, forKey: key))?.text ?? "a value"
}

private func decodeBool(_ c: KeyedDecodingContainer<PathKey>, _ key: PathKey) throws -> Bool {
    do { return try c.decode(Bool.self, forKey: key) } catch {
        throw RequestError.invalid(c.codingPath + [key], describe(c, key), expected: "true or false")
    }
}

private func decodeNumber(_ c: KeyedDecodingContainer<PathKey>, _ key: PathKey) throws -> Double {
    do { return try c.decode(Double.self, forKey: key) } catch {
        throw RequestError.invalid(c.codingPath + [key], describe(c, key), expected: "a number")
    }
}

private func decodeString(_ c: KeyedDecodingContainer<PathKey>, _ key: PathKey, expected: String) throws -> String {
    do { return try c.decode(String.self, forKey: key) } catch {
        throw RequestError.invalid(c.codingPath + [key], describe(c, key), expected: expected)
    }
}

/// A whole number in `range`, or an error naming the path.
private func decodeInteger(_ c: KeyedDecodingContainer<PathKey>, _ key: PathKey, _ range: ClosedRange<Int>) throws -> Int {
    let n = try decodeNumber(c, key)
    guard n == n.rounded(), n >= Double(range.lowerBound), n <= Double(range.upperBound) else {
        throw RequestError.invalid(c.codingPath + [key], jsonNumber(n), expected: "an integer in \(range.lowerBound)...\(range.upperBound)")
    }
    return Int(n)
}

/// Decodes `[a, b]`: two numbers, each finite and, for `lengths`, >= 0.
private func decodePair(_ decoder: any Decoder, names: String, lengths: Bool) throws -> (Double, Double) {
    let path = decoder.codingPath
    guard var c = try? decoder.unkeyedContainer() else {
        throw RequestError.invalid(path, JSONValue.describe(decoder), expected: names)
    }
    guard c.count == 2 else {
        let count = c.count ?? 0
        throw RequestError.invalid(path, "an array of \(count) element\(count == 1 ? "" : "s")", expected: names)
    }
    var pair = (0.0, 0.0)
    for index in 0..<2 {
        let n: Double
        do { n = try c.decode(Double.self) } catch {
            throw RequestError.invalid(path + [PathKey(index: index)], c.describeCurrent(), expected: "a number")
        }
        guard lengths ? (n >= 0 && n.isFinite) : n.isFinite else {
            throw RequestError.invalid(path + [PathKey(index: index)], jsonNumber(n), expected: lengths ? lengthExpected : "a finite number")
        }
        if index == 0 { pair.0 = n } else { pair.1 = n }
    }
    return pair
}

/// `[w, h]`: a size whose sides are finite and >= 0.
struct SizeJSON: Decodable {
    var size: Size
    init(from decoder: any Decoder) throws {
        let (w, h) = try decodePair(decoder, names: "[w, h]", lengths: true)
        size = Size(width: w, height: h)
    }
}

/// `[x, y]`: a point whose coordinates are finite.
struct PointJSON: Decodable {
    var point: Point
    init(from decoder: any Decoder) throws {
        let (x, y) = try decodePair(decoder, names: "[x, y]", lengths: false)
        point = Point(x: x, y: y)
    }
}

/// An array of `[w, h]`.
private func decodeSizes(_ decoder: any Decoder) throws -> [Size] {
    guard var c = try? decoder.unkeyedContainer() else {
        throw RequestError.invalid(decoder.codingPath, JSONValue.describe(decoder), expected: "an array of [w, h]")
    }
    var sizes: [Size] = []
    sizes.reserveCapacity(c.count ?? 0)
    while !c.isAtEnd {
        sizes.append(try c.decode(SizeJSON.self).size)
        Progress.shared.countRead(1)
    }
    return sizes
}

private struct SizesJSON: Decodable {
    var sizes: [Size]
    init(from decoder: any Decoder) throws { sizes = try decodeSizes(decoder) }
}

extension SectionRequest: Decodable {
    static let keys = ["items", "count", "size", "header", "footer", "lanes", "spans", "options", "offset"]

    init(from decoder: any Decoder) throws {
        let path = decoder.codingPath
        if (try? decoder.unkeyedContainer()) != nil {
            self.init(items: .sizes(try decodeSizes(decoder)), header: nil, lanes: nil, itemsPath: path)
            return
        }
        guard let c = try? decoder.container(keyedBy: PathKey.self) else {
            throw RequestError.invalid(path, JSONValue.describe(decoder),
                                       expected: "an array of [w, h] or an object with \"items\" or \"count\"")
        }
        try refuseUnknownKeys(c, known: Self.keys)
        let itemsKey = PathKey("items"), countKey = PathKey("count"), sizeKey = PathKey("size")
        let items: Items
        if c.contains(itemsKey) {
            for key in [countKey, sizeKey] where c.contains(key) {
                throw RequestError(path + [key], "not allowed with \"items\"")
            }
            items = .sizes(try c.decode(SizesJSON.self, forKey: itemsKey).sizes)
        } else if c.contains(countKey) {
            let count = try decodeInteger(c, countKey, 0...GridLimits.maxItemsPerSection)
            guard c.contains(sizeKey) else { throw RequestError(path + [sizeKey], "missing (required with \"count\")") }
            items = .same(count: count, size: try c.decode(SizeJSON.self, forKey: sizeKey).size)
        } else if c.contains(sizeKey) {
            throw RequestError(path + [countKey], "missing (required with \"size\")")
        } else {
            throw RequestError(path, "missing \"items\" or \"count\"")
        }
        let headerKey = PathKey("header"), lanesKey = PathKey("lanes"), footerKey = PathKey("footer")
        let spansKey = PathKey("spans"), optionsKey = PathKey("options")
        self.init(items: items,
                  header: c.contains(headerKey) ? try c.decode(SizeJSON.self, forKey: headerKey).size : nil,
                  lanes: c.contains(lanesKey) ? try decodeInteger(c, lanesKey, 1...GridLimits.maxLanes) : nil,
                  itemsPath: c.contains(itemsKey) ? path + [itemsKey] : path)
        if c.contains(footerKey) { footer = try c.decode(SizeJSON.self, forKey: footerKey).size }
        if c.contains(spansKey) {
            let spans = try c.decode(SpansJSON.self, forKey: spansKey).spans
            guard spans.count == items.count else {
                throw RequestError(path + [spansKey], "\(spans.count) span\(spans.count == 1 ? "" : "s") for \(items.count) item\(items.count == 1 ? "" : "s") (expected one per item)")
            }
            self.spans = spans
        }
        if c.contains(optionsKey) { options = try c.decode(SectionOptionsJSON.self, forKey: optionsKey).options }
        let offsetKey = PathKey("offset")
        if c.contains(offsetKey) { offset = try decodeNumber(c, offsetKey) }
    }
}

/// `spans`: per item null (1), an integer >= 1 (that many lanes or columns) or true (all of them).
private struct SpansJSON: Decodable {
    static let expected = "an integer >= 1, true or null"
    var spans: [ItemSpan?] = []

    init(from decoder: any Decoder) throws {
        guard var c = try? decoder.unkeyedContainer() else {
            throw RequestError.invalid(decoder.codingPath, JSONValue.describe(decoder), expected: "an array of spans (\(Self.expected))")
        }
        spans.reserveCapacity(c.count ?? 0)
        while !c.isAtEnd {
            let path = decoder.codingPath + [PathKey(index: c.currentIndex)]
            if try c.decodeNil() { spans.append(nil); continue }
            if let flag = try? c.decode(Bool.self) {
                guard flag else { throw RequestError.invalid(path, "false", expected: Self.expected) }
                spans.append(.all)
                continue
            }
            guard let n = try? c.decode(Double.self) else { throw RequestError.invalid(path, c.describeCurrent(), expected: Self.expected) }
            guard n == n.rounded(), n >= 1, n <= Double(GridLimits.maxItemsPerSection) else {
                throw RequestError.invalid(path, jsonNumber(n), expected: Self.expected)
            }
            spans.append(n == 1 ? nil : .lanes(Int(n)))
        }
    }
}

/// A section's `options`: the engine's `SectionOptions.keys` by their engine names, each checked
/// as the grid's options are, in the keys' order (so `spacing`, then `lineSpacing` and
/// `itemSpacing`, whatever the request's order).
private struct SectionOptionsJSON: Decodable {
    var options = SectionOptions()

    init(from decoder: any Decoder) throws {
        guard let c = try? decoder.container(keyedBy: PathKey.self) else {
            throw RequestError.invalid(decoder.codingPath, JSONValue.describe(decoder), expected: "an object of section options")
        }
        try refuseUnknownKeys(c, known: SectionOptions.keys, what: "section option")
        for name in SectionOptions.keys {
            let key = PathKey(name)
            guard c.contains(key), let option = GridConfiguration.option(named: name) else { continue }
            let value = try OptionsJSON.value(of: option, c, key)
            do {
                options.entries.append(SectionOptions.Entry(name, try option.checked(value)))
            } catch {
                if case let .invalidOption(_, _, expected) = error {
                    throw RequestError.invalid(c.codingPath + [key], OptionsJSON.text(value), expected: expected)
                }
                throw RequestError(c.codingPath + [key], error.message(in: .swift))
            }
        }
    }
}

private struct SectionsJSON: Decodable {
    var sections: [SectionRequest]
    init(from decoder: any Decoder) throws {
        guard var c = try? decoder.unkeyedContainer() else {
            throw RequestError.invalid(decoder.codingPath, JSONValue.describe(decoder), expected: "an array of sections")
        }
        sections = []
        while !c.isAtEnd { sections.append(try c.decode(SectionRequest.self)) }
    }
}

private struct OffsetsJSON: Decodable {
    var offsets: [Point]
    init(from decoder: any Decoder) throws {
        guard var c = try? decoder.unkeyedContainer() else {
            throw RequestError.invalid(decoder.codingPath, JSONValue.describe(decoder), expected: "an array of [x, y]")
        }
        offsets = []
        while !c.isAtEnd { offsets.append(try c.decode(PointJSON.self).point) }
    }
}

/// The options object: every option of `GridConfiguration.options` by its engine name, each
/// validated by `GridConfiguration.set` (a new option is accepted here without a change).
private struct OptionsJSON: Decodable {
    var configuration = GridConfiguration()

    init(from decoder: any Decoder) throws {
        guard let c = try? decoder.container(keyedBy: PathKey.self) else {
            throw RequestError.invalid(decoder.codingPath, JSONValue.describe(decoder), expected: "an object of options")
        }
        for key in c.allKeys.sorted(by: { $0.stringValue < $1.stringValue }) where GridConfiguration.option(named: key.stringValue) == nil {
            throw RequestError(c.codingPath + [key], "unknown option" + didYouMean(key.stringValue, among: GridConfiguration.options.map(\.name)))
        }
        // The descriptor's order, so that a request means one thing whatever its key order.
        for option in GridConfiguration.options {
            let key = PathKey(option.name)
            guard c.contains(key) else { continue }
            let path = c.codingPath + [key]
            let value = try Self.value(of: option, c, key)
            do {
                try configuration.set(option.name, to: value)
            } catch {
                if case let .invalidOption(_, _, expected) = error {
                    throw RequestError.invalid(path, Self.text(value), expected: expected)
                }
                throw RequestError(path, error.message(in: .swift))
            }
        }
    }

    /// The option's value at `key`, of the option's kind (its range is checked after).
    static func value(of option: OptionDescriptor, _ c: KeyedDecodingContainer<PathKey>, _ key: PathKey) throws -> OptionValue {
        switch option.kind {
        case .number, .integer:
            return .number(try decodeNumber(c, key))
        case .flag:
            return .bool(try decodeBool(c, key))
        case .choice(let cases):
            let expected = "one of " + cases.map(jsonString).joined(separator: ", ")
            let s = try decodeString(c, key, expected: expected)
            guard cases.contains(s) else {
                throw RequestError.invalid(c.codingPath + [key], jsonString(s), expected: expected, hint: hint(option, .string(s)))
            }
            return .string(s)
        case .insets:
            return .insets(try Self.insets(c, key))
        case .size:
            return .size(try c.decode(SizeJSON.self, forKey: key).size)
        }
    }

    /// A number for all four sides, or `{top, left, bottom, right}` (a missing side is 0).
    private static func insets(_ c: KeyedDecodingContainer<PathKey>, _ key: PathKey) throws -> Insets {
        let path = c.codingPath + [key]
        if let n = try? c.decode(Double.self, forKey: key) {
            guard n >= 0, n.isFinite else { throw RequestError.invalid(path, jsonNumber(n), expected: lengthExpected) }
            return Insets(all: n)
        }
        guard let sides = try? c.nestedContainer(keyedBy: PathKey.self, forKey: key) else {
            throw RequestError.invalid(path, describe(c, key), expected: "a number or {\"top\", \"left\", \"bottom\", \"right\"}")
        }
        try refuseUnknownKeys(sides, known: ["top", "left", "bottom", "right"])
        var values: [Double] = []
        for name in ["top", "left", "bottom", "right"] {
            let side = PathKey(name)
            guard sides.contains(side) else { values.append(0); continue }
            let n = try decodeNumber(sides, side)
            guard n >= 0, n.isFinite else { throw RequestError.invalid(path + [side], jsonNumber(n), expected: lengthExpected) }
            values.append(n)
        }
        return Insets(top: values[0], left: values[1], bottom: values[2], right: values[3])
    }

    /// " (did you mean "NAME"?)" for a misspelt choice (`"justify": "centre"`), or "".
    static func hint(_ option: OptionDescriptor, _ value: OptionValue) -> String {
        guard case .choice(let cases) = option.kind, case .string(let given) = value else { return "" }
        return didYouMean(given, among: cases)
    }

    /// An option's value as the request wrote it.
    static func text(_ value: OptionValue) -> String {
        switch value {
        case .number(let n): return jsonNumber(n)
        case .string(let s): return jsonString(s)
        case .bool(let b): return b ? "true" : "false"
        case .size(let s): return "[\(jsonNumber(s.width)), \(jsonNumber(s.height))]"
        case .insets(let i):
            return "{\"top\": \(jsonNumber(i.top)), \"left\": \(jsonNumber(i.left)), \"bottom\": \(jsonNumber(i.bottom)), \"right\": \(jsonNumber(i.right))}"
        }
    }
}

extension Request: Decodable {
    init(from decoder: any Decoder) throws {
        guard let c = try? decoder.container(keyedBy: PathKey.self) else {
            throw RequestError.invalid([], JSONValue.describe(decoder), expected: "an object")
        }
        try refuseUnknownKeys(c, known: Self.keys)
        let options = PathKey("options"), sections = PathKey("sections"), showLoader = PathKey("showLoader")
        let offsets = PathKey("offsets"), frames = PathKey("frames")
        if c.contains(options) { configuration = try c.decode(OptionsJSON.self, forKey: options).configuration }
        guard c.contains(sections) else { throw RequestError([sections], "missing (a request needs \"sections\")") }
        self.sections = try c.decode(SectionsJSON.self, forKey: sections).sections
        if c.contains(showLoader) { self.showLoader = try decodeBool(c, showLoader) }
        if c.contains(offsets) { self.offsets = try c.decode(OffsetsJSON.self, forKey: offsets).offsets }
        if c.contains(frames) { self.frames = try decodeBool(c, frames) }
        if self.frames {
            // Counted until past the limit: the sum of every count could pass Int.max.
            var total = 0
            for section in self.sections {
                total += section.items.count
                if total > GridLimits.maxStoredItems {
                    throw RequestError([frames], "listing more than \(GridLimits.maxStoredItems) items is refused (set \"frames\": false)")
                }
            }
        }
    }
}
