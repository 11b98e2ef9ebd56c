import GridLayout

/// What a data source's `style` callback gives an item in the pictures (`draw`, `svg`, the live
/// view): a label to show instead of its index path, and a fill colour (CSS syntax) for `svg`.
/// nil fields keep the defaults.
public struct ItemStyle: Equatable, Sendable {
    public var label: String?
    public var fill: String?

    public init(label: String? = nil, fill: String? = nil) {
        self.label = label
        self.fill = fill
    }
}

/// Asks a face's `style` callback about an item, by its index path in the data (during a drag the
/// item shown at a place is not the data's item there): nil for the defaults. The face checks the
/// kinds of the answer's fields in its own terms; the pictures check the colour.
public typealias StyleSource = (GridIndexPath) throws -> ItemStyle?

extension ItemStyle {
    /// The answer of `style` for the item at `path` (the data's index path, worked out only when
    /// there is a style to ask), its fill checked.
    static func asking(_ style: StyleSource?, _ path: @autoclosure () -> GridIndexPath) throws -> ItemStyle? {
        guard let style else { return nil }
        let path = path()
        guard let answer = try style(path) else { return nil }
        if let fill = answer.fill, !CSSColour.isValid(fill) {
            throw GridError.invalidStyle(callback: .style, at: .item(path), field: "fill", value: PictureText.quoted(fill),
                                         expected: CSSColour.expected)
        }
        return answer
    }
}

/// The CSS colours a `fill` may be: hex (#rgb, #rgba, #rrggbb, #rrggbbaa), the functions rgb(),
/// rgba(), hsl() and hsla() in their comma and space forms (with `/ alpha`), and the named colours
/// (CSS Color 4, with `transparent`), case-insensitive. The value goes into the SVG as given.
public enum CSSColour {
    /// What the error says a fill must be.
    public static let expected = "a CSS colour: #rgb, #rrggbb, #rrggbbaa, rgb(), rgba(), hsl(), hsla() or a colour name"

    public static func isValid(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        guard !bytes.isEmpty, bytes.count <= 100 else { return false }
        if bytes[0] == UInt8(ascii: "#") {
            let digits = bytes.dropFirst()
            return [3, 4, 6, 8].contains(digits.count) && digits.allSatisfy(isHexDigit)
        }
        let lower = String(decoding: bytes.map(lowercased), as: UTF8.self)
        if names.contains(lower) { return true }
        guard let open = lower.firstIndex(of: "("), lower.hasSuffix(")") else { return false }
        let function = String(lower[..<open])
        let inside = String(lower[lower.index(after: open)..<lower.index(before: lower.endIndex)])
        switch function {
        case "rgb", "rgba": return arguments(inside, hue: false)
        case "hsl", "hsla": return arguments(inside, hue: true)
        default: return false
        }
    }

    private static func isHexDigit(_ c: UInt8) -> Bool {
        (c >= 48 && c <= 57) || (c >= 97 && c <= 102) || (c >= 65 && c <= 70)
    }

    private static func lowercased(_ c: UInt8) -> UInt8 { c >= 65 && c <= 90 ? c + 32 : c }

    /// Three components and an optional alpha: "a, b, c[, alpha]" or "a b c[ / alpha]".
    private static func arguments(_ inside: String, hue: Bool) -> Bool {
        let commas = inside.split(separator: ",", omittingEmptySubsequences: false).map(trimmed)
        var components: [Substring], alpha: Substring?
        if commas.count > 1 {
            guard commas.count == 3 || commas.count == 4 else { return false }
            components = Array(commas[0..<3])
            alpha = commas.count == 4 ? commas[3] : nil
        } else {
            let halves = inside.split(separator: "/", omittingEmptySubsequences: false).map(trimmed)
            guard halves.count <= 2 else { return false }
            components = halves[0].split(separator: " ")
            guard components.count == 3 else { return false }
            alpha = halves.count == 2 ? halves[1] : nil
        }
        if let alpha {
            guard let (value, unit) = number(alpha), unit == "" || unit == "%" else { return false }
            guard value >= 0 && value <= (unit == "%" ? 100 : 1) else { return false }
        }
        for (k, component) in components.enumerated() {
            guard let (value, unit) = number(component) else { return false }
            if hue && k == 0 {
                guard ["", "deg", "rad", "grad", "turn"].contains(unit) else { return false }
            } else if hue {
                guard unit == "%" || unit == "", value >= 0 && value <= 100 else { return false }
            } else {
                guard unit == "%" || unit == "", value >= 0 && value <= (unit == "%" ? 100 : 255) else { return false }
            }
        }
        return true
    }

