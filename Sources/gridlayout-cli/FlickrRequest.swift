import GridLayout

// `gridlayout justified --flickr`: the input and options of flickr/justified-layout 4.1.0
// (docs/json.md, "justified --flickr"), read and checked. Every option has the library's default;
// a value the library would turn into NaN or nonsense is refused here with its JSON path instead.
// What the library accepts and lays out in a way of its own (an unknown option or widow style) is
// laid out the same way with a warning, or refused under --strict (FlickrLeniency).

/// The options of flickr/justified-layout, with its defaults.
struct FlickrOptions {
    var containerWidth = 1060.0
    var paddingTop = 10.0, paddingRight = 10.0, paddingBottom = 10.0, paddingLeft = 10.0
    var spacingHorizontal = 10.0, spacingVertical = 10.0
    var targetRowHeight = 320.0
    var tolerance = 0.25
    /// nil: no limit (the library's Infinity).
    var maxNumRows: Int?
    /// nil: the library's `false`.
    var forceAspectRatio: Double?
    var showWidows = true
    var widowLayoutStyle = WidowStyle.left
    /// nil: the library's `false` (no breakout rows).
    var fullWidthBreakoutRowCadence: Int?
    /// Where the document gave the horizontal spacing (`options.boxSpacing` or
    /// `options.boxSpacing.horizontal`), for a message about it.
    var spacingPath: [any CodingKey] = [PathKey("options"), PathKey("boxSpacing")]

    static let names = ["containerWidth", "containerPadding", "boxSpacing", "targetRowHeight",
                        "targetRowHeightTolerance", "maxNumRows", "forceAspectRatio", "showWidows",
                        "widowLayoutStyle", "fullWidthBreakoutRowCadence"]

    /// The row's length for boxes: the library's `containerWidth - left - right`, in that order.
    var rowWidth: Double { containerWidth - paddingLeft - paddingRight }
}

/// A `justified --flickr` document: the items' aspect ratios (forced ones already applied) and
/// the options.
struct FlickrRequest {
    var ratios: [Double] = []
    var options = FlickrOptions()
}

private let positive = "a finite number > 0"
private let length = "a finite number >= 0"

/// A number at `key` that passes `valid`, or an error naming the path and `expected`.
private func number(_ c: KeyedDecodingContainer<PathKey>, _ key: PathKey, expected: String,
                    _ valid: (Double) -> Bool) throws -> Double {
    guard let n = try? c.decode(Double.self, forKey: key) else {
        throw RequestError.invalid(c.codingPath + [key], describe(c, key), expected: expected)
    }
    guard valid(n) else { throw RequestError.invalid(c.codingPath + [key], jsonNumber(n), expected: expected) }
    return n
}

private func isLength(_ n: Double) -> Bool { n >= 0 && n.isFinite }
private func isPositive(_ n: Double) -> Bool { n > 0 && n.isFinite }

/// `false` or what `value` reads; `false` is the library's "off" for the options that take it.
private func falseOr<T>(_ c: KeyedDecodingContainer<PathKey>, _ key: PathKey, expected: String,
                        _ value: () throws -> T) throws -> T? {
    if let b = try? c.decode(Bool.self, forKey: key) {
        guard !b else { throw RequestError.invalid(c.codingPath + [key], "true", expected: expected) }
        return nil
    }
    return try value()
}

/// A whole number >= `minimum` at `key`.
private func integer(_ c: KeyedDecodingContainer<PathKey>, _ key: PathKey, minimum: Int, expected: String) throws -> Int {
    let n = try number(c, key, expected: expected) { $0 == $0.rounded() && $0 >= Double(minimum) }
    // Past Int's range the count means "no limit" just as well.
    return n >= 9.0e18 ? Int.max : Int(n)
}

/// A number, or an object with every one of `sides` (each a number >= 0).
private func sides(_ c: KeyedDecodingContainer<PathKey>, _ key: PathKey, _ names: [String]) throws -> [Double] {
    let path = c.codingPath + [key]
    let expected = "a number >= 0 or {" + names.map(jsonString).joined(separator: ", ") + "}"
    if let n = try? c.decode(Double.self, forKey: key) {
        guard isLength(n) else { throw RequestError.invalid(path, jsonNumber(n), expected: length) }
        return Array(repeating: n, count: names.count)
    }
    guard let object = try? c.nestedContainer(keyedBy: PathKey.self, forKey: key) else {
        throw RequestError.invalid(path, describe(c, key), expected: expected)
    }
    for extra in object.allKeys.sorted(by: { $0.stringValue < $1.stringValue }) where !names.contains(extra.stringValue) {
        throw RequestError(path + [extra], "unknown key (expected one of \(names.joined(separator: ", ")))")
    }
    return try names.map { name in
        let side = PathKey(name)
        // The library would read a missing side as the whole object: NaN everywhere.
        guard object.contains(side) else { throw RequestError(path + [side], "missing (\(key.stringValue) as an object needs \(names.joined(separator: ", ")))") }
        return try number(object, side, expected: length, isLength)
    }
}

private struct FlickrOptionsJSON: Decodable {
    var options = FlickrOptions()

