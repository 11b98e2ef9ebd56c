/// An axis-aligned rectangle: origin at the top-left corner, then its size.
public struct Rect: Hashable, Sendable, CustomStringConvertible {
    public var x: Double
    public var y: Double
    public var width: Double
    public var height: Double

    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    public static let zero = Rect(x: 0, y: 0, width: 0, height: 0)

    public var origin: Point { Point(x: x, y: y) }
    public var size: Size { Size(width: width, height: height) }
    public var maxX: Double { x + width }
    public var maxY: Double { y + height }

    /// True when the two rectangles share an area greater than zero (touching edges do not count).
    public func overlaps(_ other: Rect) -> Bool {
        Swift.min(maxX, other.maxX) > Swift.max(x, other.x) && Swift.min(maxY, other.maxY) > Swift.max(y, other.y)
    }

    /// The same rectangle moved by `delta`.
    func offsetBy(_ delta: Point) -> Rect {
        Rect(x: x + delta.x, y: y + delta.y, width: width, height: height)
    }

    /// True when `point` lies inside: left and top edges included, right and bottom excluded.
    public func contains(_ point: Point) -> Bool {
        point.x >= x && point.x < maxX && point.y >= y && point.y < maxY
    }

    public var description: String {
        "{x=\(formatNumber(x)), y=\(formatNumber(y)), w=\(formatNumber(width)), h=\(formatNumber(height))}"
    }
}
