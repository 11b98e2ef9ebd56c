/// The column a waterfall item goes into.
public enum WaterfallOrder: String, CaseIterable, Sendable {
    /// The column whose next item starts first, ties to the lowest column.
    case shortest
    /// Item i (in its section) into column i mod n.
    case ltr
    /// Item i (in its section) into column n − 1 − (i mod n).
    case rtl
}
