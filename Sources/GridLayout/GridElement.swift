/// Which element: an item, a section's header, or the loader.
public enum ElementID: Hashable, Sendable, CustomStringConvertible {
    case item(GridIndexPath)
    case header(section: Int)
    case loader

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

    public init(id: ElementID, frame: Rect) {
        self.id = id
        self.frame = frame
    }

    public var description: String { "\(id) \(frame)" }
}
