/// Where `scrollToItem` puts the item in the viewport (along the scroll axis).
public enum ScrollAlignment: String, CaseIterable, Sendable {
    /// The item's start at the viewport's start (below a pinned header of its section).
    case start
    /// The item's centre at the viewport's centre.
    case center
    /// The item's end at the viewport's end.
    case end
    /// The least movement that shows the item whole (its start, when it is larger than the viewport);
    /// no movement when it is already whole in view.
    case nearest
}
