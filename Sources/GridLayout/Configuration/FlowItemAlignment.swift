/// Where a flow item sits along S inside its line, which is as thick as its thickest item
/// (`alignItems`; docs/layout.md, "Flow alignment"), as CSS `align-items` on a wrapping flex row.
public enum FlowItemAlignment: String, CaseIterable, Sendable {
    /// At the line's start.
    case start
    /// Centred on the line's thickness.
    case center
    /// Ending where the line ends.
    case end
}