    private static func trimmed(_ s: Substring) -> Substring {
        var s = s
        while s.first == " " || s.first == "\t" { s.removeFirst() }
        while s.last == " " || s.last == "\t" { s.removeLast() }
        return s
    }

    /// A CSS number with its unit ("50%", "120deg", "0.5", ".5", "1e2"); nil when it is none.
    private static func number(_ s: Substring) -> (Double, String)? {
        var end = s.startIndex
        let allowed = Set("0123456789.+-e")
        while end < s.endIndex, allowed.contains(s[end]) { end = s.index(after: end) }
        guard end > s.startIndex, let value = Double(String(s[s.startIndex..<end])), value.isFinite else { return nil }
        let unit = String(s[end...])
        guard unit.allSatisfy({ $0 == "%" || ("a"..."z").contains($0) }) else { return nil }
        return (value, unit)
    }

    /// CSS Color 4's named colours, and `transparent`.
    static let names: Set<String> = [
        "aliceblue", "antiquewhite", "aqua", "aquamarine", "azure", "beige", "bisque", "black", "blanchedalmond", "blue",
        "blueviolet", "brown", "burlywood", "cadetblue", "chartreuse", "chocolate", "coral", "cornflowerblue", "cornsilk",
        "crimson", "cyan", "darkblue", "darkcyan", "darkgoldenrod", "darkgray", "darkgreen", "darkgrey", "darkkhaki",
        "darkmagenta", "darkolivegreen", "darkorange", "darkorchid", "darkred", "darksalmon", "darkseagreen",
        "darkslateblue", "darkslategray", "darkslategrey", "darkturquoise", "darkviolet", "deeppink", "deepskyblue",
        "dimgray", "dimgrey", "dodgerblue", "firebrick", "floralwhite", "forestgreen", "fuchsia", "gainsboro",
        "ghostwhite", "gold", "goldenrod", "gray", "green", "greenyellow", "grey", "honeydew", "hotpink", "indianred",
        "indigo", "ivory", "khaki", "lavender", "lavenderblush", "lawngreen", "lemonchiffon", "lightblue", "lightcoral",
        "lightcyan", "lightgoldenrodyellow", "lightgray", "lightgreen", "lightgrey", "lightpink", "lightsalmon",
        "lightseagreen", "lightskyblue", "lightslategray", "lightslategrey", "lightsteelblue", "lightyellow", "lime",
        "limegreen", "linen", "magenta", "maroon", "mediumaquamarine", "mediumblue", "mediumorchid", "mediumpurple",
        "mediumseagreen", "mediumslateblue", "mediumspringgreen", "mediumturquoise", "mediumvioletred", "midnightblue",
        "mintcream", "mistyrose", "moccasin", "navajowhite", "navy", "oldlace", "olive", "olivedrab", "orange",
        "orangered", "orchid", "palegoldenrod", "palegreen", "paleturquoise", "palevioletred", "papayawhip",
        "peachpuff", "peru", "pink", "plum", "powderblue", "purple", "rebeccapurple", "red", "rosybrown", "royalblue",
        "saddlebrown", "salmon", "sandybrown", "seagreen", "seashell", "sienna", "silver", "skyblue", "slateblue",
        "slategray", "slategrey", "snow", "springgreen", "steelblue", "tan", "teal", "thistle", "tomato", "transparent",
        "turquoise", "violet", "wheat", "white", "whitesmoke", "yellow", "yellowgreen",
    ]
}

/// Text as the pictures show it.
public enum PictureText {
    /// A value in an error message: single-quoted, at most 60 characters of it.
    public static func quoted(_ text: String) -> String {
        let shown = text.unicodeScalars.count > 60 ? String(String.UnicodeScalarView(text.unicodeScalars.prefix(60))) + "…" : text
        return "'\(shown)'"
    }

    /// A label's characters as the pictures draw them: control characters (C0, DEL, C1) become
    /// `?`, so a label cannot move the cursor of a terminal or break an XML document.
    public static func printable(_ label: String) -> [Unicode.Scalar] {
        label.unicodeScalars.map { s in
            s.value < 0x20 || (s.value >= 0x7F && s.value < 0xA0) || s.value == 0xFFFE || s.value == 0xFFFF ? "?" : s
        }
    }

    /// A number as the pictures write it: at most two decimals, integers without a point.
    public static func number(_ v: Double) -> String {
        let rounded = (v * 100).rounded() / 100
        return rounded == rounded.rounded() && abs(rounded) < 1e15 ? String(Int(rounded)) : String(rounded)
    }
}
