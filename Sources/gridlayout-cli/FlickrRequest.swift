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
private func number(_ c: JSONObject, _ key: String, expected: String, _ valid: (Double) -> Bool) throws(RequestError) -> Double {
    let value = c.value(key)!
    guard let n = c.document.number(value) else {
        throw RequestError.invalid(c.path(key), c.document.describe(value), expected: expected)
    }
    guard valid(n) else { throw RequestError.invalid(c.path(key), jsonNumber(n), expected: expected) }
    return n
}

private func isLength(_ n: Double) -> Bool { n >= 0 && n.isFinite }
private func isPositive(_ n: Double) -> Bool { n > 0 && n.isFinite }

/// `false` or what `value` reads; `false` is the library's "off" for the options that take it.
private func falseOr<T>(_ c: JSONObject, _ key: String, expected: String,
                        _ value: () throws(RequestError) -> T) throws(RequestError) -> T? {
    if let b = c.document.bool(c.value(key)!) {
        guard !b else { throw RequestError.invalid(c.path(key), "true", expected: expected) }
        return nil
    }
    return try value()
}

/// A whole number >= `minimum` at `key`.
private func integer(_ c: JSONObject, _ key: String, minimum: Int, expected: String) throws(RequestError) -> Int {
    let n = try number(c, key, expected: expected) { $0 == $0.rounded() && $0 >= Double(minimum) }
    // Past Int's range the count means "no limit" just as well.
    return n >= 9.0e18 ? Int.max : Int(n)
}

/// A number, or an object with every one of `sides` (each a number >= 0).
private func sides(_ c: JSONObject, _ key: String, _ names: [String]) throws(RequestError) -> [Double] {
    let path = c.path(key), value = c.value(key)!
    let expected = "a number >= 0 or {" + names.map(jsonString).joined(separator: ", ") + "}"
    if let n = c.document.number(value) {
        guard isLength(n) else { throw RequestError.invalid(path, jsonNumber(n), expected: length) }
        return Array(repeating: n, count: names.count)
    }
    guard let object = JSONObject(c.document, value, path) else {
        throw RequestError.invalid(path, c.document.describe(value), expected: expected)
    }
    for extra in object.keys.sorted() where !names.contains(extra) {
        throw RequestError(object.path(extra), "unknown key (expected one of \(names.joined(separator: ", ")))")
    }
    var values: [Double] = []
    for name in names {
        // The library would read a missing side as the whole object: NaN everywhere.
        guard object.contains(name) else { throw RequestError(object.path(name), "missing (\(key) as an object needs \(names.joined(separator: ", ")))") }
        values.append(try number(object, name, expected: length, isLength))
    }
    return values
}

