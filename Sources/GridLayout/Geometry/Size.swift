/// A width and a height.
public struct Size: Hashable, Sendable, CustomStringConvertible {
    public var width: Double
    public var height: Double

    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }

    public static let zero = Size(width: 0, height: 0)

    /// Both sides finite and at least 0: the only sizes the engine accepts.
    public var isValid: Bool { isValidLength(width) && isValidLength(height) }
    /// What `isValid` asks, in the words of the messages that refuse a size.
    public static let validRule = "finite sides >= 0"

    public var description: String { "\(formatNumber(width))x\(formatNumber(height))" }
}

/// True for a finite number ≥ 0 (false for NaN and ±infinity).
@inline(__always)
func isValidLength(_ value: Double) -> Bool { value >= 0 && value <= .greatestFiniteMagnitude }

/// Formats a number the way error messages and descriptions show it: integers without ".0".
func formatNumber(_ value: Double) -> String {
    if value.isNaN { return "nan" }
    if value.isInfinite { return value < 0 ? "-inf" : "inf" }
    if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
    return String(value)
}
