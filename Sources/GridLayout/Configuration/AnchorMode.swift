/// What stays still when something before the viewport changes (`anchor`; docs/layout.md, "Live data").
public enum AnchorMode: String, CaseIterable, Sendable {
    /// The first element the viewport shows keeps its place on screen: the offset moves with it.
    case item
    /// The offset stays; what the viewport shows moves with the change.
    case offset
}