/// The `options` object.
private func decodeFlickrOptions(_ d: JSONDocument, _ node: Int, _ path: [any CodingKey],
                                 _ leniency: FlickrLeniency) throws(RequestError) -> FlickrOptions {
    guard let c = JSONObject(d, node, path) else {
        throw RequestError.invalid(path, d.describe(node), expected: "an object of options")
    }
    var options = FlickrOptions()
    let names = FlickrOptions.names
    for key in c.keys.sorted() where !names.contains(key) {
        try leniency.accept(RequestError(c.path(key), "unknown option (expected one of \(names.joined(separator: ", ")))"
                                         + didYouMean(key, among: names)), as: "ignored")
    }
    func has(_ name: String) -> String? { c.contains(name) ? name : nil }
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
        options.spacingPath = c.path(k)
        if d.number(c.value(k)!) == nil { options.spacingPath.append(PathKey("horizontal")) }
    }
    if let k = has("targetRowHeight") {
        options.targetRowHeight = try number(c, k, expected: positive, isPositive)
    }
    if let k = has("targetRowHeightTolerance") {
        options.tolerance = try number(c, k, expected: "a number in 0...1") { $0 >= 0 && $0 <= 1 }
    }
    if let k = has("maxNumRows") {
        let expected = "an integer >= 1"
        if !leniency.strict, let n = d.number(c.value(k)!), n.isFinite, n != n.rounded() || n < 1 {
            // The library stops once it has at least that many rows: at the next whole number,
            // and after the first row for anything below 1.
            let rows = max(1, n.rounded(.up))
            try leniency.accept(.invalid(c.path(k), jsonNumber(n), expected: expected), as: "read as \(jsonNumber(rows))")
            options.maxNumRows = Int(rows)
        } else {
            options.maxNumRows = try integer(c, k, minimum: 1, expected: expected)
        }
    }
    /// The option at `k` read by `read`, but nil for a value JavaScript counts false without
    /// being `false` (null, 0, ""), which the library takes as off too: then with a warning.
    func offWhenFalsy<T>(_ k: String, expected: String, as what: String,
                         _ read: () throws(RequestError) -> T) throws(RequestError) -> T? {
        let value = c.value(k)!
        if d.isFalsyOtherThanFalse(value) {
            try leniency.accept(.invalid(c.path(k), d.describe(value), expected: expected), as: what)
            return nil
        }
        return try falseOr(c, k, expected: expected, read)
    }
    if let k = has("forceAspectRatio") {
        // The library forces ratios only when the option is truthy in JavaScript.
        let expected = "false or a finite number > 0"
        options.forceAspectRatio = try offWhenFalsy(k, expected: expected, as: "read as false") { () throws(RequestError) in
            try number(c, k, expected: expected, isPositive)
        }
    }
    if let k = has("showWidows") {
        let value = c.value(k)!
        if let b = d.bool(value) {
            options.showWidows = b
        } else {
            // The library tests the option's truth as JavaScript does.
            options.showWidows = !d.isFalsyOtherThanFalse(value)
            try leniency.accept(.invalid(c.path(k), d.describe(value), expected: "true or false"), as: "read as \(options.showWidows)")
        }
    }
    if let k = has("widowLayoutStyle") {
        let expected = "one of " + WidowStyle.allCases.map { jsonString($0.rawValue) }.joined(separator: ", ")
        let value = c.value(k)!
        let given = d.kind(value) == .string ? d.string(value) : nil
        if let given, let style = WidowStyle(rawValue: given) {
            options.widowLayoutStyle = style
        } else {
            // The library lays out any other value as "left".
            let hint = didYouMean(given ?? "", among: WidowStyle.allCases.map(\.rawValue))
            try leniency.accept(.invalid(c.path(k), d.describe(value), expected: expected, hint: hint), as: "laid out as \"left\"")
            options.widowLayoutStyle = .left
        }
    }
    if let k = has("fullWidthBreakoutRowCadence") {
        // Anything but `false` turns breakout rows on in the library, but a row count modulo 0
        // (or null) is NaN, never 0: no row breaks out.
        let expected = "false or an integer >= 1"
        options.fullWidthBreakoutRowCadence = try offWhenFalsy(k, expected: expected, as: "no breakout rows") { () throws(RequestError) in
            try integer(c, k, minimum: 1, expected: expected)
        }
    }
    if !(options.rowWidth > 0) {
        throw RequestError(c.path("containerPadding"),
                           "left \(jsonNumber(options.paddingLeft)) and right \(jsonNumber(options.paddingRight)) leave no room in containerWidth \(jsonNumber(options.containerWidth))")
    }
    return options
}

/// One item at `node`, not the usual positive number or `{width, height}` (FlickrRequest reads
/// those in place): its ratio, or what is wrong with it. Other keys of an object are ignored,
/// as the library does.
private func decodeItem(_ d: JSONDocument, _ node: Int, _ path: [any CodingKey]) throws(RequestError) -> Double {
    if let n = d.number(node) {
        guard isPositive(n) else { throw RequestError.invalid(path, jsonNumber(n), expected: "an aspect ratio: \(positive)") }
        return n
    }
    guard let c = JSONObject(d, node, path) else {
        throw RequestError.invalid(path, d.describe(node), expected: "an aspect ratio or {\"width\", \"height\"}")
    }
    var sides: [Double] = []
    for name in ["width", "height"] {
        guard c.contains(name) else { throw RequestError(c.path(name), "missing (an item object needs width and height)") }
        sides.append(try number(c, name, expected: positive, isPositive))
    }
    return try aspectRatio(sides[0], sides[1], path)
}

