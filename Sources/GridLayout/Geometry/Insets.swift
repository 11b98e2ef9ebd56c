/// Per-side distances, used for the content padding.
public struct Insets: Hashable, Sendable, CustomStringConvertible {
    public var top: Double
    public var left: Double
    public var bottom: Double
    public var right: Double

    public init(top: Double = 0, left: Double = 0, bottom: Double = 0, right: Double = 0) {
        self.top = top
        self.left = left
        self.bottom = bottom
        self.right = right
    }

    /// The same distance on all four sides.
    public init(all value: Double) {
        self.init(top: value, left: value, bottom: value, right: value)
    }

    public static let zero = Insets()

    public var description: String {
        "{top=\(formatNumber(top)), left=\(formatNumber(left)), bottom=\(formatNumber(bottom)), right=\(formatNumber(right))}"
    }
}
