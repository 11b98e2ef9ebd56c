/// How many lanes or columns an item takes (`span(section, item)` in docs/layout.md,
/// "Composition"): `lanes(k)` takes k adjacent lanes or columns (k ≥ 1, clamped to their number),
/// `all` every one of them. In `flow` and `justified` only `all` means something: the item ends the
/// open line or row and takes a line of its own across the items' C range.
public enum ItemSpan: Hashable, Sendable, CustomStringConvertible {
    case lanes(Int)
    case all

    /// `all` as the placers read a span (k, or this): clamped to the lane count like any large k.
    static let allLanes = Int.max

    public var description: String {
        switch self {
        case .lanes(let k): return String(k)
        case .all: return "true"
        }
    }
}
