/// Where `neighbor(of:_:)` moves a focus: in screen terms (after `rtl`), or in index order.
public enum NavigationDirection: String, CaseIterable, Sendable {
    case up
    case down
    case left
    case right
    /// The next item in index order, across sections (empty sections skipped).
    case next
    /// The previous item in index order, across sections (empty sections skipped).
    case previous
}