    init(from decoder: any Decoder) throws {
        guard let c = try? decoder.container(keyedBy: PathKey.self) else {
            throw RequestError.invalid(decoder.codingPath, JSONValue.describe(decoder), expected: "an object of options")
        }
        let leniency = FlickrLeniency.of(decoder)
        for key in c.allKeys.sorted(by: { $0.stringValue < $1.stringValue }) where !FlickrOptions.names.contains(key.stringValue) {
            let names = FlickrOptions.names
            try leniency.accept(RequestError(c.codingPath + [key], "unknown option (expected one of \(names.joined(separator: ", ")))"
                                             + didYouMean(key.stringValue, among: names)), as: "ignored")
        }
        func has(_ name: String) -> PathKey? { c.contains(PathKey(name)) ? PathKey(name) : nil }
        if let k = has("containerWidth") {
            // The engine's extent limit bounds the width (the grid's viewport is this wide).
            options.containerWidth = try number(c, k, expected: "a number > 0 and <= \(jsonNumber(GridLimits.maxExtent))") {
                $0 > 0 && $0 <= GridLimits.maxExtent
            }
        }
        if let k = has("containerPadding") {
            let s = try sides(c, k, ["top", "right", "bottom", "left"])
            (options.paddingTop, options.paddingRight, options.paddingBottom, options.paddingLeft) = (s[0], s[1], s[2], s[3])
        }
        if let k = has("boxSpacing") {
            let s = try sides(c, k, ["horizontal", "vertical"])
            (options.spacingHorizontal, options.spacingVertical) = (s[0], s[1])
            options.spacingPath = c.codingPath + [k]
            if (try? c.decode(Double.self, forKey: k)) == nil { options.spacingPath.append(PathKey("horizontal")) }
        }
        if let k = has("targetRowHeight") {
            options.targetRowHeight = try number(c, k, expected: positive, isPositive)
        }
        if let k = has("targetRowHeightTolerance") {
            options.tolerance = try number(c, k, expected: "a number in 0...1") { $0 >= 0 && $0 <= 1 }
        }
        if let k = has("maxNumRows") {
            let expected = "an integer >= 1"
            if !leniency.strict, let n = try? c.decode(Double.self, forKey: k), n.isFinite, n != n.rounded() || n < 1 {
                // The library stops once it has at least that many rows: at the next whole number,
                // and after the first row for anything below 1.
                let rows = max(1, n.rounded(.up))
                try leniency.accept(.invalid(c.codingPath + [k], jsonNumber(n), expected: expected), as: "read as \(jsonNumber(rows))")
                options.maxNumRows = Int(rows)
            } else {
                options.maxNumRows = try integer(c, k, minimum: 1, expected: expected)
            }
        }
        if let k = has("forceAspectRatio") {
            let expected = "false or a finite number > 0"
            if let value = try? c.decode(JSONValue.self, forKey: k), value.isFalsyOtherThanFalse {
                // The library forces ratios only when the option is truthy in JavaScript.
                try leniency.accept(.invalid(c.codingPath + [k], value.text, expected: expected), as: "read as false")
            } else {
                options.forceAspectRatio = try falseOr(c, k, expected: expected) { try number(c, k, expected: expected, isPositive) }
            }
        }
        if let k = has("showWidows") {
            if let b = try? c.decode(Bool.self, forKey: k) {
                options.showWidows = b
            } else {
                // The library tests the option's truth as JavaScript does.
                let value = try? c.decode(JSONValue.self, forKey: k)
                options.showWidows = !(value?.isFalsyOtherThanFalse ?? false)
                try leniency.accept(.invalid(c.codingPath + [k], describe(c, k), expected: "true or false"), as: "read as \(options.showWidows)")
            }
        }
        if let k = has("widowLayoutStyle") {
            let expected = "one of " + WidowStyle.allCases.map { jsonString($0.rawValue) }.joined(separator: ", ")
            if let s = try? c.decode(String.self, forKey: k), let style = WidowStyle(rawValue: s) {
                options.widowLayoutStyle = style
            } else {
                // The library lays out any other value as "left".
                let given = (try? c.decode(String.self, forKey: k)) ?? ""
                let hint = didYouMean(given, among: WidowStyle.allCases.map(\.rawValue))
                try leniency.accept(.invalid(c.codingPath + [k], describe(c, k), expected: expected, hint: hint), as: "laid out as \"left\"")
                options.widowLayoutStyle = .left
            }
        }
        if let k = has("fullWidthBreakoutRowCadence") {
            let expected = "false or an integer >= 1"
            if let value = try? c.decode(JSONValue.self, forKey: k), value.isFalsyOtherThanFalse {
                // Anything but `false` turns breakout rows on in the library, but a row count
                // modulo 0 (or null) is NaN, never 0: no row breaks out.
                try leniency.accept(.invalid(c.codingPath + [k], value.text, expected: expected), as: "no breakout rows")
            } else {
                options.fullWidthBreakoutRowCadence = try falseOr(c, k, expected: expected) {
                    try integer(c, k, minimum: 1, expected: expected)
                }
            }
        }
        if !(options.rowWidth > 0) {
            throw RequestError(c.codingPath + [PathKey("containerPadding")],
                               "left \(jsonNumber(options.paddingLeft)) and right \(jsonNumber(options.paddingRight)) leave no room in containerWidth \(jsonNumber(options.containerWidth))")
        }
    }
}

