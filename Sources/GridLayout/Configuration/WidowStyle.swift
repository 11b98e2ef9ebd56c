/// How a justified section lays out its last, incomplete row.
public enum WidowStyle: String, CaseIterable, Sendable {
    /// At the target height, from the start of the line.
    case left
    /// At the target height, centred on the line.
    case center
    /// At the target height, each item widened by the same amount so the row fills the line.
    case justify
}
