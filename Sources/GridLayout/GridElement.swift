/// Which element: an item, a section's header, or the loader. Ordered as elements are listed:
/// by section, a header before its items, items ascending, the loader last.
public enum ElementID: Hashable, Comparable, Sendable, CustomStringConvertible {
    case item(GridIndexPath)
    case header(section: Int)
    case loader

    @inlinable var order: (Int, Int) {
        switch self {
        case .header(let s): return (s, -1)
        case .item(let p): return (p.section, p.item)
        case .loader: return (.max, .max)
        }
    }

    @inlinable public static func < (a: ElementID, b: ElementID) -> Bool { a.order < b.order }

    public var description: String {
        switch self {
        case .item(let p): return "item \(p.section).\(p.item)"
        case .header(let s): return "header \(s)"
        case .loader: return "loader"
        }
    }
}

/// An element and its frame in content coordinates.
public struct GridElement: Hashable, Sendable, CustomStringConvertible {
    public var id: ElementID
    public var frame: Rect
    /// True for a sticky header drawn pinned at the viewport's leading edge rather than in its place.
    public var pinned: Bool

    public init(id: ElementID, frame: Rect, pinned: Bool = false) {
        self.id = id
        self.frame = frame
        self.pinned = pinned
    }

    public var description: String { "\(id) \(frame)\(pinned ? " pinned" : "")" }
}