/// `width / height`, or an error at `path` when it overflows to infinity or underflows to 0.
private func aspectRatio(_ width: Double, _ height: Double, _ path: [any CodingKey]) throws(RequestError) -> Double {
    let ratio = width / height
    guard isPositive(ratio) else {
        throw RequestError(path, "{\"width\": \(jsonNumber(width)), \"height\": \(jsonNumber(height))} gives the aspect ratio \(jsonNumber(ratio)) (expected width / height to be a finite number > 0)")
    }
    return ratio
}

/// The items: aspect ratios or `{width, height}` objects, mixed as the document likes.
private func decodeItems(_ d: JSONDocument, _ node: Int, _ path: [any CodingKey]) throws(RequestError) -> [Double] {
    guard d.kind(node) == .array else {
        throw RequestError.invalid(path, d.describe(node), expected: "an array of aspect ratios or {\"width\", \"height\"}")
    }
    return try d.readElements(node, path, fast: { nodes, k in
        // The usual items, read in place: a number > 0, or an object of exactly the keys width
        // and height (in either order) whose ratio is finite and > 0.
        let item = nodes[k]
        if item.kind == .number {
            let n = Double(bitPattern: item.payload)
            return n > 0 ? (n, 1) : nil
        }
        guard item.kind == .object, item.payload == UInt64(k + 5), nodes[k + 1].kind == .key, nodes[k + 2].kind == .number,
              nodes[k + 3].kind == .key, nodes[k + 4].kind == .number else { return nil }
        let first = Double(bitPattern: nodes[k + 2].payload), second = Double(bitPattern: nodes[k + 4].payload)
        let width: Double, height: Double
        if d.keyIs(k + 1, "width") && d.keyIs(k + 3, "height") {
            (width, height) = (first, second)
        } else if d.keyIs(k + 1, "height") && d.keyIs(k + 3, "width") {
            (width, height) = (second, first)
        } else {
            return nil
        }
        let ratio = width / height
        return width > 0 && height > 0 && isPositive(ratio) ? (ratio, 5) : nil
    }, slow: decodeItem)
}

extension FlickrRequest {
    /// `{"input": ITEMS, "options": OPTIONS}` (other keys ignored, so that a test fixture with its
    /// expected output can be fed as it is) or a bare ITEMS array. A bare array's paths are
    /// still written `input[...]`.
    init(_ d: JSONDocument, leniency: FlickrLeniency) throws(RequestError) {
        if d.kind(d.root) == .array {
            ratios = try decodeItems(d, d.root, [PathKey("input")])
            return
        }
        guard let c = JSONObject(d, d.root, []) else {
            throw RequestError.invalid([], d.describe(d.root), expected: "an object with \"input\" or an array of items")
        }
        guard let input = c.value("input") else { throw RequestError(c.path("input"), "missing (the items to lay out)") }
        if let given = c.value("options") { options = try decodeFlickrOptions(d, given, c.path("options"), leniency) }
        do {
            ratios = try decodeItems(d, input, c.path("input"))
        } catch {
            // The library replaces every item's ratio before it checks one, so with
            // forceAspectRatio any item but null (whose width it cannot read) is laid out.
            guard options.forceAspectRatio != nil, !leniency.strict, d.kind(input) == .array else { throw error }
            let items = d.elements(input)
            guard !items.contains(where: { d.kind($0) == .null }) else { throw error }
            try leniency.accept(error, as: "replaced by forceAspectRatio")
            ratios = Array(repeating: 0, count: items.count)
        }
        if let forced = options.forceAspectRatio {
            // The library replaces every item's aspect ratio (after reading it).
            for i in ratios.indices { ratios[i] = forced }
        }
    }
}
