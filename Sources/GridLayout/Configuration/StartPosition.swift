/// Where a reload opens a grid whose offset is at the start (`startAt`; docs/layout.md, "Live data").
public enum StartPosition: String, CaseIterable, Sendable {
    /// At the offset it has (0 for a new grid).
    case start
    /// At the content's end: with `estimatedSize`, laying out only what the last screen needs.
    case end
}