/// One item: an aspect ratio, or `{width, height}` (other keys ignored, as the library does).
private struct FlickrItemJSON: Decodable {
    var ratio: Double

    init(from decoder: any Decoder) throws {
        let path = decoder.codingPath
        if let single = try? decoder.singleValueContainer(), let n = try? single.decode(Double.self) {
            guard isPositive(n) else { throw RequestError.invalid(path, jsonNumber(n), expected: "an aspect ratio: \(positive)") }
            ratio = n
            return
        }
        guard let c = try? decoder.container(keyedBy: PathKey.self) else {
            throw RequestError.invalid(path, JSONValue.describe(decoder), expected: "an aspect ratio or {\"width\", \"height\"}")
        }
        var sides: [Double] = []
        for name in ["width", "height"] {
            let key = PathKey(name)
            guard c.contains(key) else { throw RequestError(path + [key], "missing (an item object needs width and height)") }
            sides.append(try number(c, key, expected: positive, isPositive))
        }
        ratio = try aspectRatio(sides[0], sides[1], path)
    }
}

/// `width / height`, or an error at `path` when it overflows to infinity or underflows to 0.
private func aspectRatio(_ width: Double, _ height: Double, _ path: [any CodingKey]) throws -> Double {
    let ratio = width / height
    guard isPositive(ratio) else {
        throw RequestError(path, "{\"width\": \(jsonNumber(width)), \"height\": \(jsonNumber(height))} gives the aspect ratio \(jsonNumber(ratio)) (expected width / height to be a finite number > 0)")
    }
    return ratio
}

/// `{width, height}` decoded the decoder's own way (no per-key questions); other keys ignored.
private struct SizeItemJSON: Decodable {
    var width: Double
    var height: Double
}

private struct FlickrItemsJSON: Decodable {
    var ratios: [Double] = []

    init(from decoder: any Decoder) throws {
        // The usual inputs, all numbers or all objects, decoded as one array each: several times
        // faster than asking item by item (BENCHMARKS.md). Anything else, or a value out of
        // range, falls to the item-by-item reading, which names what is wrong.
        if let single = try? decoder.singleValueContainer() {
            if let all = try? single.decode([Double].self), all.allSatisfy(isPositive) {
                ratios = all
                return
            }
            if let all = try? single.decode([SizeItemJSON].self),
               all.allSatisfy({ isPositive($0.width) && isPositive($0.height) && isPositive($0.width / $0.height) }) {
                ratios = all.map { $0.width / $0.height }
                return
            }
        }
        guard var c = try? decoder.unkeyedContainer() else {
            throw RequestError.invalid(decoder.codingPath, JSONValue.describe(decoder), expected: "an array of aspect ratios or {\"width\", \"height\"}")
        }
        ratios.reserveCapacity(c.count ?? 0)
        while !c.isAtEnd { ratios.append(try c.decode(FlickrItemJSON.self).ratio) }
    }
}

extension FlickrRequest: Decodable {
    /// `{"input": ITEMS, "options": OPTIONS}` (other keys ignored, so that a test fixture with its
    /// expected output can be fed as it is) or a bare ITEMS array. A bare array's paths are
    /// still written `input[...]`.
    init(from decoder: any Decoder) throws {
        if (try? decoder.unkeyedContainer()) != nil {
            do {
                ratios = try FlickrItemsJSON(from: decoder).ratios
            } catch var error as RequestError {
                error.path = [PathKey("input")] + error.path
                throw error
            }
            return
        }
        guard let c = try? decoder.container(keyedBy: PathKey.self) else {
            throw RequestError.invalid([], JSONValue.describe(decoder), expected: "an object with \"input\" or an array of items")
        }
        let input = PathKey("input"), options = PathKey("options")
        guard c.contains(input) else { throw RequestError([input], "missing (the items to lay out)") }
        if c.contains(options) { self.options = try c.decode(FlickrOptionsJSON.self, forKey: options).options }
        do {
            ratios = try c.decode(FlickrItemsJSON.self, forKey: input).ratios
        } catch let error as RequestError {
            // The library replaces every item's ratio before it checks one, so with
            // forceAspectRatio any item but null (whose width it cannot read) is laid out.
            let leniency = FlickrLeniency.of(decoder)
            guard self.options.forceAspectRatio != nil, !leniency.strict,
                  let items = try? c.decode([JSONValue].self, forKey: input),
                  !items.contains(where: { if case .null = $0 { true } else { false } }) else { throw error }
            try leniency.accept(error, as: "replaced by forceAspectRatio")
            ratios = Array(repeating: 0, count: items.count)
        }
        if let forced = self.options.forceAspectRatio {
            // The library replaces every item's aspect ratio (after reading it).
            for i in ratios.indices { ratios[i] = forced }
        }
    }
}
