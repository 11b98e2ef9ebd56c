import GridHost

/// An element of `visible()` (sections and items from 1; `section` absent for the loader, `item`
/// for headers, footers and the loader), with its label and fill.
public struct ServeElement: Encodable, Equatable, Sendable {
    public var kind: String
    public var section: Int?
    public var item: Int?
    public var x: Double
    public var y: Double
    public var w: Double
    public var h: Double
    public var alpha: Double
    public var scale: Double
    public var pinned: Bool
    public var dragged: Bool
    public var label: String
    /// A CSS colour, or nil for the page's default colour.
    public var fill: String?

    /// `fill` reaches the page only if it is a CSS colour by the pictures' own check (`svg()`
    /// refuses anything else); else the element has the default colour. Nothing else reaches the
    /// page's styles.
    public init(kind: String, section: Int?, item: Int?, x: Double, y: Double, w: Double, h: Double,
                alpha: Double = 1, scale: Double = 1, pinned: Bool = false, dragged: Bool = false,
                label: String, fill: String? = nil) {
        self.kind = kind
        self.section = section
        self.item = item
        self.x = x
        self.y = y
        self.w = w
        self.h = h
        self.alpha = alpha
        self.scale = scale
        self.pinned = pinned
        self.dragged = dragged
        self.label = label
        self.fill = fill.flatMap { CSSColour.isValid($0) ? $0 : nil }
    }
}
